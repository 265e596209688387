"""Main and side pots by contribution level, and the uncalled bets that come back.

>>> pots = build_pots([100, 100, 30, 10], [True, True, True, False])
>>> [(int(p.amount), p.eligible) for p in pots.pots], [int(r) for r in pots.returned]
([(100, (0, 1, 2)), (140, (0, 1))], [0, 0, 0, 0])
>>> [int(r) for r in build_pots([50, 20], [True, True]).returned]
[30, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

__all__ = ["Pot", "Pots", "build_pots", "chip_amount"]


@dataclass(frozen=True)
class Pot:
    """A main or side pot: its amount and the players (indices) eligible to win it."""

    amount: Decimal
    eligible: tuple[int, ...]


@dataclass(frozen=True)
class Pots:
    """The pots of a hand by contribution level, and what came back to each player uncalled."""

    pots: tuple[Pot, ...]
    returned: tuple[Decimal, ...]

    def put_in(self, put: Sequence[Any]) -> tuple[Decimal, ...]:
        """What each player put in after the uncalled bets came back."""
        return tuple(chip_amount(p) - r for p, r in zip(put, self.returned, strict=True))


_ZERO = Decimal(0)


def chip_amount(value: Any) -> Decimal:
    """A chip amount as a Decimal (exact for the amounts hand histories write)."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(value) if isinstance(value, int) else Decimal(str(value))


def build_pots(
    put: Sequence[Any], live: Sequence[bool], antes: Sequence[Any] = (), *, trimmed: bool = True
) -> Pots:
    """The pots made by the amounts ``put`` in, level by level, among the ``live`` players.

    Each distinct amount a live player put in closes a level; a level holds what
    every player (folded ones too) put in between it and the level below, and is
    won among the live players who reached it.  What lies above the highest level
    another player matched is an uncalled bet and goes back to its player.
    Consecutive levels with the same eligible players merge into one pot.

    ``antes`` are part of what was put in, and follow the PHH's ante trimming status
    as pokerkit plays it: ``trimmed``, the highest ante's excess over the second
    highest (a short stack's partial ante matched) comes back and the antes count
    in the levels like any chip; otherwise they are dead money in the main pot,
    which every live player is eligible for however little of its ante it could
    post.

    >>> pots = build_pots([3, 25, 25], [True, True, True], [3, 5, 5], trimmed=False)
    >>> [(int(p.amount), p.eligible) for p in pots.pots]
    [(13, (0, 1, 2)), (40, (1, 2))]
    >>> pots = build_pots([3, 25, 25], [True, True, True], [3, 5, 5])
    >>> [(int(p.amount), p.eligible) for p in pots.pots]
    [(9, (0, 1, 2)), (44, (1, 2))]
    """
    amounts = [chip_amount(p) for p in put]
    n = len(amounts)
    dead = [chip_amount(a) for a in antes] + [_ZERO] * (n - len(antes))
    bets = [a - d for a, d in zip(amounts, dead, strict=True)]
    returned = [_ZERO] * n
    if n >= 2:
        # The uncalled part: the top bettor's excess over everyone else's highest bet, and
        # the top ante's over the second highest.
        returned[_top(bets)] = _excess(bets)
        if trimmed:
            returned[_top(dead)] += _excess(dead)
    paid = [a - r for a, r in zip(amounts, returned, strict=True)]
    pooled = _ZERO
    if not trimmed:
        pooled = sum(dead, _ZERO)
        paid = [p - d for p, d in zip(paid, dead, strict=True)]
    levels = sorted({paid[i] for i in range(n) if live[i] and paid[i] > 0})
    pots: list[Pot] = []
    below = _ZERO
    for level in levels:
        amount = sum((min(p, level) - min(p, below) for p in paid), _ZERO)
        eligible = tuple(i for i in range(n) if live[i] and paid[i] >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
        below = level
    # Chips above every live player's level (folded players who put in more): the last pot's.
    rest = sum((p - min(p, below) for p in paid), _ZERO)
    if rest:
        if pots:
            pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
        else:
            pots.append(Pot(rest, tuple(i for i in range(n) if live[i])))
    if pooled:
        everyone = tuple(i for i in range(n) if live[i])
        if pots and pots[0].eligible == everyone:
            pots[0] = Pot(pots[0].amount + pooled, everyone)
        else:
            pots.insert(0, Pot(pooled, everyone))
    return Pots(tuple(pots), tuple(returned))


def _top(amounts: Sequence[Decimal]) -> int:
    """The index of the highest amount (the first of equals)."""
    return max(range(len(amounts)), key=lambda i: amounts[i])


def _excess(amounts: Sequence[Decimal]) -> Decimal:
    """How far the highest amount exceeds every other."""
    top = _top(amounts)
    return amounts[top] - max(amounts[i] for i in range(len(amounts)) if i != top)
