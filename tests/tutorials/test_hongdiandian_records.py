"""The annotated 红点点 deals (tutorials/hongdiandian/*.yml) replay in the engine with the outcome their notes
describe (changpai.hongdiandian.record). The Wuchuan rules page shows them in a viewer
(sitebuild/ext_hongdiandian_deals.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from changpai import yamlfile
from changpai.hongdiandian.record import frames, replay

FOLDER = Path(__file__).resolve().parents[2] / "tutorials" / "hongdiandian"
EXPECTED = {
    "huada-dui-kan-hua": ("win", 1, "huada", 4),
    "huada-tianhu": ("win", 0, "tianhu", 3),
    "sicheng-exact-32": ("win", 2, "exact32", 2),
    "sicheng-jue-must-eat": ("bao", 1, None, None),
}


def read(name: str) -> dict:
    data, _ = yamlfile.read_located(FOLDER / f"{name}.yml", name)
    return data


def test_every_record_is_listed():
    assert sorted(p.stem for p in FOLDER.glob("*.yml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_record_replays_to_its_outcome(name):
    data = read(name)
    deal, steps = replay(data)
    kind, seat, cls, layers = EXPECTED[name]
    settled = deal.settlement()
    assert settled["type"] == kind and settled["seat"] == seat
    if cls is not None:
        assert (deal.result.cls.key, deal.result.layers) == (cls, layers)
    assert all(s.get("note") is None or (s["note"]["zh"] and s["note"]["en"]) for s in steps)
    assert len(frames(data)["steps"]) == len(data["steps"]) + 1


def test_the_32_record_shows_a_passed_nine():
    deal, _ = replay(read("sicheng-exact-32"))
    assert 8 in deal.passed_eat[1]  # 九 (index 8): B let it pass, so 吃过张 bars it
