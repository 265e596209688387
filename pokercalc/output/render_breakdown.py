"""Terminal views of an equity breakdown: the table by hand, the equity curve and the histogram."""

from __future__ import annotations

import math
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from pokercalc.analysis.breakdown import BreakdownResult, EquityDistribution
from pokercalc.output.figures import percent

__all__ = [
    "breakdown_view",
    "breakdown_table",
    "breakdown_note",
    "curve_chart",
    "histogram_chart",
    "distribution_view",
    "MAX_WIDTH",
]

#: The charts never take more columns than this, whatever the terminal's width.
MAX_WIDTH = 80
_EIGHTHS = " ▏▎▍▌▋▊▉█"
_RISING = " ▁▂▃▄▅▆▇█"


def breakdown_table(result: BreakdownResult) -> Table:
    """One row per class or combo, best equity first: combos, share, equity, win and tie."""
    mc = result.method == "mc"
    hilo = result.run.low_possible is not None
    what = "combo" if result.by == "combo" else "hand class"
    title = f"Player {result.player} ({result.label}) by {what}"
    if result.equity is not None:
        title += f": equity {percent(result.equity, unit=True)}"
    table = Table(title=title)
    table.add_column("Hand")
    # A weighted range's rows hold the sum of their combos' weights, labelled as in `equity`.
    weighted = result.run.players[result.player - 1].weight is not None
    table.add_column("Weighted" if weighted else "Combos", justify="right")
    table.add_column("Share %", justify="right")
    table.add_column("Equity %", justify="right")
    if mc:
        table.add_column("± SE %", justify="right")
    table.add_column("Scoop %" if hilo else "Win %", justify="right")
    table.add_column("Part %" if hilo else "Tie %", justify="right")
    for h in result.hands:
        combos = f"{h.combos:g}" if h.combos != int(h.combos) else f"{int(h.combos):,}"
        row = [h.hand, combos, percent(h.share), percent(h.equity)]
        if mc:
            row.append(percent(h.stderr or 0.0))
        row += [percent(h.win), percent(h.tie)]
        table.add_row(*row)
    return table


def breakdown_note(result: BreakdownResult) -> str:
    """Why the rows hold fewer combos than the equity table gives the player, or ``""``.

    The table's combos are the range less the board and dead cards; a row holds
    the combos dealt in some deal, so a combo that meets the other players'
    cards in every deal (or, in Monte Carlo, was never drawn) is in no row.
    """
    p = result.run.players[result.player - 1]
    total = p.combos if p.weight is None else p.weight
    rows = math.fsum(h.combos for h in result.hands)
    if result.interrupted or total - rows < 1e-9:
        return ""
    unit = "weighted combos" if p.weight is not None else "combos"
    why = "meet the other players' cards in every deal"
    if result.method == "mc":
        why += f", or were not drawn in {result.run.trials or 0:,} deals"
    return (
        f"The rows hold {_number(rows)} of player {result.player}'s {_number(total)} {unit}: "
        f"the other {_number(total - rows)} {why}."
    )


def _number(x: float) -> str:
    """A count of combos: whole when it is one, else to two decimals."""
    return f"{round(x):,}" if abs(x - round(x)) < 1e-9 else f"{x:,.2f}"


def curve_chart(dist: EquityDistribution, *, width: int = 60, height: int = 10) -> Text:
    """The equity curve as an area chart: the range sorted best first along x (0 to 100%),
    each column as high as the equity there, in eighths of a row."""
    width = max(10, width)
    text = Text()
    text.append("Equity curve (range sorted by equity, best first)\n", style="bold")
    steps = dist.steps
    heights = []
    j = 0
    for col in range(width):
        x = (col + 0.5) / width
        while j < len(steps) - 1 and steps[j].end < x:
            j += 1
        eq = steps[j].equity if steps else 0.0
        heights.append(round(eq * height * 8))
    for level in range(height, 0, -1):
        label = f"{100 * level / height:4.0f}% ┤" if level % 2 == 0 else "      │"
        text.append(label)
        line = []
        for h in heights:
            full = h - (level - 1) * 8
            line.append("█" if full >= 8 else _RISING[full] if full > 0 else " ")
        text.append("".join(line), style="green")
        text.append("\n")
    text.append("   0% └" + "─" * width + "\n")
    ticks = [" "] * (width + 1)
    free = 0  # the first column a tick may take: labels keep a space between them
    marks = [(share, f"{share:.0%}") for share in (0.0, 0.25, 0.5, 0.75, 1.0)]
    last = width + 1 - len(marks[-1][1])
    for share, mark in marks:
        at = min(width + 1 - len(mark), round(share * width))
        # A narrow chart shows fewer ticks: "100%" always, no tick over another.
        if at < free or (share < 1.0 and at + len(mark) >= last):
            continue
        ticks[at : at + len(mark)] = list(mark)
        free = at + len(mark) + 1
    text.append("       " + "".join(ticks).rstrip() + "  share of range\n")
    return text


def histogram_chart(dist: EquityDistribution, *, width: int = 50) -> Text:
    """One bar per band of equity: the share of the range (by deals) whose equity is in it."""
    width = max(10, width)
    text = Text()
    text.append("Equity histogram (share of range per band of equity)\n", style="bold")
    top = max((b.share for b in dist.bins), default=0.0) or 1.0
    for b in dist.bins:
        eighths = round(b.share / top * width * 8)
        bar = "█" * (eighths // 8) + (_EIGHTHS[eighths % 8] if eighths % 8 else "")
        text.append(f"{100 * b.low:3.0f}-{100 * b.high:3.0f}% │")
        text.append(bar.ljust(width), style="green")
        text.append(f" {100 * b.share:5.1f}%\n")
    text.append(
        f"mean {percent(dist.mean, unit=True)} · median {percent(dist.median, unit=True)}\n"
    )
    return text


class _Fitted:
    """A chart drawn at the console's width, at most :data:`MAX_WIDTH` columns."""

    def __init__(self, dist: EquityDistribution, kind: str) -> None:
        self.dist = dist
        self.kind = kind

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        cols = min(MAX_WIDTH, options.max_width)
        if self.kind == "curve":
            # " 100% ┤" on the left (7 columns); the ticks' line ends in "  share of range".
            yield curve_chart(self.dist, width=max(10, min(60, cols - 24)))
        else:
            # "  40- 45% │" (11 columns) and " 100.0%" (7) around the bar.
            yield histogram_chart(self.dist, width=max(10, min(50, cols - 19)))


def distribution_view(dist: EquityDistribution) -> Group:
    """The equity curve, then the histogram."""
    return Group(_Fitted(dist, "curve"), _Fitted(dist, "histogram"))


def breakdown_view(result: BreakdownResult, *, table: bool = True) -> Any:
    """Every player's equity (the run), the breakdown table and, when computed, the
    distribution's charts; ``table=False`` leaves the breakdown table out."""
    from pokercalc.output.render import equity_view

    parts: list[Any] = [equity_view(result.run)]
    if result.interrupted and not result.hands:
        why = "an exact run was cut short" if result.method == "exact" else "no deal yet"
        parts.append(Text(f"INTERRUPTED: no breakdown ({why})", style="bold"))
        return Group(*parts)
    if table:
        parts.append(breakdown_table(result))
        if note := breakdown_note(result):
            parts.append(Text(note))
    if result.distribution is not None:
        parts.append(distribution_view(result.distribution))
    return Group(*parts)
