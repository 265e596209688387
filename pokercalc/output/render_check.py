"""The rich table of a regression check (`pokercalc check`); computes nothing."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from pokercalc.pipelines.check import CheckResult

__all__ = ["check_table"]


def _pct(x: float) -> str:
    return f"{100 * x:.4f}%"


def check_table(result: CheckResult) -> Group:
    """One row per scenario and player: expected, got, difference, allowed, verdict."""
    table = Table(title=f"pokercalc check: {result.source}")
    for name, justify in (
        ("Scenario", "left"),
        ("Player", "left"),
        ("Expected", "right"),
        ("Got", "right"),
        ("Diff (pts)", "right"),
        ("Allowed (pts)", "right"),
        ("Method", "left"),
        ("Result", "left"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for s in result.scenarios:
        for i, p in enumerate(s.players):
            allowed = "exact" if s.tolerance == "exact" else f"±{100 * p.allowed:.4f}"
            verdict = Text("pass", style="green") if p.passed else Text("FAIL", style="bold red")
            table.add_row(
                s.name if i == 0 else "",
                p.label,
                _pct(float(p.expected)),
                _pct(p.got),
                f"{100 * p.difference:+.4f}",
                allowed,
                (s.method or "") if i == 0 else "",
                verdict,
            )
        if s.note:
            table.add_row("", Text(s.note, style="red"), "", "", "", "", "", "")
    n = len(result.scenarios)
    summary = (
        Text(f"all {n} scenarios passed", style="bold green")
        if result.passed
        else Text(f"{result.failures} of {n} scenarios FAILED", style="bold red")
    )
    return Group(table, summary)
