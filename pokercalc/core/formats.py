"""Machine output: the versioned JSON envelope, JSON lines and CSV from result objects.

Every result class has ``to_dict()`` (its JSON form: cards in ASCII, floats
unrounded, exact fractions as ``"a/b"`` strings, tallies as ints); table-like
results also have ``to_rows()`` (a list of flat dicts, one per CSV row); both
are derived from the result's fields (:mod:`pokercalc.core.results`).  The
``--json`` of every command is :func:`envelope` around that ``to_dict()``;
docs/output.md documents it and ``pokercalc/data/schemas/`` holds its JSON Schemas.

>>> from fractions import Fraction
>>> env = envelope("eval", [])
>>> env["schema_version"], env["command"], env["result"]
(2, 'eval', [])
>>> fraction_text(Fraction(6, 8)), parse_fraction("3/4")
('3/4', Fraction(3, 4))
>>> parse_fraction("3/0")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: '3/0' is not a fraction 'a/b' with b > 0
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from pokercalc._lazy import Pattern
from pokercalc.core.results import fraction_text, is_fraction
from pokercalc.errors import InputError

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "SCHEMA_VERSION",
    "SCHEMA_COMMANDS",
    "envelope",
    "json_text",
    "json_line",
    "csv_text",
    "fraction_text",
    "parse_fraction",
    "load_schema",
    "schema_names",
]

#: version of the JSON output format; bumped only on an incompatible change
#: (2: every result names its game; hand values, categories and query totals follow it)
SCHEMA_VERSION = 2

#: the commands whose ``--json`` has a schema file, ``<command>.schema.json``
SCHEMA_COMMANDS = (
    "eval",
    "equity",
    "query",
    "outs",
    "draws",
    "hits",
    "winodds",
    "flops",
    "batch",
    "check",
    "history",
)

#: (ASCII digits only: ``int()`` would read a fullwidth ``１`` too)
_FRACTION = Pattern(r"\s*(-?[0-9]+)\s*/\s*([0-9]+)\s*$")


def envelope(command: str, result: Any) -> dict[str, Any]:
    """The versioned JSON document of a command: schema and program versions around ``result``."""
    from pokercalc import __version__

    return {
        "schema_version": SCHEMA_VERSION,
        "pokercalc_version": __version__,
        "command": command,
        "result": _plain(result),
    }


def json_text(obj: Any, *, indent: int | None = 2) -> str:
    """JSON of a result (via ``to_dict``), a list of results, or plain data.

    Always valid JSON: a non-finite float (an undefined figure) is written
    ``null``, never ``NaN`` or ``Infinity``.
    """
    return json.dumps(_finite(obj), indent=indent, ensure_ascii=False, allow_nan=False)


def json_line(obj: Any) -> str:
    """Compact one-line JSON (no newline inside, ASCII only), for JSON-lines streams."""
    return json.dumps(_finite(obj), separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def _finite(obj: Any) -> Any:
    """Plain JSON data: results through ``to_dict``, fractions as text, NaN and infinities
    as None, so that the strict encoder cannot meet a value JSON has no word for."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, (str, int, bool)) or obj is None:
        return obj
    if isinstance(obj, Mapping):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_finite(v) for v in obj]
    return _finite(_default(obj))


def _default(obj: Any) -> Any:
    """The JSON form of what ``json`` cannot encode itself: results, fractions, mappings."""
    if hasattr(obj, "to_dict"):
        return obj.to_dict()
    if is_fraction(obj):
        return fraction_text(obj)
    if isinstance(obj, Mapping):
        return dict(obj)
    if hasattr(obj, "item") and hasattr(obj, "dtype"):  # a numpy scalar
        return obj.item()
    raise TypeError(f"{type(obj).__name__} is not JSON serializable")


def _plain(obj: Any) -> Any:
    """``obj`` with results replaced by their ``to_dict()`` (other values as they are)."""
    if hasattr(obj, "to_dict"):
        return obj.to_dict()
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    return obj


def parse_fraction(text: str) -> Fraction:
    """The fraction of an ``"a/b"`` string (the inverse of :func:`fraction_text`)."""
    m = _FRACTION.match(text) if isinstance(text, str) else None
    if not m or int(m.group(2)) == 0:
        raise InputError(f"{text!r} is not a fraction 'a/b' with b > 0")
    from fractions import Fraction  # here: a command's --json does not pay for it

    return Fraction(int(m.group(1)), int(m.group(2)))


def csv_text(rows: Iterable[Mapping[str, Any]], columns: Iterable[str] | None = None) -> str:
    """CSV with a header row from flat dicts (``columns``, else the keys of the first row,
    name the columns: without either, no rows give no text)."""
    import csv  # here, not at the top: --json does not pay for it

    rows = list(rows)
    names = list(columns) if columns is not None else list(rows[0]) if rows else []
    out = io.StringIO()
    if names:
        writer = csv.DictWriter(out, fieldnames=names, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: _csv_cell(v, k in _COUNTS) for k, v in row.items()})
    return out.getvalue()


#: Columns of (weighted) combo counts: a whole count is written as an integer ("6", not "6.0").
_COUNTS = frozenset({"combos", "weight"})


def _csv_cell(value: Any, count: bool = False) -> Any:
    if isinstance(value, float) and count and value.is_integer():
        return int(value)
    if isinstance(value, float):
        return repr(value)
    if is_fraction(value):
        return fraction_text(value)
    return value


def schema_names() -> list[str]:
    """Names of the JSON Schema files shipped in ``pokercalc/data/schemas``."""
    from importlib import resources

    folder = resources.files("pokercalc") / "data" / "schemas"
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".schema.json"))


@cache
def load_schema(name: str) -> dict[str, Any]:
    """A shipped JSON Schema by command name (``"equity"``) or file name."""
    from importlib import resources

    file = name if name.endswith(".json") else f"{name}.schema.json"
    path = resources.files("pokercalc") / "data" / "schemas" / file
    try:
        schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"no JSON schema named {name!r}") from None
    return schema
