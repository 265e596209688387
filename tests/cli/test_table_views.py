"""``table`` for people (issue 42 item 21): the heads-up matrix, one table's ``--help``, and
the shell's completion of ``--game``."""

from __future__ import annotations

import io
import sys
from fractions import Fraction

import pytest
from cli_runs import invoke
from click.shell_completion import BashComplete

from pokercalc.cli import _pipelines, cli
from pokercalc.output.render_matrix import chart_cell, class_equities, headsup_matrix
from pokercalc.pipelines.tables import CLASS_ORDER, HeadsupRow


def test_headsup_matrix_on_request() -> None:
    res = invoke("table", "preflop-headsup", "--hands", "AA,KK,72o", "--format", "matrix",
                 "--jobs", "1", columns=80)  # fmt: skip
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert "Equity %: row vs column" in res.stdout
    header = next(line for line in lines if "AA" in line and "KK" in line)
    assert header.split("┃")[2:5] == ["    AA ", "    KK ", "   72o "]
    aa = next(line for line in lines if line.startswith("│ AA"))
    assert [c.strip() for c in aa.split("│")[2:5]] == ["50.00", "81.95", "88.20"]
    assert "hand,opponent" not in res.stdout  # not the CSV


def test_headsup_matrix_is_the_terminal_default(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdout", Terminal())
    assert _pipelines._matrix_wanted("preflop-headsup", None, None)
    assert not _pipelines._matrix_wanted("preflop-headsup", "x.csv", None)
    assert not _pipelines._matrix_wanted("preflop-headsup", None, "csv")
    assert not _pipelines._matrix_wanted("preflop-vs-random", None, None)
    monkeypatch.setattr(sys, "stdout", io.StringIO())  # piped: the CSV
    assert not _pipelines._matrix_wanted("preflop-headsup", None, None)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["preflop-headsup", "--hands", "AA,KK", "--format", "matrix", "-o", "m.csv"],
         "--format matrix is drawn on the terminal"),
        (["flops", "AA", "KK", "--format", "matrix"],
         "--format matrix draws the preflop-headsup table only"),
    ],
)  # fmt: skip
def test_matrix_refusals(args: list[str], message: str) -> None:
    res = invoke("table", *args)
    assert res.exit_code == 2 and message in res.stderr


def _rows(equity: dict[tuple[str, str], float]) -> list[HeadsupRow]:
    return [
        HeadsupRow(hand=a, opponent=b, equity=e, win=e, tie=0.0, equity_exact=Fraction(e),
                   win_exact=Fraction(e), tie_exact=Fraction(0), wins=0, ties=0, outcomes=10)
        for (a, b), e in equity.items()
    ]  # fmt: skip


def test_many_classes_make_the_13_by_13_chart() -> None:
    from rich.console import Console

    eq = {(a, b): (0.75 if a == "AA" else 0.25 if a == "72o" else 0.5) for a in CLASS_ORDER
          for b in ("AA", "KK")}  # fmt: skip
    assert class_equities(_rows(eq))["AA"] == 0.75
    console = Console(width=80, color_system=None)
    with console.capture() as cap:
        console.print(headsup_matrix(_rows(eq), CLASS_ORDER))
    lines = cap.get().splitlines()
    assert "Equity % against a random hand" in lines[0]
    assert "suited above the diagonal, offsuit below" in cap.get()
    rows = {w[0]: w[1:] for w in map(str.split, lines[1:]) if w and w[0] in "AKQJT98765432"}
    assert len(rows) == 13 and all(len(cells) == 13 for cells in rows.values())
    assert rows["A"][0] == "75.0" and rows["2"][7] == "25.0"  # AA; 72o below the diagonal
    assert rows["7"][12] == "50.0" and chart_cell(12, 7) == "72o" and chart_cell(7, 12) == "72s"


def test_one_tables_help_shows_its_options_only() -> None:
    full = invoke("table", "--help").stdout
    assert "--summary" in full and "--opponents" in full and "TABLE --help" in full
    hu = invoke("table", "preflop-headsup", "--help").stdout
    assert "table preflop-headsup [OPTIONS]" in hu.splitlines()[0]
    assert "--hands" in hu and "--format" in hu and "--jobs" in hu
    assert "--opponents" not in hu and "--summary" not in hu and "--seed" not in hu
    flops = invoke("table", "flops", "-h").stdout
    assert "table flops HANDS RANGE [OPTIONS]" in flops.splitlines()[0]
    assert "--summary" in flops and "--hands" not in flops
    vs = invoke("table", "preflop-vs-random", "--help").stdout
    assert "--opponents" in vs and "--stderr" in vs and "--summary" not in vs


def _complete(words: list[str], incomplete: str) -> list[str]:
    shell = BashComplete(cli, {}, "pokercalc", "_POKERCALC_COMPLETE")
    return [c.value for c in shell.get_completions(words, incomplete)]


def test_game_names_complete_in_the_shell() -> None:
    assert _complete(["equity", "AsKs", "--game"], "om") == [
        "omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo"
    ]  # fmt: skip
    assert _complete(["outs", "AsKs", "--game"], "s") == ["shortdeck", "shortdeck-triton"]
    assert "holdem" in _complete(["winodds", "AsKs", "--game"], "")
    assert _complete(["equity", "AsKs", "--game"], "zz") == []


@pytest.mark.parametrize("width", [40, 60, 80, 120])
@pytest.mark.parametrize("classes", [8, 169])
def test_the_matrix_stays_a_matrix_at_every_width(width: int, classes: int) -> None:
    from rich.console import Console

    from pokercalc.output.fit import fit_all

    hands = CLASS_ORDER[:classes]
    eq = {(a, b): 0.5 + (hands.index(b) - hands.index(a)) / 400 for a in hands for b in hands[:3]}
    if classes <= 13:
        eq = {(a, b): 0.5 for a in hands for b in hands}
    console = Console(width=width, color_system=None)
    with console.capture() as cap:
        console.print(fit_all(headsup_matrix(_rows(eq), hands)))
    lines = cap.get().splitlines()
    assert all(len(line) <= width for line in lines)
    assert "…" not in cap.get()  # no number cut
    words = [line.replace("│", " ").split() for line in lines]
    labels = {*hands, *"AKQJT98765432"}
    rows = [w for w in words if len(w) > 1 and w[0] in labels and w[1][0].isdigit()]
    assert len(rows) == (13 if classes == 169 else classes)  # one line per row, not stacked
