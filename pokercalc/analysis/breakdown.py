"""Equity by hand: one player's range split into hand classes or combos, from one engine run.

The engine tallies the chosen player's outcomes per combo inside the same
enumeration (or the same Monte Carlo deals) that gives every player's total,
so the parts add up to the whole: the shares times the equities sum to the
player's equity, exactly in an exact run.

>>> b = equity_breakdown("QQ+,AK | JJ", board="Kh7c2d")
>>> [(h.hand, round(h.equity, 4)) for h in b.hands]
[('KK', 0.999), ('AA', 0.9162), ('QQ', 0.9162), ('AKs', 0.9148), ('AKo', 0.9121)]
>>> sum(h.share_fraction * h.equity_fraction for h in b.hands) == b.run.players[0].equity_fraction
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pokercalc.analysis.equities import EquityResult, equity_run
from pokercalc.core.cards import RANKS, format_cards
from pokercalc.core.results import GAME, METHOD, NUMBER, PROB, Result, doc
from pokercalc.engine.problem import Problem
from pokercalc.errors import InputError
from pokercalc.ranges.notation import Range

__all__ = [
    "HandEquity",
    "CurveStep",
    "HistogramBin",
    "EquityDistribution",
    "BreakdownResult",
    "equity_breakdown",
    "equity_distribution",
    "hand_class",
]

#: Histogram bins of the equity distribution, 5 points of equity each.
DEFAULT_BINS = 20


@dataclass(frozen=True, kw_only=True)
class HandEquity(Result):
    """One hand class or combo of the broken-down range: how often it is held and how it does."""

    hand: str = doc("the class (AKs, QQ, AKo) or the combo (AsKs); in Omaha games the hand")
    combos: float = doc(
        "combos of the range in it held in some deal (the sum of their weights when the range "
        "is weighted): the board, the dead cards and the hands that meet the other players' "
        "cards in every deal removed",
        minimum=0,
    )
    share: float = doc(
        "share of the deals in which the player holds it; the shares add up to 1, and differ "
        "from the combos' shares where the other players' ranges remove cards unevenly",
        PROB,
    )
    equity: float = doc("its share of the pot against the others", PROB)
    win: float = doc("probability of winning alone when holding it", PROB)
    tie: float = doc("probability of sharing the pot when holding it", PROB)
    stderr: float | None = doc(
        "Monte Carlo standard error of equity; None when exact or below two deals",
        minimum=0,
        default=None,
    )
    equity_fraction: Fraction | None = doc(
        "exact equity; None for Monte Carlo or weighted ranges", default=None
    )
    share_fraction: Fraction | None = doc(
        "exact share; None for Monte Carlo or weighted ranges", csv=False, default=None
    )
    outcomes: float = doc(
        "outcomes in which it is held (exact: weighted by the ranges' weights; Monte Carlo: deals)",
        NUMBER,
        minimum=0,
        csv=False,
    )
    high_share: float | None = doc(
        "hi/lo games: the expected share of the high half won; None in other games",
        PROB,
        default=None,
    )
    low_share: float | None = doc(
        "hi/lo games: the expected share of the low half won; None in other games",
        PROB,
        default=None,
    )


@dataclass(frozen=True, kw_only=True)
class CurveStep(Result):
    """One combo's step of the equity curve: the range sorted by equity, best first."""

    hand: str = doc("the combo")
    start: float = doc("share of the range before it (the curve's x where its step starts)", PROB)
    end: float = doc("share of the range up to and including it", PROB)
    equity: float = doc("its equity (the curve's y)", PROB)


@dataclass(frozen=True, kw_only=True)
class HistogramBin(Result):
    """One band of equity and the share of the range whose equity falls in it."""

    low: float = doc("lowest equity of the band", PROB)
    high: float = doc("highest equity of the band (included only in the last band, 1)", PROB)
    share: float = doc("share of the range (by deals) with its equity in the band", PROB)
    combos: float = doc("weighted combos with their equity in the band", minimum=0)


@dataclass(frozen=True, kw_only=True)
class EquityDistribution(Result):
    """How equity is spread over a range: the curve of Equilab and GTO Wizard, and a histogram."""

    mean: float = doc("the range's equity (the area under the curve)", PROB)
    median: float = doc("the equity of the combo at the middle of the range", PROB)
    steps: tuple[CurveStep, ...] = doc(
        "the curve, one step per combo, best equity first", table="rank"
    )
    bins: tuple[HistogramBin, ...] = doc(
        "the histogram, equal bands of equity, without empty bands at either end", csv=False
    )


@dataclass(frozen=True, kw_only=True)
class BreakdownResult(Result):
    """One player's equity hand by hand, from the same run that gives every player's equity."""

    game: str = doc("the game played (core/games.py)", GAME, default="holdem")
    method: str = doc('"exact" (every outcome enumerated) or "mc" (Monte Carlo), as run', METHOD)
    player: int = doc("the player broken down, 1 for the first given", minimum=1)
    label: str = doc("that player's expression as given")
    by: str = doc(
        '"class" (AKs, QQ, AKo; each hand in Omaha games) or "combo"',
        schema={"enum": ["class", "combo"]},
    )
    equity: float | None = doc(
        "the player's equity, the hands' equities weighted by their shares; None when an exact "
        "run was interrupted, or a Monte Carlo run before its first deal",
        PROB,
    )
    hands: tuple[HandEquity, ...] = doc(
        "one entry per class or combo held in some deal, best equity first; empty when an exact "
        "run was interrupted, or a Monte Carlo run before its first deal",
        table="rank",
    )
    distribution: EquityDistribution | None = doc(
        "the range's equity curve and histogram (by combo); None unless asked", csv=False
    )
    run: EquityResult = doc(
        "the run itself: every player's equity, as `pokercalc equity` gives it", csv=False
    )
    interrupted: bool = doc("True when a signal (Ctrl-C, SIGTERM) stopped the run early")


#: Omaha suit structures by the number of suits holding exactly two cards (none more).
_STRUCTURE = ("r", "ss", "ds", "ts")


def hand_class(cards: Sequence[int]) -> str:
    """A hand's class: ``AKs``, ``AKo`` or ``QQ`` for two cards; for Omaha hands the ranks and
    the suit structure as the Omaha range language writes them (``AAKKds``, ``AKQJr``), or
    with suit variables when a suit holds three cards or more (``AwKwQwJx``).

    >>> from pokercalc.core.cards import parse_cards
    >>> hand_class(parse_cards("KhAh")), hand_class(parse_cards("AsKd")), hand_class((0, 1))
    ('AKs', 'AKo', '22')
    >>> hand_class(parse_cards("AsKsAhKh")), hand_class(parse_cards("AsKsQsJd"))
    ('AAKKds', 'AwKwQwJx')
    """
    if len(cards) != 2:
        return _omaha_class(cards)
    a, b = sorted(cards, reverse=True)
    ra, rb = RANKS[a >> 2], RANKS[b >> 2]
    if ra == rb:
        return ra + rb
    return ra + rb + ("s" if a & 3 == b & 3 else "o")


def _omaha_class(cards: Sequence[int]) -> str:
    """An Omaha hand's class (see :func:`hand_class`)."""
    ranks = "".join(RANKS[c >> 2] for c in sorted(cards, reverse=True))
    counts = [sum(1 for c in cards if c & 3 == s) for s in range(4)]
    if max(counts) <= 2:
        return ranks + _STRUCTURE[counts.count(2)]
    # Suit variables: w for the suit holding the most cards (the higher ranks first on a tie).
    order = sorted(
        range(4), key=lambda s: (-counts[s], sorted(-(c >> 2) for c in cards if c & 3 == s))
    )
    letter = {s: "wxyz"[i] for i, s in enumerate(order)}
    ordered = sorted(cards, key=lambda c: (-(c >> 2), letter[c & 3]))
    return "".join(RANKS[c >> 2] + letter[c & 3] for c in ordered)


#: :func:`hand_class`, remembered: a range's classes are named once per process.
_class_of = functools.lru_cache(maxsize=1 << 16)(hand_class)


def _combo_name(cards: Sequence[int]) -> str:
    """A combo written high card first."""
    return format_cards(sorted(cards, reverse=True))


def _range_hands(prob: Problem, pos: int) -> tuple[Any, list[float]]:
    """The broken-down player's combos (one row of cards each) and weights, in the kernel's
    order."""
    off, cards, _, _, weights = prob.arrays(prob.listed)
    lo, hi = int(off[pos]), int(off[pos + 1])
    return cards[lo:hi], weights[lo:hi].tolist()


def _entry(
    name: str,
    row: Sequence[Any],
    weight: float,
    grand: Any,
    n: int,
    hilo: bool,
    mc: bool,
    exact: bool,
) -> HandEquity | None:
    """One class's or combo's figures from its summed tally row (``Kernel.set_breakdown``
    says the slots); None when it is held in no deal.  ``grand`` is every combo's outcomes."""
    units = math.lcm(*range(1, n + 1))
    extra: dict[str, Any] = {}
    if hilo:
        scoops, parts, hi, lo, nolow, squares, total = row
        if total == 0:
            return None
        pot = 2 * units
        win, tie, num, den = scoops / total, parts / total, hi + lo + nolow, pot * total
        extra = {"high_share": hi / (units * total), "low_share": lo / (units * total)}
        sq = squares / (pot * pot)
    else:
        total = sum(row)
        if total == 0:
            return None
        win, tie = row[1] / total, sum(row[2:]) / total
        if exact:
            num = sum(c * (units // k) for k, c in enumerate(row) if k)
            den = units * total
        else:
            num, den = math.fsum(c / k for k, c in enumerate(row) if k), total
        sq = math.fsum(c / (k * k) for k, c in enumerate(row) if k)
    frac = Fraction(int(num), int(den)) if exact else None
    equity = float(frac) if frac is not None else num / den
    stderr = None
    if mc and total >= 2:
        var = max(0.0, sq / total - equity * equity) * total / (total - 1)
        stderr = math.sqrt(var / total)
    share_frac = Fraction(int(total), int(grand)) if exact else None
    return HandEquity(
        hand=name,
        combos=weight,
        share=float(share_frac) if share_frac is not None else total / grand,
        equity=equity,
        win=win,
        tie=tie,
        stderr=stderr,
        equity_fraction=frac,
        share_fraction=share_frac,
        outcomes=total,
        **extra,
    )


def _hands(
    prob: Problem, pos: int, by: str, method: str, per_combo: bool
) -> tuple[list[HandEquity], list[HandEquity]]:
    """The hands grouped as ``by`` says, and (when ``per_combo``) every combo, best first."""
    combos, weights = _range_hands(prob, pos)
    hilo = prob.game.hilo
    exact = method == "exact" and not prob.weighted
    mc = method == "mc"
    table = prob.combo_tallies
    grand = table[:, -1].sum() if hilo else table.sum()
    grand = int(grand) if table.dtype.kind == "i" else float(grand)
    args = (grand, prob.n, hilo, mc, exact)
    singles: list[HandEquity] = []
    if per_combo or by == "combo":
        rows = map(tuple, combos.tolist())
        for cards, w, row in zip(rows, weights, table.tolist(), strict=True):
            h = _entry(_combo_name(cards), row, w, *args)
            if h is not None:
                singles.append(h)
        singles.sort(key=_order_key)
    if by == "combo":
        return singles, singles
    import numpy as np

    ids, names = _class_ids(combos)
    table = np.asarray(prob.combo_tallies)
    sums = np.zeros((len(names), table.shape[1]), dtype=table.dtype)
    np.add.at(sums, ids, table)
    ws = np.zeros(len(names))
    np.add.at(ws, ids, np.asarray(weights, dtype=np.float64))
    grouped = [
        h
        for name, summed, w in zip(names, sums.tolist(), ws.tolist(), strict=True)
        if (h := _entry(name, summed, w, *args)) is not None
    ]
    return sorted(grouped, key=_order_key), singles


def _class_ids(combos: Any) -> tuple[Any, list[str]]:
    """Each combo's class as an index into the list of class names.

    Omaha ranges can hold hundreds of thousands of hands, so each hand gets a
    number that its class determines (ranks and structure; or, with a suit of
    three cards or more, its cards with the suits relabelled as the class's
    suit variables), computed for all hands at once, and only one hand per
    distinct number is named.
    """
    import numpy as np

    index: dict[str, int] = {}
    cards = np.asarray(combos, dtype=np.int64)
    if len(cards) == 0 or cards.shape[1] == 2:
        ids = np.fromiter(
            (index.setdefault(_class_of(c), len(index)) for c in map(tuple, cards.tolist())),
            np.int64,
            len(cards),
        )
        return ids, list(index)
    ranks = -np.sort(-(cards >> 2), axis=1)
    counts = np.stack([((cards & 3) == s).sum(axis=1) for s in range(4)], axis=1)
    key = np.zeros(len(cards), dtype=np.int64)
    for j in range(cards.shape[1]):
        key = key * 13 + ranks[:, j]
    key = key * 8 + (counts == 2).sum(axis=1)
    # With a suit of three cards or more the suits are ordered as _omaha_class orders them
    # (by count, then by their ranks: a rank bit mask), each card written as its rank and
    # its suit's place in that order, and the cards sorted.
    rows = np.arange(len(cards))[:, None]
    bits = np.where(cards[:, :, None] & 3 == np.arange(4), 1 << (cards >> 2)[:, :, None], 0)
    order = np.argsort(-(counts * 8192 + bits.sum(axis=1)), axis=1, kind="stable")
    place = np.empty_like(order)
    place[rows, order] = np.arange(4)
    value = -np.sort(-((cards >> 2) * 4 + 3 - place[rows, cards & 3]), axis=1)
    heavy_key = np.zeros(len(cards), dtype=np.int64)
    for j in range(cards.shape[1]):
        heavy_key = heavy_key * 52 + value[:, j]
    ids = np.empty(len(cards), dtype=np.int64)
    heavy = counts.max(axis=1) >= 3
    for part, keys in ((np.flatnonzero(~heavy), key), (np.flatnonzero(heavy), heavy_key)):
        if len(part):
            _, first, inverse = np.unique(keys[part], return_index=True, return_inverse=True)
            ids[part] = len(index) + inverse.reshape(-1)
            index.update((_omaha_class(cards[int(part[i])].tolist()), len(index)) for i in first)
    return ids, list(index)


def _order_key(h: HandEquity) -> tuple[float, str]:
    """Best equity first; equal equities by name, for a stable order."""
    return (-h.equity, h.hand)


def equity_distribution(
    hands: Sequence[HandEquity], bins: int = DEFAULT_BINS
) -> EquityDistribution:
    """The equity curve (hands sorted best first, each as wide as its share) and a histogram
    of ``bins`` equal bands of equity, empty bands at either end left out.

    >>> h = [HandEquity(hand=n, combos=1, share=s, equity=e, win=e, tie=0, outcomes=1)
    ...      for n, s, e in [("AsAh", 0.5, 0.9), ("7s7h", 0.5, 0.4)]]
    >>> d = equity_distribution(h, bins=10)
    >>> d.mean, d.median, [(b.low, b.share) for b in d.bins]
    (0.65, 0.9, [(0.4, 0.5), (0.5, 0.0), (0.6, 0.0), (0.7, 0.0), (0.8, 0.0), (0.9, 0.5)])
    """
    if bins < 1:
        raise InputError(f"bins must be at least 1, not {bins}")
    ordered = sorted(hands, key=_order_key)
    steps = []
    x = 0.0
    for h in ordered:
        steps.append(CurveStep(hand=h.hand, start=x, end=min(1.0, x + h.share), equity=h.equity))
        x += h.share
    mean = math.fsum(h.share * h.equity for h in ordered)
    median = 0.0
    for s in steps:
        median = s.equity
        if s.end >= 0.5:
            break
    shares = [0.0] * bins
    counts = [0.0] * bins
    for h in ordered:
        i = min(bins - 1, int(h.equity * bins + 1e-12))
        shares[i] += h.share
        counts[i] += h.combos
    used = [i for i in range(bins) if counts[i] > 0]
    lo, hi = (used[0], used[-1]) if used else (0, -1)
    band = [
        HistogramBin(
            low=round(i / bins, 12),
            high=round((i + 1) / bins, 12),
            share=shares[i],
            combos=counts[i],
        )
        for i in range(lo, hi + 1)
    ]
    return EquityDistribution(mean=mean, median=median, steps=tuple(steps), bins=tuple(band))


def equity_breakdown(
    players: str | Sequence[str | Range],
    board: str | Sequence[int] = "",
    dead: str | Sequence[int] = "",
    *,
    player: int = 1,
    by: str = "class",
    distribution: bool = False,
    bins: int = DEFAULT_BINS,
    method: str = "auto",
    threshold: float | None = None,
    trials: int | None = None,
    time: float | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
    on_plan: Callable[[int, float], None] | None = None,
    game: str = "holdem",
) -> BreakdownResult:
    """Player ``player``'s (1 for the first) equity by hand class (``by="class"``) or by combo
    (``by="combo"``), from one run of :func:`~pokercalc.analysis.equities.equity` with the
    same arguments; ``distribution`` adds the equity curve and a histogram of ``bins`` bands.

    Monte Carlo gives every hand its own standard error (a hand held in few
    deals is known less well than the total).

    >>> equity_breakdown("AA | KK", player=3)
    Traceback (most recent call last):
    ...
    pokercalc.errors.InputError: no player 3 to break down: there are 2 players
    """
    if by not in ("class", "combo"):
        raise InputError(f"by must be class or combo, not {by!r}")
    if isinstance(player, bool) or not isinstance(player, int) or player < 1:
        raise InputError(f"the player to break down is a number from 1, not {player!r}")
    if bins < 1:
        raise InputError(f"bins must be at least 1, not {bins}")
    run, prob = equity_run(
        players,
        board,
        dead,
        method=method,
        threshold=threshold,
        trials=trials,
        time=time,
        stderr=stderr,
        seed=seed,
        threads=threads,
        progress=progress,
        on_plan=on_plan,
        game=game,
        breakdown=player - 1,
    )
    pos = prob.breakdown
    # (problem_of refuses a breakdown in the games without a board)
    assert pos is not None and isinstance(prob, Problem)
    hands: list[HandEquity] = []
    combos: list[HandEquity] = []
    if prob.combo_tallies is not None:
        hands, combos = _hands(prob, pos, by, run.method, distribution)
    dist = equity_distribution(combos, bins) if distribution and combos else None
    return BreakdownResult(
        game=run.game,
        method=run.method,
        player=player,
        label=run.players[player - 1].label,
        by=by,
        equity=run.players[player - 1].equity,
        hands=tuple(hands),
        distribution=dist,
        run=run,
        interrupted=run.interrupted,
    )
