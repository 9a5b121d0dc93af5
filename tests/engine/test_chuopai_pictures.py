"""Every 戳牌 card a widget can draw, the joker included, comes with its picture and words from the one home of both
(``chuopai.cards.PICTURE`` and ``picture_label``): the ``rules`` answer lists them all (the kiosk draws its cards
with it) and a lesson row gives each face's (the lesson widget and the static lesson use it)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from changpai.api import handle
from changpai.chuopai.cards import FACES, JOKER, PICTURE, SHORT, deck, picture_label

JOKERS = {"jokers": 2, "joker_play": "top"}
DOMINOES = Path(__file__).resolve().parents[2] / "docs" / "assets" / "cards" / "dominoes"


def _validate(answer: dict, definition: str) -> None:
    """The answer against schemas/api.schema.json, where the build's validator is at hand (not in Pyodide)."""
    if sys.platform == "emscripten":
        return
    from sitebuild.schemas import validate

    validate(answer, "api", "answer", definition=f"answers/{definition}")


@pytest.mark.parametrize("options", [None, JOKERS])
def test_the_rules_answer_draws_every_card_a_deck_can_hold(options):
    request = {"command": "rules", "name": "chuopai", **({"options": options} if options else {})}
    answer = handle(request)
    _validate(answer, "chuopai_rules")
    drawn = {p["face"]: p for p in answer["pictures"]}
    assert set(drawn) == {SHORT[f] for f in set(deck(5, 10))}  # the 21 faces and the joker
    for face in (*FACES, JOKER):
        assert drawn[SHORT[face]] == {
            "face": SHORT[face],
            "picture": PICTURE[face],
            "label": picture_label(face).as_dict(),
        }
    assert drawn["王"]["picture"] == "joker" and drawn["王"]["label"] == {"zh": "王（王牌）", "en": "王 (joker)"}


@pytest.mark.skipif(not DOMINOES.is_dir(), reason="the site's card pictures are not here (Pyodide)")
def test_every_picture_named_is_a_drawn_card():
    for p in handle({"command": "rules", "name": "chuopai"})["pictures"]:
        assert (DOMINOES / f"{p['picture']}.svg").is_file(), p


def test_a_lesson_row_draws_a_joker_with_its_words():
    answer = handle(
        {
            "command": "lesson",
            "rules": "chuopai",
            "ask": "beats",
            "position": {"led": "天", "play": "王"},
            **{"options": JOKERS},
        }
    )
    assert "error" not in answer, answer
    _validate(answer, "lesson")
    led, played = (r["faces"] for r in answer["rows"])
    assert led == [{"name": "天", "pips": "6-6", "label": picture_label(0).as_dict()}]
    assert played == [{"name": "王", "pips": "joker", "label": {"zh": "王（王牌）", "en": "王 (joker)"}}]
