"""Generated Omaha spots shared by the Omaha and Omaha hi/lo equity tests.

A spot is a game, players (``RANDOM`` or weighted hands), a board and dead
cards, small enough for the slow reference of ``reference_games``.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import reference_games as ref

from pokercalc.core.cards import format_cards
from pokercalc.ranges.notation import Range

__all__ = ["HOLE_CARDS", "Player", "Spot", "feasible"]

#: Hole cards per game, written here and not asked of pokercalc: the tests' own rules.
HOLE_CARDS = {"omaha": 4, "omaha5": 5, "omaha6": 6, "omaha-hilo": 4, "omaha5-hilo": 5}

#: A player: RANDOM, or hands (highest card first) with their weights.
Player = str | tuple[tuple[tuple[int, ...], float], ...]


@dataclass(frozen=True)
class Spot:
    """One generated deal: the game, the players, the board and the dead cards."""

    game: str
    players: tuple[Player, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]

    @property
    def weighted(self) -> bool:
        """True when some hand weighs other than 1."""
        return any(w != 1 for p in self.players if p != ref.RANDOM for _, w in p)

    def weights_matter(self) -> bool:
        """True when a hand weighing other than 1 is dealt in some outcome: then the engine
        reports floats only.  (Weights of hands that can never be dealt change nothing.)"""
        blocked = set(self.board) | set(self.dead)
        lists = [list(p) for p in self.players if p != ref.RANDOM]
        for hands in itertools.product(*lists):
            cards = [c for h, _ in hands for c in h]
            if len(set(cards)) == len(cards) and not blocked & set(cards):
                if any(w != 1 for _, w in hands):
                    return True
        return False

    def texts(self) -> list[str]:
        """Each player as the Omaha grammar writes it: ``random`` or a comma union."""
        return [
            p
            if p == ref.RANDOM
            else ",".join(format_cards(h) + ("" if w == 1 else f":{w}") for h, w in p)
            for p in self.players
        ]

    def ranges(self) -> list[str | Range]:
        """Each player as a Range object (``random`` stays text)."""
        return [
            text
            if p == ref.RANDOM
            else Range.from_combos(text, [h for h, _ in p], [w for _, w in p])
            for p, text in zip(self.players, self.texts(), strict=True)
        ]

    def combos(self) -> list[int]:
        """Hands per player once the board and dead cards are out, as the engine reports them."""
        out = set(self.board) | set(self.dead)
        k = HOLE_CARDS[self.game]
        return [
            math.comb(52 - len(out), k) if p == ref.RANDOM else sum(not out & set(h) for h, _ in p)
            for p in self.players
        ]

    def cli_args(self) -> list[str]:
        """The ``pokercalc equity`` command line for an exact run with JSON output."""
        return [
            "equity",
            " | ".join(self.texts()),
            "--game",
            self.game,
            "--board",
            format_cards(self.board),
            "--dead",
            format_cards(self.dead),
            "--exact",
            "--json",
        ]


def feasible(players: list[Player], blocked: set[int]) -> bool:
    """True when some assignment of the listed players' hands avoids ``blocked`` and each other."""
    lists = [[h for h, _ in p] for p in players if p != ref.RANDOM]
    for hands in itertools.product(*lists):
        cards = [c for h in hands for c in h]
        if len(set(cards)) == len(cards) and not blocked & set(cards):
            return True
    return False
