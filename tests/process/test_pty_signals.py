"""Ctrl-C and notes on a real terminal (a pseudo-terminal): what issue 42 items 1-3 ask.

A terminal's Ctrl-C reaches the whole foreground process group: the command and the
workers it starts.  Each test runs pokercalc on a pty in a session of its own, sends
SIGINT to that group as a terminal would, and reads everything the terminal showed.
"""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.process

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _start(*args: str, tmp: Path) -> tuple[subprocess.Popen[bytes], int]:
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "80", "LINES": "24", "TERM": "xterm"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", *args],
        stdin=slave, stdout=slave, stderr=slave, cwd=tmp, env=env, start_new_session=True,
    )  # fmt: skip
    os.close(slave)
    return proc, master


def _read_until(master: int, proc: subprocess.Popen[bytes], until: float, want: str = "") -> str:
    """What the terminal showed until ``want`` appears, the process ends or ``until``."""
    out = b""
    while time.monotonic() < until:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            out += chunk
            if want and want in out.decode("utf-8", "replace"):
                break
        elif proc.poll() is not None:
            break
    return out.decode("utf-8", "replace")


def _segments(text: str) -> list[str]:
    """The terminal's lines and redrawn line parts, escape sequences removed."""
    return [ANSI.sub("", s).strip() for s in re.split(r"[\r\n]", text)]


def _finish(proc: subprocess.Popen[bytes], master: int) -> str:
    rest = _read_until(master, proc, time.monotonic() + 60)
    proc.wait(timeout=60)
    os.close(master)
    return rest


def test_ctrl_c_while_the_workers_start_prints_one_line(tmp_path: Path) -> None:
    proc, master = _start("table", "preflop-headsup", "--output", "t.csv", "--jobs", "2",
                          tmp=tmp_path)  # fmt: skip
    try:
        time.sleep(1.0)  # (pokercalc's own start-up over; its workers are starting)
        os.killpg(proc.pid, signal.SIGINT)
        text = _finish(proc, master)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, text
    assert "Fatal Python error" not in text and "Traceback" not in text, text
    said = [s for s in _segments(text) if s.startswith("pokercalc")]
    assert len(said) == 1 and said[0].startswith("pokercalc table: interrupted; "), text
    kept = len(list((tmp_path / "t.csv.parts").glob("*")))
    assert f"{kept} of 72 pieces done" in said[0], (said, kept)


def test_the_estimate_note_goes_above_the_bar(tmp_path: Path) -> None:
    proc, master = _start("equity", "AhKh | JJ+,AQs+ | random", "--exact", tmp=tmp_path)
    try:
        text = _read_until(master, proc, time.monotonic() + 60, want="about")
        os.killpg(proc.pid, signal.SIGINT)
        text += _finish(proc, master)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, text
    notes = [s for s in _segments(text) if "pokercalc: enumerating" in s]
    assert notes, text
    # (never printed into the progress bar's line: a line of its own)
    assert all(s.startswith("pokercalc: enumerating") for s in notes), notes
    assert "Traceback" not in text
