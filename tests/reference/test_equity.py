"""The equity engine against the pure-Python reference enumerator, known figures and Monte Carlo."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import reference_equity

import pokercalc
from pokercalc.analysis.equities import count_outcomes, equity
from pokercalc.core.cards import format_cards, mask_of, parse_cards
from pokercalc.errors import CardConflictError, EmptyRangeError, InputError
from pokercalc.ranges.notation import ALL_COMBOS, Range


def hand(text: str) -> Range:
    """A one-combo range from two cards."""
    a, b = parse_cards(text)
    return Range.from_combos(text, [(a, b)])


RANDOM = Range("random", ALL_COMBOS, (1.0,) * len(ALL_COMBOS))


def _random_range(rnd: random.Random, free: list[int], size: int, weighted: bool) -> Range:
    combos = set()
    while len(combos) < size:
        a, b = rnd.sample(free, 2)
        combos.add((max(a, b), min(a, b)))
    combos = sorted(combos)
    weights = [rnd.choice((0.25, 0.5, 1.0)) for _ in combos] if weighted else None
    return Range.from_combos(f"r{size}", combos, weights)


def _scenarios(count: int, seed: int) -> list[tuple[list[Range], tuple[int, ...], tuple[int, ...]]]:
    """Small random scenarios: turn or river boards, 2 to 6 players, hands, ranges, dead cards."""
    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        deck = list(range(52))
        rnd.shuffle(deck)
        n_board = rnd.choice((4, 5, 5))
        board = tuple(deck[:n_board])
        n_dead = rnd.choice((0, 0, 1, 2))
        dead = tuple(deck[n_board : n_board + n_dead])
        free = deck[n_board + n_dead :]
        n_players = rnd.randint(2, 6 if n_board == 5 else 3)
        weighted = rnd.random() < 0.25
        players = []
        budget = 600 if n_board == 5 else 24
        for _ in range(n_players):
            size = 1 if rnd.random() < 0.4 else rnd.randint(2, 6)
            players.append(_random_range(rnd, free, size, weighted))
        work = math.prod(len(p) for p in players)
        if work > budget:
            continue
        if count_outcomes(players, board, dead) == 0:
            continue
        out.append((players, board, dead))
    return out


def _symmetric_scenarios(count: int, seed: int):
    """Scenarios that suit permutations leave unchanged, so the engine merges orbits."""
    rnd = random.Random(seed)
    boards = ["KsKh7c7d", "2c3d4h5s9c", "AcAdKhKs", "TcTdThJs"]
    out = []
    while len(out) < count:
        board = parse_cards(rnd.choice(boards))
        players = []
        for _ in range(rnd.randint(2, 3)):
            # Rank pairs closed under every suit permutation: suit-symmetric by construction.
            r1, r2 = rnd.randrange(13), rnd.randrange(13)
            combos = [
                (4 * r1 + s1, 4 * r2 + s2)
                for s1 in range(4)
                for s2 in range(4)
                if (r1, s1) != (r2, s2)
                and (r1 != r2 or s1 > s2)
                and 4 * r1 + s1 not in board
                and 4 * r2 + s2 not in board
            ]
            if combos:
                players.append(Range.from_combos(f"{r1}{r2}", combos))
        if (
            len(players) < 2
            or math.prod(len(p) for p in players) * (44 if len(board) == 4 else 1) > 1500
        ):
            continue
        if count_outcomes(players, board) == 0:
            continue
        out.append((players, tuple(board), ()))
    return out


@pytest.mark.parametrize("case", range(220))
def test_exhaustive_matches_reference(case: int) -> None:
    players, board, dead = _SCENARIOS[case]
    ref = reference_equity(players, board, dead)
    got = equity(players, board, dead, method="exact", threads=1 + case % 2)
    assert got.method == "exact"
    assert got.outcomes == ref.outcomes
    for p, w, t, e in zip(got.players, ref.win, ref.tie, ref.equity, strict=True):
        if got.players[0].equity_fraction is not None:
            assert p.equity_fraction == e
            assert p.wins == w and p.ties == t
        else:
            assert p.equity == pytest.approx(float(e), abs=1e-12)
            assert p.win == pytest.approx(float(w / ref.total), abs=1e-12)
            assert p.tie == pytest.approx(float(t / ref.total), abs=1e-12)


_SCENARIOS = _scenarios(220, seed=2026)


@pytest.mark.parametrize("case", range(30))
def test_suit_symmetry_merging_matches_reference(case: int) -> None:
    players, board, dead = _SYMMETRIC[case]
    ref = reference_equity(players, board, dead)
    got = equity(players, board, dead, method="exact", threads=2)
    assert got.outcomes == ref.outcomes
    assert [p.equity_fraction for p in got.players] == list(ref.equity)
    assert [p.ties for p in got.players] == list(ref.tie)


_SYMMETRIC = _symmetric_scenarios(30, seed=7)


def test_symmetric_scenarios_do_merge() -> None:
    assert max(equity(p, b, d, method="exact").symmetry for p, b, d in _SYMMETRIC) > 1


@pytest.mark.slow
def test_ask_vs_random_preflop_is_exact() -> None:
    r = equity([hand("AsKs")], method="exact")
    assert r.outcomes == 2_097_572_400
    assert f"{100 * r.players[0].equity:.13f}" == "67.0446323092352"
    assert r.players[0].equity_fraction.denominator > 1


def test_aces_vs_kings_preflop() -> None:
    r = equity([hand("AsAh"), hand("KsKh")], method="exact")
    assert r.outcomes == 1_712_304
    assert round(100 * r.players[0].equity, 8) == 82.63661126
    assert round(100 * r.players[1].equity, 8) == 17.36338874
    assert sum(p.equity_fraction for p in r.players) == 1


def test_flop_figure_from_the_seed() -> None:
    r = equity([hand("AsKs"), hand("5hTc")], "QsTs5c", method="exact")
    assert round(100 * r.players[0].equity, 2) == 42.63
    assert r.outcomes == 990


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (["AA", "KK"], 61_642_944),
        (["AA", "KK", "QQ"], 296_082_864),
        (["AA", "KK", "QQ", "JJ"], 1_407_466_368),
        (["AA", "random"], 12_585_434_400),
        (["3c2s", "5d4c"], 1_712_304),
    ],
)
def test_outcome_counts_match_the_seed_table(players: list[str], expected: int) -> None:
    ranges = [_pair(p) if len(p) == 2 and p[0] == p[1] else p for p in players]
    ranges = [RANDOM if r == "random" else hand(r) if isinstance(r, str) else r for r in ranges]
    assert count_outcomes(ranges) == expected


def _pair(text: str) -> Range:
    r = "23456789TJQKA".index(text[0])
    return Range.from_combos(text, [(4 * r + a, 4 * r + b) for a in range(4) for b in range(a)])


def test_threads_give_identical_exact_results() -> None:
    players = [_pair("QQ"), _random_range(random.Random(3), list(range(52)), 40, False)]
    one = equity(players, "2c7d9h", method="exact", threads=1)
    two = equity(players, "2c7d9h", method="exact", threads=2)
    assert [p.equity_fraction for p in one.players] == [p.equity_fraction for p in two.players]
    assert [(p.wins, p.ties) for p in one.players] == [(p.wins, p.ties) for p in two.players]


def _within(mc, exact, k: float = 4.0) -> None:
    for m, e in zip(mc.players, exact.players, strict=True):
        assert m.stderr > 0
        assert abs(m.equity - e.equity) < k * m.stderr, (m, e)


def test_monte_carlo_agrees_with_enumeration_preflop() -> None:
    exact = equity([hand("AsAh"), hand("KsKh")], method="exact")
    mc = equity([hand("AsAh"), hand("KsKh")], method="mc", trials=400_000, seed=11)
    assert mc.method == "mc" and mc.trials >= 400_000 and mc.seed == 11
    _within(mc, exact)


def test_monte_carlo_agrees_under_heavy_card_removal() -> None:
    # Overlapping ace-heavy ranges: a fixed dealing order would bias the last player.
    rnd = random.Random(5)
    aces = [c for c in range(52) if c >> 2 >= 9]
    players = [_random_range(rnd, aces, n, weighted=(n == 12)) for n in (20, 12, 25)]
    players.append(RANDOM)
    board = parse_cards("Ah7d2c9s")
    exact = equity(players, board, method="exact")
    mc = equity(players, board, method="mc", trials=300_000, seed=3)
    _within(mc, exact)


def test_monte_carlo_weighted_ranges_agree() -> None:
    rnd = random.Random(9)
    players = [_random_range(rnd, list(range(52)), 30, True) for _ in range(2)]
    exact = equity(players, "Kc8d3h", method="exact")
    mc = equity(players, "Kc8d3h", method="mc", trials=300_000, seed=4)
    _within(mc, exact)


def test_monte_carlo_is_reproducible_for_a_seed_and_thread_count() -> None:
    args = ([_pair("QQ"), RANDOM, RANDOM], "")
    a = equity(*args, method="mc", trials=50_000, seed=99, threads=2)
    b = equity(*args, method="mc", trials=50_000, seed=99, threads=2)
    assert [p.equity for p in a.players] == [p.equity for p in b.players]


def test_stderr_target_stops_the_run() -> None:
    r = equity([_pair("QQ"), RANDOM], method="mc", stderr=0.002, seed=1)
    assert max(p.stderr for p in r.players) < 0.002


def test_auto_picks_exact_below_the_threshold_and_mc_above() -> None:
    small = equity([hand("AsAh"), hand("KsKh")])
    assert small.method == "exact"
    big = equity([hand("AsAh"), hand("KsKh")], threshold=1000, time=0.05)
    assert big.method == "mc" and big.outcomes == 1_712_304


def test_single_player_plays_one_random_hand() -> None:
    r = equity([hand("AsKs")], "QsTs5c", method="exact")
    assert len(r.players) == 2 and r.players[1].label == "random"
    assert r.players[1].combos == 1176  # board cards removed; the hero's cards block per deal


def test_twenty_three_random_players_by_monte_carlo() -> None:
    r = equity([RANDOM] * 23, "2c3c4c", trials=20_000, seed=1)
    assert r.method == "mc" and len(r.players) == 23
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)


def test_hopelessly_conflicting_ranges_do_not_hang() -> None:
    aces = [_pair("AA")] * 2 + [hand("AsKs")]
    with pytest.raises(CardConflictError):
        equity(aces, method="mc", trials=1000)


def test_errors() -> None:
    with pytest.raises(CardConflictError):
        equity([hand("AsKs"), hand("AsQd")])
    with pytest.raises(EmptyRangeError, match="player 2"):
        equity([hand("AsKs"), hand("QdQh")], "QdQh2c")
    with pytest.raises(InputError, match="too many"):
        equity([RANDOM] * 24)
    with pytest.raises(InputError, match="cards"):
        equity([RANDOM] * 23, "2c3c4c5c6c", "7c8c")
    with pytest.raises(InputError, match="board"):
        equity([hand("AsKs"), RANDOM], "2c3c")
    with pytest.raises(InputError, match="method"):
        equity([hand("AsKs"), RANDOM], method="fast")


@pytest.mark.parametrize("limit", [0, 100_000])
def test_monte_carlo_by_rejection_and_by_listed_assignments_agree(monkeypatch, limit: int) -> None:
    # Listing the non-random players' joint assignments replaces rejected draws when they
    # are few; both samplers must converge to the enumeration.
    import sys

    monkeypatch.setattr(sys.modules["pokercalc.engine.montecarlo"], "JOINT_LIMIT", limit)
    rnd = random.Random(21)
    kings = [c for c in range(52) if c >> 2 >= 8]
    players = [_random_range(rnd, kings, 15, weighted=True), _random_range(rnd, kings, 15, False)]
    players.append(RANDOM)
    exact = equity(players, "Kh9d4c2s", method="exact")
    mc = equity(players, "Kh9d4c2s", method="mc", trials=300_000, seed=8)
    _within(mc, exact)


def test_an_estimated_count_is_replaced_by_the_enumerated_one(monkeypatch) -> None:
    import sys

    module = sys.modules["pokercalc.engine.problem"]
    monkeypatch.setattr(module, "COUNT_BUDGET", 10)  # too small: the count is estimated
    players = [_pair("AA"), _pair("QQ"), _pair("TT")]
    assert count_outcomes(players, "Ah7d2c9s3h") > 0
    r = equity(players, "Ah7d2c9s3h", method="exact")
    assert r.outcomes_exact and r.outcomes == 3 * 6 * 6


@pytest.mark.parametrize("option", ["trials", "time", "stderr", "seed"])
def test_the_api_refuses_monte_carlo_options_with_method_exact(option: str) -> None:
    # An exact run would ignore them silently (the command line refuses them too).
    from pokercalc.analysis.outs import find_outs
    from pokercalc.analysis.win_odds import winodds

    value = {"trials": 1000, "time": 1.0, "stderr": 0.01, "seed": 1}[option]
    calls = [
        lambda: equity("AsKs | QQ", method="exact", **{option: value}),
        lambda: winodds("AsKs", method="exact", **{option: value}),
        lambda: find_outs("AsKs", "Js9h3d", ["QQ"], method="exact", **{option: value}),
    ]
    for call in calls:
        with pytest.raises(InputError, match=f"method 'exact' excludes {option}, which is for"):
            call()
    assert equity("AsKs | QQ", method="auto", **{option: value}).method == "exact"  # (small)


# --- the engine at its edges: what counts as `random`, integer tallies, team sizes ----------

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


@pytest.mark.slow
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
