"""What every game of the archive offers: the game protocol and the lazy list of legal actions.

A game is a state plus actions (as in OpenSpiel): the record, the computer players and the API drive any game
through these public hooks only. An action prints to one line and parses back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
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
    """A lazy view of the legal actions: supports ``in``, ``count()``, ``bool`` and iteration.

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

    # No ``__len__``: ``list(view)`` would call it first and so work the actions out twice (a game that does not keep
    # them per state, such as 红点点, spent a sixth of a simulated deal on it).
    def count(self) -> int:
        return sum(1 for _ in self)

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
    ``record_cli(run)`` plays what ``changpai record`` asks of a rule set it owns (a ``DealRun``) and answers the
    record's data, which the CLI writes as YAML; ``simulate_cli(run)`` answers ``changpai simulate``'s JSON summary.
    Both raise a ``ChangpaiError`` for bad rules or options, or ``CommandLineError`` for arguments it takes none of.
    ``listing()`` is what the ``rules`` command's list says of it under ``games`` (none: not listed).
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
    record_cli: Callable[[DealRun], object] | None = None
    simulate_cli: Callable[[DealRun], dict[str, Any]] | None = None
    listing: Callable[[], object] | None = None


class CommandLineError(Exception):
    """A refusal of a command-line argument, one line in English then Chinese (``changpai`` prints ``error: LINE``
    and exits with status 2)."""


def option_value(text: str) -> Any:
    """A ``--option NAME=VALUE`` value as the rules read it: ``true``/``false``, a whole number, else the text.

    >>> option_value("true"), option_value("3"), option_value("top")
    (True, 3, 'top')
    """
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        return text


def read_options(pairs: Sequence[str] | None) -> dict[str, Any] | None:
    """The ``--option NAME=VALUE`` pairs as options (``None`` when there are none).

    >>> read_options(["jokers=2", "joker_play = top"]), read_options([])
    ({'jokers': 2, 'joker_play': 'top'}, None)
    """
    out: dict[str, Any] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CommandLineError(f"--option {pair!r}: write it as NAME=VALUE / 选项应写成 名称=值")
        out[key.strip()] = option_value(value.strip())
    return out or None


@dataclass(frozen=True, slots=True)
class DealRun:
    """What ``changpai record`` or ``changpai simulate`` was asked, as a game's own ``record_cli``/``simulate_cli``
    reads it: the rule set, ``--players`` (``None``: the game's own number), ``--seed``, ``--bot``, ``--match``
    (``None``: single deals), ``--deals`` (``simulate``; 1 for ``record``) and the ``--option`` pairs as given."""

    rules: str
    players: int | None
    seed: int
    bot: str
    match: int | None
    deals: int
    option_pairs: tuple[str, ...] = ()

    def options(self) -> dict[str, Any] | None:
        """The ``--option`` pairs read (``read_options``)."""
        return read_options(self.option_pairs)
