"""The Da Er family of 80-card games: Luzhou [001][004], Leshan [003] and Wuchuan 字牌 [000].

Sets, the hand analysis and its patterns, the rule sets, the deal as a state machine with its claim window,
violations and settlement.
"""
