"""Annotated matches at build time (sitebuild/ext_matches.py): every match in tutorials/matches is checked by the
engine and published as the viewer reads it; a broken match record fails with ``file: match deal N step M: reason
(file:line)``, the line being the one that is wrong."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from changpai import yamlfile
from changpai.bots.daer import make_players, play_out
from changpai.daer.deal import Deal
from changpai.daer.match import MatchRecord, replay_match
from changpai.daer.record import DealRecord, frames, replay
from changpai.daer.settlement import settle

from sitebuild import ext_matches as ext
from sitebuild.schemas import validate

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "tutorials" / "matches" / "leshan-evening.yml"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(ext, "MATCHES_DIR", tmp_path)
    ext._match_cached.cache_clear()
    yield tmp_path
    ext._match_cached.cache_clear()


def _engine(path: Path) -> tuple[MatchRecord, list, object]:
    data, lines = yamlfile.read_located(path, path.name)
    record = MatchRecord.from_data(data, lines=lines, name=path.name)
    deals, ledger = replay_match(record)
    return record, deals, ledger


def test_one_annotated_match_per_tradition_each_of_three_to_five_deals_with_notes():
    rules = set()
    for match_id in ext.all_match_ids():
        record, _, _ = _engine(ext.match_path(match_id))
        rules.add(record.rules.split("-")[0])
        assert 3 <= len(record.deals) <= 5, match_id
        assert record.title is not None and record.intro is not None
        for _, deal, _ in record.deals:  # every deal says who shuffles and deals it, and notes a key step
            assert deal.title is not None and deal.intro is not None and "[00" in deal.intro.zh + deal.intro.en
            # (a 一百 sitting may be won at the pick-up of its last deal: no step, and the intro says so)
            assert any(step.note is not None for step in deal.steps) or (not deal.steps and "[000]" in deal.intro.zh)
    assert rules == {"luzhou", "leshan", "wuchuan"}


def test_the_published_match_is_what_the_engine_replays():
    for match_id in ext.all_match_ids():
        built = ext.match_view(match_id)
        view = built["view"]
        record, deals, ledger = _engine(ext.match_path(match_id))
        assert [d["totals"] for d in view["deals"]] == [list(t) for t in ledger.history]
        race = None
        if view["ledger"] == "race":  # 一百: each seat's own 子; the deals' frames carry the sitting's count
            sitting = Deal.new(record.rules, record.players).rules.variant.sitting
            race = sitting.new_race(record.players, record.options)
            assert view["totals"] == list(ledger.totals) and not ledger.zero_sum
        else:
            assert view["totals"] == list(ledger.totals) and sum(view["totals"]) == 0
        for row, (shuffler, deal_record, _), deal, one in zip(
            view["deals"], record.deals, deals, built["frames"], strict=True
        ):
            assert (row["shuffler"], row["dealer"]) == (shuffler, deal.table.dealer)
            assert row["winner"] == (None if deal.win is None else deal.win.seat)
            assert one == frames(deal_record, race=race)  # the deal viewer's own frames
            assert row["steps"] == len(deal_record.steps)
            if race is None:  # the deal's own settlement, each seat's paid to whoever sat there (people may move)
                by_person = [0] * record.players
                for seat, paid in enumerate(one["steps"][-1]["settlement"]["payments"]):
                    by_person[row.get("people", list(range(record.players)))[seat]] += paid
                assert row["payments"] == by_person
            else:  # what the deal scored is its 子 as made, and each event's totals run on from the deal before
                made = [0] * record.players
                for event in row["score_events"]:
                    made[event["seat"]] += event["points"]
                    assert event["totals"][event["seat"]] == row["totals"][event["seat"]] - sum(
                        e["points"]
                        for e in row["score_events"][row["score_events"].index(event) + 1 :]
                        if e["seat"] == event["seat"]
                    )
                assert row["payments"] == made and row["targets"] == race.targets
            validate(one, "frames", match_id)
        validate(view, "match-view", match_id)


def test_the_cut_shows_its_own_column_only_where_the_cut_picks_the_dealer():
    shown = {
        ext.match_view(m)["view"]["rules"]: ext.match_view(m)["view"]["shows_shuffler"] for m in ext.all_match_ids()
    }
    assert shown["leshan"] is True
    assert not any(v for rules, v in shown.items() if rules != "leshan")


def _broken(folder: Path, old: str, new: str, nth: int = 0) -> tuple[str, list[str]]:
    text = SOURCE.read_text(encoding="utf-8")
    at = [m.start() for m in re.finditer(re.escape(old), text)][nth]
    text = text[:at] + new + text[at + len(old) :]
    (folder / "broken.yml").write_text(text, encoding="utf-8")
    return text, text.splitlines()


def _line(message: str) -> int:
    found = re.search(r"\((?:[^()]*/)?broken\.yml:(\d+)\)", message)
    assert found, message
    return int(found.group(1))


def test_a_wrong_step_names_the_deal_the_step_and_its_line(folder: Path):
    _, lines = _broken(folder, "- do: 3 pong 二", "- do: 3 pong 三")
    with pytest.raises(ext.MatchBuildError) as refused:
        ext.match_view("broken")
    message = str(refused.value)
    assert re.search(r"broken\.yml: match deal 2 step 3: ", message), message
    assert "桌上" in message and "table" in message  # both languages
    assert lines[_line(message) - 1].strip() == "- do: 3 pong 三"


def test_a_score_that_does_not_follow_from_the_deals_names_the_deal_and_its_line(folder: Path):
    _, lines = _broken(folder, "      - -20\n      - 60\n", "      - -30\n      - 70\n")
    with pytest.raises(ext.MatchBuildError) as refused:
        ext.match_view("broken")
    message = str(refused.value)
    assert re.search(r"broken\.yml: match deal 3 totals: ", message), message
    assert lines[_line(message) - 1].strip() == "totals:"


def test_a_deal_shuffled_by_the_wrong_seat_is_refused(folder: Path):
    _, lines = _broken(folder, "  - shuffler: 3\n", "  - shuffler: 0\n", nth=1)  # deal 3 is D's to shuffle
    with pytest.raises(ext.MatchBuildError) as refused:
        ext.match_view("broken")
    message = str(refused.value)
    assert re.search(r"broken\.yml: match deal 3: ", message), message
    assert "cut" in message or "shuffle" in message, message
    shuffler_line = lines.index("  - shuffler: 0") + 1
    assert _line(message) in (shuffler_line, shuffler_line + 1), (message, lines[_line(message) - 1])  # deal 3


def _luzhou(folder: Path, change) -> None:
    data, _ = yamlfile.read_located(ROOT / "tutorials" / "matches" / "luzhou-evening.yml", "luzhou-evening.yml")
    change(data["deals"])
    (folder / "broken.yml").write_text(yamlfile.dumps(data), encoding="utf-8")


def test_deals_in_the_wrong_order_are_refused_at_the_first_out_of_place(folder: Path):
    def swap(deals: list) -> None:
        deals[1], deals[2] = deals[2], deals[1]  # D won deal 1, so deal 2 is D's to deal [001]

    _luzhou(folder, swap)
    with pytest.raises(ext.MatchBuildError, match=r"broken\.yml: match deal 2: .*seat 3 to shuffle.*broken\.yml:\d+\)"):
        ext.match_view("broken")


def test_a_dealer_who_should_not_deal_is_refused(folder: Path):
    def other_dealer(deals: list) -> None:  # a whole, valid deal 2 dealt by B, though D won deal 1 [001]
        rng = random.Random(18)
        deal = Deal.new("luzhou-a", 4, rng=rng, seed=18, dealer=1, shuffler=1)
        play_out(deal, make_players(deal, rng, "simple"))
        deals[1].update(shuffler=1, deal=DealRecord.from_deal(deal, notes=False).to_data())

    _luzhou(folder, other_dealer)
    with pytest.raises(ext.MatchBuildError, match=r"broken\.yml: match deal 2: deal 2 is for seat 3 to shuffle"):
        ext.match_view("broken")


def test_a_misspelt_key_is_refused_at_its_line(folder: Path):
    _, lines = _broken(folder, "first_shuffler: 2", "first_shuffler: 2\nwinner: 3")
    with pytest.raises(ext.MatchBuildError) as refused:
        ext.match_view("broken")
    found = re.search(r"broken\.yml:(\d+): .*winner", str(refused.value))
    assert found, str(refused.value)
    assert lines[int(found.group(1)) - 1] == "winner: 3"


def test_a_missing_match_names_the_ones_that_exist(folder: Path):
    (folder / "one.yml").write_text(SOURCE.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(ext.TutorialError, match=r"no such match \(known: one\)"):
        ext.match_shortcode(["two"], "zh", None)


def test_a_page_may_name_the_traditions_word_for_a_deal():
    html_text = ext.on_page_content(ext.match_shortcode(["leshan-evening", "局"], "zh", None), _page("zh"), None, None)
    static = html_text.split('class="cp-widget-data', 1)[0]
    assert 'data-deal-word="局"' in html_text and '<th scope="col">局</th>' in static and "每一局打完" in static
    plain = ext.on_page_content(ext.match_shortcode(["leshan-evening"], "zh", None), _page("zh"), None, None)
    assert '<th scope="col">盘</th>' in plain
    with pytest.raises(ValueError, match="word for a deal"):
        ext.match_shortcode(["leshan-evening", "deal"], "zh", None)


def _page(lang: str) -> SimpleNamespace:
    src = "learn/matches.en.md" if lang == "en" else "learn/matches.md"
    return SimpleNamespace(file=SimpleNamespace(src_uri=src, locale=lang), url="learn/matches.html")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_page_reads_without_script_the_table_and_each_deals_first_frame(lang: str):
    match_id = "wuchuan-evening"
    html_text = ext.on_page_content(ext.match_shortcode([match_id], lang, None), _page(lang), None, None)
    view = ext.match_view(match_id)["view"]
    static = html_text.split('class="cp-widget-data', 1)[0]
    totals = re.findall(r'<span class="cp-match__total">(-?\d+)</span>', static)
    assert [int(t) for t in totals] == [t for deal in view["deals"] for t in deal["totals"]]
    for deal in view["deals"]:  # each deal folded with its note and its hands as dealt, as card pictures
        block = static.split(f'id="match-{match_id}-{deal["number"]}"', 1)[1].split("</details>", 1)[0]
        assert deal["intro"][lang] in block.replace("&#x27;", "'")
        assert block.count("<img") >= 3 * 20
    data = re.search(r'class="cp-widget-data cp-match-data" hidden data-json="([^"]*)"', html_text)
    assert data
    embedded = json.loads(data.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&#x27;", "'"))
    assert [d["src"] for d in embedded["deals"]] == [f"../assets/matches/{d['frames']}" for d in view["deals"]]
    assert 'data-cp-widget="deal"' not in html_text  # the deal viewers come when a deal is chosen


def test_the_build_publishes_the_match_and_every_deals_frames(tmp_path: Path):
    ext.on_post_build({"site_dir": str(tmp_path)})
    for match_id in ext.all_match_ids():
        view = json.loads((tmp_path / ext.OUT_FOLDER / f"{match_id}.json").read_text(encoding="utf-8"))
        assert view == ext.match_view(match_id)["view"]
        for deal in view["deals"]:
            path = tmp_path / ext.OUT_FOLDER / deal["frames"].split("?", 1)[0]
            assert (
                json.loads(path.read_text(encoding="utf-8")) == ext.match_view(match_id)["frames"][deal["number"] - 1]
            )


def _reseat(folder: Path, change) -> None:
    path = ROOT / "tutorials" / "matches" / "luzhou-reseat.yml"
    data, _ = yamlfile.read_located(path, path.name)
    change(data["deals"])
    (folder / "broken.yml").write_text(yamlfile.dumps(data), encoding="utf-8")


def test_the_reseat_sitting_is_shown_per_person_with_its_changes_of_seats(folder: Path):
    _reseat(folder, lambda deals: None)
    view = ext.match_view("broken")["view"]
    assert view["by_person"] is True
    changed = [d["number"] for d in view["deals"] if d["reseat"]]
    assert changed == [3, 5]  # the sitting agreed to move after every 2 deals
    static = ext.match_static(view, ext.match_view("broken")["frames"], "zh", "learn/matches/")
    assert "第 3 盘起换座" in static and "第 5 盘起换座" in static
    assert "seats change from deal 3" in ext.match_static(view, ext.match_view("broken")["frames"], "en", "x/")


def test_a_change_of_seats_at_the_wrong_deal_is_refused_with_its_line(folder: Path):
    def early(deals: list) -> None:
        deals[1]["people"] = [3, 0, 1, 2]  # moved after one deal, not two

    _reseat(folder, early)
    with pytest.raises(ext.MatchBuildError) as refused:
        ext.match_view("broken")
    message = str(refused.value)
    assert re.search(r"broken\.yml: match deal 2: deal 2 is no time to change seats", message), message
    assert "不该换座" in message and re.search(r"broken\.yml:\d+\)", message), message


def test_a_wrong_seating_at_a_change_is_refused_with_its_line(folder: Path):
    def wrong(deals: list) -> None:
        for deal in deals[2:4]:
            deal["people"] = [1, 2, 3, 0]  # the other way round

    _reseat(folder, wrong)
    with pytest.raises(
        ext.MatchBuildError, match=r"broken\.yml: match deal 3: seats change from deal 3.*broken\.yml:\d+\)"
    ):
        ext.match_view("broken")


# ----------------------------------------------------------------- the Luzhou match played by the entry [004]

LUZHOU_B = ROOT / "tutorials" / "matches" / "luzhou-b-evening.yml"


def _grade_oracle(points: int) -> int:
    """[004]'s grades counted by hand: 10 hu is the first grade, and every started ten above it adds one."""
    grade, ceiling = 1, 10
    while points > ceiling:
        grade, ceiling = grade + 1, ceiling + 10
    return grade


def test_the_luzhou_b_match_deals_by_the_winner_seats_the_sitter_opposite_and_pays_by_grades():
    record, deals, ledger = _engine(LUZHOU_B)
    assert record.rules == "luzhou-b" and len(deals) >= 4
    assert any(d.win is None for d in deals) and sum(d.win is not None for d in deals) >= 3
    dealer = 0  # agreed at the table for the first deal
    running = [0, 0, 0, 0]
    for n, deal in enumerate(deals):
        assert deal.table.dealer == dealer, n + 1
        assert deal.table.sitter == (dealer + 2) % 4, n + 1  # the seat facing the dealer sits out [004]
        paid = [0, 0, 0, 0]
        if deal.win is not None:
            each = max(_grade_oracle(deal.win.points), 2) + 1  # no doubling in this match: grade (≥ 2) + the sitter's 1
            for seat in range(4):
                if seat not in (deal.win.seat, deal.table.sitter):
                    paid[seat] = -each
            paid[deal.table.sitter] = 1
            paid[deal.win.seat] = 2 * each - 1
            dealer = deal.win.seat  # the winner deals next ([001]; [004] is silent)
        assert list(settle(deal).payments) == paid, n + 1
        running = [a + b for a, b in zip(running, paid, strict=True)]
        assert list(ledger.history[n]) == running, n + 1


def test_the_luzhou_b_matchs_first_note_on_the_rule_sheet_is_what_the_engine_pays_under_it():
    data, _ = yamlfile.read_located(LUZHOU_B, LUZHOU_B.name)
    first = data["deals"][0]["deal"]
    as_sheet = dict(first, rules="luzhou-a")
    deal, _ = replay(DealRecord.from_data(as_sheet))
    assert list(settle(deal).payments) == [0, 16, 4, -20]  # 放炮兜底: D covers both losers under [001]
    note = first["steps"][-1]["note"]
    assert "丁输 20" in note["zh"] and "乙得 16" in note["zh"] and "D would lose 20" in note["en"]
