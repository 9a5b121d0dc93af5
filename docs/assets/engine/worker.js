// Web Worker that runs the changpai engine in Pyodide, so the page never freezes.
// Everything is fetched from this site: Pyodide from ./pyodide/, the engine wheel named in ./manifest.json.
// Messages in:  {type: "call", id, request}
// Messages out: {type: "progress", stage, fraction, zh, en}
//               {type: "ready", engine, pyodide}
//               {type: "failed", error: {code, where, zh, en, detail}}
//               {type: "response", id, response}

const BASE = new URL("./", self.location.href);

const STAGES = {
  manifest: { fraction: 0.02, zh: "正在读取引擎清单…", en: "Reading the engine manifest…" },
  runtime: { fraction: 0.05, zh: "正在载入 Python 运行环境…", en: "Loading the Python runtime…" },
  wheel: { fraction: 0.85, zh: "正在下载规则引擎…", en: "Downloading the rules engine…" },
  import: { fraction: 0.95, zh: "正在启动规则引擎…", en: "Starting the rules engine…" },
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

async function readWithProgress(response, from, to) {
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
    progress("wheel", from + ((to - from) * loaded) / total);
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

async function load() {
  progress("manifest");
  const manifest = await (await fetchOk(new URL("manifest.json", BASE), "manifest", {
    zh: "引擎清单 manifest.json",
    en: "the engine manifest (manifest.json)",
  })).json();

  progress("runtime");
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(new URL("pyodide/pyodide.mjs", BASE).href));
  } catch (err) {
    throw new LoadError("runtime", "无法载入 Pyodide 运行环境", "Could not load the Pyodide runtime", String(err));
  }
  let pyodide;
  try {
    pyodide = await loadPyodide({
      indexURL: new URL("pyodide/", BASE).href,
      fullStdLib: false,
      stdout: () => {},
      stderr: (line) => console.debug("[engine]", line),
    });
  } catch (err) {
    throw new LoadError("runtime", "Pyodide 运行环境启动失败", "The Pyodide runtime failed to start", String(err));
  }

  progress("wheel");
  // Cache-bust by content hash, so a rebuilt engine is never served stale.
  const wheelUrl = new URL(`${manifest.wheel}?sha256=${manifest.sha256}`, BASE);
  const wheelResponse = await fetchOk(wheelUrl, "wheel", {
    zh: `规则引擎 ${manifest.wheel}`,
    en: `the rules engine (${manifest.wheel})`,
  });
  const wheel = await readWithProgress(wheelResponse, STAGES.wheel.fraction, STAGES.import.fraction);
  try {
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  } catch (err) {
    throw new LoadError("wheel", "规则引擎安装包已损坏", "The rules engine package is damaged", String(err));
  }

  progress("import");
  try {
    const api = pyodide.pyimport("changpai.api");
    handleJson = api.handle_json;
  } catch (err) {
    throw new LoadError("import", "规则引擎无法启动", "The rules engine could not start", String(err));
  }
  return { engine: manifest.engine, pyodide: pyodide.version };
}

function answer(id, request) {
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
