"""An interrupted exact run in pieces estimates its equities from the pieces done.

An exact plan deals its work items into one stratified batch per piece, at random, as a
big run in one process deals them into its batches; the pieces done when a signal comes
are a random sample of them, and their tallies estimate the whole by the one-process
estimator (:func:`pokercalc.engine.exact.estimated_exact`): ratio estimates with standard
errors, the run still marked interrupted and its exact counts None.
"""

from __future__ import annotations

import json
import random
import statistics
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

import jsonschema
import pytest

from pokercalc import equity
from pokercalc.analysis.pieces import (
    EquityPlan,
    PieceTally,
    equity_on,
    merge_pieces,
    plan_equity,
    run_piece,
)
from pokercalc.core.formats import envelope, json_text, load_schema
from pokercalc.engine.exact import MIN_BATCHES
from pokercalc.output.render import equity_footer

# (players, board, game): hold'em, hold'em with weights (not powers of two), Omaha.
SPOTS = [
    ("AhKh | QQ+,AKs | random", "Th9h2c", "holdem"),
    ("AhKh | QQ+:0.3,AK:0.7 | random", "Th9h2c", "holdem"),
    ("AsKsQd2d | random", "Jh9c7c2h", "omaha"),
]


@cache
def _run(players: str, board: str, game: str) -> tuple[Any, EquityPlan, list[PieceTally]]:
    """The spot's exact one-process result, and its plan in 16 pieces with every tally."""
    whole = equity(players, board, method="exact", game=game)
    plan = plan_equity(players, board, method="exact", game=game, pieces=16)
    return whole, plan, [run_piece(p) for p in plan.pieces]


#: The two-sided 99.9% quantiles of Student's t by degrees of freedom: the error of ``m``
#: pieces is measured on them, so ``(estimate - exact) / stderr`` has ``m - 1``.
T999 = {3: 12.92, 7: 5.41, 11: 4.44, 14: 4.14}


def _finished(tallies: list[PieceTally], seed: int) -> list[PieceTally]:
    """The tallies in the order their pieces end (any order: they run at once)."""
    return random.Random(seed).sample(tallies, len(tallies))


def _z(cut: Any, whole: Any) -> list[float]:
    """Each player's estimate's distance from the exact equity, in standard errors."""
    return [
        (p.equity - w.equity) / p.stderr for p, w in zip(cut.players, whole.players, strict=True)
    ]


@pytest.mark.parametrize(("players", "board", "game"), SPOTS)
def test_pieces_done_estimate_within_their_errors(players: str, board: str, game: str) -> None:
    whole, plan, tallies = _run(players, board, game)
    assert plan.job.strata == len(plan.pieces) == 16
    ended, errors = _finished(tallies, 1), []
    for k in (4, 8, 12, 15):
        cut = merge_pieces(plan, ended[:k], interrupted=True)
        assert cut.interrupted and cut.method == "exact" and cut.pieces == 16
        assert 0 < cut.done_fraction < 1 and 0 < cut.showdowns < whole.showdowns
        assert cut.outcomes == whole.outcomes
        for p, w in zip(cut.players, whole.players, strict=True):
            assert p.stderr is not None and p.stderr > 0
            assert p.win is not None and p.tie is not None
            assert p.equity_fraction is None and p.wins is None and p.ties is None
            assert p.label == w.label and p.combos == w.combos
        assert max(map(abs, _z(cut, whole))) < T999[k - 1]
        assert sum(p.equity for p in cut.players) == pytest.approx(1.0)
        errors.append(cut.players[0].stderr)
    # Nearly all done, a fraction of the error (the finite-population correction takes it to
    # 0; one set's error is itself an estimate: fewer pieces may show a smaller one).
    assert errors[-1] < errors[0] / 2


@pytest.mark.parametrize(("players", "board", "game"), SPOTS)
def test_the_estimate_is_unbiased_and_its_errors_fit(players: str, board: str, game: str) -> None:
    # Over 100 random sets of pieces done: the errors shrink as more are done; with 8 done,
    # the estimates centre on the exact equity and their distances from it in errors spread
    # as a t with 7 degrees of freedom (sd 1.18; measured 1.14 to 1.28 on these spots).
    whole, plan, tallies = _run(players, board, game)
    mean_errors = []
    for k in (4, 8, 12):
        cuts = [merge_pieces(plan, _finished(tallies, s)[:k], interrupted=True) for s in range(100)]
        mean_errors.append(statistics.mean(c.players[0].stderr for c in cuts))
        if k == 8:
            zs = [z for c in cuts for z in _z(c, whole)]
            assert abs(statistics.mean(zs)) < 0.3
            assert statistics.pstdev(zs) < 1.6
    assert mean_errors == sorted(mean_errors, reverse=True)


def test_fewer_pieces_than_a_standard_error_needs_estimate_nothing() -> None:
    whole, plan, tallies = _run(*SPOTS[0])
    cut = merge_pieces(plan, _finished(tallies, 2)[: MIN_BATCHES - 1], interrupted=True)
    assert cut.interrupted and 0 < cut.done_fraction < 1
    assert all(p.equity is None and p.stderr is None for p in cut.players)
    assert "no equities" in equity_footer(cut)
    # All of them: the exact answer, bit for bit, whatever their order.
    assert merge_pieces(plan, tallies[::-1]).players == whole.players


def test_every_piece_holds_items_of_every_size() -> None:
    # Pieces are batches of the items in order of size, one of each group of 16 to each:
    # they take about as long (AhKh | random on a flop split by the boards' highest card).
    plan = plan_equity("AhKh | random", "Qd7h3s", method="exact", pieces=16)
    sizes = [p.hi - p.lo for p in plan.pieces]
    assert max(sizes) - min(sizes) <= 1 and sum(sizes) == plan.units
    showdowns = [run_piece(p).tallies[-1] for p in plan.pieces]
    assert max(showdowns) < 2 * min(showdowns)


def test_an_interrupted_run_on_an_executor_reports_its_estimate() -> None:
    # A signal after six pieces (on_piece raises as the sixth is counted): the run stops,
    # the pieces done are kept, and the JSON says what was estimated.
    players, board, game = SPOTS[1]
    whole = _run(players, board, game)[0]

    def stop(done: int, count: int) -> None:
        if done == 6:
            raise KeyboardInterrupt

    with ThreadPoolExecutor(1) as ex:
        cut = equity_on(ex, players, board, game=game, method="exact", piece_seconds=1e-4,
                        on_piece=stop)  # fmt: skip
    assert cut.interrupted and cut.pieces is not None and cut.pieces > 6
    doc = envelope("equity", cut)
    jsonschema.Draft202012Validator(load_schema("equity")).validate(doc)
    result = json.loads(json_text(doc))["result"]
    assert result["method"] == "exact" and result["interrupted"] is True
    assert 0 < result["done_fraction"] < 1 and result["trials"] is None
    for p, w in zip(result["players"], whole.players, strict=True):
        assert p["stderr"] > 0 and abs(p["equity"] - w.equity) < 4 * p["stderr"]
        assert p["equity_fraction"] is None and p["wins"] is None and p["ties"] is None
        assert p["combos"] == w.combos
    assert "a random part: equities estimated" in equity_footer(cut)


def test_a_game_without_a_board_still_reports_no_equities() -> None:
    # Its work items are in no random order (as in one process, where it is not estimated).
    plan = plan_equity("AsKsQdJd | 7h7d8c2c", method="exact", game="stud", pieces=8)
    assert plan.job.strata == 0
    cut = merge_pieces(plan, [run_piece(p) for p in plan.pieces[:6]], interrupted=True)
    assert cut.interrupted and all(p.equity is None for p in cut.players)


@pytest.mark.slow
def test_pieces_of_a_hilo_run_estimate_within_their_errors() -> None:
    spot = ("AsKs2d3d | random", "5c6dKh", "omaha-hilo")
    whole, plan, tallies = _run(*spot)
    cut = merge_pieces(plan, _finished(tallies, 3)[:8], interrupted=True)
    assert cut.low_possible is not None and cut.players[0].high_share is not None
    for p, w in zip(cut.players, whole.players, strict=True):
        assert p.stderr is not None and abs(p.equity - w.equity) < T999[7] * p.stderr
