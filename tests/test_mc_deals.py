"""Monte Carlo dealing: the cards no deal can give the random players listed once and shuffled
in part per deal, the cards the ranged players drew moved out of the way (hold'em games) or
passed over (Omaha, a broken-down player); each path agrees with exact enumeration within its
reported standard error, and its spread over seeds is the standard error it reports."""

from __future__ import annotations

import statistics

import pytest

import pokercalc


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
