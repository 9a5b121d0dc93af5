"""One stylesheet file for the site's own styles, and no inline script waiting for it (issue 18: the deals page's
first contentful paint).

Every page named eight stylesheets: Material's ``main`` and ``palette`` and the six of ``extra_css`` (fonts, site,
widgets, record, cards, the 红点点 viewer). Each is render-blocking, and each is a request of its own: with
HTTP/1.1's six connections a host, the last ones waited for a free connection, and a page's first paint waited for
the slowest of the eight. After the build (when ``sitebuild/fonts.py`` has written ``fonts.css``), this module joins
Material's palette and the ``extra_css`` files, in their order, into ``assets/css/changpai.<hash>.css`` and has every
page link that one file where it linked them: the cascade is the same, and the content hash in the name lets the
server give it a year's lifetime. Material's ``main`` stays its own file. The separate files stay in the site (the
kiosk's template and the tests may read them); no page links them.

An inline script in ``<head>`` after the stylesheets (Material's ``__md_scope``) is moved before them, on every page
(the 404 pages included): the parser may not run a script until every stylesheet above it has loaded, so it stopped
there and parsed the body only once the last stylesheet had arrived. Before them, the body is parsed while the
stylesheets load (the script reads no style; its text, and so its hash in the policy, is unchanged).

A ``url()`` in a file from another folder is rewritten relative to ``assets/css/``; an ``@import`` stops the build
(it would have to come first in the joined file).

Runs in ``on_site_finished`` before ``ext_offline`` (modules run in name order), so the service worker lists and
hashes the joined file and the final pages.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from pathlib import Path

from mkdocs.exceptions import PluginError

BUNDLE_DIR = "assets/css"
BUNDLE_NAME = "changpai.{hash}.css"
BUNDLE_FILE = re.compile(r"changpai\.[0-9a-f]{12}\.css$")
PALETTE = re.compile(r"assets/stylesheets/palette\.[0-9a-f]+\.min\.css$")
STYLESHEET = re.compile(r'[ \t]*<link rel="stylesheet" href="(?P<href>[^"]+)">[ \t]*\n?')
RELATIVE_URL = re.compile(r"""url\(\s*(?P<q>["']?)(?P<url>(?![a-z][a-z0-9+.-]*:|/|#)[^"')]+)(?P=q)\s*\)""", re.I)

FIRST_STYLESHEET = re.compile(r'<link rel="stylesheet"')
INLINE_SCRIPT = re.compile(r"[ \t]*<script(?P<attrs>[^>]*)>.*?</script>[ \t]*\n?", re.S)

_extra_css: list[str] = []


def on_pre_build(config) -> None:
    _extra_css[:] = [str(entry) for entry in config["extra_css"]]


def runs(attrs: str) -> bool:
    """An inline script the browser runs (not a src, nor a data block such as application/json)."""
    if re.search(r"\ssrc=", attrs):
        return False
    kind = re.search(r'\stype="([^"]*)"', attrs)
    return kind is None or kind.group(1).lower() in ("text/javascript", "module", "application/javascript")


def head_scripts_before_stylesheets(page: str) -> str:
    """The page with every inline script of <head> that follows the first stylesheet moved just before it."""
    head_end = page.find("</head>")
    first = FIRST_STYLESHEET.search(page, 0, head_end)
    if first is None:
        return page
    late = [m for m in INLINE_SCRIPT.finditer(page, first.start(), head_end) if runs(m["attrs"])]
    if not late:
        return page
    out, last = page[: first.start()] + "".join(m[0].strip() + "\n" for m in late), first.start()
    for m in late:
        out += page[last : m.start()]
        last = m.end()
    return out + page[last:]


def rebased(css: str, source: str) -> str:
    """The stylesheet's relative url()s as seen from BUNDLE_DIR (``source``: its path in the site)."""
    folder = posixpath.dirname(source)
    if folder == BUNDLE_DIR:
        return css

    def rebase(match: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(folder, match["url"]))
        return f"url({match['q']}{posixpath.relpath(target, BUNDLE_DIR)}{match['q']})"

    return RELATIVE_URL.sub(rebase, css)


def bundle_text(site_dir: Path, sources: list[str]) -> str:
    parts = []
    for source in sources:
        css = (site_dir / source).read_text(encoding="utf-8")
        if re.search(r"@import\b", css):
            raise PluginError(f"{source}: @import cannot be joined into {BUNDLE_DIR}/{BUNDLE_NAME}")
        parts.append(f"/* {source} */\n{rebased(css, source).strip()}\n")
    return "".join(parts)


def own_run(links: list[re.Match[str]], extra_css: list[str]) -> tuple[int, int, str] | None:
    """(first, end, prefix): the links to join (Material's palette, then every extra_css file in order), or None."""
    palettes = [(i, found) for i, link in enumerate(links) if (found := PALETTE.search(link["href"]))]
    if not palettes:
        return None
    first, palette = palettes[0]
    prefix = links[first]["href"][: palette.start()]
    wanted = [prefix + path for path in extra_css]
    found = [link["href"] for link in links[first + 1 : first + 1 + len(wanted)]]
    if found != wanted:
        return None
    return first, first + 1 + len(wanted), prefix


def with_bundle(page: str, extra_css: list[str], bundle_path: str) -> str | None:
    """The page linking the joined file in place of its parts, or None when it does not link them all, in order."""
    head_end = page.find("</head>")
    links = list(STYLESHEET.finditer(page, 0, head_end))
    run = own_run(links, extra_css)
    if run is None:
        return None
    first, end, prefix = run
    indent = links[first][0][: len(links[first][0]) - len(links[first][0].lstrip(" \t"))]
    tag = f'{indent}<link rel="stylesheet" href="{prefix}{bundle_path}">\n'
    out = page[: links[first].start()] + tag
    last = links[first].end()
    for link in links[first + 1 : end]:
        out += page[last : link.start()]
        last = link.end()
    return out + page[last:]


def write_bundle(site_dir: Path, extra_css: list[str]) -> tuple[str, int]:
    """Write the joined file and link it from every page; (its path in the site, pages changed)."""
    pages = sorted(p for p in site_dir.rglob("*.html") if p.is_file())
    palettes = sorted(
        p.relative_to(site_dir).as_posix() for p in (site_dir / "assets/stylesheets").glob("palette.*.css")
    )
    if len(palettes) != 1:
        raise PluginError(f"ext_css: expected one Material palette stylesheet, found {palettes}")
    palette = palettes[0]
    text = bundle_text(site_dir, [palette, *extra_css])
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    bundle_path = f"{BUNDLE_DIR}/{BUNDLE_NAME.format(hash=digest)}"
    for old in (site_dir / BUNDLE_DIR).glob("changpai.*.css"):
        if BUNDLE_FILE.search(old.name):
            old.unlink()
    (site_dir / bundle_path).write_text(text, encoding="utf-8")
    changed = 0
    for page in pages:
        html_text = page.read_text(encoding="utf-8")
        updated = with_bundle(html_text, extra_css, bundle_path)
        changed += updated is not None
        updated = head_scripts_before_stylesheets(updated if updated is not None else html_text)
        if updated != html_text:
            page.write_text(updated, encoding="utf-8")
    return bundle_path, changed


def on_site_finished(site_dir) -> None:
    write_bundle(Path(site_dir), _extra_css)
