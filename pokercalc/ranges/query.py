"""The pocket query language: Sklansky groups, hand shapes and set algebra over range notation.

The grammar is documented once, on :func:`parse_query`; docs/ranges.md has
the worked examples with their combo counts.

>>> len(parse_query("Group2 to Group4 and Suited"))
48
>>> len(parse_query("(AK* | AA) & Offsuit")), len(parse_query("Not Suited"))
(12, 1014)
>>> len(player_range("99+,AJs+", board="4dAc5d", dead="JcJh"))
36
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from pokercalc._lazy import Pattern
from pokercalc.core.cards import (
    SUIT_CHARS,
    CardLike,
    CardsLike,
    cards_of,
    cards_text,
)
from pokercalc.core.games import HOLDEM, Game, get_game
from pokercalc.errors import InputError, ParseError
from pokercalc.ranges.combos import COMBO_OF_INDEX, N_COMBOS, RANKS, class_combos
from pokercalc.ranges.decks import in_deck
from pokercalc.ranges.hands import Range
from pokercalc.ranges.holdem_grammar import parse_token, parse_weights
from pokercalc.ranges.query_result import ClassCount, QueryResult
from pokercalc.ranges.weights import parse_weight

__all__ = [
    "parse_query",
    "player_range",
    "run_query",
    "QueryResult",
    "ClassCount",
    "SKLANSKY_GROUPS",
    "NAMED_RANGES",
]

#: the Sklansky-Malmuth groups (Hold'em Poker for Advanced Players); group 9 is the rest
SKLANSKY_GROUPS: dict[int, str] = {
    1: "AA,KK,QQ,JJ,AKs",
    2: "TT,AQs,AJs,KQs,AKo",
    3: "99,JTs,QJs,KJs,ATs,AQo",
    4: "T9s,KQo,88,QTs,98s,J9s,AJo,KTs",
    5: "77,87s,Q9s,T8s,KJo,QJo,JTo,76s,97s,A9s-A2s,65s",
    6: "66,ATo,55,86s,KTo,QTo,54s,K9s,J8s,75s",
    7: "44,J9o,64s,T9o,53s,33,98o,43s,22,K8s-K2s,T7s,Q8s",
    8: "87o,A9o,Q9o,76o,42s,32s,96s,85s,J8o,J7s,65o,54o,74s,K9o,T8o",
}

#: the ranges of Dalpasso & Lancia (2015), as group spans
NAMED_RANGES: dict[str, tuple[int, int]] = {
    "rus": (1, 1),
    "rs": (1, 2),
    "rml": (1, 5),
    "atc": (1, 9),
}

_MAX_DEPTH = 50
_DELIMS = set("()&|,:[]")
_KEYWORDS = {
    "and": "AND",
    "intersection": "AND",
    "or": "OR",
    "union": "OR",
    "not": "NOT",
    "to": "TO",
    "through": "TO",
    "-": "TO",
}
_GROUP = Pattern(r"group([1-9])", re.I | re.A)
_GROUP_SPAN = Pattern(r"group([1-9])-group([1-9])", re.I | re.A)
_SMALL_KICKER = Pattern(r"([2-9TJQKA])x([so])?", re.I | re.A)
_ONE_CARD = Pattern(rf"(10|[2-9TJQKAX])([X{SUIT_CHARS}])", re.I | re.A)

Weights = dict[int, float]


# ---------------------------------------------------------------------------
# The named sets.


def _indices_where(test: Any) -> tuple[int, ...]:
    """Combo indices whose (high card, low card) pass ``test``."""
    return tuple(k for k, (a, b) in enumerate(COMBO_OF_INDEX) if test(a, b))


@cache
def _group(n: int) -> tuple[int, ...]:
    """Combo indices of Sklansky group ``n`` (9 = every hand in no group)."""
    if n == 9:
        taken = {k for g in range(1, 9) for k in _group(g)}
        return tuple(k for k in range(N_COMBOS) if k not in taken)
    return tuple(parse_weights(SKLANSKY_GROUPS[n]))


@cache
def _shape(name: str) -> tuple[int, ...]:
    """Combo indices of a shape keyword (suited, pair, gap2, ...)."""
    if name == "suited":
        return _indices_where(lambda a, b: a & 3 == b & 3)
    if name == "offsuit":
        return _indices_where(lambda a, b: a & 3 != b & 3 and a >> 2 != b >> 2)
    if name == "pair":
        return _indices_where(lambda a, b: a >> 2 == b >> 2)
    gap = {"connected": 0, "gap1": 1, "gap2": 2, "gap3": 3}[name]
    return _indices_where(lambda a, b: (a >> 2) - (b >> 2) == gap + 1)


_SHAPES = {
    "suited": "suited",
    "offsuit": "offsuit",
    "offsuited": "offsuit",
    "offset": "offsuit",
    "pair": "pair",
    "pairs": "pair",
    "connected": "connected",
    "connectors": "connected",
    "gap1": "gap1",
    "gap2": "gap2",
    "gap3": "gap3",
}


@cache
def _small_kicker(rank: int, kind: str) -> tuple[int, ...]:
    """HoldemHand's ``Kx``: the rank with any other card from 2 to 8, suited/offsuit/both."""
    out: list[int] = []
    for lo in range(0, 7):
        if lo != rank:
            hi, low = max(rank, lo), min(rank, lo)
            name = RANKS[hi] + RANKS[low] + (kind or "")
            out += (
                class_combos(name) if kind else class_combos(name + "s") + class_combos(name + "o")
            )
    return tuple(out)


# ---------------------------------------------------------------------------
# Lexer.


@dataclass(frozen=True)
class _Token:
    kind: str  # ATOM, AND, OR, NOT, TO, LPAREN, RPAREN, WEIGHT, END
    start: int  # position of its first character
    end: int  # position after its last character
    weight: float = 1.0  # the value of a WEIGHT token


def _tokens(src: str) -> list[_Token]:
    """Split a query into tokens; two card patterns apart (``Ah Kh``) make one atom."""
    out: list[_Token] = []
    i, n = 0, len(src)
    while i < n:
        ch = src[i]
        if ch.isspace():
            i += 1
        elif ch in "()":
            out.append(_Token("LPAREN" if ch == "(" else "RPAREN", i, i + 1))
            i += 1
        elif ch in "&|,":
            out.append(_Token("AND" if ch == "&" else "OR", i, i + 1))
            i += 1
        elif ch == ":":
            j = i + 1
            while j < n and (src[j].isspace() or src[j].isdigit() or src[j] == "."):
                j += 1
            out.append(_Token("WEIGHT", i, j, parse_weight(src, i + 1, j, percent=False)))
            i = j
        elif ch == "[":
            tag = src.find("[/", i + 1)
            close = src.find("]", tag) if tag >= 0 else -1
            if close < 0:
                raise ParseError(
                    f"{src[i : src.find(']', i) + 1 or n]!r} has no closing '[/...]'", src, i
                )
            out.append(_Token("ATOM", i, close + 1))
            i = close + 1
        elif ch == "]":
            raise ParseError("']' without a matching '['", src, i)
        else:
            j = i
            while j < n and not src[j].isspace() and src[j] not in _DELIMS:
                j += 1
            word = src[i:j]
            keyword = _KEYWORDS.get(word.lower())
            if keyword:
                out.append(_Token(keyword, i, j))
            elif out and out[-1].kind == "ATOM" and _merges(src, out[-1], i, j):
                out[-1] = _Token("ATOM", out[-1].start, j)
            else:
                out.append(_Token("ATOM", i, j))
            i = j
    out.append(_Token("END", n, n))
    return out


def _merges(src: str, prev: _Token, start: int, end: int) -> bool:
    """True when ``prev`` and ``src[start:end]`` are single cards separated by blanks only."""
    return (
        _ONE_CARD.fullmatch(src, prev.start, prev.end) is not None
        and _ONE_CARD.fullmatch(src, start, end) is not None
        and not src[prev.end : start].strip()
    )


# ---------------------------------------------------------------------------
# Parser.


class _Parser:
    """Recursive descent over the tokens; each method returns ``{combo_index: weight}``."""

    def __init__(self, src: str) -> None:
        self.src = src
        self.tokens = _tokens(src)
        self.pos = 0
        self.depth = 0

    @property
    def tok(self) -> _Token:
        return self.tokens[self.pos]

    def fail(self, message: str, tok: _Token | None = None) -> ParseError:
        tok = tok or self.tok
        return ParseError(message, self.src, tok.start)

    def describe(self, tok: _Token) -> str:
        return "the end" if tok.kind == "END" else repr(self.src[tok.start : tok.end])

    def parse(self) -> Weights:
        if self.tok.kind == "END":
            raise ParseError("empty query", self.src, 0)
        result = self.union()
        if self.tok.kind != "END":
            if self.tok.kind == "RPAREN":
                raise self.fail("')' without a matching '('")
            raise self.fail(f"unexpected {self.describe(self.tok)}")
        return result

    def union(self) -> Weights:
        left = self.intersection()
        while self.tok.kind == "OR":
            self.pos += 1
            right = self.intersection()
            left = {**left, **right}
        return left

    def intersection(self) -> Weights:
        left = self.complement()
        while self.tok.kind in ("AND", "NOT", "LPAREN", "ATOM"):
            if self.tok.kind == "AND":
                self.pos += 1
            right = self.complement()
            left = {k: w * right[k] for k, w in left.items() if k in right}
        return left

    def complement(self) -> Weights:
        negate = False
        while self.tok.kind == "NOT":
            negate = not negate
            self.pos += 1
        inner = self.weighted()
        if not negate:
            return inner
        return {k: 1.0 for k in range(N_COMBOS) if inner.get(k, 0.0) == 0.0}

    def weighted(self) -> Weights:
        inner = self.primary()
        while self.tok.kind == "WEIGHT":
            w = self.tok.weight
            self.pos += 1
            inner = {k: v * w for k, v in inner.items()}
        return inner

    def primary(self) -> Weights:
        tok = self.tok
        if tok.kind == "LPAREN":
            self.depth += 1
            if self.depth > _MAX_DEPTH:
                raise self.fail("parentheses nested too deeply")
            self.pos += 1
            if self.tok.kind == "RPAREN":
                raise self.fail("empty parentheses")
            inner = self.union()
            if self.tok.kind != "RPAREN":
                raise self.fail(f"missing ')' for the '(' opened at {tok.start}")
            self.pos += 1
            self.depth -= 1
            return inner
        if tok.kind == "ATOM":
            self.pos += 1
            if self.tok.kind == "TO":
                to = self.tok
                self.pos += 1
                if self.tok.kind != "ATOM":
                    raise self.fail(f"expected a group or hand class after {self.describe(to)}")
                last = self.tok
                self.pos += 1
                return self.span(tok, to, last)
            return self.atom(tok)
        if tok.kind == "TO":
            raise self.fail(f"{self.describe(tok)} needs a group or hand class before it")
        if tok.kind == "WEIGHT":
            raise self.fail("a weight needs a hand or range before the ':'")
        if tok.kind == "RPAREN":
            raise self.fail("')' without a matching '('")
        if tok.kind == "END":
            raise self.fail("expected a hand, range or query at the end")
        raise self.fail(f"expected a hand, range or query before {self.describe(tok)}")

    def span(self, first: _Token, to: _Token, last: _Token) -> Weights:
        """``Group2 To Group5`` or a class run written with a keyword, ``JJ to 88``."""
        a = _GROUP.fullmatch(self.src, first.start, first.end)
        b = _GROUP.fullmatch(self.src, last.start, last.end)
        if a and b:
            lo, hi = sorted((int(a.group(1)), int(b.group(1))))
            return {k: 1.0 for g in range(lo, hi + 1) for k in _group(g)}
        if a or b:
            bad = last if a else first
            raise self.fail(
                f"{self.describe(bad)} is not a group, as {self.describe(to)} needs", bad
            )
        text = self.src[first.start : first.end] + "-" + self.src[last.start : last.end]
        try:
            return parse_weights(text)
        except ParseError as e:
            raise self.fail(
                f"{self.describe(first)} {self.src[to.start : to.end]} {self.describe(last)}: "
                f"{e.reason}",
                first,
            ) from None

    def atom(self, tok: _Token) -> Weights:
        """A keyword set, a group, a named range, ``Kx``, or a range-notation token."""
        src = self.src
        word = src[tok.start : tok.end].lower()
        if word in _SHAPES:
            return dict.fromkeys(_shape(_SHAPES[word]), 1.0)
        if m := _GROUP.fullmatch(word):
            return dict.fromkeys(_group(int(m.group(1))), 1.0)
        if m := _GROUP_SPAN.fullmatch(word):
            lo, hi = sorted((int(m.group(1)), int(m.group(2))))
            return {k: 1.0 for g in range(lo, hi + 1) for k in _group(g)}
        if word in NAMED_RANGES:
            lo, hi = NAMED_RANGES[word]
            return {k: 1.0 for g in range(lo, hi + 1) for k in _group(g)}
        if m := _SMALL_KICKER.fullmatch(word):
            return dict.fromkeys(
                _small_kicker(RANKS.index(m.group(1).upper()), m.group(2) or ""), 1.0
            )
        if src[tok.start] == "[":
            return parse_weights(src, tok.start, tok.end)
        if word.startswith("group"):
            raise self.fail(f"unknown group {src[tok.start : tok.end]!r} (Group1 to Group9)", tok)
        return parse_token(src, tok.start, tok.end)


def parse_query(text: str) -> Range:
    """Parse any player expression: a pocket query whose atoms include all of range notation.

    Grammar (keywords case-insensitive; precedence ``Not`` > ``And`` > ``Or``)::

        query   := and (OR and)*                  OR:  "Or" "|" "Union" ","
        and     := not ([AND] not)*               AND: "And" "&" "Intersection", or nothing
        not     := "Not"* weighted                ("Connected Suited" is an intersection)
        weighted:= primary (":" WEIGHT)*          WEIGHT a fraction in [0, 1]
        primary := "(" query ")"
                 | atom [TO atom]                 TO: "To" "Through" "-"
        atom    := "Group1" .. "Group9"           Sklansky-Malmuth groups; 9 = all the rest
                 | "Group2-Group5"                a span of groups, like "Group2 To Group5"
                 | "RUS" | "RS" | "RML" | "ATC"   groups 1, 1-2, 1-5, any two cards
                 | "Suited" | "Offsuit" | "Pair"  312, 936 and 78 hands
                 | "Connected" | "Gap1" | "Gap2" | "Gap3"   ranks 1, 2, 3, 4 apart (A2 is not)
                 | RANK "x" [s|o]                 "Kx": the rank with any 2..8 kicker (HoldemHand)
                 | any token of range notation   see pokercalc.ranges.notation.parse_range
                 | "[" PERCENT "]" ... "[/" PERCENT "]"   an Equilab weight group

    ``X To Y`` spans Sklansky groups, or hand classes as a dash does (``JJ to
    88``).  Two single cards apart, ``Ah Kh`` or ``Ax Kx``, are one hand.
    Weights: a union keeps the right operand's weight for a hand in both, an
    intersection multiplies them, ``Not`` gives weight 1 to every hand absent
    from its operand.  The result's ``text`` is ``text``; bad input raises a
    :class:`ParseError` naming the problem and its position.

    >>> len(parse_query("Connected Suited")), len(parse_query("Kx")), len(parse_query("RS"))
    (48, 112, 58)
    >>> parse_query("Group1 or Suited and")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokercalc.errors.ParseError: expected a hand, range or query at the end at position 20 in ...
    """
    if not isinstance(text, str):
        raise ParseError(f"a query must be text, not {type(text).__name__}")
    return _parse_query(text)


@lru_cache(maxsize=1024)
def _parse_query(text: str) -> Range:
    """:func:`parse_query` once per distinct text (a Range is immutable, so it can be shared)."""
    return Range.from_weights(text, _Parser(text).parse())


def _board_and_dead(
    board: CardsLike, dead: CardsLike, game: Game = HOLDEM
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Board and dead cards, checked as every command checks them (in the game's deck)."""
    from pokercalc.core.validate import check_board_and_dead

    return check_board_and_dead(board, dead, game=game)


def player_range(
    text: str | Range | Sequence[CardLike],
    board: CardsLike = (),
    dead: CardsLike = (),
    player: str = "Player 2",
) -> Range:
    """Parse a player's expression (or take a hand given as a list of cards) and remove the
    hands that use board or dead cards.

    Raises :class:`EmptyRangeError` naming ``player`` when the expression
    matches no hand or every hand is blocked (naming the blocking cards).

    >>> player_range("AhKh", board="Ah7c2d", player="Hero")
    Traceback (most recent call last):
    ...
    pokercalc.errors.EmptyRangeError: Hero ('AhKh') has no hand left: all are blocked by Ah
    """
    if not isinstance(text, (str, Range)):
        text = cards_text(text, player)
    rng = text if isinstance(text, Range) else parse_query(text)
    b, d = _board_and_dead(board, dead)
    return rng.without(b + d, player=player)


def run_query(
    text: str,
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    game: str | Game = "holdem",
) -> QueryResult:
    """Parse ``text`` and remove board and dead cards: the data behind ``pokercalc query``.

    An expression that matches nothing gives an empty result; one whose every
    hand is blocked raises :class:`EmptyRangeError` naming the blocking cards.
    ``game`` is hold'em or a short-deck game: there hold'em notation naming a
    rank the deck lacks is an error naming it, and groups and shapes keep the
    hands of its 36 cards (Omaha ranges: :func:`pokercalc.ranges.omaha.run_omaha_query`).

    >>> r = run_query("99+,AJs+", board="4dAc5d")
    >>> r.matched, r.count, [c.name for c in r.classes()][:3]
    (48, 42, ['AA', 'AKs', 'AQs'])
    >>> r = run_query("Suited", game="shortdeck")
    >>> r.count, r.total
    (144, 630)
    """
    g = get_game(game)
    if g.range_language == "cards":
        raise InputError(
            f"query in {g.name}: ranges and pocket queries are hold'em and Omaha notation; a "
            f"{g.name} player is the cards it is given (docs/games.md)"
        )
    if g.range_language != "holdem":
        raise InputError(f"{g.name} ranges are not hold'em notation: use run_omaha_query")
    rng = parse_query(text)
    if g.outside_mask and rng.combos:
        # The one rule for a smaller deck (ranges/decks.py).
        rng = in_deck(rng, text, g, "the query")
    b, d = _board_and_dead(board, dead, g)
    left = rng.without(b + d, player="the query") if rng.combos else rng
    return QueryResult(
        expression=text,
        game=g.name,
        board=cards_of(b),
        dead=cards_of(d),
        range=left,
        matched=len(rng),
    )
