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

Omaha hi/lo, eight or better
----------------------------
``omaha_low(hole, board)`` is the best qualifying low of exactly two hole cards
and three board cards, or None: a low is five distinct ranks eight or lower,
the ace low (value 1), straights and flushes ignored.  Its value is the tuple
of the five rank values from the highest down, e.g. ``(5, 4, 3, 2, 1)`` for
the wheel; tuples compare as lows do, LOWER IS BETTER (7-6-5-4-3 beats
8-6-4-3-2, 8-5-4-3-2 beats 8-6-4-3-2).

``omaha_hilo_equity(players, board, dead, hole_cards)`` enumerates outcomes as
``omaha_equity`` does and splits each pot: half to the best high hand
(``omaha_value``), half to the best qualifying low, ties splitting within each
half; when no player has a qualifying low the high winners share the whole
pot.  It returns a :class:`ReferenceHiLo` of weighted tallies and the rates
derived from them.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
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
    cards = [int(c) for c in cards]  # indices, or Card objects as results hold them
    ranks = tuple(sorted((c >> 2 for c in cards), reverse=True))
    return _short_pattern(ranks, len({c & 3 for c in cards}) == 1, triton)


@cache
def _short_pattern(high_to_low: tuple[int, ...], flush: bool, triton: bool) -> tuple[int, ...]:
    """``short_five`` of five cards of these ranks (high to low), all of one suit or not: all
    it reads of the cards.  Cached: there are a few thousand such patterns."""
    ranks = list(high_to_low)
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


# ---------------------------------------------------------------------------
# Omaha hi/lo, eight or better

Low = tuple[int, ...]

#: The low value of each rank (rank 0 is a deuce, 12 an ace): the ace is 1, a deuce 2, ...
LOW_VALUE = tuple(range(2, 14)) + (1,)


def low_five(cards: Sequence[int]) -> Low | None:
    """The low of exactly five cards: their rank values high to low when the five are
    distinct and all eight or lower, else None (no qualifying low)."""
    cards = [int(c) for c in cards]  # indices, or Card objects as results hold them
    assert len(cards) == 5 and len(set(cards)) == 5
    values = sorted({LOW_VALUE[c >> 2] for c in cards}, reverse=True)
    if len(values) == 5 and values[0] <= 8:
        return tuple(values)
    return None


def _best_low(lows: Iterator[Low | None]) -> Low | None:
    """The lowest of the qualifying lows, or None when none qualifies."""
    return min((v for v in lows if v is not None), default=None)


def omaha_low(hole: Sequence[int], board: Sequence[int]) -> Low | None:
    """The best qualifying low of exactly two hole cards and exactly three board cards (lower
    is better), or None."""
    return _best_low(
        low_five(two + three)
        for two in itertools.combinations(tuple(hole), 2)
        for three in itertools.combinations(tuple(board), 3)
    )


@lru_cache(maxsize=1 << 16)
def _pair_low(two: Hand, board: Hand) -> Low | None:
    """The best low of these two hole cards and three of the board's cards."""
    return _best_low(low_five(two + three) for three in itertools.combinations(board, 3))


@lru_cache(maxsize=1 << 18)
def omaha_low_value(hole: Hand, board: Hand) -> Low | None:
    """``omaha_low`` of sorted tuples, cached: the best over pairs of the best over triples."""
    return _best_low(_pair_low(two, board) for two in itertools.combinations(hole, 2))


def board_allows_low(board: Sequence[int]) -> bool:
    """True when the board holds three distinct ranks from A, 2, ..., 8 (a low is possible)."""
    return len({LOW_VALUE[c >> 2] for c in board if LOW_VALUE[c >> 2] <= 8}) >= 3


def hilo_shares(values: Sequence[tuple[int, ...]], lows: Sequence[Low | None]) -> list[Fraction]:
    """Each player's share of the whole pot in one outcome, from high values and lows."""
    n = len(values)
    best = max(values)
    high = [v == best for v in values]
    qualifying = [v for v in lows if v is not None]
    if not qualifying:
        return [Fraction(high[i], sum(high)) for i in range(n)]
    lowest = min(qualifying)
    low = [v == lowest for v in lows]
    return [Fraction(high[i], 2 * sum(high)) + Fraction(low[i], 2 * sum(low)) for i in range(n)]


@dataclass(frozen=True)
class ReferenceHiLo:
    """Exact weighted tallies of every hi/lo outcome, per player, and the rates from them.

    Every tally is a weight: with unit weights an integer (a count of outcomes).
    """

    scoops: tuple[Fraction, ...]  # outcomes the player takes the whole pot alone
    parts: tuple[Fraction, ...]  # outcomes the player gets some of the pot but not all of it
    share: tuple[Fraction, ...]  # shares of the whole pot won
    high: tuple[Fraction, ...]  # shares of the high half won (1/k as one of k best highs)
    low: tuple[Fraction, ...]  # shares of the low half won with a qualifying low
    low_board: Fraction  # outcomes whose full board allows a low
    low_made: Fraction  # outcomes in which some player has a qualifying low
    total: Fraction  # all outcomes
    outcomes: int  # the unweighted number of outcomes

    def _rates(self, tallies: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
        return tuple(t / self.total for t in tallies)

    @property
    def equity(self) -> tuple[Fraction, ...]:
        """Expected share of the whole pot."""
        return self._rates(self.share)

    @property
    def scoop(self) -> tuple[Fraction, ...]:
        """Rate of outcomes the player wins the whole pot alone (the engine's ``win``)."""
        return self._rates(self.scoops)

    @property
    def part(self) -> tuple[Fraction, ...]:
        """Rate of outcomes the player gets part of the pot, not all (the engine's ``tie``)."""
        return self._rates(self.parts)

    @property
    def high_share(self) -> tuple[Fraction, ...]:
        """Expected fraction of the high half the player wins."""
        return self._rates(self.high)

    @property
    def low_share(self) -> tuple[Fraction, ...]:
        """Expected fraction of the low half the player wins with a qualifying low."""
        return self._rates(self.low)

    @property
    def low_possible(self) -> Fraction:
        """Rate of outcomes whose full board allows a low."""
        return self.low_board / self.total


def omaha_hilo_equity(
    players: Sequence[Any], board: Sequence[int] = (), dead: Sequence[int] = (), hole_cards: int = 4
) -> ReferenceHiLo:
    """Every board completion times every non-conflicting assignment of the players' hands,
    each pot split high and low (see the module's docstring)."""
    board = tuple(board)
    used = set(board) | set(dead)
    assert len(used) == len(board) + len(tuple(dead)), "board and dead cards overlap"
    assert len(board) <= 5
    hands = [_weighted_hands(p, hole_cards) for p in players]
    n = len(players)
    # pattern[i][(h, l)]: weight of the outcomes in which player i is one of h best highs
    # (h = 0: not a best high) and one of l best lows (l = 0: not a best low; None: no
    # player has a qualifying low).
    pattern: list[Counter[tuple[int, int | None]]] = [Counter() for _ in range(n)]
    low_board: Fraction | int = 0
    low_made: Fraction | int = 0
    total: Fraction | int = 0
    outcomes = 0
    deck = [c for c in range(52) if c not in used]
    for rest in itertools.combinations(deck, 5 - len(board)):
        full = tuple(sorted(board + rest))
        allows_low = board_allows_low(full)
        left = frozenset(deck).difference(rest)
        for dealt, weight in _assignments(hands, left, hole_cards):
            values = [omaha_value(h, full) for h in dealt]
            lows = [omaha_low_value(h, full) if allows_low else None for h in dealt]
            best = max(values)
            high_winners = [i for i, v in enumerate(values) if v == best]
            qualifying = [v for v in lows if v is not None]
            low_winners = [i for i, v in enumerate(lows) if qualifying and v == min(qualifying)]
            for i in range(n):
                h = len(high_winners) if i in high_winners else 0
                lo = (len(low_winners) if i in low_winners else 0) if qualifying else None
                pattern[i][h, lo] += weight
            low_board += weight if allows_low else 0
            low_made += weight if qualifying else 0
            total += weight
            outcomes += 1
    assert outcomes, "no deal is possible"

    def whole(h: int, lo: int | None) -> Fraction:
        """A player's share of the whole pot from its place in each half."""
        high = Fraction(1, h) if h else Fraction(0)
        if lo is None:
            return high
        return high / 2 + (Fraction(1, lo) if lo else Fraction(0)) / 2

    def tally(f: Any) -> tuple[Fraction, ...]:
        return tuple(
            sum((Fraction(f(h, lo)) * w for (h, lo), w in row.items()), Fraction(0))
            for row in pattern
        )

    share = tally(whole)
    return ReferenceHiLo(
        scoops=tally(lambda h, lo: whole(h, lo) == 1),
        parts=tally(lambda h, lo: 0 < whole(h, lo) < 1),
        share=share,
        high=tally(lambda h, lo: Fraction(1, h) if h else 0),
        low=tally(lambda h, lo: Fraction(1, lo) if lo else 0),
        low_board=Fraction(low_board),
        low_made=Fraction(low_made),
        total=Fraction(total),
        outcomes=outcomes,
    )
