"""Named hand patterns (名堂) and grades that can be read from a winning hand alone.

Each pattern is a ``PatternDef``: a stable code, its name in the tradition's words, its value with
the source it comes from, the condition in both languages, and a small test on ``HandFacts``.
Patterns that need the course of the deal (天胡, 地胡, 海底 …) are listed with ``test=None`` so the
reference page shows them, but the hand analysis cannot award them.

Units of ``value``:

* ``doubling`` – each step doubles the score (Luzhou [001] 翻, Leshan [003] 番);
* ``fan`` – a 番 count from the advanced table of [004];
* ``multiplier`` – a factor (×2, ×4) from the ordinary table of [004];
* ``class`` – Wuchuan [000] win classes: ``big`` 大胡, ``middle`` 中胡, ``small`` 小胡.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.sourced import Sourced
from ..core.text import Text
from ..decks.numerals import Card
from .sets import SetKind

if TYPE_CHECKING:
    from .rules import RuleSet


@dataclass(frozen=True, slots=True)
class SetFact:
    """One set of a split as the pattern tests see it."""

    kind: SetKind
    cards: tuple[Card, ...]
    points: int
    origin: str  # "hand" (all from the concealed hand), "table" (laid out before), "win" (holds the win card)
    red: int  # red cards in the set, by the tradition's colours

    @property
    def from_original_hand(self) -> bool:
        """Held since the deal (原手): a 坎 / 龙, or a set made only of concealed cards."""
        return self.kind.held or self.origin == "hand"


@dataclass(frozen=True, slots=True)
class HandFacts:
    sets: tuple[SetFact, ...]
    points: int
    red: int
    big: int
    small: int
    hand_holds_two_seven_ten: bool  # the concealed hand (before the win card) holds 2, 7 and 10 of one case
    rules: RuleSet

    def count(self, *kinds: SetKind) -> int:
        return sum(1 for s in self.sets if s.kind in kinds)

    @property
    def sets_with_red(self) -> int:
        return sum(1 for s in self.sets if s.red)

    @property
    def has_held(self) -> bool:
        """Holds a 坎 or a held four (the sets a 飘 hand lacks); a 招 / 开招 too under option ``kong_is_held``."""
        kinds = (
            (SetKind.KAN, SetKind.FOUR, SetKind.KONG)
            if self.rules.kong_is_held == "yes"
            else (SetKind.KAN, SetKind.FOUR)
        )
        return any(s.kind in kinds for s in self.sets)


@dataclass(frozen=True)
class PatternDef:
    code: str
    name: Text
    value: Sourced[int | str | None]
    unit: str
    condition: Text
    test: Callable[[HandFacts], int] | None = None  # how many times it applies (0 = not at all)

    @property
    def readable(self) -> bool:
        return self.test is not None


CLASS_NAMES: dict[str, Text] = {
    "big": Text("大胡", "big win"),
    "middle": Text("中胡", "middle win"),
    "small": Text("小胡", "small win"),
}


def value_text(value: int | str | None, unit: str) -> Text:
    """A pattern's worth as players say it: 加 3 翻 (×8), 8 番, ×2, 大胡.

    >>> value_text(3, "doubling").en, value_text(8, "fan").zh, value_text("big", "class").zh
    ('3 doublings (×8)', '8 番', '大胡')
    """
    if value is None:
        return Text("未给出", "not given")
    if unit == "class" and isinstance(value, str) and value in CLASS_NAMES:
        return CLASS_NAMES[value]
    if isinstance(value, int):
        if unit == "multiplier":
            return Text(f"×{value}", f"×{value}")
        if unit == "doubling":  # n doublings multiply the score by 2**n
            plural = "s" if value != 1 else ""
            return Text(f"加 {value} 翻（×{2**value}）", f"{value} doubling{plural} (×{2**value})")
    if unit == "fan":  # also a list of values such as "2 / 8 / 32"
        return Text(f"{value} 番", f"{value} fan")
    return Text(str(value), str(value))


@dataclass(frozen=True, slots=True)
class PatternHit:
    code: str
    name: Text
    value: int | str | None  # the pattern's value times ``count`` when numeric
    count: int
    unit: str
    source: str

    def text(self) -> Text:
        """The hit in one line; ``value`` already counts every time it applies (two 招 → 加 2 翻)."""
        if self.unit == "class":  # Wuchuan: the name already says the class (大胡：黑胡)
            return self.name
        worth = value_text(self.value, self.unit)
        return Text(f"{self.name.zh}：{worth.zh}", f"{self.name.en}: {worth.en}")

    def as_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "name": self.name.as_dict(),
            "value": self.value,
            "count": self.count,
            "unit": self.unit,
            "source": self.source,
            "text": self.text().as_dict(),
        }


@dataclass(frozen=True, slots=True)
class Grade:
    """A total read from the points: [003]'s 小和 … 台和, [004]'s 等."""

    code: str
    name: Text
    value: int
    source: str
    note: Text

    def text(self) -> Text:
        if self.code == "deng":  # [004]'s grade is its own value: "2 等"
            return self.name
        return Text(f"{self.name.zh}：算 {self.value}", f"{self.name.en}: counts as {self.value}")

    def as_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "name": self.name.as_dict(),
            "value": self.value,
            "source": self.source,
            "note": self.note.as_dict(),
            "text": self.text().as_dict(),
        }


def detect(facts: HandFacts) -> list[PatternHit]:
    """Every readable pattern of the rule set that the hand shows, in the rule set's order."""
    hits: list[PatternHit] = []
    for pattern in facts.rules.patterns:
        if pattern.test is None:
            continue
        count = pattern.test(facts)
        if count:
            value = pattern.value.value
            shown = value * count if isinstance(value, int) else value
            hits.append(PatternHit(pattern.code, pattern.name, shown, count, pattern.unit, pattern.value.source))
    # [004] 平胡: only when no other 名堂 applies.
    plain = facts.rules.plain_win_pattern
    if plain is not None and not hits and plain.test is not None and plain.test(facts):
        value = facts.rules.variant.plain_win_value(facts.points, facts.rules)
        hits.append(PatternHit(plain.code, plain.name, value, 1, plain.unit, plain.value.source))
    return hits


CLASS_RANK = {"big": 3, "middle": 2, "small": 1}


def weight(hits: list[PatternHit]) -> int:
    """A number that grows with the patterns' worth, used only to break ties between equal-point splits."""
    total = 0
    for hit in hits:
        if isinstance(hit.value, int):
            total += hit.value
        elif isinstance(hit.value, str):
            total += CLASS_RANK.get(hit.value, 0) * 100
    return total


def _b(condition: bool) -> int:
    return 1 if condition else 0


def _src(tag: str, zh: str, en: str) -> Callable[[int | str | None], Sourced[int | str | None]]:
    return lambda value: Sourced(value, tag, Text(zh, en))
