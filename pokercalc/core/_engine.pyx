# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The isometric equity kernels: exhaustive enumeration and Monte Carlo, GIL-free.

Every player is a distribution of combos; the kernels see flat arrays (one
entry per combo of every player, player ``p`` owning ``off[p] .. off[p+1]``)
and never touch a Python object per hand or per board.  The Python side
(analysis/equities.py) builds the arrays, validates, picks the method and turns
tallies into results.  A kernel is compiled per forming rule and ranking
(``forming_t``, ``ranking_t``); :func:`play` picks the one the game asks for.

Tallies are laid out as ``tally[p * (n + 1) + k]``: the weight of the
outcomes in which player ``p`` is one of ``k`` winners (``k = 1`` is a sole
win); ``tally[n * (n + 1)]`` is the total weight.  Unweighted runs count in
``int64`` (every kernel is compiled for both tally types), so their tallies
are exact integers at any size; weighted runs add doubles.

Every long loop looks at the caller's stop flag (``_control.pxd``) often
enough to return within a few milliseconds, and counts finished work items
for progress.
"""

from math import gcd

from cython.parallel cimport prange, parallel, threadid
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort
from libc.string cimport memset
from cpython.exc cimport PyErr_CheckSignals

from pokercalc.core._boards cimport (
    Boards,
    Canon,
    NUM_CARDS,
    board_orbit,
    boards_next,
    boards_start,
    last_card_range,
    leaf_weight,
    make_canon,
    prefix_ok,
    remaining_cards,
)
from pokercalc.core._control cimport add_done, stop_requested
from pokercalc.core._game cimport (
    FORMING_BEST_FIVE,
    FORMING_TWO_PLUS_THREE,
    MAX_BOARD,
    MAX_HOLE,
    MAX_PLAYERS,
    BestFive,
    TwoPlusThree,
    forming_t,
)
from pokercalc._eval cimport (
    NO_RANKING,
    PC_CARD_BIT,
    PC_CARD_KEY,
    PC_KEY_INIT,
    RANKING_HIGH,
    RANKING_LOW8,
    RANKING_SHORTDECK,
    RANKING_SHORTDECK_TRITON,
    HighLow8Ranking,
    HighRanking,
    OmahaBoard,
    OmahaTable,
    ShortRanking,
    TritonRanking,
    evaluate,
    nonflush_value,
    ranking_t,
    low_ranks,
    omaha_board,
    omaha_low,
    omaha_table,
    omaha_table_value,
    omaha_value,
)
from pokercalc.core._showdown cimport (
    HILO_SLOTS,
    WM_PLAYERS,
    count_values,
    winner_bits16,
    omaha_showdown,
    showdown,
    showdown_winners,
    winners_to_tally,
)
from pokercalc.core cimport _showdown as layout
from pokercalc.core._rng cimport (
    SHUFFLE_BATCH,
    ShufflePlan,
    bounded,
    shuffle_places,
    shuffle_places_of,
    shuffle_plan,
    splitmix,
    uniform01,
)

cdef enum:
    # Monte Carlo counts deals by their set of winners up to this many players (a table
    # of 1 << n counts per thread, 8 KB at ten).
    MC_WM_PLAYERS = 10
    # Set-up loops over pairs of combos run a signal's handler about every this many
    # pairs (a few milliseconds).
    SIGNAL_CHECK_PAIRS = 1 << 22
    FLUSH_CARDS = 5  # cards of one suit a flush needs
    # Own cards a player holds in the games _mc_holdem deals (two, as in hold'em).
    HOLE_PAIR = 2
    # When the last player's range has more combos than this, a board's values
    # for every pair of hole ranks are tabled first (Omaha).
    OMAHA_TABLE_MIN = 24

cdef extern from "stdlib.h":
    int posix_memalign(void** memptr, size_t alignment, size_t size) nogil

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_ctz(unsigned int) nogil

cdef inline void* line_calloc(size_t n, size_t size) noexcept nogil:
    """``n`` zeroed items of ``size`` bytes on cache lines of their own (NULL when out of
    memory), freed by ``free``: a thread writing next to another thread's data on one line
    makes both wait on every write (calloc put two threads' four winner counts of a
    heads-up run side by side: AsKs against a random hand ran 1.56x faster on two threads
    than on one, and 1.84x on lines of their own)."""
    cdef void* out = NULL
    cdef size_t total = (n * size + 63) // 64 * 64
    if posix_memalign(&out, 64, total if total else 64) != 0:
        return NULL
    memset(out, 0, total)
    return out


# Exact counts for unweighted runs, sums of weight products for weighted ones.
ctypedef fused tally_t:
    int64_t
    double

cdef inline const uint8_t* hole_of(const Problem* P, int32_t combo) noexcept nogil:
    """The hole cards of a combo (``P.K`` of them)."""
    return P.ccards + <int64_t>combo * P.K


cdef struct Problem:
    int n                       # players
    int ng                      # size of the suit-symmetry group (1 = none)
    int nb                      # board cards given
    int64_t total_combos
    const int32_t* off          # n + 1 offsets into the combo arrays
    const uint64_t* ckey        # per combo: the two cards' summed keys
    const uint64_t* cmask       # per combo: the two cards' mask
    const double* cw            # per combo: weight
    const int32_t* perm         # ng * total_combos: image of each combo per symmetry
    const uint8_t* is_random    # per player: 1 when its range is every hand the deck allows
    const uint8_t* sigma        # ng * 4: each symmetry's image of suits 0..3
    uint64_t bkey               # given board's summed keys (no PC_KEY_INIT)
    uint64_t bmask
    uint64_t dead
    int64_t* ctl                # the caller's [stop, done] (runner.Control), or NULL
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
    int count_at                # the tally slot of the showdowns evaluated, or -1
    int classes                 # 1: the last range is every hand, counted by rank classes
    int mc_boards               # Monte Carlo: boards dealt to each deal of the hands (1: one)
    int mc_group                # and deals of the hands a cluster (joint rows drawn evenly)
    int64_t mc_units            # and the units of a board's share, every split whole
    uint8_t mc_class[MAX_PLAYERS]      # and each player's class of exchangeable players (its first)
    int mc_pooled               # 1: some class has two players or more


cdef inline int64_t last_cards(ranking_t* rk, int n, const uint64_t* hk, const uint64_t* hm, uint64_t key,
                               uint64_t mask, const uint8_t* rem, int lo, int hi,
                               const Canon* C, int64_t* cnt, int64_t* ev) noexcept nogil:
    """Showdowns for the boards ``key``/``mask`` plus each of ``rem[lo:hi]``; returns the boards
    and adds the showdowns played to ``ev``."""
    cdef int i
    cdef uint64_t c0, c1, k0, k1, m0, m1
    cdef uint16_t v0, v1
    cdef int64_t w0 = 0, w1 = 0, boards = 0, wt
    if n == 2:
        # Heads-up is the common case: two evaluations and two branch-free
        # counters per board, everything in registers.
        k0 = hk[0] + key
        k1 = hk[1] + key
        m0 = hm[0] | mask
        m1 = hm[1] | mask
        if not C.active:
            for i in range(lo, hi):
                c0 = PC_CARD_KEY[rem[i]]
                c1 = PC_CARD_BIT[rem[i]]
                v0 = evaluate(rk, k0 + c0, m0 | c1)
                v1 = evaluate(rk, k1 + c0, m1 | c1)
                w0 += v0 > v1
                w1 += v1 > v0
            boards = hi - lo
            ev[0] += hi - lo
        else:
            for i in range(lo, hi):
                c1 = PC_CARD_BIT[rem[i]]
                wt = leaf_weight(C, mask | c1)
                if wt == 0:
                    continue
                c0 = PC_CARD_KEY[rem[i]]
                v0 = evaluate(rk, k0 + c0, m0 | c1)
                v1 = evaluate(rk, k1 + c0, m1 | c1)
                w0 += wt * (v0 > v1)
                w1 += wt * (v1 > v0)
                boards += wt
                ev[0] += 1
        cnt[1] += w0
        cnt[4] += w1
        cnt[2] += boards - w0 - w1
        cnt[5] += boards - w0 - w1
        return boards
    for i in range(lo, hi):
        wt = 1
        if C.active:
            wt = leaf_weight(C, mask | PC_CARD_BIT[rem[i]])
            if wt == 0:
                continue
        showdown(rk, n, hk, hm, key + PC_CARD_KEY[rem[i]], mask | PC_CARD_BIT[rem[i]], wt, cnt)
        boards += wt
        ev[0] += 1
    return boards


cdef inline int64_t last_cards_omaha(ranking_t* rk, const Problem* P, const uint8_t** holes,
                                     uint8_t* bc, uint64_t mask, const uint8_t* rem, int lo,
                                     int hi, const Canon* C, int64_t* cnt,
                                     int64_t* ev) noexcept nogil:
    """Omaha showdowns for the board ``bc`` but its last card, plus each of ``rem[lo:hi]``; returns the boards
    and adds the showdowns played to ``ev``.

    ``mask`` holds the new board cards but the last (what ``leaf_weight`` reads).
    """
    cdef int i
    cdef int64_t wt, boards = 0
    for i in range(lo, hi):
        wt = 1
        if C.active:
            wt = leaf_weight(C, mask | PC_CARD_BIT[rem[i]])
            if wt == 0:
                continue
        bc[MAX_BOARD - 1] = rem[i]
        omaha_showdown(rk, P.n, P.K, P.units, holes, bc, MAX_BOARD, wt, False, cnt)
        boards += wt
        ev[0] += 1
    return boards


# --- Boards merged by dead suits ---------------------------------------------
#
# With every hand fixed, a suit is dead once it can no longer make a flush
# for anyone: too few of its cards can still reach the board, or no player
# holds enough of it (the game's flush rule, ``P.fl_*``).  A dead suit stays
# dead as more cards come (its count rises by at most the one card that was
# to come), and the cards of dead suits matter only by rank.  So boards are
# dealt rank by rank from the top: at each rank the cards of live suits are
# chosen one by one, and m cards of the a dead-suit cards left at that rank
# are one choice of weight C(a, m), played with any m of them.  Which suits
# are dead at a rank depends only on the cards above it, so every board falls
# in exactly one merged class, and the weights add up to the boards.  Suit
# symmetry still applies: a class is named by its live cards (dead counts do
# not see suits), and is kept when that mask is its orbit's canonical member,
# weighted by the orbit's size.

cdef int POPCOUNT4[16]
POPCOUNT4[:] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4]


cdef struct Merged:
    uint64_t used               # cards that cannot come (hands, board, dead)
    int maxhole[4]              # most cards of each suit in one player's hand
    int le[13]                  # le[r]: cards left of rank r or lower
    int pos[52]                 # a card's index among the cards left, highest first
    int first                   # >= 0: only classes whose highest card played is at pos first
    int k                       # new board cards
    int n
    uint32_t stab
    bint sym
    const Canon* C
    const uint64_t* hk
    const uint64_t* hm
    const uint8_t** holes
    uint8_t bc[MAX_BOARD]       # the board given, then the cards played
    int64_t* cnt
    int64_t* wm                 # NULL, or counts by set of winners (WM_PLAYERS or fewer)
    int64_t boards              # boards counted (weights)
    int64_t evaluated           # showdowns played


cdef inline int64_t class_weight(const Problem* P, const Merged* M, uint64_t live) noexcept nogil:
    """The boards a merged class whose live cards are ``live`` stands for under the suit
    symmetries (0: not its orbit's canonical member, counted by another)."""
    if M.C.active:
        return leaf_weight(M.C, live)
    if M.sym:
        return board_orbit(P.sigma, P.ng, M.stab, P.bmask | live)
    return 1


cdef inline void merged_leaf(forming_t* fm, ranking_t* rk, const Problem* P, Merged* M, int64_t w, uint64_t key,
                             uint64_t mask, uint64_t live) noexcept nogil:
    """The showdown of one merged class (its board as played in ``M.bc``), ``w`` boards."""
    cdef int64_t sw = class_weight(P, M, live)
    if sw == 0:
        return
    sw *= w
    if forming_t is TwoPlusThree:
        omaha_showdown(rk, M.n, P.K, P.units, M.holes, M.bc, MAX_BOARD, sw, False, M.cnt)
    elif M.wm != NULL:
        showdown_winners(rk, M.n, M.hk, M.hm, key, mask, sw, M.wm)
    else:
        showdown(rk, M.n, M.hk, M.hm, key, mask, sw, M.cnt)
    M.boards += sw
    M.evaluated += 1


cdef extern from *:
    """
    /* Bit 0 of every suit lane of a card mask (16 bits per suit, bit r for rank r). */
    #define PC_LANES_ONE 0x0001000100010001ULL
    """
    const uint64_t LANES_ONE "PC_LANES_ONE"


cdef inline int lanes_set(uint64_t t) noexcept nogil:
    """How many of ``t``'s lanes hold their bit 0 (``t`` has no other bits): a multiply adds
    the four lanes into the top one."""
    return <int>((t * LANES_ONE) >> 48)


cdef inline uint64_t suit_lanes(int suits) noexcept nogil:
    """The card mask of every rank of the suits whose bits are set in ``suits``."""
    cdef uint64_t m = 0
    cdef int s
    for s in range(4):
        if suits >> s & 1:
            m |= <uint64_t>0x1FFF << (16 * s)
    return m


cdef inline uint64_t cards_left(const Merged* M, int r) noexcept nogil:
    """The cards of rank ``r`` or lower that can still come, as a card mask."""
    return ~M.used & (((<uint64_t>2 << r) - 1) * LANES_ONE)


cdef inline uint64_t lane_union(uint64_t m) noexcept nogil:
    """The ranks (bit r for rank r) of which ``m`` holds a card of some suit."""
    return (m | m >> 16 | m >> 32 | m >> 48) & 0x1FFF


cdef inline void headsup_card(ranking_t* rk, uint64_t k0, uint64_t k1, uint64_t m0, uint64_t m1,
                              int c, uint64_t b, int64_t wt, int64_t* acc) noexcept nogil:
    """The showdown of two hands (keys ``k0``, ``k1``, masks ``m0``, ``m1``) with card ``c``
    (bit ``b``) added, ``wt`` boards: into ``acc`` the first's wins, the second's, the
    boards and the showdowns (inlined: the four stay in registers)."""
    cdef uint16_t v0 = evaluate(rk, k0 + PC_CARD_KEY[c], m0 | b)
    cdef uint16_t v1 = evaluate(rk, k1 + PC_CARD_KEY[c], m1 | b)
    acc[0] += wt * (v0 > v1)
    acc[1] += wt * (v1 > v0)
    acc[2] += wt
    acc[3] += 1


cdef inline void merged_last_headsup(ranking_t* rk, const Problem* P, Merged* M, int r, int64_t w,
                                     uint64_t key, uint64_t mask, uint64_t live,
                                     int dead) noexcept nogil:
    """:func:`merged_last` for two players: both values and the counts in registers, each
    board class weighted as :func:`merged_leaf` weights it.

    The cards left are walked as bits, not card by card: the live suits' cards one by one,
    then one card per rank for the dead suits' cards of that rank (their count its weight).
    A loop over the 4 (r + 1) cards checking each cost more than the evaluations (AhKh
    against QQ+,AKs,AKo on Qh7h2c)."""
    cdef uint64_t k0 = M.hk[0] + key, k1 = M.hk[1] + key, m0 = M.hm[0] | mask
    cdef uint64_t m1 = M.hm[1] | mask, b, t
    cdef uint64_t x = cards_left(M, r)
    cdef uint64_t dl = x & suit_lanes(dead)
    cdef uint64_t ranks = lane_union(dl)
    cdef int c, pos, rr
    cdef int64_t acc[4]
    cdef int64_t wt, dw
    acc[0] = acc[1] = acc[2] = acc[3] = 0
    x &= ~dl
    while x:
        pos = __builtin_ctzll(x)
        b = x & (~x + 1)
        x &= x - 1
        wt = class_weight(P, M, live | b)
        if wt == 0:
            continue
        headsup_card(rk, k0, k1, m0, m1, 4 * (pos & 15) + (pos >> 4), b, wt, acc)
    # A dead suit's card counts by its rank alone: one showdown per rank, weighted by how
    # many dead cards of that rank are left (the class's live cards, so its symmetry
    # weight, are the same for every rank).
    dw = class_weight(P, M, live) if ranks else 0
    if dw:
        while ranks:
            rr = __builtin_ctzll(ranks)
            ranks &= ranks - 1
            t = (dl >> rr) & LANES_ONE
            c = 4 * rr + (__builtin_ctzll(t) >> 4)
            headsup_card(rk, k0, k1, m0, m1, c, PC_CARD_BIT[c], dw * lanes_set(t), acc)
    M.cnt[1] += w * acc[0]
    M.cnt[4] += w * acc[1]
    M.cnt[2] += w * (acc[2] - acc[0] - acc[1])
    M.cnt[5] += w * (acc[2] - acc[0] - acc[1])
    M.boards += w * acc[2]
    M.evaluated += acc[3]


cdef void merged_last(forming_t* fm, ranking_t* rk, const Problem* P, Merged* M, int r, int64_t w, uint64_t key,
                      uint64_t mask, uint64_t live, const int* sc, int dead) noexcept nogil:
    """:func:`merged_next` for the last card, of rank ``r`` or lower: with one card to come the
    dead suits no longer change, so every rank's dead cards are one class (walked as bits,
    as :func:`merged_last_headsup` walks them)."""
    cdef int s, c, pos, rr, at = P.nb + M.k - 1, hv
    cdef uint64_t b, t, x, dl, ranks
    for s in range(4):
        hv = M.maxhole[s] if M.maxhole[s] < P.fl_hmax else P.fl_hmax
        if (M.maxhole[s] < P.fl_hmin or sc[s] + 1 < P.fl_bmin
                or sc[s] + 1 + hv < FLUSH_CARDS):
            dead |= 1 << s
    if forming_t is TwoPlusThree:
        pass
    else:
        if M.n == 2:
            merged_last_headsup(rk, P, M, r, w, key, mask, live, dead)
            return
    x = cards_left(M, r)
    dl = x & suit_lanes(dead)
    x &= ~dl
    while x:
        pos = __builtin_ctzll(x)
        b = x & (~x + 1)
        x &= x - 1
        c = 4 * (pos & 15) + (pos >> 4)
        M.bc[at] = c
        merged_leaf(fm, rk, P, M, w, key + PC_CARD_KEY[c], mask | b, live | b)
    ranks = lane_union(dl)
    while ranks:
        rr = __builtin_ctzll(ranks)
        ranks &= ranks - 1
        t = (dl >> rr) & LANES_ONE
        c = 4 * rr + (__builtin_ctzll(t) >> 4)
        M.bc[at] = c
        merged_leaf(fm, rk, P, M, w * lanes_set(t), key + PC_CARD_KEY[c], mask | PC_CARD_BIT[c],
                    live)


cdef inline void merged_next(forming_t* fm, ranking_t* rk, const Problem* P, Merged* M, int r, int left,
                             int64_t w, uint64_t key, uint64_t mask, uint64_t live,
                             const int* sc, int dead, bint top) noexcept nogil:
    """Deal ``left`` more cards of rank ``r`` or lower to the merged board so far (``key`` and
    ``mask`` as played, ``live`` its live cards, ``sc`` their count per suit, ``dead`` the
    dead suits), ``w`` boards per class; showdowns at the leaves.

    The leaf, the last card (:func:`merged_last`) or the ranks' loop (:func:`merged_rank`),
    once the cards left allow it: inlined where a rank's choice is made, so the last card
    goes straight to :func:`merged_last` (2-3 % of the instructions of the flop spot's and
    the preflop spots' kernels)."""
    if left == 0:
        merged_leaf(fm, rk, P, M, w, key, mask, live)
        return
    if r < 0 or M.le[r] < left:
        return
    if M.C.active and not prefix_ok(M.C, live, r):
        return
    if left == 1 and not top:
        merged_last(fm, rk, P, M, r, w, key, mask, live, sc, dead)
    else:
        merged_rank(fm, rk, P, M, r, left, w, key, mask, live, sc, dead, top)


cdef void merged_rank(forming_t* fm, ranking_t* rk, const Problem* P, Merged* M, int r, int left, int64_t w,
                      uint64_t key, uint64_t mask, uint64_t live, const int* sc, int dead,
                      bint top) noexcept nogil:
    """:func:`merged_next` for two cards or more to come (or the first, ``top``), which it
    has checked can come: each rank's choices of cards, then the cards after them.

    The next rank to take cards from is a loop, not a call per rank skipped: which suits
    are dead depends only on the cards dealt so far and how many are to come, so it holds
    for every rank of the loop."""
    cdef int s, j, a, nl, sub, m, ns, hi, dealt, dealt0, hv, rr
    cdef int ls[4]
    cdef int ds[4]
    cdef int sc2[4]
    cdef int c
    cdef int64_t cm
    cdef uint64_t k2, m2, l2
    if stop_requested(P.ctl):
        return
    for s in range(4):
        hv = M.maxhole[s] if M.maxhole[s] < P.fl_hmax else P.fl_hmax
        if (M.maxhole[s] < P.fl_hmin or sc[s] + left < P.fl_bmin
                or sc[s] + left + hv < FLUSH_CARDS):
            dead |= 1 << s
    dealt0 = P.nb + M.k - left
    for rr in range(r, -1, -1):
        if M.le[rr] < left:
            break
        a = 0
        nl = 0
        for s in range(4):
            c = 4 * rr + s
            if M.used & PC_CARD_BIT[c]:
                continue
            if dead >> s & 1:
                ds[a] = c
                a += 1
            else:
                ls[nl] = c
                nl += 1
        # Every choice takes at least one card of rank rr: taking none is the next rr.
        for sub in range(1 << nl):
            ns = POPCOUNT4[sub]
            if ns > left:
                continue
            k2 = key
            m2 = mask
            l2 = live
            hi = -1
            dealt = dealt0
            for s in range(4):
                sc2[s] = sc[s]
            for j in range(nl):
                if sub >> j & 1:
                    c = ls[j]
                    k2 += PC_CARD_KEY[c]
                    m2 |= PC_CARD_BIT[c]
                    l2 |= PC_CARD_BIT[c]
                    sc2[c & 3] += 1
                    M.bc[dealt] = c
                    dealt += 1
                    hi = c if c > hi else hi
            cm = 1
            for m in range(a + 1):
                if ns + m > left:
                    break
                if m > 0:
                    c = ds[m - 1]
                    k2 += PC_CARD_KEY[c]
                    m2 |= PC_CARD_BIT[c]
                    M.bc[dealt] = c
                    dealt += 1
                    hi = c if c > hi else hi
                    cm = cm * (a - m + 1) // m
                elif ns == 0:
                    continue
                if top and M.first >= 0 and M.pos[hi] != M.first:
                    continue
                merged_next(fm, rk, P, M, rr - 1, left - ns - m, w * cm, k2, m2, l2, sc2, dead,
                            False)


cdef void merged_boards(forming_t* fm, ranking_t* rk, const Problem* P, Merged* M, uint64_t used,
                        const int32_t* assign, int first) noexcept nogil:
    """Every board for one joint assignment, merged by dead suits (``M``'s showdown context
    set by the caller); boards and showdowns land in ``M``."""
    cdef int p, s, r, c, x, i = 0
    cdef int sc[4]
    cdef uint64_t lane
    M.used = used
    M.first = first
    M.boards = 0
    M.evaluated = 0
    for s in range(4):
        M.maxhole[s] = 0
        lane = (P.bmask >> (16 * s)) & 0x1FFF
        sc[s] = __builtin_popcountll(lane)
        for p in range(M.n):
            x = __builtin_popcountll((P.cmask[assign[p]] >> (16 * s)) & 0x1FFF)
            M.maxhole[s] = x if x > M.maxhole[s] else M.maxhole[s]
    for c in range(NUM_CARDS - 1, -1, -1):
        if not used & PC_CARD_BIT[c]:
            M.pos[c] = i
            i += 1
    x = 0
    for r in range(13):
        for s in range(4):
            x += not used & PC_CARD_BIT[4 * r + s]
        M.le[r] = x
    for p in range(P.nb):
        M.bc[p] = P.bcards[p]
    merged_next(fm, rk, P, M, 12, M.k, 1, 0, 0, 0, sc, 0, True)


cdef void all_boards(const Problem* P, const int32_t* assign, uint64_t used, int first,
                     tally_t w, uint32_t stab, tally_t* tally, tally_t* ctally,
                     forming_t* fm, ranking_t* rk) noexcept nogil:
    """Every completion of the board for one joint assignment, added to ``tally`` times ``w``.

    ``first`` >= 0 fixes the highest new board card to the ``first``-th unused
    card (cards go from the highest down), so one assignment's boards can be
    split into several work items.  ``stab`` holds the symmetries that fix the
    assignment, used to merge symmetric boards.  With a broken-down player
    (``P.bp``), its combo's row of ``ctally`` gets the same outcomes.
    """
    cdef uint64_t hk[MAX_PLAYERS]
    cdef uint64_t hm[MAX_PLAYERS]
    cdef int64_t cnt[MAX_PLAYERS * (MAX_PLAYERS + 1)]
    cdef int64_t wm[1 << WM_PLAYERS]
    cdef uint8_t rem[52]
    cdef const uint8_t* holes[MAX_PLAYERS]
    cdef Canon C
    cdef Boards B
    cdef int n = P.n
    cdef int k = MAX_BOARD - P.nb
    cdef int r, p, j, lo, hi
    cdef int64_t boards = 0, s, evaluated = 0
    cdef tally_t* row
    cdef Merged M
    make_canon(P.sigma, P.ng, stab, &C)
    r = remaining_cards(used, rem, True)
    boards_start(&B, rem, r, k, first, P.bcards, P.nb)
    for p in range(n):
        hk[p] = PC_KEY_INIT + P.bkey + P.ckey[assign[p]]
        hm[p] = P.bmask | P.cmask[assign[p]]
        holes[p] = hole_of(P, assign[p])
    memset(cnt, 0, P.total_at * sizeof(int64_t))
    if k == 0:
        if forming_t is TwoPlusThree:
            omaha_showdown(rk, n, P.K, P.units, holes, B.board, MAX_BOARD, 1, False, cnt)
        else:
            showdown(rk, n, hk, hm, 0, 0, 1, cnt)
        boards = 1
        evaluated = 1
    elif P.merge:
        M.k = k
        M.n = n
        M.stab = stab
        M.sym = stab != 1
        M.C = &C
        M.hk = hk
        M.hm = hm
        M.holes = holes
        M.cnt = cnt
        M.wm = NULL
        if forming_t is TwoPlusThree:
            pass
        else:
            if n <= WM_PLAYERS:
                memset(wm, 0, (1 << n) * sizeof(int64_t))
                M.wm = wm
        merged_boards(fm, rk, P, &M, used, assign, first)
        if M.wm != NULL:
            winners_to_tally(n, wm, cnt)
        if stop_requested(P.ctl):
            return
        boards = M.boards
        evaluated = M.evaluated
    else:
        # The odometer deals the first k - 1 new cards; the last one is a plain loop.
        while boards_next(&B, k - 1, &C):
            if stop_requested(P.ctl):
                return
            last_card_range(&B, k - 1, &lo, &hi)
            if forming_t is TwoPlusThree:
                boards += last_cards_omaha(rk, P, holes, B.board, B.mask[k - 1], rem, lo, hi, &C,
                                           cnt, &evaluated)
            else:
                boards += last_cards(rk, n, hk, hm, B.key[k - 1], B.mask[k - 1], rem, lo, hi, &C,
                                     cnt, &evaluated)
    if P.count_at >= 0:
        tally[P.count_at] += evaluated
    for j in range(P.total_at):
        if cnt[j]:
            tally[j] += w * cnt[j]
    tally[P.total_at] += w * boards
    if P.bp >= 0:
        row = ctally + <int64_t>(assign[P.bp] - P.boff) * P.bstride
        if ranking_t is HighLow8Ranking:
            for j in range(HILO_SLOTS - 1):
                row[j] += w * cnt[HILO_SLOTS * P.bp + j]
            row[HILO_SLOTS] += w * boards
        else:
            s = 0
            for j in range(1, n + 1):
                row[j] += w * cnt[P.bp * (n + 1) + j]
                s += cnt[P.bp * (n + 1) + j]
            row[0] += w * (boards - s)


# --- Exhaustive enumeration with the last player innermost -----------------
#
# When the last player's range is large, it pays to fix everyone else first,
# then each board, and only then run through the last player's combos: the
# others are evaluated once per board instead of once per outcome, and the
# innermost loop is one evaluation and two compares.  Suit symmetry then works
# in two steps: the others' assignment is kept only if it is the smallest of
# its orbit (weighted by the orbit's size), and each board only if it is the
# smallest of its orbit under the permutations that fix that assignment.


cdef inline int64_t prefix_orbit(const Problem* P, const int32_t* assign, int npre,
                                 uint32_t* stab) noexcept nogil:
    """|orbit| of the first ``npre`` players' assignment if it is the orbit's smallest, else 0.

    ``stab`` receives the bit set of the symmetries that fix it.
    """
    cdef int g, p, size = 1
    cdef int32_t x
    cdef bint equal
    stab[0] = 1
    for g in range(1, P.ng):
        equal = True
        for p in range(npre):
            x = P.perm[g * P.total_combos + assign[p]]
            if x < assign[p]:
                return 0
            if x > assign[p]:
                equal = False
                break
        if equal:
            stab[0] |= 1u << g
            size += 1
    return P.ng // size


cdef void last_boards(const Problem* P, const int32_t* assign, uint64_t used, int first,
                      tally_t w, uint32_t stab, tally_t* tally, tally_t* ctally,
                      forming_t* fm, ranking_t* rk) noexcept nogil:
    """Every board for the others' assignment, then every combo of the last player.

    A broken-down player (``P.bp``) gets its outcomes in its combo's row of
    ``ctally`` as well: the last player's per combo and board (slot 0 a loss,
    1 a win, k + 1 a split with k others), any other's once at the end.
    """
    cdef int n = P.n
    cdef int L = n - 1
    cdef int k = MAX_BOARD - P.nb
    cdef uint64_t hk[MAX_PLAYERS]
    cdef uint64_t hm[MAX_PLAYERS]
    cdef tally_t cnt[MAX_PLAYERS * (MAX_PLAYERS + 1) + 1]
    cdef uint8_t rem[52]
    cdef int r, p, j, nbest
    cdef int32_t i
    cdef uint16_t v[MAX_PLAYERS]
    cdef uint16_t best, x
    cdef uint64_t key, mask, base, usedb
    cdef tally_t bw, gt, eq, tot, lt, wi, wb, s
    cdef tally_t* row
    cdef bint inner = P.bp == L
    cdef int S = P.bstride
    cdef bint sym = stab != 1
    cdef Canon C
    cdef Boards D
    cdef OmahaBoard B
    cdef OmahaTable T
    cdef bint tabled = P.off[L + 1] - P.off[L] > OMAHA_TABLE_MIN
    cdef int64_t nev = 0, cgt, ceq, ctot
    cdef int32_t last_end
    make_canon(P.sigma, P.ng, stab, &C)
    r = remaining_cards(used, rem, True)
    boards_start(&D, rem, r, k, first, P.bcards, P.nb)
    for p in range(L):
        hk[p] = PC_KEY_INIT + P.bkey + P.ckey[assign[p]]
        hm[p] = P.bmask | P.cmask[assign[p]]
    memset(cnt, 0, (layout.total_slot(n, False) + 1) * sizeof(tally_t))
    if forming_t is TwoPlusThree:
        pass
    else:
        if inner and n == 2:
            headsup_last(P, used, w, stab, sym, hk[0], hm[0], &D, &C, tally, ctally, rk)
            return
    while boards_next(&D, k, &C):
        key = D.key[k]
        mask = D.mask[k]
        if stop_requested(P.ctl):
            return
        bw = 1
        if C.active:
            bw = <tally_t>leaf_weight(&C, mask)
        elif sym:
            bw = <tally_t>board_orbit(P.sigma, P.ng, stab, P.bmask | mask)
        if bw != 0:
            best = 0
            if forming_t is TwoPlusThree:
                omaha_board(&B, D.board, MAX_BOARD)
                if tabled:
                    omaha_table(&T, &B)
            for p in range(L):
                if forming_t is TwoPlusThree:
                    x = omaha_value(&B, hole_of(P, assign[p]), P.K)
                else:
                    x = evaluate(rk, hk[p] + key, hm[p] | mask)
                v[p] = x
                best = x if x > best else best
            nbest = 0
            for p in range(L):
                nbest += v[p] == best
            gt = 0
            eq = 0
            tot = 0
            wb = w * bw
            base = PC_KEY_INIT + P.bkey + key
            usedb = used | mask
            last_end = P.off[L + 1]
            if inner:
                last_combos(fm, rk, P, L, usedb, base, P.bmask | mask, best, nbest + 1, wb, &B, &T,
                            tabled, ctally, &gt, &eq, &tot, &nev)
                last_end = P.off[L]
            elif forming_t is TwoPlusThree:
                pass
            elif P.classes:
                cgt = ceq = ctot = 0
                if random_classes(rk, usedb, P.bmask | mask, base, best, &cgt, &ceq, &ctot,
                                  &nev):
                    gt = cgt
                    eq = ceq
                    tot = ctot
                    last_end = P.off[L]
            for i in range(P.off[L], last_end):
                if P.cmask[i] & usedb:
                    continue
                nev += 1
                if forming_t is TwoPlusThree:
                    if tabled:
                        x = omaha_table_value(&T, hole_of(P, i), P.K)
                    else:
                        x = omaha_value(&B, hole_of(P, i), P.K)
                else:
                    x = evaluate(rk, base + P.ckey[i], P.bmask | mask | P.cmask[i])
                if tally_t is double:
                    wi = P.cw[i]
                else:
                    wi = 1
                tot += wi
                if x > best:
                    gt += wi
                elif x == best:
                    eq += wi
            lt = tot - gt - eq
            cnt[L * (n + 1) + 1] += bw * gt
            cnt[L * (n + 1) + nbest + 1] += bw * eq
            for p in range(L):
                if v[p] == best:
                    cnt[p * (n + 1) + nbest] += bw * lt
                    cnt[p * (n + 1) + nbest + 1] += bw * eq
            cnt[layout.total_slot(n, False)] += bw * tot
    for j in range(layout.total_slot(n, False) + 1):
        if cnt[j] != 0:
            tally[j] += w * cnt[j]
    if P.count_at >= 0:
        tally[P.count_at] += nev
    if 0 <= P.bp < L:
        row = ctally + <int64_t>(assign[P.bp] - P.boff) * S
        s = 0
        for j in range(1, n + 1):
            row[j] += w * cnt[P.bp * (n + 1) + j]
            s += cnt[P.bp * (n + 1) + j]
        row[0] += w * (cnt[layout.total_slot(n, False)] - s)


# --- A last player holding every hand, by rank classes -------------------------
#
# On a board where no suit has three cards, no two hole cards make a flush, so
# a hand's value depends on its two ranks alone: the 1,000-odd combos of a
# player who holds every hand the deck allows fall in at most 91 rank classes
# (13 pairs, 78 unpaired), each worth one rank-only lookup times the combos the
# cards left allow.  With three or four cards of one suit on the board, the
# combos holding enough of that suit are valued one by one and taken out of
# their classes; a five-card flush board goes combo by combo.

cdef inline bint random_classes(ranking_t* rk, uint64_t usedb, uint64_t bfull, uint64_t base,
                                uint16_t best, int64_t* gt_, int64_t* eq_, int64_t* tot_,
                                int64_t* nev) noexcept nogil:
    """The last player's combos on the board ``bfull`` (its key ``base``) when it holds every
    hand: adds the combos beating ``best``, tying it and all of them; False on a board of
    five cards of one suit, left to the caller."""
    cdef uint64_t avail = ~usedb
    cdef uint32_t base32 = <uint32_t>base  # the ranks' part of the board's key
    cdef int a[13]
    cdef int16_t cls[13 * 13]
    cdef uint32_t rkey[13]
    cdef int r, r2, s, fs = -1, need = 0, c1, c2, n
    cdef uint64_t lane, m1
    cdef int64_t gt = 0, eq = 0, tot = 0, ev = 0
    cdef uint16_t x
    for s in range(4):
        n = __builtin_popcountll((bfull >> (16 * s)) & 0x1FFF)
        if n >= 3:
            fs = s
            need = FLUSH_CARDS - n
    if fs >= 0 and need == 0:
        return False
    for r in range(13):
        a[r] = 0
        for s in range(4):
            a[r] += (avail >> (16 * s + r)) & 1
        rkey[r] = <uint32_t>PC_CARD_KEY[4 * r]
    for r in range(13):
        cls[13 * r + r] = a[r] * (a[r] - 1) // 2
        for r2 in range(r):
            cls[13 * r + r2] = a[r] * a[r2]
    if fs >= 0:
        # The combos that make a flush: valued in full, out of their classes.
        lane = (avail >> (16 * fs)) & 0x1FFF
        for r in range(13):
            if not (lane >> r) & 1:
                continue
            c1 = 4 * r + fs
            m1 = bfull | PC_CARD_BIT[c1]
            for c2 in range(NUM_CARDS):
                if c2 == c1 or avail & PC_CARD_BIT[c2] == 0:
                    continue
                if (c2 & 3) == fs:
                    if c2 > c1:
                        continue  # the pair in suit is counted from its higher card
                elif need == 2:
                    continue
                r2 = c2 >> 2
                x = evaluate(rk, base + PC_CARD_KEY[c1] + PC_CARD_KEY[c2], m1 | PC_CARD_BIT[c2])
                ev += 1
                tot += 1
                gt += x > best
                eq += x == best
                if r2 > r:
                    cls[13 * r2 + r] -= 1
                else:
                    cls[13 * r + r2] -= 1
    for r in range(13):
        if a[r] == 0:
            continue
        for r2 in range(r + 1):
            n = cls[13 * r + r2]
            if n <= 0:
                continue
            x = nonflush_value(rk, base32 + rkey[r] + rkey[r2])
            ev += 1
            tot += n
            gt += n * (x > best)
            eq += n * (x == best)
    gt_[0] += gt
    eq_[0] += eq
    tot_[0] += tot
    nev[0] += ev
    return True


cdef enum:
    HU_BLOCK = 256  # boards valued and kept together by headsup_last


cdef void headsup_last(const Problem* P, uint64_t used, tally_t w, uint32_t stab, bint sym,
                       uint64_t hk0, uint64_t hm0, Boards* D, const Canon* C, tally_t* tally,
                       tally_t* ctally, ranking_t* rk) noexcept nogil:
    """:func:`last_boards` for two players when the last one is broken down (hold'em games).

    Boards are taken in blocks: each block's boards are valued for player 0
    first, then every combo of player 1 runs through the block with its wins,
    ties and outcomes in registers, so keeping them per combo costs one store
    per combo and block rather than one per combo and board.  Player 0's
    tallies are the mirror image: it wins what the combos lose.
    """
    cdef uint64_t bkey[HU_BLOCK]
    cdef uint64_t bmask[HU_BLOCK]
    cdef uint64_t bnew[HU_BLOCK]
    cdef uint16_t bbest[HU_BLOCK]
    cdef int64_t bwt[HU_BLOCK]
    cdef int k = MAX_BOARD - P.nb
    cdef int nblk = 0, b
    cdef bint more = True
    cdef int64_t bw, win, tie, tot, nev = 0
    cdef int32_t i, lo = P.off[1], hi = P.off[2]
    cdef const uint64_t* cmask = P.cmask
    cdef const uint64_t* ckey = P.ckey
    cdef uint64_t cm, ck, mask
    cdef uint16_t x
    cdef tally_t wi, f, gt = 0, eq = 0, total = 0
    cdef tally_t* row
    cdef int S = P.bstride
    while more:
        more = boards_next(D, k, C)
        if more:
            if stop_requested(P.ctl):
                return
            mask = D.mask[k]
            bw = 1
            if C.active:
                bw = leaf_weight(C, mask)
            elif sym:
                bw = board_orbit(P.sigma, P.ng, stab, P.bmask | mask)
            if bw != 0:
                bkey[nblk] = PC_KEY_INIT + P.bkey + D.key[k]
                bmask[nblk] = P.bmask | mask
                bnew[nblk] = mask
                bbest[nblk] = evaluate(rk, hk0 + D.key[k], hm0 | mask)
                bwt[nblk] = bw
                nblk += 1
        if nblk == HU_BLOCK or (not more and nblk > 0):
            for i in range(lo, hi):
                cm = cmask[i]
                if cm & used:
                    continue
                ck = ckey[i]
                win = 0
                tie = 0
                tot = 0
                for b in range(nblk):
                    if cm & bnew[b]:
                        continue
                    x = evaluate(rk, bkey[b] + ck, bmask[b] | cm)
                    nev += 1
                    tot += bwt[b]
                    win += bwt[b] * (x > bbest[b])
                    tie += bwt[b] * (x == bbest[b])
                if tot == 0:
                    continue
                if tally_t is double:
                    wi = P.cw[i]
                else:
                    wi = 1
                f = w * wi
                row = ctally + <int64_t>(i - lo) * S
                row[0] += f * (tot - win - tie)
                row[1] += f * win
                row[2] += f * tie
                gt += wi * win
                eq += wi * tie
                total += wi * tot
            nblk = 0
    # Player 0 wins what player 1 loses and ties what it ties.
    tally[4] += w * gt
    tally[5] += w * eq
    tally[1] += w * (total - gt - eq)
    tally[2] += w * eq
    tally[6] += w * total
    if P.count_at >= 0:
        tally[P.count_at] += nev


cdef inline void last_combos(forming_t* fm, ranking_t* rk, const Problem* P, int L, uint64_t usedb,
                             uint64_t base, uint64_t bmask, uint16_t best, int tslot, tally_t wb,
                             const OmahaBoard* B, const OmahaTable* T, bint tabled,
                             tally_t* ctally, tally_t* gt_, tally_t* eq_,
                             tally_t* tot_, int64_t* nev) noexcept nogil:
    """The last player's combos on one board when it is broken down: the sums of
    :func:`last_boards` (beating ``best``, tying it, all) and each combo's slot of
    ``ctally`` (0 a loss, 1 a win, ``tslot`` a tie) plus ``wb`` times its weight."""
    cdef const uint64_t* cmask = P.cmask
    cdef const uint64_t* ckey = P.ckey
    cdef const double* cw = P.cw
    cdef int32_t lo = P.off[L], hi = P.off[L + 1], i
    cdef int S = P.bstride, K = P.K
    cdef tally_t* row = ctally
    cdef tally_t gt = 0, eq = 0, tot = 0, wi
    cdef uint16_t x
    for i in range(lo, hi):
        row = ctally + <int64_t>(i - lo) * S
        if cmask[i] & usedb:
            continue
        nev[0] += 1
        if forming_t is TwoPlusThree:
            if tabled:
                x = omaha_table_value(T, P.ccards + <int64_t>i * K, K)
            else:
                x = omaha_value(B, P.ccards + <int64_t>i * K, K)
        else:
            x = evaluate(rk, base + ckey[i], bmask | cmask[i])
        if tally_t is double:
            wi = cw[i]
        else:
            wi = 1
        tot += wi
        gt += wi * (x > best)
        eq += wi * (x == best)
        row[(x > best) + (x == best) * tslot] += wb * wi
    gt_[0] += gt
    eq_[0] += eq
    tot_[0] += tot


# --- Hi/lo with the last player innermost --------------------------------------
#
# The order of :func:`last_boards`: the others' assignment, then each board,
# then every combo of the last player.  On one board a combo's outcome
# depends only on how its high compares with the others' best (above, level
# or below) and its low with their best low (above, level, below, or no low
# for anyone), so the combos are counted in those twelve classes and each
# class is paid out once per board, in the units :func:`count_hilo` gives
# every outcome of it.  With a big last range the board's high and low of
# every pair of hole ranks are tabled first (``OmahaTable`` and
# :func:`low_table`), so a combo costs two lookups per pair of its cards.

cdef enum:
    # (high: above, level, below) x (low: above, level, below, none): 4 * high + low.
    HILO_CLASSES = 12
    # The hi/lo slots a class pays (scoops, part pots, high, low and no-low units).
    HILO_PAID = 5


cdef inline void low_table(uint16_t* low, uint32_t lows) noexcept nogil:
    """``low[r0 * 13 + r1]``: :func:`omaha_low` of a hole card of rank r0 and one of rank r1
    with the board whose low ranks are ``lows`` (0: no low)."""
    cdef int r0, r1
    cdef uint8_t pair[2]
    cdef uint16_t v
    for r0 in range(13):
        for r1 in range(r0, 13):
            pair[0] = 4 * r0
            pair[1] = 4 * r1
            v = omaha_low(lows, pair, 2)
            low[r0 * 13 + r1] = v
            low[r1 * 13 + r0] = v


cdef inline uint16_t table_low(const uint16_t* low, const uint8_t* hole, int nh) noexcept nogil:
    """The best low (0: none) of exactly two of the ``nh`` hole cards with the board that
    :func:`low_table` made ``low`` of."""
    cdef int a, b
    cdef uint16_t best = 0, v
    for a in range(nh):
        for b in range(a + 1, nh):
            v = low[(hole[a] >> 2) * 13 + (hole[b] >> 2)]
            best = v if v > best else best
    return best


cdef inline void hilo_pay(int c, int64_t units, int nbest, int nlow, int64_t* out) noexcept nogil:
    """The last player's slots for one outcome of class ``c`` (scoop, part pot, high, low and
    no-low units) against ``nbest`` others level at the best high and ``nlow`` at the best low."""
    cdef int h = c >> 2, l = c & 3
    cdef int64_t hu, lu, nu, u
    hu = units if h == 0 else (units // (nbest + 1) if h == 1 else 0)
    lu = units if l == 0 else (units // (nlow + 1) if l == 1 else 0)
    nu = hu if l == 3 else 0
    u = hu + lu + nu
    out[0] = u == 2 * units
    out[1] = u > 0 and u < 2 * units
    out[2] = hu
    out[3] = lu
    out[4] = nu


cdef void last_boards_hilo(const Problem* P, const int32_t* assign, uint64_t used, int first,
                           tally_t w, uint32_t stab, tally_t* tally,
                           tally_t* ctally) noexcept nogil:
    """:func:`last_boards` for hi/lo: every board for the others' assignment, then every combo
    of the last player by class (see above), into the tallies of :func:`count_hilo`.

    A broken-down last player (``P.bp``) gets each combo's hi/lo slots in its
    row of ``ctally``, any other broken-down player its own once at the end.
    """
    cdef int n = P.n
    cdef int L = n - 1
    cdef int k = MAX_BOARD - P.nb
    cdef int K = P.K, S = P.bstride
    cdef int64_t U = P.units
    cdef int r, p, j, c, l, nbest, nlow, tie_low
    cdef int32_t i, lo = P.off[L], hi = P.off[L + 1]
    cdef uint8_t rem[52]
    cdef uint16_t v[MAX_PLAYERS]
    cdef uint16_t lv[MAX_PLAYERS]
    cdef uint16_t low[169]
    cdef uint16_t best, bestlow, x, y
    cdef uint32_t lows
    cdef bint lowb
    cdef bint inner = P.bp == L
    cdef bint sym = stab != 1
    cdef bint tabled = hi - lo > OMAHA_TABLE_MIN
    cdef tally_t cnt[HILO_SLOTS * MAX_PLAYERS + 2]
    cdef tally_t cls[HILO_CLASSES]
    cdef int64_t pay[HILO_CLASSES * HILO_PAID]
    cdef int64_t hu, lu, nu, u, ho, lo_share
    cdef tally_t bw, wb, wi, f, tot
    cdef tally_t* row
    cdef tally_t* cp
    cdef const uint8_t* hole
    cdef uint64_t usedb
    cdef int64_t nev = 0
    cdef Canon C
    cdef Boards D
    cdef OmahaBoard B
    cdef OmahaTable T
    make_canon(P.sigma, P.ng, stab, &C)
    r = remaining_cards(used, rem, True)
    boards_start(&D, rem, r, k, first, P.bcards, P.nb)
    memset(cnt, 0, (layout.total_slot(n, True) + 1) * sizeof(tally_t))
    T.fsuit = -1
    while boards_next(&D, k, &C):
        if stop_requested(P.ctl):
            return
        bw = 1
        if C.active:
            bw = <tally_t>leaf_weight(&C, D.mask[k])
        elif sym:
            bw = <tally_t>board_orbit(P.sigma, P.ng, stab, P.bmask | D.mask[k])
        if bw == 0:
            continue
        omaha_board(&B, D.board, MAX_BOARD)
        lows = low_ranks(D.board, MAX_BOARD)
        lowb = __builtin_popcountll(lows) >= 3
        best = 0
        bestlow = 0
        for p in range(L):
            hole = hole_of(P, assign[p])
            x = omaha_value(&B, hole, K)
            y = omaha_low(lows, hole, K) if lowb else 0
            v[p] = x
            lv[p] = y
            best = x if x > best else best
            bestlow = y if y > bestlow else bestlow
        nbest = 0
        nlow = 0
        for p in range(L):
            nbest += v[p] == best
            nlow += bestlow != 0 and lv[p] == bestlow
        # Level with a best low of nobody's is no low at all.
        tie_low = 1 if bestlow else 3
        if tabled:
            omaha_table(&T, &B)
            if lowb:
                low_table(low, lows)
        for c in range(HILO_CLASSES):
            cls[c] = 0
            hilo_pay(c, U, nbest, nlow, &pay[HILO_PAID * c])
        wb = w * bw
        usedb = used | D.mask[k]
        for i in range(lo, hi):
            if P.cmask[i] & usedb:
                continue
            nev += 1
            hole = hole_of(P, i)
            if tabled:
                x = omaha_table_value(&T, hole, K)
                y = table_low(low, hole, K) if lowb else 0
            else:
                x = omaha_value(&B, hole, K)
                y = omaha_low(lows, hole, K) if lowb else 0
            c = (4 * (2 * (x < best) + (x == best)) + 2 * (y < bestlow)
                 + (y == bestlow) * tie_low)
            if tally_t is double:
                wi = P.cw[i]
            else:
                wi = 1
            cls[c] += wi
            if inner:
                row = ctally + <int64_t>(i - lo) * S
                for j in range(HILO_PAID):
                    row[j] += wb * wi * pay[HILO_PAID * c + j]
                row[HILO_SLOTS] += wb * wi
        tot = 0
        for c in range(HILO_CLASSES):
            if cls[c] == 0:
                continue
            tot += cls[c]
            f = bw * cls[c]
            cp = cnt + HILO_SLOTS * L
            for j in range(HILO_PAID):
                cp[j] += f * pay[HILO_PAID * c + j]
            # The others level at the best high or low share what the last player leaves.
            l = c & 3
            ho = 0 if c < 4 else (U // (nbest + 1) if c < 8 else U // nbest)
            lo_share = 0 if l == 0 or l == 3 else (U // (nlow + 1) if l == 1 else U // nlow)
            for p in range(L):
                hu = ho if v[p] == best else 0
                lu = lo_share if bestlow != 0 and lv[p] == bestlow else 0
                nu = hu if l == 3 else 0
                u = hu + lu + nu
                cp = cnt + HILO_SLOTS * p
                cp[0] += f * (u == 2 * U)
                cp[1] += f * (u > 0 and u < 2 * U)
                cp[2] += f * hu
                cp[3] += f * lu
                cp[4] += f * nu
        cnt[layout.low_board_slot(n)] += bw * tot * lowb
        cnt[layout.total_slot(n, True)] += bw * tot
    for j in range(layout.total_slot(n, True) + 1):
        if cnt[j] != 0:
            tally[j] += w * cnt[j]
    if P.count_at >= 0:
        tally[P.count_at] += nev
    if 0 <= P.bp < L:
        row = ctally + <int64_t>(assign[P.bp] - P.boff) * S
        for j in range(HILO_PAID):
            row[j] += w * cnt[HILO_SLOTS * P.bp + j]
        row[HILO_SLOTS] += w * cnt[layout.total_slot(n, True)]


cdef void assign_players(const Problem* P, int32_t* assign, int p, int stop, uint64_t used,
                         tally_t w, int first, tally_t* tally, tally_t* ctally,
                         forming_t* fm, ranking_t* rk) noexcept nogil:
    """Give players ``p..stop-1`` every non-conflicting combo, then enumerate the boards.

    ``stop`` is ``n`` when whole assignments come first (``all_boards``) and
    ``n - 1`` when the last player is enumerated innermost (``last_boards``).
    Only the smallest assignment of each symmetry orbit goes on, weighted by
    the orbit's size.
    """
    cdef int32_t i
    cdef int64_t m
    cdef uint32_t stab = 1
    cdef tally_t wi
    if p == stop:
        if P.ng > 1:
            m = prefix_orbit(P, assign, stop, &stab)
            if m == 0:
                return
            w *= <tally_t>m
        if stop == P.n:
            all_boards(P, assign, used, first, w, stab, tally, ctally, fm, rk)
        elif ranking_t is HighLow8Ranking:
            last_boards_hilo(P, assign, used, first, w, stab, tally, ctally)
        else:
            last_boards(P, assign, used, first, w, stab, tally, ctally, fm, rk)
        return
    for i in range(P.off[p], P.off[p + 1]):
        if P.cmask[i] & used:
            continue
        if stop_requested(P.ctl):
            return
        assign[p] = i
        if tally_t is double:
            wi = w * P.cw[i]
        else:
            wi = w
        assign_players(P, assign, p + 1, stop, used | P.cmask[i], wi, first, tally, ctally, fm, rk)


cdef inline void run_assign(const Problem* P, int32_t* assign, int p, int stop, uint64_t used,
                            tally_t w, int first, tally_t* tally, tally_t* ctally) noexcept nogil:
    """:func:`assign_players` as compiled for the problem's game (:func:`play`)."""
    cdef Call c
    c.kind = CALL_ASSIGN
    c.assign = assign
    c.p = p
    c.stop = stop
    c.used = used
    c.first = first
    c.tally = tally
    c.ctally = ctally
    if tally_t is double:
        c.sums = True
        c.w_sum = w
        c.w_count = 0
    else:
        c.sums = False
        c.w_count = w
        c.w_sum = 0.0
    play(P, &c)


# The tally layout (core/_showdown.pxd, where it is defined) and the kernels' sizes, for the
# Python side, which reads them here instead of doing arithmetic of its own.

def kernel_sizes() -> tuple:
    """The kernels' fixed sizes (core/_game.pxd): most players, board cards and own cards."""
    return (MAX_PLAYERS, MAX_BOARD, MAX_HOLE)


def tally_size(int n, bint hilo) -> int:
    """Length of one tally of ``n`` players (hi/lo or not): the counts, then the total."""
    return layout.total_slot(n, hilo) + 1


def total_slot(int n, bint hilo) -> int:
    """Where a tally of ``n`` players holds its total weight (outcomes, or boards dealt)."""
    return layout.total_slot(n, hilo)


def player_slot(int p, int n, bint hilo) -> int:
    """Where player ``p``'s slots start: ``n + 1`` win counts (slot ``k``: won as one of
    ``k`` winners), or hi/lo's scoops, part pots, high, low and no-low units, squared units."""
    return layout.player_slot(p, n, hilo)


def low_board_slot(int n) -> int:
    """Hi/lo: where a tally of ``n`` players counts the outcomes whose board allows a low."""
    return layout.low_board_slot(n)


def cluster_slot(int n, bint hilo) -> int:
    """Where a Monte Carlo count row's cluster sums start (see ``Kernel.mc_size``)."""
    return layout.cluster_slot(n, hilo)


def largest_first(int32_t[::1] flat, Py_ssize_t done) -> None:
    """Reorder the work items (a, b, first) after the first ``done``, in place, by ``first``
    from -1 (unsplit) up, keeping the order of equal ones: a counting sort, since the firsts
    are few (the sort in Python cost AA | KK | QQ 0.4 ms of its 10 ms on two threads)."""
    cdef Py_ssize_t n = flat.shape[0] // 3, i, j, m
    cdef int32_t top = -1
    cdef Py_ssize_t* start
    cdef int32_t* tmp
    if done < 0:
        raise ValueError("done must not be negative")
    if done >= n:
        return
    for i in range(done, n):
        if flat[3 * i + 2] < -1:
            raise ValueError("a work item's first card must be -1 or more")
        if flat[3 * i + 2] > top:
            top = flat[3 * i + 2]
    m = n - done
    # start[f + 2] counts the items of first f; prefix sums make start[f + 1] where they go.
    start = <Py_ssize_t*>calloc(top + 3, sizeof(Py_ssize_t))
    tmp = <int32_t*>malloc(3 * m * sizeof(int32_t))
    if start == NULL or tmp == NULL:
        free(start)
        free(tmp)
        raise MemoryError()
    with nogil:
        for i in range(done, n):
            start[flat[3 * i + 2] + 2] += 1
        for i in range(top + 2):
            start[i + 1] += start[i]
        for i in range(done, n):
            j = start[flat[3 * i + 2] + 1]
            start[flat[3 * i + 2] + 1] += 1
            tmp[3 * j] = flat[3 * i]
            tmp[3 * j + 1] = flat[3 * i + 1]
            tmp[3 * j + 2] = flat[3 * i + 2]
        for j in range(3 * m):
            flat[3 * done + j] = tmp[j]
    free(start)
    free(tmp)


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

    def __init__(self, int32_t[::1] off, uint64_t[::1] ckey, uint64_t[::1] cmask,
                 double[::1] cw, int32_t[::1] perm, uint8_t[::1] is_random, uint8_t[::1] sigma,
                 int ng, int nb, uint64_t bkey, uint64_t bmask, uint64_t dead, int forming,
                 int ranking, int low, int hole, const uint8_t[::1] ccards,
                 const uint8_t[::1] bcards):
        """``forming``, ``ranking`` and ``low`` are the game's ``kernel_ids`` (core/games.py:
        FORMING_* of core/_game.pxd, the RANKING_* of _eval.pxd of the high and the low
        half, or NO_RANKING), ``hole`` the cards per combo, ``ccards`` every combo's cards
        and ``bcards`` the ``nb`` board cards given."""
        n = off.shape[0] - 1
        if not 2 <= n <= MAX_PLAYERS:
            raise ValueError(f"the kernel takes 2 to {MAX_PLAYERS} players")
        if is_random.shape[0] != n:
            raise ValueError("is_random needs one flag per player")
        self.off, self.ckey, self.cmask, self.cw, self.perm = off, ckey, cmask, cw, perm
        if sigma.shape[0] != 4 * ng or (ng > 1 and perm.shape[0] != ng * ckey.shape[0]):
            raise ValueError("sigma and perm must describe ng symmetries")
        if ng > 32:
            raise ValueError("at most 32 symmetries")
        self.is_random = is_random
        self.sigma = sigma
        self.P.is_random = &is_random[0]
        self.P.sigma = &sigma[0]
        self.P.n = n
        self.P.ng = ng
        self.P.nb = nb
        self.P.total_combos = ckey.shape[0]
        self.P.off = &off[0]
        self.P.ckey = &ckey[0]
        self.P.cmask = &cmask[0]
        self.P.cw = &cw[0]
        self.P.perm = &perm[0] if perm.shape[0] else NULL
        self.P.bkey = bkey
        self.P.bmask = bmask
        self.P.dead = dead
        self.P.ctl = NULL
        # The games compiled (play): best five of two own cards and the board under a high
        # ranking; two own and three board cards under the high ranking, alone or with
        # the eight-or-better low.
        if forming == FORMING_BEST_FIVE:
            if not (RANKING_HIGH <= ranking <= RANKING_SHORTDECK_TRITON and low == NO_RANKING
                    and hole == HOLE_PAIR):
                raise ValueError("best five: two own cards and one high ranking")
        elif forming == FORMING_TWO_PLUS_THREE:
            if ranking != RANKING_HIGH or low not in (NO_RANKING, RANKING_LOW8):
                raise ValueError("two plus three: the high ranking, with or without low8")
        else:
            raise ValueError("no kernel forms hands that way")
        if not 2 <= hole <= MAX_HOLE or ccards.shape[0] != hole * ckey.shape[0]:
            raise ValueError(f"ccards needs hole (2 to {MAX_HOLE}) cards per combo")
        if not 0 <= nb <= MAX_BOARD or bcards.shape[0] != nb:
            raise ValueError("bcards needs the nb board cards")
        self.P.forming = forming
        self.P.ranking = ranking
        self.P.low = low
        self.P.units = 1
        self.P.total_at = layout.total_slot(n, low == RANKING_LOW8)
        if low == RANKING_LOW8:
            for i in range(2, n + 1):
                self.P.units = self.P.units * i // gcd(self.P.units, i)
        self.P.K = hole
        self.P.mc_boards = 1
        self.P.mc_group = 1
        self.P.mc_units = 1
        self.P.mc_pooled = 0
        for i in range(n):
            self.P.mc_class[i] = i
        self.P.bp = -1
        self.P.bstride = 0
        self.P.boff = 0
        self.P.merge = 0
        self.P.count_at = -1
        self.set_random_classes(True)
        self.ccards = ccards
        self.P.ccards = &ccards[0] if ccards.shape[0] else NULL
        for i in range(nb):
            self.P.bcards[i] = bcards[i]

    @property
    def tally_size(self) -> int:
        """Length of one tally array (:func:`tally_size` of the problem's players)."""
        return self.P.total_at + 1

    @property
    def mc_size(self) -> int:
        """Length of one Monte Carlo count row: the tally, the rejected draws, then (see
        :meth:`set_clusters`) the clusters, the sum of their boards squared and, per
        player, the sums over the clusters of its share squared and of its share times
        the cluster's boards."""
        return self.P.total_at + 4 + 2 * self.P.n

    def set_clusters(self, int boards, int deals, int64_t units,
                     const uint8_t[::1] classes) -> None:
        """Monte Carlo in hold'em-like games of at most MC_WM_PLAYERS players: deal
        ``boards`` boards to every deal of the players' hands, and count ``deals`` deals
        of the hands a cluster, their joint table's rows drawn evenly (a systematic
        sample of the rows' weights from one uniform number a cluster, when the run has
        a joint table); a board's share is counted in ``units`` (every split of it whole:
        a multiple of 1 to n).  ``classes[p]`` is the first player exchangeable with
        player ``p`` (the same distribution of hands): a class's shares are summed
        before they are squared, so that its members' equities can be pooled.  Each
        cluster adds to the count row's last slots what the standard error of a
        clustered sample needs (:attr:`mc_size`; a class's in its first player's slots)."""
        cdef int k, p
        if not 1 <= boards <= 64 or not 1 <= deals <= 1 << 20:
            raise ValueError("boards must be 1 to 64 and deals 1 to 2**20")
        if units < 1 or units > 1 << 24:
            raise ValueError("units must be 1 to 2**24")
        for k in range(1, self.P.n + 1):
            if units % k:
                raise ValueError("units must be a multiple of every split")
        if classes.shape[0] != self.P.n:
            raise ValueError("classes needs one class per player")
        for p in range(self.P.n):
            if classes[p] > p or classes[classes[p]] != classes[p]:
                raise ValueError("a class is named by its first player")
        self.P.mc_boards = boards
        self.P.mc_group = deals
        self.P.mc_units = units
        self.P.mc_pooled = 0
        for p in range(self.P.n):
            self.P.mc_class[p] = classes[p]
            self.P.mc_pooled |= classes[p] != p

    def cluster_slots(self, int64_t trials_per_slot, int64_t cluster, int64_t units) -> int:
        """The most slots of ``trials_per_slot`` boards one :meth:`montecarlo` call may run
        in clusters of up to ``cluster`` boards of ``units`` (:meth:`set_clusters`), so
        that a thread's squared cluster sums stay within 64 bits: a class takes at most
        the whole pot of a board, so they add up to at most the call's units times one
        cluster's."""
        cluster = min(cluster, trials_per_slot)
        return ((1 << 63) - 1) // (max(trials_per_slot, 1) * max(cluster, 1) * units * units)

    @property
    def units(self) -> int:
        """Hi/lo: the units of a half pot (every split of it is whole); 1 otherwise."""
        return self.P.units

    def set_suit_merging(self, bint on, int hole_min, int hole_max, int board_min) -> None:
        """Merge the boards of whole assignments by dead suits (``all_boards``) when ``on``:
        a flush of five cards uses ``hole_min`` to ``hole_max`` hole cards and at least
        ``board_min`` board cards (the game's rule)."""
        if on and not (0 <= hole_min <= hole_max and 0 <= board_min <= FLUSH_CARDS):
            raise ValueError("impossible flush rule")
        self.P.merge = on
        self.P.fl_hmin = hole_min
        self.P.fl_hmax = hole_max
        self.P.fl_bmin = board_min

    def set_random_classes(self, bint on) -> bool:
        """Count the last player's combos by rank classes (``random_classes``) when ``on`` and
        it holds every hand the deck allows, each once, in a hold'em-like game; returns whether
        that applies."""
        cdef int L = self.P.n - 1
        cdef int32_t i
        cdef bint ok = on and self.P.is_random[L] and self.P.forming == FORMING_BEST_FIVE
        if ok:
            for i in range(self.P.off[L], self.P.off[L + 1]):
                if self.P.cw[i] != 1.0:
                    ok = False
                    break
        self.P.classes = ok
        return ok

    def set_breakdown(self, int player) -> int:
        """Keep ``player``'s tallies per combo as well (-1: nobody); returns the slots per combo.

        A combo's row holds, for hold'em-like and Omaha games, the weight of the
        outcomes it lost (slot 0) and of those it won as one of ``k`` winners
        (slot ``k``), ``n + 1`` slots that add up to its outcomes; for hi/lo,
        the five hi/lo slots of the player's tally (scoops, part pots, high,
        low and no-low units), the squared units (Monte Carlo) and its
        outcomes.  The exhaustive rows are per orbit representative: the
        caller spreads them over the suit symmetries (each row once per
        symmetry, divided by their number).
        """
        if player < 0:
            self.P.bp = -1
            self.P.bstride = 0
            return 0
        if player >= self.P.n:
            raise ValueError("no such player")
        self.P.bp = player
        self.P.boff = self.P.off[player]
        self.P.bstride = HILO_SLOTS + 1 if self.P.low == RANKING_LOW8 else self.P.n + 1
        return self.P.bstride

    def _check_breakdown(self, Py_ssize_t rows, Py_ssize_t cols, int threads):
        """Refuse per-combo tallies too small for the broken-down player."""
        cdef int p = self.P.bp
        if p >= 0 and (rows < threads
                       or cols < (self.P.off[p + 1] - self.P.off[p]) * self.P.bstride):
            raise ValueError("combo tallies are too small")

    def count_assignments(self, int64_t budget, int64_t[::1] ctl=None) -> int:
        """Number of non-conflicting joint assignments, or -1 when counting would pass ``budget``
        steps (two players are counted by :func:`_count_pairs` past it, whatever their sizes),
        or -2 when ``ctl`` (a ``runner.Control`` buffer) asked the pair count to stop: at the
        largest ranges it takes seconds."""
        cdef int64_t steps = 0
        cdef int64_t count = -1
        cdef double pairs
        if ctl is not None:
            if ctl.shape[0] < 2:
                raise ValueError("ctl needs two entries")
            self.P.ctl = &ctl[0]
        try:
            with nogil:
                if self.P.n == 2:
                    pairs = (<double>(self.P.off[1] - self.P.off[0])
                             * (self.P.off[2] - self.P.off[1]))
                    if pairs > budget:
                        count = _count_pairs(&self.P, self.P.bmask | self.P.dead)
                if count == -1:
                    count = _count(&self.P, 0, self.P.bmask | self.P.dead, &steps, budget)
        finally:
            self.P.ctl = NULL
        return -1 if steps > budget else count

    def work_items(self, bint first_only, int nfirsts, bint shuffle) -> object:
        """The exhaustive run's work items as a flat int32 array of (a, b, first) triples.

        ``a`` and ``b`` are non-conflicting combos of players 0 and 1 (``b`` is
        -1 when ``first_only``: player 0 alone comes before the boards); each
        pair is repeated with ``first`` = 0 .. ``nfirsts`` - 1, or once with -1
        when ``nfirsts`` is 0.  ``shuffle`` puts them in a fixed pseudo-random
        order, so that any prefix is a fair sample of the work.
        """
        cdef int32_t i, j, f
        cdef int64_t count = 0, k, x
        cdef uint64_t base = self.P.bmask | self.P.dead
        cdef int reps = nfirsts if nfirsts > 0 else 1
        cdef int32_t[::1] out
        cdef int32_t tmp
        cdef uint64_t state = 1
        cdef int64_t pairs = 0
        from array import array
        # Two large ranges that conflict in almost every pair (only an estimate said their
        # assignments were few) take many seconds here: a signal's handler runs between rows.
        for i in range(self.P.off[0], self.P.off[1]):
            if self.P.cmask[i] & base:
                continue
            if first_only:
                count += 1
                continue
            pairs += self.P.off[2] - self.P.off[1]
            if pairs >= SIGNAL_CHECK_PAIRS:
                pairs = 0
                PyErr_CheckSignals()
            for j in range(self.P.off[1], self.P.off[2]):
                if not self.P.cmask[j] & (base | self.P.cmask[i]):
                    count += 1
        buf = array("i", bytes(4 * 3 * count * reps))
        if count == 0:
            return buf
        out = buf
        k = 0
        for i in range(self.P.off[0], self.P.off[1]):
            if self.P.cmask[i] & base:
                continue
            if not first_only:
                pairs += self.P.off[2] - self.P.off[1]
                if pairs >= SIGNAL_CHECK_PAIRS:
                    pairs = 0
                    PyErr_CheckSignals()
            for j in range(self.P.off[1] if not first_only else -1,
                           self.P.off[2] if not first_only else 0):
                if j >= 0 and self.P.cmask[j] & (base | self.P.cmask[i]):
                    continue
                for f in range(reps):
                    out[3 * k] = i
                    out[3 * k + 1] = j
                    out[3 * k + 2] = f if nfirsts > 0 else -1
                    k += 1
        with nogil:
            if shuffle:
                # Fisher-Yates over whole triples, with a fixed splitmix64 stream.
                k = count * reps - 1
                while k > 0:
                    x = <int64_t>((splitmix(&state) >> 11) % <uint64_t>(k + 1))
                    for f in range(3):
                        tmp = out[3 * k + f]
                        out[3 * k + f] = out[3 * x + f]
                        out[3 * x + f] = tmp
                    k -= 1
        return buf

    def exhaustive(self, int32_t[:, ::1] items, tally_t[:, ::1] tallies,
                   tally_t[:, ::1] ctallies, int threads, int64_t[::1] ctl) -> None:
        """Enumerate the work items (combo 0, combo 1, first board card or -1) into per-thread tallies.

        ``tallies`` is ``int64`` for unweighted problems (exact counts) and
        ``float64`` for weighted ones; ``ctl`` is a ``runner.Control`` buffer:
        the kernel returns early once its stop flag is set and adds one to its
        counter per finished item.  ``ctallies`` (same type, one row per thread)
        gets the per-combo tallies of :meth:`set_breakdown`'s player.
        """
        cdef Py_ssize_t it, nitems = items.shape[0]
        cdef int t
        cdef int32_t* assign
        cdef Problem* P = &self.P
        cdef tally_t w
        cdef uint64_t used
        if tallies.shape[0] < threads or tallies.shape[1] < self.tally_size:
            raise ValueError("tallies is too small")
        self._check_breakdown(ctallies.shape[0], ctallies.shape[1], threads)
        if ctl.shape[0] < 2:
            raise ValueError("ctl needs two entries")
        if nitems == 0:
            return
        P.ctl = &ctl[0]
        # A spare column after the tally counts the showdowns played.
        P.count_at = self.tally_size if tallies.shape[1] > self.tally_size else -1
        with nogil, parallel(num_threads=threads):
            assign = <int32_t*>line_calloc(MAX_PLAYERS, sizeof(int32_t))
            if assign != NULL:
                for it in prange(nitems, schedule="dynamic", chunksize=1):
                    if stop_requested(P.ctl):
                        continue
                    t = threadid()
                    assign[0] = items[it, 0]
                    assign[1] = items[it, 1]
                    if tally_t is double:
                        w = P.cw[items[it, 0]] * P.cw[items[it, 1]]
                    else:
                        w = 1
                    used = P.bmask | P.dead | P.cmask[items[it, 0]] | P.cmask[items[it, 1]]
                    run_assign(P, assign, 2, P.n, used, w, items[it, 2], &tallies[t, 0],
                               &ctallies[t, 0])
                    if not stop_requested(P.ctl):
                        add_done(P.ctl, 1)
                free(assign)
            else:
                # Out of memory on this thread: stop everyone rather than skip work silently.
                P.ctl[0] = -1
        P.ctl = NULL

    def exhaustive_last(self, int32_t[:, ::1] items, tally_t[:, ::1] tallies,
                        tally_t[:, ::1] ctallies, int threads, int64_t[::1] ctl) -> None:
        """Like :meth:`exhaustive` with the last player innermost.

        Items are (combo of player 0, combo of player 1 or -1 when there are
        two players, first board card or -1).
        """
        cdef Py_ssize_t it, nitems = items.shape[0]
        cdef int t, p0
        cdef int32_t* assign
        cdef Problem* P = &self.P
        cdef uint64_t used
        cdef tally_t w
        if tallies.shape[0] < threads or tallies.shape[1] < self.tally_size:
            raise ValueError("tallies is too small")
        self._check_breakdown(ctallies.shape[0], ctallies.shape[1], threads)
        if ctl.shape[0] < 2:
            raise ValueError("ctl needs two entries")
        if nitems == 0:
            return
        P.ctl = &ctl[0]
        # A spare column after the tally counts the showdowns played.
        P.count_at = self.tally_size if tallies.shape[1] > self.tally_size else -1
        with nogil, parallel(num_threads=threads):
            assign = <int32_t*>line_calloc(MAX_PLAYERS, sizeof(int32_t))
            if assign != NULL:
                for it in prange(nitems, schedule="dynamic", chunksize=1):
                    if stop_requested(P.ctl):
                        continue
                    t = threadid()
                    assign[0] = items[it, 0]
                    used = P.bmask | P.dead | P.cmask[items[it, 0]]
                    if tally_t is double:
                        w = P.cw[items[it, 0]]
                    else:
                        w = 1
                    p0 = 1
                    if items[it, 1] >= 0:
                        assign[1] = items[it, 1]
                        used = used | P.cmask[items[it, 1]]
                        if tally_t is double:
                            w = w * P.cw[items[it, 1]]
                        p0 = 2
                    run_assign(P, assign, p0, P.n - 1, used, w, items[it, 2], &tallies[t, 0],
                               &ctallies[t, 0])
                    if not stop_requested(P.ctl):
                        add_done(P.ctl, 1)
                free(assign)
            else:
                P.ctl[0] = -1
        P.ctl = NULL

    def montecarlo(self, double[::1] alias_prob, int32_t[::1] alias_idx, int32_t[::1] joint,
                   double[::1] joint_prob, int32_t[::1] joint_alias, uint64_t[:, ::1] rng,
                   int64_t trials_per_slot, int64_t[:, ::1] counts,
                   int64_t[:, ::1] ccounts, int slots, int threads, int64_t[::1] ctl) -> None:
        """Run ``trials_per_slot`` deals for each of ``slots`` streams (blocks) on ``threads``
        threads, adding each thread's deals into ``counts[thread]``.

        Each slot has its own generator row (``rng[slot]``) and every slot is
        run whatever number of threads OpenMP grants; the counts are integers,
        so their sum over the threads' rows depends on the slots' generators
        only, not on which thread ran which slot.  A row holds the
        same win and split counts as an exhaustive tally (``p * (n + 1) + k``:
        boards player ``p`` won as one of ``k`` winners), then the boards and
        the rejected draws, then the slots :attr:`mc_size` describes (a trial
        is a board: with :meth:`set_clusters`, several may share a deal of
        the hands); ``ccounts[slot]`` the per-combo counts of
        :meth:`set_breakdown`'s player (who must not be dealt from the deck:
        ``is_random`` 0).  A slot gives up early after ``64 * trials + 4096``
        rejected draws in a row, so hopelessly conflicting ranges cannot hang
        the caller, and returns early when ``ctl``'s stop flag is set.
        """
        cdef int t
        cdef Problem* P = &self.P
        cdef int64_t nj = joint_prob.shape[0]
        cdef int nfixed = 0
        for t in range(P.n):
            nfixed += not P.is_random[t]
        if threads < 1:
            raise ValueError("threads must be at least 1")
        if (counts.shape[0] < threads or counts.shape[1] < self.mc_size
                or rng.shape[0] < slots or rng.shape[1] < 4 or ctl.shape[0] < 2):
            raise ValueError("counts, rng or ctl is too small")
        self._check_breakdown(ccounts.shape[0], ccounts.shape[1], threads)
        if P.bp >= 0 and P.is_random[P.bp]:
            raise ValueError("the broken-down player must be dealt from its combos")
        if nj >= (1 << 32) or joint_alias.shape[0] != nj or joint.shape[0] != nj * nfixed:
            raise ValueError("joint tables do not match")
        if (P.mc_boards > 1 or P.mc_group > 1 or P.mc_pooled) and slots > self.cluster_slots(
                trials_per_slot, int(P.mc_group) * P.mc_boards, P.mc_units):
            raise ValueError("too many trials in one call for the cluster sums")
        cdef Draws D
        D.aprob = &alias_prob[0]
        D.aidx = &alias_idx[0]
        D.joint = &joint[0] if nj else NULL
        D.jprob = &joint_prob[0] if nj else NULL
        D.jalias = &joint_alias[0] if nj else NULL
        D.jcum = NULL
        D.nj = nj
        cdef double* jcum = NULL
        cdef double wsum = 0.0, wt
        cdef int64_t row
        cdef int c
        if nj and P.mc_group > 1:
            # The rows' weights summed up to each, for the clusters' systematic samples.
            jcum = <double*>malloc(nj * sizeof(double))
            if jcum == NULL:
                raise MemoryError()
            for row in range(nj):
                wt = 1.0
                for c in range(nfixed):
                    wt *= P.cw[joint[row * nfixed + c]]
                wsum += wt
                jcum[row] = wsum
            for row in range(nj):
                jcum[row] /= wsum
            D.jcum = jcum
        cdef int w
        P.ctl = &ctl[0]
        for t in prange(slots, nogil=True, num_threads=min(threads, max(slots, 1)),
                        schedule="dynamic", chunksize=1):
            w = threadid()
            run_mc(P, &D, &rng[t, 0], trials_per_slot, &counts[w, 0], &ccounts[w, 0])
        P.ctl = NULL
        free(jcum)

    def joint_assignments(self, int64_t limit, int64_t budget) -> object:
        """Every valid joint assignment of the non-random players as a flat int32 array of
        combo indices, one row per assignment, or None when there are more than ``limit``
        or finding them would take more than ``budget`` steps (ranges that conflict in
        almost every assignment: two of 420,497 Omaha-6 hands holding AA with three aces
        left would take 1.8e11 steps to find none)."""
        cdef int32_t assign[MAX_PLAYERS]
        cdef int64_t count = 0, steps = 0
        cdef int32_t[::1] out
        cdef int nfixed = 0, p
        for p in range(self.P.n):
            nfixed += not self.P.is_random[p]
        from array import array
        buf = array("i", bytes(4 * nfixed * (limit + 1)))
        out = buf
        with nogil:
            count = _list_joint(&self.P, 0, 0, self.P.bmask | self.P.dead, assign, &out[0],
                                count, limit, &steps, budget)
        if count < 0:
            return None
        return buf[: count * nfixed]


cdef int64_t _list_joint(const Problem* P, int p, int col, uint64_t used, int32_t* assign,
                         int32_t* out, int64_t count, int64_t limit, int64_t* steps,
                         int64_t budget) noexcept nogil:
    """Append every valid assignment of the non-random players from ``p`` on; -1 past
    ``limit`` assignments or ``budget`` steps."""
    cdef int32_t i
    if count < 0:
        return count
    if p == P.n:
        if count >= limit:
            return -1
        for i in range(col):
            out[count * col + i] = assign[i]
        return count + 1
    if P.is_random[p]:
        return _list_joint(P, p + 1, col, used, assign, out, count, limit, steps, budget)
    steps[0] += P.off[p + 1] - P.off[p]
    if steps[0] > budget:
        return -1
    for i in range(P.off[p], P.off[p + 1]):
        if not P.cmask[i] & used:
            assign[col] = i
            count = _list_joint(P, p + 1, col + 1, used | P.cmask[i], assign, out, count, limit,
                                steps, budget)
            if count < 0:
                return count
    return count


cdef int64_t _count(const Problem* P, int p, uint64_t used, int64_t* steps,
                    int64_t budget) noexcept nogil:
    cdef int64_t total = 0
    cdef int32_t i
    if p == P.n:
        return 1
    for i in range(P.off[p], P.off[p + 1]):
        steps[0] += 1
        if steps[0] > budget:
            return 0
        if not P.cmask[i] & used:
            total += _count(P, p + 1, used | P.cmask[i], steps, budget)
    return total


# C(n, r) for n <= 52 and r <= 7: the ranks of sets of cards (the combinatorial number system).
cdef int64_t _BINOM[53][8]


cdef void _fill_binom() noexcept nogil:
    cdef int x, t
    for x in range(53):
        _BINOM[x][0] = 1
        for t in range(1, 8):
            _BINOM[x][t] = 0 if x == 0 else _BINOM[x - 1][t - 1] + _BINOM[x - 1][t]


_fill_binom()


cdef inline int64_t _subset_rank(const int* c, int K, uint32_t sb, int* size) noexcept nogil:
    """The rank, among the sets of its size, of the set of cards ``c[i]`` (ascending) for the
    bits ``i`` of ``sb``; its size into ``size``."""
    cdef int64_t rank = 0
    cdef int pos, t = 0
    for pos in range(K):
        if (sb >> pos) & 1:
            t += 1
            rank += _BINOM[c[pos]][t]
    size[0] = t
    return rank


cdef int _cmp_u64(const void* x, const void* y) noexcept nogil:
    cdef uint64_t a = (<const uint64_t*>x)[0], b = (<const uint64_t*>y)[0]
    return (a > b) - (a < b)


cdef inline void _sorted_hole(const Problem* P, int32_t combo, int* c) noexcept nogil:
    """A combo's hole cards in ascending order into ``c`` (insertion sort: at most six)."""
    cdef const uint8_t* h = hole_of(P, combo)
    cdef int i, j, x
    for i in range(P.K):
        x = h[i]
        j = i
        while j > 0 and c[j - 1] > x:
            c[j] = c[j - 1]
            j -= 1
        c[j] = x


cdef int64_t _count_pairs(const Problem* P, uint64_t used) noexcept nogil:
    """The non-conflicting pairs of a two-player problem's combos, none touching ``used``, in
    (|A| + |B|) 2^K steps instead of |A| |B|, or -1 when memory is short.

    By inclusion-exclusion over the cards a pair shares: the hands of B that miss a hand a
    are all of B's, less those holding each card of a, plus those holding each two of its
    cards, and so on up to all K.  A table indexed by the set's rank (the combinatorial
    number system) holds, for every set of fewer than K cards, the hands of B holding it;
    a set of K cards is a whole hand, and the hands A and B share are found by sorting.
    Two Omaha-6 ranges of 601,036 hands holding AA with three aces left: no pair, found in
    about a second, where walking the 3.6e11 pairs took hours.  -2 when ``P.ctl`` asked it
    to stop."""
    cdef int K = P.K, t
    cdef int c[8]
    cdef int32_t* tab[8]
    cdef int64_t rank, total = 0, here, nb = 0, na = 0, ia, ib, shared = 0
    cdef int32_t i
    cdef uint32_t sb, full
    cdef uint64_t* am = NULL
    cdef uint64_t* bm = NULL
    cdef bint ok = True, stopped = False
    if P.n != 2 or K < 1 or K > 7:
        return -1
    full = (<uint32_t>1 << K) - 1
    for t in range(8):
        tab[t] = NULL
    for t in range(1, K):
        tab[t] = <int32_t*>calloc(_BINOM[52][t], sizeof(int32_t))
        ok = ok and tab[t] != NULL
    am = <uint64_t*>malloc((P.off[1] - P.off[0] + 1) * sizeof(uint64_t))
    bm = <uint64_t*>malloc((P.off[2] - P.off[1] + 1) * sizeof(uint64_t))
    if not ok or am == NULL or bm == NULL:
        total = -1
    else:
        # B's hands, and every set of fewer than K of their cards.
        for i in range(P.off[1], P.off[2]):
            # (a stop asked for is seen within a few thousand hands: a few milliseconds)
            if (i & 4095) == 0 and stop_requested(P.ctl):
                stopped = True
                break
            if P.cmask[i] & used:
                continue
            bm[nb] = P.cmask[i]
            nb += 1
            _sorted_hole(P, i, c)
            for sb in range(1, full):
                rank = _subset_rank(c, K, sb, &t)
                tab[t][rank] += 1
        for i in range(P.off[0], P.off[1] if not stopped else P.off[0]):
            if (i & 4095) == 0 and stop_requested(P.ctl):
                stopped = True
                break
            if P.cmask[i] & used:
                continue
            am[na] = P.cmask[i]
            na += 1
            _sorted_hole(P, i, c)
            here = nb
            for sb in range(1, full):
                rank = _subset_rank(c, K, sb, &t)
                here += -tab[t][rank] if t & 1 else tab[t][rank]
            total += here
        # The whole hand as the shared set: the hands in both ranges.
        qsort(am, na, sizeof(uint64_t), _cmp_u64)
        qsort(bm, nb, sizeof(uint64_t), _cmp_u64)
        ia = 0
        ib = 0
        while ia < na and ib < nb:
            if am[ia] < bm[ib]:
                ia += 1
            elif am[ia] > bm[ib]:
                ib += 1
            else:
                shared += 1
                ia += 1
                ib += 1
        total += -shared if K & 1 else shared
        if stopped:
            total = -2
    for t in range(8):
        free(tab[t])
    free(am)
    free(bm)
    return total


# --- Monte Carlo ---------------------------------------------------------

cdef inline int deal_skipping(uint64_t* s, uint8_t* deck, int ndeck, uint64_t used,
                              uint8_t* out, int count) noexcept nogil:
    """Deal ``count`` of the cards of ``deck`` not in ``used`` uniformly, or return 0 when too
    few are left: a partial Fisher-Yates shuffle, passing over the cards it meets that are
    in ``used``.  The cards of a uniform random order that are not in ``used`` come in a
    uniform random order themselves, so the first ``count`` of them are a uniform deal; and
    ``deck`` is left a permutation of the same cards, so the next deal can start from it as
    it is."""
    cdef int j = 0, got = 0, x
    cdef uint8_t c
    while got < count:
        if j == ndeck:
            return 0
        x = j + bounded(s, ndeck - j)
        c = deck[x]
        deck[x] = deck[j]
        deck[j] = c
        out[got] = c
        # Branch-free: a card in ``used`` is written and then overwritten.
        got += (used & PC_CARD_BIT[c]) == 0
        j += 1
    return 1


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


cdef inline void take_row(const Problem* P, const Draws* D, int64_t row, const int* ranged,
                          int nranged, int32_t* combo, uint64_t* used) noexcept nogil:
    """The ranged players' combos from row ``row`` of the joint table."""
    cdef int r
    cdef int32_t i
    for r in range(nranged):
        i = D.joint[row * nranged + r]
        combo[ranged[r]] = i
        used[0] |= P.cmask[i]


cdef inline bint draw_hands(const Problem* P, const Draws* D, uint64_t* s, const int* ranged,
                            int nranged, int32_t* combo, uint64_t* used) noexcept nogil:
    """Draw a combo for each of the ``nranged`` players ``ranged`` (into ``combo[p]``),
    adding their cards to ``used``; False when a draw shares a card with ``used``.

    Each player is drawn independently from its own weights and the whole draw is thrown
    away on any shared card, so the accepted draws have exactly the probability exhaustive
    enumeration gives them (proportional to the product of the weights over
    non-conflicting assignments); dealing the players in order from what is left would
    mis-weight the last ones.  With a joint table, one row is drawn: the same
    distribution, with no rejected draws."""
    cdef int r, p, j
    cdef int64_t row
    cdef int32_t i
    if D.nj > 0:
        row = bounded(s, <uint32_t>D.nj)
        if D.jprob[row] < 1.0 and uniform01(s) >= D.jprob[row]:
            row = D.jalias[row]
        take_row(P, D, row, ranged, nranged, combo, used)
        return True
    for r in range(nranged):
        p = ranged[r]
        j = bounded(s, P.off[p + 1] - P.off[p])
        # Unweighted ranges have every alias probability at 1: skip the coin.
        if D.aprob[P.off[p] + j] < 1.0 and uniform01(s) >= D.aprob[P.off[p] + j]:
            j = D.aidx[P.off[p] + j]
        i = P.off[p] + j
        if P.cmask[i] & used[0]:
            return False
        combo[p] = i
        used[0] |= P.cmask[i]
    return True


cdef inline bint refused(const Problem* P, int64_t* cnt, int64_t* failed,
                         int64_t give_up) noexcept nogil:
    """Count a refused deal; True when the run should give up: past ``give_up`` refusals in
    a row (ranges that conflict in almost every draw must not hang the caller), or stopped."""
    cnt[P.total_at + 1] += 1
    failed[0] += 1
    return failed[0] > give_up or ((failed[0] & 4095) == 0 and stop_requested(P.ctl))


# Whether :func:`_mc_holdem` moves ranged players' cards out of the deck (keeping track of
# where every card is) or has none to move: a type, so each case is compiled on its own
# (the tracking costs AsKs against a random hand 11 %).  The pointer is always NULL.
ctypedef struct MovesCards:
    char unused
ctypedef struct KeepsCards:
    char unused
ctypedef fused moves_t:
    MovesCards
    KeepsCards


cdef inline uint8_t shuffle_step(const uint8_t* places, uint8_t* deck, uint8_t* pos, int j,
                                 moves_t* moves) noexcept nogil:
    """Step ``j`` of a partial Fisher-Yates shuffle of ``deck``: swap the card ``places[j]``
    places past ``j`` (drawn by :func:`shuffle_places`) to place ``j`` and return it
    (keeping ``pos`` when cards are moved)."""
    cdef int x = j + places[j]
    cdef uint8_t c = deck[x], e = deck[j]
    deck[x] = e
    deck[j] = c
    if moves_t is MovesCards:
        pos[e] = x
        pos[c] = j
    return c


cdef inline bint move_ranged(const Problem* P, const Draws* D, uint64_t* s, uint8_t* deck,
                             uint8_t* pos, int ndeck, uint64_t fixed, const int* ranged,
                             int nranged, const int* moving, int nmoving, int need,
                             uint64_t init, uint64_t* hk, uint64_t* hm,
                             int64_t row) noexcept nogil:
    """Draw the ranged players' hands (or take the joint table's ``row`` when it is not
    -1; keys and masks into ``hk`` and ``hm``) and move the cards of the ``moving`` ones
    (more than one hand) to the end of ``deck``, keeping ``pos``, so that the first cards
    are exactly those left; False when the draw is refused or leaves fewer than ``need``
    cards."""
    cdef int32_t combo[MAX_PLAYERS]
    cdef uint64_t used = fixed
    cdef int r, p, h, y, m = ndeck
    cdef const uint8_t* hole
    cdef uint8_t c
    if row >= 0:
        take_row(P, D, row, ranged, nranged, combo, &used)
    elif not draw_hands(P, D, s, ranged, nranged, combo, &used):
        return False
    for r in range(nmoving):
        p = moving[r]
        hk[p] = init + P.ckey[combo[p]]
        hm[p] = P.bmask | P.cmask[combo[p]]
        hole = hole_of(P, combo[p])
        for h in range(2):
            y = pos[hole[h]]
            m -= 1
            c = deck[m]
            deck[m] = hole[h]
            deck[y] = c
            pos[c] = y
            pos[hole[h]] = m
    return m >= need  # else too few cards left beside these hands: no deal


cdef inline void cluster_sums(const Problem* P, int64_t* cnt, int64_t* S, uint32_t touched,
                              int64_t boards) noexcept nogil:
    """Add a cluster of ``boards`` boards, in which class ``p`` (of exchangeable players,
    named by its first) took ``S[p]`` units (the classes of ``touched``; the others none),
    to the count row's cluster slots, and clear ``S``."""
    cdef int ca = layout.cluster_slot(P.n, P.low == RANKING_LOW8), p
    while touched:
        p = __builtin_ctz(touched)
        touched &= touched - 1
        cnt[ca + 2 + 2 * p] += S[p] * S[p]
        cnt[ca + 3 + 2 * p] += S[p] * boards
        S[p] = 0
    cnt[ca] += 1
    cnt[ca + 1] += boards * boards


cdef int64_t _mc_boards(const Problem* P, const Draws* D, uint64_t* s, uint8_t* deck,
                        uint8_t* pos, int ndeck, uint64_t fixed, const int* ranged,
                        int nranged, const int* moving, int nmoving, const int* rand,
                        int nrand, int need, uint64_t init, uint64_t* hk, uint64_t* hm,
                        uint16_t* v, int64_t trials, int64_t* cnt, int64_t* wm,
                        ranking_t* rk, moves_t* moves) noexcept nogil:
    """:func:`_mc_holdem`'s run in clusters of ``P.mc_group`` deals of the hands, each deal
    with ``P.mc_boards`` boards (the last ones fewer, so that ``trials`` boards are
    played); returns the boards.

    Why several boards: in a many-way pot most of a player's variance is the board's,
    given the hands (nine players on 4dAc5d: 74 % for a ranged player, 98 % for JcJh,
    about 85 % for the random ones), while the hands cost about half of a deal (the
    random players' cards, the ranged draws).  The boards of one deal are independent
    given the hands (each a partial Fisher-Yates shuffle of the cards the hands left,
    restarted where the board starts), so every board is an unbiased trial.

    Why clusters of deals: a ranged player's own hand is much of what is left of its
    variance (the spread of its combos' equities: 30 % of 99+,AJs+'s in that pot).
    With a joint table, a cluster's deals take its rows as a systematic sample: the
    ``g`` deals take the rows at ``(u + i) / g`` of the rows' summed weights, for one
    uniform ``u`` a cluster, so each deal's row still has exactly the table's
    distribution (an unbiased trial) while every row comes about as often as its weight
    says.  The rows are listed player by player, so each player's combos are spread
    evenly too.

    Why classes: players with the same distribution of hands (the random ones, say)
    have the same equity, and the mean of their shares estimates it with far less
    variance than any one of them (their shares add up to what the others lose), so
    their shares are summed by class.

    The trials of one cluster are correlated, and the clusters independent: per
    cluster, the count row's slots from ``P.total_at + 2`` on get 1, its boards
    squared, and per class its share of the cluster's boards (in ``P.mc_units`` a
    board) squared and times its boards: what the standard error of a clustered sample
    needs.  Counting by winner sets needs ``wm``."""
    cdef int n = P.n, k = MAX_BOARD - P.nb, o = 2 * nrand, B = P.mc_boards, nbo, b, j, r, p
    cdef int ca = layout.cluster_slot(n, False)
    cdef int64_t done = 0, failed = 0, deals = 0, q, g = 0, gi = 0, gboards = 0, row = -1
    cdef int64_t give_up = 64 * trials + 4096
    cdef int64_t share[MAX_PLAYERS + 1]
    cdef int64_t S[MAX_PLAYERS]
    cdef double u = 0.0, at
    cdef bint even = D.nj > 0 and D.jcum != NULL
    # An evenly drawn cluster is unbiased only whole (its first rows are the table's first
    # ones), so its boards are counted apart and added when it ends: a stopped run drops
    # the one it was in.
    cdef int64_t* cwm = NULL
    cdef int64_t* tally = wm
    cdef uint32_t mm
    if even:
        cwm = <int64_t*>line_calloc(1 << n, sizeof(int64_t))
        if cwm == NULL:
            even = False  # (independent rows then: unbiased however the run ends)
        else:
            tally = cwm
    cdef uint64_t key, mask
    cdef uint32_t w, touched = 0
    cdef uint16_t best, x
    cdef uint8_t c, d
    cdef ShufflePlan hplan, bplan
    cdef uint8_t places[52]
    cdef int64_t group = P.mc_group
    for p in range(1, n + 1):
        share[p] = P.mc_units // p
    memset(S, 0, sizeof(S))
    if ndeck - 2 * nmoving >= need:
        shuffle_plan(&hplan, ndeck - 2 * nmoving, o)
        shuffle_plan(&bplan, ndeck - 2 * nmoving - o, k)
    while done < trials:
        if (deals & 255) == 0 and stop_requested(P.ctl):
            break
        deals += 1
        if gi == g:
            # A new cluster: as many deals as are left, up to the group size.
            g = (trials - done + B - 1) // B
            g = group if g > group else g
            gi = 0
            row = 0
            u = uniform01(s)
        if moves_t is MovesCards:
            if even:
                at = (u + gi) / g
                while row < D.nj - 1 and D.jcum[row] <= at:
                    row += 1
            if not move_ranged(P, D, s, deck, pos, ndeck, fixed, ranged, nranged, moving,
                               nmoving, need, init, hk, hm, row if even else -1):
                # (with a joint table every deal leaves the same cards: all or none refused)
                if refused(P, cnt, &failed, give_up):
                    break
                continue
            failed = 0
        gi += 1
        shuffle_places(s, &hplan, places)
        for r in range(nrand):
            c = shuffle_step(places, deck, pos, 2 * r, moves)
            d = shuffle_step(places, deck, pos, 2 * r + 1, moves)
            hk[rand[r]] = init + PC_CARD_KEY[c] + PC_CARD_KEY[d]
            hm[rand[r]] = P.bmask | PC_CARD_BIT[c] | PC_CARD_BIT[d]
        nbo = B if trials - done >= B else <int>(trials - done)
        for b in range(nbo):
            # The board's places start at o: uniform over the cards the hands left.
            shuffle_places(s, &bplan, places + o)
            key = 0
            mask = 0
            for j in range(o, o + k):
                c = shuffle_step(places, deck, pos, j, moves)
                key += PC_CARD_KEY[c]
                mask |= PC_CARD_BIT[c]
            best = 0
            for p in range(n):
                x = evaluate(rk, hk[p] + key, hm[p] | mask)
                v[p] = x
                best = x if x > best else best
            w = winner_bits16(v, best, n)
            tally[w] += 1
            # The shares by class of exchangeable players (a player's own, mostly).
            if w & (w - 1) == 0:  # one winner, most boards (popcount is a call off x86-64-v2)
                c = P.mc_class[__builtin_ctz(w)]
                S[c] += share[1]
                touched |= 1u << c
            else:
                q = share[__builtin_popcountll(w)]
                while w:
                    c = P.mc_class[__builtin_ctz(w)]
                    S[c] += q
                    touched |= 1u << c
                    w &= w - 1
        done += nbo
        gboards += nbo
        if gi == g or done >= trials:
            if even:
                for mm in range(1u << n):
                    wm[mm] += cwm[mm]
                    cwm[mm] = 0
            cluster_sums(P, cnt, S, touched, gboards)
            touched = 0
            gboards = 0
    if gboards:  # stopped mid-cluster
        if even:
            done -= gboards
            memset(S, 0, sizeof(S))
        else:  # (independent deals: its boards are counted, so is it)
            cluster_sums(P, cnt, S, touched, gboards)
    free(cwm)
    return done


cdef inline int64_t _deals(const Problem* P, const Draws* D, uint64_t* s, uint8_t* deck,
                           uint8_t* pos, int ndeck, uint64_t fixed, const int* ranged,
                           int nranged, const int* moving, int nmoving, int need, int k,
                           const int* rand, int nrand, const int* held, int nheld,
                           uint64_t init, uint64_t* hk, uint64_t* hm, uint16_t* v,
                           const ShufflePlan* plan, int64_t trials, int64_t* cnt,
                           int64_t* wm, ranking_t* rk, moves_t* moves) noexcept nogil:
    """:func:`_mc_holdem`'s one-board run: ``trials`` deals of ``need`` cards, the board's
    ``k`` and then two for each of the ``nrand`` random players; returns the deals.  Inline,
    so that a caller passing constants gets the loops unrolled."""
    cdef int n = P.n, j, r, p
    cdef int64_t done = 0, failed = 0
    cdef int64_t give_up = 64 * trials + 4096
    cdef uint64_t key, mask
    cdef uint8_t c, d
    cdef uint16_t best, x
    cdef uint8_t places[52]
    while done < trials:
        if (done & 255) == 0 and stop_requested(P.ctl):
            break
        if moves_t is MovesCards:
            if not move_ranged(P, D, s, deck, pos, ndeck, fixed, ranged, nranged, moving,
                               nmoving, need, init, hk, hm, -1):
                if refused(P, cnt, &failed, give_up):
                    break
                continue
            failed = 0
        shuffle_places_of(s, plan, places, need // SHUFFLE_BATCH, need)
        # The board first, so that each random player is valued as its cards come.
        key = 0
        mask = 0
        for j in range(k):
            c = shuffle_step(places, deck, pos, j, moves)
            key += PC_CARD_KEY[c]
            mask |= PC_CARD_BIT[c]
        best = 0
        j = k
        for r in range(nrand):
            c = shuffle_step(places, deck, pos, j, moves)
            d = shuffle_step(places, deck, pos, j + 1, moves)
            j += 2
            x = evaluate(rk, init + key + PC_CARD_KEY[c] + PC_CARD_KEY[d],
                         P.bmask | mask | PC_CARD_BIT[c] | PC_CARD_BIT[d])
            v[rand[r]] = x
            best = x if x > best else best
        for r in range(nheld):
            p = held[r]
            x = evaluate(rk, hk[p] + key, hm[p] | mask)
            v[p] = x
            best = x if x > best else best
        if wm != NULL:
            wm[winner_bits16(v, best, n)] += 1
        else:
            count_values(n, v, best, 1, cnt)
        done += 1
    return done


cdef void _mc_holdem(const Problem* P, const Draws* D, uint64_t* s0, uint8_t* deck, int ndeck,
                    uint64_t fixed, const int* ranged, int nranged, const int* rand, int nrand,
                    uint64_t* hk, uint64_t* hm, int64_t trials, int64_t* cnt, int64_t* wm,
                    ranking_t* rk, moves_t* moves) noexcept nogil:
    """:func:`_mc` in a hold'em-like game with no broken-down player, ``deck`` listing the
    ``ndeck`` cards outside ``fixed``, ``hk`` and ``hm`` holding the one-hand players' keys
    and masks (:func:`_mc` sorts the players out): each deal moves the cards its ranged players drew
    to the end of ``deck`` (``pos`` says where each card is), so that the first ``m`` hold
    exactly the cards left, and deals the random players and the board from those by a
    partial Fisher-Yates shuffle (uniform whatever order the last deal left), a step per
    card, summing keys as the cards come.  Nine players on a flop 16.1 -> 17.2M deals a
    second (passing over the ranged cards instead, as :func:`_mc` does); AsKs against one
    random hand 37 -> 50M, against five 19 -> 23M (cards written out and read back).

    The generator's words are kept in a local copy (a store to ``deck`` could alias them,
    so they were reloaded after every card), and with ``wm`` the deals are counted by
    their set of winners: 1,100 -> 880 instructions a deal for nine players on a flop
    (callgrind), 11 % less time in lockstep runs on an AMD EPYC.  Then the shuffle's
    places come four from 32 random bits (:func:`shuffle_places`), the board is dealt
    first so that a random player is valued as its cards come, and the winners are
    picked out by one vector compare (``winner_bits16``): 980 -> 813 instructions a deal
    (the first figure counted again with the refused deals), AsKs against five random
    hands 731 -> 621, against one 339 -> 326; 5 % less time for nine players (lockstep,
    same core: the places of a batch are a chain of multiplies)."""
    cdef int n = P.n, k = MAX_BOARD - P.nb, p, j, r, need
    cdef uint8_t pos[52]
    cdef uint64_t init = PC_KEY_INIT + P.bkey
    cdef int64_t done = 0
    # The generator's state in a local copy: stores through the uint8_t deck may alias the
    # caller's words, which would be reloaded after every card.
    cdef uint64_t st[4]
    st[0] = s0[0]
    st[1] = s0[1]
    st[2] = s0[2]
    st[3] = s0[3]
    cdef uint64_t* s = st
    cdef uint16_t v[MAX_PLAYERS]
    cdef ShufflePlan plan
    memset(v, 0, sizeof(v))  # (winner_bits16 reads sixteen values)
    # The players not dealt from the deck, valued from their keys.
    cdef int held[MAX_PLAYERS]
    cdef int nheld = 0
    for p in range(n):
        if not P.is_random[p]:
            held[nheld] = p
            nheld += 1
    for j in range(ndeck):
        pos[deck[j]] = j
    need = 2 * nrand + k
    # A joint table lists the one-hand players too: their hands never change, and their
    # cards are outside the deck already (in ``fixed``); a ranged hand never is.
    cdef int moving[MAX_PLAYERS]
    cdef int nmoving = 0
    for r in range(nranged):
        p = ranged[r]
        if P.off[p + 1] - P.off[p] > 1:
            moving[nmoving] = p
            nmoving += 1
        else:
            hk[p] = init + P.ckey[P.off[p]]
            hm[p] = P.bmask | P.cmask[P.off[p]]
    if (P.mc_boards > 1 or P.mc_group > 1 or P.mc_pooled) and wm != NULL:
        done = _mc_boards(P, D, s, deck, pos, ndeck, fixed, ranged, nranged, moving, nmoving,
                          rand, nrand, need, init, hk, hm, v, trials, cnt, wm, rk, moves)
        trials = 0  # (the loop below is the one-board run)
    # Every deal shuffles the same number of cards: the moving players always take two.
    if ndeck - 2 * nmoving >= need:
        shuffle_plan(&plan, ndeck - 2 * nmoving, need)
    if done < trials:
        if k == MAX_BOARD and nrand == 1:
            # Hands against one random hand, preflop or on a flop, the commonest runs: the
            # same loop with its counts constant, so that the compiler unrolls the cards'
            # loops and batches.  Whole processes under callgrind: AsKs against a random
            # hand, 2M deals, 1,465M -> 1,053M instructions; on Qh7h2c, 1M deals, 1,022M
            # -> 770M.  (Constants for two ranged players preflop gained nothing: drawing
            # their hands is most of a deal.)
            done = _deals(P, D, s, deck, pos, ndeck, fixed, ranged, nranged, moving, nmoving,
                          HOLE_PAIR + MAX_BOARD, MAX_BOARD, rand, 1, held, nheld, init, hk, hm, v, &plan, trials, cnt, wm,
                          rk, moves)
        elif k == 2 and nrand == 1:
            done = _deals(P, D, s, deck, pos, ndeck, fixed, ranged, nranged, moving, nmoving,
                          HOLE_PAIR + 2, 2, rand, 1, held, nheld, init, hk, hm, v, &plan, trials, cnt, wm,
                          rk, moves)
        else:
            done = _deals(P, D, s, deck, pos, ndeck, fixed, ranged, nranged, moving, nmoving,
                          need, k, rand, nrand, held, nheld, init, hk, hm, v, &plan, trials,
                          cnt, wm, rk, moves)
    cnt[P.total_at] += done
    s0[0] = st[0]
    s0[1] = st[1]
    s0[2] = st[2]
    s0[3] = st[3]


cdef void _mc(const Problem* P, const Draws* D, uint64_t* s, int64_t trials, int64_t* cnt,
              int64_t* cb, forming_t* fm, ranking_t* rk) noexcept nogil:
    # The ranged players (every player not dealt from the deck who holds more than one
    # hand, or all of them with a joint table) are drawn by :func:`draw_hands`.
    #
    # Players whose range is every hand are what keeps many-way pots fast: whatever the
    # others hold, every way to deal them the game's hole cards from the remaining cards
    # is equally likely and the number of such ways does not depend on which cards the
    # others took, so they are dealt from the deck after the others are accepted, which
    # is exact too.  The cards no deal can give them (the board, the dead cards and the
    # one-hand players') are listed once, and every deal shuffles part of that list,
    # passing over the cards the ranged players drew (:func:`deal_skipping`): listing the
    # deck in every deal took a third of the time of nine players on a flop.
    #
    # A broken-down player's outcome in each deal is read off the change of its tally row
    # and added to its combo's row of ``cb`` too.
    cdef int n = P.n, k = MAX_BOARD - P.nb, K = P.K, p, r, j, q, nranged = 0, nrand = 0
    cdef uint64_t hk[MAX_PLAYERS]
    cdef uint64_t hm[MAX_PLAYERS]
    cdef int32_t combo[MAX_PLAYERS]
    cdef int rand[MAX_PLAYERS]
    cdef int ranged[MAX_PLAYERS]
    cdef const uint8_t* holes[MAX_PLAYERS]
    cdef uint8_t cards[52]
    cdef uint8_t deck[52]
    cdef uint8_t bc[MAX_BOARD]
    cdef uint64_t key, mask, used, base = P.bmask | P.dead, init = PC_KEY_INIT + P.bkey
    cdef uint64_t fixed = base
    cdef int64_t done = 0, failed = 0
    cdef int64_t give_up = 64 * trials + 4096
    cdef int ndeck
    cdef int bp = P.bp, S = P.bstride, srow = 0
    cdef int64_t snap[MAX_PLAYERS + 1]
    cdef int64_t d, sd
    cdef int64_t* crow
    cdef int64_t* wm
    cdef uint8_t c, e
    cdef bint ok
    for p in range(n):
        if P.is_random[p]:
            rand[nrand] = p
            nrand += 1
        elif D.nj > 0 or P.off[p + 1] - P.off[p] > 1:
            ranged[nranged] = p
            nranged += 1
        else:
            combo[p] = P.off[p]
            hk[p] = init + P.ckey[P.off[p]]
            hm[p] = P.bmask | P.cmask[P.off[p]]
            if forming_t is TwoPlusThree:
                holes[p] = hole_of(P, P.off[p])
        if not P.is_random[p] and P.off[p + 1] - P.off[p] == 1:
            # One-hand players that clash leave no card to deal: every deal is refused.
            fixed = ~(<uint64_t>0) if fixed & P.cmask[P.off[p]] else fixed | P.cmask[P.off[p]]
    ndeck = remaining_cards(fixed, deck, False)
    if forming_t is BestFive:
        if P.K == HOLE_PAIR and bp < 0 and ndeck >= HOLE_PAIR * nrand + k:
            # Up to MC_WM_PLAYERS, deals are counted by their set of winners: one add a deal.
            wm = <int64_t*>line_calloc(1 << n, sizeof(int64_t)) if n <= MC_WM_PLAYERS else NULL
            if nranged:
                _mc_holdem(P, D, s, deck, ndeck, fixed, ranged, nranged, rand, nrand, hk, hm,
                           trials, cnt, wm, rk, <MovesCards*>NULL)
            else:
                _mc_holdem(P, D, s, deck, ndeck, fixed, ranged, 0, rand, nrand, hk, hm, trials,
                           cnt, wm, rk, <KeepsCards*>NULL)
            if wm != NULL:
                winners_to_tally(n, wm, cnt)
                free(wm)
            return
    if bp >= 0:
        srow = HILO_SLOTS * bp if ranking_t is HighLow8Ranking else bp * (n + 1)
    for j in range(P.nb):
        bc[j] = P.bcards[j]
    while done < trials:
        if (done & 255) == 0 and stop_requested(P.ctl):
            break
        used = fixed
        ok = draw_hands(P, D, s, ranged, nranged, combo, &used)
        if ok:
            ok = deal_skipping(s, deck, ndeck, used, cards, K * nrand + k)
        if not ok:
            if refused(P, cnt, &failed, give_up):
                break
            continue
        failed = 0
        if bp >= 0:
            for j in range(S):
                snap[j] = cnt[srow + j]
        if forming_t is TwoPlusThree:
            for r in range(nranged):
                holes[ranged[r]] = hole_of(P, combo[ranged[r]])
            q = 0
            for r in range(nrand):
                holes[rand[r]] = &cards[q]
                q += K
            for j in range(k):
                bc[P.nb + j] = cards[q + j]
            omaha_showdown(rk, n, K, P.units, holes, bc, MAX_BOARD, 1, True, cnt)
        else:
            for r in range(nranged):
                p = ranged[r]
                hk[p] = init + P.ckey[combo[p]]
                hm[p] = P.bmask | P.cmask[combo[p]]
            for r in range(nrand):
                c = cards[2 * r]
                e = cards[2 * r + 1]
                hk[rand[r]] = init + PC_CARD_KEY[c] + PC_CARD_KEY[e]
                hm[rand[r]] = P.bmask | PC_CARD_BIT[c] | PC_CARD_BIT[e]
            key = 0
            mask = 0
            for j in range(k):
                c = cards[2 * nrand + j]
                key += PC_CARD_KEY[c]
                mask |= PC_CARD_BIT[c]
            showdown(rk, n, hk, hm, key, mask, 1, cnt)
        if bp >= 0:
            crow = cb + <int64_t>(combo[bp] - P.boff) * S
            if ranking_t is HighLow8Ranking:
                for j in range(HILO_SLOTS):
                    crow[j] += cnt[srow + j] - snap[j]
                crow[HILO_SLOTS] += 1
            else:
                sd = 0
                for j in range(1, n + 1):
                    d = cnt[srow + j] - snap[j]
                    crow[j] += d
                    sd += d
                crow[0] += 1 - sd
        cnt[P.total_at] += 1
        done += 1


# --- The one dispatch: a game's numbers to its compiled kernels ---------------
#
# Every kernel is compiled for each forming rule (``forming_t``) and each ranking
# (``ranking_t``); a call names its kernel and arguments in a ``Call``, and
# :func:`play` runs the kernel compiled for the problem's game, one switch per
# compile-time parameter.  Kernel.__init__ accepts only the games compiled here.

cdef enum:
    CALL_ASSIGN = 0  # assign_players: the exhaustive enumeration
    CALL_MC = 1  # _mc: Monte Carlo deals


cdef struct Call:
    int kind                    # CALL_ASSIGN or CALL_MC
    int32_t* assign             # CALL_ASSIGN: assign_players' arguments
    int p
    int stop
    int first
    uint64_t used
    bint sums                   # the tallies are weight sums (double), not counts (int64)
    int64_t w_count
    double w_sum
    void* tally
    void* ctally
    const Draws* D              # CALL_MC: _mc's arguments
    uint64_t* s
    int64_t trials
    int64_t* cnt
    int64_t* cb


cdef inline void run_mc(const Problem* P, const Draws* D, uint64_t* s, int64_t trials,
                        int64_t* cnt, int64_t* cb) noexcept nogil:
    """:func:`_mc` as compiled for the problem's game (:func:`play`)."""
    cdef Call c
    c.kind = CALL_MC
    c.D = D
    c.s = s
    c.trials = trials
    c.cnt = cnt
    c.cb = cb
    play(P, &c)


cdef void play(const Problem* P, Call* c) noexcept nogil:
    """Run ``c`` with the kernel compiled for the problem's forming rule and rankings."""
    if P.forming == FORMING_TWO_PLUS_THREE:
        play_formed(P, c, <TwoPlusThree*>NULL)
    else:
        play_formed(P, c, <BestFive*>NULL)


cdef void play_formed(const Problem* P, Call* c, forming_t* fm) noexcept nogil:
    """:func:`play`'s second switch: the rankings that share the pot."""
    if P.low == RANKING_LOW8:
        play_as(P, c, fm, <HighLow8Ranking*>NULL)
    elif P.ranking == RANKING_SHORTDECK:
        play_as(P, c, fm, <ShortRanking*>NULL)
    elif P.ranking == RANKING_SHORTDECK_TRITON:
        play_as(P, c, fm, <TritonRanking*>NULL)
    else:
        play_as(P, c, fm, <HighRanking*>NULL)


cdef void play_as(const Problem* P, Call* c, forming_t* fm, ranking_t* rk) noexcept nogil:
    """Run ``c``'s kernel compiled for ``fm`` and ``rk``."""
    if c.kind == CALL_MC:
        _mc(P, c.D, c.s, c.trials, c.cnt, c.cb, fm, rk)
    elif c.sums:
        assign_players(P, c.assign, c.p, c.stop, c.used, c.w_sum, c.first, <double*>c.tally,
                       <double*>c.ctally, fm, rk)
    else:
        assign_players(P, c.assign, c.p, c.stop, c.used, c.w_count, c.first,
                       <int64_t*>c.tally, <int64_t*>c.ctally, fm, rk)
