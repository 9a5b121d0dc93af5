"""The build step behind the widgets (sitebuild/ext_tutorials.py): a broken or missing tutorial stops the build with
the file, the step (or level) and the reason; lesson answers are checked against the engine; every deal's static
version has one entry per step; and the built pages carry their data. No browser needed."""

from __future__ import annotations

import json
import re
from html import escape as html_escape
from pathlib import Path

import pytest

from sitebuild import ext_tutorials as ext
from sitebuild.schemas import validate
from tests.site.conftest import build_pages

REPO_ROOT = Path(__file__).resolve().parents[2]
GOOD_RECORD = """rules: leshan
title: {zh: 测试, en: Test}
seed: 2
steps:
  - do: 3 discard 十
    note: {zh: 庄家先打。, en: The dealer discards first.}
  - do: 1 pong 十
"""


@pytest.fixture
def tutorials(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "deals").mkdir()
    (tmp_path / "lessons").mkdir()
    monkeypatch.setattr(ext, "DEALS_DIR", tmp_path / "deals")
    monkeypatch.setattr(ext, "LESSONS_DIR", tmp_path / "lessons")
    return tmp_path


def test_a_good_record_gives_frames_and_a_static_version(tutorials: Path):
    (tutorials / "deals/good.yml").write_text(GOOD_RECORD, encoding="utf-8")
    frames = ext.deal_frames("good")
    assert [s["index"] for s in frames["steps"]] == list(range(len(frames["steps"])))
    html = ext.render_static("good", frames, "zh", "learn/deals.html")
    assert html.count('<li id="deal-good-') == len(frames["steps"])
    assert "庄家先打。" in html
    english = ext.render_static("good", frames, "en", "learn/deals.html")
    assert "The dealer discards first." in english and "庄家先打。" not in english


def test_a_folded_deal_keeps_its_opening_hands_for_readers_without_scripts_only(tutorials: Path):
    """In the gallery (folded), the opening hands' pictures are in a <noscript> of their own, before the steps' (a
    <noscript> inside another would end it early); a deal shown open keeps them as elements."""
    (tutorials / "deals/good.yml").write_text(GOOD_RECORD, encoding="utf-8")
    frames = ext.deal_frames("good")
    shown = ext.render_static("good", frames, "zh", "learn/deals.html")
    folded = ext.render_static("good", frames, "zh", "learn/deals.html", folded=True)
    hands = re.search(r'<p><strong>开局时的手牌</strong></p><div class="cp-static__hands">.*?</div></div>', shown)[0]
    assert "<img" in hands and hands in folded
    assert "<noscript data-cp-unfold>" + hands + "</noscript><noscript>" in folded
    assert "data-cp-unfold" not in shown
    assert folded.replace("<noscript data-cp-unfold>" + hands + "</noscript>", hands) == shown


def test_a_broken_record_names_file_step_and_reason(tutorials: Path):
    # step 2 claims a card nobody may claim: the engine refuses it
    (tutorials / "deals/broken.yml").write_text(GOOD_RECORD.replace("1 pong 十", "2 pong 十"), encoding="utf-8")
    with pytest.raises(ext.TutorialError) as caught:
        ext.deal_frames("broken")
    message = str(caught.value)
    assert "broken.yml" in message
    assert "step 2" in message
    assert re.search(r"[a-z]{3,}", message.split("step 2", 1)[1]), message  # a reason follows the location


def test_a_missing_deal_lists_the_known_ones(tutorials: Path):
    (tutorials / "deals/good.yml").write_text(GOOD_RECORD, encoding="utf-8")
    with pytest.raises(ext.TutorialError, match=r"no-such\.yml: no such tutorial \(known: good\)"):
        ext.deal_path("no-such")
    with pytest.raises(ext.TutorialError, match="lower-case"):
        ext.deal_path("../etc/passwd")


LESSON = """title: {zh: 测试, en: Test}
rules: luzhou-a
levels:
  - ask: points
    goal: {zh: 几胡？, en: "How many points?"}
    position: {hand: 一二三四五六七八九壹贰叁肆伍陆柒捌玖二七, win_card: 十}
    answer: ANSWER
    explain: {zh: 说明, en: Why}
"""


def test_lesson_answers_are_checked_against_the_engine(tutorials: Path):
    from changpai import api

    truth = api.handle(
        {"command": "score", "rules": "luzhou-a", "hand": "一二三四五六七八九壹贰叁肆伍陆柒捌玖二七", "win_card": "十"}
    )["points"]
    (tutorials / "lessons/right.yml").write_text(LESSON.replace("ANSWER", str(truth)), encoding="utf-8")
    lesson = ext.load_lesson(tutorials / "lessons/right.yml")
    assert lesson["levels"][0]["expected"] == truth
    assert lesson["levels"][0]["request"]["command"] == "score"
    (tutorials / "lessons/wrong.yml").write_text(LESSON.replace("ANSWER", str(truth + 1)), encoding="utf-8")
    with pytest.raises(ext.TutorialError, match=rf"wrong\.yml: level 1: .*{truth + 1}.*engine computes {truth}"):
        ext.load_lesson(tutorials / "lessons/wrong.yml")


def test_lesson_format_errors_are_located(tutorials: Path):
    path = tutorials / "lessons/bad.yml"
    path.write_text(LESSON.replace("ANSWER", "3").replace("ask: points", "ask: guess"), encoding="utf-8")
    # the format (keys, types, choices) is the schema's: the message gives file:line (schemas/lesson.schema.json)
    with pytest.raises(ext.TutorialError, match=r'bad\.yml:4: must be one of "win", .*not "guess"'):
        ext.load_lesson(path)
    path.write_text(LESSON.replace("ANSWER", "3").replace('goal: {zh: 几胡？, en: "How many points?"}', "goal: 几胡"))
    with pytest.raises(ext.TutorialError, match=r"bad\.yml:5: expected object, not \"几胡\""):
        ext.load_lesson(path)
    path.write_text(LESSON.replace("ANSWER", "3").replace("一二三", "一二x"))
    with pytest.raises(ext.TutorialError, match=r"level 1: the engine cannot read this position: .*“x”"):
        ext.load_lesson(path)


def test_the_build_fails_on_a_broken_tutorial(tmp_path: Path):
    """End to end: mkdocs itself stops, and says which file, which step and why."""
    tutorials = tmp_path / "tutorials"
    (tutorials / "deals").mkdir(parents=True)
    (tutorials / "lessons").mkdir()
    for kind in ("deals", "lessons"):  # every real tutorial (pages name them), plus one broken deal
        for source in (REPO_ROOT / "tutorials" / kind).glob("*.yml"):
            (tutorials / kind / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    (tutorials / "deals/broken.yml").write_text(GOOD_RECORD.replace("1 pong 十", "2 pong 十"), encoding="utf-8")
    # The deals page, built with the real hooks (not the whole site: the build stops on this page).
    proc = build_pages(
        tmp_path / "build", ["learn/deals.md"], env={"CHANGPAI_TUTORIALS_DIR": str(tutorials)}, strict=False
    )
    assert proc.returncode != 0
    log = proc.stdout + proc.stderr
    assert "docs/learn/deals.md" in log and "broken.yml" in log and "step 2" in log, log[-3000:]


def test_built_pages_carry_each_deals_frames_and_static_steps(site_dir: Path):
    """Each deal's frames, as shipped, fit the engine/widget contract (schemas/frames.schema.json), and the deals page
    carries the deal and one static entry per step."""
    page = (site_dir / "learn/deals.html").read_text(encoding="utf-8")
    deal_files = sorted((site_dir / "assets/deals").glob("*.json"))
    assert deal_files
    for path in deal_files:
        frames = json.loads(path.read_text(encoding="utf-8"))
        validate(frames, "frames", path.name)
        deal_id = path.stem
        assert f'data-deal="{deal_id}"' in page
        assert len(re.findall(rf'<li id="deal-{re.escape(deal_id)}-\d+-static">', page)) == len(frames["steps"])
    # every gallery deal is folded, its opening hands kept for readers without scripts until it is opened
    assert page.count("<noscript data-cp-unfold>") == page.count('<details class="cp-gallery__item"') == len(deal_files)
    assert '<meta name="cp-card-schemes" content="luzhou leshan">' in page


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_static_settlement_of_a_deal_nobody_won_says_so_once(site_dir: Path, lang: str):
    """The static version heads a settlement nobody won with the engine's line that says so, as the viewer does; it
    read 结算: 胡牌：无人 · 0 胡, then the same line again."""
    unwon = []
    for path in sorted((site_dir / "assets/deals").glob("*.json")):
        frames = json.loads(path.read_text(encoding="utf-8"))
        settled = frames["steps"][-1]["settlement"]
        if settled and settled["winner"] is None:
            unwon.append((path.stem, frames))
    assert unwon, "no tutorial deal ends without a winner"
    deal_id, frames = unwon[0]
    html = ext.render_static(deal_id, frames, lang, "learn/deals.html")
    settlement = re.search(r'<div class="cp-settlement">(.*?)</div>', html)[1]
    settled = frames["steps"][-1]["settlement"]
    lines = [line[lang] for line in settled["lines"]]
    head = re.search(r'<p class="cp-settlement__winner">(.*?)</p>', settlement)[1]
    assert head == ("Settlement: " if lang == "en" else "结算：") + html_escape(settled["outcome"][lang])
    assert re.findall(r"<li>(.*?)</li>", settlement) == [html_escape(line) for line in lines]
