"""Annotated matches at build time: several deals in a row at one table (``tutorials/matches/ID.yml``).

* ``{{cp match ID}}`` — the match record is read strictly (``schemas/match-record.schema.json``) and checked by the
  engine (``changpai.daer.match.replay_match``: every deal replayed, each shuffled and dealt by the seat the
  tradition names after the one before, the score after each deal following from the payments). A broken record
  fails the build with ``file: match deal N step M: reason (file:line)``.
* The page gets, readable without any script, the list of deals as a table (who shuffled, who dealt, who won, each
  seat's score after the deal) and, folded under it, each deal's first frame (the hands as dealt) with its notes.
* ``docs/assets/widgets/match-viewer.js`` turns the table into a chooser: a chosen deal opens in the step-through
  deal viewer (``deal-viewer.js``, not a copy), which fetches that deal's frames when it is opened.
* Published: ``assets/matches/ID.json`` (the match as the viewer reads it, ``schemas/match-view.schema.json``) and
  ``assets/matches/ID/N.json`` (deal N's frames, the deal viewer's format, ``schemas/frames.schema.json``).
"""

from __future__ import annotations

import hashlib
import html
import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

from changpai.core.table import DEALER
from changpai.core.text import ChangpaiError
from changpai.daer.traditions import get_rules
from mkdocs.utils import get_relative_url

from sitebuild.ext_tutorials import (
    TUTORIALS_DIR,
    TutorialError,
    _check_frames,
    _data_file,
    _e,
    _relative,
    cards_html,
    engine_names,
    frames_file_text,
    scheme_for,
    unfolded_when_opened,
)
from sitebuild.hooks import page_lang
from sitebuild.schemas import read_data_file, validate
from sitebuild.shortcodes import shortcode

# A tutorials folder named for tests (CHANGPAI_TUTORIALS_DIR) may hold matches of its own; without them, the repo's.
MATCHES_DIR = next(
    d
    for d in (TUTORIALS_DIR / "matches", Path(__file__).resolve().parent.parent / "tutorials" / "matches")
    if d.is_dir()
)
OUT_FOLDER = "assets/matches"
WIDGET_TAG = re.compile(r"<div\b(?P<attrs>[^>]*\bdata-cp-widget=\"match\"[^>]*)>")
MATCH_ATTR = re.compile(r'data-match="([^"]*)"')
DEAL_WORD_ATTR = re.compile(r'data-deal-word="([^"]*)"')
DEAL_WORD = "盘"  # what a page calls one deal of a sitting, unless it names the tradition's own word (乐山: 局)
DEAL_WORDS = re.compile(r"[\u4e00-\u9fff]{1,2}")
# The engine's located match errors: deals[N], deals[N].deal (file:line): step M, deals[N].totals (file:line) …
ENGINE_WHERE = re.compile(r"^deals\[(?P<n>\d+)\](?:\.(?P<part>\w+))?(?: \((?P<at>[^)]*)\))?(?:: (?P<rest>.*))?$")
STEP = re.compile(r"^step (?P<m>\d+)")

UI = {
    "zh": {
        "caption": "每一{w}打完后各家的总分（括号里是这一{w}的输赢）",
        "deal": "{w}",
        "shuffler": "洗牌",
        "nobody": "没人",
        "deal_n": "第 {n} {w}",
        "dealt": "开局时的手牌",
        "steps": "讲到的几步",
        "result": "结果",
        "frames_note": "打开 JavaScript，可以一步一步看每一{w}。",
        "caption_race": "每一{w}打完后各家的子（括号里是这一{w}得的子，被抄是负数）；不付钱，谁先满目标谁胜",
        "needs": "要满 {n}",
        "stopped": "最后一{w}没打完就结束了",
        "race_won": "{who}胜：先满 {n} 子",
        "caption_people": "每一{w}打完后各人的总分（人按第一{w}坐的座位称呼，输赢跟人走，不跟座位；"
        "括号里是这一{w}的输赢）",
        "reseat": "第 {n} {w}起换座",
        "reseat_who": "（{seats}座上依次是{people}）",
    },
    "en": {
        "caption": "Each seat's score after every deal (in brackets, what the deal itself paid)",
        "deal": "Deal",
        "shuffler": "Shuffled",
        "nobody": "nobody",
        "deal_n": "Deal {n}",
        "dealt": "The hands as dealt",
        "steps": "Steps the notes discuss",
        "result": "Result",
        "frames_note": "With JavaScript on, every deal can be stepped through.",
        "caption_race": "Each seat's points (子) after every deal (in brackets, the points made in that deal; "
        "a 抄 is negative); nobody pays, the first to reach the target wins",
        "needs": "needs {n}",
        "stopped": "the last deal was left unfinished",
        "race_won": "{who} wins, the first to reach {n} 子",
        "caption_people": "Each player's score after every deal (players are named by their seat at the first deal; "
        "the score follows the player, not the seat; in brackets, what the deal itself paid)",
        "reseat": "seats change from deal {n}",
        "reseat_who": " (seats {seats} now hold {people})",
    },
}


class MatchBuildError(TutorialError):
    """A match that cannot be shown; the message is ``file: match deal N step M: reason (file:line)``."""


def match_path(match_id: str) -> Path:
    return _data_file(MATCHES_DIR, match_id, id_word="match", missing_word="match")


def all_match_ids() -> list[str]:
    return sorted(p.stem for p in MATCHES_DIR.glob("*.yml"))


def deal_id(match_id: str, number: int) -> str:
    """The id the deal viewer knows deal ``number`` (from 1) of a match by; its steps are ``#deal-ID-M``."""
    return f"match-{match_id}-{number}"


def match_view(match_id: str) -> dict[str, Any]:
    """The match as the viewer reads it, and every deal's frames: ``{"view": …, "frames": [...]}``."""
    path = match_path(match_id)
    return _match_cached(path, path.stat().st_mtime_ns)


@cache
def _match_cached(path: Path, _mtime: int) -> dict[str, Any]:
    from changpai.core.match import reseat_of
    from changpai.daer import record
    from changpai.daer.match import MatchRecord, match_rules, replay_match

    name = _relative(path)
    try:
        data, lines = read_data_file(path, "match-record")
    except ChangpaiError as exc:
        raise MatchBuildError(f"{exc.where}: {exc.text.en} / {exc.text.zh}") from exc
    try:
        match = MatchRecord.from_data(data, lines=lines, name=name)
        deals, ledger = replay_match(match)
        # A race (一百): each deal's frames show the sitting's running 子, carried from deal to deal.
        sitting = get_rules(match.rules).variant.sitting
        race = sitting.new_race(match.players, match.options) if sitting is not None else None
        frames, scored, targets = [], [], []
        for _, deal_record, _ in match.deals:
            start, was = (len(race.log), list(race.totals)) if race is not None else (0, [])
            frames.append(record.frames(deal_record, race=race))
            if race is not None:
                scored.append(_score_events(race.log[start:], was))
                targets.append(list(race.targets))
    except ChangpaiError as exc:
        raise MatchBuildError(located(exc, name, lines)) from exc
    for n, one in enumerate(frames, start=1):
        _check_frames(Path(f"{name}: match deal {n}"), one)
    # The tradition's own words for the table's headings, from the engine.
    rules_names = engine_names()["rules"][match.rules]
    seat_names = [s["name"] for s in frames[0]["seats"]]
    rules_of_sitting = match_rules(match.rules, len(match.deals), match.options)
    first = rules_of_sitting.first(match.players, random.Random(0))
    # Where the table may change seats, the score is each person's and every deal says who sat where.
    by_person = reseat_of(rules_of_sitting) is not None or bool(match.people)
    dealer_word = next(s["role_name"] for s in frames[0]["seats"] if s["role"] == DEALER)
    view_deals = []
    before = [0] * match.players
    for n, ((shuffler, deal_record, totals), deal, one) in enumerate(
        zip(match.deals, deals, frames, strict=True), start=1
    ):
        paid = [after - was for after, was in zip(ledger.history[n - 1], before, strict=True)]
        before = list(ledger.history[n - 1])
        view_deals.append(
            {
                "number": n,
                "id": deal_id(path.stem, n),
                "title": deal_record.title.as_dict() if deal_record.title else {"zh": f"第 {n} 盘", "en": f"Deal {n}"},
                "intro": one["steps"][0].get("note"),
                "shuffler": shuffler,
                "dealer": deal.table.dealer,
                "roles": [{"role": s["role"], "name": s["role_name"]} for s in one["seats"]],
                "winner": None if deal.win is None else deal.win.seat,
                "payments": paid,  # what the deal paid, as the ledger added it
                "totals": list(totals),
                "steps": len(one["steps"]) - 1,
                "frames": f"{path.stem}/{n}.json?v={_digest(frames_file_text(one))}",
            }
        )
        if by_person:
            view_deals[-1]["people"] = list(match.sitters(n - 1))
            view_deals[-1]["reseat"] = n > 1 and match.sitters(n - 1) != match.sitters(n - 2)
        if race is not None:
            view_deals[-1]["score_events"] = scored[n - 1]
            view_deals[-1]["targets"] = targets[n - 1]
            # the sitting was won in this deal before the deal itself was over (at the pick-up or mid-play)
            view_deals[-1]["stopped"] = n == len(match.deals) and race.winner is not None and not deal.over
    view = {
        "id": path.stem,
        "rules": match.rules,
        "tradition": rules_names["tradition"],
        "title": match.title.as_dict() if match.title else rules_names["title"],
        "intro": match.intro.as_dict() if match.intro else None,
        "players": match.players,
        "seats": seat_names,
        "shows_shuffler": first.dealer is None,  # the cut, not the shuffler, picks the dealer
        "words": {
            "win": rules_names["words"]["win"],
            "dealer": dealer_word,
        },
        "deals": view_deals,
        "totals": list(ledger.totals),
        "ledger": "race" if race is not None else "payments",
    }
    if by_person:  # the totals are each person's (person N: who sat in seat N at the first deal)
        view["by_person"] = True
    if race is not None:  # 一百: each seat's target (raised by 抄) and who reached it
        view["target"] = race.target
        view["targets"] = list(race.targets)
        view["race_winner"] = race.winner
    validate(view, "match-view", f"{name}: the published match")
    return {"view": view, "frames": frames}


def _score_events(log: list[Any], totals: list[int]) -> list[dict[str, Any]]:
    """A race's 子 of one deal, in order, each with every seat's total after it (``totals``: before the deal)."""
    out = []
    running = list(totals)
    for score in log:
        running[score.seat] += score.points
        out.append(
            {
                "step": score.step,
                "seat": score.seat,
                "points": score.points,
                "label": score.text().as_dict(),
                "totals": list(running),
            }
        )
    return out


def located(exc: ChangpaiError, name: str, lines: dict[tuple[str | int, ...], int]) -> str:
    """``file: match deal N step M: reason (file:line)`` from the engine's located error (deals and steps from 1)."""
    where = exc.where or ""
    reason = f"{exc.text.en} / {exc.text.zh}"
    found = ENGINE_WHERE.match(where)
    if not found:
        return f"{name}: match: {where + ': ' if where else ''}{reason}"
    n = int(found.group("n"))
    label = f"match deal {n + 1}"
    line = lines.get(("deals", n))
    at = found.group("at") or ""
    if at.startswith(f"{name}:"):
        line = int(at.rsplit(":", 1)[1])
    part, rest = found.group("part"), found.group("rest") or ""
    step = STEP.match(rest)
    if step:
        m = int(step.group("m"))
        label += f" step {m}"
        line = lines.get(("deals", n, "deal", "steps", m - 1), line)
        rest = rest[step.end() :].lstrip(" :")
    elif part and part not in ("deal", "people"):  # who sat where: the deal's own fault, "match deal N: …"
        label += f" {part}"
    if rest:
        reason = f"{rest}: {reason}"
    if line and f"{name}:" not in reason:
        reason += f" ({name}:{line})"
    return f"{name}: {label}: {reason}"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


# --- the page: a table and each deal's first frame, readable without script ------------------------------------


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _ui(lang: str, word: str) -> dict[str, str]:
    return {key: text.replace("{w}", word) for key, text in UI[lang].items()}


def match_static(
    view: dict[str, Any], frames: list[dict[str, Any]], lang: str, page_url: str, word: str = DEAL_WORD
) -> str:
    ui = _ui(lang, word)
    seats = view["seats"]
    race = view.get("ledger") == "race"  # 一百: each seat's own 子 and target, nobody pays
    head = [f'<th scope="col">{ui["deal"]}</th>']
    if view["shows_shuffler"]:
        head.append(f'<th scope="col">{ui["shuffler"]}</th>')
    head.append(f'<th scope="col">{_e(view["words"]["dealer"], lang)}</th>')
    head.append(f'<th scope="col">{_e(view["words"]["win"], lang)}</th>')
    head += [f'<th scope="col" class="cp-match__seat">{_e(s, lang)}</th>' for s in seats]
    rows = []
    for deal in view["deals"]:
        n = deal["number"]
        # who: a seat's sitter, named as a person (while nobody moves, person N sits in seat N)
        people = deal.get("people") or list(range(len(seats)))
        if deal.get("reseat"):
            rows.append(
                f'<tr class="cp-match__reseat" data-reseat="{n}"><td colspan="{len(head)}">'
                f"{_reseat_line(ui, n, seats, people, lang)}</td></tr>"
            )
        cells = [f'<th scope="row"><a href="#match-{view["id"]}-{n}">{n}</a></th>']
        if view["shows_shuffler"]:
            cells.append(f"<td>{_e(seats[people[deal['shuffler']]], lang)}</td>")
        cells.append(f"<td>{_e(seats[people[deal['dealer']]], lang)}</td>")
        winner = deal["winner"]
        cells.append(f"<td>{_e(seats[people[winner]], lang) if winner is not None else ui['nobody']}</td>")
        for seat, (total, paid) in enumerate(zip(deal["totals"], deal["payments"], strict=True)):
            needs = ""
            if race and deal["targets"][seat] != view["target"]:
                needs = f' <span class="cp-match__target">{ui["needs"].format(n=deal["targets"][seat])}</span>'
            cells.append(
                f'<td class="cp-match__score"><span class="cp-match__total">{total}</span> '
                f'<span class="cp-match__change">({_signed(paid)})</span>{needs}</td>'
            )
        rows.append(f'<tr data-deal="{n}">{"".join(cells)}</tr>')
    caption = ui["caption_race"] if race else ui["caption_people"] if view.get("by_person") else ui["caption"]
    table = (
        f'<table class="cp-match__table"><caption>{caption}</caption>'
        f"<thead><tr>{''.join(head)}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    deals = "".join(_deal_static(view, deal, frames[deal["number"] - 1], lang, page_url, ui) for deal in view["deals"])
    intro = f'<p class="cp-match__intro">{_e(view["intro"], lang)}</p>' if view.get("intro") else ""
    if race and view.get("race_winner") is not None:
        who = _e(seats[view["race_winner"]], lang)
        won = ui["race_won"].format(who=who, n=view["targets"][view["race_winner"]])
        last = view["deals"][-1]
        if last.get("stopped"):
            won += "；" if lang == "zh" else "; "
            won += ui["stopped"]
        table += f'<p class="cp-match__race-end">{won}</p>'
    return (
        f'<div class="cp-match-static"><p class="cp-match__title"><strong>{_e(view["title"], lang)}</strong></p>'
        f"{intro}{table}{deals}<noscript><p>{ui['frames_note']}</p></noscript></div>"
    )


def _reseat_line(ui: dict[str, str], n: int, seats: list[Any], people: list[int], lang: str) -> str:
    """第 N 盘起换座 / seats change from deal N, and who now sits in each seat."""
    sep = "" if lang == "zh" else " "
    who = ui["reseat_who"].format(
        seats=sep.join(_e(s, lang) for s in seats), people=sep.join(_e(seats[p], lang) for p in people)
    )
    return ui["reseat"].format(n=n) + who


def _deal_static(
    view: dict[str, Any], deal: dict[str, Any], frames: dict[str, Any], lang: str, page_url: str, ui: dict[str, str]
) -> str:
    """One deal folded: its note, the hands as dealt (the first frame), the steps the notes discuss, the result."""
    scheme = scheme_for(frames["rules"])
    seats = view["seats"]
    first = frames["steps"][0]
    hands = []
    for seat, hand in enumerate(first["state"]["hands"]):
        role = _e(deal["roles"][seat]["name"], lang)
        shown = cards_html(hand, scheme, lang, page_url) if hand else "—"
        role = f" ({role}) " if lang == "en" else f"（{role}）"
        hands.append(f"<li><strong>{_e(seats[seat], lang)}</strong>{role}{shown}</li>")
    noted = []
    for step in frames["steps"][1:]:
        if not step.get("note"):
            continue
        action = step.get("action") or {}
        cards = cards_html(action["cards"], scheme, lang, page_url) if action.get("cards") else ""
        noted.append(
            f'<li value="{step["index"]}" id="{deal["id"]}-{step["index"]}-static">'
            f"<strong>{_e(action.get('label'), lang)}</strong> {cards}<p>{_e(step['note'], lang)}</p></li>"
        )
    settlement = frames["steps"][-1].get("settlement") or {}
    said = [*settlement.get("lines", []), *([settlement["outcome"]] if settlement.get("outcome") else [])]
    lines = said or [e for step in frames["steps"] for e in step.get("events") or [] if e.get("code") == "score-end"]
    result = "".join(f"<li>{_e(line, lang)}</li>" for line in lines)
    title = _e(deal["title"], lang)
    intro = f"<p>{_e(deal['intro'], lang)}</p>" if deal.get("intro") else ""
    steps = f'<p><strong>{ui["steps"]}</strong></p><ol class="cp-match__steps">{"".join(noted)}</ol>' if noted else ""
    inside = (  # (the match viewer hides the whole static version: its folded deals wait as text until opened)
        f'{intro}<p><strong>{ui["dealt"]}</strong></p><ul class="cp-match__hands">{"".join(hands)}</ul>'
        f"{steps}<p><strong>{ui['result']}</strong></p><ul>{result}</ul>"
    )
    return (
        f'<details class="cp-match__deal-static" id="match-{view["id"]}-{deal["number"]}">'
        f'<summary class="cp-nolink">{title}</summary>{unfolded_when_opened(inside)}</details>'
    )


def match_html(match_id: str, lang: str, page_url: str, word: str = DEAL_WORD) -> str:
    """The static version, and the match as the widget reads it, with each deal's frames' address from this page."""
    built = match_view(match_id)
    view = json.loads(json.dumps(built["view"]))
    for deal in view["deals"]:
        deal["src"] = get_relative_url(f"{OUT_FOLDER}/{deal['frames']}", page_url)
    text = html.escape(json.dumps(view, ensure_ascii=False, separators=(",", ":")), quote=True)
    data = f'<div class="cp-widget-data cp-match-data" hidden data-json="{text}"></div>'
    return match_static(built["view"], built["frames"], lang, page_url, word) + data


@shortcode("match")
def match_shortcode(args: list[str], lang: str, page: Any) -> str:
    """``{{cp match ID}}``, or ``{{cp match ID 局}}``: the tradition's word for one deal (盘 unless said)."""
    if not 1 <= len(args) <= 2 or (len(args) == 2 and not DEAL_WORDS.fullmatch(args[1])):
        raise ValueError(f"match takes an id and, optionally, the word for a deal (one or two characters): {args!r}")
    match_path(args[0])  # fail here, with the page's line, if the file is missing
    word = f' data-deal-word="{args[1]}"' if len(args) == 2 else ""
    return f'<div class="cp-match" data-cp-widget="match" data-match="{args[0]}" id="match-{args[0]}"{word}></div>'


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    lang = page_lang(page)
    source = f"docs/{page.file.src_uri}"

    def fill(found: re.Match[str]) -> str:
        if "data-cp-filled" in found.group("attrs"):  # filled by its game's own builder (ext_chuopai_match)
            return found.group(0)
        match_id = MATCH_ATTR.search(found.group("attrs"))
        if not match_id:
            raise MatchBuildError(f"{source}: a match widget needs a data-match attribute: {found.group(0)}")
        try:
            word = DEAL_WORD_ATTR.search(found.group("attrs"))
            body = match_html(match_id.group(1), lang, page.url, word.group(1) if word else DEAL_WORD)
        except TutorialError as exc:
            raise MatchBuildError(f"{source}: match {match_id.group(1)!r}: {exc}") from exc
        return found.group(0) + body

    return WIDGET_TAG.sub(fill, html_text)


def on_post_build(config: Any) -> None:
    """``assets/matches/ID.json`` and each deal's frames, ``assets/matches/ID/N.json``."""
    out_dir = Path(config["site_dir"]) / OUT_FOLDER
    for match_id in all_match_ids():
        built = match_view(match_id)
        (out_dir / match_id).mkdir(parents=True, exist_ok=True)
        (out_dir / f"{match_id}.json").write_text(json.dumps(built["view"], ensure_ascii=False), encoding="utf-8")
        for n, one in enumerate(built["frames"], start=1):
            (out_dir / match_id / f"{n}.json").write_text(frames_file_text(one), encoding="utf-8")
