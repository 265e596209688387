"""docs/ranges.md says where percentage ranges work (issue 42 item 22), and the code agrees:
hold'em and every Omaha game take them, the short-deck games refuse them with one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pokercalc.cli import cli
from pokercalc.core.games import GAMES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "ranges.md"
REFUSED = ("shortdeck", "shortdeck-triton")


@pytest.mark.parametrize("game", list(GAMES))
def test_percentages_work_where_the_docs_say(game: str) -> None:
    done = CliRunner().invoke(cli, ["query", "5%", "--game", game])
    if not GAMES[game].has_board:
        assert done.exit_code == 2 and f"query in {game}: ranges" in done.output, done.output
    elif game in REFUSED:
        assert done.exit_code == 2 and "has no ranking yet" in done.output, done.output
    else:
        assert done.exit_code == 0, done.output
        assert " of " in done.output.splitlines()[0], done.output  # "70 combos, 5.28% of 1,326"


def test_the_docs_name_every_game_that_takes_percentages() -> None:
    text = " ".join(DOCS.read_text(encoding="utf-8").split())
    taking = [g for g in GAMES if g.startswith("omaha")]
    assert "Percentages work in hold'em and in every Omaha game" in text
    assert all(f"`{g}`" in text.split("Percentages work in")[1][:200] for g in taking)
    assert "in `shortdeck` and `shortdeck-triton`, which have no ranking yet" in text
