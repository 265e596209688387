"""Seven-card evaluator speed against eval7 in the same run, printed as JSON.

Usage: ``python bench/bench_eval.py [--hands N] [--repeat R] [--quick]`` (needs the
``bench`` extra: ``pip install -e '.[bench]'``, and a C compiler for the small
Cython kernel module next to this file, built once into ``bench/.build``).

Measured, each as the best of ``--repeat`` runs (the machine is shared, so
the best run is the least disturbed one):

- ``random``: a fixed pseudo-random set of 10**7 seven-card hands (seeded
  splitmix64 + partial Fisher-Yates): pokercalc's ``evaluate_many`` (Python API,
  card indices in, validation included) and its inline ``eval_cards`` called
  from a Cython loop; eval7's C ``cy_evaluate`` called through its exported
  pointer on masks built beforehand (its fastest possible use).
- ``sequential``: all 133,784,560 seven-card hands in lexicographic order:
  pokercalc's ``value_sum(7)`` and eval7's ``cy_evaluate`` on incrementally
  built masks.
- ``import_ms``: ``python -c "import pokercalc"`` (best of 10, wall clock and
  CPU), and plain ``python -c pass`` for comparison.
- ``tables``: bytes of the lookup tables and the resident size of the
  evaluator's extension module after every table entry has been used.

Rates are given per wall-clock second and per CPU second of the timing thread;
``ratio`` divides pokercalc's rate by eval7's from this same run.
"""

from __future__ import annotations

import argparse
import glob
import importlib
import json
import os
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
N_SEVEN = 133_784_560


def build_kernels() -> Any:
    """Compile (once) and import ``_bench_kernels.pyx`` against the installed pokercalc."""
    build = os.path.join(HERE, ".build")
    sys.path.insert(0, build)
    pyx = os.path.join(HERE, "_bench_kernels.pyx")
    os.makedirs(build, exist_ok=True)
    import pokercalc

    # Rebuilt when the kernels or the evaluator they inline change.  Judged by the built file,
    # not by importing it: a process cannot load a rebuilt extension module over an old one
    # it imported (the old code would be timed).
    sources = [pyx, os.path.join(os.path.dirname(pokercalc.__file__), "_eval.pxd")]
    built = glob.glob(os.path.join(build, "_bench_kernels*.so"))
    if built and os.path.getmtime(built[0]) >= max(map(os.path.getmtime, sources)):
        return importlib.import_module("_bench_kernels")

    pkg = os.path.dirname(pokercalc.__file__)
    tables = pkg  # where _evaltables.h sits beside _eval.pxd
    code = f"""
from Cython.Build import cythonize
from setuptools import Extension, setup
setup(
    script_args=["build_ext", "--build-lib", ".build", "--build-temp", ".build", "-q"],
    ext_modules=cythonize(
        [Extension("_bench_kernels", ["_bench_kernels.pyx"], include_dirs=[{tables!r}],
                   extra_compile_args=["-O3"])],
        include_path=[{os.path.dirname(pkg)!r}], build_dir=".build", quiet=True,
    ),
)
"""
    # The compiler's chatter goes to stderr so stdout stays one JSON document.
    subprocess.run([sys.executable, "-c", code], check=True, cwd=HERE, stdout=sys.stderr)
    importlib.invalidate_caches()
    sys.modules.pop("_bench_kernels", None)
    return importlib.import_module("_bench_kernels")


def best_of(repeat: int, f: Callable[[], Any]) -> tuple[float, float, Any]:
    """Best wall and best thread-CPU seconds of ``repeat`` calls of ``f``, and its last result."""
    wall = cpu = float("inf")
    result = None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.thread_time()
        result = f()
        cpu = min(cpu, time.thread_time() - c)
        wall = min(wall, time.perf_counter() - w)
    return wall, cpu, result


def rates(n: int, wall: float, cpu: float) -> dict[str, float]:
    """Evaluations per wall-clock second and per CPU second."""
    return {"evals_per_s": n / wall, "evals_per_cpu_s": n / cpu, "seconds": wall}


def ratio(ours: dict[str, float], theirs: dict[str, float]) -> dict[str, float]:
    """pokercalc's rates over eval7's."""
    return {k: ours[k] / theirs[k] for k in ("evals_per_s", "evals_per_cpu_s")}


def check_same_order(ours: Any, theirs: Any) -> None:
    """Raise unless two value arrays order (and tie) their hands identically."""
    import numpy as np

    pairs = np.unique(np.stack([ours.astype(np.int64), theirs.astype(np.int64)]), axis=1)
    if not (len(np.unique(ours)) == len(np.unique(theirs)) == pairs.shape[1]):
        raise AssertionError("pokercalc and eval7 disagree on which hands tie")
    if not (np.diff(pairs[1]) > 0).all():  # pairs are sorted by our value
        raise AssertionError("pokercalc and eval7 order the hands differently")


def import_ms(code: str, runs: int = 10) -> dict[str, float]:
    """Best wall-clock and best CPU (user + system) milliseconds of ``python -c code``."""
    wall = cpu = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=os.sep)
        wall = min(wall, time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        cpu = min(cpu, used)
    return {"wall_ms": wall * 1000, "cpu_ms": cpu * 1000}


def table_footprint() -> dict[str, int]:
    """Table bytes, and the evaluator module's resident bytes once all entries were used."""
    code = r"""
import array, json, os, pokercalc._eval as e
e.value_histogram(7)                      # every non-flush and flush entry a hand can reach
rows = bytearray(range(256)) * 7          # every byte value through the (key, bit) table
try:
    e.evaluate_many(memoryview(rows).cast("B", (256, 7)), array.array("H", bytes(512)))
except ValueError:
    pass
rss = 0
with open("/proc/self/smaps") as f:
    inside = False
    for line in f:
        if line[0] in "0123456789abcdef" and "-" in line.split()[0]:
            inside = os.path.realpath(e.__file__) in line
        elif inside and line.startswith("Rss:"):
            rss += int(line.split()[1]) * 1024
print(json.dumps({"table_bytes": e.table_bytes(), "module_resident_bytes": rss}))
"""
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def main() -> None:
    """Run every measurement and print one JSON document."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10**7, help="random hands (default 10**7)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (best kept)")
    parser.add_argument("--quick", action="store_true", help="skip the two sequential runs")
    args = parser.parse_args()

    import eval7
    import numpy as np

    from pokercalc import _eval
    from pokercalc.core.cards import format_card

    k = build_kernels()
    capsule = sys.modules["eval7.evaluate"].__pyx_capi__["cy_evaluate"]
    e7_card_masks = np.array([eval7.Card(format_card(c)).mask for c in range(52)], np.uint64)

    n = args.hands
    hands = np.empty((n, 7), np.uint8)
    k.random_hands(hands, 20261121)
    masks = np.empty(n, np.uint64)
    k.masks_of(hands, e7_card_masks, masks)
    out = np.empty(n, np.uint16)

    # Both evaluators must rank the hands alike before their speed means anything.
    m = min(n, 200_000)
    ours, theirs = np.empty(m, np.uint16), np.empty(m, np.uint32)
    _eval.evaluate_many(hands[:m], ours)
    k.eval7_many(capsule, masks[:m], 7, theirs)
    check_same_order(ours, theirs)

    result: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "cpu": platform.processor() or platform.machine(),
            "cpus": os.cpu_count(),
            "loadavg_1min": os.getloadavg()[0],
        },
        "eval7_version": getattr(eval7, "__version__", None) or _dist_version("eval7"),
    }

    wall, cpu, _ = best_of(args.repeat, lambda: _eval.evaluate_many(hands, out))
    r_ours = rates(n, wall, cpu)
    wall, cpu, inline_sum = best_of(args.repeat, lambda: k.inline_random(hands))
    r_inline = rates(n, wall, cpu)
    wall, cpu, e7_sum = best_of(args.repeat, lambda: k.eval7_random(capsule, masks, 7))
    r_e7 = rates(n, wall, cpu)
    assert inline_sum == int(out.sum(dtype=np.uint64))
    result["random"] = {
        "hands": n,
        "pokercalc_evaluate_many": r_ours,
        "pokercalc_inline_eval_cards": r_inline,
        "eval7_cy_evaluate": r_e7,
        "ratio": ratio(r_ours, r_e7),
        "ratio_inline": ratio(r_inline, r_e7),
    }

    if not args.quick:
        reps = max(1, min(args.repeat, 3))
        wall, cpu, total = best_of(reps, lambda: _eval.value_sum(7))
        r_ours = rates(N_SEVEN, wall, cpu)
        wall, cpu, total_inline = best_of(reps, k.inline_sequential)
        r_inline = rates(N_SEVEN, wall, cpu)
        assert total == total_inline
        wall, cpu, _ = best_of(1, lambda: k.eval7_sequential(capsule, e7_card_masks))
        r_e7 = rates(N_SEVEN, wall, cpu)
        result["sequential"] = {
            "hands": N_SEVEN,
            "pokercalc_value_sum": r_ours,
            "pokercalc_inline_eval_key": r_inline,
            "eval7_cy_evaluate": r_e7,
            "ratio": ratio(r_ours, r_e7),
            "ratio_inline": ratio(r_inline, r_e7),
        }

    result["import_ms"] = {
        "import_pokercalc": import_ms("import pokercalc"),
        "python_startup": import_ms("pass"),
    }
    result["tables"] = table_footprint()
    print(json.dumps(result, indent=2))


def _dist_version(name: str) -> str | None:
    """The installed version of a distribution, if known."""
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


if __name__ == "__main__":
    main()
