"""Every test in tests/process is marked ``process``: each starts the installed command, a
process pool or a Dask cluster, or sends a signal, and the fast tier leaves them out."""

from pathlib import Path

import pytest

_HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _HERE in item.path.resolve().parents:
            item.add_marker(pytest.mark.process)
