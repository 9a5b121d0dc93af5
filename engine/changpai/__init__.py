"""changpai — a rules engine for the long-card games of Sichuan and Guizhou (长牌).

Luzhou Da Er 泸州大贰, Leshan Er Qi Shi 乐山贰柒拾 and Wuchuan Da Er 务川大贰, played with the
80-card deck of numerals. Pure Python, standard library only, so that the same code runs in
CPython and in Pyodide in the browser.
"""

from .cards import ALL_KINDS, DECK, Card, format_cards, parse_cards
from .text import CardError, ChangpaiError, HandError, RuleError, Text

__version__ = "0.1.0"

__all__ = [
    "ALL_KINDS",
    "DECK",
    "Card",
    "CardError",
    "ChangpaiError",
    "HandError",
    "RuleError",
    "Text",
    "format_cards",
    "parse_cards",
]
