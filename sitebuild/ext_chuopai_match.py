"""An annotated 戳牌 match at build time (``tutorials/matches/chuopai/ID.yml``), shown by the match viewer.

``{{cp chuopai-match ID}}``
    the match record is replayed by the engine (``changpai.chuopai.match.replay``: every deal replayed, each dealt
    by the seat the rules name after the one before, the score after each following from the payments); a broken
    record fails the build with ``file: played[N]…: reason``. The page gets, readable without any script, the table
    of deals (who dealt, who won, each seat's score after the deal) and each deal's first frame, folded; the match
    viewer (``docs/assets/widgets/match-viewer.js``, the same widget as the Da Er matches) turns the table into a
    chooser, and a chosen deal opens in the 戳牌 step-through viewer (``chuopai-viewer.js``), which fetches that
    deal's frames (``changpai.chuopai.record.frames``) then.
* Published: ``assets/matches/chuopai-ID.json`` (``schemas/match-view.schema.json``) and
  ``assets/matches/chuopai-ID/N.json`` (deal N's frames, the 戳牌 viewer's format).

The filled widget carries ``data-cp-filled``, so ``ext_matches`` (which fills the Da Er matches) leaves it alone.
"""

from __future__ import annotations

import hashlib
import html
import json
from functools import cache
from pathlib import Path
from typing import Any

from changpai.chuopai.api import ROLE_WORDS
from changpai.chuopai.match import MatchRecord, replay
from changpai.chuopai.record import frames, read_record
from changpai.chuopai.scoring import settle, winner_of
from changpai.core.table import DEALER, seat_name
from changpai.core.text import ChangpaiError
from mkdocs.utils import get_relative_url

from sitebuild.ext_chuopai import _words, frame_html, site_root
from sitebuild.ext_tutorials import unfolded_when_opened
from sitebuild.schemas import read_data_file, validate
from sitebuild.shortcodes import shortcode

FOLDER = Path(__file__).resolve().parents[1] / "tutorials" / "matches" / "chuopai"
OUT_FOLDER = "assets/matches"
WIN_WORD = {"zh": "赢家", "en": "Won"}
UI = {
    "zh": {"caption": "每一盘打完后各家的总分（括号里是这一盘的输赢）", "deal": "盘", "nobody": "没人（黄牌）",
           "dealer": "庄家", "dealt": "开局", "result": "结果",
           "frames_note": "打开 JavaScript，可以一步一步看每一盘。"},
    "en": {"caption": "Each seat's score after every deal (in brackets, what the deal itself paid)", "deal": "Deal",
           "nobody": "nobody (黄牌)", "dealer": "Dealer", "dealt": "The deal", "result": "Result",
           "frames_note": "With JavaScript on, every deal can be stepped through."},
}  # fmt: skip


def view_id(name: str) -> str:
    return f"chuopai-{name}"


def all_names() -> list[str]:
    return sorted(p.stem for p in FOLDER.glob("*.yml"))


def built(name: str) -> dict[str, Any]:
    """``{"view": …, "frames": [...], "deals": [...]}`` for ``tutorials/matches/chuopai/NAME.yml``."""
    path = FOLDER / f"{name}.yml"
    if not path.is_file():
        raise ValueError(f"no 戳牌 match {name!r} in tutorials/matches/chuopai/")
    return _built(path, path.stat().st_mtime_ns)


@cache
def _built(path: Path, _mtime: int) -> dict[str, Any]:
    shown = f"tutorials/matches/chuopai/{path.name}"
    try:
        data, lines = read_data_file(path, "chuopai-match-record")
        record = MatchRecord.from_data(data, lines=lines, name=path.name)
        deals, ledger = replay(record)
        steps = [read_record({**d, "rules": "chuopai", "options": record.options})[1] for _, d, _ in record.played]
    except ChangpaiError as exc:
        raise ValueError(f"{shown}: {exc.where}: {exc.text.en} / {exc.text.zh}") from exc
    all_frames = [frames(deal, s) for deal, s in zip(deals, steps, strict=True)]
    vid = view_id(path.stem)
    rows = []
    before = [0] * record.players
    for n, ((_, deal_data, totals), deal, one) in enumerate(zip(record.played, deals, all_frames, strict=True), 1):
        scores = settle(deal).scores
        paid = [after - was for after, was in zip(ledger.history[n - 1], before, strict=True)]
        before = list(ledger.history[n - 1])
        text = json.dumps(one, ensure_ascii=False)
        title = deal_data.get("title") or {"zh": f"第 {n} 盘", "en": f"Deal {n}"}
        rows.append(
            {
                "number": n,
                "id": f"match-{vid}-{n}",
                "title": title,
                "intro": None,
                "shuffler": deal.table.dealer,
                "dealer": deal.table.dealer,
                "roles": [{"role": r, "name": ROLE_WORDS[r].as_dict()} for r in deal.table.roles],
                "winner": winner_of(scores),
                "payments": paid,
                "totals": list(totals),
                "steps": len(one["frames"]) - 1,
                "frames": f"{vid}/{n}.json?v={hashlib.sha256(text.encode('utf-8')).hexdigest()[:12]}",
                "widget": "chuopai",
            }
        )
    view = {
        "id": vid,
        "rules": "chuopai",
        "tradition": {"zh": "泸州戳牌", "en": "Luzhou 戳牌"},
        "title": record.title.as_dict() if record.title else {"zh": "戳牌", "en": "戳牌"},
        "intro": record.intro.as_dict() if record.intro else None,
        "players": record.players,
        "seats": [seat_name(s).as_dict() for s in range(record.players)],
        "shows_shuffler": False,
        "words": {"win": WIN_WORD, "dealer": ROLE_WORDS[DEALER].as_dict()},
        "deals": rows,
        "totals": list(ledger.totals),
    }
    validate(view, "match-view", f"{shown}: the published match")
    return {"view": view, "frames": all_frames}


def _e(text: dict[str, str] | None, lang: str) -> str:
    return html.escape((text or {}).get(lang, ""), quote=True)


def match_html(name: str, lang: str, page_url: str) -> str:
    """The static table and each deal's first frame, then the match as the viewer reads it (in this language)."""
    lang = "en" if lang.startswith("en") else "zh"
    made = built(name)
    view, all_frames = made["view"], made["frames"]
    ui = UI[lang]
    root = site_root(page_url)
    seats = [_e(s, lang) for s in view["seats"]]
    head = [ui["deal"], ui["dealer"], _e(view["words"]["win"], lang), *seats]
    rows, folded = [], []
    for deal, one in zip(view["deals"], all_frames, strict=True):
        n = deal["number"]
        cells = [f'<th scope="row"><a href="#match-{view["id"]}-{n}">{n}</a></th>']
        cells.append(f"<td>{seats[deal['dealer']]}</td>")
        cells.append(f"<td>{seats[deal['winner']] if deal['winner'] is not None else ui['nobody']}</td>")
        for total, paid in zip(deal["totals"], deal["payments"], strict=True):
            change = f"+{paid}" if paid > 0 else str(paid)
            cells.append(
                f'<td class="cp-match__score"><span class="cp-match__total">{total}</span> '
                f'<span class="cp-match__change">({change})</span></td>'
            )
        rows.append(f'<tr data-deal="{n}">{"".join(cells)}</tr>')
        last = one["frames"][-1]
        note = _e(last.get("note"), lang)
        folded.append(
            f'<details class="cp-match__deal-static" id="match-{view["id"]}-{n}">'
            f'<summary class="cp-nolink">{_e(deal["title"], lang)}</summary>'
            + unfolded_when_opened(
                f"<p><strong>{ui['dealt']}</strong></p>{frame_html(one, 0, lang, root)}"
                f"<p><strong>{ui['result']}</strong></p><p>{note}</p>"
            )
            + "</details>"
        )
    table = (
        f'<table class="cp-match__table"><caption>{ui["caption"]}</caption><thead><tr>'
        + "".join(f'<th scope="col">{h}</th>' for h in head)
        + f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    intro = f'<p class="cp-match__intro">{_e(view["intro"], lang)}</p>' if view.get("intro") else ""
    static = (
        f'<div class="cp-match-static"><p class="cp-match__title"><strong>{_e(view["title"], lang)}</strong></p>'
        f"{intro}{table}{''.join(folded)}<noscript><p>{ui['frames_note']}</p></noscript></div>"
    )
    page_view = json.loads(json.dumps(view))
    for deal, one in zip(page_view["deals"], all_frames, strict=True):
        deal["src"] = get_relative_url(f"{OUT_FOLDER}/{deal['frames']}", page_url)
        deal["cards"] = f"{root}assets/cards/dominoes/"
        deal["words"] = _words(lang, one["seats"], one["dealer"])
    text = html.escape(json.dumps(page_view, ensure_ascii=False, separators=(",", ":")), quote=True)
    return (
        f'<div class="cp-match" data-cp-widget="match" data-match="{view["id"]}" id="match-{view["id"]}"'
        f' data-cp-filled="chuopai">{static}'
        f'<div class="cp-widget-data cp-match-data" hidden data-json="{text}"></div></div>'
    )


@shortcode("chuopai-match")
def chuopai_match(args: list[str], lang: str, page: Any) -> str:
    if len(args) != 1:
        raise ValueError("use {{cp chuopai-match NAME}} (a file in tutorials/matches/chuopai/)")
    return "\n" + match_html(args[0], lang, page.url) + "\n"


def on_post_build(config: Any) -> None:
    """``assets/matches/chuopai-NAME.json`` and each deal's frames, ``assets/matches/chuopai-NAME/N.json``."""
    out_dir = Path(config["site_dir"]) / OUT_FOLDER
    for name in all_names():
        made = built(name)
        vid = made["view"]["id"]
        (out_dir / vid).mkdir(parents=True, exist_ok=True)
        (out_dir / f"{vid}.json").write_text(json.dumps(made["view"], ensure_ascii=False), encoding="utf-8")
        for n, one in enumerate(made["frames"], start=1):
            (out_dir / vid / f"{n}.json").write_text(json.dumps(one, ensure_ascii=False), encoding="utf-8")
