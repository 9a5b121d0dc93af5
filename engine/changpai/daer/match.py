"""A sitting of several Da Er deals: who deals each (the tradition's ``Variant.match_rules``), the running score,
and the match record — each deal a deal record, plus who shuffled it and the score after it.

A match record, as data (``schemas/match-record.schema.json``)::

    rules: leshan
    players: 3
    title: {zh: 一晚上的牌, en: A sitting}   # optional, as ``intro``: what the annotated match is about
    first_shuffler: 2        # who shuffled the first deal (Luzhou, Wuchuan: who dealt it)
    deals:
      - shuffler: 2
        deal: {rules: leshan, dealer: 0, hands: [...], stock: ..., steps: [...]}   # a deal record
        totals: [12, -6, -6]   # each person's score after this deal
        people: [0, 1, 2]      # who sits in each seat; only where the rules let the table change seats
      - ...

Person N is whoever sat in seat N at the first deal; while nobody moves, a person's score is his seat's. Where the
table changes seats (Luzhou's ``reseat_every``), each deal says who sat where, the payments of a seat go to its
sitter, and the winner deals the next deal from whatever seat he moves to.

``replay_match`` checks every deal as ``replay`` does, then that each was shuffled and dealt by the seat the rules
name after the one before, that people changed seats only when and as the rules say, and that the score follows
from the payments; the first problem is located
(``deals[N].deal: step M …``, ``deals[N].totals``) with the file line when the record came from a file.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from ..core.match import (
    DealOutcome,
    Ledger,
    Match,
    MatchError,
    MatchRule,
    MatchRules,
    Seating,
    check_match,
    options_for,
    play_match,
    read_mapping,
    recorded_round,
    reseat_of,
    why_next,
)
from ..core.text import ChangpaiError, Text
from .deal import Deal
from .record import DealRecord, replay
from .record_steps import read_text
from .settlement import settle
from .traditions import RULESETS, get_play_rules, get_rules

MAX_DEALS = 200  # a long evening; a record with more is refused
MATCH_KEYS = ("rules", "players", "options", "title", "intro", "first_shuffler", "deals")
DEAL_KEYS = ("shuffler", "deal", "totals", "scores", "people")  # scores: a race's 子 as made (Wuchuan 一百), optional
# people: who sits in each seat, where the seats may change (Luzhou's reseat_every), optional


def match_rules(rules: str, deals: int, options: dict[str, Any] | None = None) -> MatchRules:
    """The tradition's rules of a sitting of ``deals`` deals."""
    play = get_play_rules(rules)
    if options:
        from .options import apply

        _, play = apply(get_rules(rules), play, options)
    hook = get_rules(rules).variant.match_rules
    if hook is None:
        raise MatchError(Text(f"{rules} 没有连打的规则", f"{rules} has no rules for a match"), where="rules")
    return hook(play, deals)


def seating_after(
    rules: str, players: int, dealer: int, shuffler: int, winner: int | None, options: dict[str, Any] | None = None
) -> tuple[Seating, tuple[MatchRule, ...]]:
    """Who shuffles and deals the deal after one that ``dealer`` dealt, ``shuffler`` shuffled and ``winner`` won
    (``None``: nobody), by the tradition's rules of a sitting, and the lines of those rules that say so: a reader's
    next hand, one deal at a time (the seats are the caller's to check: the api's ``next_seating`` does). Rules that
    count rounds or change seats need the whole sitting (``play_match``)."""
    match = match_rules(rules, MAX_DEALS, options)
    if getattr(match, "deal_options", None) is not None or reseat_of(match) is not None:
        raise MatchError(
            Text(
                "这种连打要数圈或换座位，要整场来算，不能只看上一盘",
                "these rules count rounds or change seats: the next deal needs the whole sitting",
            ),
            code="needs-sitting",
            where="options",
        )
    previous = DealOutcome(dealer, shuffler, winner, (0,) * players)
    return match.after(previous, players), why_next(match, previous)


def outcome_of(deal: Deal, shuffler: int, round_: int = 0, people: tuple[int, ...] = ()) -> DealOutcome:
    return DealOutcome(
        deal.table.dealer,
        shuffler,
        None if deal.win is None else deal.win.seat,
        tuple(settle(deal).payments),
        round=round_,
        people=people,
    )


@dataclass
class MatchRecord:
    rules: str
    players: int
    first_shuffler: int
    deals: list[tuple[int, DealRecord, tuple[int, ...]]] = field(default_factory=list)  # shuffler, deal, totals
    options: dict[str, Any] | None = None
    title: Text | None = None  # an annotated match's title and introduction (tutorials/matches/)
    intro: Text | None = None
    lines: dict[tuple[str | int, ...], int] = field(default_factory=dict, compare=False, repr=False)
    source_name: str = field(default="<match>", compare=False, repr=False)
    scores: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # by deal: the 子 as made (一百)
    people: dict[int, tuple[int, ...]] = field(default_factory=dict)  # by deal: who sat in each seat (reseating)

    def sitters(self, n: int) -> tuple[int, ...]:
        """Who sat in each seat at deal ``n`` (from 0): as recorded, else person N in seat N."""
        return self.people.get(n) or tuple(range(self.players))

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rules": self.rules, "players": self.players}
        if self.options:
            out["options"] = dict(self.options)
        for key, text in (("title", self.title), ("intro", self.intro)):
            if text is not None:
                out[key] = text.as_dict()
        out["first_shuffler"] = self.first_shuffler
        out["deals"] = [
            {"shuffler": shuffler, "deal": deal.to_data(), "totals": list(totals)}
            for shuffler, deal, totals in self.deals
        ]
        for n, scores in self.scores.items():
            out["deals"][n]["scores"] = [dict(s) for s in scores]
        for n, people in self.people.items():
            out["deals"][n]["people"] = list(people)
        return out

    def where(self, path: tuple[str | int, ...], label: str) -> str:
        line = self.lines.get(path)
        return f"{label} ({self.source_name}:{line})" if line else label

    @classmethod
    def from_data(
        cls, data: Any, *, lines: dict[tuple[str | int, ...], int] | None = None, name: str = "<match>"
    ) -> MatchRecord:
        lines = lines or {}
        rec = cls("", 0, 0, lines=lines, source_name=name)
        data = read_mapping(data, MATCH_KEYS, rec.where, name)
        rec.rules = _field(data, "rules", str, rec)
        rec.players = _field(data, "players", int, rec)
        rec.first_shuffler = _seat(_field(data, "first_shuffler", int, rec), rec, ("first_shuffler",), "first_shuffler")
        rec.options = data.get("options")
        for key in ("title", "intro"):
            if data.get(key) is not None:
                try:
                    setattr(rec, key, read_text(data[key], rec.where((key,), key)))
                except ChangpaiError as error:
                    raise MatchError(error.text, where=error.where) from None
        if rec.options is not None and not isinstance(rec.options, dict):
            raise MatchError(
                Text("options 应是映射", "“options” must be a mapping"), where=rec.where(("options",), "options")
            )
        deals = data.get("deals")
        if not isinstance(deals, list) or not 1 <= len(deals) <= MAX_DEALS:
            raise MatchError(
                Text(f"deals 应是 1 到 {MAX_DEALS} 盘的列表", f"“deals” must list 1 to {MAX_DEALS} deals"),
                where=rec.where(("deals",), "deals"),
            )
        for n, entry in enumerate(deals):
            here = f"deals[{n}]"
            if (
                not isinstance(entry, dict)
                or set(entry) - set(DEAL_KEYS)
                or not {"shuffler", "deal", "totals"} <= set(entry)
            ):
                raise MatchError(
                    Text("每一盘要有 shuffler、deal、totals", "each deal needs “shuffler”, “deal” and “totals”"),
                    where=rec.where(("deals", n), here),
                )
            shuffler, totals = entry["shuffler"], entry["totals"]
            if isinstance(shuffler, bool) or not isinstance(shuffler, int):
                raise MatchError(
                    Text("应是座位号", "must be a seat number"),
                    where=rec.where(("deals", n, "shuffler"), f"{here}.shuffler"),
                )
            if not isinstance(totals, list) or not all(isinstance(t, int) and not isinstance(t, bool) for t in totals):
                raise MatchError(
                    Text("应是每家的总分", "must list each seat's score"),
                    where=rec.where(("deals", n, "totals"), f"{here}.totals"),
                )
            _seat(shuffler, rec, ("deals", n, "shuffler"), f"{here}.shuffler")
            if len(totals) != rec.players:
                raise MatchError(
                    Text(f"应列出 {rec.players} 家的总分", f"must list the score of all {rec.players} seats"),
                    where=rec.where(("deals", n, "totals"), f"{here}.totals"),
                )
            prefix = ("deals", n, "deal")
            sub = {key[3:]: line for key, line in lines.items() if key[:3] == prefix}
            deal = DealRecord.from_data(entry["deal"], lines=sub, name=name)
            rec.deals.append((shuffler, deal, tuple(totals)))
            if "scores" in entry:
                rec.scores[n] = _scores(entry["scores"], rec, n)
            if "people" in entry:
                rec.people[n] = _people(entry["people"], rec, n)
        return rec


def _people(raw: Any, rec: MatchRecord, n: int) -> tuple[int, ...]:
    """A deal's ``people``: a person's number for each seat (whether they fit the rules, ``replay_match`` says)."""
    if (
        not isinstance(raw, list)
        or len(raw) != rec.players
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in raw)
    ):
        raise MatchError(
            Text(
                f"people 应为 {rec.players} 个座位各写一个人的号码",
                f"“people” must give a person's number for each of the {rec.players} seats",
            ),
            code="match-people",
            where=rec.where(("deals", n, "people"), f"deals[{n}].people"),
        )
    return tuple(raw)


SCORE_KEYS = {"step": int, "seat": int, "points": int, "for": str, "card": str}


def _scores(raw: Any, rec: MatchRecord, n: int) -> list[dict[str, Any]]:
    """A deal's ``scores``: each ``{step, seat, points, for}`` (and ``card``); their meaning is the race's."""
    here = f"deals[{n}].scores"
    if not isinstance(raw, list) or len(raw) > 500:
        raise MatchError(
            Text("scores 应是记子的列表", "“scores” must be a list of scores"),
            where=rec.where(("deals", n, "scores"), here),
        )
    for k, item in enumerate(raw):
        ok = isinstance(item, dict) and {"step", "seat", "points", "for"} <= set(item) <= set(SCORE_KEYS)
        ok = ok and all(
            isinstance(v, SCORE_KEYS[key]) and not isinstance(v, bool) for key, v in item.items() if key in SCORE_KEYS
        )
        if not ok:
            raise MatchError(
                Text(
                    "每条记子要有 step、seat、points、for（可加 card）",
                    "each score needs “step”, “seat”, “points” and “for” (and may name a “card”)",
                ),
                where=rec.where(("deals", n, "scores", k), f"{here}[{k}]"),
            )
    return [dict(item) for item in raw]


def _seat(seat: int, rec: MatchRecord, path: tuple[str | int, ...], label: str) -> int:
    if not 0 <= seat < rec.players:
        raise MatchError(
            Text(f"没有座位 {seat}（共 {rec.players} 家）", f"there is no seat {seat} at a table of {rec.players}"),
            where=rec.where(path, label),
        )
    return seat


def _field(data: dict[str, Any], key: str, kind: type, rec: MatchRecord) -> Any:
    value = data.get(key)
    if value is None or not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise MatchError(
            Text(f"缺少“{key}”或类型不对", f"“{key}” is missing or of the wrong type"), where=rec.where((key,), key)
        )
    return value


def play_bot_match(
    rules: str,
    players: int | None = None,
    *,
    deals: int = 8,
    seed: int = 0,
    bot: str = "simple",
    options: dict[str, Any] | None = None,
) -> tuple[Match, MatchRecord]:
    """A match of ``deals`` deals played by computer players; deal ``i`` is shuffled with ``seed + i``."""
    from ..bots.daer import make_players, play_out

    own = get_rules(rules).variant.sitting
    if own is not None:  # a race that may stop mid-deal (Wuchuan 一百): ``deals`` is at most how many
        found: tuple[Match, MatchRecord] = own.play(players, deals, seed, bot, options)
        return found
    if not 1 <= deals <= MAX_DEALS:
        raise MatchError(Text(f"局数应在 1 到 {MAX_DEALS} 之间", f"deals must be 1 to {MAX_DEALS}"), where="deals")
    if players is None:
        players = Deal.new(rules, None, seed=seed, options=options).players
    record = MatchRecord(rules, players, 0, options=options)

    def one_deal(index: int, seating: Seating) -> DealOutcome:
        rng = random.Random(seed + index)
        deal = Deal.new(
            rules,
            players,
            rng=rng,
            seed=seed + index,
            dealer=seating.dealer,
            shuffler=seating.shuffler,
            options={**(options or {}), **options_for(match_rules_, seating)} or None,
        )
        play_out(deal, make_players(deal, rng, bot))
        outcome = outcome_of(deal, seating.shuffler)
        record.deals.append((seating.shuffler, DealRecord.from_deal(deal, notes=False), ()))
        if seating.people:  # the seats may change: each deal says who sat where
            record.people[index] = seating.people
        return outcome

    rng = random.Random(seed)
    match_rules_ = match_rules(rules, deals, options)
    record.first_shuffler = match_rules_.first(players, random.Random(seed)).shuffler
    match = play_match(match_rules_, players, one_deal, rng=rng, max_deals=deals)
    record.deals = [(s, d, totals) for (s, d, _), totals in zip(record.deals, match.ledger.history, strict=True)]
    return match, record


def replay_match_deal(record: MatchRecord, n: int, deal_record: DealRecord) -> Deal:
    """Deal ``n`` of a match record replayed: of the match's rules and seats, its errors located in the match."""
    here = record.where(("deals", n, "deal"), f"deals[{n}].deal")
    if deal_record.rules != record.rules or (deal_record.players or record.players) != record.players:
        raise MatchError(
            Text("这一盘的规则或人数与比赛不同", "this deal's rules or players differ from the match's"), where=here
        )
    try:
        deal, _ = replay(deal_record)
    except ChangpaiError as error:
        raise MatchError(error.text, code=error.code, where=f"{here}: {error.where}") from None
    return deal


def replay_match(record: MatchRecord) -> tuple[list[Deal], Ledger]:
    """Replay every deal and check the match (see the module's docstring); returns the deals and the ledger."""
    own = get_rules(record.rules).variant.sitting if record.rules in RULESETS else None
    if own is not None:
        found: tuple[list[Deal], Ledger] = own.replay(record)
        return found
    rules = match_rules(record.rules, len(record.deals), record.options)
    deals: list[Deal] = []
    outcomes: list[DealOutcome] = []
    for n, (shuffler, deal_record, _) in enumerate(record.deals):
        here = record.where(("deals", n, "deal"), f"deals[{n}].deal")
        deal = replay_match_deal(record, n, deal_record)
        if not deal.over:
            raise MatchError(Text("这一盘还没打完", "this deal is not finished"), where=here)
        deals.append(deal)
        people = record.sitters(n) if reseat_of(rules) is not None or n in record.people else ()
        outcomes.append(outcome_of(deal, shuffler, recorded_round(rules, deal_record.options), people))
    first = rules.first(record.players, random.Random(0))
    first = Seating(
        first.dealer if first.dealer is None else record.first_shuffler, record.first_shuffler, first.round, first.head
    )

    def check_cut(n: int, seating: Seating) -> None:
        """Where the deal's own cut picks the dealer (叨牌), the recorded dealer must be the cut's."""
        shuffler, deal_record, _ = record.deals[n]
        if seating.dealer is not None or deal_record.seed is None:
            return
        if not get_play_rules(record.rules).cut_for_dealer.value:
            return
        cut = Deal.new(
            record.rules, record.players, seed=deal_record.seed, shuffler=shuffler, options=deal_record.options
        )
        if cut.table.dealer != deals[n].table.dealer:
            raise MatchError(
                Text(
                    f"叨牌定的庄家是 {cut.table.dealer} 号座位，不是 {deals[n].table.dealer} 号",
                    f"the cut picks seat {cut.table.dealer} to deal, not seat {deals[n].table.dealer}",
                ),
                code="match-seating",
                where=f"deals[{n}].deal",
            )

    try:
        ledger = check_match(
            rules, record.players, outcomes, first, [t for _, _, t in record.deals], check_seating=check_cut
        )
    except MatchError as error:
        path = _path(error.where or "")
        raise MatchError(error.text, code=error.code, where=record.where(path, error.where or "match")) from None
    return deals, ledger


def _path(where: str) -> tuple[str | int, ...]:
    """``deals[3].payments`` → ("deals", 3); ``deals[2].totals`` → ("deals", 2, "totals")."""
    found = re.match(r"deals\[(\d+)\](\.totals|\.deal|\.people)?", where)
    if not found:
        return ()
    return ("deals", int(found.group(1))) + ((found.group(2)[1:],) if found.group(2) else ())
