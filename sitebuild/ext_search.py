"""The search index, one file per language (issue #18: light pages).

Material indexes both languages in one ``search/search_index.json`` (the i18n plugin's pages share one search
plugin), and a searcher downloads and indexes all of it, though ``assets/js/site.js`` then shows only the results in
the page's language. After the build, this writes ``search/search_index.<lang>.json`` for each language: the same
``config``, only the documents whose pages are in that language (English under ``en/``). ``assets/js/lean.js`` asks
for the file of the page's language, and falls back to the whole index when that one cannot be had.

The whole index stays: Material reads it (as ``search_index.js``) when the site is opened from ``file://``, where no
request can be rewritten; ``site.js`` keeps filtering the results there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sitebuild.hooks import default_language, inside_nested_language_build, other_language_dirs

INDEX = "search/search_index.json"


def language_index_name(lang: str) -> str:
    """Where a language's index is written, relative to the site root (``lean.js`` builds the same name)."""
    return f"search/search_index.{lang}.json"


def language_of(location: str, others: set[str]) -> str | None:
    """The language folder a document's location lies in (``en/rules/luzhou.html#…`` → ``en``), None for the
    default language's pages at the root."""
    head = location.split("/", 1)[0]
    return head if head in others and "/" in location else None


def split_index(index: dict[str, Any], default: str, others: set[str]) -> dict[str, dict[str, Any]]:
    """The index as one index per language, each with the whole index's ``config`` and its own documents, in order."""
    split: dict[str, dict[str, Any]] = {lang: {"config": index["config"], "docs": []} for lang in [default, *others]}
    for doc in index["docs"]:
        split[language_of(doc["location"], others) or default]["docs"].append(doc)
    return split


def write_language_indexes(site_root: Path, default: str, others: set[str]) -> None:
    """Write each language's index next to the whole one."""
    index = json.loads((site_root / INDEX).read_text(encoding="utf-8"))
    for lang, part in split_index(index, default, others).items():
        text = json.dumps(part, ensure_ascii=False, separators=(",", ":"))
        (site_root / language_index_name(lang)).write_text(text, encoding="utf-8")


def on_post_build(config: Any) -> None:
    others = other_language_dirs(config)
    if not others or inside_nested_language_build(config):
        return  # (one language; or one built inside the main build: the index is whole only at the main build's end)
    site_root = Path(config["site_dir"])
    if (site_root / INDEX).is_file():
        write_language_indexes(site_root, default_language(config), others)
