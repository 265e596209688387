"""Slow, obviously correct equity of the games without a board: the tests' oracle.

Nothing here imports pokercalc.  A player is a list of given card sets, each a
tuple of card indices (weight 1) or ``(cards, weight)``; ``()`` is a player of
whom nothing is known.  Every joint choice of sets in which no card appears twice
(nor a dead one), times every way to deal each player the cards missing up to
``hand`` from the cards left, is one outcome, weighted by the product of the
sets' weights.  ``value(cards)`` ranks a whole hand (higher is better, for the
high pot); ``low(cards)`` ranks the low half of a hi/lo pot (lower is better,
None when the hand has no qualifying low).  Every outcome is dealt one by one:
keep the spots small.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from reference import ReferenceEquity
from reference_games import hilo_shares

Hand = tuple[int, ...]


def _sets(player: Sequence[Any]) -> list[tuple[Hand, Fraction | int]]:
    out: list[tuple[Hand, Fraction | int]] = []
    for s in player:
        if s and isinstance(s[0], tuple):
            out.append((tuple(s[0]), Fraction(s[1]).limit_denominator(10**6)))
        else:
            out.append((tuple(s), 1))
    return out


def own_equity(
    players: Sequence[Sequence[Any]],
    dead: Sequence[int],
    hand: int,
    value: Callable[[Hand], Any],
    low: Callable[[Hand], Any] | None = None,
) -> ReferenceEquity:
    """Every outcome dealt and shown down (see the module)."""
    n = len(players)
    deck = [c for c in range(52) if c not in set(dead)]
    share = [Fraction(0)] * n
    outcomes = 0
    win: list[Fraction | int] = [0] * n
    tie: list[Fraction | int] = [0] * n
    total: Fraction | int = 0
    for choice in itertools.product(*map(_sets, players)):
        given = [c for cards, _ in choice for c in cards]
        if len(set(given)) != len(given) or set(given) & set(dead):
            continue
        weight: Fraction | int = 1
        for _, w in choice:
            weight *= w
        left = [c for c in deck if c not in set(given)]
        for hands in _deals([cards for cards, _ in choice], left, hand):
            values = [value(h) for h in hands]
            if low is None:
                best = max(values)
                winners = [v == best for v in values]
                k = sum(winners)
                shares = [Fraction(int(w), k) for w in winners]
            else:
                shares = hilo_shares(values, [low(h) for h in hands])
            total += weight
            outcomes += 1
            for p in range(n):
                share[p] += weight * shares[p]
                if shares[p] == 1:
                    win[p] += weight
                elif shares[p] > 0:
                    tie[p] += weight
    return ReferenceEquity(
        win=tuple(map(Fraction, win)),
        tie=tuple(map(Fraction, tie)),
        share=tuple(share),
        total=Fraction(total),
        outcomes=outcomes,
    )


def _deals(given: list[Hand], left: list[int], hand: int) -> Any:
    """Every way to complete each given set to ``hand`` cards from ``left``, in turn."""
    if not given:
        yield []
        return
    first, rest = given[0], given[1:]
    for more in itertools.combinations(left, hand - len(first)):
        others = [c for c in left if c not in more]
        for tail in _deals(rest, others, hand):
            yield [first + more, *tail]
