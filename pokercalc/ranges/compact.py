"""Compact range notation: a two-card range written back as short standard notation.

:func:`compact_range` is the inverse of :func:`~pokercalc.ranges.notation.parse_range`:
it writes a range the way PokerStove and Equilab do (``77+,A7s+,K9s+,QTs+,JTs,ATo+``),
pairs first, then hands of both suits (``AK``), suited, offsuit, and last the
single hands (``AhKh``) of classes held in part.  Weighted hands keep their
weight in the parser's own syntax: ``AKs:0.5`` for one token, an Equilab group
``[50]AKs,QQ[/50]`` when that is shorter.  ``parse_range(compact_range(r))``
holds exactly the hands and weights of ``r``.

With ``blocked`` cards (a board, dead cards) the hands using them are free to
be in or out, so that the text is short for the range that is left after card
removal: ``KK`` rather than ``KsKd,KsKc,KdKc`` on a board with the king of hearts.

>>> from pokercalc.core.cards import parse_cards
>>> from pokercalc.ranges.notation import parse_range
>>> compact_range(parse_range("AA,KK,QQ,JJ,TT,99,88,77,AKs,AQs,AJs,ATs,A9s,A8s,A7s"))
'77+,A7s+'
>>> compact_range(parse_range("AKs,AKo,T9s,98s,87s,76s,65s,AhQh:0.5"))
'AK,T9s-65s,AhQh:0.5'
>>> compact_range(parse_range("KsKd,KsKc,KdKc"), blocked=parse_cards("Kh7c2d"))
'KK'
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from functools import cache, lru_cache

from pokercalc.core.cards import CardsLike, card_mask, format_cards, mask_of, to_cards
from pokercalc.core.games import Game, get_game
from pokercalc.ranges.combos import COMBO_OF_INDEX, N_COMBOS, RANKS, combo_index
from pokercalc.ranges.hands import Range

__all__ = ["compact_range", "format_weight"]

# What a class (or a cell of a row) requires of a token covering it.
_MUST, _MAY, _NO = 2, 1, 0

# Token kinds of a row: suited, offsuit, both ("AK" covers AKs and AKo).
_SUFFIX = {"s": "s", "o": "o", "b": ""}


def format_weight(weight: float) -> str:
    """The shortest decimal text that the range parser reads back as exactly ``weight``.

    >>> format_weight(0.5), format_weight(1e-05), format_weight(1 / 3)
    ('0.5', '0.00001', '0.3333333333333333')
    """
    return format(Decimal(repr(float(weight))), "f")


def _percent_text(weight: float) -> str | None:
    """``weight`` in percent for an Equilab group, when it reads back exactly (else None)."""
    text = format(Decimal(repr(float(weight))) * 100, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text if float(text) / 100 == weight else None


def _class_cells(hi: int, lo: int, kind: str) -> tuple[int, ...]:
    """Combo indices of ranks ``hi`` >= ``lo``: kind ``s``, ``o``, or ``p`` for a pair."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = 4 * hi + s1, 4 * lo + s2
            if a == b or (hi == lo and s1 <= s2):
                continue
            if hi != lo and (kind == "s") != (s1 == s2):
                continue
            out.append(combo_index(a, b))
    return tuple(out)


@cache
def _classes() -> dict[tuple[str, int, int], tuple[int, ...]]:
    """Every class as ``(kind, high rank, low rank)`` -> its combo indices (kind p, s or o)."""
    out: dict[tuple[str, int, int], tuple[int, ...]] = {}
    for hi in range(13):
        out[("p", hi, hi)] = _class_cells(hi, hi, "p")
        for lo in range(hi):
            out[("s", hi, lo)] = _class_cells(hi, lo, "s")
            out[("o", hi, lo)] = _class_cells(hi, lo, "o")
    return out


def _cost(kind: str, length: int, top: bool) -> int:
    """Characters of a row token (a comma included) covering ``length`` cells.

    ``top``: the cells start at the row's top (kicker one below the high card,
    or aces for pairs), so ``+`` can write them.
    """
    one = 2 + len(_SUFFIX.get(kind, ""))
    if length == 1:
        return one + 1
    if top:
        return one + 2
    return 2 * one + 2


@lru_cache(maxsize=4096)
def _cover_line(kind: str, req: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The cheapest intervals of a row covering every ``_MUST`` cell and no ``_NO`` cell.

    Cells run from the row's top down; returns the cost and the intervals as
    ``(first, last)`` cell positions.
    """
    n = len(req)
    best: list[tuple[int, tuple[tuple[int, int], ...]]] = [(0, ())] * (n + 1)
    for i in range(n - 1, -1, -1):
        options = []
        if req[i] != _MUST:
            options.append(best[i + 1])
        if req[i] != _NO:
            j = i
            while j < n and req[j] != _NO:
                cost, rest = best[j + 1]
                options.append((cost + _cost(kind, j - i + 1, i == 0), ((i, j), *rest)))
                j += 1
        best[i] = min(options, key=lambda o: (o[0], len(o[1])))
    return best[0]


@lru_cache(maxsize=4096)
def _cover_row(
    s_req: tuple[int, ...], o_req: tuple[int, ...]
) -> tuple[int, tuple[tuple[str, int, int], ...]]:
    """The cheapest suited, offsuit and both-suits tokens covering one row of high card.

    Both-suits tokens (``AJ+``) are tried on each stretch of cells that both
    kinds allow, trimmed to where both kinds must be covered, or stretched to
    the top; the suited and offsuit cells left are then covered line by line.
    """
    n = len(s_req)
    both_ok = [s_req[i] != _NO and o_req[i] != _NO for i in range(n)]
    runs: list[list[tuple[int, int] | None]] = []
    i = 0
    while i < n:
        if not both_ok[i]:
            i += 1
            continue
        j = i
        while j + 1 < n and both_ok[j + 1]:
            j += 1
        must = [k for k in range(i, j + 1) if s_req[k] == _MUST and o_req[k] == _MUST]
        options: list[tuple[int, int] | None] = [None]
        if must:
            lo, hi = must[0], must[-1]
            options += [(lo, hi), (i, hi)]
            if i == 0:
                options.append((0, hi))
        runs.append(list(dict.fromkeys(options)))
        i = j + 1
    best: tuple[int, tuple[tuple[str, int, int], ...]] | None = None
    for choice in _product(runs):
        cost = 0
        s, o = list(s_req), list(o_req)
        tokens: list[tuple[str, int, int]] = []
        for iv in choice:
            if iv is None:
                continue
            a, b = iv
            cost += _cost("b", b - a + 1, a == 0)
            tokens.append(("b", a, b))
            for k in range(a, b + 1):
                s[k] = o[k] = _MAY
        s_cost, s_iv = _cover_line("s", tuple(s))
        o_cost, o_iv = _cover_line("o", tuple(o))
        cost += s_cost + o_cost
        tokens += [("s", a, b) for a, b in s_iv] + [("o", a, b) for a, b in o_iv]
        if best is None or cost < best[0]:
            best = (cost, tuple(tokens))
    assert best is not None
    return best


def _product(runs: list[list[tuple[int, int] | None]]) -> list[list[tuple[int, int] | None]]:
    """Every choice of one option per run."""
    out: list[list[tuple[int, int] | None]] = [[]]
    for options in runs:
        out = [c + [o] for c in out for o in options]
    return out


class _Grid:
    """What each class requires of one weight's tokens, and the tokens chosen so far."""

    def __init__(self, req: dict[tuple[str, int, int], int], low: int) -> None:
        self.req = req
        self.low = low  # the deck's lowest rank

    def row(self, hi: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Suited and offsuit requirements of the row of ``hi``, kickers from the top down."""
        kickers = range(hi - 1, self.low - 1, -1)
        return (
            tuple(self.req[("s", hi, k)] for k in kickers),
            tuple(self.req[("o", hi, k)] for k in kickers),
        )

    def pairs(self) -> tuple[int, ...]:
        return tuple(self.req[("p", r, r)] for r in range(12, self.low - 1, -1))

    def cost(self, rows: Iterable[int]) -> int:
        return sum(_cover_row(*self.row(hi))[0] for hi in rows)


def _diagonals(grid: _Grid) -> list[tuple[str, int, int, int]]:
    """Connector runs (``T9s-54s``) worth writing, chosen greedily: (kind, gap, top, bottom).

    A run covers the cells ``(hi, hi - gap)`` for ``hi`` from ``bottom`` to
    ``top``; each is taken when it shortens the rows it crosses by more than
    it costs.
    """
    chosen: list[tuple[str, int, int, int]] = []
    req = grid.req
    while True:
        best: tuple[int, tuple[str, int, int, int]] | None = None
        for kind in ("b", "s", "o"):
            kinds = ("s", "o") if kind == "b" else (kind,)
            for gap in range(1, 13 - grid.low):
                cells = list(range(grid.low + gap, 13))  # high ranks along the diagonal
                run: list[int] = []
                for hi in [*cells, None]:
                    ok = hi is not None and all(req[(k, hi, hi - gap)] != _NO for k in kinds)
                    if ok:
                        run.append(hi)  # type: ignore[arg-type]
                        continue
                    must = [h for h in run if all(req[(k, h, h - gap)] == _MUST for k in kinds)]
                    run = []
                    if len(must) < 2:
                        continue
                    lo_h, hi_h = must[0], must[-1]
                    rows = range(lo_h, hi_h + 1)
                    before = grid.cost(rows)
                    saved = {(k, h, h - gap): req[(k, h, h - gap)] for k in kinds for h in rows}
                    for key in saved:
                        req[key] = _MAY
                    after = grid.cost(rows) + _cost(kind, 2, False)
                    req.update(saved)
                    gain = before - after
                    if gain > 0 and (best is None or gain > best[0]):
                        best = (gain, (kind, gap, hi_h, lo_h))
        if best is None:
            return chosen
        kind, gap, top, bottom = best[1]
        for k in ("s", "o") if kind == "b" else (kind,):
            for h in range(bottom, top + 1):
                req[(k, h, h - gap)] = _MAY
        chosen.append(best[1])


def _row_tokens(grid: _Grid) -> list[tuple[tuple[int, ...], str]]:
    """The class tokens of one weight, each with its sort key."""
    out: list[tuple[tuple[int, ...], str]] = []
    # Connector runs first: they relax the rows they cross.
    for kind, gap, top, bottom in _diagonals(grid):
        sfx = _SUFFIX[kind]
        text = f"{RANKS[top]}{RANKS[top - gap]}{sfx}-{RANKS[bottom]}{RANKS[bottom - gap]}{sfx}"
        out.append(((_KIND_ORDER[kind], -top, -(top - gap)), text))
    pair_ranks = list(range(12, grid.low - 1, -1))
    _, ivs = _cover_line("p", grid.pairs())
    for a, b in ivs:
        top, bottom = pair_ranks[a], pair_ranks[b]
        if a == b:
            text = RANKS[top] * 2
        elif a == 0:
            text = RANKS[bottom] * 2 + "+"
        else:
            text = f"{RANKS[top] * 2}-{RANKS[bottom] * 2}"
        out.append(((0, -top, -top), text))
    for hi in range(12, grid.low, -1):
        kickers = list(range(hi - 1, grid.low - 1, -1))
        h = RANKS[hi]
        for kind, a, b in _cover_row(*grid.row(hi))[1]:
            sfx = _SUFFIX[kind]
            k_top, k_bottom = kickers[a], kickers[b]
            if a == b:
                text = f"{h}{RANKS[k_top]}{sfx}"
            elif a == 0:
                text = f"{h}{RANKS[k_bottom]}{sfx}+"
            else:
                text = f"{h}{RANKS[k_top]}{sfx}-{h}{RANKS[k_bottom]}{sfx}"
            out.append(((_KIND_ORDER[kind], -hi, -k_top), text))
    return out


_KIND_ORDER = {"b": 1, "s": 2, "o": 3}


def _weight_tokens(
    held: set[int], free: frozenset[int], absent: frozenset[int], low: int
) -> list[str]:
    """Tokens whose hands, ``free`` ones aside, are exactly ``held`` (``absent`` never named)."""
    req: dict[tuple[str, int, int], int] = {}
    singles: list[int] = []
    for key, cells in _classes().items():
        if any(c in absent for c in cells):
            req[key] = _NO
            singles += [c for c in cells if c in held]
            continue
        left = [c for c in cells if c not in free]
        inside = [c for c in left if c in held]
        if not left:
            req[key] = _MAY
        elif len(inside) == len(left):
            req[key] = _MUST
        else:
            req[key] = _NO
            singles += inside
    tokens = sorted(_row_tokens(_Grid(req, low)))
    combos = sorted(singles, reverse=True)
    return [t for _, t in tokens] + [format_cards(COMBO_OF_INDEX[k]) for k in combos]


def _with_weight(tokens: list[str], weight: float) -> str:
    """The tokens of one weight, suffixed (``AKs:0.5``) or grouped (``[50]...[/50]``)."""
    if weight == 1.0:
        return ",".join(tokens)
    w = format_weight(weight)
    suffixed = ",".join(f"{t}:{w}" for t in tokens)
    p = _percent_text(weight)
    if p is not None:
        grouped = f"[{p}]{','.join(tokens)}[/{p}]"
        if len(grouped) < len(suffixed):
            return grouped
    return suffixed


def compact_range(rng: Range, *, blocked: CardsLike = (), game: str | Game = "holdem") -> str:
    """``rng`` in short range notation; hands using a ``blocked`` card (cards in any form
    :func:`~pokercalc.core.cards.to_cards` reads) may be written or not.

    Returns ``""`` for a range with no hand left.  In short-deck (``game``) no
    token names a rank the deck lacks, so the text reads back in that game.
    The cover is exact within each row of the grid (one high card, or the
    pairs); connector runs across rows (``T9s-54s``) are chosen greedily.

    >>> from pokercalc.ranges.notation import parse_range
    >>> compact_range(parse_range("QQ+,AKs,AKo,AQs"))
    'QQ+,AK,AQs'
    >>> compact_range(parse_range("AKs:0.5,AQs:0.5,AJs:0.5,22:0.25"))
    'AJs+:0.5,22:0.25'
    >>> compact_range(parse_range("[50]QQ,AKs,T9s[/50]"))
    '[50]QQ,AKs,T9s[/50]'
    """
    g = get_game(game)
    blocked_mask = mask_of(to_cards(blocked, "blocked"))
    weights: dict[int, float] = {}
    for combo, w in zip(rng.combos, rng.weights, strict=True):
        if len(combo) != 2:
            raise ValueError("compact notation writes two-card ranges only")
        weights[combo_index(*combo)] = w
    free = frozenset(
        k
        for k in range(N_COMBOS)
        if blocked_mask & (card_mask(COMBO_OF_INDEX[k][0]) | card_mask(COMBO_OF_INDEX[k][1]))
    )
    absent = frozenset(
        k
        for k in range(N_COMBOS)
        if g.outside_mask & (card_mask(COMBO_OF_INDEX[k][0]) | card_mask(COMBO_OF_INDEX[k][1]))
    )
    by_weight: dict[float, set[int]] = {}
    for k, w in weights.items():
        if k not in free and k not in absent:
            by_weight.setdefault(w, set()).add(k)
    if not by_weight:
        return ""
    open_cells = set(range(N_COMBOS)) - free - absent
    if len(by_weight) == 1:
        ((w, held),) = by_weight.items()
        if held == open_cells and (w == 1.0 or not g.outside_mask):
            return "random" if w == 1.0 else f"random:{format_weight(w)}"
    parts = []
    for w in sorted(by_weight, key=lambda x: (x != 1.0, -x)):
        tokens = _weight_tokens(by_weight[w], free, absent, g.lowest_rank)
        parts.append(_with_weight(tokens, w))
    return ",".join(parts)
