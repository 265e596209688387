"""A bounded fuzz of every subcommand: exit status 0, 1 or 2, never a traceback, strict JSON.

Arguments are drawn from a pool of hostile tokens (cards and near-cards, ranges,
markup, unicode, numbers that overflow or are not numbers, empty strings) mixed
with the options each command takes.  Runs stay cheap: a low threshold sends
big problems to Monte Carlo, which is capped by a few hundred deals.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from cli_runs import invoke
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokercalc.cli import cli

TOKENS = [
    "AsKs", "AhKh", "QQ", "QQ+", "AKs", "random", "JcJh", "99+,AJs+", "T9o-65o", "Group1",
    "AsAs", "Zz", "10s", "A♠K♠", "AKs:0.5", "[50]AKs,QQ[/50]", "[red]x[/red]", "", " ", "|",
    "AsKs | QQ", "AsKs|", "Not (AsXx)", "15%", "200%", "AA:nan", "xx", "♠♠♠", "\x00", "é",
    "Group2 to", "AKs AQs", "{", "}", "AsKsQsJsTs", "AsKsQs", "2c3d4h", "2c3d4h5s6c", "AhKh2c",
    "4dAc5d", "Kd8h9c", "ATC", "RUS", "-1", "0", "1e309", "nan", "inf", "9223372036854775808",
    "1.5", "3", "1-9", "1,3,5", "23", "24", "-n",
]  # fmt: skip

PLAYERS = ["AsKs", "QQ", "random", "JcJh", "99+,AJs+", "AKs:0.5", "Group1", "AhKh", "KK+"]

OPTIONS: dict[str, list[str]] = {
    "equity": ["--board", "--dead", "--exact", "--mc", "--trials", "--time", "--stderr",
               "--seed", "--threads", "--threshold", "--json", "--csv"],
    "eval": ["--json", "--csv"],
    "query": ["--board", "--dead", "--list", "--json"],
    "outs": ["--board", "--vs", "--dead", "--json", "--csv"],
    "draws": ["--board", "--dead", "--json", "--csv"],
    "winodds": ["--opponents", "--board", "--dead", "--trials", "--seed", "--json", "--csv",
                "--mc"],
    "flops": ["--features", "--error", "--objective", "--time-limit", "--json"],
    "batch": ["--trials", "--seed", "--jobs", "--mc", "--threshold"],
    "check": ["--builtin", "--seed", "--json"],
}  # fmt: skip

# Keep every run small whatever the fuzz draws.
SAFE = {
    "equity": ["--threshold", "20000", "--trials", "300", "--threads", "1"],
    "winodds": ["--trials", "300", "--threads", "1"],
    "batch": ["--jobs", "1", "--threshold", "20000", "--trials", "300"],
    "outs": [],
    "flops": ["--time-limit", "0.2"],
}


def _strict_json(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise ValueError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def _check(result: Any, args: list[str]) -> None:
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output)
    assert "Traceback" not in result.output, args
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), (args, repr(result.exception))
    if "--json" in args and result.exit_code == 0:
        _strict_json(result.stdout)
    if args[0] == "batch":
        for line in result.stdout.splitlines():
            _strict_json(line)


def _args(command: str) -> st.SearchStrategy[list[str]]:
    token = st.sampled_from(TOKENS) | st.text(max_size=6)
    option = st.sampled_from(OPTIONS[command])
    piece = st.one_of(st.tuples(option, token).map(list), token.map(lambda t: [t]))
    return st.lists(piece, max_size=5).map(lambda ps: [x for p in ps for x in p])


# POKERCALC_FUZZ_EXAMPLES=5000 runs a longer, random (not derandomized) fuzz locally.
_LONG = os.environ.get("POKERCALC_FUZZ_EXAMPLES")
FUZZ = settings(
    max_examples=int(_LONG) if _LONG else 120,
    deadline=None,
    derandomize=not _LONG,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def _run(command: str, args: list[str], stdin: str | None = None) -> None:
    # The fuzzed arguments first: a caps option repeated later wins in click.
    full = [command, *args, *SAFE.get(command, [])]
    if command == "flops" and "--json" not in full:
        full.append("--json")
    result = invoke(*full, input=stdin)
    _check(result, full)


@pytest.mark.slow
@FUZZ
@given(st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=3), _args("equity"))
def test_fuzz_equity(players: list[str], args: list[str]) -> None:
    _run("equity", [*players, *args])


@pytest.mark.slow
@FUZZ
@given(_args("eval"))
def test_fuzz_eval(args: list[str]) -> None:
    _run("eval", args)


@pytest.mark.slow
@FUZZ
@given(_args("query"))
def test_fuzz_query(args: list[str]) -> None:
    _run("query", args)


@pytest.mark.slow
@FUZZ
@given(st.sampled_from(PLAYERS + TOKENS), _args("outs"))
def test_fuzz_outs(hero: str, args: list[str]) -> None:
    # A valid flop first; a fuzzed --board later on the line replaces it.
    _run("outs", [hero, "--board", "Kd8h9c", *args])


@pytest.mark.slow
@FUZZ
@given(st.sampled_from(PLAYERS + TOKENS), _args("draws"))
def test_fuzz_draws(hero: str, args: list[str]) -> None:
    # A valid flop first; a fuzzed --board later on the line replaces it.
    _run("draws", [hero, "--board", "Kd8h9c", *args])


@pytest.mark.slow
@FUZZ
@given(st.sampled_from(PLAYERS + TOKENS), _args("winodds"))
def test_fuzz_winodds(hero: str, args: list[str]) -> None:
    _run("winodds", [hero, *args])


@settings(FUZZ, max_examples=15)
@given(_args("flops"))
def test_fuzz_flops_bad_input(args: list[str]) -> None:
    # Only inputs that fail before the all-flop walk: an unknown hero first.
    _run("flops", ["Zz9", *args])


@pytest.mark.slow
@FUZZ
@given(st.lists(st.sampled_from(TOKENS) | st.text(max_size=12), max_size=4), _args("batch"))
def test_fuzz_batch(lines: list[str], args: list[str]) -> None:
    body = "\n".join([*lines, '{"players": ["AsKs", "QQ"], "time": 1e999}', "AsKs | QQ ; 2c3d4h"])
    _run("batch", [a for a in args if a != "-"], stdin=body)


@pytest.mark.slow
@FUZZ
@given(st.text(max_size=40), _args("check"))
def test_fuzz_check_files(content: str, args: list[str]) -> None:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "spots.json"
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
        full = ["check", str(path), *[a for a in args if a != "--builtin"]]
        _check(CliRunner().invoke(cli, full), full)


def test_the_fuzz_catches_invalid_json() -> None:
    # The checker itself must reject what it claims to reject.
    for bad in ("NaN", '{"a": Infinity}'):
        try:
            _strict_json(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} passed as JSON")
