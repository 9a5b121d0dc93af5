"""The options of Leshan Er Qi Shi (``leshan``'s companion): what [003] leaves open or to local custom, each
with its question, choices, sourced default and why.

>>> [o.name for o in OPTIONS][:3]
['win_on_pair', 'kun_pair', 'leshan_31']
"""

from __future__ import annotations

from ..core.options import default_from, option
from ..core.text import Text
from .options import IN_PLAY, ON_HAND, WIN_ON_PAIR, OptionSet, declare_option
from .playrules import _p

POINT_WORD = Text("和", "points")  # Leshan counts in 和 [003] (Luzhou's and Wuchuan's 胡): the rule set's word

_KUN_WHY = (
    "默认照 [003] 字面：“每房牌均有和数”，而桩子是一房",
    "Default is [003]'s wording: every set (房) must score, and [003] lists the pair as a set",
)
_31_WHY = (
    "默认台和：30和止于 30，31 落在空档里，按“上台”算",
    "Default tai: the thirty band ends at 30, so 31 falls in the gap; the engine reads it as 上台",
)
_GRADING_WHY = ("默认照 [003] 所讲的市中区规则", "Default is the Shizhong rule [003] describes")
_QUAN_CHOICES = {"0": ("不打圈", "not 打圈")} | {
    str(n): (f"圈{zh}：{big}", f"round {n}: red {big}")
    for n, (zh, big) in enumerate(zip("一二三四五六七八九十", "壹贰叁肆伍陆柒捌玖拾", strict=True), start=1)
}

OPTIONS = OptionSet(
    (
        WIN_ON_PAIR,
        option(
            "kun_pair",
            ON_HAND,
            ("没有和数的桩子会不会破坏坤和？", "Does a pair (桩子, never scoring) spoil 坤和?"),
            {
                "blocks": ("会：桩子也是一房", "yes: the pair is a set too"),
                "excluded": ("不会：像 [001] 的坤一样不算对", "no: like [001]'s 坤, the pair is left out"),
            },
            default_from("blocks", "[003]", _KUN_WHY),
            _KUN_WHY,
            ("[003]", "[001]"),
        ),
        option(
            "leshan_31",
            ON_HAND,
            ("31 和算 30和 还是 台和？", "Is 31 a thirty win or a tai win?"),
            {"tai": ("算台和", "tai win (rounded, ×4)"), "thirty": ("算 30和", "thirty win (rounded, ×2)")},
            default_from("tai", "[003]", _31_WHY),
            _31_WHY,
            ("[003]",),
        ),
        option(
            "leshan_grading",
            ON_HAND,
            ("11–14 和怎么算？", "How are 11–14 points counted?"),
            {
                "leshan": ("乐山市中区：10–14 小和按 10", "Shizhong district: 10–14 is a small win, 10"),
                "chipiao": ("五通桥、犍为、沐川：11–20 吃漂按 20", "Wutongqiao, Qianwei, Muchuan: 11–20 is 吃漂, 20"),
            },
            default_from("leshan", "[003]", _GRADING_WHY),
            _GRADING_WHY,
            ("[003]",),
        ),
        declare_option(POINT_WORD.zh),
        option(
            "full_hundred",
            IN_PLAY,
            ("满百：超过 100 和是否按 100 和算？", "满百: is a total over 100 counted as 100?"),
            {"true": ("按 100 算", "yes"), "false": ("不封顶", "no cap")},
            _p(False, "[003]", "满百只是部分地方的规矩", "满百 (cap at 100) is only some places' custom"),
            ("[003] 说只是部分地方的规矩，默认不用", "[003] calls it a local custom: off by default"),
            ("[003]",),
        ),
        option(
            "turned_win_payer",
            IN_PLAY,
            ("和的是翻出来的牌，谁付？", "A win on a turned card: who pays?"),
            {
                "each": ("其余每家各付总和数", "every other player pays the total"),
                "turner": ("翻牌的人付总和数乘人数", "the turner pays the total times the players"),
            },
            _p("each", "[003]", "翻牌被和时谁付未载，默认其余每家各付总和数", "not given: each other player pays"),
            ("[003] 只说抬炮者怎么付；默认各家分摊", "[003] gives only the discarder's payment; default each pays"),
            ("[003]",),
        ),
        option(
            "tianhe_fan",
            IN_PLAY,
            ("天和加几番？", "How many doublings for 天和?"),
            {"1": ("一番（乐山）", "one (Leshan)"), "2": ("两番（眉山、仁寿）", "two (Meishan, Renshou)")},
            _p(1, "[003]", "天和加一番（眉山、仁寿加两番）", "天和 doubles once (Meishan, Renshou: twice)"),
            ("照 [003] 所讲的乐山规则", "The Leshan rule [003] describes"),
            ("[003]",),
        ),
        option(
            "leshan_match",
            IN_PLAY,
            ("连打几局时怎么坐庄？", "In a sitting, how is the dealer chosen?"),
            {
                "traditional": ("传统：赢家洗牌，每局叨牌定庄", "traditional: winner shuffles, cut each deal"),
                "dajuan": ("打圈：只叫一次庄，轮流当头家，圈一到圈十", "打圈: seats take turns, rounds 1–10"),
            },
            _p("traditional", "[003]", "两种都见于 [003]；默认传统打法", "both in [003]; traditional by default"),
            ("[003] 先讲传统打法，打圈是“新打法”", "[003] tells the traditional way first; 打圈 is a newer one"),
            ("[003]",),
        ),
        option(
            "quan",
            IN_PLAY,
            ("这一局是打圈的第几圈？", "Which round of 打圈 is this deal in?"),
            _QUAN_CHOICES,
            _p(0, "engine", "由连打的比赛按圈定下；单独一局不打圈", "set by the match; a lone deal has none"),
            ("圈数由比赛算出，写进每局的牌谱", "the match works the round out and writes it in each deal's record"),
            ("[003]",),
        ),
        option(
            "quan_sets",
            IN_PLAY,
            ("哪些房里的红“圈字”加番？", "Which sets holding the red round card add a doubling?"),
            {
                "identical": ("对、开成的，或原手的坎、滚：一番", "a 对 or 开 made, or a held 坎 or 滚: one doubling"),
                "any": ("凡含这张红牌的房各加一番", "every set holding that red card adds one"),
            },
            _p("identical", "[003]", "[003] 只列对、开、坎、滚", "[003] lists only 对, 开, 坎 and 滚"),
            (
                "红圈字只有四张，对、开、坎、滚一手里至多一房；连子、半边字里的不算，是照 [003] 的列举",
                "only four copies exist, so a hand has at most one such set; runs and mixed sets follow [003]'s list",
            ),
            ("[003]",),
        ),
        option(
            "lazhuang",
            IN_PLAY,
            ("打圈时头家和了牌怎样？", "In 打圈, what happens when the first player wins?"),
            {
                "stay": ("拉庄：下一局还当头家，和数照常", "拉庄: first player again next deal, payments as usual"),
                "pass": ("不拉庄：照样轮给下家", "no 拉庄: the turn passes on as usual"),
            },
            _p("stay", "engine", "[003] 说“可拉庄”，未说是否加注：默认总拉庄、不加注", "[003]: “may 拉庄”"),
            (
                "[003] 只说头家和牌后可拉庄、继续当头家，没说输赢是否加码：默认拉庄，和数不变",
                "[003] says only that a winning first player may stay on; nothing about stakes, so none are added",
            ),
            ("[003]",),
        ),
        option(
            "dajuan_no_win",
            IN_PLAY,
            ("打圈时一局没人和，下一局谁当头家？", "In 打圈, who is first player after a deal nobody won?"),
            {"next": ("轮给下家", "the next seat"), "same": ("头家再当一局", "the same first player again")},
            _p("next", "engine", "[003] 未载：只有和了牌才拉庄", "[003] is silent: only a win keeps the seat"),
            ("[003] 只说和了牌才拉庄，所以没人和就照常轮转", "[003] keeps the seat only on a win, so it moves on"),
            ("[003]",),
        ),
        option(
            "dajuan_shuffler",
            IN_PLAY,
            ("打圈时谁洗牌？", "In 打圈, who shuffles?"),
            {
                "winner": ("同传统打法：上局和牌的人（没人和：上局洗牌的人）", "as traditional: the last winner"),
                "dealer": ("头家自己洗", "the first player"),
            },
            _p("winner", "engine", "[003] 说打圈大致同传统打法", "[003]: 打圈 is much like the traditional way"),
            ("[003] 没讲打圈谁洗牌，只说其余大致相同", "[003] does not say; the rest is “much the same”"),
            ("[003]",),
        ),
        option(
            "xiaojia_self_draw_double",
            IN_PLAY,
            ("小家自摸和牌加不加倍？", "Does the 小家's self-drawn win count double?"),
            {"true": ("加倍（眉山等地）", "yes (Meishan and nearby)"), "false": ("不加倍", "no")},
            _p(False, "[003]", "眉山小家自摸加倍，乐山不加", "Meishan doubles 小家's self-drawn win; Leshan does not"),
            ("[003] 说是眉山等地的规矩，默认不用", "[003] calls it a Meishan custom: off by default"),
            ("[003]",),
        ),
    )
)
