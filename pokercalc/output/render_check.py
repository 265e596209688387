"""The rich table of a regression check (`pokercalc check`); computes nothing."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from pokercalc.output.figures import distinguishing_decimals, percent
from pokercalc.pipelines.check import CheckResult

__all__ = ["check_table"]


def check_table(result: CheckResult) -> Group:
    """One row per scenario and player: expected, got, difference, allowed, verdict.

    Equities have the decimals of every table (``--decimals``); differences and tolerances
    as many more as show every tolerance and failing difference as nonzero.
    """
    players = [p for s in result.scenarios for p in s.players]
    places = distinguishing_decimals(
        [p.allowed for p in players] + [p.difference for p in players if not p.passed]
    )
    table = Table(title=f"pokercalc check: {result.source}")
    # The scenario's name on a row of its own, over its players: in a column beside the
    # players it was squeezed into a dozen columns and as many lines.
    for name, justify in (
        ("Scenario, player", "left"),
        ("Expected", "right"),
        ("Got", "right"),
        ("Diff (pts)", "right"),
        ("Allowed (pts)", "right"),
        ("Method", "left"),
        ("Result", "left"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for s in result.scenarios:
        table.add_row(Text(s.name, style="bold"), "", "", "", "", s.method or "", "")
        for p in s.players:
            allowed = "exact" if s.tolerance == "exact" else "±" + percent(p.allowed, places)
            verdict = Text("pass", style="green") if p.passed else Text("FAIL", style="bold red")
            table.add_row(
                "  " + p.label,
                percent(p.expected, unit=True),
                percent(p.got, unit=True),
                percent(p.difference, places, sign=True),
                allowed,
                "",
                verdict,
            )
        if s.note:
            table.add_row(Text("  " + s.note, style="red"), "", "", "", "", "", "")
    n = len(result.scenarios)
    if result.interrupted:
        summary = Text(
            f"INTERRUPTED after {n} scenario{'s' * (n != 1)}: {result.failures} failed",
            style="bold red",
        )
    elif result.passed:
        summary = Text(
            "the scenario passed" if n == 1 else f"all {n} scenarios passed", style="bold green"
        )
    else:
        summary = Text(
            f"{result.failures} of {n} scenario{'s' * (n != 1)} FAILED", style="bold red"
        )
    return Group(table, summary)
