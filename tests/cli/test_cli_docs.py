"""The command line documents itself: help everywhere, docs/cli.md and README up to date."""

from __future__ import annotations

import os
import re
import shlex

import click
import pytest
from cli_runs import invoke

from pokercalc.cli import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
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


def test_docs_cli_md_covers_every_command_and_option() -> None:
    """docs/cli.md (tools/make_cli_docs.py) names every option of every command with its help.

    Compared by content, not byte for byte, so click's formatting of types may change.
    """
    with open(os.path.join(ROOT, "docs", "cli.md"), encoding="utf-8") as f:
        text = f.read()
    sections = {s.split("\n", 1)[0].strip(): s for s in text.split("## pokercalc ")[1:]}
    assert sorted(sections) == COMMANDS, "run: python tools/make_cli_docs.py"
    for name in COMMANDS:
        cmd = cli.get_command(click.Context(cli), name)
        for param in cmd.params:
            if isinstance(param, click.Option):
                assert param.opts[0] in sections[name], f"{name} {param.opts[0]}: regenerate"
                first = (param.help or "").replace("|", "\\|").split(".")[0]
                assert first in sections[name], f"{name} {param.opts[0]} help: regenerate"


def test_ci_runs_the_readmes_test_command_as_written() -> None:
    """CI (.ci/run) runs the README's install-and-test line verbatim, so the two never drift."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    command = readme.split("Install and run the tests:", 1)[1].split("```sh\n", 1)[1]
    command = command.split("\n", 1)[0]
    assert "pytest" in command
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        assert command in f.read().splitlines()


# --- help -----------------------------------------------------------------------------------


def test_bare_pokercalc_prints_its_help_and_exits_0() -> None:
    result = invoke(columns=80)
    assert result.exit_code == 0, result.output
    assert re.match(r"Usage: \S+ \[OPTIONS\] \[?COMMAND\]?", result.output)  # click 8.5 brackets it
    assert "Commands:" in result.output and "Error" not in result.output
    for name in cli.commands:
        assert f"  {name} " in result.output
    assert result.output == invoke("--help", columns=80).output


def _examples(command: click.Command) -> list[str]:
    """The command lines of a help text's example block (a ``\\b`` paragraph)."""
    lines = (command.help or "").splitlines()
    blocks = [i for i, line in enumerate(lines) if line.strip() == "\b"]
    out = []
    for i in blocks:
        for line in lines[i + 2 :]:
            if not line.strip():
                break
            out.append(line.strip())
    return out


@pytest.mark.parametrize("name", sorted(cli.commands))
@pytest.mark.parametrize("width", (40, 80))
def test_help_examples_paste_in_one_piece(name: str, width: int) -> None:
    """Each example sits whole on one line of --help, with no prompt before it, and parses."""
    command = cli.commands[name]
    examples = _examples(command)
    assert examples, f"{name} --help has no example"
    text = invoke(name, "--help", columns=width).output
    for example in examples:
        assert any(line.strip() == example for line in text.splitlines()), text
        assert not example.startswith(("$", ">", "%"))
        words = shlex.split(re.split(r"\|\s*(?=pokercalc )", example)[-1])  # after a pipe
        assert words[:2] == ["pokercalc", name], example
        command.make_context(name, words[2:])  # the arguments parse


def test_group_help_examples_paste_in_one_piece() -> None:
    text = invoke("--help", columns=40).output
    for example in _examples(cli):
        assert any(line.strip() == example for line in text.splitlines()), text


def test_command_list_summaries_are_whole_sentences() -> None:
    text = invoke("--help", columns=120).output
    commands = text.split("Commands:")[1].splitlines()[1:]
    assert all(line.rstrip().endswith(".") for line in commands if line.strip()), text
