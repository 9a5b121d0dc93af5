"""Bilingual text and the error family shared by the whole engine.

Every message the engine shows a reader exists in Simplified Chinese and English, and
every error names what was wrong (the card, the field, the step) and why.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Text:
    """A message in both languages of the site.

    >>> Text("碰", "pong").get("en")
    'pong'
    """

    zh: str
    en: str

    def get(self, lang: str) -> str:
        return self.en if lang.startswith("en") else self.zh

    def as_dict(self) -> dict[str, str]:
        return {"zh": self.zh, "en": self.en}


class ChangpaiError(ValueError):
    """Base of every error the engine raises on bad input.

    ``code`` is stable (tests and the browser key on it); ``text`` holds the message in both
    languages; ``where`` locates the problem (a field, a card position, a step number).
    ``str(error)`` is the English message followed by the Chinese one, on one line.
    """

    code: str = "error"

    def __init__(self, text: Text, *, code: str | None = None, where: str | None = None) -> None:
        self.text = text
        if code is not None:
            self.code = code
        self.where = where
        prefix = f"{where}: " if where else ""
        super().__init__(f"{prefix}{text.en} / {text.zh}")

    def message(self, lang: str = "zh") -> str:
        prefix = f"{self.where}: " if self.where else ""
        return prefix + self.text.get(lang)

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "where": self.where, "zh": self.message("zh"), "en": self.message("en")}


class CardError(ChangpaiError):
    """A card or hand could not be read, or there are more copies than the deck holds."""

    code = "bad-card"


class HandError(ChangpaiError):
    """A hand or table that cannot exist under the rules (wrong count, malformed set)."""

    code = "bad-hand"


class RuleError(ChangpaiError):
    """An action that breaks a rule of play; the message names the rule."""

    code = "illegal"
    seat: int | None = None  # the seat that breaks the rule, when it is not the one acting (a compulsory claim)
