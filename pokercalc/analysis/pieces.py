"""Equity as independent pieces of work that merge by addition: run them anywhere.

The text-level face of :mod:`pokercalc.engine.plan` (the cutting),
:mod:`pokercalc.engine.exact` and :mod:`pokercalc.engine.montecarlo` (the runs)
and :mod:`pokercalc.engine.merge`: a job holds its players as text, which
every process reads alike.

An :class:`EquityJob` says what to compute, as plain data.  :func:`plan_equity`
cuts it into :class:`Piece` objects sized to take about a second each: ranges
of the exhaustive enumeration's work items (the first players' hands, split
by the boards' highest card when there are few), or ranges of Monte Carlo
blocks (each block of :data:`~pokercalc.engine.plan.MC_BLOCK` deals
draws from its own stream of the run's seed).  :func:`run_piece` runs one on
one engine thread, in any process that has pokercalc, and returns its
:class:`PieceTally`: the integer counts, per player, of the outcomes it won as
one of ``k`` winners (hi/lo: scoops, part pots and half-pot units), then the
outcomes and the showdowns.  :func:`merge_pieces` adds the tallies and builds
the same :class:`~pokercalc.engine.results.EquityResult` a one-process run
gives, bit for bit: the counts are integers, so the order and the machines
that produced them change nothing.  Ranges with weights are the exception:
their tallies are sums of weights (floats), exact to rounding only.

:func:`equity_on` does all three on a ``concurrent.futures.Executor`` (a
process pool, a Dask client): ``pokercalc.equity(..., executor=...)`` calls it.

>>> from pokercalc import equity
>>> plan = plan_equity("AsAh | KsKh", method="exact", pieces=3)
>>> len(plan.pieces)
3
>>> r = merge_pieces(plan, [run_piece(p) for p in reversed(plan.pieces)])
>>> r.players == equity("AsAh | KsKh", method="exact").players
True
"""

from __future__ import annotations

import time as _time
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from pokercalc.core.cards import CardsLike
from pokercalc.core.games import Game, get_game
from pokercalc.core.runner import as_executor, deferred_signals, map_unordered
from pokercalc.core.validate import check_board_and_dead, check_engine_options
from pokercalc.engine.merge import merge_tallies
from pokercalc.engine.montecarlo import Sampler, check_accepted, interrupted_plan
from pokercalc.engine.options import DEFAULT_THRESHOLD, check_method
from pokercalc.engine.own import OwnProblem, OwnSampler, piece_tallies
from pokercalc.engine.pieces import (
    EquityJob,
    EquityPlan,
    Piece,
    PieceTally,
    Prepared,
    cut_pieces,
    prepare,
    run_items,
)
from pokercalc.engine.plan import mc_blocks
from pokercalc.engine.results import EquityResult, in_given_order, with_weights
from pokercalc.errors import InputError
from pokercalc.ranges.players import Players, player_texts, problem_of, shown_weights

__all__ = [
    "EquityJob",
    "EquityPlan",
    "Piece",
    "PieceTally",
    "equity_on",
    "merge_pieces",
    "plan_equity",
    "run_piece",
]


def _prepare(job: EquityJob, method: str, threshold: float, want: int = 0) -> Prepared:
    """Read ``job``'s players and prepare its problem (:func:`~pokercalc.engine.plan.prepare`)."""
    g = get_game(job.game)
    b, d = check_board_and_dead(job.board, job.dead, game=g)
    return prepare(
        problem_of(list(job.players), b, d, g), g, method, threshold, want, job.nfirsts,
        job.strata,
    )  # fmt: skip


@lru_cache(maxsize=4)
def _prepared(job: EquityJob) -> Prepared:
    """:func:`_prepare` once per job and process: a worker runs many pieces of one job."""
    return _prepare(job, job.method, DEFAULT_THRESHOLD)


def plan_equity(
    players: Players,
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    game: str | Game = "holdem",
    method: str = "auto",
    threshold: float | None = None,
    trials: int | None = None,
    seed: int | None = None,
    pieces: int | None = None,
    piece_seconds: float = 1.0,
    time: float | None = None,
    workers: int = 1,
) -> EquityPlan:
    """Cut an equity computation into pieces of about ``piece_seconds`` each (or ``pieces``).

    ``method`` ``"auto"`` chooses as :func:`~pokercalc.analysis.equities.equity`
    does.  A Monte Carlo job's pieces are fixed blocks of its ``trials`` deals;
    without ``trials`` (or with ``time``) it is timed: ``time`` seconds (default
    one) on each of ``workers`` engine threads, the deals counted from this
    process's rate on a short run (with ``trials`` too, the fewer deals).
    Without ``seed`` one is drawn, and kept in the job.
    """
    check_method(method)
    check_engine_options(method=method, threshold=threshold, trials=trials, time=time, seed=seed)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InputError(f"workers must be a whole number at least 1, got {workers!r}")
    if pieces is not None and pieces < 1:
        raise InputError(f"pieces must be at least 1, got {pieces}")
    if not piece_seconds > 0:
        raise InputError(f"piece_seconds must be positive, got {piece_seconds}")
    g = get_game(game)
    texts = tuple(player_texts(players))
    job = EquityJob(texts, _cards_text(board), _cards_text(dead), g.name)
    b, d = check_board_and_dead(job.board, job.dead, game=g)
    return cut_pieces(
        job, problem_of(list(texts), b, d, g), g, method, threshold, trials, seed, pieces,
        piece_seconds, time=time, workers=workers,
    )  # fmt: skip


def _workers(executor: Any) -> int:
    """The tasks ``executor`` says it runs at once (its ``workers``, as a
    :class:`~pokercalc.pipelines.executors.LocalPool` has), else 1."""
    workers = getattr(executor, "workers", None)
    return workers if isinstance(workers, int) and workers > 0 else 1


def _cards_text(cards: Any) -> str:
    """Board or dead cards as text (any form ``equity`` takes)."""
    if isinstance(cards, str):
        return cards
    from pokercalc.core.cards import cards_text, to_cards

    return cards_text(to_cards(cards))


def run_piece(piece: Piece) -> PieceTally:
    """Run one piece on one engine thread and return its tallies."""
    start = _time.perf_counter()
    job = piece.job
    p = _prepared(job)
    if job.method == "mc":
        if job.trials is None or job.seed is None:
            raise InputError("a Monte Carlo piece needs its job's trials and seed")
        own = isinstance(p.prob, OwnProblem)
        sampler: Any = OwnSampler(p.prob, 1) if own else Sampler(p.prob, 1)
        if piece.hi > piece.lo:
            sampler.run(job.seed, piece.lo, piece.hi - piece.lo, job.trials)
            check_accepted(sampler)
        sums: list[Any] = sampler.totals()
        units = mc_blocks(job.trials)
    else:
        if isinstance(p.prob, OwnProblem):
            sums = piece_tallies(p.prob, p.items, piece.lo, piece.hi)
        else:
            sums = run_items(p, piece.lo, piece.hi)
        units = p.units
    return PieceTally(
        index=piece.index,
        lo=piece.lo,
        hi=piece.hi,
        tallies=tuple(sums),
        seconds=_time.perf_counter() - start,
        units=units,
    )


def merge_pieces(
    plan: EquityPlan,
    tallies: Iterable[PieceTally],
    *,
    elapsed: float = 0.0,
    interrupted: bool = False,
) -> EquityResult:
    """The equity result of ``plan`` from its pieces' tallies, added up.

    Every piece must be there exactly once, unless ``interrupted``: then an
    exact plan reports how far it got, and from four pieces done (a random
    sample of its work: :func:`~pokercalc.engine.pieces.cut_pieces`) equities
    estimated from them with standard errors; a Monte Carlo plan its estimate
    from the blocks that finished (with none finished: no equities, ``trials``
    0).  A tally that does not belong to the plan, or one given twice, is
    refused.
    """
    merged = merge_tallies(
        plan, _prepared(plan.job), tallies, elapsed=elapsed, interrupted=interrupted
    )
    job = plan.job
    g = get_game(job.game)
    b, d = check_board_and_dead(job.board, job.dead, game=g)
    return with_weights(merged, shown_weights(list(job.players), b, d, g))


def equity_on(
    executor: Any,
    players: Players,
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    game: str | Game = "holdem",
    method: str = "auto",
    threshold: float | None = None,
    trials: int | None = None,
    seed: int | None = None,
    piece_seconds: float = 1.0,
    progress: Callable[[float], None] | None = None,
    on_piece: Callable[[int, int], None] | None = None,
    time: float | None = None,
    workers: int | None = None,
) -> EquityResult:
    """:func:`plan_equity`, every piece on ``executor``, and :func:`merge_pieces`.

    ``executor`` is any ``concurrent.futures.Executor`` or a Dask ``Client``; a
    timed Monte Carlo (no ``trials``) plays ``time`` seconds on each of its
    ``workers`` (default: the executor's ``workers``, else 1).
    ``progress`` gets the fraction of pieces done, ``on_piece`` the pieces done
    and their number.  A ``KeyboardInterrupt`` stops the run: pending pieces are
    cancelled and what finished is reported, marked ``interrupted``; once the
    players are read, one while planning gives them with no equities (as
    :func:`~pokercalc.analysis.equities.equity` does).
    """
    start = _time.perf_counter()
    g = get_game(game)
    b, d = check_board_and_dead(board, dead, game=g)
    # The players, read before planning (which then finds them read): a signal while the
    # plan is made still has their shape to report.
    shown, order, prob = problem_of(list(player_texts(players)), b, d, g)
    try:
        plan = plan_equity(
            players, board, dead, game=game, method=method, threshold=threshold,
            trials=trials, seed=seed, piece_seconds=piece_seconds, time=time,
            workers=_workers(executor) if workers is None else workers,
        )  # fmt: skip
    except KeyboardInterrupt:
        result = interrupted_plan(prob, method, 1, seed, _time.perf_counter() - start)
        return with_weights(
            in_given_order(result, order, shown, g),
            shown_weights(list(player_texts(players)), b, d, g),
        )
    got: list[PieceTally] = []

    def note(i: int, t: PieceTally) -> None:
        got.append(t)
        if progress is not None:
            progress(len(got) / len(plan.pieces))
        if on_piece is not None:
            on_piece(len(got), len(plan.pieces))

    interrupted = False
    try:
        for _ in map_unordered(as_executor(executor), run_piece, plan.pieces, on_result=note):
            pass
    except KeyboardInterrupt:
        interrupted = True
    # A signal while the pieces are merged (a second Ctrl-C, or `timeout`, which signals the
    # command and then its process group) waits until the merge is made: the merge is what
    # the run knows.  Where the command line's handlers are not installed it stops the
    # merge, as before.
    merged: EquityResult | None = None
    try:
        with deferred_signals():
            merged = merge_pieces(
                plan, got, elapsed=_time.perf_counter() - start, interrupted=interrupted
            )
    except KeyboardInterrupt:
        if merged is None:
            raise
    return merged
