"""戳牌's lesson questions ([002]), answered by the rules the deal itself plays by. See ``changpai.core.lesson``.

``beats``  position ``{"led", "play"}`` → whether ``play`` beats ``led`` (``plays.beats``, same number of cards).
``takes``  position ``{"trick": ["0 play 长三", "1 play 地", "2 down 斧头"]}`` → the seat that takes the trick: the
           trick is played on a table whose dealer is the first seat (each seat holding just the cards it plays),
           so every play is checked by the deal's own rules and the taker is the deal's.
``wins``   position ``{"in_front": N}`` → how many cards a seat with N cards in front wins (``deal.cards_won``).

>>> answer("beats", {"led": "和 二三", "play": "地 二六"}).value
True
>>> answer("takes", {"trick": ["0 play 长三", "1 play 地", "2 down 斧头"]}).value
'1'
>>> answer("wins", {"in_front": 18}).value
3
"""

from __future__ import annotations

from typing import Any

from ..core.lesson import CHOICE, NUMBER, YESNO, LessonAnswer, Row, position_text, read_request
from ..core.table import seat_name
from ..core.text import HandError, RuleError, Text
from .actions import ChuoAction
from .cards import PICTURE, SHORT, parse_cards, picture_label
from .deal import WIN_OVER, ChuoDeal, cards_won, make_table
from .options import rules_from
from .plays import Shape, beats, shape, why_no_play

NAME = "chuopai"
ASKS = {"beats": YESNO, "takes": CHOICE, "wins": NUMBER}
MAX_TRICK = 4


def answer_request(request: dict[str, Any]) -> dict[str, Any]:
    """The ``lesson`` command for 戳牌: ``{"rules": "chuopai", "ask", "position", "options"?}``."""
    ask, position, options = read_request(request, ASKS)
    return answer(ask, position, NAME, options).as_dict()


def _faces(cards: tuple[int, ...] | list[int]) -> tuple[tuple[str, str, Text], ...]:
    # the picture of each face and its words (cards.PICTURE and picture_label), the joker's too
    return tuple((SHORT[f], PICTURE[f], picture_label(f)) for f in cards)


def _play(position: dict[str, Any], key: str, rules: Any) -> tuple[tuple[int, ...], Shape]:
    cards = tuple(sorted(parse_cards(position_text(position, key), f"position.{key}")))
    found = shape(cards, rules)
    if found is None:
        code, why = why_no_play(cards, rules)
        raise RuleError(why, code=code, where=f"position.{key}")
    return cards, found


def _beats(position: dict[str, Any], rules: Any) -> LessonAnswer:
    led, led_shape = _play(position, "led", rules)
    play, play_shape = _play(position, "play", rules)
    yes = beats(play_shape, led_shape, rules)
    a, b = " ".join(SHORT[f] for f in play), " ".join(SHORT[f] for f in led)
    if play_shape.size != led_shape.size:
        why = Text(
            f"张数不同（{play_shape.size} 对 {led_shape.size}），管不上 [002]",
            "a different number of cards never beats [002]",
        )
    else:
        pn, ln = play_shape.name(), led_shape.name()
        why = Text(
            f"{a}是{pn.zh}，{b}是{ln.zh}：{'管得上' if yes else '管不上'} [002]",
            f"{a} is a {pn.en}, {b} a {ln.en}: {'it beats it' if yes else 'it does not beat it'} [002]",
        )
    return LessonAnswer(
        value=yes,
        shown=Text("管得上" if yes else "管不上", "it beats it" if yes else "it does not"),
        lines=(why,),
        rows=(Row(Text("先出的牌", "Led"), faces=_faces(led)), Row(Text("跟着出", "Played on it"), faces=_faces(play))),
        labels=(Text("管得上", "It beats it"), Text("管不上", "It does not")),
        form=YESNO,
    )


def _trick_row(i: int, action: ChuoAction) -> Row:
    name = seat_name(action.seat)
    zh, en = name.zh, name.en
    if i == 0:
        zh, en = zh + "（先出）", en + " (leads)"
    if action.kind == "down":
        zh, en = zh + "（盖牌）", en + " (face down)"
    return Row(Text(zh, en), faces=_faces(action.cards))


def _takes(position: dict[str, Any], rules: Any) -> LessonAnswer:
    lines = position.get("trick")
    if not isinstance(lines, list) or not 2 <= len(lines) <= MAX_TRICK or not all(isinstance(t, str) for t in lines):
        raise HandError(
            Text("trick 应是 2 到 4 行出牌，如“0 play 长三”", "trick is 2 to 4 plays, e.g. “0 play 长三”"),
            code="bad-field",
            where="position.trick",
        )
    actions = [ChuoAction.parse(t, f"position.trick.{i}") for i, t in enumerate(lines)]
    players = rules.players
    if len(actions) != players - (players == 4):  # with four, one rests each deal
        raise HandError(
            Text(f"每位玩家各出一次（{players} 人）", f"each of the {players} players plays once"),
            code="bad-field",
            where="position.trick",
        )
    table = make_table(players, actions[0].seat)
    dealt: list[tuple[int, ...]] = [() for _ in range(players)]
    for action in actions:
        dealt[action.seat] = action.cards
    deal = ChuoDeal.from_hands(rules, table, None, dealt, ())
    for i, action in enumerate(actions):
        deal.play(action, f"position.trick.{i}")
    if not deal.tricks:
        raise HandError(Text("这一轮还没出完", "the trick is not finished"), code="bad-field", where="position.trick")
    taker = deal.tricks[0].taker
    name = seat_name(taker)
    rows = tuple(_trick_row(i, a) for i, a in enumerate(actions))
    return LessonAnswer(
        value=str(taker),
        shown=Text(f"{name.zh}收这一轮", f"{name.en} takes the trick"),
        lines=(
            Text(
                f"最大的一手是{name.zh}出的，{name.zh}把自己的牌摆在面前，别的盖起来，下一轮由{name.zh}先出 [002]",
                f"{name.en} made the highest play: those cards go in front of {name.en}, the rest are covered, "
                f"and {name.en} leads next [002]",
            ),
        ),
        rows=rows,
        choices=tuple((str(a.seat), seat_name(a.seat)) for a in actions),
        form=CHOICE,
    )


def _wins(position: dict[str, Any]) -> LessonAnswer:
    count = position.get("in_front")
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 84:
        raise HandError(
            Text("in_front 应是 0 到 84 的整数", "in_front is a whole number from 0 to 84"),
            code="bad-field",
            where="position.in_front",
        )
    won = cards_won(count)
    if won:
        why = Text(
            f"{count} 张比 {WIN_OVER} 张多 {won} 张，赢 {won} 张 [002]",
            f"{count} is {won} over {WIN_OVER}: it wins {won} [002]",
        )
    else:
        why = Text(
            f"{count} 张不超过 {WIN_OVER} 张，赢不到牌 [002]", f"{count} is not over {WIN_OVER}: nothing won [002]"
        )
    return LessonAnswer(value=won, shown=Text(f"赢 {won} 张", f"{won} won"), lines=(why,), form=NUMBER)


def answer(
    ask: str, position: dict[str, Any], rules: str = NAME, options: dict[str, Any] | None = None
) -> LessonAnswer:
    """The engine's answer to ``ask`` about ``position`` (``options``: the rule set's options)."""
    chosen = rules_from(options)
    if ask == "beats":
        return _beats(position, chosen)
    if ask == "takes":
        return _takes(position, chosen)
    if ask == "wins":
        return _wins(position)
    raise HandError(Text(f"戳牌没有“{ask}”这种题", f"戳牌 has no question “{ask}”"), code="bad-field", where="ask")
