"""Time the range and query parsers (cache cleared each time) and print JSON.

The equity engine parses every player's expression, so a parse should cost
well under a millisecond; ``random`` is the common worst case.
"""

from __future__ import annotations

import json
import time

from pokercalc.ranges import notation as ranges
from pokercalc.ranges import query

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


def main() -> None:
    """Print one JSON document: seconds per uncached parse, and per cached one."""
    query.parse_query("15%")  # load the shipped data once
    out = {"uncached_seconds": {e: best_of(e) for e in EXPRESSIONS}}
    t = time.perf_counter()
    for _ in range(10000):
        query.parse_query("random")
    out["cached_seconds"] = (time.perf_counter() - t) / 10000
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
