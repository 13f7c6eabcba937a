// The run's messages waiting to be read: queued as they arrive, read in slices of the
// page's time (each slice a later task), so that no task of the page's passes SLICE_MS by
// much however much the sandbox sends, and refused past MAX_QUEUED_BYTES. What a message
// means is the reader's (learn/run-reading.js).

/** Bytes of messages waiting to be read at most: a side that sends faster is refused. */
export const MAX_QUEUED_BYTES = 64 * 1024 * 1024;
/** Main-thread time one slice of reading may take before it yields to the page. */
export const SLICE_MS = 8;

// A message's size as queued: its columns' bytes (what a flood would hold in memory).
function sizeOf(data) {
  let bytes = 0;
  if (data && typeof data.buffers === "object" && data.buffers) {
    for (const value of Object.values(data.buffers)) bytes += value?.byteLength ?? 0;
  }
  return bytes + 1024;
}

/**
 * The queue. `later(fn)` runs fn in a later task, `now()` the clock. `read.chunk(data)`
 * reads a chunk (false: the run was ended, reading stops), `read.ended(data)` the run's
 * end (reading stops), `read.slice()` is called after a slice that read chunks.
 */
export function createMessageQueue({ later, now, read }) {
  let queue = [];
  let queued = 0;
  let pumping = false;

  function pump() {
    const began = now();
    let arrived = false;
    while (queue.length && now() - began < SLICE_MS) {
      const { data, bytes } = queue.shift();
      queued -= bytes;
      if (data.type !== "chunk") {
        pumping = false;
        return read.ended(data);
      }
      if (!read.chunk(data)) {
        pumping = false;
        return undefined;
      }
      arrived = true;
    }
    if (arrived) read.slice();
    if (queue.length) later(pump);
    else pumping = false;
    return undefined;
  }

  return {
    /** Queue `data`; false when it would pass MAX_QUEUED_BYTES (nothing is queued). */
    add(data) {
      const bytes = sizeOf(data);
      if (queued + bytes > MAX_QUEUED_BYTES) return false;
      queue.push({ data, bytes });
      queued += bytes;
      if (!pumping) {
        pumping = true;
        later(pump);
      }
      return true;
    },
    /** Drop the chunks not yet read (Stop keeps what was read before it). */
    dropChunks() {
      queue = queue.filter(({ data }) => data.type !== "chunk");
      queued = queue.reduce((sum, { bytes }) => sum + bytes, 0);
    },
    /** Drop every message not yet read. */
    clear() {
      queue = [];
      queued = 0;
    },
  };
}
