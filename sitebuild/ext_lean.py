"""Widget scripts only on pages that have a widget (issue #18: light pages).

A page without ``data-cp-widget`` (and not a kiosk page, whose application uses the engine) loses the
``<script src>`` tags of the engine client and the widgets (``mkdocs.yml`` extra_javascript lists them for every
page). Instant navigation keeps the first page's scripts, so the stripped page names them in
``<meta name="cp-widget-scripts">`` and ``assets/js/lean.js`` adds them, in order, when the reader moves on to a
page that has a widget.

A page with a widget keeps the scripts every widget needs (the engine client, ``core.js``, ``cards.js``: they register
no kind of widget) and those of its own kinds of widget; the others go into the same ``<meta>`` (``learn/deals.html``
needs the deal viewer, not the calculator's or the lessons' ~100 KB). Which kind a script draws is read from the script
itself: the kinds it registers (``cp.widget("deal", …)``) and the kinds it draws inside its own widgets
(``"data-cp-widget": "chuopai"``: a match viewer draws deal viewers), so a new widget needs no list here. The page's
other scripts draw widgets too (the kiosk's application draws deal viewers): their kinds are needed as well.

A page with a widget gets ``assets/engine/early.js`` written inline into its ``<head>``, before the stylesheets,
which starts the engine's worker with the page when this browser has kept the engine's snapshot (a returning
reader: issue #18, warm start). Inline and first, it runs as the parser reaches it; as an async file it ran only
once the main thread was free, ~150 ms later. ``ext_csp`` allows it by its hash, like every inline script.

Every page's scripts are ``defer`` (issue #18: Lighthouse mobile): they run in the same order, after the page is
parsed and before DOMContentLoaded, as they did at the end of ``<body>``; but the page's ``<meta>``
Content-Security-Policy turns Chromium's preload scanner off, so as blocking scripts each was requested only once
the one before it had run (a chain of a dozen round trips), and the browser counted them as holding back the
first paint. Deferred, they are all requested as the parser meets them. ``<head>`` holds no blocking script
(docs/overrides/main.html moves the polyfill and lean.js to the end of ``<body>``).
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

WIDGET_SCRIPTS = re.compile(
    r'<script src="(?P<src>[^"]*assets/(?:engine/engine\.js|js/hand-check\.js|widgets/[\w-]+\.js)(?:\?[^"]*)?)"'
    r"[^>]*>\s*</script>\s*"
)


ENGINE_CLIENT = re.compile(r'<script src="(?P<base>[^"]*assets/engine/)engine\.js(?:\?[^"]*)?"')
FIRST_STYLESHEET = re.compile(r'<link rel="stylesheet"')


@cache  # read once a build, not once a page (sitebuild/hooks.py imports this module afresh for every build)
def early_start_source(docs_dir: str) -> str:
    return (Path(docs_dir) / "assets" / "engine" / "early.js").read_text(encoding="utf-8").strip()


def early_start_tag(engine_base: str, docs_dir: str) -> str:
    base = html.escape(engine_base, quote=True)
    return f'<script data-engine-base="{base}">\n{early_start_source(docs_dir)}\n</script>\n'


def with_early_start(output: str, engine_base: str, docs_dir: str) -> str:
    """The page with early.js inline before its first stylesheet (a script after one waits for it to load)."""
    head_end = output.find("</head>")
    first = FIRST_STYLESHEET.search(output, 0, head_end)
    at = first.start() if first else head_end
    return output[:at] + early_start_tag(engine_base, docs_dir) + output[at:]


# A script that blocks the parser: not async, deferred or a module (nor inline data).
BLOCKING_SCRIPT = re.compile(r'<script src="(?P<src>[^"]+)"(?P<rest>[^>]*)>')


def deferred(output: str) -> str:
    def defer(match: re.Match[str]) -> str:
        if re.search(r"\b(?:async|defer|type=)", match["rest"]):
            return match[0]
        return match[0][:-1] + " defer>"

    return BLOCKING_SCRIPT.sub(defer, output)


WIDGET_ON_PAGE = re.compile(r'\bdata-cp-widget="(?P<kind>[\w-]+)"')
# In a widget script: the kind it registers, and the kinds of the widgets it draws inside its own.
REGISTERS = re.compile(r'\bcp\.widget\(\s*"(?P<kind>[\w-]+)"')
DRAWS = re.compile(r'"data-cp-widget"\s*:\s*"(?P<kind>[\w-]+)"')


@cache
def script_kinds(docs_dir: str, asset: str) -> tuple[frozenset[str], frozenset[str]]:
    """The kinds of widget the script ``asset`` (a path under docs/) registers, and those it draws in its widgets."""
    source = (Path(docs_dir) / asset).read_text(encoding="utf-8")
    return frozenset(REGISTERS.findall(source)), frozenset(DRAWS.findall(source))


def _asset(src: str) -> str:
    """A script's address on a page (``../assets/widgets/x.js?v=…``) as its path under docs/."""
    return "assets/" + src.split("?", 1)[0].split("assets/", 1)[1]


# Any script of the site's own on a page (Material's bundle and the vendored polyfill are not read).
SITE_SCRIPT = re.compile(r'<script src="(?P<src>[^"]*assets/(?:kiosk|js|engine|widgets)/[\w-]+\.js(?:\?[^"]*)?)"')


def scripts_not_needed(output: str, docs_dir: str) -> list[str]:
    """The widget scripts of ``output`` that no widget on it needs: each one registers kinds of widget, and none of
    them is on the page or drawn by a script the page keeps (a widget script it keeps, or any other of its scripts)."""
    sources = [m["src"] for m in WIDGET_SCRIPTS.finditer(output)]
    kinds = {src: script_kinds(docs_dir, _asset(src)) for src in sources}
    wanted = set(WIDGET_ON_PAGE.findall(output))
    for match in SITE_SCRIPT.finditer(output):
        if match["src"] not in kinds:
            wanted |= script_kinds(docs_dir, _asset(match["src"]))[1]
    while True:  # a kept script's drawn kinds bring their scripts too
        more = {k for registers, draws in kinds.values() if registers & wanted for k in draws} - wanted
        if not more:
            break
        wanted |= more
    return [src for src, (registers, _) in kinds.items() if registers and not registers & wanted]


def _listed_for_later(output: str, sources: list[str]) -> str:
    """``output`` without the script tags of ``sources``, which the ``<meta>`` names for lean.js."""
    if not sources:
        return output
    left_out = set(sources)
    output = WIDGET_SCRIPTS.sub(lambda m: "" if m["src"] in left_out else m[0], output)
    meta = f'<meta name="cp-widget-scripts" content="{html.escape(" ".join(sources))}">'
    return output.replace("</head>", f"  {meta}\n  </head>", 1)


def widget_scripts_where_needed(output: str, docs_dir: str) -> str:
    if "data-cp-widget" in output:
        client = ENGINE_CLIENT.search(output)
        if client is None:
            return output
        output = with_early_start(output, client["base"], docs_dir)
    elif "assets/kiosk/" not in output:  # no widget and no application that draws one: no widget script
        return _listed_for_later(output, [m["src"] for m in WIDGET_SCRIPTS.finditer(output)])
    return _listed_for_later(output, scripts_not_needed(output, docs_dir))


def on_post_page(output: str, page, config) -> str | None:
    return deferred(widget_scripts_where_needed(output, config["docs_dir"]))
