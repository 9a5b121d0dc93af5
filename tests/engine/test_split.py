"""daer/split.py: the deal's yes/no split search agrees with the hand analysis on complete hands."""

from changpai.daer.analysis import analyse
from changpai.daer.split import can_join, card_counts, fits
from changpai.decks.numerals import parse_cards

WINNING = "二七十 贰柒拾 壹贰叁 肆伍陆 七八九 五五五 六六六"  # seven three-card sets, no four: no pair needed


def test_a_complete_hand_fits_and_one_card_short_does_not():
    counts = card_counts(parse_cards(WINNING))
    assert analyse(WINNING, [], "leshan").win
    assert fits(tuple(counts), 7, True, -1)
    short = card_counts(parse_cards(WINNING)[:-1])
    assert not fits(tuple(short), 7, False, -1)


def test_a_card_joins_a_set_with_two_loose_cards_only():
    hand = card_counts(parse_cards("四五 九九九"))
    assert can_join(hand, parse_cards("六")[0].index)  # 四五六
    assert not can_join(hand, parse_cards("拾")[0].index)
