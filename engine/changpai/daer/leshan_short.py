"""Leshan's short deals from Muchuan [003] (``leshan``'s companion): 打八张 and 打十四张 as playable rule sets.

[003] sketches them in two lines. 打八张: four to eight players, eight cards each, the first player (头家) as a rule
takes no extra card, a turned card counts as the turner's discard and the turner may only 对 it (not eat it), and
one 和 is enough to win. 打十四张: fourteen cards each. Everything else is our reading, each point a named option
(``SHORT_OPTIONS``) or a value tagged ``engine``: a win is every card in sets as in the 20-card game, so three sets
with eight cards (3 × 3 = 8 + 1) and five with fourteen; the stock is whatever the deal leaves; the payments and
graded totals are the traditional ones ([003]'s 小和 … 台和), a total under ten 和 counting its own points, and a
win on a turned card in 打八张 paid by the turner as a discarder pays.

>>> from changpai.daer.traditions import get_rules, get_play_rules
>>> get_rules("leshan-bazhang").sets_in_win, get_play_rules("leshan-bazhang").dealer_cards.value
(3, 8)
>>> get_rules("leshan-shisi").sets_in_win, get_play_rules("leshan-shisi").dealer_cards.value
(5, 15)
"""

from __future__ import annotations

from dataclasses import replace

from ..core.options import OptionDef, default_from, option
from ..core.sourced import Sourced
from ..core.text import Text
from . import leshan
from .leshan_options import OPTIONS
from .options import IN_PLAY, ON_HAND, OptionSet
from .patterns import Grade
from .playrules import EAT_PREV_DISCARD_OR_TURN, EAT_PREV_NOT_OWN_TURN, PlayRules, _p
from .rules import RuleSet

_READING = ("本站的读法：[003] 只有一句话", "our reading: [003] gives one line")


def _low_total(question_default: str, source: str, why: tuple[str, str]) -> OptionDef:
    return option(
        "low_total",
        ON_HAND,
        ("不足 10 和的和牌怎么算？", "How is a win under 10 和 counted?"),
        {"points": ("按实有和数", "as its own points"), "ten": ("当小和，按 10", "as a small win, 10")},
        default_from(question_default, source, why),
        why,
        ("[003]",),
    )


_LOW_WHY = (
    "[003] 说有 1 和就能和，没说怎样算：默认按实有和数，10 和起照传统分级",
    "[003] lets 1 和 win but gives no count: the points themselves, graded as usual from 10 on",
)
_EAT_CHOICES = {
    EAT_PREV_NOT_OWN_TURN: (
        "翻牌算打字：上家打的、翻的都能吃，自己翻的只能对",
        "a turned card is a discard: no own eat",
    ),
    EAT_PREV_DISCARD_OR_TURN: ("同传统打法：自己翻的也能吃", "as traditional: one's own turned card too"),
}


def _short_options(cards: int, *, muchuan_eight: bool) -> OptionSet:
    """Leshan's options plus the points the sketch leaves open, with this deal size's defaults."""
    extra_card = option(
        "dealer_cards",
        IN_PLAY,
        ("头家当不当底（多拿一张）？", "Does the first player take an extra card (当底)?"),
        {str(cards): ("不当底", "no"), str(cards + 1): ("当底，多拿一张", "yes, one more")},
        _p(cards, "[003]", "头家一般不当底", "the first player as a rule takes no extra card")
        if muchuan_eight
        else _p(cards + 1, "engine", "同传统打法：头家当底", "as traditional: the first player takes one more"),
        ("[003] 说打八张头家一般不当底", "[003]: in 打八张 the first player as a rule does not")
        if muchuan_eight
        else ("[003] 只说每人 14 张，其余照传统打法", "[003] gives only the 14 cards; the rest as traditional"),
        ("[003]",),
    )
    eat = option(
        "eat_from",
        IN_PLAY,
        ("翻出的牌谁能吃？", "Who may eat a turned card?"),
        _EAT_CHOICES,
        _p(
            EAT_PREV_NOT_OWN_TURN,
            "[003]",
            "翻出的牌当作打出；翻牌人对它只许对、不许吃",
            "turned = discarded; turner may only 对",
        )
        if muchuan_eight
        else _p(EAT_PREV_DISCARD_OR_TURN, "engine", "同传统打法", "as traditional"),
        ("[003] 的打八张如此", "so in [003]'s 打八张") if muchuan_eight else _READING,
        ("[003]",),
    )
    minimum = option(
        "min_hu",
        IN_PLAY,
        ("至少几和才能和牌？", "How many 和 does a win need?"),
        {"1": ("1 和", "1"), "10": ("10 和（传统打法）", "10 (traditional)")},
        _p(1, "[003]", "各家有 1 和以上方能和牌", "a win needs 1 和 or more")
        if muchuan_eight
        else _p(10, "engine", "同传统打法：10 和", "as in the traditional game: 10 和"),
        ("[003] 的打八张如此", "so in [003]'s 打八张") if muchuan_eight else _READING,
        ("[003]",),
    )
    turned = OPTIONS.get("turned_win_payer")
    assert turned is not None
    if muchuan_eight:  # 翻牌算打字: a win on a turned card is paid like one on a discard
        turned = turned.defaulting(
            _p("turner", "[003]", "翻牌算打字：被和时翻牌的人像抬炮一样付", "turned = discarded: the turner pays")
        )
    low = _low_total("points", "engine", _LOW_WHY)
    kept = tuple(o for o in OPTIONS if o.name not in ("turned_win_payer",))
    return OptionSet((*kept[:4], low, *kept[4:], turned, extra_card, eat, minimum))


def _short_grade(points: int, rules: RuleSet) -> Grade | None:
    """[003]'s grades from 10 on; under 10 (a win needs only 1 和 in 打八张) the points themselves, or 10."""
    if points >= 10:
        return leshan.leshan_grade(points, rules)
    value = 10 if rules.option("low_total") == "ten" else points
    return Grade("low", Text("不足十和", "under ten"), value, "engine", Text(*_LOW_WHY))


_NOTES = {
    8: (
        Sourced(
            "deal",
            "[003]",
            Text(
                "四到八人，每人 8 张，头家一般不当底；翻出的牌算翻牌人打出的，他自己只能对不能吃；有 1 和就能和",
                "four to eight players, 8 cards each, the first player as a rule takes no extra card; a turned card "
                "counts as the turner's discard and he may only 对 it; 1 和 is enough to win",
            ),
        ),
        Sourced(
            "reading",
            "engine",
            Text(
                "本站的读法：和牌是所有的牌凑成三房（有滚子时另加一个桩子），发剩的牌都是牌堆；不足 10 和按实有和数算；"
                "和了别人翻出的牌，由翻牌人照抬炮的算法付",
                "our reading: a win is every card in three sets (plus a pair with a four-card set), the stock is "
                "what the deal leaves, a total under 10 counts as it is, and a win on a turned card is paid by the "
                "turner as a discarder pays",
            ),
        ),
    ),
    14: (
        Sourced("deal", "[003]", Text("每人拿 14 张", "14 cards each")),
        Sourced(
            "reading",
            "engine",
            Text(
                "本站的读法：和牌是凑成五房；三到五人，没有小家；头家当底、至少 10 和、吃牌和付法都照传统打法",
                "our reading: a win is five sets; three to five players, no 小家; the extra card for the first "
                "player, the 10 和 minimum, eating and payments as in the traditional game",
            ),
        ),
    ),
}


def _rule_set(name: str, title: Text, cards: int, options: OptionSet, minimum: int) -> RuleSet:
    hand, settings = options.defaults(ON_HAND, RuleSet)
    return replace(
        leshan.LESHAN,
        name=name,
        title=title,
        min_points=Sourced(minimum, "[003]", Text("有 1 和就能和", "a win needs 1 和"))
        if minimum == 1
        else Sourced(minimum, "engine", Text("同传统打法：10 和", "as in the traditional game: 10 和")),
        sets_in_win=(cards + 1) // 3,
        notes=_NOTES[cards],
        variant=replace(leshan.VARIANT, grade=_short_grade),
        declared=options,
        settings=settings,
        **hand,
    )


def _play(name: str, title: Text, cards: int, options: OptionSet, players: Sourced[object]) -> PlayRules:
    by_option, settings = options.defaults(IN_PLAY, PlayRules)
    return replace(
        leshan.PLAY,
        name=name,
        title=title,
        players=players,
        xiaojia_with_four=_p(False, "engine", "短局没有小家：人人拿满", "no 小家: all take full hands"),
        player_cards=_p(cards, "[003]", f"每人拿 {cards} 张", f"{cards} cards each"),
        settings=settings,
        **by_option,
    )


BAZHANG_OPTIONS = _short_options(8, muchuan_eight=True)
SHISI_OPTIONS = _short_options(14, muchuan_eight=False)
_T8 = Text("乐山贰柒拾·打八张（沐川）", "Leshan Er Qi Shi, eight cards (Muchuan)")
_T14 = Text("乐山贰柒拾·打十四张（沐川）", "Leshan Er Qi Shi, fourteen cards (Muchuan)")

BAZHANG = _rule_set("leshan-bazhang", _T8, 8, BAZHANG_OPTIONS, 1)
SHISI = _rule_set("leshan-shisi", _T14, 14, SHISI_OPTIONS, 10)
PLAY_BAZHANG = _play(
    "leshan-bazhang", _T8, 8, BAZHANG_OPTIONS, _p((4, 5, 6, 7, 8), "[003]", "4 至 8 人", "four to eight players")
)
PLAY_SHISI = _play(
    "leshan-shisi",
    _T14,
    14,
    SHISI_OPTIONS,
    _p((3, 4, 5), "engine", "[003] 未说几人：本站 3 至 5 人，没有小家", "[003] does not say: three to five, no 小家"),
)
BAOPAI = {p.name: leshan.BAOPAI[leshan.PLAY.name] for p in (PLAY_BAZHANG, PLAY_SHISI)}
