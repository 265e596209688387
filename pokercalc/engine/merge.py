"""The merge: pieces' tallies added up into the answer one process would give, bit for bit."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from pokercalc.engine.exact import estimated_exact, exact_result, hilo_units, interrupted_exact
from pokercalc.engine.montecarlo import mc_no_deal, mc_result
from pokercalc.engine.pieces import EquityPlan, PieceTally, Prepared
from pokercalc.engine.results import EquityResult, in_given_order
from pokercalc.errors import InputError


def merge_tallies(
    plan: EquityPlan,
    p: Prepared,
    tallies: Iterable[PieceTally],
    *,
    elapsed: float = 0.0,
    interrupted: bool = False,
) -> EquityResult:
    """The equity result of ``plan`` (its job prepared in this process as ``p``) from its
    pieces' tallies, added up.

    The counts are integers, so the order of the pieces and the machines that
    produced them change nothing (ranges with weights are the exception: their
    tallies are sums of weights, exact to rounding only).  Every piece must be
    there exactly once, unless ``interrupted``: then an exact plan reports how
    far it got, with equities estimated from the pieces done when they are
    stratified batches of its work (:func:`~pokercalc.engine.exact.estimated_exact`:
    from four pieces on, with standard errors; else none), and a Monte Carlo
    plan its estimate from the blocks that finished (with none finished: no
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
            result = mc_no_deal(p.prob, plan.outcomes, plan.outcomes_exact, 1, job.seed, elapsed)
        else:
            result = mc_result(
                p.prob, sums, hilo_units(p.prob), plan.outcomes, plan.outcomes_exact, 1,
                job.seed, elapsed, interrupted, job.trials, None,
            )  # fmt: skip
    elif interrupted and len(seen) < len(plan.pieces):
        done = sum(t.hi - t.lo for t in seen.values())
        result = interrupted_exact(
            p.prob, plan.outcomes, plan.outcomes_exact, 1, elapsed, done, plan.units
        )
        if job.strata == len(plan.pieces):
            # The pieces are stratified batches of the items, dealt at random: those done
            # estimate the whole, as a big run's batches done in one process do.
            chunks = [(seen[i].hi - seen[i].lo, list(seen[i].tallies)) for i in sorted(seen)]
            result = estimated_exact(
                p.prob, result, chunks, 0, len(plan.pieces), p.kernel.tally_size,
                p.kernel.units,
            )  # fmt: skip
    else:
        result = exact_result(
            p.prob, sums, p.kernel.tally_size, p.kernel.units, plan.outcomes,
            plan.outcomes_exact, 1, elapsed,
        )  # fmt: skip
    result = replace(result, pieces=len(plan.pieces))
    return in_given_order(result, p.order, p.shown, p.game)
