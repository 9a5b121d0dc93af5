"""The options of Wuchuan Da Er (``wuchuan``'s companion): what [000] leaves open, with the engine's defaults
(the payouts, the counting fee and the 包牌 amount among them), each with its question, choices and why.

>>> [o.name for o in OPTIONS][:3]
['win_on_pair', 'wuchuan_piao_18', 'kong_is_held']
"""

from __future__ import annotations

from ..core.options import OptionDef, default_from, option
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
)
from .playrules import _SILENT, _p

_PIAO_18_WHY = (
    "默认大胡：大胡的条件先列出，“以上”含本数",
    "Default big: the big-win list comes first and “以上” includes 18",
)
_RED_NO_KAN_WHY = (
    "[000] 的红胡要有坎，飘胡要没有十红，这手两样都不是；默认按最小的小胡",
    "[000]'s 红胡 needs a 坎 and its 飘胡 fewer than ten red, so neither fits; default the smallest, 小胡",
)
# the payouts share one note: [000] gives the classes, the amounts are the engine's
_PAYOUTS = (
    "[000] 只给出胡的大小分级，未给赔付：默认小胡 1、中胡 2、大胡 4（每家），数底费 1",
    "[000] gives the win classes but no payouts: default small 1, middle 2, big 4 from each loser, counting fee 1",
)


def _payout(
    name: str, question: tuple[str, str], value: int, why: tuple[str, str], sources: tuple[str, ...]
) -> OptionDef:
    return option(name, IN_PLAY, question, {"N": ("N 分", "N")}, _p(value, _SILENT, *_PAYOUTS), why, sources)


OPTIONS = OptionSet(
    (
        WIN_ON_PAIR,
        option(
            "wuchuan_piao_18",
            ON_HAND,
            ("恰好 18 胡的飘胡是大胡还是中胡？", "Is a piao win of exactly 18 big or middle?"),
            {
                "big": ("大胡（“十八以上”）", "big (“18 and over”)"),
                "middle": ("中胡（“十八胡以下”）", "middle (“18 and under”)"),
            },
            default_from("big", "[000]", _PIAO_18_WHY),
            _PIAO_18_WHY,
            ("[000]",),
        ),
        KONG_IS_HELD,
        option(
            "wuchuan_red_no_kan",
            ON_HAND,
            (
                "十张以上红牌、没有坎、不足 18 胡：算哪一等胡？",
                "Ten or more red cards, no 坎, under 18: which class of win?",
            ),
            {"small": ("小胡", "small win (小胡)"), "middle": ("中胡", "middle win (中胡)")},
            default_from("small", "[000]", _RED_NO_KAN_WHY),
            _RED_NO_KAN_WHY,
            ("[000]",),
        ),
        KAN_FOURTH_ELSEWHERE.defaulting(Sourced("false", "[000]", KAN_FOURTH_ELSEWHERE.why)),  # "必须四归一“开招”"
        DECLARE,
        _payout(
            "small_win",
            ("小胡每家付多少？", "What does each loser pay for a small win (小胡)?"),
            1,
            ("[000] 只分大小胡，没有给数：引擎取 1", "[000] names the classes but gives no amounts: 1"),
            ("[000]", "engine"),
        ),
        _payout(
            "middle_win",
            ("中胡每家付多少？", "What does each loser pay for a middle win (中胡)?"),
            2,
            ("[000] 没有给数：引擎取 2", "[000] gives no amount: 2"),
            ("[000]", "engine"),
        ),
        _payout(
            "big_win",
            ("大胡每家付多少？", "What does each loser pay for a big win (大胡)?"),
            4,
            ("[000] 说大胡是“两打”，没有说值多少：引擎取 4", "[000] calls it 两打 without a value: 4"),
            ("[000]", "engine"),
        ),
        _payout(
            "counting_fee",
            ("胡家给数底的人多少数底费？", "What counting fee does the winner pay the stock counter?"),
            1,
            ("[000] 有数底费，没有给数：引擎取 1", "[000] has the fee but no amount: 1"),
            ("[000]", "engine"),
        ),
        dealer_after_no_win(
            (
                "[000] 没有说下一盘谁打庄：本站照泸州 [001]，胡牌的人打庄；没人胡（和局）时原庄家再打",
                "[000] does not say who deals next: as Luzhou's [001], the winner; after a drawn deal, the same dealer",
            ),
            ("[000]", "[001]", "engine"),
        ),
        option(
            "penalty_amount",
            IN_PLAY,
            ("包牌的人赔每家多少？", "How much does a 包牌 cost, to each other player?"),
            {"N": ("N 分", "N")},
            _p(
                4,
                _SILENT,
                "[000] 未说包牌赔多少，默认赔每家一个大胡（4）",
                "[000] gives no amount; default a 大胡 payment (4) to each",
            ),
            (
                "[000] 只说“负三家”：引擎按赔每家一个大胡（4）",
                "[000] only says the violator pays all three: a big win, 4",
            ),
            ("[000]", "engine"),
        ),
        option(
            "penalty_ends_deal",
            IN_PLAY,
            ("包牌以后这一盘还打不打？", "Does the deal go on after a 包牌?"),
            {"true": ("这一盘结束", "the deal ends"), "false": ("接着打", "play goes on")},
            _p(
                True,
                _SILENT,
                "[000] 未说包牌后是否续打，默认结束本盘",
                "[000] does not say whether play continues; default the deal ends",
            ),
            ("[000] 没有说：引擎结束这一盘", "[000] does not say: the engine ends the deal"),
            ("[000]", "engine"),
        ),
    )
)
