# cython: language_level=3
"""The engine's object: the one that keeps a problem's arrays alive while its kernels run.

The problem itself is core/_problem.pxd's; the kernels are in their own modules,
each with its .pxd: exhaustive enumeration of shared-board games
(_enumerate.pxd) and Monte Carlo (_montecarlo.pxd); the tally layout is
core/_showdown.pxd's and board enumeration core/_boards.pxd's.  _engine.pyx
holds the Kernel class and the one dispatch from a game's numbers to the
kernels compiled for it.
"""

from libc.stdint cimport int32_t, uint8_t, uint64_t

from pokercalc.core._problem cimport Problem


cdef class Kernel:
    """The flat problem arrays, kept alive while the C kernels read them."""

    cdef Problem P
    cdef int32_t[::1] off
    cdef uint64_t[::1] ckey
    cdef uint64_t[::1] cmask
    cdef double[::1] cw
    cdef int32_t[::1] perm
    cdef uint8_t[::1] is_random
    cdef uint8_t[::1] sigma
    cdef const uint8_t[::1] ccards
