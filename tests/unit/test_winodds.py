"""Tests of win odds, hand strength and hand potential (issue 6).

Hand strength and potential against one opponent are checked against a
brute-force pure-Python count that follows Billings et al.'s pseudocode
literally, on the slow reference evaluator; the cases use many dead cards so
that each enumerates a few thousand hands in well under a second.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from array import array
from fractions import Fraction

import pytest
from cli_runs import invoke
from click.testing import CliRunner
from reference import hand_rank
from reference_games import short_rank

from pokercalc.analysis import _potential
from pokercalc.analysis.equities import equity
from pokercalc.analysis.win_odds import (
    hand_potential,
    omaha_strength,
    parse_opponents,
    potential_from_counts,
    winodds,
)
from pokercalc.cli import cli
from pokercalc.core.cards import format_cards, parse_cards
from pokercalc.core.games import get_game
from pokercalc.errors import PokercalcError
from pokercalc.ranges.notation import ALL_COMBOS, Range

AHEAD, TIED, BEHIND = 0, 1, 2
RANDOM = Range("random", ALL_COMBOS, (1.0,) * len(ALL_COMBOS))


def brute_transitions(hero, board, dead):
    """HP[now][river] counts of (opponent hand, runout) cases, as in Billings et al. (1998)."""
    used = set(hero) | set(board) | set(dead)
    live = [c for c in range(52) if c not in used]
    rank_cache = {}

    def rank(cards):
        key = frozenset(cards)
        if key not in rank_cache:
            rank_cache[key] = hand_rank(cards)
        return rank_cache[key]

    def index(ours, theirs):
        return AHEAD if ours > theirs else TIED if ours == theirs else BEHIND

    hp = [[0] * 3 for _ in range(3)]
    ourrank = rank(hero + board)
    for opp in itertools.combinations(live, 2):
        now = index(ourrank, rank(opp + board))
        rest = [c for c in live if c not in opp]
        for runout in itertools.combinations(rest, 5 - len(board)):
            full = board + runout
            hp[now][index(rank(hero + full), rank(opp + full))] += 1
    return hp


def brute_figures(hp):
    """HS, PPot, NPot as exact fractions from the transition counts (HPTotal counted per case)."""
    total = [sum(row) for row in hp]
    hs = Fraction(total[AHEAD] * 2 + total[TIED], 2 * sum(total))
    pden = Fraction(total[BEHIND]) + Fraction(total[TIED], 2)
    nden = Fraction(total[AHEAD]) + Fraction(total[TIED], 2)
    ppot = (hp[BEHIND][AHEAD] + Fraction(hp[BEHIND][TIED] + hp[TIED][AHEAD], 2)) / pden
    npot = (hp[AHEAD][BEHIND] + Fraction(hp[TIED][BEHIND] + hp[AHEAD][TIED], 2)) / nden
    return hs, ppot, npot


def generated_case(seed, board_cards, live):
    """A random hero, board and enough dead cards to leave ``live`` unseen cards."""
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    hero = tuple(deck[:2])
    board = tuple(deck[2 : 2 + board_cards])
    dead = tuple(deck[2 + board_cards : 52 - live])
    return hero, board, dead


CASES = [generated_case(s, 3, 14) for s in range(5)] + [
    generated_case(100 + s, 4, 22) for s in range(5)
]
# Hand-picked boards where ties, sets, made flushes and straights matter.


def picked(hero, board, live):
    """A hero and board with every card dead except ``live``."""
    h, b, keep = parse_cards(hero), parse_cards(board), set(parse_cards(live))
    return h, b, tuple(c for c in range(52) if c not in keep and c not in h + b)


CASES += [
    picked("AdAc", "Kd8h9c", "AsAhKsKh8s8d9s9hTsJsQsTdJd7d6d"),
    picked("5s4s", "AhKsQs3s", "2s6s9sAsAdKdQdQh5d4d2d3d6hJcTc7h5c4c"),
    (parse_cards("9h9d"), parse_cards("TsJsQsKsAs"), ()),
]


def kernel_counts(hero, board, dead):
    out = array("q", bytes(8 * 9))
    _potential.exact_counts(
        memoryview(array("B", hero)).cast("B", [1, 2]),
        array("B", board),
        array("B", dead),
        memoryview(out).cast("B").cast("q", [1, 9]),
    )
    return [list(out[3 * i : 3 * i + 3]) for i in range(3)]


@pytest.mark.parametrize("hero,board,dead", CASES, ids=[format_cards(h + b) for h, b, _ in CASES])
def test_exact_potential_equals_brute_force(hero, board, dead):
    hp = brute_transitions(hero, board, dead)
    assert kernel_counts(hero, board, dead) == hp
    hs, ppot, npot = brute_figures(hp)
    p = hand_potential(format_cards(hero), board, dead)
    assert p.method == "exact" and p.opponents == 1
    assert p.hand_strength == pytest.approx(float(hs), abs=1e-14)
    assert p.positive_potential == pytest.approx(float(ppot), abs=1e-14)
    assert p.negative_potential == pytest.approx(float(npot), abs=1e-14)
    ehs = hs * (1 - npot) + (1 - hs) * ppot
    assert p.effective_strength == pytest.approx(float(ehs), abs=1e-14)
    assert p.cases == sum(map(sum, hp))


def test_river_has_no_potential():
    p = hand_potential("9h9d", "TsJsQsKs2c")
    assert p.positive_potential == 0.0 and p.negative_potential == 0.0
    assert p.effective_strength == p.hand_strength


def test_range_hero_pools_weighted_counts():
    a, board, dead = picked("AdAc", "Kd8h9c", "QsJsAsAhKsKh8s8d9s9hTsTdJd7d6d")
    b = parse_cards("QsJs")
    hero = Range.from_combos("AdAc,QsJs@0.25", [a, b], [1.0, 0.25])
    pooled = [
        [x + 0.25 * y for x, y in zip(ra, rb, strict=True)]
        for ra, rb in zip(brute_transitions(a, board, dead), brute_transitions(b, board, dead),
                          strict=True)
    ]  # fmt: skip
    want = potential_from_counts([x for row in pooled for x in row])
    got = hand_potential(hero, board, dead)
    assert got.method == "exact"
    assert got.hand_strength == pytest.approx(want.hand_strength, abs=1e-14)
    assert got.positive_potential == pytest.approx(want.positive_potential, abs=1e-14)
    assert got.negative_potential == pytest.approx(want.negative_potential, abs=1e-14)


@pytest.mark.parametrize("board", ["Qs7h2c", "Qs7h2c9s"])
def test_monte_carlo_potential_converges_to_exact(board):
    exact = hand_potential("AsKs", board)
    mc = hand_potential("AsKs", board, method="mc", trials=400_000, seed=7)
    assert mc.method == "mc" and mc.trials == 400_000
    for name in ("hand_strength", "positive_potential", "negative_potential"):
        err = getattr(mc, name + "_stderr")
        assert 0 < err < 0.01
        assert abs(getattr(mc, name) - getattr(exact, name)) < 4 * err, name


def brute_multiway(hero, board, dead, opponents):
    """Transition probabilities against several opponents, compared with the best of them."""
    used = set(hero) | set(board) | set(dead)
    live = [c for c in range(52) if c not in used]
    cache = {}

    def rank(cards):
        key = frozenset(cards)
        if key not in cache:
            cache[key] = hand_rank(cards)
        return cache[key]

    def index(ours, theirs):
        return AHEAD if ours > theirs else TIED if ours == theirs else BEHIND

    hp = [0] * 9
    pairs = list(itertools.combinations(live, 2))
    for opps in itertools.combinations(pairs, opponents):
        held = [c for o in opps for c in o]
        if len(set(held)) != len(held):
            continue
        now = index(rank(hero + board), max(rank(o + board) for o in opps))
        rest = [c for c in live if c not in held]
        for runout in itertools.combinations(rest, 5 - len(board)):
            full = board + runout
            hp[3 * now + index(rank(hero + full), max(rank(o + full) for o in opps))] += 1
    return potential_from_counts(hp)


@pytest.mark.slow
def test_monte_carlo_against_two_opponents_matches_brute_force():
    hero, board, dead = generated_case(11, 4, 14)
    want = brute_multiway(hero, board, dead, 2)
    got = hand_potential(format_cards(hero), board, dead, opponents=2, trials=300_000, seed=3)
    assert got.method == "mc"
    for name in ("hand_strength", "positive_potential", "negative_potential"):
        err = getattr(got, name + "_stderr")
        assert abs(getattr(got, name) - getattr(want, name)) < 4 * err + 1e-12, name


def test_potential_from_counts_and_stderr():
    p = potential_from_counts([6, 0, 2, 0, 0, 0, 1, 0, 1], method="mc")
    assert (p.hand_strength, p.positive_potential, p.negative_potential) == (0.8, 0.5, 0.25)
    # HS is 1 on eight deals of ten and 0 on two: sd sqrt(0.16 * 10 / 9), over sqrt(10).
    assert p.hand_strength_stderr == pytest.approx(math.sqrt(0.16 / 9))
    never_behind = potential_from_counts([5, 0, 1, 0, 0, 0, 0, 0, 0])
    assert never_behind.positive_potential == 0.0


def test_one_opponent_equals_engine_exact():
    r = winodds("AsKs", opponents=1)
    row = r.rows[0]
    assert row.method == "exact"
    assert row.equity == float(Fraction(468769901, 699190800))  # the engine's exact fraction
    assert f"{100 * row.equity:.13f}" == "67.0446323092352"  # Keith Rule's figure
    assert row.potential is None
    flop = winodds("AsKs", board="Qs7h2c", opponents=1).rows[0]
    ref = equity(["AsKs", RANDOM], board="Qs7h2c", method="exact").players[0]
    assert (flop.equity, flop.win, flop.tie, flop.method) == (ref.equity, ref.win, ref.tie, "exact")
    # Against one opponent, the river column of the exact transitions is the equity itself.
    t = flop.potential.transitions
    assert sum(row[0] + row[1] / 2 for row in t) == pytest.approx(ref.equity, abs=1e-12)
    # ... and so is EHS = HS (1 - NPot) + (1 - HS) PPot.
    assert flop.potential.effective_strength == pytest.approx(ref.equity, abs=1e-12)


def test_headsup_table_is_complete_and_consistent():
    from pokercalc.analysis.win_odds import _headsup_table

    table = _headsup_table()
    assert table is not None and len(table) == 169
    # Every hand meets 1,225 opponent hands and C(48, 5) boards: Keith Rule's 2,097,572,400.
    assert {e["outcomes"] for e in table.values()} == {2_097_572_400}
    assert all(0 <= e["wins"] + e["ties"] <= e["outcomes"] for e in table.values())

    def equity_of(name):
        return (table[name]["wins"] + table[name]["ties"] / 2) / table[name]["outcomes"]

    assert equity_of("AA") > equity_of("KK") > equity_of("AKs") > equity_of("AKo")
    assert min(table, key=equity_of) == "32o"


def test_no_module_shares_a_name_with_an_api_function():
    import importlib
    import pkgutil
    import types

    import pokercalc

    # Importing every submodule binds each on its package; none may hide an API name.
    for info in pkgutil.walk_packages(pokercalc.__path__, "pokercalc."):
        if info.name != "pokercalc.__main__":
            importlib.import_module(info.name)
    for name in pokercalc.__all__:
        assert not isinstance(getattr(pokercalc, name), types.ModuleType), name
    assert pokercalc.winodds("AsKs", opponents=1).rows[0].method == "exact"


@pytest.mark.slow
def test_preflop_table_equals_engine_for_another_class():
    row = winodds("7h2d", opponents=1).rows[0]
    ref = equity(["7h2d", RANDOM], method="exact").players[0]
    assert (row.equity, row.win, row.tie) == (ref.equity, ref.win, ref.tie)


# AsKs against five random hands preflop: 10**8 Monte Carlo deals by the engine (seed
# 20261122), equity and its standard error.
REFERENCE_5 = (0.31061187249987354, 4.577106863325285e-05)


def test_five_opponents_within_three_standard_errors():
    row = winodds("AsKs", opponents=5, trials=400_000, seed=5).rows[0]
    assert row.method == "mc" and row.trials >= 400_000
    ref, ref_err = REFERENCE_5
    assert abs(row.equity - ref) < 3 * math.hypot(row.stderr, ref_err)


def test_stderr_shrinks_as_square_root_of_trials():
    small = winodds("AsKs", opponents=5, trials=100_000, seed=1).rows[0].stderr
    large = winodds("AsKs", opponents=5, trials=400_000, seed=2).rows[0].stderr
    assert 1.85 < small / large < 2.15


def test_opponent_counts_and_seeds():
    r = winodds("AsKs", board="Qs7h2c", opponents="1-3", trials=20_000, seed=9)
    assert [row.opponents for row in r.rows] == [1, 2, 3]
    assert r.rows[1].seed == 11 and r.rows[1].potential.seed == 1011
    again = winodds("AsKs", board="Qs7h2c", opponents="2", trials=20_000, seed=9)
    assert again.rows[0].equity == r.rows[1].equity
    assert again.rows[0].potential.transitions == r.rows[1].potential.transitions
    assert r.rows[0].equity > r.rows[1].equity > r.rows[2].equity


@pytest.mark.parametrize(
    "spec,want",
    [(3, (3,)), ("1-9", tuple(range(1, 10))), ("5,1,3", (1, 3, 5)), ([2, 2], (2,)), ("22", (22,))],
)
def test_parse_opponents(spec, want):
    assert parse_opponents(spec) == want


@pytest.mark.parametrize("spec", [0, "23", "9-1", "x", "", "1-", True, [1.5]])
def test_parse_opponents_rejects(spec):
    with pytest.raises(PokercalcError):
        parse_opponents(spec)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"hero": "AsKs", "board": "As7h2c"},
        {"hero": "AsKs", "board": "Qs7h"},
        {"hero": "AsKs", "dead": "Ks"},
        {"hero": "AsKs", "time": 0},
        {"hero": "AsKs", "method": "fast"},
        {"hero": "AsKs", "board": "Qs7h2c", "dead": "Qs"},
        {"hero": "AsKs|QQ"},
        {"hero": "AsZz"},
        {"hero": "AsKs", "opponents": 23},
        {
            "hero": "AsKs",
            "board": "Qs7h2c",
            "dead": "23456789TJQKA".replace("", "d")[1:],
            "opponents": 18,
        },
    ],
)
def test_bad_input_raises_one_error(kwargs):
    with pytest.raises(PokercalcError):
        winodds(**kwargs)


def test_chart_bars_follow_the_figures():
    from pokercalc.analysis.win_odds import WinOddsResult, WinOddsRow
    from pokercalc.output import render

    exact = dict(stderr=None, method="exact", outcomes=1, trials=None, seed=None, elapsed=0.0)
    rows = (
        WinOddsRow(opponents=1, equity=1.0, win=0.5, tie=0.0, potential=None, **exact),
        WinOddsRow(opponents=2, equity=0.25, win=0.0, tie=0.0, potential=None, **exact),
    )
    result = WinOddsResult(
        hero="AsKs", combos=1, averaged=False, weighted=False, board=(), dead=(), rows=rows,
        seed=None, elapsed=0.0,
    )  # fmt: skip
    lines = render.winodds_chart(result, height=8).plain.splitlines()
    bars = [line[line.index(next(c for c in line if c in "┤│")) + 1 :] for line in lines[1:9]]
    # Columns: space, equity, win per row; the scale tops out at 100%.  Win is shaded, so
    # the two read apart without colour (issue 42 item 21).
    assert [b[1] for b in bars] == ["█"] * 8
    assert [b[2] for b in bars] == [" "] * 4 + ["▒"] * 4
    assert [b[4] for b in bars] == [" "] * 6 + ["█"] * 2
    assert [b[5] for b in bars] == [" "] * 8
    assert lines[1].lstrip().startswith("100.0%")
    assert lines[-1] == "█ equity (left)  ▒ win (right)"


def test_chart_reads_without_colour():
    res = invoke("winodds", "AsKs", "-n", "1-3", "--trials", "5000", "--seed", "1",
                 env={"NO_COLOR": "1"})  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "\x1b[" not in res.output
    chart = res.output[res.output.index("Equity and win") :]
    assert "█▒" in chart and "▒ win (right)" in chart


def test_cli_table_and_chart():
    res = invoke(
        "winodds",
        "AsKs",
        "--board",
        "Qs7h2c",
        "--opponents",
        "1-2",
        "--trials",
        "20000",
        "--seed",
        "1",
    )
    assert res.exit_code == 0, res.output
    assert "Win odds" in res.output and "EHS" in res.output
    assert "equity" in res.output and "win" in res.output  # the chart's legend
    assert "58.04" in res.output  # exact equity against one opponent, 58.0426...%


def test_cli_json():
    res = invoke("winodds", "AsKs", "--opponents", "1", "--json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert doc["command"] == "winodds"
    row = doc["result"]["rows"][0]
    assert row["equity"] == 0.6704463230923519 and row["method"] == "exact"
    assert row["potential"] is None and doc["result"]["hero"] == "AsKs"


def test_cli_csv():
    res = invoke(
        "winodds", "AsKs", "-b", "Qs7h2c", "-n", "1,2", "--trials", "10000", "--seed", "4", "--csv"
    )
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].startswith("hero,board,dead,combos,opponents,equity,win,tie,stderr,method")
    assert len(lines) == 3 and lines[1].startswith("AsKs,Qs7h2c,,1,1,")


@pytest.mark.parametrize(
    "args",
    [
        ["AsKs", "--opponents", "0"],
        ["AsKs", "--opponents", "1-x"],
        ["AsKs", "--board", "Qs7"],
        ["AsKs", "--board", "AsQs7h"],
        ["AsKs", "--time", "-1"],
        ["AsKs", "--dead", "Ks"],
        ["AsKz"],
    ],
)
def test_cli_bad_input_is_one_line_exit_2(args):
    res = CliRunner().invoke(cli, ["winodds", *args])
    assert res.exit_code == 2
    assert len(res.output.strip().splitlines()) == 1 and res.output.startswith("Error:")


# --- short-deck: the 36-card deck and its rankings in the kernels and the engine --------------

SHORT = get_game("shortdeck")


def brute_transitions_short(hero, board, dead, triton):
    """HP[now][river] in short-deck, with the slow reference ranking and the 36-card deck."""
    used = set(hero) | set(board) | set(dead)
    live = [c for c in SHORT.deck if c not in used]
    cache = {}

    def rank(cards):
        key = frozenset(cards)
        if key not in cache:
            cache[key] = short_rank(cards, triton)
        return cache[key]

    def index(ours, theirs):
        return AHEAD if ours > theirs else TIED if ours == theirs else BEHIND

    hp = [[0] * 3 for _ in range(3)]
    for opp in itertools.combinations(live, 2):
        now = index(rank(hero + board), rank(opp + board))
        rest = [c for c in live if c not in opp]
        for runout in itertools.combinations(rest, 5 - len(board)):
            full = board + runout
            hp[now][index(rank(hero + full), rank(opp + full))] += 1
    return hp


def short_case(seed, board_cards, live):
    """A random short-deck hero and board, with dead cards leaving ``live`` unseen cards."""
    deck = list(SHORT.deck)
    random.Random(seed).shuffle(deck)
    hero, board = tuple(deck[:2]), tuple(deck[2 : 2 + board_cards])
    return hero, board, tuple(deck[2 + board_cards : len(deck) - live])


SHORT_CASES = [
    (*short_case(1, 3, 12), "shortdeck"),
    (*short_case(2, 3, 12), "shortdeck-triton"),
    (*short_case(3, 4, 18), "shortdeck"),
    # The wheel A-6-7-8-9 and ties on it.
    (*picked("As7s", "8h9dKc", "6s6h6dTsTh9sKdKs8s7d"), "shortdeck-triton"),
]


@pytest.mark.parametrize("hero,board,dead,game", SHORT_CASES)
def test_short_deck_exact_potential_equals_brute_force(hero, board, dead, game):
    g = get_game(game)
    dead = tuple(c for c in dead if c in g.deck)  # picked() kills the whole 52-card deck
    hp = brute_transitions_short(hero, board, dead, game.endswith("triton"))
    out = array("q", bytes(8 * 9))
    _potential.exact_counts(
        memoryview(array("B", hero)).cast("B", [1, 2]),
        array("B", board),
        array("B", dead),
        memoryview(out).cast("B").cast("q", [1, 9]),
        1,
        None,
        g.ranking_id,
        g.outside_mask,
    )
    assert [list(out[3 * i : 3 * i + 3]) for i in range(3)] == hp
    hs, ppot, npot = brute_figures(hp)
    p = hand_potential(format_cards(hero), board, dead, game=game)
    assert p.method == "exact" and p.cases == sum(map(sum, hp))
    assert p.hand_strength == pytest.approx(float(hs), abs=1e-14)
    assert p.positive_potential == pytest.approx(float(ppot), abs=1e-14)
    assert p.negative_potential == pytest.approx(float(npot), abs=1e-14)


@pytest.mark.parametrize("game", ["shortdeck", "shortdeck-triton"])
def test_short_deck_monte_carlo_potential_converges_to_exact(game):
    exact = hand_potential("AsKs", "Qs7h9c", game=game)
    mc = hand_potential("AsKs", "Qs7h9c", method="mc", trials=200_000, seed=5, game=game)
    assert exact.method == "exact" and mc.method == "mc"
    assert exact.cases == math.comb(31, 2) * math.comb(29, 2)
    for name in ("hand_strength", "positive_potential", "negative_potential"):
        err = getattr(mc, name + "_stderr")
        assert abs(getattr(mc, name) - getattr(exact, name)) < 4 * err, name


def test_short_deck_rows_are_the_engine_against_random_hands_of_its_deck():
    r = winodds("AsKs", board="Qs7h9c", opponents=1, game="shortdeck")
    row = r.rows[0]
    ref = equity(["AsKs", "random"], board="Qs7h9c", method="exact", game="shortdeck")
    assert r.game == "shortdeck" and row.method == "exact"
    assert (row.equity, row.win, row.tie) == (ref.players[0].equity, ref.players[0].win,
                                              ref.players[0].tie)  # fmt: skip
    assert row.outcomes == ref.outcomes == math.comb(31, 2) * math.comb(29, 2)
    # Against one opponent the exact transitions' river column is the equity itself.
    t = row.potential.transitions
    assert sum(x[0] + x[1] / 2 for x in t) == pytest.approx(ref.players[0].equity, abs=1e-12)
    # The rankings differ: Triton's equity is its own.
    triton = winodds("AsKs", board="Qs7h9c", opponents=1, game="shortdeck-triton").rows[0]
    ref = equity(["AsKs", "random"], board="Qs7h9c", method="exact", game="shortdeck-triton")
    assert triton.equity == ref.players[0].equity != row.equity


def test_short_deck_limits_and_errors():
    r = winodds("AsKs", opponents=14, game="shortdeck", method="mc", trials=2000, seed=1)
    assert r.rows[0].opponents == 14 and r.rows[0].trials == 2000
    with pytest.raises(PokercalcError, match="opponents must be 1 to 14 in shortdeck, got 15"):
        winodds("AsKs", opponents=15, game="shortdeck")
    with pytest.raises(PokercalcError, match="names 5s"):
        winodds("55", game="shortdeck")
    with pytest.raises(PokercalcError, match="2c is not in the 36-card shortdeck deck"):
        winodds("AsKs", board="2c7h9c", game="shortdeck")
    with pytest.raises(PokercalcError, match="an omaha hand has 4"):
        winodds("AsKs", game="omaha")
    with pytest.raises(PokercalcError, match="an omaha6 hand has 6"):
        hand_potential("AsKs", "Qs7h9c", game="omaha6")
    with pytest.raises(PokercalcError, match="hand potential in omaha-hilo is not defined: Bil"):
        hand_potential("AsAdKsKd", "Qs7h9c", game="omaha-hilo")
    # A pocket query keeps the hands of the deck.
    assert winodds("Group1", board="Qs7h9c", game="shortdeck", trials=1000, seed=1).combos == 25


def test_cli_short_deck_json_and_omaha_error():
    res = invoke("winodds", "AsKs", "-b", "Qs7h9c", "--game", "shortdeck", "--json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)["result"]
    assert doc["game"] == "shortdeck" and doc["rows"][0]["method"] == "exact"
    res = CliRunner().invoke(cli, ["winodds", "AsKs", "--game", "omaha"])
    assert res.exit_code == 2 and res.output.startswith("Error: ")
    assert "an omaha hand has 4" in res.output


@pytest.mark.parametrize("game", ["omaha-hilo", "omaha"])
def test_omaha_strength_stops_at_time_or_trials_whichever_comes_first(game: str) -> None:
    import time

    hero = Range("AsKsQh2d", (tuple(sorted(parse_cards("AsKsQh2d"), reverse=True)),), (1.0,))
    board = parse_cards("4sTs6hTd")
    start = time.perf_counter()
    timed = omaha_strength(hero, board, (), 3, "mc", 2**62, 0.2, 7, get_game(game))
    assert timed is not None and time.perf_counter() - start < 5
    assert 0 < timed.cases < 2**62
    counted = omaha_strength(hero, board, (), 3, "mc", 40_000, 60.0, 7, get_game(game))
    assert counted is not None and counted.cases == 40_000
    result = CliRunner().invoke(
        cli,
        ["winodds", "AsKsQh2d", "-b", "4sTs6hTd", "--game", game, "--mc", "--trials", str(2**62),
         "--time", "0.2", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["result"]["interrupted"] is False


# --- the notice before a long exhaustive run, as equity gives it ------------------------------


@pytest.mark.slow
def test_winodds_passes_on_plan_to_a_rows_long_exhaustive_run() -> None:
    seen: list[tuple[int, float]] = []

    def stop(outcomes: int, seconds: float) -> None:
        seen.append((outcomes, seconds))
        raise KeyboardInterrupt  # (what Ctrl-C after the notice does)

    # AsKs against two random hands preflop: 1.9 trillion outcomes, minutes on one thread.
    r = winodds("AsKs", opponents=2, method="exact", threads=1, on_plan=stop)
    assert seen and seen[0][0] == 1_894_107_877_200 and seen[0][1] > 3.0
    assert r.interrupted and r.rows == ()
    # A short run never calls it.
    quick = winodds("AsKs", opponents=1, board="Qs7h2c", method="exact", on_plan=stop)
    assert len(seen) == 1 and not quick.interrupted


@pytest.mark.process
def test_winodds_exact_says_so_before_a_long_run() -> None:
    import select
    import signal
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "pokercalc", "winodds", "AsKs", "-n", "2", "--exact",
         "--threads", "1", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stderr is not None
    # Wait for the notice itself, not a fixed time: a loaded machine starts slowly.
    ready, _, _ = select.select([proc.stderr], [], [], 60.0)
    line = proc.stderr.readline() if ready else ""
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=30)
    assert line.startswith("pokercalc: enumerating 1,894,107,877,200 outcomes exactly; about")
    assert proc.returncode == 130
