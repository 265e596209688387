"""The game definitions and their evaluators against the slow references in tests/."""

from __future__ import annotations

import itertools
import random

import pytest
import reference_games as ref

from pokercalc import _eval
from pokercalc.core.cards import parse_cards
from pokercalc.core.games import (
    ACE_TO_FIVE,
    CATEGORY_NAMES,
    GAMES,
    HIGH,
    HOLDEM,
    LOW8,
    OMAHA,
    SHORTDECK,
    SHORTDECK_TRITON,
    get_game,
)
from pokercalc.errors import InputError

SHORT_DECK = list(range(16, 52))

# Five-card hands of the 36-card deck per category (standard numbering: high card first).
SHORT_FIVE = {
    "High card": 122400,
    "Pair": 193536,
    "Two pair": 36288,
    "Three of a kind": 16128,
    "Straight": 6120,
    "Flush": 480,
    "Full house": 1728,
    "Four of a kind": 288,
    "Straight flush": 24,
}
# Seven-card hands (C(36, 7) = 8,347,680) by the best five; the rankings differ only where a
# hand holds both three of a kind and a straight.
SHORT_SEVEN = {
    "shortdeck": [233100, 2316600, 3157056, 607200, 1169940, 175560, 633024, 44640, 10560],
    "shortdeck-triton": [233100, 2316600, 3157056, 637560, 1139580, 175560, 633024, 44640, 10560],
}


def _by_category(counts: list[int], ranking: str) -> list[int]:
    """Counts by category position -> counts by standard category number."""
    game = get_game(ranking)
    out = [0] * 9
    for pos, n in enumerate(counts):
        out[game.category_order[pos]] = n
    return out


def test_the_registry() -> None:
    assert set(GAMES) == {
        "holdem",
        "shortdeck",
        "shortdeck-triton",
        "omaha",
        "omaha5",
        "omaha6",
        "omaha-hilo",
        "omaha5-hilo",
        "stud",
        "stud-hilo",
        "razz",
        "draw",
        "2-7",
        "a-5",
        "badugi",
    }
    assert get_game("stud8").hilo and get_game("razz").rankings == (ACE_TO_FIVE,)
    assert (get_game("stud").max_players, get_game("draw").max_players) == (7, 10)
    assert get_game("badugi").hole_cards == 4 and get_game("2-7").board_cards == 0
    assert get_game("o8").hilo and get_game("omaha5-hilo").hole_cards == 5
    assert not OMAHA.hilo and get_game("omaha-hilo").rankings == (HIGH, LOW8)
    assert (HOLDEM.deck_size, SHORTDECK.deck_size, OMAHA.hole_cards) == (52, 36, 4)
    assert (HOLDEM.max_players, SHORTDECK.max_players, OMAHA.max_players) == (23, 15, 11)
    assert get_game("omaha6").max_players == 7 and get_game("omaha5").max_players == 9
    assert get_game("PLO") is OMAHA and get_game(None) is HOLDEM and get_game(OMAHA) is OMAHA
    assert SHORTDECK.deck == tuple(SHORT_DECK)
    assert bin(SHORTDECK.deck_mask).count("1") == 36
    assert SHORTDECK.deck_mask & SHORTDECK.outside_mask == 0
    with pytest.raises(InputError, match="unknown game 'pineapple'"):
        get_game("pineapple")
    with pytest.raises(TypeError, match="game must be"):
        get_game(4)  # type: ignore[arg-type]


@pytest.mark.parametrize("ranking", ["shortdeck", "shortdeck-triton"])
def test_short_deck_five_card_counts(ranking: str) -> None:
    counts = _by_category(_eval.short_category_counts(5, ranking), ranking)
    assert counts == [SHORT_FIVE[name] for name in CATEGORY_NAMES]


@pytest.mark.parametrize("ranking", ["shortdeck", "shortdeck-triton"])
def test_short_deck_seven_card_counts(ranking: str) -> None:
    counts = _by_category(_eval.short_category_counts(7, ranking), ranking)
    assert sum(counts) == 8347680
    assert counts == SHORT_SEVEN[ranking]


@pytest.mark.slow
@pytest.mark.parametrize("triton", [False, True])
def test_every_five_card_short_deck_hand_orders_as_the_reference(triton: bool) -> None:
    ranking = "shortdeck-triton" if triton else "shortdeck"
    by_key: dict[tuple[int, ...], set[int]] = {}
    for five in itertools.combinations(SHORT_DECK, 5):
        by_key.setdefault(ref.short_five(five, triton), set()).add(
            _eval.evaluate_ranked(five, ranking)
        )
    values = []
    for key in sorted(by_key):
        assert len(by_key[key]) == 1, key  # equal hands, equal values
        values.extend(by_key[key])
    assert values == sorted(values) and len(set(values)) == len(values)


@pytest.mark.parametrize("n", [6, 7])
@pytest.mark.parametrize("triton", [False, True])
def test_six_and_seven_short_deck_cards_against_the_reference(n: int, triton: bool) -> None:
    ranking = "shortdeck-triton" if triton else "shortdeck"
    rnd = random.Random(n * 10 + triton)
    hands = [rnd.sample(SHORT_DECK, n) for _ in range(400)]
    keyed = sorted((ref.short_rank(h, triton), _eval.evaluate_ranked(h, ranking)) for h in hands)
    for (k1, v1), (k2, v2) in itertools.pairwise(keyed):
        assert (v1 < v2) == (k1 < k2) and (v1 == v2) == (k1 == k2)


def test_short_deck_rules_by_example() -> None:
    def value(text: str, ranking: str = "shortdeck") -> int:
        return _eval.evaluate_ranked(parse_cards(text), ranking)

    wheel = value("As6d7h8c9s")  # A-6-7-8-9 is a straight, the lowest one
    assert SHORTDECK.category_of(wheel) == 4
    assert value("6d7h8c9sTs") > wheel > value("AsAd7h8c9s")
    assert value("As6s7s8s9s") > value("KdKhKcKs6s")  # the steel wheel beats quads
    assert value("AsJs9s8s6s") > value("AsAdAh6c6d")  # a flush beats a full house
    assert value("9sTdJhQcKs") > value("6s6d6hJcKd")  # a straight beats three of a kind
    triton = "shortdeck-triton"
    assert value("6s6d6hJcKd", triton) > value("9sTdJhQcKs", triton)  # not under Triton rules
    assert SHORTDECK_TRITON.category_of(value("6s6d6hJcKd", triton)) == 3


OMAHA_TRAPS = [
    # four hearts in the hand and one on the board is no flush
    ("AhKhQhJh", "2h3c4d8s9c", 0),
    # a flush on the board plays only through two hole cards of its suit
    ("AcKdQsJs", "2h3h4h5h9h", 0),
    ("AhKdQsJs", "2h3h4h8h9c", 0),
    ("AhKhQsJs", "2h3h4h8h9c", 5),
    # a straight on the board needs two hole cards that make one with three board cards
    ("AcAdKsKh", "5c6d7h8s9c", 1),
    # quads on the board: the hand plays only two hole cards with three board cards
    ("AcKdQsJh", "9c9d9h9s2c", 3),
    # a full house on the board gives no full house with two unrelated hole cards
    ("AcKdQsJh", "9c9d9h2s2c", 3),
    # two pair in the hand and a pair on the board: a full house needs three of one rank
    ("KcKdQsQh", "Ks2d2h7s8c", 6),
]


@pytest.mark.parametrize(("hole", "board", "category"), OMAHA_TRAPS)
def test_omaha_traps(hole: str, board: str, category: int) -> None:
    h, b = parse_cards(hole), parse_cards(board)
    value = _eval.evaluate_omaha(h, b)
    assert value >> 12 == category == ref.omaha_rank(h, b)[0]


@pytest.mark.parametrize("k", [4, 5, 6])
@pytest.mark.parametrize("nb", [3, 4, 5])
def test_omaha_against_the_reference(k: int, nb: int) -> None:
    rnd = random.Random(100 * k + nb)
    deals = []
    for _ in range(250):
        cards = rnd.sample(range(52), k + nb)
        deals.append((cards[:k], cards[k:]))
    keyed = sorted((ref.omaha_rank(h, b), _eval.evaluate_omaha(h, b)) for h, b in deals)
    for (k1, v1), (k2, v2) in itertools.pairwise(keyed):
        assert (v1 < v2) == (k1 < k2) and (v1 == v2) == (k1 == k2)


def test_eval_in_every_game() -> None:
    from cli_runs import invoke

    def run(*args: str) -> str:
        result = invoke("eval", *args, "--json")
        assert result.exit_code == 0, result.output
        return result.stdout

    import json

    short = json.loads(run("As6d7h8c9s", "--game", "shortdeck"))["result"][0]
    assert short["description"] == "Straight, Nine high"
    omaha = json.loads(run("AhKhQsJs", "--board", "2h3h4h8h9c", "--game", "omaha"))["result"][0]
    assert omaha["category_name"] == "Flush"
    bad = invoke("eval", "5s6d7h8c9s", "--game", "shortdeck")
    assert bad.exit_code == 2 and "5s is not in the 36-card shortdeck deck" in bad.stderr
    five = invoke("eval", "AhKhQsJsTs", "--board", "2c3c4c", "--game", "omaha")
    assert five.exit_code == 2 and "an omaha hand has 4 hole cards, got 5" in five.stderr


def test_the_kernels_fixed_sizes_hold_every_game() -> None:
    """core/_game.pxd's MAX_PLAYERS, MAX_BOARD and MAX_HOLE against the game definitions."""
    from pokercalc.core import _engine, _own
    from pokercalc.core.games import KERNEL_MAX_BOARD, KERNEL_MAX_PLAYERS

    players, board, hole = _engine.kernel_sizes()
    own_players, own_hilo_players, own_hand = _own.kernel_limits()
    assert (players, board) == (KERNEL_MAX_PLAYERS, KERNEL_MAX_BOARD)
    for g in GAMES.values():
        if g.has_board:
            assert g.board_cards == board and 2 <= g.hole_cards <= hole
            assert g.max_players <= players
        else:  # (core/_own.pyx's limits)
            assert g.hole_cards <= own_hand
            assert g.max_players <= (own_hilo_players if g.hilo else own_players)
        assert g.hole_cards * g.max_players + g.board_cards <= g.deck_size


def test_rankings_and_forming_are_named_data() -> None:
    from pokercalc.core.games import RANKINGS, TWO_PLUS_THREE

    assert [r.id for r in RANKINGS.values()] == list(range(7))
    assert {g.ranking for g in GAMES.values()} == {
        "high", "shortdeck", "shortdeck-triton", "ace-to-five", "deuce-to-seven", "badugi"
    }  # fmt: skip
    assert get_game("omaha-hilo").kernel_ids == (1, 0, 3) and HOLDEM.kernel_ids == (0, 0, -1)
    assert SHORTDECK_TRITON.kernel_ids == (0, 2, -1) and OMAHA.forming == TWO_PLUS_THREE
    assert get_game("stud-hilo").kernel_ids == (2, 0, 3)
    assert get_game("razz").kernel_ids == (2, 4, -1)
    assert [g.split for g in GAMES.values()].count("hilo8") == 3


@pytest.mark.parametrize("n", [2, 3, 9, 23])
def test_the_tally_layout(n: int) -> None:
    """The layout core/_showdown.pxd defines, as the Python side reads it."""
    from pokercalc.core import _engine

    assert _engine.total_slot(n, False) == _engine.player_slot(n, n, False) == n * (n + 1)
    assert _engine.tally_size(n, False) == n * (n + 1) + 1
    assert _engine.low_board_slot(n) == _engine.player_slot(n, n, True) == 6 * n
    assert _engine.total_slot(n, True) == 6 * n + 1 and _engine.tally_size(n, True) == 6 * n + 2
    assert _engine.cluster_slot(n, False) == n * (n + 1) + 2
