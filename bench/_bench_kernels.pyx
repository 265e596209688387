# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""C loops for the benches: hand generation, pokercalc's inline seam, and eval7's C function.

eval7 (0.1.11) exports its C evaluator ``cy_evaluate(mask, n)`` through the
module's ``__pyx_capi__`` capsule; calling that pointer from a C loop over
pre-built masks is the fastest way eval7 can be driven.
"""

from cpython.pycapsule cimport PyCapsule_GetName, PyCapsule_GetPointer
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

from pokercalc._eval cimport (
    PC_CARD_BIT,
    PC_CARD_KEY,
    PC_KEY_INIT,
    eval_cards,
    eval_key,
    eval_key_short,
    eval_omaha,
)

ctypedef unsigned int (*eval7_fn)(unsigned long long, unsigned int) noexcept nogil


cdef inline uint64_t splitmix64(uint64_t* state) noexcept nogil:
    """The next output of the splitmix64 generator whose state this is."""
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


def random_hands(uint8_t[:, ::1] out, uint64_t seed) -> None:
    """Fill each row of ``out`` with distinct uniform cards (a partial Fisher-Yates shuffle)."""
    cdef Py_ssize_t i, n = out.shape[0]
    cdef int width = out.shape[1]
    cdef int j, r, t
    cdef uint8_t deck[52]
    cdef uint64_t state = seed
    for j in range(52):
        deck[j] = j
    with nogil:
        for i in range(n):
            for j in range(width):
                r = j + <int>((splitmix64(&state) >> 32) * <uint64_t>(52 - j) >> 32)
                t = deck[j]
                deck[j] = deck[r]
                deck[r] = t
                out[i, j] = deck[j]


cdef eval7_fn _eval7_pointer(capsule) except NULL:
    """The C function behind eval7's capsule."""
    return <eval7_fn>PyCapsule_GetPointer(capsule, PyCapsule_GetName(capsule))


def masks_of(const uint8_t[:, ::1] hands, const uint64_t[::1] card_masks, uint64_t[::1] out) -> None:
    """``out[i]`` = OR of ``card_masks`` over row ``i``: eval7's input, built outside the timing."""
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef int j, width = hands.shape[1]
    cdef uint64_t m
    with nogil:
        for i in range(n):
            m = 0
            for j in range(width):
                m |= card_masks[hands[i, j]]
            out[i] = m


def eval7_random(capsule, const uint64_t[::1] masks, unsigned int n_cards) -> int:
    """eval7's C evaluator over pre-built masks; returns the sum of values."""
    cdef eval7_fn f = _eval7_pointer(capsule)
    cdef Py_ssize_t i, n = masks.shape[0]
    cdef uint64_t total = 0
    with nogil:
        for i in range(n):
            total += f(masks[i], n_cards)
    return total


def eval7_many(capsule, const uint64_t[::1] masks, unsigned int n_cards, uint32_t[::1] out) -> None:
    """eval7's value of each mask into ``out``."""
    cdef eval7_fn f = _eval7_pointer(capsule)
    cdef Py_ssize_t i
    with nogil:
        for i in range(masks.shape[0]):
            out[i] = f(masks[i], n_cards)


def eval7_sequential(capsule, const uint64_t[::1] card_masks) -> int:
    """eval7's C evaluator over all 133,784,560 seven-card hands, masks built incrementally."""
    cdef eval7_fn f = _eval7_pointer(capsule)
    cdef uint64_t total = 0
    cdef uint64_t m1, m2, m3, m4, m5, m6
    cdef int a, b, c, d, e, g, h
    with nogil:
        for a in range(46):
            m1 = card_masks[a]
            for b in range(a + 1, 47):
                m2 = m1 | card_masks[b]
                for c in range(b + 1, 48):
                    m3 = m2 | card_masks[c]
                    for d in range(c + 1, 49):
                        m4 = m3 | card_masks[d]
                        for e in range(d + 1, 50):
                            m5 = m4 | card_masks[e]
                            for g in range(e + 1, 51):
                                m6 = m5 | card_masks[g]
                                for h in range(g + 1, 52):
                                    total += f(m6 | card_masks[h], 7)
    return total


def inline_random(const uint8_t[:, ::1] hands) -> int:
    """pokercalc's inline ``eval_cards`` from another Cython module (no validation); sum of values.

    Seven-card rows take a loop with the count fixed at seven, as OMPEval's driver writes its
    seven additions out."""
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef int width = hands.shape[1]
    cdef uint64_t total = 0
    cdef const uint8_t* row
    if n == 0:
        return 0
    row = &hands[0, 0]
    with nogil:
        if width == 7:
            # A pointer stepping by the constant seven, as the peer's loop over its
            # array<uint8_t, 7> rows does (a memoryview row index multiplies by a stride
            # known only at run time).
            for i in range(n):
                total += eval_cards(row, 7)
                row += 7
        else:
            for i in range(n):
                total += eval_cards(&hands[i, 0], width)
    return total


def inline_sequential() -> int:
    """pokercalc's inline ``eval_key`` over all seven-card hands, keys built incrementally."""
    cdef uint64_t total = 0
    cdef uint64_t k1, k2, k3, k4, k5, k6, m1, m2, m3, m4, m5, m6
    cdef int a, b, c, d, e, g, h
    with nogil:
        for a in range(46):
            k1 = PC_KEY_INIT + PC_CARD_KEY[a]
            m1 = PC_CARD_BIT[a]
            for b in range(a + 1, 47):
                k2 = k1 + PC_CARD_KEY[b]
                m2 = m1 | PC_CARD_BIT[b]
                for c in range(b + 1, 48):
                    k3 = k2 + PC_CARD_KEY[c]
                    m3 = m2 | PC_CARD_BIT[c]
                    for d in range(c + 1, 49):
                        k4 = k3 + PC_CARD_KEY[d]
                        m4 = m3 | PC_CARD_BIT[d]
                        for e in range(d + 1, 50):
                            k5 = k4 + PC_CARD_KEY[e]
                            m5 = m4 | PC_CARD_BIT[e]
                            for g in range(e + 1, 51):
                                k6 = k5 + PC_CARD_KEY[g]
                                m6 = m5 | PC_CARD_BIT[g]
                                for h in range(g + 1, 52):
                                    total += eval_key(k6 + PC_CARD_KEY[h], m6 | PC_CARD_BIT[h])
    return total


def short_random(const uint8_t[:, ::1] hands) -> int:
    """Short-deck seven-card evaluations of each row (cards of the 36-card deck); a checksum."""
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef uint64_t total = 0, key, mask
    cdef int j
    with nogil:
        for i in range(n):
            key = PC_KEY_INIT
            mask = 0
            for j in range(7):
                key += PC_CARD_KEY[hands[i, j]]
                mask |= PC_CARD_BIT[hands[i, j]]
            total += eval_key_short(key, mask, False)
    return total


def omaha_random(const uint8_t[:, ::1] deals, int hole) -> int:
    """Omaha evaluations: each row is ``hole`` hole cards then five board cards; a checksum."""
    cdef Py_ssize_t i, n = deals.shape[0]
    cdef uint64_t total = 0
    with nogil:
        for i in range(n):
            total += eval_omaha(&deals[i, 0], hole, &deals[i, hole], 5)
    return total


def omaha_naive(const uint8_t[:, ::1] deals, int hole) -> int:
    """The same by evaluating all two-plus-three subsets as seven-card-style card lists."""
    cdef Py_ssize_t i, n = deals.shape[0]
    cdef uint64_t total = 0
    cdef uint8_t five[5]
    cdef int a, b, c, d, e
    cdef unsigned int best, v
    with nogil:
        for i in range(n):
            best = 0
            for a in range(hole):
                for b in range(a + 1, hole):
                    for c in range(5):
                        for d in range(c + 1, 5):
                            for e in range(d + 1, 5):
                                five[0] = deals[i, a]
                                five[1] = deals[i, b]
                                five[2] = deals[i, hole + c]
                                five[3] = deals[i, hole + d]
                                five[4] = deals[i, hole + e]
                                v = eval_cards(five, 5)
                                best = v if v > best else best
            total += best
    return total



def omaha_many(const uint8_t[:, ::1] deals, int hole, uint16_t[::1] out) -> None:
    """pokercalc's Omaha value of each row (``hole`` hole cards then five board cards) into ``out``."""
    cdef Py_ssize_t i
    with nogil:
        for i in range(deals.shape[0]):
            out[i] = eval_omaha(&deals[i, 0], hole, &deals[i, hole], 5)
