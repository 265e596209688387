"""Time ``range_hits`` on ``random`` (the largest two-card range) and ``compact_range``.

Issue 17 asks for ``hits`` on a flop for ``random`` (1,176 combos after card
removal) under 50 ms in-process.  Each figure is the median of ``repeat``
fresh calls (a new result each time; the range parse is cached, as in a session).
"""

from __future__ import annotations

import json
import statistics
import time

from pokercalc.analysis.hits import range_hits
from pokercalc.ranges.compact import compact_range
from pokercalc.ranges.query import parse_query

BOARDS = {
    "flop, rainbow": ("holdem", "Kh7c2d"),
    "flop, two-tone connected": ("holdem", "Jh9c7c"),
    "flop, monotone": ("holdem", "AhKhQh"),
    "flop, paired": ("holdem", "8c8d3s"),
    "turn": ("holdem", "Jh9c7c2s"),
    "river": ("holdem", "Jh9c7c2s5d"),
    "short-deck flop": ("shortdeck", "As7c8d"),
}
RANGES = ["random", "15%", "30%", "Suited", "Group2 to Group5 and Suited"]


def median_seconds(fn: object, repeat: int = 21) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    """Print one JSON document: seconds per ``range_hits("random", board)`` and per compact."""
    out: dict[str, dict[str, float]] = {"hits_random_seconds": {}, "compact_seconds": {}}
    for name, (game, board) in BOARDS.items():
        range_hits("random", board, game=game)  # parse and import once
        out["hits_random_seconds"][name] = median_seconds(
            lambda g=game, b=board: range_hits("random", b, game=g)
        )
    for text in RANGES:
        rng = parse_query(text)
        out["compact_seconds"][text] = median_seconds(lambda r=rng: compact_range(r), repeat=5)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
