"""Rank the suit-isomorphic classes of an Omaha game by equity against three random hands.

Writes ``pokercalc/data/<game>_ranking.bin`` (names in
``pokercalc.ranges.rankings.RANKED_GAMES``), the ordering behind Omaha
percentage ranges such as ``15%``.  Run from the repository root::

    python tools/make_omaha_ranking.py --game omaha --trials 100000 --jobs 2
    python tools/make_omaha_ranking.py --game omaha5 --trials 32768 --jobs 2
    python tools/make_omaha_ranking.py --game omaha6 --trials 4096 --jobs 2

Criterion: the all-in preflop equity of one representative hand of each
class against three random hands (four-handed), the criterion of the
hold'em ranking (tools/make_preflop_order.py), estimated by
``pokercalc.equity(game=GAME, method="mc")`` with the same seed for every
class and one thread, so a class's number is reproducible alone
(``--check``).  In hi/lo the equity is the expected share of the whole pot
(scoops, halves and quarters), so the ranking is by hi/lo value.

The file is one line of JSON (what this is, the trials, the seed, the time
taken) and then each class's equity, ``round(equity * 65535)`` as a
little-endian 16-bit number, in the order of ``every_class(game)``.
``--convert FILE`` writes a ranking kept as JSON (class names best first and
their equities) in that form.  ``--precision`` prints how well the shipped
ranking places a class (the figures of docs/omaha.md).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from multiprocessing import Pool

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from pokercalc import equity  # noqa: E402
from pokercalc.core.cards import parse_cards  # noqa: E402
from pokercalc.ranges.rankings import (  # noqa: E402
    RANKED_GAMES,
    SCALE,
    class_keys,
    class_name,
    class_sizes,
    every_class,
    ranked_classes,
    ranking_file,
    ranking_info,
)

DATA = os.path.join(os.path.dirname(HERE), "pokercalc", "data")
OPPONENTS = 3
_HIGH = "equity against three random hands (four-handed, all-in preflop)"
_HILO = (
    "hi/lo equity (expected share of the whole pot: scoops, halves, quarters) "
    "against three random hands (four-handed, all-in preflop)"
)
#: How each game's equity is read.
GAMES = {g: _HILO if g.endswith("-hilo") else _HIGH for g in RANKED_GAMES}


def out_path(game: str) -> str:
    """Where the ranking of ``game`` is shipped (the file rankings.py reads)."""
    return os.path.join(DATA, ranking_file(game))


def class_equity(name: str, trials: int, seed: int, game: str = "omaha") -> float:
    """The equity of hand ``name`` against three random hands."""
    result = equity(
        [name] + ["random"] * OPPONENTS,
        game=game,
        method="mc",
        trials=trials,
        seed=seed,
        threads=1,
    )
    eq = result.players[0].equity
    assert eq is not None  # a Monte Carlo run that finished has every equity
    return eq


def quantize(equities: np.ndarray | list[float]) -> np.ndarray:
    """Equities as stored: ``round(e * 65535)`` in 16 bits."""
    return np.rint(np.asarray(equities, dtype=np.float64) * SCALE).astype("<u2")


def _work(job: tuple[str, int, int, str]) -> float:
    """One class's equity, for the process pool."""
    return class_equity(*job)


def write(path: str, head: dict[str, object], values: np.ndarray) -> None:
    """The ranking file: a JSON line, then the 16-bit equities."""
    with open(path, "wb") as f:
        f.write(json.dumps(head, separators=(",", ":")).encode() + b"\n")
        f.write(values.astype("<u2").tobytes())


def header(game: str, n: int, trials: int, seed: int, elapsed: float) -> dict[str, object]:
    """What the file says of itself."""
    return {
        "description": f"The {n:,} {game} starting-hand classes (suit-isomorphic) by "
        f"{GAMES[game]}; made by tools/make_omaha_ranking.py. After this line: each "
        "class's equity, round(equity * 65535) as little-endian uint16, in the order of "
        "pokercalc.ranges.rankings.every_class(game).",
        "method": f"Monte Carlo, pokercalc.equity(game={game!r}, method='mc', threads=1), "
        "one representative per class (rankings.class_name), the same seed for every class",
        "game": game,
        "opponents": OPPONENTS,
        "trials": trials,
        "seed": seed,
        "elapsed_seconds": round(elapsed, 1),
        "classes": n,
        "scale": SCALE,
    }


def convert(src: str, game: str, out: str) -> None:
    """Write the JSON ranking ``src`` (classes best first, equities) in the shipped form."""
    with open(src, encoding="utf-8") as f:
        doc = json.load(f)
    keys, _ = every_class(game)
    got = class_keys(np.array([parse_cards(n) for n in doc["classes"]], dtype=np.uint8))
    where = {int(k): i for i, k in enumerate(got)}
    if len(where) != len(keys) or set(where) != {int(k) for k in keys}:
        raise SystemExit(f"{src} does not hold every {game} class once")
    eq = np.array([doc["equity"][where[int(k)]] for k in keys])
    write(
        out,
        header(game, len(keys), doc["trials"], doc["seed"], doc["elapsed_seconds"]),
        quantize(eq),
    )


def precision(game: str) -> dict[str, object]:
    """How well the shipped ranking places the class at the edge of each percentage: its
    standard error, and half the share of hands whose equity lies within one standard
    error of it (how far, in percentage points, one error moves a class)."""
    keys, eq = ranked_classes(game)
    info = ranking_info(game)
    sizes = class_sizes(keys)
    share = np.cumsum(sizes) / sizes.sum() * 100  # % of hands at or above each class
    se = np.sqrt(eq * (1 - eq) / info["trials"])  # a 0/1 outcome's: ties only lower it
    ascending, above = (
        eq[::-1],
        100 - np.concatenate([[0.0], np.cumsum(sizes[::-1])]) / sizes.sum() * 100,
    )

    def beyond(x: np.ndarray) -> np.ndarray:  # % of hands with equity above x
        result: np.ndarray = above[np.searchsorted(ascending, x, side="right")]
        return result

    width = (beyond(eq - se) - beyond(eq + se)) / 2
    rows = {}
    for p in (1, 5, 10, 15, 25, 50):
        i = int(np.searchsorted(share, p))
        rows[f"{p}%"] = {
            "equity": round(float(eq[i]), 4),
            "stderr": round(float(se[i]), 4),
            "place_points": round(float(width[i]), 2),
        }
    return {"game": game, "trials": info["trials"], "classes": len(keys), "at": rows}


def main() -> None:
    """Parse options, simulate every class (or check the first ones), write the file."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=40_000)
    ap.add_argument("--seed", type=int, default=20261124)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--game", choices=sorted(GAMES), default="omaha")
    ap.add_argument("--out", default=None, help="default: the shipped file of the game")
    ap.add_argument("--check", type=int, default=0, help="recompute the first N classes")
    ap.add_argument("--convert", default=None, help="a JSON ranking to write in shipped form")
    ap.add_argument("--precision", action="store_true", help="how well the ranking places classes")
    args = ap.parse_args()
    if args.precision:
        print(json.dumps(precision(args.game), indent=1))
        return
    args.out = args.out or out_path(args.game)
    if args.convert:
        convert(args.convert, args.game, args.out)
        return
    keys, _ = every_class(args.game)
    names = [class_name(int(k)) for k in keys]
    if args.check:
        info = ranking_info(args.game)
        blob = open(args.out, "rb").read().partition(b"\n")[2]
        stored = np.frombuffer(blob, dtype="<u2")
        for name, value in zip(names[: args.check], stored, strict=False):
            got = quantize(np.array([class_equity(name, info["trials"], info["seed"], args.game)]))
            print(name, int(value), int(got[0]), "ok" if got[0] == value else "DIFFERS")
        return
    start = time.time()
    with Pool(args.jobs) as pool:
        jobs = [(n, args.trials, args.seed, args.game) for n in names]
        equities = pool.map(_work, jobs, chunksize=64)
    elapsed = time.time() - start
    write(
        args.out, header(args.game, len(names), args.trials, args.seed, elapsed), quantize(equities)
    )
    print(f"{len(names)} classes, {args.trials} trials each, {elapsed:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
