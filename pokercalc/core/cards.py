"""Cards: ranks, suits, card <-> index <-> 64-bit mask, and parsing of "AsKd".

A card is an index ``4 * rank + suit`` in 0..51, with ranks 0..12 for 2..A and
suits 0..3 for clubs, diamonds, hearts, spades.  Its bit in a 64-bit mask is
``1 << (16 * suit + rank)``: each suit owns one 16-bit lane, so the evaluator
reads a suit's ranks with one shift, and two cards conflict exactly when their
masks share a bit.

>>> parse_cards("4dAc5d")
(9, 48, 13)
>>> format_cards(parse_cards("as 10h"))
'AsTh'
>>> format_card(parse_card("Qh"), symbols=True)
'Q♥'
"""

from __future__ import annotations

from collections.abc import Iterable

from pokercalc.errors import ParseError

__all__ = [
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "SUIT_CHARS",
    "DECK",
    "FULL_MASK",
    "make_card",
    "rank_of",
    "suit_of",
    "card_mask",
    "mask_of",
    "cards_of_mask",
    "suit_of_char",
    "parse_card",
    "parse_cards",
    "format_card",
    "format_cards",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
DECK: tuple[int, ...] = tuple(range(52))

_RANK_OF_CHAR = {c: i for i, c in enumerate(RANKS)} | {c.lower(): i for i, c in enumerate(RANKS)}
_SUIT_OF_CHAR = {c: i for i, c in enumerate(SUITS)} | {c.upper(): i for i, c in enumerate(SUITS)}
_SUIT_OF_CHAR |= {c: i for i, c in enumerate(SUIT_SYMBOLS)} | {"♤": 3, "♡": 2, "♢": 1, "♧": 0}
_SEPARATORS = " \t\n,"
#: every character that names a suit: the letters in either case, ♣♦♥♠ and ♧♢♡♤
SUIT_CHARS = "".join(_SUIT_OF_CHAR)


def make_card(rank: int, suit: int) -> int:
    """The index of the card of ``rank`` (0 = deuce .. 12 = ace) and ``suit`` (0..3 = c d h s)."""
    return 4 * rank + suit


def rank_of(card: int) -> int:
    """Rank of a card index: 0 for a deuce up to 12 for an ace."""
    return card >> 2


def suit_of(card: int) -> int:
    """Suit of a card index: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return card & 3


def suit_of_char(ch: str) -> int:
    """The suit (0..3 = c d h s) a character names: a letter in either case or a symbol.

    >>> suit_of_char("♠"), suit_of_char("♡"), suit_of_char("D")
    (3, 2, 1)
    """
    try:
        return _SUIT_OF_CHAR[ch]
    except KeyError:
        raise ParseError(f"unknown suit {ch!r}") from None


def card_mask(card: int) -> int:
    """The card's bit in a 64-bit mask."""
    return 1 << (16 * (card & 3) + (card >> 2))


FULL_MASK: int = sum(card_mask(c) for c in DECK)


def mask_of(cards: Iterable[int]) -> int:
    """The 64-bit mask of several cards."""
    mask = 0
    for c in cards:
        mask |= card_mask(c)
    return mask


def cards_of_mask(mask: int) -> tuple[int, ...]:
    """The card indices in a mask, in increasing index order."""
    return tuple(c for c in DECK if mask & card_mask(c))


def _read_card(text: str, i: int) -> tuple[int, int]:
    """Read one card starting at ``text[i]``; return it and the index after it."""
    if text.startswith("10", i):
        rank, j = 8, i + 2
    elif text[i] in _RANK_OF_CHAR:
        rank, j = _RANK_OF_CHAR[text[i]], i + 1
    else:
        raise ParseError(f"unknown rank {text[i]!r}", text, i)
    if j >= len(text):
        raise ParseError(f"card {text[i:j]!r} has no suit", text, i)
    if text[j] not in _SUIT_OF_CHAR:
        raise ParseError(f"unknown suit {text[j]!r}", text, j)
    return make_card(rank, _SUIT_OF_CHAR[text[j]]), j + 1


def parse_cards(text: str, *, allow_empty: bool = True) -> tuple[int, ...]:
    """Parse cards written together or apart: ``4dAc5d``, ``4d Ac 5d``, ``4d,Ac,5d``, ``10s``.

    Ranks ``2-9 T J Q K A`` (``10`` for ``T``) and suits ``c d h s`` in either
    case, or the suit symbols.  A duplicate card, an unknown rank or suit, or a
    dangling character raises :class:`ParseError` naming it and its position.

    >>> parse_cards("AsAs")
    Traceback (most recent call last):
    ...
    pokercalc.errors.ParseError: duplicate card 'As' at position 2 in 'AsAs'
    """
    cards: list[int] = []
    seen: dict[int, int] = {}
    i = 0
    while i < len(text):
        if text[i] in _SEPARATORS:
            i += 1
            continue
        card, j = _read_card(text, i)
        if card in seen:
            raise ParseError(f"duplicate card {text[i:j]!r}", text, i)
        seen[card] = i
        cards.append(card)
        i = j
    if not cards and not allow_empty:
        raise ParseError(f"no cards in {text!r}")
    return tuple(cards)


def parse_card(text: str) -> int:
    """Parse exactly one card such as ``As`` or ``10h``."""
    cards = parse_cards(text.strip(), allow_empty=False)
    if len(cards) != 1:
        raise ParseError(f"expected one card, got {len(cards)} in {text!r}")
    return cards[0]


def format_card(card: int, *, symbols: bool = False) -> str:
    """``As``, or ``A♠`` with ``symbols=True``."""
    if not 0 <= card < 52:
        raise ValueError(f"card index {card} is not in 0..51")
    return RANKS[card >> 2] + (SUIT_SYMBOLS if symbols else SUITS)[card & 3]


def format_cards(cards: Iterable[int], *, sep: str = "", symbols: bool = False) -> str:
    """Several cards joined by ``sep``."""
    return sep.join(format_card(c, symbols=symbols) for c in cards)
