"""Hand classes and the evaluator's lookup tables, written to a C header at build time.

Every five-card hand belongs to one of 7,462 classes.  A hand's value is
``4096 * category + i`` where ``i`` (from 1) orders the classes within the
category, so comparing values compares hands and equal values tie.

The non-flush tables work on a *rank key*: the sum of one constant per card
rank.  ``RANK_KEYS`` (found by ``tools/search_rank_keys.py``) gives each of the
73,775 multisets of five to seven ranks (each at most four times) its own sum,
all under 2**25 and spread evenly enough over that range that a row-offset
perfect hash (see ``_row_offsets``) packs them into a table of 91,099 hand
values: ``slot = key + offset[key >> 12]``, one shift and two loads, no
multiply.  The 8,062 offsets (32 KB) stay in the L1 cache.

Flushes are looked up by the flush suit's 13-bit rank mask instead.  This file
is plain Python so setup.py can run it without the package being built, and
:func:`pokercalc.describe` can reuse the class order at run time.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

RANK_KEYS = (
    4063686, 143050, 811678, 1241386, 1194250, 4609013, 219956,
    4738853, 4619915, 517531, 4687677, 2237139, 1322796,
)  # fmt: skip
# A row of the perfect hash: keys that agree above their low ROW_SHIFT bits.
ROW_SHIFT = 12
# An index past 51 in a batch sets this bit (above every rank) instead of a card's.
BAD_CARD_BIT = 1 << 13
CATEGORY_SHIFT = 12
CATEGORY_NAMES = (
    "High card",
    "Pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
)
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
#: Badugi's categories, numbered after the nine above: the cards of distinct suits and ranks
#: that play, one to four of them.
ONE_CARD, TWO_CARD, THREE_CARD, FOUR_CARD = range(9, 13)
BADUGI_CATEGORY_NAMES = (
    "One-card badugi",
    "Two-card badugi",
    "Three-card badugi",
    "Four-card badugi",
)
# Suit counters start at 3 in each 4-bit lane from bit SUIT_SHIFT, so a fifth
# card of one suit sets that lane's top bit: one AND finds a flush.
SUIT_SHIFT = 32
KEY_INIT = 0x3333 << SUIT_SHIFT
FLUSH_CHECK = 0x8888 << SUIT_SHIFT


def straight_top(ranks: set[int]) -> int:
    """Top rank of the best straight within ``ranks`` (3 for the wheel), or -1."""
    for top in range(12, 3, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    if {12, 0, 1, 2, 3} <= ranks:
        return 3
    return -1


#: Short-deck plays ranks six (4) to ace (12); A-6-7-8-9 is its lowest straight.
SHORTDECK_LOW = 4
#: Category order, weakest first, of each ranking the evaluator knows.
RANKINGS: dict[str, tuple[int, ...]] = {
    "high": (HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH),
    # A flush is rarer than a full house with 36 cards, so it ranks above it.
    "shortdeck": (
        HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH
    ),
    # Triton's rules also rank three of a kind above a straight.
    "shortdeck-triton": (
        HIGH_CARD, PAIR, TWO_PAIR, STRAIGHT, TRIPS, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH
    ),
    # The lowball rankings: the fewer pairs (and in deuce-to-seven no straight or flush) the
    # better.
    "ace-to-five": (QUADS, FULL_HOUSE, TRIPS, TWO_PAIR, PAIR, HIGH_CARD),
    "deuce-to-seven": (
        STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR, HIGH_CARD
    ),
    "badugi": (ONE_CARD, TWO_CARD, THREE_CARD, FOUR_CARD),
}  # fmt: skip


def straight_top_short(ranks: set[int]) -> int:
    """Top rank of the best short-deck straight within ``ranks`` (7 for A-6-7-8-9), or -1."""
    for top in range(12, 7, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    if {12, 4, 5, 6, 7} <= ranks:
        return 7
    return -1


def hand_classes() -> list[tuple[int, tuple[int, ...]]]:
    """All 7,462 classes as ``(category, ranks)`` in increasing strength.

    ``ranks`` lists the class's defining ranks, most significant first: the
    straight's top card, quads then kicker, trips then pair, or the five ranks.
    """
    out: list[tuple[int, tuple[int, ...]]] = []
    desc = list(range(12, -1, -1))
    five_distinct = [c for c in itertools.combinations(desc, 5) if straight_top(set(c)) < 0]
    out += [(HIGH_CARD, c) for c in sorted(five_distinct)]
    out += [
        (PAIR, (p, *ks))
        for p in range(13)
        for ks in sorted(itertools.combinations([r for r in desc if r != p], 3))
    ]
    out += [
        (TWO_PAIR, (hi, lo, k))
        for hi in range(13)
        for lo in range(hi)
        for k in range(13)
        if k not in (hi, lo)
    ]
    out += [
        (TRIPS, (t, *ks))
        for t in range(13)
        for ks in sorted(itertools.combinations([r for r in desc if r != t], 2))
    ]
    out += [(STRAIGHT, (top,)) for top in range(3, 13)]
    out += [(FLUSH, c) for c in sorted(five_distinct)]
    out += [(FULL_HOUSE, (t, p)) for t in range(13) for p in range(13) if p != t]
    out += [(QUADS, (q, k)) for q in range(13) for k in range(13) if k != q]
    out += [(STRAIGHT_FLUSH, (top,)) for top in range(3, 13)]
    return out


def short_classes(ranking: str) -> list[tuple[int, tuple[int, ...]]]:
    """Every five-card class of the 36-card deck in increasing strength under ``ranking``."""
    desc = list(range(12, SHORTDECK_LOW - 1, -1))
    five = [c for c in itertools.combinations(desc, 5) if straight_top_short(set(c)) < 0]

    def kickers(exclude: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
        return sorted(itertools.combinations([r for r in desc if r not in exclude], n))

    ranks = range(SHORTDECK_LOW, 13)
    tops = range(7, 13)
    by_category: dict[int, list[tuple[int, tuple[int, ...]]]] = {
        HIGH_CARD: [(HIGH_CARD, c) for c in sorted(five)],
        PAIR: [(PAIR, (p, *ks)) for p in ranks for ks in kickers((p,), 3)],
        TWO_PAIR: [
            (TWO_PAIR, (hi, lo, k))
            for hi in ranks
            for lo in ranks
            if lo < hi
            for k in ranks
            if k not in (hi, lo)
        ],
        TRIPS: [(TRIPS, (t, *ks)) for t in ranks for ks in kickers((t,), 2)],
        STRAIGHT: [(STRAIGHT, (top,)) for top in tops],
        FLUSH: [(FLUSH, c) for c in sorted(five)],
        FULL_HOUSE: [(FULL_HOUSE, (t, p)) for t in ranks for p in ranks if p != t],
        QUADS: [(QUADS, (q, k)) for q in ranks for k in ranks if k != q],
        STRAIGHT_FLUSH: [(STRAIGHT_FLUSH, (top,)) for top in tops],
    }
    return [cls for cat in RANKINGS[ranking] for cls in by_category[cat]]


def ranking_values(ranking: str) -> dict[tuple[int, tuple[int, ...]], int]:
    """Map each class to its value ``4096 * position + i``, ``position`` the category's place
    in the ranking's order (so values compare as the hands do)."""
    lowball = {
        "ace-to-five": ace_to_five_classes,
        "deuce-to-seven": deuce_to_seven_classes,
        "badugi": badugi_classes,
    }
    if ranking == "high":
        classes = hand_classes()
    elif ranking in lowball:
        classes = lowball[ranking]()
    else:
        classes = short_classes(ranking)
    order = RANKINGS[ranking]
    values: dict[tuple[int, tuple[int, ...]], int] = {}
    index = [0] * len(order)
    for cls in classes:
        pos = order.index(cls[0])
        index[pos] += 1
        values[cls] = (pos << CATEGORY_SHIFT) + index[pos]
    return values


def best_short_nonflush_class(counts: list[int], ranking: str) -> tuple[int, tuple[int, ...]]:
    """The best short-deck class of 5 to 7 cards with these rank counts, flushes aside."""
    return best_nonflush_class(
        counts, straight=straight_top_short, trips_over_straight=ranking == "shortdeck-triton"
    )


def best_short_flush_class(bits: int) -> tuple[int, tuple[int, ...]]:
    """The best short-deck class of one suit's cards as a 13-bit rank mask (5 to 7 bits)."""
    ranks = {r for r in range(13) if bits >> r & 1}
    top = straight_top_short(ranks)
    if top >= 0:
        return STRAIGHT_FLUSH, (top,)
    return FLUSH, tuple(sorted(ranks, reverse=True)[:5])


def class_values() -> dict[tuple[int, tuple[int, ...]], int]:
    """Map each class to its value ``4096 * category + i``."""
    values: dict[tuple[int, tuple[int, ...]], int] = {}
    index = [0] * 9
    for cls in hand_classes():
        index[cls[0]] += 1
        values[cls] = (cls[0] << CATEGORY_SHIFT) + index[cls[0]]
    return values


def best_nonflush_class(
    counts: list[int],
    *,
    straight: Callable[[set[int]], int] = straight_top,
    trips_over_straight: bool = False,
) -> tuple[int, tuple[int, ...]]:
    """The best class of 5 to 7 cards with these rank counts, flushes aside.

    ``straight`` finds the best straight (hold'em's or short-deck's), and
    ``trips_over_straight`` ranks three of a kind above a straight (Triton).
    """
    present = {r for r in range(13) if counts[r]}
    by_count = sorted(((counts[r], r) for r in present), reverse=True)
    ranks_desc = sorted(present, reverse=True)
    quads = [r for c, r in by_count if c == 4]
    trips = sorted((r for c, r in by_count if c == 3), reverse=True)
    pairs = sorted((r for c, r in by_count if c == 2), reverse=True)
    if quads:
        q = quads[0]
        return QUADS, (q, max(r for r in present if r != q))
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        return FULL_HOUSE, (t, max([r for r in trips[1:]] + pairs))
    top = straight(present)
    trips_class = None
    if trips:
        trips_class = (TRIPS, (trips[0], *[r for r in ranks_desc if r != trips[0]][:2]))
    if top >= 0 and not (trips_over_straight and trips_class is not None):
        return STRAIGHT, (top,)
    if trips_class is not None:
        return trips_class
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        return TWO_PAIR, (hi, lo, max(r for r in present if r not in (hi, lo)))
    if pairs:
        p = pairs[0]
        return PAIR, (p, *[r for r in ranks_desc if r != p][:3])
    return HIGH_CARD, tuple(ranks_desc[:5])


def best_flush_class(bits: int) -> tuple[int, tuple[int, ...]]:
    """The best class of one suit's cards given as a 13-bit rank mask (5 to 7 bits)."""
    ranks = {r for r in range(13) if bits >> r & 1}
    top = straight_top(ranks)
    if top >= 0:
        return STRAIGHT_FLUSH, (top,)
    return FLUSH, tuple(sorted(ranks, reverse=True)[:5])


# --- The lowball rankings and badugi --------------------------------------------
#
# A class is (category, ranks) as for the high ranking: the category's standard number and
# the ranks that decide within it, most significant first, by the rank numbers of the cards
# (0 deuce .. 12 ace) whichever way the ranking reads the ace.


def low_rank(rank: int) -> int:
    """A rank's place when aces play low: ace 0, deuce 1, ..., king 12."""
    return (rank + 1) % 13


_SHAPES = {
    (1, 1, 1, 1, 1): HIGH_CARD,
    (2, 1, 1, 1): PAIR,
    (2, 2, 1): TWO_PAIR,
    (3, 1, 1): TRIPS,
    (3, 2): FULL_HOUSE,
    (4, 1): QUADS,
}


def ace_to_five_class(ranks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The ace-to-five class of five ranks: its pairing category and its ranks, the most
    repeated first, then the higher (the ace lowest)."""
    counts = Counter(ranks)
    shape = tuple(sorted(counts.values(), reverse=True))
    return _SHAPES[shape], tuple(sorted(counts, key=lambda r: (-counts[r], -low_rank(r))))


def _low_key(cls: tuple[int, tuple[int, ...]], order: tuple[int, ...], ace_low: bool) -> Any:
    """Sort key, weakest first, of a lowball class: its category's place in ``order``, then
    the higher ranks first."""
    return order.index(cls[0]), tuple(-(low_rank(r) if ace_low else r) for r in cls[1])


def _five_rank_multisets() -> Iterator[tuple[int, ...]]:
    """Every multiset of five ranks (each at most four times), in increasing order."""
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if all(ranks.count(r) <= 4 for r in set(ranks)):
            yield ranks


def ace_to_five_classes() -> list[tuple[int, tuple[int, ...]]]:
    """All 6,175 ace-to-five classes in increasing strength: four of a kind, full house, three
    of a kind, two pair, one pair, no pair, and within each the higher ranks first."""
    classes = {ace_to_five_class(r) for r in _five_rank_multisets()}
    order = RANKINGS["ace-to-five"]
    return sorted(classes, key=lambda cls: _low_key(cls, order, True))


def straight_top_27(ranks: set[int]) -> int:
    """Top rank of a five-rank straight when aces play high only (A-2-3-4-5 is none), or -1."""
    for top in range(12, 3, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    return -1


def deuce_to_seven_class(ranks: Sequence[int], flush: bool) -> tuple[int, tuple[int, ...]]:
    """The deuce-to-seven class of five cards of these ranks, all of one suit or not: the
    high ranking's class with aces high only."""
    if flush:
        top = straight_top_27(set(ranks))
        if top >= 0:
            return STRAIGHT_FLUSH, (top,)
        return FLUSH, tuple(sorted(ranks, reverse=True))
    counts = [0] * 13
    for r in ranks:
        counts[r] += 1
    return best_nonflush_class(counts, straight=straight_top_27)


def deuce_to_seven_classes() -> list[tuple[int, tuple[int, ...]]]:
    """All 7,462 deuce-to-seven classes in increasing strength: straight flush, four of a kind,
    full house, flush, straight, three of a kind, two pair, pair, no pair, and within each the
    higher ranks first (so 7-5-4-3-2 of mixed suits comes last)."""
    classes = {deuce_to_seven_class(r, False) for r in _five_rank_multisets()}
    classes |= {deuce_to_seven_class(r, True) for r in itertools.combinations(range(13), 5)}
    order = RANKINGS["deuce-to-seven"]
    return sorted(classes, key=lambda cls: _low_key(cls, order, False))


def badugi_classes() -> list[tuple[int, tuple[int, ...]]]:
    """All 1,092 badugi classes in increasing strength: the fewer cards first, and within one
    count the higher cards first (aces low); ranks highest first."""
    classes = [
        (ONE_CARD + k - 1, tuple(sorted(c, key=low_rank, reverse=True)))
        for k in range(1, 5)
        for c in itertools.combinations(range(13), k)
    ]
    return sorted(classes, key=lambda cls: (cls[0], tuple(-low_rank(r) for r in cls[1])))


def _rank_multisets() -> Iterator[list[int]]:
    """Yield the rank counts of every multiset of 5 to 7 cards."""

    def rec(r: int, left: int, counts: list[int]) -> Iterator[list[int]]:
        if r == 13:
            if 7 - left >= 5:
                yield counts
            return
        for c in range(min(4, left) + 1):
            counts.append(c)
            yield from rec(r + 1, left - c, counts)
            counts.pop()

    yield from rec(0, 7, [])


def rank_key(counts: list[int]) -> int:
    """The rank key of a multiset of ranks given as its count of each rank."""
    return sum(k * c for k, c in zip(RANK_KEYS, counts, strict=True))


def rank_multiset_keys() -> list[int]:
    """The rank key of every multiset of 5 to 7 cards, in :func:`_rank_multisets` order."""
    return [rank_key(counts) for counts in _rank_multisets()]


def _row_offsets(keys: list[int]) -> tuple[list[int], int]:
    """Place each row of keys (``key >> ROW_SHIFT``) in one table; return the offsets and its size.

    A row keeps its keys' low bits as columns and is placed whole, at the
    first shift that collides with no row placed before it, fullest rows
    first.  A row's offset is stored minus the row's start (mod 2**32), so the
    slot is ``key + offset[key >> ROW_SHIFT]`` with no masking.  The table is a
    Python integer used as a bit set: OR-ing it shifted down by each column
    marks every shift that collides, and the lowest clear bit is the first fit.
    """
    rows: dict[int, list[int]] = {}
    for key in keys:
        rows.setdefault(key >> ROW_SHIFT, []).append(key & ((1 << ROW_SHIFT) - 1))
    shifts = [0] * ((max(keys) >> ROW_SHIFT) + 1)
    taken = 0
    for r in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        blocked = 0
        for col in rows[r]:
            blocked |= taken >> col
        d = (~blocked & (blocked + 1)).bit_length() - 1
        for col in rows[r]:
            taken |= 1 << (col + d)
        shifts[r] = d
    offsets = [(d - (r << ROW_SHIFT)) & 0xFFFFFFFF for r, d in enumerate(shifts)]
    # Any column of any row stays inside the table, keys of no hand included.
    return offsets, max(shifts) + (1 << ROW_SHIFT)


def build_tables() -> dict[str, Any]:
    """Compute every table the evaluator needs."""
    values = class_values()
    keyed: dict[int, int] = {}
    for counts in _rank_multisets():
        key = rank_key(counts)
        assert key not in keyed, "rank keys are not unique"
        keyed[key] = values[best_nonflush_class(counts)]

    offsets, size = _row_offsets(list(keyed))

    def slot(key: int) -> int:
        return (key + offsets[key >> ROW_SHIFT]) & 0xFFFFFFFF

    rank_value = [0] * size
    for key, value in keyed.items():
        rank_value[slot(key)] = value

    flush = [0] * 8192
    rank_sum = [0] * 8192
    for bits in range(8192):
        n = bin(bits).count("1")
        if 5 <= n <= 7:
            flush[bits] = values[best_flush_class(bits)]
        rank_sum[bits] = sum(RANK_KEYS[r] for r in range(13) if bits >> r & 1)

    card_key = [0] * 52
    card_bit = [0] * 52
    for c in range(52):
        rank, suit = c >> 2, c & 3
        card_key[c] = RANK_KEYS[rank] + (1 << (SUIT_SHIFT + 4 * suit))
        card_bit[c] = 1 << (16 * suit + rank)
    # The first card's key with the counters' start added: one add less per hand.
    card_key_init = [k + KEY_INIT for k in card_key]
    # Key and bit side by side for a 16-byte load per card; any byte indexes it.
    card_pair = [(card_key[c], card_bit[c]) if c < 52 else (0, BAD_CARD_BIT) for c in range(256)]
    tables = {
        "PC_CARD_KEY": card_key,
        "PC_CARD_KEY_INIT": card_key_init,
        "PC_CARD_BIT": card_bit,
        "PC_FLUSH": flush,
        "PC_RANK_SUM": rank_sum,
        "PC_ROW_OFFSET": offsets,
        "PC_RANK_VALUE": rank_value,
        "PC_CARD_PAIR": card_pair,
    }
    # Short-deck hands are multisets of the same rank keys, so they hash to the
    # same slots: each short-deck ranking needs only its own values there.
    short_deck = 0x1FFF & ~((1 << SHORTDECK_LOW) - 1)
    for ranking, name in (("shortdeck", "PC_SD"), ("shortdeck-triton", "PC_SDT")):
        sd_values = ranking_values(ranking)
        sd_rank_value = [0] * size
        for counts in _rank_multisets():
            if any(counts[:SHORTDECK_LOW]):
                continue
            key = rank_key(counts)
            sd_rank_value[slot(key)] = sd_values[best_short_nonflush_class(counts, ranking)]
        sd_flush = [0] * 8192
        for bits in range(8192):
            if 5 <= bin(bits).count("1") <= 7 and bits & ~short_deck == 0:
                sd_flush[bits] = sd_values[best_short_flush_class(bits)]
        tables[f"{name}_RANK_VALUE"] = sd_rank_value
        tables[f"{name}_FLUSH"] = sd_flush
    tables.update(_lowball_tables(slot, size))
    return tables


def _lowball_tables(slot: Callable[[int], int], size: int) -> dict[str, list[int]]:
    """The tables of the lowball rankings and badugi (``slot`` places a rank key as for the
    high ranking, in a table of ``size``)."""
    a5 = ranking_values("ace-to-five")
    a5_five = {r: a5[ace_to_five_class(r)] for r in _five_rank_multisets()}
    a5_rank_value = [0] * size
    d27 = ranking_values("deuce-to-seven")
    d27_rank_value = [0] * size
    for counts in _rank_multisets():
        ranks = [r for r in range(13) for _ in range(counts[r])]
        # The best ace-to-five low of any five of the 5 to 7 ranks.
        best = max(a5_five[five] for five in set(itertools.combinations(ranks, 5)))
        a5_rank_value[slot(rank_key(counts))] = best
        if len(ranks) == 5:
            d27_rank_value[slot(rank_key(counts))] = d27[deuce_to_seven_class(ranks, False)]
    d27_flush = [0] * 8192
    for suited in itertools.combinations(range(13), 5):
        d27_flush[sum(1 << r for r in suited)] = d27[deuce_to_seven_class(suited, True)]
    # The eight-or-better low: a card's bit (ace 0, deuce 1, ..., eight 7; 0 above eight),
    # and by the bits of the ranks held, 256 minus the five lowest (0 with fewer than five).
    low8_bit = [0] * 52
    for c in range(52):
        lo = low_rank(c >> 2)
        low8_bit[c] = 1 << lo if lo <= 7 else 0
    low8_value = [0] * 256
    for bits in range(256):
        five = [1 << i for i in range(8) if bits >> i & 1][:5]
        low8_value[bits] = 256 - sum(five) if len(five) == 5 else 0
    # Badugi by the ace-low rank bits (ace 0 .. king 12) of the cards that play.
    badugi = ranking_values("badugi")
    badugi_value = [0] * 8192
    for cls, value in badugi.items():
        badugi_value[sum(1 << low_rank(r) for r in cls[1])] = value
    # The subsets of four cards that can play, by which of their six pairs (0-1, 0-2, 0-3,
    # 1-2, 1-3, 2-3, one bit each) share a suit or a rank: the largest with no such pair, at
    # most four, one a nibble (the first repeated to fill four).
    pairs = list(itertools.combinations(range(4), 2))
    badugi_subsets = [0] * 64
    for conflicts in range(64):
        clash = [pairs[p] for p in range(6) if conflicts >> p & 1]
        ok = [s for s in range(1, 16) if not any(s >> i & 1 and s >> j & 1 for i, j in clash)]
        most = max(bin(s).count("1") for s in ok)
        largest = [s for s in ok if bin(s).count("1") == most]
        largest += largest[:1] * (4 - len(largest))
        badugi_subsets[conflicts] = sum(s << (4 * k) for k, s in enumerate(largest))
    return {
        "PC_BADUGI_SUBSETS": badugi_subsets,
        "PC_A5_RANK_VALUE": a5_rank_value,
        "PC_D27_RANK_VALUE": d27_rank_value,
        "PC_D27_FLUSH": d27_flush,
        "PC_LOW8_BIT": low8_bit,
        "PC_LOW8_VALUE": low8_value,
        "PC_BADUGI_VALUE": badugi_value,
    }


_C_TYPES = {
    "PC_CARD_KEY": "uint64_t",
    "PC_CARD_KEY_INIT": "uint64_t",
    "PC_CARD_BIT": "uint64_t",
    "PC_FLUSH": "uint16_t",
    "PC_RANK_SUM": "uint32_t",
    "PC_ROW_OFFSET": "uint32_t",
    "PC_RANK_VALUE": "uint16_t",
    "PC_SD_RANK_VALUE": "uint16_t",
    "PC_SD_FLUSH": "uint16_t",
    "PC_SDT_RANK_VALUE": "uint16_t",
    "PC_SDT_FLUSH": "uint16_t",
    "PC_A5_RANK_VALUE": "uint16_t",
    "PC_D27_RANK_VALUE": "uint16_t",
    "PC_D27_FLUSH": "uint16_t",
    "PC_LOW8_BIT": "uint8_t",
    "PC_LOW8_VALUE": "uint16_t",
    "PC_BADUGI_VALUE": "uint16_t",
    "PC_BADUGI_SUBSETS": "uint16_t",
}


def write_header(path: str) -> None:
    """Write the tables as ``static const`` C arrays to ``path``."""
    tables = build_tables()
    lines = [
        "/* Generated by pokercalc/core/_tablegen.py at build time; do not edit. */",
        "#ifndef POKERCALC_EVALTABLES_H",
        "#define POKERCALC_EVALTABLES_H",
        "#include <stdint.h>",
        f"#define PC_ROW_SHIFT {ROW_SHIFT}",
        f"#define PC_ROWS {len(tables['PC_ROW_OFFSET'])}",
        f"#define PC_RANK_SLOTS {len(tables['PC_RANK_VALUE'])}",
        f"#define PC_CATEGORY_SHIFT {CATEGORY_SHIFT}",
        f"#define PC_SUIT_SHIFT {SUIT_SHIFT}",
        f"#define PC_KEY_INIT {KEY_INIT:#x}ULL",
        f"#define PC_FLUSH_CHECK {FLUSH_CHECK:#x}ULL",
        f"#define PC_BAD_CARD_BIT {BAD_CARD_BIT:#x}ULL",
        "#define PC_FULL_MASK 0x1FFF1FFF1FFF1FFFULL",
        "typedef uint64_t pc_u64x2 __attribute__((vector_size(16)));",
    ]
    pairs = tables.pop("PC_CARD_PAIR")
    body = ",".join(f"{{{k}ULL,{b}ULL}}" for k, b in pairs)
    lines.append(
        f"static const pc_u64x2 PC_CARD_PAIR[{len(pairs)}] __attribute__((aligned(64))) = "
        f"{{{body}}};"
    )
    for name, data in tables.items():
        suffix = "ULL" if _C_TYPES[name] == "uint64_t" else ""
        body = ",".join(f"{v}{suffix}" for v in data)
        lines.append(
            f"static const {_C_TYPES[name]} {name}[{len(data)}] __attribute__((aligned(64))) = "
            f"{{{body}}};"
        )
    lines.append("#endif")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, path)


if __name__ == "__main__":
    write_header(sys.argv[1] if len(sys.argv) > 1 else "pokercalc/_evaltables.h")
