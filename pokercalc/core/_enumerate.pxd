# cython: language_level=3
"""The exhaustive enumeration of shared-board games (_enumerate.pyx), as other modules call it:
the kernel, compiled per forming rule (``forming_t``) and ranking (``ranking_t``)
for both tally types, and the counts of joint assignments."""

from libc.stdint cimport int32_t, int64_t, uint64_t

from pokercalc.core._game cimport forming_t
from pokercalc.core._problem cimport Problem, tally_t
from pokercalc._eval cimport ranking_t

cdef enum:
    FLUSH_CARDS = 5  # cards of one suit a flush needs


cdef void assign_players(const Problem* P, int32_t* assign, int p, int stop, uint64_t used,
                         tally_t w, int first, tally_t* tally, tally_t* ctally,
                         forming_t* fm, ranking_t* rk) noexcept nogil
cdef int64_t list_joint(const Problem* P, int p, int col, uint64_t used, int32_t* assign,
                        int32_t* out, int64_t count, int64_t limit, int64_t* steps,
                        int64_t budget) noexcept nogil
cdef int64_t count_joint(const Problem* P, int p, uint64_t used, int64_t* steps,
                         int64_t budget) noexcept nogil
cdef int64_t count_pairs(const Problem* P, uint64_t used) noexcept nogil
