"""A signal at a run's edges: as an enumeration ends it keeps the equities; before the
first deal Monte Carlo has none, and says so.

A small run's kernel runs on the calling thread, which sees a pending Ctrl-C only when the
kernel returns; a signal may also come while the result is made.  The enumeration is
whole then, so the result keeps every equity, marked interrupted with ``done_fraction``
1; a signal before the kernel has finished still leaves no equities.  A Monte Carlo run
stopped before its first deal is a Monte Carlo result all the same, with no equities.
"""

from __future__ import annotations

from typing import Any

import pytest

import pokercalc.engine.exact as eq
from pokercalc.analysis.equities import count_outcomes, equity
from pokercalc.engine import montecarlo, problem
from pokercalc.engine import run as engine_run
from pokercalc.output.render import equity_footer, equity_table

SPOT = ("AhKh | QQ+,AKs,AKo", "Qh7h2c")


def _signal_around_the_kernel(monkeypatch: pytest.MonkeyPatch, after: bool) -> None:
    """Make every exact run's kernel call raise KeyboardInterrupt, after the kernel ran or
    before it started (a fresh set-up cache, so that no kept run escapes the patch).  After:
    only the call that ends the enumeration raises (a big run's earlier batches run as they
    would)."""

    class Plan(eq.Plan):
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            real, n_items = self.run, len(self.items)

            def run(*a: Any) -> None:
                if after:
                    real(*a)
                    if a[-1][1] < n_items:  # (the control's count of items done)
                        return
                raise KeyboardInterrupt

            self.run = run

    monkeypatch.setattr(problem, "FOUND", {})
    monkeypatch.setattr(eq, "Plan", Plan)


@pytest.mark.parametrize("spot", [SPOT, ("AA | KK | QQ", ""), ("AsKs | random", "Qs7h2c5d")])
def test_a_signal_as_the_kernel_returns_keeps_the_whole_result(
    monkeypatch: pytest.MonkeyPatch, spot: tuple[str, str]
) -> None:
    whole = equity(*spot, method="exact", threads=1)
    _signal_around_the_kernel(monkeypatch, after=True)
    late = equity(*spot, method="exact", threads=1)
    assert late.interrupted and late.done_fraction == 1.0
    assert [p.equity_fraction for p in late.players] == [p.equity_fraction for p in whole.players]
    assert [p.wins for p in late.players] == [p.wins for p in whole.players]
    assert late.showdowns == whole.showdowns and late.outcomes == whole.outcomes
    assert "its equities are whole" in equity_footer(late)


def test_a_signal_before_the_kernel_ran_leaves_no_equities(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _signal_around_the_kernel(monkeypatch, after=False)
    r = equity(*SPOT, method="exact", threads=1)
    assert r.interrupted and r.done_fraction == 0.0
    assert all(p.equity is None and p.equity_fraction is None for p in r.players)
    assert "no equities" in equity_footer(r)


def _stopped_once(monkeypatch: pytest.MonkeyPatch, name: str, module: Any = eq) -> list[int]:
    """Make the engine's ``name`` raise KeyboardInterrupt on its first call (a signal while
    a result is made), and run as itself after; the calls are counted in the list returned."""
    real, calls = getattr(module, name), []

    def once(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(module, name, once)
    return calls


def test_a_signal_while_the_result_is_made_makes_it_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    whole = equity(*SPOT, method="exact", threads=1)
    real = eq.exact_result
    calls = _stopped_once(monkeypatch, "exact_result")
    r = equity(*SPOT, method="exact", threads=1)
    assert len(calls) == 2
    assert r.interrupted and r.done_fraction == 1.0
    assert [p.equity_fraction for p in r.players] == [p.equity_fraction for p in whole.players]
    # The kept run is back for the next call, which is whole and not interrupted.
    monkeypatch.setattr(eq, "exact_result", real)
    again = equity(*SPOT, method="exact", threads=1)
    assert not again.interrupted
    assert [p.equity_fraction for p in again.players] == [p.equity_fraction for p in whole.players]


# --- Monte Carlo: a signal before its first deal ----------------------------------------------
# A run stopped before any deal was counted (in planning, while its tables were drawn, or
# in its first blocks) is still a Monte Carlo result: every player, no equities, no deals.
# It once re-raised KeyboardInterrupt, which the run caught as planning and labelled exact.


def _no_deal_yet(r: eq.EquityResult, seed: int) -> None:
    assert r.interrupted and r.method == "mc" and r.seed == seed
    assert r.trials == 0 and r.showdowns == 0 and r.done_fraction == 0.0
    for p in r.players:
        assert (p.equity, p.win, p.tie, p.stderr, p.equity_fraction) == (None,) * 5
    assert "INTERRUPTED before the first deal: no equities" in equity_footer(r)
    assert r.to_dict()["players"][0]["equity"] is None
    equity_table(r)  # (renders: "-" where there is no figure)


@pytest.mark.parametrize("stopped", ["Sampler.run", "alias_tables"])  # (blocks; tables)
@pytest.mark.parametrize(
    ("players", "game", "shape"),
    [
        ("random | AsKs", "holdem", [("random", 1326), ("AsKs", 1)]),  # (the largest last)
        ("AsAh2c3d | random", "omaha-hilo", [("AsAh2c3d", 1), ("random", 270_725)]),
    ],
)
def test_a_signal_before_the_first_deal_gives_monte_carlo_with_no_equities(
    monkeypatch: pytest.MonkeyPatch,
    stopped: str,
    players: str,
    game: str,
    shape: list[tuple[str, int]],
) -> None:
    def stop(*args: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(f"pokercalc.engine.montecarlo.{stopped}", stop)
    r = equity(players, method="mc", trials=10**8, seed=3, game=game)
    _no_deal_yet(r, 3)
    assert [(p.label, p.combos) for p in r.players] == shape
    assert r.outcomes == count_outcomes(players, game=game) and r.outcomes_exact


@pytest.mark.parametrize(("method", "label"), [("mc", "mc"), ("auto", "exact"), ("exact", "exact")])
def test_a_signal_while_planning_keeps_the_method_asked_for(
    monkeypatch: pytest.MonkeyPatch, method: str, label: str
) -> None:
    def stop(*args: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(engine_run, "choose_method", stop)
    r = equity("AsKs | random", method=method, seed=None if method == "exact" else 9)
    assert r.interrupted and r.method == label
    assert [(p.label, p.combos, p.equity) for p in r.players] == [
        ("AsKs", 1, None),
        ("random", 1326, None),
    ]
    if label == "mc":
        _no_deal_yet(r, 9)
        assert "outcomes in all" not in equity_footer(r)  # (not counted: no "~0")
    else:
        assert "of the enumeration: no equities" in equity_footer(r)


def test_a_signal_while_a_monte_carlo_result_is_made_keeps_its_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _stopped_once(monkeypatch, "mc_result", montecarlo)
    r = equity("AsKs | QQ", method="auto", threshold=0, trials=40_000, seed=1)
    assert len(calls) == 2 and r.interrupted and r.method == "mc"
    assert r.trials == 40_000 and r.done_fraction == 1.0
    assert r.players == equity("AsKs | QQ", method="mc", trials=40_000, seed=1).players


def test_a_breakdown_stopped_before_the_first_deal_shows_the_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rich.console import Console

    from pokercalc.analysis.breakdown import equity_breakdown
    from pokercalc.output.render_breakdown import breakdown_view

    def stop(*args: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(montecarlo.Sampler, "run", stop)
    b = equity_breakdown("QQ+,AK | JJ", "Kh7c2d", method="mc", trials=10**6, seed=2,
                         distribution=True)  # fmt: skip
    assert b.interrupted and b.method == "mc" and b.equity is None
    assert b.hands == () and b.distribution is None
    _no_deal_yet(b.run, 2)
    console = Console(width=120, record=True)
    console.print(breakdown_view(b))
    assert "INTERRUPTED: no breakdown (no deal yet)" in console.export_text()
