# cython: language_level=3
"""The flat problem every kernel reads, and the small helpers every kernel module shares.

``Problem`` is one entry per combo of every player, player ``p`` owning
``off[p] .. off[p+1]``, with the game's numbers (core/_game.pxd) and the run's
settings; a run works on its own copy, which holds the call's control block
(core/_control.pxd).  The Kernel object (_engine.pxd) keeps its arrays alive;
the exhaustive kernels (_enumerate.pxd) and the Monte Carlo ones
(_montecarlo.pxd) read it.  Everything here is inline and GIL-free.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memset

from pokercalc.core._game cimport MAX_BOARD, MAX_PLAYERS


cdef struct Problem:
    int n                       # players
    int ng                      # size of the suit-symmetry group (1 = none)
    int nb                      # board cards given
    int64_t total_combos
    const int32_t* off          # n + 1 offsets into the combo arrays
    const uint64_t* ckey        # per combo: its own cards' summed keys
    const uint64_t* cmask       # per combo: its own cards' mask
    const double* cw            # per combo: weight
    const int32_t* perm         # ng * total_combos: image of each combo per symmetry
    const uint8_t* is_random    # per player: 1 when its range is every hand the deck allows
    const uint8_t* sigma        # ng * 4: each symmetry's image of suits 0..3
    uint64_t bkey               # given board's summed keys (no PC_KEY_INIT)
    uint64_t bmask
    uint64_t dead
    int64_t* ctl                # the call's [stop, done] (runner.Control), or NULL: a run's
                                # copy of the kernel's problem holds it
    int forming                 # how a hand is formed: FORMING_* of core/_game.pxd
    int ranking                 # the high (or only) ranking: RANKING_* of _eval.pxd
    int low                     # the low half's ranking (RANKING_LOW8), or NO_RANKING
    int total_at                # the tally index of the total weight (the outcome counts before it)
    int64_t units               # hi/lo: a half pot in units, LCM(1..n), so every split is whole
    int K                       # hole cards per combo
    const uint8_t* ccards       # per combo: its K hole cards
    uint8_t bcards[MAX_BOARD]   # the board cards given (nb of them)
    int bp                      # the player whose tallies are also kept per combo (-1: none)
    int bstride                 # slots of one combo's tally (see Kernel.set_breakdown)
    int32_t boff                # that player's first combo
    int merge                   # 1: boards whose suits cannot make a flush are merged
    int fl_hmin                 # a flush uses at least this many hole cards
    int fl_hmax                 # and at most this many
    int fl_bmin                 # and at least this many board cards (of FLUSH_CARDS in all)
    int count_at                # the tally slot of the showdowns evaluated, or -1 (per call)
    int classes                 # 1: the last range is every hand, counted by rank classes
    int mc_boards               # Monte Carlo: boards dealt to each deal of the hands (1: one)
    int mc_group                # and deals of the hands a cluster (joint rows drawn evenly)
    int64_t mc_units            # and the units of a board's share, every split whole
    uint8_t mc_class[MAX_PLAYERS]  # and each player's class of exchangeable players (its first)
    int mc_pooled               # 1: some class has two players or more


# Exact counts for unweighted runs, sums of weight products for weighted ones.
ctypedef fused tally_t:
    int64_t
    double


cdef extern from "stdlib.h":
    int posix_memalign(void** memptr, size_t alignment, size_t size) nogil

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_ctz(unsigned int) nogil


cdef inline const uint8_t* hole_of(const Problem* P, int32_t combo) noexcept nogil:
    """The hole cards of a combo (``P.K`` of them)."""
    return P.ccards + <int64_t>combo * P.K


cdef inline void* line_calloc(size_t n, size_t size) noexcept nogil:
    """``n`` zeroed items of ``size`` bytes on cache lines of their own (NULL when out of
    memory), freed by ``free``: a thread writing next to another thread's data on one line
    makes both wait on every write (calloc put two threads' four winner counts of a
    heads-up run side by side)."""
    cdef void* out = NULL
    cdef size_t total = (n * size + 63) // 64 * 64
    if posix_memalign(&out, 64, total if total else 64) != 0:
        return NULL
    memset(out, 0, total)
    return out
