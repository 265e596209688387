# cython: language_level=3
"""The C-level interface of the hand potential kernels (see _potential.pyx)."""

from libc.stdint cimport int64_t, uint8_t, uint64_t


cdef struct Rng:
    uint64_t s[4]  # xoshiro256** state, seeded by splitmix64


# ``outside`` is the mask of the cards the game's deck lacks (never dealt); ``ranking`` is its
# RANKING_* number (_eval.pxd: hold'em, short-deck or Triton values) and ``forming`` its
# FORMING_* number (core/_game.pxd: best five, or Omaha's two plus three).

cdef void exact_one(int h1, int h2, const uint8_t* board, int nb, const uint8_t* dead, int nd,
                    uint64_t outside, int ranking, int64_t* count) noexcept nogil

cdef int64_t sample(const uint8_t* hero, int K, const double* cum, int nh, const uint8_t* board,
                    int nb, const uint8_t* dead, int nd, int opponents, int64_t deals, Rng* g,
                    int64_t* count, int64_t* ctl, uint64_t outside, int forming,
                    int ranking) noexcept nogil
