"""Equity in the games without a board (stud, razz, the draw games) against a brute-force
reference that deals every outcome one by one (reference_own.py)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from lowball import ace_to_five, badugi, deuce_to_seven
from reference import hand_rank
from reference_games import low_five
from reference_own import own_equity

import pokercalc
from pokercalc.core.cards import format_cards
from pokercalc.engine import own

Hand = tuple[int, ...]


def best_low(cards: Hand) -> Any:
    """The best eight-or-better low of any five of the cards (lower is better), or None."""
    lows = [v for five in itertools.combinations(cards, 5) if (v := low_five(five)) is not None]
    return min(lows, default=None)


#: game -> (high value, low value or None)
RANKINGS: dict[str, tuple[Callable[[Hand], Any], Callable[[Hand], Any] | None]] = {
    "stud": (hand_rank, None),
    "stud-hilo": (hand_rank, best_low),
    "draw": (hand_rank, None),
    "razz": (ace_to_five, None),
    "a-5": (ace_to_five, None),
    "2-7": (deuce_to_seven, None),
    "badugi": (badugi, None),
}


def text(player: list[Any]) -> str:
    parts = []
    for s in player:
        cards, w = (s[0], s[1]) if s and isinstance(s[0], tuple) else (s, 1)
        body = format_cards(cards) if cards else "random"
        parts.append(body if w == 1 else f"{body}:{float(w)}")
    return ", ".join(parts)


def check(game: str, players: list[list[Any]], dead: Hand = ()) -> None:
    g = pokercalc.core.games.get_game(game)
    value, low = RANKINGS[game]
    ref = own_equity(players, dead, g.hole_cards, value, low)
    got = pokercalc.equity(
        [text(p) for p in players], dead=format_cards(dead), game=game, method="exact",
        threads=2,
    )  # fmt: skip
    weighted = any(isinstance(s[0], tuple) for p in players for s in p if s)
    for p, r in enumerate(got.players):
        if weighted:
            assert r.equity == pytest.approx(float(ref.equity[p]), abs=1e-12)
        else:
            assert r.equity_fraction == ref.equity[p], (game, players, p)
            assert r.wins == ref.win[p] and r.ties == ref.tie[p]
    if not weighted:
        assert got.outcomes == ref.outcomes


def deal(rng: random.Random, sizes: list[int], extra: int = 0) -> tuple[list[Hand], Hand]:
    cards = rng.sample(range(52), sum(sizes) + extra)
    hands, at = [], 0
    for k in sizes:
        hands.append(tuple(cards[at : at + k]))
        at += k
    return hands, tuple(cards[at:])


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("game", ["stud", "stud-hilo"])
def test_sixth_street_heads_up(game: str, seed: int) -> None:
    rng = random.Random(seed)
    hands, dead = deal(rng, [6, 6], extra=seed % 3)
    check(game, [[h] for h in hands], dead)


@pytest.mark.parametrize("seed", range(3))
def test_three_way_stud_with_one_card_each_to_come(seed: int) -> None:
    rng = random.Random(100 + seed)
    hands, dead = deal(rng, [6, 6, 6])
    check("stud", [[h] for h in hands], dead)


@pytest.mark.parametrize("seed", range(4))
def test_draw_against_a_pat_hand_and_weighted_sets(seed: int) -> None:
    rng = random.Random(200 + seed)
    hands, _ = deal(rng, [3, 5, 4, 4])
    # player 1 keeps three cards and draws two; player 2 stands pat or keeps four (weighted)
    check("draw", [[hands[0]], [hands[1]]])
    check("draw", [[hands[0][:4] + hands[2][:1]], [(hands[2], Fraction(1, 2)), hands[3]]])


@pytest.mark.parametrize("seed", range(3))
def test_razz_on_ranks_sixth_street(seed: int) -> None:
    rng = random.Random(300 + seed)
    hands, dead = deal(rng, [6, 6], extra=seed)
    check("razz", [[hands[0]], [hands[1]]], dead)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
def test_razz_on_ranks_fifth_street(seed: int) -> None:
    rng = random.Random(310 + seed)
    hands, dead = deal(rng, [6, 5], extra=seed)
    check("razz", [[hands[0]], [hands[1]]], dead)


@pytest.mark.slow
def test_razz_three_way_with_sets() -> None:
    rng = random.Random(31)
    hands, dead = deal(rng, [6, 6, 6, 6], extra=3)
    check("razz", [[hands[0], hands[3]], [hands[1]], [hands[2]]], dead)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("game", ["a-5", "2-7"])
def test_lowball_draws(game: str, seed: int) -> None:
    rng = random.Random(400 + seed)
    hands, dead = deal(rng, [3, 4, 5, 4], extra=2)
    check(game, [[hands[0]], [hands[1]]], dead)
    # three players: one draws a card, one stands pat on one of two hands, one draws one
    check(game, [[hands[1]], [hands[2], hands[0][:2] + hands[2][2:]], [hands[3]]])


@pytest.mark.parametrize("seed", range(3))
def test_badugi_draws(seed: int) -> None:
    rng = random.Random(500 + seed)
    hands, dead = deal(rng, [2, 3, 4], extra=1)
    check("badugi", [[hands[0]], [hands[1]], [hands[2]]], dead)


def test_stud_hilo_sets_and_dead_cards() -> None:
    rng = random.Random(7)
    hands, dead = deal(rng, [6, 6, 6], extra=2)
    check("stud-hilo", [[hands[0], hands[2]], [hands[1]]], dead)


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "draw", "razz", "a-5", "2-7", "badugi"])
def test_monte_carlo_agrees_within_its_error(game: str) -> None:
    rng = random.Random(11)
    k = {"draw": 4, "a-5": 4, "2-7": 4, "badugi": 3}.get(game, 6)
    hands, dead = deal(rng, [k, k, k - 1], extra=4)
    players = [format_cards(h) for h in hands]
    exact = pokercalc.equity(players, dead=format_cards(dead), game=game, method="exact")
    mc = pokercalc.equity(players, dead=format_cards(dead), game=game, method="mc",
                          trials=200_000, seed=5)  # fmt: skip
    for e, m in zip(exact.players, mc.players, strict=True):
        assert m.stderr is not None and (m.stderr > 0 or e.equity in (0, 1))
        assert abs(m.equity - e.equity) <= 4 * m.stderr


def test_the_outer_player_and_the_thread_count_change_nothing() -> None:
    rng = random.Random(3)
    hands, _ = deal(rng, [5, 6])
    players = [format_cards(h) for h in hands]
    one = pokercalc.equity(players, game="stud", method="exact", threads=1)
    two = pokercalc.equity(players[::-1], game="stud", method="exact", threads=2)
    fractions = [p.equity_fraction for p in two.players]
    assert [p.equity_fraction for p in one.players] == fractions[::-1]
    assert (
        one.outcomes
        == two.outcomes
        == own.OwnProblem(
            [1, 1], [own_range(h) for h in hands], (), pokercalc.core.games.STUD
        ).boards()
    )


def own_range(cards: Hand) -> Any:
    from pokercalc.ranges.card_sets import parse_card_sets

    return parse_card_sets(format_cards(cards), pokercalc.core.games.STUD, "p")


#: Spots PokerStove's ps-eval enumerated (bench/bench_pokerstove.py, PokerStove 1.2): its
#: shares of the pot (a k-way split 1/k, a hi/lo half 1/2) over every outcome, where none of
#: its known defects (lowball pairs) applies; the brute force above agrees on every game.
POKERSTOVE = [
    ("stud", "AsKsQdJhTh | 9c9d8h8s2c", (546000, 125580), 671580),
    ("stud", "AsKsQdJhTh2d | 9c9d8h8s", (327990, 119730), 447720),
    ("stud-hilo", "As2s3d4h9c | 8c8dKhQs7c", (345390, 326190), 671580),
    ("stud-hilo", "As2s3d4h9cKd | 8c8dKhQs7c6h | 5c6dJhJs2c3s", (7739.5, 6549.5, 21615), 35904),
    ("razz", "As2s3d4h9c | 8c7dKh6s5c", (501822, 169758), 671580),
    ("razz", "As2s3d4h9c8h | 6c7dKh5s", (391830, 55890), 447720),
    ("draw", "AsKsQdJh | 9c9d8h", (12012, 30558), 42570),
    ("draw", "KhKd7s7c2d | random", (1472365.5, 61573.5), 1533939),
    ("2-7", "7s4d2h | 8c5c3d", (512433, 466677), 979110),
    ("2-7", "7s5d4h | 8c6c3d2h", (13934, 28636), 42570),
    ("a-5", "As2d3h4c | 5c6c7d", (30472, 12098), 42570),
    ("badugi", "As2d | 4c5h", (665223.5, 502256.5), 1167480),
    ("badugi", "As2d3h | 4c5h6s | 7c8d9h", (51930, 11546, 10570), 74046),
]


@pytest.mark.parametrize(("game", "players", "shares", "outcomes"), POKERSTOVE)
def test_pokerstove_counts(
    game: str, players: str, shares: tuple[float, ...], outcomes: int
) -> None:
    r = pokercalc.equity(players, game=game, method="exact")
    assert r.outcomes == outcomes
    for p, share in zip(r.players, shares, strict=True):
        assert p.equity_fraction == Fraction(share).limit_denominator(2) / outcomes


def test_monte_carlo_with_weighted_sets_and_heavy_card_removal() -> None:
    players = "AsAh7d6c5c, KsKh7d6c5c:0.5 | QsQh2c3c4c, QdQc2c3c4s, JsJh2s3s4s:0.3"
    spot = {"game": "stud-hilo", "dead": "2d2h8s8c9c9dTc"}
    exact = pokercalc.equity(players, method="exact", **spot)  # type: ignore[arg-type]
    mc = pokercalc.equity(players, method="mc", trials=200_000, seed=3, **spot)  # type: ignore[arg-type]
    assert exact.method == "exact" and mc.trials == 200_000
    for e, m in zip(exact.players, mc.players, strict=True):
        assert m.stderr is not None and abs(m.equity - e.equity) < 4 * m.stderr
