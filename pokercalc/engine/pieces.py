"""Pieces: an equity job cut into ranges of work items or blocks that run anywhere.

A job (:class:`EquityJob`) is plain data; :func:`cut_pieces` cuts it into
:class:`Piece` objects of about a second each, whose :class:`PieceTally`
counts merge by addition (:mod:`pokercalc.engine.merge`).  Loaded only by a
run in pieces: a run in one process never pays for these records.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field, replace
from threading import Lock
from typing import TYPE_CHECKING, Any, Literal

from pokercalc.core.games import Game
from pokercalc.core.runner import Control
from pokercalc.core.validate import new_seed
from pokercalc.engine.exact import stratified_batches
from pokercalc.engine.montecarlo import DEFAULT_TIME, Sampler
from pokercalc.engine.options import DEFAULT_THRESHOLD
from pokercalc.engine.own import OwnProblem, OwnSampler, own_method
from pokercalc.engine.plan import MC_BLOCK, choose_method, mc_blocks, outcome_cost, work_items
from pokercalc.engine.problem import Problem, combo_buffer
from pokercalc.errors import InputError, InternalError

if TYPE_CHECKING:
    from pokercalc.ranges.notation import Range


#: Exact outcomes (after suit symmetry) one engine thread settles in a second, divided by
#: an outcome's cost (:func:`outcome_cost`); measured on this engine, for sizing pieces only.
EXACT_RATE = 3.0e8
#: Monte Carlo deals one engine thread plays in a second with two players (fewer with more).
MC_RATE = 6.0e7
#: Seconds a timed Monte Carlo plan plays on this thread to measure its deals per second.
CALIBRATION_SECONDS = 0.1


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
    strata: int = 0  #: exact work items dealt into this many batches, one a piece (0: not dealt)


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
class Prepared:
    """A job's problem as one process builds it; every process builds the same."""

    prob: Any  #: the problem (a Problem, or an OwnProblem), players in the engine's order
    order: list[int]  #: the engine's order of the players given
    shown: list[int]  #: the players' hand counts as shown, in the order given
    game: Game  #: the game played
    outcomes: int  #: valid outcomes of the spot
    counted: bool  #: whether ``outcomes`` was counted, not estimated
    method: str  #: ``"exact"`` or ``"mc"``
    kernel: Any = None  #: an exact job's kernel
    items: Any = None  #: an exact job's work items (:func:`work_items`)
    innermost: bool = False  #: whether the last player is enumerated innermost
    nfirsts: int = 0  #: the items' split by the boards' highest card
    strata: int = 0  #: the batches the items are dealt into before they run (:meth:`dealt`)
    _dealt: bool = field(default=False, repr=False)
    _lock: Lock = field(default_factory=Lock, repr=False)

    @property
    def units(self) -> int:
        """Work items or blocks of the job."""
        if self.method == "exact":
            return len(self.items) // 3
        return 0

    def dealt(self) -> Any:
        """The work items as the pieces run them: dealt into ``strata`` stratified batches
        (:func:`~pokercalc.engine.exact.stratified_batches`), in place, on first use (a
        merge, which needs only their number, does not pay for the deal: 0.08 s for 53,900
        items); once, though pieces of the job run on several threads."""
        with self._lock:
            if self.strata > 1 and not self._dealt:
                stratified_batches(self.items, 0, self.strata, bool(self.nfirsts))
            self._dealt = True
        return self.items


def prepare(
    set_up: tuple[list[int], list[int], Problem | OwnProblem],
    game: Game,
    method: str,
    threshold: float,
    want: int = 0,
    nfirsts: int = 0,
    strata: int = 0,
) -> Prepared:
    """A job's problem (``set_up``: :func:`~pokercalc.engine.problem.setup`'s answer), its
    method and, for an exact job, its work items (split when there are fewer than ``want``;
    with ``want`` 0 the job's own ``nfirsts`` decides), to be dealt into ``strata`` batches
    when they run (:meth:`Prepared.dealt`)."""
    shown, order, prob = set_up
    if isinstance(prob, OwnProblem):
        method, outcomes, counted = own_method(prob, method, threshold)
        p = Prepared(prob, order, shown, game, outcomes, counted, method)
        if method == "exact":
            # (``nfirsts`` carries the cuts of an assignment to the workers)
            p.nfirsts = nfirsts or prob.cuts_for(want)
            p.kernel = prob.kernel()
            p.items = prob.work_items(p.nfirsts)
        return p
    method, outcomes, counted = choose_method(prob, method, threshold)
    p = Prepared(prob, order, shown, game, outcomes, counted, method)
    if method == "exact":
        p.kernel = prob.kernel()
        if want:
            # (Only about one item in len(group) does work: see exact.exhaustive.)
            want *= len(prob.group)
            p.items, p.innermost, p.nfirsts = work_items(prob, p.kernel, want, True)
        else:
            p.items, p.innermost, _ = work_items(prob, p.kernel, 0, True)
            if nfirsts:
                first_only = p.innermost and prob.n == 2
                p.items = p.kernel.work_items(first_only, nfirsts, True)
            p.nfirsts = nfirsts
        p.strata = strata
    return p


def cut_pieces(
    job: EquityJob,
    set_up: tuple[list[int], list[int], Problem | OwnProblem],
    game: Game,
    method: str,
    threshold: float | None,
    trials: int | None,
    seed: int | None,
    pieces: int | None,
    piece_seconds: float,
    time: float | None = None,
    workers: int = 1,
) -> EquityPlan:
    """``job`` (its players set up as ``set_up``) cut into pieces of about ``piece_seconds``
    each (or ``pieces``), its method decided first (``"auto"`` as ``equity`` decides).

    A Monte Carlo job without ``trials`` (or with ``time``) is timed: it plays for ``time``
    seconds (default :data:`~pokercalc.engine.montecarlo.DEFAULT_TIME`) on each of
    ``workers`` engine threads, its deals counted from the rate of a short run here
    (:func:`deals_per_second`); with ``trials`` as well, the fewer deals."""
    limit = DEFAULT_THRESHOLD if threshold is None else threshold
    # Decide the method (and count the outcomes) before sizing anything.
    prob = set_up[2]
    if isinstance(prob, OwnProblem):
        chosen, outcomes, counted = own_method(prob, method, limit)
        cost = 1.0
    else:
        chosen, outcomes, counted = choose_method(prob, method, limit)
        cost = outcome_cost(prob, exact=chosen == "exact")
    if chosen == "mc":
        rate = None
        if trials is None or time is not None:
            # Timed: the deals the time buys on every worker (with ``trials`` too, the fewer).
            rate = deals_per_second(prob)
            budget = (DEFAULT_TIME if time is None else time) * max(1, workers)
            timed = max(1, round(rate * budget))
            trials = timed if trials is None else min(trials, timed)
        job = replace(job, method="mc", trials=trials, seed=new_seed() if seed is None else seed)
        units = mc_blocks(trials)
        seconds = trials * cost * prob.n / 2 / MC_RATE if rate is None else trials / rate
    else:
        if isinstance(prob, OwnProblem):
            work = prob.exact_work()
        else:
            work = outcomes / len(prob.group) * cost
        seconds = work / EXACT_RATE
        want = pieces if pieces is not None else max(1, round(seconds / piece_seconds))
        p = prepare(set_up, game, "exact", limit, want=4 * want)
        job = replace(job, method="exact", nfirsts=p.nfirsts)
        units = p.units
        outcomes, counted = p.outcomes, p.counted
    count = pieces if pieces is not None else max(1, round(seconds / piece_seconds))
    count = max(1, min(count, units))
    bounds = [units * i // count for i in range(count + 1)]
    if chosen == "exact" and count > 1 and not isinstance(prob, OwnProblem):
        # Each piece one of the stratified batches that a big run in one process is made
        # of: items of every size, dealt to the pieces at random, so that the pieces done
        # when a signal comes are a random sample of them and estimate the whole
        # (merge.merge_tallies); every process deals the job's items alike.
        job = replace(job, strata=count)
        bounds = [0, *stratified_batches(p.items, 0, count, bool(p.nfirsts))]
    return EquityPlan(
        job=job,
        pieces=tuple(Piece(job, i, bounds[i], bounds[i + 1]) for i in range(count)),
        units=units,
        outcomes=outcomes,
        outcomes_exact=counted,
    )


def deals_per_second(prob: Problem | OwnProblem, seconds: float = CALIBRATION_SECONDS) -> float:
    """Monte Carlo deals one engine thread of this process plays in a second on ``prob``,
    from blocks played for about ``seconds`` (at least one block)."""
    import time as _time

    sampler: Any = OwnSampler(prob, 1) if isinstance(prob, OwnProblem) else Sampler(prob, 1)
    blocks, start = 0, _time.perf_counter()
    while True:
        sampler.run(1, blocks, 1)
        blocks += 1
        elapsed = _time.perf_counter() - start
        if elapsed >= seconds:
            return blocks * MC_BLOCK / elapsed


def run_items(p: Prepared, lo: int, hi: int) -> list[Any]:
    """Exhaustive tallies of work items ``lo .. hi - 1`` of a prepared job on this thread
    (and the showdowns)."""
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
        iview = memoryview(p.dealt()).cast("B").cast("i", [n_items, 3])[lo:hi]
        tview = memoryview(tallies).cast("B").cast(code, [1, size])
        ctallies = combo_buffer(prob, kernel, 1, code)
        control = Control()
        run(iview, tview, ctallies, 1, memoryview(control.buffer))
        if control.buffer[0] < 0:
            raise InternalError("the enumeration ran out of memory")
    return tallies.tolist()[: kernel.tally_size + 1]
