"""Offline: a service worker that keeps the site working without a network (sitebuild/sw_template.js).

After the build, ``sw.js`` is written at the site root from ``sitebuild/sw_template.js`` with

* ``FILES``: every file of the site (both languages, Pyodide, the engine, fonts, search index) mapped to a short hash
  of its content — source maps and the worker itself excepted. The worker caches files under path and hash, so a new
  build downloads only what changed;
* ``VERSION``: a hash of that map, so a new build is a new worker.

Every page gets a small script that registers the worker (a few seconds after load, so it does not compete with the
page's own first requests) and offers ``window.changpaiOffline`` (keep the site offline, a waiting update, activate
it). The kiosk (not the reader's games, learn/play), and a ``[data-cp-keep-offline]`` button, ask the worker to keep
the whole site offline; the kiosk waits until an engine that is loading has loaded, so its files come from the HTTP
cache, not from the server again.

Ordering: the hooks call ``on_post_build`` after the i18n plugin has written every language. The font subsetting runs
after the ext modules; ``on_site_finished`` (called at the very end, after ext_csp has written the pages' policy)
rewrites the worker so the final pages and subset fonts are listed and hashed as written.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from mkdocs.utils import get_relative_url

from sitebuild.hooks import site_root

SW_NAME = "sw.js"
TEMPLATE = Path(__file__).resolve().parent / "sw_template.js"
EXCLUDED_SUFFIXES = (".map",)  # .gz files are fetched as they are (sitemap.xml.gz, the engine snapshot)
# The offline plugin writes search/search_index.js from search_index.json at the very end of the build;
# list it whenever the JSON exists (its content is the JSON's, which is hashed).
DERIVED_FILES = {"search/search_index.json": "search/search_index.js"}
REGISTER_DELAY_MS = 2500


def site_files(root: Path) -> list[str]:
    """Every file to precache, as sorted POSIX paths relative to the site root."""
    found: set[str] = set()
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in filenames:
            rel = (Path(dirpath) / name).relative_to(root).as_posix()
            if rel == SW_NAME or rel.endswith(EXCLUDED_SUFFIXES):
                continue
            found.add(rel)
    for source, derived in DERIVED_FILES.items():
        if source in found:
            found.add(derived)
    return sorted(found)


def file_hashes(root: Path, files: list[str]) -> dict[str, str]:
    """Each file's content hash (12 hex digits of SHA-256); a derived file counts through its source."""
    hashes: dict[str, str] = {}
    sources = {derived: source for source, derived in DERIVED_FILES.items()}
    for rel in files:
        path = root / rel
        if not path.is_file() and rel in sources:
            path = root / sources[rel]
        if path.is_file():
            hashes[rel] = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return hashes


def content_version(root: Path, files: list[str]) -> str:
    """A short hash of every listed file's path and content hash."""
    digest = hashlib.sha256()
    for rel, file_hash in sorted(file_hashes(root, files).items()):
        digest.update(f"{rel}\0{file_hash}\n".encode())
    return digest.hexdigest()[:16]


def render_worker(files: dict[str, str], version: str) -> str:
    template = TEMPLATE.read_text(encoding="utf-8")
    for placeholder in ("__VERSION__", "__FILES__"):
        if placeholder not in template:
            raise ValueError(f"{TEMPLATE.name}: the placeholder {placeholder} is missing")
    listing = json.dumps(files, indent=0, sort_keys=True)
    return template.replace("__VERSION__", json.dumps(version)).replace("__FILES__", listing)


def write_service_worker(root: Path) -> Path:
    files = site_files(root)
    target = root / SW_NAME
    target.write_text(render_worker(file_hashes(root, files), content_version(root, files)), encoding="utf-8")
    return target


def on_post_build(config) -> None:
    write_service_worker(site_root(config))


def on_site_finished(site_dir) -> None:
    write_service_worker(Path(site_dir))


# The page side, minified by hand below. __SW__ is the worker's address relative to the page.
REGISTRATION_JS = """(function(){
if(!('serviceWorker' in navigator)||!/^https?:$/.test(location.protocol))return;
var sw=navigator.serviceWorker,url=new URL(__SW__,location.href).href,waiting=[],had=!!sw.controller;
function ask(worker,type){return new Promise(function(ok){var c=new MessageChannel();
c.port1.onmessage=function(e){ok(e.data);};worker.postMessage({type:type},[c.port2]);});}
function watch(reg){function check(){if(reg.waiting&&sw.controller)waiting.splice(0).forEach(function(f){f();});}
check();reg.addEventListener('updatefound',function(){var w=reg.installing;
if(w)w.addEventListener('statechange',check);});return reg;}
var ready=sw.ready.then(watch);
function keep(){return ready.then(function(reg){return ask(reg.active,'changpai-keep-offline');});}
window.changpaiOffline={ready:ready,keep:keep,
version:function(){return ready.then(function(reg){return ask(reg.active,'changpai-sw-version');});},
check:function(){return ready.then(function(reg){return reg.update();}).catch(function(){});},
updateWaiting:function(){return ready.then(function(reg){return !!reg.waiting;});},
onUpdateWaiting:function(f){waiting.push(f);ready.then(function(reg){if(reg.waiting&&sw.controller)f();});},
activateUpdate:function(){return ready.then(function(reg){if(!reg.waiting)return false;
return new Promise(function(ok){sw.addEventListener('controllerchange',function(){ok(true);},{once:true});
reg.waiting.postMessage({type:'changpai-sw-activate'});setTimeout(function(){ok(false);},5000);});});}};
sw.addEventListener('controllerchange',function(){if(!had){had=true;return;}
document.addEventListener('click',function(e){var a=e.target instanceof Element&&e.target.closest('a[href]');
if(!a||e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||a.target)return;
var to=new URL(a.href,location.href);if(to.origin!==location.origin||to.pathname===location.pathname)return;
e.preventDefault();e.stopImmediatePropagation();location.assign(to.href);},true);});
function go(){sw.register(url).catch(function(e){console.warn('service worker not registered:',e);});
if(document.querySelector('#kiosk-app:not([data-mode=reader])')){var e=window.changpaiEngine;
(e&&e.started?e.ready.catch(function(){}):Promise.resolve()).then(keep);setInterval(function(){window.changpaiOffline.check();},__CHECK_MS__);}}
document.addEventListener('click',function(e){
var b=e.target instanceof Element&&e.target.closest('[data-cp-keep-offline]');if(!b)return;
b.disabled=true;b.setAttribute('aria-busy','true');
keep().then(function(r){var ok=r&&!r.error;b.removeAttribute('aria-busy');b.dataset.state=ok?'done':'failed';
b.append(ok?' \u2713':' \u2717');});});
function later(){setTimeout(go,__DELAY__);}
if(document.readyState==='complete')later();else addEventListener('load',later);
})();"""
UPDATE_CHECK_MS = 10 * 60 * 1000  # a kiosk page stays open for hours: look for a new build this often


def registration_script(page_url: str) -> str:
    """An inline script registering the site's worker, with a path relative to the page."""
    sw_url = get_relative_url(SW_NAME, page_url or "index.html")
    # The URL is resolved at once: instant navigation may change location.href before the delayed registration.
    body = (
        REGISTRATION_JS.replace("\n", "")
        .replace("__SW__", json.dumps(sw_url))
        .replace("__DELAY__", str(REGISTER_DELAY_MS))
        .replace("__CHECK_MS__", str(UPDATE_CHECK_MS))
    )
    return f"<script>{body}</script>"


def on_post_page(output: str, page, config) -> str:
    script = registration_script(page.url)
    index = output.rfind("</body>")
    if index == -1:
        return output + script
    return output[:index] + script + output[index:]
