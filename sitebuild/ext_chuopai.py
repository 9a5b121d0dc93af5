"""The 戳牌 rules page drawn from the engine (``changpai.chuopai``), so the page cannot disagree with it.

``{{cp chuopai-ladder}}``
    the faces by class, strongest first, drawn with the domino card faces, with each class's rank in words.
``{{cp chuopai-options}}``
    every point the engine fills in where [002] is silent or contradicts itself: question, choices, default, why,
    and whether the default follows [002] or is the engine's reading; ``codes`` adds the option names.
"""

from __future__ import annotations

from typing import Any

from changpai.chuopai.api import ladder
from changpai.chuopai.cards import FACES, PIPS, SHORT
from changpai.chuopai.options import OPTIONS, ChuoRules
from changpai.core.options import choice_key

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


def _img(face: int, lang: str) -> str:
    a, b = PIPS[face]
    name = SHORT[face]
    up = "../../" if lang.startswith("en") else "../"  # as the page's own card pictures: en pages sit one deeper
    src = f"{up}assets/cards/dominoes/{a}-{b}.svg"
    return f'<img class="cp-card" src="{src}" alt="{name}（{a}-{b}）" title="{name}" width="30" height="114">'


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
        lines.append(f"- **{words_zh if zh else words_en}** [\\[002\\]]: <br>{cards}")
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
