"""pokercalc.pipelines.history's shortcuts give what the general paths give."""

from __future__ import annotations

import random

import pytest

from pokercalc.analysis.equities import equity
from pokercalc.core.games import get_game
from pokercalc.pipelines.history import replay

pytest.importorskip("pokerkit")

_DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


@pytest.mark.parametrize("game", ["holdem", "shortdeck", "omaha"])
def test_a_showdown_judged_by_the_evaluator_is_the_engines(game: str) -> None:
    g = get_game(game)
    deck = [c for c in _DECK if game != "shortdeck" or c[0] in "6789TJQKA"]
    rng = random.Random(41)
    ties = 0
    for _ in range(150):
        n = rng.randint(2, 4)
        cards = rng.sample(deck, n * g.hole_cards + 5)
        if game != "omaha" and rng.random() < 0.3:  # (a board that plays: every hand ties)
            cards[-5:] = ["As", "Ks", "Qs", "Js", "Ts"]
            if len(set(cards)) != len(cards):
                continue
        hands = ["".join(cards[i * g.hole_cards : (i + 1) * g.hole_cards]) for i in range(n)]
        board = "".join(cards[-5:])
        judged = replay._judged(game, hands, board)
        want = equity(hands, board, game=game, method="exact")
        assert judged == (tuple(p.equity_fraction for p in want.players), want.method)
        ties += len(set(judged[0])) == 1
    assert ties > 10 or game == "omaha"


def test_the_evaluator_leaves_to_the_engine_what_it_does_not_judge() -> None:
    assert replay._judged("holdem", ["AsKs", "AsQd"], "2c3c4c5c6c") is None  # (As twice)
    assert replay._judged("holdem", ["AsKs", "QdQh"], "2c3c4c5c") is None  # (the turn)
    assert replay._judged("shortdeck", ["AsKs", "2d2h"], "6c7c8c9cTd") is None  # (no 2s)
    assert replay._judged("holdem", ["AsKs", "Q?Qh"], "2c3c4c5c6d") is None
    assert replay._judged("omaha-hilo", ["AsKsQsJs", "2c3c4h5h"], "2d3d4d5d6s") is None
    assert replay._judged("stud", ["AsKsQsJsTs9s8s", "2c3c4h5h6d7d8d"], "") is None
