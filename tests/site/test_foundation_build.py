"""The build machinery without a browser: shortcodes, the ext loader, the shipped runtime, fonts, offline-ness."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import zipfile
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from fontTools.ttLib import TTFont
from mkdocs.exceptions import PluginError

from sitebuild import engine_assets, ext_search, fonts, hooks, shortcodes

REPO_ROOT = Path(__file__).resolve().parents[2]


# --- shortcodes ----------------------------------------------------------------------------------


@pytest.fixture
def registry():
    """Register test shortcodes under a module name of their own, and drop them afterwards."""
    module = "tests.site.fake_ext"
    made = []

    def register(name, func):
        func.__module__ = module
        shortcodes.shortcode(name)(func)
        made.append(name)

    yield register
    shortcodes.forget(module)


def test_shortcode_gets_quoted_arguments_language_and_page(registry):
    seen = []

    def echo(args, lang, page):
        seen.append((args, lang, page))
        return f"<b>{'|'.join(args)}</b>"

    registry("echo-test", echo)
    page = object()
    text = 'a {{cp echo-test one "two words" 3}} b\n{{cp echo-test}}'
    out = shortcodes.expand(text, lang="en", page=page, source="docs/x.en.md")
    assert out == "a <b>one|two words|3</b> b\n<b></b>"
    assert seen == [(["one", "two words", "3"], "en", page), ([], "en", page)]


def test_unknown_shortcode_names_file_and_line():
    text = "# Title\n\nline two\n{{cp no-such-thing 1}}\n"
    with pytest.raises(shortcodes.ShortcodeError) as err:
        shortcodes.expand(text, lang="zh", page=None, source="docs/rules/x.md")
    assert str(err.value).startswith("docs/rules/x.md:4: unknown shortcode 'no-such-thing'")


def test_failing_shortcode_names_file_line_and_cause(registry):
    def broken(args, lang, page):
        raise KeyError("luzhou-z")

    registry("broken-test", broken)
    with pytest.raises(shortcodes.ShortcodeError, match=r"^docs/a\.md:2: shortcode 'broken-test' .*KeyError"):
        shortcodes.expand("x\ny {{cp broken-test}}", lang="zh", page=None, source="docs/a.md")


def test_shortcode_must_return_text(registry):
    registry("number-test", lambda args, lang, page: 42)
    with pytest.raises(shortcodes.ShortcodeError, match="returned int"):
        shortcodes.expand("{{cp number-test}}", lang="zh", page=None, source="docs/a.md")


def test_shortcodes_in_code_are_left_alone(registry):
    registry("echo-test", lambda args, lang, page: "EXPANDED")
    text = "```md\n{{cp echo-test}}\n```\nuse `{{cp echo-test}}` like this: {{cp echo-test}}\n~~~\n{{cp nope}}\n~~~\n"
    out = shortcodes.expand(text, lang="zh", page=None, source="docs/a.md")
    assert out == ("```md\n{{cp echo-test}}\n```\nuse `{{cp echo-test}}` like this: EXPANDED\n~~~\n{{cp nope}}\n~~~\n")


def test_two_modules_cannot_claim_one_shortcode(registry):
    registry("claimed-test", lambda args, lang, page: "")

    def other(args, lang, page):
        return ""

    other.__module__ = "tests.site.other_ext"
    with pytest.raises(ValueError, match="registered twice"):
        shortcodes.shortcode("claimed-test")(other)


# --- ext loader -----------------------------------------------------------------------------------


def test_ext_modules_load_in_order_and_register_shortcodes(tmp_path):
    (tmp_path / "ext_b.py").write_text(
        "from sitebuild.shortcodes import shortcode\n"
        "@shortcode('ext-b-test')\n"
        "def b(args, lang, page):\n    return lang\n"
    )
    (tmp_path / "ext_a.py").write_text(
        "def on_page_markdown(markdown, page, config, files):\n    return markdown + '!'\n"
    )
    (tmp_path / "helper.py").write_text("raise RuntimeError('not an ext module: must not be imported')\n")
    try:
        modules = hooks.load_ext_modules(tmp_path)
        assert [m.__name__ for m in modules] == ["sitebuild.ext_a", "sitebuild.ext_b"]
        assert shortcodes.expand("{{cp ext-b-test}}", lang="en", page=None, source="docs/a.md") == "en"
    finally:
        shortcodes.forget("sitebuild.ext_b")
        for name in ("sitebuild.ext_a", "sitebuild.ext_b"):
            sys.modules.pop(name, None)


def test_broken_ext_module_fails_the_build_naming_it(tmp_path):
    (tmp_path / "ext_broken.py").write_text("import nonexistent_module_xyz\n")
    with pytest.raises(PluginError, match=r"ext_broken\.py: cannot import ext module: ModuleNotFoundError"):
        hooks.load_ext_modules(tmp_path)


def test_misspelt_ext_event_fails_the_build(tmp_path):
    (tmp_path / "ext_typo.py").write_text("def on_page_contents(html, page, config, files):\n    return html\n")
    with pytest.raises(PluginError, match=r"ext_typo\.py: on_page_contents is not an event"):
        hooks.load_ext_modules(tmp_path)
    sys.modules.pop("sitebuild.ext_typo", None)


def test_ext_page_hooks_run_in_order_and_none_keeps_the_text(monkeypatch):
    class FakeFile:
        src_uri = "a.md"
        locale = "zh"

    class FakePage:
        file = FakeFile()

    calls = []

    def first(markdown, page, config, files):
        calls.append("first")
        return markdown + " +first"

    def second(markdown, page, config, files):
        calls.append("second")  # returns None: keeps the text

    fake_modules = [type(sys)("sitebuild.ext_1"), type(sys)("sitebuild.ext_2")]
    fake_modules[0].on_page_markdown = first
    fake_modules[1].on_page_markdown = second
    monkeypatch.setattr(hooks, "_ext_modules", fake_modules)
    out = hooks.on_page_markdown("text", FakePage(), {"theme": {"language": "zh"}, "mdx_configs": {}}, None)
    assert out == "text +first"
    assert calls == ["first", "second"]


def test_unknown_shortcode_fails_a_real_build_with_file_and_line(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\nfine\n")
    (docs / "bad.md").write_text("# Bad\n\ntext\n{{cp surely-not-registered}}\n")
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: t\ndocs_dir: {docs}\ntheme:\n  name: material\n  font: false\n"
        f"hooks:\n  - {REPO_ROOT / 'sitebuild' / 'hooks.py'}\n"
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "-f",
            str(tmp_path / "mkdocs.yml"),
            "-d",
            str(tmp_path / "out"),
        ],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert proc.returncode != 0
    assert "docs/bad.md:4: unknown shortcode 'surely-not-registered'" in proc.stderr


# --- the shipped runtime --------------------------------------------------------------------------


def test_site_ships_pyodide_runtime_identical_to_node_modules(site_dir):
    for name in engine_assets.PYODIDE_FILES:
        shipped = site_dir / engine_assets.SITE_PYODIDE_DIR / name
        assert shipped.read_bytes() == (REPO_ROOT / "node_modules" / "pyodide" / name).read_bytes(), name


def test_site_ships_current_engine_wheel_named_in_manifest(site_dir):
    manifest = json.loads((site_dir / "assets/engine/manifest.json").read_text())
    wheel = site_dir / "assets/engine" / manifest["wheel"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == manifest["sha256"]
    with zipfile.ZipFile(wheel) as zf:
        shipped = {name: zf.read(name) for name in zf.namelist() if name.startswith("changpai/")}
    sources = {
        p.relative_to(REPO_ROOT / "engine").as_posix(): p.read_bytes()
        for p in (REPO_ROOT / "engine" / "changpai").rglob("*.py")
    }
    assert sources, "no engine sources found"
    built = wheel.stat().st_mtime
    for name, data in sources.items():
        edited_since = (REPO_ROOT / "engine" / name).stat().st_mtime > built
        hint = " (edited after this site was built: rebuild it)" if edited_since else ""
        assert shipped.get(name) == data, f"{name} in the shipped wheel differs from engine/{name}{hint}"


# --- no external requests ---------------------------------------------------------------------------


class ResourceCollector(HTMLParser):
    """URLs a browser would load by itself (not plain links a reader may click)."""

    LOADING = {("script", "src"), ("img", "src"), ("iframe", "src"), ("source", "src"), ("video", "src"),
               ("audio", "src"), ("embed", "src"), ("object", "data")}  # fmt: skip

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for t, a in self.LOADING:
            if tag == t and attrs.get(a):
                self.urls.append(attrs[a])
        if tag == "link" and attrs.get("href"):
            rel = (attrs.get("rel") or "").lower()
            if any(r in rel for r in ("stylesheet", "preload", "icon", "manifest", "modulepreload", "prefetch")):
                self.urls.append(attrs["href"])


def _is_external(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "") and not url.startswith("//"):
        return False
    return parts.hostname not in ("127.0.0.1",)


def test_no_page_loads_anything_from_another_host(site_dir):
    offenders = []
    pages = sorted(site_dir.rglob("*.html"))
    assert len(pages) >= 2
    for html in pages:
        collector = ResourceCollector()
        text = html.read_text(encoding="utf-8")
        collector.feed(text)
        offenders += [f"{html.relative_to(site_dir)}: {url}" for url in collector.urls if _is_external(url)]
        if "unpkg.com" in text or "fonts.googleapis" in text or "cdn.jsdelivr" in text:
            offenders.append(f"{html.relative_to(site_dir)}: mentions a CDN")
    for css in sorted(site_dir.rglob("*.css")):
        for url in re.findall(r"url\(\s*['\"]?([^'\")]+)", css.read_text(encoding="utf-8")):
            if _is_external(url):
                offenders.append(f"{css.relative_to(site_dir)}: {url}")
    assert not offenders, "\n".join(offenders)


def test_offline_plugin_uses_the_vendored_polyfill(site_dir):
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    assert 'src="assets/vendor/iframe-worker/shim.js"' in html
    assert (site_dir / "assets/vendor/iframe-worker/shim.js").read_bytes() == (
        REPO_ROOT / "node_modules/iframe-worker/shim/index.js"
    ).read_bytes()
    assert (site_dir / "search/search_index.js").is_file()  # the offline plugin's inlined index


def test_each_language_has_its_own_search_index_of_its_own_pages(site_dir):
    whole = json.loads((site_dir / "search/search_index.json").read_text(encoding="utf-8"))
    parts = {
        lang: json.loads((site_dir / ext_search.language_index_name(lang)).read_text(encoding="utf-8"))
        for lang in ("zh", "en")
    }
    assert all(part["config"] == whole["config"] for part in parts.values())
    english = [d for d in whole["docs"] if d["location"].startswith("en/")]
    assert english and parts["en"]["docs"] == english
    assert parts["zh"]["docs"] == [d for d in whole["docs"] if not d["location"].startswith("en/")]
    assert any(d["location"].startswith("rules/") for d in parts["zh"]["docs"])
    # lean.js asks for the file by the same name, built from the page's language
    lean = (REPO_ROOT / "docs/assets/js/lean.js").read_text(encoding="utf-8")
    assert f"`{ext_search.language_index_name('${lang}')}`" in lean


# --- fonts ------------------------------------------------------------------------------------------


def test_subset_fonts_cover_every_cjk_character_of_the_site(site_dir):
    used = {c for c in fonts.site_characters(site_dir) if "\u3400" <= c <= "\u9fff"}
    assert len(used) > 100
    css = (site_dir / "assets/css/fonts.css").read_text()
    for face in fonts.FACES:
        assert f'font-family: "{face.family}"' in css
        chunk_files = sorted((site_dir / "assets/fonts").glob(f"{face.file_stem}-*.woff2"))
        assert len(chunk_files) >= 2
        cmap: set[int] = set()
        for woff2 in chunk_files:
            font = TTFont(woff2)
            assert font.flavor == "woff2"
            # a changed font file says so (Arphic licence), and keeps its copyright and licence names
            assert font["name"].getDebugName(10) == fonts.MODIFICATION_NOTICE
            assert font["name"].getDebugName(0) and font["name"].getDebugName(13)
            chunk = set(font.getBestCmap())
            assert not chunk & cmap, f"{woff2.name} repeats characters of another chunk"
            cmap |= chunk
            assert f"../fonts/{woff2.name}?v=" in css
        source_cmap = set(TTFont(face.source, fontNumber=_face_index(face), lazy=True).getBestCmap())
        missing = {c for c in used if ord(c) in source_cmap and ord(c) not in cmap}
        assert not missing, f"{face.family} lacks {''.join(sorted(missing))}"
        # a subset, not the whole face
        assert len(cmap) < len(source_cmap) / 5
        if face.cjk_only:
            assert all(fonts.is_cjk(cp) for cp in cmap), f"{face.family} should hold CJK characters only"


def test_commonest_characters_come_first_and_latin_stays_apart():
    usage = Counter({ord("a"): 9, ord("长"): 5, ord("牌"): 9, ord("贰"): 1, ord("柒"): 2})
    chunks = fonts.split_into_chunks(set(usage), usage, size=2)
    assert chunks == [{ord("a")}, {ord("牌"), ord("长")}, {ord("柒"), ord("贰")}]


def _face_index(face):
    from fontTools.ttLib import TTCollection

    for index, font in enumerate(TTCollection(str(face.source), lazy=True).fonts):
        if font["name"].getDebugName(1) == face.source_name:
            return index
    raise AssertionError(face)


def test_unicode_ranges_merge_runs():
    assert fonts.unicode_ranges({0x20, 0x21, 0x22, 0x4E00, 0x4E02}) == "U+20-22, U+4E00, U+4E02"


# --- both languages ----------------------------------------------------------------------------------


def test_every_page_exists_in_both_languages():
    docs = REPO_ROOT / "docs"
    chinese = {
        p.relative_to(docs).as_posix()[: -len(".md")] for p in docs.rglob("*.md") if not p.name.endswith(".en.md")
    }
    english = {p.relative_to(docs).as_posix()[: -len(".en.md")] for p in docs.rglob("*.en.md")}
    assert chinese, "no pages found"
    assert not chinese - english, f"no English version: {sorted(chinese - english)}"
    assert not english - chinese, f"no Chinese version: {sorted(english - chinese)}"


def test_built_pages_declare_their_language(site_dir):
    for html in site_dir.rglob("*.html"):
        rel = html.relative_to(site_dir).as_posix()
        if rel.startswith(("assets/", "overrides/")):
            continue
        head = html.read_text(encoding="utf-8")[:400]
        expected = "en" if rel.startswith("en/") else "zh"
        assert f'<html lang="{expected}"' in head, f"{rel} should be lang={expected}"
