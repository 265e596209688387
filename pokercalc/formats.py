"""Machine output: JSON and CSV text from result objects.

Every result class has ``to_dict()`` (its JSON form: cards in ASCII, floats
unrounded); table-like results also have ``to_rows()`` (a list of flat dicts,
one per CSV row).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["SCHEMA_VERSION", "json_text", "csv_text"]

SCHEMA_VERSION = 1


def json_text(obj: Any, *, indent: int | None = 2) -> str:
    """JSON of a result (via ``to_dict``), a list of results, or plain data."""
    return json.dumps(_plain(obj), indent=indent, ensure_ascii=False)


def _plain(obj: Any) -> Any:
    if hasattr(obj, "to_dict"):
        return obj.to_dict()
    if isinstance(obj, Mapping):
        return {k: _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    return obj


def csv_text(rows: Iterable[Mapping[str, Any]]) -> str:
    """CSV with a header row from flat dicts (the keys of the first row name the columns)."""
    rows = list(rows)
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: repr(v) if isinstance(v, float) else v for k, v in row.items()})
    return out.getvalue()
