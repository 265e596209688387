"""The rich tables of ``pokercalc history``: totals per player, all-in hands; computes nothing."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from pokercalc.output.figures import percent
from pokercalc.pipelines.history import HistoryResult

__all__ = ["history_table", "summary_line"]


def _chips(value: float) -> str:
    """Chips with thousands separators and no more decimals than they need."""
    text = f"{value:,.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def summary_line(result: HistoryResult) -> str:
    """Hands read, used and adjusted, the skipped ones by reason, and the rake."""
    parts = [
        f"{result.hands_read:,} hand{'s' * (result.hands_read != 1)} read",
        f"{result.hands_used:,} used",
        f"{result.allin_hands:,} all-in adjusted",
    ]
    reasons = ", ".join(f"{n:,} {why}" for why, n in result.skipped.items())
    text = "; ".join(parts) + (f" (not adjusted: {reasons})" if reasons else "")
    if result.rake:
        text += f"; rake {_chips(result.rake)}"
    return text


def history_table(result: HistoryResult, hands: bool = False) -> Group:
    """One row per player (and with ``hands`` one row per all-in hand and player), then the
    summary line."""
    tables = []
    for unit, title in (("", "chips"), ("_bb", "big blinds")):
        table = Table(title=f"actual and all-in adjusted net in {title}")
        for name in ("Player", "Hands", "All-in", "Actual", "Adjusted", "Diff"):
            table.add_column(name, justify="left" if name == "Player" else "right")
        for p in result.players:
            table.add_row(
                p.player,
                f"{p.hands:,}",
                f"{p.allin_hands:,}",
                _chips(getattr(p, "actual" + unit)),
                _chips(getattr(p, "adjusted" + unit)),
                _chips(getattr(p, "difference" + unit)),
            )
        tables.append(table)
    parts: list[Table | Group | Text] = list(tables)
    if hands:
        parts.append(_hands_table(result))
    style = "bold red" if result.interrupted else ""
    line = summary_line(result)
    parts.append(Text(("INTERRUPTED: " if result.interrupted else "") + line, style=style))
    return Group(*parts)


def _hands_table(result: HistoryResult) -> Group:
    """A small table per all-in hand: its pots and board in the title, then each player's
    cards, equity in each pot (main pot first), actual and adjusted net."""
    import os

    out = []
    for h in result.hands:
        pots = " + ".join(_chips(p.amount) for p in h.pots)
        title = f"{os.path.basename(h.source)}:{h.index}  board {h.board or '-'}  pots {pots}"
        table = Table(title=title)
        for name in ("Player", "Cards", "Equity", "Actual", "Adjusted"):
            justify = "left" if name in ("Player", "Cards") else "right"
            table.add_column(name, justify=justify)  # type: ignore[arg-type]
        for i, name in enumerate(h.players):
            if not h.cards[i]:
                continue
            shares = [
                percent(p.equities[p.players.index(name)], unit=True) if name in p.players else "-"
                for p in h.pots
            ]
            table.add_row(
                name, h.cards[i], " / ".join(shares), _chips(h.actual[i]), _chips(h.adjusted[i])
            )
        out.append(table)
    return Group(*out)
