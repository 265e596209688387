"""The ``pokercalc`` command line: parse options, call the library, format or render.

This is the only module that imports click.  Library errors become one line on
stderr and exit status 2.
"""

from __future__ import annotations

import functools
import itertools
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

import click

from pokercalc import __version__

from .errors import PokercalcError

FORMATS = ("table", "json", "csv")


class Checked(click.ParamType):  # type: ignore[type-arg]  # (generic in new click only)
    """A numeric option checked by :mod:`pokercalc.core.validate`, as the API checks it.

    NaN, infinities, out-of-range and overflowing values are one line and exit 2.
    """

    def __init__(self, name: str, integer: bool) -> None:
        self.name = "integer" if integer else "number"
        self.key = name
        self.integer = integer

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from pokercalc.core.validate import check_integer, check_number, quote

        from .errors import InputError

        if isinstance(value, (int, float)) and not isinstance(value, bool):
            number: Any = value
        else:
            try:
                number = int(str(value).strip()) if self.integer else float(str(value).strip())
            except ValueError:
                self.fail(
                    f"{quote(str(value))} is not {'an integer' if self.integer else 'a number'}"
                )
        try:
            return (
                check_integer(self.key, number) if self.integer else check_number(self.key, number)
            )
        except InputError as e:
            self.fail(str(e))


class PokercalcGroup(click.Group):
    """A click group whose errors are one line on stderr, never a usage dump or traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PokercalcError as e:
            raise click.UsageError(str(e), ctx) from None
        except (click.exceptions.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:
            raise
        except OSError as e:
            # A file that cannot be read or written: the user's to fix, one line.
            name = f" {e.filename!r}" if e.filename else ""
            raise click.UsageError(f"cannot use{name}: {e.strerror or e}", ctx) from None
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as e:
            # A bug: still one line (POKERCALC_DEBUG=1 shows the traceback).
            import os

            if os.environ.get("POKERCALC_DEBUG"):
                raise
            click.echo(
                f"Error: internal error ({type(e).__name__}: {e}); "
                "please report it with the command that caused it",
                err=True,
            )
            raise SystemExit(1) from None

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            if standalone_mode:
                # Without standalone mode click returns ctx.exit(n)'s status
                # instead of exiting; exit with it as a console script should.
                sys.exit(rv if isinstance(rv, int) else 0)
            return rv
        except click.exceptions.Exit as e:
            if standalone_mode:
                sys.exit(e.exit_code)
            raise
        except click.ClickException as e:
            if not standalone_mode:
                raise
            hint = _quote_hint(self, list(sys.argv[1:] if args is None else args))
            click.echo(f"Error: {hint or e.format_message()}", err=True)
            sys.exit(e.exit_code)
        except click.Abort as e:
            if not standalone_mode:
                raise
            if isinstance(e.__context__, KeyboardInterrupt):
                # A signal outside any computation that reports partial
                # results: the one stopping convention still holds.
                from pokercalc.core.runner import Interrupted, exit_status

                what = e.__context__.what if isinstance(e.__context__, Interrupted) else ""
                click.echo(f"pokercalc: interrupted{'; ' + what if what else ''}", err=True)
                sys.exit(exit_status(e.__context__))
            click.echo("Aborted!", err=True)
            sys.exit(1)


#: Options whose value is cards: given unquoted, cards written apart spill out of them.
_CARD_OPTIONS = ("--board", "-b", "--dead", "-d", "--vs")
#: Commands that join their arguments with spaces themselves (``query Ah Kh`` is one hand).
_JOINING = ("query", "hits")


def _card_count(word: str) -> int | None:
    """How many cards ``word`` is when it is nothing but cards written together, else None."""
    from pokercalc.core.cards import parse_cards

    if not word or any(ch in word for ch in " \t\n,"):
        return None
    try:
        return len(parse_cards(word, allow_empty=False))
    except PokercalcError:
        return None


def _arguments(command: click.Command, words: list[str]) -> list[tuple[str, str]]:
    """The command's words as ``(option, value)`` for an option's value, ``("", word)`` for an
    argument and ``("-", word)`` for anything else (option names, flags)."""
    takes_value = {
        name: not (getattr(p, "is_flag", False) or getattr(p, "count", False))
        for p in command.params
        if isinstance(p, click.Option)
        for name in (*p.opts, *p.secondary_opts)
    }
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            out += [("", w) for w in words[i + 1 :]]
            break
        name, eq, inline = word.partition("=")
        if word.startswith("-") and len(word) > 1 and _card_count(word[1:]) is None:
            if eq and takes_value.get(name):
                out.append((name, inline))
            elif takes_value.get(word) and i + 1 < len(words):
                out += [("-", word), (word, words[i + 1])]
                i += 1
            elif takes_value.get(word[:2]) and not word.startswith("--"):
                out.append((word[:2], word[2:]))  # -b4dAc5d
            else:
                out.append(("-", word))
        else:
            out.append(("", word))
        i += 1
    return out


def _quote_hint(group: click.Group, argv: list[str]) -> str | None:
    """For a command that failed: a one-line hint when cards written apart were not quoted.

    The shell splits ``--board 4d Ac 5d`` and ``equity Ah Kh QQ`` at the
    spaces.  Cards that follow a card option's value (when one of them is a
    lone card, or the board is too short), or lone cards side by side among
    the arguments (except in commands that join their words), are taken for
    that slip.
    """
    name = next((w for w in argv if w in group.commands), None)
    if name is None:
        return None
    words = _arguments(group.commands[name], argv[argv.index(name) + 1 :])
    for i, (option, first) in enumerate(words):
        if option == "-" or (option and option not in _CARD_OPTIONS):
            continue
        size = _card_count(first)
        if size is None or (not option and (size != 1 or name in _JOINING)):
            continue
        run = [first]
        for opt, word in words[i + 1 :]:
            n = _card_count(word)
            if opt or n is None or (not option and n != 1):
                break
            run.append(word)
        lone = any(_card_count(w) == 1 for w in run[1:])
        if len(run) < 2 or (option and not lone and not (option in ("--board", "-b") and size < 3)):
            continue
        apart, together = " ".join(run), "".join(run)
        fix = f'"{apart}" (or {together})'
        if option:
            what, fix = f"{option} got {first!r} alone", f"{option} {fix}"
        else:
            what = f"{', '.join(repr(w) for w in run)} came as separate arguments"
        return f"{what}: the shell splits at spaces, so quote the cards: {fix}"
    return None


def output_options(*, csv: bool = True) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The shared output flags: ``--json``, for table results ``--csv``, and ``--decimals`` for
    the percentages people read (output/figures.py); passes ``fmt``."""
    from pokercalc.output.figures import DEFAULT_DECIMALS, MAX_DECIMALS, using_decimals

    def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(f)
        def wrapper(
            *args: Any, json_: bool, decimals: int | None, csv_: bool = False, **kwargs: Any
        ) -> Any:
            if json_ and csv_:
                raise click.UsageError("--json and --csv exclude each other")
            with using_decimals(decimals):
                return f(*args, fmt="json" if json_ else "csv" if csv_ else "table", **kwargs)

        wrapper = click.option(
            "--decimals",
            type=click.IntRange(0, MAX_DECIMALS),
            metavar="N",
            help=f"Decimals of the percentages in tables (default {DEFAULT_DECIMALS}); "
            "JSON and CSV keep full precision.",
        )(wrapper)
        if csv:
            wrapper = click.option("--csv", "csv_", is_flag=True, help="Print CSV.")(wrapper)
        return click.option("--json", "json_", is_flag=True, help="Print JSON.")(wrapper)

    return decorate


#: The ``--game`` help of the commands that play every game.
ALL_GAMES = (
    "The game: holdem (default), shortdeck, shortdeck-triton, omaha, omaha5, omaha6, "
    "omaha-hilo, omaha5-hilo."
)


def game_option(
    help_text: str = "The game: holdem (default), shortdeck, shortdeck-triton.",
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The ``--game`` option; the name is checked by ``games.get_game`` (one line, exit 2)."""
    return click.option("--game", default="holdem", show_default=True, help=help_text)


def engine_options(
    *,
    time_help: str = "Monte Carlo: seconds.",
    seed_help: str = "Monte Carlo seed (reported either way).",
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The engine flags every equity-like command shares: method, stopping rules and seed."""
    stderr_help = (
        "Monte Carlo: stop when every standard error (of equity as a fraction) is below this."
    )
    options = [
        click.option("--exact", "method", flag_value="exact", help="Enumerate every outcome."),
        click.option("--mc", "method", flag_value="mc", help="Monte Carlo simulation."),
        click.option(
            "--trials", type=Checked("trials", True), help="Monte Carlo: stop after N deals."
        ),
        click.option("--time", "time_", type=Checked("time", False), help=time_help),
        click.option("--stderr", "stderr_", type=Checked("stderr", False), help=stderr_help),
        click.option("--seed", type=Checked("seed", True), help=seed_help),
    ]

    def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
        for option in reversed(options):
            f = option(f)
        return f

    return decorate


def executor_options(
    *, jobs_help: str, cluster_help: str
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--jobs`` and ``--cluster``: where the pieces of a long run go, the same on every
    command that cuts its work (pipelines/executors.py; ``$POKERCALC_CLUSTER``)."""
    jobs = click.option("--jobs", "-j", type=Checked("jobs", True), help=jobs_help)
    cluster = click.option("--cluster", metavar="ADDRESS", help=cluster_help)
    return lambda f: jobs(cluster(f))


def emit(result: Any, fmt: str, renderable: Callable[[], Any]) -> None:
    """Print ``result`` as enveloped JSON (docs/output.md), as CSV, or as a rich table."""
    from pokercalc.core.runner import deferred_signals
    from pokercalc.output import formats

    if fmt in ("json", "csv"):
        # The text is made first, where Ctrl-C stops at once (the JSON of millions of Omaha
        # hands takes seconds), then written whole: a signal meanwhile takes effect after.
        with _Working(f"writing {fmt.upper()}"):
            if fmt == "json":
                command = click.get_current_context().command.name or "pokercalc"
                text = formats.json_text(formats.envelope(command, result)) + "\n"
            else:
                text = _csv_of(result)
        with deferred_signals():
            click.echo(text, nl=False)
        return
    from rich.console import Console

    from pokercalc.output.fit import fit_all

    # A result in hand is printed whole; a signal meanwhile takes effect after.
    with deferred_signals():
        # markup=False: user text (ranges, labels, file names) is shown literally, never
        # as rich markup; the renderers style with Text objects and style arguments.
        # fit_all: at any width a table keeps its numbers whole (docs/output.md).
        Console(markup=False).print(fit_all(renderable()))


def _csv_of(result: Any) -> str:
    """The CSV of a tabular result or a list of results; a table without rows (no draws,
    say) is still its header."""
    from pokercalc.output import formats

    rows = result.to_rows() if hasattr(result, "to_rows") else [r.to_dict() for r in result]
    columns = result.csv_columns() if not rows and hasattr(result, "csv_columns") else None
    return formats.csv_text(rows, columns)


class _Working:
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


def view(name: str, *args: Any) -> Callable[[], Any]:
    """The table of ``render.<name>(*args)``, imported only when a table is printed: rich and
    the renderers cost ``--json`` and ``--csv`` nothing (tests/test_startup.py)."""

    def make() -> Any:
        from pokercalc.output import render

        return getattr(render, name)(*args)

    return make


@click.group(
    cls=PokercalcGroup,
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, prog_name="pokercalc")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """pokercalc: exact and Monte Carlo poker equity from the shell.

    `pokercalc COMMAND --help` shows a command's options and an example.

    \b
    Examples:
      pokercalc equity "JcJh | 99+,AJs+ | random" --board 4dAc5d
      pokercalc outs AsAc --board Kd8h9c --vs QhJh
    """
    if ctx.invoked_subcommand is None:
        # Bare `pokercalc`: the help, as a successful answer (exit 0), not a usage error.
        click.echo(ctx.get_help())
        ctx.exit(0)


@cli.command("eval", short_help="Value and category of hands of 5 to 7 cards.")
@click.argument("hands", nargs=-1, required=True)
@game_option(ALL_GAMES)
@click.option("--board", "-b", default="", help="Omaha: the board the hole cards play with.")
@output_options()
def eval_command(hands: tuple[str, ...], game: str, board: str, fmt: str) -> None:
    """Evaluate hands of 5 to 7 cards: value, category and description.

    In Omaha games each HAND is hole cards and --board the board: the best hand
    of exactly two hole and three board cards.

    \b
    Examples:
      pokercalc eval AsKsQsJsTs 7c7d7h2s2d
      pokercalc eval AhKhQsJs --board 2h3h4h8h9c --game omaha
    """
    from pokercalc.core.evaluator import evaluate_hand

    results = [evaluate_hand(h, game, board) for h in hands]
    emit(results, fmt, view("eval_table", results))


def _progress_callback(enabled: bool = True) -> Callable[[float], None] | None:
    """A progress bar with time left on stderr, shown once a run has taken a second.

    Only when stderr is a terminal, whatever stdout is (a table, JSON, CSV or
    a pipe); never in logs.  Returns None when there is nothing to show; the
    callable takes the fraction done and has a ``close()`` that removes the bar.
    """
    if not enabled or not sys.stderr.isatty():
        return None
    import time

    started = time.perf_counter()
    state: dict[str, Any] = {}

    def update(fraction: float) -> None:
        if "bar" not in state:
            if time.perf_counter() - started < 1.0:
                return
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                Progress,
                TaskProgressColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            state["bar"] = Progress(
                TextColumn("computing"),
                BarColumn(),
                TaskProgressColumn(),
                TimeElapsedColumn(),
                TextColumn("left"),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            state["bar"].start()
            state["task"] = state["bar"].add_task("computing", total=1.0)
        state["bar"].update(state["task"], completed=fraction)
        if fraction >= 1.0:
            close()

    def close() -> None:
        if "bar" in state:
            state.pop("bar").stop()

    update.close = close  # type: ignore[attr-defined]
    return update


def _line_counter() -> Callable[[], None] | None:
    """A count of batch lines done on stderr, once a run has taken a second, on a terminal only."""
    if not sys.stderr.isatty():
        return None
    import time

    started = time.perf_counter()
    state: dict[str, Any] = {"done": 0}

    def update() -> None:
        state["done"] += 1
        if "bar" not in state:
            if time.perf_counter() - started < 1.0:
                return
            from rich.console import Console
            from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            state["bar"] = Progress(
                SpinnerColumn(),
                TextColumn("{task.completed:,.0f} lines done"),
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            state["bar"].start()
            state["task"] = state["bar"].add_task("batch", total=None)
        state["bar"].update(state["task"], completed=state["done"])

    def close() -> None:
        if "bar" in state:
            state.pop("bar").stop()

    update.close = close  # type: ignore[attr-defined]
    return update


def _close_progress(progress: Callable[..., None] | None) -> None:
    """Remove a bar made by :func:`_progress_callback`, if one is showing."""
    if progress is not None:
        progress.close()  # type: ignore[attr-defined]


def _check_writable(path: str) -> None:
    """Refuse an output file that cannot be written, before any computing."""
    from pokercalc.core.validate import quote

    from .errors import InputError

    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise InputError(f"cannot write {quote(path)}: folder {quote(folder)} does not exist")
    if os.path.isdir(path):
        raise InputError(f"cannot write {quote(path)}: it is a folder")
    target = path if os.path.exists(path) else folder
    if not os.access(target, os.W_OK):
        raise InputError(f"cannot write {quote(path)}: permission denied")


def _exit_if_interrupted(result: Any) -> None:
    """After printing a result a signal cut short: exit 130 (SIGINT) or 143 (SIGTERM)."""
    if getattr(result, "interrupted", False):
        from pokercalc.core.runner import exit_status

        click.echo("pokercalc: interrupted; the output shows what was done", err=True)
        raise SystemExit(exit_status())


def _plan_notice(outcomes: int, seconds: float) -> None:
    """One line on stderr before a long exhaustive run: its size and expected duration."""
    if seconds >= 3.0:
        click.echo(
            f"pokercalc: enumerating {outcomes:,} outcomes exactly; "
            f"about {_duration(seconds)} (estimated from a sample; Ctrl-C stops)",
            err=True,
        )


def _duration(seconds: float) -> str:
    """Seconds as people say them: 40 s, 12 min, 3.5 h, 2.1 days."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    if seconds < 172800:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


@cli.command("equity", short_help="Equity, win and tie of every player.")
@click.argument("players", nargs=-1, required=True)
@click.option("--board", "-b", default="", help="Board cards, e.g. 4dAc5d (0, 3, 4 or 5).")
@click.option("--dead", "-d", default="", help="Dead cards, out of the deck.")
@game_option(ALL_GAMES)
@engine_options()
@click.option("--threads", type=Checked("threads", True), help="Threads (default: all cores).")
@click.option(
    "--threshold",
    type=Checked("threshold", False),
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
    "--distribution", is_flag=True, help="The range's equity curve and histogram (by combo)."
)
@click.option(
    "--plot",
    "plot_file",
    type=click.Path(dir_okay=False),
    help="Write the equity curve and histogram to a PNG or SVG file (needs matplotlib).",
)
@executor_options(
    jobs_help="Cut the run into pieces of about a second and run them in N local processes.",
    cluster_help="Run the pieces on the Dask scheduler at ADDRESS "
    "(default: $POKERCALC_CLUSTER, for long runs).",
)
@output_options()
def equity_command(
    players: tuple[str, ...],
    board: str,
    dead: str,
    method: str | None,
    trials: int | None,
    time_: float | None,
    stderr_: float | None,
    seed: int | None,
    threads: int | None,
    threshold: float | None,
    breakdown: str | None,
    by_combo: bool,
    distribution: bool,
    plot_file: str | None,
    jobs: int | None,
    cluster: str | None,
    game: str,
    fmt: str,
) -> None:
    """Equity, win and tie of every player.

    PLAYERS are split by `|` or given as separate arguments; each is a hand
    (AhKh), a range (QQ+,AJs+), a pocket query (Group2 to Group4 and Suited)
    or `random`.

    \b
    Example:
      pokercalc equity "JcJh | 99+,AJs+ | random" --board 4dAc5d
      pokercalc equity "QQ+,AK | JJ" --board Kh7c2d --breakdown 1 --distribution
      pokercalc equity "AhKh | random | random" --board Th9h2c --jobs 2
    """
    if jobs is not None or cluster is not None or _cluster_from_env(method, trials, time_):
        if breakdown is not None or by_combo or distribution or plot_file:
            from .errors import InputError

            raise InputError("--breakdown, --combos, --distribution and --plot run on one machine")
        _equity_in_pieces(players, board, dead, game, method, threshold, trials, time_, stderr_,
                          seed, threads, jobs, cluster, fmt)  # fmt: skip
        return
    if breakdown is not None or by_combo or distribution or plot_file:
        engine = {"method": method or "auto", "threshold": threshold, "trials": trials}
        engine.update(time=time_, stderr=stderr_, seed=seed, threads=threads)
        _breakdown(players, board, dead, game, engine, breakdown, by_combo, distribution,
                   plot_file, fmt)  # fmt: skip
        return
    from pokercalc.analysis.equities import equity

    progress = _progress_callback()
    try:
        result = equity(
            list(players),
            board,
            dead,
            method=method or "auto",
            threshold=threshold,
            trials=trials,
            time=time_,
            stderr=stderr_,
            seed=seed,
            threads=threads,
            progress=progress,
            on_plan=_plan_notice if method == "exact" else None,
            game=game,
        )
    finally:
        _close_progress(progress)
    emit(result, fmt, view("equity_view", result))
    _exit_if_interrupted(result)


def _cluster_from_env(method: str | None, trials: int | None, time_: float | None) -> bool:
    """Whether ``$POKERCALC_CLUSTER`` takes a run without --jobs or --cluster: an exact or
    auto run, or Monte Carlo with a deal count (pieces are fixed blocks of deals); small
    runs still stay here (see :func:`_equity_in_pieces`)."""
    if not os.environ.get("POKERCALC_CLUSTER", "").strip():
        return False
    return method != "mc" or (trials is not None and time_ is None)


def _equity_in_pieces(
    players: tuple[str, ...],
    board: str,
    dead: str,
    game: str,
    method: str | None,
    threshold: float | None,
    trials: int | None,
    time_: float | None,
    stderr_: float | None,
    seed: int | None,
    threads: int | None,
    jobs: int | None,
    cluster: str | None,
    fmt: str,
) -> None:
    """``equity --jobs/--cluster``: the run cut into pieces that run on that executor, with
    a count of pieces done on a terminal; a run of one piece stays in this process."""
    from pokercalc.analysis.equities import equity
    from pokercalc.analysis.pieces import equity_on, plan_equity
    from pokercalc.pipelines.executors import open_executor

    from .errors import InputError

    if threads is not None:
        raise InputError("--threads is for one machine: pieces run on one engine thread each")
    if time_ is not None or stderr_ is not None:
        raise InputError("Monte Carlo in pieces stops at --trials, not at --time or --stderr")
    kw: dict[str, Any] = dict(game=game, method=method or "auto", threshold=threshold,
                              trials=trials, seed=seed)  # fmt: skip
    if jobs is None and cluster is None:
        # Taken by $POKERCALC_CLUSTER: a run of one piece is not worth a trip.
        if len(plan_equity(list(players), board, dead, **kw).pieces) == 1:
            result = equity(list(players), board, dead, **kw)
            emit(result, fmt, view("equity_view", result))
            return
    counter = _piece_counter()
    try:
        with open_executor(jobs, cluster) as executor:
            if kw["method"] == "auto":
                # Workers enumerate in parallel: what each could enumerate alone, times them.
                from pokercalc.analysis.equities import DEFAULT_THRESHOLD
                from pokercalc.pipelines.executors import worker_count

                base = DEFAULT_THRESHOLD if threshold is None else threshold
                kw["threshold"] = base * worker_count(executor)
            result = equity_on(executor, list(players), board, dead, on_piece=counter, **kw)
    finally:
        _close_progress(counter)
    emit(result, fmt, view("equity_view", result))
    _exit_if_interrupted(result)


def _piece_counter() -> Callable[[int, int], None] | None:
    """Pieces done out of all on stderr, once a run has taken a second, on a terminal only."""
    if not sys.stderr.isatty():
        return None
    import time

    started = time.perf_counter()
    state: dict[str, Any] = {}

    def update(done: int, total: int) -> None:
        if "bar" not in state:
            if time.perf_counter() - started < 1.0:
                return
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            state["bar"] = Progress(
                TextColumn("pieces"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("left"),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            state["bar"].start()
            state["task"] = state["bar"].add_task("pieces", total=total)
        state["bar"].update(state["task"], completed=done)

    def close() -> None:
        if "bar" in state:
            state.pop("bar").stop()

    update.close = close  # type: ignore[attr-defined]
    return update


def _breakdown(
    players: tuple[str, ...],
    board: str,
    dead: str,
    game: str,
    engine: dict[str, Any],
    player: str | None,
    by_combo: bool,
    distribution: bool,
    plot_file: str | None,
    fmt: str,
) -> None:
    """``equity --breakdown/--combos/--distribution/--plot``: one run, the player's range by
    hand; CSV is the hands (the curve's steps with --distribution)."""
    from pokercalc.analysis.breakdown import equity_breakdown

    from .errors import InputError

    text = player or "1"
    if not text.isdigit() or int(text) < 1:
        raise InputError(f"--breakdown takes a player number (1, 2, ...), not {text!r}")
    if plot_file:
        from pokercalc.output.plot import check_plot_path

        _check_writable(plot_file)
        check_plot_path(plot_file)
    progress = _progress_callback()
    try:
        result = equity_breakdown(
            list(players),
            board,
            dead,
            player=int(text),
            by="combo" if by_combo else "class",
            distribution=distribution or bool(plot_file),
            progress=progress,
            on_plan=_plan_notice if engine["method"] == "exact" else None,
            game=game,
            **engine,
        )
    finally:
        _close_progress(progress)
    if plot_file and result.distribution is not None:
        from pokercalc.output.plot import plot_distribution

        plot_distribution(plot_file, result)

    def show() -> Any:
        from pokercalc.output.render_breakdown import breakdown_view

        return breakdown_view(result)

    shown: Any = result
    if fmt == "csv" and distribution and result.distribution is not None:
        shown = result.distribution
    emit(shown, fmt, show)
    _exit_if_interrupted(result)


@cli.command("batch", short_help="Many equity scenarios, one per line, as JSON lines.")
@click.argument(
    "file", type=click.File("r", encoding="utf-8", errors="replace"), default="-", required=False
)
@engine_options(seed_help="Monte Carlo seed for every line.")
@click.option(
    "--threads",
    type=Checked("threads", True),
    help="Engine threads per scenario (default 1: scenarios share the cores via --jobs).",
)
@click.option(
    "--threshold",
    type=Checked("threshold", False),
    help="Largest outcome count enumerated exactly.",
)
@executor_options(
    jobs_help="Worker processes sharing the scenarios (default: one per core; 1 = this process).",
    cluster_help="Run the scenarios on the Dask scheduler at ADDRESS "
    "(default: $POKERCALC_CLUSTER, unless --jobs is given).",
)
def batch_command(
    file: Any,
    method: str | None,
    trials: int | None,
    time_: float | None,
    stderr_: float | None,
    seed: int | None,
    threads: int | None,
    threshold: float | None,
    jobs: int | None,
    cluster: str | None,
) -> None:
    """Run many equity scenarios, one per line of FILE (or stdin), printing JSON lines.

    A line is `PLAYERS ; board ; dead` (e.g. `AsKs | QQ ; 4dAc5d ;`) or a JSON
    object such as {"players": ["AsKs", "QQ"], "board": "4dAc5d", "seed": 1}.
    Blank lines and # comments are skipped; every other line gives one JSON
    line, in input order, flushed as it finishes; a bad line gives an error
    object naming it.  The options apply to every line unless it sets its own.
    The lines run in chunks on all cores (--jobs) or on a Dask cluster
    (--cluster).  Exit status 1 when any line failed.  See docs/pipelines.md.

    \b
    Examples:
      echo 'AsKs | QQ ; 4dAc5d ;' | pokercalc batch
      echo '{"players": ["AsKs", "QQ"], "board": "4dAc5d", "seed": 1}' | pokercalc batch
    """
    from pokercalc.pipelines import batch
    from pokercalc.pipelines.executors import cluster_address, open_executor

    shared = {
        k: v
        for k, v in (
            ("method", method),
            ("trials", trials),
            ("time", time_),
            ("stderr", stderr_),
            ("seed", seed),
            ("threads", threads),
            ("threshold", threshold),
        )
        if v is not None
    }
    address = cluster_address(cluster, jobs)
    out = sys.stdout
    counter = _line_counter()
    try:
        if address is None:
            _, failed = batch.main_stream(file, out, shared, jobs=jobs, on_line=counter)
        else:
            with open_executor(cluster=address) as executor:
                _, failed = batch.main_stream(file, out, shared, executor=executor, on_line=counter)
    except KeyboardInterrupt as e:
        # The whole batch stops: the lines written so far are whole and stand.
        from pokercalc.core.runner import exit_status

        click.echo("pokercalc batch: interrupted; the lines printed are complete", err=True)
        raise SystemExit(exit_status(e)) from None
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(141) from None
    except OSError as e:
        from pokercalc.core.validate import quote

        name = getattr(file, "name", "-")
        raise click.UsageError(f"cannot read {quote(str(name))}: {e.strerror or e}") from None
    finally:
        _close_progress(counter)
    # (SystemExit, not ctx.exit: the group runs click with standalone_mode=False.)
    raise SystemExit(1 if failed else 0)


@cli.command("check", short_help="Check expected equities from a regression file.")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("--builtin", is_flag=True, help="Check the known equities shipped with pokercalc.")
@click.option(
    "--seed", type=Checked("seed", True), help="Monte Carlo seed where a scenario sets none."
)
@click.option("--threads", type=Checked("threads", True), help="Threads (default: all cores).")
@output_options()
def check_command(
    file: str | None, builtin: bool, seed: int | None, threads: int | None, fmt: str
) -> None:
    """Check expected equities from a regression FILE (JSON or TOML), or --builtin ones.

    Each scenario runs exhaustively when it can and by Monte Carlo otherwise;
    a table shows expected, got, difference and pass/fail.  Exit status 0 when
    every scenario passes, 1 when one fails, 2 for a malformed file.  The file
    format is in docs/pipelines.md.

    \b
    Example:
      pokercalc check --builtin
    """
    from pokercalc.output import render_check
    from pokercalc.pipelines import check

    if builtin == (file is not None):
        raise click.UsageError("give a regression FILE or --builtin (one of them)")
    specs = check.builtin_spec() if builtin else check.load_spec(file)  # type: ignore[arg-type]
    shared = {k: v for k, v in (("seed", seed), ("threads", threads)) if v is not None}
    result = check.run_check(specs, shared, source="builtin" if builtin else str(file))
    emit(result, fmt, lambda: render_check.check_table(result))
    raise SystemExit(0 if result.passed else 1)


@cli.command("query", short_help="The hands a range or pocket query holds.")
@click.argument("expression", nargs=-1, required=True)
@click.option("--board", "-b", default="", help="Board cards to remove, e.g. 4dAc5d.")
@click.option("--dead", "-d", default="", help="Dead cards to remove, e.g. JcJh.")
@click.option("--list", "list_", is_flag=True, help="Print one combo per line (ASCII).")
@click.option(
    "--compact",
    is_flag=True,
    help="Print the range in the shortest range notation (77+,A7s+,K9s+), weights kept.",
)
@game_option(ALL_GAMES)
@output_options(csv=False)
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
    if g.forming == "omaha":
        from pokercalc.ranges.omaha import run_omaha_query

        from .errors import InputError

        if compact:
            raise InputError(f"--compact writes two-card ranges; {g.name} hands have no short form")

        omaha = run_omaha_query(" ".join(expression), g, board=board, dead=dead)
        if list_:
            lines = omaha.lines()
            while chunk := list(itertools.islice(lines, 10_000)):
                click.echo("\n".join(chunk))
            return
        emit(omaha, fmt, view("omaha_query_view", omaha))
        return
    result = run_query(" ".join(expression), board=board, dead=dead, game=g)
    if not result.matched:
        from pokercalc.ranges.notation import space_hint

        from .errors import EmptyRangeError, quote

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
    emit(result, fmt, view("range_grid", result))


@cli.command("outs", short_help="Outs and odds of a hand on a flop or turn.")
@click.argument("hero")
@click.option("--board", "-b", required=True, help="The flop or turn, e.g. Kd8h9c.")
@click.option(
    "--vs",
    "opponents",
    multiple=True,
    help="An opponent: a hand, range or pocket query (repeat for several).",
)
@click.option("--dead", "-d", default="", help="Dead cards, out of the deck.")
@game_option(ALL_GAMES)
@output_options()
def outs_command(
    hero: str, board: str, opponents: tuple[str, ...], dead: str, game: str, fmt: str
) -> None:
    """The outs of HERO on a flop or turn: the cards that improve it, and the odds.

    An out improves the hero's hand category, beats the board's own category
    with that card, and loses to no --vs opponent given as one hand.  With
    --vs, each card also shows the hero's exact equity after it, and the
    headline counts the cards that put (or keep) the hero ahead.

    \b
    Examples:
      pokercalc outs 5c6c --board Kd8h9c
      pokercalc outs AsAc --board Kd8h9c --vs QhJh
    """
    from pokercalc.analysis.outs import find_outs

    progress = _progress_callback(bool(opponents))
    try:
        result = find_outs(hero, board, list(opponents), dead, progress=progress, game=game)
    finally:
        _close_progress(progress)
    emit(result, fmt, view("outs_table", result))
    _exit_if_interrupted(result)


@cli.command("draws", short_help="Straight and flush draws of a hand.")
@click.argument("hero")
@click.option("--board", "-b", required=True, help="The flop or turn, e.g. Jh9c7c.")
@click.option("--dead", "-d", default="", help="Dead cards, out of the deck.")
@game_option(ALL_GAMES)
@output_options()
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

        from .errors import InputError

        raise InputError(
            f"draws takes one hand such as KcTh; for a range use: pokercalc hits "
            f"{shlex.quote(hero)} --board {shlex.quote(board)}"
        )
    result = find_draws(hero, board, dead, game=game)
    emit(result, fmt, view("draws_table", result))


@cli.command("hits", short_help="How a range hits a board: made hands and draws.")
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
@game_option()
@output_options()
def hits_command(
    range_: tuple[str, ...],
    board: str,
    dead: str,
    opponents: tuple[str, ...],
    select: str | None,
    list_: bool,
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
    """
    from pokercalc.analysis.hits import range_hits

    if list_ and fmt != "table":
        raise click.UsageError(f"--list and --{fmt} exclude each other")
    if select is not None and fmt == "csv":
        raise click.UsageError("--select prints a range: use it alone, with --list or with --json")
    result = range_hits(" ".join(range_), board, dead, vs=opponents, game=game, select=select)
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
    emit(result, fmt, view("hits_table", result))


#: Seconds ``winodds`` keeps back from its time budget for rendering its output.
_WINODDS_OUTPUT_RESERVE = 0.1


def _process_age() -> float:
    """Seconds since this process started (Linux /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/stat") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0
    return max(0.0, uptime - start_ticks / os.sysconf("SC_CLK_TCK"))


@cli.command("winodds", short_help="Equity and win odds against random opponents.")
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
@engine_options(
    time_help="Seconds per opponent count (default 0.5 when no --trials or --stderr).",
    seed_help="Monte Carlo base seed.",
)
@click.option("--threads", type=Checked("threads", True), help="Threads (default: all cores).")
@game_option(ALL_GAMES)
@output_options()
def winodds_command(
    hero: str,
    opponents: str,
    board: str,
    dead: str,
    method: str | None,
    time_: float | None,
    trials: int | None,
    stderr_: float | None,
    seed: int | None,
    threads: int | None,
    game: str,
    fmt: str,
) -> None:
    """Equity and win odds of HERO against 1 to 22 random opponents, with hand potential.

    HERO is a hand (AsKs), a range (AQs+) or a pocket query (Group1); figures
    then average over its hands.  On a flop, turn or river the table adds
    hand strength, positive and negative potential and EHS.  --time is
    wall-clock seconds per opponent count, start-up and output included.
    Short-deck deals at most 14 opponents.

    \b
    Example:
      pokercalc winodds AsKs --opponents 1-9
    """
    from pokercalc.analysis.win_odds import winodds

    # --time is wall-clock per opponent count, end to end: start-up so far and
    # a reserve for printing come out of the computation's share.  A process
    # older than a few seconds is a host (a test runner, a notebook), not a
    # fresh command, and its age is not start-up.
    age = _process_age()
    reserve = (age if age < 5.0 else 0.0) + _WINODDS_OUTPUT_RESERVE
    progress = _progress_callback()
    try:
        result = winodds(
            hero,
            opponents=opponents,
            board=board,
            dead=dead,
            method=method or "auto",
            time=time_,
            trials=trials,
            stderr=stderr_,
            seed=seed,
            threads=threads,
            reserve=reserve,
            progress=progress,
            game=game,
        )
    finally:
        _close_progress(progress)
    emit(result, fmt, view("winodds_view", result))
    _exit_if_interrupted(result)


@cli.command("flops", short_help="Equity on all 19,600 flops, and a fitted formula.")
@click.argument("hero")
@click.argument("range_", metavar="RANGE")
@click.option(
    "--features",
    "n_features",
    type=click.IntRange(1, 73),
    help="Fit a formula of at most N features (default 3).",
)
@click.option(
    "--error",
    "error",
    help="Instead, fit the fewest features whose error is at most E percentage points (2.5).",
)
@click.option(
    "--objective",
    type=click.Choice(["avg", "max"]),
    default="avg",
    show_default=True,
    help="Minimise (or bound) the average or the largest error.",
)
@click.option(
    "--time-limit",
    type=Checked("time_limit", False),
    default=2.0,
    show_default=True,
    help="Seconds for the whole fit (heuristic, then the integer program); "
    "the gap is reported when it stops early.",
)
@click.option(
    "--csv",
    "csv_file",
    type=click.Path(dir_okay=False, writable=True),
    help="Write one row per flop (flop, equity, F1..F73) to this file.",
)
@click.option(
    "--plot",
    "plot_file",
    type=click.Path(dir_okay=False),
    help="Write the equity curve over the flops and its histogram to a PNG or SVG file "
    "(needs matplotlib).",
)
@click.option("--threads", type=Checked("threads", True), help="Threads (default: all cores).")
@output_options(csv=False)
def flops_command(
    hero: str,
    range_: str,
    n_features: int | None,
    error: str | None,
    objective: str,
    time_limit: float,
    csv_file: str | None,
    plot_file: str | None,
    threads: int | None,
    fmt: str,
) -> None:
    """HERO's exact equity against RANGE on all 19,600 flops, and a formula of a few flop features.

    HERO is a hand (AhAs) or a class (AA, AKs, AKo: see docs/flops.md for the
    suits chosen); RANGE is any range or named range (RUS, RS, RML, ATC).  After
    Dalpasso and Lancia (2015).

    \b
    Example:
      pokercalc flops AA ATC --features 3
    """
    from pokercalc.output import formats
    from pokercalc.texture.flops import flop_study

    from .errors import InputError

    if n_features is not None and error is not None:
        raise InputError("--features and --error exclude each other")
    if csv_file:
        _check_writable(csv_file)
    if plot_file:
        from pokercalc.output.plot import check_plot_path

        _check_writable(plot_file)
        check_plot_path(plot_file)
    err = None
    if error is not None:
        try:
            err = float(error.strip().rstrip("%")) / 100
        except ValueError:
            raise InputError(f"--error {error!r} is not a number of percentage points") from None
    progress = _progress_callback()
    try:
        study = flop_study(
            hero,
            range_,
            features=None if err is not None else (n_features or 3),
            error=err,
            objective=objective,
            time_limit=time_limit,
            threads=threads,
            progress=progress,
        )
    finally:
        _close_progress(progress)
    if csv_file:
        with open(csv_file, "w", encoding="utf-8", newline="") as f:
            f.write(formats.csv_text(study.to_rows()))
    if plot_file and not study.interrupted:
        from pokercalc.output.plot import plot_flops

        plot_flops(plot_file, study)

    def view() -> object:
        from pokercalc.output.render_flops import flops_view

        return flops_view(study)

    emit(study, fmt, view)
    _exit_if_interrupted(study)


def _table_executor(jobs: int | None, cluster: str | None) -> Any:
    """The context manager of the executor ``table`` runs its pieces on: none (this process)
    for ``--jobs 1``, else :func:`~pokercalc.pipelines.executors.open_executor`'s."""
    import contextlib

    from pokercalc.pipelines.executors import cluster_address, open_executor

    if jobs == 1 and cluster_address(cluster, jobs) is None:
        return contextlib.nullcontext(None)
    return open_executor(jobs, cluster)


@cli.command("table", short_help="Tables of equities: preflop matchups, vs random, all flops.")
@click.argument("kind", metavar="TABLE")
@click.argument("arguments", metavar="[HANDS RANGE]", nargs=-1)
@click.option(
    "--hands",
    help="Preflop tables: the classes of the rows (and columns), e.g. AA,KK,AKs or QQ+,AK "
    "(default: all 169).",
)
@click.option(
    "--opponents",
    "-n",
    help="preflop-vs-random: numbers of random opponents, e.g. 1-9 (the default) or 2,4.",
)
@click.option(
    "--stderr",
    "stderr_",
    type=Checked("stderr", False),
    help="preflop-vs-random: Monte Carlo rows run until the equity's standard error is below "
    "this (default 0.0005).",
)
@click.option(
    "--seed",
    type=Checked("seed", True),
    help="preflop-vs-random: the seed every Monte Carlo row's seed derives from (default 1).",
)
@click.option(
    "--summary",
    is_flag=True,
    help="flops: one row per hand (mean, quartiles, share of flops ahead), not one per flop.",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False),
    help="Write the table to this file (.csv, .jsonl or .parquet); finished pieces wait in "
    "FILE.parts, so a stopped run resumes.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["csv", "jsonl", "parquet"]),
    help="The format, if not the --output file's extension (default csv on stdout).",
)
@executor_options(
    jobs_help="Worker processes computing the pieces (default: one per core; 1 = this process).",
    cluster_help="Compute the pieces on the Dask scheduler at ADDRESS "
    "(default: $POKERCALC_CLUSTER).",
)
def table_command(
    kind: str,
    arguments: tuple[str, ...],
    hands: str | None,
    opponents: str | None,
    stderr_: float | None,
    seed: int | None,
    summary: bool,
    output: str | None,
    fmt: str | None,
    jobs: int | None,
    cluster: str | None,
) -> None:
    """Write a TABLE of equities: preflop-headsup, preflop-vs-random or flops HANDS RANGE.

    preflop-headsup: every hand class against every class (169 x 169),
    exact, with the fractions.  preflop-vs-random: every class against 1 to
    9 random hands, exact against one and Monte Carlo to --stderr against
    more.  flops HANDS RANGE: each hand's exact equity on all 19,600 flops
    against RANGE.  The pieces run on all cores (--jobs) or a Dask cluster
    (--cluster); with --output a stopped run resumes where it stopped.
    See docs/tables.md.

    \b
    Examples:
      pokercalc table preflop-headsup --hands AA,KK,AKs
      pokercalc table preflop-vs-random --hands AA,72o --opponents 1-2 --output vs.csv
      pokercalc table flops AA,AKs ATC --summary
    """
    from pokercalc.core.runner import Interrupted, exit_status
    from pokercalc.output import render_tables
    from pokercalc.pipelines import tables

    from .errors import InputError

    given = {"--hands": hands, "--opponents": opponents, "--stderr": stderr_, "--seed": seed}
    allowed = {
        "preflop-headsup": {"--hands"},
        "preflop-vs-random": {"--hands", "--opponents", "--stderr", "--seed"},
        "flops": {"--summary"},
    }.get(kind)
    if allowed is None:
        raise InputError(f"no table {kind!r}: the tables are {', '.join(tables.KINDS)}")
    for name, value in {**given, "--summary": summary or None}.items():
        if value is not None and name not in allowed:
            raise InputError(f"{name} does not apply to the {kind} table")
    if kind == "flops":
        if len(arguments) != 2:
            raise InputError("the flops table takes HANDS and RANGE, e.g. table flops AA,AKs ATC")
        spec = tables.table_spec(kind, arguments[0], range_text=arguments[1])
    else:
        if arguments:
            raise InputError(f"the {kind} table takes no HANDS or RANGE; choose hands with --hands")
        spec = tables.table_spec(
            kind,
            hands,
            opponents=opponents or "1-9",
            stderr=tables.DEFAULT_STDERR if stderr_ is None else stderr_,
            seed=tables.DEFAULT_SEED if seed is None else seed,
        )
    form = render_tables.table_format(output, fmt)
    if form == "parquet":
        if output is None:
            raise InputError("Parquet is a binary file: write it with --output FILE.parquet")
        render_tables.require_parquet()
    store = None
    if output is not None:
        _check_writable(output)
        store = tables.ShardStore(output + ".parts", spec)
    if jobs is None and cluster is None and len(spec.pieces()) == 1:
        jobs = 1  # one piece: no worker is worth starting
    counter = _piece_counter()
    written = False
    try:
        with _table_executor(jobs, cluster) as executor:
            data = tables.compute(spec, store=store, executor=executor, on_piece=counter)
        _close_progress(counter)
        row_class = spec.row_class(summary)
        if output is None:
            render_tables.write_rows(sys.stdout, form, row_class, data.rows(summary))
        else:
            n = render_tables.write_table_file(output, form, row_class, data.rows(summary))
            written = True
            assert store is not None
            store.remove()
    except KeyboardInterrupt as e:
        _close_progress(counter)
        if isinstance(e, Interrupted):
            what = e.what
        elif written:
            what = f"{output} is written whole"
        elif store is not None:
            what = f"every piece is done and kept in {store.folder}"
        else:
            what = "nothing was written"
        again = "; run the same command again to resume" if store is not None else ""
        click.echo(f"pokercalc table: interrupted; {what}{again}", err=True)
        raise SystemExit(exit_status(e)) from None
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(141) from None
    finally:
        _close_progress(counter)
    if output is not None:
        pieces = "piece" if data.computed == 1 else "pieces"
        click.echo(
            f"pokercalc table: {n:,} rows written to {output} ({data.computed} {pieces} "
            f"computed, {data.reused} from an earlier run)",
            err=True,
        )


def main() -> None:
    """Console-script entry point: SIGINT and SIGTERM stop a run the same way (docs/stopping.md)."""
    import gc

    # What is loaded by now (Python, click, this module) lives as long as the process: the
    # cyclic collector, which would walk it again in every full collection and at exit, leaves
    # it be.  Objects made from here on are collected as usual.
    gc.freeze()
    # OpenMP's idle threads spin for some milliseconds before they sleep, waiting for more
    # work: a command has none after its run, so they would only burn a core until it exits
    # (5 ms of CPU time for `equity "AsAh | KsKh"`, a tenth of the whole process).  Spinning
    # 10,000 rounds still bridges the gaps between one run's parallel parts.  Read by libgomp
    # when the engine loads, which is after this; a spin count or wait policy the user set
    # is kept.
    if "GOMP_SPINCOUNT" not in os.environ and "OMP_WAIT_POLICY" not in os.environ:
        os.environ["GOMP_SPINCOUNT"] = "10000"

    from pokercalc.core.runner import install_signal_handlers

    install_signal_handlers()
    cli()
