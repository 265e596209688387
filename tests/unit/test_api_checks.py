"""The API checks its numbers as the command line does (issue 42 item 16): one clear
``InputError`` (a ``ValueError``), or a ``TypeError`` for a value of the wrong type, never a
wrong answer, a bare ``IndexError`` or a run with a value the command line refuses."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pytest

import pokercalc
from pokercalc.errors import InputError

ROYAL = pokercalc.evaluate("AsKsQsJsTs")


@pytest.mark.parametrize("value", [-4096, -1, 0, 9 << 12, 99999, 10**30])
@pytest.mark.parametrize("call", ["category", "category_name", "describe"])
def test_a_number_that_is_no_hand_value_is_refused(call: str, value: int) -> None:
    with pytest.raises(InputError, match=f"^{value} is not a hand value"):
        getattr(pokercalc, call)(value)


@pytest.mark.parametrize("value", [True, 1.0, "32778", None])
@pytest.mark.parametrize("call", ["category", "category_name", "describe"])
def test_a_hand_value_is_an_integer(call: str, value: Any) -> None:
    with pytest.raises(TypeError, match="a hand value must be an integer"):
        getattr(pokercalc, call)(value)


def test_hand_values_still_name_their_categories() -> None:
    assert pokercalc.category_name(ROYAL) == "Straight flush"
    assert pokercalc.category(ROYAL) == 8
    assert pokercalc.category_name(np.int64(1)) == "High card"  # numpy integers too
    assert pokercalc.category_name(pokercalc.evaluate("7c5d4h3s2c")) == "High card"
    assert pokercalc.describe(ROYAL) == "Straight flush, Ace high"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"time_limit": float("nan")}, "time_limit must be a finite number"),
        ({"time_limit": float("inf")}, "time_limit must be a finite number"),
        ({"time_limit": 0}, "time_limit must be above 0"),
        ({"time_limit": 1e8}, "time_limit must be above 0 and at most"),
        ({"features": 0}, "features must be at least 1 and at most 73"),
        ({"features": 74}, "features must be at least 1 and at most 73"),
        ({"error": float("nan")}, "the error bound must be between 0 and 1"),
        ({"objective": "median"}, "objective must be 'avg' or 'max'"),
        ({"threads": 0}, "threads must be at least 1 and at most 256"),
        ({"threads": 10**6}, "threads must be at least 1 and at most 256"),
    ],
)
def test_flop_study_refuses_what_the_cli_refuses_before_its_walk(
    options: dict[str, Any], message: str
) -> None:
    start = time.perf_counter()
    with pytest.raises(InputError, match=message):
        pokercalc.flop_study("AA", "RUS", **options)
    assert time.perf_counter() - start < 5  # (the all-flop walk takes a second or more)


def test_flop_study_features_is_an_integer() -> None:
    with pytest.raises(TypeError, match="features must be an integer"):
        pokercalc.flop_study("AA", "RUS", features=2.0)  # type: ignore[arg-type]


def test_flop_equities_threads_as_the_cli() -> None:
    with pytest.raises(InputError, match="threads must be at least 1 and at most 256"):
        pokercalc.flop_equities("AA", "RUS", threads=10**6)


def test_fit_texture_checks_its_time_limit_and_features() -> None:
    b = np.array([[1, 0], [0, 1], [1, 1]])
    e = np.array([0.2, 0.5, 0.8])
    with pytest.raises(InputError, match="time_limit must be a finite number"):
        pokercalc.fit_texture(b, e, n_features=1, time_limit=float("nan"))
    with pytest.raises(InputError, match="features must be at least 1 and at most 73"):
        pokercalc.fit_texture(b, e, n_features=100)
    assert pokercalc.fit_texture(b, e, n_features=1, time_limit=5).model == "AVGERR(1)"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"trials": 0}, "trials must be at least 1"),
        ({"time": float("nan")}, "time must be a finite number"),
        ({"stderr": 2.0}, "stderr must be above 0 and at most 1"),
        ({"seed": -1}, "seed must be at least 0"),
        ({"threads": 0}, "threads must be at least 1 and at most 256"),
    ],
)
def test_equity_checks_its_engine_options_as_the_cli(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        pokercalc.equity("AsKs | QQ", method="mc", **options)
