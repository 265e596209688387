"""Tables never hide a number: every command's table at 40, 60, 80 and 120 columns keeps every
number of its result whole (labels may wrap), no line passes the width and nothing is cut, with
percentages of 0, 2 (the default) and 6 decimals (``--decimals``)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from pokercalc import cli as cli_module
from pokercalc.core import formats
from pokercalc.output.figures import distinguishing_decimals, percent, using_decimals
from pokercalc.output.fit import fit_all

WIDTHS = (40, 60, 80, 120)
DECIMALS = (2, 0, 6)
RANKS = "A  K  Q  J  T  9  8  7  6  5  4  3  2"


def _eval(d: Any) -> list[str]:
    return [str(r["value"]) for r in d]


def _equity(d: Any) -> list[str]:
    keys = ("equity", "win", "tie", "stderr")
    return [f"{p['combos']:,}" for p in d["players"]] + [
        percent(p[k]) for p in d["players"] for k in keys if p.get(k) is not None
    ]


def _check(d: Any) -> list[str]:
    players = [p for sc in d["scenarios"] for p in sc["players"]]
    places = distinguishing_decimals([p["allowed"] for p in players])
    return [
        s
        for p in players
        for s in (
            percent(p["expected"], unit=True),
            percent(p["got"], unit=True),
            percent(p["difference"], places, sign=True),
        )
    ]


def _query(d: Any) -> list[str]:
    return [f"{d['count']:,}", percent(d["share"], unit=True), f"{d['total']:,}"]


def _outs(d: Any) -> list[str]:
    numbers = [str(d["count"]), *(percent(d[k], unit=True) for k in ("hit_next", "hit_by_river"))]
    numbers += [f"{round(100 * d[k])}%" for k in ("rule_next", "rule_by_river")]
    shown = [c for c in d["cards"] if c["is_out"] and c["equity"] is not None]
    return numbers + [percent(c["equity"]) for c in shown]


def _draws(d: Any) -> list[str]:
    return [str(x["count"]) for x in d["draws"]] + [
        f"StraightDrawCount {d['straight_draw_count']}",
        f"FlushDrawCount {d['flush_draw_count']}",
    ]


def _hits(d: Any) -> list[str]:
    rows = [c for c in d["counts"] if c["combos"]]
    return [f"{c['combos']:,}" for c in rows] + [percent(c["share"]) for c in rows]


def _winodds(d: Any) -> list[str]:
    numbers = []
    for r in d["rows"]:
        numbers += [percent(r["equity"]), percent(r["win"]), percent(r["tie"])]
        numbers += [] if r["stderr"] is None else [f"±{percent(r['stderr'])}"]
        p = r["potential"] or {}
        for k in ("hand_strength", "positive_potential", "negative_potential"):
            if k in p:
                numbers.append(percent(p[k]))
    return numbers


def _flops(d: Any) -> list[str]:
    s = d["summary"]
    numbers = [f"{d['flops']:,}", f"{d['combos']:,}"]
    numbers += [percent(s[k], unit=True) for k in ("mean", "min", "q1", "median", "q3", "max")]
    return numbers + [percent(w["weight"], sign=True, unit=True) for w in d["fit"]["weights"]]


CASES: list[tuple[str, list[str], Callable[[Any], list[str]]]] = [
    ("eval", ["eval", "AsKsQsJsTs", "2c3d4h5s7c", "AhAd8c8s2h"], _eval),
    ("equity-exact", ["equity", "AhKh", "QQ", "JTs"], _equity),
    (
        "equity-mc",
        ["equity", "AK", "QQ+,AKs", "random", "--trials", "20000", "--seed", "1"],
        _equity,
    ),
    ("equity-ranges", ["equity", "QQ+,AKs,AQs,AJs,ATs,KQs,AKo", "22-99,A2s-A9s"], _equity),
    ("check", ["check", "--builtin"], _check),
    ("query", ["query", "QQ+,AKs,A5s-A2s,KQ", "--board", "Ah7c2d"], _query),
    ("query-shortdeck", ["query", "JJ+,AT+", "--game", "shortdeck"], _query),
    ("outs", ["outs", "AhKh", "--board", "QhJh2c"], _outs),
    ("outs-vs", ["outs", "AhKh", "--vs", "QQ", "--board", "QhJh2c"], _outs),
    ("draws", ["draws", "AhKh", "--board", "QhJh2c"], _draws),
    ("hits", ["hits", "QQ+,AK,T9s,87s", "--board", "Ah7h2c"], _hits),
    (
        "winodds",
        ["winodds", "AhKh", "--board", "QhJh2c", "--opponents", "1-3"]
        + ["--trials", "2000", "--seed", "1"],
        _winodds,
    ),
    (
        "winodds-preflop",  # "Equity %" over "50.91 ±0.35": at 40 columns it was cut to "Equi…"
        ["winodds", "AsKs", "--opponents", "1-3", "--trials", "20000", "--seed", "1"],
        _winodds,
    ),
    ("draws-none", ["draws", "AsAc", "--board", "Kd8h2c"], _draws),
    ("flops", ["flops", "AhKh", "QQ+", "--features", "2", "--time-limit", "0.3"], _flops),
]


def _capture(args: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Callable[[], Any]]:
    """Run a command once, keeping the result and the table it would print."""
    seen: dict[str, Any] = {}

    def fake_emit(result: Any, fmt: str, renderable: Callable[[], Any]) -> None:
        seen["result"], seen["renderable"] = result, renderable

    monkeypatch.setattr(cli_module, "emit", fake_emit)
    done = CliRunner().invoke(cli_module.cli, args)
    assert "result" in seen, done.output
    data = json.loads(formats.json_text(formats.envelope(args[0], seen["result"])))["result"]
    return data, seen["renderable"]


def _render(renderable: Any, width: int) -> str:
    """What the CLI prints at ``width`` columns (its console, minus colour)."""
    console = Console(width=width, record=True, markup=False, file=io.StringIO())
    console.print(fit_all(renderable))
    return console.export_text()


def _assert_whole(text: str, width: int, numbers: list[str]) -> None:
    assert numbers
    missing = [n for n in numbers if n not in text]
    assert missing == [], f"cut at {width} columns: {missing}\n{text}"
    assert "\u2026" not in text, text
    wide = [line for line in text.splitlines() if len(line) > width]
    assert wide == [], text


@pytest.mark.slow
@pytest.mark.parametrize(("name", "args", "numbers"), CASES, ids=[c[0] for c in CASES])
def test_every_number_whole_at_every_width(
    name: str, args: list[str], numbers: Callable[[Any], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    data, renderable = _capture(args, monkeypatch)
    for decimals, width in ((d, w) for d in DECIMALS for w in WIDTHS):
        with using_decimals(decimals):
            expected = numbers(data)
            text = _render(renderable(), width)
        _assert_whole(text, width, expected)
        if name.startswith("query"):
            n = len(data["classes"]) and (9 if "shortdeck" in name else 13)
            held = [c["class"] for c in data["classes"] if c["weight"] > 0]
            if width >= 5 * n - 1:  # every class by name
                assert all(c in text for c in held), text
            else:  # the compact form, with every rank heading a column
                assert RANKS[: 3 * n - 2] in text, text


@pytest.mark.slow
def test_the_grid_says_when_it_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    _, renderable = _capture(["query", "QQ+"], monkeypatch)
    text = " ".join(_render(renderable(), 30).split())
    assert "grid cut: the 13x13 grid needs 40 columns" in text


@pytest.mark.slow
@pytest.mark.parametrize("width", WIDTHS)
def test_the_cli_follows_the_terminal_width(width: int) -> None:
    done = CliRunner().invoke(cli_module.cli, ["equity", "AhKh", "QQ"], env={"COLUMNS": str(width)})
    assert done.exit_code == 0, done.output
    assert max(len(line) for line in done.output.splitlines()) <= width
    for number in ("46.05", "45.83", "0.43", "53.95", "53.73"):
        assert number in done.output


def test_a_table_that_fits_is_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # The fit check drew every table, then the table was drawn again to print it: a
    # breakdown by combo (1,225 rows) took seconds more, and so did stopping after Ctrl-C.
    from rich.table import Table

    table = Table("Hand", "Equity %", title="Breakdown")
    for i in range(50):
        table.add_row(f"hand {i}", f"{i / 3:.2f}")
    drawn = []
    real = Table.__rich_console__

    def counted(self: Table, console: Any, options: Any) -> Any:
        drawn.append(self)
        return real(self, console, options)

    plain = _render(table, 80)
    monkeypatch.setattr(Table, "__rich_console__", counted)
    assert _render(fit_all(table), 80) == plain  # (as the table alone prints)
    assert len(drawn) == 1
