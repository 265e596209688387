# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The isometric equity engine's object and its one dispatch, GIL-free.

Every player is a distribution of combos; the kernels see flat arrays (one
entry per combo of every player, player ``p`` owning ``off[p] .. off[p+1]``)
and never touch a Python object per hand or per board.  The Python side
(pokercalc/engine/: problem.py builds the arrays, plan.py picks the method,
exact.py and montecarlo.py turn tallies into results) validates first.  The
kernels are in modules of their own: exhaustive enumeration (_enumerate.pyx)
and Monte Carlo (_montecarlo.pyx), each compiled per forming rule and ranking
(``forming_t``, ``ranking_t``); :func:`play` picks the one the game asks for.
The problem is declared in _problem.pxd and the Kernel object in _engine.pxd.

Tallies are laid out as ``tally[p * (n + 1) + k]``: the weight of the
outcomes in which player ``p`` is one of ``k`` winners (``k = 1`` is a sole
win); the total weight follows (core/_showdown.pxd defines the layout, hi/lo's
too, and :func:`total_slot` and its kin give it to Python).  Unweighted runs count in
``int64`` (every kernel is compiled for both tally types), so their tallies
are exact integers at any size; weighted runs add doubles.

Every long loop looks at the caller's stop flag (``_control.pxd``) often
enough to return within a few milliseconds, and counts finished work items
for progress.
"""

from math import gcd

from cython.parallel cimport prange, parallel, threadid
from libc.stdint cimport (
    int32_t,
    int64_t,
    uint8_t,
    uint64_t,
)
from libc.stdlib cimport calloc, free, malloc
from cpython.exc cimport PyErr_CheckSignals

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
    RANKING_HIGH,
    RANKING_LOW8,
    RANKING_SHORTDECK,
    RANKING_SHORTDECK_TRITON,
    HighLow8Ranking,
    HighRanking,
    ShortRanking,
    TritonRanking,
    ranking_t,
)
from pokercalc.core._showdown cimport HILO_SLOTS
from pokercalc.core cimport _showdown as layout
from pokercalc.core._enumerate cimport (
    FLUSH_CARDS,
    assign_players,
    count_joint,
    count_pairs,
    list_joint,
)
from pokercalc.core._montecarlo cimport HOLE_PAIR, Draws, deal_mc
from pokercalc.core._problem cimport Problem, line_calloc, tally_t
from pokercalc.core._rng cimport splitmix

cdef enum:
    # Set-up loops over pairs of combos run a signal's handler about every this many
    # pairs (a few milliseconds).
    SIGNAL_CHECK_PAIRS = 1 << 22


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
    are few."""
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
        """Monte Carlo in best-five games of at most MC_WM_PLAYERS players: deal
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
        it holds every hand the deck allows, each once, in a best-five game; returns whether
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

        A combo's row holds, for best-five and Omaha games, the weight of the
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
        cdef Problem run = self.P  # this call's problem: its own control block
        cdef Problem* P = &run
        if ctl is not None:
            if ctl.shape[0] < 2:
                raise ValueError("ctl needs two entries")
            P.ctl = &ctl[0]
        with nogil:
            if P.n == 2:
                pairs = <double>(P.off[1] - P.off[0]) * (P.off[2] - P.off[1])
                if pairs > budget:
                    count = count_pairs(P, P.bmask | P.dead)
            if count == -1:
                count = count_joint(P, 0, P.bmask | P.dead, &steps, budget)
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
        # This call's problem: the kernel object holds no state of a run, so that runs of one
        # kernel may overlap.
        cdef Problem run = self.P
        cdef Problem* P = &run
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

    def exhaustive_last(self, int32_t[:, ::1] items, tally_t[:, ::1] tallies,
                        tally_t[:, ::1] ctallies, int threads, int64_t[::1] ctl) -> None:
        """Like :meth:`exhaustive` with the last player innermost.

        Items are (combo of player 0, combo of player 1 or -1 when there are
        two players, first board card or -1).
        """
        cdef Py_ssize_t it, nitems = items.shape[0]
        cdef int t, p0
        cdef int32_t* assign
        # This call's problem: the kernel object holds no state of a run, so that runs of one
        # kernel may overlap.
        cdef Problem run = self.P
        cdef Problem* P = &run
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
        # This call's problem: the kernel object holds no state of a run, so that runs of one
        # kernel may overlap.
        cdef Problem run = self.P
        cdef Problem* P = &run
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
            count = list_joint(&self.P, 0, 0, self.P.bmask | self.P.dead, assign, &out[0],
                                count, limit, &steps, budget)
        if count < 0:
            return None
        return buf[: count * nfixed]


# --- The one dispatch: a game's numbers to its compiled kernels ---------------
#
# Every kernel is compiled for each forming rule (``forming_t``) and each ranking
# (``ranking_t``); a call names its kernel and arguments in a ``Call``, and
# :func:`play` runs the kernel compiled for the problem's game: a switch on the
# forming rule, then on the rankings.  Only the pairs a game plays are reached (the
# compiler drops the others, so they cost the hot loops no inlining budget), and
# Kernel.__init__ accepts only those.

cdef enum:
    CALL_ASSIGN = 0  # assign_players: the exhaustive enumeration
    CALL_MC = 1  # deal_mc: Monte Carlo deals


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
    const Draws* D              # CALL_MC: deal_mc's arguments
    uint64_t* s
    int64_t trials
    int64_t* cnt
    int64_t* cb


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


cdef inline void run_mc(const Problem* P, const Draws* D, uint64_t* s, int64_t trials,
                        int64_t* cnt, int64_t* cb) noexcept nogil:
    """:func:`deal_mc` as compiled for the problem's game (:func:`play`)."""
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
        if P.low == RANKING_LOW8:
            play_as(P, c, <TwoPlusThree*>NULL, <HighLow8Ranking*>NULL)
        else:
            play_as(P, c, <TwoPlusThree*>NULL, <HighRanking*>NULL)
    elif P.ranking == RANKING_SHORTDECK:
        play_as(P, c, <BestFive*>NULL, <ShortRanking*>NULL)
    elif P.ranking == RANKING_SHORTDECK_TRITON:
        play_as(P, c, <BestFive*>NULL, <TritonRanking*>NULL)
    else:
        play_as(P, c, <BestFive*>NULL, <HighRanking*>NULL)


cdef void play_as(const Problem* P, Call* c, forming_t* fm, ranking_t* rk) noexcept nogil:
    """Run ``c``'s kernel compiled for ``fm`` and ``rk``."""
    if c.kind == CALL_MC:
        deal_mc(P, c.D, c.s, c.trials, c.cnt, c.cb, fm, rk)
    elif c.sums:
        assign_players(P, c.assign, c.p, c.stop, c.used, c.w_sum, c.first, <double*>c.tally,
                       <double*>c.ctally, fm, rk)
    else:
        assign_players(P, c.assign, c.p, c.stop, c.used, c.w_count, c.first,
                       <int64_t*>c.tally, <int64_t*>c.ctally, fm, rk)
