// One Learn sandbox on the page's side: the hidden sandbox frame (learn/sandbox-frame.js),
// the worker it starts from the code the page hands over, and the two MessagePorts the page
// talks through (the worker's, and the frame's own for "the worker died"). Closing it
// removes the frame, which ends its worker however busy that is: the way Stop ends a
// program that ignores the tracer's stop flag, and the way every run's Python is thrown
// away. The page never reads the frame's window or anything of the worker but its port.

import { frameDocument } from "./sandbox-frame.js";

/** How long the frame may take to load before the sandbox counts as dead. */
export const FRAME_LOAD_MS = 10_000;

/**
 * Open a sandbox in `doc`: `code` the worker's script (text), `base` the address Python's
 * files are named from. `onMessage(data)` gets each message of the worker's port, unread;
 * `onDeath(reason)` once if the frame does not load ("frame"), the worker fails ("died")
 * or a message cannot be deserialised ("unreadable"). Returns {post(message, transfer),
 * stop(), close(), open}.
 */
export function openSandbox(doc, { code, base, onMessage, onDeath, setTimer = setTimeout, clearTimer = clearTimeout }) {
  const frame = doc.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts"); // never allow-same-origin: that is the point
  frame.setAttribute("allow", "cross-origin-isolated"); // its own SharedArrayBuffer, for Stop
  frame.setAttribute("aria-hidden", "true");
  frame.setAttribute("tabindex", "-1");
  frame.hidden = true;
  frame.className = "learn-sandbox";
  const toWorker = new MessageChannel();
  const toFrame = new MessageChannel();
  let open = true;
  let timer = 0;
  const close = () => {
    if (!open) return;
    open = false;
    clearTimer(timer);
    toWorker.port1.close();
    toFrame.port1.close();
    frame.remove();
  };
  const die = (reason) => {
    if (!open) return;
    close();
    onDeath(reason);
  };
  toWorker.port1.onmessage = (event) => {
    if (open) onMessage(event.data);
  };
  toWorker.port1.onmessageerror = () => die("unreadable");
  toFrame.port1.onmessage = () => die("died");
  timer = setTimer(() => die("frame"), FRAME_LOAD_MS);
  frame.addEventListener("load", () => {
    clearTimer(timer);
    if (!open) return;
    // "*": the frame's origin is opaque, so no origin names it; what goes there is public.
    frame.contentWindow.postMessage({ type: "boot", code, base }, "*", [toWorker.port2, toFrame.port2]);
  }, { once: true });
  frame.srcdoc = frameDocument();
  doc.body.append(frame);
  return {
    post: (message, transfer = []) => open && toWorker.port1.postMessage(message, transfer),
    stop: () => open && frame.contentWindow?.postMessage({ type: "stop" }, "*"),
    close,
    get open() {
      return open;
    },
  };
}
