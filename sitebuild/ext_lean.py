"""Widget scripts only on pages that have a widget (issue #18: light pages).

A page without ``data-cp-widget`` (and not a kiosk page, whose application uses the engine) loses the
``<script src>`` tags of the engine client and the widgets (``mkdocs.yml`` extra_javascript lists them for every
page). Instant navigation keeps the first page's scripts, so the stripped page names them in
``<meta name="cp-widget-scripts">`` and ``assets/js/lean.js`` adds them, in order, when the reader moves on to a
page that has a widget.
"""

from __future__ import annotations

import html
import re

WIDGET_SCRIPTS = re.compile(
    r'<script src="(?P<src>[^"]*assets/(?:engine/engine\.js|js/hand-check\.js|widgets/[\w-]+\.js)(?:\?[^"]*)?)"'
    r"[^>]*>\s*</script>\s*"
)


def on_post_page(output: str, page, config) -> str | None:
    if "data-cp-widget" in output or "assets/kiosk/" in output:
        return None
    sources = [m.group("src") for m in WIDGET_SCRIPTS.finditer(output)]
    if not sources:
        return None
    output = WIDGET_SCRIPTS.sub("", output)
    meta = f'<meta name="cp-widget-scripts" content="{html.escape(" ".join(sources))}">'
    return output.replace("</head>", f"  {meta}\n  </head>", 1)
