"""Types of the compiled hand-potential kernels (``_potential.pyx``)."""

from typing import Any, TypeAlias

import numpy as np
from typing_extensions import Buffer

#: What a typed memoryview argument takes: ``array.array``, ``memoryview``, ``bytes``, numpy.
_Buffer: TypeAlias = Buffer | np.ndarray[Any, Any]

def exact_counts(
    hero: _Buffer,
    board: _Buffer,
    dead: _Buffer,
    out: _Buffer,
    threads: int = 0,
    ctl: _Buffer | None = None,
    ranking: int = 0,
    outside: int = 0,
) -> None: ...
def sample_blocks(
    hero: _Buffer,
    cum_weights: _Buffer,
    board: _Buffer,
    dead: _Buffer,
    opponents: int,
    seed: int,
    first: int,
    blocks: int,
    block_size: int,
    trials: int,
    out: _Buffer,
    threads: int = 0,
    ctl: _Buffer | None = None,
    forming: int = 0,
    ranking: int = 0,
    low: int = -1,
    outside: int = 0,
) -> int: ...
