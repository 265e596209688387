"""Collection settings shared by the test suite and the doctests of the package."""

import pytest

collect_ignore = ["setup.py", "pokercalc/__main__.py", "bench"]

#: Doctests of the package left out of the fast tier (``-m "not slow and not process"``).
SLOW_DOCTESTS = {
    "pokercalc.analysis.win_odds",
    "pokercalc.analysis.win_odds.omaha_strength",
    "pokercalc.ranges.omaha",
    "pokercalc.ranges.omaha.parse_omaha_range",
    "pokercalc.texture.flops.suit_symmetries",
}
#: Doctests that start a process pool.
PROCESS_DOCTESTS = {"pokercalc.pipelines.executors"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if isinstance(item, pytest.DoctestItem):
            if item.name in SLOW_DOCTESTS:
                item.add_marker(pytest.mark.slow)
            if item.name in PROCESS_DOCTESTS:
                item.add_marker(pytest.mark.process)
