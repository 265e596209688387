"""Monte Carlo dealing: the cards no deal can give the random players listed once and shuffled
in part per deal, the cards the ranged players drew moved out of the way (hold'em games) or
passed over (Omaha, a broken-down player); each path agrees with exact enumeration within its
reported standard error, and its spread over seeds is the standard error it reports."""

from __future__ import annotations

import math
import random
import statistics

import pytest

import pokercalc
from pokercalc.analysis import equities as eq
from pokercalc.core.validate import check_board_and_dead


@pytest.mark.parametrize(
    ("players", "board", "dead", "game"),
    [
        ("AsKs | random", "Qs7s2c", "", "holdem"),  # the listed deck, two players
        ("AsKs | 7h7d | random | random", "Qs7s2c", "Ad", "holdem"),  # four, a dead card
        ("AsKs | random", "Qs7s9c", "Ah", "shortdeck"),
        ("AsKsQd2d | random", "Qs7s2c5h", "", "omaha"),  # four hole cards from the deck
        # Ranged players: their cards, which the listed deck still holds, stay out of the
        # random players' hands and the board.  One range (its alias table):
        ("99+,AJs+ | random | random", "Jd9s2c5h", "", "holdem"),
        ("AsAh | 9c9d,8c8d | random", "Ks9s2s", "", "holdem"),
        # A one-hand player and a range (a joint table of assignments):
        ("JcJh | 99+,AJs+ | random", "4dAc5d", "", "holdem"),
        ("AsKs | 88+,AT+ | random", "Qs8h6d", "", "shortdeck"),
        # Weighted ranges and a dead card; two ranges and a one-hand player in Triton:
        ("AA:0.5,KK,QQ:0.25 | 99+:0.7,AK | random", "9h5c2d7s", "Ac", "holdem"),
        ("AsKs | 99+,AJs+ | 88+,AT+ | random", "Qs8h6d", "7c", "shortdeck-triton"),
        # In the Omaha games the ranged players' cards are passed over instead:
        ("AsKsQd2d | AhAdKcQc,AcAd7h7d | random", "Qs7s2c5h", "", "omaha"),
        ("AsKsQd2d | AhAdKcQc,AcAd7h7d | random", "Qs7s2c5h", "", "omaha-hilo"),
    ],
)
def test_monte_carlo_agrees_with_exact(players: str, board: str, dead: str, game: str) -> None:
    exact = pokercalc.equity(players, board=board, dead=dead, game=game, method="exact",
                             threshold=10**12)  # fmt: skip
    mc = pokercalc.equity(players, board=board, dead=dead, game=game, method="mc",
                          trials=300_000, seed=7, threads=2)  # fmt: skip
    for e, m in zip(exact.players, mc.players, strict=True):
        assert m.stderr is not None and 0 < m.stderr < 0.01
        assert abs((m.equity or 0) - (e.equity or 0)) < 4 * m.stderr, (players, e.label)


def test_many_cards_dealt_per_deal_keep_the_symmetries() -> None:
    """Ranged players and many random ones: equal players come out equal, within their
    standard errors."""
    r = pokercalc.equity("AA,KK | AA,KK | random | random | random | random", method="mc",
                         trials=400_000, seed=3, threads=2)  # fmt: skip
    eq = [p.equity or 0.0 for p in r.players]
    se = [p.stderr or 0.0 for p in r.players]
    assert abs(sum(eq) - 1) < 1e-9
    assert abs(eq[0] - eq[1]) < 4 * (se[0] ** 2 + se[1] ** 2) ** 0.5
    for i in range(3, 6):
        assert abs(eq[i] - eq[2]) < 4 * (se[i] ** 2 + se[2] ** 2) ** 0.5
    six = pokercalc.equity(" | ".join(["random"] * 6), method="mc", trials=200_000, seed=3)
    for p in six.players:
        assert abs((p.equity or 0) - 1 / 6) < 4 * (p.stderr or 0)


@pytest.mark.parametrize(
    "players", ["AsKs | random", "AsKs | random | random | random | random | random"]
)
def test_the_spread_over_seeds_is_the_reported_standard_error(players: str) -> None:
    runs = [
        pokercalc.equity(players, board="Qs7s2c", method="mc", trials=20_000, seed=s, threads=1)
        for s in range(1, 41)
    ]
    hero = [r.players[0].equity or 0.0 for r in runs]
    se = statistics.median(r.players[0].stderr or 0.0 for r in runs)
    # 40 runs: the sample deviation of a normal lies within 0.7 to 1.3 of the true one
    # with probability above 0.99.
    assert 0.7 < statistics.stdev(hero) / se < 1.3


@pytest.mark.parametrize(
    ("players", "board"),
    [("AsKs | random", ""), ("JcJh | 99+,AJs+ | random | random", "4dAc5d")],
)
def test_seeded_runs_repeat_on_any_thread_count(players: str, board: str) -> None:
    one = pokercalc.equity(players, board, method="mc", trials=50_000, seed=5, threads=1)
    two = pokercalc.equity(players, board, method="mc", trials=50_000, seed=5, threads=2)
    assert [p.wins for p in one.players] == [p.wins for p in two.players]
    assert [p.ties for p in one.players] == [p.ties for p in two.players]


@pytest.mark.parametrize(
    "hands",
    [
        # Ten players: the deals are counted by their set of winners (MC_WM_PLAYERS) ...
        ["AsAh", "KsKh", "QsQh", "JsJh", "Td9d", "8c8d", "7c6c", "5d4d", "3h2h"],
        # ... eleven: per player, as before.
        ["AsAh", "KsKh", "QsQh", "JsJh", "Td9d", "8c8d", "7c6c", "5d4d", "3h2h", "AcKc"],
    ],
)
def test_many_players_counted_by_winner_set_or_per_player(hands: list[str]) -> None:
    """Nine or ten hands and a random one on the turn, ties included (a shared straight on
    board): Monte Carlo within four standard errors of the exact count, whichever way the
    deals are tallied."""
    players = " | ".join([*hands, "random"])
    exact = pokercalc.equity(players, board="9c8s7d6s", method="exact")
    mc = pokercalc.equity(players, board="9c8s7d6s", method="mc", trials=200_000, seed=11)
    assert any((p.tie or 0) > 0.01 for p in exact.players)  # splits do happen here
    for e, m in zip(exact.players, mc.players, strict=True):
        assert m.stderr is not None
        assert abs((m.equity or 0) - (e.equity or 0)) < 4 * m.stderr + 1e-12, e.label
        assert abs((m.tie or 0) - (e.tie or 0)) < 0.01, e.label


NINE = "JcJh | 8s7s | 99+,AJs+ | QQ+,AQs+,AQo+ | random | random | random | random | random"


def _sampler(
    players: str, board: str, game: str, threads: int = 1, trials: int | None = None
) -> eq._Sampler:
    g = eq._engine_game(game)
    b, d = check_board_and_dead(board, "", game=g)
    return eq._Sampler(eq._setup(players, b, d, g)[2], threads, trials)


@pytest.mark.parametrize(
    ("players", "board", "game", "boards", "even"),
    [
        (NINE, "4dAc5d", "holdem", eq.MC_BOARDS, True),  # two ranges: a joint table
        ("AsKs | 99+,AJs+ | random | random", "", "holdem", eq.MC_BOARDS, True),
        ("AsKs | 99+,AJs+ | 88+,AT+ | random", "Qs8h6d", "shortdeck", eq.MC_BOARDS, True),
        ("99+,AJs+ | random | random", "Jd9s2c", "holdem", eq.MC_BOARDS, False),  # one range
        ("JcJh | 99+,AJs+ | random", "4dAc5d", "holdem", 1, False),  # two whose hands vary
        ("AsKsQd2d | random | random", "Qs7s2c", "omaha", 1, False),  # Omaha: one board a deal
    ],
)
def test_clusters_of_deals_where_the_hands_cost_most(
    players: str, board: str, game: str, boards: int, even: bool
) -> None:
    """With three or more players whose hands vary, each deal of the hands gets MC_BOARDS
    boards, and with a joint table of the ranged players' hands a cluster takes up to
    twice as many deals as the table has rows (at least MC_CLUSTERS clusters a run); the
    count row then counts the clusters (the last one of a block short) and the sums a
    clustered standard error needs."""
    trials = 2 * eq.MC_BLOCK + 1_001  # three blocks, the last one short
    s = _sampler(players, board, game, threads=2, trials=trials)
    rows = len(s.jprob)
    assert s.boards == boards
    group = min(eq.MC_GROUP, 2 * rows, -(-trials // (boards * eq.MC_CLUSTERS))) if even else 1
    assert s.group == group
    s.run(5, 0, eq.mc_blocks(trials), trials)
    sums = s.totals()
    n = s.prob.n
    at = n * (n + 1) + 2
    assert sums[n * (n + 1)] == trials  # every board counted, none refused here
    if boards == 1:
        assert sums[at:] == [0] * (2 + 2 * n)
        return
    clusters = squares = 0
    for left in (eq.MC_BLOCK, eq.MC_BLOCK, 1_001):  # each block's clusters, as the kernel cuts
        while left:
            size = min(group * boards, left)
            clusters += 1
            squares += size * size
            left -= size
    assert (sums[at], sums[at + 1]) == (clusters, squares)
    clustered = eq._mc_stats(sums, n)
    independent = eq._mc_stats(sums[:at], n)
    for c, i in zip(clustered, independent, strict=True):
        assert c[:3] == i[:3] and c[3] != i[3]  # the same estimates, other errors


def test_even_rows_take_a_ranges_own_spread_out_of_its_error() -> None:
    """Nine players on 4dAc5d: most of 99+,AJs+'s variance beside the board is which of
    its hands it holds, and drawing the joint table's rows evenly takes it out: its
    standard error is below what independent boards would have, though three boards
    share each deal (without the even rows, 1.24 times that of independent boards)."""
    s = _sampler(NINE, "4dAc5d", "holdem", trials=600_000)
    s.run(2, 0, eq.mc_blocks(600_000), 600_000)
    sums = s.totals()
    n = s.prob.n
    ranged = s.prob.ranges.index(next(r for r in s.prob.ranges if r.text == "99+,AJs+"))
    clustered = eq._mc_stats(sums, n)[ranged][3] or 0.0
    independent = eq._mc_stats(sums[: n * (n + 1) + 2], n)[ranged][3] or 1.0
    assert clustered < 0.95 * independent


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (NINE, "4dAc5d"),  # the seed article's pot
        ("AsKs | 99+,AJs+ | random | random", ""),  # preflop: five board cards a board
    ],
)
def test_boards_that_share_a_deal_report_their_spread_over_seeds(players: str, board: str) -> None:
    """The boards of a deal are correlated through its hands, and the reported standard
    error (a clustered sample's) is still the spread over seeds, for every player.  6,001
    boards a run: each run's last deal has fewer boards."""
    runs = [
        pokercalc.equity(players, board=board, method="mc", trials=6_001, seed=s, threads=1)
        for s in range(1, 201)
    ]
    for p in range(len(runs[0].players)):
        est = [r.players[p].equity or 0.0 for r in runs]
        se = statistics.fmean(r.players[p].stderr or 0.0 for r in runs)
        # 200 runs: the sample deviation's own spread is about 5 % of it.
        assert 0.8 < statistics.stdev(est) / se < 1.2, p


def test_the_clustered_standard_error_is_the_ratio_estimators() -> None:
    """Known deals of the hands, each of one to three boards with known winners: the
    counts the kernel keeps give the equity and the linearised ratio estimator's standard
    error, computed here the obvious way."""
    rng = random.Random(3)
    n, units = 3, eq._share_units(3)
    deals = []
    for _ in range(400):
        b = rng.choice([1, 2, 3, 3, 3])
        deals.append([rng.choice([(0,), (1,), (2,), (0, 1), (0, 1, 2), (1, 2)]) for _ in range(b)])
    size = n * (n + 1) + 4 + 2 * n
    sums = [0] * size
    at = n * (n + 1) + 2
    for boards in deals:
        share = [0] * n
        for winners in boards:
            for p in winners:
                sums[p * (n + 1) + len(winners)] += 1
                share[p] += units // len(winners)
        sums[n * (n + 1)] += len(boards)
        sums[at] += 1
        sums[at + 1] += len(boards) ** 2
        for p in range(n):
            sums[at + 2 + 2 * p] += share[p] ** 2
            sums[at + 3 + 2 * p] += share[p] * len(boards)
    stats = eq._mc_stats(sums, n)
    total = sum(len(b) for b in deals)
    for p in range(n):
        y = [sum(1 / len(w) for w in b if p in w) for b in deals]
        r = sum(y) / total
        var = (
            len(deals) / (len(deals) - 1)
            * sum((yi - r * len(b)) ** 2 for yi, b in zip(y, deals, strict=True)) / total**2
        )  # fmt: skip
        eq_, win, tie, se = stats[p]
        assert eq_ == pytest.approx(r, rel=1e-12)
        assert se == pytest.approx(math.sqrt(var), rel=1e-9)
        assert win == sum(1 for b in deals for w in b if w == (p,)) / total


def test_a_clustered_run_stops_on_its_standard_error_once_it_has_the_clusters() -> None:
    """--stderr sizes the clusters from the boards the target needs at most (a share's
    variance is at most 1/4) and stops only with MC_CLUSTERS of them behind the error."""
    target = 0.004
    r = pokercalc.equity(NINE, "4dAc5d", method="mc", stderr=target, seed=4, threads=1)
    assert all(p.stderr is not None and p.stderr < target for p in r.players)
    s = _sampler(NINE, "4dAc5d", "holdem", 1, math.ceil(0.25 / target**2))
    assert s.boards == eq.MC_BOARDS and 1 < s.group < 2 * len(s.jprob)
    assert (r.trials or 0) >= eq.MC_CLUSTERS * s.group * s.boards
