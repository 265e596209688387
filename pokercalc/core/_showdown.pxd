# cython: language_level=3
"""Showdown tallies, the seam kernels that count wins and splits cimport, and the tally
layout, defined here once (the Python side reads it through ``_engine``'s functions).

A tally is laid out as ``cnt[p * (n + 1) + k]``: the weight of the outcomes in
which player ``p`` is one of ``k`` winners; hi/lo tallies as
:func:`count_hilo` says.  Then the total weight (:func:`total_slot`), and after
it, in a Monte Carlo count row, the rejected draws and the cluster sums
(:func:`cluster_slot`).  Everything here is inline and GIL-free.
"""

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t

from pokercalc.core._game cimport MAX_PLAYERS
from pokercalc._eval cimport (
    HighLow8Ranking,
    OmahaBoard,
    evaluate,
    low_ranks,
    omaha_board,
    omaha_low,
    omaha_value,
    ranking_t,
)

cdef enum:
    # Hi/lo tallies per player: scoops, part pots, high, low and no-low units, squared units.
    HILO_SLOTS = 6


cdef inline int player_slot(int p, int n, bint hilo) noexcept nogil:
    """The first tally slot of player ``p`` of ``n``: its ``n + 1`` win counts (slot ``k``:
    won as one of ``k`` winners), or its HILO_SLOTS hi/lo slots."""
    return HILO_SLOTS * p if hilo else p * (n + 1)


cdef inline int low_board_slot(int n) noexcept nogil:
    """Hi/lo: the slot of the outcomes whose board allows a low (after the players')."""
    return HILO_SLOTS * n


cdef inline int total_slot(int n, bint hilo) noexcept nogil:
    """The slot of the total weight (outcomes, or boards dealt), after the counts before it;
    the tally is this plus one long."""
    return HILO_SLOTS * n + 1 if hilo else n * (n + 1)


cdef inline int cluster_slot(int n, bint hilo) noexcept nogil:
    """Monte Carlo: the first cluster slot of a count row (after the total and the rejected
    draws): clusters, their boards squared, then per player two sums (``Kernel.mc_size``)."""
    return total_slot(n, hilo) + 2

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil

cdef extern from *:
    """
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    /* The players among the first n <= 16 of v whose value is best, a bit each: SSE2
       compares all sixteen at once (v must have sixteen readable values). */
    static inline unsigned int pc_winner_bits16(const unsigned short* v, unsigned short best,
                                                int n) {
    #if defined(__SSE2__)
        __m128i b = _mm_set1_epi16((short)best);
        __m128i e0 = _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i*)v), b);
        __m128i e1 = _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i*)(v + 8)), b);
        return (unsigned int)_mm_movemask_epi8(_mm_packs_epi16(e0, e1)) & ((1u << n) - 1u);
    #else
        unsigned int m = 0;
        for (int p = 0; p < n; p++) m |= (unsigned int)(v[p] == best) << p;
        return m;
    #endif
    }
    """
    uint32_t winner_bits16 "pc_winner_bits16"(const uint16_t* v, uint16_t best, int n) nogil


cdef inline void count_values(int n, const uint16_t* v, uint16_t best, int64_t wt,
                              int64_t* cnt) noexcept nogil:
    """Count ``wt`` more wins or splits for the players whose value ``v`` is ``best``."""
    cdef int p, nwin = 0
    for p in range(n):
        nwin += v[p] == best
    for p in range(n):
        cnt[p * (n + 1) + nwin] += wt * (v[p] == best)


cdef inline void showdown(ranking_t* rk, int n, const uint64_t* hk, const uint64_t* hm, uint64_t key,
                          uint64_t mask, int64_t wt, int64_t* cnt) noexcept nogil:
    """Evaluate every player on one full board and count ``wt`` more wins or splits for the winners."""
    cdef int p
    cdef uint16_t v[MAX_PLAYERS]
    cdef uint16_t best = 0, x
    # Branch-free: who wins is unpredictable, so compare-and-select beats branches.
    for p in range(n):
        x = evaluate(rk, hk[p] + key, hm[p] | mask)
        v[p] = x
        best = x if x > best else best
    count_values(n, v, best, wt, cnt)


cdef enum:
    # Up to this many players a run may count its showdowns by the set of winners (a
    # ``1 << n`` table) instead of per player: one add per showdown, not n.
    WM_PLAYERS = 8


cdef inline void showdown_winners(ranking_t* rk, int n, const uint64_t* hk, const uint64_t* hm,
                                  uint64_t key, uint64_t mask, int64_t wt,
                                  int64_t* wm) noexcept nogil:
    """:func:`showdown`, counted in ``wm[winners]`` (a bit per winning player).

    Branch-free: the best value first, then the set of players who hold it (selecting
    the set as the values came could compile to a branch on who leads; the exact kernels
    already had cmov there and are unchanged, callgrind --branch-sim on AA | KK | QQ)."""
    cdef int p
    cdef uint16_t v[MAX_PLAYERS]
    cdef uint16_t best = 0, x
    cdef uint32_t win = 0
    for p in range(n):
        x = evaluate(rk, hk[p] + key, hm[p] | mask)
        v[p] = x
        best = x if x > best else best
    for p in range(n):
        win |= (<uint32_t>(v[p] == best)) << p
    wm[win] += wt


cdef inline void winners_to_tally(int n, int64_t* wm, int64_t* cnt) noexcept nogil:
    """Move the counts of ``wm`` (by set of winners) into the per-player tally ``cnt``."""
    cdef uint32_t m
    cdef int p, k
    for m in range(1, 1u << n):
        if wm[m] == 0:
            continue
        k = __builtin_popcountll(m)
        for p in range(n):
            if m >> p & 1:
                cnt[p * (n + 1) + k] += wm[m]
        wm[m] = 0


cdef inline void count_hilo(int n, int64_t units, const uint16_t* hv, uint16_t best,
                            const uint16_t* lv, uint16_t best_low, bint low_board, int64_t wt,
                            bint squares, int64_t* cnt) noexcept nogil:
    """Count ``wt`` more hi/lo outcomes: half the pot to the best high, half to the best low
    (the high winners take it when nobody has one), each half split among its winners.

    Per player ``p`` the slots ``HILO_SLOTS * p ..`` hold: outcomes scooped, outcomes
    with part of the pot, then the units won of the high half, of the low half, and
    of the low half for want of a low (a half pot is ``units``), and, with
    ``squares`` (Monte Carlo), the squared units of the whole share.  Then the
    outcomes whose board allows a low.
    """
    cdef int p, nh = 0, nl = 0
    cdef int64_t L = units, hu, lu, nu, u
    cdef int64_t* c
    for p in range(n):
        nh += hv[p] == best
        nl += best_low != 0 and lv[p] == best_low
    for p in range(n):
        hu = (L // nh) if hv[p] == best else 0
        if best_low:
            lu = (L // nl) if lv[p] == best_low else 0
            nu = 0
        else:
            lu = 0
            nu = hu
        u = hu + lu + nu
        c = cnt + HILO_SLOTS * p
        c[0] += wt * (u == 2 * L)
        c[1] += wt * (u > 0 and u < 2 * L)
        c[2] += wt * hu
        c[3] += wt * lu
        c[4] += wt * nu
        if squares:
            c[5] += wt * u * u
    cnt[HILO_SLOTS * n] += wt * low_board


cdef inline void omaha_showdown(ranking_t* rk, int n, int K, int64_t units, const uint8_t** holes,
                                const uint8_t* bc, int nb, int64_t wt, bint squares,
                                int64_t* cnt) noexcept nogil:
    """Value every player's ``K`` hole cards on the ``nb`` board cards ``bc`` (a full board);
    count ``wt`` more (hi/lo rankings as :func:`count_hilo`, with a half pot of ``units``)."""
    cdef OmahaBoard B
    cdef uint16_t v[MAX_PLAYERS]
    cdef uint16_t lv[MAX_PLAYERS]
    cdef uint16_t best = 0, best_low = 0
    cdef uint32_t lows
    cdef int p
    omaha_board(&B, bc, nb)
    for p in range(n):
        v[p] = omaha_value(&B, holes[p], K)
        best = v[p] if v[p] > best else best
    if ranking_t is HighLow8Ranking:
        lows = low_ranks(bc, nb)
        for p in range(n):
            lv[p] = omaha_low(lows, holes[p], K)
            best_low = lv[p] if lv[p] > best_low else best_low
        count_hilo(n, units, v, best, lv, best_low, __builtin_popcountll(lows) >= 3, wt, squares,
                   cnt)
    else:
        count_values(n, v, best, wt, cnt)
