"""An equity run's results: one record per player and one for the run."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from pokercalc._lazy import FieldMethods, record
from pokercalc.core.cards import Card
from pokercalc.core.games import Game
from pokercalc.core.results import (
    CARDS,
    COUNT,
    GAME,
    METHOD,
    PROB,
    SECONDS,
    Result,
    doc,
    exact_fractions,
)

if TYPE_CHECKING:
    from fractions import Fraction  # (made when read: results.ExactFraction)

__all__ = ["EquityResult", "PlayerResult", "in_given_order", "with_weights"]


@exact_fractions("equity_fraction")
@record(kw_only=True, init_when_called=True)
class PlayerResult(FieldMethods, Result):
    """One player's share of the pot."""

    label: str = doc(
        "the player's expression as given; a lone player meets one random hand, listed second"
    )
    combos: int = doc(
        "hands of the range left once the board and dead cards are removed, each counted once "
        "whatever its weight (the other players' cards block per deal)",
        COUNT,
    )
    weight: float | None = doc(
        "the sum of those hands' weights when the range is weighted; None when every weight is 1",
        minimum=0,
        csv=False,
        default=None,
    )
    equity: float | None = doc(
        "share of the pot, a k-way split giving each winner 1/k; when a big exact run (or one "
        "in pieces) was interrupted, an estimate from the random part of its enumeration done "
        "(stderr says so); None when an exact run was interrupted too early for one (or a "
        "small exact run, done in no random order), or a Monte Carlo run before its first deal",
        PROB,
    )
    win: float | None = doc("probability of winning alone", PROB)
    tie: float | None = doc("probability of sharing the pot", PROB)
    stderr: float | None = doc(
        "standard error of equity: Monte Carlo's, or that of an interrupted exact run's "
        "estimate (its equities, win and tie are then ratios over a random part of the "
        "enumeration, its exact counts None); None when exact and whole, or below two deals",
        minimum=0,
        default=None,
    )
    equity_fraction: Fraction | None = doc(
        "exact equity; None for Monte Carlo or weighted ranges", default=None
    )
    wins: int | None = doc(
        "exact count of outcomes won alone (unweighted exhaustive runs)",
        COUNT,
        csv=False,
        default=None,
    )
    ties: int | None = doc(
        "exact count of outcomes tied (unweighted exhaustive runs)", COUNT, csv=False, default=None
    )
    scoop: float | None = doc(
        "hi/lo games: probability of winning the whole pot alone (win says the same); None in "
        "other games",
        PROB,
        default=None,
    )
    high_share: float | None = doc(
        "hi/lo games: the expected share of the high half won; None in other games",
        PROB,
        default=None,
    )
    low_share: float | None = doc(
        "hi/lo games: the expected share of the low half won with a qualifying low; None in "
        "other games (equity is half of both shares plus half the high share of the boards "
        "without a low)",
        PROB,
        default=None,
    )


@record(kw_only=True, init_when_called=True)
class EquityResult(FieldMethods, Result):
    """Every player's equity, and how it was computed."""

    game: str = doc("the game played (core/games.py)", GAME, default="holdem")
    method: str = doc('"exact" (every outcome enumerated) or "mc" (Monte Carlo), as run', METHOD)
    board: tuple[Card, ...] = doc("the board cards given", CARDS)
    dead: tuple[Card, ...] = doc("the dead cards given", CARDS)
    players: tuple[PlayerResult, ...] = doc(
        "one result per player, in the order given", table="player", minItems=2
    )
    outcomes: int = doc(
        "valid joint assignments times boards (estimated if not outcomes_exact)", COUNT
    )
    outcomes_exact: bool = doc("False when the count was too costly and was estimated")
    symmetry: int = doc(
        "suit permutations that leave the problem unchanged (exact runs merge them)", minimum=1
    )
    trials: int | None = doc("Monte Carlo deals played; None when exact", COUNT)
    seed: int | None = doc(
        "the Monte Carlo seed used (pass it back to reproduce); None when exact", COUNT
    )
    threads: int = doc("threads used", minimum=1)
    elapsed: float = doc("seconds of computation", SECONDS)
    showdowns: int = doc(
        "showdowns played: Monte Carlo deals, or in exact runs the distinct boards (suit "
        "symmetries and boards whose suits cannot make a flush merged) times the hands "
        "evaluated innermost",
        COUNT,
    )
    interrupted: bool = doc("True when a signal (Ctrl-C, SIGTERM) stopped the run early")
    done_fraction: float = doc(
        "share of the planned work done (below 1 only when interrupted; an interrupted exact "
        "run's estimate uses the batches of it done whole)",
        PROB,
        default=1.0,
    )
    low_possible: float | None = doc(
        "hi/lo games: the share of outcomes whose board holds three low ranks (ace to eight), "
        "so that a low can be made (in stud hi/lo, in which some player makes a low); None in "
        "other games",
        PROB,
        default=None,
    )
    pieces: int | None = doc(
        "pieces the run was cut into and run on an executor (local processes or a Dask "
        "cluster), one engine thread each; None when it ran in one process",
        COUNT,
        default=None,
    )

    @property
    def showdowns_per_second(self) -> float:
        """Throughput: showdowns played per second of computation."""
        return self.showdowns / self.elapsed if self.elapsed > 0 else 0.0


def in_given_order(
    result: EquityResult, order: list[int], shown: list[int], game: Game
) -> EquityResult:
    """``result`` (players in the engine's order) with its players in the order given."""
    players = result.players
    if result.game == game.name and order == sorted(order) and shown == [p.combos for p in players]:
        return result  # (the usual case: the largest range was given last)
    back = [0] * len(order)
    for pos, i in enumerate(order):
        back[i] = pos
    return replace(
        result,
        game=game.name,
        players=tuple(
            p if p.combos == shown[i] else replace(p, combos=shown[i])
            for i, p in ((i, result.players[back[i]]) for i in range(len(order)))
        ),
    )


def with_weights(result: EquityResult, weights: Sequence[float | None]) -> EquityResult:
    """``result`` with each player's ``weight`` (players in the order given)."""
    if all(w is None for w in weights):
        return result
    players = tuple(replace(p, weight=w) for p, w in zip(result.players, weights, strict=True))
    return replace(result, players=players)
