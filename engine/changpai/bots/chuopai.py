"""Computer players for 戳牌: they keep the must-beat rule and play for their side.

``SideBot`` leads a play nothing can beat when it has one (the biggest such), else its cheapest single (never its
biggest 正门 card, which risks 包牌); following, it must beat when able (it only plays what the rules allow): with
the cheapest beating play when the trick is its partner's or it plays last, with the strongest otherwise; when it
cannot beat it puts down its least useful cards. ``RandomBot`` picks any legal action. Both use only their own
``random.Random``, so a seed reproduces a deal.

>>> deal = play_out(ChuoDeal.new(seed=1))
>>> deal.over, sum(deal.scores())
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from ..chuopai.actions import DOWN, PLAY, ChuoAction
from ..chuopai.cards import CLASS, LADDER, MAIN, N_CARDS, POINT, family, point_rank
from ..chuopai.deal import ChuoDeal
from ..chuopai.plays import beating_plays, plays_in, shape
from ..chuopai.scoring import next_dealer, settle

_TOP = {"ladder": 6, "combo": 4, "black": 4, "red": 4}  # the strongest of each kind: nothing beats it


class Player(Protocol):
    def choose(self, deal: ChuoDeal) -> ChuoAction: ...


def _value(face: int, counts: Sequence[int]) -> int:
    """How much a card is worth keeping (higher = keep)."""
    if CLASS[face] == POINT:
        fam = family(face)
        return point_rank(face) * 4 + (6 if counts[fam] else 0)  # a nine stands alone; a partner for a combination
    return LADDER[face] * 10


class SideBot:
    name = "simple"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, deal: ChuoDeal) -> ChuoAction:
        seat = deal.to_act
        counts = deal.counts(seat)
        if deal.best_shape is None:
            return ChuoAction(seat, PLAY, self._lead(deal, counts))
        beating = list(beating_plays(counts, deal.best_shape, deal.rules))
        if not beating:
            return ChuoAction(seat, DOWN, self._down(counts, deal.owed(seat, DOWN)))
        best_owner = deal.trick[deal.best].seat
        partner_has_it = deal.side(best_owner) == deal.side(seat)
        last = len(deal.trick) == len(deal.table.active) - 1
        next_is_partner = deal.side(deal.table.next_seat(seat)) == deal.side(seat)
        cost = [sum(_value(c, counts) for c in cards) for cards in beating]
        if partner_has_it or last or next_is_partner:
            return ChuoAction(seat, PLAY, beating[cost.index(min(cost))])
        strength = [(shape(b, deal.rules) or deal.best_shape).strength for b in beating]
        return ChuoAction(seat, PLAY, beating[strength.index(max(strength))])

    def _lead(self, deal: ChuoDeal, counts: list[int]) -> tuple[int, ...]:
        plays = list(plays_in(counts, deal.rules))
        sure = [p for p in plays if (s := shape(p, deal.rules)) is not None and s.strength == _TOP[s.kind]]
        if sure:
            return max(sure, key=len)
        top_main = max((LADDER[f] for f in range(N_CARDS) if counts[f] and CLASS[f] == MAIN), default=0)
        singles = [p for p in plays if len(p) == 1 and not (CLASS[p[0]] == MAIN and LADDER[p[0]] == top_main)]
        pool = singles or plays
        low = min(_value(p[0], counts) for p in pool)
        return self.rng.choice([p for p in pool if _value(p[0], counts) == low])

    def _down(self, counts: list[int], owed: int) -> tuple[int, ...]:
        cards = sorted((f for f in range(N_CARDS) for _ in range(counts[f])), key=lambda f: _value(f, counts))
        return tuple(sorted(cards[:owed]))


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, deal: ChuoDeal) -> ChuoAction:
        legal = list(deal.iter_legal())
        return self.rng.choice(legal)


BOTS: dict[str, type[SideBot] | type[RandomBot]] = {"simple": SideBot, "random": RandomBot}


def play_out(deal: ChuoDeal, players: Sequence[Player] | None = None, seed: int | None = None) -> ChuoDeal:
    """Play ``deal`` to its end (one player per seat; default ``SideBot`` for all)."""
    if players is None:
        rng = random.Random(deal.seed if seed is None else seed)
        players = [SideBot(rng) for _ in range(deal.table.size)]
    for _ in range(10_000):
        if deal.over:
            break
        deal.play(players[deal.to_act].choose(deal))
    return deal


def simulate(deals: int, seed: int = 0, options: dict[str, Any] | None = None, bot: str = "simple") -> dict[str, Any]:
    """Play ``deals`` seeded deals (the dealer rotating) and summarise: outcomes, wins per side, penalties, mean
    cards in front of the dealer and of an ally."""
    rng = random.Random(seed)
    outcomes: dict[str, int] = {}
    wins = {"dealer": 0, "allies": 0}  # seats over fifteen cards, by side
    events: dict[str, int] = {}
    dealer_cards = ally_cards = 0
    dealer = 0
    for _ in range(deals):
        deal = ChuoDeal.new(rng.randrange(2**32), dealer, options)
        players = [BOTS[bot](rng) for _ in range(deal.table.size)]
        play_out(deal, players)
        result = settle(deal)
        outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
        for seat in deal.table.active:
            if result.counts[seat] > deal.rules.win_over() and result.outcome == "win":
                wins["dealer" if deal.side(seat) == 0 else "allies"] += 1
        for event in deal.events:
            events[event.kind] = events.get(event.kind, 0) + 1
        dealer_cards += result.counts[deal.table.dealer]
        ally_cards += result.counts[deal.table.next_seat(deal.table.dealer)]
        dealer = next_dealer(deal, result.scores)
    return {
        "deals": deals,
        "outcomes": outcomes,
        "wins_by_count": wins,
        "events": events,
        "mean_dealer_cards": dealer_cards / max(deals, 1),
        "mean_ally_cards": ally_cards / max(deals, 1),
    }
