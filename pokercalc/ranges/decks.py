"""Ranges in a game's deck: hold'em notation and pocket queries where some ranks are missing.

Short-deck removes the deuces to fives.  A hand or class that names a missing
rank (``55``, ``A2s+``) is an error naming it, while ``random`` and the pocket
query language's groups simply mean the hands the deck has.  Every reader of
a two-card player applies :func:`in_deck`: :func:`~pokercalc.ranges.query.run_query`
and :func:`~pokercalc.ranges.holdem_players.holdem_player`.

>>> from pokercalc.core.games import get_game
>>> len(in_deck(parse_range("random"), "random", get_game("shortdeck"), "player"))
630
>>> in_deck(parse_range("55"), "55", get_game("shortdeck"), "player")
Traceback (most recent call last):
...
pokercalc.errors.InputError: player: '55' names 5s, which the 36-card shortdeck deck does not have
"""

from __future__ import annotations

from pokercalc.core.cards import card_mask
from pokercalc.core.games import Game
from pokercalc.errors import EmptyRangeError, InputError, PokercalcError, quote
from pokercalc.ranges.combos import RANKS
from pokercalc.ranges.hands import Range
from pokercalc.ranges.notation import parse_range

__all__ = ["in_deck"]


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
