"""``hits --next-card`` and ``equity --next-card``: table, JSON, CSV and refusals."""

from __future__ import annotations

import csv
import io
import json

import pytest
from cli_runs import invoke


def test_hits_table_has_a_row_now_and_one_per_card() -> None:
    out = invoke("hits", "QQ+,AK", "--board", "Kh7c2d", "--next-card", columns=100).output
    assert "QQ+,AK on K♥ 7♣ 2♦: each turn card, 27 combos now" in out
    lines = out.splitlines()
    now = next(line for line in lines if "now" in line and "│" in line)
    # Sets, top pair and overpair, other pairs: 3/27, 18/27, 6/27.
    assert [c.strip() for c in now.split("│")[2:7]] == ["0.00", "11.11", "0.00", "66.67", "22.22"]
    spade_ace = next(line for line in lines if line.startswith("│ A♠"))
    assert "42.86" in spade_ace  # AK's two pair: 9 of 21 combos
    assert sum(1 for line in lines if line.startswith("│ ") and "now" not in line) == 49


def test_hits_select_shows_the_selected_share_and_its_change() -> None:
    args = ["hits", "QQ+,AK", "-b", "Kh7c2d8s", "--next-card", "--select", "two pair+"]
    out = invoke(*args, columns=80).output
    row = next(line for line in out.splitlines() if line.startswith("│ A♠"))
    assert [c.strip() for c in row.split("│")[1:5]] == ["A♠", "21", "71.43", "+60.32"]
    assert "Selected: two pair+." in out


def test_hits_json_and_csv() -> None:
    args = ["hits", "QQ+,AK", "-b", "Kh7c2d", "--vs", "AhAd", "--next-card"]
    doc = json.loads(invoke(*args, "--json").output)
    assert doc["command"] == "hits"
    res = doc["result"]
    assert res["street"] == "turn" and res["opponents"] == ["AhAd"]
    assert len(res["cards"]) == 47 and res["cards"][0]["card"] == "As"
    assert res["selected"] is None and res["cards"][0]["selected"] is None
    rows = list(csv.DictReader(io.StringIO(invoke(*args, "--csv").output)))
    assert len(rows) == 47 * len(res["now"])
    assert list(rows[0])[:3] == ["card", "selected", "kind"]


def test_equity_table_json_and_csv() -> None:
    args = ["equity", "AsKs | QhQd", "--board", "Kh7c2d", "--next-card"]
    out = invoke(*args, columns=80).output
    lines = out.splitlines()
    assert lines[0] == "AsKs vs QhQd on K♥ 7♣ 2♦: equity by turn card"
    row = next(line for line in lines if line.startswith("│ Q♠"))
    assert [c.strip() for c in row.split("│")[1:6]] == ["Q♠", "0.00", "-91.21", "100.00", "+91.21"]
    assert "Cannot come: A♠ K♠ Q♥ Q♦." in " ".join(out.split())
    res = json.loads(invoke(*args, "--json").output)["result"]
    assert res["now"]["players"][0]["equity_fraction"] == "301/330"
    assert len(res["cards"]) == 45 and not res["interrupted"]
    assert (
        res["cards"][0]["card"] == "Ah"
        and res["cards"][0]["players"][0]["equity_fraction"] == "21/22"
    )
    rows = list(csv.DictReader(io.StringIO(invoke(*args, "--csv").output)))
    assert len(rows) == 90 and rows[0]["card"] == "Ah" and rows[1]["player"] == "2"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hits", "QQ+", "-b", "Kh7c2d8s3s", "--next-card"], "the river is the last card"),
        (["hits", "QQ+", "-b", "Kh7c2d", "--next-card", "--list"], "--list and --next-card"),
        (["hits", "QQ+", "-b", "Kh7c2d", "--next-card", "--game", "omaha"], "hits in omaha"),
        (["equity", "AsKs | QQ", "--next-card"], "needs a flop or a turn"),
        (["equity", "AsKs | QQ", "-b", "Kh7c2d", "--next-card", "--breakdown"], "goes alone"),
        (["equity", "AsKs | QQ", "-b", "Kh7c2d", "--next-card", "--jobs", "2"], "one machine"),
        (["equity", "AsKs | 7h7d", "--game", "stud", "--next-card"], "no next card"),
    ],
)
def test_refusals_are_one_line(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.output and len(result.output.strip().splitlines()) == 1
