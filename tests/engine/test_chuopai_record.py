"""chuopai/record.py: records with notes and questions, replayed with the rules; the annotated deals of
tutorials/chuopai/ (each claims an outcome the engine must reach); located errors."""

import sys
from pathlib import Path

import pytest
from changpai.bots.chuopai import play_out
from changpai.chuopai.deal import ChuoDeal
from changpai.chuopai.record import narrate, read_record, to_record
from changpai.chuopai.scoring import settle
from changpai.core.text import ChangpaiError, Text

TUTORIALS = Path(__file__).resolve().parents[2] / "tutorials" / "chuopai"
# What each annotated deal shows, checked on its replay: (outcome, counts in front).
EXPECTED = {
    "chuopai-must-beat": ("huang", (11, 11, 9)),
    "chuopai-combination": ("huang", (8, 13, 10)),
    "chuopai-huang": ("huang", (11, 15, 8)),
    "chuopai-win": ("win", (16, 9, 8)),
    "chuopai-penalty": ("fa", (7, 3, 2)),
    "chuopai-jokers": ("win", (9, 17, 5)),  # two jokers, laid in front as hard cards (the default reading)
}


def test_a_record_with_notes_round_trips():
    deal = play_out(ChuoDeal.new(seed=21, options={"cannot_beat": "pass"}))
    notes = narrate(deal)
    assert len(notes) == len(deal.history) and all(n.zh and n.en for n in notes)
    data = to_record(deal, Text("标题", "title"), dict(enumerate(notes)))
    again, steps = read_record(data)
    assert again.snapshot() == deal.snapshot() and data["options"] == {"cannot_beat": "pass"}
    assert [s.note for s in steps] == notes


def _record():
    return to_record(play_out(ChuoDeal.new(seed=4)))


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(rules="leshan"), "rules"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d["steps"].__setitem__(3, {"do": "0 play 二红"}), "steps.3.do"),
        (lambda d: d["steps"].__setitem__(0, {"do": "0 play 天", "note": {"zh": "只有中文"}}), "steps.0.note"),
        (lambda d: d["steps"].insert(0, {"do": "0 play 天", "question": {}}), "steps.0"),
        (lambda d: d["hands"].__setitem__(1, d["hands"][1] + " 天"), "hands."),  # the hand where a fifth 天 shows
    ],
)
def test_bad_records_are_located(change, where):
    data = _record()
    change(data)
    with pytest.raises(ChangpaiError) as info:
        read_record(data)
    assert info.value.where.startswith(where) and info.value.text.zh and info.value.text.en


def test_a_question_whose_answer_breaks_a_rule_is_refused():
    data = _record()
    question = {
        "seat": 0,
        "prompt": {"zh": "出什么？", "en": "What?"},
        "choices": [{"id": "0 down 天", "label": {"zh": "扣", "en": "down"}}],
        "answer": ["0 down 天"],
    }
    data["steps"].insert(0, {"question": question})
    with pytest.raises(ChangpaiError) as info:
        read_record(data)
    assert info.value.where == "steps.0.question.answer.0"


@pytest.mark.skipif(sys.platform == "emscripten", reason="reads the tutorial files (YAML) from the repository")
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_annotated_deal_replays_to_what_it_shows(name):
    from changpai import yamlfile

    data = yamlfile.read(TUTORIALS / f"{name}.yml")
    deal, steps = read_record(data)
    result = settle(deal)
    assert (result.outcome, result.counts) == EXPECTED[name]
    assert sum(result.scores) == 0 and any(s.note for s in steps)
    assert len([s for s in steps if s.action]) == len(deal.history)
    assert "title" in data


def test_the_annotated_deals_are_all_listed():
    if TUTORIALS.is_dir():
        assert {p.stem for p in TUTORIALS.glob("*.yml")} == set(EXPECTED)


@pytest.mark.skipif(sys.platform == "emscripten", reason="runs the command line in a subprocess")
def test_the_command_line_records_replays_and_simulates(tmp_path):
    import json
    import subprocess

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "changpai", *args], capture_output=True, text=True, check=False)

    recorded = cli("record", "--rules", "chuopai", "--seed", "5")
    assert recorded.returncode == 0
    path = tmp_path / "deal.yml"
    path.write_text(recorded.stdout, encoding="utf-8")
    replayed = cli("replay", str(path))
    assert replayed.returncode == 0 and "chuopai, 3 seats" in replayed.stdout
    path.write_text(recorded.stdout.replace("do: 0 play", "do: 1 play", 1), encoding="utf-8")
    broken = cli("replay", str(path))
    assert broken.returncode != 0 and "steps.0.do" in broken.stderr
    summary = json.loads(cli("simulate", "--rules", "chuopai", "--deals", "5", "--players", "2").stdout)
    assert summary["deals"] == 5
