"""Hostile input for the engine facade: valid requests to start from, mutations of them, corrupted records,
and the test of an answer (a located bilingual error or a real answer, never an internal error).

Used by tests/engine/test_hardening_*.py (small N) and benchmarks/fuzz_api.py (large N). Only the public
facade is used (``changpai.api.handle`` / ``handle_json``), so the kit does not depend on the engine's layout.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

from changpai.api import handle

HAND = "二七十 贰柒拾 壹贰叁 肆伍陆 七八九 五五五 伍伍"
RECORD_NAME = "fuzz.yml"
# A located error names a field, a step or a file line; a record error names the file and line.
_FILE_LINE = re.compile(re.escape(RECORD_NAME) + r":\d+")

# Values that have broken parsers before: wrong types, unhashable values, non-ASCII digits, huge numbers.
HOSTILE: list[Any] = [
    None,
    True,
    0,
    -1,
    5,
    1.0,
    float("inf"),
    10**40,
    "",
    " ",
    "0",
    "²",
    "٣",
    "𝟘",
    "² pass",
    "٠ discard 七",
    "一" * 5000,
    "x" * 300,
    [],
    [1],
    {},
    {"zh": 1, "en": [2]},
    {"a": {"b": []}},
    "\ufeff",
    "\x00",
    "name",
    "七 " * 50_000,  # big values: each must be refused early, not read in full
    [{"set": "pong", "cards": "七七七"}] * 1000,
    {f"k{i}": "v" for i in range(1000)},
]
OPTION_NAMES = [
    "name",
    "self",
    "rules",
    "options",
    "players",
    "values",
    "dealer_cards",
    "player_cards",
    "xiaojia_cards",
]
OPTION_VALUES: list[Any] = [-5, 0, 1, 2, 21, 80, 10**6, "21", True, None, [], "kan", "pong"]


def deep(depth: int) -> list[Any]:
    """A list nested ``depth`` levels (built without recursion)."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def problem(answer: Any) -> str | None:
    """``None`` if ``answer`` is a real answer or a located bilingual error; else what is wrong with it."""
    if not isinstance(answer, dict):
        return f"not a dict: {type(answer).__name__}"
    error = answer.get("error")
    if error is None:
        return None
    if error.get("code") == "internal":
        return f"internal: {error.get('en')}"
    where = error.get("where")
    if not isinstance(where, str) or not where:
        return f"unlocated {error.get('code')}: {error.get('en')}"
    if not error.get("zh") or not error.get("en"):
        return f"not bilingual {error.get('code')}"
    return None


def seed_requests(seed: int = 4) -> list[dict[str, Any]]:
    """One valid request of each command, from a live deal of each table kind."""
    out: list[dict[str, Any]] = [
        {"command": "version"},
        {"command": "rules"},
        {"command": "rules", "name": "leshan", "options": {"win_on_pair": "pong"}},
        {"command": "score", "rules": "leshan", "hand": HAND, "win_card": "伍", "from": "discard"},
        {"command": "waits", "rules": "leshan", "hand": HAND, "seen": "伍"},
        {"command": "play_rules"},
        {"command": "play_rules", "name": "wuchuan"},
    ]
    for rules, players in (("luzhou-a", 4), ("leshan", 3), ("leshan", 4), ("wuchuan", 4)):
        answer = handle({"command": "new_deal", "rules": rules, "players": players, "seed": seed})
        state = answer["state"]
        out.append({"command": "new_deal", "rules": rules, "players": players, "seed": seed, "dealer": 0})
        out.append({"command": "legal_actions", "state": state, "seat": 0})
        out.append({"command": "bot_move", "state": state, "bot": "simple", "seed": 1})
        out.append({"command": "deal_record", "state": state, "title": {"zh": "题", "en": "title"}})
        if answer["legal"]:
            out.append({"command": "apply", "state": state, "action": answer["legal"][0]["text"]})
        record = handle({"command": "deal_record", "state": state})["record"]
        out.append({"command": "frames", "record": record, "name": RECORD_NAME})  # a record's data
    return out


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into the JSON-like ``value`` (dict keys and list indexes)."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list) and len(value) <= 30:
        for i, item in enumerate(value):
            out.extend(_paths(item, (*prefix, i)))
    return out


def _set(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    holder = value
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = new
    return value


def _edit_text(text: str, rng: random.Random) -> str:
    if not text:
        return rng.choice(["七", "x", "0 pass"])
    i = rng.randrange(len(text))
    kind = rng.randrange(4)
    if kind == 0:
        return text[:i] + text[i + 1 :]
    if kind == 1:
        return text[:i] + rng.choice("一七十壹拾x 0²٣\ufeff") + text[i:]
    if kind == 2:
        return text[:i] + text[i] * 5 + text[i:]
    return text[:i]


def mutate(request: dict[str, Any], rng: random.Random) -> Any:
    """A random hostile variant of a valid request (one to three edits anywhere in it)."""
    out = copy.deepcopy(request)
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(8)
        paths = [p for p in _paths(out) if p != ("command",)]
        path = rng.choice(paths) if paths else ()
        if kind == 0:
            return rng.choice(HOSTILE)  # not even a dict
        if kind in (1, 2) and path:
            out = _set(out, path, copy.deepcopy(rng.choice(HOSTILE)))
        elif kind == 3 and path:
            holder = out
            for key in path[:-1]:
                holder = holder[key]
            del holder[path[-1]]
        elif kind == 4:
            text_paths = [p for p in _paths(out) if isinstance(_get(out, p), str) and p != ("command",)]
            if text_paths:
                p = rng.choice(text_paths)
                out = _set(out, p, _edit_text(_get(out, p), rng))
        elif kind == 5:
            out["options"] = {rng.choice(OPTION_NAMES): rng.choice(OPTION_VALUES)}
        elif kind == 6 and isinstance(out, dict):
            out[rng.choice(["state", "hand", "seed", "dealer", "players", "table", "wishes", "title"])] = deep(
                rng.choice([50, 3000])
            )
            return out  # nothing more is edited inside a deep value
        elif kind == 7 and isinstance(out, dict):
            out[rng.choice(["seed", "dealer", "players", "seat"])] = rng.choice([10**400, -(10**18), 2**63, -7])
        if not isinstance(out, dict):
            return out
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def corrupt_record(text: str, rng: random.Random) -> str:
    """A damaged copy of a record's YAML text: lines dropped, doubled, edited, numbers changed, a BOM."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(7)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        elif kind == 2:
            lines[i] = _edit_text(lines[i], rng)
        elif kind == 3:
            lines[i] = re.sub(r"\d+", lambda _m: str(rng.choice([-1, 0, 1, 2, 3, 4, 5, 99, 10**30])), lines[i])
        elif kind == 4 and not lines[0].startswith("\ufeff"):  # one byte-order mark, as an editor writes it
            lines[0] = "\ufeff" + lines[0]
        elif kind == 5:
            lines.insert(i, rng.choice(["players: 2", "players: 4", "dealer: 3", "seed: 9", "junk: 1", "  - 七"]))
        else:
            lines[i] = "  " + lines[i]
        if not lines:
            lines = [""]
    return "\n".join(lines) + "\n"


def replay_text(text: str, name: str = RECORD_NAME) -> dict[str, Any]:
    """A record file's text read as the command line and the build read it (``changpai.yamlfile``, which keeps
    the line of every key) and replayed into the viewer's frames: the frames, or ``{"error": …}``."""
    from changpai.core.text import ChangpaiError
    from changpai.daer.record import DealRecord, frames
    from changpai.yamlfile import loads_located

    try:
        data, lines = loads_located(text, name)
        return frames(DealRecord.from_data(data, lines=lines, name=name), name)
    except ChangpaiError as error:
        return {"error": error.as_dict()}
    except Exception as error:  # the reader promises a located error; anything else is a fault
        return {"error": {"code": "internal", "where": None, "zh": "", "en": f"{type(error).__name__}: {error}"}}


def record_text(record: dict[str, Any]) -> str:
    """A record's data (``deal_record`` answers it) written as a file."""
    from changpai.yamlfile import dumps

    return dumps(record)


def record_outcome(answer: dict[str, Any]) -> str:
    """``"read"``, ``"refused"`` (with the file and line), or a description of what is wrong."""
    wrong = problem(answer)
    if wrong is not None:
        return wrong
    error = answer.get("error")
    if error is None:
        return "read"
    if _FILE_LINE.search(error.get("where") or "") or _FILE_LINE.search(error.get("en") or ""):
        return "refused"
    return f"refused without file:line {error.get('code')}: {error.get('en')}"


def handle_text(text: str) -> Any:
    """``handle_json`` of ``text``, decoded again (handle_json must answer JSON text)."""
    from changpai.api import handle_json

    return json.loads(handle_json(text))


# ----------------------------------------------------------------------------- deals with injected violations


def _engine() -> Any:
    """The engine modules the deal checks need (imported late: the facade above needs none of them)."""
    import types

    from changpai.bots import faulty
    from changpai.daer import deal, record, settlement
    from changpai.decks import numerals

    return types.SimpleNamespace(faulty=faulty, deal=deal, record=record, settlement=settlement, cards=numerals)


def card_problems(deal: Any) -> list[str]:
    """Every card counted where the viewer sees it (hands, laid sets, piles, the card on the table, 小家's
    private card), plus the unturned stock and a card cut out of play: four of each kind, none lost."""
    eng = _engine()
    view = deal.snapshot()
    seen: list[Any] = []
    for text in view["hands"] + view["discards"]:
        seen += eng.cards.parse_cards(text)
    for melds in view["melds"]:
        for meld in melds:
            seen += eng.cards.parse_cards(meld["cards"])
    for text in (view["face_up"], (view["private"] or {}).get("card"), deal.cut_card and str(deal.cut_card)):
        if text:
            seen += eng.cards.parse_cards(text)
    seen += list(deal.stock[deal.turned :])
    counts = {str(card): n for card, n in Counter_(seen).items()}
    wrong = {card: n for card, n in counts.items() if n != 4}
    missing = [str(card) for card in set(eng.cards.DECK) if str(card) not in counts]
    if wrong or missing:
        return [f"cards not conserved: {wrong} missing {missing}"]
    return []


def Counter_(items: list[Any]) -> dict[Any, int]:
    out: dict[Any, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return out


def deal_problems(deal: Any) -> list[str]:
    """The invariants of a finished deal with violations, checked independently of the settlement code."""
    eng = _engine()
    out = card_problems(deal)
    if not deal.over:
        out.append("the deal did not finish")
    payments = eng.settlement.settle(deal).payments
    if sum(payments) != 0:
        out.append(f"payments {payments} do not sum to 0")
    violators = {v.seat for v in deal.violations}
    play = deal.play_rules
    barred = play.penalty.value == "barred"  # Luzhou: a violator may not win; where 包牌 is paid, play goes on
    if barred and deal.win is not None and deal.win.seat in violators:
        out.append(f"seat {deal.win.seat} broke a rule and won")
    if deal.win is None and deal.ended_by == "violation":  # (a drawn deal may also pay a fee: Wuchuan 数底费)
        expected = [0] * deal.table.size
        if play.penalty.value == "pay-each":
            for v in deal.violations:
                for other in range(deal.table.size):
                    if other != v.seat and (play.penalty_paid_to.value == "all" or other in deal.table.active):
                        expected[other] += play.penalty_amount.value
                        expected[v.seat] -= play.penalty_amount.value
        if list(payments) != expected:
            out.append(f"ended by a violation: payments {payments}, the penalties alone give {expected}")
    record = eng.record.DealRecord.from_deal(deal).to_data()  # as data: the site's worker replays it so
    answer = handle({"command": "frames", "record": record, "name": RECORD_NAME})
    if "error" in answer:
        out.append(f"its record does not replay: {answer['error']['en']}")
    else:
        last = answer["steps"][-1]["settlement"]
        if last is None or last["payments"] != list(payments):
            out.append(f"its record replays to other payments: {last and last['payments']} vs {payments}")
    return out


def faulty_deal(rules: str, players: int, seed: int, rate: float = 0.05) -> tuple[Any, list[Any], list[str]]:
    """A seeded deal played by fault-injecting players: (deal, violations committed, problems seen on the way)."""
    eng = _engine()
    problems: list[str] = []

    class Checked(eng.faulty.FaultyBot):  # type: ignore[misc, name-defined]
        """Checks the cards after every violation committed (the step after a fault)."""

        def fault(self, deal: Any, seat: int) -> Any:
            if len(deal.violations) != self.seen:
                self.seen = len(deal.violations)
                problems.extend(f"after {deal.violations[-1].code}: {p}" for p in card_problems(deal))
            return super().fault(deal, seat)

    rng = random.Random(seed)
    deal = eng.deal.Deal.new(rules, players, rng=rng, seed=seed)
    bots = []
    for _ in range(players):
        bot = Checked(random.Random(rng.getrandbits(64)), rate)
        bot.seen = 0
        bots.append(bot)
    try:
        deal, faults = eng.faulty.play_out_with_faults(deal, bots)
    except Exception as error:  # a stuck or broken deal is a broken invariant, reported with the last steps
        last = ", ".join(str(a) for a in deal.history[-3:])
        codes = [v.code for v in deal.violations]
        return deal, [], [f"{type(error).__name__}: {error} after {last} (violations {codes})"]
    return deal, faults, problems
