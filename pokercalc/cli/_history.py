"""``pokercalc history``: actual and all-in adjusted winnings from hand histories."""

from __future__ import annotations

import sys
from typing import Any

import click

from pokercalc import cli as common  # the shared options and output, looked up when used


@click.command(
    "history",
    cls=common.Command,
    short_help="All-in adjusted winnings from hand histories.",
)
@click.argument("files", nargs=-1, metavar="FILE|DIR|-...")
@click.option("--hands", "list_hands", is_flag=True, help="Also list every all-in hand.")
@click.option("--player", metavar="NAME", help="Show this player only.")
@click.option(
    "--format",
    "form",
    type=click.Choice(
        ["auto", "phh", "pokerstars", "fulltilt", "ipoker", "ongame", "partypoker", "absolute"]
    ),  # fmt: skip
    default="auto",
    show_default=True,
    help="The files' format: PHH/PHHS, or an online site's text export (read by pokerkit); "
    "auto detects each file's.",
)
@click.option(
    "--jsonl",
    is_flag=True,
    help="Print one JSON line per hand as it is done (the --json hands' fields; with "
    "--player, that player's hands), the totals on stderr.",
)
@click.option("--strict", is_flag=True, help="Stop at the first hand that cannot be read (exit 2).")
@click.option(
    "--plot",
    type=common.Path(dir_okay=False),
    help="Draw --player's cumulative actual and all-in adjusted net over hands to this "
    "file (.png or .svg; the plot extra).",
)
@common.executor_options(
    jobs_help="Worker processes sharing the hands, in pieces of a few hundred (default 1: "
    "this process).",
    cluster_help="Run the pieces on the Dask scheduler at ADDRESS (default: "
    "$POKERCALC_CLUSTER, unless --jobs is given).",
)
@common.output_options()
def history_command(
    files: tuple[str, ...],
    list_hands: bool,
    player: str | None,
    form: str,
    jsonl: bool,
    strict: bool,
    plot: str | None,
    jobs: int | None,
    cluster: str | None,
    fmt: str,
) -> None:
    """Actual and all-in adjusted net per player over hand histories.

    FILE is a PHH (.phh) or PHHS (.phhs) file, or an online site's text
    export (PokerStars, Full Tilt, iPoker, Ongame, PartyPoker, Absolute;
    detected, or --format), read with pokerkit (the pokercalc[history]
    extra); a directory is searched recursively; - (the default) reads
    standard input.  At each hand's all-in spot (no more
    betting, two or more players in, cards to come) every pot is shared by
    the players' exact equities; other hands count at their actual net.  A
    hand that cannot be read is one line on stderr (file and hand index) and
    the rest goes on; --strict stops there.  The hands run in pieces on
    several cores with --jobs, or on a Dask cluster with --cluster, with the
    same result.  See docs/history.md.

    \b
    Examples:
      pokercalc history tests/data/history
      pokercalc history hands.phhs --player "Tom Dwan" --hands
    """
    from pokercalc.errors import InputError
    from pokercalc.pipelines import history

    history.check_pokerkit()
    if jsonl and fmt != "table":
        raise InputError("--jsonl excludes --json and --csv")
    if plot is not None:
        if player is None:
            raise InputError("--plot draws one player's winnings: name them with --player")
        common.check_writable(plot)
        from pokercalc.output.plot import check_plot_path

        check_plot_path(plot)
    counter = common.hand_counter()
    curve: list[tuple[float, float]] = []

    def on_hand(item: Any) -> None:
        if counter is not None:
            counter()
        if isinstance(item, history.HandError):
            where = f"{item.source}: hand {item.index}" if item.index else item.source
            if strict:
                raise InputError(f"{where}: {item.message}")
            click.echo(f"pokercalc history: {where}: {item.message}", err=True)
            return
        if jsonl and (player is None or player in item.players):
            from pokercalc.core.formats import json_text

            sys.stdout.write(json_text(item, indent=None) + "\n")
            sys.stdout.flush()
        if plot is not None and player in item.players:
            i = item.players.index(player)
            last = curve[-1] if curve else (0.0, 0.0)
            curve.append((last[0] + item.actual[i], last[1] + item.adjusted[i]))

    import contextlib

    from pokercalc.pipelines.executors import cluster_address, open_executor

    address = cluster_address(cluster, jobs)
    pool: Any = (
        contextlib.nullcontext(None)
        if address is None and (jobs is None or jobs == 1)
        else open_executor(jobs, address)
    )
    from pokercalc.core.runner import signals_received

    signals = signals_received()
    found: history.HistoryResult | None = None
    try:
        with pool as executor:
            found = history.run_history(
                files or ("-",), player=player, hands=list_hands, on_hand=on_hand,
                stdin=sys.stdin, executor=executor, fmt=None if form == "auto" else form,
            )  # fmt: skip
    except KeyboardInterrupt:
        # A signal as the workers were ended (a second one, or one just after the run): the
        # result in hand stands; the exit status says that a signal came.
        if found is None:
            raise
    finally:
        common.close_progress(counter)
    result = found
    with common.held_if_interrupted(result):
        _write(result, fmt, jsonl, list_hands, plot, player, curve)
    common.exit_if_interrupted(result, signals)


def _write(
    result: Any,
    fmt: str,
    jsonl: bool,
    list_hands: bool,
    plot: str | None,
    player: str | None,
    curve: list[tuple[float, float]],
) -> None:
    """The output of ``history``: the plot, then the table, JSON or CSV, and the summary line
    on stderr (JSON lines were written hand by hand)."""
    from pokercalc.pipelines import history

    if plot is not None and player is not None:
        from pokercalc.output.plot import plot_history

        plot_history(plot, curve, player)
    if jsonl:
        from pokercalc.output.render_history import summary_line

        click.echo(f"pokercalc history: {summary_line(result)}", err=True)
        return
    if fmt == "csv" and list_hands:
        from pokercalc.core import formats
        from pokercalc.core.runner import write_whole

        write_whole(sys.stdout, formats.csv_text(history.hand_rows(result), history.HAND_COLUMNS))
    else:
        from pokercalc.output import render_history

        common.emit(result, fmt, lambda: render_history.history_table(result, list_hands))
    if fmt != "table":
        from pokercalc.output.render_history import summary_line

        click.echo(f"pokercalc history: {summary_line(result)}", err=True)
