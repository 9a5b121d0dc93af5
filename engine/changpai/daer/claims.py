"""Who gets a face-up card when several seats want it.

Priority by claim: 胡 win > 招/开 kong > 碰/对/兑 pong > 吃 eat [001][003][004][000].
Among equal claims (in practice, two seats that can both win on one card, or the turner and its
下家 who can both eat it): the seat that turned the card first (自摸优先 [001][004]; [000] the turner
decides first), then the seat nearest the card's source in playing order (上家优先 [001][004]; [003]
nearest counter-clockwise; [000] 先后顺序). One winner per deal: there is never a shared win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action

if TYPE_CHECKING:
    from .deal import Deal


def claim_key(deal: Deal, action: Action) -> tuple[int, int]:
    """Sort key: higher priority first, then the turner, then nearest the source in playing order."""
    ex = deal.exposed
    if ex is None:
        return (-action.priority, 0)
    if ex.how == "turn" and action.seat == ex.source:
        distance = 0
    else:
        distance = deal.table.distance(ex.source, action.seat) or deal.table.size
    return (-action.priority, distance)


def resolve(deal: Deal, wishes: dict[int, Action | None]) -> Action | None:
    """The claim that takes the card, given every seat's wish; ``None`` when all pass."""
    claims = [a for a in wishes.values() if a is not None and a.is_claim]
    if not claims:
        return None
    return min(claims, key=lambda a: claim_key(deal, a))


def ranked(deal: Deal, actions: list[Action]) -> list[Action]:
    """Claims in the order they would be honoured."""
    return sorted((a for a in actions if a.is_claim), key=lambda a: claim_key(deal, a))
