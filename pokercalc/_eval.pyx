# cython: boundscheck=False, wraparound=False, cdivision=True
"""The lookup-table hand evaluator, with thin Python wrappers.

Hot code cimports the inline functions of ``_eval.pxd``; the ``def`` functions
here validate in Python and then run C loops without the GIL.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free

cdef extern from * nogil:
    """
    /* Sum the (key, bit) pairs of a row of card indices with one 16-byte load
       per card.  Distinct cards have distinct bits, so the sum of the bits is
       their OR; *err collects the difference (a repeated card) and any bit
       outside the deck (an index past 51), so one test after a whole batch
       says whether every row was valid.  The key comes back without
       PC_KEY_INIT. */
    static inline uint64_t pc_sum7(const uint8_t* h, uint64_t* key, pc_u64x2* err) {
        const pc_u64x2 outside = {0, ~PC_FULL_MASK};
        pc_u64x2 s = PC_CARD_PAIR[h[0]], o = s, v;
        v = PC_CARD_PAIR[h[1]]; s += v; o |= v;
        v = PC_CARD_PAIR[h[2]]; s += v; o |= v;
        v = PC_CARD_PAIR[h[3]]; s += v; o |= v;
        v = PC_CARD_PAIR[h[4]]; s += v; o |= v;
        v = PC_CARD_PAIR[h[5]]; s += v; o |= v;
        v = PC_CARD_PAIR[h[6]]; s += v; o |= v;
        *err |= (s ^ o) | (o & outside);
        *key = s[0];
        return s[1];
    }
    static inline uint64_t pc_sum(const uint8_t* h, int n, uint64_t* key, pc_u64x2* err) {
        const pc_u64x2 outside = {0, ~PC_FULL_MASK};
        pc_u64x2 s = PC_CARD_PAIR[h[0]], o = s, v;
        for (int i = 1; i < n; i++) { v = PC_CARD_PAIR[h[i]]; s += v; o |= v; }
        *err |= (s ^ o) | (o & outside);
        *key = s[0];
        return s[1];
    }
    static inline pc_u64x2 pc_no_error(void) { pc_u64x2 z = {0, 0}; return z; }
    static inline int pc_is_error(pc_u64x2 err) { return err[1] != 0; }
    static inline size_t pc_card_pair_bytes(void) { return sizeof(PC_CARD_PAIR); }
    """
    ctypedef struct pc_u64x2:
        pass
    uint64_t pc_sum7(const uint8_t* h, uint64_t* key, pc_u64x2* err)
    uint64_t pc_sum(const uint8_t* h, int n, uint64_t* key, pc_u64x2* err)
    pc_u64x2 pc_no_error()
    int pc_is_error(pc_u64x2 err)
    size_t pc_card_pair_bytes()

CATEGORY_SHIFT = PC_CATEGORY_SHIFT
N_VALUES = 9 << PC_CATEGORY_SHIFT


def card_keys() -> list:
    """Each card's evaluator key, ``PC_CARD_KEY``, by card index."""
    return [PC_CARD_KEY[c] for c in range(52)]


def table_bytes() -> int:
    """Total size of the evaluator's lookup tables in bytes."""
    return (
        sizeof(PC_CARD_KEY) + sizeof(PC_CARD_KEY_INIT) + sizeof(PC_CARD_BIT) + sizeof(PC_FLUSH)
        + sizeof(PC_RANK_SUM) + sizeof(PC_ROW_OFFSET) + sizeof(PC_RANK_VALUE) + pc_card_pair_bytes()
    )


def evaluate_mask(uint64_t mask) -> int:
    """Value of the 5 to 7 cards in a 64-bit mask (no validation: see pokercalc.evaluate)."""
    return eval_mask(mask)


def evaluate_indices(cards) -> int:
    """Value of 5 to 7 distinct card indices (no validation: see pokercalc.evaluate)."""
    cdef uint64_t key = PC_KEY_INIT
    cdef uint64_t mask = 0
    cdef int c
    for c in cards:
        key += PC_CARD_KEY[c]
        mask |= PC_CARD_BIT[c]
    return eval_key(key, mask)


def evaluate_many(const uint8_t[:, ::1] hands, uint16_t[::1] out) -> None:
    """Evaluate each row of an ``(n, 5..7)`` array of card indices into ``out``.

    Raises ValueError naming the first row that repeats a card or holds an
    index past 51 (``out`` is then unspecified).  The check costs a few vector
    instructions per row inside the evaluation loop, not a second pass.
    """
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef int width = hands.shape[1]
    cdef uint64_t key, mask
    cdef pc_u64x2 err = pc_no_error()
    if out.shape[0] < n:
        raise ValueError("out is shorter than hands")
    if not 5 <= width <= 7:
        raise ValueError("hands must have 5 to 7 columns")
    with nogil:
        if width == 7:
            for i in range(n):
                mask = pc_sum7(&hands[i, 0], &key, &err)
                out[i] = eval_key(key + PC_KEY_INIT, mask)
        else:
            for i in range(n):
                mask = pc_sum(&hands[i, 0], width, &key, &err)
                out[i] = eval_key(key + PC_KEY_INIT, mask)
    if pc_is_error(err):
        _raise_first_bad_row(hands)


def _raise_first_bad_row(const uint8_t[:, ::1] hands) -> None:
    """Raise ValueError naming the first row with an index past 51 or a repeated card."""
    for i in range(hands.shape[0]):
        row = list(hands[i])
        for c in row:
            if c >= 52:
                raise ValueError(f"card index {c} in row {i} is not in 0..51")
        for c in row:
            if row.count(c) > 1:
                raise ValueError(f"card index {c} appears twice in row {i}")
    raise AssertionError("a batch was flagged invalid but no row is")


cdef uint64_t _enumerate(int n_cards, uint32_t* hist) noexcept nogil:
    """Evaluate every ``n_cards``-card hand in lexicographic order.

    Adds one to ``hist[value]`` per hand when ``hist`` is not NULL and returns
    the sum of the values (which the benchmark reads, so no work is elided).
    """
    cdef uint64_t total = 0
    cdef uint64_t k[8]
    cdef uint64_t m[8]
    cdef int c[8]
    cdef int depth = 0
    cdef int last = n_cards - 1
    cdef int g
    cdef uint16_t v
    cdef uint64_t kl, ml
    k[0] = PC_KEY_INIT
    m[0] = 0
    c[0] = -1
    # Iterative odometer over the first n-1 cards; the innermost card is a
    # plain loop so the hot path is one add, one OR and one lookup.
    while depth >= 0:
        c[depth] += 1
        if c[depth] > 52 - n_cards + depth:
            depth -= 1
            continue
        k[depth + 1] = k[depth] + PC_CARD_KEY[c[depth]]
        m[depth + 1] = m[depth] | PC_CARD_BIT[c[depth]]
        if depth + 1 < last:
            depth += 1
            c[depth] = c[depth - 1]
            continue
        kl = k[last]
        ml = m[last]
        if hist != NULL:
            for g in range(c[depth] + 1, 52):
                v = eval_key(kl + PC_CARD_KEY[g], ml | PC_CARD_BIT[g])
                hist[v] += 1
                total += v
        else:
            for g in range(c[depth] + 1, 52):
                total += eval_key(kl + PC_CARD_KEY[g], ml | PC_CARD_BIT[g])
    return total


def value_histogram(int n_cards) -> list:
    """How many ``n_cards``-card hands (5, 6 or 7) take each value, as a list indexed by value."""
    if not 5 <= n_cards <= 7:
        raise ValueError("n_cards must be 5, 6 or 7")
    cdef uint32_t* hist = <uint32_t*>calloc(N_VALUES, sizeof(uint32_t))
    if hist == NULL:
        raise MemoryError()
    try:
        with nogil:
            _enumerate(n_cards, hist)
        return [hist[i] for i in range(N_VALUES)]
    finally:
        free(hist)


def value_sum(int n_cards) -> int:
    """Sum of the values of every ``n_cards``-card hand: the sequential benchmark's kernel."""
    if not 5 <= n_cards <= 7:
        raise ValueError("n_cards must be 5, 6 or 7")
    cdef uint64_t total
    with nogil:
        total = _enumerate(n_cards, NULL)
    return total


_RANKINGS = {"high": RANKING_HIGH, "shortdeck": RANKING_SHORTDECK,
             "shortdeck-triton": RANKING_SHORTDECK_TRITON}


# The rankings of hands made of a player's own cards, and the cards each values.
_OWN_RANKINGS = {"ace-to-five": RANKING_ACE_TO_FIVE, "deuce-to-seven": RANKING_DEUCE_TO_SEVEN,
                 "badugi": RANKING_BADUGI, "low8": RANKING_LOW8}
_OWN_CARDS = {RANKING_ACE_TO_FIVE: (5, 7), RANKING_DEUCE_TO_SEVEN: (5, 7),
              RANKING_BADUGI: (1, 4), RANKING_LOW8: (5, 7)}


def evaluate_ranked(cards, str ranking="high") -> int:
    """Value of distinct card indices under ``ranking`` (validated by the caller): 5 to 7 cards
    (best five) for "high", "shortdeck", "shortdeck-triton", "ace-to-five", "deuce-to-seven"
    and "low8" (0 without a low), 1 to 4 for "badugi"."""
    cdef uint64_t key = PC_KEY_INIT, mask = 0
    cdef int r = _RANKINGS.get(ranking, -1)
    if r < 0:
        return _own_ranked(cards, _OWN_RANKINGS[ranking])
    for c in cards:
        key += PC_CARD_KEY[c]
        mask |= PC_CARD_BIT[c]
    return eval_key_ranking(key, mask, r)


cdef int _own_ranked(cards, int r) except -1:
    """:func:`evaluate_ranked` under an own-cards ranking: the count and the indices checked,
    so the kernel never reads past its tables."""
    cdef uint8_t own[7]
    cdef int n = 0
    lo, hi = _OWN_CARDS[r]
    for c in cards:
        if n == hi:
            raise ValueError(f"{lo} to {hi} cards")
        if not 0 <= c < 52:
            raise ValueError(f"card index {c} is not in 0..51")
        own[n] = c
        n += 1
    if n < lo:
        raise ValueError(f"{lo} to {hi} cards")
    return own_value(r, own, n)


def evaluate_ranked_many(const uint8_t[:, ::1] hands, str ranking, uint16_t[::1] out) -> None:
    """Value each row of an ``(n, k)`` array of distinct card indices under an own-cards
    ranking ("ace-to-five", "deuce-to-seven", "badugi", "low8") into ``out`` (rows
    unchecked: the exhaustive tests' entry point)."""
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef int width = hands.shape[1]
    cdef int r = _OWN_RANKINGS[ranking]
    lo, hi = _OWN_CARDS[r]
    if out.shape[0] < n:
        raise ValueError("out is shorter than hands")
    if not lo <= width <= hi:
        raise ValueError(f"{ranking}: rows of {lo} to {hi} cards")
    with nogil:
        for i in range(n):
            out[i] = own_value(r, &hands[i, 0], width)


def evaluate_omaha(hole, board) -> int:
    """Best value of exactly two of ``hole`` (4 to 6 card indices) and three of ``board`` (3 to 5)."""
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef int nh = len(hole), nb = len(board), i
    if not 2 <= nh <= 6 or not 3 <= nb <= 5:
        raise ValueError("hole must have 2 to 6 cards and board 3 to 5")
    for i in range(nh):
        h[i] = hole[i]
    for i in range(nb):
        b[i] = board[i]
    return eval_omaha(h, nh, b, nb)


def evaluate_omaha_low(hole, board) -> int:
    """Best eight-or-better low of exactly two of ``hole`` and three of ``board``: 256 minus
    its rank bits (ace 1, deuce 2, ..., eight 128), higher better; 0 when there is none."""
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef int nh = len(hole), nb = len(board), i
    if not 2 <= nh <= 6 or not 3 <= nb <= 5:
        raise ValueError("hole must have 2 to 6 cards and board 3 to 5")
    for i in range(nh):
        h[i] = hole[i]
    for i in range(nb):
        b[i] = board[i]
    return omaha_low(low_ranks(b, nb), h, nh)


def short_category_counts(int n_cards, str ranking) -> list:
    """Hands per category position over every ``n_cards``-card hand (5 to 7) of the 36-card deck."""
    cdef uint64_t counts[9]
    cdef int r = _RANKINGS[ranking]
    cdef int a, b, c, d, e, f, g, k
    cdef uint64_t k1, k2, k3, k4, k5, k6, m1, m2, m3, m4, m5, m6
    cdef uint8_t deck[36]
    if not 5 <= n_cards <= 7:
        raise ValueError("5 to 7 cards")
    for k in range(36):
        deck[k] = 16 + k  # the six of clubs (rank 4) and up
    for k in range(9):
        counts[k] = 0
    with nogil:
        for a in range(36):
            k1 = PC_KEY_INIT + PC_CARD_KEY[deck[a]]
            m1 = PC_CARD_BIT[deck[a]]
            for b in range(a + 1, 36):
                k2 = k1 + PC_CARD_KEY[deck[b]]
                m2 = m1 | PC_CARD_BIT[deck[b]]
                for c in range(b + 1, 36):
                    k3 = k2 + PC_CARD_KEY[deck[c]]
                    m3 = m2 | PC_CARD_BIT[deck[c]]
                    for d in range(c + 1, 36):
                        k4 = k3 + PC_CARD_KEY[deck[d]]
                        m4 = m3 | PC_CARD_BIT[deck[d]]
                        for e in range(d + 1, 36):
                            k5 = k4 + PC_CARD_KEY[deck[e]]
                            m5 = m4 | PC_CARD_BIT[deck[e]]
                            if n_cards == 5:
                                counts[eval_key_ranking(k5, m5, r) >> PC_CATEGORY_SHIFT] += 1
                                continue
                            for f in range(e + 1, 36):
                                k6 = k5 + PC_CARD_KEY[deck[f]]
                                m6 = m5 | PC_CARD_BIT[deck[f]]
                                if n_cards == 6:
                                    counts[eval_key_ranking(k6, m6, r) >> PC_CATEGORY_SHIFT] += 1
                                    continue
                                for g in range(f + 1, 36):
                                    counts[eval_key_ranking(k6 + PC_CARD_KEY[deck[g]],
                                                            m6 | PC_CARD_BIT[deck[g]],
                                                            r) >> PC_CATEGORY_SHIFT] += 1
    return [counts[k] for k in range(9)]

