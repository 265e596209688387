"""Write the JSON Schemas of every command's ``--json`` to pokercalc/data/schemas/.

Run ``python tools/make_schemas.py`` after changing an output format (and bump
``formats.SCHEMA_VERSION`` if the change is incompatible);
tests/test_schemas.py fails while the shipped files differ from this script's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pokercalc
from pokercalc.output.formats import SCHEMA_VERSION

OUT = Path(__file__).resolve().parent.parent / "pokercalc" / "data" / "schemas"
BASE = "https://pokercalc.invalid/schemas/"

CARD = {"type": "string", "pattern": "^[2-9TJQKA][cdhs]$"}
CARDS = {"type": "string", "pattern": "^([2-9TJQKA][cdhs])*$"}
FRACTION = {"type": "string", "pattern": "^[0-9]+/[1-9][0-9]*$"}
PROB = {"type": "number", "minimum": 0, "maximum": 1}
COUNT = {"type": "integer", "minimum": 0}
SECONDS = {"type": "number", "minimum": 0}
NUMBER = {"type": "number"}
STRING = {"type": "string"}
BOOL = {"type": "boolean"}
METHOD = {"enum": ["exact", "mc"]}
SEED = {"type": "integer", "minimum": 0}
CATEGORY_NAMES = list(pokercalc.CATEGORY_NAMES)
GAMES = list(pokercalc.GAMES)
#: The game a result was computed in (docs/games.md).
GAME = {"enum": GAMES}


def null(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` or null."""
    return {"anyOf": [schema, {"type": "null"}]}


def array(items: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return {"type": "array", "items": items, **kw}


def obj(props: dict[str, Any], *, doc: str = "", extra: bool = True) -> dict[str, Any]:
    """An object whose listed properties are all required (null where they do not apply)."""
    out: dict[str, Any] = {"type": "object"}
    if doc:
        out["description"] = doc
    out["required"] = list(props)
    out["properties"] = props
    # Results may gain optional fields without a version bump; readers ignore unknown ones.
    out["additionalProperties"] = extra
    return out


def envelope(command: str, result: dict[str, Any], doc: str) -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{BASE}{command}.schema.json",
        "title": f"pokercalc {command} --json",
        "description": doc,
        **obj(
            {
                "schema_version": {"const": SCHEMA_VERSION},
                "pokercalc_version": STRING,
                "command": {"const": command},
                "result": result,
            },
            extra=False,
        ),
    }


EVAL = array(
    obj(
        {
            "game": GAME,
            "cards": CARDS,
            "value": COUNT,
            "category": {"type": "integer", "minimum": 0, "maximum": 8},
            "category_name": {"enum": CATEGORY_NAMES},
            "description": STRING,
        },
        doc="One hand: value is under the game's ranking (in short-deck a flush outranks a "
        "full house); category is the standard number, whatever the game's order.",
    )
)

EQUITY_PLAYER = obj(
    {
        "label": STRING,
        "combos": COUNT,
        "equity": null(PROB),
        "win": null(PROB),
        "tie": null(PROB),
        "stderr": null({"type": "number", "minimum": 0}),
        "equity_fraction": null(FRACTION),
        "wins": null(COUNT),
        "ties": null(COUNT),
    },
    doc="One player: stderr is null for exact runs (and below two Monte Carlo deals); "
    "equity_fraction, wins and ties are null unless the run was exhaustive and unweighted; "
    "equity, win and tie are null when an exhaustive run was interrupted.",
)

EQUITY = obj(
    {
        "game": GAME,
        "method": METHOD,
        "board": CARDS,
        "dead": CARDS,
        "players": array(EQUITY_PLAYER, minItems=2),
        "outcomes": COUNT,
        "outcomes_exact": BOOL,
        "symmetry": {"type": "integer", "minimum": 1},
        "trials": null(COUNT),
        "seed": null(SEED),
        "threads": {"type": "integer", "minimum": 1},
        "elapsed": SECONDS,
        "showdowns": COUNT,
        "interrupted": BOOL,
        "done_fraction": PROB,
    },
    doc="An equity result: trials and seed are null for exact runs; done_fraction is the "
    "share of the planned work done, below 1 only when interrupted.",
)

QUERY = obj(
    {
        "expression": STRING,
        "game": GAME,
        "board": CARDS,
        "dead": CARDS,
        "count": COUNT,
        "matched": COUNT,
        "removed": COUNT,
        "total": {"type": "integer", "minimum": 1},
        "share": PROB,
        "weight": {"type": "number", "minimum": 0},
        "combos": array({"type": "string", "pattern": "^([2-9TJQKA][cdhs]){2,6}$"}),
        "weights": array(PROB),
        "classes": array(
            obj({"class": STRING, "combos": COUNT, "total": COUNT, "weight": {"type": "number"}})
        ),
    },
    doc="A query: total is every hand of the game's deck (1326 in hold'em, 630 in short-deck); "
    "combos are two-card hands in hold'em and short-deck, hole cards in Omaha (classes empty).",
)

OUTS_CARD = obj(
    {
        "card": CARD,
        "value": COUNT,
        "category": {"enum": CATEGORY_NAMES},
        "description": STRING,
        "is_out": BOOL,
        "discounted": BOOL,
        "equity": null(PROB),
        "equity_fraction": null(FRACTION),
        "ahead": null(BOOL),
        "no_deal": BOOL,
    },
    doc="One unseen card; no_deal is true when after it some opponent's range has no hand "
    "left (equity, equity_fraction and ahead are then null).",
)

OUTS = obj(
    {
        "game": GAME,
        "hero": CARDS,
        "board": CARDS,
        "dead": CARDS,
        "opponents": array(STRING),
        "street": {"enum": ["flop", "turn"]},
        "value": COUNT,
        "description": STRING,
        "equity": null(PROB),
        "ahead": null(BOOL),
        "outs": CARDS,
        "count": COUNT,
        "groups": {"type": "object", "additionalProperties": CARDS},
        "weighted_count": null({"type": "number", "minimum": 0}),
        "discounted_count": COUNT,
        "discounted": CARDS,
        "behind_to_ahead": CARDS,
        "unseen": COUNT,
        "hit_next": PROB,
        "hit_next_fraction": FRACTION,
        "hit_by_river": PROB,
        "hit_by_river_fraction": FRACTION,
        "rule_next": NUMBER,
        "rule_by_river": NUMBER,
        "cards": array(OUTS_CARD),
        "interrupted": BOOL,
    },
    doc="Outs; interrupted is true when a signal ended the run (cards holds those done).",
)

DRAWS = obj(
    {
        "game": GAME,
        "hero": CARDS,
        "board": CARDS,
        "dead": CARDS,
        "value": COUNT,
        "description": STRING,
        "unseen": COUNT,
        "draws": array(obj({"name": STRING, "cards": CARDS, "count": COUNT, "needs": COUNT})),
        "straight_draw_count": COUNT,
        "flush_draw_count": COUNT,
        "draw_counts": obj({name: COUNT for name in CATEGORY_NAMES}),
    }
)

STATES = ("ahead", "tied", "behind")
POTENTIAL = obj(
    {
        "opponents": COUNT,
        "method": METHOD,
        "transitions": obj({now: obj({r: PROB for r in STATES}) for now in STATES}),
        "hand_strength": PROB,
        "positive_potential": PROB,
        "negative_potential": PROB,
        "effective_strength": PROB,
        "hand_strength_stderr": null(NUMBER),
        "positive_potential_stderr": null(NUMBER),
        "negative_potential_stderr": null(NUMBER),
        "cases": COUNT,
        "trials": null(COUNT),
        "seed": null(SEED),
        "elapsed": SECONDS,
        "interrupted": BOOL,
    }
)

WINODDS = obj(
    {
        "game": GAME,
        "hero": STRING,
        "combos": COUNT,
        "averaged": BOOL,
        "board": CARDS,
        "dead": CARDS,
        "rows": array(
            obj(
                {
                    "opponents": {"type": "integer", "minimum": 1},
                    "equity": PROB,
                    "win": PROB,
                    "tie": PROB,
                    "stderr": null(NUMBER),
                    "method": METHOD,
                    "outcomes": null(COUNT),
                    "trials": null(COUNT),
                    "seed": null(SEED),
                    "elapsed": SECONDS,
                    "potential": null(POTENTIAL),
                }
            )
        ),
        "seed": null(SEED),
        "elapsed": SECONDS,
        "interrupted": BOOL,
    },
    doc="Win odds; interrupted is true when a signal ended the run: rows holds those done, "
    "the last possibly a Monte Carlo estimate so far.",
)

FIT = obj(
    {
        "model": STRING,
        "objective": {"enum": ["avg", "max"]},
        "weights": array(
            obj(
                {
                    "feature": {"type": "integer", "minimum": 1, "maximum": 73},
                    "weight": NUMBER,
                    "description": STRING,
                }
            )
        ),
        "always": array({"type": "integer", "minimum": 1, "maximum": 73}),
        "base": NUMBER,
        "avg_error": NUMBER,
        "max_error": NUMBER,
        "status": STRING,
        "gap": null(NUMBER),
        "bound": null(NUMBER),
        "rows": COUNT,
        "elapsed": SECONDS,
        "formula": STRING,
    }
)

FLOPS = obj(
    {
        "game": {"const": "holdem"},
        "hero": CARDS,
        "range": STRING,
        "combos": COUNT,
        "flops": COUNT,
        "blocked": COUNT,
        "elapsed": SECONDS,
        "summary": obj({k: PROB for k in ("mean", "min", "q1", "median", "q3", "max", "ahead")}),
        "equities": {
            "type": "object",
            "propertyNames": {"pattern": "^([2-9TJQKA][cdhs]){3}$"},
            "additionalProperties": null(PROB),
        },
        "fit": null(FIT),
        "interrupted": BOOL,
    },
    doc="The flop study; interrupted is true when a signal stopped the fit (fit is then null). "
    "A signal while the equities are computed prints nothing on stdout.",
)

CHECK_PLAYER = obj(
    {
        "label": STRING,
        "expected": PROB,
        "expected_fraction": FRACTION,
        "got": PROB,
        "got_fraction": null(FRACTION),
        "difference": NUMBER,
        "stderr": null(NUMBER),
        "allowed": {"type": "number", "minimum": 0},
        "passed": BOOL,
    }
)

CHECK = obj(
    {
        "source": STRING,
        "passed": BOOL,
        "total": COUNT,
        "failures": COUNT,
        "scenarios": array(
            obj(
                {
                    "name": STRING,
                    "game": GAME,
                    "board": STRING,
                    "dead": STRING,
                    "tolerance": {"anyOf": [{"const": "exact"}, {"type": "number", "minimum": 0}]},
                    "method": null(METHOD),
                    "outcomes": null(COUNT),
                    "trials": null(COUNT),
                    "seed": null(SEED),
                    "elapsed": SECONDS,
                    "passed": BOOL,
                    "note": null(STRING),
                    "players": array(CHECK_PLAYER),
                }
            )
        ),
    }
)


def batch_line() -> dict[str, Any]:
    """One output line of ``pokercalc batch``: the envelope plus line, id, ok and error."""
    error = obj({"kind": STRING, "message": {"type": "string", "pattern": "^line [0-9]+: "}})
    schema = envelope(
        "batch",
        null(EQUITY),
        "One line of `pokercalc batch` output: an equity result (ok) or an error naming the line.",
    )
    schema["required"] += ["line", "id", "ok", "error"]
    schema["properties"].update(
        line={"type": "integer", "minimum": 1},
        id={"description": "the input line's JSON `id`, echoed; null when it had none"},
        ok=BOOL,
        error=null(error),
    )
    schema["oneOf"] = [
        {"properties": {"ok": {"const": True}, "result": EQUITY, "error": {"type": "null"}}},
        {"properties": {"ok": {"const": False}, "result": {"type": "null"}, "error": error}},
    ]
    return schema


SCHEMAS: dict[str, dict[str, Any]] = {
    "eval": envelope("eval", EVAL, "`pokercalc eval --json`: one entry per hand."),
    "equity": envelope("equity", EQUITY, "`pokercalc equity --json`."),
    "query": envelope("query", QUERY, "`pokercalc query --json`."),
    "outs": envelope("outs", OUTS, "`pokercalc outs --json`."),
    "draws": envelope("draws", DRAWS, "`pokercalc draws --json`."),
    "winodds": envelope("winodds", WINODDS, "`pokercalc winodds --json`."),
    "flops": envelope("flops", FLOPS, "`pokercalc flops --json`."),
    "check": envelope("check", CHECK, "`pokercalc check --json`."),
    "batch": batch_line(),
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
