"""``runner.run_kernel``: kernels run on one kept thread (OpenMP then keeps its thread team),
a second caller meanwhile gets a thread of its own, and errors and results come back.
``runner.run_here``: from the main thread, on the main thread, a watcher turning signals into
the stop flag."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercalc.core import runner


def test_kernels_run_on_one_kept_thread() -> None:
    seen = [runner.run_kernel(threading.get_ident, runner.Control())[0] for _ in range(3)]
    assert len(set(seen)) == 1 and seen[0] != threading.get_ident()


def test_a_second_caller_meanwhile_gets_its_own_thread() -> None:
    inside, release = threading.Event(), threading.Event()

    def slow() -> int:
        inside.set()
        release.wait(10)
        return threading.get_ident()

    first: list[int] = []
    t = threading.Thread(target=lambda: first.append(runner.run_kernel(slow, runner.Control())[0]))
    t.start()
    assert inside.wait(10)
    other, stopped = runner.run_kernel(threading.get_ident, runner.Control())
    release.set()
    t.join(10)
    assert not stopped and first and other != first[0]
    # The kept thread is free again afterwards.
    again = runner.run_kernel(threading.get_ident, runner.Control())[0]
    assert again == first[0]


def test_an_error_in_the_kernel_is_raised_to_the_caller() -> None:
    def broken() -> None:
        raise ValueError("kernel failed")

    with pytest.raises(ValueError, match="kernel failed"):
        runner.run_kernel(broken, runner.Control())
    assert runner.run_kernel(lambda: 7, runner.Control())[0] == 7


def test_split_items_run_largest_first_after_the_sample() -> None:
    from array import array

    from pokercalc.engine.exact import largest_first

    flat = array("i", [0, -1, 5, 0, -1, 2, 0, -1, 9, 0, -1, 0, 0, -1, 3])
    view = memoryview(flat)  # the kernel's view of the items stays valid
    largest_first(flat, 1)
    assert list(flat) == [0, -1, 5, 0, -1, 0, 0, -1, 2, 0, -1, 3, 0, -1, 9]
    assert view.tolist() == list(flat)
    largest_first(flat, 5)  # every item done in the sample: nothing left to order
    assert view.tolist() == [0, -1, 5, 0, -1, 0, 0, -1, 2, 0, -1, 3, 0, -1, 9]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 1325), st.integers(-1, 1325), st.integers(-1, 47)), max_size=80
    ),
    st.integers(0, 90),
)
def test_largest_first_is_a_stable_sort_of_what_follows_the_sample(
    items: list[tuple[int, int, int]], done: int
) -> None:
    from array import array

    from pokercalc.core._engine import largest_first

    done = min(done, len(items))
    flat = array("i", [x for item in items for x in item])
    largest_first(flat, done)
    want = items[:done] + sorted(items[done:], key=lambda item: item[2])
    assert list(flat) == [x for item in want for x in item]


def test_largest_first_refuses_what_is_no_work_item() -> None:
    from array import array

    from pokercalc.core._engine import largest_first

    with pytest.raises(ValueError):
        largest_first(array("i", [0, 0, -2]), 0)
    with pytest.raises(ValueError):
        largest_first(array("i", [0, 0, 1]), -1)


def test_run_here_runs_on_the_main_thread_and_elsewhere_on_the_kept_one() -> None:
    assert runner.run_here(threading.get_ident, runner.Control()) == (threading.get_ident(), False)
    kept = runner.run_kernel(threading.get_ident, runner.Control())[0]
    seen: list[int | None] = []
    t = threading.Thread(
        target=lambda: seen.append(runner.run_here(threading.get_ident, runner.Control())[0])
    )
    t.start()
    t.join(10)
    assert seen == [kept]


def test_run_here_polls_and_a_signal_sets_the_stop_flag() -> None:
    control = runner.Control()
    polls: list[float] = []

    def kernel() -> str:
        # Stands for a GIL-free kernel: waits for the stop flag, as kernels poll it.
        end = time.monotonic() + 10
        while not control.stopped and time.monotonic() < end:
            time.sleep(0.01)
        return "stopped" if control.stopped else "timed out"

    before = signal.getsignal(signal.SIGINT)
    # A handler that does not raise, so the kernel sees the flag the watcher set.
    signal.signal(signal.SIGINT, lambda signum, frame: None)
    try:
        threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
        value, stopped = runner.run_here(kernel, control, on_poll=lambda: polls.append(1.0))
    finally:
        signal.signal(signal.SIGINT, before)
    assert (value, stopped) == ("stopped", True)
    assert polls  # progress was drawn while the kernel ran (every POLL_SECONDS)
    assert signal.set_wakeup_fd(-1) == -1  # the wakeup descriptor is given back


def test_run_here_returns_what_a_raised_interrupt_left() -> None:
    control = runner.Control()

    def kernel() -> str:
        time.sleep(10)  # a handler that raises ends this at once
        return "finished"

    threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT)).start()
    t = time.monotonic()
    value, stopped = runner.run_here(kernel, control)
    assert (value, stopped) == (None, True) and control.stopped
    assert isinstance(control.interrupt, KeyboardInterrupt)
    assert time.monotonic() - t < 5


def test_run_here_hands_the_signals_it_saw_to_the_descriptor_set_before() -> None:
    r, w = os.pipe()
    os.set_blocking(w, False)
    before_fd = signal.set_wakeup_fd(w)
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, lambda signum, frame: None)
    control = runner.Control()
    try:

        def kernel() -> None:
            end = time.monotonic() + 10
            while not control.stopped and time.monotonic() < end:
                time.sleep(0.01)

        threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT)).start()
        assert runner.run_here(kernel, control)[1] is True
        assert signal.set_wakeup_fd(before_fd) == w
        assert os.read(r, 16) == bytes([signal.SIGINT])
    finally:
        signal.signal(signal.SIGINT, before)
        os.close(r)
        os.close(w)


def test_an_error_drawing_progress_stops_the_kernel_and_is_raised() -> None:
    control = runner.Control()

    def kernel() -> None:
        end = time.monotonic() + 10
        while not control.stopped and time.monotonic() < end:
            time.sleep(0.01)

    def poll() -> None:
        raise RuntimeError("the progress bar broke")

    with pytest.raises(RuntimeError, match="progress bar broke"):
        runner.run_here(kernel, control, on_poll=poll)
    assert control.stopped
    # The watcher serves the next run.
    assert runner.run_here(lambda: 5, runner.Control()) == (5, False)
