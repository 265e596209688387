"""Numbers for people: the one place that writes equities and shares as percentages.

Every table and line for people writes its percentages through :func:`percent`,
so ``equity``, ``outs``, ``winodds``, ``flops``, ``hits``, ``query`` and ``check``
show the same number of decimals; ``--decimals N`` sets it for one command
(:func:`using_decimals`).  JSON and CSV never pass through here: they keep full
precision.

>>> percent(0.2426085949)
'24.26'
>>> percent(0.2426085949, 4, unit=True)
'24.2609%'
>>> with using_decimals(0):
...     percent(0.5)
'50'
>>> percent(-0.00001, sign=True)
'+0.00'
>>> whole_percent(0.22)
'22%'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "DEFAULT_DECIMALS",
    "MAX_DECIMALS",
    "get_decimals",
    "using_decimals",
    "percent",
    "number",
    "whole_percent",
    "distinguishing_decimals",
]

#: Decimals of a percentage unless ``--decimals`` says otherwise.  Two, as Equilab and most
#: equity tools print (24.26%): a Monte Carlo run's standard error at its default size is a
#: few hundredths of a point, so further digits are noise there, and exact runs that need
#: more ask for them (``--decimals 4``) or read the JSON's full precision.
DEFAULT_DECIMALS = 2
#: The most decimals ``--decimals`` takes: past 8 a float's percentage shows its binary noise.
MAX_DECIMALS = 8

_DECIMALS: ContextVar[int] = ContextVar("pokercalc_decimals", default=DEFAULT_DECIMALS)


def get_decimals() -> int:
    """The decimals percentages are written with now (``--decimals``, else the default)."""
    return _DECIMALS.get()


@contextmanager
def using_decimals(decimals: int | None) -> Iterator[None]:
    """Write percentages with ``decimals`` decimals inside the block (None: leave as is)."""
    if decimals is None:
        yield
        return
    if not 0 <= decimals <= MAX_DECIMALS:
        raise ValueError(f"decimals must be 0 to {MAX_DECIMALS}, not {decimals}")
    token = _DECIMALS.set(decimals)
    try:
        yield
    finally:
        _DECIMALS.reset(token)


def number(x: float | Fraction, decimals: int | None = None, *, sign: bool = False) -> str:
    """``x`` with the percentages' decimals (or ``decimals``); never a negative zero."""
    places = get_decimals() if decimals is None else decimals
    value = float(x)
    if round(value, places) == 0:
        value = 0.0
    return f"{value:{'+' if sign else ''}.{places}f}"


def percent(
    fraction: float | Fraction | None,
    decimals: int | None = None,
    *,
    sign: bool = False,
    unit: bool = False,
) -> str:
    """A fraction (0.2426) as a percentage ("24.26"): "-" for None, "%" after it with ``unit``,
    "+" before a positive one with ``sign``."""
    if fraction is None:
        return "-"
    return number(100 * float(fraction), decimals, sign=sign) + ("%" if unit else "")


def whole_percent(fraction: float | Fraction) -> str:
    """A rule-of-thumb figure as a whole percentage ("22%"): rough by nature, so no decimals."""
    return f"{round(100 * float(fraction))}%"


def distinguishing_decimals(fractions: list[float], floor: int | None = None) -> int:
    """The fewest decimals, at least ``floor`` (default: the setting) and at most
    :data:`MAX_DECIMALS`, at which every nonzero fraction of ``fractions`` shows a nonzero
    percentage: a tolerance of 0.0001 reads "±0.01", not "±0.00".

    >>> distinguishing_decimals([0.0001, 0.0], 2)
    2
    >>> distinguishing_decimals([0.000004], 2)
    4
    """
    places = get_decimals() if floor is None else floor
    for f in fractions:
        while places < MAX_DECIMALS and f and round(100 * abs(f), places) == 0:
            places += 1
    return places
