"""Types of the compiled enumerator and Monte Carlo kernel (``_engine.pyx``)."""

from array import array
from typing import Any, Protocol, TypeAlias

import numpy as np
from typing_extensions import Buffer

#: What a typed memoryview argument takes: ``array.array``, ``memoryview``, ``bytes``, numpy.
_Buffer: TypeAlias = Buffer | np.ndarray[Any, Any]

class _Run(Protocol):
    """An exhaustive run, fused over the tally type: called as is, or its version for
    ``"int64_t"`` or ``"double"`` tallies picked by name (no numpy import to dispatch)."""

    def __call__(
        self, items: _Buffer, tallies: _Buffer, ctallies: _Buffer, threads: int, ctl: _Buffer
    ) -> None: ...
    def __getitem__(self, signature: str) -> _Run: ...

def kernel_sizes() -> tuple[int, int, int]: ...
def tally_size(n: int, hilo: bool) -> int: ...
def total_slot(n: int, hilo: bool) -> int: ...
def player_slot(p: int, n: int, hilo: bool) -> int: ...
def low_board_slot(n: int) -> int: ...
def cluster_slot(n: int, hilo: bool) -> int: ...
def largest_first(flat: _Buffer, done: int) -> None: ...

class Kernel:
    """The flat problem arrays, kept alive while the C kernels read them."""

    def __init__(
        self,
        off: _Buffer,
        ckey: _Buffer,
        cmask: _Buffer,
        cw: _Buffer,
        perm: _Buffer,
        is_random: _Buffer,
        sigma: _Buffer,
        ng: int,
        nb: int,
        bkey: int,
        bmask: int,
        dead: int,
        forming: int,
        ranking: int,
        low: int,
        hole: int,
        ccards: _Buffer,
        bcards: _Buffer,
    ) -> None: ...
    @property
    def tally_size(self) -> int: ...
    @property
    def mc_size(self) -> int: ...
    def cluster_slots(self, trials_per_slot: int, cluster: int, units: int) -> int: ...
    def set_clusters(self, boards: int, deals: int, units: int, classes: _Buffer) -> None: ...
    @property
    def units(self) -> int: ...
    def set_suit_merging(self, on: bool, hole_min: int, hole_max: int, board_min: int) -> None: ...
    def set_random_classes(self, on: bool) -> bool: ...
    def set_breakdown(self, player: int) -> int: ...
    def count_assignments(self, budget: int, ctl: Any = None) -> int: ...
    def work_items(self, first_only: bool, nfirsts: int, shuffle: bool) -> array[int]: ...
    exhaustive: _Run
    exhaustive_last: _Run
    def montecarlo(
        self,
        alias_prob: _Buffer,
        alias_idx: _Buffer,
        joint: _Buffer,
        joint_prob: _Buffer,
        joint_alias: _Buffer,
        rng: _Buffer,
        trials_per_slot: int,
        counts: _Buffer,
        ccounts: _Buffer,
        slots: int,
        threads: int,
        ctl: _Buffer,
    ) -> None: ...
    def joint_assignments(self, limit: int, budget: int) -> array[int] | None: ...
