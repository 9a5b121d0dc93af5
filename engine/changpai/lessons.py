"""The games' lesson hooks, in one list: which game answers a lesson question for a rule set, and how.

Each game of its own keeps its questions in its package (``hongdiandian.lesson``, ``chuopai.lesson``; the shape is
``core.lesson``); this module only lists them, so nothing here knows a game by its name. The ``lesson`` command of
``changpai.api`` answers through ``answer``; the Da Er family's asks (``win``, ``points``, ``waits``) go through
``score`` and ``waits`` instead.

>>> answer({"rules": "chuopai", "ask": "wins", "position": {"in_front": 17}})["value"]
2
>>> asks("wuchuan-hongdiandian-huada")
{'pairs': 'cards'}
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .chuopai import lesson as chuopai_lesson
from .core.text import HandError, Text
from .hongdiandian import lesson as hongdiandian_lesson

HOOKS: tuple[ModuleType, ...] = (hongdiandian_lesson, chuopai_lesson)


def hook_for(rules: object) -> ModuleType | None:
    """The lesson module of the game that plays ``rules``, or ``None`` (the Da Er family, or no such rule set)."""
    if not isinstance(rules, str):
        return None
    return next((hook for hook in HOOKS if hook.owns(rules)), None)


def asks(rules: object) -> dict[str, str]:
    """The game's own asks for ``rules`` (ask → answer form); empty for a rule set without a lesson hook."""
    hook = hook_for(rules)
    return dict(hook.ASKS) if hook is not None else {}


def point_word(rules: object) -> Text | None:
    """What the game calls the points of a hand (红点点: 点), or ``None`` for a rule set without a lesson hook.

    >>> point_word("wuchuan-hongdiandian-sicheng").zh
    '点'
    """
    hook = hook_for(rules)
    word = getattr(hook, "POINT_WORD", None)
    return word if isinstance(word, Text) else None


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """``{"rules", "ask", "position", "options"?}`` → ``core.lesson.LessonAnswer.as_dict()``."""
    rules = request.get("rules")
    hook = hook_for(rules)
    if hook is None:
        raise HandError(
            Text(
                f"“{rules}”没有这类题（大贰一家的题用 score、waits）",
                f"“{rules}” has no questions of this kind (Da Er's use score and waits)",
            ),
            code="unknown-rules",
            where="rules",
        )
    ask = request.get("ask")
    if not isinstance(ask, str) or ask not in hook.ASKS:
        raise HandError(
            Text(f"应是 {'、'.join(hook.ASKS)} 之一", f"must be one of {', '.join(hook.ASKS)}"),
            code="bad-field",
            where="ask",
        )
    position = request.get("position")
    if not isinstance(position, dict):
        raise HandError(Text("position 应是对象", "position must be an object"), code="bad-field", where="position")
    options = request.get("options") or {}
    if not isinstance(options, dict):
        raise HandError(Text("options 应是对象", "options must be an object"), code="bad-field", where="options")
    result: dict[str, Any] = hook.answer(ask, position, rules, options).as_dict()
    return result
