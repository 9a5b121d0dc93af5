"""The site's own stylesheets joined into one file (sitebuild/ext_css.py) and the head's inline scripts moved before the
stylesheets (the same module), on made-up pages (issue 18: the deals page's first contentful paint). The built
site and the browser's side: tests/site/test_first_screen.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from sitebuild import ext_css

EXTRA = ["assets/css/fonts.css", "assets/css/site.css", "assets/widgets/widgets.css"]
PALETTE = "assets/stylesheets/palette.0123abcd.min.css"


def head(prefix: str, *, extra: list[str] = EXTRA, after: str = "") -> str:
    links = ["assets/stylesheets/main.89abcdef.min.css", PALETTE, *extra]
    tags = "\n".join(f'      <link rel="stylesheet" href="{prefix}{href}">' for href in links)
    return f"<html><head>\n<title>t</title>\n{tags}\n{after}</head><body><p>一</p></body></html>"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    for rel, text in {
        PALETTE: ":root{--md-primary-fg-color:red}",
        "assets/stylesheets/main.89abcdef.min.css": "body{margin:0}",
        "assets/css/fonts.css": '@font-face{font-family:"K";src:local("K"),url("../fonts/k-0.woff2?v=1")}',
        "assets/css/site.css": ".a{background:url(../images/a.png)}",
        "assets/widgets/widgets.css": '.w{background:url("cards/b.svg")} .x{mask:url(data:image/svg+xml,x)}',
    }.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    (tmp_path / "index.html").write_text(head(""), encoding="utf-8")
    (tmp_path / "learn").mkdir()
    (tmp_path / "learn" / "deals.html").write_text(head("../"), encoding="utf-8")
    kiosk = head("../", after='      <link rel="stylesheet" href="../assets/kiosk/kiosk.css">\n')
    (tmp_path / "kiosk.html").write_text(kiosk, encoding="utf-8")
    (tmp_path / "odd.html").write_text(head("", extra=EXTRA[:2]), encoding="utf-8")  # not every part: left alone
    return tmp_path


def stylesheets(page: Path) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([^"]+)">', page.read_text(encoding="utf-8"))


def test_pages_link_material_then_one_joined_file_in_place_of_the_palette_and_extra_css(site: Path):
    bundle, changed = ext_css.write_bundle(site, EXTRA)
    assert re.fullmatch(r"assets/css/changpai\.[0-9a-f]{12}\.css", bundle) and changed == 3
    assert stylesheets(site / "index.html") == ["assets/stylesheets/main.89abcdef.min.css", bundle]
    assert stylesheets(site / "learn/deals.html") == ["../assets/stylesheets/main.89abcdef.min.css", "../" + bundle]
    assert stylesheets(site / "kiosk.html")[1:] == ["../" + bundle, "../assets/kiosk/kiosk.css"]
    assert len(stylesheets(site / "odd.html")) == 4
    assert "<p>一</p>" in (site / "learn/deals.html").read_text(encoding="utf-8")


def test_the_joined_file_keeps_the_order_and_rebases_relative_urls(site: Path):
    bundle, _ = ext_css.write_bundle(site, EXTRA)
    text = (site / bundle).read_text(encoding="utf-8")
    parts = [":root{--md-primary-fg-color:red}", '@font-face{font-family:"K"', ".a{background:url(../images/a.png)}"]
    assert [text.index(p) for p in parts] == sorted(text.index(p) for p in parts)
    assert 'url("../fonts/k-0.woff2?v=1")' in text  # fonts.css is in assets/css already
    assert 'url("../widgets/cards/b.svg")' in text and "url(data:image/svg+xml,x)" in text


def test_a_rebuild_replaces_the_joined_file(site: Path):
    first, _ = ext_css.write_bundle(site, EXTRA)
    (site / "assets/css/site.css").write_text(".a{color:blue}", encoding="utf-8")
    for page in ("index.html", "learn/deals.html", "kiosk.html"):
        (site / page).write_text(head("../" if "/" in page or page == "kiosk.html" else ""), encoding="utf-8")
    second, _ = ext_css.write_bundle(site, EXTRA)
    assert second != first and not (site / first).exists() and (site / second).is_file()


def test_an_import_stops_the_build(site: Path):
    (site / "assets/css/site.css").write_text('@import "other.css";', encoding="utf-8")
    with pytest.raises(PluginError, match="@import"):
        ext_css.write_bundle(site, EXTRA)


def test_inline_scripts_after_the_stylesheets_move_before_them_data_blocks_stay():
    page = (
        '<html><head><meta charset="utf-8">\n<script>early()</script>\n'
        '    <link rel="stylesheet" href="a.css">\n    <link rel="stylesheet" href="b.css">\n'
        "    <script>__md_scope=1</script>\n"
        '<script type="application/json" id="d">{"a": 1}</script>\n'
        "</head><body><script>late()</script></body></html>"
    )
    moved = ext_css.head_scripts_before_stylesheets(page)
    order = [moved.index(s) for s in ("early()", "__md_scope=1", 'href="a.css"', 'href="b.css"', '{"a": 1}')]
    assert order == sorted(order)
    assert moved.count("__md_scope=1") == 1 and moved.index("late()") > moved.index("</head>")
    assert ext_css.head_scripts_before_stylesheets(moved) == moved
