"""The installed package: console script, ``python -m``, a light import, the shipped C seam."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib import resources

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

import pytest

import pokercalc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=60, cwd=os.sep)


def test_console_script() -> None:
    exe = shutil.which("pokercalc") or os.path.join(os.path.dirname(sys.executable), "pokercalc")
    assert os.path.exists(exe), "the pokercalc console script is not installed"
    done = _run([exe, "eval", "--json", "AsKsQsJsTs"])
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["result"][0]["description"] == "Straight flush, Ace high"


def test_python_m() -> None:
    done = _run([sys.executable, "-m", "pokercalc", "eval", "AsAs2c3c4c"])
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "Error: duplicate card 'As' at position 2 in 'AsAs2c3c4c'\n"


def test_import_loads_no_cli_libraries() -> None:
    code = "import sys, pokercalc; print(sorted({'click', 'rich'} & set(sys.modules)))"
    done = _run([sys.executable, "-c", code])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_c_seam_ships_with_the_package() -> None:
    assert "py.typed" in {f.name for f in resources.files(pokercalc).iterdir()}
    package = resources.files(pokercalc)
    assert {"_eval.pxd", "_eval.pyx", "_eval.pyi"} <= {f.name for f in package.iterdir()}
    core = package.joinpath("core")
    seams = {"_rng.pxd", "_control.pxd", "_game.pxd", "_showdown.pxd", "_engine.pxd", "_engine.pyx"}
    seams |= {"_problem.pxd", "_boards.pxd", "_enumerate.pxd", "_montecarlo.pxd"}
    assert seams <= {f.name for f in core.iterdir()}
    pxd = package.joinpath("_eval.pxd").read_text()
    names = ("eval_key", "eval_mask", "eval_cards", "key_of_mask", "PC_CARD_KEY", "PC_KEY_INIT")
    assert all(f" {name}" in pxd for name in names)


def test_generated_files_are_not_committed() -> None:
    if not os.path.isdir(os.path.join(ROOT, ".git")) or shutil.which("git") is None:
        pytest.skip("not a git checkout")
    done = subprocess.run(["git", "ls-files"], capture_output=True, text=True, cwd=ROOT)
    generated = [f for f in done.stdout.split() if f.endswith((".c", ".so", "_evaltables.h"))]
    assert generated == []


def _source(name: str) -> str:
    path = os.path.join(ROOT, name)
    # The tests run from a clone or an sdist, and both carry these files (MANIFEST.in).
    assert os.path.exists(path), f"no {name}: the sdist must ship it"
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_license_is_mit_by_spdx_expression() -> None:
    assert _source("LICENSE").startswith("MIT License\n")
    project = tomllib.loads(_source("pyproject.toml"))
    assert project["project"]["license"] == "MIT"
    assert project["project"]["license-files"] == ["LICENSE"]
    # PEP 639 license expressions need setuptools 77.
    assert "setuptools>=77" in project["build-system"]["requires"]


def test_sdist_holds_what_the_tests_need_and_wheels_no_generated_c() -> None:
    manifest = _source("MANIFEST.in").split("\n")
    for line in (
        "graft tests",
        "graft docs",
        "graft tools",
        "include LICENSE README.md conftest.py",
    ):
        assert line in manifest
    project = tomllib.loads(_source("pyproject.toml"))
    assert project["tool"]["setuptools"]["exclude-package-data"]["*"] == ["*.c"]


def test_build_strips_symbols_and_falls_back_without_openmp() -> None:
    setup = _source("setup.py")
    assert '"-g0"' in setup and '"-s"' in setup
    assert "POKERCALC_OPENMP" in setup and "cannot build with OpenMP" in setup
