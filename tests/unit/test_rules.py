"""The hand rules (analysis/rules.py): one object per forming rule, and one refusal per analysis."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pokercalc.analysis.draws import find_draws
from pokercalc.analysis.hits import range_hits
from pokercalc.analysis.outs import discounted_outs, find_outs
from pokercalc.analysis.rules import BestFive, TwoPlusThree, rules_for, serves
from pokercalc.analysis.win_odds import hand_potential
from pokercalc.core.evaluator import evaluate, evaluate_omaha
from pokercalc.core.games import GAMES, Game, get_game
from pokercalc.errors import InputError

#: A game without a shared board: every analysis of a board refuses it.
STUD = get_game("stud")


def test_each_game_gets_the_rules_of_its_forming() -> None:
    for game in (g for g in GAMES.values() if g.has_board):
        rules = rules_for(game, "outs")
        assert rules.game is game and rules.forming == game.forming
        assert isinstance(rules, BestFive if game.forming == "any" else TwoPlusThree)
        assert rules_for(game.name, "draws") is rules  # one object per game


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda g: find_outs("AsAc", "Kd8h9c", game=g), "outs in stud needs a shared board"),
        (lambda g: find_draws("AsAc", "Kd8h9c", game=g), "draws in stud needs a shared board"),
        (lambda g: range_hits("AK", "Kd8h9c", game=g), "hits in stud needs a shared board"),
        (lambda g: discounted_outs("AsAc", "Kd8h9c", game=g), "outs in stud needs a shared board"),
    ],
)
def test_a_game_without_a_board_is_refused_in_one_line(
    call: Callable[[Game], object], message: str
) -> None:
    with pytest.raises(InputError) as info:
        call(STUD)
    assert str(info.value) == f"{message}, and stud has none"


def test_the_refusals_name_the_game_and_the_analysis() -> None:
    with pytest.raises(InputError, match="^hits in omaha5 is not available yet; it plays "
                       "holdem, shortdeck and shortdeck-triton$"):  # fmt: skip
        rules_for("omaha5", "hits")
    with pytest.raises(InputError, match="^hand potential in omaha-hilo is not defined"):
        hand_potential("AsAdKsKd", "Qs7h2c", game="omaha-hilo")
    assert not serves("omaha", "discounted outs") and serves("shortdeck", "discounted outs")
    assert serves(STUD, "winodds") and not serves(STUD, "hand potential")
    with pytest.raises(InputError, match="^hand potential in razz needs a shared board"):
        rules_for("razz", "hand potential")


def test_the_values_are_the_evaluators() -> None:
    rng = random.Random(5)
    for name in ("holdem", "shortdeck", "shortdeck-triton", "omaha", "omaha5"):
        g = get_game(name)
        rules = rules_for(g, "outs")
        for _ in range(200):
            cards = rng.sample(g.deck, g.hole_cards + 5)
            hole, board = cards[: g.hole_cards], cards[g.hole_cards :]
            want = evaluate(cards, g) if g.forming == "any" else evaluate_omaha(hole, board, g)
            assert rules.value(hole, board) == want


def test_omaha_draw_facts_come_from_one_deal() -> None:
    g: Game = get_game("omaha")
    rules = rules_for(g, "draws")
    h, b = (51, 47, 43, 39), (35, 27, 1)  # AsKsQsJs on Ts 8s 2d
    flush = rules.flush_outs(h, b, ())
    assert len(flush) == 7 and all(c & 3 == 3 for c in flush)  # the spades left
    r = find_draws(h, b, game=g)
    assert (r.flush_draw_count, r.draw_counts) == (7, rules.draw_counts(h, b, ()))
    assert r.straight_draw_count == len(rules.straight_outs(h, b, ()))
