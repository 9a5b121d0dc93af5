"""The options of Luzhou Da Er (``luzhou``'s companion, like ``luzhou_patterns``): what [001] and [004] leave open
or read differently, each with its question, choices, the default of each rule set with its source, and why.

``OPTIONS_A`` ([001]) and ``OPTIONS_B`` ([004]) list them in the order the rules pages show them: the hand's,
then the play's. Where the two sources disagree, one option has two defaults ("each follows its source").

>>> [o.name for o in OPTIONS_A][:3], OPTIONS_B.get("pong_compulsory").default.value
(['win_on_pair', 'kan_fourth_elsewhere', 'declare'], False)
"""

from __future__ import annotations

from ..core.options import default_from, option
from ..core.sourced import Sourced
from .options import (
    DECLARE,
    IN_PLAY,
    KAN_FOURTH_ELSEWHERE,
    KONG_IS_HELD,
    ON_HAND,
    WIN_ON_PAIR,
    OptionSet,
    dealer_after_no_win,
    reseat_options,
)
from .playrules import _COMMON, EAT_PREV_DISCARD_ONLY, EAT_PREV_DISCARD_OR_TURN, _p

LUZHOU = ("[001]", "[004]")
RESEAT_EVERY, RESEAT_HOW = reseat_options("[001]")  # [001] lets the table agree to change seats; [004] is silent
_EACH = ("各照来源：[001] 说必须，[004] 说可以", "Each follows its source: [001] must, [004] may")
_YES, _NO = ("能", "yes"), ("不能", "no")


# ---------------------------------------------------------------- the hand ([004] only)

_SPECIAL_WHY = ("默认照 [004] 原文", "Default follows the text of [004]")
SPECIAL_SETS = option(
    "special_sets",
    ON_HAND,
    ("一二三、二七十有没有胡数？", "Do 1-2-3 and 2-7-10 score?"),
    {
        "source": ("按 [004]：没有给数，算 0", "as [004]: no value given, so 0"),
        "luzhou-a": ("借用 [001] 的 3、6、6、9", "borrow [001]'s 3, 6, 6, 9"),
    },
    default_from("source", "[004]", _SPECIAL_WHY),
    _SPECIAL_WHY,
    ("[004]", "[001]"),
)
_B_MODE_WHY = (
    "默认普通玩法：[004] 自己举的例子（恰 10 胡带红，(2+1)×2 = 6）就是这样算的",
    "Default ordinary: [004]'s own worked example (exactly 10 hu with 红, (2+1)×2 = 6) is counted this way",
)
B_MODE = option(
    "b_mode",
    ON_HAND,
    ("普通算等玩法，还是高级玩法（大贰名堂）？", "Ordinary grading, or advanced play (大贰名堂)?"),
    {
        "ordinary": (
            "普通玩法：等的分数乘红、天、地（×2）和乌（×4）",
            "ordinary: the grade points times 红, 天, 地 (×2) and 乌 (×4)",
        ),
        "advanced": (
            "高级玩法：不看胡数，名堂的番数相加就是分数",
            "advanced: the hu count does not matter; the 名堂's 番, added, are the score",
        ),
    },
    default_from("ordinary", "[004]", _B_MODE_WHY),
    _B_MODE_WHY,
    ("[004]",),
)
_B_27_WHY = (
    "默认 27 及以上（与务川“二十七胡以上”为大胡相合 [000]）",
    "Default 27 and over (as Wuchuan's big win at 27 and over [000])",
)
B_27 = option(
    "b_27",
    ON_HAND,
    ("“27 胡为四番”是 27 胡以上，还是恰好 27？", "Is “27 hu is 4 fan” 27 and over, or exactly 27?"),
    {"at-least": ("27 胡及以上", "27 and over"), "exactly": ("恰好 27 胡", "exactly 27")},
    default_from("at-least", "[004]", _B_27_WHY),
    _B_27_WHY,
    ("[004]", "[000]"),
)
_RIBBON_WHY = (
    "默认四列同一大小写：[004] 的说法最直接的读法 [004]",
    "Default one case for all four: the plainest reading of [004]'s wording [004]",
)
RIBBON_CASE = option(
    "ribbon_case",
    ON_HAND,
    ("双飘带的四列要同一大小写吗？", "Must all four sets of 双飘带 share one case?"),
    {
        "one-case": ("四列同为大写或同为小写", "all four sets big, or all four small"),
        "each-pair": (
            "两列一二三同大小写，两列二七十同大小写，两者可以不同",
            "the two 1-2-3 share a case and the two 2-7-10 share a case, not necessarily the same one",
        ),
    },
    default_from("one-case", "[004]", _RIBBON_WHY),
    _RIBBON_WHY,
    ("[004]",),
)

# ---------------------------------------------------------------- play (both rule sets; defaults per source)

INSTANT_WIN_ON_DEAL = option(
    "instant_win_on_deal",
    IN_PLAY,
    ("原手三龙或五坎，能不能直接胡？", "May a dealt hand with three 龙 or five 坎 win at once?"),
    {"true": ("能，开打前就胡", "yes, before the first discard"), "false": _NO},
    _COMMON["instant_win_on_deal"],
    (
        "默认不用：[001] 说要事先约定，[004] 说是特殊情况",
        "Off by default: [001] makes it a prior agreement, [004] a special case",
    ),
    LUZHOU,
)
PONG_COMPULSORY = option(
    "pong_compulsory",
    IN_PLAY,
    ("手里有一对，碰是不是非碰不可？", "With a pair in hand, is the pong compulsory?"),
    {"true": ("必须碰", "compulsory"), "false": ("可以不碰", "optional")},
    _p(True, "[001]", "有对必须碰（[004] 作“可以”）", "a pong is compulsory ([004] says “may”)"),
    _EACH,
    LUZHOU,
)
KONG_COMPULSORY = option(
    "kong_compulsory",
    IN_PLAY,
    ("手里有一坎，招是不是非招不可？", "With a 坎 in hand, is the 招 compulsory?"),
    {"true": ("必须招", "compulsory"), "false": ("可以不招", "optional")},
    _p(True, "[001]", "有坎必须招（[004] 作“可以”）", "a kong is compulsory ([004] says “may”)"),
    _EACH,
    LUZHOU,
)
PONG_OWN_TURN = option(
    "pong_own_turn",
    IN_PLAY,
    ("自己翻出的牌能不能碰、招？", "May one pong or 招 a card one turned up oneself?"),
    {"true": _YES, "false": ("不能，只碰、招别人的牌", "no, only another player's card")},
    _COMMON["pong_own_turn"],
    (
        "各照来源：[001] 说本人摸的牌也能碰、招；[004] 说的是别人打或摸的牌",
        "Each follows its source: [001] names one's own turned card; [004] names another player's cards",
    ),
    LUZHOU,
)
EAT_FROM = option(
    "eat_from",
    IN_PLAY,
    ("能吃哪些牌？", "Which cards may be eaten?"),
    {
        EAT_PREV_DISCARD_OR_TURN: (
            "上家打出或翻出的牌，以及自己翻出的牌",
            "the previous player's discard or turned card, or one's own turned card",
        ),
        EAT_PREV_DISCARD_ONLY: (
            "上家打出的牌，以及自己翻出的牌",
            "the previous player's discard, or one's own turned card",
        ),
    },
    _p(
        EAT_PREV_DISCARD_OR_TURN,
        "[001]",
        "可吃上家打出或翻出的牌及自己翻出的牌（[004] 不含上家翻出的）",
        "one may eat the 上家's discard or turned card, or one's own turned card "
        "([004] leaves out the 上家's turned card)",
    ),
    (
        "各照来源：[001] 含上家翻出的牌，[004] 不含",
        "Each follows its source: [001] includes the previous player's turned card, [004] does not",
    ),
    LUZHOU,
)
BI_EXEMPT_MIXED = option(
    "bi_exempt_mixed",
    IN_PLAY,
    ("用两大一小、两小一大吃牌还要不要比？", "Does eating in the mixed form (大大小, 小小大) need 比?"),
    {"true": ("不用比", "no 比"), "false": ("也要比", "比 as usual")},
    _p(
        False,
        "[001]",
        "[001] 未说大大小吃法免比（[004] 免比）",
        "[001] does not exempt the mixed form from 比 ([004] does)",
    ),
    ("各照来源：只有 [004] 免比", "Each follows its source: only [004] exempts it"),
    LUZHOU,
)
PASSED_PONG_BARRED = option(
    "passed_pong_barred",
    IN_PLAY,
    ("过张以后还能不能碰？", "After a card has gone past, may it still be ponged?"),
    {"true": ("不能再碰", "no"), "false": ("还能碰", "yes")},
    _p(False, "[001]", "碰是强制的，过张只禁吃", "pong is compulsory; 过张 bars only eating"),
    (
        "各照来源：[004] 说过张后不能吃、碰；[001] 的碰是必须的，过张只管吃",
        "Each follows its source: [004] bars eating and ponging; in [001] the pong is compulsory, so 过张 "
        "bars only eating",
    ),
    LUZHOU,
)

# ---------------------------------------------------------------- the payments of [001] and of [004]

CAP = option(
    "cap",
    IN_PLAY,
    ("封顶多少分？", "What is the agreed ceiling?"),
    {"0": ("不封顶", "none"), "N": ("每家最多付 N 分", "each loser pays at most N")},
    _p(0, "[001]", "封顶要事先约定，0 为不封顶", "the ceiling is agreed beforehand; 0 = none"),
    ("[001] 说封顶要事先约定，没有给数，默认不封顶", "[001] leaves the cap to agreement: none by default"),
    ("[001]",),
)
EXTRAPOLATE_ABOVE_49 = option(
    "extrapolate_above_49",
    IN_PLAY,
    ("50 胡以上怎么算分？", "How are 50 hu and more paid?"),
    {
        "true": ("照分表的规律每十胡加一分往上推", "the table's pattern continued, one more per ten hu"),
        "false": ("按 40 多胡的分数封住", "held at the forties' amount"),
    },
    _p(
        True,
        "[001]",
        "来源分表止于 49 胡，引擎按每十胡加一分外推",
        "the table stops at 49 hu; extended one point per ten",
    ),
    ("[001] 的分表只到 40 多胡；默认照它的规律往上推", "[001]'s table stops in the forties; default extends it"),
    ("[001]",),
)
ALLOW_NO_HU_WIN = option(
    "allow_no_hu_win",
    IN_PLAY,
    ("没有胡子（无胡）能不能胡？", "May a hand with no hu at all (无胡) win?"),
    {"true": ("能，按 6 分算", "yes, paid 6"), "false": ("不能，至少要 10 胡", "no, 10 hu are needed")},
    _p(False, "[001]", "无胡计 6 分与 10 胡起胡矛盾，默认不允许", "无胡 (6) contradicts the 10-point minimum: off"),
    (
        "[001] 有“无胡计 6 分”，又说至少 10 胡才能胡；默认照后者",
        "[001] pays a 无胡 win 6 but also asks for 10 hu; default follows the minimum",
    ),
    ("[001]",),
)
FAN_EACH_KONG_AND_FOUR = option(
    "fan_each_kong_and_four",
    IN_PLAY,
    ("每一招、每一龙是否各加一翻？", "Does each 招 and each 龙 add a doubling?"),
    {"true": ("加", "yes"), "false": ("不加", "no")},
    _p(True, "[001]", "名堂表：每一招、每一龙加一翻", "the table of 名堂: each 招 and each 龙 doubles"),
    ("照 [001] 的名堂表", "As [001]'s table of 名堂"),
    ("[001]",),
)
FAN_COMBINE = option(
    "fan_combine",
    IN_PLAY,
    ("高级玩法里几个名堂的番数怎么合？", "In advanced play, how do several 名堂's 番 combine?"),
    {"add": ("相加", "added"), "multiply": ("相乘", "multiplied")},
    _p(
        "add", "[004]", "[004] 未说名堂番数相加还是相乘，默认相加", "[004] does not say whether 番 add or multiply: add"
    ),
    (
        "[004] 没有说；“名堂多，番就多”，默认相加",
        "[004] does not say; it says more 名堂 give more 番, so they add by default",
    ),
    ("[004]",),
)

_PLAY_BOTH = (INSTANT_WIN_ON_DEAL, PONG_COMPULSORY, KONG_COMPULSORY, PONG_OWN_TURN, EAT_FROM, BI_EXEMPT_MIXED)

OPTIONS_A = OptionSet(
    (
        WIN_ON_PAIR,
        KAN_FOURTH_ELSEWHERE.defaulting(Sourced("false", "[001]", KAN_FOURTH_ELSEWHERE.why)),
        DECLARE,
        *_PLAY_BOTH,
        PASSED_PONG_BARRED,
        CAP,
        EXTRAPOLATE_ABOVE_49,
        ALLOW_NO_HU_WIN,
        FAN_EACH_KONG_AND_FOUR,
        dealer_after_no_win(
            (
                "[001] 说从第二盘起胡牌的人打庄，没有说没人胡时谁打：默认原庄家再打",
                "[001] has the winner deal from the second deal on, but not who deals after a deal nobody won: "
                "the same dealer",
            ),
            ("[001]", "engine"),
        ),
        RESEAT_EVERY,
        RESEAT_HOW,
    )
)

OPTIONS_B = OptionSet(
    (
        WIN_ON_PAIR,
        SPECIAL_SETS,
        B_MODE,
        B_27,
        KONG_IS_HELD,
        RIBBON_CASE,
        KAN_FOURTH_ELSEWHERE,
        DECLARE,
        INSTANT_WIN_ON_DEAL,
        PONG_COMPULSORY.defaulting(
            _p(False, "[004]", "可以碰（[001] 作“必须”）", "a pong is optional ([001] says compulsory)")
        ),
        KONG_COMPULSORY.defaulting(_COMMON["kong_compulsory"]),
        PONG_OWN_TURN.defaulting(
            _p(
                False,
                "[004]",
                "[004] 只说别人打或摸的牌可以碰、招，不含自己翻出的",
                "[004] lets one pong or kong another player's discard or turned card, not one's own turned card",
            )
        ),
        EAT_FROM.defaulting(
            _p(
                EAT_PREV_DISCARD_ONLY,
                "[004]",
                "吃上家打出的或自己翻出的牌",
                "one eats the 上家's discard or one's own turned card",
            )
        ),
        BI_EXEMPT_MIXED.defaulting(
            _p(True, "[004]", "用大大小、小小大吃牌时不用比", "eating by the mixed 2+1 form needs no 比")
        ),
        PASSED_PONG_BARRED.defaulting(
            _p(True, "[004]", "过张后也不能再碰", "after passing a card one may not pong it either")
        ),
        FAN_COMBINE,
        dealer_after_no_win(
            (
                "[004] 没有说下一盘谁打庄：本站照 [001]，胡牌的人打庄；没人胡时原庄家再打",
                "[004] does not say who deals next: as [001], the winner; after a deal nobody won, the same dealer",
            ),
            ("[004]", "[001]", "engine"),
        ),
        RESEAT_EVERY,
        RESEAT_HOW,
    )
)
