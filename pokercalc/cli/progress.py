"""Progress on stderr: bars and counts that appear once a run has taken a second, a spinner
while output is made, and notes printed above a bar (never into it).

Terminals only: a pipe or a log gets none of it.  ``rich.progress`` is imported
only when a bar is shown, so that a quick command never pays for it.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from typing import Any

import click


class Working:
    """A spinner on stderr saying ``what`` while a block runs past a second (terminals only)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.bar: Any = None
        self.done = False
        self.timer: Any = None

    def __enter__(self) -> None:
        if sys.stderr.isatty():
            import threading

            self.lock = threading.Lock()
            self.timer = threading.Timer(1.0, self._start)
            self.timer.daemon = True
            self.timer.start()

    def _start(self) -> None:
        from rich.console import Console
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        with self.lock:
            if not self.done:
                self.bar = Progress(SpinnerColumn(), TextColumn(self.what), TimeElapsedColumn(),
                                    console=Console(stderr=True), transient=True)  # fmt: skip
                self.bar.add_task(self.what, total=None)
                self.bar.start()

    def __exit__(self, *exc: object) -> None:
        if self.timer is not None:
            self.timer.cancel()
            with self.lock:
                self.done = True
                if self.bar is not None:
                    self.bar.stop()


class _LateBar:
    """A rich progress bar on stderr that appears once a run has taken a second (a quick
    run shows none) and goes away when closed; ``columns`` makes its columns from the
    ``rich.progress`` module, imported only then."""

    def __init__(self, label: str, columns: Callable[[Any], list[Any]]) -> None:
        import time

        self._clock = time.perf_counter
        self._started = self._clock()
        self._label = label
        self._columns = columns
        self._bar: Any = None
        self._task: Any = None

    def show(self, completed: float, total: float | None) -> None:
        """Move the bar to ``completed`` of ``total`` (None: no end known)."""
        if self._bar is None:
            if self._clock() - self._started < 1.0:
                return
            import rich.progress
            from rich.console import Console

            self._bar = rich.progress.Progress(
                *self._columns(rich.progress), console=Console(stderr=True), transient=True
            )
            self._bar.start()
            self._task = self._bar.add_task(self._label, total=total)
            _LIVE.append(self)
        self._bar.update(self._task, completed=completed)

    def close(self) -> None:
        """Remove the bar, if one is showing."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
            if self in _LIVE:
                _LIVE.remove(self)

    def print_above(self, text: str) -> bool:
        """Print a line above the bar (never into it); False when no bar is showing."""
        bar = self._bar
        if bar is None:
            return False
        bar.console.print(text, markup=False, highlight=False, soft_wrap=True)
        return True


#: The bars showing now (a note goes above the last).
_LIVE: list[_LateBar] = []


def notice(text: str) -> None:
    """One line on stderr: above the progress bar when one is showing, else as it is."""
    if not (_LIVE and _LIVE[-1].print_above(text)):
        click.echo(text, err=True)


def progress_callback(enabled: bool = True) -> Callable[[float], None] | None:
    """A progress bar with time left on stderr, shown once a run has taken a second.

    Only when stderr is a terminal, whatever stdout is (a table, JSON, CSV or
    a pipe); never in logs.  Returns None when there is nothing to show; the
    callable takes the fraction done and has a ``close()`` that removes the bar.
    """
    if not enabled or not sys.stderr.isatty():
        return None
    bar = _LateBar(
        "computing",
        lambda rp: [
            rp.TextColumn("computing"),
            rp.BarColumn(),
            rp.TaskProgressColumn(),
            rp.TimeElapsedColumn(),
            rp.TextColumn("left"),
            rp.TimeRemainingColumn(),
        ],
    )

    def update(fraction: float) -> None:
        bar.show(fraction, 1.0)
        if fraction >= 1.0:
            bar.close()

    update.close = bar.close  # type: ignore[attr-defined]
    return update


def _item_counter(label: str, what: str) -> Callable[[], None] | None:
    """A count of ``what`` done on stderr (a call per item), once a run has taken a second,
    on a terminal only."""
    if not sys.stderr.isatty():
        return None
    bar = _LateBar(
        label,
        lambda rp: [
            rp.SpinnerColumn(),
            rp.TextColumn("{task.completed:,.0f} " + what),
            rp.TimeElapsedColumn(),
        ],
    )
    done = itertools.count(1)

    def update() -> None:
        bar.show(next(done), None)

    update.close = bar.close  # type: ignore[attr-defined]
    return update


def line_counter() -> Callable[[], None] | None:
    """A count of batch lines done on stderr, once a run has taken a second, on a terminal only."""
    return _item_counter("batch", "lines done")


def hand_counter() -> Callable[[], None] | None:
    """A count of hands read on stderr, once a run has taken a second, on a terminal only."""
    return _item_counter("history", "hands read")


def close_progress(progress: Callable[..., None] | None) -> None:
    """Remove a bar made by :func:`progress_callback`, if one is showing."""
    if progress is not None:
        progress.close()  # type: ignore[attr-defined]


def plan_notice(outcomes: int, seconds: float) -> None:
    """One line on stderr before a long exhaustive run: its size and expected duration."""
    if seconds >= 3.0:
        notice(
            f"pokercalc: enumerating {outcomes:,} outcomes exactly; "
            f"about {_duration(seconds)} (estimated from a sample; Ctrl-C stops)"
        )


def _duration(seconds: float) -> str:
    """Seconds as people say them: 40 s, 12 min, 3.5 h, 2.1 days."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    if seconds < 172800:
        return f"{seconds / 3600:.1f} h"
    if seconds < 2 * 365 * 86400:
        return f"{seconds / 86400:.0f} days"
    return f"{seconds / (365.25 * 86400):,.0f} years"


def piece_counter() -> Callable[[int, int], None] | None:
    """Pieces done out of all on stderr, once a run has taken a second, on a terminal only."""
    if not sys.stderr.isatty():
        return None
    bar = _LateBar(
        "pieces",
        lambda rp: [
            rp.TextColumn("pieces"),
            rp.BarColumn(),
            rp.MofNCompleteColumn(),
            rp.TimeElapsedColumn(),
            rp.TextColumn("left"),
            rp.TimeRemainingColumn(),
        ],
    )

    def update(done: int, total: int) -> None:
        bar.show(done, total)

    update.close = bar.close  # type: ignore[attr-defined]
    return update
