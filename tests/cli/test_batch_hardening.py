"""batch at its edges: workers after OpenMP, one line never costs another, whole-batch stops."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from pokercalc.output.formats import json_line, json_text
from pokercalc.pipelines import batch


def test_a_script_that_ran_openmp_can_start_a_batch_pool(tmp_path: Path) -> None:
    # No __main__ guard on purpose: a library's workers must not re-run the caller's
    # script, and must not fork a process whose OpenMP pool exists (that hung forever).
    script = tmp_path / "after_openmp.py"
    script.write_text(
        textwrap.dedent(
            """
            import pokercalc
            pokercalc.equity("AsKs|QQ", method="mc", threads=2, trials=100000, seed=1)
            out = []
            print(pokercalc.run_batch(["AsKs | QQ ; 2c3d4h ;"] * 10, out.append, jobs=2))
            print(len(out))
            """
        )
    )
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["(10,", "0)", "10"]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_one_deal_monte_carlo_line_costs_no_other_line(jobs: int) -> None:
    lines = [
        '{"players": ["AsKs", "QQ"], "method": "mc", "trials": 1, "seed": 1}',
        "AsKs | QQ ; 2c3d4h ;",
    ]
    out: list[str] = []
    written, failed = batch.run_batch(lines, out.append, jobs=jobs)
    assert (written, failed) == (2, 0)
    first = json.loads(out[0])  # strict: Python's json would accept NaN, so check below
    assert all(p["stderr"] is None for p in first["result"]["players"])
    assert "Infinity" not in out[0] and "NaN" not in out[0]
    assert json.loads(out[1])["result"]["players"][0]["equity_fraction"] == "41/110"


def test_an_unexpected_error_in_one_line_is_that_lines_error() -> None:
    def engine(players, board, dead, **options):  # type: ignore[no-untyped-def]
        if "KK" in players:
            raise RuntimeError("boom")
        from pokercalc import equity

        return equity(players, board, dead, **options)

    good = batch.run_scenario(batch.parse_scenario("AsKs | QQ ; 2c3d4h ;", 1), engine=engine)
    bad = batch.run_scenario(batch.parse_scenario("AsKs | KK ; 2c3d4h ;", 2), engine=engine)
    assert good["ok"] is True
    assert bad["ok"] is False and bad["error"]["kind"] == "RuntimeError"


def test_json_writers_never_write_nan_or_infinity() -> None:
    data = {"a": math.inf, "b": [math.nan, -math.inf, 1.5], "c": {"d": 2}}
    for text in (json_text(data), json_line(data)):
        assert json.loads(text) == {"a": None, "b": [None, None, 1.5], "c": {"d": 2}}


def test_sigterm_ends_the_whole_batch_with_whole_lines(tmp_path: Path) -> None:
    slow = tmp_path / "slow.txt"
    slow.write_text("AsKs | QQ ; 2c3d4h ;\n" + "AsKs | 22+,A2+,K2+ | random ; ;\n" * 3)
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", "batch", str(slow), "--jobs", "2", "--exact"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ},
    )
    time.sleep(2.5)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert time.perf_counter() - sent < 2.0
    assert proc.returncode == 143, err
    assert "Traceback" not in err
    for line in out.splitlines():
        assert json.loads(line)["ok"] is True  # every line printed is whole


#: A line that runs (exact on a flop: 5,940 outcomes) after the line under test.
GOOD = "AsKs | QQ ; 2c3d4h ;"


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize(
    ("keys", "named"),
    [
        ('"trials": 100', "'trials', which is"),
        ('"time": 1', "'time', which is"),
        ('"stderr": 0.01', "'stderr', which is"),
        ('"seed": 0', "'seed', which is"),
        ('"seed": 1, "trials": 100', "'trials' and 'seed', which are"),
    ],
)
def test_a_line_that_is_exact_with_monte_carlo_keys_is_that_lines_error(
    jobs: int, keys: str, named: str
) -> None:
    line = '{"players": ["AsKs", "QQ"], "method": "exact", ' + keys + "}"
    out: list[str] = []
    assert batch.run_batch([line, GOOD], out.append, jobs=jobs) == (2, 1)
    bad, good = (json.loads(x) for x in out)
    assert bad["ok"] is False and bad["line"] == 1
    assert bad["error"] == {
        "kind": "InputError",
        "message": f"line 1: method 'exact' excludes {named} for Monte Carlo",
    }
    assert good["ok"] is True and good["result"]["method"] == "exact"


def test_a_lines_monte_carlo_key_under_a_shared_exact_is_that_lines_error() -> None:
    lines = ['{"players": "AsKs | QQ", "board": "2c3d4h", "trials": 100}', GOOD]
    out: list[str] = []
    assert batch.run_batch(lines, out.append, {"method": "exact"}, jobs=1) == (2, 1)
    bad, good = (json.loads(x) for x in out)
    assert bad["error"]["kind"] == "InputError"
    assert bad["error"]["message"] == (
        "line 1: the shared method 'exact' (--exact) excludes the line's 'trials', "
        "which is for Monte Carlo"
    )
    assert good["ok"] is True and good["result"]["method"] == "exact"
    # The line may say what it wants instead: its own method wins, with its trials.
    mc = '{"players": "AsKs | QQ", "method": "mc", "trials": 300, "seed": 2}'
    out.clear()
    assert batch.run_batch([mc], out.append, {"method": "exact"}, jobs=1) == (1, 0)
    res = json.loads(out[0])["result"]
    assert res["method"] == "mc" and res["seed"] == 2 and res["trials"] >= 300


def test_a_line_that_chooses_exact_leaves_the_shared_monte_carlo_options() -> None:
    lines = ['{"players": "AsKs | QQ", "method": "exact", "board": "2c3d4h"}', "AsKs | QQ"]
    out: list[str] = []
    shared = {"method": "mc", "trials": 300, "seed": 5, "stderr": 0.5, "time": 5}
    assert batch.run_batch(lines, out.append, shared, jobs=1) == (2, 0)
    exact, mc = (json.loads(x)["result"] for x in out)
    assert exact["method"] == "exact" and exact["seed"] is None and exact["trials"] is None
    assert mc["method"] == "mc" and mc["seed"] == 5


@pytest.mark.parametrize(
    "shared", [{"method": "exact", "trials": 100}, {"method": "exact", "seed": 0}]
)
def test_shared_exact_with_monte_carlo_options_is_refused_before_any_line(
    shared: dict[str, object],
) -> None:
    from pokercalc.errors import InputError

    out: list[str] = []
    with pytest.raises(InputError, match="^option: method 'exact' excludes '(trials|seed)'"):
        batch.run_batch([GOOD], out.append, shared, jobs=1)
    assert out == []


def test_parse_scenario_names_the_line_of_an_exact_line_with_monte_carlo_keys() -> None:
    from pokercalc.errors import InputError

    with pytest.raises(InputError, match="^line 7: method 'exact' excludes 'time', which is"):
        batch.parse_scenario('{"players": "AsKs | QQ", "method": "exact", "time": 2}', 7)
    auto = batch.parse_scenario('{"players": "AsKs | QQ", "method": "auto", "time": 2}', 8)
    assert auto is not None and auto.options == {"method": "auto", "time": 2.0}


def test_the_batch_command_reports_a_conflicting_line_and_runs_the_others() -> None:
    from click.testing import CliRunner

    from pokercalc.cli import cli

    text = '{"players": ["AsKs", "QQ"], "method": "exact", "trials": 100}\n' + GOOD + "\n"
    for jobs in ("1", "2"):
        result = CliRunner().invoke(cli, ["batch", "--jobs", jobs], input=text)
        assert result.exit_code == 1, result.output
        bad, good = (json.loads(x) for x in result.stdout.splitlines())
        assert bad["error"]["message"] == (
            "line 1: method 'exact' excludes 'trials', which is for Monte Carlo"
        )
        assert good["ok"] is True


# --- threshold is for the automatic choice: a line's method or the shared one refuses it ------


@pytest.mark.parametrize("method", ["exact", "mc"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_line_with_a_method_and_a_threshold_is_that_lines_error(jobs: int, method: str) -> None:
    line = json.dumps({"players": ["AsKs", "QQ"], "method": method, "threshold": 1000})
    out: list[str] = []
    assert batch.run_batch([line, GOOD], out.append, jobs=jobs) == (2, 1)
    bad, good = (json.loads(x) for x in out)
    assert bad["error"] == {
        "kind": "InputError",
        "message": f"line 1: method '{method}' excludes 'threshold', which is for the automatic "
        "choice of method",
    }
    assert good["ok"] is True


@pytest.mark.parametrize("method", ["exact", "mc"])
def test_a_lines_threshold_under_a_shared_method_is_that_lines_error(method: str) -> None:
    lines = ['{"players": "AsKs | QQ", "board": "2c3d4h", "threshold": 10}', GOOD]
    out: list[str] = []
    shared = {"method": method, "trials": 300} if method == "mc" else {"method": method}
    assert batch.run_batch(lines, out.append, shared, jobs=1) == (2, 1)
    bad, good = (json.loads(x) for x in out)
    assert bad["error"]["message"] == (
        f"line 1: the shared method '{method}' (--{method}) excludes the line's 'threshold', "
        "which is for the automatic choice of method"
    )
    assert good["ok"] is True and good["result"]["method"] == method


def test_a_line_that_chooses_its_method_leaves_the_shared_threshold() -> None:
    lines = [
        '{"players": "AsKs | QQ", "method": "exact", "board": "2c3d4h"}',
        '{"players": "AsKs | QQ", "method": "mc", "trials": 300, "seed": 4}',
        "AsKs | QQ",  # auto, with the shared threshold: too big to enumerate, so it samples
    ]
    out: list[str] = []
    shared = {"threshold": 1000, "trials": 300, "seed": 5}
    assert batch.run_batch(lines, out.append, shared, jobs=1) == (3, 0)
    exact, mc, auto = (json.loads(x)["result"] for x in out)
    assert exact["method"] == "exact" and mc["method"] == "mc" and mc["seed"] == 4
    assert auto["method"] == "mc" and auto["seed"] == 5


@pytest.mark.parametrize("method", ["exact", "mc"])
def test_shared_method_with_a_threshold_is_refused_before_any_line(method: str) -> None:
    from pokercalc.errors import InputError

    out: list[str] = []
    match = f"^option: method '{method}' excludes 'threshold'"
    with pytest.raises(InputError, match=match):
        batch.run_batch([GOOD], out.append, {"method": method, "threshold": 5}, jobs=1)
    assert out == []


# --- every output line is one JSON object with each key once, naming its game ------------------


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)), f"a key twice in one object: {keys}"
    return dict(pairs)


def _strict(line: str) -> dict[str, object]:
    obj = json.loads(line, object_pairs_hook=_no_duplicates)
    assert isinstance(obj, dict)
    return obj


#: One input line of each kind a batch meets, with the game its result names (None: an error).
LINE_KINDS = [
    ("AsKs | QQ ; 2c3d4h ;", "holdem"),
    ('{"players": ["AsKs", "QQ"], "board": "2c3d4h", "id": {"game": 1, "line": 2}}', "holdem"),
    ('{"players": "AsKs | QQ", "method": "mc", "trials": 300, "seed": 1}', "holdem"),
    ('{"players": "AsKs | QQ", "threshold": 10, "trials": 300, "seed": 1, "id": 7}', "holdem"),
    ('{"players": "AsKs | QQ", "board": "6d7c8h", "game": "shortdeck"}', "shortdeck"),
    ('{"players": "AsKs | QQ", "board": "6d7c8h", "game": "shortdeck-triton"}', "shortdeck-triton"),
    ('{"players": "AsKsQd2d | AhAdKcQc", "board": "Qs7s2c5h", "game": "omaha"}', "omaha"),
    ('{"players": "AsKsQd2d | AhAdKcQc", "board": "Qs7s2c5h", "game": "plo8"}', "omaha-hilo"),
    ("Zz | QQ", None),  # ParseError
    ('{"players": "AsKs | QQ", "game": "chess", "id": "g"}', None),  # InputError
    ("AsKs | AsQs", None),  # CardConflictError
    ("AsKs | AA ; AhAdAc", None),  # EmptyRangeError
    ('{"players": "AsKs | QQ", "seed": 1, "seed": 2}', None),  # a key twice: ParseError
    ("{not json", None),
    ("[1, 2]", None),
]


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_kind_of_output_line_has_each_key_once_and_names_its_game(jobs: int) -> None:
    out: list[str] = []
    lines = [text for text, _ in LINE_KINDS]
    written, _ = batch.run_batch(lines, out.append, jobs=jobs)
    assert written == len(LINE_KINDS)
    head = ["schema_version", "pokercalc_version", "command", "line", "id", "ok", "result"]
    for (text, game), line in zip(LINE_KINDS, out, strict=True):
        obj = _strict(line)
        assert list(obj) == [*head, "error"], text
        assert obj["command"] == "batch" and "game" not in obj
        if game is None:
            assert obj["ok"] is False and obj["result"] is None, text
            assert set(obj["error"]) == {"kind", "message"}  # type: ignore[arg-type]
        else:
            assert obj["ok"] is True and obj["error"] is None, (text, obj["error"])
            assert obj["result"]["game"] == game, text  # type: ignore[index]
    assert _strict(out[1])["id"] == {"game": 1, "line": 2}  # echoed, not merged into the line


def test_error_lines_of_every_path_have_each_key_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokercalc.errors import InternalError

    lost = batch._lost_lines([(3, GOOD), (4, "# comment")], RuntimeError("worker died"))
    assert len(lost) == 1 and _strict(lost[0][0])["line"] == 3
    failed = batch.error_line(5, InternalError("boom"), {"id": 1})
    assert _strict(json_line(failed))["error"]["kind"] == "InternalError"  # type: ignore[index]

    class Unwritable:
        interrupted = False

        def to_dict(self) -> dict[str, object]:
            return {"game": "holdem", "x": object()}

    scenario = batch.parse_scenario('{"players": "AsKs | QQ", "id": "keep"}', 6)
    assert scenario is not None
    obj = batch.run_scenario(scenario, engine=lambda *a, **k: Unwritable())
    assert obj["ok"] is True
    monkeypatch.setattr(batch, "run_scenario", lambda item, shared: obj)
    text, ok = batch._line_text(scenario, {})
    line = _strict(text)
    assert ok is False and line["id"] == "keep" and line["line"] == 6  # (the id was dropped)
    assert "cannot write the result" in line["error"]["message"]  # type: ignore[index]


def test_a_json_line_with_a_key_twice_is_that_lines_parse_error() -> None:
    from pokercalc.errors import ParseError

    for text in (
        '{"players": "AsKs | QQ", "seed": 1, "seed": 2}',
        '{"players": "AsKs | QQ", "id": {"a": 1, "a": 2}}',
    ):
        with pytest.raises(ParseError, match="^line 3: bad JSON: key '(seed|a)' appears twice"):
            batch.parse_scenario(text, 3)
