"""Ranges in a game's deck: hold'em notation and pocket queries where some ranks are missing.

Short-deck removes the deuces to fives.  A hand or class that names a missing
rank (``55``, ``2s2h``, ``A5s``) is an error naming it, while shapes mean the
hands the deck has: ``random``, ``XhXh``, ``AsXx``, the pocket query
language's groups, and runs whose bound the deck lacks (``22+`` starts at
``66``; :func:`deck_notes` says so).  Every reader of a two-card player applies
:func:`in_deck`: :func:`~pokercalc.ranges.query.run_query` and
:func:`~pokercalc.ranges.holdem_players.holdem_player`.

>>> from pokercalc.core.games import get_game
>>> short = get_game("shortdeck")
>>> len(in_deck(parse_range("random"), "random", short, "player"))
630
>>> len(in_deck(parse_range("22+"), "22+", short, "player")), deck_notes("22+", short)
(54, ("'22+' starts at 66 in the 36-card shortdeck deck",))
>>> in_deck(parse_range("55"), "55", short, "player")
Traceback (most recent call last):
...
pokercalc.errors.InputError: player: '55' names 5s, which the 36-card shortdeck deck does not have
"""

from __future__ import annotations

from pokercalc.core.cards import card_mask
from pokercalc.core.games import Game
from pokercalc.errors import EmptyRangeError, InputError, PokercalcError, quote
from pokercalc.ranges.combos import COMBO_OF_INDEX, RANKS
from pokercalc.ranges.hands import Range
from pokercalc.ranges.holdem_grammar import item_spans, parse_token, token_ranks
from pokercalc.ranges.notation import parse_range

__all__ = ["deck_notes", "in_deck"]


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
    if text is None:
        _refuse(who, rng.text, [c for combo in rng.combos for c in combo], game)
    elif text.strip().lower() != "random" and _is_notation(text):
        _read_tokens(text, game, who)
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


def deck_notes(text: str, game: Game) -> tuple[str, ...]:
    """One note per run of the range notation ``text`` whose bound the game's deck lacks
    (``'22+' starts at 66 in the 36-card shortdeck deck``); none for a pocket query,
    a full deck or a text that does not read."""
    if not game.outside_mask or "%" in text or not _is_notation(text):
        return ()
    try:
        return tuple(_read_tokens(text, game, "range"))
    except PokercalcError:
        return ()


def _read_tokens(text: str, game: Game, who: str) -> list[str]:
    """Check each token of the notation ``text`` against the deck; the notes on raised bounds.

    A token naming a rank the deck lacks, or holding no hand of it, is an
    :class:`InputError`; a run that loses hands gets a note.
    """
    from pokercalc.ranges.compact import compact_range

    outside = game.outside_mask
    notes: list[str] = []
    for a, b in item_spans(text):
        token, named, run = token_ranks(text, a, b)
        indices = list(parse_token(text, a, b))
        lacking = [4 * r for r in named if card_mask(4 * r) & outside]
        if lacking:
            _refuse(who, token, lacking, game)
        kept = [k for k in indices if not _mask(k) & outside]
        if not kept:
            _refuse(who, token, [c for k in indices for c in COMBO_OF_INDEX[k]], game)
        if run and len(kept) < len(indices):
            combos = tuple(COMBO_OF_INDEX[k] for k in kept)
            short = compact_range(Range(token, combos, (1.0,) * len(combos)), game=game)
            where = f"in the {game.deck_size}-card {game.name} deck"
            if token.endswith("+") and short.endswith("+") and "," not in short:
                notes.append(f"{quote(token)} starts at {short[:-1]} {where}")
            else:
                notes.append(f"{quote(token)} is {short} {where}")
    return notes


def _mask(k: int) -> int:
    """The card mask of combo index ``k``."""
    c1, c2 = COMBO_OF_INDEX[k]
    return card_mask(c1) | card_mask(c2)


def _refuse(who: str, token: str, cards: list[int], game: Game) -> None:
    """Raise the error naming the lowest rank of ``cards`` that ``game``'s deck lacks."""
    low = min(c >> 2 for c in cards if card_mask(c) & game.outside_mask)
    raise InputError(
        f"{who}: {quote(token)} names {RANKS[low]}s, which the {game.deck_size}-card "
        f"{game.name} deck does not have"
    )
