"""The exact run: every outcome enumerated (suit symmetries merged) and tallied in integers.

:func:`exhaustive` runs a problem's work items on the kernel's threads, with a
time estimate for long runs and a clean stop on a signal; :func:`exact_result`
turns the tallies (summed over threads or pieces) into an
:class:`~pokercalc.engine.results.EquityResult`.
"""

from __future__ import annotations

import math
import operator
import time as _time
from array import array
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from pokercalc.core.cards import Card, cards_of
from pokercalc.core.runner import Control, run_here
from pokercalc.engine.plan import last_innermost, work_items
from pokercalc.engine.problem import Problem, combo_buffer, keep_combo_tallies
from pokercalc.engine.results import EquityResult, PlayerResult
from pokercalc.errors import CardConflictError, InputError, InternalError

if TYPE_CHECKING:
    from pokercalc.core._engine import Kernel

#: Exact runs count in int64; more outcomes than this cannot be tallied exactly.
MAX_EXACT_OUTCOMES = 2**62


#: Seconds of an exact run spent on a random sample of its work before the estimate ...
SAMPLE_SECONDS = 0.25


#: ... and work items in the sample (an eighth of them at most), unless it has taken
#: MAX_SAMPLE_SECONDS by then.
MIN_SAMPLE_ITEMS = 64
MAX_SAMPLE_SECONDS = 3.0


#: The calls a big run's work is made in after the sample (a signal loses the one running),
#: of BATCH_ITEMS items per thread at least: each call's threads wait for its slowest item,
#: and each call costs a thread team's start.  (AhKh | JJ+,AQs+ | random, 1,056 items on two
#: threads: 4.6 s in one call, 4.5 s in 16, 5.0 s in 32; AsKs | random's 46 items run in
#: one call, as before.)
BATCHES = 16
BATCH_ITEMS = 16


#: Batches done before their spread makes a standard error: its degrees of freedom are one
#: fewer (a Student t with 3 already has a standard deviation of 1.7; two or three batches
#: of AhKh | random's 46 items, one holding a third of the outcomes, put the estimate 8 to
#: 11 errors off).
MIN_BATCHES = 4


class Plan:
    """An exhaustive run of a kernel on ``threads`` threads, prepared: its work items (the flat
    array of :func:`work_items`, and the kernel's 2-D view of it), their ``nfirsts`` split,
    the typed kernel function (innermost or not), and the per-combo tallies
    (:func:`combo_buffer`), the tallies and the stop flag.  A repeated small problem keeps
    it with its kernel: making it again cost a fifth of a 40 us flop spot."""

    __slots__ = ("flat", "items", "nfirsts", "run", "ctallies", "size", "tallies", "zeros",
                 "tview", "control", "cview")  # fmt: skip

    def __init__(
        self, prob: Problem, kernel: Kernel, threads: int, big: bool, outcomes: int
    ) -> None:
        # Unweighted runs count outcomes in int64: exact at any size.
        code: Literal["d", "q"] = "d" if prob.weighted else "q"
        self.ctallies = combo_buffer(prob, kernel, threads, code)
        self.size = size = -(-kernel.tally_size // 8) * 8 + 8  # whole cache lines per thread
        self.zeros = array(code, bytes(8 * size * threads))
        self.tallies = array(code, self.zeros)
        self.tview = memoryview(self.tallies).cast("B").cast(code, [threads, size])
        self.control = Control()
        self.cview = memoryview(self.control.buffer)
        # Items that are not the smallest of their suit-symmetry orbit return at once, so only
        # about one in len(group) works (AA | KK | QQ: 36 items, 2 doing everything): threads
        # need that many times more to share (two threads: 1.18x -> 1.98x on AA|KK|QQ|JJ).
        # One thread keeps the fewer, cheaper items (splitting costs it 6% there).
        want = 16 * threads * (len(prob.group) if threads > 1 else 1)
        self.flat, innermost, self.nfirsts = work_items(prob, kernel, want, big, outcomes, threads)
        n_items = len(self.flat) // 3
        self.items = memoryview(self.flat).cast("B").cast("i", [max(n_items, 1), 3])[:n_items]
        # The typed version by name: the fused-type dispatcher would import numpy to inspect
        # its arguments (tests/test_startup.py).
        self.run = (kernel.exhaustive_last if innermost else kernel.exhaustive)[
            "double" if prob.weighted else "int64_t"
        ]

    def reset(self) -> None:
        """Zero the tallies and the stop flag for another run (in place: the kernel's views of
        them stay valid)."""
        self.tallies[:] = self.zeros
        self.control.buffer[0] = self.control.buffer[1] = 0
        self.control.interrupt = None


def exhaustive(
    prob: Problem,
    outcomes: int,
    counted: bool,
    threads: int,
    start: float,
    progress: Callable[[float], None] | None,
    on_plan: Callable[[int, float], None] | None = None,
) -> EquityResult:
    if outcomes * (2 * hilo_units(prob) if prob.game.hilo else 1) >= MAX_EXACT_OUTCOMES:
        raise InputError(
            f"{outcomes:.3g} outcomes are too many to count exactly; use Monte Carlo (--mc)"
        )
    # A long run takes its work in a fixed random order, so that any prefix is
    # a fair sample for the time estimate; tallies do not depend on the order.
    # An estimated count is one whose counting passed its budget of steps: the enumeration
    # takes at least as many (ranges that conflict in almost every assignment can take
    # minutes to find a few outcomes), so it runs as a long run, which a signal stops.
    big = outcomes / len(prob.group) >= 2_000_000 or not counted
    # A small run without a breakdown borrows the kernel and prepared run of the same
    # problem's last run; a big one reorders its items (stratified_batches): it makes its own.
    lent = prob.breakdown is None and not big
    kernel, runs = prob.lend_kernel() if lent else (prob.kernel(), {})
    if prob.breakdown is not None and outcomes * len(prob.group) >= MAX_EXACT_OUTCOMES:
        raise InputError(
            f"{outcomes:.3g} outcomes are too many to break down exactly; use Monte Carlo (--mc)"
        )
    # (keyed by what shapes the items: the settings that choose the innermost player change
    # in tests)
    shape = (threads, last_innermost(prob))
    plan = runs.get(shape)
    if plan is None:
        plan = runs[shape] = Plan(prob, kernel, threads, big, outcomes)
    else:
        plan.reset()
    iview, tallies, control, size = plan.items, plan.tallies, plan.control, plan.size
    n_items = len(iview)

    def poll() -> None:
        if progress:
            progress(min(1.0, control.done / max(n_items, 1)))

    def run_range(lo: int, hi: int) -> bool:
        """Run items lo..hi on a worker thread; True when a signal stopped it."""
        if hi <= lo:
            return False
        if not big:
            # A small run takes milliseconds: no worker thread (it would cost
            # more than the run); a signal is handled as soon as it returns.
            plan.run(iview if hi - lo == n_items else iview[lo:hi], plan.tview, plan.ctallies,
                     threads, plan.cview)  # fmt: skip
            return False
        _, stopped = run_here(
            lambda: plan.run(iview[lo:hi], plan.tview, plan.ctallies, threads, plan.cview),
            control,
            on_poll=poll,
        )
        if control.buffer[0] < 0:
            raise InternalError("the enumeration ran out of memory on a thread")
        return stopped

    # A big run keeps each whole call's tallies (rows summed, less those before it): the
    # calls done are a random sample of the work items, which estimates the whole when a
    # signal stops the run (:func:`estimated_exact`).
    chunks: list[tuple[int, list[Any]]] = []
    before: list[Any] = [0] * size
    first_batch, calls = -1, 0  # (where the batches start in chunks, and how many there are)

    def take(lo: int, hi: int) -> bool:
        nonlocal before
        stopped = run_range(lo, hi)
        if big and not stopped and hi > lo:
            now = summed(tallies, threads, size, prob.weighted)
            chunks.append((hi - lo, [a - b for a, b in zip(now, before, strict=True)]))
            before = now
        return stopped

    interrupted = False
    done = 0
    if big and on_plan is not None and n_items > 1:
        # Sample a growing prefix of the shuffled work until it takes a
        # measurable time, then extrapolate; the sample's tallies are kept.
        t0 = _time.perf_counter()
        step = max(threads, n_items // 4096)
        # Items differ in cost by a hundred times (AhKh | JJ+,AQs+ | random preflop: 1,056
        # items): a sample of two overestimated the run tenfold.  So it takes enough items
        # as well as enough time, within a bound.
        want = min(MIN_SAMPLE_ITEMS, n_items // 8)
        while done < n_items and not interrupted:
            spent = _time.perf_counter() - t0
            if spent >= MAX_SAMPLE_SECONDS or (spent >= SAMPLE_SECONDS and done >= want):
                break
            hi = min(n_items, done + step)
            interrupted = take(done, hi)
            done = hi
            step *= 2
        if not interrupted and done < n_items:
            spent = _time.perf_counter() - t0
            on_plan(outcomes, spent * (n_items - done) / done)
    # A signal raised here once the enumeration is whole (a small run's kernel ran on this
    # thread, which sees the signal only when it returns; or it came while the result was
    # made) keeps the finished result, marked interrupted: it had cost all of the run.
    late = False
    if not interrupted and not big:
        try:
            interrupted = run_range(done, n_items)
        except KeyboardInterrupt:
            interrupted = True
    elif not interrupted:
        # The rest in BATCHES calls of items of every size (stratified_batches), so that
        # those done when a signal comes are a random sample of the calls.
        calls = max(1, min(BATCHES, (n_items - done) // (BATCH_ITEMS * threads)))
        first_batch = len(chunks)
        for hi in stratified_batches(plan.flat, done, calls, bool(plan.nfirsts)):
            try:
                interrupted = take(done, hi)
            except KeyboardInterrupt:
                interrupted = True
            done = hi
            if interrupted:
                break
    if interrupted and 0 < n_items <= control.done:
        # Every item counted, none cut short (the kernel counts an item only when it ran
        # to its end): the enumeration is whole.
        interrupted, late = False, True
    if progress and not interrupted:
        progress(1.0)
    elapsed = _time.perf_counter() - start
    if interrupted:
        cut = interrupted_exact(prob, outcomes, counted, threads, elapsed, control.done, n_items)
        if prob.breakdown is not None:
            return cut  # (a breakdown's hands and equity have no standard errors to go with)
        return estimated_exact(prob, cut, chunks, first_batch, calls, kernel.tally_size,
                               kernel.units)  # fmt: skip

    def made() -> EquityResult:
        sums = summed(tallies, threads, size, prob.weighted)
        if sums[kernel.tally_size - 1] == 0:
            raise CardConflictError(
                "no deal is possible: the players' hands conflict with each other"
            )
        keep_combo_tallies(prob, plan.ctallies)
        return exact_result(prob, sums, kernel.tally_size, kernel.units, outcomes, counted,
                             threads, elapsed)  # fmt: skip

    try:
        result = made()
    except KeyboardInterrupt:
        late = True
        result = made()  # (made of the kept tallies again; a second signal stops it)
    if lent:
        prob.give_back(kernel, runs)
    return replace(result, interrupted=True) if late else result


def row_sums(flat: array[int], rows: int, size: int) -> list[int]:
    """The column sums of ``rows`` rows of ``size`` integer tallies (one row per thread).
    Row by row: a sum per tally over the rows cost a 36 us spot 5 us on two threads."""
    sums = flat[:size].tolist()
    for r in range(1, rows):
        sums = list(map(operator.add, sums, flat[r * size : (r + 1) * size]))
    return sums


def summed(tallies: Any, threads: int, size: int, weighted: bool) -> list[Any]:
    """The per-thread rows of tallies summed (floats with :func:`math.fsum`)."""
    if weighted:
        return [math.fsum(tallies[t * size + j] for t in range(threads)) for j in range(size)]
    return row_sums(tallies, threads, size)


def stratified_batches(flat: Any, done: int, calls: int, split: bool) -> list[int]:
    """Deal the work items after the first ``done`` into ``calls`` batches, in place, and
    return where each batch ends.  The items, in order of size (:func:`largest_first` when
    they are ``split``; else in their shuffled order), go in groups of ``calls``, one item of
    each group to each batch, which batch in a fixed random order: every batch holds items
    of every size, largest first (so its threads end together), and the batches are
    exchangeable, so the batches done are a simple random sample of them.  Items differ in
    size by a thousand times: a sample of single items (AhKh | random, 46 items) missed the
    big ones and put the estimate 4 to 16 standard errors off."""
    import random

    if split:
        largest_first(flat, done)
    rest = (len(flat) // 3) - done
    items = [flat[3 * (done + i) : 3 * (done + i) + 3] for i in range(rest)]
    rng = random.Random(rest)  # (a fixed order, as the items' own shuffle)
    batches: list[list[Any]] = [[] for _ in range(calls)]
    for g in range(0, rest, calls):
        group = items[g : g + calls]
        for b, item in zip(rng.sample(range(calls), len(group)), group, strict=True):
            batches[b].append(item)
    at, ends = 3 * done, []
    for batch in batches:
        for item in batch:
            flat[at : at + 3] = item
            at += 3
        ends.append(at // 3)
    return ends


def largest_first(flat: Any, done: int) -> None:
    """Put the work items after the first ``done`` in order of their highest new board card,
    highest first: an item's boards are those below its card, so the biggest items start
    first and the threads end together.  (The shuffled order the time estimate samples from
    left AsKs against random on two threads idle 11 % of the time: 1.72x over one thread.)
    Only items split by that card, a few thousand at most, are sorted (in place: the
    kernel's views of ``flat`` forbid resizing it)."""
    from pokercalc.core import _engine

    _engine.largest_first(flat, done)


def exact_result(
    prob: Problem,
    sums: list[Any],
    tally_size: int,
    units: int,
    outcomes: int,
    counted: bool,
    threads: int,
    elapsed: float,
) -> EquityResult:
    """An exact result from the kernel's tallies summed over threads or pieces: per player
    its outcomes by split size (or hi/lo units), then the outcomes, then the showdowns."""
    n = prob.n
    total = sums[tally_size - 1]
    if total == 0:
        raise CardConflictError("no deal is possible: the players' hands conflict with each other")
    players: list[PlayerResult] = []
    low_possible = None
    if prob.game.hilo:
        players, low_possible = hilo_exact(prob, sums, total, units)
    # Shares of a k-way split in units of 1/lcm(1..n): one exact fraction at the end.
    units, shares = split_shares(n) if not prob.game.hilo else (units, ())
    for p, r in enumerate(prob.ranges if not prob.game.hilo else ()):
        # (outcomes won as one of k winners, k = 1 .. n; slot 0, the losses, is left out)
        row, shown = sums[p * (n + 1) + 1 : (p + 1) * (n + 1)], prob.shown[p]
        if not prob.weighted:
            # (int / int is correctly rounded: the float of the exact fraction)
            num, den = sum(map(operator.mul, row, shares)), units * total
            wins, ties = row[0], sum(row) - row[0]
            players.append(
                PlayerResult.of_fields(
                    {
                        "label": r.text,
                        "combos": shown,
                        "equity": num / den,
                        "win": wins / total,
                        "tie": ties / total,
                        "equity_fraction": (num, den),
                        "wins": wins,
                        "ties": ties,
                    }
                )
            )
        else:
            eq_f = math.fsum(x / k for k, x in enumerate(row, 1)) / total
            players.append(
                PlayerResult.of_fields(
                    {
                        "label": r.text,
                        "combos": shown,
                        "equity": eq_f,
                        "win": row[0] / total,
                        "tie": math.fsum(row[1:]) / total,
                    }
                )
            )
    if not prob.weighted and counted and total != outcomes:
        raise InternalError(
            f"the enumeration counted {total} outcomes where {outcomes} were expected; "
            "please report this input"
        )
    played = int(sums[tally_size])
    if not prob.weighted and not counted:
        # The count was estimated up front; the enumeration has now counted exactly.
        outcomes, counted = int(total), True
    fields = exact_fields(prob, outcomes, counted, threads, elapsed)
    fields["players"] = tuple(players)
    fields["showdowns"] = played
    fields["interrupted"] = False
    fields["low_possible"] = low_possible
    return EquityResult.of_fields(fields, cards_ready=True)


@lru_cache(maxsize=64)
def split_shares(n: int) -> tuple[int, tuple[int, ...]]:
    """The units of a pot, LCM(1..n), and a k-way winner's share of it for k = 1..n."""
    units = math.lcm(*range(1, n + 1))
    return units, tuple(units // k for k in range(1, n + 1))


@lru_cache(maxsize=256)
def card_objects(cards: tuple[int, ...]) -> tuple[Card, ...]:
    """Card indices as the :class:`Card` objects results hold (a spot asked again asks the
    same)."""
    return cards_of(cards)


def exact_fields(
    prob: Problem, outcomes: int, counted: bool, threads: int, elapsed: float
) -> dict[str, Any]:
    """The fields every exact result has, finished or interrupted (cards as Card objects)."""
    return {
        "game": prob.game.name,
        "method": "exact",
        "board": card_objects(prob.board),
        "dead": card_objects(prob.dead),
        "outcomes": outcomes,
        "outcomes_exact": counted,
        "symmetry": len(prob.group),
        "trials": None,
        "seed": None,
        "threads": threads,
        "elapsed": elapsed,
    }


def hilo_units(prob: Problem) -> int:
    """Hi/lo: the units of a half pot, LCM(1..n), so that every split of it is whole."""
    return math.lcm(*range(1, prob.n + 1))


def hilo_exact(
    prob: Problem, sums: list[Any], total: Any, units: int
) -> tuple[list[PlayerResult], float]:
    """Hi/lo players from exhaustive tallies (per player: scoops, part pots, high, low and
    no-low units; then the outcomes whose board allows a low)."""
    from pokercalc.core import _engine

    n, w, out = prob.n, prob.weighted, []
    for p, r in enumerate(prob.ranges):
        at = _engine.player_slot(p, n, True)
        scoops, parts, hi, lo, nolow = sums[at : at + 5]
        shown = prob.shown[p]
        num, den = hi + lo + nolow, 2 * units * total
        out.append(
            PlayerResult.of_fields(
                {
                    "label": r.text,
                    "combos": shown,
                    "equity": num / den,  # (int / int: the float of the exact fraction)
                    "win": scoops / total,
                    "tie": parts / total,
                    "equity_fraction": None if w else (num, den),
                    "wins": None if w else scoops,
                    "ties": None if w else parts,
                    "scoop": scoops / total,
                    "high_share": hi / (units * total),
                    "low_share": lo / (units * total),
                }
            )
        )
    return out, sums[_engine.low_board_slot(n)] / total


def without_equities(prob: Problem) -> tuple[PlayerResult, ...]:
    """Every player of ``prob`` with its combos and no equities (a run that estimates
    nothing: an exact run cut short, a Monte Carlo run before its first deal)."""
    return tuple(
        PlayerResult(label=r.text, combos=shown, equity=None, win=None, tie=None)
        for r, shown in zip(prob.ranges, prob.shown, strict=True)
    )


def interrupted_exact(
    prob: Problem,
    outcomes: int,
    counted: bool,
    threads: int,
    elapsed: float,
    done: int,
    n_items: int,
) -> EquityResult:
    """An exact run stopped part way: how far it got, and no equities (a small run's part is
    not a sample of it; a big one's gets them from :func:`estimated_exact`)."""
    players = without_equities(prob)
    return EquityResult(
        **exact_fields(prob, outcomes, counted, threads, elapsed),
        players=players,
        showdowns=0,
        interrupted=True,
        done_fraction=done / max(n_items, 1),
    )


def equity_parts(
    prob: Problem, sums: list[Any], tally_size: int, units: int
) -> tuple[list[Any], Any]:
    """Each player's equity as a numerator over one denominator, from summed tallies (as
    :func:`exact_result` and :func:`hilo_exact` divide them)."""
    from pokercalc.core import _engine

    n = prob.n
    total = sums[tally_size - 1]
    if prob.game.hilo:
        nums = []
        for p in range(n):
            at = _engine.player_slot(p, n, True)
            nums.append(sums[at + 2] + sums[at + 3] + sums[at + 4])
        return nums, 2 * units * total
    rows = [sums[p * (n + 1) + 1 : (p + 1) * (n + 1)] for p in range(n)]
    if prob.weighted:
        return [math.fsum(x / k for k, x in enumerate(row, 1)) for row in rows], total
    pot, shares = split_shares(n)
    return [sum(map(operator.mul, row, shares)) for row in rows], pot * total


def estimated_exact(
    prob: Problem,
    cut: EquityResult,
    chunks: list[tuple[int, list[Any]]],
    first_batch: int,
    calls: int,
    tally_size: int,
    units: int,
) -> EquityResult:
    """``cut`` (an interrupted big run, without equities) with equities estimated from the
    kernel calls done whole, ``chunks`` (items, tallies): first those of the time estimate's
    sample, then from ``first_batch`` on those of the ``calls`` batches of the rest
    (:func:`stratified_batches`); none before MIN_BATCHES batches are done.

    With ``m`` batches of ``M`` done, the rest's tallies are estimated as ``M / m`` times
    theirs, added to the sample's; each player's equity is the ratio ``R = Y / X`` of its
    pot share over the outcomes so estimated, with standard error
    ``M sqrt((1 - m / M) s2 / m) / X``, ``s2`` the sample variance of the batches'
    ``y_b - R x_b`` (the linearised ratio estimator of cluster sampling, with its
    finite-population correction).  It has ``m - 1`` degrees of freedom: over 2,000 random
    batchings of AhKh | JJ+,AQs+ | random, ``(R - exact) / error`` had the spread of a
    Student t (sd 2.03 at 4 batches, 1.30 at 6, 1.13 at 12).  Win, tie and the hi/lo shares
    are the same ratios, without standard errors; the exact counts and fractions stay
    None."""
    if first_batch < 0 or len(chunks) - first_batch < MIN_BATCHES:
        return cut
    pre, batches = chunks[:first_batch], chunks[first_batch:]

    def total(part: list[tuple[int, list[Any]]]) -> list[Any]:
        cols = zip(*(c for _, c in part), strict=True)
        return [math.fsum(col) if prob.weighted else sum(col) for col in cols]

    m, grow = len(batches), calls / len(batches)
    base = total(pre) if pre else [0] * len(batches[0][1])
    sums = [a + grow * b for a, b in zip(base, total(batches), strict=True)]
    nums, den = equity_parts(prob, sums, tally_size, units)
    if not den:
        return cut
    es: list[list[float]] = [[0.0] * m for _ in range(prob.n)]
    for j, (_, tally) in enumerate(batches):
        ys, x = equity_parts(prob, tally, tally_size, units)
        for p in range(prob.n):
            es[p][j] = ys[p] - nums[p] / den * x
    # (statistics is imported here: with fractions and decimal it would cost every command's
    # start-up, and only an interrupted estimate needs it)
    import statistics

    ses = [calls * math.sqrt((1 - m / calls) * statistics.variance(e) / m) / den for e in es]
    # (counted False: the outcomes are those estimated; only the players are kept)
    whole = exact_result(prob, sums, tally_size, units, 0, False, cut.threads, cut.elapsed)
    players = tuple(
        replace(p, stderr=se, equity_fraction=None, wins=None, ties=None)
        for p, se in zip(whole.players, ses, strict=True)
    )
    played = int(sum(tally[tally_size] for _, tally in chunks))  # (played, not estimated)
    return replace(cut, players=players, showdowns=played, low_possible=whole.low_possible)
