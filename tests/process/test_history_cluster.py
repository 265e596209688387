"""history on a real Dask cluster: the answer of one process, hand by hand."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner

from pokercalc.cli import cli

pytest.importorskip("pokerkit")
pytest.importorskip("distributed")  # (the `cluster` extra)

if TYPE_CHECKING:
    from cluster import Cluster

pytest_plugins = ["cluster"]

DATA = Path(__file__).resolve().parents[1] / "data" / "history"


def same(text: str) -> str:
    """Output with any timing zeroed."""
    return re.sub(r'"elapsed":\s*[-+.0-9eE]+', '"elapsed": 0', text)


def test_history_on_a_cluster_equals_one_process(
    dask_cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The shipped hands, each file twice, in pieces of 3 hands: several pieces per file.
    for path in DATA.glob("*.phh*"):
        for copy in ("a", "b"):
            (tmp_path / f"{copy}-{path.name}").write_bytes(path.read_bytes())
    monkeypatch.setattr("pokercalc.pipelines.history.run.PIECE_HANDS", 3)
    args = ["history", str(tmp_path), "--json", "--hands"]
    local = CliRunner().invoke(cli, args)
    assert local.exit_code == 0, local.stderr
    result = json.loads(local.stdout)["result"]
    assert result["hands_read"] == 24 and result["allin_hands"] == 6 and result["spots"] == 3
    remote = CliRunner().invoke(cli, [*args, "--cluster", dask_cluster.address])
    assert remote.exit_code == 0, remote.stderr
    assert same(remote.stdout) == same(local.stdout)
    assert remote.stderr == local.stderr
