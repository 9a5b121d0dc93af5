"""Wuchuan Da Er 务川大贰, the 字牌 game (打开开 / 打飘) of [000].

Everything the engine does differently for Wuchuan is here: the words (兑 开招 活龙 妥), the win classes
(大胡 中胡 小胡), how a 活龙 is shown, the payments and the counting fee, the hand's point table and the
parameters of play; its options (what [000] leaves open, with the engine's defaults) are in ``wuchuan_options``.
The shared machinery calls these through ``Variant``.

>>> WUCHUAN.native_name(SetKind.PONG).zh
'兑'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.match import WinnerDeals
from ..core.table import seat_name
from ..core.text import Text
from ..decks.numerals import Card
from .actions import action_words, native_words
from .legality import Baopai
from .options import ON_HAND
from .patterns import CLASS_NAMES, CLASS_RANK, HandFacts, PatternDef, PatternHit, _b, _src
from .playrules import (
    _SILENT,
    EAT_OWN_TURN_ONLY,
    EAT_PREV_DISCARD_OR_TURN,
    FOUR_DEALER_FIRST_OTHERS_AFTER_ITS_DISCARD,
    PENALTY_PAY_EACH,
    PlayRules,
    _p,
    make_play_rules,
)
from .rules import PaymentTable, RuleSet, Variant, _frozen, _names, _row, _s
from .sets import SetKind
from .settlement import Settlement, _losers
from .wuchuan_options import OPTIONS

if TYPE_CHECKING:
    from .deal import Deal, WinInfo

# ---------------------------------------------------------------- words

# [000] names no word for being ready or for the discarder: the engine says 叫牌 and 放炮, as in Luzhou.
WORDS = action_words("胡", "妥", "叫牌", "放炮", "[000]", silent="ready discarder")


# ---------------------------------------------------------------- win classes

_W = _src("[000]", "务川大贰“字牌”大小胡", "Wuchuan Da Er essay, 字牌 win classes")


def _piao_18_big(f: HandFacts) -> bool:
    return f.points >= 18 if f.rules.option("wuchuan_piao_18") == "big" else f.points > 18


WUCHUAN_PATTERNS: tuple[PatternDef, ...] = (
    PatternDef(
        "big-27",
        Text("大胡：二十七胡以上", "big win: 27 hu or more"),
        _W("big"),
        "class",
        Text("油子 27 或以上", "27 or more hu points"),
        lambda f: _b(f.points >= 27),
    ),
    PatternDef(
        "big-piao",
        Text("大胡：飘胡（十八以上）", "big win: piao at 18 or more"),
        _W("big"),
        "class",
        Text(
            "没有坎，油子 18 以上（18 本身算不算，是选项之一）",
            "no held triple, 18 hu or more (whether 18 itself counts is one of the options)",
        ),
        lambda f: _b(not f.has_held and _piao_18_big(f)),
    ),
    PatternDef(
        "big-black",
        Text("大胡：黑胡", "big win: black"),
        _W("big"),
        "class",
        Text("全副没有红牌（仍需十胡）", "no red card (10 hu still needed)"),
        lambda f: _b(f.red == 0),
    ),
    PatternDef(
        "big-red-tai",
        Text("大胡：红台", "big win: red tai"),
        _W("big"),
        "class",
        Text("十张以上红牌，有坎，油子 18 以上", "ten or more red cards, a held triple, 18 hu or more"),
        lambda f: _b(f.red >= 10 and f.has_held and f.points >= 18),
    ),
    PatternDef(
        "middle-tai",
        Text("中胡：台胡", "middle win: tai"),
        _W("middle"),
        "class",
        Text("不足十红，油子 21 以上", "fewer than ten red cards, 21 hu or more"),
        lambda f: _b(f.red < 10 and f.points >= 21),
    ),
    PatternDef(
        "middle-red",
        Text("中胡：红胡", "middle win: red"),
        _W("middle"),
        "class",
        Text("十张以上红牌，有坎，不足 18 胡", "ten or more red cards, a held triple, under 18 hu"),
        lambda f: _b(f.red >= 10 and f.has_held and f.points < 18),
    ),
    PatternDef(
        "middle-piao",
        Text("中胡：飘胡", "middle win: piao"),
        _W("middle"),
        "class",
        Text("没有坎，不足十红，18 胡以下", "no held triple, fewer than ten red cards, up to 18 hu"),
        lambda f: _b(not f.has_held and f.red < 10 and not _piao_18_big(f)),
    ),
    PatternDef(
        "small",
        Text("小胡（棒胡）", "small win (bang)"),
        _W("small"),
        "class",
        Text("有坎，不足十红，不足 21 胡", "a held triple, fewer than ten red cards, under 21 hu"),
        lambda f: _b(f.has_held and f.red < 10 and f.points < 21),
    ),
    PatternDef(
        "big-heaven",
        Text("大胡：天胡", "big win: heavenly"),
        _W("big"),
        "class",
        Text("不受十胡限制（需牌局经过）", "no 10-hu minimum (needs the deal)"),
    ),
    PatternDef(
        "big-earth",
        Text("大胡：地胡", "big win: earthly"),
        _W("big"),
        "class",
        Text(
            "胡庄家出的第一张牌，不受十胡限制（需牌局经过）",
            "a win on the dealer's first discard, no 10-hu minimum (needs the deal)",
        ),
    ),
)


def wuchuan_class(hits: list[PatternHit]) -> str | None:
    """The highest class among the hits: ``big``, ``middle``, ``small`` or ``None`` (the source names none)."""
    classes = [hit.value for hit in hits if hit.unit == "class" and isinstance(hit.value, str)]
    return max(classes, key=lambda c: CLASS_RANK.get(c, 0)) if classes else None


def _patterns(rules: RuleSet) -> tuple[PatternDef, ...]:
    return WUCHUAN_PATTERNS


# ---------------------------------------------------------------- a held four laid out


def _four_display(rules: RuleSet, seat: int, card: Card) -> tuple[str, str]:
    """One card shown with another laid over it [000]."""
    four = native_words(rules)["four"].zh
    who = seat_name(seat)
    card_str = f"{card}{card}{card}{card}"
    return (
        f"亮{four}：{who.zh}把{card_str}亮在面前，一张明摆，上面盖一张 [000]",
        f"{who.en} shows a held four ({four}) of {card}: one card face up with another laid over it [000]",
    )


# ---------------------------------------------------------------- payments


def _wuchuan(deal: Deal, win: WinInfo, out: Settlement) -> None:
    opts = deal.play_rules.option
    cls = getattr(win.result, "win_class", None)
    if "heaven" in win.context or "earth" in win.context:
        cls = "big"
    names = {"big": Text("大胡", "big win"), "middle": Text("中胡", "middle win"), "small": Text("小胡", "small win")}
    kind: Text | None = None  # which win of the class: 台胡, 红胡, 飘胡, 黑胡 … [000]
    if "heaven" in win.context or "earth" in win.context:
        kind = Text("天胡", "heavenly") if "heaven" in win.context else Text("地胡", "earthly")
    if cls is None:
        cls = deal.rules.option("wuchuan_red_no_kan")
        out.lines.append(
            Text(
                f"[000] 未给这种胡（十红以上、无坎、不足 18 胡）定大小，按{names[cls].zh}",
                f"[000] names no class for this win (ten red or more, no 坎, under 18); counted as {names[cls].en}",
            )
        )
    for hit in getattr(win.result, "patterns", ()) or ():
        if kind is None and hit.unit == "class" and hit.value == cls and "：" in hit.name.zh:
            kind = Text(hit.name.zh.split("：")[-1], hit.name.en.split(": ")[-1])
    amount = opts(f"{cls}_win")
    out.points = amount
    losers = _losers(deal, win.seat)
    for s in losers:
        out.payments[s] -= amount
        out.payments[win.seat] += amount
    named = Text(f"{names[cls].zh}（{kind.zh}）", f"{names[cls].en} ({kind.en})") if kind else names[cls]
    out.lines.append(Text(f"{named.zh}：每家付 {amount}", f"{named.en}: each loser pays {amount}"))
    sitter = deal.table.sitter
    if sitter is not None:
        fee = opts("counting_fee")
        out.payments[win.seat] -= fee
        out.payments[sitter] += fee
        out.lines.append(Text(f"胡家付数底费 {fee}", f"the winner pays the counting fee, {fee}"))


def _wuchuan_draw(deal: Deal, out: Settlement) -> None:
    sitter = deal.table.sitter
    if sitter is None:
        out.outcome = Text("和局，无人胡", "a drawn deal: nobody won")
        return
    fee = deal.play_rules.option("counting_fee")
    for s in deal.table.active:
        out.payments[s] -= fee
        out.payments[sitter] += fee
    out.outcome = Text(
        f"和局，无人胡：三家各付数底费 {fee}", f"a drawn deal, nobody won: all three pay the counting fee, {fee}"
    )


# ---------------------------------------------------------------- options (wuchuan_options.py)

_HAND, _SETTINGS = OPTIONS.defaults(ON_HAND, RuleSet)


# ---------------------------------------------------------------- the hand: points and names


def _payment_table(rules: RuleSet, play: PlayRules) -> PaymentTable:
    """Each class's payment and the counting fee, as the play rules hold them (all the engine's amounts)."""
    held = [(CLASS_NAMES[c], play.settings[f"{c}_win"]) for c in ("small", "middle", "big")]
    held.append((Text("数底费（胡家付）", "counting fee (the winner pays)"), play.settings["counting_fee"]))
    return PaymentTable(
        (Text("胡的大小", "Win class"), Text("每个输家付", "Each loser pays")),
        tuple((name, Text(str(value.value), str(value.value))) for name, value in held),
        tuple(value.source for _, value in held),
        held[0][1].note,  # the amounts share one note
    )


def _match_rules(play: PlayRules, deals: int) -> WinnerDeals:
    """[000] does not say who deals next: as Luzhou [001], the winner (its option says who after 和局)."""
    return WinnerDeals(
        deals,
        play.option("dealer_after_no_win"),
        source="engine",
        winner_note=Text("（[000] 没有说，本站照泸州 [001] 的规矩）", " ([000] does not say: as Luzhou's [001])"),
    )


VARIANT = Variant(
    words=WORDS,
    patterns=_patterns,
    settle=_wuchuan,
    four_display=_four_display,
    win_class=wuchuan_class,
    settle_draw=_wuchuan_draw,
    payment_table=_payment_table,
    match_rules=_match_rules,
    no_class=Text(
        "[000] 没有给这种胡（十红以上、无坎、不足 18 胡）定大小",
        "[000] names no class for this win (ten or more red, no held triple, under 18)",
    ),
    eight_blocks_text=lambda n: (
        f"重招：第 {n} 个四张组，不出牌，喊“下抓”，由下家抓牌 [000]",
        f"重招 (a repeated 招): four-card set number {n}, so no discard; call 下抓, the next player draws [000]",
    ),
)

WUCHUAN = RuleSet(
    name="wuchuan",
    title=Text("务川大贰·字牌", "Wuchuan Da Er, zipai"),
    tradition=Text("务川大贰", "Wuchuan Da Er"),
    sources=("[000]",),
    red_scheme=_s(
        "two-seven-ten",
        "engine",
        "[000] 没有说哪些牌是红牌；它的兑牌大小写都有红牌加分，所以不是“大写为红”；引擎按泸州的二、七、十为红",
        "[000] never says which cards are red; its pong points give a red bonus in both cases, which rules "
        "out “big is red”; the engine reads 2, 7 and 10 as red, as in Luzhou",
    ),
    set_points=_frozen(
        {
            SetKind.PONG: _row(
                "[000]",
                "兑：大字 3（红 6），小字 1（红 3）",
                "pong (兑): big 3 (red 6), small 1 (red 3)",
                rb=6,
                rs=3,
                bb=3,
                bs=1,
            ),
            SetKind.KAN: _row("[000]", "坎：大 6，小 3", "held triple: big 6, small 3", rb=6, rs=3, bb=6, bs=3),
            SetKind.KONG: _row("[000]", "开招：大 9，小 6", "kong (开招): big 9, small 6", rb=9, rs=6, bb=9, bs=6),
            SetKind.FOUR: _row(
                "[000]", "活龙：大 12，小 9", "held four (活龙): big 12, small 9", rb=12, rs=9, bb=12, bs=9
            ),
        }
    ),
    special_points=_frozen(
        {
            "123-small": _s(3, "[000]", "一二三（小写）记 3", "small 1-2-3: 3"),
            "123-big": _s(6, "[000]", "壹贰叁（大写）记 6", "big 1-2-3: 6"),
            "2710-small": _s(3, "[000]", "二七十（小写）记 3", "small 2-7-10: 3"),
            "2710-big": _s(6, "[000]", "贰柒拾（大写）记 6", "big 2-7-10: 6"),
        }
    ),
    other_sets=_s(0, "[000]", "其余放子和抱子没有油子", "other runs and mixed sets (抱子) score nothing"),
    min_points=_s(10, "[000]", "胡牌须有十胡以上的油子", "a win needs at least 10 points (油子)"),
    set_names=_names(
        "[000]",
        {
            SetKind.PONG: ("兑", "dui (pong)"),
            SetKind.KAN: ("坎", "kan (held triple)"),
            SetKind.KONG: ("开招", "kaizhao (kong)"),
            SetKind.FOUR: ("活龙", "huolong (held four)"),
            SetKind.RUN: ("放子", "fangzi (run)"),
            SetKind.TWO_SEVEN_TEN: ("放子（贰柒拾）", "fangzi (2-7-10)"),
            SetKind.MIXED: ("抱子", "baozi (mixed case)"),
            SetKind.PAIR: ("对", "pair"),
        },
        engine_choices={
            SetKind.PAIR: Text(
                "[000] 没有提到对子这种组，引擎用通称“对”",
                "[000] never names a pair, so the engine uses the plain word 对",
            )
        },
    ),
    variant=VARIANT,
    declared=OPTIONS,
    settings=_SETTINGS,
    **_HAND,
    notes=(
        _s(
            "pair-with-four",
            "engine",
            "[000] 没有提到对子；按牌数（有四张一组时须有一对）允许一对",
            "[000] never mentions a pair; the card count needs one when there is a four-card set, so the engine "
            "allows it",
        ),
        _s(
            "has-kan",
            "engine",
            "“有坎”按手中有坎或活龙（原手的组）判定；开招算不算，是选项之一",
            "“has a 坎” is read as holding a 坎 or a 活龙 (sets held from the deal); whether a 开招 counts is one of "
            "the options",
        ),
    ),
)


# ---------------------------------------------------------------- play

PLAY = make_play_rules(
    "wuchuan",
    Text("务川大贰·字牌（[000]）", "Wuchuan Da Er, 字牌 ([000])"),
    OPTIONS,
    players=_p(
        (3, 4),
        "[000]",
        "四人对局，庄家对家数底；也有三人对局",
        "four, the dealer's opposite counts the stock; a three-player form exists",
    ),
    sitter_with_four=_p(True, "[000]", "庄家的对家专门数底牌", "the dealer's opposite counts the stock"),
    xiaojia_with_four=_p(False, "[000]", "无小家", "no 小家"),
    deal_by=_p(1, _SILENT, "[000] 未说怎样发牌，按一次一张", "[000] does not say how cards are dealt; one at a time"),
    show_last_stock_card=_p(False, "[000]", "[000] 未说亮底牌", "[000] shows no stock card"),
    red_last_card_moves_front=_p(False, "[000]", "不亮底牌", "no shown card"),
    cut_for_dealer=_p(False, "[000]", "[000] 未载定庄", "[000] gives no dealer selection"),
    cut_card_out_of_play=_p(False, "[000]", "不叨牌", "no cut card"),
    pong_compulsory=_p(True, "[000]", "有两张相同必须兑", "with a pair in hand one must pong (兑)"),
    eat_from=_p(
        EAT_PREV_DISCARD_OR_TURN,
        "[000]",
        "下家吃上家的牌；翻出的牌先由翻牌者决定吃不吃，不要再让下家吃",
        "the next player eats; a turned card is first the turner's to eat, then the next player's",
    ),
    eat_from_two_players=_p(EAT_OWN_TURN_ONLY, _SILENT, "来源无两人玩法", "no two-player form in the source"),
    bi_required=_p(True, "[000]", "妥：手上有相同的牌须摆出放下面", "妥: a held copy must be laid out beneath"),
    bi_exempt_mixed=_p(False, "[000]", "[000] 无此例外", "[000] has no such exception"),
    passed_eat_barred=_p(
        True, "[000]", "头张不吃而吃第二张作包牌", "eating the second copy after passing the first is 包牌"
    ),
    passed_pong_barred=_p(False, "[000]", "兑是强制的", "pong is compulsory"),
    eat_own_discard_barred=_p(
        True, "[000]", "自己打出去的牌又吃回来作包牌", "eating back a card one discarded is 包牌"
    ),
    win_on_own_discard_barred=_p(False, "[000]", "[000] 未载", "not in [000]"),
    passed_win_barred=_p(False, "[000]", "[000] 未载", "not in [000]"),
    four_timing=_p(
        FOUR_DEALER_FIRST_OTHERS_AFTER_ITS_DISCARD,
        "[000]",
        "庄家先亮龙后出牌，闲家在庄家打出第一张牌后立即亮龙",
        "the dealer shows a 活龙 before discarding, the others at once after the dealer's first discard",
    ),
    kong_compulsory=_p(
        True, "[000]", "坎上出现第四张必须开招", "the fourth card onto a held 坎 must be claimed (开招)"
    ),
    penalty=_p(PENALTY_PAY_EACH, "[000]", "包牌者负三家", "the violator pays all three"),
    xiaojia_needs_points=_p(False, "[000]", "无小家", "no 小家"),
    settlement=_p(
        "wuchuan",
        "[000]",
        "按大胡、中胡、小胡分级，胜者付数底费",
        "win classes 大/中/小胡; the winner pays the counting fee",
    ),
    heaven_earth_no_minimum=_p(
        True, "[000]", "天胡、地胡不受十胡限制", "heavenly and earthly wins need no 10-point minimum"
    ),
    penalty_paid_to=_p(
        "all", "[000]", "包牌者负三家（含数底的）", "the violator pays all three others (the stock counter too)"
    ),
    declined_claim_bars_win=_p(False, "[000]", "[000] 未载", "not in [000]"),
)

# 包牌 [000]: the rules a record may break on purpose (the violator pays all three others, 负三家); [000] calls
# discarding after a repeated 招 重招打牌 (one calls 下抓 instead).
BAOPAI = {
    PLAY.name: Baopai(
        (
            "eat-passed",
            "eat-own-discard",
            "eat-wrong",
            "bi-required",
            "must-pong",
            "must-kong",
            "four-first",
            "eight-blocks",
            "false-win",
            "short-win",
        ),
        {"eight-blocks": Text("重招打牌", "discarding after a repeated 招 (重招打牌; call 下抓 instead)")},
    )
}
