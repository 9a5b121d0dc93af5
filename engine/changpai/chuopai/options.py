"""The points [002] leaves open in 戳牌, each a named option (``core.options.OptionDef``) with its default.

[002] gives the classes, the must-beat rule, the count of 15 and the two penalties in a few lines; the deck, the deal,
what a player who cannot beat does, and the amounts are not given. Each such point is an option below: its question,
its choices, the default with its source (``"engine"`` where the engine fills a silence), why, and the sources
weighed. ``ChuoRules`` holds the values in force; ``rules_from`` reads a request's or record's ``options``.

>>> rules_from({"copies": 5, "cannot_beat": "pass"}).copies
5
>>> rules_from({"copies": 6})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
changpai.core.text.RuleError: options.copies: option copies cannot be “6” (use: 4, 5) / ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..core.options import ANY_NUMBER, OptionDef, default_from, option
from ..core.text import RuleError, Text
from .cards import N_FACES

DEAL, PLAY, SCORE = "deal", "play", "score"  # which part of the game an option acts on
SRC = ("[002]",)


_PLAYERS_WHY = (
    "[002] 说戳牌是三人玩的；四人时一人轮流休息（本引擎让庄家对面的人休息），两人时对挖",
    "[002] calls it a three-player game; with four one rests in turn (the engine rests the dealer's opposite), "
    "two can play head to head",
)
PLAYERS = option(
    "players",
    DEAL,
    ("几个人玩？", "How many players?"),
    {
        "2": ("两人对挖", "two, head to head"),
        "3": ("三人：庄家对两个闲家", "three: the dealer against two allies"),
        "4": ("四人，一人休息（腰牌）", "four, one resting (腰牌)"),
    },
    default_from(3, "[002]", _PLAYERS_WHY),
    _PLAYERS_WHY,
    SRC,
)
_COPIES_WHY = (
    "[002] 没有说一副牌有几张；收藏者记录的四川长牌每种四张（21×4 = 84），也有每种五张的（105 张）"
    "——这是来源以外的说法（Anthony Lesq《Long cards 2: 川牌 Sichuan Cards》，2018）",
    "[002] gives no deck size; the Sichuan decks a collector describes have four of each face (21 × 4 = 84), some "
    "five (105): a description from outside our sources (Anthony Lesq, “Long cards 2: 川牌 Sichuan Cards”, 2018)",
)
COPIES = option(
    "copies",
    DEAL,
    ("每种牌几张？", "How many copies of each face?"),
    {"4": ("四张（84 张）", "four (84 cards)"), "5": ("五张（105 张）", "five (105 cards)")},
    default_from(4, "engine", _COPIES_WHY),
    _COPIES_WHY,
    SRC,
)
_HAND_WHY = (
    "[002] 没有说每人几张；默认随牌的多少：84 张时每人 28 张（全部分给三个玩牌的人），牌多了按比例"
    "（每人 28 × 总张数 ÷ 84 张，去掉零头：105 张每人 35 张），两人时余下的牌不用；也可以定每人 N 张",
    "[002] does not say how many each holds; by default it follows the deck: 28 each from 84 cards (all of them "
    "to the three who play), in proportion from a bigger deck (28 × cards ÷ 84, rounded down: 35 each from 105); "
    "with two the rest stays out; or N each",
)
HAND_SIZE = option(
    "hand_size",
    DEAL,
    ("每人发几张？", "How many cards does each player get?"),
    {
        "0": ("随牌的多少（84 张每人 28 张，牌多按比例）", "as the deck allows (28 from 84 cards, in proportion)"),
        ANY_NUMBER: ("每人 N 张", "N each"),
    },
    default_from(0, "engine", _HAND_WHY),
    _HAND_WHY,
    SRC,
)
_JOKERS_WHY = (
    "[002] 没有提到王牌；收藏者记录的一种 105 张的川牌另有两种王牌、每种五张，共 115 张（来源以外的说法，"
    "Anthony Lesq 2018）；默认不用王牌，用时两种王牌按一种算（本站不知道它们的分别）",
    "[002] names no jokers; a 105-card Sichuan deck a collector describes adds two kinds of joker, five of each, "
    "115 cards in all (outside our sources, Anthony Lesq 2018); by default no jokers; with them, the two kinds are "
    "one card to the engine (we do not know how they differ)",
)
JOKERS = option(
    "jokers",
    DEAL,
    ("加几张王牌？", "How many jokers are added?"),
    {
        "0": ("不加", "none"),
        ANY_NUMBER: ("N 张（0 到 10；收藏的那副是 10 张）", "N (0 to 10; the collected deck has 10)"),
    },
    default_from(0, "engine", _JOKERS_WHY),
    _JOKERS_WHY,
    SRC,
)
_JOKER_PLAY_WHY = (
    "王牌没有点子，不属于 [002] 的哪一门，来源里也没有它的打法；本站默认把它当硬张：不出，放在面前计数；"
    "另一种读法是最大的单张，比天牌还大，可以几张一起出，不进组合",
    "a joker has no pips and belongs to none of [002]'s classes, and no source says how it plays; by default the "
    "engine treats it as a 硬张: never played, laid in front and counted; the other reading makes it the highest "
    "card, above 天, played singly or several together, never in a combination",
)
JOKER_PLAY = option(
    "joker_play",
    PLAY,
    ("王牌怎么用？", "How does a joker play?"),
    {
        "hard": ("当硬张：不出，放在面前计数", "as a 硬张: never played, laid in front and counted"),
        "top": ("最大的单张，比天牌大，不进组合", "the highest card, above 天, never in a combination"),
    },
    default_from("hard", "engine", _JOKER_PLAY_WHY),
    _JOKER_PLAY_WHY,
    SRC,
)
_COUNT_OVER_WHY = (
    "[002] 说超过十五张才赢，说的是它那副牌；牌多了每人手里的牌也多，默认仍照 [002] 数十五张；另一种读法按每人"
    "的张数比例放大（15 × 每人张数 ÷ 28，四舍五入：每人 35 张时是 19 张）",
    "[002] says a win needs more than fifteen, for its own deck; a bigger deck puts more cards in each hand: by "
    "default the count is still [002]'s fifteen; the other reading scales it with the hand (15 × hand ÷ 28, "
    "rounded: 19 with 35 each)",
)
COUNT_OVER = option(
    "count_over",
    SCORE,
    ("牌多时几张算赢？", "With a bigger deck, what count wins?"),
    {
        "fifteen": ("仍是超过十五张", "still more than fifteen"),
        "in_proportion": ("按每人的张数比例放大", "scaled with the cards each holds"),
    },
    default_from("fifteen", "[002]", _COUNT_OVER_WHY),
    _COUNT_OVER_WHY,
    SRC,
)
_DEALER_WHY = ("[002] 说轮流做庄", "[002] says the deal passes round in turn")
NEXT_DEALER = option(
    "next_dealer",
    DEAL,
    ("下一盘谁做庄？", "Who deals next?"),
    {"rotate": ("下家接着做庄", "the next seat"), "winner": ("赢家做庄，黄牌不换", "the winner; on 黄牌 the same")},
    default_from("rotate", "[002]", _DEALER_WHY),
    _DEALER_WHY,
    SRC,
)
_CANNOT_WHY = (
    "[002] 没有说打不起的人怎么办；默认扣下同样张数的牌（盖住，不算），这样每轮每人出牌张数相同",
    "[002] does not say what a player who cannot beat does; by default they put down as many cards face down "
    "(covered, not counted), so every player spends the same number of cards each trick",
)
CANNOT_BEAT = option(
    "cannot_beat",
    PLAY,
    ("打不起时出什么？", "What does a player who cannot beat play?"),
    {"face_down": ("扣下同样张数的牌", "as many cards, face down"), "pass": ("不出牌", "nothing (a pass)")},
    default_from("face_down", "engine", _CANNOT_WHY),
    _CANNOT_WHY,
    SRC,
)
_GROUP_WHY = (
    "[002] 说中三、幺牌可以出单张或几张一样的；默认“一样”指同一种牌，另一种读法是同一类里任意几张（同类不分大小）",
    "[002] lets 中三 and 幺牌 go out singly or several alike; by default alike means the same face; the other reading "
    "is any cards of the one class (they are equal within it)",
)
GROUP_ALIKE = option(
    "group_alike",
    PLAY,
    ("几张一起出，要同一种牌吗？", "Must cards played together be the same face?"),
    {"face": ("同一种牌", "the same face"), "class": ("中三或幺牌里同一类即可", "any of one class (中三, 幺牌)")},
    default_from("face", "[002]", _GROUP_WHY),
    _GROUP_WHY,
    SRC,
)
_COMBO_WHY = (
    "[002] 只说组合牌要有正门牌、只能压张数相同的组合；默认一张正门牌配一张点子（两张），另一种读法是更多张",
    "[002] only says a combination holds a 正门 card and beats one of its own size; by default it is one 正门 card "
    "with one point card (two cards); the other reading allows more",
)
COMBINATION_SIZE = option(
    "combination_size",
    PLAY,
    ("组合牌可以多于两张吗？", "May a combination have more than two cards?"),
    {
        "two": ("只能两张", "two cards only"),
        "any": ("两张以上，至少一张正门牌和一张点子", "two or more, with both kinds"),
    },
    default_from("two", "engine", _COMBO_WHY),
    _COMBO_WHY,
    SRC,
)
_POINTS_WHY = (
    "[002] 规定单出的副牌只能由同色副牌打，但它自己的例子让天牌或五五打一张二三；默认照规定，例子是另一选项",
    "[002]'s rule lets only point cards of the same colour beat a point card played alone, yet its own example beats "
    "a led 二三 with 天 or 五五; the default follows the rule, the example is the other choice",
)
POINT_BEATERS = option(
    "point_beaters",
    PLAY,
    ("单出的副牌能被什么打？", "What beats a point card played alone?"),
    {
        "colour": ("只有同色更大的副牌", "only a higher point card of its colour"),
        "example": ("也可以用天地人和、中三（照 [002] 的例子）", "also 天地人和 and 中三 (as [002]'s example)"),
    },
    default_from("colour", "[002]", _POINTS_WHY),
    _POINTS_WHY,
    SRC,
)
_NOT_BEATING_WHY = (
    "[002]：能打不打就罚这个人，牌也不再打；另一种是引擎直接拒绝这一步（教学、机器对局用）",
    "[002]: a player who could beat and does not is fined and play stops; the other choice has the engine refuse "
    "the move (for lessons and the kiosk)",
)
NOT_BEATING = option(
    "not_beating",
    PLAY,
    ("能打不打怎么办？", "What happens when a player who can beat does not?"),
    {
        "penalised": ("罚：停止这盘，这人出钱", "罚: play stops, the offender pays"),
        "refused": ("拒绝这一步", "the move is refused"),
    },
    default_from("penalised", "[002]", _NOT_BEATING_WHY),
    _NOT_BEATING_WHY,
    SRC,
)
_HUANG_WHY = (
    "[002] 说面前十五张或手里只剩三张可以黄牌，十五张以上赢；默认打完再数：有人超过十五张就赢，没有就是黄牌；"
    "另一种读法是一到这两种情形就黄牌结束",
    "[002] lets a player with 15 in front, or with only 3 left in hand, call 黄牌, and more than 15 wins; by default "
    "the deal is played out and counted: over 15 wins, else 黄牌; the other reading ends the deal at once in "
    "either case",
)
HUANG = option(
    "huang",
    SCORE,
    ("什么时候黄牌？", "When is the deal 黄牌 (no result)?"),
    {
        "count_at_end": ("打完再数，没人超过十五张就黄牌", "played out; nobody over 15 means 黄牌"),
        "stop_early": (
            "有人正好十五张，或不到十五张而手里只剩三张，就黄牌结束",
            "at once when a player has exactly 15 in front, or under 15 with 3 in hand",
        ),
    },
    default_from("count_at_end", "engine", _HUANG_WHY),
    _HUANG_WHY,
    SRC,
)
_FAN_WHY = (
    "[002] 说番数和斗十四一样、用赢的张数翻番，但没有写出来；默认不翻，牌谱可以给出翻几番",
    "[002] says the 番 are those of 斗十四, doubling the cards won, but does not give them; by default none, and a "
    "record can set how many doublings",
)
FAN = option(
    "fan",
    SCORE,
    ("赢的张数翻几番？", "How many times are the cards won doubled (番)?"),
    {ANY_NUMBER: ("翻 N 番（0 到 10）", "N doublings (0 to 10)")},
    default_from(0, "engine", _FAN_WHY),
    _FAN_WHY,
    SRC,
)
_PAYERS_WHY = (
    "[002] 只说超过十五张每张赢一张，没说谁给；默认对方一边的每个人各给一份（两个闲家是一伙）",
    "[002] says each card over 15 wins one but not who pays; by default each player of the other side pays that "
    "much (the two allies are one side)",
)
PAYERS = option(
    "payers",
    SCORE,
    ("赢的张数由谁给？", "Who pays the cards won?"),
    {
        "other_side": ("对方一边每人一份", "each player of the other side"),
        "everyone": ("其他每个人", "every other player"),
    },
    default_from("other_side", "engine", _PAYERS_WHY),
    _PAYERS_WHY,
    SRC,
)
_FINE_WHY = (
    "[002] 说罚牌、包牌都要罚，没说罚多少；默认给对方一边每人 1 张，只是占位的数",
    "[002] fines both offences without an amount; by default 1 to each player of the other side, a placeholder",
)
FINE = option(
    "fine",
    SCORE,
    ("罚多少？", "How much is a fine?"),
    {ANY_NUMBER: ("给对方每人 N 张（0 到 1000）", "N to each player of the other side (0 to 1000)")},
    default_from(1, "engine", _FINE_WHY),
    _FINE_WHY,
    SRC,
)
_BAO_WHY = (
    "[002] 说牌不大却先出最大的牌想割牌、最后没割到就算包牌，也要罚；本引擎把“割”读作拿下这一轮，"
    "“最大的牌”读作手中最大的正门单张；默认罚款，另一种是他一人包下他这一边该给的钱",
    "[002] fines a player who, holding no big cards, leads the biggest to 割 and fails; the engine reads 割 as taking "
    "the trick and the biggest card as the highest 正门 single in hand; by default a fine, or he alone pays his "
    "side's bill",
)
BAO = option(
    "bao",
    SCORE,
    ("包牌怎么罚？", "How is 包牌 fined?"),
    {"fine": ("罚款", "the fine"), "side_bill": ("他一人给他这一边该给的钱", "he pays his whole side's bill")},
    default_from("fine", "engine", _BAO_WHY),
    _BAO_WHY,
    SRC,
)

OPTIONS: tuple[OptionDef, ...] = (
    PLAYERS,
    COPIES,
    HAND_SIZE,
    JOKERS,
    JOKER_PLAY,
    COUNT_OVER,
    NEXT_DEALER,
    CANNOT_BEAT,
    GROUP_ALIKE,
    COMBINATION_SIZE,
    POINT_BEATERS,
    NOT_BEATING,
    HUANG,
    FAN,
    PAYERS,
    FINE,
    BAO,
)
BY_NAME: dict[str, OptionDef] = {o.name: o for o in OPTIONS}
_BOUNDS = {"hand_size": (0, 115), "jokers": (0, 10), "fan": (0, 10), "fine": (0, 1000)}


@dataclass(frozen=True)
class ChuoRules:
    """The values in force for one deal (defaults: each option's). Its hash is worked out once (the plays' caches ask
    it at every lookup)."""

    players: int = PLAYERS.default.value
    copies: int = COPIES.default.value
    hand_size: int = HAND_SIZE.default.value
    jokers: int = JOKERS.default.value
    joker_play: str = JOKER_PLAY.default.value
    count_over: str = COUNT_OVER.default.value
    next_dealer: str = NEXT_DEALER.default.value
    cannot_beat: str = CANNOT_BEAT.default.value
    group_alike: str = GROUP_ALIKE.default.value
    combination_size: str = COMBINATION_SIZE.default.value
    point_beaters: str = POINT_BEATERS.default.value
    not_beating: str = NOT_BEATING.default.value
    huang: str = HUANG.default.value
    fan: int = FAN.default.value
    payers: str = PAYERS.default.value
    fine: int = FINE.default.value
    bao: str = BAO.default.value

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, f.name) for f in fields(self))))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    @property
    def deck_size(self) -> int:
        """How many cards the deck holds: 21 faces × ``copies``, and the jokers."""
        return N_FACES * self.copies + self.jokers

    def hand(self) -> int:
        """How many each player is dealt: ``hand_size``, or (0) 28 from 84 cards and in proportion from more.

        >>> ChuoRules().hand(), ChuoRules(copies=5).hand(), ChuoRules(copies=5, jokers=10).hand()
        (28, 35, 38)
        """
        return self.hand_size or 28 * self.deck_size // 84

    def win_over(self) -> int:
        """A seat wins with more cards in front than this: [002]'s fifteen, or (``count_over = in_proportion``)
        fifteen scaled with the hand, rounded half up.

        >>> ChuoRules(copies=5).win_over(), ChuoRules(copies=5, count_over="in_proportion").win_over()
        (15, 19)
        """
        if self.count_over == "fifteen":
            return 15
        return (15 * self.hand() * 2 + 28) // 56

    def differences(self) -> dict[str, object]:
        """The values that differ from the defaults (what a record writes)."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != BY_NAME[f.name].default.value
        }


def rules_from(options: Mapping[str, Any] | None) -> ChuoRules:
    """The rules for ``options`` (``{name: value}``); an unknown name or bad value is located at ``options.NAME``."""
    if options is None:
        return _one_of(ChuoRules())
    if not isinstance(options, Mapping):
        raise RuleError(Text("options 应是一个对象", "options must be an object"), code="bad-option", where="options")
    values: dict[str, Any] = {}
    for name, value in options.items():
        definition = BY_NAME.get(name) if isinstance(name, str) else None
        if definition is None:
            raise RuleError(
                Text(f"戳牌没有选项 {name}", f"戳牌 has no option {name} ({', '.join(BY_NAME)})"),
                code="unknown-option",
                where=f"options.{name}",
            )
        read = definition.read(value)
        low, high = _BOUNDS.get(name, (read, read))
        if isinstance(read, int) and not low <= read <= high:
            raise RuleError(
                Text(f"选项 {name} 应在 {low} 到 {high} 之间", f"option {name} must be from {low} to {high}"),
                code="bad-option",
                where=f"options.{name}",
            )
        values[name] = read
    return _one_of(ChuoRules(**values))


# Equal rules are one object: the plays' caches (``plays.shape``) key on the rules, and a key of the same object is
# found without comparing its seventeen fields (a new object per deal cost a sixth of a simulated deal).
_INTERNED: dict[ChuoRules, ChuoRules] = {}


def _one_of(rules: ChuoRules) -> ChuoRules:
    if len(_INTERNED) >= 256:  # (a long-running page trying many option sets: a bound, as for every cache)
        _INTERNED.clear()
    return _INTERNED.setdefault(rules, rules)


def describe(rules: ChuoRules | None = None) -> list[dict[str, object]]:
    """Every option as JSON, with the value in force."""
    rules = rules or ChuoRules()
    return [o.as_dict(getattr(rules, o.name)) for o in OPTIONS]
