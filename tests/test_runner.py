"""``runner.run_kernel``: kernels run on one kept thread (OpenMP then keeps its thread team),
a second caller meanwhile gets a thread of its own, and errors and results come back."""

from __future__ import annotations

import threading

import pytest

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

    from pokercalc.analysis.equities import _largest_first

    flat = array("i", [0, -1, 5, 0, -1, 2, 0, -1, 9, 0, -1, 0, 0, -1, 3])
    view = memoryview(flat)  # the kernel's view of the items stays valid
    _largest_first(flat, 1)
    assert list(flat) == [0, -1, 5, 0, -1, 0, 0, -1, 2, 0, -1, 3, 0, -1, 9]
    assert view.tolist() == list(flat)
    _largest_first(flat, 5)  # every item done in the sample: nothing left to order
    assert view.tolist() == [0, -1, 5, 0, -1, 0, 0, -1, 2, 0, -1, 3, 0, -1, 9]
