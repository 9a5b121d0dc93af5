"""红点点's lesson questions ([000]): the asks a lesson adds to ``win``, ``points`` and ``waits`` (which the
``score`` and ``waits`` commands answer for 红点点 as for every game). See ``changpai.core.lesson``.

``pairs``  position ``{"card"}`` → the cards that pair with it, its twin included (``cards.pairs_with``, under the
           rule set's reading of 大贰).

>>> answer("pairs", {"card": "拾"}, "wuchuan-hongdiandian-sicheng").value
['九', '玖', '拾']
>>> answer("pairs", {"card": "一"}, "wuchuan-hongdiandian-sicheng").shown.en
'一 only (a 绝牌)'
"""

from __future__ import annotations

from typing import Any

from ..core.lesson import CARDS, LessonAnswer, Row, position_text, read_request
from ..core.text import HandError, Text
from ..decks.numerals import ALL_KINDS, Card, parse_cards
from .cards import NICKNAMES, is_jue, pairs_with
from .rules import get_rules

ASKS = {"pairs": CARDS}
POINT_WORD = Text("点", "red dots")  # what a 红点点 hand's points are called [000]


def answer_request(request: dict[str, Any]) -> dict[str, Any]:
    """The ``lesson`` command for a 红点点 rule set: ``{"rules", "ask", "position", "options"?}``."""
    ask, position, options = read_request(request, ASKS)
    return answer(ask, position, str(request.get("rules")), options).as_dict()


def _one_card(position: dict[str, Any]) -> Card:
    cards = parse_cards(position_text(position, "card"), where="position.card")
    if len(cards) != 1:
        raise HandError(Text("这里只写一张牌", "name one card here"), code="card-count", where="position.card")
    return cards[0]


def answer(ask: str, position: dict[str, Any], rules: str, options: dict[str, Any] | None = None) -> LessonAnswer:
    """The engine's answer to ``ask`` about ``position`` under the 红点点 rule set ``rules``."""
    hdd = get_rules(rules, options or {})
    if ask != "pairs":
        raise HandError(
            Text(f"红点点没有“{ask}”这种题", f"红点点 has no question “{ask}”"), code="bad-field", where="ask"
        )
    card = _one_card(position)
    partners = sorted(c for c in ALL_KINDS if pairs_with(card, c, dae_jue=hdd.dae_jue))
    names = [c.chinese() for c in partners]
    nick = NICKNAMES.get(card.chinese())
    called = (
        Text(f"{card.chinese()}（{nick}）", f"{card.chinese()} ({nick})")
        if nick
        else Text(card.chinese(), card.chinese())
    )
    if is_jue(card, dae_jue=hdd.dae_jue):
        shown = Text(f"只有 {card.chinese()}（绝牌）", f"{card.chinese()} only (a 绝牌)")
        why = Text(
            f"{called.zh}是绝牌，只能和同样的牌相靠 [000]", f"{called.en} is a 绝牌: it pairs with its twin only [000]"
        )
    else:
        shown = Text("".join(names), "".join(names))
        others = "、".join(n for n in names if n != card.chinese())
        why = Text(
            f"{called.zh}和同样的牌相靠，也可以靠 {others} [000]",
            f"{called.en} pairs with its twin and also with {', '.join(n for n in names if n != card.chinese())} [000]",
        )
    return LessonAnswer(
        value=names,
        shown=shown,
        lines=(why,),
        rows=(Row(Text("这张牌", "The card"), numerals=card.chinese()),),
        form=CARDS,
    )
