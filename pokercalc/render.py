"""Rich tables and charts for people, built from result objects; computes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table

from .cards import format_cards
from .evaluator import HandEvaluation
from .query import QueryResult

__all__ = ["eval_table", "range_grid"]


def eval_table(results: Sequence[HandEvaluation]) -> Table:
    """One row per evaluated hand."""
    table = Table(title="Hand values")
    table.add_column("Hand")
    table.add_column("Value", justify="right")
    table.add_column("Category")
    table.add_column("Description")
    for r in results:
        table.add_row(
            format_cards(r.cards, sep=" ", symbols=True),
            str(r.value),
            r.category_name,
            r.description,
        )
    return table


def range_grid(result: QueryResult) -> Any:
    """The count and share of a range, then its 13x13 grid shaded full / partial / none."""
    from rich.console import Group
    from rich.text import Text

    head = Text(f"{result.count:,} combos, {result.share:.2%} of 1,326", style="bold")
    if result.range.is_weighted:
        head.append(f" (weighted: {result.weight:g} combos)")
    if result.board or result.dead:
        cards = " ".join(
            f"{what} {format_cards(c, symbols=True)}"
            for what, c in (("board", result.board), ("dead", result.dead))
            if c
        )
        head.append(f"; {result.matched - result.count} of {result.matched} removed by {cards}")
    if not result.matched:
        head.append(" - the expression matches no hand")
    grid = Table(show_header=False, box=None, padding=(0, 1, 0, 0), pad_edge=False)
    for _ in range(13):
        grid.add_column(min_width=4, no_wrap=True)
    full = partial = 0
    for row in result.grid():
        cells = []
        for cell in row:
            if cell.weight <= 0.0:
                cells.append(Text(" \u00b7", style="bright_black"))
            elif cell.fraction >= 1.0 - 1e-12:
                full += 1
                cells.append(Text(cell.name.ljust(4), style="bold black on green3"))
            else:
                partial += 1
                cells.append(Text(f"{cell.name}~".ljust(4), style="black on yellow"))
        grid.add_row(*cells)
    legend = Text(
        f"{full} classes full, {partial} partial (~); pairs on the diagonal, suited above it",
        style="dim",
    )
    return Group(head, grid, legend)
