// The start-up snapshot's check and decompression, off the page's main thread: the page's
// interpreter module starts this worker as soon as it runs, and hands it the file once
// downloaded (the page downloads it, so that a first visit's download can start while the
// page is parsed: boot.js). Browsers have no Zstandard DecompressionStream: zstddec is
// Zstandard's own decoder, built for WebAssembly (20-40 ms for the snapshot on a desktop).
//
// In: {packed, sha256, length}: the file's bytes (an ArrayBuffer, transferred), its SHA-256
// (hex) and the length of what it holds.
// Out: {stream} (a Uint8Array of that length, transferred) or {error}: damaged (its SHA-256,
// checked before it is decoded) or of another length.
import { ZSTDDecoder } from "./runtime/zstddec/zstddec.mjs";

const decoder = new ZSTDDecoder();
const ready = decoder.init(); // while the file downloads

async function unpack({ packed, sha256, length }) {
  const bytes = new Uint8Array(packed);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0"));
  if (hex.join("") !== sha256) throw new Error("the snapshot is damaged (its SHA-256 is another)");
  await ready;
  const stream = decoder.decode(bytes, length);
  if (stream.length !== length) throw new Error(`the snapshot holds ${stream.length} bytes, not ${length}`);
  return stream;
}

self.onmessage = async ({ data }) => {
  try {
    const stream = await unpack(data);
    self.postMessage({ stream }, [stream.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error?.message ?? error) });
  }
};
