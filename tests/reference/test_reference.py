"""The oracle itself, on cases small enough to count by hand."""

from __future__ import annotations

from fractions import Fraction

from reference import hand_rank, rank_five, reference_equity

from pokercalc.core.cards import parse_cards
from pokercalc.ranges.notation import Range


def cards(text: str) -> tuple[int, ...]:
    return parse_cards(text)


def test_rank_five_categories() -> None:
    assert rank_five(cards("5c4d3h2sAs")) == (4, 3)
    assert rank_five(cards("5s4s3s2sAs")) == (8, 3)
    assert rank_five(cards("9h9d9sAcAh")) == (6, 7, 12)
    assert rank_five(cards("KhKd9s9c2h")) == (2, 11, 7, 0)
    assert rank_five(cards("AsKdQh9c7s")) == (0, 12, 11, 10, 7, 5)
    assert rank_five(cards("AsKdQhJcTs")) > rank_five(cards("KsQdJhTc9s"))


def test_hand_rank_is_best_subset() -> None:
    assert hand_rank(cards("5c4d3h2sAs9h9c")) == (4, 3)
    assert hand_rank(cards("AsKsQsJsTs9s8s")) == (8, 12)
    assert hand_rank(cards("9h9d9sAcAhAd")) == (6, 12, 7)


def test_turn_all_in() -> None:
    # AA vs KK on 2c7d9hTs: KK wins only on the two remaining kings of 44 rivers.
    r = reference_equity([[cards("AhAd")], [cards("KsKc")]], cards("2c7d9hTs"))
    assert r.outcomes == 44
    assert r.win == (42, 2) and r.tie == (0, 0)
    assert r.equity == (Fraction(42, 44), Fraction(2, 44))


def test_split_pot_and_dead_cards() -> None:
    # Both play the board's broadway straight: every river splits.
    r = reference_equity([[cards("2c3d")], [cards("4h5s")]], cards("AsKdQhJcTs"))
    assert r.outcomes == 1 and r.tie == (1, 1) and r.equity == (Fraction(1, 2), Fraction(1, 2))
    r = reference_equity([[cards("AhAd")], [cards("KsKc")]], cards("2c7d9hTs"), dead=cards("Kh"))
    assert r.outcomes == 43 and r.win == (42, 1)


def test_weights_conflicts_and_ranges() -> None:
    board = cards("2c7d9hTs3c")
    aa, kk, ak = cards("AhAd"), cards("KsKc"), cards("AsKh")
    # Player 2 holds KK (weight 1/2) or AK (weight 1); AA beats both on this river.
    r = reference_equity([[aa], [(kk, 0.5), (ak, 1.0)]], board)
    assert r.total == Fraction(3, 2) and r.equity == (1, 0)
    # A combo that collides with another player's cards is skipped.
    r = reference_equity([[aa], [cards("AhKd"), kk]], board)
    assert r.outcomes == 1 and r.win == (1, 0)
    rng = Range.from_combos("AA,KK", [aa, kk], [1.0, 0.25])
    r = reference_equity([rng, [ak]], board)
    assert r.total == Fraction(5, 4) and r.share == (Fraction(5, 4), 0)
