"""A signal while ``map_unordered`` waits leaves every future free to complete.

``concurrent.futures.wait`` takes the futures' locks one by one in Python code; a
signal handler that raised in the middle left some of them held by the main thread,
and the pool's thread then blocked for good completing one of those futures (a CI run
of ``equity ... --jobs 2`` never ended after its SIGTERM).  The waiting thread now
takes no lock of the threads that finish futures.
"""

from __future__ import annotations

import random
import signal
import threading
import time
from concurrent.futures import Executor, Future
from typing import Any

import pytest

from pokercalc.core.runner import map_unordered


class _Manual(Executor):
    """An executor whose futures the test completes from another thread."""

    def __init__(self) -> None:
        self.futures: list[Future[Any]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()  # running: map_unordered cannot cancel it
        self.futures.append(future)
        return future


def _finish_first(ex: _Manual) -> None:
    ex.futures[0].set_result(0)


def _finish_all(futures: list[Future[Any]]) -> None:
    for future in futures:
        if not future.done():
            future.set_result(1)


@pytest.mark.slow
@pytest.mark.process  # (sends signals to this process)
def test_an_interrupt_while_waiting_leaves_every_future_free_to_complete() -> None:
    rng = random.Random(1)
    main = threading.main_thread().ident
    assert main is not None
    # Thousands of pending futures make the old wait spend much of its time taking their
    # locks: the old code failed within 15 tries for five seeds of six.
    for attempt in range(15):
        ex = _Manual()
        waiting = threading.Event()
        delay = rng.uniform(0, 0.12)

        def interrupt(waiting: threading.Event, delay: float) -> None:
            waiting.wait()
            time.sleep(delay)
            signal.pthread_kill(main, signal.SIGINT)

        threading.Thread(target=interrupt, args=(waiting, delay), daemon=True).start()
        got = []
        with pytest.raises(KeyboardInterrupt):
            first = threading.Timer(0.01, _finish_first, (ex,))
            first.start()
            for i, value in map_unordered(
                ex, abs, range(20_000), on_result=lambda i, v, w=waiting: w.set()
            ):
                got.append((i, value))
            time.sleep(5)  # (never reached: the signal comes within 0.2 s)
        first.join()
        assert got == [(0, 0)]
        finisher = threading.Thread(target=_finish_all, args=(ex.futures,), daemon=True)
        finisher.start()
        finisher.join(5)
        assert not finisher.is_alive(), f"try {attempt}: a future's lock was left held"
