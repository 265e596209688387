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

Results hold cards as :class:`Card` objects: strings such as ``"Qh"`` that
also know their index, rank, suit and mask.  Every API call reads its cards
with :func:`to_cards`: a string (``"4dAc5d"``, ``"4d Ac 5d"``, ``"4d,Ac,5d"``,
suit symbols), or a list or tuple of card strings, :class:`Card` objects or
indices.

>>> to_cards(["4d", Card("A♣"), 13]) == to_cards("4d Ac 5d") == (9, 48, 13)
True
>>> cards_of((9, 48, 13))
('4d', 'Ac', '5d')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from operator import index
from typing import Any, TypeAlias

from pokercalc.errors import CardConflictError, InputError, ParseError

__all__ = [
    "Card",
    "CardLike",
    "CardsLike",
    "card_index",
    "cards_of",
    "cards_text",
    "to_cards",
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
    """The 64-bit mask of several cards: indices, or :class:`Card` objects (their index)."""
    mask = 0
    for c in cards:
        mask |= card_mask(c if type(c) is int else index(c))
    return mask


def masks_of_rows(rows: Any) -> list[int]:
    """:func:`mask_of` of each row of a numpy array of card indices, made at once (the
    caller's numpy: this module does not import it)."""
    r = rows.astype("int64")
    masks: list[int] = (1 << ((r & 3) * 16 + (r >> 2))).sum(axis=1).tolist()
    return masks


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


def format_card(card: CardLike, *, symbols: bool = False) -> str:
    """``As``, or ``A♠`` with ``symbols=True``, from an index, a :class:`Card` or a card string."""
    if type(card) is Card and not symbols:
        return card
    i = card if type(card) is int else card_index(card)
    if not 0 <= i < 52:
        raise InputError(f"card index {i} is not in 0..51")
    return RANKS[i >> 2] + (SUIT_SYMBOLS if symbols else SUITS)[i & 3]


def format_cards(cards: Iterable[CardLike], *, sep: str = "", symbols: bool = False) -> str:
    """Several cards joined by ``sep``."""
    if not symbols and type(cards) is tuple and all(type(c) is Card for c in cards):
        return sep.join(cards)  # a Card is its text: the JSON of millions of hands is this
    return sep.join(format_card(c, symbols=symbols) for c in cards)


class Card(str):
    """One card: the string ``"As"`` (so it prints, compares, hashes and dumps to JSON as
    that string) that also knows its number, rank, suit and mask.

    ``Card(x)`` reads anything :func:`card_index` does; the 52 cards are made once.
    ``int(card)`` is its number 0..51, the card index the rest of the package uses.

    >>> c = Card("a♠")
    >>> c, c == "As", c.number, int(c), c.rank, c.suit, c.symbol
    ('As', True, 51, 51, 12, 3, 'A♠')
    >>> Card(0), Card(Card("Td"))
    ('2c', 'Td')
    """

    __slots__ = ()

    def __new__(cls, card: CardLike) -> Card:
        return _CARD_OBJECTS[card_index(card)]

    def __index__(self) -> int:
        """The card's number, so that ``int(card)`` and arrays of cards give indices."""
        return _INDEX_OF_NAME[self]

    __int__ = __index__

    @property
    def number(self) -> int:
        """The card's index ``4 * rank + suit`` in 0..51."""
        return _INDEX_OF_NAME[self]

    @property
    def rank(self) -> int:
        """0 for a deuce up to 12 for an ace."""
        return _INDEX_OF_NAME[self] >> 2

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return _INDEX_OF_NAME[self] & 3

    @property
    def mask(self) -> int:
        """The card's bit in a 64-bit mask."""
        return card_mask(_INDEX_OF_NAME[self])

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, ``"A♠"``."""
        return format_card(_INDEX_OF_NAME[self], symbols=True)


_CARD_OBJECTS: tuple[Card, ...] = tuple(
    str.__new__(Card, RANKS[c >> 2] + SUITS[c & 3]) for c in DECK
)
_INDEX_OF_NAME: dict[str, int] = {str(card): i for i, card in enumerate(_CARD_OBJECTS)}

#: one card as the API takes it: a :class:`Card`, a card string (``"As"``, ``"A♠"``,
#: ``"10s"``), an index 0..51, or any object whose ``str`` is a card
CardLike: TypeAlias = Card | str | int
#: cards as the API takes them: a string of cards, or a sequence of :data:`CardLike`
CardsLike: TypeAlias = str | Iterable[CardLike] | None


def card_index(card: Any) -> int:
    """The index of one card given as a :class:`Card`, a card string, an index 0..51, or an
    object whose ``str`` (or ``repr``) is a card; :class:`InputError` for an index out of
    range, :class:`ParseError` for anything else.

    >>> card_index("A♠"), card_index(Card("2c")), card_index(13)
    (51, 0, 13)
    """
    if isinstance(card, str):
        i = _INDEX_OF_NAME.get(card)
        return parse_card(card) if i is None else i
    if isinstance(card, int) and not isinstance(card, bool):
        if not 0 <= card < 52:
            raise InputError(f"card index {card} is not in 0..51")
        return card
    if hasattr(card, "__index__") and not isinstance(card, bool):  # numpy integers
        return card_index(int(card))
    for text in (str(card), repr(card)):
        i = _INDEX_OF_NAME.get(text.strip())
        if i is not None:
            return i
    raise ParseError(f"{card!r} is not a card")


def cards_of(cards: Iterable[CardLike]) -> tuple[Card, ...]:
    """Cards as :class:`Card` objects: what results hold (``("4d", "Ac", "5d")``)."""
    return tuple([_CARD_OBJECTS[c] if type(c) is int else Card(c) for c in cards])


def cards_text(cards: Any, what: str = "cards") -> str:
    """Cards in any form :func:`to_cards` reads as one ASCII string: how a hand given as a
    list of cards (``["As", "Kd"]``) joins the players' grammar, which reads ``"AsKd"``."""
    return format_cards(to_cards(cards, what))


def to_cards(cards: Any, what: str = "cards") -> tuple[int, ...]:
    """The indices of distinct cards given to the API, the one reading of cards every call
    shares: a string (``"4dAc5d"``, ``"4d Ac 5d"``, ``"4d,Ac,5d"``, ``"4♦A♣5♦"``), a
    :class:`Card`, or a sequence (a list, a tuple, an array) whose items are each one card
    as :func:`card_index` reads it; None is no cards.

    A bad card raises :class:`ParseError` (``what`` names the argument), a card given
    twice :class:`CardConflictError`, and a value that holds no cards at all (a number, a
    dict, a set, whose order is lost) ``TypeError``.

    >>> to_cards(("As", "As"), "board")
    Traceback (most recent call last):
    ...
    pokercalc.errors.CardConflictError: board has As more than once
    """
    if cards is None:
        return ()
    if isinstance(cards, str):
        return (_INDEX_OF_NAME[cards],) if type(cards) is Card else parse_cards(cards)
    if isinstance(cards, (bytes, bytearray, Mapping, Set)) or not isinstance(cards, Iterable):
        raise TypeError(
            f"{what} must be a string of cards or a sequence of cards, not {type(cards).__name__}"
        )
    out: list[int] = []
    for c in cards:
        if isinstance(c, str) and type(c) is not Card and c.strip() not in _INDEX_OF_NAME:
            try:
                parsed = parse_cards(c)
            except ParseError as e:
                raise ParseError(f"{what}: {c!r} is not a card: {e.reason}") from None
            if len(parsed) != 1:
                raise ParseError(f"{what}: {c!r} is not one card")
            out.append(parsed[0])
            continue
        try:
            out.append(card_index(c))
        except ParseError:
            raise ParseError(f"{what}: {c!r} is not a card") from None
        except InputError as e:
            raise InputError(f"{what}: {e}") from None
    if len(set(out)) != len(out):
        twice = sorted({c for c in out if out.count(c) > 1})
        raise CardConflictError(f"{what} has {format_cards(twice)} more than once")
    return tuple(out)
