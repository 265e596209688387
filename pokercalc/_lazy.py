"""Submodules imported on first attribute access, so that documented dotted names work.

``import pokercalc`` loads only what its public names need; with this,
``pokercalc.analysis.outs.find_outs`` (or ``pokercalc.texture.flops``) works in
a fresh interpreter all the same: each package's ``__getattr__`` imports the
submodule named, once.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["submodule"]


def submodule(package: str, name: str) -> ModuleType:
    """The submodule ``package.name``, imported now if need be; AttributeError if none exists."""
    if not name.startswith("__"):
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{package}.{name}":
                raise
    raise AttributeError(f"module {package!r} has no attribute {name!r}")
