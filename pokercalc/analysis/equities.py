"""The isometric equity engine: every player is a distribution; exhaustive or Monte Carlo.

Each player is a weighted distribution of specific two-card hands (one hand, a
range, a pocket query or ``random``), and the engine treats them all alike: it
enumerates or samples joint assignments of the players' hands, then boards.

>>> r = equity(["AsAh", "KsKh"], method="exact")
>>> r.players[0].equity_fraction, r.outcomes
(Fraction(707495, 856152), 1712304)
>>> round(r.players[0].equity * 100, 8), r.method
(82.63661126, 'exact')
"""

from __future__ import annotations

import math
import operator
import sys
import threading
import time as _time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache, lru_cache, reduce
from itertools import chain, combinations, pairwise, permutations
from operator import or_
from typing import TYPE_CHECKING, Any, Literal

from pokercalc._lazy import FieldMethods, record
from pokercalc.core.cards import (
    FULL_MASK,
    Card,
    CardLike,
    CardsLike,
    card_mask,
    cards_of,
    cards_of_mask,
    cards_text,
    format_cards,
    mask_of,
)
from pokercalc.core.games import HOLDEM, TWO_PLUS_THREE, Game, get_game
from pokercalc.core.results import (
    CARDS,
    COUNT,
    GAME,
    METHOD,
    PROB,
    SECONDS,
    Result,
    doc,
    exact_fractions,
)
from pokercalc.core.runner import Control, default_threads, run_here
from pokercalc.core.validate import check_board_and_dead, check_engine_options, new_seed
from pokercalc.errors import CardConflictError, InputError, InternalError
from pokercalc.ranges.notation import ALL_COMBOS, DeckRange, Range

if TYPE_CHECKING:
    from fractions import Fraction  # (made when read: results.ExactFraction)

    from pokercalc.core._engine import Kernel

__all__ = [
    "DEFAULT_THRESHOLD",
    "MAX_PLAYERS",
    "PlayerResult",
    "EquityResult",
    "equity",
    "count_outcomes",
]

#: Runs of at most this many outcomes, after merging suit-symmetric ones, are
#: enumerated exactly by ``method="auto"``; about a second or two on one core.
DEFAULT_THRESHOLD = 1.0e9
#: The deck deals at most 23 players two cards each and a five-card board.
MAX_PLAYERS = 23
#: Default Monte Carlo time budget in seconds when no stopping rule is given.
DEFAULT_TIME = 1.0
_COUNT_BUDGET = 20_000_000
#: Exact runs count in int64; more outcomes than this cannot be tallied exactly.
MAX_EXACT_OUTCOMES = 2**62
#: Seconds of an exact run spent on a random sample of its work before the estimate.
SAMPLE_SECONDS = 0.25
#: Merge the boards whose suits can no longer make a flush (whole assignments only); the
#: tests turn it off to compare against plain enumeration.
MERGE_SUITS = True
#: Count a last player who holds every hand by rank classes (the kernel's ``random_classes``);
#: the tests turn it off to compare against plain enumeration.
RANDOM_CLASSES = True
#: The last player's range is enumerated innermost from this many combos on ...
INNERMOST_MIN = 4
#: ... or, with three or more players, from this many when its boards are merged by dead
#: suits (whole board to come).
MERGED_INNERMOST_MIN = 64
#: ... or, heads-up on a flop, from this many: below it whole assignments with their turns
#: and rivers merged by dead suits are cheaper (AhKh against QQ+,AKs,AKo on Qh7h2c: 31
#: combos, 2,846 showdowns instead of 10,787; 89 combos: 128 us against 101).
FLOP_INNERMOST_MIN = 48
#: An exact run gives each thread at least this many outcomes per suit symmetry (in hold'em
#: outcomes, ``_outcome_cost``), so smaller runs use fewer threads than asked, or one.  In a
#: loop in one process a second thread pays from a few thousand (AhKh against QQ+,AKs,AKo
#: and JJ on Qh7h2c, 48,762 per symmetry: 131 us on one thread, 81 on two), but a thread
#: team waits for its slowest member, and on a busy machine that one may wait for a core:
#: two processes each looping that spot on two threads of a 2-core machine made 6,300 calls
#: a second in all, with 8 ms at the 99th percentile, against 14,900 on one thread each.
#: Runs of a few hundred microseconds and more (AsAh against KsKh, 428,076: 0.63 ms on one
#: thread, 0.34 ms on two) take that risk; smaller ones keep to one thread.
PER_THREAD_MIN_OUTCOMES = 50_000
#: Work items are split by their highest new board card (to give every thread enough of
#: them) only when each split item keeps this many outcomes on average: an item costs about
#: as much to start as a hundred showdowns (AhKh against QQ+,AKs,AKo on Qh7h2c: 18 items in
#: 17.6 us, split into 792 in 137 us).
SPLIT_MIN_OUTCOMES = 2_000
#: Hi/lo with two or more board cards to come: the last range goes innermost from this many
#: combos heads-up, and from ``HILO_MULTIWAY_INNERMOST_MIN`` with more players.
HILO_INNERMOST_MIN = 32
HILO_MULTIWAY_INNERMOST_MIN = 8


@exact_fractions("equity_fraction")
@record(kw_only=True, init_when_called=True)
class PlayerResult(FieldMethods, Result):
    """One player's share of the pot."""

    label: str = doc(
        "the player's expression as given; a lone player meets one random hand, listed second"
    )
    combos: int = doc("hands left in the distribution after card removal", COUNT)
    equity: float | None = doc(
        "share of the pot, a k-way split giving each winner 1/k; None when an exact run was "
        "interrupted (a part of an enumeration estimates nothing), or a Monte Carlo run before "
        "its first deal",
        PROB,
    )
    win: float | None = doc("probability of winning alone", PROB)
    tie: float | None = doc("probability of sharing the pot", PROB)
    stderr: float | None = doc(
        "Monte Carlo standard error of equity; None when exact or below two deals",
        minimum=0,
        default=None,
    )
    equity_fraction: Fraction | None = doc(
        "exact equity; None for Monte Carlo or weighted ranges", default=None
    )
    wins: int | None = doc(
        "exact count of outcomes won alone (unweighted exhaustive runs)",
        COUNT,
        csv=False,
        default=None,
    )
    ties: int | None = doc(
        "exact count of outcomes tied (unweighted exhaustive runs)", COUNT, csv=False, default=None
    )
    scoop: float | None = doc(
        "hi/lo games: probability of winning the whole pot alone (win says the same); None in "
        "other games",
        PROB,
        default=None,
    )
    high_share: float | None = doc(
        "hi/lo games: the expected share of the high half won; None in other games",
        PROB,
        default=None,
    )
    low_share: float | None = doc(
        "hi/lo games: the expected share of the low half won with a qualifying low; None in "
        "other games (equity is half of both shares plus half the high share of the boards "
        "without a low)",
        PROB,
        default=None,
    )


@record(kw_only=True, init_when_called=True)
class EquityResult(FieldMethods, Result):
    """Every player's equity, and how it was computed."""

    game: str = doc("the game played (core/games.py)", GAME, default="holdem")
    method: str = doc('"exact" (every outcome enumerated) or "mc" (Monte Carlo), as run', METHOD)
    board: tuple[Card, ...] = doc("the board cards given", CARDS)
    dead: tuple[Card, ...] = doc("the dead cards given", CARDS)
    players: tuple[PlayerResult, ...] = doc(
        "one result per player, in the order given", table="player", minItems=2
    )
    outcomes: int = doc(
        "valid joint assignments times boards (estimated if not outcomes_exact)", COUNT
    )
    outcomes_exact: bool = doc("False when the count was too costly and was estimated")
    symmetry: int = doc(
        "suit permutations that leave the problem unchanged (exact runs merge them)", minimum=1
    )
    trials: int | None = doc("Monte Carlo deals played; None when exact", COUNT)
    seed: int | None = doc(
        "the Monte Carlo seed used (pass it back to reproduce); None when exact", COUNT
    )
    threads: int = doc("threads used", minimum=1)
    elapsed: float = doc("seconds of computation", SECONDS)
    showdowns: int = doc(
        "showdowns played: Monte Carlo deals, or in exact runs the distinct boards (suit "
        "symmetries and boards whose suits cannot make a flush merged) times the hands "
        "evaluated innermost",
        COUNT,
    )
    interrupted: bool = doc("True when a signal (Ctrl-C, SIGTERM) stopped the run early")
    done_fraction: float = doc(
        "share of the planned work done (below 1 only when interrupted)", PROB, default=1.0
    )
    low_possible: float | None = doc(
        "hi/lo games: the share of outcomes whose board holds three low ranks (ace to eight), "
        "so that a low can be made; None in other games",
        PROB,
        default=None,
    )
    pieces: int | None = doc(
        "pieces the run was cut into and run on an executor (local processes or a Dask "
        "cluster), one engine thread each; None when it ran in one process",
        COUNT,
        default=None,
    )

    @property
    def showdowns_per_second(self) -> float:
        """Throughput: showdowns played per second of computation."""
        return self.showdowns / self.elapsed if self.elapsed > 0 else 0.0


#: the players as the API takes them: one ``|``-separated string, or a sequence of
#: expressions, :class:`Range` objects and hands given as lists of cards
Players = str | Range | Sequence[str | Range | Sequence[CardLike]]


def _player_texts(players: Players) -> list[str | Range]:
    if isinstance(players, (str, Range)):
        items: list[Any] = [players]
    elif isinstance(players, Sequence):
        items = list(players)
    else:
        raise TypeError(
            f"players must be a string, a Range or a sequence of them, not {type(players).__name__}"
        )
    out: list[str | Range] = []
    for i, item in enumerate(items):
        if isinstance(item, str):
            from pokercalc.ranges.notation import split_players

            out.extend(split_players(item))
        elif isinstance(item, Range):
            out.append(item)
        elif isinstance(item, (list, tuple)):
            out.append(cards_text(item, f"player {i + 1}"))  # a hand given as cards
        else:
            raise TypeError(
                "a player must be a string, a Range or a hand as a list of cards, not "
                f"{type(item).__name__}"
            )
    return out


def _parse_players(
    players: Players,
    board: tuple[int, ...],
    dead: tuple[int, ...],
    game: Game = HOLDEM,
) -> list[Player]:
    items = _player_texts(players)
    if not items:
        raise InputError("no players given")
    if len(items) > game.max_players:
        raise InputError(
            f"{len(items)} players is too many: {game.name} deals at most {game.max_players}"
        )
    # Before any player is read: a big range takes seconds to expand.
    seats = max(len(items), 2)  # (one player alone is played against a random hand)
    needed = game.hole_cards * seats + len(board) + len(dead)
    more = game.board_cards - len(board)
    if needed > game.deck_size - more:
        raise InputError(
            f"{seats} players, {len(board)} board and {len(dead)} dead cards need "
            f"{needed + more} cards; the {game.name} deck has {game.deck_size}"
        )
    if game.hole_cards != 2:
        # Every player's text is read before any is expanded: a wide Omaha-6 range takes
        # seconds to list, and a typo in the player after it was found only then.
        for item in items:
            if isinstance(item, str) and not _every_hand(item, game):
                from pokercalc.ranges.omaha import check_omaha_range

                check_omaha_range(item, game)
    outside = cards_of_mask(game.outside_mask) if game.outside_mask else ()
    ranges: list[Player] = []
    for i, item in enumerate(items):
        who = f"player {i + 1}"
        if game.hole_cards != 2:
            rng: Player = _many_card_player(item, game, who)
        else:
            from pokercalc.ranges.decks import player_range

            if isinstance(item, Range):
                item = _checked_hands(item, game, who)
            rng = player_range(item, game, who)
        ranges.append(rng.without(board + dead + outside, player=who))
    if len(ranges) == 1:
        # One player alone is played against one random hand, as PokerStove does.
        ranges.append(_random_player(game).without(board + dead + outside))
    return ranges


def _engine_game(game: str | Game) -> Game:
    """The game: the engine plays every game of :mod:`pokercalc.core.games`."""
    return get_game(game)


def _random_player(game: Game, text: str = "random") -> Player:
    """Every hand the game's deck deals: listed for two hole cards, a :class:`DeckRange` beyond."""
    if game.hole_cards == 2:
        return Range(text, ALL_COMBOS, (1.0,) * len(ALL_COMBOS))
    return DeckRange(text, game.hole_cards, game.deck_mask)


def _checked_hands(rng: Range, game: Game, who: str) -> Range:
    """A Range given to the API, if its hands have the game's number of hole cards."""
    bad = next((c for c in rng.combos if len(c) != game.hole_cards), None)
    if bad is not None:
        raise InputError(
            f"{who}: {format_cards(bad)} has {len(bad)} cards; a {game.name} hand has "
            f"{game.hole_cards}"
        )
    return rng


def _many_card_player(item: str | Range | Sequence[CardLike], game: Game, who: str) -> Player:
    """A player of an Omaha game: ``random``, or a hand, range or pattern of the Omaha grammar,
    or a hand given as a list of cards."""
    if isinstance(item, Range):
        return _checked_hands(item, game, who)
    if not isinstance(item, str):
        item = cards_text(item, who)
    if _every_hand(item, game):
        return _random_player(game, item.strip())
    from pokercalc.ranges.omaha import parse_omaha_range

    return _checked_hands(parse_omaha_range(item, game), game, who)


def _every_hand(text: str, game: Game) -> bool:
    """Whether ``text`` names every hand of an Omaha game by itself: ``random``, ``any``,
    ``100%``, or the game's number of wildcards (``xxxx``, ``* * * * *``), blanks where
    the range grammar allows them.  Such a player is dealt from the deck, as the engine
    would deal it once its listed hands proved to be all of them (:func:`_is_random`),
    without listing them first: ``100%`` in Omaha-5, 2.6 million hands, took 10 s and
    800 MB to list."""
    return _every_hand_pattern(game.hole_cards).fullmatch(text) is not None


@cache
def _every_hand_pattern(k: int) -> Any:
    """:func:`_every_hand`'s words for hands of ``k`` cards, compiled once."""
    import re

    every = rf"(?i:random|any)|100\s*%|(?:[xX*]\s*){{{k - 1}}}[xX*]"
    return re.compile(rf"\s*(?:{every})\s*")


def _is_random(
    rng: Player, blocked: int, game: Game = HOLDEM, facts: tuple[bool, int] | None = None
) -> bool:
    """True when the range holds, unweighted, every hand of the cards outside ``blocked``.

    Decided by content: the combos avoiding ``blocked`` are distinct sets of
    ``game.hole_cards`` free cards, so there are C(free, k) of them exactly
    when they are all of them.  Combos that touch ``blocked`` must not exist
    either: such a range deals differently from the deck (its hands would
    carry weight there).  A :class:`DeckRange` is every hand by construction.
    """
    if isinstance(rng, DeckRange):
        return True
    weighted, union = _range_facts(rng) if facts is None else facts
    if weighted:
        return False
    n_free = _popcount(FULL_MASK & ~blocked)
    if len(rng) != math.comb(n_free, game.hole_cards):
        return False
    return not union & blocked


def _range_facts(rng: Range) -> tuple[bool, int]:
    """Whether the range is weighted (as ``is_weighted`` says), and the union of its hands'
    masks."""
    return rng.weights.count(1.0) != len(rng.weights), reduce(or_, rng.masks(), 0)


#: An exact run lists at most this many hands of a ``random`` Omaha player.
MAX_LISTED_HANDS = 4_000_000

Player = Range | DeckRange


def _list_hands(r: Player, game: Game, out: tuple[Any, Any, Any, Any]) -> None:
    """Write a player's hands into the numpy arrays ``out``, one row per hand: cards (a row
    of ``game.hole_cards``, highest first), 64-bit masks, evaluator keys and weights.

    The arrays of a problem are allocated once and filled in place: on the
    hundred thousand hands of a random Omaha player, the page faults of
    temporary arrays cost more than the copying.
    """
    import numpy as np

    cards, masks, keys, weights = out
    if isinstance(r, Range):
        for dst, src in zip(out, _range_arrays(r, game.hole_cards), strict=True):
            dst[...] = src
        return
    k = game.hole_cards
    weights.fill(1.0)
    if math.comb(game.deck_size, k) <= _DECK_TABLE_HANDS:
        # Taken from every hand of the deck, listed once per game (each Omaha outs card asks).
        all_cards, all_masks, all_keys = _deck_table(game)
        take = np.flatnonzero((all_masks & np.uint64(~r.free & FULL_MASK)) == 0)
        np.take(all_cards, take, axis=0, out=cards, mode="clip")
        np.take(all_masks, take, out=masks, mode="clip")
        np.take(all_keys, take, out=keys, mode="clip")
        return
    free = sorted(cards_of_mask(r.free), reverse=True)
    cards[...] = np.fromiter(combinations(free, k), dtype=np.dtype((np.uint8, k)), count=len(r))
    masks[...], keys[...] = _masks_and_keys(cards)


def _range_arrays(r: Range, k: int) -> tuple[Any, Any, Any, Any]:
    """A listed range's cards, masks, keys and weights as :func:`_list_hands` writes them."""
    import numpy as np

    cards = np.frombuffer(bytes(chain.from_iterable(r.combos)), dtype=np.uint8).reshape(-1, k)
    return (cards, *_masks_and_keys(cards), np.array(r.weights, dtype=np.float64))


def _masks_and_keys(cards: Any) -> tuple[Any, Any]:
    """Each row of cards' 64-bit mask and evaluator key (its cards' keys summed modulo 2**64,
    as the kernel adds them)."""
    import numpy as np

    bits, values = _card_tables()
    if len(cards) == 0:
        return np.zeros(0, np.uint64), np.zeros(0, np.uint64)
    masks, keys = bits[cards[:, 0]], values[cards[:, 0]]
    for j in range(1, cards.shape[1]):
        masks |= bits[cards[:, j]]
        keys += values[cards[:, j]]
    return masks, keys


@cache
def _card_tables() -> tuple[Any, Any]:
    """Every card's mask and evaluator key as numpy arrays indexed by card."""
    import numpy as np

    keys = _card_keys()
    masks = np.array([card_mask(c) for c in range(len(keys))], dtype=np.uint64)
    return masks, np.array(keys, dtype=np.uint64)


#: Decks of at most this many hands (Omaha-4's 270,725) keep every hand listed for random players.
_DECK_TABLE_HANDS = 300_000


@cache
def _deck_table(game: Game) -> tuple[Any, Any, Any]:
    """Every hand of the game's deck as :func:`_list_hands` lists a random player's (cards
    highest first, hands in combinations() order), its masks and keys: taking the hands of
    the free cards keeps that order."""
    import numpy as np

    k = game.hole_cards
    deck = sorted(game.deck, reverse=True)
    n = math.comb(len(deck), k)
    cards: Any = np.fromiter(combinations(deck, k), dtype=np.dtype((np.uint8, k)), count=n)
    masks, keys = _masks_and_keys(cards)
    cards.flags.writeable = masks.flags.writeable = keys.flags.writeable = False
    return cards, masks, keys


#: Problems listing at most this many hands in all are set up in plain Python buffers:
#: on a few hundred hands numpy's import and per-call costs outweigh its speed.
SMALL_SETUP = 512
_WORD = (1 << 64) - 1


def _small_arrays(ranges: list[Range], k: int) -> tuple[Any, ...]:
    """:meth:`_Problem.arrays` in plain Python, the cards a 2-D memoryview."""
    off = array("i", [0])
    cards = array("B")
    masks = array("Q")
    ckeys = array("Q")
    weights = array("d")
    for r in ranges:
        c, m, key, w = _small_rows(r, k)
        cards.frombytes(c)
        masks += m
        ckeys += key
        weights += w
        off.append(len(masks))
    return off, memoryview(cards).cast("B", [len(masks), k]), masks, ckeys, weights


def _small_rows(r: Range, k: int) -> tuple[bytes, array[int], array[int], array[float]]:
    """A range's cards (a hand after another), masks, evaluator keys and weights as
    :func:`_small_arrays` lists them."""
    keys = _card_keys()
    return (
        bytes(chain.from_iterable(r.combos)),
        array("Q", r.masks()),
        array(
            "Q",
            [(keys[a] + keys[b]) & _WORD for a, b in r.combos]
            if k == 2
            else [sum([keys[c] for c in combo]) & _WORD for combo in r.combos],
        ),
        array("d", r.weights),
    )


#: Where suit ``s``'s 16-bit lane of a card mask starts in the mask's native bytes.
_LANE = tuple(2 * s if sys.byteorder == "little" else 6 - 2 * s for s in range(4))


def _permute_masks(masks: Any, sigma: tuple[int, ...]) -> Any:
    """Card masks with their 16-bit suit lanes moved as the suit permutation ``sigma`` says."""
    import numpy as np

    out = np.zeros_like(masks)
    for s in range(4):
        lane = (masks >> np.uint64(16 * s)) & np.uint64(0xFFFF)
        out |= lane << np.uint64(16 * sigma[s])
    return out


class _Found:
    """What the set-up of a problem found, kept for the calls that repeat it: its ranges
    (held, so that no other range takes their ids), its assignment count, and the suit
    symmetries and arrays of a problem of at most ``_FOUND_HANDS`` hands."""

    __slots__ = ("ranges", "facts", "count", "symmetry", "arrays", "kernels")

    def __init__(self, ranges: tuple[Player, ...]) -> None:
        self.ranges = ranges
        self.facts: _Facts | None = None
        self.count: tuple[int, bool] | None = None
        self.symmetry: tuple[tuple[tuple[int, ...], ...], Any] | None = None
        self.arrays: tuple[tuple[Any, ...], bool] | None = None
        #: kernels of finished small runs, each with its prepared runs (:class:`_Plan`):
        #: building a kernel and its items took a tenth of a flop spot's 50 us
        self.kernels: list[tuple[Kernel, dict[tuple[int, bool], _Plan]]] = []


#: The problems set up last, by their ranges' ids, board, dead cards and game: text parses to
#: the same cached ranges every call (:func:`_players_of_text`), so a call that repeats one
#: finds its set-up done.  At most ``_FOUND_PROBLEMS`` of them, the oldest dropped first.
_FOUND: dict[tuple[Any, ...], _Found] = {}
_FOUND_PROBLEMS = 16
_FOUND_HANDS = 4096
_FOUND_LOCK = threading.Lock()


def _found(
    ranges: list[Player], board: tuple[int, ...], dead: tuple[int, ...], game: Game
) -> _Found:
    """The set-up found so far for these ranges (the very objects), board, dead cards and game
    (and the settings that shape a set-up, which tests change)."""
    key = (tuple(map(id, ranges)), board, dead, game, SMALL_SETUP, _COUNT_BUDGET)
    with _FOUND_LOCK:
        found = _FOUND.get(key)
        if found is None or not all(map(operator.is_, found.ranges, ranges)):
            found = _Found(tuple(ranges))
            if len(_FOUND) >= _FOUND_PROBLEMS:
                del _FOUND[next(iter(_FOUND))]
            _FOUND[key] = found
    return found


#: A problem's sizes, blocked cards, board key and mask, whether it is weighted, which
#: players are random and the cards each can hold (:func:`_problem_facts`).
_Facts = tuple[tuple[int, ...], int, int, int, bool, tuple[bool, ...], tuple[int, ...]]


def _problem_facts(
    ranges: list[Player], board: tuple[int, ...], dead: tuple[int, ...], game: Game
) -> _Facts:
    """What :class:`_Problem` derives from its ranges, board, dead cards and game."""
    # Cards outside the game's deck are dealt to nobody: to the kernels they are dead.
    blocked = mask_of(board) | mask_of(dead) | game.outside_mask
    keys = _card_keys()
    # Whether each player is weighted and the cards it can hold (every free card of a
    # DeckRange, which holds a hand at least).
    facts = [(False, r.free) if isinstance(r, DeckRange) else _range_facts(r) for r in ranges]
    # Cards of players holding one known hand are gone in every deal, so a
    # range of every other hand still counts as random.
    sure = [r.masks()[0] if isinstance(r, Range) and len(r) == 1 else 0 for r in ranges]
    all_sure = 0
    for m in sure:
        all_sure |= m
    flags = tuple(
        _is_random(r, blocked | (all_sure & ~sure[i]), game, facts[i]) for i, r in enumerate(ranges)
    )
    sizes = tuple(len(r) for r in ranges)
    weighted = any(w for w, _ in facts)
    unions = tuple(u for _, u in facts)
    bkey = sum(keys[c] for c in board)
    return sizes, blocked, bkey, mask_of(board), weighted, flags, unions


class _Problem:
    """The flat arrays the kernel reads, built once per call (or found: :class:`_Found`)."""

    def __init__(
        self,
        ranges: list[Player],
        board: tuple[int, ...],
        dead: tuple[int, ...],
        game: Game = HOLDEM,
    ) -> None:
        self.ranges = ranges
        self.board = board
        self.dead = dead
        self.n = len(ranges)
        #: each player's hands as shown (:func:`_setup` gives the counts before the hands
        #: that can never be dealt were removed)
        self.game = game
        self._found = found = _found(ranges, board, dead, game)
        if found.facts is None:
            found.facts = _problem_facts(ranges, board, dead, game)
        sizes, self.blocked, self.bkey, self.bmask, self.weighted, flags, unions = found.facts
        #: the cards each player can hold
        self.unions = unions
        self.shown = list(sizes)
        self.random_flags = list(flags)
        self.is_random = array("B", flags)
        self.group: list[tuple[int, ...]] = [(0, 1, 2, 3)]
        self.perm: Any = array("i")
        self._arrays: tuple[Any, ...] | None = None
        self._listed = False
        #: the engine position of the player whose tallies are also kept per combo, or None
        self.breakdown: int | None = None
        #: after a run with ``breakdown``: its combos' tallies, one row per combo of its range
        #: (``Kernel.set_breakdown`` says the slots), spread over the suit symmetries
        self.combo_tallies: Any = None

    def arrays(self, list_random: bool = True) -> tuple[Any, ...]:
        """(off, cards, masks, keys, weights) over every player's hands.

        With ``list_random`` false, ``random`` players of an Omaha game are left
        unlisted: Monte Carlo deals them from the deck and never reads their hands.
        (The kernels only read them: a repeated problem shares them.)
        """
        if self._arrays is not None and (self._listed or not list_random):
            return self._arrays
        kept = self._found.arrays
        if kept is not None and (kept[1] or not list_random):
            self._arrays, self._listed = kept
            return self._arrays
        self._arrays, self._listed = self._build_arrays(list_random)
        if len(self._arrays[2]) <= _FOUND_HANDS:
            self._found.arrays = (self._arrays, self._listed)
        return self._arrays

    def _build_arrays(self, list_random: bool) -> tuple[tuple[Any, ...], bool]:
        """:meth:`arrays` built, and whether every hand is listed."""
        if (
            all(isinstance(r, Range) for r in self.ranges)
            and 0 < sum(len(r) for r in self.ranges) <= SMALL_SETUP
        ):
            # Every hand listed whatever list_random says: there is no DeckRange.
            return _small_arrays(self.ranges, self.game.hole_cards), True  # type: ignore[arg-type]
        import numpy as np

        k = self.game.hole_cards
        sizes = [0 if isinstance(r, DeckRange) and not list_random else len(r) for r in self.ranges]
        for r, size in zip(self.ranges, sizes, strict=True):
            if isinstance(r, DeckRange) and size > MAX_LISTED_HANDS:
                raise InputError(
                    f"{r.text!r} holds {size:,} hands, too many to enumerate exactly; "
                    "use Monte Carlo (--mc)"
                )
        off = np.zeros(self.n + 1, dtype=np.int32)
        off[1:] = np.cumsum(sizes)
        total = int(off[-1])
        cards = np.empty((total, k), dtype=np.uint8)
        masks = np.empty(total, dtype=np.uint64)
        ckeys = np.empty(total, dtype=np.uint64)
        weights = np.empty(total, dtype=np.float64)
        for p, r in enumerate(self.ranges):
            lo, hi = int(off[p]), int(off[p + 1])
            if hi > lo:
                _list_hands(
                    r, self.game, (cards[lo:hi], masks[lo:hi], ckeys[lo:hi], weights[lo:hi])
                )
        return (off, cards, masks, ckeys, weights), list_random

    @property
    def cw(self) -> Any:
        """Every hand's weight, player after player."""
        return self.arrays(self._listed)[4]

    def kernel(self, list_random: bool = True) -> Kernel:
        from pokercalc.core import _engine

        off, cards, masks, ckeys, weights = self.arrays(list_random)
        kernel = _engine.Kernel(
            off,
            ckeys,
            masks,
            weights,
            self.perm,
            self.is_random,
            array("B", [s for sigma in self.group for s in sigma]),
            len(self.group),
            len(self.board),
            self.bkey,
            self.bmask,
            mask_of(self.dead) | self.game.outside_mask,
            *self.game.kernel_ids,
            self.game.hole_cards,
            cards.cast("B") if isinstance(cards, memoryview) else cards.reshape(-1),
            bytes(self.board),
        )
        kernel.set_suit_merging(MERGE_SUITS, *self.game.flush_rule)
        # The kernel checks again what it relies on (every hand, unit weights, a key ranking).
        kernel.set_random_classes(_random_classes(self))
        return kernel

    def lend_kernel(self) -> tuple[Kernel, dict[tuple[int, bool], _Plan]]:
        """A kernel for one exhaustive run without a breakdown, and its runs prepared so far
        (:class:`_Plan` by threads and innermost player): one a repeated problem kept
        (:meth:`give_back`), set up again, or a new one.  A kernel serves one run at a time
        (it holds the run's settings: suit merging, rank classes, breakdown, and the prepared
        runs beside it), so a kept one is taken out while it runs."""
        try:
            kernel, runs = self._found.kernels.pop()  # (atomic: threads may share a problem)
        except IndexError:
            return self.kernel(), {}
        kernel.set_suit_merging(MERGE_SUITS, *self.game.flush_rule)
        kernel.set_random_classes(_random_classes(self))
        return kernel, runs

    def give_back(self, kernel: Kernel, runs: dict[tuple[int, bool], _Plan]) -> None:
        """Keep a lent kernel that finished its run, where the problem's set-up is kept (so its
        arrays are small and shared), for the next call of the same problem."""
        found = self._found
        if found.arrays is not None and found.symmetry is not None and len(found.kernels) < 2:
            found.kernels.append((kernel, runs))

    def boards(self) -> int:
        """Boards per joint assignment: completions from the cards left."""
        g = self.game
        left = g.deck_size - len(self.board) - len(self.dead) - g.hole_cards * self.n
        return math.comb(left, g.board_cards - len(self.board))

    def count_assignments(self) -> tuple[int, bool]:
        """Non-conflicting joint assignments, exact when affordable, else estimated."""
        if self._found.count is None:
            self._found.count = self._count_assignments()
        return self._found.count

    def _count_assignments(self) -> tuple[int, bool]:
        """:meth:`count_assignments` counted."""
        # Random players are counted in closed form after the others: with f
        # cards left, q random players of k cards can be dealt
        # C(f, k) C(f - k, k) ... ways.
        fixed = [r for r, rnd in zip(self.ranges, self.random_flags, strict=True) if not rnd]
        q = self.n - len(fixed)
        k = self.game.hole_cards
        free = _popcount(FULL_MASK & ~self.blocked) - k * len(fixed)
        ways_random = 1
        for j in range(q):
            ways_random *= math.comb(free - k * j, k)
        if len(fixed) == 0:
            return ways_random, True
        if len(fixed) == 1:
            return len(fixed[0]) * ways_random, True
        listed = [r for r in fixed if isinstance(r, Range)]
        if len(listed) == len(fixed) and math.prod(map(len, listed)) <= 4096:
            # A few joint assignments: counted here, cheaper than setting up the kernel.
            return _count_joint([r.masks() for r in listed], self.blocked) * ways_random, True
        sub = _Problem(fixed, self.board, self.dead, self.game)
        count = _count_in_kernel(sub.kernel(), [len(r) for r in fixed])
        if count >= 0:
            return count * ways_random, True
        # (A DeckRange is always random: ``listed`` holds every fixed player.)
        return _estimate_assignments(listed, self.blocked) * ways_random, False

    def find_symmetry(self) -> None:
        """Suit permutations mapping the board, the dead cards and every range onto themselves.

        Only the permutations that keep each suit among the suits of the same
        signature (its ranks on the board, among the dead cards and in each
        player's cards) can; for those, the image of every hand is found by
        moving its mask's suit lanes and looking the result up among the
        player's sorted masks.
        """
        if self._found.symmetry is not None:
            group, self.perm = self._found.symmetry
            self.group = list(group)
            return
        self._find_symmetry()
        if len(self.perm) <= len(self.group) * _FOUND_HANDS:
            self._found.symmetry = (tuple(self.group), self.perm)

    def _candidates(self) -> tuple[tuple[int, ...], ...]:
        """The suit permutations but the identity that may leave the problem unchanged: those
        keeping the board, the dead cards and the cards each player can hold (no hand listed)."""
        fixed = [self.bmask, mask_of(self.dead), *self.unions]
        sig = [tuple([(m >> (16 * s)) & 0xFFFF for m in fixed]) for s in range(4)]
        return _suit_perms(tuple([sig.index(x) for x in sig]))

    def symmetry_bound(self) -> int:
        """The most suit permutations :meth:`find_symmetry` can find, known without listing a
        hand (a random player of Omaha lists millions)."""
        if self._found.symmetry is not None:
            return len(self._found.symmetry[0])
        return 1 + len(self._candidates())

    def _find_symmetry(self) -> None:
        """:meth:`find_symmetry` searched."""
        off, _, masks, _, weights = self.arrays(True)
        candidates = self._candidates()
        if isinstance(masks, array):
            self._small_symmetry(off, masks, weights, candidates)
            return
        import numpy as np

        order: list[tuple[int, int, Any, Any]] = []
        # The identity maps every hand onto itself (a range's hands are distinct).
        group: list[tuple[int, ...]] = [(0, 1, 2, 3)]
        images: list[Any] = [np.arange(len(masks), dtype=np.int32)]
        for sigma in candidates:
            if not order:  # each player's hands by mask, sorted once when a test needs them
                for p in range(self.n):
                    lo, hi = int(off[p]), int(off[p + 1])
                    srt = np.argsort(masks[lo:hi], kind="stable")
                    order.append((lo, hi, srt, masks[lo:hi][srt]))
            flat = np.empty(len(masks), dtype=np.int32)
            ok = True
            for lo, hi, srt, sorted_masks in order:
                image = _permute_masks(masks[lo:hi], sigma)
                pos = np.searchsorted(sorted_masks, image)
                pos[pos >= hi - lo] = 0
                if hi > lo and not np.array_equal(sorted_masks[pos], image):
                    ok = False
                    break
                target = srt[pos]
                if not np.array_equal(weights[lo + target], weights[lo:hi]):
                    ok = False
                    break
                flat[lo:hi] = lo + target
            if ok:
                group.append(sigma)
                images.append(flat)
        # The identity comes first (as permutations() yields it).
        self.group = group
        self.perm = np.ascontiguousarray(np.concatenate(images), dtype=np.int32)

    def _small_symmetry(
        self, off: Any, masks: Any, weights: Any, candidates: tuple[tuple[int, ...], ...]
    ) -> None:
        """:meth:`find_symmetry` in plain Python, for the few hands of :func:`_small_arrays`:
        each candidate moves the suit lanes of every mask at once, as bytes."""
        self.group = [(0, 1, 2, 3)]
        self.perm = array("i", range(len(masks)))
        if not candidates:
            return
        raw = masks.tobytes()
        # Each player's hands by mask (two players may hold the same hand).
        index = [
            dict(zip(masks[off[p] : off[p + 1]], range(off[p], off[p + 1]), strict=True))
            for p in range(self.n)
        ]
        for sigma in candidates:
            moved = bytearray(len(raw))
            for s, t in enumerate(sigma):
                a, b = _LANE[s], _LANE[t]
                moved[b::8] = raw[a::8]
                moved[b + 1 :: 8] = raw[a + 1 :: 8]
            images = array("Q", moved)
            image: list[int] = []
            for p in range(self.n):
                lo, hi = off[p], off[p + 1]
                found: list[Any] = list(map(index[p].get, images[lo:hi]))
                if None in found or (
                    self.weighted
                    and any(
                        weights[j] != weights[i] for i, j in zip(range(lo, hi), found, strict=True)
                    )
                ):
                    break
                image += found
            else:
                self.group.append(sigma)
                self.perm.extend(image)


def _count_in_kernel(kernel: Kernel, sizes: list[int]) -> int:
    """The kernel's count of assignments (-1: past its budget) of ranges of ``sizes`` hands.
    Two ranges past the budget are counted by the cards their hands share, which takes
    seconds at the largest sizes: on the main thread, a signal stops it there and is
    raised, as in a run (``runner.run_here``)."""
    if len(sizes) != 2 or math.prod(sizes) <= _COUNT_BUDGET:
        return kernel.count_assignments(_COUNT_BUDGET)  # (20 million steps at most)
    control = Control()
    count, stopped = run_here(
        lambda: kernel.count_assignments(_COUNT_BUDGET, control.buffer), control
    )
    if stopped:
        raise control.interrupt or KeyboardInterrupt()
    assert count is not None
    return count


@cache
def _suit_perms(classes: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The suit permutations but the identity that keep every suit within its class
    (``classes[s]``: the first suit of the same signature as ``s``), in permutations() order."""
    return tuple(
        sigma
        for sigma in permutations(range(4))
        if sigma != (0, 1, 2, 3) and all(classes[sigma[s]] == classes[s] for s in range(4))
    )


def _count_joint(masks: list[list[int]], used: int) -> int:
    """Ways to give every player one of its hands (``masks``) with no card twice or in ``used``."""
    if len(masks) == 1:
        return sum(1 for m in masks[0] if not m & used)
    rest = masks[1:]
    return sum(_count_joint(rest, used | m) for m in masks[0] if not m & used)


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


def _estimate_assignments(ranges: list[Range], blocked: int) -> int:
    """Product of range sizes times the share of independent draws that do not conflict."""
    import random

    rnd = random.Random(1)
    masks = [r.masks() for r in ranges]
    ok = 0
    n = 20000
    for _ in range(n):
        used = blocked
        for ms in masks:
            m = ms[rnd.randrange(len(ms))]
            if m & used:
                break
            used |= m
        else:
            ok += 1
    return max(1, round(math.prod(len(ms) for ms in masks) * ok / n))


_KEYS: list[int] = []


def _card_keys() -> list[int]:
    """Each card's evaluator key (the kernel adds them up per hand)."""
    if not _KEYS:
        from pokercalc._eval import card_keys

        _KEYS.extend(card_keys())
    return _KEYS


def count_outcomes(
    players: Players,
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    game: str | Game = "holdem",
) -> int:
    """Valid joint assignments of the players' hands times the boards completing each.

    >>> count_outcomes("AA | KK"), count_outcomes("AA | KK", game="shortdeck")
    (61642944, 7249536)
    """
    g = _engine_game(game)
    b, d = check_board_and_dead(board, dead, game=g)
    prob = _Problem(_parse_players(players, b, d, g), b, d, g)
    return prob.count_assignments()[0] * prob.boards()


def equity(
    players: Players,
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    method: str = "auto",
    threshold: float | None = None,
    trials: int | None = None,
    time: float | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
    on_plan: Callable[[int, float], None] | None = None,
    game: str | Game = "holdem",
    executor: Any = None,
) -> EquityResult:
    """Every player's equity, win and tie rates in ``game`` (see :mod:`pokercalc.core.games`).

    ``players`` is a ``|``-separated string or a sequence of expressions or
    :class:`Range` objects.  ``method`` is ``"exact"``, ``"mc"`` or ``"auto"``,
    which enumerates when the outcomes (divided by the suit symmetries that
    merge them) are at most ``threshold`` and samples otherwise.  Monte Carlo
    stops at ``trials`` deals, ``time`` seconds or when every player's standard
    error is below ``stderr``, whichever comes first (``time`` defaults to one
    second when none is given).  ``progress`` is called with the fraction done;
    ``on_plan`` with the outcome count and the estimated seconds left, once a
    long exhaustive run has timed a random sample of its work.

    A signal (Ctrl-C, or SIGTERM where the caller turns it into
    ``KeyboardInterrupt``) stops the run within a fraction of a second and
    returns what is known, marked ``interrupted``: a Monte Carlo run its
    estimate so far with its standard errors (before its first deal: no
    equities, ``trials`` 0), an exact run the share of the work done and no
    equities (or all of them, when the enumeration had just finished as the
    signal came).  A signal while the outcomes are counted gives the players
    and no equities, as Monte Carlo when ``method`` is ``"mc"``, else as exact.

    With ``executor`` (any ``concurrent.futures.Executor``, such as
    :class:`pokercalc.pipelines.executors.LocalPool`, or a Dask ``Client``)
    the work is cut into pieces of about a second that run there, one engine
    thread each, and merge into the same result (:mod:`pokercalc.analysis.pieces`);
    Monte Carlo then needs ``trials``.
    """
    if executor is not None:
        if time is not None or stderr is not None:
            raise InputError(
                "Monte Carlo in pieces stops at a number of deals (trials), not at a time "
                "or a standard error"
            )
        from pokercalc.analysis.pieces import equity_on

        check_engine_options(
            method=method, threshold=threshold, trials=trials, seed=seed, threads=threads
        )
        return equity_on(
            executor, players, board, dead, game=game, method=method, threshold=threshold,
            trials=trials, seed=seed, progress=progress,
        )  # fmt: skip
    return _equity_run(
        players,
        board,
        dead,
        method=method,
        threshold=threshold,
        trials=trials,
        time=time,
        stderr=stderr,
        seed=seed,
        threads=threads,
        progress=progress,
        on_plan=on_plan,
        game=game,
    )[0]


def _equity_run(
    players: Players,
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    method: str = "auto",
    threshold: float | None = None,
    trials: int | None = None,
    time: float | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
    on_plan: Callable[[int, float], None] | None = None,
    game: str | Game = "holdem",
    breakdown: int | None = None,
) -> tuple[EquityResult, _Problem]:
    """:func:`equity`, and the problem it ran; with ``breakdown`` (a player's index in the
    order given) the run also tallies that player's outcomes per combo, in the problem's
    ``combo_tallies`` (the problem's ``breakdown`` is its engine position)."""
    start = _time.perf_counter()
    if method not in ("auto", "exact", "mc"):
        raise InputError(f"method must be auto, exact or mc, not {method!r}")
    g = _engine_game(game)
    b, d = check_board_and_dead(board, dead, game=g)
    check_engine_options(
        method=method, threshold=threshold, trials=trials, time=time, stderr=stderr, seed=seed,
        threads=threads,
    )  # fmt: skip
    threads = default_threads() if threads is None else threads
    limit = DEFAULT_THRESHOLD if threshold is None else threshold
    shown, order, prob = _setup(players, b, d, g, breakdown)
    try:
        result = _run(
            prob, method, limit, threads, trials, time, stderr, seed, start, progress, on_plan
        )
    except KeyboardInterrupt:
        # Stopped while planning: nothing computed yet, but the answer keeps its shape.
        result = _interrupted_plan(prob, method, threads, seed, _time.perf_counter() - start)
    return _in_given_order(result, order, shown, g), prob


def _setup(
    players: Players,
    board: tuple[int, ...],
    dead: tuple[int, ...],
    game: Game,
    breakdown: int | None = None,
) -> tuple[list[int], list[int], _Problem]:
    """The players' hand counts as shown, the engine's order of the players, and the problem.

    The engine plays the largest range last (innermost); results come back in
    the order given (:func:`_in_given_order`).
    """
    shown, ranges = _players(players, board, dead, game)
    sizes = [len(r) for r in ranges]
    biggest = len(sizes) - 1 - sizes[::-1].index(max(sizes))  # (the last of the largest)
    if breakdown is not None:
        if not 0 <= breakdown < len(ranges):
            raise InputError(
                f"no player {breakdown + 1} to break down: there are {len(ranges)} players"
            )
        biggest = _last_for_breakdown(ranges, biggest, breakdown, game)
    order = [i for i in range(len(ranges)) if i != biggest] + [biggest]
    prob = _Problem([ranges[i] for i in order], board, dead, game)
    prob.shown = [shown[i] for i in order]
    if breakdown is not None:
        prob.breakdown = order.index(breakdown)
    return shown, order, prob


def _in_given_order(
    result: EquityResult, order: list[int], shown: list[int], game: Game
) -> EquityResult:
    """``result`` (players in the engine's order) with its players in the order given."""
    players = result.players
    if result.game == game.name and order == sorted(order) and shown == [p.combos for p in players]:
        return result  # (the usual case: the largest range was given last)
    back = [0] * len(order)
    for pos, i in enumerate(order):
        back[i] = pos
    return replace(
        result,
        game=game.name,
        players=tuple(
            p if p.combos == shown[i] else replace(p, combos=shown[i])
            for i, p in ((i, result.players[back[i]]) for i in range(len(order)))
        ),
    )


def _planned_method(
    players: Players, board: tuple[int, ...], dead: tuple[int, ...], limit: float, game: Game
) -> str:
    """``"exact"`` or ``"mc"``: what :func:`equity` with method ``"auto"`` and threshold
    ``limit`` would run, decided without running it (the set-up found stays for the run)."""
    _, _, prob = _setup(players, board, dead, game)
    return _choose_method(prob, "auto", limit)[0]


def _choose_method(prob: _Problem, method: str, limit: float) -> tuple[str, int, bool]:
    """``"exact"`` or ``"mc"`` for ``method`` (``"auto"`` compares the outcomes, divided by
    the suit symmetries, with ``limit``), the outcome count and whether it is exact."""
    assignments, counted = prob.count_assignments()
    if counted and assignments == 0:
        raise CardConflictError("no deal is possible: the players' hands conflict with each other")
    outcomes = assignments * prob.boards()
    if method == "auto":
        limit /= _outcome_cost(prob)
        if outcomes <= limit:
            method = "exact"
        elif outcomes / prob.symmetry_bound() > limit:
            method = "mc"  # (known without listing a hand to search the symmetries)
        else:
            prob.find_symmetry()
            method = "exact" if outcomes / len(prob.group) <= limit else "mc"
    if method == "exact" and len(prob.group) == 1:
        prob.find_symmetry()
    return method, outcomes, counted


def _run(
    prob: _Problem,
    method: str,
    limit: float,
    threads: int,
    trials: int | None,
    time: float | None,
    stderr: float | None,
    seed: int | None,
    start: float,
    progress: Callable[[float], None] | None,
    on_plan: Callable[[int, float], None] | None,
) -> EquityResult:
    """Count the outcomes, choose the method, and run it."""
    method, outcomes, counted = _choose_method(prob, method, limit)
    if method == "exact":
        return _exhaustive(
            prob, outcomes, counted, _exact_threads(prob, outcomes, threads), start, progress,
            on_plan,
        )  # fmt: skip
    else:
        return _montecarlo(
            prob, outcomes, counted, threads, trials, time, stderr, seed, start, progress
        )


def _players(
    players: Players, board: tuple[int, ...], dead: tuple[int, ...], game: Game
) -> tuple[list[int], list[Player]]:
    """Every player's hands left after card removal (their counts, as shown) and the ranges
    the engine plays (:func:`_drop_certain_conflicts`); text parses the same every time, so
    its answer is cached."""
    if isinstance(players, str):
        shown, ranges = _players_of_text(players, board, dead, game)
    elif isinstance(players, Sequence) and all(isinstance(p, str) for p in players):
        shown, ranges = _players_of_text(tuple(players), board, dead, game)
    else:
        parsed: list[Player] = list(_parse_players(players, board, dead, game))
        return [len(r) for r in parsed], _drop_certain_conflicts(parsed)
    return list(shown), list(ranges)


@lru_cache(maxsize=256)
def _players_of_text(
    players: str | tuple[str, ...], board: tuple[int, ...], dead: tuple[int, ...], game: Game
) -> tuple[tuple[int, ...], tuple[Player, ...]]:
    """:func:`_players` of text (ranges are immutable: a cached one is safe to share)."""
    parsed: list[Player] = list(_parse_players(players, board, dead, game))
    return tuple(len(r) for r in parsed), tuple(_drop_certain_conflicts(parsed))


def _drop_certain_conflicts(ranges: list[Player]) -> list[Player]:
    """Remove from every range the combos that hit another player's one and only hand.

    Such combos can never be dealt, so removing them changes no outcome; it
    spares the enumerator dead branches and Monte Carlo rejected draws.  A
    range left with one hand makes its cards certain too, so this runs until
    nothing changes.
    """
    out = list(ranges)
    changed = True
    while changed:
        changed = False
        certain = [mask_of(r.combos[0]) if isinstance(r, Range) and len(r) == 1 else 0 for r in out]
        for i, r in enumerate(out):
            others = 0
            for j, m in enumerate(certain):
                if j != i:
                    others |= m
            if not others or len(r) == 1:
                continue
            if isinstance(r, DeckRange):
                if r.free & others:
                    out[i] = r.without(cards_of_mask(others))
                    changed = True
                continue
            if not others & _range_facts(r)[1]:
                continue
            if all(m & others for m in r.masks()):
                raise CardConflictError(
                    f"no deal is possible: every hand of {r.text!r} collides with another player's"
                )
            out[i] = r.without(cards_of_mask(others))  # (keeps the masks it found)
            changed = True
    return out


def _outcome_cost(prob: _Problem, exact: bool = True) -> float:
    """What one outcome of ``prob`` costs in hold'em outcomes: an Omaha outcome a few times
    a hold'em one, a hi/lo outcome of whole assignments (both halves for every hand) far
    more, and much less with an innermost range, or enumerated exactly with a random last
    player counted by rank classes; measured on this engine.  ``exact=False``: a Monte
    Carlo deal's cost, which rank classes do not change."""
    if exact and _random_classes(prob):
        return _RANDOM_CLASSES_COST
    if prob.game.hilo and _innermost(prob):
        return _HILO_INNERMOST_COST
    return _OUTCOME_COST.get((prob.game.forming, prob.game.hilo), 1)


def _random_classes(prob: _Problem) -> bool:
    """Whether the kernel counts the last player by rank classes (``Kernel.set_random_classes``):
    it holds every hand, the game forms hands from any cards for one pot, and its combos
    are not kept one by one for a breakdown."""
    g = prob.game
    return (
        RANDOM_CLASSES
        and prob.random_flags[-1]
        and g.forming == "any"
        and not g.hilo
        and prob.breakdown != prob.n - 1
    )


def _innermost(prob: _Problem) -> bool:
    """Whether the exhaustive run enumerates the last player innermost.

    With a big last range the kernel fixes the others, then each board, then
    runs through the last player's combos; with small ranges it enumerates
    whole assignments first.  With the whole board to come, merging boards by
    dead suits makes whole assignments cheaper than that (hold'em games):
    heads-up always (AcAs against random: 1.3 s -> 0.9 s), with more players
    for last ranges of up to MERGED_INNERMOST_MIN combos; heads-up on a flop,
    for last ranges of up to FLOP_INNERMOST_MIN.  Hi/lo, whose
    whole-assignment showdowns merge well from two cards to come, goes
    innermost there from HILO_INNERMOST_MIN combos heads-up (As2sKdQd against
    32 hands preflop: 1.9 s either way) and HILO_MULTIWAY_INNERMOST_MIN with
    more players.  A last player holding every hand in a hold'em-like game is
    counted by rank classes innermost (:func:`_random_classes`), cheaper than
    any merging: AsKs against random 0.80 s -> 0.20 s.
    """
    if _random_classes(prob):
        return True
    k = prob.game.board_cards - len(prob.board)
    least = INNERMOST_MIN
    if MERGE_SUITS and k == prob.game.board_cards and prob.game.forming == "any":
        least = MERGED_INNERMOST_MIN if prob.n > 2 else 1 << 30
    elif MERGE_SUITS and k == 2 and prob.n == 2 and prob.game.forming == "any":
        least = FLOP_INNERMOST_MIN
    elif MERGE_SUITS and prob.game.hilo and k >= 2:
        least = max(least, HILO_INNERMOST_MIN if prob.n == 2 else HILO_MULTIWAY_INNERMOST_MIN)
    return len(prob.ranges[-1]) >= least


def _exact_threads(prob: _Problem, outcomes: int, threads: int) -> int:
    """The threads an exhaustive run of ``outcomes`` uses, at most ``threads``: each gets
    PER_THREAD_MIN_OUTCOMES or more, since every thread adds to the team's start and join,
    and to the risk of waiting for one that has no core."""
    work = outcomes * _outcome_cost(prob) / len(prob.group)
    return max(1, min(threads, int(work // PER_THREAD_MIN_OUTCOMES)))


def _work_items(
    prob: _Problem,
    kernel: Any,
    want: int,
    shuffle: bool,
    outcomes: int | None = None,
    threads: int = 1,
) -> tuple[Any, bool, int]:
    """The exhaustive run's independent work items as a flat int32 array of (a, b, first)
    triples, whether the last player is enumerated innermost, and the ``nfirsts`` that
    :meth:`Kernel.work_items` was given (0, or the split by the highest new card when there
    are fewer than ``want`` items).  Given the run's ``outcomes``, items are split only into
    ones of SPLIT_MIN_OUTCOMES or more each, unless they are fewer than ``threads``."""
    k = prob.game.board_cards - len(prob.board)
    innermost = _innermost(prob)
    first_only = innermost and prob.n == 2
    items = kernel.work_items(first_only, 0, shuffle)
    # Too few work items to keep every thread busy: split each one's boards by
    # their highest new card as well.
    nfirsts = 0
    n_items = len(items) // 3
    if k > 0 and n_items < want:
        players_before_boards = prob.n - 1 if innermost else prob.n
        g = prob.game
        left = g.deck_size - len(prob.board) - len(prob.dead) - g.hole_cards * players_before_boards
        split = left - k + 1
        if (
            outcomes is None
            or n_items < threads
            or outcomes >= SPLIT_MIN_OUTCOMES * n_items * split
        ):
            nfirsts = split
            items = kernel.work_items(first_only, nfirsts, shuffle)
    return items, innermost, nfirsts


class _Plan:
    """An exhaustive run of a kernel on ``threads`` threads, prepared: its work items (the flat
    array of :func:`_work_items`, and the kernel's 2-D view of it), their ``nfirsts`` split,
    the typed kernel function (innermost or not), and the per-combo tallies
    (:func:`_combo_buffer`), the tallies and the stop flag.  A repeated small problem keeps
    it with its kernel: making it again cost a fifth of a 40 us flop spot."""

    __slots__ = ("flat", "items", "nfirsts", "run", "ctallies", "size", "tallies", "zeros",
                 "tview", "control", "cview")  # fmt: skip

    def __init__(
        self, prob: _Problem, kernel: Kernel, threads: int, big: bool, outcomes: int
    ) -> None:
        # Unweighted runs count outcomes in int64: exact at any size.
        code: Literal["d", "q"] = "d" if prob.weighted else "q"
        self.ctallies = _combo_buffer(prob, kernel, threads, code)
        self.size = size = -(-kernel.tally_size // 8) * 8 + 8  # whole cache lines per thread
        self.zeros = array(code, bytes(8 * size * threads))
        self.tallies = array(code, self.zeros)
        self.tview = memoryview(self.tallies).cast("B").cast(code, [threads, size])
        self.control = Control()
        self.cview = memoryview(self.control.buffer)
        # Items that are not the smallest of their suit-symmetry orbit return at once, so only
        # about one in len(group) works (AA | KK | QQ: 36 items, 2 doing everything): threads
        # need that many times more to share (two threads: 1.18x -> 1.98x on AA|KK|QQ|JJ).
        # One thread keeps the fewer, cheaper items (splitting costs it 6% there).
        want = 16 * threads * (len(prob.group) if threads > 1 else 1)
        self.flat, innermost, self.nfirsts = _work_items(prob, kernel, want, big, outcomes, threads)
        n_items = len(self.flat) // 3
        self.items = memoryview(self.flat).cast("B").cast("i", [max(n_items, 1), 3])[:n_items]
        # The typed version by name: the fused-type dispatcher would import numpy to inspect
        # its arguments (tests/test_startup.py).
        self.run = (kernel.exhaustive_last if innermost else kernel.exhaustive)[
            "double" if prob.weighted else "int64_t"
        ]

    def reset(self) -> None:
        """Zero the tallies and the stop flag for another run (in place: the kernel's views of
        them stay valid)."""
        self.tallies[:] = self.zeros
        self.control.buffer[0] = self.control.buffer[1] = 0
        self.control.interrupt = None


def _exhaustive(
    prob: _Problem,
    outcomes: int,
    counted: bool,
    threads: int,
    start: float,
    progress: Callable[[float], None] | None,
    on_plan: Callable[[int, float], None] | None = None,
) -> EquityResult:
    if outcomes * (2 * _units(prob) if prob.game.hilo else 1) >= MAX_EXACT_OUTCOMES:
        raise InputError(
            f"{outcomes:.3g} outcomes are too many to count exactly; use Monte Carlo (--mc)"
        )
    # A long run takes its work in a fixed random order, so that any prefix is
    # a fair sample for the time estimate; tallies do not depend on the order.
    # An estimated count is one whose counting passed its budget of steps: the enumeration
    # takes at least as many (ranges that conflict in almost every assignment can take
    # minutes to find a few outcomes), so it runs as a long run, which a signal stops.
    big = outcomes / len(prob.group) >= 2_000_000 or not counted
    # A small run without a breakdown borrows the kernel and prepared run of the same
    # problem's last run; a big one reorders its items (_largest_first), so it makes its own.
    lent = prob.breakdown is None and not big
    kernel, runs = prob.lend_kernel() if lent else (prob.kernel(), {})
    if prob.breakdown is not None and outcomes * len(prob.group) >= MAX_EXACT_OUTCOMES:
        raise InputError(
            f"{outcomes:.3g} outcomes are too many to break down exactly; use Monte Carlo (--mc)"
        )
    # (keyed by what shapes the items: the settings that choose the innermost player change
    # in tests)
    shape = (threads, _innermost(prob))
    plan = runs.get(shape)
    if plan is None:
        plan = runs[shape] = _Plan(prob, kernel, threads, big, outcomes)
    else:
        plan.reset()
    iview, tallies, control, size = plan.items, plan.tallies, plan.control, plan.size
    n_items = len(iview)

    def poll() -> None:
        if progress:
            progress(min(1.0, control.done / max(n_items, 1)))

    def run_range(lo: int, hi: int) -> bool:
        """Run items lo..hi on a worker thread; True when a signal stopped it."""
        if hi <= lo:
            return False
        if not big:
            # A small run takes milliseconds: no worker thread (it would cost
            # more than the run); a signal is handled as soon as it returns.
            plan.run(iview if hi - lo == n_items else iview[lo:hi], plan.tview, plan.ctallies,
                     threads, plan.cview)  # fmt: skip
            return False
        _, stopped = run_here(
            lambda: plan.run(iview[lo:hi], plan.tview, plan.ctallies, threads, plan.cview),
            control,
            on_poll=poll,
        )
        if control.buffer[0] < 0:
            raise InternalError("the enumeration ran out of memory on a thread")
        return stopped

    interrupted = False
    done = 0
    if big and on_plan is not None and n_items > 1:
        # Sample a growing prefix of the shuffled work until it takes a
        # measurable time, then extrapolate; the sample's tallies are kept.
        t0 = _time.perf_counter()
        step = max(threads, n_items // 4096)
        while done < n_items and _time.perf_counter() - t0 < SAMPLE_SECONDS and not interrupted:
            hi = min(n_items, done + step)
            interrupted = run_range(done, hi)
            done = hi
            step *= 2
        if not interrupted and done < n_items:
            spent = _time.perf_counter() - t0
            on_plan(outcomes, spent * (n_items - done) / done)
    # A signal raised here once the enumeration is whole (a small run's kernel ran on this
    # thread, which sees the signal only when it returns; or it came while the result was
    # made) keeps the finished result, marked interrupted: it had cost all of the run.
    late = False
    if not interrupted:
        if plan.nfirsts and big:
            _largest_first(plan.flat, done)
        try:
            interrupted = run_range(done, n_items)
        except KeyboardInterrupt:
            interrupted = True
    if interrupted and 0 < n_items <= control.done:
        # Every item counted, none cut short (the kernel counts an item only when it ran
        # to its end): the enumeration is whole.
        interrupted, late = False, True
    if progress and not interrupted:
        progress(1.0)
    elapsed = _time.perf_counter() - start
    if interrupted:
        return _interrupted_exact(prob, outcomes, counted, threads, elapsed, control.done, n_items)

    def made() -> EquityResult:
        if prob.weighted:
            sums: list[Any] = [
                math.fsum(tallies[t * size + j] for t in range(threads)) for j in range(size)
            ]
        else:
            sums = _row_sums(tallies, threads, size)
        if sums[kernel.tally_size - 1] == 0:
            raise CardConflictError(
                "no deal is possible: the players' hands conflict with each other"
            )
        _keep_combo_tallies(prob, plan.ctallies)
        return _exact_result(prob, sums, kernel.tally_size, kernel.units, outcomes, counted,
                             threads, elapsed)  # fmt: skip

    try:
        result = made()
    except KeyboardInterrupt:
        late = True
        result = made()  # (made of the kept tallies again; a second signal stops it)
    if lent:
        prob.give_back(kernel, runs)
    return replace(result, interrupted=True) if late else result


def _row_sums(flat: array[int], rows: int, size: int) -> list[int]:
    """The column sums of ``rows`` rows of ``size`` integer tallies (one row per thread).
    Row by row: a sum per tally over the rows cost a 36 us spot 5 us on two threads."""
    sums = flat[:size].tolist()
    for r in range(1, rows):
        sums = list(map(operator.add, sums, flat[r * size : (r + 1) * size]))
    return sums


def _largest_first(flat: Any, done: int) -> None:
    """Put the work items after the first ``done`` in order of their highest new board card,
    highest first: an item's boards are those below its card, so the biggest items start
    first and the threads end together.  (The shuffled order the time estimate samples from
    left AsKs against random on two threads idle 11 % of the time: 1.72x over one thread.)
    Only items split by that card, a few thousand at most, are sorted (in place: the
    kernel's views of ``flat`` forbid resizing it)."""
    from pokercalc.core import _engine

    _engine.largest_first(flat, done)


def _exact_result(
    prob: _Problem,
    sums: list[Any],
    tally_size: int,
    units: int,
    outcomes: int,
    counted: bool,
    threads: int,
    elapsed: float,
) -> EquityResult:
    """An exact result from the kernel's tallies summed over threads or pieces: per player
    its outcomes by split size (or hi/lo units), then the outcomes, then the showdowns."""
    n = prob.n
    total = sums[tally_size - 1]
    if total == 0:
        raise CardConflictError("no deal is possible: the players' hands conflict with each other")
    players: list[PlayerResult] = []
    low_possible = None
    if prob.game.hilo:
        players, low_possible = _hilo_exact(prob, sums, total, units)
    # Shares of a k-way split in units of 1/lcm(1..n): one exact fraction at the end.
    units, shares = _split_shares(n) if not prob.game.hilo else (units, ())
    for p, r in enumerate(prob.ranges if not prob.game.hilo else ()):
        # (outcomes won as one of k winners, k = 1 .. n; slot 0, the losses, is left out)
        row, shown = sums[p * (n + 1) + 1 : (p + 1) * (n + 1)], prob.shown[p]
        if not prob.weighted:
            # (int / int is correctly rounded: the float of the exact fraction)
            num, den = sum(map(operator.mul, row, shares)), units * total
            wins, ties = row[0], sum(row) - row[0]
            players.append(
                PlayerResult.of_fields(
                    {
                        "label": r.text,
                        "combos": shown,
                        "equity": num / den,
                        "win": wins / total,
                        "tie": ties / total,
                        "equity_fraction": (num, den),
                        "wins": wins,
                        "ties": ties,
                    }
                )
            )
        else:
            eq_f = math.fsum(x / k for k, x in enumerate(row, 1)) / total
            players.append(
                PlayerResult.of_fields(
                    {
                        "label": r.text,
                        "combos": shown,
                        "equity": eq_f,
                        "win": row[0] / total,
                        "tie": math.fsum(row[1:]) / total,
                    }
                )
            )
    if not prob.weighted and counted and total != outcomes:
        raise InternalError(
            f"the enumeration counted {total} outcomes where {outcomes} were expected; "
            "please report this input"
        )
    played = int(sums[tally_size])
    if not prob.weighted and not counted:
        # The count was estimated up front; the enumeration has now counted exactly.
        outcomes, counted = int(total), True
    fields = _exact_fields(prob, outcomes, counted, threads, elapsed)
    fields["players"] = tuple(players)
    fields["showdowns"] = played
    fields["interrupted"] = False
    fields["low_possible"] = low_possible
    return EquityResult.of_fields(fields, cards_ready=True)


def _last_for_breakdown(ranges: list[Player], biggest: int, breakdown: int, game: Game) -> int:
    """The player to enumerate innermost when ``breakdown``'s tallies are kept per combo.

    Heads-up, and in Omaha games (where valuing a hand costs far more than
    counting it), the largest range stays innermost.  With three or more
    players in the hold'em games, a broken-down player innermost would add a
    counter update per combo and board to the tightest loop, so the largest of
    the other ranges goes innermost instead, when it is big enough for that
    loop (4 combos): a broken-down player among the others costs one update per
    assignment.
    """
    if biggest != breakdown or len(ranges) == 2 or game.hole_cards != 2:
        return biggest
    others = [i for i in range(len(ranges)) if i != breakdown]
    alt = max(others, key=lambda i: (len(ranges[i]), i))
    return alt if len(ranges[alt]) >= 4 else biggest


def _combo_buffer(prob: _Problem, kernel: Kernel, threads: int, code: Literal["d", "q"]) -> Any:
    """Per-thread rows for the broken-down player's per-combo tallies (one slot when none),
    padded to whole cache lines; int64 (``"q"``) or float64 (``"d"``).  A plain buffer, not
    numpy: a run without a breakdown does not import numpy (tests/test_startup.py)."""
    cols = 1
    if prob.breakdown is not None:
        stride = kernel.set_breakdown(prob.breakdown)
        off = prob.arrays(prob._listed)[0]
        cols = int(off[prob.breakdown + 1] - off[prob.breakdown]) * stride
    cols = -(-cols // 8) * 8 + 8
    return memoryview(array(code, bytes(8 * threads * cols))).cast("B").cast(code, [threads, cols])


def _keep_combo_tallies(prob: _Problem, buffer: Any) -> None:
    """Sum the threads' per-combo rows into ``prob.combo_tallies``, spread over the suit
    symmetries.

    The kernel keeps an orbit's outcomes at its representative's combo only.
    Counting each row once per symmetry, at the combo the symmetry maps it to,
    and dividing by the number of symmetries gives every combo its own
    outcomes (the division is exact: an orbit of an assignment fixed by ``s``
    symmetries was weighted by the orbit's size, ``ng / s``).
    """
    bp = prob.breakdown
    if bp is None:
        return
    import numpy as np

    off = prob.arrays(prob._listed)[0]
    lo, hi = int(off[bp]), int(off[bp + 1])
    stride = prob.n + 1 if not prob.game.hilo else 7
    rows = np.asarray(buffer).sum(axis=0)[: (hi - lo) * stride].reshape(hi - lo, stride)
    ng = len(prob.group)
    if ng > 1:
        perm = np.asarray(prob.perm).reshape(ng, -1)[:, lo:hi] - lo
        spread = np.zeros_like(rows)
        for g in range(ng):
            spread[perm[g]] += rows
        if rows.dtype == np.int64:
            if np.any(spread % ng):
                raise InternalError("per-combo tallies do not spread evenly over the symmetries")
            rows = spread // ng
        else:
            rows = spread / ng
    prob.combo_tallies = rows


@lru_cache(maxsize=64)
def _split_shares(n: int) -> tuple[int, tuple[int, ...]]:
    """The units of a pot, LCM(1..n), and a k-way winner's share of it for k = 1..n."""
    units = math.lcm(*range(1, n + 1))
    return units, tuple(units // k for k in range(1, n + 1))


@lru_cache(maxsize=256)
def _card_objects(cards: tuple[int, ...]) -> tuple[Card, ...]:
    """Card indices as the :class:`Card` objects results hold (a spot asked again asks the
    same)."""
    return cards_of(cards)


def _exact_fields(
    prob: _Problem, outcomes: int, counted: bool, threads: int, elapsed: float
) -> dict[str, Any]:
    """The fields every exact result has, finished or interrupted (cards as Card objects)."""
    return {
        "game": prob.game.name,
        "method": "exact",
        "board": _card_objects(prob.board),
        "dead": _card_objects(prob.dead),
        "outcomes": outcomes,
        "outcomes_exact": counted,
        "symmetry": len(prob.group),
        "trials": None,
        "seed": None,
        "threads": threads,
        "elapsed": elapsed,
    }


#: Relative cost of an exact outcome by how a game forms hands and whether it is hi/lo (the
#: rest cost 1), for ``auto``.
_OUTCOME_COST = {(TWO_PLUS_THREE, False): 4, (TWO_PLUS_THREE, True): 40}
#: ... and of a hi/lo outcome with the last range innermost (AsKs2d3c against random on
#: Qs7h4c: 104 million outcomes a second, Omaha high 141 million).
_HILO_INNERMOST_COST = 6
#: ... and of an outcome whose random last player is counted by rank classes (AsKs against
#: random preflop: 2.1 billion outcomes in 0.20 s, 0.80 s merged; JcJh | 99+,AJs+ | random on
#: 4dAc5d: 19 ms, 59 ms combo by combo).
_RANDOM_CLASSES_COST = 0.25


def _units(prob: _Problem) -> int:
    """Hi/lo: the units of a half pot, LCM(1..n), so that every split of it is whole."""
    return math.lcm(*range(1, prob.n + 1))


def _hilo_exact(
    prob: _Problem, sums: list[Any], total: Any, units: int
) -> tuple[list[PlayerResult], float]:
    """Hi/lo players from exhaustive tallies (per player: scoops, part pots, high, low and
    no-low units; then the outcomes whose board allows a low)."""
    from pokercalc.core import _engine

    n, w, out = prob.n, prob.weighted, []
    for p, r in enumerate(prob.ranges):
        at = _engine.player_slot(p, n, True)
        scoops, parts, hi, lo, nolow = sums[at : at + 5]
        shown = prob.shown[p]
        num, den = hi + lo + nolow, 2 * units * total
        out.append(
            PlayerResult.of_fields(
                {
                    "label": r.text,
                    "combos": shown,
                    "equity": num / den,  # (int / int: the float of the exact fraction)
                    "win": scoops / total,
                    "tie": parts / total,
                    "equity_fraction": None if w else (num, den),
                    "wins": None if w else scoops,
                    "ties": None if w else parts,
                    "scoop": scoops / total,
                    "high_share": hi / (units * total),
                    "low_share": lo / (units * total),
                }
            )
        )
    return out, sums[_engine.low_board_slot(n)] / total


def _without_equities(prob: _Problem) -> tuple[PlayerResult, ...]:
    """Every player of ``prob`` with its combos and no equities (a run that estimates
    nothing: an exact run cut short, a Monte Carlo run before its first deal)."""
    return tuple(
        PlayerResult(label=r.text, combos=shown, equity=None, win=None, tie=None)
        for r, shown in zip(prob.ranges, prob.shown, strict=True)
    )


def _interrupted_exact(
    prob: _Problem,
    outcomes: int,
    counted: bool,
    threads: int,
    elapsed: float,
    done: int,
    n_items: int,
) -> EquityResult:
    """An exact run stopped part way: how far it got, and no equities (a part of an
    enumeration is not a sample of it)."""
    players = _without_equities(prob)
    return EquityResult(
        **_exact_fields(prob, outcomes, counted, threads, elapsed),
        players=players,
        showdowns=0,
        interrupted=True,
        done_fraction=done / max(n_items, 1),
    )


def _alias(weights: Sequence[float]) -> tuple[list[float], list[int]]:
    """Walker's alias table: draw i uniformly, keep it with probability p[i], else take alias[i]."""
    n = len(weights)
    total = math.fsum(weights)
    scaled = [w * n / total for w in weights]
    prob_p = [1.0] * n
    alias = list(range(n))
    small = [i for i, x in enumerate(scaled) if x < 1.0]
    large = [i for i, x in enumerate(scaled) if x >= 1.0]
    while small and large:
        s, g = small.pop(), large.pop()
        prob_p[s], alias[s] = scaled[s], g
        scaled[g] -= 1.0 - scaled[s]
        (small if scaled[g] < 1.0 else large).append(g)
    return prob_p, alias


def _alias_tables(prob: _Problem) -> tuple[array[float], array[int]]:
    """Alias tables per player, so a weighted combo costs two random numbers."""
    aprob = array("d")
    aidx = array("i")
    off, *_, weights = prob.arrays(prob._listed)
    for p in range(prob.n):
        lo, hi = int(off[p]), int(off[p + 1])
        if prob.random_flags[p] or not prob.weighted:
            # Equal weights: every probability 1, so the kernel never reads an alias; a
            # random player's entries are not read at all (it is dealt from the deck), and
            # in Omaha it may list over a million hands (a second of _alias here).
            aprob.extend(array("d", [1.0]) * (hi - lo))
            aidx.frombytes(bytes(4 * (hi - lo)))
            continue
        pr, a = _alias(weights[lo:hi].tolist())
        aprob.extend(pr)
        aidx.extend(a)
    # The kernel reads a first entry even when every player is dealt from the deck.
    return aprob or array("d", [1.0]), aidx or array("i", [0])


#: Monte Carlo lists the non-random players' joint assignments when at most this many.
JOINT_LIMIT = 100_000


def _joint_tables(prob: _Problem, kernel: Kernel) -> tuple[array[int], array[float], array[int]]:
    """Every valid joint assignment of the non-random players with an alias table over
    their weight products, when there are two or more such players and few assignments."""
    fixed = [p for p, rnd in enumerate(prob.random_flags) if not rnd]
    empty = (array("i"), array("d"), array("i"))
    if len(fixed) < 2:
        return empty
    joint = kernel.joint_assignments(JOINT_LIMIT, _COUNT_BUDGET)
    if joint is None or len(joint) == 0:
        return empty
    import numpy as np

    k = len(fixed)
    rows = np.frombuffer(joint, dtype=np.int32).reshape(-1, k)
    weights = np.prod(np.asarray(prob.cw)[rows], axis=1).tolist()
    p, a = _alias(weights)
    return joint, array("d", p), array("i", a)


def _block_states(seed: int, first: int, count: int) -> array[int]:
    """Generator rows for Monte Carlo blocks ``first .. first + count - 1``.

    Block ``j`` seeds its xoshiro256** state with outputs ``4j .. 4j + 3`` of
    splitmix64 over ``seed`` (the seeding its authors recommend); output ``i``
    is a closed form of ``seed + (i + 1) * golden``, so any block's stream is
    found without running the ones before it.  A row is 16 words (the state,
    then padding): threads never share a cache line of generator state.
    """
    mask = (1 << 64) - 1
    out = array("Q", bytes(8 * 16 * count))
    for b in range(count):
        for w in range(4):
            z = (seed + (4 * (first + b) + w + 1) * 0x9E3779B97F4A7C15) & mask
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            out[16 * b + w] = z ^ (z >> 31)
    return out


#: Deals in one Monte Carlo block, the unit of sampling work: block ``j`` of a run
#: draws from its own stream (:func:`_block_states`), so a seed and a trial count give
#: the same deals however the blocks are spread over threads, processes or machines.
MC_BLOCK = 1 << 14


def mc_blocks(trials: int) -> int:
    """Blocks of a run of ``trials`` deals (the last one may be short)."""
    return -(-trials // MC_BLOCK)


class _Sampler:
    """A Monte Carlo problem ready to run blocks: kernel, draw tables and count rows.

    Counts are integers summed over the threads' rows, so they depend on which
    blocks ran, never on the thread that ran them.
    """

    def __init__(self, prob: _Problem, threads: int) -> None:
        bp = prob.breakdown
        if bp is not None and prob.random_flags[bp]:
            # The broken-down player is drawn from its listed combos (which is exact, as
            # _mc says), so that every deal names its combo.
            prob.random_flags[bp] = False
            prob.is_random[bp] = 0
        self.prob = prob
        self.threads = threads
        list_random = bp is not None and isinstance(prob.ranges[bp], DeckRange)
        for r in prob.ranges if list_random else ():
            # (said here: the listing's own refusal advises Monte Carlo, which this is)
            if isinstance(r, DeckRange) and len(r) > MAX_LISTED_HANDS:
                raise InputError(
                    f"{r.text!r} holds {len(r):,} hands, too many to list one by one as a "
                    "breakdown needs (--breakdown, --distribution); run without one"
                )
        self.kernel = kernel = prob.kernel(list_random=list_random)
        self.aprob, self.aidx = _alias_tables(prob)
        self.joint, self.jprob, self.jalias = _joint_tables(prob, kernel)
        self.boards, self.group = _clusters(prob, len(self.jprob))
        self.classes = _mc_classes(prob)
        self._units = _share_units(prob.n)
        #: whether the kernel deals in clusters (Kernel.set_clusters)
        self.clustered = self.boards > 1 or self.group > 1 or self.classes != tuple(range(prob.n))
        # Each thread's counts get cache lines of their own: sharing one would make the
        # cores fight over it on every deal.
        self.size = -(-kernel.mc_size // 8) * 8 + 8  # see Kernel.mc_size; padded
        self.counts = array("q", bytes(8 * self.size * threads))
        self.cview = memoryview(self.counts).cast("B").cast("q", [threads, self.size])
        # The run's counts, folded in from the threads' rows after every call: Python's
        # integers cannot overflow, however long the run (squared shares grow fast).
        self.sums = [0] * kernel.mc_size
        self.ccounts = _combo_buffer(prob, kernel, threads, "q")
        self.control = Control()
        self.ctl = memoryview(self.control.buffer)
        #: deals asked for so far (accepted ones are counted by the kernel)
        self.asked = 0

    def run(self, seed: int, first: int, count: int, trials: int | None = None) -> None:
        """Run blocks ``first .. first + count - 1`` of a run of ``trials`` deals (None: no
        end), adding to the counts; the run's last block is short when ``trials`` says so."""
        full = count
        last = 0
        if trials is not None:
            end = mc_blocks(trials)
            if first + count > end:
                raise ValueError("blocks past the end of the run")
            if first + count == end and trials % MC_BLOCK:
                full, last = count - 1, trials % MC_BLOCK
        k = self.kernel
        for lo, n, per in self._calls(first, full, last):
            if self.clustered:
                # (a block's clusters follow from its index and length: a seed and a trial
                # count deal the same cards however the blocks are run)
                deals = -(-per // self.boards)
                size = min(self.group, -(-deals // _clusters_in_block(lo)))
                k.set_clusters(self.boards, size, self._units, array("B", self.classes))
            rng = _block_states(seed, lo, n)
            rview = memoryview(rng).cast("B").cast("Q", [n, 16])
            k.montecarlo(self.aprob, self.aidx, self.joint, self.jprob, self.jalias, rview, per,
                         self.cview, self.ccounts, n, self.threads, self.ctl)  # fmt: skip
            self.asked += n * per
            rows = _row_sums(self.counts, self.threads, self.size)
            self.sums = list(map(operator.add, self.sums, rows))
            self.counts[:] = array("q", bytes(8 * len(self.counts)))

    def _calls(self, first: int, full: int, last: int) -> list[tuple[int, int, int]]:
        """(first block, blocks, deals a block) of each kernel call running ``full`` whole
        blocks from ``first`` on and a last one of ``last`` deals (if not 0): cut where
        the clusters a block takes change, and where a call's cluster sums would outgrow
        64 bits (Kernel.cluster_slots; thousands of blocks, a batch of many cores)."""
        calls = []
        end = first + full
        cuts = [b for b in _CLUSTER_STEPS if first < b < end] if self.group > 1 else []
        most = full or 1
        if self.clustered:
            most = self.kernel.cluster_slots(MC_BLOCK, self.group * self.boards, self._units)
        for lo, hi in pairwise([first, *cuts, end]):
            for at in range(lo, hi, most):
                calls.append((at, min(most, hi - at), MC_BLOCK))
        if last:
            calls.append((end, 1, last))
        return calls

    def totals(self) -> list[int]:
        """The counts so far (the threads' rows summed): :attr:`Kernel.mc_size` of them."""
        return self.sums[:]

    @property
    def deals_at(self) -> int:
        """Where the accepted deals are counted in :meth:`totals`."""
        return self.kernel.tally_size - 1


# Boards dealt to each deal of the hands in a many-way hold'em pot (see _clusters).
MC_BOARDS = 3


# The most deals of the hands in a cluster whose joint-table rows are drawn evenly.
MC_GROUP = 4096
# The fewest clusters a run's standard error stops it on (--stderr).
MC_CLUSTERS = 32
# Where the clusters a block is cut into change: 16 in blocks 0 and 1, then 8, 4 and 2.
_CLUSTER_STEPS = (2, 8, 32)


def _clusters_in_block(block: int) -> int:
    """How many clusters block ``block`` of a run is cut into, at least (a cluster takes
    at most MC_GROUP deals).  Many in the first blocks, so that a short run still has the
    clusters its standard error is estimated from; few later, as larger clusters spread
    the rows more evenly.  The clusters of different sizes are independent and each is
    unbiased, which is all the clustered standard error needs."""
    for n, step in zip((16, 8, 4), _CLUSTER_STEPS, strict=True):
        if block < step:
            return n
    return 2


def _clustering(prob: _Problem) -> bool:
    """Whether Monte Carlo can deal ``prob`` in clusters (Kernel.set_clusters): the
    hold'em-like games up to MC_WM_PLAYERS players, no breakdown."""
    return prob.game.forming == "any" and prob.breakdown is None and prob.n <= 10


def _mc_classes(prob: _Problem) -> tuple[int, ...]:
    """Per player, the first player exchangeable with it in Monte Carlo (itself if none).

    Players dealt the same distribution of hands (every random one; ranges of the same
    hands and weights) have the same equity, and the mean of their shares estimates it
    with far less variance than any one share: their shares add up to what the others
    lose (five random hands against JcJh, 8s7s and two ranges on 4dAc5d: 10 to 17
    times the precision a second each).  So the kernel sums a class's shares before
    squaring them, and each member reports the class's mean: unbiased, as every
    member's share is, and the equities of players who are alike come out alike, as
    exact enumeration gives them.
    """
    if not _clustering(prob):
        return tuple(range(prob.n))
    first: dict[Any, int] = {}
    out = []
    for p, r in enumerate(prob.ranges):
        if isinstance(r, DeckRange):
            key: Any = ("deck", r.hole_cards, r.free)
        else:
            key = ("range", tuple(sorted(zip(r.combos, r.weights, strict=True))))
        out.append(first.setdefault(key, p))
    return tuple(out)


def _clusters(prob: _Problem, joint_rows: int) -> tuple[int, int]:
    """Monte Carlo's boards to each deal of the players' hands, and the most deals a
    cluster.

    Dealing the hands is about half a deal's cost once three or more players'
    hands vary, while the board carries most of each player's variance (the
    kernel's ``_mc_boards`` says how much), so several boards a deal buy
    more precision a second.  With a joint table the deals of a cluster take
    its rows evenly, which takes the spread of the ranged players' own hands
    out of their variance: a cluster of twice as many deals as rows gives
    every row about its share (nine players on 4dAc5d, 1,200 rows: 99+,AJs+
    2.0 times the precision a second of three boards a deal alone,
    QQ+,AQs+,AQo+ 1.5 times at 1,024 deals and 1.8 at 2,048, the others 1.1
    to 1.3).  The standard error is then a clustered sample's, estimated
    from the clusters (:func:`_clusters_in_block` cuts each block).  The
    kernel does this in the hold'em-like games up to MC_WM_PLAYERS players
    with no breakdown (elsewhere one board a deal).
    """
    if not _clustering(prob):
        return 1, 1
    varied = sum(1 for p in range(prob.n) if prob.random_flags[p] or prob.shown[p] > 1)
    per_deal = MC_BOARDS if varied >= 3 else 1
    if per_deal == 1 or joint_rows < 2:
        return per_deal, 1
    return per_deal, min(MC_GROUP, 2 * joint_rows)


@cache
def _share_units(n: int) -> int:
    """Units of one board's share among ``n`` players: every split of it whole."""
    return math.lcm(*range(1, n + 1))


def _montecarlo(
    prob: _Problem,
    outcomes: int,
    counted: bool,
    threads: int,
    trials: int | None,
    time: float | None,
    stderr: float | None,
    seed: int | None,
    start: float,
    progress: Callable[[float], None] | None,
) -> EquityResult:
    if trials is None and time is None and stderr is None:
        time = DEFAULT_TIME
    seed = new_seed() if seed is None else seed
    try:
        sampler = _Sampler(prob, threads)
    except KeyboardInterrupt:
        # Stopped while its tables were drawn: a Monte Carlo run all the same, with no deal.
        return _mc_no_deal(prob, outcomes, counted, threads, seed, _time.perf_counter() - start)
    n, units = prob.n, sampler.kernel.units
    from pokercalc.core import _engine

    def stats(sums: list[int]) -> list[tuple[float | None, ...]]:
        if prob.game.hilo:
            return _hilo_mc_stats(sums, n, units)
        return list(_mc_stats(sums, n, sampler.classes))

    # Monte Carlo runs on this thread in batches of blocks of at most about 0.1 s, so a
    # signal is handled between two batches; the flag stays clear.
    end = mc_blocks(trials) if trials is not None else None
    done = 0  # blocks run
    batch = threads  # blocks; doubles until a batch takes about 50 ms
    interrupted = False
    deadline = None if time is None else start + time
    try:
        while end is None or done < end:
            step = batch if end is None else min(batch, end - done)
            t0 = _time.perf_counter()
            sampler.run(seed, done, step, trials)
            spent = _time.perf_counter() - t0
            done += step
            _check_accepted(sampler)
            now = _time.perf_counter()
            if progress:
                fracs = [done / end if end else 0.0, (now - start) / time if time else 0.0]
                progress(min(1.0, max(fracs)))
            if deadline is not None and now >= deadline:
                break
            sums = sampler.totals()
            now_stats = stats(sums) if stderr is not None else []
            if stderr is not None and _mc_converged(now_stats, stderr):
                # (a clustered run's standard error needs its clusters to be believed)
                clusters = 0 if prob.game.hilo else sums[_engine.cluster_slot(n, False)]
                if clusters == 0 or clusters >= MC_CLUSTERS:
                    break
            if spent < 0.05:
                batch *= 2
            if stderr is not None:
                # Standard errors fall as one over the root of the deals: a batch need not
                # take many more than the target asks (AsKs | QQ to 0.001: 491,520 deals
                # where about 250,000 did).
                ses = [se for *_, se in now_stats]
                known = [se for se in ses if se is not None]
                worst = max(known) if known and len(known) == len(ses) else None
                batch = min(batch, max(threads, blocks_to_target(worst, stderr, done)))
            if deadline is not None and spent > 0:
                # Do not overshoot the time budget by much on the last batch.
                batch = max(1, min(batch, int((deadline - now) / (spent / step)) + 1))
    except KeyboardInterrupt:
        interrupted = True

    def made(interrupted: bool) -> EquityResult:
        _keep_combo_tallies(prob, sampler.ccounts)
        elapsed = _time.perf_counter() - start
        return _mc_result(
            prob, sampler.totals(), units, outcomes, counted, threads, seed, elapsed,
            interrupted, trials, time,
        )  # fmt: skip

    try:
        return made(interrupted)
    except KeyboardInterrupt:
        # A signal while the result was made: its deals are counted, so it is made again,
        # marked interrupted (a second signal stops it).
        return made(True)


def _check_accepted(sampler: _Sampler) -> None:
    """Refuse ranges whose deals a block gave up on: they conflict in almost every draw."""
    if sampler.totals()[sampler.deals_at] < sampler.asked:
        # Advice that holds: exact enumeration only where its count is known (it can be none).
        text = "the players' ranges conflict in almost every deal, too often to sample"
        assignments, counted = sampler.prob.count_assignments()
        if counted:
            outcomes = assignments * sampler.prob.boards()
            text += f"; exact enumeration has {outcomes:,} outcomes to count"
        else:
            text += "; narrow them: exact enumeration could not count their deals either"
        raise InputError(text)


def _mc_result(
    prob: _Problem,
    sums: list[int],
    units: int,
    outcomes: int,
    counted: bool,
    threads: int,
    seed: int,
    elapsed: float,
    interrupted: bool,
    trials: int | None,
    time: float | None,
) -> EquityResult:
    """A Monte Carlo result from its integer counts (summed over threads or pieces)."""
    from pokercalc.core import _engine

    n = prob.n
    m = sums[_engine.total_slot(n, prob.game.hilo)]
    if m == 0:
        if interrupted:
            return _mc_no_deal(prob, outcomes, counted, threads, seed, elapsed)
        raise InputError("no deal was possible: the players' hands conflict with each other")
    if prob.game.hilo:
        players = tuple(
            PlayerResult(
                label=r.text,
                combos=shown,
                equity=eq,
                win=win,
                tie=tie,
                scoop=win,
                high_share=hi,
                low_share=lo,
                stderr=se,
            )
            for r, shown, (eq, win, tie, hi, lo, se) in zip(
                prob.ranges, prob.shown, _hilo_mc_stats(sums, n, units), strict=True
            )
        )
    else:
        players = tuple(
            PlayerResult(label=r.text, combos=shown, equity=eq, win=win, tie=tie, stderr=se)
            for r, shown, (eq, win, tie, se) in zip(
                prob.ranges, prob.shown, _mc_stats(sums, n, _mc_classes(prob)), strict=True
            )
        )
    return EquityResult(
        **_mc_fields(prob, outcomes, counted, threads, seed, elapsed),
        players=players,
        trials=m,
        showdowns=m,
        interrupted=interrupted,
        done_fraction=_mc_done_fraction(m, trials, elapsed, time) if interrupted else 1.0,
        low_possible=sums[_engine.low_board_slot(n)] / m if prob.game.hilo else None,
    )


def _mc_fields(
    prob: _Problem, outcomes: int, counted: bool, threads: int, seed: int, elapsed: float
) -> dict[str, Any]:
    """The fields every Monte Carlo result of ``prob`` shares, counts and equities aside."""
    return {
        "game": prob.game.name,
        "method": "mc",
        "board": cards_of(prob.board),
        "dead": cards_of(prob.dead),
        "outcomes": outcomes,
        "outcomes_exact": counted,
        "symmetry": 1,
        "seed": seed,
        "threads": threads,
        "elapsed": elapsed,
    }


def _mc_no_deal(
    prob: _Problem, outcomes: int, counted: bool, threads: int, seed: int, elapsed: float
) -> EquityResult:
    """A Monte Carlo run stopped before its first deal was counted: the players and the
    seed, and no equities (no deal estimates nothing)."""
    players = _without_equities(prob)
    return EquityResult(
        **_mc_fields(prob, outcomes, counted, threads, seed, elapsed),
        players=players,
        trials=0,
        showdowns=0,
        interrupted=True,
        done_fraction=0.0,
    )


def _interrupted_plan(
    prob: _Problem, method: str, threads: int, seed: int | None, elapsed: float
) -> EquityResult:
    """A run stopped while it counted its outcomes and chose its method: Monte Carlo
    when ``method`` asked for it, else an exact run with nothing done (``"auto"`` had not
    chosen yet)."""
    if method == "mc":
        return _mc_no_deal(prob, 0, False, threads, new_seed() if seed is None else seed, elapsed)
    return _interrupted_exact(prob, 0, False, threads, elapsed, 0, 1)


def _mc_done_fraction(deals: int, trials: int | None, elapsed: float, time: float | None) -> float:
    """How far an interrupted Monte Carlo run got toward its trial count or time budget."""
    fracs = [deals / trials if trials else 0.0, elapsed / time if time else 0.0]
    return min(1.0, max(fracs))


def _hilo_mc_stats(sums: list[int], n: int, units: int) -> list[tuple[float | None, ...]]:
    """Hi/lo Monte Carlo per player: equity, scoop and part-pot rates, high and low shares,
    and the equity's standard error from the squared units of each deal's share."""
    from pokercalc.core import _engine

    m = sums[_engine.total_slot(n, True)]
    out: list[tuple[float | None, ...]] = []
    for p in range(n):
        at = _engine.player_slot(p, n, True)
        scoops, parts, hi, lo, nolow, squares = sums[at : at + 6]
        if m == 0:
            out.append((0.0, 0.0, 0.0, 0.0, 0.0, None))
            continue
        pot = 2 * units
        mean = (hi + lo + nolow) / (pot * m)
        se = None
        if m >= 2:
            var = max(0.0, squares / (pot * pot * m) - mean * mean) * m / (m - 1)
            se = math.sqrt(var / m)
        out.append((mean, scoops / m, parts / m, hi / (units * m), lo / (units * m), se))
    return out


def blocks_to_target(worst: float | None, target: float, done: int) -> int:
    """About how many more blocks, after ``done``, bring a standard error of ``worst``
    under ``target`` (it falls as one over the root of the deals), a tenth more for the
    estimate's own noise; at least one.  With no error yet: ``done`` (as many again).
    Sampling loops that stop on a target cap their batches with it."""
    if worst is None or done == 0:
        return max(done, 1)
    return max(1, math.ceil(done * ((worst / target) ** 2 * 1.1 - 1)))


def _mc_converged(stats: list[tuple[float | None, ...]], target: float) -> bool:
    """True when every player's standard error is defined and below ``target``."""
    return all(se is not None and se < target for *_, se in stats)


def _mc_stats(
    sums: list[int], n: int, classes: Sequence[int] | None = None
) -> list[tuple[float, float, float, float | None]]:
    """Equity, win, tie and the equity's standard error per player from Monte Carlo counts.

    A board won as one of k winners is worth 1/k of the pot, so the counts by
    split size give the sum and the sum of squares of every player's shares.
    When the boards came in clusters (Kernel.set_clusters; Kernel.mc_size's
    slots count them), the standard error is a clustered sample's instead,
    and the players of a class (``classes[p]``: :func:`_mc_classes`) report
    its mean.  It is None (undefined) below two deals, or two clusters.
    """
    from pokercalc.core import _engine

    m = sums[_engine.total_slot(n, False)]
    at = _engine.cluster_slot(n, False)
    if len(sums) > at and sums[at] > 0:
        return _clustered_mc_stats(sums, n, classes or range(n))
    out: list[tuple[float, float, float, float | None]] = []
    for p in range(n):
        row = sums[_engine.player_slot(p, n, False) : _engine.player_slot(p + 1, n, False)]
        if m == 0:
            out.append((0.0, 0.0, 0.0, None))
            continue
        total = math.fsum(c / k for k, c in enumerate(row) if k)
        squares = math.fsum(c / (k * k) for k, c in enumerate(row) if k)
        mean = total / m
        if m < 2:
            out.append((mean, row[1] / m, sum(row[2:]) / m, None))
            continue
        var = max(0.0, squares / m - mean * mean) * m / (m - 1)
        out.append((mean, row[1] / m, sum(row[2:]) / m, math.sqrt(var / m)))
    return out


def _clustered_mc_stats(
    sums: list[int], n: int, classes: Sequence[int]
) -> list[tuple[float, float, float, float | None]]:
    """:func:`_mc_stats` when the boards came in clusters (Kernel.set_clusters).

    Per class of exchangeable players (each player alone, unless
    :func:`_mc_classes` says otherwise), with ``S_i`` the class's share of
    cluster ``i``'s ``b_i`` boards (in units), ``T`` their sum, ``N`` the
    boards and ``k`` its players: each member's equity ``r = T / (k N)`` is
    a ratio estimate whose variance is ``C / (C - 1)`` times
    ``sum((S_i / k - r b_i)^2) / N^2`` over the ``C`` clusters (the
    linearised ratio estimator of cluster sampling).  The kernel counts
    ``C``, ``sum(b_i^2)``, ``sum(S_i^2)`` and ``sum(S_i b_i)`` (a class's in
    its first player's slots), so the sum of squares is
    ``(A N^2 - 2 T X N + T^2 Q) / N^2`` in whole numbers, exact before the
    last division.
    """
    from pokercalc.core import _engine

    m = sums[_engine.total_slot(n, False)]
    at = _engine.cluster_slot(n, False)
    deals, q = sums[at], sums[at + 1]
    units = _share_units(n)
    rows = [
        sums[_engine.player_slot(p, n, False) : _engine.player_slot(p + 1, n, False)]
        for p in range(n)
    ]
    out: list[tuple[float, float, float, float | None]] = []
    for p in range(n):
        c = classes[p]
        members = [rows[r] for r in range(n) if classes[r] == c]
        k = len(members)
        a, x = sums[at + 2 + 2 * c], sums[at + 3 + 2 * c]
        t = sum(cnt * (units // j) for row in members for j, cnt in enumerate(row) if j)
        se = None
        if deals >= 2:
            spread = a * m * m - 2 * t * x * m + t * t * q  # sum((S_i - T b_i / N)^2) * N^2
            # (int / int is correctly rounded, as the float of the exact fraction)
            se = math.sqrt(deals * spread / ((deals - 1) * (k * units) ** 2 * m**4))
        # (the equity summed as _mc_stats does, so that a player alone gets the same float)
        mean = math.fsum(cnt / j for row in members for j, cnt in enumerate(row) if j) / (k * m)
        win = sum(row[1] for row in members) / (k * m)
        tie = sum(sum(row[2:]) for row in members) / (k * m)
        out.append((mean, win, tie, se))
    return out
