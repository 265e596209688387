"""Omaha hi/lo eight or better (4 and 5 hole cards) against the slow reference of
reference_games, exactly.

Generated spots go through the Python API and the command line and must equal
the reference's Fractions and counts, with the high and low shares and the
chance of a low to 1e-12; hand-made traps (counterfeited lows, quartered pots,
boards without a low, the wheel), Monte Carlo against enumeration, suit and
seat symmetry and bad input follow.  The reference checks itself at the end.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import re
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
import reference_games as ref
from cli_runs import invoke, one_line_error
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from omaha_spots import (
    HOLE_CARDS,
    Player,
    Spot,
    SymmetrySpot,
    equity_and_relabelled,
    feasible,
    symmetry_spots,
)

import pokercalc
from pokercalc.cli import cli
from pokercalc.core.cards import format_cards, parse_cards
from pokercalc.errors import PokercalcError

#: The games these tests play.
GAMES = ("omaha-hilo", "omaha5-hilo")

#: Ranks (0 = deuce .. 12 = ace) that can play in an eight-or-better low.
LOW_RANKS = frozenset({12, 0, 1, 2, 3, 4, 5, 6})


def make_spot(case: int) -> Spot:
    """A seeded random spot small enough for the reference (about a second at most).

    Mostly rivers and turns with unions of up to three hands; flops with one
    or two hands a player.  Most decks are shuffled with the cards ace to
    eight drawn forward, so that boards allow lows and hands hold them (and
    counterfeit each other's); a ``random`` player sits in some omaha-hilo
    rivers.  Some hands take a card of an earlier player's hand, so that
    assignments collide, and some unions hold a hand that the board or a dead
    card removes.
    """
    rnd = random.Random(104729 * case + 17)
    game = ("omaha-hilo", "omaha5-hilo")[case % 2]
    k = HOLE_CARDS[game]
    street = (5, 4, 5, 4, 3)[(case // 2) % 5]
    weighted = case % 5 == 3
    lowish = case % 3 != 1
    while True:
        deck = rnd.sample(range(52), 52)
        if lowish:
            deck.sort(key=lambda c: rnd.random() * (0.45 if c >> 2 in LOW_RANKS else 1.0))
        board = deck[:street]
        dead = deck[street : street + rnd.randint(0, 3)]
        pool = deck[street + len(dead) :]
        seat = None
        if street == 5 and k == 4 and (case // 2) % 5 == 0:
            seat = rnd.randrange(3)
        n = min(3 if street == 3 or seat is not None else 4, 2 + (case // 10 + case) % 3)
        if seat is not None:
            n = max(n, seat + 1)
        most = 1 if seat is not None else 3 if street > 3 else 2 if k == 4 else 1
        players: list[Player] = []
        taken: set[int] = set()  # the cards of the hands drawn so far
        for p in range(n):
            if p == seat:
                players.append(ref.RANDOM)
                continue
            size = rnd.randint(1, most)
            others = sorted(taken)
            hands: dict[tuple[int, ...], float] = {}
            while len(hands) < size:
                fresh = [c for c in pool if c not in taken]
                if len(fresh) < k:
                    fresh = pool
                # The front of a low-ordered pool is mostly low cards.
                front = fresh[: max(k, int(len(fresh) * rnd.choice([0.3, 1.0])))]
                cards = rnd.sample(front, k)
                if others and rnd.random() < 0.35:
                    cards[0] = rnd.choice(others)  # a hand that collides with an earlier player's
                elif size > 1 and not hands and rnd.random() < 0.3:
                    cards[0] = rnd.choice(board + dead)  # a hand the board or dead cards remove
                if len(set(cards)) < k:
                    continue
                taken.update(cards)
                w = rnd.choice([1, 0.5, 0.25, 0.75]) if weighted and size > 1 else 1
                hands[tuple(sorted(cards, reverse=True))] = w
            players.append(tuple(hands.items()))
        if feasible(players, set(board) | set(dead)):
            return Spot(game, tuple(players), tuple(board), tuple(dead))


SPOTS = [make_spot(case) for case in range(24)]


@cache
def reference(case: int) -> ref.ReferenceHiLo:
    """The reference's answer for ``SPOTS[case]``, computed once for every test that needs it."""
    s = SPOTS[case]
    players = [p if p == ref.RANDOM else [(h, Fraction(w)) for h, w in p] for p in s.players]
    return ref.omaha_hilo_equity(players, s.board, s.dead, HOLE_CARDS[s.game])


def _spot_id(case: int) -> str:
    s = SPOTS[case]
    sizes = "-".join("r" if p == ref.RANDOM else str(len(p)) for p in s.players)
    return f"{case}-{s.game}-{len(s.board)}b-{sizes}{'-w' if s.weighted else ''}"


def _close(got: Any, want: Fraction) -> bool:
    return got is not None and abs(got - float(want)) <= 1e-12


def _assert_player(got: dict[str, Any], want: ref.ReferenceHiLo, i: int, spot: Spot) -> None:
    """One player's result (a dict of the JSON fields) equals the reference: exactly where the
    run was unweighted, within rounding where weights mattered."""
    assert _close(got["equity"], want.equity[i]), (i, got, want.equity[i])
    assert _close(got["win"], want.scoop[i]) and _close(got["scoop"], want.scoop[i]), (i, got)
    assert _close(got["tie"], want.part[i]), (i, got, want.part[i])
    assert _close(got["high_share"], want.high_share[i]), (i, got, want.high_share[i])
    assert _close(got["low_share"], want.low_share[i]), (i, got, want.low_share[i])
    if spot.weights_matter():
        assert got["equity_fraction"] is None and got["wins"] is None and got["ties"] is None
        return
    assert Fraction(got["equity_fraction"]) == want.equity[i]
    assert got["equity"] == float(want.equity[i])
    assert got["wins"] == want.scoops[i] and got["ties"] == want.parts[i]
    assert got["stderr"] is None


def _api_fields(p: Any) -> dict[str, Any]:
    """A PlayerResult's attributes under the JSON names."""
    names = ("equity", "win", "tie", "scoop", "high_share", "low_share", "wins", "ties")
    out = {name: getattr(p, name) for name in names}
    out["equity_fraction"], out["stderr"] = p.equity_fraction, p.stderr
    return out


@pytest.mark.slow
@pytest.mark.parametrize("case", range(len(SPOTS)), ids=_spot_id)
def test_exact_hilo_equals_the_reference(case: int) -> None:
    spot, want = SPOTS[case], reference(case)
    # Range objects for every third spot, text for the rest.
    players = spot.ranges() if case % 3 == 2 else spot.texts()
    got = pokercalc.equity(
        players,
        board=format_cards(spot.board),
        dead=format_cards(spot.dead),
        method="exact",
        game=spot.game,
    )
    assert got.game == spot.game and got.method == "exact"
    assert got.outcomes == want.outcomes and got.outcomes_exact
    assert [p.combos for p in got.players] == spot.combos()
    assert _close(got.low_possible, want.low_possible)
    for i, p in enumerate(got.players):
        _assert_player(_api_fields(p), want, i, spot)
        assert p.scoop == p.win
        if not spot.weights_matter():
            assert isinstance(p.equity_fraction, Fraction) and p.equity_fraction == want.equity[i]
            assert isinstance(p.wins, int) and isinstance(p.ties, int)


@pytest.mark.slow
@pytest.mark.parametrize("case", [c for c in range(len(SPOTS)) if c % 4 < 2], ids=_spot_id)
def test_the_cli_prints_the_reference_results(case: int) -> None:
    spot, want = SPOTS[case], reference(case)
    result = CliRunner().invoke(cli, spot.cli_args())
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)["result"]
    assert doc["game"] == spot.game and doc["method"] == "exact"
    assert doc["outcomes"] == want.outcomes
    assert _close(doc["low_possible"], want.low_possible)
    assert [p["combos"] for p in doc["players"]] == spot.combos()
    for i, p in enumerate(doc["players"]):
        _assert_player(p, want, i, spot)


@pytest.mark.slow
def test_the_spots_cover_what_they_should() -> None:
    """Games, streets, player counts, random players, weights, dead cards, card removal,
    collisions, and pots that really split: lows made and missed, parts of pots."""
    assert {s.game for s in SPOTS} == set(GAMES)
    assert {len(s.board) for s in SPOTS} == {3, 4, 5}
    assert {len(s.players) for s in SPOTS} >= {2, 3, 4}
    assert sum(ref.RANDOM in s.players for s in SPOTS) >= 2
    assert sum(s.weights_matter() for s in SPOTS) >= 2 and sum(bool(s.dead) for s in SPOTS) >= 5
    assert any(c < len(p) for s in SPOTS for c, p in zip(s.combos(), s.players, strict=True))

    def collide(s: Spot) -> bool:
        hands = [set(h) for p in s.players if p != ref.RANDOM for h, _ in p]
        return any(a & b for a, b in itertools.combinations(hands, 2))

    assert sum(collide(s) for s in SPOTS) >= 4
    refs = [reference(case) for case in range(len(SPOTS))]
    # Some spots always allow a low, some never, some sometimes.
    assert any(r.low_possible == 1 for r in refs) and any(r.low_possible == 0 for r in refs)
    assert sum(0 < r.low_possible < 1 for r in refs) >= 4
    # Lows are won, and pots are split between players, in most spots.
    assert sum(any(r.low) for r in refs) >= 10
    assert sum(any(r.parts) for r in refs) >= 10
    # (A low board where no player makes a low is among the traps below.)


# ---------------------------------------------------------------------------
# Hand-made traps, river boards: (game, players, board, equity, high share, low share)

TRAPS = [
    # Counterfeited: A-2 with a deuce on the board plays no low (the board's low ranks besides
    # A and 2 are only 4 and 7); 3-5 makes 7-5-4-3-2 and takes the low, the queens the high.
    ("omaha-hilo", "As2sQdQh | 3c5dJcJh", "2h4c7dKcKs", ["1/2", "1/2"], [1, 0], [0, 1]),
    # Counterfeited by an ace on the board, in omaha5-hilo: make no low with the
    # board's A-5-8, but 2-3 backs them up with 8-5-3-2-A, which beats the 4-6's 8-6-5-4-A
    # (lows compare from the top card down: 8-5 beats 8-6); the queens' set takes the high.
    ("omaha5-hilo", "Ac2d3hKsKh | 4c6dQsQhJc", "Ad5s8cQdTc", ["1/2", "1/2"], [0, 1], [1, 0]),
    # Quartered: both hold A-2 for 7-4-3-2-A; the kings' set takes the high alone.
    ("omaha-hilo", "Ac2dKsKh | Ah2cQsQh", "3c4d7sKd9h", ["3/4", "1/4"], [1, 0], ["1/2", "1/2"]),
    # The same three-handed: the third player's set of nines gets nothing.
    (
        "omaha-hilo",
        "Ac2dKsKh | Ah2cQsQh | 9c9dTsTh",
        "3c4d7sKd9h",
        ["3/4", "1/4", 0],
        [1, 0, 0],
        ["1/2", "1/2", 0],
    ),
    # The high split (queens and jacks up for both) and the low won alone: 3/4 and 1/4.
    ("omaha-hilo", "Ac2dQsQh | 9c9dQcQd", "3c4d7sJdJh", ["3/4", "1/4"], ["1/2", "1/2"], [1, 0]),
    # No low on the board (one low card): the high hand scoops, the low draw gets nothing.
    ("omaha-hilo", "As2s3d4d | TcTd5h6h", "KcQdJh9s2c", [0, 1], [0, 1], [0, 0]),
    # A low board but no qualifying low (9-6-4-3-2 does not qualify; a pair plays no low):
    # the high hand scoops.
    ("omaha-hilo", "9c6dJsJh | TcTd5s5h", "2c3d4hKsQd", [1, 0], [1, 0], [0, 0]),
    # Four low cards on the board and one in the hand make no low: two hole cards must play.
    ("omaha-hilo", "AcKdKhQs | 7d8dJhJs", "2c3d4h5s9c", ["1/2", "1/2"], [1, 0], [0, 1]),
    # A player with the best low and not the best high: half each.
    ("omaha-hilo", "Ac3dJsTs | KcKhQdQh", "2s6h8dKs4c", ["1/2", "1/2"], [0, 1], [1, 0]),
    # The wheel is both the low and a straight, and scoops against a set.
    ("omaha-hilo", "Ac2dKsQs | JcJdTc9d", "3h4c5dJh9c", [1, 0], [1, 0], [1, 0]),
    # The wheel loses the high to a seven-high straight (whose 7-6-5-4-3 low is worse).
    ("omaha-hilo", "Ac2dKsQs | 6c7dKcKh", "3h4c5dJh9c", ["1/2", "1/2"], [0, 1], [1, 0]),
]


def _hands(players: str) -> list[list[tuple[int, ...]]]:
    return [[tuple(parse_cards(h.strip()))] for h in players.split("|")]


@pytest.mark.parametrize(("game", "players", "board", "equity", "high", "low"), TRAPS)
def test_the_traps(
    game: str, players: str, board: str, equity: list[Any], high: list[Any], low: list[Any]
) -> None:
    equity, high, low = ([Fraction(x) for x in xs] for xs in (equity, high, low))
    want = ref.omaha_hilo_equity(_hands(players), parse_cards(board), (), HOLE_CARDS[game])
    assert (list(want.equity), list(want.high_share), list(want.low_share)) == (equity, high, low)
    got = pokercalc.equity(players, board=board, method="exact", game=game)
    assert got.outcomes == 1
    assert [p.equity_fraction for p in got.players] == equity
    for p, h, lo, e in zip(got.players, high, low, equity, strict=True):
        assert _close(p.high_share, h) and _close(p.low_share, lo), p
        assert _close(p.scoop, Fraction(e == 1)) and _close(p.win, Fraction(e == 1)), p
    assert [p.wins for p in got.players] == [int(x == 1) for x in equity]
    assert [p.ties for p in got.players] == [int(0 < x < 1) for x in equity]
    assert got.low_possible == float(ref.board_allows_low(parse_cards(board)))


def test_a_trap_through_the_cli() -> None:
    args = ["equity", "Ac2dKsKh | Ah2cQsQh | 9c9dTsTh", "--board", "3c4d7sKd9h"]
    result = CliRunner().invoke(cli, [*args, "--game", "omaha-hilo", "--exact", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)["result"]
    players = doc["players"]
    assert [Fraction(p["equity_fraction"]) for p in players] == [Fraction(3, 4), Fraction(1, 4), 0]
    assert [p["high_share"] for p in players] == [1, 0, 0]
    assert [p["low_share"] for p in players] == [0.5, 0.5, 0]
    assert [(p["wins"], p["ties"]) for p in players] == [(0, 1), (0, 1), (0, 0)]
    assert doc["low_possible"] == 1


# Spots where counterfeiting happens on the cards to come, against the reference.
DRAWN_TRAPS = [
    # A-2 on a low flop: a turn or river ace or deuce counterfeits it, 3-4 backs nothing up.
    ("omaha-hilo", "As2sKdKh | 3c6cQcQd", "4h7dJs", ""),
    # A-2-3: counterfeit insurance; the opponent's 2-4 and the aces fight for the high.
    ("omaha-hilo", "Ac2c3dKs | AdAh2h4s | Ts9s8h7c", "5d8cKh", ""),
    # omaha5-hilo on the turn with dead low cards.
    ("omaha5-hilo", "As2s3hKdKh | 2c4c5dQcQd | 6h7hTsJsQs", "8d9cJd3c", "Ah4h"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "board", "dead"), DRAWN_TRAPS)
def test_counterfeits_to_come_equal_the_reference(
    game: str, players: str, board: str, dead: str
) -> None:
    want = ref.omaha_hilo_equity(
        _hands(players), parse_cards(board), parse_cards(dead), HOLE_CARDS[game]
    )
    assert 0 < want.low_possible < 1 and any(want.low) and any(want.parts)
    got = pokercalc.equity(players, board=board, dead=dead, method="exact", game=game)
    assert got.outcomes == want.outcomes
    assert _close(got.low_possible, want.low_possible)
    for i, p in enumerate(got.players):
        assert p.equity_fraction == want.equity[i]
        assert (p.wins, p.ties) == (want.scoops[i], want.parts[i])
        assert _close(p.high_share, want.high_share[i])
        assert _close(p.low_share, want.low_share[i])


# ---------------------------------------------------------------------------
# Monte Carlo against enumeration

MC_SPOTS = [
    ("omaha-hilo", "As2sKdQd | 7h7c6h5c", "", ""),
    ("omaha-hilo", "Ac2c3dKs | AdAh2h4s | Ts9s8h7c", "5d8cKh", ""),
    ("omaha5-hilo", "As2s3hKdKh | 2c4c5dQcQd | 6h7hTsJsQs", "8d9cJd", "Ah"),
    ("omaha-hilo", "As2sKsKh,Ad3dKdKc | 4c5c6h7h | random", "2d8s9h3c", "Qh"),
]


def _binomial_bound(p: float, n: int) -> float:
    """Four standard errors of a mean of n draws in [0, 1] with mean p (at most Bernoulli's)."""
    return 4 * math.sqrt(p * (1 - p) / n) + 1e-12


@pytest.mark.parametrize(("game", "players", "board", "dead"), MC_SPOTS)
def test_monte_carlo_lands_within_four_standard_errors(
    game: str, players: str, board: str, dead: str
) -> None:
    trials = 200_000
    exact = pokercalc.equity(players, board=board, dead=dead, method="exact", game=game)
    mc = pokercalc.equity(
        players, board=board, dead=dead, method="mc", trials=trials, seed=11, game=game
    )
    assert mc.method == "mc" and mc.trials == trials and mc.game == game
    assert abs(mc.low_possible - exact.low_possible) < _binomial_bound(exact.low_possible, trials)
    for e, m in zip(exact.players, mc.players, strict=True):
        assert m.stderr is not None and 0 < m.stderr < 0.01
        assert abs(m.equity - float(e.equity_fraction)) < 4 * m.stderr, (e, m)
        assert m.equity_fraction is None and m.wins is None
        for name in ("scoop", "high_share", "low_share", "tie"):
            want = getattr(e, name)
            assert abs(getattr(m, name) - want) < _binomial_bound(want, trials), (name, e, m)


# ---------------------------------------------------------------------------
# Symmetry and threads


@settings(
    max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    symmetry_spots(GAMES, lambda game, board: game == "omaha-hilo" and board == 5),
    st.permutations(range(4)),
    st.randoms(use_true_random=False),
)
def test_relabelling_suits_and_permuting_players_change_nothing(
    spot: SymmetrySpot, sigma: list[int], rnd: random.Random
) -> None:
    base, moved, order = equity_and_relabelled(spot, sigma, rnd)
    assert moved.outcomes == base.outcomes
    assert moved.low_possible == pytest.approx(base.low_possible, abs=1e-12)
    for pos, i in enumerate(order):
        a, b = moved.players[pos], base.players[i]
        assert (a.equity_fraction, a.wins, a.ties) == (b.equity_fraction, b.wins, b.ties)
        assert a.high_share == pytest.approx(b.high_share, abs=1e-12)
        assert a.low_share == pytest.approx(b.low_share, abs=1e-12)
    assert sum(p.equity_fraction for p in base.players) == 1
    assert sum(p.high_share for p in base.players) == pytest.approx(1, abs=1e-12)


def test_one_thread_and_two_threads_give_the_same_answer() -> None:
    args = ("As2sKsKh | 3d4dQdJd | random",)
    kw: dict[str, Any] = {"board": "2c7d8h3c", "game": "omaha-hilo", "method": "exact"}
    one = pokercalc.equity(*args, threads=1, **kw)
    two = pokercalc.equity(*args, threads=2, **kw)
    assert one.outcomes == two.outcomes == math.comb(40, 4) * 36
    assert one.low_possible == pytest.approx(two.low_possible, abs=1e-12)
    for a, b in zip(one.players, two.players, strict=True):
        assert (a.equity_fraction, a.wins, a.ties) == (b.equity_fraction, b.wins, b.ties)
        assert a.high_share == pytest.approx(b.high_share, abs=1e-12)
        assert a.low_share == pytest.approx(b.low_share, abs=1e-12)


# ---------------------------------------------------------------------------
# Bad input: one line, exit 2


def _one_line_error(args: list[str]) -> str:
    return one_line_error(invoke(*args))


@pytest.mark.parametrize(
    ("game", "players", "board", "pattern"),
    [
        ("omaha5-hilo", "As2sQdJd | random", "", "4 cards.* omaha5-hilo hand has 5"),
        ("omaha-hilo", "As2sQdJd3c | random", "", "5 cards.* omaha-hilo hand has 4"),
        ("omaha-hilo", "As2s | random", "", "2 cards.* omaha-hilo hand has 4"),
        ("omaha-hilo", "As2sQdJd | random", "Qd7c2h", "blocked by Qd"),
        ("omaha5-hilo", "As2sQdJd3c | Ah2hQhJh3c", "", "both hold 3c"),
    ],
)
def test_bad_hands_are_one_line_and_exit_2(
    game: str, players: str, board: str, pattern: str
) -> None:
    with pytest.raises(PokercalcError, match=pattern):
        pokercalc.equity(players, board=board, game=game, method="exact")
    line = _one_line_error(["equity", players, "--board", board, "--game", game, "--exact"])
    assert re.search(pattern, line), line


@pytest.mark.parametrize(("game", "most"), [("omaha-hilo", 11), ("omaha5-hilo", 9)])
def test_more_players_than_the_deck_allows(game: str, most: int) -> None:
    many = " | ".join(["random"] * (most + 1))
    message = f"{most + 1} players is too many: {game} deals at most {most}"
    with pytest.raises(PokercalcError, match=message):
        pokercalc.equity(many, game=game)
    assert message in _one_line_error(["equity", many, "--game", game])


# ---------------------------------------------------------------------------
# The reference itself


def _low_by_ranks(hole: list[int], board: list[int]) -> tuple[int, ...] | None:
    """The best low from rank sets alone: two distinct low ranks of the hand and three other
    distinct low ranks of the board, the smallest five-rank tuple (highest first)."""
    value = {12: 1, **{r: r + 2 for r in range(7)}}
    mine = sorted({value[c >> 2] for c in hole if c >> 2 in value})
    theirs = sorted({value[c >> 2] for c in board if c >> 2 in value})
    best = None
    for two in itertools.combinations(mine, 2):
        three = [r for r in theirs if r not in two][:3]  # the lowest three others are best
        if len(three) == 3:
            low = tuple(sorted((*two, *three), reverse=True))
            best = low if best is None else min(best, low)
    return best


def _low_of_subsets(hole: list[int], board: list[int]) -> tuple[int, ...] | None:
    """The best low over every five-card subset of hole and board that holds exactly two hole
    cards, each checked digit by digit (an integer key: smaller is better)."""
    best: int | None = None
    for five in itertools.combinations(hole + board, 5):
        if sum(c in hole for c in five) != 2:
            continue
        ranks = [1 if c >> 2 == 12 else (c >> 2) + 2 for c in five]
        if len(set(ranks)) == 5 and max(ranks) <= 8:
            key = int("".join(str(r) for r in sorted(ranks, reverse=True)))
            best = key if best is None else min(best, key)
    return None if best is None else tuple(int(d) for d in str(best))


@pytest.mark.slow
def test_the_reference_low_agrees_with_two_other_ways() -> None:
    rnd = random.Random(23)
    lowish = [c for c in range(52) if c >> 2 in LOW_RANKS]
    seen = {True: 0, False: 0}
    for k, nb in itertools.product((4, 5), (3, 4, 5)):
        for trial in range(300):
            pool = lowish if trial % 3 else list(range(52))  # mostly low cards
            cards = rnd.sample(pool, k + nb)
            hole, board = cards[:k], cards[k:]
            low = ref.omaha_low(hole, board)
            assert low == _low_of_subsets(hole, board) == _low_by_ranks(hole, board)
            assert ref.omaha_low_value(tuple(sorted(hole)), tuple(sorted(board))) == low
            if not ref.board_allows_low(board):
                assert low is None
            seen[low is None] += 1
    assert min(seen.values()) > 300


def test_lows_order_as_poker_does() -> None:
    c = parse_cards
    wheel = ref.low_five(c("Ac2d3h4s5c"))
    assert wheel == (5, 4, 3, 2, 1)
    assert ref.low_five(c("7c6d5h4s3c")) < ref.low_five(c("8c6d4h3s2c"))
    assert ref.low_five(c("8c5d4h3s2c")) < ref.low_five(c("8c6d4h3s2c"))
    assert ref.low_five(c("6c5d4h3sAc")) < ref.low_five(c("6c5d4h3s2c"))
    assert ref.low_five(c("Ac2c3c4c5c")) == wheel  # a straight flush is still the best low
    assert ref.low_five(c("9c5d4h3s2c")) is None  # a nine does not qualify
    assert ref.low_five(c("8c8d4h3s2c")) is None  # nor does a pair
    # The 56 lows in order: every one of C(8, 5), lexicographic from the top card down.
    lows = sorted(tuple(sorted(s, reverse=True)) for s in itertools.combinations(range(1, 9), 5))
    assert len(lows) == 56 and lows[0] == wheel and lows[-1] == (8, 7, 6, 5, 4)
    # Two hole and three board cards: the board's four low cards and one in the hand make none.
    assert ref.omaha_low(c("AcKdKhQs"), c("2c3d4h5s9c")) is None
    assert ref.omaha_low(c("As2sQdQh"), c("2h4c7dKcKs")) is None  # counterfeited
    assert ref.omaha_low(c("As2s3dQh"), c("2h4c7dKcKs")) == (7, 4, 3, 2, 1)  # the 3 saves it


def test_shares_of_one_outcome_sum_to_one() -> None:
    rnd = random.Random(31)
    for _ in range(2000):
        n = rnd.randint(2, 5)
        values = [(rnd.randint(0, 2),) for _ in range(n)]
        lows = [
            rnd.choice([None, (7, 5, 4, 3, 2), (8, 6, 4, 3, 2), (5, 4, 3, 2, 1)]) for _ in range(n)
        ]
        shares = ref.hilo_shares(values, lows)
        assert sum(shares) == 1 and all(s >= 0 for s in shares)
        if all(v is None for v in lows):
            assert all((s > 0) == (v == max(values)) for s, v in zip(shares, values, strict=True))
    # Quartering: one high, two equal lows.
    assert ref.hilo_shares([(3,), (1,), (0,)], [(7, 4, 3, 2, 1), (7, 4, 3, 2, 1), None]) == [
        Fraction(3, 4),
        Fraction(1, 4),
        0,
    ]


def _plain_hilo(
    players: list[Any], board: list[int], dead: list[int], k: int
) -> tuple[list[Fraction], list[Fraction], list[Fraction], Fraction, int]:
    """A second, plainer enumeration: assignments outside, boards inside, no caches, each
    outcome's shares from ``hilo_shares``.  Equity, high share, low share, chance of a low
    board and the outcome count."""
    rest = [c for c in range(52) if c not in board and c not in dead]
    lists = [
        [(h, Fraction(1)) for h in itertools.combinations(rest, k)] if p == ref.RANDOM else p
        for p in players
    ]
    n = len(players)
    share, high, low = ([Fraction(0)] * n for _ in range(3))
    total = low_board = Fraction(0)
    outcomes = 0
    for assignment in itertools.product(*lists):
        hole = [c for h, _ in assignment for c in h]
        if len(set(hole)) != len(hole) or set(hole) & (set(board) | set(dead)):
            continue
        weight = math.prod((w for _, w in assignment), start=Fraction(1))
        left = [c for c in rest if c not in hole]
        for more in itertools.combinations(left, 5 - len(board)):
            full = [*board, *more]
            values = [ref.omaha_rank(h, full) for h, _ in assignment]
            lows = [ref.omaha_low(h, full) for h, _ in assignment]
            split = ref.hilo_shares(values, lows)
            highs = [v == max(values) for v in values]
            made = [v for v in lows if v is not None]
            for i in range(n):
                share[i] += weight * split[i]
                high[i] += weight * Fraction(highs[i], sum(highs))
                if made and lows[i] == min(made):
                    low[i] += weight / sum(v == min(made) for v in lows)
            low_board += weight * ref.board_allows_low(full)
            total += weight
            outcomes += 1
    rates = ([x / total for x in xs] for xs in (share, high, low))
    return (*rates, low_board / total, outcomes)


#: Twenty-six dead cards (every nine to king left, and some sevens and eights) for the river
#: As2sQsJs on 2c3d4h5s9s: the 17 cards left, 13 of them A-6, deal the random hand.
DEAD_26 = "9c9d9hTcTdThTsJcJdJhQcQdQhKcKdKhKs8c8d8h8s7c7d7h6c6d"


@pytest.mark.slow
def test_the_reference_agrees_with_a_plainer_enumeration() -> None:
    c = parse_cards
    w = Fraction(1, 2)
    cases: list[tuple[list[Any], str, str, int]] = [
        # heads-up flop: C(41, 2) = 820 boards
        ([[(tuple(c("As2sKdQd")), 1)], [(tuple(c("7h7s6h5s")), 1)]], "3c4d9s", "", 4),
        # unions that collide with each other, weighted, on the turn
        (
            [
                [(tuple(c("As2sQdJd")), 1), (tuple(c("Ah3hQcJc")), w)],
                [(tuple(c("AsAh7h6h")), 1), (tuple(c("2h3s8s8h")), Fraction(1, 4))],
                [(tuple(c("KsKcTd9d")), 1)],
            ],
            "2c3d4hTs",
            "",
            4,
        ),
        # a random player on the river, 26 dead cards keeping the plain enumeration short
        ([[(tuple(c("As2sQsJs")), 1)], ref.RANDOM], "2c3d4h5s9s", DEAD_26, 4),
        # omaha5-hilo on the flop, a counterfeit to come
        ([[(tuple(c("As2sKsQd3h")), 1)], [(tuple(c("4h5h6cTsTd")), 1)]], "7c8d2d", "", 5),
    ]
    for players, board, dead, k in cases:
        got = ref.omaha_hilo_equity(players, c(board), c(dead), k)
        equity, high, low, low_possible, outcomes = _plain_hilo(players, c(board), c(dead), k)
        assert got.outcomes == outcomes
        assert list(got.equity) == equity
        assert (list(got.high_share), list(got.low_share)) == (high, low)
        assert got.low_possible == low_possible
        assert sum(got.equity) == 1 and sum(got.high_share) == 1
        assert sum(got.low_share) == got.low_made / got.total <= got.low_possible
        assert all(0 <= s <= p for s, p in zip(got.scoops, got.share, strict=True))
        assert all(s + p <= got.total for s, p in zip(got.scoops, got.parts, strict=True))
        # The high half is split exactly as the high-only game splits the whole pot.
        assert list(got.high_share) == list(ref.omaha_equity(players, c(board), c(dead), k).equity)


def test_without_a_low_board_hilo_is_the_high_game() -> None:
    # No board card of A-8 can come (all of them are dead or held): every pot goes high.
    players = [[tuple(parse_cards("As2sKdQd"))], [tuple(parse_cards("JcJhTcTh"))]]
    dead = parse_cards("Ac Ad Ah 2c2d2h 3c3d3h3s 4c4d4h4s 5c5d5h5s 6c6d6h6s 7c7d7h7s 8c8d8h8s")
    board = parse_cards("KsQs9c")
    hilo = ref.omaha_hilo_equity(players, board, dead, 4)
    high = ref.omaha_equity(players, board, dead, 4)
    assert hilo.low_possible == 0 and not any(hilo.low)
    assert hilo.equity == high.equity and hilo.scoops == high.win and hilo.parts == high.tie
