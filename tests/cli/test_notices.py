"""Notes on stderr go above a live progress bar, never into it (issue 42, item 3)."""

from __future__ import annotations

import pytest

from pokercalc import cli
from pokercalc.cli import progress


class _Bar:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def print_above(self, text: str) -> bool:
        self.lines.append(text)
        return True


def test_a_note_goes_above_a_showing_bar(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bar = _Bar()
    monkeypatch.setattr(progress, "_LIVE", [bar])
    cli.plan_notice(10**9, 600.0)
    assert bar.lines == [
        "pokercalc: enumerating 1,000,000,000 outcomes exactly; about 10 min (estimated from a "
        "sample; Ctrl-C stops)"
    ]
    assert capsys.readouterr().err == ""


def test_without_a_bar_a_note_is_a_plain_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(progress, "_LIVE", [])
    cli.plan_notice(5, 4.0)
    assert capsys.readouterr().err.startswith(
        "pokercalc: enumerating 5 outcomes exactly; about 4 s"
    )
    cli.plan_notice(5, 1.0)  # (a short run says nothing)
    assert capsys.readouterr().err == ""
