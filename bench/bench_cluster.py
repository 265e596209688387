"""Benchmark pieces on executors: one process, a local pool, a local Dask cluster; prints JSON.

The same exact equity job and the same batch of scenarios run, in one run of
this script, on:

- one process (the job on one engine thread, and on all cores' threads; the
  batch with ``--jobs 1``),
- a :class:`~pokercalc.pipelines.executors.LocalPool` of one worker per core,
- a Dask cluster on this machine: ``dask scheduler`` and two ``dask worker``
  processes of one thread each, started here and stopped at the end.

The target (issue 16): the cluster reaches at least 80% of the local pool's
throughput on the same cores.  Every run's result is checked against the
one-process one (equities bit for bit, batch lines field for field but the time).

Usage: python bench/bench_cluster.py [--quick] [--lines N]
(``--quick``: a 5-second job and 10^4 lines instead of the issue's
100-second job and 10^5 lines.)  Needs the ``cluster`` extra.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pokercalc import __version__, equity
from pokercalc.analysis.pieces import equity_on
from pokercalc.pipelines.batch import run_batch
from pokercalc.pipelines.executors import LocalPool, cluster_executor

#: The issue's example: about 100 s on one core.
JOB = ("QQ+,AKs | JJ-99,AQs | random", "")
#: About 5 s on one core.
QUICK_JOB = ("AKs | random | random", "7d8d9c")
CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def scenario_lines(n: int, seed: int) -> list[str]:
    """``n`` scenarios of the kind batch users send: heads-up hands and small ranges on
    random flops, turns and rivers (about a millisecond each)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        c = rng.sample(CARDS, 9)
        board = "".join(c[4 : 4 + rng.choice((3, 4, 5))])
        vs = f"{c[2]}{c[3]}" if i % 3 else "QQ+,AKs"
        out.append(f"{c[0]}{c[1]} | {vs} ; {board} ;")
    return out


class LocalCluster:
    """``dask scheduler`` and two ``dask worker`` processes on localhost."""

    def __init__(self, directory: Path, workers: int = 2) -> None:
        self.procs: list[subprocess.Popen[bytes]] = []
        file = directory / "scheduler.json"
        log = open(directory / "dask.log", "wb")  # noqa: SIM115 - closed with the processes
        dask = [sys.executable, "-m", "dask"]
        self.procs.append(
            subprocess.Popen(
                [
                    *dask,
                    "scheduler",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    "0",
                    "--no-dashboard",
                    "--scheduler-file",
                    str(file),
                ],
                stdout=log,
                stderr=log,
            )  # fmt: skip
        )
        deadline = time.time() + 60
        while not file.exists() or not file.read_text().strip():
            if time.time() > deadline:
                raise RuntimeError("the scheduler did not start")
            time.sleep(0.1)
        self.address = json.loads(file.read_text())["address"]
        for _ in range(workers):
            self.procs.append(
                subprocess.Popen(
                    [*dask, "worker", self.address, "--nthreads", "1", "--no-dashboard"],
                    stdout=log,
                    stderr=log,
                )  # fmt: skip
            )
        from distributed import Client

        with Client(self.address, timeout=30) as client:
            client.wait_for_workers(workers, timeout=60)

    def close(self) -> None:
        for p in reversed(self.procs):
            p.terminate()
        for p in self.procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()


def time_job(label: str, run: Any, reference: Any) -> dict[str, Any]:
    start = time.perf_counter()
    r = run()
    seconds = time.perf_counter() - start
    assert r.players == reference.players, f"{label}: the result differs"
    return {"seconds": round(seconds, 3), "pieces": r.pieces, "showdowns": r.showdowns}


def _timeless(line: str) -> Any:
    """A batch line without its timing (the one field that differs between runs)."""
    obj = json.loads(line)
    if isinstance(obj.get("result"), dict):
        obj["result"].pop("elapsed", None)
    return obj


def time_batch(label: str, lines: list[str], reference: list[str] | None, **kw: Any) -> Any:
    out: list[str] = []
    start = time.perf_counter()
    run_batch(lines, out.append, **kw)
    seconds = time.perf_counter() - start
    if reference is not None:
        assert [_timeless(x) for x in out] == [_timeless(x) for x in reference], (
            f"{label}: the output differs"
        )
    return out, {"seconds": round(seconds, 3), "lines_per_second": round(len(lines) / seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a 5 s job and 10^4 lines")
    parser.add_argument("--lines", type=int, help="batch lines (default 10^5, quick 10^4)")
    args = parser.parse_args()
    job = QUICK_JOB if args.quick else JOB
    n_lines = args.lines or (10_000 if args.quick else 100_000)
    cores = len(os.sched_getaffinity(0))
    lines = scenario_lines(n_lines, seed=16)
    report: dict[str, Any] = {
        "pokercalc": __version__,
        "cores": cores,
        "job": {"players": job[0], "board": job[1]},
        "batch_lines": n_lines,
    }
    one = equity(*job, method="exact", threads=1)
    report["job_one_thread"] = {"seconds": round(one.elapsed, 3), "showdowns": one.showdowns}
    report["job_all_threads"] = time_job(
        "threads", lambda: equity(*job, method="exact", threads=cores), one
    )
    reference, report["batch_one_process"] = time_batch("one", lines, None, jobs=1)
    with LocalPool(cores) as pool:
        report["job_local_pool"] = time_job(
            "pool", lambda: equity_on(pool, *job, method="exact"), one
        )
        _, report["batch_local_pool"] = time_batch("pool", lines, reference, executor=pool)
    with tempfile.TemporaryDirectory() as tmp:
        cluster = LocalCluster(Path(tmp), workers=cores)
        try:
            executor = cluster_executor(cluster.address)
            try:
                report["job_cluster"] = time_job(
                    "cluster", lambda: equity_on(executor, *job, method="exact"), one
                )
                _, report["batch_cluster"] = time_batch(
                    "cluster", lines, reference, executor=executor
                )
            finally:
                executor.shutdown()
        finally:
            cluster.close()
    pool_job, cl_job = report["job_local_pool"]["seconds"], report["job_cluster"]["seconds"]
    pool_b = report["batch_local_pool"]["lines_per_second"]
    cl_b = report["batch_cluster"]["lines_per_second"]
    report["cluster_vs_pool"] = {
        "job_throughput": round(pool_job / cl_job, 3),
        "batch_throughput": round(cl_b / pool_b, 3),
        "target": 0.8,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
