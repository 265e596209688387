"""Tests of the executors: the local process pool, a real Dask cluster, and choosing one."""

from __future__ import annotations

import operator
import os
import signal
import sys
import threading
import time
from concurrent.futures import CancelledError
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner

from pokercalc.cli import cli
from pokercalc.errors import InputError
from pokercalc.pipelines import executors
from pokercalc.pipelines.executors import (
    LocalPool,
    WorkerDied,
    cluster_address,
    cluster_executor,
    open_executor,
    task_seconds,
    worker_count,
)

if TYPE_CHECKING:
    from cluster import Cluster

pytest_plugins = ["cluster"]

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _workers_import_this_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers unpickle this module's functions by name (``tests.test_executors``)."""
    path = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), path])))


# Tasks run in the workers: module-level, so that they pickle by name.


def pid_after(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def slow_square(x: int) -> int:
    time.sleep(0.05)
    return x * x


def kill_own_worker() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


class TwoArgError(Exception):
    """Pickles, but does not unpickle (its __init__ wants two arguments)."""

    def __init__(self, a: str, b: str) -> None:
        super().__init__(f"{a} and {b}")


def raise_two_arg_error() -> None:
    raise TwoArgError("this", "that")


def raise_with_a_lock() -> None:
    raise ValueError(threading.Lock())


def return_a_lock() -> object:
    return threading.Lock()


def gone(pid: int) -> bool:
    """True once ``pid`` is neither running nor a zombie (reaped)."""
    return not Path(f"/proc/{pid}").exists()


# --- LocalPool -------------------------------------------------------------------------------


def test_a_pool_runs_tasks_on_all_its_workers_and_starts_fast() -> None:
    started = time.perf_counter()
    with LocalPool(2) as pool:
        pids = {f.result() for f in [pool.submit(pid_after, 0.2) for _ in range(4)]}
        ready = time.perf_counter() - started
        assert pids == set(pool.pids) and len(pids) == 2 and os.getpid() not in pids
        assert list(pool.map(operator.mul, range(50), range(50))) == [i * i for i in range(50)]
        assert pool.submit(pow, 2, 10).result() == 1024
        assert pool.submit(sorted, [3, 1, 2], reverse=True).result() == [3, 2, 1]
        assert worker_count(pool) == 2 and task_seconds(pool) == executors.LOCAL_TASK_SECONDS
    # Two tasks of 0.2 s each per worker: the rest is start-up (about 0.2 s unloaded).
    assert ready < 5.0


def test_an_exception_in_a_task_is_its_futures_exception() -> None:
    with LocalPool(1) as pool:
        error = pool.submit(operator.truediv, 1, 0).exception()
        assert isinstance(error, ZeroDivisionError)
        assert "ZeroDivisionError" in str(error.__cause__)  # the worker's traceback
        error = pool.submit(raise_two_arg_error).exception()
        assert isinstance(error, RuntimeError) and str(error) == "TwoArgError: this and that"
        error = pool.submit(raise_with_a_lock).exception()
        assert isinstance(error, RuntimeError) and str(error).startswith("ValueError: <")
        error = pool.submit(return_a_lock).exception()
        assert isinstance(error, TypeError) and "cannot pickle the task's result" in str(error)
        with pytest.raises(Exception, match="pickle"):
            pool.submit(pow, lambda: 1, 2)  # type: ignore[arg-type]  # (said at once)
        assert pool.submit(pow, 3, 3).result() == 27  # the worker carries on


def test_a_sigkilled_workers_tasks_run_again_with_the_same_results() -> None:
    with LocalPool(2) as pool:
        futures = [pool.submit(slow_square, i) for i in range(40)]
        time.sleep(0.3)
        victim = pool.pids[0]
        os.kill(victim, signal.SIGKILL)
        assert [f.result(timeout=60) for f in futures] == [i * i for i in range(40)]
        assert victim not in pool.pids and len(pool.pids) == 2
        assert gone(victim)


def test_a_task_that_keeps_killing_its_worker_fails_alone() -> None:
    with LocalPool(2) as pool:
        good = [pool.submit(slow_square, i) for i in range(10)]
        bad = pool.submit(kill_own_worker)
        exits = pool.submit(os._exit, 3)
        more = [pool.submit(slow_square, i) for i in range(10, 20)]
        with pytest.raises(WorkerDied, match=r"died \(killed by SIGKILL\), 3 times"):
            bad.result(timeout=60)
        with pytest.raises(WorkerDied, match=r"died \(exit status 3\), 3 times"):
            exits.result(timeout=60)
        assert [f.result(timeout=60) for f in good + more] == [i * i for i in range(20)]


def test_workers_ignore_sigint_and_die_quietly_on_sigterm(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with LocalPool(2) as pool:
        assert pool.submit(pid_after, 0).result() in pool.pids
        first, second = pool.pids
        os.kill(first, signal.SIGINT)  # Ctrl-C in a terminal reaches the workers too
        os.kill(second, signal.SIGTERM)
        deadline = time.monotonic() + 30
        while second in pool.pids and time.monotonic() < deadline:
            pool.submit(pow, 2, 2).result()  # the pool notices and replaces the dead worker
            time.sleep(0.05)
        assert first in pool.pids and second not in pool.pids and len(pool.pids) == 2
        assert [pool.submit(pow, 2, i).result() for i in range(4)] == [1, 2, 4, 8]
    assert capfd.readouterr().err == ""


def test_shutdown_waits_for_the_tasks_and_leaves_no_processes() -> None:
    pool = LocalPool(2)
    futures = [pool.submit(slow_square, i) for i in range(10)]
    pids = pool.pids
    pool.shutdown(wait=True)
    assert all(f.done() for f in futures) and [f.result() for f in futures][-1] == 81
    assert all(gone(pid) for pid in pids)
    with pytest.raises(RuntimeError, match="shut down"):
        pool.submit(pow, 2, 2)
    pool.shutdown()  # twice is fine


def test_cancel_futures_drops_the_queued_tasks() -> None:
    pool = LocalPool(1)
    futures = [pool.submit(pid_after, 0.2) for _ in range(10)]
    time.sleep(0.1)
    pool.shutdown(wait=True, cancel_futures=True)
    assert isinstance(futures[0].result(), int)  # handed to the worker: it finished
    assert sum(f.cancelled() for f in futures) >= 7


def test_leaving_a_with_block_on_an_exception_ends_the_workers_at_once() -> None:
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt), LocalPool(2) as pool:
        futures = [pool.submit(pid_after, 30) for _ in range(6)]
        time.sleep(0.2)
        pids = pool.pids
        raise KeyboardInterrupt
    assert time.perf_counter() - started < 10
    assert all(gone(pid) for pid in pids)
    for future in futures:
        assert future.cancelled() or isinstance(future.exception(), CancelledError)


def test_workers_import_the_parents_pokercalc_not_a_checkout_in_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # After `pip install .` in a checkout, the checkout's pokercalc/ has no compiled modules;
    # `python -c` would put it first on a worker's path.
    shadow = tmp_path / "pokercalc"
    shadow.mkdir()
    (shadow / "__init__.py").write_text("raise ImportError('the shadowing checkout')\n")
    monkeypatch.chdir(tmp_path)
    with LocalPool(1) as pool:
        assert pool.submit(pow, 2, 3).result(timeout=60) == 8
        assert pool.submit(os.getcwd).result(timeout=60) == str(tmp_path)


def test_a_pool_needs_a_worker() -> None:
    with pytest.raises(InputError, match="at least 1"):
        LocalPool(0)


# --- choosing an executor --------------------------------------------------------------------


def test_cluster_address_argument_environment_and_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(executors.CLUSTER_ENV, raising=False)
    assert cluster_address() is None
    assert cluster_address(" tcp://a:1 ") == "tcp://a:1"
    monkeypatch.setenv(executors.CLUSTER_ENV, "tcp://env:2")
    assert cluster_address() == "tcp://env:2"
    assert cluster_address("tcp://arg:3") == "tcp://arg:3"  # the argument wins
    assert cluster_address(None, jobs=2) is None  # so does an explicit --jobs
    monkeypatch.setenv(executors.CLUSTER_ENV, "  ")
    assert cluster_address() is None  # empty means unset
    with pytest.raises(InputError, match="exclude each other"):
        cluster_address("tcp://a:1", jobs=2)


def test_open_executor_gives_a_local_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(executors.CLUSTER_ENV, "")
    with open_executor(jobs=2) as executor:
        assert isinstance(executor, LocalPool) and executor.workers == 2
        pids = executor.pids
        assert executor.submit(pow, 2, 3).result() == 8
    assert all(gone(pid) for pid in pids)
    with open_executor() as executor:
        assert isinstance(executor, LocalPool) and executor.workers == len(os.sched_getaffinity(0))
    with pytest.raises(InputError, match="--jobs must be at least 1"), open_executor(jobs=0):
        pass


def test_open_executor_does_not_wait_for_running_tasks_after_a_caught_signal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A run that caught Ctrl-C and returned what it had leaves the block normally: its
    # pieces still running are not waited for (once, 8 s and more after the signal).
    from pokercalc.core import runner

    monkeypatch.setenv(executors.CLUSTER_ENV, "")
    monkeypatch.setattr(runner, "_received", [])
    with open_executor(jobs=1) as executor:
        slow = executor.submit(time.sleep, 30)
        while not slow.running():
            time.sleep(0.01)
        runner._received.append(signal.SIGINT)  # (what the CLI's handler records)
        t = time.perf_counter()
    assert time.perf_counter() - t < 5
    with pytest.raises(CancelledError):
        slow.result(timeout=1)


def test_open_executor_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(executors.CLUSTER_ENV, "tcp://127.0.0.1:1")
    started = time.perf_counter()
    with pytest.raises(
        InputError, match=r"^cannot reach the Dask scheduler at tcp://127.0.0.1:1: "
    ):
        with open_executor():
            pass
    with (
        pytest.raises(InputError, match="at tcp://127.0.0.1:2: "),
        open_executor(cluster="tcp://127.0.0.1:2"),
    ):
        pass
    assert time.perf_counter() - started < 5  # a refused connection fails at once


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("tcp://127.0.0.1:1", "cannot reach the Dask scheduler at tcp://127.0.0.1:1: "
         "connection refused"),
        ("inproc://x", "bad Dask scheduler address 'inproc://x': "
         "unsupported address scheme 'inproc'"),
        ("127.0.0.1", "bad Dask scheduler address '127.0.0.1': missing port number"),
    ],
)  # fmt: skip
def test_a_scheduler_that_cannot_be_reached_is_one_line_exit_2(address: str, message: str) -> None:
    started = time.perf_counter()
    result = CliRunner().invoke(cli, ["batch", "--cluster", address], input="AsKs | QQ\n")
    assert time.perf_counter() - started < 5
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"Error: {message}")
    assert result.stderr.count("\n") == 1


def test_cluster_without_dask_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    with pytest.raises(InputError, match=r"pip install 'pokercalc\[cluster\]'"):
        cluster_executor("tcp://127.0.0.1:8786")
    monkeypatch.setenv(executors.CLUSTER_ENV, "tcp://127.0.0.1:8786")
    result = CliRunner().invoke(cli, ["batch"], input="AsKs | QQ\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "Error: --cluster needs Dask: python -m pip install 'pokercalc[cluster]' "
        "(from a checkout: python -m pip install '.[cluster]')\n"
    )


def test_jobs_and_cluster_exclude_each_other() -> None:
    result = CliRunner().invoke(cli, ["batch", "--jobs", "2", "--cluster", "tcp://a:1"], input="")
    assert result.exit_code == 2
    assert result.stderr == "Error: --jobs and --cluster exclude each other\n"


# --- a real Dask cluster ---------------------------------------------------------------------


def test_a_cluster_executor_runs_tasks_and_closes_its_client(dask_cluster: Cluster) -> None:
    executor = cluster_executor(dask_cluster.address)
    try:
        assert worker_count(executor) == 2
        assert task_seconds(executor) == executors.CLUSTER_TASK_SECONDS
        assert executor.submit(operator.add, 1, 2).result(timeout=60) == 3
        assert sorted(executor.map(slow_square, range(6))) == [0, 1, 4, 9, 16, 25]
        error = executor.submit(operator.truediv, 1, 0).exception(timeout=60)
        assert isinstance(error, ZeroDivisionError)
    finally:
        executor.shutdown()
    assert executor.client.status == "closed"  # type: ignore[attr-defined]


def test_a_cluster_executors_tasks_survive_a_killed_worker(dask_cluster: Cluster) -> None:
    try:
        with open_executor(cluster=dask_cluster.address) as executor:
            futures = [executor.submit(slow_square, i) for i in range(40)]
            time.sleep(0.5)
            dask_cluster.kill_worker()
            assert [f.result(timeout=120) for f in futures] == [i * i for i in range(40)]
    finally:
        dask_cluster.restore()
