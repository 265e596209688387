"""Hand ranges: range notation -> weighted sets of specific two-card hands, and card removal.

Range notation is the language of PokerStove and Equilab; its grammar is
documented once, on :func:`parse_range` (docs/ranges.md has the worked
examples).  The pocket query language (:mod:`pokercalc.ranges.query`) is built on it.

>>> len(parse_range("QQ+,AQs+,AK")), len(parse_range("T9o-65o")), len(parse_range("random"))
(38, 60, 1326)
>>> parse_range("AKs:0.5").weights
(0.5, 0.5, 0.5, 0.5)
>>> split_players("AKs | QQ+,AQs | (Group1 or Group2)")
['AKs', 'QQ+,AQs', '(Group1 or Group2)']
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from functools import cache, lru_cache
from math import comb
from operator import index
from typing import cast

from pokercalc._lazy import FieldMethods, Pattern, record
from pokercalc.core.cards import (
    SUIT_CHARS,
    CardLike,
    card_mask,
    format_cards,
    mask_of,
    suit_of_char,
    to_cards,
)
from pokercalc.errors import EmptyRangeError, ParseError, PokercalcError
from pokercalc.ranges.weights import parse_weight, weight_group

__all__ = [
    "Range",
    "DeckRange",
    "combo_index",
    "ALL_COMBOS",
    "N_COMBOS",
    "COMBO_OF_INDEX",
    "CLASSES",
    "parse_range",
    "split_players",
    "space_hint",
    "class_name",
    "class_combos",
    "grid_class",
    "preflop_order",
    "percent_classes",
]

RANKS = "23456789TJQKA"

#: every two-card hand as (high card, low card) by index, 1,326 of them, highest first
ALL_COMBOS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(51, -1, -1), 2))

#: the number of two-card hands
N_COMBOS = 1326


def combo_index(c1: int, c2: int) -> int:
    """A unique index 0..1325 of the two-card hand {c1, c2}."""
    hi, lo = (c1, c2) if c1 > c2 else (c2, c1)
    return hi * (hi - 1) // 2 + lo


#: every two-card hand by its combo index (ALL_COMBOS lists them by descending index)
COMBO_OF_INDEX: tuple[tuple[int, int], ...] = ALL_COMBOS[::-1]


@record
class Range(FieldMethods):
    """A player's distribution: specific hands, each with a weight in (0, 1].

    ``combos[i]`` is a hand's card indices, highest first (two cards in
    hold'em and short-deck, four to six in Omaha: the game says how many);
    ``weights[i]`` is its weight (1 unless the range said otherwise).  Combos
    are unique and sorted by their cards in descending order.
    """

    text: str  #: the expression as the user wrote it
    combos: tuple[tuple[int, ...], ...]  #: the specific hands, highest card first
    weights: tuple[float, ...]  #: one weight per combo, in (0, 1]

    def __len__(self) -> int:
        return len(self.combos)

    @property
    def is_weighted(self) -> bool:
        """True when some combo has a weight other than 1."""
        return any(w != 1.0 for w in self.weights)

    @property
    def total_weight(self) -> float:
        """The sum of the weights (the number of combos when unweighted)."""
        return float(sum(self.weights))

    def masks(self) -> list[int]:
        """The 64-bit mask of each combo (computed once per range; not to be modified)."""
        masks: list[int] | None = self.__dict__.get("_masks")
        if masks is None:
            masks = [mask_of(combo) for combo in self.combos]
            object.__setattr__(self, "_masks", masks)
        return masks

    def without(self, cards: Iterable[int], *, player: str | None = None) -> Range:
        """The range with every combo that uses one of ``cards`` removed.

        Raises :class:`EmptyRangeError` naming ``player`` and the blocking cards
        when nothing is left (or naming ``player`` when the range was empty already).
        """
        cards = tuple(map(index, cards))  # indices, or Card objects as results hold them
        if not self.combos:
            who = f"{player} ({self.text!r})" if player else repr(self.text)
            raise EmptyRangeError(f"{who} matches no hand{space_hint(self.text)}")
        blocked = mask_of(cards)
        masks = self.masks()
        keep = [i for i, m in enumerate(masks) if not m & blocked]
        if len(keep) == len(masks):
            return self
        if not keep:
            used = mask_of(c for combo in self.combos for c in combo)
            blockers = [c for c in cards if card_mask(c) & used]
            who = f"{player} ({self.text!r})" if player else repr(self.text)
            raise EmptyRangeError(
                f"{who} has no hand left: all are blocked by {format_cards(blockers)}"
            )
        out = Range(
            self.text, tuple(self.combos[i] for i in keep), tuple(self.weights[i] for i in keep)
        )
        object.__setattr__(out, "_masks", [masks[i] for i in keep])
        return out

    def class_weights(self) -> dict[str, tuple[int, float]]:
        """Per class present (``"AKs"``): its number of combos and the sum of their weights."""
        out: dict[str, tuple[int, float]] = {}
        for (a, b), w in zip(self.combos, self.weights, strict=True):
            name = class_name(a, b)
            n, s = out.get(name, (0, 0.0))
            out[name] = (n + 1, s + w)
        return out

    @classmethod
    def from_combos(
        cls,
        text: str,
        combos: Iterable[str | Sequence[CardLike]],
        weights: Iterable[float] | None = None,
    ) -> Range:
        """Build a range from hands (tuples of card indices, or cards in any form
        :func:`~pokercalc.core.cards.to_cards` reads), normalising their order and dropping
        repeats.

        A combo given twice keeps the weight it was given last.

        >>> Range.from_combos("AK", [("As", "Kd"), "Ks Ad", (45, 51)]).combos
        ((51, 45), (49, 47))
        """
        combos = list(combos)
        ws = list(weights) if weights is not None else [1.0] * len(combos)
        merged: dict[tuple[int, ...], float] = {}
        for combo, w in zip(combos, ws, strict=True):
            plain = all(type(c) is int for c in combo)
            cards = cast("Sequence[int]", combo) if plain else to_cards(combo, "a hand")
            merged[tuple(sorted(cards, reverse=True))] = float(w)
        order = sorted(merged, reverse=True)
        return cls(text, tuple(order), tuple(merged[c] for c in order))

    @classmethod
    def from_weights(cls, text: str, weights: dict[int, float]) -> Range:
        """Build a range from ``{combo_index: weight}``; weights of 0 leave the combo out."""
        keys = sorted((k for k, w in weights.items() if w > 0.0), reverse=True)
        return cls(text, tuple(COMBO_OF_INDEX[k] for k in keys), tuple(weights[k] for k in keys))


@record
class DeckRange(FieldMethods):
    """Every hand of ``hole_cards`` cards from the cards of ``free``, none listed until asked.

    ``random`` in a game of four to six hole cards: C(48, 6) hands would not fit
    in tuples, and Monte Carlo deals such a player from the deck anyway.  The
    equity engine lists the hands (as arrays) only for an exact run.
    """

    text: str  #: the expression as the user wrote it
    hole_cards: int  #: cards per hand
    free: int  #: mask of the cards a hand may use

    @property
    def n_free(self) -> int:
        """Cards a hand may use."""
        return bin(self.free).count("1")

    def __len__(self) -> int:
        return comb(self.n_free, self.hole_cards)

    is_weighted = False

    @property
    def total_weight(self) -> float:
        """The number of hands: every hand weighs 1."""
        return float(len(self))

    def without(self, cards: Iterable[int], *, player: str | None = None) -> DeckRange:
        """The hands that use none of ``cards``."""
        out = DeckRange(self.text, self.hole_cards, self.free & ~mask_of(cards))
        if len(out) == 0:
            who = f"{player} ({self.text!r})" if player else repr(self.text)
            raise EmptyRangeError(f"{who} has no hand left: too few cards remain")
        return out


# ---------------------------------------------------------------------------
# Starting-hand classes ("AKs", "AKo", "AA"): 169 of them.


def class_name(c1: int, c2: int) -> str:
    """The starting-hand class of two cards: ``"AA"``, ``"AKs"`` or ``"AKo"``."""
    r1, r2 = c1 >> 2, c2 >> 2
    if r1 < r2:
        r1, r2 = r2, r1
    if r1 == r2:
        return RANKS[r1] * 2
    return RANKS[r1] + RANKS[r2] + ("s" if (c1 & 3) == (c2 & 3) else "o")


def grid_class(row: int, col: int) -> str:
    """The class in a 13x13 grid cell: aces first, pairs on the diagonal, suited above it."""
    hi, lo = 12 - min(row, col), 12 - max(row, col)
    if hi == lo:
        return RANKS[hi] * 2
    return RANKS[hi] + RANKS[lo] + ("s" if row < col else "o")


#: the 169 classes in grid order (row by row, aces first)
CLASSES: tuple[str, ...] = tuple(grid_class(r, c) for r in range(13) for c in range(13))


def _class_indices(hi: int, lo: int, kind: str) -> list[int]:
    """Combo indices of ranks ``hi``/``lo`` (0..12): kind ``s`` suited, ``o`` offsuit, else all."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = 4 * hi + s1, 4 * lo + s2
            if a == b or (hi == lo and s1 < s2):
                continue
            if (kind == "s" and s1 != s2) or (kind == "o" and s1 == s2):
                continue
            out.append(combo_index(a, b))
    return out


@cache
def class_combos(name: str) -> tuple[int, ...]:
    """The combo indices of a class name such as ``"AKs"`` (6 for a pair, 4 suited, 12 offsuit)."""
    hi, lo = RANKS.index(name[0].upper()), RANKS.index(name[1].upper())
    kind = name[2:3].lower() if hi != lo else ""
    return tuple(_class_indices(hi, lo, kind))


# ---------------------------------------------------------------------------
# Percent ranges: the shipped preflop ordering.


@cache
def preflop_order() -> tuple[tuple[str, float], ...]:
    """The 169 classes, best first, with their equity against three random hands (shipped data)."""
    import json
    from importlib import resources

    path = resources.files("pokercalc") / "data" / "preflop_order.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    return tuple((row["class"], float(row["equity"])) for row in doc["classes"])


@lru_cache(maxsize=256)
def percent_classes(percent: float) -> tuple[str, ...]:
    """The best classes whose combos first reach ``percent`` % of the 1,326 (whole classes only)."""
    target = percent / 100.0 * N_COMBOS
    out: list[str] = []
    total = 0
    for name, _ in preflop_order():
        if total >= target - 1e-9:
            break
        out.append(name)
        total += len(class_combos(name))
    return tuple(out)


# ---------------------------------------------------------------------------
# The range-notation parser.

# The tokens, compiled when first matched (pokercalc/_lazy.py).
_R = r"[2-9TJQKA]"
_CLASS = Pattern(rf"({_R})({_R})([so*])?(\+)?", re.I | re.A)
_DASH = Pattern(rf"({_R})({_R})([so*])?\s*-\s*({_R})({_R})([so*])?", re.I | re.A)
# A suit is a letter or a symbol (♠♥♦♣, ♤♡♢♧): the tool's own output reads back.
_SUIT = f"[X{SUIT_CHARS}]"
_CARDS = Pattern(rf"(10|[2-9TJQKAX])({_SUIT})\s*(10|[2-9TJQKAX])({_SUIT})", re.I | re.A)
_CARD = Pattern(rf"(10|[2-9TJQKAX])({_SUIT})", re.I | re.A)
_PERCENT = Pattern(r"(\d+(?:\.\d*)?|\.\d+)\s*%", re.A)
_RANDOM = ("random", "any")

Weights = dict[int, float]


def _rank(ch: str) -> int:
    return RANKS.index(ch.upper())


def _kind(ch: str | None) -> str:
    """``s``, ``o`` or ``""`` (both) from a class suffix."""
    ch = (ch or "").lower()
    return "" if ch == "*" else ch


def _weights(indices: Iterable[int], weight: float = 1.0) -> Weights:
    return dict.fromkeys(indices, weight)


@cache
def _all_indices() -> tuple[int, ...]:
    return tuple(range(N_COMBOS))


def _pair_or_class(src: str, pos: int, hi: int, lo: int, kind: str) -> list[int]:
    """Combos of one class, checking that a pair carries no suit marker."""
    if hi == lo and kind:
        raise ParseError(f"a pair cannot be {'suited' if kind == 's' else 'offsuit'}", src, pos)
    if hi < lo:
        hi, lo = lo, hi
    return _class_indices(hi, lo, kind)


def _dash(src: str, pos: int, m: re.Match[str]) -> list[int]:
    """Combos of a dash run: ``JJ-88``, ``A5s-A2s``, ``KTo-K7o``, ``T9s-54s``."""
    a1, a2, b1, b2 = (_rank(m.group(i)) for i in (1, 2, 4, 5))
    ka, kb = _kind(m.group(3)), _kind(m.group(6))
    token = m.group(0)
    if a1 < a2:
        a1, a2 = a2, a1
    if b1 < b2:
        b1, b2 = b2, b1
    if (a1 == a2) != (b1 == b2):
        raise ParseError(f"{token!r} mixes a pair with a non-pair", src, pos)
    if ka != kb:
        raise ParseError(f"the two ends of {token!r} differ in suitedness", src, pos)
    out: list[int] = []
    if a1 == a2:  # pairs: JJ-88
        for r in range(min(a1, b1), max(a1, b1) + 1):
            out += _pair_or_class(src, pos, r, r, ka)
    elif a1 == b1:  # same top card: A5s-A2s
        for r in range(min(a2, b2), max(a2, b2) + 1):
            out += _class_indices(a1, r, ka)
    elif a1 - a2 == b1 - b2:  # connector run: T9o-65o
        for d in range(0, abs(a1 - b1) + 1):
            top = min(a1, b1) + d
            out += _class_indices(top, top - (a1 - a2), ka)
    else:
        raise ParseError(
            f"{token!r} is not a run: the ends need the same top card or the same gap", src, pos
        )
    return out


def _plus(hi: int, lo: int, kind: str) -> list[int]:
    """Combos of ``77+`` (pairs up to aces) or ``AJs+`` (kickers up to one below the top card)."""
    out: list[int] = []
    if hi == lo:
        for r in range(hi, 13):
            out += _class_indices(r, r, "")
    else:
        for r in range(lo, hi):
            out += _class_indices(hi, r, kind)
    return out


def _card_pattern(src: str, pos: int, m: re.Match[str]) -> list[int]:
    """Combos matching two card patterns with ``x`` wildcards: ``AhKh``, ``AsKx``, ``XxXx``."""
    pats = []
    for rg, sg in ((1, 2), (3, 4)):
        r, s = m.group(rg).upper(), m.group(sg).lower()
        pats.append(
            (
                None if r == "X" else (8 if r == "10" else _rank(r)),
                None if s == "x" else suit_of_char(s),
            )
        )
    (r1, s1), (r2, s2) = pats
    if None not in (r1, s1) and (r1, s1) == (r2, s2):
        raise ParseError(f"{m.group(0)!r} holds the same card twice", src, pos)

    first = [c for c in range(52) if r1 in (None, c >> 2) and s1 in (None, c & 3)]
    second = [c for c in range(52) if r2 in (None, c >> 2) and s2 in (None, c & 3)]
    return sorted({combo_index(a, b) for a in first for b in second if a != b})


def parse_token(src: str, start: int, end: int) -> Weights:
    """The combos of one range-notation token ``src[start:end]`` (weight suffix included).

    This is the atom of both languages; errors name positions in ``src``.
    """
    while start < end and src[start].isspace():
        start += 1
    while end > start and src[end - 1].isspace():
        end -= 1
    if start == end:
        raise ParseError("expected a hand or range", src, start)
    weight = 1.0
    colon = src.rfind(":", start, end)
    if colon >= 0:
        weight = parse_weight(src, colon + 1, end, percent=False)
        end = colon
        while end > start and src[end - 1].isspace():
            end -= 1
        if start == end:
            raise ParseError("a weight needs a hand or range before the ':'", src, colon)
    return _weights(_token_indices(src, start, end), weight)


def _token_indices(src: str, start: int, end: int) -> list[int] | tuple[int, ...]:
    """The combo indices of an unweighted token ``src[start:end]`` (already trimmed)."""
    token = src[start:end]
    low = token.lower()
    if low in _RANDOM or low == "xxxx":
        return _all_indices()
    if m := _CLASS.fullmatch(token):
        hi, lo, kind = _rank(m.group(1)), _rank(m.group(2)), _kind(m.group(3))
        if hi < lo:
            hi, lo = lo, hi
        if m.group(4):
            if hi == lo and kind:
                _pair_or_class(src, start, hi, lo, kind)
            return _plus(hi, lo, kind)
        return _pair_or_class(src, start, hi, lo, kind)
    if m := _DASH.fullmatch(token):
        return _dash(src, start, m)
    if m := _CARDS.fullmatch(token):
        return _card_pattern(src, start, m)
    if m := _PERCENT.fullmatch(token):
        p = float(m.group(1))
        if not 0.0 < p <= 100.0:
            raise ParseError(f"percentage {m.group(1)}% is not in (0, 100]", src, start)
        return [k for name in percent_classes(p) for k in class_combos(name)]
    if _CARD.fullmatch(token):
        raise ParseError(f"{token!r} is one card; a hand has two", src, start)
    raise ParseError(f"unknown hand or range {token!r}", src, start)


def _items(src: str, start: int, end: int) -> Iterator[tuple[int, int, float | None]]:
    """Split ``src[start:end]`` at commas into items; Equilab ``[50]...[/50]`` groups keep theirs.

    Yields ``(start, end, group weight)``; the weight is ``None`` outside a group.
    """
    i = start
    while i < end:
        while i < end and (src[i].isspace() or src[i] == ","):
            if src[i] == ",":
                if _blank_before(src, start, i):
                    raise ParseError("expected a hand or range before ','", src, i)
                if not src[i + 1 : end].strip(", \t\r\n"):
                    raise ParseError("expected a hand or range after ','", src, i)
            i += 1
        if i >= end:
            break
        if src[i] == "[":
            close = src.find("]", i, end)
            if close < 0:
                raise ParseError("'[' without a matching ']'", src, i)
            weight, tag, tag_end = weight_group(src, i, close, end)
            if "[" in src[close + 1 : tag]:
                raise ParseError("weight groups cannot nest", src, src.find("[", close + 1, tag))
            for a, b, _ in _items(src, close + 1, tag):
                yield a, b, weight
            i = tag_end + 1
            continue
        j = i
        while j < end and src[j] != "," and src[j] != "[":
            if src[j] == "]":
                raise ParseError("']' without a matching '['", src, j)
            j += 1
        yield i, j, None
        i = j
    return


def _blank_before(src: str, start: int, i: int) -> bool:
    """True when nothing but blanks separates ``src[i]`` from the last comma or the start."""
    k = i - 1
    while k >= start and src[k].isspace():
        k -= 1
    return k < start or src[k] == ","


def parse_weights(src: str, start: int = 0, end: int | None = None) -> Weights:
    """The ``{combo_index: weight}`` of a range-notation list ``src[start:end]`` (zeros kept)."""
    end = len(src) if end is None else end
    out: Weights = {}
    for a, b, group in _items(src, start, end):
        part = parse_token(src, a, b)
        if group is not None:
            part = {k: w * group for k, w in part.items()}
        out.update(part)
    if not out and not src[start:end].strip():
        raise ParseError("empty range", src, start)
    return out


def parse_range(text: str) -> Range:
    """Parse range notation into a :class:`Range` whose ``text`` is ``text``.

    Grammar (case-insensitive; blanks are allowed around every token)::

        range   := item ("," item)*                      union; a later item's weight wins
        item    := token [":" WEIGHT]                    WEIGHT a fraction in [0, 1]
                 | "[" PERCENT "]" range "[/" PERCENT "]"  Equilab weight group, in percent
        token   := CARD CARD                             AhKh, "Ah Kh", 10h9h
                 | CARD CARD with x wildcards           AsKx, "Ax Kx", XsXs, XxXx
                 | "random" | "any"                      all 1,326 hands
                 | RANK RANK [s|o|*]                     77, AKs, AKo, AK (both), AK* (both)
                 | RANK RANK [s|o] "+"                   77+ (to AA), AJs+ (kicker up to K)
                 | RANK RANK [s|o] "-" RANK RANK [s|o]   JJ-88, A5s-A2s, KTo-K7o, T9s-54s
                 | NUMBER "%"                            15%: the top classes (docs/ranges.md)

    A CARD is a rank and a suit, the suit a letter ``c d h s`` or a symbol
    (``♣ ♦ ♥ ♠``, ``♧ ♢ ♡ ♤``), so the cards pokercalc prints read back.
    A weight of 0 removes the hand from the items before it.  Errors are
    :class:`ParseError` naming the problem and its position.

    >>> len(parse_range("99+,AJs+")), len(parse_range("A5s-A2s")), len(parse_range("AsKx"))
    (48, 16, 4)
    >>> parse_range("[50]AKs,QQ[/50]").total_weight
    5.0
    >>> parse_range("AKs-QTs")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokercalc.errors.ParseError: 'AKs-QTs' is not a run: the ends need the same top card or ...
    """
    if not isinstance(text, str):
        raise ParseError(f"a range must be text, not {type(text).__name__}")
    return _parse_range(text)


@lru_cache(maxsize=1024)
def _parse_range(text: str) -> Range:
    """:func:`parse_range` once per distinct text (a Range is immutable, so it can be shared)."""
    return Range.from_weights(text, parse_weights(text))


def space_hint(text: str) -> str:
    """Why an expression that matches no hand may be a slip: hands written apart.

    In the pocket query language ``AKs AQs`` is an intersection (a hand that is
    both), hence empty.  When ``text`` has hands or classes separated by blanks
    only, the clause that says so and gives the union with commas; else ``""``.

    >>> space_hint("AKs AQs")
    ": hands apart are an intersection (a hand that is both); for either, write 'AKs,AQs'"
    >>> space_hint("Suited and Offsuit")
    ''
    """
    words = list(re.finditer(r"[^\s,|&()]+", text))
    gaps = []
    for a, b in itertools.pairwise(words):
        blank = not text[a.end() : b.start()].strip()
        if blank and _is_hand_token(a.group()) and _is_hand_token(b.group()):
            gaps.append((a.end(), b.start()))
    if not gaps:
        return ""
    fixed = text
    for start, end in reversed(gaps):
        fixed = fixed[:start] + "," + fixed[end:]
    return f": hands apart are an intersection (a hand that is both); for either, write {fixed!r}"


def _is_hand_token(word: str) -> bool:
    """True when ``word`` is one range-notation token (``AKs``, ``QQ+``, ``AhKh``, ``AKs:0.5``)."""
    try:
        parse_token(word, 0, len(word))
    except PokercalcError:
        return False
    return True


def split_players(text: str) -> list[str]:
    """Split an ``equity`` argument at the ``|`` that are outside parentheses and weight groups.

    Each part is trimmed; an empty part is a :class:`ParseError`.

    >>> split_players("AsKs|QQ")
    ['AsKs', 'QQ']
    >>> split_players("AsKs | ")
    Traceback (most recent call last):
    ...
    pokercalc.errors.ParseError: player 2 is empty at position 6 in 'AsKs | '
    """
    parts: list[str] = []
    depth = 0
    bracket = False
    begin = 0
    for i, ch in enumerate(text + "|"):
        if i == len(text) or (ch == "|" and depth == 0 and not bracket):
            part = text[begin:i]
            if not part.strip():
                raise ParseError(f"player {len(parts) + 1} is empty", text, min(i, begin))
            parts.append(part.strip())
            begin = i + 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(depth - 1, 0)
        elif ch == "[":
            bracket = True
        elif ch == "]":
            bracket = False
    return parts
