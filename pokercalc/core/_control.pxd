# cython: language_level=3
"""The C side of :class:`pokercalc.core.runner.Control`: a kernel's stop flag and work counter.

A kernel gets the Control's ``int64`` buffer ``[stop, done]``; it calls
:func:`stop_requested` between small pieces of work (a relaxed atomic load,
so the compiler cannot hoist it out of a loop) and :func:`add_done` as pieces
finish, from any thread.
"""

from libc.stdint cimport int64_t

cdef extern from *:
    """
    #include <stdint.h>
    static inline int pc_stop_requested(const int64_t* ctl) {
        return ctl != 0 && __atomic_load_n(&ctl[0], __ATOMIC_RELAXED) != 0;
    }
    static inline void pc_add_done(int64_t* ctl, int64_t n) {
        if (ctl != 0) __atomic_fetch_add(&ctl[1], n, __ATOMIC_RELAXED);
    }
    """
    bint stop_requested "pc_stop_requested"(const int64_t* ctl) nogil
    void add_done "pc_add_done"(int64_t* ctl, int64_t n) nogil
