# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The exhaustive enumeration of shared-board games, GIL-free: every completion of the board
for every joint assignment of the players' combos, suit symmetries merged; the last
player innermost when its range is large; hi/lo; and the counts of assignments.

The kernel (:func:`assign_players`) is compiled per forming rule and ranking;
_engine.pyx's one dispatch picks the one a game plays.  Its hot functions are
in this module, so that they inline into one another; _enumerate.pxd lists what
other modules call.
"""

from libc.stdint cimport (
    int16_t,
    int32_t,
    int64_t,
    uint8_t,
    uint16_t,
    uint32_t,
    uint64_t,
)
from libc.stdlib cimport (
    calloc,
    free,
    malloc,
    qsort,
)
from libc.string cimport memset

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
from pokercalc.core._control cimport stop_requested
from pokercalc.core._game cimport (
    MAX_BOARD,
    MAX_PLAYERS,
    TwoPlusThree,
    forming_t,
)
from pokercalc._eval cimport (
    PC_CARD_BIT,
    PC_CARD_KEY,
    PC_KEY_INIT,
    HighLow8Ranking,
    OmahaBoard,
    OmahaTable,
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
    omaha_showdown,
    showdown,
    showdown_winners,
    winners_to_tally,
)
from pokercalc.core cimport _showdown as layout

from pokercalc.core._problem cimport (
    Problem,
    __builtin_ctzll,
    __builtin_popcountll,
    hole_of,
    tally_t,
)

cdef enum:
    # When the last player's range has more combos than this, a board's values
    # for every pair of hole ranks are tabled first (Omaha).
    OMAHA_TABLE_MIN = 24


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
    goes straight to :func:`merged_last`."""
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


# --- Counting joint assignments ---------------------------------------------

cdef int64_t list_joint(const Problem* P, int p, int col, uint64_t used, int32_t* assign,
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
        return list_joint(P, p + 1, col, used, assign, out, count, limit, steps, budget)
    steps[0] += P.off[p + 1] - P.off[p]
    if steps[0] > budget:
        return -1
    for i in range(P.off[p], P.off[p + 1]):
        if not P.cmask[i] & used:
            assign[col] = i
            count = list_joint(P, p + 1, col + 1, used | P.cmask[i], assign, out, count, limit,
                                steps, budget)
            if count < 0:
                return count
    return count


cdef int64_t count_joint(const Problem* P, int p, uint64_t used, int64_t* steps,
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
            total += count_joint(P, p + 1, used | P.cmask[i], steps, budget)
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


cdef int64_t count_pairs(const Problem* P, uint64_t used) noexcept nogil:
    """The non-conflicting pairs of a two-player problem's combos, none touching ``used``, in
    (|A| + |B|) 2^K steps instead of |A| |B|, or -1 when memory is short.

    By inclusion-exclusion over the cards a pair shares: the hands of B that miss a hand a
    are all of B's, less those holding each card of a, plus those holding each two of its
    cards, and so on up to all K.  A table indexed by the set's rank (the combinatorial
    number system) holds, for every set of fewer than K cards, the hands of B holding it;
    a set of K cards is a whole hand, and the hands A and B share are found by sorting.
    Two Omaha-6 ranges of 601,036 hands holding AA with three aces left share no pair, found
    without walking their 3.6e11 pairs.  -2 when ``P.ctl`` asked it to stop."""
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
