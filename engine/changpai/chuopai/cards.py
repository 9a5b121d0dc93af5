"""The 21 川牌 faces as 戳牌 sorts them [002]: classes, the ladder, the point cards' colours, the combinations.

A face is a small int (0 … 20, strongest class first, in ``decks.dominoes.DOMINO_CLASSES`` order); a hand is a
tuple of faces. Names print short (天 地 人 和 长三 梅 长二 …) and parse with their other names and pips.

>>> parse_cards("天 三六 板凳 1-4")
(0, 13, 6, 20)
>>> format_cards((0, 13, 6, 20))
'天 三六 长二 幺四'
>>> [CLASS[f] for f in parse_cards("天 长三 斧头 二红 三六")]
['main', 'middle', 'low', 'hard', 'point']
>>> colour(parse_cards("四五")[0]), point_rank(parse_cards("三五")[0]) == point_rank(parse_cards("二六")[0])
('red', True)
"""

from __future__ import annotations

import re

from ..core.text import CardError, Text
from ..decks.dominoes import DOMINO_CLASSES, DOMINO_NAMES, domino_red_pips

MAIN, MIDDLE, LOW, HARD, POINT = "main", "middle", "low", "hard", "point"
MAX_CARD_TEXT = 400  # characters: more than any hand of the game needs

# The faces in [002]'s order of classes (decks.dominoes is their one home).
PIPS: tuple[tuple[int, int], ...] = tuple(p for _zh, _en, pips in DOMINO_CLASSES for p in pips)
N_FACES = len(PIPS)
# The joker (王): some collectors' decks add jokers to the 105 cards (outside the sources: see ``options.JOKERS``).
# It has no pips and no place in [002]'s classes; how it plays is the option ``joker_play``. It is face 21, after
# the domino faces, so every table below has one more entry and a hand's counts ``N_CARDS`` places.
JOKER = N_FACES
JOKER_CLASS = "joker"
N_CARDS = N_FACES + 1
ALL_FACES = tuple(range(N_CARDS))
_CLASS_OF = {0: MAIN, 1: MIDDLE, 2: LOW, 3: HARD}
CLASS: tuple[str, ...] = (
    *(_CLASS_OF.get(i, POINT) for i, (_zh, _en, pips) in enumerate(DOMINO_CLASSES) for _p in pips),
    JOKER_CLASS,
)
FACES = tuple(range(N_FACES))  # the 21 domino faces


SHORT: tuple[str, ...] = (
    "天", "地", "人", "和", "长三", "梅", "长二", "斧头", "四六", "幺六", "猪猪",
    "二红", "丁丁", "三六", "四五", "三五", "二六", "三四", "二五", "二三", "幺四", "王",
)  # fmt: skip
ENGLISH: tuple[str, ...] = (*(DOMINO_NAMES[p][1] for p in PIPS), "joker")

# The picture of each face, the one home of the face → picture mapping (the site's card images are named so:
# ``assets/cards/dominoes/<picture>.svg``): a domino face by its pips, the joker by its name. A face's words for
# a picture's alt text are ``picture_label``.
PICTURE: tuple[str, ...] = (*(f"{a}-{b}" for a, b in PIPS), "joker")


def picture_label(face: int) -> Text:
    """What a picture of ``face`` says to a reader who cannot see it: its name and pips, or for the joker its name
    in words (it has no pips).

    >>> picture_label(0).zh, picture_label(JOKER).zh, picture_label(JOKER).en
    ('天（6-6）', '王（王牌）', '王 (joker)')
    """
    if face == JOKER:
        return Text(f"{SHORT[face]}（王牌）", f"{SHORT[face]} (joker)")
    return Text(f"{SHORT[face]}（{PICTURE[face]}）", f"{SHORT[face]}（{PICTURE[face]}）")


# The ladder of the 正门 side [002]: 天 > 地 > 人 > 和 > 中三 (equal) > 幺牌 (equal). Point and hard cards are off it.
# The joker's 7 (above 天) counts only under ``joker_play = top``; under ``hard`` it is laid in front like a 硬张.
_LADDER = {0: 6, 1: 5, 2: 4, 3: 3, JOKER: 7}
LADDER: tuple[int, ...] = tuple(
    _LADDER.get(f, 2 if CLASS[f] == MIDDLE else 1 if CLASS[f] == LOW else 0) for f in ALL_FACES
)

# The point cards [002]: black 九 > the two black 八 > black 七 > black 五; red 九 > 七 > 五. A face with red pips
# (1s and 4s) is red: that is the domino convention (an outside-source fact), and it gives [002]'s counts exactly
# (two black eights, no red eight).
_PIP_VALUE_RANK = {9: 4, 8: 3, 7: 2, 5: 1}


def colour(face: int) -> str:
    """``"red"`` or ``"black"`` for a point card, ``""`` for any other face."""
    if CLASS[face] != POINT:
        return ""
    return "red" if domino_red_pips(*PIPS[face]) else "black"


def point_rank(face: int) -> int:
    """A point card's rank within its colour (九 4, 八 3, 七 2, 五 1); 0 for any other face."""
    return _PIP_VALUE_RANK[sum(PIPS[face])] if CLASS[face] == POINT else 0


# The combinations [002]: a 正门 card with the point cards of its number, 天九 > 地八 > 人七 > 和五.
FAMILY_NAMES: tuple[Text, ...] = (Text("天九", "Heaven-nine"), Text("地八", "Earth-eight"), Text("人七", "Man-seven"),
                                  Text("和五", "Harmony-five"))  # fmt: skip
_FAMILY_SUM = (9, 8, 7, 5)  # 天 with the nines, 地 the eights, 人 the sevens, 和 the fives


def family(face: int) -> int:
    """The combination a face can belong to (0 天九 … 3 和五), or -1."""
    if face < 4:
        return face
    if CLASS[face] == POINT:
        return _FAMILY_SUM.index(sum(PIPS[face]))
    return -1


FAMILY_STRENGTH = (4, 3, 2, 1)

_DIGITS = "幺二三四五六"
_ALIASES: dict[str, int] = {}


def _add_aliases() -> None:
    for face, (a, b) in enumerate(PIPS):
        for name in (SHORT[face], f"{a}-{b}", f"{b}-{a}", f"{a}{b}", f"{b}{a}", _DIGITS[a - 1] + _DIGITS[b - 1]):
            _ALIASES.setdefault(name, face)
        _ALIASES.setdefault(_DIGITS[b - 1] + _DIGITS[a - 1], face)
        _ALIASES.setdefault(("一" + _DIGITS[b - 1]) if a == 1 else SHORT[face], face)
        full = DOMINO_NAMES[(a, b)][0]
        for part in re.split(r"[（）、？]", full):
            if part:
                _ALIASES.setdefault(part, face)
    for extra, face in (
        ("梅子", 5),
        ("梅五", 5),
        ("板凳", 6),
        ("幺幺", 1),
        ("一一", 1),
        ("一三", 3),
        ("王", JOKER),
        ("joker", JOKER),
    ):
        _ALIASES[extra] = face


_add_aliases()


def parse_card(token: str, where: str = "card") -> int:
    """One face from its name, another of its names, or its pips (``6-6``)."""
    face = _ALIASES.get(token.strip())
    if face is None:
        raise CardError(Text(f"“{token}”不是川牌的牌名", f"“{token}” is not the name of a Sichuan card"), where=where)
    return face


def parse_cards(text: str, where: str = "cards") -> tuple[int, ...]:
    """Faces from names separated by spaces (or 、 ,); an error names the position (``cards.2``)."""
    if len(text) > MAX_CARD_TEXT:
        raise CardError(
            Text(f"牌太长（最多 {MAX_CARD_TEXT} 个字）", f"too long (at most {MAX_CARD_TEXT} characters)"),
            code="too-long",
            where=where,
        )
    tokens = [t for t in re.split(r"[\s、,，]+", text) if t]
    return tuple(parse_card(t, f"{where}.{i}") for i, t in enumerate(tokens))


def format_cards(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(SHORT[f] for f in cards)


def deck(copies: int, jokers: int = 0) -> list[int]:
    """``copies`` of each face and ``jokers`` jokers (4 and 0 give the 84-card deck collectors describe, 5 and 10
    the 115-card one: facts from outside the sources).

    >>> len(deck(4)), len(deck(5)), len(deck(5, 10)), deck(4, 2)[-2:] == [JOKER, JOKER]
    (84, 105, 115, True)
    """
    return [f for f in FACES for _ in range(copies)] + [JOKER] * jokers
