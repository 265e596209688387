"""Analyses built on the engine: equity, outs, draws, win odds."""

from pokercalc._lazy import submodule as _submodule


def __getattr__(name: str) -> object:
    """A submodule, imported on first use: ``pokercalc.analysis.<module>`` works in a fresh
    interpreter."""
    return _submodule(__name__, name)
