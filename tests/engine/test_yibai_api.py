"""Wuchuan 一百 [000] played live through ``changpai.api`` (the kiosk's way): ``new_deal`` and ``apply`` answer
with the sitting's running 子 (``sitting``), made as they happen, and refuse to go on once a seat has reached its
target. The oracle is the engine's own checker of a sitting's record (``wuchuan_yibai_match.replay``): a sitting
played through the api, written as a match record, must replay with the same 子, totals and dealers."""

from __future__ import annotations

import pytest
from changpai.api import handle
from changpai.daer.deal import Deal
from changpai.daer.match import MatchRecord
from changpai.daer.record import DealRecord
from changpai.daer.wuchuan_yibai_match import replay
from hypothesis import given, settings
from hypothesis import strategies as st

RULES = "wuchuan-yibai"
NO_SUCH_SCORE = {"step": 0, "seat": 0, "points": 3, "for": "x"}


def ok(request):
    answer = handle(request)
    assert "error" not in answer, (request, answer)
    return answer


def play_sitting(seed: int, target: int, by_state: bool = False, max_deals: int = 12):
    """A whole sitting of three computer players through the api; returns the deals' last answers and dealers."""
    options = {"yibai_target": target}
    dealer, carried, deals = 0, None, []
    for index in range(max_deals):
        request = {"command": "new_deal", "rules": RULES, "players": 3, "dealer": dealer, "seed": seed + index}
        request["options"] = options
        if carried is not None:
            request["sitting"] = carried
        answer = ok(request)
        for _ in range(600):
            if answer["over"] or answer["sitting"]["winner"] is not None:
                break
            token = {"state": answer["state"], "sitting": answer["sitting"]} if by_state else {"game": answer["game"]}
            move = ok({"command": "bot_move", **({"state": answer["state"]} if by_state else token)})
            answer = ok({"command": "apply", "action": move["action"], **token})
            sitting = answer["sitting"]
            assert sitting["new"] == len([s for s in sitting["scores"] if s["step"] == len(answer["state"]["history"])])
        deals.append((dealer, answer))
        sitting = answer["sitting"]
        if sitting["winner"] is not None:
            return deals
        assert sitting["next_dealer"] is not None
        dealer = sitting["next_dealer"]
        carried = {k: sitting[k] for k in ("totals", "targets", "chaos")}
    return deals


def as_record(deals, target: int) -> MatchRecord:
    record = MatchRecord(RULES, 3, deals[0][0], options={"yibai_target": target})
    for n, (dealer, answer) in enumerate(deals):
        deal = Deal.from_dict(answer["state"])
        record.deals.append((dealer, DealRecord.from_deal(deal, notes=False), tuple(answer["sitting"]["totals"])))
        record.scores[n] = [{k: v for k, v in s.items() if k != "text"} for s in answer["sitting"]["scores"]]
    return record


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), target=st.sampled_from([20, 30, 60]))
def test_a_sitting_played_through_the_api_replays_as_its_record(seed, target):
    deals = play_sitting(seed, target)
    last = deals[-1][1]["sitting"]
    assert last["winner"] is not None, "no seat reached the target in twelve deals"
    assert last["totals"][last["winner"]] >= last["targets"][last["winner"]]
    # the sitting stopped at the first 子 past a target: nobody else is there (ties go by order, the default)
    assert [s for s in range(3) if last["totals"][s] >= last["targets"][s]] == [last["winner"]]
    _, ledger = replay(as_record(deals, target))  # the 子, totals, dealers and the stop, checked by the engine
    made = [s for _, a in deals for s in a["sitting"]["scores"]]
    assert list(ledger.totals) == [sum(s["points"] for s in made if s["seat"] == seat) for seat in range(3)]


def test_the_state_with_its_sitting_goes_on_as_the_remembered_deal_does():
    by_game = play_sitting(11, 30)
    by_state = play_sitting(11, 30, by_state=True)
    assert [a["sitting"] for _, a in by_game] == [a["sitting"] for _, a in by_state]


def test_the_sitting_stops_at_once_and_apply_refuses_to_go_on():
    deals = play_sitting(3, 20)
    answer = deals[-1][1]
    assert answer["sitting"]["winner"] is not None and answer["sitting"]["next_dealer"] is None
    action = (answer["legal"] or [{"text": "0 discard 二"}])[0]["text"]
    refused = handle({"command": "apply", "game": answer["game"], "action": action})
    assert refused["error"]["code"] == "match-over" and "target" in refused["error"]["en"]
    again = handle({"command": "apply", "state": answer["state"], "sitting": answer["sitting"], "action": action})
    assert again["error"]["code"] == "match-over"
    finished = {k: answer["sitting"][k] for k in ("totals", "targets", "chaos", "winner")}
    after = handle({"command": "new_deal", "rules": RULES, "players": 3, "sitting": finished})
    assert after["error"]["code"] == "match-over" and after["error"]["where"] == "sitting.winner"


def test_a_new_deal_goes_on_from_the_sitting_so_far():
    carried = {"totals": [10, 20, 5], "targets": [100, 100, 120], "chaos": [0, 0, 1]}
    answer = ok({"command": "new_deal", "rules": RULES, "players": 3, "dealer": 1, "seed": 7, "sitting": carried})
    sitting = answer["sitting"]
    assert sitting["targets"] == [100, 100, 120] and sitting["chaos"] == [0, 0, 1]
    made = [sum(s["points"] for s in sitting["scores"] if s["seat"] == seat) for seat in range(3)]
    assert sitting["totals"] == [a + b for a, b in zip(carried["totals"], made, strict=True)]
    assert sitting["new"] == len(sitting["scores"]) and all(s["step"] == 0 for s in sitting["scores"])


def test_a_state_alone_carries_no_sitting_and_other_rules_take_none():
    answer = ok({"command": "new_deal", "rules": RULES, "players": 3, "seed": 2})
    move = ok({"command": "bot_move", "state": answer["state"]})
    assert "sitting" not in ok({"command": "apply", "state": answer["state"], "action": move["action"]})
    refused = handle({"command": "new_deal", "rules": "leshan", "sitting": {"totals": [0, 0, 0]}})
    assert refused["error"]["where"] == "sitting" and refused["error"]["zh"]


@pytest.mark.parametrize(
    "sitting, where",
    [
        ("x", "sitting"),
        ({"totals": [1], "targets": [100] * 3, "chaos": [0] * 3}, "sitting.totals"),
        ({"totals": [0] * 3, "targets": [100, True, 100], "chaos": [0] * 3}, "sitting.targets"),
        ({"totals": [0] * 3, "targets": [100] * 3, "chaos": [0] * 3, "winner": 5}, "sitting.winner"),
        ({"totals": [0] * 3, "targets": [100] * 3, "chaos": [0] * 3, "scores": [{"step": 0}]}, "sitting.scores[0]"),
        (
            {"totals": [0] * 3, "targets": [100] * 3, "chaos": [0] * 3, "scores": [{**NO_SUCH_SCORE}]},
            "sitting.scores[0].for",
        ),
    ],
)
def test_a_bad_sitting_is_refused_where_it_is_wrong(sitting, where):
    answer = ok({"command": "new_deal", "rules": RULES, "players": 3, "seed": 4})
    move = ok({"command": "bot_move", "game": answer["game"]})
    refused = handle({"command": "apply", "state": answer["state"], "sitting": sitting, "action": move["action"]})
    assert refused["error"]["where"] == where, refused
    assert refused["error"]["zh"] and refused["error"]["en"]
