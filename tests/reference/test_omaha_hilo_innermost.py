"""Omaha hi/lo with the last range innermost (the engine's ``last_boards_hilo``): exactly the
slow reference of reference_games, and exactly the whole-assignment enumeration.

Ranges of 4 to 60 hands sit on both sides of the size from which each board's high and low
values are tabled; the spots deal lowish cards so that lows are made, counterfeited and
quartered, and some boards allow no low at all.  Random opponents, weights, dead cards,
omaha5-hilo, breakdowns, pieces and one or two threads are compared with the whole-assignment
run, which test_omaha_hilo.py holds to the reference.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import pytest
import reference_games as ref
from omaha_spots import HOLE_CARDS, Player, Spot, feasible

import pokercalc
from pokercalc.analysis.breakdown import equity_breakdown
from pokercalc.analysis.pieces import merge_pieces, plan_equity, run_piece
from pokercalc.core.cards import format_cards, parse_cards
from pokercalc.core.games import get_game
from pokercalc.engine import exact as engine_exact
from pokercalc.engine import plan as E
from pokercalc.engine.options import DEFAULT_THRESHOLD
from pokercalc.ranges.players import problem_of

#: Ranks (0 = deuce .. 12 = ace) that can play in an eight-or-better low.
LOW_RANKS = frozenset({12, 0, 1, 2, 3, 4, 5, 6})


@contextmanager
def paths() -> Iterator[list[bool]]:
    """Record, per exact run, whether the last range was enumerated innermost."""
    seen: list[bool] = []
    plain = E.work_items

    def spy(*args: Any, **kwargs: Any) -> Any:
        out = plain(*args, **kwargs)
        seen.append(out[1])
        return out

    E.work_items = engine_exact.work_items = spy  # type: ignore[assignment]
    try:
        yield seen
    finally:
        E.work_items = engine_exact.work_items = plain  # type: ignore[assignment]


@contextmanager
def whole() -> Iterator[None]:
    """Enumerate whole assignments (boards merged by dead suits), never a range innermost."""
    saved = E.INNERMOST_MIN, E.MERGED_INNERMOST_MIN
    E.INNERMOST_MIN = E.MERGED_INNERMOST_MIN = 10**9
    try:
        yield
    finally:
        E.INNERMOST_MIN, E.MERGED_INNERMOST_MIN = saved


def _hand(rnd: random.Random, pool: list[int], k: int) -> tuple[int, ...]:
    return tuple(sorted(rnd.sample(pool, k), reverse=True))


def make_spot(case: int) -> Spot:
    """A seeded spot whose last player holds a range of 4 to 60 hands, the others one or two.

    Rivers mostly, turns heads-up with smaller ranges (the reference stays near a second);
    lowish decks in most cases, weights in every fourth, dead cards in some.
    """
    rnd = random.Random(15485863 * case + 5)
    game = ("omaha-hilo", "omaha5-hilo")[case % 2]
    k = HOLE_CARDS[game]
    street = 4 if case % 5 == 4 else 5
    size = (4, 9, 24, 25, 40, 60)[case % 6] if street == 5 else (4, 9, 25, 30)[case % 4]
    n = 2 if street == 4 else 2 + case % 3
    weighted = case % 4 == 3
    while True:
        deck = rnd.sample(range(52), 52)
        if case % 7 != 6 and case % 10 != 9:
            deck.sort(key=lambda c: rnd.random() * (0.4 if c >> 2 in LOW_RANKS else 1.0))
        board = deck[:street]
        if case % 10 == 9 and len({c >> 2 for c in board} & LOW_RANKS) != 2:
            continue  # a turn whose river decides whether a low is possible
        dead = deck[street : street + rnd.randint(0, 3)]
        pool = deck[street + len(dead) :]
        players: list[Player] = []
        for p in range(n):
            count = size if p == n - 1 else rnd.randint(1, 2)
            if p == n - 1:
                # Clear of the one-hand players, whose cards would thin the range before the
                # engine sees it; the two-hand players' collide with some of its hands.
                single = {c for q in players if len(q) == 1 for c in q[0][0]}
                pool = [c for c in pool if c not in single]
            hands: dict[tuple[int, ...], float] = {}
            removed = 0  # hands that the board or a dead card removes, beyond ``count``
            while len(hands) < count + removed:
                h = _hand(rnd, pool[: max(3 * k, int(len(pool) * rnd.choice([0.35, 1.0])))], k)
                if count > 1 and rnd.random() < 0.1:
                    h = tuple(sorted((rnd.choice(board + dead), *h[1:]), reverse=True))
                    removed += h not in hands
                if len(set(h)) == k:
                    hands[h] = rnd.choice([1, 0.5, 0.25]) if weighted else 1
            players.append(tuple(hands.items()))
        if feasible(players, set(board) | set(dead)):
            return Spot(game, tuple(players), tuple(board), tuple(dead))


SPOTS = [make_spot(case) for case in range(18)]


def _spot_id(case: int) -> str:
    s = SPOTS[case]
    sizes = "-".join(str(len(p)) for p in s.players)
    return f"{case}-{s.game}-{len(s.board)}b-{sizes}{'-w' if s.weighted else ''}"


def _reference(spot: Spot) -> ref.ReferenceHiLo:
    players = [[(h, Fraction(w)) for h, w in p] for p in spot.players]
    return ref.omaha_hilo_equity(players, spot.board, spot.dead, HOLE_CARDS[spot.game])


def _close(got: float | None, want: Fraction) -> bool:
    return got is not None and abs(got - float(want)) <= 1e-12


def _assert_reference(got: Any, want: ref.ReferenceHiLo, exact: bool) -> None:
    """An exact result equals the reference: Fractions and counts where unweighted."""
    assert got.outcomes == want.outcomes
    assert _close(got.low_possible, want.low_possible)
    for i, p in enumerate(got.players):
        assert _close(p.equity, want.equity[i]), (i, p, want.equity[i])
        assert _close(p.scoop, want.scoop[i]) and _close(p.tie, want.part[i]), (i, p)
        assert _close(p.high_share, want.high_share[i]), (i, p)
        assert _close(p.low_share, want.low_share[i]), (i, p)
        if exact:
            assert p.equity_fraction == want.equity[i]
            assert (p.wins, p.ties) == (want.scoops[i], want.parts[i])


def _same(a: Any, b: Any) -> None:
    """Two exact results agree: Fractions and counts, shares to 1e-12."""
    assert a.outcomes == b.outcomes
    assert a.low_possible == pytest.approx(b.low_possible, abs=1e-12)
    for x, y in zip(a.players, b.players, strict=True):
        assert (x.equity_fraction, x.wins, x.ties, x.combos) == (
            y.equity_fraction,
            y.wins,
            y.ties,
            y.combos,
        )
        for name in ("equity", "scoop", "tie", "high_share", "low_share"):
            assert getattr(x, name) == pytest.approx(getattr(y, name), abs=1e-12), name


@pytest.mark.parametrize("case", range(len(SPOTS)), ids=_spot_id)
def test_innermost_ranges_equal_the_reference(case: int) -> None:
    spot = SPOTS[case]
    with paths() as seen:
        got = pokercalc.equity(
            spot.texts(),
            board=format_cards(spot.board),
            dead=format_cards(spot.dead),
            method="exact",
            game=spot.game,
        )
    assert seen == [True]
    assert [p.combos for p in got.players] == spot.combos()
    _assert_reference(got, _reference(spot), not spot.weights_matter())


def test_the_spots_cover_what_they_should() -> None:
    """Both games, turns and rivers, 2 to 4 players, ranges on both sides of the tabled size,
    weights, dead cards; boards with and without a low; lows split."""
    assert {s.game for s in SPOTS} == {"omaha-hilo", "omaha5-hilo"}
    assert {len(s.board) for s in SPOTS} == {4, 5}
    assert {len(s.players) for s in SPOTS} == {2, 3, 4}
    sizes = {len(s.players[-1]) for s in SPOTS}
    assert min(sizes) <= E.INNERMOST_MIN + 1 and max(sizes) >= 60
    assert any(4 <= z <= 24 for z in sizes) and any(z > 24 for z in sizes)
    assert any(s.weights_matter() for s in SPOTS) and any(s.dead for s in SPOTS)
    rivers = [s for s in SPOTS if len(s.board) == 5]
    assert any(ref.board_allows_low(s.board) for s in rivers)
    assert any(not ref.board_allows_low(s.board) for s in rivers)
    assert any(0 < _reference(s).low_possible < 1 for s in SPOTS if len(s.board) == 4)


def _shares(hands: list[tuple[int, ...]], board: tuple[int, ...]) -> list[Fraction]:
    values = [ref.omaha_value(h, board) for h in hands]
    low = ref.board_allows_low(board)
    return ref.hilo_shares(values, [ref.omaha_low_value(h, board) if low else None for h in hands])


def _range_of(cards: str, pool: str, k: int, size: int) -> tuple[str, list[tuple[int, ...]]]:
    """``size`` hands of ``k`` cards, each holding the ``cards`` and the rest from ``pool``."""
    fixed = parse_cards(cards)
    rest = itertools.combinations(parse_cards(pool), k - len(fixed))
    hands = [tuple(sorted([*fixed, *r], reverse=True)) for r in itertools.islice(rest, size)]
    return ",".join(format_cards(h) for h in hands), hands


# Hand-made rivers: (game, hero, the range's fixed cards, its pool, size, board, dead, what
# must happen: "quarter" (someone gets a quarter of the pot), "counterfeit" (a range hand has
# low cards but no low), "nolow" (the board allows none)).
TRAPS = [
    ("omaha-hilo", "Ac2dKsKh", "Ah2c", "QsQhJsJhTd9d8c", 21, "3c4d7sKd9h", "", "quarter"),
    ("omaha-hilo", "Ac2dKsKh", "Ah2c", "QsQhJsJhTd9d8c6h5s", 36, "3c4d7sKd9h", "", "quarter"),
    ("omaha-hilo", "As3sQdQh", "2h", "AdAhJc4c5c6d", 20, "2c3c7dKh9s", "", "counterfeit"),
    ("omaha-hilo", "As3sQdQh", "2h", "AdAh4c5c6d8sJcTc", 56, "2c3c7dKh9s", "", "counterfeit"),
    ("omaha-hilo", "AsAhKdQd", "", "2c3c4c5c6c7cJhTh", 30, "KcQh9s2d3h", "", "nolow"),
    ("omaha5-hilo", "Ac2dKsKhQc", "Ah2c", "JsJhTd9d8c6h5s", 35, "3c4d7sKd9h", "Qs", "quarter"),
    ("omaha5-hilo", "AsAhKdQdJc", "", "2c3c4c5c6c7cJhTh", 40, "KcQh9s2d3h", "Td", "nolow"),
]


@pytest.mark.parametrize(("game", "hero", "fixed", "pool", "size", "board", "dead", "kind"), TRAPS)
def test_quarters_counterfeits_and_no_low_boards(
    game: str, hero: str, fixed: str, pool: str, size: int, board: str, dead: str, kind: str
) -> None:
    k = HOLE_CARDS[game]
    text, hands = _range_of(fixed, pool, k, size)
    b, h = tuple(parse_cards(board)), tuple(sorted(parse_cards(hero), reverse=True))
    assert len(hands) == size
    if kind == "quarter":
        assert any(Fraction(1, 4) in _shares([h, x], b) for x in hands)
    elif kind == "counterfeit":
        assert any(
            ref.omaha_low_value(x, b) is None and sum(c >> 2 in LOW_RANKS for c in x) >= 2
            for x in hands
        )
    else:
        assert not ref.board_allows_low(b)
    with paths() as seen:
        got = pokercalc.equity([hero, text], board=board, dead=dead, method="exact", game=game)
    assert seen == [True]
    want = ref.omaha_hilo_equity([[(h, 1)], [(x, 1) for x in hands]], b, parse_cards(dead), k)
    _assert_reference(got, want, True)
    if kind == "nolow":
        high = pokercalc.equity(
            [hero, text], board=board, dead=dead, method="exact", game=game.replace("-hilo", "")
        )
        assert [p.equity_fraction for p in got.players] == [p.equity_fraction for p in high.players]
        assert all(p.low_share == 0 for p in got.players)


# Big innermost ranges (random, tabled) against whole assignments: (game, players, board,
# dead).  Whole assignments merge boards by dead suits, a different enumeration.
RANDOM_SPOTS = [
    ("omaha-hilo", "AsKs2d3c | random", "Qs7h4c9d", ""),
    ("omaha-hilo", "As2sKsKh | 3d4dQdJd | random", "2c7d8h3cJs", ""),
    ("omaha-hilo", "Ac2c3dKs | random", "5d8cKh9s", "Ah4h"),
    ("omaha-hilo", "AhAd2c3c | KsKdQsQd,KhKcQhQc,2h3h4h5h | random", "4d5d6s8hTc", "Jc"),
    ("omaha5-hilo", "As2s3hKdKh | random", "8d9cJd3c7s", "Ah"),
    ("omaha5-hilo", "As2s3hKdKh | 2c4c5dQcQd | random", "8d9cJdTh6h", ""),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "board", "dead"), RANDOM_SPOTS)
def test_random_last_equals_whole_assignments(
    game: str, players: str, board: str, dead: str
) -> None:
    kw: dict[str, Any] = {"board": board, "dead": dead, "game": game, "method": "exact"}
    with paths() as seen:
        got = pokercalc.equity(players, threads=1, **kw)
    assert seen == [True]
    with whole(), paths() as seen:
        want = pokercalc.equity(players, threads=1, **kw)
    assert seen == [False]
    _same(got, want)
    if len(parse_cards(board)) < 5:
        assert got.showdowns != want.showdowns  # two different enumerations


def test_one_and_two_threads() -> None:
    kw: dict[str, Any] = {"game": "omaha-hilo", "method": "exact"}
    for players, board in [
        ("AsKs2d3c | random", "Qs7h4c9d"),
        ("As2sKsKh | 3d4dQdJd | random", "2c7d8h3c"),
        ("As2sKsKh | 3d4dQdJd,3c4cQcJc | 2345", "2c7d8h"),
    ]:
        with paths() as seen:
            one = pokercalc.equity(players, board=board, threads=1, **kw)
            two = pokercalc.equity(players, board=board, threads=2, **kw)
        assert seen == [True, True]
        assert one.threads == 1 and two.threads in ((2,) if one.outcomes >= 2_000_000 else (1, 2))
        _same(one, two)
        assert one.showdowns == two.showdowns
    assert one.outcomes < 2_000_000 < math.comb(44, 4) * 40


def test_weighted_ranges_equal_whole_assignments() -> None:
    players = "As2sKsKh:0.5,Ah2hKcKd | AA23:0.25,2345,KKQQ:0.75"
    kw: dict[str, Any] = {"board": "3c7d8hTs", "dead": "9c", "game": "omaha-hilo"}
    with paths() as seen:
        got = pokercalc.equity(players, method="exact", **kw)
    assert seen == [True]
    with whole():
        want = pokercalc.equity(players, method="exact", **kw)
    assert got.players[0].equity_fraction is None
    _same(got, want)


@pytest.mark.parametrize(
    ("players", "board", "player"),
    [
        ("AsAh2c3d,KsKhQdQc | random", "4c5d9h8sTd", 1),
        ("AsAh2c3d,KsKhQdQc | 2345,AA23", "4c5d9h8sTd", 2),
        ("AsAh2c3d,KsKhQdQc | 2345,AA23", "4c5d9h8s", 2),
        ("AsAh2c3d | KsKhQdQc,2h3h4h5h | AA23:0.5,2345", "4c5d9h", 2),
        ("AsAh2c3d | KsKhQdQc,2h3h4h5h | AA23:0.5,2345", "4c5d9h", 3),
    ],
)
def test_breakdowns_equal_whole_assignments(players: str, board: str, player: int) -> None:
    kw: dict[str, Any] = {"player": player, "by": "combo", "game": "omaha-hilo"}
    with paths() as seen:
        got = equity_breakdown(players, board, method="exact", **kw)
    assert seen == [True]
    with whole():
        want = equity_breakdown(players, board, method="exact", **kw)
    assert [h.hand for h in got.hands] == [h.hand for h in want.hands]
    for a, b in zip(got.hands, want.hands, strict=True):
        assert (a.equity_fraction, a.share_fraction, a.outcomes) == (
            b.equity_fraction,
            b.share_fraction,
            b.outcomes,
        )
        assert a.equity == pytest.approx(b.equity, abs=1e-12)
    _same(got.run, want.run)


@pytest.mark.slow
def test_pieces_merge_into_the_one_process_result() -> None:
    args = ("AsKs2d3d | 7h8h9cTc,7d8d9sTs | random", "5c6dKh2s")
    one = pokercalc.equity(*args, method="exact", game="omaha-hilo")
    plan = plan_equity(*args, method="exact", game="omaha-hilo", pieces=5)
    merged: Any = merge_pieces(plan, [run_piece(p) for p in reversed(plan.pieces)])
    assert merged.players == one.players
    assert (merged.outcomes, merged.showdowns) == (one.outcomes, one.showdowns)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "board", "innermost"),
    [
        # From two cards to come, whole assignments merge boards by dead suits: small last
        # ranges stay there (HILO_INNERMOST_MIN heads-up, HILO_MULTIWAY_INNERMOST_MIN more).
        ("As2sKdQd | 3h4hJcTc,3d4dJcTc,3s4sJcTc,3c4cJdTd", "", False),
        ("As2sKdQd | 3h4hJcTc,3d4dJcTc,3s4sJcTc,3c4cJdTd", "Kh9c8d", False),
        ("As2sKdQd | random", "Kh9c8d", True),
        ("As2sKdQd | 7h7c6h5c | 3h4hJcTc,3d4dJcTc,3s4sJcTc,3c4cJdTd", "Kh9c8d", False),
        ("As2sKdQd | 7h7c6h5c | 34JT", "Kh9c8d", True),
        # One card to come or none: from INNERMOST_MIN combos.
        ("As2sKdQd | 3h4hJcTc,3d4dJcTc,3s4sJcTc,3c4cJdTd", "Kh9c8d2h", True),
        ("As2sKdQd | 3h4hJcTc,3d4dJcTc,3s4sJcTc", "Kh9c8d2h", False),
        ("As2sKdQd | 3h4hJcTc,3d4dJcTc,3s4sJcTc,3c4cJdTd", "Kh9c8d2h6s", True),
    ],
)
def test_which_path_runs(players: str, board: str, innermost: bool) -> None:
    with paths() as seen:
        pokercalc.equity(players, board=board, game="omaha-hilo", method="exact")
    assert seen == [innermost]


def test_auto_counts_an_innermost_outcome_near_omaha_high() -> None:
    # About 122 million outcomes: exact for Omaha high and now for hi/lo, whose whole
    # assignments (two specific hands) are counted dearer.
    assert E.HILO_INNERMOST_COST < E.OUTCOME_COST[("omaha", True)]
    for game in ("omaha", "omaha-hilo"):
        _, _, prob = problem_of(
            ["AsKs2d3c", "random"], tuple(parse_cards("Qs7h4c")), (), get_game(game)
        )
        assert E.choose_method(prob, "auto", DEFAULT_THRESHOLD)[0] == "exact"
