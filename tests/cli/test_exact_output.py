"""Every command's table, exactly, at 40 to 120 columns; footers at the terminal's width.

The exact outputs live in ``tests/cli/golden/output/<case>-<width>.txt``; after a deliberate
change of a table, look at the new outputs and write them with
``python tests/cli/test_exact_output.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from steady import flop_studies_once, regression_folder, steady_footers

from pokercalc.cli import cli

GOLDEN = Path(__file__).resolve().parent / "golden" / "output"
WIDTHS = (40, 60, 80, 120)
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
    ("hits-next-card", ["hits", "QQ+,AK", "--board", "Kh7c2d", "--next-card"]),
    ("equity-next-card", ["equity", "AsKs | QhQd", "--board", "Kh7c2d", "--next-card"]),
    (
        "winodds",
        ["winodds", "AsKs", "--opponents", "1-2", "--trials", "20000", "--seed", "1"]
        + ["--threads", "1"],
    ),
    ("winodds-board", ["winodds", "AsKs", "--board", "Kd8h2c"]),
    ("check", ["check", "regression.json"]),
    ("flops", ["flops", "AA", "ATC", "--features", "1", "--time-limit", "0.2"]),
]


@pytest.fixture(autouse=True)
def steady_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    steady_footers(monkeypatch)
    flop_studies_once(monkeypatch)
    yield


def run(args: list[str], width: int = 80, **env: str) -> Result:
    """``pokercalc ARGS`` at ``width`` columns, in a folder holding ``regression.json``.

    (CliRunner itself, not cli_runs: ``python tests/cli/test_exact_output.py`` runs this
    file as a script, with only tests/cli on ``sys.path``.)"""
    with regression_folder():
        return CliRunner().invoke(cli, args, env={"COLUMNS": str(width), **env})


def shown(name: str, result: Result) -> str:
    """What a case prints, trailing spaces dropped; for ``flops`` up to the fitted formula,
    whose search stops on a clock."""
    text = "\n".join(line.rstrip() for line in result.output.splitlines()) + "\n"
    if name == "flops":
        text = text[: text.rindex("\n", 0, text.index("AVGERR")) + 1]
    return text


@pytest.mark.slow
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(("name", "args"), CASES, ids=[c[0] for c in CASES])
def test_exact_output(name: str, args: list[str], width: int) -> None:
    result = run(args, width)
    assert result.exit_code == (1 if name == "check" else 0), result.output
    want = (GOLDEN / f"{name}-{width}.txt").read_text(encoding="utf-8")
    rewrite = "if the change is meant: python tests/cli/test_exact_output.py"
    assert shown(name, result) == want, rewrite
    assert all(len(line) <= width for line in result.output.splitlines())


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


# --- writing the exact outputs ----------------------------------------------------------------


def _write_golden() -> None:
    """Write tests/cli/golden/output/ from the current commands (look at the diff first)."""
    mp = pytest.MonkeyPatch()
    try:
        steady_footers(mp)
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
