"""The 名堂 tables of Luzhou Da Er: the rule sheet's doublings [001] (``luzhou-a``), and the encyclopedia
entry's advanced 大贰名堂 table, its ordinary grading and its 等 grades [004] (``luzhou-b``).

``luzhou.py`` hands them to the shared hand analysis through its ``Variant``; this module holds the data.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.sourced import Sourced
from ..core.text import Text
from .patterns import Grade, HandFacts, PatternDef, _b, _src
from .rules import RuleSet
from .sets import SetKind

# ---------------------------------------------------------------- 名堂 and grades

_A = _src("[001]", "泸州规则单“名堂加翻”", "Luzhou rule sheet, doublings (名堂加翻)")


def _kun_luzhou(f: HandFacts) -> int:
    return _b(all(s.points > 0 for s in f.sets if s.kind is not SetKind.PAIR))


LUZHOU_A_PATTERNS: tuple[PatternDef, ...] = (
    PatternDef(
        "red",
        Text("红", "red"),
        _A(1),
        "doubling",
        Text("七列中红牌十张或以上", "ten or more red cards in the seven sets"),
        lambda f: _b(f.red >= 10),
    ),
    PatternDef(
        "black",
        Text("黑", "black"),
        _A(3),
        "doubling",
        Text("七列全是黑牌", "no red card at all"),
        lambda f: _b(f.red == 0),
    ),
    PatternDef(
        "kun",
        Text("坤", "kun (every set scores)"),
        _A(1),
        "doubling",
        Text("除吊对外每列都有胡子", "every set except the pair scores hu points"),
        _kun_luzhou,
    ),
    PatternDef(
        "kong-or-four",
        Text("招、龙", "each kong or held four"),
        _A(1),
        "doubling",
        Text("每一招、每一龙各加一翻", "one doubling for each kong and each held four"),
        lambda f: f.count(SetKind.KONG, SetKind.FOUR),
    ),
    PatternDef(
        "heaven",
        Text("天胡", "heavenly win"),
        _A(1),
        "doubling",
        Text("庄家起手二十一张即胡（需牌局经过）", "the dealer wins on the dealt 21 cards (needs the deal)"),
    ),
    PatternDef(
        "first-stock-card",
        Text("水上漂", "win on the first stock card"),
        _A(1),
        "doubling",
        Text("胡堂底第一张牌（需牌局经过）", "the win is on the first card turned from the stock (needs the deal)"),
    ),
    PatternDef(
        "last-stock-card",
        Text("海底", "win on the last stock card"),
        _A(1),
        "doubling",
        Text("胡堂底最后一张暗牌（需牌局经过）", "the win is on the last hidden stock card (needs the deal)"),
    ),
)


# ---------------------------------------------------------------- Luzhou, encyclopedia entry [004]

_B = _src("[004]", "泸州大贰词条“大贰名堂”", "Luzhou encyclopedia entry, advanced 名堂 table")
_B_ORD = _src("[004]", "泸州大贰词条“普通算等玩法”", "Luzhou encyclopedia entry, ordinary grading")


def _red_spread(f: HandFacts) -> list[int]:
    return sorted((s.red for s in f.sets if s.red), reverse=True)


def _yin(kind: SetKind) -> Callable[[HandFacts], int]:
    return lambda f: _b(f.red == 4 and any(s.red == 4 and s.kind is kind for s in f.sets))


def _runs_123(f: HandFacts, big: bool) -> int:
    return sum(1 for s in f.sets if s.kind is SetKind.RUN and s.cards[0].number == 1 and s.cards[0].big == big)


def _two_seven_tens(f: HandFacts, big: bool) -> int:
    return sum(1 for s in f.sets if s.kind is SetKind.TWO_SEVEN_TEN and s.cards[0].big == big)


def _double_ribbon(f: HandFacts) -> int:
    """[004] 双飘带: two 1-2-3 and two 2-7-10; option ``ribbon_case`` says whether all four share one case."""
    if f.rules.option("ribbon_case") == "one-case":
        return _b(any(_runs_123(f, big) >= 2 and _two_seven_tens(f, big) >= 2 for big in (False, True)))
    return _b(
        any(_runs_123(f, big) >= 2 for big in (False, True))
        and any(_two_seven_tens(f, big) >= 2 for big in (False, True))
    )


def _clear(f: HandFacts) -> int:
    return _b(not any(_runs_123(f, big) or _two_seven_tens(f, big) for big in (False, True)))


def _plain_b(f: HandFacts) -> int:
    return 1


def plain_win_value(points: int, rules: RuleSet) -> int:
    """[004] 平胡: 2 番, or 4 番 at 27 hu (option ``b_27``: from 27 on, or exactly 27)."""
    if rules.option("b_27") == "exactly":
        return 4 if points == 27 else 2
    return 4 if points >= 27 else 2


LUZHOU_B_ADVANCED: tuple[PatternDef, ...] = (
    PatternDef(
        "red-win",
        Text("红胡", "red win"),
        _B(8),
        "fan",
        Text("红牌十张或以上", "ten or more red cards"),
        lambda f: _b(f.red >= 10),
    ),
    PatternDef(
        "seal-kong",
        Text("招印", "seal in a kong"),
        _B(8),
        "fan",
        Text("恰好四张红牌，同在一招", "exactly four red cards, all in one kong"),
        _yin(SetKind.KONG),
    ),
    PatternDef(
        "seal-four",
        Text("壠印", "seal in a held four"),
        _B(16),
        "fan",
        Text("恰好四张红牌，同在一壠", "exactly four red cards, all in one held four"),
        _yin(SetKind.FOUR),
    ),
    PatternDef(
        "seal-one-three",
        Text("合印", "seal split 1 + 3"),
        _B(8),
        "fan",
        Text("恰好四张红牌，分在两列（一张、三张）", "exactly four red cards, in two sets (one and three)"),
        lambda f: _b(f.red == 4 and _red_spread(f) == [3, 1]),
    ),
    PatternDef(
        "seal-scattered",
        Text("散印", "scattered seal"),
        _B(8),
        "fan",
        Text("恰好四张红牌，分在四列", "exactly four red cards, in four different sets"),
        lambda f: _b(f.red == 4 and _red_spread(f) == [1, 1, 1, 1]),
    ),
    PatternDef(
        "slant",
        Text("偏", "slant"),
        _B(4),
        "fan",
        Text("恰好三张红牌，同在一列", "exactly three red cards, all in one set"),
        lambda f: _b(f.red == 3 and _red_spread(f) == [3]),
    ),
    PatternDef(
        "flower",
        Text("花", "flower"),
        _B(8),
        "fan",
        Text("红牌分散在六列", "red cards in exactly six of the seven sets"),
        lambda f: _b(f.sets_with_red == 6),
    ),
    PatternDef(
        "gold-everywhere",
        Text("遍地金", "gold everywhere"),
        _B(32),
        "fan",
        Text("七列都有红牌", "red cards in all seven sets"),
        lambda f: _b(f.sets_with_red == 7),
    ),
    PatternDef(
        "thirteen-red",
        Text("十三太保", "thirteen red"),
        _B(32),
        "fan",
        Text("恰好十三张红牌", "exactly thirteen red cards"),
        lambda f: _b(f.red == 13),
    ),
    PatternDef(
        "fifteen-red",
        Text("十五观灯", "fifteen red"),
        _B(32),
        "fan",
        Text("恰好十五张红牌", "exactly fifteen red cards"),
        lambda f: _b(f.red == 15),
    ),
    PatternDef(
        "black-win", Text("乌胡", "black win"), _B(32), "fan", Text("没有红牌", "no red card"), lambda f: _b(f.red == 0)
    ),
    PatternDef(
        "round-ten",
        Text("恰", "round ten"),
        _B(2),
        "fan",
        Text("胡数恰为十、二十、三十……", "exactly 10, 20, 30 … hu points"),
        lambda f: _b(f.points >= 10 and f.points % 10 == 0),
    ),
    PatternDef(
        "clear",
        Text("青", "clear"),
        _B(8),
        "fan",
        Text("没有一二三、二七十（大小皆同）", "no 1-2-3 and no 2-7-10 set (either case)"),
        _clear,
    ),
    PatternDef(
        "floating",
        Text("飘", "floating"),
        Sourced(None, "[004]", Text("[004] 列出“飘”但未给番数", "[004] names 飘 but gives no value")),
        "fan",
        Text("没有坎，也没有壠", "no held triple and no held four"),
        lambda f: _b(not f.has_held),
    ),
    PatternDef(
        "double-ribbon",
        Text("双飘带", "double ribbon"),
        _B(32),
        "fan",
        Text(
            "一二三、二七十各两列，大小写相同（怎样算相同，见下面的选项表）",
            "two 1-2-3 and two 2-7-10 sets of a matching case (which match: see the options below)",
        ),
        _double_ribbon,
    ),
    PatternDef(
        "eighteen-big",
        Text("十八大", "eighteen big"),
        _B(16),
        "fan",
        Text("大写牌十八张或以上", "eighteen or more big cards"),
        lambda f: _b(f.big >= 18),
    ),
    PatternDef(
        "eighteen-small",
        Text("十八小", "eighteen small"),
        _B(16),
        "fan",
        Text("小写牌十八张或以上", "eighteen or more small cards"),
        lambda f: _b(f.small >= 18),
    ),
    PatternDef(
        "sisters",
        Text("姊妹碰、姊妹招、姊妹壠", "sister pongs, kongs, fours"),
        Sourced(
            "2 / 8 / 32",
            "[004]",
            Text("[004] 给出番数，但没有说明何为“姊妹”", "[004] gives the values but does not define “sisters”"),
        ),
        "fan",
        Text("来源未定义，引擎不判", "not defined by the source, so the engine does not award it"),
    ),
    PatternDef("heaven", Text("天胡", "heavenly win"), _B(8), "fan", Text("需牌局经过", "needs the deal")),
    PatternDef("earth", Text("地胡", "earthly win"), _B(8), "fan", Text("需牌局经过", "needs the deal")),
    PatternDef(
        "returning-dragon",
        Text("回龙地胡", "returning-dragon earthly win"),
        _B(4),
        "fan",
        Text("闲家打出的第一张牌庄家胡（需牌局经过）", "the dealer wins on a player's first discard (needs the deal)"),
    ),
)

LUZHOU_B_PLAIN = PatternDef(
    "plain",
    Text("平胡", "plain win"),
    Sourced(
        2,
        "[004]",
        Text(
            "没有名堂时二番；27 胡为四番（27 胡以上还是恰好 27，是选项之一）",
            "2 fan without any 名堂; 4 fan at 27 hu (27 and over, or exactly 27: one of the options)",
        ),
    ),
    "fan",
    Text("没有其他名堂", "no other 名堂"),
    _plain_b,
)

LUZHOU_B_ORDINARY: tuple[PatternDef, ...] = (
    PatternDef(
        "red",
        Text("红", "red"),
        _B_ORD(2),
        "multiplier",
        Text("红牌十张或以上（按红胡）", "ten or more red cards (as 红胡)"),
        lambda f: _b(f.red >= 10),
    ),
    PatternDef(
        "black", Text("乌", "black"), _B_ORD(4), "multiplier", Text("没有红牌", "no red card"), lambda f: _b(f.red == 0)
    ),
    PatternDef("heaven", Text("天胡", "heavenly win"), _B_ORD(2), "multiplier", Text("需牌局经过", "needs the deal")),
    PatternDef("earth", Text("地胡", "earthly win"), _B_ORD(2), "multiplier", Text("需牌局经过", "needs the deal")),
)


def luzhou_b_grade(points: int) -> Grade | None:
    """[004] 等: 10 hu is grade 1, 11–20 grade 2, 21–30 grade 3 …

    >>> [luzhou_b_grade(p).value for p in (10, 11, 20, 21)]
    [1, 2, 2, 3]
    """
    if points < 10:
        return None
    value = 1 + (points - 10 + 9) // 10
    return Grade(
        "deng",
        Text(f"{value} 等", f"grade {value}"),
        value,
        "[004]",
        Text("10 胡一等，每多十胡（不足十胡亦算）加一等", "10 hu is grade 1; each further ten or part of ten adds one"),
    )
