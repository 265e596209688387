"""The ``pokercalc`` command line: parse options, call the library, format or render.

This package is the only importer of click.  Library errors become one line on
stderr and exit status 2.  Here are the group, the options and output every
command shares, and :func:`main`; each command lives in a module of its own
(:data:`COMMANDS`), imported only when that command runs or is listed.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
from collections.abc import Callable, Iterator, Mapping, MutableMapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, NoReturn

import click

from pokercalc import __version__
from pokercalc.cli.progress import (
    Working,
    close_progress,
    hand_counter,
    line_counter,
    notice,
    piece_counter,
    plan_notice,
    progress_callback,
)
from pokercalc.errors import PokercalcError

if TYPE_CHECKING:  # (the engine loads when a command runs, not when the CLI starts)
    from pokercalc.engine.options import EngineOptions

#: The entry point and group, and the progress helpers the commands' modules use as
#: ``common.<name>`` (their home is cli/progress.py).
__all__ = [
    "cli",
    "main",
    "close_progress",
    "hand_counter",
    "line_counter",
    "notice",
    "piece_counter",
    "plan_notice",
    "progress_callback",
]

FORMATS = ("table", "json", "csv")

#: Every command: the module of this package that defines it, and its function there.
COMMANDS = {
    "eval": "_hands:eval_command",
    "equity": "_equity:equity_command",
    "batch": "_pipelines:batch_command",
    "check": "_pipelines:check_command",
    "query": "_hands:query_command",
    "outs": "_analyses:outs_command",
    "draws": "_analyses:draws_command",
    "hits": "_analyses:hits_command",
    "winodds": "_analyses:winodds_command",
    "flops": "_flops:flops_command",
    "table": "_pipelines:table_command",
    "history": "_history:history_command",
}


class LazyCommands(MutableMapping[str, click.Command]):
    """A group's commands by name, each imported from its module when first looked up.

    Building a command's options costs about half a millisecond, so
    ``pokercalc equity`` builds its own alone (``pokercalc --help`` still lists
    every command).  The names (iteration, ``in``, ``len``) need no import.
    """

    def __init__(self, where: Mapping[str, str]) -> None:
        self._commands: dict[str, click.Command | str] = dict(where)

    def __getitem__(self, name: str) -> click.Command:
        command = self._commands[name]
        if isinstance(command, str):
            module, _, attribute = command.partition(":")
            command = getattr(importlib.import_module(f"{__name__}.{module}"), attribute)
            assert isinstance(command, click.Command)
            self._commands[name] = command
        return command

    def __setitem__(self, name: str, command: click.Command) -> None:
        self._commands[name] = command

    def __delitem__(self, name: str) -> None:
        del self._commands[name]

    def __contains__(self, name: object) -> bool:
        return name in self._commands

    def __iter__(self) -> Iterator[str]:
        return iter(self._commands)

    def __len__(self) -> int:
        return len(self._commands)


class Checked(click.ParamType):  # type: ignore[type-arg]  # (generic in new click only)
    """A numeric option checked by :mod:`pokercalc.core.validate`, as the API checks it.

    NaN, infinities, out-of-range and overflowing values, and digits other than ASCII
    ones (``１``, ``٣``), are one line and exit 2.
    """

    def __init__(self, name: str, integer: bool) -> None:
        self.name = "integer" if integer else "number"
        self.key = name
        self.integer = integer

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from pokercalc.core.validate import check_integer, check_number, read_number
        from pokercalc.errors import InputError

        try:
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                number: Any = value
            else:
                number = read_number(str(value), integer=self.integer)
            return (
                check_integer(self.key, number) if self.integer else check_number(self.key, number)
            )
        except InputError as e:
            self.fail(str(e))


class IntRange(click.IntRange):
    """:class:`click.IntRange` that takes ASCII digits only (``int()`` reads ``１`` and ``٣``)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            from pokercalc.core.validate import read_number
            from pokercalc.errors import InputError

            try:
                value = read_number(value, integer=True)
            except InputError as e:
                self.fail(str(e), param, ctx)
        return super().convert(value, param, ctx)


# click writes the texts of its own --help and --version options, and a Path type's name,
# through gettext when it makes them; gettext's first call imports locale and looks for
# translation files, a third of what `pokercalc equity ... --json` took beyond importing
# click (issue 15; bench/bench_startup.py).  pokercalc is not translated: it
# makes these options with their texts given, and a Path when an option gets a value.


def _show_help(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"pokercalc, version {__version__}", color=ctx.color)
        ctx.exit()


class _OwnHelpOption:
    """A click command's ``--help`` (and ``-h``), as click makes it, with its text given."""

    _own_help: click.Option | None = None

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        names = self.get_help_option_names(ctx)  # type: ignore[attr-defined]
        if not names or not self.add_help_option:  # type: ignore[attr-defined]
            return None
        if self._own_help is None:  # (one object: click orders eager options by identity)
            self._own_help = click.Option(
                names,
                is_flag=True,
                expose_value=False,
                is_eager=True,
                callback=_show_help,
                help="Show this message and exit.",
            )
        return self._own_help


class Command(_OwnHelpOption, click.Command):
    """A pokercalc command (``@click.command(..., cls=Command)``)."""


def refuse_nul(value: Any, param: click.Parameter | None, ctx: click.Context | None) -> None:
    """Fail (one line) for a file name holding a NUL character, which no system call takes
    (os.stat and open raise ValueError, not OSError, for one)."""
    if isinstance(value, str) and "\0" in value:
        from pokercalc.errors import quote

        message = f"{quote(value)} is not a file name: it holds a NUL character"
        raise click.BadParameter(message, ctx, param)


class File(click.File):
    """:class:`click.File` that refuses a file name holding a NUL character (one line)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        refuse_nul(value, param, ctx)
        return super().convert(value, param, ctx)


class Path(click.ParamType):  # type: ignore[type-arg]  # (generic in new click only)
    """:class:`click.Path` of these options, made when an option gets a value."""

    name = "file"

    def __init__(self, **options: Any) -> None:
        self.options = options
        self._path: click.Path | None = None

    @property
    def path(self) -> click.Path:
        if self._path is None:
            self._path = click.Path(**self.options)
        return self._path

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        refuse_nul(value, param, ctx)
        return self.path.convert(value, param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> Any:
        return self.path.shell_complete(ctx, param, incomplete)

    def to_info_dict(self) -> Any:
        return self.path.to_info_dict()


class _Context(click.Context):
    """The group's context, which ends a command stopped as it is entered or closed as
    :meth:`PokercalcGroup.invoke` does."""

    def __enter__(self) -> click.Context:
        try:
            return super().__enter__()
        except KeyboardInterrupt as e:
            _stop_interrupted(e)

    def __exit__(self, *exc: Any) -> None:
        try:
            super().__exit__(*exc)
        except KeyboardInterrupt as e:
            _stop_interrupted(e)


class PokercalcGroup(_OwnHelpOption, click.Group):
    """A click group whose errors are one line on stderr, never a usage dump or traceback.

    A signal outside any computation (while click reads the options, or as the command
    ends) ends it with one line too: in :meth:`make_context`, :meth:`invoke` and the
    context's exit, not in click's main, which writes an empty line to stderr first (for the
    "^C" a terminal echoes), noise in every log and pipe.
    """

    context_class = _Context

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except KeyboardInterrupt as e:
            _stop_interrupted(e)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PokercalcError as e:
            raise click.UsageError(str(e), ctx) from None
        except (click.exceptions.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:
            stop_broken_pipe()
        except OSError as e:
            # A file that cannot be read or written: the user's to fix, one line.
            name = f" {e.filename!r}" if e.filename else ""
            raise click.UsageError(f"cannot use{name}: {e.strerror or e}", ctx) from None
        except KeyboardInterrupt as e:
            _stop_interrupted(e)
        except SystemExit:
            raise
        except Exception as e:
            from pokercalc.core.runner import interrupt_of

            if (interrupt := interrupt_of(e)) is not None:
                _stop_interrupted(interrupt)  # (a signal Python wrapped in its own error)
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
            message = (hint or e.format_message()).translate(_LINE_BREAKS)
            click.echo(f"Error: {message}", err=True)
            sys.exit(e.exit_code)
        except click.Abort as e:
            if not standalone_mode:
                raise
            if isinstance(e.__context__, KeyboardInterrupt):
                _stop_interrupted(e.__context__)  # (one in click's own code, around a command)
            click.echo("Aborted!", err=True)
            sys.exit(1)
        except KeyboardInterrupt as e:
            if not standalone_mode:
                raise
            _stop_interrupted(e)  # (one as click returned: never a traceback)


#: The exit status when the reader of the output goes away (``| head``): 128 + SIGPIPE, what
#: the shell reports for a program that SIGPIPE ended, as `cat` or `yes` (docs/stopping.md).
BROKEN_PIPE_STATUS = 141


def stop_broken_pipe() -> NoReturn:
    """End the command quietly when its output's reader has gone away: no message (the
    reader is gone, and stderr is for errors), exit :data:`BROKEN_PIPE_STATUS`. Standard
    output is pointed at the null device so that flushing it at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # (a stream without a descriptor: nothing is flushed to a pipe at exit)
    sys.exit(BROKEN_PIPE_STATUS)


def _stop_interrupted(error: KeyboardInterrupt) -> NoReturn:
    """End the command after a signal outside any computation that reports partial results
    (the one stopping convention still holds): one line on stderr, exit 130 or 143."""
    from pokercalc.core.runner import Interrupted, exit_status

    what = error.what if isinstance(error, Interrupted) else ""
    click.echo(f"pokercalc: interrupted{'; ' + what if what else ''}", err=True)
    sys.exit(exit_status(error))


#: Every character that ends a line (``str.splitlines``), written as an escape in an error
#: message, which is one line even when it quotes user text the way click does, unescaped (a
#: file name with a newline in it).
_LINE_BREAKS = {ord(ch): repr(ch)[1:-1] for ch in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"}


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
            type=IntRange(0, MAX_DECIMALS),
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
    "omaha-hilo, omaha5-hilo, stud, stud-hilo, razz, draw, 2-7, a-5, badugi."
)

#: The ``--game`` help of the commands that need a board (the games without one refuse).
BOARD_GAMES = (
    "The game: holdem (default), shortdeck, shortdeck-triton, omaha, omaha5, omaha6, "
    "omaha-hilo, omaha5-hilo."
)


def game_option(
    help_text: str = "The game: holdem (default), shortdeck, shortdeck-triton.",
    analysis: str | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The ``--game`` option; the name is checked by ``games.get_game`` (one line, exit 2).
    The shell completes it with the games its help names (:func:`complete_game`).

    With ``analysis`` (a key of ``analysis.rules``) the game is read before the other
    options and a game the analysis cannot serve is refused then, in the library's one
    line: ``outs AsKsQd --game stud`` said that ``--board`` was missing, when no board
    would do."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        return complete_game(help_text, incomplete)

    def served(ctx: click.Context, param: click.Parameter, value: str) -> str:
        if analysis is not None and not ctx.resilient_parsing:
            from pokercalc.analysis.rules import served_game

            served_game(value, analysis)
        return value

    return click.option(
        "--game",
        default="holdem",
        show_default=True,
        help=help_text,
        shell_complete=complete,
        is_eager=analysis is not None,
        callback=served,
    )


def complete_game(help_text: str, incomplete: str) -> list[Any]:
    """The shell's completions of ``--game``: the games named in ``help_text`` (all games
    when it names none) that start with ``incomplete``, each with its full name."""
    import re

    from click.shell_completion import CompletionItem

    from pokercalc.core.games import GAMES

    words = set(re.findall(r"[\w-]+", help_text))
    names = [name for name in GAMES if name in words] or list(GAMES)
    return [
        CompletionItem(name, help=GAMES[name].title)
        for name in names
        if name.startswith(incomplete.lower())
    ]


def threads_option(
    help: str = "Threads (default: all cores).",
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The ``--threads`` flag of the commands that run the engine."""
    return click.option("--threads", type=Checked("threads", True), help=help)


def engine_options(
    *,
    time_help: str = "Monte Carlo: seconds.",
    seed_help: str = "Monte Carlo seed (reported either way).",
    trials_help: str = "Monte Carlo: stop after N deals.",
    stderr_help: str = (
        "Monte Carlo: stop when every standard error (of equity as a fraction) is below this."
    ),
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The engine flags every equity-like command shares: method, stopping rules and seed.

    Passes ``engine``, one :class:`~pokercalc.engine.options.EngineOptions` of these
    flags and of the command's own ``--threads``, ``--threshold``, ``--jobs`` and
    ``--cluster`` (those it has).  ``--exact`` with ``--mc``, or with a Monte Carlo option,
    and ``--exact`` or ``--mc`` with the command's ``--threshold`` (which only the automatic
    choice uses; :func:`~pokercalc.core.validate.check_method_options`) are one line and
    exit 2.
    """
    options = [
        click.option("--exact", "exact_", is_flag=True, help="Enumerate every outcome."),
        click.option("--mc", "mc_", is_flag=True, help="Monte Carlo simulation."),
        click.option("--trials", type=Checked("trials", True), help=trials_help),
        click.option("--time", "time_", type=Checked("time", False), help=time_help),
        click.option("--stderr", "stderr_", type=Checked("stderr", False), help=stderr_help),
        click.option("--seed", type=Checked("seed", True), help=seed_help),
    ]

    def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(f)
        def wrapper(*args: Any, exact_: bool, mc_: bool, **kwargs: Any) -> Any:
            # Two flags, not one destination: click keeps the last of flags sharing one.
            if exact_ and mc_:
                raise click.UsageError("--exact and --mc exclude each other")
            method = "exact" if exact_ else "mc" if mc_ else None
            if method is not None:
                from pokercalc.core.validate import check_method_options
                from pokercalc.errors import InputError

                given = {name: kwargs.get(k) for k, name in _METHOD_FLAGS.items()}
                try:
                    check_method_options(method, given, exact="--exact", mc="--mc",
                                         names=_METHOD_NAMES)  # fmt: skip
                except InputError as e:
                    raise click.UsageError(str(e)) from None
            from pokercalc.engine.options import EngineOptions

            # (every value was checked by its flag's type, and the method's exclusions above)
            engine = EngineOptions(
                method=method or "auto", trials=kwargs.pop("trials"),
                time=kwargs.pop("time_"), stderr=kwargs.pop("stderr_"), seed=kwargs.pop("seed"),
                **{k: kwargs.pop(k) for k in _ENGINE_FLAGS if k in kwargs},
            )  # fmt: skip
            return f(*args, engine=engine, **kwargs)

        for option in reversed(options):
            wrapper = option(wrapper)
        return wrapper

    return decorate


#: The flags a method flag may exclude: the Monte Carlo ones of :func:`engine_options` and
#: the commands' own ``--threshold``, by parameter, with their option names.
_METHOD_FLAGS = {
    "trials": "trials",
    "time_": "time",
    "stderr_": "stderr",
    "seed": "seed",
    "threshold": "threshold",
}
_METHOD_NAMES = {name: f"--{name}" for name in _METHOD_FLAGS.values()}
#: The engine options a command declares by flags of its own, gathered into the record.
_ENGINE_FLAGS = ("threads", "threshold", "jobs", "cluster")


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
    with held_if_interrupted(result):
        _emit(result, fmt, renderable)


def _emit(result: Any, fmt: str, renderable: Callable[[], Any]) -> None:
    """:func:`emit`, its signals held or not."""
    from pokercalc.core import formats
    from pokercalc.core.runner import deferred_signals, write_whole

    if fmt in ("json", "csv"):
        # The text is made first, where Ctrl-C stops at once (the JSON of millions of Omaha
        # hands takes seconds), then written whole: a signal meanwhile takes effect after.
        with Working(f"writing {fmt.upper()}"):
            if fmt == "json":
                command = click.get_current_context().command.name or "pokercalc"
                text = formats.json_text(formats.envelope(command, result)) + "\n"
            else:
                text = _csv_of(result)
        with deferred_signals():
            write_whole(sys.stdout, text)
        return
    from rich.console import Console

    from pokercalc.output.fit import fit_all

    # The table is drawn first, as the JSON is made: a signal meanwhile stops at once (a
    # breakdown by combo draws 1,225 rows, which took seconds) and nothing is printed.
    with Working("drawing the table"):
        # markup=False: user text (ranges, labels, file names) is shown literally, never
        # as rich markup; the renderers style with Text objects and style arguments.
        # fit_all: at any width a table keeps its numbers whole (docs/output.md).
        console = Console(markup=False)
        with console.capture() as captured:
            console.print(fit_all(renderable()))
        text = captured.get()
    # A result in hand is printed whole; a signal meanwhile takes effect after.
    with deferred_signals():
        write_whole(sys.stdout, text)


def _csv_of(result: Any) -> str:
    """The CSV of a tabular result or a list of results; a table without rows (no draws,
    say) is still its header."""
    from pokercalc.core import formats

    rows = result.to_rows() if hasattr(result, "to_rows") else [r.to_dict() for r in result]
    columns = result.csv_columns() if not rows and hasattr(result, "csv_columns") else None
    return formats.csv_text(rows, columns)


def view(name: str, *args: Any) -> Callable[[], Any]:
    """The table of ``render.<name>(*args)``, imported only when a table is printed: rich and
    the renderers cost ``--json`` and ``--csv`` nothing (tests/test_startup.py)."""

    def make() -> Any:
        from pokercalc.output import render

        return getattr(render, name)(*args)

    return make


@click.group(
    cls=PokercalcGroup,
    commands=LazyCommands(COMMANDS),
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help="Show the version and exit.",
)
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


def check_writable(path: str) -> None:
    """Refuse an output file that cannot be written, before any computing."""
    from pokercalc.core.validate import quote
    from pokercalc.errors import InputError

    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise InputError(f"cannot write {quote(path)}: folder {quote(folder)} does not exist")
    if os.path.isdir(path):
        raise InputError(f"cannot write {quote(path)}: it is a folder")
    target = path if os.path.exists(path) else folder
    if not os.access(target, os.W_OK):
        raise InputError(f"cannot write {quote(path)}: permission denied")


def exit_if_interrupted(result: Any, signals: int | None = None) -> None:
    """After printing a result a signal cut short: exit 130 (SIGINT) or 143 (SIGTERM).

    With ``signals`` (:func:`~pokercalc.core.runner.signals_received` before the run) a
    whole result that a signal came at the end of exits so too: the run swallowed it
    while it made the result (:func:`held_if_interrupted`)."""
    from pokercalc.core.runner import exit_status, signals_received

    came = signals is not None and signals_received() > signals
    if getattr(result, "interrupted", False) or came:
        click.echo("pokercalc: interrupted; the output shows what was done", err=True)
        raise SystemExit(exit_status())


def held_if_interrupted(result: Any) -> AbstractContextManager[None]:
    """Signals held while the output of a run that a signal stopped is made and written: it
    is what the run kept, and a second signal (a second Ctrl-C, or `timeout`, which signals
    the command and then its process group) takes effect after it."""
    from contextlib import nullcontext

    from pokercalc.core.runner import deferred_signals

    return deferred_signals() if getattr(result, "interrupted", False) else nullcontext()


def note_unused(engine: EngineOptions, method: str) -> None:
    """One line on stderr naming the Monte Carlo options a run that ``"auto"`` enumerated
    exactly did not use (``--exact`` refuses them instead): no option is silently ignored."""
    unused = [f"--{name}" for name in engine.unused_by(method)]
    if unused:
        names = ", ".join(unused[:-1]) + (" and " if len(unused) > 1 else "") + unused[-1]
        click.echo(
            f"pokercalc: {names} not used: the spot is small enough to enumerate exactly "
            "(--mc samples it instead)",
            err=True,
        )


def note_deck(texts: Sequence[str], game: str, *, players: bool = True) -> None:
    """One line on stderr per run of range notation whose bound the game's deck lacks
    (``22+`` in short-deck starts at 66); ``players`` splits each text at ``|`` and names
    the player."""
    from pokercalc.core.games import get_game

    g = get_game(game)
    if not g.outside_mask or g.range_language != "holdem":
        return
    from pokercalc.ranges.decks import deck_notes
    from pokercalc.ranges.notation import split_players

    parts = [p for text in texts for p in split_players(text)] if players else list(texts)
    for i, part in enumerate(parts, 1):
        for note in deck_notes(part, g):
            click.echo(f"pokercalc: {f'player {i}: ' if players else ''}{note}", err=True)


def main() -> None:
    """Console-script entry point: SIGINT and SIGTERM stop a run the same way (docs/stopping.md)."""
    import gc

    # What is loaded by now (Python, click, this module) lives as long as the process: the
    # cyclic collector, which would walk it again in every full collection and at exit, leaves
    # it be.  Objects made from here on are collected as usual.
    gc.freeze()
    # The youngest generation is collected every 700 new objects by default: the command's own
    # imports then paid nine collections (bench/bench_startup.py) that found 12 objects to
    # free.  Every 20,000 lets a short command end before its first one,
    # and a long one still frees its cycles.
    gc.set_threshold(20_000, 10, 10)
    # OpenMP's idle threads spin for some milliseconds before they sleep, waiting for more
    # work: a command has none after its run, so they would only burn a core until it exits
    # (a tenth of the CPU time of `equity "AsAh | KsKh"`).  Spinning
    # 10,000 rounds still bridges the gaps between one run's parallel parts.  Read by libgomp
    # when the engine loads, which is after this; a spin count or wait policy the user set
    # is kept.
    if "GOMP_SPINCOUNT" not in os.environ and "OMP_WAIT_POLICY" not in os.environ:
        os.environ["GOMP_SPINCOUNT"] = "10000"

    from pokercalc.core.runner import install_signal_handlers

    install_signal_handlers()
    try:
        try:
            cli()
        finally:
            sys.stdout.flush()  # (here, not at exit: a reader gone is one convention)
    except BrokenPipeError:
        stop_broken_pipe()
    except SystemExit as e:
        if e.code in (130, 143):
            _exit_at_once_on_signals(e.code)
        raise


def _exit_at_once_on_signals(status: int) -> None:
    """A command stopped by a signal has written what it kept; another signal while Python
    shuts down (a second Ctrl-C, or `timeout`, which signals the command and then its
    process group) must not make it die of that signal instead of exiting with ``status``.

    Python puts back the default action of every signal that has a handler of Python's as
    it shuts down (the process then died of the second SIGINT); an ignored signal stays
    ignored, so SIGINT is ignored from here on.  SIGTERM ends the process at once with
    ``status`` until then (and as the default action after: a stuck exit still ends)."""
    # (the C module, loaded already: importing ``signal`` takes long enough for the next
    # signal to land in it)
    if TYPE_CHECKING:
        import signal
    else:
        try:
            import _signal as signal
        except ImportError:
            import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def end(signum: int, frame: object) -> None:
        os._exit(status)

    if signal.getsignal(signal.SIGTERM) != signal.SIG_IGN:
        signal.signal(signal.SIGTERM, end)
