"""Generated Omaha spots shared by the Omaha and Omaha hi/lo equity tests.

A spot is a game, players (``RANDOM`` or weighted hands), a board and dead
cards, small enough for the slow reference of ``reference_games``.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import reference_games as ref
from hypothesis import strategies as st

import pokercalc
from pokercalc.core.cards import format_cards
from pokercalc.ranges.notation import Range

__all__ = [
    "HOLE_CARDS",
    "Player",
    "Spot",
    "feasible",
    "relabel",
    "symmetry_spots",
    "texts",
    "equity_and_relabelled",
]

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


# --- Suit relabelling and seat permutation, for the symmetry tests ---------------

#: A symmetry-test spot: game, hands (None for ``random``), board, dead cards.
SymmetrySpot = tuple[str, list[list[int] | None], list[int], list[int]]


def relabel(cards: list[int], sigma: list[int]) -> list[int]:
    """The cards with suit ``s`` renamed ``sigma[s]``."""
    return [(c & ~3) | sigma[c & 3] for c in cards]


def symmetry_spots(games: tuple[str, ...], random_ok: Callable[[str, int], bool]) -> Any:
    """A hypothesis strategy: a turn or river spot of 2 or 3 players of one of ``games``; one
    player may be ``random`` where ``random_ok(game, board cards)`` says so."""

    @st.composite
    def spots(draw: st.DrawFn) -> SymmetrySpot:
        game = draw(st.sampled_from(games))
        k = HOLE_CARDS[game]
        deck = draw(st.permutations(range(52)))
        board = list(deck[: draw(st.sampled_from([4, 5]))])
        dead = list(deck[len(board) : len(board) + draw(st.integers(0, 2))])
        n = draw(st.integers(2, 3))
        at = len(board) + len(dead)
        hands: list[list[int] | None] = [
            list(deck[at + k * i : at + k * (i + 1)]) for i in range(n)
        ]
        if random_ok(game, len(board)) and draw(st.booleans()):
            hands[draw(st.integers(0, n - 1))] = None
        return game, hands, board, dead

    return spots()


def texts(hands: list[list[int] | None]) -> list[str]:
    """Players as the command line writes them."""
    return ["random" if h is None else format_cards(sorted(h, reverse=True)) for h in hands]


def equity_and_relabelled(
    spot: SymmetrySpot, sigma: list[int], rnd: random.Random
) -> tuple[Any, Any, list[int]]:
    """The exact result of a spot, the result with suits relabelled and seats shuffled, and
    the order of the seats (``order[pos]`` is the original seat now at ``pos``)."""
    game, hands, board, dead = spot
    base = pokercalc.equity(texts(hands), board=board, dead=dead, method="exact", game=game)
    order = list(range(len(hands)))
    rnd.shuffle(order)
    moved_hands = [None if hands[i] is None else relabel(hands[i], sigma) for i in order]
    moved = pokercalc.equity(
        texts(moved_hands),
        board=relabel(board, sigma),
        dead=relabel(dead, sigma),
        method="exact",
        game=game,
    )
    return base, moved, order
