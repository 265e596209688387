# cython: language_level=3
"""The engine's C-level interface: the problem every kernel reads, and the object that keeps
its arrays alive.

``Problem`` is the flat problem (one entry per combo of every player, player ``p``
owning ``off[p] .. off[p+1]``) with the game's numbers (core/_game.pxd) and the
run's settings; a run works on its own copy, which holds the call's control block.
The kernels are in _enumerate.pxi (exhaustive enumeration of shared-board games)
and _montecarlo.pxi (Monte Carlo), included in _engine.pyx so that their hot
functions inline into one another; the tally layout is core/_showdown.pxd's.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

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
