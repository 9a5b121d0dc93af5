"""Helpers for hand-built deals in Engine II's tests (not a test module itself)."""

from __future__ import annotations

from changpai.daer.actions import Action, ActionType
from changpai.daer.deal import CLAIM, Deal, resolve_rules
from changpai.daer.dealing import complete_hands, make_table
from changpai.decks.numerals import parse_cards


def build(rules: str, players: int, hands: dict[int, str], stock: str = "", *, dealer: int = 0, options=None) -> Deal:
    """A deal whose given seats hold ``hands`` (the rest filled in) and whose stock starts with ``stock``."""
    rule_set, play = resolve_rules(rules, options)
    table = make_table(play, players, dealer)
    front = parse_cards(stock)
    full, rest = complete_hands(play, table, {s: parse_cards(h) for s, h in hands.items()}, front)
    if play.red_last_card_moves_front.value and rule_set.is_red(rest[-1]):
        # keep the written stock order: put a black card at the bottom ([004] moves a red one to the front)
        for i in range(len(rest) - 2, len(front) - 1, -1):
            if not rule_set.is_red(rest[i]):
                rest[i], rest[-1] = rest[-1], rest[i]
                break
    return Deal.new(rules, players, dealer=dealer, options=options, hands=full, stock=rest)


def pass_all(deal: Deal) -> None:
    """Every seat still deciding in the claim window passes."""
    while deal.phase == CLAIM:
        deal.play(Action(ActionType.PASS, deal.to_move()[0]))
