"""Things made on first use, so that importing a module costs only what its callers need.

``import pokercalc`` loads only what its public names need; with :func:`submodule`,
``pokercalc.analysis.outs.find_outs`` (or ``pokercalc.texture.flops``) works in
a fresh interpreter all the same: each package's ``__getattr__`` imports the
submodule named, once.  A :class:`Pattern` is a module-level regular expression
compiled the first time it matches, not when its module is imported.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from types import ModuleType

__all__ = ["Pattern", "submodule"]


def submodule(package: str, name: str) -> ModuleType:
    """The submodule ``package.name``, imported now if need be; AttributeError if none exists."""
    if not name.startswith("__"):
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{package}.{name}":
                raise
    raise AttributeError(f"module {package!r} has no attribute {name!r}")


class Pattern:
    """A regular expression compiled on first use; it matches as :func:`re.compile`'s would.

    >>> p = Pattern(r"([2-9TJQKA])x", re.I)
    >>> p.fullmatch("Kx").group(1), p.fullmatch("Kxs")
    ('K', None)
    """

    __slots__ = ("_compiled", "_flags", "_pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        """The compiled expression (compiled now if need be)."""
        if self._compiled is None:
            self._compiled = re.compile(self._pattern, self._flags)
        return self._compiled

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        """:meth:`re.Pattern.fullmatch`."""
        return self.compiled.fullmatch(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """:meth:`re.Pattern.match`."""
        return self.compiled.match(string, pos, endpos)

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """:meth:`re.Pattern.search`."""
        return self.compiled.search(string, pos, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        """:meth:`re.Pattern.finditer`."""
        return self.compiled.finditer(string, pos, endpos)

    def __repr__(self) -> str:
        return f"Pattern({self._pattern!r}, {self._flags!r})"
