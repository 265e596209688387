"""Hand rules: how a game forms a hand of hole and board cards, and the facts analyses ask of it.

Two forming rules share a board today, each one small class:

* :class:`BestFive` (hold'em and the short-deck games): the best five of the
  hole cards and the board;
* :class:`TwoPlusThree` (the Omaha games): exactly two hole cards and three
  board cards.

The analyses (outs, draws, hand potential, hits, win odds) are written once
and ask their game's rules, from :func:`rules_for`, for what depends on the
rule: the value of a hand on a board, what the board alone gives every
player, whether a hand is the nuts, the cards completing a flush or a
straight, the draws they make.  :func:`rules_for` is also the one place that
refuses a game an analysis cannot serve, in one line naming both; a game
without a shared board (stud, razz, the draw games) has no outs, draws or
hits.

The straight facts here work on 13-bit rank masks (bit r: rank r, deuce 0 to
ace 12) and 64-bit card masks (16-bit suit lanes, :mod:`pokercalc.core.cards`).

>>> from pokercalc.core.cards import parse_cards
>>> rules = rules_for("omaha", "draws")
>>> rules.forming, rules.value(parse_cards("AhKhQhJh"), parse_cards("2h3c4d8s9c")) >> 12
('omaha', 0)
>>> rules_for("omaha", "hits")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: hits in omaha is not available yet; it plays holdem, shortdeck ...
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import ClassVar

from pokercalc import _eval
from pokercalc.core.cards import CardsLike, card_mask, format_card, mask_of
from pokercalc.core.evaluator import classes_by_value
from pokercalc.core.games import GAMES, HOLDEM, Game, get_game
from pokercalc.errors import CardConflictError, InputError

__all__ = [
    "HandRules",
    "BestFive",
    "TwoPlusThree",
    "rules_for",
    "serves",
    "check_situation",
    "value_of",
    "hand_key",
    "strength",
    "unseen_cards",
    "straights",
    "straight_top",
    "suit_ranks",
    "ranks_of",
    "completing_ranks",
    "open_ended",
    "open_ended_pair",
    "omaha_value",
    "omaha_low_value",
    "board_category",
    "straight_possible",
    "low_rank",
    "unbeaten",
    "unbeaten_low",
    "is_counterfeit",
]

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH = 0, 1, 2, 3, 4, 5
FULL_HOUSE, QUADS, STRAIGHT_FLUSH = 6, 7, 8
SHIFT = _eval.CATEGORY_SHIFT
ACE = 12


# ---------------------------------------------------------------------------
# Straights and suits on rank masks.


@cache
def straights(low: int) -> tuple[tuple[int, int], ...]:
    """The straights of a deck whose lowest rank is ``low``: (13-bit rank mask, top rank), best
    first.

    The last is the wheel: the ace playing below the deck's lowest rank
    (A-2-3-4-5 in hold'em, top card five; A-6-7-8-9 in short-deck, top card nine).
    """
    runs = tuple((0x1F << (top - 4), top) for top in range(ACE, low + 3, -1))
    return runs + ((1 << ACE | 0xF << low, low + 3),)


@cache
def _ladder(low: int) -> tuple[int, ...]:
    """The ranks in straight order from ``low`` up: the ace low, the deck's ranks, the ace."""
    return (ACE, *range(low, ACE + 1))


def straight_top(ranks: int, game: Game = HOLDEM) -> int:
    """Top rank of the game's best straight in a 13-bit rank mask (3 or 7 for its wheel), or -1."""
    for bits, top in straights(game.lowest_rank):
        if ranks & bits == bits:
            return top
    return -1


def suit_ranks(mask: int, suit: int) -> int:
    """The 13-bit rank mask of one suit's cards in a card mask."""
    return (mask >> (16 * suit)) & 0x1FFF


def ranks_of(mask: int) -> int:
    """The 13-bit mask of the ranks present in a card mask."""
    return (mask | mask >> 16 | mask >> 32 | mask >> 48) & 0x1FFF


def completing_ranks(outs: Sequence[int]) -> int:
    """13-bit mask of the ranks of straight outs."""
    return ranks_of(mask_of(outs))


def open_ended(h: Sequence[int], b: Sequence[int], completing: int, game: Game = HOLDEM) -> bool:
    """Four consecutive ranks of the hero's hand, each neighbour a completing rank.

    Consecutive in the game's straight order, the ace at both ends: 2345 (ace
    or six) is open-ended in hold'em and 6789 (ace or ten) in short-deck;
    A234, A678 and JQKA have one neighbour only.
    """
    ranks = ranks_of(mask_of(tuple(h) + tuple(b)))
    ladder = _ladder(game.lowest_rank)
    held = [bool(ranks >> r & 1) for r in ladder]
    ends = [bool(completing >> r & 1) for r in ladder]
    for low in range(1, len(ladder) - 4):
        if all(held[low : low + 4]) and ends[low - 1] and ends[low + 4]:
            return True
    return False


def open_ended_pair(ranks: int) -> bool:
    """Two completing ranks five apart in straight order (the ace at both ends): the two ends
    of four ranks in a row, as 6789 is completed by a five or a ten."""
    positions = [r + 1 for r in range(13) if ranks >> r & 1]
    if ranks >> ACE & 1:
        positions.append(0)
    return any(b - a == 5 for a in positions for b in positions)


@cache
def _straight_masks() -> frozenset[int]:
    """The 13-bit rank masks of the ten straights of a full deck."""
    return frozenset(bits for bits, _ in straights(0))


# ---------------------------------------------------------------------------
# Values of the best five of hole and board cards.


def strength(game: Game, category: int) -> int:
    """The place of a standard category (see ``CATEGORY_NAMES``) in the game's ranking."""
    return category if game.ranking == "high" else game.category_order.index(category)


def value_of(mask: int, game: Game = HOLDEM) -> int:
    """The value of the 5 to 7 cards of a mask under the game's ranking."""
    if game.ranking == "high":
        return _eval.evaluate_mask(mask)
    return _eval.evaluate_ranked([c for c in game.deck if mask & card_mask(c)], game.ranking)


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
            return classes_by_value()[_eval.evaluate_indices(cards)]
        cat, ranks = classes_by_value(game.ranking)[_eval.evaluate_ranked(cards, game.ranking)]
        return strength(game, cat), ranks
    counts: dict[int, int] = {}
    for c in cards:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    ranks = tuple(r for _, r in groups)
    shape = tuple(n for n, _ in groups)
    if shape[0] == 4:
        cat = QUADS
    elif shape[0] == 3:
        cat = TRIPS
    elif shape[:2] == (2, 2):
        cat = TWO_PAIR
    elif shape[0] == 2:
        cat = PAIR
    else:
        cat = HIGH_CARD
    return strength(game, cat), ranks


def unseen_cards(blocked: int, game: Game = HOLDEM) -> list[int]:
    """The game's cards not in ``blocked``, highest index first (ace of spades first)."""
    return [c for c in reversed(game.deck) if not blocked & card_mask(c)]


def _strength_of(mask: int, game: Game) -> int:
    """Strength (the category's place in the game's ranking) of the 5 to 7 cards of a mask."""
    return value_of(mask, game) >> SHIFT


# ---------------------------------------------------------------------------
# Values of two hole cards and three board cards, and the eight-or-better low.


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
    if r == ACE:
        return 1
    return r + 2 if r <= 6 else None


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


# ---------------------------------------------------------------------------
# The rules.

Cards = tuple[int, ...]
#: A named draw as the rules find it: (name, completing cards highest first, cards needed).
DrawFact = tuple[str, Cards, int]


class HandRules(ABC):
    """How a game forms a hand of hole and board cards, and the facts analyses ask of it."""

    #: the game's forming rule, as ``Game.forming`` names it
    forming: ClassVar[str]
    #: becoming the nuts makes a card an out, and each card says whether it gives the nuts
    tracks_nuts: ClassVar[bool] = False

    def __init__(self, game: Game) -> None:
        self.game = game

    @abstractmethod
    def value(self, hole: Sequence[int], board: Sequence[int]) -> int:
        """The high value of ``hole`` on ``board`` under the game's ranking."""

    @abstractmethod
    def value_after(self, hole: Sequence[int], board: Sequence[int]) -> Callable[[int], int]:
        """The value of ``hole`` on ``board`` once a card is added to the board, as a function
        of that card."""

    @abstractmethod
    def low_value(self, hole: Sequence[int], board: Sequence[int]) -> int:
        """The eight-or-better low of ``hole`` on ``board`` (higher is better), 0 for none."""

    @abstractmethod
    def board_strength(self, board: Sequence[int]) -> int:
        """The strength the ``board`` alone gives every player, whose improvement is no out."""

    def is_nuts(self, value: int, board: Sequence[int], others: Sequence[int]) -> bool:
        """No hand of ``others`` (the cards an opponent may hold) beats ``value`` on ``board``
        (asked only of rules that track the nuts)."""
        raise TypeError(f"{type(self).__name__} does not track the nuts")

    def is_nut_low(self, low: int, board: Sequence[int], others: Sequence[int]) -> bool:
        """``low`` (not 0) is a low and no hand of ``others`` makes a better one on ``board``
        (asked only of rules that track the nuts)."""
        raise TypeError(f"{type(self).__name__} does not track the nuts")

    @abstractmethod
    def straight_outs(self, h: Cards, b: Cards, d: Cards) -> Cards:
        """The unseen cards completing a straight for the hero, highest first."""

    @abstractmethod
    def flush_outs(self, h: Cards, b: Cards, d: Cards) -> Cards:
        """The unseen cards completing a flush for the hero, highest first."""

    @abstractmethod
    def flush_draws(self, h: Cards, b: Cards, d: Cards) -> list[DrawFact]:
        """The flush draws (and backdoor flush draws) of the hero, with their cards."""

    @abstractmethod
    def straight_draw_name(self, h: Cards, b: Cards, outs: Cards) -> str | None:
        """The name of the straight draw that ``outs`` (from :meth:`straight_outs`) complete."""

    @abstractmethod
    def draw_counts(self, h: Cards, b: Cards, d: Cards) -> tuple[int, ...]:
        """For each standard category 0..8, the unseen cards raising the hero into it."""


class BestFive(HandRules):
    """The best five of the hole cards and the board (hold'em, short-deck).

    Its draw facts follow Keith Rule's HoldemHand library (see
    :mod:`pokercalc.analysis.draws`): a draw improves the hero's own hand and
    beats the board with the completing card alone.
    """

    forming = "any"

    def value(self, hole: Sequence[int], board: Sequence[int]) -> int:
        return value_of(mask_of(tuple(hole) + tuple(board)), self.game)

    def value_after(self, hole: Sequence[int], board: Sequence[int]) -> Callable[[int], int]:
        hb, game = mask_of(tuple(hole) + tuple(board)), self.game
        return lambda card: value_of(hb | card_mask(card), game)

    def low_value(self, hole: Sequence[int], board: Sequence[int]) -> int:
        return 0  # (no best-five game splits the pot with a low)

    def board_strength(self, board: Sequence[int]) -> int:
        return hand_key(board, self.game)[0]

    def straight_outs(self, h: Cards, b: Cards, d: Cards) -> Cards:
        """HoldemHand's ``StraightDrawCount`` cards: a straight or straight flush that beats the
        board with that card alone; none when the hero already holds a straight or better."""
        g = self.game
        hb = mask_of(h + b)
        if _strength_of(hb, g) >= strength(g, STRAIGHT):
            # The hero holds a straight or better (in Triton, three of a kind is better).
            return ()
        ranks, board_ranks = ranks_of(hb), ranks_of(mask_of(b))
        board_mask = mask_of(b)
        out = []
        for c in unseen_cards(hb | mask_of(d), g):
            r, s = c >> 2, c & 3
            bit = 1 << r
            if ranks & bit:
                # No new rank: no new straight (the hero holds none, so its ranks hold none).
                continue
            top = straight_top(ranks | bit, g)
            if top < 0:
                continue
            suited = suit_ranks(hb, s) | bit
            hero_cat = STRAIGHT
            if suited.bit_count() >= 5:
                sf_top = straight_top(suited, g)
                if sf_top < 0:
                    continue  # the card makes a plain flush, not a straight
                hero_cat, top = STRAIGHT_FLUSH, sf_top
            if len(b) == 4:
                # The board plus this card is five cards: compare category, then top card
                # (straight, flush and straight flush rank in this order in every game;
                # anything else the board can make with a new rank is below the hero's straight).
                b_suited = suit_ranks(board_mask, s) | bit
                if b_suited.bit_count() == 5:
                    b_top = straight_top(b_suited, g)
                    b_cat = STRAIGHT_FLUSH if b_top >= 0 else FLUSH
                else:
                    b_ranks = board_ranks | bit
                    b_top = straight_top(b_ranks, g) if b_ranks.bit_count() == 5 else -1
                    b_cat = STRAIGHT if b_top >= 0 else 0
                if (hero_cat, top) <= (b_cat, b_top):
                    continue
            out.append(c)
        return tuple(out)

    def flush_outs(self, h: Cards, b: Cards, d: Cards) -> Cards:
        """HoldemHand's ``FlushDrawCount`` cards: those of a suit the hero holds four of, one a
        hole card; then the card makes a flush (or straight flush) and the board, holding at
        most four of the suit with it, makes none better."""
        g = self.game
        hb = mask_of(h + b)
        if g.category_of(value_of(hb, g)) in (FLUSH, STRAIGHT_FLUSH):
            return ()
        hole = mask_of(h)
        suits = [s for s in range(4) if suit_ranks(hb, s).bit_count() == 4 and suit_ranks(hole, s)]
        return tuple(c for c in unseen_cards(hb | mask_of(d), g) if c & 3 in suits)

    def backdoor_suit(self, h: Cards, b: Cards) -> int | None:
        """The suit of a backdoor flush draw on the flop (three to a flush using a hole card),
        or None."""
        hb = mask_of(h + b)
        if len(b) != 3 or _strength_of(hb, self.game) >= strength(self.game, FLUSH):
            return None
        for s in range(4):
            if suit_ranks(hb, s).bit_count() == 3 and suit_ranks(mask_of(h), s):
                return s
        return None

    def backdoor_flush_cards(self, h: Cards, b: Cards, d: Cards) -> Cards:
        """The unseen cards of the backdoor flush draw's suit (two of them are needed), or ()."""
        s = self.backdoor_suit(h, b)
        if s is None:
            return ()
        return tuple(c for c in unseen_cards(mask_of(h + b + d), self.game) if c & 3 == s)

    def flush_draws(self, h: Cards, b: Cards, d: Cards) -> list[DrawFact]:
        out: list[DrawFact] = []
        fl = self.flush_outs(h, b, d)
        if fl:
            out.append(("flush draw", fl, 1))
        left = self.backdoor_flush_cards(h, b, d)
        if len(left) >= 2:
            out.append(("backdoor flush draw", left, 2))
        return out

    def straight_draw_name(self, h: Cards, b: Cards, outs: Cards) -> str | None:
        """Open-ended (four in a row, either neighbour completing), double gutshot (two or more
        completing ranks) or gutshot (one)."""
        comp = completing_ranks(outs)
        if open_ended(h, b, comp, self.game):
            return "open-ended straight draw"
        if comp.bit_count() >= 2:
            return "double gutshot"
        return "gutshot" if comp else None

    def draw_counts(self, h: Cards, b: Cards, d: Cards) -> tuple[int, ...]:
        """HoldemHand's ``DrawCount`` for every standard category, by dealing each unseen card:
        the card moves the hero up into the category and beats the board with it alone (four
        board cards compared by :func:`hand_key`)."""
        g = self.game
        hb = mask_of(h + b)
        orig = _strength_of(hb, g)
        by_strength = [0] * 9
        for c in unseen_cards(hb | mask_of(d), g):
            new = hand_key(h + b + (c,), g)
            if new[0] > orig and new > hand_key(b + (c,), g):
                by_strength[new[0]] += 1
        return tuple(by_strength[strength(g, cat)] for cat in range(9))


@dataclass(frozen=True)
class _Dealt:
    """Every unseen card dealt to an Omaha hero: the facts draws need of it."""

    by_category: tuple[int, ...]  #: cards raising the hero into each category (above the board)
    straights: Cards  #: cards after which the hero can make a straight and before could not
    flushes: tuple[Cards, ...]  #: per suit, the cards giving the hero a flush it lacks


@lru_cache(maxsize=4)
def _deal(game: Game, h: Cards, b: Cards, d: Cards) -> _Dealt:
    """Every unseen card dealt to Omaha hole cards ``h`` on ``b``: :class:`_Dealt`."""
    value0 = omaha_value(h, b)
    cat0 = value0 >> SHIFT
    straight0 = straight_possible(h, b)
    by_cat = [0] * 9
    straights: list[int] = []
    flushes: list[list[int]] = [[] for _ in range(4)]
    for c in unseen_cards(mask_of(h + b + d), game):
        nb = b + (c,)
        cat = omaha_value(h, nb) >> SHIFT
        if cat > cat0 and cat > board_category(nb):
            by_cat[cat] += 1
        if not straight0 and straight_possible(h, nb):
            straights.append(c)
        if cat in (FLUSH, STRAIGHT_FLUSH) and cat0 not in (FLUSH, STRAIGHT_FLUSH):
            flushes[c & 3].append(c)
    return _Dealt(tuple(by_cat), tuple(straights), tuple(tuple(f) for f in flushes))


class TwoPlusThree(HandRules):
    """Exactly two hole cards and three board cards (the Omaha games).

    Its draw facts deal every unseen card and evaluate the hero's hand.
    """

    forming = "omaha"
    tracks_nuts = True

    def value(self, hole: Sequence[int], board: Sequence[int]) -> int:
        return omaha_value(hole, board)

    def value_after(self, hole: Sequence[int], board: Sequence[int]) -> Callable[[int], int]:
        b = tuple(board)
        return lambda card: omaha_value(hole, b + (card,))

    def low_value(self, hole: Sequence[int], board: Sequence[int]) -> int:
        return omaha_low_value(hole, board)

    def board_strength(self, board: Sequence[int]) -> int:
        return board_category(board)

    def is_nuts(self, value: int, board: Sequence[int], others: Sequence[int]) -> bool:
        return unbeaten(value, board, others)

    def is_nut_low(self, low: int, board: Sequence[int], others: Sequence[int]) -> bool:
        return unbeaten_low(low, board, others)

    def deal(self, h: Cards, b: Cards, d: Cards) -> _Dealt:
        """Deal each unseen card (the facts of the last few deals are kept)."""
        return _deal(self.game, h, b, d)

    def straight_outs(self, h: Cards, b: Cards, d: Cards) -> Cards:
        """Cards after which the hero can make a straight and before could not."""
        return self.deal(h, b, d).straights

    def flush_outs(self, h: Cards, b: Cards, d: Cards) -> Cards:
        """Cards giving the hero a flush (or straight flush) it lacks, highest first."""
        return tuple(sorted((c for f in self.deal(h, b, d).flushes for c in f), reverse=True))

    def flush_draws(self, h: Cards, b: Cards, d: Cards) -> list[DrawFact]:
        """Per suit the hero holds two or more of: a flush draw (its cards those giving the hero
        a flush), or on the flop with one of the suit on the board a backdoor flush draw; a
        *nut* one holds the highest card of the suit that is not on the board or dead."""
        g = self.game
        flushes = self.deal(h, b, d).flushes
        cat0 = omaha_value(h, b) >> SHIFT
        out: list[DrawFact] = []
        for s in range(4):
            in_hand = [c for c in h if c & 3 == s]
            if len(in_hand) < 2:
                continue
            top = max(
                (c for c in g.deck if c & 3 == s and not (mask_of(b + d) & card_mask(c))),
                default=None,
            )
            nut = "nut " if top in in_hand else ""
            on_board = sum(1 for c in b if c & 3 == s)
            if flushes[s]:
                out.append((f"{nut}flush draw", flushes[s], 1))
            elif len(b) == 3 and on_board == 1 and cat0 not in (FLUSH, STRAIGHT_FLUSH):
                left = tuple(c for c in unseen_cards(mask_of(h + b + d), g) if c & 3 == s)
                if len(left) >= 2:
                    out.append((f"backdoor {nut}flush draw", left, 2))
        return out

    def straight_draw_name(self, h: Cards, b: Cards, outs: Cards) -> str | None:
        """A wrap (three or more completing ranks, named by its outs), open-ended (two ranks
        five apart), double gutshot (two others) or gutshot (one)."""
        ranks = completing_ranks(outs)
        n = ranks.bit_count()
        if n >= 3:
            return f"{len(outs)}-out wrap"
        if n == 2:
            return "open-ended straight draw" if open_ended_pair(ranks) else "double gutshot"
        return "gutshot" if n == 1 else None

    def draw_counts(self, h: Cards, b: Cards, d: Cards) -> tuple[int, ...]:
        """Cards raising the hero's hand into each category above what three board cards give
        everyone."""
        return self.deal(h, b, d).by_category


_RULES: dict[str, type[HandRules]] = {r.forming: r for r in (BestFive, TwoPlusThree)}

#: Each analysis: the name its messages give it and the forming rules it serves.
_ANALYSES: dict[str, tuple[str, tuple[str, ...]]] = {
    "outs": ("outs", ("any", "omaha")),
    "discounted outs": ("outs", ("any",)),  # HoldemHand's OutsDiscounted
    "draws": ("draws", ("any", "omaha")),
    "draw counts": ("draws", ("any",)),  # HoldemHand's draw counts and named-draw tests
    "hits": ("hits", ("any",)),
    "hand potential": ("hand potential", ("any", "omaha")),
    "winodds": ("winodds", ("any", "omaha", "own")),
}
#: The analyses a hi/lo game cannot have, and why (formatted with the game's name).
_NOT_HILO = {
    "hand potential": (
        "hand potential in {game} is not defined: Billings' potential is for one pot, and a "
        "hi/lo hand can be ahead for one half and behind for the other"
    ),
}
#: The analyses that need a shared board.
_NEED_BOARD = frozenset(
    ("outs", "discounted outs", "draws", "draw counts", "hits", "hand potential")
)


def rules_for(game: str | Game | None, analysis: str) -> HandRules:
    """The hand rules of ``game`` for ``analysis`` (a key of the table above): the one place an
    analysis refuses a game it cannot serve, in one line naming both."""
    return _rules(served_game(game, analysis))


def served_game(game: str | Game | None, analysis: str) -> Game:
    """``game``, if ``analysis`` serves it (else the one-line refusal of :func:`rules_for`):
    for analyses that need no hand rules of a board, such as win odds in the games without
    one."""
    g = get_game(game)
    what, formings = _ANALYSES[analysis]
    if analysis in _NEED_BOARD and g.board_cards == 0:
        raise InputError(f"{what} in {g.name} needs a shared board, and {g.name} has none")
    if g.forming not in formings:
        names = [n for n, x in GAMES.items() if x.forming in formings]
        raise InputError(
            f"{what} in {g.name} is not available yet; it plays {', '.join(names[:-1])} and "
            f"{names[-1]}"
        )
    if g.hilo and analysis in _NOT_HILO:
        raise InputError(_NOT_HILO[analysis].format(game=g.name))
    return g


def serves(game: str | Game | None, analysis: str) -> bool:
    """True when :func:`rules_for` gives ``game`` the rules for ``analysis``."""
    try:
        served_game(game, analysis)
    except InputError:
        return False
    return True


@cache
def _rules(game: Game) -> HandRules:
    """The one rules object of a game."""
    return _RULES[game.forming](game)


def check_situation(
    hero: CardsLike, board: CardsLike, dead: CardsLike = "", game: Game = HOLDEM
) -> tuple[Cards, Cards, Cards]:
    """Parse and validate a hero hand, a flop or turn board and dead cards (outs and draws)."""
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
