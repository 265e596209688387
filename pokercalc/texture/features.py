"""The 73 binary flop features F1-F73 of Dalpasso and Lancia (2015), for one flop or all at once.

Each feature is a small function of a :class:`Texture`, which holds what the
features read (ranks, suits, counts, the hero's made hand) as numpy arrays with
one entry per flop; the same function therefore answers for one flop or for all
19,600.  F1-F38 read only the flop; F39-F73 read the flop with the hero's cards.
Where the paper is ambiguous the choice made is written on the function (and in
docs/flops.md).

>>> from pokercalc.core.cards import parse_cards
>>> [f for f in flop_features(parse_cards("KcTh"), parse_cards("Jh9c7c")) if f > 38]
[39, 54, 57, 63]
>>> flop_features(parse_cards("AsAh"), parse_cards("Kh8c3s"))[:10]
(3, 4, 9, 12, 15, 18, 22, 23, 27, 38)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

from pokercalc.core.cards import CardsLike, to_cards
from pokercalc.errors import InputError

__all__ = [
    "NUM_FEATURES",
    "FEATURES",
    "Texture",
    "feature_matrix",
    "flop_features",
    "describe",
    "short",
]

#: number of features
NUM_FEATURES = 73

ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8

# Straight positions: 0 is the ace playing low, 1..13 are ranks 2..A.
_WINDOWS = np.array([0b11111 << w for w in range(10)], dtype=np.int64)
_POP = np.array([bin(b).count("1") for b in range(1 << 14)], dtype=np.int64)
_SPAN = np.array(
    [(b.bit_length() - ((b & -b).bit_length() - 1)) if b else 0 for b in range(1 << 14)],
    dtype=np.int64,
)


def _positions(rank: np.ndarray | int) -> np.ndarray:
    """Straight-position bits of a rank (an ace also sets the low position 0)."""
    r = np.asarray(rank, dtype=np.int64)
    return (np.int64(1) << (r + 1)) | np.where(r == ACE, 1, 0)


_T = TypeVar("_T")


def _memo(method: Callable[[Texture], _T]) -> Callable[[Texture], _T]:
    """Compute a derived quantity of a texture once; later calls reuse it."""

    @functools.wraps(method)
    def wrapper(self: Texture) -> _T:
        cache: dict[str, Any] = self.__dict__.setdefault("_memo", {})
        if method.__name__ not in cache:
            cache[method.__name__] = method(self)
        result: _T = cache[method.__name__]
        return result

    return wrapper


@dataclass(frozen=True)
class Texture:
    """What the features read, one entry per flop (m flops), for one hero hand."""

    ranks: np.ndarray  #: (m, 3) flop ranks 0..12, highest first
    suits: np.ndarray  #: (m, 3) flop suits 0..3, in the order of ``ranks``
    rank_count: np.ndarray  #: (m, 13) how many flop cards have each rank
    suit_count: np.ndarray  #: (m, 4) how many flop cards have each suit
    all_rank_count: np.ndarray  #: (m, 13) the same for the hero's cards plus the flop
    all_suit_count: np.ndarray  #: (m, 4) the same for the hero's cards plus the flop
    hero_ranks: tuple[int, int]  #: the hero's ranks, highest first
    hero_suits: tuple[int, int]  #: the hero's suits, in the order of ``hero_ranks``
    category: np.ndarray  #: (m,) category of hero + flop, 0 high card .. 8 straight flush
    flop_bits: np.ndarray  #: (m,) straight-position bits of the flop's ranks
    all_bits: np.ndarray  #: (m,) straight-position bits of hero + flop ranks

    @classmethod
    def build(cls, hero: CardsLike, flops: np.ndarray) -> Texture:
        """The texture of each row of ``flops`` ((m, 3) card indices) for ``hero`` (two cards
        in any form :func:`~pokercalc.core.cards.to_cards` reads)."""
        from pokercalc._eval import evaluate_many

        flops = np.asarray(flops, dtype=np.int64).reshape(-1, 3)
        h = sorted(to_cards(hero, "hero"), reverse=True)
        if len(h) != 2 or len(set(h)) != 2:
            raise InputError("the hero must be two different cards")
        if ((flops == h[0]) | (flops == h[1])).any():
            raise InputError("a flop uses one of the hero's cards")
        order = np.argsort(-flops, axis=1)
        cards = np.take_along_axis(flops, order, axis=1)
        ranks, suits = cards >> 2, cards & 3
        m = len(cards)
        rows = np.arange(m)[:, None]
        rank_count = np.zeros((m, 13), dtype=np.int64)
        suit_count = np.zeros((m, 4), dtype=np.int64)
        np.add.at(rank_count, (rows, ranks), 1)
        np.add.at(suit_count, (rows, suits), 1)
        all_rank_count = rank_count.copy()
        all_suit_count = suit_count.copy()
        for c in h:
            all_rank_count[:, c >> 2] += 1
            all_suit_count[:, c & 3] += 1
        five = np.ascontiguousarray(np.hstack([np.tile(h, (m, 1)), cards]).astype(np.uint8))
        values = np.zeros(m, dtype=np.uint16)
        if m:
            evaluate_many(five, values)
        flop_bits = np.bitwise_or.reduce(_positions(ranks), axis=1)
        all_bits = flop_bits | int(_positions(h[0] >> 2)) | int(_positions(h[1] >> 2))
        return cls(
            ranks=ranks,
            suits=suits,
            rank_count=rank_count,
            suit_count=suit_count,
            all_rank_count=all_rank_count,
            all_suit_count=all_suit_count,
            hero_ranks=(h[0] >> 2, h[1] >> 2),
            hero_suits=(h[0] & 3, h[1] & 3),
            category=(values >> 12).astype(np.int64),
            flop_bits=flop_bits,
            all_bits=all_bits,
        )

    # Derived quantities shared by several features.

    @_memo
    def n_suits(self) -> np.ndarray:
        """Distinct suits on the flop."""
        return (self.suit_count > 0).sum(axis=1)

    @_memo
    def n_ranks(self) -> np.ndarray:
        """Distinct ranks on the flop."""
        return (self.rank_count > 0).sum(axis=1)

    def count_at_least(self, low: int) -> np.ndarray:
        """Flop cards of rank ``low`` or higher."""
        return (self.ranks >= low).sum(axis=1)

    @_memo
    def max_suit(self) -> np.ndarray:
        """Most cards of one suit among hero + flop."""
        return self.all_suit_count.max(axis=1)

    @_memo
    def backdoor_flush(self) -> np.ndarray:
        """Hero + flop hold exactly three cards of a suit, one of them the hero's."""
        hero = np.zeros(4, dtype=bool)
        hero[list(self.hero_suits)] = True
        return ((self.all_suit_count == 3) & hero).any(axis=1)

    @_memo
    def straight_gaps(self) -> tuple[np.ndarray, np.ndarray]:
        """Most distinct flop ranks in a five-rank window, and fewest ranks missing among them."""
        inside = self.flop_bits[:, None] & _WINDOWS
        count = _POP[inside]
        gaps = _SPAN[inside] - count
        best = count.max(axis=1)
        gaps = np.where(count == best[:, None], gaps, 99).min(axis=1)
        return best, gaps

    @_memo
    def made_straight(self) -> np.ndarray:
        """Hero + flop make a straight."""
        return ((self.all_bits[:, None] & _WINDOWS) == _WINDOWS).any(axis=1)

    @_memo
    def completing_ranks(self) -> np.ndarray:
        """Ranks whose next card would give hero + flop a straight (0 once a straight is made)."""
        n = np.zeros(len(self.all_bits), dtype=np.int64)
        for r in range(13):
            bits = self.all_bits | int(_positions(r))
            n += ((bits[:, None] & _WINDOWS) == _WINDOWS).any(axis=1)
        return np.where(self.made_straight(), 0, n)

    @_memo
    def four_run(self) -> np.ndarray:
        """Position of the lowest rank of four consecutive ranks in hero + flop, or -1."""
        run = np.full(len(self.all_bits), -1, dtype=np.int64)
        for p in range(10, -1, -1):
            w = 0b1111 << p
            run = np.where((self.all_bits & w) == w, p, run)
        return run

    @_memo
    def straight_draw(self) -> np.ndarray:
        """Hero + flop have a straight or a one-card straight draw."""
        return self.made_straight() | (self.completing_ranks() > 0)

    @_memo
    def backdoor_ways(self) -> np.ndarray:
        """Five-rank windows holding exactly three hero + flop ranks, one a hero rank."""
        hero = int(_positions(self.hero_ranks[0])) | int(_positions(self.hero_ranks[1]))
        inside = self.all_bits[:, None] & _WINDOWS
        return ((_POP[inside] == 3) & ((_WINDOWS & hero) != 0)).sum(axis=1)

    @_memo
    def flush_draw(self) -> np.ndarray:
        """Hero + flop hold exactly four cards of one suit."""
        return self.max_suit() == 4

    @_memo
    def overcards_in_hand(self) -> np.ndarray:
        """The hero's cards above the flop's highest card."""
        top = self.ranks[:, 0]
        return (self.hero_ranks[0] > top).astype(np.int64) + (self.hero_ranks[1] > top)

    @_memo
    def overcards_on_flop(self) -> np.ndarray:
        """Flop cards above the hero's highest card."""
        return (self.ranks > self.hero_ranks[0]).sum(axis=1)

    def hero_paired(self, rank: int) -> np.ndarray:
        """The flop holds a card of this (hero) rank."""
        return self.rank_count[:, rank] > 0

    @_memo
    def inside_draw(self) -> np.ndarray:
        """Exactly one rank completes a straight (gutshot or one-ended four-run)."""
        return self.completing_ranks() == 1


# F1-F15: individual Broadway cards.


def _count(t: Texture, rank: int) -> np.ndarray:
    return t.rank_count[:, rank]


def f1(t: Texture) -> np.ndarray:
    """The flop has exactly one ace."""
    return _count(t, ACE) == 1


def f2(t: Texture) -> np.ndarray:
    """The flop has at least two aces."""
    return _count(t, ACE) >= 2


def f3(t: Texture) -> np.ndarray:
    """The flop has no ace."""
    return _count(t, ACE) == 0


def f4(t: Texture) -> np.ndarray:
    """The flop has exactly one king."""
    return _count(t, KING) == 1


def f5(t: Texture) -> np.ndarray:
    """The flop has at least two kings."""
    return _count(t, KING) >= 2


def f6(t: Texture) -> np.ndarray:
    """The flop has no king."""
    return _count(t, KING) == 0


def f7(t: Texture) -> np.ndarray:
    """The flop has exactly one queen."""
    return _count(t, QUEEN) == 1


def f8(t: Texture) -> np.ndarray:
    """The flop has at least two queens."""
    return _count(t, QUEEN) >= 2


def f9(t: Texture) -> np.ndarray:
    """The flop has no queen."""
    return _count(t, QUEEN) == 0


def f10(t: Texture) -> np.ndarray:
    """The flop has exactly one jack."""
    return _count(t, JACK) == 1


def f11(t: Texture) -> np.ndarray:
    """The flop has at least two jacks."""
    return _count(t, JACK) >= 2


def f12(t: Texture) -> np.ndarray:
    """The flop has no jack."""
    return _count(t, JACK) == 0


def f13(t: Texture) -> np.ndarray:
    """The flop has exactly one ten."""
    return _count(t, TEN) == 1


def f14(t: Texture) -> np.ndarray:
    """The flop has at least two tens."""
    return _count(t, TEN) >= 2


def f15(t: Texture) -> np.ndarray:
    """The flop has no ten."""
    return _count(t, TEN) == 0


# F16-F19: suits.


def f16(t: Texture) -> np.ndarray:
    """The flop has one suit (monotone)."""
    return t.n_suits() == 1


def f17(t: Texture) -> np.ndarray:
    """The flop has two suits (two-tone)."""
    return t.n_suits() == 2


def f18(t: Texture) -> np.ndarray:
    """The flop has three suits (rainbow)."""
    return t.n_suits() == 3


def f19(t: Texture) -> np.ndarray:
    """The flop has two suits and an ace of the suit that appears twice (our reading)."""
    ace_suited = (t.ranks == ACE) & (np.take_along_axis(t.suit_count, t.suits, axis=1) == 2)
    return f17(t) & ace_suited.any(axis=1)


# F20-F22: ranks.


def f20(t: Texture) -> np.ndarray:
    """The flop's three cards share one rank (trips on board)."""
    return t.n_ranks() == 1


def f21(t: Texture) -> np.ndarray:
    """Exactly two flop cards share a rank (paired board)."""
    return t.n_ranks() == 2


def f22(t: Texture) -> np.ndarray:
    """The flop's three ranks differ."""
    return t.n_ranks() == 3


# F23-F25: paint cards (J, Q, K, A).


def f23(t: Texture) -> np.ndarray:
    """The flop has exactly one paint card (J to A)."""
    return t.count_at_least(JACK) == 1


def f24(t: Texture) -> np.ndarray:
    """The flop has at least two paint cards."""
    return t.count_at_least(JACK) >= 2


def f25(t: Texture) -> np.ndarray:
    """The flop has three paint cards."""
    return t.count_at_least(JACK) == 3


# F26-F29: Broadway cards (T to A).


def f26(t: Texture) -> np.ndarray:
    """The flop has no Broadway card (T to A)."""
    return t.count_at_least(TEN) == 0


def f27(t: Texture) -> np.ndarray:
    """The flop has exactly one Broadway card."""
    return t.count_at_least(TEN) == 1


def f28(t: Texture) -> np.ndarray:
    """The flop has exactly two Broadway cards."""
    return t.count_at_least(TEN) == 2


def f29(t: Texture) -> np.ndarray:
    """The flop has three Broadway cards."""
    return t.count_at_least(TEN) == 3


# F30-F33: card sizes.


def f30(t: Texture) -> np.ndarray:
    """The flop's three cards are medium (7 to T)."""
    return np.all((t.ranks >= 5) & (t.ranks <= TEN), axis=1)


def f31(t: Texture) -> np.ndarray:
    """The flop's three cards are small (2 to 6)."""
    return np.all(t.ranks <= 4, axis=1)


def f32(t: Texture) -> np.ndarray:
    """The flop's three cards are medium or small (2 to T)."""
    return np.all(t.ranks <= TEN, axis=1)


def f33(t: Texture) -> np.ndarray:
    """The flop's three cards are 5 or lower and of different ranks."""
    return (t.ranks <= 3).all(axis=1) & f22(t)


# F34-F38: straight texture.  Gaps are counted on the most distinct flop ranks
# that fit in one five-rank window (the ace also plays low): 6-6-2 has ranks 6
# and 2 with 3, 4, 5 missing, a 3-gap, as the paper's example says.


def f34(t: Texture) -> np.ndarray:
    """The flop's three ranks are consecutive (A-2-3 counts)."""
    best, gaps = t.straight_gaps()
    return (best == 3) & (gaps == 0)


def f35(t: Texture) -> np.ndarray:
    """The flop's three ranks are r, r+1, r+3 or r, r+2, r+3 (a one-gap straight)."""
    best, gaps = t.straight_gaps()
    return (best == 3) & (gaps == 1)


def f36(t: Texture) -> np.ndarray:
    """The flop's ranks fit one straight with two ranks missing between them."""
    best, gaps = t.straight_gaps()
    return (best >= 2) & (gaps == 2)


def f37(t: Texture) -> np.ndarray:
    """The flop's ranks fit one straight with three ranks missing between them (e.g. 6-2)."""
    best, gaps = t.straight_gaps()
    return (best >= 2) & (gaps == 3)


def f38(t: Texture) -> np.ndarray:
    """No two flop ranks fit one straight, so nobody can make a straight by the turn."""
    best, _ = t.straight_gaps()
    return best <= 1


# F39-F43: flush draws.


def f39(t: Texture) -> np.ndarray:
    """The flop is not monotone and hero + flop hold exactly three cards of a suit."""
    return ~f16(t) & (t.max_suit() == 3)


def f40(t: Texture) -> np.ndarray:
    """Hero + flop hold four cards of a suit (a flush draw)."""
    return t.flush_draw()


def f41(t: Texture) -> np.ndarray:
    """The flop is monotone and the hero holds none of its suit."""
    return f16(t) & (t.max_suit() == 3)


def f42(t: Texture) -> np.ndarray:
    """The flop is two-tone and hero + flop hold no three cards of a suit (not even a backdoor)."""
    return f17(t) & (t.max_suit() <= 2)


def f43(t: Texture) -> np.ndarray:
    """Hero + flop are a flush."""
    return t.max_suit() == 5


# F44-F53: made hands.


def f44(t: Texture) -> np.ndarray:
    """Hero + flop are a full house or four of a kind."""
    return (t.category == 6) | (t.category == 7)


def f45(t: Texture) -> np.ndarray:
    """Hero + flop are three of a kind, with one of the hero's ranks."""
    hi, lo = t.hero_ranks
    return (t.category == 3) & ((t.all_rank_count[:, hi] == 3) | (t.all_rank_count[:, lo] == 3))


def f46(t: Texture) -> np.ndarray:
    """A hero card pairs the flop: a pair or better through a hole card (our reading, see docs)."""
    hi, lo = t.hero_ranks
    return t.hero_paired(hi) | t.hero_paired(lo)


def f47(t: Texture) -> np.ndarray:
    """The hero's highest card pairs the flop (our reading, see docs)."""
    return t.hero_paired(t.hero_ranks[0])


def f48(t: Texture) -> np.ndarray:
    """Two pair or better through the hole cards (a pair wholly on the board does not count)."""
    # "At least two pair" in the vocabulary of F47 and F49-F51, where a pair is a
    # hole card paired: both hero ranks paired, trips or better with a hole card's
    # rank, or a straight or flush (which on the flop always use both hole cards).
    # AA on 7-7-2 does not have it; see docs/flops.md for the evidence.
    hi, lo = t.hero_ranks
    c_hi, c_lo = t.all_rank_count[:, hi], t.all_rank_count[:, lo]
    two_pair = (hi != lo) & (c_hi >= 2) & (c_lo >= 2)
    trips = (c_hi >= 3) | (c_lo >= 3)
    return two_pair | trips | (t.category == 4) | (t.category == 5) | (t.category == 8)


def _pairs_flop_card(t: Texture, i: int) -> np.ndarray:
    hi, lo = t.hero_ranks
    return (t.ranks[:, i] == hi) | (t.ranks[:, i] == lo)


def f49(t: Texture) -> np.ndarray:
    """A hero card pairs the flop's highest card (top pair)."""
    return _pairs_flop_card(t, 0)


def f50(t: Texture) -> np.ndarray:
    """A hero card pairs the flop's middle card (middle pair)."""
    return _pairs_flop_card(t, 1)


def f51(t: Texture) -> np.ndarray:
    """A hero card pairs the flop's lowest card (bottom pair)."""
    return _pairs_flop_card(t, 2)


def f52(t: Texture) -> np.ndarray:
    """Hero + flop are two pair or three of a kind, and the flop has three ranks."""
    return ((t.category == 2) | (t.category == 3)) & f22(t)


def f53(t: Texture) -> np.ndarray:
    """Hero + flop are two pair or three of a kind, and the flop has two ranks."""
    return ((t.category == 2) | (t.category == 3)) & f21(t)


# F54-F58: overcards.


def f54(t: Texture) -> np.ndarray:
    """No flop card is above the hero's highest card."""
    return t.overcards_on_flop() == 0


def f55(t: Texture) -> np.ndarray:
    """Exactly one flop card is above the hero's highest card."""
    return t.overcards_on_flop() == 1


def f56(t: Texture) -> np.ndarray:
    """At least two flop cards are above the hero's highest card."""
    return t.overcards_on_flop() >= 2


def f57(t: Texture) -> np.ndarray:
    """Exactly one hero card is above the flop's highest card."""
    return t.overcards_in_hand() == 1


def f58(t: Texture) -> np.ndarray:
    """Both hero cards are above the flop's highest card."""
    return t.overcards_in_hand() == 2


# F59-F66: straights and draws.


def f59(t: Texture) -> np.ndarray:
    """Hero + flop are a straight."""
    return t.made_straight()


def f60(t: Texture) -> np.ndarray:
    """Open-ended straight draw whose bottom rank is a hero rank."""
    run = t.four_run()
    low = np.where(run == 0, ACE, run - 1)
    oesd = (run >= 0) & (t.completing_ranks() >= 2)
    return oesd & ((low == t.hero_ranks[0]) | (low == t.hero_ranks[1]))


def f61(t: Texture) -> np.ndarray:
    """Open-ended straight draw whose bottom rank is not a hero rank."""
    return (t.four_run() >= 0) & (t.completing_ranks() >= 2) & ~f60(t)


def f62(t: Texture) -> np.ndarray:
    """Inside straight draw: exactly one rank completes a straight (4 outs)."""
    return t.inside_draw()


def f63(t: Texture) -> np.ndarray:
    """Double inside straight draw: two ranks complete, without four in a row (8 outs)."""
    return (t.four_run() < 0) & (t.completing_ranks() >= 2)


def f64(t: Texture) -> np.ndarray:
    """No straight or straight draw, but a backdoor straight in exactly one five-rank window."""
    return ~t.straight_draw() & (t.backdoor_ways() == 1)


def f65(t: Texture) -> np.ndarray:
    """No straight or straight draw, but backdoor straights in two or more windows."""
    return ~t.straight_draw() & (t.backdoor_ways() >= 2)


def f66(t: Texture) -> np.ndarray:
    """No straight, flush, draw or backdoor draw to either."""
    straight = t.straight_draw() | (t.backdoor_ways() > 0)
    flush = (t.max_suit() >= 4) | t.backdoor_flush()
    return ~straight & ~flush


# F67-F73: draw combinations.


def f67(t: Texture) -> np.ndarray:
    """Inside straight draw and no hero card above the flop."""
    return t.inside_draw() & (t.overcards_in_hand() == 0)


def f68(t: Texture) -> np.ndarray:
    """Inside straight draw and one hero card above the flop."""
    return t.inside_draw() & (t.overcards_in_hand() == 1)


def f69(t: Texture) -> np.ndarray:
    """Inside straight draw and both hero cards above the flop."""
    return t.inside_draw() & (t.overcards_in_hand() == 2)


def f70(t: Texture) -> np.ndarray:
    """Inside straight draw, a backdoor flush draw, and a flop of two or three suits."""
    return t.inside_draw() & t.backdoor_flush() & ~f16(t)


def f71(t: Texture) -> np.ndarray:
    """Inside straight draw and a flush draw."""
    return t.inside_draw() & t.flush_draw()


def f72(t: Texture) -> np.ndarray:
    """Flush draw and one hero card above the flop."""
    return t.flush_draw() & (t.overcards_in_hand() == 1)


def f73(t: Texture) -> np.ndarray:
    """Flush draw and both hero cards above the flop."""
    return t.flush_draw() & (t.overcards_in_hand() == 2)


#: the feature functions, F1 first
FEATURES: tuple[Callable[[Texture], np.ndarray], ...] = tuple(
    globals()[f"f{j}"] for j in range(1, NUM_FEATURES + 1)
)


def describe(j: int) -> str:
    """The one-line description of feature ``j`` (1..73).

    >>> describe(48)
    'Two pair or better through the hole cards (a pair wholly on the board does not count).'
    """
    if not 1 <= j <= NUM_FEATURES:
        raise InputError(f"there is no feature F{j}: features are F1 to F{NUM_FEATURES}")
    return (FEATURES[j - 1].__doc__ or "").strip()


def short(j: int) -> str:
    """Feature ``j``'s description cut to a phrase for formulas: no long remarks, no final stop.

    >>> short(46)
    'a hero card pairs the flop'
    """
    text = re.sub(r"\s*\([^)]{11,}\)", "", describe(j)).split(":")[0].rstrip(".").strip()
    return text[0].lower() + text[1:]


def feature_matrix(hero: CardsLike, flops: np.ndarray) -> np.ndarray:
    """An (m, 73) uint8 matrix: entry (i, j) is 1 when flop i has feature F(j+1); ``flops``
    holds card indices, one flop per row, and ``hero`` is two cards in any form."""
    t = Texture.build(hero, flops)
    out = np.zeros((len(t.ranks), NUM_FEATURES), dtype=np.uint8)
    for j, f in enumerate(FEATURES):
        out[:, j] = f(t)
    return out


def flop_features(hero: CardsLike, flop: CardsLike) -> tuple[int, ...]:
    """The numbers of the features one flop has, for the hero's two cards (cards in any form:
    ``"AsAh"``, ``["As", "Ah"]``, indices).

    >>> from pokercalc.core.cards import parse_cards
    >>> flop_features(parse_cards("AsAh"), parse_cards("6c6h2h"))[:11]
    (3, 6, 9, 12, 15, 17, 21, 26, 31, 32, 37)
    >>> flop_features("As Ah", ["6c", "6h", "2h"]) == flop_features("AsAh", "6c6h2h")
    True
    """
    cards = to_cards(flop, "flop")
    if len(cards) != 3:
        raise InputError("a flop is three different cards")
    row = feature_matrix(hero, np.array([cards]))[0]
    return tuple(int(j) + 1 for j in np.flatnonzero(row))
