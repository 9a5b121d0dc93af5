"""The lesson questions of Wuchuan 一百 [000]: how many 子 a thing scores, answered by the rules that score a sitting
(``wuchuan_yibai``'s ``held_scores``, ``ji_points``, ``class_factor``), so a lesson cannot state a number the engine
does not play. The ``lesson`` command asks ``LESSON`` (the rule set's ``variant.lesson``); ``win``, ``points`` and
``waits`` stay the ``score`` and ``waits`` commands' (a hand's hu, as in 字牌).

``pickup``  position ``{"hand"}`` → the 子 of the 坎 and 活龙 laid face down once the hand is picked up.
``made``    position ``{"make", "card"}`` (``make``: dui, kaizhao, ji, steal-kan, steal-long) → the 子 it scores
            the moment it is made.
``zi``      position ``{"hand", "table"?, "win_card"?, "from"?}`` (as ``score``) → the 子 of the win: its hu,
            doubled for a 中胡, raised for a 大胡.
``chao``    position ``{"points"}`` (the 子 before) → the 子 left after 抄.

>>> LESSON.answer("made", {"make": "ji", "card": "叁"}).value
9
>>> LESSON.answer("zi", {"hand": "壹壹壹一二三二七十四五六肆伍陆捌玖拾六七", "win_card": "八"}).value
12
>>> LESSON.answer("chao", {"points": 48}).shown.en
'2 子 left; from now on 120 are needed'
"""

from __future__ import annotations

from typing import Any

from ..core.lesson import NUMBER, LessonAnswer, Row, position_text, read_request
from ..core.text import ChangpaiError, HandError, Text
from ..decks.numerals import parse_cards
from .analysis import analyse
from .options import apply
from .playrules import PlayRules
from .rules import RuleSet
from .sets import SetKind
from .wuchuan_yibai import CLASS_WORDS, PLAY, SCORE_WORDS, YIBAI, class_factor, held_scores, ji_points

ASKS = {"pickup": NUMBER, "made": NUMBER, "zi": NUMBER, "chao": NUMBER}
MAKES = ("dui", "kaizhao", "ji", "steal-kan", "steal-long")


def _zi(n: int) -> Text:
    return Text(f"{n} 子", f"{n} 子")


def _bad(zh: str, en: str, where: str) -> HandError:
    return HandError(Text(zh, en), code="bad-field", where=where)


class YibaiLesson:
    """一百's asks (``ASKS``) and their answers."""

    asks = ASKS

    def answer_request(self, request: dict[str, Any]) -> dict[str, Any]:
        """The ``lesson`` command for 一百: ``{"rules", "ask", "position", "options"?}``."""
        ask, position, options = read_request(request, dict(ASKS))
        return self.answer(ask, position, options).as_dict()

    def answer(self, ask: str, position: dict[str, Any], options: dict[str, Any] | None = None) -> LessonAnswer:
        rules, play = apply(YIBAI, PLAY, options) if options else (YIBAI, PLAY)
        if ask == "pickup":
            return _pickup(rules, position)
        if ask == "made":
            return _made(rules, play, position)
        if ask == "zi":
            return _win(rules, play, position)
        if ask == "chao":
            return _chao(play, position)
        raise _bad(f"一百没有“{ask}”这种题", f"一百 has no question “{ask}”", "ask")


def _pickup(rules: RuleSet, position: dict[str, Any]) -> LessonAnswer:
    hand = parse_cards(position_text(position, "hand"), where="position.hand")
    found = held_scores(rules, hand, 0)
    total = sum(s.points for s in found)
    lines = [
        Text(
            f"{SCORE_WORDS[s.code].zh} {str(s.card) * (4 if s.code == 'held-long' else 3)}：{s.points} 子",
            f"{SCORE_WORDS[s.code].en} {str(s.card) * (4 if s.code == 'held-long' else 3)}: {s.points} 子",
        )
        for s in found
    ]
    lines.append(
        Text(
            "拿完牌就把坎、活龙扣在面前，照字牌的胡数记子 [000]",
            "once the hand is picked up, its 坎 and 活龙 are laid face down and score their 字牌 hu as 子 [000]",
        )
    )
    return LessonAnswer(
        total,
        _zi(total),
        tuple(lines),
        (Row(Text("拿完牌的手牌", "The hand as picked up"), numerals="".join(str(c) for c in hand)),),
        form=NUMBER,
    )


def _made(rules: RuleSet, play: PlayRules, position: dict[str, Any]) -> LessonAnswer:
    make = position.get("make")
    if make not in MAKES:
        raise _bad(f"make 应是 {'、'.join(MAKES)} 之一", f"make must be one of {', '.join(MAKES)}", "position.make")
    cards = parse_cards(position_text(position, "card"), where="position.card")
    if len(cards) != 1:
        raise HandError(Text("这里只写一张牌", "name one card here"), code="card-count", where="position.card")
    card = cards[0]
    if make == "dui":
        points, shown = rules.points_of(SetKind.PONG, (card,) * 3), str(card) * 3
    elif make == "steal-kan":
        points, shown = rules.points_of(SetKind.KAN, (card,) * 3), str(card) * 3
    elif make == "ji":
        points, shown = ji_points(card), str(card) * 4
    else:
        kind = SetKind.KONG if make == "kaizhao" else SetKind.FOUR
        points, shown = rules.points_of(kind, (card,) * 4), str(card) * 4
        if play.option("yibai_four_on_kan") == "difference":
            points -= rules.points_of(SetKind.KAN, (card,) * 3)
    word = SCORE_WORDS[make]
    why = Text(
        f"{word.zh} {shown}：当场记 {points} 子 [000]", f"{word.en} {shown}: {points} 子 the moment it is made [000]"
    )
    return LessonAnswer(
        points, _zi(points), (why,), (Row(Text("这张牌", "The card"), numerals=str(card)),), form=NUMBER
    )


def _win(rules: RuleSet, play: PlayRules, position: dict[str, Any]) -> LessonAnswer:
    table = position.get("table") or []
    if not isinstance(table, list):
        raise _bad("table 应是牌组的列表", "table must be a list of sets", "position.table")
    source = position.get("from", "discard")
    win_card = position.get("win_card")
    try:
        result = analyse(
            position_text(position, "hand"),
            table,
            rules,
            win_card=str(win_card) if win_card else None,
            source=str(source),
        )
    except ChangpaiError as error:  # located in the lesson's position, as the file writes it
        where = error.where or ""
        raise type(error)(
            error.text, code=error.code, where=where if where.startswith("position") else f"position.{where}"
        ) from None
    if not result.win:
        raise HandError(
            Text("这手牌胡不了，没有胡牌的子可记", "this hand is not a win: there are no 子 of a win to count"),
            code="not-a-win",
            where="position",
        )
    best: tuple[int, int, int, Text] | None = None
    for reading in (result, *result.readings):
        hu = int(reading.points)
        cls, factor = class_factor(play, reading.win_class, ())
        hits = [p.name for p in reading.patterns if p.value == reading.win_class]  # the class it scores as
        named = Text("、".join(t.zh for t in hits), ", ".join(t.en for t in hits)) if hits else CLASS_WORDS[cls]
        if best is None or hu * factor > best[0]:
            best = (hu * factor, factor, hu, named)
    assert best is not None
    zi, factor, hu, named = best
    raised = (
        Text(f"{named.zh}，不翻番", f"{named.en}, not raised")
        if factor == 1
        else Text(f"{named.zh}，乘 {factor}", f"{named.en}, × {factor}")
    )
    lines = (
        Text(f"这手牌 {hu} 胡，{raised.zh}：{zi} 子 [000]", f"the hand is {hu} hu, {raised.en}: {zi} 子 [000]"),
        *(s.text() for s in result.sets if s.points),
    )
    rows = [Row(Text("手牌", "Hand"), numerals=position_text(position, "hand"))]
    for item in table:
        if isinstance(item, dict):
            rows.append(Row(Text("桌上", "On the table"), numerals=str(item.get("cards", ""))))
    if win_card:
        rows.append(Row(Text("胡的牌", "The winning card"), numerals=str(win_card)))
    return LessonAnswer(zi, _zi(zi), lines, tuple(rows), form=NUMBER)


def _chao(play: PlayRules, position: dict[str, Any]) -> LessonAnswer:
    before = position.get("points")
    if isinstance(before, str) and before.strip().isdigit():
        before = int(before)
    if not isinstance(before, int) or isinstance(before, bool) or before < 0:
        raise _bad(
            "points 应是抄之前的子数（整数）", "points must be the 子 before the 抄 (a whole number)", "position.points"
        )
    keep = min(before, int(play.option("yibai_chao_keep")))
    target = int(play.option("yibai_chao_target"))
    return LessonAnswer(
        keep,
        Text(f"剩 {keep} 子，以后要满 {target}", f"{keep} 子 left; from now on {target} are needed"),
        (
            Text(
                f"包牌不算输，而是抄：{before} 子只留 {keep} 个，目标变成 {target} [000]",
                f"包牌 is not a loss but a 抄: of {before} 子 only {keep} stay, and the target becomes {target} [000]",
            ),
        ),
        (Row(Text(f"抄之前：{before} 子", f"Before the 抄: {before} 子")),),
        form=NUMBER,
    )


LESSON = YibaiLesson()
