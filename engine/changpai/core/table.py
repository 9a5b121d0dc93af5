"""The table: who sits where and in what order, and the names of seats and roles.

Seats are numbered 0, 1, 2 … in playing order: seat ``i + 1`` is seat ``i``'s 下家 (the next
player; counter-clockwise in Leshan [003]). Roles:

* ``dealer`` — 庄家 / 头家, takes 21 cards and discards first [001][003][004][000];
* ``player`` — takes 20;
* ``sitter`` — with four in Luzhou [001][004] and Wuchuan [000], the dealer's opposite sits out,
  counts the stock (坐底 / 底家 / 数底) and shares the winnings or is paid a counting fee;
* ``xiaojia`` — with four in Leshan, the last seat by the cut count is 小家: two cards, and a
  private draw on its turn [003].
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .text import Text

DEALER, PLAYER, SITTER, XIAOJIA = "dealer", "player", "sitter", "xiaojia"

ROLE_NAMES: dict[str, Text] = {
    DEALER: Text("庄家", "dealer"),
    PLAYER: Text("闲家", "player"),
    SITTER: Text("坐底", "sitter (counts the stock)"),
    XIAOJIA: Text("小家", "小家 (two-card seat)"),
}

# The one home of seat names: seat 0 is 甲 / A, in playing order. Events, labels and settlement lines use them,
# and the deal viewer shows the names the frames carry (``frames()["seats"][i]["name"]``).
# Past four (Leshan's 打八张 seats up to eight [003]) the stems go on: 戊 己 庚 辛 / E F G H.
DEFAULT_SEAT_NAMES = [Text(zh, en) for zh, en in zip("甲乙丙丁戊己庚辛", "ABCDEFGH", strict=True)]


def seat_name(seat: int) -> Text:
    """甲 / A for seat 0 … 辛 / H for seat 7 (a number past them, for a table that never occurs)."""
    if 0 <= seat < len(DEFAULT_SEAT_NAMES):
        return DEFAULT_SEAT_NAMES[seat]
    return Text(f"{seat + 1}号", f"#{seat + 1}")


@dataclass(frozen=True, slots=True)
class Table:
    """Seats and roles for one deal. Its lookups are worked out when it is made (a deal reads them some 400 times,
    and a slot is read on a fast path; a deal's tables are shared)."""

    roles: tuple[str, ...]
    dealer: int
    size: int = field(init=False, repr=False, compare=False)
    # Seats that hold cards and play, in playing order starting from seat 0.
    active: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _next: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _prev: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _distances: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        seats = range(len(self.roles))
        object.__setattr__(self, "size", len(self.roles))
        object.__setattr__(self, "active", tuple(i for i, role in enumerate(self.roles) if role != SITTER))
        object.__setattr__(self, "_next", tuple(self._step(seat, 1) for seat in seats))
        object.__setattr__(self, "_prev", tuple(self._step(seat, -1) for seat in seats))
        distances = tuple(tuple(self._walk(source, seat) for seat in seats) for source in seats)
        object.__setattr__(self, "_distances", distances)

    def _step(self, seat: int, direction: int) -> int:
        n = len(self.roles)
        for step in range(1, n + 1):
            other = (seat + direction * step) % n
            if self.roles[other] != SITTER:
                return other
        return seat

    @property
    def sitter(self) -> int | None:
        return self.roles.index(SITTER) if SITTER in self.roles else None

    @property
    def xiaojia(self) -> int | None:
        return self.roles.index(XIAOJIA) if XIAOJIA in self.roles else None

    def next_seat(self, seat: int) -> int:
        """下家: the next seat that plays."""
        return self._next[seat]

    def prev_seat(self, seat: int) -> int:
        """上家: the previous seat that plays."""
        return self._prev[seat]

    def distance(self, source: int, seat: int) -> int:
        """Steps from ``source`` to ``seat`` in playing order among active seats (0 for itself)."""
        if 0 <= source < self.size and 0 <= seat < self.size:
            return self._distances[source][seat]  # (worked out once a table: a deal's tables are shared)
        return self._walk(source, seat)

    def _walk(self, source: int, seat: int) -> int:
        steps, here = 0, source
        while here != seat:
            here = self.next_seat(here)
            steps += 1
            if steps > self.size:
                break
        return steps
