/* Service worker of the changpai site: after one visit every page and widget works without a network.
 * Written at build time by sitebuild/ext_offline.py from this template (VERSION and FILES are filled in).
 *
 * - install: precache every file of the site (pages of both languages, Pyodide, the engine wheel, fonts)
 *   into a cache named after the content hash, bypassing the HTTP cache;
 * - activate: delete the caches of older builds, take control of open pages;
 * - fetch: same-origin GET requests are answered from the cache first ("/dir/" is "/dir/index.html"),
 *   then from the network; a page that is in neither gets the cached 404 page.
 */
"use strict";

const VERSION = __VERSION__;
const FILES = __FILES__;
const PREFIX = "changpai-";
const CACHE = PREFIX + VERSION;
const SCOPE = new URL("./", self.location.href);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // In batches: a few requests at a time keeps a small kiosk computer responsive.
      const batch = 8;
      for (let i = 0; i < FILES.length; i += batch) {
        await Promise.all(
          FILES.slice(i, i + batch).map(async (path) => {
            const url = new URL(path, SCOPE).href;
            const response = await fetch(new Request(url, { cache: "reload" }));
            if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
            await cache.put(url, response);
          }),
        );
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

/** The cache key of a URL: directory URLs name their index.html; the query string is ignored. */
function cacheKey(url) {
  const key = new URL(url.href);
  key.search = "";
  key.hash = "";
  if (key.pathname.endsWith("/")) key.pathname += "index.html";
  return key.href;
}

async function respond(request) {
  const url = new URL(request.url);
  const cache = await caches.open(CACHE);
  const cached = await cache.match(cacheKey(url));
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch (error) {
    if (request.mode === "navigate") {
      const notFound = await cache.match(new URL("404.html", SCOPE).href);
      if (notFound) return notFound;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  if (url.pathname === new URL("sw.js", SCOPE).pathname) return;
  event.respondWith(respond(request));
});

/* A page may ask which build is cached (the offline test and the kiosk use it). */
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "changpai-sw-version" && event.ports[0]) {
    event.ports[0].postMessage({ version: VERSION, files: FILES.length });
  }
});
