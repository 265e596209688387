"""The compiled evaluator against the pure-Python oracle and the textbook hand counts."""

from __future__ import annotations

import array
import itertools
import random

import pytest
from reference import CATEGORY_COUNTS_5, hand_rank, rank_five

import pokercalc
from pokercalc import _eval
from pokercalc.core import _tablegen
from pokercalc.core.cards import mask_of, parse_cards
from pokercalc.core.evaluator import category, category_name, describe, evaluate, evaluate_hand
from pokercalc.errors import CardConflictError, InputError, ParseError

# Seven-card hands per category (23,294,460 high card ... 41,584 straight flushes).
CATEGORY_COUNTS_7 = (
    23294460,
    58627800,
    31433400,
    6461620,
    6180020,
    4047644,
    3473184,
    224848,
    41584,
)
# Six-card hands per category, summing to C(52, 6) = 20,358,520.
CATEGORY_COUNTS_6 = (
    6612900,
    9730740,
    2532816,
    732160,
    361620,
    205792,
    165984,
    14664,
    1844,
)


def _evaluate_rows(hands: list[tuple[int, ...]] | bytes, width: int) -> array.array:
    """Values of many hands through ``evaluate_many``, without numpy."""
    flat = bytearray(hands if isinstance(hands, bytes) else itertools.chain.from_iterable(hands))
    n = len(flat) // width
    out = array.array("H", bytes(2 * n))
    _eval.evaluate_many(memoryview(flat).cast("B", (n, width)), out)
    return out


def _category_counts(hist: list[int]) -> list[int]:
    counts = [0] * 9
    for value, n in enumerate(hist):
        counts[value >> 12] += n
    return counts


# The oracle's verdict per (ranks, all one suit) pattern of five cards, the only
# inputs rank_five reads: it lets 2,598,960 hands take seconds, not minutes.
_PATTERNS: dict[tuple[tuple[int, ...], bool], tuple[int, ...]] = {}


def _rank_five_cached(hand: tuple[int, ...]) -> tuple[int, ...]:
    """``rank_five`` of five increasing card indices, computed once per pattern."""
    a, b, c, d, e = hand
    pattern = ((a >> 2, b >> 2, c >> 2, d >> 2, e >> 2), (a ^ b | a ^ c | a ^ d | a ^ e) & 3 == 0)
    key = _PATTERNS.get(pattern)
    if key is None:
        key = _PATTERNS[pattern] = rank_five(hand)
    return key


def _hand_rank_cached(hand: tuple[int, ...]) -> tuple[int, ...]:
    """``hand_rank`` (the best five-card subset) through the pattern cache."""
    return max(_rank_five_cached(five) for five in itertools.combinations(sorted(hand), 5))


@pytest.fixture(scope="module")
def five_card_classes() -> dict[tuple[int, ...], int]:
    """Every five-card hand checked against the oracle; returns oracle key -> value."""
    flat = bytes(itertools.chain.from_iterable(itertools.combinations(range(52), 5)))
    values = _evaluate_rows(flat, 5)
    assert len(values) == 2598960
    key_to_value: dict[tuple[int, ...], int] = {}
    for hand, value in zip(itertools.combinations(range(52), 5), values, strict=True):
        key = _rank_five_cached(hand)
        seen = key_to_value.setdefault(key, value)
        assert seen == value, f"{hand}: {value} but an equal hand has {seen}"
    return key_to_value


def test_five_card_category_counts() -> None:
    hist = _eval.value_histogram(5)
    assert sum(hist) == 2598960
    assert tuple(_category_counts(hist)) == CATEGORY_COUNTS_5
    assert sum(1 for n in hist if n) == 7462


@pytest.mark.slow
def test_five_card_order_equals_reference(five_card_classes: dict[tuple[int, ...], int]) -> None:
    # Equal oracle keys got equal values (checked in the fixture); now distinct
    # keys must get distinct values, increasing exactly as the keys increase.
    assert len(five_card_classes) == 7462
    ordered = [five_card_classes[k] for k in sorted(five_card_classes)]
    assert all(a < b for a, b in itertools.pairwise(ordered))
    assert all(category(v) == k[0] for k, v in five_card_classes.items())


@pytest.mark.slow
def test_five_card_values_are_dense_within_categories(
    five_card_classes: dict[tuple[int, ...], int],
) -> None:
    # Values are 4096 * category + 1, 2, ...: describe() and the docs rely on it.
    for cat in range(9):
        vs = sorted(v for v in five_card_classes.values() if v >> 12 == cat)
        assert vs == list(range((cat << 12) + 1, (cat << 12) + 1 + len(vs)))


def test_six_card_category_counts() -> None:
    hist = _eval.value_histogram(6)
    assert tuple(_category_counts(hist)) == CATEGORY_COUNTS_6
    assert sum(1 for n in hist if n) == 6075


@pytest.mark.slow
def test_seven_card_category_counts() -> None:
    hist = _eval.value_histogram(7)
    assert sum(hist) == 133784560
    assert tuple(_category_counts(hist)) == CATEGORY_COUNTS_7
    assert sum(1 for n in hist if n) == 4824


def test_value_sum_matches_histogram() -> None:
    hist = _eval.value_histogram(6)
    assert _eval.value_sum(6) == sum(v * n for v, n in enumerate(hist))


@pytest.mark.slow
def test_rank_keys_give_every_rank_multiset_its_own_slot() -> None:
    # RANK_KEYS are constants found once (tools/search_rank_keys.py): every multiset of five to
    # seven ranks keeps its own sum, and the row-offset hash built on them has no collision.
    keys = _tablegen.rank_multiset_keys()
    assert len(keys) == len(set(keys)) == 73_775
    assert max(keys) < 1 << 25
    offsets, size = _tablegen._row_offsets(keys)
    slots = {(k + offsets[k >> _tablegen.ROW_SHIFT]) & 0xFFFFFFFF for k in keys}
    assert len(slots) == len(keys)
    assert max(slots) < size


@pytest.mark.slow
@pytest.mark.parametrize("width", [6, 7])
def test_random_hands_agree_with_reference(
    width: int, five_card_classes: dict[tuple[int, ...], int]
) -> None:
    rng = random.Random(20261121 + width)
    hands = [tuple(rng.sample(range(52), width)) for _ in range(100_000)]
    values = _evaluate_rows(hands, width)
    for hand, value in zip(hands, values, strict=True):
        assert value == five_card_classes[_hand_rank_cached(hand)], hand
    # The uncached oracle, and the mask and index entry points, on the first 2,000.
    for hand, value in zip(hands[:2000], values, strict=False):
        assert value == five_card_classes[hand_rank(hand)], hand
        assert _eval.evaluate_mask(mask_of(hand)) == value
        assert _eval.evaluate_indices(hand) == value
        assert pokercalc.evaluate_mask(mask_of(hand)) == value


def test_evaluate_text_and_indices() -> None:
    assert evaluate("AsKsQsJsTs") == evaluate(parse_cards("TsJsQsKsAs"))
    assert evaluate("As Ks Qs Js Ts 2c 3d") == evaluate("AsKsQsJsTs")
    assert category_name(evaluate("2c3d4h5s7c")) == "High card"
    assert evaluate("5c4d3h2sAs") < evaluate("6c5d4h3s2s")  # the wheel is the lowest straight


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("AsKdQh9c7s", "High card, Ace high"),
        ("KhKdAs9c2h", "Pair, Kings"),
        ("KhKd9s9c2h", "Two pair, Kings and Nines"),
        ("6h6d6s2c3h", "Three of a kind, Sixes"),
        ("5c4d3h2sAs", "Straight, Five high"),
        ("5c4d3h2sAs9h9c", "Straight, Five high"),
        ("AdKdQdJdTc", "Straight, Ace high"),
        ("Jh8h6h4h2h", "Flush, Jack high"),
        ("9h9d9sAcAh", "Full house, Nines full of Aces"),
        ("9h9d9sAcAhAd", "Full house, Aces full of Nines"),
        ("QcQdQhQs3d", "Four of a kind, Queens"),
        ("5h4h3h2hAh", "Straight flush, Five high"),
        ("AsKsQsJsTs9s8s", "Straight flush, Ace high"),
    ],
)
def test_describe(cards: str, text: str) -> None:
    assert describe(evaluate(cards)) == text


@pytest.mark.slow
def test_describe_every_value_and_rejects_others(
    five_card_classes: dict[tuple[int, ...], int],
) -> None:
    texts = {describe(v) for v in five_card_classes.values()}
    assert "Two pair, Kings and Nines" in texts
    for bad in (0, 1 << 12, 9 << 12, -1):
        with pytest.raises(ValueError, match="not a hand value"):
            describe(bad)


def test_evaluate_hand_record() -> None:
    r = evaluate_hand("Ah Ad 9c 9s 9h")
    assert r.cards == ("Ah", "Ad", "9c", "9s", "9h")
    assert r.category == 6 and r.category_name == "Full house"
    assert r.to_dict() == {
        "game": "holdem",
        "cards": "AhAd9c9s9h",
        "value": r.value,
        "category": 6,
        "category_name": "Full house",
        "description": "Full house, Nines full of Aces",
        "low": None,
        "best": "9c9s9hAhAd",
    }


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("AsKs", "a hand needs 5 to 7 cards, got 2"),
        ("AsKsQsJsTs9s8s7s", "a hand needs 5 to 7 cards, got 8"),
        ("AsKsQsJsAs", "duplicate card 'As' at position 8"),
        (["As", "Ks", "Qs", "Js", "Xs"], "hand: 'Xs' is not a card"),
    ],
)
def test_evaluate_rejects_bad_hands(cards: str | list[int], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        evaluate(cards)


@pytest.mark.parametrize("index", [52, -1])
def test_evaluate_rejects_card_indices_out_of_range(index: int) -> None:
    with pytest.raises(InputError, match=f"hand: card index {index} is not in 0..51"):
        evaluate([0, 1, 2, 3, index])


def test_evaluate_rejects_a_card_given_twice() -> None:
    with pytest.raises(CardConflictError, match="hand has 2c more than once"):
        evaluate([0, 1, 2, 3, 0])


def test_evaluate_mask_rejects_bad_masks() -> None:
    with pytest.raises(ParseError, match="does not hold 5 to 7 cards"):
        pokercalc.evaluate_mask(mask_of(range(4)))
    with pytest.raises(ParseError, match="does not hold 5 to 7 cards"):
        pokercalc.evaluate_mask(mask_of(range(5)) | 1 << 13)  # bit 13 is no card


def test_evaluate_many_validates() -> None:
    good = bytearray(range(7))
    out = array.array("H", bytes(2))
    _eval.evaluate_many(memoryview(good).cast("B", (1, 7)), out)
    assert out[0] == evaluate(range(7))
    with pytest.raises(ValueError, match="5 to 7 columns"):
        _eval.evaluate_many(memoryview(bytearray(8)).cast("B", (2, 4)), array.array("H", [0, 0]))
    with pytest.raises(ValueError, match="out is shorter"):
        _eval.evaluate_many(memoryview(good).cast("B", (1, 7)), array.array("H"))
    bad = bytearray([0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 60])
    with pytest.raises(ValueError, match="card index 60 in row 1"):
        _eval.evaluate_many(memoryview(bad).cast("B", (2, 7)), array.array("H", [0, 0]))
    for width in (5, 6, 7):
        rows = bytearray(range(3 * width))
        rows[2 * width + 1] = 255
        with pytest.raises(ValueError, match="card index 255 in row 2 is not in 0..51"):
            _eval.evaluate_many(memoryview(rows).cast("B", (3, width)), array.array("H", [0] * 3))
        rows[2 * width + 1] = rows[2 * width + 3]
        with pytest.raises(ValueError, match=f"card index {rows[2 * width + 3]} appears twice"):
            _eval.evaluate_many(memoryview(rows).cast("B", (3, width)), array.array("H", [0] * 3))
        rows[2 * width + 1] = 51  # valid again: no error
        _eval.evaluate_many(memoryview(rows).cast("B", (3, width)), array.array("H", [0] * 3))


def test_value_histogram_rejects_sizes() -> None:
    for n in (4, 8):
        with pytest.raises(ValueError, match="n_cards must be 5, 6 or 7"):
            _eval.value_histogram(n)
        with pytest.raises(ValueError, match="n_cards must be 5, 6 or 7"):
            _eval.value_sum(n)
