"""Time find_draws and find_outs (without and with opponents) and print JSON.

Draws and rule-based outs run one evaluator call per unseen card in Python;
with opponents, outs add one exact engine run per unseen card, which dominates.
Omaha and Omaha hi/lo outs on a flop against a random hand are timed too, in
wall and processor seconds (the latter is what to read on a busy machine).
"""

from __future__ import annotations

import json
import random
import time

from pokercalc.analysis.draws import find_draws
from pokercalc.analysis.outs import find_outs
from pokercalc.core.cards import format_cards


def situations(n: int, seed: int = 1) -> list[tuple[str, str]]:
    """Random hero hands on random flops and turns."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        deck = rng.sample(range(52), 6)
        out.append((format_cards(deck[:2]), format_cards(deck[2 : 5 + i % 2])))
    return out


def other_hand(known: str) -> str:
    """The two lowest cards not in ``known``."""
    return format_cards([c for c in range(52) if format_cards([c]) not in known][:2])


def per_call(fn, cases) -> float:
    """Mean seconds per call of ``fn(hero, board)`` over the cases."""
    t = time.perf_counter()
    for hero, board in cases:
        fn(hero, board)
    return (time.perf_counter() - t) / len(cases)


def main() -> None:
    """Print one JSON document of seconds per call."""
    cases = situations(400)
    few = cases[:10]
    result = {
        "find_draws_s": per_call(find_draws, cases),
        "find_outs_no_opponents_s": per_call(find_outs, cases),
        "find_outs_vs_hand_s": per_call(lambda h, b: find_outs(h, b, [other_hand(h + b)]), few),
        "find_outs_vs_random_s": per_call(lambda h, b: find_outs(h, b, ["random"]), few),
        "cases": len(cases),
        "cases_with_opponents": len(few),
    }
    # Omaha: one exact run per card that can come (the equity now is their weighted mean;
    # hi/lo would run Monte Carlo by default, past the threshold).
    for game, hero in (("omaha", "AsAdKsKd"), ("omaha-hilo", "AsAd2s3d")):
        t, c = time.perf_counter(), time.process_time()
        find_outs(hero, "Qs7h2c", ["random"], game=game, method="exact")
        result[f"{game}_find_outs_vs_random_flop_s"] = time.perf_counter() - t
        result[f"{game}_find_outs_vs_random_flop_cpu_s"] = time.process_time() - c
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
