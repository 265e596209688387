"""pokercalc.pipelines.history: pots by contribution level, all-in adjusted and actual net."""

from __future__ import annotations

import subprocess
import sys
import warnings
from fractions import Fraction
from pathlib import Path

import pytest

import pokercalc
from pokercalc.pipelines import history

pytest.importorskip("pokerkit")

DATA = Path(__file__).resolve().parents[1] / "data" / "history"


def hand(actions: str, stacks: str, **fields: str) -> str:
    """A three-player no-limit hold'em hand as PHH text (blinds 1 and 2, no antes)."""
    extra = "".join(f"{k} = {v}\n" for k, v in fields.items())
    return (
        "variant = 'NT'\nante_trimming_status = false\nantes = [0, 0, 0]\n"
        "blinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        f"starting_stacks = {stacks}\nactions = {actions}\nplayers = ['a', 'b', 'c']\n{extra}"
    )


def records(text: str) -> list[history.HandRecord | history.HandError]:
    return list(history.analyse_text(text, "t.phh", history.EquityCache()))


def test_pots_by_contribution_level_with_a_side_pot_and_a_folded_player() -> None:
    pots = history.build_pots([50, 100, 300, 20], [True, True, True, False])
    assert [(p.amount, p.eligible) for p in pots.pots] == [
        (Fraction(170), (0, 1, 2)),  # 50 x 3 + the folded player's 20
        (Fraction(100), (1, 2)),
    ]
    assert pots.returned == (0, 0, 200, 0)  # the uncalled part of the 300
    assert pots.put_in([50, 100, 300, 20]) == (50, 100, 100, 20)


def test_a_folded_players_chips_above_a_short_stack_go_to_those_who_covered_them() -> None:
    pots = history.build_pots([40, 80, 100], [True, False, True])
    assert [(p.amount, p.eligible) for p in pots.pots] == [
        (Fraction(120), (0, 2)),
        (Fraction(80), (2,)),  # the folded player's 40 above the short stack, and its call
    ]
    assert pots.returned == (0, 0, 20)


def test_equal_stacks_make_one_pot_and_return_nothing() -> None:
    pots = history.build_pots([Fraction(5, 2), Fraction(5, 2)], [True, True])
    assert [(p.amount, p.eligible) for p in pots.pots] == [(Fraction(5), (0, 1))]
    assert pots.returned == (0, 0)


def test_three_way_all_in_with_a_side_pot_matches_a_hand_computation() -> None:
    text = hand(
        "['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QhQd', 'p3 cbr 300', 'p1 cc', 'p2 cc', "
        "'d db 2c3c4d', 'd db 9h', 'd db Ts', 'p1 sm AsAd', 'p2 sm KsKd', 'p3 sm QhQd']",
        "[50, 100, 300]",
    )
    (r,) = records(text)
    assert isinstance(r, history.HandRecord)
    assert r.status == "all-in" and r.cards == ("AsAd", "KsKd", "QhQd") and r.board == ""
    assert r.put_in == (50, 100, 100)  # 200 of the 300 came back uncalled
    main = pokercalc.equity("AsAd|KsKd|QhQd", method="exact").players
    side = pokercalc.equity("KsKd|QhQd", dead="AsAd", method="exact").players
    assert [p.amount for p in r.pots] == [150, 100]
    assert r.pots[0].equities == pytest.approx([p.equity for p in main], abs=1e-12)
    assert r.pots[1].equities == pytest.approx([p.equity for p in side], abs=1e-12)
    e = [p.equity_fraction for p in main]
    s = [p.equity_fraction for p in side]
    assert e[0] is not None and e[1] is not None and e[2] is not None
    assert s[0] is not None and s[1] is not None
    expected = [150 * e[0] - 50, 150 * e[1] + 100 * s[0] - 100, 150 * e[2] + 100 * s[1] - 100]
    assert r.adjusted == pytest.approx([float(x) for x in expected], abs=1e-6)
    assert r.actual == (100, 0, -100)  # aces win the main pot, kings the side pot
    assert sum(r.adjusted) == pytest.approx(0, abs=1e-5)
    assert r.rake == 0


def test_a_split_pot_is_shared_in_the_actual_and_adjusted_net() -> None:
    text = hand(
        "['d dh p1 AhKh', 'd dh p2 AdKd', 'd dh p3 7c2s', 'p3 f', 'p1 cbr 100', 'p2 cc', "
        "'d db 2c3c4s', 'd db 9h', 'd db Ts', 'p1 sm AhKh', 'p2 sm AdKd']",
        "[100, 100, 100]",
    )
    (r,) = records(text)
    assert isinstance(r, history.HandRecord)
    assert r.pots[0].equities == (0.5, 0.5)  # the suits mirror each other
    assert r.actual == (0, 0, 0) and r.adjusted == (0, 0, 0)


def test_the_uncalled_part_of_a_bet_comes_back_before_the_pots_are_shared() -> None:
    (r,) = records((DATA / "dwan-ivey-2009.phh").read_text("utf-8"))
    assert isinstance(r, history.HandRecord)
    assert r.put_in == (553500, 2500, 553500)  # Ivey bet 1,067,100 into 553,500
    assert r.board == "Jc3d5c4h" and r.cards == ("Ac2d", "", "7h6h")
    assert r.pots[0].equities == (0.0, 1.0)  # Ivey was drawing dead on the turn
    assert r.actual == r.adjusted == (-553500, -2500, 556000)


@pytest.mark.parametrize(
    ("name", "players", "board", "game"),
    [
        ("antonius-blom-2009.phh", "Ah3sKsKh|6d9s7d8h", "4s5c2h", "omaha"),
        ("phua-xuan-2019.phh", "QhQd|KhKs", "", "shortdeck"),
    ],
)
def test_equities_equal_pokercalc_equity_on_the_same_cards(
    name: str, players: str, board: str, game: str
) -> None:
    (r,) = records((DATA / name).read_text("utf-8"))
    assert isinstance(r, history.HandRecord)
    assert r.game == game and r.board == board
    want = pokercalc.equity(players, board, game=game, method="exact").players
    assert r.pots[0].equities == tuple(p.equity for p in want)


def test_stud_counts_the_folded_players_up_cards_as_dead() -> None:
    text = (
        "variant = 'F7S'\nante_trimming_status = true\nantes = [5, 5, 5]\nbring_in = 10\n"
        "small_bet = 20\nbig_bet = 40\nstarting_stacks = [60, 500, 500]\n"
        "actions = ['d dh p1 AsAh2c', 'd dh p2 KsKh3d', 'd dh p3 QsQh9d', 'p1 pb', "
        "'p2 cbr 20', 'p3 f', 'p1 cbr 40', 'p2 cbr 60', 'p1 cc', 'd dh p1 5c', 'd dh p2 6c', "
        "'d dh p1 7d', 'd dh p2 8h', 'd dh p1 Td', 'd dh p2 Jh', 'd dh p1 4s', 'd dh p2 Kd', "
        "'p1 sm AsAh2c5c7dTd4s', 'p2 sm KsKh3d6c8hJhKd']\n"
    )
    (r,) = records(text)
    assert isinstance(r, history.HandRecord)
    assert (r.game, r.cards, r.dead) == ("stud", ("AsAh2c", "KsKh3d", ""), "9d")
    # (third street is too large to enumerate: Monte Carlo with the cache's trials and seed)
    assert r.pots[0].method == "mc"
    trials = history.EquityCache.TRIALS
    want = pokercalc.equity(
        "AsAh2c|KsKh3d", dead="9d", game="stud", method="mc", trials=trials, seed=1, threads=1
    ).players
    assert r.pots[0].equities == tuple(p.equity for p in want)
    assert r.put_in == (60, 60, 5) and r.actual == (-60, 65, -5)
    assert r.big_blind == 20  # the small bet, in a game without blinds


def test_rake_is_what_the_pots_held_beyond_what_they_paid() -> None:
    result = history.run_history(str(DATA / "abs-2009-07-01-100nlh.phhs"))
    assert result.hands_read == 4 and result.skipped == {"no all-in": 4}
    assert result.rake == pytest.approx(2.45)
    winner = {p.player: p for p in result.players}["jrGGb3gcZyH+RxnIjnonNQ"]
    assert winner.actual == pytest.approx(7.4)  # 10.90 paid, 3.50 put in (the 5 came back)


def test_unknown_cards_at_the_spot_count_at_the_actual_net() -> None:
    text = hand(
        "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 100', 'p1 f', 'p2 cc', "
        "'d db 2c3c4d', 'd db 9h', 'd db Ts', 'p2 sm KsKd', 'p3 sm ????']",
        "[100, 100, 100]",
    )
    (r,) = records(text)
    assert isinstance(r, history.HandRecord)
    assert r.status == "cards unknown" and r.adjusted == r.actual == (-1, 101, -100)


def test_a_bad_hand_is_an_error_with_its_index_and_the_rest_goes_on() -> None:
    good = hand("['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']", "[9, 9, 9]")
    text = f"[1]\n{good}\n[2]\nvariant = 'NT'\nthis is not toml\n\n[3]\n{good}\n"
    items = records(text)
    assert [type(i).__name__ for i in items] == ["HandRecord", "HandError", "HandRecord"]
    assert isinstance(items[1], history.HandError) and items[1].index == 2


def test_an_unknown_variant_is_an_error() -> None:
    (r,) = records("variant = 'XX'\nstarting_stacks = [1, 1]\nactions = []\n")
    assert isinstance(r, history.HandError)


def test_the_same_spot_is_computed_once() -> None:
    text = (DATA / "phua-xuan-2019.phh").read_text("utf-8")
    result = history.run_history(["-"], stdin=_Stream(f"[1]\n{text}\n[2]\n{text}\n"))
    assert result.allin_hands == 2 and result.spots == 1


class _Stream:
    """Standard input holding ``text``."""

    def __init__(self, text: str) -> None:
        self.text = text

    def read(self) -> str:
        return self.text


def test_importing_pokercalc_does_not_import_pokerkit() -> None:
    code = "import sys, pokercalc, pokercalc.pipelines.history; print('pokerkit' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_without_pokerkit_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pokerkit", None)
    with pytest.raises(pokercalc.InputError, match=r"pokercalc\[history\]"):
        history.require_pokerkit()


def _shipped_hands() -> list[tuple[str, int, object]]:
    out = []
    for path in sorted(DATA.glob("*.phh*")):
        for index, hh in history.read_hands(path.read_text("utf-8")):
            out.append((path.name, index, hh))
    return out


@pytest.mark.parametrize(("name", "index", "hh"), _shipped_hands(), ids=lambda x: str(x)[:40])
def test_the_replay_from_the_actions_pays_what_pokerkit_pays(
    name: str, index: int, hh: object
) -> None:
    """Hands whose file gives no winnings: the showdown judged from the cards shown pays each
    player what pokerkit's full replay does."""
    r = history.analyse_hand(hh, history.EquityCache())  # type: ignore[arg-type]
    if getattr(hh, "winnings", None) is not None:
        assert r.rake >= 0
        return
    final = getattr(hh, "finishing_stacks", None)
    if final is not None:  # (what the table paid: pokerkit's ante rules may differ)
        starts = hh.starting_stacks  # type: ignore[attr-defined]
        assert r.actual == tuple(float(f - s) for f, s in zip(final, starts, strict=True))
        return
    starting = [history.chip_amount(s) for s in hh.starting_stacks]  # type: ignore[attr-defined]
    payoffs = history.replay.full_replay(hh, r.game or "", starting).payoffs  # type: ignore[arg-type]
    assert r.actual == pytest.approx([float(p) for p in payoffs], abs=1e-9)


def test_the_quick_reading_gives_pokerkits_fields() -> None:
    """Hands written one field a line are read without TOML's full grammar, to the same
    values; anything else (lists over several lines, escapes) is left to pokerkit."""
    from pokerkit import HandHistory

    quick = 0
    for path in sorted(DATA.glob("*.phh*")):
        for _, text in history.split_phhs(path.read_text("utf-8")):
            hand = history.quick_hand(text)
            if hand is None:
                assert "[\n" in text  # (the televised hands' lists run over several lines)
                continue
            quick += 1
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # (pokerkit warns of fields it does not know)
                want = HandHistory.loads(text)
            for name in history.QUICK_FIELDS:
                got, expected = getattr(hand, name), getattr(want, name, None)
                assert got == expected, (path.name, name)
    assert quick == 9
    assert history.quick_hand("variant = 'NT'\nplayers = ['a\\\\'b']\n") is None
    assert history.quick_hand("variant = 'NT'\nstarting_stacks = [1,\n 2]\nactions = []\n") is None


DRAW = (
    "variant = 'F2L3D'\nante_trimming_status = true\nantes = [0, 0]\n"
    "blinds_or_straddles = [10, 20]\nsmall_bet = 20\nbig_bet = 40\n"
    "starting_stacks = [200, {short}]\nactions = {actions}\n"
)
#: Triple draw: Arieh draws to 5432 and hits 7c on the last draw against Yockey's pat 76432.
DRAW_ACTIONS = [
    "d dh p1 7h6c4c3d9s", "d dh p2 AsQs6s5c3c", "p2 cbr 40", "p1 cc",
    "p1 sd 9s", "p2 sd AsQs", "d dh p1 2c", "d dh p2 2hQh", "p1 cc", "p2 cbr 20", "p1 cc",
    "p1 sd", "p2 sd Qh", "d dh p2 4d", "p1 cbr 40", "p2 cbr 80", "p1 cbr 100", "p2 cc",
    "p1 sd", "p2 sd 6s", "d dh p2 7c", "p1 sm 7h6c4c3d2c", "p2 sm 2h4d5c3c7c",
]  # fmt: skip


def test_a_draw_all_in_before_the_last_draw_is_judged_on_the_cards_kept() -> None:
    (r,) = records(DRAW.format(short=100, actions=DRAW_ACTIONS))
    assert isinstance(r, history.HandRecord)
    assert (r.status, r.game, r.cards) == ("all-in", "2-7", ("7h6c4c3d2c", "2h4d5c3c"))
    assert r.dead == "9sAsQsQh6s"  # every discard known, the last draw's too
    want = pokercalc.equity("7h6c4c3d2c|2h4d5c3c", dead=r.dead, game="2-7", method="exact")
    assert r.pots[0].equities == tuple(p.equity for p in want.players)
    assert r.actual == (-100, 100)


def test_a_draw_all_in_with_two_draws_to_come_is_marked() -> None:
    actions = [
        "d dh p1 7h6c4c3d9s", "d dh p2 AsQs6s5c3c", "p2 cbr 40", "p1 cbr 60", "p2 cbr 100",
        "p1 cc", "p1 sd 9s", "p2 sd AsQs", "d dh p1 2c", "d dh p2 2hQh", "p1 sd", "p2 sd Qh",
        "d dh p2 4d", "p1 sd", "p2 sd 6s", "d dh p2 7c", "p1 sm 7h6c4c3d2c",
        "p2 sm 2h4d5c3c7c",
    ]  # fmt: skip
    (r,) = records(DRAW.format(short=100, actions=actions))
    assert isinstance(r, history.HandRecord)
    assert r.status == "draw game" and r.adjusted == r.actual == (-100, 100)


def test_an_odd_chip_in_a_split_goes_where_pokerkit_sends_it() -> None:
    text = hand(
        "['d dh p1 AhKh', 'd dh p2 AdKd', 'd dh p3 7c2s', 'p3 cbr 5', 'p1 cc', 'p2 cc', "
        "'d db 2c3c4s', 'p1 cbr 4', 'p2 cc', 'p3 f', 'd db 9h', 'p1 cc', 'p2 cc', "
        "'d db Ts', 'p1 cc', 'p2 cc', 'p1 sm AhKh', 'p2 sm AdKd']",
        "[100, 100, 100]",
    )
    (r,) = records(text)
    assert isinstance(r, history.HandRecord)
    starting = [history.chip_amount(s) for s in (100, 100, 100)]
    hh = next(h for _, h in history.read_hands(text))
    payoffs = history.replay.full_replay(hh, "holdem", starting).payoffs  # type: ignore[arg-type]
    assert r.actual == tuple(float(p) for p in payoffs)
    assert sorted(r.actual) == [-5, 2, 3]  # 23 chips: 12 and 11 to the two who put in 9


def test_winnings_paying_nothing_are_not_taken_for_a_result() -> None:
    """The PokerStars hands of the PHH dataset give winnings of 0 where the raiser took the
    blinds: the pot goes to the one player left, and no rake is made up."""
    items = records((DATA / "ps-2009-07-01-50nlh.phhs").read_text("utf-8"))
    first = items[0]
    assert isinstance(first, history.HandRecord)
    assert first.actual == (-0.25, -0.5, 0, 0, 0, 0.75) and first.rake == 0
    rakes = [i.rake for i in items if isinstance(i, history.HandRecord)]
    assert rakes == [0, 0, pytest.approx(0.1), 0]  # 1.90 paid from a 2.00 pot


def test_whole_lists_read_in_one_match_as_item_by_item() -> None:
    from decimal import Decimal

    from pokercalc.pipelines.history.reading import quick_hand

    text = """variant = 'NT'
starting_stacks = [100, 2.5, 300, ]
actions = ['d dh p1 AsKs', "d dh p2 7h7d", 'p1 cbr 10']
"""
    hand = quick_hand(text)
    assert hand is not None
    assert hand.starting_stacks == [100, Decimal("2.5"), 300]
    assert hand.actions == ["d dh p1 AsKs", "d dh p2 7h7d", "p1 cbr 10"]
    for bad in ("starting_stacks = [1,,2]", "starting_stacks = [1, x]"):
        assert quick_hand(text.replace("starting_stacks = [100, 2.5, 300, ]", bad)) is None
    assert quick_hand(text.replace("'p1 cbr 10'", "'p1' 'cbr'")) is None
