"""One validation of the numbers and cards every command and API call takes.

The command line's option types, the Python API and batch lines all call
these, so the same bad value gives the same error and the same message
everywhere: an :class:`~pokercalc.errors.InputError` (or a ``TypeError`` for a
value of the wrong type handed to the API).

>>> check_number("time", 2)
2.0
>>> check_number("time", float("nan"))  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: time must be a finite number, got nan
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pokercalc.core.cards import format_cards, to_cards
from pokercalc.errors import CardConflictError, InputError, quote

__all__ = [
    "LIMITS",
    "MAX_SEED",
    "MAX_TRIALS",
    "SEED_BITS",
    "new_seed",
    "read_number",
    "check_number",
    "check_integer",
    "check_engine_options",
    "MC_OPTIONS",
    "AUTO_OPTIONS",
    "check_method_options",
    "cards_arg",
    "check_board_and_dead",
    "quote",
]

#: Monte Carlo deals are counted in int64 per thread: far below that.
MAX_TRIALS = 2**62
#: Seeds fit in 53 bits, so JSON readers that hold numbers as doubles (jq, JavaScript)
#: read back the very seed that was printed.
SEED_BITS = 53
#: The largest seed, 2**53 - 1 = 9007199254740991.
MAX_SEED: int = 2**SEED_BITS - 1

#: Per numeric option: (lowest, lowest excluded, highest) for floats and integers alike.
LIMITS: dict[str, tuple[float, bool, float]] = {
    "time": (0.0, True, 1e7),  # seconds: up to about four months
    "stderr": (0.0, True, 1.0),  # of an equity, itself a fraction
    "threshold": (0.0, False, 1e30),
    "time_limit": (0.0, True, 1e7),
    "trials": (1, False, MAX_TRIALS),
    "threads": (1, False, 256),
    "seed": (0, False, MAX_SEED),
    "jobs": (1, False, 1024),
    "features": (1, False, 73),  # a flop formula's features, of F1-F73 (texture/features.py)
}


def new_seed() -> int:
    """A random seed for a Monte Carlo run that was given none: 0 to :data:`MAX_SEED`.

    >>> 0 <= new_seed() <= MAX_SEED
    True
    """
    import secrets  # here, not at the top: hashlib's start-up is paid by Monte Carlo alone

    return secrets.randbits(SEED_BITS)


def _bounds_text(name: str) -> str:
    low, open_, high = LIMITS[name]

    def show(x: float) -> str:
        return str(x) if isinstance(x, int) else f"{x:g}"

    low_text = f"above {show(low)}" if open_ else f"at least {show(low)}"
    return f"{low_text} and at most {show(high)}"


def read_number(text: str, *, integer: bool = False) -> int | float:
    """The number ``text`` writes, as Python's ``int()`` or ``float()`` reads ASCII text
    (``1e6``, ``0.5``, ``1_000``); text with any other character (a fullwidth ``１``, an
    Arabic-Indic ``٣``, which ``int()`` would take) is refused, as is text that is no number.
    The value is not range-checked (:func:`check_number`, :func:`check_integer` do that).

    >>> read_number("1e6"), read_number("1_000", integer=True)
    (1000000.0, 1000)
    >>> read_number("\uff11")
    Traceback (most recent call last):
    pokercalc.errors.InputError: '\uff11' is not a number: write it in ASCII, with the digits 0-9
    >>> read_number("1.5", integer=True)
    Traceback (most recent call last):
    pokercalc.errors.InputError: '1.5' is not an integer
    """
    what = "an integer" if integer else "a number"
    if not text.isascii():
        raise InputError(f"{quote(text)} is not {what}: write it in ASCII, with the digits 0-9")
    try:
        return int(text) if integer else float(text)
    except ValueError:
        raise InputError(f"{quote(text)} is not {what}") from None


def check_number(name: str, value: Any) -> float:
    """A finite float option within its :data:`LIMITS` (time, stderr, threshold, time_limit)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    if isinstance(value, int) and abs(value) > 1e308:
        # float() of it would raise OverflowError: an integer of 309 digits or more.
        digits = len(str(abs(value)))
        raise InputError(f"{name} must be {_bounds_text(name)}, got an integer of {digits} digits")
    x = float(value) if not isinstance(value, float) else value
    if not math.isfinite(x):
        raise InputError(f"{name} must be a finite number, got {x}")
    low, open_, high = LIMITS[name]
    if x < low or (open_ and x == low) or x > high:
        raise InputError(f"{name} must be {_bounds_text(name)}, got {x:g}")
    return x


def check_integer(name: str, value: Any) -> int:
    """An integer option within its :data:`LIMITS` (trials, threads, seed, jobs, features)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    low, _, high = LIMITS[name]
    if not low <= value <= high:
        raise InputError(f"{name} must be {_bounds_text(name)}, got {value}")
    return value


def check_engine_options(*, method: str | None = None, **options: Any) -> dict[str, Any]:
    """The engine options that are not None, checked; the others left out.

    With ``method`` given, :func:`check_method_options` also refuses Monte Carlo
    options that method cannot use (``method`` itself is not in the answer).
    """
    out = {}
    for name, value in options.items():
        if value is None:
            continue
        integer = isinstance(LIMITS[name][0], int)
        out[name] = check_integer(name, value) if integer else check_number(name, value)
    check_method_options(method, out)
    return out


#: The engine options only Monte Carlo uses: a run forced to enumerate could only ignore them.
MC_OPTIONS = ("trials", "time", "stderr", "seed")
#: The engine options only method ``"auto"`` uses, to choose between enumerating and sampling:
#: a run whose method is given (``"exact"`` or ``"mc"``) could only ignore them.
AUTO_OPTIONS = ("threshold",)


def check_method_options(
    method: str | None,
    options: Mapping[str, Any],
    *,
    exact: str = "method 'exact'",
    mc: str = "method 'mc'",
    names: Mapping[str, str] | None = None,
) -> None:
    """Refuse options (not None in ``options``) that ``method`` would silently ignore:
    Monte Carlo ones (:data:`MC_OPTIONS`) with ``"exact"``, and those of the automatic
    choice (:data:`AUTO_OPTIONS`) with ``"exact"`` or ``"mc"``; ``exact``, ``mc`` and
    ``names`` (option name to the name the user wrote, such as ``--trials``) word the
    one-line error.

    ``"auto"`` may run Monte Carlo, so it takes them all.

    >>> check_method_options("auto", {"trials": 100, "seed": 1, "threshold": 1e6})
    >>> check_method_options("exact", {"trials": 100, "seed": 1})
    Traceback (most recent call last):
    pokercalc.errors.InputError: method 'exact' excludes trials and seed, which are for Monte Carlo
    >>> check_method_options("exact", {"time": 2}, exact="--exact", names={"time": "--time"})
    Traceback (most recent call last):
    pokercalc.errors.InputError: --exact excludes --time, which is for Monte Carlo
    >>> check_method_options("mc", {"threshold": 1e6})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    pokercalc.errors.InputError: method 'mc' excludes threshold, which is for the automatic ...
    """
    if method not in ("exact", "mc"):
        return
    said = exact if method == "exact" else mc
    for which, purpose in (
        (MC_OPTIONS if method == "exact" else (), "for Monte Carlo"),
        (AUTO_OPTIONS, "for the automatic choice of method"),
    ):
        given = [(names or {}).get(n, n) for n in which if options.get(n) is not None]
        if given:
            listed = given[0] if len(given) == 1 else f"{', '.join(given[:-1])} and {given[-1]}"
            verb = "which is" if len(given) == 1 else "which are"
            raise InputError(f"{said} excludes {listed}, {verb} {purpose}")


def cards_arg(cards: Any, what: str) -> tuple[int, ...]:
    """Board or dead cards as given to the API, read by :func:`~pokercalc.core.cards.to_cards`
    (a string, or a sequence of card strings, :class:`~pokercalc.core.cards.Card` objects or
    indices); distinct cards."""
    return to_cards(cards, what)


def check_board_and_dead(
    board: Any, dead: Any, *, sizes: tuple[int, ...] = (0, 3, 4, 5), game: Any = None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Parsed board and dead cards: a legal board size, no card in both, all in the game's deck."""
    if type(board) is str and type(dead) is str:
        return _checked_texts(board, dead, sizes, game)
    return _checked(board, dead, sizes, game)


@lru_cache(maxsize=256)
def _checked_texts(
    board: str, dead: str, sizes: tuple[int, ...], game: Any
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`_checked` of text, which reads the same every call: a loop over spots that
    repeats a board checks it once (a bad one raises every time: errors are not kept)."""
    return _checked(board, dead, sizes, game)


def _checked(
    board: Any, dead: Any, sizes: tuple[int, ...], game: Any
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`check_board_and_dead`, checked."""
    b, d = cards_arg(board, "board"), cards_arg(dead, "dead")
    if b and game is not None and game.board_cards == 0:
        raise InputError(
            f"{game.name} has no board: give each player's cards, and folded players' cards "
            "as dead cards"
        )
    if game is not None and game.outside_mask:
        from .cards import card_mask

        for what, cards in (("board", b), ("dead", d)):
            missing = [c for c in cards if card_mask(c) & game.outside_mask]
            if missing:
                raise InputError(
                    f"{what}: {format_cards(missing[:1])} is not in the {game.deck_size}-card "
                    f"{game.name} deck"
                )
    if len(b) not in sizes:
        allowed = ", ".join(str(n) for n in sizes[:-1]) + f" or {sizes[-1]}"
        raise InputError(f"a board has {allowed} cards, got {len(b)}")
    both = set(b) & set(d)
    if both:
        raise CardConflictError(f"{format_cards(sorted(both))} is both on the board and dead")
    return b, d
