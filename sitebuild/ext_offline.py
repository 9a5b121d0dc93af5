"""Offline guarantee: a service worker that precaches every file of the built site.

After the build, ``sw.js`` is written at the site root from ``sitebuild/sw_template.js`` with

* ``FILES``: every file of the site (both languages, Pyodide, the engine wheel, fonts, search index), as paths
  relative to the site root — source maps and the worker itself excepted;
* ``VERSION``: a content hash of those files, so a new build gets a new cache and the old one is deleted.

Every page gets a small script that registers the worker (a few seconds after load, so the precache does not compete
with the page's own first requests). The worker serves cache-first; see the template for the details.

Ordering: the hooks call ``on_post_build`` after the i18n plugin has written every language. The font subsetting runs
after the ext modules; ``on_site_finished`` (called at the very end, when the hooks provide it) rewrites the worker so
the subset fonts are listed and hashed as written.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from mkdocs.utils import get_relative_url

SW_NAME = "sw.js"
TEMPLATE = Path(__file__).resolve().parent / "sw_template.js"
EXCLUDED_SUFFIXES = (".map", ".gz")
# The offline plugin writes search/search_index.js from search_index.json at the very end of the build;
# list it whenever the JSON exists (its content is the JSON's, which is hashed).
DERIVED_FILES = {"search/search_index.json": "search/search_index.js"}
REGISTER_DELAY_MS = 2500


def site_root(config) -> Path:
    """The root of the whole site (the English build writes into <root>/en/)."""
    site_dir = Path(config["site_dir"])
    i18n = config["plugins"].get("i18n")
    if i18n is not None:
        others = {lang.locale for lang in i18n.config.languages if not lang.default}
        if site_dir.name in others:
            return site_dir.parent
    return site_dir


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


def content_version(root: Path, files: list[str]) -> str:
    """A short hash of every listed file's path and bytes (derived files count through their source)."""
    digest = hashlib.sha256()
    for rel in files:
        path = root / rel
        if not path.is_file():
            continue
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def render_worker(files: list[str], version: str) -> str:
    template = TEMPLATE.read_text(encoding="utf-8")
    for placeholder in ("__VERSION__", "__FILES__"):
        if placeholder not in template:
            raise ValueError(f"{TEMPLATE.name}: the placeholder {placeholder} is missing")
    return template.replace("__VERSION__", json.dumps(version)).replace("__FILES__", json.dumps(files, indent=0))


def write_service_worker(root: Path) -> Path:
    files = site_files(root)
    version = content_version(root, files)
    target = root / SW_NAME
    target.write_text(render_worker(files, version), encoding="utf-8")
    return target


def on_post_build(config) -> None:
    write_service_worker(site_root(config))


def on_site_finished(site_dir) -> None:
    write_service_worker(Path(site_dir))


def registration_script(page_url: str) -> str:
    """An inline script registering the site's worker, with a path relative to the page."""
    sw_url = get_relative_url(SW_NAME, page_url or "index.html")
    # The URL is resolved at once: instant navigation may change location.href before the delayed registration.
    return (
        "<script>(function(){"
        "if(!('serviceWorker' in navigator)||!/^https?:$/.test(location.protocol))return;"
        "var url=new URL(" + json.dumps(sw_url) + ",location.href).href;"
        "function go(){navigator.serviceWorker.register(url)"
        ".catch(function(e){console.warn('service worker not registered:',e);});}"
        "function later(){setTimeout(go," + str(REGISTER_DELAY_MS) + ");}"
        "if(document.readyState==='complete')later();else addEventListener('load',later);"
        "})();</script>"
    )


def on_post_page(output: str, page, config) -> str:
    script = registration_script(page.url)
    index = output.rfind("</body>")
    if index == -1:
        return output + script
    return output[:index] + script + output[index:]
