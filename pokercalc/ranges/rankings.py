"""Suit-isomorphic classes of Omaha starting hands, and the shipped rankings behind ``15%``.

Two hands are in one class when a relabelling of suits turns one into the
other; a class is named by its four per-suit rank masks, sorted and packed
(:func:`class_keys`).  Classes are enumerated from the masks themselves, never
by listing hands, so Omaha-6 (962,988 classes of 20,358,520 hands) costs what
Omaha-4 (16,432 classes) does per class.

A ranking orders a game's classes best first.  It is shipped as data made by
``tools/make_omaha_ranking.py``: one line of JSON saying what it is, then the
equity of every class (rounded to 1/65,535, little-endian 16-bit) in the order
of :func:`every_class`.  The order is by that equity, best first, equal
equities by class key.

>>> keys, sizes = every_class("omaha")
>>> len(keys), int(sizes.sum())
(16432, 270725)
>>> len(every_class("omaha6")[0])
962988
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from itertools import combinations, combinations_with_replacement, permutations
from typing import Any

import numpy as np

from pokercalc.core.cards import format_cards
from pokercalc.core.games import Game, get_game
from pokercalc.errors import InputError

__all__ = [
    "RANKED_GAMES",
    "class_hand_keys",
    "class_keys",
    "class_name",
    "class_sizes",
    "equal_pattern",
    "every_class",
    "no_ranking",
    "omaha_ranking",
    "percent_class_count",
    "percent_hand_count",
    "percent_hand_keys",
    "ranked_classes",
    "ranking_file",
    "ranking_info",
    "unpack_masks",
]

#: The games with a shipped ranking and the file each is in (pokercalc/data).
RANKED_GAMES = {
    "omaha": "omaha_ranking.bin",
    "omaha-hilo": "omaha_hilo_ranking.bin",
    "omaha5": "omaha5_ranking.bin",
    "omaha5-hilo": "omaha5_hilo_ranking.bin",
    "omaha6": "omaha6_ranking.bin",
}
#: A stored equity is ``round(equity * SCALE)`` in 16 bits.
SCALE = 65535

#: A class key packs four 13-bit masks, the largest highest.
_SHIFTS = (39, 26, 13, 0)
_MASK13 = (1 << 13) - 1


def _omaha(game: Game | str) -> Game:
    g = get_game(game)
    if g.range_language != "omaha":
        raise InputError(f"{g.name} is not an Omaha game: its classes are hold'em's 169")
    return g


def no_ranking(game: Game) -> str:
    """The one line for a percentage in a game without a ranking."""
    return (
        f"percentage ranges are defined for {', '.join(RANKED_GAMES)}; {game.name} has no "
        "ranking (docs/omaha.md)"
    )


def ranking_file(game: Game | str) -> str:
    """The name of the data file ranking ``game``'s classes (InputError for a game without one).

    >>> ranking_file("omaha-hilo")
    'omaha_hilo_ranking.bin'
    """
    g = _omaha(game)
    if g.name not in RANKED_GAMES:
        raise InputError(no_ranking(g))
    return RANKED_GAMES[g.name]


# ---------------------------------------------------------------------------
# Class keys.


def _pack(masks: np.ndarray) -> np.ndarray:
    """Keys of rows of four masks: sorted, largest first, packed 13 bits apart."""
    m = -np.sort(-masks.astype(np.int64), axis=1)
    packed: np.ndarray = (m[:, 0] << 39) | (m[:, 1] << 26) | (m[:, 2] << 13) | m[:, 3]
    return packed


def unpack_masks(keys: np.ndarray) -> np.ndarray:
    """The four masks of each key, largest first."""
    keys = np.asarray(keys, dtype=np.int64)
    return np.stack([(keys >> s) & _MASK13 for s in _SHIFTS], axis=1)


def class_keys(rows: np.ndarray) -> np.ndarray:
    """The class of each hand (rows of cards): its four per-suit rank bitmasks, sorted, packed.

    A relabelling of suits only permutes the four masks, so their sorted
    multiset names the class; packing puts the largest mask highest.

    >>> k = class_keys(np.array([[51, 50, 47, 46], [49, 48, 45, 44]], dtype=np.uint8))
    >>> int(k[0]) == int(k[1]), class_name(int(k[0]))
    (True, 'AsAhKsKh')
    """
    r = rows.astype(np.int64)
    bits = np.left_shift(np.int64(1), r >> 2)
    masks = np.stack([np.where((r & 3) == s, bits, 0).sum(axis=1) for s in range(4)], axis=1)
    return _pack(masks)


def class_name(key: int) -> str:
    """The representative of a class: suits s, h, d, c given to its masks, largest first.

    >>> class_name(int(class_keys(np.array([[0, 5, 10, 15, 20, 25]], dtype=np.uint8))[0]))
    '8s7h5d4c3s2h'
    """
    cards = [
        4 * rank + suit
        for i, suit in enumerate((3, 2, 1, 0))
        for rank in range(13)
        if key >> _SHIFTS[i] & (1 << rank)
    ]
    return format_cards(sorted(cards, reverse=True))


#: Which masks of a sorted key are equal to the next (bit 0: first and second, ...) ->
#: how many suit permutations leave the key's masks in place.
_FIXERS = np.array([1, 2, 2, 6, 2, 4, 6, 24], dtype=np.int64)


def equal_pattern(masks: np.ndarray) -> np.ndarray:
    """For each row of sorted masks: bit i set when mask i equals mask i + 1."""
    code: np.ndarray = (
        (masks[:, 0] == masks[:, 1]).astype(np.int64)
        | (masks[:, 1] == masks[:, 2]).astype(np.int64) << 1
        | (masks[:, 2] == masks[:, 3]).astype(np.int64) << 2
    )
    return code


def class_sizes(keys: np.ndarray) -> np.ndarray:
    """How many hands each class holds: 24 relabellings of suits, less those that only
    swap equal masks.

    >>> [int(n) for n in class_sizes(class_keys(np.array([[51, 50, 47, 46], [51, 47, 43, 39]])))]
    [6, 4]
    """
    fixers: np.ndarray = _FIXERS[equal_pattern(unpack_masks(keys))]
    return 24 // fixers


@lru_cache(maxsize=8)
def _every_class(name: str) -> tuple[np.ndarray, np.ndarray]:
    g = _omaha(name)
    k = g.hole_cards
    ranks = range(g.lowest_rank, 13)
    by_count = {
        c: np.array([sum(1 << r for r in combo) for combo in combinations(ranks, c)], np.int64)
        for c in range(k + 1)
    }
    parts = []
    # Cards per suit, largest first; equal counts take a multiset of masks of that count.
    for counts in _partitions(k, 4, len(ranks)):
        cols: list[np.ndarray] = []
        for c in sorted(set(counts), reverse=True):
            m = counts.count(c)
            pool = by_count[c]
            idx = np.fromiter(
                (i for combo in combinations_with_replacement(range(len(pool)), m) for i in combo),
                dtype=np.int64,
            ).reshape(-1, m)
            block = pool[idx]
            if cols:
                n = len(cols[0])
                cols = [np.repeat(col, len(block)) for col in cols]
                cols += [np.tile(block[:, j], n) for j in range(m)]
            else:
                cols = [block[:, j] for j in range(m)]
        parts.append(_pack(np.stack(cols, axis=1)))
    keys = np.sort(np.concatenate(parts))[::-1]
    sizes = class_sizes(keys)
    keys.flags.writeable = sizes.flags.writeable = False
    return keys, sizes


def _partitions(total: int, parts: int, most: int) -> list[tuple[int, ...]]:
    """``total`` as ``parts`` non-increasing counts of at most ``most`` each."""
    out: list[tuple[int, ...]] = []

    def grow(prefix: tuple[int, ...], left: int, cap: int) -> None:
        if len(prefix) == parts:
            if left == 0:
                out.append(prefix)
            return
        for c in range(min(cap, left), -1, -1):
            grow(prefix + (c,), left - c, c)

    grow((), total, most)
    return out


def every_class(game: Game | str = "omaha") -> tuple[np.ndarray, np.ndarray]:
    """Every class of the game's hands (keys, descending) and how many hands each holds
    (read-only arrays: they are shared)."""
    return _every_class(_omaha(game).name)


def _labellings(code: int) -> tuple[tuple[int, ...], ...]:
    """The distinct ways to give a key's four masks to the suits when the masks are equal
    as ``code`` says (:func:`equal_pattern`): for each, the suit of mask 0, 1, 2 and 3."""
    label = [0]
    for i in range(3):
        label.append(label[-1] if code >> i & 1 else label[-1] + 1)
    seen: dict[tuple[int, ...], tuple[int, ...]] = {}
    for suits in permutations(range(4)):
        seen.setdefault(tuple(label[suits.index(s)] for s in range(4)), suits)
    return tuple(seen.values())


#: :func:`_labellings` of each pattern of equal neighbours.
LABELLINGS = tuple(_labellings(code) for code in range(8))


@lru_cache(maxsize=1)
def _spread() -> np.ndarray:
    """For each 13-bit rank mask, the card bits of those ranks in suit 0 (card = 4 rank + suit)."""
    masks = np.arange(1 << 13, dtype=np.int64)
    out = np.zeros(1 << 13, dtype=np.int64)
    for r in range(13):
        out |= ((masks >> r) & 1) << (4 * r)
    return out


def suit_spread(masks: np.ndarray) -> np.ndarray:
    """For rows of four rank masks, each mask's cards in suit 0 (a key), for :func:`hands_of`."""
    spread: np.ndarray = _spread()[masks]
    return spread


def hands_of(spread: np.ndarray, given: tuple[int, ...]) -> np.ndarray:
    """The hands (card-set keys) that give mask ``i`` of each row to suit ``given[i]``, from
    the masks' :func:`suit_spread` (made once for all the ways to give them)."""
    hands: np.ndarray = spread[:, 0] << given[0]
    for i in range(1, 4):
        hands |= spread[:, i] << given[i]
    return hands


def class_hand_keys(keys: np.ndarray) -> np.ndarray:
    """Every hand of the given classes, as card-set keys (bit ``c`` for card ``c``), in no
    particular order: each class's distinct relabellings of suits, none twice.

    >>> sorted(int(h) for h in class_hand_keys(class_keys(np.array([[51, 47, 43, 39]]))))[:2]
    [300235393859584, 600470787719168]
    """
    masks = unpack_masks(keys)
    code = equal_pattern(masks)
    out = []
    for c in range(8):
        if (code == c).any():
            spread = suit_spread(masks[code == c])
            out += [hands_of(spread, given) for given in LABELLINGS[c]]
    return np.concatenate(out) if out else np.zeros(0, dtype=np.int64)


# ---------------------------------------------------------------------------
# The shipped rankings.


@lru_cache(maxsize=8)
def _read(name: str) -> tuple[dict[str, Any], np.ndarray]:
    """A ranking file's header and its equities (in :func:`every_class` order)."""
    blob = (resources.files("pokercalc") / "data" / ranking_file(name)).read_bytes()
    head, _, body = blob.partition(b"\n")
    info: dict[str, Any] = json.loads(head)
    values = np.frombuffer(body, dtype="<u2")
    if len(values) != len(_every_class(name)[0]) or info.get("classes") != len(values):
        raise RuntimeError(f"{ranking_file(name)} does not hold one equity per class")
    return info, values


def ranking_info(game: Game | str = "omaha") -> dict[str, Any]:
    """What a game's ranking is: its header (description, criterion, trials, seed, ...)."""
    return dict(_read(_omaha(game).name)[0])


@lru_cache(maxsize=8)
def _ranked(name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    keys, sizes = _every_class(name)
    _, values = _read(name)
    order = np.lexsort((keys, values))[::-1]  # equity, then key, both descending
    ranked, equities = keys[order], values[order] / SCALE
    cumulative = np.cumsum(sizes[order])
    for a in (ranked, equities, cumulative):
        a.flags.writeable = False
    return ranked, equities, cumulative


def ranked_classes(game: Game | str = "omaha") -> tuple[np.ndarray, np.ndarray]:
    """The game's class keys best first and their equities (as stored, to 1/65,535).

    >>> keys, eq = ranked_classes("omaha")
    >>> class_name(int(keys[0])), 0.4 < float(eq[0]) < 0.5
    ('AsAhTsTh', True)
    """
    keys, equities, _ = _ranked(_omaha(game).name)
    return keys, equities


def omaha_ranking(game: Game | str = "omaha") -> tuple[str, ...]:
    """The names of ``game``'s classes, best first (:func:`class_name` of each)."""
    return tuple(class_name(int(k)) for k in ranked_classes(game)[0])


def percent_class_count(percent: float, game: Game | str = "omaha") -> int:
    """How many of the best classes of ``game``'s ranking ``percent`` % holds: the fewest
    whose hands reach that share of all hands.

    >>> percent_class_count(0), percent_class_count(100), percent_class_count(100, "omaha6")
    (0, 16432, 962988)
    """
    name = _omaha(game).name
    ranking_file(name)  # InputError for a game without a ranking
    cumulative = _ranked(name)[2]
    target = percent / 100.0 * int(cumulative[-1])
    if target <= 1e-9:
        return 0
    return int(np.searchsorted(cumulative, target - 1e-9)) + 1


def percent_hand_count(first: int, last: int, game: Game | str = "omaha") -> int:
    """How many hands the classes ranked ``first`` to ``last - 1`` hold."""
    cumulative = _ranked(_omaha(game).name)[2]
    below = int(cumulative[first - 1]) if first else 0
    return (int(cumulative[last - 1]) if last else 0) - below


def percent_hand_keys(first: int, last: int, game: Game | str = "omaha") -> np.ndarray:
    """The hands (card-set keys, descending) of the classes ranked ``first`` to ``last - 1``."""
    keys = ranked_classes(game)[0][first:last]
    hands: np.ndarray = np.sort(class_hand_keys(keys))[::-1]
    return hands
