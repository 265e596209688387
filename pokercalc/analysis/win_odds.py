"""Win odds against several random opponents: equity, outright wins, hand strength and potential.

For each number of opponents, :func:`winodds` asks the equity engine for the
hero's equity and outright win rate against that many random hands (exact
when the engine's threshold allows, Monte Carlo otherwise), and on the flop,
turn and river adds hand strength, positive and negative potential after
Billings, Papp, Schaeffer and Szafron, "Opponent Modeling in Poker" (AAAI 1998):
exact against one opponent, Monte Carlo against several (docs/winodds.md).
Both play ``game``: hold'em (the default) or a short-deck game, with its
36-card deck, its ranking and its own limit on opponents (14 in short-deck).

In the Omaha games (``omaha``, ``omaha5``, ``omaha6``, ``omaha-hilo``,
``omaha5-hilo``) the hero is an Omaha hand or range and the engine plays it
against ``n`` random hands of the game (10 opponents at most in Omaha-4, 8 in
Omaha-5, 6 in Omaha-6); in hi/lo the equity is the expected share of the
pot.  In Omaha high hand strength, potential and EHS are found as in hold'em:
exactly against one opponent where every opponent hand can be listed and
the cases are few (:func:`omaha_strength`: numpy for the state now, one
engine run per state now for the river), and otherwise by the Monte Carlo
kernel, which deals hands of the game's hole cards and values them with the
engine's Omaha evaluator.  In hi/lo only hand strength is given (per half
pot, by :func:`omaha_strength`); potential and EHS are None, since Billings'
potential is for one pot (docs/omaha.md).

>>> r = winodds("AsAdKsKd", opponents=1, board="Qs7h2c3d", game="omaha", method="exact")
>>> p = r.rows[0].potential
>>> r.rows[0].method, round(r.rows[0].equity, 6), p.method, round(p.hand_strength, 6)
('exact', 0.625848, 'exact', 0.700418)
>>> round(p.positive_potential, 6), round(p.negative_potential, 6), round(p.effective_strength, 6)
(0.197679, 0.191017, 0.625848)

>>> r = winodds("AsKs", board="Qs7h2c", opponents=1)
>>> p = r.rows[0].potential
>>> r.rows[0].method, p.method, round(p.hand_strength, 6), round(p.positive_potential, 6)
('exact', 'exact', 0.596207, 0.246932)
>>> parse_opponents("1-3"), parse_opponents(4)
((1, 2, 3), (4,))
>>> parse_opponents("0")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: opponents must be 1 to 22, got 0
>>> winodds("AsKs", opponents=15, game="shortdeck")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: opponents must be 1 to 14 in shortdeck, got 15
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import os
import time as _time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pokercalc.analysis.draws import analysis_game
from pokercalc.core.cards import RANKS, Card, CardLike, CardsLike, card_mask, cards_of, cards_text
from pokercalc.core.games import HOLDEM, Game
from pokercalc.core.results import (
    CARDS,
    COUNT,
    GAME,
    METHOD,
    PROB,
    SECONDS,
    Form,
    Result,
    doc,
    object_schema,
)
from pokercalc.core.runner import Control, default_threads, run_kernel
from pokercalc.core.validate import MAX_SEED, check_board_and_dead, check_engine_options, new_seed
from pokercalc.errors import InputError, ParseError, quote
from pokercalc.ranges.notation import ALL_COMBOS, Range

__all__ = [
    "DEFAULT_TIME",
    "MAX_OPPONENTS",
    "POTENTIAL_EXACT_LIMIT",
    "Potential",
    "WinOddsRow",
    "WinOddsResult",
    "hand_potential",
    "omaha_strength",
    "parse_opponents",
    "potential_from_counts",
    "winodds",
]

#: Default time budget in seconds per opponent count when no trials or stderr are given.
DEFAULT_TIME = 0.5
#: Hold'em's deck deals 23 hands and a board, so at most 22 opponents (a game's own limit
#: is one less than its ``max_players``).
MAX_OPPONENTS = HOLDEM.max_players - 1
#: ``method="auto"`` enumerates hand potential when hero combos times cases are at most this.
POTENTIAL_EXACT_LIMIT = 15_000_000
#: Share of a Monte Carlo time budget spent on hand strength and potential.
POTENTIAL_TIME_SHARE = 0.2
#: Under a time budget, the engine enumerates only runs expected to fit it at this many
#: showdown evaluations (outcomes after suit symmetry times players) per thread-second
#: (about half what the engine reaches: bench/bench_winodds.py).
EXACT_RATE = 150e6

_STATES = ("ahead", "tied", "behind")


@functools.cache
def _random(game: Game) -> Range:
    """A random opponent: every two-card hand of the game's deck."""
    combos = tuple(
        c for c in ALL_COMBOS if not (card_mask(c[0]) | card_mask(c[1])) & game.outside_mask
    )
    return Range("random", combos, (1.0,) * len(combos))


#: P(now i, river j) as {now: {river: probability}}, as in the JSON.
_TRANSITIONS = Form(
    object_schema(
        {now: object_schema({river: dict(PROB.schema) for river in _STATES}) for now in _STATES}
    ),
    lambda t: {
        now: {river: t[i][j] for j, river in enumerate(_STATES)} for i, now in enumerate(_STATES)
    },
)


@dataclass(frozen=True, kw_only=True)
class Potential(Result):
    """Hand strength and hand potential of the hero against random opponents, on one board."""

    opponents: int = doc("how many random opponents", COUNT, csv=False)
    method: str = doc(
        '"exact" (every opponent hand and runout) or "mc" (random deals)',
        METHOD,
        csv="potential_method",
    )
    transitions: tuple[tuple[float, ...], ...] | None = doc(
        "P(now, at the river) for ahead, tied and behind; None where only HS is known (hi/lo)",
        _TRANSITIONS,
        csv=False,
    )
    hand_strength: float = doc(
        "HS = P(ahead now) + P(tied now) / 2; in hi/lo the same per half pot", PROB
    )
    positive_potential: float | None = doc(
        "PPot = P(ahead at the river | behind now), ties counted half; None where only HS is known",
        PROB,
    )
    negative_potential: float | None = doc(
        "NPot = P(behind at the river | ahead now), ties counted half; None where only HS is known",
        PROB,
    )
    effective_strength: float | None = doc(
        "EHS = HS * (1 - NPot) + (1 - HS) * PPot; None where only HS is known", PROB
    )
    hand_strength_stderr: float | None = doc("Monte Carlo standard error of HS; None when exact")
    positive_potential_stderr: float | None = doc(
        "Monte Carlo standard error of PPot; None when exact"
    )
    negative_potential_stderr: float | None = doc(
        "Monte Carlo standard error of NPot; None when exact"
    )
    cases: int = doc("(hero hand, opponent hands, runout) cases counted or dealt", COUNT, csv=False)
    trials: int | None = doc("Monte Carlo deals; None when exact", COUNT, csv=False)
    seed: int | None = doc("the Monte Carlo seed used; None when exact", COUNT, csv=False)
    elapsed: float = doc("seconds of computation", SECONDS, csv=False)
    interrupted: bool = doc(
        "True when a signal stopped the dealing (an estimate so far)", csv=False, default=False
    )


@dataclass(frozen=True, kw_only=True)
class WinOddsRow(Result):
    """The hero's odds against one number of random opponents."""

    opponents: int = doc("how many random opponents", minimum=1)
    equity: float = doc("share of the pot, a k-way split giving each winner 1/k", PROB)
    win: float = doc("probability of winning alone", PROB)
    tie: float = doc("probability of sharing the pot", PROB)
    stderr: float | None = doc("Monte Carlo standard error of equity; None when exact")
    method: str = doc('"exact" or "mc", as the equity engine chose', METHOD)
    outcomes: int = doc(
        "outcomes the engine counted (exact) or deals that counted (mc)", COUNT, csv=False
    )
    trials: int | None = doc("Monte Carlo deals; None when exact", COUNT)
    seed: int | None = doc("the engine's Monte Carlo seed; None when exact", COUNT, csv=False)
    elapsed: float = doc("seconds for this row, equity and potential together", SECONDS)
    potential: Potential | None = doc("hand strength and potential; None before the flop")


@dataclass(frozen=True, kw_only=True)
class WinOddsResult(Result):
    """The hero's win odds against each number of random opponents asked for."""

    csv_first = ("hero", "board", "dead", "combos")
    csv_last = ("potential_method", "elapsed")

    game: str = doc("the game (core/games.py)", GAME, default="holdem")
    hero: str = doc("the hero's expression as given", csv=True)
    combos: int = doc("the hero's hands left after card removal", COUNT, csv=True)
    averaged: bool = doc("True when the figures average over several hero hands")
    weighted: bool = doc("True when those hands carry weights other than 1")
    board: tuple[Card, ...] = doc("the board cards given", CARDS, csv=True)
    dead: tuple[Card, ...] = doc("the dead cards given", CARDS, csv=True)
    rows: tuple[WinOddsRow, ...] = doc(
        "one row per opponent count, in increasing order", table=True
    )
    seed: int | None = doc(
        "base seed: row n's runs use seeds derived from it and n; None if all exact", COUNT
    )
    elapsed: float = doc("seconds of computation in all", SECONDS)
    interrupted: bool = doc(
        "True when a signal stopped the run: the rows are those done, the last one possibly "
        "a Monte Carlo estimate so far",
        default=False,
    )


def parse_opponents(spec: int | str | Sequence[int], game: Game = HOLDEM) -> tuple[int, ...]:
    """Opponent counts from ``5``, ``"5"``, ``"1-9"``, ``"1,3,5"`` or a sequence of ints, sorted;
    at most ``game.max_players - 1`` (22 in hold'em)."""
    if isinstance(spec, bool):
        raise InputError(f"opponents must be a number or a range like 1-9, got {spec!r}")
    if isinstance(spec, int):
        counts = [spec]
    elif isinstance(spec, str):
        if not spec.isascii():  # (int() would read a fullwidth or Arabic-Indic digit)
            raise InputError(
                f"opponents must be written in ASCII, with the digits 0-9, not {quote(spec)}"
            )
        counts = []
        for part in spec.replace(" ", "").split(","):
            lo, sep, hi = part.partition("-")
            try:
                a = int(lo)
                b = int(hi) if sep else a
            except ValueError:
                raise InputError(
                    f"opponents must be a number, a range like 1-9 or a list like 1,3,5, "
                    f"not {spec!r}"
                ) from None
            if b < a:
                raise InputError(f"opponent range {part!r} runs backwards")
            counts.extend(range(a, b + 1))
    else:
        counts = list(spec)
    if not counts:
        raise InputError("no opponent count given")
    for n in counts:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= _max_opponents(game):
            raise InputError(f"opponents must be 1 to {_max_opponents(game)}{_in(game)}, got {n}")
    return tuple(sorted(set(counts)))


def _max_opponents(game: Game) -> int:
    """Opponents the game's deck deals beside the hero, with a full board."""
    return game.max_players - 1


def _in(game: Game) -> str:
    """`` in shortdeck`` for a game other than hold'em (for messages), else nothing."""
    return "" if game is HOLDEM else f" in {game.name}"


def _hero_range(hero: str | Range | Sequence[CardLike], game: Game = HOLDEM) -> Range:
    """The hero's distribution in the game's deck: a hand, a range or a pocket query."""
    from pokercalc.ranges.decks import player_range

    if isinstance(hero, Range):
        return player_range(hero, game, "the hero")
    if isinstance(hero, (list, tuple)):
        return player_range(cards_text(hero, "the hero"), game, "the hero")
    if not isinstance(hero, str) or not hero.strip():
        raise ParseError("no hero hand given")
    if "|" in hero:
        raise ParseError(f"the hero is one player; {hero!r} names several")
    return player_range(hero.strip(), game, "the hero")


def _omaha_hero(hero: str | Range | Sequence[CardLike], game: Game) -> Range:
    """The hero of an Omaha game: a hand or a range of the Omaha grammar
    (:func:`~pokercalc.ranges.omaha.parse_omaha_range`)."""
    from pokercalc.analysis.equities import _every_hand, _many_card_player

    if isinstance(hero, (list, tuple)):
        hero = cards_text(hero, "the hero")
    if isinstance(hero, str):
        if not hero.strip():
            raise ParseError("no hero hand given")
        if "|" in hero:
            raise ParseError(f"the hero is one player; {hero!r} names several")
        if _every_hand(hero, game):  # random, any, 100%, xxxx
            raise InputError(f"the hero is a hand or a range, not every hand ({hero.strip()!r})")
    player = _many_card_player(hero, game, "the hero")
    assert isinstance(player, Range)
    return player


def _ratio_stderr(
    p: list[list[float]], n: int, a: list[list[float]], b: list[list[float]]
) -> float:
    """Delta-method standard error of sum(p*a) / sum(p*b) estimated from n multinomial deals."""
    eb = _dot(p, b)
    if n < 2 or eb == 0:
        return 0.0
    r = _dot(p, a) / eb
    var = sum(p[i][j] * (a[i][j] - r * b[i][j]) ** 2 for i in range(3) for j in range(3))
    return math.sqrt(var / (n - 1)) / eb


# Coefficients of the transitions (now i, river j) in the formulas' numerators and denominators.
_HS = [[1.0] * 3, [0.5] * 3, [0.0] * 3]
_PPOT_NUM = [[0.0, 0.0, 0.0], [0.5, 0.0, 0.0], [1.0, 0.5, 0.0]]
_PPOT_DEN = [[0.0] * 3, [0.5] * 3, [1.0] * 3]
_NPOT_NUM = [[0.0, 0.5, 1.0], [0.0, 0.0, 0.5], [0.0, 0.0, 0.0]]
_NPOT_DEN = [[1.0] * 3, [0.5] * 3, [0.0] * 3]


def _dot(p: list[list[float]], c: list[list[float]]) -> float:
    """The expectation of coefficients ``c`` under transition probabilities ``p``."""
    return sum(p[i][j] * c[i][j] for i in range(3) for j in range(3))


def potential_from_counts(
    counts: Sequence[float],
    *,
    opponents: int = 1,
    method: str = "exact",
    cases: int | None = None,
    trials: int | None = None,
    seed: int | None = None,
    elapsed: float = 0.0,
) -> Potential:
    """HS, PPot, NPot and EHS from the nine transition tallies ``counts[3 * now + river]``.

    A potential whose condition never happens (PPot when the hero is never
    behind or tied, NPot when never ahead or tied) is 0.

    >>> p = potential_from_counts([6, 0, 2, 0, 0, 0, 1, 0, 1])
    >>> p.hand_strength, p.positive_potential, p.negative_potential, round(p.effective_strength, 12)
    (0.8, 0.5, 0.25, 0.7)
    """
    total = float(sum(counts))
    if total <= 0:
        raise InputError("no cases to count hand potential on")
    p = [[counts[3 * i + j] / total for j in range(3)] for i in range(3)]
    hs = _dot(p, _HS)
    pden, nden = _dot(p, _PPOT_DEN), _dot(p, _NPOT_DEN)
    ppot = _dot(p, _PPOT_NUM) / pden if pden > 0 else 0.0
    npot = _dot(p, _NPOT_NUM) / nden if nden > 0 else 0.0
    ehs = hs * (1.0 - npot) + (1.0 - hs) * ppot
    errs: tuple[float | None, float | None, float | None] = (None, None, None)
    if method == "mc":
        n = int(total)
        hs_var = sum(p[i][j] * (_HS[i][j] - hs) ** 2 for i in range(3) for j in range(3))
        errs = (
            math.sqrt(hs_var / (n - 1)) if n > 1 else math.inf,
            _ratio_stderr(p, n, _PPOT_NUM, _PPOT_DEN),
            _ratio_stderr(p, n, _NPOT_NUM, _NPOT_DEN),
        )
    return Potential(
        opponents=opponents,
        method=method,
        transitions=tuple(tuple(row) for row in p),
        hand_strength=hs,
        positive_potential=ppot,
        negative_potential=npot,
        effective_strength=ehs,
        hand_strength_stderr=errs[0],
        positive_potential_stderr=errs[1],
        negative_potential_stderr=errs[2],
        cases=int(total) if cases is None else cases,
        trials=trials,
        seed=seed,
        elapsed=elapsed,
    )


#: Why hi/lo has no hand potential (formatted with the game's name).
_HILO_POTENTIAL = (
    "hand potential in {game} is not defined: Billings' potential is for one pot, and a hi/lo "
    "hand can be ahead for one half and behind for the other"
)


def _exact_cases(live: int, board_cards: int, game: Game = HOLDEM) -> int:
    """(Opponent hand, runout) cases per hero hand against one opponent."""
    k = game.hole_cards
    return math.comb(live, k) * math.comb(live - k, game.board_cards - board_cards)


def hand_potential(
    hero: str | Range | Sequence[CardLike],
    board: CardsLike,
    dead: CardsLike = "",
    *,
    opponents: int = 1,
    method: str = "auto",
    trials: int | None = None,
    time: float | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    game: str | Game = "holdem",
) -> Potential:
    """Hand strength, positive and negative potential of the hero on a flop, turn or river.

    Against one opponent ``method="auto"`` enumerates every opponent hand and
    runout unless the hero has so many hands that it would take long; against
    several, and with ``method="mc"``, it deals at random until ``trials``
    deals, ``time`` seconds or a hand-strength standard error of ``stderr``
    (``time`` defaults to :data:`DEFAULT_TIME`).  A range hero is averaged
    over its hands by weight.  Both run on ``threads`` threads (default: all
    cores); a seed and a trial count give the same deals on any number of
    threads.  ``game`` is hold'em, a short-deck game or Omaha high (``omaha``,
    ``omaha5``, ``omaha6``: the hero is an Omaha hand or range, and the exact
    count, against one opponent, is done only where every opponent hand can be
    listed, as in :func:`omaha_strength`); hi/lo Omaha has no hand potential.

    >>> p = hand_potential("AdAc", "Kd8h9c")
    >>> p.method, round(p.hand_strength, 6), round(p.negative_potential, 6)
    ('exact', 0.966235, 0.131596)
    >>> p = hand_potential("AsAdKsKd", "Qs7h2c", opponents=3, trials=20000, seed=1, game="omaha")
    >>> p.method, p.trials, 0 < p.positive_potential < 1, p.hand_strength_stderr < 0.01
    ('mc', 20000, True, True)
    >>> hand_potential("AdAc", "")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    pokercalc.errors.InputError: hand potential needs a flop, turn or river; the board has 0 cards
    """
    start = _time.perf_counter()
    g = analysis_game(game, "hand potential", omaha=True)
    if g.hilo:
        raise InputError(_HILO_POTENTIAL.format(game=g.name))
    b, d = check_board_and_dead(board, dead, game=g)
    if len(b) < 3:
        raise InputError(
            f"hand potential needs a flop, turn or river; the board has {len(b)} cards"
        )
    hand = _omaha_hero(hero, g) if g.forming == "omaha" else _hero_range(hero, g)
    rng = hand.without(b + d, player="the hero")
    pot = _potential(rng, b, d, opponents, method, trials, time, stderr, seed, threads, start, g)
    if pot is None:  # an exact count stopped part way knows nothing
        raise KeyboardInterrupt
    return pot


def _potential(
    rng: Range,
    b: tuple[int, ...],
    d: tuple[int, ...],
    opponents: int,
    method: str,
    trials: int | None,
    time: float | None,
    stderr: float | None,
    seed: int | None,
    threads: int | None,
    start: float,
    game: Game = HOLDEM,
) -> Potential | None:
    """The validated core of :func:`hand_potential`.

    A signal stops the kernel within a fraction of a second: Monte Carlo then
    returns its estimate so far, with ``interrupted`` set; an exact count
    returns None (part of an enumeration is no estimate).
    """
    from pokercalc.analysis import _potential

    if method not in ("auto", "exact", "mc"):
        raise InputError(f"method must be auto, exact or mc, not {method!r}")
    if not 1 <= opponents <= _max_opponents(game):
        raise InputError(
            f"opponents must be 1 to {_max_opponents(game)}{_in(game)}, got {opponents}"
        )
    check_engine_options(trials=trials, time=time, stderr=stderr, seed=seed, threads=threads)
    k, full = game.hole_cards, game.board_cards
    live = game.deck_size - len(b) - len(d) - k
    if k * opponents + full - len(b) > live:
        raise InputError(
            f"{opponents} opponents, {len(b)} board and {len(d)} dead cards need "
            f"{k + k * opponents + full + len(d)} cards; the {game.name} deck has {game.deck_size}"
        )
    if game.hilo:
        raise InputError(_HILO_POTENTIAL.format(game=game.name))
    cases = _exact_cases(live, len(b), game)
    omaha = game.forming == "omaha"
    fits = (
        _omaha_exact(len(rng), live + k, len(b), game)[1]
        if omaha
        else len(rng) * cases <= POTENTIAL_EXACT_LIMIT
    )
    if method == "auto":
        method = "exact" if opponents == 1 and fits else "mc"
    if method == "exact" and opponents != 1:
        raise InputError("exact hand potential is against one opponent only; use method mc")
    if method == "exact" and omaha and not fits:
        raise InputError(
            f"exact hand potential in {game.name} is done up to "
            f"{OMAHA_POTENTIAL_EXACT_LIMIT:,} cases where every opponent hand can be listed; "
            f"{len(rng)} hero hands here have {len(rng) * cases:,}: use method mc"
        )
    if method == "exact" and omaha:
        pot = omaha_strength(rng, b, d, 1, "exact", None, None, 0, game)
        return None if pot is None else replace(pot, elapsed=_time.perf_counter() - start)
    nh = len(rng)
    hero = memoryview(array("B", [c for combo in rng.combos for c in combo])).cast("B", [nh, k])
    board, dead = array("B", b), array("B", d)
    if method == "exact":
        out = array("q", bytes(8 * 9 * nh))
        view = memoryview(out).cast("B").cast("q", [nh, 9])
        control = Control()
        _, stopped = run_kernel(
            lambda: _potential.exact_counts(
                hero,
                board,
                dead,
                view,
                threads or default_threads(),
                control.buffer,
                game.ranking_id,
                game.outside_mask,
            ),  # fmt: skip
            control,
        )
        if stopped:
            return None
        weighted = [
            math.fsum(w * out[9 * i + k] for i, w in enumerate(rng.weights)) for k in range(9)
        ]
        return potential_from_counts(
            weighted,
            opponents=1,
            method="exact",
            cases=nh * cases,
            elapsed=_time.perf_counter() - start,
        )
    if trials is None and time is None and stderr is None:
        time = DEFAULT_TIME
    seed = new_seed() if seed is None else seed
    cum = array("d", itertools.accumulate(rng.weights))
    nt = threads or default_threads()
    counts, done, stopped = _sample_blocks(
        lambda first, blocks, out, ctl: _potential.sample_blocks(
            hero,
            cum,
            board,
            dead,
            opponents,
            seed,
            first,
            blocks,
            POTENTIAL_BLOCK,
            trials or 0,
            out,
            nt,
            ctl,
            *game.kernel_ids,
            game.outside_mask,
        ),
        nt,
        trials,
        None if time is None else start + time,
        stderr,
    )
    if done == 0:
        return None
    pot = potential_from_counts(
        counts,
        opponents=opponents,
        method="mc",
        trials=done,
        seed=seed,
        elapsed=_time.perf_counter() - start,
    )
    return replace(pot, interrupted=stopped)


#: Deals in one Monte Carlo block of hand potential, as in the equity engine (``MC_BLOCK``):
#: block ``j`` of a run deals from a stream of its own, derived from the run's seed and
#: ``j`` alone, so a seed and a trial count give the same counts on any number of threads.
POTENTIAL_BLOCK = 1 << 14


def _sample_blocks(
    call: Callable[[int, int, Any, Any], int],
    threads: int,
    trials: int | None,
    deadline: float | None,
    stderr: float | None,
) -> tuple[list[int], int, bool]:
    """Run the potential kernel ``call(first, blocks, out, ctl)`` over batches of blocks.

    Blocks run whole: the clock and the standard error of ``stderr`` are looked
    at between batches (the first is a block per thread, the next ones double
    while a batch takes under 50 ms, and shrink to what the time left holds),
    so a run that stops on either counts whole blocks: ``trials`` equal to the
    trials it reports, with the same seed, deals the same cards on any machine
    and thread count.  Returns the nine counts, the trials in them and whether
    a signal stopped the run (its last blocks then count as far as they got).
    """
    from pokercalc.analysis.equities import blocks_to_target

    counts = [0] * 9
    control = Control()
    end = None if trials is None else -(-trials // POTENTIAL_BLOCK)

    def work() -> int:
        # One worker thread runs every batch, so OpenMP keeps its team between them.
        first = done = 0
        batch = threads
        while end is None or first < end:
            step = batch if end is None else min(batch, end - first)
            out = array("q", bytes(8 * 9))
            t0 = _time.perf_counter()
            done += call(first, step, out, control.buffer)
            now = _time.perf_counter()
            first += step
            counts[:] = [a + b for a, b in zip(counts, out, strict=True)]
            if control.stopped or (deadline is not None and now >= deadline):
                break
            if stderr is not None:
                err = potential_from_counts(counts, method="mc").hand_strength_stderr
                if err is not None and err <= stderr:
                    break
            spent = now - t0
            if spent < 0.05:
                batch *= 2
            if stderr is not None:
                # (not many more blocks than the target asks)
                batch = min(batch, max(threads, blocks_to_target(err, stderr, first)))
            if deadline is not None and spent > 0:
                # A whole number of rounds of the threads that the time left holds, and one more.
                fit = int((deadline - now) / spent * step / threads) + 1
                batch = max(1, min(batch, fit * threads))
        return done

    done, stopped = run_kernel(work, control)
    return counts, done, stopped


@functools.cache
def _headsup_table() -> dict[str, Any] | None:
    """Exact preflop results of the 169 classes against one random hand, if the file is there."""
    path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "headsup_random.json")
    try:
        with open(path) as f:
            table: dict[str, Any] = json.load(f)["classes"]
    except OSError:
        return None
    return table if len(table) == 169 else None


def _class_of(a: int, b: int) -> str:
    """The starting-hand class of two cards: ``AA``, ``AKs`` or ``AKo``."""
    hi, lo = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
    if hi == lo:
        return RANKS[hi] * 2
    return RANKS[hi] + RANKS[lo] + ("s" if a & 3 == b & 3 else "o")


def _from_table(rng: Range, table: dict[str, Any]) -> tuple[Any, ...]:
    """Heads-up preflop figures from the table: each hand's exact tallies, weighted.

    The table holds the engine's own exact tallies (tools/make_headsup_table.py),
    so a single hand's figures are the very floats ``equity(method="exact")``
    returns, without its seconds of enumeration.
    """
    entries = [table[_class_of(a, c)] for a, c in rng.combos]
    outcomes = entries[0]["outcomes"]
    weight = math.fsum(rng.weights)
    wins = math.fsum(w * e["wins"] for w, e in zip(rng.weights, entries, strict=True))
    ties = math.fsum(w * e["ties"] for w, e in zip(rng.weights, entries, strict=True))
    total = weight * outcomes
    return ((wins + ties / 2) / total, wins / total, ties / total, None, "exact",
            outcomes * len(entries), None, None)  # fmt: skip


def _row_seed(base: int, offset: int) -> int:
    """The seed of one row's run: ``base + offset``, wrapped to stay within 53 bits."""
    return (base + offset) % (MAX_SEED + 1)


def winodds(
    hero: str | Range | Sequence[CardLike],
    *,
    opponents: int | str | Sequence[int] = 1,
    board: CardsLike = "",
    dead: CardsLike = "",
    method: str = "auto",
    time: float | None = None,
    trials: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    reserve: float = 0.0,
    progress: Callable[[float], None] | None = None,
    on_plan: Callable[[int, float], None] | None = None,
    game: str | Game = "holdem",
) -> WinOddsResult:
    """The hero's equity, win rate, hand strength and potential against each number of opponents.

    ``hero`` is a hand, a range or a pocket query (figures then average over
    its hands, weighted).  ``opponents`` is a count, ``"1-9"``, ``"1,3,5"`` or
    a sequence.  ``method``, ``trials``, ``stderr`` and ``seed`` go to the
    equity engine, which enumerates below its threshold and samples above it;
    ``time`` is the budget per opponent count (default :data:`DEFAULT_TIME`
    when no trials or stderr are given), of which Monte Carlo hand potential
    takes a fifth.  With ``method="auto"`` the engine's threshold is lowered
    to what it can enumerate in that budget (:data:`DEFAULT_TIME` if none).
    Row ``n`` seeds the engine with ``seed + n`` and the potential with
    ``seed + 1000 + n`` (modulo 2**53: every seed fits in 53 bits).
    ``reserve`` is seconds of the whole budget spent or kept elsewhere (the
    CLI's start-up and output): it is shared out of the rows' computing time
    (each keeps at least a quarter of ``time``), while the choice of method
    still follows ``time``.  ``progress`` is called with
    the fraction of the rows done; ``on_plan``, as in
    :func:`~pokercalc.analysis.equities.equity`, with the outcome count and the
    estimated seconds left of a row's long exhaustive equity run, once it has
    timed a sample of its work.  A signal (Ctrl-C, SIGTERM) ends the whole
    run: the rows done stand, an interrupted Monte Carlo row keeps its
    estimate, and the result is marked ``interrupted``.  ``game`` is hold'em
    or a short-deck game (the preflop table of hold'em serves hold'em only).
    """
    from pokercalc.analysis.equities import equity

    start = _time.perf_counter()
    g = analysis_game(game, "winodds", omaha=True)
    omaha = g.forming == "omaha"
    counts = parse_opponents(opponents, g)
    b, d = check_board_and_dead(board, dead, game=g)
    if method not in ("auto", "exact", "mc"):
        raise InputError(f"method must be auto, exact or mc, not {method!r}")
    check_engine_options(
        method=method, trials=trials, time=time, stderr=stderr, seed=seed, threads=threads
    )
    rng = (_omaha_hero(hero, g) if omaha else _hero_range(hero, g)).without(
        b + d, player="the hero"
    )
    need = g.hole_cards * (1 + counts[-1]) + g.board_cards + len(d)
    if need > g.deck_size:
        raise InputError(
            f"{counts[-1]} opponents, {len(b)} board and {len(d)} dead cards need {need} cards; "
            f"the {g.name} deck has {g.deck_size}"
        )
    if time is None and trials is None and stderr is None:
        time = DEFAULT_TIME
    if reserve < 0:
        raise InputError(f"reserve must be at least 0, got {reserve}")
    compute = None if time is None else max(time - reserve / len(counts), 0.25 * time)
    base = new_seed() if seed is None else seed
    rows = []
    any_mc = False
    stopped = False
    # A signal ends the whole run, not one row: the rows done so far stand, and
    # an interrupted Monte Carlo row keeps its estimate.
    for i, n in enumerate(counts):
        t0 = _time.perf_counter()
        pot = None
        row_progress = None
        if progress is not None:
            progress(i / len(counts))

            def row_progress(f: float, i: int = i) -> None:
                progress((i + f) / len(counts))

        if len(b) >= 3 and not g.hilo:
            pot_time = None if compute is None else compute * POTENTIAL_TIME_SHARE
            pot = _potential(
                rng, b, d, n, "mc" if method == "mc" else "auto",
                trials, pot_time, stderr, _row_seed(base, 1000 + n), threads, t0, g,
            )  # fmt: skip
            if pot is None or pot.interrupted:
                stopped = True
                break
            any_mc = any_mc or pot.method == "mc"
        elif len(b) >= 3:  # hi/lo: hand strength alone
            pot_time = None if compute is None else compute * POTENTIAL_TIME_SHARE
            pot = omaha_strength(
                rng, b, d, n, "mc" if method == "mc" else "auto",
                trials, pot_time, _row_seed(base, 1000 + n), g,
            )  # fmt: skip
            if pot is None:
                stopped = True
                break
            any_mc = any_mc or pot.method == "mc"
        table = None
        if g is HOLDEM and n == 1 and not b and not d and method != "mc":
            table = _headsup_table()
        if table is not None:
            figures = _from_table(rng, table)
        else:
            left = None if compute is None else max(compute - (_time.perf_counter() - t0), 0.01)
            threshold = None
            if method == "auto":
                from pokercalc.analysis.equities import DEFAULT_THRESHOLD

                per_count = DEFAULT_TIME if time is None else time
                budget = per_count * EXACT_RATE * (threads or default_threads()) / (n + 1)
                threshold = min(DEFAULT_THRESHOLD, budget)
            field: list[Any] = ["random"] * n if omaha else [_random(g)] * n
            mc: dict[str, Any] = {}  # (an exact run takes none of the Monte Carlo options)
            if method != "exact":
                mc = {"time": left, "trials": trials, "stderr": stderr, "seed": _row_seed(base, n)}
            r = equity(
                [rng, *field], b, d, method=method, threshold=threshold, threads=threads,
                progress=row_progress, on_plan=on_plan, game=g, **mc,
            )  # fmt: skip
            h = r.players[0]
            if r.interrupted and h.equity is None:
                stopped = True
                break
            figures = (h.equity, h.win, h.tie, h.stderr, r.method, r.outcomes, r.trials, r.seed)
            stopped = r.interrupted
        any_mc = any_mc or figures[4] == "mc"
        eq, win, tie, se, how, outcomes, dealt, row_seed = figures
        rows.append(
            WinOddsRow(
                opponents=n,
                equity=eq,
                win=win,
                tie=tie,
                stderr=se,
                method=how,
                outcomes=outcomes,
                trials=dealt,
                seed=row_seed,
                elapsed=_time.perf_counter() - t0,
                potential=pot,
            )
        )
        if stopped:
            break
    return WinOddsResult(
        game=g.name,
        hero=rng.text,
        combos=len(rng),
        averaged=len(rng) > 1,
        weighted=rng.is_weighted,
        board=cards_of(b),
        dead=cards_of(d),
        rows=tuple(rows),
        seed=base if any_mc else None,
        elapsed=_time.perf_counter() - start,
        interrupted=stopped,
    )


# ---------------------------------------------------------------------------
# Omaha hand strength: a showdown on the board as it stands, in numpy.

#: Exact Omaha hand strength against one opponent looks up at most this many pairs of cards
#: for the opponent hands, and compares at most this many hero and opponent hands.
OMAHA_STRENGTH_EXACT_PAIRS = 3_000_000
OMAHA_STRENGTH_EXACT_LIMIT = 30_000_000
#: Exact Omaha potential (one opponent, high only) runs the engine over at most this many
#: (hero hand, opponent hand, runout) cases: about a second per 150 million on two cores.
OMAHA_POTENTIAL_EXACT_LIMIT = 320_000_000
#: Monte Carlo Omaha hand strength deals in chunks of this many trials.
_OMAHA_CHUNK = 20_000
#: Monte Carlo Omaha hand strength deals this many trials when neither trials nor time is given.
_OMAHA_TRIALS = 100_000


def _omaha_exact(nh: int, free: int, board: int, game: Game) -> tuple[bool, bool]:
    """Whether exact Omaha hand strength against one opponent is cheap for ``nh`` hero hands,
    ``free`` cards left by the ``board`` cards and the dead ones, and whether exact potential
    is too (high only: :data:`OMAHA_POTENTIAL_EXACT_LIMIT`)."""
    k = game.hole_cards
    listed = math.comb(free, k)
    strength = (
        listed * math.comb(k, 2) <= OMAHA_STRENGTH_EXACT_PAIRS
        and nh * listed <= OMAHA_STRENGTH_EXACT_LIMIT
    )
    cases = nh * _exact_cases(free - k, board, game)
    return strength, strength and not game.hilo and cases <= OMAHA_POTENTIAL_EXACT_LIMIT


def _pair_tables(board: tuple[int, ...], hilo: bool) -> tuple[Any, Any]:
    """The best high value (and hi/lo: the best low, 0 for none) of every two cards with three
    of ``board``, as 52 x 52 tables: an Omaha hand's value is the best over its pairs."""
    import numpy as np

    from pokercalc.analysis.draws import omaha_low_value, omaha_value

    high = np.zeros((52, 52), dtype=np.int64)
    low = np.zeros((52, 52), dtype=np.int64)
    used = set(board)
    for a, b in itertools.combinations([c for c in range(52) if c not in used], 2):
        high[a, b] = high[b, a] = omaha_value((a, b), board)
        if hilo:
            low[a, b] = low[b, a] = omaha_low_value((a, b), board)
    return high, low


def _transitions(
    hero: Any,
    hands: Any,
    values: Any,
    value: int,
    board: tuple[int, ...],
    dead: tuple[int, ...],
    game: Game,
) -> list[int] | None:
    """The nine transition counts of one Omaha high hero hand against one opponent, exactly:
    the opponent ``hands`` (values ``values`` now) split by the hero's state now, ahead, tied
    or behind, and one exact engine run of the hero against each part, whose wins, ties and
    losses over every runout are the states at the river.  None when a signal stops a run."""
    from pokercalc.analysis.equities import equity

    me = Range("hero", (tuple(int(c) for c in hero),), (1.0,))
    counts = [0] * 9
    for now, part in enumerate((values < value, values == value, values > value)):
        rows = hands[part]
        if not len(rows):
            continue
        combos = tuple(zip(*(rows[:, i].tolist() for i in range(rows.shape[1])), strict=True))
        r = equity([me, Range("opponent", combos, (1.0,) * len(combos))], board, dead,
                   method="exact", game=game)  # fmt: skip
        if r.interrupted:
            return None
        wins, ties = r.players[0].wins, r.players[0].ties
        assert wins is not None and ties is not None  # unweighted: exact tallies
        counts[3 * now : 3 * now + 3] = [wins, ties, r.outcomes - wins - ties]
    return counts


def _best(table: Any, hands: Any) -> Any:
    """The best table value over the pairs of each hand (the last axis holds its cards)."""
    import numpy as np

    k = hands.shape[-1]
    out = None
    for i, j in itertools.combinations(range(k), 2):
        v = table[hands[..., i], hands[..., j]]
        out = v if out is None else np.maximum(out, v)
    return out


def _half(hero: Any, best: Any) -> Any:
    """1 ahead, 1/2 tied, 0 behind: the hero's value against the best opponent's."""
    import numpy as np

    return np.where(hero > best, 1.0, np.where(hero == best, 0.5, 0.0))


def _share(hh: Any, oh: Any, hl: Any, ol: Any, hilo: bool) -> Any:
    """The hero's share of a showdown now against the best opponent values: the high result,
    in hi/lo averaged with the low result (the high one when nobody has a low)."""
    import numpy as np

    high = _half(hh, oh)
    if not hilo:
        return high
    low = np.where((hl == 0) & (ol == 0), high, _half(hl, ol))
    return (high + low) / 2


def omaha_strength(
    rng: Range,
    board: tuple[int, ...],
    dead: tuple[int, ...],
    opponents: int,
    method: str,
    trials: int | None,
    time: float | None,
    seed: int,
    game: Game,
) -> Potential | None:
    """Hand strength of an Omaha hero (a hand or range, by weight) against ``opponents``
    random hands on the board as it stands: HS = P(ahead) + P(tied) / 2 against the best
    opponent, and in hi/lo the mean of that for the high half and for the low half (the high
    result when nobody has a low).  Exact against one opponent (every opponent hand, by
    numpy over tables of the best value of each pair of cards with the board) while that is
    cheap (:data:`OMAHA_STRENGTH_EXACT_PAIRS`, :data:`OMAHA_STRENGTH_EXACT_LIMIT`: Omaha-4
    hands, a few hero hands); otherwise, or with ``method="mc"``, Monte Carlo from
    ``seed`` in chunks of 20,000 deals until ``trials`` or ``time``.  None when a signal
    (Ctrl-C, SIGTERM) stops it: the row is then dropped, as in hold'em.

    Potential needs the state now and at the river of every case.  Against one opponent in
    Omaha high, exact and within :data:`OMAHA_POTENTIAL_EXACT_LIMIT` cases, the opponent
    hands are split by the state now and the engine runs the hero against each part
    (:func:`_transitions`); otherwise PPot, NPot and EHS are None here.  :func:`winodds`
    and :func:`hand_potential` use this for hi/lo and for that exact case; their Monte
    Carlo potential in Omaha high is the potential kernel's (docs/omaha.md).

    >>> from pokercalc.core.cards import parse_cards
    >>> from pokercalc.core.games import get_game
    >>> hero, turn = Range("AsAhKsKh", ((51, 50, 47, 46),), (1.0,)), parse_cards("Qs7h2c3d")
    >>> p = omaha_strength(hero, turn, (), 1, "auto", None, None, 1, get_game("omaha"))
    >>> p.method, round(p.hand_strength, 6), round(p.positive_potential, 6)
    ('exact', 0.700418, 0.197679)
    >>> round(p.effective_strength, 6)  # against one opponent: the equity
    0.625848
    >>> hilo = omaha_strength(hero, turn, (), 1, "auto", None, None, 1, get_game("plo8"))
    >>> round(hilo.hand_strength, 6), hilo.effective_strength
    (0.491433, None)
    """
    try:
        return _strength(rng, board, dead, opponents, method, trials, time, seed, game)
    except KeyboardInterrupt:
        return None


def _strength(
    rng: Range,
    board: tuple[int, ...],
    dead: tuple[int, ...],
    opponents: int,
    method: str,
    trials: int | None,
    time: float | None,
    seed: int,
    game: Game,
) -> Potential:
    """:func:`omaha_strength`, which a signal stops by ``KeyboardInterrupt``."""
    import numpy as np

    start = _time.perf_counter()
    k, hilo = game.hole_cards, game.hilo
    high, low = _pair_tables(board, hilo)
    hero = np.array(rng.combos, dtype=np.int64).reshape(len(rng), k)
    weights = np.array(rng.weights, dtype=np.float64)
    weights /= weights.sum()
    hh, hl = _best(high, hero), _best(low, hero)
    gone = [c for c in range(52) if c in set(board) | set(dead) or card_mask(c) & game.outside_mask]
    free = [c for c in range(52) if c not in gone]
    n_opp = math.comb(len(free) - k, k)
    strength, potential = _omaha_exact(len(rng), len(free), len(board), game)
    exact = method != "mc" and opponents == 1 and strength
    common: dict[str, Any] = {
        "opponents": opponents, "transitions": None, "positive_potential": None,
        "negative_potential": None, "effective_strength": None,
        "positive_potential_stderr": None, "negative_potential_stderr": None,
    }  # fmt: skip
    if exact:
        # Highest card first, hands in descending order: as a Range lists them.
        hands = np.fromiter(
            itertools.combinations(sorted(free, reverse=True), k),
            dtype=np.dtype((np.int64, k)),
            count=math.comb(len(free), k),
        )
        masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), hands), axis=1)
        oh, ol = _best(high, hands), _best(low, hands)
        runouts = math.comb(len(free) - 2 * k, game.board_cards - len(board))
        hs = 0.0
        pooled = [0.0] * 9
        for i, w in enumerate(weights.tolist()):
            hero_mask = int(np.bitwise_or.reduce(np.left_shift(np.int64(1), hero[i])))
            keep = (masks & hero_mask) == 0
            hs += w * float(_share(hh[i], oh[keep], hl[i], ol[keep], hilo).sum()) / n_opp
            if potential:
                counts = _transitions(hero[i], hands[keep], oh[keep], int(hh[i]), board, dead, game)
                if counts is None:  # a signal stopped a run
                    raise KeyboardInterrupt
                pooled = [a + w * c / sum(counts) for a, c in zip(pooled, counts, strict=True)]
        if potential:
            return potential_from_counts(
                pooled, opponents=1, method="exact", cases=len(rng) * n_opp * runouts,
                elapsed=_time.perf_counter() - start,
            )  # fmt: skip
        return Potential(
            method="exact", hand_strength=hs, hand_strength_stderr=None,
            cases=len(rng) * n_opp, trials=None, seed=None,
            elapsed=_time.perf_counter() - start, **common,
        )  # fmt: skip
    gen = np.random.default_rng(seed)
    want = trials if trials is not None else (None if time is not None else _OMAHA_TRIALS)
    deck = np.array(free, dtype=np.int64)
    total = total2 = 0.0
    dealt = 0
    while want is None or dealt < want:
        m = _OMAHA_CHUNK if want is None else min(_OMAHA_CHUNK, want - dealt)
        pick = gen.choice(len(rng), size=m, p=weights)
        # Random keys per card, the hero's cards last: the first cards are the deals.
        keys = gen.random((m, len(deck)))
        keys[(deck[None, None, :] == hero[pick][:, :, None]).any(axis=1)] = 2.0
        order = np.argsort(keys, axis=1)[:, : opponents * k]
        opp = deck[order].reshape(m, opponents, k)
        oh, ol = _best(high, opp).max(axis=1), _best(low, opp).max(axis=1)
        share = _share(hh[pick], oh, hl[pick], ol, hilo)
        total += float(share.sum())
        total2 += float((share * share).sum())
        dealt += m
        # Whichever of trials and time comes first, as in the equity engine.
        if time is not None and _time.perf_counter() - start >= time:
            break
    hs = total / dealt
    se = math.sqrt(max(total2 / dealt - hs * hs, 0.0) / max(dealt - 1, 1))
    return Potential(
        method="mc", hand_strength=hs, hand_strength_stderr=se, cases=dealt,
        trials=dealt, seed=seed, elapsed=_time.perf_counter() - start, **common,
    )  # fmt: skip
