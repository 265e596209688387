"""The games beyond hold'em, measured beside hold'em in the same run, printed as JSON.

Usage: ``python bench/bench_games.py [--repeat R]``.

* ``shortdeck_vs_holdem_preflop``: exact heads-up preflop AsAh vs KsKh, one
  thread, best of R, in both games (the issue's target: short-deck within 1.5x
  of hold'em's time).
* ``evaluations``: short-deck and hold'em seven-card evaluations per second on
  the same random hands' shape, and Omaha-4/5/6 evaluations per second from
  random deals: pokercalc's two-plus-three evaluator and the naive loop over
  every two-plus-three subset, kernel against kernel in C loops.

The peers (phevaluator's C Omaha evaluator, pokerkit's Monte Carlo) and the
exact Omaha timings are in ``bench_omaha.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from typing import Any

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench_eval import build_kernels  # noqa: E402

import pokercalc  # noqa: E402


def best_of(repeat: int, fn: Any) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def preflop(repeat: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in ("holdem", "shortdeck"):
        t = best_of(repeat, lambda g=game: pokercalc.equity("AsAh | KsKh", game=g, threads=1))
        out[f"{game}_s"] = t
    out["ratio"] = out["shortdeck_s"] / out["holdem_s"]
    out["target_ratio"] = 1.5
    return out


def _deals(n: int, width: int, low: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = np.arange(4 * low, 52, dtype=np.uint8)
    return np.stack([rng.permutation(deck)[:width] for _ in range(n)]).astype(np.uint8)


def evaluations(n: int, repeat: int) -> dict[str, Any]:
    k = build_kernels()
    out: dict[str, Any] = {}
    holdem, short = _deals(n, 7, 0, 1), _deals(n, 7, 4, 2)
    out["holdem_7card_per_s"] = n / best_of(repeat, lambda: k.inline_random(holdem))
    out["shortdeck_7card_per_s"] = n / best_of(repeat, lambda: k.short_random(short))
    for hole in (4, 5, 6):
        deals = _deals(n // 4, hole + 5, 0, 10 + hole)
        fast = best_of(repeat, lambda d=deals, h=hole: k.omaha_random(d, h))
        naive = best_of(repeat, lambda d=deals, h=hole: k.omaha_naive(d, h))
        assert k.omaha_random(deals, hole) == k.omaha_naive(deals, hole)
        out[f"omaha{hole}_per_s"] = len(deals) / fast
        out[f"omaha{hole}_naive_per_s"] = len(deals) / naive
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--hands", type=int, default=400_000)
    args = ap.parse_args()
    report = {
        "benchmark": "games",
        "pokercalc_version": pokercalc.__version__,
        "python": platform.python_version(),
        "load_average": os.getloadavg(),
        "shortdeck_vs_holdem_preflop": preflop(args.repeat),
        "evaluations": evaluations(args.hands, args.repeat),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
