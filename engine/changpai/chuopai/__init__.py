"""Luzhou 戳牌 [002]: the trick game of the 21 Sichuan domino faces (川牌), with every filled-in rule an option."""
