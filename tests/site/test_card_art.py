"""The committed card images are exactly what sitebuild.card_art draws, and they draw the right things."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from changpai.daer.traditions import RULESETS, get_rules  # noqa: E402
from changpai.decks import dominoes  # noqa: E402
from changpai.decks.numerals import ALL_KINDS, Card  # noqa: E402

from sitebuild import card_art  # noqa: E402

CARDS_DIR = REPO / "docs" / "assets" / "cards"
SVG = "{http://www.w3.org/2000/svg}"


def is_red_by_tradition(card: Card, scheme: str) -> bool:
    """The colour a card has in the image folder ``scheme``, according to every engine rule set drawn there."""
    verdicts = {get_rules(name).is_red(card) for name in RULESETS if card_art.scheme_folder(name) == scheme}
    assert len(verdicts) == 1, f"rule sets drawn in {scheme}/ disagree about {card}"
    return verdicts.pop()


# [000] 红点点: red points per card (all-red faces count double); every other card scores none.
WUCHUAN_RED_POINTS = {"tb": 6, "9b": 4, "8b": 4, "7b": 16, "7s": 4, "6b": 1, "2b": 10, "ts": 1, "3s": 4, "1b": 4}


def parse(path: Path) -> ET.Element:
    return ET.parse(path).getroot()


def glyph_fill(root: ET.Element) -> str:
    (glyph,) = [p for p in root.iter(f"{SVG}path") if p.get("data-char")]
    return glyph.get("fill")


def pips(root: ET.Element) -> list[str]:
    """Fill colours of the pips of ONE domino face (a face drawn twice is defined once and used twice)."""
    return [c.get("fill") for c in root.iter(f"{SVG}circle")]


def test_committed_files_are_what_the_generator_draws(tmp_path):
    written = card_art.write_all(tmp_path)
    fresh = {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in written}
    committed = {p.relative_to(CARDS_DIR).as_posix(): p.read_bytes() for p in CARDS_DIR.rglob("*.svg")}
    assert sorted(committed) == sorted(fresh), "run `python -m sitebuild.card_art` and commit docs/assets/cards"
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert not stale, f"out of date (run `python -m sitebuild.card_art`): {stale[:5]}"


def test_every_deck_is_complete():
    names = {p.relative_to(CARDS_DIR).as_posix() for p in CARDS_DIR.rglob("*.svg")}
    for scheme in ("luzhou", "leshan"):
        assert {f"{scheme}/{c.ascii()}.svg" for c in ALL_KINDS} <= names
    dominoes = {n for n in names if n.startswith("dominoes/")}
    assert dominoes == {f"dominoes/{a}-{b}.svg" for a in range(1, 7) for b in range(a, 7)} | {"dominoes/joker.svg"}
    assert len(dominoes) == 21 + 1  # the 21 faces and the joker of a deck with jokers
    assert "back.svg" in names


@pytest.mark.parametrize("path", sorted(CARDS_DIR.rglob("*.svg")), ids=lambda p: p.relative_to(CARDS_DIR).as_posix())
def test_each_file_is_a_titled_self_contained_long_card(path):
    text = path.read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    title = root.find(f"{SVG}title")
    assert title is not None and title.text and len(title.text) > 5
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    assert 3.5 <= height / width <= 4.0
    # Outlined glyphs only: no text elements, no fonts, nothing fetched from elsewhere.
    assert root.find(f".//{SVG}text") is None
    assert "font" not in text and "http" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert all(ref.startswith("#") for ref in re.findall(r'href="([^"]*)"', text))
    assert len(text.encode()) < 8000


def test_every_rule_set_has_its_colours_drawn():
    folders = {name: card_art.scheme_folder(name) for name in RULESETS}
    assert folders["luzhou-a"] == folders["luzhou-b"] == folders["wuchuan"] == "luzhou"
    assert folders["leshan"] == "leshan"
    # the two schemes really differ, as the sources say ([001][004] against [003])
    assert is_red_by_tradition(Card(3, big=True), "leshan") and not is_red_by_tradition(Card(3, big=True), "luzhou")
    assert is_red_by_tradition(Card(7), "luzhou") and not is_red_by_tradition(Card(7), "leshan")


@pytest.mark.parametrize("scheme", ["luzhou", "leshan"])
def test_card_colours_follow_the_tradition(scheme):
    for card in ALL_KINDS:
        root = parse(CARDS_DIR / scheme / f"{card.ascii()}.svg")
        expected = card_art.RED if is_red_by_tradition(card, scheme) else card_art.INK
        assert glyph_fill(root) == expected, f"{scheme}/{card.ascii()}"
        assert card_art.card_face_char(card) in (root.find(f"{SVG}title").text or "")


def test_card_faces_show_the_right_numeral_at_both_ends():
    for card in ALL_KINDS:
        root = parse(CARDS_DIR / "luzhou" / f"{card.ascii()}.svg")
        (glyph,) = [p for p in root.iter(f"{SVG}path") if p.get("data-char")]
        assert Card.parse(glyph.get("data-char")) == card
        uses = root.findall(f"{SVG}use")
        assert len(uses) == 2 and sum("rotate(180" in u.get("transform") for u in uses) == 1


@pytest.mark.parametrize("a,b", sorted(dominoes.DOMINO_NAMES))
def test_domino_pips(a, b):
    root = parse(CARDS_DIR / "dominoes" / f"{a}-{b}.svg")
    fills = pips(root)
    assert len(fills) == a + b
    expected_red = 6 if (a, b) == (6, 6) else sum(n for n in (a, b) if n in (1, 4))
    assert fills.count(card_art.RED) == expected_red
    assert set(fills) <= {card_art.RED, card_art.INK}


def test_dual_cards_agree_with_wuchuan_red_points():
    """The pairing is read from [000]; its red-point table must come out of the drawn pips."""
    drawn = sorted(p.stem for p in (CARDS_DIR / "wuchuan-dual").glob("*.svg"))
    assert drawn == sorted(p.card.ascii() for p in dominoes.DUAL_PAIRING)
    assert len({p.domino for p in dominoes.DUAL_PAIRING}) == len(dominoes.DUAL_PAIRING)
    for pairing in dominoes.DUAL_PAIRING:
        root = parse(CARDS_DIR / "wuchuan-dual" / f"{pairing.card.ascii()}.svg")
        fills = pips(root)
        assert len(fills) == sum(pairing.domino)
        red = fills.count(card_art.RED)
        points = red * 2 if red == len(fills) else red
        assert points == WUCHUAN_RED_POINTS.get(pairing.card.ascii(), 0), pairing.card.ascii()
        expected = card_art.RED if is_red_by_tradition(pairing.card, "luzhou") else card_art.INK
        assert glyph_fill(root) == expected


def test_every_chuopai_face_the_engine_names_has_its_picture_and_the_joker_is_a_red_wang_at_both_ends():
    from changpai.chuopai.cards import ALL_FACES, JOKER, PICTURE, PIPS

    for face in ALL_FACES:  # the engine's one mapping of a face to its picture, the joker included
        assert (CARDS_DIR / "dominoes" / f"{PICTURE[face]}.svg").is_file(), PICTURE[face]
        if face != JOKER:
            assert PICTURE[face] == "-".join(map(str, PIPS[face]))
    root = parse(CARDS_DIR / "dominoes" / f"{PICTURE[JOKER]}.svg")
    assert glyph_fill(root) == card_art.RED
    (glyph,) = [p for p in root.iter(f"{SVG}path") if p.get("data-char")]
    assert glyph.get("data-char") == "王"
    assert not pips(root)  # a joker has no pips
    turned = [u for u in root.iter(f"{SVG}use") if "rotate(180" in (u.get("transform") or "")]
    assert len(turned) == 1  # the same end again, turned round, as every long card
    assert "王牌" in (root.find(f"{SVG}title").text or "") and "joker" in (root.find(f"{SVG}title").text or "")
