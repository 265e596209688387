"""Rich views of a flop study: summary, equity distribution chart, fitted formula; no computing."""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from pokercalc.core.cards import format_cards
from pokercalc.output.figures import percent
from pokercalc.texture.features import describe
from pokercalc.texture.flops import FlopStudy

__all__ = ["flops_view", "flops_summary_table", "flops_chart", "flops_fit_table"]

_EIGHTHS = " ▏▎▍▌▋▊▉█"


def _pct(x: float) -> str:
    return percent(x, unit=True)


def flops_summary_table(study: FlopStudy) -> Table:
    """One row: hero, range, combos and the equity's mean, quartiles and share of flops ahead."""
    eq = study.equities
    s = eq.summary()
    table = Table(title=f"{format_cards(eq.hero)} against {eq.range_text} on every flop")
    for name in ("Flops", "Combos", "Mean", "Min", "Q1", "Median", "Q3", "Max", "Ahead"):
        table.add_column(name, justify="right")
    table.add_row(
        f"{len(eq):,}",
        f"{eq.combos:,}",
        _pct(s["mean"]),
        _pct(s["min"]),
        _pct(s["q1"]),
        _pct(s["median"]),
        _pct(s["q3"]),
        _pct(s["max"]),
        _pct(s["ahead"]),
    )
    return table


def _chart_margin() -> int:
    """Columns of a chart line besides its bar: " 60- 65% │" before, " 123456 100.00%" after."""
    return 10 + 8 + len(_pct(1.0))


def flops_chart(study: FlopStudy, *, bins: int = 20, width: int = 50) -> Text:
    """A horizontal bar chart of how many flops fall in each 5% band of equity, from the lowest
    band holding a flop to the highest (no empty bands at the ends)."""
    counts = study.equities.histogram(bins)
    held = [i for i, c in enumerate(counts) if c]
    top = max(counts) or 1
    total = sum(counts) or 1
    share = len(_pct(1.0))
    text = Text()
    text.append("Equity distribution over the flops\n", style="bold")
    if not held:
        text.append("(no flop computed)\n", style="dim")
    for i in range(held[0], held[-1] + 1) if held else ():
        c = counts[i]
        lo, hi = 100 * i / bins, 100 * (i + 1) / bins
        eighths = round(c / top * width * 8)
        bar = "█" * (eighths // 8) + (_EIGHTHS[eighths % 8] if eighths % 8 else "")
        text.append(f"{lo:3g}-{hi:3g}% │")
        text.append(bar.ljust(width), style="green")
        text.append(f" {c:6d} {_pct(c / total):>{share}}\n")
    text.rstrip()
    return text


def flops_fit_table(study: FlopStudy) -> Any:
    """The chosen features with weights, the errors, the solver status and the mnemonic."""
    fit = study.fit
    if fit is None:
        if study.interrupted:
            return Text("INTERRUPTED: no formula was fitted", style="bold red")
        return Text("")
    table = Table(title=f"{fit.model}: features and weights")
    table.add_column("Feature")
    table.add_column("Weight", justify="right")
    table.add_column("Flops", justify="right")
    table.add_column("Description")
    for j, w in fit.weights:
        share = study.features[:, j - 1].mean()
        table.add_row(f"F{j}", percent(w, sign=True, unit=True), _pct(share), describe(j))
    status = "optimal" if fit.status == "optimal" else "time limit, best found"
    if fit.status != "optimal":
        status += f" (gap {_pct(fit.gap)})" if fit.gap is not None else " (gap unknown)"
    text = Text()
    text.append(
        f"average error {_pct(fit.avg_error)}, largest {_pct(fit.max_error)}; {status}; "
        f"{fit.elapsed:.1f} s\n"
    )
    text.append("Ahead: share of flops where the hero's equity is above 50%.\n")
    text.append("Formula: ", style="bold")
    text.append(fit.formula())
    return Group(table, text)


class _FittedChart:
    """The distribution chart with bars as long as the console's width leaves (10 to 50)."""

    def __init__(self, study: FlopStudy) -> None:
        self.study = study

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        margin = _chart_margin()
        yield flops_chart(self.study, width=max(10, min(50, options.max_width - margin)))


def flops_view(study: FlopStudy) -> Group:
    """Summary table, distribution chart and fitted formula, top to bottom."""
    return Group(flops_summary_table(study), _FittedChart(study), flops_fit_table(study))
