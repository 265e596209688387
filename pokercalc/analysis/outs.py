"""Outs: the unseen cards that improve the hero's hand, exact equity after each, and the odds.

An *out* follows Keith Rule's rules ("Calculating Outs", 2006): an unseen card
is an out when, with it on the board,

1. the hero's hand improves in category (a better kicker is not enough);
2. the hero's new category beats the category of the board with that card alone;
3. no specific opponent hand (an opponent given as one hand) then beats the hero.

With opponents given (hands or ranges), each unseen card also gets the hero's
exact equity with that card added to the board and the rest enumerated.  Two
discounted counts stand beside the plain count:

* the *equity-weighted* count: the sum, over the outs, of the hero's exact
  equity after the out; an out that can still lose counts for less than one;
* HoldemHand's ``OutsDiscounted`` heuristic (Matt Baker's rules): see
  :func:`discounted_outs`.

The odds of hitting at least one out are exact counts over the unseen cards,
shown beside Phil Gordon's rule of 4 and 2.

``game`` is hold'em (the default) or a short-deck game: the unseen cards are
those of its 36-card deck, hands rank by its ranking (a category "improves"
in the game's order: in short-deck a flush beats a full house), the exact
equity comes from the engine playing that game, and the heuristic's
connected boards join the ace to the six.

In the Omaha games (``omaha``, ``omaha5``, ``omaha6`` and the hi/lo games) a
hand is exactly two hole cards and three board cards, and an unseen card is
an out when, with it on the board,

1. the hero's high hand improves and either rises in category or becomes the
   nuts (no two cards the hero cannot see make a better high hand);
2. the hero's new category beats what three board cards alone make (a pair
   or trips on the board that every player shares is no out);
3. no opponent given as one hand then beats the hero's high hand.

Each card also says whether the hero then holds the nuts, and in hi/lo its
low side: the hero's low with the card, whether the card gives a low or a
better one (a *low out*), and whether it counterfeits the hero's low (it
duplicates one of the hero's low hole cards and the low gets no better;
:func:`~pokercalc.analysis.rules.is_counterfeit`).  The exact equity after
each card (the expected share of the pot in hi/lo) comes from the engine,
against the opponents given or else one random hand.  HoldemHand's
discounted outs are not defined there: ``discounted`` is empty.

>>> r = find_outs("AsAc", "Kd8h9c")
>>> [(name, format_cards(cards)) for name, cards in r.groups]
[('Two pair', 'KsKhKc9s9h9d8s8d8c'), ('Three of a kind', 'AhAd')]
>>> r.count, r.hit_next, r.hit_by_river
(11, Fraction(11, 47), Fraction(451, 1081))
>>> find_outs("AsAc", "Kd8h9c", ["KsKh"]).count
2
>>> r = find_outs("As7s", "8h9dKc", game="shortdeck")  # a six makes A-6-7-8-9
>>> [(name, format_cards(cards)) for name, cards in r.groups], len(r.cards), r.hit_next
([('Pair', 'AhAdAc7h7d7c'), ('Straight', '6s6h6d6c')], 31, Fraction(10, 31))
>>> r = find_outs("As2sKdQd", "3h8c7sKc", ["JhJcTdTc"], game="omaha-hilo")
>>> r.low, r.count, format_cards(r.counterfeits), r.equity, r.cards[0].equity
('8-7-3-2-A', 15, 'AhAdAc2h2d2c', 0.8, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, TypeVar

from pokercalc import _eval
from pokercalc.analysis.rules import (
    HandRules,
    check_situation,
    hand_key,
    is_counterfeit,
    rules_for,
    serves,
    value_of,
)
from pokercalc.core.cards import (
    Card,
    CardLike,
    CardsLike,
    card_mask,
    cards_of,
    cards_text,
    format_card,
    format_cards,
    mask_of,
)
from pokercalc.core.evaluator import CATEGORY_NAMES, describe, describe_low
from pokercalc.core.games import HOLDEM, Game, get_game
from pokercalc.core.results import (
    CARD,
    CARDS,
    COUNT,
    FLOAT,
    GAME,
    METHOD,
    PROB,
    Form,
    Result,
    derived,
    doc,
)
from pokercalc.core.validate import check_engine_options
from pokercalc.errors import CardConflictError, EmptyRangeError, InputError
from pokercalc.ranges.notation import Range

__all__ = [
    "CardOutcome",
    "OutsResult",
    "OmahaCardOutcome",
    "OmahaOutsResult",
    "find_outs",
    "discounted_outs",
]

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT = 0, 1, 2, 3, 4
_SHIFT = _eval.CATEGORY_SHIFT
#: Exact runs of at most this many outcomes use one thread.
_SMALL_RUN = 2_000_000


#: The outs grouped by category: category name -> the cards, as in the JSON.
_GROUPS = Form(
    {"type": "object", "additionalProperties": dict(CARDS.schema)},
    lambda groups: {name: format_cards(cards) for name, cards in groups},
)


@dataclass(frozen=True, kw_only=True)
class CardOutcome(Result):
    """What one unseen card does for the hero."""

    card: Card = doc("the card", CARD)
    value: int = doc("the hero's hand value with the card on the board", COUNT, csv=False)

    @property
    @derived(key="category", csv=False, enum=list(CATEGORY_NAMES))
    def category_name(self) -> str:
        """The category of the hand the card makes, by name."""
        return CATEGORY_NAMES[self.category]

    description: str = doc('the hand it makes, such as "Two pair, Aces and Kings"', csv="hand")
    is_out: bool = doc("an out by the three rules")
    discounted: bool = doc("an out by HoldemHand's OutsDiscounted heuristic")
    equity: float | None = doc(
        "the hero's equity after the card (exact, or estimated where the result's method is "
        '"mc"); None without opponents or when no deal is possible after it',
        PROB,
    )
    equity_fraction: Fraction | None = doc(
        "the same as a fraction (exact runs of unweighted ranges only)", csv=False
    )
    stderr: float | None = doc(
        "Monte Carlo standard error of equity; None when exact", minimum=0, default=None
    )
    ahead: bool | None = doc("after the card the hero's equity exceeds every opponent's")
    no_deal: bool = doc(
        "after this card some opponent has no hand left (it holds the card): equity, "
        "equity_fraction and ahead are then None",
        default=False,
    )
    game: str = doc("the game whose ranking value is in", output=False, default="holdem")

    @property
    def category(self) -> int:
        """Category of the hand the card makes, 0 (high card) to 8 (straight flush)."""
        return get_game(self.game).category_of(self.value)


@dataclass(frozen=True, kw_only=True)
class OutsResult(Result):
    """The outs of a hero hand on a flop or turn, the equity after each card, and the odds."""

    game: str = doc("the game (core/games.py)", GAME, default="holdem")
    hero: tuple[Card, ...] = doc("the hero's hole cards", CARDS)
    board: tuple[Card, ...] = doc("the flop or turn board", CARDS)
    dead: tuple[Card, ...] = doc("cards known to be out of the deck", CARDS)
    opponents: tuple[str, ...] = doc("each opponent's expression as given")

    @property
    @derived(enum=["flop", "turn"])
    def street(self) -> str:
        """ "flop" or "turn"."""
        return "flop" if len(self.board) == 3 else "turn"

    value: int = doc("the hero's current hand value", COUNT)
    description: str = doc('the hero\'s current hand, such as "Pair, Aces"')
    equity: float | None = doc(
        "the hero's equity now (exact, or estimated where method is mc); None without opponents",
        PROB,
    )
    ahead: bool | None = doc("the hero's equity now exceeds every opponent's")
    method: str | None = doc(
        '"exact" (every outcome after every card enumerated) or "mc" (Monte Carlo after each '
        "card), as run; None without opponents",
        METHOD,
        default=None,
    )
    equity_stderr: float | None = doc(
        "Monte Carlo standard error of equity now; None when exact", minimum=0, default=None
    )
    seed: int | None = doc(
        "the Monte Carlo seed (the equity now uses it, the card i-th from the top the seed "
        "plus i); None when exact",
        COUNT,
        default=None,
    )

    @property
    @derived(CARDS)
    def outs(self) -> tuple[Card, ...]:
        """The out cards, highest first."""
        return tuple(c.card for c in self.cards if c.is_out)

    @property
    @derived(COUNT)
    def count(self) -> int:
        """The plain number of outs."""
        return len(self.outs)

    @property
    @derived(_GROUPS)
    def groups(self) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """The outs grouped by the category they make, weakest category (in the game) first."""
        by_strength: dict[int, list[Card]] = {}
        for c in self.cards:
            if c.is_out:
                by_strength.setdefault(c.value >> _SHIFT, []).append(c.card)
        order = get_game(self.game).category_order
        return tuple((CATEGORY_NAMES[order[k]], tuple(v)) for k, v in sorted(by_strength.items()))

    @property
    @derived(minimum=0)
    def weighted_count(self) -> float | None:
        """Equity-weighted outs: the sum over the outs of the hero's equity after each.

        An out after which no deal is possible (an opponent's range needs that
        card) cannot come against that opponent and counts nothing.
        """
        if self.equity is None:
            return None
        return sum(c.equity or 0.0 for c in self.cards if c.is_out and not c.no_deal)

    @property
    @derived(COUNT)
    def discounted_count(self) -> int:
        """How many cards are outs by HoldemHand's OutsDiscounted heuristic."""
        return len(self.discounted)

    @property
    @derived(CARDS)
    def discounted(self) -> tuple[Card, ...]:
        """HoldemHand's OutsMaskDiscounted cards, highest first."""
        return tuple(c.card for c in self.cards if c.discounted)

    @property
    @derived(CARDS)
    def behind_to_ahead(self) -> tuple[Card, ...]:
        """Cards that take the hero from behind now to ahead (empty unless behind now)."""
        if self.ahead is None or self.ahead:
            return ()
        return tuple(c.card for c in self.cards if c.ahead)

    @property
    @derived(CARDS)
    def ahead_after(self) -> tuple[Card, ...]:
        """Cards after which the hero is ahead: they keep it ahead, or put it ahead when it is
        behind now ("" without opponents)."""
        return tuple(c.card for c in self.cards if c.ahead)

    @property
    @derived(CARDS)
    def behind_after(self) -> tuple[Card, ...]:
        """Cards after which the hero is behind (not ahead): they put it behind when it is
        ahead now, or keep it behind ("" without opponents; no-deal cards are in neither)."""
        return tuple(c.card for c in self.cards if c.ahead is False and not c.no_deal)

    unseen: int = doc("the cards that can come next (cards lists them all)", COUNT)

    hit_next: Fraction = doc("exact chance that the next card is an out", FLOAT)

    @property
    @derived()
    def hit_next_fraction(self) -> Fraction:
        """The same as a fraction."""
        return self.hit_next

    hit_by_river: Fraction = doc("exact chance of at least one out among the cards to come", FLOAT)

    @property
    @derived()
    def hit_by_river_fraction(self) -> Fraction:
        """The same as a fraction."""
        return self.hit_by_river

    rule_next: float = doc("rule of 2: 2% per out for the next card (at most 1)")
    rule_by_river: float = doc("rule of 4 on the flop, 2 on the turn (at most 1)")
    cards: tuple[CardOutcome, ...] = doc("every unseen card, highest first", table=True)
    interrupted: bool = doc(
        "a signal stopped the run: every card's outs and the odds stand, and the equities "
        "of the cards done (the others' are None)",
        default=False,
    )


def _cat_top(cards: Sequence[int], game: Game = HOLDEM) -> tuple[int, int]:
    """(strength, top card) of 3 to 7 cards, as HoldemHand's HandType and TopCard; strength is
    the category's place in the game's ranking (see :func:`~pokercalc.analysis.rules.hand_key`)."""
    cat, ranks = hand_key(cards, game)
    return cat, ranks[0]


def _ladder_ranks(ranks: int, game: Game = HOLDEM) -> tuple[int, int]:
    """A 13-bit rank mask as the game's ranks only, lowest at bit 0, and how many ranks that is.

    In hold'em nothing changes (13 ranks, deuce at bit 0); in short-deck the
    six is bit 0 and the ace bit 8, so the ace's low neighbour is the six.
    """
    return ranks >> game.lowest_rank, 13 - game.lowest_rank


def _connected_pairs(ranks: int, game: Game = HOLDEM) -> int:
    """How many adjacent rank pairs (A-K .. 3-2 and 2-A; in short-deck 7-6 and 6-A) a 13-bit
    rank mask holds."""
    m, n = _ladder_ranks(ranks, game)
    both = m & (m << 1 | m >> (n - 1))  # bit r: ranks r and r - 1 (bit 0: the lowest and ace)
    return (both & ((1 << n) - 1)).bit_count()


def _turn_straight_danger(ranks: int, game: Game = HOLDEM) -> bool:
    """HoldemHand's turn test: the board plus the out is 4 in a row, 3 + gap + 1, or 2 + gap + 2.

    A transcription of the rank-pair walk in OutsMaskDiscounted, quirks kept:
    a run of three flanked by a gap on both sides with cards beyond both, and
    runs of five, do not count.  It walks the game's ranks (the ace joins the
    deuce in hold'em, the six in short-deck).
    """
    m, n = _ladder_ranks(ranks, game)
    top = n - 1

    def has(r: int) -> bool:
        return r >= -1 and r <= top and bool(m >> (r % n) & 1)

    def pair(h: int) -> bool:
        return has(h) and has(h - 1)

    count = 0
    for h in range(top, 0, -1):
        if pair(h):
            count += 1
            continue
        if count == 1 and h >= 2 and pair(h - 2):
            return True
        if count == 2 and [has(h - 2), has(h + 4) and h + 4 <= top].count(True) == 1:
            return True
        if count == 3:
            return True
        count = 0
    if pair(0):  # the lowest rank and the ace
        count += 1
        return (count == 2 and has(3)) or count == 3
    return (count == 2 and has(4)) or count == 3


def discounted_outs(
    hero: str | Sequence[int],
    board: str | Sequence[int],
    opponents: Sequence[str | Sequence[int]] = (),
    dead: str | Sequence[int] = "",
    *,
    game: str | Game = "holdem",
) -> tuple[int, ...]:
    """HoldemHand's ``OutsMaskDiscounted``: probable outs by Matt Baker's heuristic, highest first.

    With specific opponent hands, a card counts when the hero improves (higher
    category, or same category and higher top card) and beats every opponent.
    Without, a card that improves the hero and beats the board with it alone
    counts unless discounted:

    1. a new pair must use a card above every board card;
    2. a new two pair must pair a hole card (not a pocket pair), and not on a
       paired board unless the hero already has two pair;
    3. pairs, two pairs, trips and straights are discounted when the board is
       three-suited or the card makes it so (flushes and better never are);
    4. pairs, two pairs and trips are discounted on a connected board: a flop
       with three ranks in a row, or a turn where the board and the card hold
       four in a row, three and one across a gap, or two and two across a gap.

    Unlike the original, which never resets its connected-board flag between
    cards on the turn, rule 4 is decided for each card on its own.  So here the
    queens of hearts and diamonds count (three to a straight and a queen leave
    no one-card straight), where the original, having met the eight of clubs
    first, drops them and answers ``Ks 8s Kh 8h Kd 8d``:

    >>> format_cards(discounted_outs("QsJs", "9cTs7d3c"))
    'KsKhKdQhQd8s8h8d'
    """
    from pokercalc.core.cards import parse_cards

    g = rules_for(game, "discounted outs").game
    h, b, d = check_situation(hero, board, dead, g)
    opps = [parse_cards(o) if isinstance(o, str) else tuple(o) for o in opponents]
    blocked = mask_of(h + b + d)
    for o in opps:
        blocked |= mask_of(o)
    hb = mask_of(h + b)
    orig_value = value_of(hb, g)
    orig_cat, orig_top = _cat_top(h + b, g)
    out = []
    unseen = [c for c in reversed(g.deck) if not blocked & card_mask(c)]
    if opps:
        for c in unseen:
            value = value_of(hb | card_mask(c), g)
            cat, top = _cat_top(h + b + (c,), g)
            improved = cat > orig_cat or (cat == orig_cat and top > orig_top)
            if improved and all(value_of(mask_of(o + b) | card_mask(c), g) < value for o in opps):
                out.append(c)
        return tuple(out)

    order = g.category_order  # strength -> standard category
    board_cat, board_top = _cat_top(b, g)
    pocket_pair = h[0] >> 2 == h[1] >> 2
    board_mask = mask_of(b)
    suit_counts = [((board_mask >> (16 * s)) & 0x1FFF).bit_count() for s in range(4)]
    suited_board = max(suit_counts) > 2
    board_ranks = _ranks13(board_mask)
    flop_connected = len(b) == 3 and _connected_pairs(board_ranks, g) > 1
    for c in unseen:
        value = value_of(hb | card_mask(c), g)
        cat, top = _cat_top(h + b + (c,), g)
        new_board = _cat_top(b + (c,), g)
        kind = order[cat]
        improved = (
            cat > orig_cat
            or (cat == orig_cat and top > orig_top)
            or (cat == orig_cat and kind == TWO_PAIR and value > orig_value)
        )
        if not (improved and (cat, top) > new_board):
            continue
        suited = suited_board or suit_counts[c & 3] > 1
        connected = flop_connected or (
            len(b) == 4 and _turn_straight_danger(board_ranks | 1 << (c >> 2), g)
        )
        if kind == PAIR:
            ok = board_top < c >> 2 and not suited and not connected
        elif kind == TWO_PAIR:
            pairs_hole = any(x >> 2 == c >> 2 for x in h)
            ok = (
                pairs_hole
                and not pocket_pair
                and (order[board_cat] != PAIR or order[orig_cat] == TWO_PAIR)
                and not suited
                and not connected
            )
        elif kind == TRIPS:
            ok = not suited and not connected
        elif kind == STRAIGHT:
            ok = not suited
        else:
            ok = kind > STRAIGHT  # a flush, full house, quads or straight flush, never high card
        if ok:
            out.append(c)
    return tuple(out)


def _ranks13(mask: int) -> int:
    """The 13-bit mask of the ranks present in a card mask."""
    return (mask | mask >> 16 | mask >> 32 | mask >> 48) & 0x1FFF


def _parse_opponent(item: str | Range, game: Game = HOLDEM, who: str = "opponent") -> Range:
    """An opponent as a Range of the game's deck: a hand, range notation or pocket query.

    In short-deck, notation naming a rank the deck lacks is an error naming it,
    while a pocket query's groups keep the hands the deck holds (as ``equity``).
    """
    from pokercalc.ranges.holdem_players import holdem_player

    return holdem_player(item, game, who)


#: Monte Carlo seconds of a card's run when no stopping rule is given; the equity now, the
#: headline, gets NOW_SHARE cards' worth.
MC_CARD_TIME = 0.1
NOW_SHARE = 10


@dataclass(frozen=True)
class _Engine:
    """How outs runs the engine now and after each card: one method for all of them (chosen
    by :func:`_plan`), Monte Carlo's stopping rules per run and its seed."""

    method: str = "exact"
    trials: int | None = None
    card_time: float | None = None
    stderr: float | None = None
    seed: int | None = None
    threads: int | None = None

    def run(
        self,
        players: list[Any],
        board: tuple[int, ...],
        dead: tuple[int, ...],
        threads: int | None,
        game: Game,
        index: int = 0,
    ) -> Any:
        """The equity on ``board``: ``index`` 0 is the equity now, i > 0 the i-th card's run
        (its seed is the seed plus i; the equity now runs NOW_SHARE cards' time)."""
        from pokercalc.analysis.equities import equity

        if self.method == "exact":
            # (the threads asked for, else those _threads_for chose for the exact work)
            threads = self.threads or threads
            return equity(players, board, dead, method="exact", threads=threads, game=game)
        from pokercalc.analysis.win_odds import row_seed

        assert self.seed is not None
        time = self.card_time
        if time is not None and index == 0:
            time *= NOW_SHARE
        # (Monte Carlo takes every core unless told otherwise: its runs last their time)
        return equity(
            players, board, dead, method="mc", trials=self.trials, time=time,
            stderr=self.stderr, seed=row_seed(self.seed, index), threads=self.threads,
            game=game,
        )  # fmt: skip


def _plan(
    players: list[Any],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    unseen: list[int],
    game: Game,
    method: str,
    threshold: float | None,
    trials: int | None,
    time: float | None,
    stderr: float | None,
    seed: int | None,
    threads: int | None,
) -> _Engine:
    """The runs' method: ``"auto"`` enumerates when every card's run would (the outcomes over
    all the cards within ``threshold``, as :func:`~pokercalc.analysis.equities.equity` counts
    them), else every run is Monte Carlo, for ``time`` seconds in all (the equity now
    counting NOW_SHARE cards) or each to ``trials`` deals or ``stderr``."""
    from pokercalc.analysis.equities import DEFAULT_THRESHOLD, planned_method
    from pokercalc.core.validate import new_seed

    if method == "auto":
        limit = (DEFAULT_THRESHOLD if threshold is None else threshold) / max(1, len(unseen))
        method = "exact"
        for c in unseen:  # the first card after which a deal is possible decides
            try:
                method = planned_method(players, board + (c,), dead, limit, game)
            except (EmptyRangeError, CardConflictError):
                continue
            break
    if method == "exact":
        return _Engine(threads=threads)
    card_time = None
    if time is not None:
        card_time = time / (len(unseen) + NOW_SHARE)
    elif trials is None and stderr is None:
        card_time = MC_CARD_TIME
    seed = new_seed() if seed is None else seed
    return _Engine("mc", trials, card_time, stderr, seed, threads)


def _threads_for(
    players: list[Range], board: tuple[int, ...], dead: tuple[int, ...], game: Game = HOLDEM
) -> int | None:
    """One thread for small runs (starting threads costs more than they save), else the default."""
    from pokercalc.analysis.equities import count_outcomes

    try:
        return 1 if count_outcomes(players, board, dead, game=game) <= _SMALL_RUN else None
    except EmptyRangeError:
        return 1


def _equity_of(result: Any) -> tuple[float, Fraction | None, bool, float | None]:
    """The hero's equity, its fraction, whether it exceeds every opponent's, and its
    standard error (None when exact)."""
    hero = result.players[0]
    ahead = all(hero.equity > p.equity for p in result.players[1:])
    return hero.equity, hero.equity_fraction, ahead, hero.stderr


def _owners(h: tuple[int, ...], b: tuple[int, ...], d: tuple[int, ...]) -> dict[int, str]:
    """Who holds each known card, as the message of a clash names it."""
    return {c: "the hero's" for c in h} | {c: "on the board" for c in b} | {c: "dead" for c in d}


def _claim(owners: dict[int, str], combo: tuple[int, ...], i: int, label: str) -> None:
    """Give opponent ``i + 1``'s one hand its cards; a card someone already holds is a
    :class:`CardConflictError` naming who."""
    clash = set(owners) & set(combo)
    if clash:
        card = min(clash)
        raise CardConflictError(
            f"opponent {i + 1} ({label}) holds {format_card(card)}, which is already {owners[card]}"
        )
    owners.update({c: f"opponent {i + 1}'s" for c in combo})


def find_outs(
    hero: CardsLike,
    board: CardsLike,
    opponents: Sequence[str | Range | Sequence[CardLike]] = (),
    dead: CardsLike = "",
    *,
    progress: Callable[[float], None] | None = None,
    game: str | Game = "holdem",
    method: str = "auto",
    threshold: float | None = None,
    trials: int | None = None,
    time: float | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
) -> OutsResult:
    """The outs of ``hero`` on a flop or turn ``board`` in ``game`` against optional ``opponents``.

    Cards are strings (``"AhKh"``, ``"Ah Kh"``) or lists of card strings, cards or indices.
    Opponents are hands, range notation or pocket queries (strings or
    :class:`~pokercalc.ranges.notation.Range`), or hands given as lists of cards.  Only
    opponents that are one specific hand take part in rule 3 and remove their cards from
    the unseen ones; every opponent takes part in the exact equity after each card.  A card
    after which an opponent's range has no hand left is marked ``no_deal``
    (no equity after it); the rest of the answer stands.  ``progress`` is
    called with the share of the unseen cards done.  A signal (Ctrl-C,
    SIGTERM) ends the run, marked ``interrupted``: every card's outs and the
    odds stand (they take no engine run), with the equities after the cards
    done.

    The equity now and after each card is exact where ``method`` is ``"exact"``, or
    ``"auto"`` and every card's run enumerates within ``threshold`` outcomes for all the
    cards together (default 1e9, counted as :func:`~pokercalc.analysis.equities.equity`
    counts them); otherwise Monte Carlo, with a standard error: ``time`` seconds in all,
    shared by the cards and the equity now (which counts as ten cards), by default 0.1 s a
    card, or ``trials`` deals or a ``stderr`` target for each run.  ``seed`` reproduces a
    Monte Carlo answer; ``threads`` defaults to all cores where a run is large.
    """
    rules = rules_for(game, "outs")
    g = rules.game
    options = (method, threshold, trials, time, stderr, seed, threads)
    if method not in ("auto", "exact", "mc"):
        raise InputError(f"method must be auto, exact or mc, not {method!r}")
    check_engine_options(
        method=method, threshold=threshold, trials=trials, time=time, stderr=stderr, seed=seed,
        threads=threads,
    )  # fmt: skip
    h, b, d = check_situation(hero, board, dead, g)
    # An opponent given as a list of cards is that hand, written as text.
    opps: list[str | Range] = [
        o if isinstance(o, (str, Range)) else cards_text(o, f"opponent {i + 1}")
        for i, o in enumerate(opponents)
    ]
    form = _FORMS[rules.forming]
    items = opps or list(form.default_opponents)
    players_in = [form.parse_opponent(o, g, f"opponent {i + 1}") for i, o in enumerate(items)]
    labels = tuple(o.text if isinstance(o, Range) else o for o in items)
    owners = _owners(h, b, d)
    specific: list[tuple[int, ...]] = []
    for i, p in enumerate(players_in):
        if isinstance(p, Range) and len(p.combos) == 1:
            combo = tuple(p.combos[0])
            _claim(owners, combo, i, labels[i])
            specific.append(combo)
        elif isinstance(p, Range):
            p.without(h + b + d, player=f"opponent {i + 1}")  # fails early when nothing is left
    players: list[Any] = [Range.from_combos(format_cards(h), [h]), *players_in]
    unseen = [c for c in reversed(g.deck) if c not in owners]
    discounted: set[int] = set()
    if serves(g, "discounted outs"):
        discounted = set(discounted_outs(h, b, specific, d, game=g))
    # What each card makes of the hand is known at once (:class:`_Cards`); the equities after
    # it take the engine, so a signal keeps every card's outs and the equities of the cards
    # done.
    known = _Cards(rules, h, b, d, specific, discounted)
    cards = [known.outcome(c) for c in unseen]
    now: tuple[float, Fraction | None, bool, float | None] | None = None
    interrupted = False
    engine: _Engine | None = None
    try:
        if players_in:
            engine = _plan(players, b, d, unseen, g, *options)
            if engine.method == "mc":
                now = _run_now(engine, players, b, d, g)  # (first: the headline, if stopped)
            threads = _threads_for(players, b + (unseen[0],), d, g) if unseen else None
            runs: list[Any] = []  # the exact run after each card that can come
            for i, c in enumerate(unseen):
                if progress is not None:
                    progress(i / len(unseen))
                cards[i], r = _run_card(cards[i], engine, players, b + (c,), d, threads, i + 1, g)
                if r is not None:
                    runs.append(r)
            if now is None:
                # Exact, the equity now is the cards' runs combined: a run of its own would
                # enumerate every deal once more, and the progress shown is then the cards'.
                # Weighted ranges have no exact fractions to combine: then a run of its own.
                now = _combined(runs) or _run_now(engine, players, b, d, g)
    except KeyboardInterrupt:
        interrupted = True
    equity_now, _, ahead_now, stderr_now = now if now is not None else (None, None, None, None)

    return form.result(
        hero=cards_of(h),
        board=cards_of(b),
        dead=cards_of(d),
        opponents=labels,
        value=known.value0,
        description=describe(known.value0, g),
        cards=tuple(cards),
        equity=equity_now,
        ahead=ahead_now,
        interrupted=interrupted,
        game=g.name,
        **known.headline(),
        **_odds(cards, len(unseen), len(b)),
        **_method_fields(engine, stderr_now),
    )


class _Cards:
    """What each unseen card makes of the hero's hand under the game's hand rules: its value,
    whether it is an out (module docs) and, where the rules track the nuts (Omaha), whether
    it gives the nuts and in hi/lo its low side (:class:`OmahaCardOutcome`)."""

    def __init__(
        self,
        rules: HandRules,
        h: tuple[int, ...],
        b: tuple[int, ...],
        d: tuple[int, ...],
        specific: list[tuple[int, ...]],
        discounted: set[int],
    ) -> None:
        self.rules, self.game = rules, rules.game
        self.h, self.b, self.specific, self.discounted = h, b, specific, discounted
        self.value0 = rules.value(h, b)
        self.value_after = rules.value_after(h, b)
        self.tracks_nuts = rules.tracks_nuts
        self.cat0 = self.value0 >> _SHIFT
        self.nuts0 = False
        self.hidden: list[int] = []
        self.low0 = rules.low_value(h, b) if self.game.hilo else 0
        if rules.tracks_nuts:
            # What opponents may hold: every card but the hero's, the board's and the dead.
            self.hidden = [c for c in reversed(self.game.deck) if c not in set(h + b + d)]
            self.nuts0 = rules.is_nuts(self.value0, b, self.hidden)

    def outcome(self, c: int) -> CardOutcome:
        """What card ``c`` makes of the hero's hand, before its equity."""
        rules, g, h = self.rules, self.game, self.h
        nb = self.b + (c,)
        value = self.value_after(c)
        cat = value >> _SHIFT  # the category's place in the game's ranking
        nuts = self.tracks_nuts and rules.is_nuts(value, nb, [x for x in self.hidden if x != c])
        is_out = (
            value > self.value0
            and (cat > self.cat0 or (nuts and not self.nuts0))
            and cat > rules.board_strength(nb)
            and all(rules.value(o, nb) <= value for o in self.specific)
        )
        if not self.tracks_nuts:
            return CardOutcome(
                card=Card(c),
                value=value,
                description=describe(value, g),
                is_out=is_out,
                discounted=c in self.discounted,
                equity=None,
                equity_fraction=None,
                ahead=None,
                game=g.name,
            )
        low = rules.low_value(h, nb) if g.hilo else 0
        return OmahaCardOutcome(
            card=Card(c),
            value=value,
            description=describe(value, g),
            is_out=is_out,
            discounted=c in self.discounted,
            equity=None,
            equity_fraction=None,
            ahead=None,
            game=g.name,
            nuts=nuts,
            low=describe_low(low) if g.hilo else None,
            low_out=low > self.low0 if g.hilo else None,
            counterfeit=is_counterfeit(h, self.b, c, low, self.low0) if g.hilo else None,
        )

    def headline(self) -> dict[str, Any]:
        """The result's own keys of the rules: the nuts now, and in hi/lo the low now."""
        if not self.rules.tracks_nuts:
            return {}
        return {"nuts": self.nuts0, "low": describe_low(self.low0) if self.game.hilo else None}


def _method_fields(engine: _Engine | None, stderr_now: float | None) -> dict[str, Any]:
    """The result's method, standard error of the equity now and seed."""
    if engine is None:
        return {}
    return {"method": engine.method, "equity_stderr": stderr_now, "seed": engine.seed}


def _odds(cards: list[Any], unseen: int, board: int) -> dict[str, Any]:
    """The chance of an out next card and by the river, exactly and by the rule of 4 and 2."""
    n, k = unseen, sum(1 for c in cards if c.is_out)
    hit_next = Fraction(k, n) if n else Fraction(0)
    if board == 3 and n >= 2:
        hit_by_river = 1 - Fraction((n - k) * (n - k - 1), n * (n - 1))
    else:
        hit_by_river = hit_next
    return {
        "unseen": n,
        "hit_next": hit_next,
        "hit_by_river": hit_by_river,
        "rule_next": min(1.0, 0.02 * k),
        "rule_by_river": min(1.0, (0.04 if board == 3 else 0.02) * k),
    }


_Outcome = TypeVar("_Outcome", bound=CardOutcome)


def _run_card(
    outcome: _Outcome,
    engine: _Engine,
    players: list[Any],
    board: tuple[int, ...],
    d: tuple[int, ...],
    threads: int | None,
    index: int,
    game: Game,
) -> tuple[_Outcome, Any]:
    """``outcome`` with the hero's equity once its card is on ``board``, and the engine's run;
    or marked ``no_deal`` (and no run) when the card leaves an opponent no hand: against that
    range it cannot come."""
    try:
        r = engine.run(players, board, d, threads, game, index)
    except (EmptyRangeError, CardConflictError):
        return replace(outcome, no_deal=True), None
    if r.interrupted:
        raise KeyboardInterrupt
    eq, frac, ahead, se = _equity_of(r)
    return replace(outcome, equity=eq, equity_fraction=frac, ahead=ahead, stderr=se), r


@dataclass(frozen=True, kw_only=True)
class OmahaCardOutcome(CardOutcome):
    """What one unseen card does for an Omaha hero (two hole cards and three board cards)."""

    nuts: bool = doc("with the card, no two cards the hero cannot see make a better high hand")
    low: str | None = doc(
        'hi/lo: the hero\'s best low with the card, such as "8-6-4-2-A"; None without one and '
        "in Omaha high",
        default=None,
    )
    low_out: bool | None = doc(
        "hi/lo: the card gives the hero a low, or a better one; None in Omaha high", default=None
    )
    counterfeit: bool | None = doc(
        "hi/lo: the card duplicates one of the hero's low hole cards and its low gets no "
        "better; None in Omaha high",
        default=None,
    )


@dataclass(frozen=True, kw_only=True)
class OmahaOutsResult(OutsResult):
    """The outs of an Omaha hero hand on a flop or turn, the equity after each card, and the
    odds; in hi/lo also the low side."""

    cards: tuple[OmahaCardOutcome, ...] = doc(
        "every unseen card, highest first, with its Omaha keys", table=True
    )
    nuts: bool = doc("the hero's high hand is the nuts now, as far as it can see")
    low: str | None = doc(
        "hi/lo: the hero's best low now; None without one and in Omaha high", default=None
    )

    @property
    @derived(CARDS)
    def low_outs(self) -> tuple[Card, ...] | None:
        """Hi/lo: the cards giving the hero a low or a better one, highest first; None in
        Omaha high."""
        if self.low is None and not any(_is_omaha_lo(c) for c in self.cards):
            return None
        return tuple(c.card for c in self.cards if getattr(c, "low_out", False))

    @property
    @derived(CARDS)
    def counterfeits(self) -> tuple[Card, ...] | None:
        """Hi/lo: the cards counterfeiting the hero's low, highest first; None in Omaha high."""
        if self.low is None and not any(_is_omaha_lo(c) for c in self.cards):
            return None
        return tuple(c.card for c in self.cards if getattr(c, "counterfeit", False))


def _is_omaha_lo(c: CardOutcome) -> bool:
    """True for a card outcome of a hi/lo game (its low side is filled in)."""
    return getattr(c, "low_out", None) is not None


def _combined(runs: list[Any]) -> tuple[float, Fraction | None, bool, None] | None:
    """The hero's equity now, its fraction and whether it is ahead, from the exact runs after
    each card that can come: every deal from now on is a deal of one of them (each twice on
    the flop, turn and river swapped), so the equity now is their mean weighted by their
    outcomes.  None without runs or when one has no exact fractions (weighted ranges)."""
    total = sum(r.outcomes for r in runs)
    if not total or any(p.equity_fraction is None for r in runs for p in r.players):
        return None
    shares = [
        sum((r.players[i].equity_fraction * r.outcomes for r in runs), Fraction(0)) / total
        for i in range(len(runs[0].players))
    ]
    hero = shares[0]
    return float(hero), hero, all(float(hero) > float(s) for s in shares[1:]), None


def _run_now(
    engine: _Engine, players: list[Any], b: tuple[int, ...], d: tuple[int, ...], g: Game
) -> tuple[float, Fraction | None, bool, float | None]:
    """The hero's equity now from its own run (:func:`_equity_of`)."""
    run = engine.run(players, b, d, _threads_for(players, b, d, g), g)
    if run.interrupted:
        raise KeyboardInterrupt
    return _equity_of(run)


def _omaha_player(item: str | Range, game: Game, who: str) -> str | Range:
    """An Omaha opponent for the engine: ``random`` stays text (the engine deals it), anything
    else is parsed once into a :class:`Range` of the game's hands."""
    from pokercalc.ranges.players import every_hand, many_card_player

    if isinstance(item, str) and every_hand(item, game):  # random, any, 100%, xxxx
        return item.strip()
    player = many_card_player(item, game, who)
    assert isinstance(player, Range)
    return player


@dataclass(frozen=True)
class _Form:
    """What outs gives under one forming rule: its result type, the opponents it plays when
    none is given (Omaha: one random hand), and how it reads an opponent."""

    result: type[OutsResult]
    default_opponents: tuple[str, ...]
    parse_opponent: Callable[[str | Range, Game, str], str | Range]


_FORMS = {
    "any": _Form(OutsResult, (), _parse_opponent),
    "omaha": _Form(OmahaOutsResult, ("random",), _omaha_player),
}
