"""The weight syntax of both range languages: ``AKs:0.5`` and Equilab's ``[50]...[/50]``.

A weight after ``:`` is a fraction in [0, 1]; a group's weight is a percent
in [0, 100].  The grammars that use them are documented on their parsers
(:func:`~pokercalc.ranges.notation.parse_range`,
:func:`~pokercalc.ranges.omaha.parse_omaha_range`).

>>> parse_weight("AKs:0.5", 4, 7, percent=False), parse_weight("[50]", 1, 3, percent=True)
(0.5, 0.5)
>>> weight_group("[50]AKs,QQ[/50]", 0, 3, 15)
(0.5, 10, 14)
"""

from __future__ import annotations

import re

from pokercalc._lazy import Pattern
from pokercalc.errors import ParseError

__all__ = ["NUMBER", "parse_weight", "weight_group"]

#: a weight's number (blanks around it allowed): ``0.5``, ``.5``, ``50``
NUMBER = Pattern(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*", re.A)


def parse_weight(src: str, start: int, end: int, *, percent: bool) -> float:
    """The weight ``src[start:end]``: a fraction in [0, 1], or with ``percent`` a number in
    [0, 100] (returned as a fraction)."""
    m = NUMBER.fullmatch(src, start, end)
    if not src[start:end].strip():
        raise ParseError("missing weight", src, start)
    if not m:
        raise ParseError(f"expected a weight, got {src[start:end].strip()!r}", src, start)
    value = float(m.group(1))
    limit = 100.0 if percent else 1.0
    if value > limit:
        raise ParseError(f"weight {m.group(1)} is not in [0, {limit:g}]", src, start)
    return value / limit


def weight_group(src: str, i: int, close: int, end: int) -> tuple[float, int, int]:
    """The weight of the group ``[w]...[/w]`` opened by ``src[i : close + 1]``, and where its
    closing tag starts and ends."""
    weight = parse_weight(src, i + 1, close, percent=True)
    tag = src.find("[/", close, end)
    if tag < 0:
        raise ParseError(f"{src[i : close + 1]!r} has no closing '[/...]'", src, i)
    tag_end = src.find("]", tag, end)
    if tag_end < 0:
        raise ParseError("'[/' without a matching ']'", src, tag)
    if src[tag + 2 : tag_end].strip():
        closing = parse_weight(src, tag + 2, tag_end, percent=True)
        if closing != weight:
            raise ParseError(
                f"{src[tag : tag_end + 1]!r} does not close {src[i : close + 1]!r}", src, tag
            )
    return weight, tag, tag_end
