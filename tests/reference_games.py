"""Slow, obviously correct rankings for the games beyond hold'em: the tests' oracle.

Nothing here imports pokercalc.  Cards are indices ``4 * rank + suit`` (rank 0
is a deuce, 12 an ace).  ``short_rank(cards, triton)`` ranks five to seven
short-deck cards as a tuple that compares as the hands do; ``omaha_rank(hole,
board)`` is the best of exactly two hole cards and three board cards under the
ordinary ranking of ``reference.rank_five``.

``omaha_equity(players, board, dead, hole_cards)`` enumerates Omaha equity by
brute force.  A player is :data:`RANDOM` (every hand of ``hole_cards`` cards
from the cards left) or a sequence of hands, each a tuple of card indices
(weight 1) or ``(hand, weight)``.  Every board completion and every joint
assignment of hands in which no card appears twice is one outcome, weighted
by the product of the hands' weights; a k-way split gives each winner 1/k.
The result is a ``reference.ReferenceEquity``: with unit weights ``win`` and
``tie`` are integer counts, ``equity`` exact fractions, ``outcomes`` the count.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from reference import ReferenceEquity, rank_five

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

# Category numbers, weakest first, under each short-deck ranking.
SHORT_ORDER = (HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH)
TRITON_ORDER = (
    HIGH_CARD,
    PAIR,
    TWO_PAIR,
    STRAIGHT,
    TRIPS,
    FULL_HOUSE,
    FLUSH,
    QUADS,
    STRAIGHT_FLUSH,
)


def _short_straight(ranks: set[int]) -> int | None:
    """Top rank of a five-rank short-deck straight (A-6-7-8-9 counts, with the nine on top)."""
    if len(ranks) != 5:
        return None
    if max(ranks) - min(ranks) == 4:
        return max(ranks)
    if ranks == {12, 4, 5, 6, 7}:
        return 7
    return None


def short_five(cards: Sequence[int], triton: bool) -> tuple[int, ...]:
    """(position of the category in the ranking, tie-break ranks...) of five short-deck cards."""
    ranks = [c >> 2 for c in cards]
    flush = len({c & 3 for c in cards}) == 1
    top = _short_straight(set(ranks))
    counts = Counter(ranks)
    # Ranks by (count, rank), most important first: quads then kicker, trips then pair, ...
    shape = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    tiebreak = tuple(r for r, _ in shape)
    mults = sorted(counts.values(), reverse=True)
    if top is not None and flush:
        cat, tb = STRAIGHT_FLUSH, (top,)
    elif mults[0] == 4:
        cat, tb = QUADS, tiebreak
    elif mults == [3, 2]:
        cat, tb = FULL_HOUSE, tiebreak
    elif flush:
        cat, tb = FLUSH, tuple(sorted(ranks, reverse=True))
    elif top is not None:
        cat, tb = STRAIGHT, (top,)
    elif mults[0] == 3:
        cat, tb = TRIPS, tiebreak
    elif mults[:2] == [2, 2]:
        cat, tb = TWO_PAIR, tiebreak
    elif mults[0] == 2:
        cat, tb = PAIR, tiebreak
    else:
        cat, tb = HIGH_CARD, tuple(sorted(ranks, reverse=True))
    order = TRITON_ORDER if triton else SHORT_ORDER
    return (order.index(cat), *tb)


def short_rank(cards: Sequence[int], triton: bool = False) -> tuple[int, ...]:
    """The best five of five to seven short-deck cards."""
    return max(short_five(five, triton) for five in itertools.combinations(cards, 5))


def omaha_rank(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
    """The best hand of exactly two hole cards and exactly three board cards."""
    return max(
        rank_five(two + three)
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    )


#: A player dealt any hand from the cards left.
RANDOM = "random"

Hand = tuple[int, ...]


@lru_cache(maxsize=1 << 16)
def _pair_value(two: Hand, board: Hand) -> tuple[int, ...]:
    """The best hand of these two hole cards and three of the board's cards."""
    return max(rank_five(two + three) for three in itertools.combinations(board, 3))


@lru_cache(maxsize=1 << 18)
def omaha_value(hole: Hand, board: Hand) -> tuple[int, ...]:
    """``omaha_rank`` of sorted tuples, cached: the best over pairs of the best over triples."""
    return max(_pair_value(two, board) for two in itertools.combinations(hole, 2))


def _weighted_hands(player: Any, hole_cards: int) -> list[tuple[Hand, Fraction | int]] | None:
    """A player's hands, sorted, with exact weights (int 1 when unweighted); None for RANDOM."""
    if isinstance(player, str):
        assert player == RANDOM, player
        return None
    out: list[tuple[Hand, Fraction | int]] = []
    for entry in player:
        hand, weight = (entry[0], entry[1]) if isinstance(entry[0], (tuple, list)) else (entry, 1)
        hand = tuple(sorted(int(c) for c in hand))
        assert len(hand) == hole_cards == len(set(hand)), hand
        w = Fraction(weight)
        assert w > 0
        out.append((hand, 1 if w == 1 else w))
    assert len({h for h, _ in out}) == len(out), "a hand listed twice"
    return out


def _assignments(
    players: Sequence[list[tuple[Hand, Fraction | int]] | None], left: frozenset[int], k: int
) -> Iterator[tuple[tuple[Hand, ...], Fraction | int]]:
    """Every joint assignment of one hand per player from the cards ``left``, with its weight."""
    if not players:
        yield (), 1
        return
    first = players[0]
    if first is None:
        options: Any = ((h, 1) for h in itertools.combinations(sorted(left), k))
    else:
        options = [(h, w) for h, w in first if left.issuperset(h)]
    for hand, weight in options:
        for rest, rest_weight in _assignments(players[1:], left.difference(hand), k):
            yield (hand, *rest), weight * rest_weight


def omaha_equity(
    players: Sequence[Any], board: Sequence[int] = (), dead: Sequence[int] = (), hole_cards: int = 4
) -> ReferenceEquity:
    """Every board completion times every non-conflicting assignment of the players' hands."""
    board = tuple(board)
    used = set(board) | set(dead)
    assert len(used) == len(board) + len(tuple(dead)), "board and dead cards overlap"
    assert len(board) <= 5
    hands = [_weighted_hands(p, hole_cards) for p in players]
    n = len(players)
    # split[i][j]: weight of the outcomes player i wins as one of j winners.
    split: list[list[Fraction | int]] = [[0] * (n + 1) for _ in range(n)]
    total: Fraction | int = 0
    outcomes = 0
    deck = [c for c in range(52) if c not in used]
    for rest in itertools.combinations(deck, 5 - len(board)):
        full = tuple(sorted(board + rest))
        left = frozenset(deck).difference(rest)
        for dealt, weight in _assignments(hands, left, hole_cards):
            values = [omaha_value(h, full) for h in dealt]
            best = max(values)
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                split[i][len(winners)] += weight
            total += weight
            outcomes += 1
    assert outcomes, "no deal is possible"
    win = tuple(Fraction(row[1]) for row in split)
    tie = tuple(Fraction(sum(row[2:])) for row in split)
    share = tuple(
        sum((Fraction(x, j) for j, x in enumerate(row) if j), Fraction(0)) for row in split
    )
    return ReferenceEquity(win, tie, share, Fraction(total), outcomes)
