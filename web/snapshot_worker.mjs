// The start-up snapshot's download and decompression, off the page's main thread: the page's
// interpreter module starts this worker as soon as it runs, and meanwhile starts Pyodide.
// Zstandard is decompressed in JavaScript (fzstd), 150 ms of work on a desktop, which would
// otherwise hold up the page while its WebAssembly is compiled and started.
//
// In: {url, sha256, length}, the file, its SHA-256 (hex) and the length of what it holds.
// Out: {stream, fetched} (a Uint8Array of that length, transferred, and the bytes the worker
// downloaded, from its Resource Timing) or {error}: missing, damaged (fzstd reads no
// checksum: the file's SHA-256 is checked here), too long or too short.
import { Decompress } from "./runtime/fzstd/index.mjs";

async function unpack({ url, sha256, length }) {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} for ${url}`);
  const stream = new Uint8Array(length);
  let at = 0;
  const decompressor = new Decompress((chunk) => {
    if (at + chunk.length > length) throw new Error("too long");
    stream.set(chunk, at);
    at += chunk.length;
  });
  const packed = []; // the file itself, for its checksum
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      packed.push(value);
      decompressor.push(value);
    }
    decompressor.push(new Uint8Array(0), true);
  } catch (error) {
    throw new Error(`${url} is damaged (${error.message})`);
  }
  if (at !== length) throw new Error(`${url} is damaged (too short)`);
  const digest = await crypto.subtle.digest("SHA-256", await new Blob(packed).arrayBuffer());
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0"));
  if (hex.join("") !== sha256) throw new Error(`${url} is damaged (its SHA-256 is another)`);
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
