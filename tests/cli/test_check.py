"""Tests of ``pokercalc check``: file formats, the pass rule, exit codes, builtin equities."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from itertools import combinations, product
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from cli_runs import invoke

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from reference import reference_equity

from pokercalc import _eval
from pokercalc.cli import cli
from pokercalc.core.cards import parse_cards
from pokercalc.core.formats import fraction_text, parse_fraction
from pokercalc.errors import InputError
from pokercalc.pipelines.check import (
    MC_TIME_LIMIT,
    Z,
    builtin_spec,
    check_scenario,
    load_spec,
    parse_spec,
)
from pokercalc.ranges.query import parse_query

TOML_FILE = """\
# a regression file
format = 1

[defaults]
tolerance = 0.0005

[[scenarios]]
name = "aces vs kings"
players = ["AsAh", "KsKh"]
expected = [0.826366112559452, 0.173633887440548]

[[scenarios]]
players = "AsKs | 5hTc"
board = "QsTs5c"
expected = ["211/495", "284/495"]
tolerance = "exact"

[[scenarios]]
players = ["AsAh", "KsKh"]
expected = [0.826366112559452, 0.173633887440548]
method = "mc"
tolerance = 0.002
seed = 11
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- files that pass, and fail when one expected equity moves by 0.01 ---------------------------


def test_toml_file_passes(tmp_path: Path) -> None:
    result = invoke("check", str(write(tmp_path, "spots.toml", TOML_FILE)), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)["result"]
    assert doc["passed"] and doc["total"] == 3 and doc["failures"] == 0
    assert [s["method"] for s in doc["scenarios"]] == ["exact", "exact", "mc"]
    assert doc["scenarios"][0]["name"] == "aces vs kings"
    assert doc["scenarios"][1]["name"] == "AsKs vs 5hTc on QsTs5c"
    assert doc["scenarios"][2]["seed"] == 11 and doc["scenarios"][2]["trials"] > 0


def test_json_file_passes(tmp_path: Path) -> None:
    data = tomllib.loads(TOML_FILE)
    path = write(tmp_path, "spots.json", json.dumps(data))
    result = invoke("check", str(path))
    assert result.exit_code == 0, result.output
    assert "all 3 scenarios passed" in result.stdout


@pytest.mark.parametrize("scenario", [0, 1, 2])
@pytest.mark.parametrize("player", [0, 1])
@pytest.mark.parametrize("delta", [0.01, -0.01])
def test_changing_one_expected_equity_by_a_hundredth_fails(
    tmp_path: Path, scenario: int, player: int, delta: float
) -> None:
    data = tomllib.loads(TOML_FILE)
    expected = data["scenarios"][scenario]["expected"]
    value = expected[player]
    if isinstance(value, str):
        expected[player] = fraction_text(
            parse_fraction(value) + Fraction(delta).limit_denominator()
        )
    else:
        expected[player] = value + delta
    path = write(tmp_path, "moved.json", json.dumps(data))
    result = invoke("check", str(path), "--json")
    assert result.exit_code == 1, result.output
    doc = json.loads(result.stdout)["result"]
    verdicts = [s["passed"] for s in doc["scenarios"]]
    assert verdicts == [i != scenario for i in range(3)]
    assert doc["scenarios"][scenario]["players"][player]["passed"] is False
    table = invoke("check", str(path))
    assert (
        table.exit_code == 1
        and "FAIL" in table.stdout
        and "1 of 3 scenarios FAILED" in table.stdout
    )


def test_exact_fractions_round_trip(tmp_path: Path) -> None:
    result = invoke("check", str(write(tmp_path, "spots.toml", TOML_FILE)), "--json")
    exact = json.loads(result.stdout)["result"]["scenarios"][1]
    assert exact["tolerance"] == "exact"
    got = [p["got_fraction"] for p in exact["players"]]
    assert got == ["211/495", "284/495"]
    assert [p["expected_fraction"] for p in exact["players"]] == got
    assert [parse_fraction(g) for g in got] == [Fraction(211, 495), Fraction(284, 495)]
    # The fractions `pokercalc equity --json` prints, fed back as expectations, pass.
    run = CliRunner().invoke(cli, ["equity", "AhKh", "QQ+,AKs,AKo", "-b", "Qh7h2c", "--json"])
    printed = [p["equity_fraction"] for p in json.loads(run.stdout)["result"]["players"]]
    scenario = {"players": "AhKh | QQ+,AKs,AKo", "board": "Qh7h2c", "tolerance": "exact"}
    data = {"scenarios": [{**scenario, "expected": printed}]}
    assert invoke("check", str(write(tmp_path, "again.json", json.dumps(data)))).exit_code == 0


@given(st.fractions(min_value=0, max_value=1))
def test_fraction_text_round_trips(value: Fraction) -> None:
    assert parse_fraction(fraction_text(value)) == value


def test_csv_has_one_row_per_player(tmp_path: Path) -> None:
    result = invoke("check", str(write(tmp_path, "spots.toml", TOML_FILE)), "--csv")
    lines = result.stdout.splitlines()
    assert result.exit_code == 0
    assert lines[0].startswith("scenario,method,tolerance,label,expected,")
    assert len(lines) == 1 + 6


# --- the pass rule, with a stand-in engine --------------------------------------------------------


def fake_engine(method: str, equity: float, stderr: float | None, fraction: Fraction | None = None):
    def run(players: list[str], board: str, dead: str, **options: Any) -> Any:
        run.options = options  # type: ignore[attr-defined]
        p = SimpleNamespace(
            label=players[0], equity=equity, stderr=stderr, equity_fraction=fraction
        )
        return SimpleNamespace(
            players=(p,), method=method, outcomes=10, trials=100 if method == "mc" else None,
            seed=1 if method == "mc" else None, elapsed=0.0,
        )  # fmt: skip

    return run


def spec(expected: Any, tolerance: Any = 0.001, **extra: Any) -> Any:
    return parse_spec({"scenarios": [{"players": ["AsKs"], "expected": [expected],
                                      "tolerance": tolerance, **extra}]})[0]  # fmt: skip


def test_exact_runs_pass_within_the_tolerance() -> None:
    assert check_scenario(spec(0.5), engine=fake_engine("exact", 0.5009, None)).passed
    assert not check_scenario(spec(0.5), engine=fake_engine("exact", 0.5011, None)).passed


def test_monte_carlo_allows_z_standard_errors_and_needs_convergence() -> None:
    se = 0.0002
    limit = 0.001 + Z * se
    engine = fake_engine("mc", 0.5 + limit * 0.99, se)
    assert check_scenario(spec(0.5), engine=engine).passed
    assert engine.options["stderr"] == pytest.approx(0.001 / Z)  # type: ignore[attr-defined]
    assert engine.options["time"] == MC_TIME_LIMIT  # type: ignore[attr-defined]
    check_scenario(spec(0.5, trials=1000), engine=engine)
    assert "stderr" not in engine.options and "time" not in engine.options  # type: ignore[attr-defined]
    assert not check_scenario(spec(0.5), engine=fake_engine("mc", 0.5 + limit * 1.01, se)).passed
    unconverged = check_scenario(spec(0.5), engine=fake_engine("mc", 0.5, 0.0011))
    assert not unconverged.passed and "unconverged" in (unconverged.note or "")


def test_exact_tolerance_compares_fractions() -> None:
    half = Fraction(1, 2)
    assert check_scenario(spec("1/2", "exact"), engine=fake_engine("exact", 0.5, None, half)).passed
    near = Fraction(500001, 1000000)
    assert not check_scenario(
        spec("1/2", "exact"), engine=fake_engine("exact", 0.5, None, near)
    ).passed
    missing = check_scenario(spec("1/2", "exact"), engine=fake_engine("exact", 0.5, None, None))
    assert not missing.passed and missing.note


# --- malformed files: one line, exit 2 ------------------------------------------------------------


AA_KK = {"players": "AsAh | KsKh", "expected": [0.8, 0.2]}
AA = {"players": "AsAh", "expected": [0.8]}


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("bad.toml", "scenarios = [", "bad TOML"),
        ("bad.json", '{"scenarios": [', "bad JSON"),
        # what Python's readers refuse with other errors than their own
        ("digits.json", '{"scenarios": 1' + "0" * 5000 + "}", "bad JSON: Exceeds the limit"),
        ("deep.json", '{"x": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        ("deep.toml", "x = " + "[" * 100_000 + "]" * 100_000, "bad TOML: nested too deeply"),
        ("none.json", {"cases": []}, "needs a list 'scenarios'"),
        ("empty.json", {"scenarios": []}, "'scenarios' is empty"),
        ("pct.json", {"scenarios": [{**AA_KK, "expected": [82.6, 17.4]}]}, "not percents"),
        ("count.json", {"scenarios": [{**AA_KK, "expected": [0.8]}]}, "one equity per player"),
        ("key.json", {"scenarios": [{**AA, "tol": 1}]}, "unknown key 'tol'"),
        ("tol.json", {"scenarios": [{**AA, "tolerance": 2}]}, "tolerance"),
        ("exf.json", {"scenarios": [{**AA, "tolerance": "exact"}]}, "'a/b'"),
        ("frac.json", {"scenarios": [{**AA, "expected": ["4/0"]}]}, "not a number or 'a/b'"),
        ("ver.json", {"format": 2, "scenarios": [AA]}, "format 2"),
        ("card.json", {"scenarios": [{**AA_KK, "players": "AsAh | KsKx9"}]}, "KsKx9"),
    ],
)
def test_malformed_file_is_one_line_and_exit_2(
    tmp_path: Path, name: str, content: Any, message: str
) -> None:
    text = content if isinstance(content, str) else json.dumps(content)
    result = invoke("check", str(write(tmp_path, name, text)))
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_a_player_the_run_refuses_names_its_scenario(tmp_path: Path) -> None:
    # Only the run finds that an Omaha-5 hand needs five cards: the error still says where.
    good = {"players": "AsAh | KsKh", "expected": [0.8, 0.2], "tolerance": 0.5}
    bad = {"players": "AsAdKsKd | JhTh9c8c7c", "game": "omaha5", "expected": [0.5, 0.5]}
    result = invoke(
        "check", str(write(tmp_path, "o5.json", json.dumps({"scenarios": [good, bad]})))
    )
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: scenario 2: 'AsAdKsKd' has 4 cards where an omaha5")
    assert len(result.stderr.strip().splitlines()) == 1


def test_missing_file_and_missing_argument_exit_2(tmp_path: Path) -> None:
    assert invoke("check", str(tmp_path / "missing.toml")).exit_code == 2
    assert (
        invoke(
            "check",
        ).exit_code
        == 2
    )
    assert invoke("check", str(tmp_path / "x.toml"), "--builtin").exit_code == 2


def test_load_spec_names_the_scenario() -> None:
    with pytest.raises(InputError, match="scenario 2"):
        parse_spec({"scenarios": [{"players": "AsAh", "expected": [0.8]}, {"players": 5}]})


def test_single_player_may_list_the_random_opponent(tmp_path: Path) -> None:
    data = {"scenarios": [{"players": ["AsKs"], "board": "QsTs5c2d",
                           "expected": [0.63, 0.37], "tolerance": 0.01}]}  # fmt: skip
    assert invoke("check", str(write(tmp_path, "one.json", json.dumps(data)))).exit_code == 0
    assert len(load_spec(tmp_path / "one.json")[0].expected) == 2


# --- the builtin known equities -------------------------------------------------------------------


def compiled_enumeration(players: list[str], board: str = "", dead: str = "") -> list[Fraction]:
    """Exact equities by brute force over the compiled evaluator's batch API.

    Independent of the engine: every non-conflicting assignment of combos and
    every board, evaluated with ``_eval.evaluate_many`` (itself checked against
    the reference evaluator on every five-card hand in test_evaluator.py).
    """
    b, d = parse_cards(board), parse_cards(dead)
    ranges = [parse_query(p).without(b + d) for p in players]
    if len(ranges) == 1:
        ranges.append(parse_query("random").without(b + d))
    n = len(ranges)
    share = [Fraction(0)] * n
    total = 0
    for assignment in product(*(r.combos for r in ranges)):
        hole = [c for combo in assignment for c in combo]
        if len(set(hole)) < len(hole):
            continue
        used = set(hole) | set(b) | set(d)
        rest = [c for c in range(52) if c not in used]
        k = 5 - len(b)
        boards = np.array(list(combinations(rest, k)), dtype=np.uint8).reshape(-1, k)
        m = len(boards)
        values = np.empty((n, m), dtype=np.int64)
        for i, combo in enumerate(assignment):
            cards = np.empty((m, 7), dtype=np.uint8)
            cards[:, :2] = combo
            cards[:, 2 : 2 + len(b)] = b
            cards[:, 2 + len(b) :] = boards
            out = np.empty(m, dtype=np.uint16)
            _eval.evaluate_many(cards, out)
            values[i] = out
        winners = values == values.max(axis=0)
        ways = winners.sum(axis=0)
        for i in range(n):
            for w in range(1, n + 1):
                share[i] += Fraction(int(np.sum(winners[i] & (ways == w))), w)
        total += m
    return [s / total for s in share]


BUILTIN = {s.name: s for s in builtin_spec()}
# Small enough for the pure-Python reference enumerator (a second or two each).
BY_REFERENCE = ["Split pot on the river", "Three-way on the turn with a dead card",
                "Ranges on the river", "AsKs vs 5hTc on QsTs5c (published 42.63%)"]  # fmt: skip
# Too big for it; enumerated over the compiled evaluator instead.
BY_COMPILED = [
    "AsAh vs KsKh preflop (published 82.63661126% / 17.36338874%)",
    "3c2s vs 5d4c preflop (1,712,304 outcomes)",
    "AhAd vs KhKd vs QhQd preflop",
    "AhKh vs QQ+,AKs,AKo on Qh7h2c",
    "TT+ vs AK,AQs on the turn, Ac dead",
    "AsKs vs 5hTc on QsTs5c (published 42.63%)",
]
# Too big for either here: checked against the published figures (PokerStove's, the seeds').
PUBLISHED = {
    "JcJh | 99+,AJs+ | random on 4dAc5d (published 24.26085949% / 49.61494327% / 26.12419724%)": (
        [0.2426085949, 0.4961494327, 0.2612419724], 1e-10),
    "AsKs vs a random hand preflop (published 67.0446323092352%)": ([0.670446323092352], 1e-15),
    "AsAh vs KsKh preflop (published 82.63661126% / 17.36338874%)": (
        [0.8263661126, 0.1736338874], 1e-10),
}  # fmt: skip


def test_every_builtin_scenario_is_cross_checked() -> None:
    mc = {n for n, s in BUILTIN.items() if s.options.get("method") == "mc"}
    checked = set(BY_REFERENCE) | set(BY_COMPILED) | set(PUBLISHED) | mc
    assert checked == set(BUILTIN)
    assert all(BUILTIN[n].exact for n in set(BUILTIN) - mc)


@pytest.mark.parametrize("name", BY_REFERENCE)
def test_builtin_equals_the_reference_enumerator(name: str) -> None:
    s = BUILTIN[name]
    b, d = parse_cards(s.board), parse_cards(s.dead)
    ranges = [parse_query(p).without(b + d) for p in s.players]
    assert list(reference_equity(ranges, b, d).equity) == list(s.expected)


@pytest.mark.slow
@pytest.mark.parametrize("name", BY_COMPILED)
def test_builtin_equals_a_brute_force_enumeration(name: str) -> None:
    s = BUILTIN[name]
    assert compiled_enumeration(list(s.players), s.board, s.dead)[: len(s.expected)] == list(
        s.expected
    )


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_builtin_matches_the_published_figures(name: str) -> None:
    figures, tolerance = PUBLISHED[name]
    got = [float(f) for f in BUILTIN[name].expected]
    assert got == pytest.approx(figures, abs=tolerance)


def test_monte_carlo_builtin_expects_the_exact_figures() -> None:
    (mc,) = [s for s in BUILTIN.values() if s.options.get("method") == "mc"]
    exact = BUILTIN["AsAh vs KsKh preflop (published 82.63661126% / 17.36338874%)"]
    assert mc.players == exact.players
    assert [float(x) for x in mc.expected] == pytest.approx(
        [float(x) for x in exact.expected], abs=1e-15
    )


@pytest.mark.slow
def test_builtin_check_passes_on_this_install() -> None:
    result = invoke("check", "--builtin", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)["result"]
    assert doc["source"] == "builtin" and doc["total"] == len(BUILTIN) and doc["passed"]


def test_a_signal_keeps_the_verdicts_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    # The third scenario's run is stopped: the two judged stand, marked interrupted, and
    # the command prints them (it once printed nothing) and exits 130.
    from pokercalc.pipelines import check as check_module

    real = check_module.check_scenario
    calls = []

    def stopped_third(*args: Any, **kw: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(check_module, "check_scenario", stopped_third)
    result = invoke("check", "--builtin", "--json")
    assert result.exit_code == 130, result.output
    doc = json.loads(result.stdout)["result"]
    assert doc["interrupted"] is True and doc["total"] == 2 and doc["passed"] is False
    calls.clear()
    table = invoke("check", "--builtin")
    assert table.exit_code == 130 and "INTERRUPTED after 2 scenarios: 0 failed" in table.stdout


def test_the_regression_file_in_the_docs_passes(tmp_path: Path) -> None:
    import re

    doc = (Path(__file__).resolve().parents[2] / "docs" / "pipelines.md").read_text()
    block = re.search(r"```toml[^\n]*\n(# equities\.toml\n.*?)```", doc, re.S)
    assert block is not None
    path = write(tmp_path, "equities.toml", block.group(1))
    result = invoke("check", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["result"]["total"] == 3


# --- options a scenario's method cannot use; keys twice; the notice of a long exact run ---------


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"method": "exact", "threshold": 1e6}, "method 'exact' excludes 'threshold', which is"),
        ({"method": "mc", "threshold": 1e6}, "method 'mc' excludes 'threshold', which is"),
        ({"method": "exact", "seed": 1}, "method 'exact' excludes 'seed', which is for Monte"),
        (
            {"tolerance": "exact", "expected": ["1/2", "1/2"], "threshold": 10},
            "tolerance 'exact' (an exhaustive run) excludes 'threshold'",
        ),
    ],
)
def test_options_the_method_cannot_use_make_the_file_malformed(
    tmp_path: Path, extra: dict[str, Any], message: str
) -> None:
    good = {"players": "AsAh | KsKh", "expected": [0.8, 0.2], "tolerance": 0.5}
    text = json.dumps({"scenarios": [good, {**AA_KK, **extra}]})
    result = invoke("check", str(write(tmp_path, "m.json", text)))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"Error: scenario 2: {message}")
    assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""
    # ... also when the defaults give the option the scenario's method cannot use
    with pytest.raises(InputError, match="scenario 1: method 'mc' excludes 'threshold'"):
        parse_spec({"defaults": {"threshold": 5}, "scenarios": [{**AA_KK, "method": "mc"}]})


def test_a_json_file_with_a_key_twice_is_malformed(tmp_path: Path) -> None:
    text = '{"scenarios": [{"players": "AsAh | KsKh", "expected": [0.8, 0.2], "expected": [1, 0]}]}'
    result = invoke("check", str(write(tmp_path, "twice.json", text)))
    assert result.exit_code == 2, result.output
    assert "bad JSON: key 'expected' appears twice in one object" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_expected_fractions_are_written_in_ascii() -> None:
    with pytest.raises(InputError, match="is not a number or 'a/b'"):
        spec("\uff11/2", "exact")  # (a fullwidth 1: the pattern's \\d read it)


@pytest.mark.slow
def test_a_long_exact_scenario_gets_the_plan_notice_and_others_do_not() -> None:
    seen: list[tuple[int, float]] = []

    def plan(outcomes: int, seconds: float) -> None:
        seen.append((outcomes, seconds))

    exact = fake_engine("exact", 0.5, None)
    check_scenario(spec(0.5, method="exact"), engine=exact, on_plan=plan)
    assert exact.options["on_plan"] is plan  # type: ignore[attr-defined]
    check_scenario(spec("1/2", "exact"), engine=exact, on_plan=plan)  # tolerance "exact"
    assert exact.options["on_plan"] is plan  # type: ignore[attr-defined]
    for extra in ({}, {"method": "mc"}):  # auto, as equity's own notice, and Monte Carlo
        engine = fake_engine("mc", 0.5, 0.0001)
        check_scenario(spec(0.5, **extra), engine=engine, on_plan=plan)
        assert "on_plan" not in engine.options  # type: ignore[attr-defined]
    # The real engine: AsKs against two random hands, preflop, is 1.9 trillion outcomes; the
    # notice comes once it has timed a sample, and stops it here.
    long = parse_spec({"scenarios": [{"players": "AsKs | random | random", "method": "exact",
                                      "threads": 1, "expected": [0.5, 0.25, 0.25]}]})  # fmt: skip

    def stop(outcomes: int, seconds: float) -> None:
        seen.append((outcomes, seconds))
        raise KeyboardInterrupt

    from pokercalc.pipelines.check import run_check

    result = run_check(long, on_plan=stop)
    assert result.interrupted and not result.scenarios
    assert seen[0][0] == 1_894_107_877_200 and seen[0][1] > 3.0


@pytest.mark.slow
def test_the_check_command_prints_the_plan_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pokercalc.cli as common

    notice = common.plan_notice

    def notice_then_stop(outcomes: int, seconds: float) -> None:
        notice(outcomes, seconds)
        raise KeyboardInterrupt

    monkeypatch.setattr(common, "plan_notice", notice_then_stop)
    text = json.dumps({"scenarios": [{"players": "AsKs | random | random", "method": "exact",
                                      "threads": 1, "expected": [0.5, 0.25, 0.25]}]})  # fmt: skip
    result = invoke("check", str(write(tmp_path, "long.json", text)))
    first = result.stderr.splitlines()[0]
    assert first.startswith("pokercalc: enumerating 1,894,107,877,200 outcomes exactly; about")


def test_scenario_names_with_brackets_are_shown_literally(tmp_path: Path) -> None:
    spec = tmp_path / "spots.json"
    spec.write_text(
        json.dumps(
            {
                "scenarios": [
                    {
                        "name": "[red]aces[/red] vs kings",
                        "players": ["AsAh", "KsKh"],
                        "expected": ["707495/856152", "148657/856152"],
                    }
                ]
            }
        )
    )
    result = CliRunner(env={"COLUMNS": "200"}).invoke(cli, ["check", str(spec)])
    assert result.exit_code == 0, result.output
    assert "[red]aces[/red] vs kings" in result.stdout
