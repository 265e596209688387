"""Rich tables and charts for people, built from result objects; computes nothing."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from .cards import format_cards
from .evaluator import HandEvaluation

__all__ = ["eval_table"]


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
