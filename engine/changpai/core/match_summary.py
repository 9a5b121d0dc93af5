"""A whole match as the api answers it (``simulate_match``, ``replay_match``): each deal's dealer, winner, what it
changed in the ledger and the totals after it, and the ledger's final totals. The same for every game with a match
(the Da Er traditions, 一百's sitting, 戳牌); ``schemas/api.schema.json`` ``$defs/answers/match``.

>>> ledger = Ledger(3)
>>> ledger.add((2, -1, -1)); ledger.add((-3, 3, 0))
>>> match_answer("x", 3, [(0, 0), (0, 1)], ledger)["deals"][1]
{'dealer': 0, 'winner': 1, 'payments': [-3, 3, 0], 'totals': [-1, 2, -1]}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .match import Ledger


def match_answer(rules: str, players: int, dealt: Iterable[tuple[int, int | None]], ledger: Ledger) -> dict[str, Any]:
    """``dealt``: each deal's dealer and winner (``None``: nobody), in order, one per entry of ``ledger.history``.
    A race's ledger (``zero_sum`` off: 一百's 子) counts points made, not money changing hands."""
    rows: list[dict[str, Any]] = []
    before: tuple[int, ...] = (0,) * players
    for (dealer, winner), totals in zip(dealt, ledger.history, strict=True):
        change = [after - was for after, was in zip(totals, before, strict=True)]
        rows.append({"dealer": dealer, "winner": winner, "payments": change, "totals": list(totals)})
        before = totals
    return {
        "rules": rules,
        "players": players,
        "deals": rows,
        "ledger": {"totals": list(ledger.totals), "zero_sum": ledger.zero_sum},
    }
