"""Invariants of the engine, as properties: suits and seats do not matter; Monte Carlo is honest."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokercalc
from pokercalc.core.cards import format_cards
from pokercalc.ranges.notation import Range

PROPS = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)

# Small problems (a turn board, narrow ranges) keep each exact run in milliseconds.
RANGES = ["QQ+", "AKs", "AQo+", "JTs", "77-99", "A5s-A2s", "KQ", "random"]


@st.composite
def spots(draw: st.DrawFn) -> tuple[list[str], list[int], list[int]]:
    """Two or three players (specific hands or ranges), a turn board and maybe dead cards."""
    deck = draw(st.permutations(range(52)))
    board = list(deck[:4])
    dead = list(deck[4 : 4 + draw(st.integers(0, 2))])
    n = draw(st.integers(2, 3))
    players: list[str] = []
    at = 6
    for _ in range(n):
        if draw(st.booleans()):
            players.append(format_cards(sorted(deck[at : at + 2], reverse=True)))
            at += 2
        else:
            players.append(draw(st.sampled_from(RANGES)))
    return players, board, dead


def _relabel(cards: list[int], sigma: list[int]) -> list[int]:
    return [(c & ~3) | sigma[c & 3] for c in cards]


def _range_cards(text: str, board: list[int], dead: list[int]) -> Range:
    return pokercalc.parse_query(text).without(board + dead)


def _exact(players: list, board: list[int], dead: list[int]):  # type: ignore[no-untyped-def]
    return pokercalc.equity(players, board=board, dead=dead, method="exact", threads=1)


@pytest.mark.slow
@PROPS
@given(spots(), st.permutations(range(4)))
def test_relabelling_suits_changes_nothing(spot, sigma: list[int]) -> None:  # type: ignore[no-untyped-def]
    players, board, dead = spot
    try:
        base = _exact(players, board, dead)
    except pokercalc.PokercalcError:
        return  # a spot with no possible deal is refused either way
    moved = []
    for text in players:
        r = _range_cards(text, [], [])
        combos = [tuple(sorted(_relabel(list(c), sigma), reverse=True)) for c in r.combos]
        moved.append(Range(text, tuple(combos), r.weights))
    other = _exact(moved, _relabel(board, sigma), _relabel(dead, sigma))
    assert [p.equity_fraction for p in other.players] == [p.equity_fraction for p in base.players]
    assert [p.wins for p in other.players] == [p.wins for p in base.players]


@PROPS
@given(spots(), st.randoms(use_true_random=False))
def test_permuting_players_permutes_results(spot, rnd) -> None:  # type: ignore[no-untyped-def]
    players, board, dead = spot
    try:
        base = _exact(players, board, dead)
    except pokercalc.PokercalcError:
        return
    order = list(range(len(players)))
    rnd.shuffle(order)
    moved = _exact([players[i] for i in order], board, dead)
    for pos, i in enumerate(order):
        assert moved.players[pos].equity_fraction == base.players[i].equity_fraction
        assert moved.players[pos].ties == base.players[i].ties
    assert sum(p.equity_fraction for p in base.players) == Fraction(1)


HEAVY_REMOVAL = [
    # Players whose ranges overlap each other and the board heavily.
    (["AsKs", "AsKs,QdQc", "Not (AsXx | KsXx | QdXx | 2cXx)"], "7h8h9h", ""),
    (["AA,KK", "AK", "AQ,KQ"], "AhKd2c", "Qs"),
    (["QQ+,AKs", "JJ-99,AQs", "random"], "Qh7h2c", ""),
    (["AhKh", "QQ+,AKs,AKo", "AsQs,KsQs,JJ"], "Qh7h2cKs", "As"),
]


@settings(deadline=None, max_examples=len(HEAVY_REMOVAL), derandomize=True)
@given(st.sampled_from(HEAVY_REMOVAL), st.integers(0, 2**32))
def test_monte_carlo_agrees_with_enumeration_within_its_error(case, seed: int) -> None:  # type: ignore[no-untyped-def]
    players, board, dead = case
    exact = pokercalc.equity(players, board=board, dead=dead, method="exact")
    mc = pokercalc.equity(
        players, board=board, dead=dead, method="mc", trials=100_000, seed=seed, threads=2
    )
    for e, m in zip(exact.players, mc.players, strict=True):
        assert m.stderr is not None and m.stderr > 0
        assert abs(m.equity - e.equity) < 4 * m.stderr, (players, e.equity, m.equity, m.stderr)
