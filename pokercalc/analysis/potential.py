"""Hand strength and hand potential: the hero's chances now and at the river against random hands.

Hand strength (HS), positive and negative potential (PPot, NPot) and effective
hand strength (EHS) follow Billings, Papp, Schaeffer and Szafron, "Opponent
Modeling in Poker" (AAAI 1998): the nine transitions between the hero's state
now (ahead, tied, behind) and at the river, counted over every opponent hand
and runout (exact, against one opponent) or over random deals (Monte Carlo,
by the potential kernel, against several).  :func:`potential_of` is the one
implementation for every game; what depends on how a hand is formed is its
exact count: the kernel's for the best five of hole and board cards, and for
Omaha's two hole and three board cards the opponent hands split by the state
now, each part run through the equity engine (:func:`omaha_strength`, which
also gives the hand strength of hi/lo, whose potential is not defined).
:func:`~pokercalc.analysis.win_odds.hand_potential` is the public call.

>>> p = potential_from_counts([6, 0, 2, 0, 0, 0, 1, 0, 1])
>>> p.hand_strength, p.positive_potential, p.negative_potential
(0.8, 0.5, 0.25)
"""

from __future__ import annotations

import itertools
import math
import time as _time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pokercalc.analysis.rules import rules_for
from pokercalc.core.cards import card_mask
from pokercalc.core.games import HOLDEM, Game
from pokercalc.core.results import (
    COUNT,
    METHOD,
    PROB,
    SECONDS,
    Form,
    Result,
    doc,
    object_schema,
)
from pokercalc.core.runner import Control, default_threads, run_kernel
from pokercalc.core.validate import check_engine_options, new_seed
from pokercalc.errors import InputError
from pokercalc.ranges.notation import Range

__all__ = [
    "DEFAULT_TIME",
    "POTENTIAL_EXACT_LIMIT",
    "POTENTIAL_BLOCK",
    "Potential",
    "bad_opponents",
    "max_opponents",
    "omaha_strength",
    "potential_from_counts",
    "potential_of",
]

#: Default time budget in seconds (per opponent count in winodds) when no trials or stderr
#: are given.
DEFAULT_TIME = 0.5
#: ``method="auto"`` enumerates hand potential when hero combos times cases are at most this.
POTENTIAL_EXACT_LIMIT = 15_000_000

_STATES = ("ahead", "tied", "behind")


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


def max_opponents(game: Game) -> int:
    """Opponents the game's deck deals beside the hero, with a full board."""
    return game.max_players - 1


def bad_opponents(n: object, game: Game) -> InputError:
    """The error of an opponent count ``n`` outside 1 to the game's limit."""
    where = "" if game is HOLDEM else f" in {game.name}"
    return InputError(f"opponents must be 1 to {max_opponents(game)}{where}, got {n}")


def _exact_cases(live: int, board_cards: int, game: Game = HOLDEM) -> int:
    """(Opponent hand, runout) cases per hero hand against one opponent."""
    k = game.hole_cards
    return math.comb(live, k) * math.comb(live - k, game.board_cards - board_cards)


def potential_of(
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
    """Hand potential of a validated hero range on ``b``, under the game's hand rules (see
    :func:`~pokercalc.analysis.win_odds.hand_potential`).

    A signal stops the kernel within a fraction of a second: Monte Carlo then
    returns its estimate so far, with ``interrupted`` set; an exact count
    returns None (part of an enumeration is no estimate).
    """
    from pokercalc.analysis import _potential

    rules = rules_for(game, "hand potential")
    if method not in ("auto", "exact", "mc"):
        raise InputError(f"method must be auto, exact or mc, not {method!r}")
    if not 1 <= opponents <= max_opponents(game):
        raise bad_opponents(opponents, game)
    check_engine_options(trials=trials, time=time, stderr=stderr, seed=seed, threads=threads)
    k, full = game.hole_cards, game.board_cards
    live = game.deck_size - len(b) - len(d) - k
    if k * opponents + full - len(b) > live:
        raise InputError(
            f"{opponents} opponents, {len(b)} board and {len(d)} dead cards need "
            f"{k + k * opponents + full + len(d)} cards; the {game.name} deck has {game.deck_size}"
        )
    cases = _exact_cases(live, len(b), game)
    exact = _EXACT[rules.forming]
    fits = exact.fits(len(rng), live, len(b), game)
    if method == "auto":
        method = "exact" if opponents == 1 and fits else "mc"
    if method == "exact" and opponents != 1:
        raise InputError("exact hand potential is against one opponent only; use method mc")
    if method == "exact":
        return exact.run(rng, b, d, len(rng) * cases, fits, threads, start, game)
    hero = _hero_rows(rng, k)
    board, dead = array("B", b), array("B", d)
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
    from pokercalc.engine.montecarlo import blocks_to_target

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


def _hero_rows(rng: Range, k: int) -> memoryview:
    """The hero's hands as an (hands, k) byte view for the kernels."""
    nh = len(rng)
    return memoryview(array("B", [c for combo in rng.combos for c in combo])).cast("B", [nh, k])


def _fits_kernel(nh: int, live: int, board: int, game: Game) -> bool:
    """Whether the kernel's exact count of ``nh`` hero hands is within
    :data:`POTENTIAL_EXACT_LIMIT` cases."""
    return nh * _exact_cases(live, board, game) <= POTENTIAL_EXACT_LIMIT


def _kernel_exact(
    rng: Range,
    b: tuple[int, ...],
    d: tuple[int, ...],
    cases: int,
    fits: bool,
    threads: int | None,
    start: float,
    game: Game,
) -> Potential | None:
    """The exact count of the best five of hole and board cards: the potential kernel over
    every opponent hand and runout, each hero hand apart, weighted after; None when a signal
    stops it."""
    from pokercalc.analysis import _potential

    nh = len(rng)
    hero = _hero_rows(rng, game.hole_cards)
    board, dead = array("B", b), array("B", d)
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
    weighted = [math.fsum(w * out[9 * i + k] for i, w in enumerate(rng.weights)) for k in range(9)]
    return potential_from_counts(
        weighted,
        opponents=1,
        method="exact",
        cases=cases,
        elapsed=_time.perf_counter() - start,
    )


def _fits_omaha(nh: int, live: int, board: int, game: Game) -> bool:
    """Whether the Omaha exact count is cheap (:func:`_omaha_exact`)."""
    return _omaha_exact(nh, live + game.hole_cards, board, game)[1]


def _omaha_exact_potential(
    rng: Range,
    b: tuple[int, ...],
    d: tuple[int, ...],
    cases: int,
    fits: bool,
    threads: int | None,
    start: float,
    game: Game,
) -> Potential | None:
    """The exact count of Omaha's two hole and three board cards (:func:`omaha_strength`),
    refused beyond :data:`OMAHA_POTENTIAL_EXACT_LIMIT` cases or where the opponent hands
    cannot all be listed; None when a signal stops it."""
    if not fits:
        raise InputError(
            f"exact hand potential in {game.name} is done up to "
            f"{OMAHA_POTENTIAL_EXACT_LIMIT:,} cases where every opponent hand can be listed; "
            f"{len(rng)} hero hands here have {cases:,}: use method mc"
        )
    pot = omaha_strength(rng, b, d, 1, "exact", None, None, 0, game)
    return None if pot is None else replace(pot, elapsed=_time.perf_counter() - start)


@dataclass(frozen=True)
class _Exact:
    """The exact count of hand potential under one forming rule: whether it is cheap enough
    for ``method="auto"`` (hero hands, live cards, board cards, game), and the count."""

    fits: Callable[[int, int, int, Game], bool]
    run: Callable[..., Potential | None]


_EXACT = {
    "any": _Exact(_fits_kernel, _kernel_exact),
    "omaha": _Exact(_fits_omaha, _omaha_exact_potential),
}


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

    from pokercalc.analysis.rules import omaha_low_value, omaha_value

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
    (:func:`_transitions`); otherwise PPot, NPot and EHS are None here.  Win odds
    and hand potential use this for hi/lo and for that exact case; their Monte
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
