"""The gallery kiosk at build time (docs/kiosk/, template docs/overrides/kiosk.html).

* Checks the kiosk page's ``data-deals``: every id must be a tutorial deal (``tutorials/deals/<id>.yml``), whose
  frames ``sitebuild/ext_tutorials.py`` writes to ``assets/deals/<id>.json`` — a wrong id fails the build with the
  page and the id, instead of a kiosk that silently shows no deal.
* Writes ``kiosk-mode`` (the class kiosk.css's look and frame hang on) into the kiosk page's ``<html>``, so its first
  frame is already the kiosk's: set by kiosk.js alone, the page was first drawn in Material's frame and then moved up
  30 px (Lighthouse's layout shift, 0.036 on learn/play) and from white to dark. kiosk.js still sets it (a page
  brought in some other way).
* Adds a small script to every other page: mkdocs-material's instant navigation swaps only the page body, so a link
  to the kiosk would show its markup without the kiosk's own scripts and styles; the script loads the kiosk page
  properly instead.
"""

from __future__ import annotations

import re

DEALS_ATTRIBUTE = re.compile(r'data-deals="([^"]*)"')
KIOSK_TEMPLATE = "kiosk.html"

# Material's bundle is deferred (sitebuild/ext_lean.py): on the first page document$ exists from DOMContentLoaded.
INSTANT_NAVIGATION_GUARD = (
    "<script>(function(){function guard(){if(!window.document$||!document$.subscribe)return;"
    "document$.subscribe(function(){"
    "if(document.getElementById('kiosk-app')&&!window.changpaiKiosk)location.reload();"
    "});}if(window.document$)guard();else document.addEventListener('DOMContentLoaded',guard,{once:true});})();"
    "</script>"
)


def _is_kiosk(page) -> bool:
    return (page.meta or {}).get("template") == KIOSK_TEMPLATE


def on_page_markdown(markdown: str, page, config, files) -> str | None:
    if not _is_kiosk(page):
        return None
    from sitebuild import ext_tutorials  # the one home of tutorial deal ids

    for match in DEALS_ATTRIBUTE.finditer(markdown):
        for deal_id in match.group(1).split():
            try:
                ext_tutorials.deal_path(deal_id)
            except Exception as exc:
                raise ValueError(f"docs/{page.file.src_uri}: data-deals names {deal_id!r}: {exc}") from exc
    return None


HTML_TAG = re.compile(r'<html\b[^>]*\bclass="(?P<classes>[^"]*)"')


def with_kiosk_mode(output: str) -> str:
    """The page with ``kiosk-mode`` among its ``<html>`` classes (Material swaps no-js for js with classList)."""
    tag = HTML_TAG.search(output)
    if tag is None:
        raise ValueError("the kiosk page has no <html class>: kiosk.css would not apply before kiosk.js runs")
    return output[: tag.end("classes")] + " kiosk-mode" + output[tag.end("classes") :]


def on_post_page(output: str, page, config) -> str | None:
    if _is_kiosk(page):
        return with_kiosk_mode(output)
    index = output.rfind("</body>")
    if index == -1:
        return None
    return output[:index] + INSTANT_NAVIGATION_GUARD + output[index:]
