"""The result of ``pokercalc query`` in the Omaha games: :class:`OmahaQueryResult`.

:func:`~pokercalc.ranges.omaha.run_omaha_query` makes it; hold'em's is
:class:`~pokercalc.ranges.query_result.QueryResult`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations, islice
from math import comb

import numpy as np

from pokercalc.core.cards import Card, cards_of, cards_of_mask, format_cards
from pokercalc.core.games import Game
from pokercalc.core.results import CARDS, COUNT, GAME, HANDS, PROB, Result, derived, doc
from pokercalc.errors import InputError, quote
from pokercalc.ranges.hands import DeckRange, Range
from pokercalc.ranges.matching import rows_of_keys
from pokercalc.ranges.omaha_expand import MAX_HANDS, range_of_rows
from pokercalc.ranges.query_result import ClassCount

__all__ = ["OmahaQueryResult"]


@dataclass(frozen=True, kw_only=True)
class OmahaQueryResult(Result):
    """An Omaha expression after card removal, for ``pokercalc query --game omaha``."""

    expression: str = doc("the expression as given")
    game: Game = doc("the Omaha game whose hands these are", GAME)
    board: tuple[Card, ...] = doc("board cards removed from the range", CARDS)
    dead: tuple[Card, ...] = doc("dead cards removed from the range", CARDS)
    left: DeckRange | tuple[np.ndarray, np.ndarray] = doc(
        "the hands left: their keys (bit c for card c; in descending order, as a range lists "
        "them) and their weights, or a bare random too big to list",
        output=False,
    )

    @cached_property
    def range(self) -> Range | DeckRange:
        """The hands left as a :class:`Range` (built on first use: for a big range that takes
        longer than the query itself), or the unlisted deck."""
        if isinstance(self.left, DeckRange):
            return self.left
        keys, weights = self.left
        return range_of_rows(self.expression, rows_of_keys(keys, self.game.hole_cards), weights)

    @property
    @derived(COUNT)
    def count(self) -> int:
        """Hands left after card removal."""
        return len(self.left) if isinstance(self.left, DeckRange) else len(self.left[0])

    matched: int = doc("hands the expression matched before card removal", COUNT)

    @property
    @derived(COUNT)
    def removed(self) -> int:
        """Hands matched that card removal took out."""
        return self.matched - self.count

    @property
    @derived(minimum=1)
    def total(self) -> int:
        """Every hand of the game: C(deck size, hole cards)."""
        return comb(self.game.deck_size, self.game.hole_cards)

    @property
    @derived(PROB)
    def share(self) -> float:
        """Hands left as a share of every hand of the game."""
        return self.count / self.total

    @property
    @derived(minimum=0)
    def weight(self) -> float:
        """Sum of the weights of the hands left (``count`` when unweighted)."""
        if isinstance(self.left, DeckRange):
            return self.left.total_weight
        if not self.is_weighted:
            return float(len(self.left[1]))  # the sum of ones, without summing them
        return float(sum(self.left[1].tolist()))

    @property
    def is_weighted(self) -> bool:
        """True when some hand left has a weight other than 1."""
        return not isinstance(self.left, DeckRange) and bool((self.left[1] != 1.0).any())

    @property
    @derived(items=HANDS)
    def combos(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand left, in the range's order (InputError past MAX_HANDS: too many for JSON)."""
        if isinstance(self.left, DeckRange):
            return tuple(cards_of(c) for c, _ in self._listed)
        self._listable()
        # Card objects gathered by numpy: millions of hands in seconds, not a minute.
        rows = rows_of_keys(self.left[0], self.game.hole_cards)
        return tuple(map(tuple, _card_objects()[rows].tolist()))

    @property
    @derived(items=PROB)
    def weights(self) -> tuple[float, ...]:
        """The weight of each hand left, in the same order."""
        if isinstance(self.left, DeckRange):
            return tuple(w for _, w in self._listed)
        self._listable()
        return tuple(self.left[1].tolist())

    @property
    @derived(maxItems=0)
    def classes(self) -> tuple[ClassCount, ...]:
        """Always empty: Omaha hands have no 13x13 grid of classes."""
        return ()

    def _listable(self) -> None:
        """InputError when the hands left are too many to list in JSON (past MAX_HANDS)."""
        if self.count > MAX_HANDS:
            raise InputError(
                f"{quote(self.expression)} holds {self.count:,} {self.game.name} hands, too "
                "many for JSON; count them with the table output or list them with --list"
            )

    @cached_property
    def _listed(self) -> list[tuple[tuple[int, ...], float]]:
        """Every hand left with its weight, for the JSON form (at most MAX_HANDS)."""
        self._listable()
        return list(self.hands())

    def hands(self) -> Iterator[tuple[tuple[int, ...], float]]:
        """The hands left with their weights, in the range's order (highest cards first)."""
        if isinstance(self.left, DeckRange):
            free = sorted(cards_of_mask(self.left.free), reverse=True)
            for combo in combinations(free, self.game.hole_cards):
                yield combo, 1.0
            return
        keys, weights = self.left
        for start in range(0, len(keys), 4096):  # a block of tuples at a time: examples are few
            block = rows_of_keys(keys[start : start + 4096], self.game.hole_cards)
            combos = zip(*(block[:, i].tolist() for i in range(block.shape[1])), strict=True)
            yield from zip(combos, weights[start : start + 4096].tolist(), strict=True)

    def examples(self, n: int) -> list[tuple[tuple[int, ...], float]]:
        """The first ``n`` hands left, with their weights."""
        return list(islice(self.hands(), n))

    def lines(self) -> Iterator[str]:
        """One hand per line in ASCII (``AsKsQdJd``), with ``:weight`` when it is not 1."""
        for combo, w in self.hands():
            yield format_cards(combo) + ("" if w == 1.0 else f":{w!r}")


@lru_cache(maxsize=1)
def _card_objects() -> np.ndarray:
    """The 52 :class:`Card` objects by number, as a numpy array to gather from."""
    out = np.empty(52, dtype=object)
    out[:] = [Card(i) for i in range(52)]
    return out
