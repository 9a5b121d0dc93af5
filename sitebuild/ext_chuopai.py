"""The 戳牌 rules page drawn from the engine (``changpai.chuopai``), so the page cannot disagree with it.

``{{cp chuopai-ladder}}``
    the faces by class, strongest first, drawn with the domino card faces, with each class's rank in words.
``{{cp chuopai-deal NAME}}``
    an annotated deal of ``tutorials/chuopai/NAME.yml``, replayed by the engine: a step-through viewer
    (docs/assets/widgets/chuopai-viewer.js) whose first frame (the deal, the trick area, the piles, the hands) and
    table of every trick are drawn here, readable without scripts; the steps' frames
    (``changpai.chuopai.record.frames``) are checked here and written to ``assets/chuopai/NAME.json``, fetched
    by the viewer.
``{{cp chuopai-options}}``
    every point the engine fills in where [002] is silent or contradicts itself: question, choices, default, why,
    and whether the default follows [002] or is the engine's reading; ``codes`` adds the option names.
"""

from __future__ import annotations

import hashlib
import html
import json
from pathlib import Path
from typing import Any

from changpai import yamlfile
from changpai.chuopai.api import ladder
from changpai.chuopai.cards import ALL_FACES, FACES, PICTURE, SHORT, picture_label
from changpai.chuopai.cards import CLASS as CLASS  # noqa: F401 (kept for the tests that read it from here)
from changpai.chuopai.cards import HARD as HARD  # noqa: F401
from changpai.chuopai.options import OPTIONS, ChuoRules
from changpai.chuopai.plays import is_hard
from changpai.chuopai.record import Question, frames, read_record
from changpai.chuopai.scoring import settle
from changpai.core.options import choice_key
from changpai.core.table import seat_name
from changpai.core.text import ChangpaiError

from sitebuild.ext_ruletables import _default_words, _table, _tag
from sitebuild.shortcodes import shortcode

_CLASSES = (
    ("main", "正门：天 > 地 > 人 > 和", "main cards: Heaven > Earth > Man > Harmony"),
    ("middle", "中三：三种一样大，比幺牌大", "the middle three: equal, above the low cards"),
    ("low", "幺牌（下幺）：最小，彼此一样大", "the low cards: lowest, equal"),
    ("black", "黑副牌：黑九 > 两张黑八 > 黑七 > 黑五", "black point cards: nine > the two eights > seven > five"),
    ("red", "红副牌：红九 > 红七 > 红五", "red point cards: nine > seven > five"),
    ("hard", "硬张：不出，放在面前计数", "hard cards: never played, laid in front and counted"),
)


def site_root(page_url: str) -> str:
    """The relative way up from a page to the site's root (``rules/chuopai.html`` → ``../``)."""
    return "../" * page_url.count("/")


def _img(face: int, root: str, *, small: bool = False, lang: str = "zh") -> str:
    """A face's picture (the engine's ``cards.PICTURE``, the joker included) with its words as the alt text."""
    name = SHORT[face]
    src = f"{root}assets/cards/dominoes/{PICTURE[face]}.svg"
    size = 'width="16" height="60"' if small else 'width="30" height="114"'
    alt = _esc(picture_label(face).get(lang))
    return f'<img class="cp-card" src="{src}" alt="{alt}" title="{name}" {size}>'


def _faces_of(kind: str) -> list[int]:
    rows = {f: r for f, r in zip(FACES, ladder(), strict=True)}
    if kind in ("black", "red"):
        chosen = [f for f in FACES if rows[f]["colour"] == kind]
        return sorted(chosen, key=lambda f: -int(str(rows[f]["point_rank"])))
    chosen = [f for f in FACES if rows[f]["class"] == kind]
    return sorted(chosen, key=lambda f: -int(str(rows[f]["ladder"])))


@shortcode("chuopai-ladder")
def chuopai_ladder(args: list[str], lang: str, page: Any) -> str:
    if args:
        raise ValueError("use {{cp chuopai-ladder}}")
    zh = not lang.startswith("en")
    lines = [""]
    for kind, words_zh, words_en in _CLASSES:
        cards = " ".join(_img(f, site_root(page.url), lang=lang) for f in _faces_of(kind))
        lines.append(f"- **{words_zh if zh else words_en}** [\\[002\\]]{'：' if zh else ':'}<br>{cards}")
    return "\n".join(lines).replace("[\\[002\\]]", _tag("[002]", page, lang)) + "\n"


@shortcode("chuopai-options")
def chuopai_options(args: list[str], lang: str, page: Any) -> str:
    if args not in ([], ["codes"]):
        raise ValueError("use {{cp chuopai-options}} or {{cp chuopai-options codes}}")
    zh = not lang.startswith("en")
    rules = ChuoRules()
    rows = []
    for option in OPTIONS:
        value = getattr(rules, option.name)
        choices = ("；" if zh else "; ").join(o.get(lang) for o in option.choices.values())
        source = option.default.source
        follows = _tag(source, page, lang) if source != "engine" else ("引擎的读法" if zh else "the engine's reading")
        row = [option.question.get(lang), choices, _default_words(option, value, lang), follows, option.why.get(lang)]
        if args == ["codes"]:
            row = [f"`{option.name}` = `{choice_key(value)}`", *row]
        rows.append(row)
    header = ["问题", "可选", "默认", "默认依据", "为什么"]
    if not zh:
        header = ["Question", "Choices", "Default", "Default from", "Why"]
    if args == ["codes"]:
        header = ["选项" if zh else "Option", *header]
    return _table(header, rows)


# ----------------------------------------------------------------------------- the annotated deals, drawn at build time

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials" / "chuopai"


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _cards_html(cards: tuple[int, ...] | list[int], root: str, *, names: bool = True, lang: str = "zh") -> str:
    drawn = "".join(_img(c, root, small=True, lang=lang) for c in cards)
    return f"{drawn} {_esc(' '.join(SHORT[c] for c in cards))}" if names else drawn


def _question_html(q: Question, lang: str) -> str:
    zh = not lang.startswith("en")
    choices = "".join(f"<li>{_esc(label.get(lang))}</li>" for _id, label in q.choices)
    colon = "：" if zh else ": "
    right = ("；" if zh else "; ").join(label.get(lang) for cid, label in q.choices if cid in q.answer)
    answer = ("答案：" if zh else "Answer: ") + _esc(right) + " — " + _esc(q.explain.get(lang))
    return (
        f'<div class="cp-question"><p><strong>{"想一想" if zh else "Think"}</strong>'
        f"{colon}{_esc(q.prompt.get(lang))}</p>"
        f"<ul>{choices}</ul><details><summary>{'看答案' if zh else 'Show the answer'}</summary>"
        f"<p>{answer}</p></details></div>"
    )


def deal_html(name: str, lang: str, page_url: str) -> str:
    """One annotated deal as a static table of its tricks: who led, what each seat played (face down: how many),
    who took the trick and the cards in front after it, with the record's notes and questions."""
    path = TUTORIALS / f"{name}.yml"
    if not path.is_file():
        raise ValueError(f"no 戳牌 deal {name!r} in tutorials/chuopai/")
    data, deal, steps, view = load_deal(name)
    zh = not lang.startswith("en")
    root = site_root(page_url)
    colon, semi, comma = ("：", "；", "，") if zh else (": ", "; ", ", ")
    seats = [seat_name(s).get(lang) for s in range(deal.table.size)]
    notes: dict[int, list[str]] = {}
    pending: list[str] = []
    index = 0
    for step in steps:
        if step.question is not None:
            pending.append(_question_html(step.question, lang))
            continue
        extra = [f"<p>{_esc(step.note.get(lang))}</p>"] if step.note else []
        notes[index] = pending + extra
        pending, index = [], index + 1
    rows, index = [], 0
    piles = [sum(1 for c in h if is_hard(c, deal.rules)) for h in deal.dealt]  # 硬张, and jokers read as such
    for n, trick in enumerate(deal.tricks):
        cells, texts = [], []
        for action in trick.actions:
            if action.kind == "play":
                shown = _cards_html(action.cards, root, lang=lang)
            else:
                shown = (f"扣 {len(action.cards)} 张" if zh else f"{len(action.cards)} down") if action.cards else "—"
            cells.append(f'<span class="cp-play">{seats[action.seat]}{colon}{shown}</span>')
            texts += notes.get(index, [])
            index += 1
        piles[trick.taker] += len(next(a for a in reversed(trick.actions) if a.kind == "play").cards)
        rows.append(
            f'<tr><td>{n + 1}</td><td class="cp-plays">{"".join(cells)}</td>'
            f"<td>{seats[trick.taker]}</td>"
            f'<td>{" / ".join(map(str, piles))}</td><td class="cp-notes">{"".join(texts)}</td></tr>'
        )
    tail = "".join(t for i in range(index, len(deal.history)) for t in notes.get(i, []))

    def shown(cards: tuple[int, ...] | list[int]) -> str:
        return _cards_html(cards, root, lang=lang)

    if deal.trick:
        cells = [
            f"{seats[a.seat]}{colon}{shown(a.cards) if a.kind == 'play' else '扣' if zh else 'down'}"
            for a in deal.trick
        ]
        rows.append(
            f"<tr><td>{len(deal.tricks) + 1}</td><td>{' · '.join(cells)}</td><td>—</td><td></td><td>{tail}</td></tr>"
        )
    result = settle(deal)
    words = {"win": ("按张数赢", "a win by count"), "huang": ("黄牌", "黄牌 (no result)"), "fa": ("罚牌", "a fine")}
    outcome = words.get(result.outcome, (result.outcome, result.outcome))[0 if zh else 1]
    scores = comma.join(f"{seats[s]} {result.scores[s]:+d}" for s in range(deal.table.size))
    hands = "".join(
        f"<li>{seats[s]}（{'庄家' if s == deal.table.dealer else '闲家'}）：{shown(list(h))}</li>"
        if zh
        else f"<li>{seats[s]} ({'dealer' if s == deal.table.dealer else 'ally'}): {shown(list(h))}</li>"
        for s, h in enumerate(deal.dealt)
    )
    head = ["轮", "出牌", "谁拿", "面前张数", "说明"] if zh else ["Trick", "Plays", "Taken by", "In front", "Notes"]
    title = _esc(data["title"]["zh" if zh else "en"])
    table = (
        f'<details class="cp-chuopai-deal"><summary>{"每一轮和结果" if zh else "Every trick, and the result"}</summary>'
        f"<p>{'发牌' if zh else 'The deal'}{colon}</p><ul>{hands}</ul>"
        f"<table><thead><tr>{''.join(f'<th>{h}</th>' for h in head)}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f'<p class="cp-chuo-result-line">{"结果" if zh else "Result"}{colon}{_esc(outcome)}{semi}{scores}</p></details>'
    )
    text = json.dumps(view, ensure_ascii=False)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    words = json.dumps(_words(lang, deal.table.size, deal.table.dealer), ensure_ascii=False)
    return (
        f'<div class="cp-chuo" id="deal-{_esc(name)}" data-cp-widget="chuopai" data-cp-chuopai="{_esc(name)}"'
        f' data-lang="{"zh" if zh else "en"}"'
        f' data-src="{root}assets/chuopai/{_esc(name)}.json?v={digest}" data-cards="{root}assets/cards/dominoes/"'
        f' data-words="{_esc(words)}">'
        f'<h3 class="cp-chuo-title">{title}</h3>'
        f"{frame_html(view, 0, lang, root)}{table}</div>"
    )


@shortcode("chuopai-deal")
def chuopai_deal(args: list[str], lang: str, page: Any) -> str:
    # A second word draws the deal in that language on any page (the kiosk holds both languages).
    if len(args) not in (1, 2) or args[1:] not in ([], ["zh"], ["en"]):
        raise ValueError(
            "use {{cp chuopai-deal NAME}} or {{cp chuopai-deal NAME zh|en}} (a file in tutorials/chuopai/)"
        )
    return "\n" + deal_html(args[0], args[1] if len(args) == 2 else lang, page.url) + "\n"


# ----------------------------------------------------------------------------- the viewer's frames, checked and drawn

_FRAME_KEYS = {"kind", "trick", "leader", "taker", "tricks", "piles", "counts", "covered", "hands", "to_act", "events"}


def load_deal(name: str) -> tuple[Any, Any, Any, dict[str, Any]]:
    """Read ``tutorials/chuopai/NAME.yml`` with the engine and compute its frames; any problem is raised with the
    file and the step (``tutorials/chuopai/x.yml: steps.4.do: …``), which fails ``mkdocs build --strict``."""
    path = TUTORIALS / f"{name}.yml"
    shown = f"tutorials/chuopai/{name}.yml"
    if not path.is_file():
        raise ValueError(f"no 戳牌 deal {name!r} in tutorials/chuopai/")
    data = yamlfile.read(path)
    try:
        deal, steps = read_record(data)
        view = frames(deal, steps)
    except ChangpaiError as exc:
        where = getattr(exc, "where", None) or "record"
        raise ValueError(f"{shown}: {where}: {exc.text.en} / {exc.text.zh}") from exc
    check_frames(view, shown)
    return data, deal, steps, view


def check_frames(view: dict[str, Any], shown: str) -> None:
    """What the viewer relies on, frame by frame (frame N is after step N-1): a bad frame names its step."""
    seats = view.get("seats")
    faces = view.get("faces", {})
    if not isinstance(seats, int) or not view.get("frames"):
        raise ValueError(f"{shown}: no frames to show")
    for n, frame in enumerate(view["frames"]):
        where = f"{shown}: steps.{n - 1}" if n else f"{shown}: the deal"
        missing = _FRAME_KEYS - set(frame)
        if missing:
            raise ValueError(f"{where}: the viewer's frame lacks {', '.join(sorted(missing))}")
        if not (len(frame["hands"]) == len(frame["piles"]) == len(frame["counts"]) == seats):
            raise ValueError(f"{where}: the frame does not have {seats} seats")
        cards = [c for h in frame["hands"] for c in h] + [c for p in frame["piles"] for c in p["won"] + p["hard"]]
        cards += [c for p in frame["trick"] for c in p["cards"]]
        unknown = sorted({c for c in cards if c not in faces})
        if unknown:
            raise ValueError(f"{where}: no card face for {', '.join(unknown)}")
        if frame["trick"] and frame["trick"][0]["seat"] != frame["leader"]:
            raise ValueError(f"{where}: the trick was not led by its leader")
        if frame["taker"] is not None and not any(p["seat"] == frame["taker"] for p in frame["trick"]):
            raise ValueError(f"{where}: the trick's taker did not play in it")
        if frame.get("question") is not None and not frame["question"].get("answer"):
            raise ValueError(f"{where}: the question has no answer")


def _words(lang: str, seats: int, dealer: int) -> dict[str, Any]:
    """The words the viewer needs, in the page's language (the page draws nothing the engine did not say)."""
    zh = not lang.startswith("en")
    names = [seat_name(s).get(lang) for s in range(seats)]
    if zh:
        return {
            "seats": names,
            "dealer": dealer,
            "roles": ["庄家", "闲家"],
            "trick": "这一轮",
            "leads": "{s}先出",
            "lead": "领出",
            "beat": "打得起，压过",
            "under": "打不起上家的牌",
            "down": "扣 {n} 张",
            "takes": "{s}最大，拿下这一轮",
            "noTrick": "还没出牌：{s}先出",
            "toAct": "该出牌",
            "front": "面前 {n} 张",
            "hard": "硬张（压在下面）",
            "hand": "手牌 {n} 张",
            "covered": "扣下 {n} 张",
            "note": "讲解",
            "think": "想一想",
            "show": "看答案",
            "answer": "答案：",
            "result": "结果",
            "counts": "面前张数",
            "scores": "输赢",
            "pays": "{a}付给{b} {n}",
            "outcomes": {"win": "按张数赢", "huang": "黄牌（不算输赢）", "fa": "罚牌", "unfinished": "未打完"},
            "start": "发牌",
            "step": "第 {i} / {n} 步",
            "first": "回到开头",
            "prev": "上一步",
            "next": "下一步",
            "last": "跳到结尾",
            "keys": "键盘：← → 走一步，Home / End 到头 / 到尾",
            "steps": "牌局步骤",
            "faceDown": "扣着的牌",
        }
    return {
        "seats": names,
        "dealer": dealer,
        "roles": ["dealer", "ally"],
        "trick": "This trick",
        "leads": "{s} leads",
        "lead": "leads",
        "beat": "beats the best so far",
        "under": "does not beat",
        "down": "{n} down",
        "takes": "{s} is highest and takes the trick",
        "noTrick": "No cards out yet: {s} leads",
        "toAct": "to play",
        "front": "{n} in front",
        "hard": "hard cards (laid below)",
        "hand": "hand: {n}",
        "covered": "{n} covered",
        "note": "Commentary",
        "think": "Think",
        "show": "Show the answer",
        "answer": "Answer: ",
        "result": "Result",
        "counts": "Cards in front",
        "scores": "Won and lost",
        "pays": "{a} pays {b} {n}",
        "outcomes": {
            "win": "a win by count",
            "huang": "黄牌 (no result)",
            "fa": "a fine",
            "unfinished": "not finished",
        },
        "start": "The deal",
        "step": "Step {i} of {n}",
        "first": "Go to start",
        "prev": "Previous step",
        "next": "Next step",
        "last": "Go to end",
        "keys": "Keys: ← → one step, Home / End start / end",
        "steps": "Steps of the deal",
        "faceDown": "cards face down",
    }


def _fill(template: str, **values: object) -> str:
    for key, value in values.items():
        template = template.replace("{" + key + "}", str(value))
    return template


def _faces_html(names: list[str], root: str, lang: str = "zh") -> str:
    by_name = {SHORT[f]: f for f in ALL_FACES}
    return "".join(_img(by_name[n], root, small=True, lang=lang) for n in names)


def frame_html(view: dict[str, Any], index: int, lang: str, root: str) -> str:
    """One frame as the viewer draws it (chuopai-viewer.js draws the same markup for every other frame)."""
    w = _words(lang, view["seats"], view["dealer"])
    zh = not lang.startswith("en")
    colon = "：" if zh else ": "
    frame = view["frames"][index]
    seats = w["seats"]
    total = len(view["frames"]) - 1
    step = w["start"] if index == 0 else _fill(w["step"], i=index, n=total)
    plays = []
    for p in frame["trick"]:
        if p["down"]:
            shown = f'<span class="cp-chuo-back" role="img" aria-label="{_esc(w["faceDown"])}">{p["n"]}</span>'
            what = _fill(w["down"], n=p["n"])
        else:
            shown = _faces_html(p["cards"], root, lang) + " " + _esc(" ".join(p["cards"]))
            what = w["lead"] if p["lead"] else (w["beat"] if p["beat"] else w["under"])
        cls = "is-lead" if p["lead"] else "is-beat" if p["beat"] else "is-down" if p["down"] else "is-under"
        plays.append(
            f'<li class="cp-chuo-play {cls}"><b>{seats[p["seat"]]}</b>{colon}{shown} <em>{_esc(what)}</em></li>'
        )
    if frame["trick"]:
        head = _fill(w["leads"], s=seats[frame["leader"]])
    else:
        head = _fill(w["noTrick"], s=seats[frame["leader"]])
    taker = ""
    if frame["taker"] is not None:
        taker = f'<p class="cp-chuo-taker">{_esc(_fill(w["takes"], s=seats[frame["taker"]]))}</p>'
    seat_blocks = []
    for s in range(view["seats"]):
        role = w["roles"][0] if s == view["dealer"] else w["roles"][1]
        act = f' · <span class="cp-chuo-act">{w["toAct"]}</span>' if frame["to_act"] == s else ""
        pile = frame["piles"][s]
        seat_blocks.append(
            f'<section class="cp-chuo-seat{" is-to-act" if frame["to_act"] == s else ""}">'
            f"<h4>{seats[s]} · {role}{act}</h4>"
            f'<div class="cp-chuo-pile"><span class="cp-chuo-count">{_fill(w["front"], n=frame["counts"][s])}</span>'
            f'<div class="cp-chuo-won">{_faces_html(pile["won"], root, lang)}</div>'
            f'<div class="cp-chuo-hard"><span>{w["hard"]}</span>{_faces_html(pile["hard"], root, lang)}</div></div>'
            f'<div class="cp-chuo-hand"><span>{_fill(w["hand"], n=len(frame["hands"][s]))}</span>'
            f"{_faces_html(frame['hands'][s], root, lang)}</div></section>"
        )
    notes = []
    if frame.get("line"):
        notes.append(f'<p class="cp-chuo-line">{_esc(frame["line"]["zh" if zh else "en"])}</p>')
    if frame.get("note"):
        notes.append(
            f'<p class="cp-chuo-note"><strong>{w["note"]}</strong>{colon}'
            f"{_esc(frame['note']['zh' if zh else 'en'])}</p>"
        )
    return (
        f'<div class="cp-chuo-frame" data-step="{index}">'
        f'<p class="cp-chuo-step" aria-live="polite">{_esc(step)}</p>'
        f'<div class="cp-chuo-trick" role="group" aria-label="{w["trick"]}"><p class="cp-chuo-leader">{_esc(head)}</p>'
        f'<ol class="cp-chuo-plays">{"".join(plays)}</ol>{taker}</div>'
        f'<div class="cp-chuo-seats">{"".join(seat_blocks)}</div>'
        f'<div class="cp-chuo-notes">{"".join(notes)}</div></div>'
    )


def on_post_build(config: Any) -> None:
    """Publish each deal's frames (assets/chuopai/NAME.json), fetched by the viewer when a visitor steps."""
    out_dir = Path(config["site_dir"]) / "assets" / "chuopai"
    out_dir.mkdir(parents=True, exist_ok=True)
    for path in sorted(TUTORIALS.glob("*.yml")):
        view = load_deal(path.stem)[3]
        (out_dir / f"{path.stem}.json").write_text(json.dumps(view, ensure_ascii=False), encoding="utf-8")
