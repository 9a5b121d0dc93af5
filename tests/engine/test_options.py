"""The one option system (``changpai.daer.options``): every option of every tradition, each of its choices, applied
through a record's ``options`` reaches the engine object that reads it, is written back by the record as given,
and survives a state's and a record's round trip; unknown names and values are refused where they stand."""

from __future__ import annotations

from typing import Any

import pytest
from changpai.api import handle
from changpai.core.options import ANY_NUMBER, OptionDef
from changpai.core.text import RuleError
from changpai.daer.deal import Deal, resolve_rules
from changpai.daer.options import ON_HAND, differences, value_of
from changpai.daer.record import DealRecord
from changpai.daer.traditions import PLAY_RULES, RULESETS
from hypothesis import given, settings
from hypothesis import strategies as st


def _value(option: OptionDef, key: str) -> Any:
    """The value a choice key stands for, typed as the option's default."""
    like = option.default.value
    if isinstance(like, bool):
        return key == "true"
    if isinstance(like, int):
        return 3 if key == ANY_NUMBER else int(key)
    return key


CHOICES = [
    pytest.param(name, option, key, id=f"{name}-{option.name}-{key}")
    for name, rules in RULESETS.items()
    for option in rules.declared
    for key in option.choices
]
OPTIONS = [(name, option) for name, rules in RULESETS.items() for option in rules.declared]


def _read_by_engine(deal: Deal, option: OptionDef) -> Any:
    """The value as the engine's own code reads it: a field, or the tradition's ``option(name)``."""
    holder: Any = deal.rules if option.side == ON_HAND else deal.play_rules
    if option.name in holder.settings:
        return holder.option(option.name)
    held = getattr(holder, option.name)
    return held if option.side == ON_HAND else held.value


@pytest.mark.parametrize(("name", "option", "key"), CHOICES)
def test_every_choice_reaches_the_engine_and_is_written_back(name: str, option: OptionDef, key: str) -> None:
    value = _value(option, key)
    deal = Deal.new(name, seed=7, options={option.name: value})
    assert _read_by_engine(deal, option) == value
    changed = value != option.default.value
    record = DealRecord.from_deal(deal)
    assert record.options == ({option.name: value} if changed else None)
    again = DealRecord.from_data(record.to_data(), name="t.yml").new_deal()  # the record's dict round trip
    assert value_of(again.rules, again.play_rules, option) == value
    state = Deal.from_dict(deal.to_dict())  # the state's round trip
    assert value_of(state.rules, state.play_rules, option) == value
    if option.side != ON_HAND:  # a play value the record sets says so
        held = deal.play_rules.settings.get(option.name) or getattr(deal.play_rules, option.name)
        assert held.source == "record"


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_set_of_choices_round_trips(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(list(RULESETS)))
    rules = RULESETS[name]
    picked = data.draw(st.lists(st.sampled_from(list(rules.declared)), unique_by=lambda o: o.name, max_size=6))
    given_options = {o.name: _value(o, data.draw(st.sampled_from(list(o.choices)))) for o in picked}
    rule_set, play = resolve_rules(name, given_options)
    for option in picked:
        assert value_of(rule_set, play, option) == given_options[option.name]
    written = differences(rule_set, play, rules, PLAY_RULES[name])
    assert written == {k: v for k, v in given_options.items() if v != rules.declared.get(k).default.value}
    again = resolve_rules(name, written)
    assert differences(*again, rules, PLAY_RULES[name]) == written


@pytest.mark.parametrize(("name", "option"), OPTIONS, ids=[f"{n}-{o.name}" for n, o in OPTIONS])
def test_a_value_that_is_no_choice_is_refused_where_it_stands(name: str, option: OptionDef) -> None:
    bad: list[object] = ["no-such-choice", [], None, 2.5]
    if ANY_NUMBER not in option.choices:
        bad.append(10**6)
    for value in bad:
        with pytest.raises(RuleError) as error:
            resolve_rules(name, {option.name: value})
        assert (error.value.code, error.value.where) == ("bad-option", f"options.{option.name}")
        assert option.name in error.value.text.zh and option.name in error.value.text.en


@pytest.mark.parametrize("name", RULESETS)
def test_an_unknown_name_is_refused_where_it_stands(name: str) -> None:
    others = {o.name for r in RULESETS.values() for o in r.declared} - {o.name for o in RULESETS[name].declared}
    # 打八张 declares dealer_cards (does the 头家 take one more card?)
    fields = [key for key in ("players", "dealer_cards") if RULESETS[name].declared.get(key) is None]
    for key in ("nope", *fields, "settings", "declared", *sorted(others)):
        with pytest.raises(RuleError) as error:
            resolve_rules(name, {key: "x"})
        assert (error.value.code, error.value.where) == ("unknown-option", f"options.{key}")
        assert error.value.text.zh and error.value.text.en


def test_hand_requests_take_hand_options_only_and_say_where() -> None:
    answer = handle({"command": "score", "rules": "leshan", "hand": "二七十", "options": {"tianhe_fan": "2"}})
    assert answer["error"]["code"] == "unknown-option" and answer["error"]["where"] == "options.tianhe_fan"
    described = handle({"command": "rules", "name": "leshan", "options": {"tianhe_fan": "2", "leshan_31": "thirty"}})
    assert described["options"]["tianhe_fan"]["value"] == 2 and described["options"]["leshan_31"]["value"] == "thirty"


def test_the_rules_command_lists_every_tradition_s_options_from_its_declaration() -> None:
    listed = handle({"command": "rules"})["options"]
    assert list(listed) == list(RULESETS)
    for name, rules in RULESETS.items():
        assert list(listed[name]) == [o.name for o in rules.declared]
        assert all(entry["value"] == entry["default"]["value"] for entry in listed[name].values())


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_traditions_options_count_in_its_own_word_for_points(name: str) -> None:
    """Leshan counts in 和 where Luzhou and Wuchuan count in 胡 [003][001][000]: an option every tradition shares says
    the points in the rule set's own word (it read 胡数（和数） for all), and never in the other's."""
    rules = RULESETS[name]
    own = rules.point_word.zh
    other = {"胡": "和", "和": "胡"}[own]
    for option in rules.declared:
        texts = [option.question.zh, option.why.zh, *(t.zh for t in option.choices.values())]
        for text in texts:
            assert f"{other}数" not in text, (option.name, text)
    declare = rules.declared.get("declare")
    if declare is not None:
        assert declare.choices["most-points"].zh.startswith(f"{own}数"), declare.choices["most-points"].zh
