// An edited program in a link: UTF-8, deflate-raw (CompressionStream), base64url. The
// browser's own streams do the work; a program of a few hundred lines packs into a few
// hundred characters.

const MAX_SOURCE = 20_000; // characters of a program unpacked from a link

function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

async function through(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** The source packed for a link. */
export async function packSource(source) {
  return toBase64Url(await through(new TextEncoder().encode(source), new CompressionStream("deflate-raw")));
}

/** The source a link's `code` holds; throws an Error saying what is wrong. */
export async function unpackSource(packed) {
  let bytes;
  try {
    bytes = await through(fromBase64Url(packed), new DecompressionStream("deflate-raw"));
  } catch {
    throw new Error("damaged");
  }
  if (bytes.length > MAX_SOURCE * 4) throw new Error("long");
  const source = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (source.length > MAX_SOURCE) throw new Error("long");
  return source;
}
