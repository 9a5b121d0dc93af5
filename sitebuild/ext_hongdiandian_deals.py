"""红点点 annotated deals at build time: ``{{cp hongdiandian-deal ID}}`` shows ``tutorials/hongdiandian/ID.yml``.

The record is replayed by the engine (``changpai.hongdiandian.record.frames``); every frame is turned into what the
visitor reads (the seat's name and the tradition's word for each action, the units' names, the result's red points,
class and 层), and the lot is written to ``assets/hongdiandian/ID.json`` for the viewer
(``docs/assets/widgets/hongdiandian-viewer.js``), which fetches it when the deal comes near the screen. The first
frame and every step's action and note are rendered here as HTML with the site's card images, so the deal reads
before, or without, JavaScript. A record the engine refuses fails the build with the file, its line and the step.
Step *n* has the address ``#hdd-deal-ID-n``.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

from changpai import yamlfile
from changpai.core.table import ROLE_NAMES, seat_name
from changpai.core.text import ChangpaiError
from changpai.hongdiandian import record
from changpai.hongdiandian.actions import WORDS, Action
from changpai.hongdiandian.rules import get_rules
from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

from sitebuild import card_art
from sitebuild.ext_tutorials import cards_html
from sitebuild.hooks import page_lang
from sitebuild.shortcodes import shortcode

REPO_ROOT = Path(__file__).resolve().parent.parent
# Another folder can be named for tests (e.g. one holding a deliberately broken record).
DEALS_DIR = Path(os.environ.get("CHANGPAI_HDD_DEALS_DIR") or REPO_ROOT / "tutorials" / "hongdiandian")
OUT_FOLDER = "assets/hongdiandian"
SAFE_ID = re.compile(r"[a-z0-9][a-z0-9_-]*")
WIDGET_TAG = re.compile(r"<div\b(?P<attrs>[^>]*\bdata-cp-widget=\"hdd-deal\"[^>]*)>")
DEAL_ATTR = re.compile(r"\bdata-deal=\"([^\"]*)\"")
LANG_ATTR = re.compile(r"\bdata-lang=\"(zh|en)\"")  # a deal drawn in the other language (the kiosk holds both)
# 红点点 is played with the numeral cards in Wuchuan's colours (the Wuchuan Da Er rule set's colour rule).
SCHEME = card_art.scheme_folder("wuchuan")

# What the laid units are called (the engine's unit kinds, changpai.hongdiandian.hand).
UNIT_NAMES = {
    "pair": {"zh": "一对", "en": "a pair"},
    "kan": {"zh": "坎", "en": "坎 (three alike)"},
    "kan2": {"zh": "两坎并排", "en": "two 坎 side by side"},
    "four": {"zh": "四张", "en": "four alike"},
}


class HddDealError(PluginError):
    """A 红点点 record that cannot be shown; the message names the file, the line, the step and the reason."""


def _relative(path: Path) -> str:
    try:
        return str(path.relative_to(REPO_ROOT))
    except ValueError:
        return str(path)


def deal_path(deal_id: str) -> Path:
    if not SAFE_ID.fullmatch(deal_id):
        raise HddDealError(f"红点点 deal id {deal_id!r}: use lower-case letters, digits, '-' or '_'")
    path = DEALS_DIR / f"{deal_id}.yml"
    if not path.is_file():
        known = ", ".join(all_deal_ids()) or "none"
        raise HddDealError(f"{_relative(path)}: no such 红点点 record (known: {known})")
    return path


def all_deal_ids() -> list[str]:
    return sorted(p.stem for p in DEALS_DIR.glob("*.yml"))


def deal_view(deal_id: str) -> dict[str, Any]:
    path = deal_path(deal_id)
    return _view_cached(path, path.stat().st_mtime_ns)


def _located(exc: ChangpaiError, name: str, lines: yamlfile.Lines) -> str:
    where = exc.where or ""
    reason = f"{exc.text.en} / {exc.text.zh}"
    if where.startswith(f"{name}:"):
        return f"{where}: {reason}"
    head = where.split(":")[0].strip()
    keys: tuple[Any, ...] = tuple(int(k) if k.isdigit() else k for k in head.split(".") if k)
    line = yamlfile.line_of(lines, keys) if keys else 1
    step = f"step {keys[1] + 1}: " if len(keys) > 1 and keys[0] == "steps" and isinstance(keys[1], int) else ""
    return f"{name}:{line}: {step}{where + ': ' if where else ''}{reason}"


@cache
def _view_cached(path: Path, _mtime: int) -> dict[str, Any]:
    name = _relative(path)
    lines: yamlfile.Lines = {}
    try:
        data, lines = yamlfile.read_located(path, name)
        frames = record.frames(data)
        deal, _ = record.replay(data)
    except ChangpaiError as exc:
        raise HddDealError(_located(exc, name, lines)) from exc
    except Exception as exc:  # anything else the engine did not expect still names the file
        raise HddDealError(f"{name}: {type(exc).__name__}: {exc}") from exc
    return build_view(frames, deal.dealer, name)


def _action_text(do: str, names: list[dict[str, str]]) -> dict[str, str]:
    """The step as the visitor reads it: the seat's name, the tradition's word, the card (no seat numbers)."""
    action = Action.parse(do)
    word = WORDS[action.kind]
    who = names[action.seat]
    card = "" if action.card is None else f" {action.card}"
    return {"zh": f"{who['zh']} {word.zh}{card}", "en": f"{who['en']}: {word.en}{card}"}


def _units(melds: list[list[dict[str, str]]], where: str) -> list[list[dict[str, Any]]]:
    out = []
    for seat in melds:
        row = []
        for unit in seat:
            kind = unit.get("set")
            if kind not in UNIT_NAMES:
                raise HddDealError(f"{where}: the engine laid a unit of unknown kind {kind!r}")
            row.append({"kind": kind, "name": UNIT_NAMES[kind], "cards": unit.get("cards", "")})
        out.append(row)
    return out


def _result(settlement: dict[str, Any] | None, names: list[dict[str, str]], where: str) -> dict[str, Any] | None:
    if settlement is None:
        return None
    kind = settlement.get("type")
    seat = settlement.get("seat")
    if kind == "win":
        score = settlement["score"]
        cls = score.get("class") or {}
        if not isinstance(score.get("points"), int) or not isinstance(settlement.get("layers"), int):
            raise HddDealError(f"{where}: the win has no red points or no 层")
        return {
            "type": "win",
            "seat": seat,
            "name": names[seat],
            "points": score["points"],
            "class": cls.get("name"),
            "when": cls.get("when"),
            "layers": settlement["layers"],
            "hua": bool(score.get("hua")),
            "split": score.get("split", []),
            "paid_by": [names[i] for i in settlement.get("paid_by", [])],
        }
    if kind == "bao":
        rule = settlement.get("rule") or {}
        return {
            "type": "bao",
            "seat": seat,
            "name": names[seat],
            "rule": rule.get("name"),
            "pays": [names[i] for i in settlement.get("pays", [])],
        }
    return {"type": str(kind), "seat": seat}


def _events(events: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The rule events worth a line of their own (a 包牌 with the engine's reason)."""
    out = []
    for event in events or []:
        if event.get("type") == "bao":
            rule = event.get("rule") or {}
            name = rule.get("name") or {}
            detail = event.get("detail") or {}
            out.append(
                {
                    "zh": f"包牌：{name.get('zh', '')}。{detail.get('zh', '')}",
                    "en": f"包牌 ({name.get('en', '')}): {detail.get('en', '')}",
                }
            )
    return out


def build_view(frames: dict[str, Any], dealer: int, name: str) -> dict[str, Any]:
    """What the viewer shows, frame by frame, from the engine's frames; a frame the viewer cannot draw fails."""
    steps = frames.get("steps") or []
    if not steps:
        raise HddDealError(f"{name}: the deal has no frames")
    players = len(steps[0]["state"]["hands"])
    names = [seat_name(s).as_dict() for s in range(players)]
    rules = get_rules(frames["rules"])
    seats = [
        {
            "seat": s,
            "name": names[s],
            "role": (ROLE_NAMES["dealer"] if s == dealer else ROLE_NAMES["player"]).as_dict(),
            "dealer": s == dealer,
        }
        for s in range(players)
    ]
    result = _result(frames.get("settlement"), names, f"{name}: the end")
    out_steps = []
    for i, frame in enumerate(steps):
        where = f"{name}: step {i}"
        state = frame.get("state") or {}
        hands = state.get("hands")
        if not isinstance(hands, list) or len(hands) != players:
            raise HddDealError(f"{where}: the frame has no hands for {players} seats")
        offer = state.get("offer")
        step: dict[str, Any] = {
            "index": i,
            "action": _action_text(frame["do"], names) if frame.get("do") else None,
            "seat": Action.parse(frame["do"]).seat if frame.get("do") else None,
            "note": frame.get("note"),
            "question": frame.get("question"),
            "events": _events(frame.get("events") or []),
            "hands": hands,
            "units": _units(state.get("melds") or [[] for _ in range(players)], where),
            "offer": None
            if not offer
            else {"card": offer["card"], "from": names[offer["from"]], "turned": bool(offer.get("turned"))},
            "stock_left": state.get("stock_left"),
            "to_move": [names[s] for s in state.get("to_move") or []],
        }
        q = step["question"]
        if q is not None and (not q.get("choices") or not q.get("answer")):
            raise HddDealError(f"{where}: the question has no choices or no answer")
        if q is not None:
            labels = {c["id"]: c["label"] for c in q["choices"]}
            q["choices"] = [{"id": str(k), "label": v, "right": k in q["answer"]} for k, v in labels.items()]
        out_steps.append(step)
    if result is not None and frames["steps"][-1].get("state", {}).get("phase") == "over":
        out_steps[-1]["result"] = result
    return {
        "game": "hongdiandian",
        "rules": {"title": rules.title.as_dict()},
        "title": frames.get("title") or rules.title.as_dict(),
        "seats": seats,
        "steps": out_steps,
    }


# --- the static version ----------------------------------------------------------------------------------------------


def _t(value: Any, lang: str) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return str(value.get(lang) or value.get("zh") or "")


def _e(value: Any, lang: str) -> str:
    return html.escape(_t(value, lang))


def result_html(result: dict[str, Any], lang: str, page_url: str) -> str:
    en = lang == "en"
    if result["type"] == "win":
        head = (
            f"{_e(result['name'], lang)} wins: {result['points']} red points, {_e(result['class'], lang)}, "
            f"{result['layers']} 层"
            if en
            else f"{_e(result['name'], lang)} 胡：{result['points']} 点红，"
            f"{_e(result['class'], lang)}，{result['layers']} 层"
        )
        payers = (", " if en else "、").join(_e(n, lang) for n in result["paid_by"])
        units = " ".join(
            f'<span class="cp-hdd__unit">{cards_html(u["cards"], SCHEME, lang, page_url)}</span>'
            for u in result["split"]
        )
        extra = (f"<p>Paid by {payers}.</p>" if en else f"<p>{payers} 付。</p>") if payers else ""
        return (
            f'<div class="cp-hdd__result" data-points="{result["points"]}" data-layers="{result["layers"]}">'
            f'<p class="cp-hdd__result-head"><strong>{head}</strong></p>'
            f"{'<p>' + _e(result['when'], lang) + '</p>' if result.get('when') else ''}"
            f'<p class="cp-hdd__split">{units}</p>{extra}</div>'
        )
    if result["type"] == "bao":
        pays = (", " if en else "、").join(_e(n, lang) for n in result["pays"])
        head = (
            f"{_e(result['name'], lang)} commits 包牌 ({_e(result['rule'], lang)}) and pays {pays}."
            if en
            else f"{_e(result['name'], lang)} 包牌（{_e(result['rule'], lang)}），赔 {pays}。"
        )
        return f'<div class="cp-hdd__result cp-hdd__result--bao"><p><strong>{head}</strong></p></div>'
    return ""


def render_static(deal_id: str, view: dict[str, Any], lang: str, page_url: str) -> str:
    """The first frame drawn in full (hands, with cards), then every step's action and note, then the end."""
    en = lang == "en"
    first = view["steps"][0]
    rows = []
    for seat in view["seats"]:
        s = seat["seat"]
        rows.append(
            f'<div class="cp-hdd__seat"><strong>{_e(seat["name"], lang)}</strong>'
            f"{(' (' if en else '（') + _e(seat['role'], lang) + (')' if en else '）')} "
            f"{cards_html(first['hands'][s], SCHEME, lang, page_url)}</div>"
        )
    out = [
        f'<div class="cp-deal-static cp-hdd-static" data-frame="0">'
        f'<p class="cp-static__title"><strong>{_e(view["title"], lang)}</strong> '
        f"<small>{_e(view['rules']['title'], lang)}</small></p>",
        f"<p>{_e(first['note'], lang)}</p>" if first.get("note") else "",
        f"<p><strong>{'The hands at the start' if en else '开局时的手牌'}</strong></p>",
        f'<div class="cp-static__hands">{"".join(rows)}</div>',
        '<ol class="cp-hdd__steps" start="1">',
    ]
    for step in view["steps"][1:]:
        parts = []
        if step.get("action"):
            parts.append(f'<span class="cp-static__action">{_e(step["action"], lang)}</span>')
        q = step.get("question")
        if q:
            right = ("、" if not en else ", ").join(_e(c["label"], lang) for c in q["choices"] if c["right"])
            parts.append(
                f"<p><strong>{'Question' if en else '想一想'}:</strong> {_e(q.get('prompt'), lang)}</p>"
                f"<details><summary>{'Answer' if en else '答案'}</summary><p>{right}"
                f"{' — ' + _e(q.get('explain'), lang) if q.get('explain') else ''}</p></details>"
            )
        if step.get("note"):
            parts.append(f"<p>{_e(step['note'], lang)}</p>")
        for event in step.get("events") or []:
            parts.append(f"<p>{_e(event, lang)}</p>")
        if step.get("result"):
            parts.append(result_html(step["result"], lang, page_url))
        out.append(f'<li id="hdd-deal-{deal_id}-{step["index"]}-static">{"".join(parts)}</li>')
    out.append("</ol></div>")
    return "".join(out)


def view_file_text(view: dict[str, Any]) -> str:
    return json.dumps(view, ensure_ascii=False, separators=(",", ":"))


def deal_html(deal_id: str, lang: str, page_url: str) -> str:
    view = deal_view(deal_id)
    digest = hashlib.sha256(view_file_text(view).encode("utf-8")).hexdigest()[:12]
    src = html.escape(get_relative_url(f"{OUT_FOLDER}/{deal_id}.json", page_url) + f"?v={digest}", quote=True)
    return render_static(deal_id, view, lang, page_url) + (
        f'<div class="cp-widget-data cp-hdd-frames" hidden data-src="{src}"></div>'
    )


# --- shortcode and MkDocs events -------------------------------------------------------------------------------------


@shortcode("hongdiandian-deal")
def hongdiandian_deal(args: list[str], lang: str, page: Any) -> str:
    if len(args) not in (1, 2) or args[1:] not in ([], ["zh"], ["en"]):
        raise ValueError("use {{cp hongdiandian-deal ID}} or {{cp hongdiandian-deal ID zh|en}}")
    deal_id = args[0]
    deal_view(deal_id)  # fail here, with the page's line, if the record is missing or broken
    chosen = f' data-lang="{args[1]}"' if len(args) == 2 else ""
    return (
        f'<div class="cp-hdd-deal" data-cp-widget="hdd-deal" data-deal="{deal_id}"{chosen}'
        f' id="hdd-deal-{deal_id}"></div>'
    )


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    lang = page_lang(page)

    def fill(match: re.Match[str]) -> str:
        found = DEAL_ATTR.search(match.group("attrs"))
        if not found:
            raise HddDealError(f"docs/{page.file.src_uri}: a 红点点 deal widget needs data-deal: {match.group(0)}")
        chosen = LANG_ATTR.search(match.group("attrs"))
        try:
            body = deal_html(found.group(1), chosen.group(1) if chosen else lang, page.url)
        except HddDealError as exc:
            raise HddDealError(f"docs/{page.file.src_uri}: 红点点 deal {found.group(1)!r}: {exc}") from exc
        return match.group(0) + body

    return WIDGET_TAG.sub(fill, html_text)


def on_post_build(config: Any) -> None:
    out_dir = Path(config["site_dir"]) / OUT_FOLDER
    ids = all_deal_ids()
    if not ids:
        return
    out_dir.mkdir(parents=True, exist_ok=True)
    for deal_id in ids:
        (out_dir / f"{deal_id}.json").write_text(view_file_text(deal_view(deal_id)), encoding="utf-8")
