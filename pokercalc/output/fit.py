"""Tables that keep every number whole at any terminal width; labels wrap or shorten instead."""

from __future__ import annotations

import copy
from collections.abc import Iterable

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

__all__ = ["Fitted", "Parts", "fit", "fit_all"]

_SHORT = 12
_ELLIPSIS = "\u2026"


def _plain(cell: object) -> str:
    return cell.plain if isinstance(cell, Text) else str(cell)


def _whole(
    console: Console,
    options: ConsoleOptions,
    view: RenderableType,
    words: Iterable[str],
    ellipses: int = 0,
) -> list[Segment] | None:
    """``view`` rendered, if it fits the width uncropped with every word of ``words`` unbroken
    and no more than ``ellipses`` ellipses (none added by cropping); else None.

    The segments are what rendering ``view`` again would give: they are printed as they are
    (rendering a table twice doubled the time a long one takes to print, seconds for a
    breakdown by combo, and the wait after Ctrl-C)."""
    segments = list(console.render(view, options))
    lines = list(Segment.split_lines(segments))
    if any(Segment.get_line_length(line) > options.max_width for line in lines):
        return None
    text = "\n".join("".join(segment.text for segment in line) for line in lines)
    if all(word in text for word in words) and text.count(_ELLIPSIS) <= ellipses:
        return segments
    return None


class Fitted:
    """A rich table shown in the first of three forms that keeps its numbers whole at the width.

    The table as built; then without vertical rules and with less padding; then
    stacked, one "header value" line per cell, a record per row. Numbers are the
    words of the right-justified columns (and of ``keep``, by header).
    """

    def __init__(self, table: Table, keep: Iterable[str] = ()) -> None:
        self.table = table
        kept = set(keep)
        self._numeric = [
            column.justify == "right" or _plain(column.header) in kept for column in table.columns
        ]
        # Short label words (hands, cards, "exact") stay whole too: folded to slivers they
        # read as noise; a long one (a range written out) may fold.
        self._words = {
            word
            for column, numeric in zip(table.columns, self._numeric, strict=True)
            for cell in column.cells
            for word in _plain(cell).split()
            if numeric or len(word) <= _SHORT
        }
        # A header may wrap but not be cut ("Equi…"): a form showing more ellipses than the
        # table holds is not whole.
        self._ellipses = sum(
            _plain(text).count(_ELLIPSIS)
            for column in table.columns
            for text in (column.header, *column.cells)
        )
        for column, numeric in zip(table.columns, self._numeric, strict=True):
            # As wide as its widest word (a label's up to _SHORT): a header may wrap,
            # "46.05 ±0.32" break at its space, a long label fold.
            widths = [cell_len(word) for cell in column.cells for word in _plain(cell).split()]
            widest = max(widths, default=0)
            column.min_width = max(
                column.min_width or 0, widest if numeric else min(widest, _SHORT)
            )
            if not numeric:
                column.overflow = "fold"

    def _ruleless(self) -> Table:
        """The table without vertical rules or outer edge, one space between columns."""
        lean = copy.copy(self.table)
        lean.box = box.SIMPLE_HEAD
        lean.show_edge = False
        lean.padding = (0, 0, 0, 0)
        lean.pad_edge = False
        return lean

    def _stacked(self) -> RenderableType:
        """One line per non-empty cell, "header  value", rows apart by a blank line; the title
        and caption at the full width."""
        source = self.table
        stack = Table.grid(padding=(0, 2, 0, 0))
        stack.add_column(overflow="fold")
        stack.add_column(overflow="fold")
        columns = [list(column.cells) for column in source.columns]
        headers = [_plain(column.header) for column in source.columns]
        for i in range(source.row_count):
            if i:
                stack.add_row("", "")
            for header, cells in zip(headers, columns, strict=True):
                if _plain(cells[i]):
                    stack.add_row(Text(header, style="bold"), cells[i])
        parts = [source.title, stack, source.caption]
        return Group(*(Text(p) if isinstance(p, str) else p for p in parts if p is not None))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for view in (self.table, self._ruleless()):
            segments = _whole(console, options, view, self._words, self._ellipses)
            if segments is not None:
                yield from segments
                return
        yield self._stacked()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table)


class Parts:
    """A line of parts joined by " · " (a table's footer) at the console's width, not a table's:
    it breaks between parts, so "0.191 s" or "2 threads" stay whole; a part wider than the
    console wraps at its spaces."""

    SEP = " \u00b7 "

    def __init__(self, line: str, style: str = "") -> None:
        self.parts = line.split(self.SEP)
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines: list[str] = []
        for part in self.parts:
            if lines and cell_len(lines[-1] + self.SEP + part) <= options.max_width:
                lines[-1] += self.SEP + part
            else:
                lines.append(part)
        yield Text("\n".join(lines), style=self.style)


def fit(table: Table, keep: Iterable[str] = ()) -> Fitted:
    """``table`` in the first form that keeps its numbers whole (see :class:`Fitted`)."""
    return Fitted(table, keep)


def fit_all(renderable: RenderableType) -> RenderableType:
    """``renderable`` with every table in it, in groups too, fitted to the width (:func:`fit`)."""
    if isinstance(renderable, Table):
        return fit(renderable)
    if isinstance(renderable, Group):
        return Group(*(fit_all(r) for r in renderable.renderables), fit=renderable.fit)
    return renderable
