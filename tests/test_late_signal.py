"""A signal that comes as an exact enumeration ends keeps its finished equities.

A small run's kernel runs on the calling thread, which sees a pending Ctrl-C only when the
kernel returns; a signal may also come while the result is made.  The enumeration is
whole then, so the result keeps every equity, marked interrupted with ``done_fraction``
1; a signal before the kernel has finished still leaves no equities.
"""

from __future__ import annotations

from typing import Any

import pytest

import pokercalc.analysis.equities as eq
from pokercalc.analysis.equities import equity
from pokercalc.output.render import equity_footer

SPOT = ("AhKh | QQ+,AKs,AKo", "Qh7h2c")


def _signal_around_the_kernel(monkeypatch: pytest.MonkeyPatch, after: bool) -> None:
    """Make every exact run's kernel call raise KeyboardInterrupt, after the kernel ran or
    before it started (a fresh set-up cache, so that no kept run escapes the patch)."""

    class Plan(eq._Plan):
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            real = self.run

            def run(*a: Any) -> None:
                if after:
                    real(*a)
                raise KeyboardInterrupt

            self.run = run

    monkeypatch.setattr(eq, "_FOUND", {})
    monkeypatch.setattr(eq, "_Plan", Plan)


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


def test_a_signal_while_the_result_is_made_makes_it_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    whole = equity(*SPOT, method="exact", threads=1)
    real, calls = eq._exact_result, []

    def once(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(eq, "_exact_result", once)
    r = equity(*SPOT, method="exact", threads=1)
    assert len(calls) == 2
    assert r.interrupted and r.done_fraction == 1.0
    assert [p.equity_fraction for p in r.players] == [p.equity_fraction for p in whole.players]
    # The kept run is back for the next call, which is whole and not interrupted.
    monkeypatch.setattr(eq, "_exact_result", real)
    again = equity(*SPOT, method="exact", threads=1)
    assert not again.interrupted
    assert [p.equity_fraction for p in again.players] == [p.equity_fraction for p in whole.players]
