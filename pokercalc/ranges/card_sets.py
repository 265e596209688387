"""Players of the games without a board: the cards each is given, the rest dealt.

A player is ``random`` (no card known), one set of cards (``AsKs7d``: a stud
hand's two down cards and one up card, the cards kept in a draw game), or a
comma union of sets, each with an optional weight (``AsAh7d, KsKh7d:0.5``) or
inside an Equilab weight group (``[50]AsAh7d,KsKh7d[/50]``).  Within a set,
blanks and ``/`` may separate the cards for readability (``AsKs/7d``: down
cards, then up cards); they change nothing.  Every set of a player gives the
same number of cards, at most the game's hand; the engine deals the rest.

>>> from pokercalc.core.games import get_game
>>> r = parse_card_sets("AsKs/7d, QhQd7c:0.5", get_game("stud"), "player 1")
>>> [len(c) for c in r.combos], r.weights
([3, 3], (1.0, 0.5))
>>> parse_card_sets("random", get_game("razz"), "player 2").combos
((),)
"""

from __future__ import annotations

from pokercalc.core.cards import parse_cards
from pokercalc.core.games import Game
from pokercalc.errors import InputError, ParseError
from pokercalc.ranges.hands import Range
from pokercalc.ranges.weights import parse_weight, weight_group

__all__ = ["parse_card_sets", "RANDOM"]

#: The word for a player of whom no card is known.
RANDOM = "random"


def parse_card_sets(text: str, game: Game, who: str) -> Range:
    """The player ``text`` as a :class:`Range` of given card sets (see the module)."""
    if not isinstance(text, str):
        raise TypeError(f"a player must be a string, not {type(text).__name__}")
    sets: dict[tuple[int, ...], float] = {}
    for item, weight, start in _items(text):
        if item.strip().lower() == RANDOM:
            cards: tuple[int, ...] = ()
        else:
            try:
                cards = parse_cards(item.replace("/", " "), allow_empty=False)
            except ParseError as e:
                raise ParseError(
                    f"{who}: {e.reason} (a {game.name} player is the cards it is given, such as "
                    "AsKs7d, or random: ranges like QQ are hold'em notation)",
                    text,
                    start + (e.position or 0),
                ) from None
        if len(cards) > game.hole_cards:
            raise InputError(
                f"{who} ({text.strip()!r}) is given {len(cards)} cards; a {game.name} hand has "
                f"{game.hole_cards}"
            )
        key = tuple(sorted(cards, reverse=True))
        sets[key] = weight
    sizes = sorted({len(k) for k in sets})
    if len(sizes) > 1:
        raise InputError(
            f"{who} ({text.strip()!r}) gives {' and '.join(map(str, sizes))} cards in different "
            "sets; every set of a player gives the same number"
        )
    combos = tuple(sorted(sets, reverse=True))
    return Range(text, combos, tuple(sets[c] for c in combos))


def _items(text: str) -> list[tuple[str, float, int]]:
    """The comma-separated sets of ``text`` with their weights and where each starts."""
    out: list[tuple[str, float, int]] = []
    i, end = 0, len(text)
    group = 1.0
    group_end = -1
    while i <= end:
        if i < end and text[i] == "[" and i >= group_end:
            close = text.find("]", i)
            if close < 0:
                raise ParseError("'[' without a matching ']'", text, i)
            group, tag, group_end = weight_group(text, i, close, end)
            inner = text[close + 1 : tag]
            for item, weight, start in _items(inner):
                out.append((item, weight * group, close + 1 + start))
            i = group_end + 1
            while i < end and text[i] in " \t":
                i += 1
            if i < end and text[i] != ",":
                raise ParseError("expected ',' after a weight group", text, i)
            i += 1
            continue
        comma = text.find(",", i)
        stop = end if comma < 0 else comma
        piece = text[i:stop]
        if not piece.strip():
            if comma >= 0 or out or i == 0:
                raise ParseError("empty card set", text, i)
            break
        weight = 1.0
        colon = piece.find(":")
        if colon >= 0:
            weight = parse_weight(text, i + colon + 1, stop, percent=False)
            if weight == 0:
                raise ParseError("a weight of 0 leaves the set out: drop it", text, i + colon + 1)
            piece = piece[:colon]
        out.append((piece, weight, i))
        if comma < 0:
            break
        i = comma + 1
    return out
