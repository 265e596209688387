"""Counting deals before a run: ranges that conflict in almost every assignment, two players'
pairs by inclusion-exclusion over their shared cards, counting budgets and their stop flag."""

from __future__ import annotations

import os
import signal
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokercalc
from pokercalc.core.cards import format_cards, mask_of
from pokercalc.errors import InputError

# --- ranges that conflict in almost every assignment -----------------------------------------
# Three Omaha players holding AA each need six aces: no deal exists, and the 6,700 hands of each
# make 3e11 assignments to look through.  Counting gives up after its budget and estimates; the
# rest of the engine must not then look through them all where a signal cannot stop it.


def test_the_joint_table_gives_up_past_its_budget_of_steps() -> None:
    from pokercalc.core.games import HOLDEM, get_game
    from pokercalc.engine import problem as eq
    from pokercalc.ranges.players import parse_players

    omaha = get_game("omaha")
    ranges = parse_players("AAxx | AAxx | AAxx", omaha, (), ())
    assert (
        eq.Problem(list(ranges), (), (), omaha).kernel().joint_assignments(100_000, 10**6) is None
    )
    ranges = parse_players("QQ | KK | AsAh", HOLDEM, (), ())
    rows = eq.Problem(list(ranges), (), (), HOLDEM).kernel().joint_assignments(100, 10**6)
    assert rows is not None and len(rows) == 3 * 36


def test_monte_carlo_refuses_ranges_no_deal_satisfies_in_seconds() -> None:
    start = time.perf_counter()
    # (no advice to enumerate: counting their deals gave up too)
    with pytest.raises(InputError, match="conflict in almost every deal.*could not count"):
        pokercalc.equity("AAxx | AAxx | AAxx", method="mc", trials=100, game="omaha")
    assert time.perf_counter() - start < 30


# --- two players' pairs, counted by inclusion-exclusion over the cards they share -------------


def _pairs_by_hand(text: str, dead: str, game: str) -> tuple[int, int, int]:
    """The kernel's count both ways (past its budget and by walking every pair), and a plain
    Python count of the pairs whose masks miss each other and the dead cards."""
    from pokercalc.core.cards import parse_cards
    from pokercalc.core.games import get_game
    from pokercalc.engine import problem as eq
    from pokercalc.ranges.players import parse_players

    g = get_game(game)
    d = tuple(parse_cards(dead)) if dead else ()
    ranges = parse_players(text, g, (), d)
    kernel = eq.Problem(list(ranges), (), d, g).kernel()
    blocked = mask_of(d)
    a = [m for m in ranges[0].masks() if not m & blocked]
    b = [m for m in ranges[1].masks() if not m & blocked]
    plain = sum(1 for x in a for y in b if not x & y) if len(a) * len(b) <= 2_000_000 else -1
    return kernel.count_assignments(0), kernel.count_assignments(10**12), plain


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "dead", "game"),
    [
        ("AK,QQ+,T9s | random", "2c3c", "holdem"),
        ("22+,A2s+ | K9o+,AsAh", "KdAs7h", "holdem"),
        ("AsAh,KsKh,QQ | AsAh,KK", "", "holdem"),  # the same hands in both ranges
        ("AK,TT+ | random", "Ah", "shortdeck"),
        ("AAxx | KKxx", "Ah", "omaha"),
        ("AsKs** | AhKh**", "2c", "omaha"),
        ("AAKxx | KKQxx", "", "omaha5"),
        ("AsAhKc*** | KsKhKd***", "Qc", "omaha6"),
    ],
)
def test_two_players_pairs_are_counted_exactly_past_the_budget(
    text: str, dead: str, game: str
) -> None:
    counted, walked, plain = _pairs_by_hand(text, dead, game)
    assert counted == walked > 0
    assert plain in (-1, counted)


@pytest.mark.slow
def test_two_ranges_that_never_fit_together_are_refused_at_once() -> None:
    # AA in both Omaha-5 hands with three aces left: 2.9e9 pairs, none valid.  Only an
    # estimate was known past the counting budget, and the exact run walked them all.
    start = time.perf_counter()
    with pytest.raises(pokercalc.CardConflictError, match="no deal is possible"):
        pokercalc.equity("AAxxx | AAxxx", dead="Ad", game="omaha5")
    assert time.perf_counter() - start < 20
    assert pokercalc.count_outcomes("AAxxx | AAxxx", dead="Ad", game="omaha5") == 0


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from([("holdem", 2), ("omaha", 4), ("omaha5", 5), ("omaha6", 6)]),
    data=st.data(),
)
def test_pairs_counted_by_shared_cards_equal_every_pair_checked(
    game: tuple[str, int], data: st.DataObject
) -> None:
    # Hands from a few ranks' cards, so that the two ranges share many cards and hands.
    name, k = game
    pool = data.draw(st.integers(min_value=max(k + 1, 8), max_value=52))
    hand = st.lists(st.integers(0, pool - 1), min_size=k, max_size=k, unique=True)
    a = data.draw(st.lists(hand, min_size=1, max_size=40))
    b = data.draw(st.lists(hand, min_size=1, max_size=40))
    dead = data.draw(st.lists(st.integers(0, 51), max_size=3, unique=True))
    text = " | ".join(
        ",".join(sorted({format_cards(sorted(h), sep="") for h in r})) for r in (a, b)
    )
    blocked = mask_of(dead)
    masks = [{mask_of(h) for h in r} for r in (a, b)]
    if not all(any(not m & blocked for m in ms) for ms in masks):
        return  # (a player with no hand left is refused before any counting)
    counted, walked, plain = _pairs_by_hand(text, format_cards(dead, sep=""), name)
    assert counted == walked == plain


def test_the_conflict_refusal_quotes_the_exact_count_when_it_is_known() -> None:
    from types import SimpleNamespace

    from pokercalc.core.games import HOLDEM
    from pokercalc.engine import problem as eq
    from pokercalc.engine.montecarlo import check_accepted
    from pokercalc.ranges.players import parse_players

    ranges = parse_players("AsKs | QQ", HOLDEM, (), ())
    prob = eq.Problem(list(ranges), (), (), HOLDEM)
    # A sampler whose blocks gave up: fewer deals accepted than asked for.
    sampler = SimpleNamespace(prob=prob, asked=10, deals_at=0, totals=lambda: [3])
    with pytest.raises(InputError, match=r"exact enumeration has 10,273,824 outcomes"):
        check_accepted(sampler)
    assert pokercalc.count_outcomes("AsKs | QQ") == 10_273_824


def test_the_pair_count_stops_when_its_control_asks() -> None:
    from array import array

    from pokercalc.core.games import get_game
    from pokercalc.engine import problem as eq
    from pokercalc.ranges.players import parse_players

    g = get_game("omaha6")
    ranges = parse_players("AsAhKc*** | KsKhKd***", g, (), ())  # 18,424 hands each
    kernel = eq.Problem(list(ranges), (), (), g).kernel()
    full = kernel.count_assignments(0)
    assert full > 0 and kernel.count_assignments(0, array("q", [0, 0])) == full
    assert kernel.count_assignments(0, array("q", [1, 0])) == -2
    assert kernel.count_assignments(0) == full  # (the flag was that call's alone)
    with pytest.raises(ValueError, match="two entries"):
        kernel.count_assignments(0, array("q", [1]))


@pytest.mark.process
def test_a_signal_during_the_pair_count_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two ranges past the counting budget: the count runs on the main thread under
    # runner.run_here, whose watcher turns SIGINT into the kernel's stop flag.
    import threading

    from pokercalc.engine import problem as eq

    real = eq.run_here
    seen: list[bool] = []

    def signalled(call: object, control: object, **kw: object) -> object:
        # (the count takes 0.3 s here: the signal comes while it runs)
        threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT)).start()
        value, stopped = real(call, control, **kw)  # type: ignore[arg-type]
        seen.append(stopped)
        return value, stopped

    monkeypatch.setattr(eq, "run_here", signalled)
    start = time.perf_counter()
    result = pokercalc.equity("AsAh**** | KsKh****", game="omaha6", method="exact")
    assert seen == [True] and time.perf_counter() - start < 60
    assert result.interrupted and result.players[0].equity is None
    monkeypatch.setattr(eq, "run_here", real)
    counted = pokercalc.count_outcomes("AsAhKc*** | KsKhKd***", game="omaha6")
    assert counted == 187_336_380 * 658_008  # (pairs, then boards of five from 40 cards)
