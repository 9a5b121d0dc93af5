"""A match record as ``changpai record --match`` writes it fits schemas/match-record.schema.json, and a misspelt
key is refused with its file line."""

from __future__ import annotations

import pytest
from changpai import yamlfile
from changpai.core.text import ChangpaiError
from changpai.daer.match import play_bot_match

from sitebuild.schemas import _registry, schema, validate


@pytest.mark.parametrize(("rules", "players"), [("luzhou-a", 4), ("leshan", 3), ("wuchuan", 4)])
def test_written_match_records_fit_the_schema(rules, players):
    _, record = play_bot_match(rules, players, deals=2, seed=5)
    validate(record.to_data(), "match-record", "match.yml")


def test_a_misspelt_key_is_refused_at_its_line():
    _, record = play_bot_match("leshan", 3, deals=1, seed=5)
    data = record.to_data()
    data["deals"][0]["total"] = data["deals"][0].pop("totals")
    text = yamlfile.dumps(data)
    loaded, lines = yamlfile.loads_located(text, "match.yml")

    with pytest.raises(ChangpaiError) as refused:
        yamlfile.check_schema(loaded, lines, schema("match-record"), "match.yml", registry=_registry())
    line = int(refused.value.where.rsplit(":", 1)[1])
    assert text.splitlines()[line - 1].strip() == "total:", (line, refused.value.text.en)
