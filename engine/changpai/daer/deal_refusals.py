"""Checking an action against the rules, and naming the rule a refused action breaks (the same rule a recorded
violation, 包牌, commits): the first rule of the action's chain in ``legality`` that refuses it.
"""

from __future__ import annotations

from itertools import repeat
from operator import is_

from ..core.table import XIAOJIA
from ..core.text import RuleError
from . import actions
from .actions import Action
from .deal_legal import DealLegal, _bare, _with_card
from .deal_state import CLAIM
from .legality import first_refusal


class DealRefusals(DealLegal):
    """``is_legal``, ``broken_rule`` and ``_check``: the rules that make the legal list, asked about one action."""

    def everybody_passes(self) -> Action | None:
        """In a claim window, the next seat's turn (or 小家's draw), which stands for every seat
        passing; ``None`` if a compulsory claim is pending or the stock is empty. ``play`` accepts it
        (records write it so); it is not in the per-seat legal lists, which offer each seat ``pass``."""
        if self.phase != CLAIM or self.turned >= len(self.stock):
            return None
        cache = self._state_cache  # (the players' loop asks once a window, a record's replay again)
        if "everybody-passes" in cache:
            found: Action | None = cache["everybody-passes"]
            return found
        nxt = self._next_after_window()
        action = (
            _bare(actions.DRAW, nxt)
            if self.table.roles[nxt] == XIAOJIA or self.play_rules.private_draw.value
            else _with_card(actions.TURN, nxt)[self.stock[self.turned].index]
        )
        found = cache["everybody-passes"] = action if self.is_legal(action) else None
        return found

    def _refusal(self, action: Action) -> RuleError | None:
        """The first rule of its chain that refuses ``action``; one the legal list holds passed them all already."""
        legal = self._legal(None)  # (the whole list: the players have just asked for it)
        # the very object a player picked from the list is found without calling ``Action.__eq__`` on the others
        if any(map(is_, legal, repeat(action))):
            return None
        t = action.type  # (an action equals only one of its own type: the others are not compared field by field)
        if any(a == action for a in legal if a.type is t):
            return None
        return first_refusal(self, action)

    def is_legal(self, action: Action) -> bool:
        action = self._complete(action)
        if self._refusal(action) is not None:
            return False
        self._state_cache[("legal-action", action)] = True  # ``play`` of it in this state need not check again
        return True

    def broken_rule(self, action: Action) -> RuleError | None:
        """The rule ``action`` would break now (``None``: it is legal); nothing changes."""
        return self._refusal(self._complete(action))

    def _check(self, action: Action) -> None:
        """Raise RuleError if ``action`` is not legal now; the message names the rule."""
        error = self._refusal(action)
        if error is not None:
            raise error
