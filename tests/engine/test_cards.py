"""Cards: notations, round trips, errors that name the character."""

import pytest
from changpai.core.text import CardError
from changpai.decks.numerals import ALL_KINDS, DECK, Card, check_copies, format_cards, parse_cards
from hypothesis import given
from hypothesis import strategies as st


def test_deck_has_twenty_kinds_of_four():
    assert len(ALL_KINDS) == 20 and len(set(ALL_KINDS)) == 20
    assert len(DECK) == 80
    assert all(DECK.count(card) == 4 for card in ALL_KINDS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("一二三四五六七八九十", [Card(n) for n in range(1, 11)]),
        ("壹贰叁肆伍陆柒捌玖拾", [Card(n, big=True) for n in range(1, 11)]),
        ("貳叄參陸", [Card(2, True), Card(3, True), Card(3, True), Card(6, True)]),
        ("123s 27tb", [Card(1), Card(2), Card(3), Card(2, True), Card(7, True), Card(10, True)]),
        ("10s 10b", [Card(10), Card(10, True)]),
        ("2710s", [Card(2), Card(7), Card(10)]),
        ("一，二、 三", [Card(1), Card(2), Card(3)]),
    ],
)
def test_parse_notations(text, expected):
    assert parse_cards(text) == expected


@given(st.lists(st.sampled_from(ALL_KINDS), max_size=25), st.sampled_from(["simplified", "traditional", "ascii"]))
def test_format_parses_back(cards, script):
    assert parse_cards(format_cards(cards, script=script)) == cards


@pytest.mark.parametrize("card", ALL_KINDS)
def test_repr_pastes_back(card):
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize(
    ("text", "position", "char"),
    [("一二x", 3, "x"), ("0s", 1, "0"), ("一 s", 3, "s"), ("壹😀", 2, "😀")],
)
def test_unknown_character_is_named_with_its_position(text, position, char):
    with pytest.raises(CardError) as info:
        parse_cards(text, where="hand")
    assert info.value.where == "hand"
    assert f"character {position}" in info.value.text.en and char in info.value.text.en
    assert f"第 {position} 个字符" in info.value.text.zh


def test_digits_without_suffix_are_refused():
    with pytest.raises(CardError, match="needs an s"):
        parse_cards("123")


def test_fifth_copy_is_refused_and_named():
    with pytest.raises(CardError) as info:
        check_copies(parse_cards("贰贰贰贰 貳"))
    assert info.value.code == "too-many-copies" and "贰" in info.value.text.zh


def test_card_number_out_of_range():
    with pytest.raises(CardError):
        Card(11)


def test_ideographic_and_other_spaces_separate_cards():
    # Regression: a Chinese IME's full-width space (U+3000) or a Windows line end stopped the reading.
    assert parse_cards("一二三\u3000贰柒拾\r\n四") == parse_cards("一二三 贰柒拾 四")


def test_an_invisible_character_is_named_by_its_code():
    with pytest.raises(CardError) as info:
        parse_cards("一二\u200b三")
    assert "U+200B" in info.value.text.en and "U+200B" in info.value.text.zh and "character 3" in info.value.text.en


# A card built anew and the deck's own card of its kind, so both the identity shortcut and the plain comparison run.
_ANY_CARD = st.builds(Card, st.integers(1, 10), st.booleans()) | st.sampled_from(ALL_KINDS)


@given(_ANY_CARD, _ANY_CARD)
def test_cards_compare_and_hash_exactly_as_their_number_and_case_do(a, b):
    """Card keeps its rank and hash once (issue 18): every comparison and the hash are those of (number, big)."""
    pa, pb = (a.number, a.big), (b.number, b.big)
    assert (a == b) == (pa == pb) and (a != b) == (pa != pb)
    assert (a < b) == (pa < pb) and (a <= b) == (pa <= pb)
    assert (a > b) == (pa > pb) and (a >= b) == (pa >= pb)
    assert hash(a) == hash(pa)
    assert a.index == ALL_KINDS.index(a)


@given(st.lists(_ANY_CARD, max_size=12))
def test_cards_sort_and_gather_as_their_number_and_case_do(cards):
    """Sorting, sets and dictionaries of cards behave as they do on the (number, big) pairs, iteration order too."""
    pairs = [(c.number, c.big) for c in cards]
    assert [(c.number, c.big) for c in sorted(cards)] == sorted(pairs)
    assert [(c.number, c.big) for c in set(cards)] == list(set(pairs))
    assert [(c.number, c.big) for c in dict.fromkeys(cards)] == list(dict.fromkeys(pairs))


def test_a_card_is_not_equal_to_its_pair_nor_ordered_against_other_things():
    card = Card(3, True)
    assert card != (3, True) and card != 3 and card != "叁"
    with pytest.raises(TypeError):
        _ = card < (3, True)  # type: ignore[operator]
    with pytest.raises(TypeError):
        sorted([card, 3])  # type: ignore[list-item]


@given(st.lists(st.sampled_from(ALL_KINDS), max_size=25), st.sampled_from(["simplified", "traditional", "ascii"]))
def test_parsed_cards_are_the_decks_own(cards, script):
    """parse_cards hands out the one card of each kind (ALL_KINDS), so lists of parsed cards compare by identity."""
    parsed = parse_cards(format_cards(cards, script=script))
    assert all(p is ALL_KINDS[p.index] for p in parsed) and parsed == cards
