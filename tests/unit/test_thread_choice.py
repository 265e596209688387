"""How many threads an exact run uses, and how its work is cut for them: each thread gets
enough outcomes to be worth starting, items are never split into ones too small to start, and
every choice gives the one-thread answer."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import reference_equity

import pokercalc.engine.plan as eq
from pokercalc.analysis.equities import equity
from pokercalc.core.cards import parse_cards
from pokercalc.core.games import get_game
from pokercalc.core.validate import check_board_and_dead
from pokercalc.errors import CardConflictError
from pokercalc.ranges.notation import Range, parse_range
from pokercalc.ranges.players import problem_of

FLOP_SPOT = ("AhKh | QQ+,AKs,AKo", "Qh7h2c")  # 17,820 outcomes, 2 suit symmetries: 8,910 each


@pytest.fixture
def parallel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every run of more than one outcome shares its work between the threads asked for."""
    monkeypatch.setattr(eq, "PER_THREAD_MIN_OUTCOMES", 1)


def test_each_thread_gets_enough_work() -> None:
    assert eq.PER_THREAD_MIN_OUTCOMES == 50_000
    # 243,810 outcomes per symmetry: four threads of 50,000 or more.
    spot = ("AhKh | 22+ | QQ+", "Qh7h2c")
    assert equity(*spot, method="exact", threads=8).threads == 4
    assert equity(*spot, method="exact", threads=2).threads == 2
    # 146,286: two.
    assert equity("AhKh | QQ+,AKs,AKo | JJ-99", "Qh7h2c", method="exact", threads=8).threads == 2
    # 48,762 and 8,910: one thread, however many are asked for.
    assert equity("AhKh | QQ+,AKs,AKo | JJ", "Qh7h2c", method="exact", threads=8).threads == 1
    assert equity(*FLOP_SPOT, method="exact", threads=8).threads == 1


def _problem(players: str, board: str) -> eq.Problem:
    g = get_game("holdem")
    b, d = check_board_and_dead(board, "", game=g)
    prob = problem_of(players, b, d, g)[2]
    prob.find_symmetry()
    return prob


def test_items_are_not_split_into_ones_too_small_to_start() -> None:
    prob = _problem(*FLOP_SPOT)
    kernel = prob.kernel()
    # 18 (hand, hand) items of 990 boards each: split by the highest new card they would be
    # 792 items of 22 boards on average, below SPLIT_MIN_OUTCOMES.
    items, _, nfirsts = eq.work_items(prob, kernel, 64, False, 17_820, 2)
    assert (len(items) // 3, nfirsts) == (18, 0)
    # Without the outcome count (pieces for an executor) they are split to the count wanted.
    items, _, nfirsts = eq.work_items(prob, kernel, 64, False)
    assert nfirsts == 44 and len(items) // 3 == 18 * 44
    # Fewer items than threads: split whatever their size, or a thread would have none.
    items, _, nfirsts = eq.work_items(prob, kernel, 64, False, 17_820, 19)
    assert nfirsts == 44


def test_big_items_are_still_split() -> None:
    prob = _problem("AsAh | KsKh", "")
    kernel = prob.kernel()
    items, _, nfirsts = eq.work_items(prob, kernel, 32, False, 1_712_304, 2)
    assert nfirsts == 44 and len(items) // 3 == 44


# Small spots, in every game: their work items are shared unsplit between two threads.
SMALL = [
    ("holdem", "AhKh | QQ+,AKs,AKo", "Qh7h2c"),
    ("holdem", "AhKh | QQ+,AKs,AKo | JJ", "Qh7h2c"),
    ("holdem", "AhKh | QQ+,AKs,AKo | JJ-99", "Qh7h2c5d"),
    ("holdem", "AsKd | QQ:0.5,JJ,AKs", "2c7h9d"),  # weighted
    ("shortdeck-triton", "AsKs | QQ+,AKs | JJ", "Qh7h6c"),
    ("omaha", "AsKsQdJd | AAxx", "2c7d8h9c"),
    ("omaha-hilo", "As2sKdQd | AA3x", "2c7d8h9s"),
]


@pytest.mark.parametrize("game,players,board", SMALL)
def test_small_runs_on_two_threads_answer_as_on_one(
    parallel: None, game: str, players: str, board: str
) -> None:
    one = equity(players, board, game=game, method="exact", threads=1)
    two = [equity(players, board, game=game, method="exact", threads=2) for _ in range(2)]
    assert one.threads == 1 and [t.threads for t in two] == [2, 2]
    for t in two:
        assert (t.outcomes, t.showdowns) == (one.outcomes, one.showdowns)
        assert [(p.equity, p.win, p.tie, p.equity_fraction) for p in t.players] == [
            (p.equity, p.win, p.tie, p.equity_fraction) for p in one.players
        ]


# (the reference takes 20 s on the three-handed flop: the flop heads-up and the turn three-handed)
@pytest.mark.slow
@pytest.mark.parametrize("players,board", [(p, b) for g, p, b in (SMALL[0], SMALL[2])])
def test_small_hold_em_runs_on_two_threads_equal_the_reference(
    parallel: None, players: str, board: str
) -> None:
    want = reference_equity([parse_range(t) for t in players.split(" | ")], parse_cards(board))
    got = equity(players, board, method="exact", threads=2)
    assert got.threads == 2
    assert [p.equity_fraction for p in got.players] == list(want.equity)
    assert [p.ties for p in got.players] == list(want.tie)
    assert got.outcomes == want.outcomes


@pytest.mark.slow
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.randoms(use_true_random=False),
    st.integers(2, 3),
    st.sampled_from([3, 4]),
    st.integers(2, 5),
    st.booleans(),
)
def test_any_small_spot_gives_the_same_counts_on_any_threads(
    parallel: None, rnd: Random, n: int, board_cards: int, threads: int, weighted: bool
) -> None:
    # Ranges of 1 to 12 hands on a flop or turn: few work items, split or not, shared
    # between 2 to 5 threads (more threads than items included).
    deck = list(range(52))
    rnd.shuffle(deck)
    board, free = deck[:board_cards], deck[board_cards:]
    players = []
    for p in range(n):
        combos = {
            tuple(sorted(rnd.sample(free, 2), reverse=True)) for _ in range(rnd.randint(1, 12))
        }
        weights = [rnd.choice((0.5, 1.0)) for _ in combos] if weighted and p else None
        players.append(Range.from_combos(f"r{p}", sorted(combos), weights))
    kw: dict[str, Any] = {"method": "exact"}
    try:
        one = equity(players, board, threads=1, **kw)
    except CardConflictError:
        return  # (every deal conflicts: nothing to compare)
    many = equity(players, board, threads=threads, **kw)
    assert many.threads == threads
    assert (many.outcomes, many.showdowns) == (one.outcomes, one.showdowns)
    for a, b in zip(one.players, many.players, strict=True):
        assert (a.equity_fraction, a.wins, a.ties) == (b.equity_fraction, b.wins, b.ties)
        assert a.equity == pytest.approx(b.equity, abs=1e-12)


# --- numbers are ASCII: int() and float() would read other digits -------------------------------

#: Digits that Python's int() and float() read but a number option must not take.
WIDE, ARABIC = "\uff11", "\u0663"  # fullwidth 1, Arabic-Indic 3


@pytest.mark.parametrize("value", [ARABIC, "\u00b2"])
def test_omp_num_threads_in_other_digits_is_not_read(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    import os

    from pokercalc.core.runner import default_threads

    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    cores = default_threads()
    monkeypatch.setenv("OMP_NUM_THREADS", value)  # ("²" was a ValueError in every command)
    assert default_threads() == cores
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    assert default_threads() == 1
    assert os.environ["OMP_NUM_THREADS"] == "1"
