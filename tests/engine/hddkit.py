"""Helpers of the 红点点 tests: deals built from given cards (changpai.hongdiandian.deal)."""

from __future__ import annotations

from collections import Counter

from changpai.decks.numerals import DECK, Card, parse_cards
from changpai.hongdiandian.deal import HddDeal
from changpai.hongdiandian.rules import SICHENG


def build(partial: list[str], stock_front: str = "", stock_back: str = "", rules: str = SICHENG) -> HddDeal:
    """A deal (seat 0 deals) whose hands start with the given cards; the rest of the deck is dealt round the
    seats that need more, one card at a time, and what is left lies between the stock's front and back."""
    hands = [parse_cards(h) for h in partial]
    front, back = parse_cards(stock_front), parse_cards(stock_back)
    rest = Counter(DECK)
    rest.subtract(x for h in hands for x in h)
    rest.subtract(front + back)
    pool = sorted(rest.elements())
    sizes = [16, 15, 15, 15]
    seat = 0
    while any(len(h) < n for h, n in zip(hands, sizes, strict=True)):
        if len(hands[seat]) < sizes[seat]:
            hands[seat].append(pool.pop(0))
        seat = (seat + 1) % 4
    return HddDeal.new(rules, hands=hands, stock=front + pool + back)


def c(text: str) -> Card:
    return Card.parse(text)


# Seat 0 deals and will discard 一; seat 1 holds its twin, plus 九 and 拾; the other 一 and 拾 are in the stock
# (one 拾 to be turned first, the rest at the back), so nobody else can 兑 or eat them.
HANDS = ["一", "一九拾", "", ""]


def jue_deal() -> HddDeal:
    return build(HANDS, stock_front="拾", stock_back="一一拾拾")
