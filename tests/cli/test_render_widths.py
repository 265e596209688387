"""Output that fits (issue 42 item 5): at 40, 60, 80 and 120 columns no word, number, card or
range class of any command's terminal output is split across lines, and the issue's cases
keep their exact outputs (``tests/cli/golden/render_widths/<case>-<width>.txt``; after a
deliberate change, look at the new outputs and write them with
``python tests/test_render_widths.py``).

A word is split when a piece of a line at a narrow width (its text cut at spaces and after
the commas between a range's classes) is no piece of the same output drawn wide: "HoldemHan"
over "d", "Straight" over "3", "...,J" over "9s" and "7100%" all fail.
"""

from __future__ import annotations

import io
import json
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console
from steady import steady_footers

from pokercalc import cli as cli_module
from pokercalc.output.fit import Parts, Words, fit_all, pieces

GOLDEN = Path(__file__).resolve().parent / "golden" / "render_widths"
WIDTHS = (40, 60, 80, 120)
#: Wide enough that nothing of any command wraps.
WIDE = 400
REGRESSION = {
    "scenarios": [
        {"name": "aces vs kings", "players": ["AsAh", "KsKh"], "expected": [0.8264, 0.1736]},
    ]
}
LONG_RANGE = "QQ+,AKs,AQs,AJs,ATs,KQs,AKo,JJ,TT,99,88,A5s,A4s,KJs,QJs,JTs"

#: (name, arguments): every command drawn as a table, in the situations of the issue.
CASES: list[tuple[str, list[str]]] = [
    ("eval", ["eval", "AsKsQsJsTs", "2c3d4h5s7c", "AhAd8c8s2h"]),
    ("eval-omaha-hilo", ["eval", "As2sKdQd", "--game", "omaha-hilo", "--board", "5c6d9h3h8c"]),
    ("equity-readme", ["equity", "JcJh | 99+,AJs+ | random", "--board", "4dAc5d"]),
    (
        "equity-mc",
        ["equity", "AsKs", "QQ", "--mc", "--trials", "20000", "--seed", "1", "--threads", "1"],
    ),
    ("equity-long-range", ["equity", LONG_RANGE, "22-99,A2s-A9s,KTs-K2s"]),
    (
        "equity-distribution",
        ["equity", "AhKh | QQ+,AKs | random", "--breakdown", "2", "--distribution"]
        + ["--trials", "20000", "--seed", "1", "--threads", "1"],
    ),
    ("check-builtin", ["check", "--builtin"]),
    ("check-file", ["check", "regression.json"]),
    ("query", ["query", "QQ+,AKs,A5s-A2s,KQ", "--board", "Ah7c2d"]),
    ("query-one", ["query", "AA"]),
    ("query-shortdeck", ["query", "JJ+,AT+", "--game", "shortdeck"]),
    ("outs", ["outs", "5c6c", "--board", "Kd8h9c"]),
    ("outs-vs", ["outs", "AsAc", "--board", "Kd8h9c", "--vs", "QhJh"]),
    ("draws", ["draws", "KcTh", "--board", "Jh9c7c"]),
    ("draws-omaha", ["draws", "AsKs8h7h", "--board", "Qs9h2c", "--game", "omaha"]),
    ("hits", ["hits", "QQ+,AK,T9s,87s", "--board", "Ah7h2c"]),
    ("hits-next-card", ["hits", "QQ+,AK,T9s,87s", "--board", "Ah7h2c", "--next-card"]),
    (
        "hits-next-card-select",
        ["hits", "QQ+,AK", "-b", "Ah7h2c9s", "--next-card", "--select", "two pair+"],
    ),
    ("equity-next-card", ["equity", "AsKs | QQ | JTs", "--board", "Ah7h2c", "--next-card"]),
    (
        "winodds",
        ["winodds", "AhKh", "--board", "QhJh2c", "--opponents", "1-3"]
        + ["--trials", "2000", "--seed", "1", "--threads", "1"],
    ),
    ("flops", ["flops", "AhKh", "QQ+", "--features", "3", "--time-limit", "0.3"]),
]
#: The cases whose exact outputs are kept: the issue's.
GOLDEN_CASES = (
    "equity-readme",
    "equity-long-range",
    "equity-distribution",
    "check-file",
    "outs-vs",
    "draws",
)


_DRAWN: dict[str, Callable[[], Any]] = {}


def _renderable(args: list[str], monkeypatch: pytest.MonkeyPatch) -> Callable[[], Any]:
    """What the command would print, as a renderable (each command runs once per session)."""
    key = repr(args)
    if key in _DRAWN:
        return _DRAWN[key]
    seen: dict[str, Any] = {}

    def fake_emit(result: Any, fmt: str, renderable: Callable[[], Any]) -> None:
        seen["renderable"] = renderable

    monkeypatch.setattr(cli_module, "emit", fake_emit)
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            Path("regression.json").write_text(json.dumps(REGRESSION), encoding="utf-8")
            done = CliRunner().invoke(cli_module.cli, args)
        finally:
            os.chdir(here)
    assert "renderable" in seen, done.output
    _DRAWN[key] = seen["renderable"]
    return seen["renderable"]


def _text(renderable: Any, width: int) -> str:
    """What the CLI prints at ``width`` columns (its console, minus colour)."""
    console = Console(width=width, record=True, markup=False, file=io.StringIO())
    console.print(fit_all(renderable))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines()) + "\n"


_DRAWING = re.compile("[\u2500-\u259f]")  # box drawing and block elements


def _pieces(text: str) -> list[str]:
    """The text's words, cut after the commas between a range's classes too."""
    return [p.strip() for word in _DRAWING.sub(" ", text).split() for p in pieces(word)]


@pytest.fixture(autouse=True)
def steady_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    steady_footers(monkeypatch)
    yield


@pytest.mark.parametrize(("name", "args"), CASES, ids=[c[0] for c in CASES])
def test_no_word_is_split_at_any_width(
    name: str, args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    renderable = _renderable(args, monkeypatch)
    whole = set(_pieces(_text(renderable(), WIDE)))
    if name.startswith("query"):  # narrow, the grid has a cell per class under rank headers
        whole |= set("AKQJT98765432") | {"~~", "##", "~", "#"}
    for width in WIDTHS:
        text = _text(renderable(), width)
        wide = [line for line in text.splitlines() if len(line) > width]
        assert wide == [], text
        split = [p for p in _pieces(text) if p not in whole]
        assert split == [], f"split at {width} columns: {split}\n{text}"


@pytest.mark.parametrize("name", GOLDEN_CASES)
@pytest.mark.parametrize("width", WIDTHS)
def test_exact_output(name: str, width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    args = dict(CASES)[name]
    text = _text(_renderable(args, monkeypatch)(), width)
    assert text == (GOLDEN / f"{name}-{width}.txt").read_text(encoding="utf-8"), text


def test_the_readme_footer_leaves_no_part_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _text(_renderable(dict(CASES)["equity-readme"], monkeypatch)(), 80)
    footer = text.split("└")[-1].splitlines()[1:]
    assert footer[0] == "board 4♦ A♣ 5♦ · exact: 32,182,920 outcomes · 0.250 s", text
    assert re.fullmatch(r"[\d.]+M showdowns/s · 2 threads", footer[1]), text


@pytest.mark.parametrize("width", WIDTHS)
def test_long_ranges_break_after_a_comma_only(width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _text(_renderable(dict(CASES)["equity-long-range"], monkeypatch)(), width)
    classes = set(LONG_RANGE.split(",")) | set("22-99,A2s-A9s,KTs-K2s".split(","))
    found = [p.rstrip(",") for p in _pieces(text) if p.rstrip(",") in classes]
    assert set(found) == classes, text


def test_check_names_are_not_squeezed(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _text(_renderable(["check", "--builtin"], monkeypatch)(), 80)
    lines = text.splitlines()
    # A scenario's name on a line of its own, two lines at most at 80 columns.
    start = next(i for i, line in enumerate(lines) if line.startswith("AsAh vs KsKh preflop"))
    assert lines[start + 2].strip().startswith("AsAh"), text


def test_draws_footer_keeps_names_with_their_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    for width in WIDTHS:
        text = _text(_renderable(dict(CASES)["draws"], monkeypatch)(), width)
        for pair in ("StraightDrawCount 8", "FlushDrawCount 0", "Pair 15", "Straight 8"):
            assert pair in text, text


def test_distribution_axis_labels_do_not_overlap(monkeypatch: pytest.MonkeyPatch) -> None:
    for width in WIDTHS:
        text = _text(_renderable(dict(CASES)["equity-distribution"], monkeypatch)(), width)
        axis = next(line for line in text.splitlines() if "share of range" in line)
        marks = axis.replace("share of range", "").split()
        assert marks[0] == "0%" and marks[-1] == "100%", axis
        assert all(re.fullmatch(r"\d+%", m) for m in marks), axis


def test_words_and_parts_break_only_between_pieces() -> None:
    words = Words("HoldemHand: StraightDrawCount\u00a08, DrawCount Pair\u00a015, Straight\u00a03")
    assert words.lines(20) == [
        "HoldemHand:",
        "StraightDrawCount 8,",
        "DrawCount Pair 15,",
        "Straight 3",
    ]
    assert Words("QQ+,AKs,AQs,1,176").lines(8) == ["QQ+,AKs,", "AQs,", "1,176"]
    parts = Parts("board 4♦ A♣ 5♦ · exact: 32,182,920 outcomes · 0.268 s · 16.3M/s · 2 threads")
    assert parts.lines(70) == [
        ["board 4♦ A♣ 5♦", "exact: 32,182,920 outcomes", "0.268 s"],
        ["16.3M/s", "2 threads"],
    ]
    assert parts.lines(200) == [parts.parts]


def _write_golden() -> None:
    """Write tests/cli/golden/render_widths/ from the current commands (look at the diff first)."""
    mp = pytest.MonkeyPatch()
    try:
        steady_footers(mp)
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for name in GOLDEN_CASES:
            renderable = _renderable(dict(CASES)[name], mp)
            for width in WIDTHS:
                text = _text(renderable(), width)
                (GOLDEN / f"{name}-{width}.txt").write_text(text, encoding="utf-8")
    finally:
        mp.undo()


if __name__ == "__main__":
    _write_golden()
