"""Running kernels: how many threads, and one convention for stopping and progress.

Every GIL-free kernel that can run long takes a :class:`Control`: a stop flag
it polls between small pieces of work and a counter of pieces done.  The
caller runs the kernel on a worker thread with :func:`run_kernel`, so the main
thread stays free to take signals and draw progress, or on the main thread with
:func:`run_here`, a watcher thread taking the signals and drawing progress;
Ctrl-C (SIGINT) or SIGTERM sets the stop flag, the kernel returns within a
fraction of a second, and the caller reports what is known, marked as
interrupted.

The command line turns SIGTERM into :class:`Terminated` (a
``KeyboardInterrupt``), so library code handles both signals with one
``except KeyboardInterrupt``; the exit status is 130 after SIGINT and 143
after SIGTERM (:func:`exit_status`).
"""

from __future__ import annotations

import os
import sys
import threading
from array import array
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import queue
    import signal
    from concurrent.futures import Executor, Future
else:
    try:
        # The C module that ``signal`` wraps: the same functions and signal numbers, without
        # the enums of signals and handlers that ``signal`` builds on import (a millisecond
        # of the command's start-up; handlers get plain numbers either way).
        import _signal as signal
    except ImportError:  # (an interpreter without it)
        import signal

__all__ = [
    "Control",
    "Interrupted",
    "Terminated",
    "Wakeup",
    "default_threads",
    "exit_status",
    "as_executor",
    "install_signal_handlers",
    "map_unordered",
    "run_here",
    "run_kernel",
]

T = TypeVar("T")

#: Seconds between two looks at a running kernel (for progress and signals).
POLL_SECONDS = 0.05


def default_threads() -> int:
    """Threads every kernel uses unless told otherwise.

    ``OMP_NUM_THREADS`` (its first number, as OpenMP reads a list) when set to
    a positive integer, else the CPUs this process may run on (its affinity
    mask, which containers and ``taskset`` narrow), else the CPU count.
    Kernels do all their work whatever team size OpenMP then grants.
    """
    env = os.environ.get("OMP_NUM_THREADS", "").split(",")[0].strip()
    if env.isascii() and env.isdigit() and int(env) > 0:  # (not "²", which int() refuses)
        return min(int(env), 256)
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl-C so that one handler stops a run for both."""


class Interrupted(KeyboardInterrupt):
    """A run stopped by a signal before it knew anything worth printing.

    ``what`` says how far it got, for the one line the command line prints
    (nothing goes to stdout then); ``signal_error`` is the interrupt that
    stopped it, which decides the exit status.
    """

    def __init__(self, what: str, signal_error: BaseException | None = None) -> None:
        super().__init__(what)
        self.what = what
        self.signal_error = signal_error


class Control:
    """What a running kernel shares with its caller: a stop flag and a work counter.

    ``buffer`` is an ``int64`` array ``[stop, done]`` that the kernel takes as
    a typed memoryview: it returns soon after ``stop`` becomes nonzero and
    adds the pieces it finishes to ``done``.
    """

    def __init__(self) -> None:
        self.buffer = array("q", [0, 0])
        #: the interrupt (KeyboardInterrupt or Terminated) that asked for the stop, if any
        self.interrupt: BaseException | None = None

    def stop(self) -> None:
        """Ask the kernel to return as soon as it can."""
        self.buffer[0] = 1

    @property
    def stopped(self) -> bool:
        """True once a stop was asked for."""
        return self.buffer[0] != 0

    @property
    def done(self) -> int:
        """Pieces of work the kernel has reported finished."""
        return self.buffer[1]


def run_kernel(
    call: Callable[[], T],
    control: Control,
    *,
    on_poll: Callable[[], None] | None = None,
) -> tuple[T, bool]:
    """Run ``call`` (a GIL-free kernel bound to ``control``) on a worker thread.

    The main thread waits in short steps, calling ``on_poll`` (for progress)
    between them.  A ``KeyboardInterrupt`` (Ctrl-C, or SIGTERM through
    :class:`Terminated`) sets the stop flag and waits for the kernel to
    return.  Returns the kernel's return value and whether it was stopped;
    the interrupt is re-raised by the caller's choice, not here, so that what
    is known can still be reported.  An exception in the kernel is re-raised.
    """
    box: dict[str, Any] = {}
    finished = threading.Event()
    kept = _KEPT_LOCK.acquire(blocking=False)

    def work() -> None:
        try:
            box["value"] = call()
        except BaseException as e:  # handed to the main thread below
            box["error"] = e
        finally:
            if kept:
                _KEPT_LOCK.release()
            finished.set()

    if kept:
        _KERNELS.put(work)
    else:  # another call holds the kept thread: this one gets its own
        threading.Thread(target=work, name="pokercalc-kernel", daemon=True).start()
    interrupted = False
    # An Event, not Thread.join(timeout): a join interrupted by a signal can
    # leave the thread looking finished while it still runs (CPython gh-90882).
    while not finished.is_set():
        try:
            if not finished.wait(POLL_SECONDS) and on_poll is not None:
                on_poll()
        except KeyboardInterrupt as e:
            interrupted = True
            control.interrupt = e
            control.stop()
    if "error" in box:
        raise box["error"]
    return box["value"], interrupted or control.stopped


def run_here(
    call: Callable[[], T],
    control: Control,
    *,
    on_poll: Callable[[], None] | None = None,
) -> tuple[T | None, bool]:
    """:func:`run_kernel`, with ``call`` (a GIL-free kernel bound to ``control``, not Python
    code that could be interrupted half-way) run on the calling thread when that is the main
    thread.

    Every parallel region then starts from the main thread, as Monte Carlo's and small exact
    runs' do, and OpenMP keeps one team.  A second team (the kept thread's) makes libgomp
    manage more threads than there are CPUs, and it then stops spinning between regions: a
    two-thread AsAh | KsKh run after a long one took 0.41 ms instead of 0.36.  A watcher
    thread calls ``on_poll`` and turns SIGINT and SIGTERM, which it sees through
    :func:`signal.set_wakeup_fd` while the main thread is in the kernel, into the stop flag;
    the signal's own handler then runs once the kernel returns.  Elsewhere, or when the wakeup
    descriptor cannot be set, this is :func:`run_kernel`.  The value is None when a signal
    interrupted the call; an error of ``on_poll`` stops the kernel and is raised here.
    """
    if threading.current_thread() is not threading.main_thread():
        return run_kernel(call, control, on_poll=on_poll)
    import select

    r, w = os.pipe()
    try:
        os.set_blocking(w, False)
        old = signal.set_wakeup_fd(w, warn_on_full_buffer=False)
    except (ValueError, OSError):
        os.close(r)
        os.close(w)
        return run_kernel(call, control, on_poll=on_poll)
    finished = threading.Event()
    stops = (int(signal.SIGINT), int(signal.SIGTERM))
    seen = bytearray()  # the signal numbers read, handed on to the descriptor set before
    errors: list[Exception] = []  # raised by on_poll: raised again on this thread

    watched = threading.Event()

    def watch() -> None:
        try:
            while not finished.is_set():
                if select.select([r], [], [], POLL_SECONDS)[0]:
                    got = os.read(r, 512).replace(b"\0", b"")
                    seen.extend(got)
                    if any(b in stops for b in got):
                        control.stop()
                elif on_poll is not None and not finished.is_set():
                    on_poll()
        except (OSError, ValueError):
            pass  # the descriptors were closed under it: the run is over
        except Exception as e:
            errors.append(e)
            control.stop()
        finally:
            watched.set()

    _WATCHER.put(watch)
    value: T | None = None
    interrupted = False
    try:
        try:
            value = call()
        finally:
            # Nested, so that a signal raised in the middle still restores the descriptor.
            try:
                finished.set()
                os.write(w, b"\0")  # wakes the watcher from its select (0 is no signal)
                watched.wait()
            finally:
                try:
                    signal.set_wakeup_fd(old)
                    if old >= 0 and seen:
                        # An event loop that listens there (asyncio) still learns of them.
                        try:
                            os.write(old, bytes(seen))
                        except OSError:
                            pass
                finally:
                    os.close(r)
                    os.close(w)
    except KeyboardInterrupt as e:
        interrupted = True
        control.interrupt = e
        control.stop()
    if errors:
        raise errors[0]
    return value, interrupted or control.stopped


class _KeptThread:
    """A daemon thread kept to run the callables put to it, one at a time (they must not
    raise), started on first use and again after a fork."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._thread: threading.Thread | None = None
        self._jobs: queue.SimpleQueue[Callable[[], None]] | None = None

    def put(self, job: Callable[[], None]) -> None:
        if self._thread is None or not self._thread.is_alive() or self._jobs is None:
            # (imported here: a command that runs no kernel on a kept thread need not load it)
            import queue

            jobs = self._jobs = queue.SimpleQueue()

            def serve() -> None:
                while True:
                    jobs.get()()

            self._thread = threading.Thread(target=serve, name=self.name, daemon=True)
            self._thread.start()
        self._jobs.put(job)


# One long-lived thread runs the kernels.  OpenMP keeps a thread team per calling
# thread: a new calling thread per run starts a new team and leaves the last one's
# threads spinning on the cores for a while: JcJh | 99+,AJs+ | random on 4dAc5d took
# half as long again as from the same thread every time.
_KEPT_LOCK = threading.Lock()
_KERNELS = _KeptThread("pokercalc-kernel")
# run_here's watcher, kept too: starting one per run slowed the run itself (JcJh |
# 99+,AJs+ | random on two threads, by a third in one round of three).
_WATCHER = _KeptThread("pokercalc-watch")


#: The signals received since :func:`install_signal_handlers`, latest last.
_received: list[int] = []


#: While above zero, a signal is recorded and raised only when the outermost
#: :func:`deferred_signals` block ends.
_deferring = 0
_pending: list[int] = []


#: True while :func:`_hand_back` runs; the id of the interrupt :func:`_on_signal` raised last
#: (not the interrupt: its traceback would keep the frames it stopped alive).
_handing_back = False
_raised = 0


def _on_signal(signum: int, frame: object) -> None:
    if handing_back():
        return
    _received.append(signum)
    if _deferring:
        _pending.append(signum)
        return
    global _raised
    error = Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()
    _raised = id(error)
    raise error


def handing_back() -> bool:
    """Whether a signal handler that raises must return at once instead: True while
    :func:`_hand_back` runs, where an interrupt raised would be dropped again (the one
    handed back stands for this signal too).  Such a handler starts with
    ``if handing_back(): return``."""
    return _handing_back


def _hand_back(unraisable: Any) -> None:
    """``sys.unraisablehook``: an interrupt that Python dropped is raised again, in the main
    thread, once this hook has returned; anything else goes to the hook that was there.

    A signal handler raises wherever the main thread is, and that may be code whose
    exceptions Python can raise to no one: a ``__del__`` method, a weak reference's callback
    (one ends every import: ``importlib._bootstrap._get_module_lock``'s ``cb``).  Python
    printed "Exception ignored in ..." there and the run went on to its end, as if no
    signal had come.  A helper thread trips the signal again once the main thread has left
    this hook (it cannot take the GIL before the main thread is past it); the handler then
    raises where the run sees it, or hands it back once more from a place as deaf.
    """
    error = getattr(unraisable, "exc_value", None)
    if not isinstance(error, KeyboardInterrupt) or (
        threading.current_thread() is not threading.main_thread()
    ):
        (_previous_unraisablehook or sys.__unraisablehook__)(unraisable)
        return
    global _handing_back
    _handing_back = True
    try:
        signum = signal.SIGTERM if exit_status(error) == 143 else signal.SIGINT
        if id(error) == _raised and _received:
            _received.pop()  # (counted by _on_signal again when it comes back)
        threading.Thread(
            target=_trip_after_hook, args=(signum,), name="pokercalc-hand-back", daemon=True
        ).start()
    except RuntimeError:  # (no new thread while the interpreter shuts down: it is ending)
        pass
    finally:
        _handing_back = False  # (the last thing done here: the helper waits for it)


def _trip_after_hook(signum: signal.Signals) -> None:
    """Trip ``signum`` for the main thread once :func:`_hand_back` has returned."""
    import _thread
    import time

    while _handing_back:
        time.sleep(0.001)
    _thread.interrupt_main(signum)


#: The ``sys.unraisablehook`` that :func:`install_signal_handlers` replaced.
_previous_unraisablehook: Callable[[Any], object] | None = None


@contextmanager
def deferred_signals() -> Iterator[None]:
    """Hold SIGINT and SIGTERM while a result in hand is written, then raise the one that came.

    A signal in the milliseconds between a finished computation and its last
    line of output would otherwise leave half a JSON document, or none.
    """
    global _deferring
    _deferring += 1
    try:
        yield
    finally:
        _deferring -= 1
    if not _deferring and _pending:
        signum = _pending[-1]
        _pending.clear()
        raise Terminated if signum == signal.SIGTERM else KeyboardInterrupt


def interrupt_of(error: BaseException) -> KeyboardInterrupt | None:
    """The interrupt that ``error`` is, or that it was raised from; else None.

    Python turns an exception raised while it calls a class's ``__set_name__`` hooks into a
    ``RuntimeError`` ("Error calling __set_name__ ...", before 3.12), and a signal handler
    raises wherever the main thread is: a Ctrl-C that came while a module was imported (a
    ``cached_property``'s class made) reached the command line as an internal error, exit 1.
    Code that catches ``Exception`` to report a failure asks this first.
    """
    seen: set[int] = set()
    at: BaseException | None = error
    while at is not None and id(at) not in seen:
        if isinstance(at, KeyboardInterrupt):
            return at
        seen.add(id(at))
        at = at.__cause__ or at.__context__
    return None


def signals_received() -> int:
    """How many SIGINT and SIGTERM have come since :func:`install_signal_handlers` (0 where
    the handlers are not installed): a block that swallowed one can tell."""
    return len(_received)


def write_whole(stream: IO[str], text: str) -> None:
    """Write ``text`` to ``stream`` and flush it, every byte even when a signal handler runs
    while the write waits on a full pipe.

    Python's buffered writer returns from such a write having dropped what the interrupted
    system call had not taken (a reader that had not read yet got 64 KiB of a JSON
    document, then nothing), so a stream with a file descriptor gets the bytes through
    ``os.write`` until every one is taken; other streams (in memory) are written as usual.
    """
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        stream.write(text)
        stream.flush()
        return
    data = memoryview(
        text.encode(
            getattr(stream, "encoding", None) or "utf-8",
            getattr(stream, "errors", None) or "strict",
        )
    )
    stream.flush()
    while data:
        data = data[os.write(fd, data) :]


def install_signal_handlers() -> None:
    """Make SIGINT and SIGTERM raise in the main thread and remember which came; one that
    is ignored (a script's background job ignores Ctrl-C, which is meant for the job in
    the foreground) stays ignored.

    The CLI calls this; a library does not change a host's handlers.
    """
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(signum) != signal.SIG_IGN:
                signal.signal(signum, _on_signal)
        # An interrupt raised where Python drops exceptions is raised again (_hand_back).
        if sys.unraisablehook is not _hand_back:
            global _previous_unraisablehook
            _previous_unraisablehook = sys.unraisablehook
            sys.unraisablehook = _hand_back


def exit_status(error: BaseException | None = None) -> int:
    """The shell's status for a stopped run: 143 after SIGTERM, 130 after SIGINT.

    ``error`` is the interrupt when it reached the caller; without it the
    latest signal received decides (a run that returned marked interrupted).
    """
    if isinstance(error, Interrupted) and error.signal_error is not None:
        error = error.signal_error
    if isinstance(error, Terminated):
        return 143
    if error is None and _received and _received[-1] == signal.SIGTERM:
        return 143
    return 130


def as_executor(executor: Any) -> Executor:
    """A ``concurrent.futures.Executor`` for ``executor``: itself, or a Dask ``Client``'s
    executor (the client has ``get_executor``; duck-typed, so this module never imports Dask)."""
    get = getattr(executor, "get_executor", None)
    if callable(get):  # a Dask Client: its own submit returns Dask futures, not these
        return get()  # type: ignore[no-any-return]
    if not callable(getattr(executor, "submit", None)):
        raise TypeError(f"not an executor: {executor!r}")
    return executor  # type: ignore[no-any-return]


def map_unordered(
    executor: Executor,
    fn: Callable[..., T],
    items: Iterable[Any],
    *,
    in_flight: int | None = None,
    on_result: Callable[[int, T], None] | None = None,
) -> Iterator[tuple[int, T]]:
    """Run ``fn(item)`` for every item on ``executor``, yielding ``(index, result)`` as they end.

    ``fn`` must be importable by name (a module-level function) and ``items``
    picklable, so that any executor can run them: a process pool, a Dask
    client's executor, threads.  At most ``in_flight`` calls are pending at a
    time (default: all), which bounds memory on long inputs.  An exception in
    a call is raised here, after the pending calls are cancelled; so is a
    ``KeyboardInterrupt`` that reaches the waiting thread, so that the caller
    keeps what it was given so far.  ``on_result`` is called before each yield
    (a progress count).
    """
    import select
    from collections import deque

    pending: dict[Future[T], int] = {}
    # Appended to by the threads that finish futures; the waiting thread takes no lock of
    # theirs (see Wakeup).
    finished: deque[Future[T]] = deque()
    wake = Wakeup()

    def on_done(future: Future[T]) -> None:
        finished.append(future)
        wake.set()

    source = enumerate(items)
    exhausted = False
    try:
        while True:
            while not exhausted and (in_flight is None or len(pending) < in_flight):
                try:
                    i, item = next(source)
                except StopIteration:
                    exhausted = True
                    break
                future = executor.submit(fn, item)
                pending[future] = i
                future.add_done_callback(on_done)
            if not pending:
                return
            wake.clear()
            if not finished:
                # A timeout, so that a signal reaches this thread between two waits.
                select.select([wake.fd], [], [], POLL_SECONDS)
            while finished:
                future = finished.popleft()
                i = pending.pop(future)
                value = future.result()
                if on_result is not None:
                    on_result(i, value)
                yield i, value
    finally:
        for future in pending:
            future.cancel()
        wake.close()


class Wakeup:
    """A self-pipe: a future finishing in another thread wakes the main thread's wait.

    The main thread waits on :attr:`fd` (``select``) and never holds a lock that the
    thread setting it needs: a signal handler raises wherever the main thread is, and one
    raised while ``concurrent.futures.wait`` took the futures' locks one by one left some
    of them held, so the pool's thread blocked for good completing a future.
    """

    def __init__(self) -> None:
        self.fd, self._w = os.pipe()
        os.set_blocking(self.fd, False)
        os.set_blocking(self._w, False)
        self._lock = threading.Lock()
        self._open = True

    def set(self) -> None:
        """Wake the waiting thread (any thread may call this)."""
        with self._lock:
            if self._open:
                try:
                    os.write(self._w, b"x")
                except BlockingIOError:  # awake already
                    pass

    def clear(self) -> None:
        """Forget earlier wake-ups."""
        try:
            while os.read(self.fd, 4096):
                pass
        except BlockingIOError:
            pass

    def close(self) -> None:
        """Close the pipe; later :meth:`set` calls do nothing."""
        with self._lock:
            self._open = False
            os.close(self.fd)
            os.close(self._w)
