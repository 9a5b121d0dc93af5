"""The 80-card deck of Da Er / Er Qi Shi / Wuchuan Da Er.

Twenty kinds of card: the numbers 1–10 written small (小写 一…十) and big (大写 壹…拾),
four copies of each ([000][001][003][004]). A card is only (number, case): copies are
indistinguishable. Colour belongs to a tradition, not to the card (see ``rules``).

Notations
---------
* Chinese numerals, simplified or traditional: ``"一二三壹贰叁"``, ``"貳柒拾"``.
* ASCII: a number ``1``–``9`` or ``t`` (ten; ``10`` is read as ten too) followed by ``s`` (small)
  or ``b`` (big); several numbers may share one suffix, as in mahjong notation: ``"123s 27tb"``.

>>> Card.parse("贰")
Card.parse('贰')
>>> Card.parse("2b") == Card.parse("貳") == Card(2, big=True)
True
>>> format_cards(parse_cards("123s 27tb"))
'一二三贰柒拾'
>>> format_cards(parse_cards("一二三"), script="ascii")
'123s'
>>> parse_cards("10s 2710b") == parse_cards("十 贰柒拾")
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..core.text import CardError, Text

SMALL_NUMERALS = "一二三四五六七八九十"
BIG_NUMERALS = "壹贰叁肆伍陆柒捌玖拾"
BIG_NUMERALS_TRADITIONAL = "壹貳叄肆伍陸柒捌玖拾"
# Other written forms met in the sources and in print, folded onto the canonical ones.
BIG_VARIANTS = {"貳": 2, "叄": 3, "參": 3, "叁": 3, "陸": 6, "弍": 2}
ASCII_TEN = "t"
COPIES_PER_KIND = 4
KIND_COUNT = 20
DECK_SIZE = KIND_COUNT * COPIES_PER_KIND  # 80


def _numeral_table() -> dict[str, tuple[int, bool]]:
    table: dict[str, tuple[int, bool]] = {}
    for i, ch in enumerate(SMALL_NUMERALS):
        table[ch] = (i + 1, False)
    for i, ch in enumerate(BIG_NUMERALS):
        table[ch] = (i + 1, True)
    for ch, number in BIG_VARIANTS.items():
        table[ch] = (number, True)
    return table


_NUMERALS = _numeral_table()
_SEPARATORS = set(" \t\n,，、;；|/")
# The longest card text read: a whole deck in the longest notation ("10s " is four characters), with room to
# spare. A longer text is refused before it is read (a 1 MB "hand" would hold every widget's worker for seconds).
MAX_CARD_TEXT = 400


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One kind of card: a number 1–10 and its case (big 大写 or small 小写).

    Cards compare, hash and sort exactly as the pair ``(number, big)`` does (equal pairs, equal cards; the same
    hash; ordered by number, then small before big), with those answers worked out once per card: the deal
    hashes and sorts cards thousands of times a deal.
    """

    number: int
    big: bool = False
    # Position 0–19 in count vectors: small 一…十 are 0–9, big 壹…拾 are 10–19 (stored: the deal reads it
    # hundreds of times a deal).
    index: int = field(init=False, repr=False, compare=False)
    # The order of (number, big) as one integer, and the hash of (number, big): kept, not recomputed.
    _rank: int = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (isinstance(self.number, int) and 1 <= self.number <= 10):
            raise CardError(
                Text(
                    f"牌的数字必须在 1 到 10 之间，而不是 {self.number!r}",
                    f"a card's number must be 1 to 10, not {self.number!r}",
                )
            )
        object.__setattr__(self, "index", self.number - 1 + (10 if self.big else 0))
        object.__setattr__(self, "_rank", 2 * self.number + (1 if self.big else 0))
        object.__setattr__(self, "_hash", hash((self.number, self.big)))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Card:
            return NotImplemented
        return self._rank == other._rank

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self._rank < other._rank

    def __le__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self._rank <= other._rank

    def __gt__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self._rank > other._rank

    def __ge__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self._rank >= other._rank

    @classmethod
    def from_index(cls, index: int) -> Card:
        return ALL_KINDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read exactly one card in any accepted notation."""
        cards = parse_cards(text)
        if len(cards) != 1:
            raise CardError(
                Text(
                    f"“{text}”应是一张牌，却读出 {len(cards)} 张",
                    f"“{text}” should be one card, but reads as {len(cards)}",
                )
            )
        return cards[0]

    def chinese(self, script: str = "simplified") -> str:
        if self.big:
            numerals = BIG_NUMERALS_TRADITIONAL if script == "traditional" else BIG_NUMERALS
        else:
            numerals = SMALL_NUMERALS
        return numerals[self.number - 1]

    def ascii(self) -> str:
        digit = ASCII_TEN if self.number == 10 else str(self.number)
        return digit + ("b" if self.big else "s")

    @property
    def case_name(self) -> Text:
        return Text("大写", "big") if self.big else Text("小写", "small")

    def __str__(self) -> str:
        return self.chinese()

    def __repr__(self) -> str:
        return f"Card.parse({self.chinese()!r})"


ALL_KINDS: tuple[Card, ...] = tuple(Card(n, big=False) for n in range(1, 11)) + tuple(
    Card(n, big=True) for n in range(1, 11)
)
DECK: tuple[Card, ...] = tuple(card for card in ALL_KINDS for _ in range(COPIES_PER_KIND))


def parse_cards(text: str, *, where: str | None = None) -> list[Card]:
    """Read a run of cards in Chinese numerals and/or ASCII notation.

    Separators (spaces, commas, 、) are ignored. An unknown character raises ``CardError``
    naming the character and its position (1-based).

    >>> parse_cards("一 二，貳")
    [Card.parse('一'), Card.parse('二'), Card.parse('贰')]
    """
    if not isinstance(text, str):
        raise CardError(Text("牌应写成文字", "cards must be given as text"), where=where)
    if len(text) > MAX_CARD_TEXT:
        raise CardError(
            Text(
                f"牌的文字太长：{len(text)} 个字符，最多 {MAX_CARD_TEXT}",
                f"the cards' text is too long: {len(text)} characters, at most {MAX_CARD_TEXT}",
            ),
            code="too-long",
            where=where,
        )
    cards: list[Card] = []
    pending_digits: list[tuple[int, int]] = []  # (number, position) awaiting an s/b suffix
    for pos, ch in enumerate(text, start=1):
        if ch in _SEPARATORS or ch.isspace():  # any space, e.g. the ideographic space (U+3000) of Chinese IMEs
            continue
        if ch in _NUMERALS:
            if pending_digits:
                break_pos = pending_digits[0][1]
                raise CardError(_missing_suffix(text, break_pos), where=where)
            number, big = _NUMERALS[ch]
            cards.append(ALL_KINDS[number - 1 + (10 if big else 0)])  # (the one card of each kind)
        elif ch == "0" and pending_digits and pending_digits[-1] == (1, pos - 1):
            pending_digits[-1] = (10, pos - 1)  # "10s" / "10b" also mean ten
        elif ch.isdigit() and ch != "0" and ch.isascii():
            pending_digits.append((int(ch), pos))
        elif ch in (ASCII_TEN, ASCII_TEN.upper()):
            pending_digits.append((10, pos))
        elif ch in "sSbB":
            if not pending_digits:
                raise CardError(
                    Text(f"第 {pos} 个字符“{ch}”前面没有数字", f"character {pos} “{ch}” has no number before it"),
                    where=where,
                )
            big = ch in "bB"
            cards.extend(ALL_KINDS[number - 1 + (10 if big else 0)] for number, _ in pending_digits)
            pending_digits = []
        else:
            shown = ch if ch.isprintable() else f"U+{ord(ch):04X}"  # an invisible character is named by its code
            raise CardError(
                Text(
                    f"第 {pos} 个字符“{shown}”不是牌（应为 一…十、壹…拾，或 1s…ts、1b…tb）",
                    f"character {pos} “{shown}” is not a card (expected 一…十, 壹…拾, or 1s…ts, 1b…tb)",
                ),
                where=where,
            )
    if pending_digits:
        raise CardError(_missing_suffix(text, pending_digits[0][1]), where=where)
    return cards


def _missing_suffix(text: str, pos: int) -> Text:
    return Text(
        f"第 {pos} 个字符起的数字缺少 s（小写）或 b（大写）",
        f"the number at character {pos} needs an s (small) or b (big) after it",
    )


def format_cards(cards: Iterable[Card], *, script: str = "simplified") -> str:
    """Write cards back; ``script`` is ``simplified``, ``traditional`` or ``ascii``.

    ASCII output groups consecutive cards of one case under one suffix, so it parses back.
    """
    cards = list(cards)
    if script != "ascii":
        return "".join(card.chinese(script) for card in cards)
    out: list[str] = []
    group: list[str] = []
    group_big: bool | None = None
    for card in cards:
        if group and card.big != group_big:
            out.append("".join(group) + ("b" if group_big else "s"))
            group = []
        group_big = card.big
        group.append(card.ascii()[:-1])
    if group:
        out.append("".join(group) + ("b" if group_big else "s"))
    return " ".join(out)


def check_copies(cards: Iterable[Card], *, where: str | None = None) -> Counter[Card]:
    """Count cards and refuse a fifth copy of any kind."""
    counts = Counter(cards)
    for card, n in counts.items():
        if n > COPIES_PER_KIND:
            raise CardError(
                Text(
                    f"“{card}”有 {n} 张，而一副牌每种只有 4 张",
                    f"“{card}” appears {n} times, but the deck has only 4 of each",
                ),
                code="too-many-copies",
                where=where,
            )
    return counts
