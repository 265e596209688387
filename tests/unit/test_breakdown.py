"""Equity by hand (``equity --breakdown``) and the equity distribution: the parts add up to the
whole, each part equals its own run, Monte Carlo within its errors, charts and files."""

from __future__ import annotations

import json
import math
import signal
import struct
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import docs_examples as dx
import jsonschema
import pytest
from cli_runs import invoke

from pokercalc.analysis.breakdown import (
    BreakdownResult,
    equity_breakdown,
    equity_distribution,
    hand_class,
)
from pokercalc.analysis.equities import equity
from pokercalc.core.cards import parse_cards
from pokercalc.core.formats import load_schema
from pokercalc.errors import InputError

ROOT = Path(__file__).resolve().parents[2]

# (players, board, dead, player, game): symmetric spots (suit permutations merged), weights,
# dead cards, three and four players, each player innermost or not, short-deck and Omaha.
EXACT_SPOTS = [
    ("QQ+,AK | JJ", "Kh7c2d", "", 1, "holdem"),
    ("QQ+,AK | random", "Kh7c2d", "", 2, "holdem"),
    ("AsAh | KsKh", "", "", 2, "holdem"),
    ("AA,KQs,72o | JJ,T9s", "2c2d2h", "", 1, "holdem"),
    ("JJ,T9s | AA,KQs,72o", "2c2d2h", "", 2, "holdem"),
    ("AhAd,KhQh,KdQd | JJ", "2c2s3c3s", "", 1, "holdem"),
    ("AKs,QQ | JhTh", "Qh9h2c", "8h", 1, "holdem"),
    ("JcJh | 99+,AJs+ | random", "4dAc5d", "", 3, "holdem"),
    ("JcJh | 99+,AJs+ | random", "4dAc5d", "", 2, "holdem"),
    ("AA,KQs | JJ,T9s | 55,43s", "2c2d2h5s", "", 3, "holdem"),
    ("AsKs | QhQd | random", "4dAc5d", "", 3, "holdem"),
    ("AA | KK | QQ | JJ,TT", "2c3d4h", "5s", 4, "holdem"),
    ("AA,KK | QQ,JJ", "6c7d8h", "", 2, "shortdeck"),
    ("AsAhKsKd,QsQhJsJh | random", "2c3d4h9s", "", 1, "omaha"),
    ("AsAhKsKd | AAxx,JT98ds", "2c3d4h9s", "", 2, "omaha"),
    ("AsAh2c3d,KsKhQdQc | random", "4c5d9h8sTd", "", 1, "omaha-hilo"),
    ("AsAh2c3d,KsKhQdQc | 2345,AA23", "4c5d9h8s", "", 2, "omaha-hilo"),
]


def _ids(spots: list[tuple[str, ...]]) -> list[str]:
    return [f"{s[0]} on {s[1] or 'preflop'} #{s[3]} {s[4]}" for s in spots]


@pytest.mark.parametrize(("players", "board", "dead", "player", "game"), EXACT_SPOTS,
                         ids=_ids(EXACT_SPOTS))  # fmt: skip
def test_exact_parts_add_up_to_the_whole(
    players: str, board: str, dead: str, player: int, game: str
) -> None:
    for by in ("class", "combo"):
        b = equity_breakdown(players, board, dead, player=player, by=by, game=game, method="exact")
        total = b.run.players[player - 1]
        assert b.method == "exact" and total.equity_fraction is not None
        assert all(h.share_fraction is not None and h.equity_fraction is not None for h in b.hands)
        assert sum(h.share_fraction for h in b.hands) == 1  # type: ignore[misc]
        parts = sum(h.share_fraction * h.equity_fraction for h in b.hands)  # type: ignore[operator]
        assert parts == total.equity_fraction
        # Integer tallies stay integers, and every outcome is counted once.
        assert all(isinstance(h.outcomes, int) for h in b.hands)
        assert sum(h.outcomes for h in b.hands) == b.run.outcomes
        assert [h.equity for h in b.hands] == sorted((h.equity for h in b.hands), reverse=True)


# Each combo's equity is what the engine gives that combo alone against the others.
COMBO_SPOTS = [
    ("AA,KQs,72o | JJ,T9s", "2c2d2h", 1),
    ("JJ,T9s | AA,KQs,72o", "2c2d2h", 2),
    ("AA,KQs | JJ,T9s | 55,43s", "2c2d2h", 2),
    ("AA,KQs | JJ,T9s | 55,43s", "2c2d2h", 3),
    ("AhAd,KhQh,KdQd | JJ,AsKs", "2c2s3c3s", 1),
    ("A5s,KK | QQ,JTs", "", 2),
]


@pytest.mark.parametrize(("players", "board", "player"), COMBO_SPOTS)
def test_each_combo_is_its_own_run(players: str, board: str, player: int) -> None:
    b = equity_breakdown(players, board, player=player, by="combo", method="exact")
    parts = [p.strip() for p in players.split("|")]
    total = sum(h.outcomes for h in b.hands)
    for h in b.hands:
        alone = list(parts)
        alone[player - 1] = h.hand
        r = equity(alone, board, method="exact")
        assert r.players[player - 1].equity_fraction == h.equity_fraction, h.hand
        # The share is the combo's own outcomes over all of them.
        assert h.share_fraction == Fraction(r.outcomes, total), h.hand


def test_weighted_ranges_add_up() -> None:
    for players, player in [("AKs:0.5,QQ | JJ", 1), ("JJ | AKs:0.5,QQ,T9s:0.25,random:0.1", 2)]:
        b = equity_breakdown(players, "2c3d4h", "5s", player=player, method="exact")
        total = b.run.players[player - 1].equity
        assert total is not None
        assert math.isclose(sum(h.share * h.equity for h in b.hands), total, abs_tol=1e-12)
        assert all(h.equity_fraction is None for h in b.hands)
    b = equity_breakdown("AKs:0.5,QQ | JJ", "2c3d4h", "5s", method="exact")
    assert {h.hand: h.combos for h in b.hands} == {"AKs": 2.0, "QQ": 6.0}


def test_monte_carlo_within_its_standard_errors() -> None:
    players, board = "QQ+,AK,T9s | JJ,AQs", "Kh7c2d"
    exact = {h.hand: h.equity for h in equity_breakdown(players, board, method="exact").hands}
    mc = equity_breakdown(players, board, method="mc", trials=400_000, seed=11, threads=2)
    assert mc.method == "mc" and set(exact) == {h.hand for h in mc.hands}
    for h in mc.hands:
        assert h.stderr is not None and h.stderr > 0
        assert abs(h.equity - exact[h.hand]) < 4.5 * h.stderr, h.hand
    total = mc.run.players[0]
    assert math.isclose(sum(h.share * h.equity for h in mc.hands), total.equity or 0, abs_tol=1e-12)
    assert sum(h.outcomes for h in mc.hands) == mc.run.trials


def test_monte_carlo_breaks_down_a_random_player() -> None:
    # A random player is dealt from the deck without a breakdown; with one, from its combos.
    b = equity_breakdown("AsAh | random", player=2, method="mc", trials=100_000, seed=3, threads=1)
    assert len(b.hands) == 169 - 1 + 1  # every class; AA is left with one combo
    aa = next(h for h in b.hands if h.hand == "AA")
    assert aa.combos == 1.0 and abs(aa.equity - 0.5) < 5 * (aa.stderr or 1)
    total = b.run.players[1].equity or 0
    assert math.isclose(sum(h.share * h.equity for h in b.hands), total, abs_tol=1e-12)


def test_hand_classes() -> None:
    assert [hand_class(parse_cards(h)) for h in ("AhKh", "Kd9c", "7s7c")] == ["AKs", "K9o", "77"]
    omaha = ["AsAhKsKh", "JsTh9c8d", "AsKsQdJh", "AsKsQsJh", "AsKsQsJs"]
    assert [hand_class(parse_cards(h)) for h in omaha] == [
        "AAKKds",
        "JT98r",
        "AKQJss",
        "AwKwQwJx",
        "AwKwQwJw",
    ]


def test_distribution_curve_and_histogram() -> None:
    b = equity_breakdown("JcJh | 99+,AJs+ | random", "4dAc5d", player=3, distribution=True)
    d = b.distribution
    assert d is not None and b.run.players[2].equity is not None
    assert math.isclose(d.mean, b.run.players[2].equity, abs_tol=1e-12)
    assert d.steps[0].start == 0 and math.isclose(d.steps[-1].end, 1.0, abs_tol=1e-9)
    assert all(a.equity >= z.equity for a, z in zip(d.steps, d.steps[1:], strict=False))
    assert d.bins[0].share > 0 and d.bins[-1].share > 0  # no empty bins at the ends
    assert math.isclose(sum(x.share for x in d.bins), 1.0, abs_tol=1e-9)
    with pytest.raises(Exception, match="bins"):
        equity_distribution(b.hands, bins=0)


def _cli(args: list[str], columns: int = 80) -> tuple[int, str, str]:
    r = invoke(*args, env={"NO_COLOR": "1"}, columns=columns)
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize("columns", [60, 80, 200])
def test_terminal_charts_fit_80_columns(columns: int) -> None:
    args = ["equity", "JcJh | 99+,AJs+ | random", "-b", "4dAc5d", "--breakdown", "3"]
    code, out, _ = _cli([*args, "--distribution"], columns)
    assert code == 0
    chart = out[out.index("Equity curve") :]
    assert max(len(line) for line in chart.splitlines()) <= min(80, max(columns, 60))
    assert "Equity histogram" in chart and "share of range" in chart


def test_cli_formats_and_schema() -> None:
    args = ["equity", "QQ+,AK | JJ", "--board", "Kh7c2d", "--breakdown"]
    code, out, _ = _cli([*args, "--json"])
    assert code == 0
    doc = json.loads(out)
    jsonschema.Draft202012Validator(load_schema("equity")).validate(doc)
    result = doc["result"]
    assert result["by"] == "class" and result["player"] == 1 and result["distribution"] is None
    assert [h["hand"] for h in result["hands"]] == ["KK", "AA", "QQ", "AKs", "AKo"]
    assert result["hands"][0]["equity_fraction"] == "989/990"
    assert result["run"]["players"][0]["equity_fraction"] == "449/486"
    code, out, _ = _cli([*args, "--csv"])
    lines = out.splitlines()
    assert lines[0].startswith("rank,hand,combos,share,equity,win,tie,stderr,equity_fraction")
    assert lines[1].split(",")[:2] == ["1", "KK"] and len(lines) == 6
    code, out, _ = _cli([*args, "--distribution", "--csv"])
    assert out.splitlines()[0] == "rank,hand,start,end,equity" and len(out.splitlines()) == 28
    code, out, _ = _cli([*args, "--combos", "--distribution", "--json"])
    doc = json.loads(out)
    jsonschema.Draft202012Validator(load_schema("equity")).validate(doc)
    assert doc["result"]["by"] == "combo" and len(doc["result"]["hands"]) == 27
    assert doc["result"]["distribution"]["bins"][0]["low"] == 0.9


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AA | KK", "--breakdown", "3"],
        ["equity", "AA", "KK", "--breakdown", "x"],
        ["equity", "AA | KK", "--breakdown", "0"],
        ["equity", "AA | KK", "--plot", "out.txt"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str]) -> None:
    code, _, err = _cli(args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("Error: ")


def test_plot_without_matplotlib_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    for args in (
        ["equity", "AA | KK", "--breakdown", "--plot", str(tmp_path / "c.png")],
        ["flops", "AA", "RUS", "--plot", str(tmp_path / "f.svg")],
    ):
        code, _, err = _cli(args)
        assert code == 2
        assert err.strip().splitlines() == [
            "Error: --plot needs matplotlib: python -m pip install 'pokercalc[plot]' "
            "(from a checkout: python -m pip install '.[plot]')"
        ]
    assert not list(tmp_path.iterdir())


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk, after checking the signature."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.slow
def test_png_is_a_valid_image_of_the_expected_size(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from PIL import Image

    path = tmp_path / "curve.png"
    args = ["equity", "AKs,QQ | JhTh", "-b", "Qh9h2c", "--combos", "--plot", str(path)]
    code, out, _ = _cli(args)
    assert code == 0 and "AsKs" not in out.split("by combo")[0]
    data = path.read_bytes()
    assert _png_size(data) == (1200, 600)
    with Image.open(path) as img:
        img.verify()
    with Image.open(path) as img:
        assert img.size == (1200, 600)
        colors = img.convert("RGB").getcolors(1 << 20) or []
        assert len(colors) > 10  # a drawing, not a blank page
    svg = tmp_path / "curve.svg"
    assert _cli([*args[:-1], str(svg)])[0] == 0
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")


@pytest.mark.slow
def test_flops_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "flops.png"
    args = ["flops", "AsAh", "RUS", "--features", "1", "--time-limit", "0.5"]
    code, _, _ = _cli([*args, "--plot", str(path)])
    assert code == 0 and _png_size(path.read_bytes()) == (1200, 600)


def test_breakdown_result_is_a_result() -> None:
    b = equity_breakdown("AsAh | KsKh", method="exact")
    assert isinstance(b, BreakdownResult) and b.to_dict()["run"]["method"] == "exact"
    assert [h.hand for h in b.hands] == ["AA"] and b.hands[0].share == 1.0


@pytest.mark.slow
def test_the_docs_page_prints_what_it_shows() -> None:
    outcomes = dx.run_page(ROOT / "docs" / "breakdown.md")
    failed = [o for o in outcomes if not o.ok and not o.skipped]
    assert not failed, "\n\n".join(dx.report("docs/breakdown.md", o) for o in failed)


def _interrupted(args: list[str]) -> tuple[int, dict[str, object]]:
    """Send SIGINT to ``pokercalc ARGS --json`` two seconds in; its status and result."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", *args, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    time.sleep(2.0)
    assert proc.poll() is None, "the command ended before the signal: pick a slower input"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert "interrupted" in err
    return proc.returncode, json.loads(out)["result"]


@pytest.mark.process
def test_ctrl_c_stops_a_breakdown_as_it_stops_equity() -> None:
    # Monte Carlo: the hands so far, each with its standard error.
    code, result = _interrupted(["equity", "AA,KK | random", "--mc", "--time", "20", "--breakdown"])
    assert code == 130 and result["interrupted"] is True and result["method"] == "mc"
    hands = result["hands"]
    assert isinstance(hands, list) and {h["hand"] for h in hands} == {"AA", "KK"}
    assert all(h["stderr"] is not None for h in hands)
    # Exact: how far it got, and no hands (a part of an enumeration estimates nothing).
    # (about 26 s whole: AA | KK | random, 2 s, could end before the signal)
    args = ["equity", "AA | KK | QQ | random", "--exact", "--breakdown", "4"]
    code, result = _interrupted(args)
    assert code == 130 and result["interrupted"] is True and result["hands"] == []
    assert result["equity"] is None


def test_hilo_monte_carlo_by_hand() -> None:
    players = "AsAh2c3d,KsKhQdQc | random"
    b = equity_breakdown(players, "4c5d9h", game="omaha-hilo", method="mc", trials=40_000, seed=5)
    total = b.run.players[0]
    assert b.method == "mc" and [h.hand for h in b.hands] == ["AA32r", "KKQQr"]
    assert all(h.stderr and h.high_share is not None and h.low_share is not None for h in b.hands)
    assert math.isclose(sum(h.share * h.equity for h in b.hands), total.equity or 0, abs_tol=1e-12)


def test_a_breakdown_of_too_many_hands_does_not_advise_monte_carlo_it_runs() -> None:
    # Monte Carlo lists a random player's hands to break it down; the listing's own
    # refusal said "use Monte Carlo (--mc)" to a Monte Carlo run.
    from click.testing import CliRunner

    from pokercalc.analysis.breakdown import equity_breakdown
    from pokercalc.cli import cli

    with pytest.raises(InputError, match="too many to list one by one as a breakdown") as e:
        equity_breakdown("random | AsKsQdJdTc9c", game="omaha6", method="mc", trials=2000)
    assert "--mc" not in str(e.value)
    res = CliRunner().invoke(
        cli, ["equity", "random", "--game", "omaha6", "--mc", "--trials", "2000", "--breakdown"]
    )
    assert res.exit_code == 2 and res.stderr.count("\n") == 1 and "--mc)" not in res.stderr


def test_plot_titles_name_the_players_board_and_method(tmp_path: Path) -> None:
    from pokercalc.output.plot import distribution_title

    exact = equity_breakdown(
        ["AhKh", "QQ+,AK"], board="Th9h2c", player=2, distribution=True, method="exact"
    )
    assert distribution_title(exact) == (
        "AhKh vs QQ+,AK, board Th9h2c (exact)\nplayer 2 (QQ+,AK): equity 43.9%"
    )
    mc = equity_breakdown(
        ["AhKh", "QQ+,AK", "random"], player=2, distribution=True, method="mc",
        trials=10_000, seed=3,
    )  # fmt: skip
    assert distribution_title(mc).startswith(
        "AhKh vs QQ+,AK vs random, preflop (Monte Carlo, 10,000 deals, seed 3)\n"
    )
    pytest.importorskip("matplotlib")
    svg = tmp_path / "t.svg"
    code, _, _ = _cli(["equity", "AhKh | QQ+,AK", "-b", "Th9h2c", "--breakdown", "2",
                       "--plot", str(svg)])  # fmt: skip
    assert code == 0
    assert "AhKh vs QQ+,AK, board Th9h2c (exact)" in svg.read_text(encoding="utf-8")
