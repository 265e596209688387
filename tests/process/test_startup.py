"""Start-up cost: what a command's machine-readable path imports, checked in a fresh interpreter.

rich and the renderers are for tables, numpy and scipy for the flop study and
large problems: ``--json`` and ``--csv`` on a small problem load none of them
(issue 15, item 2).  Checked by module, not by timing, so it holds on any machine.
"""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from typing import Any

import pytest
from cli_runs import run_program

import pokercalc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(pokercalc.__file__)))
HEAVY = ("rich", "scipy", "numpy", "pokercalc.output.render", "pokercalc.texture")

PROBE = """
import sys
from typing import Any
from pokercalc.cli import cli
try:
    cli.main(sys.argv[1:], prog_name="pokercalc", standalone_mode=False)
finally:
    sys.stdout.flush()
    heavy = sorted(m for m in {heavy!r} if m in sys.modules)
    import json
    sys.stderr.write("\\nLOADED " + json.dumps(heavy) + "\\n")
"""


def loaded(*args: str, watch: tuple[str, ...] = HEAVY) -> tuple[list[str], str]:
    """The modules of ``watch`` loaded by ``pokercalc ARGS`` in a fresh interpreter, and its
    stdout."""
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(heavy=watch), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    line = [x for x in out.stderr.splitlines() if x.startswith("LOADED ")][-1]
    modules: list[str] = json.loads(line[len("LOADED ") :])
    return modules, out.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("equity", "AsAh | KsKh", "--json"),
        ("equity", "AhKh | QQ+,AKs,AKo", "--board", "Qh7h2c", "--csv"),
        ("eval", "AsKsQsJsTs", "--json"),
        ("query", "QQ+,AKs", "--json"),
    ],
)
def test_machine_output_loads_no_tables_numpy_or_scipy(args: tuple[str, ...]) -> None:
    modules, stdout = loaded(*args)
    assert stdout.strip(), "the command printed nothing"
    assert modules == [], f"pokercalc {' '.join(args)} imported {modules}"


def test_equity_json_is_complete() -> None:
    _, stdout = loaded("equity", "AsAh | KsKh", "--json")
    doc = json.loads(stdout)
    assert doc["result"]["players"][0]["equity_fraction"] == "707495/856152"


def test_players_given_as_hands_are_read_without_the_query_parser() -> None:
    # (its import and patterns cost a one-off command 3 ms)
    watch = ("pokercalc.ranges.query",)
    modules, stdout = loaded("equity", "AsAh | KsKh", "--json", watch=watch)
    assert modules == [] and json.loads(stdout)["result"]["players"][0]["combos"] == 1
    modules, _ = loaded("equity", "AsAh | QQ+", "--json", watch=watch)
    assert modules == ["pokercalc.ranges.query"]


def test_equity_json_makes_no_fraction_and_calls_no_gettext() -> None:
    # fractions (with decimal and numbers) 4.6 ms of a one-off command's start, gettext's
    # first call (importing locale) 2 ms: results.ExactFraction, cli's own --help and
    # --version options and Path
    watch = ("fractions", "decimal", "locale")
    code = f"import sys, click; print([m for m in {watch!r} if m in sys.modules])"
    floor = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert floor.returncode == 0, floor.stderr
    for args in [("equity", "AsAh | KsKh", "--json"), ("equity", "AhKh", "QQ+,AKs", "--json")]:
        modules, stdout = loaded(*args, watch=watch)
        assert str(modules) == floor.stdout.strip(), args
        assert "/" in json.loads(stdout)["result"]["players"][0]["equity_fraction"]


def _imported(*argv: str) -> set[str]:
    """The modules a fresh interpreter running ``argv`` imports (``-X importtime``)."""
    out = subprocess.run(
        [sys.executable, "-X", "importtime", *argv], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    return {
        line.rsplit("|", 1)[1].strip()
        for line in out.stderr.splitlines()
        if line.startswith("import time:")
    }


def test_the_command_does_not_import_signal() -> None:
    # (its enums of signals and handlers cost a one-off command a millisecond: __main__ and
    # core.runner take the functions from _signal)
    floor = _imported("-c", "import click")
    got = _imported("-m", "pokercalc", "equity", "AsAh | KsKh", "--json")
    assert "signal" not in floor  # (else there would be nothing to save)
    assert "signal" not in got and "pokercalc.core.runner" in got


def _command_modules() -> tuple[str, ...]:
    from pokercalc.cli import COMMANDS

    return tuple(sorted({f"pokercalc.cli.{where.split(':')[0]}" for where in COMMANDS.values()}))


def test_a_command_builds_its_own_options_alone() -> None:
    # (building every command's options cost a one-off command about 5 ms)
    modules, stdout = loaded("equity", "AsAh | KsKh", "--json", watch=_command_modules())
    assert modules == ["pokercalc.cli._equity"] and json.loads(stdout)["command"] == "equity"


def test_the_help_lists_every_command() -> None:
    from pokercalc.cli import COMMANDS

    modules, stdout = loaded("--help", watch=_command_modules())
    assert modules == list(_command_modules())
    assert all(f"  {name} " in stdout for name in COMMANDS)


ENV_PROBE = """
import os, sys
from pokercalc.cli import main
sys.argv = ["pokercalc", "--version"]
try:
    main()
except SystemExit:
    pass
print(os.environ.get("GOMP_SPINCOUNT"))
"""


@pytest.mark.parametrize(
    ("given", "seen"),
    [
        ({}, "10000"),
        ({"GOMP_SPINCOUNT": "300000"}, "300000"),
        ({"OMP_WAIT_POLICY": "active"}, "None"),
    ],
)
def test_the_command_lets_idle_openmp_threads_sleep_soon(given: dict[str, str], seen: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("GOMP_SPINCOUNT", "OMP_WAIT_POLICY")}
    env.update(given)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [sys.executable, "-c", ENV_PROBE], capture_output=True, text=True, env=env, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[-1] == seen


def test_tables_still_load_rich() -> None:
    modules, stdout = loaded("equity", "AsAh | KsKh")
    assert "rich" in modules and "pokercalc.output.render" in modules
    assert "82.6" in stdout


def test_import_pokercalc_is_light() -> None:
    code = (
        "import sys, pokercalc; "
        "print(sorted(m for m in ('click', 'rich', 'numpy', 'scipy') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


SPOTS = [
    ("AhKh | QQ+,AKs,AKo", "Qh7h2c", ""),
    ("AsAh | KsKh", "", ""),
    ("AA | KK | QQ", "", ""),
    ("AKs | AKs", "", ""),
    ("AhKh,AsKs | AhKh,AdKd | QQ", "", ""),
    ("AhKh | QQ+:0.5,AKs", "Qh7h2c", ""),
    ("AKs,AKo | 22", "2c3d4h", "5s"),
    ("T9s | 88 | A5s", "Kc7c2d", ""),
    ("AK | AK | KQ | AQ", "AdKc2s", ""),
]


@pytest.mark.parametrize(("players", "board", "dead"), SPOTS)
def test_small_setup_equals_numpy_setup(
    players: str, board: str, dead: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plain-Python set-up of small problems builds what the numpy one builds: the same
    arrays, suit symmetries, hand images and assignment count."""
    np = pytest.importorskip("numpy")
    from pokercalc.core.games import HOLDEM
    from pokercalc.core.validate import check_board_and_dead
    from pokercalc.engine import problem as eq
    from pokercalc.ranges.players import parse_players

    b, d = check_board_and_dead(board, dead, game=HOLDEM)
    ranges = parse_players(players, HOLDEM, b, d)
    built = []
    for small in (eq.SMALL_SETUP, 0):
        monkeypatch.setattr(eq, "SMALL_SETUP", small)
        prob = eq.Problem(list(ranges), b, d, HOLDEM)
        prob.find_symmetry()
        arrays = [np.asarray(a).tolist() for a in prob.arrays()]
        built.append((prob.group, np.asarray(prob.perm).tolist(), arrays))
    assert built[0] == built[1]
    prob = eq.Problem(list(ranges), b, d, HOLDEM)
    fixed = [r for r, rnd in zip(prob.ranges, prob.random_flags, strict=True) if not rnd]
    if len(fixed) >= 2:
        kernel = eq.Problem(fixed, b, d, HOLDEM).kernel()
        count = prob.count_assignments()[0] // math.prod(
            math.comb(52 - len(b) - len(d) - 2 * len(fixed) - 2 * j, 2)
            for j in range(prob.n - len(fixed))
        )
        assert count == kernel.count_assignments(10**9)


def test_own_help_version_and_path_options_behave_as_clicks(tmp_path: Any) -> None:
    from click.testing import CliRunner

    from pokercalc.cli import cli

    runner = CliRunner()
    version = runner.invoke(cli, ["--version"])
    assert (version.exit_code, version.output) == (
        0,
        f"pokercalc, version {pokercalc.__version__}\n",
    )
    for args in (["-h"], ["--help"], ["equity", "-h"], ["table", "--help"]):
        shown = runner.invoke(cli, args)
        assert shown.exit_code == 0
        assert re.search(r"^  -h, --help +Show this message and exit\.$", shown.output, re.M)
        assert shown.output.startswith("Usage: ")
    assert re.search(
        r"^  --version +Show the version and exit\.$", runner.invoke(cli, ["-h"]).output, re.M
    )
    assert "--plot FILE" in runner.invoke(cli, ["equity", "-h"]).output
    refused = runner.invoke(cli, ["equity", "AsAh | KsKh", "--plot", str(tmp_path)])
    assert refused.exit_code == 2 and "is a directory" in refused.output


def test_bare_pokercalc_as_a_program_exits_0() -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "pokercalc"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and "Commands:" in done.stdout and not done.stderr


@pytest.mark.parametrize("env", [{"OMP_THREAD_LIMIT": "1"}, {"OMP_DYNAMIC": "true"}])
def test_monte_carlo_with_a_restricted_openmp(env: dict[str, str]) -> None:
    args = ("equity", "AsKs|QQ", "--mc", "--trials", "40000", "--seed", "3", "--json")
    restricted = run_program(*args, env=env)
    assert restricted.returncode == 0, restricted.stderr
    free = run_program(*args)
    got = json.loads(restricted.stdout)["result"]
    assert got["trials"] == 40000
    # The same seed gives the same deals whatever team size OpenMP grants.
    assert got["players"] == json.loads(free.stdout)["result"]["players"]


def test_start_up_eats_no_winodds_row_budget() -> None:
    """Issue 42 item 14: ``winodds AsKs -n 3`` dealt 32,768 deals where the same row inside
    ``-n 1-9`` dealt millions: the process's start-up and the engine's first import of numpy
    came out of the lone row's 0.5 s.  A row's deals now do not depend on being alone."""
    from cli_runs import run_program

    def rows(*args: str) -> dict[int, dict[str, Any]]:
        p = run_program("winodds", "AsKs", *args, "--seed", "1", "--json", timeout=120)
        assert p.returncode == 0, p.stderr
        return {r["opponents"]: r for r in json.loads(p.stdout)["result"]["rows"]}

    alone = rows("-n", "3")[3]
    among = rows("-n", "2-4")[3]
    # (on a loaded machine the rates wander: a factor of three, not one of a hundred)
    assert alone["trials"] > among["trials"] / 3, (alone, among)
    assert alone["elapsed"] > 0.4
