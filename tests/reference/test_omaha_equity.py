"""Omaha equity (4, 5 and 6 hole cards) against the slow reference of reference_games, exactly.

Generated spots go through the Python API (as text and as Range objects) and
the command line; the traps of two-plus-three hand forming, Monte Carlo
against enumeration, suit and seat symmetry, threads and bad input follow.
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
from reference import ReferenceEquity

import pokercalc
from pokercalc.cli import cli
from pokercalc.core.cards import format_cards, parse_cards
from pokercalc.errors import PokercalcError

#: The games these tests play.
GAMES = ("omaha", "omaha5", "omaha6")


def make_spot(case: int) -> Spot:
    """A seeded random spot small enough for the reference (about a second at most).

    Rivers and turns take unions of up to three hands, flops up to two (one
    in omaha6); a ``random`` player sits in every omaha river.  Some hands
    take a card of an earlier player's hand, so that assignments collide, and
    some unions hold a hand that the board or a dead card removes.
    """
    rnd = random.Random(7919 * case + 1)
    game = ("omaha", "omaha5", "omaha6")[case % 3]
    k = HOLE_CARDS[game]
    street = (5, 4, 3)[(case // 3) % 3]
    weighted = case % 4 == 3
    while True:
        deck = rnd.sample(range(52), 52)
        board = deck[:street]
        dead = deck[street : street + rnd.randint(0, 3)]
        pool = deck[street + len(dead) :]
        n = min(3 if street == 3 or k == 6 else 4, 2 + (case // 9 + case) % 3)
        seat = rnd.randrange(n) if street == 5 and k == 4 else None
        most = 3 if street > 3 else 1 if k == 6 else 2
        players: list[Player] = []
        taken: set[int] = set()  # the cards of the hands drawn so far
        for p in range(n):
            if p == seat:
                players.append(ref.RANDOM)
                continue
            size = 1 if seat is not None and rnd.random() < 0.5 else rnd.randint(1, most)
            others = sorted(taken)
            hands: dict[tuple[int, ...], float] = {}
            while len(hands) < size:
                fresh = [c for c in pool if c not in taken]
                cards = rnd.sample(fresh if len(fresh) >= k else pool, k)
                if others and rnd.random() < 0.4:
                    cards[0] = rnd.choice(others)  # a hand that collides with an earlier player's
                elif size > 1 and not hands and rnd.random() < 0.3:
                    cards[0] = rnd.choice(board + dead)  # a hand the board or dead cards remove
                taken.update(cards)
                w = rnd.choice([1, 0.5, 0.25, 0.75]) if weighted and size > 1 else 1
                hands[tuple(sorted(cards, reverse=True))] = w
            players.append(tuple(hands.items()))
        if feasible(players, set(board) | set(dead)):
            return Spot(game, tuple(players), tuple(board), tuple(dead))


SPOTS = [make_spot(case) for case in range(27)]


@cache
def reference(case: int) -> ReferenceEquity:
    """The reference's answer for ``SPOTS[case]``, computed once for every test that needs it."""
    s = SPOTS[case]
    players = [p if p == ref.RANDOM else [(h, Fraction(w)) for h, w in p] for p in s.players]
    return ref.omaha_equity(players, s.board, s.dead, HOLE_CARDS[s.game])


def _spot_id(case: int) -> str:
    s = SPOTS[case]
    sizes = "-".join("r" if p == ref.RANDOM else str(len(p)) for p in s.players)
    return f"{case}-{s.game}-{len(s.board)}b-{sizes}{'-w' if s.weighted else ''}"


def _assert_player(got: dict[str, Any], want: ReferenceEquity, i: int, spot: Spot) -> None:
    """One player's result (a dict as PlayerResult.to_dict() makes it) equals the reference:
    exactly, or within rounding when the run was weighted."""
    if spot.weights_matter():
        assert got["equity_fraction"] is None and got["wins"] is None and got["ties"] is None
    if got["equity_fraction"] is None:
        assert spot.weighted
        assert got["equity"] == pytest.approx(float(want.equity[i]), abs=1e-12)
        assert got["win"] == pytest.approx(float(want.win[i] / want.total), abs=1e-12)
        assert got["tie"] == pytest.approx(float(want.tie[i] / want.total), abs=1e-12)
        return
    assert Fraction(got["equity_fraction"]) == want.equity[i]
    assert got["equity"] == float(want.equity[i])
    assert got["wins"] == want.win[i] and got["ties"] == want.tie[i]
    assert got["stderr"] is None


@pytest.mark.slow
@pytest.mark.parametrize("form", ["text", "range"])
@pytest.mark.parametrize("case", range(len(SPOTS)), ids=_spot_id)
def test_exact_equity_equals_the_reference(case: int, form: str) -> None:
    spot, want = SPOTS[case], reference(case)
    players = spot.texts() if form == "text" else spot.ranges()
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
    for i, p in enumerate(got.players):
        _assert_player(p.to_dict(), want, i, spot)
        if not spot.weighted:
            assert isinstance(p.equity_fraction, Fraction) and p.equity_fraction == want.equity[i]
    if form == "text":
        count = pokercalc.count_outcomes(
            players, format_cards(spot.board), format_cards(spot.dead), game=spot.game
        )
        assert count == want.outcomes


@pytest.mark.slow
@pytest.mark.parametrize("case", range(0, len(SPOTS), 2), ids=_spot_id)
def test_the_cli_prints_the_reference_equities(case: int) -> None:
    spot, want = SPOTS[case], reference(case)
    result = CliRunner().invoke(cli, spot.cli_args())
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)["result"]
    assert doc["game"] == spot.game and doc["method"] == "exact"
    assert doc["outcomes"] == want.outcomes
    assert [p["combos"] for p in doc["players"]] == spot.combos()
    for i, p in enumerate(doc["players"]):
        _assert_player(p, want, i, spot)


def test_the_spots_cover_what_they_should() -> None:
    """The generated spots mix games, streets, player counts, random players, weights, dead
    cards, card removal by the board and collisions between players."""
    assert {s.game for s in SPOTS} == set(GAMES)
    assert {len(s.board) for s in SPOTS} == {3, 4, 5}
    assert {len(s.players) for s in SPOTS} >= {2, 3, 4}
    assert any(ref.RANDOM in s.players for s in SPOTS)
    assert sum(s.weights_matter() for s in SPOTS) >= 3 and any(s.dead for s in SPOTS)
    assert any(c < len(p) for s in SPOTS for c, p in zip(s.combos(), s.players, strict=True))

    def collide(s: Spot) -> bool:
        hands = [set(h) for p in s.players if p != ref.RANDOM for h, _ in p]
        return any(a & b for a, b in itertools.combinations(hands, 2))

    assert sum(collide(s) for s in SPOTS) >= 6


# ---------------------------------------------------------------------------
# The reference itself


def _plain_equity(
    players: list[Any], board: list[int], dead: list[int], k: int
) -> tuple[list[Fraction], int]:
    """A second, plainer enumeration: assignments outside, boards inside, no caches."""
    rest = [c for c in range(52) if c not in board and c not in dead]
    lists = [
        [(h, Fraction(1)) for h in itertools.combinations(rest, k)] if p == ref.RANDOM else p
        for p in players
    ]
    share = [Fraction(0)] * len(players)
    total = Fraction(0)
    outcomes = 0
    for assignment in itertools.product(*lists):
        hole = [c for h, _ in assignment for c in h]
        if len(set(hole)) != len(hole) or set(hole) & (set(board) | set(dead)):
            continue
        weight = math.prod((w for _, w in assignment), start=Fraction(1))
        left = [c for c in rest if c not in hole]
        for more in itertools.combinations(left, 5 - len(board)):
            ranks = [ref.omaha_rank(h, [*board, *more]) for h, _ in assignment]
            winners = [i for i, r in enumerate(ranks) if r == max(ranks)]
            for i in winners:
                share[i] += weight / len(winners)
            total += weight
            outcomes += 1
    return [s / total for s in share], outcomes


#: Twenty-six dead cards (no 2-5, A, or the hero's cards): 17 cards are left for the random hand.
DEAD_26 = "6c6d6h6s7c7d7h7s8c8d8h8sTcTdThTsJcJhJsQcQhQs9d9h9sKc"


@pytest.mark.slow
def test_the_reference_agrees_with_a_plainer_enumeration() -> None:
    c = parse_cards
    w = Fraction(1, 2)
    cases: list[tuple[list[Any], str, str, int]] = [
        # heads-up flop: C(41, 2) = 820 boards
        ([[(c("AsKsQdJd"), 1)], [(c("7h7c6h5c"), 1)]], "2c3d9s", "", 4),
        # unions that collide with each other, weighted, on the turn
        (
            [
                [(c("AsKsQdJd"), 1), (c("AhKhQcJc"), w)],
                [(c("AsAh7c6c"), 1), (c("9s9h8s8h"), Fraction(1, 4))],
                [(c("KsKcTd9d"), 1)],
            ],
            "2c3d4hTs",
            "",
            4,
        ),
        # a random player on the river, with 26 dead cards to keep the plain enumeration short
        ([[(c("AsKsQdJd"), 1)], ref.RANDOM], "2c3d4h5s9c", DEAD_26, 4),
        # omaha6 turn
        ([[(c("AsKsQdJd2h3h"), 1)], [(c("7h7c6h5cTsTd"), 1)]], "8c8d9s4c", "", 6),
        # omaha5 flop, heads-up
        ([[(c("AsKsQdJd2h"), 1)], [(c("7h7c6h5cTs"), 1)]], "8c8d9s", "", 5),
    ]
    for players, board, dead, k in cases:
        got = ref.omaha_equity(players, c(board), c(dead), k)
        equity, outcomes = _plain_equity(players, c(board), c(dead), k)
        assert list(got.equity) == equity and got.outcomes == outcomes
        assert sum(got.equity) == 1 and sum(got.share) == got.total
    assert _plain_equity([[(c("AsKsQdJd"), 1)], [(c("7h7c6h5c"), 1)]], c("2c3d9s"), [], 4)[1] == 820


@pytest.mark.slow
def test_the_cached_value_is_omaha_rank() -> None:
    rnd = random.Random(5)
    for k, nb in itertools.product((4, 5, 6), (3, 4, 5)):
        for _ in range(200):
            cards = rnd.sample(range(52), k + nb)
            hole, board = tuple(sorted(cards[:k])), tuple(sorted(cards[k:]))
            assert ref.omaha_value(hole, board) == ref.omaha_rank(hole, board)


@pytest.mark.slow
def test_the_reference_counts_random_hands_in_closed_form() -> None:
    # One known hand against a random one on the river: every hand of the 43 cards left.
    r = ref.omaha_equity([[parse_cards("AsKsQdJd")], ref.RANDOM], parse_cards("2c3d9s7h8h"), (), 4)
    assert r.outcomes == math.comb(43, 4)
    assert r.win[0] + r.win[1] + r.tie[0] == r.outcomes and r.tie[0] == r.tie[1]


# ---------------------------------------------------------------------------
# The traps of two hole cards and three board cards

TRAPS = [
    # Four hearts in the hand and one on the board is no flush: the pair of fours wins.
    ("omaha", "AhQhJh5h | 4c4d6s9c", "2h7c8d3sKc", [0, 1]),
    # A straight on the board plays only through two hole cards: aces beat queens, no split.
    ("omaha", "AcAdKsKh | QcQdJsJh", "5c6d7h8s9c", [1, 0]),
    # A flush on the board needs two hole cards of its suit: one heart makes nothing,
    # while 6-5 makes a straight with 2-3-4.
    ("omaha", "AhKcQsJs | 5c6c7d7s", "2h3h4h8h9h", [0, 1]),
    # Quads on the board: a pocket pair makes a full house; A-K is only trips.
    ("omaha", "AcKdQsJh | 2d2h3c4c", "9c9d9h9s2c", [0, 1]),
    # Quads on the board and no pair in either hand: both play trips with A-K, a split.
    ("omaha", "AcKd3s4h | AhKs5c6d", "9c9d9h9s2c", [Fraction(1, 2), Fraction(1, 2)]),
    # Trips on the board: the aces make kings full, the threes a smaller full house,
    # and a seven pairing the board's seven is only trips (in hold'em it would be a full house).
    ("omaha", "AsAdQcQd | 7cJd5h4s | QsJs3d3h", "KcKdKh7s2c", [1, 0, 0]),
    # The same traps with five and six hole cards.
    ("omaha5", "AhQhJh5h9h | 4c4d6s9cTs", "2h7c8d3sKc", [0, 1]),
    ("omaha6", "AcAdKsKhQcQd | JsJh2s2h3c3d", "5c6d7h8s9c", [1, 0]),
]


@pytest.mark.parametrize(("game", "players", "board", "want"), TRAPS)
def test_the_traps_of_two_plus_three(game: str, players: str, board: str, want: list[Any]) -> None:
    hands = [[tuple(parse_cards(h.strip()))] for h in players.split("|")]
    expected = [Fraction(x) for x in want]
    reference = ref.omaha_equity(hands, parse_cards(board), (), HOLE_CARDS[game])
    assert list(reference.equity) == expected
    got = pokercalc.equity(players, board=board, method="exact", game=game)
    assert [p.equity_fraction for p in got.players] == expected
    assert got.outcomes == 1


def test_four_suited_hole_cards_and_two_on_the_board_make_no_flush_on_the_turn() -> None:
    # Hearts: four in the hand, two on the turn board; only a third board heart makes a flush.
    hands = [[tuple(parse_cards("AhKhQhJh"))], [tuple(parse_cards("9c9d2s3s"))]]
    board = parse_cards("7h8h4c5d")
    want = ref.omaha_equity(hands, board, (), 4)
    got = pokercalc.equity("AhKhQhJh | 9c9d2s3s", board="7h8h4c5d", method="exact", game="omaha")
    assert [p.equity_fraction for p in got.players] == list(want.equity)
    assert [p.wins for p in got.players] == list(want.win)


# ---------------------------------------------------------------------------
# Monte Carlo against enumeration

MC_SPOTS = [
    ("omaha", "AsAhKsKh | QdJdTc9c | random", "2s7d8h", ""),
    ("omaha5", "AsAh9s8hQc | KsKhJdTd2c", "2s7d8d", "3c"),
    ("omaha6", "AsAh9s8hQc6d | KsKhJdTd2c5s | 7c7h6s5h4d3d,JsJcTcTh9d9h", "2s7d8d", ""),
    # Heavy card removal: unions that share their aces and kings, a random player and dead cards.
    (
        "omaha",
        "AsAhKsKh,AsAdKdKc,AhAdKhKc | AsAcQsQc,AhAcQhQd,AdAcQdQc | KsKdJsJh,KdKcJdJc | random",
        "9s8h3c2d",
        "Qh",
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "board", "dead"), MC_SPOTS)
def test_monte_carlo_lands_within_four_standard_errors(
    game: str, players: str, board: str, dead: str
) -> None:
    exact = pokercalc.equity(players, board=board, dead=dead, method="exact", game=game)
    mc = pokercalc.equity(
        players, board=board, dead=dead, method="mc", trials=200_000, seed=11, game=game
    )
    assert mc.method == "mc" and mc.trials == 200_000 and mc.game == game
    for e, m in zip(exact.players, mc.players, strict=True):
        assert m.stderr is not None and 0 < m.stderr < 0.01
        assert abs(m.equity - float(e.equity_fraction)) < 4 * m.stderr, (e, m)
        assert m.equity_fraction is None and m.wins is None


@pytest.mark.slow
def test_monte_carlo_on_a_river_samples_only_the_hands() -> None:
    # On the river every outcome is a deal of hands: the reference gives the exact answer.
    players = "AsKsQdJd,AhKhJcTc | QsQhTdTc,9s9h8d8c | random"
    board = "Kd8h2c3s9c"
    lists = [[tuple(parse_cards(h)) for h in p.strip().split(",")] for p in players.split("|")[:2]]
    want = ref.omaha_equity([*lists, ref.RANDOM], parse_cards(board), (), 4)
    mc = pokercalc.equity(players, board=board, method="mc", trials=200_000, seed=3, game="omaha")
    for i, m in enumerate(mc.players):
        assert m.stderr is not None
        assert abs(m.equity - float(want.equity[i])) < 4 * m.stderr


def test_auto_samples_a_random_omaha5_player_from_the_deck_without_listing_it() -> None:
    # 1,533,939 hands times 861 boards and no suit symmetry: Monte Carlo, decided without
    # listing the random player's hands (2 s of the default second once went to listing
    # them and building alias tables over them, leaving 32,768 deals).
    from pokercalc.analysis.equities import equity_run

    args = ("AsKsQd7h2c | random", "Js9h3d")
    auto, prob = equity_run(*args, game="omaha5", trials=2 * 16384, seed=4)
    assert auto.method == "mc" and not prob.listed
    assert prob.symmetry_bound() == 1
    mc = pokercalc.equity(*args, game="omaha5", method="mc", trials=2 * 16384, seed=4)
    assert [(p.equity, p.stderr) for p in auto.players] == [
        (p.equity, p.stderr) for p in mc.players
    ]


def test_listed_random_players_draw_the_same_deals() -> None:
    # A listed random player (here listed by the symmetry search of an auto run that
    # then samples) is still dealt from the deck: the same deals as when unlisted.
    from pokercalc.analysis.equities import equity_run

    # (The first player's cards look the same in spades and hearts, its hands do not:
    # half of 366,527,700 outcomes is within the limit, all of them is not.)
    args = ("AsKh2c3c,AhQs2c3c,KsQh2c3c | random", "7d8d9d")
    kw: dict[str, Any] = {"game": "omaha", "trials": 3 * 16384, "seed": 9}
    auto, prob = equity_run(*args, **kw)
    assert auto.method == "mc" and prob.listed
    assert prob.symmetry_bound() == 2 and len(prob.group) == 1
    mc = pokercalc.equity(*args, method="mc", **kw)
    assert [(p.equity, p.stderr) for p in auto.players] == [
        (p.equity, p.stderr) for p in mc.players
    ]


# ---------------------------------------------------------------------------
# Symmetry and threads


@pytest.mark.slow
@settings(
    max_examples=8, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    symmetry_spots(GAMES, lambda game, board: game == "omaha"),
    st.permutations(range(4)),
    st.randoms(use_true_random=False),
)
def test_relabelling_suits_and_permuting_players_change_nothing(
    spot: SymmetrySpot, sigma: list[int], rnd: random.Random
) -> None:
    base, moved, order = equity_and_relabelled(spot, sigma, rnd)
    assert moved.outcomes == base.outcomes
    for pos, i in enumerate(order):
        a, b = moved.players[pos], base.players[i]
        assert (a.equity_fraction, a.wins, a.ties) == (b.equity_fraction, b.wins, b.ties)
    assert sum(p.equity_fraction for p in base.players) == 1


@pytest.mark.slow
def test_one_thread_and_two_threads_give_the_same_answer() -> None:
    # 3,290,040 outcomes: enough for the engine to split the work between threads.
    args = ("AsAhKsKh | QdJdTc9c | random",)
    kw: dict[str, Any] = {"board": "2s7d8h3c", "game": "omaha", "method": "exact"}
    one = pokercalc.equity(*args, threads=1, **kw)
    two = pokercalc.equity(*args, threads=2, **kw)
    assert one.outcomes == two.outcomes == math.comb(40, 4) * 36
    assert two.threads == 2
    for a, b in zip(one.players, two.players, strict=True):
        assert (a.equity_fraction, a.wins, a.ties) == (b.equity_fraction, b.wins, b.ties)
    mc = {**kw, "method": "mc", "trials": 100_000, "seed": 5, "threads": 2}
    first, again = pokercalc.equity(*args, **mc), pokercalc.equity(*args, **mc)
    assert [(p.equity, p.stderr) for p in first.players] == [
        (p.equity, p.stderr) for p in again.players
    ]


# ---------------------------------------------------------------------------
# Bad input: one line, exit 2


def _one_line_error(args: list[str]) -> str:
    return one_line_error(invoke(*args))


@pytest.mark.parametrize(
    ("game", "players", "board", "pattern"),
    [
        # a five-card hand in omaha, mixed suits and all spades (whose last "s" is a card's suit)
        ("omaha", "AsKsQdJd2c | random", "", "5 cards.* omaha hand has 4"),
        ("omaha", "AsKsQsJsTs | random", "", "5 cards.* omaha hand has 4"),
        ("omaha", "AsKsQs | random", "", "3 cards.* omaha hand has 4"),
        ("omaha5", "AsKsQsJs | random", "", "4 cards.* omaha5 hand has 5"),
        ("omaha6", "AsKsQdJdTc | random", "", "5 cards.* omaha6 hand has 6"),
        ("omaha", "AsKsQdJd | random", "Qd7c2h", "blocked by Qd"),  # a hand holding a board card
        ("omaha", "AsKsQdJd | AsQhJhTh", "", "both hold As"),  # two players hold the same card
    ],
)
def test_bad_hands_are_one_line_and_exit_2(
    game: str, players: str, board: str, pattern: str
) -> None:
    with pytest.raises(PokercalcError, match=pattern):
        pokercalc.equity(players, board=board, game=game, method="exact")
    line = _one_line_error(["equity", players, "--board", board, "--game", game, "--exact"])
    assert re.search(pattern, line), line


@pytest.mark.parametrize(("game", "most"), [("omaha", 11), ("omaha5", 9), ("omaha6", 7)])
def test_more_players_than_the_deck_allows(game: str, most: int) -> None:
    assert pokercalc.count_outcomes(" | ".join(["random"] * most), game=game) > 0
    many = " | ".join(["random"] * (most + 1))
    message = f"{most + 1} players is too many: {game} deals at most {most}"
    with pytest.raises(PokercalcError, match=message):
        pokercalc.equity(many, game=game)
    assert message in _one_line_error(["equity", many, "--game", game])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "every"),
    [("omaha", "100%"), ("omaha5", "xxxxx"), ("omaha6", " 100 % "), ("omaha-hilo", "****")],
)
def test_every_hand_written_otherwise_is_dealt_as_random(game: str, every: str) -> None:
    # 100% (and the game's wildcards) hold every hand: dealt from the deck as random is,
    # not listed first (Omaha-5's 2.6 million hands took 10 s; Omaha-6's were refused).
    from pokercalc.core.games import get_game

    k = get_game(game).hole_cards
    hero = "AsKsQdJdTc9c"[: 2 * k]
    board = "2h7h8c3d"
    runs = {
        text: pokercalc.equity(
            f"{hero} | {text}", board, game=game, method="mc", trials=20_000, seed=3
        )  # fmt: skip
        for text in (every, "random")
    }
    a, b = runs[every], runs["random"]
    assert [p.equity for p in a.players] == [p.equity for p in b.players]
    assert [p.combos for p in a.players] == [p.combos for p in b.players]
    assert a.players[1].label == every.strip()
    for malformed in ("1 00%", "r a n d o m", "x" * (k - 1)):  # (still the grammar's to refuse)
        with pytest.raises(PokercalcError):
            pokercalc.equity(f"{hero} | {malformed}", board, game=game, method="mc", trials=100)
    if game == "omaha":
        exact = [pokercalc.equity(f"{hero} | {t}", board, game=game, method="exact")
                 for t in (every, "random")]  # fmt: skip
        assert exact[0].players[0].equity_fraction == exact[1].players[0].equity_fraction
