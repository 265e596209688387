# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The Monte Carlo kernels, GIL-free: deals of the players' hands and of the boards, with
every random stream passed by pointer.

The kernel (:func:`deal_mc`) is compiled per forming rule and ranking;
_engine.pyx's one dispatch picks the one a game plays, and calls it once per
slot of deals.  Its hot functions are in this module, so that they inline into
one another; being in a module of its own also keeps it out of line of the
OpenMP loop that calls it (GCC once inlined the Omaha kernels there, where the
unrolled triple loop of ``omaha_pair`` ran short of registers).
_montecarlo.pxd lists what other modules use.
"""

from libc.stdint cimport (
    int32_t,
    int64_t,
    uint8_t,
    uint16_t,
    uint32_t,
    uint64_t,
)
from libc.stdlib cimport free
from libc.string cimport memset

from pokercalc.core._boards cimport remaining_cards
from pokercalc.core._control cimport stop_requested
from pokercalc.core._game cimport (
    MAX_BOARD,
    MAX_PLAYERS,
    BestFive,
    TwoPlusThree,
    forming_t,
)
from pokercalc._eval cimport (
    PC_CARD_BIT,
    PC_CARD_KEY,
    PC_KEY_INIT,
    RANKING_LOW8,
    HighLow8Ranking,
    evaluate,
    ranking_t,
)
from pokercalc.core._showdown cimport (
    HILO_SLOTS,
    count_values,
    winner_bits16,
    omaha_showdown,
    showdown,
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
    uniform01,
)

from pokercalc.core._problem cimport (
    Problem,
    __builtin_ctz,
    __builtin_popcountll,
    hole_of,
    line_calloc,
)


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
# (a run with no ranged player pays nothing for the tracking).  The pointer is always NULL.
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
    """:func:`deal_mc` in a best-five game of two own cards (HOLE_PAIR) with no broken-down
    player, ``deck`` listing the
    ``ndeck`` cards outside ``fixed``, ``hk`` and ``hm`` holding the one-hand players' keys
    and masks (:func:`deal_mc` sorts the players out): each deal moves the cards its ranged players drew
    to the end of ``deck`` (``pos`` says where each card is), so that the first ``m`` hold
    exactly the cards left, and deals the random players and the board from those by a
    partial Fisher-Yates shuffle (uniform whatever order the last deal left), a step per
    card, summing keys as the cards come (rather than passing over the ranged cards, as
    :func:`deal_mc` does, or writing the cards out and reading them back).

    The generator's words are kept in a local copy (a store to ``deck`` could alias them,
    so they would be reloaded after every card), and with ``wm`` the deals are counted by
    their set of winners.  The shuffle's places come four from 32 random bits
    (:func:`shuffle_places`), the board is dealt first so that a random player is valued
    as its cards come, and the winners are picked out by one vector compare
    (``winner_bits16``).  The figures of each step are in the commits that made them."""
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
            # loops and batches.  (Constants for two ranged players preflop gain nothing:
            # drawing their hands is most of a deal.)
            done = _deals(P, D, s, deck, pos, ndeck, fixed, ranged, nranged, moving, nmoving,
                          HOLE_PAIR + MAX_BOARD, MAX_BOARD, rand, 1, held, nheld, init, hk, hm,
                          v, &plan, trials, cnt, wm, rk, moves)
        elif k == 2 and nrand == 1:
            done = _deals(P, D, s, deck, pos, ndeck, fixed, ranged, nranged, moving, nmoving,
                          HOLE_PAIR + 2, 2, rand, 1, held, nheld, init, hk, hm, v, &plan, trials,
                          cnt, wm, rk, moves)
        else:
            done = _deals(P, D, s, deck, pos, ndeck, fixed, ranged, nranged, moving, nmoving,
                          need, k, rand, nrand, held, nheld, init, hk, hm, v, &plan, trials,
                          cnt, wm, rk, moves)
    cnt[P.total_at] += done
    s0[0] = st[0]
    s0[1] = st[1]
    s0[2] = st[2]
    s0[3] = st[3]


cdef void deal_mc(const Problem* P, const Draws* D, uint64_t* s, int64_t trials,
                    int64_t* cnt, int64_t* cb, forming_t* fm, ranking_t* rk) noexcept nogil:
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
