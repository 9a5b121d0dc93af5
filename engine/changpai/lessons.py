"""Which lesson questions a rule set's game answers itself, for the build and the tests (the ``lesson`` command of
``changpai.api`` answers them). Each game with a package of its own declares its asks and its word for points in
its ``api.GAME`` (``core.game.FacadeGame``; the questions are in its ``lesson`` module, the shape is
``core.lesson``); this module reads that one list, ``api.OTHER_GAMES``, so nothing here knows a game by its name.
The Da Er family's asks (``win``, ``points``, ``waits``) go through ``score`` and ``waits`` instead.

>>> asks("wuchuan-hongdiandian-huada")
{'pairs': 'cards'}
>>> asks("luzhou-a"), point_word("wuchuan-hongdiandian-sicheng").zh
({}, '点')
"""

from __future__ import annotations

from .core.game import FacadeGame
from .core.text import Text


def _games() -> tuple[FacadeGame, ...]:
    from .api import OTHER_GAMES  # the facade's one list of games; imported here, as api imports the games

    return OTHER_GAMES


def game_for(rules: object) -> FacadeGame | None:
    """The game with a package of its own that plays ``rules``, or ``None`` (the Da Er family, or no rule set)."""
    return next((g for g in _games() if g.owns_rules(rules)), None)


def asks(rules: object) -> dict[str, str]:
    """The game's own asks for ``rules`` (ask → answer form); empty for a rule set without them."""
    game = game_for(rules)
    return dict(game.lesson_asks) if game is not None else {}


def all_asks() -> dict[str, str]:
    """Every game's own asks (ask → answer form)."""
    return {ask: form for game in _games() for ask, form in game.lesson_asks.items()}


def point_word(rules: object) -> Text | None:
    """What the game calls a hand's points (红点点: 点), or ``None`` for a rule set whose game does not say."""
    game = game_for(rules)
    return game.point_word if game is not None else None
