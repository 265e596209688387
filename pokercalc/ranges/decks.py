"""Ranges in a game's deck: hold'em notation and pocket queries where some ranks are missing.

Short-deck removes the deuces to fives.  A hand or class that names a missing
rank (``55``, ``A2s+``) is an error naming it, while ``random`` and the pocket
query language's groups simply mean the hands the deck has.  Every command
that reads a two-card player goes through :func:`player_range`.

>>> len(player_range("random", "shortdeck")), len(player_range("AKs", "shortdeck"))
(630, 4)
>>> player_range("55", "shortdeck")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: player: '55' names 5s, which the 36-card shortdeck deck does not have
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from pokercalc.core.cards import CardLike, card_mask, cards_text, parse_cards
from pokercalc.core.games import Game, get_game
from pokercalc.errors import EmptyRangeError, InputError, PokercalcError, quote
from pokercalc.ranges.notation import RANKS, Range, parse_range

__all__ = ["in_deck", "player_range"]


def player_range(
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
    from pokercalc.ranges.query import parse_query

    return in_deck(parse_query(item), item, g, who)


@lru_cache(maxsize=1024)
def _one_hand(text: str) -> Range | None:
    """``text`` as the range of one hand when it is two cards written together (``AsKd``), as
    :func:`~pokercalc.ranges.query.parse_query` reads it; else None.  The commonest player
    is so read without the query parser, whose import and patterns cost a one-off command
    3 ms of the 20 it may spend beyond ``import click``."""
    if len(text) != 4 or not text.isalnum():
        return None
    try:
        cards = parse_cards(text)
    except PokercalcError:
        return None
    if len(cards) != 2:
        return None
    return Range(text, (tuple(sorted(cards, reverse=True)),), (1.0,))


def in_deck(rng: Range, text: str | None, game: Game, who: str) -> Range:
    """The range as the game's deck allows it (``text`` is what the user typed, if anything)."""
    outside = game.outside_mask
    if not outside:
        return rng
    if text is not None and "%" in text:
        raise InputError(
            f"{who}: percentage ranges rank hold'em hands; {game.name} has no ranking yet"
        )
    if not any(m & outside for m in rng.masks()):
        return rng
    plain = text is None or _is_notation(text)
    if plain and text is not None and text.strip().lower() == "random":
        plain = False
    if plain:
        low = min(c >> 2 for combo in rng.combos for c in combo if card_mask(c) & outside)
        raise InputError(
            f"{who}: {quote(rng.text)} names {RANKS[low]}s, which the {game.deck_size}-card "
            f"{game.name} deck does not have"
        )
    keep = [k for k, m in enumerate(rng.masks()) if not m & outside]
    if not keep:
        raise EmptyRangeError(f"{who} ({quote(rng.text)}) has no hand in the {game.name} deck")
    return Range(rng.text, tuple(rng.combos[k] for k in keep), tuple(rng.weights[k] for k in keep))


def _is_notation(text: str) -> bool:
    """True when ``text`` is plain range notation (hands and classes), not a pocket query."""
    try:
        parse_range(text)
    except PokercalcError:
        return False
    return True
