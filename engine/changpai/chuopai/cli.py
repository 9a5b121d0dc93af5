"""戳牌 at the command line: ``changpai record`` and ``changpai simulate`` with ``--rules chuopai`` (its
``core.game.FacadeGame`` hooks ``record_cli`` and ``simulate_cli``; ``changpai.cli`` finds them through
``api.OTHER_GAMES``). ``--players`` is its ``players`` option; ``--match N`` plays matches of N deals
(``chuopai.match``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..core.game import DealRun

NAME = "chuopai"


def _options(run: DealRun) -> dict[str, Any]:
    options = dict(run.options() or {})
    if run.players is not None:
        options["players"] = run.players
    return options


def record(run: DealRun) -> object:
    """One deal (or with ``--match``, one match) by computer players: the record's data."""
    options = _options(run)
    if run.match is not None:
        from .match import play as play_match

        _, match_record = play_match(None, run.match, run.seed, run.bot, options)
        return match_record.to_data()
    from ..bots.chuopai import BOTS, play_out
    from .deal import ChuoDeal
    from .record import narrate, to_record

    deal = ChuoDeal.new(run.seed, 0, options)
    rng = random.Random(run.seed)
    play_out(deal, [BOTS[run.bot](rng) for _ in range(deal.table.size)])
    return to_record(deal, notes=dict(enumerate(narrate(deal))))


def simulate(run: DealRun) -> dict[str, Any]:
    """``--deals`` deals (``bots.chuopai.simulate``'s summary), or with ``--match`` that many matches: who dealt,
    who led at the end, and the ledger's check (the largest absolute sum of one deal's scores, always 0)."""
    options = _options(run)
    if run.match is None:
        from ..bots.chuopai import simulate as simulate_deals

        return simulate_deals(run.deals, run.seed, options, run.bot)
    from .match import play as play_match

    worst = deals = no_winner = 0
    finals: list[list[int]] = []
    dealers: Counter[int] = Counter()
    for i in range(run.deals):
        match, _ = play_match(None, run.match, run.seed + 1000 * i, run.bot, options)
        deals += len(match.deals)
        no_winner += sum(d.winner is None for d in match.deals)
        dealers.update(d.dealer for d in match.deals)
        worst = max([worst, *(abs(sum(t)) for t in match.ledger.history)])
        finals.append(list(match.ledger.totals))
    best = Counter(max(range(len(t)), key=t.__getitem__) for t in finals)
    return {
        "rules": NAME,
        "seed": run.seed,
        "matches": run.deals,
        "deals_per_match": run.match,
        "deals": deals,
        "no_winner": no_winner,
        "deals_dealt_by_seat": {str(s): dealers[s] for s in sorted(dealers)},
        "match_leader_by_seat": {str(s): best[s] for s in sorted(best)},
        "max_abs_ledger_sum": worst,
    }
