# cython: language_level=3
"""The all-flop kernel's C-level interface: the flops' colex numbering and the accumulators
that every board adds its wins, ties and weight to (see _flops.pyx)."""

from libc.stdint cimport int64_t


cdef enum:
    NFLOPS = 19600  # flops from 50 cards, the stride of the accumulators


cdef inline int64_t flop_index(int i, int j, int k) noexcept nogil:
    """Colex index of the flop of renumbered cards i < j < k."""
    return <int64_t>k * (k - 1) * (k - 2) // 6 + <int64_t>j * (j - 1) // 2 + i


cdef inline void add_flop(double* acc, int64_t f, double sw, double st, double sn) noexcept nogil:
    """Add one board's wins, ties and weight to flop ``f`` of a thread's accumulators."""
    acc[f] += sw
    acc[NFLOPS + f] += st
    acc[2 * NFLOPS + f] += sn


cdef inline void add_board(double* acc, int i0, int i1, int i2, int i3, int i4,
                           double sw, double st, double sn) noexcept nogil:
    """Add one board's wins, ties and weight to each of its ten flops."""
    add_flop(acc, flop_index(i0, i1, i2), sw, st, sn)
    add_flop(acc, flop_index(i0, i1, i3), sw, st, sn)
    add_flop(acc, flop_index(i0, i1, i4), sw, st, sn)
    add_flop(acc, flop_index(i0, i2, i3), sw, st, sn)
    add_flop(acc, flop_index(i0, i2, i4), sw, st, sn)
    add_flop(acc, flop_index(i0, i3, i4), sw, st, sn)
    add_flop(acc, flop_index(i1, i2, i3), sw, st, sn)
    add_flop(acc, flop_index(i1, i2, i4), sw, st, sn)
    add_flop(acc, flop_index(i1, i3, i4), sw, st, sn)
    add_flop(acc, flop_index(i2, i3, i4), sw, st, sn)
