// PyScript's interpreter (the "interpreter" of pyscript.json): Pyodide, restored from the
// build's memory snapshot (tools/snapshot.py) when it can be, started afresh otherwise.
//
// PyScript imports this module and calls its loadPyodide() as it would Pyodide's own. A
// restored Python already holds every module of the game and its data files parsed, so the
// page is ready in about half the time. Any failure (no snapshot in this build, the file
// missing or damaged, no Web Crypto to check it, a snapshot that does not restore) starts
// Python afresh instead: slower, never broken, and said only in the console.
// `?snapshot=off` in the page's URL starts afresh on purpose.
//
// <html data-park-snapshot> says what happened: "restored", "fallback" (it was tried and
// failed), "off" (the URL asked), "safe" (an earlier start never finished: see
// startsThatDied) or "none" (this build has no snapshot).
import { loadPyodide as startPyodide, version } from "./runtime/pyodide/pyodide.mjs";

// Python runs without JSPI (WebAssembly's stack switching), in every engine, as it always has
// in WebKit, which has none: Pyodide runs every call into Python on a stack of its own where
// the engine has JSPI, and Chromium's tab crashes when its heap profiler (on in some sessions)
// walks such a stack past its end (issue 53; docs/browsers.md). Nothing of ours needs JSPI
// (Pyodide's run_sync and a blocking run_until_complete are its only users). Pyodide looks for
// it when its module starts, so it is removed before then; the build's snapshot is made
// without it too (tools/snapshot.py), so the restored Python's state agrees.
for (const name of ["Suspending", "promising", "Suspender"]) delete WebAssembly[name];

export { version };

// The build writes {"url": "./pyodide-snapshot.<digest>.zst", "size": N, "segments":
// [[offset, length], ...], "masked": M, "imageHash": H, "sha256": S} here: the file holds
// those stretches of the snapshot, one after the other, compressed with Zstandard; the rest
// of its N bytes are zeros; the first M bytes of its memory are stored as their difference
// from the module's static data (whose sum is H; see unmask); S is the file's SHA-256.
const SNAPSHOT = /* park:snapshot */ null;

// The build writes the snapshot's worker here, "./snapshot_worker.<digest>.mjs".
const SNAPSHOT_WORKER = /* park:snapshot-worker */ null;

// The build writes the game's wheel here, "./park-<version>-0.<digest>-py3-none-any.whl".
// A restored Python holds every module of the game and every file of it that the page reads
// (park.ui.game.startup.prepare), so only a Python started afresh unpacks the wheel (200 KB
// that a restored page never downloads).
const WHEEL = /* park:wheel */ null;

// Where the wheel is unpacked: Pyodide's working folder, where the snapshot was made.
const HOME = "/home/pyodide";

const INDEX_URL = new URL("./runtime/pyodide/", import.meta.url).href;

// A restored Python has imported every module the page uses (the build ran the page's
// prepare()), so the standard library's zip (2.5 MB) is not needed to start: Pyodide gets an
// empty zip, and the real one is downloaded once the page is ready and written in its
// place, for whatever is imported later (the zip's directory, in the snapshot, is the real
// one's). The e2e tests play the page with the real one held back.
const STDLIB_URL = new URL("./python_stdlib.zip", INDEX_URL).href;
const EMPTY_STDLIB_URL = new URL("./stdlib-empty.zip", import.meta.url).href;

// After a restore: the random module's state and sys.path are the snapshot's, the same on
// every load. Reseed random from the browser's entropy (os.urandom) and drop the duplicate
// sys.path entry the restore adds. The import system's caches stay: the stdlib zip is the
// one they were made from (re-reading its directory would cost a tenth of the start-up), and
// a folder's listing is read again when its modification time changes (PyScript's files).
// Then write the bytecode the build compiled of the files PyScript is about to write (its
// own package and the page's modules), where the import system looks for it: importing them
// runs it instead of compiling their source (park.ui.game.bytecode).
const AFTER_RESTORE = `
import random, sys
random.seed()
sys.path[:] = list(dict.fromkeys(sys.path))
from park.ui.game import bytecode
bytecode.write_kept()
`;

// What the snapshot file holds, decompressed (a Uint8Array of the segments' total length).
// The page downloads the file (on a first visit boot.js has asked for it while the page was
// parsed, and this fetch() is handed that download) and a worker checks its SHA-256 and
// decompresses it (snapshot_worker.mjs), started now so that it is ready when the file is.
async function decompressInWorker(length) {
  const worker = new Worker(new URL(SNAPSHOT_WORKER, import.meta.url), { type: "module" });
  try {
    const failed = new Promise((_, reject) => {
      worker.onerror = (event) => reject(new Error(`the snapshot's worker failed: ${event.message}`));
    });
    failed.catch(() => {});
    const url = new URL(SNAPSHOT.url, import.meta.url).href;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
    const packed = await Promise.race([response.arrayBuffer(), failed]);
    performance.mark("park:snapshot-fetched");
    const reply = await Promise.race([
      new Promise((resolve) => {
        worker.onmessage = ({ data }) => resolve(data);
        worker.postMessage({ packed, sha256: SNAPSHOT.sha256, length }, [packed]);
      }),
      failed,
    ]);
    if (reply.error) throw new Error(reply.error);
    return reply.stream;
  } finally {
    worker.terminate();
  }
}

// After a start from the snapshot file, what it holds is kept decompressed in the browser's
// Cache Storage (KEPT, under the file's SHA-256), so that later visits and offline reloads
// put it in place without decompressing it again (a tenth of a second of work on a desktop,
// more on a phone). A kept copy whose checksum is not the one it was kept with is not used.
const KEPT = "park-snapshot";
const KEPT_SUM = "x-park-sha256";

function keptKey() {
  return new URL(`./park-snapshot-kept/${SNAPSHOT.sha256}`, import.meta.url).href;
}

async function sha256(data) {
  const digest = await crypto.subtle.digest("SHA-256", data);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function readKept(length) {
  if (!globalThis.caches) return null;
  try {
    const response = await (await caches.open(KEPT)).match(keptKey());
    if (!response) return null;
    const stream = new Uint8Array(await response.arrayBuffer());
    if (stream.length !== length) return null;
    return (await sha256(stream)) === response.headers.get(KEPT_SUM) ? stream : null;
  } catch (error) {
    return null; // storage blocked or damaged: the file is downloaded
  }
}

// Run `task` once the page is ready (<html data-park-ready="true">), so that it does not
// slow the start: neither its work nor its downloads.
function whenReady(task) {
  const root = document.documentElement;
  if (root.dataset.parkReady === "true") return void task();
  const observer = new MutationObserver(() => {
    if (root.dataset.parkReady !== "true") return;
    observer.disconnect();
    task();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-park-ready"] });
}

// Run `task` once the start is over: the page is ready, or boot.js shows a start-up error.
function whenStarted(task) {
  const root = document.documentElement;
  const over = () => root.dataset.parkReady === "true" || Boolean(root.dataset.parkError);
  if (over()) return void task();
  const observer = new MutationObserver(() => {
    if (!over()) return;
    observer.disconnect();
    task();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-park-ready", "data-park-error"] });
}

// Starts that never finished (issue 53). While Python starts, the page keeps a note in
// localStorage (STARTING + an id) and holds the Web Lock of the same name; the note goes once
// the start is over (ready, or a start-up error shown) or the page is closed. A tab that
// crashes takes its lock with it but leaves its note: a note whose lock nobody holds is a
// start that died (nothing in a page can catch its own tab's crash). Another tab's start
// under way holds its lock, so it is never taken for one.
const STARTING = "park.starting.";

// Whether a start died since the last start (its notes are removed: said once). Never throws.
async function startsThatDied() {
  try {
    const notes = Object.keys(localStorage).filter((key) => key.startsWith(STARTING));
    if (notes.length === 0 || !navigator.locks) return false;
    const { held = [] } = await navigator.locks.query();
    const alive = new Set(held.map((lock) => lock.name));
    const dead = notes.filter((key) => !alive.has(key));
    dead.forEach((key) => localStorage.removeItem(key));
    return dead.length > 0;
  } catch (error) {
    return false; // storage blocked: nothing was noted either
  }
}

// Note this start (see STARTING) until it is over or the page is closed.
function noteStart() {
  if (!navigator.locks) return;
  const key = STARTING + Math.random().toString(36).slice(2);
  let release = () => {};
  const over = new Promise((resolve) => (release = resolve));
  const clear = () => {
    try {
      localStorage.removeItem(key);
    } catch (error) {} // storage blocked: nothing was noted
    release();
  };
  // The note is written once the lock is held, so no other tab can see it without the lock.
  navigator.locks
    .request(key, () => {
      try {
        localStorage.setItem(key, String(Date.now()));
      } catch (error) {} // storage blocked: starts are not watched
      return over;
    })
    .catch(() => {});
  whenStarted(clear);
  addEventListener("pagehide", clear, { once: true });
}

// Keep `stream` once the page is ready, in place of any copy an earlier build kept.
function keepWhenReady(stream) {
  const keep = async () => {
    try {
      const cache = await caches.open(KEPT);
      for (const request of await cache.keys()) {
        if (request.url !== keptKey()) await cache.delete(request);
      }
      const headers = { [KEPT_SUM]: await sha256(stream) };
      await cache.put(keptKey(), new Response(stream, { headers }));
      performance.mark("park:snapshot-kept");
    } catch (error) {
      console.info("Park: the start-up snapshot could not be kept:", String(error));
    }
  };
  if (globalThis.caches) whenReady(keep);
}

// Put what the snapshot file holds into `snapshot` (a zeroed buffer of the right size), from
// the kept copy or the file; <html data-park-snapshot-from> says which ("kept" or "file").
// Returns what to keep (null: nothing new). Rejects, leaving the buffer's header zeroed, if
// anything is missing or damaged.
async function fillSnapshot(snapshot) {
  try {
    if (!crypto.subtle) throw new Error("no Web Crypto to check it with (not a secure context)");
    const length = SNAPSHOT.segments.reduce((total, [, n]) => total + n, 0);
    const kept = await readKept(length);
    const stream = kept ?? (await decompressInWorker(length));
    let from = 0;
    for (const [at, n] of SNAPSHOT.segments) {
      snapshot.set(stream.subarray(from, from + n), at);
      from += n;
    }
    document.documentElement.dataset.parkSnapshotFrom = kept ? "kept" : "file";
    performance.mark("park:snapshot-unpacked");
    return kept ? null : stream;
  } catch (error) {
    snapshot.fill(0, 0, 64); // Pyodide then refuses it ("invalid magic number")
    throw error;
  }
}

// A snapshot holds function pointers: indices into WebAssembly's function table. Emscripten
// fills the end of that table at start-up, adding each function that the dynamic linker needs
// an address for unless the table already holds it, and JavaScriptCore (Safari, every browser
// on an iPhone) answers `table.get(i) === instance.exports.f` with false where V8 and
// SpiderMonkey answer true: there it added 972 functions twice and every later index moved,
// so a snapshot made in Chromium called the wrong functions ("call_indirect to a signature
// that does not match"). Putting each exported function's own object back into the table
// slots that hold it, before Emscripten looks, gives every engine Chromium's table.
function alignFunctionTable(instance) {
  const table = instance.exports.__indirect_function_table;
  if (!(table instanceof WebAssembly.Table)) return;
  const exported = new Map();
  for (const value of Object.values(instance.exports)) {
    if (typeof value === "function") exported.set(value.name, value);
  }
  for (let i = 0; i < table.length; i++) {
    const entry = table.get(i);
    const same = entry && exported.get(entry.name);
    if (same && same !== entry) table.set(i, same);
  }
}

// Download the standard library's zip and write it where Python looks for it.
async function installStdlib(pyodide) {
  const path = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('.zip'))");
  try {
    const response = await fetch(STDLIB_URL);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${STDLIB_URL}`);
    pyodide.FS.writeFile(path, new Uint8Array(await response.arrayBuffer()));
    performance.mark("park:stdlib-installed");
  } catch (error) {
    console.warn("Park: the standard library could not be downloaded:", String(error));
  }
}

// Where, in the WebAssembly memory, Pyodide keeps CPython's call trampoline: the one function
// pointer in a snapshot that depends on the engine that made it. Pyodide adds it to the table
// at start-up where the engine has wasm-gc and is not iOS's (0, the JavaScript trampoline,
// otherwise), and writes it into _PyRuntime.emscripten_trampoline.
function trampolineField(module) {
  return module.__PyRuntime + module.HEAPU32[module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET >>> 2];
}

// Where a snapshot's copy of the memory starts (Pyodide's header says).
function memoryStart(snapshot) {
  return new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
}

// The build stored the start of the memory as its difference (XOR) from the module's static
// data, which this module's memory holds before Python starts (tools/snapshot_file.py):
// undo it, once that memory is checked to be the very image the build used (its sum, the
// engine's trampoline, set just before, counted as 0).
function unmask(module, snapshot) {
  const words = SNAPSHOT.masked >>> 2;
  const live = new Uint32Array(module.HEAPU32.buffer, 0, words);
  const field = trampolineField(module) >>> 2;
  let hash = 0x811c9dc5;
  for (let i = 0; i < words; i++) {
    hash = Math.imul(hash ^ (i === field ? 0 : live[i]), 0x01000193) >>> 0;
  }
  if (hash !== SNAPSHOT.imageHash) {
    throw new Error("the snapshot was made for another WebAssembly memory");
  }
  const stored = new Uint32Array(snapshot.buffer, snapshot.byteOffset + memoryStart(snapshot), words);
  for (let i = 0; i < words; i++) stored[i] ^= live[i];
}

// Restoring the snapshot writes the trampoline of the engine that made it back, so the
// engine's own value is copied into the snapshot first.
function keepTrampoline(module, snapshot) {
  const field = trampolineField(module);
  new DataView(snapshot.buffer, snapshot.byteOffset).setUint32(
    memoryStart(snapshot) + field, module.HEAPU32[field >>> 2], true);
}

// Pyodide's module factory, with the module at hand: its WebAssembly instance is aligned
// (alignFunctionTable) before Emscripten sees it.
function moduleFactory(onModule) {
  return (settings) => {
    const instantiate = settings.instantiateWasm;
    if (instantiate) {
      settings.instantiateWasm = (imports, success) =>
        instantiate(imports, (instance, module) => {
          alignFunctionTable(instance);
          success(instance, module);
        });
    }
    onModule(settings);
    // Imported here, as Pyodide would import it, so that Python's start does not wait for it.
    return import("./runtime/pyodide/pyodide.asm.mjs").then((made) => made.default(settings));
  };
}

async function downloadWheel() {
  const url = new URL(WHEEL, import.meta.url).href;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return response.arrayBuffer();
}

// Python started afresh (the promise `started`): unpack the game's wheel where a restored
// one has it, downloaded while Python starts.
async function withWheel(started) {
  const wheel = downloadWheel();
  wheel.catch(() => {}); // reported below, once Python has started
  const pyodide = await started;
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: HOME });
  return pyodide;
}

function wanted() {
  return new URLSearchParams(location.search).get("snapshot") !== "off";
}

// PyScript hands its output hooks to loadPyodide; Python starts before it asks, so its
// output goes through these until then (Python prints nothing while starting). PyScript's
// other options (packages and their lock file) are for a config with packages: ours has none.
const output = { stdout: (line) => console.log(line), stderr: (line) => console.warn(line) };

async function start() {
  performance.mark("park:python-start");
  let module = null;
  const settings = {
    indexURL: INDEX_URL,
    // python -OO, as the build's snapshot was made (tools/snapshot.py, PYTHON_ENV).
    env: { PYTHONOPTIMIZE: "2" },
    stdout: (line) => output.stdout(line),
    stderr: (line) => output.stderr(line),
    createPyodideModule: moduleFactory((made) => (module = made)),
  };
  const marks = document.documentElement.dataset;
  const died = await startsThatDied();
  noteStart();
  if (SNAPSHOT === null || !wanted()) {
    marks.parkSnapshot = SNAPSHOT === null ? "none" : "off";
    return withWheel(startPyodide(settings));
  }
  if (died) {
    // The safe way: Python started afresh, and the kept copy of the snapshot dropped, so that
    // the next start, back to the snapshot, fetches it afresh. The About dialog says so too
    // (park.css shows its line for data-park-snapshot="safe").
    marks.parkSnapshot = "safe";
    console.warn(
      "Park: the last start did not finish (its tab may have crashed):" +
        " this one starts Python without the start-up snapshot."
    );
    if (globalThis.caches) caches.delete(KEPT).catch(() => {});
    return withWheel(startPyodide(settings));
  }
  // Downloaded and unpacked while Pyodide downloads and compiles its WebAssembly: Pyodide
  // only needs the snapshot's size until its file system is set up, and the fsInit hook
  // holds that step until the snapshot is in place (or has failed).
  const snapshot = new Uint8Array(SNAPSHOT.size);
  const filled = fillSnapshot(snapshot);
  filled.catch(() => {}); // a failure is handled below, never an unhandled rejection
  // By then Pyodide has set this engine's trampoline (in an earlier pre-run step).
  let prepared = filled;
  const fsInit = () => {
    prepared = filled.then(() => {
      unmask(module, snapshot);
      keepTrampoline(module, snapshot);
    });
    return prepared.catch(() => snapshot.fill(0, 0, 64)); // Pyodide then refuses it
  };
  try {
    const pyodide = await startPyodide({
      ...settings,
      _loadSnapshot: snapshot,
      fsInit,
      stdLibURL: EMPTY_STDLIB_URL,
    });
    pyodide.runPython(AFTER_RESTORE);
    whenReady(() => installStdlib(pyodide)); // its 2.5 MB must not share the start's bandwidth
    const toKeep = await filled;
    if (toKeep) keepWhenReady(toKeep);
    // Pyodide keeps its options; the 31 MB copy of the snapshot is not needed any more.
    if (typeof snapshot.buffer.transfer === "function") snapshot.buffer.transfer(0);
    performance.mark("park:python-restored");
    marks.parkSnapshot = "restored";
    return pyodide;
  } catch (error) {
    const reason = await prepared.then(() => error, (failure) => failure);
    marks.parkSnapshot = "fallback";
    console.info("Park: starting Python without the start-up snapshot:", String(reason));
    return withWheel(startPyodide(settings));
  }
}

// index.html loads this module before PyScript's, so Python starts as soon as the page is
// parsed, while PyScript loads; PyScript then imports this same module and waits for it.
const started = start();
started.catch(() => {}); // PyScript reports a failure when it awaits loadPyodide()

export async function loadPyodide(options = {}) {
  if (options.stdout) output.stdout = options.stdout;
  if (options.stderr) output.stderr = options.stderr;
  return started;
}
