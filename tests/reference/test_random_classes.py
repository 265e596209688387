"""A last player holding every hand, counted by rank classes (the kernel's ``random_classes``):
the same exact counts as the slow reference and as plain enumeration, on boards with no suit
three times, three, four and five times, in every hold'em-like game, with weights, dead cards
and two threads, and in fewer showdowns than OMPEval plays on the issue's scenarios."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import pytest
import reference
import reference_games as ref

import pokercalc
from pokercalc.analysis.equities import equity_run
from pokercalc.core.cards import format_cards, parse_cards
from pokercalc.core.games import get_game
from pokercalc.engine import problem as E

RANKERS: dict[str, Callable[[Sequence[int]], tuple[int, ...]]] = {
    "holdem": reference.hand_rank,
    "shortdeck": lambda cards: ref.short_rank(cards, False),
    "shortdeck-triton": lambda cards: ref.short_rank(cards, True),
}


@contextmanager
def classes(on: bool) -> Iterator[None]:
    saved = E.RANDOM_CLASSES
    E.RANDOM_CLASSES = on
    try:
        yield
    finally:
        E.RANDOM_CLASSES = saved


def every_hand(game: str, board: Sequence[int], dead: Sequence[int]) -> list[Any]:
    deck = [c for c in get_game(game).deck if c not in set(board) | set(dead)]
    return [(h, Fraction(1)) for h in itertools.combinations(deck, 2)]


def listed(text: str) -> list[Any]:
    """``AsAh:0.5,KcKd`` as hands with exact weights."""
    out = []
    for part in text.split(","):
        hand, _, w = part.partition(":")
        out.append((tuple(parse_cards(hand)), Fraction(w) if w else Fraction(1)))
    return out


#: Dead cards that keep a spot small for the slow reference: no spade, so spade flushes stay
#: as likely as ever.
NO_SPADES = "2c3c4c5c6c7c8c9cTcJc2d3d4d5d6d7d8d9dTd2h3h"
CLUBS_DIAMONDS = "".join(r + s for r in "23456789TJQKA" for s in "cd")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "hands", "board", "dead"),
    [
        # Rivers: every rank class and flush rule on one board each.
        ("holdem", ["AsKs"], "Qs7s2c5d9h", ""),  # three spades: two-card flushes out of classes
        ("holdem", ["8s7s"], "Ks9s2sTs3d", ""),  # four spades: one-card flushes
        ("holdem", ["KhKd"], "AsQs5s4s8c", ""),  # four to a straight flush
        ("holdem", ["KhKd"], "AsQs5s4s3s", ""),  # a five-card flush board: combo by combo
        ("holdem", ["AhAd"], "Kc8d3h2sKs", ""),  # no suit three times: classes alone
        ("holdem", ["JcJh", "9s9d,AsJs,AcJc"], "4dAc5d7h8d", ""),  # multiway, ranges before
        ("holdem", ["AsAh:0.5,KcKd"], "2s3s4dJs9s", ""),  # weighted hero, unit-weight last
        ("shortdeck", ["AsKs"], "Qs7s9c6dTs", ""),
        ("shortdeck", ["8s7s"], "Ks9sJsTs6h", ""),
        ("shortdeck-triton", ["KhKd"], "AsQs6s7sKc", ""),
        ("shortdeck-triton", ["9h9d", "AcKc"], "Th6cJdTsJs", ""),
        # Cards to come, with dead cards to keep the reference quick.
        ("holdem", ["AsKs"], "Qs7s8h", CLUBS_DIAMONDS + "2h3h4h5h6h7h"),
        ("holdem", ["8s7s", "QhJh"], "Ks9s2sTs", NO_SPADES),
        ("shortdeck", ["AsKs"], "Qs7s9h", CLUBS_DIAMONDS[16:]),
    ],
)
def test_classes_equal_the_reference(game: str, hands: list[str], board: str, dead: str) -> None:
    b, d = parse_cards(board), parse_cards(dead)
    players = [listed(h) for h in hands] + [every_hand(game, b, d)]
    ref = reference.reference_equity(players, b, d, RANKERS[game], get_game(game).deck)
    want, outcomes = list(ref.equity), ref.outcomes
    text = " | ".join([*hands, "random"])
    for threads in (1, 2):
        got = pokercalc.equity(text, board=board, dead=dead, game=game, method="exact",
                               threads=threads)  # fmt: skip
        assert got.outcomes == outcomes
        assert [p.equity for p in got.players] == pytest.approx([float(w) for w in want],
                                                                 abs=1e-12)  # fmt: skip
        if all(":" not in h for h in hands):
            assert [p.equity_fraction for p in got.players] == want
    with classes(False):
        plain = pokercalc.equity(text, board=board, dead=dead, game=game, method="exact")
    assert got.showdowns < plain.showdowns or len(b) == 5


def make_spot(case: int) -> tuple[str, str, str, str]:
    """A seeded spot with random last: game, players, board (none to four cards), dead."""
    rnd = random.Random(104729 * case + 11)
    game = list(RANKERS)[case % 3]
    deck = list(get_game(game).deck)
    rnd.shuffle(deck)
    if rnd.random() < 0.6:
        suit = rnd.randrange(4)
        deck.sort(key=lambda c: (c % 4 != suit, rnd.random()))
    nb = rnd.choice((0, 3, 3, 4, 4, 5))
    n = rnd.choice((1, 1, 2, 3))
    board, pos = deck[:nb], nb
    players = []
    for _ in range(n):
        hands = []
        for _ in range(rnd.choice((1, 1, 2))):
            hands.append(format_cards(sorted(deck[pos : pos + 2])))
            pos += 2
        players.append(",".join(hands))
    # Preflop spots keep few cards in play, so plain enumeration stays quick.
    dead = deck[pos : pos + ((24 if game == "holdem" else 8) if nb == 0 else rnd.choice((0, 3)))]
    return game, " | ".join([*players, "random"]), format_cards(board), format_cards(dead)


@pytest.mark.parametrize("case", range(36))
def test_classes_equal_plain_enumeration(case: int) -> None:
    game, text, board, dead = make_spot(case)
    with classes(False):
        plain = pokercalc.equity(text, board=board, dead=dead, game=game, method="exact")
    got = pokercalc.equity(text, board=board, dead=dead, game=game, method="exact",
                           threads=1 + case % 2)  # fmt: skip
    assert got.outcomes == plain.outcomes
    assert [(p.wins, p.ties, p.equity_fraction) for p in got.players] == [
        (p.wins, p.ties, p.equity_fraction) for p in plain.players
    ], (game, text, board, dead)


def test_a_broken_down_last_player_is_counted_combo_by_combo() -> None:
    """Per-combo rows need every combo: the breakdown keeps its own path, same figures."""
    res, prob = equity_run(["AsKs", "random"], "Qs7s2c5d", "", method="exact", threads=1,
                              breakdown=1)  # fmt: skip
    with classes(False):
        plain, _ = equity_run(["AsKs", "random"], "Qs7s2c5d", "", method="exact",
                                 threads=1, breakdown=1)  # fmt: skip
    assert [p.equity_fraction for p in res.players] == [p.equity_fraction for p in plain.players]
    assert sum(sum(r) for r in prob.combo_tallies) > 0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "board", "ompeval"),
    [
        ("JcJh | 99+,AJs+ | random", "4dAc5d", 6_312_087),
        ("AhKh | QQ+,AKs | JJ-99 | random", "Qh7h2c", 29_716_993),
        ("AhKh | QQ+,AKs,AKo", "Qh7h2c", 3_578),
        ("AsKs | random", "", 90_350_161),
        ("AcAs | random", "", 96_945_343),
    ],
)
def test_fewer_showdowns_than_ompeval(players: str, board: str, ompeval: int) -> None:
    """OMPEval's evaluations on issue 15's scenarios (its driver, ``evaluations``)."""
    got = pokercalc.equity(players, board=board, method="exact")
    assert 0 < got.showdowns <= ompeval
