"""``pokercalc eval`` in the games without a board: stud, razz, the draw games and badugi."""

from __future__ import annotations

import json
from typing import Any

import pytest
from cli_runs import invoke

from pokercalc.core.evaluator import describe, evaluate, evaluate_hand


def eval_json(*args: str) -> list[dict[str, Any]]:
    result = invoke("eval", "--json", *args)
    assert result.exit_code == 0, result.output
    rows: list[dict[str, Any]] = json.loads(result.stdout)["result"]
    return rows


def test_razz_json_exact() -> None:
    rows = eval_json("8c7d4h3s2sKdKh", "Ah2c3d4h5s", "KcKd8c8d4h4s2s", "--game", "razz")
    assert rows == [
        {
            "game": "razz",
            "cards": "8c7d4h3s2sKdKh",
            # 39 lows beat it: 21 seven-lows, 15 eights without a seven, 8-7-4-3-A, 8-7-4-2-A
            # and 8-7-3-2-A.
            "value": 5 << 12 | 1287 - 39,
            "category": 0,
            "category_name": "No pair",
            "description": "8-7-4-3-2 low",
            "low": None,
            "best": "8c7d4h3s2s",
        },
        {
            "game": "razz",
            "cards": "Ah2c3d4h5s",
            "value": 5 << 12 | 1287,  # the wheel: the best of all
            "category": 0,
            "category_name": "No pair",
            "description": "5-4-3-2-A low",
            "low": None,
            "best": "5s4h3d2cAh",
        },
        {
            "game": "razz",
            "cards": "KcKd8c8d4h4s2s",
            "value": rows[2]["value"],
            "category": 1,
            "category_name": "Pair",
            "description": "pair of fours, K-8-4-4-2",
            "low": None,
            "best": "4h4sKc8c2s",
        },
    ]
    assert rows[2]["value"] >> 12 == 4  # one pair: the second best place of six


def test_deuce_to_seven_json() -> None:
    rows = eval_json("7c5d4h3s2s", "7s5s4s3s2s", "Ac5d4h3s2s", "6c5d4h3s2s", "--game", "2-7")
    assert [(r["category_name"], r["description"]) for r in rows] == [
        ("No pair", "number one: 7-5-4-3-2"),
        ("Flush", "flush, 7-5-4-3-2"),
        ("No pair", "A-5-4-3-2 low"),
        ("Straight", "straight, 6-5-4-3-2"),
    ]
    assert rows[0]["value"] == 8 << 12 | 1278  # the best of 1,278 no-pair hands
    assert [r["best"] for r in rows] == ["7c5d4h3s2s", "7s5s4s3s2s", "Ac5d4h3s2s", "6c5d4h3s2s"]


def test_badugi_json_and_table() -> None:
    rows = eval_json("As2d3h4c", "Ks2s3h4c", "AsAhAdAc", "--game", "badugi")
    assert [(r["category"], r["category_name"], r["description"], r["best"]) for r in rows] == [
        (12, "Four-card badugi", "four-card badugi, 4 high: 4-3-2-A", "4c3h2dAs"),
        (11, "Three-card badugi", "three-card badugi, 4 high: 4-3-2", "4c3h2s"),
        (9, "One-card badugi", "one-card badugi: A", "As"),
    ]
    table = invoke("eval", "Ks2s3h4c", "--game", "badugi", columns=120).stdout
    assert "Plays" in table and "Not used" in table and "K♠" in table
    assert "Best five" not in table


def test_stud_hilo_shows_the_low_of_any_five() -> None:
    rows = eval_json("KdAh2c3d5h8sKc", "AsKsQsJsTs9h9c", "--game", "stud-hilo")
    assert [(r["description"], r["low"]) for r in rows] == [
        ("Pair, Kings", "8-5-3-2-A"),
        ("Straight flush, Ace high", None),
    ]
    assert rows[0]["best"] == "KdKcAh8s5h"
    args = ("KdAh2c3d5h8sKc", "AsKsQsJsTs9h9c", "--game", "stud-hilo")
    table = invoke("eval", *args, columns=120).stdout
    assert "Low" in table and "8-5-3-2-A" in table and "no low" in table
    assert "Not used" in table


def test_stud_and_draw_play_high() -> None:
    stud = eval_json("KdAh2c3d5h8sKc", "--game", "stud")[0]
    assert stud["description"] == "Pair, Kings" and stud["low"] is None
    assert stud["value"] == evaluate("KdAh2c3d5h8sKc")  # the hold'em value of the same cards
    draw = eval_json("KhKd9s9c2h", "--game", "draw")[0]
    assert draw["description"] == "Two pair, Kings and Nines" and draw["category"] == 2


def test_csv_row() -> None:
    result = invoke("eval", "--csv", "Ah2c3d4h6s", "--game", "a-5")
    assert result.exit_code == 0, result.output
    value = 5 << 12 | 1286
    assert result.stdout.splitlines() == [
        "game,cards,value,category,category_name,description,low,best",
        f"a-5,Ah2c3d4h6s,{value},0,No pair,6-4-3-2-A low,,6s4h3d2cAh",
    ]


@pytest.mark.parametrize(
    ("game", "cards", "text"),
    [
        ("a-5", "8c6d4h4s2s", "pair of fours, 8-6-4-4-2"),
        ("a-5", "AcAd2c2d9s", "two pair, deuces and aces, 9-2-2-A-A"),
        ("a-5", "7c7d7hKs2s", "three sevens, K-7-7-7-2"),
        ("a-5", "7c7d7hKsKd", "full house, sevens full of kings"),
        ("a-5", "QcQdQhQsAs", "four queens, Q-Q-Q-Q-A"),
        ("razz", "Tc9d8h6s5cKdQh", "T-9-8-6-5 low"),
        # Aces are the lowest trips: A-A-A-2-2 beats 2-2-2-A-A.
        ("razz", "AcAdAhAs2c2d2h", "full house, aces full of deuces"),
        ("2-7", "7c6d4h3s2s", "number two: 7-6-4-3-2"),
        ("2-7", "7c6d5h3s2s", "number three: 7-6-5-3-2"),
        ("2-7", "7c6d5h4s2s", "number four: 7-6-5-4-2"),
        ("2-7", "9d8c6h4s2s", "9-8-6-4-2 low"),
        ("2-7", "AcAd9s4h2s", "pair of aces, A-A-9-4-2"),
        ("2-7", "KhKd9s9c2h", "two pair, kings and nines, K-K-9-9-2"),
        ("2-7", "6h6d6s2c3h", "three sixes, 6-6-6-3-2"),
        ("2-7", "AdKdQdJdTc", "straight, A-K-Q-J-T"),
        ("2-7", "9h9d9sAcAh", "full house, nines full of aces"),
        ("2-7", "2c2d2h2s3c", "four deuces, 3-2-2-2-2"),
        ("2-7", "6h5h4h3h2h", "straight flush, 6-5-4-3-2"),
        ("badugi", "Kc Qd Jh Ts", "four-card badugi, K high: K-Q-J-T"),
        ("badugi", "2c 2d Ah 9h", "two-card badugi, 2 high: 2-A"),
    ],
)
def test_descriptions(game: str, cards: str, text: str) -> None:
    assert describe(evaluate(cards, game), game) == text
    assert evaluate_hand(cards, game).description == text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["8c7d4h3s2s", "--game", "razz", "--board", "Kd"],
            "Razz has no board: a hand is the player's own 5 to 7 cards",
        ),
        (
            ["7c5d4h3s2s", "--game", "2-7", "-b", "KdKh9c"],
            "Deuce-to-seven lowball has no board: a hand is the player's own 5 cards",
        ),
        (
            ["As2d3h4c", "--game", "badugi", "-b", "Kd"],
            "Badugi has no board: a hand is the player's own 4 cards",
        ),
        (["As2d3h4c", "--game", "razz"], "Razz: a hand is 5 to 7 cards, got 4 in 'As2d3h4c'"),
        (
            ["As2d3h4c5s6s7s8s", "--game", "stud"],
            "Seven-card stud: a hand is 5 to 7 cards, got 8 in 'As2d3h4c5s6s7s8s'",
        ),
        (
            ["As2d3h4c5s6s", "--game", "draw"],
            "Five-card draw: a hand is 5 cards, got 6 in 'As2d3h4c5s6s'",
        ),
        (
            ["As2d3h4c", "--game", "a-5"],
            "Ace-to-five lowball: a hand is 5 cards, got 4 in 'As2d3h4c'",
        ),
        (
            ["As2d3h4c6s7s", "--game", "2-7"],
            "Deuce-to-seven lowball: a hand is 5 cards, got 6 in 'As2d3h4c6s7s'",
        ),
        (["As2d3h4c5s", "--game", "badugi"], "Badugi: a hand is 4 cards, got 5 in 'As2d3h4c5s'"),
        (["As2d3h", "--game", "badugi"], "Badugi: a hand is 4 cards, got 3 in 'As2d3h'"),
        (["As2d3hAs", "--game", "badugi"], "duplicate card 'As' at position 6 in 'As2d3hAs'"),
    ],
)
def test_refusals_are_one_line_exit_2(args: list[str], message: str) -> None:
    result = invoke("eval", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"Error: {message}\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["outs", "AsKsQd", "--game", "stud"],
            "outs in stud needs a shared board, and stud has none",
        ),
        (
            ["draws", "AsKs", "--game", "razz"],
            "draws in razz needs a shared board, and razz has none",
        ),
        (
            ["hits", "AA", "--game", "badugi"],
            "hits in badugi needs a shared board, and badugi has none",
        ),
        (
            ["hits", "AA", "--game", "omaha"],
            "hits in omaha is not available yet; it plays holdem, shortdeck and shortdeck-triton",
        ),
    ],
)
def test_a_board_analysis_refuses_a_game_before_asking_for_its_board(
    args: list[str], message: str
) -> None:
    # The game is read first: a missing --board is not the problem when no board would do.
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stderr == f"Error: {message}\n"


def test_a_board_analysis_still_asks_for_its_board_in_a_game_it_serves() -> None:
    result = invoke("outs", "AsKs", "--game", "omaha")
    assert result.exit_code == 2
    assert "Missing option '--board'" in result.stderr
