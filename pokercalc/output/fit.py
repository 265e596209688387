"""Tables that keep every number whole at any terminal width; labels wrap between words instead."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

__all__ = ["Fitted", "Parts", "Words", "fit", "fit_all", "pieces"]

_ELLIPSIS = "\u2026"
#: A space that joins two words into one that never breaks ("Straight 8"); printed as a space.
NBSP = "\u00a0"
#: Where a line may break: after a space, or after a comma that is not inside a number
#: ("QQ+,AKs" may break after its comma, "1,176" never).
_BREAK = re.compile(r"(?<= )|(?<=,)(?! )(?!(?<=\d,)\d{3}(?!\d))")


def _plain(cell: object) -> str:
    return cell.plain if isinstance(cell, (Text, Words)) else str(cell)


def pieces(text: str) -> list[str]:
    """``text`` cut where a line may break (after a space, or after a comma between a
    range's classes, not one grouping a number's thousands); a piece keeps its trailing
    space. Joined they give ``text`` again.

    >>> pieces("QQ+,AKs TT,99,88 1,176 Straight\u00a08")
    ['QQ+,', 'AKs ', 'TT,', '99,', '88 ', '1,176 ', 'Straight\xa08']
    """
    return [p for p in _BREAK.split(text) if p]


class Words:
    """Text that wraps only where :func:`pieces` may break it: no word, number or range class
    is ever split across lines (unless it alone is wider than the width); a no-break space
    (:data:`NBSP`) keeps words together and prints as a space."""

    def __init__(self, text: str, style: str = "", justify: str | None = None) -> None:
        self.text = text
        self.style = style
        self.justify = justify

    @property
    def plain(self) -> str:
        """The text as printed on one line."""
        return self.text.replace(NBSP, " ")

    def __str__(self) -> str:
        return self.plain

    def lines(self, width: int) -> list[str]:
        """The text's lines at ``width`` columns, broken between pieces only."""
        out: list[str] = []
        line = ""
        for piece in pieces(self.text):
            if line and cell_len((line + piece).rstrip()) > width:
                out.append(line.rstrip())
                line = ""
            line += piece
        out.append(line.rstrip())
        return [x.replace(NBSP, " ") for x in out]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        justify = self.justify or options.justify or "default"
        for line in self.lines(options.max_width):
            text = Text(line, style=self.style, justify=justify)  # type: ignore[arg-type]
            text.overflow = "fold"  # (a piece wider than the width alone)
            yield text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(p.rstrip()) for p in pieces(self.text)), default=0)
        return Measurement(widest, cell_len(self.plain))


def _as_words(cell: object) -> Words | None:
    """A label cell as :class:`Words` (a plain string, or a Text of one style); else None."""
    if isinstance(cell, Words):
        return cell
    if isinstance(cell, str):
        return Words(cell)
    if isinstance(cell, Text) and not cell.spans and "\n" not in cell.plain:
        return Words(cell.plain, style=str(cell.style), justify=cell.justify)
    return None


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


def _cap(lows: list[int], highs: list[int], room: int) -> list[int]:
    """Widths between ``lows`` and ``highs`` summing to at most ``room``: the widest columns
    narrowed first, to one width (``sum(lows) <= room``)."""
    cap_low, cap_high = 0, max(highs)
    while cap_low < cap_high:
        cap = (cap_low + cap_high + 1) // 2
        if sum(min(h, max(lo, cap)) for lo, h in zip(lows, highs, strict=True)) <= room:
            cap_low = cap
        else:
            cap_high = cap - 1
    widths = [min(h, max(lo, cap_low)) for lo, h in zip(lows, highs, strict=True)]
    # The columns left below their widest take what remains, a column each.
    spare = room - sum(widths)
    for i in sorted(range(len(widths)), key=lambda i: -widths[i]):
        if spare > 0 and widths[i] < highs[i]:
            widths[i] += 1
            spare -= 1
    return widths


def _sized(console: Console, options: ConsoleOptions, table: Table) -> Table | None:
    """``table`` with its columns as wide as the width allows, each at least as wide as its
    widest word, or None if the words alone are wider than the width.

    Rich narrows the widest columns first, below their words (and folds them). Here the
    columns are first given the width that keeps their cells on one line, headers wrapped
    (a header wraps once, a cell on every row), the widest narrowed first; what is left
    widens the headers."""
    wide = options.update_width(10**6)
    ranges = [table._measure_column(console, wide, column) for column in table.columns]
    room = options.max_width - table._extra_width
    lows = [r.minimum for r in ranges]
    highs = [max(r.maximum, r.minimum) for r in ranges]
    if sum(highs) <= room:
        return table
    if sum(lows) > room:
        return None
    cells = []
    for i, column in enumerate(table.columns):
        pad = table._get_padding_width(i)
        widest = max(
            (Measurement.get(console, wide, cell).maximum for cell in column.cells), default=0
        )
        cells.append(max(lows[i], min(highs[i], widest + pad)))
    if sum(cells) > room:
        widths = _cap(lows, cells, room)
    else:
        widths = _cap(cells, highs, room)
    sized = copy.copy(table)
    sized.columns = [copy.copy(column) for column in table.columns]
    for i, (column, width) in enumerate(zip(sized.columns, widths, strict=True)):
        column.width = width - table._get_padding_width(i)
    return sized


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
        # Labels wrap between words only (and a range between its classes): a word folded
        # to slivers ("HoldemHan" over "d") reads as noise.
        for column, numeric in zip(table.columns, self._numeric, strict=True):
            if not numeric:
                cells = [_as_words(cell) or cell for cell in column._cells]
                column._cells[:] = cells
        # Every word of a cell or a header stays whole in the form shown.
        self._words = {
            piece.rstrip()
            for column in table.columns
            for cell in (column.header, *column.cells)
            for piece in pieces(_plain(cell))
            if piece.strip()
        }
        # A header may wrap but not be cut ("Equi…"): a form showing more ellipses than the
        # table holds is not whole.
        self._ellipses = sum(
            _plain(text).count(_ELLIPSIS)
            for column in table.columns
            for text in (column.header, *column.cells)
        )
        for column, numeric in zip(table.columns, self._numeric, strict=True):
            # As wide as its widest word, header included: a header may wrap, "46.05 ±0.32"
            # break at its space, a label between its words.
            widths = [
                cell_len(piece.rstrip())
                for cell in (column.header, *column.cells)
                for piece in pieces(_plain(cell))
            ]
            column.min_width = max(column.min_width or 0, max(widths, default=0))
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
                    cell = _as_words(cells[i]) or cells[i]
                    stack.add_row(Words(header, style="bold"), cell)
        parts = [source.title, stack, source.caption]
        return Group(*(Words(p) if isinstance(p, str) else p for p in parts if p is not None))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        words = [w for w in self._words if cell_len(w) <= options.max_width]
        drawn: list[list[Segment]] = []
        for form in (self.table, self._ruleless()):
            view = _sized(console, options, form)
            if view is None:
                continue
            segments = _whole(console, options, view, words, self._ellipses)
            if segments is not None and (view is form or drawn):
                drawn.append(segments)
                break
            if segments is not None:
                drawn.append(segments)
        if not drawn:
            yield self._stacked()
            return
        # The table as built, unless its rules wrap its labels on many more lines than the
        # two of its edges: a table narrowed to the width wraps less without them.
        lines = [sum(s.text.count("\n") for s in segments) for segments in drawn]
        if len(drawn) == 2 and lines[0] - 2 - lines[1] > max(2, lines[1] // 10):
            yield from drawn[1]
        else:
            yield from drawn[0]

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table)


class Parts:
    """A line of parts joined by " · " (a table's footer) at the console's width, not a table's:
    it breaks between parts, so "0.191 s" or "2 threads" stay whole, filling each line in
    turn, except that a part is not left alone on the last line when the one before it
    can join it there; a part wider than the console wraps between its words."""

    SEP = " \u00b7 "

    def __init__(self, line: str, style: str = "") -> None:
        self.parts = line.split(self.SEP)
        self.style = style

    def lines(self, width: int) -> list[list[str]]:
        """The parts in lines at ``width`` columns."""
        lines: list[list[str]] = []
        for part in self.parts:
            if lines and cell_len(self.SEP.join([*lines[-1], part])) <= width:
                lines[-1].append(part)
            else:
                lines.append([part])
        # (the README's footer at 80 columns left "2 threads" alone)
        if len(lines) > 1 and len(lines[-1]) == 1 and len(lines[-2]) > 1:
            moved = [lines[-2][-1], *lines[-1]]
            if cell_len(self.SEP.join(moved)) <= width:
                lines[-2:] = [lines[-2][:-1], moved]
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            yield Words(self.SEP.join(line), style=self.style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max(cell_len(part) for part in self.parts)
        return Measurement(min(widest, options.max_width), cell_len(self.SEP.join(self.parts)))


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
