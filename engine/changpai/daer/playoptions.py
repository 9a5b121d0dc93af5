"""The options of *play* (``PlayRules`` parameters and each scheme's settlement options) that a deal may change,
as named choices with their question, the engine's default and why: the play-side twin of ``rules.OPTIONS``.

Every option the engine has is either here or in ``rules.OPTIONS``; the rules pages list both
(``{{cp ruleset-options NAME}}``). The default value itself lives where the rule does (the tradition's
``PlayRules``); this registry only explains it.
"""

from __future__ import annotations

from typing import Any

from ..core.text import Text
from .playrules import PlayRules
from .rules import OptionDef

_YES_NO = ("true", "false")


def _opt(
    name: str,
    question: tuple[str, str],
    choices: dict[str, tuple[str, str]],
    applies_to: tuple[str, ...],
    why: tuple[str, str],
    sources: tuple[str, ...],
) -> OptionDef:
    return OptionDef(
        name,
        Text(*question),
        {key: Text(*text) for key, text in choices.items()},
        applies_to,
        Text(*why),
        sources,
    )


LUZHOU = ("luzhou-a", "luzhou-b")
ALL = ("luzhou-a", "luzhou-b", "leshan", "wuchuan")

PLAY_OPTIONS: dict[str, OptionDef] = {
    o.name: o
    for o in (
        _opt(
            "declare",
            ("一手牌能拆成两种读法时，报哪一种？", "A hand that reads two ways: which reading is declared?"),
            {
                "best-pay": ("连番带名堂算下来给得最多的那种", "the one whose whole payment is biggest"),
                "most-points": ("胡数最多的那种", "the one with the most points"),
            },
            ALL,
            (
                "来源都没有说；胡家自然报给分多的读法",
                "No source says; a winner would announce the reading that pays more",
            ),
            ("engine",),
        ),
        _opt(
            "instant_win_on_deal",
            ("原手三龙或五坎，能不能直接胡？", "May a dealt hand with three 龙 or five 坎 win at once?"),
            {"true": ("能，开打前就胡", "yes, before the first discard"), "false": ("不能", "no")},
            LUZHOU,
            (
                "默认不用：[001] 说要事先约定，[004] 说是特殊情况",
                "Off by default: [001] makes it a prior agreement, [004] a special case",
            ),
            ("[001]", "[004]"),
        ),
        _opt(
            "pong_compulsory",
            ("手里有一对，碰是不是非碰不可？", "With a pair in hand, is the pong compulsory?"),
            {"true": ("必须碰", "compulsory"), "false": ("可以不碰", "optional")},
            LUZHOU,
            ("各照来源：[001] 说必须，[004] 说可以", "Each follows its source: [001] must, [004] may"),
            ("[001]", "[004]"),
        ),
        _opt(
            "kong_compulsory",
            ("手里有一坎，招是不是非招不可？", "With a 坎 in hand, is the 招 compulsory?"),
            {"true": ("必须招", "compulsory"), "false": ("可以不招", "optional")},
            LUZHOU,
            ("各照来源：[001] 说必须，[004] 说可以", "Each follows its source: [001] must, [004] may"),
            ("[001]", "[004]"),
        ),
        _opt(
            "pong_own_turn",
            ("自己翻出的牌能不能碰、招？", "May one pong or 招 a card one turned up oneself?"),
            {"true": ("能", "yes"), "false": ("不能，只碰、招别人的牌", "no, only another player's card")},
            LUZHOU,
            (
                "各照来源：[001] 说本人摸的牌也能碰、招；[004] 说的是别人打或摸的牌",
                "Each follows its source: [001] names one's own turned card; [004] names another player's cards",
            ),
            ("[001]", "[004]"),
        ),
        _opt(
            "eat_from",
            ("能吃哪些牌？", "Which cards may be eaten?"),
            {
                "prev-discard-or-turn": (
                    "上家打出或翻出的牌，以及自己翻出的牌",
                    "the previous player's discard or turned card, or one's own turned card",
                ),
                "prev-discard": (
                    "上家打出的牌，以及自己翻出的牌",
                    "the previous player's discard, or one's own turned card",
                ),
            },
            LUZHOU,
            (
                "各照来源：[001] 含上家翻出的牌，[004] 不含",
                "Each follows its source: [001] includes the previous player's turned card, [004] does not",
            ),
            ("[001]", "[004]"),
        ),
        _opt(
            "bi_exempt_mixed",
            ("用两大一小、两小一大吃牌还要不要比？", "Does eating in the mixed form (大大小, 小小大) need 比?"),
            {"true": ("不用比", "no 比"), "false": ("也要比", "比 as usual")},
            LUZHOU,
            ("各照来源：只有 [004] 免比", "Each follows its source: only [004] exempts it"),
            ("[001]", "[004]"),
        ),
        _opt(
            "passed_pong_barred",
            ("过张以后还能不能碰？", "After a card has gone past, may it still be ponged?"),
            {"true": ("不能再碰", "no"), "false": ("还能碰", "yes")},
            LUZHOU,
            (
                "各照来源：[004] 说过张后不能吃、碰；[001] 的碰是必须的，过张只管吃",
                "Each follows its source: [004] bars eating and ponging; in [001] the pong is compulsory, so 过张 "
                "bars only eating",
            ),
            ("[001]", "[004]"),
        ),
        _opt(
            "cap",
            ("封顶多少分？", "What is the agreed ceiling?"),
            {"0": ("不封顶", "none"), "N": ("每家最多付 N 分", "each loser pays at most N")},
            ("luzhou-a",),
            ("[001] 说封顶要事先约定，没有给数，默认不封顶", "[001] leaves the cap to agreement: none by default"),
            ("[001]",),
        ),
        _opt(
            "extrapolate_above_49",
            ("50 胡以上怎么算分？", "How are 50 hu and more paid?"),
            {
                "true": ("照分表的规律每十胡加一分往上推", "the table's pattern continued, one more per ten hu"),
                "false": ("按 40 多胡的分数封住", "held at the forties' amount"),
            },
            ("luzhou-a",),
            (
                "[001] 的分表只到 40 多胡；默认照它的规律往上推",
                "[001]'s table stops in the forties; default extends it",
            ),
            ("[001]",),
        ),
        _opt(
            "allow_no_hu_win",
            ("没有胡子（无胡）能不能胡？", "May a hand with no hu at all (无胡) win?"),
            {"true": ("能，按 6 分算", "yes, paid 6"), "false": ("不能，至少要 10 胡", "no, 10 hu are needed")},
            ("luzhou-a",),
            (
                "[001] 有“无胡计 6 分”，又说至少 10 胡才能胡；默认照后者",
                "[001] pays a 无胡 win 6 but also asks for 10 hu; default follows the minimum",
            ),
            ("[001]",),
        ),
        _opt(
            "fan_each_kong_and_four",
            ("每一招、每一龙是否各加一翻？", "Does each 招 and each 龙 add a doubling?"),
            {"true": ("加", "yes"), "false": ("不加", "no")},
            ("luzhou-a",),
            ("照 [001] 的名堂表", "As [001]'s table of 名堂"),
            ("[001]",),
        ),
        _opt(
            "fan_combine",
            ("高级玩法里几个名堂的番数怎么合？", "In advanced play, how do several 名堂's 番 combine?"),
            {"add": ("相加", "added"), "multiply": ("相乘", "multiplied")},
            ("luzhou-b",),
            (
                "[004] 没有说；“名堂多，番就多”，默认相加",
                "[004] does not say; it says more 名堂 give more 番, so they add by default",
            ),
            ("[004]",),
        ),
        _opt(
            "full_hundred",
            ("满百：超过 100 和是否按 100 和算？", "满百: is a total over 100 counted as 100?"),
            {"true": ("按 100 算", "yes"), "false": ("不封顶", "no cap")},
            ("leshan",),
            ("[003] 说只是部分地方的规矩，默认不用", "[003] calls it a local custom: off by default"),
            ("[003]",),
        ),
        _opt(
            "turned_win_payer",
            ("和的是翻出来的牌，谁付？", "A win on a turned card: who pays?"),
            {
                "each": ("其余每家各付总和数", "every other player pays the total"),
                "turner": ("翻牌的人付总和数乘人数", "the turner pays the total times the players"),
            },
            ("leshan",),
            ("[003] 只说抬炮者怎么付；默认各家分摊", "[003] gives only the discarder's payment; default each pays"),
            ("[003]",),
        ),
        _opt(
            "tianhe_fan",
            ("天和加几番？", "How many doublings for 天和?"),
            {"1": ("一番（乐山）", "one (Leshan)"), "2": ("两番（眉山、仁寿）", "two (Meishan, Renshou)")},
            ("leshan",),
            ("照 [003] 所讲的乐山规则", "The Leshan rule [003] describes"),
            ("[003]",),
        ),
        _opt(
            "xiaojia_self_draw_double",
            ("小家自摸和牌加不加倍？", "Does the 小家's self-drawn win count double?"),
            {"true": ("加倍（眉山等地）", "yes (Meishan and nearby)"), "false": ("不加倍", "no")},
            ("leshan",),
            ("[003] 说是眉山等地的规矩，默认不用", "[003] calls it a Meishan custom: off by default"),
            ("[003]",),
        ),
        _opt(
            "small_win",
            ("小胡每家付多少？", "What does each loser pay for a small win (小胡)?"),
            {"N": ("N 分", "N")},
            ("wuchuan",),
            ("[000] 只分大小胡，没有给数：引擎取 1", "[000] names the classes but gives no amounts: 1"),
            ("engine",),
        ),
        _opt(
            "middle_win",
            ("中胡每家付多少？", "What does each loser pay for a middle win (中胡)?"),
            {"N": ("N 分", "N")},
            ("wuchuan",),
            ("[000] 没有给数：引擎取 2", "[000] gives no amount: 2"),
            ("engine",),
        ),
        _opt(
            "big_win",
            ("大胡每家付多少？", "What does each loser pay for a big win (大胡)?"),
            {"N": ("N 分", "N")},
            ("wuchuan",),
            ("[000] 说大胡是“两打”，没有说值多少：引擎取 4", "[000] calls it 两打 without a value: 4"),
            ("engine",),
        ),
        _opt(
            "counting_fee",
            ("胡家给数底的人多少数底费？", "What counting fee does the winner pay the stock counter?"),
            {"N": ("N 分", "N")},
            ("wuchuan",),
            ("[000] 有数底费，没有给数：引擎取 1", "[000] has the fee but no amount: 1"),
            ("[000]", "engine"),
        ),
        _opt(
            "penalty_amount",
            ("包牌的人赔每家多少？", "How much does a 包牌 cost, to each other player?"),
            {"N": ("N 分", "N")},
            ("wuchuan",),
            (
                "[000] 只说“负三家”：引擎按赔每家一个大胡（4）",
                "[000] only says the violator pays all three: a big win, 4",
            ),
            ("[000]", "engine"),
        ),
        _opt(
            "penalty_ends_deal",
            ("包牌以后这一盘还打不打？", "Does the deal go on after a 包牌?"),
            {"true": ("这一盘结束", "the deal ends"), "false": ("接着打", "play goes on")},
            ("wuchuan",),
            ("[000] 没有说：引擎结束这一盘", "[000] does not say: the engine ends the deal"),
            ("engine",),
        ),
    )
}


def option_value(play: PlayRules, name: str) -> Any:
    """The value of play option ``name`` in ``play``: a parameter, or a settlement scheme's option."""
    if name in dict(play.options.value):
        return play.option(name)
    return getattr(play, name).value


def choice_key(value: Any) -> str:
    """The choice a value stands for: ``true`` / ``false``, the text itself, or ``N`` for a number."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def play_options(play: PlayRules) -> dict[str, dict[str, object]]:
    """Every play option of ``play``'s tradition, with its value, as JSON-able data."""
    out: dict[str, dict[str, object]] = {}
    for name, option in PLAY_OPTIONS.items():
        if play.name in option.applies_to:
            described = option.as_dict()
            described["value"] = option_value(play, name)
            out[name] = described
    return out
