"""The games without a board (stud, razz, the draw games): each player's given cards kept and
the rest of the hand dealt from the deck.

A player is a distribution of given card sets (every set of a player the same
size; ``random`` is the empty set).  An outcome is a joint assignment of sets
that do not collide, times one way to complete every hand from the cards left;
each is equally likely once the sets are dealt, so the tallies are whole
numbers, as in the board games.  :class:`OwnProblem` sets a spot up for the
compiled kernels (core/_own.pyx), :func:`run_own` picks exact enumeration or
Monte Carlo as the board games do, and both give the same
:class:`~pokercalc.engine.results.EquityResult`.
"""

from __future__ import annotations

import math
import time as _time
from array import array
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pokercalc.core.cards import mask_of
from pokercalc.core.games import ACE_TO_FIVE, Game
from pokercalc.core.runner import Control, run_here
from pokercalc.engine.exact import MAX_EXACT_OUTCOMES, exact_result, interrupted_exact
from pokercalc.engine.montecarlo import alias_table, block_states, run_montecarlo
from pokercalc.engine.plan import MC_BLOCK, mc_blocks
from pokercalc.engine.results import EquityResult
from pokercalc.errors import CardConflictError, InputError

if TYPE_CHECKING:
    from pokercalc.core._own import OwnKernel
    from pokercalc.ranges.hands import Range

__all__ = ["OwnProblem", "run_own", "OwnSampler"]

#: Cards a set holds in the kernel's arrays (a stud hand).
SET_CARDS = 7

#: Joint assignments of given sets an exact run lists at most.
MAX_ROWS = 2_000_000

#: Completions of one player's hand an exact run keeps in memory at most (16 bytes each).
MAX_TABLE = 8_000_000

#: What one checked pair of completions costs, in the board games' outcomes (``auto``
#: compares the work with the threshold): a heads-up pair is one AND, two compares and three
#: adds, about a hold'em outcome.
WORK_COST = 1.0

#: Seconds an exact run works before it says how long the rest will take.
SAMPLE_SECONDS = 0.25


class OwnProblem:
    """A spot of a game without a board, as the kernels take it."""

    def __init__(
        self, shown: Sequence[int], ranges: Sequence[Range], dead: tuple[int, ...], game: Game
    ) -> None:
        self.game = game
        self.ranges = list(ranges)
        self.shown = list(shown)
        self.n = len(self.ranges)
        self.board: tuple[int, ...] = ()
        self.dead = dead
        self.group: tuple[tuple[int, ...], ...] = ((0, 1, 2, 3),)  # (no suit symmetry is used)
        self.breakdown: int | None = None
        self.weighted = any(w != 1.0 for r in self.ranges for w in r.weights)
        self.given = [len(r.combos[0]) for r in self.ranges]
        self.to_deal = [game.hole_cards - g for g in self.given]
        # The player with the most completions is made on the fly, the others' are kept.
        self.outer = max(range(self.n), key=lambda p: (self.to_deal[p], -p))
        self.left = game.deck_size - len(dead) - sum(self.given)
        if sum(self.to_deal) > self.left:
            raise InputError(
                f"the hands need {sum(self.to_deal)} more cards and the deck has {self.left} left"
            )

    @cached_property
    def arrays(self) -> tuple[array[int], array[int], array[int], array[int]]:
        """Offsets, cards (SET_CARDS a set), given cards a player and set masks."""
        off, cards, masks = array("i", [0]), array("B"), array("Q")
        for r in self.ranges:
            for combo in r.combos:
                cards.extend(combo + (0,) * (SET_CARDS - len(combo)))
                masks.append(mask_of(combo))
            off.append(len(masks))
        return off, cards, array("i", self.given), masks

    @property
    def by_ranks(self) -> bool:
        """Whether the kernel counts on ranks: a single ranking that ignores suits."""
        return self.game.rankings == (ACE_TO_FIVE,)

    def kernel(self) -> OwnKernel:
        """The compiled problem (core/_own.pyx)."""
        from pokercalc.core._own import OwnKernel

        off, cards, ngiven, masks = self.arrays
        g = self.game
        return OwnKernel(
            off, cards, ngiven, masks, g.hole_cards, g.ranking_id, g.low_id, g.deck_mask,
            mask_of(self.dead), self.outer,
        )  # fmt: skip

    @cached_property
    def _rows(self) -> list[list[int]] | None:
        from pokercalc.core._own import assignments

        off, _, _, masks = self.arrays
        return assignments(off, masks, mask_of(self.dead), MAX_ROWS)

    def count_assignments(self) -> tuple[int, bool]:
        """Joint assignments of sets that do not collide, and whether the count is exact
        (past :data:`MAX_ROWS` it is the product of the sets, an upper bound)."""
        rows = self._rows
        if rows is None:
            return math.prod(len(r.combos) for r in self.ranges), False
        return len(rows), True

    def boards(self) -> int:
        """The ways to complete every hand of one assignment from the cards left."""
        ways, left = 1, self.left
        for k in self.to_deal:
            ways *= math.comb(left, k)
            left -= k
        return ways

    @cached_property
    def row_array(self) -> array[int]:
        """The joint assignments, flat (a set per player each)."""
        rows = self._rows
        assert rows is not None, "exact runs are refused past MAX_ROWS"
        return array("i", [i for row in rows for i in row])

    @cached_property
    def row_weights(self) -> array[float]:
        """Each assignment's weight: the product of its sets' weights."""
        weights = [w for r in self.ranges for w in r.weights]
        rows = self._rows or []
        return array("d", [math.prod(weights[i] for i in row) for row in rows])

    def cuts_for(self, want: int) -> int:
        """Items an assignment is cut into so that there are at least ``want`` in all."""
        return max(1, -(-want // max(self.count_assignments()[0], 1)))

    def work_items(self, cuts: int = 1) -> array[int]:
        """The exact run's work as items ``(assignment, lo, hi)``: the outer player's
        completions ``lo .. hi - 1`` in that assignment, each assignment cut in ``cuts``
        (fewer where it has fewer completions)."""
        rows = self._rows
        assert rows is not None
        kernel = self.kernel()
        if self.by_ranks:
            sizes = [kernel.outer_size(array("i", row), True) for row in rows]
        else:  # (every assignment leaves as many cards)
            sizes = [math.comb(self.left, self.to_deal[self.outer])] * len(rows)
        items = array("i")
        for a, size in enumerate(sizes):
            k = min(cuts, max(size, 1))
            for i in range(k):
                items.extend((a, size * i // k, size * (i + 1) // k))
        return items

    def table_sizes(self) -> list[int]:
        """Each player's completions as the exact kernel lists them (cards, or rank
        multisets)."""
        if self.by_ranks:
            # (an upper bound: multisets of ranks with at most four of each)
            return [math.comb(13 + k - 1, k) for k in self.to_deal]
        return [math.comb(self.left, k) for k in self.to_deal]

    def exact_work(self) -> float:
        """The pairs of completions an exact run checks, in the board games' outcomes."""
        assignments, _ = self.count_assignments()
        return assignments * math.prod(self.table_sizes()) * WORK_COST

    def exact_refusal(self) -> str | None:
        """Why this spot cannot be enumerated exactly here, or None."""
        if self._rows is None:
            return (
                f"the players' card sets make more than {MAX_ROWS:,} joint assignments, too many "
                "to enumerate exactly; use Monte Carlo (--mc)"
            )
        kept = [s for p, s in enumerate(self.table_sizes()) if p != self.outer]
        if kept and max(kept) > MAX_TABLE:
            return (
                f"a hand has {max(kept):,} ways to be completed, too many to enumerate exactly "
                "against another; use Monte Carlo (--mc)"
            )
        units = 2 * self.kernel().units if self.game.hilo else 1
        if self.count_assignments()[0] * self.boards() * units >= MAX_EXACT_OUTCOMES:
            return "too many outcomes to count exactly; use Monte Carlo (--mc)"
        return None


def own_method(prob: OwnProblem, method: str, limit: float) -> tuple[str, int, bool]:
    """``"exact"`` or ``"mc"`` for ``method`` (``"auto"``: exact when the work is at most
    ``limit`` and the spot fits in memory; ``"exact"`` that does not fit is refused), the
    outcome count and whether it is exact."""
    assignments, counted = prob.count_assignments()
    if counted and assignments == 0:
        raise CardConflictError("no deal is possible: the players' hands conflict with each other")
    outcomes = assignments * prob.boards()
    if method == "auto":
        fits = prob.exact_refusal() is None
        method = "exact" if fits and prob.exact_work() <= limit else "mc"
    if method == "exact":
        refusal = prob.exact_refusal()
        if refusal:
            raise InputError(refusal)
    return method, outcomes, counted


def run_own(
    prob: OwnProblem,
    method: str,
    limit: float,
    threads: int,
    trials: int | None,
    time: float | None,
    stderr: float | None,
    seed: int | None,
    start: float,
    progress: Callable[[float], None] | None,
    on_plan: Callable[[int, float], None] | None,
) -> EquityResult:
    """Count the outcomes, choose the method, and run it."""
    method, outcomes, counted = own_method(prob, method, limit)
    if method == "exact":
        return own_exhaustive(prob, outcomes, threads, start, progress, on_plan)
    shared: Any = prob  # (run_montecarlo reads what both problems have)
    return run_montecarlo(
        shared, outcomes, counted, threads, trials, time, stderr, seed, start, progress,
        make_sampler=OwnSampler,
    )  # fmt: skip


def own_exhaustive(
    prob: OwnProblem,
    outcomes: int,
    threads: int,
    start: float,
    progress: Callable[[float], None] | None,
    on_plan: Callable[[int, float], None] | None,
) -> EquityResult:
    """Every outcome, tallied in integers (weighted sets: in floats)."""
    kernel = prob.kernel()
    items = prob.work_items(1)
    size = kernel.tally_size
    itally, dtally = array("q", bytes(8 * size)), array("d", bytes(8 * size))
    wms = array("q", bytes(8 * kernel.winner_sets() * threads))
    control = Control()
    ctl = memoryview(control.buffer)
    units_total = sum(items[i + 2] - items[i + 1] for i in range(0, len(items), 3))
    big = outcomes >= 2_000_000
    planned = [False]

    def poll() -> None:
        done = control.done
        if progress:
            progress(min(1.0, done / max(units_total, 1)))
        spent = _time.perf_counter() - start
        if on_plan and not planned[0] and spent >= SAMPLE_SECONDS and 0 < done < units_total:
            planned[0] = True
            on_plan(outcomes, spent * (units_total - done) / done)

    def call() -> int:
        return run_items(prob, kernel, items, itally, dtally, wms, threads, ctl)

    interrupted = False
    played: int | None = 0
    try:
        if big:
            played, stopped = run_here(call, control, on_poll=poll)
            interrupted = stopped or played is None or played < 0
        else:
            played = call()
            interrupted = played < 0
    except KeyboardInterrupt:
        interrupted = True
    elapsed = _time.perf_counter() - start
    # (the board games' result builders read only what both problems have: players, game,
    # dead cards, weights)
    shared: Any = prob
    if interrupted:
        return interrupted_exact(
            shared,
            outcomes,
            True,
            threads,
            elapsed,
            control.done,
            units_total,
        )
    if progress:
        progress(1.0)
    sums: list[Any] = list(dtally) if prob.weighted else list(itally)
    sums.append(played)
    return exact_result(
        shared,
        sums,
        size,
        kernel.units,
        outcomes,
        True,
        threads,
        elapsed,
    )


def run_items(
    prob: OwnProblem,
    kernel: OwnKernel,
    items: array[int],
    itally: array[Any],
    dtally: array[float],
    wms: array[int],
    threads: int,
    ctl: Any,
) -> int:
    """Run the work ``items`` (:meth:`OwnProblem.work_items`) into the tallies: the showdowns
    played, or -1 when a stop came."""
    n_items = len(items) // 3
    iview = memoryview(items).cast("B").cast("i", [max(n_items, 1), 3])[:n_items]
    rows = prob.row_array
    rview = memoryview(rows).cast("B").cast("i", [max(len(rows) // prob.n, 1), prob.n])
    return kernel.exact(iview, rview, prob.row_weights, prob.weighted, prob.by_ranks, itally,
                        dtally, wms, threads, ctl)  # fmt: skip


def piece_tallies(prob: OwnProblem, items: array[int], lo: int, hi: int) -> list[Any]:
    """The tallies of work items ``lo .. hi - 1`` on one thread, and the showdowns (a
    piece run elsewhere)."""
    kernel = prob.kernel()
    n_items = len(items) // 3
    if not 0 <= lo <= hi <= n_items:
        raise InputError(f"work items {lo}..{hi} are outside this job's {n_items}")
    size = kernel.tally_size
    itally, dtally = array("q", bytes(8 * size)), array("d", bytes(8 * size))
    wms = array("q", bytes(8 * kernel.winner_sets()))
    played = run_items(prob, kernel, items[3 * lo : 3 * hi], itally, dtally, wms, 1,
                       memoryview(Control().buffer))  # fmt: skip
    sums: list[Any] = list(dtally) if prob.weighted else list(itally)
    return [*sums, played]


class OwnSampler:
    """Monte Carlo blocks of a game without a board, in the shape the board games' runner
    drives (:func:`~pokercalc.engine.montecarlo.run_montecarlo`)."""

    def __init__(self, prob: OwnProblem, threads: int) -> None:
        self.prob = prob
        self.threads = threads
        self.kernel = prob.kernel()
        off, _, _, _ = prob.arrays
        aprob, aidx = array("d"), array("i")
        for r in prob.ranges:
            p, a = alias_table(list(r.weights))
            aprob.extend(p)
            aidx.extend(a)
        self.aprob, self.aidx = aprob, aidx
        self.classes = tuple(range(prob.n))
        self.size = -(-self.kernel.mc_size // 8) * 8 + 8
        self.counts = array("q", bytes(8 * self.size * threads))
        self.cview = memoryview(self.counts).cast("B").cast("q", [threads, self.size])
        self.sums = [0] * self.kernel.mc_size
        self.ccounts = None
        self.control = Control()
        self.ctl = memoryview(self.control.buffer)
        self.asked = 0

    def run(self, seed: int, first: int, count: int, trials: int | None = None) -> None:
        """Run blocks ``first .. first + count - 1`` of a run of ``trials`` deals."""
        full, last = count, 0
        if trials is not None:
            end = mc_blocks(trials)
            if first + count > end:
                raise ValueError("blocks past the end of the run")
            if first + count == end and trials % MC_BLOCK:
                full, last = count - 1, trials % MC_BLOCK
        for lo, n, per in ((first, full, MC_BLOCK), (first + full, 1 if last else 0, last)):
            if n == 0:
                continue
            rng = block_states(seed, lo, n)
            rview = memoryview(rng).cast("B").cast("Q", [n, 16])
            self.kernel.montecarlo(self.aprob, self.aidx, rview, per, self.cview, n,
                                   self.threads, self.ctl)  # fmt: skip
            self.asked += n * per
            for t in range(self.threads):
                row = self.counts[t * self.size : t * self.size + len(self.sums)]
                self.sums = [a + b for a, b in zip(self.sums, row, strict=True)]
            self.counts[:] = array("q", bytes(8 * len(self.counts)))

    def totals(self) -> list[int]:
        return self.sums[:]

    @property
    def deals_at(self) -> int:
        return self.kernel.tally_size - 1
