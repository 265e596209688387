"""Hold'em range notation, read: tokens and items into ``{combo index: weight}``.

The grammar is documented once, on :func:`~pokercalc.ranges.notation.parse_range`;
the hands each token holds are :mod:`pokercalc.ranges.combos`'s part.  The
pocket query language (:mod:`pokercalc.ranges.query`) reads its atoms with
:func:`parse_token`.

>>> len(parse_weights("QQ+,AQs+,AK")), parse_weights("AKs:0.5")
(38, {1172: 0.5, 1221: 0.5, 1271: 0.5, 1322: 0.5})
>>> split_players("AKs | QQ+,AQs | (Group1 or Group2)")
['AKs', 'QQ+,AQs', '(Group1 or Group2)']
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator

from pokercalc._lazy import Pattern
from pokercalc.core.cards import SUIT_CHARS, suit_of_char
from pokercalc.errors import ParseError, PokercalcError
from pokercalc.ranges.combos import (
    RANKS,
    all_indices,
    dash_indices,
    pair_or_class,
    pattern_indices,
    percent_indices,
    plus_indices,
)
from pokercalc.ranges.weights import parse_weight, weight_group

__all__ = [
    "Weights",
    "item_spans",
    "parse_token",
    "parse_weights",
    "space_hint",
    "split_players",
    "token_ranks",
]

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

#: hands as ``{combo index: weight}``
Weights = dict[int, float]


def _rank(ch: str) -> int:
    return RANKS.index(ch.upper())


def _kind(ch: str | None) -> str:
    """``s``, ``o`` or ``""`` (both) from a class suffix."""
    ch = (ch or "").lower()
    return "" if ch == "*" else ch


def _weights(indices: Iterable[int], weight: float = 1.0) -> Weights:
    return dict.fromkeys(indices, weight)


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
    return pattern_indices(r1, s1, r2, s2)


def parse_token(src: str, start: int, end: int) -> Weights:
    """The combos of one range-notation token ``src[start:end]`` (weight suffix included).

    This is the atom of both languages; errors name positions in ``src``.
    """
    start, end, weight = _unweighted(src, start, end)
    return _weights(_token_indices(src, start, end), weight)


def _unweighted(src: str, start: int, end: int) -> tuple[int, int, float]:
    """The token ``src[start:end]`` trimmed and without its weight suffix, and that weight."""
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
    return start, end, weight


def token_ranks(src: str, start: int, end: int) -> tuple[str, tuple[int, ...], bool]:
    """What the token ``src[start:end]`` names: its text without the weight, the ranks it
    names outright, and whether it is a run (``+`` or ``-``) whose ends are bounds.

    A run's bounds and an ``x`` rank are not named outright: ``22+`` names no
    rank, ``A2s+`` and ``A5s-A2s`` name the ace, ``XhXh`` none and ``AsXx`` the
    ace; ``AKs`` and ``2s2h`` name both of theirs.  A smaller deck
    (:func:`~pokercalc.ranges.decks.in_deck`) refuses a token naming a rank it
    lacks and keeps the hands it holds of the others.

    >>> token_ranks("22+", 0, 3), token_ranks("A2s+:0.5", 0, 8), token_ranks("AsXx", 0, 4)
    (('22+', (), True), ('A2s+', (12,), True), ('AsXx', (12,), False))
    """
    start, end, _ = _unweighted(src, start, end)
    token = src[start:end]
    if m := _CLASS.fullmatch(token):
        hi, lo = sorted((_rank(m.group(1)), _rank(m.group(2))), reverse=True)
        if m.group(4):
            return token, (() if hi == lo else (hi,)), True
        return token, (hi, lo), False
    if m := _DASH.fullmatch(token):
        a1, a2, b1, b2 = (_rank(m.group(i)) for i in (1, 2, 4, 5))
        a1, a2 = max(a1, a2), min(a1, a2)
        b1, b2 = max(b1, b2), min(b1, b2)
        return token, ((a1,) if a1 == b1 and a1 != a2 else ()), True
    if m := _CARDS.fullmatch(token):
        named = (m.group(1).upper(), m.group(3).upper())
        return token, tuple(8 if r == "10" else _rank(r) for r in named if r != "X"), False
    return token, (), False


def _token_indices(src: str, start: int, end: int) -> list[int] | tuple[int, ...]:
    """The combo indices of an unweighted token ``src[start:end]`` (already trimmed)."""
    token = src[start:end]
    low = token.lower()
    if low in _RANDOM or low == "xxxx":
        return all_indices()
    if m := _CLASS.fullmatch(token):
        hi, lo, kind = _rank(m.group(1)), _rank(m.group(2)), _kind(m.group(3))
        if hi < lo:
            hi, lo = lo, hi
        if m.group(4):
            if hi == lo and kind:
                pair_or_class(src, start, hi, lo, kind)
            return plus_indices(hi, lo, kind)
        return pair_or_class(src, start, hi, lo, kind)
    if m := _DASH.fullmatch(token):
        a1, a2, b1, b2 = (_rank(m.group(i)) for i in (1, 2, 4, 5))
        first, last = (a1, a2, _kind(m.group(3))), (b1, b2, _kind(m.group(6)))
        return dash_indices(src, start, m.group(0), first, last)
    if m := _CARDS.fullmatch(token):
        return _card_pattern(src, start, m)
    if m := _PERCENT.fullmatch(token):
        p = float(m.group(1))
        if not 0.0 < p <= 100.0:
            raise ParseError(f"percentage {m.group(1)}% is not in (0, 100]", src, start)
        return percent_indices(p)
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


def item_spans(src: str) -> list[tuple[int, int]]:
    """Where the items of a range-notation list are, weight groups opened: ``(start, end)``.

    >>> text = "AA, [50]KK,QQ[/50]"
    >>> [text[a:b] for a, b in item_spans(text)]
    ['AA', 'KK', 'QQ']
    """
    return [(a, b) for a, b, _ in _items(src, 0, len(src))]


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
