"""An independent check of `pokercalc history` on no-limit hold'em PHHS files (the PHH dataset's).

It shares no code with pokercalc.pipelines.history: each hand is replayed by
pokerkit's full state, the all-in spot is found on those states (the first state
where at most one player still in has chips, nobody still in owes a call, two or
more players are in and board cards are still to come), the pots are cut by
contribution level there, each is shared by ``pokercalc.equity`` among its
eligible players (the other players' cards dead), and the actual net is the
file's ``winnings`` (less an uncalled bet the site counted as won) less what the
player put in.  Hands whose result cannot be known (a showdown of unknown cards
with no winnings written) are counted apart, not compared.

Usage: python tests/reference/history_checker.py FILE.phhs [FILE ...]
"""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
import warnings
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

_HEADER = re.compile(r"^\[(\d+)\]\s*$", re.MULTILINE)
_CARD = re.compile(r"[2-9TJQKA][cdhs]")
TOLERANCE = 0.001


@dataclass
class Expected:
    """What one hand should give: status, actual and adjusted nets per player."""

    index: int
    status: str
    actual: list[Fraction] = field(default_factory=list)
    adjusted: list[Fraction] = field(default_factory=list)
    pots: list[tuple[Fraction, tuple[int, ...]]] = field(default_factory=list)


def split(text: str) -> list[tuple[int, str]]:
    """The hands of a PHHS text with their header numbers."""
    marks = list(_HEADER.finditer(text))
    return [
        (int(m.group(1)), text[m.end() : marks[k + 1].start() if k + 1 < len(marks) else None])
        for k, m in enumerate(marks)
    ]


def _frac(value: Any) -> Fraction:
    return Fraction(str(value)) if not isinstance(value, int) else Fraction(value)


def expected(index: int, text: str) -> Expected:
    """Replay one NT hand with pokerkit and compute its nets independently."""
    # (pokerkit warns of fields it does not know and of a fold with nothing to call, which
    # real hands have.)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _expected(index, text)


def _expected(index: int, text: str) -> Expected:
    import pokerkit

    hh = pokerkit.HandHistory.loads(text)
    if str(hh.variant) != "NT":
        return Expected(index, "not checked")
    n = len(hh.starting_stacks)
    final = getattr(hh, "finishing_stacks", None)
    _post_dead_blinds(hh, n)
    if any(math.isinf(float(s)) for s in hh.starting_stacks):
        hh.starting_stacks = [10**9] * n  # stacks not recorded: nobody is all-in
    starting = [_frac(s) for s in hh.starting_stacks]
    known: list[str] = [""] * n
    dealt_up = {
        int(w[2][1:]) - 1 for w in (a.split() for a in hh.actions)
        if w[1:2] == ["dh"] and len(w) > 3 and "?" not in w[3]
    }  # fmt: skip
    for action in hh.actions:
        words = action.split("#")[0].split()
        if len(words) >= 3 and words[1] in ("dh", "sm") and "?" not in words[-1]:
            known[int((words[0] if words[1] == "sm" else words[2])[1:]) - 1] = words[-1]
    spot = None
    state = None
    lowest = list(starting)
    for state in hh:
        stacks = [_frac(s) for s in state.stacks]
        lowest = [min(a, b) for a, b in zip(lowest, stacks, strict=True)]
        if spot is not None or not state.status:
            continue
        board = _CARD.findall("".join(repr(c) for cards in state.board_cards for c in cards))
        live = [bool(s) for s in state.statuses]
        bets = [_frac(b) for b in state.bets]
        top = max(bets[i] for i in range(n) if live[i])
        behind = [i for i in range(n) if live[i] and stacks[i] > 0]
        owes = [i for i in range(n) if live[i] and stacks[i] > 0 and bets[i] < top]
        dealt = all(len(state.hole_cards[i]) == 2 for i in range(n) if live[i])
        if sum(live) >= 2 and len(behind) <= 1 and not owes and len(board) < 5 and dealt:
            spot = (board, live, [starting[i] - stacks[i] for i in range(n)])
    assert state is not None
    put_end = [starting[i] - lowest[i] for i in range(n)]
    dead = _dead(hh, n, starting)
    paid_end = _after_return(put_end, dead)
    winnings = [_frac(w) for w in (hh.winnings or [0] * n)]
    total = sum(paid_end)
    back = [put_end[i] - paid_end[i] for i in range(n)]
    if sum(winnings) > 0:
        received = list(winnings)
        excess = sum(received) - total
        if excess > 0 and (hh.venue == "PartyPoker" or excess == sum(back)):
            # The uncalled bet counted as won: PartyPoker's hands, and walks.  (Other
            # winnings over the pots pay dead money the file does not write, posts of
            # players joining the table: they stand.)
            for i in range(n):
                received[i] -= back[i]
    elif final is not None:
        # No winnings written (Ongame's split pots): the finishing stacks say.
        received = [_frac(f) - starting[i] + paid_end[i] for i, f in enumerate(final)]
    else:
        folded = {int(a.split()[0][1:]) - 1 for a in hh.actions if a.split()[1:2] == ["f"]}
        ins = [i for i in range(n) if i not in folded]
        # Each player's last showing (a hand all-in before the river shows at every street).
        last = {w[0]: w[2] for w in (a.split() for a in hh.actions) if w[1:2] == ["sm"]}
        shows = [[who, "sm", cards] for who, cards in last.items()]
        # A player who showed ???? mucked, unless its cards were dealt face up (the iPoker
        # hands write every showing so): then they decide as if shown.
        mucked = {int(w[0][1:]) - 1 for w in shows if "?" in w[2]} - dealt_up
        if len(shows) >= 2 and all("?" in words[2] for words in shows) and mucked:
            return Expected(index, "result unknown")  # everyone at the showdown mucked
        # A player who mucked at the showdown gave up the pot; the others' cards decide (and
        # decide too a hand that stops before its showdown, as some in the dataset do).
        contenders = [i for i in ins if i not in mucked]
        if len(ins) == 1:
            received = [total if i == ins[0] else Fraction(0) for i in range(n)]
        elif all(known[i] for i in contenders) and len(state.board_cards) == 5:
            from pokercalc import equity

            board = "".join(repr(c) for cards in state.board_cards for c in cards)
            received = [Fraction(0)] * n
            for amount, eligible in _pots(paid_end, [i in contenders for i in range(n)]):
                if len(eligible) == 1:
                    received[eligible[0]] += amount
                    continue
                result = equity([known[i] for i in eligible], board, method="exact")
                for k, i in enumerate(eligible):
                    received[i] += amount * (result.players[k].equity_fraction or 0)
        else:
            return Expected(index, "result unknown")
    actual = [received[i] - paid_end[i] for i in range(n)]
    if spot is None:
        return Expected(index, "no all-in", actual, list(actual))
    board, live, put = spot
    ins = [i for i in range(n) if live[i]]
    if not all(known[i] for i in ins):
        return Expected(index, "cards unknown", actual, list(actual))
    paid = _after_return(put, dead)
    pots = _pots(paid, live)
    adjusted = [-paid[i] for i in range(n)]
    from pokercalc import equity

    for amount, eligible in pots:
        if len(eligible) == 1:
            adjusted[eligible[0]] += amount
            continue
        dead = "".join(known[i] for i in ins if i not in eligible)
        result = equity([known[i] for i in eligible], "".join(board), dead, method="exact")
        for k, i in enumerate(eligible):
            share = result.players[k].equity_fraction
            assert share is not None
            adjusted[i] += amount * share
    return Expected(index, "all-in", actual, adjusted, pots)


def _post_dead_blinds(hh: Any, n: int) -> None:
    """A post (a negative blind) is live up to the big blind; the rest, the small blind
    of a player who missed the blinds, is dead money: played here as that player's ante."""
    blinds = [Decimal(str(b)) for b in hh.blinds_or_straddles]
    if n <= 2 or min(blinds) >= 0:
        return
    big = max(blinds[:2])
    raw = hh.antes if isinstance(hh.antes, (list, tuple)) else [hh.antes] * n
    antes = [Decimal(str(a)) for a in raw]
    for i, b in enumerate(blinds):
        if b < 0:
            live = big if -b >= big else Decimal(0)
            antes[i] += -b - live
            blinds[i] = -live
    hh.blinds_or_straddles = blinds
    hh.antes = antes


def _dead(hh: Any, n: int, starting: list[Fraction]) -> list[Fraction]:
    """Each player's dead money (its ante, as much as its stack holds)."""
    raw = hh.antes if isinstance(hh.antes, (list, tuple)) else [hh.antes] * n
    return [min(_frac(a), starting[i]) for i, a in enumerate(list(raw) + [0] * (n - len(raw)))]


def _after_return(put: list[Fraction], dead: list[Fraction]) -> list[Fraction]:
    """What each player put in once the top bet's unmatched part came back (bets only:
    dead money never comes back)."""
    live = [p - min(d, p) for p, d in zip(put, dead, strict=True)]
    order = sorted(range(len(put)), key=lambda i: -live[i])
    out = list(put)
    if len(put) >= 2:
        out[order[0]] = put[order[0]] - (live[order[0]] - live[order[1]])
    return out


def _pots(paid: list[Fraction], live: list[bool]) -> list[tuple[Fraction, tuple[int, ...]]]:
    """Main and side pots: one per distinct amount a live player put in."""
    n = len(paid)
    levels = sorted({paid[i] for i in range(n) if live[i] and paid[i] > 0})
    pots: list[tuple[Fraction, tuple[int, ...]]] = []
    below = Fraction(0)
    for level in levels:
        amount = sum(min(p, level) - min(p, below) for p in paid)
        eligible = tuple(i for i in range(n) if live[i] and paid[i] >= level)
        pots.append((amount, eligible))
        below = level
    rest = sum(p - min(p, below) for p in paid)
    if rest and pots:
        pots[-1] = (pots[-1][0] + rest, pots[-1][1])
    return pots


def pipeline(path: str) -> dict[int, dict[str, Any]]:
    """`pokercalc history --jsonl` on one file, its hands by index."""
    out = subprocess.run(
        [sys.executable, "-m", "pokercalc", "history", path, "--jsonl"],
        capture_output=True, text=True, check=False, env=dict(os.environ),
    )  # fmt: skip
    return {h["index"]: h for h in map(json.loads, out.stdout.splitlines())}


def check(path: str) -> tuple[Counter[str], list[str]]:
    """Statuses counted, and one line per disagreement, for one file."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    got = pipeline(path)
    counts: Counter[str] = Counter()
    problems: list[str] = []
    for index, part in split(text):
        want = expected(index, part)
        counts[want.status] += 1
        have = got.get(index)
        if want.status == "result unknown" and have is not None:
            if have["status"] != want.status:
                problems.append(f"{path}:{index}: status {have['status']!r}, expected unknown")
            continue
        if want.status == "not checked":
            continue
        if have is None:
            problems.append(f"{path}:{index}: missing from the output")
            continue
        if have["status"] != want.status:
            problems.append(f"{path}:{index}: status {have['status']!r}, expected {want.status!r}")
            continue
        for name in ("actual", "adjusted"):
            for i, (a, b) in enumerate(zip(have[name], getattr(want, name), strict=True)):
                if abs(a - float(b)) > TOLERANCE:
                    problems.append(f"{path}:{index}: p{i + 1} {name} {a}, expected {float(b):.6f}")
        if want.status == "all-in":
            amounts = sorted(round(p["amount"], 6) for p in have["pots"])
            if amounts != sorted(round(float(a), 6) for a, _ in want.pots):
                problems.append(f"{path}:{index}: pots {amounts}, expected {want.pots}")
    return counts, problems


def main(argv: list[str]) -> int:
    total: Counter[str] = Counter()
    bad = 0
    for path in argv:
        counts, problems = check(path)
        total += counts
        bad += len(problems)
        print(path, dict(counts))
        for line in problems:
            print("  " + line)
    print("all", dict(total), "disagreements", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
