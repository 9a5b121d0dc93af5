"""红点点 tables rendered from the engine (changpai.hongdiandian), so the page cannot disagree with it.

Shortcodes:

``{{cp hongdiandian-cards}}``
    every numeral card with its 红点点 nickname, the domino face on its pip end (marked where that is our reading),
    its red points, the cards it pairs with, and whether it is a 绝牌.
``{{cp hongdiandian-classes NAME}}``
    the classes (名堂) of a rule set (``wuchuan-hongdiandian-sicheng`` or ``-huada``): when, 层, source.
``{{cp hongdiandian-options}}``
    the open points as options: question, the engine's default and why.
``{{cp hongdiandian-variants}}``
    the two variants [000] names (five players, a wild 大叁): a line each from the option, off by default, then the
    engine's reading of every point [000] leaves open, marked as our reading.
"""

from __future__ import annotations

from typing import Any

from changpai.decks.dominoes import DOMINO_NAMES, DUAL_PAIRING
from changpai.decks.numerals import ALL_KINDS
from changpai.hongdiandian.cards import NICKNAMES, PARTNERS, is_jue, points
from changpai.hongdiandian.options import OPTIONS, READINGS
from changpai.hongdiandian.rules import RULESETS, get_rules

from sitebuild.ext_ruletables import _cell, _lang, _table, _tag
from sitebuild.shortcodes import shortcode


def cards(lang: str, page: Any) -> str:
    zh = lang == "zh"
    dual = {p.card: p for p in DUAL_PAIRING}
    header = (
        ["牌", "俗名", "点子那头的骨牌", "红点", "可以配", "绝牌"]
        if zh
        else ["Card", "Nickname", "Domino on the pip end", "Red points", "Pairs with", "绝牌"]
    )
    rows = []
    for card in ALL_KINDS:
        pairing = dual.get(card)
        if pairing is None:
            face = "—"
        else:
            name = DOMINO_NAMES[pairing.domino][0 if zh else 1]
            face = f"{pairing.domino[0]}-{pairing.domino[1]} {name}"
            if pairing.inferred:
                face += "（我们的推断）" if zh else " (our reading)"
        partners = [ALL_KINDS[j].chinese() for j in sorted(PARTNERS[False][card.index]) if j != card.index]
        rows.append(
            [
                card.chinese(),
                NICKNAMES.get(card.chinese(), "—"),
                _cell(face),
                str(points(card)),
                "、".join([card.chinese(), *partners]),
                ("是" if zh else "yes") if is_jue(card) else "",
            ]
        )
    note = (
        "\n红点数取自 [000]，已含全红牌的加倍；骨牌一栏出自引擎的骨牌对照表。\n"
        if zh
        else "\nRed points from [000], the doubling of all-red cards included; the domino column is the engine's "
        "table of domino faces.\n"
    )
    return _table(header, rows) + note.replace("[000]", _tag("[000]", page, lang))


def classes(name: str, lang: str, page: Any) -> str:
    rules = get_rules(name)
    zh = lang == "zh"
    header = ["名堂", "条件", "层", "来源"] if zh else ["Class", "When", "层", "Source"]
    rows = [
        [_cell(c.name.get(lang)), _cell(c.when.get(lang)), str(c.layers.value), _tag(c.layers.source, page, lang)]
        for c in rules.classes
    ]
    minimum = rules.minimum.value
    tail = (
        f"\n基本油子 {minimum} 点；几种名堂都合时取层数最多的（引擎的取舍）。\n"
        if zh
        else f"\nThe minimum is {minimum} points; where several classes fit, the one with most 层 counts "
        "(the engine's choice).\n"
    )
    return _table(header, rows) + tail


VARIANTS = ("five_players", "wild_dasan")
# The option that settles a variant's gap, shown under the variant (its default is the engine's reading).
VARIANT_OPTIONS = {"five_players": ("five_short_seat",), "wild_dasan": ()}


def _shown_default(option: Any, lang: str) -> str:
    default = option.choices.get(str(option.default.value).lower(), None)
    return default.get(lang) if default is not None else str(option.default.value)


def variants(lang: str, page: Any) -> str:
    zh = lang == "zh"
    ours = "本站的读法" if zh else "our reading"
    lines = []
    for name in VARIANTS:
        option = OPTIONS[name]
        lines.append(
            f"- **{option.question.get(lang)}** {option.why.get(lang)} {_tag(option.default.source, page, lang)}"
        )
        for other in VARIANT_OPTIONS[name]:
            o = OPTIONS[other]
            shown = _shown_default(o, lang)
            lines.append(
                f"    - {o.question.get(lang)}{shown}。（{ours}：{o.why.get(lang)}）"
                if zh
                else f"    - {o.question.get(lang)} {shown}. ({ours}: {o.why.get(lang)})"
            )
        for reading, why in READINGS[name]:
            lines.append(
                f"    - {reading.get(lang)}（{ours}：{why.value.get(lang)}）"
                if zh
                else f"    - {reading.get(lang)} ({ours}: {why.value.get(lang)})"
            )
    return "\n" + "\n".join(lines) + "\n"


def options(lang: str, page: Any) -> str:
    lines = []
    for option in OPTIONS.values():
        if option.name in VARIANTS or any(option.name in v for v in VARIANT_OPTIONS.values()):
            continue  # the variants have their own list (hongdiandian-variants)
        default = option.choices.get(str(option.default.value).lower(), None)
        shown = default.get(lang) if default is not None else str(option.default.value)
        lines.append(
            f"- **{option.question.get(lang)}** "
            + (
                f"默认：{shown}。{option.why.get(lang)}"
                if lang == "zh"
                else f"Default: {shown}. {option.why.get(lang)}"
            )
        )
    return "\n" + "\n".join(lines) + "\n"


@shortcode("hongdiandian-cards")
def hongdiandian_cards(args: list[str], lang: str, page: Any) -> str:
    if args:
        raise ValueError("use {{cp hongdiandian-cards}}")
    return cards(_lang(lang), page)


@shortcode("hongdiandian-classes")
def hongdiandian_classes(args: list[str], lang: str, page: Any) -> str:
    if len(args) != 1 or args[0] not in RULESETS:
        raise ValueError(f"use {{{{cp hongdiandian-classes NAME}}}} with NAME one of: {', '.join(RULESETS)}")
    return classes(args[0], _lang(lang), page)


@shortcode("hongdiandian-options")
def hongdiandian_options(args: list[str], lang: str, page: Any) -> str:
    if args:
        raise ValueError("use {{cp hongdiandian-options}}")
    return options(_lang(lang), page)


@shortcode("hongdiandian-variants")
def hongdiandian_variants(args: list[str], lang: str, page: Any) -> str:
    if args:
        raise ValueError("use {{cp hongdiandian-variants}}")
    return variants(_lang(lang), page)
