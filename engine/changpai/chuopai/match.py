"""A 戳牌 match: several deals in a row at one table, who deals each, the running score and when it is over.

[002] says the deal passes round in turn (轮流做庄); it does not say how long a sitting lasts. On ``core.match``:

* who deals: option ``next_dealer`` — ``rotate`` (default, [002]): the next seat round the whole table (with four,
  the resting seat deals too: it is the dealer's opposite who rests); ``winner``: the seat that won the most cards
  deals, after 黄牌 or a fine with nobody ahead the same dealer again (the engine's reading);
* the end: the number of deals agreed at the table (``deals``; by default once round the table, each seat dealing
  once), the engine's reading, since [002] is silent;
* the ledger: each deal's payments (``scoring.settle``) sum to zero, so the running totals always do.

A match record, as data (``schemas/chuopai-match-record.schema.json``)::

    rules: chuopai
    players: 3
    options: {next_dealer: rotate}        # the deals' options, the same for every deal
    title: {zh: …, en: …}                 # optional, as intro
    first_dealer: 0
    deals: 3                              # how many deals the table agreed to play
    played:
      - number: 1
        deal: {dealer: 0, hands: [...], undealt: '', steps: [...]}     # a 戳牌 deal record (``record``)
        totals: [4, -2, -2]               # each seat's score after this deal

``replay`` reads every deal as ``record.read_record`` does, then checks that the deals come in order (``number``),
that each is dealt by the seat the rules name after the one before, that no deal follows the agreed end, and that
the totals follow from the payments; the first problem is located (``played[N].deal: steps.4.do``,
``played[N].deal.dealer``, ``played[N].totals``) with the file's line when the record came from a file.

>>> match, record = play(deals=3, seed=2)
>>> [d.dealer for d in match.deals], sum(match.ledger.totals)
([0, 1, 2], 0)
>>> [d.table.dealer for d in replay(MatchRecord.from_data(record.to_data()))[0]]
[0, 1, 2]
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..core.match import (
    DealOutcome,
    Ledger,
    Match,
    MatchError,
    MatchRule,
    Seating,
    ledger_mismatch,
    play_match,
    read_mapping,
)
from ..core.text import ChangpaiError, Text
from .deal import ChuoDeal
from .options import NEXT_DEALER, ChuoRules, rules_from
from .record import Step, read_record, to_record
from .scoring import dealer_after, settle, winner_of

MAX_DEALS = 200
TOP_KEYS = ("rules", "players", "options", "title", "intro", "first_dealer", "deals", "played")
DEAL_KEYS = ("number", "deal", "totals")
Lines = dict[tuple[str | int, ...], int]


@dataclass(frozen=True)
class ChuoMatchRules:
    """戳牌's rules of a sitting (``core.match.MatchRules``): ``next_dealer`` and the agreed number of deals."""

    deals: int
    next_dealer: str = NEXT_DEALER.default.value
    first_dealer: int = 0

    def first(self, players: int, rng: random.Random) -> Seating:
        return Seating(self.first_dealer, self.first_dealer)

    def after(self, previous: DealOutcome, players: int) -> Seating:
        nxt = dealer_after(self.next_dealer, previous.dealer, previous.winner, players)
        return Seating(nxt, nxt)

    def is_over(self, ledger: Ledger) -> bool:
        return ledger.deals >= self.deals

    def explain(self) -> tuple[MatchRule, ...]:
        dealer = (
            Text("下家接着做庄（轮流做庄）", "the next seat (the deal passes round in turn)")
            if self.next_dealer == "rotate"
            else Text("面前牌最多、赢了的人；没人赢就原庄家", "the seat that won most; if nobody won, the same dealer")
        )
        return (
            MatchRule(
                Text("第一盘谁做庄？", "Who deals the first deal?"),
                Text("上桌时说定（本站由甲先做庄）", "agreed at the table (here seat A)"),
                "engine",
            ),
            MatchRule(
                Text("下一盘谁做庄？", "Who deals next?"), dealer, "[002]" if self.next_dealer == "rotate" else "engine"
            ),
            MatchRule(
                Text("打几盘？", "How many deals?"),
                Text(f"说好的 {self.deals} 盘（来源没有说）", f"the {self.deals} agreed ([002] does not say)"),
                "engine",
            ),
        )


def outcome_of(deal: ChuoDeal) -> DealOutcome:
    scores = settle(deal).scores
    return DealOutcome(deal.table.dealer, deal.table.dealer, winner_of(scores), tuple(scores))


@dataclass
class MatchRecord:
    """A recorded 戳牌 match: its options and agreed length, and each deal's record with the totals after it."""

    players: int
    deals: int
    first_dealer: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    played: list[tuple[int, dict[str, Any], tuple[int, ...]]] = field(default_factory=list)  # number, deal, totals
    title: Text | None = None
    intro: Text | None = None
    lines: Lines = field(default_factory=dict, compare=False, repr=False)
    source_name: str = field(default="<match>", compare=False, repr=False)

    def where(self, path: tuple[str | int, ...], label: str) -> str:
        """``label``, with the file's line when the record came from a file (the nearest line above ``path``)."""
        for cut in range(len(path), 0, -1):
            line = self.lines.get(path[:cut])
            if line:
                return f"{label} ({self.source_name}:{line})"
        return label

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rules": "chuopai", "players": self.players}
        if self.options:
            out["options"] = dict(self.options)
        for key, text in (("title", self.title), ("intro", self.intro)):
            if text is not None:
                out[key] = text.as_dict()
        out["first_dealer"] = self.first_dealer
        out["deals"] = self.deals
        out["played"] = [{"number": n, "deal": d, "totals": list(t)} for n, d, t in self.played]
        return out

    @classmethod
    def from_data(cls, data: Any, *, lines: Lines | None = None, name: str = "<match>") -> MatchRecord:
        rec = cls(0, 0, lines=lines or {}, source_name=name)
        data = read_mapping(data, TOP_KEYS, rec.where, name)
        if data.get("rules") != "chuopai":
            raise MatchError(
                Text("这不是戳牌的比赛", "not a 戳牌 match (rules: chuopai)"), where=rec.where(("rules",), "rules")
            )
        rec.options = _options(data.get("options"), rec)
        rec.players = rules_from(rec.options).players
        if data.get("players", rec.players) != rec.players:
            raise MatchError(
                Text(f"人数应是 {rec.players}（选项 players）", f"players must be {rec.players} (option players)"),
                where=rec.where(("players",), "players"),
            )
        rec.first_dealer = _whole(data.get("first_dealer", 0), 0, rec.players - 1, rec, ("first_dealer",))
        rec.deals = _whole(data.get("deals"), 1, MAX_DEALS, rec, ("deals",))
        for key in ("title", "intro"):
            if data.get(key) is not None:
                rec_text = data[key]
                if not (isinstance(rec_text, dict) and set(rec_text) == {"zh", "en"}):
                    raise MatchError(Text("应是 {zh, en}", "must be {zh, en}"), where=rec.where((key,), key))
                setattr(rec, key, Text(str(rec_text["zh"]), str(rec_text["en"])))
        played = data.get("played")
        if not isinstance(played, list) or not 1 <= len(played) <= MAX_DEALS:
            raise MatchError(
                Text(f"played 应列出 1 到 {MAX_DEALS} 盘", f"“played” must list 1 to {MAX_DEALS} deals"),
                where=rec.where(("played",), "played"),
            )
        for n, entry in enumerate(played):
            here = ("played", n)
            if not isinstance(entry, dict) or set(entry) != set(DEAL_KEYS):
                raise MatchError(
                    Text("每一盘要有 number、deal、totals", "each deal needs “number”, “deal” and “totals”"),
                    where=rec.where(here, f"played[{n}]"),
                )
            number = _whole(entry["number"], 1, MAX_DEALS, rec, (*here, "number"))
            totals = entry["totals"]
            if (
                not isinstance(totals, list)
                or len(totals) != rec.players
                or not all(isinstance(t, int) and not isinstance(t, bool) for t in totals)
            ):
                raise MatchError(
                    Text(f"应列出 {rec.players} 家的总分", f"must list the score of all {rec.players} seats"),
                    where=rec.where((*here, "totals"), f"played[{n}].totals"),
                )
            if not isinstance(entry["deal"], dict):
                raise MatchError(
                    Text("deal 应是一盘戳牌的牌谱", "“deal” must be a 戳牌 deal record"),
                    where=rec.where((*here, "deal"), f"played[{n}].deal"),
                )
            rec.played.append((number, dict(entry["deal"]), tuple(totals)))
        return rec


def _options(value: Any, rec: MatchRecord) -> dict[str, Any]:
    if value is None:
        return {}
    try:
        rules_from(value)
    except ChangpaiError as error:
        raise MatchError(error.text, code=error.code, where=rec.where(("options",), error.where or "options")) from None
    return dict(value)


def _whole(value: Any, low: int, high: int, rec: MatchRecord, path: tuple[str | int, ...]) -> int:
    label = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in path).replace(".[", "[")
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MatchError(
            Text(f"应是 {low} 到 {high} 的整数", f"must be a whole number from {low} to {high}"),
            where=rec.where(path, label),
        )
    return value


def match_rules(record_or_options: MatchRecord | dict[str, Any] | None, deals: int, first: int = 0) -> ChuoMatchRules:
    options = record_or_options.options if isinstance(record_or_options, MatchRecord) else record_or_options
    return ChuoMatchRules(deals, rules_from(options).next_dealer, first)


def play(
    players: int | None = None,
    deals: int | None = None,
    seed: int = 0,
    bot: str = "simple",
    options: dict[str, Any] | None = None,
) -> tuple[Match, MatchRecord]:
    """A match of ``deals`` deals (default: once round the table) played by computer players; deal ``i`` is
    shuffled with ``seed + i``."""
    from ..bots.chuopai import BOTS, play_out

    options = dict(options or {})
    if players is not None:
        options["players"] = players
    rules: ChuoRules = rules_from(options)
    size = rules.players
    deals = size if deals is None else deals
    if not 1 <= deals <= MAX_DEALS:
        raise MatchError(Text(f"局数应在 1 到 {MAX_DEALS} 之间", f"deals must be 1 to {MAX_DEALS}"), where="deals")
    if bot not in BOTS:
        raise MatchError(Text(f"没有电脑玩家“{bot}”", f"no computer player “{bot}”"), where="bot")
    record = MatchRecord(size, deals, 0, options)

    def one_deal(index: int, seating: Seating) -> DealOutcome:
        deal = ChuoDeal.new(seed + index, seating.dealer or 0, options)
        rng = random.Random(seed + index)
        play_out(deal, [BOTS[bot](rng) for _ in range(deal.table.size)])
        data = to_record(deal)
        data.pop("rules", None)
        data.pop("options", None)  # the match's, the same for every deal
        record.played.append((index + 1, data, ()))
        return outcome_of(deal)

    match = play_match(match_rules(options, deals), size, one_deal, max_deals=deals)
    record.played = [(n, d, totals) for (n, d, _), totals in zip(record.played, match.ledger.history, strict=True)]
    return match, record


def _deal_of(record: MatchRecord, n: int, data: dict[str, Any]) -> tuple[ChuoDeal, list[Step]]:
    here = record.where(("played", n, "deal"), f"played[{n}].deal")
    if "options" in data and rules_from(data["options"]).differences() != rules_from(record.options).differences():
        raise MatchError(
            Text("这一盘的选项与比赛的不同", "this deal's options differ from the match's"), where=f"{here}.options"
        )
    try:
        return read_record({**data, "rules": "chuopai", "options": record.options})
    except ChangpaiError as error:
        step = _step_path(error.where or "")
        at = record.where(("played", n, "deal", *step), f"played[{n}].deal")
        raise MatchError(error.text, code=error.code, where=f"{at}: {error.where}") from None


def _step_path(where: str) -> tuple[str | int, ...]:
    """``steps.4.do.cards.0`` → ("steps", 4): the part of a deal record a file line is known for."""
    parts = where.split(".")
    if len(parts) >= 2 and parts[0] == "steps" and parts[1].isdigit():
        return ("steps", int(parts[1]))
    return (parts[0],) if parts and parts[0] else ()


def replay(record: MatchRecord) -> tuple[list[ChuoDeal], Ledger]:
    """Replay and check a 戳牌 match (see the module docstring); returns the deals and the ledger."""
    rules = match_rules(record, record.deals, record.first_dealer)
    ledger = Ledger(record.players)
    seating = rules.first(record.players, random.Random(0))
    deals: list[ChuoDeal] = []
    for n, (number, data, totals) in enumerate(record.played):
        if rules.is_over(ledger):
            raise MatchError(
                Text(
                    f"说好打 {record.deals} 盘，已经打完，不该再有第 {n + 1} 盘",
                    f"the {record.deals} agreed deals are over: there is no deal {n + 1}",
                ),
                code="match-over",
                where=record.where(("played", n), f"played[{n}]"),
            )
        if number != n + 1:
            raise MatchError(
                Text(
                    f"这里应是第 {n + 1} 盘，记的是第 {number} 盘：次序不对",
                    f"deal {n + 1} belongs here, not deal {number}: out of order",
                ),
                code="match-order",
                where=record.where(("played", n, "number"), f"played[{n}].number"),
            )
        recorded = data.get("dealer", 0)  # checked before the steps: a wrong dealer leads out of turn
        if recorded != seating.dealer:
            raise MatchError(
                Text(
                    f"第 {n + 1} 盘应由 {seating.dealer} 号座位做庄，记的是 {recorded} 号",
                    f"deal {n + 1} is for seat {seating.dealer} to deal, not seat {recorded}",
                ),
                code="match-seating",
                where=record.where(("played", n, "deal", "dealer"), f"played[{n}].deal.dealer"),
            )
        deal, _steps = _deal_of(record, n, data)
        if not deal.over:
            raise MatchError(
                Text("这一盘还没打完", "this deal is not finished"),
                code="match-unfinished",
                where=record.where(("played", n, "deal"), f"played[{n}].deal"),
            )
        outcome = outcome_of(deal)
        ledger.add(outcome.payments, where=f"played[{n}].payments")
        if tuple(totals) != ledger.totals:
            where = record.where(("played", n, "totals"), f"played[{n}].totals")
            raise ledger_mismatch(n, ledger.totals, totals, where, paid=outcome.payments)
        deals.append(deal)
        seating = rules.after(outcome, record.players)
    return deals, ledger
