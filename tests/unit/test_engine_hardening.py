"""The engine at its edges: what counts as `random`, integer tallies, team sizes and stopping."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import reference_equity

import pokercalc
from pokercalc.core.cards import format_cards, mask_of
from pokercalc.errors import InputError
from pokercalc.ranges.notation import ALL_COMBOS

HEAVY = "AsKs | AsKs,QdQc | Not (AsXx | KsXx | QdXx | 2cXx)"
HEAVY_EXACT = [Fraction(194158, 1281357), Fraction(2205061, 5125428), Fraction(194885, 465948)]


def test_a_range_the_size_of_random_is_not_random() -> None:
    # Player 2 shrinks to QdQc, so player 3's 990 hands number C(45, 2) without being
    # every free hand (they hold Qc, they lack 2c).
    r = pokercalc.equity(HEAVY, board="7h8h9h")
    assert [p.equity_fraction for p in r.players] == HEAVY_EXACT
    # The count up front agrees with the enumeration (854,238, not 893,970).
    assert r.outcomes_exact and r.outcomes == 854238


def test_the_same_range_by_monte_carlo_lands_within_four_standard_errors() -> None:
    r = pokercalc.equity(HEAVY, board="7h8h9h", method="mc", trials=400_000, seed=1, threads=1)
    for p, exact in zip(r.players, HEAVY_EXACT, strict=True):
        assert p.stderr is not None and abs(p.equity - float(exact)) < 4 * p.stderr


def _free_list(blocked: int) -> str:
    """Every two-card hand avoiding ``blocked``, written out hand by hand."""
    return ",".join(format_cards(c) for c in ALL_COMBOS if not (mask_of(c) & blocked))


@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.permutations(range(52)))
def test_listing_every_free_hand_equals_random(deck: list[int]) -> None:
    # A river board keeps the pure-Python oracle fast; the count of assignments (where
    # the old size test went wrong) is the same question on any street.
    board, hero, villain = deck[:5], deck[5:7], deck[7:9]
    blocked = mask_of(board + hero + villain)
    players = [format_cards(hero), format_cards(villain), _free_list(blocked)]
    listed = pokercalc.equity(players, board=format_cards(board), method="exact")
    rand = pokercalc.equity(
        [format_cards(hero), format_cards(villain), "random"], board=format_cards(board)
    )
    assert [p.equity_fraction for p in listed.players] == [p.equity_fraction for p in rand.players]
    # The same number of hands, but one of them swapped for a hand that collides with
    # the hero: the engine must not take it for `random` (compare with the oracle).
    free = [c for c in ALL_COMBOS if not (mask_of(c) & blocked)]
    swapped = free[1:] + [(max(hero), min(deck[9:]))]
    swapped = [tuple(sorted(c, reverse=True)) for c in swapped]
    got = pokercalc.equity(
        [format_cards(hero), format_cards(villain), ",".join(format_cards(c) for c in swapped)],
        board=format_cards(board),
        method="exact",
    )
    ref = reference_equity([[tuple(hero)], [tuple(villain)], swapped], tuple(board))
    assert [p.equity_fraction for p in got.players] == list(ref.equity)


def test_exact_tallies_are_python_integers() -> None:
    r = pokercalc.equity("AA | KK | QQ", board="2c7d9h", method="exact")
    for p in r.players:
        assert type(p.wins) is int and type(p.ties) is int
    assert type(r.outcomes) is int


def test_an_exact_count_beyond_int64_is_refused() -> None:
    with pytest.raises(InputError, match="too many to count exactly"):
        pokercalc.equity(["random"] * 12, method="exact")


def test_one_deal_has_no_standard_error() -> None:
    r = pokercalc.equity("AsKs | QQ", method="mc", trials=1, threads=1, seed=5)
    assert r.trials == 1
    assert all(p.stderr is None for p in r.players)


def test_monte_carlo_does_not_depend_on_the_team_openmp_grants() -> None:
    a = pokercalc.equity("AsKs | QQ", method="mc", trials=50_000, seed=9, threads=2)
    b = pokercalc.equity("AsKs | QQ", method="mc", trials=50_000, seed=9, threads=2)
    assert a.players == b.players


def _cli(
    *args: str, env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pokercalc", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )


@pytest.mark.parametrize("env", [{"OMP_THREAD_LIMIT": "1"}, {"OMP_DYNAMIC": "true"}])
def test_monte_carlo_with_a_restricted_openmp(env: dict[str, str]) -> None:
    args = ("equity", "AsKs|QQ", "--mc", "--trials", "40000", "--seed", "3", "--json")
    restricted = _cli(*args, env=env)
    assert restricted.returncode == 0, restricted.stderr
    free = _cli(*args)
    got = json.loads(restricted.stdout)["result"]
    assert got["trials"] == 40000
    # The same seed gives the same deals whatever team size OpenMP grants.
    assert got["players"] == json.loads(free.stdout)["result"]["players"]


def _start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "pokercalc", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _stop_after(proc: subprocess.Popen[str], delay: float, sig: int) -> tuple[str, str, float]:
    time.sleep(delay)
    sent = time.perf_counter()
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=30)
    return out, err, time.perf_counter() - sent


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_stops_an_exact_run_promptly(sig: int, status: int) -> None:
    proc = _start("equity", "AsKs | 22+,A2+,K2+ | random", "--exact", "--json", "--threads", "2")
    out, err, waited = _stop_after(proc, 2.0, sig)
    assert proc.returncode == status, err
    assert waited < 1.5
    result = json.loads(out)["result"]
    assert result["interrupted"] is True and 0 < result["done_fraction"] < 1
    # A part of an enumeration is not presented as an answer.
    assert all(p["equity"] is None and p["equity_fraction"] is None for p in result["players"])
    assert "Traceback" not in err


def test_a_signal_stops_a_monte_carlo_run_with_its_estimate() -> None:
    proc = _start("equity", "AsKs | QQ", "--mc", "--time", "60", "--json")
    out, err, waited = _stop_after(proc, 1.5, signal.SIGINT)
    assert proc.returncode == 130, err
    assert waited < 1.0
    result = json.loads(out)["result"]
    assert result["interrupted"] is True and result["trials"] > 0
    for p in result["players"]:
        assert 0 < p["equity"] < 1 and 0 < p["stderr"] < 0.01


def test_a_signal_while_planning_keeps_the_shape_of_the_answer() -> None:
    proc = _start("equity", "random | random | random", "--exact", "--json")
    out, err, waited = _stop_after(proc, 0.8, signal.SIGINT)
    assert proc.returncode == 130, err
    assert waited < 1.0
    if out:  # stopped after the players were parsed
        result = json.loads(out)["result"]
        assert result["interrupted"] is True and len(result["players"]) == 3


def test_a_long_forced_exact_run_says_so_first() -> None:
    proc = _start("equity", "AsKs | 22+,A2+,K2+ | random", "--exact", "--json", "--threads", "1")
    # Wait for the notice itself, not a fixed time: a loaded machine parses slowly.
    assert proc.stderr is not None
    ready, _, _ = select.select([proc.stderr], [], [], 60.0)
    line = proc.stderr.readline() if ready else ""
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=30)
    assert line.startswith("pokercalc: enumerating 533,442,626,640 outcomes exactly; about")


# --- ranges that conflict in almost every assignment -----------------------------------------
# Three Omaha players holding AA each need six aces: no deal exists, and the 6,700 hands of each
# make 3e11 assignments to look through.  Counting gives up after its budget and estimates; the
# rest of the engine must not then look through them all where a signal cannot stop it.


def test_the_joint_table_gives_up_past_its_budget_of_steps() -> None:
    from pokercalc.analysis import equities as eq
    from pokercalc.core.games import HOLDEM, get_game

    omaha = get_game("omaha")
    ranges = eq._parse_players("AAxx | AAxx | AAxx", (), (), omaha)
    assert (
        eq._Problem(list(ranges), (), (), omaha).kernel().joint_assignments(100_000, 10**6) is None
    )
    ranges = eq._parse_players("QQ | KK | AsAh", (), (), HOLDEM)
    rows = eq._Problem(list(ranges), (), (), HOLDEM).kernel().joint_assignments(100, 10**6)
    assert rows is not None and len(rows) == 3 * 36


def test_monte_carlo_refuses_ranges_no_deal_satisfies_in_seconds() -> None:
    start = time.perf_counter()
    # (no advice to enumerate: counting their deals gave up too)
    with pytest.raises(InputError, match="conflict in almost every deal.*could not count"):
        pokercalc.equity("AAxx | AAxx | AAxx", method="mc", trials=100, game="omaha")
    assert time.perf_counter() - start < 30


def test_an_enumeration_of_an_estimated_count_stops_on_a_signal() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", "equity", "AAxx | AAxx | AAxx", "--game", "omaha",
         "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        time.sleep(2.0)
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        proc.kill()  # (a run that ignored the signal must not outlive the test)
    assert proc.returncode == 130, err
    result = json.loads(out)["result"]
    assert result["interrupted"] is True and result["players"][0]["equity"] is None


# --- two players' pairs, counted by inclusion-exclusion over the cards they share -------------


def _pairs_by_hand(text: str, dead: str, game: str) -> tuple[int, int, int]:
    """The kernel's count both ways (past its budget and by walking every pair), and a plain
    Python count of the pairs whose masks miss each other and the dead cards."""
    from pokercalc.analysis import equities as eq
    from pokercalc.core.cards import parse_cards
    from pokercalc.core.games import get_game

    g = get_game(game)
    d = tuple(parse_cards(dead)) if dead else ()
    ranges = eq._parse_players(text, (), d, g)
    kernel = eq._Problem(list(ranges), (), d, g).kernel()
    blocked = mask_of(d)
    a = [m for m in ranges[0].masks() if not m & blocked]
    b = [m for m in ranges[1].masks() if not m & blocked]
    plain = sum(1 for x in a for y in b if not x & y) if len(a) * len(b) <= 2_000_000 else -1
    return kernel.count_assignments(0), kernel.count_assignments(10**12), plain


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


def test_two_ranges_that_never_fit_together_are_refused_at_once() -> None:
    # AA in both Omaha-5 hands with three aces left: 2.9e9 pairs, none valid.  Only an
    # estimate was known past the counting budget, and the exact run walked them all.
    start = time.perf_counter()
    with pytest.raises(pokercalc.CardConflictError, match="no deal is possible"):
        pokercalc.equity("AAxxx | AAxxx", dead="Ad", game="omaha5")
    assert time.perf_counter() - start < 20
    assert pokercalc.count_outcomes("AAxxx | AAxxx", dead="Ad", game="omaha5") == 0


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

    from pokercalc.analysis import equities as eq
    from pokercalc.core.games import HOLDEM

    ranges = eq._parse_players("AsKs | QQ", (), (), HOLDEM)
    prob = eq._Problem(list(ranges), (), (), HOLDEM)
    # A sampler whose blocks gave up: fewer deals accepted than asked for.
    sampler = SimpleNamespace(prob=prob, asked=10, deals_at=0, totals=lambda: [3])
    with pytest.raises(InputError, match=r"exact enumeration has 10,273,824 outcomes"):
        eq._check_accepted(sampler)
    assert pokercalc.count_outcomes("AsKs | QQ") == 10_273_824


def test_the_pair_count_stops_when_its_control_asks() -> None:
    from array import array

    from pokercalc.analysis import equities as eq
    from pokercalc.core.games import get_game

    g = get_game("omaha6")
    ranges = eq._parse_players("AsAhKc*** | KsKhKd***", (), (), g)  # 18,424 hands each
    kernel = eq._Problem(list(ranges), (), (), g).kernel()
    full = kernel.count_assignments(0)
    assert full > 0 and kernel.count_assignments(0, array("q", [0, 0])) == full
    assert kernel.count_assignments(0, array("q", [1, 0])) == -2
    assert kernel.count_assignments(0) == full  # (the flag was that call's alone)
    with pytest.raises(ValueError, match="two entries"):
        kernel.count_assignments(0, array("q", [1]))


def test_a_signal_during_the_pair_count_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two ranges past the counting budget: the count runs on the main thread under
    # runner.run_here, whose watcher turns SIGINT into the kernel's stop flag.
    import threading

    from pokercalc.analysis import equities as eq

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


def test_a_breakdown_of_too_many_hands_does_not_advise_monte_carlo_it_runs() -> None:
    # Monte Carlo lists a random player's hands to break it down; the listing's own
    # refusal said "use Monte Carlo (--mc)" to a Monte Carlo run.
    from click.testing import CliRunner

    from pokercalc.analysis.breakdown import equity_breakdown
    from pokercalc.cli import cli

    with pytest.raises(InputError, match="too many to list one by one as a breakdown") as e:
        equity_breakdown("random | AsKsQdJdTc9c", game="omaha6", method="mc", trials=2000)
    assert "--mc" not in str(e.value)
    res = CliRunner().invoke(
        cli, ["equity", "random", "--game", "omaha6", "--mc", "--trials", "2000", "--breakdown"]
    )
    assert res.exit_code == 2 and res.stderr.count("\n") == 1 and "--mc)" not in res.stderr


def test_too_many_cards_are_refused_before_any_range_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A big Omaha range takes seconds to expand: the count of cards comes first.
    import pokercalc.ranges.omaha as omaha

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("a range was read before the count of cards was checked")

    monkeypatch.setattr(omaha, "parse_omaha_range", never)
    with pytest.raises(InputError, match="9 players, 0 board and 3 dead cards need 53 cards"):
        pokercalc.equity(" | ".join(["15%"] * 9), dead="2c3c4c", game="omaha5")
