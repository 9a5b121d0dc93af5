"""红点点, Wuchuan's pairing game ([000]): cards, pairs, hand scoring, the deal and its two rule sets.

Modules: ``cards`` (red points, pairings, 绝牌), ``options`` (the open points), ``rules`` (老四层 and 花大, classes
and 层), ``hand`` (splits, ``score``, ``waits``), ``actions`` (one line per step), ``play_rules`` (each rule of play
once: it filters the legal actions and names itself in a refusal or a 包牌), ``deal`` (the state machine),
``record`` (records with notes and questions), ``api`` (the JSON answers); the computer players are
``changpai.bots.hongdiandian``.
"""
