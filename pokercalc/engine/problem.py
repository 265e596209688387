"""The problem: players and cards as the flat arrays the kernel reads, set up once.

A player is a ``Range`` (hands listed with weights) or a ``DeckRange`` (every hand
of its free cards); the ranges layer parses them and hands them in, so this
module never imports it.  :class:`Problem` derives what the engine needs (sizes,
blocked cards, random players, suit symmetries, arrays) and keeps it, per
problem, in a small cache (:class:`Found`) for calls that repeat a spot.
"""

from __future__ import annotations

import math
import operator
import sys
import threading
from array import array
from functools import cache, reduce
from itertools import chain, combinations, permutations
from operator import or_
from typing import TYPE_CHECKING, Any, Literal, Union

from pokercalc.core.cards import FULL_MASK, card_mask, cards_of_mask, format_cards, mask_of
from pokercalc.core.games import HOLDEM, Game
from pokercalc.core.runner import Control, run_here
from pokercalc.errors import CardConflictError, InputError, InternalError

if TYPE_CHECKING:
    from typing_extensions import TypeIs

    from pokercalc.core._engine import Kernel
    from pokercalc.ranges.notation import DeckRange, Range

#: The deck deals at most 23 players two cards each and a five-card board.
MAX_PLAYERS = 23


COUNT_BUDGET = 20_000_000


#: Merge the boards whose suits can no longer make a flush (whole assignments only); the
#: tests turn it off to compare against plain enumeration.
MERGE_SUITS = True


#: Count a last player who holds every hand by rank classes (the kernel's ``random_classes``);
#: the tests turn it off to compare against plain enumeration.
RANDOM_CLASSES = True


#: An exact run lists at most this many hands of a ``random`` Omaha player.
MAX_LISTED_HANDS = 4_000_000


Player = Union["Range", "DeckRange"]


def from_deck(player: Player) -> TypeIs[DeckRange]:
    """Whether a player holds every hand of its free cards, dealt from the deck and listed
    only when asked (a ``DeckRange``, which has no ``combos``)."""
    return not hasattr(player, "combos")


def is_listed(player: Player) -> TypeIs[Range]:
    """Whether a player's hands are listed one by one, with weights (a ``Range``)."""
    return hasattr(player, "combos")


def is_random(
    rng: Player, blocked: int, game: Game = HOLDEM, facts: tuple[bool, int] | None = None
) -> bool:
    """True when the range holds, unweighted, every hand of the cards outside ``blocked``.

    Decided by content: the combos avoiding ``blocked`` are distinct sets of
    ``game.hole_cards`` free cards, so there are C(free, k) of them exactly
    when they are all of them.  Combos that touch ``blocked`` must not exist
    either: such a range deals differently from the deck (its hands would
    carry weight there).  A :class:`DeckRange` is every hand by construction.
    """
    if from_deck(rng):
        return True
    weighted, union = range_facts(rng) if facts is None else facts
    if weighted:
        return False
    n_free = popcount(FULL_MASK & ~blocked)
    if len(rng) != math.comb(n_free, game.hole_cards):
        return False
    return not union & blocked


def range_facts(rng: Range) -> tuple[bool, int]:
    """Whether the range is weighted (as ``is_weighted`` says), and the union of its hands'
    masks."""
    return rng.weights.count(1.0) != len(rng.weights), reduce(or_, rng.masks(), 0)


def list_hands(r: Player, game: Game, out: tuple[Any, Any, Any, Any]) -> None:
    """Write a player's hands into the numpy arrays ``out``, one row per hand: cards (a row
    of ``game.hole_cards``, highest first), 64-bit masks, evaluator keys and weights.

    The arrays of a problem are allocated once and filled in place: on the
    hundred thousand hands of a random Omaha player, the page faults of
    temporary arrays cost more than the copying.
    """
    import numpy as np

    cards, masks, keys, weights = out
    if is_listed(r):
        for dst, src in zip(out, range_arrays(r, game.hole_cards), strict=True):
            dst[...] = src
        return
    k = game.hole_cards
    weights.fill(1.0)
    if math.comb(game.deck_size, k) <= DECK_TABLE_HANDS:
        # Taken from every hand of the deck, listed once per game (each Omaha outs card asks).
        all_cards, all_masks, all_keys = deck_table(game)
        take = np.flatnonzero((all_masks & np.uint64(~r.free & FULL_MASK)) == 0)
        np.take(all_cards, take, axis=0, out=cards, mode="clip")
        np.take(all_masks, take, out=masks, mode="clip")
        np.take(all_keys, take, out=keys, mode="clip")
        return
    free = sorted(cards_of_mask(r.free), reverse=True)
    cards[...] = np.fromiter(combinations(free, k), dtype=np.dtype((np.uint8, k)), count=len(r))
    masks[...], keys[...] = masks_and_keys(cards)


def range_arrays(r: Range, k: int) -> tuple[Any, Any, Any, Any]:
    """A listed range's cards, masks, keys and weights as :func:`list_hands` writes them."""
    import numpy as np

    cards = np.frombuffer(bytes(chain.from_iterable(r.combos)), dtype=np.uint8).reshape(-1, k)
    return (cards, *masks_and_keys(cards), np.array(r.weights, dtype=np.float64))


def masks_and_keys(cards: Any) -> tuple[Any, Any]:
    """Each row of cards' 64-bit mask and evaluator key (its cards' keys summed modulo 2**64,
    as the kernel adds them)."""
    import numpy as np

    bits, values = card_tables()
    if len(cards) == 0:
        return np.zeros(0, np.uint64), np.zeros(0, np.uint64)
    masks, keys = bits[cards[:, 0]], values[cards[:, 0]]
    for j in range(1, cards.shape[1]):
        masks |= bits[cards[:, j]]
        keys += values[cards[:, j]]
    return masks, keys


@cache
def card_tables() -> tuple[Any, Any]:
    """Every card's mask and evaluator key as numpy arrays indexed by card."""
    import numpy as np

    keys = card_keys()
    masks = np.array([card_mask(c) for c in range(len(keys))], dtype=np.uint64)
    return masks, np.array(keys, dtype=np.uint64)


#: Decks of at most this many hands (Omaha-4's 270,725) keep every hand listed for random players.
DECK_TABLE_HANDS = 300_000


@cache
def deck_table(game: Game) -> tuple[Any, Any, Any]:
    """Every hand of the game's deck as :func:`list_hands` lists a random player's (cards
    highest first, hands in combinations() order), its masks and keys: taking the hands of
    the free cards keeps that order."""
    import numpy as np

    k = game.hole_cards
    deck = sorted(game.deck, reverse=True)
    n = math.comb(len(deck), k)
    cards: Any = np.fromiter(combinations(deck, k), dtype=np.dtype((np.uint8, k)), count=n)
    masks, keys = masks_and_keys(cards)
    cards.flags.writeable = masks.flags.writeable = keys.flags.writeable = False
    return cards, masks, keys


#: Problems listing at most this many hands in all are set up in plain Python buffers:
#: on a few hundred hands numpy's import and per-call costs outweigh its speed.
SMALL_SETUP = 512


_WORD = (1 << 64) - 1


def small_arrays(ranges: list[Range], k: int) -> tuple[Any, ...]:
    """:meth:`Problem.arrays` in plain Python, the cards a 2-D memoryview."""
    off = array("i", [0])
    cards = array("B")
    masks = array("Q")
    ckeys = array("Q")
    weights = array("d")
    for r in ranges:
        c, m, key, w = small_rows(r, k)
        cards.frombytes(c)
        masks += m
        ckeys += key
        weights += w
        off.append(len(masks))
    return off, memoryview(cards).cast("B", [len(masks), k]), masks, ckeys, weights


def small_rows(r: Range, k: int) -> tuple[bytes, array[int], array[int], array[float]]:
    """A range's cards (a hand after another), masks, evaluator keys and weights as
    :func:`small_arrays` lists them."""
    keys = card_keys()
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


def permute_masks(masks: Any, sigma: tuple[int, ...]) -> Any:
    """Card masks with their 16-bit suit lanes moved as the suit permutation ``sigma`` says."""
    import numpy as np

    out = np.zeros_like(masks)
    for s in range(4):
        lane = (masks >> np.uint64(16 * s)) & np.uint64(0xFFFF)
        out |= lane << np.uint64(16 * sigma[s])
    return out


class Found:
    """What the set-up of a problem found, kept for the calls that repeat it: its ranges
    (held, so that no other range takes their ids), its assignment count, and the suit
    symmetries and arrays of a problem of at most ``FOUND_HANDS`` hands."""

    __slots__ = ("ranges", "facts", "count", "symmetry", "arrays", "kernels")

    def __init__(self, ranges: tuple[Player, ...]) -> None:
        self.ranges = ranges
        self.facts: Facts | None = None
        self.count: tuple[int, bool] | None = None
        self.symmetry: tuple[tuple[tuple[int, ...], ...], Any] | None = None
        self.arrays: tuple[tuple[Any, ...], bool] | None = None
        #: kernels of finished small runs, each with its prepared runs
        #: (:class:`~pokercalc.engine.exact.Plan`): building a kernel and its items took a tenth
        #: of a flop spot's 50 us
        self.kernels: list[tuple[Kernel, dict[tuple[int, bool], Any]]] = []


#: The problems set up last, by their ranges' ids, board, dead cards and game: text parses to
#: the same cached ranges every call (:func:`_players_of_text`), so a call that repeats one
#: finds its set-up done.  At most ``FOUND_PROBLEMS`` of them, the oldest dropped first.
FOUND: dict[tuple[Any, ...], Found] = {}


FOUND_PROBLEMS = 16


FOUND_HANDS = 4096


_FOUND_LOCK = threading.Lock()


def found_setup(
    ranges: list[Player], board: tuple[int, ...], dead: tuple[int, ...], game: Game
) -> Found:
    """The set-up found so far for these ranges (the very objects), board, dead cards and game
    (and the settings that shape a set-up, which tests change)."""
    key = (tuple(map(id, ranges)), board, dead, game, SMALL_SETUP, COUNT_BUDGET)
    with _FOUND_LOCK:
        found = FOUND.get(key)
        if found is None or not all(map(operator.is_, found.ranges, ranges)):
            found = Found(tuple(ranges))
            if len(FOUND) >= FOUND_PROBLEMS:
                del FOUND[next(iter(FOUND))]
            FOUND[key] = found
    return found


#: A problem's sizes, blocked cards, board key and mask, whether it is weighted, which
#: players are random and the cards each can hold (:func:`problem_facts`).
Facts = tuple[tuple[int, ...], int, int, int, bool, tuple[bool, ...], tuple[int, ...]]


def problem_facts(
    ranges: list[Player], board: tuple[int, ...], dead: tuple[int, ...], game: Game
) -> Facts:
    """What :class:`Problem` derives from its ranges, board, dead cards and game."""
    # Cards outside the game's deck are dealt to nobody: to the kernels they are dead.
    blocked = mask_of(board) | mask_of(dead) | game.outside_mask
    keys = card_keys()
    # Whether each player is weighted and the cards it can hold (every free card of a
    # DeckRange, which holds a hand at least).
    facts = [(False, r.free) if from_deck(r) else range_facts(r) for r in ranges]
    # Cards of players holding one known hand are gone in every deal, so a
    # range of every other hand still counts as random.
    sure = [r.masks()[0] if is_listed(r) and len(r) == 1 else 0 for r in ranges]
    all_sure = 0
    for m in sure:
        all_sure |= m
    flags = tuple(
        is_random(r, blocked | (all_sure & ~sure[i]), game, facts[i]) for i, r in enumerate(ranges)
    )
    sizes = tuple(len(r) for r in ranges)
    weighted = any(w for w, _ in facts)
    unions = tuple(u for _, u in facts)
    bkey = sum(keys[c] for c in board)
    return sizes, blocked, bkey, mask_of(board), weighted, flags, unions


class Problem:
    """The flat arrays the kernel reads, built once per call (or found: :class:`Found`)."""

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
        #: each player's hands as shown (:func:`setup` gives the counts before the hands
        #: that can never be dealt were removed)
        self.game = game
        self._found = found = found_setup(ranges, board, dead, game)
        if found.facts is None:
            found.facts = problem_facts(ranges, board, dead, game)
        sizes, self.blocked, self.bkey, self.bmask, self.weighted, flags, unions = found.facts
        #: the cards each player can hold
        self.unions = unions
        self.shown = list(sizes)
        self.random_flags = list(flags)
        self.is_random = array("B", flags)
        self.group: list[tuple[int, ...]] = [(0, 1, 2, 3)]
        self.perm: Any = array("i")
        self._arrays: tuple[Any, ...] | None = None
        self.listed = False
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
        if self._arrays is not None and (self.listed or not list_random):
            return self._arrays
        kept = self._found.arrays
        if kept is not None and (kept[1] or not list_random):
            self._arrays, self.listed = kept
            return self._arrays
        self._arrays, self.listed = self._build_arrays(list_random)
        if len(self._arrays[2]) <= FOUND_HANDS:
            self._found.arrays = (self._arrays, self.listed)
        return self._arrays

    def _build_arrays(self, list_random: bool) -> tuple[tuple[Any, ...], bool]:
        """:meth:`arrays` built, and whether every hand is listed."""
        if all(map(is_listed, self.ranges)) and 0 < sum(len(r) for r in self.ranges) <= SMALL_SETUP:
            # Every hand listed whatever list_random says: there is no DeckRange.
            return small_arrays(self.ranges, self.game.hole_cards), True  # type: ignore[arg-type]
        import numpy as np

        k = self.game.hole_cards
        sizes = [0 if from_deck(r) and not list_random else len(r) for r in self.ranges]
        for r, size in zip(self.ranges, sizes, strict=True):
            if from_deck(r) and size > MAX_LISTED_HANDS:
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
                list_hands(r, self.game, (cards[lo:hi], masks[lo:hi], ckeys[lo:hi], weights[lo:hi]))
        return (off, cards, masks, ckeys, weights), list_random

    @property
    def cw(self) -> Any:
        """Every hand's weight, player after player."""
        return self.arrays(self.listed)[4]

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
        kernel.set_random_classes(random_classes(self))
        return kernel

    def lend_kernel(self) -> tuple[Kernel, dict[tuple[int, bool], Any]]:
        """A kernel for one exhaustive run without a breakdown, and its runs prepared so far
        (:class:`~pokercalc.engine.exact.Plan` by threads and innermost player): one a
        repeated problem kept (:meth:`give_back`), set up again, or a new one.  A kernel
        serves one run at a time (it holds the run's stop flag), so a kept one is taken out
        while it runs."""
        try:
            kernel, runs = self._found.kernels.pop()  # (atomic: threads may share a problem)
        except IndexError:
            return self.kernel(), {}
        kernel.set_suit_merging(MERGE_SUITS, *self.game.flush_rule)
        kernel.set_random_classes(random_classes(self))
        return kernel, runs

    def give_back(self, kernel: Kernel, runs: dict[tuple[int, bool], Any]) -> None:
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
        free = popcount(FULL_MASK & ~self.blocked) - k * len(fixed)
        ways_random = 1
        for j in range(q):
            ways_random *= math.comb(free - k * j, k)
        if len(fixed) == 0:
            return ways_random, True
        if len(fixed) == 1:
            return len(fixed[0]) * ways_random, True
        listed = [r for r in fixed if is_listed(r)]
        if len(listed) == len(fixed) and math.prod(map(len, listed)) <= 4096:
            # A few joint assignments: counted here, cheaper than setting up the kernel.
            return count_joint([r.masks() for r in listed], self.blocked) * ways_random, True
        sub = Problem(fixed, self.board, self.dead, self.game)
        count = count_in_kernel(sub.kernel(), [len(r) for r in fixed])
        if count >= 0:
            return count * ways_random, True
        # (A DeckRange is always random: ``listed`` holds every fixed player.)
        return estimate_assignments(listed, self.blocked) * ways_random, False

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
        if len(self.perm) <= len(self.group) * FOUND_HANDS:
            self._found.symmetry = (tuple(self.group), self.perm)

    def _candidates(self) -> tuple[tuple[int, ...], ...]:
        """The suit permutations but the identity that may leave the problem unchanged: those
        keeping the board, the dead cards and the cards each player can hold (no hand listed)."""
        fixed = [self.bmask, mask_of(self.dead), *self.unions]
        sig = [tuple([(m >> (16 * s)) & 0xFFFF for m in fixed]) for s in range(4)]
        return suit_perms(tuple([sig.index(x) for x in sig]))

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
                image = permute_masks(masks[lo:hi], sigma)
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
        """:meth:`find_symmetry` in plain Python, for the few hands of :func:`small_arrays`:
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


def count_in_kernel(kernel: Kernel, sizes: list[int]) -> int:
    """The kernel's count of assignments (-1: past its budget) of ranges of ``sizes`` hands.
    Two ranges past the budget are counted by the cards their hands share, which takes
    seconds at the largest sizes: on the main thread, a signal stops it there and is
    raised, as in a run (``runner.run_here``)."""
    if len(sizes) != 2 or math.prod(sizes) <= COUNT_BUDGET:
        return kernel.count_assignments(COUNT_BUDGET)  # (20 million steps at most)
    control = Control()
    count, stopped = run_here(
        lambda: kernel.count_assignments(COUNT_BUDGET, control.buffer), control
    )
    if stopped:
        raise control.interrupt or KeyboardInterrupt()
    assert count is not None
    return count


@cache
def suit_perms(classes: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The suit permutations but the identity that keep every suit within its class
    (``classes[s]``: the first suit of the same signature as ``s``), in permutations() order."""
    return tuple(
        sigma
        for sigma in permutations(range(4))
        if sigma != (0, 1, 2, 3) and all(classes[sigma[s]] == classes[s] for s in range(4))
    )


def count_joint(masks: list[list[int]], used: int) -> int:
    """Ways to give every player one of its hands (``masks``) with no card twice or in ``used``."""
    if len(masks) == 1:
        return sum(1 for m in masks[0] if not m & used)
    rest = masks[1:]
    return sum(count_joint(rest, used | m) for m in masks[0] if not m & used)


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def estimate_assignments(ranges: list[Range], blocked: int) -> int:
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


def card_keys() -> list[int]:
    """Each card's evaluator key (the kernel adds them up per hand)."""
    if not _KEYS:
        from pokercalc._eval import card_keys

        _KEYS.extend(card_keys())
    return _KEYS


def drop_certain_conflicts(ranges: list[Player]) -> list[Player]:
    """Remove from every range the combos that hit another player's one and only hand.

    Such combos can never be dealt, so removing them changes no outcome; it
    spares the enumerator dead branches and Monte Carlo rejected draws.  A
    range left with one hand makes its cards certain too, so this runs until
    nothing changes.
    """
    out = list(ranges)
    certain = [mask_of(r.combos[0]) if is_listed(r) and len(r) == 1 else 0 for r in out]
    held = 0
    for j, m in enumerate(certain):
        if m & held:  # two players hold the same card for certain: name it and them
            i = next(i for i in range(j) if certain[i] & m)
            both = format_cards(sorted(cards_of_mask(certain[i] & m), reverse=True))
            raise CardConflictError(
                f"no deal is possible: players {i + 1} ({out[i].text!r}) and {j + 1} "
                f"({out[j].text!r}) both hold {both}"
            )
        held |= m
    changed = True
    while changed:
        changed = False
        certain = [mask_of(r.combos[0]) if is_listed(r) and len(r) == 1 else 0 for r in out]
        for i, r in enumerate(out):
            others = 0
            for j, m in enumerate(certain):
                if j != i:
                    others |= m
            if not others or len(r) == 1:
                continue
            if from_deck(r):
                if r.free & others:
                    out[i] = r.without(cards_of_mask(others))
                    changed = True
                continue
            if not others & range_facts(r)[1]:
                continue
            if all(m & others for m in r.masks()):
                raise CardConflictError(
                    f"no deal is possible: every hand of {r.text!r} collides with another "
                    f"player's {format_cards(sorted(cards_of_mask(others), reverse=True))}"
                )
            out[i] = r.without(cards_of_mask(others))  # (keeps the masks it found)
            changed = True
    return out


def random_classes(prob: Problem) -> bool:
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


def last_for_breakdown(ranges: list[Player], biggest: int, breakdown: int, game: Game) -> int:
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


def setup(
    shown: list[int],
    ranges: list[Player],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    game: Game,
    breakdown: int | None = None,
) -> tuple[list[int], list[int], Problem]:
    """The players' hand counts as shown, the engine's order of the players, and the problem
    of ``ranges`` (parsed players, in the order given, and their counts as shown).

    The engine plays the largest range last (innermost); results come back in
    the order given (:func:`~pokercalc.engine.results.in_given_order`).
    """
    sizes = [len(r) for r in ranges]
    biggest = len(sizes) - 1 - sizes[::-1].index(max(sizes))  # (the last of the largest)
    if breakdown is not None:
        if not 0 <= breakdown < len(ranges):
            raise InputError(
                f"no player {breakdown + 1} to break down: there are {len(ranges)} players"
            )
        biggest = last_for_breakdown(ranges, biggest, breakdown, game)
    order = [i for i in range(len(ranges)) if i != biggest] + [biggest]
    prob = Problem([ranges[i] for i in order], board, dead, game)
    prob.shown = [shown[i] for i in order]
    if breakdown is not None:
        prob.breakdown = order.index(breakdown)
    return shown, order, prob


def combo_buffer(prob: Problem, kernel: Kernel, threads: int, code: Literal["d", "q"]) -> Any:
    """Per-thread rows for the broken-down player's per-combo tallies (one slot when none),
    padded to whole cache lines; int64 (``"q"``) or float64 (``"d"``).  A plain buffer, not
    numpy: a run without a breakdown does not import numpy (tests/test_startup.py)."""
    cols = 1
    if prob.breakdown is not None:
        stride = kernel.set_breakdown(prob.breakdown)
        off = prob.arrays(prob.listed)[0]
        cols = int(off[prob.breakdown + 1] - off[prob.breakdown]) * stride
    cols = -(-cols // 8) * 8 + 8
    return memoryview(array(code, bytes(8 * threads * cols))).cast("B").cast(code, [threads, cols])


def keep_combo_tallies(prob: Problem, buffer: Any) -> None:
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

    off = prob.arrays(prob.listed)[0]
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
