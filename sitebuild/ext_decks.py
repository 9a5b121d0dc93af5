"""Shortcodes that lay out the drawn cards (docs/assets/cards, made by sitebuild.card_art) in grids.

``{{cp deck luzhou}}``, ``{{cp deck leshan}}``: the 20 kinds, small row then big row.
``{{cp deck dual}}``: the Wuchuan two-ended cards, with the reading behind each pairing.
``{{cp deck dominoes}}``: the 21 Sichuan faces by class, with their names.
``{{cp deck back}}``: the back.
``{{cp deck sample}}``: one card of each kind side by side (the archive's front page).
Alt text and captions are in the page's language.
"""

from __future__ import annotations

import html

from changpai.decks import dominoes
from changpai.decks.numerals import ALL_KINDS, Card
from mkdocs.utils import get_relative_url

from sitebuild import card_art
from sitebuild.shortcodes import shortcode

SMALL_EN = card_art.SMALL_NAMES_EN


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _src(rel: str, page) -> str:
    return get_relative_url(f"assets/cards/{rel}", page.url)


def _figure(rel: str, alt: str, caption: str, page, extra_class: str = "") -> str:
    width = 56
    height = round(width * card_art.HEIGHT / card_art.WIDTH)
    return (
        f'<figure class="cp-deckcard{extra_class}"><img src="{_e(_src(rel, page))}" alt="{_e(alt)}"'
        f' width="{width}" height="{height}" loading="lazy"><figcaption>{caption}</figcaption></figure>'
    )


def _card_names(card: Card) -> tuple[str, str]:
    face = card_art.card_face_char(card)
    zh = f"{'大写' if card.big else '小写'}{card_art.SMALL_FACE[card.number - 1]}"
    en = f"{card.case_name.en} {SMALL_EN[card.number - 1]}"
    return f"{face}（{zh}）", f"{face} ({en})"


def _colour(red: bool, lang: str) -> str:
    if lang == "zh":
        return "红字" if red else "黑字"
    return "red" if red else "black"


def deck_grid(scheme: str, lang: str, page) -> str:
    tradition_zh, tradition_en = card_art.SCHEME_NAMES[scheme]
    rows = []
    for big in (False, True):
        figures = []
        for card in (c for c in ALL_KINDS if c.big == big):
            red = card_art.card_is_red(card, scheme)
            name_zh, name_en = _card_names(card)
            face = card_art.card_face_char(card)
            if lang == "zh":
                alt = f"{tradition_zh}的{name_zh}，{_colour(red, lang)}长牌"
                caption = f"{face}<small>{'大写' if big else '小写'}</small>"
            else:
                alt = f"{name_en}, {_colour(red, lang)}, in the {tradition_en}"
                caption = f"{face}<small>{card.case_name.en} {card.number}</small>"
            red_class = " cp-deckcard-red" if red else ""
            figures.append(_figure(f"{scheme}/{card.ascii()}.svg", alt, caption, page, red_class))
        label = ("大写 壹…拾" if big else "小写 一…十") if lang == "zh" else ("big 壹…拾" if big else "small 一…十")
        rows.append(f'<div class="cp-deck-row" aria-label="{_e(label)}">{"".join(figures)}</div>')
    return f'<div class="cp-deck cp-nolink" data-scheme="{scheme}">{"".join(rows)}</div>'


def dual_grid(lang: str, page) -> str:
    figures = []
    rows = []
    for pairing in dominoes.DUAL_PAIRING:
        card = pairing.card
        a, b = pairing.domino
        domino_zh, domino_en = dominoes.DOMINO_NAMES[pairing.domino]
        name_zh, name_en = _card_names(card)
        mark = ("推断" if lang == "zh" else "inferred") if pairing.inferred else ""
        if lang == "zh":
            alt = f"务川一头点子一头字牌：一端{name_zh}，另一端骨牌{a}-{b}（{domino_zh}）"
            caption = f"{card_art.card_face_char(card)}<small>{a}-{b}</small>"
        else:
            alt = f"Wuchuan two-ended card: {name_en} at one end, domino {a}-{b} ({domino_en}) at the other"
            caption = f"{card_art.card_face_char(card)}<small>{a}-{b}</small>"
        badge = f'<small class="cp-inferred">{mark}</small>' if mark else ""
        figures.append(_figure(f"wuchuan-dual/{card.ascii()}.svg", alt, caption + badge, page))
        note = pairing.note_zh if lang == "zh" else pairing.note_en
        names = f"{name_zh}" if lang == "zh" else name_en
        rows.append(
            f"<tr><td>{_e(names)}</td><td>{_e(pairing.nickname)}</td><td>{a}-{b}</td>"
            f"<td>{_e(domino_zh if lang == 'zh' else domino_en)}</td><td>{_e(note)}</td></tr>"
        )
    head = (
        ("牌", "[000] 的叫法", "点子", "骨牌名", "依据")
        if lang == "zh"
        else ("Card", "Name in [000]", "Pips", "Domino", "Why")
    )
    table = (
        '<div class="cp-dual-table"><table><thead><tr>'
        + "".join(f"<th>{_e(h)}</th>" for h in head)
        + "</tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table></div>"
    )
    return f'<div class="cp-deck cp-nolink"><div class="cp-deck-row">{"".join(figures)}</div>{table}</div>'


def domino_grid(lang: str, page) -> str:
    blocks = []
    for class_zh, class_en, faces in dominoes.DOMINO_CLASSES:
        figures = []
        for a, b in faces:
            name_zh, name_en = dominoes.DOMINO_NAMES[(a, b)]
            main, _, alias = name_zh.partition("（")
            alias = alias.rstrip("）")
            if lang == "zh":
                alt = f"川牌 {name_zh}，点子{a}与{b}，红点 {dominoes.domino_red_pips(a, b)} 个"
                caption = f"{_e(main)}<small>{_e(alias + ' · ' if alias else '')}{a}-{b}</small>"
            else:
                alt = f"Sichuan long card {name_en}, pips {a} and {b}, {dominoes.domino_red_pips(a, b)} red"
                caption = f'<span lang="zh">{_e(main)}</span><small>{_e(name_en)} · {a}-{b}</small>'
            figures.append(_figure(f"dominoes/{a}-{b}.svg", alt, caption, page, " cp-deckcard-domino"))
        title = class_zh if lang == "zh" else f"{class_en} ({class_zh})"
        blocks.append(f'<div class="cp-deck-group"><p class="cp-deck-label">{_e(title)}</p>'
                      f'<div class="cp-deck-row">{"".join(figures)}</div></div>')  # fmt: skip
    return f'<div class="cp-deck cp-deck-groups cp-nolink">{"".join(blocks)}</div>'


def back_figure(lang: str, page) -> str:
    alt = "长牌的背面：黑色" if lang == "zh" else "The back of a long card: black"
    caption = "牌背" if lang == "zh" else "back"
    figure = _figure("back.svg", alt, caption, page)
    return f'<div class="cp-deck cp-nolink"><div class="cp-deck-row">{figure}</div></div>'


def sample_row(lang: str, page) -> str:
    """One card of each kind: the same 贰 red in Luzhou, a Leshan big (red) and small (black) card, a Wuchuan
    two-ended card and a Sichuan domino card, each captioned with where it belongs."""
    figures = []
    for scheme, ascii_name, place_zh, place_en in (
        ("luzhou", "2b", "泸州", "Luzhou"),
        ("leshan", "7b", "乐山", "Leshan"),
        ("leshan", "7s", "乐山", "Leshan"),
    ):
        card = Card.parse(ascii_name)
        red = card_art.card_is_red(card, scheme)
        tradition_zh, tradition_en = card_art.SCHEME_NAMES[scheme]
        name_zh, name_en = _card_names(card)
        face = card_art.card_face_char(card)
        if lang == "zh":
            alt, caption = f"{tradition_zh}的{name_zh}，{_colour(red, lang)}长牌", f"{face}<small>{place_zh}</small>"
        else:
            alt, caption = f"{name_en}, {_colour(red, lang)}, in the {tradition_en}", f"{face}<small>{place_en}</small>"
        figures.append(_figure(f"{scheme}/{ascii_name}.svg", alt, caption, page, " cp-deckcard-red" if red else ""))
    pairing = next(p for p in dominoes.DUAL_PAIRING if p.card == Card.parse("tb"))
    a, b = pairing.domino
    if lang == "zh":
        alt = f"务川一头点子一头字牌：一端大写拾，另一端骨牌{a}-{b}（天牌）"
        caption = "拾<small>务川</small>"
    else:
        alt = f"Wuchuan two-ended card: big ten at one end, domino {a}-{b} (Heaven) at the other"
        caption = "拾<small>Wuchuan</small>"
    red = card_art.card_is_red(pairing.card, "luzhou")  # Wuchuan reads 2, 7, 10 as red (see the sources page)
    figures.append(_figure("wuchuan-dual/tb.svg", alt, caption, page, " cp-deckcard-red" if red else ""))
    name_zh, name_en = dominoes.DOMINO_NAMES[(6, 6)]
    if lang == "zh":
        alt, caption = f"川牌 {name_zh}，点子6与6", "天牌<small>川牌</small>"
    else:
        alt, caption = (
            f"Sichuan long card {name_en}, pips 6 and 6",
            '<span lang="zh">天牌</span><small>Sichuan</small>',
        )
    figures.append(_figure("dominoes/6-6.svg", alt, caption, page, " cp-deckcard-domino"))
    return f'<div class="cp-deck cp-deck-sample cp-nolink"><div class="cp-deck-row">{"".join(figures)}</div></div>'


@shortcode("deck")
def deck_shortcode(args: list[str], lang: str, page) -> str:
    if len(args) != 1:
        raise ValueError("use {{cp deck luzhou|leshan|dual|dominoes|back|sample}}")
    which = args[0]
    if which in card_art.SCHEME_NAMES:
        return deck_grid(which, lang, page)
    if which == "dual":
        return dual_grid(lang, page)
    if which == "dominoes":
        return domino_grid(lang, page)
    if which == "back":
        return back_figure(lang, page)
    if which == "sample":
        return sample_row(lang, page)
    raise ValueError(f"unknown deck {which!r}: use luzhou, leshan, dual, dominoes, back or sample")
