"""The engine of the games without a board: pieces, seeds, threads, refusals and the CLI."""

from __future__ import annotations

import pytest
from cli_runs import invoke, one_line_error
from click.testing import CliRunner

import pokercalc
from pokercalc.analysis.pieces import merge_pieces, plan_equity, run_piece
from pokercalc.cli import cli
from pokercalc.errors import PokercalcError

SPOTS = [
    ("stud", "AsKsQdJd | 7h7d8c2c"),
    ("stud-hilo", "As2s3d4d | 7h7d8c2c"),
    ("razz", "As2s3d4d5h | 7h7d8c2c3c | KcQc9h8h"),
    ("draw", "AsKsQd | 7h7d | Tc9c8c7c"),
]


@pytest.mark.parametrize(("game", "players"), SPOTS)
def test_pieces_merge_into_the_answer_of_one_process(game: str, players: str) -> None:
    whole = pokercalc.equity(players, game=game, method="exact", threads=1)
    plan = plan_equity(players, game=game, method="exact", pieces=5)
    assert len(plan.pieces) == 5
    merged = merge_pieces(plan, [run_piece(p) for p in reversed(plan.pieces)])
    assert merged.players == whole.players and merged.outcomes == whole.outcomes
    assert merged.pieces == 5


@pytest.mark.parametrize(("game", "players"), SPOTS)
def test_monte_carlo_pieces_and_threads_deal_the_same_cards(game: str, players: str) -> None:
    one = pokercalc.equity(players, game=game, method="mc", trials=50_000, seed=9, threads=1)
    two = pokercalc.equity(players, game=game, method="mc", trials=50_000, seed=9, threads=2)
    plan = plan_equity(players, game=game, method="mc", trials=50_000, seed=9, pieces=3)
    merged = merge_pieces(plan, [run_piece(p) for p in plan.pieces])
    assert one.players == two.players
    assert [p.equity for p in merged.players] == [p.equity for p in one.players]
    assert one.trials == 50_000 and one.method == "mc"


def test_auto_enumerates_late_streets_and_samples_early_ones() -> None:
    assert pokercalc.equity("AsKsQdJd | 7h7d8c2c", game="stud").method == "exact"
    early = pokercalc.equity("AsKsQd | 7h7d8c", game="stud", trials=20_000, seed=1)
    assert early.method == "mc" and early.outcomes == 18_265_297_050


def test_weighted_sets_give_floats_and_card_removal_counts() -> None:
    r = pokercalc.equity("AsAh7d6c5c, KsKh7d6c5c:0.5 | QsQh2c3c4c", game="stud-hilo",
                         dead="2d2h")  # fmt: skip
    assert r.players[0].combos == 2 and r.players[0].equity_fraction is None
    assert r.method == "exact" and r.players[0].equity is not None
    assert abs(sum(p.equity or 0 for p in r.players) - 1) < 1e-12


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["AsKs | AsQd", "--game", "stud"], "both hold As"),
        (["AsKsQsJsTs9s8s7s | Qd", "--game", "stud"], "is given 8 cards; a stud hand has 7"),
        (["AsKs | Qd", "--game", "razz", "--board", "2c3c4c"], "razz has no board"),
        (["AsKs | Qd", "--game", "badugi", "--dead", "As"], "player 1"),
        (["|".join(["random"] * 8), "--game", "stud"], "stud deals at most 7"),
        (
            ["|".join(["random"] * 7), "--game", "stud", "--dead", "2c3c4c5c"],
            "7 players, 0 board and 4 dead cards need 53 cards; the stud deck has 52",
        ),
        (["AsKs, Qd | Jh", "--game", "draw"], "gives 1 and 2 cards in different sets"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    assert message in one_line_error(invoke("equity", *args))


def test_outs_draws_and_hits_refuse_games_without_a_board() -> None:
    for command in ("outs", "draws"):
        err = one_line_error(invoke(command, "AsKs", "--board", "2c3c4c", "--game", "stud"))
        assert f"{command} in stud needs a shared board, and stud has none" in err
    with pytest.raises(PokercalcError, match="hits in razz needs a shared board"):
        from pokercalc.analysis.hits import range_hits

        range_hits("AK", "2c3c4c", game="razz")


def test_cli_equity_in_a_game_without_a_board() -> None:
    res = CliRunner().invoke(cli, ["equity", "AsKs/Qd Jd | 7h7d/8c 2c", "--game", "stud", "--json"])
    assert res.exit_code == 0, res.output
    assert '"equity_fraction": "150166103/282362080"' in res.output
    text = CliRunner().invoke(cli, ["equity", "AsKsQdJd | 7h7d8c2c", "--game", "stud"]).output
    assert "stud · exact: 141,181,040 outcomes" in text and "board" not in text
    res = CliRunner().invoke(cli, ["winodds", "As2s3d", "--game", "razz", "-n", "1-2", "--mc",
                                   "--trials", "20000", "--seed", "4"])  # fmt: skip
    assert res.exit_code == 0 and "razz" in res.output
