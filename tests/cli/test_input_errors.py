"""Bad numbers, files and cards: one line and exit 2 everywhere; user text shown literally."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_runs import invoke, one_line_error

import pokercalc
from pokercalc.errors import CardConflictError

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
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    label = args[1]
    if args[0] != "query":
        assert label in result.stdout


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
    result = invoke(*args[command], option, value, input="AsKs | QQ\n")
    assert message in one_line_error(result)


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_bad_threshold_is_one_line(value: str) -> None:
    assert "threshold" in one_line_error(invoke("equity", "AsKs", "QQ", "--threshold", value))


def test_bad_time_limit_is_one_line() -> None:
    assert "time_limit" in one_line_error(invoke("flops", "AA", "KK", "--time-limit", "nan"))


def test_an_unwritable_output_is_refused_before_computing() -> None:
    line = one_line_error(invoke("flops", "AA", "ATC", "--csv", "/nonexistent/dir/x.csv"))
    assert "folder '/nonexistent/dir' does not exist" in line


@pytest.mark.process
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
    line = one_line_error(invoke("equity", text))
    assert "ZZ" in line and len(line) < 160


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
    result = invoke(*ENGINE_COMMANDS[command], *flags, input="AsKs | QQ ; 2c3d4h ;\n")
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
        result = invoke(*ENGINE_COMMANDS[command], *args, input="AsKs | QQ ; 2c3d4h ;\n")
        assert one_line_error(result) == f"Error: --exact excludes {named} for Monte Carlo"
        assert result.stdout == ""


@pytest.mark.parametrize("command", ["equity", "winodds", "outs"])
def test_the_method_flags_still_choose_the_method(command: str) -> None:
    args = ENGINE_COMMANDS[command]
    exact = invoke(*args, "--exact", "--json")
    assert exact.exit_code == 0, exact.output
    assert '"method": "exact"' in exact.stdout and '"method": "mc"' not in exact.stdout
    mc = invoke(*args, "--mc", "--trials", "500", "--seed", "3", "--json")
    assert mc.exit_code == 0, mc.output
    assert '"method": "mc"' in mc.stdout and '"method": "exact"' not in mc.stdout


def test_monte_carlo_options_without_a_method_flag_stay_legitimate() -> None:
    # Auto may sample, so it takes them all; here it enumerates (5,940 outcomes).
    args = ["--trials", "100", "--time", "1", "--stderr", "0.01", "--seed", "1", "--json"]
    result = invoke(*ENGINE_COMMANDS["equity"], *args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["result"]["method"] == "exact"
    # ... and on a spot too big to enumerate under the threshold, they steer Monte Carlo.
    args = ["--threshold", "1000", "--trials", "700", "--seed", "9", "--json"]
    result = invoke("equity", "AsKs | QQ", *args)
    assert result.exit_code == 0, result.output
    res = json.loads(result.stdout)["result"]
    assert res["method"] == "mc" and res["seed"] == 9 and res["trials"] >= 700


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
    line = one_line_error(invoke(*args, input="AsKs | QQ\n"))
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
    assert message in one_line_error(invoke(*args))


def test_ascii_numbers_keep_the_forms_python_reads() -> None:
    args = ["--threshold", "1e3", "--trials", "1_000", "--time", "0.5", "--seed", "3", "--json"]
    result = invoke("equity", "AsKs | QQ", *args)
    assert result.exit_code == 0, result.output
    res = json.loads(result.stdout)["result"]
    assert res["method"] == "mc" and res["seed"] == 3 and res["trials"] >= 1000


# --- --threshold chooses the method: --exact and --mc refuse it --------------------------------


@pytest.mark.parametrize("flag", ["--exact", "--mc"])
@pytest.mark.parametrize("command", ["equity", "outs", "batch"])
def test_threshold_with_a_method_flag_is_one_line(command: str, flag: str) -> None:
    for args in ([flag, "--threshold", "1e6"], ["--threshold", "1e6", flag]):
        result = invoke(*ENGINE_COMMANDS[command], *args, input="AsKs | QQ ; 2c3d4h ;\n")
        assert one_line_error(result) == (
            f"Error: {flag} excludes --threshold, which is for the automatic choice of method"
        )
        assert result.stdout == ""


def test_threshold_with_exact_and_a_monte_carlo_option_names_the_monte_carlo_one_first() -> None:
    result = invoke(*ENGINE_COMMANDS["equity"], "--exact", "--seed", "1", "--threshold", "5")
    assert one_line_error(result) == "Error: --exact excludes --seed, which is for Monte Carlo"


@pytest.mark.parametrize("extra", [["--breakdown", "1"], ["--jobs", "2"], ["--distribution"]])
def test_threshold_with_a_method_flag_is_refused_on_every_equity_path(extra: list[str]) -> None:
    result = invoke("equity", "QQ+ | JJ", "--board", "Kh7c2d", "--mc", "--threshold", "9", *extra)
    assert "--mc excludes --threshold" in one_line_error(result)


def test_threshold_alone_still_steers_the_automatic_choice() -> None:
    result = invoke(*ENGINE_COMMANDS["outs"], "--threshold", "1000", "--trials", "300", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["result"]["method"] == "mc"


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
    line = one_line_error(invoke(*args))
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
        line = one_line_error(invoke(*args))
        assert "\\n" in line or "\\u2028" in line, (args, line)


@pytest.mark.parametrize(
    ("players", "game", "message"),
    [
        (["AsKs", "AsQd"], "holdem", "players 1 ('AsKs') and 2 ('AsQd') both hold As"),
        (["AsKs", "QQ", "KsKh"], "holdem", "players 1 ('AsKs') and 3 ('KsKh') both hold Ks"),
        (["AsKs", "AsKs"], "holdem", "players 1 ('AsKs') and 2 ('AsKs') both hold AsKs"),
        (
            ["AsKs", "AsKd,KsKh"],
            "holdem",
            "every hand of 'AsKd,KsKh' collides with another player's AsKs",
        ),  # fmt: skip
        (
            ["AsKsQdJd", "AsQhJh2c"],
            "omaha",
            "players 1 ('AsKsQdJd') and 2 ('AsQhJh2c') both hold As",
        ),
    ],
)
def test_a_card_conflict_names_the_card(players: list[str], game: str, message: str) -> None:
    # Exact and Monte Carlo alike: the conflict is found before either runs.
    for method in ("--exact", "--mc"):
        line = one_line_error(invoke("equity", *players, "--game", game, method))
        assert line == f"Error: no deal is possible: {message}"
    with pytest.raises(CardConflictError, match=re.escape(message)):
        pokercalc.equity(players, game=game)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (["--time", "2"], "--time"),
        (["--seed", "3", "--trials", "1000"], "--trials and --seed"),
        (["--stderr", "0.01", "--seed", "1", "--trials", "10"], "--trials, --stderr and --seed"),
    ],
)
def test_monte_carlo_options_an_exact_run_did_not_use_are_said(
    options: list[str], named: str
) -> None:
    # "auto" enumerates this spot; --exact would refuse the options, auto says it ignored them.
    result = invoke("equity", "AsKs | QQ", *options, "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["result"]["method"] == "exact"
    assert result.stderr == (
        f"pokercalc: {named} not used: the spot is small enough to enumerate exactly "
        "(--mc samples it instead)\n"
    )
    sampled = invoke("equity", "AsKs | QQ", *options, "--mc", "--json")
    assert sampled.exit_code == 0 and sampled.stderr == ""


@pytest.mark.parametrize(
    "command",
    [
        ["outs", "AsAc", "--board", "Kd8h9c", "--vs", "QhJh"],
        ["winodds", "AsKs", "-n", "1"],
    ],
)
def test_outs_and_winodds_say_an_unused_seed_too(command: list[str]) -> None:
    result = invoke(*command, "--seed", "3", "--json")
    assert result.exit_code == 0
    assert result.stderr == (
        "pokercalc: --seed not used: the spot is small enough to enumerate exactly "
        "(--mc samples it instead)\n"
    )
    sampled = invoke(*command, "--seed", "3", "--mc", "--trials", "2000", "--json")
    assert sampled.exit_code == 0 and sampled.stderr == ""


def test_engine_options_know_what_an_exact_run_leaves_unused() -> None:
    from pokercalc.engine.options import EngineOptions

    options = EngineOptions(trials=10, seed=1, threads=1)
    assert options.unused_by("exact") == ("trials", "seed")
    assert options.unused_by("mc") == ()
    assert EngineOptions(threads=1).unused_by("exact") == ()
