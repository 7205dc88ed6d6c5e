// The start-up snapshot's download and decompression, off the page's main thread: the page's
// interpreter module starts this worker as soon as it runs, and meanwhile starts Pyodide.
// Browsers have no Zstandard DecompressionStream: zstddec is Zstandard's own decoder, built
// for WebAssembly (20-40 ms for the snapshot on a desktop).
//
// In: {url, sha256, length}, the file, its SHA-256 (hex) and the length of what it holds.
// Out: {stream, fetched} (a Uint8Array of that length, transferred, and the bytes the worker
// downloaded, from its Resource Timing) or {error}: missing, damaged (its SHA-256, checked
// before it is decoded) or of another length.
import { ZSTDDecoder } from "./runtime/zstddec-0.3.4/zstddec.mjs";

const decoder = new ZSTDDecoder();
const ready = decoder.init(); // while the file downloads

async function unpack({ url, sha256, length }) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  const packed = new Uint8Array(await response.arrayBuffer());
  const digest = await crypto.subtle.digest("SHA-256", packed);
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0"));
  if (hex.join("") !== sha256) throw new Error(`${url} is damaged (its SHA-256 is another)`);
  await ready;
  const stream = decoder.decode(packed, length);
  if (stream.length !== length) throw new Error(`${url} holds ${stream.length} bytes, not ${length}`);
  return stream;
}

self.onmessage = async ({ data }) => {
  try {
    const stream = await unpack(data);
    const fetched = performance
      .getEntriesByType("resource")
      .reduce((total, entry) => total + entry.transferSize, 0);
    self.postMessage({ stream, fetched }, [stream.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error?.message ?? error) });
  }
};
