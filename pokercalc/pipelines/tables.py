"""Tables of many equities, computed in pieces that a stopped run resumes from.

Three tables (docs/tables.md):

* ``preflop-headsup``: every hand class against every other (169 x 169),
  enumerated exactly, with the exact fractions;
* ``preflop-vs-random``: every class against 1 to 9 random hands, exact
  against one and by Monte Carlo to a stated standard error against more;
* ``flops``: the all-flop study of :mod:`pokercalc.texture.flops` for many hands.

A table is planned as a fixed list of pieces (:meth:`TableSpec.pieces`): the
same spec always gives the same pieces, each a second or two of work for one
engine thread.  :func:`compute` runs them on any executor (a process pool, a
Dask client) or in this process, and keeps each finished piece as a shard
(:class:`ShardStore`): a file named by the piece, written whole or not at all,
holding the spec's fingerprint.  A run that stops keeps its shards; the next
run with the same spec computes only the missing pieces, and a piece that is
computed twice writes the same file twice.  :meth:`TableData.rows` then gives
the rows in a fixed order, from the shards.

>>> spec = table_spec("preflop-headsup", "AA,KK")
>>> spec.hands, [p.cells for p in spec.pieces()]
(('AA', 'KK'), [(('AA', 'AA'), ('AA', 'KK'), ('KK', 'KK'))])
>>> data = compute(spec)
>>> [(r.hand, r.opponent, r.equity_exact) for r in data.rows()][:2]
[('AA', 'AA', Fraction(1, 2)), ('AA', 'KK', Fraction(255121, 311328))]
>>> table_spec("preflop-headsup", "AKs:0.5")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: --hands 'AKs:0.5': a table's hands have no weights
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import math
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pokercalc.core.cards import RANKS, format_cards
from pokercalc.core.results import COUNT, FRACTION, METHOD, PROB, Result, doc
from pokercalc.errors import InputError

if TYPE_CHECKING:
    from concurrent.futures import Executor

    import numpy as np

    from pokercalc.ranges.notation import Range

__all__ = [
    "KINDS",
    "CLASS_ORDER",
    "DEFAULT_STDERR",
    "DEFAULT_SEED",
    "PIECE_CELLS",
    "TableSpec",
    "TablePiece",
    "HeadsupRow",
    "VsRandomRow",
    "FlopRow",
    "FlopSummaryRow",
    "ShardStore",
    "TableData",
    "table_spec",
    "run_table_piece",
    "compute",
    "cell_seed",
]

#: The tables there are.
KINDS = ("preflop-headsup", "preflop-vs-random", "flops")

#: Monte Carlo rows stop once the hand's equity has a standard error below this.
DEFAULT_STDERR = 0.0005
#: The run seed of Monte Carlo rows unless told otherwise: tables are reproducible.
DEFAULT_SEED = 1
#: Heads-up matchups per piece: about a second of one engine thread.
PIECE_CELLS = 200
#: Deals of a Monte Carlo row's first run, from whose standard error the next is planned.
PILOT_TRIALS = 20_000
#: A planned run deals this much more than its estimate needs, so one run mostly suffices.
TRIALS_MARGIN = 1.1
#: Version of the shard files; a change makes old shards another table's.
SHARD_VERSION = 1


def _class_order() -> tuple[str, ...]:
    """The 169 classes by high card, then low card, suited before offsuit: AA, AKs, AKo, ..., 22."""
    out: list[str] = []
    for hi in range(12, -1, -1):
        for lo in range(hi, -1, -1):
            if hi == lo:
                out.append(RANKS[hi] * 2)
            else:
                out += [RANKS[hi] + RANKS[lo] + "s", RANKS[hi] + RANKS[lo] + "o"]
    return tuple(out)


#: The 169 starting-hand classes in the order of every table's rows.
CLASS_ORDER: tuple[str, ...] = _class_order()


# ---------------------------------------------------------------------------
# Rows.


@dataclass(frozen=True, kw_only=True)
class HeadsupRow(Result):
    """One preflop heads-up matchup: a class against a class, every combo pair and board."""

    hand: str = doc("the row's hand class, e.g. AKs")
    opponent: str = doc("the opponent's hand class")
    equity: float = doc("the hand's equity: win + tie / 2", PROB)
    win: float = doc("probability of winning alone", PROB)
    tie: float = doc("probability of splitting the pot", PROB)
    equity_exact: Fraction = doc("the equity as an exact fraction", FRACTION)
    win_exact: Fraction = doc("the win probability as an exact fraction", FRACTION)
    tie_exact: Fraction = doc("the tie probability as an exact fraction", FRACTION)
    wins: int = doc("outcomes the hand wins alone", COUNT)
    ties: int = doc("outcomes in which the pot is split", COUNT)
    outcomes: int = doc("outcomes enumerated: combo pairs sharing no card, times boards", COUNT)


@dataclass(frozen=True, kw_only=True)
class VsRandomRow(Result):
    """One hand class against a number of random hands, preflop."""

    hand: str = doc("the hand class, e.g. AKs")
    opponents: int = doc("random opponents", COUNT)
    method: str = doc('"exact" (every outcome enumerated) or "mc" (Monte Carlo)', METHOD)
    equity: float = doc("the hand's equity: its expected share of the pot", PROB)
    win: float = doc("probability of winning alone", PROB)
    tie: float = doc("probability of sharing the pot", PROB)
    stderr: float | None = doc("Monte Carlo: the equity's standard error; None when exact", PROB)
    trials: int | None = doc("Monte Carlo: deals of the run shown; None when exact", COUNT)
    seed: int | None = doc("Monte Carlo: the run's seed (from --seed and the row)", COUNT)
    equity_exact: Fraction | None = doc("exact: the equity as a fraction", FRACTION)
    win_exact: Fraction | None = doc("exact: the win probability as a fraction", FRACTION)
    tie_exact: Fraction | None = doc("exact: the tie probability as a fraction", FRACTION)
    wins: int | None = doc("exact: outcomes the hand wins alone", COUNT)
    ties: int | None = doc("exact: outcomes in which the pot is split", COUNT)
    outcomes: int | None = doc("exact: outcomes enumerated", COUNT)


@dataclass(frozen=True, kw_only=True)
class FlopRow(Result):
    """A hand's exact equity against the range on one flop."""

    hand: str = doc("the hand as asked: a class (for its representative) or a combo")
    hero: str = doc("the hero's two cards, ASCII, e.g. AsAh")
    flop: str = doc("the flop, ASCII, highest card first")
    equity: float | None = doc("equity: win + tie / 2; None where the range is blocked", PROB)
    win: float | None = doc("share of turn-river-combo outcomes won alone", PROB)
    tie: float | None = doc("share of outcomes in which the pot is split", PROB)


@dataclass(frozen=True, kw_only=True)
class FlopSummaryRow(Result):
    """A hand's equities over all flops, summarised (flops --summary)."""

    hand: str = doc("the hand as asked: a class (for its representative) or a combo")
    hero: str = doc("the hero's two cards, ASCII, e.g. AsAh")
    range_text: str = doc("the opponent's range as written", key="range")
    combos: int = doc("range combos left after removing the hero's cards", COUNT)
    flops: int = doc("flops the hero's cards allow", COUNT)
    blocked: int = doc("flops on which the range has no combo left", COUNT)
    mean: float = doc("mean equity over the flops", PROB)
    min: float = doc("lowest equity", PROB)
    q1: float = doc("first quartile of the equity", PROB)
    median: float = doc("median equity", PROB)
    q3: float = doc("third quartile of the equity", PROB)
    max: float = doc("highest equity", PROB)
    ahead: float = doc("share of flops on which the equity is above 1/2", PROB)


# ---------------------------------------------------------------------------
# What to compute.


@dataclass(frozen=True)
class TableSpec:
    """What a table holds; its pieces and fingerprint follow from it (see :func:`table_spec`)."""

    kind: str  #: one of :data:`KINDS`
    hands: tuple[str, ...]  #: the rows' hands, classes (or, in ``flops``, combos) in order
    opponents: tuple[int, ...] = ()  #: preflop-vs-random: the numbers of random hands
    stderr: float | None = None  #: preflop-vs-random: the Monte Carlo target standard error
    seed: int | None = None  #: preflop-vs-random: the run seed every row's seed comes from
    range_text: str | None = None  #: flops: the opponent's range
    piece_cells: int = PIECE_CELLS  #: preflop-headsup: matchups per piece

    def record(self) -> dict[str, Any]:
        """The spec as JSON data: what a shard records of the table it belongs to."""
        out: dict[str, Any] = {"table": self.kind, "hands": list(self.hands)}
        if self.kind == "preflop-headsup":
            out["piece_cells"] = self.piece_cells
        elif self.kind == "preflop-vs-random":
            out.update(opponents=list(self.opponents), stderr=self.stderr, seed=self.seed)
        else:
            out["range"] = self.range_text
        return out

    @property
    def fingerprint(self) -> str:
        """A digest of the spec, the shard format and the engine's version: shards match a
        run exactly when their fingerprints are equal."""
        from pokercalc import __version__

        text = json.dumps(
            {"spec": self.record(), "shards": SHARD_VERSION, "pokercalc": __version__},
            sort_keys=True,
        )
        return hashlib.sha256(text.encode()).hexdigest()[:24]

    def pieces(self) -> list[TablePiece]:
        """The pieces of work, always the same for the same spec.

        Heads-up: the unordered class pairs (a class against itself included)
        in row order, :attr:`piece_cells` to a piece; the other tables: one
        hand per piece.
        """
        if self.kind == "preflop-headsup":
            pairs = list(itertools.combinations_with_replacement(self.hands, 2))
            n = self.piece_cells
            groups = [tuple(pairs[i : i + n]) for i in range(0, len(pairs), n)]
            return [TablePiece(self, i, g) for i, g in enumerate(groups)]
        return [TablePiece(self, i, (h,)) for i, h in enumerate(self.hands)]

    def row_class(self, summary: bool = False) -> type[Result]:
        """The class of the table's rows (``summary``: the flops table's one row per hand)."""
        if self.kind == "preflop-headsup":
            return HeadsupRow
        if self.kind == "preflop-vs-random":
            return VsRandomRow
        return FlopSummaryRow if summary else FlopRow


@dataclass(frozen=True)
class TablePiece:
    """One piece of a table: what one call of :func:`run_table_piece` computes."""

    spec: TableSpec  #: the table
    index: int  #: its place among the spec's pieces, 0 up
    cells: tuple[Any, ...]  #: heads-up: class pairs; otherwise the one hand


def table_spec(
    kind: str,
    hands: str | None = None,
    *,
    opponents: int | str = "1-9",
    stderr: float = DEFAULT_STDERR,
    seed: int = DEFAULT_SEED,
    range_text: str | None = None,
    piece_cells: int = PIECE_CELLS,
) -> TableSpec:
    """A checked table spec; every bad input is an :class:`~pokercalc.errors.InputError`.

    ``hands`` is range notation or a pocket query; None or ``all`` means all
    169 classes.  The preflop tables take whole classes (``AA,AKs,QQ+``).
    ``flops`` needs ``range_text``, and its hands stand as follows: a whole
    class is its representative (:func:`pokercalc.texture.flops.hero_cards`)
    when the range looks the same under every relabelling of the suits (then
    every combo of the class has the same equities, on flops relabelled
    alike); any other hand is listed combo by combo.  ``opponents`` (1, ``"1-9"``,
    ``"2,4"``), ``stderr`` and ``seed`` are for ``preflop-vs-random``.
    """
    from pokercalc.core.validate import check_engine_options

    if kind not in KINDS:
        raise InputError(f"no table {kind!r}: the tables are {', '.join(KINDS)}")
    if not isinstance(piece_cells, int) or piece_cells < 1:
        raise InputError(f"piece_cells must be a positive integer, not {piece_cells!r}")
    if kind == "flops":
        if range_text is None:
            raise InputError("the flops table needs HANDS and a RANGE")
        heroes = _flop_hands("all" if hands is None else hands, range_text)
        return TableSpec(kind, heroes, range_text=range_text)
    classes = _whole_classes(hands)
    if kind == "preflop-headsup":
        return TableSpec(kind, classes, piece_cells=piece_cells)
    from pokercalc.analysis.win_odds import parse_opponents

    checked = check_engine_options(stderr=stderr, seed=seed)
    return TableSpec(
        kind,
        classes,
        opponents=parse_opponents(opponents),
        stderr=float(checked["stderr"]),
        seed=int(checked["seed"]),
    )


def _parse_hands(text: str, what: str) -> Range:
    """A hands expression (range notation or pocket query) as a Range, unweighted."""
    from pokercalc.ranges.notation import Range
    from pokercalc.ranges.query import parse_query

    rng = parse_query(text)
    if not isinstance(rng, Range) or not len(rng):
        raise InputError(f"{what} {text!r} holds no hand")
    if rng.is_weighted:
        raise InputError(f"{what} {text!r}: a table's hands have no weights")
    return rng


def _by_class(rng: Range) -> dict[str, list[tuple[int, ...]]]:
    """The combos of a range, grouped by hand class."""
    from pokercalc.ranges.notation import class_name

    out: dict[str, list[tuple[int, ...]]] = {}
    for combo in rng.combos:
        out.setdefault(class_name(combo[0], combo[1]), []).append(combo)
    return out


def _whole_classes(text: str | None) -> tuple[str, ...]:
    """The classes ``--hands`` names, in table order; all 169 for None or ``all``."""
    from pokercalc.ranges.notation import class_combos

    if text is None or text.strip().lower() in ("all", "random", "any"):
        return CLASS_ORDER
    groups = _by_class(_parse_hands(text, "--hands"))
    for name, combos in groups.items():
        total = len(class_combos(name))
        if len(combos) != total:
            raise InputError(
                f"--hands takes whole hand classes (AA, AKs, AKo, QQ+): {text!r} holds "
                f"{len(combos)} of the {total} combos of {name}"
            )
    return tuple(c for c in CLASS_ORDER if c in groups)


def _flop_hands(text: str, range_text: str) -> tuple[str, ...]:
    """The flops table's hands: whole classes (when the range is suit-symmetric) and combos."""
    from pokercalc.ranges.notation import class_combos
    from pokercalc.ranges.query import parse_query
    from pokercalc.texture.flops import hero_cards

    every = text.strip().lower() in ("all", "random", "any")
    rng = parse_query(range_text)
    symmetric = _suit_symmetric(rng)
    groups = _by_class(_parse_hands("random" if every else text, "HANDS"))
    out: list[str] = []
    for name in CLASS_ORDER:
        combos = groups.get(name, [])
        if symmetric and combos and len(combos) == len(class_combos(name)):
            out.append(name)
        else:
            out += [format_cards(c) for c in combos]
    for hand in out:
        rng.without(hero_cards(hand), player=f"the range against {hand}")
    return tuple(out)


def _suit_symmetric(rng: Range | Any) -> bool:
    """True when every relabelling of the four suits maps the weighted range onto itself."""
    from pokercalc.ranges.notation import Range

    if not isinstance(rng, Range):
        return False
    table = dict(zip(rng.combos, rng.weights, strict=True))
    for perm in itertools.permutations(range(4)):
        for (a, b), w in table.items():
            x, y = (a & ~3) | perm[a & 3], (b & ~3) | perm[b & 3]
            if table.get((x, y) if x > y else (y, x)) != w:
                return False
    return True


# ---------------------------------------------------------------------------
# Computing a piece (in a worker).


def cell_seed(seed: int, hand: str, opponents: int, attempt: int) -> int:
    """The Monte Carlo seed of one run of a row: from the run seed, the row and the attempt,
    so that a resumed or redistributed table draws the same deals.

    >>> cell_seed(1, "AA", 3, 0) == cell_seed(1, "AA", 3, 0) != cell_seed(1, "AA", 3, 1)
    True
    """
    from pokercalc.core.validate import SEED_BITS

    digest = hashlib.blake2b(f"{seed}/{hand}/{opponents}/{attempt}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big") >> (64 - SEED_BITS)


def run_table_piece(piece: TablePiece) -> dict[str, Any]:
    """Compute one piece on one engine thread; its result is JSON data for a shard.

    A module-level function of a picklable argument, so that any executor can
    run it.  A signal that stops the engine raises ``KeyboardInterrupt``: a
    piece is whole or not at all.
    """
    kind = piece.spec.kind
    if kind == "preflop-headsup":
        return {"cells": [_headsup_cell(a, b) for a, b in piece.cells]}
    if kind == "preflop-vs-random":
        hand = piece.cells[0]
        return {"cells": [_vs_random_cell(piece.spec, hand, n) for n in piece.spec.opponents]}
    return _flops_cell(piece.cells[0], str(piece.spec.range_text))


def _checked(result: Any) -> Any:
    """An engine result that ran to its end (else the run was stopped: KeyboardInterrupt)."""
    if result.interrupted:
        raise KeyboardInterrupt
    return result


def _headsup_cell(a: str, b: str) -> list[Any]:
    """``[a, b, wins of a, wins of b, ties, outcomes]``, enumerated exactly."""
    from pokercalc.analysis.equities import equity

    r = _checked(equity([a, b], method="exact", threads=1))
    p, q = r.players
    if r.method != "exact" or not r.outcomes_exact or p.wins is None or q.wins is None:
        raise RuntimeError(f"{a} against {b} was not enumerated exactly")
    if p.wins + q.wins + p.ties != r.outcomes or p.ties != q.ties:
        raise RuntimeError(f"{a} against {b}: the tallies do not add up")
    return [a, b, p.wins, q.wins, p.ties, r.outcomes]


def _vs_random_cell(spec: TableSpec, hand: str, n: int) -> dict[str, Any]:
    """One row's figures: exact against one random hand, Monte Carlo against more."""
    from pokercalc.analysis.equities import equity

    players = [hand] + ["random"] * n
    if n == 1:
        r = _checked(equity(players, method="exact", threads=1))
        p = r.players[0]
        if r.method != "exact" or p.wins is None or p.ties is None:
            raise RuntimeError(f"{hand} against a random hand was not enumerated exactly")
        return {"hand": hand, "opponents": n, "method": "exact", "wins": p.wins,
                "ties": p.ties, "outcomes": r.outcomes}  # fmt: skip
    target = float(spec.stderr or DEFAULT_STDERR)
    trials = PILOT_TRIALS
    for attempt in itertools.count():
        seed = cell_seed(int(spec.seed or 0), hand, n, attempt)
        r = _checked(equity(players, method="mc", trials=trials, seed=seed, threads=1))
        p = r.players[0]
        se = p.stderr
        if se is not None and se < target:
            return {"hand": hand, "opponents": n, "method": "mc", "equity": p.equity,
                    "win": p.win, "tie": p.tie, "stderr": se, "trials": r.trials,
                    "seed": seed}  # fmt: skip
        # The standard error falls as 1/sqrt(deals): plan the next run from this one.
        need = trials * ((se or target) / target) ** 2 * TRIALS_MARGIN
        trials = max(trials * 2 if se is None else 0, -(-math.ceil(need) // 1000) * 1000)
    raise AssertionError("unreachable")  # pragma: no cover


def _flops_cell(hand: str, range_text: str) -> dict[str, Any]:
    """One hand's all-flop win and tie shares (float64, base64) and its counts."""
    from pokercalc.texture.flops import flop_equities

    eq = flop_equities(hand, range_text, threads=1)
    return {
        "hand": hand,
        "hero": format_cards(eq.hero),
        "combos": eq.combos,
        "blocked": eq.blocked,
        "win": _encode(eq.win),
        "tie": _encode(eq.tie),
    }


def _encode(values: np.ndarray) -> str:
    """float64 values as base64 text, bit for bit (NaN included)."""
    import numpy as np

    return base64.b64encode(np.ascontiguousarray(values, dtype="<f8").tobytes()).decode()


def _decode(text: str) -> np.ndarray:
    """The float64 values :func:`_encode` wrote."""
    import numpy as np

    return np.frombuffer(base64.b64decode(text), dtype="<f8")


# ---------------------------------------------------------------------------
# Shards.

_SHARD = re.compile(r"^piece-(\d{5,})\.json$")


class ShardStore:
    """A table's finished pieces in a folder (``FILE.parts``), one file per piece.

    A shard is written to a temporary file and renamed into place, so a file
    named ``piece-NNNNN.json`` is always whole; writing it again (a piece run
    twice) writes the same bytes.  Each records the spec and its fingerprint:
    shards of another table in the folder are an error, never mixed in.
    """

    def __init__(self, folder: str, spec: TableSpec) -> None:
        self.folder = folder
        self.spec = spec
        self.fingerprint = spec.fingerprint

    def path(self, index: int) -> str:
        """The file of piece ``index``."""
        return os.path.join(self.folder, f"piece-{index:05d}.json")

    def finished(self) -> set[int]:
        """The pieces with a valid shard (a file that does not parse is computed again).

        Raises :class:`~pokercalc.errors.InputError` when a shard belongs to another table.
        """
        from pokercalc.core.validate import quote

        if not os.path.isdir(self.folder):
            return set()
        n = len(self.spec.pieces())
        done: set[int] = set()
        for name in sorted(os.listdir(self.folder)):
            m = _SHARD.match(name)
            if not m:
                continue
            shard = self._read(os.path.join(self.folder, name))
            if shard is None:
                continue
            if shard.get("fingerprint") != self.fingerprint:
                raise InputError(
                    f"{quote(self.folder)} holds pieces of another table "
                    f"({_describe(shard.get('spec'))}); remove that folder or write to "
                    "another --output"
                )
            index = int(m.group(1))
            if shard.get("piece") == index and index < n and "data" in shard:
                done.add(index)
        return done

    @staticmethod
    def _read(path: str) -> dict[str, Any] | None:
        """A shard's JSON, or None when it is not a JSON object."""
        try:
            with open(path, encoding="utf-8") as f:
                shard = json.load(f)
        except (OSError, ValueError):
            return None
        return shard if isinstance(shard, dict) else None

    def save(self, index: int, data: dict[str, Any]) -> None:
        """Write piece ``index``'s result, atomically."""
        os.makedirs(self.folder, exist_ok=True)
        shard = {
            "format": "pokercalc table shard",
            "version": SHARD_VERSION,
            "fingerprint": self.fingerprint,
            "spec": self.spec.record(),
            "piece": index,
            "data": data,
        }
        text = json.dumps(shard, sort_keys=True, separators=(",", ":"), allow_nan=False)
        path = self.path(index)
        temp = f"{path}.{os.getpid()}.tmp"
        try:
            with open(temp, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(temp, path)
        finally:
            if os.path.exists(temp):
                os.remove(temp)

    def load(self, index: int) -> dict[str, Any]:
        """Piece ``index``'s result, from its shard."""
        shard = self._read(self.path(index))
        if shard is None or shard.get("fingerprint") != self.fingerprint:
            raise InputError(f"the shard of piece {index} is missing or was changed meanwhile")
        data: dict[str, Any] = shard["data"]
        return data

    def remove(self) -> None:
        """Delete the folder and its shards (once the table is written)."""
        shutil.rmtree(self.folder, ignore_errors=True)


def _describe(spec: Any) -> str:
    """A stored spec in a few words, for the error about a foreign shard."""
    if not isinstance(spec, dict):
        return "unknown"
    words = [str(spec.get("table"))]
    hands = spec.get("hands")
    if isinstance(hands, list):
        words.append(f"{len(hands)} hands")
    for key in ("opponents", "stderr", "seed", "range"):
        if key in spec:
            words.append(f"{key} {spec[key]}")
    return ", ".join(words)


# ---------------------------------------------------------------------------
# Running a table.


@dataclass
class TableData:
    """A computed table: every piece's result, in a shard store or in memory."""

    spec: TableSpec  #: what was computed
    store: ShardStore | None  #: where the pieces are (None: in ``memory``)
    memory: dict[int, dict[str, Any]] = field(default_factory=dict)  #: pieces kept in memory
    computed: int = 0  #: pieces computed by this run
    reused: int = 0  #: pieces found finished, from an earlier run
    elapsed: float = 0.0  #: seconds this run took

    def piece(self, index: int) -> dict[str, Any]:
        """Piece ``index``'s result."""
        if self.store is not None:
            return self.store.load(index)
        return self.memory[index]

    def rows(self, summary: bool = False) -> Iterator[Result]:
        """The table's rows in order: by hand (in the spec's order), then by opponent (the
        classes in the same order; or the opponent counts), or by flop.

        ``summary`` (flops table): one row per hand instead of one per flop.
        """
        n = len(self.spec.pieces())
        if self.spec.kind == "preflop-headsup":
            yield from _headsup_rows(self.spec, (self.piece(i) for i in range(n)))
        elif self.spec.kind == "preflop-vs-random":
            for i in range(n):
                for cell in self.piece(i)["cells"]:
                    yield _vs_random_row(cell)
        else:
            for i in range(n):
                yield from _flop_rows(self.piece(i), str(self.spec.range_text), summary)


def _headsup_rows(spec: TableSpec, pieces: Iterator[dict[str, Any]]) -> Iterator[HeadsupRow]:
    """Both orientations of every matchup, row by row."""
    tallies: dict[tuple[str, str], tuple[int, int, int]] = {}
    for data in pieces:
        for a, b, wa, wb, ties, outcomes in data["cells"]:
            tallies[a, b] = (wa, ties, outcomes)
            tallies[b, a] = (wb, ties, outcomes)
    for a in spec.hands:
        for b in spec.hands:
            wins, ties, outcomes = tallies[a, b]
            eq = Fraction(2 * wins + ties, 2 * outcomes)
            w, t = Fraction(wins, outcomes), Fraction(ties, outcomes)
            yield HeadsupRow(
                hand=a, opponent=b, equity=float(eq), win=float(w), tie=float(t),
                equity_exact=eq, win_exact=w, tie_exact=t, wins=wins, ties=ties,
                outcomes=outcomes,
            )  # fmt: skip


def _vs_random_row(cell: dict[str, Any]) -> VsRandomRow:
    """A row from a shard's cell: exact ones from their counts, Monte Carlo ones as run."""
    if cell["method"] == "exact":
        wins, ties, outcomes = cell["wins"], cell["ties"], cell["outcomes"]
        eq = Fraction(2 * wins + ties, 2 * outcomes)
        w, t = Fraction(wins, outcomes), Fraction(ties, outcomes)
        return VsRandomRow(
            hand=cell["hand"], opponents=cell["opponents"], method="exact", equity=float(eq),
            win=float(w), tie=float(t), stderr=None, trials=None, seed=None,
            equity_exact=eq, win_exact=w, tie_exact=t, wins=wins, ties=ties, outcomes=outcomes,
        )  # fmt: skip
    return VsRandomRow(
        hand=cell["hand"], opponents=cell["opponents"], method="mc", equity=cell["equity"],
        win=cell["win"], tie=cell["tie"], stderr=cell["stderr"], trials=cell["trials"],
        seed=cell["seed"], equity_exact=None, win_exact=None, tie_exact=None, wins=None,
        ties=None, outcomes=None,
    )  # fmt: skip


def _flop_rows(data: dict[str, Any], range_text: str, summary: bool) -> Iterator[Result]:
    """One hand's rows: one per flop, or its summary."""
    import numpy as np

    from pokercalc.core.cards import cards_of, parse_cards
    from pokercalc.texture import _flops
    from pokercalc.texture.flops import FlopEquities

    hero = cards_of(parse_cards(data["hero"]))
    win, tie = _decode(data["win"]), _decode(data["tie"])
    equity = win + tie / 2
    flops = _flops.flop_cards((int(hero[0]), int(hero[1])))
    if summary:
        eq = FlopEquities(
            hero=(hero[0], hero[1]), range_text=range_text, combos=data["combos"], flops=flops,
            win=win, tie=tie, equity=equity, blocked=data["blocked"], elapsed=0.0,
        )  # fmt: skip
        s = eq.summary()
        yield FlopSummaryRow(
            hand=data["hand"], hero=data["hero"], range_text=range_text, combos=data["combos"],
            flops=len(eq), blocked=data["blocked"], mean=s["mean"], min=s["min"], q1=s["q1"],
            median=s["median"], q3=s["q3"], max=s["max"], ahead=s["ahead"],
        )  # fmt: skip
        return
    names = [format_cards(int(c) for c in row) for row in flops]
    blocked = np.isnan(equity)
    for i, flop in enumerate(names):
        if blocked[i]:
            yield FlopRow(hand=data["hand"], hero=data["hero"], flop=flop, equity=None,
                          win=None, tie=None)  # fmt: skip
        else:
            yield FlopRow(hand=data["hand"], hero=data["hero"], flop=flop,
                          equity=float(equity[i]), win=float(win[i]),
                          tie=float(tie[i]))  # fmt: skip


def compute(
    spec: TableSpec,
    *,
    store: ShardStore | None = None,
    executor: Executor | Any | None = None,
    on_piece: Callable[[int, int], None] | None = None,
) -> TableData:
    """Compute the pieces of ``spec`` that ``store`` does not hold yet; every piece's result
    goes to ``store`` (else it is kept in memory).

    ``executor`` is a ``concurrent.futures`` executor or a Dask client (see
    :func:`pokercalc.core.runner.as_executor`); None runs the pieces here,
    one after the other.  ``on_piece(done, total)`` is called at the start
    and after every piece, counting the pieces found finished.  A signal
    (Ctrl-C, SIGTERM) raises :class:`~pokercalc.core.runner.Interrupted`
    naming how far the run got; finished pieces stay in ``store``.
    """
    from pokercalc.core.runner import Interrupted, as_executor, map_unordered

    start = time.perf_counter()
    pieces = spec.pieces()
    done = store.finished() if store is not None else set()
    data = TableData(spec, store, reused=len(done))
    todo = [p for p in pieces if p.index not in done]
    if on_piece is not None:
        on_piece(len(done), len(pieces))

    def keep(index: int, result: dict[str, Any]) -> None:
        if index in done:  # a piece's result counts once, however often it came
            return
        if store is not None:
            store.save(index, result)
        else:
            data.memory[index] = result
        done.add(index)
        data.computed += 1
        if on_piece is not None:
            on_piece(len(done), len(pieces))

    try:
        if executor is None:
            for piece in todo:
                keep(piece.index, run_table_piece(piece))
        else:
            ex = as_executor(executor)
            for i, result in map_unordered(ex, run_table_piece, todo):
                keep(todo[i].index, result)
    except KeyboardInterrupt as e:
        kept = f"; they are kept in {store.folder}" if store is not None and done else ""
        raise Interrupted(f"{len(done)} of {len(pieces)} pieces done{kept}", e) from None
    data.elapsed = time.perf_counter() - start
    return data
