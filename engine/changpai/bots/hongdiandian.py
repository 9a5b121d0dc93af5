"""Computer players for 红点点 and the simulator: whole deals played by bots, with the deal's invariants checked.

``simple`` wins whenever it may, takes a 兑, eats when that makes one more pair, and discards the card that leaves
the most pairs (the fewest red points lost on a tie); ``random`` picks any legal action. Both use the
``random.Random`` given them, so a seed fixes a deal.

>>> summary = simulate("wuchuan-hongdiandian-sicheng", deals=20, seed=1)
>>> summary["deals"], summary["broken_invariants"]
(20, 0)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..decks.numerals import ALL_KINDS
from ..hongdiandian.actions import DISCARD, DUI, EAT, HU, PASS, Action
from ..hongdiandian.cards import LATER_PARTNERS, POINTS
from ..hongdiandian.deal import PHASE_DISCARD, HddDeal
from ..hongdiandian.rules import get_rules


class Player(Protocol):
    def choose(self, deal: HddDeal, seat: int, legal: Sequence[Action]) -> Action: ...


def pair_count(counts: Sequence[int], dae_jue: bool) -> int:
    """A quick lower bound on the pairs a hand makes: twins first, then cross partners among the leftovers."""
    left = [n & 1 for n in counts]  # the odd card of each kind, once the twins are paired
    pairs = (sum(counts) - sum(left)) // 2
    later = LATER_PARTNERS[dae_jue]
    for i, odd in enumerate(left):  # (reads ``left`` as it changes: a card paired with an earlier one is gone)
        if odd:
            for j in later[i]:
                if left[j]:
                    left[j] = 0
                    pairs += 1
                    break
    return pairs


class RandomPlayer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, deal: HddDeal, seat: int, legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


class SimplePlayer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, deal: HddDeal, seat: int, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if HU in kinds:
            return next(a for a in legal if a.kind == HU)
        if DUI in kinds:
            return next(a for a in legal if a.kind == DUI)
        hand = deal.hands[seat]
        dae_jue = deal.rules.dae_jue
        if EAT in kinds:
            before = pair_count(hand, dae_jue)
            best: tuple[int, Action] | None = None
            for a in legal:
                if a.kind == EAT and a.card is not None:
                    after = list(hand)
                    after[a.card.index] -= 1
                    gain = 1 + pair_count(after, dae_jue) - before
                    if gain > 0 and (best is None or gain > best[0]):
                        best = (gain, a)
            if best is not None:
                return best[1]
        if DISCARD in kinds:
            scored: list[tuple[int, int, Action]] = []
            for a in legal:
                if a.kind == DISCARD and a.card is not None:
                    after = list(hand)
                    after[a.card.index] -= 1
                    scored.append((pair_count(after, dae_jue), -POINTS[a.card.index], a))
            top = max(s[:2] for s in scored)
            return self.rng.choice([s[2] for s in scored if s[:2] == top])
        passes = [a for a in legal if a.kind == PASS]
        return passes[0] if passes else self.rng.choice(list(legal))


BOTS: dict[str, Callable[[random.Random], Player]] = {"simple": SimplePlayer, "random": RandomPlayer}


def check_invariants(deal: HddDeal) -> list[str]:
    """What is wrong with the deal's state, if anything (empty: all holds)."""
    problems: list[str] = []
    if deal.cards_in_play() != len(ALL_KINDS) * 4:
        problems.append(f"cards: {deal.cards_in_play()} in play, not 80")
    for seat in range(deal.players):
        if min(deal.hands[seat]) < 0 or max(deal.hands[seat]) > 4:
            problems.append(f"seat {seat}: impossible counts")
        total = sum(deal.hands[seat]) + sum(len(u.cards) for u in deal.melds[seat])
        at_rest = deal.rules.short_cards.value if seat == deal.rules.short_seat(deal.dealer) else 15
        want = at_rest + 1 if deal.phase == PHASE_DISCARD and deal.actor == seat else at_rest
        if deal.bao is None and total != want and not (deal.over and deal.winner is not None):
            problems.append(f"seat {seat}: {total} cards, not {want}")
    return problems


def play_out(deal: HddDeal, players: Sequence[Player], *, check: bool = False, max_steps: int = 2000) -> list[str]:
    """Play ``deal`` to its end; with ``check`` each step's action is verified legal and the invariants checked.
    Answers the invariants found broken (empty when all held)."""
    problems: list[str] = []
    for _ in range(max_steps):
        if deal.over:
            return problems
        seat = deal.to_move()[0]
        legal = list(deal.legal_actions(seat))
        if not legal:
            return [*problems, f"no legal action for seat {seat} in phase {deal.phase}"]
        action = players[seat].choose(deal, seat, legal)
        deal.play(action)
        if check:
            problems += check_invariants(deal)
    return [*problems, "the deal did not end"]


def simulate_one(
    rules: str, seed: int, *, bot: str = "simple", check: bool = True, options: dict[str, Any] | None = None
) -> tuple[HddDeal, list[str]]:
    rng = random.Random(seed)
    seats = get_rules(rules, options).players.value
    deal = HddDeal.new(rules, rng=rng, seed=seed, dealer=seed % seats, options=options)
    players = [BOTS[bot](random.Random(rng.getrandbits(64))) for _ in range(deal.players)]
    return deal, play_out(deal, players, check=check)


def simulate(
    rules: str,
    *,
    deals: int = 100,
    seed: int = 0,
    bot: str = "simple",
    check: bool = True,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``deals`` seeded deals and summarise: outcomes, classes won, and the invariants broken (should be 0)."""
    outcomes: Counter[str] = Counter()
    classes: Counter[str] = Counter()
    broken = 0
    steps = 0
    for i in range(deals):
        deal, problems = simulate_one(rules, seed + i, bot=bot, check=check, options=options)
        broken += len(problems)
        steps += len(deal.history)
        settled = deal.settlement()
        outcomes[settled["type"]] += 1
        if deal.result is not None and deal.result.cls is not None:
            classes[deal.result.cls.key] += 1
    return {
        "rules": rules,
        "deals": deals,
        "seed": seed,
        "bot": bot,
        "outcomes": dict(outcomes),
        "classes": dict(classes),
        "steps": steps,
        "broken_invariants": broken,
    }
