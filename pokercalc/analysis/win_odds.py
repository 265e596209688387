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
import json
import math
import os
import time as _time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokercalc.analysis.potential import (
    DEFAULT_TIME,
    POTENTIAL_EXACT_LIMIT,
    Potential,
    bad_opponents,
    max_opponents,
    omaha_strength,
    potential_from_counts,
    potential_of,
)
from pokercalc.analysis.rules import rules_for, served_game
from pokercalc.core.cards import RANKS, Card, CardLike, CardsLike, card_mask, cards_of, cards_text
from pokercalc.core.games import HOLDEM, Game
from pokercalc.core.results import (
    CARDS,
    COUNT,
    GAME,
    METHOD,
    PROB,
    SECONDS,
    Result,
    doc,
)
from pokercalc.core.runner import default_threads
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
    "row_seed",
    "winodds",
]

#: Hold'em's deck deals 23 hands and a board, so at most 22 opponents (a game's own limit
#: is one less than its ``max_players``).
MAX_OPPONENTS = HOLDEM.max_players - 1
#: Share of a Monte Carlo time budget spent on hand strength and potential.
POTENTIAL_TIME_SHARE = 0.2
#: Under a time budget, the engine enumerates only runs expected to fit it at this many
#: showdown evaluations (outcomes after suit symmetry times players) per thread-second
#: (about half what the engine reaches: bench/bench_winodds.py).
EXACT_RATE = 150e6


@functools.cache
def _random(game: Game) -> Range:
    """A random opponent: every two-card hand of the game's deck."""
    combos = tuple(
        c for c in ALL_COMBOS if not (card_mask(c[0]) | card_mask(c[1])) & game.outside_mask
    )
    return Range("random", combos, (1.0,) * len(combos))


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
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= max_opponents(game):
            raise bad_opponents(n, game)
    return tuple(sorted(set(counts)))


def _hero_range(hero: str | Range | Sequence[CardLike], game: Game = HOLDEM) -> Range:
    """The hero's distribution in the game's deck: a hand, a range or a pocket query."""
    from pokercalc.ranges.holdem_players import holdem_player

    if isinstance(hero, Range):
        return holdem_player(hero, game, "the hero")
    if isinstance(hero, (list, tuple)):
        return holdem_player(cards_text(hero, "the hero"), game, "the hero")
    if not isinstance(hero, str) or not hero.strip():
        raise ParseError("no hero hand given")
    if "|" in hero:
        raise ParseError(f"the hero is one player; {hero!r} names several")
    return holdem_player(hero.strip(), game, "the hero")


def _omaha_hero(hero: str | Range | Sequence[CardLike], game: Game) -> Range:
    """The hero of an Omaha game: a hand or a range of the Omaha grammar
    (:func:`~pokercalc.ranges.omaha.parse_omaha_range`)."""
    from pokercalc.ranges.players import every_hand, many_card_player

    if isinstance(hero, (list, tuple)):
        hero = cards_text(hero, "the hero")
    if isinstance(hero, str):
        if not hero.strip():
            raise ParseError("no hero hand given")
        if "|" in hero:
            raise ParseError(f"the hero is one player; {hero!r} names several")
        if every_hand(hero, game):  # random, any, 100%, xxxx
            raise InputError(f"the hero is a hand or a range, not every hand ({hero.strip()!r})")
    player = many_card_player(hero, game, "the hero")
    assert isinstance(player, Range)
    return player


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
    rules = rules_for(game, "hand potential")
    g = rules.game
    b, d = check_board_and_dead(board, dead, game=g)
    if len(b) < 3:
        raise InputError(
            f"hand potential needs a flop, turn or river; the board has {len(b)} cards"
        )
    rng = _FORMS[rules.forming].hero(hero, g).without(b + d, player="the hero")
    pot = potential_of(rng, b, d, opponents, method, trials, time, stderr, seed, threads, start, g)
    if pot is None:  # an exact count stopped part way knows nothing
        raise KeyboardInterrupt
    return pot


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


def row_seed(base: int, offset: int) -> int:
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
    caller's own start-up and output, say): it is shared out of the rows' computing time
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
    g = served_game(game, "winodds")
    form = _FORMS[g.forming]
    counts = parse_opponents(opponents, g)
    b, d = check_board_and_dead(board, dead, game=g)
    if method not in ("auto", "exact", "mc"):
        raise InputError(f"method must be auto, exact or mc, not {method!r}")
    check_engine_options(
        method=method, trials=trials, time=time, stderr=stderr, seed=seed, threads=threads
    )
    rng = form.hero(hero, g).without(b + d, player="the hero")
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
    tabled = g is HOLDEM and not b and not d and method != "mc"  # (n == 1: the table's row)
    if compute is not None and any(n > 1 or not tabled for n in counts):
        # The engine's first run in a process imports numpy (to list hands): a one-time
        # start-up, taken here so that it is no row's time (a lone row lost most of it).
        import numpy  # noqa: F401
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
            pot = potential_of(
                rng, b, d, n, "mc" if method == "mc" else "auto",
                trials, pot_time, stderr, row_seed(base, 1000 + n), threads, t0, g,
            )  # fmt: skip
            if pot is None or pot.interrupted:
                stopped = True
                break
            any_mc = any_mc or pot.method == "mc"
        elif len(b) >= 3:  # hi/lo: hand strength alone
            pot_time = None if compute is None else compute * POTENTIAL_TIME_SHARE
            pot = omaha_strength(
                rng, b, d, n, "mc" if method == "mc" else "auto",
                trials, pot_time, row_seed(base, 1000 + n), g,
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
            field: list[Any] = [form.random(g)] * n
            mc: dict[str, Any] = {}  # (an exact run takes none of the Monte Carlo options)
            if method != "exact":
                mc = {"time": left, "trials": trials, "stderr": stderr, "seed": row_seed(base, n)}
            r = equity(
                [rng, *field], b, d, method=method, threshold=threshold, threads=threads,
                progress=row_progress, on_plan=on_plan, game=g, **mc,
            )  # fmt: skip
            h = r.players[0]
            # (an exact row cut short is left out, even when it estimated its equity from
            # the part done)
            if r.interrupted and (
                h.equity is None or (r.method == "exact" and h.stderr is not None)
            ):
                stopped = True
                break
            figures = (h.equity, h.win, h.tie, h.stderr, r.method, r.outcomes, r.trials, r.seed)
            stopped = r.interrupted
        any_mc = any_mc or figures[4] == "mc"
        eq, win, tie, se, how, outcomes, dealt, run_seed = figures
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
                seed=run_seed,
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


@dataclass(frozen=True)
class _Form:
    """How win odds and hand potential read players under one forming rule: the hero (a hand
    or a range of the game's grammar) and the random opponent (Omaha: dealt by the engine)."""

    hero: Callable[[str | Range | Sequence[CardLike], Game], Range]
    random: Callable[[Game], str | Range]


def _own_hero(hero: str | Range | Sequence[CardLike], game: Game) -> Range:
    """The hero of a game without a board: the card sets it is given
    (:mod:`pokercalc.ranges.card_sets`)."""
    from pokercalc.ranges.card_sets import parse_card_sets

    if isinstance(hero, Range):
        return hero
    if isinstance(hero, (list, tuple)):
        hero = cards_text(hero, "the hero")
    if not isinstance(hero, str) or not hero.strip():
        raise ParseError("no hero hand given")
    if "|" in hero:
        raise ParseError(f"the hero is one player; {hero!r} names several")
    return parse_card_sets(hero.strip(), game, "the hero")


_FORMS = {
    "any": _Form(_hero_range, _random),
    "omaha": _Form(_omaha_hero, lambda game: "random"),
    "own": _Form(_own_hero, lambda game: "random"),
}
