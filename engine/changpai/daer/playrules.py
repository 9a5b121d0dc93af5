"""How a whole deal is played: seats, dealing, claims, violations and payments, per tradition.

Hand scoring (hu points per set, what makes a complete hand) lives in ``rules`` and
``analysis``; this module holds the parameters of *play* for the same four rule sets,
keyed by the same names ("luzhou-a" [001], "luzhou-b" [004], "leshan" [003], "wuchuan" [000]).

Every value is a ``Sourced`` (``core.sourced``, the one sourced-value type): the value, the source tag it
comes from, and a bilingual note. Where the sources are silent or disagree (rules digest §7) the value is the engine's
documented default, its note says so, and the source tag names what it was weighed against.
A deal may override any parameter by name (``PlayRules.with_options``), which is how a
record states house rules such as ``pong_compulsory: false``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..core.frozen import replaced
from ..core.sourced import Sourced
from ..core.text import RuleError, Text


def _param_dict(param: Sourced[Any]) -> dict[str, Any]:
    """A parameter as the ``play_rules`` answer gives it: its value (a tuple as a list), source and note."""
    value = param.value
    if isinstance(value, tuple):
        value = list(value)
    return {"value": value, "source": param.source, "zh": param.note.zh, "en": param.note.en}


def _p(value: Any, source: str, zh: str, en: str) -> Sourced[Any]:
    return Sourced(value, source, Text(zh, en))


# Eating (吃) permissions: which exposed cards a seat may eat.
EAT_PREV_DISCARD_OR_TURN = "prev-discard-or-turn"  # 上家's discard or turned card, or one's own turned card
EAT_PREV_DISCARD_ONLY = "prev-discard"  # 上家's discard, or one's own turned card (not the 上家's turned card)
EAT_OWN_TURN_ONLY = "own-turn"  # only one's own turned card (对抠)

# When a held four (龙/滚/活龙) is laid on the table.
FOUR_DEALER_FIRST_OTHERS_AFTER_CLAIM = "after-first-claim"
FOUR_WHEN_YOU_LIKE = "optional"
FOUR_DEALER_FIRST_OTHERS_AFTER_ITS_DISCARD = "after-dealer-discard"  # [000]: others right after the dealer's discard

# Which reading of a winning hand is scored when its cards split two ways with different totals.
DECLARE_BEST_PAY = "best-pay"  # the reading that pays the winner most (the score table may not rise with the points)
DECLARE_MOST_POINTS = "most-points"  # the reading with the most points
CHOICES: dict[str, tuple[str, ...]] = {"declare": (DECLARE_BEST_PAY, DECLARE_MOST_POINTS)}

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
    options: Sourced[Any]  # scheme-specific options, a tuple of (name, value) pairs
    declare: Sourced[Any]  # which reading of a hand read two ways is scored: DECLARE_BEST_PAY or DECLARE_MOST_POINTS
    pong_own_turn: Sourced[Any]  # may one pong / kong a card one turned up oneself

    def with_options(self, overrides: dict[str, Any] | None) -> PlayRules:
        """A copy with some values replaced (house rules); unknown names are refused."""
        if not overrides:
            return self
        known = {f.name for f in fields(self)} - {"name", "title"}
        changes: dict[str, Sourced[Any]] = {}
        scheme = dict(self.options.value)
        for key, value in overrides.items():
            if key in CHOICES and value not in CHOICES[key]:
                raise RuleError(
                    Text(
                        f"选项“{key}”只能是 {'、'.join(CHOICES[key])}，不能是 {value!r}",
                        f"option “{key}” is one of {', '.join(CHOICES[key])}, not {value!r}",
                    ),
                    code="bad-option",
                    where=f"options.{key}",
                )
            if key in known:
                old: Sourced[Any] = getattr(self, key)
                by_record = Text("由牌谱指定", "set by the record")
                changes[key] = Sourced(_coerce(value, old.value, key), "record", by_record)
            elif key in scheme:
                scheme[key] = _coerce(value, scheme[key], key)
            else:
                raise RuleError(
                    Text(f"没有名为“{key}”的规则选项", f"there is no rule option named “{key}”"),
                    code="unknown-option",
                    where=f"options.{key}",
                )
        if scheme != dict(self.options.value):
            changes["options"] = Sourced(tuple(scheme.items()), "record", Text("由牌谱指定", "set by the record"))
        out = replaced(self, changes)
        _check_hand_sizes(out)
        return out

    def option(self, key: str) -> Any:
        return dict(self.options.value)[key]

    def overrides_from(self, base: PlayRules) -> dict[str, Any]:
        """The options that differ from ``base`` (for writing a record back)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name in ("name", "title", "options"):
                continue
            mine, theirs = getattr(self, f.name).value, getattr(base, f.name).value
            if mine != theirs:
                out[f.name] = mine
        base_scheme = dict(base.options.value)
        for key, value in self.options.value:
            if base_scheme.get(key) != value:
                out[key] = value
        return out

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "title": self.title.as_dict(), "params": {}}
        for f in fields(self):
            if f.name in ("name", "title"):
                continue
            out["params"][f.name] = _param_dict(getattr(self, f.name))
        return out


def _check_hand_sizes(play: PlayRules) -> None:
    """Hand sizes a deal can be dealt with: a player holds at least one card, the dealer as many or more
    (one more by tradition, 当底), 小家 at most two (one in each of the first two rounds [003]); four such
    hands must fit in the 80 cards (the fourth seat may be 小家 or the sitter)."""
    player, dealer, xiaojia = play.player_cards.value, play.dealer_cards.value, play.xiaojia_cards.value
    limits = {
        "player_cards": 1 <= player <= 26,
        "dealer_cards": player <= dealer <= 80 - 2 * player,
        "xiaojia_cards": 0 <= xiaojia <= 2,
    }
    for key, fits in limits.items():
        if not fits:
            raise RuleError(
                Text(
                    f"选项“{key}”不能是 {getattr(play, key).value}："
                    "每家至少 1 张，庄家不少于闲家，小家至多 2 张，且要发得出",
                    f"option “{key}” cannot be {getattr(play, key).value}: a player holds at least one card, the "
                    "dealer as many or more, 小家 at most two, and the hands must fit in the deck",
                ),
                code="bad-option",
                where=f"options.{key}",
            )


def _coerce(value: Any, like: Any, key: str) -> Any:
    if isinstance(like, bool):
        ok = isinstance(value, bool)
    elif isinstance(like, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(like, str):
        ok = isinstance(value, str)
    elif isinstance(like, tuple):
        ok = isinstance(value, (list, tuple))
        value = tuple(value) if ok else value
    else:
        ok = True
    if not ok:
        raise RuleError(
            Text(f"选项“{key}”的值 {value!r} 类型不对", f"option “{key}” has a value {value!r} of the wrong type"),
            code="bad-option",
            where=f"options.{key}",
        )
    return value


_SILENT = "engine"

_COMMON = dict(
    pong_own_turn=_p(
        True,
        "[001][003][000]",
        "自己翻出的牌也能碰、招（对、开；兑）",
        "one may pong or kong a card one turned up oneself",
    ),
    declare=_p(
        DECLARE_BEST_PAY,
        "engine",
        "来源没有说一手牌能拆成两种读法（两个胡数）时按哪种算；胡家自然会报给分多的那种"
        "（如 [001] 的分表恰 30 胡得 8 分，31 胡只得 5 分），本站默认如此；也可以改为按胡数最多的读法",
        "the sources do not say which reading counts when a hand splits two ways with different totals; the winner "
        "would announce the one that pays more ([001]'s table pays 8 for exactly 30 hu but 5 for 31), which this "
        "site assumes; the other choice scores the reading with the most points",
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
