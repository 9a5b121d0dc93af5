"""Wuchuan 一百 (抠百) [000]: the 子 counted as they are made, the private draw with 偷坎 and 偷活龙, 机牌, the
classes of a win, 抄, and a sitting that ends the moment a seat reaches its target (daer/wuchuan_yibai*.py).

Fixed cases follow [000]'s own statements (built deals); property tests check the 子 of a picked-up hand, the
class of a win and the end of the race against small oracles written here; the last tests play whole sittings.
"""

from __future__ import annotations

import random
import re

import pytest
from changpai.core.match import MatchError
from changpai.daer.actions import Action, ActionType
from changpai.daer.analysis import analyse
from changpai.daer.deal import CLAIM
from changpai.daer.match import MatchRecord, play_bot_match, replay_match
from changpai.daer.record_steps import Step
from changpai.daer.samples import random_winning_sets
from changpai.daer.sets import SetKind
from changpai.daer.traditions import get_rules
from changpai.daer.wuchuan_yibai import YIBAI, YIBAI_POINTS, Score, class_factor, held_scores
from changpai.daer.wuchuan_yibai_score import DealScorer, Race
from changpai.decks.numerals import ALL_KINDS, DECK, Card, parse_cards
from dealkit import build
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

RULES = "wuchuan-yibai"
RED = (2, 7, 10)  # the engine's reading of Wuchuan's red cards (the rule set's own note says so)


class Table:
    """A built deal with its scorer: every action is played and scored as the sitting does."""

    def __init__(self, hands: dict[int, str], stock: str, options: dict | None = None, race: Race | None = None):
        self.deal = build(RULES, 3, hands, stock, options=options)
        self.race = race or Race.new(3, options)
        self.scorer = DealScorer(self.deal, self.race)
        self.scorer.pickup()

    def play(self, *actions: str) -> None:
        for text in actions:
            if text == "passes":  # everybody still deciding in the window passes
                while self.deal.phase == CLAIM:
                    self.play(f"{self.deal.to_move()[0]} pass")
                continue
            action = Action.parse(text)
            before = self.scorer.snapshot()
            self.deal.play(action)
            self.scorer.after(action, before)

    def legal(self) -> list[str]:
        return [str(a) for a in self.deal.legal_actions()]

    def made(self) -> list[tuple[int, int, str]]:
        return [(s.seat, s.points, s.code) for s in self.scorer.scores]


# ---------------------------------------------------------------- the pick-up


def held_oracle(hand: list[Card]) -> int:
    """[000]: held triples 6 (big) / 3 (small), held fours 12 / 9, counted from the cards."""
    total = 0
    for card in set(hand):
        n = hand.count(card)
        if n == 3:
            total += 6 if card.big else 3
        elif n == 4:
            total += 12 if card.big else 9
    return total


def test_a_picked_up_hand_scores_its_held_sets():
    scores = held_scores(YIBAI, parse_cards("贰贰贰三三三三一二"), 2)
    assert [(s.code, s.card, s.points, s.seat) for s in scores] == [
        ("held-long", Card(3), 9, 2),
        ("held-kan", Card(2, True), 6, 2),
    ]


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), size=st.integers(0, 21))
def test_the_pickup_scores_what_the_oracle_counts(seed, size):
    hand = random.Random(seed).sample(list(DECK), size)
    assert sum(s.points for s in held_scores(YIBAI, hand, 0)) == held_oracle(hand)


def test_the_pickup_is_scored_seat_by_seat_before_anything_is_played():
    table = Table({0: "壹壹壹", 1: "八八八八", 2: "拾拾拾"}, "")
    assert (1, 9, "held-long") in table.made() and (0, 6, "held-kan") in table.made()
    assert [seat for seat, _, _ in table.made()][:1] == [0]  # the dealer first, then in playing order
    assert all(s.step == 0 for s in table.scorer.scores)


# ---------------------------------------------------------------- 偷坎, 偷活龙, the private draw


def steal_table(**options: object) -> Table:
    """Seat B holds a pair of 叁; after the dealer's unclaimed 玖, B draws the third 叁 face down."""
    table = Table({0: "玖", 1: "叁叁"}, "叁玖玖玖", options or None)
    table.play("0 discard 玖", "passes")
    return table


def test_the_draw_is_private_and_a_pair_may_be_stolen_as_a_held_kan():
    table = steal_table()
    assert table.legal() == ["1 draw"]  # nobody sees the card first (不能仰转)
    table.play("1 draw")
    assert set(table.legal()) == {"1 show", "1 pong 叁"}  # only the drawer acts: nobody may win on it
    table.play("1 pong 叁")
    assert table.made()[-1] == (1, 6, "steal-kan")  # scored as a held 坎 (big 6), not as a 兑
    assert table.deal.seats[1].hand[Card(3, True).index] == 3  # kept with the held cards
    assert not table.deal.seats[1].laid


def test_a_stolen_card_turned_up_is_a_dui_instead():
    table = steal_table()
    table.play("1 draw", "1 show")
    assert table.deal.phase == CLAIM and "1 pass" not in table.legal()  # a 兑 now, compulsory as in 字牌
    table.play("1 pong 叁")
    assert table.made()[-1] == (1, 3, "dui")  # a black big 兑: 3


def test_the_fourth_card_onto_a_held_kan_is_stolen_as_a_huolong():
    table = Table({0: "玖", 1: "叁叁叁"}, "叁玖玖玖")
    table.play("0 discard 玖", "passes", "1 draw")
    assert "1 kong 叁" in table.legal()
    table.play("1 kong 叁")
    assert table.made()[-1] == (1, 12, "steal-long")  # as a held 活龙 (big 12)
    laid = table.deal.seats[1].laid[-1]
    assert laid.meld.kind is SetKind.FOUR and laid.how == "steal"


def test_option_four_on_kan_difference_scores_only_the_rise():
    table = Table({0: "玖", 1: "叁叁叁"}, "叁玖玖玖", {"yibai_four_on_kan": "difference"})
    table.play("0 discard 玖", "passes", "1 draw", "1 kong 叁")
    assert table.made()[-1] == (1, 12 - 6, "steal-long")


# ---------------------------------------------------------------- 兑 and 机牌


def ji_table(**options: object) -> Table:
    """B 兑s the dealer's 叁; two unclaimed draws later B draws the fourth 叁."""
    table = Table({0: "叁玖陆", 1: "叁叁捌柒", 2: "陆柒"}, "陆柒叁陆柒玖玖捌捌", options or None)
    table.play("0 discard 叁", "1 pong 叁", "1 discard 捌", "passes")
    table.play("2 draw", "2 show", "passes", "0 draw", "0 show", "passes", "1 draw")
    return table


def test_a_dui_scores_when_it_is_made():
    table = ji_table()
    assert (1, 3, "dui") in table.made()


def test_the_fourth_copy_of_ones_dui_is_a_jipai_and_must_be_taken():
    table = ji_table()
    assert table.legal() == ["1 show"]  # it cannot be stolen: it must be shown, so others may win on it
    table.play("1 show")
    assert "1 kong 叁" in table.legal() and "1 pass" not in table.legal()  # not taking it is 包牌
    refused = table.deal.broken_rule(Action(ActionType.PASS, 1))
    assert refused is not None and refused.code == "must-kong"
    table.play("1 kong 叁")
    assert table.made()[-1] == (1, YIBAI_POINTS["ji-big"].value, "ji")
    assert table.deal.seats[1].laid[0].how == "ji" and len(table.deal.seats[1].laid[0].meld.cards) == 4


def test_ji_points_are_big_nine_small_six():
    assert (YIBAI_POINTS["ji-big"].value, YIBAI_POINTS["ji-small"].value) == (9, 6)


WINNING_B = "叁叁捌肆伍壹壹壹贰柒拾一二三四五六七八九"  # after 兑 叁 and discarding 捌, B waits on 叁 (or 陆)


@pytest.mark.parametrize("how", ["drawn", "shown"])
def test_a_jipai_scores_before_the_win_on_it(how):
    """[000]: a player who wins on its own 机牌 scores the 机牌 first, then the win."""
    table = Table({0: "叁玖陆", 1: WINNING_B, 2: "陆柒"}, "陆柒叁陆柒玖玖捌捌")
    table.play("0 discard 叁", "1 pong 叁", "1 discard 捌", "passes")
    table.play("2 draw", "2 show", "passes", "0 draw", "0 show", "passes", "1 draw")
    if how == "shown":
        table.play("1 show")
    assert "1 win 叁" in table.legal()
    table.play("1 win 叁")
    assert [(seat, code) for seat, _, code in table.made()][-2:] == [(1, "ji"), (1, "win")]
    # 壹壹壹 6 + 贰柒拾 6 + 一二三 3 + 兑叁 3 = 18 hu, a held 坎 and five red cards: a small win, not raised
    assert table.made()[-1] == (1, 18, "win")


WINNING_C = "肆伍壹壹壹贰柒拾一二三四五六七八九玖玖玖"  # ready on 叁 (or 陆) from the deal


def test_a_jipai_someone_else_wins_on_is_void():
    table = Table({0: "叁玖", 1: "叁叁捌", 2: WINNING_C}, "捌捌叁捌")
    table.play("0 discard 叁", "1 pong 叁", "1 discard 捌", "passes")
    table.play("2 draw", "2 show", "passes", "0 draw", "0 show", "passes", "1 draw", "1 show")
    assert {"2 win 叁", "1 kong 叁"} <= set(table.legal())
    table.play("2 win 叁")  # the win ranks above B's 机牌, which is then no 机牌 at all
    assert [c for seat, _, c in table.made() if seat == 1] == ["dui"]
    # 壹壹壹 6 + 玖玖玖 6 + 贰柒拾 6 + 一二三 3 = 21: a 台胡 in 字牌, but in 一百 a 台胡 needs 24 — small, not doubled
    assert table.made()[-1] == (2, 21, "win")
    assert table.deal.win is not None and table.deal.win.result.win_class == "small"


# ---------------------------------------------------------------- the win


def class_oracle(sets, has_held: bool, points: int, exactly_33: bool = False) -> str:
    """[000]'s 一百: big only for 33 hu, 黑胡, 红飘, 红台; middle for 台胡 (24 and over), 红胡, 飘胡; else small."""
    red = sum(1 for s in sets for c in s.meld.cards if c.number in RED)
    big_33 = points == 33 if exactly_33 else points >= 33
    if big_33 or red == 0 or (red >= 10 and (not has_held or points >= 18)):
        return "big"
    if (red < 10 and points >= 24) or (red >= 10 and has_held) or not has_held:
        return "middle"
    return "small"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), exactly=st.booleans())
def test_the_class_of_a_win_follows_the_oracle(seed, exactly):
    rng = random.Random(seed)
    sets = random_winning_sets(rng, fours=0)
    if sets is None:
        return
    cards = [ALL_KINDS[i] for s in sets for i in s]
    if any(cards.count(c) == 4 for c in cards):
        return  # four alike would be read as a held four (a pair needed): not a hand of seven triples
    win_card = cards.pop(rng.randrange(len(cards)))
    rules = get_rules(RULES, yibai_big_33="exactly") if exactly else get_rules(RULES)
    result = analyse(cards, [], rules, win_card=win_card, source="discard")
    if not result.win:
        return
    held = any(s.meld.kind in (SetKind.KAN, SetKind.FOUR) for s in result.sets)
    assert result.win_class == class_oracle(result.sets, held, result.points, exactly)


def test_the_factors_of_the_classes():
    from changpai.daer.traditions import get_play_rules

    play_rules = get_play_rules(RULES)  # (the factor of a big win is a play option)
    assert get_rules(RULES) is YIBAI
    assert class_factor(play_rules, "small", ()) == ("small", 1)
    assert class_factor(play_rules, "middle", ()) == ("middle", 2)  # 中胡翻一番
    assert class_factor(play_rules, "big", ()) == ("big", 8)  # 翻三番, read as three doublings (an option)
    assert class_factor(play_rules, "big", ("heaven",)) == ("heaven", 1)  # 天地胡不加番
    assert class_factor(play_rules, "middle", ("earth",)) == ("earth", 1)


def test_a_tai_win_needs_24_in_yibai():
    from changpai.daer.wuchuan_yibai import YIBAI_PATTERNS

    tai = next(p for p in YIBAI_PATTERNS if p.code == "yibai-tai")
    assert "24" in tai.condition.zh and YIBAI_POINTS["tai-min"].value == 24


# ---------------------------------------------------------------- the race and 抄


@settings(max_examples=200, deadline=None)
@given(
    scores=st.lists(st.tuples(st.integers(0, 2), st.integers(0, 40)), max_size=40),
    target=st.integers(1, 150),
)
def test_the_race_stops_at_the_first_score_that_reaches_the_target(scores, target):
    race = Race.new(3, {"yibai_target": target})
    counted = [race.add(Score(k, seat, points, "dui")) for k, (seat, points) in enumerate(scores)]
    totals, winner, first = [0, 0, 0], None, None  # the oracle: add until someone has the target
    for k, (seat, points) in enumerate(scores):
        totals[seat] += points
        if totals[seat] >= target:
            winner, first = seat, k
            break
    assert race.winner == winner
    assert race.totals == totals
    assert counted == [first is None or k <= first for k in range(len(scores))]


def test_chao_keeps_two_and_raises_the_target():
    race = Race.new(3)
    race.add(Score(0, 1, 80, "win"))
    score = race.chao(3, 1)
    assert (score.points, race.totals[1], race.targets[1]) == (-78, 2, 120)
    race.add(Score(5, 1, 105, "win"))
    assert race.winner is None  # 107 of 120
    race.chao(6, 1)
    assert race.targets[1] == 120  # a second 抄: the target stays (option yibai_chao_again)
    rising = Race.new(3, {"yibai_chao_again": "rise"})
    rising.chao(1, 0)
    rising.chao(2, 0)
    assert rising.targets[0] == 140


def test_a_violation_in_a_deal_is_chao_for_the_violator():
    table = steal_table()
    table.race.totals[1] = 50
    table.play("1 draw", "1 show")
    action = Action.parse("1 pass")  # not making the compulsory 兑: 包牌, committed on purpose
    before = table.scorer.snapshot()
    table.deal.play(action, violation="must-pong")
    table.scorer.after(action, before)
    assert table.made()[-1] == (1, 2 - 50, "chao")
    assert table.race.totals[1] == 2 and table.race.targets[1] == 120


def test_two_seats_reaching_the_target_at_the_pickup():
    hands = {0: "壹壹壹", 1: "贰贰贰", 2: "拾拾拾"}
    first = Table(hands, "", {"yibai_target": 6})
    assert first.race.winner == 0 and len(first.scorer.scores) == 1  # in order from the dealer: 甲's 坎 first
    race = Race.new(3, {"yibai_target": 6, "yibai_tie": "higher"})
    race.totals = [0, 3, 0]
    higher = Table(hands, "", {"yibai_target": 6, "yibai_tie": "higher"}, race)
    assert higher.race.winner == 1  # the higher count wins: 乙 has 9


# ---------------------------------------------------------------- whole sittings


@pytest.mark.parametrize("options", [None, {"yibai_target": 30}, {"yibai_big_factor": 3, "yibai_win_counts": "rest"}])
def test_simulated_sittings_keep_their_invariants(options):
    for seed in range(6):
        match, record = play_bot_match(RULES, seed=seed * 7919, options=options)
        target = (options or {}).get("yibai_target", 100)
        all_scores = [s for n in sorted(record.scores) for s in record.scores[n]]
        # the ledger is the sum of the scores, seat by seat
        sums = [sum(s["points"] for s in all_scores if s["seat"] == seat) for seat in range(3)]
        assert list(match.ledger.totals) == sums == list(record.deals[-1][2])
        # the sitting stops at the first score that reaches a target, and only there
        running = [0, 0, 0]
        targets = [target] * 3
        for k, s in enumerate(all_scores):
            running[s["seat"]] += s["points"]
            if s["for"] == "chao":
                targets[s["seat"]] = 120
            reached = running[s["seat"]] >= targets[s["seat"]]
            assert reached == (k == len(all_scores) - 1), (seed, k)
        # every deal but the last one finished; cards are conserved; record → replay gives the same
        deals, ledger = replay_match(MatchRecord.from_data(record.to_data()))
        assert all(d.card_total() == 80 for d in deals)
        assert all(d.over for d in deals[:-1])
        assert not any(a.type == ActionType.TURN for d in deals for a in d.history)  # every draw is private
        assert ledger.totals == match.ledger.totals
        assert MatchRecord.from_data(record.to_data()).to_data() == record.to_data()


def short_sitting() -> MatchRecord:
    """A sitting to 30 whose last deal ends in the middle (searched over a few seeds)."""
    for seed in range(50):
        _, record = play_bot_match(RULES, seed=seed, options={"yibai_target": 30})
        last = record.deals[-1][1]
        if len(record.deals) >= 2 and last.steps and not replay_match(record)[0][-1].over:
            return record
    raise AssertionError("no sitting ending mid-deal among the seeds")


def _error(record: MatchRecord) -> MatchError:
    with pytest.raises(MatchError) as caught:
        replay_match(MatchRecord.from_data(record.to_data()))
    error = caught.value
    assert error.text.zh and error.text.en and error.text.zh != error.text.en  # bilingual
    return error


def test_replay_refuses_a_score_that_was_not_made():
    record = short_sitting()
    record.scores[0][0]["points"] += 1
    error = _error(record)
    assert error.code == "match-score" and error.where == "deals[0].scores[0]"
    record = short_sitting()
    record.scores[0].append({"step": 1, "seat": 0, "points": 3, "for": "dui"})
    assert _error(record).code == "match-score"


def test_replay_refuses_a_deal_after_the_target_was_reached():
    record = short_sitting()
    record.deals.append(record.deals[-1])
    error = _error(record)
    assert error.code == "match-over" and error.where == f"deals[{len(record.deals) - 1}]"


def test_replay_refuses_a_step_after_the_target_was_reached():
    record = short_sitting()
    deals, _ = replay_match(record)
    from changpai.bots.daer import make_players, next_action

    last = deals[-1]
    action = next_action(last, make_players(last, random.Random(0)))
    assert action is not None
    record.deals[-1][1].steps.append(Step(do=str(action)))
    error = _error(record)
    assert error.code == "match-over" and "step" in (error.where or "")


def test_replay_refuses_wrong_totals_and_a_wrong_dealer():
    record = short_sitting()
    shuffler, deal, totals = record.deals[0]
    record.deals[0] = (shuffler, deal, (totals[0] + 1, *totals[1:]))
    assert _error(record).where == "deals[0].totals"
    record = short_sitting()
    shuffler, deal, totals = record.deals[1]
    record.deals[1] = ((shuffler + 1) % 3, deal, totals)
    assert _error(record).code == "match-seating"


def test_yibai_is_played_by_three():
    with pytest.raises(MatchError):
        play_bot_match(RULES, 4)


def test_the_tutorial_deal_states_the_points_the_engine_scores():
    """tutorials/deals/yibai-toukan-jipai.yml: every "得 N 子" its notes state is a score made at that step."""
    from pathlib import Path

    from changpai import yamlfile
    from changpai.daer.record import DealRecord

    path = Path(__file__).resolve().parents[2] / "tutorials" / "deals" / "yibai-toukan-jipai.yml"
    record = DealRecord.from_data(yamlfile.read(path))
    deal = record.new_deal()
    scorer = DealScorer(deal, Race.new(3))
    scorer.pickup()
    stated = re.compile(r"得 (\d+) 子")
    assert [int(n) for n in stated.findall(record.intro.zh)] == [s.points for s in scorer.scores]
    checked = 0
    for step in record.steps:
        if step.question is not None:
            continue
        action = Action.parse(step.do)
        before, made = scorer.snapshot(), len(scorer.scores)
        deal.play(action)
        scorer.after(action, before)
        said = [int(n) for n in stated.findall(step.note.zh)] if step.note else []
        assert said == [s.points for s in scorer.scores[made:]], step.do
        checked += len(said)
    assert checked == 4 and deal.over and scorer.race.totals == [0, 36, 6]
