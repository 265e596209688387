"""Reproducible seeds (issue 18, item 4): seeds fit in 53 bits, and a Monte Carlo run stopped by
time or by a standard error is reproduced to the last bit by its reported seed and trials."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from pokercalc.analysis.equities import equity
from pokercalc.analysis.win_odds import hand_potential, winodds
from pokercalc.cli import cli
from pokercalc.core.validate import MAX_SEED, new_seed
from pokercalc.engine.plan import MC_BLOCK
from pokercalc.errors import InputError
from pokercalc.pipelines.batch import main_stream

PLAYERS = "AsKs | QQ+,AJs+ | random"


def run_json(*args: str) -> dict:
    res = CliRunner().invoke(cli, [*args, "--json"])
    assert res.exit_code == 0, res.output
    result: dict = json.loads(res.stdout)["result"]
    return result


def figures(result: dict) -> list[tuple[float, float, float, float]]:
    """Every player's equity, win, tie and standard error, compared bit for bit."""
    return [(p["equity"], p["win"], p["tie"], p["stderr"]) for p in result["players"]]


def test_seeds_fit_in_53_bits() -> None:
    assert MAX_SEED == 2**53 - 1 == 9007199254740991
    assert float(MAX_SEED) == MAX_SEED  # a double holds it exactly, as jq and JavaScript do
    assert all(0 <= new_seed() <= MAX_SEED for _ in range(1000))
    assert any(new_seed() > 2**52 for _ in range(200))  # all 53 bits are used
    drawn = [run_json("equity", "AsKs", "random", "--mc", "--trials", "100")["seed"]]
    drawn += [equity(["AsKs", "random"], method="mc", trials=100).seed for _ in range(20)]
    drawn += [winodds("AsKs", opponents=3, trials=100).seed for _ in range(5)]
    assert all(isinstance(s, int) and 0 <= s <= MAX_SEED for s in drawn)


@pytest.mark.parametrize("command", ["equity", "winodds"])
def test_seed_validation_is_0_to_2_53_minus_1(command: str) -> None:
    cards = ["AsKs", "QQ"] if command == "equity" else ["AsKs", "-n", "2"]
    ok = run_json(command, *cards, "--mc", "--trials", "10", "--seed", str(MAX_SEED))
    assert ok["seed"] == MAX_SEED
    res = CliRunner().invoke(cli, [command, *cards, "--seed", str(MAX_SEED + 1)])
    assert res.exit_code == 2
    assert res.stderr == (
        "Error: Invalid value for '--seed': seed must be at least 0 and at most "
        "9007199254740991, got 9007199254740992\n"
    )
    with pytest.raises(InputError, match="at most 9007199254740991"):
        equity(["AsKs", "QQ"], method="mc", trials=10, seed=2**63)


def test_batch_lines_check_seeds_too() -> None:
    out = io.StringIO()
    line = '{"players": ["AsKs", "QQ"], "method": "mc", "trials": 10, "seed": %d}\n'
    _, failed = main_stream(io.StringIO(line % MAX_SEED + line % 2**53), out, {}, jobs=1)
    first, second = (json.loads(x) for x in out.getvalue().splitlines())
    assert first["ok"] and first["result"]["seed"] == MAX_SEED
    assert failed == 1 and "at most 9007199254740991" in second["error"]["message"]


def test_winodds_row_seeds_wrap_within_53_bits() -> None:
    r = winodds("AsKs", board="Qs7h2c", opponents="2", method="mc", trials=2000, seed=MAX_SEED)
    assert r.seed == MAX_SEED
    assert r.rows[0].seed == 1 and r.rows[0].potential is not None
    assert r.rows[0].potential.seed == 1001


@pytest.mark.parametrize(
    ("threads", "stop"),
    [("1", ["--time", "0.15"]), ("2", ["--time", "0.15"]), ("2", ["--stderr", "0.002"])],
)
def test_a_stopped_run_is_reproduced_by_its_seed_and_trials(threads: str, stop: list[str]) -> None:
    first = run_json("equity", PLAYERS, "--mc", "--threads", threads, *stop)
    assert first["trials"] % MC_BLOCK == 0  # whole blocks: only the last block of a run is short
    again = run_json(
        "equity", PLAYERS, "--threads", "1" if threads == "2" else "2",
        "--seed", str(first["seed"]), "--trials", str(first["trials"]),
    )  # fmt: skip
    assert (again["method"], again["trials"], again["seed"]) == (
        "mc",
        first["trials"],
        first["seed"],
    )
    assert figures(again) == figures(first)


@pytest.mark.parametrize("trials", [1001, 3 * MC_BLOCK + 7])
def test_trials_are_kept_and_threads_change_no_deal(trials: int) -> None:
    first = run_json("equity", PLAYERS, "--trials", str(trials), "--threads", "2", "--seed", "5")
    assert first["trials"] == trials
    again = run_json("equity", PLAYERS, "--trials", str(trials), "--threads", "1", "--seed", "5")
    assert figures(again) == figures(first)
    other = run_json("equity", PLAYERS, "--trials", str(trials), "--threads", "1", "--seed", "6")
    assert figures(other) != figures(first)


def test_a_timed_winodds_row_is_reproduced() -> None:
    first = run_json("winodds", "AsKs", "-n", "2-3", "--time", "0.15", "--threads", "2")
    for row in first["rows"]:
        assert row["method"] == "mc"
        again = run_json(
            "winodds", "AsKs", "-n", str(row["opponents"]), "--mc", "--threads", "2",
            "--seed", str(first["seed"]), "--trials", str(row["trials"]),
        )["rows"][0]  # fmt: skip
        keys = ("equity", "win", "tie", "stderr", "trials", "seed")
        assert [again[k] for k in keys] == [row[k] for k in keys]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("stop", [{"time": 0.05}, {"stderr": 0.002}])
def test_a_stopped_potential_is_reproduced(threads: int, stop: dict[str, float]) -> None:
    args = ("AsKs", "Kd8h9c")
    first = hand_potential(*args, opponents=3, method="mc", threads=threads, **stop)
    again = hand_potential(
        *args, opponents=3, method="mc", threads=threads, trials=first.trials, seed=first.seed
    )
    assert again.trials == first.trials and again.transitions == first.transitions
    assert again.hand_strength_stderr == first.hand_strength_stderr
