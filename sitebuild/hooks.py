"""MkDocs hooks for the whole site (the one hooks file named in mkdocs.yml).

What happens here, in build order:

* every ``sitebuild/ext_*.py`` module is imported (alphabetically, freshly on each config load so
  ``mkdocs serve`` picks up edits); an ext module may define any of ``on_pre_build(config)``,
  ``on_page_markdown(markdown, page, config, files)``, ``on_page_content(html, page, config, files)``,
  ``on_post_page(output, page, config)``, ``on_post_build(config)``, ``on_site_finished(site_dir)`` and
  register shortcodes with ``@shortcode("name")`` from ``sitebuild.shortcodes``. A module that fails to import
  fails the build, naming the file.
* ``{{cp name args}}`` shortcodes are expanded before the ext modules see the page's Markdown;
  an unknown or failing shortcode fails the build with the file and line.
* the browser runtime (Pyodide, the engine wheel, the iframe-worker polyfill) is added to the site's files
  (``sitebuild/engine_assets.py``);
* when every language is built: the CJK fonts are subset to the characters the site uses (``sitebuild/fonts.py``),
  then ext ``on_site_finished(site_dir)`` runs, last of all (e.g. an offline precache list of every file).

The i18n plugin builds the default language (Chinese) into ``site/`` and then English into ``site/en/``,
calling the build events once per language; ext ``on_post_build`` is called once per language build too.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from markdown.extensions import toc
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from pymdownx import slugs

SITEBUILD_DIR = Path(__file__).resolve().parent
REPO_ROOT = SITEBUILD_DIR.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from sitebuild import engine_assets, fonts, shortcodes  # noqa: E402

log = logging.getLogger("mkdocs.plugins.changpai")

EXT_EVENTS = (
    "on_pre_build",
    "on_page_markdown",
    "on_page_content",
    "on_post_page",
    "on_post_build",
    "on_site_finished",
)

_ext_modules: list[ModuleType] = []


def load_ext_modules(ext_dir: Path = SITEBUILD_DIR) -> list[ModuleType]:
    """Import every ext_*.py in ``ext_dir`` afresh (as ``sitebuild.ext_*``), in name order.

    A fresh import on every config load lets ``mkdocs serve`` pick up edits; the module's old shortcodes are
    forgotten first so it can register them again. A module that fails to import fails the build, naming it.
    """
    modules = []
    for path in sorted(ext_dir.glob("ext_*.py")):
        name = f"sitebuild.{path.stem}"
        shortcodes.forget(name)
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise PluginError(f"{_shown(path)}: cannot be imported as a Python module")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            sys.modules.pop(name, None)
            shortcodes.forget(name)
            raise PluginError(f"{_shown(path)}: cannot import ext module: {type(exc).__name__}: {exc}") from exc
        unknown = [n for n, v in vars(module).items() if n.startswith("on_") and callable(v) and n not in EXT_EVENTS]
        if unknown:  # a misspelt event would silently never run
            raise PluginError(f"{_shown(path)}: {', '.join(unknown)} is not an event (known: {', '.join(EXT_EVENTS)})")
        modules.append(module)
    return modules


def _shown(path: Path) -> str:
    try:
        return path.relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(path)


def _ext_handlers(event: str):
    for module in _ext_modules:
        handler = getattr(module, event, None)
        if handler is not None:
            yield module, handler


def _call(module: ModuleType, event: str, handler, *args: Any) -> Any:
    try:
        return handler(*args)
    except (PluginError, shortcodes.ShortcodeError):
        raise
    except Exception as exc:
        where = ""
        page = next((arg for arg in args if hasattr(arg, "file")), None)
        if page is not None:
            where = f" on {page_source(page)}"
        raise PluginError(f"{module.__name__}.{event}{where}: {type(exc).__name__}: {exc}") from exc


def page_lang(page: Any, config: Any = None) -> str:
    """The language of a page, 'zh' or 'en': the i18n plugin's locale for its file, else its name (``x.en.md`` is
    English), else the theme's language. (The one place every ``ext_*`` module asks.)"""
    locale = getattr(page.file, "locale", None)
    if not locale and str(getattr(page.file, "src_uri", "")).endswith(".en.md"):
        locale = "en"
    if not locale and config is not None:
        locale = config["theme"]["language"]
    return "en" if str(locale or "zh").startswith("en") else "zh"


def page_source(page: Any) -> str:
    """The page's source path as people see it in the repo, e.g. docs/rules/luzhou.en.md."""
    src = getattr(page.file, "src_uri", None) or getattr(page.file, "src_path", "?")
    return f"docs/{src}"


# --- MkDocs events -------------------------------------------------------------------------------


def on_config(config):
    global _ext_modules
    _ext_modules = load_ext_modules()
    log.debug("changpai hooks: ext modules %s", [m.__name__ for m in _ext_modules])
    return config


def on_pre_build(config):
    for module, handler in _ext_handlers("on_pre_build"):
        _call(module, "on_pre_build", handler, config)


@event_priority(-150)  # after the i18n plugin sorted the page files (it cannot handle generated files)
def on_files(files, config):
    if inside_nested_language_build(config):
        return files  # the runtime lives once at the site root, shared by every language
    return engine_assets.add_runtime_files(files, config)


def section_slugify(lang: str) -> Callable[[str, str], str]:
    """How a page's headings become their anchors. Chinese keeps its words (``#牌与颜色``): the default drops every
    character outside ASCII, which left a Chinese page's sections numbered ``#_1``, ``#_2`` …, so a cited or
    bookmarked section moved whenever a heading was added above it. English keeps the default, ASCII anchors."""
    return _slugify_keeping_chinese if lang == "zh" else toc.slugify


_slugify_keeping_chinese = slugs.slugify(case="lower")


def on_page_markdown(markdown, page, config, files):
    lang = page_lang(page, config)
    # (MkDocs makes a new Markdown converter for each page from ``mdx_configs``, after this event)
    config["mdx_configs"].setdefault("toc", {})["slugify"] = section_slugify(lang)
    try:
        markdown = shortcodes.expand(markdown, lang=lang, page=page, source=page_source(page))
    except shortcodes.ShortcodeError as exc:
        raise PluginError(str(exc)) from exc
    for module, handler in _ext_handlers("on_page_markdown"):
        result = _call(module, "on_page_markdown", handler, markdown, page, config, files)
        if result is not None:
            markdown = result
    return markdown


def on_page_content(html, page, config, files):
    for module, handler in _ext_handlers("on_page_content"):
        result = _call(module, "on_page_content", handler, html, page, config, files)
        if result is not None:
            html = result
    return html


def on_post_page(output, page, config):
    for module, handler in _ext_handlers("on_post_page"):
        result = _call(module, "on_post_page", handler, output, page, config)
        if result is not None:
            output = result
    return output


_not_found_pages: dict[str, str] = {}


def on_post_template(output, template_name, config):
    # Every language build writes its own 404.html to the site root, English last. Keep each one, so the root
    # gets the default language's (Chinese) and en/404.html the English one (see _finish_site).
    if template_name == "404.html":
        _not_found_pages[str(config["theme"]["language"])] = output
    return output


@event_priority(-200)  # after the i18n plugin (-100), which builds the other languages from its on_post_build
def on_post_build(config):
    for module, handler in _ext_handlers("on_post_build"):
        _call(module, "on_post_build", handler, config)
    _finish_site(config)


def inside_nested_language_build(config) -> bool:
    """This build is one of the other languages, built by the i18n plugin inside the main build (which is the one
    that ends with the whole site written)."""
    i18n = config["plugins"].get("i18n")
    return bool(getattr(i18n, "building", False))


def site_root(config) -> Path:
    """The root of the whole site, also from a nested language build (the English one writes into <root>/en/)."""
    site_dir = Path(config["site_dir"])
    return site_dir.parent if site_dir.name in other_language_dirs(config) else site_dir


def _finish_site(config):
    """Runs once per build, after every language is written: fonts are subset to the site's characters."""
    if inside_nested_language_build(config):
        return
    site_dir = site_root(config)
    _write_language_sitemaps(site_dir, config)
    _write_not_found_pages(site_dir, config)
    try:
        sizes = fonts.build_site_fonts(site_dir)
    except fonts.FontError as exc:
        raise PluginError(str(exc)) from exc
    totals = fonts.family_totals(sizes)
    log.info("changpai fonts: %s", ", ".join(f"{stem} {n} files {b} bytes" for stem, (n, b) in totals.items()))
    # Last of all (the site is complete): ext `on_site_finished(site_dir)`, e.g. the offline worker's file list.
    for module, handler in _ext_handlers("on_site_finished"):
        _call(module, "on_site_finished", handler, site_dir)


def _write_not_found_pages(site_dir: Path, config) -> None:
    others = other_language_dirs(config)
    for lang, html in _not_found_pages.items():
        target = site_dir / lang / "404.html" if lang in others else site_dir / "404.html"
        if target.parent.is_dir():
            target.write_text(html, encoding="utf-8")
    _not_found_pages.clear()


def _write_language_sitemaps(site_dir: Path, config) -> None:
    """Material fetches <alternate>/sitemap.xml for each language link; the i18n plugin writes only the root one."""
    root_sitemap = site_dir / "sitemap.xml"
    if not root_sitemap.is_file():
        return
    for lang in other_language_dirs(config):
        target = site_dir / lang / "sitemap.xml"
        if target.parent.is_dir() and not target.exists():
            target.write_bytes(root_sitemap.read_bytes())


def other_language_dirs(config) -> set[str]:
    """The languages besides the default one, each built into <root>/<locale>/ (none without the i18n plugin)."""
    i18n = config["plugins"].get("i18n")
    if i18n is None:
        return set()
    return {lang.locale for lang in i18n.config.languages if not lang.default}


def default_language(config) -> str:
    """The language built at the site root: the i18n plugin's default, else the theme's."""
    i18n = config["plugins"].get("i18n")
    if i18n is None:
        return str(config["theme"]["language"])
    return next(lang.locale for lang in i18n.config.languages if lang.default)
