"""Rule sets of the hand: the frozen ``RuleSet`` type, its options, and the ``Variant`` hooks of a tradition.

Each tradition builds its rule set in its own module (``luzhou``, ``leshan``, ``wuchuan``; by name in
``traditions.RULESETS``), every number with its source. A ``Variant`` carries what a tradition changes in
the shared machinery: its words, its pattern table, its grades, its payments, how a held four is shown.

Where the sources are silent or disagree (digest §7) the tradition has a named option, declared in its own
module (``options.OptionSet``, ``RuleSet.declared``); a variant of the hand is
``rules.with_options(kun_pair="excluded")``, a whole deal's options go through ``options.apply``.

>>> from changpai.daer.traditions import get_rules
>>> from changpai.decks.numerals import parse_cards
>>> rules = get_rules("luzhou-a")
>>> rules.points_of(SetKind.KAN, parse_cards("贰贰贰"))
12
>>> get_rules("leshan").is_red(Card(1, big=True)), get_rules("luzhou-a").is_red(Card(1, big=True))
(True, False)
>>> get_rules("leshan").with_options(kun_pair="excluded").option("kun_pair")
'excluded'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

from ..core.match import MatchRules
from ..core.sourced import Sourced, sourced
from ..core.text import Text
from ..decks.numerals import Card
from .options import HU_POINTS, NO_OPTIONS, ON_HAND, OptionSet, apply_hand, no_settings, values
from .options import describe as describe_options
from .patterns import Grade, PatternDef, PatternHit
from .sets import SetKind

K = TypeVar("K")
V = TypeVar("V")

__all__ = ["CARD_CLASSES", "PaymentTable", "RuleSet", "Sourced", "Variant"]

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


def _frozen(mapping: Mapping[K, V]) -> Mapping[K, V]:
    return MappingProxyType(dict(mapping))


def _no_grade(points: int, rules: RuleSet) -> Grade | None:
    return None


def _no_plain_win(rules: RuleSet) -> PatternDef | None:
    return None


def _no_plain_value(points: int, rules: RuleSet) -> int:
    return 0


@dataclass(frozen=True, slots=True)
class PaymentTable:
    """What each loser pays, as a table the rules page draws: column heads, rows whose last cell is the source
    tag of the row, and a note under it."""

    header: tuple[Text, ...]
    rows: tuple[tuple[Text, ...], ...]
    sources: tuple[str, ...]  # one per row
    note: Text | None = None


@dataclass(frozen=True, slots=True)
class Variant:
    """What one tradition changes in the family's shared machinery; each tradition's module builds its own.

    ``words``: (word, source) for win, 比, ready and the discarder (``actions.native_words``);
    ``patterns``: the 名堂 table for a rule set (it may depend on its options); ``settle(deal, win, out)``: the
    payments of a win; ``four_display(rules, seat, card)``: the event text when a held four is laid out;
    ``grade``: a graded total (Leshan 小和 … 台和, [004]'s 等), if any;
    ``plain_win`` / ``plain_win_value``: [004]'s 平胡 and its 番;
    ``win_class``: Wuchuan's 大/中/小胡 from the hits (a win needs one); ``settle_draw(deal, out)``: payments when
    nobody wins, and the settlement's ``outcome``; ``special_points``: the special sets' points, where an option
    borrows another reading's;
    ``payment_table(rules, play)``: the payments as a table for the rules page (``None``: the settlement's note
    says it in words); ``match_rules(play, deals)``: who deals after whom in a sitting of ``deals`` deals;
    ``no_class``: why a win has no class; ``waives_minimum(play, points)``: a tradition's own exception to the
    minimum (Luzhou A's 无胡 option).
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
    payment_table: Callable[[RuleSet, Any], PaymentTable | None] | None = None
    match_rules: Callable[[Any, int], MatchRules] | None = None
    no_class: Text | None = None  # why a win has no class, where ``win_class`` finds none
    waives_minimum: Callable[[Any, int], bool] | None = None  # (play, points): a win under the minimum allowed
    # a sitting played and checked its own way (a race that may end mid-deal: Wuchuan 一百): an object with
    # ``play(players, deals, seed, bot, options)`` and ``replay(record)``, as ``daer.match`` calls them
    sitting: Any = None
    # a tradition's own lesson questions (Wuchuan 一百's 子): an object with ``asks`` (ask → answer form,
    # ``core.lesson``) and ``answer_request(request)``, as the ``lesson`` command calls it
    lesson: Any = None


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
    variant: Variant  # the tradition's hooks (patterns, grades, payments, words)
    notes: tuple[Sourced[str], ...] = ()
    sets_in_win: int = 7  # the sets of a winning hand (20-card hands: 7; Leshan's 打八张 3, 打十四张 5)
    point_word: Text = HU_POINTS  # what players call a point: 胡 / 胡子 [001], 和 [003], 油子 [000]
    tradition: Text | None = None  # the tradition's short name, shared by its rule sets (泸州大贰 for A and B)
    # ---- options: declared by the tradition (``options.OptionSet``); set by ``with_options`` / ``options.apply``
    declared: OptionSet = NO_OPTIONS
    settings: Mapping[str, str] = field(
        default_factory=no_settings
    )  # the tradition's own hand options: ``option(name)``
    # hand options the shared machinery reads, with the family's rule where a tradition has no such option
    win_on_pair: str = "pong"
    kong_is_held: str = "no"
    kan_fourth_elsewhere: str = "true"

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
    def option(self, name: str) -> str:
        """The value of the tradition's own hand option ``name`` (``kun_pair``, ``b_mode`` …)."""
        return self.settings[name]

    @property
    def options(self) -> dict[str, str]:
        """The hand options of the tradition with their values in force."""
        return values(self, side=ON_HAND)

    def with_options(self, /, **changes: str) -> RuleSet:  # positional-only: an option may be called "self"
        """A copy with some hand options changed; an unknown option or value raises ``RuleError``."""
        return apply_hand(self, changes) if changes else self

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
            "sets_in_win": self.sets_in_win,
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
            "options": describe_options(self, side=ON_HAND),
            "notes": [note.as_dict() for note in self.notes],
        }


_s = sourced  # the tables below cite a source for every value


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
