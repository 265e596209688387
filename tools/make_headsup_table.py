"""Tabulate every starting-hand class's exact result against one random hand, preflop.

Writes ``pokercalc/data/headsup_random.json``, which ``pokercalc.analysis.win_odds`` reads
so that heads-up preflop rows (no dead cards) are the engine's exact figures
without a multi-second enumeration.  Each of the 169 classes is enumerated by
the equity engine (``method="exact"``) on one representative combo; suit
symmetry makes every combo of a class equal.  Run from the repository root::

    python tools/make_headsup_table.py
"""

from __future__ import annotations

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pokercalc.analysis.equities import equity  # noqa: E402
from pokercalc.core.cards import RANKS, make_card  # noqa: E402
from pokercalc.ranges.notation import ALL_COMBOS, Range  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pokercalc", "data",
                   "headsup_random.json")  # fmt: skip


def classes() -> list[tuple[str, int, int]]:
    """Each class's name and a representative combo: pairs, suited, offsuit, high rank first."""
    out = []
    for hi in range(12, -1, -1):
        for lo in range(hi, -1, -1):
            if hi == lo:
                out.append((RANKS[hi] * 2, make_card(hi, 3), make_card(lo, 2)))
            else:
                out.append((RANKS[hi] + RANKS[lo] + "s", make_card(hi, 3), make_card(lo, 3)))
                out.append((RANKS[hi] + RANKS[lo] + "o", make_card(hi, 3), make_card(lo, 2)))
    return out


def main() -> None:
    random = Range("random", ALL_COMBOS, (1.0,) * len(ALL_COMBOS))
    table = {}
    start = time.perf_counter()
    for name, a, b in classes():
        r = equity([Range.from_combos(name, [(a, b)]), random], method="exact")
        p = r.players[0]
        assert r.method == "exact" and p.wins is not None and p.ties is not None
        assert p.equity == (p.wins + p.ties / 2) / r.outcomes
        table[name] = {"wins": p.wins, "ties": p.ties, "outcomes": r.outcomes}
        print(f"{name:4} {p.equity:.10f} {time.perf_counter() - start:7.1f}s", flush=True)
    doc = {
        "about": "exact preflop results of each starting-hand class against one random hand "
        "(tools/make_headsup_table.py, pokercalc.equity method=exact)",
        "classes": table,
    }
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=False)
        f.write("\n")


if __name__ == "__main__":
    main()
