"""Shortcodes: ``{{cp name arg1 "arg two"}}`` in a page becomes whatever the registered function returns.

Ext modules (``sitebuild/ext_*.py``) register their shortcodes with::

    from sitebuild.shortcodes import shortcode

    @shortcode("deal")
    def deal(args: list[str], lang: str, page) -> str:
        return "<div data-cp-widget='deal'>...</div>"

An unknown name or a shortcode that raises fails the build with the page's file and line.
Shortcodes inside fenced code blocks and inline code spans are left alone, so pages can show the syntax.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

ShortcodeFunc = Callable[[list[str], str, Any], str]

SHORTCODE_PATTERN = re.compile(r"\{\{cp\s+(?P<body>.*?)\s*\}\}", re.DOTALL)
FENCE_PATTERN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})")
INLINE_CODE_PATTERN = re.compile(r"(`+)(?:(?!\1).)+?\1")


@dataclass(frozen=True)
class Registration:
    name: str
    func: ShortcodeFunc
    module: str


_REGISTRY: dict[str, Registration] = {}


class ShortcodeError(Exception):
    """A shortcode could not be expanded; the message names the file and line."""


def shortcode(name: str) -> Callable[[ShortcodeFunc], ShortcodeFunc]:
    """Register ``func`` as the shortcode ``name``. Two different modules may not claim one name."""
    if not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
        raise ValueError(f"shortcode name {name!r}: use lower-case letters, digits, '-' or '_'")

    def register(func: ShortcodeFunc) -> ShortcodeFunc:
        module = getattr(func, "__module__", "?")
        previous = _REGISTRY.get(name)
        if previous is not None and previous.module != module:
            raise ValueError(f"shortcode {name!r} is registered twice: by {previous.module} and by {module}")
        _REGISTRY[name] = Registration(name, func, module)
        return func

    return register


def registered() -> dict[str, Registration]:
    """A copy of the registry (name → registration)."""
    return dict(_REGISTRY)


def forget(module: str) -> None:
    """Drop the shortcodes a module registered (used before re-importing ext modules on rebuild)."""
    for name in [name for name, reg in _REGISTRY.items() if reg.module == module]:
        del _REGISTRY[name]


def _masked(markdown: str) -> str:
    """The page with fenced code and inline code replaced by spaces (same length, same line breaks)."""
    out: list[str] = []
    fence: str | None = None
    for line in markdown.splitlines(keepends=True):
        match = FENCE_PATTERN.match(line)
        if fence is None and match:
            fence = match.group("fence")
            out.append(_blank(line))
        elif fence is not None:
            stripped = line.strip()
            if stripped.startswith(fence[0] * len(fence)) and set(stripped) <= {fence[0]}:
                fence = None
            out.append(_blank(line))
        else:
            out.append(INLINE_CODE_PATTERN.sub(lambda m: " " * len(m.group(0)), line))
    return "".join(out)


def _blank(text: str) -> str:
    return "".join(ch if ch == "\n" else " " for ch in text)


def parse_arguments(body: str) -> tuple[str, list[str]]:
    """Split ``name arg1 "arg two"`` into ("name", ["arg1", "arg two"])."""
    parts = shlex.split(body, posix=True)
    if not parts:
        raise ValueError("empty shortcode")
    return parts[0], parts[1:]


def expand(markdown: str, *, lang: str, page: Any, source: str) -> str:
    """Replace every shortcode in ``markdown``; ``source`` (e.g. "docs/rules/luzhou.md") is used in errors."""
    masked = _masked(markdown)
    pieces: list[str] = []
    last = 0
    for match in SHORTCODE_PATTERN.finditer(masked):
        start, end = match.span()
        line = markdown.count("\n", 0, start) + 1
        where = f"{source}:{line}"
        raw = markdown[start:end]
        try:
            name, args = parse_arguments(markdown[match.start("body") : match.end("body")])
        except ValueError as exc:
            raise ShortcodeError(f"{where}: cannot read shortcode {raw!r}: {exc}") from exc
        registration = _REGISTRY.get(name)
        if registration is None:
            known = ", ".join(sorted(_REGISTRY)) or "none"
            raise ShortcodeError(f"{where}: unknown shortcode {name!r} in {raw!r} (known: {known})")
        try:
            result = registration.func(args, lang, page)
        except Exception as exc:  # any failure must name the page and line
            raise ShortcodeError(
                f"{where}: shortcode {name!r} ({registration.module}) failed: {type(exc).__name__}: {exc}"
            ) from exc
        if not isinstance(result, str):
            raise ShortcodeError(f"{where}: shortcode {name!r} returned {type(result).__name__}, not str")
        pieces.append(markdown[last:start])
        pieces.append(result)
        last = end
    pieces.append(markdown[last:])
    return "".join(pieces)
