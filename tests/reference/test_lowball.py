"""The compiled lowball, eight-or-better and badugi evaluators against the plain-Python oracle.

Every five-card hand (every four-card hand for badugi) in the slow tier, with the category
counts; samples of them, and of six- and seven-card hands, in the fast tier.
"""

from __future__ import annotations

import array
import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import lowball
import pytest

from pokercalc import _eval
from pokercalc.core import _tablegen
from pokercalc.core.cards import to_cards
from pokercalc.core.evaluator import category_title, evaluate
from pokercalc.core.games import get_game

# The oracle, the game whose ranking it is, and its categories' names, by compiled ranking.
ORACLES: dict[str, tuple[Callable[[Sequence[int]], Any], str, Callable[[Any], str]]] = {
    "ace-to-five": (lowball.ace_to_five, "a-5", lowball.ace_to_five_category),
    "deuce-to-seven": (lowball.deuce_to_seven, "2-7", lowball.deuce_to_seven_category),
    "badugi": (lowball.badugi, "badugi", lowball.badugi_category),
}

# Five-card hands per category.  Ace-to-five: no pair is C(13,5) * 4^5, one pair
# 13 * C(12,3) * 6 * 4^3, and so on, as the high ranking counts them with straights and
# flushes folded into no pair.  Deuce-to-seven: the high ranking's counts with A-5-4-3-2 no
# straight (9 straights a suit pattern, 1,278 rank sets of no pair).
A5_COUNTS = {
    "No pair": 1_317_888,
    "Pair": 1_098_240,
    "Two pair": 123_552,
    "Three of a kind": 54_912,
    "Full house": 3_744,
    "Four of a kind": 624,
}
D27_COUNTS = {
    "No pair": 1_303_560,  # 1,278 rank sets * 1,020 suit patterns
    "Pair": 1_098_240,
    "Two pair": 123_552,
    "Three of a kind": 54_912,
    "Straight": 9_180,  # 9 * 1,020
    "Flush": 5_112,  # 1,278 * 4
    "Full house": 3_744,
    "Four of a kind": 624,
    "Straight flush": 36,
}
# Four-card badugi hands: four ranks and four suits, C(13,4) * 4! = 17,160; one card plays
# only when every two cards share a suit or a rank, that is all four share a suit
# (C(13,4) * 4 = 2,860) or a rank (13).
BADUGI_COUNTS = {
    "Four-card badugi": 17_160,
    "Three-card badugi": 154_440,
    "Two-card badugi": 96_252,
    "One-card badugi": 2_873,
}
# Five-card hands with an eight-or-better low: five distinct ranks of eight, C(8,5) * 4^5.
LOW8_HANDS = 57_344


def compiled(hands: Sequence[Sequence[int]] | bytes, ranking: str, width: int) -> array.array:
    """Values of many hands of ``width`` cards through ``evaluate_ranked_many``."""
    flat = bytearray(hands if isinstance(hands, bytes) else itertools.chain.from_iterable(hands))
    n = len(flat) // width
    out = array.array("H", bytes(2 * n))
    _eval.evaluate_ranked_many(memoryview(flat).cast("B", (n, width)), ranking, out)
    return out


def category_of(value: int, ranking: str) -> str:
    """The name pokercalc gives a compiled value's category."""
    game = ORACLES[ranking][1]
    return category_title(_tablegen.RANKINGS[ranking][value >> 12], game)


def check_order(key_to_value: dict[Any, int]) -> None:
    """Distinct oracle keys have distinct values, increasing as the keys do, dense within each
    category (``4096 * place + 1, 2, ...``)."""
    ordered = [key_to_value[k] for k in sorted(key_to_value)]
    assert all(a < b for a, b in itertools.pairwise(ordered))
    by_place: dict[int, list[int]] = {}
    for v in ordered:
        by_place.setdefault(v >> 12, []).append(v)
    for place, vs in by_place.items():
        assert vs == list(range((place << 12) + 1, (place << 12) + 1 + len(vs)))


def agree(hands: Sequence[Sequence[int]], values: Sequence[int], oracle: Any) -> dict[Any, int]:
    """Check that equal oracle keys got equal values; return key -> value."""
    key_to_value: dict[Any, int] = {}
    for hand, value in zip(hands, values, strict=True):
        key = oracle(hand)
        seen = key_to_value.setdefault(key, value)
        assert seen == value, f"{hand}: {value}, but a hand of equal rank has {seen}"
    return key_to_value


# --- Every hand (slow) -------------------------------------------------------------------


@pytest.fixture(scope="module")
def every_five() -> dict[str, tuple[dict[Any, int], Counter[int]]]:
    """Every five-card hand under the three five-card rankings: key -> value, checked to agree
    with the oracle, and the count of hands per compiled value."""
    flat = bytes(itertools.chain.from_iterable(itertools.combinations(range(52), 5)))
    values = {r: compiled(flat, r, 5) for r in ("ace-to-five", "deuce-to-seven", "low8")}
    assert all(len(v) == 2_598_960 for v in values.values())
    # The oracle's verdict depends on the ranks (and, in 2-7, on one suit): computed once each.
    cache: dict[tuple[Any, ...], tuple[Any, Any, Any]] = {}
    maps: dict[str, dict[Any, int]] = {r: {} for r in values}
    a5, d27, low = values["ace-to-five"], values["deuce-to-seven"], values["low8"]
    for i, hand in enumerate(itertools.combinations(range(52), 5)):
        a, b, c, d, e = hand
        pattern = (a >> 2, b >> 2, c >> 2, d >> 2, e >> 2, (a ^ b | a ^ c | a ^ d | a ^ e) & 3)
        keys = cache.get(pattern)
        if keys is None:
            keys = cache[pattern] = (
                lowball.ace_to_five(hand),
                lowball.deuce_to_seven(hand),
                lowball.low8(hand),
            )
        for ranking, key, value in zip(maps, keys, (a5[i], d27[i], low[i]), strict=True):
            seen = maps[ranking].setdefault(key, value)
            assert seen == value, f"{ranking} {hand}: {value}, but an equal hand has {seen}"
    return {r: (maps[r], Counter(values[r])) for r in values}


@pytest.mark.slow
def test_every_five_card_hand_ace_to_five(every_five: Any) -> None:
    key_to_value, hist = every_five["ace-to-five"]
    assert len(key_to_value) == 6_175
    check_order(key_to_value)
    for key, value in key_to_value.items():
        assert category_of(value, "ace-to-five") == lowball.ace_to_five_category(key)
    counts: Counter[str] = Counter()
    for value, n in hist.items():
        counts[category_of(value, "ace-to-five")] += n
    assert counts == A5_COUNTS


@pytest.mark.slow
def test_every_five_card_hand_deuce_to_seven(every_five: Any) -> None:
    key_to_value, hist = every_five["deuce-to-seven"]
    assert len(key_to_value) == 7_462
    check_order(key_to_value)
    for key, value in key_to_value.items():
        assert category_of(value, "deuce-to-seven") == lowball.deuce_to_seven_category(key)
    counts: Counter[str] = Counter()
    for value, n in hist.items():
        counts[category_of(value, "deuce-to-seven")] += n
    assert counts == D27_COUNTS


@pytest.mark.slow
def test_every_five_card_hand_low8(every_five: Any) -> None:
    key_to_value, hist = every_five["low8"]
    key_to_value = dict(key_to_value)  # (the fixture's, which other tests read)
    assert key_to_value.pop(None) == 0  # no low is 0, below every low
    assert len(key_to_value) == 56  # C(8, 5) lows
    ordered = [key_to_value[k] for k in sorted(key_to_value)]
    assert 0 < ordered[0] and all(a < b for a, b in itertools.pairwise(ordered))
    assert sum(n for v, n in hist.items() if v) == LOW8_HANDS
    # The scale of omaha_low: 256 minus the rank bits, ace 1 .. eight 128.
    assert key_to_value[(-5, -4, -3, -2, -1)] == 256 - 0b11111
    assert key_to_value[(-8, -7, -6, -5, -4)] == 256 - 0b11111000


@pytest.mark.slow
def test_every_four_card_hand_badugi() -> None:
    hands = list(itertools.combinations(range(52), 4))
    values = compiled(hands, "badugi", 4)
    assert len(values) == 270_725
    # The oracle once per hand up to relabelling the suits (badugi does not tell them apart).
    cache: dict[tuple[int, ...], Any] = {}

    def oracle(hand: Sequence[int]) -> Any:
        suits: dict[int, int] = {}
        pattern = tuple(c & ~3 | suits.setdefault(c & 3, len(suits)) for c in hand)
        if pattern not in cache:
            cache[pattern] = lowball.badugi(hand)
        return cache[pattern]

    key_to_value = agree(hands, values, oracle)
    assert len(key_to_value) == 13 + 78 + 286 + 715  # the rank sets of one to four cards
    check_order(key_to_value)
    counts = Counter(category_of(v, "badugi") for v in values)
    assert counts == BADUGI_COUNTS
    for key, value in key_to_value.items():
        assert category_of(value, "badugi") == lowball.badugi_category(key)


@pytest.mark.slow
@pytest.mark.parametrize("width", [6, 7])
@pytest.mark.parametrize("ranking", ["ace-to-five", "low8", "deuce-to-seven"])
def test_random_six_and_seven_card_hands(every_five: Any, ranking: str, width: int) -> None:
    # The best of any five: the value of the oracle's best five-card key.
    key_to_value = every_five[ranking][0]
    oracle = {
        "ace-to-five": lowball.ace_to_five,
        "low8": lowball.low8,
        "deuce-to-seven": lowball.deuce_to_seven,
    }[ranking]
    rng = random.Random(20261206 + width)
    hands = [tuple(rng.sample(range(52), width)) for _ in range(10_000)]
    for hand, value in zip(hands, compiled(hands, ranking, width), strict=True):
        assert value == key_to_value[oracle(hand)], hand


# --- Samples (fast) ----------------------------------------------------------------------


@pytest.mark.parametrize("ranking", ["ace-to-five", "deuce-to-seven", "badugi", "low8"])
def test_sampled_hands_order_as_the_oracle(ranking: str) -> None:
    width = 4 if ranking == "badugi" else 5
    oracle = ORACLES[ranking][0] if ranking in ORACLES else lowball.low8
    rng = random.Random(sum(map(ord, ranking)))
    hands = [tuple(rng.sample(range(52), width)) for _ in range(3_000)]
    # Hands with many pairs are rare: a share of them drawn on purpose.
    for _ in range(300):
        ranks = rng.sample(range(13), 2)
        pool = [4 * r + s for r in ranks for s in range(4)]
        hands.append(tuple(rng.sample(pool, width)))
    values = compiled(hands, ranking, width)
    key_to_value = agree(hands, values, oracle)
    if ranking == "low8":
        assert key_to_value.pop(None, 0) == 0
    ordered = [key_to_value[k] for k in sorted(key_to_value)]
    assert all(a < b for a, b in itertools.pairwise(ordered))
    for hand, value in zip(hands[:200], values, strict=False):
        assert _eval.evaluate_ranked(hand, ranking) == value


@pytest.mark.parametrize("width", [6, 7])
@pytest.mark.parametrize("ranking", ["ace-to-five", "low8", "deuce-to-seven"])
def test_sampled_six_and_seven_card_hands_play_the_oracles_best_five(
    ranking: str, width: int
) -> None:
    oracle = ORACLES[ranking][0] if ranking in ORACLES else lowball.low8
    rng = random.Random(width * 7 + len(ranking))
    hands = [tuple(rng.sample(range(52), width)) for _ in range(500)]
    # As many again of aces to eights only, so that lows are common.
    hands += [tuple(rng.sample([*range(28), *range(48, 52)], width)) for _ in range(500)]
    values = compiled(hands, ranking, width)
    fives_seen = 0
    for hand, value in zip(hands, values, strict=True):
        best = max(itertools.combinations(hand, 5), key=lambda f: oracle(f) or ())
        if oracle(best) is None:
            assert value == 0, hand
            continue
        fives_seen += 1
        assert value == _eval.evaluate_ranked(best, ranking), hand
    assert fives_seen > 300


def test_named_hands_in_order() -> None:
    def a5(cards: str) -> int:
        return evaluate(cards, "a-5")

    def d27(cards: str) -> int:
        return evaluate(cards, "2-7")

    def badugi(cards: str) -> int:
        return evaluate(cards, "badugi")

    # Ace-to-five: the wheel is the best hand of all; then 6-4-3-2-A; a pair loses to any no
    # pair; the lower pair wins; the lower kicker from the top down.
    assert a5("5c4d3h2sAs") == 21_767 == max(compiled([(0, 4, 8, 12, 48)], "ace-to-five", 5))
    assert a5("5s4s3s2sAs") == a5("5c4d3h2sAs")  # suits and straights do not count
    assert a5("6c4d3h2sAs") < a5("5c4d3h2sAs")
    assert a5("AcAd2c3c4c") < a5("KcQdJhTs8c") < a5("8c7d4h3s2s")
    assert a5("3c3dKcQhJh") > a5("4c4d2c3h5h")
    assert a5("8c6d4h3s2s") > a5("8c7d4h3s2s")
    assert a5("AcAdAh2c2d") > a5("2c2d2h2sAs")  # a full house beats four of a kind
    # Razz takes the best five of seven.
    assert evaluate("KcKd8c7d4h3s2s", "razz") == a5("8c7d4h3s2s")
    # Deuce-to-seven: 7-5-4-3-2 of mixed suits is the best hand; suited it is a flush;
    # A-5-4-3-2 is no straight but ace high; 6-5-4-3-2 is a straight.
    top = d27("7c5d4h3s2s")
    assert top == 34_046 == max(d27(c) for c in ("7c6d4h3s2s", "8c5d4h3s2s", "7d5c4h3s2c"))
    assert _tablegen.RANKINGS["deuce-to-seven"][d27("7s5s4s3s2s") >> 12] == _tablegen.FLUSH
    assert d27("7s5s4s3s2s") < d27("AcKdQhJs9c")
    assert d27("Ac5d4h3s2s") > d27("AcKdQhJs9c") and d27("Ac5d4h3s2s") < d27("KcQdJhTs8c")
    assert d27("6c5d4h3s2s") < d27("2c2d8h7s6s")
    # Badugi: A-2-3-4 of four suits is the best; more cards beat fewer; the lower top card.
    assert badugi("As2d3h4c") == 13_003 == max(compiled([(48, 1, 6, 11)], "badugi", 4))
    assert badugi("Ks2d3h4c") < badugi("As2d3h4c")
    assert badugi("As2s3h4c") < badugi("Kc Qd Jh Ts")
    assert badugi("As2s3h4c") == badugi("AsKs3h4c")  # 4-3-A plays; the other card does not
    assert badugi("AsAhAdAc") == badugi("AsKsQsJs")  # one card each: an ace


@pytest.mark.parametrize(
    ("ranking", "cards", "refused"),
    [
        ("ace-to-five", "AcKd", "5 to 7 cards"),
        ("deuce-to-seven", "AcKdQhJsTc9c8c7c", "5 to 7 cards"),
        ("badugi", "AcKdQhJsTc", "1 to 4 cards"),
    ],
)
def test_evaluate_ranked_refuses_wrong_counts(ranking: str, cards: str, refused: str) -> None:
    with pytest.raises(ValueError, match=refused):
        _eval.evaluate_ranked(to_cards(cards), ranking)
    with pytest.raises(ValueError, match="not in 0..51"):
        _eval.evaluate_ranked([0, 1, 2, 60], "badugi")


def test_game_categories_follow_the_rankings() -> None:
    assert get_game("razz").category_order == _tablegen.RANKINGS["ace-to-five"]
    assert get_game("badugi").category_of(evaluate("As2d3h4c", "badugi")) == 12
    assert get_game("2-7").category_of(evaluate("7c5d4h3s2s", "2-7")) == _tablegen.HIGH_CARD
    assert get_game("a-5").category_of(evaluate("AcAd2c3c4c", "a-5")) == _tablegen.PAIR
