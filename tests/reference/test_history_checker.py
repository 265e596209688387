"""The independent checker of `pokercalc history` over the shipped real hands."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pokerkit")

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[0] / "data"
sys.path.insert(0, str(HERE))

import history_checker  # noqa: E402


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize(
    "name", sorted(str(p.relative_to(DATA)) for p in DATA.glob("history*/*.phhs"))
)
def test_history_agrees_with_the_independent_checker(name: str) -> None:
    counts, problems = history_checker.check(str(DATA / name))
    assert problems == []
    assert sum(counts.values()) >= 1
