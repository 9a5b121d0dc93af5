"""The actions of a 红点点 deal: each prints to one line and parses back.

``"0 discard 九"``, ``"1 turn"``, ``"2 eat 拾"`` (eat the card on offer with 拾 from the hand), ``"3 dui"`` (兑 a
fourth onto a held triple), ``"3 dui 三"`` (兑 onto a held pair, laying the 坎 of 三 beside it), ``"1 hu"``,
``"1 pass"``.

>>> Action.parse("2 eat 10b")
Action.parse('2 eat 拾')
>>> str(Action.parse("3 dui 三"))
'3 dui 三'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.text import RuleError, Text
from ..decks.numerals import Card, parse_cards

DISCARD, TURN, EAT, DUI, HU, PASS = "discard", "turn", "eat", "dui", "hu", "pass"
KINDS = (DISCARD, TURN, EAT, DUI, HU, PASS)
NEEDS_CARD = (DISCARD, EAT)
MAX_ACTION_TEXT = 200
WORDS: dict[str, Text] = {
    DISCARD: Text("打", "discard"),
    TURN: Text("抓底牌", "turn a stock card"),
    EAT: Text("吃", "eat"),
    DUI: Text("兑", "兑 (fourth onto a triple, or onto a pair with a 坎 laid)"),
    HU: Text("胡", "win"),
    PASS: Text("不要", "pass"),
}


@dataclass(frozen=True, slots=True)
class Action:
    """One step of play by ``seat``; ``card`` is the discard, the hand card that eats, or the 坎 laid with a 兑."""

    seat: int
    kind: str
    card: Card | None = None

    def __str__(self) -> str:
        return f"{self.seat} {self.kind}" + ("" if self.card is None else f" {self.card}")

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def label(self) -> Text:
        word = WORDS[self.kind]
        tail = "" if self.card is None else f" {self.card}"
        return Text(f"{self.seat}号 {word.zh}{tail}", f"seat {self.seat} {word.en}{tail}")

    def as_dict(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "type": self.kind,
            "card": None if self.card is None else self.card.chinese(),
            "text": str(self),
            "label": self.label().as_dict(),
        }

    @classmethod
    def parse(cls, text: str, *, where: str | None = None) -> Action:
        """Read a line; a malformed one raises ``RuleError`` located at ``where``."""
        if not isinstance(text, str) or len(text) > MAX_ACTION_TEXT:
            raise RuleError(
                Text("动作应是一行短文字", "an action is one short line of text"), code="bad-action", where=where
            )
        parts = text.split()
        if len(parts) < 2 or not parts[0].isascii() or not parts[0].isdigit() or parts[1] not in KINDS:
            raise RuleError(
                Text(f"读不懂动作“{text}”（如“1 eat 拾”）", f"cannot read the action “{text}” (e.g. “1 eat 拾”)"),
                code="bad-action",
                where=where,
            )
        cards = parse_cards(" ".join(parts[2:]), where=where)
        kind = parts[1]
        if len(cards) > 1 or (kind in NEEDS_CARD and not cards) or (kind not in (*NEEDS_CARD, DUI) and cards):
            raise RuleError(
                Text(f"“{kind}”后面的牌不对", f"wrong cards after “{kind}”"),
                code="bad-action",
                where=where,
            )
        return cls(int(parts[0]), kind, cards[0] if cards else None)
