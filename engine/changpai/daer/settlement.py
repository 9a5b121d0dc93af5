"""Who pays whom at the end of a deal, per rule set. Payments always sum to zero.

* **Luzhou A** [001]: the score table by hu points (each loser pays; the winner and 坐底 share it),
  放炮兜底 (a discard won on: the discarder pays double, the other loser nothing), 自摸加翻 (a win on
  one's own turned card doubles), 名堂 doublings added up (×2 each): 红, 黑 (+3), 坤, each 招 and 龙,
  天胡, 水上漂, 海底; an agreed cap (option ``cap``).
* **Luzhou B** [004]: 等 (grades): one point a grade, at least 2; each loser adds 1 for the 底家;
  doublings multiply. [004]'s example: exactly 10 hu with 红 — each loser pays (2 + 1) × 2 = 6, the winner
  nets 2 × 6 − 1 × 2 = 10, the 底家 gets 1 × 2 = 2.
* **Leshan** [003]: the graded total (小和 … 台和) doubled for 天和, 地和, 坤和, 瞟和; the discarder
  (抬炮) pays total × number of players; 小家's own totals; 满百 as an option.
* **Wuchuan 字牌** [000]: the win class (大胡 / 中胡 / 小胡) sets what each loser pays (amounts are engine
  defaults: the source gives none); the winner pays the stock counter a fee, and on a drawn deal every
  player does.
Violations (包牌) add their own payments (``violations.penalty_payments``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.table import seat_name
from ..core.text import Text
from .actions import native_words
from .violations import penalty_payments


@dataclass(slots=True)
class Settlement:
    winner: int | None
    points: int  # the figure the payments are built from (分, 等, 和, class amount)
    payments: list[int]
    lines: list[Text] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "points": self.points,
            "payments": list(self.payments),
            "lines": [line.as_dict() for line in self.lines],
        }


def settle(deal: Any) -> Settlement:
    """The settlement of a finished deal (an unfinished one settles only its violations)."""
    payments, lines = penalty_payments(deal)
    out = Settlement(None, 0, payments, lines)
    win = deal.win
    scheme = deal.play_rules.settlement.value
    if win is None:
        if scheme == "wuchuan" and deal.over and deal.ended_by == "stock":
            _wuchuan_draw(deal, out)
        elif deal.over:
            out.lines.append(Text("无人胡牌，不付钱", "no winner: nobody pays"))
        _check_zero(out)
        return out
    out.winner = win.seat
    {"luzhou-a": _luzhou_a, "luzhou-b": _luzhou_b, "leshan": _leshan, "wuchuan": _wuchuan}[scheme](deal, win, out)
    _check_zero(out)
    return out


def _check_zero(out: Settlement) -> None:
    assert sum(out.payments) == 0, out.payments


def _losers(deal: Any, winner: int) -> list[int]:
    return [s for s in deal.table.active if s != winner]


def _pattern_value(deal: Any, code: str) -> int:
    for p in deal.rules.patterns:
        if p.code == code and isinstance(p.value.value, int):
            return p.value.value
    return 0


def _hits(win: Any) -> list[Any]:
    result = win.result
    return list(getattr(result, "patterns", ()) or ())


# ---------------------------------------------------------------- Luzhou A [001]


def declared_points(deal: Any, win: Any, pay_of: Any) -> int:
    """The total the winner declares when the hand reads several ways (``HandResult.totals``): by default the
    one that pays most (``pay_of(total)``, ties to the higher total), or the most points (option ``declare``).
    The sources are silent; a player would announce the better reading (see ``playrules`` ``declare``)."""
    minimum = deal.play_rules.min_hu.value
    totals = {t for t in getattr(win.result, "totals", ()) if t >= minimum} | {win.points}
    if deal.play_rules.declare.value != "best-pay":
        return max(totals)
    return max(totals, key=lambda t: (pay_of(t), t))


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


def _luzhou_a(deal: Any, win: Any, out: Settlement) -> None:
    opts = dict(deal.play_rules.options.value)
    no_hu = win.points == 0 and opts["allow_no_hu_win"]
    extrapolate = opts["extrapolate_above_49"]
    points = win.points if no_hu else declared_points(deal, win, lambda t: luzhou_a_row(t, extrapolate=extrapolate)[0])
    if points != win.points:
        out.lines.append(
            Text(
                f"这手牌可读作 {win.points} 胡，也可读作 {points} 胡；报 {points} 胡，分更多",
                f"the hand reads as {win.points} hu or as {points}; {points} is declared, as it pays more",
            )
        )
    pay, to_winner, to_sitter = luzhou_a_row(points, extrapolate=extrapolate, no_hu=no_hu)
    out.points = pay
    out.lines.append(
        Text(
            f"{points} 胡：每家输 {pay} 分（胡家 {to_winner}，坐底 {to_sitter}）",
            f"{points} hu: each loser pays {pay} ({to_winner} to the winner, {to_sitter} to the sitter)",
        )
    )
    fan = 0
    for hit in _hits(win):
        if hit.unit == "doubling" and isinstance(hit.value, int):
            if hit.code == "kong-or-four" and not opts["fan_each_kong_and_four"]:
                continue
            fan += hit.value
            out.lines.append(Text(f"{hit.name.zh}：加 {hit.value} 翻", f"{hit.name.en}: {hit.value} doubling(s)"))
    for code in ("heaven", "first-stock-card", "last-stock-card"):
        if code in win.context:
            value = _pattern_value(deal, code)
            fan += value
            name = {
                "heaven": Text("天胡", "heavenly win"),
                "first-stock-card": Text("水上漂", "first stock card"),
                "last-stock-card": Text("海底", "last stock card"),
            }[code]
            out.lines.append(Text(f"{name.zh}：加 {value} 翻", f"{name.en}: {value} doubling(s)"))
    if "self-turn" in win.context:
        fan += 1
        out.lines.append(Text("自摸加翻：胡自己翻出的牌，加倍", "自摸加翻: a win on one's own turned card doubles"))
    mult = 2**fan
    each = pay * mult
    cap = opts["cap"]
    if cap and each > cap:
        out.lines.append(Text(f"封顶 {cap} 分", f"capped at {cap}"))
        each = cap
    sitter_part = to_sitter * each // pay
    sitter = deal.table.sitter
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


# ---------------------------------------------------------------- Luzhou B [004]


def _luzhou_b(deal: Any, win: Any, out: Settlement) -> None:
    from .patterns import luzhou_b_grade, plain_win_value

    grade = luzhou_b_grade(win.points)
    grade_value = grade.value if grade else 1
    base = max(grade_value, 2)  # "最少计2分"
    out.lines.append(
        Text(
            f"{win.points} 胡 = {grade_value} 等，计 {base} 分（最少 2 分）",
            f"{win.points} hu = grade {grade_value}, {base} points (at least 2)",
        )
    )
    advanced = deal.rules.b_mode == "advanced"
    combine = dict(deal.play_rules.options.value)["fan_combine"]
    factors: list[int] = []
    for hit in _hits(win):
        if isinstance(hit.value, int) and hit.unit in ("multiplier", "fan"):
            factors.append(hit.value)
            out.lines.append(
                Text(
                    f"{hit.name.zh}：{hit.value} {'番' if advanced else '倍'}",
                    f"{hit.name.en}: {'fan' if advanced else '×'} {hit.value}",
                )
            )
    for code in ("heaven", "earth", "returning-dragon"):
        if code in win.context:
            value = _pattern_value(deal, code)
            if value:
                factors.append(value)
                out.lines.append(Text(f"{code}：{value}", f"{code}: {value}"))
    if advanced:
        if not factors:
            factors = [plain_win_value(win.points, deal.rules)]
            out.lines.append(Text(f"平胡 {factors[0]} 番", f"plain win, {factors[0]} fan"))
        if combine == "add":
            mult = sum(factors)
        else:
            mult = 1
            for f in factors:
                mult *= f
    else:
        mult = 1
        for f in factors:
            mult *= f
    sitter = deal.table.sitter
    extra = 1 if sitter is not None else 0
    each = (base + extra) * mult
    out.points = each
    losers = _losers(deal, win.seat)
    for s in losers:
        out.payments[s] -= each
    to_sitter = extra * mult
    out.payments[win.seat] += each * len(losers) - to_sitter
    if sitter is not None:
        out.payments[sitter] += to_sitter
        net = each * len(losers) - to_sitter
        out.lines.append(
            Text(
                f"每家输 ({base}+1)×{mult} = {each}；胡家得 {len(losers)}×{each}−1×{mult} = {net}；"
                f"底家得 1×{mult} = {to_sitter}",
                f"each loser pays ({base}+1)×{mult} = {each}; the winner nets {len(losers)}×{each}−1×{mult} = {net}; "
                f"the sitter gets 1×{mult} = {to_sitter}",
            )
        )


# ---------------------------------------------------------------- Leshan [003]


def _leshan(deal: Any, win: Any, out: Settlement) -> None:
    opts = dict(deal.play_rules.options.value)
    players = len(deal.table.active)
    if isinstance(win.result, dict):  # 小家
        total = win.result["points"]
        out.lines.append(
            Text(f"小家：{win.result['name']['zh']} 算 {total} 和", f"小家: {win.result['name']['en']} counts {total}")
        )
        if win.how in ("self-draw", "turn") and opts["xiaojia_self_draw_double"]:
            total *= 2
            out.lines.append(Text("小家自摸加倍（眉山）", "小家's self-drawn win doubles (Meishan)"))
    else:
        grade = getattr(win.result, "grade", None)
        total = grade.value if grade is not None else win.points
        if grade is not None:
            out.lines.append(
                Text(
                    f"{win.points} 和：{grade.name.zh}，算 {grade.value}",
                    f"{win.points} points: {grade.name.en}, counts {grade.value}",
                )
            )
        fan = 0
        for hit in _hits(win):
            if hit.unit == "doubling" and isinstance(hit.value, int):
                fan += hit.value
                out.lines.append(Text(f"{hit.name.zh}：加一番", f"{hit.name.en}: doubled"))
        if "heaven" in win.context:
            fan += opts["tianhe_fan"]
            out.lines.append(
                Text(f"天和：加 {opts['tianhe_fan']} 番", f"heavenly win: {opts['tianhe_fan']} doubling(s)")
            )
        if "earth" in win.context:
            fan += 1
            out.lines.append(Text("地和：加一番", "earthly win: doubled"))
        total *= 2**fan
    if opts["full_hundred"] and total > 100:
        total = 100
        out.lines.append(Text("满百：按 100 计", "满百: counted as 100"))
    out.points = total
    losers = _losers(deal, win.seat)
    if win.how == "discard" and win.source in losers:
        out.payments[win.source] -= total * players
        out.payments[win.seat] += total * players
        out.lines.append(
            Text(
                f"{native_words(deal.rules)['discarder'].zh}：{seat_name(win.source).zh}付 {total}×{players} = "
                f"{total * players}",
                f"the discarder ({native_words(deal.rules)['discarder'].zh}), {seat_name(win.source).en}, pays "
                f"{total}×{players} = {total * players}",
            )
        )
        return
    payer = opts["turned_win_payer"]
    if payer == "turner" and win.how == "turn" and win.source in losers:
        out.payments[win.source] -= total * players
        out.payments[win.seat] += total * players
        out.lines.append(
            Text(
                f"翻牌者{seat_name(win.source).zh}付 {total * players}",
                f"the turner, {seat_name(win.source).en}, pays {total * players}",
            )
        )
        return
    for s in losers:
        out.payments[s] -= total
        out.payments[win.seat] += total
    out.lines.append(
        Text(
            f"其余每家各付 {total}（[003] 未说翻牌被胡谁付，引擎默认）",
            f"every other player pays {total} ([003] does not say who pays for a turned card; engine default)",
        )
    )


# ---------------------------------------------------------------- Wuchuan [000]


def _wuchuan(deal: Any, win: Any, out: Settlement) -> None:
    opts = dict(deal.play_rules.options.value)
    cls = getattr(win.result, "win_class", None)
    if "heaven" in win.context or "earth" in win.context:
        cls = "big"
    if cls is None:
        cls = "small"
        out.lines.append(Text("[000] 未给这种胡定大小，按小胡", "[000] names no class for this win; counted as small"))
    amount = opts[f"{cls}_win"]
    names = {"big": Text("大胡", "big win"), "middle": Text("中胡", "middle win"), "small": Text("小胡", "small win")}
    out.points = amount
    losers = _losers(deal, win.seat)
    for s in losers:
        out.payments[s] -= amount
        out.payments[win.seat] += amount
    out.lines.append(Text(f"{names[cls].zh}：每家付 {amount}", f"{names[cls].en}: each loser pays {amount}"))
    sitter = deal.table.sitter
    if sitter is not None:
        fee = opts["counting_fee"]
        out.payments[win.seat] -= fee
        out.payments[sitter] += fee
        out.lines.append(Text(f"胡家付数底费 {fee}", f"the winner pays the counting fee, {fee}"))


def _wuchuan_draw(deal: Any, out: Settlement) -> None:
    sitter = deal.table.sitter
    if sitter is None:
        out.lines.append(Text("和局，无人胡", "a drawn deal"))
        return
    fee = dict(deal.play_rules.options.value)["counting_fee"]
    for s in deal.table.active:
        out.payments[s] -= fee
        out.payments[sitter] += fee
    out.lines.append(Text(f"和局：三家各付数底费 {fee}", f"a drawn deal: all three pay the counting fee, {fee}"))
