# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Kernels of the games without a board: each player's given cards kept, the rest of the hand
dealt from the deck (stud, razz, the draw games).

A problem is the players' given card sets (one list per player, every set of a
player the same size, with weights), the dead cards and the game's numbers: the
hand size and the rankings (``RANKING_*`` of pokercalc/_eval.pxd).  Exact runs
take one joint assignment of given sets at a time and enumerate every way to
complete the hands from what is left of the deck: the completions of all players
but the outermost are valued once and kept, the outermost's are made and valued
on the fly, threads share them, and each joint deal of completions whose cards do
not collide is a showdown, counted by its set of winners (one add).  Games whose
ranking ignores suits (ace-to-five) count on ranks instead: a completion is a
multiset of ranks, weighted by the ways the cards left can deal it.  Monte Carlo
deals blocks of hands whose generators follow from the seed and the block alone.
Tallies use core/_showdown.pxd's layout, so the engine reads them as it reads
the board games'.
"""

from cython.parallel cimport prange, parallel, threadid
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from pokercalc._eval cimport (
    PC_CARD_BIT,
    PC_CARD_KEY,
    PC_KEY_INIT,
    RANKING_HIGH,
    eval_key,
    own_value,
)
from pokercalc.core._control cimport add_done, stop_requested
from pokercalc.core._rng cimport bounded, uniform01
from pokercalc.core._showdown cimport (
    HILO_SLOTS,
    count_hilo,
    low_board_slot,
    player_slot,
    total_slot,
)

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

cdef enum:
    # Players a problem holds: the draw games deal thirteen badugi hands.
    OWN_MAX_PLAYERS = 13
    # Cards in a hand (stud).
    OWN_MAX_HAND = 7
    # Hi/lo winner sets are counted in 4^n slots (stud's seven players).
    OWN_MAX_HILO_PLAYERS = 7


def kernel_limits():
    """The most players (any ranking, hi/lo) and hand cards the kernels hold."""
    return OWN_MAX_PLAYERS, OWN_MAX_HILO_PLAYERS, OWN_MAX_HAND


cdef struct Spec:
    int n                   # players
    int H                   # cards in a hand
    int hi                  # the high (or only) ranking
    int lo                  # the low half's ranking, or -1
    int64_t units           # hi/lo: a half pot in units
    uint64_t deck           # the deck's cards as a mask (16-bit suit lanes)
    uint64_t dead
    const int32_t* off      # n + 1 offsets into the per-set arrays
    const uint8_t* cards    # per set: OWN_MAX_HAND card indices (the first ngiven[p] used)
    const int32_t* ngiven   # per player: cards in each of its sets
    const uint64_t* cmask   # per set: its cards' mask
    int outer               # the player whose completions are made on the fly


cdef inline uint64_t card_bit(int c) noexcept nogil:
    return (<uint64_t>1) << ((c & 3) * 16 + (c >> 2))


cdef inline int bit_card(int b) noexcept nogil:
    return (b & 15) * 4 + (b >> 4)


cdef inline int pool_of(uint64_t cards, int* pool) noexcept nogil:
    """The card indices of a mask, lowest first, into ``pool``; how many."""
    cdef int m = 0
    while cards:
        pool[m] = bit_card(__builtin_ctzll(cards))
        m += 1
        cards &= cards - 1
    return m


cdef inline uint32_t hand_value(int ranking, const uint8_t* cards, int n) noexcept nogil:
    return own_value(ranking, cards, n)


cdef inline int64_t choose(int m, int k) noexcept nogil:
    cdef int64_t r = 1
    cdef int i
    if k < 0 or k > m:
        return 0
    for i in range(k):
        r = r * (m - i) // (i + 1)
    return r


# C(m, k) for m < 53 and k <= OWN_MAX_HAND, looked up where subsets are ranked.
cdef int64_t BINOM[53][OWN_MAX_HAND + 1]
cdef int _m, _k
for _m in range(53):
    for _k in range(OWN_MAX_HAND + 1):
        BINOM[_m][_k] = choose(_m, _k)


cdef inline void unrank(int64_t idx, int m, int k, int* out) noexcept nogil:
    """The ``idx``-th ``k``-subset of ``0 .. m-1`` in colex order, as increasing indices."""
    cdef int i, x = m - 1
    for i in range(k, 0, -1):
        # the largest x with C(x, i) <= idx (x only falls from one element to the next)
        while BINOM[x][i] > idx:
            x -= 1
        out[i - 1] = x
        idx -= BINOM[x][i]
        x -= 1


cdef inline int next_subset(int* s, int k, int m) noexcept nogil:
    """Step the increasing ``k``-subset ``s`` of ``0 .. m-1`` to the next in colex order:
    how many of its first elements changed (0 when it was the last)."""
    cdef int i = 0
    while i < k:
        if i + 1 < k and s[i] + 1 == s[i + 1]:
            s[i] = i
            i += 1
            continue
        if s[i] + 1 < (m if i + 1 == k else s[i + 1]):
            s[i] += 1
            return i + 1
        return 0
    return 0


cdef inline uint32_t winners_of(int n, const uint32_t* v) noexcept nogil:
    """The set of players (a bit each) whose value is the best of ``v``."""
    cdef uint32_t best = 0, w = 0
    cdef int p
    for p in range(n):
        best = v[p] if v[p] > best else best
    for p in range(n):
        w |= (<uint32_t>(v[p] == best)) << p
    return w


cdef inline uint32_t low_winners_of(int n, const uint32_t* v) noexcept nogil:
    """Hi/lo: the players with the best qualifying low (0 when nobody has one)."""
    cdef uint32_t best = 0, w = 0
    cdef int p
    for p in range(n):
        best = v[p] if v[p] > best else best
    if best == 0:
        return 0
    for p in range(n):
        w |= (<uint32_t>(v[p] == best)) << p
    return w


cdef void sets_to_tally(int n, bint hilo, int64_t units, const int64_t* wm, double weight,
                        bint weighted, int64_t* itally, double* dtally) noexcept nogil:
    """Move counts by set of winners (high set, and for hi/lo the low set above it) into
    the per-player tally layout of core/_showdown.pxd."""
    cdef int64_t sets = (<int64_t>1) << (2 * n if hilo else n)
    cdef int64_t s, c
    cdef uint32_t hw, lw
    cdef int p, k
    cdef uint32_t hv[OWN_MAX_PLAYERS]
    cdef uint32_t lv[OWN_MAX_PLAYERS]
    cdef uint16_t hv16[OWN_MAX_PLAYERS]
    cdef uint16_t lv16[OWN_MAX_PLAYERS]
    cdef int64_t local[HILO_SLOTS * OWN_MAX_HILO_PLAYERS + 2]
    cdef int i, size
    for s in range(1, sets):
        c = wm[s]
        if c == 0:
            continue
        hw = <uint32_t>(s & ((1 << n) - 1))
        if hw == 0:
            continue
        if not hilo:
            k = __builtin_popcountll(hw)
            for p in range(n):
                if hw >> p & 1:
                    if weighted:
                        dtally[p * (n + 1) + k] += weight * c
                    else:
                        itally[p * (n + 1) + k] += c
            if weighted:
                dtally[n * (n + 1)] += weight * c
            else:
                itally[n * (n + 1)] += c
            continue
        lw = <uint32_t>(s >> n)
        for p in range(n):
            hv16[p] = (hw >> p) & 1
            lv16[p] = (lw >> p) & 1
        size = HILO_SLOTS * n + 2
        memset(local, 0, sizeof(int64_t) * size)
        count_hilo(n, units, hv16, 1, lv16, 1 if lw else 0, lw != 0, c, False, local)
        local[HILO_SLOTS * n + 1] = c
        for i in range(size):
            if weighted:
                dtally[i] += weight * local[i]
            else:
                itally[i] += local[i]


# --- Exact, card by card -------------------------------------------------------

cdef struct Table:
    int64_t size
    uint64_t* mask
    uint32_t* hv
    uint32_t* lv


cdef int fill_table(Table* T, const Spec* S, int p, const uint8_t* given, const int* pool,
                    int m) noexcept nogil:
    """Every completion of player ``p``'s given cards from the ``m`` pool cards, valued."""
    cdef int g = S.ngiven[p], k = S.H - g, i
    cdef int s[OWN_MAX_HAND]
    cdef uint8_t hand[OWN_MAX_HAND]
    cdef int64_t j = 0
    cdef uint64_t mk
    T.size = choose(m, k)
    T.mask = <uint64_t*>malloc(sizeof(uint64_t) * (T.size + 1))
    T.hv = <uint32_t*>malloc(sizeof(uint32_t) * (T.size + 1))
    T.lv = <uint32_t*>malloc(sizeof(uint32_t) * (T.size + 1)) if S.lo >= 0 else NULL
    if T.mask == NULL or T.hv == NULL or (S.lo >= 0 and T.lv == NULL):
        return -1
    for i in range(g):
        hand[i] = given[i]
    for i in range(k):
        s[i] = i
    while True:
        mk = 0
        for i in range(k):
            hand[g + i] = <uint8_t>pool[s[i]]
            mk |= card_bit(pool[s[i]])
        T.mask[j] = mk
        T.hv[j] = hand_value(S.hi, hand, S.H)
        if S.lo >= 0:
            T.lv[j] = hand_value(S.lo, hand, S.H)
        j += 1
        if k == 0 or not next_subset(s, k, m):
            break
    return 0


cdef void free_table(Table* T) noexcept nogil:
    free(T.mask)
    free(T.hv)
    free(T.lv)
    T.mask = NULL
    T.hv = NULL
    T.lv = NULL


cdef void deal_rest(const Spec* S, const Table* tabs, const int* order, int depth,
                    uint64_t used, uint32_t* hv, uint32_t* lv, int64_t* wm) noexcept nogil:
    """Every joint completion of the players ``order[depth:]`` avoiding ``used``: counted in
    ``wm`` by the set of winners."""
    cdef int p = order[depth]
    cdef const Table* T = &tabs[p]
    cdef int64_t j
    cdef int n = S.n
    cdef uint32_t w
    cdef bint hilo = S.lo >= 0
    if depth == n - 2:  # (the outer player is not in ``order``)
        for j in range(T.size):
            if T.mask[j] & used:
                continue
            hv[p] = T.hv[j]
            w = winners_of(n, hv)
            if hilo:
                lv[p] = T.lv[j]
                w |= low_winners_of(n, lv) << n
            wm[w] += 1
            wm[0] += 1
        return
    for j in range(T.size):
        if T.mask[j] & used:
            continue
        hv[p] = T.hv[j]
        if hilo:
            lv[p] = T.lv[j]
        deal_rest(S, tabs, order, depth + 1, used | T.mask[j], hv, lv, wm)


cdef inline void heads_up(const Table* T, uint64_t used, uint32_t v0, int o,
                          int64_t* wm) noexcept nogil:
    """Two players, one ranking: the inner player's completions against the outer player
    ``o``'s value: wins, losses and ties counted without a branch on who wins."""
    cdef int64_t j, ok = 0, lose = 0, tie = 0
    cdef uint32_t v
    cdef int k
    for j in range(T.size):
        # (a colliding completion counts nowhere: ok, lose and tie all add 0)
        v = T.hv[j]
        k = (T.mask[j] & used) == 0
        ok += k
        lose += k & (v > v0)
        tie += k & (v == v0)
    wm[1 << o] += ok - lose - tie
    wm[2 >> o] += lose
    wm[3] += tie
    wm[0] += ok


cdef enum:
    # The outer player's completions a thread takes at a time: the first is found by its
    # rank (unrank), the others by stepping (next_subset), which costs far less.
    OUTER_CHUNK = 64


cdef void outer_chunk(const Spec* S, const Table* tabs, const int* order, const int* pool,
                      int m, const uint8_t* given, uint64_t used, int64_t first, int64_t last,
                      int64_t* wm) noexcept nogil:
    """The outer player's completions ``first .. last - 1`` (colex order), each against
    every completion of the others."""
    cdef int n = S.n, o = S.outer, g = S.ngiven[o], k = S.H - g, i
    cdef int s[OWN_MAX_HAND]
    cdef uint8_t hand[OWN_MAX_HAND]
    cdef uint32_t hv[OWN_MAX_PLAYERS]
    cdef uint32_t lv[OWN_MAX_PLAYERS]
    cdef uint64_t mo
    cdef int64_t idx
    cdef bint high = S.hi == RANKING_HIGH
    cdef uint64_t gkey = PC_KEY_INIT, gmask = 0
    # (high hands: the key and mask of the completion's top cards kept from one subset to
    # the next, as stepping in colex order changes only its lowest cards)
    cdef uint64_t skey[OWN_MAX_HAND + 1]
    cdef uint64_t smask[OWN_MAX_HAND + 1]
    cdef int changed = k
    unrank(first, m, k, s)
    for i in range(g):
        hand[i] = given[i]
        gkey += PC_CARD_KEY[given[i]]
        gmask |= PC_CARD_BIT[given[i]]
    skey[k] = gkey
    smask[k] = gmask
    for idx in range(first, last):
        if high:
            for i in range(changed - 1, -1, -1):
                skey[i] = skey[i + 1] + PC_CARD_KEY[pool[s[i]]]
                smask[i] = smask[i + 1] | PC_CARD_BIT[pool[s[i]]]
            mo = smask[0] & ~gmask
            hv[o] = eval_key(skey[0], smask[0])
        else:
            mo = 0
            for i in range(k):
                hand[g + i] = <uint8_t>pool[s[i]]
                mo |= card_bit(pool[s[i]])
            hv[o] = hand_value(S.hi, hand, S.H)
        if S.lo >= 0:
            if high:
                for i in range(k):
                    hand[g + i] = <uint8_t>pool[s[i]]
            lv[o] = hand_value(S.lo, hand, S.H)
            deal_rest(S, tabs, order, 0, used | mo, hv, lv, wm)
        elif n == 2:
            heads_up(&tabs[1 - o], used | mo, hv[o], o, wm)
        else:
            deal_rest(S, tabs, order, 0, used | mo, hv, lv, wm)
        if k:
            changed = next_subset(s, k, m)


cdef int exact_cards(const Spec* S, const int32_t* row, int64_t lo, int64_t hi, int threads,
                     int64_t* wms, int64_t stride, int64_t* ctl) noexcept nogil:
    """One joint assignment of given sets (``row``: a set per player), every completion:
    counts by winner set in the threads' rows of ``wms`` (``stride`` apart).  -1: out of
    memory; 1: stopped by the caller."""
    cdef int n = S.n, p, q, m = 0, err = 0, o = S.outer
    cdef uint64_t used = S.dead
    cdef int pool[52]
    cdef Table tabs[OWN_MAX_PLAYERS]
    cdef int order[OWN_MAX_PLAYERS]
    cdef int64_t total_o, c, chunks, first, last
    cdef bint stopped = False
    for p in range(n):
        used |= S.cmask[row[p]]
        tabs[p].size = 0
        tabs[p].mask = NULL
        tabs[p].hv = NULL
        tabs[p].lv = NULL
    m = pool_of(S.deck & ~used, pool)
    q = 0
    for p in range(n):
        if p != o:
            order[q] = p
            q += 1
            if fill_table(&tabs[p], S, p, &S.cards[row[p] * OWN_MAX_HAND], pool, m) < 0:
                err = 1
    if not err:
        total_o = choose(m, S.H - S.ngiven[o])
        hi = total_o if hi < 0 or hi > total_o else hi
        chunks = (hi - lo + OUTER_CHUNK - 1) // OUTER_CHUNK if hi > lo else 0
        for c in prange(chunks, nogil=True, num_threads=threads, schedule="dynamic"):
            if stop_requested(ctl):
                stopped = True
            else:
                first = lo + c * OUTER_CHUNK
                last = first + OUTER_CHUNK
                if last > hi:
                    last = hi
                outer_chunk(S, tabs, order, pool, m, &S.cards[row[o] * OWN_MAX_HAND], used,
                            first, last, &wms[threadid() * stride])
                add_done(ctl, last - first)
    for p in range(n):
        free_table(&tabs[p])
    if err:
        return -1
    return 1 if stopped else 0


# --- Exact, on ranks (rankings blind to suits) ---------------------------------
#
# A completion is a multiset of ranks, its counts packed four bits a rank (deuce
# lowest).  The cards left of each rank are packed the same way with bit 3 of
# every nibble set, so ``left - counts`` borrows nowhere and keeps bit 3 of a
# nibble exactly where enough cards of that rank are left.

cdef enum:
    RANK_NIBBLES = 13

cdef uint64_t NIBBLE_HIGH = 0x8888888888888
cdef uint64_t NIBBLE_LOW = 0x1111111111111

# C(a, c) for a, c in 0..4
cdef int64_t SMALL_CHOOSE[5][5]
cdef int _a, _c
for _a in range(5):
    for _c in range(5):
        SMALL_CHOOSE[_a][_c] = choose(_a, _c)


cdef struct RankTable:
    int64_t size
    uint64_t* counts   # packed rank counts of each completion
    uint32_t* hv       # the value of the given cards with it


cdef inline int64_t ways(uint64_t left, uint64_t counts) noexcept nogil:
    """The ways to deal the rank multiset ``counts`` from ``left`` (packed, bit 3 set)."""
    cdef uint64_t nz = (counts | counts >> 1 | counts >> 2) & NIBBLE_LOW
    cdef int64_t w = 1
    cdef int b
    while nz:
        b = __builtin_ctzll(nz)
        w *= SMALL_CHOOSE[(left >> b) & 7][(counts >> b) & 7]
        nz &= nz - 1
    return w


cdef void rank_multisets(RankTable* T, int* c, int r, int k, const int* avail, const Spec* S,
                         const uint8_t* given, int g) noexcept nogil:
    """List every multiset of ``k`` more ranks from rank ``r`` down, ``c`` the counts so far."""
    cdef int x, i, j, used_suits, nh
    cdef uint8_t hand[OWN_MAX_HAND]
    cdef uint64_t packed
    if k == 0 or r < 0:
        if k:
            return
        packed = 0
        nh = g
        for i in range(g):
            hand[i] = given[i]
        for i in range(RANK_NIBBLES):
            packed |= (<uint64_t>c[i]) << (4 * i)
            # cards of rank i, of suits its given cards do not use (suits do not count)
            used_suits = 0
            for j in range(g):
                if given[j] >> 2 == i:
                    used_suits |= 1 << (given[j] & 3)
            j = 0
            for x in range(c[i]):
                while used_suits >> j & 1:
                    j += 1
                hand[nh] = <uint8_t>(4 * i + j)
                nh += 1
                j += 1
        if T.counts != NULL:
            T.counts[T.size] = packed
            T.hv[T.size] = hand_value(S.hi, hand, S.H)
        T.size += 1
        return
    for x in range(min(k, avail[r]), -1, -1):
        c[r] = x
        rank_multisets(T, c, r - 1, k - x, avail, S, given, g)
    c[r] = 0


cdef int fill_rank_table(RankTable* T, const Spec* S, int p, const uint8_t* given,
                         const int* avail) noexcept nogil:
    cdef int c[RANK_NIBBLES]
    cdef int g = S.ngiven[p], k = S.H - g
    memset(c, 0, sizeof(c))
    T.size = 0
    T.counts = NULL
    T.hv = NULL
    rank_multisets(T, c, RANK_NIBBLES - 1, k, avail, S, given, g)  # (counts them)
    T.counts = <uint64_t*>malloc(sizeof(uint64_t) * (T.size + 1))
    T.hv = <uint32_t*>malloc(sizeof(uint32_t) * (T.size + 1))
    if T.counts == NULL or T.hv == NULL:
        return -1
    T.size = 0
    rank_multisets(T, c, RANK_NIBBLES - 1, k, avail, S, given, g)
    return 0


cdef void rank_rest(const Spec* S, const RankTable* tabs, const int* order, int depth,
                    uint64_t left, int64_t weight, uint32_t* hv, int64_t* wm) noexcept nogil:
    """Every joint multiset of the players ``order[depth:]`` dealt from ``left``."""
    cdef int p = order[depth]
    cdef const RankTable* T = &tabs[p]
    cdef int64_t j
    cdef uint64_t c, rest
    cdef int n = S.n
    for j in range(T.size):
        c = T.counts[j]
        rest = left - c
        if (rest & NIBBLE_HIGH) != NIBBLE_HIGH:
            continue
        hv[p] = T.hv[j]
        if depth == n - 2:
            wm[winners_of(n, hv)] += weight * ways(left, c)
            wm[0] += 1
        else:
            rank_rest(S, tabs, order, depth + 1, rest, weight * ways(left, c), hv, wm)


cdef int exact_ranks(const Spec* S, const int32_t* row, int64_t lo, int64_t hi, int threads,
                     int64_t* wms, int64_t stride, int64_t* ctl) noexcept nogil:
    """:func:`exact_cards` counted on ranks (a ranking that ignores suits, no low half)."""
    cdef int n = S.n, p, q, err = 0, b, o = S.outer, r
    cdef uint64_t used = S.dead, free_cards, left = NIBBLE_HIGH
    cdef int avail[RANK_NIBBLES]
    cdef RankTable tabs[OWN_MAX_PLAYERS]
    cdef int order[OWN_MAX_PLAYERS]
    cdef int64_t idx
    cdef bint stopped = False
    memset(avail, 0, sizeof(avail))
    for p in range(n):
        used |= S.cmask[row[p]]
        tabs[p].size = 0
        tabs[p].counts = NULL
        tabs[p].hv = NULL
    free_cards = S.deck & ~used
    while free_cards:
        b = __builtin_ctzll(free_cards)
        avail[b & 15] += 1
        free_cards &= free_cards - 1
    for r in range(RANK_NIBBLES):
        left += (<uint64_t>avail[r]) << (4 * r)
    q = 0
    for p in range(n):
        if fill_rank_table(&tabs[p], S, p, &S.cards[row[p] * OWN_MAX_HAND], avail) < 0:
            err = 1
        if p != o:
            order[q] = p
            q += 1
    if not err:
        hi = tabs[o].size if hi < 0 or hi > tabs[o].size else hi
        for idx in prange(lo, hi, nogil=True, num_threads=threads, schedule="dynamic",
                          chunksize=4):
            if stop_requested(ctl):
                stopped = True
            else:
                rank_outer(S, tabs, order, left, idx, &wms[threadid() * stride])
                add_done(ctl, 1)
    for p in range(n):
        free(tabs[p].counts)
        free(tabs[p].hv)
    if err:
        return -1
    return 1 if stopped else 0


cdef void rank_outer(const Spec* S, const RankTable* tabs, const int* order, uint64_t left,
                     int64_t idx, int64_t* wm) noexcept nogil:
    cdef uint32_t hv[OWN_MAX_PLAYERS]
    cdef const RankTable* T = &tabs[S.outer]
    cdef uint64_t c = T.counts[idx]
    hv[S.outer] = T.hv[idx]
    rank_rest(S, tabs, order, 0, left - c, ways(left, c), hv, wm)


# --- The problem, as Python hands it in -----------------------------------------

cdef class OwnKernel:
    """The players' given sets and the game's numbers, kept alive while the kernels read
    them."""

    cdef Spec S
    cdef int32_t[::1] off
    cdef uint8_t[::1] cards
    cdef int32_t[::1] ngiven
    cdef uint64_t[::1] cmask

    def __init__(self, int32_t[::1] off, uint8_t[::1] cards, int32_t[::1] ngiven,
                 uint64_t[::1] cmask, int hand, int hi, int lo, uint64_t deck, uint64_t dead,
                 int outer):
        n = off.shape[0] - 1
        if not 2 <= n <= OWN_MAX_PLAYERS or (lo >= 0 and n > OWN_MAX_HILO_PLAYERS):
            raise ValueError("too many players for the kernel")
        if not 1 <= hand <= OWN_MAX_HAND:
            raise ValueError("hand size out of range")
        self.off, self.cards, self.ngiven, self.cmask = off, cards, ngiven, cmask
        self.S.n = n
        self.S.H = hand
        self.S.hi = hi
        self.S.lo = lo
        self.S.units = 1
        for k in range(2, n + 1):
            self.S.units = self.S.units * k // _gcd(self.S.units, k)
        self.S.deck = deck
        self.S.dead = dead
        self.S.off = &self.off[0]
        self.S.cards = &self.cards[0]
        self.S.ngiven = &self.ngiven[0]
        self.S.cmask = &self.cmask[0]
        self.S.outer = outer

    @property
    def units(self):
        """Hi/lo: a half pot in units, LCM(1..n), so that every split of it is whole."""
        return self.S.units

    @property
    def tally_size(self):
        """Slots of an exact tally: the players', the total (core/_showdown.pxd's layout)."""
        return total_slot(self.S.n, self.S.lo >= 0) + 1

    @property
    def mc_size(self):
        """Slots of a Monte Carlo count row: the tally, then the rejected draws."""
        return total_slot(self.S.n, self.S.lo >= 0) + 2

    def winner_sets(self):
        """Slots of a count by winner sets (2^n, or 4^n for hi/lo)."""
        return 1 << (2 * self.S.n if self.S.lo >= 0 else self.S.n)

    def outer_size(self, const int32_t[::1] row, bint ranks):
        """The outer player's completions in the assignment ``row`` (what an item's range
        ``lo .. hi`` counts in)."""
        cdef int p, b, r, o = self.S.outer
        cdef uint64_t used = self.S.dead, free_cards
        cdef int avail[RANK_NIBBLES]
        cdef int m = 0
        cdef RankTable T
        cdef int c[RANK_NIBBLES]
        for p in range(self.S.n):
            used |= self.S.cmask[row[p]]
        free_cards = self.S.deck & ~used
        memset(avail, 0, sizeof(avail))
        while free_cards:
            b = __builtin_ctzll(free_cards)
            avail[b & 15] += 1
            m += 1
            free_cards &= free_cards - 1
        if not ranks:
            return choose(m, self.S.H - self.S.ngiven[o])
        memset(c, 0, sizeof(c))
        T.size = 0
        T.counts = NULL
        T.hv = NULL
        rank_multisets(&T, c, RANK_NIBBLES - 1, self.S.H - self.S.ngiven[o], avail, &self.S,
                       &self.S.cards[row[o] * OWN_MAX_HAND], self.S.ngiven[o])
        return T.size

    def exact(self, const int32_t[:, ::1] items, const int32_t[:, ::1] rows,
              const double[::1] row_weight, bint weighted, bint ranks, int64_t[::1] itally,
              double[::1] dtally, int64_t[::1] wms, int threads, int64_t[::1] ctl):
        """Run the work ``items`` (rows ``(assignment, lo, hi)``: the assignment ``rows[a]``
        of a given set per player, weighted by ``row_weight[a]``, with the outer player's
        completions ``lo .. hi - 1``), adding to the tallies; returns the showdowns played,
        or -1 when a stop came (the tallies then hold the items finished).  ``wms`` holds
        ``threads`` rows of :meth:`winner_sets` slots."""
        cdef int64_t stride = self.winner_sets()
        cdef int64_t i, j, played = 0, a
        cdef int t, status = 0
        cdef int64_t* ctl_p = &ctl[0]
        cdef int64_t* w = &wms[0]
        cdef bint hilo = self.S.lo >= 0
        if wms.shape[0] < stride * threads:
            raise ValueError("winner-set rows too short")
        if items.shape[0] and items.shape[1] != 3:
            raise ValueError("an item is (assignment, lo, hi)")
        with nogil:
            for i in range(items.shape[0]):
                a = items[i, 0]
                memset(w, 0, sizeof(int64_t) * stride * threads)
                if ranks:
                    status = exact_ranks(&self.S, &rows[a, 0], items[i, 1], items[i, 2],
                                         threads, w, stride, ctl_p)
                else:
                    status = exact_cards(&self.S, &rows[a, 0], items[i, 1], items[i, 2],
                                         threads, w, stride, ctl_p)
                if status != 0:
                    break
                for t in range(1, threads):
                    for j in range(stride):
                        w[j] += w[t * stride + j]
                played += w[0]
                sets_to_tally(self.S.n, hilo, self.S.units, w, row_weight[a], weighted,
                              &itally[0], &dtally[0])
        if status < 0:
            raise MemoryError("the completions of a hand do not fit in memory")
        return -1 if status else played

    def montecarlo(self, const double[::1] aprob, const int32_t[::1] aidx,
                   uint64_t[:, ::1] rng, int per, int64_t[:, ::1] counts, int blocks,
                   int threads, int64_t[::1] ctl):
        """Deal ``per`` hands in each of ``blocks`` blocks (block ``b`` drawing from generator
        row ``b``), counting in the threads' rows of ``counts``: per player its deals won as
        one of k winners (hi/lo: core/_showdown.pxd's slots with squared units), the deals,
        then the rejected draws.  A player's set is drawn by its alias table (``aprob``,
        ``aidx``, by set)."""
        cdef int b
        cdef int64_t* ctl_p = &ctl[0]
        with nogil:
            for b in prange(blocks, num_threads=threads, schedule="dynamic", chunksize=1):
                if not stop_requested(ctl_p):
                    mc_block(&self.S, &aprob[0], &aidx[0], &rng[b, 0], per,
                             &counts[threadid(), 0])
                    add_done(ctl_p, 1)


cdef int64_t _gcd(int64_t a, int64_t b):
    while b:
        a, b = b, a % b
    return a


cdef enum:
    # Draws of the players' sets a deal may reject before its block gives up.
    MAX_REJECTS = 1000


cdef void mc_block(const Spec* S, const double* aprob, const int32_t* aidx, uint64_t* rng,
                   int per, int64_t* cnt) noexcept nogil:
    cdef int n = S.n, p, i, j, d, m, b, k, g, pos, tries, x
    cdef int32_t first, size, pick
    cdef uint64_t used, free_cards
    cdef int pool[52]
    cdef uint8_t hand[OWN_MAX_HAND]
    cdef uint32_t hv[OWN_MAX_PLAYERS]
    cdef uint16_t hv16[OWN_MAX_PLAYERS]
    cdef uint16_t lv16[OWN_MAX_PLAYERS]
    cdef uint32_t lv[OWN_MAX_PLAYERS]
    cdef int32_t chosen[OWN_MAX_PLAYERS]
    cdef bint hilo = S.lo >= 0, ok
    cdef uint32_t w, lw
    cdef int at_total = total_slot(n, hilo)
    for d in range(per):
        tries = 0
        while True:
            used = S.dead
            ok = True
            for p in range(n):
                first = S.off[p]
                size = S.off[p + 1] - first
                pick = first
                if size > 1:
                    i = bounded(rng, size)
                    pick = first + (i if uniform01(rng) < aprob[first + i] else aidx[first + i])
                if S.cmask[pick] & used:
                    ok = False
                    break
                used |= S.cmask[pick]
                chosen[p] = pick
            if ok:
                break
            cnt[at_total + 1] += 1
            tries += 1
            if tries >= MAX_REJECTS:
                return  # (the deals short of ``per`` tell the caller)
        m = pool_of(S.deck & ~used, pool)
        pos = 0
        for p in range(n):
            g = S.ngiven[p]
            for i in range(g):
                hand[i] = S.cards[chosen[p] * OWN_MAX_HAND + i]
            for i in range(S.H - g):
                j = pos + <int>bounded(rng, m - pos)
                x = pool[j]
                pool[j] = pool[pos]
                pool[pos] = x
                hand[g + i] = <uint8_t>x
                pos += 1
            hv[p] = hand_value(S.hi, hand, S.H)
            if hilo:
                lv[p] = hand_value(S.lo, hand, S.H)
        w = winners_of(n, hv)
        if hilo:
            lw = low_winners_of(n, lv)
            for p in range(n):
                hv16[p] = (w >> p) & 1
                lv16[p] = (lw >> p) & 1
            count_hilo(n, S.units, hv16, 1, lv16, 1 if lw else 0, lw != 0, 1, True, cnt)
        else:
            k = __builtin_popcountll(w)
            for p in range(n):
                if w >> p & 1:
                    cnt[p * (n + 1) + k] += 1
        cnt[at_total] += 1


def assignments(const int32_t[::1] off, const uint64_t[::1] cmask, uint64_t dead,
                int64_t limit):
    """Every joint choice of a set per player whose cards do not collide (with each other or
    ``dead``), as rows of set indices, or None past ``limit`` rows."""
    cdef int n = off.shape[0] - 1
    rows = []
    cdef int idx[OWN_MAX_PLAYERS]
    cdef uint64_t used[OWN_MAX_PLAYERS + 1]
    cdef int p = 0
    cdef int64_t count = 0
    if n > OWN_MAX_PLAYERS:
        raise ValueError("too many players")
    used[0] = dead
    idx[0] = off[0] - 1
    while p >= 0:
        idx[p] += 1
        if idx[p] >= off[p + 1]:
            p -= 1
            continue
        if cmask[idx[p]] & used[p]:
            continue
        used[p + 1] = used[p] | cmask[idx[p]]
        if p == n - 1:
            count += 1
            if count > limit:
                return None
            rows.append([idx[i] for i in range(n)])
            continue
        p += 1
        idx[p] = off[p] - 1
    return rows
