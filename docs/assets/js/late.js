// The page's scripts run once its first frame is drawn (issue 18: as deferred scripts, Material's bundle ran for
// 40-50 ms while the deals page's first frame was still being drawn and sent to the screen, and the first paint
// waited). The build (sitebuild/ext_lean.py) writes this script inline into every page's <head>, puts a preload
// where each script was (so each is fetched as early as before) and lists them in <meta name="cp-late-scripts">.
// Once the page is parsed, the scripts are added in their order two animation frames later (or after LATE_MS,
// for a page that is not being drawn, such as a tab in the background). Every DOMContentLoaded listener is held
// until they have all run, as deferred scripts held the event before: Material's bundle and the page's inline
// scripts wait for it, and a listener added after that is called at once, in a task of its own. The <meta> then
// says data-ran (the browser tests wait for it after each page load).
(() => {
  "use strict";
  const LATE_MS = 250;
  const listen = EventTarget.prototype.addEventListener;
  const held = [];
  let released = false;
  const call = (listener) => {
    const event = new Event("DOMContentLoaded");
    if (typeof listener === "function") listener.call(document, event);
    else if (listener && typeof listener.handleEvent === "function") listener.handleEvent(event);
  };
  document.addEventListener = function (type, listener, options) {
    if (type !== "DOMContentLoaded") return listen.call(this, type, listener, options);
    if (released) setTimeout(() => call(listener));
    else held.push(listener);
  };
  const release = (meta) => {
    released = true;
    if (meta) meta.setAttribute("data-ran", "");
    for (const listener of held.splice(0)) call(listener);
  };
  listen.call(document, "DOMContentLoaded", () => {
    const meta = document.querySelector('meta[name="cp-late-scripts"]');
    const sources = meta ? meta.content.split(/\s+/).filter(Boolean) : [];
    if (!sources.length) {
      release(meta);
      return;
    }
    let added = false;
    const add = () => {
      if (added) return;
      added = true;
      let left = sources.length;
      const done = () => {
        left -= 1;
        if (left === 0) release(meta);
      };
      for (const src of sources) {
        const script = document.createElement("script");
        script.src = src;
        script.async = false; // in the listed order, as deferred scripts ran
        script.addEventListener("load", done);
        script.addEventListener("error", done);
        document.body.append(script);
      }
    };
    requestAnimationFrame(() => requestAnimationFrame(add));
    setTimeout(add, LATE_MS);
  });
})();
