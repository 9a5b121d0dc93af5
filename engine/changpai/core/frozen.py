"""Copies of frozen values with some fields changed, when the field names come from data (options).

>>> from changpai.core.text import Text
>>> replaced(Text("碰", "pong"), {"en": "peng"})
Text(zh='碰', en='peng')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, TypeVar

T = TypeVar("T")


def replaced(value: T, changes: Mapping[str, Any]) -> T:
    """``dataclasses.replace(value, **changes)``: the names are checked at run time by the dataclass itself."""
    new: T = replace(value, **changes)  # type: ignore[type-var]
    return new
