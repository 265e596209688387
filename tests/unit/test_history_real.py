"""`pokercalc history` on real hands of the PHH dataset that once came out wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokercalc.pipelines import history

pytest.importorskip("pokerkit")

DATA = Path(__file__).resolve().parents[1] / "data" / "history-real"


def records(name: str) -> list[history.HandRecord]:
    text = (DATA / name).read_text("utf-8")
    out = list(history.analyse_text(text, name, history.EquityCache()))
    assert all(isinstance(r, history.HandRecord) for r in out), out
    return out  # type: ignore[return-value]


def test_partypoker_winnings_that_count_the_uncalled_bet_as_won() -> None:
    # PartyPoker's winnings hand back the uncalled 1,161.51 as if won: net -204.04, not +957.47.
    allin, walk = records("pty-2009-07-01-1000nlh.phhs")
    assert allin.status == "all-in"
    assert allin.actual == (-5, -10, -204.04, 217.04, 0)
    assert allin.rake == 2
    assert [p.amount for p in allin.pots] == [423.08]
    # Adjusted: 423.08 x 241/990 - 204.04 for KcQh against Ad4s on QcAs8c.
    assert allin.adjusted[2] == pytest.approx(423.08 * 241 / 990 - 204.04, abs=1e-6)
    # A raise nobody called: winnings of 40 are the 15 of the blinds and its own 25 back.
    assert walk.actual == (-5, -10, 15, 0, 0)
    assert walk.rake == 0


def test_ipoker_hands_without_stacks_are_read() -> None:
    # The dataset's iPoker hands write stacks as inf and winnings as 0.
    unknown, fold, unfinished = records("ipn-2009-07-01-100nlh.phhs")
    # Both players at the showdown mucked and the file writes no winnings: nobody can say who
    # won (pokerkit's replay gave the pot to the one whose cards were dealt face up).
    assert unknown.status == "result unknown"
    assert unknown.actual == unknown.adjusted == (0,) * 6
    assert unknown.put_in == (22, 22, 0, 4, 0, 0)
    result = history.summarise([unknown, fold, unfinished])
    assert (result.hands_read, result.hands_used) == (3, 2)
    assert result.skipped == {"no all-in": 2, "result unknown": 1}
    assert "eLAkhpdLaqOO8NHcWC7ACw" in {p.player for p in result.players}
    assert {p.player: p.hands for p in result.players}["b7YRpJ+VzNjsnJI+8U0QXA"] == 1
    assert fold.status == "no all-in"
    assert fold.actual == (-0.5, -1, 0, 0, 0, 1.5)
    # Stops before its showdown: 7sQs's flush beats 8hKd's kings on KsQd5s4d9s.
    assert unfinished.status == "no all-in"
    assert unfinished.actual == (-0.5, -1, -32.25, 0, 33.75, 0, 0)
    assert unfinished.rake == 0


def test_the_quick_reading_reads_inf_as_pokerkit_does() -> None:
    import math

    text = (DATA / "ipn-2009-07-01-100nlh.phhs").read_text("utf-8")
    hands = [history.quick_hand(t) for _, t in history.split_phhs(text)]
    stacks = [h.starting_stacks for h in hands if h is not None]
    assert stacks == [[math.inf] * 6, [math.inf] * 6, [math.inf] * 7]


def test_pokerstars_all_in_before_the_flop_without_winnings() -> None:
    # 6sAd against QhKh for 180 each (and the big blind's 10): kings win on 6c3cTc9hKs.
    (r,) = records("ps-2009-07-01-1000nlh.phhs")
    assert (r.status, r.board, r.cards[0], r.cards[4]) == ("all-in", "", "6sAd", "QhKh")
    assert r.actual == (-180, -10, 0, 0, 190)
    (pot,) = r.pots
    assert pot.amount == 370
    assert r.adjusted[0] == pytest.approx(370 * pot.equities[0] - 180, abs=1e-6)
