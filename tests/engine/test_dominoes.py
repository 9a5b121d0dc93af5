"""decks/dominoes.py: the 21 Sichuan domino faces, their classes, and the Wuchuan two-ended card pairing."""

from itertools import combinations_with_replacement

from changpai.decks.dominoes import DOMINO_CLASSES, DOMINO_NAMES, DUAL_PAIRING, domino_red_pips
from changpai.decks.numerals import ALL_KINDS


def test_there_is_one_name_for_each_of_the_21_faces():
    faces = set(combinations_with_replacement(range(1, 7), 2))
    assert set(DOMINO_NAMES) == faces
    assert len(faces) == 21
    assert all(zh and en for zh, en in DOMINO_NAMES.values())


def test_the_classes_of_002_hold_every_face_once():
    listed = [face for _zh, _en, faces in DOMINO_CLASSES for face in faces]
    assert sorted(listed) == sorted(DOMINO_NAMES)


def test_red_pips_are_the_ones_and_fours_and_half_of_heaven():
    assert domino_red_pips(1, 4) == 5
    assert domino_red_pips(2, 4) == 4
    assert domino_red_pips(3, 5) == 0
    assert domino_red_pips(6, 6) == 6  # 天: half of the twelve


def test_each_two_ended_card_pairs_with_one_face_and_each_face_with_one_card():
    cards = [p.card for p in DUAL_PAIRING]
    faces = [p.domino for p in DUAL_PAIRING]
    assert len(set(cards)) == len(cards) and len(set(faces)) == len(faces)
    assert set(cards) <= set(ALL_KINDS)
    assert set(faces) <= set(DOMINO_NAMES)
    # where the sources name the card outright it is not marked as our reading
    assert {p.card.ascii() for p in DUAL_PAIRING if not p.inferred} >= {"tb", "8b", "7b", "6b", "ts"}
