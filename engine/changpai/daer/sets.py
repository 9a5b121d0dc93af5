"""Sets (房 / 列 / 放): the building blocks of a winning hand.

Eight kinds, common to the Luzhou, Leshan and Wuchuan games (digest §2; [000][001][003][004]):

============  =====  ====================================================================
kind          cards  what it is
============  =====  ====================================================================
PONG          3      a pair in hand plus a claimed card (碰 Luzhou, 对子 Leshan, 兑 Wuchuan)
KAN           3      a triple held since the deal (坎); never split
KONG          4      a claimed fourth card onto a held triple (招 / 开 / 开招)
FOUR          4      four of a kind held since the deal (龙 / 壠 / 滚子 / 活龙); never split
RUN           3      three consecutive numbers of one case (列 / 连子 / 放子)
TWO_SEVEN_TEN 3      2, 7 and 10 of one case (二七十 / 贰柒拾, 龙灯)
MIXED         3      one number in both cases, two plus one (大大小 / 小小大, 半边字, 抱子)
PAIR          2      the single pair allowed at a win that has a four-card set (吊对 / 桩子)
============  =====  ====================================================================

A set's native name and its points belong to a tradition: see ``rules.RuleSet``.

>>> Meld.of("kan", "三三三")
Meld.of('kan', '三三三')
>>> Meld.of("eat", "贰柒拾").kind
<SetKind.TWO_SEVEN_TEN: 'two-seven-ten'>
>>> classify_three(parse_cards("二二贰"))
<SetKind.MIXED: 'mixed'>
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter

from ..core.text import HandError, Text
from ..decks.numerals import Card, format_cards, parse_cards


class SetKind(StrEnum):
    """The kind of a set; the value is the stable ASCII code used in JSON."""

    # hashed as its value, in C (an Enum hashes its name in Python): it equals its value, and it keys the hot
    # paths' tables
    __hash__ = str.__hash__

    PONG = "pong"
    KAN = "kan"
    KONG = "kong"
    FOUR = "four"
    RUN = "run"
    TWO_SEVEN_TEN = "two-seven-ten"
    MIXED = "mixed"
    PAIR = "pair"

    @property
    def size(self) -> int:
        return {SetKind.KONG: 4, SetKind.FOUR: 4, SetKind.PAIR: 2}.get(self, 3)

    @property
    def identical(self) -> bool:
        """True for the kinds made of one card repeated (碰, 坎, 招, 龙, pair)."""
        return self in (SetKind.PONG, SetKind.KAN, SetKind.KONG, SetKind.FOUR, SetKind.PAIR)

    @property
    def held(self) -> bool:
        """True for the kinds held since the deal (坎, 龙): they may never be split."""
        return self in (SetKind.KAN, SetKind.FOUR)

    @property
    def is_four(self) -> bool:
        return self in FOUR_KINDS

    @property
    def generic_name(self) -> Text:
        return GENERIC_NAMES[self]


FOUR_KINDS = frozenset((SetKind.KONG, SetKind.FOUR))  # the four-card sets (招 / 龙)

GENERIC_NAMES: dict[SetKind, Text] = {
    SetKind.PONG: Text("碰（对子、兑）", "pong (claimed triple)"),
    SetKind.KAN: Text("坎", "held triple"),
    SetKind.KONG: Text("招（开、开招）", "kong (claimed fourth onto a held triple)"),
    SetKind.FOUR: Text("龙（壠、滚子、活龙）", "held four"),
    SetKind.RUN: Text("顺连（列、连子、放子）", "run"),
    SetKind.TWO_SEVEN_TEN: Text("二七十（贰柒拾）", "2-7-10"),
    SetKind.MIXED: Text("大小混（半边字、抱子）", "mixed-case set"),
    SetKind.PAIR: Text("对（吊对、桩子）", "pair"),
}

# Words a player may type for a laid-out (table) set, mapped to the kind or to "eat".
TABLE_SET_WORDS: dict[str, str] = {
    "pong": "pong",
    "碰": "pong",
    "对": "pong",
    "對": "pong",
    "兑": "pong",
    "kong": "kong",
    "招": "kong",
    "开": "kong",
    "開": "kong",
    "开招": "kong",
    "four": "four",
    "龙": "four",
    "龍": "four",
    "壠": "four",
    "垅": "four",
    "滚": "four",
    "滾": "four",
    "活龙": "four",
    "eat": "eat",
    "吃": "eat",
    "run": "eat",
    "two-seven-ten": "eat",
    "mixed": "eat",
}


def classify_three(cards: Iterable[Card]) -> SetKind | None:
    """The kind of three cards laid together by an eat (吃), or ``None`` if they make no set.

    Identical triples are not eats; they are 碰 or 坎 and return ``None`` here.

    >>> classify_three(parse_cards("四五六")), classify_three(parse_cards("四五陆"))
    (<SetKind.RUN: 'run'>, None)
    """
    trio = sorted(cards)
    if len(trio) != 3:
        return None
    numbers = [c.number for c in trio]
    cases = {c.big for c in trio}
    if len(cases) == 1:
        if numbers == [2, 7, 10]:
            return SetKind.TWO_SEVEN_TEN
        if numbers[1] == numbers[0] + 1 and numbers[2] == numbers[0] + 2:
            return SetKind.RUN
        return None
    if numbers[0] == numbers[1] == numbers[2]:
        return SetKind.MIXED
    return None


def kind_of_three(cards: Iterable[Card]) -> SetKind:
    """``classify_three`` for three cards known to make a set (an accepted eat); ``HandError`` if they do not."""
    cards = tuple(cards)
    kind = classify_three(cards)
    if kind is None:
        raise HandError(
            Text(f"“{format_cards(cards)}”不成一组", f"“{format_cards(cards)}” make no set"), code="bad-set"
        )
    return kind


def three_meld(cards: tuple[Card, ...]) -> Meld:
    """The set that three cards known to form one make (an eat, a 比 set: ``kind_of_three``), shared as
    ``Meld.identical``'s are: a deal lays out a few, and each new one costs a sort and a check."""
    if len(cards) != 3:
        return Meld(kind_of_three(cards), cards)  # (``kind_of_three`` refuses it)
    key = (cards[0].index, cards[1].index, cards[2].index)
    found = _THREE_MELDS.get(key)
    if found is None:
        found = _THREE_MELDS[key] = Meld(kind_of_three(cards), cards)
    return found


# The shapes already found good: there are only a few hundred sets, and the analysis and the deal build
# thousands of melds a second.
_GOOD_SHAPES: set[tuple[SetKind, tuple[Card, ...]]] = set()
_RANK = attrgetter("_rank")  # a card's place in the order of ``Card.__lt__``


_IDENTICAL: dict[tuple[SetKind, Card], Meld] = {}
_THREE_MELDS: dict[tuple[int, int, int], Meld] = {}  # (a few hundred at most: 20 kinds, three at a time)


@dataclass(frozen=True, slots=True)
class Meld:
    """One set: its kind and its cards (kept sorted, so equal sets compare equal).

    ``Meld(SetKind.PONG, (Card(5),) * 3)``; ``Meld.of("pong", "五五五")`` reads cards from text.
    A set whose cards do not fit its kind raises ``HandError`` naming the cards.
    """

    kind: SetKind
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if self.kind.__class__ is not SetKind:
            object.__setattr__(self, "kind", SetKind(self.kind))
        # sorted by each card's kept rank: the order of ``Card``'s comparisons, without a call per comparison
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_RANK)))
        shape = (self.kind, self.cards)
        if shape in _GOOD_SHAPES:
            return
        problem = _shape_problem(self.kind, self.cards)
        if problem is not None:
            raise HandError(problem, code="bad-set")
        _GOOD_SHAPES.add(shape)

    @classmethod
    def identical(cls, kind: SetKind, card: Card) -> Meld:
        """The set of ``kind`` made of copies of ``card`` (碰 / 招 / 龙 …), shared: a deal lays out many.

        >>> Meld.identical(SetKind.PONG, Card.parse("七")) is Meld.identical(SetKind.PONG, Card.parse("七"))
        True
        """
        found = _IDENTICAL.get((kind, card))
        if found is None:
            found = _IDENTICAL[(kind, card)] = cls(kind, (card,) * (4 if kind in FOUR_KINDS else 3))
        return found

    @classmethod
    def of(cls, kind: str | SetKind, cards: str, *, where: str | None = None) -> Meld:
        """Build a set from a kind name (or a table word such as ``eat`` / 碰) and cards in any notation."""
        if not isinstance(kind, SetKind) and kind not in SetKind._value2member_map_:
            return table_meld(kind, cards, where=where)
        try:
            return cls(SetKind(kind), tuple(parse_cards(cards, where=where)))
        except HandError as error:
            raise HandError(error.text, code=error.code, where=where) from None

    @property
    def card(self) -> Card:
        """The lowest card (the repeated card of an identical set)."""
        return self.cards[0]

    def text(self, script: str = "simplified") -> str:
        return format_cards(self.cards, script=script)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Meld.of({self.kind.value!r}, {self.text()!r})"


def _shape_problem(kind: SetKind, cards: tuple[Card, ...]) -> Text | None:
    shown = format_cards(cards) or "∅"
    name = GENERIC_NAMES[kind]
    if len(cards) != kind.size:
        return Text(
            f"{name.zh}应有 {kind.size} 张牌，而“{shown}”是 {len(cards)} 张",
            f"a {name.en} has {kind.size} cards, but “{shown}” has {len(cards)}",
        )
    if kind.identical:
        if len(set(cards)) != 1:
            return Text(
                f"{name.zh}须是同一种牌，而“{shown}”不是", f"a {name.en} must be one card repeated, not “{shown}”"
            )
        return None
    if classify_three(cards) is not kind:
        return Text(f"“{shown}”不是{name.zh}", f"“{shown}” is not a {name.en}")
    return None


def table_meld(word: str, cards: str, *, where: str | None = None) -> Meld:
    """Read a laid-out set as a player names it: pong / kong / four / eat (or 碰, 招, 龙, 吃 …).

    ``eat`` covers every set made by eating: a run, a 2-7-10 or a mixed-case set.

    >>> table_meld("吃", "2710s")
    Meld.of('two-seven-ten', '二七十')
    >>> table_meld("eat", "三三三", where="table[0]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    changpai.core.text.HandError: table[0].cards: “三三三” is not a run, a 2-7-10 or a mixed-case set / ...
    """
    if not isinstance(word, str) or word.strip().lower() not in TABLE_SET_WORDS:
        known = "pong, kong, four, eat"
        raise HandError(
            Text(f"未知的牌组类型“{word}”（可用：{known}）", f"unknown set type “{word}” (use one of: {known})"),
            code="bad-set",
            where=f"{where}.set" if where else "set",
        )
    kind_word = TABLE_SET_WORDS[word.strip().lower()]
    field = f"{where}.cards" if where else "cards"
    parsed = tuple(parse_cards(cards, where=field))
    if kind_word == "eat":
        kind = classify_three(parsed)
        if kind is None:
            shown = format_cards(parsed) or "∅"
            raise HandError(
                Text(f"“{shown}”不是顺连、二七十或大小混", f"“{shown}” is not a run, a 2-7-10 or a mixed-case set"),
                code="bad-set",
                where=field,
            )
        return Meld(kind, parsed)
    try:
        return Meld(SetKind(kind_word), parsed)
    except HandError as error:
        raise HandError(error.text, code=error.code, where=field) from None
