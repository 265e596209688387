"""Boards merged by dead suits: the same exact counts as plain enumeration in every game, per
player and per combo, on one or two threads, in fewer showdowns than OMPEval plays."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import reference
import reference_games as ref

import pokercalc
from pokercalc.analysis.equities import equity_run
from pokercalc.core.cards import format_cards, parse_cards
from pokercalc.core.games import get_game
from pokercalc.engine import plan as E
from pokercalc.engine import problem

#: Dead cards that leave a preflop spot small enough for the slow reference.
PREFLOP_DEAD = "2c3c4c5c6c7c8c9cTc2d3d4d5d6d7d8d9dTd2h3h4h5h6h7h"

HOLE = {"holdem": 2, "shortdeck": 2, "shortdeck-triton": 2, "omaha": 4, "omaha-hilo": 4}


@contextmanager
def merging(on: bool, whole: bool = False) -> Iterator[None]:
    """Run with board merging on or off; ``whole`` enumerates whole assignments always."""
    saved = problem.MERGE_SUITS, E.INNERMOST_MIN, E.MERGED_INNERMOST_MIN
    problem.MERGE_SUITS = on
    if whole:
        E.INNERMOST_MIN = E.MERGED_INNERMOST_MIN = 10**9
    try:
        yield
    finally:
        problem.MERGE_SUITS, E.INNERMOST_MIN, E.MERGED_INNERMOST_MIN = saved


def make_spot(case: int) -> tuple[str, list[str], str, int]:
    """A seeded spot: game, players (a hand or a union of up to three), board, threads.

    Hold'em games deal preflop to rivers with suits bunched so flushes stay
    possible; Omaha deals three or four board cards so plain enumeration is quick.
    """
    rnd = random.Random(7919 * case + 3)
    game = list(HOLE)[case % len(HOLE)]
    g = get_game(game)
    k = HOLE[game]
    deck = list(g.deck)
    rnd.shuffle(deck)
    if rnd.random() < 0.5:
        # Two suits first: many cards of a suit in hands and on the board.
        suits = rnd.sample(range(4), 2)
        deck.sort(key=lambda c: (c % 4 not in suits, rnd.random()))
    if game.startswith("omaha"):
        nb = rnd.choice((3, 3, 4))
        n = rnd.choice((2, 2, 3))
        sizes = [rnd.choice((1, 1, 2)) for _ in range(n)]
    else:
        nb = rnd.choice((0, 0, 0, 3, 3, 4))
        n = rnd.choice((2, 2, 3)) if nb == 0 else rnd.choice((2, 3, 4))
        sizes = [rnd.choice((1, 1, 2, 3)) if nb else rnd.choice((1, 1, 1, 2)) for _ in range(n)]
    board = deck[:nb]
    pos = nb
    players = []
    for size in sizes:
        hands = []
        for _ in range(size):
            hands.append(format_cards(sorted(deck[pos : pos + k])))
            pos += k
            # Overlapping hands make some assignments collide; never after a player's first
            # hand, so the players' first hands stay disjoint and every spot can be dealt.
            if len(hands) > 1 and rnd.random() < 0.3:
                pos -= 1
        players.append(",".join(dict.fromkeys(hands)))
    return game, players, format_cards(board), rnd.choice((1, 2))


def run(game: str, players: list[str], board: str, threads: int, breakdown: int | None) -> Any:
    res, prob = equity_run(
        players, board, "", method="exact", threads=threads, game=game, breakdown=breakdown
    )
    combos = None if breakdown is None else [list(r) for r in prob.combo_tallies]
    return res, combos


def outcome(res: Any) -> list[Any]:
    return [res.outcomes] + [
        (p.equity_fraction, p.wins, p.ties, p.equity, p.win, p.tie) for p in res.players
    ]


@pytest.mark.parametrize("case", range(40))
def test_merged_equals_plain_enumeration(case: int) -> None:
    game, players, board, threads = make_spot(case)
    bp = case % len(players) if case % 3 == 0 else None
    with merging(False):
        plain, plain_combos = run(game, players, board, 1, bp)
    for whole in (False, True):
        with merging(True, whole):
            got, combos = run(game, players, board, threads, bp)
        assert outcome(got) == outcome(plain), (game, players, board, whole)
        assert combos == plain_combos
        assert got.low_possible == plain.low_possible
        assert 0 < got.showdowns
        if whole:
            assert got.showdowns <= plain.showdowns or len(board) >= 4


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        ("AsAh | KsKh", "", PREFLOP_DEAD),
        ("AsKs | QsJs | 9s9h", "", PREFLOP_DEAD),
        ("AsAh,KcKd | QsJs", "2s3s4d", ""),
        ("AcAs | Kd7h", "8c9d2s", ""),
        ("AhKh | 7h8h", "2h3c9s", ""),
    ],
)
def test_merged_equals_the_reference(players: str, board: str, dead: str) -> None:
    hands = [[tuple(parse_cards(h)) for h in p.strip().split(",")] for p in players.split("|")]
    want = reference.reference_equity(hands, parse_cards(board), parse_cards(dead))
    with merging(True, whole=True):
        got = pokercalc.equity(players, board=board, dead=dead, threads=1)
    assert [p.equity_fraction for p in got.players] == list(want.equity)
    assert got.outcomes == want.outcomes


@pytest.mark.slow
def test_omaha_flop_equals_the_reference() -> None:
    hands = [[parse_cards("AsKsQd2d")], [parse_cards("JhTh9s8s")]]
    board = parse_cards("3s7d6s")
    want = ref.omaha_equity(hands, board, (), 4)
    with merging(True):
        got = pokercalc.equity("AsKsQd2d | JhTh9s8s", board="3s7d6s", game="omaha", threads=1)
    assert [p.equity_fraction for p in got.players] == list(want.equity)


@pytest.mark.parametrize(
    ("players", "ompeval"),
    [("AsAh | KsKh", 119_625), ("AA | KK | QQ", None), ("AcKd | 7h7s", None)],
)
def test_fewer_showdowns(players: str, ompeval: int | None) -> None:
    with merging(False):
        plain = pokercalc.equity(players, threads=1)
    with merging(True):
        got = pokercalc.equity(players, threads=1)
    assert outcome(got) == outcome(plain)
    assert got.showdowns * 3 < plain.showdowns
    if ompeval is not None:
        assert got.showdowns <= ompeval


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "board", "dead", "game"),
    [
        (["AsAh:0.5,KcKd", "QsJs:0.25,9h9d"], "", "2s3s", "holdem"),
        (["AsKs", "QQ:0.3,AK"], "", "Tc", "holdem"),
        (["AsAh", "7s8s,9c9d:0.5", "random"], "", "6c6d7c", "shortdeck"),
        (["AsKsQd2d:0.5,AhKhQh2h", "JhTh9s8s"], "4c5c6d", "", "omaha-hilo"),
    ],
)
def test_merged_weights_and_dead_cards(
    players: list[str], board: str, dead: str, game: str
) -> None:
    runs = []
    for on, whole in ((False, False), (True, False), (True, True)):
        with merging(on, whole):
            runs.append(equity_run(players, board, dead, method="exact", threads=2, game=game)[0])
    for r in runs[1:]:
        assert r.outcomes == runs[0].outcomes
        assert [p.equity for p in r.players] == pytest.approx(
            [p.equity for p in runs[0].players], abs=1e-11
        )
        assert r.showdowns <= runs[0].showdowns
