"""Errors raised by pokercalc; the CLI turns each into one line and exit status 2."""

from __future__ import annotations

__all__ = [
    "install_hint",
    "quote",
    "PokercalcError",
    "ParseError",
    "CardConflictError",
    "EmptyRangeError",
    "InputError",
    "InternalError",
]


def install_hint(extra: str) -> str:
    """How to install an optional extra, from an index and from a checkout of pokercalc (where
    ``pokercalc[EXTRA]`` would be looked for on the index, not in the checkout).

    >>> install_hint("plot")
    "python -m pip install 'pokercalc[plot]' (from a checkout: python -m pip install '.[plot]')"
    """
    return (
        f"python -m pip install 'pokercalc[{extra}]' "
        f"(from a checkout: python -m pip install '.[{extra}]')"
    )


class PokercalcError(ValueError):
    """Base class of every error pokercalc raises for bad input."""


#: How much of an offending input an error message quotes.
QUOTE_CHARS = 60


def quote(text: str, limit: int = QUOTE_CHARS, around: int | None = None) -> str:
    """``repr`` of ``text``, cut to about ``limit`` characters with ellipses.

    With ``around`` (a position in ``text``) the excerpt is centred there, so a
    message about a long input still shows the place it names.
    """
    if len(text) <= limit:
        return repr(text)
    start = 0 if around is None else max(0, min(around - limit // 2, len(text) - limit))
    excerpt = repr(text[start : start + limit])
    return ("..." if start else "") + excerpt + ("..." if start + limit < len(text) else "")


class ParseError(PokercalcError):
    """Text that does not parse: names the offending text and its position."""

    def __init__(self, message: str, text: str = "", position: int | None = None) -> None:
        self.text = text
        self.position = position
        self.reason = message
        if position is not None and text:
            message = f"{message} at position {position} in {quote(text, around=position)}"
        super().__init__(message)


class CardConflictError(PokercalcError):
    """The same card is in two places (two players, a player and the board, ...)."""


class EmptyRangeError(PokercalcError):
    """A player's distribution has no hand left once board and dead cards are removed."""


class InputError(PokercalcError):
    """Input that parses but cannot be computed (too many players, a bad option value)."""


class InternalError(PokercalcError):
    """An internal consistency check failed: a bug in pokercalc, reported in one line."""
