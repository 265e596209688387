"""Equity as independent pieces of work that merge by addition: run them anywhere.

An :class:`EquityJob` says what to compute, as plain data.  :func:`plan_equity`
cuts it into :class:`Piece` objects sized to take about a second each: ranges
of the exhaustive enumeration's work items (the first players' hands, split
by the boards' highest card when there are few), or ranges of Monte Carlo
blocks (each block of :data:`~pokercalc.analysis.equities.MC_BLOCK` deals
draws from its own stream of the run's seed).  :func:`run_piece` runs one on
one engine thread, in any process that has pokercalc, and returns its
:class:`PieceTally`: the integer counts, per player, of the outcomes it won as
one of ``k`` winners (hi/lo: scoops, part pots and half-pot units), then the
outcomes and the showdowns.  :func:`merge_pieces` adds the tallies and builds
the same :class:`~pokercalc.analysis.equities.EquityResult` a one-process run
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

import math
import time as _time
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Literal

from pokercalc.analysis.equities import (
    DEFAULT_THRESHOLD,
    EquityResult,
    Players,
    _check_accepted,
    _choose_method,
    _combo_buffer,
    _engine_game,
    _exact_result,
    _in_given_order,
    _interrupted_exact,
    _interrupted_plan,
    _mc_no_deal,
    _mc_result,
    _outcome_cost,
    _player_texts,
    _Problem,
    _Sampler,
    _setup,
    _units,
    _work_items,
    mc_blocks,
)
from pokercalc.core.cards import CardsLike
from pokercalc.core.games import Game
from pokercalc.core.runner import Control, as_executor, map_unordered
from pokercalc.core.validate import check_board_and_dead, check_engine_options, new_seed
from pokercalc.errors import InputError, InternalError
from pokercalc.ranges.notation import Range

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

#: Exact outcomes (after suit symmetry) one engine thread settles in a second, divided by
#: an outcome's cost (``_outcome_cost``); measured on this engine, for sizing pieces only.
EXACT_RATE = 3.0e8
#: Monte Carlo deals one engine thread plays in a second with two players (fewer with more).
MC_RATE = 6.0e7


@dataclass(frozen=True)
class EquityJob:
    """An equity computation as data: everything a process needs to run any piece of it."""

    players: tuple[str | Range, ...]  #: one expression (or parsed range) per player
    board: str = ""  #: board cards
    dead: str = ""  #: dead cards
    game: str = "holdem"  #: the game's name (core.games)
    method: str = "exact"  #: ``"exact"`` or ``"mc"``, decided when the job was planned
    trials: int | None = None  #: Monte Carlo deals
    seed: int | None = None  #: Monte Carlo seed
    nfirsts: int = 0  #: exact work items split by the boards' highest card (``Kernel.work_items``)


@dataclass(frozen=True)
class Piece:
    """Work items (exact) or blocks (Monte Carlo) ``lo .. hi - 1`` of a job."""

    job: EquityJob  #: the job this piece belongs to
    index: int  #: the piece's place in its plan
    lo: int  #: first work item or block
    hi: int  #: one past the last


@dataclass(frozen=True)
class PieceTally:
    """What a piece counted: the engine's tally row, which merges by addition."""

    index: int  #: the piece's place in its plan
    lo: int  #: first work item or block
    hi: int  #: one past the last
    tallies: tuple[int, ...] | tuple[float, ...]  #: per player and split size, outcomes, showdowns
    seconds: float  #: wall time the piece took where it ran
    units: int = 0  #: the job's work items (exact) or blocks as the running process made them


@dataclass(frozen=True)
class EquityPlan:
    """A job cut into pieces, with what the merge needs to know."""

    job: EquityJob  #: what is computed
    pieces: tuple[Piece, ...]  #: the pieces, in order; together they cover ``units`` once
    units: int  #: work items (exact) or blocks (Monte Carlo) in all
    outcomes: int  #: valid outcomes of the spot (as in EquityResult)
    outcomes_exact: bool  #: whether ``outcomes`` was counted, not estimated


@dataclass
class _Prepared:
    """A job's problem as one process builds it; every process builds the same."""

    prob: _Problem
    order: list[int]
    shown: list[int]
    game: Game
    outcomes: int
    counted: bool
    method: str
    kernel: Any = None
    items: Any = None
    innermost: bool = False
    nfirsts: int = 0

    @property
    def units(self) -> int:
        """Work items or blocks of the job."""
        if self.method == "exact":
            return len(self.items) // 3
        return 0


def _prepare(job: EquityJob, method: str, threshold: float, want: int = 0) -> _Prepared:
    """Build ``job``'s problem and, for an exact job, its work items (split when there are
    fewer than ``want``; with ``want`` 0 the job's own ``nfirsts`` decides)."""
    g = _engine_game(job.game)
    b, d = check_board_and_dead(job.board, job.dead, game=g)
    shown, order, prob = _setup(list(job.players), b, d, g)
    method, outcomes, counted = _choose_method(prob, method, threshold)
    p = _Prepared(prob, order, shown, g, outcomes, counted, method)
    if method == "exact":
        p.kernel = prob.kernel()
        if want:
            # (Only about one item in len(group) does work: see _exhaustive.)
            want *= len(prob.group)
            p.items, p.innermost, p.nfirsts = _work_items(prob, p.kernel, want, True)
        else:
            p.items, p.innermost, _ = _work_items(prob, p.kernel, 0, True)
            if job.nfirsts:
                first_only = p.innermost and prob.n == 2
                p.items = p.kernel.work_items(first_only, job.nfirsts, True)
            p.nfirsts = job.nfirsts
    return p


@lru_cache(maxsize=4)
def _prepared(job: EquityJob) -> _Prepared:
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
) -> EquityPlan:
    """Cut an equity computation into pieces of about ``piece_seconds`` each (or ``pieces``).

    ``method`` ``"auto"`` chooses as :func:`~pokercalc.analysis.equities.equity`
    does.  A Monte Carlo job needs ``trials`` (pieces are fixed blocks of deals);
    without ``seed`` one is drawn, and kept in the job.
    """
    if method not in ("auto", "exact", "mc"):
        raise InputError(f"method must be auto, exact or mc, not {method!r}")
    check_engine_options(method=method, threshold=threshold, trials=trials, seed=seed)
    if pieces is not None and pieces < 1:
        raise InputError(f"pieces must be at least 1, got {pieces}")
    if not piece_seconds > 0:
        raise InputError(f"piece_seconds must be positive, got {piece_seconds}")
    g = _engine_game(game)
    texts = tuple(_player_texts(players))
    job = EquityJob(texts, _cards_text(board), _cards_text(dead), g.name)
    limit = DEFAULT_THRESHOLD if threshold is None else threshold
    # Decide the method (and count the outcomes) before sizing anything.
    b, d = check_board_and_dead(job.board, job.dead, game=g)
    _, _, prob = _setup(list(texts), b, d, g)
    chosen, outcomes, counted = _choose_method(prob, method, limit)
    cost = _outcome_cost(prob, exact=chosen == "exact")
    if chosen == "mc":
        if trials is None:
            why = "" if method == "mc" else "this spot is too big to enumerate (--exact does); "
            raise InputError(
                f"{why}Monte Carlo in pieces needs a number of deals (--trials): the pieces "
                "are fixed blocks of them"
            )
        job = replace(job, method="mc", trials=trials, seed=new_seed() if seed is None else seed)
        units = mc_blocks(trials)
        seconds = trials * cost * prob.n / 2 / MC_RATE
    else:
        seconds = outcomes / len(prob.group) * cost / EXACT_RATE
        want = pieces if pieces is not None else max(1, round(seconds / piece_seconds))
        p = _prepare(replace(job, method="exact"), "exact", limit, want=4 * want)
        job = replace(job, method="exact", nfirsts=p.nfirsts)
        units = p.units
        outcomes, counted = p.outcomes, p.counted
    count = pieces if pieces is not None else max(1, round(seconds / piece_seconds))
    count = max(1, min(count, units))
    bounds = [units * i // count for i in range(count + 1)]
    return EquityPlan(
        job=job,
        pieces=tuple(Piece(job, i, bounds[i], bounds[i + 1]) for i in range(count)),
        units=units,
        outcomes=outcomes,
        outcomes_exact=counted,
    )


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
        sampler = _Sampler(p.prob, 1)
        if piece.hi > piece.lo:
            sampler.run(job.seed, piece.lo, piece.hi - piece.lo, job.trials)
            _check_accepted(sampler)
        sums: list[Any] = sampler.totals()
        units = mc_blocks(job.trials)
    else:
        sums = _run_items(p, piece.lo, piece.hi)
        units = p.units
    return PieceTally(
        index=piece.index,
        lo=piece.lo,
        hi=piece.hi,
        tallies=tuple(sums),
        seconds=_time.perf_counter() - start,
        units=units,
    )


def _run_items(p: _Prepared, lo: int, hi: int) -> list[Any]:
    """Exhaustive tallies of work items ``lo .. hi - 1`` on this thread (and the showdowns)."""
    # A kernel of its own: two pieces of one job may run at once on a worker's threads,
    # and a kernel keeps its run's stop flag in its problem.
    prob, kernel = p.prob, p.prob.kernel()
    n_items = len(p.items) // 3
    if not 0 <= lo <= hi <= n_items:
        raise InputError(f"work items {lo}..{hi} are outside this job's {n_items}")
    code: Literal["d", "q"] = "d" if prob.weighted else "q"
    size = -(-kernel.tally_size // 8) * 8 + 8
    tallies = array(code, bytes(8 * size))
    if hi > lo:
        run = (kernel.exhaustive_last if p.innermost else kernel.exhaustive)[
            "double" if prob.weighted else "int64_t"
        ]
        iview = memoryview(p.items).cast("B").cast("i", [n_items, 3])[lo:hi]
        tview = memoryview(tallies).cast("B").cast(code, [1, size])
        ctallies = _combo_buffer(prob, kernel, 1, code)
        control = Control()
        run(iview, tview, ctallies, 1, memoryview(control.buffer))
        if control.buffer[0] < 0:
            raise InternalError("the enumeration ran out of memory")
    return tallies.tolist()[: kernel.tally_size + 1]


def merge_pieces(
    plan: EquityPlan,
    tallies: Iterable[PieceTally],
    *,
    elapsed: float = 0.0,
    interrupted: bool = False,
) -> EquityResult:
    """The equity result of ``plan`` from its pieces' tallies, added up.

    Every piece must be there exactly once, unless ``interrupted``: then an
    exact plan reports how far it got (no equities), and a Monte Carlo plan
    its estimate from the blocks that finished (with none finished: no
    equities, ``trials`` 0).  A tally that does not belong to the plan, or one
    given twice, is refused.
    """
    seen: dict[int, PieceTally] = {}
    for t in tallies:
        if not 0 <= t.index < len(plan.pieces):
            raise InputError(f"piece {t.index} is not one of this plan's {len(plan.pieces)}")
        piece = plan.pieces[t.index]
        if (t.lo, t.hi) != (piece.lo, piece.hi):
            raise InputError(f"piece {t.index}'s tally covers other work than the plan's")
        if t.index in seen:
            raise InputError(f"piece {t.index} was given twice")
        if t.units != plan.units:
            # Another build of pokercalc cut the work otherwise: its items are not these.
            raise InputError(
                f"piece {t.index} ran on a process that cut the job into {t.units} units, "
                f"not {plan.units}: every worker needs this version of pokercalc"
            )
        seen[t.index] = t
    p = _prepared(plan.job)
    job = plan.job
    if len(seen) < len(plan.pieces) and not interrupted:
        missing = sorted(set(range(len(plan.pieces))) - set(seen))
        raise InputError(f"{len(missing)} pieces are missing, the first is piece {missing[0]}")
    rows = [seen[i].tallies for i in sorted(seen)]
    width = len(rows[0]) if rows else 0
    if any(len(r) != width for r in rows):
        raise InputError("the pieces' tallies differ in size: they come from different jobs")
    if p.prob.weighted:
        sums: list[Any] = [math.fsum(r[j] for r in rows) for j in range(width)]
    else:
        sums = [sum(r[j] for r in rows) for j in range(width)]
    if job.method == "mc":
        if job.seed is None:
            raise InputError("a Monte Carlo plan needs its seed")
        if not rows:
            # Interrupted before any piece finished: no deal yet, as a run stopped before
            # its first block.
            result = _mc_no_deal(p.prob, plan.outcomes, plan.outcomes_exact, 1, job.seed, elapsed)
        else:
            result = _mc_result(
                p.prob, sums, _units(p.prob), plan.outcomes, plan.outcomes_exact, 1, job.seed,
                elapsed, interrupted, job.trials, None,
            )  # fmt: skip
    elif interrupted and len(seen) < len(plan.pieces):
        done = sum(t.hi - t.lo for t in seen.values())
        result = _interrupted_exact(
            p.prob, plan.outcomes, plan.outcomes_exact, 1, elapsed, done, plan.units
        )
    else:
        result = _exact_result(
            p.prob, sums, p.kernel.tally_size, p.kernel.units, plan.outcomes,
            plan.outcomes_exact, 1, elapsed,
        )  # fmt: skip
    result = replace(result, pieces=len(plan.pieces))
    return _in_given_order(result, p.order, p.shown, p.game)


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
) -> EquityResult:
    """:func:`plan_equity`, every piece on ``executor``, and :func:`merge_pieces`.

    ``executor`` is any ``concurrent.futures.Executor`` or a Dask ``Client``.
    ``progress`` gets the fraction of pieces done, ``on_piece`` the pieces done
    and their number.  A ``KeyboardInterrupt`` stops the run: pending pieces are
    cancelled and what finished is reported, marked ``interrupted``; once the
    players are read, one while planning gives them with no equities (as
    :func:`~pokercalc.analysis.equities.equity` does).
    """
    start = _time.perf_counter()
    g = _engine_game(game)
    b, d = check_board_and_dead(board, dead, game=g)
    # The players, read before planning (which then finds them read): a signal while the
    # plan is made still has their shape to report.
    shown, order, prob = _setup(list(_player_texts(players)), b, d, g)
    try:
        plan = plan_equity(
            players, board, dead, game=game, method=method, threshold=threshold,
            trials=trials, seed=seed, piece_seconds=piece_seconds,
        )  # fmt: skip
    except KeyboardInterrupt:
        result = _interrupted_plan(prob, method, 1, seed, _time.perf_counter() - start)
        return _in_given_order(result, order, shown, g)
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
    return merge_pieces(plan, got, elapsed=_time.perf_counter() - start, interrupted=interrupted)
