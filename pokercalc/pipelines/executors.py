"""Where pieces of work run: a local process pool that is safe after OpenMP, or a Dask cluster.

Both are ``concurrent.futures.Executor``s, so the pipelines take either (or
any other executor) as ``executor=``.  :class:`LocalPool` runs tasks in fresh
interpreters on this machine; :func:`cluster_executor` connects to a Dask
scheduler; :func:`open_executor` picks one from the command line's
``--jobs``/``--cluster`` and the ``POKERCALC_CLUSTER`` environment variable.

>>> with LocalPool(2) as pool:
...     pool.submit(pow, 2, 10).result()
1024
>>> LocalPool(0)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: --jobs must be at least 1, got 0
"""

from __future__ import annotations

import os
import pickle
import selectors
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import traceback
import weakref
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError, Executor, Future
from contextlib import contextmanager
from types import TracebackType
from typing import Any, ParamSpec, TypeVar

from pokercalc.errors import InputError, install_hint

__all__ = [
    "CLUSTER_ENV",
    "LocalPool",
    "WorkerDied",
    "cluster_address",
    "cluster_executor",
    "open_executor",
    "task_seconds",
    "worker_count",
]

P = ParamSpec("P")
T = TypeVar("T")

#: The environment variable naming a Dask scheduler when ``--cluster`` is not given.
CLUSTER_ENV = "POKERCALC_CLUSTER"
#: Times a task whose worker process died is run again before its future fails.
MAX_RETRIES = 2
#: Tasks handed to one worker at a time: the next one waits in its socket, hiding the round trip.
PER_WORKER = 2
#: What to run when Dask is missing.
INSTALL_HINT = install_hint("cluster")
#: Seconds a task should take to keep per-task overhead small: a local pool's is tens of
#: microseconds, a Dask cluster's a few milliseconds (scheduler round trips).
LOCAL_TASK_SECONDS = 0.05
CLUSTER_TASK_SECONDS = 0.5

#: The folder holding this process's pokercalc package, first on every worker's sys.path.
_PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

_HEADER = struct.Struct("<Q")  # every message on a worker's socket: 8-byte length, pickle


def _cores() -> int:
    """CPUs this process may run on (its affinity mask), else the CPU count."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _check_jobs(jobs: Any) -> int:
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise InputError(f"--jobs must be at least 1, got {jobs!r}")
    return jobs


class WorkerDied(RuntimeError):
    """The worker process running a task died (killed, crashed) every time it was tried."""


class _RemoteTraceback(Exception):
    """The traceback of an exception raised in a worker, attached as its ``__cause__``."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return self.text


# --- the worker side ---------------------------------------------------------------------------


def _recv_exact(sock: socket.socket, n: int) -> bytes | None:
    """``n`` bytes from ``sock``, or None at end of stream."""
    buf = bytearray(n)
    view = memoryview(buf)
    got = 0
    while got < n:
        k = sock.recv_into(view[got:])
        if not k:
            return None
        got += k
    return bytes(buf)


def _error_reply(error: BaseException) -> bytes:
    """A worker's answer for a task that raised: the exception itself when it survives
    pickling both ways, else its type and text."""
    tb = "".join(traceback.format_exception(error))
    try:
        data = pickle.dumps((False, error, tb), pickle.HIGHEST_PROTOCOL)
        pickle.loads(data)
        return data
    except Exception:
        return pickle.dumps((False, None, f"{type(error).__name__}: {error}", tb))


def _run_task(payload: bytes) -> bytes:
    """Unpickle ``(fn, args, kwargs)``, call it, and pickle the answer."""
    try:
        fn, args, kwargs = pickle.loads(payload)
        result = fn(*args, **kwargs)
    except BaseException as e:  # the task's own error, the caller's to see
        return _error_reply(e)
    try:
        return pickle.dumps((True, result), pickle.HIGHEST_PROTOCOL)
    except Exception as e:
        return _error_reply(TypeError(f"cannot pickle the task's result: {e}"))


def _watch_parent(parent: int) -> None:
    """End this worker soon after its parent dies, even mid-task: in a process group of its
    own, it gets none of the signals that end the parent's group (a parent killed outright
    closes the socket, but the task running would first run to its end)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="pokercalc-parent", daemon=True).start()


#: How often a worker looks whether its parent is still there.
PARENT_POLL_SECONDS = 0.25


def _worker_main(fd: int) -> None:
    """A :class:`LocalPool` worker: run the tasks arriving on socket ``fd`` until it closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # ended by the parent: die quietly
    _watch_parent(os.getppid())
    with socket.socket(fileno=fd) as sock:
        while True:
            header = _recv_exact(sock, _HEADER.size)
            if header is None:
                return
            payload = _recv_exact(sock, _HEADER.unpack(header)[0])
            if payload is None:
                return
            answer = _run_task(payload)
            try:
                sock.sendall(_HEADER.pack(len(answer)) + answer)
            except OSError:  # the parent went away
                return


# --- the parent side ---------------------------------------------------------------------------


class _Task:
    """A submitted call: its future, its pickled ``(fn, args, kwargs)``, whether it was handed to a
    worker, and the workers that died running it."""

    __slots__ = ("future", "payload", "started", "deaths")

    def __init__(self, future: Future[Any], payload: bytes) -> None:
        self.future = future
        self.payload = payload
        self.started = False
        self.deaths = 0


class _Worker:
    """A worker process and the parent's end of its socket (non-blocking, owned by the
    dispatcher thread), with the tasks sent to it in order and the bytes not yet sent or parsed.
    """

    def __init__(self) -> None:
        parent, child = socket.socketpair()
        try:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    # ``-c`` puts the working directory first on sys.path, where a source
                    # checkout's uncompiled pokercalc/ would shadow the installed one: the
                    # worker imports the parent's pokercalc, from where the parent has it.
                    f"import sys; sys.path[0] = {_PACKAGE_ROOT!r}; "
                    "from pokercalc.pipelines.executors import _worker_main; "
                    f"_worker_main({child.fileno()})",
                ],
                pass_fds=(child.fileno(),),
                # A process group of its own: a Ctrl-C (or ``timeout -s INT``) reaches the
                # terminal's group, and a worker still starting (before _worker_main ignores
                # SIGINT) would print Python's start-up traceback; the parent stops them.
                process_group=0,
                stdin=subprocess.DEVNULL,
                # A task's prints go to stderr: stdout is the parent's output.
                stdout=2 if _is_open(2) else subprocess.DEVNULL,
            )
        except BaseException:
            parent.close()
            raise
        finally:
            child.close()
        parent.setblocking(False)
        self.sock = parent
        self.tasks: deque[_Task] = deque()
        self.out = bytearray()
        self.inbuf = bytearray()

    def send(self, task: _Task) -> None:
        """Queue ``task`` for sending."""
        self.tasks.append(task)
        self.out += _HEADER.pack(len(task.payload))
        self.out += task.payload

    def flush(self) -> None:
        """Send what the socket takes now."""
        try:
            sent = self.sock.send(self.out)
        except BlockingIOError:
            return
        except OSError:  # the worker is gone: reading its socket will say so
            self.out.clear()
            return
        del self.out[:sent]

    def receive(self) -> list[bytes] | None:
        """The answers that arrived whole, or None when the worker is gone."""
        try:
            data = self.sock.recv(1 << 20)
        except BlockingIOError:
            return []
        except OSError:
            return None
        if not data:
            return None
        self.inbuf += data
        answers = []
        while len(self.inbuf) >= _HEADER.size:
            (n,) = _HEADER.unpack_from(self.inbuf)
            if len(self.inbuf) < _HEADER.size + n:
                break
            answers.append(bytes(self.inbuf[_HEADER.size : _HEADER.size + n]))
            del self.inbuf[: _HEADER.size + n]
        return answers

    def end(self, terminate: bool) -> int:
        """Close the socket (the worker exits when it sees that), or SIGTERM the worker first;
        reap the process and return its exit status."""
        if terminate and self.proc.poll() is None:
            self.proc.terminate()
        self.sock.close()
        try:
            return self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - a worker stuck in a task
            self.proc.kill()
            return self.proc.wait()


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _how_it_died(status: int) -> str:
    if status < 0:
        try:
            return f"killed by {signal.Signals(-status).name}"
        except ValueError:  # pragma: no cover
            return f"killed by signal {-status}"
    return f"exit status {status}"


def _answer(task: _Task, data: bytes) -> None:
    """Complete ``task``'s future with a worker's answer."""
    try:
        ok, value, *rest = pickle.loads(data)
    except Exception as e:
        task.future.set_exception(RuntimeError(f"cannot unpickle the task's answer: {e}"))
        return
    if ok:
        task.future.set_result(value)
        return
    if value is None:
        value = RuntimeError(rest[0])
        rest = rest[1:]
    value.__cause__ = _RemoteTraceback(rest[0])
    task.future.set_exception(value)


class _Dispatcher:
    """The state of a :class:`LocalPool` and the thread that runs it.

    One thread owns every worker socket: it waits on all of them (and on a
    wake-up socket that ``submit`` and ``shutdown`` write to), hands queued
    tasks to workers with fewer than :data:`PER_WORKER` in flight, writes
    without blocking (so a large task never stalls the answers coming back)
    and completes futures.  Only the queue and the flags are shared, under
    ``lock``.
    """

    def __init__(self, workers: int) -> None:
        self.lock = threading.Lock()
        self.queue: deque[_Task] = deque()
        self.closing = False  # no new tasks; end once the queue and the workers are empty
        self.terminating = False  # end now
        self.finished = False
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self.workers: list[_Worker] = []
        try:
            for _ in range(workers):
                self.workers.append(_Worker())
        except BaseException:
            for w in self.workers:
                w.end(terminate=True)
            self._wake_r.close()
            self._wake_w.close()
            raise
        self.thread = threading.Thread(target=self.run, name="pokercalc-pool", daemon=True)
        self.thread.start()

    def wake(self) -> None:
        """Make the dispatcher look at the queue and flags again."""
        with self.lock:
            if self.finished:
                return
            try:
                self._wake_w.send(b"x")
            except BlockingIOError:  # it is awake already
                pass

    def close(self, terminate: bool = False, cancel: bool = False) -> None:
        """Take no new tasks; with ``cancel`` drop the queued ones, with ``terminate`` end the
        workers now."""
        dropped: list[_Task] = []
        with self.lock:
            self.closing = True
            self.terminating = self.terminating or terminate
            if cancel or terminate:
                dropped = list(self.queue)
                self.queue.clear()
        for task in dropped:
            task.future.cancel()
        self.wake()

    def run(self) -> None:
        """The dispatcher thread's loop."""
        sel = selectors.DefaultSelector()
        sel.register(self._wake_r, selectors.EVENT_READ)
        for w in self.workers:
            sel.register(w.sock, selectors.EVENT_READ, w)
        crash: BaseException | None = None
        try:
            while True:
                with self.lock:
                    if self.terminating:
                        break
                    taken: list[tuple[_Worker, _Task]] = []
                    for w in self.workers:
                        for _ in range(PER_WORKER - len(w.tasks)):
                            if not self.queue:
                                break
                            taken.append((w, self.queue.popleft()))
                    idle = self.closing and not self.queue
                for w, task in taken:
                    # A task sent again is running already; a new one may have been cancelled.
                    if task.started or task.future.set_running_or_notify_cancel():
                        task.started = True
                        w.send(task)
                if idle and not any(w.tasks for w in self.workers):
                    break
                for w in self.workers:
                    mask = selectors.EVENT_READ | (selectors.EVENT_WRITE if w.out else 0)
                    if sel.get_key(w.sock).events != mask:
                        sel.modify(w.sock, mask, w)
                for key, events in sel.select():
                    if key.data is None:
                        try:
                            while self._wake_r.recv(4096):
                                pass
                        except BlockingIOError:
                            pass
                        continue
                    w = key.data
                    if events & selectors.EVENT_WRITE and w.out:
                        w.flush()
                    if events & selectors.EVENT_READ:
                        answers = w.receive()
                        for data in answers or ():
                            _answer(w.tasks.popleft(), data)
                        if answers is None:
                            sel.unregister(w.sock)
                            self._replace(w, sel)
        except BaseException as e:  # pragma: no cover - a bug here must not hang the callers
            crash = e
            raise
        finally:
            with self.lock:
                self.closing = self.finished = True
                terminate = self.terminating
                left = list(self.queue)
                self.queue.clear()
            for w in self.workers:
                left += w.tasks
                w.end(terminate)
            for task in left:
                if task.future.cancel() or task.future.done():
                    continue
                if crash is None:
                    task.future.set_exception(CancelledError("the pool was shut down"))
                else:  # pragma: no cover
                    task.future.set_exception(RuntimeError(f"the pool failed: {crash!r}"))
            sel.close()
            self._wake_r.close()
            self._wake_w.close()

    def _replace(self, dead: _Worker, sel: selectors.BaseSelector) -> None:
        """A worker died: reap it, run its tasks again (the one it was running counts a
        death), and start another worker in its place."""
        status = dead.end(terminate=False)
        retry = list(dead.tasks)
        failed = None
        if retry:
            retry[0].deaths += 1
            if retry[0].deaths > MAX_RETRIES:
                failed = retry.pop(0)
        with self.lock:
            self.queue.extendleft(reversed(retry))
            work_left = bool(self.queue) or not self.closing
        if failed is not None:
            failed.future.set_exception(
                WorkerDied(
                    f"the worker process running this task died ({_how_it_died(status)}), "
                    f"{failed.deaths} times"
                )
            )
        i = self.workers.index(dead)
        if work_left or any(w.tasks for w in self.workers if w is not dead):
            fresh = _Worker()
            self.workers[i] = fresh
            sel.register(fresh.sock, selectors.EVENT_READ, fresh)
        else:
            del self.workers[i]


class LocalPool(Executor):
    """An executor running tasks in ``workers`` worker processes on this machine.

    The workers are fresh interpreters (``python -c``), neither forked nor
    started by ``multiprocessing``: forking a process whose OpenMP thread
    pool exists can hang the child (libgomp's state is copied without its
    threads), and a library cannot know what its host ran before;
    ``multiprocessing``'s spawn and fork server re-run the host's main script
    in every worker, which a script without a ``__main__`` guard does not
    survive.  A fresh interpreter imports pokercalc and nothing of the
    caller's, so ``fn`` must be importable by name (a module-level function)
    and its arguments picklable.

    A worker that dies (SIGKILL, a crash) is replaced, and the tasks it held
    run again on another; the task it was running fails with
    :class:`WorkerDied` once it has killed :data:`MAX_RETRIES` + 1 workers.
    An exception raised by a task is that task's future's exception.  Workers
    ignore SIGINT (the caller handles Ctrl-C) and die quietly on SIGTERM;
    their stdout goes to stderr.  Leaving a ``with`` block on an exception
    ends them at once (:meth:`terminate`), else :meth:`shutdown` waits for
    the tasks submitted.
    """

    #: seconds a task should take (see :func:`task_seconds`)
    task_seconds = LOCAL_TASK_SECONDS

    def __init__(self, workers: int | None = None) -> None:
        #: the number of worker processes (default: the CPUs this process may run on)
        self.workers = _cores() if workers is None else _check_jobs(workers)
        self._dispatcher = _Dispatcher(self.workers)
        # A pool dropped without shutdown still ends its workers (they finish their tasks).
        self._finalizer = weakref.finalize(self, self._dispatcher.close)

    @property
    def pids(self) -> list[int]:
        """The process ids of the workers now."""
        return [w.proc.pid for w in list(self._dispatcher.workers)]

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` in a worker; its pickling errors are raised here."""
        payload = pickle.dumps((fn, args, kwargs), pickle.HIGHEST_PROTOCOL)
        future: Future[T] = Future()
        d = self._dispatcher
        with d.lock:
            if d.closing:
                raise RuntimeError("cannot submit to a pool that was shut down")
            d.queue.append(_Task(future, payload))
        d.wake()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Take no new tasks and end the workers once the submitted tasks are done (or, with
        ``cancel_futures``, the ones already handed to a worker); ``wait`` waits for that."""
        self._dispatcher.close(cancel=cancel_futures)
        if wait:
            self._dispatcher.thread.join()

    def terminate(self) -> None:
        """End every worker now (SIGTERM): tasks not finished are cancelled or fail with
        ``CancelledError``."""
        self._dispatcher.close(terminate=True)
        self._dispatcher.thread.join()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc_val: BaseException | None,
        exc_tb: TracebackType | None,
    ) -> bool | None:
        if exc_type is None:
            self.shutdown(wait=True)
        else:
            self.terminate()
        return None


# --- Dask --------------------------------------------------------------------------------------


class _ClusterExecutor(Executor):
    """A Dask client's executor whose shutdown also closes the client."""

    task_seconds = CLUSTER_TASK_SECONDS

    def __init__(self, client: Any, address: str) -> None:
        self.client = client
        self.address = address
        # pure=False: a piece's key is a fresh id, not a hash of its arguments.
        self._executor: Executor = client.get_executor(pure=False)

    @property
    def workers(self) -> int:
        """Threads on the cluster's workers now."""
        return max(1, int(sum(self.client.nthreads().values())))

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` on the cluster."""
        return self._executor.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Wait for the tasks (or cancel them) and close the client."""
        try:
            self._executor.shutdown(wait=wait and not cancel_futures)
        finally:
            self.client.close()


def _check_reachable(address: str, timeout: float) -> None:
    """Check a scheduler address, and fail at once (not after the whole timeout) when a TCP
    scheduler refuses the connection or its host has no address."""
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, location = parse_address(address)
    if scheme not in ("tcp", "tls", "ws", "wss", "ucx"):
        raise ValueError(f"unsupported address scheme {scheme!r} (give tcp://HOST:PORT)")
    if scheme == "ucx":
        return
    host, port = parse_host_port(location)
    with socket.create_connection((host, port), timeout=timeout):
        pass


def _close_half_built(error: BaseException) -> None:
    """Close the client a failed ``Client(...)`` left behind (found in the traceback): left to
    the garbage collector, its close can wait 20 s and print a traceback."""
    import distributed

    tb = error.__traceback__
    while tb is not None:
        client = tb.tb_frame.f_locals.get("self")
        if isinstance(client, distributed.Client):
            try:
                client.close(timeout=2)  # type: ignore[no-untyped-call]
            except Exception:  # pragma: no cover - closing what never opened
                pass
            return
        tb = tb.tb_next


def cluster_executor(address: str, *, timeout: float = 10.0) -> Executor:
    """An executor running tasks on the Dask scheduler at ``address`` (``tcp://host:port``).

    Shutting it down closes its client.  A scheduler that refuses the
    connection fails at once; one that does not answer fails after
    ``timeout`` seconds; either is an :class:`InputError` naming the address.
    """
    try:
        import distributed
    except ImportError:
        raise InputError(f"--cluster needs Dask: {INSTALL_HINT}") from None
    try:
        _check_reachable(address, timeout)
        client = distributed.Client(  # type: ignore[no-untyped-call]
            address, timeout=timeout, set_as_default=False
        )
    except (ValueError, TypeError) as e:
        _close_half_built(e)
        raise InputError(f"bad Dask scheduler address {address!r}: {e}") from None
    except OSError as e:  # (TimeoutError is one)
        _close_half_built(e)
        reason = e.strerror.lower() if e.strerror else str(e) or type(e).__name__
        raise InputError(f"cannot reach the Dask scheduler at {address}: {reason}") from None
    except Exception as e:  # something else answers there (e.g. a bogus frame length)
        _close_half_built(e)
        raise InputError(
            f"no Dask scheduler answers at {address} ({type(e).__name__} in the handshake)"
        ) from None
    return _ClusterExecutor(client, address)


def cluster_address(cluster: str | None = None, jobs: int | None = None) -> str | None:
    """The scheduler to use: ``cluster``, else ``$POKERCALC_CLUSTER`` unless ``jobs`` asks for
    local processes (the command line beats the environment); empty means none.

    >>> cluster_address("tcp://10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    >>> cluster_address(None, jobs=4) is None
    True
    """
    if cluster is not None and cluster.strip():
        if jobs is not None:
            raise InputError("--jobs and --cluster exclude each other")
        return cluster.strip()
    if jobs is not None:
        return None
    return os.environ.get(CLUSTER_ENV, "").strip() or None


@contextmanager
def _quiet_dask() -> Iterator[None]:
    """Hold back Dask's (and tornado's) log records below CRITICAL (a lost scheduler logs
    tracebacks): the command line reports what went wrong in one line.  ``POKERCALC_DEBUG=1``
    keeps them."""
    import logging

    try:
        import distributed  # noqa: F401  (its import configures the loggers set below)
    except ImportError:
        yield  # (cluster_executor says what to install)
        return
    if os.environ.get("POKERCALC_DEBUG"):
        yield
        return
    # Dask's logging configuration gives some of its loggers their own levels: set each
    # (tornado's too: Dask's event loop runs on it).
    names = [
        name
        for name in ["distributed", "tornado", *logging.root.manager.loggerDict]
        if name.split(".")[0] in ("distributed", "tornado")
    ]
    levels = {name: logging.getLogger(name).level for name in names}
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


@contextmanager
def open_executor(jobs: int | None = None, cluster: str | None = None) -> Iterator[Executor]:
    """The executor the command line asks for, shut down on leaving.

    A Dask cluster at :func:`cluster_address` (``cluster``, else
    ``$POKERCALC_CLUSTER`` unless ``jobs`` is given), else a
    :class:`LocalPool` of ``jobs`` workers (default one per core).  Leaving
    on an exception (Ctrl-C included) cancels what has not run and ends
    local workers at once; so does leaving after a signal that the block
    caught (a run that returned what it had when Ctrl-C came does not wait
    for the pieces still running).  While a cluster's executor is open,
    Dask's own log records below CRITICAL are held back
    (``POKERCALC_DEBUG=1`` shows them): the command line reports a failure
    in one line.
    """
    from pokercalc.core.runner import signals_received

    address = cluster_address(cluster, jobs)
    signals = signals_received()
    if address is None:
        pool = LocalPool(jobs)
        try:
            yield pool
        except BaseException:
            pool.terminate()
            raise
        if signals_received() > signals:
            pool.terminate()
        else:
            pool.shutdown(wait=True)
        return
    with _quiet_dask():
        executor = cluster_executor(address)
        try:
            yield executor
        except BaseException:
            executor.shutdown(wait=False, cancel_futures=True)
            raise
        stopped = signals_received() > signals
        executor.shutdown(wait=not stopped, cancel_futures=stopped)


def worker_count(executor: Any) -> int:
    """How many tasks ``executor`` runs at once: its ``workers``, a Dask executor's threads,
    a standard pool's ``_max_workers``, else the CPUs of this machine."""
    workers = getattr(executor, "workers", None)
    if isinstance(workers, int) and workers > 0:
        return workers
    client = getattr(executor, "_client", None)  # a Dask ClientExecutor
    if client is not None:
        return max(1, int(sum(client.nthreads().values())))
    workers = getattr(executor, "_max_workers", None)
    if isinstance(workers, int) and workers > 0:
        return workers
    return _cores()


def task_seconds(executor: Any) -> float:
    """Seconds a task on ``executor`` should take to keep its overhead small: its own
    ``task_seconds``, a Dask executor's :data:`CLUSTER_TASK_SECONDS`, else
    :data:`LOCAL_TASK_SECONDS`."""
    seconds = getattr(executor, "task_seconds", None)
    if isinstance(seconds, (int, float)) and seconds > 0:
        return float(seconds)
    if getattr(executor, "_client", None) is not None:
        return CLUSTER_TASK_SECONDS
    return LOCAL_TASK_SECONDS
