"""The payments of Luzhou Da Er (``luzhou``'s companion, like ``luzhou_options``): [001]'s score table
(``luzhou_a_row``) and its settlement, and [004]'s graded or 番 settlement."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.table import seat_name
from ..core.text import Text
from .luzhou_patterns import luzhou_b_grade, plain_win_value
from .rules import PaymentTable, RuleSet
from .settlement import Settlement, _hits, _losers, _pattern_value

if TYPE_CHECKING:
    from .deal import Deal, WinInfo


def luzhou_a_row(points: int, *, extrapolate: bool = True, no_hu: bool = False) -> tuple[int, int, int]:
    """(each loser pays, to the winner, to 坐底) for a win of ``points`` hu [001].

    >>> [luzhou_a_row(p) for p in (10, 15, 20, 25, 30, 40, 45)]
    [(5, 3, 2), (3, 2, 1), (6, 4, 2), (4, 3, 1), (8, 6, 2), (10, 8, 2), (6, 5, 1)]
    """
    if no_hu:
        return (6, 4, 2)
    if points == 10:
        return (5, 3, 2)
    tens = points // 10
    if not extrapolate and points >= 50:
        tens, points = 4, 41  # the table stops at 49: cap there
    if points % 10 == 0:
        return (2 * tens + 2, 2 * tens, 2)
    return (tens + 2, tens + 1, 1)


_A_BANDS = ((10, 10), (11, 19), (20, 20), (21, 29), (30, 30), (31, 39), (40, 40), (41, 49), (50, 50), (51, 59))


def _payment_table_a(rules: RuleSet, play: object) -> PaymentTable:
    """[001]'s table up to 49 hu, then its rule carried on (the engine's reading), and the no-hu win."""
    rows: list[tuple[Text, ...]] = []
    sources: list[str] = []
    for low, high in _A_BANDS:
        label = str(low) if low == high else f"{low}–{high}"
        rows.append((Text(label, label), *(Text(str(n), str(n)) for n in luzhou_a_row(low))))
        sources.append("[001]" if low < 50 else "engine")
    rows.append((Text("无胡", "no hu (无胡)"), *(Text(str(n), str(n)) for n in luzhou_a_row(0, no_hu=True))))
    sources.append("[001]")
    header = (
        Text("胡数", "Hu"),
        Text("每个输家付", "Each loser pays"),
        Text("给胡牌者", "To the winner"),
        Text("给坐底", "To the sitter"),
    )
    return PaymentTable(header, tuple(rows), tuple(sources))


def _luzhou_a(deal: Deal, win: WinInfo, out: Settlement) -> None:
    opts = deal.play_rules.option
    no_hu = win.points == 0 and opts("allow_no_hu_win")
    extrapolate = opts("extrapolate_above_49")
    points = win.points  # the declared reading (``settlement.declare``)
    pay, to_winner, to_sitter = luzhou_a_row(points, extrapolate=extrapolate, no_hu=no_hu)
    out.points = pay
    sitter = deal.table.sitter
    out.lines.append(
        Text(
            f"{points} 胡：每家输 {pay} 分（胡家 {to_winner}，坐底 {to_sitter}）",
            f"{points} hu: each loser pays {pay} ({to_winner} to the winner, {to_sitter} to the sitter)",
        )
        if sitter is not None
        else Text(  # three at the table: no 坐底, the winner takes all (engine reading)
            f"{points} 胡：每家输 {pay} 分（三人打，没有坐底，全给胡家）",
            f"{points} hu: each loser pays {pay} (three at the table: no sitter, all to the winner)",
        )
    )
    fan = 0
    for hit in _hits(win):
        if hit.unit == "doubling" and isinstance(hit.value, int):
            if hit.code == "kong-or-four" and not opts("fan_each_kong_and_four"):
                continue
            fan += hit.value
            out.lines.append(
                Text(
                    f"{hit.name.zh}：加 {hit.value} 翻",
                    f"{hit.name.en}: doubled {hit.value} {'time' if hit.value == 1 else 'times'}",
                )
            )
    for code in ("heaven", "first-stock-card", "last-stock-card"):
        if code in win.context:
            value = _pattern_value(deal, code)
            fan += value
            name = {
                "heaven": Text("天胡", "heavenly win"),
                "first-stock-card": Text("水上漂", "first stock card"),
                "last-stock-card": Text("海底", "last stock card"),
            }[code]
            out.lines.append(
                Text(f"{name.zh}：加 {value} 翻", f"{name.en}: doubled {value} {'time' if value == 1 else 'times'}")
            )
    if "self-turn" in win.context:
        fan += 1
        out.lines.append(Text("自摸加翻：胡自己翻出的牌，加倍", "自摸加翻: a win on one's own turned card doubles"))
    mult = 2**fan
    each = pay * mult
    cap = opts("cap")
    if cap and each > cap:
        out.lines.append(Text(f"封顶 {cap} 分", f"capped at {cap}"))
        each = cap
    sitter_part = to_sitter * each // pay
    if sitter is None:
        sitter_part = 0  # three at the table: no 坐底, the winner takes all (engine reading)
    losers = _losers(deal, win.seat)
    if win.how == "discard" and win.source in losers:
        # 放炮兜底: the discarder pays for both losers [001]
        shares = {win.source: 2}
        who = seat_name(win.source)
        out.lines.append(Text(f"放炮兜底：{who.zh}包两家", f"放炮兜底: {who.en} pays for both losers"))
    else:
        shares = {s: 1 for s in losers}
    for s, k in shares.items():
        out.payments[s] -= each * k
        out.payments[win.seat] += (each - sitter_part) * k
        if sitter is not None:
            out.payments[sitter] += sitter_part * k


def _luzhou_b(deal: Deal, win: WinInfo, out: Settlement) -> None:
    """[004]. Ordinary play (the default, as [004]'s worked example): grade points (at least 2) plus the 底家's 1,
    times every multiplier (红, 天, 地 ×2; 乌 ×4). Advanced play "不依賴胡的多少": the 番 of the 名堂 (added, or
    multiplied under ``fan_combine``) take the place of the grade points; the 底家's 1 is added, undoubled.
    平胡 only when no 名堂 applies, 天胡 / 地胡 / 回龙地胡 included (反之稱為平胡)."""
    advanced = deal.rules.option("b_mode") == "advanced"
    combine = deal.play_rules.option("fan_combine")
    names = {p.code: p.name for p in deal.rules.patterns}
    factors: list[int] = []
    deal_hits: list[tuple[Text, int]] = []
    for code in ("heaven", "earth", "returning-dragon"):
        value = _pattern_value(deal, code) if code in win.context else 0
        if value:
            deal_hits.append((names[code], value))
    for hit in _hits(win):
        if hit.code == "plain" and deal_hits:
            continue  # 天胡 / 地胡 / 回龙地胡 are 名堂 themselves: no 平胡 beside them
        if isinstance(hit.value, int) and hit.unit in ("multiplier", "fan"):
            factors.append(hit.value)
            out.lines.append(
                Text(
                    f"{hit.name.zh}：{hit.value} 番" if advanced else f"{hit.name.zh}：×{hit.value}",
                    f"{hit.name.en}: {hit.value} fan" if advanced else f"{hit.name.en}: ×{hit.value}",
                )
            )
    for name, value in deal_hits:
        factors.append(value)
        out.lines.append(
            Text(
                f"{name.zh}：{value} 番" if advanced else f"{name.zh}：×{value}",
                f"{name.en}: {value} fan" if advanced else f"{name.en}: ×{value}",
            )
        )
    sitter = deal.table.sitter
    extra = 1 if sitter is not None else 0
    losers = _losers(deal, win.seat)
    if advanced:
        if not factors:
            factors = [plain_win_value(win.points, deal.rules)]
            out.lines.append(Text(f"平胡：{factors[0]} 番", f"plain win: {factors[0]} fan"))
        fan = 1
        if combine == "add":
            fan = sum(factors)
        else:
            for f in factors:
                fan *= f
        each = fan + extra
        to_sitter = extra
        shown = (f"{fan}+1 = {each}", f"{fan}+1 = {each}") if extra else (str(each), str(each))
    else:
        grade = luzhou_b_grade(win.points)
        grade_value = grade.value if grade else 1
        base = max(grade_value, 2)  # "最少计2分"
        out.lines.append(
            Text(
                f"{win.points} 胡 = {grade_value} 等，计 {base} 分（最少 2 分）",
                f"{win.points} hu = grade {grade_value}, {base} points (at least 2)",
            )
        )
        mult = 1
        for f in factors:
            mult *= f
        each = (base + extra) * mult
        to_sitter = extra * mult
        shown = (f"({base}+1)×{mult} = {each}", f"({base}+1)×{mult} = {each}") if extra else (str(each), str(each))
    out.points = each
    for s in losers:
        out.payments[s] -= each
    net = each * len(losers) - to_sitter
    out.payments[win.seat] += net
    if sitter is not None:
        out.payments[sitter] += to_sitter
        out.lines.append(
            Text(
                f"每家输 {shown[0]}；胡家净得 {net}；底家得 {to_sitter}",
                f"each loser pays {shown[1]}; the winner nets {net}; the sitter gets {to_sitter}",
            )
        )
    else:
        out.lines.append(Text(f"每家输 {each}", f"each loser pays {each}"))
