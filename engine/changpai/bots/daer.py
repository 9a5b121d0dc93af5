"""Computer players: simple, rule-abiding and deterministic given their ``random.Random``.

A player only ever picks from the legal actions it is offered, so it cannot break a rule.
``SimpleBot`` wins whenever it can, makes every pong and kong (they score), eats only with
cards that are not already pairs, keeps held triples, and discards its least connected card;
``RandomBot`` picks uniformly. Ties are broken with the player's own generator, never the global one.

``play_out(deal, players)`` plays a deal to the end: in a claim window every seat that can claim
states its wish, ``claims.resolve`` picks the winner by priority, and only that claim is played
(the others' wishes are implied passes).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..core.table import SITTER
from ..daer import actions
from ..daer.actions import Action, ActionType
from ..daer.claims import resolve
from ..daer.deal import CLAIM, OVER, Deal


class Player(Protocol):
    def choose(self, deal: Deal, seat: int, legal: list[Action]) -> Action: ...


def _neighbours(k: int) -> tuple[tuple[tuple[int, float], ...], int]:
    """For kind ``k``: the kinds it makes sets with in its case and their weights (one or two numbers away, then its
    2-7-10 partners when it is a 2, 7 or 10, at 1.5), in the order ``_usefulness`` adds them, and the same number
    in the other case. (Every weight and sum is exact in binary floating point: the order never changes a score.)"""
    number = k % 10 + 1
    base = k - number + 1
    near = tuple(
        (base + number + d - 1, w) for d, w in ((-2, 1.0), (-1, 2.0), (1, 2.0), (2, 1.0)) if 1 <= number + d <= 10
    )
    partners = tuple((base + m - 1, 1.5) for m in (2, 7, 10) if m != number) if number in (2, 7, 10) else ()
    return near + partners, (k + 10) % 20


_NEIGHBOURS = tuple(_neighbours(k) for k in range(20))
_WEIGHTS = tuple(weights for weights, _other in _NEIGHBOURS)
_OTHER = tuple(other for _weights, other in _NEIGHBOURS)


def _usefulness(hand: list[int], k: int) -> float:
    """How well card kind ``k`` fits the rest of the hand (higher = keep it)."""
    n = hand[k]
    if n >= 3:
        return 100.0  # a held triple (坎) is never broken
    score = 4.0 if n == 2 else 0.0
    for j, w in _WEIGHTS[k]:
        if 0 < hand[j] < 3:
            score += w
    n = hand[_OTHER[k]]
    if 0 < n < 3:
        score += 1.5 * n
    return score


def _least_useful(hand: list[int], options: list[Action], draw: Callable[[], float]) -> Action:
    """The discard of the least useful card (``_usefulness``), ties broken by one ``draw()`` per
    option, in the options' order: ``min`` of (usefulness, draw) with the first of equal keys, in one loop."""
    best: Action | None = None
    best_score = best_draw = 0.0
    for a in options:
        card = a.card
        if card is None:
            continue
        score = _usefulness(hand, card.index)
        r = draw()
        if best is None or score < best_score or (score == best_score and r < best_draw):
            best, best_score, best_draw = a, score, r
    if best is None:
        raise ValueError("no discard to choose from")
    return best


_SCORING_CLAIMS = (actions.WIN, actions.FOUR, actions.KONG, actions.PONG)  # taken at once, in this order
_SCORING = frozenset(_SCORING_CLAIMS)
_PLAIN = (actions.TURN, actions.DRAW, actions.SHOW, actions.PASS)  # taken when nothing else is
# Alone in the legal list, these are taken as they are: ``SimpleBot.choose`` makes no draw for them (a lone eat or
# discard still draws: ``rng.choice`` of one, one ``rng.random()``).
_TAKEN_ALONE = frozenset((*_SCORING_CLAIMS, *_PLAIN))


class SimpleBot:
    """Claims what scores, keeps sets together, discards the least useful card."""

    name = "simple"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, deal: Deal, seat: int, legal: list[Action]) -> Action:
        if len(legal) == 1 and legal[0].type in _TAKEN_ALONE:
            return legal[0]  # (what the choice below takes, without a draw)
        types = {a.type for a in legal}
        if not _SCORING.isdisjoint(types):
            for t in _SCORING_CLAIMS:
                if t in types:
                    return _first(legal, t)
        hand = deal.seats[seat].hand
        if actions.EAT in types:
            good = [a for a in legal if a.type is actions.EAT and not a.bi and all(hand[c.index] == 1 for c in a.cards)]
            if good:
                return self.rng.choice(good)
        if actions.DISCARD in types:
            options = legal if len(types) == 1 else [a for a in legal if a.type is actions.DISCARD]
            drawn = deal.drawn
            if drawn is not None:  # 小家: keep the drawn card only if it helps
                trial = hand.copy()
                trial[drawn.index] += 1
                if _usefulness(trial, drawn.index) <= 1.5 and actions.SHOW in types:
                    return _first(legal, actions.SHOW)
                hand = trial
            return _least_useful(hand, options, self.rng.random)
        for t in _PLAIN:
            if t in types:
                return _first(legal, t)
        return self.rng.choice(legal)


def _first(legal: list[Action], t: ActionType) -> Action:
    """The first action of type ``t`` in ``legal`` (there is one)."""
    for a in legal:
        if a.type is t:
            return a
    raise ValueError(t)


class RandomBot:
    """Any legal action, uniformly (but always takes a win)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, deal: Deal, seat: int, legal: list[Action]) -> Action:
        wins = [a for a in legal if a.type == actions.WIN]
        return wins[0] if wins else self.rng.choice(legal)


BOTS: dict[str, Callable[[random.Random], Player]] = {"simple": SimpleBot, "random": RandomBot}


def make_players(deal: Deal, rng: random.Random, kind: str = "simple") -> list[Player]:
    """One bot per seat, each with its own generator derived from ``rng``.

    A seat that sits out (坐底) never acts, so its bot is made, with the same generator, only if it is asked
    (``SatOut``): seeding a generator is a good part of starting a deal."""
    make = BOTS[kind]
    seeds = [rng.getrandbits(64) for _ in range(deal.players)]
    roles = deal.table.roles
    return [SatOut(make, seed) if roles[s] == SITTER else make(random.Random(seed)) for s, seed in enumerate(seeds)]


class SatOut:
    """The player of a seat that sits out: ``make(random.Random(seed))``, made when first asked for anything."""

    def __init__(self, make: Callable[[random.Random], Player], seed: int) -> None:
        self._make = make
        self._seed = seed
        self._player: Player | None = None

    @property
    def player(self) -> Player:
        if self._player is None:
            self._player = self._make(random.Random(self._seed))
        return self._player

    def choose(self, deal: Deal, seat: int, legal: list[Action]) -> Action:
        return self.player.choose(deal, seat, legal)

    def __getattr__(self, name: str) -> Any:  # (its ``rng``, its ``name`` …)
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.player, name)


def next_action(deal: Deal, players: Sequence[Player], wishes: dict[int, Action | None] | None = None) -> Action | None:
    """The next action to play: in a claim window the resolved claim (or a pass), otherwise the
    choice of the seat to act. ``wishes`` may already hold some seats' decisions (a human's)."""
    if deal.over:
        return None
    if deal.phase == CLAIM:
        wishes = dict(wishes or {})
        claimants = deal.to_move()
        for seat in claimants:
            if seat in wishes:
                continue
            legal = list(deal.iter_legal(seat))
            if legal:
                wishes[seat] = players[seat].choose(deal, seat, legal)
        claim = resolve(deal, wishes)
        if claim is not None:
            return claim
        # Nobody claims: the next seat turns (one step for all the passes), or, at the end of the
        # stock, the seats pass one by one.
        shortcut = deal.everybody_passes()
        if shortcut is not None:
            return shortcut
        return Action(actions.PASS, claimants[0]) if claimants else None
    mover = deal.to_act
    assert mover is not None
    legal = list(deal.iter_legal(mover))
    return players[mover].choose(deal, mover, legal)


def play_out(deal: Deal, players: Sequence[Player], *, check: bool = False, max_steps: int = 2000) -> Deal:
    """Play ``deal`` to its end. With ``check`` every action is verified to be in the legal list."""
    for _ in range(max_steps):
        if deal.over:
            return deal
        play_one_step(deal, players, check=check)
    raise RuntimeError("deal did not finish")


def play_one_step(deal: Deal, players: Sequence[Player], *, check: bool = False) -> None:
    """Play the players' next action; in a claim window where the first asked seat passes, every seat that
    has yet to answer passes too until the window closes (one step of ``play_out``)."""
    phase = deal.phase
    if phase != CLAIM and phase != OVER and not check:  # the seat to act chooses (``next_action``'s own way)
        mover = deal.to_act
        assert mover is not None
        deal.play(players[mover].choose(deal, mover, list(deal.iter_legal(mover))))
        return
    action = next_action(deal, players)
    assert action is not None
    if check:
        assert action in deal.legal_actions(), action
    if deal.phase == CLAIM and action.type == actions.PASS:
        for seat in deal.to_move():
            deal.play(Action(actions.PASS, seat))
            if deal.phase != CLAIM:
                break
        return
    deal.play(action)


def simulate_one(
    rules: str, players: int, seed: int, *, bot: str = "simple", options: dict[str, Any] | None = None
) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(rules, players, rng=rng, options=options, seed=seed)
    return play_out(deal, make_players(deal, rng, bot))
