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


def build_pots(put: Sequence[Any], live: Sequence[bool], antes: Sequence[Any] = ()) -> Pots:
    """The pots made by the amounts ``put`` in, level by level, among the ``live`` players.

    Each distinct amount a live player put in closes a level; a level holds what
    every player (folded ones too) put in between it and the level below, and is
    won among the live players who reached it.  What lies above the highest level
    another player matched is an uncalled bet and goes back to its player.
    Consecutive levels with the same eligible players merge into one pot.  ``antes``,
    part of what was put in, are dead money: never an uncalled bet.
    """
    amounts = [chip_amount(p) for p in put]
    n = len(amounts)
    dead = [chip_amount(a) for a in antes] + [_ZERO] * (n - len(antes))
    bets = [a - d for a, d in zip(amounts, dead, strict=True)]
    returned = [_ZERO] * n
    # The uncalled part: the top bettor's excess over everyone else's highest bet.
    if n >= 2:
        top = max(range(n), key=lambda i: bets[i])
        second = max(bets[i] for i in range(n) if i != top)
        if bets[top] > second:
            returned[top] = bets[top] - second
    paid = [a - r for a, r in zip(amounts, returned, strict=True)]
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
    return Pots(tuple(pots), tuple(returned))
