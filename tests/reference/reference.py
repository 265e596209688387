"""A slow, obviously correct pure-Python evaluator and equity enumerator: the tests' oracle.

Cards are pokercalc card indices (``4 * rank + suit``, rank 0..12 = 2..A), but
nothing here imports pokercalc, so the oracle shares no code with what it checks.

Evaluator API
-------------
``hand_rank(cards)`` takes 5, 6 or 7 distinct card indices and returns a tuple
``(category, ranks...)``; tuples compare as the hands do (higher is better,
equal tuples tie).  ``category`` is 0 (high card) .. 8 (straight flush), the
same numbering as ``pokercalc.category``.  Six and seven cards are the best of
their five-card subsets.  ``rank_five(cards)`` is the five-card case.

Equity API
----------
``reference_equity(players, board=(), dead=(), rank=None, deck=range(52))``
enumerates every joint assignment of one combo per player in which no card
appears twice (or on the board, or among the dead cards), weighting it by the
product of the combos' weights, and for each every completion of the board to
five cards from ``deck``, ranked by ``rank`` (hold'em's :func:`hand_rank` by
default).  A player
is a sequence of combos, each ``(c1, c2)`` (weight 1) or ``((c1, c2), weight)``,
or any object with ``combos`` and ``weights`` attributes (a
``pokercalc.ranges.notation.Range``).  It returns a :class:`ReferenceEquity` whose
tallies are weighted sums (``Fraction``; with unit weights they are counts of
outcomes): ``win[i]`` outcomes player ``i`` wins alone, ``tie[i]`` outcomes it
shares the best hand, ``share[i]`` its pot shares (a k-way split counts 1/k),
``total`` the weight of all outcomes, and ``equity[i] = share[i] / total``.
``outcomes`` is the unweighted number of (assignment, board) outcomes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

__all__ = ["rank_five", "hand_rank", "ReferenceEquity", "reference_equity", "CATEGORY_COUNTS_5"]

# How many of the 2,598,960 five-card hands fall in each category (textbook numbers).
CATEGORY_COUNTS_5 = (1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40)


def _straight_high(ranks: Sequence[int]) -> int | None:
    """High card of five distinct ranks sorted high to low if they form a straight (3 for A-5)."""
    if ranks == [12, 3, 2, 1, 0]:
        return 3
    if all(ranks[i] - 1 == ranks[i + 1] for i in range(4)):
        return ranks[0]
    return None


def rank_five(cards: Sequence[int]) -> tuple[int, ...]:
    """Compare key of exactly five distinct cards: ``(category, ranks by importance...)``."""
    cards = [int(c) for c in cards]  # indices, or Card objects as results hold them
    assert len(cards) == 5 and len(set(cards)) == 5
    return _five(tuple(sorted(cards)))


@lru_cache(maxsize=1 << 17)
def _five(cards: tuple[int, ...]) -> tuple[int, ...]:
    """``rank_five`` of five distinct card indices in increasing order, unchecked (and cached:
    an enumeration meets the same five cards again and again).

    All it reads of the cards is their ranks (high to low: the cards in reverse) and
    whether they share one suit.
    """
    ranks = tuple([c >> 2 for c in reversed(cards)])
    return _rank_pattern(ranks, len({c & 3 for c in cards}) == 1)


@cache
def _rank_pattern(high_to_low: tuple[int, ...], is_flush: bool) -> tuple[int, ...]:
    """Compare key of five cards of these ranks (sorted high to low), all of one suit or not.

    Cached: there are a few thousand such patterns, and every hand is one of them.
    """
    ranks = list(high_to_low)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    # Ranks ordered by (how many, rank), most important first: e.g. [9, 9, 9, 12, 12].
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    high = _straight_high(ranks) if len(counts) == 5 else None
    if high is not None and is_flush:
        return (STRAIGHT_FLUSH, high)
    if shape == [4, 1]:
        return (QUADS, *groups)
    if shape == [3, 2]:
        return (FULL_HOUSE, *groups)
    if is_flush:
        return (FLUSH, *ranks)
    if high is not None:
        return (STRAIGHT, high)
    if shape == [3, 1, 1]:
        return (TRIPS, *groups)
    if shape == [2, 2, 1]:
        return (TWO_PAIR, *groups)
    if shape == [2, 1, 1, 1]:
        return (PAIR, *groups)
    return (HIGH_CARD, *ranks)


def hand_rank(cards: Iterable[int]) -> tuple[int, ...]:
    """Compare key of 5 to 7 distinct cards: the best of their five-card subsets."""
    cards = tuple(sorted(int(c) for c in cards))
    assert 5 <= len(cards) <= 7 and len(set(cards)) == len(cards)
    # Subsets of the sorted cards are sorted: ``_five`` is ``rank_five`` of each.
    return max(map(_five, itertools.combinations(cards, 5)))


@dataclass(frozen=True)
class ReferenceEquity:
    """Exact weighted tallies of every outcome, per player."""

    win: tuple[Fraction, ...]  # weight of outcomes each player wins alone
    tie: tuple[Fraction, ...]  # weight of outcomes each player shares the best hand
    share: tuple[Fraction, ...]  # weight of pot shares won (a k-way split counts 1/k)
    total: Fraction  # weight of all outcomes
    outcomes: int  # unweighted number of (assignment, board) outcomes

    @property
    def equity(self) -> tuple[Fraction, ...]:
        """Each player's exact equity, ``share / total``."""
        return tuple(s / self.total for s in self.share)


def _weighted_combos(player: Any) -> list[tuple[tuple[int, int], Fraction | int]]:
    """A player's combos as ``((c1, c2), weight)`` pairs with exact weights (int 1 when
    unweighted, so that unweighted tallies stay integer counts)."""
    if hasattr(player, "combos") and hasattr(player, "weights"):
        entries: Iterable[Any] = zip(player.combos, player.weights, strict=True)
    else:
        entries = (e if isinstance(e[0], (tuple, list)) else (e, 1) for e in player)
    exact = [((int(c[0]), int(c[1])), Fraction(w)) for c, w in entries]
    return [(c, 1 if w == 1 else w) for c, w in exact]


def reference_equity(
    players: Sequence[Any],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    rank: Callable[[Sequence[int]], tuple[int, ...]] | None = None,
    deck: Sequence[int] = range(52),
) -> ReferenceEquity:
    """Enumerate every non-conflicting assignment of combos and every board completion.

    ``rank`` orders hands (default :func:`hand_rank`) and ``deck`` is the cards a board
    is dealt from: another game's (short-deck's 36 cards and ranking) goes through here too.
    """
    rank = hand_rank if rank is None else rank
    board = tuple(board)
    used = set(board) | set(dead)
    assert len(used) == len(board) + len(tuple(dead)), "board and dead cards overlap"
    combos = [_weighted_combos(p) for p in players]
    n = len(players)
    # split[i][k]: weight of the outcomes player i wins as one of k winners.
    split: list[list[Fraction | int]] = [[0] * (n + 1) for _ in range(n)]
    total: Fraction | int = 0
    outcomes = 0
    # Every board completion, then every assignment it leaves possible: each (assignment,
    # board) outcome once, as assignments first and their boards second would give them.
    for rest in itertools.combinations([c for c in deck if c not in used], 5 - len(board)):
        full = board + rest
        out = used | set(rest)
        # Each player's combos that avoid the board and the dead cards (a weight-0 combo makes
        # every assignment holding it weigh 0).
        live = [[(c, w) for c, w in p if w != 0 and not out & set(c)] for p in combos]
        ranked: dict[tuple[int, int], tuple[int, ...]] = {}  # each combo's hand on this board
        for assignment in itertools.product(*live):
            hole = [c for combo, _ in assignment for c in combo]
            if len(set(hole)) != len(hole):
                continue
            weight = math.prod(w for _, w in assignment)
            for combo, _ in assignment:
                if combo not in ranked:
                    ranked[combo] = rank(combo + full)
            ranks = [ranked[combo] for combo, _ in assignment]
            best = max(ranks)
            winners = [i for i, r in enumerate(ranks) if r == best]
            for i in winners:
                split[i][len(winners)] += weight
            total += weight
            outcomes += 1
    win = tuple(Fraction(row[1]) for row in split)
    tie = tuple(Fraction(sum(row[2:])) for row in split)
    share = tuple(
        sum((Fraction(x, k) for k, x in enumerate(row) if k), Fraction(0)) for row in split
    )
    return ReferenceEquity(win, tie, share, Fraction(total), outcomes)
