"""The ``--json`` of every command validates against its shipped, versioned JSON Schema."""

from __future__ import annotations

import copy
import json
import runpy
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from pokercalc import __version__
from pokercalc.cli import cli
from pokercalc.core.formats import SCHEMA_COMMANDS, SCHEMA_VERSION, load_schema, schema_names

ROOT = Path(__file__).resolve().parents[2]

# Every command's --json, on cases that reach its optional parts (null vs filled fields).
CASES: list[tuple[str, list[str]]] = [
    ("eval", ["eval", "AsKsQsJsTs", "2c3d4h5s7d8h9c"]),
    ("equity", ["equity", "AsKs | QQ", "--board", "4dAc5d"]),
    ("equity", ["equity", "JcJh | 99+,AJs+ | random", "-b", "4dAc5d", "--mc", "--trials", "9999"]),
    ("equity", ["equity", "AsKs", "--board", "QsTs5c"]),
    ("equity", ["equity", "AKs:0.5,QQ", "JJ", "-b", "2c3d4h", "-d", "5s"]),
    ("query", ["query", "QQ+,AQs+,AK", "--board", "4dAc5d"]),
    ("query", ["query", "[50]AKs[/50],77"]),
    ("outs", ["outs", "AsAc", "--board", "Kd8h9c"]),
    ("outs", ["outs", "AsAc", "--board", "Kd8h9c", "--vs", "QQ"]),
    ("draws", ["draws", "KcTh", "--board", "Jh9c7c"]),
    ("hits", ["hits", "QQ+,AK", "--board", "Kh7c2d"]),
    ("hits", ["hits", "AKs:0.5,TT+", "-b", "Kh7c2d5s", "--vs", "AhAd", "--select", "set+"]),
    ("hits", ["hits", "QQ+,AK", "-b", "Kh7c2d", "--next-card", "--select", "two pair+"]),
    ("equity", ["equity", "AsKs | QQ", "-b", "Kh7c2d5s", "--next-card"]),
    ("winodds", ["winodds", "AsKs", "--board", "Qh7h2c", "--opponents", "1-2", "--time", "0.1"]),
    ("winodds", ["winodds", "AKs", "--opponents", "2", "--trials", "5000", "--seed", "3"]),
    ("flops", ["flops", "AsAh", "RUS", "--features", "1", "--time-limit", "1"]),
    # Short-deck, on every command that plays it.
    ("eval", ["eval", "As6d7h8c9s", "AhQh9h8h6h", "--game", "shortdeck"]),
    ("equity", ["equity", "AsAh | KsKh", "--game", "shortdeck-triton"]),
    ("query", ["query", "Group1", "--board", "Ah7c6d", "--game", "shortdeck"]),
    ("outs", ["outs", "As7s", "-b", "8h9dKc", "--vs", "KdQd", "--game", "shortdeck"]),
    ("draws", ["draws", "6s7s", "-b", "8h9dKc", "--game", "shortdeck-triton"]),
    ("hits", ["hits", "random", "-b", "Ah7c6d8s9s", "--game", "shortdeck"]),
    ("winodds", ["winodds", "AsKs", "-b", "Qs7h9c", "-n", "1-2", "--trials", "2000", "--seed", "1",
                 "--game", "shortdeck"]),
]  # fmt: skip


def validate(command: str, doc: Any) -> None:
    jsonschema.Draft202012Validator(load_schema(command)).validate(doc)


def run_json(args: list[str], *, input: str | None = None) -> Any:
    result = CliRunner().invoke(cli, [*args, "--json"], input=input)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


#: Commands without --json: ``table`` writes data files (CSV, JSON lines, Parquet) whose
#: columns come from its row classes (docs/tables.md, tests/unit/test_tables.py).
NO_JSON = {"table"}


def test_every_command_has_a_schema() -> None:
    commands = set(cli.commands) - NO_JSON
    assert commands <= set(SCHEMA_COMMANDS), f"no schema for {commands - set(SCHEMA_COMMANDS)}"
    assert {f"{c}.schema.json" for c in SCHEMA_COMMANDS} == set(schema_names())


def test_every_command_with_json_has_a_case_here() -> None:
    covered = {c for c, _ in CASES} | {"batch", "check", "history"}
    assert set(cli.commands) - NO_JSON <= covered


@pytest.mark.parametrize("name", SCHEMA_COMMANDS)
def test_schemas_are_valid_and_versioned(name: str) -> None:
    schema = load_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["properties"]["schema_version"] == {"const": SCHEMA_VERSION}
    assert schema["properties"]["command"] == {"const": name}


def test_shipped_schemas_are_what_the_generator_writes() -> None:
    gen = runpy.run_path(str(ROOT / "tools" / "make_schemas.py"))
    assert gen["SCHEMA_VERSION"] == SCHEMA_VERSION
    for name in SCHEMA_COMMANDS:
        assert json.loads(gen["render"](name)) == load_schema(name), name


@pytest.mark.slow
@pytest.mark.parametrize(("command", "args"), CASES, ids=[" ".join(a) for _, a in CASES])
def test_json_output_validates(command: str, args: list[str]) -> None:
    doc = run_json(args)
    validate(command, doc)
    assert doc["pokercalc_version"] == __version__
    # Every result names its game: the one asked for, hold'em by default.
    game = args[args.index("--game") + 1] if "--game" in args else "holdem"
    results = doc["result"] if isinstance(doc["result"], list) else [doc["result"]]
    assert [r["game"] for r in results] == [game] * len(results)


def test_batch_lines_validate_ok_and_error_alike() -> None:
    text = "\n".join(
        [
            "AsKs | QQ ; 4dAc5d ;",
            '{"players": ["AhAd", "random"], "method": "mc", "trials": 2000, "id": 7}',
            "AsKs | Zz",
            "{oops",
        ]
    )
    result = CliRunner().invoke(cli, ["batch", "--jobs", "1"], input=text)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["ok"] for r in rows] == [True, True, False, False]
    for row in rows:
        validate("batch", row)
    assert [r["result"]["game"] for r in rows[:2]] == ["holdem", "holdem"]
    short = CliRunner().invoke(cli, ["batch", "--jobs", "1"], input='{"players": ["AsAh", '
                               '"KsKh"], "game": "shortdeck"}\n')  # fmt: skip
    row = json.loads(short.stdout)
    validate("batch", row)
    assert row["result"]["game"] == "shortdeck"


def test_check_output_validates(tmp_path: Path) -> None:
    spots = {
        "scenarios": [
            {"players": "AsKs | 5hTc", "board": "QsTs5c", "expected": ["211/495", "284/495"],
             "tolerance": "exact"},
            {"players": "AsAh | KsKh", "expected": [0.8263, 0.1737], "method": "mc",
             "tolerance": 0.002, "seed": 1},
            {"players": "AsAh | KsKh", "expected": [0.5, 0.5]},
            {"players": "AsAh | KsKh", "game": "shortdeck", "expected": ["21583/28768",
             "7185/28768"], "tolerance": "exact"},
        ]
    }  # fmt: skip
    path = tmp_path / "spots.json"
    path.write_text(json.dumps(spots), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "--json"])
    assert result.exit_code == 1  # the third scenario fails
    doc = json.loads(result.stdout)
    validate("check", doc)
    games = [s["game"] for s in doc["result"]["scenarios"]]
    assert games == ["holdem", "holdem", "holdem", "shortdeck"]
    assert doc["result"]["scenarios"][3]["passed"] is True


# The schemas are not vacuous: typical mistakes are rejected.


def equity_doc() -> Any:
    return run_json(["equity", "AsKs", "QhQd", "--board", "4dAc5d"])


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d["result"]["players"][0].update(equity=1.5),
        lambda d: d["result"]["players"][0].update(equity_fraction="0.5"),
        lambda d: d["result"]["players"][0].pop("win"),
        lambda d: d["result"].update(board="4\u2666A\u26635\u2666"),
        lambda d: d["result"].update(outcomes="990"),
        lambda d: d["result"].update(method="exhaustive"),
        lambda d: d.update(schema_version=SCHEMA_VERSION + 1),
        lambda d: d.update(command="eval"),
        lambda d: d.pop("pokercalc_version"),
    ],
    ids=["equity>1", "fraction-as-decimal", "missing-win", "suit-symbols", "count-as-text",
         "unknown-method", "future-version", "wrong-command", "no-version"],
)  # fmt: skip
def test_schema_rejects_broken_output(mutate: Any) -> None:
    doc = equity_doc()
    validate("equity", doc)
    broken = copy.deepcopy(doc)
    mutate(broken)
    with pytest.raises(jsonschema.ValidationError):
        validate("equity", broken)


def test_batch_schema_ties_ok_to_result_and_error() -> None:
    result = CliRunner().invoke(cli, ["batch", "--jobs", "1"], input="AsKs | QQ\n")
    row = json.loads(result.stdout)
    validate("batch", row)
    with pytest.raises(jsonschema.ValidationError):
        validate("batch", {**row, "ok": False})
    with pytest.raises(jsonschema.ValidationError):
        validate("batch", {**row, "error": {"kind": "ParseError", "message": "no line number"}})


def test_the_examples_in_output_md_validate() -> None:
    """The page's JSON (the envelope, and the real output its examples print) fits the schemas."""
    import re

    import docs_examples

    doc = (ROOT / "docs" / "output.md").read_text()
    kinds = []
    for block in re.findall(r"```json\n(.*?)```", doc, re.S):
        envelope = {"schema_version", "pokercalc_version", "command", "result"}
        assert set(json.loads(block)) == envelope
        kinds.append("envelope")
    for example in docs_examples.examples(doc):
        text = "\n".join(example.expected).replace(": ...", ": 0")  # elapsed: ...
        if example.kind != "console" or not text.startswith("{"):
            continue
        for document in [text] if text.startswith("{\n") else text.splitlines():
            document = json.loads(document)
            validate(document["command"], document)
            kinds.append(document["command"])
    assert sorted(kinds) == ["batch", "check", "envelope", "equity"]


def test_history_output_validates() -> None:
    pytest.importorskip("pokerkit")
    data = ROOT / "tests" / "data" / "history"
    doc = run_json(["history", str(data), "--hands"])
    validate("history", doc)
    assert doc["result"]["allin_hands"] == 3 and len(doc["result"]["hands"]) == 3
