"""Search for the evaluator's thirteen rank keys (``RANK_KEYS`` in pokercalc/core/_tablegen.py).

Every multiset of five to seven card ranks (each rank at most four times) must
have its own sum of keys, and the sums must fit in a small table under the
row-offset hash ``slot = key + offset[key >> 12]``, which packs well only when
the sums spread evenly over their range.  Greedy keys (1, 5, 24, 112, ...)
make sums unique but crowd the hands of low ranks into a few rows; keys drawn
at random spread the sums but collide.  This script starts from random keys
below ``2**25 / 7`` (so every sum stays under 2**25) and climbs: it changes one
key at a time (a fresh random value or a step of at most 1,000) and keeps the
change when the number of colliding sums does not grow, until none collide.
Run from the repository root (needs numpy)::

    python tools/search_rank_keys.py --seed 1

prints the keys that _tablegen.py holds (found after 42,034 steps, about a
minute) and the size of the table they pack into.  The generator is
splitmix64 seeded with ``--seed``, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pokercalc.core import _tablegen  # noqa: E402

MASK64 = (1 << 64) - 1


class SplitMix64:
    """The splitmix64 generator."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)


def collisions(counts: np.ndarray, keys: list[int]) -> int:
    """How many sums of the multisets (rows of ``counts``) equal the next larger one."""
    sums = np.sort(counts @ np.array(keys, dtype=np.int64))
    return int(np.count_nonzero(sums[1:] == sums[:-1]))


def search(seed: int, limit: int, steps: int) -> tuple[list[int], int]:
    """Keys below ``limit`` with no collision (or the best after ``steps``), and the steps taken."""
    counts = np.array([tuple(c) for c in _tablegen._rank_multisets()], dtype=np.int64)
    rng = SplitMix64(seed)
    keys = [rng.next() % limit for _ in range(13)]
    cost = collisions(counts, keys)
    step = 0
    while step < steps and cost > 0:
        step += 1
        trial = list(keys)
        r = rng.next() % 13
        if rng.next() % 2:
            trial[r] = rng.next() % limit
        else:
            trial[r] = (trial[r] + rng.next() % 2001 - 1000) & 0xFFFFFFFF
        if trial[r] >= limit:
            continue
        c = collisions(counts, trial)
        if c <= cost:
            cost, keys = c, trial
    return keys, step if cost == 0 else -1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--steps", type=int, default=200_000)
    args = ap.parse_args()
    keys, steps = search(args.seed, (1 << 25) // 7, args.steps)
    if steps < 0:
        sys.exit(f"no unique keys within {args.steps} steps; try another --seed")
    sums = [
        sum(k * c for k, c in zip(keys, counts, strict=True))
        for counts in _tablegen._rank_multisets()
    ]
    _, size = _tablegen._row_offsets(sums)
    print(f"RANK_KEYS = {tuple(keys)}")
    print(f"found after {steps} steps; {len(sums)} sums up to {max(sums)}; table of {size} slots")


if __name__ == "__main__":
    main()
