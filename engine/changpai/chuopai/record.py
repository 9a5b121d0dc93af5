"""戳牌 deal records: the dealt hands and the steps, each step an action with an optional note, or a question.

A record is plain data (a YAML file at the edges, ``changpai.yamlfile``)::

    rules: chuopai
    title: {zh: …, en: …}
    options: {cannot_beat: pass}      # only the ones that differ from the defaults
    dealer: 0
    hands: ["天 地 …", "…", "…"]
    undealt: ""
    steps:
      - do: 0 play 二三
        note: {zh: …, en: …}
      - question: {seat: 1, prompt: {zh, en}, choices: [{id: "1 play 三六", label: {zh, en}}, …],
                   answer: ["1 play 三六"], explain: {zh, en}}

Reading replays every step with the rules; an error is located (``steps.4.do.cards.0``). A question's answers must
be legal at that point; the other choices may be refused ones (that is what the question teaches). ``narrate``
writes the plain notes of a deal (who beat what, who could not, who took the trick) from the engine's own view;
``frames`` gives a step-through viewer one full picture per step (the trick so far, the piles, the hands, the note,
and at the end the count and payments), so the viewer retypes no rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.table import seat_name
from ..core.text import RuleError, Text
from .actions import DOWN, PLAY, ChuoAction
from .cards import ALL_FACES, JOKER, PICTURE, SHORT, format_cards, picture_label
from .deal import ChuoDeal
from .options import ChuoRules
from .plays import is_hard
from .scoring import settle

_STEP_KEYS = {"do", "note", "question"}
_QUESTION_KEYS = {"seat", "prompt", "choices", "answer", "explain"}
_TOP_KEYS = {"rules", "title", "options", "dealer", "seed", "hands", "undealt", "steps"}


@dataclass(frozen=True, slots=True)
class Question:
    seat: int
    prompt: Text
    choices: tuple[tuple[str, Text], ...]
    answer: tuple[str, ...]
    explain: Text


@dataclass(frozen=True, slots=True)
class Step:
    """One step: an action (with its note) or a question asked before the next action."""

    action: ChuoAction | None
    note: Text | None = None
    question: Question | None = None


def _bad(where: str, zh: str, en: str) -> RuleError:
    return RuleError(Text(zh, en), code="bad-record", where=where)


def _text(value: Any, where: str) -> Text:
    if not isinstance(value, dict) or set(value) != {"zh", "en"} or not all(isinstance(v, str) for v in value.values()):
        raise _bad(where, "应是 {zh, en} 两种文字", "must be {zh, en}")
    return Text(value["zh"], value["en"])


def _question(value: Any, where: str, deal: ChuoDeal) -> Question:
    if (
        not isinstance(value, dict)
        or set(value) - _QUESTION_KEYS
        or not {"seat", "prompt", "choices", "answer"} <= set(value)
    ):
        raise _bad(where, "问题要有 seat、prompt、choices、answer", "a question has seat, prompt, choices, answer")
    choices = value["choices"]
    if not isinstance(choices, list) or not choices or len(choices) > 12:
        raise _bad(f"{where}.choices", "choices 应是 1 到 12 个选项", "choices must be 1 to 12 entries")
    read: list[tuple[str, Text]] = []
    for i, choice in enumerate(choices):
        if not isinstance(choice, dict) or set(choice) != {"id", "label"} or not isinstance(choice["id"], str):
            raise _bad(f"{where}.choices.{i}", "选项要有 id 和 label", "a choice has an id and a label")
        ChuoAction.parse(choice["id"], f"{where}.choices.{i}.id")
        read.append((choice["id"], _text(choice["label"], f"{where}.choices.{i}.label")))
    answer = value["answer"]
    ids = {c for c, _ in read}
    if not isinstance(answer, list) or not answer or not all(isinstance(a, str) and a in ids for a in answer):
        raise _bad(f"{where}.answer", "答案应是选项里的 id", "the answer must list choice ids")
    for i, a in enumerate(answer):
        if not deal.is_legal(ChuoAction.parse(a)):
            raise _bad(
                f"{where}.answer.{i}", f"答案“{a}”在这一步不合规则", f"the answer “{a}” is not legal at this step"
            )
    explain = _text(value["explain"], f"{where}.explain") if "explain" in value else Text("", "")
    seat = value["seat"]
    if seat != deal.to_act:
        raise _bad(f"{where}.seat", "问题应问该出牌的人", "a question asks the seat to act")
    return Question(seat, _text(value["prompt"], f"{where}.prompt"), tuple(read), tuple(answer), explain)


def read_record(data: Any) -> tuple[ChuoDeal, list[Step]]:
    """Deal the record's hands and replay its steps; every error is located in the record."""
    if not isinstance(data, dict):
        raise _bad("record", "牌谱应是一个对象", "a record must be an object")
    unknown = sorted(set(map(str, data)) - _TOP_KEYS)
    if unknown:
        raise _bad(unknown[0], "牌谱没有这个字段", "a record has no such field")
    if data.get("rules") != "chuopai":
        raise _bad("rules", "这不是戳牌的牌谱", "not a 戳牌 record (rules: chuopai)")
    if "title" in data:
        _text(data["title"], "title")
    base = {k: data[k] for k in ("options", "dealer", "seed", "hands", "undealt") if k in data}
    deal = ChuoDeal.from_dict({**base, "history": []})
    steps_data = data.get("steps", [])
    if not isinstance(steps_data, list) or len(steps_data) > 1000:
        raise _bad("steps", "steps 应是不超过 1000 步的列表", "steps must be a list of at most 1000")
    steps: list[Step] = []
    for i, item in enumerate(steps_data):
        where = f"steps.{i}"
        if not isinstance(item, dict) or set(item) - _STEP_KEYS or ("do" in item) == ("question" in item):
            raise _bad(where, "每步是 do（可带 note）或 question", "each step is a do (with a note) or a question")
        if "question" in item:
            steps.append(Step(None, None, _question(item["question"], f"{where}.question", deal)))
            continue
        if not isinstance(item["do"], str):
            raise _bad(f"{where}.do", "do 应是一行动作", "do must be an action line")
        note = _text(item["note"], f"{where}.note") if "note" in item else None
        steps.append(Step(deal.play(item["do"], f"{where}.do"), note))
    return deal, steps


def narrate(deal: ChuoDeal) -> list[Text]:
    """A plain note for each action of ``deal.history``, from a replay of it: a lead, a beat, cards put down, and
    at the end of a trick who takes it and how many cards that seat has in front."""
    replay = ChuoDeal.from_dict({**deal.to_dict(), "history": []})
    notes: list[Text] = []
    for action in deal.history:
        who = seat_name(action.seat)
        lead = not replay.trick
        cards = format_cards(action.cards)
        if action.kind == PLAY and lead:
            line = Text(f"{who.zh}领出 {cards}", f"{who.en} leads {cards}")
        elif action.kind == PLAY:
            line = Text(f"{who.zh}能打就得打：出 {cards}", f"{who.en} can beat, so must: {cards}")
        else:
            line = Text(f"{who.zh}打不起，扣 {len(action.cards)} 张", f"{who.en} cannot beat: {len(action.cards)} down")
        tricks = len(replay.tricks)
        replay.play(action)
        if len(replay.tricks) > tricks:
            taker = replay.tricks[-1].taker
            n = len(replay.piles[taker])
            name = seat_name(taker)
            line = Text(
                f"{line.zh}。{name.zh}最大，拿下这一轮，面前 {n} 张",
                f"{line.en}. {name.en} is highest, takes the trick: {n} in front",
            )
        notes.append(line)
    if deal.over:
        result = settle(deal)
        counts = "、".join(str(c) for c in result.counts)
        end = Text(f"结束：面前各 {counts} 张，结果 {result.outcome}", f"over: {counts} in front, {result.outcome}")
        notes[-1] = Text(f"{notes[-1].zh}。{end.zh}", f"{notes[-1].en}. {end.en}")
    return notes


def to_record(deal: ChuoDeal, title: Text | None = None, notes: dict[int, Text] | None = None) -> dict[str, Any]:
    """The record of ``deal`` with ``notes`` on some steps (by index)."""
    data: dict[str, Any] = {"rules": "chuopai"}
    if title is not None:
        data["title"] = title.as_dict()
    full = deal.to_dict()
    if full["options"]:
        data["options"] = full["options"]
    data.update({"dealer": full["dealer"], "hands": full["hands"], "undealt": full["undealt"]})
    steps: list[dict[str, Any]] = []
    for i, action in enumerate(deal.history):
        step: dict[str, Any] = {"do": str(action)}
        if notes and i in notes:
            step["note"] = notes[i].as_dict()
        steps.append(step)
    data["steps"] = steps
    return data


def _faces(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [SHORT[c] for c in sorted(cards)]


def _pile(pile: list[int], rules: ChuoRules) -> dict[str, Any]:
    """A seat's pile: the cards won in tricks, and the 硬张 (and jokers read as such) laid below them at the deal.
    (A pile holds the cards the seat was dealt as 硬张 first, then what it won; a joker played under ``top`` is won.)"""
    hard = [c for c in pile if is_hard(c, rules)]
    won = [c for c in pile if not is_hard(c, rules)]
    return {"won": [SHORT[c] for c in won], "hard": [SHORT[c] for c in hard]}


def frames(deal: ChuoDeal, steps: list[Step]) -> dict[str, Any]:
    """One picture per step for a viewer, from a replay of ``steps`` on the dealt hands of ``deal``.

    Frame 0 is the deal; then one frame per step. Each frame has ``trick`` (the plays of the trick so far, or of the
    trick the step closed: seat, ``down`` with the number of cards and no faces, ``lead``, ``beat``), ``leader``,
    ``taker`` (when the step closed a trick), ``piles`` (won cards and 硬张 per seat), ``counts``, ``covered``,
    ``hands``, ``to_act``, the record's ``note`` and ``question``, the engine's plain ``line`` and, on the last frame
    of a finished deal, ``result`` (outcome, counts, payments, scores). ``faces`` maps each name to its picture
    (``cards.PICTURE``), ``labels`` to the picture's words."""
    replay = ChuoDeal.from_dict({**deal.to_dict(), "history": []})
    lines = narrate(deal)
    shown: list[dict[str, Any]] = []

    def picture(kind: str, taker: int | None) -> dict[str, Any]:
        return {
            "kind": kind,
            "trick": [dict(p) for p in shown],
            "leader": replay.leader if taker is None else replay.tricks[-1].leader,
            "taker": taker,
            "tricks": len(replay.tricks),
            "piles": [_pile(p, replay.rules) for p in replay.piles],
            "counts": [len(p) for p in replay.piles],
            "covered": len(replay.covered),
            "hands": [_faces(h) for h in replay.hands],
            "to_act": None if replay.over else replay.to_act,
            "events": [e.as_dict() for e in replay.events],
            "note": None,
            "question": None,
            "line": None,
        }

    out = [picture("deal", None)]
    done = 0
    for step in steps:
        if step.question is not None:
            q = step.question
            frame = picture("question", None)
            frame["question"] = {
                "seat": q.seat,
                "prompt": q.prompt.as_dict(),
                "choices": [{"id": cid, "label": label.as_dict()} for cid, label in q.choices],
                "answer": [label.as_dict() for cid, label in q.choices if cid in q.answer],
                "explain": q.explain.as_dict(),
            }
            out.append(frame)
            continue
        action = step.action
        assert action is not None
        if not replay.trick:
            shown.clear()
        lead = not replay.trick
        tricks = len(replay.tricks)
        index = len(replay.trick)
        replay.play(action)
        closed = len(replay.tricks) > tricks
        if closed:  # the step that closes a trick beat if its seat took it (each seat acts once a trick)
            beat = action.kind == PLAY and replay.tricks[-1].taker == action.seat
        else:
            beat = action.kind == PLAY and replay.best == index
        play: dict[str, Any] = {
            "seat": action.seat,
            "lead": lead,
            "beat": beat and not lead,
            "down": action.kind == DOWN,
        }
        play["cards"] = [] if action.kind == DOWN else _faces(action.cards)
        play["n"] = len(action.cards)
        shown.append(play)
        frame = picture("action", replay.tricks[-1].taker if closed else None)
        frame["note"] = step.note.as_dict() if step.note else None
        frame["line"] = lines[done].as_dict()
        done += 1
        out.append(frame)
    if replay.over:
        out[-1]["result"] = settle(replay).as_dict()
    shown_faces = [f for f in ALL_FACES if f != JOKER or replay.rules.jokers]  # the joker only in a deck with jokers
    return {
        "rules": "chuopai",
        "seats": replay.table.size,
        "dealer": replay.table.dealer,
        "faces": {SHORT[f]: PICTURE[f] for f in shown_faces},  # each name's picture (cards.PICTURE)
        "labels": {SHORT[f]: picture_label(f).as_dict() for f in shown_faces},  # and its alt text
        "over": replay.over,
        "frames": out,
    }
