"""Named hand patterns (名堂) and grades that can be read from a winning hand alone.

Each pattern is a ``PatternDef``: a stable code, its name in the tradition's words, its value with
the source it comes from, the condition in both languages, and a small test on ``HandFacts``.
Patterns that need the course of the deal (天胡, 地胡, 海底 …) are listed with ``test=None`` so the
reference page shows them, but the hand analysis cannot award them.

Units of ``value``:

* ``doubling`` – each step doubles the score (Luzhou [001] 翻, Leshan [003] 番);
* ``fan`` – a 番 count from the advanced table of [004];
* ``multiplier`` – a factor (×2, ×4) from the ordinary table of [004];
* ``class`` – Wuchuan [000] win classes: ``big`` 大胡, ``middle`` 中胡, ``small`` 小胡.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.sourced import Sourced
from ..core.text import Text
from ..decks.numerals import Card
from .sets import SetKind

if TYPE_CHECKING:
    from .rules import RuleSet


@dataclass(frozen=True, slots=True)
class SetFact:
    """One set of a split as the pattern tests see it."""

    kind: SetKind
    cards: tuple[Card, ...]
    points: int
    origin: str  # "hand" (all from the concealed hand), "table" (laid out before), "win" (holds the win card)
    red: int  # red cards in the set, by the tradition's colours

    @property
    def from_original_hand(self) -> bool:
        """Held since the deal (原手): a 坎 / 龙, or a set made only of concealed cards."""
        return self.kind.held or self.origin == "hand"


@dataclass(frozen=True, slots=True)
class HandFacts:
    sets: tuple[SetFact, ...]
    points: int
    red: int
    big: int
    small: int
    hand_holds_two_seven_ten: bool  # the concealed hand (before the win card) holds 2, 7 and 10 of one case
    rules: RuleSet

    def count(self, *kinds: SetKind) -> int:
        return sum(1 for s in self.sets if s.kind in kinds)

    @property
    def sets_with_red(self) -> int:
        return sum(1 for s in self.sets if s.red)

    @property
    def has_held(self) -> bool:
        """Holds a 坎 or a held four (the sets a 飘 hand lacks); a 招 / 开招 too under option ``kong_is_held``."""
        kinds = (
            (SetKind.KAN, SetKind.FOUR, SetKind.KONG)
            if self.rules.kong_is_held == "yes"
            else (SetKind.KAN, SetKind.FOUR)
        )
        return any(s.kind in kinds for s in self.sets)


@dataclass(frozen=True)
class PatternDef:
    code: str
    name: Text
    value: Sourced[int | str | None]
    unit: str
    condition: Text
    test: Callable[[HandFacts], int] | None = None  # how many times it applies (0 = not at all)

    @property
    def readable(self) -> bool:
        return self.test is not None


CLASS_NAMES: dict[str, Text] = {
    "big": Text("大胡", "big win"),
    "middle": Text("中胡", "middle win"),
    "small": Text("小胡", "small win"),
}


def value_text(value: int | str | None, unit: str) -> Text:
    """A pattern's worth as players say it: 加 3 翻 (×8), 8 番, ×2, 大胡.

    >>> value_text(3, "doubling").en, value_text(8, "fan").zh, value_text("big", "class").zh
    ('3 doublings (×8)', '8 番', '大胡')
    """
    if value is None:
        return Text("未给出", "not given")
    if unit == "class" and isinstance(value, str) and value in CLASS_NAMES:
        return CLASS_NAMES[value]
    if isinstance(value, int):
        if unit == "multiplier":
            return Text(f"×{value}", f"×{value}")
        if unit == "doubling":  # n doublings multiply the score by 2**n
            plural = "s" if value != 1 else ""
            return Text(f"加 {value} 翻（×{2**value}）", f"{value} doubling{plural} (×{2**value})")
    if unit == "fan":  # also a list of values such as "2 / 8 / 32"
        return Text(f"{value} 番", f"{value} fan")
    return Text(str(value), str(value))


@dataclass(frozen=True, slots=True)
class PatternHit:
    code: str
    name: Text
    value: int | str | None  # the pattern's value times ``count`` when numeric
    count: int
    unit: str
    source: str

    def text(self) -> Text:
        """The hit in one line; ``value`` already counts every time it applies (two 招 → 加 2 翻)."""
        if self.unit == "class":  # Wuchuan: the name already says the class (大胡：黑胡)
            return self.name
        worth = value_text(self.value, self.unit)
        return Text(f"{self.name.zh}：{worth.zh}", f"{self.name.en}: {worth.en}")

    def as_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "name": self.name.as_dict(),
            "value": self.value,
            "count": self.count,
            "unit": self.unit,
            "source": self.source,
            "text": self.text().as_dict(),
        }


@dataclass(frozen=True, slots=True)
class Grade:
    """A total read from the points: [003]'s 小和 … 台和, [004]'s 等."""

    code: str
    name: Text
    value: int
    source: str
    note: Text

    def text(self) -> Text:
        if self.code == "deng":  # [004]'s grade is its own value: "2 等"
            return self.name
        return Text(f"{self.name.zh}：算 {self.value}", f"{self.name.en}: counts as {self.value}")

    def as_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "name": self.name.as_dict(),
            "value": self.value,
            "source": self.source,
            "note": self.note.as_dict(),
            "text": self.text().as_dict(),
        }


def detect(facts: HandFacts) -> list[PatternHit]:
    """Every readable pattern of the rule set that the hand shows, in the rule set's order."""
    hits: list[PatternHit] = []
    for pattern in facts.rules.patterns:
        if pattern.test is None:
            continue
        count = pattern.test(facts)
        if count:
            value = pattern.value.value
            shown = value * count if isinstance(value, int) else value
            hits.append(PatternHit(pattern.code, pattern.name, shown, count, pattern.unit, pattern.value.source))
    # [004] 平胡: only when no other 名堂 applies.
    plain = facts.rules.plain_win_pattern
    if plain is not None and not hits and plain.test is not None and plain.test(facts):
        value = plain_win_value(facts.points, facts.rules)
        hits.append(PatternHit(plain.code, plain.name, value, 1, plain.unit, plain.value.source))
    return hits


CLASS_RANK = {"big": 3, "middle": 2, "small": 1}


def weight(hits: list[PatternHit]) -> int:
    """A number that grows with the patterns' worth, used only to break ties between equal-point splits."""
    total = 0
    for hit in hits:
        if isinstance(hit.value, int):
            total += hit.value
        elif isinstance(hit.value, str):
            total += CLASS_RANK.get(hit.value, 0) * 100
    return total


def _b(condition: bool) -> int:
    return 1 if condition else 0


def _src(tag: str, zh: str, en: str) -> Callable[[int | str | None], Sourced[int | str | None]]:
    return lambda value: Sourced(value, tag, Text(zh, en))


# ---------------------------------------------------------------- Luzhou, rule sheet [001]

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


# ---------------------------------------------------------------- Leshan [003]

_L = _src("[003]", "乐山贰柒拾条目“和数计算”", "Leshan Er Qi Shi article, totals")


def _kun_leshan(f: HandFacts) -> int:
    counted = [s for s in f.sets if not (s.kind is SetKind.PAIR and f.rules.kun_pair == "excluded")]
    return _b(all(s.points > 0 for s in counted))


def _piao_leshan(f: HandFacts) -> int:
    scoring = [s for s in f.sets if s.points > 0]
    if not scoring or f.count(SetKind.KONG):
        return 0
    if f.hand_holds_two_seven_ten:  # held 龙灯: scoring and held, or broken up (拆开龙灯报瞟和)
        return 0
    return _b(not any(s.from_original_hand for s in scoring))


LESHAN_PATTERNS: tuple[PatternDef, ...] = (
    PatternDef(
        "kun",
        Text("坤和（房房数）", "kun win (every set scores)"),
        _L(1),
        "doubling",
        Text(
            "每房牌都有和数（桩子是否计入见选项 kun_pair）",
            "every set scores (whether the pair counts: option kun_pair)",
        ),
        _kun_leshan,
    ),
    PatternDef(
        "piao",
        Text("瞟和", "piao win"),
        _L(1),
        "doubling",
        Text(
            "有和数的房都不是原手持有，且没有开过",
            "every scoring set was claimed, none held from the deal, and no kong (开)",
        ),
        _piao_leshan,
    ),
    PatternDef(
        "heaven",
        Text("天和", "heavenly win"),
        Sourced(1, "[003]", Text("眉山、仁寿等地加两番", "two doublings in Meishan, Renshou and nearby")),
        "doubling",
        Text(
            "头家当底即和（需牌局经过）；眉山、仁寿等地算两番",
            "the dealer wins on the dealt 21 cards (needs the deal); two doublings in Meishan, Renshou and nearby",
        ),
    ),
    PatternDef(
        "earth",
        Text("地和", "earthly win"),
        _L(1),
        "doubling",
        Text("头家第一张出牌即抬炮（需牌局经过）", "a win on the dealer's first discard (needs the deal)"),
    ),
)


def leshan_grade(points: int, rules: RuleSet) -> Grade | None:
    """[003]: 小和 10–14 → 10, 中和 15–20 → 20, 大和 21–24 → 40, 30和 25–30 → 60, 台和 → rounded × 4.

    >>> from changpai.daer.rules import get_rules
    >>> [leshan_grade(p, get_rules("leshan")).value for p in (10, 15, 21, 25, 31, 36)]
    [10, 20, 40, 60, 120, 160]
    """
    if points < 10:
        return None
    rounded = (points + 5) // 10 * 10
    note_src = "[003]"
    if rules.leshan_grading == "chipiao" and points <= 20 and points >= 11:
        return Grade(
            "chipiao",
            Text("吃漂", "chipiao"),
            20,
            note_src,
            Text("五通桥、犍为、沐川：11–20 按 20", "Wutongqiao, Qianwei, Muchuan: 11–20 count as 20"),
        )
    if points <= 14:
        return Grade("small", Text("小和", "small win"), 10, note_src, Text("10–14 按 10", "10–14 count as 10"))
    if points <= 20:
        return Grade("middle", Text("中和", "middle win"), 20, note_src, Text("15–20 按 20", "15–20 count as 20"))
    if points <= 24:
        return Grade(
            "big",
            Text("大和", "big win"),
            rounded * 2,
            note_src,
            Text("21–24：四舍五入后番一番", "21–24: rounded to tens, then doubled"),
        )
    if points <= 30 or (points == 31 and rules.leshan_31 == "thirty"):
        return Grade(
            "thirty",
            Text("30和", "thirty win"),
            rounded * 2,
            note_src,
            Text("25–30：四舍五入后番一番", "25–30: rounded to tens, then doubled"),
        )
    return Grade(
        "tai",
        Text("台和（上台）", "tai win"),
        rounded * 4,
        note_src,
        Text(
            "31 以上：四舍五入后番两番（31 见选项 leshan_31）",
            "over 31: rounded to tens, then doubled twice (31 itself: option leshan_31)",
        ),
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


# ---------------------------------------------------------------- Wuchuan 字牌 [000]

_W = _src("[000]", "务川大贰“字牌”大小胡", "Wuchuan Da Er essay, 字牌 win classes")


def _piao_18_big(f: HandFacts) -> bool:
    return f.points >= 18 if f.rules.wuchuan_piao_18 == "big" else f.points > 18


WUCHUAN_PATTERNS: tuple[PatternDef, ...] = (
    PatternDef(
        "big-27",
        Text("大胡：二十七胡以上", "big win: 27 hu or more"),
        _W("big"),
        "class",
        Text("油子 27 或以上", "27 or more hu points"),
        lambda f: _b(f.points >= 27),
    ),
    PatternDef(
        "big-piao",
        Text("大胡：飘胡（十八以上）", "big win: piao at 18 or more"),
        _W("big"),
        "class",
        Text(
            "没有坎，油子 18 以上（18 本身见选项 wuchuan_piao_18）",
            "no held triple, 18 hu or more (18 itself: option wuchuan_piao_18)",
        ),
        lambda f: _b(not f.has_held and _piao_18_big(f)),
    ),
    PatternDef(
        "big-black",
        Text("大胡：黑胡", "big win: black"),
        _W("big"),
        "class",
        Text("全副没有红牌（仍需十胡）", "no red card (10 hu still needed)"),
        lambda f: _b(f.red == 0),
    ),
    PatternDef(
        "big-red-tai",
        Text("大胡：红台", "big win: red tai"),
        _W("big"),
        "class",
        Text("十张以上红牌，有坎，油子 18 以上", "ten or more red cards, a held triple, 18 hu or more"),
        lambda f: _b(f.red >= 10 and f.has_held and f.points >= 18),
    ),
    PatternDef(
        "middle-tai",
        Text("中胡：台胡", "middle win: tai"),
        _W("middle"),
        "class",
        Text("不足十红，油子 21 以上", "fewer than ten red cards, 21 hu or more"),
        lambda f: _b(f.red < 10 and f.points >= 21),
    ),
    PatternDef(
        "middle-red",
        Text("中胡：红胡", "middle win: red"),
        _W("middle"),
        "class",
        Text("十张以上红牌，有坎，不足 18 胡", "ten or more red cards, a held triple, under 18 hu"),
        lambda f: _b(f.red >= 10 and f.has_held and f.points < 18),
    ),
    PatternDef(
        "middle-piao",
        Text("中胡：飘胡", "middle win: piao"),
        _W("middle"),
        "class",
        Text("没有坎，不足十红，18 胡以下", "no held triple, fewer than ten red cards, up to 18 hu"),
        lambda f: _b(not f.has_held and f.red < 10 and not _piao_18_big(f)),
    ),
    PatternDef(
        "small",
        Text("小胡（棒胡）", "small win (bang)"),
        _W("small"),
        "class",
        Text("有坎，不足十红，不足 21 胡", "a held triple, fewer than ten red cards, under 21 hu"),
        lambda f: _b(f.has_held and f.red < 10 and f.points < 21),
    ),
    PatternDef(
        "big-heaven",
        Text("大胡：天胡", "big win: heavenly"),
        _W("big"),
        "class",
        Text("不受十胡限制（需牌局经过）", "no 10-hu minimum (needs the deal)"),
    ),
    PatternDef(
        "big-earth",
        Text("大胡：地胡", "big win: earthly"),
        _W("big"),
        "class",
        Text(
            "胡庄家出的第一张牌，不受十胡限制（需牌局经过）",
            "a win on the dealer's first discard, no 10-hu minimum (needs the deal)",
        ),
    ),
)


def wuchuan_class(hits: list[PatternHit]) -> str | None:
    """The highest class among the hits: ``big``, ``middle``, ``small`` or ``None`` (the source names none)."""
    classes = [hit.value for hit in hits if hit.unit == "class" and isinstance(hit.value, str)]
    return max(classes, key=lambda c: CLASS_RANK.get(c, 0)) if classes else None
