"""红点点 deal records: a whole deal as plain data that the engine replays, with notes and questions.

The shape is the Da Er family's (``daer.record``), with ``game: hongdiandian``::

    game: hongdiandian
    rules: wuchuan-hongdiandian-sicheng
    title: {zh: 绝牌要吃, en: A 绝牌 must be eaten}
    intro: {zh: …, en: …}                 # optional: the note of the deal frame
    dealer: 0
    hands: [一二二…, …]                   # one line per seat, the dealer's 16 first in seat order
    stock: 拾…                            # first card to be turned first
    steps:
      - do: 0 discard 一
        note: {zh: …, en: …}
      - question:
          seat: 1
          prompt: {zh: 乙吃不吃？, en: Does B eat it?}
          choices: [{id: 1 eat 一, label: {zh: 吃, en: eat}}, {id: 1 pass, label: {zh: 不吃, en: pass}}]
          answer: [1 eat 一]
          explain: {zh: …, en: …}
      - do: 1 pass
      - do: 1 discard 一
        violation: jue-discard          # a 包牌 committed on purpose: the deal records it and ends

Reading replays every step; the first problem is a ``RecordError``-like ``HandError`` located ``steps.N`` (or the
field). ``frames`` gives one snapshot per step for a viewer: frame 0 is the deal, its note the ``intro``.
"""

from __future__ import annotations

from typing import Any

from ..core.text import ChangpaiError, HandError, Text
from .actions import Action
from .deal import HddDeal
from .play_rules import BY_CODE

MAX_STEPS = 1000


def _text(value: Any, where: str) -> Text:
    if not isinstance(value, dict) or not isinstance(value.get("zh"), str) or not isinstance(value.get("en"), str):
        raise HandError(Text("应写成 {zh: …, en: …}", "must be written {zh: …, en: …}"), code="bad-record", where=where)
    return Text(value["zh"], value["en"])


def _fail(error: ChangpaiError, where: str) -> HandError:
    """``error`` located in the record (a deal's own ``history.N`` is the step itself)."""
    inner = error.where
    located = where if inner is None or inner.startswith(("history.", f"{where}.")) else f"{where}: {inner}"
    return HandError(error.text, code=error.code, where=located)


def _question(deal: HddDeal, data: Any, where: str) -> dict[str, Any]:
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("choices"), list)
        or not isinstance(data.get("answer"), list)
    ):
        raise HandError(
            Text("问题要有 choices 与 answer", "a question needs choices and answer"), code="bad-record", where=where
        )
    ids = []
    for i, choice in enumerate(data["choices"]):
        if not isinstance(choice, dict) or not isinstance(choice.get("id"), str):
            raise HandError(
                Text("选项要有 id", "a choice needs an id"), code="bad-record", where=f"{where}.choices.{i}"
            )
        action = deal.parse_action(choice["id"])
        if action is None:
            raise HandError(
                Text("选项不是动作", "a choice is no action"), code="bad-record", where=f"{where}.choices.{i}"
            )
        ids.append(choice["id"])
    for i, answer in enumerate(data["answer"]):
        if answer not in ids or answer not in deal.legal_actions():
            raise HandError(
                Text(f"答案“{answer}”现在不合规则", f"the answer “{answer}” is not legal here"),
                code="bad-record",
                where=f"{where}.answer.{i}",
            )
    return {
        "seat": data.get("seat"),
        "prompt": _text(data.get("prompt"), f"{where}.prompt").as_dict(),
        "choices": [
            {"id": c["id"], "label": _text(c.get("label"), f"{where}.choices.{i}.label").as_dict()}
            for i, c in enumerate(data["choices"])
        ],
        "answer": list(data["answer"]),
        "explain": _text(data.get("explain"), f"{where}.explain").as_dict() if "explain" in data else None,
    }


def _step(deal: HddDeal, step: Any, where: str) -> dict[str, Any]:
    if not isinstance(step, dict) or ("do" in step) == ("question" in step):
        raise HandError(
            Text("每步要么 do 要么 question", "a step is either do or question"), code="bad-record", where=where
        )
    note = _text(step["note"], f"{where}.note").as_dict() if "note" in step else None
    if "question" in step:
        return {"question": _question(deal, step["question"], f"{where}.question"), "note": note}
    text = step["do"]
    if not isinstance(text, str):
        raise HandError(Text("do 应是动作文字", "do must be an action's text"), code="bad-record", where=f"{where}.do")
    code = step.get("violation")
    if code is not None and (code not in BY_CODE or not BY_CODE[code].bao):
        raise HandError(
            Text(f"“{code}”不是红点点的包牌", f"“{code}” is no 包牌 of 红点点"),
            code="bad-record",
            where=f"{where}.violation",
        )
    try:
        action = Action.parse(text, where=f"{where}.do")
        events = deal.play(action, violation=code is not None)
    except ChangpaiError as error:
        raise _fail(error, where) from None
    if code is not None and (deal.bao is None or deal.bao[1] != code):
        found = "none" if deal.bao is None else deal.bao[1]
        raise HandError(
            Text(f"这一步犯的是 {found}，不是 {code}", f"this step breaks {found}, not {code}"),
            code="bad-record",
            where=where,
        )
    return {"do": str(action), "label": action.label().as_dict(), "note": note, "events": events}


def replay(data: Any) -> tuple[HddDeal, list[dict[str, Any]]]:
    """Deal the record's cards and play its steps; answers the deal and the steps as read."""
    if not isinstance(data, dict) or data.get("game") != "hongdiandian":
        raise HandError(Text("这不是红点点的牌谱", "this is not a 红点点 record"), code="bad-record", where="game")
    steps = data.get("steps") or []
    if not isinstance(steps, list) or len(steps) > MAX_STEPS:
        raise HandError(
            Text(f"steps 应是至多 {MAX_STEPS} 步的列表", f"steps: a list of at most {MAX_STEPS}"),
            code="bad-record",
            where="steps",
        )
    state = {k: data[k] for k in ("game", "rules", "options", "dealer", "seed", "hands", "stock") if k in data}
    try:
        deal = HddDeal.from_dict({**state, "history": []})
    except ChangpaiError as error:
        raise _fail(error, "record") from None
    read = [_step(deal, step, f"steps.{i}") for i, step in enumerate(steps)]
    return deal, read


def frames(data: Any) -> dict[str, Any]:
    """The viewer's frames: the deal, then one per step (a question's frame shows the state it asks about)."""
    deal, steps = replay(data)
    again = HddDeal.from_dict({**deal.to_dict(), "history": []})
    out = [
        {
            "label": None,
            "note": _text(data["intro"], "intro").as_dict() if "intro" in data else None,
            "state": again.snapshot(),
        }
    ]
    for step in steps:
        if "do" in step:
            again.play(
                Action.parse(step["do"]), violation=bool(step["events"] and step["events"][0].get("type") == "bao")
            )
        out.append({**step, "state": again.snapshot()})
    return {
        "game": "hongdiandian",
        "rules": deal.rules.name,
        "title": _text(data["title"], "title").as_dict() if "title" in data else None,
        "steps": out,
        "settlement": deal.settlement() if deal.over else None,
    }


def record_of(deal: HddDeal, title: Text | None = None) -> dict[str, Any]:
    """A record of ``deal`` so far (its committed 包牌 marked), which ``replay`` reads back to the same deal."""
    state = deal.to_dict()
    steps: list[dict[str, Any]] = []
    for action, committed in deal.history:
        step: dict[str, Any] = {"do": str(action)}
        if committed and deal.bao is not None:
            step["violation"] = deal.bao[1]
        steps.append(step)
    data: dict[str, Any] = {k: state[k] for k in ("game", "rules", "options", "dealer", "hands", "stock")}
    if title is not None:
        data["title"] = title.as_dict()
    data["steps"] = steps
    return data
