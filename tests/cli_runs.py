"""Running pokercalc in tests: in-process through click's CliRunner, or as a program.

Every layer imports these by name (tests/conftest.py puts tests/ on ``sys.path``):
``invoke`` (and ``one_line_error`` to read a refusal) for the command-line tests,
``run_program`` and ``start_program`` for the child processes of tests/process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from typing import Any

from click.testing import CliRunner, Result

from pokercalc.cli import cli

#: The installed command as a child process: this interpreter's ``python -m pokercalc``.
POKERCALC = (sys.executable, "-m", "pokercalc")


def invoke(
    *args: str,
    input: str | None = None,
    env: Mapping[str, str] | None = None,
    columns: int | None = None,
) -> Result:
    """``pokercalc ARGS`` in this process; ``columns`` sets the terminal's width (``COLUMNS``)."""
    extra = {**(env or {}), **({} if columns is None else {"COLUMNS": str(columns)})}
    return CliRunner().invoke(cli, list(args), input=input, env=extra or None)


def run_program(
    *args: str, env: Mapping[str, str] | None = None, timeout: float = 60, **kwargs: Any
) -> subprocess.CompletedProcess[str]:
    """``python -m pokercalc ARGS`` to its end, stdout and stderr captured as text; ``env``
    adds to this process's environment."""
    return subprocess.run(
        [*POKERCALC, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
        **kwargs,
    )


def start_program(*args: str, **kwargs: Any) -> subprocess.Popen[str]:
    """``python -m pokercalc ARGS`` started, stdout and stderr piped as text."""
    return subprocess.Popen(
        [*POKERCALC, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs
    )


def one_line_error(result: Result, status: int = 2) -> str:
    """The one ``Error:`` line a refused command printed on stderr (exit ``status``, no
    traceback)."""
    assert result.exit_code == status, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:"), result.stderr
    assert "Traceback" not in result.output
    return lines[0]
