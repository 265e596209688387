"""Many scenarios at once: batch runs and regression checks."""

from pokercalc._lazy import submodule as _submodule


def __getattr__(name: str) -> object:
    """A submodule, imported on first use: ``pokercalc.pipelines.<module>`` works in a fresh
    interpreter."""
    return _submodule(__name__, name)
