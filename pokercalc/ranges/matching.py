"""Which hands an Omaha pattern holds, found without trying every order of its cards.

A pattern (:mod:`pokercalc.ranges.omaha_grammar`) holds a hand when its cards can be
given the hand's cards one to one.

* Without variables that is Hall's condition: every group of the pattern's
  cards whose card sets overlap finds at least as many cards of the hand in
  their union as it has cards, a few popcounts on the hands' keys
  (:func:`hall_checks`).  Suit variables are given distinct suits every
  distinct way (at most 24), each way such checks.
* Rank variables: a table made once per pattern, from one hand per multiset
  of ranks, says which ranks (read in base 13) the pattern without its suits
  holds, all of the answer for a pattern without suits.  With suits, the
  ranks each variable can take are read off the key a nibble per rank and
  Hall's condition gives the variables distinct ones; where a variable's
  cards compete with the other cards, a search puts the cards carrying
  variables on the hand's columns instead (placements that differ by a
  renaming of variables once).

Symmetry does the rest.  A pattern naming no suit cannot tell apart hands
that a relabelling of suits turns into each other: it is tested once per suit
class (:func:`pokercalc.ranges.rankings.every_class`) and listed from the
classes it holds (:func:`class_hands`).  One naming suits is tested on the
classes once per relabelling of the suits it names (:func:`labelled`).  An
Omaha-6 pattern so costs what the 962,988 classes cost, never what the 20
million hands would.

>>> from pokercalc.core.games import get_game
>>> aces = spec(((frozenset({12}), None, None, None),) * 2 + ((None, None, None, None),) * 3)
>>> game = get_game("omaha5")
>>> int(classes(game).sizes[class_mask(aces, game)].sum())  # AAxxx
108336
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, permutations
from typing import NamedTuple

import numpy as np

from pokercalc.core.games import Game
from pokercalc.ranges.rankings import (
    LABELLINGS,
    class_hand_keys,
    equal_pattern,
    every_class,
    hands_of,
    suit_spread,
    unpack_masks,
)

__all__ = [
    "Card",
    "Classes",
    "Spec",
    "class_hands",
    "class_mask",
    "classes",
    "hall_checks",
    "hand_keys",
    "labelled",
    "labelled_count",
    "labelled_hands",
    "matches",
    "rank_keys",
    "rows_of_keys",
    "spec",
    "structure_of",
    "forget_patterns",
]

#: What one card of a pattern must be: its ranks (None: any), its suit (None: any), and the
#: rank variable and suit variable it carries (None: none).
Card = tuple[frozenset[int] | None, int | None, str | None, str | None]
Cards = tuple[Card, ...]
Slot = tuple[frozenset[int] | None, int | None]
#: A Hall check: the hand holds at least ``need`` cards of ``mask``.
Check = tuple[int, int]
_WILD: Card = (None, None, None, None)


class Spec(NamedTuple):
    """A pattern as the matcher takes it."""

    cards: Cards  #: one per hole card
    pairs: int | None  #: suits holding exactly two cards, none more; None for any structure
    ranks: frozenset[int]  #: the ranks the pattern names, which its rank variables never take
    suits: frozenset[int]  #: the suits the pattern names, which its suit variables never take


def spec(cards: Cards, pairs: int | None = None) -> Spec:
    """The pattern of ``cards`` and suit structure ``pairs``, naming what its cards name: a
    single rank (``A``, ``As``; not ``[AK]``) and a suit."""
    ranks = frozenset(next(iter(c[0])) for c in cards if c[0] is not None and len(c[0]) == 1)
    return Spec(cards, pairs, ranks, frozenset(c[1] for c in cards if c[1] is not None))


def _slots(cards: Sequence[Card]) -> tuple[Slot, ...]:
    """The cards without their variables."""
    return tuple((c[0], c[1]) for c in cards)


def _has_var(card: Card) -> bool:
    return bool(card[2] or card[3])


#: The cards of each suit, as a key (bit ``4 * rank + suit``).
_SUITS = tuple(sum(1 << (4 * r + s) for r in range(13)) for s in range(4))
#: Bit ``4 * rank`` for every rank: a key shifted right by ``s`` and masked so holds the
#: ranks of suit ``s`` (the nibble of a rank holds its four suits).
_NIBBLES = sum(1 << (4 * r) for r in range(13))


# ---------------------------------------------------------------------------
# Keys and rows.


def hand_keys(rows: np.ndarray) -> np.ndarray:
    """The key of each row of cards: the sum of ``1 << card``."""
    one = np.int64(1)
    keys: np.ndarray = np.left_shift(one, rows.astype(np.int64)).sum(axis=1, dtype=np.int64)
    return keys


def rows_of_keys(keys: np.ndarray, k: int) -> np.ndarray:
    """The cards of each key, ``k`` per row, highest first."""
    keys = keys.copy()
    low = np.empty_like(keys)
    count = np.empty(len(keys), dtype=np.uint8)
    out = np.empty((len(keys), k), dtype=np.uint8)
    for col in range(k - 1, -1, -1):  # in place: big temporaries cost their page faults
        np.subtract(keys, 1, out=low)
        np.bitwise_xor(keys, low, out=low)  # the lowest card's bit and those below it
        np.bitwise_count(low, out=count)
        np.subtract(count, 1, out=out[:, col])
        np.bitwise_and(keys, low, out=low)
        np.bitwise_xor(keys, low, out=keys)
    return out


def rank_keys(rows: np.ndarray) -> np.ndarray:
    """The ranks of each row (cards highest first) read as a number in base 13."""
    out = np.zeros(len(rows), dtype=np.int32)
    for col in range(rows.shape[1]):
        out *= 13
        out += rows[:, col] >> 2
    return out


def structure_of(keys: np.ndarray) -> np.ndarray:
    """How many suits of each hand hold two cards, or -1 where a suit holds more."""
    counts = [np.bitwise_count(keys & np.int64(m)) for m in _SUITS]
    pairs = sum(((c == 2).astype(np.int8) for c in counts), np.zeros(len(keys), np.int8))
    out: np.ndarray = np.where(np.maximum.reduce(counts) <= 2, pairs, np.int8(-1))
    return out


# ---------------------------------------------------------------------------
# Hall's condition.


def _card_set(slot: Slot, game: Game) -> int:
    """The cards of the deck that a card of the pattern without variables accepts, as a key."""
    ranks, suit = slot
    return sum(
        1 << c
        for c in game.deck
        if (ranks is None or c >> 2 in ranks) and (suit is None or c & 3 == suit)
    )


def _connected(masks: Sequence[int]) -> bool:
    """True when the sets ``masks`` cannot be split in two groups that share no card."""
    reach, rest = masks[0], list(masks[1:])
    while rest:
        touching = [m for m in rest if m & reach]
        if not touching:
            return False
        for m in touching:
            reach |= m
            rest.remove(m)
    return True


@lru_cache(maxsize=256)
def hall_checks(slots: tuple[Slot, ...], game: Game) -> tuple[Check, ...]:
    """The checks that together say a hand can give each of ``slots`` its own card.

    By Hall's theorem: for every group of slots, the hand holds at least as
    many cards that some slot of the group accepts as the group has slots.
    A slot accepting any card never binds (the hand has a card per slot); a
    group of disjoint parts, or one whose set a smaller group already needs
    as many cards of, adds nothing.

    >>> from pokercalc.core.games import get_game
    >>> g = get_game("omaha")
    >>> [(bin(m).count("1"), n) for m, n in hall_checks(((frozenset({12}), None),) * 2, g)]
    [(4, 2)]
    """
    sets = Counter(_card_set(s, game) for s in slots)
    sets.pop(_card_set((None, None), game), None)
    kinds = list(sets.items())
    need: dict[int, int] = {}
    for size in range(1, len(kinds) + 1):
        for group in combinations(kinds, size):
            if _connected([m for m, _ in group]):
                union = 0
                for m, _ in group:
                    union |= m
                need[union] = max(need.get(union, 0), sum(n for _, n in group))
    return tuple(
        (u, n)
        for u, n in sorted(need.items(), key=lambda un: un[0].bit_count())
        if not any(v != u and v & ~u == 0 and m >= n for v, m in need.items())
    )


def _holds(keys: np.ndarray, checks: Sequence[Check]) -> np.ndarray:
    """Which keys pass every check."""
    ok = np.ones(len(keys), dtype=bool)
    for mask, n in checks:
        ok &= np.bitwise_count(keys & np.int64(mask)) >= n
    return ok


@lru_cache(maxsize=64)
def _suit_given(p: Spec) -> tuple[Spec, ...]:
    """The pattern with its suit variables given distinct suits it does not name, every
    distinct way (just the pattern when it has none)."""
    names = list(dict.fromkeys(c[3] for c in p.cards if c[3]))
    free = [s for s in range(4) if s not in p.suits]
    out: dict[object, Spec] = {}
    for suits in permutations(free, len(names)):
        given = dict(zip(names, suits, strict=True))
        cards = tuple((r, given[sv] if sv else s, rv, None) for r, s, rv, sv in p.cards)
        # Ways that differ by a renaming of the rank variables are one.
        per_var = sorted(
            tuple(sorted(-1 if c[1] is None else c[1] for c in cards if c[2] == v))
            for v in {c[2] for c in cards if c[2]}
        )
        fixed = sorted((sorted(r or ()), -1 if s is None else s) for r, s, rv, _ in cards if not rv)
        out.setdefault((tuple(per_var), tuple(map(repr, fixed))), p._replace(cards=cards))
    return tuple(out.values())


@lru_cache(maxsize=64)
def _suit_choices(p: Spec, game: Game) -> tuple[tuple[Check, ...], ...]:
    """For a pattern with suit variables and no rank variables: the Hall checks of each
    distinct way to give its suit variables distinct suits it does not name."""
    return tuple(dict.fromkeys(hall_checks(_slots(q.cards), game) for q in _suit_given(p)))


def _apart(p: Spec, game: Game) -> bool:
    """True when no card that a card of ``p`` carrying a variable may take is one that a
    card without variables accepts: the two parts of the pattern are then independent."""
    taken = 0
    for ranks, suit, rank_var, suit_var in p.cards:
        if rank_var or suit_var:
            r = frozenset(range(13)) - p.ranks if rank_var else ranks
            s = frozenset(range(4)) - p.suits if suit_var else suit
            for one in s if isinstance(s, frozenset) else (s,):
                taken |= _card_set((r, one), game)
    fixed = _slots([c for c in p.cards if not _has_var(c) and c[:2] != (None, None)])
    return not any(_card_set(slot, game) & taken for slot in fixed)


# ---------------------------------------------------------------------------
# The search for rank variables.


@dataclass(frozen=True)
class _Step:
    """One card carrying a variable, as the search places it."""

    ranks: np.ndarray | None  #: which ranks it may have (13 booleans), None for any
    suits: np.ndarray | None  #: which suits it may have (4 booleans), None for any
    rank_same: int  #: the step that bound its rank variable before, or -1
    rank_apart: tuple[int, ...]  #: steps binding other rank variables, whose ranks differ
    suit_same: int  #: the step that bound its suit variable before, or -1
    suit_apart: tuple[int, ...]  #: steps binding other suit variables, whose suits differ


Trie = dict[int, "Trie"]


def _layout(cards: Sequence[Card | None]) -> tuple[object, ...]:
    """Cards over the columns with their variables renamed by first appearance: layouts that
    differ only by a renaming of variables hold the same hands."""
    names: tuple[dict[str, int], dict[str, int]] = ({}, {})
    out: list[object] = []
    for c in cards:
        if c is None:
            out.append(None)
            continue
        r = names[0].setdefault(c[2], len(names[0])) if c[2] else None
        s = names[1].setdefault(c[3], len(names[1])) if c[3] else None
        out.append((c[0], c[1], r, s))
    return tuple(out)


@lru_cache(maxsize=64)
def _plan(p: Spec) -> tuple[tuple[_Step, ...], Trie]:
    """The cards carrying variables in the order the search places them (ranks given
    first), and a trie of every distinct placement of them on the hand's columns."""
    k = len(p.cards)
    order = sorted(filter(_has_var, p.cards), key=lambda c: (c[0] is None, len(c[0] or ())))
    steps: list[_Step] = []
    first: tuple[dict[str, int], dict[str, int]] = ({}, {})
    for depth, (ranks, suit, rank_var, suit_var) in enumerate(order):
        allowed_ranks = set(range(13) if ranks is None else ranks)
        allowed_suits = set(range(4) if suit is None else (suit,))
        same: list[int] = [-1, -1]
        apart: list[tuple[int, ...]] = [(), ()]
        for i, (var, named, allowed) in enumerate(
            ((rank_var, p.ranks, allowed_ranks), (suit_var, p.suits, allowed_suits))
        ):
            if var in first[i]:
                same[i] = first[i][var]
            elif var:
                allowed -= named
                apart[i] = tuple(first[i].values())
                first[i][var] = depth
        steps.append(
            _Step(
                None if len(allowed_ranks) == 13 else np.isin(np.arange(13), list(allowed_ranks)),
                None if len(allowed_suits) == 4 else np.isin(np.arange(4), list(allowed_suits)),
                same[0],
                apart[0],
                same[1],
                apart[1],
            )
        )
    placements: dict[tuple[object, ...], tuple[int, ...]] = {}
    for cols in permutations(range(k), len(order)):  # in order: the first of each kind is kept
        at: list[Card | None] = [None] * k
        for card, col in zip(order, cols, strict=True):
            at[col] = card
        placements.setdefault(_layout(at), cols)
    trie: Trie = {}
    for cols in sorted(placements.values()):
        node = trie
        for col in cols:
            node = node.setdefault(col, {})
    return tuple(steps), trie


def _search(p: Spec, game: Game, rows: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Which rows some placement of the pattern's variable cards fits, the other cards
    passing Hall on what is left (a boolean mask).

    The placements share their first columns in a trie; each node narrows
    the rows its parent kept, and a row once matched is not tried again.
    """
    steps, trie = _plan(p)
    checks = hall_checks(_slots([c for c in p.cards if not _has_var(c)]), game)
    ok = np.zeros(len(rows), dtype=bool)
    if not steps:
        ok[:] = _holds(keys, checks)
        return ok
    cols = [np.ascontiguousarray(rows[:, j]) for j in range(rows.shape[1])]
    ranks = [c >> 2 for c in cols]
    suits = [c & 3 for c in cols]
    one = np.int64(1)

    def visit(node: Trie, depth: int, idx: np.ndarray, path: tuple[int, ...]) -> None:
        step = steps[depth]
        for col, child in node.items():
            sub = idx[~ok[idx]]
            r = ranks[col][sub]
            fit = np.ones(len(sub), dtype=bool) if step.ranks is None else step.ranks[r]
            if step.rank_same >= 0:
                fit &= r == ranks[path[step.rank_same]][sub]
            for d in step.rank_apart:
                fit &= r != ranks[path[d]][sub]
            if step.suits is not None or step.suit_same >= 0 or step.suit_apart:
                s = suits[col][sub]
                if step.suits is not None:
                    fit &= step.suits[s]
                if step.suit_same >= 0:
                    fit &= s == suits[path[step.suit_same]][sub]
                for d in step.suit_apart:
                    fit &= s != suits[path[d]][sub]
            sub = sub[fit]
            if not len(sub):
                continue
            if child:
                visit(child, depth + 1, sub, (*path, col))
                continue
            if checks:
                left = keys[sub]
                for c in (*path, col):
                    left = left & ~np.left_shift(one, cols[c][sub].astype(np.int64))
                sub = sub[_holds(left, checks)]
            ok[sub] = True

    visit(trie, 0, np.arange(len(rows)), ())
    return ok


# ---------------------------------------------------------------------------
# Rank variables by counting.


def _at_least(keys: np.ndarray, n: int) -> np.ndarray:
    """Bit ``4 * rank`` set where the hand holds at least ``n`` (1 to 4) cards of the rank:
    the cards of each rank counted inside its nibble."""
    pairs = (keys & (_NIBBLES * 5)) + ((keys >> 1) & (_NIBBLES * 5))
    counts = (pairs & (_NIBBLES * 3)) + ((pairs >> 2) & (_NIBBLES * 3))  # 0 to 4 per nibble
    out: np.ndarray = ((counts + _NIBBLES * (8 - n)) >> 3) & _NIBBLES
    return out


def _rank_vars_hold(q: Spec, keys: np.ndarray) -> np.ndarray:
    """Which hands give the rank variables of ``q`` (its cards in named suits or any suit,
    no suit variables) distinct ranks.

    A rank can take a variable when the hand holds that rank in each suit the
    variable's cards name and as many cards of it as the variable has cards:
    a mask of ranks per variable, read off the key a nibble per rank.  The
    variables then need distinct ranks, which is Hall's condition again.
    """
    needs: dict[str, list[int]] = {}
    for _, suit, rank_var, _ in q.cards:
        if rank_var:
            needs.setdefault(rank_var, []).append(-1 if suit is None else suit)
    # Variables needing the same are one kind, taken as many times as there are of them.
    kinds = Counter(tuple(sorted(suits)) for suits in needs.values())
    allowed = np.int64(_NIBBLES & ~sum(1 << (4 * r) for r in q.ranks))
    masks = []
    for suits in kinds:
        named = [s for s in suits if s >= 0]
        if len(set(named)) < len(named):  # one card wanted twice
            return np.zeros(len(keys), dtype=bool)
        mask = keys >> named[0] if named else np.full(len(keys), allowed)
        mask &= allowed
        for s in named[1:]:
            mask &= keys >> s
        if len(named) < len(suits):
            mask &= _at_least(keys, len(suits))
        masks.append((mask, kinds[suits]))
    ok = np.ones(len(keys), dtype=bool)
    for size in range(1, len(masks) + 1):
        for group in combinations(masks, size):
            union = group[0][0] if size == 1 else np.bitwise_or.reduce([m for m, _ in group])
            ok &= np.bitwise_count(union) >= sum(n for _, n in group)
    return ok


# ---------------------------------------------------------------------------
# One hand per multiset of ranks.


@lru_cache(maxsize=8)
def _rank_hands(game: Game) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One hand per multiset of ranks (rows highest first), their keys and rank keys."""
    hands = []
    ranks = range(12, game.lowest_rank - 1, -1)
    for combo in combinations_with_replacement(ranks, game.hole_cards):
        if max(Counter(combo).values()) <= 4:
            hands.append([4 * r + 3 - combo[:i].count(r) for i, r in enumerate(combo)])
    rows = np.array(hands, dtype=np.uint8)
    return rows, hand_keys(rows), rank_keys(rows)


@lru_cache(maxsize=8)
def _rank_table(p: Spec, game: Game) -> np.ndarray:
    """Which rank keys (:func:`rank_keys`) a pattern without suits holds."""
    rows, keys, ranks = _rank_hands(game)
    ok = _holds(keys, hall_checks(_slots(p.cards), game))
    at = np.flatnonzero(ok)
    ok[at] = _search(p, game, rows[at], keys[at])
    table = np.zeros(13**game.hole_cards, dtype=bool)
    table[ranks[ok]] = True
    table.flags.writeable = False
    return table


def matches(
    p: Spec,
    game: Game,
    rows: np.ndarray,
    keys: np.ndarray,
    ranks: np.ndarray | None = None,
    structure: np.ndarray | None = None,
) -> np.ndarray:
    """Which hands (rows, cards highest first, and their keys) the pattern holds; ``ranks``
    and ``structure`` are the hands' :func:`rank_keys` and :func:`structure_of` if known."""
    ok = _holds(keys, hall_checks(_slots(p.cards), game))
    if p.pairs is not None:
        ok &= (structure_of(keys) if structure is None else structure) == p.pairs
    if any(c[2] for c in p.cards):
        # The pattern without suits, looked up: all of it when the pattern has none.
        bare = p._replace(cards=tuple((c[0], None, c[2], None) for c in p.cards), pairs=None)
        ok &= _rank_table(bare, game)[rank_keys(rows) if ranks is None else ranks]
    suited = any(c[1] is not None or c[3] for c in p.cards)
    if suited and any(map(_has_var, p.cards)):
        at = np.flatnonzero(ok)
        ok[at] = _variables(p, game, rows[at], keys[at])
    return ok


def _variables(p: Spec, game: Game, rows: np.ndarray | None, keys: np.ndarray) -> np.ndarray:
    """Which hands give the pattern's variables values, of hands that hold the pattern
    without its variables and, for one with rank variables, without its suits (``rows``:
    the hands' cards, made here if None and needed)."""
    if _apart(p, game):
        # Hall covered the cards without variables; the rest is a pattern of its own.
        p = p._replace(cards=tuple(c if _has_var(c) else _WILD for c in p.cards), pairs=None)
    if not any(c[1] is not None or c[3] for c in p.cards):
        return np.ones(len(keys), dtype=bool)  # the rank table said it all
    if any(c[2] for c in p.cards):
        given = _suit_given(p)
        if not _apart(given[0], game):
            rows = rows_of_keys(keys, len(p.cards)) if rows is None else rows
            return _search(p, game, rows, keys)
        # Each way to give the suit variables suits: its cards without variables by Hall,
        # apart from its rank variables, counted.
        hit = np.zeros(len(keys), dtype=bool)
        for q in given:
            fixed = [c for c in q.cards if not c[2]]
            hit |= _holds(keys, hall_checks(_slots(fixed), game)) & _rank_vars_hold(q, keys)
        return hit
    hit = np.zeros(len(keys), dtype=bool)
    for checks in _suit_choices(p, game):
        hit |= _holds(keys, checks)
    return hit


# ---------------------------------------------------------------------------
# Suit classes.


@dataclass(frozen=True)
class Classes:
    """Every suit class of a game's hands, one hand standing for each (read-only arrays)."""

    keys: np.ndarray  #: the class keys, as :func:`pokercalc.ranges.rankings.every_class`
    sizes: np.ndarray  #: hands per class
    masks: np.ndarray  #: the four rank masks of each, largest first
    equal: np.ndarray  #: which masks equal the next (bit i: mask i and mask i + 1)
    hands: np.ndarray  #: one hand of each class, as a key: mask i in suit 3 - i
    rows: np.ndarray  #: its cards, highest first
    ranks: np.ndarray  #: its :func:`rank_keys`
    structure: np.ndarray  #: its :func:`structure_of`


@lru_cache(maxsize=8)
def classes(game: Game) -> Classes:
    """The classes of ``game`` with a hand of each: suits s, h, d, c given to the masks,
    largest first (as :func:`pokercalc.ranges.rankings.class_name` names them)."""
    keys, sizes = every_class(game)
    masks = unpack_masks(keys).astype(np.uint16)
    equal = equal_pattern(masks).astype(np.int8)
    hands = hands_of(suit_spread(masks), (3, 2, 1, 0))
    rows = rows_of_keys(hands, game.hole_cards)
    out = Classes(keys, sizes, masks, equal, hands, rows, rank_keys(rows), structure_of(hands))
    for a in (masks, equal, hands, rows, out.ranks, out.structure):
        a.flags.writeable = False
    return out


@lru_cache(maxsize=32)
def class_mask(p: Spec, game: Game) -> np.ndarray:
    """Which classes of :func:`classes` a pattern naming no suit holds (read-only: shared)."""
    c = classes(game)
    mask = matches(p, game, c.rows, c.hands, c.ranks, c.structure)
    mask.flags.writeable = False
    return mask


def class_hands(mask: np.ndarray, game: Game) -> np.ndarray:
    """Every hand of the classes ``mask`` selects, as keys in descending order (as a range
    lists them)."""
    return _descending(class_hand_keys(classes(game).keys[mask]))


def _descending(keys: np.ndarray) -> np.ndarray:
    keys.sort()
    out: np.ndarray = keys[::-1].copy()
    return out


# ---------------------------------------------------------------------------
# Patterns naming suits, through the classes.


def _relabel(p: Spec, to: dict[int, int]) -> Spec:
    """The pattern with its named suits relabelled as ``to`` says."""
    cards = tuple((r, None if s is None else to[s], rv, sv) for r, s, rv, sv in p.cards)
    return p._replace(cards=cards, suits=frozenset(to[s] for s in p.suits))


#: What :func:`labelled` chose: groups of classes, each with the ways to give their masks
#: to suits (the suit of mask 0, 1, 2 and 3) that make hands the pattern holds.
Labelled = tuple[tuple[np.ndarray, tuple[tuple[int, ...], ...]], ...]


@lru_cache(maxsize=4)
def labelled(p: Spec, game: Game) -> Labelled:
    """A pattern naming suits on every hand of ``game``, without listing them: a hand is a
    class and a way to give its masks to suits (read-only arrays: shared).

    The hand that gives mask ``i`` suit ``given[i]`` is the class's own hand
    relabelled, so the pattern holds it when the pattern relabelled back
    holds the class's hand: one test per distinct relabelling of the suits
    the pattern names (at most 24), all classes at once, after one test of
    what the pattern needs whatever its suits.
    """
    c = classes(game)
    cards = tuple((r, None, rv, sv) for r, _, rv, sv in p.cards)
    loose = p._replace(cards=cards, suits=frozenset())
    some = np.flatnonzero(matches(loose, game, c.rows, c.hands, c.ranks, c.structure))
    hands, equals = c.hands[some], c.equal[some]
    tested: dict[tuple[int, ...], np.ndarray] = {}
    groups: dict[tuple[int, tuple[int, ...]], list[tuple[int, ...]]] = {}
    for equal, labellings in enumerate(LABELLINGS):
        for given in labellings:
            # Suit t is given to mask given.index(t), which the class's hand holds in suit
            # 3 - given.index(t): the pattern relabelled so holds the class's own hand.
            back = {t: 3 - given.index(t) for t in sorted(p.suits)}
            at = tuple(back.values())
            if at not in tested:
                q = _relabel(p, back)
                held = _holds(hands, hall_checks(_slots(q.cards), game))
                if any(map(_has_var, q.cards)):
                    i = np.flatnonzero(held)
                    held[i] = _variables(q, game, None, hands[i])
                tested[at] = held
            groups.setdefault((equal, at), []).append(given)
    out = []
    for (equal, at), givens in groups.items():
        chosen = some[tested[at] & (equals == equal)].astype(np.int32)
        chosen.flags.writeable = False
        out.append((chosen, tuple(givens)))
    return tuple(out)


def labelled_count(chosen: Labelled) -> int:
    """How many hands :func:`labelled` chose."""
    return sum(len(where) * len(givens) for where, givens in chosen)


def labelled_hands(chosen: Labelled, game: Game) -> np.ndarray:
    """The hands :func:`labelled` chose, as keys in descending order."""
    masks = classes(game).masks
    parts = []
    for where, givens in chosen:
        spread = suit_spread(masks[where])
        parts += [hands_of(spread, given) for given in givens]
    return _descending(np.concatenate(parts))


def forget_patterns() -> None:
    """Drop what was worked out for patterns (not for games: their classes stay), so that a
    benchmark times a pattern's first query."""
    for cached in (hall_checks, _suit_given, _suit_choices, _plan, _rank_table, class_mask):
        cached.cache_clear()
    labelled.cache_clear()
