"""The games pokercalc plays, one definition each: the only place deck sizes and hole cards live.

A game says how many hole cards each player gets, which cards the deck holds,
how many board cards come, how a hand is formed from hole and board cards, how
hands rank, and so how many players the deck can deal.  Every layer (cards,
ranges, the engine, the analyses, the command line) asks the game instead of
assuming hold'em.

>>> get_game("shortdeck").deck_size, get_game("omaha").hole_cards, HOLDEM.max_players
(36, 4, 23)
>>> get_game("omaha5").forming
'omaha'
>>> get_game("stud")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: unknown game 'stud'; the games are holdem, shortdeck, ...
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from pokercalc._lazy import FieldMethods, record
from pokercalc.errors import InputError

if TYPE_CHECKING:  # loaded on first use (__getattr__): the equity engine names no category
    from pokercalc.core._tablegen import CATEGORY_NAMES

__all__ = [
    "Game",
    "GAMES",
    "HOLDEM",
    "SHORTDECK",
    "SHORTDECK_TRITON",
    "OMAHA",
    "OMAHA5",
    "OMAHA6",
    "OMAHA_HILO",
    "OMAHA5_HILO",
    "get_game",
    "CATEGORY_NAMES",
]


def __getattr__(name: str) -> tuple[str, ...]:
    """``CATEGORY_NAMES``, the nine hand categories by their standard number (0 high card ..
    8 straight flush), from the build's tables (core/_tablegen.py)."""
    if name == "CATEGORY_NAMES":
        from pokercalc.core._tablegen import CATEGORY_NAMES

        return CATEGORY_NAMES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The evaluator's number for each ranking (the RANKING_* enum of _eval.pxd).
_RANKING_IDS = {"high": 0, "shortdeck": 1, "shortdeck-triton": 2}

#: The kernels hold at most this many players (their fixed-size arrays).
KERNEL_MAX_PLAYERS = 23


@record(kw_only=True)
class Game(FieldMethods):
    """One poker game's rules, as far as equity needs them.

    What follows from the rules is computed once per game (``cached_property``): the
    engine reads some of it several times a call, and those property calls cost a repeated
    flop spot about 10,000 of its 194,000 instructions of Python.
    """

    name: str  #: the name ``--game`` and ``game=`` take
    title: str  #: how people write it
    hole_cards: int  #: cards each player is dealt
    board_cards: int  #: community cards when all are out
    lowest_rank: int  #: the deck's lowest rank: 0 (deuce) for 52 cards, 4 (six) for 36
    forming: str  #: "any" (best five of hole and board) or "omaha" (two hole, three board)
    ranking: str  #: "high", "shortdeck" or "shortdeck-triton": the order of the categories
    split: str = (
        "high"  #: "high" (the best hand takes the pot) or "hilo8" (half to an 8-or-better low)
    )

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """The deck's card indices (rank * 4 + suit), lowest first."""
        return tuple(range(4 * self.lowest_rank, 52))

    @cached_property
    def deck_size(self) -> int:
        """Cards in the deck."""
        return len(self.deck)

    @cached_property
    def deck_mask(self) -> int:
        """The deck as a card mask (16-bit suit lanes, as ``cards.mask_of``)."""
        lane = 0x1FFF & ~((1 << self.lowest_rank) - 1)
        return lane | lane << 16 | lane << 32 | lane << 48

    @cached_property
    def outside_mask(self) -> int:
        """The cards of a full deck this game does not use, as a mask."""
        return 0x1FFF1FFF1FFF1FFF & ~self.deck_mask

    @cached_property
    def max_players(self) -> int:
        """Players the deck can deal with a full board (the kernels hold at most 23)."""
        return min(KERNEL_MAX_PLAYERS, (self.deck_size - self.board_cards) // self.hole_cards)

    @cached_property
    def category_order(self) -> tuple[int, ...]:
        """Category numbers, weakest first: a value's ``>> 12`` is a position in this (the
        build's own table order)."""
        from pokercalc.core._tablegen import RANKINGS

        return RANKINGS[self.ranking]

    @cached_property
    def ranking_id(self) -> int:
        """The ranking's number for the compiled evaluator."""
        return _RANKING_IDS[self.ranking]

    @cached_property
    def evaluator_id(self) -> int:
        """The engine's number for how this game values a hand: the ranking's number when
        the best five of all cards play, 3 for Omaha's two hole and three board cards, 4 for
        Omaha hi/lo."""
        if self.forming == "any":
            return self.ranking_id
        return 4 if self.split == "hilo8" else 3

    @cached_property
    def flush_rule(self) -> tuple[int, int, int]:
        """The fewest and most hole cards and the fewest board cards a five-card flush can use:
        (0, hole cards, 5 - hole cards) when any five play, (2, 2, 3) in Omaha."""
        if self.forming == "omaha":
            return (2, 2, 3)
        return (0, self.hole_cards, max(0, 5 - self.hole_cards))

    @cached_property
    def hilo(self) -> bool:
        """True when half the pot goes to the best eight-or-better low."""
        return self.split == "hilo8"

    def category_of(self, value: int) -> int:
        """The standard category number (see :data:`CATEGORY_NAMES`) of a hand value."""
        return self.category_order[value >> 12]

    def __str__(self) -> str:
        return self.name

    def __hash__(self) -> int:
        # Equal games have equal names.  The dataclass's hash of all eight fields cost two
        # of the caches every equity call reads (set-up found, ranges parsed) 0.5 us.
        return hash(self.name)


HOLDEM = Game(
    name="holdem",
    title="Texas hold'em",
    hole_cards=2,
    board_cards=5,
    lowest_rank=0,
    forming="any",
    ranking="high",
)
SHORTDECK = Game(
    name="shortdeck",
    title="Short-deck hold'em (6+)",
    hole_cards=2,
    board_cards=5,
    lowest_rank=4,
    forming="any",
    ranking="shortdeck",
)
SHORTDECK_TRITON = Game(
    name="shortdeck-triton",
    title="Short-deck hold'em, Triton rules",
    hole_cards=2,
    board_cards=5,
    lowest_rank=4,
    forming="any",
    ranking="shortdeck-triton",
)
OMAHA = Game(
    name="omaha",
    title="Omaha (4 cards)",
    hole_cards=4,
    board_cards=5,
    lowest_rank=0,
    forming="omaha",
    ranking="high",
)
OMAHA5 = Game(
    name="omaha5",
    title="Omaha (5 cards)",
    hole_cards=5,
    board_cards=5,
    lowest_rank=0,
    forming="omaha",
    ranking="high",
)
OMAHA6 = Game(
    name="omaha6",
    title="Omaha (6 cards)",
    hole_cards=6,
    board_cards=5,
    lowest_rank=0,
    forming="omaha",
    ranking="high",
)

OMAHA_HILO = Game(
    name="omaha-hilo",
    title="Omaha hi/lo, eight or better (4 cards)",
    hole_cards=4,
    board_cards=5,
    lowest_rank=0,
    forming="omaha",
    ranking="high",
    split="hilo8",
)
OMAHA5_HILO = Game(
    name="omaha5-hilo",
    title="Omaha hi/lo, eight or better (5 cards)",
    hole_cards=5,
    board_cards=5,
    lowest_rank=0,
    forming="omaha",
    ranking="high",
    split="hilo8",
)

#: Every game by name.
GAMES: dict[str, Game] = {
    g.name: g
    for g in (HOLDEM, SHORTDECK, SHORTDECK_TRITON, OMAHA, OMAHA5, OMAHA6, OMAHA_HILO, OMAHA5_HILO)
}
_ALIASES = {
    "nlhe": "holdem",
    "plo": "omaha",
    "plo4": "omaha",
    "plo5": "omaha5",
    "plo6": "omaha6",
    "plo8": "omaha-hilo",
    "o8": "omaha-hilo",
    "omaha-8": "omaha-hilo",
    "plo5-8": "omaha5-hilo",
}


def get_game(game: str | Game | None) -> Game:
    """The game named ``game`` (a :class:`Game` passes through; None is hold'em)."""
    if type(game) is str:
        found = GAMES.get(game)  # (the usual call: a game's own name)
        if found is not None:
            return found
    if game is None:
        return HOLDEM
    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise TypeError(f"game must be a name or a Game, not {type(game).__name__}")
    key = game.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in GAMES:
        raise InputError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    return GAMES[key]
