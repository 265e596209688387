"""Benchmark `pokercalc history`: hands per second on a PHHS file, one process and --jobs 2.

Prints JSON.  The file is the one given, or (by default) ``--hands`` hands made from the
6,466 real hands of the PHH dataset shipped in tests/data/history-dataset (six sites'
cash games, one field a line as the dataset writes them).  Each copy has its cards
relabelled (a random permutation of the ranks and of the suits, the same for the whole
hand) and its players renamed from a pool of ``--players`` names, so that, as in a real
file, nearly every all-in spot is a new one for the equity cache.  Hands are drawn
uniformly (the dataset's own share of all-in hands, about 2.5%), or, with ``--allin``,
so that about that share of them are all-in with cards known.  ``--same`` writes the
shipped hands over and over unchanged (every spot repeats: the cache answers all but the
first).  Wall time of the whole command, start-up included; the best of ``--repeat``
runs counts.
Usage: python bench/bench_history.py [FILE.phhs] [--hands N] [--jobs 1 2]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "history-dataset"

_RANKS = "23456789TJQKA"
_SHORT_RANKS = "6789TJQKA"
_SUITS = "cdhs"
_CARD = re.compile(r"([2-9TJQKA])([cdhs])")
_VARIANT = re.compile(r"^variant = '([^']*)'$", re.MULTILINE)
_ACTIONS = re.compile(r"^actions = (\[.*\])$", re.MULTILINE)
_PLAYERS = re.compile(r"^players = (\[.*\])$", re.MULTILINE)


def shipped_hands() -> list[str]:
    """The text of every shipped hand of the dataset, one field a line, header off."""
    hands = []
    for path in sorted(DATA.glob("*.phhs")):
        text = path.read_text("utf-8")
        parts = re.split(r"^\[\d+\]\s*$", text, flags=re.MULTILINE)
        hands += [part.strip() + "\n" for part in parts if part.strip()]
    return hands


def is_allin(hand: str) -> bool:
    """Whether pokercalc (this tree's) values the hand at an all-in spot."""
    sys.path.insert(0, str(ROOT))
    from pokercalc.pipelines.history import EquityCache, analyse_text

    return any(getattr(r, "status", "") == "all-in" for r in analyse_text(hand, "-", EquityCache()))


def relabel(hand: str, rng: random.Random, names: list[str]) -> str:
    """The hand with its cards relabelled and its players renamed."""
    m = _VARIANT.search(hand)
    ranks = _SHORT_RANKS if m is not None and m.group(1) == "NS" else _RANKS
    rank_map = dict(zip(ranks, rng.sample(ranks, len(ranks)), strict=True))
    suit_map = dict(zip(_SUITS, rng.sample(_SUITS, 4), strict=True))

    def cards(match: re.Match[str]) -> str:
        return _CARD.sub(lambda c: rank_map.get(c[1], c[1]) + suit_map[c[2]], match[0])

    hand = _ACTIONS.sub(cards, hand)
    m = _PLAYERS.search(hand)
    if m is not None:
        count = m.group(1).count(",") + 1
        hand = hand.replace(m.group(1), repr(rng.sample(names, count)))
    return hand


def write_file(n: int, path: Path, *, same: bool, allin: float | None, players: int) -> None:
    """``n`` hands made from the shipped ones as one PHHS file."""
    hands = shipped_hands()
    rng = random.Random(41)
    if same:
        chosen = [hands[i % len(hands)] for i in range(n)]
    else:
        names = [f"{rng.getrandbits(96):024x}" for _ in range(players)]
        if allin is None:
            chosen = [relabel(rng.choice(hands), rng, names) for _ in range(n)]
        else:
            spots = [h for h in hands if is_allin(h)]
            others = [h for h in hands if h not in spots]
            chosen = [
                relabel(rng.choice(spots if rng.random() < allin else others), rng, names)
                for _ in range(n)
            ]
    with path.open("w", encoding="utf-8") as f:
        for i, hand in enumerate(chosen):
            f.write(f"[{i + 1}]\n{hand}\n")


def run(path: str, jobs: int) -> tuple[float, dict[str, object]]:
    """Seconds of one run and its result."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "pokercalc", "history", path, "--json", "--jobs", str(jobs)]
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, check=True, env=env)
    seconds = time.perf_counter() - start
    return seconds, json.loads(proc.stdout)["result"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="a PHHS file (default: made from shipped hands)")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--allin", type=float, help="share of all-in hands (default: natural)")
    parser.add_argument("--players", type=int, default=5_000, help="names in the pool")
    parser.add_argument("--same", action="store_true", help="repeat the shipped hands unchanged")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--keep", metavar="PATH", help="also write the file made here to PATH")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.file
        if path is None:
            path = args.keep or str(Path(folder) / "hands.phhs")
            write_file(
                args.hands, Path(path), same=args.same, allin=args.allin, players=args.players
            )
        made = "shipped hands repeated" if args.same else "shipped hands relabelled"
        out: dict[str, object] = {"file": args.file or f"{made} x {args.hands:,}"}
        answers = []
        for jobs in args.jobs:
            times = []
            for _ in range(args.repeat):
                seconds, result = run(path, jobs)
                times.append(seconds)
            answers.append(result)
            hands = int(result["hands_read"])  # type: ignore[call-overload]
            out[f"jobs_{jobs}"] = {
                "hands": hands,
                "allin_hands": result["allin_hands"],
                "spots": result["spots"],
                "best_seconds": round(min(times), 3),
                "hands_per_second": round(hands / min(times)),
            }
        out["same_answer"] = all(a == answers[0] for a in answers)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
