"""Hand analysis: the best split of a hand into sets, its points and patterns, and its waits.

The rules of the split (digest §2; [001][003][004], [000] by the card count):

* a triple (坎) or four (龙) held in the concealed hand is never split;
* a win is seven sets (``RuleSet.sets_in_win``: Leshan's 打八张 three, 打十四张 five): ``k`` four-card sets
  (招 / 龙), ``6 - k`` three-card sets and, exactly when ``k >= 1``, one pair — so the cards at a win are
  ``20 + max(1, k)`` (``3 × sets - 1 + max(1, k)``), and a waiting hand holds one less;
* among all splits the best is the one with the most points (then the richer patterns), and the answer
  never depends on the order the cards were given in.

The concealed hand is a count vector (20 numbers, one per kind). Cards that are not held triples or fours
are "free"; the search packs their counts into one integer and memoises a recursion that always places the
lowest remaining card, so each split is met once; ``waits`` searches for every winning card at once, the
coming card a "hole" any set may hold (the searches are in ``split``; the answers' types in ``hand_result``).

>>> from changpai.daer.traditions import get_rules
>>> hand = "三三三 贰柒拾 四五六 壹贰叁 七八九 捌玖拾 伍陆"
>>> r = analyse(hand, [], "luzhou-a", win_card="柒")
>>> r.win, r.points, [str(s.meld) for s in r.sets]
(True, 18, ['三三三', '四五六', '七八九', '壹贰叁', '贰柒拾', '伍陆柒', '捌玖拾'])
>>> [(w.card, w.points) for w in waits(hand, [], "luzhou-a")]
[(Card.parse('肆'), 18), (Card.parse('柒'), 18)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from operator import itemgetter
from typing import Any

from ..core.text import CardError, HandError, Text
from ..decks.numerals import ALL_KINDS, COPIES_PER_KIND, Card, check_copies, parse_cards
from .hand_result import HandResult, Reason, ScoredSet, Wait
from .patterns import Grade, HandFacts, PatternHit, SetFact, detect, weight
from .rules import RuleSet
from .sets import FOUR_KINDS, Meld, SetKind, table_meld
from .split import (
    GUARDS,
    NO_SPLIT,
    Free,
    WaitMemo,
    WaitTables,
    add_card,
    best_points,
    guarded,
    item_rows,
    item_splits,
    split_templates,
    wait_points,
    wait_tables,
)
from .traditions import get_rules

SOURCES = ("discard", "own_turn", "other_turn")
_SETS_ZH, _SETS_EN = {3: "三", 5: "五", 7: "七"}, {3: "three", 5: "five", 7: "seven"}  # sets in a win


def _sets_zh(rules: RuleSet) -> str:
    return _SETS_ZH.get(rules.sets_in_win, str(rules.sets_in_win))


def _sets_en(rules: RuleSet) -> str:
    return _SETS_EN.get(rules.sets_in_win, str(rules.sets_in_win))


SOURCE_NAMES = {
    "discard": Text("别人打出的牌", "a discard"),
    "own_turn": Text("自己翻出的牌（自摸）", "a card one turned up oneself"),
    "other_turn": Text("别家翻出的牌", "a card another player turned up"),
}
# What a table (the sets laid out) may be given as: melds, {"set", "cards"} dicts or (word, cards) pairs.
TableInput = Iterable[Meld | Mapping[str, Any] | tuple[str, str]] | None

# The analysis' answers, importable from here as before.
__all__ = [
    "SOURCES",
    "SOURCE_NAMES",
    "HandResult",
    "Reason",
    "ScoredSet",
    "TableInput",
    "Wait",
    "analyse",
    "not_ready_reasons",
    "waits",
]


# ----------------------------------------------------------------------------- reading input


def _read_cards(cards: str | Iterable[Card], where: str) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards, where=where)
    out = list(cards)
    for card in out:
        if not isinstance(card, Card):
            raise CardError(Text(f"{card!r} 不是牌", f"{card!r} is not a card"), where=where)
    return out


def _read_table(table: TableInput) -> list[Meld]:
    melds: list[Meld] = []
    for i, item in enumerate(table or ()):
        where = f"table[{i}]"
        if isinstance(item, Meld):
            melds.append(item)
        elif isinstance(item, dict):
            unknown = set(item) - {"set", "cards"}
            if unknown or "set" not in item or "cards" not in item:
                field = sorted(unknown)[0] if unknown else ("set" if "set" not in item else "cards")
                raise HandError(
                    Text(
                        f'牌组应写成 {{"set": …, "cards": …}}，问题在“{field}”',
                        f'a set is written {{"set": …, "cards": …}}; the problem is “{field}”',
                    ),
                    code="bad-set",
                    where=f"{where}.{field}",
                )
            melds.append(table_meld(item["set"], item["cards"], where=where))
        elif isinstance(item, tuple) and len(item) == 2:
            melds.append(table_meld(item[0], item[1], where=where))
        else:
            raise HandError(Text("无法读出这个牌组", "cannot read this set"), code="bad-set", where=where)
    for i, meld in enumerate(melds):
        if meld.kind in (SetKind.KAN, SetKind.PAIR):
            raise HandError(
                Text("坎和对子留在手里，不放在桌上", "held triples and pairs stay in the hand, not on the table"),
                code="bad-set",
                where=f"table[{i}]",
            )
    return melds


@dataclass
class _Hand:
    """A validated hand, ready for the search."""

    rules: RuleSet
    hand: list[Card]
    table: list[Meld]
    counts: list[int]  # concealed hand, per kind index
    free: int  # the other concealed cards' counts, packed and guarded (``split.guarded_counts``)
    fours: int  # four-card sets already there (k0)
    own: list[int]  # the player's copies of each kind, hand and table

    def needs_pair(self) -> bool:
        return self.fours >= 1

    @cached_property
    def fixed(self) -> list[ScoredSet]:
        """The table sets and the held 坎 / 龙, scored (built when the analysis shows them; ``waits`` only adds
        up their points)."""
        return [piece[0] for piece in self.fixed_pieces()]

    def fixed_pieces(self) -> list[_Piece]:
        """``fixed`` as the analysis reads it (``_Piece``): the table sets in their order, then the held sets."""
        book = _book(self.rules)
        table_piece = book.table_piece
        out = [table_piece(m) for m in self.table]
        held = book.held
        for i, n in enumerate(self.counts):
            if n >= 3:
                out.append(held[n - 3][i])
        return out

    def fixed_points(self) -> int:
        """What ``fixed`` adds up to."""
        kan, four, _kong = _held_points(self.rules)
        rules = self.rules
        total = sum(rules.points_of(m.kind, m.cards) for m in self.table)
        for i, n in enumerate(self.counts):
            if n >= 3:
                total += kan[i] if n == 3 else four[i]
        return total


@lru_cache(maxsize=64)
def _held_points(rules: RuleSet) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per kind index, the points of its 坎, its 龙 (held four) and its 招 (a fourth onto a held 坎), per rule set
    (bounded like ``split_templates``)."""
    return (
        tuple(rules.points_of(SetKind.KAN, (card,) * 3) for card in ALL_KINDS),
        tuple(rules.points_of(SetKind.FOUR, (card,) * 4) for card in ALL_KINDS),
        tuple(rules.points_of(SetKind.KONG, (card,) * 4) for card in ALL_KINDS),
    )


def _prepare(hand: str | Iterable[Card], table: TableInput, rules: RuleSet, *, complete: bool) -> _Hand:
    cards = _read_cards(hand, "hand")
    melds = _read_table(table)
    counts = [0] * 20
    for card in cards:
        counts[card.index] += 1
    own = counts[:]
    table_cards = [c for m in melds for c in m.cards]
    for card in table_cards:
        own[card.index] += 1
    all_cards = cards + table_cards
    if max(own) > COPIES_PER_KIND:  # (counted by index: the deck check below names the card)
        check_copies(all_cards, where="hand" if not melds else "hand+table")
    free = GUARDS
    fours = 0
    for m in melds:
        if m.kind in FOUR_KINDS:  # (``SetKind.is_four``)
            fours += 1
    for i, n in enumerate(counts):
        if n:
            if n >= 3:
                fours += n == 4
            else:
                free |= n << (3 * i)
    base = 3 * rules.sets_in_win - 1  # 20 for seven sets
    expected = (base if complete else base - 1) + max(1, fours)
    if len(all_cards) != expected:
        state = (
            Text("一副完整的胡牌", "a complete winning hand")
            if complete
            else Text("等一张牌的手牌", "a hand waiting for one card")
        )
        hint = Text("", "")
        if not complete and len(all_cards) == expected + 1:
            hint = Text("（多了一张：胡的那张牌不写进手牌）", " (one too many: leave the winning card out of the hand)")
        elif complete and len(all_cards) == expected - 1:
            hint = Text(
                "（少了一张：还在等牌的话，请给出胡的那张牌）",
                " (one short: for a waiting hand, give the winning card)",
            )
        # Said plainly: the four-card sets are named only when there are some (each adds one card).
        with_fours = Text(
            f"（其中 {fours} 组四张，每组多算一张）", f" ({fours} of the sets hold four cards: one more each)"
        )
        if fours <= 1:
            with_fours = (
                Text("", "")
                if fours == 0
                else Text("（其中一组四张，多算一张）", " (one set holds four cards: one more)")
            )
        raise HandError(
            Text(
                f"手牌和桌上共 {len(all_cards)} 张，{state.zh}应有 {expected} 张{with_fours.zh}{hint.zh}",
                f"hand and table hold {len(all_cards)} cards; {state.en} has {expected}{with_fours.en}{hint.en}",
            ),
            code="card-count",
            where="hand",
        )
    return _Hand(rules, cards, melds, counts, free, fours, own)


def _read_win_card(card: Card, h: _Hand) -> Card:
    if not isinstance(card, Card):
        raise CardError(Text(f"{card!r} 不是牌", f"{card!r} is not a card"), where="win_card")
    if h.own[card.index] >= COPIES_PER_KIND:
        raise CardError(
            Text(
                f"“{card}”已有 4 张在手牌和桌上，不可能再来一张", f"all four “{card}” are already in the hand and table"
            ),
            code="too-many-copies",
            where="win_card",
        )
    return card


# ----------------------------------------------------------------------------- analysis


# A set as the analysis reads it, worked out once per rule set (``_Book``): the set shown, what the pattern tests
# see of it, its points, red cards, big cards, cards, its place in the comparison of splits (``canonical``) and
# its place in the answer (``_order``).
_Piece = tuple[
    ScoredSet, SetFact, int, int, int, int, tuple[str, str, tuple[int, ...]], tuple[int, bool, tuple[int, ...]]
]
_ORIGIN_RANK = {"table": 0, "hand": 1, "win": 1}
_ORDER = itemgetter(7)
_TABLE_PIECES_KEPT = 4096  # (the sets laid out: a few hundred shapes a rule set)


def _piece(meld: Meld, origin: str, points: int, rules: RuleSet) -> _Piece:
    cards = meld.cards
    kind = meld.kind
    red = sum(1 for c in cards if rules.is_red(c))
    indices = tuple(c.index for c in cards)
    return (
        ScoredSet(meld, origin, points, rules.native_name(kind), rules.point_word),
        SetFact(kind, cards, points, origin, red),
        points,
        red,
        sum(1 for c in cards if c.big),
        len(cards),
        (origin, kind.value, indices),
        (_ORIGIN_RANK[origin], kind is SetKind.PAIR, indices),
    )


class _Book:
    """Per rule set, every set the analysis may show, scored once: each split template's set as a set of the hand
    and as the set of the winning card (by the template's id: the book keeps the templates it was made from), the
    held 坎 and 龙 and the 招 of each kind, and the laid-out sets met so far (sets are immutable)."""

    __slots__ = ("held", "kong", "rows", "rules", "splits", "tables")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        items: list[list[_Item]] = []
        for row in split_templates(rules):
            items.append([])
            for t in row:
                meld = Meld(t.kind, tuple(ALL_KINDS[j] for j in t.indices))
                kinds = 0
                for j in t.indices:
                    kinds |= 1 << j
                hand, win = _piece(meld, "hand", t.points, rules), _piece(meld, "win", t.points, rules)
                items[-1].append((hand, win, kinds))
        self.rows = item_rows(split_templates(rules), items)
        self.splits: dict[int, list[tuple[_Item, ...]]] = {}  # ``item_splits``' memo, kept across hands
        held: list[list[_Piece]] = [[], []]
        self.kong: list[_Piece] = []
        for card in ALL_KINDS:
            for n, kind in ((3, SetKind.KAN), (4, SetKind.FOUR)):
                meld = Meld(kind, (card,) * n)
                held[n - 3].append(_piece(meld, "hand", rules.points_of(kind, meld.cards), rules))
            kong = Meld(SetKind.KONG, (card,) * 4)
            self.kong.append(_piece(kong, "win", rules.points_of(SetKind.KONG, kong.cards), rules))
        self.held = held
        self.tables: dict[tuple[SetKind, tuple[Card, ...]], _Piece] = {}

    def table_piece(self, meld: Meld) -> _Piece:
        """The laid-out set's piece, found by its kind and cards (equal sets, equal pieces)."""
        key = (meld.kind, meld.cards)
        found = self.tables.get(key)
        if found is None:
            rules = self.rules
            if len(self.tables) >= _TABLE_PIECES_KEPT:
                self.tables.clear()
            found = self.tables[key] = _piece(meld, "table", rules.points_of(meld.kind, meld.cards), rules)
        return found


# A split template's set as the hand's, as the winning card's, and the kinds it holds (bit k: kind k).
_Item = tuple[_Piece, _Piece, int]
_SPLITS_KEPT = 20_000  # splits kept across hands per rule set, at most (a long-running page plays many deals)


@lru_cache(maxsize=64)
def _book(rules: RuleSet) -> _Book:
    """The rule set's ``_Book`` (bounded like ``split_templates``)."""
    return _Book(rules)


def _facts(pieces: list[_Piece], two_seven_ten: bool, rules: RuleSet) -> HandFacts:
    set_facts = []
    red = big = total = cards = 0
    for p in pieces:
        set_facts.append(p[1])
        total += p[2]
        red += p[3]
        big += p[4]
        cards += p[5]
    return HandFacts(tuple(set_facts), total, red, big, cards - big, two_seven_ten, rules)


def _candidates(h: _Hand, win: Card | None) -> list[list[_Piece]]:
    """Every complete split of the hand (with the winning card), as scored sets."""
    book = _book(h.rules)
    rows = book.rows
    memo = book.splits
    if len(memo) >= _SPLITS_KEPT:
        memo.clear()
    fixed = h.fixed_pieces()
    out: list[list[_Piece]] = []
    if win is None:
        for split in item_splits(h.free, h.needs_pair(), rows, memo):
            out.append(fixed + [e[0] for e in split])
        return out
    w = win.index
    # A: the winning card joins the free cards — not beside its own held 坎 where the 招 is compulsory.
    if h.counts[w] != 3 or h.rules.kan_fourth_elsewhere == "true":
        bit = 1 << w
        for split in item_splits(h.free + (1 << (3 * w)), h.needs_pair(), rows, memo):
            hand = [e[0] for e in split]
            # Cards are alike, so any set holding that kind may be "the" set of the winning card.
            for i, e in enumerate(split):
                if e[2] & bit:
                    pieces = fixed + hand
                    pieces[len(fixed) + i] = e[1]
                    out.append(pieces)
    # B: the winning card is the fourth onto a held triple (招 / 开), when the count allows a new four.
    if h.counts[w] == 3 and h.fours == 0:
        kong = book.kong[w]
        rest = [p for p in fixed if not (p[0].origin == "hand" and p[0].meld.card == win)]
        for split in item_splits(h.free, True, rows, memo):
            out.append([*rest, kong, *(e[0] for e in split)])
    return out


def _order(pieces: list[_Piece]) -> tuple[ScoredSet, ...]:
    return tuple(p[0] for p in sorted(pieces, key=_ORDER))


def _grade(points: int, rules: RuleSet) -> Grade | None:
    return rules.variant.grade(points, rules)


def _held_reasons(h: _Hand) -> list[Reason]:
    """Why a hand with no split may surprise its owner: its held 坎 / 龙 stayed whole."""
    out = []
    for s in h.fixed:
        if s.origin == "hand" and s.meld.kind.held:
            cards = s.meld.text()
            out.append(
                Reason(
                    "held-not-split",
                    Text(
                        f"手里的{cards}是原手的{s.name.zh}，整组算，不能拆开去凑别的组",
                        f"{cards} is held since the deal ({s.name.en}): it counts whole, never split into other sets",
                    ),
                )
            )
    return out


def _win_reason(word: str, points: int, minimum: int) -> Reason:
    """The verdict of a win (made once per word, points and minimum: a reason is immutable)."""
    key = (word, points, minimum)
    found = _WIN_REASONS.get(key)
    if found is None:
        if len(_WIN_REASONS) >= 4096:
            _WIN_REASONS.clear()
        found = _WIN_REASONS[key] = Reason(
            "win",
            Text(f"{word}牌：{points} {word}，够 {minimum} {word}", f"a win: {points} points, at least {minimum}"),
        )
    return found


_WIN_REASONS: dict[tuple[str, int, int], Reason] = {}


def analyse(
    hand: str | Iterable[Card],
    table: TableInput = (),
    rules: str | RuleSet = "luzhou-a",
    *,
    win_card: str | Card | None = None,
    source: str = "discard",
) -> HandResult:
    """Find the best split of ``hand`` (concealed cards) + ``table`` (laid-out sets) + ``win_card``.

    Without ``win_card`` the hand itself must be complete (the dealer's 21 cards, say).
    ``source`` says where the winning card came from: ``discard``, ``own_turn`` or ``other_turn``.
    Bad input raises ``CardError`` / ``HandError`` with a ``where`` naming the field.
    """
    rules = get_rules(rules)
    if source not in SOURCES:
        raise HandError(
            Text(
                f"“from”应为 {'、'.join(SOURCES)} 之一，而不是“{source}”",
                f"“from” must be one of {', '.join(SOURCES)}, not “{source}”",
            ),
            code="bad-source",
            where="from",
        )
    if isinstance(win_card, str):  # read it first, so a bad card is reported before any count problem
        parsed = parse_cards(win_card, where="win_card")
        if len(parsed) != 1:
            raise CardError(
                Text(
                    f"胡的牌应是一张，而读出 {len(parsed)} 张", f"the winning card must be one card, not {len(parsed)}"
                ),
                where="win_card",
            )
        win_card = parsed[0]
    h = _prepare(hand, table, rules, complete=win_card is None)
    win = _read_win_card(win_card, h) if win_card is not None else None
    candidates = _candidates(h, win)
    minimum = rules.min_points.value
    if not candidates:
        reason = Reason(
            "no-split",
            Text(
                f"这些牌凑不成{_sets_zh(rules)}组（有四张一组时含一对）",
                f"these cards do not make {_sets_en(rules)} sets (with one pair when there is a four-card set)",
            ),
        )
        reasons = (reason, *_held_reasons(h))
        return HandResult(rules.name, False, 0, _order(h.fixed_pieces()), (), None, None, reasons, win, source, 0)
    counts = h.counts
    two_seven_ten = (counts[1] and counts[6] and counts[9]) or (counts[11] and counts[16] and counts[19])
    best_key: tuple[int, int, tuple[object, ...]] | None = None
    best: tuple[list[_Piece], list[PatternHit]] | None = None
    totals: set[int] = set()
    # the best split of each reading: same total and same patterns pay the same
    by_reading: dict[
        tuple[object, ...], tuple[tuple[int, int, tuple[object, ...]], list[_Piece], list[PatternHit]]
    ] = {}
    if len(candidates) == 1:  # (most hands: nothing to compare, so no split's canonical form is needed)
        sets = candidates[0]
        facts = _facts(sets, bool(two_seven_ten), rules)
        totals.add(facts.points)
        hits = detect(facts) if facts.points >= minimum else []
        best_key, best = (facts.points, weight(hits), ()), (sets, hits)
    else:
        for sets in candidates:
            facts = _facts(sets, bool(two_seven_ten), rules)
            totals.add(facts.points)
            hits = detect(facts) if facts.points >= minimum else []
            key = (facts.points, weight(hits), tuple(sorted([p[6] for p in sets])))
            if best_key is None or key > best_key:
                best_key, best = key, (sets, hits)
            reading = (facts.points, tuple((hit.code, hit.value) for hit in hits))
            if facts.points >= minimum and (reading not in by_reading or key > by_reading[reading][0]):
                by_reading[reading] = (key, sets, hits)
    assert best is not None and best_key is not None
    sets, hits = best
    points = best_key[0]
    win_ok = points >= minimum
    word = rules.point_word.zh
    verdict: list[Reason] = []
    if win_ok:
        verdict.append(_win_reason(word, points, minimum))
    else:
        verdict.append(
            Reason(
                "below-minimum",
                Text(
                    f"能成{_sets_zh(rules)}组，但只有 {points} {word}，不够 {minimum} {word}",
                    f"the sets are complete but make only {points} points, under the minimum of {minimum}",
                ),
            )
        )
    classify = rules.variant.win_class
    win_class = classify(hits) if classify is not None and win_ok else None
    if classify is not None and win_ok and win_class is None:
        # the tradition's words for a win its source gives no class
        verdict.append(
            Reason("no-win-class", rules.variant.no_class or Text("这种胡没有等级", "no class for this win"))
        )
    main = HandResult(
        rules.name,
        win_ok,
        points,
        _order(sets),
        tuple(hits),
        _grade(points, rules) if win_ok else None,
        win_class,
        tuple(verdict),
        win,
        source,
        len(candidates),
        tuple(sorted(totals, reverse=True)),
    )
    others = [entry for entry in by_reading.values() if entry[0] != best_key]
    if not win_ok or not others:
        return main
    readings = []
    for (other_points, _weight, _canonical), other_sets, other_hits in sorted(others, key=lambda e: e[0], reverse=True):
        assert isinstance(other_points, int)
        readings.append(
            replace(
                main,
                points=other_points,
                sets=_order(other_sets),
                patterns=tuple(other_hits),
                grade=_grade(other_points, rules),
                win_class=classify(other_hits) if classify is not None else None,
                reasons=(_win_reason(word, other_points, minimum),),
                totals=(other_points,),
            )
        )
    return replace(main, readings=tuple(readings))


def not_ready_reasons(
    hand: str | Iterable[Card], table: TableInput = (), rules: str | RuleSet = "luzhou-a"
) -> list[Reason]:
    """Why no single card completes a 20-card hand: the plain fact, then what holds it back (a 坎 held since the
    deal counts whole and may not be split), so a visitor's "不叫牌" comes with its reason."""
    rule_set = get_rules(rules)
    h = _prepare(hand, table, rule_set, complete=False)
    plain = Reason(
        "not-ready",
        Text(
            f"没有哪一张牌能让这手牌凑成{_sets_zh(rule_set)}组",
            f"no single card makes these cards into {_sets_en(rule_set)} sets",
        ),
    )
    return [plain, *_held_reasons(h)]


def waits(
    hand: str | Iterable[Card],
    table: TableInput = (),
    rules: str | RuleSet = "luzhou-a",
    *,
    seen: str | Iterable[Card] = (),
) -> list[Wait]:
    """Every card that completes a waiting hand, in card order, with its best points.

    ``seen`` are other visible cards (discards, other players' sets); they only lower ``Wait.left``.
    A card whose four copies are all in the player's own hand and table is not a wait at all.
    """
    rules = get_rules(rules)
    h = _prepare(hand, table, rules, complete=False)
    seen_cards = _read_cards(seen, "seen")
    seen_counts = [0] * 20
    for card in seen_cards:
        seen_counts[card.index] += 1
    own = h.own
    # The player's own cards and the seen ones come from one deck: a fifth copy is a typo, not a dead wait
    # (without seen cards, ``_prepare`` has counted them already).
    if seen_cards and any(a + b > COPIES_PER_KIND for a, b in zip(own, seen_counts, strict=True)):
        check_copies([*h.hand, *(c for m in h.table for c in m.cards), *seen_cards], where="seen")
    tables = wait_tables(rules)
    memo: WaitMemo = {}
    free = _free_cards(h)
    # Every kind the free cards and one more card split with, at once (``split.wait_points``).
    joined = wait_points(free, h.needs_pair(), tables, memo)
    fixed = h.fixed_points()
    minimum = rules.min_points.value
    kong_ok = h.fours == 0
    out: list[Wait] = []
    for w, card in enumerate(ALL_KINDS):
        found = joined.get(w, NO_SPLIT)
        if (found == NO_SPLIT and not (kong_ok and h.counts[w] == 3)) or own[w] >= COPIES_PER_KIND:
            continue  # (most kinds: no split with it, and no 坎 for it to go onto)
        best = _points_with(h, w, found, free, fixed, tables, memo)
        if best != NO_SPLIT:
            left = max(0, COPIES_PER_KIND - own[w] - seen_counts[w])
            out.append(Wait(card, best, best >= minimum, left))
    return out


def win_points(hand: Iterable[Card], table: TableInput, rules: RuleSet, win_card: Card) -> int:
    """The points ``analyse(hand, table, rules, win_card=win_card)`` gives (``NO_SPLIT`` where it finds no split),
    by the waits' points search alone: no set is built, no pattern looked for. Bad input raises as ``analyse``.

    >>> from changpai.daer.traditions import get_rules
    >>> hand = parse_cards("三三三 贰柒拾 四五六 壹贰叁 七八九 捌玖拾 伍陆")
    >>> win_points(hand, [], get_rules("luzhou-a"), Card.parse("柒"))
    18
    """
    h = _prepare(hand, table, rules, complete=False)
    w = _read_win_card(win_card, h).index
    free = _free_cards(h)
    memo = _points_memo(rules)
    if len(memo) >= _POINTS_MEMO_KEPT:
        memo.clear()
    tables = wait_tables(rules)
    found = NO_SPLIT
    if h.counts[w] < 3 or rules.kan_fourth_elsewhere == "true":
        found = best_points(add_card(free, w), h.needs_pair(), tables, memo)
    return _points_with(h, w, found, free, h.fixed_points(), tables, memo)


def _free_cards(h: _Hand) -> Free:
    """The hand's cards outside held triples and fours, packed for the waits' search (``split.guarded``)."""
    return guarded([n if n < 3 else 0 for n in h.counts])


def _points_with(h: _Hand, w: int, found: int, free: Free, fixed: int, tables: WaitTables, memo: WaitMemo) -> int:
    """The most points of the hand with one more card of kind ``w`` (``NO_SPLIT``: none), given ``found``, the
    best points of the free cards with it (``NO_SPLIT``: they do not split)."""
    held = h.counts[w] == 3
    best = NO_SPLIT
    if found != NO_SPLIT and (h.rules.kan_fourth_elsewhere == "true" or not held):
        best = fixed + found
    if h.fours == 0 and held:  # the card is the fourth onto a held 坎 (招): the rest then needs a pair
        found = best_points(free, True, tables, memo)
        if found != NO_SPLIT:
            kan_points, _four_points, kong_points = _held_points(h.rules)
            best = max(best, fixed - kan_points[w] + kong_points[w] + found)
    return best


_POINTS_MEMO_KEPT = 100_000  # answers kept across deals per rule set, at most (a long-running page plays many deals)


@lru_cache(maxsize=64)
def _points_memo(rules: RuleSet) -> WaitMemo:
    """``best_points``' memo for one rule set (its answers depend only on the packed cards and the rule set's
    points), shared by every ``win_points`` call; emptied when it grows past its bound."""
    return {}
