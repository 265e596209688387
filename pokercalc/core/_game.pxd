# cython: language_level=3
"""The game as the compiled kernels see it: two compile-time switches and the sizes of
their fixed arrays.

A game definition (core/games.py) reaches a kernel as numbers: how a hand is
formed (``FORMING_*``, ``Game.forming_id``) and the rankings that share the pot
(``RANKING_*`` of pokercalc/_eval.pxd, ``Game.ranking_id`` and ``low_id``).  A
kernel is compiled once per forming rule (``forming_t``) and once per ranking
(``ranking_t``), so its loops test neither; each compiled module picks the
compiled kernel in one dispatch helper.  The sizes here bound every game:
tests/test_games.py holds them to core/games.py.
"""

cdef enum:
    # Players a kernel holds (its per-player arrays): hold'em's deck deals 23 with a full board.
    MAX_PLAYERS = 23
    # Cards on a full shared board: every game with a board deals five (``board_cards`` of
    # core/games.py), and the kernels deal boards up to this many, into arrays this long.
    MAX_BOARD = 5
    # Cards a player can hold (Omaha-6).
    MAX_HOLE = 6

# How a hand is formed, by the number the game definitions give it (FORMING_IDS of
# core/games.py).  Own cards only (stud, draw) is played by core/_own.pyx, which forms
# hands in one way and takes the rankings as numbers.
cdef enum:
    FORMING_BEST_FIVE = 0  # the best five of own and board cards
    FORMING_TWO_PLUS_THREE = 1  # exactly two own and three board cards (Omaha)
    FORMING_OWN_CARDS = 2  # own cards only

# The forming rule as a type (only the NULL pointer's type matters), the switch beside
# ``ranking_t``.
ctypedef struct BestFive:
    char unused
ctypedef struct TwoPlusThree:
    char unused

ctypedef fused forming_t:
    BestFive
    TwoPlusThree
