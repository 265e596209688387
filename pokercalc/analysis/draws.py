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
a straight.  Omaha games are refused until their draws are defined.

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

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from pokercalc import _eval
from pokercalc.core.cards import (
    Card,
    CardsLike,
    card_mask,
    cards_of,
    format_card,
    format_cards,
    mask_of,
)
from pokercalc.core.evaluator import CATEGORY_NAMES, _classes_by_value
from pokercalc.core.games import HOLDEM, Game, get_game
from pokercalc.core.results import CARDS, COUNT, GAME, Form, Result, derived, doc, object_schema
from pokercalc.errors import CardConflictError, InputError

__all__ = [
    "Draw",
    "DrawsResult",
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
    "analysis_game",
    "value_of",
    "OmahaDrawsResult",
    "omaha_draws",
    "omaha_value",
    "omaha_low_value",
    "board_category",
    "straight_possible",
    "low_rank",
    "unbeaten",
    "unbeaten_low",
    "is_counterfeit",
]

STRAIGHT, FLUSH, STRAIGHT_FLUSH = 4, 5, 8
_SHIFT = _eval.CATEGORY_SHIFT
_ACE = 12

Cards = CardsLike
GameArg = str | Game


def analysis_game(game: str | Game | None, what: str, *, omaha: bool = False) -> Game:
    """The game of an analysis: hold'em or short-deck, and an Omaha game where ``omaha`` says
    the analysis plays it (outs, draws and win odds do; HoldemHand's counts do not)."""
    g = get_game(game)
    if g.forming != "any" and not omaha:
        raise InputError(
            f"{what} in {g.name} is not available yet; it plays holdem, shortdeck and "
            "shortdeck-triton"
        )
    return g


@cache
def _straights(low: int) -> tuple[tuple[int, int], ...]:
    """The straights of a deck whose lowest rank is ``low``: (13-bit rank mask, top rank), best
    first.

    The last is the wheel: the ace playing below the deck's lowest rank
    (A-2-3-4-5 in hold'em, top card five; A-6-7-8-9 in short-deck, top card nine).
    """
    runs = tuple((0x1F << (top - 4), top) for top in range(_ACE, low + 3, -1))
    return runs + ((1 << _ACE | 0xF << low, low + 3),)


@cache
def _ladder(low: int) -> tuple[int, ...]:
    """The ranks in straight order from ``low`` up: the ace low, the deck's ranks, the ace."""
    return (_ACE, *range(low, _ACE + 1))


def _strength(game: Game, category: int) -> int:
    """The place of a standard category (see ``CATEGORY_NAMES``) in the game's ranking."""
    return category if game.ranking == "high" else game.category_order.index(category)


def value_of(mask: int, game: Game = HOLDEM) -> int:
    """The value of the 5 to 7 cards of a mask under the game's ranking."""
    if game.ranking == "high":
        return _eval.evaluate_mask(mask)
    return _eval.evaluate_ranked([c for c in game.deck if mask & card_mask(c)], game.ranking)


def check_situation(
    hero: Cards, board: Cards, dead: Cards = "", game: Game = HOLDEM
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Parse and validate a hero hand, a flop or turn board and dead cards (shared with outs)."""
    from pokercalc.core.validate import cards_arg, check_board_and_dead

    h = cards_arg(hero, "hero")
    if len(h) != game.hole_cards:
        raise InputError(f"the hero needs exactly {game.hole_cards} hole cards, got {len(h)}")
    outside = [c for c in h if card_mask(c) & game.outside_mask]
    if outside:
        raise InputError(
            f"hero: {format_card(outside[0])} is not in the {game.deck_size}-card {game.name} deck"
        )
    b, d = check_board_and_dead(board, dead, sizes=(3, 4), game=game)
    for xs, what_x, ys, what_y in (
        (h, "a hole card", b, "a board card"),
        (h, "a hole card", d, "a dead card"),
    ):
        both = set(xs) & set(ys)
        if both:
            raise CardConflictError(f"{format_card(min(both))} is both {what_x} and {what_y}")
    return h, b, d


def _straight_top(ranks: int, game: Game = HOLDEM) -> int:
    """Top rank of the game's best straight in a 13-bit rank mask (3 or 7 for its wheel), or -1."""
    for bits, top in _straights(game.lowest_rank):
        if ranks & bits == bits:
            return top
    return -1


def _suit_ranks(mask: int, suit: int) -> int:
    """The 13-bit rank mask of one suit's cards in a card mask."""
    return (mask >> (16 * suit)) & 0x1FFF


def _ranks(mask: int) -> int:
    """The 13-bit mask of the ranks present in a card mask."""
    return (mask | mask >> 16 | mask >> 32 | mask >> 48) & 0x1FFF


def hand_key(cards: Sequence[int], game: Game = HOLDEM) -> tuple[int, tuple[int, ...]]:
    """``(strength, ranks)`` of 3 to 7 cards; keys compare as hands do, a missing kicker lowest.

    ``strength`` is the category's place in the game's ranking: the category
    number itself in hold'em, while in short-deck a flush (5) is strength 6,
    above a full house.  Five or more cards use the evaluator; three or four
    (a flop plus one card) are classified by their rank counts, as HoldemHand
    evaluates short hands.

    >>> hand_key([48, 49, 20, 21])  # AcAd7c7d
    (2, (12, 5))
    """
    if len(cards) >= 5:
        if game.ranking == "high":
            return _classes_by_value()[_eval.evaluate_indices(cards)]
        cat, ranks = _classes_by_value(game.ranking)[_eval.evaluate_ranked(cards, game.ranking)]
        return _strength(game, cat), ranks
    counts: dict[int, int] = {}
    for c in cards:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    ranks = tuple(r for _, r in groups)
    shape = tuple(n for n, _ in groups)
    if shape[0] == 4:
        cat = 7
    elif shape[0] == 3:
        cat = 3
    elif shape[:2] == (2, 2):
        cat = 2
    elif shape[0] == 2:
        cat = 1
    else:
        cat = 0
    return _strength(game, cat), ranks


def _unseen(blocked: int, game: Game = HOLDEM) -> list[int]:
    """The game's cards not in ``blocked``, highest index first (ace of spades first)."""
    return [c for c in reversed(game.deck) if not blocked & card_mask(c)]


def _strength_of(mask: int, game: Game) -> int:
    """Strength (the category's place in the game's ranking) of the 5 to 7 cards of a mask."""
    return value_of(mask, game) >> _SHIFT


def straight_outs(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> tuple[int, ...]:
    """The unseen cards :func:`straight_draw_count` counts, highest first."""
    g = analysis_game(game, "draws")
    h, b, d = check_situation(hero, board, dead, g)
    hb = mask_of(h + b)
    if _strength_of(hb, g) >= _strength(g, STRAIGHT):
        # The hero holds a straight or better (in Triton, three of a kind is better).
        return ()
    ranks, board_ranks = _ranks(hb), _ranks(mask_of(b))
    board_mask = mask_of(b)
    out = []
    for c in _unseen(hb | mask_of(d), g):
        r, s = c >> 2, c & 3
        bit = 1 << r
        if ranks & bit:
            # No new rank: no new straight (the hero holds none, so its ranks hold none).
            continue
        top = _straight_top(ranks | bit, g)
        if top < 0:
            continue
        suited = _suit_ranks(hb, s) | bit
        hero_cat = STRAIGHT
        if suited.bit_count() >= 5:
            sf_top = _straight_top(suited, g)
            if sf_top < 0:
                continue  # the card makes a plain flush, not a straight
            hero_cat, top = STRAIGHT_FLUSH, sf_top
        if len(b) == 4:
            # The board plus this card is five cards: compare category, then top card
            # (straight, flush and straight flush rank in this order in every game;
            # anything else the board can make with a new rank is below the hero's straight).
            b_suited = _suit_ranks(board_mask, s) | bit
            if b_suited.bit_count() == 5:
                b_top = _straight_top(b_suited, g)
                b_cat = STRAIGHT_FLUSH if b_top >= 0 else FLUSH
            else:
                b_ranks = board_ranks | bit
                b_top = _straight_top(b_ranks, g) if b_ranks.bit_count() == 5 else -1
                b_cat = STRAIGHT if b_top >= 0 else 0
            if (hero_cat, top) <= (b_cat, b_top):
                continue
        out.append(c)
    return tuple(out)


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
    g = analysis_game(game, "draws")
    h, b, d = check_situation(hero, board, dead, g)
    hb = mask_of(h + b)
    if g.category_of(value_of(hb, g)) in (FLUSH, STRAIGHT_FLUSH):
        return ()
    hole = mask_of(h)
    suits = [s for s in range(4) if _suit_ranks(hb, s).bit_count() == 4 and _suit_ranks(hole, s)]
    return tuple(c for c in _unseen(hb | mask_of(d), g) if c & 3 in suits)


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
    g = analysis_game(game, "draws")
    return _draw_counts(*check_situation(hero, board, dead, g), g)[category]


def _draw_counts(
    h: tuple[int, ...], b: tuple[int, ...], d: tuple[int, ...], game: Game = HOLDEM
) -> tuple[int, ...]:
    """:func:`draw_count` for every standard category at once, by dealing each unseen card."""
    hb = mask_of(h + b)
    orig = _strength_of(hb, game)
    by_strength = [0] * 9
    for c in _unseen(hb | mask_of(d), game):
        new = hand_key(h + b + (c,), game)
        if new[0] > orig and new > hand_key(b + (c,), game):
            by_strength[new[0]] += 1
    return tuple(by_strength[_strength(game, cat)] for cat in range(9))


def is_flush_draw(hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem") -> bool:
    """Four to a flush using a hole card, with a card left to complete it."""
    return flush_draw_count(hero, board, dead, game=game) > 0


def _backdoor_suit(h: tuple[int, ...], b: tuple[int, ...], game: Game = HOLDEM) -> int | None:
    """The suit of a backdoor flush draw on the flop, or None."""
    hb = mask_of(h + b)
    if len(b) != 3 or _strength_of(hb, game) >= _strength(game, FLUSH):
        return None
    for s in range(4):
        if _suit_ranks(hb, s).bit_count() == 3 and _suit_ranks(mask_of(h), s):
            return s
    return None


def is_backdoor_flush_draw(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> bool:
    """On the flop, three to a flush using a hole card (HoldemHand's rule, flop only)."""
    g = analysis_game(game, "draws")
    h, b, d = check_situation(hero, board, dead, g)
    s = _backdoor_suit(h, b, g)
    if s is None:
        return False
    left = [c for c in _unseen(mask_of(h + b + d), g) if c & 3 == s]
    return len(left) >= 2


def _completing_ranks(outs: tuple[int, ...]) -> int:
    """13-bit mask of the ranks of straight outs."""
    return _ranks(mask_of(outs))


def _open_ended(
    h: tuple[int, ...], b: tuple[int, ...], completing: int, game: Game = HOLDEM
) -> bool:
    """Four consecutive ranks of the hero's hand, each neighbour a completing rank.

    Consecutive in the game's straight order, the ace at both ends: 2345 (ace
    or six) is open-ended in hold'em and 6789 (ace or ten) in short-deck;
    A234, A678 and JQKA have one neighbour only.
    """
    ranks = _ranks(mask_of(h + b))
    ladder = _ladder(game.lowest_rank)
    held = [bool(ranks >> r & 1) for r in ladder]
    ends = [bool(completing >> r & 1) for r in ladder]
    for low in range(1, len(ladder) - 4):
        if all(held[low : low + 4]) and ends[low - 1] and ends[low + 4]:
            return True
    return False


def is_open_ended_straight_draw(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> bool:
    """Four consecutive ranks completed by either neighbouring rank (not a double gutshot)."""
    g = analysis_game(game, "draws")
    h, b, d = check_situation(hero, board, dead, g)
    return _open_ended(h, b, _completing_ranks(straight_outs(h, b, d, game=g)), g)


def is_double_gutshot(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> bool:
    """Two or more completing ranks, none of them forming an open-ended draw."""
    g = analysis_game(game, "draws")
    h, b, d = check_situation(hero, board, dead, g)
    comp = _completing_ranks(straight_outs(h, b, d, game=g))
    return comp.bit_count() >= 2 and not _open_ended(h, b, comp, g)


def is_gutshot(hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem") -> bool:
    """Exactly one completing rank (inside or one-ended straight draw)."""
    return _completing_ranks(straight_outs(hero, board, dead, game=game)).bit_count() == 1


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


def find_draws(
    hero: Cards, board: Cards, dead: Cards = "", *, game: GameArg = "holdem"
) -> DrawsResult:
    """Every draw of ``hero`` on a flop or turn ``board`` in ``game``, with the cards completing
    each."""
    from pokercalc.core.evaluator import describe

    g = analysis_game(game, "draws", omaha=True)
    h, b, d = check_situation(hero, board, dead, g)
    if g.forming == "omaha":
        return omaha_draws(h, b, d, g)
    hb = mask_of(h + b)
    blocked = hb | mask_of(d)
    draws: list[Draw] = []
    fl = flush_outs(h, b, d, game=g)
    if fl:
        draws.append(Draw(name="flush draw", cards=cards_of(fl), needs=1))
    s = _backdoor_suit(h, b, g)
    if s is not None:
        left = tuple(c for c in _unseen(blocked, g) if c & 3 == s)
        if len(left) >= 2:
            draws.append(Draw(name="backdoor flush draw", cards=cards_of(left), needs=2))
    st = straight_outs(h, b, d, game=g)
    comp = _completing_ranks(st)
    if _open_ended(h, b, comp, g):
        draws.append(Draw(name="open-ended straight draw", cards=cards_of(st), needs=1))
    elif comp.bit_count() >= 2:
        draws.append(Draw(name="double gutshot", cards=cards_of(st), needs=1))
    elif comp:
        draws.append(Draw(name="gutshot", cards=cards_of(st), needs=1))
    value = value_of(hb, g)
    return DrawsResult(
        hero=cards_of(h),
        board=cards_of(b),
        dead=cards_of(d),
        value=value,
        description=describe(value, g),
        unseen=(g.deck_mask & ~blocked).bit_count(),
        draws=tuple(draws),
        straight_draw_count=len(st),
        flush_draw_count=len(fl),
        draw_counts=_draw_counts(h, b, d, g),
        game=g.name,
    )


# ---------------------------------------------------------------------------
# Omaha: two hole cards and three board cards, every count by dealing each card.


def omaha_value(hole: Sequence[int], board: Sequence[int]) -> int:
    """The best high value of exactly two ``hole`` cards and three ``board`` cards."""
    return int(_eval.evaluate_omaha(hole, board))


def omaha_low_value(hole: Sequence[int], board: Sequence[int]) -> int:
    """The best eight-or-better low of two ``hole`` and three ``board`` cards: higher is
    better, 0 for none (``evaluator.describe_low`` names it)."""
    return int(_eval.evaluate_omaha_low(hole, board))


def board_category(board: Sequence[int]) -> int:
    """The highest category three board cards make alone (high card, pair or trips): what
    the board gives every Omaha player, whose improvement is no out."""
    return max(hand_key(three)[0] for three in combinations(board, 3))


def low_rank(card: int) -> int | None:
    """A card's low rank, 1 (ace) to 8, or None above the eight."""
    r = card >> 2
    if r == _ACE:
        return 1
    return r + 2 if r <= 6 else None


@cache
def _straight_masks() -> frozenset[int]:
    """The 13-bit rank masks of the ten straights of a full deck."""
    return frozenset(bits for bits, _ in _straights(0))


def straight_possible(hole: Sequence[int], board: Sequence[int]) -> bool:
    """True when two of ``hole`` and three of ``board`` are five ranks in a row (the wheel
    included), whatever their suits."""
    masks = _straight_masks()
    pairs = {1 << (a >> 2) | 1 << (b >> 2) for a, b in combinations(hole, 2) if a >> 2 != b >> 2}
    threes = set()
    for x, y, z in combinations(board, 3):
        m = 1 << (x >> 2) | 1 << (y >> 2) | 1 << (z >> 2)
        if m.bit_count() == 3:
            threes.add(m)
    return any(p | t in masks for p in pairs for t in threes if not p & t)


def unbeaten(value: int, board: Sequence[int], others: Sequence[int]) -> bool:
    """True when no two of ``others`` (the cards an opponent may hold) make a better high hand
    on ``board`` than ``value``: the hero holds the nuts as far as it can see."""
    return all(_eval.evaluate_omaha(two, board) <= value for two in combinations(others, 2))


def unbeaten_low(low: int, board: Sequence[int], others: Sequence[int]) -> bool:
    """True when ``low`` (not 0) is a low and no two of ``others`` make a better one on
    ``board``: the nut low as far as the hero can see (suits do not matter to a low)."""
    if not low:
        return False
    one_each = list({low_rank(c): c for c in others if low_rank(c) is not None}.values())
    return all(_eval.evaluate_omaha_low(two, board) <= low for two in combinations(one_each, 2))


def is_counterfeit(
    hole: Sequence[int], board: Sequence[int], card: int, low_after: int, low_now: int
) -> bool:
    """True when ``card`` counterfeits the hero's low: the hero holds two low ranks or more
    (ace to eight), the card has the rank of one of them, no board card has that rank yet, and
    with the card the hero's low (``low_after``) is no better than now (``low_now``)."""
    hole_lows = {low_rank(c) for c in hole} - {None}
    r = low_rank(card)
    return (
        len(hole_lows) >= 2
        and r in hole_lows
        and all(low_rank(c) != r for c in board)
        and low_after <= low_now
    )


def _open_ended_pair(ranks: int) -> bool:
    """Two completing ranks five apart in straight order (the ace at both ends): the two ends
    of four ranks in a row, as 6789 is completed by a five or a ten."""
    positions = [r + 1 for r in range(13) if ranks >> r & 1]
    if ranks >> _ACE & 1:
        positions.append(0)
    return any(b - a == 5 for a in positions for b in positions)


def _straight_draw_name(cards: Sequence[int]) -> str | None:
    """The name of an Omaha straight draw completed by ``cards``: a wrap (three or more
    completing ranks, named by its outs), open-ended, double gutshot or gutshot."""
    ranks = _ranks(mask_of(cards))
    n = ranks.bit_count()
    if n >= 3:
        return f"{len(cards)}-out wrap"
    if n == 2:
        return "open-ended straight draw" if _open_ended_pair(ranks) else "double gutshot"
    return "gutshot" if n == 1 else None


@dataclass(frozen=True, kw_only=True)
class OmahaDrawsResult(DrawsResult):
    """The draws of an Omaha hero hand on a flop or turn, counted by dealing each unseen card.

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


def omaha_draws(
    h: tuple[int, ...], b: tuple[int, ...], d: tuple[int, ...], game: Game
) -> OmahaDrawsResult:
    """The Omaha draws of validated hole cards ``h`` on a flop or turn ``b``.

    Every unseen card is dealt and the hero's hand evaluated (two hole cards and
    three board cards):

    * straight outs: cards after which the hero can make a straight and before
      could not; three or more completing ranks are a wrap named by its outs
      ("17-out wrap"), two are open-ended (five apart, as 6789's five and ten)
      or a double gutshot, one a gutshot;
    * flush draw: the hero holds two or more of a suit the board holds two of;
      its cards are those giving the hero a flush; a *nut* flush draw holds the
      highest card of the suit that is not on the board or dead; on the flop,
      two of a suit in the hand and one on the board is a backdoor flush draw;
    * hi/lo, without a low now: the low draw (cards giving a low) and the nut
      low draw (cards giving a low no two unseen cards beat);
    * hi/lo, counterfeit risk: unseen cards of the rank of one of the hero's
      low hole cards (ace to eight; the hero holding two low ranks or more)
      not yet on the board, after which the hero's low is no better than now.
    """
    from pokercalc.core.evaluator import describe, describe_low

    blocked = mask_of(h + b + d)
    unseen = _unseen(blocked, game)
    value0 = omaha_value(h, b)
    cat0 = value0 >> _SHIFT
    straight0 = straight_possible(h, b)
    low0 = omaha_low_value(h, b) if game.hilo else 0
    by_cat = [0] * 9
    straights: list[int] = []
    flushes: dict[int, list[int]] = {s: [] for s in range(4)}
    lows: list[int] = []
    nut_lows: list[int] = []
    counterfeits: list[int] = []
    for c in unseen:
        nb = b + (c,)
        v = omaha_value(h, nb)
        cat = v >> _SHIFT
        if cat > cat0 and cat > board_category(nb):
            by_cat[cat] += 1
        if not straight0 and straight_possible(h, nb):
            straights.append(c)
        if cat in (FLUSH, STRAIGHT_FLUSH) and cat0 not in (FLUSH, STRAIGHT_FLUSH):
            flushes[c & 3].append(c)
        if not game.hilo:
            continue
        low = omaha_low_value(h, nb)
        if not low0 and low:
            lows.append(c)
            if unbeaten_low(low, nb, [x for x in unseen if x != c]):
                nut_lows.append(c)
        if is_counterfeit(h, b, c, low, low0):
            counterfeits.append(c)
    draws: list[Draw] = []
    for s in range(4):
        in_hand = [c for c in h if c & 3 == s]
        if len(in_hand) < 2:
            continue
        top = max(
            (c for c in game.deck if c & 3 == s and not (mask_of(b + d) & card_mask(c))),
            default=None,
        )
        nut = "nut " if top in in_hand else ""
        on_board = sum(1 for c in b if c & 3 == s)
        if flushes[s]:
            draws.append(Draw(name=f"{nut}flush draw", cards=cards_of(flushes[s]), needs=1))
        elif len(b) == 3 and on_board == 1 and cat0 not in (FLUSH, STRAIGHT_FLUSH):
            left = tuple(c for c in unseen if c & 3 == s)
            if len(left) >= 2:
                draws.append(Draw(name=f"backdoor {nut}flush draw", cards=cards_of(left), needs=2))
    name = _straight_draw_name(straights)
    if name is not None:
        draws.append(Draw(name=name, cards=cards_of(straights), needs=1))
    if lows:
        draws.append(Draw(name="low draw", cards=cards_of(lows), needs=1))
    if nut_lows:
        draws.append(Draw(name="nut low draw", cards=cards_of(nut_lows), needs=1))
    if counterfeits:
        draws.append(Draw(name="counterfeit risk", cards=cards_of(counterfeits), needs=1))
    return OmahaDrawsResult(
        hero=cards_of(h),
        board=cards_of(b),
        dead=cards_of(d),
        value=value0,
        description=describe(value0, game),
        unseen=len(unseen),
        draws=tuple(draws),
        straight_draw_count=len(straights),
        flush_draw_count=sum(len(v) for v in flushes.values()),
        draw_counts=tuple(by_cat),
        game=game.name,
        low=describe_low(low0) if game.hilo else None,
        nut_low=unbeaten_low(low0, b, unseen) if game.hilo else None,
    )
