"""A match: deals in a row at one table, who deals each, and the running score — for any game.

People sit down for an evening, not for one deal: who shuffles and deals next, and how the score runs, are part
of each tradition. A game's match rules (``MatchRules``) answer three questions — who shuffles and deals the first
deal, who after a finished one, and whether the match is over — and the ``Ledger`` keeps the running totals,
refusing a deal whose payments do not sum to zero. ``play_match`` runs a match through a callback that plays one
deal; ``check_match`` checks a recorded one (the seating and the ledger must follow from its deals).

>>> rules = RotateDealer(deals=3)
>>> results = iter([(1, (3, -1, -1, -1)), (None, (0, 0, 0, 0)), (2, (-2, -2, 6, -2))])
>>> def one_deal(index, seating):
...     winner, payments = next(results)
...     return DealOutcome(seating.dealer or 0, seating.shuffler, winner, payments)
>>> match = play_match(rules, 4, one_deal)
>>> [deal.dealer for deal in match.deals], match.ledger.totals
([0, 1, 2], (1, -3, 5, -3))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from .text import RuleError, Text


class MatchError(RuleError):
    """A match that does not hold together; ``where`` names the deal (``deals[N]``) and the field."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who deals and who shuffles a deal. ``dealer`` ``None``: the deal's own cut picks it (Leshan's 叨牌).
    ``round``: the round a deal belongs to, where the rules count rounds (Leshan 打圈's 圈一 … 圈十; else 0), and
    ``head`` the seat the rounds are counted from (``None`` until it is known)."""

    dealer: int | None
    shuffler: int
    round: int = 0
    head: int | None = None


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What a match needs of a finished deal: who dealt and shuffled, who won (``None``: nobody), the payments."""

    dealer: int
    shuffler: int
    winner: int | None
    payments: tuple[int, ...]
    round: int = 0  # the round the deal was played in (``Seating.round``)
    head: int | None = None


class MatchRules(Protocol):
    """A tradition's rules of a sitting.

    Rules that count rounds may also have ``over_at(seating) -> bool`` (the rounds are done before this seating),
    ``deal_options(seating) -> dict`` (the options a deal is played with there: the round's number) and
    ``round_of(options) -> int`` (the round a recorded deal's options name); ``finished``, ``options_for`` and
    ``recorded_round`` below ask them, so rules without rounds need none of them."""

    def first(self, players: int, rng: random.Random) -> Seating: ...

    def after(self, previous: DealOutcome, players: int) -> Seating: ...

    def is_over(self, ledger: Ledger) -> bool: ...

    def explain(self) -> tuple[MatchRule, ...]: ...


@dataclass(frozen=True, slots=True)
class MatchRule:
    """One line of a tradition's rules of a sitting, for its rules page: the question, the answer, the source."""

    question: Text
    answer: Text
    source: str


def finished(rules: MatchRules, ledger: Ledger, seating: Seating) -> bool:
    """Is the match over before ``seating``: by the ledger, or (rules with rounds) by the round."""
    over_at = getattr(rules, "over_at", None)
    return rules.is_over(ledger) or bool(over_at is not None and over_at(seating))


def options_for(rules: MatchRules, seating: Seating) -> dict[str, Any]:
    """The options a deal at ``seating`` is played with beyond the match's own (none, for rules without rounds)."""
    hook = getattr(rules, "deal_options", None)
    return dict(hook(seating)) if hook is not None else {}


def recorded_round(rules: MatchRules, options: Mapping[str, Any] | None) -> int:
    """The round a recorded deal's ``options`` say it was played in (0 for rules without rounds)."""
    hook = getattr(rules, "round_of", None)
    return int(hook(options or {})) if hook is not None else 0


NO_WIN_WORDS = {"same": Text("原庄家再打", "the same dealer again"), "next": Text("下家接庄", "the next seat")}


@dataclass
class Ledger:
    """The running score of each seat; every deal's payments sum to zero, so the totals always do — unless
    ``zero_sum`` is off: a race whose score is points made, not money changing hands (Wuchuan 一百's 子)."""

    players: int
    totals: tuple[int, ...] = ()
    history: list[tuple[int, ...]] = field(default_factory=list)  # the totals after each deal
    zero_sum: bool = True

    def __post_init__(self) -> None:
        self.totals = self.totals or (0,) * self.players

    def add(self, payments: Sequence[int], *, where: str = "payments") -> None:
        if len(payments) != self.players or (self.zero_sum and sum(payments) != 0):
            raise MatchError(
                Text(
                    f"这一盘的输赢 {list(payments)} 不是 {self.players} 家、合计为零",
                    f"the deal's payments {list(payments)} are not {self.players} seats summing to zero",
                ),
                code="match-payments",
                where=where,
            )
        self.totals = tuple(t + p for t, p in zip(self.totals, payments, strict=True))
        self.history.append(self.totals)

    @property
    def deals(self) -> int:
        return len(self.history)


@dataclass
class Match:
    players: int
    deals: list[DealOutcome] = field(default_factory=list)
    ledger: Ledger = field(init=False)

    def __post_init__(self) -> None:
        self.ledger = Ledger(self.players)


def play_match(
    rules: MatchRules,
    players: int,
    play_deal: Callable[[int, Seating], DealOutcome],
    *,
    rng: random.Random | None = None,
    max_deals: int = 1000,
) -> Match:
    """Play deals until ``rules`` says the match is over; ``play_deal(index, seating)`` plays one."""
    rng = rng or random.Random(0)
    match = Match(players)
    seating = rules.first(players, rng)
    while not finished(rules, match.ledger, seating) and match.ledger.deals < max_deals:
        outcome = replace(play_deal(match.ledger.deals, seating), round=seating.round, head=seating.head)
        if seating.dealer is not None and outcome.dealer != seating.dealer:
            raise MatchError(
                Text(f"该 {seating.dealer} 号座位做庄", f"seat {seating.dealer} should deal"), code="match-dealer"
            )
        match.ledger.add(outcome.payments, where=f"deals[{match.ledger.deals}].payments")
        match.deals.append(outcome)
        seating = rules.after(outcome, players)
    return match


def check_match(
    rules: MatchRules,
    players: int,
    deals: Sequence[DealOutcome],
    first: Seating,
    totals: Sequence[Sequence[int]],
    *,
    check_seating: Callable[[int, Seating], None] | None = None,
) -> Ledger:
    """Check a recorded match: each deal dealt and shuffled by the seat the rules name after the one before
    (``first`` for deal 0), in the round they name, and ``totals`` (the score after each deal) following from the
    payments. ``check_seating(n, seating)`` may check more of deal ``n`` (a game's cut). Returns the ledger; the
    first disagreement raises ``MatchError`` located at ``deals[N]`` or ``deals[N].totals``."""
    ledger = Ledger(players)
    seating = first
    if len(totals) != len(deals):
        raise MatchError(
            Text(
                f"记分有 {len(totals)} 行，牌却有 {len(deals)} 盘",
                f"the score has {len(totals)} lines for {len(deals)} deals",
            ),
            code="match-ledger",
            where="totals",
        )
    for n, deal in enumerate(deals):
        where = f"deals[{n}]"
        if finished(rules, ledger, seating):
            raise MatchError(
                Text(f"比赛在第 {n} 盘后已经结束，不该再有第 {n + 1} 盘", f"the match was over after deal {n}"),
                code="match-over",
                where=where,
            )
        if deal.shuffler != seating.shuffler or (seating.dealer is not None and deal.dealer != seating.dealer):
            want = seating.shuffler if deal.shuffler != seating.shuffler else seating.dealer
            role = ("洗牌", "shuffle") if deal.shuffler != seating.shuffler else ("做庄", "deal")
            raise MatchError(
                Text(f"第 {n + 1} 盘应由 {want} 号座位{role[0]}", f"deal {n + 1} is for seat {want} to {role[1]}"),
                code="match-seating",
                where=where,
            )
        if deal.round != seating.round:
            raise MatchError(
                Text(
                    f"第 {n + 1} 盘应在第 {seating.round} 圈，记的是第 {deal.round} 圈",
                    f"deal {n + 1} belongs to round {seating.round}, not round {deal.round}",
                ),
                code="match-round",
                where=where,
            )
        if check_seating is not None:
            check_seating(n, seating)
        ledger.add(deal.payments, where=f"{where}.payments")
        if tuple(totals[n]) != ledger.totals:
            raise MatchError(
                Text(
                    f"第 {n + 1} 盘后的总分应是 {list(ledger.totals)}，记的是 {list(totals[n])}",
                    f"after deal {n + 1} the score is {list(ledger.totals)}, not {list(totals[n])}",
                ),
                code="match-ledger",
                where=f"deals[{n}].totals",
            )
        seating = rules.after(replace(deal, head=seating.head), players)
    return ledger  # a match may stop before its end (the players rise); only going on past it is wrong


@dataclass(frozen=True)
class WinnerDeals:
    """The winner deals the next deal; after a deal nobody won, ``after_no_win`` says who: ``"same"`` (the dealer
    again) or ``"next"`` (the next seat). The first dealer is agreed at the table (``first_dealer``)."""

    deals: int
    after_no_win: str = "same"
    first_dealer: int = 0
    source: str = "engine"  # where the winner-deals rule comes from
    winner_note: Text | None = None  # said after the rule (e.g. that the tradition's own source is silent)

    def first(self, players: int, rng: random.Random) -> Seating:
        return Seating(self.first_dealer, self.first_dealer)

    def explain(self) -> tuple[MatchRule, ...]:
        note = self.winner_note or Text("", "")
        return (
            MatchRule(
                Text("第一盘谁打庄？", "Who deals the first deal?"),
                Text("上桌时大家说定（本站由甲先打）", "agreed at the table (here seat A deals first)"),
                self.source,
            ),
            MatchRule(
                Text("有人胡了，下一盘谁打庄？", "Someone won: who deals next?"),
                Text("胡牌的人" + note.zh, "the winner" + note.en),
                self.source,
            ),
            MatchRule(
                Text("没人胡，下一盘谁打庄？", "Nobody won: who deals next?"),
                NO_WIN_WORDS[self.after_no_win],
                "engine",
            ),
        )

    def after(self, previous: DealOutcome, players: int) -> Seating:
        if previous.winner is not None:
            nxt = previous.winner
        else:
            nxt = previous.dealer if self.after_no_win == "same" else (previous.dealer + 1) % players
        return Seating(nxt, nxt)

    def is_over(self, ledger: Ledger) -> bool:
        return ledger.deals >= self.deals


@dataclass(frozen=True)
class WinnerShuffles:
    """The winner shuffles the next deal (nobody won: the same shuffler again) and the deal's own cut picks the
    dealer; the first shuffler is whoever draws the highest card when the seats are drawn (``first_draw``)."""

    deals: int
    first_draw: Callable[[int, random.Random], int]
    source: str = "engine"
    words: tuple[MatchRule, ...] = ()  # the tradition's own telling of the rule, for its page

    def first(self, players: int, rng: random.Random) -> Seating:
        return Seating(None, self.first_draw(players, rng))

    def explain(self) -> tuple[MatchRule, ...]:
        return self.words

    def after(self, previous: DealOutcome, players: int) -> Seating:
        return Seating(None, previous.shuffler if previous.winner is None else previous.winner)

    def is_over(self, ledger: Ledger) -> bool:
        return ledger.deals >= self.deals


@dataclass(frozen=True)
class RotateDealer:
    """The simplest rules, for tests and examples: the deal passes to the next seat; ``deals`` deals in all."""

    deals: int

    def first(self, players: int, rng: random.Random) -> Seating:
        return Seating(0, 0)

    def after(self, previous: DealOutcome, players: int) -> Seating:
        nxt = (previous.dealer + 1) % players
        return Seating(nxt, nxt)

    def is_over(self, ledger: Ledger) -> bool:
        return ledger.deals >= self.deals

    def explain(self) -> tuple[MatchRule, ...]:
        return (MatchRule(Text("谁打庄？", "Who deals?"), Text("轮流", "each seat in turn"), "engine"),)
