"""The match viewer where the table changes seats (Luzhou [001], tutorials/matches/luzhou-reseat.yml), in a real
browser: a line across the table before each deal where the seats change, in Chinese and in English, and the
totals, dealer and winner named as people, as the engine's replay of the record has them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from changpai import yamlfile
from changpai.core.table import seat_name
from changpai.daer.match import MatchRecord, replay_match
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.warm_engine

ROOT = Path(__file__).resolve().parents[2]
MATCH = "luzhou-reseat"
PAGES = {"zh": "learn/matches.html", "en": "en/learn/matches.html"}


def replayed() -> tuple[MatchRecord, list]:
    path = ROOT / "tutorials" / "matches" / f"{MATCH}.yml"
    data, lines = yamlfile.read_located(path, path.name)
    record = MatchRecord.from_data(data, lines=lines, name=path.name)
    deals, ledger = replay_match(record)
    return record, [deals, ledger]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_change_of_seats_is_a_line_in_the_table_and_the_score_stays_with_people(
    page: Page, site_dir: Path, lang: str
):
    record, (deals, ledger) = replayed()
    changes = [n for n in range(1, len(deals)) if record.sitters(n) != record.sitters(n - 1)]
    assert changes, "the annotated sitting changes seats at least once"
    view = json.loads((site_dir / "assets" / "matches" / f"{MATCH}.json").read_text(encoding="utf-8"))
    assert view["by_person"] is True
    page.goto(PAGES[lang])
    live = page.locator(f'[data-cp-widget="match"][data-match="{MATCH}"] .cp-match__live')
    expect(live).to_be_visible()
    lines = live.locator("tbody tr.cp-match__reseat")
    expect(lines).to_have_count(len(changes))
    for k, n in enumerate(changes):
        want = f"第 {n + 1} 盘起换座" if lang == "zh" else f"seats change from deal {n + 1}"
        expect(lines.nth(k)).to_contain_text(want)
        # the line sits right above the deal it starts from
        following = live.locator(f'tbody tr.cp-match__reseat[data-reseat="{n + 1}"] + tr')
        expect(following).to_have_attribute("data-deal", str(n + 1))
    rows = live.locator("tbody tr[data-deal]")
    expect(rows).to_have_count(len(deals))
    for n, deal in enumerate(deals):
        expect(rows.nth(n).locator(".cp-match__total")).to_have_text([str(t) for t in ledger.history[n]])
        people = record.sitters(n)
        dealer = getattr(seat_name(people[deal.table.dealer]), lang)
        expect(rows.nth(n).locator(".cp-match__dealer")).to_have_text(dealer)
        if deal.win is not None:
            expect(rows.nth(n).locator(".cp-match__winner")).to_have_text(
                getattr(seat_name(people[deal.win.seat]), lang)
            )
    caption = "各人的总分" if lang == "zh" else "Each player's score"
    expect(live.locator("caption")).to_contain_text(caption)
