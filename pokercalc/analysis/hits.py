"""How a range hits a board, Flopzilla's view: every combo's made hand and draws, counted.

Each combo of the range (after card removal by the board and dead cards) gets
exactly one *made-hand class*, best first:

* straight flush, quads, full house, flush, straight: the category of the
  best five of hole cards and board (on the river this may be the board's own);
* set (a pocket pair and one board card of its rank), trips (one hole card and
  a pair on the board);
* top two pair, top and bottom two pair, bottom two pair: both hole cards pair
  the board; *top two* pairs the two highest board ranks, *top and bottom* the
  highest and one below the second, *bottom two* two ranks below the highest;
* overpair, top pair (top, good or weak kicker), pocket pair below top pair,
  middle pair, bottom pair, underpair;
* ace high (an ace in the hand, no pair from the hole cards), nothing.

A pair on the board belongs to every hand, so below a straight the classes say
what the hole cards add: on K♠7♥7♦, KQ is top pair, AA an overpair, QQ a pocket
pair below top pair and AQ ace high.  Top pair's kicker is *top* when it is the
best rank not on the board, *good* when it is one of the next two, *weak*
otherwise (on K72: A, then Q or J, then T and below).

Draws are listed alongside, a combo having any number of them (none on the
river): flush draw and nut flush draw (the flush draw holding the best card of
its suit that is neither on the board nor dead), open-ended straight draw,
double gutshot and gutshot (as :mod:`pokercalc.analysis.draws` defines them,
one per combo), combo draws (a flush draw with each of those), and on the flop
the backdoor flush draw (draws.py's rule) and backdoor straight draw: no
straight and no straight draw yet, but two running cards of new ranks give a
straight better than the board's own with them.

Weighted combos count by their weight; shares are of the range's total weight.
Opponents (``vs``) weight each combo by the share of each opponent's range that
it leaves possible: a known hand removes the combos sharing its cards, a range
reduces the weight of the combos that block it (one opponent exactly; several
are taken one at a time, ignoring the cards they block from each other).

>>> r = range_hits("QQ+,AK", "Kh7c2d")
>>> r.combos, [(c.name, c.combos) for c in r.made if c.combos]
(27, [('set', 3), ('overpair', 6), ('top pair top kicker', 12), ('pocket pair below top pair', 6)])
>>> [(d.name, d.combos) for d in r.draws if d.combos]  # AcKc and AdKd: three to a flush
[('backdoor flush draw', 2)]
>>> select_hands(r, "top pair or better").notation
'KK+,AK'
>>> range_hits("AK", "Kh7c2d", game="omaha")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: hits in omaha is not available yet; ...
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from pokercalc import _eval
from pokercalc.analysis.rules import (
    BestFive,
    completing_ranks,
    open_ended,
    rules_for,
    straight_top,
)
from pokercalc.core.cards import (
    Card,
    CardLike,
    CardsLike,
    card_mask,
    cards_of,
    format_cards,
    mask_of,
)
from pokercalc.core.games import Game
from pokercalc.core.results import CARDS, COUNT, GAME, HANDS, PROB, Result, derived, doc
from pokercalc.errors import EmptyRangeError, ParseError
from pokercalc.ranges.notation import Range

__all__ = [
    "MADE_HANDS",
    "DRAWS",
    "HitCount",
    "HandHit",
    "Selection",
    "HitsResult",
    "range_hits",
    "select_hands",
    "looks_like_range",
]

#: the made-hand classes, best first in hold'em, each with its standard category (0..8)
MADE_HANDS: tuple[tuple[str, int], ...] = (
    ("straight flush", 8),
    ("quads", 7),
    ("full house", 6),
    ("flush", 5),
    ("straight", 4),
    ("set", 3),
    ("trips", 3),
    ("top two pair", 2),
    ("top and bottom two pair", 2),
    ("bottom two pair", 2),
    ("overpair", 1),
    ("top pair top kicker", 1),
    ("top pair good kicker", 1),
    ("top pair weak kicker", 1),
    ("pocket pair below top pair", 1),
    ("middle pair", 1),
    ("bottom pair", 1),
    ("underpair", 1),
    ("ace high", 0),
    ("nothing", 0),
)

#: the draws, in the order they are listed (a combo may have several)
DRAWS: tuple[str, ...] = (
    "flush draw",
    "nut flush draw",
    "open-ended straight draw",
    "double gutshot",
    "gutshot",
    "combo draw (open-ended)",
    "combo draw (double gutshot)",
    "combo draw (gutshot)",
    "backdoor flush draw",
    "backdoor straight draw",
)

_MADE_INDEX = {name: i for i, (name, _) in enumerate(MADE_HANDS)}
_BY_CATEGORY = {8: 0, 7: 1, 6: 2, 5: 3, 4: 4}  # categories named as they are
(_SET, _TRIPS, _TOP_TWO, _TOP_BOTTOM, _BOTTOM_TWO, _OVERPAIR, _TPTK, _TPGK, _TPWK, _PPBTP,
 _MIDDLE, _BOTTOM, _UNDERPAIR, _ACE_HIGH, _NOTHING) = range(5, 20)  # fmt: skip
_FD, _NFD, _OESD, _DG, _GS, _COMBO_OE, _COMBO_DG, _COMBO_GS, _BDFD, _BDSD = (
    1 << i for i in range(len(DRAWS))
)
_STRAIGHT = 4


@dataclass(frozen=True, kw_only=True)
class HitCount(Result):
    """How much of the range one made-hand class or draw holds."""

    kind: str = doc('"made" (a made-hand class) or "draw"', schema={"enum": ["made", "draw"]})
    name: str = doc("the class or draw, as in MADE_HANDS or DRAWS")
    combos: int = doc("combos with it, each counted once whatever its weight", COUNT)
    weight: float = doc("the sum of their weights (combos when nothing is weighted)", minimum=0)
    share: float = doc("weight as a share of the range's total weight", PROB)


@dataclass(frozen=True, kw_only=True)
class HandHit(Result):
    """One combo of the range: its made-hand class and its draws."""

    hand: tuple[Card, ...] = doc("the two hole cards, highest first", HANDS)
    weight: float = doc("its weight in the range", PROB)
    counted: float = doc("the weight it counts for: weight times the opponents' factors", PROB)
    made: str = doc("its made-hand class")
    draws: tuple[str, ...] = doc("its draws, in the order of DRAWS")


@dataclass(frozen=True, kw_only=True)
class Selection(Result):
    """The part of a range that a ``--select`` expression picks, as range notation."""

    expression: str = doc("the selection as given")
    notation: str = doc("the picked hands in compact range notation (empty when none)", key="range")
    hands: tuple[tuple[Card, ...], ...] = doc("the picked combos, highest first", items=HANDS)
    weights: tuple[float, ...] = doc("their weights in the range", items=PROB)

    @property
    @derived(COUNT)
    def combos(self) -> int:
        """The number of combos picked."""
        return len(self.hands)

    weight: float = doc("the weight they count for, as the classes count it", minimum=0)
    share: float = doc("weight as a share of the range's total weight", PROB)

    def lines(self) -> list[str]:
        """One combo per line in ASCII, with ``:weight`` when it is not 1."""
        return [
            format_cards(h) + ("" if w == 1.0 else f":{w!r}")
            for h, w in zip(self.hands, self.weights, strict=True)
        ]


@dataclass(frozen=True, kw_only=True)
class HitsResult(Result):
    """How a range hits a board: combos and share of each made-hand class and draw."""

    game: str = doc("the game (core/games.py)", GAME)
    range: str = doc("the range as given")
    board: tuple[Card, ...] = doc("the flop, turn or river", CARDS)
    dead: tuple[Card, ...] = doc("cards out of the deck", CARDS)
    opponents: tuple[str, ...] = doc("the opponents' ranges (--vs) weighting the combos")
    street: str = doc("the board's street", schema={"enum": ["flop", "turn", "river"]})
    matched: int = doc("combos the range held before card removal", COUNT)
    combos: int = doc("combos left after card removal (and the opponents' known hands)", COUNT)
    weight: float = doc("their total counted weight", minimum=0)
    counts: tuple[HitCount, ...] = doc(
        "every made-hand class, best first in the game's order, then every draw (zeros too)",
        table=True,
    )
    hands: tuple[HandHit, ...] = doc("every combo left, highest first, with its class and draws")
    certain: tuple[Card, ...] = doc(
        "cards the opponents hold for sure (known hands): hands using them are out", CARDS
    )
    selection: Selection | None = doc(
        "the part of the range picked by --select (null without it)", default=None
    )

    @property
    def made(self) -> tuple[HitCount, ...]:
        """The made-hand classes, best first."""
        return tuple(c for c in self.counts if c.kind == "made")

    @property
    def draws(self) -> tuple[HitCount, ...]:
        """The draws, in the order of DRAWS."""
        return tuple(c for c in self.counts if c.kind == "draw")

    def lines(self) -> list[str]:
        """Every combo left, one per line in ASCII, with ``:weight`` when it is not 1."""
        return [
            format_cards(h.hand) + ("" if h.weight == 1.0 else f":{h.weight!r}") for h in self.hands
        ]


# ---------------------------------------------------------------------------
# Classification.


class _Board:
    """What the classification needs to know of one board, computed once."""

    def __init__(self, rules: BestFive, board: tuple[int, ...], dead: tuple[int, ...]) -> None:
        self.rules = rules
        self.game = game = rules.game
        self.board = board
        self.dead = dead
        self.mask = mask_of(board)
        self.dead_mask = mask_of(dead)
        self.counts = [0] * 13
        for c in board:
            self.counts[c >> 2] += 1
        self.suits = [0] * 4
        for c in board:
            self.suits[c & 3] += 1
        ranks = sorted({c >> 2 for c in board}, reverse=True)
        self.ranks = ranks
        self.top, self.second, self.low = ranks[0], ranks[1] if len(ranks) > 1 else -1, ranks[-1]
        kickers = [r for r in range(12, game.lowest_rank - 1, -1) if not self.counts[r]]
        self.top_kicker = kickers[0]
        self.good_kickers = set(kickers[1:3])
        self.rank_mask = 0
        for r in ranks:
            self.rank_mask |= 1 << r
        blocked = self.mask | self.dead_mask
        # The best card of each suit that is on neither the board nor the dead list.
        self.nut = [
            next(
                (4 * r + s for r in range(12, game.lowest_rank - 1, -1)
                 if not blocked & card_mask(4 * r + s)),
                -1,
            )
            for s in range(4)
        ]  # fmt: skip
        # Ranks that still have an unseen card once the dead cards are out.
        self.live_ranks = [
            r
            for r in range(game.lowest_rank, 13)
            if any(not self.dead_mask & card_mask(4 * r + s) for s in range(4))
        ]
        self.river = len(board) == 5
        self.flop = len(board) == 3
        self.high = game.ranking == "high"
        self.straight_strength = self.strength(_STRAIGHT)
        self._straight_cache: dict[tuple[int, ...], tuple[int, bool]] = {}
        self._flush_cache: dict[tuple[int, ...], tuple[bool, bool]] = {}

    def strength(self, category: int) -> int:
        """The place of a standard category in the game's ranking."""
        return category if self.high else self.game.category_order.index(category)

    def value(self, a: int, b: int) -> int:
        """The hand value of hole cards ``a``, ``b`` on the board."""
        if self.high:
            return _eval.evaluate_mask(self.mask | card_mask(a) | card_mask(b))
        return _eval.evaluate_ranked((*self.board, a, b), self.game.ranking)

    def made(self, a: int, b: int, category: int) -> int:
        """The made-hand class (an index into MADE_HANDS) of hole cards ``a`` > ``b``."""
        if category >= _STRAIGHT:
            return _BY_CATEGORY[category]
        ra, rb = a >> 2, b >> 2
        counts = self.counts
        if ra == rb:
            if counts[ra]:
                return _SET
            if ra > self.top:
                return _OVERPAIR
            return _UNDERPAIR if ra < self.low else _PPBTP
        pa, pb = counts[ra], counts[rb]
        if pa >= 2 or pb >= 2:
            return _TRIPS
        if pa and pb:
            if ra != self.top:
                return _BOTTOM_TWO
            return _TOP_TWO if rb == self.second else _TOP_BOTTOM
        if pa or pb:
            paired, kicker = (ra, rb) if pa else (rb, ra)
            if paired == self.top:
                if kicker == self.top_kicker:
                    return _TPTK
                return _TPGK if kicker in self.good_kickers else _TPWK
            return _BOTTOM if paired == self.low else _MIDDLE
        return _ACE_HIGH if ra == 12 else _NOTHING

    def draws(self, a: int, b: int, category: int) -> int:
        """The draws of hole cards ``a``, ``b`` as a bit set over DRAWS (none on the river).

        The straight and flush draws are the hand rules' (draws.py's), asked once per shape
        that decides them: the hole ranks with the suits that could make a
        flush (four or more of them), and for flushes only the suits of three
        or more with the category.
        """
        if self.river:
            return 0
        sa, sb = a & 3, b & 3
        suits = self.suits[:]
        suits[sa] += 1
        suits[sb] += 1
        hand = (a, b)
        fkey = (*sorted(s if suits[s] >= 3 else -1 for s in (sa, sb)), category)
        flush = self._flush_cache.get(fkey)
        if flush is None:
            flush = (
                bool(self.rules.flush_outs(hand, self.board, self.dead)),
                self.flop
                and len(self.rules.backdoor_flush_cards(hand, self.board, self.dead)) >= 2,
            )
            self._flush_cache[fkey] = flush
        skey = (a >> 2, b >> 2, sa if suits[sa] >= 4 else -1, sb if suits[sb] >= 4 else -1)
        straight = self._straight_cache.get(skey)
        if straight is None:
            straight = self._straight(hand)
            self._straight_cache[skey] = straight
        out = 0
        if flush[0]:
            out |= _FD
            s = next(s for s in (sa, sb) if suits[s] == 4)
            if self.nut[s] in hand:
                out |= _NFD
        if flush[1]:
            out |= _BDFD
        kind, backdoor = straight
        out |= kind
        if kind and flush[0]:
            out |= {_OESD: _COMBO_OE, _DG: _COMBO_DG, _GS: _COMBO_GS}[kind]
        if backdoor and not kind and self.strength(category) < self.straight_strength:
            out |= _BDSD
        return out

    def _straight(self, hand: tuple[int, int]) -> tuple[int, bool]:
        """The straight draw bit (0 for none) of ``hand``, and whether a backdoor one is there."""
        outs = self.rules.straight_outs(hand, self.board, self.dead)
        comp = completing_ranks(outs)
        if open_ended(hand, self.board, comp, self.game):
            kind = _OESD
        elif comp.bit_count() >= 2:
            kind = _DG
        else:
            kind = _GS if comp else 0
        return kind, self.flop and self._backdoor_straight(hand)

    def _backdoor_straight(self, hand: tuple[int, int]) -> bool:
        """Two new ranks give a straight better than the board's own with them (rank test)."""
        held = self.rank_mask | 1 << (hand[0] >> 2) | 1 << (hand[1] >> 2)
        new = [r for r in self.live_ranks if not held >> r & 1]
        for i, x in enumerate(new):
            for y in new[i + 1 :]:
                two = 1 << x | 1 << y
                mine = straight_top(held | two, self.game)
                if mine >= 0 and mine > straight_top(self.rank_mask | two, self.game):
                    return True
        return False


def _street(board: tuple[int, ...]) -> str:
    return {3: "flop", 4: "turn", 5: "river"}[len(board)]


def _opponent_factors(
    hands: Sequence[tuple[int, ...]], opponents: Sequence[Range]
) -> tuple[list[float], tuple[int, ...]]:
    """Each hand's factor (the share of every opponent's weight it leaves), and certain cards."""
    factors = [1.0] * len(hands)
    certain: set[int] = set()
    for opp in opponents:
        total = opp.total_weight
        per_card = [0.0] * 52
        exact: dict[tuple[int, ...], float] = {}
        cards = set(opp.combos[0])
        for combo, w in zip(opp.combos, opp.weights, strict=True):
            for c in combo:
                per_card[c] += w
            exact[combo] = w
            cards &= set(combo)
        certain |= cards
        for i, (a, b) in enumerate(hands):
            left = total - per_card[a] - per_card[b] + exact.get((a, b), 0.0)
            # Rounding must not keep alive a hand that every opponent hand blocks.
            factors[i] *= left / total if left > 1e-12 * total else 0.0
    return factors, tuple(sorted(certain, reverse=True))


def range_hits(
    range_: str | Range | Sequence[CardLike],
    board: CardsLike,
    dead: CardsLike = "",
    *,
    vs: Sequence[str | Range | Sequence[CardLike]] = (),
    game: str | Game = "holdem",
    select: str | None = None,
) -> HitsResult:
    """How ``range_`` hits a flop, turn or river ``board``: every made-hand class and draw.

    ``range_`` is any two-card player (range notation, a pocket query or
    ``random``); ``vs`` are opponents weighting the combos (module docs);
    ``select`` picks a part of the range (:func:`select_hands`).  Omaha games
    are refused.  The combos of each class are in ``hands``.
    """
    from pokercalc.core.validate import check_board_and_dead
    from pokercalc.ranges.holdem_players import holdem_player

    rules = rules_for(game, "hits")
    assert isinstance(rules, BestFive)
    g = rules.game
    b, d = check_board_and_dead(board, dead, sizes=(3, 4, 5), game=g)
    rng = holdem_player(range_, g, "the range")
    text = rng.text
    left = rng.without(b + d, player="the range")
    opponents = [
        holdem_player(o, g, f"opponent {i}").without(b + d, player=f"opponent {i}")
        for i, o in enumerate(vs, 1)
    ]
    factors, certain = _opponent_factors(left.combos, opponents)
    info = _Board(rules, b, d)
    n_made, n_draws = len(MADE_HANDS), len(DRAWS)
    made_n, made_w = [0] * n_made, [0.0] * n_made
    draw_n, draw_w = [0] * n_draws, [0.0] * n_draws
    hands: list[HandHit] = []
    high = info.high
    order = g.category_order
    for (a, c), w, f in zip(left.combos, left.weights, factors, strict=True):
        if f <= 0.0:
            continue
        counted = w * f
        value = info.value(a, c)
        category = value >> 12 if high else order[value >> 12]
        m = info.made(a, c, category)
        bits = info.draws(a, c, category)
        made_n[m] += 1
        made_w[m] += counted
        names: tuple[str, ...] = ()
        if bits:
            names = tuple(DRAWS[i] for i in range(n_draws) if bits >> i & 1)
            for i in range(n_draws):
                if bits >> i & 1:
                    draw_n[i] += 1
                    draw_w[i] += counted
        hands.append(
            HandHit(
                hand=cards_of((a, c)), weight=w, counted=counted, made=MADE_HANDS[m][0], draws=names
            )
        )
    if not hands:
        raise EmptyRangeError(f"the range ({text!r}) has no hand left besides the opponents' cards")
    total = sum(h.counted for h in hands)
    counts = tuple(
        HitCount(
            kind="made",
            name=MADE_HANDS[i][0],
            combos=made_n[i],
            weight=made_w[i],
            share=min(made_w[i] / total, 1.0),
        )
        for i in _made_order(g)
    ) + tuple(
        HitCount(
            kind="draw",
            name=DRAWS[i],
            combos=draw_n[i],
            weight=draw_w[i],
            share=min(draw_w[i] / total, 1.0),
        )
        for i in range(n_draws)
    )
    result = HitsResult(
        game=g.name,
        range=text,
        board=cards_of(b),
        dead=cards_of(d),
        opponents=tuple(o.text for o in opponents),
        street=_street(b),
        matched=len(rng),
        combos=len(hands),
        weight=total,
        counts=counts,
        hands=tuple(hands),
        certain=cards_of(certain),
    )
    if select is not None:
        from dataclasses import replace

        result = replace(result, selection=select_hands(result, select))
    return result


def _made_order(game: Game) -> list[int]:
    """The made-hand classes best first under the game's ranking (short-deck moves some)."""
    order = game.category_order
    return sorted(range(len(MADE_HANDS)), key=lambda i: (-order.index(MADE_HANDS[i][1]), i))


# ---------------------------------------------------------------------------
# Selection.

_GROUPS: dict[str, tuple[str, ...]] = {
    "two pair": ("top two pair", "top and bottom two pair", "bottom two pair"),
    "top pair": ("top pair top kicker", "top pair good kicker", "top pair weak kicker"),
    "pocket pair": ("overpair", "pocket pair below top pair", "underpair"),
    "straight draw": ("open-ended straight draw", "double gutshot", "gutshot"),
    "combo draw": (
        "combo draw (open-ended)",
        "combo draw (double gutshot)",
        "combo draw (gutshot)",
    ),
    "backdoor draw": ("backdoor flush draw", "backdoor straight draw"),
    "any draw": ("flush draw", "open-ended straight draw", "double gutshot", "gutshot"),
}
_ALIASES: dict[str, str] = {
    "sf": "straight flush",
    "four of a kind": "quads",
    "boat": "full house",
    "fh": "full house",
    "three of a kind": "trips",
    "tptk": "top pair top kicker",
    "tpgk": "top pair good kicker",
    "tpwk": "top pair weak kicker",
    "pp below tp": "pocket pair below top pair",
    "no made hand": "nothing",
    "fd": "flush draw",
    "nfd": "nut flush draw",
    "oesd": "open-ended straight draw",
    "open ended": "open-ended straight draw",
    "open-ended": "open-ended straight draw",
    "double gutter": "double gutshot",
    "gutter": "gutshot",
    "bdfd": "backdoor flush draw",
    "bdsd": "backdoor straight draw",
    "draw": "any draw",
    "pair": "pocket pair",
}
_MODIFIER = re.compile(r"^(.*?)\s*(\bor\s+better|\bor\s+worse|\+)$", re.I)


def _lookup(name: str, src: str) -> tuple[list[int], list[int]]:
    """The made-class indices and draw indices a name (class, draw, group or alias) means."""
    key = " ".join(name.lower().split())
    key = _ALIASES.get(key, key)
    names = _GROUPS.get(key, (key,))
    made = [_MADE_INDEX[n] for n in names if n in _MADE_INDEX]
    draws = [DRAWS.index(n) for n in names if n in DRAWS]
    if not made and not draws:
        near = difflib.get_close_matches(key, _names(), n=3, cutoff=0.5)
        hint = f"did you mean {', '.join(map(repr, near))}? " if near else ""
        raise ParseError(
            f"unknown hand class or draw {name.strip()!r} ({hint}see docs/hits.md for the names)",
            src,
            max(src.find(name.strip()), 0),
        )
    return made, draws


def _names() -> list[str]:
    """Every name a selection may use: classes, draws, groups and short forms."""
    return [*_MADE_INDEX, *DRAWS, *_GROUPS, *_ALIASES]


def _item_terms(item: str, src: str, order: list[int]) -> list[tuple[set[int], int, bool]]:
    """The terms of one item, split at ``and`` or ``&`` except inside a name.

    A name that holds ``and`` (``top and bottom two pair``) is one term: at
    each place the longest run of pieces that reads as a term is taken, so a
    documented name is always selectable.
    """
    cuts = [(m.start(), m.end()) for m in re.finditer(r"\s+and\s+|&", item, flags=re.I)]
    starts = [0, *(b for _, b in cuts)]
    ends = [*(a for a, _ in cuts), len(item)]
    terms = []
    i = 0
    while i < len(starts):
        for j in range(len(starts) - 1, i - 1, -1):
            try:
                terms.append(_term(item[starts[i] : ends[j]], src, order))
            except ParseError:
                if j == i:
                    raise
                continue
            i = j + 1
            break
    return terms


def _term(text: str, src: str, order: list[int]) -> tuple[set[int], int, bool]:
    """One ``[not] NAME [or better|or worse|+]``: (made classes, draw bits, negated); the
    name may be quoted (``'top and bottom two pair'``)."""
    words = text.strip()
    negate = False
    if words.lower().startswith("not "):
        negate, words = True, words[4:].strip()
    modifier = ""
    if m := _MODIFIER.match(words):
        words, modifier = m.group(1), m.group(2).lower()
    if len(words) >= 2 and words[0] == words[-1] and words[0] in "'\"":
        words = words[1:-1]
    if not words.strip():
        raise ParseError("expected a hand class or draw", src, max(src.find(text.strip()), 0))
    made, draws = _lookup(words, src)
    if modifier:
        if draws:
            raise ParseError(
                f"{words!r} is a draw; 'or better' and 'or worse' go with made hands",
                src,
                max(src.find(words), 0),
            )
        places = [order.index(i) for i in made]
        if modifier.endswith("worse"):
            made = order[min(places) :]
        else:
            made = order[: max(places) + 1]
    bits = 0
    for i in draws:
        bits |= 1 << i
    return set(made), bits, negate


def select_hands(result: HitsResult, expression: str) -> Selection:
    """The combos of ``result`` that ``expression`` picks, with their compact notation.

    Grammar (case-insensitive; names as in MADE_HANDS and DRAWS, plus groups
    and short forms listed in docs/hits.md)::

        select := item ("," item)*              union
        item   := term (("and" | "&") term)*    intersection
        term   := ["not"] NAME [MODIFIER]
        MODIFIER := "or better" | "or worse" | "+"   made hands: this class and those above
                                                     (or below) it in the game's order

    A NAME may be quoted, and one holding ``and`` (``top and bottom two
    pair``) is one term: the longest run that reads as a term is taken.  An
    unknown name's error lists the nearest names.  A group (``top pair``,
    ``straight draw``) means any of its members.  The
    notation leaves out nothing it needs: hands blocked by the board, the dead
    cards or an opponent's known hand may be written or not (card removal
    takes them out again).

    >>> picked = select_hands(range_hits("QQ+,AK", "Kh7c2d"), "set, overpair")
    >>> picked.notation, picked.combos
    ('KK+', 9)
    """
    from pokercalc.core.games import get_game
    from pokercalc.ranges.compact import compact_range

    g = get_game(result.game)
    order = _made_order(g)
    if not expression.strip():
        raise ParseError("empty selection", expression, 0)
    items: list[list[tuple[set[int], int, bool]]] = []
    for item in expression.split(","):
        if not item.strip():
            raise ParseError("expected a hand class or draw", expression, expression.find(",,"))
        items.append(_item_terms(item, expression, order))
    made_names = {name: i for i, (name, _) in enumerate(MADE_HANDS)}
    picked: list[HandHit] = []
    for hand in result.hands:
        m = made_names[hand.made]
        bits = 0
        for name in hand.draws:
            bits |= 1 << DRAWS.index(name)
        for item_terms in items:
            ok = True
            for made, draw_bits, negate in item_terms:
                hit = m in made or bool(bits & draw_bits)
                if hit == negate:
                    ok = False
                    break
            if ok:
                picked.append(hand)
                break
    sub = Range.from_combos(expression, [h.hand for h in picked], [h.weight for h in picked])
    blocked = result.board + result.dead + result.certain
    total = result.weight
    weight = sum(h.counted for h in picked)
    return Selection(
        expression=expression,
        notation=compact_range(sub, blocked=blocked, game=g) if picked else "",
        hands=tuple(cards_of(h) for h in sub.combos),
        weights=sub.weights,
        weight=weight,
        share=weight / total,
    )


def looks_like_range(text: str) -> bool:
    """True when ``text`` is not one hand but parses as a range or pocket query (``QQ+,AK``)."""
    from pokercalc.core.cards import parse_cards
    from pokercalc.errors import PokercalcError
    from pokercalc.ranges.query import parse_query

    try:
        if len(parse_cards(text)) == 2:
            return False
    except PokercalcError:
        pass
    try:
        return len(parse_query(text)) > 1
    except PokercalcError:
        return False
