"""`pokercalc history` on the hands of the PHH dataset that showed each site's ways.

The files are the first hands of fifteen files of the dataset's ``data/handhq``
folder (tests/data/history/README.md); a hand is named by its file and its index.
Where a player's next hand at the same table is in the file, its starting stack
there is the site's own word on the net, and the tests hold the nets to it.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

import pokercalc
from pokercalc.pipelines import history

pytest.importorskip("pokerkit")

DATA = Path(__file__).resolve().parents[1] / "data" / "history-dataset"


@functools.cache
def _records(name: str) -> dict[int, history.HandRecord]:
    text = (DATA / name).read_text("utf-8")
    out = list(history.analyse_text(text, name, history.EquityCache()))
    assert all(isinstance(r, history.HandRecord) for r in out), out
    return {r.index: r for r in out}  # type: ignore[union-attr]


def hand(name: str, index: int) -> history.HandRecord:
    return _records(name)[index]


def next_stack(name: str, index: int, seat: int, later: int) -> tuple[float, float]:
    """The player's starting stack in the hand and in a later hand of the same table."""
    from pokercalc.pipelines.history.reading import quick_hand, split_phhs

    texts = {i: t for i, t in split_phhs((DATA / name).read_text("utf-8"))}
    first, then = quick_hand(texts[index]), quick_hand(texts[later])
    assert first is not None and then is not None
    player = first.players[seat]
    assert then.players.count(player) == 1
    return (float(first.starting_stacks[seat]),
            float(then.starting_stacks[then.players.index(player)]))  # fmt: skip


def test_every_dataset_hand_is_read() -> None:
    for path in sorted(DATA.glob("*.phhs")):
        records = _records(path.name)
        headers = path.read_text("utf-8").count("\n[") + 1
        assert len(records) == headers
        assert all(r.status in ("all-in", *history.REASONS) for r in records.values())


def test_ongame_posts_the_missed_small_blind_dead() -> None:
    # -2 in a 2-4 game is a missed small blind posted: dead, so the raise to 16 is 16 more
    # (18 put in, 12 of it back): the finishing stacks say 150 -> 156.
    dead = hand("ong-400nlh-1.phhs", 1)
    assert dead.put_in == (2, 4, 0, 6, 0)
    assert dead.actual == (-2, -4, 0, 6, 0)
    assert dead.rake == 0
    # -4 is a big blind posted: live, so the call that follows is a check (296 -> 301.5).
    live = hand("ong-400nlh-1.phhs", 76)
    assert live.put_in == (2, 4, 4, 0, 0)
    assert live.actual == (-2, -4, 5.5, 0, 0)
    assert live.rake == 0.5
    # The 5 of a 5-10 game's post is dead too, on top of the call: 1000 -> 953, not 958.
    first = hand("ong-1000nlh-1.phhs", 2)
    assert first.put_in == (5, 42, 47, 0, 0)
    assert first.actual == (-5, 49, -47, 0, 0)
    assert first.rake == 3


def test_ongame_split_pots_are_read_from_the_finishing_stacks() -> None:
    # Ongame writes winnings of 0 for a split pot; the finishing stacks say what each got.
    split = hand("ong-400nlh-1.phhs", 32)
    assert split.actual == (-12, 11, 11, -12)
    assert split.rake == 2
    chop = hand("ong-400nlh-1.phhs", 67)
    assert chop.actual == (-2, 0, 0, 0)
    assert chop.rake == 2
    # Where winnings are written they come first: a player who folded with 1132.70 and
    # put nothing in "finishes" with 1.00 (it left the table); its net is 0.
    left = hand("ong-600nlh-1.phhs", 100)
    assert left.actual == (16.2, -18, 0)
    assert left.rake == 1.8


def test_ongame_all_in_shown_street_by_street() -> None:
    # Both players show ???? at every street, then AsAc against QcQd: the last showing counts.
    allin = hand("ong-1000nlh-1.phhs", 12)
    assert allin.status == "all-in"
    assert allin.board == "7s5h8s"
    assert [p.amount for p in allin.pots] == [1433]
    assert allin.actual == (-5, -10, 0, -709, 721)
    # QcQd against AsAc on 7s5h8s wins 90 of the 990 turns and rivers (1/11).
    assert allin.adjusted[3] == pytest.approx(1433 / 11 - 709, abs=1e-6)


def test_a_split_pot_of_money_is_shared_to_the_cent() -> None:
    # Full Tilt, 5-10, whole-dollar bets and no winnings written: 7c9c and 7hTh both play
    # the 3-4-5-6-7 straight; the 185 pot is 92.50 each, not 93 and 92.
    chop = hand("ftp-1000nlh-1.phhs", 128)
    assert chop.status == "no all-in"
    assert chop.actual == (-5, -20, -20, 0, 22.5, 22.5)


def test_winnings_over_the_pots_stand_where_a_post_is_not_written() -> None:
    # Absolute: 4.05 paid from pots of 3.75 (a joining player's post is not in the file),
    # and the winner's next stack at the table, 46.85 from 44.30, says +2.55: the winnings
    # stand (taking the uncalled 2.50 off as won would say +0.05).
    absolute = hand("abs-50nlh-1.phhs", 154)
    assert absolute.actual[2] == pytest.approx(2.55)
    assert next_stack("abs-50nlh-1.phhs", 154, 2, 179) == (44.3, 46.85)
    # PokerStars: 2 paid from a pot of 1.25 after an uncalled raise; next stack 14 from 12.50.
    stars = hand("ps-50nlh-1.phhs", 50)
    assert stars.actual[2] == pytest.approx(1.5)
    assert next_stack("ps-50nlh-1.phhs", 50, 2, 88) == (12.5, 14)


def test_uncalled_bets_counted_as_won() -> None:
    # A walk: Absolute writes 0.75 for the big blind, its own 0.25 back counted as won.
    walk = hand("abs-50nlh-1.phhs", 1)
    assert walk.actual == (-0.25, 0.25, 0, 0, 0)
    assert walk.rake == 0
    # PartyPoker counts the uncalled bet as won (rake off): 1.32 paid with 0.47 of it the
    # flop bet nobody called; the winner's next stack, 29.18 from 28.83, says +0.35.
    party = hand("pty-25nlh-1.phhs", 27)
    assert party.actual[0] == pytest.approx(0.35)
    assert next_stack("pty-25nlh-1.phhs", 27, 0, 56) == (28.83, 29.18)
    assert party.rake == pytest.approx(0.15)


def test_ipoker_showdown_of_cards_dealt_face_up_is_decided() -> None:
    # iPoker writes every showing as ????; both players' cards were dealt face up: AsAd's
    # kings full of aces beat TcTd's on JcKdKsJhKc, so the 5,647.50 pot is p4's.
    decided = hand("ipn-1000nlh-1.phhs", 184)
    assert decided.status == "no all-in"
    assert decided.actual == (-5, -10, 0, 2831.25, -2816.25, 0)
    # One player's cards dealt face up, the other's never known: nobody can say.
    unknown = hand("ipn-100nlh-1.phhs", 1)
    assert unknown.status == "result unknown"
    assert unknown.actual == (0,) * 6


def test_a_three_way_all_in_with_a_side_pot() -> None:
    # Absolute 1-2 (antes 0.15): QdKd all-in for 20.90 on the flop, 7c4c for 40 on the turn,
    # 9sJc covering both; the main pot is the three's, the side pot 9sJc's and 7c4c's.
    allin = hand("abs-100nlh-1.phhs", 232)
    assert allin.status == "all-in"
    assert allin.board == "7d9d4hAh"
    main, side = allin.pots
    assert main.amount == pytest.approx(67.45)
    assert main.players == (
        "rQTK6FUtFui0dj1HycLr4w",
        "FKjCxc2lwEYrwd5LuCJeAQ",
        "jrGGb3gcZyH+RxnIjnonNQ",
    )
    assert side.amount == pytest.approx(38.2)
    three = pokercalc.equity("9sJc | QdKd | 7c4c", "7d9d4hAh", method="exact").players
    assert main.equities == pytest.approx([p.equity for p in three])
    two = pokercalc.equity("9sJc | 7c4c", "7d9d4hAh", "QdKd", method="exact").players
    assert side.equities == pytest.approx([p.equity for p in two])
    # 7c4c's two pair held: it won both pots, 105.65, for 40 put in.
    assert allin.actual[6] == pytest.approx(65.65)
    assert allin.adjusted[6] == pytest.approx(
        67.45 * three[2].equity + 38.2 * two[1].equity - 40, abs=1e-6
    )


def test_a_side_pot_won_outright_is_one_of_the_pots() -> None:
    # Absolute 0.50-1: 8s8h all-in for 8.50 before the flop; of the two who went on, one
    # folds on the flop, and the 51 they put in beyond 8.50 is the other's alone.
    allin = hand("abs-100nlh-1.phhs", 76)
    assert [(p.amount, len(p.players)) for p in allin.pots] == [(25.5, 2), (51, 1)]
    assert allin.pots[1].equities == (1,)


@pytest.mark.parametrize(
    ("name", "index"),
    [("ong-400nlh-1.phhs", 1), ("ong-1000nlh-1.phhs", 2), ("ps-400nlh-1.phhs", 7)],
)
def test_pokerkit_replays_a_post_as_the_quick_replay_does(name: str, index: int) -> None:
    # A post's dead part must reach pokerkit's full replay too (it reads the hand's text
    # anew): both replays put the same chips in and pay the same nets.
    from pokercalc.pipelines.history.reading import quick_hand, split_phhs

    text = dict(split_phhs((DATA / name).read_text("utf-8")))[index]
    quick, full = quick_hand(text), quick_hand(text)
    assert quick is not None and full is not None
    assert any(b < 0 for b in quick.blinds_or_straddles)
    cache = history.EquityCache()
    light = history.analyse_hand(quick, cache, name, index)
    whole = history.analyse_hand(full, cache, name, index, full=True)
    assert whole.put_in == light.put_in
    assert whole.actual == light.actual
    assert whole.rake == light.rake
