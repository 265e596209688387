"""Reading hand histories: files and folders, formats, and each hand's text parsed.

PHH and PHHS text written one field a line is read by a few regular expressions
(:func:`quick_hand`); anything else, and the online sites' text exports, by pokerkit,
imported only when a hand needs it.
"""

from __future__ import annotations

import codecs
import math
import os
import re
import warnings
from collections.abc import Generator, Iterable, Iterator
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from pokercalc.errors import InputError

if TYPE_CHECKING:
    from pokerkit import HandHistory

__all__ = [
    "CHUNK_BYTES", "DETECT_CHARS", "EXTRA", "FORMATS", "QUICK_FIELDS", "QuickHand",
    "check_pokerkit", "decode", "detect_format", "iter_hands", "iter_phhs", "iter_sources",
    "iter_text", "parse_parts", "quick_hand", "read_hands", "read_source", "require_pokerkit",
    "split_hands", "split_phhs",
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


def check_pokerkit() -> None:
    """An :class:`InputError` naming the extra unless pokerkit can be imported; it is not
    imported (a hand read quickly needs none of it)."""
    import importlib.util

    try:
        found = importlib.util.find_spec("pokerkit") is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        require_pokerkit()


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
    return list(iter_phhs([text]))


def iter_phhs(chunks: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The hands of a PHHS text given in chunks, as :func:`split_phhs` gives them, each as
    soon as the chunks hold it: a text is never held whole, only the hand being read and
    one chunk.  A text without a section is one hand, index 1 (held whole: it is one)."""
    buf = ""
    start: int | None = None  # where the section being read begins, None before the first
    index = 0
    for chunk, done in _then_end(chunks):
        buf += chunk
        for mark in _SECTION.finditer(buf, start or 0):
            # A mark is final once a later character ends its trailing blanks (``\s*$``).
            if not done and _NOT_SPACE.search(buf, mark.end()) is None:
                break
            if start is not None:
                yield index, buf[start : mark.start()]
            index, start = int(mark.group(1)), mark.end()
        if start:
            # (A mark ends where a newline follows: the ``^`` of the next one cannot
            # match at the new beginning.)
            buf, start = buf[start:], 0
    yield (1, buf) if start is None else (index, buf[start:])


_NOT_SPACE = re.compile(r"\S")


def _then_end(chunks: Iterable[str], end: str = "") -> Iterator[tuple[str, bool]]:
    """Each non-empty chunk with False, then ``end`` with True: the splitters add what comes
    to what they hold, and at the end take every hand left."""
    for chunk in chunks:
        if chunk:
            yield chunk, False
    yield end, True


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
    currency: Any = None
    currency_symbol: Any = None
    venue: Any = None

    #: The fields the replay may set anew (stacks not recorded, dead posts), which
    #: pokerkit's replay must see too.
    REPLAYED = ("starting_stacks", "antes", "blinds_or_straddles")

    def __init__(self, text: str) -> None:
        self.text = text

    @property
    def state_actions(self) -> Any:
        """pokerkit's replay of the hand (its states and actions)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            hh = require_pokerkit().HandHistory.loads(self.text)
            for name in self.REPLAYED:
                if getattr(self, name) is not None:
                    setattr(hh, name, getattr(self, name))
            return hh.state_actions


#: The fields :class:`QuickHand` reads, and how: a string, a number, a list of either, a
#: boolean.
QUICK_FIELDS = {
    "variant": "str", "starting_stacks": "nums", "antes": "nums",
    "blinds_or_straddles": "nums", "bring_in": "num", "small_bet": "num", "big_bet": "num",
    "actions": "strs", "players": "strs", "hand": "any", "winnings": "nums",
    "finishing_stacks": "nums", "ante_trimming_status": "bool", "currency": "str",
    "currency_symbol": "str", "venue": "str",
}  # fmt: skip
_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)$")
_NUMBER = re.compile(r"^-?[0-9]+(\.[0-9]+)?$")
_STRING = re.compile(r"""^(?:'([^'\n]*)'|"([^"\\\n]*)")$""")
_ITEM = re.compile(r"""\s*('[^'\n]*'|"[^"\\\n]*"|[^,'"\s]+)\s*(?:,|$)""")
_TRIPLE = ("'" * 3, '"' * 3)


#: A whole list of numbers or of plain strings, read with one match and one scan (a hand's
#: actions are the most of its text): anything else is read item by item.
_NUM_LIST = re.compile(r"\s*(?:(?:-?[0-9]+(?:\.[0-9]+)?|inf)\s*(?:,\s*|$))*")
_STR_LIST = re.compile(r"""\s*(?:(?:'[^'\n]*'|"[^"\\\n]*")\s*(?:,\s*|$))*""")
_STR_ITEMS = re.compile("'([^'\\n]*)'|\"([^\"\\\\\\n]*)\"")


def _number(text: str) -> Any:
    """A number as TOML reads it, a decimal one as a Decimal (``inf``: a stack not recorded)."""
    if text == "inf":
        return math.inf
    return Decimal(text) if "." in text else int(text)


def _quick_value(text: str, kind: str) -> Any:
    """A field's value as :class:`QuickHand` reads it; ValueError for anything else."""
    if kind in ("nums", "strs"):
        if not (text.startswith("[") and text.endswith("]")):
            raise ValueError(text)
        inner = text[1:-1].strip()
        if kind == "nums" and _NUM_LIST.fullmatch(inner):
            return [_number(t) for t in map(str.strip, inner.split(",")) if t]
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


def _common_value(text: str, kind: str) -> Any:
    """A list as PHHS files write it (numbers, or strings in single quotes, after a comma
    and a space), read by splitting it, or None for :func:`_quick_value` to read: the same
    values."""
    if not (text.startswith("[") and text.endswith("]")):
        return None
    if kind == "strs":
        # (An item holds no quote: a split at "', '" finds every item, and only them.)
        if len(text) < 4 or text[1] != "'" or text[-2] != "'":
            return None
        items = text[2:-2].split("', '")
        return None if any("'" in t for t in items) else items
    numbers: list[Any] = []
    for t in text[1:-1].split(","):
        t = t.strip()
        if t.isdigit() and t.isascii():
            numbers.append(int(t))
        elif _NUMBER.match(t):
            numbers.append(Decimal(t) if "." in t else int(t))
        else:
            return None
    return numbers


def quick_hand(text: str) -> QuickHand | None:
    """A hand written one field a line, read without TOML's full grammar; None for anything
    else (a value over several lines, an escape, a comment after a value), which pokerkit
    then reads."""
    hand = QuickHand(text)
    fields = QUICK_FIELDS
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped[0] == "#":
            continue
        # (What _LINE reads: an identifier, an equals sign, a value; blanks around them.)
        key, equals, value = stripped.partition("=")
        key = key.rstrip()
        value = value.lstrip()
        kind = fields.get(key)
        if kind is None:
            if not (equals and key.isidentifier() and key.isascii()):
                return None
            # A field not read: it must end on its line (a list closed, a string closed).
            if value.startswith("[") and not value.endswith("]"):
                return None
            if value[:3] in _TRIPLE and (len(value) < 6 or value[-3:] != value[:3]):
                return None
            continue
        if not equals:
            return None
        if kind in ("nums", "strs"):
            read = _common_value(value, kind)
            if read is not None:
                setattr(hand, key, read)
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
    ("ipoker", re.compile(r'^[ \t]*<game gamecode="', re.MULTILINE)),
    ("ongame", re.compile(r"^\*\*\*\*\* History for hand ", re.MULTILINE)),
    ("partypoker", re.compile(r"^(?:Game #|\*\*\*\*\* Hand History for Game )", re.MULTILINE)),
    ("absolute", re.compile(r"^Stage #", re.MULTILINE)),
)


#: The characters at a text's beginning that tell its format.
DETECT_CHARS = 1 << 16


def detect_format(text: str) -> str | None:
    """The format of a hand history text (a key of :data:`FORMATS`), or None, told by its
    first :data:`DETECT_CHARS` characters.

    >>> detect_format("[1]\\nvariant = 'NT'\\n"), detect_format("PokerStars Hand #1: ...")
    ('phh', 'pokerstars')
    """
    for name, pattern in _SIGNATURES:
        if pattern.search(text, 0, DETECT_CHARS):
            return name
    return None


def split_hands(text: str, fmt: str) -> list[tuple[int, str]]:
    """A text's hands in ``fmt`` as ``(index, text)``, 1 up."""
    return list(iter_hands([text], fmt))


#: Characters past a site's hand that its pattern's look-ahead reads, at most.
_LOOK_AHEAD = 64


def iter_hands(chunks: Iterable[str], fmt: str) -> Iterator[tuple[int, str]]:
    """The hands of a text in ``fmt`` given in chunks, as :func:`split_hands` gives them,
    each as soon as the chunks hold it (only the hand being read and one chunk held)."""
    parser = FORMATS.get(fmt)
    if parser is None:
        yield from iter_phhs(chunks)
        return
    require_pokerkit()
    from pokercalc.pipelines.history.sites import site_parser

    pattern = site_parser(parser).HAND
    buf = ""
    pos = 0
    index = 0
    # (the end as the sites' parsers read a whole text)
    for chunk, done in _then_end(chunks, "\n\n\n"):
        buf += chunk
        last = pos
        for m in pattern.finditer(buf, pos):
            # A hand is final when what its pattern looks ahead at is all read (a hand
            # ending at the end of what is read may go on).
            if not done and m.end() > len(buf) - _LOOK_AHEAD:
                break
            index += 1
            yield index, m.group(0)
            last = m.end()
        # One character kept before the next search, for its ``^``.
        keep = max(last - 1, 0)
        buf, pos = buf[keep:], last - keep


def parse_parts(
    parts: Iterable[tuple[int, str]], fmt: str = "phh"
) -> Iterator[tuple[int, HandHistory | Exception]]:
    """Each hand's text, with its index, read quickly or parsed by pokerkit, or the error that
    refused it."""
    check_pokerkit()
    parser = FORMATS.get(fmt)
    pokerkit: Any = None if parser is None else require_pokerkit()
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
        pokerkit = pokerkit or require_pokerkit()
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
    return "".join(iter_text(path, stdin))


#: Bytes read at a time: with the hand being read, the most of a file held at once.
CHUNK_BYTES = 1 << 20


def iter_text(path: str, stdin: Any = None, size: int | None = None) -> Generator[str, None, None]:
    """The text of a file, or of standard input for ``-``, a chunk at a time, decoded as
    :func:`decode` decodes the whole: a file is read twice (is it UTF-8 throughout?);
    standard input, read once, turns Latin-1 where it stops being UTF-8 (the same as
    the whole when what came before is ASCII).  ``size``: bytes read at a time (default
    :data:`CHUNK_BYTES`).  OSError when it cannot be read."""
    size = size or CHUNK_BYTES
    if path == "-":
        import sys

        stream = stdin if stdin is not None else sys.stdin
        yield from _stream_text(getattr(stream, "buffer", stream), size)
        return
    with open(path, "rb") as f:
        encoding = "utf-8-sig"
        decoder = codecs.getincrementaldecoder(encoding)()
        try:
            while block := f.read(size):
                decoder.decode(block)
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            encoding = "latin-1"
        f.seek(0)
        decoder = codecs.getincrementaldecoder(encoding)()
        while block := f.read(size):
            yield decoder.decode(block)
        yield decoder.decode(b"", final=True)


def _stream_text(stream: Any, size: int) -> Iterator[str]:
    """A stream's text a chunk at a time (see :func:`iter_text`)."""
    try:
        block = stream.read(size)
    except TypeError:  # (a stream that reads only whole)
        whole = stream.read()
        yield whole if isinstance(whole, str) else decode(whole)
        return
    if isinstance(block, str):
        while block:
            yield block
            block = stream.read(size)
        return
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    latin = False
    while True:
        if latin:
            text = block.decode("latin-1")
        else:
            pending = decoder.getstate()[0]
            try:
                text = decoder.decode(block, final=not block)
            except UnicodeDecodeError:
                latin = True
                text = (pending + block).decode("latin-1")
        yield text
        if not block:
            return
        block = stream.read(size)
