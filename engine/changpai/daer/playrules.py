"""How a whole deal is played: seats, dealing, claims, violations and payments, per tradition.

Hand scoring (hu points per set, what makes a complete hand) lives in ``rules`` and
``analysis``; this module holds the parameters of *play* for the same four rule sets,
keyed by the same names ("luzhou-a" [001], "luzhou-b" [004], "leshan" [003], "wuchuan" [000]).

Every value is a ``Sourced`` (``core.sourced``, the one sourced-value type): the value, the source tag it
comes from, and a bilingual note. Where the sources are silent or disagree (rules digest §7) the value is the engine's
documented default, its note says so, and the source tag names what it was weighed against.
A tradition's options of play (``options.OptionSet``, declared in its module) give some of these their
defaults, and a record may change those (``options.apply``), as in ``pong_compulsory: false``; the tradition's
own options (a payment scheme's ``cap``, ``tianhe_fan`` …) are kept by name in ``settings``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from ..core.sourced import Sourced, sourced
from ..core.text import Text
from .options import IN_PLAY, OptionSet, no_settings


def _param_dict(param: Sourced[Any]) -> dict[str, Any]:
    """A parameter as the ``play_rules`` answer gives it: its value (a tuple as a list), source and note."""
    value = param.value
    if isinstance(value, tuple):
        value = list(value)
    return {"value": value, "source": param.source, "zh": param.note.zh, "en": param.note.en}


# The tables below cite a source for every value; their values are of many types.
_p: Callable[[Any, str, str, str], Sourced[Any]] = sourced


# Eating (吃) permissions: which exposed cards a seat may eat.
EAT_PREV_DISCARD_OR_TURN = "prev-discard-or-turn"  # 上家's discard or turned card, or one's own turned card
EAT_PREV_DISCARD_ONLY = "prev-discard"  # 上家's discard, or one's own turned card (not the 上家's turned card)
EAT_OWN_TURN_ONLY = "own-turn"  # only one's own turned card (对抠)
EAT_PREV_NOT_OWN_TURN = "prev-not-own-turn"  # 上家's discard or turned card, never one's own turned card (打八张)

# When a held four (龙/滚/活龙) is laid on the table.
FOUR_DEALER_FIRST_OTHERS_AFTER_CLAIM = "after-first-claim"
FOUR_WHEN_YOU_LIKE = "optional"
FOUR_DEALER_FIRST_OTHERS_AFTER_ITS_DISCARD = "after-dealer-discard"  # [000]: others right after the dealer's discard

# Which reading of a winning hand is scored when its cards split two ways with different totals.
DECLARE_BEST_PAY = "best-pay"  # the reading that pays the winner most (the score table may not rise with the points)
DECLARE_MOST_POINTS = "most-points"  # the reading with the most points

# What a violation (包牌) costs.
PENALTY_BARRED = "barred"  # the violator may not win this deal; no payment is stated
PENALTY_PAY_EACH = "pay-each"  # the violator pays every other player a fixed amount


@dataclass(frozen=True, slots=True)
class PlayRules:
    """Parameters of play for one tradition. Field docs are in each parameter's note."""

    name: str
    title: Text
    players: Sourced[Any]  # allowed player counts at the table
    sitter_with_four: Sourced[Any]  # with 4 at the table, one sits out and counts the stock
    xiaojia_with_four: Sourced[Any]  # with 4 at the table, the last seat is 小家 (Leshan)
    dealer_cards: Sourced[Any]
    player_cards: Sourced[Any]
    xiaojia_cards: Sourced[Any]
    deal_by: Sourced[Any]  # cards dealt per hand-out
    show_last_stock_card: Sourced[Any]
    red_last_card_moves_front: Sourced[Any]
    cut_for_dealer: Sourced[Any]  # 叨牌
    cut_card_out_of_play: Sourced[Any]
    pong_compulsory: Sourced[Any]
    kong_compulsory: Sourced[Any]
    eat_from: Sourced[Any]
    eat_from_two_players: Sourced[Any]
    bi_required: Sourced[Any]  # 比 / 摆 / 妥
    bi_exempt_mixed: Sourced[Any]
    passed_eat_barred: Sourced[Any]  # 过张 / 吃过张
    passed_pong_barred: Sourced[Any]  # 后对牌, [004] "不能再吃、碰"
    eat_own_discard_barred: Sourced[Any]  # [000] "自己打出去的牌又吃回来"
    win_on_own_discard_barred: Sourced[Any]  # 和回龙 [003]
    passed_win_barred: Sourced[Any]  # 现张不和 [003]
    declined_claim_bars_win: Sourced[Any]  # 有开不开, 后对和牌 [003]
    eat_then_discard_barred: Sourced[Any]  # 吃字屙字 [003]
    heaven_earth_no_minimum: Sourced[Any]  # 天胡/地胡 need no 10 hu [000]
    penalty_paid_to: Sourced[Any]  # "players" (everyone at play) or "all" (also the stock counter)
    instant_win_on_deal: Sourced[Any]  # 3 龙 or 5 坎 in the dealt hand wins at once (by agreement)
    four_timing: Sourced[Any]
    eight_blocks: Sourced[Any]  # 八块: from the 2nd four-card set on, no discard
    min_hu: Sourced[Any]
    penalty: Sourced[Any]
    penalty_amount: Sourced[Any]
    penalty_ends_deal: Sourced[Any]
    xiaojia_needs_points: Sourced[Any]
    settlement: Sourced[Any]  # which payment scheme (see settlement.py)
    declare: Sourced[Any]  # which reading of a hand read two ways is scored: DECLARE_BEST_PAY or DECLARE_MOST_POINTS
    pong_own_turn: Sourced[Any]  # may one pong / kong a card one turned up oneself
    # everyone draws face down, as 小家 does, and may take the card into a held 坎 / 活龙 unseen (偷坎, 偷活龙)
    # or show it (Wuchuan 一百 [000])
    private_draw: Sourced[Any]
    # whose 兑 the fourth copy, turned up from the stock, goes onto as a four (机牌): None (nobody's), "own" (the
    # turner's own), "any" (whoever holds that 兑) — Wuchuan 一百 [000]
    ji_onto_pong: Sourced[Any]

    settings: Mapping[str, Sourced[Any]] = field(
        default_factory=no_settings
    )  # the tradition's own play options, by name

    def default_players(self) -> int:
        """The table dealt when none is named: four where four may sit, else the most that may."""
        counts = self.players.value
        return 4 if 4 in counts else int(max(counts))

    def option(self, key: str) -> Any:
        """The value of the tradition's own play option ``key`` (``cap``, ``tianhe_fan`` …)."""
        return self.settings[key].value

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "title": self.title.as_dict(), "params": {}}
        for f in fields(self):
            if f.name not in ("name", "title", "settings"):
                out["params"][f.name] = _param_dict(getattr(self, f.name))
        for key, param in self.settings.items():
            out["params"][key] = _param_dict(param)
        return out


def make_play_rules(name: str, title: Text, options: OptionSet, **params: Sourced[Any]) -> PlayRules:
    """A tradition's play rules: the family's common values (``_COMMON``), then ``params``, then the defaults of
    its play options (a parameter that is also an option is refused: its default is the option's)."""
    by_option, settings = options.defaults(IN_PLAY, PlayRules)
    clash = set(params) & (set(by_option) | set(settings))
    if clash:
        raise ValueError(f"{name}: {sorted(clash)} are options; their defaults are declared with the option")
    return PlayRules(name=name, title=title, settings=settings, **{**_COMMON, **params, **by_option})


_SILENT = "engine"

_COMMON = dict(
    private_draw=_p(False, "[001][003][004][000]", "翻出的牌当众翻开", "a stock card is turned face up for all"),
    ji_onto_pong=_p(None, "[001][003][004][000]", "第四张不能加到碰上", "no fourth card goes onto a pong"),
    pong_own_turn=_p(
        True,
        "[001][003][000]",
        "自己翻出的牌也能碰、招（对、开；兑）",
        "one may pong or kong a card one turned up oneself",
    ),
    dealer_cards=_p(21, "[001][003][004][000]", "庄家（头家）拿 21 张", "the dealer takes 21 cards"),
    player_cards=_p(20, "[001][003][004][000]", "其余各家拿 20 张", "every other player takes 20"),
    xiaojia_cards=_p(
        2, "[003]", "小家只在头两手各拿一张，共 2 张", "小家 takes one card in each of the first two rounds: 2"
    ),
    eight_blocks=_p(
        True,
        "[001][003][004][000]",
        "第二个及以后的四张组（招/开/龙/滚）成形时不出牌，由下家翻牌（八块、十二块……）",
        "from the second four-card set on, the player does not discard; the next player turns a card (八块, 十二块 …)",
    ),
    min_hu=_p(10, "[001][003][004][000]", "胡牌至少 10 胡", "a win needs at least 10 hu points"),
    kong_compulsory=_p(False, "[003][004]", "开/招可以不开", "a kong (招/开) may be declined"),
    declined_claim_bars_win=_p(False, "[001][004][000]", "来源未载", "not in the source"),
    eat_then_discard_barred=_p(False, "[001][004][000]", "来源未载", "not in the source"),
    heaven_earth_no_minimum=_p(
        False, "[001][003][004]", "天胡、地胡也要够 10 胡", "heavenly and earthly wins need 10 points too"
    ),
    penalty_paid_to=_p("players", "[003]", "包牌赔给参与牌局的每家", "包牌 is paid to every player at play"),
    instant_win_on_deal=_p(
        False,
        "[001][004]",
        "原手三龙或五坎可直接胡，须事先约定（[001]）或属“特殊情况”（[004]）：默认不用",
        "three held fours or five held triples win at once only by prior agreement ([001]) or "
        "“in special cases” ([004]): off by default",
    ),
)
