"""A whole deal of the 80-card games as a state machine.

The flow, common to Luzhou [001][004], Leshan [003] and Wuchuan [000]:

1. The dealer (21 cards) discards; a held four must be laid out first where the rules say so.
2. The card lies face up: the *claim window*. Claims, highest first: 胡 win > 招/开 kong >
   碰/对/兑 pong > 吃 eat. Among equal claims the seat that turned the card comes first, then
   the seat nearest the card's source in playing order ([001] 自摸优先、上家优先; [003] nearest
   counter-clockwise). A compulsory claim (Luzhou A and Wuchuan pong/kong) cannot be passed.
3. A claimer lays its set out and discards — unless that made its second (third …) four-card
   set: 八块, no discard, and the next seat turns a card.
4. If nobody claims, the card stays with its source (过张) and the next seat turns the top
   stock card face up (Leshan's 小家 instead draws privately and keeps or shows it [003]).
5. The deal ends on a win, on a violation that ends it, or when the stock runs out (no winner).

Use ``Deal.new(...)`` to shuffle and deal, ``deal.legal_actions()`` for the lazy list of
legal actions, ``deal.play(action)`` to apply one (an illegal one raises ``RuleError`` naming
the rule). In a claim window each seat that can claim may ``pass`` or claim; ``play`` of a claim
means every other seat passed, and the next seat's ``turn`` means everybody passed (as a record
writes it); ``claims.resolve`` picks the winning claim when several seats want the card.

The state is plain data: ``deal.to_dict()`` is JSON and ``Deal.from_dict`` restores it.

``Deal`` is built in layers, one concern per module, each a subclass of the one below:
``deal_state.DealState`` (the attributes) → ``deal_rules`` (rule helpers, win checks) → ``deal_legal``
(legal actions: the candidates ``legality``'s rules allow; the claim window) → ``deal_refusals`` (checks, the
rule a refusal breaks: the same rules) → ``deal_play`` (applying actions, the end of the deal) → ``Deal`` here
(dealing, serialisation, the viewer's snapshot).
"""

from __future__ import annotations

import random
from typing import Any

from ..core.game import LegalActions
from ..core.table import DEALER, PLAYER, SITTER, XIAOJIA, Table
from ..core.text import RuleError, Text
from ..decks.numerals import ALL_KINDS, DECK, Card, check_copies, format_cards, parse_cards
from .actions import Action
from .deal_play import DealPlay
from .deal_rules import evaluate_hand, instant_result, result_complete, result_points, win_total, xiaojia_result
from .deal_state import (
    CLAIM,
    DISCARD,
    DRAWN,
    OVER,
    PHASE_NAMES,
    TURN,
    DealState,
    Exposed,
    LaidSet,
    SeatState,
    Violation,
    WinInfo,
    four_display,
    rule,
)
from .dealing import Dealt, deal_new, make_table
from .options import IN_PLAY, ON_HAND, differences, values
from .options import apply as apply_options
from .playrules import PlayRules
from .rules import RuleSet
from .split import card_counts
from .traditions import get_play_rules, get_rules

# The deal's names, importable from here as before the split.
__all__ = [
    "CLAIM",
    "DISCARD",
    "DRAWN",
    "MAX_SEED",
    "OVER",
    "PHASE_NAMES",
    "TURN",
    "Deal",
    "DealState",
    "Exposed",
    "LaidSet",
    "SeatState",
    "Violation",
    "WinInfo",
    "check_seed",
    "evaluate_hand",
    "four_display",
    "instant_result",
    "resolve_rules",
    "result_complete",
    "result_points",
    "rule",
    "win_total",
    "xiaojia_result",
]


class Deal(DealPlay):
    """One deal of Luzhou / Leshan / Wuchuan play. See the module docstring."""

    game = "daer"

    # ------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        rules: str | RuleSet = "luzhou-a",
        players: int | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int | None = None,
        options: dict[str, Any] | None = None,
        hands: list[list[Card]] | None = None,
        stock: list[Card] | None = None,
        shuffler: int = 0,
    ) -> Deal:
        """Shuffle and deal (``rng`` or ``seed``), or take ``hands`` and ``stock`` as given."""
        seed = check_seed(seed)
        for key, value in (("players", players), ("dealer", dealer)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise RuleError(Text("应是整数", "must be a whole number"), code="bad-field", where=key)
        rule_set, play = resolve_rules(rules, options)
        if players is None:
            players = play.default_players()
        if hands is not None:
            table = make_table(play, players, dealer or 0)
            dealt = _dealt_from(play, table, hands, stock or [])
            return cls(rule_set, play, dealt, seed=seed)
        if rng is None:
            rng = random.Random(seed)
        if players not in play.players.value:
            make_table(play, players)  # refuses the count with the tradition's own error, before the cut divides by it
        dealt = deal_new(play, players, rng, dealer=dealer, shuffler=shuffler)
        return cls(rule_set, play, dealt, seed=seed)

    # ------------------------------------------------------------ queries
    def legal_actions(self, seat: int | None = None) -> LegalActions[Action]:
        return LegalActions(self, seat)

    def parse_action(self, action: object) -> Action | None:
        """``action`` as an action of this game (a line such as ``"1 pong 七"`` is read); ``None`` if it is none."""
        if isinstance(action, str):
            try:
                return Action.parse(action)
            except RuleError:
                return None
        return action if isinstance(action, Action) else None

    # ------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[str, Any]:
        """JSON-able state; ``Deal.from_dict`` restores it (history is replayed from the deal)."""
        return {
            "game": self.game,
            "rules": self.rules.name,
            "rule_options": values(self.rules, side=ON_HAND),
            "options": differences(
                self.rules, self.play_rules, get_rules(self.rules.name), get_play_rules(self.rules.name), IN_PLAY
            ),
            "roles": list(self.table.roles),
            "dealer": self.table.dealer,
            "hands": [format_cards(sorted(h)) for h in self.initial_hands],
            "stock": format_cards(self.initial_stock),
            "cut_card": None if self.cut_card is None else str(self.cut_card),
            "seed": self.seed,
            "history": [str(a) for a in self.history],
            "violations": [v.code for v in self.violations],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deal:
        """Restore a state (``to_dict``), trusting nothing in it: it is dealt again from its hands and stock by
        ``Deal.new``, as a record is (the same checks and errors, ``where`` naming the state's field), its roles
        and cut card must be the ones that deal gives, and its history is replayed rule by rule."""
        if not isinstance(data, dict):
            raise RuleError(Text("state 应是对象", "a state must be an object"), code="bad-state")
        _check_state_fields(data, cls.game)
        roles = data["roles"]
        try:
            deal_ = cls.new(
                data["rules"],
                len(roles),
                seed=data.get("seed"),
                dealer=data["dealer"],
                options={**data.get("rule_options", {}), **data.get("options", {})},
                hands=[parse_cards(h, where=f"hands.{i}") for i, h in enumerate(data["hands"])],
                stock=parse_cards(data["stock"], where="stock"),
            )
        except RuleError as error:
            if error.where != "players":
                raise
            raise RuleError(error.text, code=error.code, where="roles") from None  # a state counts seats by roles
        if list(deal_.table.roles) != roles:
            raise RuleError(
                Text(
                    f"座位的角色应是 {'、'.join(deal_.table.roles)}",
                    f"the seats' roles must be {', '.join(deal_.table.roles)} for this dealer",
                ),
                code="bad-state",
                where="roles",
            )
        if (None if deal_.cut_card is None else str(deal_.cut_card)) != data.get("cut_card"):
            raise RuleError(
                Text("叨出的牌与发牌不符", "the cut card does not fit the deal"), code="bad-state", where="cut_card"
            )
        pending = list(data.get("violations") or [])
        for i, text in enumerate(data["history"]):
            where = f"history.{i}"
            if not isinstance(text, str):
                raise RuleError(Text("动作应是文字", "an action is written as text"), code="bad-action", where=where)
            action = Action.parse(text, where=where)
            try:
                if not deal_.is_legal(action) and pending:
                    deal_.play(action, violation=str(pending.pop(0)))
                else:
                    deal_.play(action)
            except RuleError as error:
                raise RuleError(error.text, code=error.code, where=where) from None
        if pending:  # a violation the history never commits: the state disagrees with itself
            raise RuleError(
                Text(f"历史里没有违规“{pending[0]}”", f"the history commits no violation “{pending[0]}”"),
                code="bad-state",
                where="violations",
            )
        return deal_

    def copy(self) -> Deal:
        return Deal.from_dict(self.to_dict())

    def snapshot(self) -> dict[str, Any]:
        """What a viewer shows: hands, laid sets, piles, stock left, the face-up card, who acts."""
        face_up = self.exposed.card if self.exposed else None
        return {
            "hands": [format_cards(st.hand_cards()) for st in self.seats],
            "melds": [
                [
                    {
                        "kind": ls.meld.kind.value,
                        "name": self.rules.native_name(ls.meld.kind).as_dict(),
                        "cards": str(ls.meld),
                        "points": self.rules.points_of(ls.meld.kind, ls.meld.cards),
                        "how": ls.how,
                    }
                    for ls in st.laid
                ]
                for st in self.seats
            ],
            "discards": [format_cards(st.pile) for st in self.seats],
            "stock_left": len(self.stock) - self.turned,
            "face_up": None if face_up is None else str(face_up),
            "shown_stock_card": None if self.shown is None else str(self.shown),
            "to_act": self.to_act if self.phase != CLAIM else None,
            "phase": self.phase,
            "claimants": self.to_move() if self.phase == CLAIM else [],
            # 小家's privately drawn card [003]: only a viewer showing every hand may show it
            "private": None if self.drawn is None else {"seat": self.to_act, "card": str(self.drawn)},
        }

    def __repr__(self) -> str:
        return f"<Deal {self.rules.name} {self.players} players, {len(self.history)} actions, {self.phase}>"


def _dealt_from(play: PlayRules, table: Table, hands: list[list[Card]], stock: list[Card]) -> Dealt:
    if len(hands) > table.size:  # e.g. a record with players: 2 and three hands
        raise RuleError(
            Text(f"有 {len(hands)} 手牌，却只有 {table.size} 个座位", f"{len(hands)} hands for {table.size} seats"),
            code="bad-deal",
            where="hands",
        )
    full = [list(h) for h in hands] + [[]] * (table.size - len(hands))
    for s, role in enumerate(table.roles):
        want = {
            DEALER: play.dealer_cards.value,
            PLAYER: play.player_cards.value,
            XIAOJIA: play.xiaojia_cards.value,
            SITTER: 0,
        }[role]
        if len(full[s]) != want:
            raise RuleError(
                Text(
                    f"座位 {s}（{role}）应有 {want} 张牌，却有 {len(full[s])} 张",
                    f"seat {s} ({role}) should hold {want} cards, not {len(full[s])}",
                ),
                code="bad-deal",
                where=f"hands.{s}",
            )
    check_copies([c for h in full for c in h] + list(stock), where="hands+stock")
    total = sum(len(h) for h in full) + len(stock)
    cut = None
    if total == len(DECK) - 1 and play.cut_card_out_of_play.value:
        missing = card_counts(list(DECK))
        for c in [c for h in full for c in h] + list(stock):
            missing[c.index] -= 1
        cut = ALL_KINDS[next(i for i, n in enumerate(missing) if n)]
    elif total != len(DECK):
        raise RuleError(
            Text(f"手牌和堂底共 {total} 张，应为 80", f"hands and stock hold {total} cards, not 80"),
            code="card-count",
            where="stock",
        )
    return Dealt(table, tuple(tuple(h) for h in full), tuple(stock), cut)


# A state's fields: (types, required). ``Deal.from_dict`` checks them before anything is read.
_STATE_FIELDS: dict[str, tuple[type | tuple[type, ...], bool]] = {
    "game": (str, False),
    "rules": (str, True),
    "rule_options": (dict, False),
    "options": (dict, False),
    "roles": (list, True),
    "dealer": (int, True),
    "hands": (list, True),
    "stock": (str, True),
    "cut_card": (str, False),
    "seed": (int, False),
    "history": (list, True),
    "violations": (list, False),
}


def _check_state_fields(data: dict[str, Any], game: str) -> None:
    """Every field of a state known, of its type, and there when required (``_STATE_FIELDS``)."""
    for key in data:
        if key not in _STATE_FIELDS:  # as in a record, a typo or a forged field never passes silently
            raise RuleError(
                Text(f"state 里没有“{key}”这个字段", f"a state has no field “{key}”"),
                code="bad-state",
                where=str(key),
            )
    if data.get("game", game) != game:
        raise RuleError(Text(f"这不是{game}的牌局", f"not a {game} deal"), code="bad-state", where="game")
    for key, (kinds, required) in _STATE_FIELDS.items():
        value = data.get(key)
        if (value is None and required) or (
            value is not None and (isinstance(value, bool) or not isinstance(value, kinds))
        ):
            raise RuleError(
                Text("缺少这个字段，或类型不对", "this field is missing or of the wrong type"),
                code="bad-state",
                where=key,
            )


MAX_SEED = 2**64  # a seed only picks a shuffle: a 100,000-digit one would only cost time


def check_seed(value: object, where: str = "seed") -> int | None:
    """A seed is a whole number between -2**64 and 2**64, or none."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not -MAX_SEED < value < MAX_SEED:
        raise RuleError(
            Text("种子应是 2**64 以内的整数", "a seed is a whole number between -2**64 and 2**64"),
            code="bad-seed",
            where=where,
        )
    return value


def resolve_rules(rules: str | RuleSet, options: dict[str, Any] | None) -> tuple[RuleSet, PlayRules]:
    """The rule set and its play rules with a record's options applied (``options.apply``).

    Resolved once per rule set name and options (the answer is immutable; a ``RuleSet`` hashes by identity, so
    sharing it also lets the searches' per-rule-set caches serve every deal with those options)."""
    if not isinstance(rules, str):
        rule_set = get_rules(rules)
        return apply_options(rule_set, get_play_rules(rule_set.name), options)
    key: tuple[object, ...] | None = None
    found = None
    if options is None or isinstance(options, dict):
        try:  # an option's value is keyed with its type: 1, 1.0 and True are equal keys but not equal options
            key = (rules, tuple([(k, type(k), v, type(v)) for k, v in options.items()]) if options else ())
            found = _RESOLVED.get(key)
        except TypeError:  # a value that cannot be a key (a list …): resolved afresh, and refused as before
            key = None
    if found is None:
        rule_set = get_rules(rules)
        found = apply_options(rule_set, get_play_rules(rule_set.name), options)
        if key is not None:
            if len(_RESOLVED) >= _RESOLVED_KEPT:  # requests may name many option mixes: keep the cache bounded
                _RESOLVED.clear()
            _RESOLVED[key] = found
    return found


_RESOLVED_KEPT = 256
_RESOLVED: dict[tuple[object, ...], tuple[RuleSet, PlayRules]] = {}
