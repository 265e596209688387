"""What every calculation stands on: cards, games, evaluators, the engine kernels."""

from pokercalc._lazy import submodule as _submodule


def __getattr__(name: str) -> object:
    """A submodule, imported on first use: ``pokercalc.core.<module>`` works in a fresh
    interpreter."""
    return _submodule(__name__, name)
