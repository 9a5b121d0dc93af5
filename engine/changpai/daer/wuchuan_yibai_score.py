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

A sitting's count as data is one ``Sitting`` (schema: ``common.schema.json`` ``$defs/sitting``): what the api
answers after each step of a deal played live, what a client sends back, and a deal record's ``sitting`` (the
count before a deal shown on its own, where the fields of a deal in play are absent).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.table import seat_name
from ..core.text import ChangpaiError, RuleError, Text
from ..decks.numerals import parse_cards
from .actions import Action, ActionType
from .deal_state import CLAIM, DRAWN
from .sets import SetKind
from .wuchuan_yibai import SCORE_WORDS, Score, four_points, held_scores, ji_points, win_score
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


# ----------------------------------------------------------------------------- a sitting's count as data

SITTING_ERRORS = {
    "after-end": Text("比赛已经有人满了，不该再有这一盘", "the sitting was already won: this deal should not be"),
}
SITTING_KEYS = ("totals", "targets", "chaos", "winner", "scores", "new", "next_dealer")


def _bad(where: str, zh: str, en: str, code: str = "bad-field") -> RuleError:
    return RuleError(Text(zh, en), code=code, where=where)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Sitting:
    """A 一百 sitting's count, as data: each seat's 子, target and times 抄'd; the winner once a target is reached
    (the sitting is then over, mid-deal too); and, for a deal in play, its scores so far, how many the last step
    made (``new``) and, once the deal is over and nobody has won, who deals next. Before a deal (a deal record's
    ``sitting``, or ``new_deal``'s) only ``totals`` is needed: ``targets`` default to the sitting's, ``chaos`` to
    what the targets show, and the fields of a deal in play are absent (``None``).

    >>> s = Sitting.read({"totals": [91, 71, 98], "targets": [100, 100, 120]}, 3, None, before_deal=True)
    >>> s.chaos, s.as_dict()
    ((0, 0, 1), {'totals': [91, 71, 98], 'targets': [100, 100, 120], 'chaos': [0, 0, 1], 'winner': None})
    >>> try:
    ...     Sitting.read({"totals": [91, 71]}, 3, None, before_deal=True)
    ... except RuleError as error:
    ...     print(error.where, error.text.en)
    sitting.totals must be 3 whole numbers of 0 or more, one per seat
    """

    totals: tuple[int, ...]
    targets: tuple[int, ...]
    chaos: tuple[int, ...]
    winner: int | None = None
    scores: tuple[Score, ...] | None = None  # this deal's, with ``new`` and ``next_dealer``: a deal in play only
    new: int | None = None
    next_dealer: int | None = None

    @classmethod
    def of(cls, scorer: DealScorer, made: int, next_dealer: int | None = None) -> Sitting:
        """The count after a step of ``scorer``'s deal, of which the last ``len(scores) - made`` scores are new."""
        race = scorer.race
        return cls(
            tuple(race.totals),
            tuple(race.targets),
            tuple(race.chaos),
            race.winner,
            tuple(scorer.scores),
            len(scorer.scores) - made,
            next_dealer,
        )

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: a deal in play's fields only where they are known (each score with its line)."""
        out: dict[str, Any] = {
            "totals": list(self.totals),
            "targets": list(self.targets),
            "chaos": list(self.chaos),
            "winner": self.winner,
        }
        if self.scores is not None:
            out["scores"] = [{**s.as_dict(), "text": s.text().as_dict()} for s in self.scores]
            out["new"] = self.new
            out["next_dealer"] = self.next_dealer
        return out

    def race(self, options: Mapping[str, Any] | None) -> Race:
        """The ``Race`` this count stands for (the settings of ``options``)."""
        race = Race.new(len(self.totals), options)
        race.totals, race.targets, race.chaos = list(self.totals), list(self.targets), list(self.chaos)
        race.winner = self.winner
        return race

    @classmethod
    def read(
        cls,
        data: Any,
        players: int,
        options: Mapping[str, Any] | None,
        *,
        before_deal: bool,
        where: str = "sitting",
    ) -> Sitting:
        """Read a sitting from JSON data, or raise a located ``RuleError`` (zh/en) naming the field. ``before_deal``
        (a record's, or ``new_deal``'s): nobody may have reached a target yet (``match-over``)."""
        if not isinstance(data, dict):
            raise _bad(where, "sitting 应是一个对象（上一次回答里的 sitting）", "“sitting” must be an object")
        if unknown := sorted(set(data) - set(SITTING_KEYS)):
            raise _bad(where, f"不认识的键 {unknown}", f"unknown keys {unknown} (known: {', '.join(SITTING_KEYS)})")
        base = Race.new(players, options)
        totals = cls._seats(data, "totals", players, where, None)
        targets = cls._seats(data, "targets", players, where, base.targets)
        chaos = cls._seats(data, "chaos", players, where, [_times(base, t) for t in targets])
        winner = data.get("winner")
        if winner is not None and not (_whole(winner) and 0 <= winner < players):
            raise _bad(f"{where}.winner", "应是座位或 null", "must be a seat or null")
        if before_deal and winner is not None:
            raise RuleError(SITTING_ERRORS["after-end"], code="match-over", where=f"{where}.winner")
        for seat, target in enumerate(targets):
            if target < base.target:
                raise _bad(
                    f"{where}.targets",
                    f"{seat_name(seat).zh}的目标不能少于 {base.target}",
                    f"{seat_name(seat).en}'s target cannot be under {base.target}",
                )
        if before_deal:
            for seat, (n, target) in enumerate(zip(totals, targets, strict=True)):
                if n >= target:
                    raise _bad(
                        f"{where}.totals",
                        f"{seat_name(seat).zh}已经满了 {target}，这一场在这一盘之前就结束了",
                        f"{seat_name(seat).en} already has {target}: the sitting was over before this deal",
                        "match-over",
                    )
        scores = None
        if "scores" in data:
            raw = data["scores"]
            if not isinstance(raw, list):
                raise _bad(f"{where}.scores", "应是一串子", "must be a list of scores")
            scores = tuple(_score_from(s, players, f"{where}.scores[{k}]") for k, s in enumerate(raw))
        for key in ("new", "next_dealer"):
            value = data.get(key)
            if value is not None and not (_whole(value) and value >= 0 and (key == "new" or value < players)):
                raise _bad(f"{where}.{key}", "应是非负整数或 null", "must be a whole number of 0 or more, or null")
        return cls(
            tuple(totals), tuple(targets), tuple(chaos), winner, scores, data.get("new"), data.get("next_dealer")
        )

    @staticmethod
    def _seats(data: dict[str, Any], key: str, players: int, where: str, default: list[int] | None) -> list[int]:
        value = data.get(key, default)
        if not isinstance(value, list) or len(value) != players or not all(_whole(v) and v >= 0 for v in value):
            raise _bad(
                f"{where}.{key}",
                f"应是 {players} 个非负整数，每家一个",
                f"must be {players} whole numbers of 0 or more, one per seat",
            )
        return list(value)


def _times(base: Race, target: int) -> int:
    """How many 抄 a target shows (``yibai_chao_again``: "rise" raises it each time)."""
    rise = int(base.settings["yibai_chao_target"]) - base.target
    if target == base.target or rise <= 0:
        return 0 if target == base.target else 1
    return max(1, (target - base.target) // rise) if base.settings["yibai_chao_again"] == "rise" else 1


def _score_from(data: Any, players: int, where: str) -> Score:
    if not isinstance(data, dict) or not {"step", "seat", "points", "for"} <= data.keys():
        raise _bad(where, "一条子应写成 {step, seat, points, for}", "a score is {step, seat, points, for}")
    step, seat, points, code = data["step"], data["seat"], data["points"], data["for"]
    if not all(_whole(n) for n in (step, seat, points)) or not (0 <= seat < players and step >= 0):
        raise _bad(
            where, "step、seat、points 应是整数，座位在桌上", "step, seat, points: whole numbers, a seat at the table"
        )
    if code not in SCORE_WORDS:
        raise _bad(f"{where}.for", f"不认识“{code}”", f"unknown “{code}” (known: {', '.join(SCORE_WORDS)})")
    card = data.get("card")
    try:
        cards = parse_cards(card) if isinstance(card, str) else []
    except ChangpaiError:
        cards = []
    if card is not None and len(cards) != 1:
        raise _bad(f"{where}.card", "应是一张牌", "must be one card")
    return Score(step, seat, points, code, cards[0] if cards else None)
