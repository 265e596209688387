"""Time the range and query parsers (cache cleared each time) and print JSON.

The equity engine parses every player's expression, so a parse should cost
well under a millisecond; ``random`` is the common worst case.  Omaha
queries (``pokercalc query --game omaha``: count, weight and the first ten
hands) are timed per pattern against the issue's target of 0.2 s in each
Omaha game, the slowest kinds included: unions, complements, rank
variables, suit variables, named ranks and suits, rank classes, structures
and percentages.  Each query is timed as a first query of its pattern
(:func:`pokercalc.ranges.matching.forget_patterns` before each), after the
game's shared tables (its hands, classes and ranking) are built once; a
query refused as too many to list is timed to its error.  Wall times on a
busy machine are noisy: read the CPU times beside them.
"""

from __future__ import annotations

import json
import time

from pokercalc.errors import InputError
from pokercalc.ranges import notation as ranges
from pokercalc.ranges import query
from pokercalc.ranges.matching import forget_patterns
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

#: Patterns of every kind per Omaha game, the slowest found first.
OMAHA = {
    "omaha": [
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
    ],
    "omaha5": [
        "RRON*",
        "[2-9][2-9]xxx",
        "!AAxxx",
        "!xxxxxds",
        "RRONP",
        "RONPQ",
        "RxOyNzPw*",
        "RxRyOxOy*",
        "AxAy*x*y*",
        "RyOyNz*z*",
        "[T-A][T-A]xxx!RR***",
        "RRON*, RROO*, RRRxx",
        "xxxxx:0.5, AAxxx",
        "random!AAxxx",
        "random",
        "xxxxxds",
        "AAxxxds",
        "AsRR**",
        "RsRh***",
        "Rs*s*h*h*",
        "AsKs***",
        "15%",
    ],
    "omaha6": [
        "AxAyxy**",
        "AAxxxx",
        "RRON**",
        "RROO**",
        "RxRyOxOy**",
        "RyOyNyPy**",
        "RONPQJ",
        "RRRxxx",
        "AxKx****",
        "[T-A][T-A]R*R*",
        "!AAxxxx:KKxxxx",
        "!AAxxxx",
        "AAxxxx, KKxxxx",
        "xxxxxxts",
        "AKQJT9ds",
        "As*****",
        "AsRR***",
        "RsRh****",
        "AsKs****",
        "AsKs****!RR****",
        "1%",
        "random",
    ],
}
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


def omaha_query(text: str, game: str, repeat: int = 5) -> tuple[float, float, str]:
    """The fastest of ``repeat`` first queries of a pattern as the command runs them: seconds
    of wall time, of this process's CPU time (what to read on a busy machine), and the
    answer (hands left, or the error of a range too big to list)."""
    wall = cpu = float("inf")
    answer = ""
    for _ in range(repeat):
        forget_patterns()
        t, c = time.perf_counter(), time.process_time()
        try:
            r = run_omaha_query(text, game)
            r.count, r.weight, r.examples(10)
            answer = f"{r.count:,} hands"
        except InputError as e:
            answer = str(e).split(" (at most")[0]
        wall = min(wall, time.perf_counter() - t)
        cpu = min(cpu, time.process_time() - c)
    return wall, cpu, answer


def main() -> None:
    """Print one JSON document: seconds per uncached parse, per cached one, and per Omaha
    query with each game's worst against the target."""
    query.parse_query("15%")  # load the shipped data once
    out: dict[str, object] = {"uncached_seconds": {e: best_of(e) for e in EXPRESSIONS}}
    t = time.perf_counter()
    for _ in range(10000):
        query.parse_query("random")
    out["cached_seconds"] = (time.perf_counter() - t) / 10000
    games: dict[str, object] = {}
    for game, patterns in OMAHA.items():
        # The game's shared tables, once: its ranking, its hands, classes and rank hands.
        k = int(game[-1]) if game[-1].isdigit() else 4
        for warm in ("1%", "random", "RRR" + "*" * (k - 3)):
            run_omaha_query(warm, game)
        timed = {p: omaha_query(p, game) for p in patterns}
        games[game] = {
            "seconds": {p: wall for p, (wall, _, _) in timed.items()},
            "cpu_seconds": {p: cpu for p, (_, cpu, _) in timed.items()},
            "answers": {p: answer for p, (_, _, answer) in timed.items()},
            "worst": max(wall for wall, _, _ in timed.values()),
            "worst_cpu": max(cpu for _, cpu, _ in timed.values()),
            "worst_pattern": max(timed, key=lambda p: timed[p][1]),
        }
    out["omaha_query"] = games
    out["omaha_query_worst"] = {g: v["worst"] for g, v in games.items()}  # type: ignore[index]
    out["omaha_query_worst_cpu"] = {g: v["worst_cpu"] for g, v in games.items()}  # type: ignore[index]
    out["omaha_query_target_seconds"] = OMAHA_TARGET
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
