"""The Python face of the evaluator: evaluate cards, name categories, describe values.

A value is an int; higher is better and equal values tie.  ``value >> 12`` is
the category, 0 (high card) to 8 (straight flush).

>>> v = evaluate("AsKsQsJsTs")
>>> category_name(v), describe(v)
('Straight flush', 'Straight flush, Ace high')
>>> describe(evaluate("5c4d3h2sAs9h9c"))
'Straight, Five high'
>>> describe(evaluate("KhKd9s9c2h")), describe(evaluate("9h9d9sAcAh"))
('Two pair, Kings and Nines', 'Full house, Nines full of Aces')
>>> evaluate("AsKs") # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.ParseError: a hand needs 5 to 7 cards, got 2 in 'AsKs'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pokercalc import _eval
from pokercalc.core import _tablegen
from pokercalc.core.cards import Card, CardsLike, card_mask, cards_of, format_cards, to_cards
from pokercalc.core.games import Game, get_game
from pokercalc.core.results import CARDS, COUNT, GAME, Result, doc
from pokercalc.errors import CardConflictError, InputError, InternalError, ParseError

__all__ = [
    "CATEGORY_NAMES",
    "evaluate",
    "evaluate_mask",
    "category",
    "category_name",
    "describe",
    "HandEvaluation",
    "evaluate_hand",
    "describe_low",
    "classes_by_value",
    "best_five",
]

#: category names, indexed by ``category(value)``; defined once, with the class order
CATEGORY_NAMES: tuple[str, ...] = _tablegen.CATEGORY_NAMES
_RANK_NAMES = (
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
_PLURALS = tuple("Sixes" if n == "Six" else n + "s" for n in _RANK_NAMES)


def evaluate(cards: CardsLike, game: str | Game = "holdem") -> int:
    """Value of 5, 6 or 7 distinct cards: text (``"AsKd..."``, ``"As Kd ..."``), or a list of
    card strings, :class:`~pokercalc.core.cards.Card` objects or indices.

    ``game`` picks the deck and the ranking (hold'em or a short-deck ranking);
    Omaha hands are valued by :func:`evaluate_omaha`, which takes hole and board apart.

    >>> evaluate(["Ah", "Ad", "9c", "9s", "9h"]) == evaluate("AhAd9c9s9h")
    True
    """
    indices = to_cards(cards, "hand")
    if not 5 <= len(indices) <= 7:
        shown = cards if isinstance(cards, str) else format_cards(indices)
        raise ParseError(f"a hand needs 5 to 7 cards, got {len(indices)} in {shown!r}")
    g = get_game(game)
    if g.forming != "any":
        raise InputError(f"an {g.name} hand is hole cards and a board: use evaluate_omaha")
    _check_in_deck(indices, g)
    if g.ranking == "high":
        return _eval.evaluate_indices(indices)
    return _eval.evaluate_ranked(indices, g.ranking)


def _check_in_deck(cards: tuple[int, ...], game: Game) -> None:
    """Refuse a card the game's deck does not hold, naming it."""
    from pokercalc.core.cards import format_card

    missing = [c for c in cards if card_mask(c) & game.outside_mask]
    if missing:
        raise InputError(
            f"{format_card(missing[0])} is not in the {game.deck_size}-card {game.name} deck"
        )


def evaluate_omaha(hole: CardsLike, board: CardsLike, game: str | Game = "omaha") -> int:
    """Best value of exactly two ``hole`` cards and exactly three ``board`` cards (cards in
    any form :func:`~pokercalc.core.cards.to_cards` reads).

    >>> describe(evaluate_omaha("AhKhQhJh", "2h3c4d8s9c"))
    'High card, Ace high'
    """
    g = get_game(game)
    h, b = to_cards(hole, "hole"), to_cards(board, "board")
    if g.forming != "omaha":
        raise InputError(f"{g.name} is not an Omaha game")
    if len(h) != g.hole_cards:
        raise InputError(f"an {g.name} hand has {g.hole_cards} hole cards, got {len(h)}")
    if not 3 <= len(b) <= 5:
        raise InputError(f"an Omaha board has 3 to 5 cards, got {len(b)}")
    if len(set(h + b)) < len(h + b):
        from pokercalc.core.cards import format_card

        # One card named, as draws and outs name a clash: "As is both ...", never "KsAs is".
        both = format_card(min(set(h) & set(b)))
        raise CardConflictError(f"{both} is both a hole card and a board card")
    return _eval.evaluate_omaha(h, b)


def evaluate_mask(mask: int) -> int:
    """Value of the 5 to 7 cards of a 64-bit mask (see :mod:`pokercalc.core.cards`)."""
    full = sum(card_mask(c) for c in range(52))
    n = bin(mask).count("1")
    if mask & ~full or not 5 <= n <= 7:
        raise ParseError(f"mask {mask:#x} does not hold 5 to 7 cards")
    return _eval.evaluate_mask(mask)


def _hand_value(value: object) -> int:
    """``value`` if it can be a hand value (1 to the royal flush's); else TypeError or
    InputError, one message for :func:`category`, :func:`category_name` and :func:`describe`."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"a hand value must be an integer, not {type(value).__name__}")
    v = int(value.__index__())
    top = len(CATEGORY_NAMES) << _eval.CATEGORY_SHIFT
    if not 0 < v < top:
        raise InputError(
            f"{v} is not a hand value: values run from 1 (the lowest high card) to "
            f"{top - 1}, as evaluate() gives them"
        )
    return v


def category(value: int) -> int:
    """Category of a value: 0 high card, 1 pair, ... 8 straight flush.

    >>> category(evaluate("AsKsQsJsTs"))
    8
    >>> category(-4096)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    pokercalc.errors.InputError: -4096 is not a hand value: values run from 1 (...) to 36863, ...
    """
    return _hand_value(value) >> _eval.CATEGORY_SHIFT


def category_name(value: int) -> str:
    """Name of a value's category, such as ``"Full house"``.

    >>> category_name(evaluate("7c7d7h2s2d"))
    'Full house'
    """
    return CATEGORY_NAMES[category(value)]


@lru_cache(maxsize=3)
def classes_by_value(ranking: str = "high") -> dict[int, tuple[int, tuple[int, ...]]]:
    """Every value of a ranking as (standard category, ranks), built on first use from the
    same class order the build used for the tables."""
    return {v: cls for cls, v in _tablegen.ranking_values(ranking).items()}


def describe(value: int, game: str | Game = "holdem") -> str:
    """A human description: ``"Two pair, Kings and Nines"``, ``"Straight, Five high"``.

    >>> describe(evaluate("As6d7h8c9s", game="shortdeck"), "shortdeck")
    'Straight, Nine high'
    """
    try:
        cat, ranks = classes_by_value(get_game(game).ranking)[_hand_value(value)]
    except KeyError:
        raise InputError(f"{value} is not a hand value") from None
    name = CATEGORY_NAMES[cat]
    r = ranks
    if cat in (0, 5, 4, 8):
        return f"{name}, {_RANK_NAMES[r[0]]} high"
    if cat == 1:
        return f"{name}, {_PLURALS[r[0]]}"
    if cat == 2:
        return f"{name}, {_PLURALS[r[0]]} and {_PLURALS[r[1]]}"
    if cat in (3, 7):
        return f"{name}, {_PLURALS[r[0]]}"
    return f"{name}, {_PLURALS[r[0]]} full of {_PLURALS[r[1]]}"


@dataclass(frozen=True, kw_only=True)
class HandEvaluation(Result):
    """One evaluated hand, as ``pokercalc eval`` shows it."""

    game: str = doc("the game whose ranking value is in", GAME, default="holdem")
    cards: tuple[Card, ...] = doc("the cards, as given", CARDS)
    value: int = doc(
        "the hand's value under the game's ranking; higher is better, equal values tie", COUNT
    )
    category: int = doc(
        "0 (high card) to 8 (straight flush), whatever the game's order", minimum=0, maximum=8
    )
    category_name: str = doc('such as "Full house"', enum=list(CATEGORY_NAMES))
    description: str = doc('such as "Full house, Nines full of Aces"')
    low: str | None = doc(
        "hi/lo games: the best eight-or-better low of two hole and three board cards, highest "
        'card first, such as "6-5-3-2-A"; None without one and in other games',
        default=None,
    )
    best: tuple[Card, ...] = doc(
        "the five cards that make the value, the ones that count most first (the trips of a "
        "full house, then its pair); in Omaha the two hole cards, then the three board cards",
        CARDS,
        default=(),
    )


def evaluate_hand(
    cards: CardsLike, game: str | Game = "holdem", board: CardsLike = ""
) -> HandEvaluation:
    """Evaluate 5 to 7 cards (or Omaha hole cards on ``board``) and describe the result.

    >>> evaluate_hand("Ah Ad 9c 9s 9h").description
    'Full house, Nines full of Aces'
    >>> evaluate_hand("AsJs9s8s6s", "shortdeck").category_name
    'Flush'
    """
    g = get_game(game)
    indices = to_cards(cards, "hand")
    low = None
    if g.forming == "omaha":
        b = to_cards(board, "board")
        value = evaluate_omaha(indices, b, g)
        if g.hilo:
            low = describe_low(_eval.evaluate_omaha_low(indices, b))
        indices = indices + b
    else:
        if board:
            raise InputError(f"--board goes with Omaha hole cards; a {g.name} hand is 5 to 7 cards")
        value = evaluate(cards if isinstance(cards, str) else indices, g)
    cat = g.category_of(value)
    return HandEvaluation(
        game=g.name,
        cards=cards_of(indices),
        value=value,
        category=cat,
        category_name=CATEGORY_NAMES[cat],
        description=describe(value, g),
        low=low,
        best=cards_of(best_five(indices, value, g)),
    )


def _five_value(five: tuple[int, ...], game: Game) -> int:
    if game.ranking == "high":
        return int(_eval.evaluate_indices(five))
    return int(_eval.evaluate_ranked(five, game.ranking))


def _in_order(five: tuple[int, ...], ace_low: bool) -> tuple[int, ...]:
    """Five cards as a hand reads: the most repeated rank first, then the higher, cards of one
    rank in the order given; a wheel's ace last (rank = index // 4, the ace 12)."""
    counts = [sum(1 for c in five if c // 4 == r) for r in range(13)]

    def rank(card: int) -> int:
        return -1 if ace_low and card // 4 == 12 else card // 4

    return tuple(sorted(five, key=lambda c: (-counts[c // 4], -rank(c))))


def best_five(cards: Sequence[int], value: int, game: str | Game = "holdem") -> tuple[int, ...]:
    """The five of ``cards`` that make ``value``, in the order a hand reads (see
    :class:`HandEvaluation`'s ``best``); in Omaha ``cards`` are the hole cards then the
    board, and the answer the two hole cards, then the three board cards.

    >>> from pokercalc.core.cards import format_cards, to_cards
    >>> cards = to_cards("Ah Ad 9c 9s 9h 2c 3d")
    >>> format_cards(best_five(cards, evaluate(cards)))
    '9c9s9hAhAd'
    """
    from itertools import combinations

    g = get_game(game)
    cards = tuple(cards)
    if g.forming == "omaha":
        hole, board = cards[: g.hole_cards], cards[g.hole_cards :]
        for two in combinations(hole, 2):
            for three in combinations(board, 3):
                if _five_value(two + three, g) == value:
                    straight = g.category_of(value) in (4, 8)
                    wheel = straight and {c // 4 for c in two + three} == {12, 0, 1, 2, 3}
                    return _in_order(two, wheel) + _in_order(three, wheel)
    else:
        for five in combinations(cards, 5):
            if _five_value(five, g) == value:
                ranks = {c // 4 for c in five}
                # (a short-deck wheel, A-9-8-7-6, also plays the ace low)
                wheel = g.category_of(value) in (4, 8) and 12 in ranks and max(ranks - {12}) <= 7
                return _in_order(five, wheel)
    raise InternalError(f"no five of {format_cards(cards)} make the value {value}")


def describe_low(value: int) -> str | None:
    """An eight-or-better low value (256 minus its rank bits; 0 for none) as ranks, highest
    first.

    >>> describe_low(256 - 0b110111), describe_low(0)
    ('6-5-3-2-A', None)
    """
    if not value:
        return None
    bits = 256 - value
    return "-".join("A2345678"[i] for i in range(7, -1, -1) if bits >> i & 1)
