"""Tests of ``pokercalc batch``: parsing, ordered streaming output, errors by line, Ctrl-C."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_runs import invoke
from click.testing import CliRunner

from pokercalc.cli import cli
from pokercalc.core.cards import format_card
from pokercalc.core.formats import json_line
from pokercalc.errors import InputError, ParseError
from pokercalc.pipelines import batch

MALFORMED = [
    "AsKs | Zz ; ;",  # unknown hand (engine-side parse error)
    "{bad json",  # not JSON
    "AsKs | QQ ; 4d ; ; x",  # too many fields
    '{"players": 3}',  # wrong type
    "AsAs | KK ;;",  # duplicate card
    "AsKs | QhQd ; 2c2c3c4c5c",  # duplicate board card
    '{"players": ["AsKs", "QQ"], "colour": "red"}',  # unknown key
    "AsKs | QhQd ; 2c3c ;",  # two-card board
    '{"players": "AsKs | KK", "trials": "many"}',  # bad option type
    "AsKs | AsQd ; 2c3c4c ;",  # card in two hands
]


def river_lines(n: int, seed: int = 1) -> list[str]:
    """``n`` random heads-up river scenarios with specific hands."""
    rng = random.Random(seed)
    lines = []
    for _ in range(n):
        c = [format_card(x) for x in rng.sample(range(52), 9)]
        lines.append(f"{c[0]}{c[1]} | {c[2]}{c[3]} ; {''.join(c[4:])} ;")
    return lines


def run_cli(args: list[str], text: str) -> tuple[int, list[str], str]:
    result = invoke("batch", *args, input=text)
    return result.exit_code, result.stdout.splitlines(), result.stderr


def pokercalc_cmd() -> list[str]:
    return [sys.executable, "-m", "pokercalc"]


# --- parsing ---------------------------------------------------------------------------------


def test_plain_form_with_optional_fields() -> None:
    s = batch.parse_scenario("  AsKs|QQ  ", 1)
    assert s is not None and (s.players, s.board, s.dead) == (("AsKs", "QQ"), "", "")
    s = batch.parse_scenario("AsKs | QQ | random ; 4dAc5d ; 2c", 2)
    assert s is not None and (s.players, s.board, s.dead) == (
        ("AsKs", "QQ", "random"),
        "4dAc5d",
        "2c",
    )


def test_json_form_options_and_id() -> None:
    s = batch.parse_scenario(
        '{"id": {"k": 1}, "players": ["AsKs", "QQ"], "board": "4dAc5d", "method": "mc", '
        '"trials": 1000, "seed": 3, "time": 0.5}',
        9,
    )
    assert s is not None
    assert s.id == {"k": 1} and s.line == 9
    assert dict(s.options) == {"method": "mc", "trials": 1000, "seed": 3, "time": 0.5}


@pytest.mark.parametrize("text", ["", "   ", "# AsKs | QQ", "\t# comment"])
def test_blank_and_comment_lines_are_skipped(text: str) -> None:
    assert batch.parse_scenario(text, 1) is None


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("AsKs ; ; ; ;", ParseError),
        ("{not json", ParseError),
        ('{"players": "AsKs | QQ", "time": -1}', InputError),
        ('{"players": []}', InputError),
        ('{"players": ["AsKs", "QQ"], "method": "fast"}', InputError),
        ('{"players": ["AsKs", "QQ"], "trials": 0}', InputError),
        ('{"players": ["AsKs", "QQ"], "seed": true}', InputError),
        ('{"players": ["AsKs", "QQ"], "board": 5}', InputError),
        ('{"players": ["AsKs", "QQ"], "bord": ""}', InputError),
        ("AsKs |  ; 4dAc5d", ParseError),
    ],
)
def test_malformed_lines_name_their_line(text: str, kind: type) -> None:
    with pytest.raises(kind, match=r"^line 7: "):
        batch.parse_scenario(text, 7)


# --- the judged case: 1,000 lines, 10 malformed ------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.process)])
def test_thousand_lines_ten_malformed(jobs: str) -> None:
    lines = river_lines(1000)
    bad = sorted(random.Random(5).sample(range(1000), 10))
    for i, text in zip(bad, MALFORMED, strict=True):
        lines[i] = text
    code, out, err = run_cli(["--jobs", jobs], "\n".join(lines) + "\n")
    assert code == 1
    rows = [json.loads(line) for line in out]
    assert [r["line"] for r in rows] == list(range(1, 1001))
    failed = [r for r in rows if not r["ok"]]
    assert [r["line"] for r in failed] == [i + 1 for i in bad]
    for r in failed:
        assert r["result"] is None
        assert r["error"]["message"].startswith(f"line {r['line']}: ")
    for r, text in zip(rows, lines, strict=True):
        if r["ok"]:
            hands = [h.strip() for h in text.split(";")[0].split("|")]
            assert [p["label"] for p in r["result"]["players"]] == hands
            assert r["result"]["board"] == text.split(";")[1].strip()
            assert r["error"] is None


def test_all_good_exits_zero_and_skips_blank_and_comment_lines() -> None:
    text = "# header\n\nAsKs | QhQd ; 4dAc5d7h2c ;\n   \n# more\nAhAd | KK ; 2c3d4h5s ;\n"
    code, out, _ = run_cli([], text)
    assert code == 0
    rows = [json.loads(line) for line in out]
    assert [r["line"] for r in rows] == [3, 6]
    assert rows[0]["result"]["players"][0]["equity_fraction"] == "1/1"


@pytest.mark.process
def test_results_equal_the_engine_and_do_not_depend_on_jobs() -> None:
    from pokercalc.analysis.equities import equity

    lines = river_lines(40, seed=2) + ["AhKh | QQ+,AKs,AKo ; Qh7h2c ;", "AsKs | 5hTc ; QsTs5c ;"]
    outputs = {}
    for jobs in ("1", "2"):
        code, out, _ = run_cli(["--jobs", jobs], "\n".join(lines))
        assert code == 0
        outputs[jobs] = [json.loads(x)["result"] for x in out]
    for one, two, text in zip(outputs["1"], outputs["2"], lines, strict=True):
        players, board, _ = (f.strip() for f in text.split(";"))
        want = equity(players, board, method="exact", threads=1)
        for res in (one, two):
            assert [p["equity_fraction"] for p in res["players"]] == [
                f"{p.equity_fraction.numerator}/{p.equity_fraction.denominator}"
                for p in want.players
            ]
            assert [p["equity"] for p in res["players"]] == [p.equity for p in want.players]


@pytest.mark.slow
def test_shared_options_apply_unless_a_line_overrides_them() -> None:
    text = "\n".join(
        [
            "AsKs | QQ",
            '{"players": "AsKs | QQ", "seed": 7}',
            '{"players": ["AsKs", "QQ"], "board": "4dAc5d", "method": "exact"}',
            '{"players": ["AsKs", "QQ"], "trials": 4000, "id": "four"}',
        ]
    )
    code, out, _ = run_cli(["--mc", "--trials", "2000", "--seed", "5"], text)
    assert code == 0
    rows = [json.loads(line) for line in out]
    res = [r["result"] for r in rows]
    assert [r["method"] for r in res] == ["mc", "mc", "exact", "mc"]
    assert [r["seed"] for r in res] == [5, 7, None, 5]
    assert res[0]["trials"] >= 2000 and res[3]["trials"] >= 4000 > res[0]["trials"]
    assert [r["id"] for r in rows] == [None, None, None, "four"]
    # The same seed and options give the same estimate, whatever the line.
    code, again, _ = run_cli(["--mc", "--trials", "2000", "--seed", "5", "--jobs", "1"], text)
    assert json.loads(again[0])["result"]["players"] == res[0]["players"]


def test_bad_shared_option_is_a_usage_error() -> None:
    code, out, err = run_cli(["--trials", "0"], "AsKs | QQ\n")
    assert code == 2 and out == [] and "Traceback" not in err


def test_missing_file_is_one_line_exit_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["batch", str(tmp_path / "nope.txt")])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_reads_a_file_argument(tmp_path: Path) -> None:
    path = tmp_path / "spots.txt"
    path.write_text("AsKs | QhQd ; 4dAc5d7h2c ;\nnonsense ; ; \n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["batch", str(path)])
    assert result.exit_code == 1
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["ok"] for r in rows] == [True, False]


# --- streaming and Ctrl-C (real processes) -------------------------------------------------------


@pytest.mark.process
@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.process)])
def test_each_answer_is_flushed_before_the_next_line_arrives(jobs: str) -> None:
    with subprocess.Popen(
        [*pokercalc_cmd(), "batch", "--jobs", jobs, "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        try:
            for i, text in enumerate(river_lines(3, seed=9), start=1):
                proc.stdin.write(text + "\n")
                proc.stdin.flush()
                row = json.loads(proc.stdout.readline())  # blocks until that line is answered
                assert row["line"] == i and row["ok"], row
            proc.stdin.close()
            assert proc.stdout.read() == ""
            assert proc.wait(timeout=30) == 0
        finally:
            proc.kill()


@pytest.mark.process
@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.process)])
def test_ctrl_c_leaves_only_complete_lines(tmp_path: Path, jobs: str) -> None:
    path = tmp_path / "slow.txt"
    # Each Monte Carlo line takes about 0.05 s, so Ctrl-C cuts the run off midway.
    path.write_text("JcJh | 99+,AJs+ | random ; 4dAc5d ;\n" * 2000, encoding="utf-8")
    errors = tmp_path / "stderr.txt"
    with (
        errors.open("wb") as err_file,
        subprocess.Popen(
            [*pokercalc_cmd(), "batch", "--mc", "--time", "0.05", "--jobs", jobs, str(path)],
            stdout=subprocess.PIPE,
            stderr=err_file,
        ) as proc,
    ):
        assert proc.stdout is not None
        try:
            first = proc.stdout.readline()  # the run is under way
            time.sleep(0.5)
            proc.send_signal(signal.SIGINT)
            out = first + proc.stdout.read()  # (not communicate: it skips buffered data)
            proc.wait(timeout=30)
        finally:
            proc.kill()
    err = errors.read_bytes()
    assert proc.returncode == 130, err
    assert b"Traceback" not in err
    assert out.endswith(b"\n")
    rows = [json.loads(line) for line in out.decode().splitlines()]
    assert 0 < len(rows) < 2000
    assert [r["line"] for r in rows] == list(range(1, len(rows) + 1))
    assert all(r["ok"] and not r["result"]["interrupted"] for r in rows)


@pytest.mark.process
def test_reader_that_goes_away_does_not_cause_a_traceback() -> None:
    lines = "\n".join(river_lines(3000)) + "\n"
    proc = subprocess.run(
        f"{sys.executable} -m pokercalc batch - | head -n 2",
        shell=True,
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ},
    )
    assert len(proc.stdout.splitlines()) == 2
    assert "Traceback" not in proc.stderr


# --- the library entry point -----------------------------------------------------------------


def test_run_batch_counts_written_and_failed_lines() -> None:
    out: list[str] = []
    written, failed = batch.run_batch(
        ["AsKs | QhQd ; 4dAc5d7h2c", "# skip", "bad | ; ;"], out.append, jobs=1
    )
    assert (written, failed) == (2, 1) and len(out) == 2
    assert json.loads(out[1])["error"]["kind"] == "ParseError"


def test_run_batch_rejects_unknown_shared_options() -> None:
    with pytest.raises(InputError, match="unknown engine option"):
        batch.run_batch([], print, {"colour": "red"})
    with pytest.raises(InputError, match="--jobs"):
        batch.run_batch([], print, jobs=0)


@pytest.mark.slow
def test_the_batch_file_in_the_docs_gives_what_the_docs_show() -> None:
    import re

    doc = (Path(__file__).resolve().parents[2] / "docs" / "pipelines.md").read_text()
    block = re.search(r"```text[^\n]*\n(# hero \| villain.*?)```", doc, re.S)
    assert block is not None
    code, out, _ = run_cli([], block.group(1))
    assert code == 1
    rows = [json.loads(line) for line in out]
    assert [(r["line"], r["ok"], r["id"]) for r in rows] == [
        (2, True, None), (3, True, None), (4, True, None), (5, True, "bb-defend"), (6, False, None)
    ]  # fmt: skip
    shown = [round(p["equity"] * 100, 1) for p in rows[2]["result"]["players"]]
    assert shown == [24.3, 49.6, 26.1]
    assert rows[4]["error"]["message"] in doc


@pytest.mark.process
@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.process)])
def test_crlf_bad_bytes_and_no_final_newline(tmp_path: Path, jobs: str) -> None:
    path = tmp_path / "dos.txt"
    path.write_bytes(b"AsKs | QhQd ; 4dAc5d7h2c ;\r\nAs\xff | QQ\r\n# note\r\nAhAd | KK ; 2c3d4h5s")
    proc = subprocess.run(
        [*pokercalc_cmd(), "batch", "--jobs", jobs, str(path)], capture_output=True, timeout=60
    )
    assert proc.returncode == 1 and b"Traceback" not in proc.stderr
    rows = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert [(r["line"], r["ok"]) for r in rows] == [(1, True), (2, False), (4, True)]
    assert rows[2]["result"]["board"] == "2c3d4h5s"


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ('"time": Infinity', "time must be a finite number, got inf"),
        ('"time": NaN', "time must be a finite number, got nan"),
        ('"trials": 99999999999999999999', "trials must be at least 1"),
        ('"threshold": -5', "threshold must be at least 0"),
        ('"seed": -1', "seed must be at least 0"),
        # beyond a float's range: no OverflowError (an InternalError line) from float()
        ('"time": 1' + "0" * 400, "time must be above 0 and at most 1e+07, got an integer of 401"),
        ('"stderr": -1' + "0" * 400, "stderr must be above 0 and at most 1, got an integer of"),
    ],
)
def test_bad_numbers_in_batch_lines_are_that_lines_input_error(field: str, message: str) -> None:
    line = '{"players": ["AsKs", "QQ"], ' + field + "}\nAsKs | QQ ; 2c3d4h ;\n"
    result = invoke("batch", "--jobs", "1", input=line)
    assert result.exit_code == 1
    first, second = (json.loads(x) for x in result.stdout.splitlines())
    assert first["error"]["kind"] == "InputError" and message in first["error"]["message"]
    assert second["ok"] is True


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"players": "AsKs | QQ", "time": 1' + "0" * 5000 + "}", "bad JSON: Exceeds the limit"),
        ('{"players": ' + "[" * 100_000 + "]" * 100_000 + "}", "bad JSON: nested too deeply"),
    ],
)
def test_json_lines_python_cannot_read_are_that_lines_parse_error(text: str, message: str) -> None:
    result = invoke("batch", "--jobs", "1", input=text + "\nAsKs | QQ\n")
    assert result.exit_code == 1
    first, second = (json.loads(x) for x in result.stdout.splitlines())
    assert first["error"]["kind"] == "ParseError" and message in first["error"]["message"]
    assert second["ok"] is True


@pytest.mark.parametrize("jobs", [1, pytest.param(2, marks=pytest.mark.process)])
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


#: A line that runs (exact on a flop: 5,940 outcomes) after the line under test.
GOOD = "AsKs | QQ ; 2c3d4h ;"


@pytest.mark.parametrize("jobs", [1, pytest.param(2, marks=pytest.mark.process)])
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
@pytest.mark.parametrize("jobs", [1, pytest.param(2, marks=pytest.mark.process)])
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


@pytest.mark.parametrize("jobs", [1, pytest.param(2, marks=pytest.mark.process)])
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
