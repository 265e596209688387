"""The Omaha range language, expanded: read items into hands, as numpy arrays.

Hands are rows of card indices (highest first) with 64-bit keys (bit c =
card c).  Patterns are expanded from the pattern itself, never by listing
every hand, so six-card patterns work without the 20 million six-card hands;
which hands a pattern holds is :mod:`pokercalc.ranges.matching`'s part.

>>> from pokercalc.core.games import get_game
>>> keys, weights = range_hands("AAxx, KKxx:0.5", get_game("omaha"))
>>> len(keys), float(weights.sum())
(13886, 10405.5)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from math import comb, prod

import numpy as np

from pokercalc.core.cards import masks_of_rows
from pokercalc.core.games import Game
from pokercalc.errors import EmptyRangeError, InputError, ParseError, quote
from pokercalc.ranges.hands import Range
from pokercalc.ranges.matching import (
    Spec,
    class_hands,
    class_mask,
    classes,
    hand_keys,
    labelled,
    labelled_count,
    labelled_hands,
    matches,
    rows_of_keys,
    spec,
    structure_of,
)
from pokercalc.ranges.omaha_grammar import (
    Atom,
    HandPattern,
    Operand,
    Slot,
    meaning_of,
    names_a_suit,
    read_items,
)
from pokercalc.ranges.rankings import percent_class_count, percent_hand_count, percent_hand_keys

__all__ = [
    "MAX_HANDS",
    "Hands",
    "Listed",
    "pattern_spec",
    "combine",
    "range_hands",
    "range_of_rows",
]


#: A range lists at most this many hands (a lone ``random`` player is dealt from the deck).
MAX_HANDS = 3_000_000


#: Rows of the cross product of cores and free cards built at once (memory bound).
_CHUNK = 1 << 22


Hands = tuple[np.ndarray, np.ndarray]  # rows of cards and their keys
Listed = tuple[np.ndarray | None, np.ndarray]  # hands as keys, with their rows if made


def _combo_rows(cards: Sequence[int], w: int) -> np.ndarray:
    """Every set of ``w`` of ``cards``, one per row, in the order of itertools.combinations."""
    if w == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    n = len(cards)
    cols = [np.arange(n, dtype=np.int8)]  # positions in ``cards``, column by column
    for _ in range(w - 1):
        last = cols[-1]
        grow = (n - 1 - last).astype(np.int64)  # how many larger positions each row can take
        cols = [np.repeat(c, grow) for c in cols]
        first = np.repeat(last.astype(np.int64) + 1 - (np.cumsum(grow) - grow), grow)
        cols.append((first + np.arange(len(first))).astype(np.int8))
    out = np.empty((len(cols[0]), w), dtype=np.uint8)
    for j, c in enumerate(cols):
        out[:, j] = np.asarray(cards, dtype=np.uint8)[c]
    return out


@lru_cache(maxsize=8)
def _free(deck: tuple[int, ...], w: int) -> tuple[np.ndarray, np.ndarray]:
    """Every set of ``w`` cards of ``deck``, as rows and keys (read-only: they are shared)."""
    rows = _combo_rows(deck, w)
    keys = hand_keys(rows)
    rows.flags.writeable = keys.flags.writeable = False
    return rows, keys


def _too_many(text: str, game: Game, n: int | None) -> InputError:
    """The error for ``text`` holding ``n`` hands (None: more than MAX_HANDS) of ``game``."""
    holds = f"{n:,}" if n is not None else f"more than {MAX_HANDS:,}"
    return InputError(
        f"{quote(text)} holds {holds} {game.name} hands, too many to list (at most "
        f"{MAX_HANDS:,}); for a player who may hold any hand write 'random' on its own"
    )


def _suit_counts(game: Game, pairs: int | None) -> tuple[list[tuple[int, ...]], int]:
    """The cards per suit of the game's hands (of one suit structure), and how many hands."""
    k = game.hole_cards
    per_suit = 13 - game.lowest_rank
    vectors: list[tuple[int, ...]] = []
    for a in range(k + 1):
        for b in range(k + 1 - a):
            for c in range(k + 1 - a - b):
                v = (a, b, c, k - a - b - c)
                if max(v) > per_suit:
                    continue
                if pairs is not None and (max(v) > 2 or v.count(2) != pairs):
                    continue
                vectors.append(v)
    return vectors, sum(prod(comb(per_suit, c) for c in v) for v in vectors)


def _deck_hands(game: Game, pairs: int | None, text: str) -> np.ndarray:
    """Every hand of the deck, or of one suit structure, built suit by suit."""
    k = game.hole_cards
    vectors, total = _suit_counts(game, pairs)
    if total > MAX_HANDS:
        raise _too_many(text, game, total)
    parts = []
    for v in vectors:
        rows = np.zeros((1, 0), dtype=np.uint8)
        for suit, count in enumerate(v):
            block = _combo_rows([4 * r + suit for r in range(game.lowest_rank, 13)], count)
            rows = np.concatenate(
                [np.repeat(rows, len(block), axis=0), np.tile(block, (len(rows), 1))], axis=1
            )
        parts.append(rows)
    return np.concatenate(parts) if parts else np.zeros((0, k), dtype=np.uint8)


def _cores(fixed: list[Slot], game: Game) -> np.ndarray:
    """The keys of every set of cards that fills the constrained slots, one card each."""
    masks = {0}
    for (ranks, suit), n in Counter(fixed).items():
        cands = [
            c
            for c in game.deck
            if (ranks is None or c >> 2 in ranks) and (suit is None or c & 3 == suit)
        ]
        options = [sum(1 << c for c in combo) for combo in combinations(cands, n)]
        masks = {m | o for m in masks for o in options if not m & o}
    return np.array(sorted(masks), dtype=np.int64)


def pattern_spec(pat: HandPattern) -> Spec:
    """The pattern as :mod:`pokercalc.ranges.matching` takes it."""
    return spec(tuple((c.ranks, c.suit, c.rank_var, c.suit_var) for c in pat.cards), pat.pairs)


def _one_hand(pat: HandPattern) -> int | None:
    """The key of the one hand ``pat`` names card by card (``AsKsQdJd``), or None."""
    key = 0
    for c in pat.cards:
        if c.ranks is None or len(c.ranks) != 1 or c.suit is None:
            return None
        key |= 1 << 4 * next(iter(c.ranks)) + c.suit
    return key


def _pattern_hands(pat: HandPattern, game: Game) -> Listed:
    """The hands (keys descending, rows highest first if made) that ``pat`` matches.

    A pattern naming no suit is tested once per suit class and listed from
    the classes it holds.  Otherwise its candidates are the hands with at
    least its constrained cards, cores (sets filling the constrained slots)
    plus any other cards for the wildcards, or every hand where fewer.
    """
    if not names_a_suit(pat):
        return _class_hands(class_mask(pattern_spec(pat), game), game, pat.text)
    one = _one_hand(pat)
    if one is not None:  # as a range listed hand by hand spells each: nothing to search
        keys = np.array([one], dtype=np.int64)
        return None, keys if pat.pairs is None else keys[structure_of(keys) == pat.pairs]
    estimate = _candidates(pat, game)
    total = comb(game.deck_size, game.hole_cards)
    if total <= MAX_HANDS and estimate > total:
        # Cheaper to test every hand of the structure than to build the candidates.
        rows, keys = _structure_hands(game, pat.pairs, pat.text)
        ok = matches(pattern_spec(pat), game, rows, keys)
        return rows[ok], keys[ok]
    if total > MAX_HANDS and estimate > _CHUNK // 4:
        # Cheaper to test the classes, once per relabelling of the suits it names.
        chosen = labelled(pattern_spec(pat), game)
        n = labelled_count(chosen)
        if n > MAX_HANDS:
            raise _too_many(pat.text, game, n)
        return None, labelled_hands(chosen, game)
    return _plain_hands(pat, game)


def _class_hands(mask: np.ndarray, game: Game, text: str) -> Listed:
    """The hands of the classes ``mask`` selects; more than MAX_HANDS is an error naming
    ``text`` with their true number."""
    n = int(classes(game).sizes[mask].sum())
    if n > MAX_HANDS:
        raise _too_many(text, game, n)
    if n == comb(game.deck_size, game.hole_cards):
        return _structure_hands(game, None, text)  # every hand: the shared list
    return None, class_hands(mask, game)


def _candidates(pat: HandPattern, game: Game) -> int:
    """How many candidates (cores times free cards, duplicates included) ``pat`` has."""
    fixed = [s for s in pat.slots if s != (None, None)]
    estimate = comb(game.deck_size - len(fixed), game.hole_cards - len(fixed))
    for (ranks, suit), n in Counter(fixed).items():
        cands = (13 - game.lowest_rank if ranks is None else len(ranks)) * (
            4 if suit is None else 1
        )
        estimate *= comb(cands, n)
    return estimate


def _structure_hands(game: Game, pairs: int | None, text: str) -> Hands:
    """Every hand of the game, or of one suit structure (read-only: shared); too many is an
    error naming ``text``."""
    _, total = _suit_counts(game, pairs)
    if total > MAX_HANDS:
        raise _too_many(text, game, total)
    return _built_hands(game, pairs)


@lru_cache(maxsize=8)
def _built_hands(game: Game, pairs: int | None) -> Hands:
    """:func:`_deck_hands` with keys, made once per game and structure: each hand's cards
    highest first, hands in descending order (as a range lists them)."""
    rows = np.sort(_deck_hands(game, pairs, "random"), axis=1)[:, ::-1]
    keys = hand_keys(rows)
    order = np.argsort(keys)[::-1]
    rows, keys = np.ascontiguousarray(rows[order]), keys[order]
    rows.flags.writeable = keys.flags.writeable = False
    return rows, keys


def _distinct(keys: np.ndarray) -> np.ndarray:
    """The distinct ``keys``, ascending (np.unique, by sorting: its hashing is slower here)."""
    keys = np.sort(keys)
    keep = np.ones(len(keys), dtype=bool)
    keep[1:] = keys[1:] != keys[:-1]
    return keys[keep]


def _plain_hands(pat: HandPattern, game: Game) -> Hands:
    """The hands that ``pat`` matches, from its candidates: every core (a set of cards
    filling its constrained slots) with every set of other cards.

    A hand with several cores is made several times and kept once.  The
    candidates are made a block at a time, each block tested at once, so
    that "too many" is said only of hands the pattern holds.
    """
    k = game.hole_cards
    p = pattern_spec(pat)
    fixed = [s for s in pat.slots if s != (None, None)]
    core_keys = _cores(fixed, game)
    _, free_keys = _free(game.deck, k - len(fixed))
    step = max(1, _CHUNK // len(free_keys))
    found: list[np.ndarray] = []
    held = 0
    rows: np.ndarray | None = None  # the rows of the one block, when tested
    for s in range(0, len(core_keys), step):
        ck = core_keys[s : s + step]
        ci, fi = np.nonzero((ck[:, None] & free_keys[None, :]) == 0)
        keys = ck[ci] | free_keys[fi]
        if pat.pairs is not None:
            keys = keys[structure_of(keys) == pat.pairs]
        if pat.has_vars:
            keys = np.ascontiguousarray(_distinct(keys)[::-1])
            rows = rows_of_keys(keys, k)
            ok = matches(p, game, rows, keys)
            rows, keys = rows[ok], keys[ok]
        found.append(keys)
        held += len(keys)
        if held > MAX_HANDS:
            keys = _distinct(np.concatenate(found))
            if len(keys) > MAX_HANDS:
                raise _too_many(pat.text, game, None)
            found, held = [keys], len(keys)
    if len(found) == 1 and rows is not None:
        return rows, found[0]
    keys = np.ascontiguousarray(_distinct(np.concatenate(found or [core_keys]))[::-1])
    return rows_of_keys(keys, k), keys


def _every_hand(game: Game) -> Hands:
    """Every hand of the game as rows and keys (read-only: shared); too many is an error."""
    return _structure_hands(game, None, "random")


def _percent_hands(src: str, lo: float, hi: float, at: int, game: Game) -> Listed:
    """The hands of the classes ranked from the top ``lo`` % (exclusive) to the top ``hi`` %
    (keys only: rows are made when needed); ``lo < hi``, as the grammar checked."""
    first, last = percent_class_count(lo, game), percent_class_count(hi, game)
    n = percent_hand_count(first, last, game)
    if n > MAX_HANDS:
        band = f"{hi:g}%" if lo == 0 else f"{lo:g}%-{hi:g}%"
        raise ParseError(
            f"{band} holds {n:,} {game.name} hands, more than a range lists "
            f"({MAX_HANDS:,}); take a smaller percentage",
            src,
            at,
        )
    return None, percent_hand_keys(first, last, game)


def _by_class(operand: Operand) -> bool:
    """True when the operand holds whole suit classes: ``random`` or a pattern naming no suit
    (a percentage does too, but is listed by its ranking)."""
    return operand is None or (isinstance(operand, HandPattern) and not names_a_suit(operand))


def _empty(src: str, a: int, b: int, game: Game) -> EmptyRangeError:
    return EmptyRangeError(
        f"{src[a:b]!r} matches no {game.name} hand (at position {a} in {quote(src)})"
    )


def _atom(src: str, a: int, b: int, operand: Operand, game: Game) -> Listed:
    """The hands of one operand ``src[a:b]``, listed; a pattern matching none is an error."""
    if operand is None:
        return _every_hand(game)
    if isinstance(operand, tuple):
        return _percent_hands(src, operand[0], operand[1], a, game)
    rows, keys = _pattern_hands(operand, game)
    if not len(keys):
        raise _empty(src, a, b, game)
    return rows, keys


def _class_atom(src: str, a: int, b: int, operand: Operand, game: Game) -> np.ndarray:
    """The classes an operand of :func:`_by_class` holds; a pattern holding none is an error."""
    if not isinstance(operand, HandPattern):
        return np.ones(len(classes(game).keys), dtype=bool)
    mask = class_mask(pattern_spec(operand), game)
    if not mask.any():
        raise _empty(src, a, b, game)
    return mask


def _holding(operand: Operand, game: Game, rows: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Which of the hands ``rows`` (keys ``keys``) an operand of :func:`_by_class` holds."""
    if not isinstance(operand, HandPattern):
        return np.ones(len(keys), dtype=bool)
    return matches(pattern_spec(operand), game, rows, keys)


def combine(src: str, a: int, b: int, atoms: list[Atom], game: Game) -> Listed:
    """The hands of the operands ``atoms`` of ``src[a:b]``.

    Left to right, ``A : B ! C`` is the hands of every positive operand
    (the first, unless a leading ``!`` negates it, and those after ``:``)
    but of no negative one.  A listed operand (one naming a suit, a
    percentage) that is positive is the start, and the others are tested on
    its hands; otherwise the operands are combined class by class and only
    the result is listed, so ``!AAxxxx`` in Omaha-6 is counted, not listed.
    """
    listed: dict[int, Listed] = {}
    masks: dict[int, np.ndarray] = {}
    for i, (_, s, e, operand) in enumerate(atoms):
        if _by_class(operand):
            masks[i] = _class_atom(src, s, e, operand, game)
        else:
            listed[i] = _atom(src, s, e, operand, game)
    start = next((i for i in listed if not atoms[i][0]), None)
    if start is not None:
        rows, keys = listed[start]
        for i, (negative, _, _, operand) in enumerate(atoms):
            if i != start:
                if i in listed:
                    inside = _member(keys, listed[i][1])
                else:
                    if rows is None:
                        rows = rows_of_keys(keys, game.hole_cards)
                    inside = _holding(operand, game, rows, keys)
                keep = ~inside if negative else inside
                rows, keys = None if rows is None else rows[keep], keys[keep]
        return rows, keys
    mask = np.ones(len(classes(game).keys), dtype=bool)
    for i, held in masks.items():
        mask &= ~held if atoms[i][0] else held
    text = src[a:b].strip()
    if not listed:
        return _class_hands(mask, game, text)
    # Listed operands here are all negative: count what they take from the classes first.
    out = np.ascontiguousarray(_distinct(np.concatenate([h[1] for h in listed.values()]))[::-1])
    out_rows = rows_of_keys(out, game.hole_cards)
    taken = np.ones(len(out), dtype=bool)
    for i in masks:
        inside = _holding(atoms[i][3], game, out_rows, out)
        taken &= ~inside if atoms[i][0] else inside
    n = int(classes(game).sizes[mask].sum()) - int(taken.sum())
    if n > MAX_HANDS:
        raise _too_many(text, game, n)
    keys = class_hands(mask, game)
    return None, keys[~_member(keys, out)]


def _descending(keys: np.ndarray) -> bool:
    """True when ``keys`` strictly decrease."""
    return bool((keys[:-1] > keys[1:]).all())


def _member(keys: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Which ``keys`` are in ``other`` (by binary search when ``other`` is in order, as the
    shared hands and what is taken from them are)."""
    if not len(other):
        return np.zeros(len(keys), dtype=bool)
    ascending = other[::-1] if _descending(other) else np.sort(other)  # np.isin hashes: slower
    at = np.minimum(np.searchsorted(ascending, keys), len(ascending) - 1)
    found: np.ndarray = ascending[at] == keys
    return found


def range_hands(text: str, game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The hands of an Omaha range as keys (in descending order, as a range lists them) and
    their weights.

    The whole text is read first (:func:`read_items`): a mistake in any item is
    found before the first is expanded.  Each distinct item is then expanded
    once: an item spelled as an earlier one, or meaning the same
    (:func:`~pokercalc.ranges.omaha_grammar.meaning_of`), takes that item's hands, so
    20,000 copies of ``AAxx`` cost one expansion.  A hand keeps the weight it was given last, and an
    item whose hands a later item gives again is overruled in every hand, so
    only each distinct item's last use is merged, once, at the end.  Of the
    items that match no hand, the first is the error.
    """
    parts: list[np.ndarray] = []  # the hands of each distinct item
    uses: list[tuple[int, float]] = []  # per part: the last item using it, and that weight
    by_text: dict[str, int] = {}  # an item's text (without its weight) -> its part
    by_meaning: dict[tuple[object, ...], int] = {}
    for n, (a, b, weight, spelled, atoms) in enumerate(read_items(text, game)):
        use = (n, weight)
        part = by_text.get(spelled)
        if part is None:
            meaning = meaning_of(atoms)
            part = by_meaning.get(meaning)
            if part is None:
                _, keys = combine(text, a, b, atoms, game)
                if not len(keys):
                    raise EmptyRangeError(
                        f"{text[a:b]!r} matches no {game.name} hand "
                        f"(at position {a} in {quote(text)})"
                    )
                part = by_meaning[meaning] = len(parts)
                parts.append(keys)
                uses.append(use)
            by_text[spelled] = part
        uses[part] = use
    in_order = sorted(range(len(parts)), key=lambda p: uses[p][0])  # by last use
    key_parts = [parts[p] for p in in_order]
    weight_parts = [np.full(len(parts[p]), uses[p][1]) for p in in_order]
    weights = np.concatenate(weight_parts)
    keys = np.concatenate(key_parts)
    if len(key_parts) == 1 and _descending(keys):
        # One item in order (as every pattern and the shared hands are): all one weight.
        if weights[:1].tolist() == [0.0]:
            keys, weights = keys[:0], weights[:0]
        if len(keys) > MAX_HANDS:
            raise _too_many(text, game, len(keys))
        return keys, weights
    if len(key_parts) == 1:
        order = np.argsort(keys)[::-1]  # one item: its hands are unique
    else:
        # A hand given twice keeps the weight it was given last.
        _, last = np.unique(keys[::-1], return_index=True)
        order = (len(keys) - 1 - last)[::-1]  # keys descending: the order of Range.from_combos
    order = order[weights[order] > 0.0]  # weight 0 removes a hand
    if len(order) > MAX_HANDS:
        raise _too_many(text, game, len(order))
    return keys[order], weights[order]


def range_of_rows(text: str, rows: np.ndarray, weights: np.ndarray) -> Range:
    """A :class:`Range` of hands given as rows (tuples built column-wise: twice as fast)."""
    combos = tuple(zip(*(rows[:, i].tolist() for i in range(rows.shape[1])), strict=True))
    rng = Range(text, combos, tuple(weights.tolist()))
    # The engine asks for every hand's mask: made at once with numpy, not one by one.
    object.__setattr__(rng, "_masks", masks_of_rows(rows))
    return rng
