"""``pokercalc batch``, ``check`` and ``table``: many scenarios, regression files, tables."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from pokercalc import cli as common  # the shared options and output, looked up when used

if TYPE_CHECKING:
    from pokercalc.engine.options import EngineOptions


@click.command(
    "batch", cls=common.Command, short_help="Many equity scenarios, one per line, as JSON lines."
)
@click.argument(
    "file", type=common.File("r", encoding="utf-8", errors="replace"), default="-", required=False
)
@common.engine_options(seed_help="Monte Carlo seed for every line.")
@common.threads_option(
    "Engine threads per scenario (default 1: scenarios share the cores via --jobs)."
)
@click.option(
    "--threshold",
    type=common.Checked("threshold", False),
    help="Largest outcome count enumerated exactly.",
)
@common.executor_options(
    jobs_help="Worker processes sharing the scenarios (default: one per core; 1 = this process).",
    cluster_help="Run the scenarios on the Dask scheduler at ADDRESS "
    "(default: $POKERCALC_CLUSTER, unless --jobs is given).",
)
def batch_command(
    file: Any,
    engine: EngineOptions,
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
            ("method", None if engine.method == "auto" else engine.method),
            ("trials", engine.trials),
            ("time", engine.time),
            ("stderr", engine.stderr),
            ("seed", engine.seed),
            ("threads", engine.threads),
            ("threshold", engine.threshold),
        )
        if v is not None
    }
    jobs = engine.jobs
    address = cluster_address(engine.cluster, jobs)
    out = sys.stdout
    counter = common.line_counter()
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
        common.stop_broken_pipe()  # the reader went away (`| head`): quietly, exit 141
    except OSError as e:
        from pokercalc.core.validate import quote

        name = getattr(file, "name", "-")
        raise click.UsageError(f"cannot read {quote(str(name))}: {e.strerror or e}") from None
    finally:
        common.close_progress(counter)
    # (SystemExit, not ctx.exit: the group runs click with standalone_mode=False.)
    raise SystemExit(1 if failed else 0)


@click.command(
    "check", cls=common.Command, short_help="Check expected equities from a regression file."
)
@click.argument("file", required=False, type=common.Path(dir_okay=False))
@click.option("--builtin", is_flag=True, help="Check the known equities shipped with pokercalc.")
@click.option(
    "--seed", type=common.Checked("seed", True), help="Monte Carlo seed where a scenario sets none."
)
@common.threads_option()
@common.output_options()
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
    result = check.run_check(
        specs, shared, source="builtin" if builtin else str(file), on_plan=common.plan_notice
    )
    common.emit(result, fmt, lambda: render_check.check_table(result))
    common.exit_if_interrupted(result)
    raise SystemExit(0 if result.passed else 1)


def _table_executor(jobs: int | None, cluster: str | None) -> Any:
    """The context manager of the executor ``table`` runs its pieces on: none (this process)
    for ``--jobs 1``, else :func:`~pokercalc.pipelines.executors.open_executor`'s."""
    import contextlib

    from pokercalc.pipelines.executors import cluster_address, open_executor

    if jobs == 1 and cluster_address(cluster, jobs) is None:
        return contextlib.nullcontext(None)
    return open_executor(jobs, cluster)


def _matrix_wanted(kind: str, output: str | None, fmt: str | None) -> bool:
    """Whether ``table`` draws its matrix: asked with ``--format matrix`` (the preflop-headsup
    table only, on stdout), or by default for preflop-headsup when stdout is a terminal."""
    from pokercalc.errors import InputError

    if fmt == "matrix":
        if kind != "preflop-headsup":
            raise InputError("--format matrix draws the preflop-headsup table only")
        if output is not None:
            raise InputError("--format matrix is drawn on the terminal; --output writes csv, "
                             "jsonl or parquet")  # fmt: skip
        return True
    return fmt is None and output is None and kind == "preflop-headsup" and sys.stdout.isatty()


def _matrix(rows: list[Any], hands: tuple[str, ...]) -> Any:
    """The rich matrix of the preflop-headsup rows (output/render_matrix.py)."""
    from pokercalc.output.render_matrix import headsup_matrix

    return headsup_matrix(rows, hands)


#: The options that belong to one table, by table; the rest (--output, --format, --jobs,
#: --cluster) apply to every table.
TABLE_OPTIONS = {
    "preflop-headsup": ("--hands",),
    "preflop-vs-random": ("--hands", "--opponents", "--stderr", "--seed"),
    "flops": ("--summary",),
}
_OWN_OPTIONS = {"--hands", "--opponents", "--stderr", "--seed", "--summary"}
#: What each table is, for ``table TABLE --help``.
TABLE_HELP = {
    "preflop-headsup": "Every hand class against every class (169 x 169, or the --hands "
    "classes), exact, with the fractions.  On a terminal it is drawn as a matrix of "
    "equities, coloured (--format matrix); piped or with --output, one CSV row a matchup.",
    "preflop-vs-random": "Every hand class (or the --hands classes) against 1 to 9 random "
    "hands (--opponents), exact against one and Monte Carlo to --stderr against more.",
    "flops": "flops HANDS RANGE: each hand's exact equity on all 19,600 flops against "
    "RANGE, one row a flop, or one a hand with --summary.",
}


class TableCommand(common.Command):
    """``table``, whose ``TABLE --help`` shows that table's options and what it is."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        first = next((a for a in args if not a.startswith("-")), None)
        if first in TABLE_OPTIONS and any(a in ("--help", "-h") for a in args):
            ctx.meta["pokercalc.table"] = first
        return super().parse_args(ctx, args)

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        kind = ctx.meta.get("pokercalc.table")
        if kind is None:
            return super().format_usage(ctx, formatter)
        rest = "HANDS RANGE [OPTIONS]" if kind == "flops" else "[OPTIONS]"
        formatter.write_usage(ctx.command_path, f"{kind} {rest}")

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        kind = ctx.meta.get("pokercalc.table")
        if kind is None:
            return super().format_help_text(ctx, formatter)
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(f"The {kind} table.  {TABLE_HELP[kind]}  See docs/tables.md.")

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        kind = ctx.meta.get("pokercalc.table")
        if kind is None:
            return super().format_options(ctx, formatter)
        others = _OWN_OPTIONS - set(TABLE_OPTIONS[kind])
        records = [
            record
            for param in self.get_params(ctx)
            if not set(getattr(param, "opts", ())) & others
            and (record := param.get_help_record(ctx)) is not None
        ]
        with formatter.section("Options"):
            formatter.write_dl(records)


@click.command(
    "table",
    cls=TableCommand,
    short_help="Tables of equities: preflop matchups, vs random, all flops.",
)
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
    type=common.Checked("stderr", False),
    help="preflop-vs-random: Monte Carlo rows run until the equity's standard error is below "
    "this (default 0.0005).",
)
@click.option(
    "--seed",
    type=common.Checked("seed", True),
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
    type=common.Path(dir_okay=False),
    help="Write the table to this file (.csv, .jsonl or .parquet); finished pieces wait in "
    "FILE.parts, so a stopped run resumes.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["csv", "jsonl", "parquet", "matrix"]),
    help="The format, if not the --output file's extension (default: preflop-headsup on a "
    "terminal a matrix of equities, coloured; else csv on stdout).",
)
@common.executor_options(
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
    exact, with the fractions; on a terminal drawn as a matrix of equities.
    preflop-vs-random: every class against 1 to
    9 random hands, exact against one and Monte Carlo to --stderr against
    more.  flops HANDS RANGE: each hand's exact equity on all 19,600 flops
    against RANGE.  The pieces run on all cores (--jobs) or a Dask cluster
    (--cluster); with --output a stopped run resumes where it stopped.
    `pokercalc table TABLE --help` shows one table's options.  See
    docs/tables.md.

    \b
    Examples:
      pokercalc table preflop-headsup --hands AA,KK,AKs
      pokercalc table preflop-vs-random --hands AA,72o --opponents 1-2 --output vs.csv
      pokercalc table flops AA,AKs ATC --summary
    """
    from pokercalc.core.runner import Interrupted, exit_status
    from pokercalc.errors import InputError
    from pokercalc.output import render_tables
    from pokercalc.pipelines import tables

    given = {"--hands": hands, "--opponents": opponents, "--stderr": stderr_, "--seed": seed}
    allowed = TABLE_OPTIONS.get(kind)
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
    matrix = _matrix_wanted(kind, output, fmt)
    form = "csv" if matrix else render_tables.table_format(output, fmt)
    if form == "parquet":
        if output is None:
            raise InputError("Parquet is a binary file: write it with --output FILE.parquet")
        render_tables.require_parquet()
    store = None
    if output is not None:
        common.check_writable(output)
        store = tables.ShardStore(output + ".parts", spec)
    if jobs is None and cluster is None and len(spec.pieces()) == 1:
        jobs = 1  # one piece: no worker is worth starting
    counter = common.piece_counter()
    written = False
    try:
        with _table_executor(jobs, cluster) as executor:
            data = tables.compute(spec, store=store, executor=executor, on_piece=counter)
        common.close_progress(counter)
        row_class = spec.row_class(summary)
        if matrix:
            rows = list(data.rows(summary))
            common.emit(None, "table", lambda: _matrix(rows, spec.hands))
        elif output is None:
            render_tables.write_rows(sys.stdout, form, row_class, data.rows(summary))
        else:
            n = render_tables.write_table_file(output, form, row_class, data.rows(summary))
            written = True
            assert store is not None
            store.remove()
    except KeyboardInterrupt as e:
        common.close_progress(counter)
        if isinstance(e, Interrupted):
            what = e.what
        elif written:
            what = f"{output} is written whole"
        elif store is not None:
            # (a signal while the executor started or closed: count what the store holds)
            kept = len(store.finished() & set(range(len(spec.pieces()))))
            total = len(spec.pieces())
            what = f"{kept} of {total} pieces done"
            if kept:
                what += f" and kept in {store.folder}"
        else:
            what = "nothing was written"
        again = "; run the same command again to resume" if store is not None else ""
        click.echo(f"pokercalc table: interrupted; {what}{again}", err=True)
        raise SystemExit(exit_status(e)) from None
    except BrokenPipeError:
        common.stop_broken_pipe()  # the reader went away (`| head`): quietly, exit 141
    finally:
        common.close_progress(counter)
    if output is not None:
        pieces = "piece" if data.computed == 1 else "pieces"
        click.echo(
            f"pokercalc table: {n:,} rows written to {output} ({data.computed} {pieces} "
            f"computed, {data.reused} from an earlier run)",
            err=True,
        )
