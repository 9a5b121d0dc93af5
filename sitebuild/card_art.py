"""Draw every long card as a small, self-contained SVG.

Run ``python -m sitebuild.card_art [OUT_DIR]`` (default ``docs/assets/cards``) to regenerate:

* ``luzhou/<ascii>.svg``  the 20 kinds, 2/7/10 red in both cases (Luzhou [001][004], Wuchuan's reading of [000]);
* ``leshan/<ascii>.svg``  the 20 kinds, big cards red, small black ([003]);
* ``wuchuan-dual/<ascii>.svg``  the Wuchuan "one end pips, one end numeral" cards (一头点子一头字, [000]),
  drawn only for the kinds whose domino partner can be read from [000]/[002] (see ``DUAL_PAIRING``);
* ``dominoes/<a>-<b>.svg``  the 21 faces of the Sichuan long cards (川牌, [002]);
* ``dominoes/joker.svg``  the joker (王牌) of a 戳牌 deck with jokers, our own plain drawing (no source shows one);
* ``back.svg``  the black back ([000]: backs are usually black, faces white or yellow).

Glyphs are outlines taken from AR PL UKai (a Kai, brush-style face) with fontTools, so the files need no
web font and look the same wherever they are shown as ``<img>``. Output is deterministic: the test
regenerates into a temporary folder and compares byte for byte with the committed files.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from changpai.daer.traditions import get_rules
from changpai.decks.dominoes import DOMINO_NAMES, DUAL_PAIRING, RED_PIP_NUMBERS, DualPairing, domino_red_pips
from changpai.decks.numerals import ALL_KINDS, Card

FONT_FILE = Path("/usr/share/fonts/truetype/arphic/ukai.ttc")
FONT_NUMBER = 0  # AR PL UKai CN
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "docs" / "assets" / "cards"

# Card faces use the traditional forms of the big numerals, as printed and hand-written cards do.
BIG_FACE = "壹貳叄肆伍陸柒捌玖拾"
SMALL_FACE = "一二三四五六七八九十"
SMALL_NAMES_EN = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

# Geometry, in SVG user units. 100 × 380 is 1 : 3.8, the long narrow shape of the real cards.
WIDTH, HEIGHT, CORNER = 100, 380, 7
PAPER = "#f3e8d0"  # [000]: faces are white or yellow
EDGE = "#6f5b40"
FRAME = "#b39c78"
RED = "#b8241c"  # vermilion
INK = "#1e1a17"
BACK = "#1d1916"  # [000]: backs are usually black
BACK_LINE = "#8a7552"
GLYPH_BOX = (12, 12, 88, 104)  # x0, y0, x1, y1 of the numeral at the top end
GLYPH_WEIGHT = 22  # extra stroke in font units: thickens the thin Kai strokes like a loaded brush


def card_face_char(card: Card) -> str:
    return (BIG_FACE if card.big else SMALL_FACE)[card.number - 1]


# Image folder per engine colour scheme (RuleSet.red_scheme): 2/7/10 red [001][004] (and Wuchuan's reading of
# [000]) or every big card red [003]. The colours themselves come from the engine, the one home of the rule.
SCHEME_FOLDERS = {"two-seven-ten": "luzhou", "big": "leshan"}
FOLDER_RULES = {"luzhou": "luzhou-a", "leshan": "leshan"}  # a rule set that uses each folder's colours


def scheme_folder(rules_name: str) -> str:
    """The card-image folder for a rule set, e.g. ``scheme_folder("wuchuan") == "luzhou"``."""
    return SCHEME_FOLDERS[get_rules(rules_name).red_scheme.value]


def card_is_red(card: Card, scheme: str) -> bool:
    """Whether ``card`` is printed red in the image folder ``scheme`` ("luzhou" or "leshan"), as the engine says."""
    if scheme not in FOLDER_RULES:
        raise ValueError(f"unknown colour scheme {scheme!r}: use {', '.join(FOLDER_RULES)}")
    return get_rules(FOLDER_RULES[scheme]).is_red(card)


# --- glyph outlines ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Glyph:
    path: str  # SVG path data in font units, y pointing down
    bounds: tuple[float, float, float, float]  # x0, y0, x1, y1 of the outline, y pointing down


@cache
def _font():
    from fontTools.ttLib import TTFont

    if not FONT_FILE.is_file():
        raise FileNotFoundError(f"{FONT_FILE} is missing: the card glyphs come from it (apt install fonts-arphic-ukai)")
    return TTFont(str(FONT_FILE), fontNumber=FONT_NUMBER, lazy=True)


@cache
def glyph(char: str) -> Glyph:
    """The outline of one character from the Kai face, with integer coordinates and y flipped."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    font = _font()
    name = font.getBestCmap().get(ord(char))
    if name is None:
        raise ValueError(f"{FONT_FILE.name} has no glyph for {char!r}")
    glyph_set = font.getGlyphSet()
    svg_pen = SVGPathPen(glyph_set, ntos=lambda v: str(round(v)))
    glyph_set[name].draw(TransformPen(svg_pen, (1, 0, 0, -1, 0, 0)))
    bounds_pen = BoundsPen(glyph_set)
    glyph_set[name].draw(bounds_pen)
    x0, y0, x1, y1 = bounds_pen.bounds
    return Glyph(svg_pen.getCommands(), (x0, -y1, x1, -y0))


def _fit(g: Glyph, box: tuple[float, float, float, float]) -> str:
    """A transform that scales ``g`` to fit ``box`` (keeping its shape) and centres it there."""
    x0, y0, x1, y1 = g.bounds
    bx0, by0, bx1, by1 = box
    pad = GLYPH_WEIGHT / 2
    scale = min((bx1 - bx0) / (x1 - x0 + 2 * pad), (by1 - by0) / (y1 - y0 + 2 * pad))
    tx = (bx0 + bx1) / 2 - scale * (x0 + x1) / 2
    ty = (by0 + by1) / 2 - scale * (y0 + y1) / 2
    return f"translate({_num(tx)} {_num(ty)}) scale({_num(scale, 4)})"


def _num(value: float, digits: int = 2) -> str:
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# --- SVG pieces ----------------------------------------------------------------------------------


def _svg(title: str, body: str, *, face: bool = True) -> str:
    fill, edge = (PAPER, EDGE) if face else (BACK, BACK)
    frame = FRAME if face else BACK_LINE
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}"'
        f' role="img"><title>{_escape(title)}</title>'
        f'<rect x="0.7" y="0.7" width="{WIDTH - 1.4}" height="{HEIGHT - 1.4}" rx="{CORNER}"'
        f' fill="{fill}" stroke="{edge}" stroke-width="1.4"/>'
        f'<rect x="5" y="5" width="{WIDTH - 10}" height="{HEIGHT - 10}" rx="{CORNER - 3}"'
        f' fill="none" stroke="{frame}" stroke-width="0.8"/>'
        f"{body}</svg>\n"
    )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _glyph_def(char: str, colour: str, ident: str = "g") -> str:
    g = glyph(char)
    return (
        f'<defs><path id="{ident}" d="{g.path}" fill="{colour}" stroke="{colour}"'
        f' stroke-width="{GLYPH_WEIGHT}" stroke-linejoin="round" data-char="{char}"/></defs>'
    )


def _glyph_use(char: str, ident: str = "g", rotate: bool = False) -> str:
    transform = _fit(glyph(char), GLYPH_BOX)
    if rotate:
        transform = f"rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g}) {transform}"
    return f'<use href="#{ident}" transform="{transform}"/>'


def _mid_mark(colour: str) -> str:
    """A small lozenge at the middle of the face: the eye finds the card's centre line when fanned."""
    cx, cy, r = WIDTH / 2, HEIGHT / 2, 5
    return (
        f'<path d="M{cx:g} {cy - r:g}L{cx + r:g} {cy:g}L{cx:g} {cy + r:g}L{cx - r:g} {cy:g}Z" fill="{colour}"'
        f' opacity="0.85"/>'
        f'<path d="M22 {cy:g}H{cx - r - 5:g}M{cx + r + 5:g} {cy:g}H78" stroke="{colour}" stroke-width="0.8"'
        f' opacity="0.6"/>'
    )


def _card_title(card: Card, red: bool, tradition_zh: str, tradition_en: str) -> str:
    case_zh = "大写" if card.big else "小写"
    colour_zh, colour_en = ("红", "red") if red else ("黑", "black")
    return (
        f"{card_face_char(card)}（{case_zh}{SMALL_FACE[card.number - 1]}，{colour_zh}，{tradition_zh}）"
        f" · {card.case_name.en} {SMALL_NAMES_EN[card.number - 1]}, {colour_en} ({tradition_en})"
    )


SCHEME_NAMES = {
    "luzhou": ("泸州、务川配色", "Luzhou and Wuchuan colours"),
    "leshan": ("乐山配色", "Leshan colours"),
}


def card_svg(card: Card, scheme: str) -> str:
    """One numeral card: the numeral at the top, the same numeral turned round at the bottom (两头牌, [000])."""
    red = card_is_red(card, scheme)
    colour = RED if red else INK
    char = card_face_char(card)
    body = _glyph_def(char, colour) + _glyph_use(char) + _glyph_use(char, rotate=True) + _mid_mark(colour)
    return _svg(_card_title(card, red, *SCHEME_NAMES[scheme]), body)


def back_svg() -> str:
    inner = (
        f'<rect x="11" y="11" width="{WIDTH - 22}" height="{HEIGHT - 22}" rx="2" fill="none"'
        f' stroke="{BACK_LINE}" stroke-width="0.6"/>' + _mid_mark(BACK_LINE)
    )
    return _svg("牌背（黑色）· card back (black)", inner, face=False)


# --- domino faces --------------------------------------------------------------------------------

# Pip places inside one half, as (column, row) in -1..1, for a face lying ACROSS the card ([002]: in Sichuan
# the faces are printed crosswise), so a six shows two rows of three.
PIP_PLACES: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)),
}
DOMINO_BOX = (9, 14, 91, 70)  # the face at the top end: two square-ish halves side by side


def _pips(n: int, cx: float, cy: float, half_six_red: bool) -> str:
    step_x, step_y = 11.5, 14
    out = []
    for col, row in PIP_PLACES[n]:
        red = n in RED_PIP_NUMBERS or (half_six_red and row == -1)
        r = 9 if n == 1 else 5
        out.append(
            f'<circle cx="{_num(cx + col * step_x)}" cy="{_num(cy + row * step_y)}" r="{r}"'
            f' fill="{RED if red else INK}"/>'
        )
    return "".join(out)


def _domino_group(a: int, b: int) -> str:
    x0, y0, x1, y1 = DOMINO_BOX
    mid_x, mid_y = (x0 + x1) / 2, (y0 + y1) / 2
    six_six = (a, b) == (6, 6)
    return (
        f'<g><rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="5" fill="none" stroke="{INK}"'
        f' stroke-width="1.2"/><path d="M{mid_x:g} {y0 + 5}V{y1 - 5}" stroke="{INK}" stroke-width="1"/>'
        + _pips(a, (x0 + mid_x) / 2, mid_y, six_six)
        + _pips(b, (mid_x + x1) / 2, mid_y, six_six)
        + "</g>"
    )


def _domino_title(a: int, b: int) -> str:
    zh, en = DOMINO_NAMES[(a, b)]
    return f"川牌 {zh}（{a}-{b}）· Sichuan long card {en} ({a}-{b})"


def domino_svg(a: int, b: int) -> str:
    """A 川牌 face: the domino at the top end and again, turned round, at the bottom."""
    group = _domino_group(a, b)
    body = (
        f'<defs><g id="d">{group}</g></defs><use href="#d"/>'
        f'<use href="#d" transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})"/>'
        + _mid_mark(RED if domino_red_pips(a, b) else INK)
    )
    return _svg(_domino_title(a, b), body)


JOKER_CHAR = "王"  # the joker's own name on the card; no source draws one (see ``chuopai.options.JOKERS``)
JOKER_BOX = (12, 14, 88, 90)  # the framed field at the top end, where a domino face would be


def joker_svg() -> str:
    """The joker (王牌) of a 戳牌 deck with jokers: a plain card with the character 王 in red inside a ruled
    field at each end, where a domino face has its pips. No source describes one (a collector's deck has jokers:
    ``chuopai.options.JOKERS``), so this is a drawing of ours in the style of the other faces."""
    x0, y0, x1, y1 = JOKER_BOX
    field = (
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="5" fill="none" stroke="{RED}"'
        f' stroke-width="1.2"/><rect x="{x0 + 4}" y="{y0 + 4}" width="{x1 - x0 - 8}" height="{y1 - y0 - 8}" rx="3"'
        f' fill="none" stroke="{RED}" stroke-width="0.6"/>'
    )
    inner = (x0 + 8, y0 + 8, x1 - 8, y1 - 8)
    end = field + f'<use href="#g" transform="{_fit(glyph(JOKER_CHAR), inner)}"/>'
    body = (
        _glyph_def(JOKER_CHAR, RED)
        + f'<g id="j">{end}</g><use href="#j" transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})"/>'
        + _mid_mark(RED)
    )
    return _svg("川牌 王牌（本站画的样子）· Sichuan long card: joker (our drawing)", body)


def dual_svg(pairing: DualPairing) -> str:
    """A Wuchuan 一头点子一头字 card: the numeral at the top end, its domino partner at the bottom end."""
    card = pairing.card
    red = card_is_red(card, "luzhou")
    colour = RED if red else INK
    char = card_face_char(card)
    a, b = pairing.domino
    body = (
        _glyph_def(char, colour)
        + _glyph_use(char)
        + f'<g transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">{_domino_group(a, b)}</g>'
        + _mid_mark(colour)
    )
    zh, en = DOMINO_NAMES[pairing.domino]
    reading = "（推断）" if pairing.inferred else ""
    reading_en = ", inferred" if pairing.inferred else ""
    title = (
        f"务川一头点子一头字牌：{char}／{zh}{reading}"
        f" · Wuchuan two-ended card: {card.case_name.en} {SMALL_NAMES_EN[card.number - 1]} / {en}{reading_en}"
    )
    return _svg(title, body)


# --- writing -------------------------------------------------------------------------------------


def all_files() -> dict[str, str]:
    """Every card image, keyed by its path under the cards folder."""
    files: dict[str, str] = {"back.svg": back_svg()}
    for scheme in SCHEME_NAMES:
        for card in ALL_KINDS:
            files[f"{scheme}/{card.ascii()}.svg"] = card_svg(card, scheme)
    for pairing in DUAL_PAIRING:
        files[f"wuchuan-dual/{pairing.card.ascii()}.svg"] = dual_svg(pairing)
    for a, b in DOMINO_NAMES:
        files[f"dominoes/{a}-{b}.svg"] = domino_svg(a, b)
    files["dominoes/joker.svg"] = joker_svg()
    return files


def write_all(out_dir: Path = DEFAULT_OUT) -> list[Path]:
    written = []
    for rel, text in sorted(all_files().items()):
        path = out_dir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out_dir = Path(args[0]) if args else DEFAULT_OUT
    written = write_all(out_dir)
    total = sum(p.stat().st_size for p in written)
    print(f"wrote {len(written)} card images to {out_dir} ({total / 1024:.1f} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
