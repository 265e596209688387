"""Numbers for people (issue 18 item 3): every command's table, exactly, at 40 to 120 columns.

The exact outputs live in ``tests/cli/golden/output/<case>-<width>.txt``; after a deliberate change
of a table, look at the new outputs and write them with ``python tests/cli/test_polish.py``.
Besides: one number of decimals in every command and ``--decimals`` on each, JSON and CSV at
full precision whatever ``--decimals`` says, rule-of-thumb figures whole, no empty "No draws"
table, no empty histogram bands at the ends, footers at the terminal's width, ``--help``
examples that paste in one piece, and bare ``pokercalc`` printing its help with exit status 0.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shlex
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from pokercalc.cli import cli
from pokercalc.output import figures, render, render_flops
from pokercalc.output.figures import DEFAULT_DECIMALS, percent, using_decimals
from pokercalc.texture import flops as flops_module

GOLDEN = Path(__file__).resolve().parent / "golden" / "output"
WIDTHS = (40, 60, 80, 120)
#: A regression file of exact scenarios only (``check --builtin`` has a Monte Carlo one).
REGRESSION = {
    "scenarios": [
        {"name": "aces vs kings", "players": ["AsAh", "KsKh"], "expected": [0.8264, 0.1736]},
        {
            "name": "three-way on the flop",
            "players": ["AhKh", "7c7d", "QsJs"],
            "board": "Kd7h2s",
            "expected": ["52/903", "38/43", "53/903"],
            "tolerance": "exact",
        },
        {"name": "a failure", "players": ["AsKs", "QQ"], "expected": [0.47, 0.53]},
    ]
}

#: (name, arguments): every command with a table, in the situations that matter.
CASES: list[tuple[str, list[str]]] = [
    ("eval", ["eval", "AsKsQsJsTs", "7c7d7h2s2d"]),
    ("equity-exact", ["equity", "JcJh | 99+,AJs+ | random", "--board", "4dAc5d"]),
    (
        "equity-mc",
        ["equity", "AsKs", "QQ", "--mc", "--trials", "20000", "--seed", "1", "--threads", "1"],
    ),
    ("query", ["query", "QQ+,AKs,A5s-A2s"]),
    ("outs", ["outs", "5c6c", "--board", "Kd8h9c"]),
    ("outs-vs-ahead", ["outs", "AsAc", "--board", "Kd8h9c", "--vs", "QhJh"]),
    ("outs-vs-behind", ["outs", "AsKs", "--board", "Qs8h9c", "--vs", "QcJc"]),
    ("draws", ["draws", "KcTh", "--board", "Jh9c7c"]),
    ("draws-none", ["draws", "AsAc", "--board", "Kd8h2c"]),
    ("hits", ["hits", "QQ+,AK", "--board", "Kh7c2d"]),
    (
        "winodds",
        ["winodds", "AsKs", "--opponents", "1-2", "--trials", "20000", "--seed", "1"]
        + ["--threads", "1"],
    ),
    ("winodds-board", ["winodds", "AsKs", "--board", "Kd8h2c"]),
    ("check", ["check", "regression.json"]),
    ("flops", ["flops", "AA", "ATC", "--features", "1", "--time-limit", "0.2"]),
]


def _steady(monkeypatch: pytest.MonkeyPatch) -> None:
    """Footers with a fixed time and thread count, so that the outputs are exact."""
    for name in ("equity_footer", "winodds_footer"):
        real = getattr(render, name)

        def steady(result: Any, real: Any = real) -> str:
            names = {f.name for f in dataclasses.fields(result)}
            fixed = {k: v for k, v in {"elapsed": 0.25, "threads": 2}.items() if k in names}
            return str(real(dataclasses.replace(result, **fixed)))

        monkeypatch.setattr(render, name, steady)


#: Flop studies already computed, by their arguments: each takes a second or two.
_STUDIES: dict[str, Any] = {}


@pytest.fixture(autouse=True)
def steady_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    _steady(monkeypatch)
    real = flops_module.flop_study

    def once(*args: Any, **kwargs: Any) -> Any:
        key = repr((args, {k: v for k, v in kwargs.items() if k != "progress"}))
        if key not in _STUDIES:
            _STUDIES[key] = real(*args, **kwargs)
        return _STUDIES[key]

    monkeypatch.setattr(flops_module, "flop_study", once)
    yield


def run(args: list[str], width: int = 80, **env: str) -> Result:
    """``pokercalc ARGS`` at ``width`` columns, in a folder holding ``regression.json``."""
    runner = CliRunner()
    # not runner.isolated_filesystem(): click 8.5 deprecates it (warnings are errors here)
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            Path("regression.json").write_text(json.dumps(REGRESSION), encoding="utf-8")
            return runner.invoke(cli, args, env={"COLUMNS": str(width), **env})
        finally:
            os.chdir(here)


def shown(name: str, result: Result) -> str:
    """What a case prints, trailing spaces dropped; for ``flops`` up to the fitted formula,
    whose search stops on a clock."""
    text = "\n".join(line.rstrip() for line in result.output.splitlines()) + "\n"
    if name == "flops":
        text = text[: text.rindex("\n", 0, text.index("AVGERR")) + 1]
    return text


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(("name", "args"), CASES, ids=[c[0] for c in CASES])
def test_exact_output(name: str, args: list[str], width: int) -> None:
    result = run(args, width)
    assert result.exit_code == (1 if name == "check" else 0), result.output
    want = (GOLDEN / f"{name}-{width}.txt").read_text(encoding="utf-8")
    assert shown(name, result) == want, "if the change is meant: python tests/cli/test_polish.py"
    assert all(len(line) <= width for line in result.output.splitlines())


# --- one number of decimals, and --decimals -----------------------------------------------

#: Per command: arguments, and the JSON figure the table shows as a percentage.
FIGURES: list[tuple[list[str], Any]] = [
    (["equity", "AsAh", "KsKh"], lambda d: d["players"][0]["equity"]),
    (["query", "QQ+,AKs"], lambda d: d["share"]),
    (["outs", "AsAc", "--board", "Kd8h9c"], lambda d: d["hit_by_river"]),
    (
        ["hits", "QQ+,AK", "--board", "Kh7c2d"],
        lambda d: [c["share"] for c in d["counts"] if c["combos"]][0],
    ),
    (["winodds", "AsKs", "--board", "Kd8h2c"], lambda d: d["rows"][0]["equity"]),
    (["check", "regression.json"], lambda d: d["scenarios"][0]["players"][0]["got"]),
    (
        ["flops", "AA", "ATC", "--features", "1", "--time-limit", "0.2"],
        lambda d: d["summary"]["mean"],
    ),
]


def _has(text: str, number: str) -> bool:
    """Whether ``number`` is in ``text`` as a whole number, not the start of a longer one."""
    return re.search(rf"(?<![\d.]){re.escape(number)}(?![\d])", text) is not None


@pytest.mark.parametrize(("args", "figure"), FIGURES, ids=[f[0][0] for f in FIGURES])
def test_decimals_on_every_command(args: list[str], figure: Any) -> None:
    """The default decimals everywhere; --decimals N gives N; JSON keeps full precision."""
    plain = run([*args, "--json"])
    value = figure(json.loads(plain.output)["result"])
    assert isinstance(value, float) and value != round(value, 2)
    for decimals in (None, 0, 1, 4):
        extra = [] if decimals is None else ["--decimals", str(decimals)]
        text = run([*args, *extra], 120).output
        assert _has(text, percent(value, decimals)), text
        if decimals is not None and decimals != DEFAULT_DECIMALS:
            assert not _has(text, percent(value, DEFAULT_DECIMALS)), text
        data = json.loads(run([*args, *extra, "--json"]).output)["result"]
        assert figure(data) == value  # full precision whatever --decimals says


def test_decimals_reach_every_percentage_of_a_table() -> None:
    """No percentage keeps its own decimals: with --decimals 3, each has three."""
    text = run(
        ["equity", "AsKs", "QQ", "--trials", "5000", "--seed", "2", "--decimals", "3"]
    ).output
    body = text.split("board none")[0]
    numbers = re.findall(r"\d+\.\d+", body)
    assert numbers and all(len(n.split(".")[1]) == 3 for n in numbers), body
    text = run(["outs", "AsAc", "--board", "Kd8h9c", "--vs", "QhJh", "--decimals", "3"], 120)
    assert "equity now 77.879%" in text.output and "43.333%" in text.output
    assert "90.909" in text.output and "9.545" in text.output  # after a card; weighted outs


def test_eval_takes_decimals_though_it_has_no_percentage() -> None:
    """The same output options on every command: eval accepts --decimals and is unchanged."""
    assert (
        run(["eval", "AsKsQsJsTs", "--decimals", "4"]).output == run(["eval", "AsKsQsJsTs"]).output
    )


def test_csv_is_unaffected_by_decimals() -> None:
    args = ["outs", "AsAc", "--board", "Kd8h9c", "--vs", "QhJh", "--csv"]
    assert run([*args, "--decimals", "0"]).output == run(args).output


@pytest.mark.parametrize("bad", ["-1", "9", "two"])
def test_bad_decimals_is_one_line_exit_2(bad: str) -> None:
    result = run(["equity", "AsAh", "KsKh", "--decimals", bad])
    assert result.exit_code == 2
    assert result.output.startswith("Error:") and len(result.output.strip().splitlines()) == 1


def test_the_default_is_the_same_in_every_renderer() -> None:
    assert figures.get_decimals() == DEFAULT_DECIMALS == 2
    with using_decimals(5):
        assert percent(0.123456789) == "12.34568"
    assert percent(0.123456789) == "12.35"
    assert percent(None) == "-" and percent(-1e-9, sign=True) == "+0.00"


# --- rule-of-thumb figures, draws, histogram, footers ----------------------------------------


def test_rule_of_thumb_figures_are_whole_percentages() -> None:
    text = run(["outs", "5c6c", "--board", "Kd8h9c", "--decimals", "4"], 120).output
    assert "20% (rule of 2)" in text and "40% (rule of 4)" in text
    assert "21.2766%" in text  # the exact odds beside them follow --decimals
    turn = run(["outs", "5c6c", "--board", "Kd8h9c2s"], 120).output
    assert "(rule of 2)" in turn and "rule of 4" not in turn


def test_no_draws_is_one_line_not_an_empty_table() -> None:
    text = run(["draws", "AsAc", "--board", "Kd8h2c"]).output
    assert "No draws: no flush, straight or backdoor flush draw." in text
    assert "Completed by" not in text and "━" not in text and "─" not in text
    omaha = run(["draws", "AsAcKhKd", "--board", "Ks8d2c", "--game", "omaha-hilo"]).output
    assert "No draws: no flush, straight, backdoor flush or low draw." in omaha


class _Equities:
    def __init__(self, counts: list[int]) -> None:
        self.counts = counts

    def histogram(self, bins: int = 20) -> list[int]:
        return self.counts


class _Study:
    def __init__(self, counts: list[int]) -> None:
        self.equities = _Equities(counts)


def test_the_histogram_has_no_empty_bands_at_its_ends() -> None:
    counts = [0] * 20
    counts[12], counts[14], counts[19] = 5, 10, 1
    text = render_flops.flops_chart(_Study(counts), width=10).plain  # type: ignore[arg-type]
    bands = [line.split("│")[0].strip() for line in text.splitlines()[1:]]
    assert (bands[0], bands[-1], len(bands)) == ("60- 65%", "95-100%", 8)
    assert "65- 70%" in bands  # an empty band inside stays: a gap in the distribution
    empty = render_flops.flops_chart(_Study([0] * 20), width=10).plain  # type: ignore[arg-type]
    assert "no flop computed" in empty


@pytest.mark.parametrize("width", WIDTHS)
def test_the_equity_footer_is_as_wide_as_the_terminal_not_the_table(width: int) -> None:
    text = run(["equity", "AsAh", "KsKh"], width).output
    lines = text.splitlines()
    table = max(len(line) for line in lines[: lines.index(next(x for x in lines if "board" in x))])
    footer = [x for x in lines if "board none" in x][0]
    if width >= 120:
        assert "board none · exact: 1,712,304 outcomes · 4 suit symmetries merged" in footer
        assert len(footer) > table
    # The footer breaks between its parts only: no "0.250" on one line and "s" on the next.
    assert re.search(r"(^|· )0\.250 s( ·|$)", text, re.M), text
    assert re.search(r"(^|· )2 threads$", text, re.M), text


# --- help -----------------------------------------------------------------------------------


def test_bare_pokercalc_prints_its_help_and_exits_0() -> None:
    result = run([])
    assert result.exit_code == 0, result.output
    assert re.match(r"Usage: \S+ \[OPTIONS\] \[?COMMAND\]?", result.output)  # click 8.5 brackets it
    assert "Commands:" in result.output and "Error" not in result.output
    for name in cli.commands:
        assert f"  {name} " in result.output
    assert result.output == run(["--help"]).output


def test_bare_pokercalc_as_a_program_exits_0() -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "pokercalc"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and "Commands:" in done.stdout and not done.stderr


def _examples(command: click.Command) -> list[str]:
    """The command lines of a help text's example block (a ``\\b`` paragraph)."""
    lines = (command.help or "").splitlines()
    blocks = [i for i, line in enumerate(lines) if line.strip() == "\b"]
    out = []
    for i in blocks:
        for line in lines[i + 2 :]:
            if not line.strip():
                break
            out.append(line.strip())
    return out


@pytest.mark.parametrize("name", sorted(cli.commands))
@pytest.mark.parametrize("width", (40, 80))
def test_help_examples_paste_in_one_piece(name: str, width: int) -> None:
    """Each example sits whole on one line of --help, with no prompt before it, and parses."""
    command = cli.commands[name]
    examples = _examples(command)
    assert examples, f"{name} --help has no example"
    text = run([name, "--help"], width).output
    for example in examples:
        assert any(line.strip() == example for line in text.splitlines()), text
        assert not example.startswith(("$", ">", "%"))
        words = shlex.split(re.split(r"\|\s*(?=pokercalc )", example)[-1])  # after a pipe
        assert words[:2] == ["pokercalc", name], example
        command.make_context(name, words[2:])  # the arguments parse


def test_group_help_examples_paste_in_one_piece() -> None:
    text = run(["--help"], 40).output
    for example in _examples(cli):
        assert any(line.strip() == example for line in text.splitlines()), text


def test_command_list_summaries_are_whole_sentences() -> None:
    text = run(["--help"], 120).output
    commands = text.split("Commands:")[1].splitlines()[1:]
    assert all(line.rstrip().endswith(".") for line in commands if line.strip()), text


# --- the outs headline -----------------------------------------------------------------------


def test_outs_headline_says_which_question_it_answers() -> None:
    alone = run(["outs", "5c6c", "--board", "Kd8h9c"], 120).output
    assert "Outs: 10 of 47 cards improve the hand (Keith Rule's rules)" in alone
    assert "Ahead:" not in alone
    ahead = run(["outs", "AsAc", "--board", "Kd8h9c", "--vs", "QhJh"], 120).output
    assert "Outs: 11 of 45 cards improve the hand (Keith Rule's rules)" in ahead
    assert "Ahead: 41 of 45 cards keep the hero ahead" in ahead
    behind = run(["outs", "QhJh", "--board", "Kd8h9c", "--vs", "AsAc"], 120).output
    assert "Ahead: 4 of 45 cards put the hero ahead" in behind


def test_outs_headline_counts_cards_ahead_that_are_not_outs() -> None:
    data = json.loads(run(["outs", "7h6h", "--board", "Ah8d2c", "--vs", "KsKc", "--json"]).output)
    d = data["result"]
    cards = d["cards"]
    ahead = sum(1 for c in cards if c["ahead"])
    extra = sum(1 for c in cards if c["ahead"] and not c["is_out"])
    text = run(["outs", "7h6h", "--board", "Ah8d2c", "--vs", "KsKc"], 120).output
    line = f"Ahead: {ahead} of {len(cards)} cards put the hero ahead"
    assert line + (f" ({extra} not outs)" if extra else "") in text


# --- writing the exact outputs ----------------------------------------------------------------


def _write_golden() -> None:
    """Write tests/cli/golden/output/ from the current commands (look at the diff first)."""
    mp = pytest.MonkeyPatch()
    try:
        _steady(mp)
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for name, args in CASES:
            for width in WIDTHS:
                (GOLDEN / f"{name}-{width}.txt").write_text(
                    shown(name, run(args, width)), encoding="utf-8"
                )
    finally:
        mp.undo()


if __name__ == "__main__":
    _write_golden()
