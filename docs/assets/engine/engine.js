// window.changpaiEngine: the browser side of the rules engine (the engine runs in worker.js).
//
//   changpaiEngine.ready            Promise that resolves when the engine is loaded ({engine, pyodide} versions)
//                                   and rejects with an EngineLoadError ({code, zh, en, detail}). Reading it
//                                   starts the load when the browser is next idle; pages without widgets never
//                                   download Pyodide. The detail also says how it booted: boot "snapshot"
//                                   (the build's memory snapshot) or "fallback" (normal start; bootNote says why).
//   changpaiEngine.start()          the same promise, starting the load at once; .started says whether it began.
//   changpaiEngine.call(request)    Promise<response>, exactly as changpai.api.handle: {"command": ..., ...}
//                                   → dict, or {"error": {code, where, zh, en}}. Rejects only if loading failed.
//   changpaiEngine.addEventListener("progress" | "ready" | "failed", fn)   event.detail as posted by the worker
//   changpaiEngine.status(element)  shows "loading the engine …%" in the page's language inside element when
//                                   loading takes longer than a moment, and a clear message if it fails.
//   changpaiEngine.lang()           "zh" or "en", the current page's language.
//   changpaiEngine.siteRoot         absolute URL of the site root (for assets such as card images), the same
//                                   under /en/ and after instant navigation.
//
// The script is loaded once per visit (instant navigation keeps it), so one worker serves every page.
(() => {
  "use strict";
  if (window.changpaiEngine) return;

  const BASE = new URL("./", document.currentScript.src);
  const LOAD_TIMEOUT_MS = 120000;
  const SHOW_STATUS_AFTER_MS = 300;

  class EngineLoadError extends Error {
    constructor({ code, zh, en, detail }) {
      super(en);
      this.name = "EngineLoadError";
      this.code = code;
      this.zh = zh;
      this.en = en;
      this.detail = detail || "";
    }
  }

  const events = new EventTarget();
  let worker = null;
  let readyPromise = null;
  let nextId = 1;
  const waiting = new Map();
  let lastProgress = { stage: "idle", fraction: 0, zh: "", en: "" };
  let loaded = false;
  let failure = null;

  function emit(type, detail) {
    events.dispatchEvent(new CustomEvent(type, { detail }));
  }

  function fail(error) {
    if (failure) return;
    failure = new EngineLoadError(error);
    emit("failed", error);
    for (const { reject } of waiting.values()) reject(failure);
    waiting.clear();
    if (worker) worker.terminate();
  }

  function start() {
    if (readyPromise) return readyPromise;
    readyPromise = new Promise((resolve, reject) => {
      events.addEventListener("ready", (event) => resolve(event.detail), { once: true });
      events.addEventListener("failed", () => reject(failure), { once: true });
    });
    readyPromise.catch(() => {}); // callers handle it; keep the console free of "unhandled rejection"
    if (location.protocol === "file:") {
      // Browsers do not run workers or fetch wasm for pages opened from disk.
      fail({
        code: "file",
        zh: "从本地文件打开的页面无法运行规则引擎，请通过网址访问本站（bash scripts/serve.sh）",
        en: "The rules engine cannot run in a page opened from a file: open the site through its web address (bash scripts/serve.sh)",
      });
      return readyPromise;
    }
    try {
      worker = new Worker(new URL("worker.js", BASE), { type: "module", name: "changpai-engine" });
    } catch (err) {
      fail({
        code: "worker",
        zh: "此浏览器无法启动后台线程（Web Worker），规则引擎不可用",
        en: "This browser cannot start a Web Worker, so the rules engine is unavailable",
        detail: String(err),
      });
      return readyPromise;
    }
    const timer = setTimeout(
      () =>
        fail({
          code: "timeout",
          zh: "规则引擎载入超时",
          en: "The rules engine took too long to load",
          detail: `${LOAD_TIMEOUT_MS} ms`,
        }),
      LOAD_TIMEOUT_MS,
    );
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "progress") {
        lastProgress = message;
        emit("progress", message);
      } else if (message.type === "ready") {
        clearTimeout(timer);
        loaded = true;
        lastProgress = { stage: "ready", fraction: 1, zh: "规则引擎已就绪", en: "The rules engine is ready" };
        emit("ready", { engine: message.engine, pyodide: message.pyodide, boot: message.boot, bootNote: message.bootNote });
      } else if (message.type === "failed") {
        clearTimeout(timer);
        fail(message.error);
      } else if (message.type === "response") {
        const entry = waiting.get(message.id);
        waiting.delete(message.id);
        if (entry) entry.resolve(message.response);
      }
    };
    worker.onerror = (event) => {
      clearTimeout(timer);
      fail({
        code: "worker",
        zh: "规则引擎的后台线程出错",
        en: "The rules engine's worker failed",
        detail: event.message || "worker error",
      });
    };
    return readyPromise;
  }

  function call(request) {
    start();
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ type: "call", id, request });
    });
  }

  function lastLine(text) {
    const lines = String(text).split("\n").map((line) => line.trim()).filter(Boolean);
    const line = lines.length ? lines[lines.length - 1] : "";
    return line.length > 200 ? `${line.slice(0, 200)}…` : line;
  }

  function lang() {
    return (document.documentElement.lang || "zh").toLowerCase().startsWith("en") ? "en" : "zh";
  }

  // Loading indicator + failure message for a widget. Returns a function that removes the listeners.
  function status(element) {
    element.classList.add("cp-engine-status");
    element.setAttribute("role", "status");
    element.setAttribute("aria-live", "polite");
    const render = () => {
      const language = lang();
      if (failure) {
        element.hidden = false;
        element.classList.add("cp-engine-status--failed");
        element.setAttribute("role", "alert");
        const other = language === "zh" ? "en" : "zh";
        element.innerHTML = "";
        const main = document.createElement("strong");
        main.textContent =
          language === "zh"
            ? `规则引擎没能载入：${failure.zh}。请刷新页面重试。`
            : `The rules engine did not load: ${failure.en}. Please reload the page to try again.`;
        const second = document.createElement("span");
        second.lang = other;
        second.className = "cp-engine-status__other";
        second.textContent = other === "zh" ? failure.zh : failure.en;
        const detail = document.createElement("code");
        detail.textContent = `${failure.code}${failure.detail ? `: ${lastLine(failure.detail)}` : ""}`;
        element.append(main, " ", second, " ", detail);
        return;
      }
      if (loaded) {
        element.hidden = true;
        return;
      }
      element.hidden = false;
      const percent = Math.round((lastProgress.fraction || 0) * 100);
      const text = lastProgress[language] || (language === "zh" ? "正在载入规则引擎…" : "Loading the rules engine…");
      element.innerHTML = "";
      const label = document.createElement("span");
      label.textContent = `${text} ${percent}%`;
      const bar = document.createElement("progress");
      bar.max = 100;
      bar.value = percent;
      element.append(label, " ", bar);
    };
    element.hidden = true;
    const showTimer = setTimeout(render, SHOW_STATUS_AFTER_MS);
    const onProgress = () => {
      if (!element.hidden || failure) render();
    };
    const onDone = () => {
      clearTimeout(showTimer);
      render();
    };
    events.addEventListener("progress", onProgress);
    events.addEventListener("ready", onDone);
    events.addEventListener("failed", onDone);
    if (loaded || failure) onDone();
    return () => {
      clearTimeout(showTimer);
      events.removeEventListener("progress", onProgress);
      events.removeEventListener("ready", onDone);
      events.removeEventListener("failed", onDone);
    };
  }

  // Reading `ready` (a widget on the page) starts the engine when the browser is next idle, so the page itself
  // loads first; call() (the visitor asked something) starts it at once. Pages without widgets never start it.
  const IDLE_START_TIMEOUT_MS = 2000;
  let idleReady = null;

  function startWhenIdle() {
    if (readyPromise) return readyPromise;
    if (!idleReady) {
      idleReady = new Promise((resolve, reject) => {
        const go = () => start().then(resolve, reject);
        if (window.requestIdleCallback) window.requestIdleCallback(go, { timeout: IDLE_START_TIMEOUT_MS });
        else setTimeout(go, 200);
      });
      idleReady.catch(() => {});
    }
    return idleReady;
  }

  window.changpaiEngine = {
    get ready() {
      return startWhenIdle();
    },
    start,
    get started() {
      return readyPromise !== null;
    },
    call,
    status,
    lang,
    siteRoot: new URL("../../", BASE).href,
    get progress() {
      return lastProgress;
    },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    EngineLoadError,
  };
})();
