"""Broken pipes (issue 42 item 15): when the reader of a command's output goes away, every
command stops quietly, nothing on stderr, with exit status 141 (docs/stopping.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pokercalc.cli import BROKEN_PIPE_STATUS

ROOT = Path(__file__).resolve().parents[2]
BATCH = '{"players": "AsKs | QQ"}\n' * 20

#: (name, arguments, stdin): a command of each kind of output.
CASES: list[tuple[str, list[str], str]] = [
    ("query-list", ["query", "random", "--list"], ""),
    ("query-table", ["query", "QQ+,AK"], ""),
    ("hits-list", ["hits", "random", "--board", "Kh7c2d", "--list"], ""),
    ("equity-table", ["equity", "AsKs", "QQ"], ""),
    ("equity-json", ["equity", "AsKs", "QQ", "--json"], ""),
    ("eval-csv", ["eval", "AsKsQsJsTs", "--csv"], ""),
    (
        "flops-csv-stdout",
        ["flops", "AA", "ATC", "--time-limit", "0.2", "--csv", "/dev/stdout"],
        "",
    ),
    ("table", ["table", "preflop-headsup", "--hands", "AA,KK"], ""),
    ("batch", ["batch"], BATCH),
]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env["OMP_NUM_THREADS"] = "1"
    return env


@pytest.mark.parametrize(("name", "args", "stdin"), CASES, ids=[c[0] for c in CASES])
def test_a_reader_gone_ends_the_command_quietly_with_141(
    name: str, args: list[str], stdin: str
) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first byte: every write breaks the pipe
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pokercalc", *args],
            input=stdin.encode(),
            stdout=write,
            stderr=subprocess.PIPE,
            env=_env(),
            timeout=120,
            check=False,
        )
    finally:
        os.close(write)
    assert done.returncode == BROKEN_PIPE_STATUS == 141, done.stderr.decode()
    assert done.stderr == b"", done.stderr.decode()


def test_a_reader_that_leaves_after_one_line() -> None:
    # As `| head -1`: the first line arrives whole, then the command stops with 141.
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", "query", "random", "--list"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(),
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    status = proc.wait(timeout=60)
    assert first == b"AsAh\n"
    # 0 only if every line fitted in the pipe before the reader left
    assert status in (0, 141) and err == b"", err.decode()


def test_the_convention_is_documented() -> None:
    text = (ROOT / "docs" / "stopping.md").read_text(encoding="utf-8")
    assert "broken pipes" in text and "**141**" in text
