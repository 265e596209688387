"""Tests of the Monte Carlo hand potential kernel: Omaha high, several opponents, determinism.

The Omaha cases are checked against a slow count over every opponent hand (or
pair of hands) and every river, on the pure-Python reference evaluator
(``reference_games.omaha_value``), with dead cards leaving a dozen or so
live cards so that the enumeration takes a fraction of a second.  Monte
Carlo must agree within four of its own standard errors.
"""

from __future__ import annotations

import csv
import io
import itertools
import math
from array import array

import pytest
from click.testing import CliRunner
from reference_games import omaha_value

from pokercalc.analysis import _potential
from pokercalc.analysis.win_odds import Potential, hand_potential, potential_from_counts, winodds
from pokercalc.cli import cli
from pokercalc.core.cards import format_cards, parse_cards
from pokercalc.core.games import get_game

AHEAD, TIED, BEHIND = 0, 1, 2
FIGURES = ("hand_strength", "positive_potential", "negative_potential")

#: Hero, turn board and the live cards (every other card is dead), per Omaha high game.
SPOTS = {
    "omaha": ("JhTh9c6d", "8h7s2h3d", "AhKhQh5h4hJsTs9s6c5c4c3c2dKd"),
    "omaha5": ("JhTh9c6dAs", "8h7s2h3d", "KhQh5h4hJsTs9s6c5c4c3c2dKd"),
    "omaha6": ("JhTh9c6dAsKc", "8h7s2h3d", "Qh5h4hJsTs9s6c5c4c3c2dKd5d"),
}


def dead_for(hero: str, board: str, live: str) -> str:
    """Every card that is not the hero's, on the board or live."""
    keep = set(parse_cards(hero + board + live))
    return format_cards([c for c in range(52) if c not in keep])


def state(ours: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    return AHEAD if ours > theirs else TIED if ours == theirs else BEHIND


def reference(hero: str, board: str, live: str, opponents: int) -> Potential:
    """Transitions over every set of ``opponents`` disjoint opponent hands and every river,
    each compared with the best of the opponents: what a uniform random deal estimates."""
    k = len(parse_cards(hero))
    h = tuple(sorted(parse_cards(hero)))
    b = tuple(parse_cards(board))
    cards = sorted(parse_cards(live))
    hands = list(itertools.combinations(cards, k))
    counts = [0] * 9
    for group in itertools.combinations(hands, opponents):
        held = {c for hand in group for c in hand}
        if len(held) != k * opponents:
            continue
        now = state(omaha_value(h, b), max(omaha_value(o, b) for o in group))
        for river in (c for c in cards if c not in held):
            full = (*b, river)
            best = max(omaha_value(o, full) for o in group)
            counts[3 * now + state(omaha_value(h, full), best)] += 1
    return potential_from_counts(counts, opponents=opponents)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SPOTS))
def test_omaha_monte_carlo_potential_agrees_with_enumeration(game: str) -> None:
    hero, board, live = SPOTS[game]
    want = reference(hero, board, live, 1)
    assert all(0 < getattr(want, name) < 1 for name in FIGURES)
    got = hand_potential(hero, board, dead_for(hero, board, live), method="mc", trials=200_000,
                         seed=11, game=game)  # fmt: skip
    assert got.method == "mc" and got.trials == 200_000 and got.transitions is not None
    for name in FIGURES:
        err = getattr(got, name + "_stderr")
        assert 0 < err < 0.01, name
        assert abs(getattr(got, name) - getattr(want, name)) < 4 * err, name
    ehs = got.hand_strength * (1 - got.negative_potential) + (1 - got.hand_strength) * (
        got.positive_potential
    )
    assert got.effective_strength == pytest.approx(ehs, abs=1e-12)


@pytest.mark.slow
def test_omaha_monte_carlo_compares_with_the_best_of_two_opponents() -> None:
    hero, board = "AhAs9c6d", "8h7s2h3d"
    live = "KhQh5h4hJsTs9s5c4c3c2dKd"
    want = reference(hero, board, live, 2)
    assert all(0 < getattr(want, name) < 1 for name in FIGURES)
    one = reference(hero, board, live, 1)
    assert want.hand_strength < one.hand_strength  # two opponents: the best is stronger
    got = hand_potential(hero, board, dead_for(hero, board, live), opponents=2, method="mc",
                         trials=200_000, seed=5, game="omaha")  # fmt: skip
    for name in FIGURES:
        err = getattr(got, name + "_stderr")
        assert abs(getattr(got, name) - getattr(want, name)) < 4 * err, name


def test_exact_omaha_potential_is_the_reference_count() -> None:
    """Against one opponent the exact path (one engine run per state now) counts the same."""
    hero, board, live = SPOTS["omaha"]
    want = reference(hero, board, live, 1)
    got = hand_potential(hero, board, dead_for(hero, board, live), game="omaha")
    assert got.method == "exact" and got.cases == want.cases
    for name in FIGURES:
        assert getattr(got, name) == pytest.approx(getattr(want, name), abs=1e-12)


@pytest.mark.parametrize(("game", "hero", "opponents"), [
    ("omaha5", "AsAdKsKdQh", 8), ("omaha6", "AsAdKsKdQhJh", 6), ("omaha6", "9s8s7d6d5c4c", 3),
])  # fmt: skip
def test_several_omaha_opponents_give_finite_figures(game: str, hero: str, opponents: int) -> None:
    p = hand_potential(hero, "Qs7h2c", opponents=opponents, trials=30_000, seed=2, game=game)
    assert p.method == "mc" and p.opponents == opponents and p.transitions is not None
    assert math.fsum(x for row in p.transitions for x in row) == pytest.approx(1.0, abs=1e-12)
    for name in (*FIGURES, "effective_strength"):
        value = getattr(p, name)
        assert value is not None and math.isfinite(value) and 0.0 <= value <= 1.0, name
    for name in FIGURES:
        err = getattr(p, name + "_stderr")
        assert err is not None and 0 < err < 0.05, name


@pytest.mark.parametrize(("game", "hero", "board"), [
    ("holdem", "AsKs", "Qs7h2c"), ("omaha", "AsAdKsKd", "Qs7h2c"),
    ("omaha6", "AsAdKsKdQhJh", "Qs7h2c3d"),
])  # fmt: skip
def test_a_seed_and_trials_give_the_same_figures_on_any_thread_count(
    game: str, hero: str, board: str
) -> None:
    # 40,000 trials: two full blocks and a short one, so the last block's size counts too.
    args = {"opponents": 3, "method": "mc", "trials": 40_000, "game": game}
    runs = [hand_potential(hero, board, seed=3, threads=t, **args) for t in (1, 2, 3)]
    assert all(r.trials == 40_000 for r in runs)
    assert runs[1].transitions == runs[0].transitions == runs[2].transitions
    assert runs[1].hand_strength_stderr == runs[0].hand_strength_stderr
    other = hand_potential(hero, board, seed=4, threads=2, **args)
    assert other.transitions != runs[0].transitions


@pytest.mark.parametrize("game", ["holdem", "omaha5"])
def test_blocks_split_over_calls_count_as_one_call(game: str) -> None:
    """A block's deals depend on the seed and its number only, not on the call that ran it."""
    g = get_game(game)
    hero = parse_cards("AsKs" if game == "holdem" else "AsAdKsKdQh")
    args = (
        memoryview(array("B", hero)).cast("B", [1, g.hole_cards]), array("d", [1.0]),
        array("B", parse_cards("Qs7h2c")), array("B"), 2, 9,
    )  # fmt: skip

    def run(first: int, blocks: int, threads: int) -> list[int]:
        out = array("q", bytes(8 * 9))
        done = _potential.sample_blocks(*args, first, blocks, 1000, 4500, out, threads, None,
                                        *g.kernel_ids, g.outside_mask)  # fmt: skip
        assert done == sum(out) == min(1000 * (first + blocks), 4500) - 1000 * first
        return list(out)

    whole = run(0, 5, 2)
    parts = [run(0, 2, 1), run(2, 1, 2), run(3, 2, 2)]
    assert whole == [sum(col) for col in zip(*parts, strict=True)]
    with pytest.raises(ValueError, match="past the end"):
        run(4, 2, 1)


def test_kernel_refuses_hilo_and_wrong_hand_sizes() -> None:
    hero = memoryview(array("B", parse_cards("AsAdKsKd"))).cast("B", [1, 4])
    out = array("q", bytes(8 * 9))
    board = array("B", parse_cards("Qs7h2c"))
    common = (array("d", [1.0]), board, array("B"), 1, 1, 0, 1, 100, 0, out, 1, None)
    with pytest.raises(ValueError, match="evaluator must be"):
        _potential.sample_blocks(hero, *common, *get_game("omaha-hilo").kernel_ids, 0)
    with pytest.raises(ValueError, match="2 cards"):
        _potential.sample_blocks(hero, *common, *get_game("holdem").kernel_ids, 0)


def test_a_timed_omaha_potential_is_reproduced_on_another_thread_count() -> None:
    first = hand_potential("AsAdKsKd", "Qs7h2c", opponents=4, method="mc", time=0.05, threads=2,
                           game="omaha")  # fmt: skip
    assert first.trials is not None and first.seed is not None and first.trials % (1 << 14) == 0
    again = hand_potential("AsAdKsKd", "Qs7h2c", opponents=4, method="mc", trials=first.trials,
                           seed=first.seed, threads=1, game="omaha")  # fmt: skip
    assert again.transitions == first.transitions
    assert again.hand_strength_stderr == first.hand_strength_stderr


def _csv_rows(args: list[str]) -> list[dict[str, str]]:
    res = CliRunner().invoke(cli, ["winodds", *args, "--csv"])
    assert res.exit_code == 0, res.output
    return list(csv.DictReader(io.StringIO(res.stdout)))


@pytest.mark.slow
def test_cli_winodds_omaha_csv_shows_potentials() -> None:
    rows = _csv_rows(["AsAdKsKd", "-b", "Qs7h2c3d", "-n", "1-3", "--game", "omaha",
                      "--trials", "20000", "--seed", "1"])  # fmt: skip
    assert [r["opponents"] for r in rows] == ["1", "2", "3"]
    # One opponent: the exact count as before; two and three: Monte Carlo, with errors.
    assert [r["potential_method"] for r in rows] == ["exact", "mc", "mc"]
    for r in rows:
        for name in (*FIGURES, "effective_strength"):
            assert 0 < float(r[name]) < 1, (r["opponents"], name)
    for r in rows[1:]:
        assert all(0 < float(r[name + "_stderr"]) < 0.02 for name in FIGURES)
    assert float(rows[2]["hand_strength"]) < float(rows[1]["hand_strength"])


def test_cli_winodds_hilo_has_hand_strength_and_no_potential() -> None:
    rows = _csv_rows(["AsAd2s3d", "-b", "Qs7h4c5h", "-n", "1-2", "--game", "omaha-hilo",
                      "--mc", "--trials", "5000", "--seed", "1"])  # fmt: skip
    for r in rows:
        assert 0 < float(r["hand_strength"]) < 1
        assert r["positive_potential"] == r["negative_potential"] == r["effective_strength"] == ""


def test_winodds_omaha_rows_reproduce_with_hand_potential() -> None:
    """A row's Monte Carlo potential is ``hand_potential`` with its trials and seed."""
    r = winodds("AsAdKsKd", opponents=2, board="Qs7h2c", game="omaha", time=0.2, seed=8)
    p = r.rows[0].potential
    assert p is not None and p.method == "mc" and p.trials and p.seed == 1010
    again = hand_potential("AsAdKsKd", "Qs7h2c", opponents=2, method="mc", trials=p.trials,
                           seed=p.seed, threads=1, game="omaha")  # fmt: skip
    assert again.transitions == p.transitions
    assert again.positive_potential == p.positive_potential
