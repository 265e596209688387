"""`eval` shows the five cards that play (issue 42 item 18): in hold'em and short-deck the best
five of 5 to 7 cards, in Omaha the two hole cards and the three board cards apart; JSON and
CSV carry them as ``best``."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from pokercalc.cli import cli
from pokercalc.core.cards import format_cards
from pokercalc.core.evaluator import evaluate, evaluate_hand, evaluate_omaha
from pokercalc.core.games import GAMES, get_game


@pytest.mark.parametrize(
    ("cards", "best"),
    [
        ("AsKsQsJsTs", "AsKsQsJsTs"),
        ("5c4d3h2sAs9h9c", "5c4d3h2sAs"),  # a wheel: the ace plays low, last
        ("AhAd8c8s2h3c4d", "AhAd8c8s4d"),  # two pair and the best kicker
        ("7c7d7h2s2dKcKd", "7c7d7hKcKd"),  # the higher pair fills the house
        ("9h9d9sAcAh", "9h9d9sAcAh"),  # trips first, cards of a rank as given
        ("2c3c4c6c8cAcKd", "Ac8c6c4c3c"),  # the five best of six flush cards
    ],
)
def test_the_best_five_of_holdem_hands(cards: str, best: str) -> None:
    r = evaluate_hand(cards)
    assert format_cards(r.best) == best
    assert evaluate(r.best) == r.value


def test_shortdeck_wheel_plays_the_ace_low() -> None:
    r = evaluate_hand("Ah6c7d8s9h", "shortdeck")
    assert format_cards(r.best) == "9h8s7d6cAh"


@pytest.mark.parametrize("game", [g for g in GAMES if get_game(g).forming == "omaha"])
def test_omaha_best_five_is_two_hole_cards_then_three_of_the_board(game: str) -> None:
    g = get_game(game)
    deck = list(range(52))
    rng = random.Random(42)
    for _ in range(100):
        cards = rng.sample(deck, g.hole_cards + 5)
        hole, board = cards[: g.hole_cards], cards[g.hole_cards :]
        r = evaluate_hand(hole, game, board=board)
        best = [c.number for c in r.best]  # type: ignore[attr-defined]
        assert set(best[:2]) <= set(hole) and set(best[2:]) <= set(board)
        # the five alone, as two hole cards and three of the board, make the value
        padded = best[:2] + [c for c in hole if c not in best[:2]][: g.hole_cards - 2]
        assert evaluate_omaha(padded, best[2:], game) == r.value


@pytest.mark.parametrize("game", [g for g in GAMES if get_game(g).forming == "any"])
def test_every_seven_card_hand_has_a_best_five_of_its_value(game: str) -> None:
    g = get_game(game)
    deck = [c for c in range(52) if c // 4 >= (52 - g.deck_size) // 4]
    rng = random.Random(7)
    for _ in range(300):
        cards = rng.sample(deck, 7)
        r = evaluate_hand(cards, game)
        assert len(r.best) == 5 and set(r.best) <= set(r.cards)
        assert evaluate(r.best, game) == r.value


def test_the_table_shows_the_five_and_the_rest_apart() -> None:
    done = CliRunner().invoke(cli, ["eval", "AhAd8c8s2h3c4d"], env={"COLUMNS": "120"})
    assert done.exit_code == 0, done.output
    assert "A♥ A♦ 8♣ 8♠ 4♦" in done.output and "2♥ 3♣" in done.output
    assert "Best five" in done.output and "Not used" in done.output
    omaha = ["eval", "As2sKdQd", "--game", "omaha", "--board", "5c6d9h3h8c"]
    done = CliRunner().invoke(cli, omaha, env={"COLUMNS": "120"})
    assert "A♠ K♦ + 9♥ 8♣ 6♦" in done.output, done.output


def test_json_and_csv_carry_the_best_five() -> None:
    done = CliRunner().invoke(cli, ["eval", "AhAd8c8s2h3c4d", "--json"])
    assert json.loads(done.stdout)["result"][0]["best"] == "AhAd8c8s4d"
    done = CliRunner().invoke(cli, ["eval", "AhAd8c8s2h3c4d", "--csv"])
    header, row = done.stdout.splitlines()
    assert header.endswith(",best") and row.endswith(",AhAd8c8s4d")
