"""Hand ranges: weighted sets of specific two-card hands, and card removal.

(The range-notation parser is being written; see issue 3.)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import card_mask, format_cards, mask_of
from .errors import EmptyRangeError

__all__ = ["Range", "combo_index", "ALL_COMBOS"]

#: every two-card hand as (high card, low card) by index, 1,326 of them
ALL_COMBOS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(51, -1, -1) for b in range(a - 1, -1, -1)
)


def combo_index(c1: int, c2: int) -> int:
    """A unique index 0..1325 of the two-card hand {c1, c2}."""
    hi, lo = (c1, c2) if c1 > c2 else (c2, c1)
    return hi * (hi - 1) // 2 + lo


@dataclass(frozen=True)
class Range:
    """A player's distribution: specific two-card hands, each with a weight in (0, 1].

    ``combos[i]`` is ``(high card, low card)`` by index; ``weights[i]`` is its
    weight (1 unless the range said otherwise).  Combos are unique and sorted
    by descending high card, then low card.
    """

    text: str  #: the expression as the user wrote it
    combos: tuple[tuple[int, int], ...]  #: the specific hands, high card first
    weights: tuple[float, ...]  #: one weight per combo, in (0, 1]

    def __len__(self) -> int:
        return len(self.combos)

    @property
    def is_weighted(self) -> bool:
        """True when some combo has a weight other than 1."""
        return any(w != 1.0 for w in self.weights)

    def masks(self) -> list[int]:
        """The 64-bit mask of each combo."""
        return [card_mask(a) | card_mask(b) for a, b in self.combos]

    def without(self, cards: Iterable[int], *, player: str | None = None) -> Range:
        """The range with every combo that uses one of ``cards`` removed.

        Raises :class:`EmptyRangeError` naming ``player`` and the blocking cards
        when nothing is left.
        """
        cards = tuple(cards)
        blocked = mask_of(cards)
        keep = [i for i, m in enumerate(self.masks()) if not m & blocked]
        if not keep and self.combos:
            who = f"{player} ({self.text!r})" if player else repr(self.text)
            raise EmptyRangeError(
                f"{who} has no hand left: all are blocked by {format_cards(cards)}"
            )
        return Range(
            self.text, tuple(self.combos[i] for i in keep), tuple(self.weights[i] for i in keep)
        )

    @classmethod
    def from_combos(
        cls, text: str, combos: Iterable[tuple[int, int]], weights: Iterable[float] | None = None
    ) -> Range:
        """Build a range from (card, card) pairs, normalising their order and dropping repeats.

        A combo given twice keeps the weight it was given last.
        """
        combos = list(combos)
        ws = list(weights) if weights is not None else [1.0] * len(combos)
        merged: dict[tuple[int, int], float] = {}
        for (a, b), w in zip(combos, ws, strict=True):
            merged[(a, b) if a > b else (b, a)] = float(w)
        order = sorted(merged, key=lambda c: (-c[0], -c[1]))
        return cls(text, tuple(order), tuple(merged[c] for c in order))
