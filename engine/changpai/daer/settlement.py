"""Who pays whom at the end of a deal. Each tradition's scheme is in its own module (called through its
``Variant``); this module holds the shared part: violations, the declared reading, the zero sum. In short:

* **Luzhou A** [001]: the score table by hu points (each loser pays; the winner and 坐底 share it),
  放炮兜底 (a discard won on: the discarder pays double, the other loser nothing), 自摸加翻 (a win on
  one's own turned card doubles), 名堂 doublings added up (×2 each): 红, 黑 (+3), 坤, each 招 and 龙,
  天胡, 水上漂, 海底; an agreed cap (option ``cap``).
* **Luzhou B** [004]: 等 (grades): one point a grade, at least 2; each loser adds 1 for the 底家;
  doublings multiply. [004]'s example: exactly 10 hu with 红 — each loser pays (2 + 1) × 2 = 6, the winner
  nets 2 × 6 − 1 × 2 = 10, the 底家 gets 1 × 2 = 2.
* **Leshan** [003]: the graded total (小和 … 台和) doubled for 天和, 地和, 坤和, 瞟和; the discarder
  (抬炮) pays total × number of players; 小家's own totals; 满百 as an option.
* **Wuchuan 字牌** [000]: the win class (大胡 / 中胡 / 小胡) sets what each loser pays (amounts are engine
  defaults: the source gives none); the winner pays the stock counter a fee, and on a drawn deal every
  player does.
Violations (包牌) add their own payments (``violations.penalty_payments``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..core.text import Text
from .actions import native_words

if TYPE_CHECKING:
    from .deal import Deal, WinInfo


@dataclass(slots=True)
class Settlement:
    winner: int | None
    points: int  # the figure the payments are built from (分, 等, 和, class amount)
    payments: list[int]
    lines: list[Text] = field(default_factory=list)
    # A deal nobody won: how it ended and what is paid (无人胡牌，不付钱 / 和局，无人胡：…), the line the viewers
    # head the settlement with; None when somebody won (the winner's line is the viewers' own).
    outcome: Text | None = None
    # The winning hand as the viewers draw it: its sets (name, points), patterns and total points
    # (``analysis.HandResult.as_dict``); None when nobody won.
    hand: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "points": self.points,
            "payments": list(self.payments),
            "lines": [line.as_dict() for line in self.lines],
            "outcome": None if self.outcome is None else self.outcome.as_dict(),
            "hand": self.hand,
        }


def settle(deal: Deal) -> Settlement:
    """The settlement of a finished deal (an unfinished one settles only its violations)."""
    from .violations import penalty_payments  # the violations view reads the traditions, which import this module

    payments, lines = penalty_payments(deal)
    out = Settlement(None, 0, payments, lines)
    win = deal.win
    variant = deal.rules.variant
    if win is None:  # ``outcome`` says that nobody won, and what is paid
        if variant.settle_draw is not None and deal.over and deal.ended_by == "stock":
            variant.settle_draw(deal, out)
        elif deal.over:
            win_word = native_words(deal.rules)["win"].zh  # 胡 / 和
            if any(payments):  # (a 包牌 paid above: "nobody pays" would deny it)
                out.outcome = Text(f"无人{win_word}牌，只付包牌", "no winner: only the 包牌 is paid")
            else:
                out.outcome = Text(f"无人{win_word}牌，不付钱", "no winner: nobody pays")
        _check_zero(out)
        return out
    out.winner = win.seat
    win = declare(deal, win, out)
    result = getattr(win, "result", None)
    out.hand = result.as_dict() if result is not None and hasattr(result, "as_dict") else None
    variant.settle(deal, win, out)
    _check_zero(out)
    return out


def _check_zero(out: Settlement) -> None:
    assert sum(out.payments) == 0, out.payments


def _losers(deal: Deal, winner: int) -> list[int]:
    return [s for s in deal.table.active if s != winner]


def _pattern_value(deal: Deal, code: str) -> int:
    for p in deal.rules.patterns:
        if p.code == code and isinstance(p.value.value, int):
            return p.value.value
    return 0


def _hits(win: WinInfo) -> list[Any]:
    result = win.result
    return list(getattr(result, "patterns", ()) or ())


# ---------------------------------------------------------------- shared by the traditions' schemes


def declare(deal: Deal, win: WinInfo, out: Settlement) -> Any:
    """The reading the winner declares when the cards read several ways (``HandResult.readings``): by default
    the one whose whole payment, doublings and classes included, brings the winner most (ties to the most
    points); option ``declare`` ``most-points`` keeps the reading with the most points. The sources are silent;
    a player would announce the better reading (``playrules`` ``declare``)."""
    readings = getattr(win.result, "readings", ())
    if not readings or deal.play_rules.declare.value != "best-pay":
        return win
    best, best_gain = win, None
    for candidate in (win, *(replace(win, result=reading, points=reading.points) for reading in readings)):
        trial = Settlement(None, 0, [0] * len(out.payments))
        deal.rules.variant.settle(deal, candidate, trial)
        gain = trial.payments[win.seat]
        if best_gain is None or gain > best_gain:
            best, best_gain = candidate, gain
    if best is not win:
        word = deal.rules.point_word.zh
        out.lines.append(
            Text(
                f"这手牌可读作 {win.points} {word}，也可读作 {best.points} {word}；"
                f"报 {best.points} {word}，整笔算下来给得更多",
                f"the hand reads as {win.points} points or as {best.points}; {best.points} is declared, as it pays "
                "more, doublings included",
            )
        )
    return best
