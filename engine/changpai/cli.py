"""Command line: ``python -m changpai SUBCOMMAND ...``.

``score`` and ``waits`` read one JSON object on standard input and print one JSON object on standard
output (see ``api``)::

    echo '{"hand": "…", "table": [], "win_card": "柒", "from": "discard"}' | python -m changpai score --rules RULES

``python -m changpai rules`` lists the rule sets (RULES above and below).

Bad input exits with status 2 and one line on standard error naming the card or field, in English and
Chinese; never a traceback. Every subcommand is a function of this module registered with ``@subcommand``.

Subcommands for whole deals: ``record``, ``replay`` and ``simulate``. A game with a package of its own
(``api.OTHER_GAMES``, ``core.game.FacadeGame``) plays them itself: ``record`` and ``simulate`` ask each game whether
the rule set is its (``owns_rules``) and hand it the arguments (``record_cli``, ``simulate_cli``), ``replay`` asks
whether the record is its (``owns_record``, ``replay_file``); the Da Er family plays the rest. Nothing here branches
on a game's name.

``python -m changpai record --rules RULES --players 4 --seed 7``
    prints the record (YAML) of one deal played by computer players.
``python -m changpai replay FILE``
    replays a record: exit 0 and a one-line summary, or exit 2 and ``step N: <reason>``.
``python -m changpai simulate --rules RULES --players 3 --deals 1000 --seed 1``
    prints a JSON summary: deals, wins, no-winner deals, wins by seat, how often each pattern or win
    class was scored, and the largest absolute sum of one deal's payments (always 0).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from .api import OTHER_GAMES, handle
from .bots.daer import BOTS, make_players, play_out
from .core.game import CommandLineError, DealRun, FacadeGame, read_options
from .core.table import seat_name
from .core.text import ChangpaiError
from .daer.deal import Deal
from .daer.match import MatchRecord, play_bot_match, replay_match
from .daer.record import DealRecord, replay
from .daer.settlement import settle

EXIT_OK, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 2, 70


@dataclass(frozen=True)
class Subcommand:
    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


_SUBCOMMANDS: dict[str, Subcommand] = {}


class InputError(CommandLineError):
    """Bad input found by the CLI itself; the message is one line."""


def subcommand(
    name: str, help: str, configure: Callable[[argparse.ArgumentParser], None] | None = None
) -> Callable[[Callable[[argparse.Namespace], int]], Callable[[argparse.Namespace], int]]:
    """Register ``run(args) -> exit status`` as ``changpai NAME``; ``configure`` adds its arguments."""

    def register(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
        if name in _SUBCOMMANDS and _SUBCOMMANDS[name].run is not run:
            raise ValueError(f"subcommand {name!r} is registered twice")
        _SUBCOMMANDS[name] = Subcommand(name, help, configure or (lambda parser: None), run)
        return run

    return register


# ----------------------------------------------------------------------------- shared helpers


def read_json_object(stream: BinaryIO, what: str = "standard input") -> dict[str, Any]:
    raw = stream.read()
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as error:
        raise InputError(f"{what} is not UTF-8 (byte {error.start}) / 输入不是 UTF-8 编码") from None
    if not text.strip():
        raise InputError(f"{what} is empty: expected one JSON object / 输入为空，应为一个 JSON 对象")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(
            f"{what}: invalid JSON at line {error.lineno} column {error.colno}: {error.msg} / "
            f"JSON 格式错误（第 {error.lineno} 行第 {error.colno} 列）"
        ) from None
    except (ValueError, RecursionError) as error:  # nested too deep, or a number over 4300 digits
        raise InputError(f"{what}: invalid JSON ({error}) / JSON 无法读取（嵌套太深或数字太长）") from None
    if not isinstance(value, dict):
        raise InputError(f"{what} must be one JSON object, not {type(value).__name__} / 输入应是一个 JSON 对象")
    return value


def write_json(value: Any, *, pretty: bool = False) -> None:
    text = json.dumps(value, ensure_ascii=False, indent=2 if pretty else None) + "\n"
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.flush()


def error_line(error: dict[str, Any]) -> str:
    """One line: English, then Chinese; both already name the field (``where``)."""
    line = f"error [{error.get('code')}]: {error.get('en')} / {error.get('zh')}"
    return " ".join(line.split())


def refuse(error: ChangpaiError) -> int:
    """A located refusal on standard error (``where: en / zh``) and the bad-input exit status."""
    where = f"{error.where}: " if error.where else ""
    print(f"{where}{error.text.en} / {error.text.zh}", file=sys.stderr)
    return EXIT_BAD_INPUT


def run_request(request: dict[str, Any], *, pretty: bool = False) -> int:
    answer = handle(request)
    if "error" in answer:
        print(error_line(answer["error"]), file=sys.stderr)
        return EXIT_INTERNAL if answer["error"].get("code") == "internal" else EXIT_BAD_INPUT
    write_json(answer, pretty=pretty)
    return EXIT_OK


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InputError(f"--option {pair!r}: write it as NAME=VALUE / 选项应写成 名称=值")
        options[key.strip()] = value.strip()
    return options


RULES_HELP = "a rule set (changpai rules lists them)"


def _rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", required=True, help=RULES_HELP)
    parser.add_argument("--option", action="append", metavar="NAME=VALUE", help="set a rule option (repeatable)")
    parser.add_argument("--pretty", action="store_true", help="indent the JSON output")


def _hand_command(name: str, fields: tuple[str, ...]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        request = read_json_object(sys.stdin.buffer)
        for key in ("command", "rules"):
            if key in request:
                raise InputError(f"{key}: give it on the command line, not in the JSON / 请在命令行给出 {key}")
        options = parse_options(args.option)
        if "options" in request and options:
            raise InputError("options: give them either in the JSON or with --option, not both / 选项只能给一处")
        request = {"command": name, "rules": args.rules, **request}
        if options:
            request["options"] = options
        return run_request(request, pretty=args.pretty)

    return run


subcommand("score", "best split and points of a hand (JSON on stdin)", _rules_arguments)(
    _hand_command("score", ("hand", "table", "win_card", "from"))
)
subcommand("waits", "cards that complete a waiting hand (JSON on stdin)", _rules_arguments)(
    _hand_command("waits", ("hand", "table", "seen"))
)


def _configure_rules(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", nargs="?", help="a rule set to describe in full; none lists them all")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE", help="set a rule option (repeatable)")
    parser.add_argument("--pretty", action="store_true", help="indent the JSON output")


@subcommand("rules", "list the rule sets, or describe one with its sources", _configure_rules)
def _rules(args: argparse.Namespace) -> int:
    request: dict[str, Any] = {"command": "rules"}
    if args.name:
        request["name"] = args.name
    options = parse_options(args.option)
    if options:
        request["options"] = options
    return run_request(request, pretty=args.pretty)


# ----------------------------------------------------------------------------- entry point


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="changpai",
        description="Rules engine for the long-card games of Sichuan and Guizhou (changpai rules lists the rule sets).",
    )
    sub = parser.add_subparsers(dest="subcommand", required=True, metavar="SUBCOMMAND")
    for name in sorted(_SUBCOMMANDS):
        spec = _SUBCOMMANDS[name]
        child = sub.add_parser(name, help=spec.help, description=spec.help)
        spec.configure(child)
        child.set_defaults(_run=spec.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse has printed its usage line and message
        return int(exit_.code or 0)
    try:
        status: int = args._run(args)
        return status
    except CommandLineError as error:  # the CLI's own refusals, and a game's (core.game)
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # never a traceback: one line, and a distinct status
        print(f"internal error: {type(error).__name__}: {error}", file=sys.stderr)
        return EXIT_INTERNAL


# ----------------------------------------------------------------------------- whole deals: record, replay, simulate


_options = read_options  # ``--option NAME=VALUE`` pairs, numbers and true/false read as such (core.game)


def _deal_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", required=True, help=RULES_HELP)
    parser.add_argument(
        "--players", type=int, default=None, help="people at the table (default: as many as the rule set seats)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed for the shuffle and the computer players")
    parser.add_argument("--bot", choices=sorted(BOTS), default="simple", help="computer player")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE", help="a rule or play option (repeatable)")
    parser.add_argument(
        "--match", type=int, metavar="DEALS", help="a match of DEALS deals in a row (who deals next as the rules say)"
    )


def _play(rules: str, players: int | None, seed: int, bot: str, options: dict[str, Any] | None) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(rules, players, rng=rng, seed=seed, options=options)
    return play_out(deal, make_players(deal, rng, bot))


def _own_game(args: argparse.Namespace, what: str) -> Callable[[DealRun], Any] | None:
    """The hook of the game with a package of its own that owns ``--rules`` (``record_cli`` or ``simulate_cli``),
    or ``None`` for the Da Er family's rule sets; a game that owns the rule set but lacks the hook refuses it."""
    game: FacadeGame | None = next((g for g in OTHER_GAMES if g.owns_rules(args.rules)), None)
    if game is None:
        return None
    hook = game.record_cli if what == "record" else game.simulate_cli
    if hook is None:
        raise InputError(f"{game.title.en} has no {what} on the command line / {game.title.zh}没有命令行的 {what}")
    return hook


def _deal_run(args: argparse.Namespace) -> DealRun:
    return DealRun(
        rules=args.rules,
        players=args.players,
        seed=args.seed,
        bot=args.bot,
        match=args.match,
        deals=getattr(args, "deals", 1),
        option_pairs=tuple(args.option or ()),
    )


@subcommand("record", "play one deal with computer players and print its record (YAML)", _deal_arguments)
def _record(args: argparse.Namespace) -> int:
    yamlfile = _yamlfile()
    try:
        if (own := _own_game(args, "record")) is not None:  # a game of its own (api.OTHER_GAMES) plays it
            data = own(_deal_run(args))
        elif args.match is not None:
            _, match = play_bot_match(
                args.rules, args.players, deals=args.match, seed=args.seed, bot=args.bot, options=_options(args.option)
            )
            data = match.to_data()
        else:
            deal = _play(args.rules, args.players, args.seed, args.bot, _options(args.option))
            data = DealRecord.from_deal(deal).to_data()
    except ChangpaiError as error:
        raise InputError(str(error)) from None
    sys.stdout.buffer.write(yamlfile.dumps(data).encode("utf-8"))
    return EXIT_OK


def _yamlfile() -> Any:
    """The YAML edge (``changpai.yamlfile``): the command line reads and writes record files with PyYAML, which the
    engine core and the browser do without."""
    try:
        from . import yamlfile
    except ImportError:
        raise InputError("record files need PyYAML (pip install 'changpai[files]') / 读写牌谱文件需要 PyYAML") from None
    return yamlfile


def _configure_replay(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a deal record (.yml)")


@subcommand("replay", "check a deal record step by step", _configure_replay)
def _replay(args: argparse.Namespace) -> int:
    yamlfile = _yamlfile()
    path = Path(args.file)
    try:
        data, lines = yamlfile.read_located(path, path.name)  # utf-8-sig, size and depth bounded
    except OSError as error:
        raise InputError(f"{path}: cannot read ({error}) / 无法读取文件") from None
    except ChangpaiError as error:
        return refuse(error)
    # the game that owns the record (``core.game.FacadeGame``), else the Da Er family's
    owners = (g.replay_file for g in OTHER_GAMES if g.replay_file is not None and g.owns_record(data))
    summary = next(owners, _replay_daer)
    try:
        line = summary(data, lines, path.name)
    except ChangpaiError as error:
        return refuse(error)
    print(f"ok: {path.name}: {line}")
    return EXIT_OK


def _replay_daer(data: Any, lines: Any, name: str) -> str:
    """The Da Er family's record, a match's (``deals``) or a deal's: the summary of ``changpai replay``."""
    if isinstance(data, dict) and "deals" in data:  # a match record
        match = MatchRecord.from_data(data, lines=lines, name=name)
        deals, ledger = replay_match(match)
        winners, score = sum(d.win is not None for d in deals), list(ledger.totals)
        return f"a {match.rules} match, {match.players} seats, {len(deals)} deals, {winners} won, score {score}"
    record = DealRecord.from_data(data, lines=lines, name=name)
    deal, _ = replay(record)
    result = settle(deal)
    if deal.win is not None:
        outcome = f"{seat_name(deal.win.seat).en} wins ({deal.win.points} points)"
    elif deal.over:
        outcome = f"over, no winner ({deal.ended_by})"
    else:
        outcome = "not finished"
    return f"{record.rules}, {deal.players} seats, {len(record.steps)} steps, {outcome}, payments {result.payments}"


def _configure_simulate(parser: argparse.ArgumentParser) -> None:
    _deal_arguments(parser)
    parser.add_argument("--deals", type=int, default=100, help="how many deals")


def _simulate_matches(args: argparse.Namespace, options: dict[str, Any] | None) -> int:
    """``--deals`` matches of ``--match`` deals each: who won how many deals, the scores, the ledger's check."""
    worst = deals = no_winner = changes = 0
    finals: list[list[int]] = []  # each person's (person N: who sat in seat N at the first deal)
    players = None
    try:
        for i in range(args.deals):
            match, _ = play_bot_match(
                args.rules, args.players, deals=args.match, seed=args.seed + 1000 * i, bot=args.bot, options=options
            )
            players = match.players
            deals += len(match.deals)
            no_winner += sum(d.winner is None for d in match.deals)
            changes += sum(a.people != b.people for a, b in zip(match.deals, match.deals[1:], strict=False))
            if match.ledger.zero_sum:  # (a race's ledger counts points made, not payments)
                worst = max([worst, *(abs(sum(t)) for t in match.ledger.history)])
            finals.append(list(match.ledger.totals))
    except ChangpaiError as error:
        raise InputError(str(error)) from None
    best = Counter(max(range(len(t)), key=t.__getitem__) for t in finals)
    write_json(
        {
            "rules": args.rules,
            "players": players,
            "seed": args.seed,
            "matches": args.deals,
            "deals_per_match": args.match,
            "deals": deals,
            "no_winner": no_winner,
            "match_leader_by_seat": {str(s): best[s] for s in sorted(best)},
            "max_abs_ledger_sum": worst,
            **({"seat_changes": changes} if changes else {}),  # the table changed seats (a reseat_every option)
        },
        pretty=True,
    )
    return EXIT_OK


@subcommand("simulate", "play many deals with computer players and print a JSON summary", _configure_simulate)
def _simulate(args: argparse.Namespace) -> int:
    if args.deals < 1:
        raise InputError("--deals must be at least 1 / 局数至少为 1")
    if (own := _own_game(args, "simulate")) is not None:  # a game of its own (api.OTHER_GAMES) plays them
        try:
            summary = own(_deal_run(args))
        except ChangpaiError as error:
            raise InputError(str(error)) from None
        write_json(summary, pretty=True)
        return EXIT_OK
    options = _options(args.option)
    if args.match is not None:
        return _simulate_matches(args, options)
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
            named = {p.code for p in deal.rules.patterns}  # only the rule set's own 名堂 (not every set has 海底)
            for code in deal.win.context:
                if code in named:
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
