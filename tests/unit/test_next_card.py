"""The next-card view: each card's figures equal a separate run on the board with it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pokercalc.analysis.equities import equity
from pokercalc.analysis.hits import range_hits
from pokercalc.analysis.next_card import next_card_equity, next_card_hits, next_cards
from pokercalc.core.cards import parse_cards
from pokercalc.core.games import get_game
from pokercalc.errors import InputError


def test_each_cards_hits_are_those_of_the_board_with_it() -> None:
    r = next_card_hits("QQ+,AK,T9s,87s", "Kh7c2d", "3s", vs=["AhAd"])
    assert r.street == "turn" and r.combos == range_hits("QQ+,AK,T9s,87s", "Kh7c2d", "3s",
                                                         vs=["AhAd"]).combos  # fmt: skip
    # The deck less the flop, the dead card and the opponent's two.
    assert len(r.cards) == 52 - 3 - 1 - 2 and not r.blocked
    assert {"Ah", "Ad", "3s", "Kh"}.isdisjoint(c.card for c in r.cards)
    for card in r.cards:
        alone = range_hits("QQ+,AK,T9s,87s", f"Kh7c2d{card.card}", "3s", vs=["AhAd"])
        assert card.counts == alone.counts, card.card
        assert (card.combos, card.weight) == (alone.combos, alone.weight)


def test_cards_come_highest_first_and_the_selection_is_each_cards() -> None:
    r = next_card_hits("QQ+,AK", "Kh7c2d8s", select="two pair or better")
    assert r.street == "river" and [c.card for c in r.cards][:3] == ["As", "Ah", "Ad"]
    for card in r.cards:
        alone = range_hits("QQ+,AK", f"Kh7c2d8s{card.card}", select="two pair or better")
        assert alone.selection is not None and card.selected == alone.selection.share
    assert r.selected == pytest.approx(3 / 27)  # the sets of kings
    # An ace gives AK two pair and AA a set: 9 + 3 + 3 of 21 combos.
    assert next(c for c in r.cards if c.card == "As").selected == pytest.approx(15 / 21)


def test_a_card_that_empties_the_range_is_blocked() -> None:
    r = next_card_hits("AsAh", "Kh7c2d")
    assert r.blocked == ("As", "Ah") and len(r.cards) == 47


def test_short_deck_deals_only_its_cards() -> None:
    r = next_card_hits("AK", "Kh7c9d", game="shortdeck")
    assert len(r.cards) == 36 - 3
    assert all(c.card.rank >= get_game("shortdeck").lowest_rank for c in r.cards)


def test_each_cards_equity_is_the_exact_run_with_it() -> None:
    r = next_card_equity("AsKs | QQ,JTs", "Kh7c2d5s")
    assert r.street == "river" and r.now.method == "exact"
    assert r.blocked == ("As", "Ks") and len(r.cards) == 52 - 4 - 2
    for card in r.cards:
        alone = equity("AsKs | QQ,JTs", f"Kh7c2d5s{card.card}")
        assert card.method == "exact"
        assert [p.equity_fraction for p in card.players] == [
            p.equity_fraction for p in alone.players
        ]


def test_known_hands_average_over_the_cards_to_the_flop_equity() -> None:
    r = next_card_equity("AhQh | 9c9d", "Th8h2c")
    mean = sum((Fraction(c.players[0].equity_fraction) for c in r.cards), Fraction(0))
    assert mean / len(r.cards) == r.now.players[0].equity_fraction


@pytest.mark.parametrize(
    ("board", "game", "message"),
    [
        ("Kh7c2d8s3s", "holdem", "river is the last card"),
        ("", "holdem", "flop or a turn"),
    ],
)
def test_refusals(board: str, game: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        next_card_equity("AsKs | QQ", board, game=game)
    if board:
        with pytest.raises(InputError, match=message):
            next_card_hits("QQ", board, game=game)


def test_games_without_a_board_have_no_next_card() -> None:
    with pytest.raises(InputError, match="no board"):
        next_cards(parse_cards("Kh7c2d"), (), get_game("stud"))


def test_a_signal_keeps_the_cards_done(monkeypatch: pytest.MonkeyPatch) -> None:
    import pokercalc.analysis.equities as equities

    calls = []

    def stopping(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 4:  # the board now, As (a player's), Ah, then Ad is stopped
            raise KeyboardInterrupt
        return equity(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(equities, "equity", stopping)
    r = next_card_equity("AsKs | QhQd", "Kh7c2d")
    assert r.interrupted and [c.card for c in r.cards] == ["Ah"]
    assert r.blocked == ("As",)  # (the cards after the stop are not looked at)
