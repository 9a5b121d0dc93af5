"""Deal records: a whole deal as plain data (people write it as a small YAML file) that the engine replays.

A record names the rule set, the seats, the dealt cards and the stock (or a seed), then every
step in order. A step is an action (``do: 1 pong 七``) or a question for the reader (``question:``),
and may carry a note in Chinese and English. Reading a record replays every step; the first
problem is reported as ``step N: <reason>`` (and the file line). Writing a record back and reading
it again gives the same record (``DealRecord.from_data(r.to_data()) == r``).

This module takes and returns data (dicts). The YAML files are read and written at the edges (command
line, site build, tests) by ``changpai.yamlfile``, which hands ``from_data`` the line of every key and
step so that errors say ``file:line``; the format is ``schemas/deal-record.schema.json``.

::

    rules: luzhou-a
    title: {zh: 庄家碰七, en: The dealer pongs a seven}
    intro: {zh: 先看发到的牌。, en: First, the dealt hands.}   # optional: the note of the deal frame
    dealer: 0
    hands:                  # one line per seat, in playing order; a sitter's is ""
      - 一一二三四五六七七八九十壹贰叁肆伍陆柒捌玖
      - ...
    stock: 三四五…           # the stock, first card to be turned first
    steps:
      - do: 0 discard 七
        note: {zh: 庄家先出牌。, en: The dealer discards first.}
      - question:
          seat: 1
          prompt: {zh: 乙该怎么办？, en: What should B do?}
          choices:
            - {id: 1 pong 七, label: {zh: 碰, en: pong}}
            - {id: 1 pass, label: {zh: 过, en: pass}}
          answer: [1 pong 七]
          explain: {zh: …, en: …}
      - do: 1 pong 七
      - do: 2 eat 四 with 五六
        violation: eat-passed    # a violation committed on purpose, to show its penalty

``frames(record)`` turns a record into the per-step snapshots the deal viewer shows (schemas/frames.schema.json).
Frame 0 is the deal itself; its note is the record's ``intro``. Each frame's ``state`` is ``Deal.snapshot()``;
besides the contract's fields it carries ``private``: ``null``, or ``{"seat": s, "card": "七"}`` while Leshan's
小家 holds a card drawn privately and not yet kept or shown [003] — a viewer shows it only when it shows every
hand. Seats are named as the viewer names them (甲乙丙丁 / A B C D, ``table.seat_name``) in labels, events and
settlement lines, and labels and events use each tradition's own words (``actions.native_words``: Leshan 对 开 和 摆 …).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..core.table import DEFAULT_SEAT_NAMES, ROLE_NAMES, seat_name
from ..core.text import ChangpaiError, Text
from ..decks.numerals import format_cards, parse_cards
from .actions import Action, ActionType, steal_label
from .deal import Deal
from .options import differences
from .record_steps import Choice, Locator, Question, RecordError, Step, read_optional, read_step, read_string, read_text
from .settlement import settle
from .traditions import get_play_rules, get_rules

MAX_SEATS = 8  # the largest table of any tradition (Leshan's 打八张 [003])
MAX_STEPS = 1000  # a deal ends within a few hundred actions; questions and notes add a few more
RECORD_KEYS = (
    "game",
    "rules",
    "options",
    "title",
    "intro",
    "players",
    "dealer",
    "seats",
    "seed",
    "hands",
    "stock",
    "steps",
    "sitting",  # 一百: each seat's 子 (and target) before this deal, for a deal shown on its own
)


# The record's parts, importable from here as before.
__all__ = [
    "MAX_SEATS",
    "MAX_STEPS",
    "RECORD_KEYS",
    "Choice",
    "DealRecord",
    "Question",
    "RecordError",
    "Step",
    "frames",
    "read_text",
    "replay",
]


@dataclass
class DealRecord:
    rules: str
    steps: list[Step] = field(default_factory=list)
    game: str | None = None
    options: dict[str, Any] | None = None
    title: Text | None = None
    intro: Text | None = None  # the note shown with the deal, before the first step
    players: int | None = None
    dealer: int | None = None
    seats: list[Text] | None = None
    seed: int | None = None
    hands: list[str] | None = None
    stock: str | None = None
    # a race's count before the deal (一百), as written: the one sitting shape (``wuchuan_yibai_score.Sitting``,
    # read by the tradition's ``sitting.race_from``) with the fields of a deal in play absent
    sitting: dict[str, Any] | None = None
    lines: dict[tuple[str | int, ...], int] = field(default_factory=dict, compare=False, repr=False)
    source_name: str = field(default="<record>", compare=False, repr=False)

    # ------------------------------------------------------------ reading
    @classmethod
    def from_data(
        cls, data: Any, *, lines: dict[tuple[str | int, ...], int] | None = None, name: str = "<record>"
    ) -> DealRecord:
        lines = lines or {}
        where = Locator(lines, name)
        if not isinstance(data, dict):
            raise RecordError(
                Text("牌谱应是一个映射（键: 值）", "a record must be a mapping of keys to values"), where=f"{name}:1"
            )
        for key in data:
            if key not in RECORD_KEYS:
                raise RecordError(
                    Text(
                        f"不认识的键“{key}”（可用：{', '.join(RECORD_KEYS)}）",
                        f"unknown key “{key}” (known: {', '.join(RECORD_KEYS)})",
                    ),
                    where=where.at((key,)),
                )
        if "rules" not in data:
            raise RecordError(
                Text("缺少 rules（规则集名称）", "missing “rules” (the rule set's name)"), where=f"{name}:1"
            )
        rec = cls(rules=read_string(data["rules"], where.at(("rules",))), lines=lines, source_name=name)
        rec.game = read_optional(data, "game", str, where)
        rec.options = read_optional(data, "options", dict, where)
        rec.players = read_optional(data, "players", int, where)
        rec.dealer = read_optional(data, "dealer", int, where)
        rec.seed = read_optional(data, "seed", int, where)
        rec.stock = read_optional(data, "stock", str, where)
        rec.sitting = read_optional(data, "sitting", dict, where)
        if "title" in data:
            rec.title = read_text(data["title"], where.at(("title",)))
        if data.get("intro") is not None:
            rec.intro = read_text(data["intro"], where.at(("intro",)))
        if "seats" in data:
            seats = data["seats"]
            if not isinstance(seats, list) or len(seats) > MAX_SEATS:
                raise RecordError(
                    Text(
                        f"seats 应是至多 {MAX_SEATS} 个名字的列表",
                        f"“seats” must be a list of at most {MAX_SEATS} names",
                    ),
                    where=where.at(("seats",)),
                )
            rec.seats = [read_text(s, where.at(("seats", i))) for i, s in enumerate(seats)]
        if "hands" in data:
            hands = data["hands"]
            if not isinstance(hands, list) or len(hands) > MAX_SEATS or not all(isinstance(h, str) for h in hands):
                raise RecordError(
                    Text("hands 应是每个座位一行牌", "“hands” must be a list of card strings, one per seat"),
                    where=where.at(("hands",)),
                )
            rec.hands = list(hands)
        steps = data.get("steps") or []
        if not isinstance(steps, list) or len(steps) > MAX_STEPS:
            raise RecordError(
                Text(f"steps 应是至多 {MAX_STEPS} 步的列表", f"“steps” must be a list of at most {MAX_STEPS} steps"),
                where=where.at(("steps",)),
            )
        for i, raw in enumerate(steps):
            rec.steps.append(read_step(raw, i, where))
        return rec

    # ------------------------------------------------------------ writing
    def to_data(self) -> dict[str, Any]:  # noqa: C901 — one branch per optional record field
        out: dict[str, Any] = {}
        if self.game is not None:
            out["game"] = self.game
        out["rules"] = self.rules
        if self.options is not None:
            out["options"] = self.options
        if self.title is not None:
            out["title"] = self.title.as_dict()
        if self.intro is not None:
            out["intro"] = self.intro.as_dict()
        for key in ("players", "dealer"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.seats is not None:
            out["seats"] = [s.as_dict() for s in self.seats]
        if self.seed is not None:
            out["seed"] = self.seed
        if self.hands is not None:
            out["hands"] = list(self.hands)
        if self.stock is not None:
            out["stock"] = self.stock
        if self.sitting is not None:
            out["sitting"] = dict(self.sitting)
        steps = []
        for step in self.steps:
            item: dict[str, Any] = {}
            if step.do is not None:
                item["do"] = step.do
            if step.violation is not None:
                item["violation"] = step.violation
            if step.question is not None:
                q = step.question.as_dict()
                if q["explain"] is None:
                    del q["explain"]
                item["question"] = q
            if step.note is not None:
                item["note"] = step.note.as_dict()
            steps.append(item)
        out["steps"] = steps
        return out

    # ------------------------------------------------------------ the deal
    def step_where(self, index: int) -> str:
        line = self.lines.get(("steps", index))
        return f"step {index + 1}" + (f" ({self.source_name}:{line})" if line else "")

    def field_where(self, where: str) -> str:
        """``where`` (a field: ``dealer``, ``hands.1``, ``hands[1]``, ``options.name``, ``hands+stock``) with the
        file line of that field, or of the nearest enclosing field the file has; a whole-record problem, or a
        missing field, is at line 1."""
        if where == self.source_name:
            return f"{where}:1"
        path: list[str | int] = [int(p) if p.isdigit() else p for p in re.split(r"[.\[\]]+", where.split("+")[0]) if p]
        while path:
            line = self.lines.get(tuple(path))
            if line:
                return f"{where} ({self.source_name}:{line})"
            path.pop()
        return f"{where} ({self.source_name}:1)" if self.lines else where  # a missing field: the record itself

    def new_deal(self) -> Deal:
        """The deal as dealt, before any step; an error names the field and its file line."""
        try:
            deal = self._dealt()
        except ChangpaiError as error:
            raise RecordError(error.text, where=self.field_where(error.where or "deal")) from None
        if self.seats is not None and len(self.seats) > deal.players:  # fields that disagree are an error
            raise RecordError(
                Text(
                    f"seats 写了 {len(self.seats)} 个名字，却只有 {deal.players} 个座位",
                    f"“seats” names {len(self.seats)} seats, but the deal has {deal.players}",
                ),
                where=self.field_where("seats"),
            )
        return deal

    def _dealt(self) -> Deal:
        if self.game not in (None, "daer"):
            raise RecordError(
                Text(f"还不支持玩法“{self.game}”", f"the game “{self.game}” is not supported yet"), where="game"
            )
        try:
            play = get_play_rules(self.rules)
            if self.hands is not None:
                hands = [parse_cards(h, where=f"hands[{i}]") for i, h in enumerate(self.hands)]
                if self.stock is None:
                    raise RecordError(
                        Text("给了 hands 就要给 stock", "a record with “hands” needs “stock” too"), where="stock"
                    )
                stock = parse_cards(self.stock, where="stock")
                players = self.players if self.players is not None else len(hands)
                deal = Deal.new(
                    self.rules,
                    players,
                    dealer=self.dealer or 0,
                    options=self.options,
                    hands=hands,
                    stock=stock,
                    seed=self.seed,
                )
                if self.seed is not None:
                    check = Deal.new(self.rules, players, seed=self.seed, dealer=self.dealer, options=self.options)
                    same_hands = [sorted(h) for h in check.initial_hands] == [sorted(h) for h in deal.initial_hands]
                    if not same_hands or check.initial_stock != deal.initial_stock:
                        raise RecordError(
                            Text(
                                "hands/stock 与 seed 发出的牌不一致",
                                "“hands” and “stock” differ from what the seed deals",
                            ),
                            where="seed",
                        )
                return deal
            if self.seed is None:
                raise RecordError(
                    Text("需要 hands 和 stock，或者 seed", "a record needs “hands” and “stock”, or a “seed”"),
                    where=self.source_name,
                )
            players = self.players or play.default_players()
            return Deal.new(self.rules, players, seed=self.seed, dealer=self.dealer, options=self.options)
        except RecordError:
            raise
        except ChangpaiError as error:
            raise RecordError(error.text, where=error.where or "deal") from None  # located by new_deal

    def seat_names(self, deal: Deal) -> list[Text]:
        if self.seats:
            names = list(self.seats)
            while len(names) < deal.players:
                names.append(DEFAULT_SEAT_NAMES[len(names)])
            return names
        return DEFAULT_SEAT_NAMES[: deal.players]

    @classmethod
    def from_deal(cls, deal: Deal, *, title: Text | None = None, notes: bool = True) -> DealRecord:
        """A record of a deal as played (hands and stock written out, so it does not depend on the shuffle). With
        ``notes`` each step carries what its play said (the deal is replayed for that); without, the steps are the
        history as it stands (a match's record: replaying each deal here doubled the cost of recording it)."""
        violations = {v.step: v.code for v in deal.violations}
        base = get_rules(deal.rules.name), get_play_rules(deal.rules.name)
        options = differences(deal.rules, deal.play_rules, *base)
        rec = cls(
            rules=deal.rules.name,
            title=title,
            players=deal.players,
            dealer=deal.table.dealer,
            seed=deal.seed,
            options=options or None,
            hands=[format_cards(sorted(h)) for h in deal.initial_hands],
            stock=format_cards(deal.initial_stock),
        )
        replay_deal = (
            Deal.new(
                deal.rules,
                deal.players,
                dealer=deal.table.dealer,
                options=options or None,
                hands=[list(h) for h in deal.initial_hands],
                stock=list(deal.initial_stock),
            )
            if notes
            else None
        )
        for i, action in enumerate(deal.history, start=1):
            note = None
            if replay_deal is not None:
                events = replay_deal.play(action, violation=violations.get(i))
                if events:
                    note = Text("；".join(e["zh"] for e in events), "; ".join(e["en"] for e in events))
            rec.steps.append(Step(do=str(action), note=note, violation=violations.get(i)))
        return rec


# ---------------------------------------------------------------- replay and frames


def replay(record: DealRecord, *, collect: bool = False, race: Any = None) -> tuple[Deal, list[dict[str, Any]]]:
    """Apply every step; return the final deal and (with ``collect``) the viewer frames.

    ``race``: for a tradition that scores as the deal goes (一百), the sitting's running count before this deal
    (a deal of a match), which the frames then show and carry on; without it the count starts at 0.
    The first problem raises ``RecordError`` with ``where="step N"``."""
    deal = record.new_deal()
    names = record.seat_names(deal)
    frames: list[dict[str, Any]] = []
    # A tradition that scores as the deal goes (一百's 子) shows each score the moment it is made, as an event.
    sitting, running = _running(record, deal, collect, race)
    if collect:
        frames.append(
            _frame(
                0,
                deal,
                {"seat": deal.table.dealer, "type": "deal", "cards": "", "label": {"zh": "发牌", "en": "The deal"}},
                record.intro,
                None,
                _score_events(running, sitting, 0),
                record,
            )
        )
    for i, step in enumerate(record.steps):
        where = f"step {i + 1}"
        line = record.lines.get(("steps", i))
        loc = f" ({record.source_name}:{line})" if line else ""
        if step.question is not None:
            q = step.question
            if not 0 <= q.seat < deal.players:
                raise RecordError(Text(f"没有座位 {q.seat}{loc}", f"there is no seat {q.seat}{loc}"), where=where)
            for choice in q.choices:
                if choice.id in q.answer and _looks_like_action(choice.id):
                    action = Action.parse(choice.id)
                    if action not in deal.legal_actions():
                        raise RecordError(
                            Text(
                                f"答案“{choice.id}”在这时不合规{loc}",
                                f"the answer “{choice.id}” is not a legal action here{loc}",
                            ),
                            where=where,
                        )
            if collect:
                frame = _frame(i + 1, deal, None, step.note, q, [], record)
                frame["question"]["state"] = deal.to_dict()  # lets a viewer try each choice (api "apply")
                frames.append(frame)
            continue
        if deal.over:
            raise RecordError(
                Text(f"这一盘已经结束，不能再“{step.do}”{loc}", f"the deal is already over: cannot “{step.do}”{loc}"),
                where=where,
            )
        _check_sitting_open(record, running, step.do or "", where, loc)
        try:
            action = Action.parse(step.do or "")  # an action step: ``do`` is set
            if not 0 <= action.seat < deal.players:
                raise RecordError(Text(f"没有座位 {action.seat}", f"there is no seat {action.seat}"))
            before = running.snapshot() if running is not None else None
            made = len(running.scores) if running is not None else 0
            events = deal.play(action, violation=step.violation)
            if running is not None:
                running.after(action, before)
                events = events + _score_events(running, sitting, made)
        except ChangpaiError as error:
            raise RecordError(
                Text(error.text.zh + loc, error.text.en + loc),
                code=error.code if error.code != "error" else "bad-record",
                where=where,
            ) from None
        if collect:
            shown = _action_dict(action, deal, names, events)
            frames.append(_frame(i + 1, deal, shown, step.note, None, events, record))
    return deal, frames


def _running(record: DealRecord, deal: Deal, collect: bool, race: Any) -> tuple[Any, Any]:
    """The tradition's sitting (or ``None``) and, where the 子 are shown or a ``sitting`` is given, the running
    count of this deal, already past the pick-up."""
    sitting = deal.rules.variant.sitting
    if record.sitting is not None and race is None:
        race = _race_before(record, deal, sitting)
    if sitting is None or not (collect or record.sitting is not None):
        return sitting, None
    running = sitting.running(deal, record.options, race)
    running.pickup()
    return sitting, running


def _check_sitting_open(record: DealRecord, running: Any, do: str, where: str, loc: str) -> None:
    """A deal of a sitting shown on its own stops at the 子 that wins the sitting: no step may follow it."""
    if record.sitting is not None and running is not None and running.race.winner is not None:
        raise RecordError(
            Text(f"已经有人满了，这一场结束了，不能再“{do}”{loc}", f"the sitting was already won: cannot “{do}”{loc}"),
            code="match-over",
            where=where,
        )


def _race_before(record: DealRecord, deal: Deal, sitting: Any) -> Any:
    """The race as it stood before a deal shown on its own (the record's ``sitting``), or a located error."""
    line = record.lines.get(("sitting",))
    loc = f" ({record.source_name}:{line})" if line else ""
    if sitting is None:
        raise RecordError(
            Text(
                f"只有一盘接一盘记子的打法（一百）才写 sitting{loc}",
                f"“sitting” is only for a game scored across deals (一百){loc}",
            ),
            where="sitting",
        )
    try:
        return sitting.race_from(deal.players, record.options, record.sitting)
    except ChangpaiError as error:
        raise RecordError(
            Text(error.text.zh + loc, error.text.en + loc), code="bad-record", where=error.where or "sitting"
        ) from None


def _score_events(running: Any, sitting: Any, made: int) -> list[dict[str, str]]:
    """The scores made since the first ``made`` (each a line), then every seat's total so far."""
    if running is None or len(running.scores) == made:
        return []
    lines = [{"code": "score", **score.text().as_dict()} for score in running.scores[made:]]
    totals = {"code": "score-totals", **sitting.totals_text(running.race.totals, running.race).as_dict()}
    if running.race.winner is None:
        return [*lines, totals]
    return [*lines, totals, {"code": "score-end", **sitting.end_text(running.race).as_dict()}]


def _looks_like_action(text: str) -> bool:
    words = text.split()
    return len(words) >= 2 and words[0].isdigit()


def _action_dict(
    action: Action, deal: Deal, names: list[Text], events: list[dict[str, str]] | None = None
) -> dict[str, Any]:
    card = action.card
    if action.type == ActionType.TURN and card is None:
        card = deal.stock[deal.turned - 1] if deal.turned else None
    cards = "" if card is None else str(card)
    if action.cards:
        cards += format_cards(action.cards)
    stolen = any(e.get("code") == "steal" for e in events or ())
    label = steal_label(action) if stolen else action.label(deal.rules)
    who = names[action.seat] if action.seat < len(names) else seat_name(action.seat)
    return {
        "seat": action.seat,
        "type": action.type.value,
        "cards": cards,
        "text": str(action),
        "label": {"zh": f"{who.zh}{label.zh}", "en": f"{who.en}: {label.en}"},
    }


def _frame(
    index: int,
    deal: Deal,
    action: Any,
    note: Text | None,
    question: Question | None,
    events: list[dict[str, str]],
    record: DealRecord,
) -> dict[str, Any]:
    return {
        "index": index,
        "action": action,
        "note": None if note is None else note.as_dict(),
        "question": None if question is None else question.as_dict(),
        "events": list(events),
        "state": deal.snapshot(),
        "settlement": settle(deal).as_dict() if deal.over else None,
    }


def frames(record: DealRecord | dict[str, Any], name: str = "<record>", *, race: Any = None) -> dict[str, Any]:
    """The viewer's frames for a record (a ``DealRecord`` or its data); see schemas/frames.schema.json.
    ``race``: a deal of a 一百 sitting shows the sitting's running 子 (see ``replay``)."""
    if not isinstance(record, DealRecord):
        record = DealRecord.from_data(record, name=name)
    deal, steps = replay(record, collect=True, race=race)
    names = record.seat_names(deal)
    title = record.title or Text(deal.play_rules.title.zh, deal.play_rules.title.en)
    return {
        "rules": record.rules,
        "title": title.as_dict(),
        "seats": [
            {"seat": i, "name": names[i].as_dict(), "role": role, "role_name": ROLE_NAMES[role].as_dict()}
            for i, role in enumerate(deal.table.roles)
        ],
        "steps": steps,
    }
