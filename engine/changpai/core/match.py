"""A match: deals in a row at one table, who deals each, and the running score — for any game.

People sit down for an evening, not for one deal: who shuffles and deals next, and how the score runs, are part
of each tradition. A game's match rules (``MatchRules``) answer three questions — who shuffles and deals the first
deal, who after a finished one, and whether the match is over — and the ``Ledger`` keeps the running totals,
refusing a deal whose payments do not sum to zero. ``play_match`` runs a match through a callback that plays one
deal; ``check_match`` checks a recorded one (the seating and the ledger must follow from its deals).

A match follows people apart from seats. Person ``p`` is whoever sat in seat ``p`` at the first deal; a seating's
``people`` says who sits in each seat now (empty: nobody has moved). A deal pays seats; the ledger credits the
people sitting in them, so a change of seats moves nobody's money. Rules that let the table change seats carry a
``reseat`` (``Reseat``: how often and how people move); who deals after a change is the person the rules name,
in his new seat (``next_seating``).

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

from .table import seat_name
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
    people: tuple[int, ...] = ()  # who sits in each seat (a person's number); empty: person n in seat n

    def sitters(self, players: int) -> tuple[int, ...]:
        """Who sits in each seat, in full."""
        return self.people or tuple(range(players))


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What a match needs of a finished deal: who dealt and shuffled, who won (``None``: nobody), the payments."""

    dealer: int
    shuffler: int
    winner: int | None
    payments: tuple[int, ...]
    round: int = 0  # the round the deal was played in (``Seating.round``)
    head: int | None = None
    people: tuple[int, ...] = ()  # who sat in each seat (``Seating.people``)

    def sitters(self) -> tuple[int, ...]:
        return self.people or tuple(range(len(self.payments)))


class MatchRules(Protocol):
    """A tradition's rules of a sitting.

    Rules that count rounds may also have ``over_at(seating) -> bool`` (the rounds are done before this seating),
    ``deal_options(seating) -> dict`` (the options a deal is played with there: the round's number) and
    ``round_of(options) -> int`` (the round a recorded deal's options name); ``finished``, ``options_for`` and
    ``recorded_round`` below ask them, so rules without rounds need none of them. Rules that let the table change
    seats have ``reseat`` (a ``Reseat``; ``reseat_of`` asks it). ``why_next(previous)``, where the rules have it,
    gives the lines of ``explain`` that chose the seating after ``previous`` (``why_next`` below asks it)."""

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


def why_next(rules: MatchRules, previous: DealOutcome) -> tuple[MatchRule, ...]:
    """The lines of the rules that chose the seating after ``previous`` (none where the rules do not say)."""
    hook = getattr(rules, "why_next", None)
    return tuple(hook(previous)) if hook is not None else ()


def reseat_of(rules: MatchRules) -> Reseat | None:
    """The rules' change of seats, if they have one that is on."""
    found = getattr(rules, "reseat", None)
    return found if isinstance(found, Reseat) and found.every else None


def person_name(person: int) -> Text:
    """A person by the seat he sat in at the first deal (甲乙丙丁, the seats' own names)."""
    return seat_name(person)


def _names(people: Sequence[int]) -> Text:
    names = [person_name(p) for p in people]
    return Text("".join(n.zh for n in names), " ".join(n.en for n in names))


RESEAT_HOW = {
    "rotate": Text("每人挪到下家的座位上", "everybody moves one seat on, to the next seat"),
    "draw": Text("重新抽牌定座位", "the seats are drawn again"),
}


@dataclass(frozen=True)
class Reseat:
    """The table changes seats after every ``every`` deals (``None`` or 0: never): ``how`` says how people move —
    ``"rotate"`` (each person to the next seat: seat ``s``'s sitter moves to ``s + 1``) or ``"draw"`` (a new
    seating drawn at random, which a record must then say).

    >>> Reseat(3).due(3), Reseat(3).due(4), Reseat(3).move((0, 1, 2, 3), random.Random(0))
    (True, False, (3, 0, 1, 2))
    """

    every: int | None
    how: str = "rotate"
    source: str = "engine"
    how_source: str = "engine"  # the sources say nothing of how people move: the engine's reading

    def due(self, deals_done: int) -> bool:
        """Do the seats change before the next deal, ``deals_done`` deals into the match?"""
        return bool(self.every) and deals_done > 0 and deals_done % (self.every or 1) == 0

    def move(self, people: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
        if self.how == "draw":
            drawn = list(people)
            rng.shuffle(drawn)
            return tuple(drawn)
        return people[-1:] + people[:-1]

    def explain(self) -> tuple[MatchRule, ...]:
        every = self.every or 0
        if not every:
            return (
                MatchRule(
                    Text("换座位吗？", "Do the players change seats?"),
                    Text(
                        "不换，除非上桌时说好（见下面的选项）", "no, unless the table agrees to (see the options below)"
                    ),
                    self.source,
                ),
            )
        return (
            MatchRule(
                Text("换座位吗？", "Do the players change seats?"),
                Text(
                    f"每打满 {every} 盘换一次：第 {every + 1} 盘起换座",
                    f"after every {every} deals: seats change from deal {every + 1}",
                ),
                self.source,
            ),
            MatchRule(Text("怎么换？", "How do they move?"), RESEAT_HOW[self.how], self.how_source),
            MatchRule(
                Text("换座以后谁打庄？", "Who deals after a change of seats?"),
                Text(
                    "还是规矩说的那个人（胡牌的人），坐到新座位上打；输赢跟着人走，不跟座位",
                    "the person the rules name (the winner), from his new seat; the score follows people, not seats",
                ),
                self.source,
            ),
        )


def _follow(seating: Seating, before: tuple[int, ...], after: tuple[int, ...]) -> Seating:
    """``seating``'s seats (dealer, shuffler, head), named before a change of seats, moved with their people."""

    def seat(old: int | None) -> int | None:
        return None if old is None else after.index(before[old])

    shuffler = seat(seating.shuffler)
    assert shuffler is not None
    return replace(seating, dealer=seat(seating.dealer), shuffler=shuffler, head=seat(seating.head), people=after)


def next_seating(
    rules: MatchRules,
    previous: DealOutcome,
    players: int,
    deals_done: int,
    rng: random.Random,
    *,
    chosen: tuple[int, ...] | None = None,
) -> Seating:
    """The seating of the next deal: the rules' ``after``; where the table changes seats now, everybody moves
    (``chosen``: the seating a record says was drawn) and the seats the rules named go with their people."""
    seating = rules.after(previous, players)
    reseat = reseat_of(rules)
    if reseat is None:
        return seating
    before = previous.sitters()
    if not reseat.due(deals_done):
        return replace(seating, people=before)
    return _follow(seating, before, chosen if chosen is not None else reseat.move(before, rng))


def _check_people(rules: MatchRules, n: int, deal: DealOutcome, players: int, before: tuple[int, ...]) -> None:
    """A recorded seating: everybody once; changed only where the rules change seats, and as they say."""
    reseat = reseat_of(rules)
    people = deal.sitters()
    where = f"deals[{n}].people"
    if sorted(people) != list(range(players)):
        raise MatchError(
            Text(
                f"第 {n + 1} 盘的座位表 {list(people)} 应让 {players} 个人各坐一个座位",
                f"deal {n + 1}'s seating {list(people)} must put each of the {players} people in one seat",
            ),
            code="match-people",
            where=where,
        )
    due = reseat is not None and n > 0 and reseat.due(n)
    if not due and people != before:
        every = reseat.every if reseat is not None else None
        told = (
            (f"每打满 {every} 盘才换一次", f"they change only after every {every} deals")
            if every
            else ("这场不换座", "this match keeps its seats")
        )
        raise MatchError(
            Text(f"第 {n + 1} 盘不该换座：{told[0]}", f"deal {n + 1} is no time to change seats: {told[1]}"),
            code="match-reseat",
            where=where,
        )
    if not due or reseat is None or reseat.how != "rotate":
        return
    want = reseat.move(before, random.Random(0))  # a rotation needs no draw: the generator is never used
    if people != want:
        raise MatchError(
            Text(
                f"第 {n + 1} 盘起换座，{RESEAT_HOW['rotate'].zh}："
                f"座位应是 {_names(want).zh}，记的是 {_names(people).zh}",
                f"seats change from deal {n + 1}, {RESEAT_HOW['rotate'].en}: the seating is "
                f"{_names(want).en}, not {_names(people).en}",
            ),
            code="match-reseat",
            where=where,
        )


def ledger_mismatch(
    n: int,
    want: Sequence[int],
    got: Sequence[int],
    where: str,
    *,
    paid: Sequence[int] | None = None,
    word: Text | None = None,
) -> MatchError:
    """The one refusal of a recorded score that does not follow from the deals: after deal ``n + 1`` (from 0)
    the ledger says ``want`` and the record ``got``; ``paid``: the deal's own payments, said first; ``word``: what
    the score counts (a race's 子)."""
    if word is not None:
        return MatchError(
            Text(
                f"第 {n + 1} 盘后的{word.zh}应是 {list(want)}，记的是 {list(got)}",
                f"after deal {n + 1} the {word.en} are {list(want)}, not {list(got)}",
            ),
            code="match-ledger",
            where=where,
        )
    if paid is not None:
        return MatchError(
            Text(
                f"第 {n + 1} 盘输赢 {list(paid)}，之后的总分应是 {list(want)}，记的是 {list(got)}",
                f"deal {n + 1} paid {list(paid)}: the score after it is {list(want)}, not {list(got)}",
            ),
            code="match-ledger",
            where=where,
        )
    return MatchError(
        Text(
            f"第 {n + 1} 盘后的总分应是 {list(want)}，记的是 {list(got)}",
            f"after deal {n + 1} the score is {list(want)}, not {list(got)}",
        ),
        code="match-ledger",
        where=where,
    )


def read_mapping(
    data: Any, known: Sequence[str], where: Callable[[tuple[str | int, ...], str], str], name: str
) -> dict[str, Any]:
    """A match record's top level: a mapping (else refused at ``name:1``) with no key outside ``known`` (refused
    where the key is, by ``where(path, label)``). Shared by every game's match record."""
    if not isinstance(data, dict):
        raise MatchError(Text("比赛记录应是一个映射", "a match record must be a mapping"), where=f"{name}:1")
    for key in data:
        if key not in known:
            raise MatchError(
                Text(f"不认识的键“{key}”", f"unknown key “{key}” (known: {', '.join(known)})"),
                where=where((key,), str(key)),
            )
    return data


NO_WIN_WORDS = {"same": Text("原庄家再打", "the same dealer again"), "next": Text("下家接庄", "the next seat")}


@dataclass
class Ledger:
    """The running score of each person (of each seat while nobody changes seats); every deal's payments sum to
    zero, so the totals always do — unless
    ``zero_sum`` is off: a race whose score is points made, not money changing hands (Wuchuan 一百's 子)."""

    players: int
    totals: tuple[int, ...] = ()
    history: list[tuple[int, ...]] = field(default_factory=list)  # the totals after each deal
    zero_sum: bool = True

    def __post_init__(self) -> None:
        self.totals = self.totals or (0,) * self.players

    def add(self, payments: Sequence[int], *, where: str = "payments", people: Sequence[int] = ()) -> None:
        """Add a deal's ``payments`` (by seat) to the totals of the people in the seats (``people``: who sat in
        each; empty: person n in seat n)."""
        if len(payments) != self.players or (self.zero_sum and sum(payments) != 0):
            raise MatchError(
                Text(
                    f"这一盘的输赢 {list(payments)} 不是 {self.players} 家、合计为零",
                    f"the deal's payments {list(payments)} are not {self.players} seats summing to zero",
                ),
                code="match-payments",
                where=where,
            )
        by_person = list(self.totals)
        for seat, paid in enumerate(payments):
            by_person[people[seat] if people else seat] += paid
        self.totals = tuple(by_person)
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
    if reseat_of(rules) is not None:
        seating = replace(seating, people=seating.sitters(players))
    while not finished(rules, match.ledger, seating) and match.ledger.deals < max_deals:
        outcome = replace(
            play_deal(match.ledger.deals, seating), round=seating.round, head=seating.head, people=seating.people
        )
        if seating.dealer is not None and outcome.dealer != seating.dealer:
            raise MatchError(
                Text(f"该 {seating.dealer} 号座位做庄", f"seat {seating.dealer} should deal"), code="match-dealer"
            )
        match.ledger.add(outcome.payments, where=f"deals[{match.ledger.deals}].payments", people=outcome.people)
        match.deals.append(outcome)
        seating = next_seating(rules, outcome, players, match.ledger.deals, rng)
    return match


_NO_DRAW = random.Random(0)  # a recorded match's draws are its own (``chosen``): nothing is drawn in a check


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
    (``first`` for deal 0), in the round they name, its people seated as the rules allow (``DealOutcome.people``:
    changed only where the table changes seats), and ``totals`` (each person's score after each deal) following
    from the payments. ``check_seating(n, seating)`` may check more of deal ``n`` (a game's cut). Returns the
    ledger; the first disagreement raises ``MatchError`` located at ``deals[N]``, ``deals[N].people`` or
    ``deals[N].totals``."""
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
    before = first.sitters(players)
    for n, deal in enumerate(deals):
        where = f"deals[{n}]"
        _check_people(rules, n, deal, players, before)
        if n > 0:
            chosen = deal.sitters() if reseat_of(rules) is not None else None
            seating = next_seating(rules, replace(deals[n - 1], head=seating.head), players, n, _NO_DRAW, chosen=chosen)
        before = deal.sitters()
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
        ledger.add(deal.payments, where=f"{where}.payments", people=deal.people)
        if tuple(totals[n]) != ledger.totals:
            raise ledger_mismatch(n, ledger.totals, totals[n], f"deals[{n}].totals")
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
    reseat: Reseat | None = None  # the table may change seats (Luzhou [001]); its lines follow the dealer's

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
            *(self.reseat.explain() if self.reseat is not None else ()),
        )

    def after(self, previous: DealOutcome, players: int) -> Seating:
        if previous.winner is not None:
            nxt = previous.winner
        else:
            nxt = previous.dealer if self.after_no_win == "same" else (previous.dealer + 1) % players
        return Seating(nxt, nxt)

    def why_next(self, previous: DealOutcome) -> tuple[MatchRule, ...]:
        """The line of ``explain`` that ``after`` followed: the winner's, or the no-win one."""
        return (self.explain()[1 if previous.winner is not None else 2],)

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

    def why_next(self, previous: DealOutcome) -> tuple[MatchRule, ...]:
        """The tradition's lines after the first deal: who shuffles, then who deals."""
        return self.words[2:]

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

    def why_next(self, previous: DealOutcome) -> tuple[MatchRule, ...]:
        return self.explain()
