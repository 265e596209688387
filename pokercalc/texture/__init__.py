"""The flop study: all-flop equities, features F1-F73 and their integer programs."""

from pokercalc._lazy import submodule as _submodule


def __getattr__(name: str) -> object:
    """A submodule, imported on first use: ``pokercalc.texture.<module>`` works in a fresh
    interpreter."""
    return _submodule(__name__, name)
