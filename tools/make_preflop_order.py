"""Rank the 169 starting-hand classes by equity against three random hands.

Writes ``pokercalc/data/preflop_order.json``, the ordering behind percent
ranges such as ``15%``.  Run from the repository root (needs numpy and the
built ``pokercalc._eval``)::

    python tools/make_preflop_order.py --trials 4000000 --seed 20261121

Method: Monte Carlo with common random numbers.  Each trial is one random
permutation of the deck; for every class, a fixed representative combo takes
the hero's seat, the first eleven cards of the permutation that the hero does
not hold become three opponents' hands and the five-card board, and the hero
scores 1/k when it ties k-ways for the best hand (its share of the pot).
Because every class meets the same deals, the covariance of any two classes
is known, so the file records, besides each class's equity and its standard
error, the standard error of the gap between neighbouring classes (in
practice barely smaller than either equity's own: the hero's cards dominate).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from pokercalc._eval import evaluate_many  # noqa: E402

RANKS = "23456789TJQKA"
OUT = os.path.join(os.path.dirname(HERE), "pokercalc", "data", "preflop_order.json")


def classes() -> list[tuple[str, int, int, int]]:
    """Every class as (name, representative card 1, card 2, combo count)."""
    out = []
    for hi in range(12, -1, -1):
        for lo in range(hi, -1, -1):
            if hi == lo:
                out.append((RANKS[hi] * 2, 4 * hi + 3, 4 * hi + 2, 6))
            else:
                out.append((RANKS[hi] + RANKS[lo] + "s", 4 * hi + 3, 4 * lo + 3, 4))
                out.append((RANKS[hi] + RANKS[lo] + "o", 4 * hi + 3, 4 * lo + 2, 12))
    return out


def shares(deck13: np.ndarray, c1: int, c2: int) -> np.ndarray:
    """The hero's pot share in each deal when it holds ``c1 c2``."""
    n = deck13.shape[0]
    keep = (deck13 != c1) & (deck13 != c2)
    order = np.argsort(~keep, axis=1, kind="stable")[:, :11]
    rest = np.take_along_axis(deck13, order, axis=1)
    board = rest[:, 6:11]
    hands = np.empty((4, n, 7), dtype=np.uint8)
    hands[:, :, 2:] = board
    hands[0, :, 0] = c1
    hands[0, :, 1] = c2
    for p in range(3):
        hands[p + 1, :, 0:2] = rest[:, 2 * p : 2 * p + 2]
    values = np.empty(4 * n, dtype=np.uint16)
    evaluate_many(hands.reshape(4 * n, 7), values)
    values = values.reshape(4, n)
    best = values.max(axis=0)
    ties = (values == best).sum(axis=0)
    return np.where(values[0] == best, 1.0 / ties, 0.0)


def main() -> None:
    """Parse options, simulate, write the JSON file."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=4_000_000)
    ap.add_argument("--batch", type=int, default=500_000)
    ap.add_argument("--seed", type=int, default=20261121)
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args()

    rng = np.random.default_rng(args.seed)
    cls = classes()
    sums = np.zeros(len(cls))
    # sums of products, for the variance of differences between classes
    cross = np.zeros((len(cls), len(cls)))
    done = 0
    start = time.time()
    while done < args.trials:
        n = min(args.batch, args.trials - done)
        deck13 = np.argsort(rng.random((n, 52)), axis=1)[:, :13].astype(np.uint8)
        batch = np.empty((len(cls), n))
        for i, (_, c1, c2, _) in enumerate(cls):
            batch[i] = shares(deck13, c1, c2)
        sums += batch.sum(axis=1)
        cross += batch @ batch.T
        done += n
        print(f"{done} trials, {time.time() - start:.0f} s", file=sys.stderr)

    mean = sums / done
    cov = cross / done - np.outer(mean, mean)
    stderr = np.sqrt(np.diag(cov) / done)
    # ties in the estimate (none expected) fall back to the listing order
    order = sorted(range(len(cls)), key=lambda i: (-mean[i], i))
    rows = []
    for pos, i in enumerate(order):
        row = {
            "class": cls[i][0],
            "combos": cls[i][3],
            "equity": float(mean[i]),
            "stderr": float(stderr[i]),
        }
        if pos + 1 < len(order):
            j = order[pos + 1]
            var = (cov[i, i] + cov[j, j] - 2 * cov[i, j]) / done
            row["gap_to_next"] = float(mean[i] - mean[j])
            row["gap_stderr"] = float(math.sqrt(max(var, 0.0)))
        rows.append(row)
    doc = {
        "description": "The 169 starting-hand classes, best first, by equity against three "
        "random hands (four-handed, all-in preflop); made by tools/make_preflop_order.py.",
        "method": "Monte Carlo, common random numbers across classes",
        "trials": done,
        "seed": args.seed,
        "classes": rows,
    }
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(f"wrote {args.out} in {time.time() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
