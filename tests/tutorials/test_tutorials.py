"""Tutorials are data the engine must accept: annotated deals replay, lessons agree with the engine.

* Every deal in ``tutorials/deals/`` replays action by action through ``changpai.daer.deal``; at every question step the
  accepted answers are legal actions at that very moment; the viewer's frames build.
* Every text a reader sees (title, notes, prompts, choice labels, explanations) is given in Chinese and in English.
* In the teaching deals (not Engine II's ``example-*`` fixtures) every explanation cites its source ([000]–[004]).
* Every deal a page embeds exists; each 80-card tradition has at least four teaching deals.
* Every lesson level's stated answer is what the engine's JSON facade (``changpai.api.handle``, the same call the
  browser worker makes) computes for its position; the build's own lesson loader agrees.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from changpai import api, lessons, yamlfile
from changpai.daer.actions import Action
from changpai.daer.record import DealRecord, RecordError, frames, replay
from changpai.decks.numerals import parse_cards

from sitebuild.ext_tutorials import TutorialError, load_lesson

ROOT = Path(__file__).resolve().parents[2]
DEALS = sorted((ROOT / "tutorials" / "deals").glob("*.yml"))
TEACHING_DEALS = [p for p in DEALS if not p.stem.startswith("example-")]
LESSONS = sorted((ROOT / "tutorials" / "lessons").glob("*.yml"))
PAGES = sorted((ROOT / "docs").rglob("*.md"))
CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")
SOURCE_TAG = re.compile(r"\[00[0-4]\]")


def _record(path: Path) -> DealRecord:
    name = str(path.relative_to(ROOT))
    data, lines = yamlfile.read_located(path, name)
    return DealRecord.from_data(data, lines=lines, name=name)


def _texts(record: DealRecord) -> list[tuple[str, object]]:
    """Every reader-facing text of a record, with where it is."""
    out: list[tuple[str, object]] = [("title", record.title)]
    for i, step in enumerate(record.steps, start=1):
        if step.note is not None:
            out.append((f"step {i} note", step.note))
        q = step.question
        if q is not None:
            out.append((f"step {i} prompt", q.prompt))
            out.append((f"step {i} explain", q.explain))
            out += [(f"step {i} choice {c.id}", c.label) for c in q.choices]
    return out


@pytest.mark.parametrize("path", DEALS, ids=lambda p: p.stem)
def test_deal_replays_and_every_accepted_answer_is_legal(path: Path) -> None:
    record = _record(path)
    deal = record.new_deal()
    questions = 0
    for i, step in enumerate(record.steps, start=1):
        if step.question is None:
            deal.play(Action.parse(step.do), violation=step.violation)
            continue
        questions += 1
        legal = deal.legal_actions()
        for answer in step.question.answer:
            assert Action.parse(answer) in legal, f"{path.name} step {i}: accepted answer {answer!r} is not legal here"
    built = frames(record)
    assert len(built["steps"]) == len(record.steps) + 1
    if path in TEACHING_DEALS:
        assert questions >= 1, f"{path.name}: a teaching deal asks the reader at least one question"


@pytest.mark.parametrize("path", DEALS, ids=lambda p: p.stem)
def test_every_text_is_in_both_languages(path: Path) -> None:
    for where, text in _texts(_record(path)):
        assert text is not None, f"{path.name}: {where} is missing"
        assert CJK.search(text.zh), f"{path.name}: {where}: the Chinese text has no Chinese: {text.zh!r}"
        assert LATIN.search(text.en), f"{path.name}: {where}: the English text has no English: {text.en!r}"
        assert text.zh != text.en, f"{path.name}: {where}: the two languages are the same text"


@pytest.mark.parametrize("path", TEACHING_DEALS, ids=lambda p: p.stem)
def test_teaching_explanations_cite_their_source(path: Path) -> None:
    record = _record(path)
    for i, step in enumerate(record.steps, start=1):
        if step.question is not None:
            explain = step.question.explain
            assert explain is not None and SOURCE_TAG.search(explain.zh) and SOURCE_TAG.search(explain.en), (
                f"{path.name} step {i}: the explanation must say which source the rule comes from"
            )


def test_each_tradition_has_at_least_four_teaching_deals() -> None:
    counts: dict[str, int] = {}
    for path in TEACHING_DEALS:
        tradition = _record(path).rules.split("-")[0]
        counts[tradition] = counts.get(tradition, 0) + 1
    for tradition in ("luzhou", "leshan", "wuchuan"):
        assert counts.get(tradition, 0) >= 4, f"{tradition}: only {counts.get(tradition, 0)} teaching deals"


def test_every_embedded_deal_exists() -> None:
    known = {p.stem for p in DEALS}
    pattern = re.compile(r"data-deal=[\"']([^\"']+)[\"']|\{\{cp deal ([a-z0-9_-]+)\}\}")
    for page in PAGES:
        for match in pattern.finditer(page.read_text(encoding="utf-8")):
            deal_id = match.group(1) or match.group(2)
            assert deal_id in known, f"{page.relative_to(ROOT)} embeds the deal {deal_id!r}, which does not exist"


def test_an_illegal_accepted_answer_is_refused() -> None:
    """The replay check bites: make a question accept an action that is not legal at that step."""
    path = ROOT / "tutorials" / "deals" / "luzhou-guozhang.yml"
    data = yamlfile.read(path)
    broken = copy.deepcopy(data)
    question = next(s["question"] for s in broken["steps"] if "question" in s)
    question["choices"].append({"id": "1 eat 八 with 六七", "label": {"zh": "吃", "en": "eat"}})
    question["answer"] = ["1 eat 八 with 六七"]  # 过张: B may not eat this 八 [001]
    with pytest.raises(RecordError) as caught:
        replay(DealRecord.from_data(broken, name="broken"))
    assert caught.value.where.startswith("step")


# ---------------------------------------------------------------- lessons


def _engine_answer(level: dict, rules: str) -> object:
    """What the engine says for a level's position (None for choices, which the engine cannot score)."""
    ask = level["ask"]
    if ask == "choice":
        return None
    position = level.get("position") or {}
    rules = level.get("rules", rules)
    if ask in lessons.asks(rules):  # a question the game answers itself
        answer = api.handle({"command": "lesson", "rules": rules, "ask": ask, "position": position})
        assert "error" not in answer, answer.get("error")
        if answer["form"] == "cards":
            return sorted(c for name in answer["value"] for c in parse_cards(name))
        return answer["value"]
    request = {
        "command": "waits" if ask == "waits" else "score",
        "rules": rules,
        "hand": position.get("hand", ""),
        "table": position.get("table") or [],
    }
    if ask != "waits" and position.get("win_card"):
        request["win_card"] = position["win_card"]
        request["from"] = position.get("from", "discard")
    response = api.handle(request)
    assert "error" not in response, response.get("error")
    if ask == "win":
        return response["win"]
    if ask == "points":
        return response["points"]
    return sorted(c for w in response["waits"] if w.get("win", True) for c in parse_cards(w["card"]))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_answers_are_what_the_engine_computes(path: Path) -> None:
    data = yamlfile.read(path)
    for number, level in enumerate(data["levels"], start=1):
        computed = _engine_answer(level, data["rules"])
        if computed is None:
            continue
        stated = level["answer"]
        if isinstance(computed, list):  # cards: waits, or a game's card question
            stated = sorted(parse_cards(str(stated)))
        assert stated == computed, f"{path.name} level {number}: the file says {stated!r}, the engine {computed!r}"
    load_lesson(path)  # the build reads it with the same verdicts


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_explanations_cite_their_source(path: Path) -> None:
    data = yamlfile.read(path)
    for number, level in enumerate(data["levels"], start=1):
        explain = level.get("explain") or {}
        for lang in ("zh", "en"):
            assert SOURCE_TAG.search(explain.get(lang, "")), (
                f"{path.name} level {number}: the {lang} explanation must say which source the rule comes from"
            )


def test_a_wrong_lesson_answer_fails_the_build(tmp_path: Path) -> None:
    source = next(p for p in LESSONS if "points" in p.read_text(encoding="utf-8"))
    data = yamlfile.read(source)
    level = next(lv for lv in data["levels"] if lv["ask"] == "points")
    level["answer"] += 1
    broken = tmp_path / "broken.yml"
    broken.write_text(yamlfile.dumps(data), encoding="utf-8")
    with pytest.raises(TutorialError):
        load_lesson(broken)


GAME_LESSONS = [p for p in LESSONS if any(lv["ask"] in lessons.asks(lv.get("rules", yamlfile.read(p)["rules"]))
                                          for lv in yamlfile.read(p)["levels"])]  # fmt: skip


def _wrong(answer: object) -> object:
    """An answer that differs from ``answer`` in its own kind."""
    if isinstance(answer, bool):
        return not answer
    if isinstance(answer, int):
        return answer + 1
    return "一" if str(answer) != "一" else "二"


def test_the_two_games_have_lessons() -> None:
    assert len({yamlfile.read(p)["rules"] for p in GAME_LESSONS}) >= 2, [p.name for p in GAME_LESSONS]


@pytest.mark.parametrize("path", GAME_LESSONS, ids=lambda p: p.stem)
def test_a_wrong_answer_key_to_a_games_question_names_the_level(path: Path, tmp_path: Path) -> None:
    data = yamlfile.read(path)
    for number, level in enumerate(data["levels"], start=1):
        if level["ask"] not in lessons.asks(level.get("rules", data["rules"])):
            continue
        broken = json.loads(json.dumps(data))
        broken["levels"][number - 1]["answer"] = _wrong(level["answer"])
        target = tmp_path / f"{path.stem}-{number}.yml"
        target.write_text(yamlfile.dumps(broken), encoding="utf-8")
        with pytest.raises(TutorialError) as caught:
            load_lesson(target)
        message = str(caught.value)
        assert message.startswith(f"{target.name}: level {number}:") or f"{target.name}: level {number}:" in message
        assert "engine" in message or "choices" in message


@pytest.mark.parametrize("path", GAME_LESSONS, ids=lambda p: p.stem)
def test_a_bad_card_in_a_games_question_is_located(path: Path, tmp_path: Path) -> None:
    data = yamlfile.read(path)
    number, level = next(
        (n, lv) for n, lv in enumerate(data["levels"], start=1) if lv["ask"] in lessons.asks(data["rules"])
    )
    key = next(k for k, v in level["position"].items() if isinstance(v, str))
    broken = json.loads(json.dumps(data))
    broken["levels"][number - 1]["position"][key] = "口"  # no card of either deck
    target = tmp_path / "bad-card.yml"
    target.write_text(yamlfile.dumps(broken), encoding="utf-8")
    with pytest.raises(TutorialError) as caught:
        load_lesson(target)
    message = str(caught.value)
    assert f"bad-card.yml: level {number}: " in message and f"position.{key}" in message and "口" in message


def test_another_games_ask_names_this_games_asks(tmp_path: Path) -> None:
    path = GAME_LESSONS[0]
    data = yamlfile.read(path)
    mine = lessons.asks(data["rules"])
    data["levels"][0]["ask"] = next(a for a in lessons.all_asks() if a not in mine)
    target = tmp_path / "bad-ask.yml"
    target.write_text(yamlfile.dumps(data), encoding="utf-8")
    with pytest.raises(TutorialError) as caught:
        load_lesson(target)
    assert "bad-ask.yml: level 1: ask must be one of" in str(caught.value)
    for ask in mine:
        assert ask in str(caught.value)


# ---------------------------------------------------------------- the rule pages that embed them

RULE_PAGES = [p for p in sorted((ROOT / "docs" / "rules").glob("*.md")) if not p.stem.startswith("reference")]


@pytest.mark.parametrize("path", RULE_PAGES, ids=lambda p: p.name)
def test_rule_page_front_matter_reads_and_has_a_record(path: Path) -> None:
    """A stray colon in front matter makes MkDocs drop it silently (no title, no record card)."""
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n"), f"{path.name}: no front matter"
    meta = yamlfile.loads(text.split("---\n", 2)[1], path.name)
    assert isinstance(meta.get("title"), str) and meta["title"], f"{path.name}: no title"
    assert isinstance(meta.get("record"), dict) and meta["record"].get("sources"), f"{path.name}: no heritage record"


# ---------------------------------------------------------------- notes agree with the table and with the engine

SEAT_LETTERS_ZH = "甲乙丙丁"
SEAT_LETTERS_EN = "ABCD"
# Names the viewer never shows: engine seat numbers, and rule-set names that clash with the seats 甲/乙 and A/B.
FOREIGN_NAMES = re.compile(r"座位\s*\d|规则[甲乙]|\bseat \d|\brule set [AB]\b")
WIN_TOTAL = re.compile(r"共\s*(\d+)\s*[胡和]")


def _seat_problems(built: dict) -> list[str]:
    """Seats a deal's texts name must be the viewer's own names for seats at this table."""
    problems = []
    players = len(built["seats"])
    absent_zh = SEAT_LETTERS_ZH[players:]
    absent_en = SEAT_LETTERS_EN[players:]
    for step in built["steps"]:
        texts = [step["note"]] if step["note"] else []
        q = step["question"]
        if q:
            texts += [q["prompt"], q["explain"]] + [c["label"] for c in q["choices"]]
        for text in texts:
            for lang in ("zh", "en"):
                if FOREIGN_NAMES.search(text[lang]):
                    problems.append(f"step {step['index']}: a name the viewer does not use: {text[lang]!r}")
            absent_in_en = absent_en and re.search(rf"\b[{absent_en}]\b", text["en"], re.ASCII)
            if any(c in text["zh"] for c in absent_zh) or absent_in_en:
                problems.append(f"step {step['index']}: names a seat not at this {players}-player table")
        action, note = step["action"], step["note"]
        if action and note and action["type"] != "deal":
            actor = built["seats"][action["seat"]]["name"]
            named = [c for c in SEAT_LETTERS_ZH if c in note["zh"]]
            if named and actor["zh"][0] not in note["zh"] and "小家" not in note["zh"]:
                problems.append(f"step {step['index']}: the note names seats but not {actor['zh']}, who acts")
    return problems


def _win_total_problems(built: dict) -> list[str]:
    """A win note that states the hand's total (共 N 胡/和) must state the engine's total."""
    problems = []
    for step in built["steps"]:
        action, note = step["action"], step["note"]
        if not action or action["type"] != "win" or not note:
            continue
        stated = WIN_TOTAL.search(note["zh"])
        event = next(e for e in step["events"] if e["code"] == "win")
        computed = re.search(r"(\d+)\s*[胡和]\s*$", event["zh"])
        if stated and computed and stated.group(1) != computed.group(1):
            problems.append(f"step {step['index']}: the note says {stated.group(1)}, the engine {computed.group(1)}")
    return problems


@pytest.mark.parametrize("path", TEACHING_DEALS, ids=lambda p: p.stem)
def test_notes_name_seats_as_the_viewer_does(path: Path) -> None:
    assert _seat_problems(frames(_record(path))) == []


@pytest.mark.parametrize("path", TEACHING_DEALS, ids=lambda p: p.stem)
def test_a_stated_win_total_is_the_engines(path: Path) -> None:
    assert _win_total_problems(frames(_record(path))) == []


def test_the_note_checks_catch_broken_notes() -> None:
    """Both checks bite: a wrong total, a seat that is not at the table, an engine seat number."""
    data = yamlfile.read(ROOT / "tutorials" / "deals" / "leshan-claims.yml")
    win = next(s for s in data["steps"] if str(s.get("do", "")).split()[1:2] == ["win"])
    assert WIN_TOTAL.search(win["note"]["zh"])
    win["note"]["zh"] = WIN_TOTAL.sub("共 22 和", win["note"]["zh"], count=1)
    assert _win_total_problems(frames(data, "broken")) != []
    for bad in ("丁打出 五。", "座位 1 打出 五。"):
        broken = copy.deepcopy(data)
        broken["steps"][0]["note"]["zh"] = bad + broken["steps"][0]["note"]["zh"]
        assert _seat_problems(frames(broken, "broken")) != [], bad


def test_the_lesson_schema_lists_every_ask_the_engine_answers() -> None:
    """The schema names each ask (so a misspelt one stops the build with its line); the list is the engine's."""
    schema = json.loads((ROOT / "schemas" / "lesson.schema.json").read_text(encoding="utf-8"))
    listed = set(schema["$defs"]["level"]["properties"]["ask"]["enum"])
    from sitebuild.ext_tutorials import LESSON_ASKS

    answered = set(LESSON_ASKS) | set(lessons.all_asks())
    assert listed == answered


def test_a_stolen_card_is_labelled_as_the_steal_not_as_a_claim():
    # 一百's 偷坎 / 偷活龙 [000] are written `pong` / `kong` in a record; the step a reader sees names the steal.
    from changpai.daer.actions import STEAL_NAMES

    steals = 0
    for path in DEALS:
        for step in frames(_record(path))["steps"]:
            if any(e.get("code") == "steal" for e in step.get("events", [])):
                steals += 1
                label = step["action"]["label"]["zh"]
                assert any(word in label for word in STEAL_NAMES.values()), (path.name, step["index"], label)
                assert "兑" not in label and "开" not in label, (path.name, step["index"], label)
    assert steals, "no tutorial deal shows a steal"


def test_yibai_scores_show_the_moment_they_are_made():
    # 一百 [000]: 子 are scored as they are made; each frame lists the scores of its step and every seat's total.
    seats = ("甲", "乙", "丙")
    stolen: set[str] = set()
    for path in DEALS:
        record = _record(path)
        steps = frames(record)["steps"]
        scored = [e for step in steps for e in step["events"] if e["code"].startswith("score")]
        if record.rules != "wuchuan-yibai":
            assert not scored, path.name  # only a tradition that scores as it goes
            continue
        assert scored, path.name
        before = record.sitting or {}  # a deal of a sitting shown on its own starts from the sitting's 子
        totals = list(before.get("totals", [0, 0, 0]))
        targets = list(before.get("targets", [100, 100, 100]))
        for step in steps:
            lines = [e["zh"] for e in step["events"] if e["code"] == "score"]
            for line in lines:
                who, gained, lost = re.match(r"(甲|乙|丙)(?:得 (\d+) 子|包牌被抄，去掉 (\d+) 子)", line).groups()
                totals[seats.index(who)] += int(gained) if gained else -int(lost)
            shown = [e["zh"] for e in step["events"] if e["code"] == "score-totals"]
            assert len(shown) == (1 if lines else 0), (path.name, step["index"])
            if shown:
                marks = [f"（要满 {t}）" if t != 100 else "" for t in targets]  # a target raised by 抄 is named
                want = "，".join(f"{s} {n}{m}" for s, n, m in zip(seats, totals, marks, strict=True))
                assert shown[0].endswith(want), shown
            if any(n >= t for n, t in zip(totals, targets, strict=True)):  # the sitting is won: said, and the end
                assert step["events"][-1]["code"] == "score-end", (path.name, step["index"])
                assert step is steps[-1], f"{path.name}: a step follows the 子 that won the sitting"
                break
        for step in steps:  # a steal (偷坎 / 偷活龙) scores at the very step it is made
            if any(e["code"] == "steal" for e in step["events"]):
                made = [e["zh"] for e in step["events"] if e["code"] == "score"]
                assert any("偷坎" in line or "偷活龙" in line for line in made), (path.name, step["index"], made)
        stolen.update(w for step in steps for e in step["events"] for w in ("偷坎", "偷活龙") if w in e["zh"])
    assert stolen == {"偷坎", "偷活龙"}, f"the 一百 tutorials show a 偷坎 and a 偷活龙 scored: {stolen}"
