"""A player's hands: :class:`Range` (listed, with weights) and :class:`DeckRange` (a whole deck).

Every parser returns a :class:`Range`: range notation and pocket queries
with two-card hands, the Omaha language with four to six.

>>> r = Range.from_combos("AK", [("As", "Kd"), ("Ah", "Kh")], [0.5, 1.0])
>>> len(r), r.total_weight, r.class_weights()
(2, 1.5, {'AKo': (1, 0.5), 'AKs': (1, 1.0)})
>>> len(DeckRange("random", 4, (1 << 52) - 1))
270725
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import comb
from operator import index
from typing import cast

from pokercalc._lazy import FieldMethods, record
from pokercalc.core.cards import CardLike, card_mask, format_cards, mask_of, to_cards
from pokercalc.errors import EmptyRangeError
from pokercalc.ranges.combos import COMBO_OF_INDEX, class_name
from pokercalc.ranges.holdem_grammar import space_hint

__all__ = ["Range", "DeckRange"]


@record
class Range(FieldMethods):
    """A player's distribution: specific hands, each with a weight in (0, 1].

    ``combos[i]`` is a hand's card indices, highest first (two cards in
    hold'em and short-deck, four to six in Omaha: the game says how many);
    ``weights[i]`` is its weight (1 unless the range said otherwise).  Combos
    are unique and sorted by their cards in descending order.
    """

    text: str  #: the expression as the user wrote it
    combos: tuple[tuple[int, ...], ...]  #: the specific hands, highest card first
    weights: tuple[float, ...]  #: one weight per combo, in (0, 1]

    def __len__(self) -> int:
        return len(self.combos)

    @property
    def is_weighted(self) -> bool:
        """True when some combo has a weight other than 1."""
        return any(w != 1.0 for w in self.weights)

    @property
    def total_weight(self) -> float:
        """The sum of the weights (the number of combos when unweighted)."""
        return float(sum(self.weights))

    def masks(self) -> list[int]:
        """The 64-bit mask of each combo (computed once per range; not to be modified)."""
        masks: list[int] | None = self.__dict__.get("_masks")
        if masks is None:
            masks = [mask_of(combo) for combo in self.combos]
            object.__setattr__(self, "_masks", masks)
        return masks

    def without(self, cards: Iterable[int], *, player: str | None = None) -> Range:
        """The range with every combo that uses one of ``cards`` removed.

        Raises :class:`EmptyRangeError` naming ``player`` and the blocking cards
        when nothing is left (or naming ``player`` when the range was empty already).
        """
        cards = tuple(map(index, cards))  # indices, or Card objects as results hold them
        if not self.combos:
            who = f"{player} ({self.text!r})" if player else repr(self.text)
            raise EmptyRangeError(f"{who} matches no hand{space_hint(self.text)}")
        blocked = mask_of(cards)
        masks = self.masks()
        keep = [i for i, m in enumerate(masks) if not m & blocked]
        if len(keep) == len(masks):
            return self
        if not keep:
            used = mask_of(c for combo in self.combos for c in combo)
            blockers = [c for c in cards if card_mask(c) & used]
            who = f"{player} ({self.text!r})" if player else repr(self.text)
            raise EmptyRangeError(
                f"{who} has no hand left: all are blocked by {format_cards(blockers)}"
            )
        out = Range(
            self.text, tuple(self.combos[i] for i in keep), tuple(self.weights[i] for i in keep)
        )
        object.__setattr__(out, "_masks", [masks[i] for i in keep])
        return out

    def class_weights(self) -> dict[str, tuple[int, float]]:
        """Per class present (``"AKs"``): its number of combos and the sum of their weights."""
        out: dict[str, tuple[int, float]] = {}
        for (a, b), w in zip(self.combos, self.weights, strict=True):
            name = class_name(a, b)
            n, s = out.get(name, (0, 0.0))
            out[name] = (n + 1, s + w)
        return out

    @classmethod
    def from_combos(
        cls,
        text: str,
        combos: Iterable[str | Sequence[CardLike]],
        weights: Iterable[float] | None = None,
    ) -> Range:
        """Build a range from hands (tuples of card indices, or cards in any form
        :func:`~pokercalc.core.cards.to_cards` reads), normalising their order and dropping
        repeats.

        A combo given twice keeps the weight it was given last.

        >>> Range.from_combos("AK", [("As", "Kd"), "Ks Ad", (45, 51)]).combos
        ((51, 45), (49, 47))
        """
        combos = list(combos)
        ws = list(weights) if weights is not None else [1.0] * len(combos)
        merged: dict[tuple[int, ...], float] = {}
        for combo, w in zip(combos, ws, strict=True):
            plain = all(type(c) is int for c in combo)
            cards = cast("Sequence[int]", combo) if plain else to_cards(combo, "a hand")
            merged[tuple(sorted(cards, reverse=True))] = float(w)
        order = sorted(merged, reverse=True)
        return cls(text, tuple(order), tuple(merged[c] for c in order))

    @classmethod
    def from_weights(cls, text: str, weights: dict[int, float]) -> Range:
        """Build a range from ``{combo_index: weight}``; weights of 0 leave the combo out."""
        keys = sorted((k for k, w in weights.items() if w > 0.0), reverse=True)
        return cls(text, tuple(COMBO_OF_INDEX[k] for k in keys), tuple(weights[k] for k in keys))


@record
class DeckRange(FieldMethods):
    """Every hand of ``hole_cards`` cards from the cards of ``free``, none listed until asked.

    ``random`` in a game of four to six hole cards: C(48, 6) hands would not fit
    in tuples, and Monte Carlo deals such a player from the deck anyway.  The
    equity engine lists the hands (as arrays) only for an exact run.
    """

    text: str  #: the expression as the user wrote it
    hole_cards: int  #: cards per hand
    free: int  #: mask of the cards a hand may use

    @property
    def n_free(self) -> int:
        """Cards a hand may use."""
        return bin(self.free).count("1")

    def __len__(self) -> int:
        return comb(self.n_free, self.hole_cards)

    is_weighted = False

    @property
    def total_weight(self) -> float:
        """The number of hands: every hand weighs 1."""
        return float(len(self))

    def without(self, cards: Iterable[int], *, player: str | None = None) -> DeckRange:
        """The hands that use none of ``cards``."""
        out = DeckRange(self.text, self.hole_cards, self.free & ~mask_of(cards))
        if len(out) == 0:
            who = f"{player} ({self.text!r})" if player else repr(self.text)
            raise EmptyRangeError(f"{who} has no hand left: too few cards remain")
        return out
