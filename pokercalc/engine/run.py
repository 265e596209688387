"""One equity run in this process: the method chosen, then the exact or Monte Carlo run."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pokercalc.engine.exact import exhaustive
from pokercalc.engine.montecarlo import run_montecarlo
from pokercalc.engine.plan import choose_method, exact_threads
from pokercalc.engine.problem import Problem
from pokercalc.engine.results import EquityResult

if TYPE_CHECKING:
    from pokercalc.engine.own import OwnProblem


def run_problem(
    prob: Problem | OwnProblem,
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
    if not prob.game.has_board:
        # (loaded by the games without a board only: hold'em's start-up never pays for it)
        from pokercalc.engine.own import OwnProblem, run_own

        assert isinstance(prob, OwnProblem)
        return run_own(
            prob, method, limit, threads, trials, time, stderr, seed, start, progress, on_plan
        )
    assert isinstance(prob, Problem)
    method, outcomes, counted = choose_method(prob, method, limit)
    if method == "exact":
        return exhaustive(
            prob, outcomes, counted, exact_threads(prob, outcomes, threads), start, progress,
            on_plan,
        )  # fmt: skip
    else:
        return run_montecarlo(
            prob, outcomes, counted, threads, trials, time, stderr, seed, start, progress
        )
