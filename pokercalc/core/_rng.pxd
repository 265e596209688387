# cython: language_level=3
"""The kernels' random numbers: xoshiro256** over a four-word state passed by pointer.

Inline and GIL-free, so every kernel that cimports it gets the same generator
and no module holds global random state.
"""

from libc.stdint cimport uint8_t, uint32_t, uint64_t


cdef inline uint64_t rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t next_u64(uint64_t* s) noexcept nogil:
    """xoshiro256**: the next 64 random bits; the whole state is the four words at ``s``."""
    cdef uint64_t result = rotl(s[1] * 5, 7) * 9
    cdef uint64_t t = s[1] << 17
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = rotl(s[3], 45)
    return result


cdef inline uint32_t bounded_from(uint64_t* s, uint32_t x, uint32_t n) noexcept nogil:
    """A uniform integer in [0, n) from the 32 random bits ``x``, without modulo bias
    (Lemire's multiply-and-reject; fresh bits from ``s`` on a rejection)."""
    cdef uint64_t m = <uint64_t>x * n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t threshold
    if low < n:
        threshold = (<uint32_t>(-n)) % n
        while low < threshold:
            m = (next_u64(s) >> 32) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline uint32_t bounded(uint64_t* s, uint32_t n) noexcept nogil:
    """A uniform integer in [0, n), without modulo bias."""
    return bounded_from(s, <uint32_t>(next_u64(s) >> 32), n)


cdef inline double uniform01(uint64_t* s) noexcept nogil:
    """A uniform double in [0, 1) with 53 random bits."""
    return (next_u64(s) >> 11) * (1.0 / 9007199254740992.0)


cdef inline uint64_t splitmix(uint64_t* x) noexcept nogil:
    """One step of splitmix64, which expands a seed into generator states."""
    cdef uint64_t z
    x[0] += 0x9E3779B97F4A7C15ULL
    z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef enum:
    # Places of a partial Fisher-Yates shuffle drawn from 32 random bits: the product of
    # their sizes is at most 52 * 51 * 50 * 49, so a batch is refused less than once in 600.
    SHUFFLE_BATCH = 4


ctypedef struct ShufflePlan:
    # What :func:`shuffle_places` draws, worked out once for a run: ``count`` places of a
    # partial Fisher-Yates shuffle of ``n`` cards, ``full`` batches of SHUFFLE_BATCH and
    # then a shorter one; ``thr[b]`` is 2**32 modulo the product of batch b's sizes.
    uint32_t n
    int count
    int full
    uint32_t thr[13]


cdef inline void shuffle_plan(ShufflePlan* F, uint32_t n, int count) noexcept nogil:
    """Plan ``count`` places a deal of a shuffle of ``n`` cards (``count <= n <= 52``)."""
    cdef int b, i
    cdef uint32_t t
    F.n = n
    F.count = count
    F.full = count // SHUFFLE_BATCH
    for b in range(F.full):
        t = 1
        for i in range(SHUFFLE_BATCH):
            t *= n - SHUFFLE_BATCH * b - i
        F.thr[b] = (<uint32_t>(-t)) % t


cdef inline bint places_batch(uint32_t r, uint32_t n, int count, uint8_t* out) noexcept nogil:
    """From the 32 random bits ``r``: ``out[i]`` uniform in [0, n - i) for ``i < count``
    (``count <= SHUFFLE_BATCH``, ``count <= n <= 52``), all independent, or False to draw
    again.

    Batched ranged integers (Brackett-Rozinsky and Lemire): ``r`` times the product
    ``t`` of the sizes is ``X * 2**32 + low``, and the ``out[i]`` are the mixed-radix
    digits of ``X``, read one size at a time; refusing ``low < 2**32 mod t`` makes ``X``
    uniform on [0, t), as Lemire's multiply-and-reject does for a single draw."""
    cdef uint64_t m
    cdef uint32_t t = 1
    cdef int i
    for i in range(count):
        m = <uint64_t>r * (n - i)
        out[i] = <uint8_t>(m >> 32)
        r = <uint32_t>m
        t *= n - i
    return r >= t or r >= (<uint32_t>(-t)) % t


cdef inline bint places_four(uint32_t r, uint32_t n, uint32_t thr, uint8_t* out) noexcept nogil:
    """:func:`places_batch` of four, unrolled, its threshold ``thr`` (2**32 mod
    ``n * (n - 1) * (n - 2) * (n - 3)``) known."""
    cdef uint64_t m0 = <uint64_t>r * n
    cdef uint64_t m1 = (m0 & 0xFFFFFFFFu) * (n - 1)
    cdef uint64_t m2 = (m1 & 0xFFFFFFFFu) * (n - 2)
    cdef uint64_t m3 = (m2 & 0xFFFFFFFFu) * (n - 3)
    out[0] = <uint8_t>(m0 >> 32)
    out[1] = <uint8_t>(m1 >> 32)
    out[2] = <uint8_t>(m2 >> 32)
    out[3] = <uint8_t>(m3 >> 32)
    return <uint32_t>m3 >= thr


cdef inline void shuffle_places_of(uint64_t* s, const ShufflePlan* F, uint8_t* out, int full,
                                   int count) noexcept nogil:
    """:func:`shuffle_places` with the plan's ``full`` and ``count`` given, so that a caller
    who knows them as constants has the batches' loops unrolled."""
    cdef uint64_t w = 0
    cdef uint32_t r
    cdef int b, j, half = 0
    for b in range(full):
        j = SHUFFLE_BATCH * b
        while True:
            if half == 0:
                w = next_u64(s)
                r = <uint32_t>w
            else:
                r = <uint32_t>(w >> 32)
            half ^= 1
            if places_four(r, F.n - j, F.thr[b], out + j):
                break
    j = SHUFFLE_BATCH * full
    while j < count:
        if places_batch(<uint32_t>(next_u64(s) >> 32), F.n - j, count - j, out + j):
            j = count


cdef inline void shuffle_places(uint64_t* s, const ShufflePlan* F, uint8_t* out) noexcept nogil:
    """``out[i]`` uniform in [0, F.n - i) for ``i < F.count``, all independent: the places
    of a partial Fisher-Yates shuffle, a batch of four from each 32-bit half of a
    generator word (a card of 52 needs under six bits)."""
    shuffle_places_of(s, F, out, F.full, F.count)

