"""Widget scripts only on pages that have a widget (issue #18: light pages).

A page without ``data-cp-widget`` (and not a kiosk page, whose application uses the engine) loses the
``<script src>`` tags of the engine client and the widgets (``mkdocs.yml`` extra_javascript lists them for every
page). Instant navigation keeps the first page's scripts, so the stripped page names them in
``<meta name="cp-widget-scripts">`` and ``assets/js/lean.js`` adds them, in order, when the reader moves on to a
page that has a widget.

A page with a widget gets ``assets/engine/early.js`` (async, in ``<head>``), which starts the engine's worker with
the page when this browser has kept the engine's snapshot (a returning reader: issue #18, warm start).
"""

from __future__ import annotations

import html
import re

WIDGET_SCRIPTS = re.compile(
    r'<script src="(?P<src>[^"]*assets/(?:engine/engine\.js|js/hand-check\.js|widgets/[\w-]+\.js)(?:\?[^"]*)?)"'
    r"[^>]*>\s*</script>\s*"
)


ENGINE_CLIENT = re.compile(r'<script src="(?P<base>[^"]*assets/engine/)engine\.js(?P<query>\?[^"]*)?"')


def on_post_page(output: str, page, config) -> str | None:
    if "data-cp-widget" in output:
        client = ENGINE_CLIENT.search(output)
        if client is None:
            return None
        early = f'<script async src="{client["base"]}early.js{client["query"] or ""}"></script>'
        return output.replace("</head>", f"  {early}\n  </head>", 1)
    if "assets/kiosk/" in output:
        return None
    sources = [m.group("src") for m in WIDGET_SCRIPTS.finditer(output)]
    if not sources:
        return None
    output = WIDGET_SCRIPTS.sub("", output)
    meta = f'<meta name="cp-widget-scripts" content="{html.escape(" ".join(sources))}">'
    return output.replace("</head>", f"  {meta}\n  </head>", 1)
