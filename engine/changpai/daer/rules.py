"""Rule sets: one frozen, named configuration per tradition, every number with its source.

=============  ======  =====================================================================
name           source  what it is
=============  ======  =====================================================================
``luzhou-a``   [001]   Luzhou Da Er 泸州大贰 as the Luzhou rule sheet gives it
``luzhou-b``   [004]   Luzhou Da Er as the encyclopedia entry gives it (other 坎 points, 名堂)
``leshan``     [003]   Leshan Er Qi Shi 乐山贰柒拾 (桥字牌), Shizhong district rules
``wuchuan``    [000]   Wuchuan Da Er 务川大贰, the 字牌 (打开开 / 打飘) game
=============  ======  =====================================================================

Where the sources are silent or disagree (digest §7) the rule set has a named option; ``OPTIONS``
documents each one, its choices and why the default is what it is. Options are plain fields, so a
variant is ``rules.with_options(kun_pair="excluded")`` (``dataclasses.replace`` underneath).

>>> from changpai.decks.numerals import parse_cards
>>> rules = get_rules("luzhou-a")
>>> rules.points_of(SetKind.KAN, parse_cards("贰贰贰"))
12
>>> get_rules("leshan").is_red(Card(1, big=True)), get_rules("luzhou-a").is_red(Card(1, big=True))
(True, False)
>>> get_rules("leshan").with_options(kun_pair="excluded").kun_pair
'excluded'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType

from ..core.sourced import Sourced
from ..core.text import RuleError, Text
from ..decks.numerals import Card
from .patterns import (
    LESHAN_PATTERNS,
    LUZHOU_A_PATTERNS,
    LUZHOU_B_ADVANCED,
    LUZHOU_B_ORDINARY,
    LUZHOU_B_PLAIN,
    WUCHUAN_PATTERNS,
    PatternDef,
)
from .sets import SetKind

__all__ = ["CARD_CLASSES", "OPTIONS", "RULESETS", "OptionDef", "RuleSet", "Sourced", "get_rules"]

RED_BIG, RED_SMALL, BLACK_BIG, BLACK_SMALL = "red-big", "red-small", "black-big", "black-small"
CARD_CLASSES: dict[str, Text] = {
    RED_BIG: Text("红·大写", "red, big"),
    RED_SMALL: Text("红·小写", "red, small"),
    BLACK_BIG: Text("黑·大写", "black, big"),
    BLACK_SMALL: Text("黑·小写", "black, small"),
}
# Special three-card sets that may score: key → (kind, lowest number, big)
SPECIAL_SETS: dict[str, tuple[SetKind, int, bool]] = {
    "123-small": (SetKind.RUN, 1, False),
    "123-big": (SetKind.RUN, 1, True),
    "2710-small": (SetKind.TWO_SEVEN_TEN, 2, False),
    "2710-big": (SetKind.TWO_SEVEN_TEN, 2, True),
}
SPECIAL_NAMES: dict[str, Text] = {
    "123-small": Text("一二三", "1-2-3 small"),
    "123-big": Text("壹贰叁", "1-2-3 big"),
    "2710-small": Text("二七十", "2-7-10 small"),
    "2710-big": Text("贰柒拾", "2-7-10 big"),
}
FAMILY_PATTERNS = {"luzhou-a": LUZHOU_A_PATTERNS, "leshan": LESHAN_PATTERNS, "wuchuan": WUCHUAN_PATTERNS}


@dataclass(frozen=True)
class OptionDef:
    """A point the sources leave open, as a named choice."""

    name: str
    question: Text
    choices: Mapping[str, Text]
    applies_to: tuple[str, ...]
    why_default: Text
    sources: tuple[str, ...]

    def as_dict(self, rules: RuleSet | None = None) -> dict[str, object]:
        out: dict[str, object] = {
            "name": self.name,
            "question": self.question.as_dict(),
            "choices": {key: text.as_dict() for key, text in self.choices.items()},
            "applies_to": list(self.applies_to),
            "why_default": self.why_default.as_dict(),
            "sources": list(self.sources),
        }
        if rules is not None:
            out["value"] = getattr(rules, self.name)
        return out


def _frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, eq=False)
class RuleSet:
    """A tradition's rules of the hand. Compared by identity; build variants with ``with_options``."""

    name: str
    title: Text
    sources: tuple[str, ...]
    red_scheme: Sourced[str]  # "two-seven-ten" (2, 7, 10 red) or "big" (every big card red)
    set_points: Mapping[SetKind, Mapping[str, Sourced[int]]]  # identical sets: kind → card class → points
    special_points: Mapping[str, Sourced[int]]  # SPECIAL_SETS key → points (any other run / mixed set: 0)
    other_sets: Sourced[int]  # points of every other run, 2-7-10 or mixed set, and of the pair
    min_points: Sourced[int]
    set_names: Mapping[SetKind, Sourced[Text]]
    family: str  # which pattern table and grading apply: luzhou-a, luzhou-b, leshan, wuchuan
    notes: tuple[Sourced[str], ...] = ()
    point_word: Text = Text("胡", "points")  # what players call a point: 胡 / 胡子 [001], 和 [003], 油子 [000]
    # ---- options (see OPTIONS) ----
    win_on_pair: str = "pong"
    special_sets: str = "source"
    kun_pair: str = "blocks"
    leshan_31: str = "tai"
    leshan_grading: str = "leshan"
    wuchuan_piao_18: str = "big"
    b_mode: str = "advanced"
    b_27: str = "at-least"
    kong_is_held: str = "no"
    ribbon_case: str = "one-case"
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    # ---- colours and points ----
    def is_red(self, card: Card) -> bool:
        if self.red_scheme.value == "big":
            return card.big
        return card.number in (2, 7, 10)

    def card_class(self, card: Card) -> str:
        red = self.is_red(card)
        if red:
            return RED_BIG if card.big else RED_SMALL
        return BLACK_BIG if card.big else BLACK_SMALL

    @property
    def card_classes(self) -> tuple[str, ...]:
        """The colour/case classes that exist under this tradition's colours (Leshan has two)."""
        from ..decks.numerals import ALL_KINDS

        seen = {self.card_class(card) for card in ALL_KINDS}
        return tuple(c for c in CARD_CLASSES if c in seen)

    def effective_special_points(self) -> Mapping[str, Sourced[int]]:
        if self.special_sets == "luzhou-a" and self.name != "luzhou-a":
            return RULESETS["luzhou-a"].special_points
        return self.special_points

    def special_key(self, kind: SetKind, cards: tuple[Card, ...]) -> str | None:
        for key, (special_kind, lowest, big) in SPECIAL_SETS.items():
            if kind is special_kind and cards[0].number == lowest and cards[0].big == big:
                return key
        return None

    def points_of(self, kind: SetKind, cards: Iterable[Card]) -> int:
        """Hu points of one set (the cards are assumed to fit the kind)."""
        cards = tuple(sorted(cards))
        if kind in self.set_points:
            return self.set_points[kind][self.card_class(cards[0])].value
        key = self.special_key(kind, cards)
        if key is not None and key in self.effective_special_points():
            return self.effective_special_points()[key].value
        return self.other_sets.value

    def native_name(self, kind: SetKind) -> Text:
        return self.set_names[kind].value

    @property
    def patterns(self) -> tuple[PatternDef, ...]:
        if self.family == "luzhou-b":
            return LUZHOU_B_ADVANCED if self.b_mode == "advanced" else LUZHOU_B_ORDINARY
        return FAMILY_PATTERNS[self.family]

    @property
    def plain_win_pattern(self) -> PatternDef | None:
        return LUZHOU_B_PLAIN if self.family == "luzhou-b" and self.b_mode == "advanced" else None

    # ---- options ----
    @property
    def options(self) -> dict[str, str]:
        return {name: getattr(self, name) for name, option in OPTIONS.items() if self.family in option.applies_to}

    def with_options(self, **values: str) -> RuleSet:
        """A copy with some options changed; an unknown option or value raises ``RuleError``."""
        for key, value in values.items():
            option = OPTIONS.get(key)
            if option is None or self.family not in option.applies_to:
                known = ", ".join(self.options) or "none"
                raise RuleError(
                    Text(
                        f"规则集 {self.name} 没有选项“{key}”（可用：{known}）",
                        f"rule set {self.name} has no option “{key}” (known: {known})",
                    ),
                    code="unknown-option",
                    where=f"options.{key}",
                )
            if value not in option.choices:
                allowed = ", ".join(option.choices)
                raise RuleError(
                    Text(
                        f"选项 {key} 不能取“{value}”（可取：{allowed}）",
                        f"option {key} cannot be “{value}” (use: {allowed})",
                    ),
                    code="bad-option",
                    where=f"options.{key}",
                )
        return replace(self, _cache={}, **values) if values else self

    def describe(self) -> dict[str, object]:
        """Everything a page needs to show this rule set's tables, as JSON-able data."""
        classes = self.card_classes
        return {
            "name": self.name,
            "title": self.title.as_dict(),
            "sources": list(self.sources),
            "red_scheme": self.red_scheme.as_dict(),
            "card_classes": {c: CARD_CLASSES[c].as_dict() for c in classes},
            "set_points": {
                kind.value: {c: self.set_points[kind][c].as_dict() for c in classes} for kind in self.set_points
            },
            "special_points": {key: value.as_dict() for key, value in self.effective_special_points().items()},
            "other_sets": self.other_sets.as_dict(),
            "min_points": self.min_points.as_dict(),
            "set_names": {kind.value: name.as_dict() for kind, name in self.set_names.items()},
            "patterns": [
                {
                    "code": p.code,
                    "name": p.name.as_dict(),
                    "value": p.value.as_dict(),
                    "unit": p.unit,
                    "condition": p.condition.as_dict(),
                    "readable": p.readable,
                }
                for p in (*self.patterns, *((self.plain_win_pattern,) if self.plain_win_pattern else ()))
            ],
            "options": {name: OPTIONS[name].as_dict(self) for name in self.options},
            "notes": [note.as_dict() for note in self.notes],
        }


def _s(value, source: str, zh: str, en: str) -> Sourced:
    return Sourced(value, source, Text(zh, en))


def _row(source: str, zh: str, en: str, **by_class: int) -> Mapping[str, Sourced[int]]:
    keys = {"rb": RED_BIG, "rs": RED_SMALL, "bb": BLACK_BIG, "bs": BLACK_SMALL}
    return _frozen({keys[k]: _s(v, source, zh, en) for k, v in by_class.items()})


def _names(
    source: str, pairs: dict[SetKind, tuple[str, str]], engine_choices: Mapping[SetKind, Text] | None = None
) -> Mapping:
    """Native set names; ``engine_choices`` maps a kind the source does not name to the reason for our word."""
    engine_choices = engine_choices or {}
    out = {}
    for kind, (zh, en) in pairs.items():
        if kind in engine_choices:
            out[kind] = Sourced(Text(zh, en), "engine", engine_choices[kind])
        else:
            out[kind] = Sourced(Text(zh, en), source, Text(f"{source} 的叫法", f"the word used in {source}"))
    return _frozen(out)


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
)

LUZHOU_B = RuleSet(
    name="luzhou-b",
    title=Text("泸州大贰（百科词条）", "Luzhou Da Er (encyclopedia entry)"),
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
)

LESHAN = RuleSet(
    name="leshan",
    title=Text("乐山贰柒拾（桥字牌）", "Leshan Er Qi Shi (Qiao Zipai)"),
    sources=("[003]",),
    red_scheme=_s(
        "big", "[003]", "大写（壹…拾）为红，小写（一…十）为黑", "the big cards (壹…拾) are red, the small ones black"
    ),
    set_points=_frozen(
        {
            SetKind.PONG: _row("[003]", "对子：黑 1、红 3", "pong (对子): black 1, red 3", rb=3, bs=1),
            SetKind.KAN: _row("[003]", "坎子：黑 3、红 6", "held triple: black 3, red 6", rb=6, bs=3),
            SetKind.KONG: _row("[003]", "开成的滚子：黑 6、红 9", "kong (开): black 6, red 9", rb=9, bs=6),
            SetKind.FOUR: _row("[003]", "原手滚子：黑 9、红 12", "held four: black 9, red 12", rb=12, bs=9),
        }
    ),
    special_points=_frozen(
        {
            "2710-small": _s(3, "[003]", "黑二七十 3 和，不分原手与否", "black 2-7-10: 3, held or not"),
            "2710-big": _s(6, "[003]", "红贰柒拾 6 和，不分原手与否", "red 2-7-10: 6, held or not"),
        }
    ),
    other_sets=_s(0, "[003]", "连子、半边字、桩子没有和数", "runs (一二三 too), mixed sets and the pair score nothing"),
    min_points=_s(10, "[003]", "和数至少 10", "a win needs at least 10 points"),
    set_names=_names(
        "[003]",
        {
            SetKind.PONG: ("对子", "duizi (pong)"),
            SetKind.KAN: ("坎子", "kanzi (held triple)"),
            SetKind.KONG: ("滚子（开）", "gunzi by kai (kong)"),
            SetKind.FOUR: ("滚子（原手）", "gunzi (held four)"),
            SetKind.RUN: ("连子", "lianzi (run)"),
            SetKind.TWO_SEVEN_TEN: ("贰柒拾（龙灯）", "2-7-10 (er qi shi, dragon lantern)"),
            SetKind.MIXED: ("半边字", "banbianzi (mixed case)"),
            SetKind.PAIR: ("桩子", "zhuangzi (pair)"),
        },
    ),
    family="leshan",
    point_word=Text("和", "points"),
)

WUCHUAN = RuleSet(
    name="wuchuan",
    title=Text("务川大贰·字牌", "Wuchuan Da Er, zipai"),
    sources=("[000]",),
    red_scheme=_s(
        "two-seven-ten",
        "engine",
        "[000] 没有说哪些牌是红牌；它的兑牌大小写都有红牌加分，所以不是“大写为红”；引擎按泸州的二、七、十为红",
        "[000] never says which cards are red; its pong points give a red bonus in both cases, which rules "
        "out “big is red”; the engine reads 2, 7 and 10 as red, as in Luzhou",
    ),
    set_points=_frozen(
        {
            SetKind.PONG: _row(
                "[000]",
                "兑：大字 3（红 6），小字 1（红 3）",
                "pong (兑): big 3 (red 6), small 1 (red 3)",
                rb=6,
                rs=3,
                bb=3,
                bs=1,
            ),
            SetKind.KAN: _row("[000]", "坎：大 6，小 3", "held triple: big 6, small 3", rb=6, rs=3, bb=6, bs=3),
            SetKind.KONG: _row("[000]", "开招：大 9，小 6", "kong (开招): big 9, small 6", rb=9, rs=6, bb=9, bs=6),
            SetKind.FOUR: _row(
                "[000]", "活龙：大 12，小 9", "held four (活龙): big 12, small 9", rb=12, rs=9, bb=12, bs=9
            ),
        }
    ),
    special_points=_frozen(
        {
            "123-small": _s(3, "[000]", "一二三（小写）记 3", "small 1-2-3: 3"),
            "123-big": _s(6, "[000]", "壹贰叁（大写）记 6", "big 1-2-3: 6"),
            "2710-small": _s(3, "[000]", "二七十（小写）记 3", "small 2-7-10: 3"),
            "2710-big": _s(6, "[000]", "贰柒拾（大写）记 6", "big 2-7-10: 6"),
        }
    ),
    other_sets=_s(0, "[000]", "其余放子和抱子没有油子", "other runs and mixed sets (抱子) score nothing"),
    min_points=_s(10, "[000]", "胡牌须有十胡以上的油子", "a win needs at least 10 points (油子)"),
    set_names=_names(
        "[000]",
        {
            SetKind.PONG: ("兑", "dui (pong)"),
            SetKind.KAN: ("坎", "kan (held triple)"),
            SetKind.KONG: ("开招", "kaizhao (kong)"),
            SetKind.FOUR: ("活龙", "huolong (held four)"),
            SetKind.RUN: ("放子", "fangzi (run)"),
            SetKind.TWO_SEVEN_TEN: ("放子（贰柒拾）", "fangzi (2-7-10)"),
            SetKind.MIXED: ("抱子", "baozi (mixed case)"),
            SetKind.PAIR: ("对", "pair"),
        },
        engine_choices={
            SetKind.PAIR: Text(
                "[000] 没有提到对子这种组，引擎用通称“对”",
                "[000] never names a pair, so the engine uses the plain word 对",
            )
        },
    ),
    family="wuchuan",
    notes=(
        _s(
            "pair-with-four",
            "engine",
            "[000] 没有提到对子；按牌数（有四张一组时须有一对）允许一对",
            "[000] never mentions a pair; the card count needs one when there is a four-card set, so the engine "
            "allows it",
        ),
        _s(
            "has-kan",
            "engine",
            "“有坎”按手中有坎或活龙（原手的组）判定；开招算不算见选项 kong_is_held",
            "“has a 坎” is read as holding a 坎 or a 活龙 (sets held from the deal); whether a 开招 counts: "
            "option kong_is_held",
        ),
    ),
)

RULESETS: dict[str, RuleSet] = {r.name: r for r in (LUZHOU_A, LUZHOU_B, LESHAN, WUCHUAN)}

OPTIONS: dict[str, OptionDef] = {
    "win_on_pair": OptionDef(
        "win_on_pair",
        Text(
            "别人打出或翻出的牌凑成手中一对而胡：算碰（对子、兑）还是算坎？",
            "When the winning card completes a pair in the hand, does the triple count as a pong or as held?",
        ),
        {
            "pong": Text("算碰：牌是进来的", "as a pong: the card came from outside"),
            "kan": Text("算坎：三张都在手里", "as a held triple: all three end up in the hand"),
        },
        ("luzhou-a", "luzhou-b", "leshan", "wuchuan"),
        Text(
            "默认算碰：乐山把“对”来的牌算对子 [003]，泸州来源未说 [001][004]，"
            "务川只有“一百”的偷坎（自己翻的牌）例外 [000]",
            "Default pong: Leshan counts a set made by 对 as a pong [003]; the Luzhou sources are silent [001][004]; "
            "Wuchuan's only exception, 偷坎, belongs to 一百 and to one's own turned card [000]",
        ),
        ("[003]", "[001]", "[004]", "[000]"),
    ),
    "special_sets": OptionDef(
        "special_sets",
        Text("一二三、二七十有没有胡数？", "Do 1-2-3 and 2-7-10 score?"),
        {
            "source": Text("按 [004]：没有给数，算 0", "as [004]: no value given, so 0"),
            "luzhou-a": Text("借用 [001] 的 3、6、6、9", "borrow [001]'s 3, 6, 6, 9"),
        },
        ("luzhou-b",),
        Text("默认照 [004] 原文", "Default follows the text of [004]"),
        ("[004]", "[001]"),
    ),
    "kun_pair": OptionDef(
        "kun_pair",
        Text("没有和数的桩子会不会破坏坤和？", "Does a pair (桩子, never scoring) spoil 坤和?"),
        {
            "blocks": Text("会：桩子也是一房", "yes: the pair is a set too"),
            "excluded": Text("不会：像 [001] 的坤一样不算对", "no: like [001]'s 坤, the pair is left out"),
        },
        ("leshan",),
        Text(
            "默认照 [003] 字面：“每房牌均有和数”，而桩子是一房",
            "Default is [003]'s wording: every set (房) must score, and [003] lists the pair as a set",
        ),
        ("[003]", "[001]"),
    ),
    "leshan_31": OptionDef(
        "leshan_31",
        Text("31 和算 30和 还是 台和？", "Is 31 a thirty win or a tai win?"),
        {"tai": Text("算台和", "tai win (rounded, ×4)"), "thirty": Text("算 30和", "thirty win (rounded, ×2)")},
        ("leshan",),
        Text(
            "默认台和：30和止于 30，31 落在空档里，按“上台”算",
            "Default tai: the thirty band ends at 30, so 31 falls in the gap; the engine reads it as 上台",
        ),
        ("[003]",),
    ),
    "leshan_grading": OptionDef(
        "leshan_grading",
        Text("11–14 和怎么算？", "How are 11–14 points counted?"),
        {
            "leshan": Text("乐山市中区：10–14 小和按 10", "Shizhong district: 10–14 is a small win, 10"),
            "chipiao": Text("五通桥、犍为、沐川：11–20 吃漂按 20", "Wutongqiao, Qianwei, Muchuan: 11–20 is 吃漂, 20"),
        },
        ("leshan",),
        Text("默认照 [003] 所讲的市中区规则", "Default is the Shizhong rule [003] describes"),
        ("[003]",),
    ),
    "wuchuan_piao_18": OptionDef(
        "wuchuan_piao_18",
        Text("恰好 18 胡的飘胡是大胡还是中胡？", "Is a piao win of exactly 18 big or middle?"),
        {
            "big": Text("大胡（“十八以上”）", "big (“18 and over”)"),
            "middle": Text("中胡（“十八胡以下”）", "middle (“18 and under”)"),
        },
        ("wuchuan",),
        Text(
            "默认大胡：大胡的条件先列出，“以上”含本数",
            "Default big: the big-win list comes first and “以上” includes 18",
        ),
        ("[000]",),
    ),
    "b_mode": OptionDef(
        "b_mode",
        Text("用哪张名堂表？", "Which 名堂 table?"),
        {
            "advanced": Text("高级玩法（大贰名堂）", "advanced (大贰名堂)"),
            "ordinary": Text("普通算等玩法", "ordinary grading"),
        },
        ("luzhou-b",),
        Text("默认高级玩法：名堂最全", "Default advanced: the fuller table"),
        ("[004]",),
    ),
    "b_27": OptionDef(
        "b_27",
        Text("“27 胡为四番”是 27 胡以上，还是恰好 27？", "Is “27 hu is 4 fan” 27 and over, or exactly 27?"),
        {"at-least": Text("27 胡及以上", "27 and over"), "exactly": Text("恰好 27 胡", "exactly 27")},
        ("luzhou-b",),
        Text(
            "默认 27 及以上（与务川“二十七胡以上”为大胡相合 [000]）",
            "Default 27 and over (as Wuchuan's big win at 27 and over [000])",
        ),
        ("[004]", "[000]"),
    ),
    "kong_is_held": OptionDef(
        "kong_is_held",
        Text(
            "坎上开招（招）以后，这手牌还算“有坎”吗？（关系到飘）",
            "After a 开招 / 招 onto a held triple, does the hand still “have a 坎”? (It decides 飘.)",
        ),
        {
            "no": Text("不算：坎已经摆到桌上成了四张", "not any more: the triple went to the table as a four"),
            "yes": Text("算：开招是从原手的坎来的", "still: the 开招 grew from a triple held since the deal"),
        },
        ("wuchuan", "luzhou-b"),
        Text(
            "默认不算：两份资料都只说“没有坎（或壠）”，开招和招在计胡里也是与坎分开的一类 [000][004]",
            "Default no: both sources only say “no 坎 (or 壠)”, and both score 开招 / 招 as a kind apart "
            "from 坎 [000][004]",
        ),
        ("[000]", "[004]"),
    ),
    "ribbon_case": OptionDef(
        "ribbon_case",
        Text("双飘带的四列要同一大小写吗？", "Must all four sets of 双飘带 share one case?"),
        {
            "one-case": Text("四列同为大写或同为小写", "all four sets big, or all four small"),
            "each-pair": Text(
                "两列一二三同大小写，两列二七十同大小写，两者可以不同",
                "the two 1-2-3 share a case and the two 2-7-10 share a case, not necessarily the same one",
            ),
        },
        ("luzhou-b",),
        Text(
            "默认四列同一大小写：[004] 的说法最直接的读法 [004]",
            "Default one case for all four: the plainest reading of [004]'s wording [004]",
        ),
        ("[004]",),
    ),
}


def get_rules(name: str | RuleSet, **options: str) -> RuleSet:
    """The rule set called ``name`` (optionally with options changed); an unknown name raises ``RuleError``.

    >>> get_rules("luzhou")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    changpai.core.text.RuleError: rules: unknown rule set “luzhou” (known: luzhou-a, luzhou-b, leshan, wuchuan) / ...
    """
    if isinstance(name, RuleSet):
        rules = name
    else:
        rules = RULESETS.get(name) if isinstance(name, str) else None
        if rules is None:
            known = ", ".join(RULESETS)
            raise RuleError(
                Text(f"没有名为“{name}”的规则集（可用：{known}）", f"unknown rule set “{name}” (known: {known})"),
                code="unknown-rules",
                where="rules",
            )
    return rules.with_options(**options) if options else rules


def option_names() -> list[str]:
    return [f.name for f in fields(RuleSet) if f.name in OPTIONS]
