"""The parts of a deal record (steps, questions, choices) and the readers of its fields: each value checked,
each error located (``step N``, the field, ``file:line``) — ``record.DealRecord`` is built from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.text import ChangpaiError, Text


class RecordError(ChangpaiError):
    """A record that cannot be read or replayed; ``where`` is ``step N`` or a field."""

    code = "bad-record"


@dataclass
class Choice:
    id: str
    label: Text


@dataclass
class Question:
    seat: int
    prompt: Text
    choices: list[Choice]
    answer: list[str]
    explain: Text | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "prompt": self.prompt.as_dict(),
            "choices": [{"id": c.id, "label": c.label.as_dict()} for c in self.choices],
            "answer": list(self.answer),
            "explain": None if self.explain is None else self.explain.as_dict(),
        }


@dataclass
class Step:
    do: str | None = None
    note: Text | None = None
    question: Question | None = None
    violation: str | None = None


class Locator:
    def __init__(self, lines: dict[tuple[str | int, ...], int], name: str) -> None:
        self.lines = lines
        self.name = name

    def at(self, path: tuple[str | int, ...]) -> str:
        line = self.lines.get(path)
        label = ".".join(str(p) for p in path)
        return f"{label} ({self.name}:{line})" if line else label


def read_string(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise RecordError(Text(f"应是文字，而不是 {value!r}", f"expected text, not {value!r}"), where=where)
    return value


def read_optional(data: dict[str, Any], key: str, kind: type, where: Locator) -> Any:
    if key not in data or data[key] is None:
        return None
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(
            Text(f"“{key}”的值类型不对：{value!r}", f"“{key}” has a value of the wrong type: {value!r}"),
            where=where.at((key,)),
        )
    return value


def read_text(value: Any, where: str) -> Text:
    """The one reader of a {zh, en} text (the API reads a record's title with it too)."""
    if not isinstance(value, dict) or set(value) != {"zh", "en"} or not all(isinstance(v, str) for v in value.values()):
        raise RecordError(Text("应写成 {zh: 中文, en: English}", "expected {zh: 中文, en: English}"), where=where)
    return Text(value["zh"], value["en"])


def read_step(raw: Any, i: int, where: Locator) -> Step:  # noqa: C901 — one branch per step field
    here = where.at(("steps", i))
    label = f"step {i + 1}"
    if isinstance(raw, str):
        return Step(do=raw)
    if not isinstance(raw, dict):
        raise RecordError(
            Text("每一步应是 {do: …} 或 {question: …}", "each step must be {do: …} or {question: …}"),
            where=f"{label} ({here})",
        )
    unknown = set(raw) - {"do", "note", "question", "violation"}
    if unknown:
        key = sorted(unknown)[0]
        raise RecordError(Text(f"步骤里不认识的键“{key}”", f"unknown key “{key}” in a step"), where=f"{label} ({here})")
    if ("do" in raw) == ("question" in raw):
        raise RecordError(
            Text("每一步要么是 do（动作）要么是 question（提问）", "a step has either “do” (an action) or “question”"),
            where=f"{label} ({here})",
        )
    step = Step()
    if "do" in raw:
        step.do = read_string(raw["do"], f"{label} ({here})")
    if "violation" in raw:
        step.violation = read_string(raw["violation"], f"{label} ({here})")
    if raw.get("note") is not None:
        step.note = read_text(raw["note"], f"{label}.note ({where.at(('steps', i, 'note'))})")
    if "question" in raw:
        q = raw["question"]
        qwhere = f"{label}.question ({where.at(('steps', i, 'question'))})"
        if not isinstance(q, dict):
            raise RecordError(Text("question 应是映射", "“question” must be a mapping"), where=qwhere)
        missing = [k for k in ("seat", "prompt", "choices", "answer") if k not in q]
        if missing:
            raise RecordError(
                Text(f"question 缺少 {', '.join(missing)}", f"the question lacks {', '.join(missing)}"), where=qwhere
            )
        if not isinstance(q["seat"], int) or not isinstance(q["choices"], list) or not isinstance(q["answer"], list):
            raise RecordError(
                Text(
                    "question 的 seat 应是数字，choices 与 answer 应是列表",
                    "a question's seat is a number, choices and answer are lists",
                ),
                where=qwhere,
            )
        choices = []
        for c in q["choices"]:
            if not isinstance(c, dict) or "id" not in c or "label" not in c:
                raise RecordError(Text("每个选项要有 id 和 label", "each choice needs an id and a label"), where=qwhere)
            choices.append(Choice(str(c["id"]), read_text(c["label"], qwhere)))
        ids = {c.id for c in choices}
        answer = [str(a) for a in q["answer"]]
        for a in answer:
            if a not in ids:
                raise RecordError(
                    Text(f"答案“{a}”不在选项里", f"the answer “{a}” is not one of the choices"), where=qwhere
                )
        if not answer:
            raise RecordError(Text("至少要有一个答案", "a question needs at least one answer"), where=qwhere)
        explain = read_text(q["explain"], qwhere) if q.get("explain") is not None else None
        step.question = Question(q["seat"], read_text(q["prompt"], qwhere), choices, answer, explain)
    return step
