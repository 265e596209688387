"""Players' distributions: range notation, the pocket query language, Omaha patterns."""

from pokercalc._lazy import submodule as _submodule


def __getattr__(name: str) -> object:
    """A submodule, imported on first use: ``pokercalc.ranges.<module>`` works in a fresh
    interpreter."""
    return _submodule(__name__, name)
