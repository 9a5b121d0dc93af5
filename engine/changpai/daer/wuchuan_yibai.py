"""Wuchuan 一百 (抠百) of [000]: three players play 字牌's deals, but nobody is paid — each counts 子 as they are
made, and the first to reach the target (100) wins the sitting at once, even in the middle of a deal.

This module is the rule set (``YIBAI``, ``PLAY``: 字牌's hand and play with a private draw, 偷坎, 偷活龙 and 机牌),
the win classes of 一百 (``YIBAI_PATTERNS``) and what each thing scores (``held_scores``, ``ji_points``,
``four_points``, ``win_score``); the running count is ``wuchuan_yibai_score`` (``Race``, ``DealScorer``), the
options ``wuchuan_yibai_options`` and the sitting (deals until the target, its record and replay)
``wuchuan_yibai_match``.

How a record writes the private draw (the shared deal plays it through two play rules, ``private_draw`` and
``ji_onto_pong``): ``1 draw`` (face down), then ``1 show`` (turned up: the claim window as in 字牌), ``1 pong 叁``
(偷坎: onto a held pair, unseen) or ``1 kong 叁`` (偷活龙: onto a held 坎), or ``1 win 叁``; in the window after a
shown card, ``1 kong 叁`` onto one's own 兑 is the 机牌.

When 子 are scored [000]: the held 坎 and 活龙 once the hand is picked up; a 兑 or 开招 when it is made; 偷坎 and
偷活龙 as held sets; a 机牌 (the fourth copy of one's 兑, turned up from the stock) big 9 / small 6, unless another
player wins on it; the win's hu at the end, 中胡 doubled and 大胡 raised three times (天胡 and 地胡 not raised).

>>> [YIBAI_POINTS[k].value for k in ("ji-big", "ji-small", "tai-min", "big-min")]
[9, 6, 24, 33]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from ..core.frozen import replaced
from ..core.sourced import Sourced
from ..core.table import seat_name
from ..core.text import Text
from ..decks.numerals import ALL_KINDS, Card
from .legality import Baopai
from .options import IN_PLAY, ON_HAND
from .patterns import CLASS_NAMES, HandFacts, PatternDef, _b, _src
from .playrules import PlayRules, _p
from .rules import PaymentTable, RuleSet
from .sets import SetKind
from .wuchuan import BAOPAI as WUCHUAN_BAOPAI
from .wuchuan import PLAY as ZIPAI_PLAY
from .wuchuan import VARIANT as ZIPAI_VARIANT
from .wuchuan import WUCHUAN, wuchuan_class
from .wuchuan_yibai_options import OPTIONS

if TYPE_CHECKING:
    from .deal import Deal, WinInfo
    from .settlement import Settlement


def _n(value: int, zh: str, en: str, source: str = "[000]") -> Sourced[int]:
    return Sourced(value, source, Text(zh, en))


# The numbers [000] gives for 一百, each with its source.
YIBAI_POINTS: Mapping[str, Sourced[int]] = {
    "ji-big": _n(9, "机牌：大字作九胡", "机牌: a big card scores 9"),
    "ji-small": _n(6, "机牌：小字作六胡", "机牌: a small card scores 6"),
    "tai-min": _n(24, "一百的台胡要二十四胡以上才翻番", "in 一百 a 台胡 needs 24 hu or more to be doubled"),
    "big-min": _n(33, "大胡只算三十三胡、黑胡、红飘和红台", "big wins are only 33 hu, 黑胡, 红飘 and 红台"),
    "middle-factor": _n(2, "中胡翻一番", "a middle win is doubled"),
    "players": _n(3, "三人对局", "three players"),
}

# ---------------------------------------------------------------- the win classes of 一百

_Y = _src("[000]", "务川“一百”记子的翻番", "Wuchuan essay, 一百: which wins are raised")
_RED_PIAO = _src(
    "engine",
    "[000] 只给了“红飘”这个名字：本站读作十张以上红牌、没有坎（飘胡没有坎，红胡要十红）",
    "[000] only names 红飘: read as ten or more red cards and no 坎 (飘胡 has no 坎, 红胡 ten red)",
)
_PIAO = _src(
    "engine",
    "一百的大胡里没有字牌的“十八以上的飘胡”：本站把一百的飘胡不论胡数都算中胡",
    "一百's big wins leave out 字牌's 飘胡 of 18 and more: here every 飘胡 of 一百 is a middle win",
)


def _at_33(f: HandFacts) -> bool:
    least = YIBAI_POINTS["big-min"].value
    return f.points == least if f.rules.option("yibai_big_33") == "exactly" else f.points >= least


YIBAI_PATTERNS: tuple[PatternDef, ...] = (
    PatternDef(
        "yibai-33",
        Text("大胡：三十三胡", "big win: 33 hu"),
        _Y("big"),
        "class",
        Text("油子 33（以上见选项）", "33 hu points (or more: see the options)"),
        lambda f: _b(_at_33(f)),
    ),
    PatternDef(
        "yibai-black",
        Text("大胡：黑胡", "big win: black"),
        _Y("big"),
        "class",
        Text("全副没有红牌（仍需十胡）", "no red card (10 hu still needed)"),
        lambda f: _b(f.red == 0),
    ),
    PatternDef(
        "yibai-red-piao",
        Text("大胡：红飘", "big win: red piao"),
        _RED_PIAO("big"),
        "class",
        Text("十张以上红牌，没有坎", "ten or more red cards, no held triple"),
        lambda f: _b(f.red >= 10 and not f.has_held),
    ),
    PatternDef(
        "yibai-red-tai",
        Text("大胡：红台", "big win: red tai"),
        _Y("big"),
        "class",
        Text("十张以上红牌，有坎，油子 18 以上", "ten or more red cards, a held triple, 18 hu or more"),
        lambda f: _b(f.red >= 10 and f.has_held and f.points >= 18),
    ),
    PatternDef(
        "yibai-tai",
        Text("中胡：台胡", "middle win: tai"),
        _Y("middle"),
        "class",
        Text("不足十红，油子 24 以上", "fewer than ten red cards, 24 hu or more"),
        lambda f: _b(f.red < 10 and f.points >= YIBAI_POINTS["tai-min"].value),
    ),
    PatternDef(
        "yibai-red",
        Text("中胡：红胡", "middle win: red"),
        _Y("middle"),
        "class",
        Text("十张以上红牌，有坎，不足 18 胡", "ten or more red cards, a held triple, under 18 hu"),
        lambda f: _b(f.red >= 10 and f.has_held and f.points < 18),
    ),
    PatternDef(
        "yibai-piao",
        Text("中胡：飘胡", "middle win: piao"),
        _PIAO("middle"),
        "class",
        Text("没有坎，不足十红", "no held triple, fewer than ten red cards"),
        lambda f: _b(not f.has_held and f.red < 10),
    ),
    PatternDef(
        "yibai-small",
        Text("小胡（棒胡）", "small win (bang)"),
        _Y("small"),
        "class",
        Text("有坎，不足十红，不足 24 胡", "a held triple, fewer than ten red cards, under 24 hu"),
        lambda f: _b(f.has_held and f.red < 10 and f.points < YIBAI_POINTS["tai-min"].value),
    ),
)


def _patterns(rules: RuleSet) -> tuple[PatternDef, ...]:
    return YIBAI_PATTERNS


def class_factor(play: Any, win_class: str | None, context: tuple[str, ...]) -> tuple[str, int]:
    """The class a win scores as (``heaven`` / ``earth`` for 天胡 / 地胡, never raised) and its factor."""
    if "heaven" in context or "earth" in context:
        return ("heaven" if "heaven" in context else "earth"), 1
    if win_class == "big":
        return "big", int(play.option("yibai_big_factor"))
    if win_class == "middle":
        return "middle", YIBAI_POINTS["middle-factor"].value
    return "small", 1


CLASS_WORDS = {**CLASS_NAMES, "heaven": Text("天胡", "heavenly win"), "earth": Text("地胡", "earthly win")}


# ---------------------------------------------------------------- 子 as they are made


@dataclass(frozen=True, slots=True)
class Score:
    """``seat`` scores ``points`` 子 (negative: 抄) for ``code`` after ``step`` actions (0: at the pick-up)."""

    step: int
    seat: int
    points: int
    code: str  # held-kan held-long dui kaizhao steal-kan steal-long ji win chao
    card: Card | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"step": self.step, "seat": self.seat, "points": self.points, "for": self.code}
        if self.card is not None:
            out["card"] = str(self.card)
        return out

    def text(self) -> Text:
        who, what = seat_name(self.seat), SCORE_WORDS[self.code]
        card = "" if self.card is None else f" {self.card}"
        if self.code == "chao":
            return Text(
                f"{who.zh}包牌被抄，去掉 {-self.points} 子", f"{who.en} commits 包牌 and is 抄'd: {-self.points} 子 off"
            )
        return Text(
            f"{who.zh}得 {self.points} 子（{what.zh}{card}）", f"{who.en} scores {self.points} 子 ({what.en}{card})"
        )


SCORE_WORDS: Mapping[str, Text] = {
    "held-kan": Text("拿牌后的坎", "a held 坎 at the pick-up"),
    "held-long": Text("拿牌后的活龙", "a held 活龙 at the pick-up"),
    "dui": Text("兑", "兑 (pong)"),
    "kaizhao": Text("开招", "开招 (kong)"),
    "steal-kan": Text("偷坎", "偷坎"),
    "steal-long": Text("偷活龙", "偷活龙"),
    "ji": Text("机牌", "机牌"),
    "win": Text("胡牌", "the win"),
    "chao": Text("抄", "抄"),
}


def held_scores(rules: RuleSet, hand: tuple[Card, ...] | list[Card], seat: int) -> list[Score]:
    """The 子 of a hand just picked up: every 坎 (three alike) and 活龙 (four alike), by the 字牌 points [000].

    >>> from changpai.decks.numerals import parse_cards
    >>> [(s.code, s.points) for s in held_scores(YIBAI, parse_cards("贰贰贰三三三三一二"), 0)]
    [('held-long', 9), ('held-kan', 6)]
    """
    counts = [0] * len(ALL_KINDS)
    for card in hand:
        counts[card.index] += 1
    out = []
    for i, n in enumerate(counts):
        if n >= 3:
            kind = SetKind.FOUR if n == 4 else SetKind.KAN
            card = ALL_KINDS[i]
            code = "held-long" if n == 4 else "held-kan"
            out.append(Score(0, seat, rules.points_of(kind, (card,) * n), code, card))
    return out


def ji_points(card: Card) -> int:
    return YIBAI_POINTS["ji-big" if card.big else "ji-small"].value


def four_points(deal: Deal, kind: SetKind, card: Card) -> int:
    """开招 / 偷活龙 onto a 坎 already scored: the four's whole points, or (option) only what it adds."""
    points = deal.rules.points_of(kind, (card,) * 4)
    if deal.play_rules.option("yibai_four_on_kan") == "difference":
        points -= deal.rules.points_of(SetKind.KAN, (card,) * 3)
    return points


def win_score(deal: Deal, win: WinInfo, already: int) -> tuple[int, str, int, int]:
    """The 子 of a win: (子, class, factor, hu); the reading that scores most (the winner declares it). ``already``:
    the 子 the winner's sets scored this deal (taken off the hu under option ``yibai_win_counts`` ``rest``)."""
    result = win.result
    readings = [result, *getattr(result, "readings", ())] if hasattr(result, "readings") else [result]
    best: tuple[int, str, int, int] | None = None
    for r in readings:
        hu = int(r["points"]) if isinstance(r, dict) else int(r.points)
        cls, factor = class_factor(deal.play_rules, getattr(r, "win_class", None), win.context)
        base = max(0, hu - already) if deal.play_rules.option("yibai_win_counts") == "rest" else hu
        found = (base * factor, cls, factor, hu)
        if best is None or found[0] > best[0]:
            best = found
    assert best is not None
    return best


# ---------------------------------------------------------------- the rule set

_YIBAI_TITLE = Text("务川大贰·一百（抠百）", "Wuchuan Da Er, yibai (抠百)")


def _settle(deal: Deal, win: WinInfo, out: Settlement) -> None:
    """Nobody pays in 一百 [000]: the win's 子 go to the winner's count (the sitting keeps it)."""
    zi, cls, factor, hu = win_score(deal, win, 0)
    name = CLASS_WORDS[cls]
    raised = f"× {factor} " if factor > 1 else ""
    out.points = zi
    out.lines.append(
        Text(
            f"{name.zh}：{hu} 胡 {raised}记 {zi} 子；一百不付钱，子记在比分里",
            f"{name.en}: {hu} hu {raised}scores {zi} 子; nobody pays in 一百, the 子 go to the score",
        )
    )


def _settle_draw(deal: Deal, out: Settlement) -> None:
    out.outcome = Text("和局：没有人胡，一百不付钱", "a drawn deal, nobody won: nobody pays in 一百")


def _big_small(rules: RuleSet, kind: SetKind, size: int) -> Text:
    """A set's 字牌 points [000] as "big B, small S" (with the red figures where they differ)."""
    one = {big: rules.points_of(kind, (Card(3, big),) * size) for big in (True, False)}
    red = {big: rules.points_of(kind, (Card(2, big),) * size) for big in (True, False)}
    if red == one:
        return Text(f"大 {one[True]}，小 {one[False]}", f"big {one[True]}, small {one[False]}")
    return Text(
        f"大 {one[True]}（红 {red[True]}），小 {one[False]}（红 {red[False]}）",
        f"big {one[True]} (red {red[True]}), small {one[False]} (red {red[False]})",
    )


def _score_table(rules: RuleSet, play: PlayRules) -> PaymentTable:
    """When 子 are scored and how many, from the rule set's own numbers (the rules page's table)."""
    kan, four = _big_small(rules, SetKind.KAN, 3), _big_small(rules, SetKind.FOUR, 4)
    kong = _big_small(rules, SetKind.KONG, 4)
    if play.option("yibai_four_on_kan") == "difference":
        kong = Text(kong.zh + "，减去坎已记的", kong.en + ", less the 坎 already scored")
    ji = YIBAI_POINTS["ji-big"].value, YIBAI_POINTS["ji-small"].value
    big = play.option("yibai_big_factor")
    rows = (
        (Text("拿完牌：手里的坎", "hand picked up: each held 坎"), kan, "[000]"),
        (Text("拿完牌：手里的活龙", "hand picked up: each held 活龙"), four, "[000]"),
        (Text("兑", "兑 (pong)"), _big_small(rules, SetKind.PONG, 3), "[000]"),
        (Text("开招", "开招 (kong)"), kong, "[000]"),
        (Text("偷坎（和手里拿的坎一样）", "偷坎 (as a held 坎)"), kan, "[000]"),
        (Text("偷活龙（和手里拿的活龙一样）", "偷活龙 (as a held 活龙)"), four, "[000]"),
        (Text("机牌", "机牌"), Text(f"大 {ji[0]}，小 {ji[1]}", f"big {ji[0]}, small {ji[1]}"), "[000]"),
        (
            Text("胡牌：小胡", "the win: small"),
            Text("整手的胡数", "the hand's hu"),
            "[000]",
        ),
        (
            Text("胡牌：中胡", "the win: middle"),
            Text(f"胡数 × {YIBAI_POINTS['middle-factor'].value}", f"hu × {YIBAI_POINTS['middle-factor'].value}"),
            "[000]",
        ),
        (Text("胡牌：大胡（翻三番）", "the win: big (翻三番)"), Text(f"胡数 × {big}", f"hu × {big}"), "engine"),
        (Text("胡牌：天胡、地胡", "the win: heavenly, earthly"), Text("胡数，不翻番", "the hu, not raised"), "[000]"),
        (
            Text("包牌：抄", "包牌: 抄"),
            Text(
                f"只留 {play.option('yibai_chao_keep')} 子，以后要满 {play.option('yibai_chao_target')}",
                f"keep {play.option('yibai_chao_keep')} 子; from then on {play.option('yibai_chao_target')} to win",
            ),
            "[000]",
        ),
    )
    return PaymentTable(
        (Text("什么时候记子", "When 子 are scored"), Text("记多少子", "How many 子")),
        tuple((what, much) for what, much, _ in rows),
        tuple(source for _, _, source in rows),
        Text(
            f"先满 {play.option('yibai_target')} 子的胜，一满就结束；一百不付钱。",
            f"The first to {play.option('yibai_target')} 子 wins, the moment it is reached; nobody pays in 一百.",
        ),
    )


class _Sitting:
    """一百's sitting, played and checked by ``wuchuan_yibai_match`` (imported when first asked: it needs the
    deal, which needs this module's rules)."""

    def play(
        self, players: int | None, deals: int, seed: int, bot: str, options: dict[str, Any] | None
    ) -> tuple[Any, Any]:
        from .wuchuan_yibai_match import play

        return play(players, deals, seed, bot, options)

    def replay(self, record: Any) -> tuple[Any, Any]:
        from .wuchuan_yibai_match import replay

        return replay(record)

    def running(self, deal: Any, options: dict[str, Any] | None, race: Any = None) -> Any:
        """A ``DealScorer`` for the viewer's running 子: of a deal shown on its own (the race starts at 0), or of
        a deal of a sitting, on ``race`` (the sitting's ``Race`` as it stood before the deal; it is updated)."""
        from .wuchuan_yibai_score import DealScorer, Race

        return DealScorer(deal, race if race is not None else Race.new(deal.players, options))

    def live(self, deal: Any, carried: Any, *, fresh: bool) -> Any:
        """The running 子 of a deal played live through the api (``wuchuan_yibai_match.live_scorer``)."""
        from .wuchuan_yibai_match import live_scorer

        return live_scorer(deal, carried, fresh=fresh)

    def live_answer(self, running: Any, made: int) -> dict[str, Any]:
        """The sitting as a client shows it after a step (``wuchuan_yibai_match.live_answer``)."""
        from .wuchuan_yibai_match import live_answer

        return live_answer(running, made)

    def new_race(self, players: int, options: dict[str, Any] | None) -> Any:
        """The count at the start of a sitting (a ``Race``: 0 子 each, the target of the options)."""
        from .wuchuan_yibai_score import Race

        return Race.new(players, options)

    def race_from(self, players: int, options: dict[str, Any] | None, before: dict[str, Any]) -> Any:
        """The count before a deal shown on its own (a ``wuchuan_yibai_score.Sitting``: ``{"totals": [子 …],
        "targets"?: [目标 …]}``), each seat short of its target (a target above the sitting's is a 抄 earlier on),
        or a located ``RuleError``.

        >>> race = _Sitting().race_from(3, None, {"totals": [91, 71, 98], "targets": [100, 100, 120]})
        >>> race.totals, race.chaos
        ([91, 71, 98], [0, 0, 1])
        """
        from .wuchuan_yibai_score import Sitting

        return Sitting.read(before, players, options, before_deal=True).race(options)

    def totals_text(self, totals: Any, race: Any = None) -> Text:
        """Each seat's 子 so far, in one line; with the ``race``, a raised target (抄) is named after the seat.

        >>> from .wuchuan_yibai_score import Race
        >>> race = Race.new(3)
        >>> race.targets[2] = 120
        >>> print(_Sitting().totals_text([9, 0, 104], race).zh)
        到这一步的子：甲 9，乙 0，丙 104（要满 120）
        """
        base = None if race is None else race.target
        targets = [base] * len(totals) if race is None else race.targets

        def mark(seat: int, lang: str) -> str:
            if race is None or targets[seat] == base:
                return ""
            return f"（要满 {targets[seat]}）" if lang == "zh" else f" (needs {targets[seat]})"

        zh = "，".join(f"{seat_name(s).zh} {n}{mark(s, 'zh')}" for s, n in enumerate(totals))
        en = ", ".join(f"{seat_name(s).en} {n}{mark(s, 'en')}" for s, n in enumerate(totals))
        return Text(f"到这一步的子：{zh}", f"子 so far: {en}")

    def end_text(self, race: Any) -> Text:
        """The line shown the moment a seat reaches its target: the sitting is over there and then [000]."""
        seat = race.winner
        name = seat_name(seat)
        return Text(
            f"{name.zh}满了 {race.targets[seat]} 子，一百就此结束：这一盘不再往下打，后面的子都不算",
            f"{name.en} has reached {race.targets[seat]} 子 and the sitting is over at once: "
            "the deal stops here and nothing after counts",
        )


class _Lesson:
    """一百's lesson questions, answered by ``wuchuan_yibai_lesson`` (imported when first asked)."""

    @property
    def asks(self) -> dict[str, str]:
        from .wuchuan_yibai_lesson import ASKS

        return dict(ASKS)

    def answer_request(self, request: dict[str, Any]) -> dict[str, Any]:
        from .wuchuan_yibai_lesson import LESSON

        return LESSON.answer_request(request)


def _match_rules(play: Any, deals: int) -> Any:
    from .wuchuan_yibai_match import race_rules

    return race_rules(play, deals)


VARIANT = replaced(
    ZIPAI_VARIANT,
    {
        "patterns": _patterns,
        "settle": _settle,
        "settle_draw": _settle_draw,
        "payment_table": _score_table,
        "win_class": wuchuan_class,
        "no_class": None,
        "match_rules": _match_rules,
        "sitting": _Sitting(),
        "lesson": _Lesson(),
    },
)

_HAND, _HAND_SETTINGS = OPTIONS.defaults(ON_HAND, RuleSet)

YIBAI = replaced(
    WUCHUAN,
    {
        "name": "wuchuan-yibai",
        "title": _YIBAI_TITLE,
        "variant": VARIANT,
        "declared": OPTIONS,
        "settings": _HAND_SETTINGS,
    }
    | _HAND,
)


def _play(**changes: Sourced[Any]) -> PlayRules:
    """字牌's play rules [000] with 一百's changes, its options' defaults and its own settings."""
    by_option, settings = OPTIONS.defaults(IN_PLAY, PlayRules)
    keep = {
        f.name: getattr(ZIPAI_PLAY, f.name) for f in fields(PlayRules) if f.name not in ("name", "title", "settings")
    }
    return PlayRules(name=YIBAI.name, title=_YIBAI_TITLE, settings=settings, **{**keep, **changes, **by_option})


PLAY = _play(
    players=_p((3,), "[000]", "三人对局", "three players"),
    sitter_with_four=_p(False, "[000]", "三人对局，没有数底的人", "three at the table: nobody counts the stock"),
    private_draw=_p(
        True,
        "[000]",
        "摸底牌先不翻开：与手中的对子成坎就偷坎（不能仰转），与坎成四张就偷活龙，别的牌才翻开",
        "a stock card is drawn face down: with a held pair it is stolen as a 坎 (never turned up), onto a 坎 as a "
        "活龙; any other card is turned up",
    ),
    penalty=_p("chao", "[000]", "包牌不算输，而是“抄”：子只留两个，以后要满一百二十", "包牌 is 抄, not a loss"),
    settlement=_p("wuchuan-yibai", "[000]", "不付钱，记子，先满一百的胜", "no payments: 子, first to 100 wins"),
)

# 包牌 [000]: 字牌's, and not taking a 机牌 (a compulsory four, as 开招 is); over-claiming 子 cannot happen here —
# the engine counts them — and a record claiming 子 that were not made is refused by its replay. The penalty is 抄.
BAOPAI = {
    PLAY.name: Baopai(
        WUCHUAN_BAOPAI[ZIPAI_PLAY.name].codes,
        {
            **WUCHUAN_BAOPAI[ZIPAI_PLAY.name].own_names,
            "must-kong": Text("不开招，或该机牌而不机", "not making a 开招, or not taking a 机牌"),
        },
    )
}
