"""The traditions of the Da Er family, by name: one module each (``luzhou``, ``leshan``, ``wuchuan``).

==================  ======  ================================================================
name                source  what it is
==================  ======  ================================================================
``luzhou-a``        [001]   Luzhou Da Er 泸州大贰 as the Luzhou rule sheet gives it
``luzhou-b``        [004]   Luzhou Da Er as the encyclopedia entry gives it (other 坎 points, 名堂)
``leshan``          [003]   Leshan Er Qi Shi 乐山贰柒拾 (桥字牌), Shizhong district rules
``wuchuan``         [000]   Wuchuan Da Er 务川大贰, the 字牌 (打开开 / 打飘) game
``leshan-bazhang``  [003]   Leshan's 打八张 (Muchuan): 4–8 players, 8 cards each (``leshan_short``)
``leshan-shisi``    [003]   Leshan's 打十四张 (Muchuan): 14 cards each (``leshan_short``)
``wuchuan-yibai``   [000]   Wuchuan 一百 (抠百): 字牌's deals, 子 counted as made, first to 100 wins
==================  ======  ================================================================

>>> list(RULESETS) == list(PLAY_RULES)
True
"""

from __future__ import annotations

from ..core.text import RuleError, Text
from . import leshan, leshan_short, luzhou, wuchuan, wuchuan_yibai
from .playrules import PlayRules
from .rules import RuleSet

_SETS: tuple[RuleSet, ...] = (luzhou.LUZHOU_A, luzhou.LUZHOU_B, leshan.LESHAN, wuchuan.WUCHUAN)
_SETS += (leshan_short.BAZHANG, leshan_short.SHISI, wuchuan_yibai.YIBAI)
_PLAYS: tuple[PlayRules, ...] = (luzhou.PLAY_A, luzhou.PLAY_B, leshan.PLAY, wuchuan.PLAY)
_PLAYS += (leshan_short.PLAY_BAZHANG, leshan_short.PLAY_SHISI, wuchuan_yibai.PLAY)
RULESETS: dict[str, RuleSet] = {r.name: r for r in _SETS}
PLAY_RULES: dict[str, PlayRules] = {p.name: p for p in _PLAYS}


def get_rules(name: str | RuleSet, **options: str) -> RuleSet:
    """The rule set called ``name`` (optionally with options changed); an unknown name raises ``RuleError``.

    >>> get_rules("luzhou")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    changpai.core.text.RuleError: rules: unknown rule set “luzhou” (known: luzhou-a, luzhou-b, leshan, ...) / ...
    """
    if isinstance(name, RuleSet):
        rules: RuleSet | None = name
    else:
        rules = RULESETS.get(name) if isinstance(name, str) else None
    if rules is None:
        known = ", ".join(RULESETS)
        raise RuleError(
            Text(f"没有名为“{name}”的规则集（可用：{known}）", f"unknown rule set “{name}” (known: {known})"),
            code="unknown-rules",
            where="rules",
        )
    return rules.with_options(**options) if options else rules


def get_play_rules(name: str) -> PlayRules:
    try:
        return PLAY_RULES[name]
    except KeyError:
        raise RuleError(
            Text(f"没有名为“{name}”的规则", f"there is no rule set named “{name}” (known: {', '.join(PLAY_RULES)})"),
            code="unknown-rules",
            where="rules",
        ) from None
