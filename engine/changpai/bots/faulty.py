"""A computer player that breaks the rules on purpose, so that simulation exercises penalty settlement (包牌).

``FaultyBot`` plays like ``SimpleBot``, but at each step, with probability ``rate``, it looks for the
violations the rule set names (``violations.violation_codes``) that its seat could commit now — a discard
from a held triple (拆坎子), an eat of a passed card (吃过张), a pass on a compulsory pong (不兑), a false
win (诈和) … (``Deal.broken_rule`` names the rule an action breaks) — and commits one of them at random,
as a record marks a violation on purpose (``Deal.play(action, violation=code)``).
``play_out_with_faults`` plays a deal to its end that way and returns the deal and the violations committed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from ..daer.actions import Action, ActionType
from ..daer.deal import CLAIM, DISCARD, DRAWN, Deal
from ..daer.violations import violation_codes
from ..decks.numerals import ALL_KINDS
from .daer import Player, SimpleBot, play_one_step


def _candidates(deal: Deal, seat: int) -> Iterator[Action]:
    """Actions seat ``seat`` might try now, legal or not (the rule check sorts them out)."""
    hand = deal.seats[seat].hand
    kinds = [ALL_KINDS[i] for i, n in enumerate(hand) if n]
    if deal.phase == CLAIM and deal.exposed is not None:
        card = deal.exposed.card
        yield Action(ActionType.PASS, seat)
        yield Action(ActionType.WIN, seat, card)
        yield Action(ActionType.PONG, seat, card)
        yield Action(ActionType.KONG, seat, card)
        for i, a in enumerate(kinds):
            for b in kinds[i:]:
                if a != b or hand[a.index] >= 2:
                    yield Action(ActionType.EAT, seat, card, (a, b))
        yield Action(ActionType.TURN, seat)
        return
    if deal.phase in (DISCARD, DRAWN) or deal.eight_blocks_by == seat:
        yield Action(ActionType.WIN, seat)
        for card in kinds:
            yield Action(ActionType.DISCARD, seat, card)


def open_violations(deal: Deal, seat: int) -> list[tuple[Action, str]]:
    """Every (action, violation code) seat ``seat`` could commit now, among those the rule set names."""
    if deal.over or seat not in deal.table.active:
        return []
    named = violation_codes(deal.play_rules.name)
    found: list[tuple[Action, str]] = []
    for action in _candidates(deal, seat):
        error = deal.broken_rule(action)
        if error is not None and error.code in named:
            found.append((action, error.code))
    return found


# Violations that need a moment that seldom comes: an earlier passed chance (后对牌, 吃过张, 现张不和, 有开不开), an
# earlier discard (吃回自己打出的牌), a held four not yet laid out (迟亮龙), 八块 just called, a compulsory claim on
# the table (不兑, 不开招). When one is open the seat tries those far more often than ``rate``.
RARE_RATE = 0.3


def _rare_chances(deal: Deal, seat: int) -> frozenset[str]:
    """The rarely possible violations that the moment may allow ``seat`` (the rule check still decides)."""
    st = deal.seats[seat]
    if deal.phase == CLAIM and deal.exposed is not None:
        k = deal.exposed.card.index
        codes = set()
        if st.passed_kong or any(k in kinds for kinds in (st.passed_pong, st.passed_eat, st.passed_win)):
            codes |= {"pong-passed", "eat-passed", "win-passed", "win-declined-claim"}
        if k in st.discarded_kinds:
            codes.add("eat-own-discard")
        if st.hand[k] >= 2:
            codes |= {"must-pong", "must-kong"}
        return frozenset(codes)
    if deal.eight_blocks_by == seat:
        return frozenset({"eight-blocks"})
    if deal.to_act == seat and 4 in st.hand:
        return frozenset({"four-first"})
    return frozenset()


class FaultyBot:
    """``SimpleBot``'s moves, and now and then (``rate``) a violation the tradition names, chosen at random."""

    name = "faulty"

    def __init__(self, rng: random.Random, rate: float = 0.03, odd_moves: float = 0.25) -> None:
        self.rng = rng
        self.rate = rate
        self.odd_moves = odd_moves
        self.inner = SimpleBot(rng)

    def choose(self, deal: Deal, seat: int, legal: list[Action]) -> Action:
        # Now and then a legal but odd move (a claim passed up), so that the violations that need one —
        # 后对牌, 吃过张, 现张不和, 有开不开 — get their chance later in the deal.
        if self.rng.random() < self.odd_moves:
            return self.rng.choice(legal)
        return self.inner.choose(deal, seat, legal)

    def fault(self, deal: Deal, seat: int) -> tuple[Action, str] | None:
        """A violation to commit now, or ``None`` (most of the time)."""
        roll = self.rng.random()
        rare = _rare_chances(deal, seat) if roll >= self.rate else frozenset()
        if roll >= self.rate and not (rare and roll < self.rate + RARE_RATE):
            return None
        found = open_violations(deal, seat)
        if roll >= self.rate:  # the extra chance is only for the rare violations the moment allows
            found = [f for f in found if f[1] in rare]
        if not found:
            return None
        codes = sorted({c for _, c in found})
        if len(codes) > 1 and "false-win" in codes and self.rng.random() < 0.8:
            codes.remove("false-win")  # it ends the deal (诈和): most of the time, let the others have their turn
        code = self.rng.choice(codes)  # each kind of violation equally, not each action
        return self.rng.choice([f for f in found if f[1] == code])


def play_out_with_faults(
    deal: Deal, players: Sequence[Player], *, max_steps: int = 2000
) -> tuple[Deal, list[tuple[Action, str]]]:
    """Play ``deal`` to its end; before each step every seat whose player is a ``FaultyBot`` may commit a
    violation instead. Returns the deal and the violations committed, in order."""
    committed: list[tuple[Action, str]] = []
    for _ in range(max_steps):
        if deal.over:
            return deal, committed
        fault = None
        for seat in deal.table.active:
            player = players[seat]
            if isinstance(player, FaultyBot):
                fault = player.fault(deal, seat)
                if fault is not None:
                    break
        if fault is not None:
            deal.play(fault[0], violation=fault[1])
            committed.append(fault)
            continue
        play_one_step(deal, players)
    raise RuntimeError("deal did not finish")
