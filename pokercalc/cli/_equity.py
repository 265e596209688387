"""``pokercalc equity``: on one machine, in pieces on an executor, or broken down by hand."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import click

from pokercalc import cli as common  # the shared options and output, looked up when used

if TYPE_CHECKING:
    from pokercalc.engine.options import EngineOptions
    from pokercalc.engine.results import EquityResult


@click.command("equity", cls=common.Command, short_help="Equity, win and tie of every player.")
@click.argument("players", nargs=-1, required=True)
@click.option("--board", "-b", default="", help="Board cards, e.g. 4dAc5d (0, 3, 4 or 5).")
@click.option("--dead", "-d", default="", help="Dead cards, out of the deck.")
@common.game_option(common.ALL_GAMES)
@common.engine_options()
@common.threads_option()
@click.option(
    "--threshold",
    type=common.Checked("threshold", False),
    help="Largest outcome count (after suit symmetry) enumerated exactly; default 1e9.",
)
@click.option(
    "--breakdown",
    is_flag=False,
    flag_value="1",
    default=None,
    metavar="[PLAYER]",
    help="Equity of PLAYER's range (default 1) by hand class, from the same run.",
)
@click.option("--combos", "by_combo", is_flag=True, help="Break down by combo, not by class.")
@click.option(
    "--next-card",
    is_flag=True,
    help="On a flop or turn: every player's equity after each card that can come next.",
)
@click.option(
    "--distribution", is_flag=True, help="The range's equity curve and histogram (by combo)."
)
@click.option(
    "--plot",
    "plot_file",
    type=common.Path(dir_okay=False),
    help="Write the equity curve and histogram to a PNG or SVG file (needs matplotlib).",
)
@common.executor_options(
    jobs_help="Cut the run into pieces of about a second and run them in N local processes.",
    cluster_help="Run the pieces on the Dask scheduler at ADDRESS "
    "(default: $POKERCALC_CLUSTER, for long runs).",
)
@common.output_options()
def equity_command(
    players: tuple[str, ...],
    board: str,
    dead: str,
    engine: EngineOptions,
    breakdown: str | None,
    by_combo: bool,
    next_card: bool,
    distribution: bool,
    plot_file: str | None,
    game: str,
    fmt: str,
) -> None:
    """Equity, win and tie of every player.

    PLAYERS are split by `|` or given as separate arguments; each is a hand
    (AhKh), a range (QQ+,AJs+), a pocket query (Group2 to Group4 and Suited)
    or `random`.  In the games without a board (stud, stud-hilo, razz, draw,
    2-7, a-5, badugi) each is the cards it is given, `/` or blanks between
    down and up cards if you like (AsKs/Qd); the rest of its hand is dealt,
    and folded players' cards go to --dead.  See docs/games.md.

    \b
    Examples:
      pokercalc equity "JcJh | 99+,AJs+ | random" --board 4dAc5d
      pokercalc equity "QQ+,AK | JJ" --board Kh7c2d --breakdown 1 --distribution
      pokercalc equity "AhKh | random | random" --board Th9h2c --jobs 2
      pokercalc equity "AsKs/Qd Jd | 7h7d/8c 2c" --game stud --dead Kc
      pokercalc equity "AsKs | QhQd" --board Kh7c2d --next-card
    """
    if next_card:
        if breakdown is not None or by_combo or distribution or plot_file:
            from pokercalc.errors import InputError

            raise InputError("--next-card goes alone, without --breakdown, --combos, "
                             "--distribution or --plot")  # fmt: skip
        if engine.in_pieces:
            from pokercalc.errors import InputError

            raise InputError("--next-card runs on one machine: leave out --jobs and --cluster")
        _next_card(players, board, dead, game, engine, fmt)
        return
    if engine.in_pieces or _cluster_from_env(engine):
        if breakdown is not None or by_combo or distribution or plot_file:
            from pokercalc.errors import InputError

            raise InputError("--breakdown, --combos, --distribution and --plot run on one machine")
        _equity_in_pieces(players, board, dead, game, engine, fmt)
        return
    if breakdown is not None or by_combo or distribution or plot_file:
        _breakdown(players, board, dead, game, engine, breakdown, by_combo, distribution,
                   plot_file, fmt)  # fmt: skip
        return
    from pokercalc.analysis.equities import equity

    progress = common.progress_callback()
    try:
        result = equity(
            list(players),
            board,
            dead,
            **engine.run_options(),
            progress=progress,
            on_plan=common.plan_notice if engine.method == "exact" else None,
            game=game,
        )
    finally:
        common.close_progress(progress)
    common.note_deck(players, game)
    common.note_unused(engine, result.method)
    common.emit(result, fmt, common.view("equity_view", result))
    common.exit_if_interrupted(result)


def _next_card(
    players: tuple[str, ...], board: str, dead: str, game: str, engine: EngineOptions, fmt: str
) -> None:
    """``equity --next-card``: every player's equity after each turn or river card."""
    from pokercalc.analysis.next_card import next_card_equity

    progress = common.progress_callback()
    try:
        result = next_card_equity(
            list(players), board, dead, game=game, progress=progress, **engine.run_options()
        )
    finally:
        common.close_progress(progress)
    common.note_deck(players, game)
    common.note_unused(engine, result.now.method)

    def show() -> Any:
        from pokercalc.output.render_next import next_equity_view

        return next_equity_view(result)

    common.emit(result, fmt, show)
    common.exit_if_interrupted(result)


def _cluster_from_env(engine: EngineOptions) -> bool:
    """Whether ``$POKERCALC_CLUSTER`` takes a run without --jobs or --cluster: an exact or
    auto run, or Monte Carlo with a deal count (pieces are fixed blocks of deals); small
    runs still stay here (see :func:`_equity_in_pieces`)."""
    if not os.environ.get("POKERCALC_CLUSTER", "").strip():
        return False
    return engine.method != "mc" or (engine.trials is not None and engine.time is None)


def _equity_in_pieces(
    players: tuple[str, ...],
    board: str,
    dead: str,
    game: str,
    engine: EngineOptions,
    fmt: str,
) -> None:
    """``equity --jobs/--cluster``: the run cut into pieces that run on that executor, with
    a count of pieces done on a terminal; a run of one piece stays in this process."""
    from pokercalc.analysis.equities import equity
    from pokercalc.analysis.pieces import equity_on, plan_equity
    from pokercalc.errors import InputError
    from pokercalc.pipelines.executors import open_executor

    if engine.threads is not None:
        raise InputError("--threads is for one machine: pieces run on one engine thread each")
    if engine.stderr is not None:
        raise InputError("Monte Carlo in pieces stops at --trials or --time, not at --stderr")

    def keywords(e: EngineOptions) -> dict[str, Any]:
        return dict(game=game, method=e.method, threshold=e.threshold, trials=e.trials,
                    time=e.time, seed=e.seed)  # fmt: skip

    kw = keywords(engine)
    if not engine.in_pieces:
        # Taken by $POKERCALC_CLUSTER: a run of one piece is not worth a trip.
        if len(plan_equity(list(players), board, dead, **kw).pieces) == 1:
            result = equity(list(players), board, dead, **kw)
            common.note_deck(players, game)
            common.note_unused(engine, result.method)
            common.emit(result, fmt, common.view("equity_view", result))
            return
    from pokercalc.core.runner import signals_received

    counter = common.piece_counter()
    signals = signals_received()
    in_pieces: EquityResult | None = None
    try:
        with open_executor(engine.jobs, engine.cluster) as executor:
            from pokercalc.pipelines.executors import worker_count

            workers = worker_count(executor)
            kw = keywords(engine.for_workers(workers))
            in_pieces = equity_on(executor, list(players), board, dead, on_piece=counter,
                                  workers=workers, **kw)  # fmt: skip
    except KeyboardInterrupt:
        # A signal as the workers were ended (a second one, or one just after the run): the
        # result in hand stands; the exit status says that a signal came.
        if in_pieces is None:
            raise
    finally:
        common.close_progress(counter)
    with common.held_if_interrupted(in_pieces):
        common.note_deck(players, game)
        common.note_unused(engine, in_pieces.method)
        common.emit(in_pieces, fmt, common.view("equity_view", in_pieces))
    common.exit_if_interrupted(in_pieces, signals)


def _breakdown(
    players: tuple[str, ...],
    board: str,
    dead: str,
    game: str,
    engine: EngineOptions,
    player: str | None,
    by_combo: bool,
    distribution: bool,
    plot_file: str | None,
    fmt: str,
) -> None:
    """``equity --breakdown/--combos/--distribution/--plot``: one run, the player's range by
    hand; CSV is the hands (the curve's steps with --distribution)."""
    from pokercalc.analysis.breakdown import equity_breakdown
    from pokercalc.errors import InputError

    text = player or "1"
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise InputError(f"--breakdown takes a player number (1, 2, ...), not {text!r}")
    if plot_file:
        from pokercalc.output.plot import check_plot_path

        common.check_writable(plot_file)
        check_plot_path(plot_file)
    progress = common.progress_callback()
    try:
        result = equity_breakdown(
            list(players),
            board,
            dead,
            player=int(text),
            by="combo" if by_combo else "class",
            distribution=distribution or bool(plot_file),
            progress=progress,
            on_plan=common.plan_notice if engine.method == "exact" else None,
            game=game,
            **engine.run_options(),
        )
    finally:
        common.close_progress(progress)
    common.note_deck(players, game)
    common.note_unused(engine, result.method)
    if plot_file and result.distribution is not None:
        from pokercalc.output.plot import plot_distribution

        plot_distribution(plot_file, result)

    def show() -> Any:
        from pokercalc.output.render_breakdown import breakdown_view

        return breakdown_view(result)

    shown: Any = result
    if fmt == "csv" and distribution and result.distribution is not None:
        shown = result.distribution
    common.emit(shown, fmt, show)
    common.exit_if_interrupted(result)
