"""batch on a real Dask cluster and on local pools: the bytes of one process, whatever dies."""

from __future__ import annotations

import json
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from click.testing import CliRunner

from pokercalc.cli import cli
from pokercalc.core.cards import format_card
from pokercalc.errors import InputError
from pokercalc.pipelines import batch
from pokercalc.pipelines.executors import LocalPool, cluster_executor

if TYPE_CHECKING:
    from cluster import Cluster

pytest_plugins = ["cluster"]

ROOT = Path(__file__).resolve().parents[2]


def spots(n_exact: int, n_mc: int, seed: int = 11) -> list[str]:
    """Exact lines (flop, turn, river), seeded Monte Carlo lines, bad lines and comments."""
    rng = random.Random(seed)
    lines = ["# a batch for the cluster tests", ""]
    for i in range(n_exact):
        c = [format_card(x) for x in rng.sample(range(52), 9)]
        board = "".join(c[4 : 4 + (3, 4, 5)[i % 3]])
        villain = rng.choice(["QQ", "JJ+", "AKs", f"{c[2]}{c[3]}"])
        lines.append(f"{c[0]}{c[1]} | {villain} ; {board} ;")
    for i in range(n_mc):
        lines.append(
            json.dumps(
                {
                    "players": ["AhKh", "QQ+,AKs", "random"],
                    "method": "mc",
                    "trials": 20000,
                    "seed": i,
                    "id": i,
                }
            )
        )
    for i, bad in enumerate(["AsKs | Zz ; ;", "{bad json", "AsAs | KK ;;"]):
        lines.insert(len(lines) * (i + 1) // 4, bad)
    return lines


def same_bytes(text: str) -> str:
    """Output with the timings zeroed: everything else must match byte for byte."""
    return re.sub(r'"elapsed":[-+.0-9eE]+', '"elapsed":0', text)


def run(lines: list[str], **kw: Any) -> str:
    out: list[str] = []
    batch.run_batch(lines, out.append, **kw)
    return same_bytes("\n".join(out) + "\n")


@pytest.fixture(scope="module")
def mixed() -> tuple[list[str], str]:
    """About 2.5 s of work, and its output from one process."""
    lines = spots(240, 480)
    return lines, run(lines, jobs=1)


@pytest.fixture(autouse=True)
def _workers_import_this_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """Local workers unpickle this module's functions by name (``tests.test_batch_cluster``)."""
    path = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), path])))


def test_a_cluster_and_a_local_pool_give_the_bytes_of_one_process(
    dask_cluster: Cluster, mixed: tuple[list[str], str]
) -> None:
    lines, want = mixed
    assert want.count('"ok":false') == 3 and want.count('"method":"mc"') == 480
    executor = cluster_executor(dask_cluster.address)
    try:
        assert run(lines, executor=executor) == want
    finally:
        executor.shutdown()
    assert run(lines, jobs=2) == want
    with LocalPool(2) as pool:
        assert run(lines, executor=pool) == want


def test_a_worker_killed_mid_run_changes_nothing(
    dask_cluster: Cluster, mixed: tuple[list[str], str]
) -> None:
    lines, want = mixed
    out: list[str] = []
    killed_after: list[int] = []

    def write(text: str) -> None:
        out.append(text)
        if len(out) == 10:
            dask_cluster.kill_worker()  # it holds chunks of lines: they must run again
            killed_after.append(len(out))

    executor = cluster_executor(dask_cluster.address)
    try:
        batch.run_batch(lines, write, executor=executor)
    finally:
        executor.shutdown()
        dask_cluster.restore()
    assert killed_after == [10] and len(out) > 100
    assert same_bytes("\n".join(out) + "\n") == want


def test_the_cli_runs_on_a_cluster_from_the_option_or_the_environment(
    dask_cluster: Cluster, mixed: tuple[list[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines, want = mixed
    text = "\n".join(lines[:200]) + "\n"
    local = CliRunner().invoke(cli, ["batch", "--jobs", "1"], input=text)
    assert local.exit_code == 1  # (some lines are bad)
    result = CliRunner().invoke(cli, ["batch", "--cluster", dask_cluster.address], input=text)
    assert result.exit_code == 1 and result.stderr == ""
    assert same_bytes(result.stdout) == same_bytes(local.stdout)
    monkeypatch.setenv("POKERCALC_CLUSTER", dask_cluster.address)
    result = CliRunner().invoke(cli, ["batch"], input=text)
    assert result.exit_code == 1 and same_bytes(result.stdout) == same_bytes(local.stdout)


def test_the_installed_command_streams_answers_from_a_cluster(dask_cluster: Cluster) -> None:
    command = shutil.which("pokercalc")
    assert command is not None
    with subprocess.Popen(
        [command, "batch", "--cluster", dask_cluster.address, "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        try:
            good = ["AsKs | QQ ; 4dAc5d ;", "AhAd | KK ; 2c3d4h5s ;", "JcJh | AKs ; ;"]
            for i, text in enumerate(good, start=1):
                proc.stdin.write(text + "\n")
                proc.stdin.flush()
                # The answer comes before the next line is sent (a minute is a hang).
                assert select.select([proc.stdout], [], [], 60)[0], f"no answer to line {i}"
                row = json.loads(proc.stdout.readline())
                assert row["line"] == i and row["ok"], row
            proc.stdin.close()
            assert proc.stdout.read() == ""
            assert proc.wait(timeout=60) == 0
            assert proc.stderr.read() == ""
        finally:
            proc.kill()


def test_ctrl_c_stops_a_cluster_run_with_whole_lines(dask_cluster: Cluster, tmp_path: Path) -> None:
    path = tmp_path / "slow.txt"
    path.write_text("JcJh | 99+,AJs+ | random ; 4dAc5d ;\n" * 2000, encoding="utf-8")
    command = [shutil.which("pokercalc") or "pokercalc", "batch", "--mc", "--time", "0.02"]
    with subprocess.Popen(
        [*command, "--cluster", dask_cluster.address, str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        try:
            first = proc.stdout.readline()  # the run is under way
            time.sleep(0.5)
            sent = time.perf_counter()
            proc.send_signal(signal.SIGINT)
            out = first + proc.stdout.read()  # (not communicate: it skips buffered data)
            err = proc.stderr.read()
            assert proc.wait(timeout=30) == 130, err
            assert time.perf_counter() - sent < 10
        finally:
            proc.kill()
    assert err == b"pokercalc batch: interrupted; the lines printed are complete\n"
    rows = [json.loads(line) for line in out.decode().splitlines()]
    assert 0 < len(rows) < 2000
    assert [r["line"] for r in rows] == list(range(1, len(rows) + 1))


# --- one line never costs another, whatever the executor -------------------------------------


def run_lines_or_die(
    chunk: list[tuple[int, str]], shared: dict[str, Any]
) -> tuple[list[tuple[str, bool]], float]:
    """batch's chunk function, except that a line with "DIE" in it kills its worker."""
    if any("DIE" in text for _, text in chunk):
        os.kill(os.getpid(), signal.SIGKILL)
    return batch._run_lines(chunk, shared)


class Dying(Executor):
    """A local pool running batch's chunks through :func:`run_lines_or_die`."""

    def __init__(self, pool: LocalPool) -> None:
        self.pool = pool
        self.workers = pool.workers

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        assert fn is batch._run_lines
        return self.pool.submit(run_lines_or_die, *args, **kwargs)


def test_a_line_that_keeps_killing_its_worker_fails_alone() -> None:
    lines = spots(60, 0)
    guilty = 30
    lines[guilty] = '{"players": ["AsKs", "QQ"], "id": "DIE"}'
    want = run(lines, jobs=1).splitlines()
    with LocalPool(2) as pool:
        got = run(lines, executor=Dying(pool)).splitlines()
    assert len(got) == len(want)
    diff = [i for i, (a, b) in enumerate(zip(got, want, strict=True)) if a != b]
    assert len(diff) == 1
    row = json.loads(got[diff[0]])
    assert row["line"] == guilty + 1 and row["ok"] is False
    assert row["error"] == {
        "kind": "RuntimeError",
        "message": f"line {guilty + 1}: the worker process running this line died",
    }


class Cancelling(Executor):
    """An executor whose work is cancelled behind the caller's back (a lost scheduler)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.cancel()
        return future


def test_work_cancelled_by_the_executor_stops_the_batch() -> None:
    with pytest.raises(InputError, match=r"^line 1: the executor cancelled its work"):
        batch.run_batch(["AsKs | QQ", "AsKs | JJ"], print, executor=Cancelling())


def test_jobs_and_executor_exclude_each_other() -> None:
    with pytest.raises(InputError, match="exclude each other"):
        batch.run_batch([], print, jobs=2, executor=Cancelling())


def test_a_scheduler_that_goes_away_stops_the_batch_in_one_line(tmp_path: Path) -> None:
    from cluster import Cluster

    own = Cluster(tmp_path)  # not the shared one: this test kills its scheduler
    own.start()
    try:
        lines = spots(3000, 0)
        path = tmp_path / "spots.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        command = shutil.which("pokercalc") or "pokercalc"
        with subprocess.Popen(
            [command, "batch", "--cluster", own.address, str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        ) as proc:
            assert proc.stdout is not None and proc.stderr is not None
            try:
                first = proc.stdout.readline()  # the run is under way
                assert own.scheduler is not None
                own.scheduler.send_signal(signal.SIGKILL)
                out = first + proc.stdout.read()
                err = proc.stderr.read().decode()
                assert proc.wait(timeout=60) == 2, err
            finally:
                proc.kill()
    finally:
        own.close()
    assert re.fullmatch(
        r"Error: line \d+: the executor cancelled its work \(did the Dask scheduler go away\?\)\n",
        err,
    )
    rows = [json.loads(line) for line in out.decode().splitlines()]
    numbered = [i for i, text in enumerate(lines, start=1) if text and not text.startswith("#")]
    assert 0 < len(rows) < len(numbered)
    assert [r["line"] for r in rows] == numbered[: len(rows)]  # whole lines, in order


def test_a_script_that_ran_openmp_can_start_a_batch_pool(tmp_path: Path) -> None:
    # No __main__ guard on purpose: a library's workers must not re-run the caller's
    # script, and must not fork a process whose OpenMP pool exists (that hung forever).
    script = tmp_path / "after_openmp.py"
    script.write_text(
        textwrap.dedent(
            """
            import pokercalc
            pokercalc.equity("AsKs|QQ", method="mc", threads=2, trials=100000, seed=1)
            out = []
            print(pokercalc.run_batch(["AsKs | QQ ; 2c3d4h ;"] * 10, out.append, jobs=2))
            print(len(out))
            """
        )
    )
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["(10,", "0)", "10"]
