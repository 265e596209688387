"""Write docs/cli.md, the command-line reference, from the click commands themselves.

Run ``python tools/make_cli_docs.py`` after changing a command; a test fails
while docs/cli.md and the commands disagree.
"""

from __future__ import annotations

import inspect
import os
import sys

import click

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "docs", "cli.md")


def _markdown(helptext: str) -> str:
    """Help text as markdown: a paragraph click keeps as written (``\\b``, the examples) becomes
    its first line and a shell block of the rest."""
    out = []
    for para in helptext.split("\n\n"):
        lines = para.split("\n")
        if lines[0].strip() != "\b":
            out.append(para)
            continue
        body = inspect.cleandoc("\n".join(lines[2:]))
        out.append(f"{lines[1].strip()}\n\n```sh\n{body}\n```")
    return "\n\n".join(out)


def render() -> str:
    """The reference page as markdown."""
    from pokercalc.cli import cli

    # make_context applies the group's settings (-h as well as --help).
    ctx = cli.make_context("pokercalc", [], resilient_parsing=True)
    lines = [
        "# Command-line reference",
        "",
        "Generated from the commands by `tools/make_cli_docs.py`; `pokercalc COMMAND --help`",
        "prints the same. Every command prints one line on stderr and exits with",
        "status 2 on bad input.",
        "",
        'Cards are written together (`4dAc5d`), apart inside quotes (`"4d Ac 5d"`) or with',
        'the suit symbols the tables print (`4♦A♣5♦`, `"A♠ K♠"`). Cards apart without quotes',
        "reach pokercalc as separate arguments, and the error says to quote them.",
        "",
        "Shell completion of commands and options: add",
        '`eval "$(_POKERCALC_COMPLETE=bash_source pokercalc)"` to `~/.bashrc`',
        "(`zsh_source` in `~/.zshrc`), or for fish write `_POKERCALC_COMPLETE=fish_source",
        'pokercalc` to `~/.config/fish/completions/pokercalc.fish` (README.md, "Commands").',
        "It completes `--game` with the games the command plays, and file names.",
        "",
    ]
    for name in sorted(cli.list_commands(ctx)):
        cmd = cli.get_command(ctx, name)
        sub = cmd.make_context(name, [], parent=ctx, resilient_parsing=True)
        lines += [f"## pokercalc {name}", "", "```text", cmd.get_usage(sub), "```", ""]
        helptext = _markdown(inspect.cleandoc(click.unstyle(cmd.help or "")))
        lines += [helptext, "", "| option | meaning |", "| --- | --- |"]
        for param in cmd.get_params(sub):
            record = param.get_help_record(sub)
            if record is None:
                continue
            opts, text = record
            opts, text = opts.replace("|", "\\|"), text.replace("|", "\\|")
            lines.append(f"| `{opts}` | {text} |")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    text = render()
    if "--check" in sys.argv:
        sys.exit(0 if open(OUT).read() == text else 1)
    with open(OUT, "w") as f:
        f.write(text)
