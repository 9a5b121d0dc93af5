"""The rules of a deal as objects: one home for what is legal, why an action is refused, and which refusals a
tradition names as violations (包牌).

Each ``Rule`` has its code (the ``RuleError`` code), its name, its sources and **one** predicate: given the deal
and an action, the located refusal, or ``None`` if the rule allows it. The deal makes the actions that are
possible in shape (``deal_legal``) and keeps those that every rule of their chain allows; ``is_legal``,
``broken_rule`` and ``play`` ask the same chain, and the first rule that refuses names the broken rule. A chain is
ordered as a refusal should read (the deal is over before it is one's turn, a wrong seat before a passed card).

Where the judgement is a search, its one home stays in the deal and the rules here ask it: the win test
(``_offered_win``), the claims the card allows (``_claims_for``: shapes, 比/摆 layouts, a discard left), the
compulsory claims' ranking (``_pending_compulsory``) and the discards a 坎 leaves (``_discard_choices``).

Which of these rules a record may break on purpose, and how a tradition calls them, each tradition declares in its
own module (``BAOPAI``, a ``Baopai`` per rule set); ``violations`` is the view of both.

>>> [r.code for r in CHAINS[(True, ActionType.PASS)]]
['deal-over', 'no-seat', 'sitter', 'already-passed', 'must-pong', 'must-kong']
>>> RULES["break-kan"].name.zh
'拆坎子'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.table import SITTER, XIAOJIA, seat_name
from ..core.text import RuleError, Text
from ..decks.numerals import ALL_KINDS, Card, format_cards
from . import playrules as pr
from .actions import Action, ActionType, native_words
from .deal_state import CLAIM, DISCARD, DRAWN, OVER, PHASE_NAMES, TURN, rule
from .playrules import PlayRules
from .sets import classify_three

if TYPE_CHECKING:
    from .deal_legal import DealLegal

# A refusal is the rule's located message, built only when asked for (the generator only needs to know).
Refusal = Callable[[], RuleError] | None
Predicate = Callable[["DealLegal", Action], Refusal]
Chains = Mapping[tuple[bool, ActionType], tuple["Rule", ...]]


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule of the deal: ``refuse(deal, action)`` is the located refusal, or ``None`` if it allows the action."""

    code: str
    name: Text
    sources: str
    refuse: Predicate = field(repr=False, compare=False)
    # False where the play rules never let it refuse (an option off): the deal's chains leave it out
    used: Callable[[PlayRules], bool] = field(default=lambda play: True, repr=False, compare=False)
    # True if its verdict is the same for every candidate of one seat and action type (whose turn it is, a
    # four to lay out first, 八块): the generator asks it once per group
    per_seat: bool = False


@dataclass(frozen=True, slots=True)
class Baopai:
    """What a rule set says about violations (包牌): the codes a record may commit on purpose (they are penalised
    per ``PlayRules.penalty``), in the order its rules name them, and the rule's name in its own words."""

    codes: tuple[str, ...]
    own_names: Mapping[str, Text] = field(default_factory=dict)


_COMPILED: dict[tuple[int, frozenset[str]], Chains] = {}


def deal_chains(deal: DealLegal, base: Chains) -> Chains:
    """``base`` without the rules the deal's play rules never let refuse (computed once per deal)."""
    own: Chains | None = deal._rule_chains.get(id(base))
    if own is None:
        play = deal.play_rules
        used = frozenset(code for code, r in RULES.items() if r.used(play))
        key = (id(base), used)  # the bases are this module's constants; the options decide the rest
        own = _COMPILED.get(key)
        if own is None:
            own = _COMPILED[key] = {k: tuple(r for r in c if r.code in used) for k, c in base.items()}
        deal._rule_chains[id(base)] = own
    return own


def deal_split_chains(deal: DealLegal) -> Mapping[ActionType, tuple[tuple[Rule, ...], tuple[Rule, ...]]]:
    """Outside the claim window, for the generator: each type's rules after the ones every candidate passes
    (``IN_PLAY``), split into those asked once per seat and type (``per_seat``) and those asked per action."""
    key = id(deal_split_chains)
    own: Mapping[ActionType, tuple[tuple[Rule, ...], tuple[Rule, ...]]] | None = deal._rule_chains.get(key)
    if own is None:
        chains = deal_chains(deal, IN_PLAY)
        own = deal._rule_chains[key] = {
            t: (tuple(r for r in c if r.per_seat), tuple(r for r in c if not r.per_seat))
            for (claim, t), c in chains.items()
            if not claim
        }
    return own


def deal_ranking(deal: DealLegal) -> Mapping[ActionType, tuple[Rule, ...]]:
    """In the claim window, what is left to ask of a claim ``_claims_for`` offers, per type (``RANKING``)."""
    key = id(deal_ranking)
    own: Mapping[ActionType, tuple[Rule, ...]] | None = deal._rule_chains.get(key)
    if own is None:
        own = deal._rule_chains[key] = {t: c for (_claim, t), c in deal_chains(deal, RANKING).items()}
    return own


def first_refusal(deal: DealLegal, action: Action, chains: Chains | None = None) -> RuleError | None:
    """The refusal of the first rule of ``action``'s chain that refuses it (``None``: legal)."""
    for r in deal_chains(deal, CHAINS if chains is None else chains)[(deal.phase == CLAIM, action.type)]:
        refusal = r.refuse(deal, action)
        if refusal is not None:
            return refusal()
    return None


def refusing_rule(deal: DealLegal, action: Action) -> Rule | None:
    """The rule whose refusal ``first_refusal`` gives (``None``: legal); for tests and tools."""
    for r in deal_chains(deal, CHAINS)[(deal.phase == CLAIM, action.type)]:
        if r.refuse(deal, action) is not None:
            return r
    return None


def allowed(deal: DealLegal, action: Action, rules: tuple[Rule, ...]) -> bool:
    for r in rules:  # noqa: SIM110 — a loop, not all(): the generator's inner loop
        if r.refuse(deal, action) is not None:
            return False
    return True


# ---------------------------------------------------------------- every action


def _deal_over(d: DealLegal, a: Action) -> Refusal:
    return (lambda: rule("deal-over", "这一盘已经结束", "the deal is over", "—")) if d.phase == OVER else None


def _no_seat(d: DealLegal, a: Action) -> Refusal:
    s = a.seat
    return None if 0 <= s < d.table.size else (lambda: rule("no-seat", f"没有座位 {s}", f"there is no seat {s}", "—"))


def _sitter(d: DealLegal, a: Action) -> Refusal:
    if d.table.roles[a.seat] == SITTER:
        return lambda: rule("sitter", "坐底的人不打牌", "the sitter does not play", "[001][000]")
    return None


def _not_your_turn(d: DealLegal, a: Action) -> Refusal:
    if d.phase == CLAIM:  # the window's close: the next seat turns (or 小家 draws)
        nxt = d._next_after_window()
        if a.seat == nxt:
            return None
        return lambda: rule(
            "not-your-turn",
            f"无人进张时由{seat_name(nxt).zh}翻牌",
            f"if nobody claims, {seat_name(nxt).en} turns the next card",
            "[001][003]",
        )
    if a.seat == d.to_act or (a.type == ActionType.WIN and d._offered_win(a)):  # 三龙 / 五坎: out of turn
        return None
    phase = PHASE_NAMES[d.phase]
    return lambda: rule(
        "not-your-turn",
        f"现在轮到{d._who(d.to_act).zh}（{phase.zh}）",
        f"it is {d._who(d.to_act).en}'s turn ({phase.en})",
        "[001][003]",
    )


def _not_now(d: DealLegal, a: Action) -> Refusal:
    """The last word of a chain: the phase has no such action (a shape no rule above explains)."""
    t, s = a.type, a.seat
    if d.phase == CLAIM:
        return lambda: rule("not-now", f"现在不能{t.label.zh}", f"one cannot {t.label.en} now", "—")
    xiaojia = d.table.roles[s] == XIAOJIA
    if d.phase == TURN:
        if xiaojia:
            ok = t == ActionType.DRAW and a.card is None
        else:
            ok = t == ActionType.TURN and d.turned < len(d.stock) and a.card == d.stock[d.turned]
    elif d.phase == DRAWN:
        ok = (t == ActionType.SHOW and a.card is None) or t == ActionType.DISCARD
    else:
        ok = t in (ActionType.DISCARD, ActionType.FOUR)
    if ok:
        return None
    phase = PHASE_NAMES[d.phase]
    return lambda: rule(
        "not-now", f"现在不能{t.label.zh}（{phase.zh}）", f"one cannot {t.label.en} now ({phase.en})", "—"
    )


# ---------------------------------------------------------------- discards and fours


def _discard_held(d: DealLegal, a: Action) -> bool:
    card = a.card
    return card is not None and (d.seats[a.seat].hand[card.index] > 0 or (d.phase == DRAWN and card == d.drawn))


def _not_in_hand(d: DealLegal, a: Action) -> Refusal:
    if a.type == ActionType.EAT:  # the two cards it is eaten with
        hand = d.seats[a.seat].hand
        if any(c.index >= 0 and hand[c.index] < a.cards.count(c) for c in a.cards):
            return lambda: rule(
                "not-in-hand",
                f"手中没有{format_cards(a.cards)}",
                f"the hand does not hold {format_cards(a.cards)}",
                "—",
            )
        return None
    if _discard_held(d, a):
        return None
    return lambda: rule("not-in-hand", f"手中没有{a.card}", f"the hand does not hold {a.card}", "—")


def _four_first(d: DealLegal, a: Action) -> Refusal:
    if d.phase == DRAWN or not d._four_due(a.seat):
        return None
    return lambda: rule(
        "four-first",
        "须先把龙亮到桌上再出牌",
        "a held four must be laid out before discarding",
        d.play_rules.four_timing.source,
    )


def _eight_blocks(d: DealLegal, a: Action) -> Refusal:
    """八块: no discard after a second four-card set — the seat that called it out of turn, or at its turn when
    nothing above (a card not held, a four to lay out first) names the refusal."""
    s = a.seat
    if d.phase not in (TURN, DISCARD) or not _discard_held(d, a):
        return None
    late = (d.phase == TURN and d.eight_blocks_by == s) if s != d.to_act else not (d._four_due(s) or d._owes(s))
    if not late:
        return None
    return lambda: rule(
        "eight-blocks",
        "八块：第二个四张组成形后不出牌，由下家翻牌",
        "八块: after a second four-card set there is no discard; the next seat turns a card",
        d.play_rules.eight_blocks.source,
    )


def _break_kan(d: DealLegal, a: Action) -> Refusal:
    card = a.card
    if card is None:
        return None  # a discard: not-in-hand refuses it first; an eat: it is no eat of a card
    hand = d.seats[a.seat].hand
    if a.type is _EAT_TYPE:
        if any(n >= 3 for i, n in enumerate(hand) if ALL_KINDS[i] in a.cards):
            return lambda: rule(
                "break-kan", "坎不能拆开去吃牌", "a held triple (坎) may not be split to eat", "[001][003][004]"
            )
        return None
    k = card.index
    if hand[k] < 3 or d.phase == DRAWN or k in d._discard_choices(a.seat):
        return None  # only when every card is barred may a held triple be broken
    return lambda: rule(
        "break-kan",
        f"{card}是坎（或龙），不能拆开打出",
        f"{card} is a held triple or four and may not be broken up",
        "[001][003][004]",
    )


_EAT_TYPE = ActionType.EAT


def _eat_then_discard(d: DealLegal, a: Action) -> Refusal:
    """吃字屙字 [003]: after eating with two cards, discarding a card that made a set with them."""
    st = d.seats[a.seat]
    card = a.card
    if st.last_eat is None or not d.play_rules.eat_then_discard_barred.value or card is None or d.phase == DRAWN:
        return None
    low, high = (ALL_KINDS[i] for i in st.last_eat)
    if classify_three((low, high, card)) is None or card.index in d._discard_choices(a.seat):
        return None
    return lambda: RuleError(
        Text(
            f"吃字屙字：用{low}{high}吃牌后又打出能和它们成房的{card}（[003]）",
            f"吃字屙字: after eating with {low}{high}, discarding {card}, which made a set with them ([003])",
        ),
        code="eat-then-discard-partner",
    )


def _no_four(d: DealLegal, a: Action) -> Refusal:
    if a.card is not None and d.seats[a.seat].hand[a.card.index] == 4:
        return None
    return lambda: rule("no-four", f"手中没有四张{a.card}", f"the hand does not hold four {a.card}", "[001]")


def _four_too_early(d: DealLegal, a: Action) -> Refusal:
    if d.phase == DISCARD and d._four_may(a.seat):
        return None
    P = d.play_rules
    if P.four_timing.value == pr.FOUR_DEALER_FIRST_OTHERS_AFTER_ITS_DISCARD:
        return lambda: rule(
            "four-too-early",
            "闲家的活龙在庄家打出第一张牌后立即亮出",
            "a player's held four is shown at once after the dealer's first discard",
            P.four_timing.source,
        )
    return lambda: rule(
        "four-too-early",
        "闲家进第一张牌之后才能亮龙",
        "a player lays out a held four only after its first claim",
        P.four_timing.source,
    )


# ---------------------------------------------------------------- the claim window


def _wrong_card(d: DealLegal, a: Action) -> Refusal:
    ex = d.exposed
    assert ex is not None
    if a.card is None or a.card == ex.card:
        return None
    return lambda: rule(
        "wrong-card",
        f"桌上的牌是{ex.card}，不是{a.card}",
        f"the card on the table is {ex.card}, not {a.card}",
        "—",
    )


def _offered(d: DealLegal, a: Action) -> bool:
    """The claim is one the card allows this seat (shape, layouts, a discard left, the win test)."""
    return a in d._claims_for(a.seat)


def _eat_wrong_seat(d: DealLegal, a: Action) -> Refusal:
    ex = d.exposed
    assert ex is not None
    if d._may_eat(a.seat, ex):
        return None
    return lambda: rule(
        "eat-wrong-seat",
        "只能吃上家打出或翻出的牌、或自己翻出的牌",
        "one may only eat the 上家's card or one's own turned card",
        d.play_rules.eat_from.source,
    )


def _eat_passed(d: DealLegal, a: Action) -> Refusal:
    P, card = d.play_rules, a.card
    if not (P.passed_eat_barred.value and card is not None and card.index in d.seats[a.seat].passed_eat):
        return None
    return lambda: rule(
        "eat-passed",
        f"吃过张：{card}先前可吃而未吃",
        f"吃过张: {card} was passed earlier and may not be eaten now",
        P.passed_eat_barred.source,
    )


def _eat_own_discard(d: DealLegal, a: Action) -> Refusal:
    P, card = d.play_rules, a.card
    if not (P.eat_own_discard_barred.value and card is not None and card.index in d.seats[a.seat].discarded_kinds):
        return None
    return lambda: rule(
        "eat-own-discard",
        f"自己打出过{card}，不能再吃回来",
        f"{card} was discarded by this seat and may not be eaten back",
        P.eat_own_discard_barred.source,
    )


def _eat_wrong(d: DealLegal, a: Action) -> Refusal:
    card = a.card
    if card is None or len(a.cards) != 2 or classify_three((card, *a.cards)) is not None:
        return None
    return lambda: rule(
        "eat-wrong",
        f"{card}与{format_cards(a.cards)}组不成一列",
        f"{card} and {format_cards(a.cards)} make no set",
        "[001][003][000]",
    )


def _bi_required(d: DealLegal, a: Action) -> Refusal:
    P, card = d.play_rules, a.card
    if _offered(d, a) or card is None or not P.bi_required.value or not d._eat_options(a.seat, card):
        return None
    return lambda: rule(
        "bi-required",
        f"手中还有{card}，须另组一列比（摆）出来；摆不下来不能吃",
        f"the hand still holds {card}: it must be laid out in another set (比/摆), or the eat is refused",
        P.bi_required.source,
    )


def _eat_impossible(d: DealLegal, a: Action) -> Refusal:
    if _offered(d, a):
        return None
    return lambda: rule(
        "eat-impossible", f"不能这样吃{a.card}", f"{a.card} cannot be eaten this way", d.play_rules.bi_required.source
    )


def _pong_passed(d: DealLegal, a: Action) -> Refusal:
    card = a.card
    if card is None or not d._pong_blocked(a.seat, card):
        return None
    return lambda: rule(
        "pong-passed",
        f"后对牌：{card}先前可碰而未碰",
        f"后对牌: {card} could have been ponged before",
        d.play_rules.passed_pong_barred.source,
    )


def _pong_impossible(d: DealLegal, a: Action) -> Refusal:
    if _offered(d, a):
        return None
    card = d.exposed.card if d.exposed is not None else a.card
    return lambda: rule("pong-impossible", f"手中没有一对{card}", f"the hand holds no pair of {card}", "[001][003]")


def _kong_impossible(d: DealLegal, a: Action) -> Refusal:
    if _offered(d, a):
        return None
    card = d.exposed.card if d.exposed is not None else a.card
    return lambda: rule("kong-impossible", f"手中没有一坎{card}", f"the hand holds no triple of {card}", "[001][003]")


def _own_discard(d: DealLegal, a: Action) -> Refusal:
    ex = d.exposed
    if ex is None or not (ex.how == "discard" and ex.source == a.seat):
        return None
    return lambda: rule("own-discard", "不能进自己打出的牌", "one may not claim one's own discard", "[001]")


def _already_passed(d: DealLegal, a: Action) -> Refusal:
    if a.seat not in d.passed:
        return None
    return lambda: rule("already-passed", "已经过了", "this seat has already passed", "—")


def _compulsory(kind: ActionType, code: str) -> Predicate:
    """不兑 / 不开招: a compulsory claim still open (its seat is the one that breaks the rule by not making it)."""

    def refuse(d: DealLegal, a: Action) -> Refusal:
        claim = d._pending_compulsory(a)
        if claim is None or claim.type != kind:
            return None

        def say() -> RuleError:
            words = native_words(d.rules)
            name = words["pong"].zh if kind == ActionType.PONG else words["kong"].zh
            P = d.play_rules
            src = P.pong_compulsory.source if kind == ActionType.PONG else P.kong_compulsory.source
            error = rule(
                code,
                f"{seat_name(claim.seat).zh}有{claim.card}必须{name}",
                f"{seat_name(claim.seat).en} must {claim.type.value} ({name}) {claim.card}",
                src,
            )
            error.seat = claim.seat
            return error

        return say

    return refuse


# ---------------------------------------------------------------- wins (the win test is ``_offered_win``)


def _win_on(d: DealLegal, a: Action) -> tuple[Card | None, str]:
    """The card a win is on and how: the face-up card in the window, else the action's card, as dealt."""
    ex = d.exposed
    if d.phase == CLAIM and ex is not None:
        return ex.card, ex.how
    return a.card, "dealt"


def _barred(d: DealLegal, a: Action) -> Refusal:
    if not d.seats[a.seat].barred or d._offered_win(a):
        return None
    return lambda: rule(
        "barred", "本盘已违规，不能胡", "this seat broke a rule this deal and may not win", d.play_rules.penalty.source
    )


def _win_own_discard(d: DealLegal, a: Action) -> Refusal:
    card, _how = _win_on(d, a)
    P = d.play_rules
    if card is None or not P.win_on_own_discard_barred.value or d._offered_win(a):
        return None
    if card.index not in d.seats[a.seat].discarded_kinds:
        return None
    return lambda: rule(
        "win-own-discard",
        f"和回龙：{card}是自己打出过的牌",
        f"和回龙: {card} is a card this seat discarded",
        P.win_on_own_discard_barred.source,
    )


def _win_passed(d: DealLegal, a: Action) -> Refusal:
    card, _how = _win_on(d, a)
    P = d.play_rules
    if card is None or not P.passed_win_barred.value or d.seats[a.seat].passed_win_total < 0 or d._offered_win(a):
        return None
    return lambda: rule(
        "win-passed",
        "现张不和：先前有牌可和而未和，须进张后或升级才能和",
        "现张不和: a win was passed; a new claim or a bigger hand is needed first",
        P.passed_win_barred.source,
    )


def _win_declined_claim(d: DealLegal, a: Action) -> Refusal:
    card, _how = _win_on(d, a)
    P, st = d.play_rules, d.seats[a.seat]
    declined = st.passed_kong or (card is not None and card.index in st.passed_pong)
    if not P.declined_claim_bars_win.value or not declined or d._offered_win(a):
        return None
    return lambda: rule(
        "win-declined-claim",
        "有开不开、后对和牌：放过开或对以后不能再报和",
        "有开不开 / 后对和牌: after declining a kong or a pong one may not win",
        P.declined_claim_bars_win.source,
    )


def _short_win(d: DealLegal, a: Action) -> Refusal:
    if d.table.roles[a.seat] == XIAOJIA or d._offered_win(a):
        return None
    card, how = _win_on(d, a)
    points = d._complete_hand_points(a.seat, card, how)
    if points is None:
        return None
    P = d.play_rules
    return lambda: rule(
        "short-win",
        f"和数不够：只有 {points} 胡，至少要 {P.min_hu.value}",
        f"not enough points: {points}, at least {P.min_hu.value} needed",
        P.min_hu.source,
    )


def _false_win(d: DealLegal, a: Action) -> Refusal:
    if d._offered_win(a):
        return None
    return lambda: rule(
        "false-win", "诈和：牌没有全部组成七列", "false win (诈和): the cards do not all form sets", "[001][003]"
    )


# ---------------------------------------------------------------- the registry

_ALL = "[001][004][003][000]"


# The play-rules flag without which a rule never refuses.
_OPTION = {
    "eat-passed": "passed_eat_barred",
    "pong-passed": "passed_pong_barred",
    "eat-own-discard": "eat_own_discard_barred",
    "eat-then-discard-partner": "eat_then_discard_barred",
    "bi-required": "bi_required",
    "must-pong": "pong_compulsory",
    "must-kong": "kong_compulsory",
    "win-own-discard": "win_on_own_discard_barred",
    "win-passed": "passed_win_barred",
    "win-declined-claim": "declined_claim_bars_win",
}


_PER_SEAT = {"not-your-turn", "eight-blocks", "four-first", "four-too-early", "not-now"}


def _r(code: str, zh: str, en: str, sources: str, refuse: Predicate) -> Rule:
    option = _OPTION.get(code)
    per_seat = code in _PER_SEAT
    if option is None:
        return Rule(code, Text(zh, en), sources, refuse, per_seat=per_seat)
    return Rule(code, Text(zh, en), sources, refuse, lambda play: bool(getattr(play, option).value), per_seat)


# The violations first, in the order the traditions name them; then the refusals no source calls 包牌.
RULES: dict[str, Rule] = {
    r.code: r
    for r in (
        _r("eat-passed", "吃过张", "eating a passed card (吃过张)", _ALL, _eat_passed),
        _r("pong-passed", "后对牌", "ponging a passed card (后对牌)", "[004][003]", _pong_passed),
        _r("eat-own-discard", "吃回自己打出的牌", "eating back one's own discard", "[000]", _eat_own_discard),
        _r("eat-wrong", "吃错牌", "eating a card that makes no set (吃错牌)", "[003][000]", _eat_wrong),
        _r(
            "eat-wrong-seat",
            "吃错牌（不该吃的位置）",
            "eating from a seat one may not eat from",
            "[003]",
            _eat_wrong_seat,
        ),
        _r(
            "eat-then-discard-partner",
            "吃字屙字",
            "吃字屙字: discarding the card the eaten set replaced",
            "[003]",
            _eat_then_discard,
        ),
        _r(
            "bi-required",
            "有摆不摆（不比、不妥）",
            "not laying out the held copy (有摆不摆, 比, 妥)",
            _ALL,
            _bi_required,
        ),
        _r("break-kan", "拆坎子", "breaking a held triple (拆坎子)", "[001][004][003]", _break_kan),
        _r(
            "must-pong",
            "有碰不碰（不兑）",
            "not making a compulsory pong (不兑)",
            "[001][000]",
            _compulsory(ActionType.PONG, "must-pong"),
        ),
        _r(
            "must-kong",
            "有招不招（不开招）",
            "not making a compulsory kong (不开招)",
            "[001][000]",
            _compulsory(ActionType.KONG, "must-kong"),
        ),
        _r("four-first", "龙不按时亮出", "a held four not laid out in time (迟亮龙)", "[001][004][000]", _four_first),
        _r(
            "eight-blocks",
            "喊错八块（重招打牌）",
            "discarding when 八块 forbids it (喊错八块, 重招打牌)",
            "[003][000]",
            _eight_blocks,
        ),
        _r("false-win", "诈和", "false win (诈和)", _ALL, _false_win),
        _r("short-win", "和数不够", "win under the minimum (和数不够)", _ALL, _short_win),
        _r("win-own-discard", "和回龙", "winning on a card one discarded (和回龙)", "[003]", _win_own_discard),
        _r("win-passed", "现张不和后再和", "winning on a card after passing that win (现张不和)", "[003]", _win_passed),
        _r(
            "win-declined-claim",
            "有开不开、后对和牌",
            "winning after declining a kong or pong (有开不开, 后对和牌)",
            "[003]",
            _win_declined_claim,
        ),
        # refusals that are not violations
        _r("deal-over", "盘已结束", "the deal is over", "—", _deal_over),
        _r("no-seat", "没有这个座位", "no such seat", "—", _no_seat),
        _r("sitter", "坐底不打牌", "the sitter does not play", "[001][000]", _sitter),
        _r("not-your-turn", "没轮到", "not one's turn", "[001][003]", _not_your_turn),
        _r("not-now", "现在不能这样做", "not an action of this moment", "—", _not_now),
        _r("not-in-hand", "手中没有这张牌", "a card not held", "—", _not_in_hand),
        _r("no-four", "没有四张", "no held four", "[001]", _no_four),
        _r("four-too-early", "亮龙太早", "a held four laid out too early", "[001][004][000]", _four_too_early),
        _r("wrong-card", "不是桌上的牌", "not the face-up card", "—", _wrong_card),
        _r("already-passed", "已经过了", "already passed", "—", _already_passed),
        _r("own-discard", "进自己打出的牌", "claiming one's own discard", "[001]", _own_discard),
        _r("eat-impossible", "吃不了", "an eat the hand cannot make", "[001][003][000]", _eat_impossible),
        _r("pong-impossible", "碰不了", "a pong the hand cannot make", "[001][003]", _pong_impossible),
        _r("kong-impossible", "招不了", "a kong the hand cannot make", "[001][003]", _kong_impossible),
        _r("barred", "违规后不能胡", "barred from winning after a violation", "[001]", _barred),
    )
}


def _chain(*codes: str) -> tuple[Rule, ...]:
    return tuple(RULES[c] for c in ("deal-over", "no-seat", "sitter", *codes))


# The rules a claim must pass to be offered at all (``_claims_for`` keeps the claims these allow); a chain then
# names why a claim the card does not allow is refused, and ranks it against the compulsory claims.
EAT_CARD_RULES = tuple(RULES[c] for c in ("eat-wrong-seat", "eat-passed", "eat-own-discard"))
EAT_SHAPE_RULES = tuple(RULES[c] for c in ("eat-wrong", "break-kan", "not-in-hand"))  # passed by construction
PONG_RULES = (RULES["pong-passed"],)
_WIN_WHY = ("barred", "win-own-discard", "win-passed", "win-declined-claim", "short-win", "false-win")
_RANKED = ("already-passed", "must-pong", "must-kong")
_EAT = tuple(r.code for r in EAT_CARD_RULES + EAT_SHAPE_RULES)
_DISCARD = ("eight-blocks", "not-your-turn", "not-in-hand", "four-first", "break-kan", "eat-then-discard-partner")

_OTHER_TYPES = [ActionType.TURN, ActionType.DRAW, ActionType.SHOW, ActionType.PASS]
_OTHER_TYPES += [ActionType.PONG, ActionType.KONG, ActionType.EAT]

# (in the claim window?, action type) → the rules that judge it, in the order a refusal is named.
CHAINS: Chains = {
    (True, ActionType.TURN): _chain("not-your-turn", "must-pong", "must-kong"),
    (True, ActionType.DRAW): _chain("not-your-turn", "must-pong", "must-kong"),
    (True, ActionType.PASS): _chain(*_RANKED),
    (True, ActionType.EAT): _chain("wrong-card", *_EAT, "bi-required", "eat-impossible", *_RANKED),
    (True, ActionType.PONG): _chain("wrong-card", "pong-passed", "pong-impossible", *_RANKED),
    (True, ActionType.KONG): _chain("wrong-card", "kong-impossible", *_RANKED),
    (True, ActionType.WIN): _chain("wrong-card", *_WIN_WHY, *_RANKED),
    (True, ActionType.DISCARD): _chain("wrong-card", "own-discard", "not-now"),
    (True, ActionType.FOUR): _chain("wrong-card", "own-discard", "not-now"),
    (True, ActionType.SHOW): _chain("wrong-card", "own-discard", "not-now"),
    (False, ActionType.DISCARD): _chain(*_DISCARD, "not-now"),
    (False, ActionType.WIN): _chain("not-your-turn", *_WIN_WHY),
    (False, ActionType.FOUR): _chain("not-your-turn", "no-four", "four-too-early"),
    **{(False, t): _chain("not-your-turn", "not-now") for t in _OTHER_TYPES},
}

# What is left to ask of a claim ``_claims_for`` offers (it passed the rest of its chain to be offered): its rank.
RANKING: Chains = {key: tuple(r for r in chain if r.code in _RANKED) for key, chain in CHAINS.items() if key[0]}
# What is left to ask of a candidate the generator makes: its seat exists and plays, the deal is not over, and a
# card it discards or lays out is one the hand holds (not-in-hand).
IN_PLAY: Chains = {key: tuple(r for r in chain[3:] if r.code != "not-in-hand") for key, chain in CHAINS.items()}
