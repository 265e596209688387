"""Bad numbers, files and cards: one line and exit 2 everywhere; user text shown literally."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import pokercalc
from pokercalc.cli import cli
from pokercalc.errors import CardConflictError, InputError, ParseError, PokercalcError


def run(*args: str, input: str | None = None) -> object:
    return CliRunner().invoke(cli, list(args), input=input)


def one_line_error(result: object, status: int = 2) -> str:
    assert result.exit_code == status, result.output  # type: ignore[attr-defined]
    lines = result.stderr.strip().splitlines()  # type: ignore[attr-defined]
    assert len(lines) == 1 and lines[0].startswith("Error:"), result.stderr  # type: ignore[attr-defined]
    assert "Traceback" not in result.output  # type: ignore[attr-defined]
    return lines[0]


MARKUP = "[50]AKs,QQ[/50]"


@pytest.mark.parametrize(
    "args",
    [
        ["equity", MARKUP, "JJ"],
        ["winodds", MARKUP, "--trials", "1000", "--seed", "1"],
        ["query", MARKUP],
        ["equity", "[25]AKs[/25]", "[75]QQ[/75]"],
    ],
)
def test_user_text_is_shown_literally(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 0, result.output
    label = args[1]
    if args[0] != "query":
        assert label in result.stdout


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


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--time", "nan", "time must be a finite number, got nan"),
        ("--time", "inf", "time must be a finite number, got inf"),
        ("--time", "1e309", "time must be a finite number, got inf"),
        ("--time", "-1", "time must be above 0"),
        ("--stderr", "nan", "stderr must be a finite number, got nan"),
        ("--stderr", "0", "stderr must be above 0"),
        ("--trials", "9223372036854775808", "trials must be at least 1"),
        ("--trials", "0", "trials must be at least 1"),
        ("--trials", "1.5", "'1.5' is not an integer"),
        ("--seed", "-1", "seed must be at least 0"),
        ("--seed", str(2**53), "seed must be at least 0 and at most 9007199254740991"),
        ("--threads", "0", "threads must be at least 1 and at most 256"),
    ],
)
@pytest.mark.parametrize("command", ["equity", "winodds", "batch"])
def test_bad_numbers_are_one_line(command: str, option: str, value: str, message: str) -> None:
    args = {"equity": ["equity", "AsKs", "QQ"], "winodds": ["winodds", "AsKs"], "batch": ["batch"]}
    result = run(*args[command], option, value, input="AsKs | QQ\n")
    assert message in one_line_error(result)


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_bad_threshold_is_one_line(value: str) -> None:
    assert "threshold" in one_line_error(run("equity", "AsKs", "QQ", "--threshold", value))


def test_bad_time_limit_is_one_line() -> None:
    assert "time_limit" in one_line_error(run("flops", "AA", "KK", "--time-limit", "nan"))


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
    result = run("batch", "--jobs", "1", input=line)
    assert result.exit_code == 1
    first, second = (json.loads(x) for x in result.stdout.splitlines())
    assert first["error"]["kind"] == "InputError" and message in first["error"]["message"]
    assert second["ok"] is True


def test_api_numbers_are_checked_the_same_way() -> None:
    with pytest.raises(InputError, match="time must be a finite number"):
        pokercalc.equity("AsKs | QQ", method="mc", time=float("nan"))
    with pytest.raises(InputError, match="stderr must be a finite number"):
        pokercalc.winodds("AsKs", stderr=float("inf"))
    with pytest.raises(InputError, match="trials must be at least 1"):
        pokercalc.equity("AsKs | QQ", method="mc", trials=2**63)
    for name in ("time", "stderr", "threshold"):
        with pytest.raises(InputError, match=f"{name} must be .* an integer of 401 digits"):
            pokercalc.equity("AsKs | QQ", method="mc", **{name: 10**400})


def test_an_unwritable_output_is_refused_before_computing() -> None:
    line = one_line_error(run("flops", "AA", "ATC", "--csv", "/nonexistent/dir/x.csv"))
    assert "folder '/nonexistent/dir' does not exist" in line


@pytest.mark.parametrize("path", ["/proc/self/mem", "/nonexistent/file.txt", "/tmp"])
def test_an_unreadable_input_is_one_line(path: str) -> None:
    import subprocess
    import sys

    for command in ("batch", "check"):
        proc = subprocess.run(
            [sys.executable, "-m", "pokercalc", command, path],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == 2, (command, proc.stderr)
        assert "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1


def test_errors_quote_at_most_about_60_characters_of_the_input() -> None:
    text = "AsKs | " + "QQ," * 60 + "ZZ"
    line = one_line_error(run("equity", text))
    assert "ZZ" in line and len(line) < 160


API_CALLS = {
    "equity": lambda board: pokercalc.equity("AA | KK", board=board),
    "winodds": lambda board: pokercalc.winodds("AA", board=board, trials=100),
    "query": lambda board: pokercalc.run_query("AA", board=board),
    "player_range": lambda board: pokercalc.player_range("AA", board=board),
    "count_outcomes": lambda board: pokercalc.count_outcomes("AA | KK", board=board),
}


@pytest.mark.parametrize(
    ("board", "kind", "message"),
    [
        ([1, 1, 2], CardConflictError, "board has 2d more than once"),
        ("AsKs", InputError, "a board has 0, 3, 4 or 5 cards, got 2"),
        ("AsKsQsJsTs9s", InputError, "a board has 0, 3, 4 or 5 cards, got 6"),
        ("AsXx", ParseError, "unknown rank 'X'"),
        ([52, 1, 2], InputError, "card index 52 is not in 0..51"),
    ],
)
def test_one_validation_of_boards_for_every_call(
    board: object, kind: type[PokercalcError], message: str
) -> None:
    for call in API_CALLS.values():
        with pytest.raises(kind, match=message):
            call(board)
    if isinstance(board, str):
        for args in (["equity", "AA", "KK"], ["winodds", "AA"], ["query", "AA"]):
            assert message in one_line_error(run(*args, "--board", board)), args


def test_boards_given_as_card_strings_work() -> None:
    a = pokercalc.equity("AA | KK", board=["4d", "Ac", "5d"])
    b = pokercalc.equity("AA | KK", board="4dAc5d")
    assert [p.equity_fraction for p in a.players] == [p.equity_fraction for p in b.players]


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: pokercalc.equity(5), "players"),
        (lambda: pokercalc.equity("AA | KK", board=3.5), "board"),
        (lambda: pokercalc.equity("AA | KK", dead={1: 2}), "dead"),
        (lambda: pokercalc.equity("AA | KK", threads="2"), "threads"),
        (lambda: pokercalc.equity("AA | KK", method="mc", trials=1.5), "trials"),
        (lambda: pokercalc.equity("AA | KK", method="mc", time="1"), "time"),
        (lambda: pokercalc.equity(["AA", 7]), "player"),
        (lambda: pokercalc.winodds("AA", board=3.5), "board"),
        (lambda: pokercalc.run_query("AA", dead=4.0), "dead"),
    ],
)
def test_wrong_types_in_the_api_are_type_errors_naming_the_argument(call, name: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError, match=name):
        call()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"players": "AsKs | QQ", "time": 1' + "0" * 5000 + "}", "bad JSON: Exceeds the limit"),
        ('{"players": ' + "[" * 100_000 + "]" * 100_000 + "}", "bad JSON: nested too deeply"),
    ],
)
def test_json_lines_python_cannot_read_are_that_lines_parse_error(text: str, message: str) -> None:
    result = run("batch", "--jobs", "1", input=text + "\nAsKs | QQ\n")
    assert result.exit_code == 1
    first, second = (json.loads(x) for x in result.stdout.splitlines())
    assert first["error"]["kind"] == "ParseError" and message in first["error"]["message"]
    assert second["ok"] is True


#: A cheap run of each command that takes the engine options (batch reads the line on stdin).
ENGINE_COMMANDS = {
    "equity": ["equity", "AsKs | QQ", "--board", "2c3d4h"],
    "winodds": ["winodds", "AsKs", "--board", "2c3d4h"],
    "outs": ["outs", "AsAc", "--board", "Kd8h9c", "--vs", "QhJh"],
    "batch": ["batch", "--jobs", "1"],
}


@pytest.mark.parametrize("flags", [["--exact", "--mc"], ["--mc", "--exact"]])
@pytest.mark.parametrize("command", sorted(ENGINE_COMMANDS))
def test_exact_and_mc_together_are_one_line_in_either_order(command: str, flags: list[str]) -> None:
    result = run(*ENGINE_COMMANDS[command], *flags, input="AsKs | QQ ; 2c3d4h ;\n")
    assert one_line_error(result) == "Error: --exact and --mc exclude each other"
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (["--trials", "100"], "--trials, which is"),
        (["--time", "1"], "--time, which is"),
        (["--stderr", "0.01"], "--stderr, which is"),
        (["--seed", "1"], "--seed, which is"),
        (["--seed", "1", "--trials", "100"], "--trials and --seed, which are"),
    ],
)
@pytest.mark.parametrize("command", sorted(ENGINE_COMMANDS))
def test_monte_carlo_options_with_exact_are_one_line(
    command: str, options: list[str], named: str
) -> None:
    for args in ([*options, "--exact"], ["--exact", *options]):
        result = run(*ENGINE_COMMANDS[command], *args, input="AsKs | QQ ; 2c3d4h ;\n")
        assert one_line_error(result) == f"Error: --exact excludes {named} for Monte Carlo"
        assert result.stdout == ""


@pytest.mark.parametrize("command", ["equity", "winodds", "outs"])
def test_the_method_flags_still_choose_the_method(command: str) -> None:
    args = ENGINE_COMMANDS[command]
    exact = run(*args, "--exact", "--json")
    assert exact.exit_code == 0, exact.output
    assert '"method": "exact"' in exact.stdout and '"method": "mc"' not in exact.stdout
    mc = run(*args, "--mc", "--trials", "500", "--seed", "3", "--json")
    assert mc.exit_code == 0, mc.output
    assert '"method": "mc"' in mc.stdout and '"method": "exact"' not in mc.stdout


def test_monte_carlo_options_without_a_method_flag_stay_legitimate() -> None:
    # Auto may sample, so it takes them all; here it enumerates (5,940 outcomes).
    args = ["--trials", "100", "--time", "1", "--stderr", "0.01", "--seed", "1", "--json"]
    result = run(*ENGINE_COMMANDS["equity"], *args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["result"]["method"] == "exact"
    # ... and on a spot too big to enumerate under the threshold, they steer Monte Carlo.
    args = ["--threshold", "1000", "--trials", "700", "--seed", "9", "--json"]
    result = run("equity", "AsKs | QQ", *args)
    assert result.exit_code == 0, result.output
    res = json.loads(result.stdout)["result"]
    assert res["method"] == "mc" and res["seed"] == 9 and res["trials"] >= 700


def test_the_shared_validation_refuses_monte_carlo_options_with_exact() -> None:
    from pokercalc.core.validate import check_engine_options, check_method_options

    with pytest.raises(InputError, match="^method 'exact' excludes trials, which is for Monte"):
        check_engine_options(method="exact", trials=100, threads=2)
    assert check_engine_options(method="auto", trials=100, seed=1) == {"trials": 100, "seed": 1}
    assert check_engine_options(method="exact", threads=2, threshold=None) == {"threads": 2}
    flags = {"time": "--time", "seed": "--seed"}
    with pytest.raises(InputError, match="^--exact excludes --time and --seed, which are for"):
        check_method_options("exact", {"time": 1.0, "seed": 0}, exact="--exact", names=flags)
    check_method_options("mc", {"trials": 100, "time": 1.0, "stderr": 0.1, "seed": 0})


# --- numbers are ASCII: int() and float() would read other digits -------------------------------

#: Digits that Python's int() and float() read but a number option must not take.
WIDE, ARABIC = "\uff11", "\u0663"  # fullwidth 1, Arabic-Indic 3


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AsAh | KsKh", "--time", WIDE],
        ["equity", "AsAh | KsKh", "--mc", "--time", WIDE],
        ["equity", "AsAh | KsKh", "--trials", WIDE * 4],
        ["equity", "AsAh | KsKh", "--seed", ARABIC],
        ["equity", "AsAh | KsKh", "--stderr", "0." + WIDE],
        ["equity", "AsAh | KsKh", "--threads", WIDE],
        ["equity", "AsAh | KsKh", "--threshold", WIDE + "e6"],
        ["equity", "AsAh | KsKh", "--jobs", WIDE],
        ["equity", "AsAh | KsKh", "--decimals", WIDE],
        ["outs", "AsAc", "--board", "Kd8h9c", "--trials", ARABIC],
        ["winodds", "AsKs", "--time", WIDE],
        ["winodds", "AsKs", "--seed", ARABIC],
        ["flops", "AA", "ATC", "--features", WIDE],
        ["flops", "AA", "ATC", "--time-limit", WIDE],
        ["batch", "--trials", WIDE],
        ["batch", "--jobs", ARABIC],
        ["batch", "--threshold", WIDE],
        ["check", "--builtin", "--seed", ARABIC],
        ["table", "preflop-vs-random", "--hands", "AA", "--stderr", "0.0" + WIDE],
        ["table", "preflop-vs-random", "--hands", "AA", "--seed", ARABIC],
    ],
)
def test_numbers_in_other_digits_than_ascii_are_one_line(args: list[str]) -> None:
    line = one_line_error(run(*args, input="AsKs | QQ\n"))
    assert "is not a number" in line or "is not an integer" in line
    assert "ASCII" in line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equity", "AsAh | KsKh", "KK", "--breakdown", ARABIC], "--breakdown takes a player"),
        (["equity", "AsAh | KsKh", "--breakdown", "\u00b2"], "--breakdown takes a player"),
        (["flops", "AA", "ATC", "--error", WIDE], "written in ASCII"),
        (["winodds", "AsKs", "--opponents", ARABIC], "opponents must be written in ASCII"),
        (["winodds", "AsKs", "-n", "1-" + WIDE], "opponents must be written in ASCII"),
        (["table", "preflop-vs-random", "--hands", "AA", "-n", WIDE], "in ASCII"),
    ],
)
def test_counts_and_choices_in_other_digits_are_one_line(args: list[str], message: str) -> None:
    # (--breakdown ² was a ValueError from int(): an internal error line, exit 1)
    assert message in one_line_error(run(*args))


def test_ascii_numbers_keep_the_forms_python_reads() -> None:
    args = ["--threshold", "1e3", "--trials", "1_000", "--time", "0.5", "--seed", "3", "--json"]
    result = run("equity", "AsKs | QQ", *args)
    assert result.exit_code == 0, result.output
    res = json.loads(result.stdout)["result"]
    assert res["method"] == "mc" and res["seed"] == 3 and res["trials"] >= 1000


def test_the_library_reads_ascii_numbers_only() -> None:
    from pokercalc.analysis.win_odds import parse_opponents
    from pokercalc.core.validate import read_number
    from pokercalc.output.formats import parse_fraction

    assert read_number("1e6") == 1e6 and read_number(" 1_000 ", integer=True) == 1000
    for text, integer in ((WIDE, True), (ARABIC, False), ("1" + WIDE, True), ("0." + WIDE, False)):
        with pytest.raises(InputError, match="ASCII"):
            read_number(text, integer=integer)
    with pytest.raises(InputError, match="ASCII"):
        parse_opponents(ARABIC)
    assert parse_opponents("1-3") == (1, 2, 3)
    with pytest.raises(InputError, match="is not a fraction"):
        parse_fraction(WIDE + "/2")  # (an expected equity in a check file)


@pytest.mark.parametrize("value", [ARABIC, "\u00b2"])
def test_omp_num_threads_in_other_digits_is_not_read(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    import os

    from pokercalc.core.runner import default_threads

    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    cores = default_threads()
    monkeypatch.setenv("OMP_NUM_THREADS", value)  # ("²" was a ValueError in every command)
    assert default_threads() == cores
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    assert default_threads() == 1
    assert os.environ["OMP_NUM_THREADS"] == "1"


# --- --threshold chooses the method: --exact and --mc refuse it --------------------------------


@pytest.mark.parametrize("flag", ["--exact", "--mc"])
@pytest.mark.parametrize("command", ["equity", "outs", "batch"])
def test_threshold_with_a_method_flag_is_one_line(command: str, flag: str) -> None:
    for args in ([flag, "--threshold", "1e6"], ["--threshold", "1e6", flag]):
        result = run(*ENGINE_COMMANDS[command], *args, input="AsKs | QQ ; 2c3d4h ;\n")
        assert one_line_error(result) == (
            f"Error: {flag} excludes --threshold, which is for the automatic choice of method"
        )
        assert result.stdout == ""


def test_threshold_with_exact_and_a_monte_carlo_option_names_the_monte_carlo_one_first() -> None:
    result = run(*ENGINE_COMMANDS["equity"], "--exact", "--seed", "1", "--threshold", "5")
    assert one_line_error(result) == "Error: --exact excludes --seed, which is for Monte Carlo"


@pytest.mark.parametrize("extra", [["--breakdown", "1"], ["--jobs", "2"], ["--distribution"]])
def test_threshold_with_a_method_flag_is_refused_on_every_equity_path(extra: list[str]) -> None:
    result = run("equity", "QQ+ | JJ", "--board", "Kh7c2d", "--mc", "--threshold", "9", *extra)
    assert "--mc excludes --threshold" in one_line_error(result)


def test_threshold_alone_still_steers_the_automatic_choice() -> None:
    result = run(*ENGINE_COMMANDS["outs"], "--threshold", "1000", "--trials", "300", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["result"]["method"] == "mc"


@pytest.mark.parametrize("method", ["exact", "mc"])
def test_the_api_refuses_threshold_with_a_given_method(method: str) -> None:
    from pokercalc.analysis.pieces import plan_equity
    from pokercalc.core.validate import check_engine_options, check_method_options

    message = f"^method '{method}' excludes threshold, which is for the automatic choice"
    calls = [
        lambda: pokercalc.equity("AsKs | QQ", method=method, threshold=1e6),
        lambda: pokercalc.find_outs("AsAc", "Kd8h9c", ["QhJh"], method=method, threshold=1e6),
        lambda: pokercalc.equity_breakdown("QQ+ | JJ", "Kh7c2d", method=method, threshold=1e6),
        lambda: plan_equity("AsKs | QQ", method=method, threshold=1e6),
        lambda: check_engine_options(method=method, threshold=1e6),
    ]
    for call in calls:
        with pytest.raises(InputError, match=message):
            call()
    flags = {"threshold": "--threshold"}
    with pytest.raises(InputError, match=f"^--{method} excludes --threshold, which is for"):
        check_method_options(method, {"threshold": 0}, exact="--exact", mc="--mc", names=flags)
    check_method_options("auto", {"threshold": 1e6, "trials": 10})
    check_method_options(method, {"threshold": None})


@pytest.mark.parametrize(
    "args",
    [
        ["check", "spots\0.json"],
        ["check", "--builtin", "spots\0.json"],
        ["batch", "spots\0.txt"],
        ["equity", "AA", "KK", "--plot", "curve\0.png"],
        ["flops", "AA", "KK", "--csv", "flops\0.csv"],
        ["flops", "AA", "KK", "--plot", "flops\0.png"],
        ["table", "preflop-headsup", "--hands", "AA", "--output", "table\0.csv"],
    ],
)
def test_a_file_name_with_a_nul_character_is_one_line(args: list[str]) -> None:
    # No system call takes one: os.stat and open raise ValueError (not OSError) for it.
    line = one_line_error(run(*args))
    assert "holds a NUL character" in line and "internal error" not in line


def test_click_messages_quoting_a_file_name_with_line_breaks_stay_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "a\nb"
    folder.mkdir()
    for args in (
        ["batch", str(tmp_path / "no\nsuch.txt")],
        ["batch", str(tmp_path / "no\u2028such.txt")],
        ["check", str(folder)],
        ["equity", "AA", "KK", "--plot", str(folder)],
        ["flops", "AA", "KK", "--csv", str(folder)],
    ):
        line = one_line_error(run(*args))
        assert "\\n" in line or "\\u2028" in line, (args, line)


@pytest.mark.parametrize(
    ("hero", "board"),
    [("AA\n", "Ad8cTc"), ("QQ+,AK", "Kh7c\n"), ("AA," * 40 + "KK", "Kh7c2d")],
)
def test_the_draws_hint_for_a_range_is_one_short_line(hero: str, board: str) -> None:
    line = one_line_error(run("draws", hero, "--board", board))
    assert "for a range use: pokercalc hits" in line and len(line) < 200, line
