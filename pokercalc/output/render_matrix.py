"""The preflop heads-up table as a matrix on a terminal: equities by hand class, coloured.

A few classes (up to :data:`SQUARE_MAX`) make a square: each row's equity against each
column.  More make the 13 x 13 chart of starting hands (pairs on the diagonal, suited
above it, offsuit below), each class's equity against all the table's classes together,
weighted by their outcomes (with all 169, its equity against a random hand).  Colours
run from red (far below 50%) to green (far above); the numbers carry the meaning alone,
so the matrix reads without colour too.

>>> from fractions import Fraction
>>> from pokercalc.pipelines.tables import HeadsupRow
>>> def row(a, b, eq):
...     return HeadsupRow(hand=a, opponent=b, equity=eq, win=eq, tie=0.0,
...                       equity_exact=Fraction(eq), win_exact=Fraction(eq),
...                       tie_exact=Fraction(0), wins=0, ties=0, outcomes=100)
>>> chart_cell(0, 1), chart_cell(1, 0), chart_cell(12, 12)
('AKs', 'AKo', '22')
>>> sorted(class_equities([row("AA", "KK", 0.8), row("AA", "AA", 0.5)]).items())
[('AA', 0.65)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from pokercalc.output.figures import get_decimals, percent
from pokercalc.pipelines.tables import HeadsupRow

__all__ = ["SQUARE_MAX", "chart_cell", "class_equities", "equity_style", "headsup_matrix"]

#: At most this many classes are drawn as a square of matchups; more as the 13 x 13 chart.
SQUARE_MAX = 13
_RANKS = "AKQJT98765432"


def chart_cell(row: int, column: int) -> str:
    """The class at ``row``, ``column`` of the 13 x 13 chart (0 = ace): suited above the
    diagonal, offsuit below, pairs on it."""
    hi, lo = min(row, column), max(row, column)
    if hi == lo:
        return _RANKS[hi] * 2
    return _RANKS[hi] + _RANKS[lo] + ("s" if row < column else "o")


def equity_style(equity: float) -> str:
    """The colour of an equity: green above 50%, red below, bolder further away."""
    if equity >= 0.5:
        return "bold green" if equity >= 0.65 else "green"
    return "bold red" if equity < 0.35 else "red"


def class_equities(rows: Iterable[HeadsupRow]) -> dict[str, float]:
    """Each row class's equity against all the columns' classes together, weighted by the
    outcomes of each matchup."""
    sums: dict[str, list[float]] = {}
    for r in rows:
        s = sums.setdefault(r.hand, [0.0, 0.0])
        s[0] += r.equity * r.outcomes
        s[1] += r.outcomes
    return {hand: total / n for hand, (total, n) in sums.items() if n}


def _square(
    rows: Sequence[HeadsupRow], hands: Sequence[str], decimals: int | None, lean: bool
) -> Table:
    """Rows against columns: the row class's equity against the column class; ``lean``
    without vertical rules."""
    table = Table(title="Equity %: row vs column", title_style="bold")
    if lean:
        table.box, table.show_edge, table.padding = box.SIMPLE_HEAD, False, (0, 0, 0, 0)
    table.add_column("", style="bold")
    for h in hands:
        table.add_column(h, justify="right")
    cells = {(r.hand, r.opponent): r.equity for r in rows}
    for a in hands:
        table.add_row(
            a,
            *(Text(percent(cells[a, b], decimals), style=equity_style(cells[a, b])) for b in hands),
        )
    return table


def _chart(
    rows: Sequence[HeadsupRow], hands: Sequence[str], decimals: int | None, lean: bool
) -> Table:
    """The 13 x 13 chart of each class's equity against all the table's classes (always
    without vertical rules; ``lean`` also without the header's rule)."""
    everyone = len(hands) == 169
    against = "a random hand" if everyone else "the table's classes"
    table = Table(
        title=f"Equity % against {against}",
        title_style="bold",
        caption="suited above the diagonal, offsuit below",
        box=None if lean else box.SIMPLE_HEAD,
        padding=(0, 0, 0, 1),
        pad_edge=False,
        show_edge=False,
    )
    table.add_column("", style="bold")
    for rank in _RANKS:
        table.add_column(rank, justify="right")
    equities = class_equities(rows)
    for i, rank in enumerate(_RANKS):
        cells: list[Any] = []
        for j in range(13):
            eq = equities.get(chart_cell(i, j))
            cells.append("" if eq is None else Text(percent(eq, decimals), style=equity_style(eq)))
        table.add_row(rank, *cells)
    return table


class _Matrix:
    """A matrix drawn in the first form that fits the width: with the most decimals, ruled
    then lean (no rules), then with fewer decimals: a matrix read across stays a matrix,
    where a table too wide would be stacked cell by cell."""

    def __init__(self, draw: Callable[[int | None, bool], Table], most: int | None) -> None:
        self.draw, self.most = draw, most

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        most = get_decimals() if self.most is None else self.most
        wide = options.update_width(1 << 16)  # (Measurement.get clamps to the width)
        for decimals in range(most, -1, -1):
            for lean in (False, True):
                table = self.draw(decimals, lean)
                if Measurement.get(console, wide, table).maximum <= options.max_width:
                    yield table
                    return
        yield table


def headsup_matrix(rows: Iterable[HeadsupRow], hands: Sequence[str]) -> Any:
    """The preflop heads-up table of ``hands`` (in the table's order) as a matrix, with a
    line saying how to get the CSV."""
    got = list(rows)
    if len(hands) <= SQUARE_MAX:
        view = _Matrix(lambda decimals, lean: _square(got, hands, decimals, lean), None)
    else:
        view = _Matrix(lambda decimals, lean: _chart(got, hands, decimals, lean), 1)
    legend = Text("green ahead, red behind; CSV: --format csv", style="dim")
    return Group(view, legend)
