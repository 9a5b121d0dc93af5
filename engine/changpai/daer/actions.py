"""Actions of play in the Da Er family, written and read as one short line.

An action is a small frozen value that prints itself in a form a person can type and that
parses back (like a chess move in UCI): ``"1 pong 七"``, ``"2 eat 四 with 五六 bi 三四五"``,
``"0 discard 贰"``, ``"1 turn"``, ``"3 win 十"``. The seat comes first (0 = the first seat in
playing order), then the verb (English, or the Chinese word players say), then cards.

>>> Action.parse("2 吃 四 with 五六")
Action.parse('2 eat 四 with 五六')
>>> str(Action.parse("1 碰 七"))
'1 pong 七'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..core.text import RuleError, Text
from ..decks.numerals import Card, format_cards, parse_cards


class ActionType(StrEnum):
    """What a seat does. Priority among claims on one card: WIN > KONG > PONG > EAT."""

    # hashed as its value, in C (an Enum hashes its name in Python): it equals its value, and it keys the hot
    # paths' tables
    __hash__ = str.__hash__

    DISCARD = "discard"  # 打 / 出: a card from the hand, face up
    TURN = "turn"  # 翻 / 摸: turn up the top stock card
    DRAW = "draw"  # 小家 draws a stock card privately [003]
    SHOW = "show"  # 小家 turns its drawn card face up instead of keeping it [003]
    PASS = "pass"  # 过: decline every claim on the exposed card
    PONG = "pong"  # 碰 / 对 / 兑
    KONG = "kong"  # 招 / 开 / 开招
    EAT = "eat"  # 吃, with the 比/摆 sets it requires
    FOUR = "four"  # 龙 / 滚 / 活龙: lay a held four on the table
    WIN = "win"  # 胡 / 和

    @property
    def label(self) -> Text:
        return ACTION_LABELS[self]


# ``ActionType``'s members as names of this module (``actions.PASS``), for the hot paths: in CPython 3.11 every read
# of an enum class's attribute goes through the hook ``EnumType.__getattr__`` installs (about a thousand instructions;
# 3.12 has no such hook), where a module's attribute is read on a fast path.
DISCARD, TURN, DRAW, SHOW, PASS = ActionType.DISCARD, ActionType.TURN, ActionType.DRAW, ActionType.SHOW, ActionType.PASS
PONG, KONG, EAT, FOUR, WIN = ActionType.PONG, ActionType.KONG, ActionType.EAT, ActionType.FOUR, ActionType.WIN


ACTION_LABELS: dict[ActionType, Text] = {
    ActionType.DISCARD: Text("打出", "discard"),
    ActionType.TURN: Text("翻出", "turn up"),
    ActionType.DRAW: Text("摸牌", "draw"),
    ActionType.SHOW: Text("亮出摸到的牌", "show the drawn card"),
    ActionType.PASS: Text("过", "pass"),
    ActionType.PONG: Text("碰", "pong"),
    ActionType.KONG: Text("招", "kong"),
    ActionType.EAT: Text("吃", "eat"),
    ActionType.FOUR: Text("亮龙", "lay out a held four"),
    ActionType.WIN: Text("胡", "win"),
}


# The words each tradition uses for what is not a set (the sets' own names live in ``RuleSet.native_name``,
# their one home; ``native_words`` derives the claim verbs from them). Rules digest §2.
def action_words(
    win: str, bi: str, ready: str, discarder: str, source: str, silent: str = ""
) -> dict[str, tuple[str, str]]:
    """(word, source) for each key; the keys in ``silent`` are the engine's choice where the source names none."""
    words = {"win": win, "bi": bi, "ready": ready, "discarder": discarder}
    return {key: (word, "engine" if key in silent.split() else source) for key, word in words.items()}


_WORDS_CACHE: dict[str, dict[str, Text]] = {}


def _short(name: str, keep_parenthesis: bool = False) -> str:
    """``滚子（开）`` → ``滚子`` (or ``开`` with ``keep_parenthesis``); ``对子`` → ``对``."""
    if "（" in name:
        head, _, tail = name.partition("（")
        return tail.rstrip("）") if keep_parenthesis else head
    return name


def native_words(rules: Any) -> dict[str, Text]:
    """A tradition's words for actions and events: ``pong`` 碰/对/兑, ``kong`` 招/开/开招, ``four`` 龙/壠/滚子/
    活龙 (from ``rules.native_name``), ``win`` 胡/和, ``bi`` 比/摆/妥, ``ready`` 叫牌/下叫, ``discarder`` 放炮/抬炮.
    Each is ``Text(native, English gloss)``."""
    found = _WORDS_CACHE.get(rules.name)
    if found is not None:
        return found
    from .sets import SetKind

    pong = rules.native_name(SetKind.PONG).zh
    pong = pong[:-1] if pong.endswith("子") and len(pong) == 2 else pong  # 对子 (the set) → 对 (the call) [003]
    kong = rules.native_name(SetKind.KONG).zh
    kong = _short(kong, keep_parenthesis="（" in kong)  # 滚子（开）: the call is 开 [003]
    four = _short(rules.native_name(SetKind.FOUR).zh)
    other = rules.variant.words
    gloss = {"win": "win", "bi": "lay out the held copy", "ready": "ready", "discarder": "the discarder"}
    words = {"pong": Text(pong, "pong"), "kong": Text(kong, "kong"), "four": Text(four, "held four")}
    words.update({key: Text(zh, gloss[key]) for key, (zh, _src) in other.items()})
    _WORDS_CACHE[rules.name] = words
    return words


CLAIM_PRIORITY: dict[ActionType, int] = {ActionType.WIN: 4, ActionType.KONG: 3, ActionType.PONG: 2, ActionType.EAT: 1}

VERBS: dict[str, ActionType] = {t.value: t for t in ActionType}
VERBS.update(
    {
        "打": ActionType.DISCARD,
        "出": ActionType.DISCARD,
        "翻": ActionType.TURN,
        "摸": ActionType.DRAW,
        "亮": ActionType.SHOW,
        "过": ActionType.PASS,
        "過": ActionType.PASS,
        "碰": ActionType.PONG,
        "对": ActionType.PONG,
        "對": ActionType.PONG,
        "兑": ActionType.PONG,
        "开招": ActionType.KONG,
        "活龙": ActionType.FOUR,
        "滚子": ActionType.FOUR,
        "招": ActionType.KONG,
        "开": ActionType.KONG,
        "開": ActionType.KONG,
        "吃": ActionType.EAT,
        "龙": ActionType.FOUR,
        "龍": ActionType.FOUR,
        "壠": ActionType.FOUR,
        "滚": ActionType.FOUR,
        "滾": ActionType.FOUR,
        "胡": ActionType.WIN,
        "和": ActionType.WIN,
    }
)


# The longest action text read: the longest real one ("3 eat 七 with 八九 bi 七八九 bi 七八九", or in ASCII notation)
# is well under 100 characters.
MAX_ACTION_TEXT = 200


@dataclass(frozen=True, slots=True)
class Action:
    """One action by one seat.

    ``card`` is the card discarded, claimed, turned or won on (``None`` for a pass, for a
    turn written without its card, and for a win on the dealt hand, 天胡). For an eat,
    ``cards`` are the two hand cards laid with it and ``bi`` the extra sets laid out because
    the hand still held a copy of the eaten card (比 / 摆 / 妥).
    """

    type: ActionType
    seat: int
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    bi: tuple[tuple[Card, ...], ...] = ()

    @classmethod
    def parse(cls, text: str, *, where: str | None = None) -> Action:
        if len(str(text)) > MAX_ACTION_TEXT:  # refused before reading: a long one would take quadratic time
            raise RuleError(
                Text(
                    f"动作太长：{len(str(text))} 个字符，最多 {MAX_ACTION_TEXT}",
                    f"the action is too long: {len(str(text))} characters, at most {MAX_ACTION_TEXT}",
                ),
                code="too-long",
                where=where,
            )
        words = str(text).split()
        if len(words) < 2:
            raise _bad(text, "需要“座位 动作 [牌]”", "expected “SEAT VERB [CARD]”", where)
        seat_word, verb_word, rest = words[0], words[1], words[2:]
        if not (seat_word.isascii() and seat_word.isdigit()):  # "²" and "٢" are digits to str.isdigit
            raise _bad(text, f"座位“{seat_word}”应是数字", f"the seat “{seat_word}” must be a number", where)
        verb = VERBS.get(verb_word.lower())
        if verb is None:
            known = ", ".join(t.value for t in ActionType)
            raise _bad(
                text, f"不认识的动作“{verb_word}”（可用：{known}）", f"unknown verb “{verb_word}” (use: {known})", where
            )
        card: Card | None = None
        cards: tuple[Card, ...] = ()
        bi: list[tuple[Card, ...]] = []
        mode = "card"
        for word in rest:
            key = word.lower()
            if key in ("with", "用"):
                mode = "with"
                continue
            if key in ("bi", "比", "摆", "妥"):
                mode = "bi"
                bi.append(())
                continue
            parsed = tuple(parse_cards(word, where=where))
            if mode == "card":
                if card is not None or len(parsed) != 1:
                    raise _bad(text, "动作后只能跟一张牌", "only one card may follow the verb", where)
                card = parsed[0]
            elif mode == "with":
                cards += parsed
            else:
                bi[-1] += parsed
        return cls(verb, int(seat_word), card, cards, tuple(bi))

    def __str__(self) -> str:
        out = f"{self.seat} {self.type.value}"
        if self.card is not None:
            out += f" {self.card}"
        if self.cards:
            out += f" with {format_cards(self.cards)}"
        for group in self.bi:
            out += f" bi {format_cards(group)}"
        return out

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @property
    def named_card(self) -> Card:
        """``card`` for an action that always names one (discard, four, pong, kong, eat); ``RuleError`` otherwise."""
        if self.card is None:
            raise _bad(str(self), "这个动作需要一张牌", "this action needs a card", None)
        return self.card

    @property
    def is_claim(self) -> bool:
        return self.type in CLAIM_PRIORITY

    @property
    def priority(self) -> int:
        return CLAIM_PRIORITY.get(self.type, 0)

    def label(self, rules: Any = None) -> Text:
        """A short bilingual description, e.g. 碰七 / pong (碰) 七; with ``rules`` in the tradition's own words
        (Leshan 对七 / pong (对) 七)."""
        name = self.type.label
        bi_word = "比"
        if rules is not None:
            words = native_words(rules)
            bi_word = words["bi"].zh
            key = {ActionType.PONG: "pong", ActionType.KONG: "kong", ActionType.WIN: "win"}.get(self.type)
            if key is not None:
                name = Text(words[key].zh, f"{name.en} ({words[key].zh})")
            elif self.type == ActionType.FOUR:
                name = Text(f"亮{words['four'].zh}", f"{name.en} ({words['four'].zh})")
        shown = "" if self.card is None else str(self.card)
        extra_zh = extra_en = ""
        if self.cards:
            extra_zh = f"（用{format_cards(self.cards)}）"
            extra_en = f" with {format_cards(self.cards)}"
        if self.bi:
            groups = "、".join(format_cards(g) for g in self.bi)
            extra_zh += f"，{bi_word}出{groups}"
            extra_en += f", laying out {groups} ({bi_word})"
        return Text(f"{name.zh}{shown}{extra_zh}", f"{name.en} {shown}{extra_en}".replace("  ", " ").strip())

    def as_dict(self, rules: Any = None) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "type": self.type.value,
            "card": None if self.card is None else str(self.card),
            "cards": format_cards(self.cards),
            "bi": [format_cards(g) for g in self.bi],
            "text": str(self),
            "label": self.label(rules).as_dict(),
        }


# 一百's steals [000]: a card drawn face down taken unseen onto a held pair (a 坎) or onto a 坎 (a 活龙).
STEAL_NAMES = {ActionType.PONG: "偷坎", ActionType.KONG: "偷活龙"}


def steal_label(action: Action) -> Text:
    """The label of a ``pong`` / ``kong`` that was a steal (the deal's ``steal`` event says so)."""
    word, shown = STEAL_NAMES[action.type], "" if action.card is None else str(action.card)
    return Text(f"{word}{shown}", f"steal ({word}) {shown}".strip())


def _bad(text: str, zh: str, en: str, where: str | None) -> RuleError:
    return RuleError(
        Text(f"读不懂动作“{text}”：{zh}", f"cannot read the action “{text}”: {en}"), code="bad-action", where=where
    )
