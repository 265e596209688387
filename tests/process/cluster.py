"""A real Dask cluster on localhost for tests: one scheduler and two worker processes.

Use the session-scoped ``dask_cluster`` fixture by naming this module as a
plugin of the test module (importing the fixture itself would give each module
its own cluster, and ruff would flag the import)::

    from typing import TYPE_CHECKING

    if TYPE_CHECKING:
        from cluster import Cluster

    pytest_plugins = ["cluster"]

    def test_something(dask_cluster: Cluster) -> None:
        executor = cluster_executor(dask_cluster.address)

Every module that names it shares one cluster, started on first use
(``python -m dask scheduler`` and two ``python -m dask worker``, a few
seconds) and stopped after the last test.  The workers run with
``--no-nanny``: the process :meth:`Cluster.kill_worker` SIGKILLs is the worker
itself, so its tasks are lost with it and must run again on the other one
(with a nanny, the nanny would restart the worker, and killing the nanny
would leave its worker behind).  A test that kills a worker calls
:meth:`Cluster.restore` when done, so the next test finds two workers again.
The processes can import the tests' modules (``PYTHONPATH``); their logs go to
files, shown when the cluster fails to start.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

__all__ = ["Cluster", "dask_cluster"]

#: Workers the cluster runs when it is whole.
WORKERS = 2
#: Seconds to wait for the scheduler, or for the workers to connect.
START_TIMEOUT = 60.0

_HERE = Path(__file__).resolve().parent


#: Runs ``python -m dask ARGS`` in this process after asking Linux to SIGTERM it when the test
#: run ends, even a SIGKILLed one (the setting survives the exec; a preexec_fn would not be
#: safe in a test process with threads).
_LAUNCH = (
    "import ctypes, os, signal, sys\n"
    "try:\n"
    "    ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG\n"
    "except Exception:\n"
    "    pass\n"
    "os.execv(sys.executable, [sys.executable, '-m', 'dask', *sys.argv[1:]])\n"
)


class Cluster:
    """A running scheduler and its worker processes."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.address = ""  #: the scheduler's ``tcp://127.0.0.1:PORT``
        self.scheduler: subprocess.Popen[bytes] | None = None
        self.workers: list[subprocess.Popen[bytes]] = []  #: the live worker processes
        self._started = 0
        self._logs: list[Path] = []
        self.env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(
                [str(_HERE.parents[1]), str(_HERE), os.environ.get("PYTHONPATH", "")]
            ).rstrip(os.pathsep),
        }

    def _spawn(self, name: str, *args: str) -> subprocess.Popen[bytes]:
        log = self.directory / f"{name}.log"
        self._logs.append(log)
        with log.open("wb") as out:
            return subprocess.Popen(
                [sys.executable, "-c", _LAUNCH, *args],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=self.directory,
                env=self.env,
            )

    def start(self) -> None:
        """Start the scheduler and :data:`WORKERS` workers; wait until they are connected."""
        info = self.directory / "scheduler.json"
        self.scheduler = self._spawn(
            "scheduler",
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-dashboard",
            "--scheduler-file",
            str(info),
        )
        deadline = time.monotonic() + START_TIMEOUT
        while not self.address:
            if self.scheduler.poll() is not None or time.monotonic() > deadline:
                self._fail("the Dask scheduler did not start")
            try:
                self.address = json.loads(info.read_text())["address"]
            except (OSError, ValueError, KeyError):
                time.sleep(0.05)
        for _ in range(WORKERS):
            self.add_worker(wait=False)
        self.wait_for_workers(WORKERS)

    def add_worker(self, wait: bool = True) -> None:
        """Start one more worker (and wait until the scheduler counts it)."""
        self._started += 1
        self.workers.append(
            self._spawn(
                f"worker-{self._started}",
                "worker",
                self.address,
                "--nworkers",
                "1",
                "--nthreads",
                "1",
                "--no-nanny",
                "--no-dashboard",
                "--name",
                f"test-worker-{self._started}",
                "--local-directory",
                str(self.directory),
                "--death-timeout",
                "60",
            )
        )
        if wait:
            self.wait_for_workers(len(self.workers))

    def kill_worker(self) -> int:
        """SIGKILL one worker process (the oldest); return its pid once it is dead."""
        proc = self.workers.pop(0)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        return proc.pid

    def restore(self) -> None:
        """Bring the cluster back to :data:`WORKERS` live workers, all connected."""
        self.workers = [p for p in self.workers if p.poll() is None]
        while len(self.workers) < WORKERS:
            self.add_worker(wait=False)
        self.wait_for_workers(WORKERS)

    def connected_workers(self) -> int:
        """Workers the scheduler counts now."""
        import distributed

        client = distributed.Client(  # type: ignore[no-untyped-call]
            self.address, timeout=10, set_as_default=False
        )
        with client:
            return len(client.scheduler_info(n_workers=-1)["workers"])

    def wait_for_workers(self, n: int) -> None:
        """Wait until the scheduler counts exactly ``n`` workers (a killed one has left)."""
        deadline = time.monotonic() + START_TIMEOUT
        while self.connected_workers() != n:
            if time.monotonic() > deadline or any(p.poll() is not None for p in self.workers):
                self._fail(f"the Dask cluster did not reach {n} workers")
            time.sleep(0.1)

    def close(self) -> None:
        """Stop the workers, then the scheduler (a worker told both ways at once by a
        closing scheduler and by SIGTERM can hang); leave no process behind."""
        for group in (self.workers, [self.scheduler]):
            live = [p for p in group if p is not None and p.poll() is None]
            for proc in live:
                proc.send_signal(signal.SIGTERM)
            for proc in live:
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        self.workers = []
        self.scheduler = None

    def _fail(self, what: str) -> None:
        logs = "\n".join(
            f"--- {p.name}\n{p.read_text(errors='replace')[-2000:]}" for p in self._logs
        )
        self.close()
        pytest.fail(f"{what}\n{logs}", pytrace=False)


_shared: Cluster | None = None
_users = 0


@pytest.fixture(scope="session")
def dask_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A scheduler and two workers on localhost, shared by every test module of the run."""
    global _shared, _users
    if _shared is None:
        cluster = Cluster(tmp_path_factory.mktemp("dask"))
        cluster.start()
        _shared = cluster
    _users += 1
    try:
        yield _shared
    finally:
        _users -= 1
        if _users == 0:
            _shared.close()
            _shared = None
