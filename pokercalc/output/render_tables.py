"""Tables as files: CSV, JSON lines or Parquet, written row by row and replaced atomically.

The columns and their types come from the row class's fields
(:mod:`pokercalc.core.results`): integers, floats and text, None where a
value does not apply (an empty CSV cell, JSON ``null``, a Parquet null).
Exact fractions are text, ``"a/b"``, in every format.

>>> from pokercalc.pipelines.tables import HeadsupRow
>>> [c for c in columns(HeadsupRow)][:4]
[('hand', 'string'), ('opponent', 'string'), ('equity', 'double'), ('win', 'double')]
>>> table_format("hu.parquet"), table_format(None), table_format("x.txt", "jsonl")
('parquet', 'csv', 'jsonl')
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable
from typing import IO, Any

from pokercalc.core.results import Result
from pokercalc.errors import InputError, install_hint

__all__ = [
    "TABLE_FORMATS",
    "PARQUET_HINT",
    "columns",
    "table_format",
    "require_parquet",
    "write_rows",
    "write_table_file",
    "table_text",
]

#: The formats a table is written in, by file extension.
TABLE_FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".parquet": "parquet"}

#: How to get Parquet support, for the one-line error.
PARQUET_HINT = f"writing Parquet needs pyarrow: {install_hint('parquet')}"

#: Rows per Parquet row group (and per batch converted at once).
BATCH_ROWS = 65_536


def columns(row_class: type[Result]) -> list[tuple[str, str]]:
    """The columns of a row class: its output keys and their types, ``"string"``,
    ``"int64"``, ``"double"`` or ``"bool"`` (from its JSON Schema)."""
    out = []
    for key, schema in row_class.json_schema()["properties"].items():
        kinds = [s.get("type") for s in schema.get("anyOf", [schema])]
        kinds = [k for k in kinds if k != "null"]
        kind = kinds[0] if kinds else "string"
        out.append((key, {"integer": "int64", "number": "double", "boolean": "bool"}.get(
            str(kind), "string")))  # fmt: skip
    return out


def table_format(path: str | None, fmt: str | None = None) -> str:
    """The format to write: ``fmt`` when given, else the file's extension (csv for stdout)."""
    from pokercalc.core.validate import quote

    if fmt is not None:
        if fmt not in TABLE_FORMATS.values():
            raise InputError(f"no table format {fmt!r}: use csv, jsonl or parquet")
        return fmt
    if path is None:
        return "csv"
    ext = os.path.splitext(path)[1].lower()
    if ext not in TABLE_FORMATS:
        raise InputError(
            f"cannot tell the format of {quote(path)} from its extension: name it .csv, "
            ".jsonl or .parquet, or give --format"
        )
    return TABLE_FORMATS[ext]


def _pyarrow() -> tuple[Any, Any]:
    """The modules ``pyarrow`` and ``pyarrow.parquet`` (optional, and untyped)."""
    import importlib

    return importlib.import_module("pyarrow"), importlib.import_module("pyarrow.parquet")


def require_parquet() -> None:
    """Fail with :data:`PARQUET_HINT` (one line) unless pyarrow can be imported."""
    try:
        _pyarrow()
    except ImportError:
        raise InputError(PARQUET_HINT) from None


def _csv_cell(value: Any) -> Any:
    """A CSV cell: floats as Python writes them back exactly, None as nothing."""
    if isinstance(value, float):
        return repr(value)
    return "" if value is None else value


def write_rows(out: IO[str], fmt: str, row_class: type[Result], rows: Iterable[Result]) -> int:
    """Write ``rows`` as CSV (with a header) or JSON lines to a text stream; returns the count."""
    from pokercalc.core.formats import json_line

    n = 0
    if fmt == "csv":
        names = [name for name, _ in columns(row_class)]
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(names)
        for row in rows:
            writer.writerow([_csv_cell(v) for v in row.to_dict().values()])
            n += 1
    elif fmt == "jsonl":
        for row in rows:
            out.write(json_line(row.to_dict()) + "\n")
            n += 1
    else:
        raise InputError(f"a table in {fmt} cannot be written to a text stream")
    return n


def _write_parquet(path: str, row_class: type[Result], rows: Iterable[Result]) -> int:
    """Write ``rows`` to a Parquet file, a row group per :data:`BATCH_ROWS` rows."""
    pa, pq = _pyarrow()

    types = {"string": pa.string(), "int64": pa.int64(), "double": pa.float64(), "bool": pa.bool_()}
    cols = columns(row_class)
    schema = pa.schema([(name, types[kind]) for name, kind in cols])
    n = 0
    with pq.ParquetWriter(path, schema) as writer:
        batch: list[dict[str, Any]] = []
        for row in rows:
            batch.append(row.to_dict())
            if len(batch) == BATCH_ROWS:
                writer.write_table(pa.Table.from_pylist(batch, schema=schema))
                n += len(batch)
                batch = []
        if batch or not n:
            writer.write_table(pa.Table.from_pylist(batch, schema=schema))
            n += len(batch)
    return n


def write_table_file(path: str, fmt: str, row_class: type[Result], rows: Iterable[Result]) -> int:
    """Write a table file whole or not at all: to a temporary file beside it, then renamed
    over ``path``.  Returns the number of rows."""
    temp = f"{path}.{os.getpid()}.tmp"
    try:
        if fmt == "parquet":
            n = _write_parquet(temp, row_class, rows)
        else:
            with open(temp, "w", encoding="utf-8", newline="") as f:
                n = write_rows(f, fmt, row_class, rows)
        os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.remove(temp)
    return n


def table_text(fmt: str, row_class: type[Result], rows: Iterable[Result]) -> str:
    """A table as CSV or JSON-lines text (for tests and small tables)."""
    out = io.StringIO()
    write_rows(out, fmt, row_class, rows)
    return out.getvalue()
