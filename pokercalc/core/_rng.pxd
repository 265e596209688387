# cython: language_level=3
"""The kernels' random numbers: xoshiro256** over a four-word state passed by pointer.

Inline and GIL-free, so every kernel that cimports it gets the same generator
and no module holds global random state.
"""

from libc.stdint cimport uint32_t, uint64_t


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


ctypedef struct Bits16:
    # A generator word handed out 16 bits at a time (``left`` pieces of it remain).
    uint64_t word
    int left


cdef inline uint32_t next16(uint64_t* s, Bits16* b) noexcept nogil:
    """The next 16 random bits, a fresh word from ``s`` every fourth time."""
    cdef uint32_t x
    if b.left == 0:
        b.word = next_u64(s)
        b.left = 4
    x = <uint32_t>(b.word & 0xFFFF)
    b.word >>= 16
    b.left -= 1
    return x


cdef inline uint32_t bounded16(uint64_t* s, Bits16* b, uint32_t n) noexcept nogil:
    """A uniform integer in [0, n), 0 < n <= 65536, from 16 random bits at a time, without
    modulo bias (Lemire's multiply-and-reject, as :func:`bounded_from`): a quarter of a word
    per card where a card of 52 needs no more."""
    cdef uint32_t m = next16(s, b) * n
    cdef uint32_t low = m & 0xFFFF
    cdef uint32_t threshold
    if low < n:
        threshold = (65536 - n) % n
        while low < threshold:
            m = next16(s, b) * n
            low = m & 0xFFFF
    return m >> 16
