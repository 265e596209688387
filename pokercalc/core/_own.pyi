"""Types of the compiled kernels of the games without a board (``_own.pyx``)."""

from typing import Any, TypeAlias

import numpy as np
from typing_extensions import Buffer

_Buffer: TypeAlias = Buffer | np.ndarray[Any, Any]

def kernel_limits() -> tuple[int, int, int]: ...
def assignments(off: _Buffer, cmask: _Buffer, dead: int, limit: int) -> list[list[int]] | None: ...

class OwnKernel:
    """The players' given sets and the game's numbers, kept alive while the kernels read
    them."""

    def __init__(
        self,
        off: _Buffer,
        cards: _Buffer,
        ngiven: _Buffer,
        cmask: _Buffer,
        hand: int,
        hi: int,
        lo: int,
        deck: int,
        dead: int,
        outer: int,
    ) -> None: ...
    @property
    def units(self) -> int: ...
    @property
    def tally_size(self) -> int: ...
    @property
    def mc_size(self) -> int: ...
    def winner_sets(self) -> int: ...
    def outer_size(self, row: _Buffer, ranks: bool) -> int: ...
    def exact(
        self,
        items: _Buffer,
        rows: _Buffer,
        row_weight: _Buffer,
        weighted: bool,
        ranks: bool,
        itally: _Buffer,
        dtally: _Buffer,
        wms: _Buffer,
        threads: int,
        ctl: _Buffer,
    ) -> int: ...
    def montecarlo(
        self,
        aprob: _Buffer,
        aidx: _Buffer,
        rng: _Buffer,
        per: int,
        counts: _Buffer,
        blocks: int,
        threads: int,
        ctl: _Buffer,
    ) -> None: ...
