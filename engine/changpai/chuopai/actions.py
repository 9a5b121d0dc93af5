"""A 戳牌 action: a seat plays cards face up (``play``) or puts cards down face down (``down``; none: a pass).

It prints to one line and parses back: ``"1 play 天 三六"``, ``"2 down 幺六 猪猪"``, ``"0 down"``.

>>> a = ChuoAction.parse("1 play 天 三六")
>>> a, str(a)
(ChuoAction.parse('1 play 天 三六'), '1 play 天 三六')
>>> ChuoAction.parse("1 jump 天")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
changpai.core.text.RuleError: action: ...
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.text import RuleError, Text
from .cards import SHORT, format_cards, parse_cards

PLAY, DOWN = "play", "down"
MAX_ACTION_TEXT = 200


@dataclass(frozen=True, slots=True)
class ChuoAction:
    seat: int
    kind: str  # PLAY or DOWN
    cards: tuple[int, ...]  # sorted faces

    def __str__(self) -> str:
        return f"{self.seat} {self.kind} {format_cards(self.cards)}".rstrip()

    def __repr__(self) -> str:
        return f"ChuoAction.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str, where: str = "action") -> ChuoAction:
        if len(text) > MAX_ACTION_TEXT:
            raise RuleError(Text("动作太长", "action too long"), code="too-long", where=where)
        parts = text.split(maxsplit=2)
        if len(parts) < 2 or not parts[0].isdigit() or len(parts[0]) > 2 or parts[1] not in (PLAY, DOWN):
            raise RuleError(
                Text(
                    f"看不懂动作“{text}”（如“1 play 天 三六”）",
                    f"cannot read the action “{text}” (e.g. “1 play 天 三六”)",
                ),
                code="bad-action",
                where=where,
            )
        cards = parse_cards(parts[2], f"{where}.cards") if len(parts) > 2 else ()
        return cls(int(parts[0]), parts[1], tuple(sorted(cards)))

    def label(self) -> Text:
        names = " ".join(SHORT[c] for c in self.cards)
        if self.kind == PLAY:
            return Text(f"出 {names}", f"plays {names}")
        if not self.cards:
            return Text("不出", "passes")
        return Text(f"扣 {len(self.cards)} 张", f"puts {len(self.cards)} down")

    def as_dict(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "type": self.kind,
            "cards": format_cards(self.cards),
            "text": str(self),
            "label": self.label().as_dict(),
        }
