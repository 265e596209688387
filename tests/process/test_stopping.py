"""One stopping convention, with real signals: the whole command ends, what is known is printed.

SIGINT exits 130 and SIGTERM 143 within half a second or so (the bound here is
looser for a loaded CI machine), JSON stays valid and says ``interrupted``;
progress shows on a terminal's stderr and never in a pipe.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_runs import start_program

from pokercalc.analysis.outs import find_outs

# Generous bounds: CI shares two cores between the test runner and the command.
START_DELAY = 2.0
STOP_WITHIN = 1.5


def _communicate(proc: subprocess.Popen[Any]) -> tuple[Any, Any]:
    """``proc.communicate`` within a minute; a command still running then is killed, so
    that its failure is this test's alone (a leftover process and its pipes once failed
    the next test too)."""
    try:
        return proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise


def _interrupt(args: list[str], sig: int = signal.SIGINT) -> tuple[int, str, str, float]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(START_DELAY)
    assert proc.poll() is None, "the command ended before the signal: pick a slower input"
    sent = time.perf_counter()
    proc.send_signal(sig)
    out, err = _communicate(proc)
    return proc.returncode, out, err, time.perf_counter() - sent


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_winodds_stops_as_a_whole(sig: int, status: int) -> None:
    code, out, err, waited = _interrupt(
        ["winodds", "AsKs", "-n", "1-9", "--time", "5", "--json"], sig
    )
    assert code == status, err
    assert waited < STOP_WITHIN
    result = json.loads(out)["result"]
    assert result["interrupted"] is True
    assert 1 <= len(result["rows"]) < 9  # not one more row after the signal
    assert "Traceback" not in err


def test_winodds_on_a_board_stops_in_the_potential_kernel() -> None:
    code, out, err, waited = _interrupt(
        ["winodds", "AsKs", "-n", "2-4", "--board", "2c7d9h", "--time", "10", "--json"]
    )
    assert code == 130 and waited < STOP_WITHIN, err
    assert json.loads(out)["result"]["interrupted"] is True


def test_outs_against_ranges_stops_as_a_whole() -> None:
    code, out, err, waited = _interrupt(
        # About 95 s of work on two cores (two randoms alone now take about 1 s).
        ["outs", "AsKs", "--board", "Ah7c2d", "--vs", "22+,A2+,K2+,Q2+,J2+",
         "--vs", "22+,A2+,K2+,Q2+", "--vs", "random", "--exact", "--json"]
    )  # fmt: skip
    assert code == 130 and waited < STOP_WITHIN, err
    result = json.loads(out)["result"]
    assert result["interrupted"] is True
    # Every card's outs and the odds stand (no engine run); equities only for cards done.
    assert len(result["cards"]) == result["unseen"] == 47
    assert sum(c["equity"] is not None for c in result["cards"]) < 47
    whole = find_outs("AsKs", "Ah7c2d")  # (ranges take no part in the rules)
    assert [c["card"] for c in result["cards"] if c["is_out"]] == [str(c) for c in whole.outs]
    assert result["hit_next_fraction"] == str(whole.hit_next) == "11/47"


def _pipe_full(fd: int, timeout: float = 60.0) -> None:
    """Wait until the pipe read at ``fd`` holds what it can (its writer then waits)."""
    import fcntl
    import termios

    size = fcntl.fcntl(fd, 1032)  # F_GETPIPE_SZ
    buf = bytearray(4)
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        fcntl.ioctl(fd, termios.FIONREAD, buf)
        if int.from_bytes(buf, sys.byteorder) >= size:
            return
        time.sleep(0.05)
    raise AssertionError("the command never filled its pipe")


@pytest.mark.parametrize(
    "args",
    [
        ["query", "AAxx", "--game", "omaha", "--json"],  # 202 KB of JSON (CSV: the same path)
        ["equity", "random | AsKs", "--breakdown", "1", "--combos"],  # an 86 KB table
    ],
)
def test_a_signal_while_the_output_waits_on_a_full_pipe_keeps_it_whole(args: list[str]) -> None:
    # Python's buffered writer dropped what a write waiting on a full pipe had left when
    # a signal came (64 KiB of JSON kept, the rest lost).
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert proc.stdout is not None
    _pipe_full(proc.stdout.fileno())
    proc.send_signal(signal.SIGINT)
    out, err = _communicate(proc)
    assert proc.returncode == 130, err
    whole = subprocess.run(
        [sys.executable, "-m", "pokercalc", *args], capture_output=True, check=True
    ).stdout

    def steady(text: bytes) -> list[bytes]:  # (but the footer's seconds and showdowns/s)
        return [x for x in text.splitlines() if "·".encode() not in x and b"/s" not in x]

    assert steady(out) == steady(whole) and len(out) > 80_000
    if "--json" in args:
        assert json.loads(out)["result"]["count"] == 6_961


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_equity_in_pieces_stops_at_the_first_signal(sig: int, status: int) -> None:
    # Pieces of about a second on two local workers; the first signal ends the run (it
    # once waited for the pieces running, then printed nothing).  The pieces done are a
    # random sample of the work (stratified batches of it): from four of them they estimate
    # the equities, with standard errors, so the signal comes once four are done.
    code, out, err, waited = _interrupt_after_pieces(
        ["equity", "AhKh | random | random", "--exact", "--jobs", "2", "--json"], sig, 4
    )
    assert code == status and waited < STOP_WITHIN, err
    result = json.loads(out)["result"]
    assert result["interrupted"] is True and result["method"] == "exact"
    assert result["pieces"] > 1 and 0 < result["done_fraction"] < 1
    players = result["players"]
    for p in players:
        assert p["equity"] is not None and p["stderr"] > 0
        assert p["equity_fraction"] is None and p["wins"] is None
    assert sum(p["equity"] for p in players) == pytest.approx(1.0)
    # (AKs against two random hands: 50.71% by Monte Carlo, 0.02% its standard error)
    assert abs(players[0]["equity"] - 0.507) < 5 * players[0]["stderr"]


@pytest.mark.parametrize("second", [signal.SIGINT, signal.SIGTERM])
def test_a_second_signal_keeps_what_the_first_one_kept(second: int) -> None:
    # `timeout -s INT` signals the command and then its process group: two signals at once.
    # The second one came while the pieces were merged, the workers ended or the JSON was
    # made, and the output was lost ("pokercalc: interrupted" alone, 5 runs in 6), or the
    # process died of it as Python shut down (status -2).
    proc = start_program("equity", "AhKh | random | random", "--exact", "--jobs", "2", "--json")
    time.sleep(START_DELAY)
    assert proc.poll() is None, "the command ended before the signal: pick a slower input"
    proc.send_signal(signal.SIGINT)
    proc.send_signal(second)
    out, err = _communicate(proc)
    assert proc.returncode in (130, 143), err
    result = json.loads(out)["result"]
    assert result["interrupted"] is True and result["pieces"] > 1
    assert "Traceback" not in err


def _interrupt_after_pieces(args: list[str], sig: int, pieces: int) -> tuple[int, str, str, float]:
    """:func:`_interrupt`, the signal sent once the count of pieces done that the command
    shows on a terminal (its stderr, a pseudo-terminal here) has reached ``pieces``: a fixed
    delay saw one piece done or six, as the machine was busy or not."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", *args],
        stdout=subprocess.PIPE,
        stderr=slave,
        text=True,
        env={**os.environ, "COLUMNS": "100", "TERM": "xterm"},
    )
    os.close(slave)
    seen = b""

    def read(wait: float) -> bool:
        """Add what the terminal shows within ``wait`` seconds to ``seen``; False at its end."""
        nonlocal seen
        if select.select([master], [], [], wait)[0]:
            try:
                seen += os.read(master, 65536)
            except OSError:  # (every process holding the terminal has ended)
                return False
        return True

    def done() -> int:
        """The most pieces shown done ("pieces ━━━ 4/263")."""
        counts = re.findall(rb"(\d+)/(\d+)", seen)
        return max((int(d) for d, n in counts if int(n) > 1), default=0)

    try:
        end = time.perf_counter() + 120
        while done() < pieces:
            assert proc.poll() is None, "the command ended before the signal: pick a slower input"
            assert time.perf_counter() < end, f"{done()} pieces done in two minutes"
            read(0.1)
        sent = time.perf_counter()
        proc.send_signal(sig)
        while proc.poll() is None and read(0.05):
            pass
        out, _ = _communicate(proc)
        waited = time.perf_counter() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        os.close(master)
    return proc.returncode, out, seen.decode(errors="replace"), waited


def test_monte_carlo_outs_stop_as_a_whole() -> None:
    # Omaha-6 against a random hand samples after each card: 30 s in all asked for.
    code, out, err, waited = _interrupt(
        ["outs", "AsKsQd7h2c8d", "--board", "Js9h3d", "--game", "omaha6", "--time", "30",
         "--json"]
    )  # fmt: skip
    assert code == 130 and waited < STOP_WITHIN, err
    result = json.loads(out)["result"]
    assert result["interrupted"] is True and result["method"] == "mc"
    done = [c for c in result["cards"] if c["equity"] is not None]
    assert len(done) < 43 and all(c["stderr"] for c in done)
    assert result["unseen"] == len(result["cards"]) == 43  # every card's outs stand
    assert result["count"] == sum(c["is_out"] for c in result["cards"]) > 0


def test_flops_stops_with_nothing_to_show_on_stdout() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", "flops", "AA", "ATC", "--threads", "1", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(0.9)  # start-up, then part of the all-flop walk
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    out, err = _communicate(proc)
    assert proc.returncode == 130, err
    assert time.perf_counter() - sent < STOP_WITHIN
    # Either the walk was cut (nothing is known) or the fit was (the equities are).
    if out:
        assert json.loads(out)["result"]["interrupted"] is True
    else:
        assert "interrupted; all-flop equities" in err


def _on_a_terminal(args: list[str], seconds: float) -> tuple[bytes, bytes]:
    """Run with stderr on a pseudo-terminal and stdout on a pipe; interrupt after ``seconds``."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", *args],
        stdout=subprocess.PIPE,
        stderr=slave,
        env={**os.environ, "COLUMNS": "100", "TERM": "xterm"},
    )
    os.close(slave)
    seen = b""
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
    proc.send_signal(signal.SIGINT)
    out, _ = _communicate(proc)
    os.close(master)
    return out, seen


def test_progress_shows_on_a_terminal_even_with_json_on_stdout() -> None:
    out, seen = _on_a_terminal(
        ["equity", "AsKs | 22+,A2+,K2+ | random", "--exact", "--json", "--threads", "1"], 3.5
    )
    assert b"computing" in seen and b"left" in seen
    assert json.loads(out)["result"]["interrupted"] is True


def test_no_progress_when_stderr_is_not_a_terminal() -> None:
    code, out, err, _ = _interrupt(["equity", "AsKs | 22+,A2+,K2+ | random", "--exact", "--json"])
    assert code == 130
    assert "computing" not in err and "\x1b[" not in err


@pytest.fixture
def cli_signals(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The command line's handlers of SIGINT and SIGTERM (and of interrupts Python drops) in
    this process for one test; the test runner's again after it, and the signals the test
    received forgotten (a SIGTERM left there gives a later command in this process exit 143)."""
    from pokercalc.core import runner

    monkeypatch.setattr(runner, "_received", [])
    old = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM), sys.unraisablehook
    runner.install_signal_handlers()
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old[0])
        signal.signal(signal.SIGTERM, old[1])
        sys.unraisablehook = old[2]


def test_a_signal_while_a_result_is_written_waits_for_the_last_line(cli_signals: None) -> None:
    from pokercalc.core import runner

    written = []
    with pytest.raises(runner.Terminated):
        with runner.deferred_signals():
            os.kill(os.getpid(), signal.SIGTERM)
            written.append("the whole result")
    assert written == ["the whole result"]
    assert runner.exit_status() == 143


def _invoke(args: list[str]) -> Any:
    """``pokercalc ARGS`` run in this process by click's test runner (with ``cli_signals``)."""
    from click.testing import CliRunner

    from pokercalc.cli import cli

    return CliRunner().invoke(cli, args)


def test_a_signal_while_json_is_made_stops_at_once_and_prints_nothing(
    monkeypatch: pytest.MonkeyPatch, cli_signals: None
) -> None:
    # The JSON of millions of Omaha hands takes seconds to make: Ctrl-C then stops the
    # command at once (it used to wait for the whole text), and stdout stays empty.
    from pokercalc.core import formats

    made = []
    real = formats.json_text

    def interrupted_json(obj: object, **kw: object) -> str:
        os.kill(os.getpid(), signal.SIGINT)
        made.append("the rest of the text")
        return real(obj, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(formats, "json_text", interrupted_json)
    res = _invoke(["eval", "AsKsQdJd", "-b", "Ts9h2c", "--game", "omaha", "--json"])
    assert made == []
    assert res.exit_code == 130 and res.stdout == ""
    # One line (click's own handler used to write an empty line first, for a terminal's "^C").
    assert res.stderr == "pokercalc: interrupted\n"


def test_a_signal_while_a_table_is_drawn_stops_at_once_and_prints_nothing(
    monkeypatch: pytest.MonkeyPatch, cli_signals: None
) -> None:
    # A breakdown by combo draws 1,225 rows, seconds of work, which Ctrl-C could not stop:
    # the table was drawn (twice, output/fit.py) with signals held, as if already written.
    from pokercalc.output import fit

    drawn = []
    real = fit.fit_all

    def interrupted_fit(renderable: Any) -> Any:
        os.kill(os.getpid(), signal.SIGINT)
        drawn.append("the table")
        return real(renderable)

    monkeypatch.setattr(fit, "fit_all", interrupted_fit)
    res = _invoke(["eval", "AsKsQdJd", "-b", "Ts9h2c", "--game", "omaha"])
    assert drawn == []
    assert res.exit_code == 130 and res.stdout == ""
    assert res.stderr == "pokercalc: interrupted\n"


@pytest.mark.parametrize("spot", ["options read", "context closed"])
def test_a_signal_in_clicks_own_code_is_one_line(
    monkeypatch: pytest.MonkeyPatch, cli_signals: None, spot: str
) -> None:
    # Click's own handler wrote an empty line to stderr before "pokercalc: interrupted"
    # (a signal as a command ended, its output whole, came through it too).
    import click

    sent = []

    def once() -> None:
        if not sent:
            sent.append(spot)
            os.kill(os.getpid(), signal.SIGINT)

    if spot == "options read":
        parse = click.Group.parse_args

        def interrupted_parse(self: click.Group, ctx: click.Context, args: list[str]) -> Any:
            once()
            return parse(self, ctx, args)

        monkeypatch.setattr(click.Group, "parse_args", interrupted_parse)
    else:
        from pokercalc.core import evaluator

        close, evaluate = click.Context.__exit__, evaluator.evaluate_hand
        ran = []

        def evaluate_hand(*args: Any) -> Any:
            ran.append(args)
            return evaluate(*args)

        def interrupted_exit(self: click.Context, *exc: Any) -> Any:
            if ran and self.parent is None:  # (the group's context, as the command ends)
                once()
            return close(self, *exc)

        monkeypatch.setattr(evaluator, "evaluate_hand", evaluate_hand)
        monkeypatch.setattr(click.Context, "__exit__", interrupted_exit)
    res = _invoke(["eval", "AsKsQsJsTs"])
    assert sent == [spot]
    assert (res.exit_code, res.stderr) == (130, "pokercalc: interrupted\n")
    assert ("Straight flush" in res.stdout) == (spot == "context closed")


class _Deaf:
    """An object whose ``__del__`` sends this process ``sig``: the handler then raises in the
    ``__del__``, where Python drops exceptions (as in importlib's weak reference callbacks,
    which end every import)."""

    def __init__(self, sig: int) -> None:
        self.sig = sig

    def __del__(self) -> None:
        os.kill(os.getpid(), self.sig)
        sum(range(10))  # (the handler runs at the latest here)


@pytest.mark.parametrize("writer", [False, True], ids=["command", "batch-writer"])
@pytest.mark.parametrize(("sig", "error"), [("SIGINT", KeyboardInterrupt), ("SIGTERM", None)])
def test_an_interrupt_python_drops_is_raised_again(
    cli_signals: None, writer: bool, sig: str, error: type[BaseException] | None
) -> None:
    # Python printed "Exception ignored in ..." and the run went on to its end, as if the
    # signal had never come (a 30 s run ran 30 s, exit 0).
    import contextlib
    import io

    from pokercalc.core import runner
    from pokercalc.pipelines.batch import LineWriter

    expected = error or runner.Terminated
    before = runner.signals_received()
    handlers = LineWriter(io.StringIO()) if writer else contextlib.nullcontext()
    with handlers, pytest.raises(expected) as raised:
        _Deaf(getattr(signal, sig))
        end = time.monotonic() + 30
        while time.monotonic() < end:  # (the interrupt comes back within milliseconds)
            pass
    assert raised.type is expected
    if not writer:  # (batch's writer keeps its own account)
        assert runner.signals_received() == before + 1
        assert runner.exit_status() == (143 if sig == "SIGTERM" else 130)


def _signal_while_a_class_is_made(sig: int = signal.SIGINT) -> None:
    """Make a class whose attribute's ``__set_name__`` gets ``sig``: Python (before 3.12)
    turns what the handler raises there into a RuntimeError, as for a Ctrl-C that comes
    while a module making a ``cached_property`` is imported."""

    class Named:
        def __set_name__(self, owner: type, name: str) -> None:
            os.kill(os.getpid(), sig)
            sum(range(10))  # (the handler runs at the latest here)

    type("Owner", (), {"deck": Named()})


def test_an_interrupt_python_wraps_in_its_own_error_is_an_interrupt(
    monkeypatch: pytest.MonkeyPatch, cli_signals: None
) -> None:
    # It was "Error: internal error (RuntimeError: Error calling __set_name__ on
    # 'cached_property' instance 'deck' in 'Game'); please report it", exit 1.
    from pokercalc.core import evaluator

    def evaluate_hand(*args: Any) -> Any:
        _signal_while_a_class_is_made()
        raise AssertionError("not reached")

    monkeypatch.setattr(evaluator, "evaluate_hand", evaluate_hand)
    res = _invoke(["eval", "AsKsQsJsTs"])
    assert (res.exit_code, res.stdout, res.stderr) == (130, "", "pokercalc: interrupted\n")


@pytest.mark.parametrize(("sig", "error"), [("SIGINT", KeyboardInterrupt), ("SIGTERM", None)])
def test_a_batch_line_stopped_by_a_wrapped_interrupt_stops_the_batch(
    cli_signals: None, sig: str, error: type[BaseException] | None
) -> None:
    # The line became an error line ("internal error") and the batch went on.
    from pokercalc.core.runner import Terminated
    from pokercalc.pipelines.batch import parse_scenario, run_scenario

    scenario = parse_scenario("AsKs | QQ ; ;", 1)
    assert scenario is not None

    def engine(*args: Any, **kw: Any) -> Any:
        _signal_while_a_class_is_made(getattr(signal, sig))
        raise AssertionError("not reached")

    with pytest.raises(error or Terminated) as raised:
        run_scenario(scenario, engine=engine)
    assert raised.type is (error or Terminated)

    def broken(*args: Any, **kw: Any) -> Any:
        raise RuntimeError("a bug")  # (a bug still costs its line only)

    assert run_scenario(scenario, engine=broken)["ok"] is False


#: Run in a fresh interpreter: the ``pokercalc`` command, sending itself ``SIG`` as the import of
#: click begins (the longest part of the start-up, before any of the command's own handlers).
_SIGNAL_IN_START_UP = """
import os, runpy, signal, sys

class SignalOnClick:
    def find_spec(self, name, path=None, target=None):
        if name == "click":
            os.kill(os.getpid(), signal.{sig})
        return None

sys.meta_path.insert(0, SignalOnClick())
sys.argv = ["pokercalc", "equity", "AsKs | QQ", "--mc", "--time", "5", "--json"]
runpy.run_module("pokercalc", run_name="__main__")
"""


@pytest.mark.parametrize(("sig", "status"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_signal_while_starting_ends_the_command_quietly(sig: str, status: int) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _SIGNAL_IN_START_UP.format(sig=sig)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (status, "", "")


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (["equity", "AsKs | QQ", "--mc", "--time", "1.5", "--seed", "1", "--json"], None),
        (["batch", "--mc", "--time", "0.6", "--seed", "1"], "AsKs | QQ ; ;\nJJ | AKs ; ;\n"),
    ],
)
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_the_shell_ignores_stays_ignored(
    args: list[str], stdin: str | None, sig: int
) -> None:
    # A script's background job starts with SIGINT ignored (Ctrl-C is for the foreground
    # job); the command used to catch it all the same once started, and end with 130.
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(sig, signal.SIG_IGN),
    )
    assert proc.stdin is not None
    proc.stdin.write(stdin or "")
    proc.stdin.close()
    proc.stdin = None  # (closed: communicate must not write)
    for delay in (0.05, 0.3, 0.5):  # starting, then running
        time.sleep(delay)
        proc.send_signal(sig)
    out, err = _communicate(proc)
    assert proc.returncode == 0, err
    docs = [json.loads(line) for line in out.splitlines()] if stdin else [json.loads(out)]
    for doc in docs:
        result = doc.get("result", doc)
        assert doc.get("ok", True) and not result.get("interrupted"), doc
    assert len(docs) == (2 if stdin else 1)


def _stop_after(proc: subprocess.Popen[str], delay: float, sig: int) -> tuple[str, str, float]:
    time.sleep(delay)
    sent = time.perf_counter()
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=30)
    return out, err, time.perf_counter() - sent


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_stops_an_exact_run_promptly(sig: int, status: int) -> None:
    proc = start_program(
        "equity", "AsKs | 22+,A2+,K2+ | random", "--exact", "--json", "--threads", "2"
    )
    out, err, waited = _stop_after(proc, 2.0, sig)
    assert proc.returncode == status, err
    assert waited < 1.5
    result = json.loads(out)["result"]
    assert result["interrupted"] is True and 0 < result["done_fraction"] < 1
    # The part done, a random sample of the work, estimates the equities, with their errors
    # (none when fewer than two of its batches were done: the first take a second or more
    # here); the exact fractions stay null.
    players = result["players"]
    assert result["method"] == "exact" and all(p["equity_fraction"] is None for p in players)
    if players[0]["equity"] is None:
        assert all(p["equity"] is None and p["stderr"] is None for p in players)
    else:
        assert all(p["stderr"] > 0 and 0 <= p["equity"] <= 1 for p in players)
        assert sum(p["equity"] for p in players) == pytest.approx(1.0)
    assert "Traceback" not in err


def test_a_signal_stops_a_monte_carlo_run_with_its_estimate() -> None:
    proc = start_program("equity", "AsKs | QQ", "--mc", "--time", "60", "--json")
    out, err, waited = _stop_after(proc, 1.5, signal.SIGINT)
    assert proc.returncode == 130, err
    assert waited < 1.0
    result = json.loads(out)["result"]
    assert result["interrupted"] is True and result["trials"] > 0
    for p in result["players"]:
        assert 0 < p["equity"] < 1 and 0 < p["stderr"] < 0.01


def test_a_signal_while_planning_keeps_the_shape_of_the_answer() -> None:
    proc = start_program("equity", "random | random | random", "--exact", "--json")
    out, err, waited = _stop_after(proc, 0.8, signal.SIGINT)
    assert proc.returncode == 130, err
    assert waited < 1.0
    if out:  # stopped after the players were parsed
        result = json.loads(out)["result"]
        assert result["interrupted"] is True and len(result["players"]) == 3


def test_a_long_forced_exact_run_says_so_first() -> None:
    proc = start_program(
        "equity", "AsKs | 22+,A2+,K2+ | random", "--exact", "--json", "--threads", "1"
    )
    # Wait for the notice itself, not a fixed time: a loaded machine parses slowly.
    assert proc.stderr is not None
    ready, _, _ = select.select([proc.stderr], [], [], 60.0)
    line = proc.stderr.readline() if ready else ""
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=30)
    assert line.startswith("pokercalc: enumerating 533,442,626,640 outcomes exactly; about")


def test_an_enumeration_of_an_estimated_count_stops_on_a_signal() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", "equity", "AAxx | AAxx | AAxx", "--game", "omaha",
         "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        time.sleep(2.0)
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        proc.kill()  # (a run that ignored the signal must not outlive the test)
    assert proc.returncode == 130, err
    result = json.loads(out)["result"]
    assert result["interrupted"] is True and result["players"][0]["equity"] is None


def test_sigterm_ends_the_whole_batch_with_whole_lines(tmp_path: Path) -> None:
    slow = tmp_path / "slow.txt"
    slow.write_text("AsKs | QQ ; 2c3d4h ;\n" + "AsKs | 22+,A2+,K2+ | random ; ;\n" * 3)
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", "batch", str(slow), "--jobs", "2", "--exact"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ},
    )
    time.sleep(2.5)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert time.perf_counter() - sent < 2.0
    assert proc.returncode == 143, err
    assert "Traceback" not in err
    for line in out.splitlines():
        assert json.loads(line)["ok"] is True  # every line printed is whole
