"""Every example in README.md and docs/ prints what the page shows (tests/cli/docs_examples.py).

A failure shows the page's output against the tool's; when the tool is right,
``python tools/update_docs_examples.py`` rewrites the pages and the diff is
the review.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import docs_examples as dx
import pytest

PAGES = dx.pages()


def _name(path: object) -> str:
    return dx.Path(str(path)).relative_to(dx.ROOT).as_posix()


@pytest.mark.process
@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_every_example_prints_what_the_page_shows(path: dx.Path) -> None:
    outcomes = dx.run_page(path)
    failed = [o for o in outcomes if not o.ok and not o.skipped]
    if failed:
        pytest.fail("\n\n".join(dx.report(_name(path), o) for o in failed), pytrace=False)
    skipped = sorted({o.skipped for o in outcomes if o.skipped})
    if skipped:
        ran = sum(not o.skipped for o in outcomes)
        pytest.skip(f"{ran} examples matched; {len(outcomes) - ran} skipped: {'; '.join(skipped)}")


@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_every_block_is_run_or_marked(path: dx.Path) -> None:
    """A block that looks runnable is an example, or says why it is not run."""
    text = path.read_text("utf-8")
    for block in dx.blocks(text):
        where = f"{_name(path)}:{block.start + 1}"
        assert dx.kind(block) != "unmarked", (
            f"{where}: start the block's commands with '$ ' and show their output, "
            "or put '<!-- not run: REASON -->' above it"
        )
        assert block.not_run != "", f"{where}: say why the block is not run"
    fenced = {i for b in dx.blocks(text) for i in range(b.start, b.start + len(b.body) + 2)}
    for i, line in enumerate(text.split("\n")):
        if i not in fenced and re.match(r" {4,}(\$ )?pokercalc ", line):
            pytest.fail(f"{_name(path)}:{i + 1}: an indented command; make it a fenced example")


def test_the_pages_have_examples() -> None:
    counts = {_name(p): len(dx.examples(p.read_text("utf-8"))) for p in PAGES if p.name != "cli.md"}
    assert all(counts.values()), counts
    assert counts["docs/omaha.md"] >= 5
    assert sum(counts.values()) >= 80


def test_commands_go_to_the_shell_only_when_they_need_it() -> None:
    assert not dx.needs_shell('pokercalc equity "AsKs | QQ" --board 4dAc5d  # the | is quoted')
    assert dx.needs_shell("pokercalc equity AsKs QQ --json | jq .result.seed")
    assert dx.needs_shell('pokercalc batch spots.txt > spots.jsonl; echo "exit $?"')
    assert dx.needs_shell("jq -r .id spots.jsonl")
    assert dx.programs("pokercalc batch - | jq -r '.x | @csv' > out.csv") == ["pokercalc", "jq"]
    assert dx.programs('pokercalc equity --seed "$(jq .seed run.json)" AsKs') == [
        "pokercalc",
        "jq",
    ]


@pytest.mark.parametrize(
    ("expected", "actual", "ok"),
    [
        (["a", "b"], ["a", "b  ", ""], True),
        (["a", "...", "d"], ["a", "b", "c", "d"], True),
        (["a", "...", "b"], ["a", "b"], True),
        (["elapsed ... s"], ["elapsed 0.013 s"], True),
        (["elapsed ... s"], ["elapsed 0.013"], False),
        (["a", "b"], ["a", "c"], False),
        (["..."], [], True),
    ],
)
def test_the_ellipsis(expected: list[str], actual: list[str], ok: bool) -> None:
    assert dx.matches(expected, actual) is ok


def test_a_refresh_changes_only_what_changed() -> None:
    page = ["head ...", "...", "x 1", "y 2", "z"]
    assert dx.merge(page, ["head 9", "skipped", "x 1", "y 3", "z"]) == [
        "head ...",
        "...",
        "x 1",
        "y 3",
        "z",
    ]
    assert dx.merge(["a", "b"], ["a", "new", "b"]) == ["a", "new", "b"]
    assert dx.merge(["a", "gone", "b"], ["a", "b"]) == ["a", "b"]


def test_a_refreshed_page_reads_back() -> None:
    text = "intro\n```\n$ pokercalc x\nold\n$ pokercalc y\nkept\n```\n"
    examples = dx.examples(text)
    outcomes = [
        dx.Outcome(examples[0], actual=["new", "lines"], ok=False),
        dx.Outcome(examples[1], actual=["kept"]),
    ]
    new = dx.updated(text, outcomes)
    assert new == "intro\n```\n$ pokercalc x\nnew\nlines\n$ pokercalc y\nkept\n```\n"
    assert [e.expected for e in dx.examples(new)] == [["new", "lines"], ["kept"]]


@pytest.mark.process
@pytest.mark.parametrize(
    ("shell", "needle"),
    [
        ("bash", "complete -o nosort -F _pokercalc_completion pokercalc"),
        ("zsh", "compdef _pokercalc_completion pokercalc"),
        ("fish", "complete --no-files --command pokercalc"),
    ],
)
def test_shell_completion_scripts_come_from_the_installed_command(shell: str, needle: str) -> None:
    """The README's completion recipe: ``_POKERCALC_COMPLETE=SHELL_source pokercalc``."""
    exe = shutil.which("pokercalc")
    assert exe is not None, "the pokercalc console script is not installed (pip install -e .)"
    env = dict(os.environ, _POKERCALC_COMPLETE=f"{shell}_source")
    # The pokercalc under test first, in case the installed script points at another one.
    env["PYTHONPATH"] = dx.python_path(env)
    done = subprocess.run([exe], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert needle in done.stdout


@pytest.mark.process
def test_completion_completes_commands_and_options() -> None:
    exe = shutil.which("pokercalc")
    assert exe is not None, "the pokercalc console script is not installed (pip install -e .)"
    env = dict(os.environ, _POKERCALC_COMPLETE="bash_complete")
    env["PYTHONPATH"] = dx.python_path(env)
    cases = (("pokercalc eq", "1", "plain,equity"), ("pokercalc equity --se", "2", "plain,--seed"))
    for words, cword, want in cases:
        env.update(COMP_WORDS=words, COMP_CWORD=cword)
        done = subprocess.run([exe], capture_output=True, text=True, env=env, timeout=60)
        assert want in done.stdout.splitlines(), done.stdout + done.stderr


@pytest.mark.process
def test_every_python_name_the_docs_give_exists() -> None:
    """``pokercalc.a.b`` in a page resolves as written: the module imported, then attributes."""
    names = set()
    for path in PAGES:
        names |= set(re.findall(r"`(pokercalc(?:\.\w+)+)", path.read_text("utf-8")))
    assert len(names) >= 10
    code = (
        "import importlib, sys\n"
        "for name in sys.argv[1:]:\n"
        "    parts = name.split('.')\n"
        "    for i in range(len(parts), 0, -1):\n"
        "        try:\n"
        "            obj = importlib.import_module('.'.join(parts[:i]))\n"
        "            break\n"
        "        except ImportError:\n"
        "            continue\n"
        "    for attr in parts[i:]:\n"
        "        if not hasattr(obj, attr):\n"
        "            print(name)\n"
        "            break\n"
        "        obj = getattr(obj, attr)\n"
    )
    env = dict(os.environ, PYTHONPATH=dx.python_path({}))
    done = subprocess.run(
        [sys.executable, "-c", code, *sorted(names)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "", f"documented but missing: {done.stdout.split()}"


@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_monte_carlo_examples_fix_their_seed(path: dx.Path) -> None:
    """A sampled result on a page is reproducible: its command gives ``--seed`` (or a file
    that does), unless it is a timed run whose figures the page writes ``...``."""
    files: dict[str, str] = {}
    for ex in dx.examples(path.read_text("utf-8")):
        if ex.kind == "file":
            files[ex.name] = ex.source
        if ex.kind != "console":
            continue
        shown = "\n".join(ex.expected)
        shown += "".join(text for name, text in files.items() if name in ex.source.split())
        sampled = "--mc" in ex.source or any(
            word in shown for word in ("Monte Carlo", "±", "│ mc ", '"method": "mc"')
        )
        if sampled and "--time" not in ex.source:
            assert "--seed" in ex.source or "seed" in shown, f"{_name(path)}:{ex.line}"
