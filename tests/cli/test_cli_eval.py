"""``pokercalc eval``: exact output per format and the one-line error path."""

from __future__ import annotations

import json

import pytest
from cli_runs import invoke

from pokercalc import __version__

SF = 8 << 12 | 10  # straight flush, ace high: the tenth straight flush
FH = 6 << 12 | 7 * 12 + 12  # nines full of aces: 7 trip ranks below, 12 pairs each, aces last


def test_json_exact() -> None:
    result = invoke("eval", "--json", "AsKsQsJsTs", "9h 9d 9s Ac Ah")
    assert result.exit_code == 0, result.output
    assert (
        result.stdout
        == json.dumps(
            {
                "schema_version": 2,
                "pokercalc_version": __version__,
                "command": "eval",
                "result": [
                    {
                        "game": "holdem",
                        "cards": "AsKsQsJsTs",
                        "value": SF,
                        "category": 8,
                        "category_name": "Straight flush",
                        "description": "Straight flush, Ace high",
                        "low": None,
                        "best": "AsKsQsJsTs",
                    },
                    {
                        "game": "holdem",
                        "cards": "9h9d9sAcAh",
                        "value": FH,
                        "category": 6,
                        "category_name": "Full house",
                        "description": "Full house, Nines full of Aces",
                        "low": None,
                        "best": "9h9d9sAcAh",
                    },
                ],
            },
            indent=2,
        )
        + "\n"
    )


def test_csv_exact() -> None:
    result = invoke("eval", "--csv", "AsKsQsJsTs", "5c4d3h2sAs9h9c")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "game,cards,value,category,category_name,description,low,best\n"
        f'holdem,AsKsQsJsTs,{SF},8,Straight flush,"Straight flush, Ace high",,AsKsQsJsTs\n'
        f'holdem,5c4d3h2sAs9h9c,{4 << 12 | 1},4,Straight,"Straight, Five high",,5c4d3h2sAs\n'
    )


def test_omaha_hilo_shows_both_halves() -> None:
    result = invoke("eval", "--json", "As2sKdQd", "--game", "omaha-hilo", "--board", "5c6d9h3h8c")
    assert result.exit_code == 0, result.output
    hand = json.loads(result.stdout)["result"][0]
    assert hand["description"] == "High card, Ace high" and hand["low"] == "6-5-3-2-A"
    # Two low ranks on the board (2, 6) leave no low for anyone.
    result = invoke("eval", "--json", "As2sKdQd", "--game", "omaha-hilo", "--board", "2c6d9hKhQc")
    assert json.loads(result.stdout)["result"][0]["low"] is None
    table = invoke("eval", "As2sKdQd", "--game", "omaha-hilo", "--board", "5c6d9h3h8c").stdout
    assert "6-5-3-2-A" in table and "Low" in table


def test_table() -> None:
    result = invoke("eval", "KhKd9s9c2h")
    assert result.exit_code == 0, result.output
    assert "K♥ K♦ 9♠ 9♣ 2♥" in result.stdout
    assert "Two pair, Kings and Nines" in result.stdout
    assert "Hand values" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["AsAs2c3c4c"], "Error: duplicate card 'As' at position 2 in 'AsAs2c3c4c'\n"),
        (["AsKs"], "Error: a hand needs 5 to 7 cards, got 2 in 'AsKs'\n"),
        (["AsKsQsJsXs"], "Error: unknown rank 'X' at position 8 in 'AsKsQsJsXs'\n"),
        (["AsKsQsJsTq"], "Error: unknown suit 'q' at position 9 in 'AsKsQsJsTq'\n"),
        (["--json", "--csv", "AsKsQsJsTs"], "Error: --json and --csv exclude each other\n"),
        # Two cards shared by the hole and the board: one named, not "KsAs is both".
        (
            ["AsKsQsJs", "--board", "AsKs2c", "--game", "omaha"],
            "Error: Ks is both a hole card and a board card\n",
        ),
    ],
)
def test_errors_are_one_line_exit_2(args: list[str], message: str) -> None:
    result = invoke("eval", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == message
    assert "Traceback" not in result.output


def test_needs_a_hand() -> None:
    result = invoke("eval")
    assert result.exit_code == 2
    assert "Missing argument 'HANDS...'" in result.stderr


def test_help() -> None:
    result = invoke("eval", "--help")
    assert result.exit_code == 0
    assert "Evaluate hands of 5 to 7 cards" in result.stdout and "--game" in result.stdout
    assert "--json" in result.stdout and "--csv" in result.stdout
