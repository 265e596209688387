"""The Omaha range language: specific hands, ``random`` and patterns of four to six hole cards.

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
    cards_of_mask,
    format_cards,
    mask_of,
    suit_of_char,
)
from pokercalc.core.games import Game, get_game
from pokercalc.core.results import CARDS, COUNT, GAME, HANDS, PROB, Result, derived, doc
from pokercalc.errors import EmptyRangeError, InputError, ParseError, quote
from pokercalc.ranges.notation import DeckRange, Range, _items, _parse_weight
from pokercalc.ranges.query import ClassCount

__all__ = ["MAX_HANDS", "STRUCTURES", "parse_omaha_range", "run_omaha_query", "OmahaQueryResult"]

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
#: Rows of the cross product of cores and free cards built at once (memory bound).
_CHUNK = 1 << 22

Slot = tuple[int | None, int | None]  # (rank, suit) that one card must have; None is any


@dataclass(frozen=True)
class _Pattern:
    """One parsed item: a card constraint per hole card and an optional suit structure."""

    text: str  #: the item as written (weight excluded)
    slots: tuple[Slot, ...]  #: one per hole card; (None, None) is a wildcard
    pairs: int | None  #: suits holding exactly two cards (none more), or None: any structure


# ---------------------------------------------------------------------------
# Parsing.


def _structure(rest: str) -> int | None:
    """The suit structure a suffix such as ``ds`` or ``$ds`` names, or None when it is none."""
    key = "".join(rest.split()).lower().removeprefix("$")
    return STRUCTURES.get(key)


def _possible(pairs: int | None, k: int) -> bool:
    """True when some hand of ``k`` cards, no suit three times, has ``pairs`` suits twice."""
    return pairs is not None and k - 4 <= pairs <= k // 2


def _pattern(src: str, start: int, end: int, game: Game) -> _Pattern | None:
    """Parse the item ``src[start:end]`` (trimmed, no weight); None for ``random``."""
    token = src[start:end]
    if token.lower() in _RANDOM:
        return None
    if "%" in token:
        raise ParseError("percentage ranges are not defined for Omaha", src, src.index("%", start))
    k = game.hole_cards
    slots: list[Slot] = []
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
        rank: int | None
        if len(slots) == k and _possible(_structure(src[i:end]), k):
            # "ts" after k cards is no ten, where k cards can be triple-suited.
            pairs, suffix_at = _structure(src[i:end]), i
            break
        if src.startswith("10", i) and i + 2 <= end:
            rank, j = 8, i + 2
        elif ch in _RANK_OF:
            rank, j = _RANK_OF[ch], i + 1
        elif ch in _WILD:
            rank, j = None, i + 1
        else:
            pairs = _structure(src[i:end])
            if pairs is not None:
                suffix_at = i
                break
            if len(slots) >= k:
                rest = src[i:end].strip()
                raise ParseError(
                    f"expected a suit structure (ds, ss, ts, r) or the end, got {rest!r}", src, i
                )
            raise ParseError(f"expected a rank, '*' or 'x', got {ch!r}", src, i)
        suit = None
        # A suit letter that begins the suffix ("AKQJds") is the suffix's.
        if j < end and src[j] in _SUIT_OF and _structure(src[j:end]) is None:
            suit, j = _SUIT_OF[src[j]], j + 1
        if rank is not None and rank < game.lowest_rank:
            raise ParseError(
                f"the {game.deck_size}-card {game.name} deck has no {RANKS[rank]}s", src, i
            )
        if rank is not None and suit is not None:
            if 4 * rank + suit in seen:
                raise ParseError(f"duplicate card {src[i:j]!r}", src, i)
            seen.add(4 * rank + suit)
        slots.append((rank, suit))
        where.append(i)
        i = j
    if len(slots) != k:
        said = f"{token!r} has {len(slots)} card{'s' if len(slots) != 1 else ''} where "
        said += f"an {game.name} hand has {k}"
        if len(slots) > k:
            raise ParseError(said, src, where[k])
        body = src[start:suffix_at].strip()
        pad = ("*" if "*" in body else "x") * (k - len(slots))
        example = body + pad + src[suffix_at:end].strip()
        raise ParseError(f"{said} (x or * is any card: {example!r})", src, start)
    if pairs is not None and not (k - pairs <= 4 and 2 * pairs <= k):
        raise EmptyRangeError(
            f"{token!r} matches no {game.name} hand: {k} cards in four suits cannot be "
            f"{_STRUCTURE_NAMES[pairs]} (at position {suffix_at})"
        )
    return _Pattern(token, tuple(slots), pairs)


# ---------------------------------------------------------------------------
# Expansion: hands as numpy rows of card indices, with 64-bit keys (bit c = card c).


def _keys(rows: np.ndarray) -> np.ndarray:
    """The key of each row of cards: the sum of ``1 << card``."""
    one = np.int64(1)
    return np.left_shift(one, rows.astype(np.int64)).sum(axis=1, dtype=np.int64)


def _rows_of_keys(keys: np.ndarray, k: int) -> np.ndarray:
    """The cards of each key, ``k`` per row, highest first."""
    keys = keys.copy()
    out = np.empty((len(keys), k), dtype=np.uint8)
    for col in range(k - 1, -1, -1):
        low = keys & -keys
        out[:, col] = np.frexp(low.astype(np.float64))[1] - 1  # exact for powers of two
        keys ^= low
    return out


def _structure_mask(rows: np.ndarray, pairs: int) -> np.ndarray:
    """Which rows have exactly ``pairs`` suits of two cards and no suit of three or more."""
    suits = rows & 3
    counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
    result: np.ndarray = (counts.max(axis=1) <= 2) & ((counts == 2).sum(axis=1) == pairs)
    return result


def _combo_rows(cards: Sequence[int], w: int) -> np.ndarray:
    """Every set of ``w`` of ``cards``, one per row."""
    n = comb(len(cards), w)
    flat = np.fromiter(
        (c for combo in combinations(cards, w) for c in combo), dtype=np.uint8, count=n * w
    )
    return flat.reshape(n, w)


@lru_cache(maxsize=8)
def _free(deck: tuple[int, ...], w: int) -> tuple[np.ndarray, np.ndarray]:
    """Every set of ``w`` cards of ``deck``, as rows and keys (read-only: they are shared)."""
    rows = _combo_rows(deck, w)
    keys = _keys(rows)
    rows.flags.writeable = keys.flags.writeable = False
    return rows, keys


def _too_many(text: str, game: Game, n: int | None) -> InputError:
    holds = f"{n:,}" if n is not None else f"more than {MAX_HANDS:,}"
    return InputError(
        f"{quote(text)} holds {holds} {game.name} hands, too many to list (at most "
        f"{MAX_HANDS:,}); for a player who may hold any hand write 'random' on its own"
    )


def _deck_hands(game: Game, pairs: int | None, text: str) -> np.ndarray:
    """Every hand of the deck, or of one suit structure, built suit by suit."""
    k = game.hole_cards
    per_suit = 13 - game.lowest_rank
    vectors = []
    for a in range(k + 1):
        for b in range(k + 1 - a):
            for c in range(k + 1 - a - b):
                v = (a, b, c, k - a - b - c)
                if max(v) > per_suit:
                    continue
                if pairs is not None and (max(v) > 2 or v.count(2) != pairs):
                    continue
                vectors.append(v)
    total = sum(prod(comb(per_suit, c) for c in v) for v in vectors)
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
    for (rank, suit), n in Counter(fixed).items():
        cands = [
            c
            for c in game.deck
            if (rank is None or c >> 2 == rank) and (suit is None or c & 3 == suit)
        ]
        options = [sum(1 << c for c in combo) for combo in combinations(cands, n)]
        masks = {m | o for m in masks for o in options if not m & o}
    return np.array(sorted(masks), dtype=np.int64)


def _pattern_hands(pat: _Pattern, game: Game) -> np.ndarray:
    """The hands (rows, unique, any order) that ``pat`` matches.

    Hands with at least the constrained cards are cores (sets filling the
    constrained slots) plus any other cards for the wildcards; a hand with
    several cores is made several times and kept once (by its key).
    """
    k = game.hole_cards
    fixed = [s for s in pat.slots if s != (None, None)]
    if not fixed:
        return _deck_hands(game, pat.pairs, pat.text)
    core_keys = _cores(fixed, game)
    if not len(core_keys):  # more cards of a rank or suit than the deck has
        return np.zeros((0, k), dtype=np.uint8)
    core_rows = _rows_of_keys(core_keys, len(fixed))
    free_rows, free_keys = _free(game.deck, k - len(fixed))
    step = max(1, _CHUNK // len(free_keys))
    found_rows: list[np.ndarray] = []
    found_keys: list[np.ndarray] = []
    held = 0
    for s in range(0, len(core_keys), step):
        ck = core_keys[s : s + step]
        ci, fi = np.nonzero((ck[:, None] & free_keys[None, :]) == 0)
        rows = np.concatenate([core_rows[s : s + step][ci], free_rows[fi]], axis=1)
        keys = ck[ci] | free_keys[fi]
        if pat.pairs is not None:
            keep = _structure_mask(rows, pat.pairs)
            rows, keys = rows[keep], keys[keep]
        keys, first = np.unique(keys, return_index=True)
        found_rows.append(rows[first])
        found_keys.append(keys)
        held += len(keys)
        if held > MAX_HANDS:
            keys, first = np.unique(np.concatenate(found_keys), return_index=True)
            if len(keys) > MAX_HANDS:
                raise _too_many(pat.text, game, None)
            found_rows, found_keys, held = [np.concatenate(found_rows)[first]], [keys], len(keys)
    keys, first = np.unique(np.concatenate(found_keys), return_index=True)
    return np.concatenate(found_rows)[first]


def _hands(text: str, game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The hands of an Omaha range as rows (highest card first; hands in descending order)
    and their weights."""
    rows_parts: list[np.ndarray] = []
    weight_parts: list[np.ndarray] = []
    for a, b, group in _items(text, 0, len(text)):
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if a == b:
            raise ParseError("expected a hand or range", text, a)
        weight = 1.0
        colon = text.rfind(":", a, b)
        if colon >= 0:
            weight = _parse_weight(text, colon + 1, b, percent=False)
            b = colon
            while b > a and text[b - 1].isspace():
                b -= 1
            if a == b:
                raise ParseError("a weight needs a hand or range before the ':'", text, colon)
        pat = _pattern(text, a, b, game)
        if pat is None:
            rows = _deck_hands(game, None, text[a:b])
        else:
            rows = _pattern_hands(pat, game)
        if not len(rows):
            raise EmptyRangeError(
                f"{text[a:b]!r} matches no {game.name} hand (at position {a} in {quote(text)})"
            )
        rows_parts.append(np.sort(rows, axis=1)[:, ::-1])
        weight_parts.append(np.full(len(rows), weight * (1.0 if group is None else group)))
    if not rows_parts:
        raise ParseError("empty range", text, 0)
    rows = np.concatenate(rows_parts)
    weights = np.concatenate(weight_parts)
    # A hand given twice keeps the weight it was given last; weight 0 removes it.
    keys = _keys(rows)[::-1]
    keys, last = np.unique(keys, return_index=True)
    last = len(rows) - 1 - last
    order = last[::-1]  # keys descending: the order of Range.from_combos
    order = order[weights[order] > 0.0]
    if len(order) > MAX_HANDS:
        raise _too_many(text, game, len(order))
    return rows[order], weights[order]


def _omaha_game(game: Game | str) -> Game:
    g = get_game(game)
    if g.forming != "omaha":
        raise InputError(
            f"{g.name} is not an Omaha game; its ranges are hold'em notation (parse_range)"
        )
    return g


def _bare_random(text: str) -> bool:
    return text.strip().lower() in _RANDOM


def parse_omaha_range(text: str, game: Game | str = "omaha") -> Range:
    """Parse an Omaha range into a :class:`Range` of ``game.hole_cards``-card hands.

    Grammar (case-insensitive; blanks allowed around items and between cards)::

        range     := item ("," item)*                    union; a later item's weight wins
        item      := hand [":" WEIGHT]                   WEIGHT a fraction in [0, 1]
                   | "[" PERCENT "]" range "[/" PERCENT "]"  Equilab weight group, in percent
        hand      := "random" | "any"                    every hand of the deck
                   | card{k} [structure]                 k = the game's hole cards (4, 5, 6)
        card      := RANK SUIT                           As: that card
                   | RANK                                A: an ace of any suit
                   | ("*" | "x") [SUIT]                  any card; *s: any spade
        structure := ["$"] ("ds" | "ss" | "ts" | "r" | "rb")

    A pattern matches every hand whose cards can be given one to each of its
    cards: ``AAxx`` and ``AA**`` are the hands with at least two aces,
    ``AKQJ`` an ace, king, queen and jack in any suits, ``AsKs**`` the hands
    holding both, ``AsKxx`` the ace of spades, a king and two more; a card
    given twice (``AsAs**``) is an error.  RANK is ``2-9 T J Q K A`` (``10``
    for ``T``), SUIT ``c d h s`` or a suit symbol, ``x`` is always a whole
    card (never a suit).  The structure counts the suits of all the hand's
    cards: ``ds`` double-suited, ``ss`` single-suited, ``ts`` triple-suited
    and ``r`` rainbow are the hands in which exactly 2, 1, 3 and 0 suits
    hold two cards and no suit holds more.  In Omaha-4, ``ds`` is 2-2, ``ss``
    2-1-1 and ``r`` 1-1-1-1; in Omaha-5 ``ds`` is 2-2-1 and ``ss`` 2-1-1-1; in
    Omaha-6 ``ds`` is 2-2-1-1 and ``ts`` 2-2-2 (the other structures hold no
    hand there).  A suit letter right before a suffix belongs to the suffix
    (``AKQJds`` is ``AKQJ`` double-suited; ``AKQJsds`` has the jack of spades).

    Errors: :class:`ParseError` naming the problem and its position,
    :class:`EmptyRangeError` for an item that matches no hand, and
    :class:`InputError` for a game that is not Omaha or a range of more than
    :data:`MAX_HANDS` hands (``random`` alone is never listed: the engine
    deals it).  Combos are sorted as :meth:`Range.from_combos` sorts them.

    >>> r = parse_omaha_range("AsKsQdJd, AAxx:0.5")
    >>> len(r), r.combos[0], r.total_weight
    (6962, (51, 50, 49, 48), 3481.5)
    >>> len(parse_omaha_range("xxxxds")), len(parse_omaha_range("xxxxxxts", "omaha6"))
    (36504, 1898208)
    """
    if not isinstance(text, str):
        raise ParseError(f"a range must be text, not {type(text).__name__}")
    g = _omaha_game(game)
    rows, weights = _hands(text, g)
    return _range(text, rows, weights)


def _range(text: str, rows: np.ndarray, weights: np.ndarray) -> Range:
    """A :class:`Range` of hands given as rows (tuples built column-wise: twice as fast)."""
    combos = tuple(zip(*(rows[:, i].tolist() for i in range(rows.shape[1])), strict=True))
    return Range(text, combos, tuple(weights.tolist()))


# ---------------------------------------------------------------------------
# The result of `pokercalc query --game omaha`.


@dataclass(frozen=True, kw_only=True)
class OmahaQueryResult(Result):
    """An Omaha expression after card removal, for ``pokercalc query --game omaha``."""

    expression: str = doc("the expression as given")
    game: Game = doc("the Omaha game whose hands these are", GAME)
    board: tuple[int, ...] = doc("board cards removed from the range", CARDS)
    dead: tuple[int, ...] = doc("dead cards removed from the range", CARDS)
    range: Range | DeckRange = doc(
        "the hands left (a bare random too big to list stays unlisted)", output=False
    )

    @property
    @derived(COUNT)
    def count(self) -> int:
        """Hands left after card removal."""
        return len(self.range)

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
        return self.range.total_weight

    @property
    @derived(items=HANDS)
    def combos(self) -> tuple[tuple[int, ...], ...]:
        """Every hand left, in the range's order (InputError past MAX_HANDS: too many for JSON)."""
        return tuple(c for c, _ in self._listed)

    @property
    @derived(items=PROB)
    def weights(self) -> tuple[float, ...]:
        """The weight of each hand left, in the same order."""
        return tuple(w for _, w in self._listed)

    @property
    @derived(maxItems=0)
    def classes(self) -> tuple[ClassCount, ...]:
        """Always empty: Omaha hands have no 13x13 grid of classes."""
        return ()

    @cached_property
    def _listed(self) -> list[tuple[tuple[int, ...], float]]:
        """Every hand left with its weight, for the JSON form (at most MAX_HANDS)."""
        if self.count > MAX_HANDS:
            raise InputError(
                f"{quote(self.expression)} holds {self.count:,} {self.game.name} hands, too "
                "many for JSON; count them with the table output or list them with --list"
            )
        return list(self.hands())

    def hands(self) -> Iterator[tuple[tuple[int, ...], float]]:
        """The hands left with their weights, in the range's order (highest cards first)."""
        if isinstance(self.range, DeckRange):
            free = sorted(cards_of_mask(self.range.free), reverse=True)
            for combo in combinations(free, self.game.hole_cards):
                yield combo, 1.0
        else:
            yield from zip(self.range.combos, self.range.weights, strict=True)

    def examples(self, n: int) -> list[tuple[tuple[int, ...], float]]:
        """The first ``n`` hands left, with their weights."""
        return list(islice(self.hands(), n))

    def lines(self) -> Iterator[str]:
        """One hand per line in ASCII (``AsKsQdJd``), with ``:weight`` when it is not 1."""
        for combo, w in self.hands():
            yield format_cards(combo) + ("" if w == 1.0 else f":{w!r}")


def run_omaha_query(
    text: str,
    game: Game | str = "omaha",
    board: str | Sequence[int] = (),
    dead: str | Sequence[int] = (),
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
            expression=text, game=g, board=b, dead=d, range=left, matched=len(deck)
        )
    rows, weights = _hands(text, g)
    blocked = sum(1 << c for c in removed)
    keep = (_keys(rows) & blocked) == 0
    if len(rows) and not keep.any():
        used = mask_of(np.unique(rows).tolist())
        blockers = [c for c in removed if mask_of([c]) & used]
        raise EmptyRangeError(
            f"the query ({text!r}) has no hand left: all are blocked by {format_cards(blockers)}"
        )
    rng = _range(text, rows[keep], weights[keep])
    return OmahaQueryResult(
        expression=text, game=g, board=b, dead=d, range=rng, matched=len(weights)
    )
