"""Benchmark of ``pokercalc winodds``: end-to-end time per opponent count, and error against time.

Prints one JSON document.  ``cli`` runs the installed command in a fresh
process (start-up, imports and output included) with ``--time 0.5`` and
reports seconds per opponent count against the 0.7 s target; ``stderr_vs_time``
runs AsKs against five random opponents preflop at several budgets and shows
that the standard error times the square root of the time stays about
constant.  Run from the repository root::

    python bench/bench_winodds.py
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pokercalc.analysis.win_odds import winodds  # noqa: E402

TARGET_PER_COUNT = 0.7
CLI_CASES = [
    ("AsKs", "", "1-9"),
    ("AsKs", "", "5"),
    ("AsKs", "", "1"),
    ("AsKs", "Qs7h2c", "1-9"),
    ("AKs", "Qs7h2c9d", "1-4"),
    ("Group1", "", "1-3"),
    ("QQ+,AKs", "Jc8d3h", "2"),
]


def cli_case(hero: str, board: str, opponents: str) -> dict[str, object]:
    """Time one ``pokercalc winodds ... --time 0.5 --json`` in a new process."""
    cmd = [sys.executable, "-m", "pokercalc", "winodds", hero, "-n", opponents, "--time", "0.5",
           "--json"]  # fmt: skip
    if board:
        cmd += ["--board", board]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - t0
    rows = json.loads(out)["result"]["rows"]
    per = wall / len(rows)
    return {
        "hero": hero,
        "board": board,
        "opponents": opponents,
        "counts": len(rows),
        "wall_s": wall,
        "per_count_s": per,
        "within_target": per <= TARGET_PER_COUNT,
        "methods": [r["method"] for r in rows],
    }


def stderr_case(seconds: float) -> dict[str, float]:
    """AsKs against five random hands preflop with a time budget."""
    row = winodds("AsKs", opponents=5, time=seconds, seed=12345).rows[0]
    assert row.stderr is not None and row.trials is not None
    return {
        "time_s": seconds,
        "trials": row.trials,
        "equity": row.equity,
        "stderr": row.stderr,
        "stderr_x_sqrt_time": row.stderr * math.sqrt(seconds),
    }


def main() -> None:
    doc = {
        "benchmark": "winodds",
        "target_per_count_s": TARGET_PER_COUNT,
        "cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "cli": [cli_case(*case) for case in CLI_CASES],
        "stderr_vs_time": [stderr_case(t) for t in (0.125, 0.5, 2.0)],
    }
    print(json.dumps(doc, indent=2))


if __name__ == "__main__":
    main()
