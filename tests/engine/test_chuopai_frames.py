"""chuopai/record.frames: one picture per step for the viewer, from the engine's replay of a record."""

from pathlib import Path

import pytest
from changpai import yamlfile
from changpai.chuopai.record import frames, read_record
from changpai.chuopai.scoring import settle

TUTORIALS = Path(__file__).resolve().parents[2] / "tutorials" / "chuopai"
NAMES = sorted(p.stem for p in TUTORIALS.glob("*.yml"))


@pytest.mark.parametrize("name", NAMES)
def test_frames_follow_the_replay(name):
    data = yamlfile.read(TUTORIALS / f"{name}.yml")
    deal, steps = read_record(data)
    out = frames(deal, steps)["frames"]
    assert len(out) == len(steps) + 1 and out[0]["kind"] == "deal" and out[0]["trick"] == []
    total = sum(len(h) for h in deal.dealt)
    takers = [f["taker"] for f in out if f["taker"] is not None]
    assert takers == [t.taker for t in deal.tricks]
    for f in out:  # every card accounted for: hands + piles + covered + the open trick's cards not yet taken
        held = sum(map(len, f["hands"])) + sum(f["counts"]) + f["covered"]
        open_trick = 0 if f["taker"] is not None else sum(p["n"] for p in f["trick"])
        assert held + open_trick == total
        assert all(len(p["won"]) + len(p["hard"]) == c for p, c in zip(f["piles"], f["counts"], strict=True))
        assert all(p["cards"] == [] for p in f["trick"] if p["down"])
        if f["trick"]:
            assert f["trick"][0]["lead"] and f["trick"][0]["seat"] == f["leader"]
    for f in out:
        if f["taker"] is not None:  # the taker's play is the last that beat (or the lead nobody beat)
            beaters = [p["seat"] for p in f["trick"] if p["beat"] or p["lead"]]
            assert beaters[-1] == f["taker"]
    assert out[-1]["result"] == settle(deal).as_dict()
    questions = [s for s in steps if s.question is not None]
    assert len([f for f in out if f["kind"] == "question"]) == len(questions)
