"""What the hand analysis (``analysis``) answers: the scored sets of the best split, the reasons for its
verdict, the whole result, and the waits of a hand one card short."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.text import Text
from ..decks.numerals import Card
from .patterns import CLASS_NAMES, Grade, PatternHit
from .sets import Meld


@dataclass(frozen=True, slots=True)
class ScoredSet:
    """One set of the chosen split, as the explanation shows it."""

    meld: Meld
    origin: str  # "hand" (concealed cards only), "table" (laid out before), "win" (holds the winning card)
    points: int
    name: Text  # the tradition's own name for the set
    unit: Text = Text("胡", "points")  # the tradition's word for a point

    @property
    def code(self) -> str:
        return f"set.{self.meld.kind.value}"

    def text(self) -> Text:
        cards = self.meld.text()
        plural = "" if self.points == 1 else "s"
        return Text(
            f"{self.name.zh} {cards}：{self.points} {self.unit.zh}",
            f"{self.name.en} {cards}: {self.points} point{plural}",
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "cards": self.meld.text(),
            "ascii": self.meld.text("ascii"),
            "kind": self.meld.kind.value,
            "name": self.name.as_dict(),
            "origin": self.origin,
            "points": self.points,
            "code": self.code,
            "text": self.text().as_dict(),
        }


@dataclass(frozen=True, slots=True)
class Reason:
    code: str
    text: Text

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, **self.text.as_dict()}


@dataclass(frozen=True)
class HandResult:
    """The analysis of one hand: the best split, its points, patterns and the reasons for the verdict."""

    rules: str
    win: bool
    points: int
    sets: tuple[ScoredSet, ...]
    patterns: tuple[PatternHit, ...]
    grade: Grade | None
    win_class: str | None  # Wuchuan: big / middle / small
    reasons: tuple[Reason, ...]
    win_card: Card | None
    source: str
    splits: int  # how many valid splits were compared
    # Every total some valid split reaches, highest first. Usually one; when there are several, a score table
    # that is not monotone in the points (Luzhou [001] pays more for exactly 30 than for 31) may prefer another.
    totals: tuple[int, ...] = ()
    # The other ways to read the same cards (one per distinct total and patterns), each a complete result;
    # a winner declares the one that pays most (``settlement.declare``), doublings included.
    readings: tuple[HandResult, ...] = ()

    @property
    def reason(self) -> Reason:
        return self.reasons[0]

    def as_dict(self) -> dict[str, object]:
        return {
            "rules": self.rules,
            "win": self.win,
            "points": self.points,
            "sets": [s.as_dict() for s in self.sets],
            "patterns": [p.as_dict() for p in self.patterns],
            "grade": self.grade.as_dict() if self.grade else None,
            "class": self.win_class,
            "reason": self.reason.as_dict(),
            "reasons": [r.as_dict() for r in self.reasons],
            "win_card": str(self.win_card) if self.win_card else None,
            "from": self.source,
            "splits": self.splits,
            "totals": list(self.totals),
        }

    def explain(self, lang: str = "zh") -> str:
        lines = [r.text.get(lang) for r in self.reasons]
        lines += [s.text().get(lang) for s in self.sets]
        lines += [p.text().get(lang) for p in self.patterns]
        if self.grade is not None:
            lines.append(self.grade.text().get(lang))
        if self.win_class is not None:
            name = CLASS_NAMES[self.win_class]
            lines.append(Text(f"胡的大小：{name.zh}", f"win class: {name.en}").get(lang))
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Wait:
    """A card that completes the hand (叫牌 / 下叫): the points it makes and whether that is a win.

    ``left`` is how many copies can still arrive: four, less the player's own copies and any ``seen``
    cards. A wait with ``left == 0`` can never come; it is listed so the reader can see why.
    """

    card: Card
    points: int
    win: bool
    left: int

    def as_dict(self) -> dict[str, object]:
        return {
            "card": str(self.card),
            "ascii": self.card.ascii(),
            "points": self.points,
            "win": self.win,
            "left": self.left,
        }
