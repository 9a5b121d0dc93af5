/* Service worker of the changpai site. Written at build time by sitebuild/ext_offline.py from this template
 * (VERSION and FILES are filled in: FILES maps every file of the build to a hash of its content).
 *
 * Two modes:
 * - a visitor (the default): the network first, through the browser's HTTP cache (the server revalidates with
 *   ETags, so an unchanged file costs a 304 and no bytes); what was fetched is kept, so a page seen once opens
 *   offline; nothing is downloaded ahead. A new build shows on the next load. Files whose name or address carries
 *   their content hash come from the cache first (they cannot be stale).
 * - "keep this site offline" (the kiosk asks for it, and so may a visitor): every file of the build is cached ahead
 *   and served from the cache first. Files are cached under their path AND content hash, in one cache shared by
 *   builds, so a new build fetches only the files that changed, and two builds never mix: each worker reads only
 *   its own hashes.
 *
 * Never twice: a file being fetched for a page and for the precache at once is fetched once (`inflight`), and the
 * precache goes through the HTTP cache (what the page just loaded is not downloaded again).
 * Offline, an address that is no file of the site gets the 404 page of its language, with status 404.
 * Update: a new worker takes over at once, unless a kiosk is open: the kiosk activates it at its idle reset
 * (message "changpai-sw-activate"), a safe moment, and reloads. Open pages are told (controllerchange) and leave
 * instant navigation for one full load (see ext_offline.registration_script).
 */
"use strict";

const VERSION = __VERSION__;
const FILES = __FILES__;
const PREFIX = "changpai-";
const CONTENT = PREFIX + "content"; // every file of the builds in use, keyed by path and content hash
const SETTINGS = PREFIX + "settings";
const ENGINE_SNAPSHOT = PREFIX + "engine-snapshot"; // the engine worker's decompressed snapshot (it prunes it itself)
const KEEP_OFFLINE = "keep-offline";
const SCOPE = new URL("./", self.location.href);
const NOT_FOUND = [
  ["en/", "en/404.html"],
  ["", "404.html"],
]; // address prefix → that language's 404 page
const BATCH = 6; // files fetched at once by the precache: a small kiosk computer stays responsive

const inflight = new Map(); // cache key → Promise (stored), shared by page requests and the precache
let keepOfflineFlag = null;

/** The file's path in the build ("dir/" is "dir/index.html"), or null outside the site. */
function pathOf(url) {
  const u = new URL(url);
  if (u.origin !== SCOPE.origin || !u.pathname.startsWith(SCOPE.pathname)) return null;
  let path = decodeURIComponent(u.pathname.slice(SCOPE.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  return path;
}

function keyOf(path) {
  return `${new URL(path, SCOPE).href}?cp-hash=${FILES[path]}`;
}

async function keepOffline() {
  if (keepOfflineFlag === null) {
    const settings = await caches.open(SETTINGS);
    keepOfflineFlag = Boolean(await settings.match(KEEP_OFFLINE));
  }
  return keepOfflineFlag;
}

/** Fetch one file of this build into the cache, unless it is there (under this hash) or on its way. */
async function fetchInto(cache, path) {
  const key = keyOf(path);
  if (inflight.has(key)) return inflight.get(key);
  if (await cache.match(key)) return undefined;
  const job = (async () => {
    const response = await fetch(new URL(path, SCOPE).href); // through the HTTP cache: a 304 costs no bytes
    if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
    await cache.put(key, response);
  })().finally(() => inflight.delete(key));
  inflight.set(key, job);
  return job;
}

let precaching = null;

/** Every file of this build in the cache (only those not there already are fetched). */
function precacheAll() {
  if (!precaching) {
    precaching = (async () => {
      const cache = await caches.open(CONTENT);
      const paths = Object.keys(FILES);
      for (let i = 0; i < paths.length; i += BATCH) {
        await Promise.all(paths.slice(i, i + BATCH).map((path) => fetchInto(cache, path)));
      }
    })().finally(() => {
      precaching = null;
    });
  }
  return precaching;
}

async function cachedCount() {
  const cache = await caches.open(CONTENT);
  const keys = new Set((await cache.keys()).map((request) => request.url));
  return Object.keys(FILES).filter((path) => keys.has(keyOf(path))).length;
}

async function kioskOpen() {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return windows.some((client) => /\/kiosk\/(index\.html)?$/.test(new URL(client.url).pathname));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CONTENT);
      await Promise.all(NOT_FOUND.map(([, page]) => page).filter((p) => p in FILES).map((p) => fetchInto(cache, p)));
      if (await keepOffline()) await precacheAll();
      // A kiosk takes the new build at its idle reset; everyone else at once (their next load is the new build).
      if (!(self.registration.active && (await kioskOpen()))) await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith(PREFIX) && ![CONTENT, SETTINGS, ENGINE_SNAPSHOT].includes(n)).map((n) => caches.delete(n)),
      );
      // Files of older builds go; this build's stay (the next build reuses whatever did not change).
      const cache = await caches.open(CONTENT);
      const wanted = new Set(Object.keys(FILES).map(keyOf));
      await Promise.all((await cache.keys()).filter((r) => !wanted.has(r.url)).map((r) => cache.delete(r)));
      await self.clients.claim();
    })(),
  );
});

async function notFound(path) {
  const cache = await caches.open(CONTENT);
  const [, page] = NOT_FOUND.find(([prefix]) => (path || "").startsWith(prefix));
  const cached = page in FILES ? await cache.match(keyOf(page)) : null;
  const body = cached ? await cached.blob() : "404";
  return new Response(body, { status: 404, statusText: "Not Found", headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// A name or address that carries the content's hash (bundle.a5f9d56c.min.js, engine-4792554b1b19.snapshot.gz,
// fonts' "?v=<hash>") never changes meaning: the cached copy is the file, online or not.
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[A-Za-z0-9.]+$/;

function immutable(url, path) {
  if (HASHED_NAME.test(path)) return true;
  const hash = FILES[path];
  const given = new URL(url).searchParams;
  return ["v", "sha256", "h"].some((name) => {
    const value = given.get(name);
    return value && value.length >= 8 && (value.startsWith(hash) || hash.startsWith(value));
  });
}

async function respond(event) {
  const request = event.request;
  const path = pathOf(request.url);
  const known = path !== null && Object.prototype.hasOwnProperty.call(FILES, path);
  if (!known) {
    try {
      return await fetch(request);
    } catch (error) {
      if (request.mode === "navigate") return notFound(path);
      throw error;
    }
  }
  const key = keyOf(path);
  const cache = await caches.open(CONTENT);
  const pending = inflight.get(key);
  if (pending) await pending.catch(() => {}); // on its way for the precache (or another page): fetched once
  if (pending || immutable(request.url, path) || (await keepOffline())) {
    const hit = await cache.match(key);
    if (hit) return hit;
  }
  // Claimed before the network answers, so the precache waits for this fetch instead of making its own.
  let settle = null;
  const job = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  }).finally(() => inflight.delete(key));
  job.catch(() => {});
  inflight.set(key, job);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    settle.reject(error);
    const hit = (await cache.match(key)) || (await cache.match(new URL(path, SCOPE).href, { ignoreSearch: true }));
    if (hit) return hit;
    throw error;
  }
  if (response.status === 200 && !request.headers.has("range")) {
    const stored = cache.put(key, response.clone());
    stored.then(settle.resolve, settle.reject);
    event.waitUntil(stored.catch(() => {}));
  } else {
    settle.resolve();
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  if (url.pathname === new URL("sw.js", SCOPE).pathname) return;
  event.respondWith(respond(event));
});

/* Messages from pages:
 *   changpai-sw-version   → {version, files, cached, keepOffline}   (the offline test, the kiosk)
 *   changpai-keep-offline → cache the whole build ahead, from now on; answers like changpai-sw-version when done
 *   changpai-sw-activate  → a waiting worker takes over now (the kiosk's idle reset)
 */
self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports[0];
  const report = async () => ({ version: VERSION, files: Object.keys(FILES).length, cached: await cachedCount(), keepOffline: await keepOffline() });
  if (data.type === "changpai-sw-version") {
    event.waitUntil(report().then((info) => port && port.postMessage(info)));
  } else if (data.type === "changpai-keep-offline") {
    event.waitUntil(
      (async () => {
        const settings = await caches.open(SETTINGS);
        await settings.put(KEEP_OFFLINE, new Response("1"));
        keepOfflineFlag = true;
        let error = null;
        await precacheAll().catch((err) => {
          error = String(err);
        });
        if (port) port.postMessage({ ...(await report()), error });
      })(),
    );
  } else if (data.type === "changpai-sw-activate") {
    event.waitUntil(self.skipWaiting());
  }
});
