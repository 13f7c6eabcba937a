import { test } from "node:test";
import assert from "node:assert/strict";
import { keepOffline, registrationStatus } from "../../../web/offline/register.js";
import { createStore } from "../../../web/shell/state.js";
import { defaultState } from "../../../web/views.js";

globalThis.requestAnimationFrame ??= () => 1;

class FakeWorker extends EventTarget {
  constructor(state) {
    super();
    this.state = state;
  }

  become(state) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

class FakeRegistration extends EventTarget {
  installing = null;
  waiting = null;
  active = null;
}

test("a registration reads as saving, saved, update waiting, or failed", () => {
  const reg = new FakeRegistration();
  assert.deepEqual(registrationStatus(reg)[0], "failed");
  reg.installing = new FakeWorker("installing");
  assert.equal(registrationStatus(reg)[0], "saving");
  reg.installing = null;
  reg.active = new FakeWorker("activated");
  assert.equal(registrationStatus(reg)[0], "saved");
  reg.waiting = new FakeWorker("installed");
  assert.equal(registrationStatus(reg)[0], "update");
});

test("without service workers the page says so and goes on", async () => {
  const store = createStore(defaultState());
  await keepOffline({ store, serviceWorker: undefined });
  assert.equal(store.get().offlineCache.status, "unsupported");
});

test("a registration the browser declines (blocked service workers) is no error", async () => {
  const store = createStore(defaultState());
  await keepOffline({ store, serviceWorker: { register: async () => undefined } });
  assert.equal(store.get().offlineCache.status, "unsupported");
});

test("a refused registration is reported with the browser's reason", async () => {
  const store = createStore(defaultState());
  const serviceWorker = { register: async () => { throw new Error("insecure"); } };
  await keepOffline({ store, serviceWorker });
  assert.deepEqual(store.get().offlineCache, { status: "failed", detail: "insecure" });
});

test("the first install is followed until the build is saved", async () => {
  const store = createStore(defaultState());
  const reg = new FakeRegistration();
  const worker = new FakeWorker("installing");
  reg.installing = worker;
  let asked = null;
  const serviceWorker = { register: async (url, options) => { asked = [url, options]; return reg; } };
  await keepOffline({ store, serviceWorker });
  assert.equal(asked[0], "./service-worker.mjs");
  assert.equal(store.get().offlineCache.status, "saving");
  reg.installing = null;
  reg.active = worker;
  worker.become("activated");
  assert.equal(store.get().offlineCache.status, "saved");
  // A newer build found later installs beside it and waits.
  const next = new FakeWorker("installing");
  reg.installing = next;
  reg.dispatchEvent(new Event("updatefound"));
  assert.equal(store.get().offlineCache.status, "saving");
  reg.installing = null;
  reg.waiting = next;
  next.become("installed");
  assert.equal(store.get().offlineCache.status, "update");
});
