"""The Omaha range language: hands, patterns with variables, set operators and percentages.

The grammar is documented once, on :func:`parse_omaha_range`; docs/ranges.md
("Omaha ranges") has the worked examples.  Patterns are expanded with numpy
from the pattern itself, never by listing every hand, so six-card patterns
work without the 20 million six-card hands.  :func:`run_omaha_query` is the
data behind ``pokercalc query --game omaha``.

>>> len(parse_omaha_range("AAxx")), len(parse_omaha_range("KQJTss"))
(6961, 144)
>>> len(parse_omaha_range("AsKs***, AAxxx:0.5", "omaha5"))
124551
>>> len(parse_omaha_range("AAxxxds", "omaha5"))
41472
>>> parse_omaha_range("AKQ")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokercalc.errors.ParseError: 'AKQ' has 3 cards where an omaha hand has 4 (x or * is any ...
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations, islice
from math import comb, prod

import numpy as np

from pokercalc.core.cards import (
    RANKS,
    SUIT_CHARS,
    Card,
    CardsLike,
    cards_of,
    cards_of_mask,
    format_cards,
    masks_of_rows,
    suit_of_char,
)
from pokercalc.core.games import Game, get_game
from pokercalc.core.results import CARDS, COUNT, GAME, HANDS, PROB, Result, derived, doc
from pokercalc.errors import EmptyRangeError, InputError, ParseError, quote
from pokercalc.ranges.matching import (
    Spec,
    class_hands,
    class_mask,
    classes,
    labelled,
    labelled_count,
    labelled_hands,
    matches,
    spec,
    structure_of,
)
from pokercalc.ranges.matching import hand_keys as _keys
from pokercalc.ranges.matching import rows_of_keys as _rows_of_keys
from pokercalc.ranges.notation import _NUMBER, DeckRange, Range, _parse_weight, _weight_group
from pokercalc.ranges.query import ClassCount
from pokercalc.ranges.rankings import (
    RANKED_GAMES,
    _no_ranking,
    class_keys,
    class_name,
    every_class,
    omaha_ranking,
    percent_class_count,
    percent_hand_count,
    percent_hand_keys,
    ranking_file,
)

__all__ = [
    "MAX_HANDS",
    "STRUCTURES",
    "class_keys",
    "class_name",
    "every_class",
    "omaha_ranking",
    "check_omaha_range",
    "parse_omaha_range",
    "percent_class_count",
    "ranking_file",
    "run_omaha_query",
    "OmahaQueryResult",
]

#: A range lists at most this many hands (a lone ``random`` player is dealt from the deck).
MAX_HANDS = 3_000_000

#: Suit-structure suffixes: how many suits hold exactly two cards, no suit holding more.
STRUCTURES = {"r": 0, "rb": 0, "ss": 1, "ds": 2, "ts": 3}
_STRUCTURE_NAMES = ("rainbow", "single-suited", "double-suited", "triple-suited")

_RANDOM = ("random", "any")
_WILD = "*xX"
_RANK_OF = {c: i for i, c in enumerate(RANKS)} | {c.lower(): i for i, c in enumerate(RANKS)}
#: a suit letter in either case, or a symbol (♠♥♦♣, ♤♡♢♧): the tool's own output reads back
_SUIT_OF = {c: suit_of_char(c) for c in SUIT_CHARS}
_GROUP = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*", re.A)
_PERCENTS = re.compile(
    r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(?:%?\s*-\s*(\d+(?:\.\d*)?|\.\d+)\s*)?%\s*", re.A
)
#: The operators inside an item: ``:`` or ``and`` (both), ``!`` or ``not`` (but not).
_OPS = re.compile(r"[:!]|(?<![A-Za-z0-9])(?:and|not)(?![A-Za-z0-9])", re.I | re.A)
#: Rows of the cross product of cores and free cards built at once (memory bound).
_CHUNK = 1 << 22

Slot = tuple[frozenset[int] | None, int | None]  # ranks one card may have, its suit; None is any
Hands = tuple[np.ndarray, np.ndarray]  # rows of cards and their keys
Listed = tuple[np.ndarray | None, np.ndarray]  # hands as keys, with their rows if made

#: Suit variables (lowercase): cards with one letter share a suit, different letters differ.
_SUIT_VARS = "wxyz"
#: Rank variables (uppercase): cards with one letter share a rank, different letters differ.
_RANK_VARS = "RONP"


@dataclass(frozen=True)
class _Card:
    """What one hole card of a pattern must be."""

    ranks: frozenset[int] | None  #: the ranks it may have, None for any
    suit: int | None  #: its suit, None for any
    rank_var: str | None = None  #: a rank variable (R, O, N, P) it shares with others
    suit_var: str | None = None  #: a suit variable (w, x, y, z) it shares with others

    @property
    def slot(self) -> Slot:
        """The constraint without its variables (a superset of what the card matches)."""
        return (self.ranks, self.suit)


@dataclass(frozen=True)
class _Pattern:
    """One parsed pattern: a constraint per hole card and an optional suit structure."""

    text: str  #: the pattern as written
    cards: tuple[_Card, ...]  #: one per hole card
    pairs: int | None  #: suits holding exactly two cards (none more), or None: any structure

    @property
    def slots(self) -> tuple[Slot, ...]:
        """The constraint of each card without variables."""
        return tuple(c.slot for c in self.cards)

    @property
    def has_vars(self) -> bool:
        """True when some card carries a rank or suit variable."""
        return any(c.rank_var or c.suit_var for c in self.cards)


# ---------------------------------------------------------------------------
# Parsing.


def _structure(rest: str) -> int | None:
    """The suit structure a suffix such as ``ds`` or ``$ds`` names, or None when it is none."""
    key = "".join(rest.split()).lower().removeprefix("$")
    return STRUCTURES.get(key)


def _possible(pairs: int | None, k: int) -> bool:
    """True when some hand of ``k`` cards, no suit three times, has ``pairs`` suits twice."""
    return pairs is not None and k - 4 <= pairs <= k // 2


def _rank_class(src: str, i: int, end: int) -> tuple[frozenset[int], int]:
    """The ranks of a class ``[T-A]``, ``[AKQ]`` or ``[A,2-5]`` at ``src[i]``, and its end."""
    close = src.find("]", i, end)
    if close < 0:
        raise ParseError("'[' without a matching ']'", src, i)
    ranks: set[int] = set()
    j = i + 1
    last: int | None = None  # the rank just read, which a '-' makes a span
    while j < close:
        ch = src[j]
        if ch.isspace() or ch == ",":
            j += 1
        elif ch == "-" and last is not None:
            k = j + 1
            while k < close and src[k].isspace():
                k += 1
            hi = 8 if src.startswith("10", k) else _RANK_OF.get(src[k]) if k < close else None
            if hi is None:
                raise ParseError("expected a rank after '-' in a rank class", src, k)
            ranks.update(range(min(last, hi), max(last, hi) + 1))
            last, j = None, k + (2 if src.startswith("10", k) else 1)
        elif src.startswith("10", j) or ch in _RANK_OF:
            last = 8 if src.startswith("10", j) else _RANK_OF[ch]
            ranks.add(last)
            j += 2 if src.startswith("10", j) else 1
        else:
            raise ParseError(f"expected a rank or '-' in a rank class, got {ch!r}", src, j)
    if not ranks:
        raise ParseError("empty rank class '[]'", src, i)
    return frozenset(ranks), close + 1


def _read(src: str, start: int, end: int, game: Game, variables: bool) -> _Pattern:
    """Read the pattern ``src[start:end]``; with ``variables``, ``x`` after a rank is a suit."""
    k = game.hole_cards
    token = src[start:end]
    cards: list[_Card] = []
    where: list[int] = []
    seen: set[int] = set()
    pairs: int | None = None
    suffix_at = end
    i = start
    while i < end:
        ch = src[i]
        if ch.isspace():
            i += 1
            continue
        ranks: frozenset[int] | None = None
        rank_var = suit_var = None
        if len(cards) == k and _possible(_structure(src[i:end]), k):
            # "ts" after k cards is no ten, where k cards can be triple-suited.
            pairs, suffix_at = _structure(src[i:end]), i
            break
        if src.startswith("10", i) and i + 2 <= end:
            ranks, j = frozenset((8,)), i + 2
        elif ch in _RANK_OF:
            ranks, j = frozenset((_RANK_OF[ch],)), i + 1
        elif ch == "[":
            ranks, j = _rank_class(src, i, end)
        elif ch in _RANK_VARS:
            rank_var, j = ch, i + 1
        elif variables and ch in _SUIT_VARS:
            # A suit variable on its own is a card of any rank in that suit.
            cards.append(_Card(None, None, None, ch))
            where.append(i)
            i += 1
            continue
        elif ch in _WILD:
            j = i + 1
        else:
            pairs = _structure(src[i:end])
            if pairs is not None:
                suffix_at = i
                break
            if len(cards) >= k:
                rest = src[i:end].strip()
                raise ParseError(
                    f"expected a suit structure (ds, ss, ts, r) or the end, got {rest!r}", src, i
                )
            raise ParseError(
                f"expected a card (a rank, '[' ranks ']', R O N P, '*' or 'x'), got {ch!r}", src, i
            )
        suit = None
        # A suit letter that begins the suffix ("AKQJds") is the suffix's.
        if j < end and src[j] in _SUIT_OF and _structure(src[j:end]) is None:
            suit, j = _SUIT_OF[src[j]], j + 1
        elif variables and j < end and src[j] in _SUIT_VARS:
            suit_var, j = src[j], j + 1
        if ranks is not None and min(ranks) < game.lowest_rank:
            raise ParseError(
                f"the {game.deck_size}-card {game.name} deck has no {RANKS[min(ranks)]}s", src, i
            )
        if ranks is not None and len(ranks) == 1 and suit is not None:
            card = 4 * next(iter(ranks)) + suit
            if card in seen:
                raise ParseError(f"duplicate card {src[i:j]!r}", src, i)
            seen.add(card)
        cards.append(_Card(ranks, suit, rank_var, suit_var))
        where.append(i)
        i = j
    if len(cards) != k:
        said = f"{token!r} has {len(cards)} card{'s' if len(cards) != 1 else ''} where "
        said += f"an {game.name} hand has {k}"
        if len(cards) > k:
            raise ParseError(said, src, where[k])
        body = src[start:suffix_at].strip()
        pad = ("*" if "*" in body or variables else "x") * (k - len(cards))
        example = body + pad + src[suffix_at:end].strip()
        raise ParseError(f"{said} (x or * is any card: {example!r})", src, start)
    if pairs is not None and not (k - pairs <= 4 and 2 * pairs <= k):
        raise EmptyRangeError(
            f"{token!r} matches no {game.name} hand: {k} cards in four suits cannot be "
            f"{_STRUCTURE_NAMES[pairs]} (at position {suffix_at})"
        )
    return _Pattern(token, tuple(cards), pairs)


def _pattern(src: str, start: int, end: int, game: Game) -> _Pattern:
    """Parse the pattern ``src[start:end]`` (trimmed), choosing how to read ``x``.

    ``x`` is a whole card when the pattern has no ``w``, ``y`` or ``z`` and,
    so read, has the game's number of cards (every older pattern); otherwise
    lowercase ``w x y z`` are suit variables.
    """
    token = src[start:end]
    if any(ch in "wyz" for ch in token):
        return _read(src, start, end, game, True)
    try:
        return _read(src, start, end, game, False)
    except ParseError as whole:
        if "x" not in token:
            raise
        try:
            return _read(src, start, end, game, True)
        except ParseError:
            raise whole from None


# ---------------------------------------------------------------------------
# Expansion: hands as numpy rows of card indices (highest first), with 64-bit keys
# (bit c = card c).  Which hands a pattern holds is pokercalc.ranges.matching's part.


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
    keys = _keys(rows)
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


def _spec(pat: _Pattern) -> Spec:
    """The pattern as :mod:`pokercalc.ranges.matching` takes it."""
    return spec(tuple((c.ranks, c.suit, c.rank_var, c.suit_var) for c in pat.cards), pat.pairs)


def _names_a_suit(pat: _Pattern) -> bool:
    """True when some card of ``pat`` has a suit of its own (``As``, ``*h``): only then can
    the pattern tell apart hands that differ by a relabelling of suits."""
    return any(c.suit is not None for c in pat.cards)


def _one_hand(pat: _Pattern) -> int | None:
    """The key of the one hand ``pat`` names card by card (``AsKsQdJd``), or None."""
    key = 0
    for c in pat.cards:
        if c.ranks is None or len(c.ranks) != 1 or c.suit is None:
            return None
        key |= 1 << 4 * next(iter(c.ranks)) + c.suit
    return key


def _pattern_hands(pat: _Pattern, game: Game) -> Listed:
    """The hands (keys descending, rows highest first if made) that ``pat`` matches.

    A pattern naming no suit is tested once per suit class and listed from
    the classes it holds.  Otherwise its candidates are the hands with at
    least its constrained cards, cores (sets filling the constrained slots)
    plus any other cards for the wildcards, or every hand where fewer.
    """
    if not _names_a_suit(pat):
        return _class_hands(class_mask(_spec(pat), game), game, pat.text)
    one = _one_hand(pat)
    if one is not None:  # as a range listed hand by hand spells each: nothing to search
        keys = np.array([one], dtype=np.int64)
        return None, keys if pat.pairs is None else keys[structure_of(keys) == pat.pairs]
    estimate = _candidates(pat, game)
    total = comb(game.deck_size, game.hole_cards)
    if total <= MAX_HANDS and estimate > total:
        # Cheaper to test every hand of the structure than to build the candidates.
        rows, keys = _structure_hands(game, pat.pairs, pat.text)
        ok = matches(_spec(pat), game, rows, keys)
        return rows[ok], keys[ok]
    if total > MAX_HANDS and estimate > _CHUNK // 4:
        # Cheaper to test the classes, once per relabelling of the suits it names.
        chosen = labelled(_spec(pat), game)
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


def _candidates(pat: _Pattern, game: Game) -> int:
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
    keys = _keys(rows)
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


def _plain_hands(pat: _Pattern, game: Game) -> Hands:
    """The hands that ``pat`` matches, from its candidates: every core (a set of cards
    filling its constrained slots) with every set of other cards.

    A hand with several cores is made several times and kept once.  The
    candidates are made a block at a time, each block tested at once, so
    that "too many" is said only of hands the pattern holds.
    """
    k = game.hole_cards
    p = _spec(pat)
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
            rows = _rows_of_keys(keys, k)
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
    return _rows_of_keys(keys, k), keys


def _group_close(src: str, i: int, end: int) -> int | None:
    """Where the ``]`` of a weight group ``[50]`` opening at ``src[i]`` is; None for no group."""
    close = src.find("]", i, end)
    if close < 0 or not _GROUP.fullmatch(src, i + 1, close):
        return None
    return close


def _omaha_items(src: str, start: int, end: int) -> Iterator[tuple[int, int, float | None]]:
    """Split ``src[start:end]`` at commas into items; ``[50]...[/50]`` groups keep their weight.

    A bracket holding a number opens a weight group; any other bracket is a
    rank class inside an item (its commas do not split).
    """
    # Where the last text that is not a comma or blank is, found once: a comma after it has
    # nothing after it.  (Looking at the rest at each comma took time quadratic in the text.)
    solid_end = start + len(src[start:end].rstrip(", \t\r\n"))
    i = start
    first = True  # nothing read yet
    while i < end:
        comma = False  # a comma since the last item
        while i < end and (src[i].isspace() or src[i] == ","):
            if src[i] == ",":
                if first or comma:
                    raise ParseError("expected a hand or range before ','", src, i)
                if i >= solid_end:
                    raise ParseError("expected a hand or range after ','", src, i)
                comma = True
            i += 1
        first = False
        if i >= end:
            break
        close = _group_close(src, i, end) if src[i] == "[" else None
        if close is not None:
            weight, tag, tag_end = _weight_group(src, i, close, end)
            for j in range(close + 1, tag):
                if src[j] == "[" and _group_close(src, j, tag) is not None:
                    raise ParseError("weight groups cannot nest", src, j)
            for a, b, _ in _omaha_items(src, close + 1, tag):
                yield a, b, weight
            i = tag_end + 1
            continue
        j = i
        while j < end and src[j] != ",":
            if src[j] == "[":
                if _group_close(src, j, end) is not None:
                    break
                shut = src.find("]", j, end)
                if shut < 0:
                    raise ParseError("'[' without a matching ']'", src, j)
                j = shut
            elif src[j] == "]":
                raise ParseError("']' without a matching '['", src, j)
            j += 1
        yield i, j, None
        i = j


def _trim(src: str, a: int, b: int) -> tuple[int, int]:
    """``a, b`` moved past the blanks at both ends of ``src[a:b]``."""
    while a < b and src[a].isspace():
        a += 1
    while b > a and src[b - 1].isspace():
        b -= 1
    return a, b


def _weight_at(src: str, a: int, b: int, k: int) -> int:
    """Where the ``:`` of an item's weight is, or -1: a ``:`` followed by a number at the end.

    A number that is also a hand of ``k`` ranks 2-9 (``AAxx:5432``) is the hand.
    """
    colon = src.rfind(":", a, b)
    if colon < 0 or not _NUMBER.fullmatch(src, colon + 1, b):
        return -1
    digits = "".join(src[colon + 1 : b].split())
    if len(digits) == k and all(d in "23456789" for d in digits):
        return -1
    return colon


def _every_hand(game: Game) -> Hands:
    """Every hand of the game as rows and keys (read-only: shared); too many is an error."""
    return _structure_hands(game, None, "random")


def _percent_hands(src: str, lo: float, hi: float, at: int, game: Game) -> Listed:
    """The hands of the classes ranked from the top ``lo`` % (exclusive) to the top ``hi`` %
    (keys only: rows are made when needed); ``lo < hi``, checked by :func:`_operand`."""
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


#: An operand: a pattern, a percentage band (lowest and highest percent), or random (None).
_Operand = _Pattern | tuple[float, float] | None


def _operand(src: str, a: int, b: int, game: Game) -> _Operand:
    """Parse one operand ``src[a:b]`` (trimmed): ``random``, a percentage or a pattern."""
    token = src[a:b]
    if token.lower() in _RANDOM:
        return None
    if m := _PERCENTS.fullmatch(token):
        lo, hi = (0.0, float(m[1])) if m[2] is None else (float(m[1]), float(m[2]))
        if game.name not in RANKED_GAMES:
            raise ParseError(_no_ranking(game), src, a)
        for value in (lo, hi):
            if not 0.0 <= value <= 100.0:
                raise ParseError(f"percentage {value:g}% is not in [0, 100]", src, a)
        lo, hi = min(lo, hi), max(lo, hi)  # either order, as hold'em's 88-JJ
        if hi == lo:
            raise ParseError(f"percentage range {lo:g}%-{hi:g}% is empty", src, a)
        return lo, hi
    if "%" in token:
        raise ParseError("expected a percentage such as 15% or 5%-10%", src, a + token.index("%"))
    if _NUMBER.fullmatch(token) and not set(token) <= set("23456789 "):
        raise ParseError("a weight goes at the end of an item ('AAxx:KKxx:0.5')", src, a)
    return _pattern(src, a, b, game)


def _by_class(operand: _Operand) -> bool:
    """True when the operand holds whole suit classes: ``random`` or a pattern naming no suit
    (a percentage does too, but is listed by its ranking)."""
    return operand is None or (isinstance(operand, _Pattern) and not _names_a_suit(operand))


def _empty(src: str, a: int, b: int, game: Game) -> EmptyRangeError:
    return EmptyRangeError(
        f"{src[a:b]!r} matches no {game.name} hand (at position {a} in {quote(src)})"
    )


def _atom(src: str, a: int, b: int, operand: _Operand, game: Game) -> Listed:
    """The hands of one operand ``src[a:b]``, listed; a pattern matching none is an error."""
    if operand is None:
        return _every_hand(game)
    if isinstance(operand, tuple):
        return _percent_hands(src, operand[0], operand[1], a, game)
    rows, keys = _pattern_hands(operand, game)
    if not len(keys):
        raise _empty(src, a, b, game)
    return rows, keys


def _class_atom(src: str, a: int, b: int, operand: _Operand, game: Game) -> np.ndarray:
    """The classes an operand of :func:`_by_class` holds; a pattern holding none is an error."""
    if not isinstance(operand, _Pattern):
        return np.ones(len(classes(game).keys), dtype=bool)
    mask = class_mask(_spec(operand), game)
    if not mask.any():
        raise _empty(src, a, b, game)
    return mask


def _holding(operand: _Operand, game: Game, rows: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Which of the hands ``rows`` (keys ``keys``) an operand of :func:`_by_class` holds."""
    if not isinstance(operand, _Pattern):
        return np.ones(len(keys), dtype=bool)
    return matches(_spec(operand), game, rows, keys)


#: One operand of an item: whether ``!``/``not`` negates it, where it is, what it is.
_Atom = tuple[bool, int, int, _Operand]


def _atoms(src: str, a: int, b: int, game: Game) -> list[_Atom]:
    """The operands of ``src[a:b]``, parsed, each with whether it is negated."""
    pieces: list[tuple[str | None, int, int]] = []  # (operator before, start, end)
    pending: str | None = None
    last, word = a, ""
    for m in _OPS.finditer(src, a, b):
        s, e, word = m.start(), m.end(), m[0]
        op = "!" if word.lower() in ("!", "not") else ":"
        if src[last:s].strip():
            pieces.append((pending, last, s))
            pending = op
        elif pending == ":" and op == "!":
            pending = "!"  # "and not", ":!"
        elif pending is None and not pieces and op == "!":
            pending = "!"  # a leading "not": every hand but ...
        else:
            raise ParseError(f"expected a hand or range before {m[0]!r}", src, s)
        last = e
    if not src[last:b].strip():
        raise ParseError(f"expected a hand or range after {word!r}", src, last)
    pieces.append((pending, last, b))
    atoms: list[tuple[bool, int, int, _Operand]] = []  # (negative, start, end, operand)
    for before, s, e in pieces:
        s, e = _trim(src, s, e)
        if s == e:
            raise ParseError("expected a hand or range", src, s)
        atoms.append((before == "!", s, e, _operand(src, s, e, game)))
    return atoms


def _meaning(atoms: list[_Atom]) -> tuple[object, ...]:
    """What the hands of parsed operands depend on: not where they are or how they are
    spelled (``AAxx``, ``aaxx`` and ``A A x x`` mean one thing), only their order, negations
    and constraints."""
    return tuple(
        (negative, (op.cards, op.pairs) if isinstance(op, _Pattern) else op)
        for negative, _, _, op in atoms
    )


def _combine(src: str, a: int, b: int, atoms: list[_Atom], game: Game) -> Listed:
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
                        rows = _rows_of_keys(keys, game.hole_cards)
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
    out_rows = _rows_of_keys(out, game.hole_cards)
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


#: An item of a range, read: its place, its weight, the text the hands depend on (without
#: the weight) and that text's operands.
_Item = tuple[int, int, float, str, list[_Atom]]


def _items(text: str, game: Game) -> list[_Item]:
    """Every item of an Omaha range, read and checked but not expanded: a mistake anywhere in
    the text is an error before any item's hands are listed (which takes seconds for wide
    Omaha-6 patterns).  Items spelled alike share their operands."""
    items: list[_Item] = []
    read: dict[str, list[_Atom]] = {}
    for a, b, group in _omaha_items(text, 0, len(text)):
        a, b = _trim(text, a, b)
        if a == b:
            raise ParseError("expected a hand or range", text, a)
        weight = 1.0
        colon = _weight_at(text, a, b, game.hole_cards)
        if colon >= 0:
            weight = _parse_weight(text, colon + 1, b, percent=False)
            a, b = _trim(text, a, colon)
            if a == b:
                raise ParseError("a weight needs a hand or range before the ':'", text, colon)
        atoms = read.get(text[a:b])
        if atoms is None:
            atoms = read[text[a:b]] = _atoms(text, a, b, game)
        items.append((a, b, weight * (1.0 if group is None else group), text[a:b], atoms))
    if not items:
        raise ParseError("empty range", text, 0)
    return items


def check_omaha_range(text: str, game: Game | str = "omaha") -> None:
    """Raise the :class:`ParseError` that :func:`parse_omaha_range` would for ``text``'s
    spelling, without listing its hands (cheap: the engine reads every player's range so
    before it expands the first)."""
    if not isinstance(text, str):
        raise ParseError(f"a range must be text, not {type(text).__name__}")
    _items(text, _omaha_game(game))


def _hands(text: str, game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The hands of an Omaha range as keys (in descending order, as a range lists them) and
    their weights.

    The whole text is read first (:func:`_items`): a mistake in any item is
    found before the first is expanded.  Each distinct item is then expanded
    once: an item spelled as an earlier one, or meaning the same
    (:func:`_meaning`), takes that item's hands, so 20,000 copies of ``AAxx``
    cost one expansion.  A hand keeps the weight it was given last, and an
    item whose hands a later item gives again is overruled in every hand, so
    only each distinct item's last use is merged, once, at the end.  Of the
    items that match no hand, the first is the error.
    """
    parts: list[np.ndarray] = []  # the hands of each distinct item
    uses: list[tuple[int, float]] = []  # per part: the last item using it, and that weight
    by_text: dict[str, int] = {}  # an item's text (without its weight) -> its part
    by_meaning: dict[tuple[object, ...], int] = {}
    for n, (a, b, weight, spelled, atoms) in enumerate(_items(text, game)):
        use = (n, weight)
        part = by_text.get(spelled)
        if part is None:
            meaning = _meaning(atoms)
            part = by_meaning.get(meaning)
            if part is None:
                _, keys = _combine(text, a, b, atoms, game)
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


def _omaha_game(game: Game | str) -> Game:
    g = get_game(game)
    if g.range_language != "omaha":
        raise InputError(
            f"{g.name} is not an Omaha game; its ranges are hold'em notation (parse_range)"
        )
    return g


def _bare_random(text: str) -> bool:
    return text.strip().lower() in _RANDOM


def parse_omaha_range(text: str, game: Game | str = "omaha") -> Range:
    """Parse an Omaha range into a :class:`Range` of ``game.hole_cards``-card hands.

    Grammar (case-insensitive except the variables; blanks allowed around
    items, operators and between cards)::

        range     := item ("," item)*                     union; a later item's weight wins
        item      := expr [":" WEIGHT]                    WEIGHT a number in [0, 1]
                   | "[" PERCENT "]" range "[/" PERCENT "]"   Equilab weight group, in percent
        expr      := ["!" | "not"] atom (op atom)*        left to right; a leading ! is
                                                          every hand but the atom
        op        := ":" | "and"                          both (intersection)
                   | "!" | "not" | "and not"             but not (difference)
        atom      := "random" | "any"                     every hand of the deck
                   | NUMBER "%" ["-" NUMBER "%"]          the best classes of the game's ranking
                   | card{k} [structure]                  k = the game's hole cards (4, 5, 6)
        card      := rank [SUIT | SUITVAR]                As, A, Ax
                   | ("*" | "x") [SUIT]                   any card; *s: any spade
                   | ["*"] SUITVAR                        any card of a suit variable: x, *y
        rank      := RANK | "[" span ("," span)* "]"      A; [T-A], [AKQ], [A,2-5]: one of
                   | RANKVAR                              R O N P (uppercase)
        span      := RANK ["-" RANK]                      aces high: [A-T] is [T-A]
        structure := ["$"] ("ds" | "ss" | "ts" | "r" | "rb")

    A pattern matches every hand whose cards can be given one to each of its
    cards: ``AAxx`` and ``AA**`` are the hands with at least two aces,
    ``AKQJ`` an ace, king, queen and jack in any suits, ``AsKs**`` the hands
    holding both, ``AsKxx`` the ace of spades, a king and two more; a card
    given twice (``AsAs**``) is an error.  RANK is ``2-9 T J Q K A`` (``10``
    for ``T``), SUIT ``c d h s`` or a suit symbol.

    Variables (ProPokerTools' generic syntax): cards with the same rank
    variable share a rank and different ones differ (``RR**`` holds a pair,
    ``RROO`` two pairs, ``RRON`` one pair and two other ranks); cards with
    the same suit variable ``w x y z`` share a suit and different ones differ
    (``AxAy*x*y``: double-suited aces).  A variable never takes a rank or
    suit the pattern names (``AARR``: aces and another pair).  Reading of
    ``x``: when the pattern holds no ``w``, ``y`` or ``z`` and, with ``x`` as
    a whole card, has the game's number of cards (``AAxx``, ``AsKxx``), ``x``
    is a whole card, as it always was; otherwise lowercase ``w x y z`` are
    suit variables, after a rank or ``*`` the card's suit, alone a card of
    any rank in that suit (``AxKx**``, ``AxAyxy``), and ``*`` or ``X`` is a
    whole card.  The two readings never both give the right number of cards.

    ``:`` followed by a number at the end of an item is its weight, unless
    the number is a hand of ``k`` ranks 2-9 (``AAxx:5432``); any other ``:``
    is ``and``.  A bracket holding a number opens a weight group, any other
    bracket is a rank class.  ``15%`` is the best classes of the game's
    ranking (:func:`omaha_ranking`: equity against three random hands; in
    the hi/lo games hi/lo equity; shipped in ``pokercalc/data``, see
    :mod:`pokercalc.ranges.rankings`) whose hands first reach 15 % of all
    hands, whole classes only; ``5%-10%`` is ``10%`` without ``5%``.

    The structure counts the suits of all the hand's cards: ``ds``
    double-suited, ``ss`` single-suited, ``ts`` triple-suited and ``r``
    rainbow are the hands in which exactly 2, 1, 3 and 0 suits hold two cards
    and no suit holds more.  In Omaha-4, ``ds`` is 2-2, ``ss`` 2-1-1 and
    ``r`` 1-1-1-1; in Omaha-5 ``ds`` is 2-2-1 and ``ss`` 2-1-1-1; in Omaha-6
    ``ds`` is 2-2-1-1 and ``ts`` 2-2-2 (the other structures hold no hand
    there).  A suit letter right before a suffix belongs to the suffix
    (``AKQJds`` is ``AKQJ`` double-suited; ``AKQJsds`` has the jack of spades).

    Errors: :class:`ParseError` naming the problem and its position,
    :class:`EmptyRangeError` for an atom or item that matches no hand, and
    :class:`InputError` for a game that is not Omaha or a range of more than
    :data:`MAX_HANDS` hands (``random`` alone is never listed: the engine
    deals it).  Combos are sorted as :meth:`Range.from_combos` sorts them.

    >>> r = parse_omaha_range("AsKsQdJd, AAxx:0.5")
    >>> len(r), r.combos[0], r.total_weight
    (6962, (51, 50, 49, 48), 3481.5)
    >>> len(parse_omaha_range("xxxxds")), len(parse_omaha_range("xxxxxxts", "omaha6"))
    (36504, 1898208)
    >>> [len(parse_omaha_range(t)) for t in ("AxAy*x*y", "RR**", "[T-A][T-A]xx", "AAxx!AAAx")]
    [864, 87685, 135565, 6768]
    """
    if not isinstance(text, str):
        raise ParseError(f"a range must be text, not {type(text).__name__}")
    g = _omaha_game(game)
    keys, weights = _hands(text, g)
    return _range(text, _rows_of_keys(keys, g.hole_cards), weights)


def _range(text: str, rows: np.ndarray, weights: np.ndarray) -> Range:
    """A :class:`Range` of hands given as rows (tuples built column-wise: twice as fast)."""
    combos = tuple(zip(*(rows[:, i].tolist() for i in range(rows.shape[1])), strict=True))
    rng = Range(text, combos, tuple(weights.tolist()))
    # The engine asks for every hand's mask: made at once they cost 0.2 s for the 2.6M
    # Omaha-5 hands, not 4 s one by one.
    object.__setattr__(rng, "_masks", masks_of_rows(rows))
    return rng


# ---------------------------------------------------------------------------
# The result of `pokercalc query --game omaha`.


@dataclass(frozen=True, kw_only=True)
class OmahaQueryResult(Result):
    """An Omaha expression after card removal, for ``pokercalc query --game omaha``."""

    expression: str = doc("the expression as given")
    game: Game = doc("the Omaha game whose hands these are", GAME)
    board: tuple[Card, ...] = doc("board cards removed from the range", CARDS)
    dead: tuple[Card, ...] = doc("dead cards removed from the range", CARDS)
    left: DeckRange | tuple[np.ndarray, np.ndarray] = doc(
        "the hands left: their keys (bit c for card c; in descending order, as a range lists "
        "them) and their weights, or a bare random too big to list",
        output=False,
    )

    @cached_property
    def range(self) -> Range | DeckRange:
        """The hands left as a :class:`Range` (built on first use: for a big range that takes
        longer than the query itself), or the unlisted deck."""
        if isinstance(self.left, DeckRange):
            return self.left
        keys, weights = self.left
        return _range(self.expression, _rows_of_keys(keys, self.game.hole_cards), weights)

    @property
    @derived(COUNT)
    def count(self) -> int:
        """Hands left after card removal."""
        return len(self.left) if isinstance(self.left, DeckRange) else len(self.left[0])

    matched: int = doc("hands the expression matched before card removal", COUNT)

    @property
    @derived(COUNT)
    def removed(self) -> int:
        """Hands matched that card removal took out."""
        return self.matched - self.count

    @property
    @derived(minimum=1)
    def total(self) -> int:
        """Every hand of the game: C(deck size, hole cards)."""
        return comb(self.game.deck_size, self.game.hole_cards)

    @property
    @derived(PROB)
    def share(self) -> float:
        """Hands left as a share of every hand of the game."""
        return self.count / self.total

    @property
    @derived(minimum=0)
    def weight(self) -> float:
        """Sum of the weights of the hands left (``count`` when unweighted)."""
        if isinstance(self.left, DeckRange):
            return self.left.total_weight
        if not self.is_weighted:
            return float(len(self.left[1]))  # the sum of ones, without summing them
        return float(sum(self.left[1].tolist()))

    @property
    def is_weighted(self) -> bool:
        """True when some hand left has a weight other than 1."""
        return not isinstance(self.left, DeckRange) and bool((self.left[1] != 1.0).any())

    @property
    @derived(items=HANDS)
    def combos(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand left, in the range's order (InputError past MAX_HANDS: too many for JSON)."""
        if isinstance(self.left, DeckRange):
            return tuple(cards_of(c) for c, _ in self._listed)
        self._listable()
        # Card objects gathered by numpy: millions of hands in seconds, not a minute.
        rows = _rows_of_keys(self.left[0], self.game.hole_cards)
        return tuple(map(tuple, _card_objects()[rows].tolist()))

    @property
    @derived(items=PROB)
    def weights(self) -> tuple[float, ...]:
        """The weight of each hand left, in the same order."""
        if isinstance(self.left, DeckRange):
            return tuple(w for _, w in self._listed)
        self._listable()
        return tuple(self.left[1].tolist())

    @property
    @derived(maxItems=0)
    def classes(self) -> tuple[ClassCount, ...]:
        """Always empty: Omaha hands have no 13x13 grid of classes."""
        return ()

    def _listable(self) -> None:
        """InputError when the hands left are too many to list in JSON (past MAX_HANDS)."""
        if self.count > MAX_HANDS:
            raise InputError(
                f"{quote(self.expression)} holds {self.count:,} {self.game.name} hands, too "
                "many for JSON; count them with the table output or list them with --list"
            )

    @cached_property
    def _listed(self) -> list[tuple[tuple[int, ...], float]]:
        """Every hand left with its weight, for the JSON form (at most MAX_HANDS)."""
        self._listable()
        return list(self.hands())

    def hands(self) -> Iterator[tuple[tuple[int, ...], float]]:
        """The hands left with their weights, in the range's order (highest cards first)."""
        if isinstance(self.left, DeckRange):
            free = sorted(cards_of_mask(self.left.free), reverse=True)
            for combo in combinations(free, self.game.hole_cards):
                yield combo, 1.0
            return
        keys, weights = self.left
        for start in range(0, len(keys), 4096):  # a block of tuples at a time: examples are few
            block = _rows_of_keys(keys[start : start + 4096], self.game.hole_cards)
            combos = zip(*(block[:, i].tolist() for i in range(block.shape[1])), strict=True)
            yield from zip(combos, weights[start : start + 4096].tolist(), strict=True)

    def examples(self, n: int) -> list[tuple[tuple[int, ...], float]]:
        """The first ``n`` hands left, with their weights."""
        return list(islice(self.hands(), n))

    def lines(self) -> Iterator[str]:
        """One hand per line in ASCII (``AsKsQdJd``), with ``:weight`` when it is not 1."""
        for combo, w in self.hands():
            yield format_cards(combo) + ("" if w == 1.0 else f":{w!r}")


@lru_cache(maxsize=1)
def _card_objects() -> np.ndarray:
    """The 52 :class:`Card` objects by number, as a numpy array to gather from."""
    out = np.empty(52, dtype=object)
    out[:] = [Card(i) for i in range(52)]
    return out


def run_omaha_query(
    text: str,
    game: Game | str = "omaha",
    board: CardsLike = (),
    dead: CardsLike = (),
) -> OmahaQueryResult:
    """Parse an Omaha range and remove the hands using board or dead cards.

    A bare ``random`` too big to list (Omaha-6) is counted, not listed.  A
    range whose every hand is blocked raises :class:`EmptyRangeError` naming
    the blocking cards.

    >>> r = run_omaha_query("AAxx", board="AcKd2h")
    >>> r.matched, r.count, r.total, r.examples(1)[0][0]
    (6961, 3151, 270725, (51, 50, 49, 47))
    """
    from pokercalc.core.validate import check_board_and_dead

    if not isinstance(text, str):
        raise ParseError(f"a range must be text, not {type(text).__name__}")
    g = _omaha_game(game)
    b, d = check_board_and_dead(board, dead, game=g)
    removed = b + d
    if _bare_random(text) and comb(g.deck_size, g.hole_cards) > MAX_HANDS:
        deck = DeckRange(text, g.hole_cards, g.deck_mask)
        left = deck.without(removed, player="the query")
        return OmahaQueryResult(
            expression=text,
            game=g,
            board=cards_of(b),
            dead=cards_of(d),
            left=left,
            matched=len(deck),
        )
    keys, weights = _hands(text, g)
    keep = (keys & np.int64(sum(1 << c for c in removed))) == 0
    if len(keys) and not keep.any():
        used = int(np.bitwise_or.reduce(keys))
        blockers = [c for c in removed if used >> c & 1]
        raise EmptyRangeError(
            f"the query ({text!r}) has no hand left: all are blocked by {format_cards(blockers)}"
        )
    return OmahaQueryResult(
        expression=text,
        game=g,
        board=cards_of(b),
        dead=cards_of(d),
        left=(keys[keep], weights[keep]) if removed else (keys, weights),
        matched=len(weights),
    )
