"""The points [000] leaves open for 红点点, as named options with their defaults.

Each is a ``changpai.core.options.OptionDef`` (the one option type of the engine): the question, the choices in
words, the default with its source, why that default, and the sources weighed. ``side`` says whether the option acts
on the hand's scoring (``ON_HAND``) or on play (``IN_PLAY``).

>>> OPTIONS["dae_reading"].default.value
'pairs'
>>> OPTIONS["xiaohu_layers"].read("2")
2
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.options import OptionDef
from ..core.sourced import Sourced
from ..core.text import RuleError, Text

ON_HAND, IN_PLAY = "hand", "play"


def _option(
    name: str,
    side: str,
    question: tuple[str, str],
    choices: Mapping[str, tuple[str, str]],
    default: object,
    source: str,
    why: tuple[str, str],
) -> OptionDef:
    return OptionDef(
        name,
        side,
        Text(*question),
        {k: Text(*t) for k, t in choices.items()},
        Sourced(default, source, Text(*why)),
        Text(*why),
        ("[000]",),
    )


_LAYER_CHOICES = {str(n): (f"{n} 层", f"{n} 层") for n in (1, 2, 3, 4)}

OPTIONS: dict[str, OptionDef] = {
    o.name: o
    for o in (
        _option(
            "dae_reading",
            ON_HAND,
            ("大贰是和牌的伴，还是绝牌？", "Is 大贰 a partner of 和牌, or a 绝牌?"),
            {
                "pairs": ("和牌（大陆）可靠大贰", "和牌 (大陆) pairs with 大贰"),
                "jue": ("大贰是绝牌，只靠大贰", "大贰 is a 绝牌 and pairs only with its twin"),
            },
            "pairs",
            "[000]",
            (
                "[000] 的相靠表明说大陆靠大贰，绝牌的名单又列了大贰；这里按相靠表。",
                "[000] pairs 大陆 with 大贰 and also lists 大贰 as a 绝牌; the pairing list is followed.",
            ),
        ),
        _option(
            "xiaohu_layers",
            ON_HAND,
            ("小胡（棒胡）算几层？", "How many 层 is a 小胡 (棒胡) worth?"),
            _LAYER_CHOICES,
            1,
            "engine",
            ("[000] 没说；小胡在中胡（两层）之下，取一层。", "[000] does not say; 小胡 ranks below 中胡 (2), so 1."),
        ),
        _option(
            "honglongzi_layers",
            ON_HAND,
            ("红龙子算几层？", "How many 层 is a 红龙子 worth?"),
            _LAYER_CHOICES,
            2,
            "engine",
            (
                "[000] 称红龙子为中胡，而正好三十二点的中胡算两层；取两层。",
                "[000] calls 红龙子 a 中胡, and the 中胡 of exactly 32 is 2 层: 2.",
            ),
        ),
        _option(
            "hua_at_64",
            ON_HAND,
            ("花胡正好六十四点，算花大还是花龙子？", "A 花胡 of exactly 64: 花大 or 花龙子?"),
            {"huada": ("花大，四层", "花大, 4 层"), "hualongzi": ("花龙子，三层", "花龙子, 3 层")},
            "huada",
            "engine",
            (
                "[000] 的“六十四点以下”与“六十四点以上”都可含 64；取较高的一档。",
                "[000]'s 'under 64' and 'over 64' can both include 64; the higher class is taken.",
            ),
        ),
        _option(
            "huada_other",
            ON_HAND,
            ("花大打法中，不花的牌其他点数怎样算？", "Under 花大, how do other totals of a hand that is not 花 count?"),
            {
                "sicheng": ("照老四层算（小胡、红龙子、台龙子）", "as under 老四层 (小胡, 红龙子, 台龙子)"),
                "none": ("不算胡", "they are no win"),
            },
            "sicheng",
            "engine",
            (
                "[000] 只给了 32、64、84 与黑胡；其余照老四层，免得大多数牌不能胡。",
                "[000] gives only 32, 64, 84 and the black hands; the rest follow 老四层, or most hands could not win.",
            ),
        ),
        _option(
            "black_minimum",
            ON_HAND,
            ("黑胡不到三十二点，算不算胡？", "Does a 黑胡 count although it is under the 32 minimum?"),
            {"exempt": ("算，黑胡不受基本油子限制", "yes: a 黑胡 is exempt"), "bound": ("不算", "no")},
            "exempt",
            "[000]",
            (
                "[000] 给黑胡定了层数，而黑胡至多十点，只能不受三十二点限制。",
                "[000] gives 黑胡 its 层, and a 黑胡 has at most 10 points, so it must be exempt.",
            ),
        ),
        _option(
            "double_kan",
            ON_HAND,
            ("两个坎并排相靠，要不要两坎的牌能相靠？", "Two 坎 side by side: must their cards pair with each other?"),
            {
                "any": ("任何两坎都可并排", "any two 坎 stand together"),
                "pairing": ("只有能相靠的两坎", "only 坎 whose cards pair"),
            },
            "any",
            "[000]",
            (
                "[000] 把两坎并排单独说出，当作相靠的例外。",
                "[000] names two 坎 side by side separately, as an exception to pairing.",
            ),
        ),
        _option(
            "black_kan",
            IN_PLAY,
            (
                "“黑胡不摆坎”：兑一对时黑胡可以不摆坎吗？",
                "'黑胡 lays no 坎': may a black hand 兑 onto a pair without a 坎?",
            ),
            {
                "while-black": (
                    "可以，只要手上点数还在黑胡之内；胡时要有一坎与它并排",
                    "yes, while its points stay black",
                ),
                "never": ("不可以，兑一对总要摆坎", "no: a 兑 onto a pair always lays a 坎"),
            },
            "while-black",
            "[000]",
            (
                "[000] 明说黑胡不摆坎；两坎并排才成一家，所以胡时手上仍要有一坎。",
                "[000] says 黑胡 lays none; two 坎 stand together, so a held 坎 must join it at the win.",
            ),
        ),
        _option(
            "jue_kan_exception",
            IN_PLAY,
            ("不吃绝牌后仍可打出它的“成坎”例外指什么？", "What is the 坎 exception to the uneaten-绝牌 rule?"),
            {
                "at-offer": (
                    "送来时手上已有一对（那张成坎）",
                    "the player held two when it was offered (it made a 坎)",
                ),
                "in-hand": ("打出时手上有坎", "the player holds a 坎 of it when discarding"),
            },
            "at-offer",
            "engine",
            (
                "吃只能成对；手上有两张时送来的绝牌成坎而不成对，所以不算“不吃”。",
                "Eating makes a pair only; with two held, the offered 绝牌 makes a 坎, not a pair: no refusal.",
            ),
        ),
        _option(
            "sicheng_tianhu",
            IN_PLAY,
            ("老四层有没有天胡？", "Does 老四层 have 天胡?"),
            {
                "hand": ("有，照手牌的点数算，受基本油子限制", "yes, counted as the hand is, minimum applies"),
                "none": ("没有", "no"),
            },
            "hand",
            "engine",
            (
                "[000] 只在花大里说天胡；老四层照常计点。",
                "[000] names 天胡 only under 花大; 老四层 counts the hand as usual.",
            ),
        ),
        _option(
            "five_players",
            IN_PLAY,
            ("五家对局，一家只拿五张？", "Five players, one holding five cards?"),
            {
                "false": ("否，四家", "no: four players"),
                "true": ("是，五家，一家只拿五张", "yes: five, one holds five"),
            },
            False,
            "[000]",
            (
                "[000] 说有些地方五家打，一家只拿五张，仍讲花胡；是变体，默认不用。",
                "[000] says some places play five-handed, one player holding five cards, with the 花胡 names "
                "still in use: a variant, off by default.",
            ),
        ),
        _option(
            "five_short_seat",
            IN_PLAY,
            ("五家对局时，哪一家只拿五张？", "Five-handed: which seat holds only five cards?"),
            {
                "before-dealer": (
                    "庄家的上家（每圈最后出手的一家）",
                    "the seat before the dealer, the last in each round",
                ),
                "after-dealer": ("庄家的下家", "the seat after the dealer"),
            },
            "before-dealer",
            "engine",
            (
                "[000] 没说是哪一家；取庄家的上家，这样庄家和前面三家的次序与四家对局一样。",
                "[000] does not say which seat; the seat before the dealer keeps the dealer and the three seats "
                "after it in the order of the four-handed game.",
            ),
        ),
        _option(
            "wild_dasan",
            ON_HAND,
            ("大叁（长二）作听用？", "大叁 (长二) as a wild card?"),
            {"false": ("否", "no"), "true": ("是，大叁靠什么作什么", "yes: 大叁 stands for the card it joins")},
            False,
            "[000]",
            (
                "[000] 说有些地方用长二（大叁）作听用，靠什么作什么，名堂多样；是变体，默认不用。",
                "[000] says some places play 长二 (大叁) as a wild card that counts as whatever it joins, with "
                "names of many kinds: a variant, off by default.",
            ),
        ),
    )
}

NOT_IMPLEMENTED: tuple[str, ...] = ()


def _reading(zh: str, en: str, why_zh: str, why_en: str) -> tuple[Text, Sourced[Text]]:
    return Text(zh, en), Sourced(Text(why_zh, why_en), "engine", Text(why_zh, why_en))


# What the engine reads into each variant where [000] stops: (the reading, its "engine" source with the why).
READINGS: dict[str, tuple[tuple[Text, Sourced[Text]], ...]] = {
    "five_players": (
        _reading(
            "发牌照四家的办法轮流一张张发，短的一家拿满五张就不再发；庄家 16 张，另三家 15 张，底牌剩 14 张。",
            "The cards go out one at a time round the table as in the four-handed game, the short seat "
            "stopping at five: the dealer 16, three others 15, a stock of 14.",
            "[000] 只给了张数。",
            "[000] gives only the counts.",
        ),
        _reading(
            "拿五张的一家照常轮流出手、吃、兑、胡；他的一手成牌是 6 张（三家），名堂和层数照同一张表算。",
            "The short seat plays in turn like the others (eat, 兑, win); its complete hand is 6 cards "
            "(three units), counted by the same table of classes and 层.",
            "[000] 说五家打时仍讲花胡，所以短手也用同一套名堂；花胡和黑胡本来就不受基本油子限制。",
            "[000] says the 花胡 names still hold five-handed, so the short hand keeps the same classes; 花 "
            "and black hands need no minimum anyway.",
        ),
    ),
    "wild_dasan": (
        _reading(
            "每张大叁可以当任何一张牌用，连它的红点也照那张牌算；几张大叁各当各的，取对这手牌最好的当法"
            "（层数最多，其次点数最多）。",
            "Each 大叁 may stand for any card, red points included; several 大叁 choose separately, and the "
            "best reading of the hand counts (most 层, then most points).",
            "听用就是可以当任何牌的牌；[000] 说它靠什么作什么，没说怎样取舍，取最好的，如同找最好的组法。",
            "A wild card stands for any card; [000] says it counts as what it joins and no more, so the best "
            "reading counts, as the split search takes the best split.",
        ),
        _reading(
            "大叁当的牌，手上已有四张也可以（它不是真的第五张）；大叁能配任何牌，所以不是绝牌，没有“绝牌必须吃”的限制。",
            "A 大叁 may stand for a card whose four copies are already held (it is no real fifth copy); it "
            "pairs with every card, so it is no 绝牌 and the must-eat rule does not bind it.",
            "[000] 没说；听用本来就不占那张牌的份。",
            "[000] is silent; a wild card takes no copy of the card it stands for.",
        ),
        _reading(
            "兑只用真的同样的牌：大叁不能当别的牌来兑，兑成的牌组里的大叁只算大叁。名堂照本规则的表，"
            "不另加听用的名堂。",
            "A 兑 takes real copies only: a 大叁 does not 兑 as another card, and a 大叁 in a 兑 counts as "
            "itself. The classes are the rule set's own, with no extra names for wild hands.",
            "[000] 说听用的名堂多种多样，却一个也没写出；兑是同样的牌相加，也没说听用能不能兑。",
            "[000] says the names of wild hands are many but gives none, and says nothing of a wild in a 兑.",
        ),
    ),
}


def readings_as_dict(name: str) -> list[dict[str, object]]:
    """The engine's readings of a variant, JSON-able (for the rules page and the ``rules`` command)."""
    return [
        {"reading": text.as_dict(), "source": why.source, "why": why.value.as_dict()}
        for text, why in READINGS.get(name, ())
    ]


def read_options(values: Mapping[str, object] | None) -> dict[str, Any]:
    """Every option's value: the defaults, changed by ``values`` (each name and value checked)."""
    out: dict[str, Any] = {name: option.default.value for name, option in OPTIONS.items()}
    for name, value in (values or {}).items():
        option = OPTIONS.get(name)
        if option is None:
            raise RuleError(
                Text(f"红点点没有选项 {name}", f"红点点 has no option {name} (known: {', '.join(OPTIONS)})"),
                code="bad-option",
                where=f"options.{name}",
            )
        out[name] = option.read(value)
    return out
