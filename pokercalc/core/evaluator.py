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

The games without a board value the player's own cards under their ranking: the best five of
5 to 7 cards (stud, razz), five cards (draw, 2-7, a-5) or four (badugi), lowball named as
players name it.

>>> describe(evaluate("8c7d4h3s2sKdKh", "razz"), "razz")
'8-7-4-3-2 low'
>>> describe(evaluate("7c5d4h3s2s", "2-7"), "2-7")
'number one: 7-5-4-3-2'
>>> describe(evaluate("As2d3h5c", "badugi"), "badugi")
'four-card badugi, 5 high: 5-3-2-A'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pokercalc import _eval
from pokercalc.core import _tablegen
from pokercalc.core.cards import Card, CardsLike, card_mask, cards_of, format_cards, to_cards
from pokercalc.core.games import HAND_CARDS, OWN_CARDS, TWO_PLUS_THREE, Game, get_game
from pokercalc.core.results import CARDS, COUNT, GAME, Result, doc
from pokercalc.errors import CardConflictError, InputError, InternalError, ParseError

__all__ = [
    "CATEGORY_NAMES",
    "ALL_CATEGORY_NAMES",
    "NO_PAIR",
    "category_title",
    "hand_sizes",
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
#: every standard category number's name: the nine above, then badugi's one- to four-card hands
ALL_CATEGORY_NAMES: tuple[str, ...] = CATEGORY_NAMES + _tablegen.BADUGI_CATEGORY_NAMES
#: what the lowball games call category 0 (high card)
NO_PAIR = "No pair"
_LOWBALL = ("ace-to-five", "deuce-to-seven")
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


def hand_sizes(game: str | Game) -> tuple[int, int]:
    """The fewest and most cards :func:`evaluate` values in a game: 5 to 7 where the best five
    play (hold'em, stud, razz), else the game's own cards (5 in draw, 2-7 and a-5, 4 in badugi).

    >>> hand_sizes("holdem"), hand_sizes("razz"), hand_sizes("2-7"), hand_sizes("badugi")
    ((5, 7), (5, 7), (5, 5), (4, 4))
    """
    g = get_game(game)
    if g.forming == OWN_CARDS:
        return min(HAND_CARDS, g.hole_cards), g.hole_cards
    return HAND_CARDS, 7


def _sizes_text(game: Game) -> str:
    """``hand_sizes`` as words: "5 to 7 cards", "4 cards"."""
    lo, hi = hand_sizes(game)
    return f"{lo} cards" if lo == hi else f"{lo} to {hi} cards"


def evaluate(cards: CardsLike, game: str | Game = "holdem") -> int:
    """Value of 5, 6 or 7 distinct cards: text (``"AsKd..."``, ``"As Kd ..."``), or a list of
    card strings, :class:`~pokercalc.core.cards.Card` objects or indices.

    ``game`` picks the deck and the ranking (hold'em, a short-deck ranking, or in the games
    without a board their own: see :func:`hand_sizes` for the cards each values); Omaha hands
    are valued by :func:`evaluate_omaha`, which takes hole and board apart.

    >>> evaluate(["Ah", "Ad", "9c", "9s", "9h"]) == evaluate("AhAd9c9s9h")
    True
    >>> evaluate("As2d3h4c5s", "a-5") > evaluate("As2d3h4c6s", "a-5")
    True
    >>> evaluate("As2d3h4c5s6s", "2-7")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    pokercalc.errors.ParseError: Deuce-to-seven lowball: a hand is 5 cards, got 6 in '...'
    """
    indices = to_cards(cards, "hand")
    g = get_game(game)
    if g.forming == TWO_PLUS_THREE:
        raise InputError(f"an {g.name} hand is hole cards and a board: use evaluate_omaha")
    lo, hi = hand_sizes(g)
    if not lo <= len(indices) <= hi:
        shown = cards if isinstance(cards, str) else format_cards(indices)
        if g.forming == OWN_CARDS:
            raise ParseError(
                f"{g.title}: a hand is {_sizes_text(g)}, got {len(indices)} in {shown!r}"
            )
        raise ParseError(f"a hand needs 5 to 7 cards, got {len(indices)} in {shown!r}")
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


@lru_cache(maxsize=8)
def classes_by_value(ranking: str = "high") -> dict[int, tuple[int, tuple[int, ...]]]:
    """Every value of a ranking as (standard category, ranks), built on first use from the
    same class order the build used for the tables."""
    return {v: cls for cls, v in _tablegen.ranking_values(ranking).items()}


def category_title(category: int, game: str | Game = "holdem") -> str:
    """The name of a standard category number in a game: :data:`ALL_CATEGORY_NAMES`, but
    :data:`NO_PAIR` for high card in the lowball games (razz, 2-7, a-5).

    >>> category_title(0), category_title(0, "razz"), category_title(11, "badugi")
    ('High card', 'No pair', 'Three-card badugi')
    """
    if category == 0 and get_game(game).ranking in _LOWBALL:
        return NO_PAIR
    return ALL_CATEGORY_NAMES[category]


def describe(value: int, game: str | Game = "holdem") -> str:
    """A human description: ``"Two pair, Kings and Nines"``, ``"Straight, Five high"``; in the
    lowball games as players say them: ``"8-7-4-3-2 low"``, ``"pair of fours, 8-6-4-4-2"``,
    ``"number one: 7-5-4-3-2"``, ``"three-card badugi, 7 high: 7-4-2"``.

    >>> describe(evaluate("As6d7h8c9s", game="shortdeck"), "shortdeck")
    'Straight, Nine high'
    >>> describe(evaluate("8c6d4h4s2s", "a-5"), "a-5")
    'pair of fours, 8-6-4-4-2'
    >>> describe(evaluate("7s5s4s3s2s", "2-7"), "2-7")
    'flush, 7-5-4-3-2'
    """
    ranking = get_game(game).ranking
    try:
        cat, ranks = classes_by_value(ranking)[_hand_value(value)]
    except KeyError:
        under = "" if ranking == "high" else f" under the {ranking} ranking"
        raise InputError(f"{value} is not a hand value{under}") from None
    if ranking in _LOWBALL:
        return _describe_lowball(cat, ranks, ace_low=ranking == "ace-to-five")
    if ranking == "badugi":
        return _describe_badugi(ranks)
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


_RANK_CHARS = "23456789TJQKA"
_LOW_PLURALS = (
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)  # fmt: skip
_COUNT_WORDS = ("", "one", "two", "three", "four")
#: The deuce-to-seven lows players number: the four seven-lows, best first.
_NUMBERED_27: dict[tuple[int, ...], str] = {
    (5, 3, 2, 1, 0): "one",
    (5, 4, 2, 1, 0): "two",
    (5, 4, 3, 1, 0): "three",
    (5, 4, 3, 2, 0): "four",
}


def _ranks_text(ranks: Sequence[int], ace_low: bool) -> str:
    """Ranks as a hand reads, highest first ("8-6-4-4-2"; "5-4-3-2-A" with aces low)."""
    order = sorted(ranks, key=lambda r: -1 if ace_low and r == 12 else r, reverse=True)
    return "-".join(_RANK_CHARS[r] for r in order)


def _describe_lowball(cat: int, ranks: tuple[int, ...], *, ace_low: bool) -> str:
    """A razz, ace-to-five or deuce-to-seven class as players say it."""
    from pokercalc.core import _tablegen as t

    repeats = {
        t.PAIR: (2, 1, 1, 1), t.TWO_PAIR: (2, 2, 1), t.TRIPS: (3, 1, 1),
        t.FULL_HOUSE: (3, 2), t.QUADS: (4, 1),
    }.get(cat, (1, 1, 1, 1, 1))  # fmt: skip
    if cat in (t.STRAIGHT, t.STRAIGHT_FLUSH):
        ranks = tuple(range(ranks[0], ranks[0] - 5, -1))
    five = _ranks_text([r for r, n in zip(ranks, repeats, strict=False) for _ in range(n)], ace_low)
    if cat == t.HIGH_CARD:
        number = None if ace_low else _NUMBERED_27.get(ranks)
        return f"number {number}: {five}" if number else f"{five} low"
    first = _LOW_PLURALS[ranks[0]]
    if cat == t.PAIR:
        return f"pair of {first}, {five}"
    if cat == t.TWO_PAIR:
        return f"two pair, {first} and {_LOW_PLURALS[ranks[1]]}, {five}"
    if cat == t.TRIPS:
        return f"three {first}, {five}"
    if cat == t.FULL_HOUSE:
        return f"full house, {first} full of {_LOW_PLURALS[ranks[1]]}"
    if cat == t.QUADS:
        return f"four {first}, {five}"
    return f"{ALL_CATEGORY_NAMES[cat].lower()}, {five}"


def _describe_badugi(ranks: tuple[int, ...]) -> str:
    """A badugi class (its ranks, highest first with aces low) as players say it."""
    cards = _ranks_text(ranks, ace_low=True)
    if len(ranks) == 1:
        return f"one-card badugi: {cards}"
    return f"{_COUNT_WORDS[len(ranks)]}-card badugi, {cards[0]} high: {cards}"


@dataclass(frozen=True, kw_only=True)
class HandEvaluation(Result):
    """One evaluated hand, as ``pokercalc eval`` shows it."""

    game: str = doc("the game whose ranking value is in", GAME, default="holdem")
    cards: tuple[Card, ...] = doc("the cards, as given", CARDS)
    value: int = doc(
        "the hand's value under the game's ranking; higher is better, equal values tie", COUNT
    )
    category: int = doc(
        "the standard category number, whatever the game's order: 0 (high card; no pair in "
        "the lowball games) to 8 (straight flush), 9 to 12 badugi's one- to four-card hands",
        minimum=0,
        maximum=len(ALL_CATEGORY_NAMES) - 1,
    )
    category_name: str = doc(
        'such as "Full house", "No pair" (razz, 2-7, a-5), "Three-card badugi"',
        enum=[*ALL_CATEGORY_NAMES, NO_PAIR],
    )
    description: str = doc(
        'such as "Full house, Nines full of Aces", "8-7-4-3-2 low", "number one: 7-5-4-3-2"'
    )
    low: str | None = doc(
        "hi/lo games: the best eight-or-better low (in Omaha of two hole and three board cards, "
        'in stud of any five), highest card first, such as "6-5-3-2-A"; None without one and '
        "in other games",
        default=None,
    )
    best: tuple[Card, ...] = doc(
        "the five cards that make the value, the ones that count most first (the trips of a "
        "full house, then its pair; lowball's highest card first, aces low in razz and a-5); "
        "in Omaha the two hole cards, then the three board cards; in badugi the one to four "
        "cards that play",
        CARDS,
        default=(),
    )


def evaluate_hand(
    cards: CardsLike, game: str | Game = "holdem", board: CardsLike = ""
) -> HandEvaluation:
    """Evaluate 5 to 7 cards (or Omaha hole cards on ``board``, or a hand of a game without a
    board: :func:`hand_sizes`) and describe the result.

    >>> evaluate_hand("Ah Ad 9c 9s 9h").description
    'Full house, Nines full of Aces'
    >>> evaluate_hand("AsJs9s8s6s", "shortdeck").category_name
    'Flush'
    >>> e = evaluate_hand("Kd Ah 2c 3d 5h 8s Kc", "stud-hilo")
    >>> e.description, e.low
    ('Pair, Kings', '8-5-3-2-A')
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
        if board and g.forming == OWN_CARDS:
            raise InputError(f"{g.title} has no board: a hand is the player's own {_sizes_text(g)}")
        if board:
            raise InputError(f"--board goes with Omaha hole cards; a {g.name} hand is 5 to 7 cards")
        value = evaluate(cards if isinstance(cards, str) else indices, g)
        if g.hilo:
            low = describe_low(_eval.evaluate_ranked(indices, "low8"))
    cat = g.category_of(value)
    return HandEvaluation(
        game=g.name,
        cards=cards_of(indices),
        value=value,
        category=cat,
        category_name=category_title(cat, g),
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
    elif g.ranking == "badugi":
        # The fewest cards that make the value: those that play.
        size = g.category_of(value) - _tablegen.ONE_CARD + 1
        for some in combinations(cards, size):
            if _eval.evaluate_ranked(some, "badugi") == value:
                return _in_order(some, True)
    else:
        ace_low = g.ranking == "ace-to-five"
        for five in combinations(cards, 5):
            if _five_value(five, g) == value:
                ranks = {c // 4 for c in five}
                # (a short-deck wheel, A-9-8-7-6, also plays the ace low)
                wheel = g.category_of(value) in (4, 8) and 12 in ranks and max(ranks - {12}) <= 7
                return _in_order(five, wheel or ace_low)
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
