"""The Omaha range language: hands, patterns with variables, set operators and percentages.

The grammar is documented once, on :func:`parse_omaha_range`; docs/ranges.md
("Omaha ranges") has the worked examples.  The text is read by
:mod:`pokercalc.ranges.omaha_grammar` and its items' hands listed by
:mod:`pokercalc.ranges.omaha_expand` (with :mod:`pokercalc.ranges.matching` and
:mod:`pokercalc.ranges.rankings`).  :func:`run_omaha_query` is the data behind
``pokercalc query --game omaha``, an
:class:`~pokercalc.ranges.omaha_result.OmahaQueryResult`.

>>> len(parse_omaha_range("AAxx")), len(parse_omaha_range("KQJTss"))
(6961, 144)
>>> len(parse_omaha_range("AsKs***, AAxxx:0.5", "omaha5"))
124551
>>> len(parse_omaha_range("AAxxxds", "omaha5"))
41472
>>> parse_omaha_range("AKQ")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokercalc.errors.ParseError: 'AKQ' has 3 cards where an omaha hand has 4 (x or * is any ...
"""

from __future__ import annotations

from math import comb

import numpy as np

from pokercalc.core.cards import CardsLike, cards_of, format_cards
from pokercalc.core.games import Game, get_game
from pokercalc.errors import EmptyRangeError, InputError, ParseError
from pokercalc.ranges.hands import DeckRange, Range
from pokercalc.ranges.matching import rows_of_keys
from pokercalc.ranges.omaha_expand import MAX_HANDS, range_hands, range_of_rows
from pokercalc.ranges.omaha_grammar import STRUCTURES, bare_random, read_items
from pokercalc.ranges.omaha_result import OmahaQueryResult
from pokercalc.ranges.rankings import (
    class_keys,
    class_name,
    every_class,
    omaha_ranking,
    percent_class_count,
    ranking_file,
)

__all__ = [
    "MAX_HANDS",
    "STRUCTURES",
    "class_keys",
    "class_name",
    "every_class",
    "omaha_ranking",
    "check_omaha_range",
    "parse_omaha_range",
    "percent_class_count",
    "ranking_file",
    "run_omaha_query",
    "OmahaQueryResult",
]


def _omaha_game(game: Game | str) -> Game:
    g = get_game(game)
    if g.range_language != "omaha":
        raise InputError(
            f"{g.name} is not an Omaha game; its ranges are hold'em notation (parse_range)"
        )
    return g


def parse_omaha_range(text: str, game: Game | str = "omaha") -> Range:
    """Parse an Omaha range into a :class:`Range` of ``game.hole_cards``-card hands.

    Grammar (case-insensitive except the variables; blanks allowed around
    items, operators and between cards)::

        range     := item ("," item)*                     union; a later item's weight wins
        item      := expr [":" WEIGHT]                    WEIGHT a number in [0, 1]
                   | "[" PERCENT "]" range "[/" PERCENT "]"   Equilab weight group, in percent
        expr      := ["!" | "not"] atom (op atom)*        left to right; a leading ! is
                                                          every hand but the atom
        op        := ":" | "and"                          both (intersection)
                   | "!" | "not" | "and not"             but not (difference)
        atom      := "random" | "any"                     every hand of the deck
                   | NUMBER "%" ["-" NUMBER "%"]          the best classes of the game's ranking
                   | card{k} [structure]                  k = the game's hole cards (4, 5, 6)
                   | card{0..k} structure                 the cards not named are any cards
        card      := rank [SUIT | SUITVAR]                As, A, Ax
                   | ("*" | "x") [SUIT]                   any card; *s: any spade
                   | ["*"] SUITVAR                        any card of a suit variable: x, *y
        rank      := RANK | "[" span ("," span)* "]"      A; [T-A], [AKQ], [A,2-5]: one of
                   | RANKVAR                              R O N P (uppercase)
        span      := RANK ["-" RANK]                      aces high: [A-T] is [T-A]
        structure := ["$"] ("ds" | "ss" | "ts" | "r" | "rb")

    A pattern matches every hand whose cards can be given one to each of its
    cards: ``AAxx`` and ``AA**`` are the hands with at least two aces,
    ``AKQJ`` an ace, king, queen and jack in any suits, ``AsKs**`` the hands
    holding both, ``AsKxx`` the ace of spades, a king and two more; a card
    given twice (``AsAs**``) is an error.  RANK is ``2-9 T J Q K A`` (``10``
    for ``T``), SUIT ``c d h s`` or a suit symbol.

    Variables (ProPokerTools' generic syntax): cards with the same rank
    variable share a rank and different ones differ (``RR**`` holds a pair,
    ``RROO`` two pairs, ``RRON`` one pair and two other ranks); cards with
    the same suit variable ``w x y z`` share a suit and different ones differ
    (``AxAy*x*y``: double-suited aces).  A variable never takes a rank or
    suit the pattern names (``AARR``: aces and another pair).  Reading of
    ``x``: when the pattern holds no ``w``, ``y`` or ``z`` and, with ``x`` as
    a whole card, has the game's number of cards (``AAxx``, ``AsKxx``), ``x``
    is a whole card, as it always was; otherwise lowercase ``w x y z`` are
    suit variables, after a rank or ``*`` the card's suit, alone a card of
    any rank in that suit (``AxKx**``, ``AxAyxy``), and ``*`` or ``X`` is a
    whole card.  The two readings never both give the right number of cards.

    ``:`` followed by a number at the end of an item is its weight, unless
    the number is a hand of ``k`` ranks 2-9 (``AAxx:5432``); any other ``:``
    is ``and``.  A bracket holding a number opens a weight group, any other
    bracket is a rank class.  ``15%`` is the best classes of the game's
    ranking (:func:`omaha_ranking`: equity against three random hands; in
    the hi/lo games hi/lo equity; shipped in ``pokercalc/data``, see
    :mod:`pokercalc.ranges.rankings`) whose hands first reach 15 % of all
    hands, whole classes only; ``5%-10%`` is ``10%`` without ``5%``.

    The structure counts the suits of all the hand's cards: ``ds``
    double-suited, ``ss`` single-suited, ``ts`` triple-suited and ``r``
    rainbow are the hands in which exactly 2, 1, 3 and 0 suits hold two cards
    and no suit holds more.  In Omaha-4, ``ds`` is 2-2, ``ss`` 2-1-1 and
    ``r`` 1-1-1-1; in Omaha-5 ``ds`` is 2-2-1 and ``ss`` 2-1-1-1; in Omaha-6
    ``ds`` is 2-2-1-1 and ``ts`` 2-2-2 (the other structures hold no hand
    there).  A suit letter right before a suffix belongs to the suffix
    (``AKQJds`` is ``AKQJ`` double-suited; ``AKQJsds`` has the jack of spades).
    As in ProPokerTools, a pattern with a structure may name fewer cards than
    ``k``: the rest are any cards (``AA$ds`` is ``AAxx$ds``, a bare ``ds`` or
    ``$ds`` every double-suited hand, ``$ss`` single-suited, ``$r`` rainbow).

    Errors: :class:`ParseError` naming the problem and its position,
    :class:`EmptyRangeError` for an atom or item that matches no hand, and
    :class:`InputError` for a game that is not Omaha or a range of more than
    :data:`MAX_HANDS` hands (``random`` alone is never listed: the engine
    deals it).  Combos are sorted as :meth:`Range.from_combos` sorts them.

    >>> r = parse_omaha_range("AsKsQdJd, AAxx:0.5")
    >>> len(r), r.combos[0], r.total_weight
    (6962, (51, 50, 49, 48), 3481.5)
    >>> len(parse_omaha_range("xxxxds")), len(parse_omaha_range("xxxxxxts", "omaha6"))
    (36504, 1898208)
    >>> [len(parse_omaha_range(t)) for t in ("AxAy*x*y", "RR**", "[T-A][T-A]xx", "AAxx!AAAx")]
    [864, 87685, 135565, 6768]
    """
    if not isinstance(text, str):
        raise ParseError(f"a range must be text, not {type(text).__name__}")
    g = _omaha_game(game)
    keys, weights = range_hands(text, g)
    return range_of_rows(text, rows_of_keys(keys, g.hole_cards), weights)


def check_omaha_range(text: str, game: Game | str = "omaha") -> None:
    """Raise the :class:`ParseError` that :func:`parse_omaha_range` would for ``text``'s
    spelling, without listing its hands (cheap: the engine reads every player's range so
    before it expands the first)."""
    if not isinstance(text, str):
        raise ParseError(f"a range must be text, not {type(text).__name__}")
    read_items(text, _omaha_game(game))


def run_omaha_query(
    text: str,
    game: Game | str = "omaha",
    board: CardsLike = (),
    dead: CardsLike = (),
) -> OmahaQueryResult:
    """Parse an Omaha range and remove the hands using board or dead cards.

    A bare ``random`` too big to list (Omaha-6) is counted, not listed.  A
    range whose every hand is blocked raises :class:`EmptyRangeError` naming
    the blocking cards.

    >>> r = run_omaha_query("AAxx", board="AcKd2h")
    >>> r.matched, r.count, r.total, r.examples(1)[0][0]
    (6961, 3151, 270725, (51, 50, 49, 47))
    """
    from pokercalc.core.validate import check_board_and_dead

    if not isinstance(text, str):
        raise ParseError(f"a range must be text, not {type(text).__name__}")
    g = _omaha_game(game)
    b, d = check_board_and_dead(board, dead, game=g)
    removed = b + d
    if bare_random(text) and comb(g.deck_size, g.hole_cards) > MAX_HANDS:
        deck = DeckRange(text, g.hole_cards, g.deck_mask)
        left = deck.without(removed, player="the query")
        return OmahaQueryResult(
            expression=text,
            game=g,
            board=cards_of(b),
            dead=cards_of(d),
            left=left,
            matched=len(deck),
        )
    keys, weights = range_hands(text, g)
    keep = (keys & np.int64(sum(1 << c for c in removed))) == 0
    if len(keys) and not keep.any():
        used = int(np.bitwise_or.reduce(keys))
        blockers = [c for c in removed if used >> c & 1]
        raise EmptyRangeError(
            f"the query ({text!r}) has no hand left: all are blocked by {format_cards(blockers)}"
        )
    return OmahaQueryResult(
        expression=text,
        game=g,
        board=cards_of(b),
        dead=cards_of(d),
        left=(keys[keep], weights[keep]) if removed else (keys, weights),
        matched=len(weights),
    )
