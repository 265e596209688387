"""Equity on a real Dask cluster (a scheduler and two worker processes on localhost).

The pieces run on the workers and merge into the one-process result bit for
bit; a worker killed mid-run loses nothing; the command line takes
``--cluster``, ``$POKERCALC_CLUSTER`` and ``--jobs``.
"""

from __future__ import annotations

import json
import threading
import time
from typing import TYPE_CHECKING

import pytest
from cli_runs import run_program

from pokercalc import equity
from pokercalc.analysis.pieces import equity_on, plan_equity
from pokercalc.pipelines.executors import LocalPool, cluster_executor

if TYPE_CHECKING:
    from cluster import Cluster

pytest_plugins = ["cluster"]

# Several pieces at piece_seconds=0.005 (a random last player is counted by rank classes,
# so the whole job takes 30 ms).
SPOT = ("AhKh | QQ+,AKs | 76s,JTs | random", "Th9h2c")
# About a second on one core: two pieces of the default size.
LONG = ("AhKh | 22+ | random | random", "--board", "Th9h2c9s")


def _fields(r: object) -> tuple[object, ...]:
    return (r.players, r.outcomes, r.showdowns, r.symmetry, r.method)  # type: ignore[attr-defined]


def test_exact_equity_on_the_cluster_is_the_one_process_result(dask_cluster: Cluster) -> None:
    one = equity(*SPOT, method="exact")
    executor = cluster_executor(dask_cluster.address)
    try:
        r = equity_on(executor, *SPOT, method="exact", piece_seconds=0.005)
    finally:
        executor.shutdown()
    assert r.pieces is not None and r.pieces > 4
    assert _fields(r) == _fields(one)


def test_seeded_monte_carlo_on_the_cluster_is_the_one_process_result(
    dask_cluster: Cluster,
) -> None:
    one = equity(*SPOT, method="mc", trials=300_000, seed=9, threads=2)
    executor = cluster_executor(dask_cluster.address)
    try:
        r = equity_on(executor, *SPOT, method="mc", trials=300_000, seed=9, piece_seconds=0.001)
    finally:
        executor.shutdown()
    assert r.pieces is not None and r.pieces > 1
    assert _fields(r) == _fields(one) and r.trials == 300_000 and r.seed == 9


@pytest.mark.parametrize(
    ("players", "game"),
    [("AsKsQdJh | 9c9d8h8s", "stud"), ("As2s3d4h | 8c7dKh6s", "razz"), ("7s4d2h | 8c5c3d", "2-7")],
)
def test_games_without_a_board_on_the_cluster(
    dask_cluster: Cluster, players: str, game: str
) -> None:
    one = equity(players, game=game, method="exact")
    executor = cluster_executor(dask_cluster.address)
    try:
        r = equity_on(executor, players, game=game, method="exact", piece_seconds=1e-4)
        mc = equity_on(executor, players, game=game, method="mc", trials=40_000, seed=2)
    finally:
        executor.shutdown()
    assert r.pieces is not None and r.pieces > 1 and _fields(r) == _fields(one)
    alone = equity(players, game=game, method="mc", trials=40_000, seed=2)
    assert mc.players == alone.players and mc.trials == 40_000


def test_a_worker_killed_mid_run_loses_nothing(dask_cluster: Cluster) -> None:
    spot = ("AKs | random | random", "7d8d9c")  # about 5 s on one core
    plan = plan_equity(*spot, method="exact", piece_seconds=0.1)
    assert len(plan.pieces) >= 8
    one = equity(*spot, method="exact")
    done: list[int] = []
    killed: list[int] = []

    def on_piece(d: int, n: int) -> None:
        done.append(d)
        if d == 2 and not killed:
            # From another thread: the run goes on while the worker dies.
            threading.Thread(target=lambda: killed.append(dask_cluster.kill_worker())).start()

    executor = cluster_executor(dask_cluster.address)
    try:
        r = equity_on(executor, *spot, method="exact", piece_seconds=0.1, on_piece=on_piece)
    finally:
        executor.shutdown()
        dask_cluster.restore()
    assert killed, "no worker was killed"
    assert _fields(r) == _fields(one)
    assert done[-1] == len(plan.pieces) and len(done) == len(plan.pieces)


def test_a_local_pool_runs_the_pieces_too() -> None:
    one = equity(*SPOT, method="exact")
    with LocalPool(2) as pool:
        r = equity(*SPOT, method="exact", executor=pool)
    assert _fields(r) == _fields(one)


def test_the_command_line_runs_on_the_cluster(dask_cluster: Cluster) -> None:
    here = run_program("equity", SPOT[0], "--board", SPOT[1], "--exact", "--json", timeout=120)
    there = run_program("equity", SPOT[0], "--board", SPOT[1], "--exact", "--json",
                        "--cluster", dask_cluster.address, timeout=120)  # fmt: skip
    assert here.returncode == 0 and there.returncode == 0, there.stderr
    a, b = json.loads(here.stdout)["result"], json.loads(there.stdout)["result"]
    assert b["pieces"] >= 1 and a["pieces"] is None
    assert a["players"] == b["players"] and a["outcomes"] == b["outcomes"]


def test_the_environment_names_the_cluster_for_long_runs_only(dask_cluster: Cluster) -> None:
    env = {"POKERCALC_CLUSTER": dask_cluster.address}
    long = run_program("equity", *LONG, "--json", env=env, timeout=120)
    small = run_program("equity", "AsAh | KsKh", "--json", env=env, timeout=120)
    timed = run_program(
        "equity", "AsAh | KsKh | random", "--mc", "--time", "0.1", "--json", env=env, timeout=120
    )
    for p in (long, small, timed):
        assert p.returncode == 0, p.stderr
    assert json.loads(long.stdout)["result"]["pieces"] >= 1
    assert json.loads(small.stdout)["result"]["pieces"] is None
    assert json.loads(timed.stdout)["result"]["pieces"] is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--cluster", "tcp://127.0.0.1:1"], "127.0.0.1:1"),
        (["--jobs", "2", "--cluster", "tcp://127.0.0.1:1"], "exclude"),
        (["--jobs", "0"], "jobs"),
        (["--jobs", "2", "--mc", "--stderr", "0.01"], "not at --stderr"),
        (["--jobs", "2", "--threads", "2"], "--threads"),
        (["--jobs", "2", "--breakdown"], "one machine"),
    ],
)
def test_bad_piece_options_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    started = time.perf_counter()
    p = run_program("equity", "AsAh | KsKh", *args, timeout=120)
    assert p.returncode == 2, p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in p.stderr
    assert time.perf_counter() - started < 30


def test_jobs_runs_local_processes() -> None:
    p = run_program("equity", *LONG, "--jobs", "2", "--json", timeout=120)
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)["result"]
    assert r["pieces"] >= 2
    one = equity(LONG[0], LONG[2])
    assert [x["equity"] for x in r["players"]] == [x.equity for x in one.players]


def test_jobs_run_a_timed_monte_carlo_where_one_process_would() -> None:
    # Issue 42 item 7: too big to enumerate, no --trials: the time buys the deals.
    spot = ("equity", "AhKh | random | random | random", "--board", "Th9h2c")
    p = run_program(*spot, "--jobs", "2", "--time", "0.5", "--json", timeout=120)
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)["result"]
    assert r["method"] == "mc" and r["pieces"] >= 1 and r["trials"] > 100_000
    assert abs(r["players"][0]["equity"] - 0.503) < 0.01
    again = run_program(*spot, "--jobs", "2", "--trials", str(r["trials"]), "--seed",
                        str(r["seed"]), "--json", timeout=120)  # fmt: skip
    assert json.loads(again.stdout)["result"]["players"] == r["players"]
