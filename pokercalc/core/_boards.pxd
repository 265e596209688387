# cython: language_level=3
"""Board enumeration and suit permutation, the seam every kernel that deals boards cimports.

A card mask has one 16-bit lane per suit (rank bits 0..12, see ``_eval.pxd``);
a suit permutation ``sg`` sends suit ``s`` to ``sg[s]``.  Everything here is
inline and GIL-free.
"""

from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t

from pokercalc._eval cimport PC_CARD_BIT, PC_CARD_KEY

cdef extern from *:
    """
    #ifndef PC_BOARDS_TABLES
    #define PC_BOARDS_TABLES
    #include <stdint.h>
    static const int PC_FACT[5] = {1, 1, 2, 6, 24};
    static const int64_t PC_ORBIT[4][8] = {
        {1, 0, 0, 0, 0, 0, 0, 0},
        {2, 1, 0, 0, 0, 0, 0, 0},
        {6, 3, 3, 1, 0, 0, 0, 0},
        {24, 12, 12, 4, 12, 6, 4, 1},
    };
    #endif
    """
    # n! for n = 0..4.
    const int PC_FACT[5]
    # PC_ORBIT[n][bits]: arrangements of a block of n + 1 lanes whose neighbours i, i + 1
    # are equal where bit i is set: (n + 1)! / (product of the equal runs' factorials).
    const int64_t PC_ORBIT[4][8]

from pokercalc.core._game cimport MAX_BOARD

cdef enum:
    NUM_CARDS = 52  # the card indices a mask can hold (every game's deck is a subset)


cdef inline int remaining_cards(uint64_t used, uint8_t* out, bint high_first) noexcept nogil:
    """Write the cards not in ``used`` to ``out`` (highest first or lowest first); return how many."""
    cdef int c, x, r = 0
    for c in range(NUM_CARDS):
        x = NUM_CARDS - 1 - c if high_first else c
        if not used & PC_CARD_BIT[x]:
            out[r] = x
            r += 1
    return r


cdef inline uint64_t permute_mask(uint64_t mask, const uint8_t* sg) noexcept nogil:
    """The image of a card mask under a suit permutation: its 16-bit suit lanes moved."""
    return (((mask & 0xFFFF) << (sg[0] << 4)) | (((mask >> 16) & 0xFFFF) << (sg[1] << 4))
            | (((mask >> 32) & 0xFFFF) << (sg[2] << 4)) | ((mask >> 48) << (sg[3] << 4)))


cdef inline int64_t board_orbit(const uint8_t* sigma, int ng, uint32_t stab,
                                uint64_t board) noexcept nogil:
    """|orbit| of a board under the symmetries in ``stab`` (bits over the ``ng`` permutations
    ``sigma[4 g ..]``, the identity first) if it is the orbit's smallest mask, else 0."""
    cdef int g, size = 1, fixed = 1
    cdef uint64_t img
    for g in range(1, ng):
        if stab >> g & 1:
            size += 1
            img = permute_mask(board, &sigma[4 * g])
            if img < board:
                return 0
            fixed += img == board
    return size // fixed


# --- Board symmetry by sorted suit lanes -------------------------------------
#
# When the permutations that fix a joint assignment are all the permutations
# of some blocks of suits (swap spades and hearts, say, and clubs and
# diamonds), a board's orbit has a simple canonical member: within each block
# the suits' 13-bit rank lanes are in non-increasing order.  Boards are dealt
# from the highest card down, so once the cards above some rank are chosen
# those ranks' lanes are final, and a prefix whose final lanes are already out
# of order is pruned with everything below it.  A kept board counts once per
# distinct lane arrangement: k! / (m1! m2! ...) for a block of k suits whose
# lanes repeat m1, m2, ... times.

cdef struct Canon:
    int active                  # 0: no board symmetry to use
    int npairs
    uint8_t pa[3]               # lane pa[i] must be >= lane pb[i]
    uint8_t pb[3]
    uint8_t same_block[3]       # pair i and pair i + 1 are in one block
    uint8_t plen[3]             # size of the block pair i is in


cdef inline uint64_t above_rank(int r) noexcept nogil:
    """In every suit lane, the bits of the ranks above ``r``."""
    cdef uint64_t lane = (0x1FFF << (r + 1)) & 0x1FFF
    return lane | (lane << 16) | (lane << 32) | (lane << 48)


cdef inline void make_canon(const uint8_t* sigma, int ng, uint32_t stab, Canon* C) noexcept nogil:
    """Set ``C`` from the symmetries in ``stab`` (of the ``ng`` in ``sigma``) if they are all
    permutations of suit blocks."""
    cdef int parent[4]
    cdef int g, s, t, a, b, count = 0, expect = 1, size, i
    cdef int members[4]
    C.active = 0
    C.npairs = 0
    for s in range(4):
        parent[s] = s
    for g in range(ng):
        if stab >> g & 1:
            count += 1
            for s in range(4):
                a = s
                while parent[a] != a:
                    a = parent[a]
                b = sigma[4 * g + s]
                while parent[b] != b:
                    b = parent[b]
                if a != b:
                    parent[b] = a
    for s in range(4):
        a = s
        while parent[a] != a:
            a = parent[a]
        if a != s:
            continue
        size = 0
        for t in range(4):
            b = t
            while parent[b] != b:
                b = parent[b]
            if b == s:
                members[size] = t
                size += 1
        expect *= PC_FACT[size]
        for i in range(size - 1):
            C.pa[C.npairs] = members[i]
            C.pb[C.npairs] = members[i + 1]
            C.same_block[C.npairs] = i < size - 2
            C.plen[C.npairs] = size
            C.npairs += 1
    C.active = count == expect and C.npairs > 0


cdef inline bint prefix_ok(const Canon* C, uint64_t mask, int rank) noexcept nogil:
    """False when the lanes above ``rank`` (final) are already out of order in some block."""
    cdef uint64_t dm = mask & above_rank(rank)
    cdef int i
    for i in range(C.npairs):
        if ((dm >> (C.pa[i] << 4)) & 0x1FFF) < ((dm >> (C.pb[i] << 4)) & 0x1FFF):
            return False
    return True


cdef inline int64_t leaf_weight(const Canon* C, uint64_t mask) noexcept nogil:
    """Boards in the orbit of ``mask`` if it is the canonical member, else 0."""
    cdef int i, eqbits = 0, nb = 0
    cdef int64_t total = 1
    cdef uint64_t la, lb
    # Pairs are listed block by block; the last pair of a block closes it and
    # its pattern of equal neighbours picks the orbit size from a table.
    for i in range(C.npairs):
        la = (mask >> (C.pa[i] << 4)) & 0x1FFF
        lb = (mask >> (C.pb[i] << 4)) & 0x1FFF
        if la < lb:
            return 0
        eqbits |= (la == lb) << nb
        nb += 1
        if not C.same_block[i]:
            total *= PC_ORBIT[nb][eqbits]
            eqbits = 0
            nb = 0
    return total


# --- The k-card odometer -----------------------------------------------------
#
# ``Boards`` walks the k-card subsets of ``rem[0:r]`` in lexicographic order of
# their indices (so in the order of ``rem``), keeping the summed keys and masks
# of every prefix.  ``boards_next(B, depth, C)`` stops at each prefix of
# ``depth`` cards: ``depth = k`` visits every board, ``depth = k - 1`` leaves
# the last card to the caller's own loop (``last_card_range``).

cdef struct Boards:
    const uint8_t* rem          # the cards to deal from
    int r                       # how many
    int k                       # cards to deal
    int nb                      # cards given before them
    int first                   # >= 0: the first card dealt is rem[first] alone
    int d                       # the level to advance next; -1 once done
    int idx[MAX_BOARD + 1]      # idx[j]: index in rem of the j-th card dealt
    uint64_t key[MAX_BOARD + 1]   # key[j]: summed PC_CARD_KEY of the first j cards dealt
    uint64_t mask[MAX_BOARD + 1]  # mask[j]: their mask
    uint8_t board[MAX_BOARD]    # the given cards, then the cards dealt


cdef inline void boards_start(Boards* B, const uint8_t* rem, int r, int k, int first,
                              const uint8_t* given, int nb) noexcept nogil:
    """Start ``B`` on the ``k``-card boards from ``rem[0:r]`` after the ``nb`` cards ``given``."""
    cdef int j
    B.rem = rem
    B.r = r
    B.k = k
    B.nb = nb
    B.first = first
    B.d = 0
    B.idx[0] = (first - 1) if first >= 0 else -1
    B.key[0] = 0
    B.mask[0] = 0
    for j in range(nb):
        B.board[j] = given[j]


cdef inline bint boards_next(Boards* B, int depth, const Canon* C) noexcept nogil:
    """Advance to the next prefix of ``depth`` cards; False when there is none.

    With ``C`` active (boards dealt highest card first), a prefix whose cards
    above the last rank to come are out of order is skipped with its boards.
    The dealt cards follow the given ones in ``B.board``, their sums at ``B.key[depth]``
    and ``B.mask[depth]``.
    """
    cdef int d = B.d
    cdef int c
    if depth == 0:
        B.d = -1
        return d == 0
    if d == depth:
        d -= 1
    while d >= 0:
        B.idx[d] += 1
        if B.idx[d] > B.r - B.k + d or (d == 0 and B.first >= 0 and B.idx[0] > B.first):
            d -= 1
            continue
        c = B.rem[B.idx[d]]
        B.key[d + 1] = B.key[d] + PC_CARD_KEY[c]
        B.mask[d + 1] = B.mask[d] | PC_CARD_BIT[c]
        B.board[B.nb + d] = c
        if d < B.k - 1 and C != NULL and C.active and not prefix_ok(C, B.mask[d + 1], c >> 2):
            continue
        d += 1
        if d == depth:
            B.d = d
            return True
        B.idx[d] = B.idx[d - 1]
    B.d = -1
    return False


cdef inline void last_card_range(const Boards* B, int depth, int* lo, int* hi) noexcept nogil:
    """The indices ``lo .. hi - 1`` in ``rem`` of the last card after a prefix of ``depth = k - 1``."""
    if depth > 0:
        lo[0] = B.idx[depth - 1] + 1
        hi[0] = B.r
    elif B.first >= 0:
        lo[0] = B.first
        hi[0] = B.first + 1 if B.first < B.r else B.first
    else:
        lo[0] = 0
        hi[0] = B.r
