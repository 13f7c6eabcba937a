// A function run in a later task of the event loop: after what the browser has queued
// (input, a frame), before timers. Through a message channel, not setTimeout: a timer is
// clamped to 4 ms when nested and to 1 s in a hidden tab. The channel is made at its first
// use (and unref'd: a channel that listens would keep node's tests from ending).

let channel = null;
const waiting = [];

/** Run `fn` in a later task. */
export function laterTask(fn) {
  if (typeof MessageChannel !== "function") {
    setTimeout(fn, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
    channel.port1.unref?.();
  }
  waiting.push(fn);
  channel.port2.postMessage(0);
}
