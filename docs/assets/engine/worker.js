// Web Worker that runs the changpai engine in Pyodide, so the page never freezes.
// Everything is fetched from this site: Pyodide from ./pyodide/, the engine files named in ./manifest.json.
// Messages in:  {type: "call", id, request}
// Messages out: {type: "progress", stage, fraction, zh, en}
//               {type: "ready", engine, pyodide, boot, bootNote, snapshot, timings}
//                   boot: "snapshot" or "fallback" (why in bootNote); snapshot: "downloaded" or "kept" (the
//                   copy kept in the origin private file system); timings: where the start's time went
//                   (benchmarks/bench_site.py)
//               {type: "failed", error: {code, where, zh, en, detail}}
//               {type: "response", id, response}
//               {type: "pong", id}                        the answer to {type: "ping", id} (engine.js liveness)
//               {type: "started", id}                     a call taken up (its response follows)
//               {type: "kept", ok}                        the downloaded snapshot is kept for the next start (or not)
//
// Fast start: the build (sitebuild/engine_snapshot.mjs) ships a gzipped memory snapshot of Pyodide with the engine
// already imported. The worker downloads it (with byte progress), decompresses it as it arrives, checks its SHA-256
// against the manifest, and hands it to loadPyodide({_loadSnapshot}), which skips the interpreter's start and the
// engine's import. A damaged or rejected snapshot (hash, Pyodide's own build-id check, or a failed first answer)
// falls back to a normal start from the wheel, and the progress line says so.
//
// Everything that does not depend on another starts at once, side by side: the manifest, pyodide.mjs and
// pyodide.asm.mjs, and the runtime's wasm (compiled while it streams in, and while the snapshot downloads: Pyodide
// itself would only compile it once the snapshot is in hand). After the first start the decompressed snapshot is
// kept in the origin private file system (or the cache storage) under its SHA-256, so a later start reads it from
// there: no download, no decompression, and no second hash check (the name is the hash checked when it was stored;
// its length is checked). A kept copy that Pyodide refuses is deleted before the normal start.

const BASE = new URL("./", self.location.href);

// Fractions follow where the time goes (measured: downloads, then the restore or the interpreter's start).
const STAGES = {
  manifest: { fraction: 0.02, zh: "正在载入规则引擎：读取清单…", en: "Loading the rules engine: reading its manifest…" },
  snapshot: { fraction: 0.05, zh: "正在载入规则引擎：下载…", en: "Loading the rules engine: downloading…" },
  restore: { fraction: 0.7, zh: "正在载入规则引擎：启动…", en: "Loading the rules engine: starting…" },
  fallback: {
    fraction: 0.1,
    zh: "快速启动文件不可用，正在按常规方式载入规则引擎（较慢）…",
    en: "Loading the rules engine the normal way (slower): the fast-start file could not be used…",
  },
  runtime: { fraction: 0.15, zh: "正在载入规则引擎：启动 Python…", en: "Loading the rules engine: starting Python…" },
  wheel: { fraction: 0.85, zh: "正在载入规则引擎：下载引擎…", en: "Loading the rules engine: downloading the engine…" },
  import: { fraction: 0.95, zh: "正在载入规则引擎：启动引擎…", en: "Loading the rules engine: starting the engine…" },
};

let handleJson = null;
const pending = [];

// Where the start's time goes, for benchmarks/bench_site.py: marks (ms since this worker's time origin) and the
// runtime files' fetches as the browser timed them; posted with "ready" (engine.js passes them on as `timings`).
function mark(name) {
  performance.mark(`cp:${name}`);
}
function timings() {
  const marks = performance.getEntriesByType("mark").filter((m) => m.name.startsWith("cp:")).map((m) => [m.name.slice(3), Math.round(m.startTime)]);
  const files = performance.getEntriesByType("resource").map((r) => ({
    name: r.name.slice(BASE.href.length).split("?")[0],
    start: Math.round(r.startTime),
    end: Math.round(r.responseEnd),
    bytes: r.transferSize,
  }));
  return { origin: performance.timeOrigin, marks, files };
}

function progress(stage, fraction) {
  if (fraction === undefined) mark(stage);
  const info = STAGES[stage];
  postMessage({ type: "progress", stage, fraction: fraction ?? info.fraction, zh: info.zh, en: info.en });
}

class LoadError extends Error {
  constructor(code, zh, en, detail) {
    super(en);
    this.code = code;
    this.zh = zh;
    this.en = en;
    this.detail = detail || "";
  }
}

async function fetchOk(url, code, what) {
  let response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw new LoadError(code, `无法取得${what.zh}`, `Could not fetch ${what.en}`, `${url}: ${err}`);
  }
  if (!response.ok) {
    throw new LoadError(
      code,
      `无法取得${what.zh}（服务器回答 ${response.status}）`,
      `Could not fetch ${what.en} (the server answered ${response.status})`,
      String(url),
    );
  }
  return response;
}

async function readWithProgress(response, stage, from, to) {
  const total = Number(response.headers.get("content-length")) || 0;
  if (!response.body || !total) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    progress(stage, from + ((to - from) * Math.min(loaded, total)) / total);
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** An error's text: Pyodide sometimes rejects with a plain object, which String() shows as "[object Object]". */
function describe(err) {
  if (err instanceof Error) return err.stack && !String(err.stack).includes(err.message) ? `${err.message}\n${err.stack}` : String(err);
  if (err && typeof err === "object") {
    try {
      return JSON.stringify(err) || Object.prototype.toString.call(err);
    } catch {
      return Object.prototype.toString.call(err);
    }
  }
  return String(err);
}

// A runtime file the server lacks (pyodide.asm.wasm 404) makes Pyodide log a warning and wait forever, and a
// missing python_stdlib.zip rejects with an object. Watch Pyodide's own fetches so the load fails at once,
// naming the file and the server's answer.
const RUNTIME_URL = new URL("pyodide/", BASE).href;
let runtimeFailed = null;
const runtimeFailure = new Promise((_, reject) => {
  runtimeFailed = reject;
});
runtimeFailure.catch(() => {});
let runtimeFailedAlready = false;
runtimeFailure.catch(() => {
  runtimeFailedAlready = true;
});
// Once the load has failed and said why, Pyodide's own leftover rejections are noise, not uncaught errors.
self.addEventListener("unhandledrejection", (event) => {
  if (!runtimeFailedAlready) return;
  event.preventDefault();
  console.debug("[engine] after the failed load:", describe(event.reason));
});
const plainFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  const watched = url.startsWith(RUNTIME_URL);
  const name = url.slice(RUNTIME_URL.length).split("?")[0];
  let response;
  try {
    response = await plainFetch(input, init);
  } catch (err) {
    if (watched) runtimeFailed(new LoadError("runtime", `无法取得运行环境文件 ${name}`, `Could not fetch the runtime file ${name}`, `${url}: ${describe(err)}`));
    throw err;
  }
  if (watched && !response.ok) {
    runtimeFailed(
      new LoadError(
        "runtime",
        `无法取得运行环境文件 ${name}（服务器回答 ${response.status}）`,
        `Could not fetch the runtime file ${name} (the server answered ${response.status})`,
        url,
      ),
    );
  }
  return response;
};

async function importPyodide() {
  try {
    const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", BASE).href);
    return (options) => Promise.race([loadPyodide(options), runtimeFailure]);
  } catch (err) {
    throw new LoadError("runtime", "无法载入 Pyodide 运行环境", "Could not load the Pyodide runtime", String(err));
  }
}

// The runtime's wasm, compiled while it streams in, from the worker's first moment. Pyodide asks for it only once
// the snapshot is in hand (it sizes the memory by it) and then calls WebAssembly.instantiateStreaming: that call is
// answered here with the module already compiled, and Pyodide's own fetch of the same address gets an empty stand-in
// (no second request for 8 MB). If the early compile fails, Pyodide's own way is taken, unchanged.
const WASM_URL = new URL("pyodide/pyodide.asm.wasm", BASE).href;
let compiledRuntime = null;

function compileRuntimeEarly() {
  if (!WebAssembly.compileStreaming || !WebAssembly.instantiateStreaming) return;
  const realFetch = self.fetch.bind(self);
  compiledRuntime = WebAssembly.compileStreaming(realFetch(WASM_URL)).then(
    (module) => {
      mark("wasm-compiled");
      return module;
    },
    (err) => {
      console.debug("[engine] the runtime was not compiled early:", describe(err));
      return null;
    },
  );
  self.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input); // Pyodide passes a URL object
    if (new URL(url, BASE).href === WASM_URL && (await compiledRuntime)) {
      return new Response(new Uint8Array(0), { status: 200, headers: { "Content-Type": "application/wasm" } });
    }
    return realFetch(input, init);
  };
  const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const module = await compiledRuntime;
    if (!module) return instantiateStreaming(source, imports);
    Promise.resolve(source)
      .then((response) => response && response.body && response.body.cancel())
      .catch(() => {});
    const instance = await WebAssembly.instantiate(module, imports);
    mark("wasm-instantiated");
    return { module, instance };
  };
}

function pyodideOptions() {
  return {
    indexURL: new URL("pyodide/", BASE).href,
    fullStdLib: false,
    stdout: () => {},
    stderr: (line) => console.debug("[engine]", line),
  };
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The decompressed snapshot of this build, kept after the first start (see the top), one file per build named by
// its SHA-256, in the origin private file system (OPFS): a warm start reads it with synchronous reads straight
// into one buffer of the snapshot's size (no chunks gathered and copied, as a Cache Storage response is read, and
// no waiting for the worker's turn between chunks while Pyodide's scripts are compiled). Where OPFS or its
// synchronous access is missing, the cache storage (SNAPSHOT_CACHE) keeps it whole instead; the service worker
// keeps that cache across builds (sitebuild/sw_template.js). Only the current snapshot is kept, in either store.
const SNAPSHOT_DIR = "changpai-engine-snapshot";
const SNAPSHOT_CACHE = "changpai-engine-snapshot";
const OPFS = Boolean(self.navigator && navigator.storage && navigator.storage.getDirectory && self.FileSystemSyncAccessHandle);

function keptName(info) {
  return `${info.sha256}.bin`;
}

function cacheKey(info) {
  return new URL(`snapshot-cache/${keptName(info)}`, BASE).href;
}

async function snapshotDir(create) {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(SNAPSHOT_DIR, { create });
}

// The kept file leaves out the snapshot's zeros (about 12 of its 31 MB: the stack and the heap's free room), in
// PAGE-sized runs: a header [magic, raw length, run count, 0], then [offset, length] per run (u32, little-endian),
// then the runs' bytes. Reading allocates one zeroed buffer of the raw length and reads each run into its place.
const KEPT_MAGIC = 0x31706e73; // "snp1"
const PAGE = 4096;

/** The runs of PAGE-sized blocks of `bytes` that hold anything but zeros, as [offset, length] pairs. */
function nonZeroRuns(bytes) {
  const runs = [];
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 4));
  let start = -1;
  for (let page = 0; page < bytes.length; page += PAGE) {
    const end = Math.min(page + PAGE, bytes.length);
    let used = false;
    const wordEnd = Math.floor(end / 4);
    for (let i = page / 4; i < wordEnd && !used; i++) used = words[i] !== 0;
    for (let i = wordEnd * 4; i < end && !used; i++) used = bytes[i] !== 0;
    if (used && start < 0) start = page;
    if (!used && start >= 0) runs.push([start, page - start]), (start = -1);
  }
  if (start >= 0) runs.push([start, bytes.length - start]);
  return runs;
}

function packedHeader(bytes, runs) {
  const header = new Uint32Array(4 + 2 * runs.length);
  header.set([KEPT_MAGIC, bytes.length, runs.length, 0]);
  runs.forEach(([offset, length], i) => header.set([offset, length], 4 + 2 * i));
  return new Uint8Array(header.buffer);
}

/** The snapshot from a kept file, `read(into, at)` filling `into` from the file's byte `at`; null if malformed. */
function unpackKept(size, read) {
  const head = new Uint32Array(4);
  if (size < 16 || read(new Uint8Array(head.buffer), 0) !== 16 || head[0] !== KEPT_MAGIC) return null;
  const [, raw, count] = head;
  if (16 + 8 * count > size || raw > 0x7fffffff) return null;
  const table = new Uint32Array(2 * count);
  if (read(new Uint8Array(table.buffer), 16) !== table.byteLength) return null;
  const bytes = new Uint8Array(raw);
  let at = 16 + table.byteLength;
  for (let i = 0; i < count; i++) {
    const [offset, length] = [table[2 * i], table[2 * i + 1]];
    if (offset + length > raw || read(bytes.subarray(offset, offset + length), at) !== length) return null;
    at += length;
  }
  return at === size ? bytes : null;
}

/** The one kept file's {name, bytes}, read with a synchronous access handle (a read per run, into one buffer). */
async function readKeptFile() {
  let dir;
  try {
    dir = await snapshotDir(false);
  } catch (err) {
    if (err && err.name === "NotFoundError") return null; // nothing kept yet
    throw err;
  }
  for await (const [name, handle] of dir.entries()) {
    if (handle.kind !== "file" || !name.endsWith(".bin")) continue;
    let access;
    try {
      access = await handle.createSyncAccessHandle();
    } catch {
      // another tab's worker holds it this moment: read it as a file instead
      const whole = new Uint8Array(await (await handle.getFile()).arrayBuffer());
      const read = (into, at) => {
        const part = whole.subarray(at, at + into.length);
        into.set(part);
        return part.length;
      };
      return { name, bytes: unpackKept(whole.length, read) };
    }
    try {
      return { name, bytes: unpackKept(access.getSize(), (into, at) => access.read(into, { at })) };
    } finally {
      access.close();
    }
  }
  return null;
}

async function readKeptCache() {
  if (!self.caches) return null;
  const cache = await caches.open(SNAPSHOT_CACHE);
  const [request] = await cache.keys();
  if (!request) return null;
  const hit = await cache.match(request);
  const name = request.url.slice(request.url.lastIndexOf("/") + 1);
  return hit ? { name, bytes: new Uint8Array(await hit.arrayBuffer()) } : null;
}

// The store holds one snapshot (keepSnapshot drops the others), so its bytes are read from the worker's first
// moment, side by side with the manifest, and used only if their name is the manifest's hash.
let keptRead = null;

function readKeptEarly() {
  keptRead = (OPFS ? readKeptFile() : readKeptCache()).catch((err) => {
    console.debug("[engine] the kept snapshot could not be read:", describe(err));
    return null;
  });
}

/** The kept copy of this snapshot, or null (none yet, another build's, no store here, the wrong length). */
async function keptSnapshot(info) {
  const kept = await (keptRead || Promise.resolve(null));
  keptRead = null; // a restart's worker reads again; this one lets the bytes go once used
  if (!kept || kept.name !== keptName(info)) return null;
  if (!kept.bytes || (info.raw_bytes && kept.bytes.length !== info.raw_bytes)) {
    await forgetSnapshot(info);
    return null;
  }
  return kept.bytes;
}

/** Writes the file whole under a temporary name, then renames it: a start never reads half a copy. */
async function keepFile(info, bytes) {
  const dir = await snapshotDir(true);
  const name = keptName(info);
  const others = [];
  for await (const other of dir.keys()) if (other !== name) others.push(other);
  for (const other of others) await dir.removeEntry(other).catch(() => {});
  const part = await dir.getFileHandle(`${name}.part`, { create: true });
  const access = await part.createSyncAccessHandle();
  try {
    const runs = nonZeroRuns(bytes);
    access.truncate(0);
    let at = 0;
    for (const chunk of [packedHeader(bytes, runs), ...runs.map(([offset, length]) => bytes.subarray(offset, offset + length))]) {
      if (access.write(chunk, { at }) !== chunk.length) throw new Error("the snapshot was written only in part");
      at += chunk.length;
    }
    access.flush();
  } finally {
    access.close();
  }
  await part.move(name);
  if (self.caches) await caches.delete(SNAPSHOT_CACHE).catch(() => {}); // an older build's copy, kept there
}

async function keepCache(info, bytes) {
  if (!self.caches) return false;
  const cache = await caches.open(SNAPSHOT_CACHE);
  const key = cacheKey(info);
  for (const request of await cache.keys()) if (request.url !== key) await cache.delete(request);
  await cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  return true;
}

/** After a good start from a downloaded snapshot: keep it for the next start, and drop older builds' copies. */
async function keepSnapshot(info, bytes) {
  try {
    if (!OPFS) return await keepCache(info, bytes);
    await keepFile(info, bytes);
    return true;
  } catch (err) {
    console.debug("[engine] the snapshot could not be kept:", describe(err)); // e.g. no storage quota: next time downloads again
    return false;
  }
}

async function forgetSnapshot(info) {
  try {
    if (OPFS) await (await snapshotDir(false)).removeEntry(keptName(info));
    else if (self.caches) await (await caches.open(SNAPSHOT_CACHE)).delete(cacheKey(info));
  } catch {
    // nothing kept, nothing to forget
  }
}

// The snapshot downloaded, decompressed while it streams in, its SHA-256 checked; throws a plain Error (the
// caller falls back).
async function downloadedSnapshot(info) {
  const response = await fetch(new URL(info.file, BASE));
  if (!response.ok) throw new Error(`${info.file}: the server answered ${response.status}`);
  const total = Number(response.headers.get("content-length")) || info.bytes || 0;
  const from = STAGES.snapshot.fraction;
  const to = STAGES.restore.fraction;
  let loaded = 0;
  const counted = response.body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        loaded += chunk.length;
        if (total) progress("snapshot", from + ((to - from) * Math.min(loaded, total)) / total);
        controller.enqueue(chunk);
      },
    }),
  );
  const [forHash, forBytes] = counted.tee();
  const unpacked = info.encoding === "gzip" ? forBytes.pipeThrough(new DecompressionStream("gzip")) : forBytes;
  const raw = new Response(unpacked).arrayBuffer();
  raw.catch(() => {}); // damaged bytes fail the hash check first, which says why
  const packed = await new Response(forHash).arrayBuffer();
  mark("snapshot-fetched");
  const digest = hex(await crypto.subtle.digest("SHA-256", packed));
  mark("snapshot-hashed");
  if (digest !== info.sha256) throw new Error(`${info.file}: SHA-256 ${digest} is not the manifest's ${info.sha256}`);
  const bytes = new Uint8Array(await raw);
  mark("snapshot-decompressed");
  return bytes;
}

function engineApi(pyodide) {
  const api = pyodide.pyimport("changpai.api");
  const answer = JSON.parse(api.handle_json(JSON.stringify({ command: "version" })));
  if (answer.error) throw new Error(`the engine refused {"command": "version"}: ${answer.error.en}`);
  return api.handle_json;
}

async function bootFromSnapshot(pyodideImported, manifestRead) {
  let info = null;
  let kept = null;
  // Handed to Pyodide as a promise, before the manifest is in: Pyodide fetches the rest of the runtime meanwhile.
  const bytes = (async () => {
    const manifest = await manifestRead;
    info = manifest.snapshot;
    if (!info) throw new Error("the manifest names no snapshot");
    progress("snapshot");
    kept = await keptSnapshot(info);
    if (kept) mark("snapshot-kept-read");
    const snapshot = kept || (await downloadedSnapshot(info));
    progress("restore");
    return snapshot;
  })();
  bytes.catch(() => {});
  let pyodide;
  try {
    const loadPyodide = await pyodideImported;
    pyodide = await loadPyodide({ ...pyodideOptions(), _loadSnapshot: bytes });
    mark("restored");
    handleJson = engineApi(pyodide);
    mark("answered");
  } catch (err) {
    if (kept) await forgetSnapshot(info);
    throw err;
  }
  const source = kept ? "kept" : "downloaded";
  const keep = kept ? null : () => bytes.then((b) => keepSnapshot(info, b));
  return { pyodide, source, keep };
}

async function bootNormally(loadPyodide, manifest) {
  progress("runtime");
  let pyodide;
  try {
    pyodide = await loadPyodide(pyodideOptions());
  } catch (err) {
    if (err instanceof LoadError) throw err;
    throw new LoadError("runtime", "Pyodide 运行环境启动失败", "The Pyodide runtime failed to start", describe(err));
  }
  progress("wheel");
  // Cache-bust by content hash, so a rebuilt engine is never served stale.
  const wheelUrl = new URL(`${manifest.wheel}?sha256=${manifest.sha256}`, BASE);
  const wheelResponse = await fetchOk(wheelUrl, "wheel", {
    zh: `规则引擎 ${manifest.wheel}`,
    en: `the rules engine (${manifest.wheel})`,
  });
  const wheel = await readWithProgress(wheelResponse, "wheel", STAGES.wheel.fraction, STAGES.import.fraction);
  try {
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  } catch (err) {
    throw new LoadError("wheel", "规则引擎安装包已损坏", "The rules engine package is damaged", String(err));
  }
  progress("import");
  try {
    handleJson = engineApi(pyodide);
  } catch (err) {
    throw new LoadError("import", "规则引擎无法启动", "The rules engine could not start", String(err));
  }
  return pyodide;
}

async function load() {
  mark("worker");
  progress("manifest");
  compileRuntimeEarly();
  readKeptEarly();
  const manifestRead = fetchOk(new URL("manifest.json", BASE), "manifest", {
    zh: "引擎清单 manifest.json",
    en: "the engine manifest (manifest.json)",
  }).then((response) => response.json());
  const pyodideImported = importPyodide();
  // Pyodide imports pyodide.asm.mjs itself; asked for now, it is parsed while the manifest and snapshot arrive.
  import(new URL("pyodide/pyodide.asm.mjs", BASE).href).catch(() => {});
  manifestRead.catch(() => {});
  pyodideImported.catch(() => {});
  // The fast start begins at once: its snapshot waits for the manifest (or comes from the kept copy), not Pyodide.
  const started = bootFromSnapshot(pyodideImported, manifestRead);
  started.catch(() => {});
  const manifest = await manifestRead;
  mark("manifest-read");
  let pyodide = null;
  let boot = "normal";
  let bootNote = "";
  let snapshotSource = "";
  let keep = null;
  if (manifest.snapshot) {
    await pyodideImported; // a runtime that cannot load fails the start here (there is nothing to fall back to)
    try {
      ({ pyodide, source: snapshotSource, keep } = await started);
      boot = "snapshot";
    } catch (err) {
      handleJson = null;
      pyodide = null;
      boot = "fallback";
      bootNote = String(err);
      console.warn("[engine] snapshot not used, starting normally:", bootNote);
      progress("fallback");
    }
  }
  if (!pyodide) pyodide = await bootNormally(await pyodideImported, manifest);
  return { engine: manifest.engine, pyodide: pyodide.version, boot, bootNote, snapshot: snapshotSource, keep };
}

function answer(id, request) {
  postMessage({ type: "started", id }); // the page's liveness check: a live worker took the call up
  let response;
  try {
    response = JSON.parse(handleJson(JSON.stringify(request)));
  } catch (err) {
    response = {
      error: {
        code: "worker",
        where: "worker",
        zh: "规则引擎内部出错",
        en: "The rules engine failed internally",
        detail: String(err),
      },
    };
  }
  postMessage({ type: "response", id, response });
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "ping") return postMessage({ type: "pong", id: message.id }); // liveness (engine.js)
  if (message.type !== "call") return;
  if (handleJson) answer(message.id, message.request);
  else pending.push(message);
};

load().then(
  ({ keep, ...versions }) => {
    postMessage({ type: "ready", ...versions, timings: timings() });
    for (const message of pending.splice(0)) answer(message.id, message.request);
    // After the first answers: keep the snapshot for the next start, and say when it is kept (engine.js health).
    if (keep) setTimeout(() => keep().then((ok) => postMessage({ type: "kept", ok })), 0);
  },
  (err) => {
    const error =
      err instanceof LoadError
        ? { code: err.code, where: "engine", zh: err.zh, en: err.en, detail: err.detail }
        : { code: "unknown", where: "engine", zh: "规则引擎载入失败", en: "The rules engine failed to load", detail: String(err) };
    postMessage({ type: "failed", error });
  },
);
