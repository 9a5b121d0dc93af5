// window.changpaiEngine: the browser side of the rules engine (the engine runs in worker.js).
//
//   changpaiEngine.ready            Promise that resolves when the engine is loaded ({engine, pyodide} versions)
//                                   and rejects with an EngineLoadError ({code, zh, en, detail}). Reading it
//                                   starts the load when the browser is next idle; pages without widgets never
//                                   download Pyodide. The detail also says how it booted: boot "snapshot"
//                                   (the build's memory snapshot) or "fallback" (normal start; bootNote says why);
//                                   snapshot "downloaded" or "kept" (the copy the worker kept after the first
//                                   start, in the origin private file system); timings: the worker's marks and
//                                   fetches (benchmarks/bench_site.py).
//   changpaiEngine.start()          the same promise, starting the load at once; .started says whether it began.
//                                   A returning reader's engine (its snapshot kept) starts with the page: early.js
//                                   starts the worker from <head> and this script takes it up (health.startedEarly).
//   changpaiEngine.call(request, {timeoutMs})  Promise<response>, exactly as changpai.api.handle: {"command": ...}
//                                   → dict, or {"error": {code, where, zh, en}}. Rejects (an EngineLoadError) if
//                                   loading failed, if the request cannot be sent (code "unsendable", e.g. nested
//                                   too deeply), or if the worker died or got stuck (code "restarted": the worker
//                                   is replaced at once and `ready` resolves again when the new one is up).
//   changpaiEngine.addEventListener("progress" | "ready" | "failed" | "restart", fn)   event.detail as posted
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
  // Liveness: every engine answer takes milliseconds (the slowest, an analysis, well under a second), so a call
  // unanswered after CALL_TIMEOUT_MS means a stuck worker. While idle the worker is pinged; a missing pong means
  // a dead one. Either way it is terminated and a new one started; pending calls reject with code "restarted".
  const CALL_TIMEOUT_MS = 15000;
  const PING_EVERY_MS = 2000;
  const PONG_WITHIN_MS = 2000;
  const RESTART_BACKOFF_MS = [0, 1000, 3000, 10000, 30000]; // consecutive restarts without a good answer between

  class EngineLoadError extends Error {
    constructor({ code, zh, en, detail, where }) {
      super(en);
      this.name = "EngineLoadError";
      this.code = code;
      this.zh = zh;
      this.en = en;
      this.where = where || "engine";
      this.detail = detail || "";
    }
  }

  const events = new EventTarget();
  let worker = null;
  let readyPromise = null;
  let nextId = 1;
  const waiting = new Map(); // id → {resolve, reject, request, timer}
  let lastProgress = { stage: "idle", fraction: 0, zh: "", en: "" };
  let loaded = false;
  let failure = null;
  let loadTimer = null;
  let pingTimer = null;
  let restarts = 0; // how many times the worker was replaced in this visit
  let restartsInARow = 0;
  let lastRestart = null; // {reason, at, readyAt} for the kiosk and the tests
  let lastAnswerAt = 0;
  let snapshotKept = null; // after a start from a downloaded snapshot: whether the worker kept it (worker.js)
  let startedEarly = false; // whether early.js started this visit's engine with the page
  let deaf = false; // simulateFailure("hang"): the page stops hearing the worker, as if it were stuck

  function emit(type, detail) {
    events.dispatchEvent(new CustomEvent(type, { detail }));
  }

  function stopTimers() {
    clearTimeout(loadTimer);
    clearInterval(pingTimer);
    loadTimer = pingTimer = null;
  }

  function rejectAll(error) {
    for (const entry of waiting.values()) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
    waiting.clear();
  }

  function fail(error) {
    if (failure) return;
    failure = new EngineLoadError(error);
    stopTimers();
    emit("failed", error);
    rejectAll(failure);
    if (worker) worker.terminate();
    worker = null;
  }

  function newReadyPromise() {
    readyPromise = new Promise((resolve, reject) => {
      const onReady = (event) => {
        events.removeEventListener("failed", onFailed);
        resolve(event.detail);
      };
      const onFailed = () => {
        events.removeEventListener("ready", onReady);
        reject(failure);
      };
      events.addEventListener("ready", onReady, { once: true });
      events.addEventListener("failed", onFailed, { once: true });
    });
    readyPromise.catch(() => {}); // callers handle it; keep the console free of "unhandled rejection"
    return readyPromise;
  }

  /** The worker stopped answering (stuck, dead or crashed): replace it. Pending calls reject at once. */
  function restart(reason, detail) {
    if (failure || !worker) return;
    const old = worker;
    worker = null;
    old.onmessage = old.onerror = old.onmessageerror = null;
    old.terminate();
    stopTimers();
    loaded = false;
    deaf = false;
    restarts += 1;
    restartsInARow += 1;
    lastRestart = { reason, detail: detail || "", at: performance.now(), readyAt: null };
    const error = new EngineLoadError({
      code: "restarted",
      where: "engine",
      zh: "规则引擎停止了响应，正在重新启动",
      en: "The rules engine stopped responding and is being restarted",
      detail: `${reason}${detail ? `: ${detail}` : ""}`,
    });
    rejectAll(error);
    lastProgress = { stage: "restart", fraction: 0, zh: error.zh, en: error.en };
    newReadyPromise();
    emit("restart", { reason, detail: error.detail, restarts });
    const delay = RESTART_BACKOFF_MS[Math.min(restartsInARow - 1, RESTART_BACKOFF_MS.length - 1)];
    setTimeout(spawn, delay);
  }

  function send(message) {
    if (worker) worker.postMessage(message);
  }

  function startPings() {
    let awaiting = null; // the ping id not yet answered
    let sentAt = 0;
    pingTimer = setInterval(() => {
      if (!worker) return;
      if (awaiting !== null) {
        if (performance.now() - sentAt > PONG_WITHIN_MS) restart("no-pong", `no answer to a ping within ${PONG_WITHIN_MS} ms`);
        return;
      }
      if (waiting.size) {
        // The worker says "started" as it takes a call up; a call it never takes up while none is running
        // means a dead worker (a running call is watched by its own timeout: it may just be slow).
        const entries = [...waiting.values()];
        const running = entries.some((entry) => entry.startedAt !== null);
        const queued = entries.find((entry) => entry.startedAt === null && entry.sentAt !== null);
        const since = queued ? Math.max(queued.sentAt, lastAnswerAt) : 0;
        if (!running && queued && performance.now() - since > PONG_WITHIN_MS) {
          restart("no-pong", `a call not taken up within ${PONG_WITHIN_MS} ms`);
        }
        return;
      }
      awaiting = nextId++;
      sentAt = performance.now();
      send({ type: "ping", id: awaiting });
    }, PING_EVERY_MS / 2);
    return (id) => {
      if (id === awaiting) awaiting = null;
    };
  }

  function armCallTimer(id, entry) {
    entry.sentAt = performance.now();
    entry.timer = setTimeout(() => {
      if (waiting.get(id) === entry) restart("timeout", `${entry.request.command || "call"} unanswered after ${entry.timeoutMs} ms`);
    }, entry.timeoutMs);
  }

  // Whether this browser keeps the engine's snapshot: early.js then starts the worker with the next page.
  const KEPT_KEY = "changpai-engine-kept";
  function noteKept(kept) {
    try {
      if (kept) localStorage.setItem(KEPT_KEY, "1");
      else localStorage.removeItem(KEPT_KEY);
    } catch (err) {
      // storage refused: every start waits for the page, as on a first visit
    }
  }

  function spawn() {
    if (failure) return;
    // The worker early.js started for this page (a returning reader), once: a restart makes a new one.
    const early = window.__cpEarlyEngine || null;
    window.__cpEarlyEngine = null;
    if (early) startedEarly = true;
    try {
      worker = early ? early.worker : new Worker(new URL("worker.js", BASE), { type: "module", name: "changpai-engine" });
    } catch (err) {
      fail({
        code: "worker",
        zh: "此浏览器无法启动后台线程（Web Worker），规则引擎不可用",
        en: "This browser cannot start a Web Worker, so the rules engine is unavailable",
        detail: String(err),
      });
      return;
    }
    const self = worker;
    let pong = () => {};
    // Calls made while no worker was running (between a restart and this start) go to this one.
    for (const [id, entry] of waiting) {
      if (entry.posted) continue;
      try {
        worker.postMessage({ type: "call", id, request: entry.request });
        entry.posted = true;
      } catch (err) {
        waiting.delete(id);
        entry.reject(
          new EngineLoadError({
            code: "unsendable",
            where: entry.request.command || "call",
            zh: "这个请求无法交给规则引擎",
            en: "This request cannot be passed to the rules engine",
            detail: String(err),
          }),
        );
      }
    }
    loadTimer = setTimeout(
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
      if (worker !== self || deaf) return;
      const message = event.data || {};
      if (message.type === "progress") {
        lastProgress = message;
        emit("progress", message);
      } else if (message.type === "ready") {
        clearTimeout(loadTimer);
        loaded = true;
        lastProgress = { stage: "ready", fraction: 1, zh: "规则引擎已就绪", en: "The rules engine is ready" };
        if (lastRestart && lastRestart.readyAt === null) lastRestart.readyAt = performance.now();
        for (const [id, entry] of waiting) if (!entry.timer) armCallTimer(id, entry);
        pong = startPings();
        // A start from a kept copy means the next page may start early; a download, not until it is kept again.
        noteKept(message.boot === "snapshot" && message.snapshot === "kept");
        emit("ready", {
          engine: message.engine,
          pyodide: message.pyodide,
          boot: message.boot,
          bootNote: message.bootNote,
          restarts,
          snapshot: message.snapshot,
          timings: message.timings,
        });
      } else if (message.type === "failed") {
        fail(message.error || { code: "unknown", zh: "规则引擎载入失败", en: "The rules engine failed to load" });
      } else if (message.type === "kept") {
        snapshotKept = Boolean(message.ok);
        noteKept(snapshotKept);
      } else if (message.type === "pong") {
        pong(message.id);
      } else if (message.type === "started") {
        const entry = waiting.get(message.id);
        if (entry) entry.startedAt = performance.now();
      } else if (message.type === "response") {
        const entry = waiting.get(message.id);
        waiting.delete(message.id);
        lastAnswerAt = performance.now();
        if (!entry) return;
        clearTimeout(entry.timer);
        restartsInARow = 0;
        entry.resolve(message.response);
      }
    };
    worker.onerror = (event) => {
      if (worker !== self) return;
      if (event && event.preventDefault) event.preventDefault();
      const detail = (event && event.message) || "worker error";
      if (loaded) restart("crashed", detail);
      else
        fail({
          code: "worker",
          zh: "规则引擎的后台线程出错",
          en: "The rules engine's worker failed",
          detail,
        });
    };
    if (early) {
      // What the early worker said before this page listened, in order.
      for (const event of early.messages) worker.onmessage(event);
      for (const event of early.errors) worker.onerror(event);
    }
  }

  function start() {
    if (readyPromise) return readyPromise;
    newReadyPromise();
    if (location.protocol === "file:") {
      // Browsers do not run workers or fetch wasm for pages opened from disk.
      fail({
        code: "file",
        zh: "从本地文件打开的页面无法运行规则引擎，请通过网址访问本站（bash scripts/serve.sh）",
        en: "The rules engine cannot run in a page opened from a file: open the site through its web address (bash scripts/serve.sh)",
      });
      return readyPromise;
    }
    spawn();
    return readyPromise;
  }

  /** One request to the engine. options.timeoutMs: how long an answer may take before the worker counts as stuck. */
  function call(request, options) {
    start();
    if (failure) return Promise.reject(failure);
    const timeoutMs = Math.max(1, Number((options && options.timeoutMs) || CALL_TIMEOUT_MS));
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const entry = { resolve, reject, request: request || {}, timeoutMs, timer: null, sentAt: null, startedAt: null };
      entry.posted = false;
      waiting.set(id, entry);
      if (!worker) return; // between two workers (a restart): sent when the new one starts
      try {
        worker.postMessage({ type: "call", id, request });
        entry.posted = true;
      } catch (err) {
        // e.g. a RangeError from structured clone on very deep nesting: refuse this call, keep the engine.
        waiting.delete(id);
        reject(
          new EngineLoadError({
            code: "unsendable",
            where: (request && typeof request.command === "string" && request.command) || "call",
            zh: "这个请求无法交给规则引擎（数据嵌套太深或含有无法传送的值）",
            en: "This request cannot be passed to the rules engine (nested too deeply, or a value that cannot be sent)",
            detail: String(err),
          }),
        );
        return;
      }
      if (loaded) armCallTimer(id, entry);
    });
  }

  /** For the tests and the soak benchmark: make the worker die ("terminate") or stop answering ("hang"). */
  function simulateFailure(kind) {
    if (!worker) return false;
    if (kind === "terminate") worker.terminate(); // silently: only the missing pong tells
    else if (kind === "hang") deaf = true;
    else return false;
    return true;
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
    events.addEventListener("restart", onProgress);
    events.addEventListener("ready", onDone);
    events.addEventListener("failed", onDone);
    if (loaded || failure) onDone();
    return () => {
      clearTimeout(showTimer);
      events.removeEventListener("progress", onProgress);
      events.removeEventListener("restart", onProgress);
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
    simulateFailure,
    /** Restarts in this visit and the last one's reason and times (performance.now()), for the kiosk and tests;
     * snapshotKept: null until a downloaded snapshot has been kept for the next start (true) or could not be;
     * startedEarly: whether early.js started the engine with the page (a kept snapshot). */
    get health() {
      return { loaded, restarts, lastRestart, pending: waiting.size, snapshotKept, startedEarly };
    },
    EngineLoadError,
  };
  if (window.__cpEarlyEngine) start(); // early.js already started the worker: take it up now
})();
