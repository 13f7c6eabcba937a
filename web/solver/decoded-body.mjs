// A compressed copy's body, decoded as it arrives, whatever its format: the build writes
// the files of Python's start as Zstandard (tools/compress.py: the wasm 2.90 MB against
// 3.41 MB for Zopfli's gzip, 0.73 MB less in all), and as gzip when it had no Zstandard
// compressor; a host may also have decoded it already (Content-Encoding). The format is
// read from the first bytes, so a reader needs no word from the build.
//
// Zstandard: browsers decode it only as a Content-Encoding, never in a
// DecompressionStream, so zstddec (Zstandard's own decoder compiled to WebAssembly, 34 KB
// gzipped) decodes it, in steps as the bytes come; the wasm still compiles while it
// streams. It takes 30-40 ms of one core for the wasm, as long as the browser's gunzip
// (fzstd, in plain JavaScript, took 160-300 ms: on this machine's own server, where the
// bytes cost nothing, Python was ready 1.1 s later, cold). gzip: the browser's
// DecompressionStream.

import { ZSTDDecoder } from "zstddec/stream";

const GZIP = [0x1f, 0x8b];
const ZSTD = [0x28, 0xb5, 0x2f, 0xfd];
const SNIFF = ZSTD.length; // bytes read before the format is known
// zstddec's step does not report Zstandard's errors: on corrupt input it makes no
// progress, and yields empty output again and again. A run this long without a new
// chunk asked for cannot happen on good input (a step consumes input or gives output).
const STUCK_STEPS = 256;

let decoder = null; // one zstddec instance (its WebAssembly), started on first use

/** zstddec, ready to decode (its WebAssembly compiled once per worker). */
export function zstdReady() {
  decoder ??= (async () => {
    const zstd = new ZSTDDecoder();
    await zstd.init();
    return zstd;
  })();
  return decoder;
}

/** "zstd", "gzip" or "plain" (anything else: passed as it is), from a body's first bytes. */
export function formatOf(bytes) {
  const starts = (magic) => magic.every((byte, i) => bytes[i] === byte);
  if (bytes.length >= ZSTD.length && starts(ZSTD)) return "zstd";
  if (bytes.length >= GZIP.length && starts(GZIP)) return "gzip";
  return "plain";
}

/** A TransformStream of Zstandard bytes to the bytes they encode; a cut-off or corrupt
 * input errors the stream. */
export function zstdDecoder() {
  // zstddec's decodeStreaming pulls its input from an iterable, synchronously: it is
  // given one that hands out the chunks received so far, and is stepped only while one
  // is waiting (or the input has ended), so it never asks for a chunk not yet here.
  const waiting = [];
  let ended = false;
  let taken = 0; // chunks handed to it
  const input = {
    [Symbol.iterator]: () => ({
      next: () => {
        if (!waiting.length) return { value: undefined, done: true }; // only once ended
        taken += 1;
        return { value: waiting.shift(), done: false };
      },
    }),
  };
  let steps = null;
  const step = (controller) => {
    let stuck = 0;
    let before = taken;
    while (waiting.length || ended) {
      const { value, done } = steps.next();
      if (done) return;
      if (value.length || taken !== before) {
        before = taken;
        stuck = 0;
      } else if (++stuck > STUCK_STEPS) {
        throw new Error("corrupt Zstandard data");
      }
      if (value.length) controller.enqueue(value);
    }
  };
  return new TransformStream({
    async start() {
      steps = (await zstdReady()).decodeStreaming(input);
    },
    transform(chunk, controller) {
      waiting.push(chunk);
      step(controller);
    },
    flush(controller) {
      ended = true;
      step(controller);
    },
  });
}

function decoderFor(format) {
  if (format === "zstd") return zstdDecoder();
  if (format === "gzip") return new DecompressionStream("gzip");
  return null;
}

/**
 * `body` (a ReadableStream of a compressed copy) decoded as it arrives; `onBytes(n, done)`
 * counts the compressed bytes received (`done` true, once, when the whole body has come).
 */
export function decodedBody(body, onBytes = () => {}) {
  let received = 0;
  let head = new Uint8Array(0); // the first bytes, until the format is known
  let writer = null; // into the decoder; null once the body passes as it is
  let pump = null;
  let known = false;
  const start = (controller, bytes) => {
    known = true;
    const decoder = decoderFor(formatOf(bytes));
    if (decoder) {
      writer = decoder.writable.getWriter();
      pump = decoder.readable.pipeTo(new WritableStream({ write: (out) => controller.enqueue(out) }));
      pump.catch(() => {}); // a corrupt body: reported by the write that fails, and in flush
    }
  };
  const pass = async (controller, bytes) => {
    if (writer) await writer.write(bytes);
    else controller.enqueue(bytes);
  };
  return body.pipeThrough(new TransformStream({
    async transform(chunk, controller) {
      received += chunk.byteLength;
      onBytes(received);
      if (known) return pass(controller, chunk);
      const joined = new Uint8Array(head.length + chunk.length);
      joined.set(head);
      joined.set(chunk, head.length);
      head = joined;
      if (head.length < SNIFF) return undefined;
      start(controller, head);
      return pass(controller, head);
    },
    async flush(controller) {
      onBytes(received, true);
      if (!known) {
        start(controller, head);
        if (head.length) await pass(controller, head);
      }
      if (writer) {
        await writer.close();
        await pump;
      }
    },
  }));
}
