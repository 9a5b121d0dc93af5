"""Tutorial widgets at build time: annotated deals, lessons and the hand calculator.

* ``{{cp deal ID}}`` (or a raw ``<div data-cp-widget="deal" data-deal="ID">``) — the deal
  ``tutorials/deals/ID.yml`` is replayed by the engine (``changpai.daer.record``), its frames are embedded as
  JSON inside the element (and written to ``assets/deals/ID.json``), and a readable static version of every
  step (text and card images) is rendered inside it, so the page reads before — or without — Python.
  A missing or broken tutorial fails the build naming the page, the file, the step and the reason.
* ``{{cp deal-gallery}}`` — every tutorial in ``tutorials/deals/``, grouped by tradition.
* ``{{cp lesson ID}}`` / ``{{cp lesson-list}}`` — lessons from ``tutorials/lessons/ID.yml`` (format in
  ``tutorials/README.md``); every level's expected answer is checked against the engine here, and the
  engine's verdict is embedded so the lesson works before Python loads.
* ``{{cp calculator [RULES]}}`` — the hand calculator (no build-time data).

The widgets' scripts live in ``docs/assets/widgets/``.
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

from changpai.core.text import ChangpaiError
from changpai.decks.numerals import Card
from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

from sitebuild import card_art
from sitebuild.hooks import page_lang
from sitebuild.schemas import read_data_file, validate
from sitebuild.shortcodes import shortcode

log = logging.getLogger("mkdocs.plugins.changpai.tutorials")
REPO_ROOT = Path(__file__).resolve().parent.parent
# Another tutorials folder can be named for tests (e.g. one holding a deliberately broken deal).
TUTORIALS_DIR = Path(os.environ.get("CHANGPAI_TUTORIALS_DIR") or REPO_ROOT / "tutorials")
DEALS_DIR = TUTORIALS_DIR / "deals"
LESSONS_DIR = TUTORIALS_DIR / "lessons"
CARDS_DIR = REPO_ROOT / "docs" / "assets" / "cards"
CARD_SCHEMES = ("luzhou", "leshan")
SMALL = "一二三四五六七八九十"
BIG = "壹贰叁肆伍陆柒捌玖拾"
BIG_VARIANTS = {"貳": 2, "叄": 3, "參": 3, "陸": 6, "弍": 2}

WIDGET_TAG = re.compile(
    r"<(?P<tag>div|section)\b(?P<attrs>[^>]*\bdata-cp-widget=[\"'](?P<kind>deal|lesson)[\"'][^>]*)>"
)
ATTR = re.compile(r"([\w-]+)=[\"']([^\"']*)[\"']")
SAFE_ID = re.compile(r"[a-z0-9][a-z0-9_-]*")


def engine_names() -> dict[str, Any]:
    """What the pages say about each rule set, taken from the engine (the one home): every rule set its ``rules``
    command lists, in its order, with its title, sources and game (``daer`` or the game of a package of its own:
    ``hongdiandian``); a Da Er rule set also with its tradition's short name, its colour rule, its word for points
    and its words for the claims; the roles' and the seats' names. Written into every page as
    ``<script type="application/json" id="cp-engine-names">`` for cards.js, the tradition picker (core.js), the
    hand calculator, the kiosk and the kiosk game."""
    return _engine_names_cached()


@cache
def _engine_names_cached() -> dict[str, Any]:
    from changpai import RULESETS
    from changpai.core.table import DEFAULT_SEAT_NAMES, ROLE_NAMES

    listing = engine_handle({"command": "rules"})
    rules: dict[str, Any] = {}
    for entry in listing["rules"]:
        name = entry["name"]
        ruleset = RULESETS[name]
        words = engine_handle({"command": "play_rules", "name": name})["words"]
        rules[name] = {
            "title": entry["title"],
            "sources": entry["sources"],
            "game": "daer",
            "tradition": (ruleset.tradition or ruleset.title).as_dict(),  # 泸州大贰 for both Luzhou rule sets
            "red": ruleset.red_scheme.value,
            "point_word": ruleset.point_word.as_dict(),
            "words": words,
        }
    for game, entries in listing.get("games", {}).items():
        for entry in entries:
            rules[entry["name"]] = {"title": entry["title"], "sources": entry["sources"], "game": game}
    return {
        "rules": rules,
        "roles": {role: text.as_dict() for role, text in ROLE_NAMES.items()},
        "seats": [text.as_dict() for text in DEFAULT_SEAT_NAMES],
    }


class TutorialError(PluginError):
    """A tutorial that cannot be shown; the message names the file, the step and the reason."""


# --- reading tutorials with the engine ---------------------------------------------------------------------------


def _relative(path: Path) -> str:
    try:
        return str(path.relative_to(REPO_ROOT))
    except ValueError:
        return str(path)


def _engine_error(path: Path, exc: Exception) -> TutorialError:
    where = getattr(exc, "where", None)
    text = getattr(exc, "text", None)
    reason = f"{text.en} / {text.zh}" if text is not None else f"{type(exc).__name__}: {exc}"
    name = _relative(path)
    if where and where.startswith(f"{name}:"):  # already file:line
        return TutorialError(f"{where}: {reason}")
    return TutorialError(f"{name}: {where + ': ' if where else ''}{reason}")


def _data_file(folder: Path, item_id: str, *, id_word: str, missing_word: str) -> Path:
    """The YAML file for a deal or lesson id, or a located error listing the ids that exist."""
    if not SAFE_ID.fullmatch(item_id):
        raise TutorialError(f"{id_word} id {item_id!r}: use lower-case letters, digits, '-' or '_'")
    path = folder / f"{item_id}.yml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in folder.glob("*.yml"))) or "none"
        raise TutorialError(f"{_relative(path)}: no such {missing_word} (known: {known})")
    return path


def deal_path(deal_id: str) -> Path:
    return _data_file(DEALS_DIR, deal_id, id_word="deal", missing_word="tutorial")


def deal_frames(deal_id: str) -> dict[str, Any]:
    path = deal_path(deal_id)
    return _frames_cached(path, path.stat().st_mtime_ns)


@cache
def _frames_cached(path: Path, _mtime: int) -> dict[str, Any]:
    from changpai.daer import record

    try:
        data, lines = read_data_file(path, "deal-record")
        frames = record.frames(record.DealRecord.from_data(data, lines=lines, name=_relative(path)))
    except Exception as exc:  # the engine's errors carry where (file:line, step) and a bilingual reason
        raise _engine_error(path, exc) from exc
    _check_frames(path, frames)
    return frames


def _check_frames(path: Path, frames: dict[str, Any]) -> None:
    """The viewer relies on schemas/frames.schema.json and more; say exactly what is missing."""
    try:
        validate(frames, "frames", f"{_relative(path)}: frames")
    except ChangpaiError as exc:
        raise TutorialError(str(exc)) from exc
    for key in ("rules", "title", "seats", "steps"):
        if key not in frames:
            raise TutorialError(f"{_relative(path)}: frames lack {key!r}")
    if not frames["steps"]:
        raise TutorialError(f"{_relative(path)}: the deal has no steps")
    for step in frames["steps"]:
        where = f"{_relative(path)}: step {step.get('index', '?')}"
        if "state" not in step or "hands" not in step["state"]:
            raise TutorialError(f"{where}: frame has no state.hands")
        for hand in step["state"]["hands"]:
            _cards(hand, where)
        q = step.get("question")
        if q:
            ids = {c["id"] for c in q.get("choices", [])}
            missing = [a for a in q.get("answer", []) if a not in ids]
            if not ids or not q.get("answer") or missing:
                raise TutorialError(
                    f"{where}: question answer {q.get('answer')!r} is not among its choices {sorted(ids)}"
                )


def all_deal_ids() -> list[str]:
    return sorted(p.stem for p in DEALS_DIR.glob("*.yml"))


# --- drawing cards as static HTML --------------------------------------------------------------------------------


def _cards(text: str | None, where: str = "") -> list[tuple[int, bool]]:
    out = []
    for ch in text or "":
        if ch in " ,，、":
            continue
        if ch in SMALL:
            out.append((SMALL.index(ch) + 1, False))
        elif ch in BIG:
            out.append((BIG.index(ch) + 1, True))
        elif ch in BIG_VARIANTS:
            out.append((BIG_VARIANTS[ch], True))
        else:
            raise TutorialError(f"{where}: “{ch}” is not a card in {text!r}")
    return out


def scheme_for(rules: str) -> str:
    """The card-image folder of a rule set, by the engine's colour rule (``card_art.scheme_folder``)."""
    return card_art.scheme_folder(str(rules))


def _is_red(card: tuple[int, bool], scheme: str) -> bool:
    number, big = card
    return card_art.card_is_red(Card(number, big), scheme)


NUMBER_EN = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def numeral(card: tuple[int, bool]) -> str:
    """The card as it is written: 壹…拾 for a big card, 一…十 for a small one."""
    number, big = card
    return (BIG if big else SMALL)[number - 1]


def card_label(card: tuple[int, bool], scheme: str, lang: str) -> str:
    number, big = card
    zh = numeral(card)
    red = _is_red(card, scheme)
    if lang == "en":
        return f"{'big' if big else 'small'} {NUMBER_EN[number - 1]} {zh}, {'red' if red else 'black'}"
    return f"{zh}（{'大写' if big else '小写'}，{'红' if red else '黑'}）"


def available_schemes() -> list[str]:
    return [s for s in CARD_SCHEMES if all((CARDS_DIR / s / f"{a}.svg").is_file() for a in _all_ascii())]


def _all_ascii() -> list[str]:
    return [("t" if n == 10 else str(n)) + ("b" if big else "s") for big in (False, True) for n in range(1, 11)]


def cards_html(text: str | None, scheme: str, lang: str, page_url: str, size: str = "s") -> str:
    parts = []
    images = scheme in available_schemes()
    for card in _cards(text):
        number, big = card
        ascii_name = ("t" if number == 10 else str(number)) + ("b" if big else "s")
        label = html.escape(card_label(card, scheme, lang), quote=True)
        colour = "red" if _is_red(card, scheme) else "black"
        cls = f"cp-card cp-card--{size} cp-card--{colour}"
        if images:
            src = get_relative_url(f"assets/cards/{scheme}/{ascii_name}.svg", page_url)
            parts.append(f'<img class="{cls}" src="{src}" alt="{label}" title="{label}" loading="lazy">')
        else:
            parts.append(f'<span class="{cls} cp-card--drawn" role="img" aria-label="{label}">{numeral(card)}</span>')
    return f'<span class="cp-cards">{"".join(parts)}</span>'


def cards_text_html(text: str | None, scheme: str, lang: str) -> str:
    """Cards as their numerals in one labelled strip (no picture per card): what a static deal shows after its
    opening hands, so a page of several deals carries a few hundred elements fewer (issue 18). Runs of one colour
    share a span; the strip's label names every card, as the pictures' alt texts do."""
    cards = _cards(text)
    if not cards:
        return ""
    runs: list[tuple[str, str]] = []
    for card in cards:
        colour = "red" if _is_red(card, scheme) else "black"
        glyph = numeral(card)
        if runs and runs[-1][0] == colour:
            runs[-1] = (colour, runs[-1][1] + glyph)
        else:
            runs.append((colour, glyph))
    label = html.escape(("; " if lang == "en" else "；").join(card_label(c, scheme, lang) for c in cards), quote=True)
    inner = "".join(f'<span class="cp-tc--{colour}">{glyphs}</span>' for colour, glyphs in runs)
    return f'<span class="cp-cards-text" role="img" aria-label="{label}">{inner}</span>'


# --- the static version of a deal --------------------------------------------------------------------------------


def _t(value: Any, lang: str) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return str(value.get(lang) or value.get("zh") or value.get("en") or "")


def _e(value: Any, lang: str) -> str:
    return html.escape(_t(value, lang))


def unfolded_when_opened(markup: str) -> str:
    """``markup`` (the inside of a closed <details>) kept for readers without scripts, as ``<noscript
    data-cp-unfold>``: with scripts on, the browser holds it as one text node, and core.js (``cp.unfold``) makes it
    elements when the <details> opens (issue 18: a page of folded deals builds no card pictures nobody sees)."""
    if "<noscript" in markup:  # (the first </noscript> would end the outer one early)
        raise ValueError("a <noscript> cannot hold another")
    return f"<noscript data-cp-unfold>{markup}</noscript>"


def render_static(deal_id: str, frames: dict[str, Any], lang: str, page_url: str, *, folded: bool = False) -> str:
    """Every step as text: readable with no script at all. The opening hands are card pictures; the cards of
    the steps, the sets laid down and the closing hands are numerals (``cards_text_html``), which keeps a page of
    several deals light on a phone.

    The steps and the closing hands are inside ``<noscript>``: with scripts on, the browser keeps that as one
    text node (no elements to build, style or lay out), and the viewer shows the steps from the frames it fetches;
    the title and the opening hands stay readable at once (issue 18: the deals page's first frame).

    A ``folded`` deal (one of the gallery's, in a closed <details>) keeps its opening hands in a <noscript> of their
    own too: twenty folded deals' pictures were a fifth of the deals page's first paint, for hands nobody sees
    until a deal is opened. The viewer unfolds them (``data-cp-unfold``) as it opens, before its frames arrive."""
    en = lang == "en"
    scheme = scheme_for(frames["rules"])
    word = _point_word(frames["rules"])["zh"]  # the tradition's word for points (和 in Leshan) …
    win = _win_word(frames["rules"])  # … and for the win (和牌)
    unit = " pts" if en else " " + word
    seats = {s["seat"]: s for s in frames["seats"]}

    def seat_name(i: int | None) -> str:
        if i is None or i not in seats:
            return "—"
        return _e(seats[i]["name"], lang)

    def role(i: int) -> str:
        return _e(seats[i]["role_name"], lang)  # the engine's own name for the role

    def hands_block(step: dict[str, Any], heading: str, *, pictures: bool) -> str:
        def shown(cards: str | None) -> str:
            return cards_html(cards, scheme, lang, page_url) if pictures else cards_text_html(cards, scheme, lang)

        rows = []
        st = step["state"]
        for i in sorted(seats):
            hand = st["hands"][i] if i < len(st["hands"]) else ""
            melds = (st.get("melds") or [[]] * len(seats))[i] if i < len(st.get("melds") or []) else []
            meld_html = " ".join(
                f'<span class="cp-meld">{cards_text_html(m.get("cards"), scheme, lang)}'
                f'<span class="cp-meld__label">{_e(m.get("name"), lang)}'
                f"{(' · ' + str(m['points']) + unit) if m.get('points') else ''}</span></span>"
                for m in melds
            )
            rows.append(
                f"<div><strong>{seat_name(i)}</strong>"
                + (f" ({role(i)})" if en else f"（{role(i)}）")
                + f" {shown(hand)}"
                + (f" {meld_html}" if meld_html else "")
                + "</div>"
            )
        return f'<p><strong>{heading}</strong></p><div class="cp-static__hands">{"".join(rows)}</div>'

    steps = frames["steps"]
    out = [f'<div class="cp-deal-static"><p class="cp-static__title"><strong>{_e(frames["title"], lang)}</strong></p>']
    opening = hands_block(steps[0], "The hands at the start" if en else "开局时的手牌", pictures=True)
    out.append(unfolded_when_opened(opening) if folded else opening)
    out.append('<noscript><ol start="0">')
    for step in steps:
        item = []
        action = step.get("action")
        if action:
            item.append(f'<span class="cp-static__action">{_e(action.get("label"), lang)}</span>')
            if action.get("cards"):
                item.append(" " + cards_text_html(action["cards"], scheme, lang))
        if step.get("note"):
            item.append(f"<p>{_e(step['note'], lang)}</p>")
        if step.get("events"):
            item.append("<ul>" + "".join(f"<li>{_e(e, lang)}</li>" for e in step["events"]) + "</ul>")
        q = step.get("question")
        if q:
            answer = [c for c in q.get("choices", []) if c["id"] in set(q.get("answer", []))]
            choices = (" / " if en else "／").join(_e(c["label"], lang) for c in q.get("choices", []))
            item.append(
                f"<p><strong>{'Question' if en else '想一想'}:</strong> {_e(q.get('prompt'), lang)} ({choices})</p>"
                f"<details><summary>{'Answer' if en else '答案'}</summary>"
                f"<p>{('、' if not en else ', ').join(_e(c['label'], lang) for c in answer)}"
                f"{' — ' + _e(q.get('explain'), lang) if q.get('explain') else ''}</p></details>"
            )
        s = step.get("settlement")
        if s:
            said = s.get("lines", [])
            if s.get("winner") is not None:
                winner = f"{'winner ' if en else win + '牌：'}{seat_name(s['winner'])}"
                if s.get("points") is not None:
                    winner += f" · {s['points']}" + (" points" if en else " " + word)
            elif s.get("outcome"):  # the engine's line that nobody won, and what is paid (as the viewer heads it)
                winner = _e(s["outcome"], lang)
            else:
                winner = "nobody won" if en else f"无人{win}牌"
            lines = "".join(f"<li>{_e(line, lang)}</li>" for line in said)
            pays = ""
            if s.get("payments"):
                pays = (
                    "<p>"
                    + ("; " if en else "；").join(
                        f"{seat_name(i)} {'+' if p > 0 else ''}{p}" for i, p in enumerate(s["payments"])
                    )
                    + "</p>"
                )
            item.append(
                f'<div class="cp-settlement"><p class="cp-settlement__winner">{"Settlement: " if en else "结算："}'
                f"{winner}</p>"
                f"{'<ul>' + lines + '</ul>' if lines else ''}{pays}</div>"
            )
        if not item:
            item.append("Start" if en else "开局")
        out.append(f'<li id="deal-{deal_id}-{step.get("index", 0)}-static">{"".join(item)}</li>')
    out.append("</ol>")
    if len(steps) > 1:
        out.append(hands_block(steps[-1], "The hands at the end" if en else "终局时的手牌", pictures=False))
    out.append("</noscript></div>")
    return "".join(out)


def _json_data(data: Any, cls: str) -> str:
    """The widget's data as JSON in an attribute of a hidden element. Not a <script type="application/json">:
    Material's instant navigation re-creates every script in new content and would run the JSON as code."""
    text = html.escape(json.dumps(data, ensure_ascii=False, separators=(",", ":")), quote=True)
    return f'<div class="cp-widget-data {cls}" hidden data-json="{text}"></div>'


def frames_file_text(frames: dict[str, Any]) -> str:
    """The text of assets/deals/ID.json (one file per deal, shared by both languages)."""
    return json.dumps(frames, ensure_ascii=False)


def deal_html(deal_id: str, lang: str, page_url: str, *, folded: bool = False) -> str:
    """The static version, and where the viewer fetches the frames (when the deal is opened or scrolls into view:
    a page of twenty deals does not carry twenty sets of frames in its HTML). ?v= is the content's hash."""
    frames = deal_frames(deal_id)
    static = render_static(deal_id, frames, lang, page_url, folded=folded)
    digest = hashlib.sha256(frames_file_text(frames).encode("utf-8")).hexdigest()[:12]
    src = html.escape(get_relative_url(f"assets/deals/{deal_id}.json", page_url) + f"?v={digest}", quote=True)
    return static + f'<div class="cp-widget-data cp-deal-frames" hidden data-src="{src}"></div>'


# --- lessons ------------------------------------------------------------------------------------------------------


def lesson_path(lesson_id: str) -> Path:
    return _data_file(LESSONS_DIR, lesson_id, id_word="lesson", missing_word="lesson")


def lesson_data(lesson_id: str) -> dict[str, Any]:
    path = lesson_path(lesson_id)
    return _lesson_cached(path, path.stat().st_mtime_ns)


@cache
def _lesson_cached(path: Path, _mtime: int) -> dict[str, Any]:
    return load_lesson(path)


LESSON_ASKS = ("win", "points", "waits", "choice")
LESSON_SOURCES = ("discard", "own_turn", "other_turn")


def _bilingual(value: Any, where: str, *, required: bool = True) -> dict[str, str] | None:
    if value is None and not required:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("zh"), str) or not isinstance(value.get("en"), str):
        raise TutorialError(f"{where}: needs both languages, as {{zh: …, en: …}}")
    return {"zh": value["zh"], "en": value["en"]}


def engine_handle(request: dict[str, Any]) -> dict[str, Any]:
    """The same JSON facade the browser's worker calls (changpai.api.handle)."""
    from changpai import api

    return api.handle(request)


def load_lesson(path: Path) -> dict[str, Any]:
    """Read a lesson file, check every level against the engine, and return the JSON the widget reads.

    The format is documented in tutorials/README.md. Each level's stated ``answer`` must agree with what the
    engine computes for its position; the engine's verdict and explanation are embedded (``expected``,
    ``engine_lines``) so the lesson can be checked before Python has loaded in the page.
    """
    name = _relative(path)
    try:
        data, _ = read_data_file(path, "lesson")  # keys and types: schemas/lesson.schema.json
    except ChangpaiError as exc:
        raise _engine_error(path, exc) from exc
    rules = data.get("rules")
    if not isinstance(rules, str):
        raise TutorialError(f"{name}: rules: name a rule set (luzhou-a, leshan, chuopai …)")
    lesson: dict[str, Any] = {
        "id": path.stem,
        "title": _bilingual(data.get("title"), f"{name}: title"),
        "intro": _bilingual(data.get("intro"), f"{name}: intro", required=False),
        "rules": rules,
        "levels": [],
    }
    levels = data.get("levels")
    if not isinstance(levels, list) or not levels:
        raise TutorialError(f"{name}: levels: give at least one level")
    for number, raw in enumerate(levels, start=1):
        lesson["levels"].append(_lesson_level(raw, rules, f"{name}: level {number}"))
    return lesson


def _lesson_level(raw: Any, rules: str, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise TutorialError(f"{where}: a level is a mapping (goal, ask, position, answer …)")
    # keys and types are checked (with file:line) by schemas/lesson.schema.json; here, what the engine must agree with
    ask = raw.get("ask")
    level_rules = raw.get("rules", rules)
    game_asks = game_lesson_asks(level_rules)
    if ask not in LESSON_ASKS and ask not in game_asks:
        known = ", ".join((*LESSON_ASKS, *game_asks))
        raise TutorialError(f"{where}: ask must be one of {known} for {level_rules}, not {ask!r}")
    level: dict[str, Any] = {
        "ask": ask,
        "goal": _bilingual(raw.get("goal"), f"{where}: goal"),
        "hints": [_bilingual(h, f"{where}: hints[{i}]") for i, h in enumerate(raw.get("hints") or [])],
        "explain": _bilingual(raw.get("explain"), f"{where}: explain"),
        "wrong": _bilingual(raw.get("wrong"), f"{where}: wrong", required=False),
    }
    if ask in game_asks:
        return _game_level(raw, level, level_rules, where)
    position = raw.get("position") or {}
    if not isinstance(position, dict) or set(position) - {"hand", "table", "win_card", "from"}:
        raise TutorialError(f"{where}: position has hand, table, win_card and from")
    table = position.get("table") or []
    source = position.get("from", "discard")
    if source not in LESSON_SOURCES:
        raise TutorialError(f"{where}: position.from must be one of {', '.join(LESSON_SOURCES)}")
    level["position"] = {
        "hand": str(position.get("hand") or ""),
        "table": [{"set": str(m.get("set")), "cards": str(m.get("cards"))} for m in table if isinstance(m, dict)],
        "win_card": str(position["win_card"]) if position.get("win_card") else None,
        "source": source,
    }
    if len(level["position"]["table"]) != len(table):
        raise TutorialError(f"{where}: position.table: each set is {{set: pong|kong|four|eat, cards: …}}")
    answer = raw.get("answer")
    if ask == "choice":
        choices = raw.get("choices") or []
        ids = [c.get("id") for c in choices if isinstance(c, dict)]
        if len(ids) < 2 or any(not isinstance(i, str) for i in ids):
            raise TutorialError(f"{where}: a choice level needs at least two choices, each {{id, label}}")
        level["choices"] = [
            {"id": c["id"], "label": _bilingual(c.get("label"), f"{where}: choice {c['id']}")} for c in choices
        ]
        wanted = answer if isinstance(answer, list) else [answer]
        if not wanted or any(a not in ids for a in wanted):
            raise TutorialError(f"{where}: answer {answer!r} is not among the choices {ids}")
        level["expected"] = wanted
        level["answer_text"] = {
            lang: ("、" if lang == "zh" else ", ").join(c["label"][lang] for c in level["choices"] if c["id"] in wanted)
            for lang in ("zh", "en")
        }
        level["engine_lines"] = []
        return level
    request: dict[str, Any] = {
        "command": "waits" if ask == "waits" else "score",
        "rules": level_rules,
        "hand": level["position"]["hand"],
        "table": level["position"]["table"],
    }
    if ask != "waits" and level["position"]["win_card"]:
        request["win_card"] = level["position"]["win_card"]
        request["from"] = source
    response = engine_handle(request)
    if "error" in response:
        err = response["error"]
        raise TutorialError(f"{where}: the engine cannot read this position: {err.get('en')} / {err.get('zh')}")
    level["request"] = request
    if ask == "win":
        computed: Any = bool(response["win"])
        if not isinstance(answer, bool):
            raise TutorialError(f"{where}: answer must be true or false for ask: win")
        word = _win_word(level_rules)  # 和了 in Leshan, 胡了 elsewhere (the answer buttons say it too)
        level["win_word"] = word
        shown = {"zh": f"{word}了" if computed else f"没{word}", "en": "a win" if computed else "not a win"}
    elif ask == "points":
        computed = int(response["points"])
        if not isinstance(answer, int) or isinstance(answer, bool):
            raise TutorialError(f"{where}: answer must be a whole number for ask: points")
        word = _point_word(level_rules)
        level["point_word"] = word
        shown = {"zh": f"{computed} {word['zh']}", "en": f"{computed} {word['en']}"}
    else:
        # 叫牌 means waiting to win: a card that completes the sets but falls short of the minimum is no wait here.
        computed = [w["card"] for w in response.get("waits", []) if w.get("win", True)]
        try:
            stated = sorted(_cards(str(answer or ""), where))
        except TutorialError as exc:
            raise TutorialError(f"{where}: answer: {exc}") from exc
        answer = [numeral(card) for card in stated]
        computed = [numeral(card) for card in sorted(_cards("".join(computed), where))]
        shown = {"zh": "".join(computed) or "不叫牌", "en": "".join(computed) or "no card"}
    if answer != computed:
        raise TutorialError(f"{where}: the file's answer is {answer!r} but the engine computes {computed!r}")
    level["expected"] = computed
    level["answer_text"] = shown
    lines = response.get("reasons") or []
    level["engine_lines"] = [{"zh": r["zh"], "en": r["en"]} for r in lines if isinstance(r, dict)]
    level["engine_lines"] += [s["text"] for s in response.get("sets", []) if isinstance(s, dict) and "text" in s]
    return level


def _win_word(rules: str) -> str:
    """The rule set's Chinese verb for winning: a Da Er tradition's own (和 in Leshan, 胡 elsewhere), else 胡."""
    from changpai import RULESETS
    from changpai.daer.actions import native_words

    return native_words(RULESETS[rules])["win"].zh if rules in RULESETS else "胡"


def _point_word(rules: str) -> dict[str, str]:
    """The rule set's word for a hand's points: the game's own (红点点 点), else the Da Er rule set's (胡, 和)."""
    from changpai import RULESETS, lessons

    word = lessons.point_word(rules)
    if word is None and rules in RULESETS:
        word = RULESETS[rules].point_word
    return word.as_dict() if word is not None else {"zh": "胡", "en": "points"}


def game_lesson_asks(rules: Any) -> dict[str, str]:
    """The asks a game answers itself for ``rules`` (``changpai.lessons``: ask → answer form)."""
    from changpai import lessons

    return lessons.asks(rules)


def _game_level(raw: dict[str, Any], level: dict[str, Any], rules: str, where: str) -> dict[str, Any]:
    """A level whose question the game answers itself (the ``lesson`` command): the file's answer must be the
    engine's; the engine's rows, labels and choices are what the page draws."""
    request: dict[str, Any] = {"command": "lesson", "rules": rules, "ask": level["ask"]}
    request["position"] = raw.get("position") or {}
    response = engine_handle(request)
    if "error" in response:
        err = response["error"]
        raise TutorialError(f"{where}: the engine cannot read this position: {err.get('en')} / {err.get('zh')}")
    form, computed, answer = response["form"], response["value"], raw.get("answer")
    if form == "yesno" and not isinstance(answer, bool):
        raise TutorialError(f"{where}: answer must be true or false for ask: {level['ask']}")
    if form == "number" and (not isinstance(answer, int) or isinstance(answer, bool)):
        raise TutorialError(f"{where}: answer must be a whole number for ask: {level['ask']}")
    if form == "choice":
        ids = [c["id"] for c in response.get("choices", [])]
        answer = str(answer)
        if answer not in ids:
            raise TutorialError(f"{where}: answer {answer!r} is not among the choices {ids}")
    if form == "cards":
        try:
            stated = sorted(_cards(str(answer or ""), where))
        except TutorialError as exc:
            raise TutorialError(f"{where}: answer: {exc}") from exc
        answer = [numeral(card) for card in stated]
        computed = [numeral(card) for card in sorted(_cards("".join(computed), where))]
    if answer != computed:
        raise TutorialError(f"{where}: the file's answer is {answer!r} but the engine computes {computed!r}")
    level.update(
        form=form,
        request=request,
        expected=computed,
        answer_text=response["shown"],
        engine_lines=response["lines"],
        rows=response["rows"],
        position={},
    )
    for key in ("labels", "choices"):
        if key in response:
            level[key] = response[key]
    return level


def _rows_html(rows: list[dict[str, Any]], scheme: str, lang: str, page_url: str) -> str:
    """A game level's position: each row's label and its cards (numerals, or the domino faces)."""
    out = []
    for row in rows:
        if "faces" in row:
            cards = " ".join(_domino_img(f, lang, page_url) for f in row["faces"])
            cards += " " + html.escape(" ".join(f["name"] for f in row["faces"]))
        else:
            cards = cards_html(row.get("cards"), scheme, lang, page_url)
        out.append(f"<span>{_e(row['label'], lang)}{'：' if lang != 'en' else ': '}{cards}</span>")
    return "<br>".join(out)


def _domino_img(face: dict[str, Any], lang: str, page_url: str) -> str:
    """A face's picture and the engine's words for it (``chuopai.cards.PICTURE`` and ``picture_label``)."""
    pips = face["pips"]
    src = html.escape(get_relative_url(f"assets/cards/dominoes/{pips}.svg", page_url), quote=True)
    words = face.get("label")
    label = html.escape(_t(words, lang) if words else f"{face['name']}（{pips}）", quote=True)
    return f'<img class="cp-card cp-card--domino" src="{src}" alt="{label}" title="{label}" width="24" height="91">'


def _lesson_scheme(rules: str) -> str:
    """The numeral card folder for a lesson: the Da Er rule set's colours; a game of its own draws the default
    (the one cards.js falls back to as well)."""
    try:
        return scheme_for(rules)
    except ChangpaiError:
        return CARD_SCHEMES[0]


def all_lesson_ids() -> list[str]:
    return sorted(p.stem for p in LESSONS_DIR.glob("*.yml"))


def lesson_static(lesson: dict[str, Any], lang: str, page_url: str) -> str:
    """The lesson as a plain list of questions (answers folded away), for reading without scripts."""
    en = lang == "en"
    scheme = _lesson_scheme(lesson["rules"])
    items = []
    for level in lesson["levels"]:
        pos = level.get("position") or {}
        cards = _rows_html(level.get("rows") or [], scheme, lang, page_url)
        if pos.get("hand"):
            cards += cards_html(pos["hand"], scheme, lang, page_url)
        for meld in pos.get("table") or []:
            cards += " " + cards_html(meld.get("cards"), scheme, lang, page_url)
        if pos.get("win_card"):
            cards += f" {'+ ' if en else '＋ '}" + cards_html(pos["win_card"], scheme, lang, page_url)
        items.append(
            f"<li><p><strong>{_e(level['goal'], lang)}</strong></p><p>{cards}</p>"
            f"<details><summary>{'Answer' if en else '答案'}</summary>"
            f"<p>{_e(level['answer_text'], lang)} — {_e(level.get('explain'), lang)}</p></details></li>"
        )
    return (
        f'<div class="cp-lesson-static"><p><strong>{_e(lesson["title"], lang)}</strong></p>'
        f"<p>{_e(lesson.get('intro'), lang)}</p><ol>{''.join(items)}</ol></div>"
    )


def lesson_html(lesson_id: str, lang: str, page_url: str) -> str:
    lesson = lesson_data(lesson_id)
    return lesson_static(lesson, lang, page_url) + _json_data(lesson, "cp-lesson-data")


# --- shortcodes ---------------------------------------------------------------------------------------------------


def _one_id(args: list[str], what: str) -> str:
    if len(args) != 1:
        raise ValueError(f"{what} takes one id, got {args!r}")
    return args[0]


@shortcode("deal")
def deal_shortcode(args: list[str], lang: str, page) -> str:
    deal_id = _one_id(args, "deal")
    deal_path(deal_id)  # fail here, with the page's line, if the file is missing
    return f'<div class="cp-deal" data-cp-widget="deal" data-deal="{deal_id}" id="deal-{deal_id}"></div>'


@shortcode("lesson")
def lesson_shortcode(args: list[str], lang: str, page) -> str:
    lesson_id = _one_id(args, "lesson")
    lesson_path(lesson_id)
    return (
        f'<div class="cp-lesson-widget" data-cp-widget="lesson" data-lesson="{lesson_id}" id="lesson-{lesson_id}">'
        "</div>"
    )


@shortcode("calculator")
def calculator_shortcode(args: list[str], lang: str, page) -> str:
    rules = args[0] if args else "luzhou-a"
    hand = args[1] if len(args) > 1 else ""
    hdd_hand = args[2] if len(args) > 2 else ""  # the sample shown when the reader picks 红点点 (16 cards)
    en = lang == "en"
    fallback = (
        "The hand calculator needs JavaScript and the in-page rules engine."
        if en
        else "手牌计算器需要 JavaScript 和页面内的规则引擎。"
    )
    return (
        f'<div class="cp-calc-widget" data-cp-widget="calculator" data-rules="{html.escape(rules)}" '
        f'data-hand="{html.escape(hand)}"'
        + (f' data-hand-hongdiandian="{html.escape(hdd_hand)}"' if hdd_hand else "")
        + f"><noscript><p>{fallback}</p></noscript></div>"
    )


@shortcode("deal-gallery")
def deal_gallery(args: list[str], lang: str, page) -> str:
    """Every tutorial deal, grouped by tradition, each folded in a <details> with its viewer."""
    en = lang == "en"
    rules_names = engine_names()["rules"]
    order = list(rules_names)
    groups: dict[str, list[tuple[str, dict[str, Any]]]] = {}  # by the tradition's name (the engine's), as JSON
    for deal_id in all_deal_ids():
        frames = deal_frames(deal_id)
        tradition = rules_names[frames["rules"]].get("tradition", rules_names[frames["rules"]]["title"])
        groups.setdefault(json.dumps(tradition, ensure_ascii=False), []).append((deal_id, frames))
    if not groups:  # before the first tutorial is written; tests check that the gallery is not empty
        log.info("ext_tutorials: no tutorials in tutorials/deals/ yet")
        return "*(No annotated deals yet.)*" if en else "*（还没有带讲解的牌局。）*"
    out = []
    first_rules = {t: min(order.index(frames["rules"]) for _, frames in deals) for t, deals in groups.items()}
    for tradition, deals in sorted(groups.items(), key=lambda group: first_rules[group[0]]):
        name = json.loads(tradition)
        out.append(f"\n\n## {_e(name, lang)}\n\n")
        for deal_id, frames in deals:
            steps = len(frames["steps"]) - 1
            questions = sum(1 for s in frames["steps"] if s.get("question"))
            summary = (
                f"{_e(frames['title'], lang)} <small>({steps} steps, "
                f"{questions} question{'' if questions == 1 else 's'})</small>"
                if en
                else f"{_e(frames['title'], lang)} <small>（{steps} 步，{questions} 道题）</small>"
            )
            out.append(
                f'<details class="cp-gallery__item" id="gallery-{deal_id}">'
                f'<summary class="cp-nolink">{summary}</summary>\n'
                f'<div class="cp-deal" data-cp-widget="deal" data-deal="{deal_id}" data-folded="1"'
                f' id="deal-{deal_id}"></div>\n'
                "</details>\n"
            )
    return "".join(out)


@shortcode("lesson-list")
def lesson_list(args: list[str], lang: str, page) -> str:
    ids = all_lesson_ids()
    if not ids:
        log.info("ext_tutorials: no lessons in tutorials/lessons/ yet")
        return "*(No lessons yet.)*" if lang == "en" else "*（还没有小课。）*"
    return "\n\n".join(
        f'<div class="cp-lesson-widget" data-cp-widget="lesson" data-lesson="{i}" id="lesson-{i}"></div>' for i in ids
    )


# --- MkDocs events --------------------------------------------------------------------------------------------------


def on_page_content(html_text: str, page, config, files) -> str:
    """Fill every deal/lesson widget element with its data and a static, readable version."""
    lang = page_lang(page)
    source = f"docs/{page.file.src_uri}"

    def fill(match: re.Match[str]) -> str:
        attrs = dict(ATTR.findall(match.group("attrs")))
        kind = match.group("kind")
        key = "data-deal" if kind == "deal" else "data-lesson"
        item_id = attrs.get(key)
        if not item_id:
            raise TutorialError(f"{source}: a {kind} widget needs a {key} attribute: {match.group(0)}")
        try:
            body = (
                deal_html(item_id, lang, page.url, folded="data-folded" in attrs)
                if kind == "deal"
                else lesson_html(item_id, lang, page.url)
            )
        except TutorialError as exc:
            raise TutorialError(f"{source}: {kind} {item_id!r}: {exc}") from exc
        opening = match.group(0)
        if "id=" not in match.group("attrs"):
            opening = opening[:-1] + f' id="{kind}-{item_id}">'
        return opening + body

    return WIDGET_TAG.sub(fill, html_text)


def on_post_page(output: str, page, config) -> str:
    """Tell cards.js which card image sets exist, so it never requests a missing file."""
    meta = f'<meta name="cp-card-schemes" content="{" ".join(available_schemes())}">'
    names = json.dumps(engine_names(), ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    data = f'<script type="application/json" id="cp-engine-names">{names}</script>'
    return output.replace("</head>", meta + data + "</head>", 1)


def on_post_build(config) -> None:
    """Also publish each deal's frames as a file (assets/deals/ID.json) for other uses (kiosk, tests)."""
    out_dir = Path(config["site_dir"]) / "assets" / "deals"
    ids = all_deal_ids()
    if not ids:
        return
    try:
        from changpai.daer import record  # noqa: F401
    except ImportError:
        log.warning("ext_tutorials: changpai.daer.record is missing; deal frames not written")
        return
    out_dir.mkdir(parents=True, exist_ok=True)
    for deal_id in ids:
        frames = deal_frames(deal_id)
        (out_dir / f"{deal_id}.json").write_text(frames_file_text(frames), encoding="utf-8")
