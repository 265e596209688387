"""Results for programs and people: JSON, CSV, schemas and rich rendering."""

from pokercalc._lazy import submodule as _submodule


def __getattr__(name: str) -> object:
    """A submodule, imported on first use: ``pokercalc.output.<module>`` works in a fresh
    interpreter."""
    return _submodule(__name__, name)
