"""Slow, obviously correct rankings for the games beyond hold'em: the tests' oracle.

Nothing here imports pokercalc.  Cards are indices ``4 * rank + suit`` (rank 0
is a deuce, 12 an ace).  ``short_rank(cards, triton)`` ranks five to seven
short-deck cards as a tuple that compares as the hands do; ``omaha_rank(hole,
board)`` is the best of exactly two hole cards and three board cards under the
ordinary ranking of ``reference.rank_five``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from reference import rank_five

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
