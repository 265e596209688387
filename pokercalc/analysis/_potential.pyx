# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Hand strength and hand potential kernels: exact against one opponent, Monte Carlo against several.

Both kernels count transitions.  Each (opponents' hands, cards to come) case
puts the hero in one of three states now (on the given board) and one of three
at the river, against the best of the opponents' hands: 0 ahead, 1 tied,
2 behind.  The tally is ``count[3 * now + river]``; hand strength, positive and
negative potential are ratios of these nine numbers (``win_odds.py`` forms
them).  Inputs are validated in Python before the kernels run.  Both take an
optional ``runner.Control`` buffer ``ctl``: they return soon after its stop
flag is set (256 deals or one hero hand at most).

Both play the game they are given (``games.Game``): the exact kernel a game
whose best five of two hole and the board cards play, by its ``ranking_id``
(hold'em, short-deck or Triton values); the Monte Carlo kernel those and Omaha
high, by its ``forming_id`` and ``ranking_id``, with hands of the game's hole
cards (the rows of ``hero``).  ``outside`` is the game's ``outside_mask``, the
cards its deck lacks, which are never dealt.  As in the equity engine, each
kernel is compiled once per forming rule and ranking (core/_game.pxd), so
hold'em's loops carry no test of which one applies.
"""

cimport openmp
from cython.parallel cimport prange
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport calloc, free, malloc

from pokercalc.core._boards cimport Boards, boards_next, boards_start, remaining_cards
from pokercalc.core._control cimport add_done, stop_requested
from pokercalc.core._game cimport (
    FORMING_BEST_FIVE,
    FORMING_TWO_PLUS_THREE,
    MAX_BOARD,
    BestFive,
    TwoPlusThree,
    forming_t,
)
from pokercalc._eval cimport (
    PC_CARD_BIT,
    PC_CARD_KEY,
    PC_KEY_INIT,
    NO_RANKING,
    RANKING_HIGH,
    RANKING_SHORTDECK,
    RANKING_SHORTDECK_TRITON,
    HighRanking,
    OmahaBoard,
    OmahaTable,
    ShortRanking,
    TritonRanking,
    evaluate,
    omaha_board,
    omaha_table,
    omaha_table_value,
    omaha_value,
    ranking_t,
)
from pokercalc.core._rng cimport bounded, splitmix, uniform01

cdef enum:
    AHEAD = 0
    TIED = 1
    BEHIND = 2
    MAX_RUNOUTS = 1128  # C(48, 2): more than any flop leaves
    MAX_OPPONENTS = 22

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
    in the game whose deck lacks ``outside`` and whose ranking is ``ranking`` (best five of
    two hole and the board cards)."""
    cdef Call c
    c.kind = CALL_EXACT
    c.h1 = h1
    c.h2 = h2
    c.board = board
    c.nb = nb
    c.dead = dead
    c.nd = nd
    c.outside = outside
    c.count = count
    play(FORMING_BEST_FIVE, ranking, &c)


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
    cdef int m, nr = 0, k = MAX_BOARD - nb
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
    if not 3 <= nb <= MAX_BOARD:
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


cdef int64_t sample(const uint8_t* hero, int K, const double* cum, int nh, const uint8_t* board,
                    int nb, const uint8_t* dead, int nd, int opponents, int64_t deals, Rng* g,
                    int64_t* count, int64_t* ctl, uint64_t outside, int forming,
                    int ranking) noexcept nogil:
    """Deal ``deals`` random cases from ``g`` and add their transitions to ``count``; return the
    deals done (fewer when the stop flag of ``ctl`` is set).

    The hero holds one of the ``nh`` hands of ``K`` cards at ``hero``, drawn by
    the cumulative weights ``cum``; the game's deck lacks the cards of
    ``outside``; ``forming`` and ``ranking`` are the game's ``forming_id`` and
    ``ranking_id``: the kernel compiled for them runs (:func:`play`).
    """
    cdef Call c
    c.kind = CALL_SAMPLE
    c.hero = hero
    c.K = K
    c.cum = cum
    c.nh = nh
    c.board = board
    c.nb = nb
    c.dead = dead
    c.nd = nd
    c.opponents = opponents
    c.deals = deals
    c.g = g
    c.count = count
    c.ctl = ctl
    c.outside = outside
    c.done = 0
    play(forming, ranking, &c)
    return c.done


# --- The one dispatch: a game's numbers to its compiled kernels ---------------
#
# Each kernel is compiled for each forming rule (``forming_t``) and each ranking
# (``ranking_t``); a call names its kernel and arguments in a ``Call``, and :func:`play`
# runs the kernel compiled for the game, as the equity engine's own dispatch does
# (core/_engine.pyx).  Only the pairs a game plays are reached (the compiler drops the
# others), and the Python entry points accept only those.

cdef enum:
    CALL_EXACT = 0  # exact_ranked: one hero hand against one opponent, every case
    CALL_SAMPLE = 1  # sample_ranked: Monte Carlo deals


cdef struct Call:
    int kind
    const uint8_t* board        # both kernels
    int nb
    const uint8_t* dead
    int nd
    uint64_t outside
    int64_t* count
    int h1                      # CALL_EXACT: the hero's two cards
    int h2
    const uint8_t* hero         # CALL_SAMPLE: sample_ranked's arguments
    int K
    const double* cum
    int nh
    int opponents
    int64_t deals
    Rng* g
    int64_t* ctl
    int64_t done                # and its deals done


cdef void play(int forming, int ranking, Call* c) noexcept nogil:
    """Run ``c`` with the kernel compiled for the game's forming rule and ranking."""
    if forming == FORMING_TWO_PLUS_THREE:
        play_as(c, <TwoPlusThree*>NULL, <HighRanking*>NULL)
    elif ranking == RANKING_SHORTDECK:
        play_as(c, <BestFive*>NULL, <ShortRanking*>NULL)
    elif ranking == RANKING_SHORTDECK_TRITON:
        play_as(c, <BestFive*>NULL, <TritonRanking*>NULL)
    else:
        play_as(c, <BestFive*>NULL, <HighRanking*>NULL)


cdef void play_as(Call* c, forming_t* fm, ranking_t* rk) noexcept nogil:
    """Run ``c``'s kernel compiled for ``fm`` and ``rk``."""
    if c.kind == CALL_SAMPLE:
        c.done = sample_ranked(fm, rk, c.hero, c.K, c.cum, c.nh, c.board, c.nb, c.dead, c.nd,
                               c.opponents, c.deals, c.g, c.count, c.ctl, c.outside)
    elif forming_t is BestFive:  # (the exact kernel plays two hole cards)
        exact_ranked(rk, c.h1, c.h2, c.board, c.nb, c.dead, c.nd, c.outside, c.count)


cdef int64_t sample_ranked(forming_t* fm, ranking_t* rk, const uint8_t* hero, int K, const double* cum, int nh,
                           const uint8_t* board, int nb, const uint8_t* dead, int nd,
                           int opponents, int64_t deals, Rng* g, int64_t* count, int64_t* ctl,
                           uint64_t outside) noexcept nogil:
    """:func:`sample` as compiled for one forming rule and ranking.

    Every deal starts from the deck as the last one left it, so a stream's
    deals depend on its generator's state and nothing else.  Omaha hands are
    valued on the board as it stands from a table of every pair of hole ranks
    (made once), and on the river board from its ten triples.
    """
    cdef uint8_t deck[52]
    cdef int pos[52]
    cdef uint8_t bc[MAX_BOARD]
    cdef OmahaBoard now_board, river_board
    cdef OmahaTable now_table
    cdef uint64_t used = 0, bkey = PC_KEY_INIT, bmask = 0, hkey, hmask, rkey, rmask, okey, omask
    cdef int m = 0, r = MAX_BOARD - nb, ndraw, avail, c, i, j, lo, hi, mid, a, b, p
    cdef uint8_t tmp
    cdef uint16_t hero_now, hero_river, best_now, best_river, v
    cdef const uint8_t* hole
    cdef const uint8_t* o
    cdef int64_t t
    cdef double u
    # The stream and the tallies live on this thread's stack while it deals: blocks
    # next to each other in memory run on different threads.
    cdef Rng rng = g[0]
    cdef int64_t tally[9]
    for i in range(9):
        tally[i] = 0
    for i in range(nb):
        bkey += PC_CARD_KEY[board[i]]
        bmask |= PC_CARD_BIT[board[i]]
    if forming_t is TwoPlusThree:
        for i in range(nb):
            bc[i] = board[i]
        omaha_board(&now_board, board, nb)
        omaha_table(&now_table, &now_board)
    used = bmask | outside
    for i in range(nd):
        used |= PC_CARD_BIT[dead[i]]
    for c in range(52):
        pos[c] = -1
        if not used & PC_CARD_BIT[c]:
            deck[m] = c
            pos[c] = m
            m += 1
    ndraw = K * opponents + r
    avail = m - K
    for t in range(deals):
        if (t & 255) == 0 and stop_requested(ctl):
            break
        # The hero's hand, by weight, and its cards moved out of the deck's dealt part.
        if nh == 1:
            i = 0
        else:
            u = uniform01(rng.s) * cum[nh - 1]
            lo = 0
            hi = nh - 1
            while lo < hi:
                mid = (lo + hi) >> 1
                if cum[mid] > u:
                    hi = mid
                else:
                    lo = mid + 1
            i = lo
        hole = hero + K * i
        for p in range(K):
            c = hole[p]
            a = pos[c]
            b = m - 1 - p
            tmp = deck[b]
            deck[b] = <uint8_t>c
            deck[a] = tmp
            pos[tmp] = a
            pos[c] = b
        # A partial Fisher-Yates shuffle deals the opponents' hands, then the runout.
        for j in range(ndraw):
            a = j + <int>bounded(rng.s, avail - j)
            tmp = deck[a]
            deck[a] = deck[j]
            deck[j] = tmp
            pos[deck[a]] = a
            pos[tmp] = j
        if forming_t is TwoPlusThree:
            hero_now = omaha_table_value(&now_table, hole, K)
            best_now = 0
            for p in range(opponents):
                v = omaha_table_value(&now_table, &deck[K * p], K)
                best_now = v if v > best_now else best_now
            if r == 0:
                hero_river = hero_now
                best_river = best_now
            else:
                for j in range(r):
                    bc[nb + j] = deck[K * opponents + j]
                omaha_board(&river_board, bc, MAX_BOARD)
                hero_river = omaha_value(&river_board, hole, K)
                best_river = 0
                for p in range(opponents):
                    v = omaha_value(&river_board, &deck[K * p], K)
                    best_river = v if v > best_river else best_river
        else:
            # The seven-card evaluators: two hole cards (checked by sample_blocks).
            rkey = 0
            rmask = 0
            for j in range(K * opponents, ndraw):
                rkey += PC_CARD_KEY[deck[j]]
                rmask |= PC_CARD_BIT[deck[j]]
            hkey = bkey + PC_CARD_KEY[hole[0]] + PC_CARD_KEY[hole[1]]
            hmask = bmask | PC_CARD_BIT[hole[0]] | PC_CARD_BIT[hole[1]]
            hero_now = evaluate(rk, hkey, hmask)
            hero_river = evaluate(rk, hkey + rkey, hmask | rmask)
            best_now = 0
            best_river = 0
            for p in range(opponents):
                o = &deck[2 * p]
                okey = bkey + PC_CARD_KEY[o[0]] + PC_CARD_KEY[o[1]]
                omask = bmask | PC_CARD_BIT[o[0]] | PC_CARD_BIT[o[1]]
                v = evaluate(rk, okey, omask)
                best_now = v if v > best_now else best_now
                v = evaluate(rk, okey + rkey, omask | rmask)
                best_river = v if v > best_river else best_river
        tally[3 * state(hero_now, best_now) + state(hero_river, best_river)] += 1
    else:
        t = deals
    g[0] = rng
    for i in range(9):
        count[i] += tally[i]
    return t


def sample_blocks(const uint8_t[:, ::1] hero, const double[::1] cum_weights,
                  const uint8_t[::1] board, const uint8_t[::1] dead, int opponents,
                  uint64_t seed, int64_t first, int64_t blocks, int64_t block_size,
                  int64_t trials, int64_t[::1] out, int threads=0, int64_t[::1] ctl=None,
                  int forming=0, int ranking=0, int low=-1, uint64_t outside=0) -> int:
    """Add the transition counts of Monte Carlo blocks ``first .. first + blocks - 1`` against
    ``opponents`` random hands to ``out``; return the deals done.

    The hero's hand is drawn from ``hero`` (n, k: the game's hole cards) with
    cumulative weights ``cum_weights``.  A block deals ``block_size`` cases,
    the last block of a run of ``trials`` deals (0: no end) the rest.  Block
    ``j`` deals from its own xoshiro256** stream, seeded with outputs
    ``4j .. 4j + 3`` of splitmix64 over ``seed`` (the streams of
    ``engine.montecarlo.block_states``), and its counts are integers added after
    all blocks are done, so a seed and a trial count give the same counts
    whichever of the ``threads`` threads (0: OpenMP's default) ran a block.
    ``forming``, ``ranking`` and ``low`` are the game's ``kernel_ids``: the best
    five of two hole and the board cards under a high ranking, or Omaha high
    (two hole and three board cards; hi/lo, a ``low`` ranking, has no single
    pot to be ahead in); ``outside`` is the cards its deck lacks.  A set stop flag in ``ctl`` ends every block within 256
    deals, its deals so far counted.
    """
    cdef int nh = hero.shape[0], K = hero.shape[1], nb = board.shape[0], nd = dead.shape[0]
    cdef uint64_t x, golden = 0x9E3779B97F4A7C15ULL
    cdef int64_t total = 0, j, size
    cdef int w, nt = threads if threads > 0 else openmp.omp_get_max_threads()
    if nh == 0 or cum_weights.shape[0] != nh or out.shape[0] != 9:
        raise ValueError("hero must be (n, k), cum_weights (n,) and out (9,)")
    if not 3 <= nb <= MAX_BOARD or not 1 <= opponents <= MAX_OPPONENTS:
        raise ValueError("the board must have 3 to 5 cards and opponents be 1 to 22")
    if (low != NO_RANKING or forming not in (FORMING_BEST_FIVE, FORMING_TWO_PLUS_THREE)
            or not RANKING_HIGH <= ranking <= RANKING_SHORTDECK_TRITON
            or (forming == FORMING_TWO_PLUS_THREE and ranking != RANKING_HIGH)):
        raise ValueError("evaluator must be one high ranking: best five of seven or Omaha high")
    check_game(RANKING_HIGH, outside)  # the outside mask
    if K < 2 or (K != 2 and forming != FORMING_TWO_PLUS_THREE):
        raise ValueError("hero hands must have 2 cards, or in Omaha at least 2")
    if K + nb + nd + K * opponents + (MAX_BOARD - nb) > 52 - __builtin_popcountll(outside):
        raise ValueError("not enough cards for that many opponents")
    if first < 0 or blocks < 0 or block_size < 1 or trials < 0:
        raise ValueError("first, blocks and trials must be at least 0, block_size at least 1")
    if trials > 0 and blocks and (first + blocks - 1) * block_size >= trials:
        raise ValueError("blocks past the end of the run")
    if blocks == 0:
        return 0
    cdef Rng* gs = <Rng*>malloc(blocks * sizeof(Rng))
    cdef int64_t* counts = <int64_t*>calloc(9 * blocks, sizeof(int64_t))
    cdef int64_t* done = <int64_t*>calloc(blocks, sizeof(int64_t))
    cdef const uint8_t* d = &dead[0] if nd else NULL
    cdef int64_t* c = &ctl[0] if ctl is not None else NULL
    try:
        if gs == NULL or counts == NULL or done == NULL:
            raise MemoryError()
        for j in range(blocks):
            x = seed + <uint64_t>(4 * (first + j)) * golden
            for w in range(4):
                gs[j].s[w] = splitmix(&x)
        for j in prange(blocks, nogil=True, num_threads=min(nt, blocks), schedule="dynamic",
                        chunksize=1):
            size = block_size
            if trials > 0 and (first + j + 1) * block_size > trials:
                size = trials - (first + j) * block_size
            if not stop_requested(c):
                done[j] = sample(&hero[0, 0], K, &cum_weights[0], nh, &board[0], nb, d, nd,
                                 opponents, size, &gs[j], &counts[9 * j], c, outside, forming,
                                 ranking)
        for j in range(blocks):
            total += done[j]
            for w in range(9):
                out[w] += counts[9 * j + w]
        return total
    finally:
        free(gs)
        free(counts)
        free(done)
