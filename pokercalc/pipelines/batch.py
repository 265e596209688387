"""Many equity scenarios in one run: parse lines, run them on any executor, stream JSON lines.

A scenario is one line of text, either the plain form ``PLAYERS ; board ; dead``
(board and dead optional, players split at the top-level ``|``) or a JSON
object (keys below).  Blank lines and lines starting with ``#`` are skipped.
Every other line yields exactly one JSON line (docs/output.md): the equity
result, or an error object naming the line; output order is input order.

>>> s = parse_scenario("AsKs | QQ ; 4dAc5d ;", 3)
>>> s.line, s.players, s.board, s.dead
(3, ('AsKs', 'QQ'), '4dAc5d', '')
>>> parse_scenario('{"players": ["AhAd", "KK"], "seed": 7, "id": "x"}', 4).options
{'seed': 7}
>>> parse_scenario("  # a comment", 5) is None
True
>>> parse_scenario("AsKs ; 4d ; ; 5c", 6)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.ParseError: line 6: expected 'PLAYERS ; board ; dead', got 4 fields
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from typing import IO, TYPE_CHECKING, Any

from pokercalc.core.runner import Wakeup, interrupt_of, write_whole
from pokercalc.errors import InputError, InternalError, ParseError, PokercalcError

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

__all__ = [
    "ENGINE_OPTIONS",
    "Scenario",
    "parse_scenario",
    "iter_scenarios",
    "run_scenario",
    "scenario_line",
    "error_line",
    "unique_keys",
    "run_batch",
    "LineWriter",
]

#: engine options a line (or the shared command-line options) may set, with their JSON types
ENGINE_OPTIONS: dict[str, tuple[type, ...]] = {
    "game": (str,),
    "method": (str,),
    "trials": (int,),
    "time": (int, float),
    "stderr": (int, float),
    "seed": (int,),
    "threads": (int,),
    "threshold": (int, float),
}
_JSON_KEYS = {"players", "board", "dead", "id", *ENGINE_OPTIONS}
_METHODS = ("auto", "exact", "mc")


@dataclass(frozen=True)
class Scenario:
    """One parsed input line: players, cards and the engine options the line sets."""

    line: int  #: 1-based line number in the input
    players: tuple[str, ...]  #: one expression per player, as typed (trimmed)
    board: str = ""  #: board cards as typed
    dead: str = ""  #: dead cards as typed
    options: Mapping[str, Any] = field(default_factory=dict)  #: engine options set by the line
    id: Any = None  #: the JSON form's ``id``, echoed in the output line


def players_field(players: Any, where: str) -> list[str]:
    """A scenario's ``players``: a list of expressions or one ``A | B`` string."""
    if isinstance(players, str):
        players = _split_players(players)
    if (
        not isinstance(players, list)
        or not players
        or not all(isinstance(p, str) and p.strip() for p in players)
    ):
        raise InputError(f"{where}: 'players' must be a non-empty list of strings or 'A | B'")
    return players


def _split_players(text: str) -> list[str]:
    """Players of ``A | B | C`` at the top level (the range module's splitter)."""
    from pokercalc.ranges.notation import split_players

    return [p.strip() for p in split_players(text)]


def check_option(name: str, value: Any, where: str) -> Any:
    """``value`` for engine option ``name`` after a type and range check."""
    kinds = ENGINE_OPTIONS[name]
    if isinstance(value, bool) or not isinstance(value, kinds):
        want = "a string" if kinds == (str,) else "an integer" if kinds == (int,) else "a number"
        raise InputError(f"{where}: {name!r} must be {want}, got {json.dumps(value)}")
    if name == "game":
        from pokercalc.core.games import get_game

        try:
            return get_game(str(value)).name  # a str: ENGINE_OPTIONS["game"] is (str,)
        except InputError as e:
            raise InputError(f"{where}: {e}") from None
    if name == "method":
        if value not in _METHODS:
            raise InputError(f"{where}: method must be one of auto, exact, mc, got {value!r}")
        return value
    from pokercalc.core.validate import check_engine_options

    option: dict[str, Any] = {name: value}
    try:
        return check_engine_options(**option)[name]
    except InputError as e:
        raise InputError(f"{where}: {e}") from None


def _check_method(method: str | None, options: Mapping[str, Any], where: str) -> None:
    """Refuse Monte Carlo keys (trials, time, stderr, seed) with method ``"exact"``, and
    ``threshold`` with ``"exact"`` or ``"mc"``: the line would silently ignore them."""
    from pokercalc.core.validate import AUTO_OPTIONS, MC_OPTIONS, check_method_options

    names = {name: repr(name) for name in (*MC_OPTIONS, *AUTO_OPTIONS)}
    try:
        check_method_options(method, options, names=names)
    except InputError as e:
        raise InputError(f"{where}: {e}") from None


def _line_options(scenario: Scenario, shared: Mapping[str, Any]) -> dict[str, Any]:
    """A scenario's engine options: its own over ``shared``.

    A line that sets method ``"exact"`` or ``"mc"`` itself leaves out the shared
    options that method has no use for (Monte Carlo ones for ``"exact"``, ``threshold``
    for both: they are for the lines that sample or choose, as for an auto line that
    enumerates); a shared ``"exact"`` or ``"mc"`` with such keys of the line's own is
    that line's :class:`InputError`.
    """
    from pokercalc.core.validate import AUTO_OPTIONS, MC_OPTIONS, check_method_options

    options = {**shared, **scenario.options}
    method = options.get("method")
    if method not in ("exact", "mc"):
        return options
    where = f"line {scenario.line}"
    if "method" in scenario.options:
        unused = (*MC_OPTIONS, *AUTO_OPTIONS) if method == "exact" else AUTO_OPTIONS
        for name in unused:
            if name not in scenario.options:
                options.pop(name, None)
    else:
        names = {name: f"the line's {name!r}" for name in (*MC_OPTIONS, *AUTO_OPTIONS)}
        exact = "the shared method 'exact' (--exact)"
        mc = "the shared method 'mc' (--mc)"
        try:
            check_method_options(method, scenario.options, exact=exact, mc=mc, names=names)
        except InputError as e:
            raise InputError(f"{where}: {e}") from None
    _check_method(method, options, where)
    return options


def parse_scenario(text: str, line: int) -> Scenario | None:
    """The scenario on one input line, or None for a blank or ``#`` comment line.

    Raises :class:`ParseError` or :class:`InputError` naming the line.
    """
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    try:
        return _parse_line(stripped, line, f"line {line}")
    except PokercalcError as e:
        if str(e).startswith(f"line {line}: "):
            raise
        raise type(e)(f"line {line}: {e}") from None


def _parse_line(stripped: str, line: int, where: str) -> Scenario:
    if stripped.startswith("{"):
        return _parse_json(stripped, line, where)
    fields = stripped.split(";")
    if len(fields) > 3:
        raise ParseError(f"{where}: expected 'PLAYERS ; board ; dead', got {len(fields)} fields")
    fields += [""] * (3 - len(fields))
    players = _split_players(fields[0])
    if not all(players):
        raise ParseError(f"{where}: empty player in {fields[0].strip()!r}")
    return Scenario(line, tuple(players), fields[1].strip(), fields[2].strip())


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's dict (``json.loads``'s ``object_pairs_hook``), refusing a key that
    appears twice: ``json`` would keep the last silently, so ``"seed": 1, "seed": 2`` would
    run with a seed the writer may not have meant."""
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise ValueError(f"key {key!r} appears twice in one object")
        obj[key] = value
    return obj


def _parse_json(text: str, line: int, where: str) -> Scenario:
    try:
        obj = json.loads(text, object_pairs_hook=unique_keys)
    except json.JSONDecodeError as e:
        raise ParseError(f"{where}: bad JSON: {e.msg} at column {e.colno}") from None
    except ValueError as e:  # an integer past Python's limit of digits, a key twice
        raise ParseError(f"{where}: bad JSON: {e}") from None
    except RecursionError:
        raise ParseError(f"{where}: bad JSON: nested too deeply") from None
    if not isinstance(obj, dict):
        raise ParseError(f"{where}: a JSON scenario must be an object")
    unknown = sorted(set(obj) - _JSON_KEYS)
    if unknown:
        raise InputError(
            f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(_JSON_KEYS))})"
        )
    players = players_field(obj.get("players"), where)
    cards = {}
    for key in ("board", "dead"):
        value = obj.get(key) or ""
        if not isinstance(value, str):
            raise InputError(f"{where}: {key!r} must be a string of cards such as '4dAc5d'")
        cards[key] = value.strip()
    options = {k: check_option(k, obj[k], where) for k in ENGINE_OPTIONS if obj.get(k) is not None}
    _check_method(options.get("method"), options, where)
    return Scenario(
        line,
        tuple(p.strip() for p in players),
        cards["board"],
        cards["dead"],
        options,
        obj.get("id"),
    )


def iter_scenarios(lines: Iterable[str]) -> Iterator[Scenario | PokercalcError]:
    """Each runnable line's scenario, or the error of a line that does not parse, in order."""
    for number, text in enumerate(lines, start=1):
        try:
            scenario = parse_scenario(text, number)
        except PokercalcError as e:
            yield _with_line(e, number)
            continue
        except Exception as e:  # a parser bug must not cost the other lines either
            yield _with_line(InternalError(str(_not_interrupted(e))), number)
            continue
        if scenario is not None:
            yield scenario


def _head(line: int, id_: Any) -> dict[str, Any]:
    from pokercalc.core.formats import envelope

    head = envelope("batch", None)
    del head["result"]
    head.update(line=line, id=id_)
    return head


def error_line(line: int, error: BaseException, id_: Any = None) -> dict[str, Any]:
    """The output object of a line that failed: its number and the error's kind and message."""
    message = str(error)
    if not message.startswith(f"line {line}"):
        message = f"line {line}: {message}"
    out = _head(line, id_)
    out.update(ok=False, result=None, error={"kind": type(error).__name__, "message": message})
    return out


def scenario_line(scenario: Scenario, result: Any) -> dict[str, Any]:
    """The output object of a line that ran: the envelope, line number and equity result."""
    out = _head(scenario.line, scenario.id)
    out.update(ok=True, result=result.to_dict(), error=None)
    return out


def run_scenario(
    scenario: Scenario,
    shared: Mapping[str, Any] | None = None,
    engine: Callable[..., Any] | None = None,
) -> dict[str, Any]:
    """Run one scenario (its own options over ``shared``) and return its output object.

    A bad scenario gives an error object, never an exception.
    """
    try:
        options = _line_options(scenario, shared or {})
        if engine is None:
            from pokercalc.analysis.equities import equity

            engine = equity
        result = engine(list(scenario.players), scenario.board, scenario.dead, **options)
    except KeyboardInterrupt:
        raise
    except Exception as e:  # a bug must not cost the other lines their output
        return error_line(scenario.line, _not_interrupted(e), scenario.id)
    if getattr(result, "interrupted", False):
        # Ctrl-C stopped the engine early: the batch stops too, with no partial line.
        raise KeyboardInterrupt
    return scenario_line(scenario, result)


def _line_text(item: Scenario | PokercalcError, shared: Mapping[str, Any]) -> tuple[str, bool]:
    """One output line (JSON, no newline) for an input item, and whether it succeeded."""
    from pokercalc.core.formats import json_line

    if isinstance(item, Scenario):
        obj = run_scenario(item, shared)
    else:
        obj = error_line(item.line, item)  # type: ignore[attr-defined]
    try:
        return json_line(obj), obj["ok"]
    except Exception as e:  # a result that cannot be written costs its own line only
        error = InternalError(f"cannot write the result: {_not_interrupted(e)}")
        failed = error_line(obj["line"], error, obj.get("id"))
        return json_line(failed), False


def _run_lines(
    chunk: list[tuple[int, str]], shared: Mapping[str, Any]
) -> tuple[list[tuple[str, bool]], float]:
    """The task a chunk of lines is, on any executor: parse and run its numbered input lines
    (skipping blanks and comments); return their output lines and the seconds it took."""
    start = time.perf_counter()
    out = []
    for number, text in chunk:
        try:
            scenario = parse_scenario(text, number)
        except PokercalcError as e:
            out.append(_line_text(_with_line(e, number), shared))
            continue
        except Exception as e:  # a parser bug must not cost the other lines either
            out.append(_line_text(_with_line(InternalError(str(_not_interrupted(e))), number),
                                  shared))  # fmt: skip
            continue
        if scenario is not None:
            out.append(_line_text(scenario, shared))
    return out, time.perf_counter() - start


def _not_interrupted(error: Exception) -> Exception:
    """``error``, a failure of one line; but the interrupt it was raised from, if any, is
    raised (Python wraps one raised while it makes a class: runner.interrupt_of), and the
    whole batch stops, as for any signal."""
    interrupt = interrupt_of(error)
    if interrupt is not None:
        raise interrupt
    return error


def _with_line(error: PokercalcError, line: int) -> PokercalcError:
    error.line = line  # type: ignore[attr-defined]
    return error


class LineWriter:
    """Writes whole lines and flushes each; Ctrl-C during a write waits until the line is out.

    Use as a context manager in the main thread: inside it, SIGINT raises
    KeyboardInterrupt as usual except while a line is being written, so the
    output never ends in a partial line.
    """

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self._writing = False
        self._pending: BaseException | None = None
        self._old: Any = None
        self._old_term: Any = None

    def _on_sigint(self, signum: int, frame: Any) -> None:
        from pokercalc.core.runner import Terminated, handing_back

        if handing_back():  # (an interrupt dropped by Python is on its way back)
            return
        error = Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()
        if self._writing:
            self._pending = error
        else:
            raise error

    def __enter__(self) -> LineWriter:
        if threading.current_thread() is threading.main_thread():
            # (an ignored signal stays ignored: see runner.install_signal_handlers)
            if signal.getsignal(signal.SIGINT) != signal.SIG_IGN:
                self._old = signal.signal(signal.SIGINT, self._on_sigint)
            if signal.getsignal(signal.SIGTERM) != signal.SIG_IGN:
                self._old_term = signal.signal(signal.SIGTERM, self._on_sigint)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)
            self._old = None
        if self._old_term is not None:
            signal.signal(signal.SIGTERM, self._old_term)
            self._old_term = None

    def write(self, text: str) -> None:
        """Write ``text`` and a newline, then flush."""
        self._writing = True
        try:
            write_whole(self.stream, text + "\n")  # (a line longer than a pipe takes, whole)
        finally:
            self._writing = False
        if self._pending is not None:
            error, self._pending = self._pending, None
            raise error


def _default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class _Input:
    """Numbered input lines, read without blocking the caller when the source is a file descriptor.

    ``fd`` is set for real files and pipes (``multiprocessing.connection.wait``
    can watch it); other streams (in-memory ones) are read a line at a time.
    """

    def __init__(self, source: Iterable[str]) -> None:
        self.lines: deque[tuple[int, str]] = deque()
        self.eof = False
        self._count = 0
        self._tail = ""
        self._iter: Iterator[str] | None = None
        self.fd: int | None = None
        try:
            self.fd = source.fileno()  # type: ignore[attr-defined]
        except (AttributeError, OSError, ValueError):
            self._iter = iter(source)
        else:
            import codecs

            self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def _add(self, text: str) -> None:
        self._count += 1
        self.lines.append((self._count, text.rstrip("\r")))

    def read_some(self, want: int) -> None:
        """Read what is available (one ``os.read``, or up to ``want`` lines of an iterator)."""
        if self._iter is not None:
            for _ in range(want):
                try:
                    self._add(next(self._iter).rstrip("\n"))
                except StopIteration:
                    self.eof = True
                    return
            return
        data = os.read(self.fd, 1 << 16)  # type: ignore[arg-type]
        text = self._decoder.decode(data, final=not data)
        parts = (self._tail + text).split("\n")
        self._tail = parts.pop()
        for part in parts:
            self._add(part)
        if not data:
            if self._tail:
                self._add(self._tail)
            self.eof = True

    def top_up(self, want: int) -> None:
        """Read more while fewer than ``want`` lines are buffered and more can be read at once."""
        while not self.eof and len(self.lines) < want:
            if self.fd is None:
                self.read_some(want - len(self.lines))
            elif wait([self.fd], 0):
                self.read_some(0)
            else:
                return

    def take(self, n: int) -> list[tuple[int, str]]:
        """Remove and return the first ``n`` buffered lines."""
        return [self.lines.popleft() for _ in range(min(n, len(self.lines)))]


def _runnable(text: str) -> bool:
    """True for a line that gives an output line (not blank, not a comment)."""
    stripped = text.strip()
    return bool(stripped) and not stripped.startswith("#")


def _lost_lines(lines: list[tuple[int, str]], error: BaseException) -> list[tuple[str, bool]]:
    """Error lines for input lines whose piece of work failed as a whole."""
    from pokercalc.core.formats import json_line

    if type(error).__name__ in ("WorkerDied", "KilledWorker"):  # a local pool's, Dask's
        error = RuntimeError("the worker process running this line died")
    return [(json_line(error_line(n, error)), False) for n, text in lines if _runnable(text)]


#: a chunk holds at most this many lines
_MAX_CHUNK = 10_000
#: lines handed out and not yet written, at most: bounds memory when one slow line holds up
#: the output of everything behind it
_MAX_OUTSTANDING = 50_000


def _ordered_results(
    lines: Iterable[str], shared: Mapping[str, Any], executor: Executor
) -> Iterator[tuple[str, bool]]:
    """Run input lines in chunks on ``executor``, yielding output lines in input order.

    The calling thread does everything but the work: it waits at once on the
    input (when it is a file descriptor) and on a self-pipe that finishing
    futures write to, hands out chunks of the lines already read (never
    waiting for more, so a slow producer on stdin still gets each answer at
    once), and yields results as soon as every earlier line is done.  Chunks
    are sized from the measured cost per line to take about the executor's
    :func:`~pokercalc.pipelines.executors.task_seconds`, so tiny scenarios cost
    one task per chunk, not one each; two chunks per worker are in flight and
    at most :data:`_MAX_OUTSTANDING` lines are unwritten, so memory stays
    bounded however long the input is.

    A chunk whose task fails (its worker died each time the executor tried
    it) runs again line by line, so that only a guilty line fails.  A task
    the executor cancelled (a Dask scheduler that went away) stops the batch
    with an :class:`InputError`.
    """
    from concurrent.futures import CancelledError

    from pokercalc.pipelines.executors import task_seconds, worker_count

    source = _Input(lines)
    in_flight = 2 * worker_count(executor)
    seconds = task_seconds(executor)
    max_chunk = max(1, min(_MAX_CHUNK, _MAX_OUTSTANDING // (2 * in_flight)))
    shared = dict(shared)
    wake = Wakeup()
    finished: deque[Future[Any]] = deque()  # appended to by other threads
    pending: dict[Future[Any], tuple[int, int]] = {}  # -> (chunk id, line index or -1: all)
    chunks: dict[int, list[tuple[int, str]]] = {}  # chunk id -> its lines, until answered
    parts: dict[int, list[list[tuple[str, bool]] | None]] = {}  # a chunk run line by line
    done: dict[int, list[tuple[str, bool]]] = {}  # answered chunk ids -> their output lines
    order: deque[int] = deque()  # chunk ids in input order, not yet yielded
    lengths: dict[int, int] = {}  # chunk id -> its number of lines, until written
    outstanding = 0  # lines in ``order``
    whole = 0  # chunks in flight as one task
    per_line: float | None = None  # measured seconds per line; None until a chunk returns
    next_id = 0

    def on_done(future: Future[Any]) -> None:
        finished.append(future)
        wake.set()

    def submit(items: list[tuple[int, str]], cid: int, index: int) -> None:
        future = executor.submit(_run_lines, items, shared)
        pending[future] = (cid, index)
        future.add_done_callback(on_done)

    try:
        while True:
            wake.clear()
            while finished:
                future = finished.popleft()
                cid, index = pending.pop(future)
                chunk = chunks[cid]
                try:
                    results, took = future.result()
                except CancelledError:
                    raise InputError(
                        f"line {chunk[max(index, 0)][0]}: the executor cancelled its work "
                        "(did the Dask scheduler go away?)"
                    ) from None
                except Exception as e:
                    if index < 0 and sum(_runnable(text) for _, text in chunk) > 1:
                        whole -= 1
                        parts[cid] = [None if _runnable(text) else [] for _, text in chunk]
                        for i, item in enumerate(chunk):  # one by one: only a guilty line fails
                            if _runnable(item[1]):
                                submit([item], cid, i)
                        continue
                    results = _lost_lines(chunk if index < 0 else [chunk[index]], e)
                else:
                    if index < 0:
                        measured = max(took / len(chunk), 1e-7)
                        per_line = measured if per_line is None else 0.7 * per_line + 0.3 * measured
                if index < 0:
                    whole -= 1
                    done[cid] = results
                    del chunks[cid]
                    continue
                slots = parts[cid]
                slots[index] = results
                if all(s is not None for s in slots):
                    done[cid] = [line for s in slots for line in s or ()]
                    del parts[cid], chunks[cid]
            # Hand out what has been read.
            size = 1 if per_line is None else max(1, min(max_chunk, int(seconds / per_line)))
            while whole < in_flight and outstanding < _MAX_OUTSTANDING:
                source.top_up(size)
                if not source.lines:
                    break
                chunk = source.take(size)
                chunks[next_id] = chunk
                lengths[next_id] = len(chunk)
                order.append(next_id)
                outstanding += len(chunk)
                whole += 1
                submit(chunk, next_id, -1)
                next_id += 1
            while order and order[0] in done:
                cid = order.popleft()
                outstanding -= lengths.pop(cid)
                yield from done.pop(cid)
            if source.eof and not source.lines and not pending and not order:
                return
            watch: list[Any] = [wake.fd]
            if not source.eof and len(source.lines) < 2 * size + 4096:
                if source.fd is None:
                    source.read_some(size * in_flight)
                    continue  # an in-memory input never blocks: hand out what it gave first
                watch.append(source.fd)
            # Signals interrupt the wait; the timeout is a safety net only.
            for ready in wait(watch, timeout=1.0):
                if ready == source.fd:
                    source.read_some(0)
    finally:
        for future in pending:
            future.cancel()
        wake.close()


def run_batch(
    lines: Iterable[str],
    write: Callable[[str], None],
    shared: Mapping[str, Any] | None = None,
    *,
    jobs: int | None = None,
    executor: Any = None,
) -> tuple[int, int]:
    """Run every scenario of ``lines``, calling ``write`` with each output line in input order.

    ``shared`` holds engine options for every line (a line's own options win, and a
    line's own method ``"exact"`` drops the shared Monte Carlo ones, its own ``"exact"``
    or ``"mc"`` the shared ``threshold``;
    ``threads`` defaults to 1 per scenario).  ``executor`` (any
    ``concurrent.futures.Executor``, or a Dask ``Client``) runs the lines in
    chunks; without one, ``jobs`` local worker processes do (default: one per
    core; 1 runs them in this process).  Returns (lines written, lines that
    failed).
    """
    shared = dict(shared or {})
    for key, value in shared.items():
        if key not in ENGINE_OPTIONS:
            raise InputError(f"unknown engine option {key!r}")
        check_option(key, value, "option")
    _check_method(shared.get("method"), shared, "option")
    if jobs is not None and executor is not None:
        raise InputError("jobs and executor exclude each other")
    jobs = _default_jobs() if jobs is None else jobs
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise InputError(f"--jobs must be at least 1, got {jobs!r}")
    # Scenarios share the cores, each on one engine thread unless told otherwise: this keeps
    # tiny scenarios free of thread start-up costs, and Monte Carlo streams (which depend on
    # the thread count) the same whatever runs them.
    shared.setdefault("threads", 1)
    if executor is not None:
        from pokercalc.core.runner import as_executor

        return _write_all(_ordered_results(lines, shared, as_executor(executor)), write)
    if jobs == 1:
        return _write_all((_line_text(item, shared) for item in iter_scenarios(lines)), write)
    from pokercalc.pipelines.executors import LocalPool

    with LocalPool(jobs) as pool:  # (leaving on an exception ends the workers at once)
        return _write_all(_ordered_results(lines, shared, pool), write)


def _write_all(
    results: Iterator[tuple[str, bool]], write: Callable[[str], None]
) -> tuple[int, int]:
    """Write each result line; return (lines written, lines that failed)."""
    written = failed = 0
    try:
        for text, ok in results:
            write(text)
            written += 1
            failed += not ok
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()  # a generator's ``finally``: cancel the work in flight
    return written, failed


def main_stream(
    source: IO[str],
    out: IO[str] = sys.stdout,
    shared: Mapping[str, Any] | None = None,
    *,
    on_line: Callable[[], None] | None = None,
    **kw: Any,
) -> tuple[int, int]:
    """Run a batch from an open text stream to ``out`` with signal-safe line writes.

    ``on_line`` is called after each line is written (a progress count).
    """
    with LineWriter(out) as writer:
        if on_line is None:
            return run_batch(source, writer.write, shared, **kw)

        def write(text: str) -> None:
            writer.write(text)
            on_line()

        return run_batch(source, write, shared, **kw)
