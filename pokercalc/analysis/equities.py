"""Equity: every player's share of the pot, exactly or by Monte Carlo, in any game.

Each player is a weighted distribution of specific hands (one hand, a range, a
pocket query or ``random``), and the engine (:mod:`pokercalc.engine`) treats
them all alike: it enumerates or samples joint assignments of the players'
hands, then boards.

>>> r = equity(["AsAh", "KsKh"], method="exact")
>>> r.players[0].equity_fraction, r.outcomes
(Fraction(707495, 856152), 1712304)
>>> round(r.players[0].equity * 100, 8), r.method
(82.63661126, 'exact')
"""

from __future__ import annotations

import time as _time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pokercalc.core.cards import CardsLike
from pokercalc.core.games import Game, get_game
from pokercalc.core.runner import default_threads
from pokercalc.core.validate import check_board_and_dead, check_engine_options
from pokercalc.engine.montecarlo import interrupted_plan
from pokercalc.engine.options import DEFAULT_THRESHOLD, check_method
from pokercalc.engine.plan import choose_method
from pokercalc.engine.problem import MAX_PLAYERS, Problem
from pokercalc.engine.results import EquityResult, PlayerResult, in_given_order, with_weights
from pokercalc.engine.run import run_problem
from pokercalc.errors import InputError
from pokercalc.ranges.players import Players, parse_players, problem_of, shown_weights

if TYPE_CHECKING:
    from pokercalc.engine.own import OwnProblem

__all__ = [
    "DEFAULT_THRESHOLD",
    "MAX_PLAYERS",
    "PlayerResult",
    "EquityResult",
    "Players",
    "equity",
    "equity_run",
    "count_outcomes",
    "planned_method",
]


def count_outcomes(
    players: Players,
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    game: str | Game = "holdem",
) -> int:
    """Valid joint assignments of the players' hands times the boards completing each.

    >>> count_outcomes("AA | KK"), count_outcomes("AA | KK", game="shortdeck")
    (61642944, 7249536)
    """
    g = get_game(game)
    b, d = check_board_and_dead(board, dead, game=g)
    prob = Problem(parse_players(players, g, b, d), b, d, g)
    return prob.count_assignments()[0] * prob.boards()


def equity(
    players: Players,
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    method: str = "auto",
    threshold: float | None = None,
    trials: int | None = None,
    time: float | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
    on_plan: Callable[[int, float], None] | None = None,
    game: str | Game = "holdem",
    executor: Any = None,
) -> EquityResult:
    """Every player's equity, win and tie rates in ``game`` (see :mod:`pokercalc.core.games`).

    ``players`` is a ``|``-separated string or a sequence of expressions or
    :class:`Range` objects.  ``method`` is ``"exact"``, ``"mc"`` or ``"auto"``,
    which enumerates when the outcomes (divided by the suit symmetries that
    merge them) are at most ``threshold`` and samples otherwise.  Monte Carlo
    stops at ``trials`` deals, ``time`` seconds or when every player's standard
    error is below ``stderr``, whichever comes first (``time`` defaults to one
    second when none is given).  ``progress`` is called with the fraction done;
    ``on_plan`` with the outcome count and the estimated seconds left, once a
    long exhaustive run has timed a random sample of its work.

    A signal (Ctrl-C, or SIGTERM where the caller turns it into
    ``KeyboardInterrupt``) stops the run within a fraction of a second and
    returns what is known, marked ``interrupted``: a Monte Carlo run its
    estimate so far with its standard errors (before its first deal: no
    equities, ``trials`` 0), an exact run the share of the work done and, when
    it was big (or ran in pieces), equities estimated from that part with
    standard errors, else none (or all of them, when the enumeration had just
    finished as the signal came).  A signal while the outcomes are counted
    gives the players and no equities, as Monte Carlo when ``method`` is
    ``"mc"``, else as exact.

    With ``executor`` (any ``concurrent.futures.Executor``, such as
    :class:`pokercalc.pipelines.executors.LocalPool`, or a Dask ``Client``)
    the work is cut into pieces of about a second that run there, one engine
    thread each, and merge into the same result (:mod:`pokercalc.analysis.pieces`);
    Monte Carlo then stops at ``trials`` deals or, without, plays ``time`` seconds
    (default one) on each of the executor's workers, never at ``stderr``.
    """
    if executor is not None:
        if stderr is not None:
            raise InputError(
                "Monte Carlo in pieces stops at a number of deals (trials) or a time, not at "
                "a standard error"
            )
        from pokercalc.analysis.pieces import equity_on  # (loaded by runs in pieces only)

        check_engine_options(
            method=method, threshold=threshold, trials=trials, time=time, seed=seed,
            threads=threads,
        )  # fmt: skip
        return equity_on(
            executor, players, board, dead, game=game, method=method, threshold=threshold,
            trials=trials, seed=seed, progress=progress, time=time,
        )  # fmt: skip
    return equity_run(
        players,
        board,
        dead,
        method=method,
        threshold=threshold,
        trials=trials,
        time=time,
        stderr=stderr,
        seed=seed,
        threads=threads,
        progress=progress,
        on_plan=on_plan,
        game=game,
    )[0]


def equity_run(
    players: Players,
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    method: str = "auto",
    threshold: float | None = None,
    trials: int | None = None,
    time: float | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
    on_plan: Callable[[int, float], None] | None = None,
    game: str | Game = "holdem",
    breakdown: int | None = None,
) -> tuple[EquityResult, Problem | OwnProblem]:
    """:func:`equity`, and the problem it ran; with ``breakdown`` (a player's index in the
    order given) the run also tallies that player's outcomes per combo, in the problem's
    ``combo_tallies`` (the problem's ``breakdown`` is its engine position)."""
    start = _time.perf_counter()
    check_method(method)
    g = get_game(game)
    b, d = check_board_and_dead(board, dead, game=g)
    check_engine_options(
        method=method, threshold=threshold, trials=trials, time=time, stderr=stderr, seed=seed,
        threads=threads,
    )  # fmt: skip
    threads = default_threads() if threads is None else threads
    limit = DEFAULT_THRESHOLD if threshold is None else threshold
    shown, order, prob = problem_of(players, b, d, g, breakdown)
    try:
        result = run_problem(
            prob, method, limit, threads, trials, time, stderr, seed, start, progress, on_plan
        )
    except KeyboardInterrupt:
        # Stopped while planning: nothing computed yet, but the answer keeps its shape.
        result = interrupted_plan(prob, method, threads, seed, _time.perf_counter() - start)
    weights = shown_weights(players, b, d, g)
    return with_weights(in_given_order(result, order, shown, g), weights), prob


def planned_method(
    players: Players, board: tuple[int, ...], dead: tuple[int, ...], limit: float, game: Game
) -> str:
    """``"exact"`` or ``"mc"``: what :func:`equity` with method ``"auto"`` and threshold
    ``limit`` would run, decided without running it (the set-up found stays for the run)."""
    _, _, prob = problem_of(players, board, dead, game)
    if not game.has_board:
        from pokercalc.engine.own import OwnProblem, own_method

        assert isinstance(prob, OwnProblem)
        return own_method(prob, "auto", limit)[0]
    assert isinstance(prob, Problem)
    return choose_method(prob, "auto", limit)[0]
