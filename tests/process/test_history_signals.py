"""``pokercalc history`` stopped by signals keeps the hands it read, as valid JSON.

`timeout -s INT` signals the command and then its process group, so two signals come at
once: the second one landed while the totals were made or the workers ended, and the
output was lost (nothing on stdout, "pokercalc: interrupted" alone).
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest
from cli_runs import start_program

pytest.importorskip("pokerkit")

DATA = Path(__file__).resolve().parent.parent / "data" / "history"


def _many_hands(path: Path, n: int) -> None:
    """``n`` hands, the shipped real ones over and over, as one PHHS file."""
    hands = []
    for source in sorted(DATA.glob("*.phh*")):
        parts = re.split(r"^\[\d+\]\s*$", source.read_text("utf-8"), flags=re.MULTILINE)
        hands += [p.strip() + "\n" for p in parts if p.strip()]
    with path.open("w", encoding="utf-8") as f:
        for i in range(n):
            f.write(f"[{i + 1}]\n{hands[i % len(hands)]}\n")


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_two_signals_at_once_keep_the_hands_read(tmp_path: Path, jobs: str) -> None:
    path = tmp_path / "hands.phhs"
    _many_hands(path, 30_000)  # (about 25 seconds of work)
    proc = start_program("history", str(path), "--json", "--jobs", jobs)
    time.sleep(3.5)  # (two workers return their first pieces after about three seconds)
    assert proc.poll() is None, "the command ended before the signal: give it more hands"
    proc.send_signal(signal.SIGINT)
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise
    assert proc.returncode == 130, err
    result = json.loads(out)["result"]
    assert result["interrupted"] is True
    assert result["hands_read"] < 30_000  # (the JSON came whole, whatever was read)
    assert "Traceback" not in err
