"""The rules of a deal as objects: one home for what is legal, why an action is refused, and which refusals a
tradition names as violations (包牌).

Each ``Rule`` has its code (the ``RuleError`` code), its name, its sources and **one** predicate: given the deal
and an action, ``None`` if the rule allows it, else the refusal (a thunk that builds the located message, so that
filtering costs no text). The deal makes the actions that are possible in shape (``deal_legal``) and keeps those
that every rule of their chain allows; ``is_legal``, ``broken_rule`` and ``play`` ask the same chain, and the
first rule that refuses names the broken rule. A chain is ordered as a refusal should read (the deal is over
before it is one's turn, a wrong seat before a passed card). The predicates live in ``turns`` and ``claims``.

For speed the generator skips what its candidates pass by construction — the first rules of every chain (the
deal goes on, the seat plays), not-in-hand, the eats' shape rules, and for the claims it offers everything but
their rank — asks a ``per_seat`` rule once per seat and type, skips a rule ``quiet`` for the seat, and leaves out
the rules a deal's options never let refuse (``used``). ``tests/engine/test_legality.py`` checks that the list and
the refusals agree all the same (and ``is_legal`` trusts the list: an action in it passed its chain).

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

from ...core.text import RuleError, Text
from ..actions import Action, ActionType
from ..deal_state import CLAIM
from ..playrules import PlayRules
from .claims import (
    _already_passed,
    _barred,
    _bi_required,
    _compulsory,
    _eat_impossible,
    _eat_own_discard,
    _eat_passed,
    _eat_wrong,
    _eat_wrong_seat,
    _false_win,
    _kong_impossible,
    _own_discard,
    _pong_impossible,
    _pong_passed,
    _short_win,
    _win_declined_claim,
    _win_own_discard,
    _win_passed,
    _wrong_card,
)
from .turns import (
    _ate_nothing,
    _break_kan,
    _deal_over,
    _eat_then_discard,
    _eight_blocks,
    _four_first,
    _four_too_early,
    _holds_no_kan,
    _no_four,
    _no_seat,
    _not_in_hand,
    _not_now,
    _not_your_turn,
    _sitter,
)

if TYPE_CHECKING:
    from ..deal_legal import DealLegal

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
    # True if it cannot refuse anything of this seat now (no 坎 held, no eat just made): the generator skips it
    quiet: Callable[[DealLegal, int], bool] | None = None


@dataclass(frozen=True, slots=True)
class Baopai:
    """What a rule set says about violations (包牌): the codes a record may commit on purpose (they are penalised
    per ``PlayRules.penalty``), in the order its rules name them, and the rule's name in its own words."""

    codes: tuple[str, ...]
    own_names: Mapping[str, Text] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Compiled:
    """The chains of a deal whose options leave out the rules they never let refuse (``Rule.used``): all of them
    (``chains``); for the generator outside the claim window, each type's rules after those its candidates pass
    (``IN_PLAY``) split into those asked once per seat (``per_seat``) and per action (``split``); in the window,
    what is left to ask of an offered claim (``ranking``)."""

    chains: Chains
    split: Mapping[ActionType, tuple[tuple[Rule, ...], tuple[Rule, ...]]]
    ranking: Mapping[ActionType, tuple[Rule, ...]]
    # every rule of ``ranking``, once: a seat for which all are ``quiet`` has every offered claim and its pass legal
    ranking_rules: tuple[Rule, ...] = ()


_COMPILED: dict[frozenset[str], Compiled] = {}


def compiled(deal: DealLegal) -> Compiled:
    """The deal's chains (cached on the deal, and across deals by the options that matter)."""
    found: Compiled | None = deal._rule_chains.get(0)
    if found is None:
        play = deal.play_rules
        off = frozenset(code for code, r in RULES.items() if not r.used(play))
        found = _COMPILED.get(off)
        if found is None:

            def keep(base: Chains) -> Chains:
                return {k: tuple(r for r in c if r.code not in off) for k, c in base.items()}

            in_play = keep(IN_PLAY)
            ranking = {t: c for (_claim, t), c in keep(RANKING).items()}
            found = _COMPILED[off] = Compiled(
                keep(CHAINS),
                {
                    t: (tuple(r for r in c if r.per_seat), tuple(r for r in c if not r.per_seat))
                    for (claim, t), c in in_play.items()
                    if not claim
                },
                ranking,
                tuple({r.code: r for c in ranking.values() for r in c}.values()),
            )
        deal._rule_chains[0] = found
    return found


def first_refusal(deal: DealLegal, action: Action) -> RuleError | None:
    """The refusal of the first rule of ``action``'s chain that refuses it (``None``: legal)."""
    for r in compiled(deal).chains[(deal.phase == CLAIM, action.type)]:
        refusal = r.refuse(deal, action)
        if refusal is not None:
            return refusal()
    return None


def refusing_rule(deal: DealLegal, action: Action) -> Rule | None:
    """The rule whose refusal ``first_refusal`` gives (``None``: legal); for tests and tools."""
    for r in compiled(deal).chains[(deal.phase == CLAIM, action.type)]:
        if r.refuse(deal, action) is not None:
            return r
    return None


def allowed(deal: DealLegal, action: Action, rules: tuple[Rule, ...]) -> bool:
    for r in rules:  # noqa: SIM110 — a loop, not all(): the generator's inner loop
        if r.refuse(deal, action) is not None:
            return False
    return True


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


def _not_passed(d: DealLegal, s: int) -> bool:
    return s not in d.passed  # already-passed: the seat has not passed in this window


def _none_compulsory(d: DealLegal, s: int) -> bool:
    return not d._compulsory_open()  # must-pong / must-kong: no compulsory claim is open in this window


_QUIET = {
    "break-kan": _holds_no_kan,
    "eat-then-discard-partner": _ate_nothing,
    "already-passed": _not_passed,
    "must-pong": _none_compulsory,
    "must-kong": _none_compulsory,
}


def _r(code: str, zh: str, en: str, sources: str, refuse: Predicate) -> Rule:
    option = _OPTION.get(code)
    used: Callable[[PlayRules], bool] = (lambda play: True) if option is None else (lambda play: _on(play, option))
    return Rule(code, Text(zh, en), sources, refuse, used, code in _PER_SEAT, _QUIET.get(code))


def _on(play: PlayRules, option: str) -> bool:
    return bool(getattr(play, option).value)


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
