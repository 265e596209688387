"""An interrupted big exact run estimates its equities from the part of it done.

A big run takes its work items in a fixed random order and in batches, keeping each
batch's tallies; a signal loses the batch running, and the batches done whole are a random
sample of the items: the equities are their ratio estimates with standard errors, the run
still marked interrupted and its exact counts None.  The stop is simulated at the kernel
call after ``k`` whole ones, which first runs half its items (tallies that must be dropped).
"""

from __future__ import annotations

from typing import Any

import pytest

import pokercalc.engine.exact as eq
from pokercalc.analysis.equities import equity
from pokercalc.engine import problem
from pokercalc.output.render import equity_footer, equity_table


def _stop_after(monkeypatch: pytest.MonkeyPatch, k: int, batches: int = 16) -> list[int]:
    """Make exact runs stop at their kernel call after ``k`` whole ones (that call runs half
    its items, then the signal comes); the calls are counted in the list returned.  Big runs
    take ``batches`` calls here, however few their items, so that small spots test the
    estimate."""
    calls: list[int] = []
    monkeypatch.setattr(eq, "BATCHES", batches)
    monkeypatch.setattr(eq, "BATCH_ITEMS", 1)

    class Plan(eq.Plan):
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            real = self.run

            def run(items: Any, *rest: Any) -> None:
                calls.append(len(items))
                if len(calls) > k:
                    real(items[: len(items) // 2], *rest)
                    raise KeyboardInterrupt
                real(items, *rest)

            self.run = run

    monkeypatch.setattr(problem, "FOUND", {})
    monkeypatch.setattr(eq, "Plan", Plan)
    return calls


def _check_estimate(whole: Any, cut: Any) -> None:
    assert cut.interrupted and cut.method == "exact" and 0 < cut.done_fraction < 1
    assert cut.outcomes == whole.outcomes and 0 < cut.showdowns < whole.showdowns
    for p, w in zip(cut.players, whole.players, strict=True):
        assert p.stderr is not None and p.stderr > 0
        assert abs(p.equity - w.equity) < 4 * p.stderr, (p.equity, w.equity, p.stderr)
        assert p.win is not None and p.tie is not None
        assert p.equity_fraction is None and p.wins is None and p.ties is None
    assert sum(p.equity for p in cut.players) == pytest.approx(1.0)
    assert "enumeration, a random part: equities estimated" in equity_footer(cut)
    assert "± SE %" in [c.header for c in equity_table(cut).columns]


@pytest.mark.parametrize("k", [4, 8, 14])
def test_a_cut_weighted_run_estimates_within_its_errors(
    monkeypatch: pytest.MonkeyPatch, k: int
) -> None:
    spot = ("AhKh | QQ+:0.5,AK", "")
    whole = equity(*spot, method="exact", threads=2)
    assert whole.players[0].stderr is None and not whole.interrupted
    calls = _stop_after(monkeypatch, k)
    cut = equity(*spot, method="exact", threads=2)
    assert len(calls) == k + 1
    _check_estimate(whole, cut)


@pytest.mark.parametrize("threads", [1, 2])
def test_a_cut_run_estimates_within_its_errors(
    monkeypatch: pytest.MonkeyPatch, threads: int
) -> None:
    spot = ("AhKh | random", "")
    whole = equity(*spot, method="exact", threads=threads)
    # (46 items of sizes from 0.2 to 640 million outcomes, in 8 batches of every size)
    _stop_after(monkeypatch, 5, batches=8)
    cut = equity(*spot, method="exact", threads=threads)
    _check_estimate(whole, cut)
    assert cut.players[0].stderr < 0.05


def test_a_big_run_with_few_items_runs_them_in_one_call() -> None:
    # (46 items on two threads: batches of 16 items per thread at least, so one call; the
    # threads of a call wait for its slowest item)
    calls: list[int] = []

    class Plan(eq.Plan):
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            real = self.run

            def run(items: Any, *rest: Any) -> None:
                calls.append(len(items))
                real(items, *rest)

            self.run = run

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(problem, "FOUND", {})
        mp.setattr(eq, "Plan", Plan)
        r = equity("AsKs | random", method="exact", threads=2)
    assert not r.interrupted and calls == [46]


def test_a_run_cut_in_its_first_batches_has_no_equities(monkeypatch: pytest.MonkeyPatch) -> None:
    # (three batches: too few to trust their spread)
    _stop_after(monkeypatch, eq.MIN_BATCHES - 1)
    r = equity("AhKh | QQ+:0.5,AK", method="exact", threads=2)
    assert r.interrupted and 0 < r.done_fraction < 1
    assert all(p.equity is None and p.stderr is None for p in r.players)
    assert "no equities" in equity_footer(r)


def test_a_small_run_is_not_estimated(monkeypatch: pytest.MonkeyPatch) -> None:
    # A small run's items are in no random order: cut, it still reports nothing.
    calls = _stop_after(monkeypatch, 0)
    r = equity("AhKh | QQ+,AKs,AKo", "Qh7h2c", method="exact", threads=1)
    assert len(calls) == 1 and r.interrupted
    assert all(p.equity is None and p.stderr is None for p in r.players)


@pytest.mark.slow
def test_a_cut_hilo_run_estimates_within_its_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    spot = ("AhKh3c4d | random", "5s9hTd")
    whole = equity(*spot, game="omaha-hilo", method="exact", threads=2)
    _stop_after(monkeypatch, 8)
    cut = equity(*spot, game="omaha-hilo", method="exact", threads=2)
    _check_estimate(whole, cut)
    assert cut.low_possible is not None and cut.players[0].high_share is not None


def test_winodds_leaves_out_an_exact_row_that_was_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    # (its estimate is no exact row; a Monte Carlo row cut short keeps its estimate)
    from pokercalc.analysis.win_odds import winodds

    calls = _stop_after(monkeypatch, 8)
    r = winodds("AhKh", opponents=2, board="Qh7h2c", method="exact", threads=2)
    assert len(calls) == 9 and r.interrupted and r.rows == ()
