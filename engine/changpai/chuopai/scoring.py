"""Counting a 戳牌 deal [002]: 黄牌, the win per card over fifteen, the 番 option, the fines; who pays whom.

* a seat with more than 15 cards in front (or, with a bigger deck under ``count_over = in_proportion``, more than
  ``ChuoRules.win_over()``) wins one per card over 15 (16 wins 1, 17 wins 2 …) [002], doubled
  ``fan`` times (option; [002] refers to 斗十四's 番 without giving them), from each payer (option ``payers``);
* nobody over 15: 黄牌, no result [002];
* 罚 (could beat and did not) [002]: play stops, no count; the offender pays ``fine`` to each player of the other side;
* 包牌 [002]: the offender pays the fine (or, under ``bao = side_bill``, his side's whole bill alone).

Every payment is a line (payer, payee, amount, reason); the scores sum to zero.

>>> from changpai.chuopai.deal import ChuoDeal
>>> from changpai.bots.chuopai import play_out
>>> s = settle(play_out(ChuoDeal.new(seed=3)))
>>> sum(s.scores)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.table import seat_name
from ..core.text import Text

if TYPE_CHECKING:
    from .deal import ChuoDeal

WIN, HUANG, FA, UNFINISHED = "win", "huang", "fa", "unfinished"


@dataclass(frozen=True, slots=True)
class Payment:
    payer: int
    payee: int
    amount: int
    reason: Text

    def as_dict(self) -> dict[str, object]:
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount, "reason": self.reason.as_dict()}


@dataclass(frozen=True, slots=True)
class Settlement:
    outcome: str
    counts: tuple[int, ...]  # cards in front of each seat
    payments: tuple[Payment, ...]
    scores: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {
            "outcome": self.outcome,
            "counts": list(self.counts),
            "payments": [p.as_dict() for p in self.payments],
            "scores": self.scores,
        }


def _opponents(deal: ChuoDeal, seat: int, everyone: bool) -> list[int]:
    mine = deal.side(seat)
    return [s for s in deal.table.active if s != seat and (everyone or deal.side(s) != mine)]


def settle(deal: ChuoDeal) -> Settlement:
    """Who pays whom for ``deal`` (over or not: an unfinished deal pays nothing)."""
    from .deal import cards_won

    rules = deal.rules
    counts = tuple(len(p) for p in deal.piles)
    lines: list[Payment] = []
    fined = [e for e in deal.events if e.kind == "fa" or (e.kind == "bao" and rules.bao == "fine")]
    for event in fined:
        for other in _opponents(deal, event.payer, False):
            if rules.fine:
                lines.append(Payment(event.payer, other, rules.fine, event.text))
    outcome = FA if deal.end == "fa" else UNFINISHED if not deal.over else HUANG
    if deal.over and deal.end != "fa":
        for seat in deal.table.active:
            over = cards_won(counts[seat], rules.win_over())
            if over == 0:
                continue
            outcome = WIN
            amount = over << rules.fan
            why = Text(
                f"{seat_name(seat).zh}面前 {counts[seat]} 张，超过{_number_zh(rules.win_over())}张 {over} 张",
                f"{seat_name(seat).en} has {counts[seat]} in front, {over} over {rules.win_over()}",
            )
            lines.extend(Payment(p, seat, amount, why) for p in _opponents(deal, seat, rules.payers == "everyone"))
    lines = _side_bill(deal, lines)
    scores = [0] * deal.table.size
    for line in lines:
        scores[line.payer] -= line.amount
        scores[line.payee] += line.amount
    return Settlement(outcome, counts, tuple(lines), scores)


def _number_zh(n: int) -> str:
    return "十五" if n == 15 else f" {n} "


def _side_bill(deal: ChuoDeal, lines: list[Payment]) -> list[Payment]:
    """Under ``bao = side_bill``, a 包牌 offender pays what his partners owe (the first offender of the deal)."""
    offenders = [e.payer for e in deal.events if e.kind == "bao"]
    if deal.rules.bao != "side_bill" or not offenders:
        return lines
    payer = offenders[0]
    side = deal.side(payer)
    out = []
    for line in lines:
        if line.payer != payer and deal.side(line.payer) == side and line.payee != payer:
            out.append(
                Payment(payer, line.payee, line.amount, Text(f"包牌：{line.reason.zh}", f"包牌: {line.reason.en}"))
            )
        else:
            out.append(line)
    return out


def winner_of(scores: Sequence[int]) -> int | None:
    """The seat that won most in a deal (the first of equals), or ``None`` when nobody won anything.

    >>> winner_of([4, -2, -2]), winner_of([0, 0, 0]), winner_of([-3, 3, 0])
    (0, None, 1)
    """
    best = max(range(len(scores)), key=lambda s: scores[s])
    return best if scores[best] > 0 else None


def dealer_after(policy: str, dealer: int, winner: int | None, seats: int) -> int:
    """Who deals next (option ``next_dealer``): ``rotate``, the next seat round the whole table [002]; ``winner``,
    the deal's winner, or the same dealer when nobody won. The one statement of the rule (a deal, a match).

    >>> dealer_after("rotate", 2, 0, 3), dealer_after("winner", 2, 0, 3), dealer_after("winner", 2, None, 3)
    (0, 0, 2)
    """
    if policy == "winner":
        return dealer if winner is None else winner
    return (dealer + 1) % seats


def next_dealer(deal: ChuoDeal, scores: Sequence[int]) -> int:
    """Who deals after ``deal`` (see ``dealer_after``)."""
    return dealer_after(deal.rules.next_dealer, deal.table.dealer, winner_of(scores), deal.table.size)
