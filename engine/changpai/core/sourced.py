"""A rule's value together with its source: the one sourced-value type of the engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from .text import Text

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Sourced(Generic[T]):
    """A rule's value with the source it comes from and a short note in both languages.

    ``source`` is a tag such as ``"[001]"``; ``"engine"`` marks a choice the engine makes where the
    sources are silent (the note says why).
    """

    value: T
    source: str
    note: Text

    def as_dict(self) -> dict[str, object]:
        value = self.value.as_dict() if isinstance(self.value, Text) else self.value
        return {"value": value, "source": self.source, "note": self.note.as_dict()}


def sourced(value: T, source: str, zh: str, en: str) -> Sourced[T]:
    """The rule tables' shorthand: ``sourced(3, "[001]", "中文说明", "English note")``."""
    return Sourced(value, source, Text(zh, en))
