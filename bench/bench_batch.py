"""Benchmark `pokercalc batch` end to end: 1,000 small heads-up river scenarios; prints JSON.

The target (issue 7) is under 2 s of wall time for the whole run, start-up
included, which is only possible if start-up is paid once per batch.  For
contrast it also times a few separate `pokercalc equity` runs (start-up every
time).  Usage: python bench/bench_batch.py [--lines N] [--repeat R]
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

CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def river_lines(n: int, seed: int) -> list[str]:
    """``n`` random heads-up river scenarios with specific hands, in the plain form."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        c = rng.sample(CARDS, 9)
        out.append(f"{c[0]}{c[1]} | {c[2]}{c[3]} ; {''.join(c[4:])} ;")
    return out


def wall(cmd: list[str]) -> tuple[float, subprocess.CompletedProcess[bytes]]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, check=False)
    return time.perf_counter() - start, proc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3, help="runs per setting; the best counts")
    args = parser.parse_args()
    exe = [sys.executable, "-m", "pokercalc"]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(river_lines(args.lines, seed=7)) + "\n")
        path = f.name
    try:
        results = {}
        for label, extra in (("default_jobs", []), ("jobs_1", ["--jobs", "1"])):
            times = []
            for _ in range(args.repeat):
                seconds, proc = wall([*exe, "batch", *extra, path])
                lines = proc.stdout.decode().splitlines()
                assert proc.returncode == 0 and len(lines) == args.lines, proc.stderr
                times.append(seconds)
            results[label] = {
                "best_seconds": min(times),
                "all_seconds": times,
                "per_line_ms": 1000 * min(times) / args.lines,
            }
        single = [
            wall(
                [
                    *exe,
                    "equity",
                    *line.split(" ; ")[0].split(" | "),
                    "--board",
                    line.split(" ; ")[1],
                    "--json",
                ]
            )[0]
            for line in river_lines(5, seed=8)
        ]
        print(
            json.dumps(
                {
                    "benchmark": "pokercalc batch: heads-up river scenarios, end to end",
                    "lines": args.lines,
                    "cores": len(os.sched_getaffinity(0))
                    if hasattr(os, "sched_getaffinity")
                    else None,
                    "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
                    "target_seconds": 2.0,
                    "batch": results,
                    "separate_equity_runs": {
                        "runs": len(single),
                        "mean_seconds": sum(single) / len(single),
                        "extrapolated_seconds_for_all_lines": args.lines
                        * sum(single)
                        / len(single),
                    },
                },
                indent=2,
            )
        )
    finally:
        os.unlink(path)


if __name__ == "__main__":
    main()
