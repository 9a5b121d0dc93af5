"""Which widget scripts a built page keeps (sitebuild/ext_lean.py): those of its kinds of widget, read from the
scripts themselves, and those of the kinds its kept scripts (or its application's) draw; the rest are named for
lean.js."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitebuild import ext_lean

SCRIPTS = {
    "engine/engine.js": "window.changpaiEngine = {};",  # registers nothing: every widget page keeps it
    "widgets/core.js": "function widget(name, mount) {} // cp.widget(name, mount)",
    "widgets/match-viewer.js": 'h("div", {"data-cp-widget": "deal"}); window.cp.widget("match", mount);',
    "widgets/deal-viewer.js": 'window.cp.widget("deal", mountWhenNear);',
    "widgets/lessons.js": 'window.cp.widget( "lesson", mount);',
    "js/hand-check.js": 'const register = () => window.cp.widget("hand-check", mount);',
}


@pytest.fixture
def docs(tmp_path: Path) -> str:
    for rel, source in SCRIPTS.items():
        (tmp_path / "assets" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "assets" / rel).write_text(source, encoding="utf-8")
    (tmp_path / "assets/engine/early.js").write_text("/* the early start */", encoding="utf-8")
    (tmp_path / "assets/kiosk").mkdir()
    (tmp_path / "assets/kiosk/kiosk.js").write_text('h("div", { "data-cp-widget": "deal" });', encoding="utf-8")
    return str(tmp_path)


def page(*kinds: str, kiosk: bool = False) -> str:
    scripts = "".join(f'<script src="../assets/{rel}?v=1" defer></script>' for rel in SCRIPTS)
    widgets = "".join(f'<div data-cp-widget="{k}"></div>' for k in kinds)
    app = '<script src="../assets/kiosk/kiosk.js"></script>' if kiosk else ""
    return f"<html><head><title>t</title></head><body>{widgets}{scripts}{app}</body></html>"


def kept_and_listed(output: str) -> tuple[list[str], list[str]]:
    kept = [m["src"].split("/", 2)[2].split("?")[0] for m in ext_lean.WIDGET_SCRIPTS.finditer(output)]
    meta = re.search(r'<meta name="cp-widget-scripts" content="([^"]*)">', output)
    listed = [s.split("/", 2)[2].split("?")[0] for s in meta[1].split()] if meta else []
    return kept, listed


@pytest.mark.parametrize(
    ("kinds", "kept"),
    [
        (("deal",), ["engine/engine.js", "widgets/core.js", "widgets/deal-viewer.js"]),
        # a match viewer draws deal viewers: their script comes with it
        (("match",), ["engine/engine.js", "widgets/core.js", "widgets/match-viewer.js", "widgets/deal-viewer.js"]),
        (("lesson", "hand-check"), ["engine/engine.js", "widgets/core.js", "widgets/lessons.js", "js/hand-check.js"]),
        ((), []),  # no widget: none of them
    ],
)
def test_a_page_keeps_the_scripts_of_its_widgets_and_names_the_others(docs: str, kinds: tuple[str, ...], kept):
    output = ext_lean.widget_scripts_where_needed(page(*kinds), docs)
    got_kept, listed = kept_and_listed(output)
    assert got_kept == [rel for rel in SCRIPTS if rel in kept], "kept in the page's order"
    assert listed == [rel for rel in SCRIPTS if rel not in kept], "the rest named for lean.js, in order"


@pytest.mark.parametrize("kinds", [(), ("lesson",)])
def test_a_page_keeps_the_scripts_of_the_widgets_its_application_draws(docs: str, kinds: tuple[str, ...]):
    """The kiosk's application (kiosk.js) draws deal viewers, with or without a widget in the page's own HTML."""
    kept, listed = kept_and_listed(ext_lean.widget_scripts_where_needed(page(*kinds, kiosk=True), docs))
    wanted = {"engine/engine.js", "widgets/core.js", "widgets/deal-viewer.js"} | (
        {"widgets/lessons.js"} if kinds else set()
    )
    assert kept == [rel for rel in SCRIPTS if rel in wanted]
    assert listed == [rel for rel in SCRIPTS if rel not in wanted]
