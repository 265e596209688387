"""Equity in pieces: planned, run in any order and process, merged by addition.

The merged result must equal the one-process run bit for bit: every player's
equity, win and tie (floats and exact fractions), the outcomes, the showdowns.
"""

from __future__ import annotations

import pickle
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokercalc import equity
from pokercalc.analysis.pieces import (
    EquityPlan,
    PieceTally,
    equity_on,
    merge_pieces,
    plan_equity,
    run_piece,
)
from pokercalc.engine.montecarlo import block_states
from pokercalc.engine.plan import MC_BLOCK, mc_blocks
from pokercalc.errors import InputError, PokercalcError

# (players, board, dead, game): every game, ranges and random, board and dead cards,
# symmetric and asymmetric spots, weights.
SPOTS = [
    ("AsAh | KsKh", "", "", "holdem"),
    ("JcJh | 99+,AJs+ | random", "4dAc5d", "", "holdem"),
    ("AA | KK | QQ", "", "", "holdem"),
    ("AKs | QQ", "", "", "holdem"),
    ("AsKs | random", "Qd7h3s", "2c", "holdem"),
    ("AsKs | QQ,JJ", "", "2c", "holdem"),
    ("AhKh | QQ+,AKs | 76s | random", "Th9h2c", "", "holdem"),
    ("[50]AA[/50],KK | QQ,[25]JJ[/25] | random", "Ts9s2d", "", "holdem"),
    ("AKs | QQ+ | random", "Th9h6c", "", "shortdeck"),
    ("AsKsQd2d | random", "Jh9c7c", "", "omaha"),
    ("AsKs2d3d | 7h8h9cTc", "5c6dKh", "", "omaha-hilo"),
    ("AsKsQd2d3c | random", "Jh9c7c8d", "", "omaha5"),
]


def _merged(plan: EquityPlan, seed: int = 0) -> object:
    tallies = [run_piece(p) for p in plan.pieces]
    random.Random(seed).shuffle(tallies)
    return merge_pieces(plan, tallies)


@cache
def _one_process(players: str, board: str, dead: str, game: str) -> Any:
    """The exact one-process result of a spot, run once for every piece count compared to it."""
    return equity(players, board, dead, method="exact", game=game)


# (Each spot's piece counts are neighbours, so that they share its one-process run.)
@pytest.mark.slow
@pytest.mark.parametrize("pieces", [1, 3, 7])
@pytest.mark.parametrize(("players", "board", "dead", "game"), SPOTS)
def test_exact_pieces_merge_into_the_one_process_result(
    players: str, board: str, dead: str, game: str, pieces: int
) -> None:
    one = _one_process(players, board, dead, game)
    plan = plan_equity(players, board, dead, method="exact", game=game, pieces=pieces)
    assert len(plan.pieces) == min(pieces, plan.units)
    # The pieces cover the work once, in order.
    assert [(p.lo, p.hi) for p in plan.pieces][0][0] == 0
    assert all(a.hi == b.lo for a, b in zip(plan.pieces, plan.pieces[1:], strict=False))
    assert plan.pieces[-1].hi == plan.units
    r = _merged(plan, pieces)
    assert r.players == one.players  # type: ignore[attr-defined]
    assert (r.outcomes, r.showdowns, r.symmetry, r.game) == (  # type: ignore[attr-defined]
        one.outcomes,
        one.showdowns,
        one.symmetry,
        one.game,
    )


def test_integer_tallies_stay_integers() -> None:
    plan = plan_equity("AhKh | QQ+,AKs | random", "Th9h2c", method="exact", pieces=4)
    tallies = [run_piece(p) for p in plan.pieces]
    assert all(type(x) is int for t in tallies for x in t.tallies)


@pytest.mark.slow
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("trials", [1000, 3 * MC_BLOCK, 100_003])
@pytest.mark.parametrize(
    ("players", "board", "game"),
    [
        ("AsKs | QQ | random", "", "holdem"),
        ("AsKsQd2d | random | random", "Jh9c7c", "omaha"),
        ("AsKs2d3d | random", "", "omaha-hilo"),
    ],
)
def test_a_seed_gives_the_same_deals_whatever_the_pieces_and_threads(
    players: str, board: str, game: str, trials: int, threads: int
) -> None:
    one = equity(players, board, method="mc", trials=trials, seed=11, threads=threads, game=game)
    for pieces in (1, 2, 5):
        plan = plan_equity(
            players, board, method="mc", trials=trials, seed=11, pieces=pieces, game=game
        )
        assert plan.units == mc_blocks(trials)
        r = _merged(plan, pieces)
        assert r.players == one.players  # type: ignore[attr-defined]
        assert r.trials == one.trials == trials  # type: ignore[attr-defined]
        assert r.seed == 11  # type: ignore[attr-defined]


def test_block_streams_are_distinct_and_closed_form() -> None:
    rows = block_states(7, 0, 5)
    states = [tuple(rows[16 * b : 16 * b + 4]) for b in range(5)]
    assert len(set(states)) == 5
    # Block 3 found alone is block 3 found after the others.
    assert tuple(block_states(7, 3, 1)[:4]) == states[3]
    assert tuple(block_states(8, 3, 1)[:4]) != states[3]


def test_merged_monte_carlo_agrees_with_enumeration_within_its_error() -> None:
    players, board = "AhKh | QQ+,AKs | random", "Th9h2c"
    exact = equity(players, board, method="exact")
    plan = plan_equity(players, board, method="mc", trials=400_000, seed=3, pieces=4)
    r = _merged(plan)
    for m, e in zip(r.players, exact.players, strict=True):  # type: ignore[attr-defined]
        assert m.stderr is not None and m.stderr > 0
        assert abs(m.equity - e.equity) < 4.5 * m.stderr


def test_pieces_are_data_that_pickle() -> None:
    plan = plan_equity("AKs | QQ", method="exact", pieces=3)
    piece = pickle.loads(pickle.dumps(plan.pieces[1]))
    assert piece == plan.pieces[1]
    tally = pickle.loads(pickle.dumps(run_piece(piece)))
    assert tally.index == 1 and tally.tallies == run_piece(plan.pieces[1]).tallies


def test_merge_refuses_missing_doubled_and_foreign_tallies() -> None:
    plan = plan_equity("AKs | QQ", method="exact", pieces=3)
    tallies = [run_piece(p) for p in plan.pieces]
    with pytest.raises(InputError, match="missing"):
        merge_pieces(plan, tallies[:2])
    with pytest.raises(InputError, match="twice"):
        merge_pieces(plan, [*tallies, tallies[0]])
    with pytest.raises(InputError, match="other work"):
        merge_pieces(plan, [replace(tallies[0], hi=tallies[0].hi + 1), *tallies[1:]])
    with pytest.raises(InputError, match="not one of"):
        merge_pieces(plan, [*tallies, PieceTally(index=9, lo=0, hi=1, tallies=(), seconds=0)])
    with pytest.raises(InputError, match="version of pokercalc"):
        merge_pieces(plan, [replace(tallies[0], units=plan.units + 1), *tallies[1:]])


def test_an_interrupted_merge_says_how_far_it_got() -> None:
    plan = plan_equity("AKs | QQ", method="exact", pieces=4)
    r = merge_pieces(plan, [run_piece(plan.pieces[0])], interrupted=True)
    assert r.interrupted and r.players[0].equity is None
    assert r.done_fraction == pytest.approx((plan.pieces[0].hi - plan.pieces[0].lo) / plan.units)
    mc = plan_equity("AKs | QQ", method="mc", trials=4 * MC_BLOCK, seed=1, pieces=4)
    r = merge_pieces(mc, [run_piece(mc.pieces[2])], interrupted=True)
    assert r.interrupted and r.trials == MC_BLOCK and r.players[0].stderr is not None
    # No piece finished: Monte Carlo with no deal and no equities (it raised
    # KeyboardInterrupt, and the command printed nothing).
    r = merge_pieces(mc, [], interrupted=True)
    assert r.interrupted and r.method == "mc" and r.seed == 1 and r.pieces == 4
    assert r.trials == 0 and r.showdowns == 0 and r.done_fraction == 0.0
    assert r.outcomes == mc.outcomes
    assert [(p.label, p.equity, p.stderr) for p in r.players] == [
        ("AKs", None, None),
        ("QQ", None, None),
    ]


@pytest.mark.parametrize(("method", "label"), [("mc", "mc"), ("auto", "exact")])
def test_a_signal_while_pieces_are_planned_keeps_the_players(
    monkeypatch: pytest.MonkeyPatch, method: str, label: str
) -> None:
    from pokercalc.analysis import pieces

    def stop(*args: Any, **kw: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(pieces, "plan_equity", stop)
    r = equity_on(None, "random | AsKs", method=method, trials=10**6, seed=5)
    assert r.interrupted and r.method == label and r.done_fraction == 0.0
    assert [(p.label, p.combos, p.equity) for p in r.players] == [
        ("random", 1326, None),
        ("AsKs", 1, None),
    ]
    assert r.seed == (5 if label == "mc" else None)


def test_timed_monte_carlo_pieces_take_their_deals_from_the_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 42 item 7: without trials a plan is timed, at the rate measured here.
    from pokercalc.engine import pieces as engine_pieces

    monkeypatch.setattr(engine_pieces, "deals_per_second", lambda prob: 1e6)
    spot = "AsKs | random | random"
    plan = plan_equity(spot, method="mc", time=0.5, workers=4, seed=2)
    assert plan.job.trials == 2_000_000 and plan.units == mc_blocks(2_000_000)
    assert len(plan.pieces) == 2  # two seconds of one thread, pieces of a second
    assert len(plan_equity(spot, method="mc", time=0.5, workers=4, piece_seconds=0.25).pieces) == 8
    assert plan_equity(spot, method="mc").job.trials == 1_000_000  # one second by default
    assert plan_equity(spot, method="mc", trials=300_000, time=1).job.trials == 300_000
    assert plan_equity(spot, method="mc", trials=3_000_000, time=1).job.trials == 1_000_000
    # "auto" choosing Monte Carlo (too big to enumerate) is timed the same way.
    big = plan_equity("AhKh | random | random | random", "Th9h2c", workers=2)
    assert big.job.method == "mc" and big.job.trials == 2_000_000
    with pytest.raises(InputError, match="workers"):
        plan_equity(spot, method="mc", workers=0)


def test_deals_per_second_is_measured_on_the_spot() -> None:
    from pokercalc.core.cards import parse_cards
    from pokercalc.core.games import HOLDEM
    from pokercalc.engine.pieces import deals_per_second
    from pokercalc.ranges.players import problem_of

    prob = problem_of(["AhKh", "random", "random"], tuple(parse_cards("Th9h2c")), (), HOLDEM)[2]
    assert 1e5 < deals_per_second(prob, 0.02) < 1e9


def test_timed_monte_carlo_runs_on_an_executor() -> None:
    with ThreadPoolExecutor(1) as ex:
        r = equity("AsKs | random", method="mc", time=0.1, seed=4, executor=ex)
    assert r.method == "mc" and r.seed == 4 and r.trials and r.trials > 0
    assert r.players[0].stderr is not None and abs(r.players[0].equity - 0.6733) < 0.02
    with pytest.raises(InputError, match="standard error"):
        with ThreadPoolExecutor(1) as ex:
            equity("AsKs | random", method="mc", stderr=0.01, executor=ex)


def test_pieces_are_sized_by_time() -> None:
    # About 16 s of work on one core (planned as 24 s: a random last player counted by rank
    # classes): a few dozen pieces of a second.
    plan = plan_equity("QQ+,AKs | JJ-99,AQs | random", method="exact")
    assert 10 <= len(plan.pieces) <= 100
    small = plan_equity("AsAh | KsKh", method="exact")
    assert len(small.pieces) == 1


@pytest.mark.parametrize("method", ["exact", "mc"])
def test_equity_on_an_executor_counts_pieces(method: str) -> None:
    seen: list[tuple[int, int]] = []
    mc: dict[str, Any] = {"trials": 200_000, "seed": 5} if method == "mc" else {}
    one = equity("AhKh | QQ+,AKs | random", "Th9h2c", method=method, **mc)
    with ThreadPoolExecutor(2) as ex:
        r = equity_on(
            ex, "AhKh | QQ+,AKs | random", "Th9h2c", method=method, piece_seconds=0.001,
            on_piece=lambda d, n: seen.append((d, n)), **mc,
        )  # fmt: skip
    assert r.players == one.players
    n = seen[-1][1]
    assert n > 1 and [d for d, _ in seen] == list(range(1, n + 1))


def test_equity_takes_an_executor() -> None:
    with ThreadPoolExecutor(2) as ex:
        r = equity("AKs | QQ", method="exact", executor=ex)
    assert f"{r.players[0].equity * 100:.4f}" == "46.0485"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["AA", "KQs", "AsKh", "22+", "T9s,87s", "AKo"]),
    st.sampled_from(["QQ", "random", "JTs", "AhQh", "55-33"]),
    st.sampled_from(["2c7d9h", "KsTd5c4h", "Qh8h3s2d"]),
    st.integers(1, 9),
)
def test_any_cut_of_an_exact_run_merges_back(a: str, b: str, board: str, pieces: int) -> None:
    try:
        one = equity([a, b], board, method="exact")
    except PokercalcError:
        with pytest.raises(PokercalcError):
            plan_equity([a, b], board, method="exact", pieces=pieces)
        return
    plan = plan_equity([a, b], board, method="exact", pieces=pieces)
    assert _merged(plan, pieces).players == one.players  # type: ignore[attr-defined]
