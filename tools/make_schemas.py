"""Write the JSON Schemas of every command's ``--json`` to pokercalc/data/schemas/.

The envelope is written here; each command's ``result`` is the JSON Schema its
result class derives from its fields (pokercalc/core/results.py), so a field
added to a result reaches its schema with no edit here.  Run
``python tools/make_schemas.py`` after changing an output format (and bump
``formats.SCHEMA_VERSION`` if the change is incompatible);
tests/unit/test_schemas.py fails while the shipped files differ from this script's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pokercalc.analysis.breakdown import BreakdownResult
from pokercalc.analysis.draws import DrawsResult, OmahaDrawsResult
from pokercalc.analysis.equities import EquityResult
from pokercalc.analysis.hits import HitsResult
from pokercalc.analysis.next_card import NextCardEquity, NextCardHits
from pokercalc.analysis.outs import OmahaOutsResult, OutsResult
from pokercalc.analysis.win_odds import WinOddsResult
from pokercalc.core.evaluator import HandEvaluation
from pokercalc.core.formats import SCHEMA_VERSION
from pokercalc.core.games import GAMES
from pokercalc.core.results import Result, nullable, object_schema
from pokercalc.pipelines.check import CheckResult
from pokercalc.pipelines.history import HistoryResult
from pokercalc.ranges.query import QueryResult
from pokercalc.texture.flops import FlopStudy

OUT = Path(__file__).resolve().parent.parent / "pokercalc" / "data" / "schemas"
BASE = "https://pokercalc.invalid/schemas/"


def envelope(command: str, result: dict[str, Any], doc: str) -> dict[str, Any]:
    """The versioned document around a command's result."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{BASE}{command}.schema.json",
        "title": f"pokercalc {command} --json",
        "description": doc,
        **object_schema(
            {
                "schema_version": {"const": SCHEMA_VERSION},
                "pokercalc_version": {"type": "string"},
                "command": {"const": command},
                "result": result,
            },
            extra=False,
        ),
    }


EQUITY = EquityResult.json_schema()


def by_game(high: type[Result], omaha: type[Result]) -> dict[str, Any]:
    """A result whose keys depend on the game: ``high``'s in hold'em and short-deck,
    ``omaha``'s (its own keys too, all required) in the Omaha games."""
    out: dict[str, Any] = {"oneOf": []}
    for cls, forming in ((high, "any"), (omaha, "omaha")):
        schema = cls.json_schema()
        names = [name for name, g in GAMES.items() if g.forming == forming]
        schema["properties"]["game"] = {**schema["properties"]["game"], "enum": names}
        out["oneOf"].append(schema)
    return out


def batch_line() -> dict[str, Any]:
    """One output line of ``pokercalc batch``: the envelope plus line, id, ok and error."""
    error = object_schema(
        {"kind": {"type": "string"}, "message": {"type": "string", "pattern": "^line [0-9]+: "}}
    )
    schema = envelope(
        "batch",
        nullable(EQUITY),
        "One line of `pokercalc batch` output: an equity result (ok) or an error naming the line.",
    )
    schema["required"] += ["line", "id", "ok", "error"]
    schema["properties"].update(
        line={"type": "integer", "minimum": 1},
        id={"description": "the input line's JSON `id`, echoed; null when it had none"},
        ok={"type": "boolean"},
        error=nullable(error),
    )
    schema["oneOf"] = [
        {"properties": {"ok": {"const": True}, "result": EQUITY, "error": {"type": "null"}}},
        {"properties": {"ok": {"const": False}, "result": {"type": "null"}, "error": error}},
    ]
    return schema


SCHEMAS: dict[str, dict[str, Any]] = {
    "eval": envelope(
        "eval",
        {"type": "array", "items": HandEvaluation.json_schema()},
        "`pokercalc eval --json`: one entry per hand.",
    ),
    "equity": envelope(
        "equity",
        {"anyOf": [EQUITY, BreakdownResult.json_schema(), NextCardEquity.json_schema()]},
        "`pokercalc equity --json`: every player's equity; with --breakdown, --combos, "
        "--distribution or --plot, one player's equity by hand with the run inside; with "
        "--next-card, the equities after each card that can come next.",
    ),
    # Omaha queries (OmahaQueryResult) write the same keys, as tests/unit/test_results.py checks.
    "query": envelope("query", QueryResult.json_schema(), "`pokercalc query --json`."),
    "outs": envelope(
        "outs",
        by_game(OutsResult, OmahaOutsResult),
        "`pokercalc outs --json`: in the Omaha games with the keys of OmahaOutsResult.",
    ),
    "draws": envelope(
        "draws",
        by_game(DrawsResult, OmahaDrawsResult),
        "`pokercalc draws --json`: in the Omaha games with the keys of OmahaDrawsResult.",
    ),
    "hits": envelope(
        "hits",
        {"anyOf": [HitsResult.json_schema(), NextCardHits.json_schema()]},
        "`pokercalc hits --json`; with --next-card, the classes after each card that can come.",
    ),
    "winodds": envelope("winodds", WinOddsResult.json_schema(), "`pokercalc winodds --json`."),
    "flops": envelope("flops", FlopStudy.json_schema(), "`pokercalc flops --json`."),
    "check": envelope("check", CheckResult.json_schema(), "`pokercalc check --json`."),
    "batch": batch_line(),
    "history": envelope(
        "history",
        HistoryResult.json_schema(),
        "`pokercalc history --json`: actual and all-in adjusted net per player; with --hands, "
        "every all-in hand.",
    ),
}


def render(name: str) -> str:
    """The text of one schema file."""
    return json.dumps(SCHEMAS[name], indent=2) + "\n"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in SCHEMAS:
        (OUT / f"{name}.schema.json").write_text(render(name), encoding="utf-8")
    print(f"wrote {len(SCHEMAS)} schemas to {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
