"""The Omaha range language, read: patterns, operands and items, checked but not expanded.

The grammar is documented once, on :func:`~pokercalc.ranges.omaha.parse_omaha_range`;
:func:`read_items` reads a whole range, so that a mistake anywhere is found
before any item's hands are listed (:mod:`pokercalc.ranges.omaha_expand`).

>>> from pokercalc.core.games import get_game
>>> p = read_pattern("AxAy*x*y", 0, 8, get_game("omaha"))
>>> [c.suit_var for c in p.cards], p.pairs
(['x', 'y', 'x', 'y'], None)
>>> items = read_items("AAxx:0.5, [50]KKxx[/50]", get_game("omaha"))
>>> [(a, b, weight, text) for a, b, weight, text, _ in items]
[(0, 4, 0.5, 'AAxx'), (14, 18, 0.5, 'KKxx')]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from pokercalc.core.cards import RANKS, SUIT_CHARS, suit_of_char
from pokercalc.core.games import Game
from pokercalc.errors import EmptyRangeError, ParseError
from pokercalc.ranges.rankings import RANKED_GAMES, no_ranking
from pokercalc.ranges.weights import NUMBER, parse_weight, weight_group

__all__ = [
    "STRUCTURES",
    "Slot",
    "PatternCard",
    "HandPattern",
    "Operand",
    "Atom",
    "Item",
    "bare_random",
    "names_a_suit",
    "read_pattern",
    "read_operand",
    "read_atoms",
    "meaning_of",
    "read_items",
]


#: Suit-structure suffixes: how many suits hold exactly two cards, no suit holding more.
STRUCTURES = {"r": 0, "rb": 0, "ss": 1, "ds": 2, "ts": 3}
_STRUCTURE_NAMES = ("rainbow", "single-suited", "double-suited", "triple-suited")

_RANDOM = ("random", "any")
_WILD = "*xX"
_RANK_OF = {c: i for i, c in enumerate(RANKS)} | {c.lower(): i for i, c in enumerate(RANKS)}
#: a suit letter in either case, or a symbol (♠♥♦♣, ♤♡♢♧): the tool's own output reads back
_SUIT_OF = {c: suit_of_char(c) for c in SUIT_CHARS}
_PERCENTS = re.compile(
    r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(?:%?\s*-\s*(\d+(?:\.\d*)?|\.\d+)\s*)?%\s*", re.A
)
#: The operators inside an item: ``:`` or ``and`` (both), ``!`` or ``not`` (but not).
_OPS = re.compile(r"[:!]|(?<![A-Za-z0-9])(?:and|not)(?![A-Za-z0-9])", re.I | re.A)


Slot = tuple[frozenset[int] | None, int | None]  # ranks one card may have, its suit; None is any


#: Suit variables (lowercase): cards with one letter share a suit, different letters differ.
_SUIT_VARS = "wxyz"
#: Rank variables (uppercase): cards with one letter share a rank, different letters differ.
_RANK_VARS = "RONP"


@dataclass(frozen=True)
class PatternCard:
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
class HandPattern:
    """One parsed pattern: a constraint per hole card and an optional suit structure."""

    text: str  #: the pattern as written
    cards: tuple[PatternCard, ...]  #: one per hole card
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


def _read(src: str, start: int, end: int, game: Game, variables: bool) -> HandPattern:
    """Read the pattern ``src[start:end]``; with ``variables``, ``x`` after a rank is a suit."""
    k = game.hole_cards
    token = src[start:end]
    cards: list[PatternCard] = []
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
            cards.append(PatternCard(None, None, None, ch))
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
        cards.append(PatternCard(ranks, suit, rank_var, suit_var))
        where.append(i)
        i = j
    if pairs is not None and len(cards) < k:
        # ProPokerTools' shorthand: with a suit structure the cards not named are any
        # cards ("AA$ds" is "AAxx$ds", a bare "ds" is every double-suited hand).
        cards += [PatternCard(None, None)] * (k - len(cards))
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
    return HandPattern(token, tuple(cards), pairs)


def read_pattern(src: str, start: int, end: int, game: Game) -> HandPattern:
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


def names_a_suit(pat: HandPattern) -> bool:
    """True when some card of ``pat`` has a suit of its own (``As``, ``*h``): only then can
    the pattern tell apart hands that differ by a relabelling of suits."""
    return any(c.suit is not None for c in pat.cards)


def _group_close(src: str, i: int, end: int) -> int | None:
    """Where the ``]`` of a weight group ``[50]`` opening at ``src[i]`` is; None for no group."""
    close = src.find("]", i, end)
    if close < 0 or not NUMBER.fullmatch(src, i + 1, close):
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
            weight, tag, tag_end = weight_group(src, i, close, end)
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
    if colon < 0 or not NUMBER.fullmatch(src, colon + 1, b):
        return -1
    digits = "".join(src[colon + 1 : b].split())
    if len(digits) == k and all(d in "23456789" for d in digits):
        return -1
    return colon


#: An operand: a pattern, a percentage band (lowest and highest percent), or random (None).
Operand = HandPattern | tuple[float, float] | None


def read_operand(src: str, a: int, b: int, game: Game) -> Operand:
    """Parse one operand ``src[a:b]`` (trimmed): ``random``, a percentage or a pattern."""
    token = src[a:b]
    if token.lower() in _RANDOM:
        return None
    if m := _PERCENTS.fullmatch(token):
        lo, hi = (0.0, float(m[1])) if m[2] is None else (float(m[1]), float(m[2]))
        if game.name not in RANKED_GAMES:
            raise ParseError(no_ranking(game), src, a)
        for value in (lo, hi):
            if not 0.0 <= value <= 100.0:
                raise ParseError(f"percentage {value:g}% is not in [0, 100]", src, a)
        lo, hi = min(lo, hi), max(lo, hi)  # either order, as hold'em's 88-JJ
        if hi == lo:
            raise ParseError(f"percentage range {lo:g}%-{hi:g}% is empty", src, a)
        return lo, hi
    if "%" in token:
        raise ParseError("expected a percentage such as 15% or 5%-10%", src, a + token.index("%"))
    if NUMBER.fullmatch(token) and not set(token) <= set("23456789 "):
        raise ParseError("a weight goes at the end of an item ('AAxx:KKxx:0.5')", src, a)
    return read_pattern(src, a, b, game)


#: One operand of an item: whether ``!``/``not`` negates it, where it is, what it is.
Atom = tuple[bool, int, int, Operand]


def read_atoms(src: str, a: int, b: int, game: Game) -> list[Atom]:
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
    atoms: list[tuple[bool, int, int, Operand]] = []  # (negative, start, end, operand)
    for before, s, e in pieces:
        s, e = _trim(src, s, e)
        if s == e:
            raise ParseError("expected a hand or range", src, s)
        atoms.append((before == "!", s, e, read_operand(src, s, e, game)))
    return atoms


def meaning_of(atoms: list[Atom]) -> tuple[object, ...]:
    """What the hands of parsed operands depend on: not where they are or how they are
    spelled (``AAxx``, ``aaxx`` and ``A A x x`` mean one thing), only their order, negations
    and constraints."""
    return tuple(
        (negative, (op.cards, op.pairs) if isinstance(op, HandPattern) else op)
        for negative, _, _, op in atoms
    )


#: An item of a range, read: its place, its weight, the text the hands depend on (without
#: the weight) and that text's operands.
Item = tuple[int, int, float, str, list[Atom]]


def read_items(text: str, game: Game) -> list[Item]:
    """Every item of an Omaha range, read and checked but not expanded: a mistake anywhere in
    the text is an error before any item's hands are listed (which takes seconds for wide
    Omaha-6 patterns).  Items spelled alike share their operands."""
    items: list[Item] = []
    read: dict[str, list[Atom]] = {}
    for a, b, group in _omaha_items(text, 0, len(text)):
        a, b = _trim(text, a, b)
        if a == b:
            raise ParseError("expected a hand or range", text, a)
        weight = 1.0
        colon = _weight_at(text, a, b, game.hole_cards)
        if colon >= 0:
            weight = parse_weight(text, colon + 1, b, percent=False)
            a, b = _trim(text, a, colon)
            if a == b:
                raise ParseError("a weight needs a hand or range before the ':'", text, colon)
        atoms = read.get(text[a:b])
        if atoms is None:
            atoms = read[text[a:b]] = read_atoms(text, a, b, game)
        items.append((a, b, weight * (1.0 if group is None else group), text[a:b], atoms))
    if not items:
        raise ParseError("empty range", text, 0)
    return items


def bare_random(text: str) -> bool:
    """True when ``text`` is ``random`` (or ``any``) alone: every hand of the deck."""
    return text.strip().lower() in _RANDOM
