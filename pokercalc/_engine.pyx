# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The isometric equity kernels: exhaustive enumeration and Monte Carlo, GIL-free.

Every player is a distribution of combos; the kernels see flat arrays (one
entry per combo of every player, player ``p`` owning ``off[p] .. off[p+1]``)
and never touch a Python object per hand or per board.  ``equity.py`` builds
the arrays, validates, picks the method and turns tallies into results.

Tallies are doubles laid out as ``tally[p * (n + 1) + k]``: the weight of the
outcomes in which player ``p`` is one of ``k`` winners (``k = 1`` is a sole
win); ``tally[n * (n + 1)]`` is the total weight.  Unweighted runs add whole
numbers far below 2**53, so their tallies are exact integers.
"""

from cython.parallel cimport prange, parallel, threadid
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

from pokercalc._eval cimport PC_CARD_BIT, PC_CARD_KEY, PC_KEY_INIT, eval_key

DEF MAXP = 23

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil


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
    uint64_t bkey               # given board's summed keys (no PC_KEY_INIT)
    uint64_t bmask
    uint64_t dead


cdef inline void showdown(int n, const uint64_t* hk, const uint64_t* hm, uint64_t key,
                          uint64_t mask, int64_t* cnt) noexcept nogil:
    """Evaluate every player on one full board and count one more win or split for the winners."""
    cdef int p, nwin = 0
    cdef uint16_t v[MAXP]
    cdef uint16_t best = 0
    for p in range(n):
        v[p] = eval_key(hk[p] + key, hm[p] | mask)
        if v[p] > best:
            best = v[p]
            nwin = 1
        elif v[p] == best:
            nwin += 1
    for p in range(n):
        if v[p] == best:
            cnt[p * (n + 1) + nwin] += 1


cdef inline void last_cards(int n, const uint64_t* hk, const uint64_t* hm, uint64_t key,
                            uint64_t mask, const uint8_t* rem, int lo, int hi,
                            int64_t* cnt) noexcept nogil:
    """Showdowns for the boards ``key``/``mask`` plus each of ``rem[lo:hi]``."""
    cdef int i
    cdef uint64_t c0, c1, k0, k1, m0, m1
    cdef uint16_t v0, v1
    cdef int64_t w0 = 0, w1 = 0
    if n == 2:
        # Heads-up is the common case: two evaluations and two branch-free
        # counters per board, everything in registers.
        k0 = hk[0] + key
        k1 = hk[1] + key
        m0 = hm[0] | mask
        m1 = hm[1] | mask
        for i in range(lo, hi):
            c0 = PC_CARD_KEY[rem[i]]
            c1 = PC_CARD_BIT[rem[i]]
            v0 = eval_key(k0 + c0, m0 | c1)
            v1 = eval_key(k1 + c0, m1 | c1)
            w0 += v0 > v1
            w1 += v1 > v0
        cnt[1] += w0
        cnt[4] += w1
        cnt[2] += (hi - lo) - w0 - w1
        cnt[5] += (hi - lo) - w0 - w1
        return
    for i in range(lo, hi):
        showdown(n, hk, hm, key + PC_CARD_KEY[rem[i]], mask | PC_CARD_BIT[rem[i]], cnt)


cdef void all_boards(const Problem* P, const int32_t* assign, uint64_t used, int first,
                     double w, double* tally) noexcept nogil:
    """Every completion of the board for one joint assignment, added to ``tally`` times ``w``.

    ``first`` >= 0 fixes the lowest new board card to the ``first``-th unused
    card, so one assignment's boards can be split into several work items.
    """
    cdef uint64_t hk[MAXP]
    cdef uint64_t hm[MAXP]
    cdef int64_t cnt[MAXP * (MAXP + 1)]
    cdef uint8_t rem[52]
    cdef uint64_t ks[6]
    cdef uint64_t ms[6]
    cdef int idx[6]
    cdef int n = P.n
    cdef int k = 5 - P.nb
    cdef int r = 0, c, p, d, j, last
    cdef int64_t boards = 0
    for c in range(52):
        if not used & PC_CARD_BIT[c]:
            rem[r] = c
            r += 1
    for p in range(n):
        hk[p] = PC_KEY_INIT + P.bkey + P.ckey[assign[p]]
        hm[p] = P.bmask | P.cmask[assign[p]]
    memset(cnt, 0, n * (n + 1) * sizeof(int64_t))
    if k == 0:
        showdown(n, hk, hm, 0, 0, cnt)
        boards = 1
    else:
        last = k - 1
        ks[0] = 0
        ms[0] = 0
        # An odometer over the first k - 1 new cards; the last one is a plain loop.
        d = 0
        idx[0] = (first - 1) if first >= 0 else -1
        while d >= 0:
            idx[d] += 1
            if idx[d] > r - k + d or (d == 0 and first >= 0 and idx[0] > first):
                d -= 1
                continue
            if d < last:
                ks[d + 1] = ks[d] + PC_CARD_KEY[rem[idx[d]]]
                ms[d + 1] = ms[d] | PC_CARD_BIT[rem[idx[d]]]
                d += 1
                idx[d] = idx[d - 1]
                continue
            last_cards(n, hk, hm, ks[d], ms[d], rem, idx[d], r, cnt)
            boards += r - idx[d]
            d -= 1
    for j in range(n * (n + 1)):
        if cnt[j]:
            tally[j] += w * cnt[j]
    tally[n * (n + 1)] += w * boards


cdef inline double orbit_size(const Problem* P, const int32_t* assign) noexcept nogil:
    """|orbit| of a joint assignment under the symmetry group if it is the orbit's
    smallest member (lexicographically), else 0 (another member stands for it)."""
    cdef int g, p, stab = 1
    cdef int32_t x
    cdef bint equal
    for g in range(1, P.ng):
        equal = True
        for p in range(P.n):
            x = P.perm[g * P.total_combos + assign[p]]
            if x < assign[p]:
                return 0
            if x > assign[p]:
                equal = False
                break
        if equal:
            stab += 1
    return <double>(P.ng // stab)


cdef void assign_rest(const Problem* P, int32_t* assign, int p, uint64_t used, double w,
                      int first, double* tally) noexcept nogil:
    """Recursively give players ``p..n-1`` every non-conflicting combo, then enumerate boards."""
    cdef int32_t i
    cdef double m
    if p == P.n:
        if P.ng > 1:
            m = orbit_size(P, assign)
            if m == 0:
                return
            w *= m
        all_boards(P, assign, used, first, w, tally)
        return
    for i in range(P.off[p], P.off[p + 1]):
        if P.cmask[i] & used:
            continue
        assign[p] = i
        assign_rest(P, assign, p + 1, used | P.cmask[i], w * P.cw[i], first, tally)


cdef class Kernel:
    """The flat problem arrays, kept alive while the C kernels read them."""

    cdef Problem P
    cdef int32_t[::1] off
    cdef uint64_t[::1] ckey
    cdef uint64_t[::1] cmask
    cdef double[::1] cw
    cdef int32_t[::1] perm

    def __init__(self, int32_t[::1] off, uint64_t[::1] ckey, uint64_t[::1] cmask,
                 double[::1] cw, int32_t[::1] perm, int ng, int nb, uint64_t bkey,
                 uint64_t bmask, uint64_t dead):
        n = off.shape[0] - 1
        if not 2 <= n <= MAXP:
            raise ValueError("the kernel takes 2 to 23 players")
        self.off, self.ckey, self.cmask, self.cw, self.perm = off, ckey, cmask, cw, perm
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

    @property
    def tally_size(self) -> int:
        """Length of one tally array: n * (n + 1) + 1."""
        return self.P.n * (self.P.n + 1) + 1

    def count_assignments(self, int64_t budget) -> int:
        """Number of non-conflicting joint assignments, or -1 when counting would pass ``budget`` steps."""
        cdef int64_t steps = 0
        cdef int64_t count
        with nogil:
            count = _count(&self.P, 0, self.P.bmask | self.P.dead, &steps, budget)
        return -1 if steps > budget else count

    def pair_items(self) -> list:
        """The non-conflicting (combo of player 0, combo of player 1) pairs, as flat indices."""
        cdef int32_t i, j
        out = []
        cdef uint64_t base = self.P.bmask | self.P.dead
        for i in range(self.P.off[0], self.P.off[1]):
            if self.P.cmask[i] & base:
                continue
            for j in range(self.P.off[1], self.P.off[2]):
                if not self.P.cmask[j] & (base | self.P.cmask[i]):
                    out.append((i, j))
        return out

    def exhaustive(self, int32_t[:, ::1] items, double[:, ::1] tallies, int threads) -> None:
        """Enumerate the work items (combo 0, combo 1, first board card or -1) into per-thread tallies."""
        cdef Py_ssize_t it, nitems = items.shape[0]
        cdef int t
        cdef int32_t* assign
        cdef const Problem* P = &self.P
        if tallies.shape[0] < threads or tallies.shape[1] < self.tally_size:
            raise ValueError("tallies is too small")
        with nogil, parallel(num_threads=threads):
            assign = <int32_t*>malloc(MAXP * sizeof(int32_t))
            if assign != NULL:
                for it in prange(nitems, schedule="dynamic", chunksize=1):
                    t = threadid()
                    assign[0] = items[it, 0]
                    assign[1] = items[it, 1]
                    assign_rest(P, assign, 2,
                                P.bmask | P.dead | P.cmask[items[it, 0]] | P.cmask[items[it, 1]],
                                P.cw[items[it, 0]] * P.cw[items[it, 1]], items[it, 2],
                                &tallies[t, 0])
                free(assign)

    def montecarlo(self, double[::1] alias_prob, int32_t[::1] alias_idx, uint64_t[:, ::1] rng,
                   int64_t trials_per_thread, double[:, ::1] acc, int threads) -> None:
        """Run ``trials_per_thread`` accepted deals on each thread, adding to ``acc[thread]``.

        ``acc`` rows hold, per player, [sum of pot shares, sum of squared shares,
        sole wins, ties], then the deals and the rejected draws.
        """
        cdef int t
        cdef const Problem* P = &self.P
        if acc.shape[0] < threads or rng.shape[0] < threads or rng.shape[1] != 4:
            raise ValueError("acc or rng is too small")
        with nogil, parallel(num_threads=threads):
            t = threadid()
            _mc(P, &alias_prob[0], &alias_idx[0], &rng[t, 0], trials_per_thread, &acc[t, 0])


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


# --- Monte Carlo ---------------------------------------------------------

cdef inline uint64_t rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t next_u64(uint64_t* s) noexcept nogil:
    """xoshiro256**: the generator's whole state is the four words at ``s``."""
    cdef uint64_t result = rotl(s[1] * 5, 7) * 9
    cdef uint64_t t = s[1] << 17
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = rotl(s[3], 45)
    return result


cdef inline uint32_t bounded(uint64_t* s, uint32_t n) noexcept nogil:
    """A uniform integer in [0, n) without modulo bias (Lemire's method)."""
    cdef uint64_t m = (next_u64(s) >> 32) * n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t threshold
    if low < n:
        threshold = (-n) % n
        while low < threshold:
            m = (next_u64(s) >> 32) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline double uniform01(uint64_t* s) noexcept nogil:
    return (next_u64(s) >> 11) * (1.0 / 9007199254740992.0)


cdef void _mc(const Problem* P, const double* aprob, const int32_t* aidx, uint64_t* s,
              int64_t trials, double* acc) noexcept nogil:
    # Each deal draws every player's combo independently from its own
    # distribution and throws the whole draw away on any shared card.  The
    # accepted draws then have exactly the probability exhaustive enumeration
    # gives them (proportional to the product of weights over non-conflicting
    # assignments).  Dealing players in a fixed order from what is left would
    # not: the last player would be drawn from a range thinned by the others
    # and its hands would be mis-weighted.
    cdef int n = P.n
    cdef int k = 5 - P.nb
    cdef uint64_t hk[MAXP]
    cdef uint64_t hm[MAXP]
    cdef uint16_t v[MAXP]
    cdef uint8_t rem[52]
    cdef int64_t done = 0
    cdef int p, j, c, r, nwin, size
    cdef int32_t i
    cdef uint64_t used, base = P.bmask | P.dead, key, mask
    cdef uint16_t best
    cdef double share
    cdef int stride = 4 * n
    while done < trials:
        used = base
        for p in range(n):
            size = P.off[p + 1] - P.off[p]
            j = bounded(s, size)
            if uniform01(s) >= aprob[P.off[p] + j]:
                j = aidx[P.off[p] + j]
            i = P.off[p] + j
            if P.cmask[i] & used:
                break
            used |= P.cmask[i]
            hk[p] = PC_KEY_INIT + P.bkey + P.ckey[i]
            hm[p] = P.bmask | P.cmask[i]
        else:
            key = 0
            mask = 0
            if __builtin_popcountll(used) > 36:
                r = 0
                for c in range(52):
                    if not used & PC_CARD_BIT[c]:
                        rem[r] = c
                        r += 1
                for j in range(k):
                    c = j + bounded(s, r - j)
                    rem[j], rem[c] = rem[c], rem[j]
                    key += PC_CARD_KEY[rem[j]]
                    mask |= PC_CARD_BIT[rem[j]]
            else:
                for j in range(k):
                    c = bounded(s, 52)
                    while used & PC_CARD_BIT[c]:
                        c = bounded(s, 52)
                    used |= PC_CARD_BIT[c]
                    key += PC_CARD_KEY[c]
                    mask |= PC_CARD_BIT[c]
            best = 0
            nwin = 0
            for p in range(n):
                v[p] = eval_key(hk[p] + key, hm[p] | mask)
                if v[p] > best:
                    best = v[p]
                    nwin = 1
                elif v[p] == best:
                    nwin += 1
            share = 1.0 / nwin
            for p in range(n):
                if v[p] == best:
                    acc[4 * p] += share
                    acc[4 * p + 1] += share * share
                    if nwin == 1:
                        acc[4 * p + 2] += 1
                    else:
                        acc[4 * p + 3] += 1
            acc[stride] += 1
            done += 1
            continue
        acc[stride + 1] += 1
