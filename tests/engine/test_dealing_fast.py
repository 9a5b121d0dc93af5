"""The shortcuts of starting a deal (issue 18) against the plain ways they replace: ``dealing.shuffle`` and
``dealing.randrange`` make exactly ``random.Random``'s draws, ``dealing.deal``'s precomputed layout deals as the
tradition's loop does, a seating's shared ``Table`` has the roles the rules give, and ``resolve_rules``' cache
answers as ``options.apply`` does (and refuses what it refuses)."""

from __future__ import annotations

import random

import pytest
from changpai.core.table import DEALER, PLAYER, SITTER, XIAOJIA, Table
from changpai.core.text import RuleError
from changpai.daer import dealing
from changpai.daer.deal import Deal, resolve_rules
from changpai.daer.dealing import Dealt, deal, dealt_out, make_table, randrange, shuffle
from changpai.daer.options import apply, values
from changpai.daer.playrules import PlayRules
from changpai.daer.traditions import PLAY_RULES, get_play_rules, get_rules
from changpai.decks.numerals import DECK, Card
from hypothesis import given, settings
from hypothesis import strategies as st

_seeds = st.integers(-(2**70), 2**70)
_tables = st.sampled_from([(name, n) for name, play in PLAY_RULES.items() for n in play.players.value])


@settings(max_examples=300, deadline=None)
@given(_seeds, st.lists(st.integers(), max_size=200), st.integers(0, 3))
def test_shuffle_makes_exactly_the_draws_of_random_shuffle(seed, items, draws_before):
    mine, theirs = random.Random(seed), random.Random(seed)
    for _ in range(draws_before):  # the generator anywhere in its stream
        assert mine.random() == theirs.random()
    a, b = list(items), list(items)
    shuffle(mine, a)
    theirs.shuffle(b)
    assert a == b
    assert mine.getstate() == theirs.getstate()


@settings(max_examples=300, deadline=None)
@given(_seeds, st.integers(-1000, 1000), st.integers(1, 2**40))
def test_randrange_makes_exactly_the_draws_of_random_randrange(seed, start, width):
    mine, theirs = random.Random(seed), random.Random(seed)
    assert randrange(mine, start, start + width) == theirs.randrange(start, start + width)
    assert mine.getstate() == theirs.getstate()


def test_another_generator_type_shuffles_itself():
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):  # type: ignore[override]
            self.calls += 1
            super().shuffle(x)

        def randrange(self, start, stop=None, step=1):  # type: ignore[override]
            self.calls += 1
            return super().randrange(start, stop, step)

    rng = Counting(4)
    cards = list(DECK)
    shuffle(rng, cards)
    randrange(rng, 1, 79)
    assert rng.calls == 2
    assert dealing._EXACT  # (this Python's ``random`` draws as ``shuffle`` expects)


def _old_table(rules: PlayRules, players: int, dealer: int) -> Table:
    roles = [PLAYER] * players
    roles[dealer] = DEALER
    if players == 4 and rules.sitter_with_four.value:
        roles[(dealer + 2) % 4] = SITTER
    elif players == 4 and rules.xiaojia_with_four.value:
        roles[(dealer - 1) % 4] = XIAOJIA
    return Table(tuple(roles), dealer)


def _old_deal(rules: PlayRules, table: Table, deck: list[Card], cut_card: Card | None = None) -> Dealt:
    """``dealing.deal`` as it was before its layout was precomputed (the oracle): the dealing loop run on the
    cards themselves."""
    hands, stock_from = dealt_out(rules, table, deck)
    return Dealt(table, tuple(tuple(hands.get(s, ())) for s in range(table.size)), tuple(deck[stock_from:]), cut_card)


@settings(max_examples=300, deadline=None)
@given(_tables, st.data(), st.randoms(use_true_random=False), st.booleans())
def test_the_precomputed_layout_deals_as_the_loop_does(table_, data, rnd, short):
    name, players = table_
    play = get_play_rules(name)
    dealer = data.draw(st.integers(0, players - 1))
    table = make_table(play, players, dealer)
    assert table == _old_table(play, players, dealer)
    assert make_table(play, players, dealer) is table  # one table per seating
    deck = list(DECK)
    rnd.shuffle(deck)
    if short:  # the cut card out of play [003]
        deck = deck[:79]
    cut = Card(3) if short else None
    assert deal(play, table, deck, cut) == _old_deal(play, table, deck, cut)


@settings(max_examples=200, deadline=None)
@given(_tables, st.integers(0, 2**64 - 1), st.integers(0, 7))
def test_a_new_deal_is_the_deal_of_the_plain_shuffle(table_, seed, shuffler):
    """``Deal.new`` from a seed deals the cards the plain ``random`` calls pick, and leaves ``rng`` as they do."""
    name, players = table_
    play = get_play_rules(name)
    rng, probe = random.Random(seed), random.Random(seed)
    d = Deal.new(name, players, rng=rng, shuffler=shuffler % players)
    deck = list(DECK)
    probe.shuffle(deck)
    cut = None
    dealer = 0
    if play.cut_for_dealer.value:
        position = probe.randrange(1, len(deck) - 1)
        card = deck[position]
        dealer = ((shuffler % players) - 1 + card.number - 1) % players
        deck = deck[position + 1 :] + deck[:position] + ([] if play.cut_card_out_of_play.value else [card])
        cut = card if play.cut_card_out_of_play.value else None
    old = _old_deal(play, _old_table(play, players, dealer), deck, cut)
    assert d.table == old.table and d.initial_hands == old.hands and d.initial_stock == old.stock
    assert d.cut_card == cut
    assert rng.getstate() == probe.getstate()


_OPTION_VALUES = st.one_of(st.booleans(), st.integers(-2, 12), st.sampled_from(["true", "false", "2", "1.0", "x"]))


def _choices(name: str, key: str) -> list[str]:
    option = get_rules(name).declared.get(key)
    return list(option.choices) if option is not None else ["x"]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(list(PLAY_RULES)), st.data())
def test_resolved_rules_are_the_applied_options_and_refuse_what_apply_refuses(name, data):
    declared = [o.name for o in get_rules(name).declared] + ["no-such-option"]
    keys = data.draw(st.lists(st.sampled_from(declared), max_size=4, unique=True))
    options = {k: data.draw(st.one_of(_OPTION_VALUES, st.sampled_from(_choices(name, k)))) for k in keys}
    for _ in range(2):  # the second time from the cache
        try:
            want = apply(get_rules(name), get_play_rules(name), options)
        except RuleError as error:
            with pytest.raises(RuleError) as got:
                resolve_rules(name, options)
            assert (got.value.code, got.value.where) == (error.code, error.where)
            continue
        rules, play = resolve_rules(name, options)
        assert values(rules, play) == values(*want)
        assert {k: type(v) for k, v in values(rules, play).items()} == {k: type(v) for k, v in values(*want).items()}
        assert play == want[1]


def test_equal_option_values_of_other_types_are_not_confused():
    # 1 == True and both hash alike: a cache keyed by the value alone would hand back the other's answer
    name = "leshan"
    fan = get_rules(name).declared.get("tianhe_fan")
    assert fan is not None and "1" in fan.choices
    good = resolve_rules(name, {"tianhe_fan": 1})
    with pytest.raises(RuleError):
        resolve_rules(name, {"tianhe_fan": True})
    assert resolve_rules(name, {"tianhe_fan": 1}) is good


@settings(max_examples=100, deadline=None)
@given(_tables, st.integers(0, 2**32), st.integers(-2, 1))
def test_a_new_deal_checks_its_cards_as_card_total_counts_them(table_, seed, change):
    """The check at construction counts what ``card_total`` counts; a deal short of or over 80 is refused."""
    name, players = table_
    d = Deal.new(name, players, seed=seed)
    assert d.card_total() == 80
    stock = (
        d.initial_stock[: len(d.initial_stock) + change] if change < 0 else d.initial_stock + d.initial_stock[:change]
    )
    dealt = Dealt(d.table, d.initial_hands, stock, d.cut_card)
    if change == 0:
        assert Deal(d.rules, d.play_rules, dealt).card_total() == 80
        return
    with pytest.raises(RuleError) as error:
        Deal(d.rules, d.play_rules, dealt)
    assert error.value.code == "card-count" and f"{80 + change}, not 80" in str(error.value)


@given(_tables, st.data())
def test_a_tables_distances_are_the_walks_in_playing_order(table_, data):
    name, players = table_
    table = make_table(get_play_rules(name), players, data.draw(st.integers(0, players - 1)))
    for source in range(-1, table.size + 1):
        for seat in range(-1, table.size + 2):
            if not 0 <= source < table.size:
                continue  # (a seat outside the table has no next seat)
            steps, here = 0, source
            while here != seat and steps <= table.size:
                here, steps = table.next_seat(here), steps + 1
            assert table.distance(source, seat) == steps
