"""How a whole deal is played: seats, dealing, claims, violations and payments, per tradition.

Hand scoring (hu points per set, what makes a complete hand) lives in ``rules`` and
``analysis``; this module holds the parameters of *play* for the same four rule sets,
keyed by the same names ("luzhou-a" [001], "luzhou-b" [004], "leshan" [003], "wuchuan" [000]).

Every value is a :class:`Param`: the value, the source tag it comes from, and a bilingual
note. Where the sources are silent or disagree (rules digest §7) the value is the engine's
documented default, its note says so, and the source tag names what it was weighed against.
A deal may override any parameter by name (``PlayRules.with_options``), which is how a
record states house rules such as ``pong_compulsory: false``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ..core.text import RuleError, Text


@dataclass(frozen=True, slots=True)
class Param:
    """One sourced parameter value."""

    value: Any
    source: str
    note: Text

    def as_dict(self) -> dict[str, Any]:
        value = self.value
        if isinstance(value, tuple):
            value = list(value)
        return {"value": value, "source": self.source, "zh": self.note.zh, "en": self.note.en}


def _p(value: Any, source: str, zh: str, en: str) -> Param:
    return Param(value, source, Text(zh, en))


# Eating (吃) permissions: which exposed cards a seat may eat.
EAT_PREV_DISCARD_OR_TURN = "prev-discard-or-turn"  # 上家's discard or turned card, or one's own turned card
EAT_PREV_DISCARD_ONLY = "prev-discard"  # 上家's discard, or one's own turned card (not the 上家's turned card)
EAT_OWN_TURN_ONLY = "own-turn"  # only one's own turned card (对抠)

# When a held four (龙/滚/活龙) is laid on the table.
FOUR_DEALER_FIRST_OTHERS_AFTER_CLAIM = "after-first-claim"
FOUR_WHEN_YOU_LIKE = "optional"

# Which reading of a winning hand is scored when its cards split two ways with different totals.
DECLARE_BEST_PAY = "best-pay"  # the reading that pays the winner most (the score table may not rise with the points)
DECLARE_MOST_POINTS = "most-points"  # the reading with the most points
CHOICES: dict[str, tuple[str, ...]] = {"declare": (DECLARE_BEST_PAY, DECLARE_MOST_POINTS)}

# What a violation (包牌) costs.
PENALTY_BARRED = "barred"  # the violator may not win this deal; no payment is stated
PENALTY_PAY_EACH = "pay-each"  # the violator pays every other player a fixed amount


@dataclass(frozen=True, slots=True)
class PlayRules:
    """Parameters of play for one tradition. Field docs are in each Param's note."""

    name: str
    title: Text
    players: Param  # allowed player counts at the table
    sitter_with_four: Param  # with 4 at the table, one sits out and counts the stock
    xiaojia_with_four: Param  # with 4 at the table, the last seat is 小家 (Leshan)
    dealer_cards: Param
    player_cards: Param
    xiaojia_cards: Param
    deal_by: Param  # cards dealt per hand-out
    show_last_stock_card: Param
    red_last_card_moves_front: Param
    cut_for_dealer: Param  # 叨牌
    cut_card_out_of_play: Param
    pong_compulsory: Param
    kong_compulsory: Param
    eat_from: Param
    eat_from_two_players: Param
    bi_required: Param  # 比 / 摆 / 妥
    bi_exempt_mixed: Param
    passed_eat_barred: Param  # 过张 / 吃过张
    passed_pong_barred: Param  # 后对牌, [004] "不能再吃、碰"
    eat_own_discard_barred: Param  # [000] "自己打出去的牌又吃回来"
    win_on_own_discard_barred: Param  # 和回龙 [003]
    passed_win_barred: Param  # 现张不和 [003]
    declined_claim_bars_win: Param  # 有开不开, 后对和牌 [003]
    eat_then_discard_barred: Param  # 吃字屙字 [003]
    heaven_earth_no_minimum: Param  # 天胡/地胡 need no 10 hu [000]
    penalty_paid_to: Param  # "players" (everyone at play) or "all" (also the stock counter)
    instant_win_on_deal: Param  # 3 龙 or 5 坎 in the dealt hand wins at once (by agreement)
    four_timing: Param
    eight_blocks: Param  # 八块: from the 2nd four-card set on, no discard
    min_hu: Param
    penalty: Param
    penalty_amount: Param
    penalty_ends_deal: Param
    xiaojia_needs_points: Param
    settlement: Param  # which payment scheme (see settlement.py)
    options: Param  # scheme-specific options, a tuple of (name, value) pairs
    declare: Param  # which reading of a hand that reads two ways is scored: DECLARE_BEST_PAY or DECLARE_MOST_POINTS

    def with_options(self, overrides: dict[str, Any] | None) -> PlayRules:
        """A copy with some values replaced (house rules); unknown names are refused."""
        if not overrides:
            return self
        known = {f.name for f in fields(self)} - {"name", "title"}
        changes: dict[str, Param] = {}
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
                old: Param = getattr(self, key)
                changes[key] = Param(_coerce(value, old.value, key), "record", Text("由牌谱指定", "set by the record"))
            elif key in scheme:
                scheme[key] = _coerce(value, scheme[key], key)
            else:
                raise RuleError(
                    Text(f"没有名为“{key}”的规则选项", f"there is no rule option named “{key}”"),
                    code="unknown-option",
                    where=f"options.{key}",
                )
        if scheme != dict(self.options.value):
            changes["options"] = Param(tuple(scheme.items()), "record", Text("由牌谱指定", "set by the record"))
        return replace(self, **changes)

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
            out["params"][f.name] = getattr(self, f.name).as_dict()
        return out


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
    declare=_p(
        DECLARE_BEST_PAY,
        "engine",
        "来源没有说一手牌能拆成两种读法（两个胡数）时按哪种算；胡家自然会报给分多的那种"
        "（如 [001] 的分表恰 30 胡得 8 分，31 胡只得 5 分），引擎默认如此；选 most-points 则按胡数最多的读法",
        "the sources do not say which reading counts when a hand splits two ways with different totals; the winner "
        "would announce the one that pays more ([001]'s table pays 8 for exactly 30 hu but 5 for 31), which is the "
        "engine's default; most-points scores the reading with the most points",
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

_LUZHOU_COMMON = dict(
    players=_p(
        (3, 4),
        "[001][004]",
        "四人同桌，一人坐底；三人时无坐底（引擎选项）",
        "four at the table, one sits out; three without a sitter is an engine option",
    ),
    sitter_with_four=_p(
        True,
        "[001][004]",
        "庄家对家坐底、数底牌、分得胜方的钱",
        "the dealer's opposite sits out, counts the stock and shares the winnings",
    ),
    xiaojia_with_four=_p(False, "[001]", "泸州没有小家", "Luzhou has no 小家"),
    deal_by=_p(1, "[001]", "从庄家起一人一张轮流摸牌", "one card at a time, dealer first"),
    show_last_stock_card=_p(True, "[001][004]", "底牌最后一张翻起示众", "the last stock card is turned face up"),
    cut_for_dealer=_p(
        False, "[001]", "第一盘庄家事先商定，之后胡者坐庄", "the first dealer is agreed; then the winner deals"
    ),
    cut_card_out_of_play=_p(False, "[001]", "不叨牌", "no cut card"),
    eat_from_two_players=_p(
        EAT_OWN_TURN_ONLY,
        _SILENT,
        "泸州两人玩法来源未载，沿用乐山对抠",
        "two-player Luzhou is not in the sources; follows Leshan's 对抠",
    ),
    bi_required=_p(
        True, "[001][004]", "吃的牌手中还有时必须比出", "a held copy of the eaten card must be laid out (比)"
    ),
    eat_own_discard_barred=_p(
        False, "[001]", "泸州未禁止吃回自己打过的牌", "Luzhou does not forbid eating a card one discarded"
    ),
    win_on_own_discard_barred=_p(
        False, "[001]", "泸州未禁止胡自己打过的牌", "Luzhou does not forbid winning on a card one discarded"
    ),
    passed_win_barred=_p(False, "[001]", "过张可以胡", "a passed card may still be won on"),
    four_timing=_p(
        FOUR_DEALER_FIRST_OTHERS_AFTER_CLAIM,
        "[001][004]",
        "庄家在出第一张牌前亮龙，其余两家进第一张牌之后亮",
        "the dealer lays out a held four before the first discard, the others after their first claim",
    ),
    penalty=_p(
        PENALTY_BARRED,
        "[001]",
        "来源只说胡牌须“自己没有违规”，未载罚分：违规者本盘不能胡",
        "the source only says a win needs no violation and gives no fine: the violator may not win this deal",
    ),
    penalty_amount=_p(0, "[001]", "无罚分", "no fine"),
    penalty_ends_deal=_p(False, "[001]", "违规后继续打", "play continues after a violation"),
    xiaojia_needs_points=_p(False, "[001]", "无小家", "no 小家"),
)

PLAY_RULES: dict[str, PlayRules] = {
    "luzhou-a": PlayRules(
        name="luzhou-a",
        title=Text("泸州大贰（规则 A，[001]）", "Luzhou Da Er (rule set A, [001])"),
        red_last_card_moves_front=_p(False, "[001]", "翻起的底牌留在原处", "the shown stock card stays where it is"),
        pong_compulsory=_p(True, "[001]", "有对必须碰（[004] 作“可以”）", "a pong is compulsory ([004] says “may”)"),
        kong_compulsory=_p(True, "[001]", "有坎必须招（[004] 作“可以”）", "a kong is compulsory ([004] says “may”)"),
        eat_from=_p(
            EAT_PREV_DISCARD_OR_TURN,
            "[001]",
            "可吃上家打出或翻出的牌及自己翻出的牌（[004] 不含上家翻出的）",
            "one may eat the 上家's discard or turned card, or one's own turned card "
            "([004] leaves out the 上家's turned card)",
        ),
        bi_exempt_mixed=_p(
            False,
            "[001]",
            "[001] 未说大大小吃法免比（[004] 免比）",
            "[001] does not exempt the mixed form from 比 ([004] does)",
        ),
        passed_eat_barred=_p(True, "[001]", "过张不能吃", "a passed card may not be eaten"),
        passed_pong_barred=_p(False, "[001]", "碰是强制的，过张只禁吃", "pong is compulsory; 过张 bars only eating"),
        settlement=_p(
            "luzhou-a",
            "[001]",
            "按胡数查分表，坐底分账，放炮兜底，自摸加翻，名堂加翻",
            "score table by hu points, shared with the sitter; 放炮兜底, 自摸加翻, 名堂 doublings",
        ),
        options=_p(
            (("cap", 0), ("extrapolate_above_49", True), ("allow_no_hu_win", False), ("fan_each_kong_and_four", True)),
            "[001]",
            "cap：封顶（0 为不封顶，事先约定）；extrapolate_above_49：来源分表止于 49 胡，引擎按每十胡加一分外推；"
            "allow_no_hu_win：无胡计 6 分与 10 胡起胡矛盾，默认不允许",
            "cap: agreed ceiling (0 = none); extrapolate_above_49: the table stops at 49 hu, the engine extends it one "
            "point per ten; allow_no_hu_win: 无胡 (6) contradicts the 10-point minimum, off by default",
        ),
        **{k: v for k, v in _COMMON.items() if k != "kong_compulsory"},
        **_LUZHOU_COMMON,
    ),
    "luzhou-b": PlayRules(
        name="luzhou-b",
        title=Text("泸州大贰（规则 B，[004]）", "Luzhou Da Er (rule set B, [004])"),
        red_last_card_moves_front=_p(
            True,
            "[004]",
            "翻起的底牌若是红牌，移到数完底牌后剩余牌的最前面",
            "a red shown stock card moves to the front of the rest",
        ),
        pong_compulsory=_p(False, "[004]", "可以碰（[001] 作“必须”）", "a pong is optional ([001] says compulsory)"),
        eat_from=_p(
            EAT_PREV_DISCARD_ONLY,
            "[004]",
            "吃上家打出的或自己翻出的牌",
            "one eats the 上家's discard or one's own turned card",
        ),
        bi_exempt_mixed=_p(True, "[004]", "用大大小、小小大吃牌时不用比", "eating by the mixed 2+1 form needs no 比"),
        passed_eat_barred=_p(True, "[004]", "过张后不能再吃", "after passing a card one may not eat it"),
        passed_pong_barred=_p(True, "[004]", "过张后也不能再碰", "after passing a card one may not pong it either"),
        settlement=_p(
            "luzhou-b",
            "[004]",
            "计等：每等 1 分，最少 2 分，输家另给底家 1 分，有番加倍",
            "grades: 1 point each, at least 2, each loser adds 1 for the sitter, doublings multiply",
        ),
        options=_p(
            (("fan_combine", "add"),),
            "[004]",
            "fan_combine：[004] 未说名堂番数相加还是相乘，默认相加（名堂表与普通/高级玩法见 rules 的 b_mode）",
            "fan_combine: [004] does not say whether 名堂 番 add or multiply; default add (the table itself is "
            "rules option b_mode)",
        ),
        **_COMMON,
        **_LUZHOU_COMMON,
    ),
    "leshan": PlayRules(
        name="leshan",
        title=Text("乐山贰柒拾（[003]）", "Leshan Er Qi Shi ([003])"),
        players=_p(
            (2, 3, 4), "[003]", "三人或四人（一家做小家），两人对抠", "three, or four with a 小家, or two (对抠)"
        ),
        sitter_with_four=_p(False, "[003]", "乐山四人时不坐底，而有小家", "with four, nobody sits out: one is 小家"),
        xiaojia_with_four=_p(True, "[003]", "四人打时尾家做小家", "with four, the last seat is 小家"),
        deal_by=_p(
            2,
            "[003]",
            "一次拿两张（一手），庄家先拿，逆时针",
            "two cards at a time (一手), dealer first, counter-clockwise",
        ),
        show_last_stock_card=_p(False, "[003]", "[003] 未说亮底牌", "[003] does not show a stock card"),
        red_last_card_moves_front=_p(False, "[003]", "不亮底牌", "no shown card"),
        cut_for_dealer=_p(
            True,
            "[003]",
            "洗牌者的上家叨牌，按数字从叨牌者数起定庄",
            "the shuffler's 上家 cuts; the card's number, counted from the cutter, picks the dealer",
        ),
        cut_card_out_of_play=_p(
            True, "[003]", "叨到的牌本局不用（也有放回的打法）", "the cut card is out of play (some places put it back)"
        ),
        pong_compulsory=_p(False, "[003]", "对可宣告，不强制", "a pong (对) is optional"),
        eat_from=_p(
            EAT_PREV_DISCARD_OR_TURN,
            "[003]",
            "可吃上家打出、翻出及自己翻出的牌",
            "one may eat the 上家's discard or turned card, or one's own turned card",
        ),
        eat_from_two_players=_p(
            EAT_OWN_TURN_ONLY, "[003]", "对抠只能吃自己翻出的牌", "in 对抠 one may eat only one's own turned card"
        ),
        bi_required=_p(
            True,
            "[003]",
            "摆：吃手中已有的牌时须把那张另组一房摆下，摆不下来不准吃",
            "摆: a held copy must be laid out in another set, or the eat is refused",
        ),
        bi_exempt_mixed=_p(False, "[003]", "[003] 无此例外", "[003] has no such exception"),
        passed_eat_barred=_p(True, "[003]", "吃过张是违规", "eating a passed card is a violation"),
        passed_pong_barred=_p(True, "[003]", "后对牌是违规", "ponging a passed card is a violation"),
        eat_own_discard_barred=_p(False, "[003]", "[003] 未载", "not in [003]"),
        win_on_own_discard_barred=_p(
            True, "[003]", "和回龙：胡自己打出过的牌是违规", "和回龙: winning on a card one discarded is a violation"
        ),
        passed_win_barred=_p(
            True, "[003]", "现张不和，须进张后才能和", "a passed win may be taken only after a new claim"
        ),
        declined_claim_bars_win=_p(
            True,
            "[003]",
            "有开不开、后对和牌：放过开或对之后再报和是违规",
            "有开不开, 后对和牌: winning after declining a kong or a pong is a violation",
        ),
        eat_then_discard_barred=_p(
            True,
            "[003]",
            "吃字屙字：用两张牌吃进后，不能打出原本能和这两张成房的牌",
            "吃字屙字: after eating with two cards, one may not discard a card that made a set with them",
        ),
        four_timing=_p(
            FOUR_WHEN_YOU_LIKE,
            "[003]",
            "[003] 未说原手滚子何时摆出；摆出才计八块",
            "[003] does not say when a held 滚 is shown; shown ones count for 八块",
        ),
        penalty=_p(PENALTY_PAY_EACH, "[003]", "包牌：赔参与牌局的每家 20 和", "包牌: pay every player 20 和"),
        penalty_amount=_p(20, "[003]", "每家 20 和", "20 和 to each player"),
        penalty_ends_deal=_p(
            False, "[003]", "包后继续（诈和除外）", "play continues after 包牌, except after a false win"
        ),
        xiaojia_needs_points=_p(True, "[003]", "小家须有和数才能和", "小家 needs points to win"),
        settlement=_p(
            "leshan",
            "[003]",
            "和数分级、番，抬炮者付 总和数 × 人数",
            "graded totals and doublings; the discarder pays total × players",
        ),
        options=_p(
            (
                ("full_hundred", False),
                ("turned_win_payer", "each"),
                ("tianhe_fan", 1),
                ("xiaojia_self_draw_double", False),
            ),
            "[003]",
            "full_hundred：满百（部分地方）；turned_win_payer：翻牌被胡时谁付未载，默认其余每家各付总和数；"
            "tianhe_fan：天和加一番（眉山、仁寿加两番）；xiaojia_self_draw_double：眉山小家自摸加倍。"
            "分级（31、吃漂）与坤和的桩子见 rules 的选项",
            "full_hundred: cap at 100 (some places); turned_win_payer: not given, default each other player pays the "
            "total; tianhe_fan: 1 (Meishan/Renshou 2); xiaojia_self_draw_double: Meishan doubles 小家's self-drawn "
            "win. Grading (31, 吃漂) and the pair in 坤和 are rules options",
        ),
        **{k: v for k, v in _COMMON.items() if k not in ("declined_claim_bars_win", "eat_then_discard_barred")},
    ),
    "wuchuan": PlayRules(
        name="wuchuan",
        title=Text("务川大贰·字牌（[000]）", "Wuchuan Da Er, 字牌 ([000])"),
        players=_p(
            (3, 4),
            "[000]",
            "四人对局，庄家对家数底；也有三人对局",
            "four, the dealer's opposite counts the stock; a three-player form exists",
        ),
        sitter_with_four=_p(True, "[000]", "庄家的对家专门数底牌", "the dealer's opposite counts the stock"),
        xiaojia_with_four=_p(False, "[000]", "无小家", "no 小家"),
        deal_by=_p(
            1, _SILENT, "[000] 未说怎样发牌，按一次一张", "[000] does not say how cards are dealt; one at a time"
        ),
        show_last_stock_card=_p(False, "[000]", "[000] 未说亮底牌", "[000] shows no stock card"),
        red_last_card_moves_front=_p(False, "[000]", "不亮底牌", "no shown card"),
        cut_for_dealer=_p(False, "[000]", "[000] 未载定庄", "[000] gives no dealer selection"),
        cut_card_out_of_play=_p(False, "[000]", "不叨牌", "no cut card"),
        pong_compulsory=_p(True, "[000]", "有两张相同必须兑", "with a pair in hand one must pong (兑)"),
        eat_from=_p(
            EAT_PREV_DISCARD_OR_TURN,
            "[000]",
            "下家吃上家的牌；翻出的牌先由翻牌者决定吃不吃，不要再让下家吃",
            "the next player eats; a turned card is first the turner's to eat, then the next player's",
        ),
        eat_from_two_players=_p(EAT_OWN_TURN_ONLY, _SILENT, "来源无两人玩法", "no two-player form in the source"),
        bi_required=_p(True, "[000]", "妥：手上有相同的牌须摆出放下面", "妥: a held copy must be laid out beneath"),
        bi_exempt_mixed=_p(False, "[000]", "[000] 无此例外", "[000] has no such exception"),
        passed_eat_barred=_p(
            True, "[000]", "头张不吃而吃第二张作包牌", "eating the second copy after passing the first is 包牌"
        ),
        passed_pong_barred=_p(False, "[000]", "兑是强制的", "pong is compulsory"),
        eat_own_discard_barred=_p(
            True, "[000]", "自己打出去的牌又吃回来作包牌", "eating back a card one discarded is 包牌"
        ),
        win_on_own_discard_barred=_p(False, "[000]", "[000] 未载", "not in [000]"),
        passed_win_barred=_p(False, "[000]", "[000] 未载", "not in [000]"),
        four_timing=_p(
            FOUR_DEALER_FIRST_OTHERS_AFTER_CLAIM,
            "[000]",
            "庄家先亮龙后出牌，闲家随后亮龙（引擎：在其第一次进张时）",
            "the dealer shows before discarding, others after (engine: at their first claim)",
        ),
        kong_compulsory=_p(
            True, "[000]", "坎上出现第四张必须开招", "the fourth card onto a held 坎 must be claimed (开招)"
        ),
        penalty=_p(PENALTY_PAY_EACH, "[000]", "包牌者负三家", "the violator pays all three"),
        penalty_amount=_p(
            4,
            _SILENT,
            "[000] 未说包牌赔多少，默认赔每家一个大胡（4）",
            "[000] gives no amount; default a 大胡 payment (4) to each",
        ),
        penalty_ends_deal=_p(
            True,
            _SILENT,
            "[000] 未说包牌后是否续打，默认结束本盘",
            "[000] does not say whether play continues; default the deal ends",
        ),
        xiaojia_needs_points=_p(False, "[000]", "无小家", "no 小家"),
        settlement=_p(
            "wuchuan",
            "[000]",
            "按大胡、中胡、小胡分级，胜者付数底费",
            "win classes 大/中/小胡; the winner pays the counting fee",
        ),
        options=_p(
            (("small_win", 1), ("middle_win", 2), ("big_win", 4), ("counting_fee", 1)),
            _SILENT,
            "[000] 只给出胡的大小分级，未给赔付：默认小胡 1、中胡 2、大胡 4（每家），数底费 1",
            "[000] gives the win classes but no payouts: default small 1, middle 2, big 4 from each loser, "
            "counting fee 1",
        ),
        heaven_earth_no_minimum=_p(
            True, "[000]", "天胡、地胡不受十胡限制", "heavenly and earthly wins need no 10-point minimum"
        ),
        penalty_paid_to=_p(
            "all", "[000]", "包牌者负三家（含数底的）", "the violator pays all three others (the stock counter too)"
        ),
        **{
            k: v
            for k, v in _COMMON.items()
            if k not in ("kong_compulsory", "declined_claim_bars_win", "heaven_earth_no_minimum", "penalty_paid_to")
        },
        declined_claim_bars_win=_p(False, "[000]", "[000] 未载", "not in [000]"),
    ),
}


def get_play_rules(name: str) -> PlayRules:
    try:
        return PLAY_RULES[name]
    except KeyError:
        raise RuleError(
            Text(f"没有名为“{name}”的规则", f"there is no rule set named “{name}” (known: {', '.join(PLAY_RULES)})"),
            code="unknown-rules",
            where="rules",
        ) from None
