# cython: language_level=3
"""The Monte Carlo kernels (_montecarlo.pyx), as other modules call them: what a run draws
the players' hands from, and the kernel, compiled per forming rule (``forming_t``)
and ranking (``ranking_t``)."""

from libc.stdint cimport int32_t, int64_t, uint64_t

from pokercalc.core._game cimport forming_t
from pokercalc.core._problem cimport Problem
from pokercalc._eval cimport ranking_t

cdef enum:
    # Monte Carlo counts deals by their set of winners up to this many players (a table
    # of 1 << n counts per thread, 8 KB at ten).
    MC_WM_PLAYERS = 10
    # Own cards a player holds in the games _mc_holdem deals (two, as in hold'em).
    HOLE_PAIR = 2


cdef struct Draws:
    # What a Monte Carlo run draws the players' hands from: the alias tables of the
    # players' weights, and the joint table (``nj`` rows) when the caller listed the
    # ranged players' assignments.
    const double* aprob
    const int32_t* aidx
    const int32_t* joint
    const double* jprob
    const int32_t* jalias
    const double* jcum          # the rows' weights summed up to each, over their total
    int64_t nj


cdef void deal_mc(const Problem* P, const Draws* D, uint64_t* s, int64_t trials,
                  int64_t* cnt, int64_t* cb, forming_t* fm, ranking_t* rk) noexcept nogil
