"""The simple player's quicker choice (issue 18) against its plain form: the same action and exactly the same
draws from its generator (the same generator state after each choice), in whole deals and for any legal list."""

from __future__ import annotations

import random
from operator import itemgetter
from types import SimpleNamespace
from typing import Any

import pytest
from changpai.bots.daer import BOTS, SatOut, SimpleBot, _usefulness, make_players, play_out
from changpai.core.table import SITTER
from changpai.daer.actions import Action, ActionType
from changpai.daer.deal import Deal
from changpai.daer.traditions import PLAY_RULES
from changpai.decks.numerals import ALL_KINDS
from hypothesis import given, settings
from hypothesis import strategies as st

_THEN_DRAW = itemgetter(0, 1)
_SCORING = (ActionType.WIN, ActionType.FOUR, ActionType.KONG, ActionType.PONG)


def plain_choose(rng: random.Random, deal: Any, seat: int, legal: list[Action]) -> Action:
    """``SimpleBot.choose`` as it was written before it was made quicker (the oracle)."""
    types = {a.type for a in legal}
    for t in _SCORING:
        if t in types:
            return next(a for a in legal if a.type is t)
    hand = deal.seats[seat].hand
    if ActionType.EAT in types:
        good = [a for a in legal if a.type is ActionType.EAT and not a.bi and all(hand[c.index] == 1 for c in a.cards)]
        if good:
            return rng.choice(good)
    if ActionType.DISCARD in types:
        options = [a for a in legal if a.type is ActionType.DISCARD]
        if deal.drawn is not None:
            trial = hand.copy()
            trial[deal.drawn.index] += 1
            if _usefulness(trial, deal.drawn.index) <= 1.5 and ActionType.SHOW in types:
                return next(a for a in legal if a.type is ActionType.SHOW)
            hand = trial
        scored = [(_usefulness(hand, a.card.index), rng.random(), a) for a in options if a.card is not None]
        return min(scored, key=_THEN_DRAW)[2]
    for t in (ActionType.TURN, ActionType.DRAW, ActionType.SHOW, ActionType.PASS):
        if t in types:
            return next(a for a in legal if a.type is t)
    return rng.choice(legal)


def _same_choice(bot: SimpleBot, deal: Any, seat: int, legal: list[Action]) -> Action:
    """``bot``'s choice, checked against the plain form run on a copy of its generator."""
    twin = random.Random()
    twin.setstate(bot.rng.getstate())
    try:
        want: Action | type[Exception] = plain_choose(twin, deal, seat, list(legal))
    except (ValueError, IndexError) as error:
        want = type(error)
    try:
        got: Action | type[Exception] = bot.choose(deal, seat, legal)
    except (ValueError, IndexError) as error:
        got = type(error)
    if isinstance(want, type):
        assert isinstance(got, type) and issubclass(got, (ValueError, IndexError)), (got, want)
    else:
        assert got is want
    assert bot.rng.getstate() == twin.getstate()
    if isinstance(got, type):
        raise ValueError("no choice")
    return got


class Checked:
    """A simple player whose every choice is checked against the plain form."""

    def __init__(self, bot: SimpleBot) -> None:
        self.bot = bot
        self.choices = 0

    def choose(self, deal: Deal, seat: int, legal: list[Action]) -> Action:
        self.choices += 1
        return _same_choice(self.bot, deal, seat, legal)


_TABLES = [(name, n) for name, play in PLAY_RULES.items() for n in play.players.value if n <= 5]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(_TABLES), st.integers(0, 2**32))
def test_whole_deals_choose_as_the_plain_form(table, seed):
    rules, players = table
    rng = random.Random(seed)
    deal = Deal.new(rules, players, rng=rng, seed=seed)
    checked = [Checked(bot) for bot in make_players(deal, rng, "simple")]  # type: ignore[arg-type]
    play_out(deal, checked)
    assert deal.over and sum(c.choices for c in checked) > 0


_cards = st.sampled_from(ALL_KINDS)


@st.composite
def _action(draw: st.DrawFn, seat: int) -> Action:
    t = draw(st.sampled_from(list(ActionType)))
    if t is ActionType.EAT:
        bi = draw(st.lists(st.tuples(_cards, _cards, _cards), max_size=1))
        return Action(t, seat, draw(_cards), (draw(_cards), draw(_cards)), tuple(bi))
    card = draw(st.none() | _cards) if t in (ActionType.DISCARD, ActionType.WIN, ActionType.TURN) else None
    if t in (ActionType.PONG, ActionType.KONG, ActionType.FOUR):
        card = draw(_cards)
    return Action(t, seat, card)


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=20, max_size=20),
    st.none() | _cards,
    st.lists(_action(1), min_size=1, max_size=8),
    st.integers(0, 2**64),
)
def test_any_legal_list_chooses_as_the_plain_form(hand, drawn, legal, seed):
    deal = SimpleNamespace(seats={1: SimpleNamespace(hand=hand)}, drawn=drawn)
    bot = SimpleBot(random.Random(seed))
    try:
        _same_choice(bot, deal, 1, legal)
    except ValueError:
        pass  # both refused (a discard list of cardless discards): the same draws made
    assert hand == deal.seats[1].hand  # the hand is not touched


@pytest.mark.parametrize("kind", [ActionType.EAT, ActionType.DISCARD])
def test_a_lone_eat_or_discard_still_draws(kind):
    """Taken without a draw only where the plain form makes none: a lone eat is ``rng.choice`` of one, a lone
    discard one ``rng.random()``."""
    card = ALL_KINDS[3]
    action = Action(kind, 0, card, (ALL_KINDS[4], ALL_KINDS[5])) if kind is ActionType.EAT else Action(kind, 0, card)
    hand = [1] * 20
    deal = SimpleNamespace(seats={0: SimpleNamespace(hand=hand)}, drawn=None)
    bot = SimpleBot(random.Random(5))
    before = bot.rng.getstate()
    assert _same_choice(bot, deal, 0, [action]) is action
    assert bot.rng.getstate() != before


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(_TABLES), st.integers(0, 2**32), st.sampled_from(["simple", "random"]))
def test_the_seat_that_sits_out_gets_its_generator_when_asked(table, seed, kind):
    """``make_players`` draws one seed per seat as before; a sitter's bot, made only when asked, is the bot
    ``BOTS[kind](random.Random(seed))`` would be: the same generator, the same choices."""
    rules, players = table
    deal = Deal.new(rules, players, seed=seed)
    rng, probe = random.Random(seed), random.Random(seed)
    made = make_players(deal, rng, kind)
    seeds = [probe.getrandbits(64) for _ in range(deal.players)]
    assert rng.getstate() == probe.getstate()
    for s, (player, own) in enumerate(zip(made, seeds, strict=True)):
        eager = BOTS[kind](random.Random(own))
        assert isinstance(player, SatOut) == (deal.table.roles[s] == SITTER)
        assert player.rng.getstate() == eager.rng.getstate()  # type: ignore[attr-defined]
        assert player.name == eager.name  # type: ignore[attr-defined]
        legal = list(deal.legal_actions(deal.to_act))
        assert player.choose(deal, deal.to_act, legal) == eager.choose(deal, deal.to_act, legal)
        assert player.rng.getstate() == eager.rng.getstate()  # type: ignore[attr-defined]
