"""simulate_match and replay_match fit the contract (schemas/api.schema.json: requests/simulate_match,
requests/replay_match, answers/match) for every game with a match."""

import pytest
from changpai.api import handle

from sitebuild.schemas import validate


@pytest.mark.parametrize(
    "request_",
    [
        {"command": "simulate_match", "rules": "leshan", "players": 3, "deals": 2, "seed": 3},
        {"command": "simulate_match", "rules": "wuchuan-yibai", "seed": 2, "options": {"yibai_target": "30"}},
        {"command": "simulate_match", "rules": "chuopai", "deals": 2},
    ],
)
def test_a_match_and_its_replay_fit_the_contract(request_):
    validate(request_, "api", "request", definition="request")
    answer = handle(request_)
    validate(answer, "api", "simulate_match", definition="answers/match")
    again = {"command": "replay_match", "record": answer["record"]}
    validate(again, "api", "request", definition="request")
    validate(handle(again), "api", "replay_match", definition="answers/match")


def test_next_seating_fits_the_contract():
    for request_ in (
        {"command": "next_seating", "rules": "leshan", "players": 3, "dealer": 1, "shuffler": 2, "winner": None},
        {"command": "next_seating", "rules": "luzhou-a", "players": 3, "dealer": 1, "winner": 2},
        {"command": "new_deal", "rules": "leshan", "players": 3, "shuffler": 2, "seed": 4},
    ):
        validate(request_, "api", "request", definition="request")
    answer = handle({"command": "next_seating", "rules": "leshan", "players": 3, "dealer": 1, "winner": 2})
    validate(answer, "api", "next_seating", definition="answers/next_seating")
    assert answer["dealer"] is None and answer["shuffler"] == 2
