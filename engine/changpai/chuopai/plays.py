"""What a 戳牌 play is and what it beats [002]: the one statement of shapes and ranks, and the plays in a hand.

A play is a sorted tuple of faces. Its ``Shape`` is (kind, size, strength):

* ``ladder`` — 天 地 人 和, 中三, 幺牌, singly or several alike; strength 天 6 > 地 5 > 人 4 > 和 3 > 中三 2 > 幺 1;
* ``black`` / ``red`` — one point card; beaten only by a higher one of its colour (黑九 4 > 黑八 3 > 黑七 2 > 黑五 1;
  红九 > 红七 > 红五); [002]'s own example also lets 天地人和 and 中三 beat it (option ``point_beaters``);
* ``combo`` — a 正门 card with the point cards of its number (天九 4 > 地八 3 > 人七 2 > 和五 1), beating only a
  combination of the same size.

硬张 (二红, 丁丁) are never played. A play beats another only with the same number of cards and a higher strength.

>>> from changpai.chuopai.cards import parse_cards
>>> from changpai.chuopai.options import ChuoRules
>>> r = ChuoRules()
>>> beats(shape(parse_cards("地 二六"), r), shape(parse_cards("和 二三"), r), r)
True
>>> beats(shape(parse_cards("天"), r), shape(parse_cards("二三"), r), r)  # the rule, not the example
False
>>> shape(parse_cards("三六 四五"), r) is None  # two nines, no 正门 card
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..core.text import Text
from .cards import (
    ALL_FACES,
    CLASS,
    FACES,
    FAMILY_NAMES,
    FAMILY_STRENGTH,
    HARD,
    JOKER,
    LADDER,
    LOW,
    MAIN,
    MIDDLE,
    N_CARDS,
    POINT,
    colour,
    family,
    format_cards,
    point_rank,
)
from .options import ChuoRules

LADDER_KIND, BLACK, RED, COMBO = "ladder", "black", "red", "combo"


@dataclass(frozen=True, slots=True)
class Shape:
    """What a play is: its kind, its number of cards and its strength within the kind."""

    kind: str
    size: int
    strength: int

    def name(self) -> Text:
        if self.kind == COMBO:
            return FAMILY_NAMES[FAMILY_STRENGTH.index(self.strength)]
        if self.kind in (BLACK, RED):
            return Text("黑副牌", "black point card") if self.kind == BLACK else Text("红副牌", "red point card")
        label = {2: Text("中三", "middle three"), 1: Text("幺牌", "low card")}.get(self.strength)
        return label or Text("正门", "main card")


def _ladder_shape(cards: Sequence[int], rules: ChuoRules) -> Shape | None:
    first = cards[0]
    if all(c == first for c in cards):
        return Shape(LADDER_KIND, len(cards), LADDER[first])
    cls = CLASS[first]
    if rules.group_alike == "class" and cls in (MIDDLE, LOW) and all(CLASS[c] == cls for c in cards):
        return Shape(LADDER_KIND, len(cards), LADDER[first])
    return None


def _combo_shape(cards: Sequence[int], rules: ChuoRules) -> Shape | None:
    fam = family(cards[0])
    if fam < 0 or any(family(c) != fam for c in cards):
        return None
    mains = sum(1 for c in cards if CLASS[c] == MAIN)
    if mains == 0 or mains == len(cards):
        return None
    if len(cards) > 2 and rules.combination_size == "two":
        return None
    return Shape(COMBO, len(cards), FAMILY_STRENGTH[fam])


def is_hard(face: int, rules: ChuoRules) -> bool:
    """Whether ``face`` is laid in front at the deal and never played: the 硬张 [002], and the joker under
    ``joker_play = hard`` (the engine's reading)."""
    return CLASS[face] == HARD or (face == JOKER and rules.joker_play == "hard")


@lru_cache(maxsize=1 << 16)
def shape(cards: tuple[int, ...], rules: ChuoRules) -> Shape | None:
    """The shape of ``cards`` (sorted faces) as a play, or ``None`` when they make no play (kept: a pure function
    of frozen values, asked again and again by the deal and the players)."""
    if not cards or any(is_hard(c, rules) for c in cards):
        return None
    if len(cards) == 1 and CLASS[cards[0]] == POINT:
        return Shape(BLACK if colour(cards[0]) == "black" else RED, 1, point_rank(cards[0]))
    if all(LADDER[c] > 0 for c in cards):
        return _ladder_shape(cards, rules)
    return _combo_shape(cards, rules)


def why_no_play(cards: Sequence[int], rules: ChuoRules) -> tuple[str, Text]:
    """Why ``cards`` make no play (a code and the reason), for the refusal of a play whose ``shape`` is ``None``."""
    if any(c == JOKER for c in cards) and rules.joker_play == "hard":
        return "hard-card", Text(
            "王牌照本站的读法当硬张：不出，放在面前计数",
            "a joker is, as the engine reads it, a 硬张: laid in front and counted",
        )
    if any(CLASS[c] == HARD for c in cards):
        return "hard-card", Text(
            "硬张（二红、丁丁）不出，直接放在面前计数", "硬张 (二红, 丁丁) are never played: laid in front and counted"
        )
    fams = {family(c) for c in cards}
    if len(fams) == 1 and -1 not in fams and not any(CLASS[c] == MAIN for c in cards):
        return "combination-without-main", Text(
            "组合牌必须有一张正门牌（天地人和）", "a combination needs a 正门 card (天 地 人 和)"
        )
    if len(cards) > 2 and rules.combination_size == "two" and len(fams) == 1 and -1 not in fams:
        return "combination-size", Text(
            "组合牌只能两张（选项 combination_size）", "a combination is two cards (option combination_size)"
        )
    if any(CLASS[c] == POINT for c in cards) and all(CLASS[c] == POINT for c in cards):
        return "points-alone", Text(
            "副牌只能单出，或和正门牌组合", "point cards go out one at a time or in a combination"
        )
    return "not-alike", Text(
        "几张一起出要一样（或是一个组合）", "cards played together must be alike (or a combination)"
    )


def beats(play: Shape, target: Shape, rules: ChuoRules) -> bool:
    """Whether ``play`` beats ``target``: the same number of cards, the same kind and a higher strength; or, under
    ``point_beaters = example``, a 天地人和 or 中三 single on a point card."""
    if play.size != target.size:
        return False
    if play.kind == target.kind:
        return play.strength > target.strength
    return (
        rules.point_beaters == "example"
        and play.kind == LADDER_KIND
        and target.kind in (BLACK, RED)
        and play.strength >= 2
    )


def _multisets(faces: Sequence[int], counts: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` cards drawn from ``faces`` (at most ``counts[f]`` of each), faces ascending."""
    if size == 0:
        yield ()
        return
    if not faces:
        return
    first, rest = faces[0], faces[1:]
    for k in range(min(counts[first], size), -1, -1):
        for tail in _multisets(rest, counts, size - k):
            yield (first,) * k + tail


_CLASS_FACES = {cls: tuple(f for f in FACES if CLASS[f] == cls) for cls in (MIDDLE, LOW)}
_FAMILY_FACES = tuple(tuple(f for f in FACES if family(f) == fam) for fam in range(4))


def plays_in(counts: Sequence[int], rules: ChuoRules, size: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every distinct play a hand (counts per face) can make, of ``size`` cards if given. Each is listed once."""
    by_class = rules.group_alike == "class"
    for face in ALL_FACES:
        c = counts[face]
        if not c or is_hard(face, rules):
            continue
        if CLASS[face] == POINT:
            if size in (None, 1):
                yield (face,)
            continue
        if by_class and CLASS[face] in (MIDDLE, LOW):
            continue
        for k in range(1, c + 1) if size is None else ((size,) if size <= c else ()):
            yield (face,) * k
    if by_class:
        for faces in _CLASS_FACES.values():
            total = sum(counts[f] for f in faces)
            for k in range(1, total + 1) if size is None else ((size,) if size <= total else ()):
                yield from _multisets(faces, counts, k)
    yield from _combos_in(counts, rules, size)


def _combos_in(counts: Sequence[int], rules: ChuoRules, size: int | None) -> Iterator[tuple[int, ...]]:
    if size == 1:
        return
    for faces in _FAMILY_FACES:
        main, points = faces[0], faces[1:]
        if not counts[main] or not any(counts[p] for p in points):
            continue
        if rules.combination_size == "two":
            if size in (None, 2):
                yield from ((main, p) for p in points if counts[p])
            continue
        total = sum(counts[f] for f in faces)
        for k in range(2, total + 1) if size is None else (size,):
            for cards in _multisets(faces, counts, k):
                if cards[0] == main and cards[-1] != main:  # holds the 正门 card and a point card
                    yield cards


def beating_plays(counts: Sequence[int], target: Shape, rules: ChuoRules) -> Iterator[tuple[int, ...]]:
    """The plays of a hand that beat ``target``."""
    for cards in plays_in(counts, rules, target.size):
        s = shape(cards, rules)
        if s is not None and beats(s, target, rules):
            yield cards


def can_beat(counts: Sequence[int], target: Shape, rules: ChuoRules) -> bool:
    return any(True for _ in beating_plays(counts, target, rules))


def counts_of(cards: Sequence[int]) -> list[int]:
    out = [0] * N_CARDS
    for c in cards:
        out[c] += 1
    return out


def analyse(cards: Sequence[int], rules: ChuoRules) -> list[dict[str, object]]:
    """For each play the hand can make: its shape and every play of a full deck it beats (and how many beat it).

    >>> from changpai.chuopai.cards import parse_cards
    >>> [(a["play"], a["beats"]) for a in analyse(parse_cards("人 三四"), ChuoRules())][2]
    ('人 三四', ['和 二三', '和 幺四'])
    """
    counts = counts_of(cards)
    full = [rules.copies] * len(FACES) + [rules.jokers]
    out: list[dict[str, object]] = []
    for play in plays_in(counts, rules):
        s = shape(play, rules)
        if s is None:
            continue
        others = [(q, shape(q, rules)) for q in plays_in(full, rules, s.size)]
        beaten = [format_cards(q) for q, t in others if t is not None and beats(s, t, rules)]
        beaten_by = sum(1 for _q, t in others if t is not None and beats(t, s, rules))
        out.append(
            {
                "play": format_cards(play),
                "kind": s.kind,
                "name": s.name().as_dict(),
                "size": s.size,
                "beats": beaten,
                "beaten_by": beaten_by,
            }
        )
    return out
