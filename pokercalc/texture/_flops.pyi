"""Types of the compiled all-flop kernel (``_flops.pyx``)."""

from collections.abc import Iterable
from typing import Any, TypeAlias

import numpy as np
from typing_extensions import Buffer

#: What a typed memoryview argument takes: ``array.array``, ``memoryview``, ``bytes``, numpy.
_Buffer: TypeAlias = Buffer | np.ndarray[Any, Any]

NUM_FLOPS: int

def flop_cards(hero_cards: Iterable[int]) -> np.ndarray[tuple[int, int], np.dtype[np.uint8]]: ...
def flop_counts(
    hero1: int,
    hero2: int,
    combos: _Buffer,
    weights: _Buffer,
    perms: _Buffer,
    threads: int = 0,
    ctl: _Buffer | None = None,
) -> tuple[
    np.ndarray[tuple[int], np.dtype[np.float64]],
    np.ndarray[tuple[int], np.dtype[np.float64]],
    np.ndarray[tuple[int], np.dtype[np.float64]],
]: ...
