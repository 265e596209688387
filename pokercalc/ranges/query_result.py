"""The result of ``pokercalc query`` in hold'em and short-deck: :class:`QueryResult`.

:func:`~pokercalc.ranges.query.run_query` makes it; the Omaha games'
is :class:`~pokercalc.ranges.omaha_result.OmahaQueryResult`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pokercalc.core.cards import Card, cards_of, format_cards
from pokercalc.core.games import get_game
from pokercalc.core.results import CARDS, COUNT, GAME, HANDS, PROB, Result, derived, doc
from pokercalc.ranges.combos import CLASSES, class_combos, grid_class
from pokercalc.ranges.hands import Range

__all__ = ["ClassCount", "QueryResult"]


@dataclass(frozen=True, kw_only=True)
class ClassCount(Result):
    """How much of one starting-hand class a range holds."""

    name: str = doc('the class, "AA", "AKs" or "AKo"', key="class")
    combos: int = doc("its combos in the range", COUNT)
    total: int = doc("its combos in a full deck (6, 4 or 12)", COUNT)
    weight: float = doc("the sum of the weights of its combos in the range")

    @property
    def fraction(self) -> float:
        """The share of the class held, weights counted: 1 full, 0 none, between partial."""
        return self.weight / self.total


@dataclass(frozen=True, kw_only=True)
class QueryResult(Result):
    """A parsed expression after card removal, for ``pokercalc query`` (Omaha: OmahaQueryResult)."""

    expression: str = doc("the expression as given")
    game: str = doc(
        "the game whose deck the hands come from (core/games.py)", GAME, default="holdem"
    )
    board: tuple[Card, ...] = doc("board cards removed from the range", CARDS)
    dead: tuple[Card, ...] = doc("dead cards removed from the range", CARDS)
    range: Range = doc("the hands left after card removal", output=False)

    @property
    @derived(COUNT)
    def count(self) -> int:
        """Combos left after card removal."""
        return len(self.range)

    matched: int = doc("combos the expression matched before card removal", COUNT)

    @property
    @derived(COUNT)
    def removed(self) -> int:
        """Combos matched that card removal took out."""
        return self.matched - self.count

    @property
    @derived(minimum=1)
    def total(self) -> int:
        """Every two-card hand of the game's deck: 1,326 in hold'em, 630 in short-deck."""
        g = get_game(self.game)
        return math.comb(g.deck_size, g.hole_cards)

    @property
    @derived(PROB)
    def share(self) -> float:
        """Combos left as a share of every two-card hand of the game's deck."""
        return self.count / self.total

    @property
    @derived(minimum=0)
    def weight(self) -> float:
        """Sum of the weights of the combos left (``count`` when unweighted)."""
        return self.range.total_weight

    @property
    @derived(items=HANDS)
    def combos(self) -> tuple[tuple[Card, ...], ...]:
        """The combos left, in the range's order."""
        return tuple(cards_of(c) for c in self.range.combos)

    @property
    @derived(items=PROB)
    def weights(self) -> tuple[float, ...]:
        """The weight of each combo left, in the same order."""
        return self.range.weights

    @derived()
    def classes(self) -> tuple[ClassCount, ...]:
        """Every class with at least one combo left, in grid order (aces first)."""
        held = self.range.class_weights()
        return tuple(
            ClassCount(
                name=name, combos=held[name][0], total=len(class_combos(name)), weight=held[name][1]
            )
            for name in CLASSES
            if name in held
        )

    def grid(self) -> list[list[ClassCount]]:
        """The grid of classes: aces first, pairs on the diagonal, suited above it; 13x13 in
        hold'em, 9x9 (aces to sixes) in short-deck."""
        held = self.range.class_weights()
        size = 13 - get_game(self.game).lowest_rank
        rows = []
        for r in range(size):
            row = []
            for c in range(size):
                name = grid_class(r, c)
                n, w = held.get(name, (0, 0.0))
                row.append(ClassCount(name=name, combos=n, total=len(class_combos(name)), weight=w))
            rows.append(row)
        return rows

    def lines(self) -> list[str]:
        """One combo per line in ASCII (``AsKs``), with ``:weight`` when it is not 1."""
        return [
            format_cards(c) + ("" if w == 1.0 else f":{w!r}")
            for c, w in zip(self.range.combos, self.range.weights, strict=True)
        ]
