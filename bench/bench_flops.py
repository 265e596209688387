"""Benchmark of all-flop equities (issue 8): AA against ATC and RUS, beside eval7; prints JSON.

pokercalc computes all 19,600 flops at once, exactly.  eval7 has no all-flop
routine and its ``py_hand_vs_range_exact`` only handles complete (river) boards,
so eval7 is timed with ``py_hand_vs_range_monte_carlo`` (``--iterations`` deals per
flop) on a random sample of flops and extrapolated to 19,600.
Usage: python bench/bench_flops.py [--sample N] [--iterations N]
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

from pokercalc.core.cards import format_card
from pokercalc.ranges.query import parse_query
from pokercalc.texture.features import feature_matrix
from pokercalc.texture.flops import NUM_FLOPS, flop_equities, flop_study

EVAL7_RANGES = {
    "RUS": "AA,KK,QQ,JJ,AKs",
    "ATC": "22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,72s+,62s+,52s+,42s+,32s,"
    "A2o+,K2o+,Q2o+,J2o+,T2o+,92o+,82o+,72o+,62o+,52o+,42o+,32o",
}


def timed(f, *args, **kwargs):
    """(result, seconds) of one call."""
    t = time.perf_counter()
    out = f(*args, **kwargs)
    return out, time.perf_counter() - t


def bench_eval7(rng_name: str, eq, sample: int, iterations: int) -> dict | None:
    """eval7's Monte Carlo hand-vs-range equity on a sample of flops, checked against ours."""
    try:
        import eval7
    except ImportError:
        return None
    hero = [eval7.Card(format_card(c)) for c in eq.hero]
    villain = eval7.HandRange(EVAL7_RANGES[rng_name])
    pick = np.random.default_rng(0).choice(NUM_FLOPS, size=sample, replace=False)
    worst = 0.0
    start = time.perf_counter()
    for i in pick:
        board = [eval7.Card(format_card(int(c))) for c in eq.flops[i]]
        e = eval7.py_hand_vs_range_monte_carlo(hero, villain, board, iterations)
        worst = max(worst, abs(e - eq.equity[i]))
    per_flop = (time.perf_counter() - start) / sample
    return {
        "method": "monte carlo",
        "iterations_per_flop": iterations,
        "sample_flops": sample,
        "seconds_per_flop": per_flop,
        "extrapolated_all_flops_s": per_flop * NUM_FLOPS,
        "max_abs_diff_vs_pokercalc": worst,
    }


def main() -> None:
    """Time each case and print one JSON document."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, default=20, help="flops to time eval7 on")
    ap.add_argument("--iterations", type=int, default=100_000, help="eval7 deals per flop")
    args = ap.parse_args()
    cases = []
    for rng_name in ("RUS", "ATC"):
        rng = parse_query(rng_name)
        row: dict = {"hero": "AA (AsAh)", "range": rng_name, "combos": len(rng)}
        for threads in (1, 2):
            eq, t = timed(flop_equities, "AA", rng, threads=threads)
            row[f"kernel_s_{threads}_threads"] = eq.elapsed
            row[f"call_s_{threads}_threads"] = t
        _, t = timed(flop_equities, "AA", rng, symmetry=False)
        row["call_s_no_symmetry"] = t
        _, t = timed(feature_matrix, eq.hero, eq.flops)
        row["features_s"] = t
        _, t = timed(flop_study, "AA", rng_name, features=None)
        row["end_to_end_s_parse_equities_features"] = t
        row["mean_equity"] = float(eq.equity.mean())
        row["eval7"] = bench_eval7(rng_name, eq, args.sample, args.iterations)
        cases.append(row)
    print(json.dumps({"benchmark": "flops", "cpus": os.cpu_count(), "cases": cases}, indent=2))


if __name__ == "__main__":
    main()
