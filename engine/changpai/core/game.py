"""What every game of the archive offers: the game protocol and the lazy list of legal actions.

A game is a state plus actions (as in OpenSpiel): the record, the computer players and the API drive any game
through these public hooks only. An action prints to one line and parses back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from .text import Text


class GameAction(Protocol):
    """An action: it knows its seat and prints to a line that parses back."""

    @property
    def seat(self) -> int: ...


A = TypeVar("A", bound=GameAction)


class Game(Protocol[A]):
    """What any long-card game offers the record, player and API machinery, for its action type ``A``.

    The 80-card flow (``daer.deal.Deal``) is one implementation; 一百 (a match of deals),
    红点点 (pairs) and 戳牌 (tricks) can be others with their own actions, as long as an
    action prints to a line and parses back.
    """

    game: str

    def legal_actions(self, seat: int | None = None) -> LegalActions[A]: ...

    def iter_legal(self, seat: int | None) -> Iterator[A]: ...

    def is_legal(self, action: A) -> bool: ...

    def parse_action(self, action: object) -> A | None: ...

    def play(self, action: A) -> object: ...

    @property
    def over(self) -> bool: ...

    def to_dict(self) -> dict[str, object]: ...


class LegalActions(Generic[A]):
    """A lazy view of the legal actions: supports ``in``, ``len``, ``bool`` and iteration.

    Membership asks the game directly, without listing every action; a string is read with the game's
    ``parse_action`` (``None`` when it is no action of that game).
    """

    __slots__ = ("_game", "_seat")

    def __init__(self, game: Game[A], seat: int | None = None) -> None:
        self._game = game
        self._seat = seat

    def __iter__(self) -> Iterator[A]:
        return self._game.iter_legal(self._seat)

    def __contains__(self, action: object) -> bool:
        parsed = self._game.parse_action(action)
        if parsed is None or (self._seat is not None and parsed.seat != self._seat):
            return False
        return self._game.is_legal(parsed)

    def __len__(self) -> int:
        # list(legal_actions) asks len() first: counting the game's own iterator in C keeps that cheap
        return len(list(self._game.iter_legal(self._seat)))

    def count(self) -> int:
        return len(self)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __repr__(self) -> str:
        return f"<LegalActions {[str(a) for a in self]}>"


Request = dict[str, Any]
Handler = Callable[[Request], dict[str, Any]]


def _owns_nothing(_: object) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class FacadeGame:
    """A game with a package of its own (红点点, 戳牌), as the API facade sees it: which requests are its, and the
    commands it answers. The facade asks each such game in turn, so no command branches on a game's name.

    ``owns_rules`` reads a rule-set name (a request's ``rules``, or ``name`` for ``rules``); ``owns_state`` a play
    request (``legal_actions``, ``apply``, ``bot_move``); ``owns_record`` a record's data (``frames``).
    ``lesson_asks`` are the lesson questions it answers itself (ask → answer form, ``core.lesson``; the ``lesson``
    command) and ``point_word`` what it calls a hand's points (红点点 点), for the lessons.
    ``replay_file(data, lines, name)`` replays a record file it owns (a deal's or a match's) and answers the CLI's
    one-line summary after ``ok: NAME:``, or raises the record's located ``ChangpaiError`` (``changpai replay``).
    """

    name: str
    title: Text
    owns_rules: Callable[[object], bool]
    owns_state: Callable[[Request], bool]
    commands: Mapping[str, Handler]
    owns_record: Callable[[object], bool] = _owns_nothing
    lesson_asks: Mapping[str, str] = field(default_factory=dict)
    point_word: Text | None = None
    replay_file: Callable[[object, Mapping[tuple[str | int, ...], int], str], str] | None = None
