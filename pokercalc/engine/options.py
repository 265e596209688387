"""The engine's options: how a run chooses its method, how long it samples, where it runs.

:class:`EngineOptions` is the one record of them, checked once when it is made;
the command line's shared engine flags make one (``cli.engine_options``).

>>> EngineOptions(method="mc", trials=100_000, seed=1).run_options()["trials"]
100000
>>> EngineOptions(method="exact", trials=10)  # doctest: +ELLIPSIS
Traceback (most recent call last):
pokercalc.errors.InputError: method 'exact' excludes trials, which is for Monte Carlo
>>> EngineOptions(jobs=4).for_workers(4).limit
4000000000.0
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pokercalc._lazy import FieldMethods, record
from pokercalc.core.validate import check_engine_options
from pokercalc.errors import InputError

__all__ = ["DEFAULT_THRESHOLD", "METHODS", "EngineOptions", "check_method"]

#: Runs of at most this many outcomes, after merging suit-symmetric ones, are
#: enumerated exactly by ``method="auto"``; about a second or two on one core.
DEFAULT_THRESHOLD = 1.0e9
#: The methods a run takes: enumerate every outcome, sample, or choose by the outcome count.
METHODS = ("auto", "exact", "mc")


def check_method(method: str) -> None:
    """Refuse a method that is not one of :data:`METHODS`, in one line."""
    if method not in METHODS:
        raise InputError(f"method must be auto, exact or mc, not {method!r}")


@record(kw_only=True, init_when_called=True)
class EngineOptions(FieldMethods):
    """Every option of an engine run, checked when made (one line, ``InputError``).

    A frozen keyword-only dataclass (:func:`~pokercalc._lazy.record`: its ``__init__`` is
    written when first called, so that importing the engine costs no more than before).
    """

    method: str = "auto"  #: "exact", "mc" or "auto" (exact up to ``threshold`` outcomes)
    threshold: float | None = None  #: auto: most outcomes enumerated (None: DEFAULT_THRESHOLD)
    trials: int | None = None  #: Monte Carlo: stop after this many deals
    time: float | None = None  #: Monte Carlo: stop after this many seconds
    stderr: float | None = None  #: Monte Carlo: stop when every standard error is below this
    seed: int | None = None  #: Monte Carlo seed (None: one is drawn and reported)
    threads: int | None = None  #: engine threads on this machine (None: every core)
    jobs: int | None = None  #: local worker processes running the pieces of the work
    cluster: str | None = None  #: the Dask scheduler's address the pieces run on

    def __post_init__(self) -> None:
        check_method(self.method)
        check_engine_options(
            method=self.method, threshold=self.threshold, trials=self.trials, time=self.time,
            stderr=self.stderr, seed=self.seed, threads=self.threads, jobs=self.jobs,
        )  # fmt: skip

    @property
    def limit(self) -> float:
        """The outcome count ``"auto"`` enumerates up to."""
        return DEFAULT_THRESHOLD if self.threshold is None else self.threshold

    @property
    def in_pieces(self) -> bool:
        """Whether the run is cut into pieces for worker processes or a cluster."""
        return self.jobs is not None or self.cluster is not None

    def run_options(self) -> dict[str, Any]:
        """The options one run in this process takes (``equity``'s keywords)."""
        return {
            "method": self.method,
            "threshold": self.threshold,
            "trials": self.trials,
            "time": self.time,
            "stderr": self.stderr,
            "seed": self.seed,
            "threads": self.threads,
        }

    def unused_by(self, method: str) -> tuple[str, ...]:
        """The Monte Carlo options given (``trials``, ``time``, ``stderr``, ``seed``) that a run
        made by ``method`` did not use: all of them when ``"auto"`` chose to enumerate.  (With
        ``method="exact"`` they are refused when the options are made.)"""
        if method != "exact":
            return ()
        given = {"trials": self.trials, "time": self.time, "stderr": self.stderr, "seed": self.seed}
        return tuple(name for name, value in given.items() if value is not None)

    def for_workers(self, workers: int) -> EngineOptions:
        """The options of a run whose pieces ``workers`` processes share: ``"auto"``
        enumerates what each worker could enumerate alone, times the workers."""
        if self.method != "auto":
            return self
        return replace(self, threshold=self.limit * workers)
