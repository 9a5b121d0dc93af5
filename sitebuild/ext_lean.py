"""Widget scripts only on pages that have a widget (issue #18: light pages).

A page without ``data-cp-widget`` (and not a kiosk page, whose application uses the engine) loses the
``<script src>`` tags of the engine client and the widgets (``mkdocs.yml`` extra_javascript lists them for every
page). Instant navigation keeps the first page's scripts, so the stripped page names them in
``<meta name="cp-widget-scripts">`` and ``assets/js/lean.js`` adds them, in order, when the reader moves on to a
page that has a widget.

A page with a widget gets ``assets/engine/early.js`` (async, in ``<head>``), which starts the engine's worker with
the page when this browser has kept the engine's snapshot (a returning reader: issue #18, warm start).

Every page names its stylesheets and scripts in ``<link rel="preload">`` at the top of ``<head>``: the page's
``<meta>`` Content-Security-Policy turns Chromium's preload scanner off, so without them each script at the end of
``<body>`` was requested only once the one before it had run — a chain of a dozen round trips before the page
was complete (issue #18: Lighthouse mobile).
"""

from __future__ import annotations

import html
import re

WIDGET_SCRIPTS = re.compile(
    r'<script src="(?P<src>[^"]*assets/(?:engine/engine\.js|js/hand-check\.js|widgets/[\w-]+\.js)(?:\?[^"]*)?)"'
    r"[^>]*>\s*</script>\s*"
)


ENGINE_CLIENT = re.compile(r'<script src="(?P<base>[^"]*assets/engine/)engine\.js(?P<query>\?[^"]*)?"')


# What the page loads before it is complete: stylesheets, and scripts that are neither async nor deferred.
STYLESHEET = re.compile(r'<link rel="stylesheet" href="(?P<href>[^"]+)"')
BLOCKING_SCRIPT = re.compile(r'<script src="(?P<src>[^"]+)"(?P<rest>[^>]*)>')
CHARSET = '<meta charset="utf-8">'


def with_preloads(output: str) -> str:
    head_end = output.find("</head>")
    at = output.find(CHARSET)
    if head_end == -1 or at == -1 or at > head_end or 'rel="preload"' in output[:head_end]:
        return output
    links = [f'<link rel="preload" href="{m["href"]}" as="style">' for m in STYLESHEET.finditer(output, 0, head_end)]
    links += [
        f'<link rel="preload" href="{m["src"]}" as="script">'
        for m in BLOCKING_SCRIPT.finditer(output)
        if not re.search(r"\b(?:async|defer|type=)", m["rest"])
    ]
    at += len(CHARSET)
    return output[:at] + "".join(links) + output[at:]


def widget_scripts_where_needed(output: str) -> str:
    if "data-cp-widget" in output:
        client = ENGINE_CLIENT.search(output)
        if client is None:
            return output
        early = f'<script async src="{client["base"]}early.js{client["query"] or ""}"></script>'
        return output.replace("</head>", f"  {early}\n  </head>", 1)
    if "assets/kiosk/" in output:
        return output
    sources = [m.group("src") for m in WIDGET_SCRIPTS.finditer(output)]
    if not sources:
        return output
    output = WIDGET_SCRIPTS.sub("", output)
    meta = f'<meta name="cp-widget-scripts" content="{html.escape(" ".join(sources))}">'
    return output.replace("</head>", f"  {meta}\n  </head>", 1)


def on_post_page(output: str, page, config) -> str | None:
    return with_preloads(widget_scripts_where_needed(output))
