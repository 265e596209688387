"""All-flop equities: a hero hand's exact equity against a range on each of the 19,600 flops.

The kernel (``pokercalc.texture._flops``) walks every five-card board once and credits
each of its ten flops, turn and river enumerated exactly.  The hero is one
specific combo; a class such as ``AA``, ``AKs`` or ``AKo`` stands for a fixed
representative (see :func:`hero_cards`).

>>> hero_cards("AKs")
(51, 47)
>>> from pokercalc.core.cards import format_cards
>>> [format_cards(hero_cards(h)) for h in ("QQ", "JTo", "Kc Th")]
['QsQh', 'JsTh', 'KcTh']
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokercalc.core.cards import (
    RANKS,
    Card,
    CardLike,
    cards_text,
    format_card,
    format_cards,
    make_card,
    parse_cards,
)
from pokercalc.core.games import HOLDEM
from pokercalc.core.results import (
    CARDS,
    COUNT,
    PROB,
    SECONDS,
    Form,
    Result,
    derived,
    doc,
    nullable,
    object_schema,
)
from pokercalc.core.runner import (
    Control,
    Interrupted,
    default_threads,
    deferred_signals,
    run_kernel,
)
from pokercalc.core.validate import check_integer
from pokercalc.errors import InputError
from pokercalc.ranges.notation import Range
from pokercalc.texture.ilp import TextureFit

__all__ = [
    "NUM_FLOPS",
    "FlopEquities",
    "FlopStudy",
    "hero_cards",
    "suit_symmetries",
    "flop_equities",
    "flop_study",
]

#: flops the hero's two cards allow, C(50, 3)
NUM_FLOPS = 19600

_CLASS = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)$", re.IGNORECASE)
_SPADES, _HEARTS = 3, 2


def hero_cards(text: str | Iterable[CardLike]) -> tuple[int, int]:
    """The hero's two cards from a combo (``AhAs``, or a list of two cards) or a class (``AA``,
    ``AKs``, ``AKo``).

    A class picks its representative with spades first: a pair is spades and
    hearts (``AA`` is A♠A♥), a suited hand is both spades (``AKs`` is A♠K♠), an
    offsuit hand (``AKo`` or ``AK``) is the high card in spades and the low card
    in hearts (A♠K♥).  Returns the card indices, high first.

    >>> hero_cards("AKs") == hero_cards(["As", "Ks"]) == hero_cards("Ks As") == (51, 47)
    True
    """
    if not isinstance(text, str):
        text = cards_text(text, "hero")
    s = text.strip()
    m = _CLASS.match(s)
    if m:
        r1, r2 = RANKS.index(m.group(1).upper()), RANKS.index(m.group(2).upper())
        hi, lo = max(r1, r2), min(r1, r2)
        kind = m.group(3).lower()
        if hi == lo and kind:
            raise InputError(f"hero {text!r}: a pair cannot be suited or offsuit")
        if hi == lo or kind != "s":
            return make_card(hi, _SPADES), make_card(lo, _HEARTS)
        return make_card(hi, _SPADES), make_card(lo, _SPADES)
    cards = parse_cards(s)
    if len(cards) != 2 or cards[0] == cards[1]:
        raise InputError(
            f"hero {text!r} must be two different cards (AhAs) or a hand class (AA, AKs, AKo)"
        )
    return (cards[0], cards[1]) if cards[0] > cards[1] else (cards[1], cards[0])


#: The keys of :meth:`FlopEquities.summary`.
_SUMMARY = ("mean", "min", "q1", "median", "q3", "max", "ahead")


@dataclass(frozen=True, kw_only=True, eq=False)
class FlopEquities(Result):
    """The hero's exact equity against a range on every flop its cards allow."""

    @property
    @derived(const="holdem")
    def game(self) -> str:
        """The game: the flop study is hold'em's."""
        return HOLDEM.name

    hero: tuple[Card, Card] = doc("the hero's two cards, high first", CARDS)
    range_text: str = doc("the opponent's range as written", key="range")
    combos: int = doc("range combos left after removing the hero's cards", COUNT)
    flops: np.ndarray = doc(
        "(19600, 3) uint8 card indices, one flop per row, high card first", output=False
    )
    win: np.ndarray = doc(
        "per flop, the weighted share of turn-river-combo outcomes the hero wins", output=False
    )
    tie: np.ndarray = doc("per flop, the weighted share the hero ties", output=False)
    equity: np.ndarray = doc(
        "per flop, win + tie / 2 (a fraction of 1); NaN where the range is blocked", output=False
    )

    @property
    @derived(COUNT, key="flops")
    def flop_count(self) -> int:
        """How many flops: every flop the hero's cards allow."""
        return len(self)

    blocked: int = doc(
        "flops on which the flop's cards block every range combo (equity NaN)", COUNT
    )
    elapsed: float = doc("seconds spent in the kernel", SECONDS)

    def __len__(self) -> int:
        return len(self.equity)

    def flop_text(self, i: int) -> str:
        """Flop ``i`` in ASCII, e.g. ``Kh8c3s``."""
        return format_cards(int(c) for c in self.flops[i])

    def index_of(self, flop: str) -> int:
        """The row of a flop given as text, in any card order."""
        cards = set(parse_cards(flop))
        if len(cards) != 3 or cards & {int(c) for c in self.hero}:
            raise InputError(f"{flop!r} is not a flop of three cards the hero does not hold")
        key = tuple(sorted(cards, reverse=True))
        hits = np.flatnonzero((self.flops == np.array(key, dtype=np.uint8)).all(axis=1))
        return int(hits[0])

    @property
    def valid(self) -> np.ndarray:
        """Boolean mask of the flops with an equity (some range combo left)."""
        valid: np.ndarray = ~np.isnan(self.equity)  # (numpy types the negation as Any)
        return valid

    @derived(schema=object_schema({k: dict(PROB.schema) for k in _SUMMARY}))
    def summary(self) -> dict[str, float]:
        """Mean, minimum, quartiles and maximum of the equity, and the share of flops above 1/2.

        Flops on which the range is entirely blocked are left out.
        """
        e = self.equity[self.valid]
        q = np.quantile(e, [0.0, 0.25, 0.5, 0.75, 1.0])
        return {
            "mean": float(e.mean()),
            "min": float(q[0]),
            "q1": float(q[1]),
            "median": float(q[2]),
            "q3": float(q[3]),
            "max": float(q[4]),
            "ahead": float((e > 0.5).mean()),
        }

    def histogram(self, bins: int = 20) -> list[int]:
        """How many flops fall in each of ``bins`` equal equity intervals of [0, 1]."""
        counts, _ = np.histogram(self.equity[self.valid], bins=bins, range=(0.0, 1.0))
        return [int(c) for c in counts]

    @property
    @derived(
        items=Form(nullable(PROB.schema)), propertyNames={"pattern": "^([2-9TJQKA][cdhs]){3}$"}
    )
    def equities(self) -> dict[str, float | None]:
        """The equity on every flop, keyed by the flop in ASCII; None where the range is blocked."""
        return {self.flop_text(i): _num(e) for i, e in enumerate(self.equity)}

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per flop: ``flop`` and ``equity`` (None where the range is blocked); the
        rows are the arrays', not a table field's."""
        return [{"flop": self.flop_text(i), "equity": _num(e)} for i, e in enumerate(self.equity)]


def _num(x: float) -> float | None:
    """A float for JSON and CSV, None for NaN."""
    return None if np.isnan(x) else float(x)


def _as_range(opponent: str | Range | Iterable[CardLike]) -> Range:
    """A Range, or a player expression parsed by :func:`pokercalc.ranges.query.parse_query`
    (a hand given as a list of cards too)."""
    if isinstance(opponent, Range):
        return opponent
    from pokercalc.ranges.query import parse_query

    if not isinstance(opponent, str):
        opponent = cards_text(opponent, "the range")
    return parse_query(opponent)


def suit_symmetries(hero: tuple[int, int], rng: Range) -> np.ndarray:
    """The suit permutations (identity first) that leave the hero and the weighted range unchanged.

    >>> suit_symmetries((51, 50), Range.from_combos("KsQs", [(47, 43)])).tolist()
    [[0, 1, 2, 3], [1, 0, 2, 3]]
    >>> len(suit_symmetries((51, 47), Range.from_combos("x", [])))
    6
    """
    hero = (int(hero[0]), int(hero[1]))  # indices, or the Card objects a result holds
    hero_set = set(hero)
    table = dict(zip(rng.combos, rng.weights, strict=True))
    keep = []
    for perm in itertools.permutations(range(4)):

        def move(c: int, perm: tuple[int, ...] = perm) -> int:
            return (c & ~3) | perm[c & 3]

        if {move(c) for c in hero} != hero_set:
            continue
        ok = True
        for (a, b), w in table.items():
            x, y = move(a), move(b)
            if table.get((x, y) if x > y else (y, x)) != w:
                ok = False
                break
        if ok:
            keep.append(perm)
    return np.array(keep, dtype=np.intc)


def flop_equities(
    hero: str | Iterable[CardLike],
    opponent: str | Range | Iterable[CardLike],
    *,
    threads: int | None = None,
    symmetry: bool = True,
    progress: Callable[[float], None] | None = None,
) -> FlopEquities:
    """The hero's exact equity against ``opponent`` on each of the 19,600 flops.

    ``hero`` is a combo or class (see :func:`hero_cards`) or two cards (card strings, cards
    or indices); ``opponent`` is a :class:`Range` or an expression such as ``"ATC"`` or
    ``"QQ+,AK"``.
    Opponent combos that share a card with a flop are left out on that flop; a
    flop that leaves none gets a NaN equity (and is counted in ``blocked``).
    With ``symmetry`` (the default) boards that differ only by a suit permutation
    keeping the hero and the range unchanged are evaluated once.  ``progress``
    is called with the share done.  A signal (Ctrl-C, SIGTERM) stops the
    walk within milliseconds and raises :class:`~pokercalc.core.runner.Interrupted`.
    """
    return _walked_equities(*_walk(hero, opponent, threads, symmetry, progress))


#: What the all-flop walk counted, for :func:`_walked_equities`: the hero, the range, and
#: the win, tie and total weights per flop, and the seconds it took.
_Walk = tuple[tuple[int, int], Range, Any, Any, Any, float]


def _walk(
    hero: str | Iterable[CardLike],
    opponent: str | Range | Iterable[CardLike],
    threads: int | None,
    symmetry: bool,
    progress: Callable[[float], None] | None,
) -> _Walk:
    """The all-flop walk of :func:`flop_equities` (a signal stops it: ``Interrupted``)."""
    from pokercalc.texture import _flops

    h = hero_cards(hero)
    rng = _as_range(opponent).without(h, player="the range")
    if any(w <= 0 for w in rng.weights):
        raise InputError(f"range {rng.text!r} has a weight that is not positive")
    combos = np.array(rng.combos, dtype=np.uint8).reshape(-1, 2)
    weights = np.array(rng.weights, dtype=np.float64)
    if threads is not None:
        check_integer("threads", threads)  # as the command line's --threads (1 to 256)
    start = time.perf_counter()
    perms = suit_symmetries((h[0], h[1]), rng) if symmetry else np.array([[0, 1, 2, 3]], np.intc)
    control = Control()
    (win, tie, total), stopped = run_kernel(
        lambda: _flops.flop_counts(
            h[0], h[1], combos, weights, perms, threads or default_threads(), control.buffer
        ),
        control,
        on_poll=None if progress is None else lambda: progress(control.done / 46),
    )
    if stopped:
        raise Interrupted(
            f"all-flop equities {control.done / 46:.0%} done; nothing to show",
            control.interrupt,
        )
    return (h[0], h[1]), rng, win, tie, total, time.perf_counter() - start


def _walked_equities(
    h: tuple[int, int], rng: Range, win: Any, tie: Any, total: Any, elapsed: float
) -> FlopEquities:
    """The :class:`FlopEquities` of a finished walk."""
    from pokercalc.texture import _flops

    blocked = total <= 0
    if blocked.all():
        raise InputError(f"range {rng.text!r} has no hand left on any flop")
    with np.errstate(invalid="ignore", divide="ignore"):
        win = np.where(blocked, np.nan, win / np.where(blocked, 1.0, total))
        tie = np.where(blocked, np.nan, tie / np.where(blocked, 1.0, total))
    return FlopEquities(
        hero=(Card(int(h[0])), Card(int(h[1]))),
        range_text=rng.text,
        combos=len(rng),
        flops=_flops.flop_cards(h),
        win=win,
        tie=tie,
        equity=win + tie / 2,
        blocked=int(blocked.sum()),
        elapsed=elapsed,
    )


@dataclass(frozen=True, kw_only=True, eq=False)
class FlopStudy(Result):
    """All-flop equities, the flops' 73 features and the fitted feature formula."""

    equities: FlopEquities = doc(
        "the exact equity on every flop (its entries open the JSON)", inline=True
    )
    features: np.ndarray = doc("(19600, 73) uint8, column j is feature F(j+1)", output=False)
    fit: TextureFit | None = doc("the integer program's features and weights; None when not asked")
    interrupted: bool = doc(
        "a signal stopped the fit: the equities stand, fit is None", default=False
    )

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per flop: ``flop``, ``equity`` and ``F1`` .. ``F73`` (0 or 1), from the
        arrays."""
        names = [f"F{j + 1}" for j in range(self.features.shape[1])]
        rows = []
        for i, row in enumerate(self.equities.to_rows()):
            row.update(zip(names, (int(b) for b in self.features[i]), strict=True))
            rows.append(row)
        return rows


def flop_study(
    hero: str | Iterable[CardLike],
    opponent: str | Range | Iterable[CardLike],
    *,
    features: int | None = 3,
    error: float | None = None,
    objective: str = "avg",
    time_limit: float = 20.0,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> FlopStudy:
    """Equities on all flops, their features, and the best formula of at most ``features`` features.

    The fit uses the flops on which the range is not entirely blocked.

    With ``error`` (a fraction, e.g. 0.025) the fit instead uses the fewest features
    whose average (or, with ``objective="max"``, maximum) error stays within it.
    ``features=None`` and ``error=None`` skip the fit.  A signal while the
    equities are computed raises :class:`~pokercalc.core.runner.Interrupted`; one
    after them (while the features are listed or the formula fitted) returns the
    equities, no fit, marked ``interrupted`` (the solver's thread finishes its
    current solve in the background).
    """
    from pokercalc.texture.features import feature_matrix
    from pokercalc.texture.ilp import check_fit_options, fit_texture

    # Checked before the walk, a second or more: as the command line refuses them.
    check_fit_options(None if error is not None else features, error, objective, time_limit)
    walk = _walk(hero, opponent, threads, True, progress)
    fit = None
    interrupted = False

    def listed() -> tuple[FlopEquities, np.ndarray]:
        eq = _walked_equities(*walk)
        return eq, feature_matrix(eq.hero, eq.flops)

    made = None
    try:
        # A signal once the walk is done (equities made, features listed) must not
        # lose them: the command holds it until they are; a host that raises it at once
        # has them made again.
        with deferred_signals():
            made = listed()
    except KeyboardInterrupt:
        interrupted = True
    eq, fm = made if made is not None else listed()
    if not interrupted and (features is not None or error is not None):
        try:
            fit = _in_thread(
                lambda: fit_texture(
                    fm[eq.valid],
                    eq.equity[eq.valid],
                    n_features=None if error is not None else features,
                    error=error,
                    objective=objective,
                    time_limit=time_limit,
                )
            )
        except KeyboardInterrupt:
            interrupted = True
    return FlopStudy(equities=eq, features=fm, fit=fit, interrupted=interrupted)


def _in_thread(call: Callable[[], Any]) -> Any:
    """Run ``call`` on a daemon thread; a signal stops the waiting at once.

    The integer program runs in compiled code that looks at no signal; rather
    than wait out its time limit, the caller gives up on it.
    """
    import threading

    box: dict[str, Any] = {}
    done = threading.Event()

    def work() -> None:
        try:
            box["value"] = call()
        except BaseException as e:  # handed to the caller below
            box["error"] = e
        finally:
            done.set()

    threading.Thread(target=work, name="pokercalc-fit", daemon=True).start()
    while not done.wait(0.05):
        pass
    if "error" in box:
        raise box["error"]
    return box["value"]


def describe_hero(hero: tuple[int, int]) -> str:
    """The hero with suit symbols, e.g. ``A♠A♥``."""
    return "".join(format_card(c, symbols=True) for c in hero)
