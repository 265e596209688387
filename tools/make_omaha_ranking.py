"""Rank the 16,432 Omaha-4 starting-hand classes by equity against three random hands.

Writes ``pokercalc/data/omaha_ranking.json`` (``--game omaha``) or
``pokercalc/data/omaha_hilo_ranking.json`` (``--game omaha-hilo``), the
orderings behind Omaha percentage ranges such as ``15%``.  Run from the
repository root::

    python tools/make_omaha_ranking.py --game omaha --trials 100000 --jobs 2
    python tools/make_omaha_ranking.py --game omaha-hilo --trials 100000 --jobs 2

Criterion: the all-in preflop equity of one representative hand of each
suit-isomorphic class against three random hands (four-handed), the
criterion of the hold'em ranking (tools/make_preflop_order.py), estimated by
``pokercalc.equity(game=GAME, method="mc")`` with the same seed for every
class and one thread, so a class's number is reproducible alone (``--check``).
In hi/lo the equity is the expected share of the whole pot (scoops, halves
and quarters), so the ranking is by hi/lo value.  Classes are ordered by
equity, best first; equal equities by class key.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from pokercalc import equity  # noqa: E402
from pokercalc.ranges.omaha import class_name, every_class, ranking_file  # noqa: E402

DATA = os.path.join(os.path.dirname(HERE), "pokercalc", "data")
OPPONENTS = 3
#: The games with a ranking and how their equity is read.
GAMES = {
    "omaha": "equity against three random hands (four-handed, all-in preflop)",
    "omaha-hilo": "hi/lo equity (expected share of the whole pot: scoops, halves, quarters) "
    "against three random hands (four-handed, all-in preflop)",
}


def out_path(game: str) -> str:
    """Where the ranking of ``game`` is shipped (the file omaha.py reads)."""
    return os.path.join(DATA, ranking_file(game))


def class_equity(name: str, trials: int, seed: int, game: str = "omaha") -> float:
    """The equity of hand ``name`` against three random hands, rounded to 1e-6."""
    result = equity(
        [name] + ["random"] * OPPONENTS,
        game=game,
        method="mc",
        trials=trials,
        seed=seed,
        threads=1,
    )
    return round(result.players[0].equity, 6)


def _work(job: tuple[str, int, int, str]) -> float:
    """One class's equity, for the process pool."""
    return class_equity(*job)


def main() -> None:
    """Parse options, simulate every class (or check the first ones), write the JSON file."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=40_000)
    ap.add_argument("--seed", type=int, default=20261124)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--game", choices=sorted(GAMES), default="omaha")
    ap.add_argument("--out", default=None, help="default: the shipped file of the game")
    ap.add_argument("--check", type=int, default=0, help="recompute the first N shipped entries")
    args = ap.parse_args()
    args.out = args.out or out_path(args.game)
    if args.check:
        with open(args.out, encoding="utf-8") as f:
            doc = json.load(f)
        for name, eq in zip(doc["classes"][: args.check], doc["equity"], strict=False):
            got = class_equity(name, doc["trials"], doc["seed"], doc.get("game", "omaha"))
            print(name, eq, got, "ok" if got == eq else "DIFFERS")
        return
    keys, _ = every_class(args.game)
    names = [class_name(int(k)) for k in keys]
    start = time.time()
    with Pool(args.jobs) as pool:
        jobs = [(n, args.trials, args.seed, args.game) for n in names]
        equities = pool.map(_work, jobs, chunksize=64)
    elapsed = time.time() - start
    order = sorted(range(len(names)), key=lambda i: (-equities[i], -int(keys[i])))
    doc = {
        "description": f"The {len(names):,} {args.game} starting-hand classes (suit-isomorphic), "
        f"best first, by {GAMES[args.game]}; made by tools/make_omaha_ranking.py.",
        "method": f"Monte Carlo, pokercalc.equity(game={args.game!r}, method='mc', threads=1), "
        "one representative per class, the same seed for every class",
        "game": args.game,
        "opponents": OPPONENTS,
        "trials": args.trials,
        "seed": args.seed,
        "elapsed_seconds": round(elapsed, 1),
        "classes": [names[i] for i in order],
        "equity": [equities[i] for i in order],
    }
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")
    print(f"{len(names)} classes, {args.trials} trials each, {elapsed:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
