"""The games pokercalc plays, one definition each: the only place deck sizes and hole cards live.

A game says which cards the deck holds, how many cards each player holds at
showdown, how many cards the shared board gets (0 for a game without one), how
a hand is formed from a player's own cards and the board, and which rankings
share the pot (one, or two for hi/lo), as pokerstove's evaluators give their
hand, board and evaluation sizes.  Every layer (cards, ranges, the engine, the
analyses, the command line) asks the game instead of assuming hold'em; the
compiled kernels get the forming rule and the rankings by their numbers.

>>> get_game("shortdeck").deck_size, get_game("omaha").hole_cards, HOLDEM.max_players
(36, 4, 23)
>>> get_game("omaha5").forming, [r.name for r in OMAHA_HILO.rankings]
('omaha', ['high', 'low8'])
>>> get_game("razz").board_cards, get_game("stud").max_players, get_game("badugi").range_language
(0, 7, 'cards')
>>> get_game("pineapple")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: unknown game 'pineapple'; the games are holdem, shortdeck, ...
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
    "Ranking",
    "RANKINGS",
    "HIGH",
    "SHORTDECK_HIGH",
    "SHORTDECK_TRITON_HIGH",
    "LOW8",
    "ACE_TO_FIVE",
    "DEUCE_TO_SEVEN",
    "BADUGI",
    "BEST_FIVE",
    "TWO_PLUS_THREE",
    "OWN_CARDS",
    "GAMES",
    "HOLDEM",
    "SHORTDECK",
    "SHORTDECK_TRITON",
    "OMAHA",
    "OMAHA5",
    "OMAHA6",
    "OMAHA_HILO",
    "OMAHA5_HILO",
    "STUD",
    "STUD_HILO",
    "RAZZ",
    "DRAW",
    "DEUCE_TO_SEVEN_DRAW",
    "ACE_TO_FIVE_DRAW",
    "BADUGI_DRAW",
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


#: Cards a ranked hand is made of (pokerstove's ``evaluationSize``).
HAND_CARDS = 5

#: The kernels hold at most this many players and board cards (their fixed-size arrays:
#: ``MAX_PLAYERS`` and ``MAX_BOARD`` of core/_game.pxd, which a test holds to these).
KERNEL_MAX_PLAYERS = 23
KERNEL_MAX_BOARD = 5

# How a hand is formed from a player's own cards and the board (``Game.forming``).
#: The best five of the player's own and the board's cards (hold'em).
BEST_FIVE = "any"
#: Exactly two of the player's own cards and three of the board's (Omaha).
TWO_PLUS_THREE = "omaha"
#: The player's own cards only, no board (stud, razz, the draw games): the cards a player
#: is given are kept and the rest of its hand is dealt from the deck.
OWN_CARDS = "own"

#: Each forming rule's number on the compiled side (FORMING_* of core/_game.pxd).
FORMING_IDS = {BEST_FIVE: 0, TWO_PLUS_THREE: 1, OWN_CARDS: 2}


@record(kw_only=True)
class Ranking(FieldMethods):
    """One order of hands: who wins the pot, or the half of it that this ranking plays for."""

    name: str  #: the name ``evaluate_ranked`` and the game definitions use
    title: str  #: how people write it
    id: int  #: the compiled evaluator's number (the RANKING_* enum of pokercalc/_eval.pxd)
    low: bool = False  #: True when the lowest hand wins
    evaluated: bool = True  #: False while no evaluator plays this ranking (a later step)

    def __str__(self) -> str:
        return self.name


#: The hold'em order: straight flush, quads, full house, flush, straight, ...
HIGH = Ranking(name="high", title="High", id=0)
#: Short-deck: a flush beats a full house, A-6-7-8-9 is a straight.
SHORTDECK_HIGH = Ranking(name="shortdeck", title="Short-deck high", id=1)
#: Short-deck, Triton rules: three of a kind beats a straight as well.
SHORTDECK_TRITON_HIGH = Ranking(name="shortdeck-triton", title="Short-deck high, Triton", id=2)
#: Five distinct ranks from ace to eight, ace low, straights and flushes ignored (hi/lo).
LOW8 = Ranking(name="low8", title="Eight-or-better low", id=3, low=True)
#: Ace-to-five low (razz, California lowball): the best five, aces low, straights and flushes
#: ignored, pairs counting against; no qualifier.
ACE_TO_FIVE = Ranking(name="ace-to-five", title="Ace-to-five low", id=4, low=True)
#: Deuce-to-seven low (Kansas City lowball, triple draw): aces high only, straights and
#: flushes counting against; 7-5-4-3-2 unsuited is the best hand.
DEUCE_TO_SEVEN = Ranking(name="deuce-to-seven", title="Deuce-to-seven low", id=5, low=True)
#: Badugi: the largest set of cards of distinct suits and ranks plays, more cards beat fewer,
#: then the lower highest card (aces low).
BADUGI = Ranking(name="badugi", title="Badugi", id=6, low=True)

#: Every ranking by name.
RANKINGS: dict[str, Ranking] = {
    r.name: r
    for r in (
        HIGH,
        SHORTDECK_HIGH,
        SHORTDECK_TRITON_HIGH,
        LOW8,
        ACE_TO_FIVE,
        DEUCE_TO_SEVEN,
        BADUGI,
    )
}

#: The compiled side's number for "no second ranking" (a pot that is not split hi/lo).
NO_RANKING = -1


@record(kw_only=True)
class Game(FieldMethods):
    """One poker game's rules, as far as equity needs them.

    What follows from the rules is computed once per game (``cached_property``): the
    engine reads some of it several times a call.
    """

    name: str  #: the name ``--game`` and ``game=`` take
    title: str  #: how people write it
    lowest_rank: int  #: the deck's lowest rank: 0 (deuce) for 52 cards, 4 (six) for 36
    hole_cards: int  #: cards each player holds at showdown (pokerstove's ``handSize``)
    board_cards: int  #: shared board cards when all are out, 0 without a board (``boardSize``)
    forming: str  #: how a hand is formed: BEST_FIVE, TWO_PLUS_THREE or OWN_CARDS
    rankings: tuple[Ranking, ...]  #: the rankings that share the pot: one, or high and low

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
        """Players the deck can deal with a full board (the kernels hold at most
        :data:`KERNEL_MAX_PLAYERS`)."""
        return min(KERNEL_MAX_PLAYERS, (self.deck_size - self.board_cards) // self.hole_cards)

    @cached_property
    def ranking(self) -> str:
        """The name of the ranking the high hand (or the whole pot) is played by: "high",
        "shortdeck" or "shortdeck-triton"."""
        return self.rankings[0].name

    @cached_property
    def split(self) -> str:
        """ "high" (the best hand takes the pot) or "hilo8" (half to an eight-or-better low)."""
        return "hilo8" if self.rankings[1:] == (LOW8,) else "high"

    @cached_property
    def range_language(self) -> str:
        """How its players' ranges are written: "holdem" (notation and pocket queries),
        "omaha" (Omaha hands, ranges and patterns) or "cards" (the cards each player is given,
        the rest of the hand dealt from the deck: games without a board)."""
        if self.forming == OWN_CARDS:
            return "cards"
        return "omaha" if self.forming == TWO_PLUS_THREE else "holdem"

    @cached_property
    def has_board(self) -> bool:
        """False in the games where each player's hand is its own cards only."""
        return self.board_cards > 0

    @cached_property
    def hilo(self) -> bool:
        """True when half the pot goes to the best eight-or-better low."""
        return self.split == "hilo8"

    @cached_property
    def category_order(self) -> tuple[int, ...]:
        """Category numbers, weakest first: a value's ``>> 12`` is a position in this (the
        build's own table order)."""
        from pokercalc.core._tablegen import RANKINGS as ORDERS

        return ORDERS[self.ranking]

    @cached_property
    def ranking_id(self) -> int:
        """The compiled evaluator's number for the high (or only) ranking."""
        return self.rankings[0].id

    @cached_property
    def forming_id(self) -> int:
        """The compiled side's number for how a hand is formed."""
        return FORMING_IDS[self.forming]

    @cached_property
    def low_id(self) -> int:
        """The compiled evaluator's number for the ranking of the low half, or
        :data:`NO_RANKING`."""
        return self.rankings[1].id if len(self.rankings) > 1 else NO_RANKING

    @cached_property
    def kernel_ids(self) -> tuple[int, int, int]:
        """The game as the compiled kernels take it: forming, high ranking and low ranking
        numbers (each kernel compiled for the pair it plays)."""
        return (self.forming_id, self.ranking_id, self.low_id)

    @cached_property
    def flush_rule(self) -> tuple[int, int, int]:
        """The fewest and most own cards and the fewest board cards a five-card flush can use:
        (0, hole cards, 5 - hole cards) when any five play, (2, 2, 3) in Omaha."""
        if self.forming == TWO_PLUS_THREE:
            return (2, 2, HAND_CARDS - 2)
        return (0, self.hole_cards, max(0, HAND_CARDS - self.hole_cards))

    def category_of(self, value: int) -> int:
        """The standard category number (see :data:`CATEGORY_NAMES`) of a hand value."""
        return self.category_order[value >> 12]

    def __str__(self) -> str:
        return self.name

    def __hash__(self) -> int:
        # Equal games have equal names: the dataclass's hash of every field would cost the
        # caches every equity call reads (set-up found, ranges parsed) a hash of the rankings.
        return hash(self.name)


def _game(
    name: str,
    title: str,
    *,
    hole: int,
    rankings: tuple[Ranking, ...],
    forming: str = BEST_FIVE,
    lowest_rank: int = 0,
    board: int = 5,
) -> Game:
    """One game definition (keywords kept short so the table below reads as one)."""
    assert board <= KERNEL_MAX_BOARD
    return Game(name=name, title=title, lowest_rank=lowest_rank, hole_cards=hole,
                board_cards=board, forming=forming, rankings=rankings)  # fmt: skip


HOLDEM = _game("holdem", "Texas hold'em", hole=2, rankings=(HIGH,))
SHORTDECK = _game(
    "shortdeck", "Short-deck hold'em (6+)", hole=2, lowest_rank=4, rankings=(SHORTDECK_HIGH,)
)
SHORTDECK_TRITON = _game(
    "shortdeck-triton",
    "Short-deck hold'em, Triton rules",
    hole=2,
    lowest_rank=4,
    rankings=(SHORTDECK_TRITON_HIGH,),
)
OMAHA = _game("omaha", "Omaha (4 cards)", hole=4, forming=TWO_PLUS_THREE, rankings=(HIGH,))
OMAHA5 = _game("omaha5", "Omaha (5 cards)", hole=5, forming=TWO_PLUS_THREE, rankings=(HIGH,))
OMAHA6 = _game("omaha6", "Omaha (6 cards)", hole=6, forming=TWO_PLUS_THREE, rankings=(HIGH,))
OMAHA_HILO = _game(
    "omaha-hilo",
    "Omaha hi/lo, eight or better (4 cards)",
    hole=4,
    forming=TWO_PLUS_THREE,
    rankings=(HIGH, LOW8),
)
OMAHA5_HILO = _game(
    "omaha5-hilo",
    "Omaha hi/lo, eight or better (5 cards)",
    hole=5,
    forming=TWO_PLUS_THREE,
    rankings=(HIGH, LOW8),
)

STUD = _game("stud", "Seven-card stud", hole=7, board=0, forming=OWN_CARDS, rankings=(HIGH,))
STUD_HILO = _game(
    "stud-hilo",
    "Seven-card stud hi/lo, eight or better",
    hole=7,
    board=0,
    forming=OWN_CARDS,
    rankings=(HIGH, LOW8),
)
RAZZ = _game("razz", "Razz", hole=7, board=0, forming=OWN_CARDS, rankings=(ACE_TO_FIVE,))
DRAW = _game("draw", "Five-card draw", hole=5, board=0, forming=OWN_CARDS, rankings=(HIGH,))
DEUCE_TO_SEVEN_DRAW = _game(
    "2-7", "Deuce-to-seven lowball", hole=5, board=0, forming=OWN_CARDS, rankings=(DEUCE_TO_SEVEN,)
)
ACE_TO_FIVE_DRAW = _game(
    "a-5", "Ace-to-five lowball", hole=5, board=0, forming=OWN_CARDS, rankings=(ACE_TO_FIVE,)
)
BADUGI_DRAW = _game("badugi", "Badugi", hole=4, board=0, forming=OWN_CARDS, rankings=(BADUGI,))

#: Every game by name.
GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        HOLDEM,
        SHORTDECK,
        SHORTDECK_TRITON,
        OMAHA,
        OMAHA5,
        OMAHA6,
        OMAHA_HILO,
        OMAHA5_HILO,
        STUD,
        STUD_HILO,
        RAZZ,
        DRAW,
        DEUCE_TO_SEVEN_DRAW,
        ACE_TO_FIVE_DRAW,
        BADUGI_DRAW,
    )
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
    "stud7": "stud",
    "seven-card-stud": "stud",
    "stud8": "stud-hilo",
    "stud-8": "stud-hilo",
    "stud/8": "stud-hilo",
    "five-card-draw": "draw",
    "deuce-to-seven": "2-7",
    "27": "2-7",
    "2-7-lowball": "2-7",
    "ace-to-five": "a-5",
    "a5": "a-5",
    "a-5-lowball": "a-5",
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
