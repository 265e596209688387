"""Rich tables of the next-card view: one row per card that can come, against the board now."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from pokercalc.analysis.hits import HitCount
from pokercalc.analysis.next_card import NextCardEquity, NextCardHits
from pokercalc.core.cards import format_cards
from pokercalc.output.figures import percent

__all__ = ["next_hits_view", "next_equity_view", "HIT_GROUPS"]

#: the columns of the hits view: made-hand classes grouped (each combo in one), then draws
HIT_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Straight+", ("straight flush", "quads", "full house", "flush", "straight")),
    ("Set, trips", ("set", "trips")),
    ("Two pair", ("top two pair", "top and bottom two pair", "bottom two pair")),
    (
        "Top pair, overpair",
        ("overpair", "top pair top kicker", "top pair good kicker", "top pair weak kicker"),
    ),
    ("Other pair", ("pocket pair below top pair", "middle pair", "bottom pair", "underpair")),
    ("No pair", ("ace high", "nothing")),
    ("Flush draw", ("flush draw",)),
    ("Straight draw", ("open-ended straight draw", "double gutshot", "gutshot")),
)
_DRAWS = ("Flush draw", "Straight draw")


def _group_share(counts: Sequence[HitCount], names: tuple[str, ...]) -> float:
    """The share of ``names``, classes or straight draws that no combo holds two of."""
    return sum(c.share for c in counts if c.name in names)


def _change(value: float, now: float) -> Text:
    """``value`` as a percentage, green above ``now`` and red below."""
    style = "green" if value > now + 5e-7 else "red" if value < now - 5e-7 else ""
    return Text(percent(value), style=style)


def next_hits_view(result: NextCardHits) -> Any:
    """Cards down, the grouped classes' shares across (coloured against the board now), or
    with --select the selected share and its change."""
    game = "" if result.game == "holdem" else f", {result.game}"
    head = Text(
        f"{result.range} on {format_cards(result.board, sep=' ', symbols=True)}{game}: "
        f"each {result.street} card, {result.combos:,} combos now",
        style="bold",
    )
    if result.dead:
        head.append(f"; dead {format_cards(result.dead, sep=' ', symbols=True)}", style="")
    if result.opponents:
        head.append(f"; vs {' | '.join(result.opponents)}", style="")
    if result.selection is not None:
        table = _selected_table(result)
    else:
        table = _groups_table(result)
    foot = [
        "Each card as if it came (the range's cards make some less likely); green: more than "
        "now, red: less."
    ]
    if result.selection is not None:
        foot.append(f"Selected: {result.selection}.")
    if result.blocked:
        foot.append(f"No hand left with {format_cards(result.blocked, sep=' ', symbols=True)}.")
    return Group(head, table, Text(" ".join(foot), style="dim"))


def _groups_table(result: NextCardHits) -> Table:
    """Cards down, the grouped classes' shares across, coloured against the board now."""
    groups = [(t, n) for t, n in HIT_GROUPS if t not in _DRAWS or result.street == "turn"]
    table = Table(title=f"% of the range by {result.street} card", title_justify="left")
    table.add_column("Card")
    for title, _ in groups:
        table.add_column(title, justify="right")
    now = [_group_share(result.now, names) for _, names in groups]
    table.add_row("now", *(percent(x) for x in now), end_section=True)
    for card in result.cards:
        cells = [
            _change(_group_share(card.counts, names), x)
            for (_, names), x in zip(groups, now, strict=True)
        ]
        table.add_row(Text(card.card.symbol), *cells)
    return table


def _selected_table(result: NextCardHits) -> Table:
    """Cards down: combos left, the selected share and its change from the board now."""
    table = Table(title=f"Selected % by {result.street} card", title_justify="left")
    table.add_column("Card")
    table.add_column("Combos", justify="right")
    table.add_column("Selected %", justify="right")
    table.add_column("Change", justify="right")
    now = result.selected or 0.0
    table.add_row("now", f"{result.combos:,}", percent(now), "", end_section=True)
    for card in result.cards:
        share = card.selected or 0.0
        table.add_row(
            Text(card.card.symbol),
            f"{card.combos:,}",
            _change(share, now),
            percent(share - now, sign=True),
        )
    return table


def next_equity_view(result: NextCardEquity) -> Any:
    """Cards down, each player's equity and its change from the board now across."""
    now = result.now
    labels = " vs ".join(p.label for p in now.players)
    head = Text(
        f"{labels} on {format_cards(result.board, sep=' ', symbols=True)}: "
        f"equity by {result.street} card",
        style="bold",
    )
    if result.dead:
        head.append(f"; dead {format_cards(result.dead, sep=' ', symbols=True)}", style="")
    table = Table(title=f"Equity % by {result.street} card", title_justify="left")
    table.add_column("Card")
    for i, _ in enumerate(now.players, 1):
        table.add_column(f"P{i} %", justify="right")
        table.add_column("Change", justify="right")
    first = []
    for p in now.players:
        first += [percent(p.equity), ""]
    table.add_row("now", *first, end_section=True)
    for card in result.cards:
        cells: list[Any] = []
        for p, q in zip(card.players, now.players, strict=True):
            if p.equity is None or q.equity is None:
                cells += [percent(p.equity), ""]
                continue
            cells += [_change(p.equity, q.equity), percent(p.equity - q.equity, sign=True)]
        table.add_row(Text(card.card.symbol), *cells)
    methods = {c.method for c in result.cards} | {now.method}
    foot = [
        "Each card as if it came; "
        + ("exact." if methods == {"exact"} else "Monte Carlo where marked mc in --json.")
    ]
    foot.append(" ".join(f"P{i}: {p.label}." for i, p in enumerate(now.players, 1)))
    if result.blocked:
        foot.append(f"Cannot come: {format_cards(result.blocked, sep=' ', symbols=True)}.")
    if result.interrupted:
        foot.append(f"INTERRUPTED after {len(result.cards)} cards.")
    return Group(head, table, Text(" ".join(foot), style="dim"))
