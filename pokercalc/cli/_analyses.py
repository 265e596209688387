"""``pokercalc outs``, ``draws``, ``hits`` and ``winodds``: one hand or range on a board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from pokercalc import cli as common  # the shared options and output, looked up when used

if TYPE_CHECKING:
    from pokercalc.engine.options import EngineOptions


@click.command("outs", cls=common.Command, short_help="Outs and odds of a hand on a flop or turn.")
@click.argument("hero")
@click.option("--board", "-b", required=True, help="The flop or turn, e.g. Kd8h9c.")
@click.option(
    "--vs",
    "opponents",
    multiple=True,
    help="An opponent: a hand, range or pocket query (repeat for several).",
)
@click.option("--dead", "-d", default="", help="Dead cards, out of the deck.")
@common.game_option(common.BOARD_GAMES, "outs")
@common.engine_options(
    time_help="Monte Carlo: seconds in all (default 0.1 a card, the equity now counting ten).",
    trials_help="Monte Carlo: N deals after each card (and for the equity now).",
    stderr_help="Monte Carlo: stop each card's run when the standard errors are below this.",
    seed_help="Monte Carlo seed (reported either way; card i from the top uses it plus i).",
)
@common.threads_option()
@click.option(
    "--threshold",
    type=common.Checked("threshold", False),
    help="Largest outcome count over all the cards enumerated exactly; default 1e9.",
)
@common.output_options()
def outs_command(
    hero: str,
    board: str,
    opponents: tuple[str, ...],
    dead: str,
    game: str,
    engine: EngineOptions,
    fmt: str,
) -> None:
    """The outs of HERO on a flop or turn: the cards that improve it, and the odds.

    An out improves the hero's hand category, beats the board's own category
    with that card, and loses to no --vs opponent given as one hand.  With
    --vs (in Omaha always: one random hand by default), each card also shows
    the hero's equity after it, and the headline counts the cards that put
    (or keep) the hero ahead.  The equities are exact unless enumerating
    after every card would pass --threshold outcomes: then Monte Carlo, with
    standard errors (--exact and --mc choose).

    \b
    Examples:
      pokercalc outs 5c6c --board Kd8h9c
      pokercalc outs AsAc --board Kd8h9c --vs QhJh
      pokercalc outs AsKsQd7h2c8d --board Js9h3d --game omaha6
    """
    from pokercalc.analysis.outs import find_outs

    progress = common.progress_callback()  # (shown once a run has taken a second)
    try:
        result = find_outs(
            hero, board, list(opponents), dead, progress=progress, game=game,
            **engine.run_options(),
        )  # fmt: skip
    finally:
        common.close_progress(progress)
    common.emit(result, fmt, common.view("outs_table", result))
    if result.method is not None:
        common.note_unused(engine, result.method)
    common.exit_if_interrupted(result)


@click.command("draws", cls=common.Command, short_help="Straight and flush draws of a hand.")
@click.argument("hero")
@click.option("--board", "-b", required=True, help="The flop or turn, e.g. Jh9c7c.")
@click.option("--dead", "-d", default="", help="Dead cards, out of the deck.")
@common.game_option(common.BOARD_GAMES, "draws")
@common.output_options()
def draws_command(hero: str, board: str, dead: str, game: str, fmt: str) -> None:
    """The straight and flush draws of HERO on a flop or turn, and the cards completing each.

    Flush draw, backdoor flush draw, open-ended straight draw, gutshot and
    double gutshot, with HoldemHand's StraightDrawCount, FlushDrawCount and
    DrawCount.

    \b
    Example:
      pokercalc draws KcTh --board Jh9c7c
    """
    from pokercalc.analysis.draws import find_draws
    from pokercalc.analysis.hits import looks_like_range

    if looks_like_range(hero):
        import shlex

        from pokercalc.errors import QUOTE_CHARS, InputError, quote

        if f"{hero}{board}".isprintable() and len(hero) + len(board) <= QUOTE_CHARS:
            hint = f"pokercalc hits {shlex.quote(hero)} --board {shlex.quote(board)}"
        else:  # (a newline or a control character would break the one line; long: cut)
            hint = f"pokercalc hits RANGE --board CARDS (got {quote(hero)})"
        raise InputError(f"draws takes one hand such as KcTh; for a range use: {hint}")
    result = find_draws(hero, board, dead, game=game)
    common.emit(result, fmt, common.view("draws_table", result))


@click.command(
    "hits", cls=common.Command, short_help="How a range hits a board: made hands and draws."
)
@click.argument("range_", metavar="RANGE", nargs=-1, required=True)
@click.option("--board", "-b", required=True, help="The flop, turn or river, e.g. Kh7c2d.")
@click.option("--dead", "-d", default="", help="Dead cards, out of the deck.")
@click.option(
    "--vs",
    "opponents",
    multiple=True,
    help="An opponent's hand or range, weighting the combos by card removal (repeatable).",
)
@click.option(
    "--select",
    help="Print the part of the range in these classes and draws as range notation, e.g. "
    '"top pair or better, flush draw".',
)
@click.option(
    "--list", "list_", is_flag=True, help="Print the selected (or all) combos, one per line."
)
@click.option(
    "--next-card",
    is_flag=True,
    help="On a flop or turn: the classes after each card that can come next (with --select, "
    "the selected share).",
)
@common.game_option(analysis="hits")
@common.output_options()
def hits_command(
    range_: tuple[str, ...],
    board: str,
    dead: str,
    opponents: tuple[str, ...],
    select: str | None,
    list_: bool,
    next_card: bool,
    game: str,
    fmt: str,
) -> None:
    """How RANGE hits a flop, turn or river: combos and share of each made hand and draw.

    Made-hand classes (set, two pair, overpair, top pair by kicker, ...) are
    exclusive, one per combo; draws (flush, open-ended, gutshot, combo and
    backdoor draws) are listed alongside.  --select picks a part of the range
    and prints it as range notation for `equity`.  See docs/hits.md.

    \b
    Examples:
      pokercalc hits "QQ+,AK" --board Kh7c2d
      pokercalc hits "QQ+,AK" --board Kh7c2d --select "top pair or better"
      pokercalc hits "QQ+,AK" --board Kh7c2d --next-card
    """
    from pokercalc.analysis.hits import range_hits

    if next_card:
        _next_card_hits(" ".join(range_), board, dead, opponents, select, list_, game, fmt)
        return
    if list_ and fmt != "table":
        raise click.UsageError(f"--list and --{fmt} exclude each other")
    if select is not None and fmt == "csv":
        raise click.UsageError("--select prints a range: use it alone, with --list or with --json")
    result = range_hits(" ".join(range_), board, dead, vs=opponents, game=game, select=select)
    common.note_deck([" ".join(range_)], game, players=False)
    picked = result.selection
    if list_:
        for line in picked.lines() if picked is not None else result.lines():
            click.echo(line)
        return
    if picked is not None and fmt == "table":
        if picked.notation:
            click.echo(picked.notation)
        else:
            click.echo("pokercalc: the selection holds no hand of the range", err=True)
        return
    common.emit(result, fmt, common.view("hits_table", result))


def _next_card_hits(
    range_: str,
    board: str,
    dead: str,
    opponents: tuple[str, ...],
    select: str | None,
    list_: bool,
    game: str,
    fmt: str,
) -> None:
    """``hits --next-card``: the range's classes after each turn or river card."""
    from pokercalc.analysis.next_card import next_card_hits

    if list_:
        raise click.UsageError("--list and --next-card exclude each other")
    result = next_card_hits(range_, board, dead, vs=opponents, game=game, select=select)
    common.note_deck([range_], game, players=False)

    def show() -> Any:
        from pokercalc.output.render_next import next_hits_view

        return next_hits_view(result)

    common.emit(result, fmt, show)


@click.command(
    "winodds", cls=common.Command, short_help="Equity and win odds against random opponents."
)
@click.argument("hero")
@click.option(
    "--opponents",
    "-n",
    default="1",
    show_default=True,
    help="Random opponents: a number, a range like 1-9 or a list like 1,3,5.",
)
@click.option("--board", "-b", default="", help="Board cards, e.g. 4dAc5d (0, 3, 4 or 5).")
@click.option("--dead", "-d", default="", help="Dead cards, out of the deck.")
@common.engine_options(
    time_help="Seconds per opponent count (default 0.5 when no --trials or --stderr).",
    seed_help="Monte Carlo base seed.",
)
@common.threads_option()
@common.game_option(common.ALL_GAMES)
@common.output_options()
def winodds_command(
    hero: str,
    opponents: str,
    board: str,
    dead: str,
    engine: EngineOptions,
    game: str,
    fmt: str,
) -> None:
    """Equity and win odds of HERO against 1 to 22 random opponents, with hand potential.

    HERO is a hand (AsKs), a range (AQs+) or a pocket query (Group1); figures
    then average over its hands.  On a flop, turn or river the table adds
    hand strength, positive and negative potential and EHS.  --time is
    seconds of computing per opponent count, the same for one count as for
    many (start-up and output come on top).  Short-deck deals at most 14
    opponents, stud and razz 6; the games without a board have no hand
    potential.

    \b
    Example:
      pokercalc winodds AsKs --opponents 1-9
    """
    from pokercalc.analysis.win_odds import winodds

    progress = common.progress_callback()
    try:
        result = winodds(
            hero,
            opponents=opponents,
            board=board,
            dead=dead,
            method=engine.method,
            time=engine.time,
            trials=engine.trials,
            stderr=engine.stderr,
            seed=engine.seed,
            threads=engine.threads,
            progress=progress,
            on_plan=common.plan_notice if engine.method == "exact" else None,
            game=game,
        )
    finally:
        common.close_progress(progress)
    common.emit(result, fmt, common.view("winodds_view", result))
    if result.rows and all(row.method == "exact" for row in result.rows):
        common.note_unused(engine, "exact")
    common.exit_if_interrupted(result)
