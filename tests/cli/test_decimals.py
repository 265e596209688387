"""One number of decimals in every command and ``--decimals`` on each; JSON and CSV at full
precision whatever ``--decimals`` says; rule-of-thumb figures whole."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from cli_runs import invoke
from click.testing import Result
from steady import flop_studies_once, regression_folder, steady_footers

from pokercalc.output import figures
from pokercalc.output.figures import DEFAULT_DECIMALS, percent, using_decimals


@pytest.fixture(autouse=True)
def steady_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    steady_footers(monkeypatch)
    flop_studies_once(monkeypatch)
    yield


def run(args: list[str], width: int = 80, **env: str) -> Result:
    """``pokercalc ARGS`` at ``width`` columns, in a folder holding ``regression.json``."""
    with regression_folder():
        return invoke(*args, env=env, columns=width)


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


@pytest.mark.slow
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
