"""The equity command and the engine on range strings: known figures, output formats, errors."""

from __future__ import annotations

import csv
import io
import json

import pytest
from cli_runs import invoke
from click.testing import CliRunner

from pokercalc.analysis.equities import equity
from pokercalc.cli import cli


def test_three_way_flop_figures() -> None:
    r = equity("JcJh | 99+,AJs+ | random", "4dAc5d")
    assert r.method == "exact"
    assert [round(100 * p.equity, 8) for p in r.players] == [24.26085949, 49.61494327, 26.12419724]
    assert [p.combos for p in r.players] == [1, 42, 1176]


def test_players_as_separate_arguments_equal_the_bar_form() -> None:
    a = json.loads(invoke("equity", "AsKs", "QQ", "--board", "4dAc5d", "--json").output)["result"]
    b = json.loads(invoke("equity", "AsKs | QQ", "--board", "4dAc5d", "--json").output)["result"]
    assert [p["equity_fraction"] for p in a["players"]] == [
        p["equity_fraction"] for p in b["players"]
    ]


def test_json_output() -> None:
    result = invoke("equity", "AsAh | KsKh", "--json")
    assert result.exit_code == 0
    doc = json.loads(result.output)
    assert doc["command"] == "equity"
    res = doc["result"]
    assert res["method"] == "exact" and res["outcomes"] == 1712304
    assert [p["label"] for p in res["players"]] == ["AsAh", "KsKh"]
    assert res["players"][0]["equity_fraction"] == "707495/856152"
    assert res["players"][0]["wins"] == 1410336 and res["players"][0]["ties"] == 9308
    assert res["players"][0]["stderr"] is None and res["seed"] is None


def test_monte_carlo_json_reports_seed_trials_and_stderr() -> None:
    result = invoke("equity", "AsKs | QQ", "--mc", "--trials", "20000", "--seed", "5", "--json")
    res = json.loads(result.output)["result"]
    assert res["method"] == "mc" and res["seed"] == 5 and res["trials"] >= 20000
    assert all(0 < p["stderr"] < 0.01 for p in res["players"])
    assert res["outcomes"] == 1 * 6 * 1712304 // 1  # every QQ combo against AsKs


def test_csv_output() -> None:
    result = invoke("equity", "AsAh | KsKh", "--csv")
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert [r["label"] for r in rows] == ["AsAh", "KsKh"]
    assert rows[0]["equity_fraction"] == "707495/856152"
    assert float(rows[0]["equity"]) == pytest.approx(0.826366112559452, abs=0)


def test_table_output_has_players_and_footer() -> None:
    result = invoke("equity", "AsAh | KsKh")
    assert result.exit_code == 0
    assert "82.64" in result.output and "17.36" in result.output
    assert "exact: 1,712,304 outcomes" in result.output


def test_interrupt_returns_the_estimate_so_far() -> None:
    calls = []

    def interrupt(fraction: float) -> None:
        calls.append(fraction)
        if len(calls) == 2:
            raise KeyboardInterrupt

    r = equity("AsKs | QQ", method="mc", time=30, seed=1, progress=interrupt)
    assert r.interrupted and r.trials > 0
    assert abs(r.players[0].equity - 0.46) < 0.05


@pytest.mark.parametrize("breakdown", [[], ["--breakdown"]])
def test_interrupt_before_the_first_deal_prints_the_players_and_exits_130(
    monkeypatch: pytest.MonkeyPatch, breakdown: list[str]
) -> None:
    from pokercalc.engine import montecarlo

    def stop(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(montecarlo.Sampler, "run", stop)
    args = ["AsKs | random", "--mc", "--trials", "100000000", "--seed", "4", *breakdown]
    result = invoke("equity", *args, "--json")
    assert result.exit_code == 130, result.output
    doc = json.loads(result.stdout)["result"]
    res = doc["run"] if breakdown else doc
    assert res["method"] == "mc" and res["interrupted"] is True and res["seed"] == 4
    assert res["trials"] == 0 and res["done_fraction"] == 0.0
    assert [(p["label"], p["combos"], p["equity"], p["stderr"]) for p in res["players"]] == [
        ("AsKs", 1, None, None),
        ("random", 1326, None, None),
    ]
    if breakdown:
        assert doc["hands"] == [] and doc["equity"] is None
    text = invoke("equity", *args)
    assert text.exit_code == 130 and "INTERRUPTED before the first deal: no equities" in text.stdout
    assert "interrupted" in text.stderr
    if not breakdown:
        rows = list(csv.DictReader(io.StringIO(invoke("equity", *args, "--csv").stdout)))
        assert [(r["label"], r["equity"], r["stderr"]) for r in rows] == [
            ("AsKs", "", ""),
            ("random", "", ""),
        ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["AsKs | AsQd"], "both hold As"),
        (["AsKs | QdQh", "--board", "Qd2c3c"], "player 2"),
        (["AsKs | QQ", "--board", "QcQsQd"], "player 2"),
        (["AsKs | QQ", "--board", "As2c3c"], "As"),
        (["AsKs | Q"], "Q"),
        (["|".join(["random"] * 24)], "too many"),
        (["AsKs | QQ", "--board", "2c3c"], "board"),
        (["AsKs | QQ", "--threads", "0"], "threads"),
        (["AsKs | QQ", "--trials", "-3"], "trials"),
        (["AsKs | QQ", "--board", "2c2c4d"], "duplicate"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], message: str) -> None:
    result = invoke("equity", *args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:")
    assert message.lower() in lines[0].lower()


def test_monte_carlo_on_the_issue_heavy_removal_example() -> None:
    # Four ranges fighting over the same aces; a river board keeps the exact run short.
    players = "QQ+,AJs+,AQo+ | random | A2s+,22+ | A2s+,ATo+"
    exact = equity(players, "AhKd7c2s9h", method="exact")
    mc = equity(players, "AhKd7c2s9h", method="mc", trials=400_000, seed=12)
    assert exact.outcomes == mc.outcomes == 91_690_760
    for m, e in zip(mc.players, exact.players, strict=True):
        assert abs(m.equity - e.equity) < 4 * m.stderr


def test_a_command_exit_status_reaches_the_shell() -> None:
    import click

    @click.command()
    @click.pass_context
    def leave(ctx: click.Context) -> None:
        """Leave with status three, as a command may."""
        ctx.exit(3)

    cli.add_command(leave, "zz-leave")
    try:
        assert CliRunner().invoke(cli, ["zz-leave"]).exit_code == 3
    finally:
        cli.commands.pop("zz-leave")


def test_weighted_ranges_show_combos_and_weight_apart() -> None:
    """Combos count each hand once (as query's count); a weighted range's weight is its own
    column, "Weighted", and JSON field, as query's weight."""
    res = invoke("equity", "AA,AKs:0.5 | QQ+", columns=120)
    assert res.exit_code == 0, res.output
    header = next(line for line in res.output.splitlines() if "Hand or range" in line)
    assert [c.strip() for c in header.strip("┃").split("┃")][2:4] == ["Combos", "Weighted"]
    rows = [line for line in res.output.splitlines() if line.startswith("│")]
    cells = [[c.strip() for c in row.strip("│").split("│")] for row in rows]
    assert [c[1:4] for c in cells] == [["AA,AKs:0.5", "10", "8"], ["QQ+", "18", "18"]]
    doc = json.loads(invoke("equity", "AA,AKs:0.5 | QQ+", "--json").output)["result"]
    assert [(p["combos"], p["weight"]) for p in doc["players"]] == [(10, 8.0), (18, None)]
    query = json.loads(invoke("query", "AA,AKs:0.5", "--json").output)["result"]
    assert (query["count"], query["weight"]) == (10, 8.0)
    # On a board the weight is of the hands left: AhAd and AhKh go.
    doc = json.loads(invoke("equity", "AA,AKs:0.5 | QQ+", "-b", "Ah7c2d", "--json").output)
    assert [(p["combos"], p["weight"]) for p in doc["result"]["players"][:1]] == [(6, 4.5)]
    plain = invoke("equity", "AA,AKs | QQ+", columns=120)
    assert "Weighted" not in plain.output


def test_breakdown_rows_explain_the_combos_they_leave_out() -> None:
    res = invoke("equity", "AhKh | QQ+,AKs", "--breakdown", "2", columns=120)
    assert res.exit_code == 0, res.output
    rows = [line for line in res.output.splitlines() if line.startswith("│")]
    table = [[c.strip() for c in row.strip("│").split("│")] for row in rows]
    assert table[1][2] == "22"  # the equity table: QQ+,AKs less no board card
    assert sum(int(r[1]) for r in table[2:]) == 15  # AA 3, KK 3, QQ 6, AKs 3
    assert (
        "The rows hold 15 of player 2's 22 combos: the other 7 meet the other players' cards "
        "in every deal." in res.output
    )
    weighted = invoke("equity", "AA,AKs:0.5 | KK", "--breakdown", columns=120)
    assert "┃ Hand ┃ Weighted ┃" in weighted.output
    assert "The rows hold" not in weighted.output  # KK takes no card of AA or AKs


def test_the_weight_is_the_same_in_pieces_and_for_parsed_ranges() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from pokercalc.ranges.notation import parse_range

    with ThreadPoolExecutor(1) as executor:
        pieces = equity("AA,AKs:0.5 | QQ+", executor=executor)
    assert [(p.combos, p.weight) for p in pieces.players] == [(10, 8.0), (18, None)]
    parsed = equity([parse_range("AA,AKs:0.5"), "QQ+"], board="Ah7c2d")
    assert [(p.combos, p.weight) for p in parsed.players] == [(6, 4.5), (15, None)]
