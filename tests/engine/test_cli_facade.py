"""The command line asks each game with a package of its own (``api.OTHER_GAMES``) whether ``--rules`` is its, and
hands ``record`` / ``simulate`` to that game's hooks (``core.game.FacadeGame.record_cli`` / ``simulate_cli``): so
``changpai/cli.py`` names no game and no tradition, and a game it has never heard of is played the same way."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from changpai import api, cli
from changpai.core.game import CommandLineError, DealRun
from changpai.core.text import RuleError, Text
from changpai.daer.traditions import RULESETS as DAER_RULESETS
from changpai.hongdiandian.rules import RULESETS as HDD_RULESETS


def _names() -> set[str]:
    """Every rule-set name and the place or game it starts with; every title (zh and en), the game it names (the zh
    title up to its first · or bracket: 泸州大贰, 务川红点点) and its place (Luzhou, 泸州); and each game of its own's
    name in Chinese (红点点, 戳牌)."""
    rule_sets: list[Any] = [*DAER_RULESETS.values(), *HDD_RULESETS.values()]
    names = {r.name for r in rule_sets} | {g.name for g in api.OTHER_GAMES}
    words = names | {n.split("-")[0] for n in names}
    for title in [r.title for r in rule_sets] + [g.title for g in api.OTHER_GAMES]:
        game = re.split(r"[·（(]", title.zh)[0]
        words |= {title.zh, title.en, game, game[:2], title.en.split()[0]}
    for g in api.OTHER_GAMES:
        words |= set(re.findall(r"[\u4e00-\u9fff]{2,}", g.title.en))  # Wuchuan 红点点 → 红点点
    return words | {"hdd", "chuo"}  # and the short names the old branches used


def test_cli_names_no_game_and_no_tradition():
    source = Path(cli.__file__).read_text(encoding="utf-8").lower()
    names = _names()
    assert {"luzhou", "leshan", "wuchuan", "chuopai", "hongdiandian", "红点点", "戳牌", "泸州"} <= names
    named = sorted(n for n in names if n.lower() in source)
    assert not named, f"changpai/cli.py names {named}: a game's own CLI work belongs in its package"


def _made_up_game(played: list[DealRun]) -> Any:
    """A game the CLI has never heard of, with its own rule set and hooks."""

    def record(run: DealRun) -> object:
        played.append(run)
        if run.options() == {"fail": True}:
            raise RuleError(Text("编出来的错", "a made-up refusal"), code="bad-option", where="options.fail")
        return {"rules": run.rules, "seed": run.seed, "players": run.players, "options": run.options()}

    def simulate(run: DealRun) -> dict[str, Any]:
        played.append(run)
        if run.match is not None:
            raise CommandLineError("made-up takes no --match / 编出来的玩法没有 --match")
        return {"rules": run.rules, "deals": run.deals, "bot": run.bot}

    return replace(
        api.OTHER_GAMES[0],
        name="made-up",
        title=Text("编出来的玩法", "a made-up game"),
        owns_rules=lambda name: name == "made-up",
        record_cli=record,
        simulate_cli=simulate,
    )


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch) -> list[DealRun]:
    played: list[DealRun] = []
    monkeypatch.setattr(cli, "OTHER_GAMES", (_made_up_game(played), *api.OTHER_GAMES))
    return played


def test_a_game_the_cli_never_heard_of_plays_record_and_simulate(made_up, capsys):
    pytest.importorskip("yaml")
    assert cli.main(["record", "--rules", "made-up", "--seed", "9", "--players", "3", "--option", "n=2"]) == 0
    out = capsys.readouterr().out
    assert "rules: made-up" in out and "seed: 9" in out and "n: 2" in out
    assert cli.main(["simulate", "--rules", "made-up", "--deals", "4", "--bot", "random"]) == 0
    assert json.loads(capsys.readouterr().out) == {"rules": "made-up", "deals": 4, "bot": "random"}
    assert [(r.seed, r.players, r.option_pairs, r.deals) for r in made_up] == [(9, 3, ("n=2",), 1), (0, None, (), 4)]


def test_a_games_refusals_are_one_located_line(made_up, capsys):
    pytest.importorskip("yaml")
    assert cli.main(["record", "--rules", "made-up", "--option", "fail=true"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "options.fail" in err and "a made-up refusal" in err and "编出来的错" in err
    assert cli.main(["simulate", "--rules", "made-up", "--match", "2"]) == 2
    assert capsys.readouterr().err == "error: made-up takes no --match / 编出来的玩法没有 --match\n"


def test_a_game_without_the_hook_refuses_by_its_title(monkeypatch, capsys):
    game = replace(_made_up_game([]), simulate_cli=None)
    monkeypatch.setattr(cli, "OTHER_GAMES", (game,))
    assert cli.main(["simulate", "--rules", "made-up"]) == 2
    err = capsys.readouterr().err
    assert "a made-up game has no simulate" in err and "编出来的玩法没有" in err and "\n" == err[-1]


def test_the_games_of_their_own_have_their_hooks():
    for game in api.OTHER_GAMES:
        assert game.record_cli is not None and game.simulate_cli is not None, game.name
