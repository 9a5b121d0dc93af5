// Web Worker that runs the changpai engine in Pyodide, so the page never freezes.
// Everything is fetched from this site: Pyodide from ./pyodide/, the engine files named in ./manifest.json.
// Messages in:  {type: "call", id, request}
// Messages out: {type: "progress", stage, fraction, zh, en}
//               {type: "ready", engine, pyodide, boot}     boot: "snapshot" or "fallback" (why in bootNote)
//               {type: "failed", error: {code, where, zh, en, detail}}
//               {type: "response", id, response}
//               {type: "pong", id}                        the answer to {type: "ping", id} (engine.js liveness)
//               {type: "started", id}                     a call taken up (its response follows)
//
// Fast start: the build (sitebuild/engine_snapshot.mjs) ships a gzipped memory snapshot of Pyodide with the engine
// already imported. The worker downloads it (with byte progress), checks its SHA-256 against the manifest, and
// hands it to loadPyodide({_loadSnapshot}), which skips the interpreter's start and the engine's import. A damaged
// or rejected snapshot (hash, Pyodide's own build-id check, or a failed first answer) falls back to a normal start
// from the wheel, and the progress line says so.

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

function progress(stage, fraction) {
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

// The snapshot's bytes, checked and decompressed; throws a plain Error (the caller falls back).
async function snapshotBytes(info) {
  const response = await fetch(new URL(info.file, BASE));
  if (!response.ok) throw new Error(`${info.file}: the server answered ${response.status}`);
  const packed = await readWithProgress(response, "snapshot", STAGES.snapshot.fraction, STAGES.restore.fraction);
  const digest = hex(await crypto.subtle.digest("SHA-256", packed));
  if (digest !== info.sha256) throw new Error(`${info.file}: SHA-256 ${digest} is not the manifest's ${info.sha256}`);
  if (info.encoding !== "gzip") return packed;
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function engineApi(pyodide) {
  const api = pyodide.pyimport("changpai.api");
  const answer = JSON.parse(api.handle_json(JSON.stringify({ command: "version" })));
  if (answer.error) throw new Error(`the engine refused {"command": "version"}: ${answer.error.en}`);
  return api.handle_json;
}

async function bootFromSnapshot(loadPyodide, manifest) {
  progress("snapshot");
  const bytes = await snapshotBytes(manifest.snapshot);
  progress("restore");
  const pyodide = await loadPyodide({ ...pyodideOptions(), _loadSnapshot: bytes });
  handleJson = engineApi(pyodide);
  return pyodide;
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
  progress("manifest");
  const manifest = await (await fetchOk(new URL("manifest.json", BASE), "manifest", {
    zh: "引擎清单 manifest.json",
    en: "the engine manifest (manifest.json)",
  })).json();
  const loadPyodide = await importPyodide();
  let pyodide = null;
  let boot = "normal";
  let bootNote = "";
  if (manifest.snapshot) {
    try {
      pyodide = await bootFromSnapshot(loadPyodide, manifest);
      boot = "snapshot";
    } catch (err) {
      handleJson = null;
      boot = "fallback";
      bootNote = String(err);
      console.warn("[engine] snapshot not used, starting normally:", bootNote);
      progress("fallback");
    }
  }
  if (!pyodide) pyodide = await bootNormally(loadPyodide, manifest);
  return { engine: manifest.engine, pyodide: pyodide.version, boot, bootNote };
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
  (versions) => {
    postMessage({ type: "ready", ...versions });
    for (const message of pending.splice(0)) answer(message.id, message.request);
  },
  (err) => {
    const error =
      err instanceof LoadError
        ? { code: err.code, where: "engine", zh: err.zh, en: err.en, detail: err.detail }
        : { code: "unknown", where: "engine", zh: "规则引擎载入失败", en: "The rules engine failed to load", detail: String(err) };
    postMessage({ type: "failed", error });
  },
);
