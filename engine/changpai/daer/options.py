"""The one option system of the Da Er family: the points a tradition leaves open, and how a record changes them.

A tradition declares its options in its own module (``luzhou``, ``leshan``, ``wuchuan``) as an ``OptionSet``:
each ``OptionDef`` has the question, the choices in words, the tradition's default with its source and note,
why that default, and the sources weighed. The tradition builds its ``RuleSet`` and ``PlayRules`` from those
defaults (``OptionSet.defaults``), so a default is written once.

An option acts on the hand (``ON_HAND``: a text value of the ``RuleSet``) or on play (``IN_PLAY``: a ``Sourced`` of
the ``PlayRules``). One the shared machinery reads is a field of those types (``rules.kan_fourth_elsewhere``,
``play.pong_compulsory.value``); a tradition's own is kept by name in their ``settings`` and read with
``option(name)`` (``rules.option("kun_pair")``, ``play.option("cap")``), so the shared types name no tradition.
Records and requests never see the difference: ``apply`` takes ``options: {name: value}``, checks every name and
value (errors located at ``options.NAME``), and ``differences`` gives back what a record writes.

>>> from changpai.daer.traditions import get_play_rules, get_rules
>>> rules, play = apply(get_rules("leshan"), get_play_rules("leshan"), {"kun_pair": "excluded", "tianhe_fan": 2})
>>> rules.option("kun_pair"), play.option("tianhe_fan"), play.settings["tianhe_fan"].source
('excluded', 2, 'record')
>>> differences(rules, play, get_rules("leshan"), get_play_rules("leshan"))
{'kun_pair': 'excluded', 'tianhe_fan': 2}
>>> apply(get_rules("leshan"), play, {"tianhe_fan": 3})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
changpai.core.text.RuleError: options.tianhe_fan: option tianhe_fan cannot be “3” (use: 1, 2) / ...
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.frozen import replaced
from ..core.options import ANY_NUMBER, BY_RECORD, OptionDef, default_from, option
from ..core.sourced import Sourced
from ..core.text import RuleError, Text

if TYPE_CHECKING:
    from .playrules import PlayRules
    from .rules import RuleSet

ON_HAND, IN_PLAY = "hand", "play"
H = TypeVar("H", "RuleSet", "PlayRules")  # what holds option values


@dataclass(frozen=True, slots=True)
class OptionSet:
    """One tradition's options, in the order its pages list them (the hand's, then the play's)."""

    options: tuple[OptionDef, ...] = ()

    def __post_init__(self) -> None:
        names = [o.name for o in self.options]
        if len(set(names)) != len(names) or any(o.side not in (ON_HAND, IN_PLAY) for o in self.options):
            raise ValueError(f"options must have unique names and a side: {names}")

    def __iter__(self) -> Iterator[OptionDef]:
        return iter(self.options)

    def get(self, name: object) -> OptionDef | None:
        return next((o for o in self.options if o.name == name), None)

    def side(self, side: str) -> tuple[OptionDef, ...]:
        return tuple(o for o in self.options if o.side == side)

    def defaults(self, side: str, stored_as: type) -> tuple[dict[str, Any], Mapping[str, Any]]:
        """The defaults on ``side`` split for a constructor of ``stored_as`` (``RuleSet`` or ``PlayRules``): its
        fields (keyword arguments), and the rest as its ``settings``. Hand values are kept bare, play values
        as ``Sourced``."""
        known = {f.name for f in fields(stored_as)}
        values = {o.name: (o.default.value if side == ON_HAND else o.default) for o in self.side(side)}
        settings = {k: v for k, v in values.items() if k not in known}
        return {k: v for k, v in values.items() if k in known}, MappingProxyType(settings)


NO_OPTIONS = OptionSet()


def no_settings() -> Mapping[str, Any]:
    return MappingProxyType({})


def value_of(rules: RuleSet, play: PlayRules | None, option: OptionDef) -> Any:
    """The value of ``option`` in force (``play`` may be left out for a hand option)."""
    holder: Any = rules if option.side == ON_HAND else play
    held = holder.settings[option.name] if option.name in holder.settings else getattr(holder, option.name)
    return held if option.side == ON_HAND else held.value


def values(rules: RuleSet, play: PlayRules | None = None, side: str | None = None) -> dict[str, Any]:
    """Every option of the tradition (or of one side) with its value in force."""
    return {o.name: value_of(rules, play, o) for o in rules.declared if side in (None, o.side)}


def describe(rules: RuleSet, play: PlayRules | None = None, side: str | None = None) -> dict[str, dict[str, object]]:
    """Every option (of one ``side``, or all) explained, with its value in force, as JSON-able data."""
    return {o.name: o.as_dict(value_of(rules, play, o)) for o in rules.declared if side in (None, o.side)}


def _known(rules: RuleSet, key: object, sides: tuple[str, ...]) -> OptionDef:
    found = rules.declared.get(key)
    if found is None or found.side not in sides:
        known = ", ".join(o.name for o in rules.declared if o.side in sides) or "none"
        raise RuleError(
            Text(
                f"规则集 {rules.name} 没有选项“{key}”（可用：{known}）",
                f"rule set {rules.name} has no option “{key}” (known: {known})",
            ),
            code="unknown-option",
            where=f"options.{key}",
        )
    return found


def _store(holder: H, changes: Mapping[str, Any]) -> H:
    """``holder`` with ``changes`` set: its fields replaced, the rest in its ``settings``."""
    if not changes:
        return holder
    known = {f.name for f in fields(holder)}
    out = {k: v for k, v in changes.items() if k in known}
    rest = {k: v for k, v in changes.items() if k not in known}
    if rest:
        out["settings"] = MappingProxyType({**holder.settings, **rest})
    return replaced(holder, out)


def apply_hand(rules: RuleSet, overrides: Mapping[str, Any]) -> RuleSet:
    """``rules`` with some hand options changed (a hand-only request: ``score``, ``waits``, ``rules``)."""
    return _store(rules, {k: _known(rules, k, (ON_HAND,)).read(v) for k, v in overrides.items()})


def apply(rules: RuleSet, play: PlayRules, overrides: Mapping[str, Any] | None) -> tuple[RuleSet, PlayRules]:
    """A record's or a request's ``options``, checked and applied to the tradition's rules and play rules.

    A play value set this way is ``Sourced`` with the source ``"record"``; unknown names and values that are no
    choice raise ``RuleError`` at ``options.NAME``."""
    if not overrides:
        return rules, play
    hand: dict[str, Any] = {}
    played: dict[str, Any] = {}
    for key, value in overrides.items():
        found = _known(rules, key, (ON_HAND, IN_PLAY))
        if found.side == ON_HAND:
            hand[key] = found.read(value)
        else:
            played[key] = Sourced(found.read(value), "record", BY_RECORD)
    return _store(rules, hand), _store(play, played)


def differences(
    rules: RuleSet, play: PlayRules, base: RuleSet, base_play: PlayRules, side: str | None = None
) -> dict[str, Any]:
    """The options (of one ``side``, or all) whose values differ from the tradition's own: what a record writes."""
    mine, theirs = values(rules, play, side), values(base, base_play, side)
    return {name: value for name, value in mine.items() if value != theirs[name]}


# ---------------------------------------------------------------- options several traditions of the family share
# (each tradition lists the ones it has in its own OptionSet; ``defaulting`` gives it its own default)

_WIN_ON_PAIR_WHY = (
    "默认算碰：乐山把“对”来的牌算对子 [003]，泸州来源未说 [001][004]，务川只有“一百”的偷坎（自己翻的牌）例外 [000]",
    "Default pong: Leshan counts a set made by 对 as a pong [003]; the Luzhou sources are silent [001][004]; "
    "Wuchuan's only exception, 偷坎, belongs to 一百 and to one's own turned card [000]",
)
WIN_ON_PAIR = option(
    "win_on_pair",
    ON_HAND,
    (
        "最后进的那张牌（别人打出或翻出的）凑成手中一对：这三张算碰（对子、兑）还是算坎？",
        "When the winning card completes a pair in the hand, does the triple count as a pong or as held?",
    ),
    {
        "pong": ("算碰：牌是进来的", "as a pong: the card came from outside"),
        "kan": ("算坎：三张都在手里", "as a held triple: all three end up in the hand"),
    },
    default_from("pong", "[003]", _WIN_ON_PAIR_WHY),
    _WIN_ON_PAIR_WHY,
    ("[003]", "[001]", "[004]", "[000]"),
)

_KONG_IS_HELD_WHY = (
    "默认不算：两份资料都只说“没有坎（或壠）”，开招和招在计胡里也是与坎分开的一类 [000][004]",
    "Default no: both sources only say “no 坎 (or 壠)”, and both score 开招 / 招 as a kind apart from 坎 [000][004]",
)
KONG_IS_HELD = option(
    "kong_is_held",
    ON_HAND,
    (
        "坎上开招（招）以后，这手牌还算“有坎”吗？（关系到飘）",
        "After a 开招 / 招 onto a held triple, does the hand still “have a 坎”? (It decides 飘.)",
    ),
    {
        "no": ("不算：坎已经摆到桌上成了四张", "not any more: the triple went to the table as a four"),
        "yes": ("算：开招是从原手的坎来的", "still: the 开招 grew from a triple held since the deal"),
    },
    default_from("no", "[000]", _KONG_IS_HELD_WHY),
    _KONG_IS_HELD_WHY,
    ("[000]", "[004]"),
)

_KAN_FOURTH_WHY = (
    "各照来源：[001] 与 [000] 说有坎必须招（开招），默认不能；[004] 只说“可以招牌”，按词条的读法默认能",
    "Each follows its source: [001] and [000] make the 招 (开招) compulsory, so no; [004] only says one "
    "“may” 招, so by the encyclopedia entry yes",
)
KAN_FOURTH_ELSEWHERE = option(
    "kan_fourth_elsewhere",
    ON_HAND,
    (
        "手里有一坎，第四张来了：能不能留着坎，拿这张去和别的牌凑一组？",
        "With a 坎 in hand, may its fourth copy make another set while the 坎 stays whole?",
    ),
    {
        "false": ("不能：第四张只能招（开招）进坎里", "no: the fourth copy can only join its 坎 (招, 开招)"),
        "true": ("能：坎留着，这张另凑一组", "yes: the 坎 stays, the card makes another set"),
    },
    default_from("true", "[004]", _KAN_FOURTH_WHY),
    _KAN_FOURTH_WHY,
    ("[001]", "[004]", "[000]"),
)


# What most traditions call a point: 胡 / 胡子 [001] (Leshan says 和 [003]: ``leshan_options.POINT_WORD``); the rule
# set's default ``point_word`` (rules.py) and the shared options' word.
HU_POINTS = Text("胡", "points")


def declare_option(word: str) -> OptionDef:
    """Which reading a hand that splits two ways declares: shared, in the tradition's ``word`` for points (胡 / 和)."""
    return option(
        "declare",
        IN_PLAY,
        ("一手牌能拆成两种读法时，报哪一种？", "A hand that reads two ways: which reading is declared?"),
        {
            "best-pay": ("连番带名堂算下来给得最多的那种", "the one whose whole payment is biggest"),
            "most-points": (f"{word}数最多的那种", "the one with the most points"),
        },
        Sourced(
            "best-pay",
            "engine",
            Text(
                f"来源没有说一手牌能拆成两种读法（两个{word}数）时按哪种算；赢家自然会报给分多的那种"
                f"（如 [001] 的分表恰 30 胡得 8 分，31 胡只得 5 分），本站默认如此；也可以改为按{word}数最多的读法",
                "the sources do not say which reading counts when a hand splits two ways with different totals; the "
                "winner would announce the one that pays more ([001]'s table pays 8 for exactly 30 hu but 5 for 31), "
                "which this site assumes; the other choice scores the reading with the most points",
            ),
        ),
        ("来源都没有说；赢家自然报给分多的读法", "No source says; a winner would announce the reading that pays more"),
        ("engine",),
    )


DECLARE = declare_option(HU_POINTS.zh)  # (Luzhou's and Wuchuan's; Leshan's own: ``leshan_options``)

# ---- a sitting of several deals (``core.match``)


def dealer_after_no_win(why: tuple[str, str], sources: tuple[str, ...]) -> OptionDef:
    """Who deals after a deal nobody won, where the winner deals next: a tradition's source never says."""
    return option(
        "dealer_after_no_win",
        IN_PLAY,
        ("一盘没人胡，下一盘谁打庄？", "Nobody won the deal: who deals the next one?"),
        {"same": ("原庄家再打", "the same dealer again"), "next": ("下家接庄", "the next seat")},
        Sourced("same", "engine", Text(*why)),
        why,
        sources,
    )


def reseat_options(source: str) -> tuple[OptionDef, OptionDef]:
    """Changing seats during a sitting (``core.match.Reseat``): how often (0: never), and how people move.
    ``source``: the tradition's source that lets the table agree to it."""
    every = option(
        "reseat_every",
        IN_PLAY,
        ("连着打的时候换不换座位？隔几盘换？", "In a sitting, do the players change seats, and after how many deals?"),
        {"0": ("不换", "never"), ANY_NUMBER: ("每打满 N 盘换一次", "after every N deals")},
        Sourced(
            0,
            source,
            Text(
                f"{source} 允许大家事先商量，每过 20 盘挪一次位子；既然是商量的事，默认不挪，商量好了就设为 20",
                f"{source} says the table may agree to move seats once every 20 deals; it is an agreement, so by "
                "default nobody moves; set 20 to follow it",
            ),
        ),
        (
            f"{source}：可以约定，不是必须",
            f"{source}: the table may agree to it; it is not required",
        ),
        (source,),
    )
    how = option(
        "reseat_how",
        IN_PLAY,
        ("换座位时怎么换？", "When the seats change, how do people move?"),
        {
            "rotate": ("每人挪到下家的座位上", "everybody moves one seat on, to the next seat"),
            "draw": ("重新抽牌定座位", "the seats are drawn again"),
        },
        Sourced(
            "rotate",
            "engine",
            Text(
                f"{source} 没有说怎么搬：本站的读法是每人往下家挪一个座位，这样人人都换了邻座，也能从记录里核对",
                f"{source} does not say how people move: our reading is one seat on for everybody, so that each has "
                "new neighbours and a record can be checked",
            ),
        ),
        (
            f"{source} 没有说怎么换座位；本站默认各往下家挪一座",
            f"{source} does not say how the seats change; by default everybody moves one seat on",
        ),
        (source, "engine"),
    )
    return every, how
