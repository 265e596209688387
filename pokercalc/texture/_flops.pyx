# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""All-flop kernel: a hero's wins and ties against a weighted range on every flop at once.

The 50 cards the hero does not hold are renumbered 0..49.  A flop is a triple
``i < j < k`` of them, numbered in colex order ``C(k, 3) + C(j, 2) + i``, so the
19,600 flops are 0..19,599.

Instead of dealing a flop and then its 990 turn-river pairs (19,600 x 990 boards),
the kernel walks the C(50, 5) = 2,118,760 five-card boards once.  On each board
it evaluates the hero and every range combo that misses the board, and adds the
weighted wins, ties and weight to each of the ten flops the board contains: a
board with the flop inside it is exactly one turn-river runout of that flop, and a
combo that misses the board misses the flop and the runout.  This is ten times
less evaluation than the flop-by-flop loop.  Threads split the boards by their
lowest card (dynamic schedule) and each keeps its own accumulators.  An optional
``runner.Control`` buffer stops the walk within a few milliseconds (its counter
counts the lowest cards done, 46 in all).
"""

from cython.parallel cimport prange
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint64_t

cimport openmp

from pokercalc.core._boards cimport permute_mask
from pokercalc.core._control cimport add_done, stop_requested
from pokercalc._eval cimport PC_CARD_BIT, PC_CARD_KEY, PC_KEY_INIT, eval_key

import numpy as np

#: number of flops from 50 cards
NUM_FLOPS = 19600
def flop_cards(hero_cards):
    """The 19,600 flops as a (19600, 3) uint8 array of card indices, in kernel order."""
    deck = np.array([c for c in range(52) if c not in set(hero_cards)], dtype=np.uint8)
    out = np.empty((NUM_FLOPS, 3), dtype=np.uint8)
    cdef int i, j, k, n = 0
    for k in range(50):
        for j in range(k):
            for i in range(j):
                out[n, 0] = deck[k]
                out[n, 1] = deck[j]
                out[n, 2] = deck[i]
                n += 1
    return out


cdef inline void add_image(double* acc, const uint8_t* perm, const int* b, const int* deck,
                           const int* renum, double sw, double st, double sn) noexcept nogil:
    """Credit the board ``b`` (renumbered, sorted) moved by the suit permutation ``perm``."""
    cdef int x[5]
    cdef int i, j, v, c
    for i in range(5):
        c = deck[b[i]]
        v = renum[(c & ~3) | perm[c & 3]]
        j = i
        while j > 0 and x[j - 1] > v:
            x[j] = x[j - 1]
            j -= 1
        x[j] = v
    add_board(acc, x[0], x[1], x[2], x[3], x[4], sw, st, sn)


def flop_counts(int hero1, int hero2, const unsigned char[:, ::1] combos,
                const double[::1] weights, const int[:, ::1] perms, int threads=0,
                int64_t[::1] ctl=None):
    """Weighted (wins, ties, total) per flop for hero vs the combos, turn and river dealt out.

    ``combos`` must not use a hero card.  ``perms`` lists suit permutations (row
    ``p`` sends suit ``s`` to ``perms[p, s]``), the identity first, under which
    the hero and the weighted combos are unchanged; only the board of lowest mask
    in each orbit is evaluated and its result credited to every board of the orbit.
    Each array has 19,600 entries; the hero's equity on flop f is
    ``(wins[f] + ties[f] / 2) / total[f]``, where every combo that misses the flop
    weighs ``weight * 990`` in ``total``.
    """
    cdef int ncombo = combos.shape[0]
    cdef int nthreads = threads if threads > 0 else openmp.omp_get_max_threads()
    deck_list = [c for c in range(52) if c != hero1 and c != hero2]
    cdef uint64_t[::1] dkey = np.array([PC_CARD_KEY[c] for c in deck_list], dtype=np.uint64)
    cdef uint64_t[::1] dbit = np.array([PC_CARD_BIT[c] for c in deck_list], dtype=np.uint64)
    cdef uint64_t[::1] ckey = np.array(
        [PC_CARD_KEY[combos[c, 0]] + PC_CARD_KEY[combos[c, 1]] for c in range(ncombo)],
        dtype=np.uint64)
    cdef uint64_t[::1] cbit = np.array(
        [PC_CARD_BIT[combos[c, 0]] | PC_CARD_BIT[combos[c, 1]] for c in range(ncombo)],
        dtype=np.uint64)
    acc_np = np.zeros((nthreads, 3, NUM_FLOPS), dtype=np.float64)
    cdef double[:, :, ::1] acc = acc_np
    cdef uint64_t hkey = PC_KEY_INIT + PC_CARD_KEY[hero1] + PC_CARD_KEY[hero2]
    cdef uint64_t hbit = PC_CARD_BIT[hero1] | PC_CARD_BIT[hero2]
    cdef uint64_t k0, k1, k2, k3, k4, m0, m1, m2, m3, m4
    cdef int i0, i1, i2, i3, i4, c, t
    cdef uint16_t hv, v
    cdef double w, sw, st, sn
    cdef int nperm = perms.shape[0]
    cdef int[::1] deck = np.array(deck_list, dtype=np.intc)
    renum_np = np.full(52, -1, dtype=np.intc)
    renum_np[deck_list] = np.arange(50, dtype=np.intc)
    cdef int[::1] renum = renum_np
    cdef int p, p2, canonical, fresh
    cdef uint64_t img
    # Per-thread scratch: C arrays declared here would be shared by the threads.
    cdef uint64_t[:, ::1] imgs = np.zeros((nthreads, 24), dtype=np.uint64)
    cdef int[:, ::1] b = np.zeros((nthreads, 5), dtype=np.intc)
    cdef int64_t* cp = &ctl[0] if ctl is not None else NULL
    if nperm < 1 or nperm > 24 or perms.shape[1] != 4:
        raise ValueError("perms must be 1 to 24 suit permutations, the identity first")
    cdef const uint8_t[:, ::1] sig = np.ascontiguousarray(perms, dtype=np.uint8)
    with nogil:
        for i0 in prange(46, num_threads=nthreads, schedule="dynamic", chunksize=1):
            t = openmp.omp_get_thread_num()
            k0 = dkey[i0]
            m0 = dbit[i0]
            for i1 in range(i0 + 1, 47):
                k1 = k0 + dkey[i1]
                m1 = m0 | dbit[i1]
                for i2 in range(i1 + 1, 48):
                    if stop_requested(cp):
                        break
                    k2 = k1 + dkey[i2]
                    m2 = m1 | dbit[i2]
                    for i3 in range(i2 + 1, 49):
                        k3 = k2 + dkey[i3]
                        m3 = m2 | dbit[i3]
                        for i4 in range(i3 + 1, 50):
                            k4 = k3 + dkey[i4]
                            m4 = m3 | dbit[i4]
                            canonical = 1
                            for p in range(1, nperm):
                                if permute_mask(m4, &sig[p, 0]) < m4:
                                    canonical = 0
                                    break
                            if not canonical:
                                continue
                            hv = eval_key(hkey + k4, hbit | m4)
                            sw = 0.0
                            st = 0.0
                            sn = 0.0
                            for c in range(ncombo):
                                if cbit[c] & m4:
                                    continue
                                v = eval_key(PC_KEY_INIT + k4 + ckey[c], m4 | cbit[c])
                                w = weights[c]
                                sn = sn + w
                                if hv > v:
                                    sw = sw + w
                                elif hv == v:
                                    st = st + w
                            if nperm == 1:
                                add_board(&acc[t, 0, 0], i0, i1, i2, i3, i4, sw, st, sn)
                                continue
                            b[t, 0] = i0
                            b[t, 1] = i1
                            b[t, 2] = i2
                            b[t, 3] = i3
                            b[t, 4] = i4
                            for p in range(nperm):
                                img = permute_mask(m4, &sig[p, 0])
                                fresh = 1
                                for p2 in range(p):
                                    if imgs[t, p2] == img:
                                        fresh = 0
                                imgs[t, p] = img
                                if fresh:
                                    add_image(&acc[t, 0, 0], &sig[p, 0], &b[t, 0], &deck[0],
                                              &renum[0], sw, st, sn)
            if not stop_requested(cp):
                add_done(cp, 1)
    total = acc_np.sum(axis=0)
    return total[0], total[1], total[2]
