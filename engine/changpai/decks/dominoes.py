"""The 21 Sichuan domino faces (川牌) with their names and classes, and the Wuchuan two-ended card.

Wuchuan's cards carry pips at one end and a numeral at the other (一头点子一头字, [000]); ``DUAL_PAIRING`` says
which domino face sits on the pip end of which numeral card, and how sure the reading is. The site's card
drawing (``sitebuild/card_art.py``) and the deck pages read these tables; they are the one home of them.

>>> DOMINO_NAMES[(6, 6)]
('天牌', 'Heaven')
>>> domino_red_pips(1, 4), domino_red_pips(6, 6)
(5, 6)
>>> next(p for p in DUAL_PAIRING if p.domino == (6, 6)).card
Card.parse('拾')
"""

from __future__ import annotations

from dataclasses import dataclass

from .numerals import Card

# Sichuan domino faces (川牌). Names from [002] (戳牌) and, for the ones [002] calls only by their pips,
# the nicknames [000] uses in 红点点. Pairs are written low-high.
DOMINO_NAMES: dict[tuple[int, int], tuple[str, str]] = {
    (6, 6): ("天牌", "Heaven"),
    (1, 1): ("地牌", "Earth"),
    (4, 4): ("人牌", "Man"),
    (1, 3): ("和牌", "Harmony"),
    (3, 3): ("长三", "Long Three"),
    (5, 5): ("梅（梅子、梅五）", "Plum"),
    (2, 2): ("长二（板凳）", "Long Two (Bench)"),
    (5, 6): ("斧头", "Axe"),
    (4, 6): ("四六", "Four-Six"),
    (1, 6): ("幺六", "One-Six"),
    (1, 5): ("猪猪（幺五）", "Piggy (One-Five)"),
    (2, 4): ("二红（二四、包包）", "Two Reds (Two-Four, Bundle)"),
    (1, 2): ("丁丁", "Ding-Ding"),
    (3, 6): ("三六（黑九）", "Three-Six (Black Nine)"),
    (4, 5): ("四五（红九）", "Four-Five (Red Nine)"),
    (3, 5): ("三五（弯八？）", "Three-Five (Bent Eight?)"),
    (2, 6): ("二六（平八？）", "Two-Six (Level Eight?)"),
    (3, 4): ("三四（酸菜）", "Three-Four (Pickled Greens)"),
    (2, 5): ("二五", "Two-Five"),
    (2, 3): ("二三（拐子）", "Two-Three (Crook)"),
    (1, 4): ("幺四", "One-Four"),
}

# [002]'s classes of the 川牌 faces, strongest first.
DOMINO_CLASSES: tuple[tuple[str, str, tuple[tuple[int, int], ...]], ...] = (
    ("正门 天地人和", "main suit: Heaven, Earth, Man, Harmony", ((6, 6), (1, 1), (4, 4), (1, 3))),
    ("中三", "the middle three", ((3, 3), (5, 5), (2, 2))),
    ("幺牌（下幺）", "the low cards", ((5, 6), (4, 6), (1, 6), (1, 5))),
    ("硬张", "the hard cards (not played, counted)", ((2, 4), (1, 2))),
    ("副牌 九点", "point cards: nine", ((3, 6), (4, 5))),
    ("副牌 八点", "point cards: eight", ((3, 5), (2, 6))),
    ("副牌 七点", "point cards: seven", ((3, 4), (2, 5))),
    ("副牌 五点", "point cards: five", ((2, 3), (1, 4))),
)


@dataclass(frozen=True, slots=True)
class DualPairing:
    """Which domino face sits on the pip end of a Wuchuan two-ended card, and how sure we are."""

    card: Card
    domino: tuple[int, int]
    nickname: str  # the name [000] uses for this card in 红点点
    inferred: bool  # True where the pairing is our reading, not a name the sources give outright
    note_zh: str
    note_en: str


def _dual(ascii_name: str, domino: tuple[int, int], nickname: str, inferred: bool, zh: str, en: str) -> DualPairing:
    return DualPairing(Card.parse(ascii_name), domino, nickname, inferred, zh, en)


# [000] names ten Da Er cards after 川牌 faces (天牌 大拾, 地牌 大捌, 人牌 大柒, 和牌 大陆, 丁丁 小十 …) and
# says 长二 is 大叁. The red-point values it gives for 红点点 match the red pips of those faces exactly
# (1 and 4 pips red; 天's twelve pips half red; an all-red face counted double), which fixes the rest.
# Cards with no name and no red points (小一 小二 大肆 大伍) have no readable partner: not drawn.
DUAL_PAIRING: tuple[DualPairing, ...] = (
    _dual("tb", (6, 6), "天牌", False, "[000] 称大拾为天牌。", "[000] calls big ten 天牌, Heaven."),
    _dual(
        "9b",
        (4, 5),
        "红玖",
        True,
        "红九即四五：红点 4，与 [000] 的 4 点相合。",
        "Red nine is four-five: 4 red pips, as [000] counts.",
    ),
    _dual(
        "9s",
        (3, 6),
        "黑九",
        True,
        "黑九即三六：没有红点，[000] 也不计点。",
        "Black nine is three-six: no red pips, no points in [000].",
    ),
    _dual("8b", (1, 1), "地牌", False, "[000] 称大捌为地牌。", "[000] calls big eight 地牌, Earth."),
    _dual(
        "8s",
        (2, 6),
        "平八",
        True,
        "八点有二六、三五两张，哪张是“平”、哪张是“弯”，来源未说；此处按字形猜测。",
        "The eights are two-six and three-five; which is 'level' and which 'bent' is not said: a guess.",
    ),
    _dual(
        "6s",
        (3, 5),
        "弯八",
        True,
        "同上，三五的斜排点子读作“弯”。",
        "As above: the slanting pips of three-five read as 'bent'.",
    ),
    _dual("7b", (4, 4), "人牌", False, "[000] 称大柒为人牌。", "[000] calls big seven 人牌, Man."),
    _dual(
        "7s",
        (3, 4),
        "酸菜",
        True,
        "七点有三四、二五；三四红点 4，与酸菜的 4 点相合。",
        "The sevens are three-four and two-five; three-four has the 4 red pips [000] gives 酸菜.",
    ),
    _dual("5s", (2, 5), "二五", False, "[000] 直呼小五为“二五”。", "[000] calls small five 二五, two-five, outright."),
    _dual("6b", (1, 3), "和牌", False, "[000] 称大陆为和牌。", "[000] calls big six 和牌, Harmony."),
    _dual(
        "2b",
        (1, 4),
        "大贰",
        True,
        "和牌可靠大贰；五点中只有幺四全红，5 个红点加倍为 10，正是 [000] 给大贰的点数。",
        "Harmony pairs with big two; of the fives only one-four is all red: 5 pips doubled = 10, [000]'s value.",
    ),
    _dual(
        "4s",
        (2, 3),
        "拐子",
        True,
        "和牌的另一伴是拐子（小四），只剩二三，没有红点。",
        "Harmony's other partner, 拐子 (small four), can only be two-three: no red pips.",
    ),
    _dual("ts", (1, 2), "丁丁", False, "[000] 称小十为丁丁。", "[000] calls small ten 丁丁, Ding-Ding."),
    _dual("3s", (2, 4), "二四", False, "[000] 称小三为二四、包包。", "[000] calls small three 二四 or 包包."),
    _dual(
        "1b",
        (4, 6),
        "大壹",
        True,
        "大壹计 4 点；余下有 4 个红点的只剩四六。",
        "Big one scores 4; the only face left with 4 red pips is four-six.",
    ),
    _dual("3b", (2, 2), "长二", False, "[000] 说“长二即大叁”。", "[000] says 长二 (Long Two) is big three."),
)

RED_PIP_NUMBERS = (1, 4)  # Chinese domino convention; 天 (6-6) also has half its pips red


def domino_red_pips(a: int, b: int) -> int:
    """Red pips on a face: 1s and 4s are red, and on 天 (6-6) half of each six."""
    if (a, b) == (6, 6):
        return 6
    return sum(n for n in (a, b) if n in RED_PIP_NUMBERS)
