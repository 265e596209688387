"""Tests of the 73 flop features: the paper's examples, partitions, counts, a Python oracle."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import reference

from pokercalc.core.cards import parse_cards
from pokercalc.errors import InputError
from pokercalc.texture import _flops
from pokercalc.texture.features import (
    FEATURES,
    NUM_FEATURES,
    describe,
    feature_matrix,
    flop_features,
    short,
)


def features_of(hero: str, flop: str) -> set[int]:
    """The feature numbers of a flop for a hero, as a set."""
    return set(flop_features(parse_cards(hero), parse_cards(flop)))


@pytest.fixture(scope="module")
def all_flops() -> tuple[tuple[int, int], np.ndarray, np.ndarray]:
    """KcTh's 19,600 flops and their feature matrix."""
    hero = tuple(parse_cards("KcTh"))
    flops = _flops.flop_cards(hero)
    return hero, flops, feature_matrix(hero, flops)


# The paper's worked examples (section 2.2): F1-F38 are exact lists.
def test_paper_flop_example_k83() -> None:
    got = {f for f in features_of("AsAh", "Kh8c3s") if f <= 38}
    assert got == {3, 4, 9, 12, 15, 18, 22, 23, 27, 38}


def test_paper_flop_example_662() -> None:
    got = {f for f in features_of("AsAh", "6c6h2h") if f <= 38}
    assert got == {3, 6, 9, 12, 15, 17, 21, 26, 31, 32, 37}


def test_paper_hand_example_j97() -> None:
    got = {f for f in features_of("KcTh", "Jh9c7c") if f >= 39}
    assert got == {39, 54, 57, 63}


def test_paper_hand_example_aqt() -> None:
    got = {f for f in features_of("KcTh", "AcQcTc") if f >= 39}
    assert got == {40, 46, 51, 55, 62, 67, 71}


@pytest.mark.parametrize(
    ("hero", "flop", "present", "absent"),
    [
        ("AsAh", "Ad7c2h", {46, 47, 48, 49, 45, 52, 54}, {44, 53}),
        ("AsAh", "7c7d2h", {53, 54, 21}, {46, 48, 52}),  # a board pair is not our second pair
        ("KsQh", "Kd7c7h", {47, 49, 53}, {48, 52}),
        ("KsQh", "KdQc7h", {48, 49, 50, 52}, {53}),
        ("7s7h", "7dKc2h", {45, 48, 52}, {44, 53}),
        ("AsAh", "7c7d7h", {44, 20}, {48}),  # a full house, but the trips are the board's
        ("9s8s", "7s6d2s", {40, 61, 54, 58}, {60, 62, 63, 66}),  # 6-7-8-9, bottom 6 on the flop
        ("9s8s", "7s6d5s", {59, 40}, {60, 61, 62}),
        ("5s4s", "3c2d9h", {61}, {60}),  # A-2-3-4-5 or 2-3-4-5-6: bottom end 2 is on the flop
        ("8s7s", "9cTh2d", {60}, {61, 62, 63}),  # 7-8-9-T with our 7 at the bottom
        ("Ts9s", "Qs7h2c", {65}, {60, 61, 62, 63, 64}),
        ("AsKd", "Qh9c2c", {65}, {62, 63, 64, 66}),
        ("7s2d", "Kh9cJc", {64}, {62, 63, 65, 66}),
        ("7s2d", "KhQc4c", {66, 42}, {39, 64, 65}),
        ("AhKh", "QhJh2c", {40, 62, 69, 71, 73}, {67, 68}),
        ("Ac5d", "AhAd5c", {44, 48, 2}, {45, 52, 53}),
    ],
)
def test_hand_features(hero: str, flop: str, present: set[int], absent: set[int]) -> None:
    got = features_of(hero, flop)
    assert present <= got and not (absent & got), sorted(got)


def test_partitions(all_flops) -> None:
    _, _, fm = all_flops
    for group in [
        (1, 2, 3),
        (4, 5, 6),
        (7, 8, 9),
        (10, 11, 12),
        (13, 14, 15),
        (16, 17, 18),
        (20, 21, 22),
        (26, 27, 28, 29),
        (54, 55, 56),
    ]:
        assert (fm[:, [j - 1 for j in group]].sum(axis=1) == 1).all(), group
    assert not (fm[:, 59] & fm[:, 60]).any() and not (fm[:, 61] & fm[:, 62]).any()


def test_counts_for_kcth(all_flops) -> None:
    _, _, fm = all_flops
    counts = fm.sum(axis=0)
    assert counts[15] == 2 * 286 + 2 * 220  # monotone: two full suits, two missing one card
    assert counts[19] == 11 * 4 + 2 * 1  # trips: 11 untouched ranks, K and T have three left
    assert counts[42] == 0  # a flush needs five cards of a suit; the hero has two suits
    assert counts[53] == int(fm[:, 53].size - counts[54] - counts[55])


def _oracle(hero: tuple[int, int], flop: tuple[int, ...]) -> dict[int, bool]:
    """Plain-Python answers for the features with a textbook definition."""
    ranks = sorted((c >> 2 for c in flop), reverse=True)
    suits = [c & 3 for c in flop]
    out: dict[int, bool] = {}
    for base, rank in ((1, 12), (4, 11), (7, 10), (10, 9), (13, 8)):
        n = ranks.count(rank)
        out[base], out[base + 1], out[base + 2] = n == 1, n >= 2, n == 0
    out[16], out[17], out[18] = (len(set(suits)) == k for k in (1, 2, 3))
    out[20], out[21], out[22] = (len(set(ranks)) == k for k in (1, 2, 3))
    paint = sum(r >= 9 for r in ranks)
    out[23], out[24], out[25] = paint == 1, paint >= 2, paint == 3
    for k in range(4):
        out[26 + k] = sum(r >= 8 for r in ranks) == k
    out[30] = all(5 <= r <= 8 for r in ranks)
    out[31] = all(r <= 4 for r in ranks)
    out[32] = all(r <= 8 for r in ranks)
    out[33] = all(r <= 3 for r in ranks) and len(set(ranks)) == 3
    lows = {r + 1 for r in ranks} | ({0} if 12 in ranks else set())
    out[38] = not any(0 < abs(a - b) <= 4 for a, b in itertools.combinations(lows, 2))
    category = reference.hand_rank(hero + flop)[0]
    out[43] = category in (reference.FLUSH, reference.STRAIGHT_FLUSH)
    out[44] = category in (reference.FULL_HOUSE, reference.QUADS)
    held = [ranks.count(c >> 2) + sum(h >> 2 == c >> 2 for h in hero) for c in hero]
    two_pair = hero[0] >> 2 != hero[1] >> 2 and min(held) >= 2
    made = category in (reference.STRAIGHT, reference.FLUSH, reference.STRAIGHT_FLUSH)
    out[48] = two_pair or max(held) >= 3 or made
    out[59] = category in (reference.STRAIGHT, reference.STRAIGHT_FLUSH)
    top = max(hero) >> 2
    over = sum(r > top for r in ranks)
    out[54], out[55], out[56] = over == 0, over == 1, over >= 2
    mine = sum((c >> 2) > ranks[0] for c in hero)
    out[57], out[58] = mine == 1, mine == 2
    return out


def test_vectorised_matches_oracle(all_flops) -> None:
    hero, flops, fm = all_flops
    rng = np.random.default_rng(73)
    for i in rng.choice(len(flops), size=400, replace=False):
        flop = tuple(int(c) for c in flops[i])
        for j, want in _oracle(hero, flop).items():
            assert fm[i, j - 1] == want, (flop, j)


def test_one_flop_equals_matrix_row(all_flops) -> None:
    hero, flops, fm = all_flops
    for i in (0, 777, 19599):
        assert flop_features(hero, tuple(flops[i])) == tuple(np.flatnonzero(fm[i]) + 1)


def test_every_feature_is_documented_and_used() -> None:
    assert len(FEATURES) == NUM_FEATURES == 73
    assert all(describe(j) and short(j)[0].islower() for j in range(1, 74))
    hero = tuple(parse_cards("9s8s"))
    fm = feature_matrix(hero, _flops.flop_cards(hero))
    assert fm.any(axis=0).all(), "every feature occurs on some flop for 98s"


@pytest.mark.parametrize("j", [0, 74])
def test_describe_rejects_unknown(j: int) -> None:
    with pytest.raises(InputError):
        describe(j)


def test_flop_must_avoid_hero() -> None:
    with pytest.raises(InputError):
        flop_features(parse_cards("AsAh"), parse_cards("AsKd2c"))
    with pytest.raises(InputError):
        flop_features(parse_cards("AsAh"), parse_cards("Kd2c"))
