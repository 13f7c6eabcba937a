// The program's source as the reader edits it, and as a link carries it: an edit is shown
// at once and packed into the address once typing pauses (learn/code-link.js); a link's
// packed program is unpacked and shown, never run. `io` is the Learn session's
// (learn/session.js): its store, its timer, and onUrlChange.

import * as L from "./transitions.js";
import { packSource, unpackSource } from "./code-link.js";
import { t } from "../i18n/messages.js";

const PACK_DELAY_MS = 400; // an edit reaches the address once typing pauses
const MAX_LINKED_SOURCE = 20_000; // characters of an edited program that a link carries (code-link.js reads as many)

/** The edited source: shown at once, packed into the address once typing pauses. */
export function editSource(io, source) {
  clearTimeout(io.packTimer);
  if (source.length > MAX_LINKED_SOURCE) {
    // Kept and runnable, but too long for an address: the link keeps the program as written.
    L.run(io, L.sourceEdited, source, null);
    L.run(io, L.noticeShown, t("learn.edit.tooLong", { max: MAX_LINKED_SOURCE }));
    io.onUrlChange?.();
    return;
  }
  L.run(io, L.sourceEdited, source, io.store.get().learn.packed);
  io.packTimer = setTimeout(async () => {
    const now = io.store.get().learn;
    if (now.source !== source) return;
    const packed = await packSource(source);
    L.run(io, L.sourceEdited, source, packed);
    io.onUrlChange?.();
  }, PACK_DELAY_MS);
}

/** A link's program: the menu's, or an edited one unpacked (shown, never run). One that
 * `io.isOwn(source)` says is the reader's own kept program is not said to be a link's. */
export async function loadLinkProgram(io, program, packed) {
  if (!packed) {
    L.run(io, L.linkProgramLoaded, program, null, null);
    return;
  }
  try {
    const source = await unpackSource(packed);
    const own = Boolean(io.isOwn?.(source));
    L.run(io, L.linkProgramLoaded, program, source, packed, own);
    if (!own) L.run(io, L.noticeShown, t("learn.notice.fromLink"));
  } catch (err) {
    L.run(io, L.linkProgramLoaded, program, null, null);
    L.run(io, L.noticeShown, t(err.message === "long" ? "learn.link.codeLong" : "learn.link.codeDamaged"));
  }
}
