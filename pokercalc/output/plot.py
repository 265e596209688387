"""Equity distributions drawn to PNG or SVG files with matplotlib (the optional ``plot`` extra).

matplotlib is imported only when a file is drawn, with its Agg backend (no
display needed); without it :class:`~pokercalc.errors.InputError` says how to
install it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pokercalc.errors import InputError, install_hint

__all__ = [
    "FORMATS",
    "INSTALL_HINT",
    "check_plot_path",
    "distribution_title",
    "plot_distribution",
    "plot_flops",
    "plot_history",
]

#: The file types written, by suffix.
FORMATS = (".png", ".svg")
#: What to run when matplotlib is missing.
INSTALL_HINT = install_hint("plot")
#: Figure size in inches and resolution: 1200 x 600 pixels as PNG.
SIZE = (10.0, 5.0)
DPI = 120


def check_plot_path(path: str | Path) -> Path:
    """The path, if it names a PNG or SVG file and matplotlib can be imported (before any
    computing); otherwise :class:`InputError`."""
    p = Path(path)
    if p.suffix.lower() not in FORMATS:
        raise InputError(f"--plot writes .png or .svg files, not {str(p)!r}")
    _pyplot()
    return p


def _pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend, or InputError naming the extra to install."""
    try:
        import matplotlib
    except ImportError:
        raise InputError(f"--plot needs matplotlib: {INSTALL_HINT}") from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


#: A curve keeps at most this many steps (more cannot be seen, and would bloat an SVG).
MAX_STEPS = 1500


def _thinned(xs: Sequence[float], ys: Sequence[float]) -> tuple[list[float], list[float]]:
    """Every ``len / MAX_STEPS``-th step of a long curve, and always its last point."""
    n = len(xs)
    if n <= MAX_STEPS:
        return list(xs), list(ys)
    keep = sorted({round(i * (n - 1) / (MAX_STEPS - 1)) for i in range(MAX_STEPS)})
    return [xs[i] for i in keep], [ys[i] for i in keep]


def _draw(
    path: Path,
    title: str,
    curve: tuple[Sequence[float], Sequence[float]],
    hist: tuple[Sequence[float], Sequence[float], float],
    xlabel: str,
    hist_label: str,
) -> None:
    """Two panels side by side: the equity curve as steps, the histogram as bars."""
    plt = _pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=SIZE, dpi=DPI)
    try:
        xs, ys = _thinned(*curve)
        left.fill_between(xs, [100 * y for y in ys], step="post", alpha=0.35, color="tab:green")
        left.step(xs, [100 * y for y in ys], where="post", color="tab:green")
        left.set_xlim(0, 100)
        left.set_ylim(0, 100)
        left.set_xlabel(xlabel)
        left.set_ylabel("equity %")
        left.set_title("equity curve")
        left.grid(alpha=0.3)
        lows, shares, band = hist
        right.bar(
            [100 * lo for lo in lows],
            [100 * s for s in shares],
            width=100 * band,
            align="edge",
            color="tab:blue",
            edgecolor="white",
        )
        right.set_xlabel("equity %")
        right.set_ylabel(hist_label)
        right.set_title("equity histogram")
        right.grid(alpha=0.3, axis="y")
        fig.suptitle(title)
        fig.tight_layout()
        fig.savefig(path, format=path.suffix.lower().lstrip("."))
    finally:
        plt.close(fig)


def distribution_title(result: Any) -> str:
    """The title of a breakdown's plot: the players, the board, the method and the equity of
    the player broken down."""
    from pokercalc.core.cards import format_cards

    run = result.run
    players = " vs ".join(p.label for p in run.players)
    board = f"board {format_cards(run.board)}" if run.board else "preflop"
    if run.method == "mc":
        method = f"Monte Carlo, {run.trials:,} deals, seed {run.seed}"
    else:
        method = "exact"
    equity = f"{100 * (result.equity or 0):.1f}%"
    return (
        f"{players}, {board} ({method})\nplayer {result.player} ({result.label}): equity {equity}"
    )


def plot_distribution(path: str | Path, result: Any) -> Path:
    """Draw a :class:`~pokercalc.analysis.breakdown.BreakdownResult`'s distribution to
    ``path`` (PNG or SVG, 1200 x 600 pixels as PNG)."""
    p = check_plot_path(path)
    dist = result.distribution
    if dist is None:
        raise InputError("no distribution to plot: compute it with distribution=True")
    xs = [100 * s.start for s in dist.steps] + [100.0]
    ys = [s.equity for s in dist.steps] + ([dist.steps[-1].equity] if dist.steps else [0.0])
    band = (dist.bins[0].high - dist.bins[0].low) if dist.bins else 0.05
    title = distribution_title(result)
    _draw(
        p,
        title,
        (xs, ys),
        ([b.low for b in dist.bins], [b.share for b in dist.bins], band),
        "share of range % (best first)",
        "share of range %",
    )
    return p


def plot_flops(path: str | Path, study: Any, bins: int = 20) -> Path:
    """Draw a flop study's equities over all flops to ``path``: the flops sorted by the
    hero's equity, best first, and the histogram of :meth:`FlopEquities.histogram`."""
    p = check_plot_path(path)
    eq = sorted((float(x) for x in study.equities.equity), reverse=True)
    n = len(eq) or 1
    xs = [100 * i / n for i in range(len(eq))] + [100.0]
    ys = eq + ([eq[-1]] if eq else [0.0])
    counts = study.equities.histogram(bins)
    total = sum(counts) or 1
    hero = study.equities
    from pokercalc.core.cards import format_cards

    title = f"{format_cards(hero.hero)} against {hero.range_text} on every flop (exact)"
    _draw(
        p,
        title,
        (xs, ys),
        ([i / bins for i in range(bins)], [c / total for c in counts], 1 / bins),
        "share of flops % (best first)",
        "share of flops %",
    )
    return p


def plot_history(path: str | Path, curve: Sequence[tuple[float, float]], player: str) -> Path:
    """Draw a player's cumulative actual and all-in adjusted net over hands (the trackers'
    EV graph) to ``path``; ``curve`` holds the running totals after each hand."""
    p = check_plot_path(path)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=SIZE, dpi=DPI)
    try:
        xs = list(range(len(curve) + 1))
        actual = [0.0] + [a for a, _ in curve]
        adjusted = [0.0] + [b for _, b in curve]
        for ys, label, color in (
            (actual, "actual net", "tab:green"),
            (adjusted, "all-in adjusted net", "tab:orange"),
        ):
            tx, ty = _thinned(xs, ys)
            ax.plot(tx, ty, label=label, color=color)
        ax.set_xlabel("hands")
        ax.set_ylabel("chips")
        ax.set_title(f"{player}: actual and all-in adjusted net")
        ax.grid(alpha=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(p, format=p.suffix.lower().lstrip("."))
    finally:
        plt.close(fig)
    return p
