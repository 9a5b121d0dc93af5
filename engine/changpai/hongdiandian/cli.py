"""红点点 at the command line: ``changpai record`` and ``changpai simulate`` with a 红点点 rule set
(``wuchuan-hongdiandian-sicheng`` / ``-huada``), its ``core.game.FacadeGame`` hooks ``record_cli`` and
``simulate_cli`` (``changpai.cli`` finds them through ``api.OTHER_GAMES``). Four players, no options; the deals are
played by its own computer players (``bots.hongdiandian``).
"""

from __future__ import annotations

from typing import Any

from ..core.game import CommandLineError, DealRun


def record(run: DealRun) -> object:
    """One deal by computer players: the record's data (``record.record_of``)."""
    if run.match is not None or run.option_pairs or run.players not in (None, 4):
        raise CommandLineError("红点点 record takes no --match, options or players / 红点点牌谱只有四家、不带选项")
    from ..bots.hongdiandian import simulate_one
    from .record import record_of

    return record_of(simulate_one(run.rules, run.seed, bot=run.bot)[0])


def simulate(run: DealRun) -> dict[str, Any]:
    """``--deals`` deals by computer players: ``bots.hongdiandian.simulate``'s summary."""
    if run.option_pairs or run.players not in (None, 4):
        raise CommandLineError("红点点 simulate takes no options and 4 players / 红点点模拟只有四家、不带选项")
    from ..bots.hongdiandian import simulate as simulate_deals

    return simulate_deals(run.rules, deals=run.deals, seed=run.seed, bot=run.bot)
