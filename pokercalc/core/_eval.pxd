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
