"""Hand ranges in range notation, the language of PokerStove and Equilab: :func:`parse_range`.

The grammar is documented once, on :func:`parse_range` (docs/ranges.md has
the worked examples); the text is read by :mod:`pokercalc.ranges.holdem_grammar`,
its tokens' hands listed by :mod:`pokercalc.ranges.combos`, and the result is
a :class:`~pokercalc.ranges.hands.Range`.  The names of those modules that
callers have always taken from here are here too.  The pocket query language
(:mod:`pokercalc.ranges.query`) is built on range notation.

>>> len(parse_range("QQ+,AQs+,AK")), len(parse_range("T9o-65o")), len(parse_range("random"))
(38, 60, 1326)
>>> parse_range("AKs:0.5").weights
(0.5, 0.5, 0.5, 0.5)
"""

from __future__ import annotations

from functools import lru_cache

from pokercalc.errors import ParseError
from pokercalc.ranges.combos import (
    ALL_COMBOS,
    CLASSES,
    COMBO_OF_INDEX,
    N_COMBOS,
    RANKS,
    class_combos,
    class_name,
    combo_index,
    grid_class,
    percent_classes,
    preflop_order,
)
from pokercalc.ranges.hands import DeckRange, Range
from pokercalc.ranges.holdem_grammar import parse_weights, space_hint, split_players

__all__ = [
    "Range",
    "DeckRange",
    "combo_index",
    "ALL_COMBOS",
    "N_COMBOS",
    "COMBO_OF_INDEX",
    "CLASSES",
    "RANKS",
    "parse_range",
    "split_players",
    "space_hint",
    "class_name",
    "class_combos",
    "grid_class",
    "preflop_order",
    "percent_classes",
]


def parse_range(text: str) -> Range:
    """Parse range notation into a :class:`Range` whose ``text`` is ``text``.

    Grammar (case-insensitive; blanks are allowed around every token)::

        range   := item ("," item)*                      union; a later item's weight wins
        item    := token [":" WEIGHT]                    WEIGHT a fraction in [0, 1]
                 | "[" PERCENT "]" range "[/" PERCENT "]"  Equilab weight group, in percent
        token   := CARD CARD                             AhKh, "Ah Kh", 10h9h
                 | CARD CARD with x wildcards           AsKx, "Ax Kx", XsXs, XxXx
                 | "random" | "any"                      all 1,326 hands
                 | RANK RANK [s|o|*]                     77, AKs, AKo, AK (both), AK* (both)
                 | RANK RANK [s|o] "+"                   77+ (to AA), AJs+ (kicker up to K)
                 | RANK RANK [s|o] "-" RANK RANK [s|o]   JJ-88, A5s-A2s, KTo-K7o, T9s-54s
                 | NUMBER "%"                            15%: the top classes (docs/ranges.md)

    A CARD is a rank and a suit, the suit a letter ``c d h s`` or a symbol
    (``♣ ♦ ♥ ♠``, ``♧ ♢ ♡ ♤``), so the cards pokercalc prints read back.
    A weight of 0 removes the hand from the items before it.  Errors are
    :class:`ParseError` naming the problem and its position.

    >>> len(parse_range("99+,AJs+")), len(parse_range("A5s-A2s")), len(parse_range("AsKx"))
    (48, 16, 4)
    >>> parse_range("[50]AKs,QQ[/50]").total_weight
    5.0
    >>> parse_range("AKs-QTs")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokercalc.errors.ParseError: 'AKs-QTs' is not a run: the ends need the same top card or ...
    """
    if not isinstance(text, str):
        raise ParseError(f"a range must be text, not {type(text).__name__}")
    return _parse_range(text)


@lru_cache(maxsize=1024)
def _parse_range(text: str) -> Range:
    """:func:`parse_range` once per distinct text (a Range is immutable, so it can be shared)."""
    return Range.from_weights(text, parse_weights(text))
