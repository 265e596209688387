"""Plain-Python lowball and badugi rankings, written from the rules: the tests' oracle.

Cards are pokercalc card indices (``4 * rank + suit``, rank 0..12 = 2..A), but nothing here
imports pokercalc, so the oracle shares no code with what it checks.  Every function returns a
key that compares as the hands do: higher is better, equal keys tie.  Hands of more than five
cards (badugi: of more than the cards that play) take the best of their subsets, by brute force.

- ``ace_to_five(cards)``: razz and ace-to-five lowball; aces low, straights and flushes do not
  count, pairs do (no pair beats one pair beats two pair beats trips beats a full house beats
  four of a kind).  Key ``(-pairing, ranks...)``.
- ``deuce_to_seven(cards)``: aces high only (A-5-4-3-2 is no straight), straights and flushes
  count against; the high ranking turned upside down.  Key ``(-category, ranks...)``.
- ``low8(cards)``: the eight-or-better low, five distinct ranks ace to eight, or None.
- ``badugi(cards)``: the largest set of cards of distinct suits and distinct ranks; more cards
  beat fewer, then the lower highest card, and so on (aces low).  Key ``(size, ranks...)``.
- ``*_category(key)``: the key's category, by the names pokercalc uses.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

__all__ = [
    "ace_to_five",
    "ace_to_five_category",
    "badugi",
    "badugi_category",
    "deuce_to_seven",
    "deuce_to_seven_category",
    "low8",
]

# How bad each pairing is in ace-to-five, by the counts of the ranks, the most first.
_PAIRING = {
    (1, 1, 1, 1, 1): 0,  # no pair
    (2, 1, 1, 1): 1,  # one pair
    (2, 2, 1): 2,  # two pair
    (3, 1, 1): 3,  # three of a kind
    (3, 2): 4,  # full house
    (4, 1): 5,  # four of a kind
}
_PAIRING_NAMES = (
    "No pair",
    "Pair",
    "Two pair",
    "Three of a kind",
    "Full house",
    "Four of a kind",
)
_HIGH_NAMES = (
    "No pair",
    "Pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
)
_BADUGI_NAMES = ("One-card badugi", "Two-card badugi", "Three-card badugi", "Four-card badugi")


def _ace_low(card: int) -> int:
    """The card's rank with the ace lowest: ace 1, deuce 2, ..., king 13."""
    rank = card // 4
    return 1 if rank == 12 else rank + 2


def _by_count_then_rank(ranks: Sequence[int]) -> tuple[int, ...]:
    """The distinct ranks, the most repeated first, then the higher: the order players
    compare them in (pair before kickers, trips before the pair)."""
    counts = Counter(ranks)
    return tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))


def _ace_to_five_five(five: Sequence[int]) -> tuple[int, ...]:
    ranks = [_ace_low(c) for c in five]
    pairing = _PAIRING[tuple(sorted(Counter(ranks).values(), reverse=True))]
    # The lower the ranks, the better: a lower pair, then lower kickers from the top down.
    return (-pairing, *(-r for r in _by_count_then_rank(ranks)))


def ace_to_five(cards: Sequence[int]) -> tuple[int, ...]:
    """Key of the best ace-to-five low of any five of 5 to 7 distinct cards."""
    assert 5 <= len(cards) <= 7 and len(set(cards)) == len(cards)
    return max(_ace_to_five_five(five) for five in itertools.combinations(cards, 5))


def ace_to_five_category(key: tuple[int, ...]) -> str:
    """The category of an :func:`ace_to_five` key."""
    return _PAIRING_NAMES[-key[0]]


def _high_category(five: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The high category (0 high card .. 8 straight flush) of five cards with aces high only,
    and their ranks in the order that decides within it."""
    ranks = [c // 4 for c in five]
    shape = tuple(sorted(Counter(ranks).values(), reverse=True))
    flush = len({c % 4 for c in five}) == 1
    straight = shape == (1, 1, 1, 1, 1) and max(ranks) - min(ranks) == 4
    if straight and flush:
        category = 8
    elif shape == (4, 1):
        category = 7
    elif shape == (3, 2):
        category = 6
    elif flush:
        category = 5
    elif straight:
        category = 4
    else:
        category = {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}[shape]
    return category, _by_count_then_rank(ranks)


def deuce_to_seven(cards: Sequence[int]) -> tuple[int, ...]:
    """Key of the best deuce-to-seven low of any five of 5 to 7 distinct cards."""
    assert 5 <= len(cards) <= 7 and len(set(cards)) == len(cards)

    def five_key(five: Sequence[int]) -> tuple[int, ...]:
        category, ranks = _high_category(five)
        return (-category, *(-r for r in ranks))

    return max(five_key(five) for five in itertools.combinations(cards, 5))


def deuce_to_seven_category(key: tuple[int, ...]) -> str:
    """The category of a :func:`deuce_to_seven` key."""
    return _HIGH_NAMES[-key[0]]


def low8(cards: Sequence[int]) -> tuple[int, ...] | None:
    """Key of the best eight-or-better low of any five of the cards (the lower the highest
    card the better, then the next), or None without five distinct ranks ace to eight."""
    assert len(set(cards)) == len(cards)
    best = None
    for five in itertools.combinations(cards, 5):
        ranks = sorted((_ace_low(c) for c in five), reverse=True)
        if len(set(ranks)) == 5 and ranks[0] <= 8:
            key = tuple(-r for r in ranks)
            best = key if best is None or key > best else best
    return best


def badugi(cards: Sequence[int]) -> tuple[int, ...]:
    """Key of the badugi hand of 1 to 4 distinct cards: the most cards of distinct suits and
    ranks, then the lowest of those, highest card first (aces low)."""
    assert 1 <= len(cards) <= 4 and len(set(cards)) == len(cards)
    best: tuple[int, ...] = ()
    for size in range(1, len(cards) + 1):
        for subset in itertools.combinations(cards, size):
            if len({c % 4 for c in subset}) < size or len({c // 4 for c in subset}) < size:
                continue
            key = (size, *(-r for r in sorted((_ace_low(c) for c in subset), reverse=True)))
            best = max(best, key)
    return best


def badugi_category(key: tuple[int, ...]) -> str:
    """The category of a :func:`badugi` key."""
    return _BADUGI_NAMES[key[0] - 1]
