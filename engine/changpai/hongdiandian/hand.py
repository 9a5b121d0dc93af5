"""A 红点点 hand: its split into pairs (and two 坎 side by side), its red points, its class and 层 ([000]).

A complete hand is 16 cards ([000] counts the red points of the whole sixteen). It holds when it splits into
units: pairs (a card with its twin or a cross partner, ``cards.pairs_with``) and, where ``double_kan`` allows, two
坎 (three alike) laid side by side. The red-point total does not depend on the split; the split only decides 花
(every unit holds red points; for two 坎 side by side, each 坎 must) and 八对 (every unit a pair of twins). The
search is over count vectors, so the input's order never matters, and it looks for the best split, not the first.

>>> s = score("拾玖 拾九 柒七 柒五 捌八 陆贰 十三 壹壹", rules="wuchuan-hongdiandian-huada")
>>> s.points, s.win, s.cls.name.zh if s.cls else None, s.layers
(80, True, '花大', 4)
>>> score("一二 三四 五六 七八 九十 壹贰 叁肆 伍陆").win
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core.text import HandError, Text
from ..decks.numerals import ALL_KINDS, Card, check_copies, format_cards, parse_cards
from .cards import LATER_PARTNERS, POINTS, WILD, pairs_with
from .rules import SICHENG, HandClass, HddRules, classify, get_rules
from .wild import Found, Spec, laid_outcomes, search

HAND_SIZE = 16
PAIR, FOUR, KAN2, KAN = "pair", "four", "kan2", "kan"
UNIT_SIZES = {PAIR: 2, FOUR: 4, KAN2: 6, KAN: 3}  # KAN: a 坎 laid alone by a 兑 of 黑胡, waiting for its partner
TIANHU, DIHU, TURNED = "tianhu", "dihu", "turn"
_ALL_POINTED, _SOME_BLANK = 2, 1  # bits of the split search's answer


UNIT_NAMES = {
    PAIR: Text("一家（两张相靠）", "a pair"),
    FOUR: Text("四归一（兑）", "a four (兑)"),
    KAN2: Text("两坎并排", "two 坎 side by side"),
    KAN: Text("一坎（与摆下的坎并排）", "a 坎 beside the one laid"),
}


@dataclass(frozen=True, slots=True)
class Unit:
    """A laid or held unit: a pair, a four (四归一, two twin pairs) or two 坎 side by side. ``wild``: what the
    wild 大叁 in it stand for (the variant ``wild_dasan``); ``played`` is the unit as it counts."""

    kind: str
    cards: tuple[Card, ...]
    wild: tuple[Card, ...] = ()

    @property
    def played(self) -> tuple[Card, ...]:
        if not self.wild:
            return self.cards
        rest = list(self.cards)
        for _ in self.wild:
            rest.remove(WILD)
        return tuple(sorted([*rest, *self.wild]))

    @property
    def points(self) -> int:
        return sum(POINTS[c.index] for c in self.played)

    @property
    def pointed(self) -> bool:
        cards = self.played
        if self.kind == KAN2:
            return POINTS[cards[0].index] > 0 and POINTS[cards[3].index] > 0
        return any(POINTS[c.index] > 0 for c in cards)

    @property
    def twins(self) -> bool:
        return self.kind in (PAIR, FOUR) and len(set(self.played)) == 1

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"set": self.kind, "cards": format_cards(self.cards)}
        if self.wild:
            out["as"] = format_cards(self.played)
        return out

    def scored(self) -> dict[str, object]:
        """``as_dict`` with the unit's name and red points (the score answer)."""
        return {**self.as_dict(), "name": UNIT_NAMES[self.kind].as_dict(), "points": self.points}


def check_unit(kind: str, cards: Sequence[Card], rules: HddRules, where: str) -> Unit:
    """A laid unit as given, or a ``HandError`` located at ``where`` naming what does not hold."""
    if kind not in UNIT_SIZES:
        raise HandError(
            Text(f"牌组应是 {'、'.join(UNIT_SIZES)} 之一", f"a set is one of {', '.join(UNIT_SIZES)}"),
            code="bad-set",
            where=where,
        )
    cards = sorted(cards)
    if len(cards) != UNIT_SIZES[kind]:
        raise HandError(
            Text(
                f"{kind} 应有 {UNIT_SIZES[kind]} 张，这里 {len(cards)} 张",
                f"a {kind} has {UNIT_SIZES[kind]} cards, not {len(cards)}",
            ),
            code="bad-set",
            where=where,
        )
    ok = True
    if kind == PAIR:
        ok = pairs_with(cards[0], cards[1], dae_jue=rules.dae_jue, wild=rules.wild)
    elif kind in (FOUR, KAN):
        ok = len(set(cards)) == 1
    else:
        ok = len(set(cards[:3])) == 1 and len(set(cards[3:])) == 1 and cards[0] != cards[3]
        if ok and rules.options["double_kan"] == "pairing":
            ok = pairs_with(cards[0], cards[3], dae_jue=rules.dae_jue)
    if not ok:
        text = format_cards(cards)
        raise HandError(
            Text(f"“{text}”不能相靠（[000] 的相靠法）", f"“{text}” does not hold as a {kind} (the pairings of [000])"),
            code="bad-pair",
            where=where,
        )
    return Unit(kind, tuple(cards))


@lru_cache(maxsize=1 << 17)
def split_bits(counts: tuple[int, ...], pending: int, dae_jue: bool, double_kan: bool) -> int:
    """Which splits of ``counts`` exist: bit 2 — one with every unit pointed, bit 1 — one with a blank unit.
    ``pending``: -1, or the open first 坎 of two side by side (1 if it holds points, else 0)."""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return _ALL_POINTED if pending < 0 else 0
    bits = 0
    mine = POINTS[i] > 0
    take = list(counts)

    def unit(sub: int, pointed: bool) -> int:
        return sub if pointed else (_SOME_BLANK if sub else 0)

    if counts[i] >= 2:
        take[i] -= 2
        bits |= unit(split_bits(tuple(take), pending, dae_jue, double_kan), mine)
        take[i] += 2
    take[i] -= 1
    for j in LATER_PARTNERS[dae_jue][i]:
        if counts[j]:
            take[j] -= 1
            bits |= unit(split_bits(tuple(take), pending, dae_jue, double_kan), mine or POINTS[j] > 0)
            take[j] += 1
    take[i] += 1
    if double_kan and counts[i] >= 3:
        take[i] -= 3
        if pending < 0:
            bits |= split_bits(tuple(take), int(mine), dae_jue, double_kan)
        else:
            bits |= unit(split_bits(tuple(take), -1, dae_jue, double_kan), mine and pending == 1)
    return bits


def find_split(counts: list[int], dae_jue: bool, double_kan: bool, pointed: bool, laid: int = -1) -> list[Unit]:
    """One split of ``counts`` (every unit pointed, if ``pointed`` and one exists); [] when none holds.
    ``laid``: the kind of a 坎 laid alone on the table, which a held 坎 must join (-1: none)."""
    want = _ALL_POINTED if pointed else _ALL_POINTED | _SOME_BLANK
    out: list[Unit] = []
    pending: list[int] = [] if laid < 0 else [laid]  # the open first 坎's kind

    def bits(c: list[int]) -> int:
        p = -1 if not pending else int(POINTS[pending[0]] > 0)
        return split_bits(tuple(c), p, dae_jue, double_kan)

    while any(counts):
        i = next(k for k, n in enumerate(counts) if n)
        mine = POINTS[i] > 0
        tries: list[tuple[list[int], bool, str]] = []
        if counts[i] >= 2:
            tries.append(([i, i], mine, PAIR))
        tries += [([i, j], mine or POINTS[j] > 0, PAIR) for j in LATER_PARTNERS[dae_jue][i] if counts[j]]
        if double_kan and counts[i] >= 3:
            tries.append(([i, i, i], mine, KAN2))
        for taken, is_pointed, kind in tries:
            for k in taken:
                counts[k] -= 1
            closing = kind == KAN2 and bool(pending)
            if kind == KAN2 and not closing:
                pending.append(i)
                ok = bool(bits(counts) & want)
                if ok:
                    break
                pending.pop()
            else:
                first = pending.pop() if closing else -1
                unit_ok = is_pointed and (not closing or POINTS[first] > 0) if pointed else True
                if unit_ok and bits(counts) & want:
                    cards = [ALL_KINDS[first]] * 3 + [ALL_KINDS[i]] * 3 if closing else [ALL_KINDS[k] for k in taken]
                    if closing and first == laid and not any(u.kind == KAN for u in out):
                        out.append(Unit(KAN, (ALL_KINDS[i],) * 3))  # joins the 坎 on the table
                    else:
                        out.append(Unit(KAN2 if closing else PAIR, tuple(cards)))
                    break
                if closing:
                    pending.append(first)
            for k in taken:
                counts[k] += 1
        else:
            return []
    return out


@dataclass(frozen=True, slots=True)
class HandScore:
    """What ``score`` answers: the points, whether the pairs hold, the class and 层, one best split, and why not."""

    rules: str
    cards: int
    points: int
    holds: bool
    cls: HandClass | None
    layers: int
    split: tuple[Unit, ...]
    table: tuple[Unit, ...]
    hua: bool
    badui: bool
    special: str = TURNED
    reasons: tuple[Text, ...] = field(default_factory=tuple)

    @property
    def win(self) -> bool:
        return self.cls is not None

    def as_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "game": "hongdiandian",
            "cards": self.cards,
            "points": self.points,
            "holds": self.holds,
            "win": self.win,
            "class": None if self.cls is None else self.cls.as_dict(),
            "layers": self.layers,
            "hua": self.hua,
            "badui": self.badui,
            "special": self.special,
            "split": [u.scored() for u in self.split],
            "table": [u.scored() for u in self.table],
            "reasons": [r.as_dict() for r in self.reasons],
        }


def counts_of(cards: Sequence[Card]) -> list[int]:
    counts = [0] * len(ALL_KINDS)
    for card in cards:
        counts[card.index] += 1
    return counts


def _class_of(rules: HddRules, points: int, hua: bool, badui: bool, special: str) -> HandClass | None:
    cls = classify(rules, points, hua=hua and rules.huada, badui=badui)
    if special in (TIANHU, DIHU) and rules.huada:
        extra = _special_class(rules, special)
        cls = extra if cls is None or extra.layers.value > cls.layers.value else cls
    return cls


def evaluate(held: Sequence[Card], table: Sequence[Unit], rules: HddRules, special: str = TURNED) -> HandScore:
    """Score a complete hand already read and checked: ``held`` cards (the winning card included) beside ``table``."""
    if rules.wild:
        return _evaluate_wild(held, table, rules, special)
    counts = counts_of(held)
    points = sum(POINTS[c.index] for c in held) + sum(POINTS[c.index] for u in table for c in u.cards)
    dk = rules.options["double_kan"] == "any"
    bits, laid = _splits(counts, table, rules)
    holds = bits != 0
    hua = bool(bits & _ALL_POINTED) and all(u.pointed for u in table)
    badui = holds and all(n % 2 == 0 for n in counts) and all(u.twins for u in table)
    reasons: list[Text] = []
    cls = None
    if not holds:
        reasons.append(_NO_SPLIT)
    else:
        cls = _class_of(rules, points, hua, badui, special)
        if cls is None:
            reasons.append(_no_class_reason(rules, points))
    if badui:
        split = [Unit(PAIR, (ALL_KINDS[i], ALL_KINDS[i])) for i, n in enumerate(counts) for _ in range(n // 2)]
    else:
        split = find_split(counts, rules.dae_jue, dk, hua, laid) if holds else []
    return HandScore(
        rules.name,
        len(held) + sum(len(u.cards) for u in table),
        points,
        holds,
        cls,
        0 if cls is None else cls.layers.value,
        tuple(split),
        tuple(table),
        hua and rules.huada,
        badui,
        special,
        tuple(reasons),
    )


def _splits(counts: Sequence[int], table: Sequence[Unit], rules: HddRules) -> tuple[int, int]:
    """``split_bits`` of the held ``counts`` beside ``table`` (0: no split holds), and the kind of a 坎 laid alone
    that the held cards must stand beside (-1: none)."""
    lone = [u for u in table if u.kind == KAN]  # two laid alone stand side by side; an odd one needs a held 坎
    laid = lone[-1].cards[0].index if len(lone) % 2 else -1
    pending = -1 if laid < 0 else int(POINTS[laid] > 0)
    dk = rules.options["double_kan"] == "any"
    return (split_bits(tuple(counts), pending, rules.dae_jue, dk) if dk or not lone else 0), laid


def split_holds(counts: Sequence[int], table: Sequence[Unit], rules: HddRules) -> bool | None:
    """``evaluate(...).holds`` for the held cards by kind (``counts``, the winning card included), without scoring the
    hand; None when 大叁 is wild (only ``evaluate`` reads the wilds)."""
    return None if rules.wild else _splits(counts, table, rules)[0] != 0


_NO_SPLIT = Text("这手牌不能全部两张一家相靠", "the hand does not split into pairs that hold")


def _unit_of(spec: Spec) -> Unit:
    kind, cards, stands = spec
    return Unit(kind, tuple(sorted(ALL_KINDS[k] for k in cards)), tuple(ALL_KINDS[k] for k in stands))


def _evaluate_wild(held: Sequence[Card], table: Sequence[Unit], rules: HddRules, special: str) -> HandScore:
    """``evaluate`` when 大叁 is wild (``wild``): the best of every reading of the wilds (most 层, then points)."""
    counts = counts_of(held)
    wilds = counts[WILD.index]
    counts[WILD.index] = 0
    base = sum(POINTS[c.index] for c in held) + sum(POINTS[c.index] for u in table for c in u.cards)
    dk = rules.options["double_kan"] == "any"
    lone = [u for u in table if u.kind == KAN]
    pending = (lone[-1].cards[0].index, 0, True) if len(lone) % 2 else None
    found: Found = search(tuple(counts), wilds, pending, rules.dae_jue, dk) if dk or not lone else ()
    # the table's units, each with the readings of its wilds; the held split's outcomes combined with them
    combined: dict[tuple[int, bool, bool], tuple[tuple[Spec, ...], tuple[Spec | None, ...]]] = {
        o: (specs, ()) for o, specs in found
    }
    for unit in table:
        choices = laid_outcomes(unit.kind, tuple(c.index for c in unit.cards), unit.pointed, unit.twins, rules.dae_jue)
        step: dict[tuple[int, bool, bool], tuple[tuple[Spec, ...], tuple[Spec | None, ...]]] = {}
        for (p, pointed, twins), (specs, laid) in combined.items():
            for (q, unit_pointed, unit_twins), unit_specs in choices:
                key = (p + q, pointed and unit_pointed, twins and unit_twins)
                if key not in step:
                    step[key] = (specs, (*laid, unit_specs[0] if unit_specs else None))
        combined = step
    best: tuple[tuple[bool, int, int], tuple[int, bool, bool], HandClass | None] | None = None
    for extra, pointed, twins in combined:
        cls = _class_of(rules, base + extra, pointed, twins, special)
        rank = (cls is not None, 0 if cls is None else cls.layers.value, base + extra)
        if best is None or rank > best[0]:
            best = (rank, (extra, pointed, twins), cls)
    reasons: list[Text] = []
    if best is None:
        return HandScore(
            rules.name,
            len(held) + sum(len(u.cards) for u in table),
            base,
            False,
            None,
            0,
            (),
            tuple(table),
            False,
            False,
            special,
            (_NO_SPLIT,),
        )
    _, outcome, cls = best
    specs, laid_specs = combined[outcome]
    if cls is None:
        reasons.append(_no_class_reason(rules, base + outcome[0]))
    laid_units = tuple(u if s is None else _unit_of(s) for u, s in zip(table, laid_specs, strict=True))
    return HandScore(
        rules.name,
        len(held) + sum(len(u.cards) for u in table),
        base + outcome[0],
        True,
        cls,
        0 if cls is None else cls.layers.value,
        tuple(_unit_of(s) for s in specs),
        laid_units,
        outcome[1] and rules.huada,
        outcome[2],
        special,
        tuple(reasons),
    )


def _special_class(rules: HddRules, special: str) -> HandClass:
    if special == TIANHU:
        return HandClass(
            "tianhu",
            Text("天胡", "heavenly win (天胡)"),
            rules.tianhu_layers,
            Text("庄家原手十六张", "the dealer's 16"),
        )
    return HandClass(
        "dihu",
        Text("地胡", "earthly win (地胡)"),
        rules.dihu_layers,
        Text("胡庄家打出的第一张", "on the dealer's first discard"),
    )


def _no_class_reason(rules: HddRules, points: int) -> Text:
    if points < rules.minimum.value:
        return Text(
            f"{points} 点，不满基本油子 {rules.minimum.value} 点（[000]）",
            f"{points} points: under the minimum of {rules.minimum.value} ([000])",
        )
    return Text(f"{points} 点在{rules.title.zh}里没有名堂", f"{points} points has no class under {rules.title.en}")


def read_table(table: Sequence[Any], rules: HddRules) -> list[Unit]:
    units: list[Unit] = []
    for i, item in enumerate(table):
        where = f"table[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("cards"), str) or not isinstance(item.get("set"), str):
            raise HandError(
                Text('牌组应写成 {"set": …, "cards": …}', 'a set is written {"set": …, "cards": …}'),
                code="bad-set",
                where=where,
            )
        units.append(check_unit(item["set"], parse_cards(item["cards"], where=f"{where}.cards"), rules, where))
    return units


def score(
    hand: str,
    table: Sequence[Any] = (),
    rules: str | HddRules = SICHENG,
    *,
    win_card: str | None = None,
    special: str = TURNED,
) -> HandScore:
    """Read and score a hand: ``hand`` the held cards (without ``win_card``), ``table`` the laid units.
    The whole must be 16 cards with no fifth copy; errors are located (``hand``, ``table[i]``, ``win_card``)."""
    rule_set = get_rules(rules) if isinstance(rules, str) else rules
    if special not in (TURNED, TIANHU, DIHU):
        raise HandError(
            Text("from 应是 turn、tianhu 或 dihu", "from must be turn, tianhu or dihu"), code="bad-field", where="from"
        )
    held = parse_cards(hand, where="hand")
    units = read_table(table, rule_set)
    if win_card is not None:
        extra = parse_cards(win_card, where="win_card")
        if len(extra) != 1:
            raise HandError(
                Text("win_card 应是一张牌", "win_card must be one card"), code="bad-field", where="win_card"
            )
        held += extra
    check_copies([*held, *(c for u in units for c in u.cards)], where="hand")
    total = len(held) + sum(len(u.cards) for u in units)
    if total not in rule_set.complete_sizes:
        raise HandError(
            Text(
                f"红点点胡牌要 {_sizes_zh(rule_set.complete_sizes)} 张，这里 {total} 张（[000]）",
                f"a 红点点 hand has {_sizes_en(rule_set.complete_sizes)} cards, not {total} ([000])",
            ),
            code="card-count",
            where="hand",
        )
    return evaluate(held, units, rule_set, special)


def _sizes_zh(sizes: Sequence[int]) -> str:
    return "或".join(str(n) for n in sizes)


def _sizes_en(sizes: Sequence[int]) -> str:
    return " or ".join(str(n) for n in sizes)


@dataclass(frozen=True, slots=True)
class Wait:
    """A card the hand waits for: the total and 层 it would make, its class (``None``: it holds but is no win,
    and ``reason`` says why), and how many are left unseen."""

    card: Card
    points: int
    win: bool
    layers: int
    left: int
    cls: HandClass | None = None
    reason: Text | None = None

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "card": self.card.chinese(),
            "ascii": self.card.ascii(),
            "points": self.points,
            "win": self.win,
            "layers": self.layers,
            "left": self.left,
            "class": None if self.cls is None else self.cls.as_dict(),
        }
        if self.reason is not None:
            out["reason"] = self.reason.as_dict()
        return out


def waits(hand: str, table: Sequence[Any] = (), rules: str | HddRules = SICHENG, *, seen: str = "") -> list[Wait]:
    """The cards a 15-card hand (5, the short seat's, five-handed) waits for: every kind that makes its pairs
    hold, with the total, the class and its 层."""
    rule_set = get_rules(rules) if isinstance(rules, str) else rules
    held = parse_cards(hand, where="hand")
    units = read_table(table, rule_set)
    mine = [*held, *(c for u in units for c in u.cards)]
    check_copies(mine, where="hand")
    waiting = tuple(n - 1 for n in rule_set.complete_sizes)
    if len(mine) not in waiting:
        raise HandError(
            Text(
                f"等牌的手牌要 {_sizes_zh(waiting)} 张，这里 {len(mine)} 张",
                f"a hand waiting has {_sizes_en(waiting)} cards, not {len(mine)}",
            ),
            code="card-count",
            where="hand",
        )
    seen_counts = counts_of(parse_cards(seen, where="seen"))
    mine_counts = counts_of(mine)
    found: list[Wait] = []
    for card in ALL_KINDS:
        left = 4 - mine_counts[card.index] - seen_counts[card.index]
        if mine_counts[card.index] >= 4:
            continue
        result = evaluate([*held, card], units, rule_set)
        if result.holds:
            reason = result.reasons[0] if result.reasons else None
            found.append(Wait(card, result.points, result.win, result.layers, max(left, 0), result.cls, reason))
    return found
