"""``pokercalc flops``: a hand's equity on every flop, and a formula of flop features."""

from __future__ import annotations

import click

from pokercalc import cli as common  # the shared options and output, looked up when used


@click.command(
    "flops", cls=common.Command, short_help="Equity on all 19,600 flops, and a fitted formula."
)
@click.argument("hero")
@click.argument("range_", metavar="RANGE")
@click.option(
    "--features",
    "n_features",
    type=common.IntRange(1, 73),
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
    type=common.Checked("time_limit", False),
    default=2.0,
    show_default=True,
    help="Seconds for the whole fit (heuristic, then the integer program); "
    "the gap is reported when it stops early.",
)
@click.option(
    "--csv",
    "csv_file",
    type=common.Path(dir_okay=False, writable=True),
    help="Write one row per flop (flop, equity, F1..F73) to this file.",
)
@click.option(
    "--plot",
    "plot_file",
    type=common.Path(dir_okay=False),
    help="Write the equity curve over the flops and its histogram to a PNG or SVG file "
    "(needs matplotlib).",
)
@common.threads_option()
@common.output_options(csv=False)
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
    from pokercalc.core import formats
    from pokercalc.errors import InputError
    from pokercalc.texture.flops import flop_study

    if n_features is not None and error is not None:
        raise InputError("--features and --error exclude each other")
    if csv_file:
        common.check_writable(csv_file)
    if plot_file:
        from pokercalc.output.plot import check_plot_path

        common.check_writable(plot_file)
        check_plot_path(plot_file)
    err = None
    if error is not None:
        from pokercalc.core.validate import read_number

        try:
            err = read_number(error.strip().rstrip("%")) / 100
        except InputError:
            ascii_ = "" if error.isascii() else " written in ASCII, with the digits 0-9"
            raise InputError(
                f"--error {error!r} is not a number of percentage points{ascii_}"
            ) from None
    progress = common.progress_callback()
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
        common.close_progress(progress)
    if csv_file:
        with open(csv_file, "w", encoding="utf-8", newline="") as f:
            f.write(formats.csv_text(study.to_rows()))
    if plot_file and not study.interrupted:
        from pokercalc.output.plot import plot_flops

        plot_flops(plot_file, study)

    def view() -> object:
        from pokercalc.output.render_flops import flops_view

        return flops_view(study)

    common.emit(study, fmt, view)
    common.exit_if_interrupted(study)
