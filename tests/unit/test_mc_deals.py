"""Monte Carlo dealing: the cards no deal can give the random players listed once and shuffled
in part per deal, the cards the ranged players drew moved out of the way (hold'em games) or
passed over (Omaha, a broken-down player); each path agrees with exact enumeration within its
reported standard error, and its spread over seeds is the standard error it reports."""

from __future__ import annotations

import math
import random
import statistics
import threading
from array import array

import pytest

import pokercalc
from pokercalc.core.games import get_game
from pokercalc.core.validate import check_board_and_dead
from pokercalc.engine import montecarlo as eq
from pokercalc.ranges.players import problem_of


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "board", "dead", "game"),
    [
        ("AsKs | random", "Qs7s2c", "", "holdem"),  # the listed deck, two players
        # Preflop against one random hand (the deal loop with constant card counts), with a
        # one-hand player, and with a range whose cards move out of the deck:
        ("AsKs | random", "", "", "holdem"),
        ("AhAd | random", "", "Kc", "shortdeck"),
        ("AsKs | TT+,AQ+ | random", "", "", "shortdeck"),
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
    exact = pokercalc.equity(players, board=board, dead=dead, game=game, method="exact")
    mc = pokercalc.equity(players, board=board, dead=dead, game=game, method="mc",
                          trials=300_000, seed=7, threads=2)  # fmt: skip
    for e, m in zip(exact.players, mc.players, strict=True):
        assert m.stderr is not None and 0 < m.stderr < 0.01
        assert abs((m.equity or 0) - (e.equity or 0)) < 4 * m.stderr, (players, e.label)


@pytest.mark.slow
def test_many_cards_dealt_per_deal_keep_the_symmetries() -> None:
    """Ranged players and many random ones: players dealt the same distribution are one
    class whose mean share each reports, so they come out equal, as exact enumeration
    has them; six random players take a sixth each with no error at all."""
    r = pokercalc.equity("AA,KK | AA,KK | random | random | random | random", method="mc",
                         trials=400_000, seed=3, threads=2)  # fmt: skip
    eq = [p.equity or 0.0 for p in r.players]
    se = [p.stderr or 0.0 for p in r.players]
    assert abs(sum(eq) - 1) < 1e-9
    assert eq[0] == eq[1] and se[0] == se[1] > 0
    assert len({*eq[2:]}) == 1 and len({*se[2:]}) == 1 and se[2] > 0
    # Against the exact equities: a range against its twin and two random hands on a turn.
    spot = ("AA,KK | AA,KK | random | random", "Qs7h2c5d")
    exact = pokercalc.equity(*spot, method="exact")
    mc = pokercalc.equity(*spot, method="mc", trials=400_000, seed=3, threads=2)
    for e, m in zip(exact.players, mc.players, strict=True):
        assert abs((m.equity or 0) - (e.equity or 0)) < 4 * (m.stderr or 0)
    six = pokercalc.equity(" | ".join(["random"] * 6), method="mc", trials=200_000, seed=3)
    for p in six.players:
        assert p.equity == pytest.approx(1 / 6, abs=1e-15) and p.stderr == 0


@pytest.mark.slow
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


def _sampler(players: str, board: str, game: str, threads: int = 1) -> eq.Sampler:
    g = get_game(game)
    b, d = check_board_and_dead(board, "", game=g)
    return eq.Sampler(problem_of(players, b, d, g)[2], threads)


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
    twice as many deals as the table has rows (each block cut into at least as many as
    clusters_in_block says); the count row then counts the clusters (the last one of a
    block short) and the sums a clustered standard error needs."""
    trials = 2 * eq.MC_BLOCK + 1_001  # three blocks, the last one short
    s = _sampler(players, board, game, threads=2)
    rows = len(s.jprob)
    assert s.boards == boards
    group = min(eq.MC_GROUP, 2 * rows) if even else 1
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
    for block, left in enumerate((eq.MC_BLOCK, eq.MC_BLOCK, 1_001)):  # as the kernel cuts
        deals = -(-left // boards)
        size = min(group, -(-deals // eq.clusters_in_block(block)))
        assert even or size == 1
        while left:
            cut = min(size * boards, left)
            clusters += 1
            squares += cut * cut
            left -= cut
    assert (sums[at], sums[at + 1]) == (clusters, squares)
    clustered = eq.mc_stats(sums, n)
    independent = eq.mc_stats(sums[:at], n)
    for c, i in zip(clustered, independent, strict=True):
        assert c[:3] == i[:3] and c[3] != i[3]  # the same estimates, other errors


def test_even_rows_take_a_ranges_own_spread_out_of_its_error() -> None:
    """Nine players on 4dAc5d: most of 99+,AJs+'s variance beside the board is which of
    its hands it holds, and drawing the joint table's rows evenly takes it out: its
    standard error is below what independent boards would have, though three boards
    share each deal (without the even rows, 1.24 times that of independent boards)."""
    s = _sampler(NINE, "4dAc5d", "holdem")
    s.run(2, 0, eq.mc_blocks(600_000), 600_000)
    sums = s.totals()
    n = s.prob.n
    ranged = s.prob.ranges.index(next(r for r in s.prob.ranges if r.text == "99+,AJs+"))
    clustered = eq.mc_stats(sums, n)[ranged][3] or 0.0
    independent = eq.mc_stats(sums[: n * (n + 1) + 2], n)[ranged][3] or 1.0
    assert clustered < 0.95 * independent


@pytest.mark.slow
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


@pytest.mark.parametrize("classes", [(0, 1, 2), (0, 1, 1)])
def test_the_clustered_standard_error_is_the_ratio_estimators(classes: tuple[int, ...]) -> None:
    """Known deals of the hands, each of one to three boards with known winners: the
    counts the kernel keeps give the equity and the linearised ratio estimator's standard
    error, computed here the obvious way; players 1 and 2 pooled as one class, each
    reports the class's mean share."""
    rng = random.Random(3)
    n, units = 3, eq.share_units(3)
    deals = []
    for _ in range(400):
        b = rng.choice([1, 2, 3, 3, 3])
        deals.append([rng.choice([(0,), (1,), (2,), (0, 1), (0, 1, 2), (1, 2)]) for _ in range(b)])
    size = n * (n + 1) + 4 + 2 * n
    sums = [0] * size
    at = n * (n + 1) + 2
    for boards in deals:
        share = [0] * n  # by class, as the kernel sums them
        for winners in boards:
            for p in winners:
                sums[p * (n + 1) + len(winners)] += 1
                share[classes[p]] += units // len(winners)
        sums[n * (n + 1)] += len(boards)
        sums[at] += 1
        sums[at + 1] += len(boards) ** 2
        for c in range(n):
            sums[at + 2 + 2 * c] += share[c] ** 2
            sums[at + 3 + 2 * c] += share[c] * len(boards)
    stats = eq.mc_stats(sums, n, classes)
    total = sum(len(b) for b in deals)
    for p in range(n):
        members = [q for q in range(n) if classes[q] == classes[p]]
        y = [sum(1 / len(w) for w in b for q in members if q in w) / len(members) for b in deals]
        r = sum(y) / total
        var = (
            len(deals) / (len(deals) - 1)
            * sum((yi - r * len(b)) ** 2 for yi, b in zip(y, deals, strict=True)) / total**2
        )  # fmt: skip
        eq_, win, tie, se = stats[p]
        assert eq_ == pytest.approx(r, rel=1e-12)
        assert se == pytest.approx(math.sqrt(var), rel=1e-9)
        wins = sum(1 for b in deals for w in b for q in members if w == (q,))
        assert win == pytest.approx(wins / (len(members) * total), rel=1e-12)


def test_a_clustered_run_stops_on_its_standard_error_once_it_has_the_clusters() -> None:
    """--stderr stops a clustered run only with MC_CLUSTERS clusters behind its error:
    the same run replayed block by block has them."""
    target = 0.004
    r = pokercalc.equity(NINE, "4dAc5d", method="mc", stderr=target, seed=4, threads=1)
    assert all(p.stderr is not None and p.stderr < target for p in r.players)
    s = _sampler(NINE, "4dAc5d", "holdem")
    trials = r.trials or 0
    s.run(4, 0, eq.mc_blocks(trials), trials)
    n = s.prob.n
    assert s.totals()[n * (n + 1) + 2] >= eq.MC_CLUSTERS


def test_a_timed_clustered_run_is_dealt_again_from_its_trials_and_seed() -> None:
    """The clusters a block is cut into follow from its index and length alone, so the
    trials and seed a timed run reports deal the same cards again."""
    timed = pokercalc.equity(NINE, "4dAc5d", method="mc", time=0.2, seed=8, threads=2)
    again = pokercalc.equity(NINE, "4dAc5d", method="mc", trials=timed.trials, seed=8, threads=2)
    assert [(p.equity, p.stderr) for p in timed.players] == [
        (p.equity, p.stderr) for p in again.players
    ]


def test_a_stopped_run_keeps_whole_evenly_drawn_clusters_only() -> None:
    """An evenly drawn cluster is unbiased only whole (its first deals take the joint
    table's first rows), so a run stopped mid-cluster keeps the clusters it finished:
    what it counts is a run of whole clusters, and every board it counts shares out one
    pot."""
    s = _sampler(NINE, "4dAc5d", "holdem")
    assert s.group > 1 and s.boards == eq.MC_BOARDS
    blocks = 256
    threading.Timer(0.03, s.control.stop).start()
    s.run(6, 0, blocks, blocks * eq.MC_BLOCK)
    sums = s.totals()
    n = s.prob.n
    at, units = n * (n + 1) + 2, eq.share_units(n)
    boards = sums[n * (n + 1)]
    assert 0 < boards < blocks * eq.MC_BLOCK  # stopped on the way
    # Every board counted shares out one pot.
    shares = sum(sums[p * (n + 1) + k] * (units // k) for p in range(n) for k in range(1, n + 1))
    assert shares == boards * units
    # The counts are those of the first clusters of the blocks, whole.
    prefixes = {(0, 0, 0)}
    c = q = b = 0
    for block in range(blocks):
        deals = -(-eq.MC_BLOCK // s.boards)
        size = min(s.group, -(-deals // eq.clusters_in_block(block))) * s.boards
        left = eq.MC_BLOCK
        while left:
            cut = min(size, left)
            c, q, b = c + 1, q + cut * cut, b + cut
            prefixes.add((c, q, b))
            left -= cut
    assert (sums[at], sums[at + 1], boards) in prefixes


def test_a_batch_of_many_cores_is_cut_where_cluster_sums_would_outgrow_64_bits() -> None:
    """A thread's squared cluster sums stay within 64 bits: a call runs at most
    Kernel.cluster_slots blocks, which the sampler cuts its batches to, and a batch as
    large as many cores make in 50 ms (800 blocks: 13 million boards) is one call."""
    s = _sampler(NINE, "4dAc5d", "holdem", threads=2)
    units = eq.share_units(s.prob.n)
    most = s.kernel.cluster_slots(eq.MC_BLOCK, s.group * s.boards, units)
    assert most * eq.MC_BLOCK * s.group * s.boards * units**2 < 2**63
    assert (most + 1) * eq.MC_BLOCK * s.group * s.boards * units**2 >= 2**63
    assert most >= 800 and s.kernel_calls(40, 800, 0) == [(40, 800, eq.MC_BLOCK)]
    calls = s.kernel_calls(40, 3 * most + 5, 7)
    assert [c for _, c, _ in calls] == [most, most, most, 5, 1]
    assert [b for b, _, _ in calls] == [40, 40 + most, 40 + 2 * most, 40 + 3 * most, 45 + 3 * most]
    # The kernel refuses a call past the bound rather than wrap around.
    s.kernel.set_clusters(s.boards, s.group, units, array("B", s.classes))
    rng = array("Q", bytes(8 * 16 * (most + 1)))
    with pytest.raises(ValueError, match="cluster sums"):
        s.kernel.montecarlo(
            s.aprob, s.aidx, s.joint, s.jprob, s.jalias,
            memoryview(rng).cast("B").cast("Q", [most + 1, 16]), eq.MC_BLOCK,
            s.cview, s.ccounts, most + 1, 2, s.ctl,
        )  # fmt: skip


@pytest.mark.parametrize("threads", [1, 2])
def test_a_standard_error_target_stops_near_the_deals_it_needs(threads: int) -> None:
    # Errors fall as one over the root of the deals, so the deals the target needed are
    # known at the end; batches that kept doubling dealt 491,520 where 250,000 would do.
    target = 0.001
    r = pokercalc.equity("AsKs | QQ", method="mc", stderr=target, seed=3, threads=threads)
    worst = max(p.stderr or 0.0 for p in r.players)
    assert 0 < worst < target
    needed = (r.trials or 0) * (worst / target) ** 2
    assert (r.trials or 0) <= 1.15 * needed + 2 * threads * eq.MC_BLOCK
