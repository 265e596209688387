# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Hand strength and hand potential kernels: exact against one opponent, Monte Carlo against several.

Both kernels count transitions.  Each (opponents' hands, cards to come) case
puts the hero in one of three states now (on the given board) and one of three
at the river, against the best of the opponents' hands: 0 ahead, 1 tied,
2 behind.  The tally is ``count[3 * now + river]``; hand strength, positive and
negative potential are ratios of these nine numbers (``winodds.py`` forms
them).  Inputs are validated in Python before the kernels run.  Both take an
optional ``runner.Control`` buffer ``ctl``: they return soon after its stop
flag is set (a batch of 2,048 deals or one hero hand at most) and count work.

Both play the game they are given (``games.Game``): ``ranking`` is its
``ranking_id`` (hold'em, short-deck or Triton values) and ``outside`` its
``outside_mask``, the cards its deck lacks, which are never dealt.  As in the
equity engine, each kernel is compiled once per ranking, so hold'em's loops
carry no test of which ranking applies.
"""

cimport openmp
from cython.parallel cimport prange
from libc.math cimport sqrt
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from pokercalc.core._boards cimport Boards, boards_next, boards_start, remaining_cards
from pokercalc.core._control cimport add_done, stop_requested
from pokercalc.core._eval cimport (
    PC_CARD_BIT,
    PC_CARD_KEY,
    PC_KEY_INIT,
    RANKING_HIGH,
    RANKING_SHORTDECK,
    RANKING_SHORTDECK_TRITON,
    HighRanking,
    ShortRanking,
    TritonRanking,
    evaluate,
    ranking_t,
)
from pokercalc.core._rng cimport bounded, next_u64, splitmix

cdef enum:
    AHEAD = 0
    TIED = 1
    BEHIND = 2
    MAX_RUNOUTS = 1128  # C(48, 2): more than any flop leaves
    MAX_OPPONENTS = 22
    BATCH = 2048  # Monte Carlo trials between clock and target checks

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil

cdef inline int state(uint16_t hero, uint16_t best_opponent) noexcept nogil:
    """Ahead, tied or behind the best opponent."""
    if hero > best_opponent:
        return AHEAD
    if hero == best_opponent:
        return TIED
    return BEHIND


cdef void exact_one(int h1, int h2, const uint8_t* board, int nb, const uint8_t* dead, int nd,
                    uint64_t outside, int ranking, int64_t* count) noexcept nogil:
    """Add to ``count`` every (opponent hand, runout) case of one hero hand against one opponent,
    in the game whose deck lacks ``outside`` and whose ranking is ``ranking``."""
    if ranking == RANKING_SHORTDECK:
        exact_ranked(<ShortRanking*>NULL, h1, h2, board, nb, dead, nd, outside, count)
    elif ranking == RANKING_SHORTDECK_TRITON:
        exact_ranked(<TritonRanking*>NULL, h1, h2, board, nb, dead, nd, outside, count)
    else:
        exact_ranked(<HighRanking*>NULL, h1, h2, board, nb, dead, nd, outside, count)


cdef void exact_ranked(ranking_t* rk, int h1, int h2, const uint8_t* board, int nb,
                       const uint8_t* dead, int nd, uint64_t outside,
                       int64_t* count) noexcept nogil:
    """:func:`exact_one` as compiled for one ranking."""
    cdef uint8_t live[52]
    cdef uint64_t rkey[MAX_RUNOUTS]
    cdef uint64_t rmask[MAX_RUNOUTS]
    cdef uint64_t rlive[MAX_RUNOUTS]  # which live positions the runout uses
    cdef uint16_t hero_river[MAX_RUNOUTS]
    cdef uint64_t used = PC_CARD_BIT[h1] | PC_CARD_BIT[h2]
    cdef uint64_t bkey = PC_KEY_INIT, bmask = 0, okey, omask, obits
    cdef uint64_t hkey, hmask
    cdef int m, nr = 0, k = 5 - nb
    cdef int i, r, now
    cdef uint16_t hero_now, opp_now
    cdef Boards D
    for i in range(nb):
        bkey += PC_CARD_KEY[board[i]]
        bmask |= PC_CARD_BIT[board[i]]
    used |= bmask | outside
    for i in range(nd):
        used |= PC_CARD_BIT[dead[i]]
    m = remaining_cards(used, live, False)
    # Every runout of k = 0, 1 or 2 cards from the live cards, and the hero's river value on it.
    boards_start(&D, live, m, k, -1, NULL, 0)
    while boards_next(&D, k, NULL):
        rkey[nr] = D.key[k]
        rmask[nr] = D.mask[k]
        rlive[nr] = 0
        for i in range(k):
            rlive[nr] |= (<uint64_t>1) << D.idx[i]
        nr += 1
    hkey = bkey + PC_CARD_KEY[h1] + PC_CARD_KEY[h2]
    hmask = bmask | PC_CARD_BIT[h1] | PC_CARD_BIT[h2]
    hero_now = evaluate(rk, hkey, hmask)
    for r in range(nr):
        hero_river[r] = evaluate(rk, hkey + rkey[r], hmask | rmask[r])
    # Every opponent hand of two live cards.
    boards_start(&D, live, m, 2, -1, NULL, 0)
    while boards_next(&D, 2, NULL):
        okey = bkey + D.key[2]
        omask = bmask | D.mask[2]
        obits = ((<uint64_t>1) << D.idx[0]) | ((<uint64_t>1) << D.idx[1])
        opp_now = evaluate(rk, okey, omask)
        now = 3 * state(hero_now, opp_now)
        for r in range(nr):
            if not rlive[r] & obits:
                count[now + state(hero_river[r], evaluate(rk, okey + rkey[r], omask | rmask[r]))] += 1


cdef int check_game(int ranking, uint64_t outside) except -1:
    """Refuse a ranking the kernels do not know (0 to 2) or an ``outside`` mask of non-cards."""
    cdef uint64_t cards = 0x1FFF1FFF1FFF1FFF
    if not RANKING_HIGH <= ranking <= RANKING_SHORTDECK_TRITON:
        raise ValueError("ranking must be 0 (high), 1 (short-deck) or 2 (Triton)")
    if outside & ~cards:
        raise ValueError("outside must be a mask of cards")
    return 0


def exact_counts(const uint8_t[:, ::1] hero, const uint8_t[::1] board, const uint8_t[::1] dead,
                 int64_t[:, ::1] out, int threads=0, int64_t[::1] ctl=None, int ranking=0,
                 uint64_t outside=0) -> None:
    """Fill ``out[i]`` with the nine transition counts of hero hand ``hero[i]`` against one opponent.

    ``hero`` is (n, 2) card indices, none on ``board`` (3 to 5 cards), among
    ``dead`` or in ``outside`` (the cards the game's deck lacks; ``ranking``
    is the game's ``ranking_id``); the combos are enumerated in parallel on
    ``threads`` threads (0: OpenMP's default).
    """
    cdef Py_ssize_t i, n = hero.shape[0]
    cdef int nb = board.shape[0], nd = dead.shape[0]
    if hero.shape[1] != 2 or out.shape[0] < n or out.shape[1] != 9:
        raise ValueError("hero must be (n, 2) and out (n, 9)")
    if not 3 <= nb <= 5:
        raise ValueError("the board must have 3 to 5 cards")
    check_game(ranking, outside)
    out[:, :] = 0
    if n == 0:
        return
    cdef const uint8_t* b = &board[0]
    cdef const uint8_t* d = &dead[0] if nd else NULL
    cdef int64_t* c = &ctl[0] if ctl is not None else NULL
    if threads <= 0:
        threads = openmp.omp_get_max_threads()
    for i in prange(n, nogil=True, schedule="dynamic", num_threads=threads):
        if not stop_requested(c):
            exact_one(hero[i, 0], hero[i, 1], b, nb, d, nd, outside, ranking, &out[i, 0])
            if not stop_requested(c):
                add_done(c, 1)


cdef inline uint64_t rng_next(Rng* g) noexcept nogil:
    """The next 64 random bits of the shared generator (pokercalc/core/_rng.pxd)."""
    return next_u64(g.s)


cdef inline uint32_t rng_below(Rng* g, uint32_t n) noexcept nogil:
    """A uniform integer in [0, n), unbiased."""
    return bounded(g.s, n)


cdef inline double now_seconds() noexcept nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec + 1e-9 * t.tv_nsec


cdef double strength_stderr(const int64_t* count) noexcept nogil:
    """Standard error of hand strength (1 ahead, 1/2 tied, 0 behind now) from the tallies."""
    cdef double a = count[0] + count[1] + count[2]
    cdef double t = count[3] + count[4] + count[5]
    cdef double n = a + t + count[6] + count[7] + count[8]
    cdef double mean, var
    if n < 2:
        return 1.0
    mean = (a + 0.5 * t) / n
    var = (a + 0.25 * t) / n - mean * mean
    if var < 0:
        var = 0
    return sqrt(var / n)


cdef int64_t sample(const uint8_t* hero, const double* cum, int nh, const uint8_t* board, int nb,
                    const uint8_t* dead, int nd, int opponents, int64_t max_trials,
                    double seconds, double target, Rng* g, int64_t* count,
                    int64_t* ctl, uint64_t outside, int ranking) noexcept nogil:
    """Deal random opponents and runouts until a limit is met; return the number of trials.

    The game's deck lacks the cards of ``outside``; ``ranking`` values its hands.
    """
    if ranking == RANKING_SHORTDECK:
        return sample_ranked(<ShortRanking*>NULL, hero, cum, nh, board, nb, dead, nd, opponents,
                             max_trials, seconds, target, g, count, ctl, outside)
    elif ranking == RANKING_SHORTDECK_TRITON:
        return sample_ranked(<TritonRanking*>NULL, hero, cum, nh, board, nb, dead, nd, opponents,
                             max_trials, seconds, target, g, count, ctl, outside)
    return sample_ranked(<HighRanking*>NULL, hero, cum, nh, board, nb, dead, nd, opponents,
                         max_trials, seconds, target, g, count, ctl, outside)


cdef int64_t sample_ranked(ranking_t* rk, const uint8_t* hero, const double* cum, int nh,
                           const uint8_t* board, int nb, const uint8_t* dead, int nd,
                           int opponents, int64_t max_trials, double seconds, double target,
                           Rng* g, int64_t* count, int64_t* ctl,
                           uint64_t outside) noexcept nogil:
    """:func:`sample` as compiled for one ranking."""
    cdef uint8_t deck[52]
    cdef int pos[52]
    cdef uint64_t used = 0, bkey = PC_KEY_INIT, bmask = 0, hkey, hmask, rkey, rmask, okey, omask
    cdef int m = 0, k = 5 - nb, ndraw, avail, c, i, j, lo, hi, mid, t, a, b, p, batch
    cdef uint8_t tmp
    cdef uint16_t hero_now, hero_river, best_now, best_river, v
    cdef int64_t trials = 0
    cdef double u, start = now_seconds()
    for i in range(nb):
        bkey += PC_CARD_KEY[board[i]]
        bmask |= PC_CARD_BIT[board[i]]
    used = bmask | outside
    for i in range(nd):
        used |= PC_CARD_BIT[dead[i]]
    for c in range(52):
        pos[c] = -1
        if not used & PC_CARD_BIT[c]:
            deck[m] = c
            pos[c] = m
            m += 1
    ndraw = 2 * opponents + k
    avail = m - 2
    while True:
        batch = BATCH
        if max_trials > 0 and max_trials - trials < batch:
            batch = <int>(max_trials - trials)
        for t in range(batch):
            # The hero's hand, by weight, and its two cards moved out of the deck's dealt part.
            if nh == 1:
                i = 0
            else:
                u = (rng_next(g) >> 11) * (1.0 / 9007199254740992.0) * cum[nh - 1]
                lo = 0
                hi = nh - 1
                while lo < hi:
                    mid = (lo + hi) >> 1
                    if cum[mid] > u:
                        hi = mid
                    else:
                        lo = mid + 1
                i = lo
            for p in range(2):
                c = hero[2 * i + p]
                a = pos[c]
                b = m - 1 - p
                tmp = deck[b]
                deck[b] = <uint8_t>c
                deck[a] = tmp
                pos[tmp] = a
                pos[c] = b
            # A partial Fisher-Yates shuffle deals the opponents' hands and the runout.
            for j in range(ndraw):
                a = j + <int>rng_below(g, avail - j)
                tmp = deck[a]
                deck[a] = deck[j]
                deck[j] = tmp
                pos[deck[a]] = a
                pos[tmp] = j
            rkey = 0
            rmask = 0
            for j in range(2 * opponents, ndraw):
                rkey += PC_CARD_KEY[deck[j]]
                rmask |= PC_CARD_BIT[deck[j]]
            hkey = bkey + PC_CARD_KEY[hero[2 * i]] + PC_CARD_KEY[hero[2 * i + 1]]
            hmask = bmask | PC_CARD_BIT[hero[2 * i]] | PC_CARD_BIT[hero[2 * i + 1]]
            hero_now = evaluate(rk, hkey, hmask)
            hero_river = evaluate(rk, hkey + rkey, hmask | rmask)
            best_now = 0
            best_river = 0
            for p in range(opponents):
                okey = bkey + PC_CARD_KEY[deck[2 * p]] + PC_CARD_KEY[deck[2 * p + 1]]
                omask = bmask | PC_CARD_BIT[deck[2 * p]] | PC_CARD_BIT[deck[2 * p + 1]]
                v = evaluate(rk, okey, omask)
                if v > best_now:
                    best_now = v
                v = evaluate(rk, okey + rkey, omask | rmask)
                if v > best_river:
                    best_river = v
            count[3 * state(hero_now, best_now) + state(hero_river, best_river)] += 1
        trials += batch
        if max_trials > 0 and trials >= max_trials:
            break
        if target > 0 and strength_stderr(count) <= target:
            break
        if seconds > 0 and now_seconds() - start >= seconds:
            break
        if stop_requested(ctl):
            break
    return trials


def sample_counts(const uint8_t[:, ::1] hero, const double[::1] cum_weights,
                  const uint8_t[::1] board, const uint8_t[::1] dead, int opponents,
                  int64_t trials, double seconds, double target_stderr, uint64_t seed,
                  int64_t[::1] out, int threads=0, int64_t[::1] ctl=None, int ranking=0,
                  uint64_t outside=0) -> int:
    """Add Monte Carlo transition counts against ``opponents`` random hands to ``out``; return trials.

    The hero's hand is drawn from ``hero`` (n, 2) with cumulative weights
    ``cum_weights``.  Trials run in batches until ``trials`` are done, hand
    strength's standard error is at most ``target_stderr`` or ``seconds`` have
    passed (a zero turns a limit off; at least one must be on).  ``threads``
    threads (0: OpenMP's default) deal independently, each from its own
    xoshiro stream split off ``seed``, and share the trials; each stops at
    ``target_stderr`` times the square root of the thread count, so the pooled
    error meets the target.  A seed, trial count and thread count give the
    same counts every time.  ``ranking`` and ``outside`` give the game, as for
    :func:`exact_counts`.
    """
    cdef int nh = hero.shape[0], nb = board.shape[0], nd = dead.shape[0]
    cdef uint64_t x = seed
    cdef int64_t total = 0
    cdef int t, k, nt = threads if threads > 0 else openmp.omp_get_max_threads()
    if hero.shape[1] != 2 or nh == 0 or cum_weights.shape[0] != nh or out.shape[0] != 9:
        raise ValueError("hero must be (n, 2), cum_weights (n,) and out (9,)")
    if not 3 <= nb <= 5 or not 1 <= opponents <= MAX_OPPONENTS:
        raise ValueError("the board must have 3 to 5 cards and opponents be 1 to 22")
    check_game(ranking, outside)
    if 2 + nb + nd + 2 * opponents + (5 - nb) > 52 - __builtin_popcountll(outside):
        raise ValueError("not enough cards for that many opponents")
    if trials <= 0 and seconds <= 0 and target_stderr <= 0:
        raise ValueError("give trials, seconds or a target standard error")
    if trials > 0 and trials < nt:
        nt = <int>trials
    cdef double target = target_stderr * sqrt(nt)
    cdef Rng* gs = <Rng*>malloc(nt * sizeof(Rng))
    cdef int64_t* counts = <int64_t*>calloc(9 * nt, sizeof(int64_t))
    cdef int64_t* done = <int64_t*>calloc(nt, sizeof(int64_t))
    cdef const uint8_t* d = &dead[0] if nd else NULL
    cdef int64_t* c = &ctl[0] if ctl is not None else NULL
    try:
        if gs == NULL or counts == NULL or done == NULL:
            raise MemoryError()
        for t in range(nt):
            for k in range(4):
                gs[t].s[k] = splitmix(&x)
        for t in prange(nt, nogil=True, num_threads=nt, schedule="static", chunksize=1):
            done[t] = sample(&hero[0, 0], &cum_weights[0], nh, &board[0], nb, d, nd, opponents,
                             trials // nt + (1 if t < trials % nt else 0) if trials > 0 else 0,
                             seconds, target, &gs[t], &counts[9 * t], c, outside, ranking)
        for t in range(nt):
            total += done[t]
            for k in range(9):
                out[k] += counts[9 * t + k]
        return total
    finally:
        free(gs)
        free(counts)
        free(done)
