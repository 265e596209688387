"""The Monte Carlo run: deals in seeded blocks, counted in integers, and their statistics.

Block ``j`` of a run draws from its own stream of the seed (:func:`block_states`),
so a seed and a trial count give the same deals however the blocks are spread
over threads, processes or machines.  :class:`Sampler` runs blocks;
:func:`run_montecarlo` runs them until a stopping rule holds; :func:`mc_result`
turns the counts into an :class:`~pokercalc.engine.results.EquityResult`.
"""

from __future__ import annotations

import math
import operator
import time as _time
from array import array
from collections.abc import Callable, Sequence
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from pokercalc.core.cards import cards_of
from pokercalc.core.runner import Control
from pokercalc.core.validate import new_seed
from pokercalc.engine import problem
from pokercalc.engine.exact import interrupted_exact, row_sums, without_equities
from pokercalc.engine.plan import MC_BLOCK, mc_blocks
from pokercalc.engine.problem import (
    MAX_LISTED_HANDS,
    Problem,
    combo_buffer,
    from_deck,
    keep_combo_tallies,
)
from pokercalc.engine.results import EquityResult, PlayerResult
from pokercalc.errors import InputError

if TYPE_CHECKING:
    from pokercalc.core._engine import Kernel

#: Default Monte Carlo time budget in seconds when no stopping rule is given.
DEFAULT_TIME = 1.0


def alias_table(weights: Sequence[float]) -> tuple[list[float], list[int]]:
    """Walker's alias table: draw i uniformly, keep it with probability p[i], else take alias[i]."""
    n = len(weights)
    total = math.fsum(weights)
    scaled = [w * n / total for w in weights]
    prob_p = [1.0] * n
    alias = list(range(n))
    small = [i for i, x in enumerate(scaled) if x < 1.0]
    large = [i for i, x in enumerate(scaled) if x >= 1.0]
    while small and large:
        s, g = small.pop(), large.pop()
        prob_p[s], alias[s] = scaled[s], g
        scaled[g] -= 1.0 - scaled[s]
        (small if scaled[g] < 1.0 else large).append(g)
    return prob_p, alias


def alias_tables(prob: Problem) -> tuple[array[float], array[int]]:
    """Alias tables per player, so a weighted combo costs two random numbers."""
    aprob = array("d")
    aidx = array("i")
    off, *_, weights = prob.arrays(prob.listed)
    for p in range(prob.n):
        lo, hi = int(off[p]), int(off[p + 1])
        if prob.random_flags[p] or not prob.weighted:
            # Equal weights: every probability 1, so the kernel never reads an alias; a
            # random player's entries are not read at all (it is dealt from the deck), and
            # in Omaha it may list over a million hands (a second of alias_table here).
            aprob.extend(array("d", [1.0]) * (hi - lo))
            aidx.frombytes(bytes(4 * (hi - lo)))
            continue
        pr, a = alias_table(weights[lo:hi].tolist())
        aprob.extend(pr)
        aidx.extend(a)
    # The kernel reads a first entry even when every player is dealt from the deck.
    return aprob or array("d", [1.0]), aidx or array("i", [0])


#: Monte Carlo lists the non-random players' joint assignments when at most this many.
JOINT_LIMIT = 100_000


def joint_tables(prob: Problem, kernel: Kernel) -> tuple[array[int], array[float], array[int]]:
    """Every valid joint assignment of the non-random players with an alias table over
    their weight products, when there are two or more such players and few assignments."""
    fixed = [p for p, rnd in enumerate(prob.random_flags) if not rnd]
    empty = (array("i"), array("d"), array("i"))
    if len(fixed) < 2:
        return empty
    joint = kernel.joint_assignments(JOINT_LIMIT, problem.COUNT_BUDGET)
    if joint is None or len(joint) == 0:
        return empty
    import numpy as np

    k = len(fixed)
    rows = np.frombuffer(joint, dtype=np.int32).reshape(-1, k)
    weights = np.prod(np.asarray(prob.cw)[rows], axis=1).tolist()
    p, a = alias_table(weights)
    return joint, array("d", p), array("i", a)


def block_states(seed: int, first: int, count: int) -> array[int]:
    """Generator rows for Monte Carlo blocks ``first .. first + count - 1``.

    Block ``j`` seeds its xoshiro256** state with outputs ``4j .. 4j + 3`` of
    splitmix64 over ``seed`` (the seeding its authors recommend); output ``i``
    is a closed form of ``seed + (i + 1) * golden``, so any block's stream is
    found without running the ones before it.  A row is 16 words (the state,
    then padding): threads never share a cache line of generator state.
    """
    mask = (1 << 64) - 1
    out = array("Q", bytes(8 * 16 * count))
    for b in range(count):
        for w in range(4):
            z = (seed + (4 * (first + b) + w + 1) * 0x9E3779B97F4A7C15) & mask
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            out[16 * b + w] = z ^ (z >> 31)
    return out


class Sampler:
    """A Monte Carlo problem ready to run blocks: kernel, draw tables and count rows.

    Counts are integers summed over the threads' rows, so they depend on which
    blocks ran, never on the thread that ran them.
    """

    def __init__(self, prob: Problem, threads: int) -> None:
        bp = prob.breakdown
        if bp is not None and prob.random_flags[bp]:
            # The broken-down player is drawn from its listed combos (which is exact, as
            # deal_mc says), so that every deal names its combo.
            prob.random_flags[bp] = False
            prob.is_random[bp] = 0
        self.prob = prob
        self.threads = threads
        list_random = bp is not None and from_deck(prob.ranges[bp])
        for r in prob.ranges if list_random else ():
            # (said here: the listing's own refusal advises Monte Carlo, which this is)
            if from_deck(r) and len(r) > MAX_LISTED_HANDS:
                raise InputError(
                    f"{r.text!r} holds {len(r):,} hands, too many to list one by one as a "
                    "breakdown needs (--breakdown, --distribution); run without one"
                )
        self.kernel = kernel = prob.kernel(list_random=list_random)
        self.aprob, self.aidx = alias_tables(prob)
        self.joint, self.jprob, self.jalias = joint_tables(prob, kernel)
        self.boards, self.group = cluster_shape(prob, len(self.jprob))
        self.classes = mc_classes(prob)
        self._units = share_units(prob.n)
        #: whether the kernel deals in clusters (Kernel.set_clusters)
        self.clustered = self.boards > 1 or self.group > 1 or self.classes != tuple(range(prob.n))
        # Each thread's counts get cache lines of their own: sharing one would make the
        # cores fight over it on every deal.
        self.size = -(-kernel.mc_size // 8) * 8 + 8  # see Kernel.mc_size; padded
        self.counts = array("q", bytes(8 * self.size * threads))
        self.cview = memoryview(self.counts).cast("B").cast("q", [threads, self.size])
        # The run's counts, folded in from the threads' rows after every call: Python's
        # integers cannot overflow, however long the run (squared shares grow fast).
        self.sums = [0] * kernel.mc_size
        self.ccounts = combo_buffer(prob, kernel, threads, "q")
        self.control = Control()
        self.ctl = memoryview(self.control.buffer)
        #: deals asked for so far (accepted ones are counted by the kernel)
        self.asked = 0

    def run(self, seed: int, first: int, count: int, trials: int | None = None) -> None:
        """Run blocks ``first .. first + count - 1`` of a run of ``trials`` deals (None: no
        end), adding to the counts; the run's last block is short when ``trials`` says so."""
        full = count
        last = 0
        if trials is not None:
            end = mc_blocks(trials)
            if first + count > end:
                raise ValueError("blocks past the end of the run")
            if first + count == end and trials % MC_BLOCK:
                full, last = count - 1, trials % MC_BLOCK
        k = self.kernel
        for lo, n, per in self.kernel_calls(first, full, last):
            if self.clustered:
                # (a block's clusters follow from its index and length: a seed and a trial
                # count deal the same cards however the blocks are run)
                deals = -(-per // self.boards)
                size = min(self.group, -(-deals // clusters_in_block(lo)))
                k.set_clusters(self.boards, size, self._units, array("B", self.classes))
            rng = block_states(seed, lo, n)
            rview = memoryview(rng).cast("B").cast("Q", [n, 16])
            k.montecarlo(self.aprob, self.aidx, self.joint, self.jprob, self.jalias, rview, per,
                         self.cview, self.ccounts, n, self.threads, self.ctl)  # fmt: skip
            self.asked += n * per
            rows = row_sums(self.counts, self.threads, self.size)
            self.sums = list(map(operator.add, self.sums, rows))
            self.counts[:] = array("q", bytes(8 * len(self.counts)))

    def kernel_calls(self, first: int, full: int, last: int) -> list[tuple[int, int, int]]:
        """(first block, blocks, deals a block) of each kernel call running ``full`` whole
        blocks from ``first`` on and a last one of ``last`` deals (if not 0): cut where
        the clusters a block takes change, and where a call's cluster sums would outgrow
        64 bits (Kernel.cluster_slots; thousands of blocks, a batch of many cores)."""
        calls = []
        end = first + full
        cuts = [b for b in CLUSTER_STEPS if first < b < end] if self.group > 1 else []
        most = full or 1
        if self.clustered:
            most = self.kernel.cluster_slots(MC_BLOCK, self.group * self.boards, self._units)
        for lo, hi in pairwise([first, *cuts, end]):
            for at in range(lo, hi, most):
                calls.append((at, min(most, hi - at), MC_BLOCK))
        if last:
            calls.append((end, 1, last))
        return calls

    def totals(self) -> list[int]:
        """The counts so far (the threads' rows summed): :attr:`Kernel.mc_size` of them."""
        return self.sums[:]

    @property
    def deals_at(self) -> int:
        """Where the accepted deals are counted in :meth:`totals`."""
        return self.kernel.tally_size - 1


#: A Monte Carlo batch doubles while it takes less than this (seconds): a signal is handled
#: between batches.
BATCH_SECONDS = 0.05


# Boards dealt to each deal of the hands in a many-way hold'em pot (see cluster_shape).
MC_BOARDS = 3


# The most deals of the hands in a cluster whose joint-table rows are drawn evenly.
MC_GROUP = 4096


# The fewest clusters a run's standard error stops it on (--stderr).
MC_CLUSTERS = 32


# Where the clusters a block is cut into change: 16 in blocks 0 and 1, then 8, 4 and 2.
CLUSTER_STEPS = (2, 8, 32)


def clusters_in_block(block: int) -> int:
    """How many clusters block ``block`` of a run is cut into, at least (a cluster takes
    at most MC_GROUP deals).  Many in the first blocks, so that a short run still has the
    clusters its standard error is estimated from; few later, as larger clusters spread
    the rows more evenly.  The clusters of different sizes are independent and each is
    unbiased, which is all the clustered standard error needs."""
    for n, step in zip((16, 8, 4), CLUSTER_STEPS, strict=True):
        if block < step:
            return n
    return 2


def clustering(prob: Problem) -> bool:
    """Whether Monte Carlo can deal ``prob`` in clusters (Kernel.set_clusters): the
    hold'em-like games up to MC_WM_PLAYERS players, no breakdown."""
    return prob.game.forming == "any" and prob.breakdown is None and prob.n <= 10


def mc_classes(prob: Problem) -> tuple[int, ...]:
    """Per player, the first player exchangeable with it in Monte Carlo (itself if none).

    Players dealt the same distribution of hands (every random one; ranges of the same
    hands and weights) have the same equity, and the mean of their shares estimates it
    with far less variance than any one share: their shares add up to what the others
    lose (five random hands against JcJh, 8s7s and two ranges on 4dAc5d: 10 to 17
    times the precision a second each).  So the kernel sums a class's shares before
    squaring them, and each member reports the class's mean: unbiased, as every
    member's share is, and the equities of players who are alike come out alike, as
    exact enumeration gives them.
    """
    if not clustering(prob):
        return tuple(range(prob.n))
    first: dict[Any, int] = {}
    out = []
    for p, r in enumerate(prob.ranges):
        if from_deck(r):
            key: Any = ("deck", r.hole_cards, r.free)
        else:
            key = ("range", tuple(sorted(zip(r.combos, r.weights, strict=True))))
        out.append(first.setdefault(key, p))
    return tuple(out)


def cluster_shape(prob: Problem, joint_rows: int) -> tuple[int, int]:
    """Monte Carlo's boards to each deal of the players' hands, and the most deals a
    cluster.

    Dealing the hands is about half a deal's cost once three or more players'
    hands vary, while the board carries most of each player's variance (the
    kernel's ``_mc_boards`` says how much), so several boards a deal buy
    more precision a second.  With a joint table the deals of a cluster take
    its rows evenly, which takes the spread of the ranged players' own hands
    out of their variance: a cluster of twice as many deals as rows gives
    every row about its share (nine players on 4dAc5d, 1,200 rows: 99+,AJs+
    2.0 times the precision a second of three boards a deal alone,
    QQ+,AQs+,AQo+ 1.5 times at 1,024 deals and 1.8 at 2,048, the others 1.1
    to 1.3).  The standard error is then a clustered sample's, estimated
    from the clusters (:func:`clusters_in_block` cuts each block).  The
    kernel does this in the hold'em-like games up to MC_WM_PLAYERS players
    with no breakdown (elsewhere one board a deal).
    """
    if not clustering(prob):
        return 1, 1
    varied = sum(1 for p in range(prob.n) if prob.random_flags[p] or prob.shown[p] > 1)
    per_deal = MC_BOARDS if varied >= 3 else 1
    if per_deal == 1 or joint_rows < 2:
        return per_deal, 1
    return per_deal, min(MC_GROUP, 2 * joint_rows)


@cache
def share_units(n: int) -> int:
    """Units of one board's share among ``n`` players: every split of it whole."""
    return math.lcm(*range(1, n + 1))


def run_montecarlo(
    prob: Problem,
    outcomes: int,
    counted: bool,
    threads: int,
    trials: int | None,
    time: float | None,
    stderr: float | None,
    seed: int | None,
    start: float,
    progress: Callable[[float], None] | None,
    make_sampler: Callable[[Any, int], Any] | None = None,
) -> EquityResult:
    """Monte Carlo until ``trials`` deals, ``time`` seconds or every standard error below
    ``stderr``; ``make_sampler`` makes the blocks' runner (:class:`Sampler`, or the games
    without a board's)."""
    from pokercalc.core import _engine

    if trials is None and time is None and stderr is None:
        time = DEFAULT_TIME
    seed = new_seed() if seed is None else seed
    try:
        sampler = (make_sampler or Sampler)(prob, threads)
    except KeyboardInterrupt:
        # Stopped while its tables were drawn: a Monte Carlo run all the same, with no deal.
        return mc_no_deal(prob, outcomes, counted, threads, seed, _time.perf_counter() - start)
    n, units = prob.n, sampler.kernel.units

    def stats(sums: list[int]) -> list[tuple[float | None, ...]]:
        if prob.game.hilo:
            return hilo_mc_stats(sums, n, units)
        return list(mc_stats(sums, n, sampler.classes))

    # Monte Carlo runs on this thread in short batches of blocks (BATCH_SECONDS), so a signal
    # is handled between two batches; the flag stays clear.
    end = mc_blocks(trials) if trials is not None else None
    done = 0  # blocks run
    batch = threads  # blocks; doubles until a batch takes about 50 ms
    interrupted = False
    deadline = None if time is None else start + time
    try:
        while end is None or done < end:
            step = batch if end is None else min(batch, end - done)
            t0 = _time.perf_counter()
            sampler.run(seed, done, step, trials)
            spent = _time.perf_counter() - t0
            done += step
            check_accepted(sampler)
            now = _time.perf_counter()
            if progress:
                fracs = [done / end if end else 0.0, (now - start) / time if time else 0.0]
                progress(min(1.0, max(fracs)))
            if deadline is not None and now >= deadline:
                break
            sums = sampler.totals()
            now_stats = stats(sums) if stderr is not None else []
            if stderr is not None and mc_converged(now_stats, stderr):
                # (a clustered run's standard error needs its clusters to be believed)
                clusters = 0 if prob.game.hilo else sums[_engine.cluster_slot(n, False)]
                if clusters == 0 or clusters >= MC_CLUSTERS:
                    break
            if spent < BATCH_SECONDS:
                batch *= 2
            if stderr is not None:
                # Standard errors fall as one over the root of the deals: a batch need not
                # take many more than the target asks (AsKs | QQ to 0.001: 491,520 deals
                # where about 250,000 did).
                ses = [se for *_, se in now_stats]
                known = [se for se in ses if se is not None]
                worst = max(known) if known and len(known) == len(ses) else None
                batch = min(batch, max(threads, blocks_to_target(worst, stderr, done)))
            if deadline is not None and spent > 0:
                # Do not overshoot the time budget by much on the last batch.
                batch = max(1, min(batch, int((deadline - now) / (spent / step)) + 1))
    except KeyboardInterrupt:
        interrupted = True

    def made(interrupted: bool) -> EquityResult:
        keep_combo_tallies(prob, sampler.ccounts)
        elapsed = _time.perf_counter() - start
        return mc_result(
            prob, sampler.totals(), units, outcomes, counted, threads, seed, elapsed,
            interrupted, trials, time,
        )  # fmt: skip

    try:
        return made(interrupted)
    except KeyboardInterrupt:
        # A signal while the result was made: its deals are counted, so it is made again,
        # marked interrupted (a second signal stops it).
        return made(True)


def check_accepted(sampler: Sampler) -> None:
    """Refuse ranges whose deals a block gave up on: they conflict in almost every draw."""
    if sampler.totals()[sampler.deals_at] < sampler.asked:
        # Advice that holds: exact enumeration only where its count is known (it can be none).
        text = "the players' ranges conflict in almost every deal, too often to sample"
        assignments, counted = sampler.prob.count_assignments()
        if counted:
            outcomes = assignments * sampler.prob.boards()
            text += f"; exact enumeration has {outcomes:,} outcomes to count"
        else:
            text += "; narrow them: exact enumeration could not count their deals either"
        raise InputError(text)


def mc_result(
    prob: Problem,
    sums: list[int],
    units: int,
    outcomes: int,
    counted: bool,
    threads: int,
    seed: int,
    elapsed: float,
    interrupted: bool,
    trials: int | None,
    time: float | None,
) -> EquityResult:
    """A Monte Carlo result from its integer counts (summed over threads or pieces)."""
    from pokercalc.core import _engine

    n = prob.n
    m = sums[_engine.total_slot(n, prob.game.hilo)]
    if m == 0:
        if interrupted:
            return mc_no_deal(prob, outcomes, counted, threads, seed, elapsed)
        raise InputError("no deal was possible: the players' hands conflict with each other")
    if prob.game.hilo:
        players = tuple(
            PlayerResult(
                label=r.text,
                combos=shown,
                equity=eq,
                win=win,
                tie=tie,
                scoop=win,
                high_share=hi,
                low_share=lo,
                stderr=se,
            )
            for r, shown, (eq, win, tie, hi, lo, se) in zip(
                prob.ranges, prob.shown, hilo_mc_stats(sums, n, units), strict=True
            )
        )
    else:
        players = tuple(
            PlayerResult(label=r.text, combos=shown, equity=eq, win=win, tie=tie, stderr=se)
            for r, shown, (eq, win, tie, se) in zip(
                prob.ranges, prob.shown, mc_stats(sums, n, mc_classes(prob)), strict=True
            )
        )
    return EquityResult(
        **mc_fields(prob, outcomes, counted, threads, seed, elapsed),
        players=players,
        trials=m,
        showdowns=m,
        interrupted=interrupted,
        done_fraction=mc_done_fraction(m, trials, elapsed, time) if interrupted else 1.0,
        low_possible=sums[_engine.low_board_slot(n)] / m if prob.game.hilo else None,
    )


def mc_fields(
    prob: Problem, outcomes: int, counted: bool, threads: int, seed: int, elapsed: float
) -> dict[str, Any]:
    """The fields every Monte Carlo result of ``prob`` shares, counts and equities aside."""
    return {
        "game": prob.game.name,
        "method": "mc",
        "board": cards_of(prob.board),
        "dead": cards_of(prob.dead),
        "outcomes": outcomes,
        "outcomes_exact": counted,
        "symmetry": 1,
        "seed": seed,
        "threads": threads,
        "elapsed": elapsed,
    }


def mc_no_deal(
    prob: Problem, outcomes: int, counted: bool, threads: int, seed: int, elapsed: float
) -> EquityResult:
    """A Monte Carlo run stopped before its first deal was counted: the players and the
    seed, and no equities (no deal estimates nothing)."""
    players = without_equities(prob)
    return EquityResult(
        **mc_fields(prob, outcomes, counted, threads, seed, elapsed),
        players=players,
        trials=0,
        showdowns=0,
        interrupted=True,
        done_fraction=0.0,
    )


def interrupted_plan(
    prob: Any, method: str, threads: int, seed: int | None, elapsed: float
) -> EquityResult:
    """A run stopped while it counted its outcomes and chose its method: Monte Carlo
    when ``method`` asked for it, else an exact run with nothing done (``"auto"`` had not
    chosen yet).  ``prob`` is any problem (the games without a board's too)."""
    if method == "mc":
        return mc_no_deal(prob, 0, False, threads, new_seed() if seed is None else seed, elapsed)
    return interrupted_exact(prob, 0, False, threads, elapsed, 0, 1)


def mc_done_fraction(deals: int, trials: int | None, elapsed: float, time: float | None) -> float:
    """How far an interrupted Monte Carlo run got toward its trial count or time budget."""
    fracs = [deals / trials if trials else 0.0, elapsed / time if time else 0.0]
    return min(1.0, max(fracs))


def hilo_mc_stats(sums: list[int], n: int, units: int) -> list[tuple[float | None, ...]]:
    """Hi/lo Monte Carlo per player: equity, scoop and part-pot rates, high and low shares,
    and the equity's standard error from the squared units of each deal's share."""
    from pokercalc.core import _engine

    m = sums[_engine.total_slot(n, True)]
    out: list[tuple[float | None, ...]] = []
    for p in range(n):
        at = _engine.player_slot(p, n, True)
        scoops, parts, hi, lo, nolow, squares = sums[at : at + 6]
        if m == 0:
            out.append((0.0, 0.0, 0.0, 0.0, 0.0, None))
            continue
        pot = 2 * units
        mean = (hi + lo + nolow) / (pot * m)
        se = None
        if m >= 2:
            var = max(0.0, squares / (pot * pot * m) - mean * mean) * m / (m - 1)
            se = math.sqrt(var / m)
        out.append((mean, scoops / m, parts / m, hi / (units * m), lo / (units * m), se))
    return out


def blocks_to_target(worst: float | None, target: float, done: int) -> int:
    """About how many more blocks, after ``done``, bring a standard error of ``worst``
    under ``target`` (it falls as one over the root of the deals), a tenth more for the
    estimate's own noise; at least one.  With no error yet: ``done`` (as many again).
    Sampling loops that stop on a target cap their batches with it."""
    if worst is None or done == 0:
        return max(done, 1)
    return max(1, math.ceil(done * ((worst / target) ** 2 * 1.1 - 1)))


def mc_converged(stats: list[tuple[float | None, ...]], target: float) -> bool:
    """True when every player's standard error is defined and below ``target``."""
    return all(se is not None and se < target for *_, se in stats)


def mc_stats(
    sums: list[int], n: int, classes: Sequence[int] | None = None
) -> list[tuple[float, float, float, float | None]]:
    """Equity, win, tie and the equity's standard error per player from Monte Carlo counts.

    A board won as one of k winners is worth 1/k of the pot, so the counts by
    split size give the sum and the sum of squares of every player's shares.
    When the boards came in clusters (Kernel.set_clusters; Kernel.mc_size's
    slots count them), the standard error is a clustered sample's instead,
    and the players of a class (``classes[p]``: :func:`mc_classes`) report
    its mean.  It is None (undefined) below two deals, or two clusters.
    """
    from pokercalc.core import _engine

    m = sums[_engine.total_slot(n, False)]
    at = _engine.cluster_slot(n, False)
    if len(sums) > at and sums[at] > 0:
        return clustered_mc_stats(sums, n, classes or range(n))
    out: list[tuple[float, float, float, float | None]] = []
    for p in range(n):
        row = sums[_engine.player_slot(p, n, False) : _engine.player_slot(p + 1, n, False)]
        if m == 0:
            out.append((0.0, 0.0, 0.0, None))
            continue
        total = math.fsum(c / k for k, c in enumerate(row) if k)
        squares = math.fsum(c / (k * k) for k, c in enumerate(row) if k)
        mean = total / m
        if m < 2:
            out.append((mean, row[1] / m, sum(row[2:]) / m, None))
            continue
        var = max(0.0, squares / m - mean * mean) * m / (m - 1)
        out.append((mean, row[1] / m, sum(row[2:]) / m, math.sqrt(var / m)))
    return out


def clustered_mc_stats(
    sums: list[int], n: int, classes: Sequence[int]
) -> list[tuple[float, float, float, float | None]]:
    """:func:`mc_stats` when the boards came in clusters (Kernel.set_clusters).

    Per class of exchangeable players (each player alone, unless
    :func:`mc_classes` says otherwise), with ``S_i`` the class's share of
    cluster ``i``'s ``b_i`` boards (in units), ``T`` their sum, ``N`` the
    boards and ``k`` its players: each member's equity ``r = T / (k N)`` is
    a ratio estimate whose variance is ``C / (C - 1)`` times
    ``sum((S_i / k - r b_i)^2) / N^2`` over the ``C`` clusters (the
    linearised ratio estimator of cluster sampling).  The kernel counts
    ``C``, ``sum(b_i^2)``, ``sum(S_i^2)`` and ``sum(S_i b_i)`` (a class's in
    its first player's slots), so the sum of squares is
    ``(A N^2 - 2 T X N + T^2 Q) / N^2`` in whole numbers, exact before the
    last division.
    """
    from pokercalc.core import _engine

    m = sums[_engine.total_slot(n, False)]
    at = _engine.cluster_slot(n, False)
    deals, q = sums[at], sums[at + 1]
    units = share_units(n)
    rows = [
        sums[_engine.player_slot(p, n, False) : _engine.player_slot(p + 1, n, False)]
        for p in range(n)
    ]
    out: list[tuple[float, float, float, float | None]] = []
    for p in range(n):
        c = classes[p]
        members = [rows[r] for r in range(n) if classes[r] == c]
        k = len(members)
        a, x = sums[at + 2 + 2 * c], sums[at + 3 + 2 * c]
        t = sum(cnt * (units // j) for row in members for j, cnt in enumerate(row) if j)
        se = None
        if deals >= 2:
            spread = a * m * m - 2 * t * x * m + t * t * q  # sum((S_i - T b_i / N)^2) * N^2
            # (int / int is correctly rounded, as the float of the exact fraction)
            se = math.sqrt(deals * spread / ((deals - 1) * (k * units) ** 2 * m**4))
        # (the equity summed as mc_stats does, so that a player alone gets the same float)
        mean = math.fsum(cnt / j for row in members for j, cnt in enumerate(row) if j) / (k * m)
        win = sum(row[1] for row in members) / (k * m)
        tie = sum(sum(row[2:]) for row in members) / (k * m)
        out.append((mean, win, tie, se))
    return out
