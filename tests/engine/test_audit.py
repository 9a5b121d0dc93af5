"""Rules audit: tricky hands a seasoned player would check, read against the sources, as fixed cases.

Each test names the rule it probes and the source that states it. Hands are written so that every card count
is plain to see (no kind appears three times unless the test means a held 坎).
"""

from collections import Counter

import pytest
from changpai.api import handle
from changpai.core.text import CardError, HandError
from changpai.daer.analysis import analyse, waits
from changpai.daer.sets import Meld, SetKind
from changpai.daer.traditions import get_rules
from changpai.decks.numerals import format_cards, parse_cards


def codes(result):
    return [hit.code for hit in result.patterns]


def kinds(result):
    return {s.meld.text(): s.meld.kind for s in result.sets}


def hand_without(sets: list[str], win: str) -> str:
    """The concealed hand of a winning hand made of ``sets`` (Chinese numerals), less the winning card."""
    cards = parse_cards(" ".join(sets))
    cards.remove(parse_cards(win)[0])
    return format_cards(sorted(cards))


# Seven sets, 21 cards: 三三三 held (坎), five 0-point runs plus 壹贰叁, and 九九 waiting for 九.
TEN_EXACTLY = ["三三三", "四五六", "六七八", "肆伍陆", "柒捌玖", "壹贰叁", "九九九"]


# ----------------------------------------------------------------------------- the minimum and the pong/坎 option


def test_exactly_ten_points_is_a_win_in_luzhou_a():
    # [001] 胡牌 "至少有10胡": 坎 三 3 + 壹贰叁 6 + 九九 + 九 碰 1 = 10 exactly.
    result = analyse(hand_without(TEN_EXACTLY, "九"), [], "luzhou-a", win_card="九")
    assert result.win and result.points == 10 and result.reason.code == "win"
    assert kinds(result)["九九九"] is SetKind.PONG


def test_the_same_hand_under_the_other_tables():
    hand = hand_without(TEN_EXACTLY, "九")
    # [004]: 坎 乌小 6, no special-set points: 6 + 1 = 7, below 10.
    assert analyse(hand, [], "luzhou-b", win_card="九").points == 7
    # [003]: 坎子 black 3, 对子 black 1, 壹贰叁 is a plain 连子: 4.
    assert analyse(hand, [], "leshan", win_card="九").points == 4
    # [000]: 坎 小 3 + 壹贰叁 6 + 兑 小 1 = 10, a 小胡 (has a 坎, fewer than ten red, under 21).
    wuchuan = analyse(hand, [], "wuchuan", win_card="九")
    assert wuchuan.win and wuchuan.points == 10 and wuchuan.win_class == "small"


def test_win_card_on_a_pair_pong_or_held_option_changes_leshan_piao():
    # A Leshan hand whose only hand-made scoring set is the pair completed by the winning card.
    table = [Meld.of("pong", "叁叁叁"), Meld.of("pong", "肆肆肆"), Meld.of("eat", "贰柒拾")]
    hand = "一二三 四五六 七八九 伍伍"
    as_pong = analyse(hand, table, "leshan", win_card="伍")
    as_kan = analyse(hand, table, get_rules("leshan", win_on_pair="kan"), win_card="伍")
    assert kinds(as_pong)["伍伍伍"] is SetKind.PONG and "piao" in codes(as_pong)  # [003] 对 makes a 对子
    assert kinds(as_kan)["伍伍伍"] is SetKind.KAN and "piao" not in codes(as_kan)  # held: not 瞟和
    assert as_kan.points == as_pong.points - 3 + 6  # red 对子 3 → red 坎子 6


# ----------------------------------------------------------------------------- held sets


def test_four_copies_in_the_hand_are_a_held_four_and_never_split():
    # 三三三 + 一二三 is four 三 in the hand: a 龙 [001] "一龍牌：4張相同的牌，不可拆分". It cannot lend a 三 to
    # 一二三, so the hand has no split, and the explanation says which held set stayed whole.
    hand = "三三三 四五六 七八九 肆伍陆 柒捌玖 一二三 八八"
    result = analyse(hand, [], "luzhou-a", win_card="八")
    assert not result.win and result.reason.code == "no-split"
    held = [r for r in result.reasons if r.code == "held-not-split"]
    assert held and "三三三三" in held[0].text.zh and "三三三三" in held[0].text.en


def test_held_kan_next_to_a_run_waits_for_the_run_not_a_kong():
    # 四四四 held, 五六 loose: where the 招 is optional ([004] "可以招牌", luzhou-b), the fourth 四 completes
    # 四五六 with the 坎 untouched; a 招 on 四 would leave 五六 with no pair to go with the new four (digest §2).
    # 七 and 十 re-read 五六 七八九 as 五六七 八九(十): easy to miss, and a real wait. Where the 招 is compulsory
    # ([001] "必須招牌", luzhou-a), the fourth 四 can only be 招'd, so 四 is no wait there.
    sets = ["四四四", "四五六", "一二三", "七八九", "壹贰叁", "肆伍陆", "捌玖拾"]
    hand = hand_without(sets, "四")
    found = {str(w.card): w.points for w in waits(hand, [], "luzhou-b")}
    assert set(found) == {"四", "七", "十"}
    assert {str(w.card) for w in waits(hand, [], "luzhou-a")} == {"七", "十"}
    result = analyse(hand, [], "luzhou-b", win_card="四")
    assert kinds(result)["四四四"] is SetKind.KAN and kinds(result)["四五六"] is SetKind.RUN
    assert not any(s.meld.kind is SetKind.KONG for s in result.sets)


def test_a_fourth_card_never_joins_a_claimed_pong():
    # 招 is onto a held 坎 only [001]; a laid-out 碰 五五五 stays three. The last 五 still fits 四_六 as a run.
    table = [Meld.of("pong", "五五五")]
    hand = "四六 一二三 七八九 壹贰叁 肆伍陆 捌玖拾"
    found = {str(w.card): w for w in waits(hand, table, "luzhou-a")}
    assert set(found) == {"五"} and found["五"].left == 1  # three on the table, none in the hand: one left
    result = analyse(hand, table, "luzhou-a", win_card="五")
    assert kinds(result)["四五六"] is SetKind.RUN and kinds(result)["五五五"] is SetKind.PONG


def test_two_fours_win_holds_twenty_two_cards():
    # [001] 八块 (龙了小二，再招小三): with two four-card sets the win is 2 fours + 4 threes + 1 pair = 22 cards,
    # and each 招 and 龙 adds a doubling [001].
    table = [Meld.of("four", "二二二二"), Meld.of("kong", "三三三三")]
    hand = "四五六 七八九 壹贰叁 伍伍伍 拾拾"
    result = analyse(hand, table, "luzhou-a")
    assert result.win and sum(len(s.meld.cards) for s in result.sets) == 22
    assert [s.meld.kind for s in result.sets].count(SetKind.PAIR) == 1
    hit = {h.code: h for h in result.patterns}["kong-or-four"]
    assert hit.count == 2 and hit.value == 2
    with pytest.raises(HandError) as info:  # the same cards without the pair: 20, not a 22-card win
        analyse("四五六 七八九 壹贰叁 伍伍伍", table, "luzhou-a")
    assert info.value.code == "card-count" and "22" in info.value.text.en and "22" in info.value.text.zh


def test_held_four_in_hand_with_the_pair_rule_leshan():
    # [003] 桩子: one pair, only at a win; with a held 滚子 (9/12) the hand needs it. 伍伍伍伍 red 12 alone is
    # 12 和, a 小和 (10). The pair scores nothing, so 坤和 is spoilt by default (option kun_pair).
    hand = "伍伍伍伍 一二三 六七八 四五六 壹贰叁 七八九 拾"
    found = {str(w.card): w.points for w in waits(hand, [], "leshan")}
    assert found == {"拾": 12}
    result = analyse(hand, [], "leshan", win_card="拾")
    assert result.win and result.grade.value == 10
    pair = [s for s in result.sets if s.meld.kind is SetKind.PAIR]
    assert [s.meld.text() for s in pair] == ["拾拾"] and pair[0].name.zh == "桩子"


def test_wait_that_needs_a_card_the_player_holds_all_four_of_is_no_wait():
    # 肆陆 needs 伍, but all four 伍 are the player's own 龙: no wait, no win.
    table = [Meld.of("kong", "捌捌捌捌")]
    hand = "伍伍伍伍 一二三 六七八 壹贰叁 肆陆 拾拾"
    assert waits(hand, table, "luzhou-a") == []


# ----------------------------------------------------------------------------- waits


def test_twenty_cards_that_are_not_ready_have_no_waits():
    # Ten pairs, no two of them a run apart or a case apart: nothing completes it. (One of each kind would be
    # ready: 十拾 waits for 十 or 拾 as a mixed set.)
    hand = "一一 三三 五五 七七 九九 壹壹 叁叁 伍伍 柒柒 玖玖"
    assert waits(hand, [], "luzhou-a") == []
    assert handle({"command": "waits", "rules": "leshan", "hand": hand})["waits"] == []


def test_wait_with_every_copy_seen_is_listed_with_none_left():
    hand = hand_without(TEN_EXACTLY, "九")
    found = {str(w.card): w for w in waits(hand, [], "luzhou-a", seen="九九")}
    assert found["九"].left == 0 and found["九"].win  # a dead wait: still shown, with 0 left


def test_fifth_copy_among_seen_cards_is_refused():
    # Regression: ``seen`` was not checked against the deck, so 九九 in hand + 九九九 seen passed as "0 left".
    hand = hand_without(TEN_EXACTLY, "九")
    with pytest.raises(CardError) as info:
        waits(hand, [], "luzhou-a", seen="九九九")
    assert info.value.code == "too-many-copies" and info.value.where == "seen"
    assert "九" in info.value.text.zh and "九" in info.value.text.en
    error = handle({"command": "waits", "rules": "luzhou-a", "hand": hand, "seen": "九九九"})["error"]
    assert error["code"] == "too-many-copies" and error["where"] == "seen"


# ----------------------------------------------------------------------------- notation and order


def test_traditional_ascii_and_simplified_forms_read_alike():
    sets = ["贰柒拾", "二七十", "壹壹壹", "三三三", "叁叁叁", "肆肆肆", "五五五"]
    simplified = hand_without(sets, "五")
    traditional = simplified.replace("贰", "貳").replace("叁", "參")
    ascii_hand = format_cards(parse_cards(simplified), script="ascii")
    results = [analyse(h, [], "leshan", win_card=w).as_dict() for h, w in ((simplified, "五"), (ascii_hand, "5s"))]
    results.append(analyse(traditional, [], "leshan", win_card="五").as_dict())
    assert results[0] == results[1] == results[2]
    assert results[0]["points"] == 6 + 3 + 6 + 3 + 6 + 6 + 1


def test_input_order_of_hand_and_table_does_not_matter():
    table = [Meld.of("pong", "叁叁叁"), Meld.of("eat", "贰柒拾"), Meld.of("pong", "肆肆肆")]
    hand = "一二三 四五六 七八九 伍伍"
    first = analyse(hand, table, "leshan", win_card="伍").as_dict()
    again = analyse("伍九八七六伍五四三二一", list(reversed(table)), "leshan", win_card="伍").as_dict()
    assert first == again


# ----------------------------------------------------------------------------- errors: located and bilingual


@pytest.mark.parametrize(
    ("request_", "code", "where", "mentions"),
    [
        ({"hand": "贰贰贰贰贰 一二三", "win_card": "一"}, "too-many-copies", "hand", "贰"),
        ({"hand": "一二三", "table": [{"set": "pong", "cards": "一二三"}]}, "bad-set", "table[0].cards", "一二三"),
        ({"hand": "一二三", "table": [{"set": "eat", "cards": "一二四"}]}, "bad-set", "table[0].cards", "一二四"),
        ({"hand": "一二三", "table": [{"set": "dragon", "cards": "一一一一"}]}, "bad-set", "table[0].set", "dragon"),
        ({"hand": "一二三 四五六", "win_card": "七"}, "card-count", "hand", "20"),
        ({"hand": "一二三x"}, "bad-card", "hand", "x"),
    ],
)
def test_bad_input_errors_are_located_and_bilingual(request_, code, where, mentions):
    error = handle({"command": "score", "rules": "luzhou-a", **request_})["error"]
    assert (error["code"], error["where"]) == (code, where)
    assert mentions in error["zh"] and mentions in error["en"]
    assert error["zh"] != error["en"] and any("\u4e00" <= ch <= "\u9fff" for ch in error["zh"].split(":", 1)[1])


# ----------------------------------------------------------------------------- patterns read from the hand


def test_wuchuan_unclassified_win_is_stated_not_forced():
    # [000]: 红胡 needs a 坎, 飘胡 needs fewer than ten red; ten red, no 坎, under 18 fits no class.
    table = [Meld.of("eat", "二七十"), Meld.of("eat", "贰柒拾"), Meld.of("pong", "七七七")]
    result = analyse("一二三 四五六 肆伍陆 八八", table, "wuchuan", win_card="八")
    assert result.win and result.points == 3 + 6 + 3 + 3 + 1 and result.win_class is None
    assert "no-win-class" in [r.code for r in result.reasons]
    # Still ten red, but a held 坎 and under 18: a 红胡, a 中胡 [000].
    table2 = [Meld.of("eat", "二七十"), Meld.of("eat", "贰柒拾"), Meld.of("eat", "七七柒")]
    held = analyse("一二三 四四四 肆伍陆 八八", table2, "wuchuan", win_card="八")
    assert held.points == 3 + 6 + 0 + 3 + 3 + 0 + 1 and held.win_class == "middle" and "middle-red" in codes(held)


def test_leshan_heaven_note_names_the_meishan_variant():
    heaven = {p.code: p for p in get_rules("leshan").patterns}["heaven"]
    assert "眉山" in heaven.condition.zh and "Meishan" in heaven.condition.en
    assert heaven.value.value == 1  # [003]: one more doubling; two in 眉山, 仁寿


def test_card_counts_in_the_audit_hands_are_what_the_comments_say():
    # Guards the fixtures above: a kind appearing 3+ times in a concealed hand is a held set, on purpose only.
    for sets, win in ((TEN_EXACTLY, "九"),):
        counts = Counter(parse_cards(hand_without(sets, win)))
        assert {str(c) for c, n in counts.items() if n >= 3} == {"三"}


# ----------------------------------------------------------------------------- explanations


def test_explanation_says_what_each_pattern_is_worth_and_the_grade():
    # Regression: patterns were printed as "瞟和: 1" / "red: 1", with no unit and no grade line.
    table = [Meld.of("pong", "叁叁叁"), Meld.of("pong", "肆肆肆"), Meld.of("eat", "贰柒拾")]
    result = analyse("一二三 四五六 七八九 伍伍", table, "leshan", win_card="伍")
    zh, en = result.explain("zh").splitlines(), result.explain("en").splitlines()
    assert "瞟和：加 1 翻（×2）" in zh and "中和：算 20" in zh
    assert "piao win: 1 doubling (×2)" in en and "middle win: counts as 20" in en
    assert "duizi (pong) 伍伍伍: 3 points" in en
    pattern = result.as_dict()["patterns"][0]
    assert pattern["text"] == {"zh": "瞟和：加 1 翻（×2）", "en": "piao win: 1 doubling (×2)"}


def test_explanation_counts_each_kong_and_four_and_names_the_wuchuan_class():
    table = [Meld.of("four", "二二二二"), Meld.of("kong", "三三三三")]
    luzhou = analyse("四五六 七八九 壹贰叁 伍伍伍 拾拾", table, "luzhou-a").explain("en").splitlines()
    assert "each kong or held four: 2 doublings (×4)" in luzhou
    wuchuan = analyse("三三三 一一一 捌捌捌 四五六 肆伍陆 叁肆伍 九九", [], "wuchuan", win_card="九")
    lines = wuchuan.explain("zh").splitlines()
    assert "大胡：黑胡" in lines and lines[-1] == "胡的大小：大胡"
    assert "兑 九九九：1 胡" in lines


# ----------------------------------------------------------------------------- readings the sources leave open


def test_kong_is_held_option_decides_wuchuan_piao():
    # A 坎 三三三 that takes its fourth card at the win becomes a 开招. [000] defines 飘胡 as "no 坎" and 小胡 as
    # "has a 坎"; whether the 开招 still counts as the 坎 it grew from is option kong_is_held (default: no).
    hand = hand_without(["三三三三", "四五六", "六七八", "肆伍陆", "柒捌玖", "壹贰叁", "九九"], "三")
    default = analyse(hand, [], "wuchuan", win_card="三")
    assert kinds(default)["三三三三"] is SetKind.KONG and default.points == 6 + 6
    assert default.win_class == "middle" and codes(default) == ["middle-piao"]
    held = analyse(hand, [], get_rules("wuchuan", kong_is_held="yes"), win_card="三")
    assert held.win_class == "small" and codes(held) == ["small"]
    # The same option decides [004]'s 飘 (no 坎, no 壠).
    b_rules = get_rules("luzhou-b", special_sets="luzhou-a", b_mode="advanced")  # 招 9 + 壹贰叁 6: over the minimum
    b_default = analyse(hand, [], b_rules, win_card="三")
    b_held = analyse(hand, [], b_rules.with_options(kong_is_held="yes"), win_card="三")
    assert "floating" in codes(b_default) and "floating" not in codes(b_held)


def test_ribbon_case_option_for_double_ribbon():
    # [004] 双飘带 "1232710，各兩列相同大小": two 1-2-3 and two 2-7-10 of the same case. Read strictly, all four
    # sets share one case (default); read loosely, each pair shares a case (option ribbon_case="each-pair").
    mixed_cases = ["一二三", "一二三", "贰柒拾", "贰柒拾", "肆肆肆", "五六七", "八九十"]
    hand = hand_without(mixed_cases, "九")
    rules = get_rules("luzhou-b", special_sets="luzhou-a", b_mode="advanced")
    assert "double-ribbon" not in codes(analyse(hand, [], rules, win_card="九"))
    loose = rules.with_options(ribbon_case="each-pair")
    assert "double-ribbon" in codes(analyse(hand, [], loose, win_card="九"))
    # All four small needs all four 二; held together they would be a 龙, so the two 二七十 were eaten.
    eaten = [Meld.of("eat", "二七十"), Meld.of("eat", "二七十")]
    one_case = ["一二三", "一二三", "肆肆肆", "五六七", "捌玖拾"]
    strict = analyse(hand_without(one_case, "玖"), eaten, rules, win_card="玖")
    assert strict.win and "double-ribbon" in codes(strict)


def test_card_count_error_says_when_the_winning_card_was_written_into_the_hand():
    full = " ".join(TEN_EXACTLY)  # all 21 cards, winning 九 included
    error = handle({"command": "score", "rules": "luzhou-a", "hand": full, "win_card": "九"})["error"]
    assert error["code"] == "card-count" and "leave the winning card out" in error["en"] and "胡的那张" in error["zh"]
    short = hand_without(TEN_EXACTLY, "九")  # 20 cards and no winning card: one short of a complete hand
    error = handle({"command": "score", "rules": "luzhou-a", "hand": short})["error"]
    assert "give the winning card" in error["en"] and "给出胡的那张牌" in error["zh"]


def test_every_reachable_total_is_reported_for_score_tables_that_are_not_monotone():
    # Two fours (四, 陆), so one pair: 九九九 碰 (1) with 玖玖 as the pair makes 31; 九玖玖 (mixed, 0) with 九九 as
    # the pair makes 30. [001] pays 8 for exactly 30 but 5 for 31–39, so a Luzhou player would call the 30; the
    # engine's best split is by points (the contract), and ``totals`` lets the scoring pick.
    hand = "一一一 四四四四 陆陆陆陆 七七柒 捌捌捌 九九 玖玖"
    result = analyse(hand, [], "luzhou-a", win_card="九")
    assert result.points == 31 and result.totals == (31, 30)
    assert result.as_dict()["totals"] == [31, 30]
