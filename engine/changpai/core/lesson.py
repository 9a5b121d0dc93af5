"""What a game answers to a lesson's question: the shared shape of every game's lesson hook.

A lesson level asks one question of a position (``tutorials/lessons/*.yml``). The Da Er family answers its asks
(``win``, ``points``, ``waits``) through the ``score`` and ``waits`` commands; a game of its own (红点点, 戳牌)
adds asks of its kind in a module ``lesson`` of its package, registered in ``changpai.lessons``. Such a module
has ``ASKS`` (ask → answer form), ``owns(rules)`` and ``answer(ask, position, options)`` returning a
``LessonAnswer``: the value a visitor's answer is compared with, how to say it, the engine's reasons, and what to
draw. Forms: ``yesno`` (a boolean; ``labels`` name the two buttons), ``number``, ``cards`` (a set of numeral
cards, picked from the 20 kinds) and ``choice`` (one of ``choices``, each ``{"id", "label"}``).

>>> LessonAnswer(True, Text("能", "yes")).as_dict()["value"]
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .text import HandError, Text

YESNO, NUMBER, CARDS, CHOICE = "yesno", "number", "cards", "choice"
FORMS = (YESNO, NUMBER, CARDS, CHOICE)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a position as a lesson draws it: a label and its cards, numerals (``"拾九"``) or domino faces,
    each with its picture (``assets/cards/dominoes/<pips>.svg``, a joker's too) and the words for it
    (``[{"name": "天", "pips": "6-6", "label": {"zh": "天（6-6）", "en": "天（6-6）"}}]``)."""

    label: Text
    numerals: str = ""
    faces: tuple[tuple[str, str, Text], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"label": self.label.as_dict()}
        if self.faces:
            out["faces"] = [{"name": n, "pips": p, "label": words.as_dict()} for n, p, words in self.faces]
        else:
            out["cards"] = self.numerals
        return out


@dataclass(frozen=True, slots=True)
class LessonAnswer:
    """The engine's answer to one lesson question."""

    value: bool | int | str | list[str]
    shown: Text
    lines: tuple[Text, ...] = ()
    rows: tuple[Row, ...] = ()
    labels: tuple[Text, Text] | None = None  # yesno: the "yes" and the "no" button
    choices: tuple[tuple[str, Text], ...] = ()  # choice: (id, label)
    form: str = field(default=YESNO)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "form": self.form,
            "value": self.value,
            "shown": self.shown.as_dict(),
            "lines": [t.as_dict() for t in self.lines],
            "rows": [r.as_dict() for r in self.rows],
        }
        if self.labels is not None:
            out["labels"] = {"yes": self.labels[0].as_dict(), "no": self.labels[1].as_dict()}
        if self.choices:
            out["choices"] = [{"id": i, "label": t.as_dict()} for i, t in self.choices]
        return out


def read_request(request: dict[str, Any], asks: dict[str, str]) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A ``lesson`` request's ask (one of ``asks``), position and options, or a located error."""
    ask = request.get("ask")
    if not isinstance(ask, str) or ask not in asks:
        raise HandError(
            Text(f"应是 {'、'.join(asks)} 之一", f"must be one of {', '.join(asks)}"), code="bad-field", where="ask"
        )
    position = request.get("position")
    if not isinstance(position, dict):
        raise HandError(Text("position 应是对象", "position must be an object"), code="bad-field", where="position")
    options = request.get("options") or {}
    if not isinstance(options, dict):
        raise HandError(Text("options 应是对象", "options must be an object"), code="bad-field", where="options")
    return ask, position, options


def position_text(position: dict[str, Any], key: str) -> str:
    """The text field ``key`` of a lesson position, or a located error (``position.KEY``)."""
    value = position.get(key)
    if not isinstance(value, str) or not value.strip():
        raise HandError(
            Text("这道题的局面缺少这一项（应是一行牌）", "the question's position lacks this (a line of cards)"),
            code="missing-field" if value is None else "bad-field",
            where=f"position.{key}",
        )
    return value
