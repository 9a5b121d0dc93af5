"""Violations (包牌) the sources name, and what each rule set does about them.

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

if TYPE_CHECKING:
    from .deal import Deal

# code → (name, which rule sets name it as a violation, sources)
_TABLE: dict[str, tuple[Text, tuple[str, ...], str]] = {
    "eat-passed": (
        Text("吃过张", "eating a passed card (吃过张)"),
        ("luzhou-a", "luzhou-b", "leshan", "wuchuan"),
        "[001][004][003][000]",
    ),
    "pong-passed": (Text("后对牌", "ponging a passed card (后对牌)"), ("luzhou-b", "leshan"), "[004][003]"),
    "eat-own-discard": (Text("吃回自己打出的牌", "eating back one's own discard"), ("wuchuan",), "[000]"),
    "eat-wrong": (Text("吃错牌", "eating a card that makes no set (吃错牌)"), ("leshan", "wuchuan"), "[003][000]"),
    "eat-wrong-seat": (Text("吃错牌（不该吃的位置）", "eating from a seat one may not eat from"), ("leshan",), "[003]"),
    "eat-then-discard-partner": (
        Text("吃字屙字", "吃字屙字: discarding the card the eaten set replaced"),
        ("leshan",),
        "[003]",
    ),
    "bi-required": (
        Text("有摆不摆（不比、不妥）", "not laying out the held copy (有摆不摆, 比, 妥)"),
        ("luzhou-a", "luzhou-b", "leshan", "wuchuan"),
        "[001][004][003][000]",
    ),
    "break-kan": (
        Text("拆坎子", "breaking a held triple (拆坎子)"),
        ("luzhou-a", "luzhou-b", "leshan"),
        "[001][004][003]",
    ),
    "must-pong": (
        Text("有碰不碰（不兑）", "not making a compulsory pong (不兑)"),
        ("luzhou-a", "wuchuan"),
        "[001][000]",
    ),
    "must-kong": (
        Text("有招不招（不开招）", "not making a compulsory kong (不开招)"),
        ("luzhou-a", "wuchuan"),
        "[001][000]",
    ),
    "four-first": (
        Text("龙不按时亮出", "a held four not laid out in time (迟亮龙)"),
        ("luzhou-a", "luzhou-b", "wuchuan"),
        "[001][004][000]",
    ),
    "eight-blocks": (
        Text("喊错八块（重招打牌）", "discarding when 八块 forbids it (喊错八块, 重招打牌)"),
        ("leshan", "wuchuan"),
        "[003][000]",
    ),
    "false-win": (
        Text("诈和", "false win (诈和)"),
        ("luzhou-a", "luzhou-b", "leshan", "wuchuan"),
        "[001][004][003][000]",
    ),
    "short-win": (
        Text("和数不够", "win under the minimum (和数不够)"),
        ("luzhou-a", "luzhou-b", "leshan", "wuchuan"),
        "[001][004][003][000]",
    ),
    "win-own-discard": (Text("和回龙", "winning on a card one discarded (和回龙)"), ("leshan",), "[003]"),
    "win-passed": (Text("现张不和后再和", "winning on a card after passing that win (现张不和)"), ("leshan",), "[003]"),
    "win-declined-claim": (
        Text("有开不开、后对和牌", "winning after declining a kong or pong (有开不开, 后对和牌)"),
        ("leshan",),
        "[003]",
    ),
}

VIOLATION_NAMES: dict[str, Text] = {code: name for code, (name, _, _) in _TABLE.items()}
# The same rule in a tradition's own words: [003] names calling 八块 wrongly (喊错八块), [000] discarding
# after a repeated 招 (重招打牌, where one calls 下抓).
_OWN_NAMES: dict[tuple[str, str], Text] = {
    ("eight-blocks", "leshan"): Text("喊错八块", "getting 八块 wrong (喊错八块): discarding when it was due"),
    ("eight-blocks", "wuchuan"): Text("重招打牌", "discarding after a repeated 招 (重招打牌; call 下抓 instead)"),
}


def violation_name(code: str, rules_name: str) -> Text:
    """A violation's name in the words of the tradition ``rules_name``."""
    return _OWN_NAMES.get((code, rules_name)) or VIOLATION_NAMES.get(code, Text(code, code))


def violation_codes(rules_name: str) -> frozenset[str]:
    """The violations a rule set names (and so a record may commit on purpose)."""
    return frozenset(code for code, (_, names, _) in _TABLE.items() if rules_name in names)


def describe(rules_name: str) -> list[dict[str, Any]]:
    return [
        {"code": code, "name": violation_name(code, rules_name).as_dict(), "sources": src}
        for code, (_name, names, src) in _TABLE.items()
        if rules_name in names
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
