"""Time the range and query parsers (cache cleared each time) and print JSON.

The equity engine parses every player's expression, so a parse should cost
well under a millisecond; ``random`` is the common worst case.  Omaha
queries (``pokercalc query --game omaha``: count, weight and the first ten
hands) are timed per pattern against the issue's target of 0.2 s, the
slowest kinds included: unions, complements, four rank variables, suit
variables, rank classes and percentages.
"""

from __future__ import annotations

import json
import time

from pokercalc.ranges import notation as ranges
from pokercalc.ranges import query
from pokercalc.ranges.omaha import run_omaha_query

EXPRESSIONS = [
    "random",
    "AsKs",
    "QQ+,AQs+,AK",
    "T9s-54s,A5s-A2s,KTo-K7o",
    "15%",
    "Group2 to Group4 and Suited",
    "Not Suited",
    "(AK* | AA) & Offsuit",
    "[50]AKs,QQ[/50],KK+",
]

#: Omaha-4 patterns of every kind, the slowest found first.
OMAHA = [
    "RRON, 50%, !wxyz",
    "!RR** and !wxyz",
    "[2-9][2-9]xx!RR**",
    "!AAxx",
    "!RONP",
    "RONP",
    "random",
    "random!AAxx",
    "RRON, RROO, RRRx",
    "xxxx:0.5, AAxx",
    "[2-5]xxx",
    "RxOyNzPw",
    "RxRyOxOy",
    "AxAy*x*y, KKxx!KKKx",
    "xxxxds",
    "15%",
    "50%-100%",
    "AAxx",
    "AsKs**",
]
#: The issue's target for one query.
OMAHA_TARGET = 0.2


def best_of(text: str, repeat: int = 200) -> float:
    """The fastest of ``repeat`` uncached parses, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        query._parse_query.cache_clear()
        ranges._parse_range.cache_clear()
        t = time.perf_counter()
        query.parse_query(text)
        best = min(best, time.perf_counter() - t)
    return best


def omaha_query(text: str, repeat: int = 5) -> tuple[float, float]:
    """The fastest of ``repeat`` Omaha queries as the command runs them: seconds of wall
    time, and of this process's CPU time (what to read on a busy machine)."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        r = run_omaha_query(text, "omaha")
        r.count, r.weight, r.examples(10)
        wall = min(wall, time.perf_counter() - t)
        cpu = min(cpu, time.process_time() - c)
    return wall, cpu


def main() -> None:
    """Print one JSON document: seconds per uncached parse, and per cached one."""
    query.parse_query("15%")  # load the shipped data once
    out: dict[str, object] = {"uncached_seconds": {e: best_of(e) for e in EXPRESSIONS}}
    t = time.perf_counter()
    for _ in range(10000):
        query.parse_query("random")
    out["cached_seconds"] = (time.perf_counter() - t) / 10000
    run_omaha_query("1%")  # load the ranking and the shared hands once
    omaha = {e: omaha_query(e) for e in OMAHA}
    out["omaha_query_seconds"] = {e: wall for e, (wall, _) in omaha.items()}
    out["omaha_query_cpu_seconds"] = {e: cpu for e, (_, cpu) in omaha.items()}
    out["omaha_query_worst"] = max(wall for wall, _ in omaha.values())
    out["omaha_query_worst_cpu"] = max(cpu for _, cpu in omaha.values())
    out["omaha_query_target_seconds"] = OMAHA_TARGET
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
