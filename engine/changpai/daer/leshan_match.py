"""Leshan 打圈 [003] (``leshan``'s companion): the newer way of sitting, as match rules, and the round's doubling.

[003] tells 打圈 in five points: the dealer (头家) is called only once, before the first deal; the seats then take
turns as 头家; a 头家 who wins may stay on (拉庄); the rounds are 圈一, 圈二 … 圈十, a new one each time the 头家
comes back to the first one; and in each round the red card of its number (圈字: 壹 in 圈一, 贰 in 圈二 …) adds a
doubling to a win when the winner has it as a 对 or 开 made in play, or holds it as a 坎 or 滚 from the deal. What
[003] leaves open is a named option in ``leshan_options`` (拉庄's effect, a deal nobody wins, who shuffles, which
sets count). Here the first 头家 is called by the first deal's own cut (叨牌), as in the traditional way; after
that the seating gives the dealer and the cut only takes its card out of play.

>>> rules = DaJuan(lambda players, rng: 2)
>>> first = rules.first(3, random.Random(0))
>>> first.dealer, first.shuffler, first.round
(None, 2, 1)
>>> after = rules.after(DealOutcome(1, 2, 0, (-20, 40, -20), round=1), 3)  # 头家 1 lost: seat 2 is next
>>> after.dealer, after.round, after.head
(2, 1, 1)
>>> rules.after(DealOutcome(0, 2, 0, (40, -20, -20), round=3, head=1), 3).round  # 头家 0 won: 拉庄
3
>>> rules.after(DealOutcome(0, 2, 2, (-20, -20, 40), round=3, head=1), 3).round  # back to seat 1: 圈四
4
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.match import DealOutcome, Ledger, MatchRule, Seating
from ..core.text import Text
from ..decks.numerals import Card
from .sets import SetKind

if TYPE_CHECKING:
    from .deal import Deal, WinInfo

ROUNDS = 10  # 圈一 … 圈十 [003]
ROUND_NAMES = tuple(f"圈{zh}" for zh in "一二三四五六七八九十")
_IDENTICAL = (SetKind.PONG, SetKind.KAN, SetKind.KONG, SetKind.FOUR)


@dataclass(frozen=True)
class DaJuan:
    """打圈's seating [003]: ``first_draw`` is 叫方位's highest draw (the first shuffler); the options are those of
    ``leshan_options`` (``lazhuang``, ``dajuan_no_win``, ``dajuan_shuffler``)."""

    first_draw: Callable[[int, random.Random], int]
    lazhuang: str = "stay"
    no_win: str = "next"
    shuffler: str = "winner"
    rounds: int = ROUNDS

    def first(self, players: int, rng: random.Random) -> Seating:
        return Seating(None, self.first_draw(players, rng), 1, None)

    def after(self, previous: DealOutcome, players: int) -> Seating:
        head = previous.dealer if previous.head is None else previous.head
        stays = (previous.winner == previous.dealer and self.lazhuang == "stay") or (
            previous.winner is None and self.no_win == "same"
        )
        dealer = previous.dealer if stays else (previous.dealer + 1) % players
        round_ = previous.round + (not stays and dealer == head)
        if self.shuffler == "dealer":
            shuffler = dealer
        else:
            shuffler = previous.shuffler if previous.winner is None else previous.winner
        return Seating(dealer, shuffler, round_, head)

    def is_over(self, ledger: Ledger) -> bool:
        return False  # the rounds end it (``over_at``)

    def over_at(self, seating: Seating) -> bool:
        return seating.round > self.rounds

    def deal_options(self, seating: Seating) -> dict[str, Any]:
        return {"quan": seating.round}

    def round_of(self, options: Mapping[str, Any]) -> int:
        value = options.get("quan", 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else -1

    def explain(self) -> tuple[MatchRule, ...]:
        return explain(self)


def explain(rules: DaJuan) -> tuple[MatchRule, ...]:
    """打圈's rules of a sitting in words, for the rules page; the options' choices in force are said."""
    stay = {
        "stay": Text("拉庄：下一局还是他当头家（和数照常算）", "拉庄: he is first player again (payments as usual)"),
        "pass": Text("照样轮给下家", "the turn passes on anyway"),
    }[rules.lazhuang]
    no_win = {"next": Text("轮给下家", "the next seat"), "same": Text("头家再当一局", "the same seat again")}
    shuffler = {
        "winner": Text("同传统打法：上局和牌的人，没人和就是上局洗牌的人", "as traditional: the last winner"),
        "dealer": Text("头家自己", "the first player"),
    }
    lazhuang_source = "[003]" if rules.lazhuang == "stay" else "engine"
    return (
        MatchRule(
            Text("第一局谁当头家？", "Who is first player (头家) in the first deal?"),
            Text(
                "只在第一局前叫一次庄：这一局照常叨牌定庄（本站的读法）",
                "the dealer is called once, before the first deal: that deal's cut picks him (our reading)",
            ),
            "[003]",
        ),
        MatchRule(
            Text("以后谁当头家？", "Who is first player after that?"),
            Text("每家轮流当头家，从他起拿牌", "each seat in turn; the cards are taken from him on"),
            "[003]",
        ),
        MatchRule(Text("头家和了牌呢？", "And when the first player wins?"), stay, lazhuang_source),
        MatchRule(Text("没人和牌呢？", "And when nobody wins?"), no_win[rules.no_win], "engine"),
        MatchRule(Text("谁洗牌？", "Who shuffles?"), shuffler[rules.shuffler], "engine"),
        MatchRule(
            Text("圈怎么数？", "How are the rounds counted?"),
            Text(
                "开头是圈一；头家又轮回到第一个头家时是圈二，依次到圈十，打完圈十散场",
                "the first is 圈一; when the turn comes back to the first 头家 it is 圈二, and so on; after 圈十 the "
                "sitting ends",
            ),
            "[003]",
        ),
        MatchRule(
            Text("“圈字”加番", "The round's card doubles"),
            Text(
                "第几圈，红的那个数就是圈字（圈一红壹、圈二红贰……）：和牌的人对了、开了，或原手有坎、滚的是它，"
                "和数加一番",
                "the red card of the round's number (壹 in 圈一, 贰 in 圈二 …): a winner with it as a 对 or 开, or "
                "held as a 坎 or 滚, doubles once more",
            ),
            "[003]",
        ),
    )


def round_fan(deal: Deal, win: WinInfo) -> tuple[int, Text | None]:
    """The doublings the round's red card (圈字) adds to ``win`` [003], with the line the payments show; none
    outside 打圈. With ``quan_sets`` ``identical`` (default) one for the winner's 对, 开, 坎 or 滚 of it (four
    copies: at most one such set); with ``any`` one for every set holding it.

    The 小家's win counts too when its set is a 对 of the round's card (its three cards are the same)."""
    round_ = deal.play_rules.option("quan")
    if not round_:
        return 0, None
    card = Card(round_, big=True)
    if isinstance(win.result, dict):  # 小家: a 对子 of three like cards, or a 2-7-10
        same = win.card == card and all(c == card for c in deal.seats[win.seat].hand_cards())
        fan = 1 if same else 0
    else:
        every = deal.play_rules.option("quan_sets") == "any"
        fan = sum(1 for s in win.result.sets if card in s.meld.cards and (every or s.meld.kind in _IDENTICAL))
    if not fan:
        return 0, None
    name = ROUND_NAMES[round_ - 1]
    return fan, Text(f"{name}，圈字红{card}：加 {fan} 番", f"{name}, the round's card red {card}: doubled ×{2**fan}")
