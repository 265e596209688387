"""Two-card players (hold'em, short-deck): a hand, range notation or a pocket query, read.

:func:`holdem_player` reads one player as the game's deck allows it
(:func:`~pokercalc.ranges.decks.in_deck`); board and dead cards are the
caller's to remove.  (:func:`pokercalc.ranges.query.player_range`, the public
call, also removes them, in hold'em.)

>>> len(holdem_player("random", "shortdeck")), len(holdem_player("AKs", "shortdeck"))
(630, 4)
>>> holdem_player("55", "shortdeck")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: player: '55' names 5s, which the 36-card shortdeck deck does not have
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from pokercalc.core.cards import CardLike, cards_text, parse_cards
from pokercalc.core.games import Game, get_game
from pokercalc.errors import PokercalcError
from pokercalc.ranges.decks import in_deck
from pokercalc.ranges.hands import Range

__all__ = ["holdem_player"]


def holdem_player(
    item: str | Range | Iterable[CardLike], game: str | Game = "holdem", who: str = "player"
) -> Range:
    """A two-card player (a hand, range notation or a pocket query, or a hand given as a list
    of cards) as the game's deck allows it."""
    g = get_game(game)
    if isinstance(item, Range):
        return in_deck(item, None, g, who)
    if not isinstance(item, str):
        item = cards_text(item, who)
    hand = _one_hand(item)
    if hand is not None:
        return in_deck(hand, item, g, who)
    from pokercalc.ranges.query import parse_query  # (not imported for a hand: see _one_hand)

    return in_deck(parse_query(item), item, g, who)


@lru_cache(maxsize=1024)
def _one_hand(text: str) -> Range | None:
    """``text`` as the range of one hand when it is two cards written together (``AsKd``), as
    :func:`~pokercalc.ranges.query.parse_query` reads it; else None.  The commonest player
    is so read without importing the query parser and compiling its patterns, a cost a
    one-off command would feel (tests/test_startup.py)."""
    if len(text) != 4 or not text.isalnum():
        return None
    try:
        cards = parse_cards(text)
    except PokercalcError:
        return None
    if len(cards) != 2:
        return None
    return Range(text, (tuple(sorted(cards, reverse=True)),), (1.0,))
