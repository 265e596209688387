"""The command line documents itself: help everywhere, docs/cli.md and README up to date."""

from __future__ import annotations

import os
import runpy

import click
import pytest

from pokercalc.cli import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMANDS = sorted(cli.list_commands(click.Context(cli)))


def test_the_commands_of_the_product_exist() -> None:
    assert {"eval", "equity", "query", "outs", "draws", "winodds"} <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_and_option_has_help(name: str) -> None:
    ctx = click.Context(cli)
    cmd = cli.get_command(ctx, name)
    assert cmd.help and len(cmd.help.split()) >= 5
    for param in cmd.params:
        if isinstance(param, click.Option):
            assert param.help, f"{name} {param.opts} has no help"


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_is_in_the_readme(name: str) -> None:
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        assert f"`pokercalc {name}" in f.read()


def test_docs_cli_md_is_generated_from_the_commands() -> None:
    tool = runpy.run_path(os.path.join(ROOT, "tools", "make_cli_docs.py"))
    with open(os.path.join(ROOT, "docs", "cli.md"), encoding="utf-8") as f:
        assert f.read() == tool["render"](), "run: python tools/make_cli_docs.py"
