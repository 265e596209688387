"""The results of ``pokercalc history``: per hand, per player, and the run's totals."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from pokercalc.core.results import COUNT, GAME, NUMBER, Result, doc

__all__ = ["PotShare", "HandRecord", "PlayerTotal", "HandError", "HistoryResult", "chips"]


def chips(value: Fraction | Decimal | float | int) -> float:
    """A chip amount as written in the output (a float rounded to a millionth)."""
    return round(float(value), 6)


@dataclass(frozen=True, kw_only=True)
class PotShare(Result):
    """One pot at the all-in spot and how its eligible players share it."""

    amount: float = doc("the pot's size in chips (before rake)", NUMBER)
    players: tuple[str, ...] = doc("the players eligible to win it")
    equities: tuple[float, ...] = doc("each eligible player's equity in it, in that order")
    method: str | None = doc('"exact" or "mc" as computed; None for a pot one player is alone in')


@dataclass(frozen=True, kw_only=True)
class HandRecord(Result):
    """One hand: what each player put in, was paid, and would have got at the all-in spot."""

    source: str = doc("the file the hand came from (- for standard input)")
    index: int = doc("the hand's index in its file, 1 up", COUNT)
    hand: str | None = doc("the hand's id in the file, if it gives one")
    variant: str = doc("the PHH variant code (NT, PO, F7S, ...)")
    game: str | None = doc("the pokercalc game it is played as", GAME)
    status: str = doc('"all-in" when adjusted, else why not ("no all-in", "cards unknown", ...)')
    players: tuple[str, ...] = doc("the players' names, in seat order of the file")
    cards: tuple[str, ...] = doc(
        "each player's cards at the all-in spot ('' for players not in or not known)"
    )
    board: str = doc("the board at the all-in spot")
    dead: str = doc("cards out of play at the spot (stud: folded players' up cards)")
    pots: tuple[PotShare, ...] = doc("the pots at the all-in spot, main pot first")
    big_blind: float = doc("the big blind (the small bet in games without blinds)", NUMBER)
    put_in: tuple[float, ...] = doc("what each player put in, after uncalled bets came back")
    actual: tuple[float, ...] = doc("each player's actual net: what the pots paid minus put_in")
    adjusted: tuple[float, ...] = doc(
        "each player's all-in adjusted net (the actual net when status is not all-in)"
    )
    rake: float = doc("what the pots held beyond what they paid", NUMBER)


@dataclass(frozen=True, kw_only=True)
class PlayerTotal(Result):
    """One player's totals over the hands read."""

    player: str = doc("the player's name")
    hands: int = doc("hands played", COUNT)
    allin_hands: int = doc("hands all-in adjusted", COUNT)
    actual: float = doc("actual net in chips", NUMBER)
    adjusted: float = doc("all-in adjusted net in chips", NUMBER)
    difference: float = doc("actual minus adjusted, in chips (positive: ran above equity)", NUMBER)
    actual_bb: float = doc("actual net in big blinds", NUMBER)
    adjusted_bb: float = doc("all-in adjusted net in big blinds", NUMBER)
    difference_bb: float = doc("actual minus adjusted, in big blinds", NUMBER)


@dataclass(frozen=True, kw_only=True)
class HandError(Result):
    """A hand that could not be read or replayed."""

    source: str = doc("the file")
    index: int = doc("the hand's index in the file, 1 up (0: the whole file)", COUNT)
    message: str = doc("what was wrong")


@dataclass(frozen=True, kw_only=True)
class HistoryResult(Result):
    """All-in adjusted and actual winnings over hand histories."""

    players: tuple[PlayerTotal, ...] = doc(
        "one row per player, by name; CSV: one row per player", table=True
    )
    hands_read: int = doc("hands read, bad ones included", COUNT)
    hands_used: int = doc("hands counted (adjusted or at their actual net)", COUNT)
    allin_hands: int = doc("hands all-in adjusted", COUNT)
    skipped: dict[str, int] = doc(
        'hands counted at their actual net, or not at all ("error"), by reason', csv=False
    )
    rake: float = doc("rake over the hands counted", NUMBER, csv=False)
    spots: int = doc(
        "distinct all-in spots (game, cards, board and dead cards) among the hands",
        COUNT,
        csv=False,
    )
    errors: tuple[HandError, ...] = doc("the hands that could not be read", csv=False)
    hands: tuple[HandRecord, ...] = doc(
        "the all-in hands (with --hands, every hand asked for)", csv=False
    )
    interrupted: bool = doc("a signal stopped the run: the totals hold the hands done", csv=False)
