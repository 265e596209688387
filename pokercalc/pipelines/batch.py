"""Many equity scenarios in one run: parse lines, run them on all cores, stream JSON lines.

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
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO, Any

from pokercalc.errors import InputError, InternalError, ParseError, PokercalcError

__all__ = [
    "ENGINE_OPTIONS",
    "Scenario",
    "parse_scenario",
    "iter_scenarios",
    "run_scenario",
    "scenario_line",
    "error_line",
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


def _players_field(players: Any, where: str) -> list[str]:
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


def _check_option(name: str, value: Any, where: str) -> Any:
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

    try:
        return check_engine_options(**{name: value})[name]
    except InputError as e:
        raise InputError(f"{where}: {e}") from None


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


def _parse_json(text: str, line: int, where: str) -> Scenario:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise ParseError(f"{where}: bad JSON: {e.msg} at column {e.colno}") from None
    if not isinstance(obj, dict):
        raise ParseError(f"{where}: a JSON scenario must be an object")
    unknown = sorted(set(obj) - _JSON_KEYS)
    if unknown:
        raise InputError(
            f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(_JSON_KEYS))})"
        )
    players = _players_field(obj.get("players"), where)
    cards = {}
    for key in ("board", "dead"):
        value = obj.get(key) or ""
        if not isinstance(value, str):
            raise InputError(f"{where}: {key!r} must be a string of cards such as '4dAc5d'")
        cards[key] = value.strip()
    options = {k: _check_option(k, obj[k], where) for k in ENGINE_OPTIONS if obj.get(k) is not None}
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
            yield _with_line(InternalError(str(e)), number)
            continue
        if scenario is not None:
            yield scenario


def _head(line: int, id_: Any) -> dict[str, Any]:
    from pokercalc.output.formats import envelope

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
    options = {**(shared or {}), **scenario.options}
    try:
        if engine is None:
            from pokercalc.analysis.equities import equity

            engine = equity
        result = engine(list(scenario.players), scenario.board, scenario.dead, **options)
    except KeyboardInterrupt:
        raise
    except Exception as e:  # a bug must not cost the other lines their output
        return error_line(scenario.line, e, scenario.id)
    if getattr(result, "interrupted", False):
        # Ctrl-C stopped the engine early: the batch stops too, with no partial line.
        raise KeyboardInterrupt
    return scenario_line(scenario, result)


def _line_text(item: Scenario | PokercalcError, shared: Mapping[str, Any]) -> tuple[str, bool]:
    """One output line (JSON, no newline) for an input item, and whether it succeeded."""
    from pokercalc.output.formats import json_line

    if isinstance(item, Scenario):
        obj = run_scenario(item, shared)
    else:
        obj = error_line(item.line, item)  # type: ignore[attr-defined]
    try:
        return json_line(obj), obj["ok"]
    except Exception as e:  # a result that cannot be written costs its own line only
        failed = error_line(obj["line"], InternalError(f"cannot write the result: {e}"))
        return json_line(failed), False


#: a chunk sent to a worker aims at about this many seconds of work
_CHUNK_SECONDS = 0.02
#: and holds at most this many scenarios
_MAX_CHUNK = 64


def _run_lines(
    chunk: list[tuple[int, str]], shared: Mapping[str, Any]
) -> tuple[list[tuple[str, bool]], float]:
    """Parse and run numbered input lines (skipping blanks and comments); time the chunk."""
    start = time.perf_counter()
    out = []
    for number, text in chunk:
        try:
            scenario = parse_scenario(text, number)
        except PokercalcError as e:
            out.append(_line_text(_with_line(e, number), shared))
            continue
        except Exception as e:  # a parser bug must not cost the other lines either
            out.append(_line_text(_with_line(InternalError(str(e)), number), shared))
            continue
        if scenario is not None:
            out.append(_line_text(scenario, shared))
    return out, time.perf_counter() - start


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
        from pokercalc.core.runner import Terminated

        error = Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()
        if self._writing:
            self._pending = error
        else:
            raise error

    def __enter__(self) -> LineWriter:
        if threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGINT, self._on_sigint)
            self._old_term = signal.signal(signal.SIGTERM, self._on_sigint)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)
            signal.signal(signal.SIGTERM, self._old_term)
            self._old = None

    def write(self, text: str) -> None:
        """Write ``text`` and a newline, then flush."""
        self._writing = True
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
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


def _worker_loop(conn: Any, shared: Mapping[str, Any]) -> None:
    """A worker process: run each chunk of numbered lines it receives until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    # The parent ends its workers with SIGTERM: die quietly (a forked worker
    # inherits the command line's handler, which would raise instead).
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    while True:
        try:
            chunk = conn.recv()
        except EOFError:
            return
        if chunk is None:
            return
        conn.send(_run_lines(chunk, shared))


class _Input:
    """Numbered input lines, read without blocking the caller when the source is a file descriptor.

    ``fd`` is set for real files and pipes (``multiprocessing.connection.wait``
    can watch it); other streams (in-memory ones) are read a line at a time.
    """

    def __init__(self, source: Iterable[str]) -> None:
        self.lines: list[tuple[int, str]] = []
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

    def take(self, n: int) -> list[tuple[int, str]]:
        """Remove and return the first ``n`` buffered lines."""
        chunk, self.lines = self.lines[:n], self.lines[n:]
        return chunk


_WORKER_IMPORT = "from pokercalc.pipelines.batch import _worker_main"


class _Worker:
    """A worker process: a fresh interpreter running :func:`_worker_main` on one socket.

    Not ``fork``: forking a process whose OpenMP thread pool exists can hang
    the child (libgomp's state is copied without its threads), and a library
    cannot know what its host ran before.  Not ``multiprocessing``'s spawn or
    fork server either: they re-run the host's main script in every worker,
    which a script without a ``__main__`` guard does not survive.  A fresh
    ``python -c`` imports pokercalc and nothing of the caller's.
    """

    def __init__(self, shared: Mapping[str, Any]) -> None:
        import socket
        import subprocess
        import sys
        from multiprocessing.connection import Connection

        parent, child = socket.socketpair()
        fd = child.fileno()
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                f"from pokercalc.pipelines.batch import _worker_main; _worker_main({fd})",
            ],
            pass_fds=(fd,),
            stdin=subprocess.DEVNULL,
        )
        child.close()
        self.conn = Connection(parent.detach())
        self.conn.send(dict(shared))

    def is_alive(self) -> bool:
        """True while the process runs."""
        return self.proc.poll() is None

    def terminate(self) -> None:
        """Ask the process to end (SIGTERM)."""
        self.proc.terminate()

    def join(self) -> None:
        """Wait for the process to end."""
        self.proc.wait()


def _worker_main(fd: int) -> None:
    """The worker side of :class:`_Worker`: options first, then chunks until ``None``."""
    from multiprocessing.connection import Connection

    conn = Connection(fd)
    try:
        shared = conn.recv()
    except EOFError:
        return
    _worker_loop(conn, shared)


def _ordered_pool_results(
    lines: Iterable[str], shared: Mapping[str, Any], jobs: int
) -> Iterator[tuple[str, bool]]:
    """Run input lines on ``jobs`` worker processes, yielding results in input order.

    One thread drives everything (no lock hand-offs between threads): it waits
    on the input and on the workers' pipes at once, hands each worker up to two
    chunks of lines already read (never waiting for more, so a slow producer on
    stdin still gets each answer at once), and writes results as soon as every
    earlier line is done.  Chunks are sized from the measured cost per line to
    take about ``_CHUNK_SECONDS``, so tiny scenarios cost one message per chunk,
    not one each; at most two chunks per worker are in flight, so memory stays
    bounded however long the input is.
    """
    from collections import deque
    from multiprocessing.connection import wait

    source = _Input(lines)
    workers: dict[Any, Any] = {}  # parent end of each worker's pipe -> its process
    queued: dict[Any, deque[int]] = {}  # chunk ids each worker holds, in order
    chunks: dict[int, list[tuple[int, str]]] = {}  # chunk id -> its lines (until answered)
    done: dict[int, list[tuple[str, bool]]] = {}  # answered chunk ids -> their output lines
    order: deque[int] = deque()  # chunk ids in input order, not yet yielded
    per_line = _CHUNK_SECONDS  # estimated seconds per line: slow until measured
    next_id = 0

    def start_worker() -> None:
        worker = _Worker(shared)
        workers[worker.conn] = worker
        queued[worker.conn] = deque()

    try:
        for _ in range(jobs):
            start_worker()
        while True:
            # Hand out what has been read, up to two chunks per worker.
            for conn in list(workers):
                while len(queued[conn]) < 2 and source.lines:
                    size = max(1, min(_MAX_CHUNK, int(_CHUNK_SECONDS / per_line)))
                    chunk = source.take(size)
                    conn.send(chunk)
                    chunks[next_id] = chunk
                    queued[conn].append(next_id)
                    order.append(next_id)
                    next_id += 1
            while order and order[0] in done:
                yield from done.pop(order.popleft())
            busy = [c for c in workers if queued[c]]
            if source.eof and not source.lines and not busy:
                break
            if source.fd is None and not source.eof and len(source.lines) < _MAX_CHUNK * jobs:
                source.read_some(_MAX_CHUNK * jobs)
                continue  # an in-memory input never blocks: hand out what it gave first
            watch: list[Any] = list(busy)
            if source.fd is not None and not source.eof and len(source.lines) < 4096:
                watch.append(source.fd)
            if not watch:  # cannot happen: every path above leaves work or input to wait for
                raise RuntimeError("batch: nothing to wait for")
            ready_now: list[Any] = wait(watch)  # workers' connections and the input's fd
            for ready in ready_now:
                if ready == source.fd:
                    source.read_some(0)
                    continue
                try:
                    results, seconds = ready.recv()
                except EOFError:  # the worker died: its lines fail, a new worker takes over
                    results, seconds = None, 0.0
                cid = queued[ready].popleft()
                lines_in = chunks.pop(cid)
                if results is None:
                    died = RuntimeError("the worker process running this line died")
                    results = [
                        _line_text(_with_line(died, n), shared)  # type: ignore[arg-type]
                        for n, text in lines_in
                        if text.strip() and not text.lstrip().startswith("#")
                    ]
                    for lost in queued.pop(ready):
                        done[lost] = [
                            _line_text(_with_line(died, n), shared)  # type: ignore[arg-type]
                            for n, text in chunks.pop(lost)
                            if text.strip() and not text.lstrip().startswith("#")
                        ]
                    workers.pop(ready).join()
                    start_worker()
                else:
                    per_line = 0.7 * per_line + 0.3 * max(seconds / len(lines_in), 1e-6)
                done[cid] = results
        for conn in workers:
            conn.send(None)
    finally:
        for conn, proc in workers.items():
            if proc.is_alive():
                proc.terminate()
            proc.join()
            conn.close()


def run_batch(
    lines: Iterable[str],
    write: Callable[[str], None],
    shared: Mapping[str, Any] | None = None,
    *,
    jobs: int | None = None,
) -> tuple[int, int]:
    """Run every scenario of ``lines``, calling ``write`` with each output line in input order.

    ``shared`` holds engine options for every line (a line's own options win;
    ``threads`` defaults to 1 per scenario); ``jobs`` worker processes share the
    scenarios (default: one per core; 1 runs them in this process).  Returns
    (lines written, lines that failed).
    """
    shared = dict(shared or {})
    for key, value in shared.items():
        if key not in ENGINE_OPTIONS:
            raise InputError(f"unknown engine option {key!r}")
        _check_option(key, value, "option")
    jobs = _default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise InputError(f"--jobs must be at least 1, got {jobs}")
    # Scenarios share the cores, each on one engine thread unless told otherwise: this keeps
    # tiny scenarios free of thread start-up costs, and Monte Carlo streams (which depend on
    # the thread count) the same whatever ``jobs`` is.
    shared.setdefault("threads", 1)
    if jobs == 1:
        results: Iterator[tuple[str, bool]] = (
            _line_text(item, shared) for item in iter_scenarios(lines)
        )
    else:
        results = _ordered_pool_results(lines, shared, jobs)
    written = failed = 0
    for text, ok in results:
        write(text)
        written += 1
        failed += not ok
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
