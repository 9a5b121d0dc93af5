"""Violations (包牌) the sources name, and what each rule set does about them: a view of the rules in
``legality`` (their codes, names and sources) and of what each tradition declares (``BAOPAI`` in its module).

A deal refuses an illegal action with a ``RuleError`` whose ``code`` names the rule. A recorded
deal may commit one of the violations below *on purpose* (to teach it) by marking the step
``violation: CODE``; the deal then records it, bars or fines the seat per the rule set, and — except
where the rules end the deal — play goes on ([003] 包后继续, except after 诈和).

Penalties: Leshan, the violator pays every other player 20 和 [003]; Wuchuan, the violator pays all
three others ("负三家"; the amount is an engine default) [000]; Luzhou names no fine, only that a winner
must not have broken a rule [001], so the violator may not win that deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.table import seat_name
from ..core.text import Text
from . import leshan, leshan_short, luzhou, wuchuan, wuchuan_yibai
from .legality import RULES, Baopai

if TYPE_CHECKING:
    from .deal import Deal

# Each tradition declares its own (``BAOPAI`` in its module); this is their union, checked against the registry.
DECLARED: dict[str, Baopai] = {
    **luzhou.BAOPAI,
    **leshan.BAOPAI,
    **leshan_short.BAOPAI,
    **wuchuan.BAOPAI,
    **wuchuan_yibai.BAOPAI,
}
_unknown = sorted({c for b in DECLARED.values() for c in (*b.codes, *b.own_names)} - set(RULES))
if _unknown:
    raise AssertionError(f"violations declared that no rule refuses with: {_unknown}")

# code → name, for every rule some tradition names as a violation (in the registry's order)
VIOLATION_NAMES: dict[str, Text] = {
    code: r.name for code, r in RULES.items() if any(code in b.codes for b in DECLARED.values())
}


def violation_name(code: str, rules_name: str) -> Text:
    """A violation's name in the words of the tradition ``rules_name``."""
    own = DECLARED[rules_name].own_names.get(code) if rules_name in DECLARED else None
    return own or VIOLATION_NAMES.get(code, Text(code, code))


def violation_codes(rules_name: str) -> frozenset[str]:
    """The violations a rule set names (and so a record may commit on purpose)."""
    found = DECLARED.get(rules_name)
    return frozenset(found.codes) if found is not None else frozenset()


def named_by(code: str) -> tuple[str, ...]:
    """The rule sets that name the rule ``code`` as a violation (a record of theirs may commit it on purpose)."""
    return tuple(name for name, b in DECLARED.items() if code in b.codes)


def describe(rules_name: str) -> list[dict[str, Any]]:
    codes = violation_codes(rules_name)
    return [
        {"code": code, "name": violation_name(code, rules_name).as_dict(), "sources": r.sources}
        for code, r in RULES.items()
        if code in codes
    ]


def penalty_payments(deal: Deal) -> tuple[list[int], list[Text]]:
    """Payments for the violations committed in ``deal`` (zero-sum), with a line for each."""
    play = deal.play_rules
    payments = [0] * deal.table.size
    lines: list[Text] = []
    if play.penalty.value != "pay-each":
        for v in deal.violations:
            lines.append(
                Text(
                    f"{seat_name(v.seat).zh}违规（{VIOLATION_NAMES.get(v.code, Text(v.code, v.code)).zh}），本盘不能胡",
                    f"{seat_name(v.seat).en} broke a rule ({VIOLATION_NAMES.get(v.code, Text(v.code, v.code)).en}) "
                    "and may not win this deal",
                )
            )
        return payments, lines
    amount = play.penalty_amount.value
    for v in deal.violations:
        # Leshan: every player at the table [003]; Wuchuan: all three others [000].
        others = [
            s
            for s in range(deal.table.size)
            if s != v.seat and (play.penalty_paid_to.value == "all" or s in deal.table.active)
        ]
        for other in others:
            payments[other] += amount
            payments[v.seat] -= amount
        name = violation_name(v.code, play.name)
        lines.append(
            Text(
                f"包牌：{seat_name(v.seat).zh}（{name.zh}）赔每家 {amount}（{play.penalty.source}）",
                f"包牌: {seat_name(v.seat).en} ({name.en}) pays {amount} to each of {len(others)} others "
                f"({play.penalty.source})",
            )
        )
    return payments, lines
