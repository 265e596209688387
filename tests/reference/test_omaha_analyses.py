"""Outs, draws and win odds in the Omaha games, against the slow reference of reference_games.

Every count is checked by dealing each unseen card and ranking the hero's hand
with ``reference_games.omaha_rank`` / ``omaha_low`` (two hole cards and three
board cards, by brute force); the equity after each card is checked against
the engine's exact answer and, on the turn, against the reference's own
enumeration.  CLI errors are one line with exit status 2.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from typing import Any

import jsonschema
import pytest
import reference_games as ref
from cli_runs import invoke
from click.testing import CliRunner

from pokercalc.analysis.draws import OmahaDrawsResult, find_draws
from pokercalc.analysis.equities import equity
from pokercalc.analysis.outs import OmahaCardOutcome, OmahaOutsResult, find_outs
from pokercalc.analysis.win_odds import potential_from_counts, winodds
from pokercalc.cli import cli
from pokercalc.core.cards import format_card, format_cards, parse_cards
from pokercalc.core.formats import load_schema
from pokercalc.core.games import get_game

STRAIGHT, FLUSH, STRAIGHT_FLUSH = ref.STRAIGHT, ref.FLUSH, ref.STRAIGHT_FLUSH

# (hero, board, game): wraps, flush draws (nut and not), low draws and counterfeits.
SPOTS = [
    ("JhTh9c6d", "8h7s2c", "omaha"),
    ("KhQhTs9c", "Jh8s2h", "omaha"),
    ("AhKh8d7c", "Qh6h5s", "omaha"),
    ("AsKd9s8d", "Ts7d2c3s", "omaha"),
    ("As2s3dKd", "4h8cKs", "omaha-hilo"),
    ("As2sKdQd", "3h8c7s", "omaha-hilo"),
    ("Ah3c5d8sKh", "2c7dQh", "omaha5-hilo"),
    ("AhKhQd7c6c5s", "8h4c9d", "omaha6"),
]


def _unseen(hero: tuple[int, ...], board: tuple[int, ...]) -> list[int]:
    return [c for c in range(51, -1, -1) if c not in hero + board]


def _straight(hole: tuple[int, ...], board: tuple[int, ...]) -> bool:
    return any(
        ref.rank_five(two + three)[0] in (STRAIGHT, STRAIGHT_FLUSH) or _ranks_in_a_row(two + three)
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    )


def _ranks_in_a_row(five: tuple[int, ...]) -> bool:
    ranks = sorted({c >> 2 for c in five})
    return len(ranks) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])


def _three_board(board: tuple[int, ...]) -> int:
    """The category three board cards make alone, by their rank counts."""
    best = 0
    for three in itertools.combinations(board, 3):
        most = max(sum(1 for c in three if c >> 2 == r >> 2) for r in three)
        best = max(best, {1: 0, 2: 1, 3: 3}[most])
    return best


def _best_low_of_two(others: list[int], board: tuple[int, ...]) -> Any:
    return min(
        (v for two in itertools.combinations(others, 2) if (v := ref.omaha_low(two, board))),
        default=None,
    )


@pytest.mark.parametrize(("hero", "board", "game"), SPOTS)
def test_draw_counts_against_brute_force(hero: str, board: str, game: str) -> None:
    h, b = parse_cards(hero), parse_cards(board)
    g = get_game(game)
    r = find_draws(hero, board, game=game)
    assert isinstance(r, OmahaDrawsResult) and r.game == g.name
    cat0 = ref.omaha_rank(h, b)[0]
    straight0 = _straight(h, b)
    low0 = ref.omaha_low(h, b) if g.hilo else None
    unseen = _unseen(h, b)
    straights, flushes, lows, nut_lows, counterfeits = [], [], [], [], []
    by_cat = [0] * 9
    hole_lows = {ref.LOW_VALUE[c >> 2] for c in h if ref.LOW_VALUE[c >> 2] <= 8}
    for c in unseen:
        nb = b + (c,)
        cat = ref.omaha_rank(h, nb)[0]
        if cat > cat0 and cat > _three_board(nb):
            by_cat[cat] += 1
        if not straight0 and _straight(h, nb):
            straights.append(c)
        if cat in (FLUSH, STRAIGHT_FLUSH) and cat0 not in (FLUSH, STRAIGHT_FLUSH):
            flushes.append(c)
        if g.hilo:
            low = ref.omaha_low(h, nb)
            if low0 is None and low is not None:
                lows.append(c)
                best = _best_low_of_two([x for x in unseen if x != c], nb)
                if best is None or low <= best:
                    nut_lows.append(c)
            v = ref.LOW_VALUE[c >> 2]
            not_better = low is None or (low0 is not None and low >= low0)
            on_board = any(ref.LOW_VALUE[x >> 2] == v for x in b)
            if len(hole_lows) >= 2 and v in hole_lows and not on_board and not_better:
                counterfeits.append(c)
    assert r.unseen == len(unseen)
    assert r.straight_draw_count == len(straights)
    assert r.flush_draw_count == len(flushes)
    assert list(r.draw_counts) == by_cat
    named = {d.name: tuple(int(c) for c in d.cards) for d in r.draws}
    straight_names = [n for n in named if "wrap" in n or "straight" in n or "gutshot" in n]
    assert [c for n in straight_names for c in named[n]] == straights
    flush_cards = sorted(c for n in named if n.endswith("flush draw") and "backdoor" not in n
                         for c in named[n])  # fmt: skip
    assert flush_cards == sorted(flushes)
    assert list(named.get("low draw", ())) == lows
    assert list(named.get("nut low draw", ())) == nut_lows
    assert list(named.get("counterfeit risk", ())) == counterfeits
    if g.hilo:
        assert (r.low is None) == (low0 is None)
    else:
        assert r.low is None and r.nut_low is None


def test_named_omaha_draws() -> None:
    r = find_draws("JhTh9c6d", "8h7s2c", game="omaha")
    assert [(d.name, d.count, d.needs) for d in r.draws] == [
        ("backdoor flush draw", 10, 2),
        ("16-out wrap", 16, 1),
    ]
    # The ace of hearts is the highest heart off the board: a nut flush draw.
    r = find_draws("AhKh8d7c", "Qh6h5s", game="omaha")
    assert r.draws[0].name == "nut flush draw" and r.draws[0].count == 9
    assert find_draws("KhQhTs9c", "Jh8s2h", game="omaha").draws[0].name == "flush draw"
    # A2 with a made low: an ace or a deuce counterfeits it.
    r = find_draws("As2sKdQd", "3h8c7s", game="omaha-hilo")
    assert r.low == "8-7-3-2-A" and r.nut_low is True
    assert format_cards(dict((d.name, d.cards) for d in r.draws)["counterfeit risk"]) == (
        "AhAdAc2h2d2c"
    )


def _ref_nuts(value: tuple[int, ...], board: tuple[int, ...], others: list[int]) -> bool:
    return all(ref.omaha_rank(two, board) <= value for two in itertools.combinations(others, 2))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hero", "board", "vs", "game"),
    [
        ("AsAdKsKd", "Qs7h2c", ["JhTh9c8c"], "omaha"),
        ("As2sKdQd", "3h8c7sKc", ["JhJcTdTc"], "omaha-hilo"),
        ("JhTh9c6d", "8h7s2c", ["AcAdKcQs"], "omaha"),
    ],
)
def test_outs_against_brute_force(hero: str, board: str, vs: list[str], game: str) -> None:
    h, b = parse_cards(hero), parse_cards(board)
    o = parse_cards(vs[0])
    g = get_game(game)
    r = find_outs(hero, board, vs, game=game)
    assert isinstance(r, OmahaOutsResult) and r.opponents == tuple(vs)
    hidden = [c for c in _unseen(h, b)]
    value0 = ref.omaha_rank(h, b)
    nuts0 = _ref_nuts(value0, b, hidden)
    assert r.nuts == nuts0
    unseen = [c for c in hidden if c not in o]
    assert [int(c.card) for c in r.cards] == unseen
    low0 = ref.omaha_low(h, b) if g.hilo else None
    for c in r.cards:
        assert isinstance(c, OmahaCardOutcome)
        nb = b + (int(c.card),)
        value = ref.omaha_rank(h, nb)
        nuts = _ref_nuts(value, nb, [x for x in hidden if x != int(c.card)])
        out = (
            value > value0
            and (value[0] > value0[0] or (nuts and not nuts0))
            and value[0] > _three_board(nb)
            and ref.omaha_rank(o, nb) <= value
        )
        assert (c.is_out, c.nuts) == (out, nuts), format_card(c.card)
        if g.hilo:
            low = ref.omaha_low(h, nb)
            better = low is not None and (low0 is None or low < low0)
            assert c.low_out == better
            assert (c.low is None) == (low is None)
        else:
            assert c.low is None and c.low_out is None and c.counterfeit is None
    if g.hilo:
        assert r.low_outs == tuple(c.card for c in r.cards if c.low_out)
    else:
        assert r.low_outs is None and r.counterfeits is None


def test_equity_after_each_card_is_the_engines_and_the_references() -> None:
    hero, board, vs = "As2sKdQd", "3h8c7sKc", "JhJcTdTc"
    r = find_outs(hero, board, [vs], game="omaha-hilo")
    h, b, o = parse_cards(hero), parse_cards(board), parse_cards(vs)
    for c in r.cards:
        nb = b + (int(c.card),)
        engine = equity([hero, vs], nb, game="omaha-hilo", method="exact")
        assert c.equity == engine.players[0].equity
        assert c.equity_fraction == ref.omaha_hilo_equity([[h], [o]], nb).equity[0]
    now = ref.omaha_hilo_equity([[h], [o]], b).equity[0]
    assert Fraction(r.equity).limit_denominator(10**6) == now


@pytest.mark.slow
def test_outs_against_one_random_hand_by_default() -> None:
    # Turn in Omaha high: each river card's equity against every hand, from the engine.
    r = find_outs("AsAdKsKd", "Qs7h2c3d", game="omaha")
    assert r.opponents == ("random",) and r.equity is not None
    by_card = {format_card(c.card): c for c in r.cards}
    assert by_card["Kh"].is_out and by_card["Kh"].equity == 1.0  # top set, no straight or flush
    engine = equity(["AsAdKsKd", "random"], "Qs7h2c3d5h", game="omaha", method="exact")
    assert by_card["5h"].equity == engine.players[0].equity
    assert r.count == len(r.outs) and r.discounted == ()


@pytest.mark.slow
@pytest.mark.parametrize("every", ["xxxx", "* * * *", "100%", "ANY"])
def test_outs_against_every_hand_however_written(every: str) -> None:
    """``--vs xxxx`` is ``--vs random`` (it was an internal error once)."""
    want = find_outs("AsAdKsKd", "Qs7h2c3d", ["random"], game="omaha")
    got = find_outs("AsAdKsKd", "Qs7h2c3d", [every], game="omaha")
    assert got.opponents == (every,)
    assert [(c.card, c.equity) for c in got.cards] == [(c.card, c.equity) for c in want.cards]
    assert got.equity == want.equity


@pytest.mark.slow
def test_omaha_potential_against_brute_force() -> None:
    """The nine transitions, counted over every opponent hand and river one by one."""
    from pokercalc.analysis.rules import omaha_value

    hero, board = parse_cards("JhTh9c6d"), parse_cards("8h7s2c3d")
    dead = parse_cards("2s2d3c3h6s6c7d7c9d9hTcTdJsJdQhQcKsKhAsAd")
    free = [c for c in range(52) if c not in set(hero) | set(board) | set(dead)]
    counts = [0] * 9
    for opp in itertools.combinations(free, 4):
        hv, ov = omaha_value(hero, board), omaha_value(opp, board)
        now = 0 if hv > ov else 1 if hv == ov else 2
        for river in (c for c in free if c not in opp):
            hr, orr = omaha_value(hero, (*board, river)), omaha_value(opp, (*board, river))
            counts[3 * now + (0 if hr > orr else 1 if hr == orr else 2)] += 1
    want = potential_from_counts(counts)
    r = winodds(hero, opponents=1, board=board, dead=dead, game="omaha", method="exact")
    p = r.rows[0].potential
    assert p is not None and p.cases == sum(counts) and p.transitions is not None
    for got_row, want_row in zip(p.transitions, want.transitions or (), strict=True):
        assert got_row == pytest.approx(want_row, abs=1e-12)
    for name in ("hand_strength", "positive_potential", "negative_potential"):
        assert getattr(p, name) == pytest.approx(getattr(want, name), abs=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("opponent", "game"),
    [("QQxx", "omaha-hilo"), ("QQxx:0.5, JJxx", "omaha-hilo"), ("random", "omaha")],
)
def test_outs_equity_now_is_the_engines(opponent: str, game: str) -> None:
    """The equity now, combined from the runs after each card (or run when weights leave no
    exact fractions), is the engine's own run on the board as it stands."""
    hero, board = "AsAdKsKd", "Qs7h2c3d"
    r = find_outs(hero, board, [opponent], game=game)
    now = equity([hero, opponent], board, game=game, method="exact")
    assert r.equity == now.players[0].equity
    assert r.ahead == all(now.players[0].equity > p.equity for p in now.players[1:])


@pytest.mark.slow
def test_winodds_omaha_through_the_engine() -> None:
    r = winodds("AsAdKsKd", opponents=1, board="Qs7h2c3d", game="omaha", method="exact")
    assert [row.opponents for row in r.rows] == [1] and r.game == "omaha"
    for row in r.rows:
        engine = equity(["AsAdKsKd"] + ["random"] * row.opponents, "Qs7h2c3d",
                        game="omaha", method="exact")  # fmt: skip
        assert row.method == "exact" and row.equity == engine.players[0].equity
        p = row.potential
        assert p is not None and p.method == "exact" and p.hand_strength_stderr is None
        # Exact potential against one opponent: EHS is then the equity (docs/winodds.md).
        assert p.effective_strength == pytest.approx(row.equity, abs=1e-12)
        assert p.positive_potential is not None and p.negative_potential is not None
        assert p.transitions is not None and p.cases == 135_751 * 40
        high = winodds("AsAdKsKd", opponents=1, board="Qs7h2c3d", game="omaha-hilo", method="exact")
        lo = high.rows[0].potential
        assert lo is not None and lo.positive_potential is lo.effective_strength is None
    two = winodds("AsAdKsKd", opponents=2, board="Qs7h2c3d", game="omaha", trials=3000, seed=1)
    p2 = two.rows[0].potential
    assert p2 is not None and p2.method == "mc" and p2.positive_potential is not None
    assert 0 < p2.positive_potential < 1 and p2.positive_potential_stderr is not None
    r = winodds("AAxx", opponents=1, board="Qs7h2c3d", game="omaha-hilo", trials=20000, seed=5)
    assert r.averaged and r.rows[0].method == "mc" and 0 < r.rows[0].equity < 1
    assert r.rows[0].potential is not None and r.rows[0].potential.method == "mc"
    assert (
        winodds("AsAdKsKd", opponents=1, game="omaha", trials=2000, seed=1).rows[0].potential
        is None
    )


@pytest.mark.slow
@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_hand_strength_on_the_river_is_the_equity(game: str) -> None:
    """On the river nothing is to come: HS against one opponent is the exact equity."""
    hero, board = "As2d3sKd", "4h5c9sKc8d"
    p = winodds(hero, opponents=1, board=board, game=game, method="exact").rows[0].potential
    engine = equity([hero, "random"], board, game=game, method="exact").players[0]
    assert p is not None and p.method == "exact" and p.hand_strength_stderr is None
    assert p.hand_strength == pytest.approx(engine.equity, abs=1e-12)
    if game == "omaha":  # nothing to come: no potential, EHS = HS
        assert (p.positive_potential, p.negative_potential) == (0.0, 0.0)
        assert p.effective_strength == p.hand_strength and p.cases == 123_410
    else:
        assert p.positive_potential is None and p.cases == 123_410


@pytest.mark.slow
@pytest.mark.parametrize(("game", "hero"), [("omaha", "JhTh9c6d"), ("omaha-hilo", "As2d3sKd")])
def test_hand_strength_on_the_flop_against_brute_force(game: str, hero: str) -> None:
    """HS = the share of a showdown now against every opponent hand, counted one by one
    (hi/lo: the mean of the high and the low result, the high one when nobody has a low)."""
    from pokercalc.analysis.rules import omaha_low_value, omaha_value

    board, dead = parse_cards("4h5c8h"), parse_cards("2s2c3c3h6s6c7d7c9d9hTcTdJsJdQhQcKsKh")
    h = parse_cards(hero)
    free = [c for c in range(52) if c not in set(h) | set(board) | set(dead)]
    hilo = get_game(game).hilo
    hv, hl = omaha_value(h, board), omaha_low_value(h, board) if hilo else 0
    shares = []
    for opp in itertools.combinations(free, 4):
        ov, ol = omaha_value(opp, board), omaha_low_value(opp, board) if hilo else 0
        high = 1.0 if hv > ov else 0.5 if hv == ov else 0.0
        low = high if not (hl or ol) else 1.0 if hl > ol else 0.5 if hl == ol else 0.0
        shares.append((high + low) / 2 if hilo else high)
    want = sum(shares) / len(shares)
    p = (
        winodds(hero, opponents=1, board=board, dead=dead, game=game, method="exact")
        .rows[0]
        .potential
    )
    assert p is not None and p.method == "exact" and p.cases % len(shares) == 0
    assert p.hand_strength == pytest.approx(want, abs=1e-12)
    if game == "omaha":  # exact potential: EHS against one opponent is the equity
        engine = equity([hero, "random"], board, dead, game=game, method="exact").players[0]
        assert p.effective_strength == pytest.approx(engine.equity, abs=1e-12)
        assert p.positive_potential is not None and 0 < p.positive_potential < 1
    # Monte Carlo agrees within four of its standard errors, and a seed reproduces it.
    q = winodds(hero, opponents=1, board=board, dead=dead, game=game, method="mc",
                trials=4000, seed=3).rows[0].potential  # fmt: skip
    assert q is not None and q.method == "mc" and q.trials == 4000 and q.seed is not None
    assert q.hand_strength_stderr is not None and 0 < q.hand_strength_stderr < 0.02
    assert abs(q.hand_strength - want) < 4 * q.hand_strength_stderr
    again = winodds(hero, opponents=1, board=board, dead=dead, game=game, method="mc",
                    trials=4000, seed=3).rows[0].potential  # fmt: skip
    assert again is not None and again.hand_strength == q.hand_strength


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["outs", "AsKs", "-b", "Qs7h2c", "--game", "omaha"], "exactly 4 hole cards, got 2"),
        (["draws", "AsKsQdJd", "-b", "Qd7h2c", "--game", "omaha"], "Qd is both"),
        (["draws", "AsKsQdJd", "-b", "Qs7h2c3d4d", "--game", "omaha"], "board"),
        (["outs", "AsKsQdJd", "-b", "9s7h2c", "--vs", "AsQc8c7c", "--game", "omaha"], "As"),
        (["outs", "AsKsQdJd", "-b", "9s7h2c", "--vs", "ZZ", "--game", "omaha"], "position"),
        # A card two opponents hold is named as the first one's, not the hero's or the board's.
        (
            [
                "outs",
                "AsKsQdJd",
                "-b",
                "9s7h2c",
                "--vs",
                "8s8h6s6h",
                "--vs",
                "6h5d4c3c",
                "--game",
                "omaha",
            ],
            "opponent 2 (6h5d4c3c) holds 6h, which is already opponent 1's",
        ),
        (
            ["outs", "AsKsQdJd", "-b", "9s7h2c", "--vs", "2cQcTcTh", "--game", "omaha"],
            "holds 2c, which is already on the board",
        ),
        (
            ["outs", "AsKs", "-b", "9s7h2c", "--vs", "QhJh", "--vs", "QhTd"],
            "opponent 2 (QhTd) holds Qh, which is already opponent 1's",
        ),
        # Every hand, however written, is no hero (an internal error once for xxxx and 100%).
        (["winodds", "xxxx", "--game", "omaha"], "not every hand ('xxxx')"),
        (["winodds", " 100% ", "--game", "omaha5"], "not every hand ('100%')"),
        (["winodds", "random", "--game", "omaha6"], "not every hand ('random')"),
        (["winodds", "AsKsQdJd", "-n", "11", "--game", "omaha"], "opponents must be 1 to 10"),
        (["winodds", "AsKsQdJd", "-n", "9", "--game", "omaha5"], "opponents must be 1 to 8"),
    ],
)
def test_cli_errors_are_one_line_exit_2(args: list[str], message: str) -> None:
    res = invoke(*args)
    assert res.exit_code == 2, res.output
    assert len(res.output.strip().splitlines()) == 1 and message in res.output


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "args"),
    [
        ("outs", ["outs", "As2sKdQd", "-b", "3h8c7sKc", "--vs", "JhJcTdTc", "--game", "plo8"]),
        ("outs", ["outs", "AsAdKsKd", "-b", "Qs7h2c3d", "--game", "omaha"]),
        ("draws", ["draws", "As2sKdQd", "-b", "3h8c7s", "--game", "omaha-hilo"]),
        ("draws", ["draws", "JhTh9c6d", "-b", "8h7s2c", "--game", "omaha"]),
        ("winodds", ["winodds", "AsAdKsKd", "-b", "Qs7h2c3d", "-n", "2", "--game", "omaha",
                     "--mc", "--trials", "3000", "--seed", "2"]),
    ],
)  # fmt: skip
def test_cli_json_names_the_game_and_fits_the_schema(command: str, args: list[str]) -> None:
    res = invoke(*args, "--json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    jsonschema.Draft202012Validator(load_schema(command)).validate(doc)
    game = get_game(args[args.index("--game") + 1]).name
    assert doc["result"]["game"] == game
    if command == "outs" and get_game(game).hilo:
        assert doc["result"]["low"] == "8-7-3-2-A"
        assert doc["result"]["counterfeits"] == "AhAdAc2h2d2c"
        assert doc["result"]["cards"][0]["low_out"] is False
    if command == "winodds":
        # Omaha high: Monte Carlo potential against two opponents, as in hold'em.
        assert all(0 < row["potential"]["positive_potential"] < 1 for row in doc["result"]["rows"])
        assert all(0 < row["potential"]["hand_strength"] < 1 for row in doc["result"]["rows"])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "args", "keys", "card_keys"),
    [
        ("outs", ["outs", "As2sKdQd", "-b", "3h8c7sKc", "--vs", "JhJcTdTc", "--game", "omaha-hilo"],
         ["nuts", "low", "low_outs", "counterfeits"], ["nuts", "low", "low_out", "counterfeit"]),
        ("outs", ["outs", "AsAdKsKd", "-b", "Qs7h2c3d", "--vs", "JhJcTdTc", "--game", "omaha"],
         ["nuts", "low", "low_outs", "counterfeits"], ["nuts", "low", "low_out", "counterfeit"]),
        ("draws", ["draws", "As2sKdQd", "-b", "3h8c7s", "--game", "omaha-hilo"],
         ["low", "nut_low"], []),
        ("draws", ["draws", "JhTh9c6d", "-b", "8h7s2c", "--game", "omaha"], ["low", "nut_low"], []),
    ],
)  # fmt: skip
def test_the_shipped_schema_lists_the_omaha_keys(
    command: str, args: list[str], keys: list[str], card_keys: list[str]
) -> None:
    """Omaha outs and draws validate against the shipped schema, which requires their own keys
    (with their types) in the Omaha games and only there."""
    res = invoke(*args, "--json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    validator = jsonschema.Draft202012Validator(load_schema(command))
    validator.validate(doc)
    omaha = next(
        s for s in load_schema(command)["properties"]["result"]["oneOf"]
        if "omaha" in s["properties"]["game"]["enum"]
    )  # fmt: skip
    assert set(keys) <= set(omaha["required"]) and set(keys) <= set(doc["result"])
    if card_keys:
        assert set(card_keys) <= set(omaha["properties"]["cards"]["items"]["required"])
    broken = [
        *({**doc, "result": {k: v for k, v in doc["result"].items() if k != key}} for key in keys),
        {**doc, "result": {**doc["result"], keys[0]: 3}},  # a wrong type
    ]
    for key in card_keys:
        cards = [{k: v for k, v in c.items() if k != key} for c in doc["result"]["cards"]]
        broken.append({**doc, "result": {**doc["result"], "cards": cards}})
    for bad in broken:
        assert not validator.is_valid(bad)


def test_cli_tables() -> None:
    res = CliRunner().invoke(
        cli, ["outs", "As2sKdQd", "-b", "3h8c7sKc", "--vs", "JhJcTdTc", "--game", "omaha-hilo"],
        terminal_width=140,
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "low 8-7-3-2-A" in res.output and "(counterfeit)" in res.output
    assert "HoldemHand" not in res.output and "Low outs" in res.output
    res = CliRunner().invoke(cli, ["draws", "JhTh9c6d", "-b", "8h7s2c", "--game", "omaha"],
                             terminal_width=140)  # fmt: skip
    assert res.exit_code == 0 and "16-out wrap" in res.output and "HoldemHand" not in res.output
