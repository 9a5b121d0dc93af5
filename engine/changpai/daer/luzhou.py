"""Luzhou Da Er 泸州大贰, in the two readings of the sources: the rule sheet [001] (``luzhou-a``) and the
encyclopedia entry [004] (``luzhou-b``).

Everything the engine does differently for Luzhou is here: the words, the 名堂 tables and [004]'s grades,
how a held four (龙 / 壠) is shown, the payments, the hand's point table and the parameters of play.
The shared machinery (``rules``, ``analysis``, ``deal``, ``settlement``) calls these through ``Variant``.

>>> LUZHOU_A.points_of(SetKind.KAN, (Card(2), Card(2), Card(2)))
9
>>> [luzhou_a_row(p) for p in (10, 30)]
[(5, 3, 2), (8, 6, 2)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..core.sourced import Sourced
from ..core.table import seat_name
from ..core.text import Text
from ..decks.numerals import Card
from .actions import action_words, native_words
from .patterns import Grade, HandFacts, PatternDef, _b, _src
from .playrules import (
    _COMMON,
    _SILENT,
    EAT_OWN_TURN_ONLY,
    EAT_PREV_DISCARD_ONLY,
    EAT_PREV_DISCARD_OR_TURN,
    FOUR_DEALER_FIRST_OTHERS_AFTER_CLAIM,
    PENALTY_BARRED,
    PlayRules,
    _p,
)
from .rules import SPECIAL_SETS, RuleSet, Variant, _frozen, _names, _row, _s
from .sets import SetKind
from .settlement import Settlement, _hits, _losers, _pattern_value

if TYPE_CHECKING:
    from .deal import Deal, WinInfo

# ---------------------------------------------------------------- words

TRADITION = Text("泸州大贰", "Luzhou Da Er")  # both rule sets' tradition ([001] rule sheet, [004] encyclopedia)
WORDS_A = action_words("胡", "比", "叫牌", "放炮", "[001]")
WORDS_B = action_words("胡", "比", "叫牌", "放炮", "[004]", silent="discarder")


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
    if f.rules.ribbon_case == "one-case":
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
    if rules.b_27 == "exactly":
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
            "一二三、二七十各两列，大小写相同（怎样算相同见选项 ribbon_case）",
            "two 1-2-3 and two 2-7-10 sets of a matching case (which match: option ribbon_case)",
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
        Text("没有名堂时二番；27 胡为四番（见选项 b_27）", "2 fan without any 名堂; 4 fan at 27 hu (option b_27)"),
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


def _patterns_a(rules: RuleSet) -> tuple[PatternDef, ...]:
    return LUZHOU_A_PATTERNS


def _patterns_b(rules: RuleSet) -> tuple[PatternDef, ...]:
    """[004]'s table: the advanced 大贰名堂, or the ordinary grading (option ``b_mode``)."""
    return LUZHOU_B_ADVANCED if rules.b_mode == "advanced" else LUZHOU_B_ORDINARY


def _plain_win_b(rules: RuleSet) -> PatternDef | None:
    return LUZHOU_B_PLAIN if rules.b_mode == "advanced" else None


def _grade_b(points: int, rules: RuleSet) -> Grade | None:
    return luzhou_b_grade(points)


def _special_points_b(rules: RuleSet) -> Mapping[str, Sourced[int]]:
    """[004] gives no points for special sets; option ``special_sets`` borrows [001]'s."""
    return LUZHOU_A.special_points if rules.special_sets == "luzhou-a" else rules.special_points


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


# ---------------------------------------------------------------- payments


def luzhou_a_row(points: int, *, extrapolate: bool = True, no_hu: bool = False) -> tuple[int, int, int]:
    """(each loser pays, to the winner, to 坐底) for a win of ``points`` hu [001].

    >>> [luzhou_a_row(p) for p in (10, 15, 20, 25, 30, 40, 45)]
    [(5, 3, 2), (3, 2, 1), (6, 4, 2), (4, 3, 1), (8, 6, 2), (10, 8, 2), (6, 5, 1)]
    """
    if no_hu:
        return (6, 4, 2)
    if points == 10:
        return (5, 3, 2)
    tens = points // 10
    if not extrapolate and points >= 50:
        tens, points = 4, 41  # the table stops at 49: cap there
    if points % 10 == 0:
        return (2 * tens + 2, 2 * tens, 2)
    return (tens + 2, tens + 1, 1)


def _luzhou_a(deal: Deal, win: WinInfo, out: Settlement) -> None:
    opts = dict(deal.play_rules.options.value)
    no_hu = win.points == 0 and opts["allow_no_hu_win"]
    extrapolate = opts["extrapolate_above_49"]
    points = win.points  # the declared reading (``settlement.declare``)
    pay, to_winner, to_sitter = luzhou_a_row(points, extrapolate=extrapolate, no_hu=no_hu)
    out.points = pay
    out.lines.append(
        Text(
            f"{points} 胡：每家输 {pay} 分（胡家 {to_winner}，坐底 {to_sitter}）",
            f"{points} hu: each loser pays {pay} ({to_winner} to the winner, {to_sitter} to the sitter)",
        )
    )
    fan = 0
    for hit in _hits(win):
        if hit.unit == "doubling" and isinstance(hit.value, int):
            if hit.code == "kong-or-four" and not opts["fan_each_kong_and_four"]:
                continue
            fan += hit.value
            out.lines.append(
                Text(
                    f"{hit.name.zh}：加 {hit.value} 翻",
                    f"{hit.name.en}: doubled {hit.value} {'time' if hit.value == 1 else 'times'}",
                )
            )
    for code in ("heaven", "first-stock-card", "last-stock-card"):
        if code in win.context:
            value = _pattern_value(deal, code)
            fan += value
            name = {
                "heaven": Text("天胡", "heavenly win"),
                "first-stock-card": Text("水上漂", "first stock card"),
                "last-stock-card": Text("海底", "last stock card"),
            }[code]
            out.lines.append(
                Text(f"{name.zh}：加 {value} 翻", f"{name.en}: doubled {value} {'time' if value == 1 else 'times'}")
            )
    if "self-turn" in win.context:
        fan += 1
        out.lines.append(Text("自摸加翻：胡自己翻出的牌，加倍", "自摸加翻: a win on one's own turned card doubles"))
    mult = 2**fan
    each = pay * mult
    cap = opts["cap"]
    if cap and each > cap:
        out.lines.append(Text(f"封顶 {cap} 分", f"capped at {cap}"))
        each = cap
    sitter_part = to_sitter * each // pay
    sitter = deal.table.sitter
    if sitter is None:
        sitter_part = 0  # three at the table: no 坐底, the winner takes all (engine reading)
    losers = _losers(deal, win.seat)
    if win.how == "discard" and win.source in losers:
        # 放炮兜底: the discarder pays for both losers [001]
        shares = {win.source: 2}
        who = seat_name(win.source)
        out.lines.append(Text(f"放炮兜底：{who.zh}包两家", f"放炮兜底: {who.en} pays for both losers"))
    else:
        shares = {s: 1 for s in losers}
    for s, k in shares.items():
        out.payments[s] -= each * k
        out.payments[win.seat] += (each - sitter_part) * k
        if sitter is not None:
            out.payments[sitter] += sitter_part * k


def _luzhou_b(deal: Deal, win: WinInfo, out: Settlement) -> None:
    """[004]. Ordinary play (the default, as [004]'s worked example): grade points (at least 2) plus the 底家's 1,
    times every multiplier (红, 天, 地 ×2; 乌 ×4). Advanced play "不依賴胡的多少": the 番 of the 名堂 (added, or
    multiplied under ``fan_combine``) take the place of the grade points; the 底家's 1 is added, undoubled.
    平胡 only when no 名堂 applies, 天胡 / 地胡 / 回龙地胡 included (反之稱為平胡)."""
    advanced = deal.rules.b_mode == "advanced"
    combine = dict(deal.play_rules.options.value)["fan_combine"]
    names = {p.code: p.name for p in deal.rules.patterns}
    factors: list[int] = []
    deal_hits: list[tuple[Text, int]] = []
    for code in ("heaven", "earth", "returning-dragon"):
        value = _pattern_value(deal, code) if code in win.context else 0
        if value:
            deal_hits.append((names[code], value))
    for hit in _hits(win):
        if hit.code == "plain" and deal_hits:
            continue  # 天胡 / 地胡 / 回龙地胡 are 名堂 themselves: no 平胡 beside them
        if isinstance(hit.value, int) and hit.unit in ("multiplier", "fan"):
            factors.append(hit.value)
            out.lines.append(
                Text(
                    f"{hit.name.zh}：{hit.value} 番" if advanced else f"{hit.name.zh}：×{hit.value}",
                    f"{hit.name.en}: {hit.value} fan" if advanced else f"{hit.name.en}: ×{hit.value}",
                )
            )
    for name, value in deal_hits:
        factors.append(value)
        out.lines.append(
            Text(
                f"{name.zh}：{value} 番" if advanced else f"{name.zh}：×{value}",
                f"{name.en}: {value} fan" if advanced else f"{name.en}: ×{value}",
            )
        )
    sitter = deal.table.sitter
    extra = 1 if sitter is not None else 0
    losers = _losers(deal, win.seat)
    if advanced:
        if not factors:
            factors = [plain_win_value(win.points, deal.rules)]
            out.lines.append(Text(f"平胡：{factors[0]} 番", f"plain win: {factors[0]} fan"))
        fan = 1
        if combine == "add":
            fan = sum(factors)
        else:
            for f in factors:
                fan *= f
        each = fan + extra
        to_sitter = extra
        shown = (f"{fan}+1 = {each}", f"{fan}+1 = {each}") if extra else (str(each), str(each))
    else:
        grade = luzhou_b_grade(win.points)
        grade_value = grade.value if grade else 1
        base = max(grade_value, 2)  # "最少计2分"
        out.lines.append(
            Text(
                f"{win.points} 胡 = {grade_value} 等，计 {base} 分（最少 2 分）",
                f"{win.points} hu = grade {grade_value}, {base} points (at least 2)",
            )
        )
        mult = 1
        for f in factors:
            mult *= f
        each = (base + extra) * mult
        to_sitter = extra * mult
        shown = (f"({base}+1)×{mult} = {each}", f"({base}+1)×{mult} = {each}") if extra else (str(each), str(each))
    out.points = each
    for s in losers:
        out.payments[s] -= each
    net = each * len(losers) - to_sitter
    out.payments[win.seat] += net
    if sitter is not None:
        out.payments[sitter] += to_sitter
        out.lines.append(
            Text(
                f"每家输 {shown[0]}；胡家净得 {net}；底家得 {to_sitter}",
                f"each loser pays {shown[1]}; the winner nets {net}; the sitter gets {to_sitter}",
            )
        )
    else:
        out.lines.append(Text(f"每家输 {each}", f"each loser pays {each}"))


# ---------------------------------------------------------------- the hand: points and names

VARIANT_A = Variant(words=WORDS_A, patterns=_patterns_a, settle=_luzhou_a, four_display=_four_display)
VARIANT_B = Variant(
    words=WORDS_B,
    patterns=_patterns_b,
    settle=_luzhou_b,
    four_display=_four_display,
    grade=_grade_b,
    plain_win=_plain_win_b,
    plain_win_value=plain_win_value,
    special_points=_special_points_b,
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
    family="luzhou-a",
    variant=VARIANT_A,
    kan_fourth_elsewhere="false",  # [001] 招牌 "必須招牌"
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
    family="luzhou-b",
    variant=VARIANT_B,
)


# ---------------------------------------------------------------- play

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

PLAY_A = PlayRules(
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
    passed_eat_barred=_p(
        True,
        "[001]",
        "过张不能吃；[001] 把自己翻出或别人打出的无用牌也叫过张，"
        "引擎只记能吃而未吃的牌（手牌只减不增，两种读法几乎没有差别）",
        "a passed card may not be eaten; [001] also calls useless cards one turned or others discarded 过张, the "
        "engine records only cards one could have eaten (a hand only shrinks, so the readings hardly ever differ)",
    ),
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
)

PLAY_B = PlayRules(
    name="luzhou-b",
    title=Text("泸州大贰（规则 B，[004]）", "Luzhou Da Er (rule set B, [004])"),
    red_last_card_moves_front=_p(
        True,
        "[004]",
        "亮出的最后一张底牌若是红牌，数完底牌后要挪到剩下那叠牌的最前头",
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
    pong_own_turn=_p(
        False,
        "[004]",
        "[004] 只说别人打或摸的牌可以碰、招，不含自己翻出的",
        "[004] lets one pong or kong another player's discard or turned card, not one's own turned card",
    ),
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
    **{k: v for k, v in _COMMON.items() if k != "pong_own_turn"},
    **_LUZHOU_COMMON,
)
