"""Rule sets of the hand: the frozen ``RuleSet`` type, its options, and the ``Variant`` hooks of a tradition.

Each tradition builds its rule set in its own module (``luzhou``, ``leshan``, ``wuchuan``; by name in
``traditions.RULESETS``), every number with its source. A ``Variant`` carries what a tradition changes in
the shared machinery: its words, its pattern table, its grades, its payments, how a held four is shown.

Where the sources are silent or disagree (digest §7) the rule set has a named option; ``OPTIONS``
documents each one, its choices and why the default is what it is. Options are plain fields, so a
variant is ``rules.with_options(kun_pair="excluded")`` (``dataclasses.replace`` underneath).

>>> from changpai.daer.traditions import get_rules
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

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any, TypeVar

from ..core.frozen import replaced
from ..core.sourced import Sourced
from ..core.text import RuleError, Text
from ..decks.numerals import Card
from .patterns import Grade, PatternDef, PatternHit
from .sets import SetKind

K = TypeVar("K")
V = TypeVar("V")

__all__ = ["CARD_CLASSES", "OPTIONS", "OptionDef", "RuleSet", "Sourced", "Variant"]

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


def _frozen(mapping: Mapping[K, V]) -> Mapping[K, V]:
    return MappingProxyType(dict(mapping))


def _no_grade(points: int, rules: RuleSet) -> Grade | None:
    return None


def _no_plain_win(rules: RuleSet) -> PatternDef | None:
    return None


def _no_plain_value(points: int, rules: RuleSet) -> int:
    return 0


@dataclass(frozen=True, slots=True)
class Variant:
    """What one tradition changes in the family's shared machinery; each tradition's module builds its own.

    ``words``: (word, source) for win, 比, ready and the discarder (``actions.native_words``);
    ``patterns``: the 名堂 table for a rule set (it may depend on its options); ``settle(deal, win, out)``: the
    payments of a win; ``four_display(rules, seat, card)``: the event text when a held four is laid out;
    ``grade``: a graded total (Leshan 小和 … 台和, [004]'s 等), if any;
    ``plain_win`` / ``plain_win_value``: [004]'s 平胡 and its 番;
    ``win_class``: Wuchuan's 大/中/小胡 from the hits (a win needs one); ``settle_draw(deal, out)``: payments when
    nobody wins; ``special_points``: the special sets' points, where an option borrows another reading's.
    """

    words: Mapping[str, tuple[str, str]]
    patterns: Callable[[RuleSet], tuple[PatternDef, ...]]
    settle: Callable[[Any, Any, Any], None]
    four_display: Callable[[RuleSet, int, Card], tuple[str, str]]
    grade: Callable[[int, RuleSet], Grade | None] = _no_grade
    plain_win: Callable[[RuleSet], PatternDef | None] = _no_plain_win
    plain_win_value: Callable[[int, RuleSet], int] = _no_plain_value
    win_class: Callable[[list[PatternHit]], str | None] | None = None
    settle_draw: Callable[[Any, Any], None] | None = None
    special_points: Callable[[RuleSet], Mapping[str, Sourced[int]]] | None = None
    # the event when a second (third …) four-card set means no discard: 八块 by default; Wuchuan's 重招 / 下抓
    eight_blocks_text: Callable[[int], tuple[str, str]] | None = None


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
    family: str  # the tradition's key, which options apply to (``OptionDef.applies_to``)
    variant: Variant  # the tradition's hooks (patterns, grades, payments, words)
    notes: tuple[Sourced[str], ...] = ()
    point_word: Text = Text("胡", "points")  # what players call a point: 胡 / 胡子 [001], 和 [003], 油子 [000]
    tradition: Text | None = None  # the tradition's short name, shared by its rule sets (泸州大贰 for A and B)
    # ---- options (see OPTIONS) ----
    win_on_pair: str = "pong"
    special_sets: str = "source"
    kun_pair: str = "blocks"
    leshan_31: str = "tai"
    leshan_grading: str = "leshan"
    wuchuan_piao_18: str = "big"
    b_mode: str = "ordinary"
    b_27: str = "at-least"
    kong_is_held: str = "no"
    ribbon_case: str = "one-case"
    wuchuan_red_no_kan: str = "small"
    kan_fourth_elsewhere: str = "true"  # Leshan's 开 is optional too [003]; luzhou-a and wuchuan say "false"

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
        if self.variant.special_points is not None:
            return self.variant.special_points(self)
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
        return self.variant.patterns(self)

    @property
    def plain_win_pattern(self) -> PatternDef | None:
        return self.variant.plain_win(self)

    # ---- options ----
    @property
    def options(self) -> dict[str, str]:
        return {name: getattr(self, name) for name, option in OPTIONS.items() if self.family in option.applies_to}

    def with_options(self, /, **values: str) -> RuleSet:  # positional-only: an option may be called "self"
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
        return replaced(self, values) if values else self

    def describe(self) -> dict[str, object]:
        """Everything a page needs to show this rule set's tables, as JSON-able data."""
        classes = self.card_classes
        return {
            "name": self.name,
            "title": self.title.as_dict(),
            "tradition": (self.tradition or self.title).as_dict(),
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


def _s(value: V, source: str, zh: str, en: str) -> Sourced[V]:
    return Sourced(value, source, Text(zh, en))


def _row(source: str, zh: str, en: str, **by_class: int) -> Mapping[str, Sourced[int]]:
    keys = {"rb": RED_BIG, "rs": RED_SMALL, "bb": BLACK_BIG, "bs": BLACK_SMALL}
    return _frozen({keys[k]: _s(v, source, zh, en) for k, v in by_class.items()})


def _names(
    source: str, pairs: dict[SetKind, tuple[str, str]], engine_choices: Mapping[SetKind, Text] | None = None
) -> Mapping[SetKind, Sourced[Text]]:
    """Native set names; ``engine_choices`` maps a kind the source does not name to the reason for our word."""
    engine_choices = engine_choices or {}
    out: dict[SetKind, Sourced[Text]] = {}
    for kind, (zh, en) in pairs.items():
        if kind in engine_choices:
            out[kind] = Sourced(Text(zh, en), "engine", engine_choices[kind])
        else:
            out[kind] = Sourced(Text(zh, en), source, Text(f"{source} 的叫法", f"the word used in {source}"))
    return _frozen(out)


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
        Text("普通算等玩法，还是高级玩法（大贰名堂）？", "Ordinary grading, or advanced play (大贰名堂)?"),
        {
            "ordinary": Text(
                "普通玩法：等的分数乘红、天、地（×2）和乌（×4）",
                "ordinary: the grade points times 红, 天, 地 (×2) and 乌 (×4)",
            ),
            "advanced": Text(
                "高级玩法：不看胡数，名堂的番数相加就是分数",
                "advanced: the hu count does not matter; the 名堂's 番, added, are the score",
            ),
        },
        ("luzhou-b",),
        Text(
            "默认普通玩法：[004] 自己举的例子（恰 10 胡带红，(2+1)×2 = 6）就是这样算的",
            "Default ordinary: [004]'s own worked example (exactly 10 hu with 红, (2+1)×2 = 6) is counted this way",
        ),
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
    "wuchuan_red_no_kan": OptionDef(
        "wuchuan_red_no_kan",
        Text(
            "十张以上红牌、没有坎、不足 18 胡：算哪一等胡？",
            "Ten or more red cards, no 坎, under 18: which class of win?",
        ),
        {
            "small": Text("小胡", "small win (小胡)"),
            "middle": Text("中胡", "middle win (中胡)"),
        },
        ("wuchuan",),
        Text(
            "[000] 的红胡要有坎，飘胡要没有十红，这手两样都不是；默认按最小的小胡",
            "[000]'s 红胡 needs a 坎 and its 飘胡 fewer than ten red, so neither fits; default the smallest, 小胡",
        ),
        ("[000]",),
    ),
    "kan_fourth_elsewhere": OptionDef(
        "kan_fourth_elsewhere",
        Text(
            "手里有一坎，第四张来了：能不能留着坎，拿这张去和别的牌凑一组？",
            "With a 坎 in hand, may its fourth copy make another set while the 坎 stays whole?",
        ),
        {
            "false": Text("不能：第四张只能招（开招）进坎里", "no: the fourth copy can only join its 坎 (招, 开招)"),
            "true": Text("能：坎留着，这张另凑一组", "yes: the 坎 stays, the card makes another set"),
        },
        ("luzhou-a", "luzhou-b", "wuchuan"),
        Text(
            "各照来源：[001] 与 [000] 说有坎必须招（开招），默认不能；[004] 只说“可以招牌”，按词条的读法默认能",
            "Each follows its source: [001] and [000] make the 招 (开招) compulsory, so no; [004] only says one "
            "“may” 招, so by the encyclopedia entry yes",
        ),
        ("[001]", "[004]", "[000]"),
    ),
}


def option_names() -> list[str]:
    return [f.name for f in fields(RuleSet) if f.name in OPTIONS]
