"""What the exact-output tests share: steady footers, flop studies computed once, a folder
holding a regression file.

(A module beside them, not a fixture of conftest: ``python tests/cli/test_exact_output.py``
imports it when run as a script, with only tests/cli on ``sys.path``.)
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from pokercalc.output import render
from pokercalc.texture import flops as flops_module

#: A regression file of exact scenarios only (``check --builtin`` has a Monte Carlo one).
REGRESSION = {
    "scenarios": [
        {"name": "aces vs kings", "players": ["AsAh", "KsKh"], "expected": [0.8264, 0.1736]},
        {
            "name": "three-way on the flop",
            "players": ["AhKh", "7c7d", "QsJs"],
            "board": "Kd7h2s",
            "expected": ["52/903", "38/43", "53/903"],
            "tolerance": "exact",
        },
        {"name": "a failure", "players": ["AsKs", "QQ"], "expected": [0.47, 0.53]},
    ]
}


def steady_footers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Footers with a fixed time and thread count, so that the outputs are exact."""
    for name in ("equity_footer", "winodds_footer"):
        real = getattr(render, name)

        def steady(result: Any, real: Any = real) -> str:
            names = {f.name for f in dataclasses.fields(result)}
            fixed = {k: v for k, v in {"elapsed": 0.25, "threads": 2}.items() if k in names}
            return str(real(dataclasses.replace(result, **fixed)))

        monkeypatch.setattr(render, name, steady)


#: Flop studies already computed, by their arguments: each takes a second or two.
_STUDIES: dict[str, Any] = {}


def flop_studies_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``flop_study`` computes each set of arguments once per test session."""
    real = flops_module.flop_study

    def once(*args: Any, **kwargs: Any) -> Any:
        key = repr((args, {k: v for k, v in kwargs.items() if k != "progress"}))
        if key not in _STUDIES:
            _STUDIES[key] = real(*args, **kwargs)
        return _STUDIES[key]

    monkeypatch.setattr(flops_module, "flop_study", once)


@contextmanager
def regression_folder(regression: dict[str, Any] = REGRESSION) -> Iterator[None]:
    """Work in a new folder holding ``regression.json``."""
    # not CliRunner.isolated_filesystem(): click 8.5 deprecates it (warnings are errors here)
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            Path("regression.json").write_text(json.dumps(regression), encoding="utf-8")
            yield
        finally:
            os.chdir(here)
