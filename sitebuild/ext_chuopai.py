"""The 戳牌 rules page drawn from the engine (``changpai.chuopai``), so the page cannot disagree with it.

``{{cp chuopai-ladder}}``
    the faces by class, strongest first, drawn with the domino card faces, with each class's rank in words.
``{{cp chuopai-deal NAME}}``
    an annotated deal of ``tutorials/chuopai/NAME.yml``, replayed by the engine and drawn as a table of its tricks.
``{{cp chuopai-options}}``
    every point the engine fills in where [002] is silent or contradicts itself: question, choices, default, why,
    and whether the default follows [002] or is the engine's reading; ``codes`` adds the option names.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from changpai import yamlfile
from changpai.chuopai.api import ladder
from changpai.chuopai.cards import CLASS, FACES, HARD, PIPS, SHORT
from changpai.chuopai.options import OPTIONS, ChuoRules
from changpai.chuopai.record import Question, read_record
from changpai.chuopai.scoring import settle
from changpai.core.options import choice_key
from changpai.core.table import seat_name

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


def _img(face: int, lang: str, *, small: bool = False) -> str:
    a, b = PIPS[face]
    name = SHORT[face]
    up = "../../" if lang.startswith("en") else "../"  # as the page's own card pictures: en pages sit one deeper
    src = f"{up}assets/cards/dominoes/{a}-{b}.svg"
    size = 'width="16" height="60"' if small else 'width="30" height="114"'
    return f'<img class="cp-card" src="{src}" alt="{name}（{a}-{b}）" title="{name}" {size}>'


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
        cards = " ".join(_img(f, lang) for f in _faces_of(kind))
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


def _cards_html(cards: tuple[int, ...] | list[int], lang: str, *, names: bool = True) -> str:
    drawn = "".join(_img(c, lang, small=True) for c in cards)
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


def deal_html(name: str, lang: str) -> str:
    """One annotated deal as a static table of its tricks: who led, what each seat played (face down: how many),
    who took the trick and the cards in front after it, with the record's notes and questions."""
    path = TUTORIALS / f"{name}.yml"
    if not path.is_file():
        raise ValueError(f"no 戳牌 deal {name!r} in tutorials/chuopai/")
    data = yamlfile.read(path)
    deal, steps = read_record(data)
    zh = not lang.startswith("en")
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
    piles = [sum(1 for c in h if CLASS[c] == HARD) for h in deal.dealt]
    for n, trick in enumerate(deal.tricks):
        cells, texts = [], []
        for action in trick.actions:
            if action.kind == "play":
                shown = _cards_html(action.cards, lang)
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
    if deal.trick:
        cells = [
            f"{seats[a.seat]}{colon}{_cards_html(a.cards, lang) if a.kind == 'play' else '扣' if zh else 'down'}"
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
        f"<li>{seats[s]}（{'庄家' if s == deal.table.dealer else '闲家'}）：{_cards_html(list(h), lang)}</li>"
        if zh
        else f"<li>{seats[s]} ({'dealer' if s == deal.table.dealer else 'ally'}): {_cards_html(list(h), lang)}</li>"
        for s, h in enumerate(deal.dealt)
    )
    head = ["轮", "出牌", "谁拿", "面前张数", "说明"] if zh else ["Trick", "Plays", "Taken by", "In front", "Notes"]
    title = _esc(data["title"]["zh" if zh else "en"])
    return (
        f'<details class="cp-chuopai-deal" id="deal-{_esc(name)}"><summary>{title}</summary>'
        f"<p>{'发牌' if zh else 'The deal'}{colon}</p><ul>{hands}</ul>"
        f"<table><thead><tr>{''.join(f'<th>{h}</th>' for h in head)}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f"<p>{'结果' if zh else 'Result'}{colon}{_esc(outcome)}{semi}{scores}</p></details>"
    )


@shortcode("chuopai-deal")
def chuopai_deal(args: list[str], lang: str, page: Any) -> str:
    if len(args) != 1:
        raise ValueError("use {{cp chuopai-deal NAME}} (a file in tutorials/chuopai/)")
    return "\n" + deal_html(args[0], lang) + "\n"
