"""pokercalc against OMPEval, the fastest open-source equity calculator, in the same run, as JSON.

Usage: ``POKERCALC_OMPEVAL=/tmp/peers/bin python bench/bench_ompeval.py [--rounds R] [--quick]``

``POKERCALC_OMPEVAL`` names the folder holding our OMPEval driver
(``omp_driver`` and ``omp_driver_9max``), built by
``PEERS_DIR=/tmp/peers ../shared/peers/build_peers.sh OMPEVAL_SOURCE`` (see
``../shared/peers/README.md``).  Without it, or without the binaries there,
pokercalc is measured alone and ``ompeval.note`` says why.

Every row of issue 15's table, each measured in ``--rounds`` rounds (at least
5) that alternate the two programs; a row's time is the median of its round
medians, one thread for both (both also with two threads on the exact rows:
``speedup_2_threads`` is pokercalc's, ``ompeval_speedup_2_threads`` OMPEval's):

- exact rows: engine time, without process start.  pokercalc is timed around
  the in-process ``equity()`` call (parsing and set-up included, as a caller
  pays them); OMPEval by the driver around ``start()`` .. ``wait()`` on a fresh
  calculator.  Both must report the same combos per player and the same
  integer win and tie counts, or the row says ``agree: false``.
- Monte Carlo rows: precision per second, ``1 / (stderr**2 * seconds)`` for
  every player (OMPEval's stderr is the driver's i.i.d. one, which its
  correlated random walk understates, so this favours OMPEval).  The row's
  ratio is the worst player's OMPEval precision per second over pokercalc's:
  the time pokercalc needs for OMPEval's precision, over OMPEval's time.
- ``eval7``: seven-card evaluations per second from the same pseudo-random
  card indices (pokercalc's inline evaluator from a Cython loop, built once
  by ``bench_eval.py`` into ``bench/.build``; OMPEval's ``Hand`` built in the loop).
- ``startup``: whole processes, ``pokercalc equity "AsAh | KsKh" --json``
  against ``python -c "import click"`` (the floor a click program cannot
  beat) and OMPEval's driver on the same problem, wall and CPU time; from
  compiled bytecode, as installed (``bytecode`` says where it is kept).

Every ``ratio`` is pokercalc's time over OMPEval's: at or below 1.0 means
pokercalc is at or ahead.  A round runs the two programs' one-thread
measurements side by side, in turn first, and ``ratio`` is the median over
the rounds of their ratio in each round: on a shared virtual machine whose
speed drifts by half within a minute, pairing cancels the drift that a ratio
of the two medians (``ratio_of_medians``, also given) keeps.  ``ratio_cpu`` is
the same on process CPU seconds instead of wall time (one thread each).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from typing import Any

import pokercalc

HERE = os.path.dirname(os.path.abspath(__file__))
ENV = "POKERCALC_OMPEVAL"
NINE = [
    "JcJh", "8s7s", "99+,AJs+", "QQ+,AQs+,AQo+", "random", "random", "random", "random", "random"
]  # fmt: skip

# name, players (pokercalc), the same players in OMPEval's grammar where it differs, board
EXACT = [
    ("JcJh_99+AJs+_random_4dAc5d", ["JcJh", "99+,AJs+", "random"], None, "4dAc5d"),
    (
        "AhKh_QQ+AKs_JJ-99_random_Qh7h2c",
        ["AhKh", "QQ+,AKs", "JJ-99", "random"],
        ["AhKh", "QQ+,AKs", "JJ,TT,99", "random"],  # OMPEval reads "JJ-99" as JJ alone
        "Qh7h2c",
    ),
    ("AsAh_KsKh_preflop", ["AsAh", "KsKh"], None, ""),
    ("AhKh_QQ+AKsAKo_Qh7h2c", ["AhKh", "QQ+,AKs,AKo"], None, "Qh7h2c"),
    ("AsKs_random_preflop", ["AsKs", "random"], None, ""),
    ("AcAs_random_preflop", ["AcAs", "random"], None, ""),
    ("AA_KK_QQ_preflop", ["AA", "KK", "QQ"], None, ""),
    ("AA_KK_QQ_JJ_preflop", ["AA", "KK", "QQ", "JJ"], None, ""),
]
MONTECARLO = [
    ("nine_players_4dAc5d", NINE, "4dAc5d"),
    ("AsKs_5_random", ["AsKs"] + ["random"] * 5, ""),
    ("AsKs_1_random", ["AsKs", "random"], ""),
]


def driver(name: str) -> str | None:
    """The OMPEval driver binary ``name`` in ``$POKERCALC_OMPEVAL``, or None."""
    folder = os.environ.get(ENV)
    path = os.path.join(folder, name) if folder else ""
    return path if folder and os.access(path, os.X_OK) else None


def omp_run(exe: str, args: list[str]) -> dict[str, Any]:
    """One driver run: the JSON document on its last line of output."""
    out = subprocess.run([exe, *args], check=True, capture_output=True, text=True).stdout
    doc: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return doc


def omp_eq(
    exe: str, players: list[str], board: str, extra: list[str], threads: int = 1
) -> dict[str, Any]:
    return omp_run(exe, ["eq", "--threads", str(threads), *extra, "--board", board, *players])


def timed_calls(fn: Any, budget: float, cap: int) -> tuple[list[float], list[float], Any]:
    """Wall and process CPU times of calls of ``fn`` until ``budget`` seconds or ``cap`` calls,
    and the last result."""
    times: list[float] = []
    cpus: list[float] = []
    out = None
    t_end = time.perf_counter() + budget
    while len(times) < cap and (not times or time.perf_counter() < t_end):
        c, t = time.process_time(), time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    return times, cpus, out


def exact_row(
    name: str, players: list[str], omp_players: list[str], board: str, rounds: int, exe: str | None
) -> dict[str, Any]:
    text = " | ".join(players)
    row: dict[str, Any] = {"scenario": name, "method": "exact", "players": text, "board": board}
    pc: dict[int, list[float]] = {1: [], 2: []}
    pc_cpu: list[float] = []
    omp: list[float] = []
    omp_2: list[float] = []
    omp_cpu: list[float] = []
    r = o = None
    calls = 1

    def ours(threads: int) -> None:
        nonlocal r, calls
        times, cpus, r = timed_calls(
            lambda: pokercalc.equity(text, board, method="exact", threads=threads), 0.2, 200
        )
        pc[threads].append(statistics.median(times))
        if threads == 1:
            pc_cpu.append(statistics.median(cpus))
            calls = len(times)

    def theirs(threads: int = 1) -> None:
        nonlocal o
        if exe:
            inner = max(1, min(200, calls))  # as many calculations as pokercalc's one thread
            o = omp_eq(exe, omp_players, board, ["--repeat", str(inner)], threads)
            if threads == 1:
                omp.append(statistics.median(o["times"]))
                omp_cpu.append(statistics.median(o["cpu_times"]))
            else:
                omp_2.append(statistics.median(o["times"]))

    for k in range(rounds):
        # The two one-thread runs of a round side by side, in turn first (paired ratios).
        if k % 2 == 0:
            ours(1)
            theirs()
        else:
            theirs()
            ours(1)
        ours(2)
        # OMPEval's own two threads, for scale: what a second thread can buy on the row
        theirs(2)
    assert r is not None
    row["pokercalc_s_1_thread"] = statistics.median(pc[1])
    row["pokercalc_s_2_threads"] = statistics.median(pc[2])
    # (the same round's one- and two-thread times: two threads' speed-up over one)
    row["speedup_2_threads"] = statistics.median(a / b for a, b in zip(pc[1], pc[2], strict=True))
    row["pokercalc_cpu_s"] = statistics.median(pc_cpu)
    row["pokercalc_showdowns"] = r.showdowns
    row["outcomes"] = r.outcomes
    row["equity"] = [p.equity for p in r.players]
    if o is not None:
        row["ompeval_s"] = statistics.median(omp)
        row["ompeval_cpu_s"] = statistics.median(omp_cpu)
        row["ompeval_evaluations"] = o["evaluations"]
        ours = {
            "combos": [p.combos for p in r.players],
            "wins": [p.wins for p in r.players],
            "ties": [p.ties for p in r.players],
            "outcomes": r.outcomes,
        }
        theirs = {
            "combos": o["combos"],
            "wins": o["wins_count"],
            "ties": o["ties_count"],
            "outcomes": o["outcomes"],
        }
        row["agree"] = ours == theirs
        if not row["agree"]:
            row["pokercalc_counts"], row["ompeval_counts"] = ours, theirs
        row["ratio"] = statistics.median(a / b for a, b in zip(pc[1], omp, strict=True))
        row["ratio_of_medians"] = row["pokercalc_s_1_thread"] / row["ompeval_s"]
        row["ratio_2_threads"] = row["pokercalc_s_2_threads"] / row["ompeval_s"]
        row["ratio_cpu"] = statistics.median(a / b for a, b in zip(pc_cpu, omp_cpu, strict=True))
        row["ompeval_s_2_threads"] = statistics.median(omp_2)
        row["ompeval_speedup_2_threads"] = statistics.median(
            a / b for a, b in zip(omp, omp_2, strict=True)
        )
    return row


def precision(stderrs: list[float], seconds: float) -> list[float]:
    """Precision per second of every player: 1 / (stderr**2 * seconds)."""
    return [1 / (s * s * seconds) if s > 0 else float("inf") for s in stderrs]


def mc_row(
    name: str, players: list[str], board: str, rounds: int, exe: str | None, seconds: float
) -> dict[str, Any]:
    text = " | ".join(players)
    row: dict[str, Any] = {"scenario": name, "method": "mc", "players": text, "board": board,
                           "seconds_per_run": seconds}  # fmt: skip
    pc: dict[int, list[list[float]]] = {1: [], 2: []}
    pc_cpu: list[list[float]] = []
    deals: dict[int, list[float]] = {1: [], 2: []}
    est: dict[int, list[list[float]]] = {1: [], 2: []}
    nominal: dict[int, list[list[float]]] = {1: [], 2: []}
    omp: list[list[float]] = []
    omp_cpu: list[list[float]] = []
    omp_deals: list[float] = []
    omp_est: list[list[float]] = []
    omp_nominal: list[list[float]] = []

    def ours(k: int, threads: int) -> None:
        c, t = time.process_time(), time.perf_counter()
        r = pokercalc.equity(text, board, method="mc", time=seconds, seed=k + 1, threads=threads)
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        se = [p.stderr or 0.0 for p in r.players]
        pc[threads].append(precision(se, wall))
        if threads == 1:
            pc_cpu.append(precision(se, cpu))
        deals[threads].append((r.trials or 0) / wall)
        est[threads].append([p.equity or 0.0 for p in r.players])
        nominal[threads].append(se)

    def theirs() -> None:
        if exe:
            o = omp_eq(exe, players, board, ["--mc", "--time", str(seconds)])
            omp.append(precision(o["stderr"], o["wall_s"]))
            omp_cpu.append(precision(o["stderr"], o["cpu_times"][-1]))
            omp_deals.append(o["hands"] / o["wall_s"])
            omp_est.append(o["equity"])
            omp_nominal.append(o["stderr"])

    for k in range(rounds):
        # The two one-thread runs of a round side by side, in turn first (paired ratios).
        if k % 2 == 0:
            ours(k, 1)
            theirs()
        else:
            theirs()
            ours(k, 1)
        ours(k, 2)

    def per_player(runs: list[list[float]]) -> list[float]:
        return [statistics.median(col) for col in zip(*runs, strict=True)]

    def paired(theirs: list[list[float]], ours: list[list[float]]) -> list[float]:
        """Per player, the median over the rounds of OMPEval's precision over ours."""
        return [
            statistics.median(t / p for t, p in zip(ts, ps, strict=True))
            for ts, ps in zip(zip(*theirs, strict=True), zip(*ours, strict=True), strict=True)
        ]

    def spread(estimates: list[list[float]], ses: list[list[float]]) -> list[float]:
        """Spread of the estimates over the rounds, in units of the median reported stderr."""
        return [
            statistics.stdev(e) / statistics.median(s) if statistics.median(s) > 0 else 0.0
            for e, s in zip(zip(*estimates, strict=True), zip(*ses, strict=True), strict=True)
        ]

    for threads in (1, 2):
        suffix = "1_thread" if threads == 1 else "2_threads"
        row[f"pokercalc_precision_per_s_{suffix}"] = per_player(pc[threads])
        row[f"pokercalc_deals_per_s_{suffix}"] = statistics.median(deals[threads])
    row["pokercalc_spread_over_stderr"] = spread(est[1], nominal[1])
    # (precision per second on two threads over one, the same round's, for the worst player)
    row["speedup_2_threads"] = min(
        statistics.median(b / a for a, b in zip(ones, twos, strict=True))
        for ones, twos in zip(zip(*pc[1], strict=True), zip(*pc[2], strict=True), strict=True)
    )
    if exe:
        ours1, ours2, theirs = (
            row["pokercalc_precision_per_s_1_thread"],
            row["pokercalc_precision_per_s_2_threads"],
            per_player(omp),
        )
        row["ompeval_precision_per_s"] = theirs
        row["ompeval_deals_per_s"] = statistics.median(omp_deals)
        row["ompeval_spread_over_stderr"] = spread(omp_est, omp_nominal)
        row["ratio"] = max(paired(omp, pc[1]))
        row["ratio_of_medians"] = max(t / p for t, p in zip(theirs, ours1, strict=True))
        row["ratio_2_threads"] = max(t / p for t, p in zip(theirs, ours2, strict=True))
        row["ratio_cpu"] = max(paired(omp_cpu, pc_cpu))
        row["ratio_deals"] = row["ompeval_deals_per_s"] / row["pokercalc_deals_per_s_1_thread"]
    return row


def eval_row(rounds: int, exe: str | None, n: int) -> dict[str, Any]:
    """Seven-card evaluations per second on the same pseudo-random card indices."""
    sys.path.insert(0, HERE)
    import numpy as np
    from bench_eval import build_kernels

    k = build_kernels()
    hands = np.empty((n, 7), np.uint8)
    k.random_hands(hands, 20261121)
    ours: list[float] = []
    ours_cpu: list[float] = []
    theirs: list[float] = []
    theirs_cpu: list[float] = []
    # One untimed pass each first: the first pass over the 70 MB of cards ran at two thirds
    # of the speed of the next ones (page faults, a cold cache, a clock still rising).
    k.inline_random(hands)
    if exe:
        omp_run(exe, ["evalrand", str(n), "1"])
    for _ in range(rounds):
        c, t = time.thread_time(), time.perf_counter()
        k.inline_random(hands)
        ours.append(n / (time.perf_counter() - t))
        ours_cpu.append(n / (time.thread_time() - c))
        if exe:
            o = omp_run(exe, ["evalrand", str(n), "1"])
            theirs.append(o["rand1_evals_per_s"])
            theirs_cpu.append(o["rand1_evals_per_cpu_s"])
    row: dict[str, Any] = {"scenario": "eval7_random", "hands": n,
                           "pokercalc_evals_per_s": statistics.median(ours)}  # fmt: skip
    if exe:
        row["ompeval_evals_per_s"] = statistics.median(theirs)
        row["ratio"] = statistics.median(t / o for t, o in zip(theirs, ours, strict=True))
        row["ratio_of_medians"] = row["ompeval_evals_per_s"] / row["pokercalc_evals_per_s"]
        row["ratio_cpu"] = statistics.median(
            t / o for t, o in zip(theirs_cpu, ours_cpu, strict=True)
        )
    return row


def pokercalc_command() -> tuple[list[str], dict[str, str], str]:
    """The installed command (or ``python -m pokercalc`` on this checkout when it does not run),
    its environment, and a note on its bytecode.

    An installed package runs from compiled bytecode; where ``PYTHONDONTWRITEBYTECODE`` keeps
    Python from writing any, every start would compile pokercalc's sources again (click's are
    compiled at install), so the runs get a bytecode cache of their own, warmed once.
    """
    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(os.path.abspath(pokercalc.__file__)))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    note = "as the environment has it"
    if env.pop("PYTHONDONTWRITEBYTECODE", None):
        env["PYTHONPYCACHEPREFIX"] = os.path.join(HERE, ".build", "pycache")
        note = f"cached in {env['PYTHONPYCACHEPREFIX']} (PYTHONDONTWRITEBYTECODE was set)"
    exe = os.path.join(os.path.dirname(sys.executable), "pokercalc")
    if os.path.exists(exe):
        cmd = [exe]
        ok = subprocess.run([*cmd, "--version"], capture_output=True, env=env).returncode == 0
        if ok:
            return cmd, env, note
    return [sys.executable, "-m", "pokercalc"], env, note


def startup_row(rounds: int, exe: str | None) -> dict[str, Any]:
    """Whole-process wall and CPU times (user + system), median of at least 10 alternating
    runs of each program after two unmeasured warm-up runs (bench_startup.alternate)."""
    from bench_startup import alternate  # this folder is the script's sys.path[0]

    cmd, env, note = pokercalc_command()
    runs = {
        "pokercalc": [*cmd, "equity", "AsAh | KsKh", "--json"],
        "floor_import_click": [sys.executable, "-c", "import click"],
    }
    if exe:
        runs["ompeval"] = [exe, "eq", "--threads", "1", "AsAh", "KsKh"]
    measured = alternate(runs, max(rounds, 10), env)
    times, cpus = measured["wall"], measured["cpu"]
    row: dict[str, Any] = {"scenario": "startup", "command": runs["pokercalc"][len(cmd) :],
                           "bytecode": note}  # fmt: skip
    for key in runs:
        row[f"{key}_s"] = statistics.median(times[key])
        row[f"{key}_cpu_s"] = statistics.median(cpus[key])
    row["pokercalc_over_floor_s"] = row["pokercalc_s"] - row["floor_import_click_s"]
    row["pokercalc_over_floor_cpu_s"] = row["pokercalc_cpu_s"] - row["floor_import_click_cpu_s"]
    if exe:
        row["ratio"] = row["pokercalc_s"] / row["ompeval_s"]
        row["ratio_cpu"] = row["pokercalc_cpu_s"] / row["ompeval_cpu_s"]
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds (at least 5)")
    ap.add_argument("--quick", action="store_true", help="shorter Monte Carlo and fewer hands")
    args = ap.parse_args()
    rounds = max(5, args.rounds)
    six, nine = driver("omp_driver"), driver("omp_driver_9max")
    ompeval: dict[str, Any] = {"available": bool(six and nine), "env": ENV,
                               "dir": os.environ.get(ENV)}  # fmt: skip
    if not ompeval["available"]:
        ompeval["note"] = (
            f"OMPEval skipped: set {ENV} to the folder holding omp_driver and omp_driver_9max "
            "(built by ../shared/peers/build_peers.sh)"
        )
        six = nine = None
    seconds = 0.25 if args.quick else 1.0
    rows = [exact_row(n, p, op or p, b, rounds, six) for n, p, op, b in EXACT]
    rows += [
        mc_row(n, p, b, rounds, nine if len(p) > 6 else six, seconds) for n, p, b in MONTECARLO
    ]
    try:
        rows.append(eval_row(rounds, six, 2_000_000 if args.quick else 10_000_000))
    except (ImportError, OSError, subprocess.CalledProcessError) as e:
        # The Cython kernel of bench_eval.py needs Cython, numpy and a C compiler.
        rows.append({"scenario": "eval7_random", "note": f"skipped: {e}"})
    rows.append(startup_row(rounds, six))
    report = {
        "benchmark": "ompeval",
        "pokercalc_version": pokercalc.__version__,
        "python": platform.python_version(),
        "cores": len(os.sched_getaffinity(0)),
        "load_average": os.getloadavg(),
        "rounds": rounds,
        "ompeval": ompeval,
        "ratios": {r["scenario"]: r.get("ratio") for r in rows},
        "ratios_2_threads": {
            r["scenario"]: r["ratio_2_threads"] for r in rows if "ratio_2_threads" in r
        },
        "ratios_cpu": {r["scenario"]: r["ratio_cpu"] for r in rows if "ratio_cpu" in r},
        "speedups_2_threads": {
            r["scenario"]: r["speedup_2_threads"] for r in rows if "speedup_2_threads" in r
        },
        "ompeval_speedups_2_threads": {
            r["scenario"]: r["ompeval_speedup_2_threads"]
            for r in rows
            if "ompeval_speedup_2_threads" in r
        },
        "all_agree": all(r.get("agree", True) for r in rows),
        "rows": rows,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
