# cython: language_level=3
"""The evaluator's C-level interface, the seam other Cython modules cimport.

A hand in progress is a pair (key, mask): ``key`` starts at ``PC_KEY_INIT`` and
adds ``PC_CARD_KEY[c]`` per card (rank keys in the low 32 bits, one 4-bit suit
counter per suit from bit ``PC_SUIT_SHIFT``); ``mask`` ORs ``PC_CARD_BIT[c]``.
Both are additive, so an enumerator keeps the partial sums of its outer loops
and pays one add, one OR and one lookup per hand.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

cdef extern from "_evaltables.h" nogil:
    const uint64_t PC_CARD_KEY[52]
    const uint64_t PC_CARD_KEY_INIT[52]
    const uint64_t PC_CARD_BIT[52]
    const uint16_t PC_FLUSH[8192]
    const uint32_t PC_RANK_SUM[8192]
    const int PC_ROWS
    const int PC_RANK_SLOTS
    const uint32_t PC_ROW_OFFSET[PC_ROWS]
    const uint16_t PC_RANK_VALUE[PC_RANK_SLOTS]
    const uint16_t PC_SD_RANK_VALUE[PC_RANK_SLOTS]
    const uint16_t PC_SD_FLUSH[8192]
    const uint16_t PC_SDT_RANK_VALUE[PC_RANK_SLOTS]
    const uint16_t PC_SDT_FLUSH[8192]
    const uint16_t PC_A5_RANK_VALUE[PC_RANK_SLOTS]
    const uint16_t PC_D27_RANK_VALUE[PC_RANK_SLOTS]
    const uint16_t PC_D27_FLUSH[8192]
    const uint8_t PC_LOW8_BIT[52]
    const uint16_t PC_LOW8_VALUE[256]
    const uint16_t PC_BADUGI_VALUE[8192]
    const uint16_t PC_BADUGI_SUBSETS[64]
    const uint64_t PC_KEY_INIT
    const uint64_t PC_FLUSH_CHECK
    const int PC_ROW_SHIFT
    const int PC_SUIT_SHIFT
    const int PC_CATEGORY_SHIFT

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

cdef extern from * nogil:
    """
    /* The key (with PC_KEY_INIT) of n cards: one load and one add per card, seven
       (the common case) unrolled.  The mask is left for pc_cards_flush, since only
       a flush needs it. */
    static inline uint64_t pc_cards_key(const uint8_t* c, int n) {
        uint64_t k = PC_CARD_KEY_INIT[c[0]];
        if (n == 7) {
            k += PC_CARD_KEY[c[1]] + PC_CARD_KEY[c[2]] + PC_CARD_KEY[c[3]] + PC_CARD_KEY[c[4]]
                 + PC_CARD_KEY[c[5]] + PC_CARD_KEY[c[6]];
        } else {
            for (int i = 1; i < n; i++) k += PC_CARD_KEY[c[i]];
        }
        return k;
    }
    /* The flush suit's 13-bit rank lane of a mask, ``flush`` being key & PC_FLUSH_CHECK
       (not 0): that suit's counter has its top bit at PC_SUIT_SHIFT + 3 + 4 * suit. */
    static inline uint64_t pc_flush_lane(uint64_t mask, uint64_t flush) {
        return (mask >> ((__builtin_ctzll(flush) - PC_SUIT_SHIFT - 3) << 2)) & 0x1FFF;
    }
    /* The flush value of n distinct cards whose key has a flush: out of line, so the
       common path keeps no card indices live for it (and only tests the key). */
    static __attribute__((noinline, unused)) uint16_t pc_cards_flush(const uint8_t* c, int n,
                                                                     uint64_t key) {
        uint64_t m = 0;
        for (int i = 0; i < n; i++) m |= PC_CARD_BIT[c[i]];
        return PC_FLUSH[pc_flush_lane(m, key & PC_FLUSH_CHECK)];
    }
    """
    uint64_t pc_cards_key(const uint8_t* cards, int n)
    uint64_t pc_flush_lane(uint64_t mask, uint64_t flush)
    uint16_t pc_cards_flush(const uint8_t* cards, int n, uint64_t key)


cdef inline uint16_t eval_key(uint64_t key, uint64_t mask) noexcept nogil:
    """Value of the 5 to 7 cards whose key and mask these are (higher is better)."""
    cdef uint64_t flush = key & PC_FLUSH_CHECK
    if flush:
        # Seven cards hold at most one suit five times.
        return PC_FLUSH[pc_flush_lane(mask, flush)]
    return PC_RANK_VALUE[rank_slot(<uint32_t>key)]


cdef inline uint32_t rank_slot(uint32_t rank_key) noexcept nogil:
    """The slot of a hand's ranks in the ``*_RANK_VALUE`` tables (the key's low 32 bits)."""
    return rank_key + PC_ROW_OFFSET[rank_key >> PC_ROW_SHIFT]


# Rankings, by the number the game definitions give them (``Ranking.id`` in core/games.py);
# :func:`own_value` values a player's own cards under any of them.
cdef enum:
    NO_RANKING = -1  # no second ranking: the pot is not split hi/lo
    RANKING_HIGH = 0
    RANKING_SHORTDECK = 1
    RANKING_SHORTDECK_TRITON = 2
    RANKING_LOW8 = 3  # eight-or-better low, the low half of a hi/lo pot
    RANKING_ACE_TO_FIVE = 4
    RANKING_DEUCE_TO_SEVEN = 5
    RANKING_BADUGI = 6

cdef inline uint16_t eval_key_short(uint64_t key, uint64_t mask, bint triton) noexcept nogil:
    """Value of 5 to 7 cards of the 36-card deck under a short-deck ranking (higher is better).

    The same keys and hash as :func:`eval_key`; only the values differ.  Seven
    cards cannot hold both a flush and a full house (or quads), so looking for
    the flush first is right whichever of the two ranks higher.
    """
    cdef uint64_t flush = key & PC_FLUSH_CHECK
    cdef uint32_t h
    cdef uint64_t lane
    if flush:
        lane = pc_flush_lane(mask, flush)
        return PC_SDT_FLUSH[lane] if triton else PC_SD_FLUSH[lane]
    h = rank_slot(<uint32_t>key)
    return PC_SDT_RANK_VALUE[h] if triton else PC_SD_RANK_VALUE[h]


# The rankings that share the pot, as a type: a kernel compiled for ``ranking_t`` is
# compiled once per ranking, so hold'em's loops carry no test of which ranking applies.
# Only the pointer's type matters; it is always NULL.  How a hand is formed is the
# other switch (``forming_t`` of core/_game.pxd).
ctypedef struct HighRanking:        # RANKING_HIGH takes the pot
    char unused
ctypedef struct ShortRanking:       # RANKING_SHORTDECK
    char unused
ctypedef struct TritonRanking:      # RANKING_SHORTDECK_TRITON
    char unused
ctypedef struct HighLow8Ranking:    # RANKING_HIGH for half the pot, RANKING_LOW8 for the other
    char unused

ctypedef fused ranking_t:
    HighRanking
    ShortRanking
    TritonRanking
    HighLow8Ranking


cdef inline uint16_t evaluate(ranking_t* tag, uint64_t key, uint64_t mask) noexcept nogil:
    """Value of the 5 to 7 cards of ``key``/``mask`` under the high ranking ``tag`` stands for
    (best five of them: hands formed otherwise are valued from their cards, as
    :func:`omaha_value` does)."""
    if ranking_t is HighRanking:
        return eval_key(key, mask)
    elif ranking_t is ShortRanking:
        return eval_key_short(key, mask, False)
    elif ranking_t is TritonRanking:
        return eval_key_short(key, mask, True)
    else:
        return eval_key(key, mask)


cdef inline uint16_t nonflush_value(ranking_t* tag, uint32_t rank_key) noexcept nogil:
    """Value of 5 to 7 cards that hold no flush, from their ranks alone (the key's low 32
    bits), under the hold'em-like ranking ``tag`` stands for: no flush test."""
    if ranking_t is HighRanking:
        return PC_RANK_VALUE[rank_slot(rank_key)]
    elif ranking_t is ShortRanking:
        return PC_SD_RANK_VALUE[rank_slot(rank_key)]
    elif ranking_t is TritonRanking:
        return PC_SDT_RANK_VALUE[rank_slot(rank_key)]
    else:
        return PC_RANK_VALUE[rank_slot(rank_key)]


cdef inline uint16_t eval_key_ranking(uint64_t key, uint64_t mask, int ranking) noexcept nogil:
    """Value of 5 to 7 cards under ``ranking`` (RANKING_HIGH, _SHORTDECK or _SHORTDECK_TRITON)."""
    if ranking == RANKING_HIGH:
        return eval_key(key, mask)
    return eval_key_short(key, mask, ranking == RANKING_SHORTDECK_TRITON)


cdef inline uint64_t key_of_mask(uint64_t mask) noexcept nogil:
    """The key of the cards in a mask."""
    cdef uint64_t key = PC_KEY_INIT
    cdef uint64_t bits
    cdef int s
    for s in range(4):
        bits = (mask >> (s << 4)) & 0x1FFF
        key += PC_RANK_SUM[bits] + (<uint64_t>__builtin_popcountll(bits)
                                    << (PC_SUIT_SHIFT + 4 * s))
    return key


cdef inline uint16_t eval_mask(uint64_t mask) noexcept nogil:
    """Value of the 5 to 7 cards of a mask."""
    return eval_key(key_of_mask(mask), mask)


cdef inline uint16_t eval_cards(const uint8_t* cards, int n) noexcept nogil:
    """Value of ``n`` (5 to 7) distinct card indices."""
    cdef uint64_t key = pc_cards_key(cards, n)
    if key & PC_FLUSH_CHECK:
        return pc_cards_flush(cards, n, key)
    return PC_RANK_VALUE[rank_slot(<uint32_t>key)]


# --- Omaha: exactly two hole cards and three board cards ----------------------
#
# A board is prepared once and then values any number of holes.  Its ten
# three-card subsets keep their rank-key sums, so a hole pair plus a triple is
# one add and two lookups when no flush is possible; a flush needs all five
# cards in one suit, so only a hole pair of the one suit with three or more
# board cards looks at the board's triples of that suit.

cdef struct OmahaBoard:
    int nt                      # board triples: C(board cards, 3)
    int fsuit                   # the suit with three or more board cards, or -1
    int nft                     # triples wholly of that suit
    uint32_t tr[10]             # each triple's rank keys summed (the low half of a key)
    uint16_t flane[10]          # each all-``fsuit`` triple's ranks as a 13-bit lane


cdef inline void omaha_board(OmahaBoard* B, const uint8_t* board, int nb) noexcept nogil:
    """Prepare ``B`` for the ``nb`` (3 to 5) board cards."""
    cdef int a, b, c, s
    cdef int count[4]
    count[0] = count[1] = count[2] = count[3] = 0
    for a in range(nb):
        count[board[a] & 3] += 1
    B.fsuit = -1
    for s in range(4):
        if count[s] >= 3:
            B.fsuit = s
    B.nt = 0
    B.nft = 0
    for a in range(nb):
        for b in range(a + 1, nb):
            for c in range(b + 1, nb):
                B.tr[B.nt] = (<uint32_t>PC_CARD_KEY[board[a]] + <uint32_t>PC_CARD_KEY[board[b]]
                              + <uint32_t>PC_CARD_KEY[board[c]])
                B.nt += 1
                if (B.fsuit >= 0 and (board[a] & 3) == B.fsuit and (board[b] & 3) == B.fsuit
                        and (board[c] & 3) == B.fsuit):
                    B.flane[B.nft] = ((1 << (board[a] >> 2)) | (1 << (board[b] >> 2))
                                      | (1 << (board[c] >> 2)))
                    B.nft += 1


cdef inline uint16_t rank_value(uint32_t rkey) noexcept nogil:
    """Value of five cards, not all of one suit, from their rank keys summed."""
    return PC_RANK_VALUE[rank_slot(rkey)]


cdef inline uint16_t omaha_pair(const OmahaBoard* B, int c0, int c1) noexcept nogil:
    """Best value of the hole cards ``c0``, ``c1`` with three of the board's cards."""
    cdef uint32_t pr = <uint32_t>PC_CARD_KEY[c0] + <uint32_t>PC_CARD_KEY[c1]
    cdef uint16_t best = 0, v
    cdef uint16_t lane
    cdef int t
    for t in range(B.nt):
        v = rank_value(B.tr[t] + pr)
        best = v if v > best else best
    if B.nft and (c0 & 3) == B.fsuit and (c1 & 3) == B.fsuit:
        # A flush beats every non-flush value the same five ranks could have.
        lane = (1 << (c0 >> 2)) | (1 << (c1 >> 2))
        for t in range(B.nft):
            v = PC_FLUSH[B.flane[t] | lane]
            best = v if v > best else best
    return best


cdef inline uint16_t omaha_value(const OmahaBoard* B, const uint8_t* hole, int nh) noexcept nogil:
    """Best value of exactly two of the ``nh`` hole cards and three cards of the board ``B``."""
    cdef int a, b
    cdef uint16_t best = 0, v
    for a in range(nh):
        for b in range(a + 1, nh):
            v = omaha_pair(B, hole[a], hole[b])
            best = v if v > best else best
    return best


# When many holes meet one board, every pair of hole ranks is valued once:
# ``nf[r0 * 13 + r1]`` is the best non-flush value of ranks r0, r1 with a
# triple, ``fl`` the best flush of two ``fsuit`` cards of those ranks.  A hole
# then costs one lookup per pair of its cards.

cdef struct OmahaTable:
    int fsuit
    uint16_t nf[169]
    uint16_t fl[169]


cdef inline void omaha_table(OmahaTable* T, const OmahaBoard* B) noexcept nogil:
    """Fill ``T`` from the prepared board ``B``."""
    cdef int r0, r1, t
    cdef uint32_t pr
    cdef uint16_t best, v, lane
    T.fsuit = B.fsuit if B.nft else -1
    for r0 in range(13):
        for r1 in range(r0, 13):
            pr = <uint32_t>PC_CARD_KEY[4 * r0] + <uint32_t>PC_CARD_KEY[4 * r1]
            best = 0
            for t in range(B.nt):
                v = rank_value(B.tr[t] + pr)
                best = v if v > best else best
            T.nf[r0 * 13 + r1] = best
            T.nf[r1 * 13 + r0] = best
            if T.fsuit >= 0 and r0 != r1:
                lane = (1 << r0) | (1 << r1)
                best = 0
                for t in range(B.nft):
                    v = PC_FLUSH[B.flane[t] | lane]
                    best = v if v > best else best
                T.fl[r0 * 13 + r1] = best
                T.fl[r1 * 13 + r0] = best


cdef inline uint16_t omaha_table_value(const OmahaTable* T, const uint8_t* hole,
                                       int nh) noexcept nogil:
    """Best value of exactly two of the ``nh`` hole cards with the board ``T`` was made from."""
    cdef int a, b, i
    cdef uint16_t best = 0, v
    for a in range(nh):
        for b in range(a + 1, nh):
            i = (hole[a] >> 2) * 13 + (hole[b] >> 2)
            v = T.nf[i]
            if T.fsuit >= 0 and (hole[a] & 3) == T.fsuit and (hole[b] & 3) == T.fsuit:
                v = T.fl[i] if T.fl[i] > v else v
            best = v if v > best else best
    return best


cdef inline uint16_t eval_omaha(const uint8_t* hole, int nh, const uint8_t* board,
                                int nb) noexcept nogil:
    """Best high value of exactly two of ``nh`` hole cards and exactly three of ``nb`` board cards.

    Four hearts in the hand and one on the board is no flush, and a straight
    on the board plays only through two hole cards.
    """
    cdef OmahaBoard B
    omaha_board(&B, board, nb)
    return omaha_value(&B, hole, nh)


# --- Eight-or-better lows (Omaha hi/lo) -----------------------------------------
#
# A low is five distinct ranks from ace to eight, ace low, straights and flushes
# ignored.  As a set of bits (ace bit 0, deuce bit 1, ..., eight bit 7) two
# lows compare by their highest card first exactly as the numbers compare, so
# ``256 - bits`` is a value where higher is better and 0 means no low.  With two
# hole ranks fixed, the best three board ranks are simply the three lowest the
# board has besides them.

cdef inline uint32_t low_bit(int card) noexcept nogil:
    """The card's bit among the low ranks (ace 0, deuce 1, ..., eight 7), or 0 above eight."""
    cdef int r = card >> 2
    if r == 12:
        return 1
    if r <= 6:
        return (<uint32_t>1) << (r + 1)
    return 0


cdef inline uint32_t low_ranks(const uint8_t* board, int nb) noexcept nogil:
    """The low ranks among the board cards, as bits."""
    cdef uint32_t bits = 0
    cdef int i
    for i in range(nb):
        bits |= low_bit(board[i])
    return bits


cdef inline uint16_t omaha_low(uint32_t board_lows, const uint8_t* hole, int nh) noexcept nogil:
    """Best eight-or-better low of exactly two hole and three board cards: 256 - its rank bits,
    or 0 when there is none (``board_lows`` from :func:`low_ranks`)."""
    cdef int a, b
    cdef uint32_t la, lb, m, t1, t2, t3
    cdef uint16_t best = 0, v
    for a in range(nh):
        la = low_bit(hole[a])
        if not la:
            continue
        for b in range(a + 1, nh):
            lb = low_bit(hole[b])
            if not lb or lb == la:
                continue
            m = board_lows & ~(la | lb)
            if __builtin_popcountll(m) < 3:
                continue
            t1 = m & (~m + 1)
            m &= ~t1
            t2 = m & (~m + 1)
            m &= ~t2
            t3 = m & (~m + 1)
            v = <uint16_t>(256 - (la | lb | t1 | t2 | t3))
            best = v if v > best else best
    return best


# --- Lowball and badugi: hands made of a player's own cards only --------------
#
# Each value is higher for the better hand and equal for a tie.  Ace-to-five,
# deuce-to-seven and badugi values are ``4096 * place + i`` like the high
# ones: ``place`` is the category's place in the ranking's order, weakest
# first (``RANKINGS`` of core/_tablegen.py), and ``i`` (from 1) orders the
# classes within it.  Ace-to-five depends on the ranks only, so it is one
# lookup in a table on the high evaluator's rank-key hash; deuce-to-seven is
# the high evaluator's two tables with other values; badugi looks up the ranks
# of the largest sets of cards of distinct suits and ranks.

cdef extern from * nogil:
    """
    /* The card's rank bit with aces low: ace 1, deuce 2, ..., king 1 << 12. */
    static inline uint32_t pc_low_bit(uint8_t card) {
        uint32_t r = card >> 2;
        return r == 12 ? 1u : 2u << r;
    }
    /* Badugi of four cards: which of the six pairs share a suit or a rank picks the (at most
       four) largest subsets that can play, one a nibble of PC_BADUGI_SUBSETS; the best of
       their rank sets.  No branch depends on the cards. */
    static inline uint16_t pc_badugi4(const uint8_t* c) {
        uint32_t rb[16];
        uint32_t r0 = pc_low_bit(c[0]), r1 = pc_low_bit(c[1]), r2 = pc_low_bit(c[2]),
                 r3 = pc_low_bit(c[3]);
        uint32_t s0 = c[0] & 3, s1 = c[1] & 3, s2 = c[2] & 3, s3 = c[3] & 3;
        int conf = (s0 == s1 || r0 == r1) | (s0 == s2 || r0 == r2) << 1
                   | (s0 == s3 || r0 == r3) << 2 | (s1 == s2 || r1 == r2) << 3
                   | (s1 == s3 || r1 == r3) << 4 | (s2 == s3 || r2 == r3) << 5;
        uint32_t pick = PC_BADUGI_SUBSETS[conf];
        uint16_t a, b, x, y;
        rb[0] = 0; rb[1] = r0; rb[2] = r1; rb[3] = r0 | r1;
        for (int i = 0; i < 4; i++) rb[4 + i] = rb[i] | r2;
        for (int i = 0; i < 8; i++) rb[8 + i] = rb[i] | r3;
        a = PC_BADUGI_VALUE[rb[pick & 15]];
        b = PC_BADUGI_VALUE[rb[pick >> 4 & 15]];
        x = PC_BADUGI_VALUE[rb[pick >> 8 & 15]];
        y = PC_BADUGI_VALUE[rb[pick >> 12]];
        a = a > b ? a : b;
        x = x > y ? x : y;
        return a > x ? a : x;
    }
    /* Badugi of 1 to 3 cards: every subset tried. */
    static inline uint16_t pc_badugi_small(const uint8_t* c, int n) {
        uint16_t best = 0, v;
        for (int s = 1; s < (1 << n); s++) {
            uint32_t ranks = 0, suits = 0;
            int count = 0;
            for (int i = 0; i < n; i++) {
                if (s >> i & 1) {
                    ranks |= pc_low_bit(c[i]);
                    suits |= 1u << (c[i] & 3);
                    count++;
                }
            }
            if (__builtin_popcount(ranks) != count || __builtin_popcount(suits) != count) continue;
            v = PC_BADUGI_VALUE[ranks];
            best = v > best ? v : best;
        }
        return best;
    }
    """
    uint16_t pc_badugi4(const uint8_t* cards)
    uint16_t pc_badugi_small(const uint8_t* cards, int n)


cdef inline uint16_t a5_rank_value(uint32_t rank_key) noexcept nogil:
    """Best ace-to-five low of any five of 5 to 7 cards from their rank keys summed (the key's
    low 32 bits), for enumerators that keep partial sums (see :func:`a5_low_value`)."""
    return PC_A5_RANK_VALUE[rank_slot(rank_key)]


cdef inline uint16_t a5_low_value(const uint8_t* cards, int n) noexcept nogil:
    """Best ace-to-five low of any five of ``n`` (5 to 7) card indices: ``4096 * place + i``
    (place 0 four of a kind .. 5 no pair; 5-4-3-2-A is 21767, the most); 0 when ``n`` < 5."""
    cdef uint32_t k = 0
    cdef int i
    if n < 5:
        return 0
    for i in range(n):
        k += <uint32_t>PC_CARD_KEY[cards[i]]
    return PC_A5_RANK_VALUE[rank_slot(k)]


cdef inline uint16_t low8_value(const uint8_t* cards, int n) noexcept nogil:
    """Best eight-or-better low of any five of ``n`` card indices on :func:`omaha_low`'s scale:
    256 minus the rank bits of the five lowest distinct ranks ace to eight; 0 when there is
    none."""
    cdef uint32_t bits = 0
    cdef int i
    for i in range(n):
        bits |= PC_LOW8_BIT[cards[i]]
    return PC_LOW8_VALUE[bits]


cdef inline uint16_t d27_five(const uint8_t* c) noexcept nogil:
    """Deuce-to-seven value of five distinct card indices."""
    cdef uint64_t key = pc_cards_key(c, 5)
    if key & PC_FLUSH_CHECK:
        return PC_D27_FLUSH[(1 << (c[0] >> 2)) | (1 << (c[1] >> 2)) | (1 << (c[2] >> 2))
                            | (1 << (c[3] >> 2)) | (1 << (c[4] >> 2))]
    return PC_D27_RANK_VALUE[rank_slot(<uint32_t>key)]


cdef inline uint16_t d27_low_value(const uint8_t* cards, int n) noexcept nogil:
    """Deuce-to-seven value of five card indices (the best of any five of 6 or 7):
    ``4096 * place + i`` (place 0 straight flush .. 8 no pair; 7-5-4-3-2 of mixed suits is
    34046, the most); 0 when ``n`` < 5."""
    cdef uint8_t five[5]
    cdef uint16_t best = 0, v
    cdef int skip1, skip2, i, j
    if n == 5:
        return d27_five(cards)
    if n < 5:
        return 0
    # Six or seven cards: every five, leaving out one card (skip2 == skip1) or two.
    for skip1 in range(n):
        for skip2 in range(skip1 if n == 6 else skip1 + 1, n if n == 7 else skip1 + 1):
            j = 0
            for i in range(n):
                if i != skip1 and i != skip2:
                    five[j] = cards[i]
                    j += 1
            v = d27_five(five)
            best = v if v > best else best
    return best


cdef inline uint16_t badugi_value(const uint8_t* cards, int n) noexcept nogil:
    """Badugi value of ``n`` (1 to 4) card indices: ``4096 * (cards that play - 1) + i``
    (A-2-3-4 of four suits is 13003, the most)."""
    if n == 4:
        return pc_badugi4(cards)
    return pc_badugi_small(cards, n)


cdef inline uint16_t own_value(int ranking, const uint8_t* cards, int n) noexcept nogil:
    """Value of a player's own ``n`` cards under ``ranking`` (a RANKING_* number): the best five
    of 5 to 7 cards high or low, five cards of deuce-to-seven, 1 to 4 of badugi; 0 for an
    unknown ranking."""
    cdef uint64_t key, mask
    cdef int i
    if ranking == RANKING_HIGH:
        return eval_cards(cards, n)
    if ranking == RANKING_ACE_TO_FIVE:
        return a5_low_value(cards, n)
    if ranking == RANKING_LOW8:
        return low8_value(cards, n)
    if ranking == RANKING_DEUCE_TO_SEVEN:
        return d27_low_value(cards, n)
    if ranking == RANKING_BADUGI:
        return badugi_value(cards, n)
    if ranking == RANKING_SHORTDECK or ranking == RANKING_SHORTDECK_TRITON:
        key = pc_cards_key(cards, n)
        mask = 0
        for i in range(n):
            mask |= PC_CARD_BIT[cards[i]]
        return eval_key_short(key, mask, ranking == RANKING_SHORTDECK_TRITON)
    return 0
