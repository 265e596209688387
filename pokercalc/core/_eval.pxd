# cython: language_level=3
"""The evaluator's C-level interface, the seam other Cython modules cimport.

A hand in progress is a pair (key, mask): ``key`` starts at ``PC_KEY_INIT`` and
adds ``PC_CARD_KEY[c]`` per card (rank keys in the low 32 bits, one 4-bit suit
counter per suit above them); ``mask`` ORs ``PC_CARD_BIT[c]``.  Both are
additive, so an enumerator keeps the partial sums of its outer loops and pays
one add, one OR and one lookup per hand.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

cdef extern from "_evaltables.h" nogil:
    const uint64_t PC_CARD_KEY[52]
    const uint64_t PC_CARD_BIT[52]
    const uint16_t PC_FLUSH[8192]
    const uint32_t PC_RANK_SUM[8192]
    const uint8_t PC_DISPLACEMENT[16384]
    const uint16_t PC_RANK_VALUE[131072]
    const uint16_t PC_SD_RANK_VALUE[131072]
    const uint16_t PC_SD_FLUSH[8192]
    const uint16_t PC_SDT_RANK_VALUE[131072]
    const uint16_t PC_SDT_FLUSH[8192]
    const uint64_t PC_KEY_INIT
    const uint64_t PC_FLUSH_CHECK
    const uint32_t PC_HASH_MUL
    const uint32_t PC_HASH_MASK
    const int PC_BUCKET_SHIFT
    const int PC_CATEGORY_SHIFT

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil


cdef inline uint16_t eval_key(uint64_t key, uint64_t mask) noexcept nogil:
    """Value of the 5 to 7 cards whose key and mask these are (higher is better)."""
    cdef uint64_t flush = key & PC_FLUSH_CHECK
    cdef uint32_t h
    if flush:
        # Seven cards hold at most one suit five times; its counter's top bit
        # is bit 35 + 4 * suit.
        return PC_FLUSH[(mask >> (((__builtin_ctzll(flush) - 35) >> 2) << 4)) & 0x1FFF]
    h = <uint32_t>key * PC_HASH_MUL
    return PC_RANK_VALUE[(h + PC_DISPLACEMENT[h >> PC_BUCKET_SHIFT]) & PC_HASH_MASK]


# Rankings, by the number the game definitions give them (core/games.py).
cdef enum:
    RANKING_HIGH = 0
    RANKING_SHORTDECK = 1
    RANKING_SHORTDECK_TRITON = 2


cdef inline uint16_t eval_key_short(uint64_t key, uint64_t mask, bint triton) noexcept nogil:
    """Value of 5 to 7 cards of the 36-card deck under a short-deck ranking (higher is better).

    The same keys and hash as :func:`eval_key`; only the values differ.  Seven
    cards cannot hold both a flush and a full house (or quads), so looking for
    the flush first is right whichever of the two ranks higher.
    """
    cdef uint64_t flush = key & PC_FLUSH_CHECK
    cdef uint32_t h
    cdef uint64_t lane
    if flush:
        lane = (mask >> (((__builtin_ctzll(flush) - 35) >> 2) << 4)) & 0x1FFF
        return PC_SDT_FLUSH[lane] if triton else PC_SD_FLUSH[lane]
    h = <uint32_t>key * PC_HASH_MUL
    h = (h + PC_DISPLACEMENT[h >> PC_BUCKET_SHIFT]) & PC_HASH_MASK
    return PC_SDT_RANK_VALUE[h] if triton else PC_SD_RANK_VALUE[h]


cdef inline uint16_t eval_key_ranking(uint64_t key, uint64_t mask, int ranking) noexcept nogil:
    """Value of 5 to 7 cards under ``ranking`` (RANKING_HIGH, _SHORTDECK or _SHORTDECK_TRITON)."""
    if ranking == RANKING_HIGH:
        return eval_key(key, mask)
    return eval_key_short(key, mask, ranking == RANKING_SHORTDECK_TRITON)


cdef inline uint16_t eval_omaha(const uint8_t* hole, int nh, const uint8_t* board,
                                int nb) noexcept nogil:
    """Best high value of exactly two of ``nh`` hole cards and exactly three of ``nb`` board cards.

    Each two-card subset of the hole and three-card subset of the board is one
    five-card hand: a key sum and one lookup.  Flushes and straights count only
    as those five cards make them, so four hearts in the hand and one on the
    board is no flush.
    """
    cdef uint64_t tk[10]
    cdef uint64_t tm[10]
    cdef int a, b, c, nt = 0
    cdef uint64_t pk, pm
    cdef uint16_t best = 0, v
    for a in range(nb):
        for b in range(a + 1, nb):
            for c in range(b + 1, nb):
                tk[nt] = PC_KEY_INIT + PC_CARD_KEY[board[a]] + PC_CARD_KEY[board[b]] + PC_CARD_KEY[board[c]]
                tm[nt] = PC_CARD_BIT[board[a]] | PC_CARD_BIT[board[b]] | PC_CARD_BIT[board[c]]
                nt += 1
    for a in range(nh):
        for b in range(a + 1, nh):
            pk = PC_CARD_KEY[hole[a]] + PC_CARD_KEY[hole[b]]
            pm = PC_CARD_BIT[hole[a]] | PC_CARD_BIT[hole[b]]
            for c in range(nt):
                v = eval_key(tk[c] + pk, tm[c] | pm)
                best = v if v > best else best
    return best


cdef inline uint64_t key_of_mask(uint64_t mask) noexcept nogil:
    """The key of the cards in a mask."""
    cdef uint64_t key = PC_KEY_INIT
    cdef uint64_t bits
    cdef int s
    for s in range(4):
        bits = (mask >> (s << 4)) & 0x1FFF
        key += PC_RANK_SUM[bits] + (<uint64_t>__builtin_popcountll(bits) << (32 + 4 * s))
    return key


cdef inline uint16_t eval_mask(uint64_t mask) noexcept nogil:
    """Value of the 5 to 7 cards of a mask."""
    return eval_key(key_of_mask(mask), mask)


cdef inline uint16_t eval_cards(const uint8_t* cards, int n) noexcept nogil:
    """Value of ``n`` (5 to 7) distinct card indices."""
    cdef uint64_t key = PC_KEY_INIT
    cdef uint64_t mask = 0
    cdef int i
    for i in range(n):
        key += PC_CARD_KEY[cards[i]]
        mask |= PC_CARD_BIT[cards[i]]
    return eval_key(key, mask)
