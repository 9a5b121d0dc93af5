"""changpai — a rules engine for the long-card games of Sichuan and Guizhou (长牌).

Luzhou Da Er 泸州大贰, Leshan Er Qi Shi 乐山贰柒拾 and Wuchuan Da Er 务川大贰, played with the
80-card deck of numerals. Pure Python, standard library only, so that the same code runs in
CPython and in Pyodide in the browser.
"""

__version__ = "0.1.0"

from .core.text import CardError, ChangpaiError, HandError, RuleError, Text
from .daer.analysis import HandResult, Wait, analyse, waits
from .daer.rules import RuleSet
from .daer.sets import Meld, SetKind
from .daer.traditions import RULESETS, get_rules
from .decks.numerals import ALL_KINDS, DECK, Card, format_cards, parse_cards

__all__ = [
    "ALL_KINDS",
    "DECK",
    "RULESETS",
    "Card",
    "CardError",
    "ChangpaiError",
    "HandError",
    "HandResult",
    "Meld",
    "RuleError",
    "RuleSet",
    "SetKind",
    "Text",
    "Wait",
    "analyse",
    "format_cards",
    "get_rules",
    "parse_cards",
    "waits",
]
