"""Whole deals played by the computer players must come out exactly as the golden records say.

A guard for speed work on the deal's hot loop (issue 18): every Da Er rule set, several table sizes, both kinds
of computer player, the default options and a seeded mix of every option with listed choices. For each deal the
fixture keeps the actions as played (``simulate_one``, the benchmark's own path), how it ended, the win's points,
and one SHA-256 over what a replay of those actions shows at every step: the seats asked in the claim window,
each seat's legal actions, the one-step pass of everybody, the rule a few illegal actions break, the events of
each action, the viewer's snapshot and, at the end, the settlement. Any change in a rule, in the legal lists, in
what a refusal names or in what a step says changes a record, and the test names the first deal that differs.

The fixture was written once from the engine as it stood before the speed work (main at a8c0e96), with

    .venv/bin/python tests/engine/test_deal_golden.py --write

(run from the repository root, with ``engine`` importable). Rewrite it only for a deliberate change of
behaviour, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from changpai.bots.daer import simulate_one
from changpai.core.options import ANY_NUMBER
from changpai.daer.actions import Action, ActionType
from changpai.daer.deal import CLAIM, Deal
from changpai.daer.settlement import settle
from changpai.daer.traditions import RULESETS, get_play_rules
from changpai.decks.numerals import ALL_KINDS

FIXTURE = Path(__file__).parent / "golden" / "daer_deals.json"

TABLES = [
    ("luzhou-a", 4),
    ("luzhou-a", 3),
    ("luzhou-b", 4),
    ("luzhou-b", 3),
    ("leshan", 4),
    ("leshan", 3),
    ("leshan", 2),
    ("wuchuan", 4),
    ("wuchuan", 3),
    ("leshan-bazhang", 4),
    ("leshan-bazhang", 6),
    ("leshan-bazhang", 8),
    ("leshan-shisi", 3),
    ("leshan-shisi", 5),
    ("wuchuan-yibai", 3),
]
SEEDS = range(6)  # per table and kind of player, with the default options
MIXED_SEEDS = range(100, 104)  # per table, with a seeded choice for every option that lists its choices


def option_mix(rules: str, seed: int) -> dict[str, str]:
    """A seeded choice for each of the rule set's options that lists its choices (not the open numbers)."""
    rng = random.Random(f"{rules}/{seed}")
    mix = {}
    for option in RULESETS[rules].declared:
        choices = [key for key in option.choices if key != ANY_NUMBER]
        if choices:
            mix[option.name] = rng.choice(choices)
    return mix


def cases() -> list[tuple[str, int, int, str, dict[str, str]]]:
    out = []
    for rules, players in TABLES:
        assert players in get_play_rules(rules).players.value, (rules, players)
        for bot in ("simple", "random"):
            out += [(rules, players, seed, bot, {}) for seed in SEEDS]
        out += [(rules, players, seed, "simple", option_mix(rules, seed)) for seed in MIXED_SEEDS]
    return out


def _probes(deal: Deal) -> list[Action]:
    """Actions asked about at each step, legal or not: every seat's pass and win, and a claim of the face-up card
    of each kind; the discard of every kind by the seat to act."""
    out: list[Action] = []
    face_up = deal.exposed.card if deal.exposed is not None else None
    for seat in range(deal.players):
        out += [Action(ActionType.PASS, seat), Action(ActionType.WIN, seat), Action(ActionType.WIN, seat, face_up)]
        if face_up is not None:
            out += [Action(ActionType.PONG, seat, face_up), Action(ActionType.KONG, seat, face_up)]
    if deal.to_act is not None:
        out += [Action(ActionType.DISCARD, deal.to_act, card) for card in ALL_KINDS]
    return out


def observe(rules: str, players: int, seed: int, history: list[Action], options: dict[str, str]) -> str:
    """The SHA-256 of what a replay of ``history`` shows at every step (see the module docstring)."""
    deal = Deal.new(rules, players, seed=seed, options=options or None)
    seen: list[Any] = []
    for action in history:
        if deal.phase == CLAIM:
            seen.append(["to-move", deal.to_move(), str(deal.everybody_passes())])
        for seat in range(deal.players):
            seen.append([seat, [str(a) for a in deal.legal_actions(seat)]])
        for probe in _probes(deal):
            error = deal.broken_rule(probe)
            seen.append([str(probe), None if error is None else error.code])
        seen.append(deal.play(action))
        seen.append(deal.snapshot())
    seen.append(settle(deal).as_dict())
    text = json.dumps(seen, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def record(rules: str, players: int, seed: int, bot: str, options: dict[str, str]) -> dict[str, Any]:
    deal = simulate_one(rules, players, seed, bot=bot, options=options or None)
    win = deal.win
    return {
        "rules": rules,
        "players": players,
        "seed": seed,
        "bot": bot,
        "options": options,
        "history": " / ".join(str(a) for a in deal.history),
        "ended_by": deal.ended_by,
        "win": None if win is None else [win.seat, str(win.card), win.how, win.points, list(win.context)],
        "observed": observe(rules, players, seed, list(deal.history), options),
    }


def test_the_cases_cover_every_da_er_rule_set():
    assert {rules for rules, _ in TABLES} == set(RULESETS)


def test_deals_match_the_golden_records():
    golden = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert len(golden) == len(cases())
    for want in golden:
        got = record(want["rules"], want["players"], want["seed"], want["bot"], want["options"])
        assert got == want, f"{want['rules']} × {want['players']}, seed {want['seed']}, {want['bot']} players"


@pytest.mark.parametrize("seed", [7])
def test_a_changed_rule_changes_the_record(seed):
    """The records can fail: the same seed under another option plays out differently."""
    plain = record("luzhou-a", 4, seed, "simple", {})
    other = record("luzhou-a", 4, seed, "simple", {"pong_compulsory": "false", "eat_from": "prev-discard"})
    assert plain["observed"] != other["observed"]


def main() -> None:
    if sys.argv[1:] != ["--write"]:
        raise SystemExit(__doc__)
    rows = [record(*case) for case in cases()]
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} records to {FIXTURE}")


if __name__ == "__main__":
    main()
