"""A sitting of Wuchuan 一百 [000]: deals until a seat reaches its target, the 子 as they are made, the record
and its replay.

Deals follow one another as in 字牌 (the winner deals next; after a drawn deal the option ``dealer_after_no_win``),
and the sitting stops at the first 子 that reaches a target — at the pick-up, in the middle of a deal, whenever —
so the last deal of a record may be unfinished: it ends with the step that made that 子. The ledger is each seat's
子 (``Ledger(zero_sum=False)``): 一百 is a race, nobody pays anybody.

A record is a match record (``daer.match.MatchRecord``) whose deals each carry ``scores``, the 子 as made::

    deals:
      - shuffler: 0
        deal: {rules: wuchuan-yibai, dealer: 0, ...}
        totals: [38, 12, 6]
        scores: [{step: 0, seat: 0, points: 6, for: held-kan, card: 贰}, ...]

``replay`` checks each deal as a deal record, then its dealer, its 子 (each claimed score must be one the deal
made, in order), that no step follows the 子 that ended the sitting and no deal follows the sitting's end, and the
totals; the first problem is located (``deals[N].scores[K]``, ``deals[N].deal: step M``) with the file line.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..core.match import DealOutcome, Ledger, Match, MatchError, MatchRule, Seating, WinnerDeals, ledger_mismatch
from ..core.text import Text
from .actions import Action, ActionType
from .deal import CLAIM, Deal
from .match import MAX_DEALS, MatchRecord, replay_match_deal
from .record import DealRecord
from .wuchuan_yibai import PLAY, YIBAI, Score
from .wuchuan_yibai_score import SITTING_ERRORS, DealScorer, Race, Sitting

RULES_NAME = YIBAI.name


@dataclass(frozen=True)
class RaceRules:
    """一百's rules of a sitting for its page and ``MatchRules``: the winner deals next, and the sitting is over
    when a seat reaches the target (the sitting itself is played by ``play``, which stops mid-deal)."""

    target: int
    seating: WinnerDeals

    def first(self, players: int, rng: random.Random) -> Seating:
        return self.seating.first(players, rng)

    def after(self, previous: DealOutcome, players: int) -> Seating:
        return self.seating.after(previous, players)

    def is_over(self, ledger: Ledger) -> bool:
        return any(t >= self.target for t in ledger.totals)

    def explain(self) -> tuple[MatchRule, ...]:
        return (
            *self.seating.explain(),
            MatchRule(
                Text("什么时候结束？", "When is the sitting over?"),
                Text(
                    f"谁的子先满 {self.target} 谁胜，马上结束，哪怕一盘打到一半、牌还没拿完",
                    f"the first to reach {self.target} 子 wins at once, even halfway through a deal or the pick-up",
                ),
                "[000]",
            ),
        )


def race_rules(play: Any, deals: int) -> RaceRules:
    """[000] does not say who deals next in 一百 either: as 字牌 here, the winner."""
    seating = WinnerDeals(
        deals,
        play.option("dealer_after_no_win"),
        source="engine",
        winner_note=Text("（[000] 没有说，本站照泸州 [001] 的规矩）", " ([000] does not say: as Luzhou's [001])"),
    )
    return RaceRules(int(play.option("yibai_target")), seating)


def _seating(options: dict[str, Any] | None, deals: int) -> RaceRules:
    from .options import apply

    _, play = apply(YIBAI, PLAY, options) if options else (YIBAI, PLAY)
    return race_rules(play, deals)


def play_deal(deal: Deal, race: Race, players: list[Any]) -> DealScorer:
    """Play one deal with computer ``players`` until it ends or the race is won; returns its scorer."""
    from ..bots.daer import next_action

    scorer = DealScorer(deal, race)
    scorer.pickup()
    for _ in range(3000):
        if deal.over or race.winner is not None:
            return scorer
        action = next_action(deal, players)
        assert action is not None
        if deal.phase == CLAIM and action.type == ActionType.PASS:
            for seat in deal.to_move():
                _play(scorer, Action(ActionType.PASS, seat))
                if deal.phase != CLAIM:
                    break
            continue
        _play(scorer, action)
    raise RuntimeError("deal did not finish")


def _play(scorer: DealScorer, action: Action, violation: str | None = None) -> None:
    before = scorer.snapshot()
    scorer.deal.play(action, violation=violation)
    scorer.after(action, before)


def _outcome(deal: Deal, scorer: DealScorer) -> DealOutcome:
    winner = None if deal.win is None else deal.win.seat
    return DealOutcome(deal.table.dealer, deal.table.dealer, winner, scorer.by_seat())


def play(
    players: int | None = None,
    deals: int = MAX_DEALS,
    seed: int = 0,
    bot: str = "simple",
    options: dict[str, Any] | None = None,
) -> tuple[Match, MatchRecord]:
    """A sitting played by computer players until a seat reaches its target (at most ``deals`` deals); deal ``i``
    is shuffled with ``seed + i``."""
    from ..bots.daer import make_players

    if players not in (None, 3):
        raise MatchError(Text("一百是三人对局", "一百 is played by three"), where="players")
    if not 1 <= deals <= MAX_DEALS:
        raise MatchError(Text(f"局数应在 1 到 {MAX_DEALS} 之间", f"deals must be 1 to {MAX_DEALS}"), where="deals")
    rules = _seating(options, deals)
    race = Race.new(3, options)
    match = Match(3)
    match.ledger = Ledger(3, zero_sum=False)
    record = MatchRecord(RULES_NAME, 3, 0, options=options)
    seating = rules.first(3, random.Random(seed))
    for index in range(deals):
        rng = random.Random(seed + index)
        deal = Deal.new(
            RULES_NAME, 3, rng=rng, seed=seed + index, dealer=seating.dealer, shuffler=seating.shuffler, options=options
        )
        scorer = play_deal(deal, race, make_players(deal, rng, bot))
        outcome = _outcome(deal, scorer)
        match.ledger.add(outcome.payments, where=f"deals[{index}].payments")
        match.deals.append(outcome)
        record.deals.append((seating.shuffler, DealRecord.from_deal(deal, notes=False), tuple(race.totals)))
        record.scores[index] = [s.as_dict() for s in scorer.scores]
        if race.winner is not None:
            break
        seating = rules.after(outcome, 3)
    return match, record


def replay(record: MatchRecord) -> tuple[list[Deal], Ledger]:
    """Replay and check a 一百 sitting (see the module docstring); returns the deals and the ledger."""
    rules = _seating(record.options, max(1, len(record.deals)))
    race = Race.new(record.players, record.options)
    ledger = Ledger(record.players, zero_sum=False)
    deals: list[Deal] = []
    seating = Seating(record.first_shuffler, record.first_shuffler)
    for n, (shuffler, deal_record, totals) in enumerate(record.deals):
        here = record.where(("deals", n, "deal"), f"deals[{n}].deal")
        if race.winner is not None:
            raise MatchError(
                SITTING_ERRORS["after-end"], code="match-over", where=record.where(("deals", n), f"deals[{n}]")
            )
        played = replay_match_deal(record, n, deal_record)
        if shuffler != seating.shuffler or played.table.dealer != seating.dealer:
            raise MatchError(
                Text(
                    f"第 {n + 1} 盘应由 {seating.dealer} 号座位做庄",
                    f"deal {n + 1} is for seat {seating.dealer} to deal",
                ),
                code="match-seating",
                where=record.where(("deals", n), f"deals[{n}]"),
            )
        scorer = DealScorer(deal_record.new_deal(), race)
        scorer.pickup()
        violations = {v.step: v.code for v in played.violations}
        for i, action in enumerate(played.history, start=1):
            if race.winner is not None:
                step = deal_record.step_where(i - 1)
                raise MatchError(
                    Text(
                        f"第 {i - 1} 步后已经有人满了，后面不该再打",
                        f"the sitting was won after step {i - 1}: no step should follow",
                    ),
                    code="match-over",
                    where=f"{here}: {step}",
                )
            _play(scorer, action, violations.get(i))
        if race.winner is None and not played.over:
            raise MatchError(Text("这一盘还没打完", "this deal is not finished"), where=here)
        _check_scores(record, n, scorer.scores)
        outcome = _outcome(played, scorer)
        ledger.add(outcome.payments, where=f"deals[{n}].payments")
        if tuple(totals) != tuple(race.totals):
            where = record.where(("deals", n, "totals"), f"deals[{n}].totals")
            raise ledger_mismatch(n, race.totals, totals, where, word=Text("子", "子"))
        deals.append(played)
        seating = rules.after(outcome, record.players)
    return deals, ledger


def _check_scores(record: MatchRecord, n: int, made: list[Score]) -> None:
    """Each claimed score must be the one the deal made at that place (a claim not made is refused)."""
    claimed = record.scores.get(n)
    if claimed is None:
        return
    for k, want in enumerate(made):
        got = claimed[k] if k < len(claimed) else None
        if got != want.as_dict():
            text = want.text()
            where = record.where(("deals", n, "scores", k), f"deals[{n}].scores[{k}]")
            if got is None:
                raise MatchError(
                    Text(
                        f"少记了一条：第 {want.step} 步{text.zh}", f"a score is missing: at step {want.step}, {text.en}"
                    ),
                    code="match-score",
                    where=where,
                )
            raise MatchError(
                Text(
                    f"记的子不是这一盘得的：第 {want.step} 步应是{text.zh}",
                    f"a score claimed that was not made: at step {want.step} it is: {text.en}",
                ),
                code="match-score",
                where=where,
            )
    if len(claimed) > len(made):
        k = len(made)
        raise MatchError(
            Text("多记了子：这一盘没有得这些子", "a score claimed that was not made: the deal made no more"),
            code="match-score",
            where=record.where(("deals", n, "scores", k), f"deals[{n}].scores[{k}]"),
        )


# ----------------------------------------------------------------------------- a sitting played live (api)


def live_scorer(deal: Deal, carried: Any, *, fresh: bool, where: str = "sitting") -> DealScorer:
    """The running 子 of ``deal`` played live: a new deal (``fresh``) goes on from ``carried`` (a ``Sitting`` as
    JSON: the count before it; none: from 0) and scores the pick-up; otherwise ``carried`` is this deal's own count
    so far (``live_answer`` of the previous step), as a client sends it back with the deal's state."""
    options = deal.to_dict().get("options") or None
    race = Race.new(deal.players, options)
    if carried is not None:
        sitting = Sitting.read(carried, deal.players, options, before_deal=fresh, where=where)
        race = sitting.race(options)
    scorer = DealScorer(deal, race)
    if fresh:
        scorer.pickup()
    elif carried is not None:
        scorer.scores = list(sitting.scores or ())
    return scorer


def live_answer(scorer: DealScorer, made: int) -> dict[str, Any]:
    """What a client shows of the sitting after a step (a ``Sitting``): every seat's 子 and target, the winner once
    a seat has reached its target (the sitting is then over, even mid-deal), this deal's scores (the last ``new``
    just made, each with its line), and once the deal is over without a winner of the sitting, who deals the next."""
    race, deal = scorer.race, scorer.deal
    next_dealer = None
    if race.winner is None and deal.over:
        options = deal.to_dict().get("options") or None
        next_dealer = _seating(options, MAX_DEALS).after(_outcome(deal, scorer), deal.players).dealer
    return Sitting.of(scorer, made, next_dealer).as_dict()
