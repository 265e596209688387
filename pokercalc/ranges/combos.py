"""Two-card hands: combo indices, the 169 classes, and the hands each range-notation token holds.

This is the expansion of hold'em range notation: the grammar
(:mod:`pokercalc.ranges.holdem_grammar`) reads a token and names its kind,
and the functions here list its combo indices.  A combo index is unique to
a two-card hand, 0..1325 (:func:`combo_index`).

>>> class_name(51, 47), len(class_combos("AKs")), len(class_combos("AKo")), grid_class(0, 1)
('AKs', 4, 12, 'AKs')
>>> len(dash_indices("JJ-88", 0, "JJ-88", (9, 9, ""), (6, 6, ""))), len(plus_indices(12, 9, "s"))
(24, 12)
"""

from __future__ import annotations

import itertools
from functools import cache, lru_cache

from pokercalc.core.cards import RANKS
from pokercalc.errors import ParseError

__all__ = [
    "RANKS",
    "ALL_COMBOS",
    "N_COMBOS",
    "COMBO_OF_INDEX",
    "CLASSES",
    "combo_index",
    "class_name",
    "grid_class",
    "class_indices",
    "class_combos",
    "preflop_order",
    "percent_classes",
    "all_indices",
    "pair_or_class",
    "dash_indices",
    "plus_indices",
    "pattern_indices",
    "percent_indices",
]

#: every two-card hand as (high card, low card) by index, 1,326 of them, highest first
ALL_COMBOS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(51, -1, -1), 2))

#: the number of two-card hands
N_COMBOS = 1326


def combo_index(c1: int, c2: int) -> int:
    """A unique index 0..1325 of the two-card hand {c1, c2}."""
    hi, lo = (c1, c2) if c1 > c2 else (c2, c1)
    return hi * (hi - 1) // 2 + lo


#: every two-card hand by its combo index (ALL_COMBOS lists them by descending index)
COMBO_OF_INDEX: tuple[tuple[int, int], ...] = ALL_COMBOS[::-1]


# ---------------------------------------------------------------------------
# Starting-hand classes ("AKs", "AKo", "AA"): 169 of them.


def class_name(c1: int, c2: int) -> str:
    """The starting-hand class of two cards: ``"AA"``, ``"AKs"`` or ``"AKo"``."""
    r1, r2 = c1 >> 2, c2 >> 2
    if r1 < r2:
        r1, r2 = r2, r1
    if r1 == r2:
        return RANKS[r1] * 2
    return RANKS[r1] + RANKS[r2] + ("s" if (c1 & 3) == (c2 & 3) else "o")


def grid_class(row: int, col: int) -> str:
    """The class in a 13x13 grid cell: aces first, pairs on the diagonal, suited above it."""
    hi, lo = 12 - min(row, col), 12 - max(row, col)
    if hi == lo:
        return RANKS[hi] * 2
    return RANKS[hi] + RANKS[lo] + ("s" if row < col else "o")


#: the 169 classes in grid order (row by row, aces first)
CLASSES: tuple[str, ...] = tuple(grid_class(r, c) for r in range(13) for c in range(13))


def class_indices(hi: int, lo: int, kind: str) -> list[int]:
    """Combo indices of ranks ``hi``/``lo`` (0..12): kind ``s`` suited, ``o`` offsuit, else all."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = 4 * hi + s1, 4 * lo + s2
            if a == b or (hi == lo and s1 < s2):
                continue
            if (kind == "s" and s1 != s2) or (kind == "o" and s1 == s2):
                continue
            out.append(combo_index(a, b))
    return out


@cache
def class_combos(name: str) -> tuple[int, ...]:
    """The combo indices of a class name such as ``"AKs"`` (6 for a pair, 4 suited, 12 offsuit)."""
    hi, lo = RANKS.index(name[0].upper()), RANKS.index(name[1].upper())
    kind = name[2:3].lower() if hi != lo else ""
    return tuple(class_indices(hi, lo, kind))


# ---------------------------------------------------------------------------
# Percent ranges: the shipped preflop ordering.


@cache
def preflop_order() -> tuple[tuple[str, float], ...]:
    """The 169 classes, best first, with their equity against three random hands (shipped data)."""
    import json
    from importlib import resources

    path = resources.files("pokercalc") / "data" / "preflop_order.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    return tuple((row["class"], float(row["equity"])) for row in doc["classes"])


@lru_cache(maxsize=256)
def percent_classes(percent: float) -> tuple[str, ...]:
    """The best classes whose combos first reach ``percent`` % of the 1,326 (whole classes only)."""
    target = percent / 100.0 * N_COMBOS
    out: list[str] = []
    total = 0
    for name, _ in preflop_order():
        if total >= target - 1e-9:
            break
        out.append(name)
        total += len(class_combos(name))
    return tuple(out)


# ---------------------------------------------------------------------------
# The hands of each kind of token; errors name positions in ``src``.


@cache
def all_indices() -> tuple[int, ...]:
    """Every combo index: ``random``."""
    return tuple(range(N_COMBOS))


def pair_or_class(src: str, pos: int, hi: int, lo: int, kind: str) -> list[int]:
    """Combos of one class, checking that a pair carries no suit marker."""
    if hi == lo and kind:
        raise ParseError(f"a pair cannot be {'suited' if kind == 's' else 'offsuit'}", src, pos)
    if hi < lo:
        hi, lo = lo, hi
    return class_indices(hi, lo, kind)


def dash_indices(
    src: str, pos: int, token: str, first: tuple[int, int, str], last: tuple[int, int, str]
) -> list[int]:
    """Combos of a dash run ``token`` from ``first`` to ``last`` (each two ranks and a kind):
    ``JJ-88``, ``A5s-A2s``, ``KTo-K7o``, ``T9s-54s``."""
    a1, a2, ka = first
    b1, b2, kb = last
    if a1 < a2:
        a1, a2 = a2, a1
    if b1 < b2:
        b1, b2 = b2, b1
    if (a1 == a2) != (b1 == b2):
        raise ParseError(f"{token!r} mixes a pair with a non-pair", src, pos)
    if ka != kb:
        raise ParseError(f"the two ends of {token!r} differ in suitedness", src, pos)
    out: list[int] = []
    if a1 == a2:  # pairs: JJ-88
        for r in range(min(a1, b1), max(a1, b1) + 1):
            out += pair_or_class(src, pos, r, r, ka)
    elif a1 == b1:  # same top card: A5s-A2s
        for r in range(min(a2, b2), max(a2, b2) + 1):
            out += class_indices(a1, r, ka)
    elif a1 - a2 == b1 - b2:  # connector run: T9o-65o
        for d in range(0, abs(a1 - b1) + 1):
            top = min(a1, b1) + d
            out += class_indices(top, top - (a1 - a2), ka)
    else:
        raise ParseError(
            f"{token!r} is not a run: the ends need the same top card or the same gap", src, pos
        )
    return out


def plus_indices(hi: int, lo: int, kind: str) -> list[int]:
    """Combos of ``77+`` (pairs up to aces) or ``AJs+`` (kickers up to one below the top card)."""
    out: list[int] = []
    if hi == lo:
        for r in range(hi, 13):
            out += class_indices(r, r, "")
    else:
        for r in range(lo, hi):
            out += class_indices(hi, r, kind)
    return out


def pattern_indices(r1: int | None, s1: int | None, r2: int | None, s2: int | None) -> list[int]:
    """Combos of two card patterns, each a rank and a suit (None for any): ``AsKx``."""
    first = [c for c in range(52) if r1 in (None, c >> 2) and s1 in (None, c & 3)]
    second = [c for c in range(52) if r2 in (None, c >> 2) and s2 in (None, c & 3)]
    return sorted({combo_index(a, b) for a in first for b in second if a != b})


def percent_indices(percent: float) -> list[int]:
    """Combos of ``15%``: the best classes whose combos first reach that share."""
    return [k for name in percent_classes(percent) for k in class_combos(name)]
