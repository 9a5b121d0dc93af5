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
