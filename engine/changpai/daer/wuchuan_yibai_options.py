"""The options of Wuchuan 一百 (``wuchuan_yibai``'s companion): 字牌's options that still apply, and the points
[000]'s short account of 一百 leaves open, each with its question, choices, default and why.

>>> [o.name for o in OPTIONS if o.name.startswith("yibai_")][:3]
['yibai_big_33', 'yibai_target', 'yibai_big_factor']
"""

from __future__ import annotations

from ..core.options import OptionDef, default_from, option
from .options import DECLARE, IN_PLAY, KAN_FOURTH_ELSEWHERE, KONG_IS_HELD, ON_HAND, WIN_ON_PAIR, OptionSet
from .wuchuan_options import OPTIONS as ZIPAI_OPTIONS

_ENGINE = "engine"


def _zipai(name: str) -> OptionDef:
    found = ZIPAI_OPTIONS.get(name)
    assert found is not None, name
    return found


_BIG_33 = (
    "[000] 说“三十三胡”；照字牌的“二十七胡以上”读作 33 胡或更多",
    "[000] says “33 hu”; read like 字牌's “27 hu and over”: 33 or more",
)
_TARGET = ("[000]：先满一百的胜", "[000]: the first to reach 100 wins")
_FACTOR = (
    "[000] 说中胡“翻一番”就是乘 2，照此“翻三番”是翻三次，乘 8；也有人读作乘 3",
    "[000] doubles a middle win (翻一番, × 2); read the same way, 翻三番 doubles three times, × 8 (some read × 3)",
)
_COUNTS = (
    "[000] 说胡牌后“有多少胡子记多少子”：整手牌的胡数都记，已经记过子的坎、兑也再算一次",
    "[000] scores the hand's hu at the win as they stand: the whole hand, sets already scored included",
)
_FOUR = (
    "[000] 说开招、偷活龙照字牌记子（9/6、12/9），没说要不要减去先前记过的坎：照原文记全数",
    "[000] scores 开招 and 偷活龙 by 字牌's points (9/6, 12/9) without taking back the 坎 scored before: in full",
)
_JI = (
    "[000] 说“所兑过的牌”，没说是谁兑的；读作摸牌的人自己兑过的",
    "[000] says “a card that was 兑'd” without saying whose: read as the drawer's own 兑",
)
_TIE = (
    "[000] 没说两家同时满一百怎么办（只会在拿牌时发生）：照“先胡者胜”，从庄家起按打牌的顺序先满的胜",
    "[000] does not say who wins when two pass 100 together (only at the pick-up): as “the first to win wins”, "
    "the first in playing order from the dealer",
)
_CHAO_AGAIN = (
    "[000] 只说抄后要满一百二十；再抄一次照样只留两个，目标仍是一百二十",
    "[000] only says the target becomes 120 after 抄; a second 抄 again keeps 2, and the target stays 120",
)
_PENALTY_ENDS = (
    "[000] 没说包牌以后这一盘还打不打：引擎结束这一盘，比赛接着打",
    "[000] does not say whether the deal goes on after 包牌: the deal ends, the sitting goes on",
)


OPTIONS = OptionSet(
    (
        WIN_ON_PAIR,
        KONG_IS_HELD,
        KAN_FOURTH_ELSEWHERE.defaulting(_zipai("kan_fourth_elsewhere").default),
        DECLARE,
        option(
            "yibai_big_33",
            ON_HAND,
            ("“三十三胡”的大胡是恰好 33 胡，还是 33 胡以上？", "Is the 33-hu big win exactly 33, or 33 and more?"),
            {"at-least": ("33 胡以上", "33 or more"), "exactly": ("恰好 33 胡", "exactly 33")},
            default_from("at-least", _ENGINE, _BIG_33),
            _BIG_33,
            ("[000]", _ENGINE),
        ),
        option(
            "yibai_target",
            IN_PLAY,
            ("满多少子胜？", "How many 子 win the sitting?"),
            {"N": ("N 子", "N")},
            default_from(100, "[000]", _TARGET),
            _TARGET,
            ("[000]",),
        ),
        option(
            "yibai_big_factor",
            IN_PLAY,
            ("大胡“翻三番”乘几？", "What does a big win's 翻三番 multiply by?"),
            {"8": ("乘 8（翻三次）", "× 8 (doubled three times)"), "3": ("乘 3", "× 3")},
            default_from(8, _ENGINE, _FACTOR),
            _FACTOR,
            ("[000]", _ENGINE),
        ),
        option(
            "yibai_win_counts",
            IN_PLAY,
            ("胡牌记子时，已经记过子的组还算不算？", "At the win, do sets already scored count again?"),
            {"all": ("整手都算", "the whole hand counts"), "rest": ("只算没记过的", "only what was not scored")},
            default_from("all", "[000]", _COUNTS),
            _COUNTS,
            ("[000]",),
        ),
        option(
            "yibai_four_on_kan",
            IN_PLAY,
            (
                "坎上开招、偷活龙记全数，还是只记多出来的？",
                "A 坎 made a four (开招, 偷活龙): full points, or the rise?",
            ),
            {"full": ("记全数", "the four's full points"), "difference": ("只记比坎多的", "only what it adds")},
            default_from("full", "[000]", _FOUR),
            _FOUR,
            ("[000]",),
        ),
        option(
            "ji_onto_pong",
            IN_PLAY,
            ("机牌要是谁兑过的牌？", "Whose 兑 does a 机牌 go onto?"),
            {"own": ("摸牌人自己的兑", "the drawer's own"), "any": ("谁兑的归谁", "whoever made that 兑")},
            default_from("own", _ENGINE, _JI),
            _JI,
            ("[000]", _ENGINE),
        ),
        option(
            "yibai_tie",
            IN_PLAY,
            ("两家在同一刻满一百，谁胜？", "Two players reach the target at once: who wins?"),
            {
                "order": ("从庄家起按顺序先满的", "the first in playing order from the dealer"),
                "higher": ("子多的（一样多按顺序）", "the higher count (level: playing order)"),
            },
            default_from("order", _ENGINE, _TIE),
            _TIE,
            ("[000]", _ENGINE),
        ),
        option(
            "yibai_chao_keep",
            IN_PLAY,
            ("抄的时候留几个子？", "How many 子 does 抄 leave?"),
            {"N": ("N 子", "N")},
            default_from(2, "[000]", ("[000]：留下两个", "[000]: two are kept")),
            ("[000]：所有得子留下二个", "[000]: all but two are taken away"),
            ("[000]",),
        ),
        option(
            "yibai_chao_target",
            IN_PLAY,
            ("抄了以后要满多少子？", "After 抄, how many 子 win?"),
            {"N": ("N 子", "N")},
            default_from(120, "[000]", ("[000]：一百二十", "[000]: 120")),
            ("[000]：以后须满一百二十子", "[000]: from then on 120 are needed"),
            ("[000]",),
        ),
        option(
            "yibai_chao_again",
            IN_PLAY,
            ("第二次抄，目标再加吗？", "A second 抄: does the target rise again?"),
            {"same": ("不加，仍是一百二十", "no, it stays 120"), "rise": ("每抄一次再加二十", "20 more each time")},
            default_from("same", _ENGINE, _CHAO_AGAIN),
            _CHAO_AGAIN,
            ("[000]", _ENGINE),
        ),
        _zipai("dealer_after_no_win"),
        _zipai("penalty_ends_deal").defaulting(default_from(True, _ENGINE, _PENALTY_ENDS)),
    )
)
