"""daer/traditions.py and the tradition modules: one registry, one home per tradition, hooks through Variant."""

import dataclasses

import pytest
from changpai.core.sourced import Sourced
from changpai.daer import leshan, luzhou, wuchuan, wuchuan_yibai
from changpai.daer.rules import RuleSet, Variant
from changpai.daer.traditions import PLAY_RULES, RULESETS, get_play_rules, get_rules


def test_every_rule_set_has_its_play_rules_under_the_same_name():
    names = ["luzhou-a", "luzhou-b", "leshan", "wuchuan", "leshan-bazhang", "leshan-shisi", "wuchuan-yibai"]
    assert list(RULESETS) == list(PLAY_RULES) == names
    for name in RULESETS:
        assert get_rules(name).name == get_play_rules(name).name == name


@pytest.mark.parametrize(
    ("name", "module"),
    [
        ("luzhou-a", luzhou),
        ("luzhou-b", luzhou),
        ("leshan", leshan),
        ("wuchuan", wuchuan),
        ("wuchuan-yibai", wuchuan_yibai),
    ],
)
def test_each_rule_set_is_built_in_its_traditions_module(name, module):
    rules = get_rules(name)
    assert rules in vars(module).values()
    assert get_play_rules(name) in vars(module).values()
    assert isinstance(rules.variant, Variant)
    assert rules.variant.settle.__module__ in (module.__name__, f"{module.__name__}_payments")  # or its companion


def test_the_words_of_each_tradition_come_with_a_source():
    for rules in RULESETS.values():
        words = rules.variant.words
        assert set(words) == {"win", "bi", "ready", "discarder"}
        assert all(source.startswith("[") or source == "engine" for _word, source in words.values())


def test_rule_sets_and_variants_are_frozen_and_carry_no_cache():
    rules = get_rules("leshan")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.win_on_pair = "kan"  # type: ignore[misc]
    with pytest.raises(TypeError):
        rules.settings["kun_pair"] = "excluded"  # type: ignore[index]  # the tradition's own options: read-only too
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.variant.words = {}  # type: ignore[misc]
    assert "_cache" not in {f.name for f in dataclasses.fields(RuleSet)}


def test_play_parameters_are_the_one_sourced_type():
    play = get_play_rules("wuchuan")
    for field in dataclasses.fields(play):
        if field.name not in ("name", "title", "settings"):
            assert isinstance(getattr(play, field.name), Sourced)
    assert play.settings and all(isinstance(value, Sourced) for value in play.settings.values())  # its own options


def test_only_luzhou_b_borrows_special_points_and_only_wuchuan_classes_wins():
    assert [r.name for r in RULESETS.values() if r.variant.special_points] == ["luzhou-b"]
    assert [r.name for r in RULESETS.values() if r.variant.win_class] == ["wuchuan", "wuchuan-yibai"]
    b = get_rules("luzhou-b")
    assert b.with_options(special_sets="luzhou-a").effective_special_points() is get_rules("luzhou-a").special_points
