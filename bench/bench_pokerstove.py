"""pokercalc against PokerStove's ``ps-eval`` on exact spots of every game both play, as JSON.

Usage: ``python bench/bench_pokerstove.py [--pokerstove PATH] [--rounds R] [--quick]
[--games G,G] [--refs FILE]``

``PATH`` (or ``$POKERCALC_POKERSTOVE``) is PokerStove's source folder
(``andrewprock/pokerstove``, needing cmake and Debian's
``libboost-program-options-dev``), built here once with cmake in Release
(-O3) into ``bench/.build/pokerstove``, or an already built ``ps-eval``
(or a folder holding ``bin/ps-eval``).  Without it pokercalc is measured
alone and ``pokerstove.note`` says why.

* ``rows``: exact spots of hold'em, Omaha, Omaha hi/lo, stud, stud hi/lo,
  razz, draw, 2-7, a-5 and badugi, early and late streets.  Each round times
  pokercalc's in-process call ``equity(players, board, game=G, method="exact",
  threads=1)`` and ps-eval's whole process (wall time, a few milliseconds of
  start-up over its computation) side by side, in turn first; a time is the
  median of the rounds (at least 5), ``ratio`` the median of the rounds' own
  pokercalc/PokerStove ratios (pairing cancels a shared machine's drift).
  ``agree`` says that every player's equity is the same to 1e-9, that the
  outcomes are as many (PokerStove's shares of a pot add up to one per
  outcome), and in the games with one pot that the integer win counts are
  equal (heads-up also the tie counts: PokerStove counts a split as half an
  outcome).  A row where pokercalc fails (a game it does not play yet) says
  so under ``error`` and times ps-eval once.  ``long`` rows (PokerStove over
  5 s here) are left out by ``--quick``.
* ``monte_carlo``: pokercalc's Monte Carlo deals per second (one thread)
  beside pokerkit's ``calculate_equities`` on one spot of every game, where
  pokerkit is installed (skipped with a note otherwise).

PokerStove's defects that a row can meet are named in the row
(``known_defect``): its razz evaluator picks the wrong pairs when a hand has
fewer than five ranks, and its ace-to-five evaluator ranks A-A-K-K as aces up.
Where a defect changes a spot's counts (``defect_changes_counts``), the row
also says whether pokercalc has the right ones (``agree_with_correct_counts``).
ps-eval takes no dead cards, so no spot has any.  ``--refs FILE`` also writes
ps-eval's command line and output for the spots of the games without a board,
as reference counts for pokercalc's engine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

import pokercalc

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.join(HERE, ".build", "pokerstove")
ENV = "POKERCALC_POKERSTOVE"

# ps-eval's -g letter per pokercalc game (PokerHandEvaluator::alloc reads the lowered
# first letter, and the whole name only for Omaha: "o" high, "o8" hi/lo).
PS_GAME = {
    "holdem": "h",
    "omaha": "o",
    "omaha-hilo": "o8",
    "stud": "s",
    "stud-hilo": "e",
    "razz": "r",
    "draw": "d",
    "2-7": "t",
    "a-5": "l",
    "badugi": "b",
}
HILO = {"omaha-hilo", "stud-hilo"}
KNOWN_DEFECT = {
    "razz": "PokerStove's razz evaluator picks the wrong pairs when a hand has fewer than "
    "five ranks",
    "a-5": "PokerStove's ace-to-five evaluator ranks A-A-K-K as aces up",
}
# Spots whose PokerStove counts a known defect changes, with the right counts (a plain
# ace-to-five evaluator, enumerated outside pokercalc): wins, ties and outcomes.
CORRECT = {
    "a-5_A4_vs_253": {"wins": [6546386, 8792761], "ties": [243, 243], "outcomes": 15339390},
}
# Rows whose ps-eval run takes over this many seconds here are "long" (left out by --quick).
LONG_S = 5.0

# name, game, street, players (pokercalc's notation, "random" for no card given), board,
# long (PokerStove over LONG_S seconds on this 2-core machine)
SPOTS: list[tuple[str, str, str, list[str], str, bool]] = [
    ("holdem_AA_KK_preflop", "holdem", "preflop", ["AcAs", "KsKh"], "", False),
    ("holdem_AA_KK_QQ_preflop", "holdem", "preflop", ["AcAs", "KsKh", "QdQh"], "", False),
    ("holdem_AA_KK_QQ_JJ_preflop", "holdem", "preflop",
     ["AcAs", "KsKh", "QdQh", "JcJd"], "", False),
    ("holdem_AhKh_random_flop", "holdem", "flop", ["AhKh", "random"], "Qh7h2c", False),
    ("holdem_AhKh_QQ_random_turn", "holdem", "turn",
     ["AhKh", "QsQd", "random"], "Qh7h2c9s", False),
    ("omaha_AAKK_JT98_preflop", "omaha", "preflop", ["AsAdKsKd", "JhTh9c8c"], "", False),
    ("omaha_AAKK_JT98_flop", "omaha", "flop", ["AsAdKsKd", "JhTh9c8c"], "Qh7h2c", False),
    ("omaha_AAKK_random_turn", "omaha", "turn", ["AsAdKsKd", "random"], "Qh7h2c9s", True),
    ("omaha_hilo_A2KQ_34JT_preflop", "omaha-hilo", "preflop",
     ["As2sKdQd", "3h4hJcTc"], "", False),
    ("omaha_hilo_A2KQ_34JT_flop", "omaha-hilo", "flop",
     ["As2sKdQd", "3h4hJcTc"], "5h7c8s", False),
    ("omaha_hilo_AK23_random_turn", "omaha-hilo", "turn",
     ["AsKs2d3c", "random"], "Qs7h4c9d", True),
    ("stud_4th_heads_up", "stud", "4th", ["AsKsQdJh", "9c9d8h8s"], "", True),
    ("stud_5th_3way", "stud", "5th",
     ["AsKsQdJhTh", "9c9d8h8s2c", "7c7h6d6s5c"], "", True),
    ("stud_5th_heads_up", "stud", "5th", ["AsKsQdJhTh", "9c9d8h8s2c"], "", False),
    ("stud_6th_vs_4_cards", "stud", "6th", ["AsKsQdJhTh2d", "9c9d8h8s"], "", False),
    ("stud_hilo_4th_heads_up", "stud-hilo", "4th", ["AsKs2d3c", "9c9d8h7s"], "", True),
    ("stud_hilo_5th_heads_up", "stud-hilo", "5th", ["As2s3d4h9c", "8c8dKhQs7c"], "", False),
    ("stud_hilo_6th_3way", "stud-hilo", "6th",
     ["As2s3d4h9cKd", "8c8dKhQs7c6h", "5c6dJhJs2c3s"], "", False),
    ("razz_4th_heads_up", "razz", "4th", ["As2s3d4h", "8c7dKh6s"], "", True),
    ("razz_5th_3way", "razz", "5th",
     ["As2s3d4h9c", "8c7dKh6s5c", "3c6dJhJs2c"], "", True),
    ("razz_5th_heads_up", "razz", "5th", ["As2s3d4h9c", "8c7dKh6s5c"], "", False),
    ("razz_6th_vs_4_cards", "razz", "6th", ["As2s3d4h9c8h", "6c7dKh5s"], "", False),
    ("draw_AK_vs_998", "draw", "draw 3 vs 2", ["AsKs", "9c9d8h"], "", False),
    ("draw_AKQJ_vs_998", "draw", "draw 1 vs 2", ["AsKsQdJh", "9c9d8h"], "", False),
    ("draw_pat_KK77_vs_random", "draw", "pat vs 5", ["KhKd7s7c2d", "random"], "", False),
    ("2-7_74_vs_853", "2-7", "draw 3 vs 2", ["7s4d", "8c5c3d"], "", False),
    ("2-7_742_vs_853", "2-7", "draw 2 vs 2", ["7s4d2h", "8c5c3d"], "", False),
    ("2-7_754_vs_8632", "2-7", "draw 2 vs 1", ["7s5d4h", "8c6c3d2h"], "", False),
    ("a-5_A4_vs_253", "a-5", "draw 3 vs 2", ["As4d", "2c5c3d"], "", True),
    ("a-5_A23_vs_456", "a-5", "draw 2 vs 2", ["As2d3h", "4c5c6d"], "", False),
    ("a-5_A234_vs_567", "a-5", "draw 1 vs 2", ["As2d3h4c", "5c6c7d"], "", False),
    ("badugi_A_vs_23", "badugi", "draw 3 vs 2", ["As", "2d3h"], "", False),
    ("badugi_A2_vs_45", "badugi", "draw 2 vs 2", ["As2d", "4c5h"], "", False),
    ("badugi_3way_draw_1", "badugi", "draw 1, 3-way",
     ["As2d3h", "4c5h6s", "7c8d9h"], "", False),
]  # fmt: skip

# pokerkit's hole-card count, board size and hand types per game (its Deck.STANDARD).
PK_GAME = {
    "holdem": (2, 5, ("StandardHighHand",)),
    "omaha": (4, 5, ("OmahaHoldemHand",)),
    "omaha-hilo": (4, 5, ("OmahaHoldemHand", "OmahaEightOrBetterLowHand")),
    "stud": (7, 0, ("StandardHighHand",)),
    "stud-hilo": (7, 0, ("StandardHighHand", "EightOrBetterLowHand")),
    "razz": (7, 0, ("RegularLowHand",)),
    "draw": (5, 0, ("StandardHighHand",)),
    "2-7": (5, 0, ("StandardLowHand",)),
    "a-5": (5, 0, ("RegularLowHand",)),
    "badugi": (4, 0, ("BadugiHand",)),
}
# One Monte Carlo spot per game: players and board.
MC_SPOTS: dict[str, tuple[list[str], str]] = {
    "holdem": (["AhKh", "QsQd", "random"], ""),
    "omaha": (["AsAdKsKd", "JhTh9c8c"], ""),
    "omaha-hilo": (["As2sKdQd", "3h4hJcTc"], ""),
    "stud": (["AsKsQd", "9c9d8h"], ""),
    "stud-hilo": (["As2s3d", "8c8dKh"], ""),
    "razz": (["As2s3d", "8c7dKh"], ""),
    "draw": (["AsKs", "9c9d8h"], ""),
    "2-7": (["7s4d", "8c5c3d"], ""),
    "a-5": (["As4d", "2c5c3d"], ""),
    "badugi": (["As", "2d3h"], ""),
}


def _log(*lines: str) -> None:
    """Progress for the reader; stdout stays one JSON document."""
    print(*lines, file=sys.stderr, flush=True)


def _failure(exc: BaseException) -> str:
    """One line naming an exception."""
    return f"{type(exc).__name__}: {exc}".splitlines()[0]


@dataclass(frozen=True)
class PsHand:
    """One line of ps-eval's output: a hand's label, printed equity and pot shares."""

    label: str
    equity_percent: float
    win_shares: float
    tie_shares: float


# "The hand AsKs has 81.9461 % equity (1399204 3961.5 0 0)" or "A random hand has ...":
# the four numbers are EquityResult::str(), win shares, tie shares and two unused fields.
_PS_LINE = re.compile(
    r"^(?:The hand (?P<label>\S+)|(?P<random>A random hand)) has (?P<pct>\S+) % equity "
    r"\((?P<win>\S+) (?P<tie>\S+) \S+ \S+\)$"
)


def parse_ps_eval(text: str) -> list[PsHand]:
    """ps-eval's output, one PsHand per player line; ValueError on any other line.

    >>> parse_ps_eval("The hand AcAs has 81.9461 % equity (1399204 3961.5 0 0)\\n"
    ...               "A random hand has 18.0539 % equity (305177 3961.5 0 0)\\n")[1]
    PsHand(label='random', equity_percent=18.0539, win_shares=305177.0, tie_shares=3961.5)
    """
    hands = []
    for line in text.splitlines():
        if not line.strip():
            continue
        m = _PS_LINE.match(line.strip())
        if not m:
            raise ValueError(f"not a line of ps-eval's output: {line!r}")
        label = "random" if m["random"] else m["label"]
        hands.append(PsHand(label, float(m["pct"]), float(m["win"]), float(m["tie"])))
    if not hands:
        raise ValueError("ps-eval printed no hand")
    return hands


def ps_equities(hands: list[PsHand]) -> list[float]:
    """Every hand's equity from its shares (the printed percentages have six digits only)."""
    total = sum(h.win_shares + h.tie_shares for h in hands)
    return [(h.win_shares + h.tie_shares) / total for h in hands]


def compare(
    game: str,
    equities: list[float],
    outcomes: int,
    wins: list[int | None],
    ties: list[int | None],
    hands: list[PsHand],
) -> list[str]:
    """What differs between pokercalc's exact result and ps-eval's shares (empty: they agree).

    >>> ps = [PsHand("AcAs", 81.9, 1399204, 3961.5), PsHand("KsKh", 18.1, 305177, 3961.5)]
    >>> compare("holdem", [255121 / 311328, 56207 / 311328], 1712304,
    ...         [1399204, 305177], [7923, 7923], ps)
    []
    >>> compare("holdem", [0.8, 0.2], 1712304, [1399204, 305177], [7923, 7923], ps)[0]
    'equity of player 1: 0.8 against 0.8194605047'
    """
    out = []
    if len(hands) != len(equities):
        return [f"{len(equities)} players against {len(hands)} hands printed"]
    theirs = ps_equities(hands)
    for i, (a, b) in enumerate(zip(equities, theirs, strict=True)):
        if abs(a - b) > 1e-9:
            out.append(f"equity of player {i + 1}: {a:.10g} against {b:.10g}")
    total = sum(h.win_shares + h.tie_shares for h in hands)
    if abs(total - outcomes) > 1e-9 * outcomes + 1e-6:
        out.append(f"outcomes: {outcomes} against {total:.10g} in shares")
    if game in HILO:
        return out  # (PokerStove's shares there are halves of pots, not outcomes)
    for i, (w, h) in enumerate(zip(wins, hands, strict=True)):
        if w is not None and w != h.win_shares:
            out.append(f"wins of player {i + 1}: {w} against {h.win_shares:.10g}")
    if len(hands) == 2:
        for i, (t, h) in enumerate(zip(ties, hands, strict=True)):
            if t is not None and t != 2 * h.tie_shares:
                out.append(
                    f"ties of player {i + 1}: {t} against {2 * h.tie_shares:.10g} (2 x shares)"
                )
    return out


def ps_args(game: str, players: list[str], board: str) -> list[str]:
    """ps-eval's arguments for a spot: its game letter, one hand each ("." for no card)."""
    hands = ["." if p.strip().lower() == "random" else p.replace(" ", "") for p in players]
    return ["-g", PS_GAME[game], *(["--board", board] if board else []), *hands]


def run_ps(exe: str, args: list[str]) -> tuple[float, str]:
    """One ps-eval process: its wall seconds and its output."""
    t = time.perf_counter()
    done = subprocess.run([exe, *args], capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        raise RuntimeError(f"ps-eval exited {done.returncode}: {tail[0]}")
    return wall, done.stdout


def build_pokerstove(source: str, build: str) -> str:
    """Build ps-eval from PokerStove's source into ``build`` with cmake (Release, -O3)."""
    cmake = shutil.which("cmake")
    if not cmake:
        raise RuntimeError("cmake is not installed")
    log = os.path.join(build, "build.log")
    os.makedirs(build, exist_ok=True)
    steps = [
        [cmake, "-S", source, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
         "-DCMAKE_CXX_FLAGS_RELEASE=-O3 -DNDEBUG"],
        [cmake, "--build", build, "--target", "ps-eval", "-j", str(len(os.sched_getaffinity(0)))],
    ]  # fmt: skip
    with open(log, "w") as out:
        for step in steps:
            if subprocess.run(step, stdout=out, stderr=subprocess.STDOUT, check=False).returncode:
                raise RuntimeError(f"building PokerStove failed: see {log}")
    return os.path.join(build, "bin", "ps-eval")


def compiler(build: str) -> str | None:
    """The C++ compiler cmake chose for the build, and its version line."""
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as f:
            m = re.search(r"^CMAKE_CXX_COMPILER:\w+=(.+)$", f.read(), re.M)
        if not m:
            return None
        done = subprocess.run([m[1], "--version"], capture_output=True, text=True, check=False)
        return f"{m[1]}: {done.stdout.splitlines()[0]}" if done.stdout else m[1]
    except OSError:
        return None


def find_ps_eval(where: str | None, build: str) -> tuple[str | None, dict[str, Any]]:
    """ps-eval from a source folder (built), a build folder or the binary, and what to say."""
    info: dict[str, Any] = {"env": ENV, "given": where}
    if not where:
        info["note"] = (
            f"PokerStove skipped: pass --pokerstove or set {ENV} to its source or ps-eval"
        )
        return None, info
    exe = None
    try:
        if os.path.isfile(where):
            exe = where
        elif os.path.isfile(os.path.join(where, "CMakeLists.txt")):
            _log(f"building ps-eval from {where} into {build}")
            exe = build_pokerstove(where, build)
            info["built"] = build
            with open(os.path.join(where, "CMakeLists.txt")) as f:
                m = re.search(r'VERSION\s+"([^"]+)"', f.read())
            info["version"] = m[1] if m else None
            info["cmake_flags"] = "Release, -O3 -DNDEBUG"
            info["compiler"] = compiler(build)
        else:
            exe = next(
                (p for p in (os.path.join(where, "bin", "ps-eval"), os.path.join(where, "ps-eval"))
                 if os.path.isfile(p)),
                None,
            )  # fmt: skip
    except (OSError, RuntimeError) as exc:
        info["note"] = f"PokerStove skipped: {_failure(exc)}"
        return None, info
    if not exe or not os.access(exe, os.X_OK):
        info["note"] = f"PokerStove skipped: no ps-eval at {where}"
        return None, info
    info["ps_eval"] = exe
    return exe, info


def exact_row(
    spot: tuple[str, str, str, list[str], str, bool], rounds: int, exe: str | None
) -> dict[str, Any]:
    """One spot timed in alternating rounds, with the two programs' counts compared."""
    name, game, street, players, board, long = spot
    args = ps_args(game, players, board)
    row: dict[str, Any] = {"scenario": name, "game": game, "street": street,
                           "players": " | ".join(players), "board": board, "long": long,
                           "ps_eval_args": args if exe else None}  # fmt: skip
    if game in KNOWN_DEFECT:
        row["known_defect"] = KNOWN_DEFECT[game]

    def ours() -> tuple[float, Any]:
        t = time.perf_counter()
        r = pokercalc.equity(players, board, game=game, method="exact", threads=1)
        return time.perf_counter() - t, r

    try:
        _, result = ours()  # untimed: imports, tables, and the counts
    except Exception as exc:  # a game pokercalc does not play yet is a finding, not a crash
        row["error"] = _failure(exc)
        result = None
    pc: list[float] = []
    ps: list[float] = []
    text = ""
    if result is None:
        if exe:
            wall, text = run_ps(exe, args)
            ps.append(wall)
    else:
        if exe and not long:
            run_ps(exe, args)  # untimed, as pokercalc's first call
        for k in range(rounds):
            if k % 2 == 0:
                pc.append(ours()[0])
            if exe:
                wall, text = run_ps(exe, args)
                ps.append(wall)
            if k % 2 == 1:
                pc.append(ours()[0])
        row["pokercalc_s"] = statistics.median(pc)
        row["outcomes"] = result.outcomes
        row["equity"] = [
            float(p.equity_fraction) if p.equity_fraction is not None else p.equity
            for p in result.players
        ]
    if exe:
        hands = parse_ps_eval(text)
        row["pokerstove_s"] = statistics.median(ps)
        row["pokerstove_runs"] = len(ps)
        row["pokerstove_equity"] = ps_equities(hands)
        row["pokerstove_shares"] = [[h.win_shares, h.tie_shares] for h in hands]
        if result is not None:
            row["ratio"] = statistics.median(a / b for a, b in zip(pc, ps, strict=True))
            row["ratio_of_medians"] = row["pokercalc_s"] / row["pokerstove_s"]
            mismatch = compare(
                game,
                row["equity"],
                result.outcomes,
                [p.wins for p in result.players],
                [p.ties for p in result.players],
                hands,
            )
            row["agree"] = not mismatch
            if name in CORRECT:
                row["defect_changes_counts"] = True
                counts = {
                    "wins": [p.wins for p in result.players],
                    "ties": [p.ties for p in result.players],
                    "outcomes": result.outcomes,
                }
                row["agree_with_correct_counts"] = counts == CORRECT[name]
            if mismatch:
                row["mismatch"] = mismatch
                row["pokercalc_counts"] = {
                    "wins": [p.wins for p in result.players],
                    "ties": [p.ties for p in result.players],
                }
    return row


def pokerkit_mc(game: str, players: list[str], board: str, samples: int) -> dict[str, Any]:
    """pokerkit's ``calculate_equities`` deals per second on a spot, one process."""
    try:
        import pokerkit as pk
    except ImportError as exc:
        return {"skipped": _failure(exc)}
    hole, board_size, types = PK_GAME[game]
    ranges = [{frozenset() if p == "random" else frozenset(pk.Card.parse(p))} for p in players]
    random.seed(1)
    t = time.perf_counter()
    try:
        eq = pk.calculate_equities(
            ranges,
            list(pk.Card.parse(board)),
            hole,
            board_size,
            pk.Deck.STANDARD,
            tuple(getattr(pk, h) for h in types),
            sample_count=samples,
        )
    except Exception as exc:  # pokerkit's own refusal is a finding, not a crash
        return {"error": _failure(exc)}
    wall = time.perf_counter() - t
    return {"samples": samples, "seconds": wall, "deals_per_s": samples / wall,
            "equities": [round(e, 6) for e in eq]}  # fmt: skip


def pokercalc_mc(game: str, players: list[str], board: str, trials: int) -> dict[str, Any]:
    """pokercalc's Monte Carlo deals per second on a spot, one thread."""
    try:
        pokercalc.equity(players, board, game=game, method="mc", trials=1000, threads=1, seed=1)
        t = time.perf_counter()
        r = pokercalc.equity(
            players, board, game=game, method="mc", trials=trials, threads=1, seed=1
        )
        wall = time.perf_counter() - t
    except Exception as exc:  # a game pokercalc does not play yet is a finding, not a crash
        return {"error": _failure(exc)}
    return {"trials": r.trials, "seconds": wall, "deals_per_s": (r.trials or 0) / wall,
            "equities": [round(p.equity or 0.0, 6) for p in r.players]}  # fmt: skip


def monte_carlo(games: list[str], trials: int, samples: int) -> dict[str, Any]:
    """Both Monte Carlo engines on one spot of every game, pokercalc's deals per second over
    pokerkit's."""
    try:
        import pokerkit  # noqa: F401
    except ImportError as exc:
        return {"note": f"pokerkit skipped: {_failure(exc)}"}
    out: dict[str, Any] = {}
    for game in games:
        players, board = MC_SPOTS[game]
        ours = pokercalc_mc(game, players, board, trials)
        theirs = pokerkit_mc(game, players, board, samples)
        both = "deals_per_s" in ours and "deals_per_s" in theirs
        ratio = ours["deals_per_s"] / theirs["deals_per_s"] if both else None
        out[game] = {"players": " | ".join(players), "board": board, "pokercalc": ours,
                     "pokerkit": theirs, "ratio": ratio}  # fmt: skip
    return out


def write_refs(path: str, exe: str, games: list[str]) -> None:
    """ps-eval's exact counts on the spots of the games without a board, as JSON."""
    refs = []
    for name, game, street, players, board, _ in SPOTS:
        if game not in games or board or game in ("holdem", "omaha", "omaha-hilo"):
            continue
        args = ps_args(game, players, board)
        _log(f"refs: {name}")
        wall, text = run_ps(exe, args)
        hands = parse_ps_eval(text)
        ref: dict[str, Any] = {
            "scenario": name,
            "game": game,
            "street": street,
            "players": players,
            "ps_eval": ["ps-eval", *args],
            "ps_eval_output": text.splitlines(),
            "win_shares": [h.win_shares for h in hands],
            "tie_shares": [h.tie_shares for h in hands],
            "outcomes": round(sum(h.win_shares + h.tie_shares for h in hands)),
            "equity": ps_equities(hands),
            "seconds": round(wall, 3),
        }
        if game in KNOWN_DEFECT:
            ref["known_defect"] = KNOWN_DEFECT[game]
        refs.append(ref)
    fraction_note = (
        "win_shares and tie_shares are PokerStove's: a win alone is 1, a k-way split 1/k to "
        "each; in stud-hilo each half pot is 1/2 (a scoop 1 when no low qualifies); their sum "
        "over the players is the number of outcomes"
    )
    with open(path, "w") as f:
        json.dump({"note": fraction_note, "refs": refs}, f, indent=2)
        f.write("\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pokerstove", default=os.environ.get(ENV),
                    help=f"PokerStove's source folder or ps-eval (default ${ENV})")  # fmt: skip
    ap.add_argument("--build-dir", default=BUILD, help="where the source is built")
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds (at least 5)")
    ap.add_argument("--quick", action="store_true", help="leave out the long rows")
    ap.add_argument("--games", default=",".join(PS_GAME), help="games to run, comma-separated")
    ap.add_argument("--trials", type=int, default=200_000, help="pokercalc's Monte Carlo deals")
    ap.add_argument("--samples", type=int, default=2_000, help="pokerkit's Monte Carlo deals")
    ap.add_argument("--refs", help="also write ps-eval's counts of the boardless games here")
    args = ap.parse_args()
    rounds = max(5, args.rounds)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in PS_GAME]
    if unknown:
        ap.error(f"unknown games {unknown}; the games are {', '.join(PS_GAME)}")
    exe, info = find_ps_eval(args.pokerstove, os.path.abspath(args.build_dir))
    info["available"] = exe is not None
    rows = []
    for spot in SPOTS:
        if spot[1] in games and not (args.quick and spot[5]):
            _log(f"exact: {spot[0]}")
            rows.append(exact_row(spot, rounds, exe))
    _log("monte carlo")
    mc = monte_carlo(games, args.trials, args.samples)
    if args.refs and exe:
        write_refs(args.refs, exe, games)
    try:
        from importlib.metadata import version

        pokerkit_version: str | None = version("pokerkit")
    except Exception:
        pokerkit_version = None
    report = {
        "benchmark": "pokerstove",
        "pokercalc_version": pokercalc.__version__,
        "pokerkit_version": pokerkit_version,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "cores": len(os.sched_getaffinity(0)),
        "load_average": os.getloadavg(),
        "rounds": rounds,
        "pokerstove": info,
        "ratios": {r["scenario"]: r.get("ratio") for r in rows},
        "all_agree": all(r.get("agree", True) or r.get("agree_with_correct_counts") for r in rows),
        "rows": rows,
        "monte_carlo": mc,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
