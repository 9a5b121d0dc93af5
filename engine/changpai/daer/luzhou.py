"""Luzhou Da Er 泸州大贰, in the two readings of the sources: the rule sheet [001] (``luzhou-a``) and the
encyclopedia entry [004] (``luzhou-b``).

Everything the engine does differently for Luzhou is here: the words, the 名堂 tables and [004]'s grades
(their data in ``luzhou_patterns``), how a held four (龙 / 壠) is shown, the hand's point table and the
parameters of play; its options, with each source's default, are in ``luzhou_options`` and its payments in
``luzhou_payments`` (this module would pass 500 lines with them).
The shared machinery (``rules``, ``analysis``, ``deal``, ``settlement``) calls these through ``Variant``.

>>> LUZHOU_A.points_of(SetKind.KAN, (Card(2), Card(2), Card(2)))
9
>>> [luzhou_a_row(p) for p in (10, 30)]
[(5, 3, 2), (8, 6, 2)]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..core.match import Reseat, WinnerDeals
from ..core.sourced import Sourced
from ..core.table import seat_name
from ..core.text import Text
from ..decks.numerals import Card
from .actions import action_words, native_words
from .legality import Baopai
from .luzhou_options import OPTIONS_A, OPTIONS_B
from .luzhou_patterns import LUZHOU_A_PATTERNS, LUZHOU_B_ADVANCED, LUZHOU_B_ORDINARY, LUZHOU_B_PLAIN, plain_win_value
from .luzhou_patterns import luzhou_b_grade as luzhou_b_grade  # the [004] grades, imported from here by the build
from .luzhou_payments import _luzhou_a, _luzhou_b, _payment_table_a
from .luzhou_payments import luzhou_a_row as luzhou_a_row  # [001]'s score table, imported from here by the tests
from .options import ON_HAND
from .patterns import Grade, PatternDef
from .playrules import (
    _SILENT,
    EAT_OWN_TURN_ONLY,
    FOUR_DEALER_FIRST_OTHERS_AFTER_CLAIM,
    PENALTY_BARRED,
    _p,
    make_play_rules,
)
from .rules import SPECIAL_SETS, RuleSet, Variant, _frozen, _names, _row, _s
from .sets import SetKind

if TYPE_CHECKING:
    from .playrules import PlayRules

# ---------------------------------------------------------------- words

TRADITION = Text("泸州大贰", "Luzhou Da Er")  # both rule sets' tradition ([001] rule sheet, [004] encyclopedia)
WORDS_A = action_words("胡", "比", "叫牌", "放炮", "[001]")
WORDS_B = action_words("胡", "比", "叫牌", "放炮", "[004]", silent="discarder")


# ---------------------------------------------------------------- 名堂 and grades (the tables: luzhou_patterns.py)


def _patterns_a(rules: RuleSet) -> tuple[PatternDef, ...]:
    return LUZHOU_A_PATTERNS


def _patterns_b(rules: RuleSet) -> tuple[PatternDef, ...]:
    """[004]'s table: the advanced 大贰名堂, or the ordinary grading (option ``b_mode``)."""
    return LUZHOU_B_ADVANCED if rules.option("b_mode") == "advanced" else LUZHOU_B_ORDINARY


def _plain_win_b(rules: RuleSet) -> PatternDef | None:
    return LUZHOU_B_PLAIN if rules.option("b_mode") == "advanced" else None


def _grade_b(points: int, rules: RuleSet) -> Grade | None:
    return luzhou_b_grade(points)


def _special_points_b(rules: RuleSet) -> Mapping[str, Sourced[int]]:
    """[004] gives no points for special sets; option ``special_sets`` borrows [001]'s."""
    return LUZHOU_A.special_points if rules.option("special_sets") == "luzhou-a" else rules.special_points


# ---------------------------------------------------------------- a held four laid out


def _four_display(rules: RuleSet, seat: int, card: Card) -> tuple[str, str]:
    """Three face down and one face up [004] (or the reverse, [001]), so that it is not taken for a kong."""
    four = native_words(rules)["four"].zh
    who = seat_name(seat)
    cards = f"{card}{card}{card}{card}"
    src = "[001]" if rules.name == "luzhou-a" else "[004]"
    how_zh, how_en = "三暗一明（或三明一暗）", "three face down and one face up (or the reverse)"
    if rules.name == "luzhou-b":
        how_zh, how_en = "三暗一明", "three face down, one face up"
    return (
        f"亮{four}：{who.zh}把{cards}摆上桌，{how_zh}，与招区分 {src}",
        f"{who.en} lays out a held four ({four}) of {card}: {how_en}, unlike a kong {src}",
    )


# ---------------------------------------------------------------- payments (luzhou_payments.py)


# ---------------------------------------------------------------- the hand: points and names


def _match_rules(play: PlayRules, deals: int) -> WinnerDeals:
    """From the second deal on the winner deals, the seat opposite sits out [001] (坐底 follows the dealer:
    ``dealing.make_table``); the first dealer is agreed at the table (seat 0 here). The table may agree to change
    seats after every so many deals [001] (options ``reseat_every``, ``reseat_how``; off by default); the winner
    still deals, from his new seat."""
    reseat = Reseat(int(play.option("reseat_every")) or None, str(play.option("reseat_how")), source="[001]")
    return WinnerDeals(deals, play.option("dealer_after_no_win"), source="[001]", reseat=reseat)


VARIANT_A = Variant(
    words=WORDS_A,
    patterns=_patterns_a,
    settle=_luzhou_a,
    four_display=_four_display,
    payment_table=_payment_table_a,
    match_rules=_match_rules,
    waives_minimum=lambda play, points: points == 0 and bool(play.option("allow_no_hu_win")),  # 无胡 [001]
)
VARIANT_B = Variant(
    words=WORDS_B,
    patterns=_patterns_b,
    settle=_luzhou_b,
    four_display=_four_display,
    grade=_grade_b,
    plain_win=_plain_win_b,
    plain_win_value=plain_win_value,
    special_points=_special_points_b,
    match_rules=_match_rules,
)

_MIN_NOTE = ("胡牌至少要十胡", "a win needs at least 10 points")

_LUZHOU_NAMES = {
    SetKind.PONG: ("碰", "peng (pong)"),
    SetKind.KAN: ("坎", "kan (held triple)"),
    SetKind.KONG: ("招", "zhao (kong)"),
    SetKind.RUN: ("列", "lie (run)"),
    SetKind.TWO_SEVEN_TEN: ("列（二七十）", "lie (2-7-10)"),
    SetKind.MIXED: ("列（大大小、小小大）", "lie (mixed case)"),
}

# the options' defaults (``luzhou_options``): the shared machinery's as fields, the rest as settings
_HAND_A, _SETTINGS_A = OPTIONS_A.defaults(ON_HAND, RuleSet)
_HAND_B, _SETTINGS_B = OPTIONS_B.defaults(ON_HAND, RuleSet)

LUZHOU_A = RuleSet(
    name="luzhou-a",
    title=Text("泸州大贰（规则单）", "Luzhou Da Er (rule sheet)"),
    tradition=TRADITION,
    sources=("[001]",),
    red_scheme=_s("two-seven-ten", "[001]", "大小写的二、七、十为红，其余为黑", "2, 7 and 10 are red in both cases"),
    set_points=_frozen(
        {
            SetKind.PONG: _row(
                "[001]",
                "碰：红大 9、红小 6、黑大 3、黑小 1",
                "pong: red big 9, red small 6, black big 3, black small 1",
                rb=9,
                rs=6,
                bb=3,
                bs=1,
            ),
            SetKind.KAN: _row(
                "[001]", "坎：碰加 3，黑小写为 3", "held triple: pong + 3; black small is 3", rb=12, rs=9, bb=6, bs=3
            ),
            SetKind.KONG: _row("[001]", "招：坎加 3", "kong: held triple + 3", rb=15, rs=12, bb=9, bs=6),
            SetKind.FOUR: _row("[001]", "龙：招加 3", "held four: kong + 3", rb=18, rs=15, bb=12, bs=9),
        }
    ),
    special_points=_frozen(
        {
            "123-small": _s(3, "[001]", "一二三（小写）记 3", "small 1-2-3: 3"),
            "123-big": _s(6, "[001]", "壹贰叁（大写）记 6", "big 1-2-3: 6"),
            "2710-small": _s(6, "[001]", "二七十（小写）记 6", "small 2-7-10: 6"),
            "2710-big": _s(9, "[001]", "贰柒拾（大写）记 9", "big 2-7-10: 9"),
        }
    ),
    other_sets=_s(0, "[001]", "其他列牌、吊对没有胡子", "other runs, mixed sets and the pair score nothing"),
    min_points=_s(10, "[001]", *_MIN_NOTE),
    set_names=_names(
        "[001]", {**_LUZHOU_NAMES, SetKind.FOUR: ("龙", "long (held four)"), SetKind.PAIR: ("吊对", "diaodui (pair)")}
    ),
    variant=VARIANT_A,
    declared=OPTIONS_A,
    settings=_SETTINGS_A,
    **_HAND_A,
)

LUZHOU_B = RuleSet(
    name="luzhou-b",
    title=Text("泸州大贰（百科词条）", "Luzhou Da Er (encyclopedia entry)"),
    tradition=TRADITION,
    sources=("[004]",),
    red_scheme=_s("two-seven-ten", "[004]", "大小写的二、七、十为红，其余为黑", "2, 7 and 10 are red in both cases"),
    set_points=_frozen(
        {
            SetKind.PONG: _row(
                "[004]",
                "碰：乌小 1、红小 6、乌大 3、红大 9",
                "pong: black small 1, red small 6, black big 3, red big 9",
                rb=9,
                rs=6,
                bb=3,
                bs=1,
            ),
            SetKind.KAN: _row(
                "[004]",
                "坎：乌小 6、红小 9、乌大 9、红大 12（与 [001] 不同）",
                "held triple: black small 6, red small 9, black big 9, red big 12 (differs from [001])",
                rb=12,
                rs=9,
                bb=9,
                bs=6,
            ),
            SetKind.KONG: _row("[004]", "招：坎加 3", "kong: held triple + 3", rb=15, rs=12, bb=12, bs=9),
            SetKind.FOUR: _row("[004]", "壠：招加 3", "held four: kong + 3", rb=18, rs=15, bb=15, bs=12),
        }
    ),
    special_points=_frozen(
        {
            key: _s(
                0,
                "engine",
                "[004] 没有给特殊列牌的胡数，按 0；选项 special_sets 可借用 [001] 的数",
                "[004] gives no points for special sets, so 0; option special_sets borrows [001]'s",
            )
            for key in SPECIAL_SETS
        }
    ),
    other_sets=_s(
        0,
        "engine",
        "[004] 的计胡只列碰、坎、招、壠，其他列牌和对按没有胡数算",
        "[004] gives points only for 碰, 坎, 招 and 壠, so every other set and the pair score nothing",
    ),
    min_points=_s(10, "[004]", *_MIN_NOTE),
    set_names=_names(
        "[004]", {**_LUZHOU_NAMES, SetKind.FOUR: ("壠", "long (held four)"), SetKind.PAIR: ("对", "dui (pair)")}
    ),
    variant=VARIANT_B,
    declared=OPTIONS_B,
    settings=_SETTINGS_B,
    **_HAND_B,
)


# ---------------------------------------------------------------- play

_LUZHOU_COMMON = dict(
    players=_p(
        (3, 4),
        "[001][004]",
        "四人同桌，一人坐底；三人打时没有坐底，输家的分全给胡家（引擎选项）",
        "four at the table, one sits out; three without a sitter, the winner taking all, is an engine option",
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

PLAY_A = make_play_rules(
    "luzhou-a",
    Text("泸州大贰（规则 A，[001]）", "Luzhou Da Er (rule set A, [001])"),
    OPTIONS_A,
    red_last_card_moves_front=_p(False, "[001]", "翻起的底牌留在原处", "the shown stock card stays where it is"),
    passed_eat_barred=_p(
        True,
        "[001]",
        "过张不能吃；[001] 把自己翻出或别人打出的无用牌也叫过张，"
        "引擎只记能吃而未吃的牌（手牌只减不增，两种读法几乎没有差别）",
        "a passed card may not be eaten; [001] also calls useless cards one turned or others discarded 过张, the "
        "engine records only cards one could have eaten (a hand only shrinks, so the readings hardly ever differ)",
    ),
    settlement=_p(
        "luzhou-a",
        "[001]",
        "按胡数查分表，坐底分账，放炮兜底，自摸加翻，名堂加翻",
        "score table by hu points, shared with the sitter; 放炮兜底, 自摸加翻, 名堂 doublings",
    ),
    **_LUZHOU_COMMON,
)

PLAY_B = make_play_rules(
    "luzhou-b",
    Text("泸州大贰（规则 B，[004]）", "Luzhou Da Er (rule set B, [004])"),
    OPTIONS_B,
    red_last_card_moves_front=_p(
        True,
        "[004]",
        "亮出的最后一张底牌若是红牌，数完底牌后要挪到剩下那叠牌的最前头",
        "a red shown stock card moves to the front of the rest",
    ),
    passed_eat_barred=_p(True, "[004]", "过张后不能再吃", "after passing a card one may not eat it"),
    settlement=_p(
        "luzhou-b",
        "[004]",
        "计等：每等 1 分，最少 2 分，输家另给底家 1 分，有番加倍",
        "grades: 1 point each, at least 2, each loser adds 1 for the sitter, doublings multiply",
    ),
    **_LUZHOU_COMMON,
)

# 包牌: the rules a Luzhou record may break on purpose ([001] and [004] name no fine; the violator may not win).
BAOPAI = {
    PLAY_A.name: Baopai(
        ("eat-passed", "bi-required", "break-kan", "must-pong", "must-kong", "four-first", "false-win", "short-win")
    ),
    PLAY_B.name: Baopai(
        ("eat-passed", "pong-passed", "bi-required", "break-kan", "four-first", "false-win", "short-win")
    ),
}
