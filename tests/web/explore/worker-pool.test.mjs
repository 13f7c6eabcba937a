import test from "node:test";
import assert from "node:assert/strict";
import { MAX_WORKERS, chunkSize, poolSize, runSurvey } from "../../../web/explore/worker-pool.js";

test("the pool is capped by cores and by memory, and says which", () => {
  assert.equal(poolSize({ cores: 2, memoryGB: 8 }).size, 2);
  assert.equal(poolSize({ cores: 2, memoryGB: 8 }).limitedBy, "cores");
  const small = poolSize({ cores: 16, memoryGB: 2 });
  assert.equal(small.size, 2);
  assert.equal(small.limitedBy, "memory");
  assert.match(small.text, /^2 workers \(the browser says 16 processors; 2 GB memory allows 2; limited by memory\)$/);
  assert.equal(poolSize({ cores: 64, memoryGB: 64 }).size, MAX_WORKERS);
  assert.equal(poolSize({ cores: 4, memoryGB: 0.25 }).size, 1);
  // A browser that does not say its memory (Firefox, WebKit) gets few: 2, whatever it
  // says of its cores (WebKitGTK said 4 on a 2-core machine).
  const unknown = poolSize({ cores: 4 });
  assert.equal(unknown.memoryGB, null);
  assert.equal(unknown.size, 2);
  assert.equal(poolSize({ cores: 16 }).size, 2);
  assert.match(unknown.text, /about 2 GB/);
  assert.equal(poolSize({}).size, 1);
});

test("chunks shrink as the queue empties and never reach zero", () => {
  assert.equal(chunkSize(64, 1), 16);
  assert.equal(chunkSize(64, 2), 8);
  assert.equal(chunkSize(1, 8), 1);
  assert.equal(chunkSize(100_000, 1), 64);
});

function fakeClient({ delay = 0, readyAfter = 0, failAt = -1 } = {}) {
  let served = 0;
  let stop = false;
  const client = {
    calls: 0,
    ready: new Promise((resolve) => setTimeout(resolve, readyAfter)),
    surveying: Promise.resolve(), // the last survey asked, until it returns
    survey(chunk, onCell) {
      client.calls += 1;
      stop = false;
      client.surveying = (async () => {
        for (const [r, c] of chunk) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          if (stop) return { stopped: true };
          served += 1;
          if (served === failAt) throw new Error("worker crashed");
          onCell([r, c, "found", r * 10 + c, 0, delay]);
        }
        return { stopped: false };
      })();
      return client.surveying;
    },
    async stop() {
      stop = true;
    },
  };
  return client;
}

const squares = (n) => Array.from({ length: n }, (_, i) => [Math.floor(i / 8), i % 8]);

test("every square is done once, shared between workers, late joiners included", async () => {
  const cells = [];
  const a = fakeClient({ delay: 1 });
  const b = fakeClient({ delay: 1, readyAfter: 15 });
  const joined = [];
  const run = runSurvey({ clients: [a, b], starts: squares(64), onCell: (c) => cells.push(c), onWorkerJoined: (i) => joined.push(i), smallJobMs: 0 });
  const { stopped, error } = await run.done;
  assert.equal(stopped, false);
  assert.equal(error, null);
  assert.equal(cells.length, 64);
  assert.equal(new Set(cells.map((c) => `${c[0]},${c[1]}`)).size, 64);
  assert.ok(a.calls > 0 && b.calls > 0, `a ${a.calls} b ${b.calls}`);
  assert.deepEqual(joined.sort(), [0, 1]);
});

test("stop keeps the delivered cells and asks busy workers to stop", async () => {
  const cells = [];
  const a = fakeClient({ delay: 2 });
  let run = null;
  let stopping = null;
  run = runSurvey({
    clients: [a],
    starts: squares(64),
    onCell: (c) => {
      cells.push(c);
      if (cells.length === 5) stopping = run.stop(); // Stop while the worker is busy
    },
  });
  const { stopped } = await run.done;
  await stopping;
  const kept = cells.length;
  assert.equal(stopped, true);
  assert.ok(kept >= 5 && kept < 64, `kept ${kept}`);
  await a.surveying.catch(() => {}); // the worker's last survey has returned
  assert.equal(cells.length, kept); // nothing arrives after the stop
});

test("a crashed worker's squares go to the others", async () => {
  const cells = [];
  const bad = fakeClient({ delay: 1, failAt: 3 });
  const good = fakeClient({ delay: 1 });
  const { stopped, error } = await runSurvey({ clients: [bad, good], starts: squares(40), onCell: (c) => cells.push(c), smallJobMs: 0 }).done;
  assert.equal(stopped, false);
  assert.match(error, /worker crashed/);
  assert.equal(new Set(cells.map((c) => `${c[0]},${c[1]}`)).size, 40);
});

test("no workers that load: the run ends, stopped, with the reason", async () => {
  const broken = { ready: Promise.reject(new Error("no wasm")), survey: async () => ({}), stop: async () => {} };
  const { stopped, error } = await runSurvey({ clients: [broken], starts: squares(3), onCell: () => {} }).done;
  assert.equal(stopped, true);
  assert.match(error, /no wasm/);
});

test("a small job stays on the first worker; a long one is shared", async () => {
  const quick = [fakeClient({ delay: 1 }), fakeClient({ delay: 1 })];
  const small = await runSurvey({ clients: quick, starts: squares(16), onCell: () => {}, smallJobMs: 1000 }).done;
  assert.equal(small.stopped, false);
  assert.equal(quick[1].calls, 0); // 16 squares at 1 ms each: not worth a second worker
  const slow = [fakeClient({ delay: 4 }), fakeClient({ delay: 4 })];
  const cells = [];
  await runSurvey({ clients: slow, starts: squares(48), onCell: (c) => cells.push(c), smallJobMs: 20 }).done;
  assert.equal(cells.length, 48);
  assert.ok(slow[1].calls > 0); // 48 squares at 4 ms each: the second worker helps
});
