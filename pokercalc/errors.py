"""Errors raised by pokercalc; the CLI turns each into one line and exit status 2."""

from __future__ import annotations

__all__ = [
    "PokercalcError",
    "ParseError",
    "CardConflictError",
    "EmptyRangeError",
    "InputError",
    "InternalError",
]


class PokercalcError(ValueError):
    """Base class of every error pokercalc raises for bad input."""


class ParseError(PokercalcError):
    """Text that does not parse: names the offending text and its position."""

    def __init__(self, message: str, text: str = "", position: int | None = None) -> None:
        self.text = text
        self.position = position
        self.reason = message
        if position is not None and text:
            message = f"{message} at position {position} in {text!r}"
        super().__init__(message)


class CardConflictError(PokercalcError):
    """The same card is in two places (two players, a player and the board, ...)."""


class EmptyRangeError(PokercalcError):
    """A player's distribution has no hand left once board and dead cards are removed."""


class InputError(PokercalcError):
    """Input that parses but cannot be computed (too many players, a bad option value)."""


class InternalError(PokercalcError):
    """An internal consistency check failed: a bug in pokercalc, reported in one line."""
