"""The running count of Wuchuan 一百 [000]: each seat's 子 and target across a sitting (``Race``), and the 子 one
deal scores as it is played (``DealScorer``), stopping at the first 子 that reaches a target.

A ``DealScorer`` follows one ``Deal``: ``pickup()`` scores the held 坎 and 活龙 of every hand, in playing order
from the dealer; ``after(action, before)`` scores what the action just made (a 兑, 开招, 偷坎, 偷活龙, 机牌, the
win, or a 包牌's 抄). Each score is a ``Score`` (step, seat, 子, what for); the race ends at once when a seat
reaches its target, and nothing after that score counts.

>>> race = Race.new(3, {"yibai_target": 100})
>>> race.add(Score(0, 1, 60, "win")), race.add(Score(3, 1, 45, "dui")), race.winner
(True, True, 1)
>>> race.add(Score(4, 0, 9, "dui")), race.totals   # the sitting is over: nothing more counts
(False, [0, 105, 0])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import Action, ActionType
from .deal_state import CLAIM, DRAWN
from .sets import SetKind
from .wuchuan_yibai import Score, four_points, held_scores, ji_points, win_score
from .wuchuan_yibai_options import OPTIONS

if TYPE_CHECKING:
    from .deal import Deal


def _setting(options: Mapping[str, Any], name: str) -> Any:
    found = OPTIONS.get(name)
    assert found is not None, name
    return found.read(options[name]) if name in options else found.default.value


@dataclass
class Race:
    """Each seat's 子 and target; ``winner`` once a seat has reached its target (the sitting is then over)."""

    totals: list[int]
    targets: list[int]
    chaos: list[int]  # how many times each seat was 抄'd
    settings: dict[str, Any]
    winner: int | None = None
    log: list[Score] = field(default_factory=list, compare=False, repr=False)  # every 子 counted, in order

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None) -> Race:
        options = options or {}
        names = ("yibai_target", "yibai_tie", "yibai_chao_keep", "yibai_chao_target", "yibai_chao_again")
        settings = {name: _setting(options, name) for name in names}
        return cls([0] * players, [settings["yibai_target"]] * players, [0] * players, settings)

    @property
    def target(self) -> int:
        """The sitting's target before any 抄 (``yibai_target``)."""
        return int(self.settings["yibai_target"])

    def add(self, score: Score) -> bool:
        """Count ``score``; ``False`` (and nothing counted) once the sitting is over."""
        if self.winner is not None:
            return False
        self.totals[score.seat] += score.points
        self.log.append(score)
        if self.totals[score.seat] >= self.targets[score.seat]:
            self.winner = score.seat
        return True

    def chao(self, step: int, seat: int) -> Score:
        """抄 [000]: all but ``yibai_chao_keep`` 子 are taken away and the seat's target rises."""
        keep = min(self.totals[seat], self.settings["yibai_chao_keep"])
        self.chaos[seat] += 1
        rise = self.settings["yibai_chao_target"] - self.settings["yibai_target"]
        times = self.chaos[seat] if self.settings["yibai_chao_again"] == "rise" else 1
        self.targets[seat] = self.settings["yibai_target"] + rise * times
        score = Score(step, seat, keep - self.totals[seat], "chao")
        self.totals[seat] = keep
        self.log.append(score)
        return score


@dataclass
class DealScorer:
    """The 子 of one deal as it is played (see the module docstring)."""

    deal: Deal
    race: Race
    scores: list[Score] = field(default_factory=list)

    def _add(self, score: Score) -> None:
        if self.race.add(score):
            self.scores.append(score)

    def pickup(self) -> None:
        """The held 坎 and 活龙, laid face down once the hands are picked up [000], seat by seat from the dealer."""
        deal, race = self.deal, self.race
        order = [(deal.table.dealer + k) % deal.players for k in range(deal.players)]
        found = [s for seat in order for s in held_scores(deal.rules, deal.initial_hands[seat], seat)]
        if race.settings["yibai_tie"] == "order":
            for score in found:
                self._add(score)
            return
        for score in found:  # "higher": the whole pick-up counts, then the highest count past its target wins
            race.totals[score.seat] += score.points
            race.log.append(score)
            self.scores.append(score)
        reached = [s for s in order if race.totals[s] >= race.targets[s]]
        if reached:
            race.winner = max(reached, key=lambda s: (race.totals[s], -order.index(s)))

    def snapshot(self) -> tuple[Any, ...]:
        """What ``after`` compares: the sets on the table, the phase, the violations so far."""
        deal = self.deal
        laid = tuple(tuple(ls.how for ls in st.laid) for st in deal.seats)
        return laid, deal.phase, len(deal.violations), deal.win is not None

    def after(self, action: Action, before: tuple[Any, ...]) -> None:
        """Score what ``action`` (just played) made; ``before`` is ``snapshot()`` taken before it."""
        deal = self.deal
        laid_before, phase_before, violations_before, won_before = before
        step = len(deal.history)
        if action.type == ActionType.PONG and phase_before == DRAWN and action.card is not None:  # 偷坎
            kan = deal.rules.points_of(SetKind.KAN, (action.card,) * 3)
            self._add(Score(step, action.seat, kan, "steal-kan", action.card))
        for seat, st in enumerate(deal.seats):
            old = laid_before[seat]
            for i, ls in enumerate(st.laid):
                card = ls.meld.cards[0]
                if i < len(old) and not (old[i] == "pong" and ls.how == "ji"):
                    continue
                if ls.how == "pong":
                    self._add(Score(step, seat, deal.rules.points_of(SetKind.PONG, ls.meld.cards), "dui", card))
                elif ls.how == "kong":
                    self._add(Score(step, seat, four_points(deal, SetKind.KONG, card), "kaizhao", card))
                elif ls.how == "steal":
                    self._add(Score(step, seat, four_points(deal, SetKind.FOUR, card), "steal-long", card))
                elif ls.how == "ji":
                    self._add(Score(step, seat, ji_points(card), "ji", card))
        win = deal.win
        if win is not None and not won_before:
            self._win(step, phase_before)
        for v in deal.violations[violations_before:]:
            if self.race.winner is None:
                score = self.race.chao(step, v.seat)
                self.scores.append(score)

    def _win(self, step: int, phase_before: str) -> None:
        deal = self.deal
        win = deal.win
        assert win is not None
        card, seat = win.card, win.seat
        own_card = win.source == seat and (phase_before == DRAWN or (phase_before == CLAIM and win.how == "turn"))
        ji = card is not None and own_card and deal.play_rules.ji_onto_pong.value is not None
        if (
            card is not None
            and ji
            and any(ls.how == "pong" and ls.meld.cards[0] == card for ls in deal.seats[seat].laid)
        ):
            self._add(Score(step, seat, ji_points(card), "ji", card))  # 机牌 first, then the win [000]
        already = sum(s.points for s in self.scores if s.seat == seat and s.code != "chao")
        zi, _cls, _factor, _hu = win_score(deal, win, already)
        self._add(Score(step, seat, zi, "win", card))

    def by_seat(self) -> tuple[int, ...]:
        """The 子 each seat scored in this deal (抄 included)."""
        out = [0] * self.deal.players
        for s in self.scores:
            out[s.seat] += s.points
        return tuple(out)
