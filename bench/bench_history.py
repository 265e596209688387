"""Benchmark `pokercalc history`: hands per second on a PHHS file, one process and --jobs 2.

Prints JSON.  The file is the one given, or (by default) the real hands shipped in
tests/data/history repeated to ``--hands`` hands, renumbered; its all-in spots repeat,
so the equity cache answers all but the first of each (as in a dataset where the same
preflop all-in recurs).  Wall time of the whole command, start-up included; the best of
``--repeat`` runs counts.  Usage: python bench/bench_history.py [FILE.phhs] [--hands N]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "history"


def shipped_hands() -> list[str]:
    """The text of every shipped hand."""
    hands = []
    for path in sorted(DATA.glob("*.phh*")):
        text = path.read_text("utf-8")
        parts = re.split(r"^\[\d+\]\s*$", text, flags=re.MULTILINE)
        hands += [p.strip() + "\n" for p in parts if p.strip()]
    return hands


def write_file(n: int, path: Path) -> None:
    """``n`` hands, the shipped ones over and over, as one PHHS file."""
    hands = shipped_hands()
    with path.open("w", encoding="utf-8") as f:
        for i in range(n):
            f.write(f"[{i + 1}]\n{hands[i % len(hands)]}\n")


def run(path: str, jobs: int) -> tuple[float, dict[str, object]]:
    """Seconds of one run and its result."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "pokercalc", "history", path, "--json", "--jobs", str(jobs)]
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, check=True, env=env)
    seconds = time.perf_counter() - start
    return seconds, json.loads(proc.stdout)["result"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="a PHHS file (default: shipped hands repeated)")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.file
        if path is None:
            path = str(Path(folder) / "hands.phhs")
            write_file(args.hands, Path(path))
        out: dict[str, object] = {"file": args.file or f"shipped hands x {args.hands:,}"}
        answers = []
        for jobs in (1, 2):
            times = []
            for _ in range(args.repeat):
                seconds, result = run(path, jobs)
                times.append(seconds)
            answers.append(result)
            hands = int(result["hands_read"])  # type: ignore[call-overload]
            out[f"jobs_{jobs}"] = {
                "hands": hands,
                "allin_hands": result["allin_hands"],
                "best_seconds": round(min(times), 3),
                "hands_per_second": round(hands / min(times)),
            }
        out["same_answer"] = answers[0] == answers[1]
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
