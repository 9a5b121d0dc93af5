"""Leshan Er Qi Shi 乐山贰柒拾 (桥字牌), the Shizhong district rules of [003].

Everything the engine does differently for Leshan is here: the words (对 开 和 摆 抬炮), the 名堂 and the
graded totals (小和 … 台和), the payments, the hand's point table (big cards red) and the parameters of play
(小家, 叨牌, 对抠 and the violations of [003]); its options (what [003] leaves open or to local custom, with their
defaults) are in ``leshan_options``. The shared machinery calls these through ``Variant``.

>>> [leshan_grade(p, LESHAN).value for p in (10, 15, 21)]
[10, 20, 40]
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..core.match import MatchRule, MatchRules, WinnerShuffles
from ..core.sourced import Sourced
from ..core.table import seat_name
from ..core.text import Text
from ..decks.numerals import DECK, Card
from .actions import action_words, native_words
from .legality import Baopai
from .leshan_match import DaJuan, round_fan
from .leshan_options import OPTIONS, POINT_WORD
from .options import ON_HAND
from .patterns import Grade, HandFacts, PatternDef, _b, _src
from .playrules import (
    EAT_OWN_TURN_ONLY,
    EAT_PREV_DISCARD_OR_TURN,
    FOUR_WHEN_YOU_LIKE,
    PENALTY_PAY_EACH,
    _p,
    make_play_rules,
)
from .rules import RuleSet, Variant, _frozen, _names, _row, _s
from .sets import SetKind
from .settlement import Settlement, _hits, _losers

if TYPE_CHECKING:
    from .deal import Deal, WinInfo
    from .playrules import PlayRules

# ---------------------------------------------------------------- words

WORDS = action_words("和", "摆", "下叫", "抬炮", "[003]")


# ---------------------------------------------------------------- 名堂 and grades

_L = _src("[003]", "乐山贰柒拾条目“和数计算”", "Leshan Er Qi Shi article, totals")


def _kun_leshan(f: HandFacts) -> int:
    counted = [s for s in f.sets if not (s.kind is SetKind.PAIR and f.rules.option("kun_pair") == "excluded")]
    return _b(all(s.points > 0 for s in counted))


def _piao_leshan(f: HandFacts) -> int:
    scoring = [s for s in f.sets if s.points > 0]
    if not scoring or f.count(SetKind.KONG):
        return 0
    if f.hand_holds_two_seven_ten:  # held 龙灯: scoring and held, or broken up (拆开龙灯报瞟和)
        return 0
    return _b(not any(s.from_original_hand for s in scoring))


LESHAN_PATTERNS: tuple[PatternDef, ...] = (
    PatternDef(
        "kun",
        Text("坤和（房房数）", "kun win (every set scores)"),
        _L(1),
        "doubling",
        Text(
            "每房牌都有和数（桩子算不算，见下面的选项表）",
            "every set scores (whether the pair counts: see the options below)",
        ),
        _kun_leshan,
    ),
    PatternDef(
        "piao",
        Text("瞟和", "piao win"),
        _L(1),
        "doubling",
        Text(
            "有和数的房都不是原手持有，且没有开过",
            "every scoring set was claimed, none held from the deal, and no kong (开)",
        ),
        _piao_leshan,
    ),
    PatternDef(
        "heaven",
        Text("天和", "heavenly win"),
        Sourced(1, "[003]", Text("眉山、仁寿等地加两番", "two doublings in Meishan, Renshou and nearby")),
        "doubling",
        Text(
            "头家当底即和（需牌局经过）；眉山、仁寿等地算两番",
            "the dealer wins on the dealt 21 cards (needs the deal); two doublings in Meishan, Renshou and nearby",
        ),
    ),
    PatternDef(
        "earth",
        Text("地和", "earthly win"),
        _L(1),
        "doubling",
        Text("头家第一张出牌即抬炮（需牌局经过）", "a win on the dealer's first discard (needs the deal)"),
    ),
)


def leshan_grade(points: int, rules: RuleSet) -> Grade | None:
    """[003]: 小和 10–14 → 10, 中和 15–20 → 20, 大和 21–24 → 40, 30和 25–30 → 60, 台和 → rounded × 4.

    >>> from changpai.daer.traditions import get_rules
    >>> [leshan_grade(p, get_rules("leshan")).value for p in (10, 15, 21, 25, 31, 36)]
    [10, 20, 40, 60, 120, 160]
    """
    if points < 10:
        return None
    rounded = (points + 5) // 10 * 10
    note_src = "[003]"
    if rules.option("leshan_grading") == "chipiao" and points <= 20 and points >= 11:
        return Grade(
            "chipiao",
            Text("吃漂", "chipiao"),
            20,
            note_src,
            Text("五通桥、犍为、沐川：11–20 按 20", "Wutongqiao, Qianwei, Muchuan: 11–20 count as 20"),
        )
    if points <= 14:
        return Grade("small", Text("小和", "small win"), 10, note_src, Text("10–14 按 10", "10–14 count as 10"))
    if points <= 20:
        return Grade("middle", Text("中和", "middle win"), 20, note_src, Text("15–20 按 20", "15–20 count as 20"))
    if points <= 24:
        return Grade(
            "big",
            Text("大和", "big win"),
            rounded * 2,
            note_src,
            Text("21–24：四舍五入后番一番", "21–24: rounded to tens, then doubled"),
        )
    if points <= 30 or (points == 31 and rules.option("leshan_31") == "thirty"):
        return Grade(
            "thirty",
            Text("30和", "thirty win"),
            rounded * 2,
            note_src,
            Text("25–30：四舍五入后番一番", "25–30: rounded to tens, then doubled"),
        )
    return Grade(
        "tai",
        Text("台和（上台）", "tai win"),
        rounded * 4,
        note_src,
        Text(
            "31 以上：四舍五入后番两番（31 本身算 30和 还是台和，是选项之一）",
            "over 31: rounded to tens, then doubled twice (31 itself, a thirty or a tai win: one of the options)",
        ),
    )


def _patterns(rules: RuleSet) -> tuple[PatternDef, ...]:
    return LESHAN_PATTERNS


# ---------------------------------------------------------------- a held four laid out


def _four_display(rules: RuleSet, seat: int, card: Card) -> tuple[str, str]:
    """[003] says nothing of how a held 滚子 is shown, so the wording is neutral."""
    four = native_words(rules)["four"].zh
    who = seat_name(seat)
    return (
        f"亮{four}：{who.zh}把原手四张{card}摆上桌",
        f"{who.en} lays out a held four ({four}) of {card} from the dealt hand",
    )


# ---------------------------------------------------------------- payments


def _leshan(deal: Deal, win: WinInfo, out: Settlement) -> None:
    opts = deal.play_rules.option
    players = len(deal.table.active)
    if isinstance(win.result, dict):  # 小家
        total = win.result["points"]
        out.lines.append(
            Text(f"小家：{win.result['name']['zh']} 算 {total} 和", f"小家: {win.result['name']['en']} counts {total}")
        )
        # 自摸: its own draw (kept or shown), not another seat's turned card [003]
        own_draw = win.how == "self-draw" or (win.how == "turn" and win.source == win.seat)
        if own_draw and opts("xiaojia_self_draw_double"):
            total *= 2
            out.lines.append(Text("小家自摸加倍（眉山）", "小家's self-drawn win doubles (Meishan)"))
        if "earth" in win.context:  # [003] leaves out only 坤 and 瞟 for 小家
            total *= 2
            out.lines.append(Text("地和：加一番", "earthly win: doubled"))
        fan, line = round_fan(deal, win)  # 打圈's 圈字 [003]
        total *= 2**fan
        out.lines.extend([line] if line else [])
    else:
        grade = getattr(win.result, "grade", None)
        total = grade.value if grade is not None else win.points
        if grade is not None:
            out.lines.append(
                Text(
                    f"{win.points} 和：{grade.name.zh}，算 {grade.value}",
                    f"{win.points} points: {grade.name.en}, counts {grade.value}",
                )
            )
        fan = 0
        for hit in _hits(win):
            if hit.unit == "doubling" and isinstance(hit.value, int):
                fan += hit.value
                out.lines.append(Text(f"{hit.name.zh}：加一番", f"{hit.name.en}: doubled"))
        if "heaven" in win.context:
            tianhe = opts("tianhe_fan")
            fan += tianhe
            out.lines.append(
                Text(f"天和：加 {tianhe} 番", f"heavenly win: doubled {tianhe} {'time' if tianhe == 1 else 'times'}")
            )
        if "earth" in win.context:
            fan += 1
            out.lines.append(Text("地和：加一番", "earthly win: doubled"))
        round_doublings, line = round_fan(deal, win)  # 打圈's 圈字 [003]
        fan += round_doublings
        out.lines.extend([line] if line else [])
        total *= 2**fan
    if opts("full_hundred") and total > 100:
        total = 100
        out.lines.append(Text("满百：按 100 计", "满百: counted as 100"))
    out.points = total
    losers = _losers(deal, win.seat)
    if win.how == "discard" and win.source in losers:
        out.payments[win.source] -= total * players
        out.payments[win.seat] += total * players
        out.lines.append(
            Text(
                f"{native_words(deal.rules)['discarder'].zh}：{seat_name(win.source).zh}付 {total}×{players} = "
                f"{total * players}",
                f"the discarder ({native_words(deal.rules)['discarder'].zh}), {seat_name(win.source).en}, pays "
                f"{total}×{players} = {total * players}",
            )
        )
        return
    payer = opts("turned_win_payer")
    if payer == "turner" and win.how == "turn" and win.source in losers:
        out.payments[win.source] -= total * players
        out.payments[win.seat] += total * players
        out.lines.append(
            Text(
                f"翻牌者{seat_name(win.source).zh}付 {total * players}",
                f"the turner, {seat_name(win.source).en}, pays {total * players}",
            )
        )
        return
    for s in losers:
        out.payments[s] -= total
        out.payments[win.seat] += total
    out.lines.append(
        Text(
            # Visitors read this line at the table: the caveat about [003]'s silence lives in the option docs.
            f"其余每家各付 {total}",
            f"every other player pays {total}",
        )
    )


# ---------------------------------------------------------------- options (leshan_options.py)

_HAND, _SETTINGS = OPTIONS.defaults(ON_HAND, RuleSet)


# ---------------------------------------------------------------- the hand: points and names


def _first_shuffler(players: int, rng: random.Random) -> int:
    """叫方位 [003]: each player turns up a card and the highest number shuffles the first deal (and the seats
    follow the draw; here the seats are already in playing order). Equal highest numbers draw again: the engine's
    reading, [003] does not say."""
    contenders = list(range(players))
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        drawn = {seat: deck[i].number for i, seat in enumerate(contenders)}
        top = max(drawn.values())
        contenders = [seat for seat in contenders if drawn[seat] == top]
        if len(contenders) == 1:
            return contenders[0]


def _match_rules(play: PlayRules, deals: int) -> MatchRules:
    """Seats are drawn once per sitting; the last deal's winner shuffles (nobody won: the last shuffler again),
    the first deal's shuffler is the highest draw, and each deal's 叨牌 picks its dealer [003]. With the option
    ``leshan_match: dajuan``, 打圈 (``leshan_match.DaJuan``): the seats take turns, ten rounds; ``deals`` is then
    only a cap (a sitting may rise early)."""
    if play.option("leshan_match") == "dajuan":
        opt = play.option
        return DaJuan(_first_shuffler, opt("lazhuang"), opt("dajuan_no_win"), opt("dajuan_shuffler"))
    return WinnerShuffles(deals, _first_shuffler, source="[003]", words=_MATCH_WORDS)


_MATCH_WORDS = (
    MatchRule(
        Text("座位怎么定？", "How are the seats settled?"),
        Text(
            "一场只叫一次方位：每人叨一张，数最大的先坐，别的人按叨到的大小依次坐",
            "once per sitting: each player turns up a card, the highest sits first and the others follow by size",
        ),
        "[003]",
    ),
    MatchRule(
        Text("第一局谁洗牌？", "Who shuffles the first deal?"),
        Text(
            "叫方位时叨到最大数的人（一样大就再叨：本站的读法）",
            "whoever drew the highest card for the seats (equal highest draw again: this site's reading)",
        ),
        "[003]",
    ),
    MatchRule(
        Text("以后谁洗牌？", "Who shuffles after that?"),
        Text(
            "上一局和牌的人；没人和，就还是上一局洗牌的人", "the last deal's winner; if nobody won, the last shuffler"
        ),
        "[003]",
    ),
    MatchRule(
        Text("谁做庄？", "Who deals?"),
        Text(
            "每一局由洗牌人的上家叨牌，按叨到的数从叨牌的人数起，数到谁谁做庄",
            "each deal, the shuffler's 上家 cuts; counting from the cutter by the number cut picks the dealer",
        ),
        "[003]",
    ),
)


VARIANT = Variant(
    words=WORDS,
    patterns=_patterns,
    settle=_leshan,
    four_display=_four_display,
    grade=leshan_grade,
    match_rules=_match_rules,
)

LESHAN = RuleSet(
    name="leshan",
    title=Text("乐山贰柒拾（桥字牌）", "Leshan Er Qi Shi (Qiao Zipai)"),
    tradition=Text("乐山贰柒拾", "Leshan Er Qi Shi"),
    sources=("[003]",),
    red_scheme=_s(
        "big", "[003]", "大写（壹…拾）为红，小写（一…十）为黑", "the big cards (壹…拾) are red, the small ones black"
    ),
    set_points=_frozen(
        {
            SetKind.PONG: _row("[003]", "对子：黑 1、红 3", "pong (对子): black 1, red 3", rb=3, bs=1),
            SetKind.KAN: _row("[003]", "坎子：黑 3、红 6", "held triple: black 3, red 6", rb=6, bs=3),
            SetKind.KONG: _row("[003]", "开成的滚子：黑 6、红 9", "kong (开): black 6, red 9", rb=9, bs=6),
            SetKind.FOUR: _row("[003]", "原手滚子：黑 9、红 12", "held four: black 9, red 12", rb=12, bs=9),
        }
    ),
    special_points=_frozen(
        {
            "2710-small": _s(3, "[003]", "黑二七十 3 和，不分原手与否", "black 2-7-10: 3, held or not"),
            "2710-big": _s(6, "[003]", "红贰柒拾 6 和，不分原手与否", "red 2-7-10: 6, held or not"),
        }
    ),
    other_sets=_s(0, "[003]", "连子、半边字、桩子没有和数", "runs (一二三 too), mixed sets and the pair score nothing"),
    min_points=_s(10, "[003]", "和数至少 10", "a win needs at least 10 points"),
    set_names=_names(
        "[003]",
        {
            SetKind.PONG: ("对子", "duizi (pong)"),
            SetKind.KAN: ("坎子", "kanzi (held triple)"),
            SetKind.KONG: ("滚子（开）", "gunzi by kai (kong)"),
            SetKind.FOUR: ("滚子（原手）", "gunzi (held four)"),
            SetKind.RUN: ("连子", "lianzi (run)"),
            SetKind.TWO_SEVEN_TEN: ("贰柒拾（龙灯）", "2-7-10 (er qi shi, dragon lantern)"),
            SetKind.MIXED: ("半边字", "banbianzi (mixed case)"),
            SetKind.PAIR: ("桩子", "zhuangzi (pair)"),
        },
    ),
    variant=VARIANT,
    declared=OPTIONS,
    settings=_SETTINGS,
    **_HAND,
    point_word=POINT_WORD,
)


# ---------------------------------------------------------------- play

PLAY = make_play_rules(
    "leshan",
    Text("乐山贰柒拾（[003]）", "Leshan Er Qi Shi ([003])"),
    OPTIONS,
    players=_p((2, 3, 4), "[003]", "三人或四人（一家做小家），两人对抠", "three, or four with a 小家, or two (对抠)"),
    sitter_with_four=_p(False, "[003]", "乐山四人时不坐底，而有小家", "with four, nobody sits out: one is 小家"),
    xiaojia_with_four=_p(True, "[003]", "四人打时尾家做小家", "with four, the last seat is 小家"),
    deal_by=_p(
        2,
        "[003]",
        "一次拿两张（一手），庄家先拿，逆时针",
        "two cards at a time (一手), dealer first, counter-clockwise",
    ),
    show_last_stock_card=_p(False, "[003]", "[003] 未说亮底牌", "[003] does not show a stock card"),
    red_last_card_moves_front=_p(False, "[003]", "不亮底牌", "no shown card"),
    cut_for_dealer=_p(
        True,
        "[003]",
        "洗牌者的上家叨牌，按数字从叨牌者数起定庄",
        "the shuffler's 上家 cuts; the card's number, counted from the cutter, picks the dealer",
    ),
    cut_card_out_of_play=_p(
        True, "[003]", "叨到的牌本局不用（也有放回的打法）", "the cut card is out of play (some places put it back)"
    ),
    pong_compulsory=_p(False, "[003]", "对可宣告，不强制", "a pong (对) is optional"),
    eat_from=_p(
        EAT_PREV_DISCARD_OR_TURN,
        "[003]",
        "可吃上家打出、翻出及自己翻出的牌",
        "one may eat the 上家's discard or turned card, or one's own turned card",
    ),
    eat_from_two_players=_p(
        EAT_OWN_TURN_ONLY, "[003]", "对抠只能吃自己翻出的牌", "in 对抠 one may eat only one's own turned card"
    ),
    bi_required=_p(
        True,
        "[003]",
        "摆：吃手中已有的牌时须把那张另组一房摆下，摆不下来不准吃",
        "摆: a held copy must be laid out in another set, or the eat is refused",
    ),
    bi_exempt_mixed=_p(False, "[003]", "[003] 无此例外", "[003] has no such exception"),
    passed_eat_barred=_p(True, "[003]", "吃过张是违规", "eating a passed card is a violation"),
    passed_pong_barred=_p(True, "[003]", "后对牌是违规", "ponging a passed card is a violation"),
    eat_own_discard_barred=_p(False, "[003]", "[003] 未载", "not in [003]"),
    win_on_own_discard_barred=_p(
        True, "[003]", "和回龙：胡自己打出过的牌是违规", "和回龙: winning on a card one discarded is a violation"
    ),
    passed_win_barred=_p(True, "[003]", "现张不和，须进张后才能和", "a passed win may be taken only after a new claim"),
    declined_claim_bars_win=_p(
        True,
        "[003]",
        "有开不开、后对和牌：放过开或对之后再报和是违规",
        "有开不开, 后对和牌: winning after declining a kong or a pong is a violation",
    ),
    eat_then_discard_barred=_p(
        True,
        "[003]",
        "吃字屙字：用两张牌吃进后，不能打出原本能和这两张成房的牌",
        "吃字屙字: after eating with two cards, one may not discard a card that made a set with them",
    ),
    four_timing=_p(
        FOUR_WHEN_YOU_LIKE,
        "[003]",
        "[003] 未说原手滚子何时摆出；摆出才计八块",
        "[003] does not say when a held 滚 is shown; shown ones count for 八块",
    ),
    penalty=_p(PENALTY_PAY_EACH, "[003]", "包牌：赔参与牌局的每家 20 和", "包牌: pay every player 20 和"),
    penalty_amount=_p(20, "[003]", "每家 20 和", "20 和 to each player"),
    penalty_ends_deal=_p(False, "[003]", "包后继续（诈和除外）", "play continues after 包牌, except after a false win"),
    xiaojia_needs_points=_p(True, "[003]", "小家须有和数才能和", "小家 needs points to win"),
    settlement=_p(
        "leshan",
        "[003]",
        "和数分级、番，抬炮者付 总和数 × 人数",
        "graded totals and doublings; the discarder pays total × players",
    ),
)

# 包牌 [003]: the rules a record may break on purpose (the violator pays every other player), in [003]'s words.
BAOPAI = {
    PLAY.name: Baopai(
        (
            "eat-passed",
            "pong-passed",
            "eat-wrong",
            "eat-wrong-seat",
            "eat-then-discard-partner",
            "bi-required",
            "break-kan",
            "eight-blocks",
            "false-win",
            "short-win",
            "win-own-discard",
            "win-passed",
            "win-declined-claim",
        ),
        {"eight-blocks": Text("喊错八块", "getting 八块 wrong (喊错八块): discarding when it was due")},
    )
}
