"""Rich tables and charts for people, built from result objects; computes nothing."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from pokercalc.analysis.draws import DrawsResult, OmahaDrawsResult
from pokercalc.analysis.equities import EquityResult
from pokercalc.analysis.hits import HitsResult
from pokercalc.analysis.outs import OmahaOutsResult, OutsResult
from pokercalc.analysis.win_odds import WinOddsResult
from pokercalc.core.cards import CardLike, format_cards
from pokercalc.core.evaluator import HandEvaluation
from pokercalc.core.games import get_game
from pokercalc.output.figures import number, percent, whole_percent
from pokercalc.output.fit import NBSP, Parts, Words
from pokercalc.ranges.query import ClassCount, QueryResult

if TYPE_CHECKING:  # omaha.py loads numpy: only its type is needed here
    from pokercalc.ranges.omaha import OmahaQueryResult

__all__ = [
    "eval_table",
    "equity_view",
    "equity_table",
    "equity_footer",
    "range_grid",
    "omaha_query_view",
    "outs_table",
    "draws_table",
    "hits_table",
    "winodds_view",
    "winodds_table",
    "winodds_footer",
    "winodds_chart",
]


def eval_table(results: Sequence[HandEvaluation]) -> Table:
    """One row per evaluated hand: the five cards that play (in Omaha the two hole cards,
    then the three of the board; in badugi one to four), those that do not, the value and its
    names, and the low in hi/lo games."""
    table = Table(title="Hand values")
    # A badugi hand plays one to four cards.
    badugi = all(get_game(r.game).ranking == "badugi" for r in results)
    table.add_column("Plays" if badugi else "Best five")
    unused = [[c for c in r.cards if c not in r.best] for r in results]
    if any(unused):
        table.add_column("Not used")
    table.add_column("Value", justify="right")
    table.add_column("Category")
    table.add_column("Description")
    hilo = any(get_game(r.game).hilo for r in results)
    if hilo:
        table.add_column("Low")
    for r, rest in zip(results, unused, strict=True):
        # The five stay on one line (NBSP); in Omaha they may break after the hole cards.
        if get_game(r.game).forming == "omaha":
            best = (
                f"{format_cards(r.best[:2], sep=NBSP, symbols=True)}{NBSP}+ "
                f"{format_cards(r.best[2:], sep=NBSP, symbols=True)}"
            )
        else:
            best = format_cards(r.best, sep=NBSP, symbols=True)
        row = [best]
        if any(unused):
            row.append(format_cards(rest, sep=" ", symbols=True))
        row += [str(r.value), r.category_name, r.description]
        if hilo:
            row.append(r.low or "no low")
        table.add_row(*row)
    return table


def equity_view(result: EquityResult) -> Any:
    """The equity table, then its footer as a line of its own at the terminal's width."""
    from rich.console import Group

    return Group(equity_table(result), Parts(equity_footer(result)))


def equity_table(result: EquityResult) -> Table:
    """Player, hand or range, combos, equity, win and tie (:func:`equity_footer` says how it
    was computed).  Combos are the hands left once the board and dead cards are removed,
    each counted once; when a range is weighted, "Weighted" is the sum of their weights."""
    # (Monte Carlo, or an interrupted exact run's estimate from the part of it done)
    mc = result.method == "mc" or any(p.stderr is not None for p in result.players)
    # Hi/lo: "win" is a scoop and "tie" any part of the pot short of all of it.
    hilo = get_game(result.game).hilo
    table = Table(title="Equity")
    table.add_column("#", justify="right")
    table.add_column("Hand or range")
    table.add_column("Combos", justify="right")
    # Combos count each hand once; a weighted range's sum of weights is a column of its own.
    weighted = any(p.weight is not None for p in result.players)
    if weighted:
        table.add_column("Weighted", justify="right")
    table.add_column("Equity %", justify="right")
    if mc:
        table.add_column("± SE %", justify="right")
    table.add_column("Scoop %" if hilo else "Win %", justify="right")
    table.add_column("Part %" if hilo else "Tie %", justify="right")
    if hilo:
        table.add_column("High %", justify="right")
        table.add_column("Low %", justify="right")
    for i, p in enumerate(result.players, 1):
        row = [str(i), p.label, f"{p.combos:,}"]
        if weighted:
            row.append(_combos_text(p.combos if p.weight is None else p.weight))
        row.append(percent(p.equity))
        if mc:
            # (stopped before the first deal: no estimate, so no error either)
            row.append("-" if p.equity is None else percent(p.stderr or 0.0))
        row += [percent(p.win), percent(p.tie)]
        if hilo:
            row += [percent(p.high_share), percent(p.low_share)]
        table.add_row(*row)
    return table


def _rate(per_second: float) -> str:
    """A rate per second in the unit that fits: "630/s", "80.0k/s", "14.2M/s" (one decimal
    in k and M; never "5e-05M" or "0.00063M")."""
    if per_second >= 1e6:
        return f"{per_second / 1e6:,.1f}M/s"
    if per_second >= 1e3:
        return f"{per_second / 1e3:.1f}k/s"
    return f"{per_second:.0f}/s"


def _board_part(board: tuple[Any, ...], game: str) -> str:
    """ "board ..." (or "board none"), or in a game without a board its name."""
    if not get_game(game).has_board:
        return game
    return f"board {format_cards(board, sep=' ', symbols=True) or 'none'}"


def equity_footer(result: EquityResult) -> str:
    """One line: method, outcomes or trials, time and the rate: showdowns per second when
    exact, deals per second in Monte Carlo (what :attr:`EquityResult.showdowns` counts)."""
    parts = [_board_part(result.board, result.game)]
    if result.dead:
        parts.append(f"dead {format_cards(result.dead, sep=' ', symbols=True)}")
    approx = "" if result.outcomes_exact else "~"
    if result.method == "exact":
        plural = "" if result.outcomes == 1 else "s"
        parts.append(f"exact: {approx}{result.outcomes:,} outcome{plural}")
        if result.symmetry > 1:
            parts.append(f"{result.symmetry} suit symmetries merged")
    else:
        parts.append(f"Monte Carlo: {result.trials:,} deals, seed {result.seed}")
        if result.outcomes or result.outcomes_exact:  # (none estimated: stopped counting them)
            parts.append(f"{approx}{result.outcomes:,} outcomes in all")
    if result.low_possible is not None:
        parts.append(f"low possible {percent(result.low_possible, unit=True)}")
    parts.append(f"{result.elapsed:.3f} s")
    rate = _rate(result.showdowns_per_second)
    what = "showdowns" if result.method == "exact" else "deals"
    parts.append(rate.replace("/s", f" {what}/s"))
    if result.pieces is not None:
        parts.append(f"{result.pieces:,} piece{'s' if result.pieces > 1 else ''}")
    else:
        parts.append(f"{result.threads} thread{'s' if result.threads > 1 else ''}")
    line = " · ".join(parts)
    if not result.interrupted:
        return line
    if result.method == "exact" and result.players[0].stderr is not None:
        return line + (
            f" · INTERRUPTED after {result.done_fraction:.0%} of the enumeration, a random "
            "part: equities estimated"
        )
    if result.method == "exact" and result.players[0].equity is not None:
        return line + " · INTERRUPTED as the enumeration ended: its equities are whole"
    if result.method == "exact":
        return line + (
            f" · INTERRUPTED after {result.done_fraction:.0%} of the enumeration: no equities"
        )
    if result.players[0].equity is None:
        return line + " · INTERRUPTED before the first deal: no equities"
    return line + " · INTERRUPTED: estimate so far"


def range_grid(result: QueryResult) -> Any:
    """The count and share of a range, then its grid (13x13; 9x9 in short-deck) shaded full /
    partial / none."""
    from rich.console import Group
    from rich.text import Text

    head = Text(
        f"{result.count:,} combos, {percent(result.share, unit=True)} of {result.total:,}",
        style="bold",
    )
    if result.game != "holdem":
        head.append(f" {result.game} hands")
    if result.range.is_weighted:
        head.append(f" (weighted: {result.weight:g} combos)")
    if result.board or result.dead:
        cards = " ".join(
            f"{what} {format_cards(c, symbols=True)}"
            for what, c in (("board", result.board), ("dead", result.dead))
            if c
        )
        head.append(f"; {result.matched - result.count} of {result.matched} removed by {cards}")
    if not result.matched:
        head.append(" - the expression matches no hand")
    rows = result.grid()
    full = sum(1 for row in rows for c in row if c.weight > 0.0 and c.fraction >= 1.0 - 1e-12)
    partial = sum(1 for row in rows for c in row if c.weight > 0.0) - full
    legend = Text(
        f"{full} class{'es' * (full != 1)} full, {partial} partial (~); pairs on the diagonal, "
        "suited above it",
        style="dim",
    )
    return Group(head, _ClassGrid(rows), legend)


class _ClassGrid:
    """The grid of hand classes at the console's width: a cell per class with its name where
    the width allows (64 columns in hold'em), else two-character cells under rank headers
    (40 columns), else a line saying the grid was cut."""

    def __init__(self, rows: list[list[ClassCount]]) -> None:
        self.rows = rows

    @staticmethod
    def _full(cell: ClassCount) -> bool:
        return cell.fraction >= 1.0 - 1e-12

    def _named(self) -> Table:
        grid = Table(show_header=False, box=None, padding=(0, 1, 0, 0), pad_edge=False)
        for _ in self.rows:
            grid.add_column(min_width=4, no_wrap=True)
        for row in self.rows:
            cells = []
            for cell in row:
                if cell.weight <= 0.0:
                    cells.append(Text(" \u00b7", style="bright_black"))
                elif self._full(cell):
                    cells.append(Text(cell.name.ljust(4), style="bold black on green3"))
                else:
                    cells.append(Text(f"{cell.name}~".ljust(4), style="black on yellow"))
            grid.add_row(*cells)
        return grid

    def _compact(self) -> Text:
        ranks = [row[i].name[0] for i, row in enumerate(self.rows)]
        text = Text("  " + "  ".join(ranks) + "\n", style="bold")
        for rank, row in zip(ranks, self.rows, strict=True):
            text.append(rank + " ", style="bold")
            for i, cell in enumerate(row):
                text.append(" " if i else "")
                if cell.weight <= 0.0:
                    text.append(" \u00b7", style="bright_black")
                elif self._full(cell):
                    text.append("\u2588\u2588", style="green3")
                else:
                    text.append("~~", style="yellow")
            text.append("\n")
        text.append("\u2588\u2588 full, ~~ partial", style="dim")
        return text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        n = len(self.rows)
        if options.max_width >= 5 * n - 1:
            yield self._named()
        elif options.max_width >= 3 * n + 1:
            yield self._compact()
        else:
            yield Text(
                f"(grid cut: the {n}x{n} grid needs {3 * n + 1} columns; --list prints the hands)",
                style="dim",
            )


def omaha_query_view(result: OmahaQueryResult, examples: int = 10) -> Any:
    """The count and share of an Omaha range, then its first hands (no 13x13 grid in Omaha)."""
    from rich.console import Group
    from rich.text import Text

    game = result.game
    hands = "hand" if result.count == 1 else "hands"
    share = percent(result.share, unit=True)
    head = Text(f"{result.count:,} {hands}, {share} of {result.total:,}", style="bold")
    head.append(f" {game.name} hands")
    if result.is_weighted:
        head.append(f" (weighted: {result.weight:,g} hands)")
    if result.board or result.dead:
        cards = " ".join(
            f"{what} {format_cards(c, symbols=True)}"
            for what, c in (("board", result.board), ("dead", result.dead))
            if c
        )
        head.append(f"; {result.matched - result.count:,} of {result.matched:,} removed by {cards}")
    if not result.matched:
        head.append(" - the expression matches no hand (every weight is 0)")
    shown = result.examples(examples)
    table = Table(box=None, padding=(0, 2, 0, 0), pad_edge=False)
    table.add_column("#", justify="right", style="dim")
    table.add_column("Hand")
    weighted = result.is_weighted
    if weighted:
        table.add_column("Weight", justify="right")
    for i, (combo, w) in enumerate(shown, 1):
        row = [str(i), format_cards(combo, sep=" ", symbols=True)]
        table.add_row(*(row + [f"{w:g}"] if weighted else row))
    more = result.count - len(shown)
    legend = Text(
        f"the first {len(shown)} of {result.count:,}; --list prints them all"
        if more
        else f"all {len(shown)} shown",
        style="dim",
    )
    if not shown:
        return head
    return Group(head, table, legend)


def _outs_question(result: OutsResult) -> str:
    """The questions the outs answer, with their answers: the cards that improve the hand
    (Keith Rule's rules), and with opponents the cards after which the hero is ahead."""
    unseen = len(result.cards)
    omaha = isinstance(result, OmahaOutsResult)
    what, rules = ("the high hand", ", adapted to Omaha") if omaha else ("the hand", "")
    line = f"Outs: {result.count} of {unseen} cards improve {what} (Keith Rule's rules{rules})"
    if not result.opponents or result.equity is None:
        return line
    ahead = sum(1 for c in result.cards if c.ahead)
    verb = "keep" if result.ahead else "put"
    line += f"\nAhead: {ahead} of {unseen} cards {verb} the hero ahead"
    extra = sum(1 for c in result.cards if c.ahead and not c.is_out)
    if extra and not result.ahead:
        line += f" ({extra} not outs)"
    behind = len(result.behind_after)
    verb = "put" if result.ahead else "keep"
    line += f"\nBehind: {behind} of {unseen} cards {verb} the hero behind"
    return line


def _ahead_behind_table(result: OutsResult) -> Table:
    """Every unseen card by where it leaves the hero: ahead (kept or put there) or behind."""
    now = "ahead" if result.ahead else "behind"
    est = " (Monte Carlo estimates)" if result.method == "mc" else ""
    table = Table(title=f"Where each card leaves the hero, {now} now{est}")
    table.add_column("After the card")
    table.add_column("Count", justify="right")
    table.add_column("Cards")
    keep_or_put = ("keeps", "puts") if result.ahead else ("puts", "keeps")
    for name, verb, group in (
        ("ahead", keep_or_put[0], result.ahead_after),
        ("behind", keep_or_put[1], result.behind_after),
    ):
        shown = format_cards(group, sep=" ", symbols=True) if group else "none"
        table.add_row(f"{verb} the hero {name}", str(len(group)), shown)
    no_deal = [c.card for c in result.cards if c.no_deal]
    if no_deal:
        table.add_row("no deal", str(len(no_deal)), format_cards(no_deal, sep=" ", symbols=True))
    return table


def outs_table(result: OutsResult) -> Any:
    """The outs grouped by the hand they make, equity after each, then the counts and odds."""
    from rich.console import Group
    from rich.text import Text

    def cards(cs: Sequence[CardLike]) -> str:
        return format_cards(cs, sep=" ", symbols=True)

    vs = bool(result.opponents)
    omaha = isinstance(result, OmahaOutsResult)
    hilo = isinstance(result, OmahaOutsResult) and result.low_outs is not None
    where = result.street if result.game == "holdem" else f"{result.street}, {result.game}"
    head = Text(
        f"{cards(result.hero)} on {cards(result.board)} ({where}): {result.description}",
        style="bold",
    )
    if isinstance(result, OmahaOutsResult):
        head.append(" (the nuts)" if result.nuts else "")
        if hilo:
            head.append(f"; low {result.low or 'none'}")
    if result.dead:
        head.append(f", dead {cards(result.dead)}", style="")
    mc = result.method == "mc"
    if vs and result.equity is not None:
        state = "ahead" if result.ahead else "behind"
        se = f" ± {percent(result.equity_stderr or 0.0, unit=True)}" if mc else ""
        head.append(
            f"\nvs {' | '.join(result.opponents)}: equity now "
            f"{percent(result.equity, unit=True)}{se} ({state})",
            style="",
        )
    if vs and mc:
        head.append(
            f"\nMonte Carlo, seed {result.seed}: equities estimated (± one standard error); "
            "--exact enumerates",
            style="",
        )
    head.append("\n" + _outs_question(result), style="")
    if result.interrupted:
        done = sum(1 for c in result.cards if c.equity is not None or c.no_deal)
        head.append(
            f"\nINTERRUPTED: equities after {done} of the {result.unseen} cards (outs, odds whole)",
            style="bold red",
        )
    no_deal = [c.card for c in result.cards if c.no_deal]
    if no_deal:
        head.append(
            f"\nno deal after {cards(no_deal)}: an opponent's range needs that card "
            "(not counted in the equity-weighted outs)",
            style="",
        )

    def card_table(title: str) -> Table:
        table = Table(title=title)
        table.add_column("Card")
        table.add_column("Hand it makes")
        if vs:
            table.add_column("Equity after %", justify="right")
            if mc:
                table.add_column("± SE %", justify="right")
            table.add_column("Ahead")
        if omaha:
            table.add_column("Nuts")
            if hilo:
                table.add_column("Low it makes")
        else:
            table.add_column("HoldemHand discounted")
        return table

    table = card_table(f"{result.count} outs")
    by_card = {c.card: c for c in result.cards}

    def row(c: Any) -> list[str]:
        cells = [cards([c.card]), c.description]
        if vs:
            if c.no_deal:
                cells.extend(["no deal", "-", "-"] if mc else ["no deal", "-"])
            else:
                cells.append(percent(c.equity))
                if mc:
                    cells.append(percent(c.stderr or 0.0))
                cells.append("-" if c.ahead is None else "yes" if c.ahead else "no")
        if omaha:
            cells.append("yes" if c.nuts else "")
            if hilo:
                mark = " (low out)" if c.low_out else " (counterfeit)" if c.counterfeit else ""
                cells.append((c.low or "none") + mark)
        else:
            cells.append("yes" if c.discounted else "")
        return cells

    for _name, group in result.groups:
        for card in group:
            table.add_row(*row(by_card[card]))
        table.add_section()
    tables = [table]
    extra = [c for c in result.behind_to_ahead if not by_card[c].is_out]
    if extra:
        tables.append(card_table("Not outs by the rules, but the hero is ahead after them"))
        for card in extra:
            tables[-1].add_row(*row(by_card[card]))
    if result.ahead and result.behind_after:
        tables.append(card_table("Cards that put the hero behind"))
        for card in result.behind_after:
            tables[-1].add_row(*row(by_card[card]))
    if isinstance(result, OmahaOutsResult) and hilo:
        low_side = [
            c for c in (*(result.low_outs or ()), *(result.counterfeits or ()))
            if not by_card[c].is_out and c not in extra
        ]  # fmt: skip
        if low_side:
            tables.append(card_table("Low outs and counterfeits (not high outs)"))
            for card in low_side:
                tables[-1].add_row(*row(by_card[card]))
    if vs and result.equity is not None:
        tables.append(_ahead_behind_table(result))
    summary = Table(title="Counts and odds", show_header=True)
    summary.add_column("")
    summary.add_column("Exact", justify="right")
    summary.add_column("Estimate", justify="right")
    summary.add_row("Outs", str(result.count), "")
    weighted = result.weighted_count
    text = "-" if weighted is None else number(weighted)
    # (from Monte Carlo equities it is an estimate too)
    summary.add_row("Equity-weighted outs", *(("", text + " (Monte Carlo)") if mc else (text, "")))
    if isinstance(result, OmahaOutsResult):
        if result.low_outs is not None:
            summary.add_row("Low outs", str(len(result.low_outs)), "")
            summary.add_row("Counterfeiting cards", str(len(result.counterfeits or ())), "")
    else:
        summary.add_row(
            "HoldemHand OutsDiscounted",
            "",
            f"{len(result.discounted)}: {cards(result.discounted)}",
        )
    summary.add_row(
        f"Hit next card (of {len(result.cards)})",
        percent(result.hit_next, unit=True),
        f"{whole_percent(result.rule_next)} (rule of 2)",
    )
    if result.street == "flop":
        summary.add_row(
            "Hit by the river",
            percent(result.hit_by_river, unit=True),
            f"{whole_percent(result.rule_by_river)} (rule of 4)",
        )
    return Group(head, *tables, summary)


def draws_table(result: DrawsResult) -> Any:
    """Each draw with the cards completing it, then HoldemHand's draw counts."""
    from rich.console import Group
    from rich.text import Text

    from pokercalc.core.evaluator import CATEGORY_NAMES

    game = "" if result.game == "holdem" else f" ({result.game})"
    head = Text(
        f"{format_cards(result.hero, sep=' ', symbols=True)} on "
        f"{format_cards(result.board, sep=' ', symbols=True)}{game}: {result.description}",
        style="bold",
    )
    if result.dead:
        head.append(f", dead {format_cards(result.dead, sep=' ', symbols=True)}", style="")
    table = Table(title="Draws")
    table.add_column("Draw")
    table.add_column("Cards", justify="right")
    table.add_column("Completed by")
    for d in result.draws:
        needs = " (two needed)" if d.needs == 2 else ""
        table.add_row(
            d.name, str(len(d.cards)), format_cards(d.cards, sep=" ", symbols=True) + needs
        )
    # Without a draw one line says so: no table of headers over no rows.
    kinds = (
        "flush, straight, backdoor flush or low"
        if get_game(result.game).hilo
        else "flush, straight or backdoor flush"
    )
    none = f"No draws: no {kinds} draw."
    drawn: Table | Text = table if result.draws else Text(none)
    # A name and its count never part across lines ("Straight" over "8"): NBSP joins them.
    counts = ", ".join(
        f"{CATEGORY_NAMES[k]}{NBSP}{n}".replace(" ", NBSP)
        for k, n in enumerate(result.draw_counts)
        if n
    )
    unseen = f"(of{NBSP}{result.unseen} unseen cards)"
    if isinstance(result, OmahaDrawsResult):
        if result.low is not None or result.nut_low is not None:
            head.append(f"; low {result.low or 'none'}" + (" (the nut low)" * bool(result.nut_low)))
        foot = Words(
            f"Cards giving a straight{NBSP}{result.straight_draw_count}, a "
            f"flush{NBSP}{result.flush_draw_count}; raising the hand to {counts or 'nothing'} "
            f"{unseen}",
            style="dim",
        )
        return Group(head, drawn, foot)
    foot = Words(
        f"HoldemHand: StraightDrawCount{NBSP}{result.straight_draw_count}, "
        f"FlushDrawCount{NBSP}{result.flush_draw_count}, DrawCount {counts or 'none'} "
        f"{unseen}",
        style="dim",
    )
    return Group(head, drawn, foot)


def winodds_view(result: WinOddsResult) -> Any:
    """The win-odds table, its footer as a line of its own at the terminal's width, and the
    chart of equity and win against opponents under them."""
    from rich.console import Group, RenderableType

    parts: list[RenderableType] = [winodds_table(result), Parts(winodds_footer(result))]
    return Group(*parts, winodds_chart(result)) if result.rows else Group(*parts)


def _pm(x: float | None, err: float | None) -> str:
    """A percentage, and its standard error when there is one; "-" for a figure not defined
    (potential in Omaha hi/lo)."""
    if x is None:
        return "-"
    return percent(x) + ("" if err is None else f" ±{percent(err)}")


def winodds_table(result: WinOddsResult) -> Table:
    """One row per opponent count: equity, win, tie, and on a board HS, PPot, NPot and EHS."""
    pots = [r.potential for r in result.rows if r.potential is not None]
    table = Table(title="Win odds")
    table.add_column("Opp.", justify="right")
    table.add_column("Equity %", justify="right")
    table.add_column("Win %", justify="right")
    table.add_column("Tie %", justify="right")
    if pots:
        for name in ("HS %", "PPot %", "NPot %", "EHS %"):
            table.add_column(name, justify="right")
    table.add_column("Method")
    for r in result.rows:
        row = [str(r.opponents), _pm(r.equity, r.stderr), _pm(r.win, None), _pm(r.tie, None)]
        p = r.potential
        method = r.method
        if p is not None:
            row += [
                _pm(p.hand_strength, p.hand_strength_stderr),
                _pm(p.positive_potential, p.positive_potential_stderr),
                _pm(p.negative_potential, p.negative_potential_stderr),
                _pm(p.effective_strength, None),
            ]
            if p.method != r.method:
                method = f"{r.method}, HS {p.method}"
        table.add_row(*row, method)
    return table


def winodds_footer(result: WinOddsResult) -> str:
    """One line: the hero and how many hands it averages, the board, seed and time."""
    hero = result.hero
    if result.averaged:
        weighted = ", weighted" if result.weighted else ""
        hero += f" (averaged over {result.combos:,} hands{weighted})"
    parts = [f"hero {hero}"]
    if result.game != "holdem":
        parts.append(result.game)
    if get_game(result.game).has_board:
        parts.append(_board_part(result.board, result.game))
    if result.dead:
        parts.append(f"dead {format_cards(result.dead, sep=' ', symbols=True)}")
    if result.seed is not None:
        parts.append(f"seed {result.seed}")
    parts.append(f"{result.elapsed:.3f} s")
    if result.interrupted:
        parts.append(f"INTERRUPTED after {len(result.rows)} row{'s' * (len(result.rows) != 1)}")
    return " · ".join(parts)


_EIGHTHS = " ▁▂▃▄▅▆▇█"
#: The cells of the win columns of the win-odds chart, unlike the equity columns' blocks.
_WIN_SHADE = "▒"


def winodds_chart(result: WinOddsResult, *, height: int = 8) -> Any:
    """A column chart of equity and win (percent) against the number of opponents.

    Each opponent count gets two columns: equity in solid blocks drawn in eighths of a
    character cell, then win in shaded cells (to the nearest cell), so the two read apart
    without colour (NO_COLOR, or piped); the scale runs from 0 to the next 10% above the
    tallest.
    """
    from rich.text import Text

    top = max(0.1, math.ceil(max(max(r.equity, r.win) for r in result.rows) * 10 - 1e-9) / 10)
    series = (("equity", "green"), ("win", "blue"))
    text = Text()
    text.append("Equity and win against the number of opponents\n", style="bold")
    for line in range(height):
        level = height - 1 - line
        label = f"{100 * top * (level + 1) / height:5.1f}% ┤" if line % 2 == 0 else "       │"
        text.append(label)
        for r in result.rows:
            text.append(" ")
            for name, style in series:
                value = getattr(r, name)
                fill = min(8, max(0, round(value / top * height * 8) - 8 * level))
                if name == "win":
                    fill = 8 if fill >= 4 else 0
                    text.append(_WIN_SHADE if fill else " ", style=style)
                else:
                    text.append(_EIGHTHS[fill], style=style)
        text.append("\n")
    text.append("  0.0% └" + "───" * len(result.rows) + "\n")
    text.append("        ")
    for r in result.rows:
        text.append(f"{r.opponents:<3}")
    text.append(" opponents\n")
    # The legend on a line of its own, fitting 40 columns; the glyphs (and left and right)
    # tell the bars apart without colour.
    text.append("█", style="green")
    text.append(" equity (left)  ")
    text.append(_WIN_SHADE, style="blue")
    text.append(" win (right)")
    return text


def _combos_text(weight: float) -> str:
    """A count of combos: whole when it is one, else to two decimals (weighted combos)."""
    return f"{round(weight):,}" if abs(weight - round(weight)) < 1e-9 else f"{weight:,.2f}"


def hits_table(result: HitsResult) -> Any:
    """The range on the board: made-hand classes, then draws, each with combos and share."""
    from rich.console import Group
    from rich.text import Text

    game = "" if result.game == "holdem" else f", {result.game}"
    weighted = any(h.counted != 1.0 for h in result.hands)
    head = Text(
        f"{result.range} on {format_cards(result.board, sep=' ', symbols=True)} "
        f"({result.street}{game}): {result.combos:,} combos",
        style="bold",
    )
    if weighted:
        head.append(f", weight {_combos_text(result.weight)}")
    removed = result.matched - result.combos
    if removed:
        head.append(f" ({removed:,} of {result.matched:,} removed)", style="")
    if result.dead:
        head.append(f"; dead {format_cards(result.dead, sep=' ', symbols=True)}", style="")
    if result.opponents:
        head.append(f"; vs {' | '.join(result.opponents)}", style="")
    tables = []
    for title, counts in (("Made hands", result.made), ("Draws", result.draws)):
        rows = [c for c in counts if c.combos]
        if not rows:
            continue
        table = Table(title=title, title_justify="left")
        table.add_column("Class" if title == "Made hands" else "Draw")
        table.add_column("Combos", justify="right")
        if weighted:
            table.add_column("Weight", justify="right")
        table.add_column("%", justify="right")
        for c in rows:
            weight = [_combos_text(c.weight)] if weighted else []
            table.add_row(c.name, f"{c.combos:,}", *weight, percent(c.share))
        tables.append(table)
    foot = Text(
        "Each combo is in one made-hand class; draws are counted alongside"
        + (" (none on the river)." if result.street == "river" else ".")
        + (" % is of the weight." if weighted else ""),
        style="dim",
    )
    return Group(head, *tables, foot)
