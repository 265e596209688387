"""A Ctrl-C reaches the terminal's whole process group: pokercalc's worker processes, some
still starting, must not print Python's start-up tracebacks, and the one line pokercalc
prints says truly how many pieces it kept (issue 42, items 1 and 2)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from cli_runs import start_program

pytestmark = pytest.mark.process


def _children(pid: int) -> list[int]:
    """The process ids whose parent is ``pid`` (``pgrep -P``, on Linux and macOS alike)."""
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    return [int(x) for x in found.stdout.split()]


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its reaper does not)."""
    found = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True)
    state = found.stdout.strip()
    return bool(state) and not state.startswith("Z")


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.3])
def test_ctrl_c_to_the_group_while_workers_start(tmp_path: Path, delay: float) -> None:
    out = tmp_path / "full.csv"
    proc = start_program(
        "table", "preflop-headsup", "--output", str(out), "--jobs", "2", start_new_session=True
    )
    try:
        deadline = time.monotonic() + 60
        while not _children(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.005)  # (the workers appear once pokercalc's own start-up is over)
        time.sleep(delay)
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    lines = err.strip().splitlines()
    assert "Fatal Python error" not in err and "Traceback" not in err, err
    assert len(lines) <= 1, err
    if lines:
        assert lines[0].startswith("pokercalc table: interrupted; "), err
        kept = len(list((tmp_path / "full.csv.parts").glob("*"))) if lines else 0
        assert f"{kept} of 72 pieces done" in lines[0] or "written whole" in lines[0], (err, kept)


def test_workers_end_when_their_parent_is_killed(tmp_path: Path) -> None:
    proc = start_program("table", "preflop-headsup", "--output", str(tmp_path / "t.csv"),
                         "--jobs", "2", start_new_session=True)  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while len(_children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        workers = _children(proc.pid)
        assert workers
        proc.kill()
        proc.communicate(timeout=10)
        deadline = time.monotonic() + 10
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(map(_alive, workers))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
