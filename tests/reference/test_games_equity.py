"""Equity in the games beyond hold'em, against a brute-force reference on generated spots."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
import reference_games as ref
from click.testing import CliRunner

import pokercalc
from pokercalc.cli import cli
from pokercalc.core.cards import format_cards
from pokercalc.errors import EmptyRangeError, InputError

SHORT_DECK = list(range(16, 52))


def brute_short(
    players: list[list[tuple[int, int]]], board: list[int], dead: list[int], triton: bool
) -> list[Fraction]:
    """Every non-conflicting assignment and every board completion from the 36 cards."""
    share = [Fraction(0)] * len(players)
    total = 0
    for hands in itertools.product(*players):
        used = [c for h in hands for c in h] + board + dead
        if len(set(used)) != len(used):
            continue
        rest = [c for c in SHORT_DECK if c not in used]
        for more in itertools.combinations(rest, 5 - len(board)):
            full = board + list(more)
            ranks = [ref.short_rank(list(h) + full, triton) for h in hands]
            best = max(ranks)
            winners = [i for i, r in enumerate(ranks) if r == best]
            for i in winners:
                share[i] += Fraction(1, len(winners))
            total += 1
    return [s / total for s in share]


@pytest.mark.parametrize("game", ["shortdeck", "shortdeck-triton"])
@pytest.mark.parametrize("case", range(6))
def test_short_deck_equity_equals_brute_force(game: str, case: int) -> None:
    rnd = random.Random(case)
    deck = rnd.sample(SHORT_DECK, 12)
    board = deck[:4] if case % 2 else deck[:5]
    hero = tuple(sorted(deck[5:7], reverse=True))
    # The villain holds one of a few hands (a small range), the third player one hand.
    villain = [tuple(sorted(deck[7 + 2 * i : 9 + 2 * i], reverse=True)) for i in range(2)]
    players = [[hero], villain]
    texts = [format_cards(hero), ",".join(format_cards(v) for v in villain)]
    got = pokercalc.equity(texts, board=format_cards(board), method="exact", game=game)
    want = brute_short(players, board, [], game == "shortdeck-triton")
    assert [p.equity_fraction for p in got.players] == want


def test_short_deck_preflop_exact_matches_monte_carlo() -> None:
    exact = pokercalc.equity("AsAh | KsKh", game="shortdeck")
    assert exact.players[0].equity_fraction == Fraction(21583, 28768)
    assert exact.outcomes == 201376  # C(32, 5): boards from the 36-card deck only
    mc = pokercalc.equity("AsAh | KsKh", game="shortdeck", method="mc", trials=200_000, seed=7)
    for e, m in zip(exact.players, mc.players, strict=True):
        assert abs(m.equity - e.equity) < 4 * m.stderr


def test_short_deck_random_is_the_36_card_deck() -> None:
    r = pokercalc.equity("AsKs | random", game="shortdeck")
    assert r.players[1].combos == 36 * 35 // 2  # the deck's hands, before the hero's cards
    assert r.game == "shortdeck" and r.to_dict()["game"] == "shortdeck"


@pytest.mark.parametrize(
    ("players", "board", "message"),
    [
        ("55 | KK", "", "'55' names 5s, which the 36-card shortdeck deck does not have"),
        ("AsKs | A5s", "", "'A5s' names 5s"),
        ("AsKs | 2s2h", "", "'2s2h' names 2s"),
        ("AsKs | 20%", "", "percentage ranges rank hold'em hands"),
        ("AsKs | QQ", "2c7d9h", "board: 2c is not in the 36-card shortdeck deck"),
        (" | ".join(["random"] * 16), "", "16 players is too many: shortdeck deals at most 15"),
    ],
)
def test_short_deck_bad_input(players: str, board: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        pokercalc.equity(players, board=board, game="shortdeck")
    result = CliRunner().invoke(cli, ["equity", players, "--board", board, "--game", "shortdeck"])
    assert result.exit_code == 2 and message in result.stderr


def test_a_pocket_query_keeps_the_hands_the_deck_has() -> None:
    r = pokercalc.equity("AsKs | Group1", game="shortdeck")
    assert r.players[1].combos == 28  # AA KK QQ JJ AKs, less the hero's cards
    with pytest.raises(EmptyRangeError, match="no hand in the shortdeck deck"):
        pokercalc.equity("AsKs | 2cXx and Suited", game="shortdeck")


def test_the_cli_prints_the_same_table_for_every_game() -> None:
    holdem = CliRunner(env={"COLUMNS": "120"}).invoke(cli, ["equity", "AsAh | KsKh"])
    short = CliRunner(env={"COLUMNS": "120"}).invoke(
        cli, ["equity", "AsAh | KsKh", "--game", "shortdeck", "--json"]
    )
    assert holdem.exit_code == 0 and short.exit_code == 0, short.output
    import json

    doc = json.loads(short.stdout)
    assert doc["result"]["game"] == "shortdeck"
    assert doc["result"]["players"][0]["equity_fraction"] == "21583/28768"
