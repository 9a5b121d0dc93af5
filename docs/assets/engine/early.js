// A returning reader's engine starts with the page (issue 18, warm start). The build (sitebuild/ext_lean.py)
// writes this script inline into the <head> of each page that has a widget, before its stylesheets, so nothing
// holds it back (an async script waited ~150 ms for the main thread), with data-engine-base: the engine's folder
// relative to the page. When this browser has kept the engine's snapshot (engine.js notes it in localStorage once
// the worker says so), the worker is created at once, so it reads the kept copy and compiles the runtime while the
// page is still loading; engine.js adopts it, with the messages it sent meanwhile.
// A first visit starts nothing here: the engine still waits for a widget (when idle) or for the reader.
(() => {
  "use strict";
  const KEPT_KEY = "changpai-engine-kept"; // written and cleared by engine.js
  try {
    if (location.protocol === "file:" || localStorage.getItem(KEPT_KEY) !== "1") return;
  } catch (err) {
    return; // storage refused (private mode, a policy): no early start
  }
  try {
    const base = new URL(document.currentScript.dataset.engineBase, document.baseURI);
    const worker = new Worker(new URL("worker.js", base), { type: "module", name: "changpai-engine" });
    const early = { worker, messages: [], errors: [] };
    worker.onmessage = (event) => early.messages.push(event);
    worker.onerror = (event) => {
      if (event && event.preventDefault) event.preventDefault();
      early.errors.push(event);
    };
    window.__cpEarlyEngine = early;
  } catch (err) {
    // engine.js starts its own worker and reports the failure in the page's language
  }
})();
