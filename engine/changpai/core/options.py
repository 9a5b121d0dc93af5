"""An option: a point the sources leave open (or disagree on), as a named choice with its default and source.

Shared by every game: the Da Er family (``daer.options``) declares its traditions' options with it, and so will
the sibling games. How a game stores and applies the values is the game's own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from .sourced import Sourced
from .text import RuleError, Text

ANY_NUMBER = "N"  # a choice key standing for any whole number (its words say "N")
BY_RECORD = Text("由牌谱指定", "set by the record")
_NUMBER = re.compile(r"-?[0-9]{1,18}")  # a number given as text; bounded, so no 100,000-digit int() is tried


def choice_key(value: object) -> str:
    """The choice a value stands for: ``true`` / ``false``, the text itself, or the number as text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True, slots=True)
class OptionDef:
    """A point the sources leave open (or disagree on), as a named choice with the tradition's default.

    The value's type is the default's: text (the choice key itself), a bool (``true`` / ``false``) or a whole
    number (one of the choices, or any with ``ANY_NUMBER``)."""

    name: str
    side: str  # which of the game's rule objects holds it (the Da Er family: ON_HAND or IN_PLAY)
    question: Text
    choices: Mapping[str, Text]
    default: Sourced[Any]
    why: Text
    sources: tuple[str, ...]

    def defaulting(self, default: Sourced[Any]) -> OptionDef:
        """The same option with another tradition's default (the question and choices are shared)."""
        return replace(self, default=default)

    def read(self, value: object) -> Any:
        """``value`` as the engine keeps it; a value that is no choice raises ``RuleError`` at ``options.NAME``.
        A bool or number may also be given as its choice key (``"true"``, ``"2"``), as the command line does."""
        like = self.default.value
        if isinstance(like, bool):
            read = {"true": True, "false": False}.get(value, value) if isinstance(value, str) else value
            ok = isinstance(read, bool)
        elif isinstance(like, int):
            read = int(value) if isinstance(value, str) and _NUMBER.fullmatch(value) else value
            ok = isinstance(read, int) and not isinstance(read, bool)
            ok = ok and (ANY_NUMBER in self.choices or str(read) in self.choices)
        else:
            read = value
            ok = isinstance(value, str) and value in self.choices
        if not ok:
            allowed = ", ".join("整数" if k == ANY_NUMBER else k for k in self.choices)
            allowed_en = ", ".join("a whole number" if k == ANY_NUMBER else k for k in self.choices)
            raise RuleError(
                Text(
                    f"选项 {self.name} 不能取“{value}”（可取：{allowed}）",
                    f"option {self.name} cannot be “{value}” (use: {allowed_en})",
                ),
                code="bad-option",
                where=f"options.{self.name}",
            )
        return read

    def as_dict(self, value: object = None) -> dict[str, object]:
        """JSON-able; ``value``: the value in force, when it is not the default."""
        out: dict[str, object] = {
            "name": self.name,
            "side": self.side,
            "question": self.question.as_dict(),
            "choices": {key: text.as_dict() for key, text in self.choices.items()},
            "default": self.default.as_dict(),
            "why_default": self.why.as_dict(),
            "sources": list(self.sources),
        }
        out["value"] = self.default.value if value is None else value
        return out


def option(
    name: str,
    side: str,
    question: tuple[str, str],
    choices: Mapping[str, tuple[str, str]],
    default: Sourced[Any],
    why: tuple[str, str],
    sources: tuple[str, ...],
) -> OptionDef:
    """An ``OptionDef`` written compactly: (zh, en) pairs for the texts."""
    return OptionDef(
        name, side, Text(*question), {k: Text(*t) for k, t in choices.items()}, default, Text(*why), sources
    )


V = TypeVar("V")


def default_from(value: V, source: str, why: tuple[str, str]) -> Sourced[V]:
    """An option's default: the value, the source it follows, and the reason (zh, en) as its note."""
    return Sourced(value, source, Text(*why))
