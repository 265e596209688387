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
def sample_counts(
    hero: _Buffer,
    cum_weights: _Buffer,
    board: _Buffer,
    dead: _Buffer,
    opponents: int,
    trials: int,
    seconds: float,
    target_stderr: float,
    seed: int,
    out: _Buffer,
    threads: int = 0,
    ctl: _Buffer | None = None,
    ranking: int = 0,
    outside: int = 0,
) -> int: ...
