"""The match viewer on docs/learn/matches.md, in a real browser: the table of deals and each deal's first frame with
JavaScript off; choosing a deal opens the step-through deal viewer, which fetches that deal's frames only then; the
score after each deal is the engine's ledger; the keyboard, a link to a step, and a phone's width. Every expectation
is read from the published match (assets/matches/ID.json), its frames, or the engine's replay of the record."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from changpai import yamlfile
from changpai.daer.match import MatchRecord, replay_match
from playwright.sync_api import Browser, Page, expect

from sitebuild.schemas import validate
from tests.site.conftest import build_pages

# Engine-backed tests share a warmed browser context (tests/site/conftest.py: warm_page); tests about loading,
# recovery and kiosk resets are marked fresh_context.
pytestmark = pytest.mark.warm_engine

ROOT = Path(__file__).resolve().parents[2]
MATCHES = ROOT / "tutorials" / "matches"
PAGES = {"zh": "learn/matches.html", "en": "en/learn/matches.html"}
PHONE = {"width": 390, "height": 844}
IDS = sorted(p.stem for p in MATCHES.glob("*.yml"))


def published(site_dir: Path, match_id: str) -> dict:
    return json.loads((site_dir / "assets" / "matches" / f"{match_id}.json").read_text(encoding="utf-8"))


def deal_frames(site_dir: Path, match_id: str, deal: dict) -> dict:
    path = site_dir / "assets" / "matches" / deal["frames"].split("?", 1)[0]
    assert path.parent.name == match_id
    return json.loads(path.read_text(encoding="utf-8"))


def engine_ledger(match_id: str) -> list[list[int]]:
    """The score after each deal, as the engine's replay of the record keeps it."""
    path = MATCHES / f"{match_id}.yml"
    data, lines = yamlfile.read_located(path, path.name)
    _, ledger = replay_match(MatchRecord.from_data(data, lines=lines, name=path.name))
    return [list(totals) for totals in ledger.history]


def live_widget(page: Page, match_id: str, lang: str = "zh"):
    page.goto(PAGES[lang])
    widget = page.locator(f'[data-cp-widget="match"][data-match="{match_id}"]')
    live = widget.locator(".cp-match__live")
    expect(live).to_be_visible()
    return widget, live


def test_every_match_is_on_the_page_in_both_languages_without_engine_ids(site_dir: Path):
    assert len(IDS) >= 3
    texts = {path: (site_dir / path).read_text(encoding="utf-8") for path in PAGES.values()}
    for match_id in IDS:
        view = published(site_dir, match_id)  # one file for both languages: checked once
        for path, text in texts.items():
            assert f'data-match="{match_id}"' in text, (path, match_id)
            static = text.split(f'data-match="{match_id}"', 1)[1].split('<div class="cp-widget-data', 1)[0]
            assert f">{view['rules']}<" not in static and f" {view['rules']} " not in static  # no engine ids shown
        validate(view, "match-view", f"{match_id}.json")  # the contract with match-viewer.js
        for deal in view["deals"]:  # and with deal-viewer.js
            validate(deal_frames(site_dir, match_id, deal), "frames", deal["frames"])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_table_and_each_deals_first_frame_read_with_javascript_off(
    browser: Browser, site_url: str, site_dir: Path, lang: str
):
    context = browser.new_context(base_url=site_url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(PAGES[lang])
        for match_id in IDS:
            view = published(site_dir, match_id)
            static = page.locator(f'[data-match="{match_id}"] .cp-match-static')
            expect(static).to_be_visible()
            rows = static.locator("table.cp-match__table tbody tr[data-deal]")  # (a change of seats is a row too)
            expect(rows).to_have_count(len(view["deals"]))
            for k, deal in enumerate(view["deals"]):
                expect(rows.nth(k).locator(".cp-match__total")).to_have_text([str(t) for t in deal["totals"]])
                winner = rows.nth(k).locator("td").nth(2 if view["shows_shuffler"] else 1)
                if deal["winner"] is not None:  # the person in the winning seat (where people change seats)
                    person = deal.get("people", list(range(view["players"])))[deal["winner"]]
                    expect(winner).to_have_text(view["seats"][person][lang])
            # the last deal folded: open it (a <details> needs no script) and read its hands as dealt
            last = view["deals"][-1]
            frames = deal_frames(site_dir, match_id, last)
            folded = static.locator(f"#match-{match_id}-{last['number']}")
            folded.locator("summary").click()
            hands = folded.locator(".cp-match__hands li")
            expect(hands).to_have_count(len(frames["seats"]))
            dealt = frames["steps"][0]["state"]["hands"]
            for seat, hand in enumerate(dealt):
                expect(hands.nth(seat).locator(".cp-card")).to_have_count(len(hand))
            # (the deal's inside is a <noscript>, whose own text Playwright's matching skips: read from its paragraph)
            expect(folded.locator("noscript > p").first).to_contain_text(last["intro"][lang])
    finally:
        context.close()


def test_with_scripts_on_a_folded_deal_builds_its_card_pictures_only_when_opened(
    browser: Browser, browser_context_args: dict, site_dir: Path
):
    """The match viewer hides the static version, so its folded deals wait as <noscript> text (issue 18: the page built
    1,696 card pictures nobody saw). Where the viewer cannot start, the static version shows, and a deal opened there
    reads its hands as dealt."""
    context = browser.new_context(**browser_context_args)  # (the fixtures' own: service workers kept out of page.route)
    try:
        page = context.new_page()
        page.goto(PAGES["zh"])
        expect(page.locator(".cp-match__live").first).to_be_visible()
        assert page.locator(".cp-match__deal-static").count() > 20
        assert page.locator(".cp-match__deal-static .cp-card").count() == 0
        page.route("**/widgets/match-viewer.js*", lambda route: route.fulfill(status=404, body=""))
        page.reload()
        match_id = "leshan-evening"
        static = page.locator(f'[data-match="{match_id}"] .cp-match-static')
        expect(static).to_be_visible()
        first = published(site_dir, match_id)["deals"][0]
        dealt = deal_frames(site_dir, match_id, first)["steps"][0]["state"]["hands"]
        folded = static.locator(f"#match-{match_id}-{first['number']}")
        folded.locator("summary").click()
        hands = folded.locator(".cp-match__hands li")
        expect(hands).to_have_count(len(dealt))
        for seat, hand in enumerate(dealt):
            expect(hands.nth(seat).locator(".cp-card")).to_have_count(len(hand))
        expect(hands.first.locator(".cp-card").first).to_be_visible()
    finally:
        context.close()


def test_choosing_a_deal_opens_the_deal_viewer_which_fetches_its_frames_then(page: Page, browser_log, site_dir: Path):
    match_id = "leshan-evening"
    view = published(site_dir, match_id)
    widget, live = live_widget(page, match_id)
    page.wait_for_load_state("networkidle")
    fetched = lambda: [u for u in browser_log.requests if f"/assets/matches/{match_id}/" in u]  # noqa: E731
    assert not fetched(), "a deal's frames were fetched before it was chosen"
    deal = view["deals"][1]
    frames = deal_frames(site_dir, match_id, deal)
    live.locator(f'.cp-match__open[data-deal="{deal["number"]}"]').click()
    viewer = widget.locator(f'[data-cp-widget="deal"][data-deal="{deal["id"]}"]')
    expect(viewer).to_have_attribute("data-frames-state", "loaded", timeout=15_000)
    assert [u.rsplit("/", 1)[1].split("?")[0] for u in fetched()] == [f"{deal['number']}.json"]
    expect(live.locator(f'.cp-match__open[data-deal="{deal["number"]}"]')).to_have_attribute("aria-pressed", "true")
    expect(viewer.locator(".cp-deal__title")).to_have_text(frames["title"]["zh"])
    expect(viewer.locator(".cp-deal__note")).to_contain_text(frames["steps"][0]["note"]["zh"])  # who shuffles, why
    steps = viewer.locator(".cp-deal__live-view")
    expect(steps).to_have_attribute("data-step", "0")
    viewer.locator(".cp-deal__next").click()
    expect(steps).to_have_attribute("data-step", "1")
    expect(viewer.locator(".cp-deal__action")).to_contain_text(frames["steps"][1]["action"]["label"]["zh"])
    viewer.locator(".cp-deal__last").click()
    expect(steps).to_have_attribute("data-step", str(len(frames["steps"]) - 1))
    expect(viewer.locator(".cp-settlement")).to_be_visible()
    # the next deal replaces this one, and its own frames come then
    live.locator(".cp-match__next").click()
    following = view["deals"][2]
    expect(widget.locator(f'[data-deal="{following["id"]}"]')).to_have_attribute("data-frames-state", "loaded")
    expect(viewer).to_have_count(0)
    expect(live.locator(".cp-match__counter")).to_contain_text(str(following["number"]))


@pytest.mark.parametrize("match_id", IDS)
def test_the_score_after_each_deal_is_the_engines_ledger(page: Page, match_id: str):
    _, live = live_widget(page, match_id, "en")
    ledger = engine_ledger(match_id)
    rows = live.locator("tbody tr[data-deal]")  # (a change of seats is a row of its own)
    expect(rows).to_have_count(len(ledger))
    for k, totals in enumerate(ledger):
        expect(rows.nth(k).locator(".cp-match__total")).to_have_text([str(t) for t in totals])
        before = ledger[k - 1] if k else [0] * len(totals)
        changes = [f"({'+' if a - b > 0 else ''}{a - b})" for a, b in zip(totals, before, strict=True)]
        expect(rows.nth(k).locator(".cp-match__change")).to_have_text(changes)
    if published_ledger(match_id) == "payments":
        assert sum(ledger[-1]) == 0  # money changes hands; a race (一百) is each seat's own 子


def published_ledger(match_id: str) -> str:
    from sitebuild.ext_matches import match_view

    return str(match_view(match_id)["view"]["ledger"])


RACES = [m for m in IDS if m.startswith("wuchuan-yibai")]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_yibai_sitting_shows_each_seats_points_and_target_and_ends_where_the_target_is_reached(
    page: Page, site_dir: Path, lang: str
):
    # 一百 [000]: nobody pays; each seat's 子 run on across deals; 抄 keeps 2 and raises the target to 120; the
    # sitting is over the moment a seat reaches its target, even before the deal is played.
    assert RACES, "no 一百 sitting in tutorials/matches"
    for match_id in RACES:
        view = published(site_dir, match_id)
        assert view["ledger"] == "race" and sum(view["totals"]) != 0
        widget, live = live_widget(page, match_id, lang)
        expect(live.locator("caption")).to_contain_text("子")
        rows = live.locator("tbody tr")
        for k, deal in enumerate(view["deals"]):
            for seat, target in enumerate(deal["targets"]):
                cell = rows.nth(k).locator(f'.cp-match__score[data-seat="{seat}"] .cp-match__target')
                if target == view["target"]:
                    expect(cell).to_have_count(0)
                else:
                    expect(cell).to_have_text("要满 120" if lang == "zh" else "needs 120")
        chao = [(k, e) for k, d in enumerate(view["deals"]) for e in d["score_events"] if e["points"] < 0]
        assert chao and max(view["targets"]) == 120, "the sitting shows a 抄"
        winner = view["race_winner"]
        assert winner is not None and view["totals"][winner] >= view["targets"][winner]
        last = view["deals"][-1]
        assert last["stopped"]
        end = live.locator(".cp-match__race-end")
        expect(end).to_contain_text(view["seats"][winner][lang])
        expect(end).to_contain_text("没打完" if lang == "zh" else "unfinished")
        # someone else is past 100 but short of their raised target: not a win
        assert any(t >= view["target"] and t < view["targets"][s] for s, t in enumerate(view["totals"]))
        # the last deal: the running 子 are the sitting's, not the deal's own, and the end is said where it falls
        live.locator(f'.cp-match__open[data-deal="{last["number"]}"]').click()
        viewer = widget.locator(f'[data-cp-widget="deal"][data-deal="{last["id"]}"]')
        expect(viewer).to_have_attribute("data-frames-state", "loaded", timeout=15_000)
        frames = deal_frames(site_dir, match_id, last)
        at = last["score_events"][-1]["step"]
        shown = [e for e in frames["steps"][at]["events"] if e["code"] in ("score-totals", "score-end")]
        assert [e["code"] for e in shown] == ["score-totals", "score-end"]
        totals = last["score_events"][-1]["totals"]
        for seat, n in enumerate(totals):
            assert f"{view['seats'][seat]['zh']} {n}" in shown[0]["zh"]
        if at:
            viewer.locator(".cp-deal__last").click()
        expect(viewer.locator(".cp-deal__live-view")).to_have_attribute("data-step", str(at))
        events = viewer.locator(".cp-deal__events")
        expect(events).to_contain_text(shown[0][lang])
        expect(events).to_contain_text(shown[1][lang])
        # the 抄's deal: the points taken away are the sitting's, as the ledger has them
        k, event = chao[0]
        deal = view["deals"][k]
        live.locator(f'.cp-match__open[data-deal="{deal["number"]}"]').click()
        viewer = widget.locator(f'[data-cp-widget="deal"][data-deal="{deal["id"]}"]')
        expect(viewer).to_have_attribute("data-frames-state", "loaded", timeout=15_000)
        viewer.locator(".cp-deal__last").click()
        expect(viewer.locator(".cp-deal__events")).to_contain_text(event["label"][lang])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_headings_speak_the_traditions_words(page: Page, site_dir: Path, lang: str):
    for match_id in IDS:
        view = published(site_dir, match_id)
        _, live = live_widget(page, match_id, lang)
        heads = live.locator("thead th")
        words = [view["words"]["dealer"][lang], view["words"]["win"][lang], *(s[lang] for s in view["seats"])]
        expect(heads).to_have_count(len(words) + 1 + int(view["shows_shuffler"]))
        for word in words:
            expect(heads.filter(has_text=re.compile("^" + re.escape(word) + "$"))).to_have_count(1)
        assert view["rules"] not in live.inner_text()
        if lang == "zh":  # the page's own word for one deal (乐山 says 局), else 盘
            said = page.locator(f'[data-match="{match_id}"]').get_attribute("data-deal-word") or "盘"
            expect(heads.first).to_have_text(said)
            expect(live.locator(".cp-match__hint")).to_contain_text(said)


def test_keyboard_moves_between_deals_and_opens_one(page: Page, site_dir: Path):
    match_id = "wuchuan-evening"
    view = published(site_dir, match_id)
    widget, live = live_widget(page, match_id)
    buttons = live.locator(".cp-match__open")
    buttons.first.focus()
    page.keyboard.press("ArrowDown")
    expect(buttons.nth(1)).to_be_focused()
    page.keyboard.press("Enter")
    expect(buttons.nth(1)).to_have_attribute("aria-pressed", "true")
    deal = view["deals"][1]
    viewer = widget.locator(f'[data-deal="{deal["id"]}"]')
    expect(viewer).to_have_attribute("data-frames-state", "loaded", timeout=15_000)
    steps = viewer.locator(".cp-deal__live-view")
    steps.focus()
    page.keyboard.press("ArrowRight")
    expect(steps).to_have_attribute("data-step", "1")
    page.keyboard.press("End")
    expect(steps).to_have_attribute("data-step", str(deal["steps"]))


def test_a_link_to_a_step_opens_that_deal_at_that_step(page: Page, site_dir: Path):
    match_id = "luzhou-evening"
    deal = published(site_dir, match_id)["deals"][1]
    page.goto(f"{PAGES['en']}#deal-{deal['id']}-3")
    viewer = page.locator(f'[data-match="{match_id}"] [data-deal="{deal["id"]}"]')
    expect(viewer).to_have_attribute("data-frames-state", "loaded", timeout=15_000)
    expect(viewer.locator(".cp-deal__live-view")).to_have_attribute("data-step", "3")
    button = page.locator(f'[data-match="{match_id}"] .cp-match__open[data-deal="{deal["number"]}"]')
    expect(button).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_phone_has_no_sideways_scroll_and_large_touch_targets(browser: Browser, site_url: str, lang: str):
    context = browser.new_context(base_url=site_url, viewport=PHONE, has_touch=True, is_mobile=True, bypass_csp=True)
    try:
        page = context.new_page()
        match_id = "leshan-evening"  # the widest table: it has the shuffler's column
        widget, live = live_widget(page, match_id, lang)
        live.locator(".cp-match__open").last.tap()
        viewer = widget.locator('[data-cp-widget="deal"]')
        expect(viewer).to_have_attribute("data-frames-state", "loaded", timeout=15_000)
        expect(viewer.locator(".cp-deal__next")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        table = live.locator("table")
        box, holder = table.bounding_box(), live.bounding_box()
        assert box and holder and box["x"] + box["width"] <= holder["x"] + holder["width"] + 0.5
        for target in [
            *live.locator(".cp-match__open").all(),
            live.locator(".cp-match__prev"),
            live.locator(".cp-match__next"),
        ]:
            size = target.bounding_box()
            assert size and size["width"] >= 44 and size["height"] >= 44, size
    finally:
        context.close()


def test_a_broken_match_record_fails_the_build_with_its_deal_step_and_line(tmp_path: Path):
    tutorials = tmp_path / "tutorials"
    shutil.copytree(ROOT / "tutorials", tutorials)
    broken = tutorials / "matches" / "leshan-evening.yml"
    text = broken.read_text(encoding="utf-8").replace("- do: 3 pong 二", "- do: 3 pong 三", 1)
    broken.write_text(text, encoding="utf-8")
    line = text.splitlines().index("        - do: 3 pong 三") + 1
    # The page with the matches, built with the real hooks (not the whole site: the build stops on this page).
    proc = build_pages(tmp_path / "build", ["learn/matches.md"], env={"CHANGPAI_TUTORIALS_DIR": str(tutorials)})
    log = proc.stdout + proc.stderr
    assert proc.returncode != 0, log[-3000:]
    assert "docs/learn/matches" in log, log[-3000:]
    assert re.search(rf"leshan-evening\.yml: match deal 2 step 3: .*leshan-evening\.yml:{line}\)", log), log[-3000:]


def test_the_viewer_mounts_after_instant_navigation_from_a_page_without_widgets(page: Page, site_dir: Path):
    match_id = "wuchuan-evening"
    deal = published(site_dir, match_id)["deals"][0]
    page.goto("learn/index.html")
    page.wait_for_load_state("networkidle")
    page.evaluate("window.__sameDocument = true")
    page.locator('article a[href$="/learn/matches.html"]').first.click()  # Material makes links absolute
    page.wait_for_function("location.pathname.endsWith('/learn/matches.html')")
    widget = page.locator(f'[data-cp-widget="match"][data-match="{match_id}"]')
    expect(widget).to_have_attribute("data-cp-mounted", "1", timeout=15_000)
    assert page.evaluate("window.__sameDocument === true"), "the click reloaded the page: instant navigation is off"
    widget.locator(f'.cp-match__open[data-deal="{deal["number"]}"]').click()
    viewer = widget.locator(f'[data-deal="{deal["id"]}"]')
    expect(viewer).to_have_attribute("data-frames-state", "loaded", timeout=15_000)
    expect(viewer.locator(".cp-deal__live-view")).to_have_attribute("data-step", "0")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_luzhou_rules_page_shows_the_match_played_by_the_entry(page: Page, site_dir: Path, lang: str):
    # [004]'s match is on the Luzhou page too, beside the table of the two rule sets' differences
    match_id = "luzhou-b-evening"
    view = published(site_dir, match_id)
    page.goto({"zh": "rules/luzhou.html", "en": "en/rules/luzhou.html"}[lang])
    widget = page.locator(f'[data-cp-widget="match"][data-match="{match_id}"]')
    live = widget.locator(".cp-match__live")
    expect(live).to_be_visible()
    expect(live.locator("tbody tr")).to_have_count(len(view["deals"]))
    first = view["deals"][0]
    frames = deal_frames(site_dir, match_id, first)
    live.locator(f'.cp-match__open[data-deal="{first["number"]}"]').click()
    viewer = widget.locator(f'[data-cp-widget="deal"][data-deal="{first["id"]}"]')
    expect(viewer).to_have_attribute("data-frames-state", "loaded", timeout=15_000)
    expect(viewer.locator(".cp-deal__title")).to_have_text(frames["title"][lang])
    viewer.locator(".cp-deal__last").click()
    expect(viewer.locator(".cp-deal__note")).to_contain_text(frames["steps"][-1]["note"][lang][:20])
    expect(viewer.locator(".cp-settlement")).to_be_visible()
