"""The examples of README.md and docs/*.md: found, run and compared (the docs' one convention).

Shared by ``tests/cli/test_docs_examples.py``, which fails when a page and the tool
disagree, and ``tools/update_docs_examples.py``, which rewrites the pages'
output from the tool.  The convention, for every fenced block of a page:

* **A console example** is a block whose first line starts with ``$ ``.  Each
  ``$ `` line is a command (a line ending in ``\\`` continues on the next),
  and the lines up to the next ``$ `` line are what it prints, stdout and
  stderr together.  A plain ``pokercalc ...`` command runs in-process through
  click's runner; a command with shell syntax (a pipe, a redirection, ``;``,
  ``$(...)``) or another program (``jq``, ``printf``) runs in ``bash -o
  pipefail`` with a ``pokercalc`` and a ``python`` of this checkout first on
  ``PATH`` (and ``tests/cli/jq_cli.py`` as ``jq`` where no jq program is
  installed), and is skipped, naming the program, when a program it needs is
  not installed.  Both see ``COLUMNS=80``, ``NO_COLOR=1``, no terminal, and
  ``OMP_NUM_THREADS=2`` (the docs' 2-core machine: thread counts, and so
  seeded Monte Carlo results, are the same everywhere).
  The exit status must be 0, or 2 when the output shows an ``Error:`` line
  (a shell example prints any other status it means to show: ``echo "exit $?"``).
* **A Python example** is a ```` ```python ```` block written as a doctest
  (``>>> `` and ``... `` lines followed by the output), run with doctest's
  ``ELLIPSIS`` option; a ```` ```python ```` block without ``>>>`` is run and
  must not raise.  Each block starts from a fresh namespace.
* **Commands without output**: a ```` ```sh ```` block without ``$ ``
  prompts (the ``--help`` examples in the generated docs/cli.md) is run line
  by line (a line ending in ``\\`` continues) and each command must exit 0;
  there is nothing to compare, so pages show output with ``$ `` instead.
* **A file** is a block whose info string holds ``file=NAME`` (```` ```toml
  file=equities.toml ````): its text is written to NAME for the examples
  below it on the same page.  All examples of a page run in order, in one
  temporary directory, so one may read what another wrote.
* **Not run**: a block right after a line ``<!-- not run: REASON -->`` (an
  installation, a benchmark, a timed run), and blocks of data and grammar
  whose info string names another language (``text``, ``json``, ``toml``,
  ``yaml``, ``cython``).  A block with no info string, or
  ``console``, must be a console example or be marked.

Output is compared line by line with trailing blanks and trailing empty lines
dropped.  The only normalisation is the doctest ellipsis, in the doc's text: a
line that is just ``...`` stands for any number of lines (none included), and
``...`` inside a line for any text on that line.  It is for what differs from
run to run (an elapsed time, a timed run's trials and seed) and for leaving out
the middle of a long output; Monte Carlo examples fix ``--seed`` and
``--trials`` instead.  A refresh writes the timings it knows (``TIMINGS``:
seconds in a footer, showdowns or deals per second, JSON's ``elapsed``) as
``...`` by itself; any other ellipsis is written by hand.
"""

from __future__ import annotations

import contextlib
import dataclasses
import doctest
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The width every example runs at.
COLUMNS = 80
#: The default thread count of every example (``OMP_NUM_THREADS``): the docs' 2-core machine.
THREADS = 2
#: Info strings of blocks that are console examples (or marked not run).
CONSOLE_LANGUAGES = frozenset({"", "sh", "console", "shell", "bash"})
#: Info strings of blocks of commands without their output (run; the exit status is checked).
SHELL_LANGUAGES = frozenset({"sh", "shell", "bash"})
PYTHON_LANGUAGES = frozenset({"python", "py", "pycon"})
#: Shell words that are not programs to look for on PATH.
_BUILTINS = frozenset(
    {"echo", "printf", "cd", "export", "set", "test", "true", "false", "exit", "kill", "wait"}
)
_NOT_RUN = re.compile(r"^<!--\s*not run:\s*(.*?)\s*-->\s*$")
_FENCE = re.compile(r"^(`{3,}|~{3,})(.*)$")
_OPERATORS = frozenset({"|", "||", "&&", ";", ">", ">>", "<", "&", "2>", "(", ")"})


def pages() -> list[Path]:
    """README.md and every page of docs/, in a fixed order."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@dataclasses.dataclass
class Example:
    """One thing a page asks to be run, with where its output lives in the page."""

    #: "console", "commands", "doctest", "python" or "file".
    kind: str
    #: 1-based line of the page where the command or code starts.
    line: int
    #: The command (console), the block's code (python, doctest) or the file's text.
    source: str
    #: Expected output (console) as lines; empty for the other kinds.
    expected: list[str] = dataclasses.field(default_factory=list)
    #: 0-based [start, end) lines of the page holding ``expected`` (console).
    span: tuple[int, int] = (0, 0)
    #: The file name (file blocks).
    name: str = ""


@dataclasses.dataclass
class Block:
    """A fenced block: its info string, 0-based line of the opening fence, body, mark."""

    info: str
    start: int
    body: list[str]
    not_run: str | None


def blocks(text: str) -> list[Block]:
    """The fenced blocks of a markdown page (top-level fences, ``` or ~~~)."""
    lines = text.split("\n")
    found: list[Block] = []
    i = 0
    previous = ""
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            if lines[i].strip():
                previous = lines[i]
            i += 1
            continue
        fence, info = m.group(1), m.group(2).strip()
        end = i + 1
        while end < len(lines) and not (
            lines[end].startswith(fence[0] * len(fence)) and not lines[end].strip(fence[0]).strip()
        ):
            end += 1
        mark = _NOT_RUN.match(previous)
        found.append(Block(info, i, lines[i + 1 : end], mark.group(1) if mark else None))
        previous = ""
        i = end + 1
    return found


def language(block: Block) -> str:
    """The block's language: the first word of its info string, lower case."""
    return block.info.split()[0].lower() if block.info.split() else ""


def file_name(block: Block) -> str | None:
    """NAME when the info string holds ``file=NAME``."""
    m = re.search(r"\bfile=(\S+)", block.info)
    return m.group(1) if m else None


def kind(block: Block) -> str:
    """What the convention makes of a block: console, commands, doctest, python, file, not run,
    data, or "unmarked" (a block that looks runnable but is neither an example nor marked)."""
    if block.not_run is not None:
        return "not run"
    if file_name(block):
        return "file"
    lang = language(block)
    if block.body and block.body[0].startswith("$ "):
        return "console"
    if lang in PYTHON_LANGUAGES:
        return "doctest" if any(ln.lstrip().startswith(">>>") for ln in block.body) else "python"
    if lang in SHELL_LANGUAGES and any(ln.strip() for ln in block.body):
        return "commands"
    if lang in CONSOLE_LANGUAGES:
        return "unmarked"
    return "data"


def examples(text: str) -> list[Example]:
    """The examples of a page, in page order."""
    found: list[Example] = []
    for block in blocks(text):
        what = kind(block)
        first = block.start + 1  # 0-based line of the body's first line
        if what == "file":
            body = "\n".join(block.body) + "\n"
            found.append(Example("file", first + 1, body, name=file_name(block) or ""))
        elif what in ("doctest", "python"):
            found.append(Example(what, first + 1, "\n".join(block.body) + "\n"))
        elif what == "commands":
            i = 0
            while i < len(block.body):
                start, command = i, block.body[i]
                while command.endswith("\\") and i + 1 < len(block.body):
                    i += 1
                    command = command + "\n" + block.body[i]
                i += 1
                if command.strip() and not command.lstrip().startswith("#"):
                    found.append(Example("commands", first + start + 1, command))
        elif what == "console":
            i = 0
            while i < len(block.body):
                start = i
                command = block.body[i][2:]
                while command.endswith("\\") and i + 1 < len(block.body):
                    i += 1
                    command = command + "\n" + block.body[i]
                i += 1
                out_start = i
                while i < len(block.body) and not block.body[i].startswith("$ "):
                    i += 1
                found.append(
                    Example(
                        "console",
                        first + start + 1,
                        command,
                        expected=block.body[out_start:i],
                        span=(first + out_start, first + i),
                    )
                )
    return found


# -- comparing -------------------------------------------------------------------------------


def clean(lines: list[str]) -> list[str]:
    """Lines with trailing blanks dropped, and trailing empty lines."""
    out = [ln.rstrip() for ln in lines]
    while out and not out[-1]:
        out.pop()
    return out


def _line_pattern(line: str) -> re.Pattern[str]:
    return re.compile("[^\n]*".join(re.escape(part) for part in line.split("...")))


def line_matches(expected: str, actual: str) -> bool:
    """Whether one expected line (``...`` inside it is any text) matches one printed line."""
    if "..." not in expected:
        return expected == actual
    return _line_pattern(expected).fullmatch(actual) is not None


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether the printed lines match the page's (ellipsis lines match any run of lines)."""
    return merge(expected, actual) == clean(expected)


#: Timings in the tool's output, which a refresh writes as ``...`` (each pattern's group 1).
TIMINGS = (
    re.compile(r"(?:^| )(\d[\d.]*)(?: ms| s)(?= ·|$|;|,)"),  # "0.350 s" in footers
    re.compile(r"(?:^| )([\d.,]+[kM]?) (?:showdowns|deals)/s"),  # "14.2M", "80.0k", "630"
    re.compile(r'"elapsed": ([\d.e-]+)'),
)


def unclock(line: str) -> str:
    """A printed line with its timings written ``...``, as a refreshed page shows them."""
    for pattern in TIMINGS:
        line = pattern.sub(lambda m: m.group(0).replace(m.group(1), "...", 1), line)
    return line


def keep_tail(old: str, new: str) -> str:
    """``new`` with the page's hand-written trailing ``,...`` kept where ``new`` ends in a
    number there (a CSV row's last column, such as ``elapsed``, that no timing pattern knows).

    >>> keep_tail("a,0.5,...", "a,0.6,0.0073")
    'a,0.6,...'
    >>> keep_tail("a,0.5,0.1", "a,0.6,0.0073")
    'a,0.6,0.0073'
    """
    if old.endswith(",...") and re.search(r",[\d.e+-]+$", new):
        return new[: new.rindex(",")] + ",..."
    return new


def merge(expected: list[str], actual: list[str]) -> list[str]:
    """The page's lines updated to the printed ones, changing as few lines as it can.

    Lines that still match are kept as written (with their ellipses), an ellipsis line keeps
    standing for the lines it covers, and the rest become what the tool printed: the smallest
    line-level edit, so a refreshed page shows a reviewable diff.
    """
    exp, act = clean(expected), clean(actual)
    n, m = len(exp), len(act)
    big = n + m + 1
    cost = [[big] * (m + 1) for _ in range(n + 1)]
    cost[0][0] = 0
    for i in range(n + 1):
        for j in range(m + 1):
            if i == 0 and j == 0:
                continue
            best = big
            if i and exp[i - 1] == "...":
                best = cost[i - 1][j]
                if j:
                    best = min(best, cost[i][j - 1])
            else:
                if i and j:
                    step = 0 if line_matches(exp[i - 1], act[j - 1]) else 1
                    best = cost[i - 1][j - 1] + step
                if i:
                    best = min(best, cost[i - 1][j] + 1)
                if j:
                    best = min(best, cost[i][j - 1] + 1)
            cost[i][j] = best
    out: list[str] = []
    i, j = n, m
    while i or j:
        if i and exp[i - 1] == "...":
            if j and cost[i][j] == cost[i][j - 1]:
                j -= 1
            else:
                out.append("...")
                i -= 1
            continue
        if i and j:
            same = line_matches(exp[i - 1], act[j - 1])
            if cost[i][j] == cost[i - 1][j - 1] + (0 if same else 1):
                out.append(exp[i - 1] if same else keep_tail(exp[i - 1], unclock(act[j - 1])))
                i, j = i - 1, j - 1
                continue
        if i and cost[i][j] == cost[i - 1][j] + 1:
            i -= 1
            continue
        out.append(unclock(act[j - 1]))
        j -= 1
    return out[::-1]


# -- running ---------------------------------------------------------------------------------


@dataclasses.dataclass
class Outcome:
    """What running one example gave: the printed lines, or why it was skipped or failed."""

    example: Example
    #: Printed lines (console), or the doctest's failure report.
    actual: list[str] = dataclasses.field(default_factory=list)
    ok: bool = True
    skipped: str = ""
    problem: str = ""
    #: Doctest examples whose output differed: (0-based page lines [start, end), new lines).
    rewrites: list[tuple[int, int, list[str]]] = dataclasses.field(default_factory=list)


def needs_shell(command: str) -> bool:
    """Whether a command needs a shell: shell syntax, or a program other than pokercalc."""
    if "$" in command or "`" in command or "\n" in command:
        return True
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    try:
        words = list(lexer)
    except ValueError:
        return True
    return not words or words[0] != "pokercalc" or any(w in _OPERATORS for w in words)


def programs(command: str) -> list[str]:
    """The programs a shell command runs (the words in command position)."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    try:
        words = list(lexer)
    except ValueError:
        return []
    found, expect = [], True
    for word in words:
        if word in {">", ">>", "<", ">&", "&>"}:
            expect = False  # a file name follows
        elif not word.strip("();<>|&"):
            expect = True
        elif expect and "=" not in word:
            found.append(word)
            expect = False
    found += re.findall(r"\$\(\s*([\w./-]+)", command)  # $(...), quoted or not
    return [w for w in dict.fromkeys(found) if w not in _BUILTINS]


def python_path(env: dict[str, str]) -> str:
    """``PYTHONPATH`` that makes a child import the pokercalc these tests import (a checkout's,
    even when the installed console script points elsewhere; an installed one from an sdist)."""
    import pokercalc

    home = str(Path(pokercalc.__file__).resolve().parent.parent)
    return os.pathsep.join(filter(None, [home, env.get("PYTHONPATH")]))


def _shims(where: Path) -> dict[str, str]:
    """A directory with ``pokercalc`` and ``python`` of this checkout; the environment to use."""
    bin_dir = where / ".bin"
    bin_dir.mkdir(exist_ok=True)
    # sys.argv[0] names the program as the console script does (shell completion reads it).
    entry = "import sys; sys.argv[0] = 'pokercalc'; from pokercalc.cli import main; main()"
    programs = [("pokercalc", f'-c "{entry}" "$@"'), ("python", '"$@"')]
    if shutil.which("jq") is None:
        # No jq program: jq's own library through the test extra's ``jq`` package.
        programs.append(("jq", f'"{Path(__file__).with_name("jq_cli.py")}" "$@"'))
    for name, args in programs:
        script = bin_dir / name
        script.write_text(f'#!/bin/sh\nexec "{sys.executable}" {args}\n')
        script.chmod(0o755)
    env = dict(os.environ)
    env.update(
        PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        PYTHONPATH=python_path(env),
        COLUMNS=str(COLUMNS),
        NO_COLOR="1",
        OMP_NUM_THREADS=str(THREADS),
    )
    env.pop("FORCE_COLOR", None)
    return env


#: What in-process commands printed, by command, so that a command two pages show (the
#: ``--help`` examples in docs/cli.md repeat the pages') runs once per test session.
_PRINTED: dict[tuple[str, ...], tuple[str, int]] = {}


def _in_process(command: str, where: Path) -> tuple[str, int]:
    """Output and exit status of a plain ``pokercalc ...`` command, run through click's runner."""
    from click.testing import CliRunner

    from pokercalc.cli import cli

    lexer = shlex.shlex(command, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    args = list(lexer)[1:]
    # A command that reads a file of the page depends on the page: never reused.
    reusable = not any((where / a).exists() for a in args if a not in ("-", ".", ""))
    if reusable and tuple(args) in _PRINTED:
        return _PRINTED[tuple(args)]
    with _chdir(where):
        result = CliRunner().invoke(
            cli,
            args,
            prog_name="pokercalc",
            terminal_width=COLUMNS,
            env={
                "COLUMNS": str(COLUMNS),
                "NO_COLOR": "1",
                "FORCE_COLOR": None,
                "OMP_NUM_THREADS": str(THREADS),
            },
        )
    output, status = result.output, result.exit_code
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        output += f"[{type(result.exception).__name__}: {result.exception}]\n"
    if reusable:
        _PRINTED[tuple(args)] = (output, status)
    return output, status


def _run_console(example: Example, where: Path, env: dict[str, str]) -> Outcome:
    command = example.source
    if needs_shell(command):
        missing = [p for p in programs(command) if shutil.which(p, path=env["PATH"]) is None]
        if missing:
            return Outcome(example, skipped=f"needs {', '.join(missing)} (not installed)")
        done = subprocess.run(
            ["bash", "-o", "pipefail", "-c", command],
            cwd=where,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=120,
        )
        output, status = done.stdout, done.returncode
    else:
        output, status = _in_process(command, where)
    actual = clean(output.split("\n"))
    if example.kind == "commands":
        problem = "" if status == 0 else f"exit status {status}, expected 0"
        return Outcome(example, actual=actual, ok=not problem, problem=problem)
    outcome = Outcome(example, actual=actual, ok=matches(example.expected, actual))
    shown = example.expected or actual  # a new example: the status its first output shows
    wanted = 2 if any(ln.startswith("Error:") for ln in shown) else 0
    if status != wanted:
        outcome.ok = False
        outcome.problem = f"exit status {status}, expected {wanted}"
    return outcome


class _Recorder(doctest.DocTestRunner):
    """A doctest runner that keeps, for each failing example, what it printed."""

    def __init__(self) -> None:
        super().__init__(optionflags=doctest.ELLIPSIS, verbose=False)
        self.got: list[tuple[doctest.Example, str]] = []

    def report_failure(self, out, test, example, got):  # type: ignore[no-untyped-def]
        self.got.append((example, got))
        super().report_failure(out, test, example, got)

    def report_unexpected_exception(self, out, test, example, exc_info):  # type: ignore[no-untyped-def]
        self.got.append((example, ""))
        super().report_unexpected_exception(out, test, example, exc_info)


def _run_python(example: Example, page: str) -> Outcome:
    if example.kind == "python":
        buffer = io.StringIO()
        try:
            with contextlib.redirect_stdout(buffer):
                exec(compile(example.source, f"{page}:{example.line}", "exec"), {})
        except Exception as e:  # noqa: BLE001 - any error is the example's failure
            return Outcome(example, ok=False, problem=f"{type(e).__name__}: {e}")
        return Outcome(example)
    test = doctest.DocTestParser().get_doctest(
        example.source, {"__name__": "__main__"}, page, page, example.line - 1
    )
    runner = _Recorder()
    report = io.StringIO()
    runner.run(test, out=report.write, clear_globs=True)
    outcome = Outcome(example, ok=not runner.failures, actual=report.getvalue().split("\n"))
    for ex, got in runner.got:
        # The want's lines sit right under the source's lines in the page.
        start = example.line - 1 + ex.lineno + ex.source.count("\n")
        end = start + ex.want.count("\n")
        if got:
            new = [" " * ex.indent + ln for ln in got.rstrip("\n").split("\n")]
            outcome.rewrites.append((start, end, new))
    return outcome


@contextlib.contextmanager
def _chdir(where: Path) -> Iterator[None]:
    """``contextlib.chdir`` (Python 3.11) for 3.10."""
    before = os.getcwd()
    os.chdir(where)
    try:
        yield
    finally:
        os.chdir(before)


@contextlib.contextmanager
def _workdir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="pokercalc-docs-") as where:
        yield Path(where)


def run_page(path: Path) -> list[Outcome]:
    """Run every example of a page in order, in a fresh temporary directory."""
    page = path.relative_to(ROOT).as_posix()
    outcomes: list[Outcome] = []
    with _workdir() as where:
        env = _shims(where)
        for example in examples(path.read_text("utf-8")):
            if example.kind == "file":
                (where / example.name).write_text(example.source, "utf-8")
            elif example.kind in ("console", "commands"):
                outcomes.append(_run_console(example, where, env))
            else:
                with _chdir(where):
                    outcomes.append(_run_python(example, page))
    return outcomes


def report(page: str, outcome: Outcome) -> str:
    """A failure, readable: where, the command, and a diff of page against tool."""
    import difflib

    ex = outcome.example
    head = f"{page}:{ex.line}: {ex.source.splitlines()[0] if ex.source else ''}"
    if outcome.problem and not outcome.actual:
        return f"{head}\n  {outcome.problem}"
    if ex.kind == "console":
        # The page against the page as a refresh would write it: only what differs.
        diff = difflib.unified_diff(
            clean(ex.expected),
            merge(ex.expected, outcome.actual),
            "the page",
            "the tool",
            lineterm="",
            n=2,
        )
        extra = f"\n  {outcome.problem}" if outcome.problem else ""
        return f"{head}{extra}\n" + "\n".join(diff)
    extra = f"\n  {outcome.problem}" if outcome.problem else ""
    return f"{head}{extra}\n" + "\n".join(outcome.actual)


def updated(text: str, outcomes: list[Outcome]) -> str:
    """The page with every example's output replaced by what the tool printed."""
    lines = text.split("\n")
    edits: list[tuple[int, int, list[str]]] = []
    for outcome in outcomes:
        ex = outcome.example
        stale = not outcome.skipped and not matches(ex.expected, outcome.actual)
        if ex.kind == "console" and stale:
            edits.append((*ex.span, merge(ex.expected, outcome.actual)))
        edits.extend(outcome.rewrites)
    for start, end, new in sorted(edits, reverse=True):
        lines[start:end] = new
    return "\n".join(lines)
