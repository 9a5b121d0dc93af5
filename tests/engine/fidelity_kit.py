"""Hand-built deals for the fidelity tests, through the public API only (``changpai.api.handle``).

A deal's state is plain JSON (``api_play``): the given seats hold the given cards, the rest of the deck
fills the other hands and the stock one kind at a time, so the filler rarely pairs up.
"""

from __future__ import annotations

from typing import Any

from changpai.api import handle

KINDS = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"
RED_2_7_10 = "二七十贰柒拾"
_HAND_SIZE = {"dealer": 21, "player": 20, "xiaojia": 2, "sitter": 0}


def _cards(text: str) -> list[str]:
    return [c for c in text if c in KINDS]


def make_state(
    rules: str,
    players: int,
    hands: dict[int, str],
    stock: str = "",
    *,
    dealer: int = 0,
    options: dict[str, Any] | None = None,
    history: tuple[str, ...] = (),
) -> dict[str, Any]:
    """A deal's state whose seats hold ``hands`` (filled up) and whose stock starts with ``stock``."""
    request: dict[str, Any] = {"command": "new_deal", "rules": rules, "players": players, "dealer": dealer}
    if options:
        request["options"] = options
    base = handle(request)
    assert "error" not in base, base
    roles = base["state"]["roles"]
    remaining = {k: 4 for k in KINDS}
    named = set()
    given = {s: _cards(h) for s, h in hands.items()}
    for card in [c for h in given.values() for c in h] + _cards(stock):
        remaining[card] -= 1
        named.add(card)
        assert remaining[card] >= 0, f"more than four {card}"
    filler = [k for copy in range(4) for k in KINDS if remaining[k] > copy]
    filler = [c for c in filler if c not in named] + [c for c in filler if c in named]
    out = []
    for seat, role in enumerate(roles):
        hand = list(given.get(seat, []))
        while len(hand) < _HAND_SIZE[role]:
            pick = next((i for i, c in enumerate(filler) if c not in hand), None)
            if pick is None:
                pick = next((i for i, c in enumerate(filler) if hand.count(c) < 2), 0)
            hand.append(filler.pop(pick))
        assert len(hand) == _HAND_SIZE[role], (seat, role, len(hand))
        out.append("".join(hand))
    front = _cards(stock)
    rest = filler
    if rules == "luzhou-b" and rest and rest[-1] in RED_2_7_10:
        # [004] moves a red bottom card to the front: keep the written stock order with a black one there
        black = max(i for i, c in enumerate(rest) if c not in RED_2_7_10)
        rest[black], rest[-1] = rest[-1], rest[black]
    state = dict(base["state"])
    state.update(
        hands=out,
        stock="".join(front + rest),
        cut_card=None,
        history=[],
        violations=[],
        dealer=dealer,
        seed=None,
    )
    answer = handle({"command": "legal_actions", "state": state})
    assert "error" not in answer, answer
    return play(state, *history)["state"] if history else state


def play(state: dict[str, Any], *actions: str) -> dict[str, Any]:
    """Apply ``actions`` one after another; the last answer (an error stops with an AssertionError)."""
    answer: dict[str, Any] = {"state": state}
    for action in actions:
        answer = handle({"command": "apply", "state": answer["state"], "action": action})
        assert "error" not in answer, (action, answer["error"])
    return answer


def try_play(state: dict[str, Any], action: str) -> dict[str, Any]:
    """One ``apply``: the answer, or ``{"error": …}``."""
    return handle({"command": "apply", "state": state, "action": action})


def legal(state: dict[str, Any], seat: int | None = None) -> list[str]:
    request: dict[str, Any] = {"command": "legal_actions", "state": state}
    if seat is not None:
        request["seat"] = seat
    answer = handle(request)
    assert "error" not in answer, answer
    return [a["text"] for a in answer["actions"]]


def score(rules: str, hand: str, win_card: str | None = None, **extra: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"command": "score", "rules": rules, "hand": hand, **extra}
    if win_card is not None:
        request["win_card"] = win_card
    answer = handle(request)
    assert "error" not in answer, answer
    return answer


def play_rules(name: str) -> dict[str, Any]:
    return handle({"command": "play_rules", "name": name})
