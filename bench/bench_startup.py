"""Whole-process start-up of ``pokercalc equity "AsAh | KsKh" --json`` against ``import click``.

Usage: ``python bench/bench_startup.py [--rounds N] [--python PATH]``

Issue 15, item 2: the command must finish within 20 ms of ``python -c
"import click"``, the floor a click program cannot beat, both run by the same
interpreter.  The two alternate, ``--rounds`` times each after two unmeasured
warm-up runs; ``*_s`` are median wall times, ``*_cpu_s`` median user + system
CPU times (steadier on a shared machine), ``paired_over_floor_cpu_s`` the
median of the rounds' differences.  ``within_budget`` judges CPU time.

``--python`` measures the pokercalc installed for another interpreter (the
``pokercalc`` script beside it, else ``python -m pokercalc``), e.g. a normal
install in a virtual environment: an editable install's finder costs every
import of pokercalc a little, which users of a wheel do not pay.  Both
programs run from compiled bytecode, as installed; where
``PYTHONDONTWRITEBYTECODE`` keeps Python from writing any, the runs share a
bytecode cache of their own (``bytecode`` says where), else each run would
compile pokercalc's sources again.

``import_ms`` lists pokercalc's modules by cumulative import time after
click's (``python -X importtime``, the least of five runs; the tool's own
overhead inflates them), and ``modules_beyond_click`` every module the
command loads that ``import click`` does not.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
ARGS = ["equity", "AsAh | KsKh", "--json"]
BUDGET_S = 0.020

#: Run in the measured interpreter: where its pokercalc lives and whether it is an editable install.
WHERE = """
import json, importlib.util, importlib.metadata as md
spec = importlib.util.find_spec("pokercalc")
url = json.loads(md.distribution("pokercalc").read_text("direct_url.json") or "{}")
print(json.dumps({"file": spec.origin, "editable": url.get("dir_info", {}).get("editable", False)}))
"""
#: Run in the measured interpreter: the modules loaded by the command and by ``import click``.
LOADED = """
import sys, click
from pokercalc.cli import cli
try:
    cli.main({args!r}, prog_name="pokercalc", standalone_mode=False)
finally:
    sys.stdout.flush()
    loaded = sorted(sys.modules)
    import json
    sys.stderr.write("\\nLOADED " + json.dumps(loaded) + "\\n")
"""
#: Run in the measured interpreter: the modules ``import click`` loads.
FLOOR = "import sys, click; loaded = sorted(sys.modules); import json; print(json.dumps(loaded))"


def environment() -> tuple[dict[str, str], str]:
    """The environment of the measured runs, and a note on their bytecode."""
    env = dict(os.environ)
    if env.pop("PYTHONDONTWRITEBYTECODE", None):
        env["PYTHONPYCACHEPREFIX"] = os.path.join(HERE, ".build", "pycache")
        return env, f"cached in {env['PYTHONPYCACHEPREFIX']} (PYTHONDONTWRITEBYTECODE was set)"
    return env, "as the environment has it"


def command(python: str, env: dict[str, str]) -> list[str]:
    """The ``pokercalc`` script installed beside ``python``, or ``python -m pokercalc``."""
    script = os.path.join(os.path.dirname(python), "pokercalc")
    if os.path.exists(script):
        done = subprocess.run([script, "--version"], capture_output=True, env=env, check=False)
        if done.returncode == 0:
            return [script]
    return [python, "-m", "pokercalc"]


def alternate(runs: dict[str, list[str]], rounds: int, env: dict[str, str]) -> dict[str, Any]:
    """Wall and CPU seconds of every round of each program, the programs alternating."""
    for argv in runs.values():
        for _ in range(2):
            subprocess.run(argv, check=True, capture_output=True, env=env)
    wall: dict[str, list[float]] = {k: [] for k in runs}
    cpu: dict[str, list[float]] = {k: [] for k in runs}
    for _ in range(rounds):
        for key, argv in runs.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run(argv, check=True, capture_output=True, env=env)
            wall[key].append(time.perf_counter() - t)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[key].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return {"wall": wall, "cpu": cpu}


def import_times(python: str, env: dict[str, str], runs: int = 5) -> dict[str, float]:
    """pokercalc's modules by cumulative import time in milliseconds, the least of ``runs``."""
    code = LOADED.format(args=ARGS)
    best: dict[str, float] = {}
    for _ in range(runs):
        err = subprocess.run(
            [python, "-X", "importtime", "-c", code], capture_output=True, text=True, env=env
        ).stderr
        for line in err.splitlines():
            parts = line.removeprefix("import time:").split("|")
            if len(parts) != 3 or not parts[1].strip().isdigit():
                continue
            name = parts[2].strip()
            if name.startswith("pokercalc"):
                ms = int(parts[1]) / 1000
                best[name] = min(ms, best.get(name, ms))
    return dict(sorted(best.items(), key=lambda kv: -kv[1]))


def modules_beyond_click(python: str, env: dict[str, str]) -> list[str]:
    """The modules the command loads that ``import click`` does not."""
    floor = subprocess.run(
        [python, "-c", FLOOR], capture_output=True, text=True, env=env, check=True
    ).stdout
    err = subprocess.run(
        [python, "-c", LOADED.format(args=ARGS)], capture_output=True, text=True, env=env
    ).stderr
    line = [x for x in err.splitlines() if x.startswith("LOADED ")][-1]
    return sorted(set(json.loads(line[len("LOADED ") :])) - set(json.loads(floor)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=30, help="alternating rounds (at least 10)")
    ap.add_argument("--python", default=sys.executable, help="the interpreter to measure")
    args = ap.parse_args()
    rounds = max(10, args.rounds)
    env, note = environment()
    cmd = command(args.python, env)
    where = subprocess.run(
        [args.python, "-c", WHERE], capture_output=True, text=True, env=env, check=True
    ).stdout
    runs = {"pokercalc": [*cmd, *ARGS], "floor_import_click": [args.python, "-c", "import click"]}
    times = alternate(runs, rounds, env)
    report: dict[str, Any] = {
        "benchmark": "startup",
        "command": ["pokercalc", *ARGS],
        "run_as": cmd,
        "pokercalc": json.loads(where),
        "python": platform.python_version(),
        "bytecode": note,
        "rounds": rounds,
        "load_average": os.getloadavg(),
    }
    for key in runs:
        report[f"{key}_s"] = statistics.median(times["wall"][key])
        report[f"{key}_cpu_s"] = statistics.median(times["cpu"][key])
    report["over_floor_s"] = report["pokercalc_s"] - report["floor_import_click_s"]
    report["over_floor_cpu_s"] = report["pokercalc_cpu_s"] - report["floor_import_click_cpu_s"]
    report["paired_over_floor_cpu_s"] = statistics.median(
        p - f
        for p, f in zip(times["cpu"]["pokercalc"], times["cpu"]["floor_import_click"], strict=True)
    )
    report["budget_s"] = BUDGET_S
    report["within_budget"] = report["over_floor_cpu_s"] <= BUDGET_S
    report["import_ms"] = import_times(args.python, env)
    report["modules_beyond_click"] = modules_beyond_click(args.python, env)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
