"""docs/omaha.md: every ``$ pokercalc ...`` example prints what the page shows."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokercalc.cli import cli

DOC = Path(__file__).resolve().parent.parent / "docs" / "omaha.md"


def _blocks() -> list[tuple[str, str]]:
    return re.findall(r"```\n\$ (pokercalc [^\n]*)\n(.*?)```", DOC.read_text("utf-8"), re.S)


def test_the_page_has_examples() -> None:
    assert len(_blocks()) >= 5


@pytest.mark.parametrize(("command", "output"), _blocks(), ids=lambda x: x[:70])
def test_each_example_prints_what_the_page_shows(command: str, output: str) -> None:
    result = CliRunner().invoke(cli, shlex.split(command)[1:], terminal_width=80)
    assert result.exit_code == (2 if output.startswith("Error:") else 0), result.output
    printed = "\n".join(line.rstrip() for line in result.output.splitlines()) + "\n"
    assert printed == "\n".join(line.rstrip() for line in output.splitlines()) + "\n"
