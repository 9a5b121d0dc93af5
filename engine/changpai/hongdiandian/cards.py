"""红点点's reading of the 80 numeral cards: each card's red points, its nickname, and which cards pair.

Everything here is from the 红点点 section of [000]; where the engine reads more than the text says, the note says so.

* **Points.** [000] counts a hand by the red points of its cards and adds that an all-red card counts double; the
  ten figures it then lists are already the doubled ones. The domino reading in ``changpai.decks.dominoes``
  confirms it: 地牌 (1-1) has 2 red pips and scores 4, 人牌 (4-4) has 8 and scores 16, 大贰 (1-4) has 5 and scores
  10, while the cards that are only partly red (天 6, 红玖 4, 和 1 …) score their pips as they are. The other ten
  kinds score nothing.
* **Pairs.** Any card pairs with its twin. Five families pair across ([000]): 天牌 大拾 with 大玖 or 小九, 地牌 大捌
  with 小八 or 小六, 人牌 大柒 with 小七 or 小五, 和牌 大陆 with 大贰 or 小四, and 丁丁 小十 with 小三. The two
  partners of one family never pair with each other.
* **绝牌.** 小一 小二 大壹 大叁 大肆 大伍 pair only with their twin. [000] names 大贰 among them as well (it counts
  seven kinds), which the 和牌 family contradicts: the option ``dae_reading`` chooses (default: the pairing list).

>>> from changpai.decks.numerals import Card
>>> points(Card.parse("柒")), points(Card.parse("九"))
(16, 0)
>>> pairs_with(Card.parse("拾"), Card.parse("九")), pairs_with(Card.parse("玖"), Card.parse("九"))
(True, False)
>>> pairs_with(Card.parse("陆"), Card.parse("贰")), pairs_with(Card.parse("陆"), Card.parse("贰"), dae_jue=True)
(True, False)
"""

from __future__ import annotations

from ..core.sourced import Sourced
from ..core.text import Text
from ..decks.numerals import ALL_KINDS, Card, parse_cards

SOURCE = "[000]"

# Red points by card, as [000] lists them for 红点点 (the doubling of all-red cards already applied).
_POINTS_BY_NAME: dict[str, int] = {
    "拾": 6,
    "玖": 4,
    "捌": 4,
    "柒": 16,
    "七": 4,
    "陆": 1,
    "贰": 10,
    "十": 1,
    "三": 4,
    "壹": 4,
}
POINTS: tuple[int, ...] = tuple(_POINTS_BY_NAME.get(card.chinese(), 0) for card in ALL_KINDS)

# The names [000] gives the cards in 红点点 (the domino names of their pip ends).
NICKNAMES: dict[str, str] = {
    "拾": "天牌",
    "玖": "红玖",
    "九": "黑九",
    "捌": "地牌",
    "八": "平八",
    "六": "弯八",
    "柒": "人牌",
    "七": "酸菜",
    "五": "二五",
    "陆": "和牌",
    "四": "拐子",
    "十": "丁丁",
    "三": "二四（包包）",
}

# The families that pair across: (head, its partners) — the partners never pair with each other [000].
FAMILIES: tuple[tuple[str, str, Text], ...] = (
    ("拾", "玖九", Text("天牌", "Heaven")),
    ("捌", "八六", Text("地牌", "Earth")),
    ("柒", "七五", Text("人牌", "Man")),
    ("陆", "贰四", Text("和牌", "Harmony")),
    ("十", "三", Text("丁丁", "Ding-Ding")),
)
JUE_BASE = "一二壹叁肆伍"  # pair only with their twin [000]
DAE = Card.parse("贰")
WILD = Card.parse("叁")  # 长二: the wild card (听用) where the option ``wild_dasan`` is on [000]


def points(card: Card) -> int:
    """The red points [000] gives ``card`` in 红点点."""
    return POINTS[card.index]


def sourced_points(card: Card) -> Sourced[int]:
    """``points`` with its source, for the rules listing."""
    return Sourced(points(card), SOURCE, Text("已含全红牌加倍", "the doubling of all-red cards included"))


def _partner_table(dae_jue: bool) -> tuple[frozenset[int], ...]:
    partners: list[set[int]] = [{i} for i in range(len(ALL_KINDS))]  # every card pairs with its twin
    for head, others, _ in FAMILIES:
        h = Card.parse(head).index
        for other in parse_cards(others):
            if dae_jue and other == DAE:
                continue
            partners[h].add(other.index)
            partners[other.index].add(h)
    return tuple(frozenset(p) for p in partners)


PARTNERS: dict[bool, tuple[frozenset[int], ...]] = {False: _partner_table(False), True: _partner_table(True)}


def _wild_table(dae_jue: bool) -> tuple[frozenset[int], ...]:
    """The partners when 大叁 is wild: it pairs with every card (it stands for whatever it is set beside)."""
    table = [set(p) for p in PARTNERS[dae_jue]]
    w = WILD.index
    for i in range(len(table)):
        table[i].add(w)
        table[w].add(i)
    return tuple(frozenset(p) for p in table)


# Keyed (dae_jue, wild): the table the deal's eating and the laid pairs follow.
PARTNERS_WITH_WILD: dict[tuple[bool, bool], tuple[frozenset[int], ...]] = {
    (flag, wild): (_wild_table(flag) if wild else PARTNERS[flag]) for flag in (False, True) for wild in (False, True)
}
# For the split search: the partners of each index that come after it.
LATER_PARTNERS: dict[bool, tuple[tuple[int, ...], ...]] = {
    flag: tuple(tuple(sorted(j for j in table[i] if j > i)) for i in range(len(table)))
    for flag, table in PARTNERS.items()
}


def pairs_with(a: Card, b: Card, *, dae_jue: bool = False, wild: bool = False) -> bool:
    """Whether ``a`` and ``b`` make a pair (``dae_jue``: 大贰 read as a 绝牌; ``wild``: 大叁 wild).

    >>> pairs_with(Card.parse("叁"), Card.parse("柒")), pairs_with(Card.parse("叁"), Card.parse("柒"), wild=True)
    (False, True)
    """
    return b.index in PARTNERS_WITH_WILD[dae_jue, wild][a.index]


def is_jue(card: Card, *, dae_jue: bool = False, wild: bool = False) -> bool:
    """Whether ``card`` is a 绝牌, pairing only with its twin [000] (a wild 大叁 is none)."""
    return len(PARTNERS_WITH_WILD[dae_jue, wild][card.index]) == 1


def card_table(*, dae_jue: bool = False, wild: bool = False) -> list[dict[str, object]]:
    """Every kind with its points, nickname, partners and whether it is a 绝牌 (for the rules page)."""
    rows: list[dict[str, object]] = []
    table = PARTNERS_WITH_WILD[dae_jue, wild]
    for card in ALL_KINDS:
        others = sorted(ALL_KINDS[j] for j in table[card.index] if j != card.index)
        rows.append(
            {
                "card": card.chinese(),
                "ascii": card.ascii(),
                "nickname": NICKNAMES.get(card.chinese()),
                "points": sourced_points(card).as_dict(),
                "partners": [c.chinese() for c in others],
                "jue": is_jue(card, dae_jue=dae_jue, wild=wild),
                "source": SOURCE,
            }
        )
    return rows
