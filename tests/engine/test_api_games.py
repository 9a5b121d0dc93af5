"""The facade asks each game with a package of its own (``api.OTHER_GAMES``) whether a request is its; the Da Er
family answers the rest. Checked through ``api.handle`` as a caller sees it."""

from __future__ import annotations

from changpai import api
from changpai.daer.traditions import RULESETS


def test_every_other_game_answers_its_own_rules_request():
    for game in api.OTHER_GAMES:
        name = next(n for n in ("chuopai", "wuchuan-hongdiandian-sicheng") if game.owns_rules(n))
        answer = api.handle({"command": "rules", "name": name})
        assert "error" not in answer, answer
        assert answer == game.commands["rules"]({"command": "rules", "name": name})


def test_no_other_game_claims_a_da_er_rule_set_or_state():
    deal = api.handle({"command": "new_deal", "rules": "luzhou-a", "seed": 3})
    for game in api.OTHER_GAMES:
        for name in RULESETS:
            assert not game.owns_rules(name), (game.name, name)
        assert not game.owns_state({"state": deal["state"]}), game.name


def test_a_command_only_other_games_answer_names_them_in_both_languages():
    answer = api.handle({"command": "beats", "rules": "luzhou-a", "hand": "天 天"})
    error = answer["error"]
    assert error["code"] == "unknown-rules" and error["where"] == "rules"
    games = [g for g in api.OTHER_GAMES if "beats" in g.commands]
    assert games and all(g.title.en in error["en"] and g.title.zh in error["zh"] for g in games)
    assert "luzhou-a" in error["en"]


def test_a_play_request_reaches_the_game_that_dealt_it():
    for game in api.OTHER_GAMES:
        rules = next(n for n in ("chuopai", "wuchuan-hongdiandian-sicheng") if game.owns_rules(n))
        dealt = api.handle({"command": "new_deal", "rules": rules, "seed": 1})
        assert "error" not in dealt, dealt
        legal = api.handle({"command": "legal_actions", "state": dealt["state"]})
        assert "error" not in legal and legal == game.commands["legal_actions"]({"state": dealt["state"]})
