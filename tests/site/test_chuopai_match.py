"""The 戳牌 match on the 戳牌 rules page, in a real browser, shown by the match viewer (match-viewer.js): the table of
deals readable with JavaScript off; choosing a deal opens the 戳牌 step-through viewer, which fetches that deal's
frames only then; who dealt each deal and the score after it are the engine's replay of the record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from changpai import yamlfile
from changpai.chuopai.match import MatchRecord, replay
from changpai.chuopai.scoring import settle
from changpai.core.table import seat_name
from playwright.sync_api import Browser, Page, expect

RECORD = Path(__file__).resolve().parents[2] / "tutorials" / "matches" / "chuopai" / "evening.yml"
PAGES = {"zh": "rules/chuopai.html", "en": "en/rules/chuopai.html"}
MATCH = "chuopai-evening"


def engine():
    data, lines = yamlfile.read_located(RECORD, RECORD.name)
    return replay(MatchRecord.from_data(data, lines=lines, name=RECORD.name))


def published(site_dir: Path) -> dict:
    return json.loads((site_dir / "assets" / "matches" / f"{MATCH}.json").read_text(encoding="utf-8"))


def frames_of(site_dir: Path, deal: dict) -> dict:
    path = site_dir / "assets" / "matches" / deal["frames"].split("?", 1)[0]
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_table_reads_with_javascript_off(browser: Browser, site_url: str, lang: str):
    deals, ledger = engine()
    context = browser.new_context(base_url=site_url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(PAGES[lang])
        static = page.locator(f'[data-match="{MATCH}"] .cp-match-static')
        expect(static).to_be_visible()
        rows = static.locator("table.cp-match__table tbody tr")
        expect(rows).to_have_count(len(deals))
        for k, (deal, totals) in enumerate(zip(deals, ledger.history, strict=True)):
            expect(rows.nth(k).locator(".cp-match__total")).to_have_text([str(t) for t in totals])
            expect(rows.nth(k).locator("td").nth(0)).to_have_text(seat_name(deal.table.dealer).get(lang))
        folded = static.locator(f"#match-{MATCH}-1")
        folded.locator("summary").click()
        expect(folded.locator(".cp-chuo-seat")).to_have_count(3)  # the deal's first frame, drawn at build time
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_choosing_a_deal_opens_the_chuopai_viewer_which_fetches_its_frames_then(
    page: Page, browser_log, site_dir: Path, lang: str
):
    view = published(site_dir)
    deals, ledger = engine()
    page.goto(PAGES[lang])
    widget = page.locator(f'[data-cp-widget="match"][data-match="{MATCH}"]')
    live = widget.locator(".cp-match__live")
    expect(live).to_be_visible()
    page.wait_for_load_state("networkidle")
    fetched = lambda: [u for u in browser_log.requests if f"/assets/matches/{MATCH}/" in u]  # noqa: E731
    assert not fetched(), "a deal's frames were fetched before it was chosen"
    rows = live.locator("tbody tr")
    for k, totals in enumerate(ledger.history):  # the live table is the engine's ledger, and sums to zero
        expect(rows.nth(k).locator(".cp-match__total")).to_have_text([str(t) for t in totals])
        assert sum(totals) == 0
    deal = view["deals"][0]
    frames = frames_of(site_dir, deal)
    live.locator('.cp-match__open[data-deal="1"]').click()
    viewer = widget.locator(f'[data-cp-widget="chuopai"][data-cp-chuopai="{deal["id"]}"]')
    expect(viewer).to_have_attribute("data-frames", str(len(frames["frames"])), timeout=15_000)
    expect(viewer.locator(".cp-chuo-frame")).to_have_attribute("data-step", "0")
    assert [u.rsplit("/", 1)[1].split("?")[0] for u in fetched()] == ["1.json"]
    dealer = seat_name(deals[0].table.dealer).get(lang)
    expect(viewer.locator(".cp-chuo-leader")).to_contain_text(dealer)
    viewer.locator('button[data-go="next"]').click()
    expect(viewer.locator(".cp-chuo-frame")).to_have_attribute("data-step", "1")
    viewer.locator('button[data-go="last"]').click()
    expect(viewer.locator(".cp-chuo-frame")).to_have_attribute("data-step", str(len(frames["frames"]) - 1))
    scores = viewer.locator(".cp-chuo-result .cp-chuo-scores")
    for s, score in enumerate(settle(deals[0]).scores):
        expect(scores).to_contain_text(f"{seat_name(s).get(lang)} {'+' if score > 0 else ''}{score}")
    # the next deal: dealt by the next seat, its own frames fetched then
    live.locator(".cp-match__next").click()
    second = widget.locator(f'[data-cp-chuopai="{view["deals"][1]["id"]}"]')
    expect(second.locator(".cp-chuo-frame")).to_have_attribute("data-step", "0", timeout=15_000)
    expect(second.locator(".cp-chuo-leader")).to_contain_text(seat_name(deals[1].table.dealer).get(lang))
    expect(viewer).to_have_count(0)
    expect(live.locator(".cp-match__counter")).to_contain_text("2")
