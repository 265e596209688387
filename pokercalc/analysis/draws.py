"""Draws: flush, backdoor flush, open-ended straight, gutshot and double gutshot, with their outs.

A *draw* is a hand one card (two for a backdoor flush) short of a straight or
a flush.  Only draws that improve the hero's own hand count, never a draw the
board makes alone.  The counts follow Keith Rule's HoldemHand library:

* :func:`straight_draw_count` (``StraightDrawCount``): unseen cards that give
  the hero a straight or straight flush that beats the board with that card
  alone (higher category, or same category and higher top card); 0 when the
  hero already holds a straight or better.
* :func:`flush_draw_count` (``FlushDrawCount``): the same for a flush or
  straight flush; 0 when the hero already holds a flush or straight flush.
* :func:`draw_count` (``DrawCount``): unseen cards that move the hero up into
  exactly the given category and leave the hero's hand better than the board
  with that card alone; 0 when the hero is already above that category.

The named draws, each with the unseen cards that complete it:

* flush draw: four to a flush using a hole card (``flush_draw_count > 0``);
* backdoor flush draw: on the flop, three to a flush using a hole card (the
  remaining cards of that suit are listed; it needs two of them);
* open-ended straight draw: four consecutive ranks that either neighbouring
  rank completes (2345 counts, A234 and JQKA do not);
* double gutshot: two or more completing ranks, but not open-ended (for
  example KT on J97: any queen or eight);
* gutshot: exactly one completing rank (a one-ended draw such as JQKA is one).

A completing rank is the rank of a card counted by :func:`straight_draw_count`.
The straight and flush counts here work on rank and suit bit masks; the tests
check them against dealing each unseen card and evaluating.

Every function takes ``game``: hold'em (the default) or a short-deck game,
whose 36-card deck starts at the six, so that A-6-7-8-9 is the lowest
straight (6789 is open-ended: an ace or a ten; A678 is one-ended, a gutshot),
and whose ranking may put a flush above a full house and three of a kind above
a straight.  HoldemHand's counts and the named-draw tests refuse the Omaha
games; :func:`find_draws` plays them by their own rules (two hole cards and
three board cards, every count by dealing each unseen card: see
:class:`~pokercalc.analysis.rules.TwoPlusThree`).  What depends on the rule
comes from the game's hand rules (:mod:`pokercalc.analysis.rules`).

>>> r = find_draws("KcTh", "Jh9c7c")
>>> [d.name for d in r.draws]
['backdoor flush draw', 'double gutshot']
>>> r.draws[1].card_text
'QsQhQdQc8s8h8d8c'
>>> straight_draw_count("5c9d", "3h6s7c"), flush_draw_count("KcTh", "AcQcTc")
(8, 9)
>>> straight_draw_count("KcTc", "AcQcJcTc")
Traceback (most recent call last):
...
pokercalc.errors.CardConflictError: Tc is both a hole card and a board card
>>> [d.name for d in find_draws("As6d", "7c8hKd", game="shortdeck").draws]
['gutshot']
>>> [(d.name, d.count) for d in find_draws("JhTh9c6d", "8h7s2c", game="omaha").draws]
[('backdoor flush draw', 10), ('16-out wrap', 16)]
"""

from __future__ import annotations

from dataclasses import dataclass

from pokercalc.analysis.rules import (
    BestFive,
    HandRules,
    check_situation,
    completing_ranks,
    hand_key,
    is_counterfeit,
    open_ended,
    rules_for,
    unseen_cards,
    value_of,
)
from pokercalc.core.cards import Card, CardsLike, cards_of, format_cards, mask_of
from pokercalc.core.evaluator import CATEGORY_NAMES
from pokercalc.core.games import Game
from pokercalc.core.results import CARDS, COUNT, GAME, Form, Result, derived, doc, object_schema
from pokercalc.errors import InputError

__all__ = [
    "Draw",
    "DrawsResult",
    "OmahaDrawsResult",
    "find_draws",
    "straight_draw_count",
    "flush_draw_count",
    "draw_count",
    "straight_outs",
    "flush_outs",
    "is_flush_draw",
    "is_backdoor_flush_draw",
    "is_open_ended_straight_draw",
    "is_gutshot",
    "is_double_gutshot",
    "hand_key",
    "value_of",
]

Cards = CardsLike
GameArg = str | Game
Situation = tuple[BestFive, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _best_five(hero: Cards, board: Cards, dead: Cards, game: GameArg) -> Situation:
    """The best-five rules of ``game`` (HoldemHand's counts serve no other) and the validated
    hero, board and dead cards."""
    rules = rules_for(game, "draw counts")
    assert isinstance(rules, BestFive)
    return (rules, *check_situation(hero, board, dead, rules.game))


def straight_outs(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> tuple[int, ...]:
    """The unseen cards :func:`straight_draw_count` counts, highest first."""
    rules, h, b, d = _best_five(hero, board, dead, game)
    return rules.straight_outs(h, b, d)


def straight_draw_count(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> int:
    """HoldemHand's ``StraightDrawCount``: cards giving the hero a straight that beats the board."""
    return len(straight_outs(hero, board, dead, game=game))


def flush_outs(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> tuple[int, ...]:
    """The unseen cards :func:`flush_draw_count` counts, highest first.

    A card counts exactly when the hero holds four of its suit, one of them a
    hole card: then the card makes a flush (or straight flush) and the board,
    holding at most four of the suit with it, makes none better.
    """
    rules, h, b, d = _best_five(hero, board, dead, game)
    return rules.flush_outs(h, b, d)


def flush_draw_count(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> int:
    """HoldemHand's ``FlushDrawCount``: cards giving the hero a flush that beats the board."""
    return len(flush_outs(hero, board, dead, game=game))


def draw_count(
    hero: Cards, board: Cards, category: int, dead: Cards = "", *, game: GameArg = "holdem"
) -> int:
    """HoldemHand's ``DrawCount``: cards moving the hero up into exactly ``category``.

    ``category`` is the standard number (0 high card .. 8 straight flush,
    ``CATEGORY_NAMES``) whatever the game's order.  The hero's new hand must
    also beat the board with that card alone (by full value; four board cards
    are compared by :func:`hand_key`).

    >>> draw_count("AsAc", "Kd8h9c", 2), draw_count("AsAc", "Kd8h9c", 3)
    (9, 2)
    """
    if not 0 <= category <= 8:
        raise InputError(f"category must be 0..8, got {category}")
    rules, h, b, d = _best_five(hero, board, dead, game)
    return rules.draw_counts(h, b, d)[category]


def is_flush_draw(hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem") -> bool:
    """Four to a flush using a hole card, with a card left to complete it."""
    return flush_draw_count(hero, board, dead, game=game) > 0


def is_backdoor_flush_draw(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> bool:
    """On the flop, three to a flush using a hole card (HoldemHand's rule, flop only)."""
    rules, h, b, d = _best_five(hero, board, dead, game)
    return len(rules.backdoor_flush_cards(h, b, d)) >= 2


def is_open_ended_straight_draw(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> bool:
    """Four consecutive ranks completed by either neighbouring rank (not a double gutshot)."""
    rules, h, b, d = _best_five(hero, board, dead, game)
    return open_ended(h, b, completing_ranks(rules.straight_outs(h, b, d)), rules.game)


def is_double_gutshot(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> bool:
    """Two or more completing ranks, none of them forming an open-ended draw."""
    rules, h, b, d = _best_five(hero, board, dead, game)
    comp = completing_ranks(rules.straight_outs(h, b, d))
    return comp.bit_count() >= 2 and not open_ended(h, b, comp, rules.game)


def is_gutshot(hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem") -> bool:
    """Exactly one completing rank (inside or one-ended straight draw)."""
    return completing_ranks(straight_outs(hero, board, dead, game=game)).bit_count() == 1


#: HoldemHand's draw counts by category name, as in the JSON.
_BY_CATEGORY = Form(
    object_schema({name: dict(COUNT.schema) for name in CATEGORY_NAMES}),
    lambda counts: dict(zip(CATEGORY_NAMES, counts, strict=True)),
)


@dataclass(frozen=True, kw_only=True)
class Draw(Result):
    """One named draw and the unseen cards that complete it."""

    name: str = doc(
        '"flush draw", "backdoor flush draw", "open-ended straight draw", ...', csv="draw"
    )
    cards: tuple[Card, ...] = doc(
        "unseen cards completing it, highest first (backdoor: two needed)", CARDS
    )

    @property
    @derived(COUNT)
    def count(self) -> int:
        """How many cards complete it."""
        return len(self.cards)

    needs: int = doc("cards needed: 1, or 2 for a backdoor flush draw", COUNT)

    @property
    def card_text(self) -> str:
        """The completing cards in ASCII."""
        return format_cards(self.cards)


@dataclass(frozen=True, kw_only=True)
class DrawsResult(Result):
    """Every draw of a hero hand on a flop or turn, and HoldemHand's draw counts."""

    csv_last = ("cards",)

    game: str = doc("the game (core/games.py)", GAME, default="holdem")
    hero: tuple[Card, ...] = doc("the hero's hole cards", CARDS)
    board: tuple[Card, ...] = doc("the flop or turn board", CARDS)
    dead: tuple[Card, ...] = doc("cards known to be out of the deck", CARDS)
    value: int = doc("the hero's current hand value (under the game's ranking)", COUNT)
    description: str = doc('the hero\'s current hand, such as "Pair, Aces"')
    unseen: int = doc("cards that can still come", COUNT)
    draws: tuple[Draw, ...] = doc(
        "the named draws, in the order listed in the module docs", table=True
    )
    straight_draw_count: int = doc("HoldemHand StraightDrawCount", COUNT)
    flush_draw_count: int = doc("HoldemHand FlushDrawCount", COUNT)
    draw_counts: tuple[int, ...] = doc(
        "HoldemHand DrawCount for each standard category 0..8, by name", _BY_CATEGORY
    )

    def has(self, name: str) -> bool:
        """True when the draw called ``name`` is present."""
        return any(d.name == name for d in self.draws)


@dataclass(frozen=True, kw_only=True)
class OmahaDrawsResult(DrawsResult):
    """The draws of an Omaha hero hand on a flop or turn, counted by dealing each unseen card.

    A flush draw needs two or more of a suit in the hand; a *nut* flush draw holds the
    highest card of the suit that is not on the board or dead; on the flop, two of a suit
    in the hand and one on the board is a backdoor flush draw.  Three or more completing
    ranks are a wrap named by its outs ("17-out wrap"), two are open-ended (five apart, as
    6789's five and ten) or a double gutshot, one a gutshot.

    In Omaha ``straight_draw_count`` counts the cards giving the hero a straight it lacks,
    ``flush_draw_count`` those giving it a flush it lacks, and ``draw_counts`` the cards
    raising its hand into each category above what three board cards give everyone.
    """

    low: str | None = doc(
        'hi/lo: the hero\'s best eight-or-better low now, such as "8-6-4-2-A"; None without '
        "one and in Omaha high",
        default=None,
    )
    nut_low: bool | None = doc(
        "hi/lo: the hero's low now is the best any two unseen cards can make; None in Omaha high",
        default=None,
    )


def find_draws(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> DrawsResult:
    """Every draw of ``hero`` on a flop or turn ``board`` in ``game``, with the cards completing
    each.

    The flush and straight draws and the draw counts are the game's hand rules' (HoldemHand's
    for the best five of hole and board cards; in Omaha by dealing each unseen card, as
    :class:`OmahaDrawsResult` says).  In hi/lo, without a low now, the low draw (cards giving
    a low) and the nut low draw (cards giving a low no two unseen cards beat); and the
    counterfeit risk: unseen cards of the rank of one of the hero's low hole cards (ace to
    eight; the hero holding two low ranks or more) not yet on the board, after which the
    hero's low is no better than now.
    """
    from pokercalc.core.evaluator import describe, describe_low

    rules = rules_for(game, "draws")
    g = rules.game
    h, b, d = check_situation(hero, board, dead, g)
    unseen = unseen_cards(mask_of(h + b + d), g)
    value = rules.value(h, b)
    draws = [Draw(name=n, cards=cards_of(c), needs=k) for n, c, k in rules.flush_draws(h, b, d)]
    st = rules.straight_outs(h, b, d)
    name = rules.straight_draw_name(h, b, st)
    if name is not None:
        draws.append(Draw(name=name, cards=cards_of(st), needs=1))
    low: dict[str, object] = {}
    if g.hilo:
        low0 = rules.low_value(h, b)
        draws += _low_draws(rules, h, b, unseen, low0)
        low = {"low": describe_low(low0), "nut_low": rules.is_nut_low(low0, b, unseen)}
    return _RESULTS[rules.forming](
        hero=cards_of(h),
        board=cards_of(b),
        dead=cards_of(d),
        value=value,
        description=describe(value, g),
        unseen=len(unseen),
        draws=tuple(draws),
        straight_draw_count=len(st),
        flush_draw_count=len(rules.flush_outs(h, b, d)),
        draw_counts=rules.draw_counts(h, b, d),
        game=g.name,
        **low,
    )


def _low_draws(
    rules: HandRules, h: tuple[int, ...], b: tuple[int, ...], unseen: list[int], low0: int
) -> list[Draw]:
    """The low draw, the nut low draw and the counterfeit risk of hi/lo (see
    :func:`find_draws`)."""
    lows: list[int] = []
    nut_lows: list[int] = []
    counterfeits: list[int] = []
    for c in unseen:
        nb = b + (c,)
        low = rules.low_value(h, nb)
        if not low0 and low:
            lows.append(c)
            if rules.is_nut_low(low, nb, [x for x in unseen if x != c]):
                nut_lows.append(c)
        if is_counterfeit(h, b, c, low, low0):
            counterfeits.append(c)
    named = (("low draw", lows), ("nut low draw", nut_lows), ("counterfeit risk", counterfeits))
    return [Draw(name=n, cards=cards_of(cs), needs=1) for n, cs in named if cs]


#: The result of each forming rule (Omaha's adds the low side).
_RESULTS: dict[str, type[DrawsResult]] = {"any": DrawsResult, "omaha": OmahaDrawsResult}
