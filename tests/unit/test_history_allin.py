"""pokercalc.pipelines.history: the all-in spot in every case its definition covers.

The spot is the first moment no more betting can happen while cards are still to come,
two or more players in.  Each hand here is made up; its expected nets are worked out by
hand from the equities ``pokercalc.equity`` gives, and its actual nets are checked
against pokerkit's own replay.
"""

from __future__ import annotations

import warnings
from fractions import Fraction

import pytest

import pokercalc
from pokercalc.pipelines import history

pytest.importorskip("pokerkit")

BOARD = ["d db 2c3c4d", "d db 9h", "d db Ts"]


def phh(
    actions: list[str],
    stacks: list[int],
    blinds: list[int],
    antes: list[int] | None = None,
    trimmed: bool = False,
) -> str:
    """A no-limit hold'em hand as PHH text (heads-up, the first player posts the big blind,
    as pokerkit seats it)."""
    n = len(stacks)
    return (
        f"variant = 'NT'\nante_trimming_status = {str(trimmed).lower()}\n"
        f"antes = {antes or [0] * n}\nblinds_or_straddles = {blinds}\nmin_bet = 2\n"
        f"starting_stacks = {stacks}\nactions = {actions}\n"
        f"players = {['a', 'b', 'c', 'd'][:n]}\n"
    )


def deal(*hands: str) -> list[str]:
    return [f"d dh p{i + 1} {h}" for i, h in enumerate(hands)]


def show(*hands: str) -> list[str]:
    return [f"p{i + 1} sm {h}" for i, h in enumerate(hands) if h]


def record(text: str, *, full: bool = False) -> history.HandRecord:
    """The hand's record, replayed from its actions (or by pokerkit's state, ``full``)."""
    hh = next(h for _, h in history.read_hands(text))
    if full:
        from pokerkit import HandHistory

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            hh = HandHistory.loads(text)
    return history.analyse_hand(hh, history.EquityCache(), full=full)  # type: ignore[arg-type]


def pokerkit_payoffs(text: str) -> tuple[float, ...]:
    """What pokerkit's replay of the hand pays each player, net."""
    from pokerkit import HandHistory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = [state for state, _ in HandHistory.loads(text).state_actions]
    return tuple(float(p) for p in states[-1].payoffs)


def fractions(
    players: str, board: str = "", dead: str = "", game: str = "holdem"
) -> list[Fraction]:
    out = []
    for p in pokercalc.equity(players, board, dead, game=game, method="exact").players:
        assert p.equity_fraction is not None
        out.append(p.equity_fraction)
    return out


def near(values: list[Fraction] | tuple[Fraction, ...]) -> object:
    return pytest.approx([float(v) for v in values], abs=1e-6)


AA_KK = fractions("AsAd|KsKd")
AA_KK_QQ = fractions("AsAd|KsKd|QsQd")


# ----------------------------------------------------------------- blinds and antes all-in


def test_a_small_blind_all_in_by_posting_is_a_spot_though_no_one_acts() -> None:
    # Heads-up: b posts 1 of its 1 as the small blind, a's big blind of 2 is half uncalled.
    text = phh(deal("AsAd", "KsKd") + BOARD + show("AsAd", "KsKd"), [100, 1], [1, 2])
    r = record(text)
    assert r.status == "all-in" and r.cards == ("AsAd", "KsKd") and r.board == ""
    assert r.put_in == (1, 1)
    assert [(p.amount, p.players) for p in r.pots] == [(2, ("a", "b"))]
    e = AA_KK
    assert r.adjusted == near([2 * e[0] - 1, 2 * e[1] - 1])
    assert r.actual == (1, -1) == pokerkit_payoffs(text)


def test_a_big_blind_all_in_by_posting_that_the_small_blind_calls() -> None:
    # a posts 3 of a 4 big blind (all it has); b completes its small blind of 2 to 3.
    text = phh(deal("AsAd", "KsKd") + ["p2 cc"] + BOARD + show("AsAd", "KsKd"), [3, 100], [2, 4])
    r = record(text)
    assert r.status == "all-in" and r.put_in == (3, 3)
    e = AA_KK
    assert r.adjusted == near([6 * e[0] - 3, 6 * e[1] - 3])
    assert r.actual == (3, -3) == pokerkit_payoffs(text)


def test_a_big_blind_all_in_by_posting_with_one_caller_and_a_dead_small_blind() -> None:
    actions = deal("AsAd", "KsKd", "QsQd") + ["p3 cc", "p1 f"] + BOARD + show("", "KsKd", "QsQd")
    text = phh(actions, [100, 2, 100], [1, 2, 0])
    r = record(text)
    assert r.status == "all-in" and r.cards == ("", "KsKd", "QsQd")
    assert [(p.amount, p.players) for p in r.pots] == [(5, ("b", "c"))]  # a's 1 is dead
    e = fractions("KsKd|QsQd", dead="")
    assert r.adjusted == near([Fraction(-1), 5 * e[0] - 2, 5 * e[1] - 2])
    assert r.actual == (-1, 3, -2) == pokerkit_payoffs(text)


@pytest.mark.parametrize("trimmed", [False, True])
def test_antes_that_put_every_player_all_in(trimmed: bool) -> None:
    actions = deal("AsAd", "KsKd", "QsQd") + BOARD + show("AsAd", "KsKd", "QsQd")
    text = phh(actions, [5, 5, 5], [0, 0, 0], [5, 5, 5], trimmed)
    r = record(text)
    assert r.status == "all-in" and r.put_in == (5, 5, 5)
    assert [(p.amount, p.players) for p in r.pots] == [(15, ("a", "b", "c"))]
    assert r.adjusted == near([15 * e - 5 for e in AA_KK_QQ])
    assert r.actual == (10, -5, -5) == pokerkit_payoffs(text)


def test_a_short_ante_without_trimming_shares_in_every_ante() -> None:
    """pokerkit's rule when antes are not trimmed: the antes are dead money in the main
    pot, which a player all-in for part of its ante is eligible for in full."""
    actions = deal("AsAd", "KsKd", "QsQd") + ["p3 f"] + BOARD + show("AsAd", "KsKd")
    text = phh(actions, [3, 100, 100], [5, 10, 0], [5, 5, 5], trimmed=False)
    r = record(text)
    assert r.status == "all-in" and r.put_in == (3, 5, 5)  # b's big blind came back
    assert [(p.amount, p.players) for p in r.pots] == [(13, ("a", "b"))]
    e = AA_KK
    assert r.adjusted == near([13 * e[0] - 3, 13 * e[1] - 5, Fraction(-5)])
    assert r.actual == (10, -5, -5) == pokerkit_payoffs(text)


def test_a_short_ante_with_trimming_makes_a_side_pot() -> None:
    actions = deal("AsAd", "KsKd", "QsQd") + ["p3 f"] + BOARD + show("AsAd", "KsKd")
    text = phh(actions, [3, 100, 100], [5, 10, 0], [5, 5, 5], trimmed=True)
    r = record(text)
    assert [(p.amount, p.players) for p in r.pots] == [(9, ("a", "b")), (4, ("b",))]
    e = AA_KK
    assert r.adjusted == near([9 * e[0] - 3, 9 * e[1] + 4 - 5, Fraction(-5)])
    assert r.actual == (6, -1, -5) == pokerkit_payoffs(text)


def test_a_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    """b posts a big blind ante of 100: with trimming pokerkit would hand it back, but
    the tables keep it (see replay._trimmed), so c's all-in for 150 plays for it too."""
    actions = deal("QsQd", "AsAd", "KsKd") + ["p3 cbr 150", "p1 f", "p2 cc"] + BOARD
    text = phh(actions + show("", "AsAd", "KsKd"), [1000, 1000, 150], [50, 100, 0],
               [0, 100, 0], trimmed=True)  # fmt: skip
    r = record(text)
    assert r.status == "all-in" and r.put_in == (50, 250, 150)
    assert [(p.amount, p.players) for p in r.pots] == [(450, ("b", "c"))]
    e = AA_KK
    assert r.adjusted == near([Fraction(-50), 450 * e[0] - 250, 450 * e[1] - 150])
    # (b wins what it put in back either way: pokerkit's nets agree.)
    assert r.actual == (-50, 200, -150) == pokerkit_payoffs(text)


def test_the_big_blind_ante_of_a_real_hand_stays_in_as_its_finishing_stacks_say() -> None:
    """WSOP 2019: Kempe's big blind ante of 500,000 is part of the 3,900,000 he lost."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "data" / "history" / "wsop-2019-42-3-00-01-07.phh"
    text = path.read_text("utf-8")
    light, full = record(text), record(text, full=True)
    assert light.put_in == full.put_in == (3_400_000, 3_900_000, 0, 0, 0, 0, 1_150_000, 0)
    assert light.actual == full.actual == (5_050_000, -3_900_000, 0, 0, 0, 0, -1_150_000, 0)
    assert light.rake == full.rake == 0


def test_heads_up_a_short_ante_trimmed_returns_the_others_excess() -> None:
    """b can post 1 of its ante of 2: trimmed, a's ante is cut to 1 (and its big blind
    comes back uncalled); b's ten kicker wins the pot of 2."""
    actions = deal("8h6s", "2hTc") + ["d db AhKh9s", "d db 3h", "d db 3s"]
    text = phh(actions + show("8h6s", "2hTc"), [5, 1], [1, 2], [2, 2], trimmed=True)
    r = record(text)
    assert r.status == "all-in" and r.put_in == (1, 1)
    assert [(p.amount, p.players) for p in r.pots] == [(2, ("a", "b"))]
    assert r.actual == (-1, 1) == pokerkit_payoffs(text)
    assert record(text, full=True).actual == r.actual


def test_stud_antes_that_put_two_players_all_in_before_third_street_bets() -> None:
    text = (
        "variant = 'F7S'\nante_trimming_status = false\nantes = [5, 5, 5]\nbring_in = 10\n"
        "small_bet = 20\nbig_bet = 40\nstarting_stacks = [5, 5, 100]\nactions = ["
        "'d dh p1 AsAh2c', 'd dh p2 KsKh3d', 'd dh p3 QsQh9d', 'd dh p1 5c', 'd dh p2 6c', "
        "'d dh p3 6d', 'd dh p1 7d', 'd dh p2 8h', 'd dh p3 8d', 'd dh p1 Td', 'd dh p2 Jh', "
        "'d dh p3 Jd', 'd dh p1 4s', 'd dh p2 Kd', 'd dh p3 2d', 'p1 sm AsAh2c5c7dTd4s', "
        "'p2 sm KsKh3d6c8hJhKd', 'p3 sm QsQh9d6d8dJd2d']\n"
    )
    r = record(text)
    assert r.status == "all-in" and r.cards == ("AsAh2c", "KsKh3d", "QsQh9d")
    assert r.put_in == (5, 5, 5) and [p.amount for p in r.pots] == [15]
    want = pokercalc.equity(
        "AsAh2c|KsKh3d|QsQh9d", game="stud", method="mc", trials=history.EquityCache.TRIALS,
        seed=1, threads=1,
    ).players  # fmt: skip
    assert r.adjusted == pytest.approx([15 * p.equity - 5 for p in want], abs=1e-6)
    assert r.actual == (-5, -5, 10) == pokerkit_payoffs(text)


# ----------------------------------------------------------------- the rest of the definition


def test_the_spot_is_the_first_moment_betting_ends_not_a_later_all_in() -> None:
    # b is all-in on the flop but a and c can still bet; they get all-in on the turn.
    actions = (
        deal("AsAd", "KsKd", "QsQd")
        + ["p3 cc", "p1 cc", "p2 cc", "d db 2c3c4d", "p1 cbr 20", "p2 cc", "p3 cc", "d db 9h"]
        + ["p1 cbr 58", "p3 cc", "d db Ts"]
        + show("AsAd", "KsKd", "QsQd")
    )
    text = phh(actions, [80, 22, 100], [1, 2, 0])
    r = record(text)
    assert r.status == "all-in" and r.board == "2c3c4d9h"
    assert r.put_in == (80, 22, 80)
    assert [(p.amount, p.players) for p in r.pots] == [(66, ("a", "b", "c")), (116, ("a", "c"))]
    main = fractions("AsAd|KsKd|QsQd", "2c3c4d9h")
    side = fractions("AsAd|QsQd", "2c3c4d9h", dead="KsKd")
    assert r.adjusted == near([
        66 * main[0] + 116 * side[0] - 80, 66 * main[1] - 22, 66 * main[2] + 116 * side[1] - 80
    ])  # fmt: skip
    assert r.actual == (102, -22, -80) == pokerkit_payoffs(text)


def test_an_all_in_no_one_calls_is_no_spot_and_comes_back() -> None:
    actions = deal("AsAd", "KsKd", "QsQd") + ["p3 cbr 100", "p1 f", "p2 f"]
    text = phh(actions, [100, 100, 100], [1, 2, 0])
    r = record(text)
    assert r.status == "no all-in" and r.put_in == (1, 2, 2)
    assert r.actual == r.adjusted == (-1, -2, 3) == pokerkit_payoffs(text)


def test_an_all_in_for_less_than_the_call_returns_the_rest_of_the_bet() -> None:
    # c bets 100, a calls all-in for 30, b folds its big blind: 70 of c's bet comes back.
    actions = deal("AsAd", "KsKd", "QsQd") + ["p3 cbr 100", "p1 cc", "p2 f"] + BOARD
    text = phh(actions + show("AsAd", "", "QsQd"), [30, 100, 100], [1, 2, 0])
    r = record(text)
    assert r.status == "all-in" and r.put_in == (30, 2, 30)
    assert [(p.amount, p.players) for p in r.pots] == [(62, ("a", "c"))]
    e = fractions("AsAd|QsQd")
    assert r.adjusted == near([62 * e[0] - 30, Fraction(-2), 62 * e[1] - 30])
    assert r.actual == (32, -2, -30) == pokerkit_payoffs(text)


def test_heads_up_the_first_player_posts_the_big_blind() -> None:
    """pokerkit swaps the blinds of a heads-up hand: b's raise to 10 takes a's big blind
    of 2, and 8 comes back."""
    text = phh(deal("AsAd", "KsKd") + ["p2 cbr 10", "p1 f"], [100, 100], [1, 2])
    r = record(text)
    assert r.put_in == (2, 2) and r.actual == (-2, 2) == pokerkit_payoffs(text)


#: Hands 3 and 4 of the PHH dataset's data/handhq/PS-2009-07-01_2009-07-23_50NLH_OBFU/0.5/
#: "ps NLH handhq_1-OBFUSCATED.phhs" (MIT; see tests/data/history/README.md), heads-up:
#: the small blind folds, then the small blind raises to 1.50 and the big blind folds.
REAL_HEADS_UP = """[3]
variant = 'NT'
ante_trimming_status = false
antes = [0, 0]
blinds_or_straddles = [0.25, 0.50]
min_bet = 0.50
starting_stacks = [50.20, 75.75]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']
players = ['FRkiRasEGlHUeLrEl+k/nA', '3Wro85I7472vJ4Wkpneo9A']
winnings = [0, 0]

[4]
variant = 'NT'
ante_trimming_status = false
antes = [0, 0]
blinds_or_straddles = [0.25, 0.50]
min_bet = 0.50
starting_stacks = [24.50, 79.45]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cbr 1.50', 'p1 f']
players = ['5IBeOgaApY1Bvzv2P8X4EA', 'XFa6sBGjP2gxoIvxR3fZIg']
winnings = [0, 0]
"""


def test_real_heads_up_hands_take_the_big_blind_from_the_first_player() -> None:
    items = list(history.analyse_text(REAL_HEADS_UP, "ps.phhs", history.EquityCache()))
    assert [(r.put_in, r.actual) for r in items if isinstance(r, history.HandRecord)] == [
        ((0.25, 0.25), (0.25, -0.25)),  # (the big blind's 0.25 came back uncalled)
        ((0.5, 0.5), (-0.5, 0.5)),  # (before: the raise took 0.25, the small blind)
    ]


def test_omaha_hi_lo_all_in_shares_the_pot_by_hi_lo_equity() -> None:
    text = (
        "variant = 'FO/8'\nante_trimming_status = false\nantes = [0, 0]\n"
        "blinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\nstarting_stacks = [4, 4]\n"
        "actions = ['d dh p1 As2d3hKc', 'd dh p2 KsKdQhQc', 'p2 cbr 4', 'p1 cc', "
        "'d db 4s5d9c', 'd db Jh', 'd db 8c', 'p1 sm As2d3hKc', 'p2 sm KsKdQhQc']\n"
    )
    r = record(text)
    assert r.status == "all-in" and r.put_in == (4, 4)
    e = fractions("As2d3hKc|KsKdQhQc", game="omaha-hilo")
    assert r.adjusted == near([8 * e[0] - 4, 8 * e[1] - 4])
    # b's kings take the high half, a's 8-5-4-2-A the low half.
    assert r.actual == (0, 0) == pokerkit_payoffs(text)


#: Single-draw deuce-to-seven: b's small blind of 1 is all it has, before the one draw.
SINGLE_DRAW = (
    "variant = 'N2L1D'\nante_trimming_status = true\nantes = [0, 0]\n"
    "blinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 1]\nactions = ["
    "'d dh p1 7h6c4c3d9s', 'd dh p2 AsQs6s5c3c', 'p1 sd 9s', 'p2 sd AsQs', 'd dh p1 2c', "
    "'d dh p2 2h4d', 'p1 sm 7h6c4c3d2c', 'p2 sm 6s5c3c2h4d']\n"
)


def test_a_draw_games_blind_all_in_is_judged_before_its_one_draw() -> None:
    r = record(SINGLE_DRAW)
    assert (r.status, r.cards, r.dead) == ("all-in", ("7h6c4c3d", "6s5c3c"), "9sAsQs")
    e = fractions("7h6c4c3d|6s5c3c", dead="9sAsQs", game="2-7")
    assert r.put_in == (1, 1) and r.adjusted == near([2 * e[0] - 1, 2 * e[1] - 1])
    assert r.actual == (1, -1) == pokerkit_payoffs(SINGLE_DRAW)


CASES = {
    "single draw": SINGLE_DRAW,
    "small blind": phh(deal("AsAd", "KsKd") + BOARD + show("AsAd", "KsKd"), [100, 1], [1, 2]),
    "antes": phh(
        deal("AsAd", "KsKd", "QsQd") + ["p3 f"] + BOARD + show("AsAd", "KsKd"),
        [3, 100, 100], [5, 10, 0], [5, 5, 5], True,
    ),
    "big blind ante": phh(
        deal("QsQd", "AsAd", "KsKd") + ["p3 cbr 150", "p1 f", "p2 cc"] + BOARD
        + show("", "AsAd", "KsKd"),
        [1000, 1000, 150], [50, 100, 0], [0, 100, 0], True,
    ),
    "later street": phh(
        deal("AsAd", "KsKd", "QsQd")
        + ["p3 cc", "p1 cc", "p2 cc", "d db 2c3c4d", "p1 cbr 20", "p2 cc", "p3 cc", "d db 9h"]
        + ["p1 cbr 58", "p3 cc", "d db Ts"] + show("AsAd", "KsKd", "QsQd"),
        [80, 22, 100], [1, 2, 0],
    ),
    "heads-up raise": phh(deal("AsAd", "KsKd") + ["p2 cbr 10", "p1 f"], [100, 100], [1, 2]),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_replay_from_the_actions_agrees_with_pokerkits_state(name: str) -> None:
    light, full = record(CASES[name]), record(CASES[name], full=True)
    assert (light.status, light.put_in, light.pots) == (full.status, full.put_in, full.pots)
    assert (light.actual, light.adjusted) == (full.actual, full.adjusted)
