"""Reading hand histories: files and folders, formats, and each hand's text parsed.

PHH and PHHS text written one field a line is read by a few regular expressions
(:func:`quick_hand`); anything else, and the online sites' text exports, by pokerkit,
imported only when a hand needs it.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from pokercalc.errors import InputError

if TYPE_CHECKING:
    from pokerkit import HandHistory

__all__ = [
    "EXTRA", "FORMATS", "QUICK_FIELDS", "QuickHand", "decode", "detect_format",
    "iter_sources", "parse_parts", "quick_hand", "read_hands", "read_source",
    "require_pokerkit", "split_hands", "split_phhs",
]  # fmt: skip

#: The pip extra that brings pokerkit.
EXTRA = "pokercalc[history]"


def require_pokerkit() -> Any:
    """The pokerkit module, or an :class:`InputError` naming the extra that installs it."""
    try:
        import pokerkit
    except ImportError:
        raise InputError(f"reading hand histories needs pokerkit: pip install '{EXTRA}'") from None
    return pokerkit


_SECTION = re.compile(r"^\[\s*(\d+)\s*\]\s*$", re.MULTILINE)


def iter_sources(paths: Iterable[str]) -> Iterator[str]:
    """The files named, directories walked recursively for ``.phh``, ``.phhs`` (and the
    sites' ``.txt`` and ``.xml`` exports) files in name order; ``-`` is standard input."""
    for path in paths:
        if path != "-" and os.path.isdir(path):
            for folder, subfolders, files in os.walk(path):
                subfolders.sort()
                for name in sorted(files):
                    if name.endswith((".phh", ".phhs", ".txt", ".xml")):
                        yield os.path.join(folder, name)
        else:
            yield path


def split_phhs(text: str) -> list[tuple[int, str]]:
    """A PHHS text's hands as ``(index, text)``; a PHH text is one hand, index 1."""
    marks = list(_SECTION.finditer(text))
    if not marks:
        return [(1, text)]
    out = []
    for k, mark in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        out.append((int(mark.group(1)), text[mark.end() : end]))
    return out


def read_hands(text: str) -> Iterator[tuple[int, HandHistory | Exception]]:
    """Each hand of a PHH or PHHS text, parsed by pokerkit, or the error that refused it."""
    return parse_parts(split_phhs(text))


class QuickHand:
    """The fields of a hand that its replay from the actions reads, from a quick reading of
    its text; pokerkit reads the text only if its full replay is needed."""

    variant: Any = None
    starting_stacks: Any = None
    antes: Any = None
    blinds_or_straddles: Any = None
    bring_in: Any = None
    small_bet: Any = None
    big_bet: Any = None
    actions: Any = None
    players: Any = None
    hand: Any = None
    winnings: Any = None
    finishing_stacks: Any = None
    ante_trimming_status: Any = None

    def __init__(self, text: str) -> None:
        self.text = text

    @property
    def state_actions(self) -> Any:
        """pokerkit's replay of the hand (its states and actions)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return require_pokerkit().HandHistory.loads(self.text).state_actions


#: The fields :class:`QuickHand` reads, and how: a string, a number, a list of either, a
#: boolean.
QUICK_FIELDS = {
    "variant": "str", "starting_stacks": "nums", "antes": "nums",
    "blinds_or_straddles": "nums", "bring_in": "num", "small_bet": "num", "big_bet": "num",
    "actions": "strs", "players": "strs", "hand": "any", "winnings": "nums",
    "finishing_stacks": "nums", "ante_trimming_status": "bool",
}  # fmt: skip
_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)$")
_NUMBER = re.compile(r"^-?[0-9]+(\.[0-9]+)?$")
_STRING = re.compile(r"""^(?:'([^'\n]*)'|"([^"\\\n]*)")$""")
_ITEM = re.compile(r"""\s*('[^'\n]*'|"[^"\\\n]*"|[^,'"\s]+)\s*(?:,|$)""")
_TRIPLE = ("'" * 3, '"' * 3)


#: A whole list of numbers or of plain strings, read with one match and one scan (a hand's
#: actions are the most of its text): anything else is read item by item.
_NUM_LIST = re.compile(r"\s*(?:-?[0-9]+(?:\.[0-9]+)?\s*(?:,\s*|$))*")
_STR_LIST = re.compile(r"""\s*(?:(?:'[^'\n]*'|"[^"\\\n]*")\s*(?:,\s*|$))*""")
_STR_ITEMS = re.compile("'([^'\\n]*)'|\"([^\"\\\\\\n]*)\"")


def _quick_value(text: str, kind: str) -> Any:
    """A field's value as :class:`QuickHand` reads it; ValueError for anything else."""
    if kind in ("nums", "strs"):
        if not (text.startswith("[") and text.endswith("]")):
            raise ValueError(text)
        inner = text[1:-1].strip()
        if kind == "nums" and _NUM_LIST.fullmatch(inner):
            return [
                Decimal(t) if "." in t else int(t) for t in map(str.strip, inner.split(",")) if t
            ]
        if kind == "strs" and _STR_LIST.fullmatch(inner):
            return [m[1] if m[1] is not None else m[2] for m in _STR_ITEMS.finditer(inner)]
        items: list[Any] = []
        pos = 0
        while pos < len(inner):
            m = _ITEM.match(inner, pos)
            if m is None or m.end() == pos:
                raise ValueError(text)
            items.append(_quick_value(m.group(1), "str" if kind == "strs" else "num"))
            pos = m.end()
        return items
    if kind == "bool":
        if text not in ("true", "false"):
            raise ValueError(text)
        return text == "true"
    if kind == "str":
        m = _STRING.match(text)
        if m is None:
            raise ValueError(text)
        return m.group(1) if m.group(1) is not None else m.group(2)
    if kind == "num":
        if not _NUMBER.match(text):
            raise ValueError(text)
        return Decimal(text) if "." in text else int(text)
    return _quick_value(text, "num" if _NUMBER.match(text) else "str")


def quick_hand(text: str) -> QuickHand | None:
    """A hand written one field a line, read without TOML's full grammar; None for anything
    else (a value over several lines, an escape, a comment after a value), which pokerkit
    then reads."""
    hand = QuickHand(text)
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        m = _LINE.match(stripped)
        if m is None:
            return None
        key, value = m.group(1), m.group(2)
        kind = QUICK_FIELDS.get(key)
        if kind is None:
            # A field not read: it must end on its line (a list closed, a string closed).
            if value.startswith("[") and not value.endswith("]"):
                return None
            if value[:3] in _TRIPLE and (len(value) < 6 or value[-3:] != value[:3]):
                return None
            continue
        try:
            setattr(hand, key, _quick_value(value, kind))
        except ValueError:
            return None
    if hand.variant is None or hand.starting_stacks is None or hand.actions is None:
        return None
    return hand


#: The formats read, with the pokerkit parser of each online site's text export.
FORMATS = {
    "phh": None,
    "pokerstars": "PokerStarsParser",
    "fulltilt": "FullTiltPokerParser",
    "ipoker": "IPokerNetworkParser",
    "ongame": "OngameNetworkParser",
    "partypoker": "PartyPokerParser",
    "absolute": "AbsolutePokerParser",
}
#: How each format's text begins a hand (a line's start), in the order they are tried.
_SIGNATURES = (
    ("phh", re.compile(r"^\s*(\[\s*\d+\s*\]|variant\s*=)", re.MULTILINE)),
    ("pokerstars", re.compile(r"^PokerStars ", re.MULTILINE)),
    ("fulltilt", re.compile(r"^Full Tilt Poker Game #", re.MULTILINE)),
    ("ipoker", re.compile(r'^<game gamecode="', re.MULTILINE)),
    ("ongame", re.compile(r"^\*\*\*\*\* History for hand ", re.MULTILINE)),
    ("partypoker", re.compile(r"^Game #", re.MULTILINE)),
    ("absolute", re.compile(r"^Stage #", re.MULTILINE)),
)


def detect_format(text: str) -> str | None:
    """The format of a hand history text (a key of :data:`FORMATS`), or None.

    >>> detect_format("[1]\\nvariant = 'NT'\\n"), detect_format("PokerStars Hand #1: ...")
    ('phh', 'pokerstars')
    """
    for name, pattern in _SIGNATURES:
        if pattern.search(text, 0, 1 << 16):
            return name
    return None


def split_hands(text: str, fmt: str) -> list[tuple[int, str]]:
    """A text's hands in ``fmt`` as ``(index, text)``, 1 up."""
    parser = FORMATS.get(fmt)
    if parser is None:
        return split_phhs(text)
    pattern = getattr(require_pokerkit().notation, parser).HAND
    return [(k + 1, h) for k, h in enumerate(pattern.findall(text + "\n\n\n"))]


def parse_parts(
    parts: Iterable[tuple[int, str]], fmt: str = "phh"
) -> Iterator[tuple[int, HandHistory | Exception]]:
    """Each hand's text, with its index, read quickly or parsed by pokerkit, or the error that
    refused it."""
    pokerkit = require_pokerkit()
    parser = FORMATS.get(fmt)
    if parser is None:
        site = None
    else:
        from pokercalc.pipelines.history.sites import site_parser

        site = site_parser(parser)
    for index, chunk in parts:
        if site is not None:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    yield index, site._parse(chunk, pokerkit.notation.parse_value)
            except Exception as e:
                yield index, e
            continue
        quick = quick_hand(chunk)
        if quick is not None:
            yield index, quick  # type: ignore[misc]
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                yield index, pokerkit.HandHistory.loads(chunk)
        except Exception as e:  # (pokerkit and tomllib raise many kinds)
            yield index, e


def decode(data: bytes) -> str:
    """A file's bytes as text: UTF-8 (a byte-order mark skipped), else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_source(path: str, stdin: Any = None) -> str:
    """The text of a file, or of standard input for ``-``."""
    if path == "-":
        import sys

        stream = stdin if stdin is not None else sys.stdin
        data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
        return data if isinstance(data, str) else decode(data)
    with open(path, "rb") as f:
        return decode(f.read())
