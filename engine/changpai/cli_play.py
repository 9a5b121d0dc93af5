"""Command-line subcommands for whole deals: ``record``, ``replay`` and ``simulate``.

``python -m changpai record --rules luzhou-a --players 4 --seed 7``
    prints the record (YAML) of one deal played by computer players.
``python -m changpai replay FILE``
    replays a record: exit 0 and a one-line summary, or exit 2 and ``step N: <reason>``.
``python -m changpai simulate --rules leshan --players 3 --deals 1000 --seed 1``
    prints a JSON summary: deals, wins, no-winner deals, wins by seat, how often each pattern or win
    class was scored, and the largest absolute sum of one deal's payments (always 0).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from .cli import EXIT_BAD_INPUT, EXIT_OK, InputError, subcommand, write_json
from .deal import Deal
from .players import BOTS, make_players, play_out
from .record import DealRecord, replay
from .settlement import settle
from .table import seat_name
from .text import ChangpaiError


def _value(text: str) -> Any:
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        return text


def _options(pairs: list[str] | None) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InputError(f"--option {pair!r}: write it as NAME=VALUE / 选项应写成 名称=值")
        out[key.strip()] = _value(value.strip())
    return out or None


def _deal_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", required=True, help="luzhou-a, luzhou-b, leshan or wuchuan")
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="people at the table (default: 4, or 3 for Leshan's maximum without 小家)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed for the shuffle and the computer players")
    parser.add_argument("--bot", choices=sorted(BOTS), default="simple", help="computer player")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE", help="a rule or play option (repeatable)")


def _play(rules: str, players: int | None, seed: int, bot: str, options: dict[str, Any] | None) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(rules, players, rng=rng, seed=seed, options=options)
    return play_out(deal, make_players(deal, rng, bot))


@subcommand("record", "play one deal with computer players and print its record (YAML)", _deal_arguments)
def _record(args: argparse.Namespace) -> int:
    try:
        deal = _play(args.rules, args.players, args.seed, args.bot, _options(args.option))
    except ChangpaiError as error:
        raise InputError(str(error)) from None
    record = DealRecord.from_deal(deal)
    sys.stdout.buffer.write(record.to_text().encode("utf-8"))
    return EXIT_OK


def _configure_replay(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a deal record (.yml)")


@subcommand("replay", "check a deal record step by step", _configure_replay)
def _replay(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{path}: cannot read ({error}) / 无法读取文件") from None
    try:
        record = DealRecord.from_text(text, path.name)
        deal, _ = replay(record)
    except ChangpaiError as error:
        where = f"{error.where}: " if error.where else ""
        print(f"{where}{error.text.en} / {error.text.zh}", file=sys.stderr)
        return EXIT_BAD_INPUT
    result = settle(deal)
    if deal.win is not None:
        outcome = f"{seat_name(deal.win.seat).en} wins ({deal.win.points} points)"
    elif deal.over:
        outcome = f"over, no winner ({deal.ended_by})"
    else:
        outcome = "not finished"
    print(
        f"ok: {path.name}: {record.rules}, {deal.players} seats, {len(record.steps)} steps, {outcome}, "
        f"payments {result.payments}"
    )
    return EXIT_OK


def _configure_simulate(parser: argparse.ArgumentParser) -> None:
    _deal_arguments(parser)
    parser.add_argument("--deals", type=int, default=100, help="how many deals")


@subcommand("simulate", "play many deals with computer players and print a JSON summary", _configure_simulate)
def _simulate(args: argparse.Namespace) -> int:
    if args.deals < 1:
        raise InputError("--deals must be at least 1 / 局数至少为 1")
    options = _options(args.option)
    wins_by_seat: Counter[int] = Counter()
    patterns: Counter[str] = Counter()
    how: Counter[str] = Counter()
    no_winner = violations = 0
    worst = 0
    players = None
    try:
        for i in range(args.deals):
            deal = _play(args.rules, args.players, args.seed + i, args.bot, options)
            players = deal.players
            result = settle(deal)
            worst = max(worst, abs(sum(result.payments)))
            violations += len(deal.violations)
            if deal.win is None:
                no_winner += 1
                continue
            wins_by_seat[deal.win.seat] += 1
            how[deal.win.how] += 1
            for hit in getattr(deal.win.result, "patterns", ()) or ():
                patterns[hit.code] += 1
            win_class = getattr(deal.win.result, "win_class", None)
            if win_class:
                patterns[f"class:{win_class}"] += 1
            for code in deal.win.context:
                patterns[f"deal:{code}"] += 1
    except ChangpaiError as error:
        raise InputError(str(error)) from None
    write_json(
        {
            "rules": args.rules,
            "players": players,
            "seed": args.seed,
            "deals": args.deals,
            "wins": sum(wins_by_seat.values()),
            "no_winner": no_winner,
            "wins_by_seat": {str(s): wins_by_seat[s] for s in sorted(wins_by_seat)},
            "wins_by_source": dict(sorted(how.items())),
            "patterns": dict(sorted(patterns.items())),
            "violations": violations,
            "max_abs_payment_sum": worst,
        },
        pretty=True,
    )
    return EXIT_OK
