"""Deal records: lossless round trips as data (and as YAML files, at the edge), located replay errors, frames."""

import json
import re
from pathlib import Path

import pytest
from changpai.bots.daer import simulate_one
from changpai.daer.record import DealRecord, RecordError, frames, replay
from changpai.decks.numerals import ALL_KINDS

try:  # YAML files are read at the edges (changpai.yamlfile, PyYAML); the browser's Python (Pyodide tests) has none
    from changpai import yamlfile
except ImportError:  # pragma: no cover - only in Pyodide
    yamlfile = None

needs_pyyaml = pytest.mark.skipif(yamlfile is None, reason="PyYAML is not installed (Pyodide)")


def from_yaml(text, name="<record>"):
    """A record read from YAML text as the command line and the build read a file."""
    data, lines = yamlfile.loads_located(text, name)
    return DealRecord.from_data(data, lines=lines, name=name)


def to_yaml(record):
    return yamlfile.dumps(record.to_data())


CJK = re.compile(r"[\u4e00-\u9fff]")
SOURCE_TAG = re.compile(r"\[00[0-4]\]")
EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "tutorials" / "deals").glob("example-*.yml"))

# ---------------------------------------------------------------- records


@pytest.mark.parametrize(
    "rules, players, seed",
    [("luzhou-a", 4, 1), ("luzhou-b", 3, 2), ("leshan", 4, 3), ("leshan", 2, 4), ("wuchuan", 4, 5)],
)
def test_record_of_a_played_deal_round_trips_and_replays_to_the_same_state(rules, players, seed):
    deal = simulate_one(rules, players, seed)
    record = DealRecord.from_deal(deal)
    data = json.loads(json.dumps(record.to_data(), ensure_ascii=False))  # plain JSON data, as the API carries it
    again = DealRecord.from_data(data)
    assert again == record and again.to_data() == data
    if yamlfile is not None:
        text = to_yaml(record)
        assert from_yaml(text) == record and to_yaml(from_yaml(text)) == text
    final, _ = replay(again)
    assert final.to_dict() == deal.to_dict()


@needs_pyyaml
def test_replay_reports_the_first_bad_step_with_its_line():
    deal = simulate_one("luzhou-a", 4, 8)
    text = to_yaml(DealRecord.from_deal(deal, notes=False))
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip().startswith("- do: 0 discard"))
    missing = next(c for c in ALL_KINDS if c not in deal.initial_hands[0])
    lines[first] = f"  - do: 0 discard {missing}"
    bad = "\n".join(lines) + "\n"
    record = from_yaml(bad, "bad.yml")
    with pytest.raises(RecordError) as error:
        replay(record)
    step_index = sum(1 for line in lines[: first + 1] if line.strip().startswith("- do:"))
    assert error.value.where == f"step {step_index}"
    assert f"bad.yml:{first + 1}" in error.value.text.en


def test_record_errors_are_located():
    with pytest.raises(RecordError) as error:
        DealRecord.from_data({"rules": "luzhou-a", "seed": 1, "players": 4, "bogus": 1}, name="r.yml")
    assert error.value.where == "bogus"
    with pytest.raises(RecordError) as error:
        DealRecord.from_data(
            {"rules": "luzhou-a", "seed": 1, "steps": [{"do": "0 discard 七", "question": {"seat": 0}}]}
        )
    assert error.value.where.startswith("step 1")
    with pytest.raises(RecordError) as error:
        replay(DealRecord.from_data({"rules": "nowhere", "seed": 1}))
    assert "nowhere" in error.value.text.en


@needs_pyyaml
def test_record_errors_read_from_a_file_carry_its_line():
    with pytest.raises(RecordError) as error:
        from_yaml("rules: luzhou-a\nseed: 1\nplayers: 4\nbogus: 1\n", "r.yml")
    assert "bogus" in error.value.where and "r.yml:4" in error.value.where


@needs_pyyaml
def test_a_question_step_checks_its_answers_are_legal():
    # 'Which card?' is quoted: the pure-Python PyYAML of Pyodide refuses a ?} in a flow map, libyaml does not.
    base = (
        "rules: luzhou-a\nseed: 1\nsteps:\n  - question:\n      seat: 0\n"
        "      prompt: {zh: 出哪张？, en: 'Which card?'}\n"
    )
    ok = base + "      choices:\n        - {id: x, label: {zh: 随意, en: any}}\n      answer: [x]\n"
    record = from_yaml(ok)
    deal, shown = replay(record, collect=True)
    assert shown[1]["question"]["answer"] == ["x"] and shown[1]["action"] is None
    bad = (
        base
        + "      choices:\n        - {id: 1 discard 七, label: {zh: 七, en: seven}}\n      answer: [1 discard 七]\n"
    )
    with pytest.raises(RecordError) as error:
        replay(from_yaml(bad))
    assert error.value.where == "step 1"


def test_frames_follow_the_contract():
    deal = simulate_one("luzhou-b", 4, 12)
    out = frames(DealRecord.from_deal(deal).to_data())
    json.dumps(out, ensure_ascii=False)
    assert out["rules"] == "luzhou-b" and set(out["title"]) == {"zh", "en"}
    assert [s["role"] for s in out["seats"]] == list(deal.table.roles)
    first, last = out["steps"][0], out["steps"][-1]
    assert first["index"] == 0 and first["action"]["type"] == "deal"
    state = first["state"]
    assert len(state["hands"]) == 4 and state["hands"][2] == "" and state["stock_left"] == 19
    assert {"hands", "melds", "discards", "stock_left", "face_up", "to_act"} <= set(state)
    for step in out["steps"][1:]:
        assert set(step) >= {"index", "action", "note", "question", "events", "state", "settlement"}
        assert set(step["action"]) >= {"seat", "type", "cards", "label"}
    assert last["settlement"] is not None and sum(last["settlement"]["payments"]) == 0
    for meld in (m for seat in last["state"]["melds"] for m in seat):
        assert set(meld) >= {"kind", "name", "cards", "points"}


@needs_pyyaml
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_records_replay_and_round_trip(path):
    data, lines = yamlfile.read_located(path, path.name)
    record = DealRecord.from_data(data, lines=lines, name=path.name)
    assert record.to_data() == data
    assert from_yaml(to_yaml(record)) == record
    deal, shown = replay(record, collect=True)
    assert len(shown) == len(record.steps) + 1
    assert any(step["note"] for step in shown)
    # the deal frame introduces the deal; every note cites its source, as the teaching deals do
    intro = shown[0]["note"]
    assert intro is not None and CJK.search(intro["zh"]) and re.search(r"[A-Za-z]", intro["en"])
    for step in shown:
        for lang in ("zh", "en"):
            assert step["note"] is None or SOURCE_TAG.search(step["note"][lang]), (path.name, step["index"], lang)


SEAT_NUMBER = re.compile(r"座位\s*\d|\bseat \d")


@pytest.mark.parametrize(
    "rules,players", [("luzhou-a", 4), ("luzhou-b", 4), ("leshan", 4), ("leshan", 3), ("wuchuan", 4)]
)
def test_frames_name_seats_as_the_viewer_does(rules, players):
    """Labels, events and settlement lines say 甲乙丙丁 / A B C D, never a seat number."""
    seen = 0
    for seed in range(4):
        out = frames(DealRecord.from_deal(simulate_one(rules, players, seed), notes=False))
        names = [s["name"] for s in out["seats"]]
        assert [n["zh"] for n in names] == list("甲乙丙丁")[:players] and [n["en"] for n in names] == list("ABCD")[
            :players
        ]
        for step in out["steps"]:
            texts = [step["action"]["label"]] + step["events"]
            texts += step["settlement"]["lines"] if step["settlement"] else []
            for text in texts:
                assert not SEAT_NUMBER.search(text["zh"]) and not SEAT_NUMBER.search(text["en"]), text
            if step["action"]["type"] != "deal":
                who = names[step["action"]["seat"]]
                assert step["action"]["label"]["zh"].startswith(who["zh"])
                assert step["action"]["label"]["en"].startswith(who["en"] + ":")
            win = [e for e in step["events"] if e["code"] == "win"]
            if win:
                seen += 1
                assert win[0]["zh"].startswith(names[step["action"]["seat"]]["zh"])
    assert seen  # at least one win was checked


@needs_pyyaml
def test_record_intro_is_the_deal_frames_note_and_round_trips():
    text = (EXAMPLES[0]).read_text(encoding="utf-8")
    record = from_yaml(text)
    record.intro = None
    assert frames(record)["steps"][0]["note"] is None
    with pytest.raises(RecordError) as error:
        from_yaml(text.replace("intro:\n  zh:", "intro:\n  zz:", 1), "x.yml")
    assert error.value.where.startswith("intro")
