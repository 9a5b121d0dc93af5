// Keeps a first visit light (issue #18). Loaded at the end of <body> (docs/overrides/main.html), just before
// Material's bundle, because it wraps XMLHttpRequest, which the bundle uses for two files it would otherwise fetch
// on every page:
// * search/search_index.json (~330 KB, both languages): fetched when the reader first opens the search (the search
//   box, its toggle, or Material's keys s, f, /), not on load; Material shows its "initialising" line meanwhile. It is
//   answered with the page's language's own index, search/search_index.<lang>.json (sitebuild/ext_search.py: about
//   half the bytes, and half the index to build), or the whole one when that cannot be had.
// * sitemap.xml: instant navigation reads it once for every language link (three copies of the same file).
//   It is fetched once, as the build's sitemap.xml.gz, and every request gets that text, with the site's own
//   origin in its URLs (Material compares host and port); sitemap.xml itself is the fallback.
// * card pictures and stylesheets: Material's instant navigation sets each src and href to itself on load; an
//   unchanged one is left alone (a stylesheet's until the first instant navigation).
// * the widget scripts: a page is built without those its widgets do not need (all of them, on a page without a
//   widget: sitebuild/ext_lean.py) and lists them in <meta name="cp-widget-scripts">; after an instant navigation
//   to a page with a widget of a kind no loaded script registers, they are added here.
(() => {
  "use strict";
  if (window.__cpLean) return;
  window.__cpLean = true;

  // Material's instant navigation makes every relative src and href of the page absolute by setting it to itself
  // (el.src = el.src), on load and again on each page it brings in. On this page that is costly: an <img> set
  // again restarts its request, a stylesheet <link> set again is loaded and applied again, which restyles the
  // whole page — on a rules page with hundreds of card pictures, seconds of a phone's main thread (issue 18).
  // So an image or stylesheet of this page that already has that address keeps it: an image for good (its request
  // stands; a broken one may still be set again to retry), a stylesheet until the first instant navigation, when its
  // absolute address is written (Material keeps the <head> elements whose HTML matches the next page's).
  const waiting = [];
  function keepAddress(proto, prop, loaded) {
    const own = Object.getOwnPropertyDescriptor(proto, prop);
    if (!own || !own.get || !own.set) return;
    Object.defineProperty(proto, prop, {
      configurable: true,
      enumerable: own.enumerable,
      get: own.get,
      set(value) {
        if (this.ownerDocument === document) {
          if (this.isConnected && String(value) === own.get.call(this) && loaded(this)) {
            if (proto === HTMLLinkElement.prototype) waiting.push([this, own.set, String(value)]);
            return;
          }
        } else {
          for (const [el, set, address] of waiting.splice(0)) if (el.isConnected) set.call(el, address);
        }
        own.set.call(this, value);
      },
    });
  }
  keepAddress(HTMLImageElement.prototype, "src", (img) => !img.complete || img.naturalWidth > 0);
  // Only a loaded stylesheet: Chrome reads an icon's address again after each instant navigation (a relative one
  // would then point under the new page).
  keepAddress(HTMLLinkElement.prototype, "href", (link) => link.rel === "stylesheet" && link.sheet !== null);

  const realFetch = window.fetch.bind(window);
  const ROOT = new URL("../../", document.currentScript.src); // assets/js/ → the site root

  let openSearch;
  const searchOpened = new Promise((resolve) => (openSearch = resolve));
  const SEARCH_KEYS = new Set(["s", "S", "f", "F", "/"]);
  document.addEventListener("focusin", (e) => e.target.closest?.("[data-md-component=search]") && openSearch(), true);
  document.addEventListener("click", (e) => e.target.closest?.('[for="__search"], #__search') && openSearch(), true);
  document.addEventListener("keydown", (e) => SEARCH_KEYS.has(e.key) && openSearch(), true);

  let sitemapText = null;
  async function decompressed(response) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes); // server already unpacked it
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text();
  }
  function sitemap() {
    if (!sitemapText) {
      sitemapText = realFetch(new URL("sitemap.xml.gz", ROOT))
        .then((r) => (r.ok && "DecompressionStream" in window ? decompressed(r) : Promise.reject(new Error(r.status))))
        .then((text) => text.replace(/(<loc>|href=")https?:\/\/[^/<"]+\//g, `$1${ROOT.origin}/`))
        .catch(() => realFetch(new URL("sitemap.xml", ROOT)).then((r) => r.text()));
    }
    return sitemapText;
  }

  function sitePath(url) {
    if (url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) return null;
    return url.pathname.slice(ROOT.pathname.length);
  }

  const realOpen = XMLHttpRequest.prototype.open;
  const realSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    try {
      this.__cpPath = method.toUpperCase() === "GET" ? sitePath(new URL(String(url), location.href)) : null;
    } catch {
      this.__cpPath = null;
    }
    return realOpen.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (body) {
    const path = this.__cpPath;
    if (path === "search/search_index.json") {
      const own = languageIndex(); // (the language of the page that opened the search: its results are the ones shown)
      searchOpened
        .then(() => own && realFetch(new URL(own, ROOT)))
        .then((response) => (response && response.ok ? response.text() : null))
        .catch(() => null)
        .then((text) => (text === null ? realSend.call(this, body) : answer(this, text, "application/json")));
      return;
    }
    if (path && /^([a-z]{2}(-[A-Za-z]+)?\/)?sitemap\.xml$/.test(path)) {
      // Answered here, without a second request (a blob: URL would need CSP's connect-src to allow it).
      sitemap().then((text) => answer(this, text, "application/xml"));
      return;
    }
    return realSend.call(this, body);
  };
  // The language's own search index (sitebuild/ext_search.py writes one per language, named so).
  function languageIndex() {
    const lang = (document.documentElement.lang || "").toLowerCase().split("-")[0];
    return /^[a-z]{2}$/.test(lang) ? `search/search_index.${lang}.json` : null;
  }
  // An XMLHttpRequest answered with ``text`` as if the server had sent it (as a blob when one was asked for).
  function answer(xhr, text, type) {
    const body = xhr.responseType === "blob" ? new Blob([text], { type }) : text;
    for (const [name, value] of Object.entries({ readyState: 4, status: 200, statusText: "OK", response: body })) {
      Object.defineProperty(xhr, name, { configurable: true, value });
    }
    if (xhr.responseType === "" || xhr.responseType === "text") {
      Object.defineProperty(xhr, "responseText", { configurable: true, value: text });
    }
    for (const event of ["readystatechange", "load", "loadend"]) {
      xhr.dispatchEvent(event === "readystatechange" ? new Event(event) : new ProgressEvent(event));
    }
  }

  // Resolved against the first page's address now: after instant navigation relative URLs would point elsewhere.
  let widgetScripts = null;
  let widgetScriptsAdded = false;
  function addWidgetScripts() {
    if (widgetScriptsAdded || !widgetScripts) return;
    const cp = window.cp;
    const served = (kind) => Boolean(cp && cp.registered && cp.registered(kind));
    if ([...document.querySelectorAll("[data-cp-widget]")].every((el) => served(el.dataset.cpWidget))) return;
    widgetScriptsAdded = true;
    // The engine client and core.js (window.cp) first: a widget added after the page loaded registers at once.
    const rank = (src) => (/\/engine\/engine\.js$/.test(src) ? 0 : /\/widgets\/core\.js$/.test(src) ? 1 : 2);
    for (const src of [...widgetScripts].sort((a, b) => rank(a) - rank(b))) {
      const script = document.createElement("script");
      script.src = src;
      script.async = false; // in the listed order: engine.js and core.js before the widgets
      document.body.append(script);
    }
  }
  document.addEventListener("DOMContentLoaded", () => {
    const meta = document.querySelector('meta[name="cp-widget-scripts"]');
    if (!meta) return; // this page was built with its scripts
    widgetScripts = meta.content.split(/\s+/).filter(Boolean).map((src) => new URL(src, document.baseURI).href);
    if (window.document$) window.document$.subscribe(addWidgetScripts);
  });
})();
