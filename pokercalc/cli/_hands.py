"""``pokercalc eval`` and ``pokercalc query``: hands and ranges."""

from __future__ import annotations

import itertools

import click

from pokercalc import cli as common  # the shared options and output, looked up when used


@click.command("eval", cls=common.Command, short_help="Value and category of hands.")
@click.argument("hands", nargs=-1, required=True)
@common.game_option(common.ALL_GAMES)
@click.option("--board", "-b", default="", help="Omaha: the board the hole cards play with.")
@common.output_options()
def eval_command(hands: tuple[str, ...], game: str, board: str, fmt: str) -> None:
    """Evaluate hands of 5 to 7 cards: value, category and description.

    In Omaha games each HAND is hole cards and --board the board: the best hand
    of exactly two hole and three board cards. In the games without a board
    each HAND is a player's own cards: the best five of 5 to 7 in stud,
    stud-hilo and razz, 5 cards in draw, 2-7 and a-5, 4 in badugi.

    \b
    Examples:
      pokercalc eval AsKsQsJsTs 7c7d7h2s2d
      pokercalc eval AhKhQsJs --board 2h3h4h8h9c --game omaha
      pokercalc eval 8c7d4h3s2sKdKh --game razz
    """
    from pokercalc.core.evaluator import evaluate_hand

    results = [evaluate_hand(h, game, board) for h in hands]
    common.emit(results, fmt, common.view("eval_table", results))


@click.command("query", cls=common.Command, short_help="The hands a range or pocket query holds.")
@click.argument("expression", nargs=-1, required=True)
@click.option("--board", "-b", default="", help="Board cards to remove, e.g. 4dAc5d.")
@click.option("--dead", "-d", default="", help="Dead cards to remove, e.g. JcJh.")
@click.option("--list", "list_", is_flag=True, help="Print one combo per line (ASCII).")
@click.option(
    "--compact",
    is_flag=True,
    help="Print the range in the shortest range notation (77+,A7s+,K9s+), weights kept.",
)
@common.game_option(common.BOARD_GAMES)
@common.output_options(csv=False)
def query_command(
    expression: tuple[str, ...],
    board: str,
    dead: str,
    list_: bool,
    compact: bool,
    game: str,
    fmt: str,
) -> None:
    """Show the hands an EXPRESSION holds: count, share of 1,326 and a 13x13 grid.

    EXPRESSION is range notation (QQ+,AQs+,AK) or a pocket query
    ("Group2 to Group4 and Suited"); several words are joined by spaces.
    In Omaha games it is an Omaha range (AAxxds, AsKs**, KQJT), and the
    table shows the count, the share of all hands and the first hands.
    The grammars are in docs/ranges.md.

    \b
    Examples:
      pokercalc query "QQ+,AQs+,AK"
      pokercalc query "Group2 to Group4 and Suited"
    """
    from pokercalc.core.games import get_game
    from pokercalc.ranges.query import run_query

    if list_ and fmt == "json":
        raise click.UsageError("--list and --json exclude each other")
    if compact and (list_ or fmt == "json"):
        other = "--list" if list_ else "--json"
        raise click.UsageError(f"--compact and {other} exclude each other")
    g = get_game(game)
    if g.range_language == "omaha":
        from pokercalc.errors import InputError
        from pokercalc.ranges.omaha import run_omaha_query

        if compact:
            raise InputError(f"--compact writes two-card ranges; {g.name} hands have no short form")

        omaha = run_omaha_query(" ".join(expression), g, board=board, dead=dead)
        if list_:
            lines = omaha.lines()
            while chunk := list(itertools.islice(lines, 10_000)):
                click.echo("\n".join(chunk))
            return
        common.emit(omaha, fmt, common.view("omaha_query_view", omaha))
        return
    result = run_query(" ".join(expression), board=board, dead=dead, game=g)
    common.note_deck([result.expression], game, players=False)
    if not result.matched:
        from pokercalc.errors import EmptyRangeError, quote
        from pokercalc.ranges.notation import space_hint

        if hint := space_hint(result.expression):
            # "AKs AQs" is an intersection, empty: a slip for "AKs,AQs", not an answer.
            raise EmptyRangeError(f"{quote(result.expression)} matches no hand{hint}")
    if compact:
        from pokercalc.ranges.compact import compact_range

        text = compact_range(result.range, blocked=result.board + result.dead, game=g)
        if text:
            click.echo(text)
        return
    if list_:
        for line in result.lines():
            click.echo(line)
        return
    common.emit(result, fmt, common.view("range_grid", result))
