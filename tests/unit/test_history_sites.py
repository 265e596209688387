"""pokercalc.pipelines.history: real text exports of the online sites, read end to end.

The hands are in tests/data/history-sites (their source in tests/data/history/README.md);
each test's numbers are read off the hand's text: the stacks, what each player put in,
the pot and rake in its summary, and what the winner collected.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import pokercalc
from pokercalc.pipelines import history

pytest.importorskip("pokerkit")

SITES = Path(__file__).resolve().parents[1] / "data" / "history-sites"


def read(name: str) -> history.HandRecord:
    """The one hand of a file, its format detected."""
    (r,) = history.iter_records([str(SITES / name)], history.EquityCache())
    assert isinstance(r, history.HandRecord), r
    return r


def adjusted(pot: float, players: str, board: str, put: tuple[float, float]) -> list[float]:
    """Two players' all-in adjusted nets in one pot."""
    e = pokercalc.equity(players, board, method="exact").players
    return [pot * e[0].equity - put[0], pot * e[1].equity - put[1]]


def test_pokerstars_antes_put_a_player_all_in_on_the_flop() -> None:
    """Every player antes $0.02: matze1987's raise to $10.94 is his whole stack, and the
    showdown's winner is paid from the body's 'collected $23.57 from pot' line."""
    r = read("pokerstars-2014-antes.txt")
    assert r.players == ("numbush", "DonKingKong", "Gaben13", "Captain2323", "matze1987")
    assert (r.status, r.board) == ("all-in", "5c4c4h")
    assert r.cards == ("AhKs", "", "", "", "8h8c")
    assert r.put_in == (12.26, 0.12, 0.02, 0.02, 12.26)
    assert [(p.amount, p.players) for p in r.pots] == [(24.68, ("numbush", "matze1987"))]
    assert r.actual == pytest.approx((11.31, -0.12, -0.02, -0.02, -12.26), abs=1e-9)
    assert r.rake == pytest.approx(1.11)  # "Total pot $24.68 | Rake $1.11"
    a, m = adjusted(24.68, "AhKs|8h8c", "5c4c4h", (12.26, 12.26))
    assert r.adjusted == pytest.approx((a, -0.12, -0.02, -0.02, m), abs=1e-6)


def test_pokerstars_cap_game_all_in_before_the_flop_with_an_uncalled_bet() -> None:
    r = read("pokerstars-2014-cap.txt")
    assert r.players[:2] == ("ekologe", "PANTER555") and len(r.players) == 6
    assert (r.status, r.board, r.cards[:2]) == ("all-in", "", ("AdKd", "JdAh"))
    assert r.put_in == (18.74, 18.74, 1, 0, 1, 0)  # $1.26 of the $20 came back
    assert r.actual == pytest.approx((18.96, -18.74, -1, 0, -1, 0), abs=1e-9)
    assert r.rake == pytest.approx(1.78)
    e, p = adjusted(39.48, "AdKd|JdAh", "", (18.74, 18.74))
    assert r.adjusted == pytest.approx((e, p, -1, 0, -1, 0), abs=1e-6)


def test_pokerstars_side_pot_with_a_mucked_hand_counts_at_the_actual_net() -> None:
    """Three all-in on the flop with antes; Shupstix mucks, so the spot's cards are not
    all known.  T_Leroy collects the side pot ($7.91) and the main pot ($30.37)."""
    r = read("pokerstars-2014-side-pot.txt")
    assert r.players[:2] == ("ilya44rus", "Shupstix") and r.players[3] == "T_Leroy"
    assert (r.status, r.board) == ("cards unknown", "8c6c9s")
    assert r.put_in == (14.57, 10.58, 0.02, 14.57, 0.02, 0.02)
    assert r.actual == r.adjusted
    assert r.actual == pytest.approx((-14.57, -10.58, -0.02, 23.71, -0.02, -0.02), abs=1e-9)
    assert r.rake == pytest.approx(1.5)  # "Total pot $39.78 ... | Rake $1.50"


def test_full_tilt_2015_format_all_in_on_the_flop() -> None:
    """'CAP NL Hold'em - $5/$10': the variant after the table, and the pot the winner
    'wins ($603)' in the body (its summary line says 'won', not 'collected')."""
    r = read("fulltilt-2015.txt")
    assert r.players == ("1mperial", "Postrail", "Darkking_pt", "ginalisa18")
    assert (r.status, r.board, r.cards) == ("all-in", "Ad5d5c", ("", "QsAh", "", "JcJs"))
    assert r.put_in == (5, 300, 0, 300)
    assert r.actual == (-5, 303, 0, -300) and r.rake == 2
    q, j = adjusted(605, "QsAh|JcJs", "Ad5d5c", (300, 300))
    assert r.adjusted == pytest.approx((-5, q, 0, j), abs=1e-6)


def test_ongame_all_in_on_the_flop() -> None:
    r = read("ongame-2014.txt")
    assert r.players == (
        "kliketiklok",
        "Dbcee89",
        "BlackH0L3",
        "Cockatrice",
        "BONUS 1OOO",
        "fyabcf",
    )
    assert (r.status, r.board) == ("all-in", "6dKd8c")
    assert r.cards == ("6s8s", "", "", "", "", "KcKh")
    assert r.put_in == (112.91, 1, 0, 3, 0, 112.91)
    # The summary: "fyabcf ($350.06), net: +$113.91", "Rake taken: $3".
    assert r.actual == pytest.approx((-112.91, -1, 0, -3, 0, 113.91), abs=1e-9)
    assert r.rake == pytest.approx(3)
    six, kings = adjusted(229.82, "6s8s|KcKh", "6dKd8c", (112.91, 112.91))
    assert r.adjusted == pytest.approx((six, -1, 0, -3, 0, kings), abs=1e-6)


def test_ipoker_pays_the_winner_named_in_its_player_line() -> None:
    """a3uu's line holds win="$42.75": the pot of $45 less $2.25 of rake."""
    r = read("ipoker-2014.txt")
    assert r.players == ("Betraktaren", "Shostak0vich", "Marlene79", "ch4atsftw", "a3uu")
    assert r.status == "no all-in" and r.put_in == (5, 20, 0, 0, 20)
    assert r.actual == r.adjusted == (-5, -20, 0, 0, 22.75)
    assert r.rake == pytest.approx(2.25)


def test_partypoker_own_export_is_detected_and_its_uncalled_bet_not_won() -> None:
    """PartyPoker's ``***** Hand History for Game`` export: dr. spaz's all-in for $10 is
    called for $8.13, and 'wins $1.87 USD from the side pot 1' is that uncalled $1.87 coming
    back; the main pot of $21.66 paid $20.66 (rake $1)."""
    text = (SITES / "partypoker-2014.txt").read_text("utf-8-sig")
    assert history.detect_format(text) == "partypoker"
    r = read("partypoker-2014.txt")
    assert r.players == ("kewen", "xyxyTiltyxyx", "GrindAA", "mumija80", "dr. spaz", "TYRANNOMAN1")
    assert r.status == "no all-in"  # (all-in on the river: no card to come)
    assert r.put_in == pytest.approx((0.3, 5.1, 0, 0, 8.13, 8.13))
    assert r.actual == pytest.approx((-0.3, -5.1, 0, 0, 12.53, -8.13))
    assert r.rake == pytest.approx(1)


def test_ipoker_indented_xml_is_detected_and_read() -> None:
    """iPoker XML indented under its <session>: hzler raises to €3 and everyone folds; his
    win="€4.50" counts his uncalled €2 as won."""
    text = (SITES / "ipoker-2014-indented.txt").read_text("utf-8-sig")
    assert history.detect_format(text) == "ipoker"
    r = read("ipoker-2014-indented.txt")
    assert r.players == ("bf008672", "Zelioni82", "LosDomos", "wizby", "IseeThatTown", "hzler")
    assert r.put_in == (0.5, 1, 0, 0, 0, 1)
    assert r.actual == r.adjusted == (-0.5, -1, 0, 0, 0, 1.5)
    assert r.rake == 0


def test_absolute_hands_as_the_site_writes_them() -> None:
    # Made-up hands in Absolute Poker's text format (no real export is public under a
    # licence this project can ship): its later one-space variant, a hand number with a
    # letter, a "7-2 proposition" side game's pot that is no poker pot, and a walk.
    path = str(SITES / "absolute-made-up.txt")
    allin, prop, walk = history.iter_records([path], history.EquityCache())
    assert isinstance(allin, history.HandRecord)
    assert allin.hand == "C300000001"
    assert allin.status == "all-in"
    assert allin.players == ("CAROL", "DAVE", "ALICE", "BOB")
    assert allin.cards == ("", "KcKs", "AsAd", "")
    # All-in before the flop for 100 each: 200.50 in the pot, 2 raked, 198.50 to DAVE.
    assert allin.actual == (-0.5, 98.5, -100, 0)
    assert allin.rake == 2
    assert allin.adjusted[1:3] == pytest.approx(adjusted(200.5, "KcKs | AsAd", "", (100, 100)))
    assert isinstance(prop, history.HandRecord)
    # ALICE collects 24.70 of the 26 pot and 20 of the proposition pot: +12.70, not +32.70.
    assert prop.actual == (-2, -12, 12.7)
    assert prop.rake == 1.3
    assert isinstance(walk, history.HandRecord)
    # The big blind's 1.50 counts its own 0.50 back: +0.50.
    assert walk.actual == (-0.5, 0.5, 0, 0)
    assert walk.rake == 0


def test_every_site_file_is_read_with_its_format_and_nothing_skipped() -> None:
    result = history.run_history(str(SITES))
    assert result.hands_read == result.hands_used == 12
    assert result.allin_hands == 6
    assert result.skipped == {"cards unknown": 1, "no all-in": 5}
