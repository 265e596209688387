"""Equity engine speed on the issue's scenarios, against eval7 in the same run, printed as JSON.

Usage: ``python bench/bench_equity.py [--repeat R] [--quick]`` (eval7 from the
``bench`` extra: ``pip install -e '.[bench]'``).

Each exact scenario is timed single-threaded and with every core, best of
``--repeat`` runs (the machine is shared; the best run is the least
disturbed).  Monte Carlo throughput is deals per second per thread on the
seed article's nine-player example.  ``end_to_end_s`` is the wall time of the
installed ``pokercalc equity "AsAh | KsKh"`` command.  eval7 supports heads-up
hand-vs-range only: its exact routine and its Monte Carlo are timed on the
scenarios it can express, and its exact answers are checked against ours
(``agrees``), since a fast wrong answer is no answer.  ``breakdown`` times
``equity --breakdown`` (the per-hand tallies inside the same run) against the
plain run on the same spot, interleaved: the ratio's target is 1.5.
``fixed_cost`` is the process CPU time of one call on tiny exact problems, in
microseconds, best of ``--repeat`` batches of calls (issue 15, item 2: a tiny
problem should spend its time in the kernel, not in set-up), and of Omaha
hi/lo outs against a random hand, which calls the engine once per card.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from typing import Any

import pokercalc
from pokercalc.analysis.equities import equity

EXACT = [
    # name, players, board, target seconds single-threaded (from the issue)
    ("aces_vs_kings_preflop", "AsAh | KsKh", "", 0.005),
    ("ahkh_vs_range_flop", "AhKh | QQ+,AKs,AKo", "Qh7h2c", 0.001),
    ("three_way_flop", "JcJh | 99+,AJs+ | random", "4dAc5d", 0.3),
    ("aks_vs_random_preflop", "AsKs | random", "", 3.0),
]
# name, players, board, player broken down (equity --breakdown), seconds of a plain run
BREAKDOWN = [
    ("range_vs_random_flop_by_random", "QQ+,AK | random", "Kh7c2d", 2, 0.1),
    ("three_way_flop_by_random", "JcJh | 99+,AJs+ | random", "4dAc5d", 3, 0.1),
    ("three_way_flop_by_range", "JcJh | 99+,AJs+ | random", "4dAc5d", 2, 0.1),
    ("aks_vs_random_preflop_by_random", "AKs | random", "", 2, 2.0),
]
NINE = "JcJh | 8s7s | 99+,AJs+ | QQ+,AQs+,AQo+ | random | random | random | random | random"


def best_of(repeat: int, fn: Any) -> tuple[float, Any]:
    """Smallest wall time of ``repeat`` calls, and the last result."""
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def exact_scenarios(repeat: int, quick: bool) -> list[dict[str, Any]]:
    rows = []
    cores = len(os.sched_getaffinity(0))
    for name, players, board, target in EXACT:
        if quick and target > 1:
            continue
        reps = 1 if target > 1 else repeat
        row: dict[str, Any] = {"scenario": name, "players": players, "board": board}
        for threads in sorted({1, cores}):
            t, r = best_of(
                reps,
                lambda t=threads, p=players, b=board: equity(p, b, method="exact", threads=t),
            )
            row[f"seconds_{threads}_thread"] = t
            row["equity"] = [p.equity for p in r.players]
            row["outcomes"] = r.outcomes
        row["target_seconds_1_thread"] = target
        row["meets_target"] = row["seconds_1_thread"] <= target
        row["eval7"] = eval7_exact(players, board, row["equity"][0], reps)
        if row["eval7"].get("agrees"):
            row["ratio_eval7_over_pokercalc"] = row["eval7"]["seconds"] / row["seconds_1_thread"]
        rows.append(row)
    return rows


FIXED = [
    # name, players, board: problems whose run takes tens of microseconds
    ("ahkh_vs_range_flop", ["AhKh", "QQ+,AKs,AKo"], "Qh7h2c"),
    ("aces_vs_kings_turn", ["AsAh", "KsKh"], "Qh7h2c9d"),
]


def fixed_cost(repeat: int) -> dict[str, Any]:
    """CPU microseconds per call of the tiny exact problems (best of ``repeat`` batches of
    calls), and CPU seconds of ``pokercalc outs`` in Omaha hi/lo against a random hand."""
    from pokercalc.analysis.outs import find_outs

    out: dict[str, Any] = {}
    for name, players, board in FIXED:
        equity(players, board, method="exact", threads=1)
        best = float("inf")
        for _ in range(max(repeat, 3)):
            t = time.process_time()
            for _ in range(500):
                equity(players, board, method="exact", threads=1)
            best = min(best, (time.process_time() - t) / 500)
        out[f"{name}_cpu_us"] = best * 1e6
    best = float("inf")
    for _ in range(2):
        t = time.process_time()
        find_outs("AsKs2d3c", "Qs7h4c", ["random"], game="omaha-hilo")
        best = min(best, time.process_time() - t)
    out["omaha_hilo_outs_vs_random_cpu_s"] = best
    return out


def eval7_exact(players: str, board: str, ours: float, repeat: int) -> dict[str, Any]:
    """eval7's exact hand-vs-range equity, where it applies, and whether it agrees with ours."""
    try:
        import eval7
    except ImportError:
        return {"available": False}
    parts = [p.strip() for p in players.split("|")]
    if len(parts) != 2 or parts[1] == "random" and not board:
        return {"available": True, "supported": False}
    hero = [eval7.Card(parts[0][i : i + 2]) for i in (0, 2)]
    villain = eval7.HandRange(
        "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32" if parts[1] == "random" else parts[1]
    )
    cards = [eval7.Card(board[i : i + 2]) for i in range(0, len(board), 2)]
    t, eq = best_of(repeat, lambda: eval7.py_hand_vs_range_exact(hero, villain, cards))
    return {"available": True, "supported": True, "seconds": t, "equity": eq,
            "agrees": abs(eq - ours) < 1e-9}  # fmt: skip


def breakdown(repeat: int, quick: bool) -> list[dict[str, Any]]:
    """``equity --breakdown`` against the plain run, exact, single-threaded, best of
    ``repeat`` each, interleaved (target: at most 1.5 times the plain run)."""
    from pokercalc.analysis.breakdown import equity_breakdown

    rows = []
    for name, players, board, player, seconds in BREAKDOWN:
        if quick and seconds > 1:
            continue
        reps = 1 if seconds > 1 else repeat
        plain, broken = float("inf"), float("inf")

        def run_plain(p: str = players, b: str = board) -> Any:
            return equity(p, b, method="exact", threads=1)

        def run_breakdown(p: str = players, b: str = board, who: int = player) -> Any:
            return equity_breakdown(p, b, player=who, method="exact", threads=1)

        for _ in range(reps):
            plain = min(plain, best_of(1, run_plain)[0])
            broken = min(broken, best_of(1, run_breakdown)[0])
        rows.append({"scenario": name, "players": players, "board": board, "player": player,
                     "seconds_plain": plain, "seconds_breakdown": broken,
                     "ratio": broken / plain, "target_ratio": 1.5,
                     "meets_target": broken / plain <= 1.5})  # fmt: skip
    return rows


def montecarlo(quick: bool) -> dict[str, Any]:
    cores = len(os.sched_getaffinity(0))
    trials = 500_000 if quick else 3_000_000
    out: dict[str, Any] = {"scenario": "nine_players_flop", "players": NINE, "board": "4dAc5d"}
    for threads in sorted({1, cores}):
        r = equity(NINE, "4dAc5d", method="mc", trials=trials, seed=1, threads=threads)
        out[f"deals_per_second_per_thread_{threads}"] = r.trials / r.elapsed / threads
        out[f"deals_per_second_{threads}"] = r.trials / r.elapsed
    out["target_deals_per_second_per_thread"] = 6e6
    if cores > 1:
        out["speedup_all_cores"] = out[f"deals_per_second_{cores}"] / out["deals_per_second_1"]
    # Heads-up Monte Carlo, the one eval7 can do: AsKs against every hand.
    r = equity("AsKs | random", method="mc", trials=trials, seed=2, threads=1)
    out["heads_up_deals_per_second_1"] = r.trials / r.elapsed
    try:
        import eval7

        hero = [eval7.Card("As"), eval7.Card("Ks")]
        villain = eval7.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
        t = time.perf_counter()
        eval7.py_hand_vs_range_monte_carlo(hero, villain, [], trials)
        e7 = trials / (time.perf_counter() - t)
        out["eval7_heads_up_deals_per_second"] = e7
        out["ratio_heads_up_pokercalc_over_eval7"] = out["heads_up_deals_per_second_1"] / e7
    except ImportError:
        pass
    return out


def end_to_end(repeat: int) -> float:
    """Wall time of the installed command, best of ``repeat``."""
    exe = os.path.join(os.path.dirname(sys.executable), "pokercalc")
    cmd = [exe if os.path.exists(exe) else "pokercalc", "equity", "AsAh | KsKh", "--json"]
    t, _ = best_of(repeat, lambda: subprocess.run(cmd, check=True, capture_output=True))
    return t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="skip the multi-second scenarios")
    args = ap.parse_args()
    report = {
        "benchmark": "equity",
        "pokercalc_version": pokercalc.__version__,
        "python": platform.python_version(),
        "cores": len(os.sched_getaffinity(0)),
        "load_average": os.getloadavg(),
        "exact": exact_scenarios(args.repeat, args.quick),
        "breakdown": breakdown(args.repeat, args.quick),
        "fixed_cost": fixed_cost(args.repeat),
        "montecarlo": montecarlo(args.quick),
        "end_to_end_s": end_to_end(args.repeat),
        "end_to_end_target_s": 0.3,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
