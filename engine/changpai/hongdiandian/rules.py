"""The two named rule sets of 红点点 and the class (名堂) and 层 of a winning hand under each ([000]).

``wuchuan-hongdiandian-sicheng`` is 老四层, played east and north of the county seat; ``wuchuan-hongdiandian-huada``
is 花大, played around 涪洋, 城关, 丰乐 and 黄都 ([000]). Each is a frozen ``HddRules``: its class table (every 层
a ``Sourced`` value), the 32-point minimum, and the option values in force. ``classify`` gives the class of a hand
from its red-point total and its shape; where several classes fit, the one with the most 层 counts (an engine
choice: [000] does not rank them).

>>> rules = get_rules("wuchuan-hongdiandian-sicheng")
>>> c = classify(rules, 32, hua=False, badui=False)
>>> c.name.zh, c.layers.value
('中胡', 2)
>>> classify(get_rules("wuchuan-hongdiandian-huada"), 40, hua=True, badui=False).name.zh
'花龙子'
>>> classify(rules, 20, hua=False, badui=False) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from ..core.sourced import Sourced
from ..core.text import RuleError, Text
from .cards import PARTNERS_WITH_WILD, card_table
from .options import OPTIONS, read_options, readings_as_dict

SICHENG, HUADA = "wuchuan-hongdiandian-sicheng", "wuchuan-hongdiandian-huada"
S = "[000]"


@dataclass(frozen=True, slots=True)
class HandClass:
    """A class of winning hand: its key, its name in the tradition's words, its 层 and when it applies."""

    key: str
    name: Text
    layers: Sourced[int]
    when: Text

    def as_dict(self) -> dict[str, object]:
        return {
            "key": self.key,
            "name": self.name.as_dict(),
            "layers": self.layers.as_dict(),
            "when": self.when.as_dict(),
        }


def _cls(key: str, zh: str, en: str, layers: int, source: str, when: tuple[str, str], note: str = "") -> HandClass:
    note_text = Text(note or "见 [000]", note.replace("选项", "option") if note else "see [000]")
    return HandClass(key, Text(zh, en), Sourced(layers, source, note_text), Text(*when))


def _table(options: Mapping[str, Any], huada: bool) -> tuple[HandClass, ...]:
    xiaohu = OPTIONS["xiaohu_layers"]
    honglong = OPTIONS["honglongzi_layers"]
    src_x = xiaohu.default.source if options["xiaohu_layers"] == xiaohu.default.value else "record"
    src_h = honglong.default.source if options["honglongzi_layers"] == honglong.default.value else "record"
    common = (
        _cls("badui", "清胡（八对）", "all twins (八对)", 4, S, ("八对全是本身相靠", "all eight pairs are twins")),
        _cls("exact32", "中胡", "middle win, exactly 32", 2, S, ("正好 32 点", "exactly 32 points")),
        _cls("exact64", "正好六十四点", "exactly 64", 3, S, ("正好 64 点", "exactly 64 points")),
        _cls("exact84", "正好八十四点", "exactly 84", 4, S, ("正好 84 点", "exactly 84 points")),
    )
    sicheng = (
        _cls(
            "xiaohu",
            "小胡（棒胡）",
            "small win (棒胡)",
            options["xiaohu_layers"],
            src_x,
            ("33 到 63 点", "33 to 63 points"),
            "选项 xiaohu_layers",
        ),
        _cls(
            "honglongzi",
            "中胡（红龙子）",
            "red dragon (红龙子)",
            options["honglongzi_layers"],
            src_h,
            ("65 到 83 点", "65 to 83 points"),
            "选项 honglongzi_layers",
        ),
        _cls("tailongzi", "台龙子", "terrace dragon (台龙子)", 3, S, ("84 点以上", "over 84 points")),
    )
    if not huada:
        black: tuple[HandClass, ...] = (
            _cls("heilongzi", "黑胡（黑龙子）", "black win (黑龙子)", 3, S, ("10 点及以下", "10 points or fewer")),
        )
        return (*common, *sicheng, *black)
    black = (
        _cls("heishidian", "黑十点", "black ten", 4, S, ("黑胡正好 10 点", "a black hand of exactly 10")),
        _cls("heiyidian", "黑一点", "black one", 4, S, ("黑胡正好 1 点", "a black hand of exactly 1")),
        _cls("wulongzi", "乌龙子", "crow dragon (乌龙子)", 4, S, ("一点都没有", "no points at all")),
        _cls(
            "heilongzi",
            "黑龙子",
            "black dragon (黑龙子)",
            3,
            S,
            ("其余黑胡（10 点以下）", "other black hands (under 10)"),
        ),
    )
    hua = (
        _cls(
            "hualongzi",
            "花龙子",
            "flower dragon (花龙子)",
            3,
            S,
            ("花胡，64 点以下，不受基本油子限制", "花, under 64, no minimum"),
        ),
        _cls("huada", "花大", "great flower (花大)", 4, S, ("花胡，64 点以上", "花, over 64")),
    )
    other = sicheng if options["huada_other"] == "sicheng" else ()
    return (*common, *black, *hua, *other)


@dataclass(frozen=True, slots=True)
class HddRules:
    """One rule set of 红点点, frozen: its name, title, class table, minimum and option values."""

    name: str
    title: Text
    huada: bool
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType(read_options(None)))
    minimum: ClassVar[Sourced[int]] = Sourced(32, S, Text("基本油子", "the basic minimum (基本油子)"))
    black_at_most: ClassVar[Sourced[int]] = Sourced(10, S, Text("十点以下为黑胡", "10 or fewer is a black hand"))
    tianhu_layers: ClassVar[Sourced[int]] = Sourced(3, S, Text("花大：天胡三层（天作花）", "花大: 天胡 3 层"))
    dihu_layers: ClassVar[Sourced[int]] = Sourced(2, S, Text("花大：地胡两层（地作红）", "花大: 地胡 2 层"))
    four_players: ClassVar[Sourced[int]] = Sourced(4, S, Text("一般四人", "usually four"))
    five_players: ClassVar[Sourced[int]] = Sourced(
        5, S, Text("有些地方五家对局（变体）", "five in some places (a variant)")
    )
    short_cards: ClassVar[Sourced[int]] = Sourced(5, S, Text("五家对局时一家只拿五张", "five-handed, one holds five"))
    dealer_cards: ClassVar[Sourced[int]] = Sourced(16, S, Text("庄家十六张", "the dealer takes 16"))
    other_cards: ClassVar[Sourced[int]] = Sourced(15, S, Text("闲家十五张", "the others take 15"))
    overlap: ClassVar[Sourced[str]] = Sourced(
        "most-layers",
        "engine",
        Text("几种名堂都合时取层数最多的，[000] 未说", "several classes fit: the most 层 counts"),
    )

    @property
    def players(self) -> Sourced[int]:
        """Four, or five under the variant ``five_players`` ([000])."""
        return self.five_players if self.options["five_players"] else self.four_players

    def short_seat(self, dealer: int) -> int | None:
        """The seat that holds only five cards (five-handed; ``five_short_seat``), else ``None``."""
        if not self.options["five_players"]:
            return None
        step = -1 if self.options["five_short_seat"] == "before-dealer" else 1
        return (dealer + step) % self.players.value

    def hand_size(self, seat: int, dealer: int) -> int:
        """The cards ``seat`` is dealt: the dealer 16, the short seat 5 (five-handed), the others 15 ([000])."""
        if seat == dealer:
            return self.dealer_cards.value
        if seat == self.short_seat(dealer):
            return self.short_cards.value
        return self.other_cards.value

    @property
    def complete_sizes(self) -> tuple[int, ...]:
        """The sizes of a complete hand: 16, and 6 (the short seat's five and one) five-handed."""
        full = self.dealer_cards.value
        return (full, self.short_cards.value + 1) if self.options["five_players"] else (full,)

    @property
    def wild(self) -> bool:
        """Whether 大叁 is wild (the variant ``wild_dasan``, [000])."""
        return bool(self.options["wild_dasan"])

    @property
    def partners(self) -> tuple[frozenset[int], ...]:
        """Each kind's partners under these options (``cards.PARTNERS_WITH_WILD``)."""
        return PARTNERS_WITH_WILD[self.dae_jue, self.wild]

    @property
    def classes(self) -> tuple[HandClass, ...]:
        return _table(self.options, self.huada)

    def cls(self, key: str) -> HandClass:
        return next(c for c in self.classes if c.key == key)

    @property
    def dae_jue(self) -> bool:
        return bool(self.options["dae_reading"] == "jue")

    def with_options(self, values: Mapping[str, object] | None) -> HddRules:
        merged = {**self.options, **(values or {})}
        return HddRules(self.name, self.title, self.huada, MappingProxyType(read_options(merged)))

    def describe(self) -> dict[str, Any]:
        """The rule set in full, JSON-able, for the rules page and the ``rules`` command."""
        return {
            "name": self.name,
            "game": "hongdiandian",
            "title": self.title.as_dict(),
            "sources": [S],
            "minimum": self.minimum.as_dict(),
            "black_at_most": self.black_at_most.as_dict(),
            "deal": {k: getattr(self, k).as_dict() for k in ("players", "dealer_cards", "other_cards", "short_cards")},
            "special": {"tianhu": self.tianhu_layers.as_dict(), "dihu": self.dihu_layers.as_dict()}
            if self.huada
            else {},
            "overlap": self.overlap.as_dict(),
            "classes": [c.as_dict() for c in self.classes],
            "cards": card_table(dae_jue=self.dae_jue, wild=self.wild),
            "options": {name: o.as_dict(self.options[name]) for name, o in OPTIONS.items()},
            "variants": {name: readings_as_dict(name) for name in ("five_players", "wild_dasan")},
        }


RULESETS: dict[str, HddRules] = {
    SICHENG: HddRules(SICHENG, Text("务川红点点·老四层", "Wuchuan 红点点, 老四层 (four layers)"), huada=False),
    HUADA: HddRules(HUADA, Text("务川红点点·花大", "Wuchuan 红点点, 花大 (great flower)"), huada=True),
}


def is_hdd_rules(name: object) -> bool:
    return isinstance(name, str) and name in RULESETS


def get_rules(name: str, options: Mapping[str, object] | None = None) -> HddRules:
    rules = RULESETS.get(name)
    if rules is None:
        raise RuleError(
            Text(f"没有红点点规则“{name}”", f"no 红点点 rule set “{name}” (known: {', '.join(RULESETS)})"),
            code="unknown-rules",
            where="rules",
        )
    return rules.with_options(options) if options else rules


def _fitting(rules: HddRules, points: int, hua: bool, badui: bool) -> list[str]:
    keys: list[str] = []
    black = points <= rules.black_at_most.value
    if badui:
        keys.append("badui")
    keys += {32: ["exact32"], 64: ["exact64"], 84: ["exact84"]}.get(points, [])
    if rules.huada and hua:
        if points < 64 or (points == 64 and rules.options["hua_at_64"] == "hualongzi"):
            keys.append("hualongzi")
        else:
            keys.append("huada")
    if black and (rules.options["black_minimum"] == "exempt" or points >= rules.minimum.value):
        if not rules.huada:
            keys.append("heilongzi")
        else:
            keys.append({10: "heishidian", 1: "heiyidian", 0: "wulongzi"}.get(points, "heilongzi"))
    if not rules.huada or rules.options["huada_other"] == "sicheng":
        if 32 < points < 64:
            keys.append("xiaohu")
        elif 64 < points < 84:
            keys.append("honglongzi")
        elif points > 84:
            keys.append("tailongzi")
    return keys


def classify(rules: HddRules, points: int, *, hua: bool, badui: bool) -> HandClass | None:
    """The class of a complete hand (its pairs hold) with ``points`` red points; ``None``: no win (under the
    minimum, or a total the rule set leaves without a class)."""
    keys = _fitting(rules, points, hua, badui)
    if not keys:
        return None
    table = {c.key: c for c in rules.classes}
    return max((table[k] for k in keys), key=lambda c: c.layers.value)
