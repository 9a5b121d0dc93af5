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


def _own_lesson(rules: object) -> object | None:
    """A Da Er rule set's own lesson questions (its variant's ``lesson``: 一百's 子), or ``None``."""
    from .daer.traditions import RULESETS

    return RULESETS[rules].variant.lesson if isinstance(rules, str) and rules in RULESETS else None


def asks(rules: object) -> dict[str, str]:
    """The game's own asks for ``rules`` (ask → answer form); empty for a rule set without them.

    >>> sorted(asks("wuchuan-yibai"))
    ['chao', 'made', 'pickup', 'zi']
    """
    game = game_for(rules)
    if game is not None:
        return dict(game.lesson_asks)
    own = _own_lesson(rules)
    return dict(getattr(own, "asks", {})) if own is not None else {}


def all_asks() -> dict[str, str]:
    """Every game's own asks (ask → answer form), and the Da Er rule sets' own."""
    from .daer.traditions import RULESETS

    out = {ask: form for game in _games() for ask, form in game.lesson_asks.items()}
    for name in RULESETS:
        out.update(asks(name))
    return out


def point_word(rules: object) -> Text | None:
    """What the game calls a hand's points (红点点: 点), or ``None`` for a rule set whose game does not say."""
    game = game_for(rules)
    return game.point_word if game is not None else None
