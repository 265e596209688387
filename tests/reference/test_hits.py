"""``pokercalc hits``: made-hand classes and draws of a range on a board, against an oracle."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_runs import invoke
from reference_hits import Game, classify

from pokercalc import _eval
from pokercalc.analysis.hits import DRAWS, MADE_HANDS, HandHit, range_hits, select_hands
from pokercalc.core.cards import cards_of, format_cards, parse_cards
from pokercalc.errors import EmptyRangeError, InputError, ParseError
from pokercalc.ranges.notation import parse_range

ROOT = Path(__file__).resolve().parents[2]


def oracle(game: str) -> Game:
    if game == "holdem":
        return Game(game, _eval.evaluate_indices)
    return Game(game, lambda cards: _eval.evaluate_ranked(list(cards), game))


def deal_board(rng: random.Random, game: str, size: int, dead: int) -> tuple[str, str]:
    low = 0 if game == "holdem" else 4
    cards = rng.sample([c for c in range(52) if c >> 2 >= low], size + dead)
    return format_cards(cards[:size]), format_cards(cards[size:])


# Boards dealt from fixed seeds: flops, turns and rivers, some with dead cards, in every
# game with two hole cards; plus boards that reach the rare classes and draws.
GENERATED = [
    (game, *deal_board(random.Random(seed), game, size, dead))
    for seed, (game, size, dead) in enumerate(
        [("holdem", 3, 0)] * 5
        + [("holdem", 3, 2), ("holdem", 4, 0), ("holdem", 4, 1), ("holdem", 5, 0)]
        + [("shortdeck", 3, 0), ("shortdeck", 4, 1), ("shortdeck-triton", 3, 0)]
    )
]
CHOSEN = [
    ("holdem", "Jh9c7c", ""),  # straight draws of every kind, combo draws
    ("holdem", "AhKhQh", ""),  # flushes made and drawn, straights, nut flush draws
    ("holdem", "8c8d3s", ""),  # a paired board: trips, full houses, pairs beside it
    ("holdem", "5s4s3s2s", ""),  # straight flushes and the wheel
    ("holdem", "7h7c7d", "7s"),  # board trips
    ("shortdeck", "As7c8d", ""),  # A-6-7-8-9 and its draws
    ("shortdeck-triton", "9h8h7c", "6h"),
]


@pytest.mark.parametrize(("game", "board", "dead"), GENERATED + CHOSEN)
def test_every_combo_is_classified_as_the_oracle_classifies_it(
    game: str, board: str, dead: str
) -> None:
    result = range_hits("random", board, dead, game=game)
    g = oracle(game)
    b, d = parse_cards(board), parse_cards(dead)
    made = dict.fromkeys((name for name, _ in MADE_HANDS), 0)
    draws = dict.fromkeys(DRAWS, 0)
    for hit in result.hands:
        want_made, want_draws = classify(hit.hand, b, d, g)
        assert (hit.made, set(hit.draws)) == (want_made, want_draws), format_cards(hit.hand)
        made[want_made] += 1
        for name in want_draws:
            draws[name] += 1
    assert {c.name: c.combos for c in result.made} == made
    assert {c.name: c.combos for c in result.draws} == draws
    n = 52 - 4 * g.low - len(b) - len(d)
    assert result.combos == n * (n - 1) // 2 == sum(made.values())


def test_the_issue_example_by_hand() -> None:
    # On Kh7c2d, QQ+,AK is 27 combos: KK 3 sets, AK 12 top pair top kicker, AA 6 overpairs
    # and QQ 6 pocket pairs below top pair; no flush draw (AcKc and AdKd: backdoor ones).
    r = range_hits("QQ+,AK", "Kh7c2d")
    assert (r.matched, r.combos, r.weight) == (34, 27, 27.0)
    assert {c.name: c.combos for c in r.made if c.combos} == {
        "set": 3,
        "top pair top kicker": 12,
        "overpair": 6,
        "pocket pair below top pair": 6,
    }
    assert {c.name: c.combos for c in r.draws if c.combos} == {"backdoor flush draw": 2}
    assert sum(c.share for c in r.made) == pytest.approx(1.0)


def test_every_combo_is_in_exactly_one_made_class() -> None:
    r = range_hits("random", "Jh9c7c2s")
    assert sum(c.combos for c in r.made) == r.combos == len(r.hands) == 1128
    assert [c.name for c in r.made] == [name for name, _ in MADE_HANDS]
    assert all(c.combos == 0 for c in r.draws if c.name.startswith("backdoor"))  # flop only


def test_the_river_has_no_draws() -> None:
    r = range_hits("random", "Jh9c7c2s5d")
    assert r.street == "river" and all(c.combos == 0 for c in r.draws)


def test_short_deck_orders_classes_by_its_ranking() -> None:
    names = [c.name for c in range_hits("AA", "AhKd7c", game="shortdeck-triton").made]
    assert names.index("set") < names.index("straight")  # Triton: trips beat a straight
    names = [c.name for c in range_hits("AA", "AhKd7c", game="shortdeck").made]
    assert names.index("flush") < names.index("full house")


def test_weighted_combos_count_by_their_weight() -> None:
    r = range_hits("AKs:0.5,QQ", "Kh7c2d")
    counts = {c.name: (c.combos, c.weight) for c in r.made if c.combos}
    assert counts == {"top pair top kicker": (3, 1.5), "pocket pair below top pair": (6, 6.0)}
    assert r.weight == 7.5
    share = {c.name: c.share for c in r.made if c.combos}
    assert share["top pair top kicker"] == pytest.approx(0.2)


def test_a_known_opponent_hand_removes_combos_and_a_range_weights_them() -> None:
    r = range_hits("QQ+,AK", "Kh7c2d", vs=["AsAd"])
    assert r.combos == 27 - 5 - 6 and r.certain == ("As", "Ad")
    r = range_hits("QQ+,AK", "Kh7c2d", vs=["AA"])
    counted = {format_cards(h.hand): h.counted for h in r.hands}
    # AA leaves 1 of the 6 aces pairs possible, AK 3 of 6, KK and QQ all of them.
    assert counted["AsAh"] == pytest.approx(1 / 6)
    assert counted["AsKd"] == pytest.approx(1 / 2)
    assert counted["QsQh"] == 1.0
    assert r.combos == 27 and r.weight == pytest.approx(1 + 6 + 3 + 6)


def test_two_opponents_multiply_their_factors() -> None:
    r = range_hits("AK", "Kh7c2d", vs=["AA", "AsQs"])
    counted = {format_cards(h.hand): h.counted for h in r.hands}
    assert "AsKd" not in counted  # AsQs holds the As
    assert counted["AdKd"] == pytest.approx(1 / 2)  # AA: the Ad leaves 3 of 6 pairs


@pytest.mark.parametrize(
    ("expression", "notation"),
    [
        ("top pair or better", "KK+,AK"),
        ("set+", "KK"),
        ("TPTK", "AK"),
        ("overpair, set", "KK+"),
        ("pocket pair", "AA,QQ"),
        ("top pair or worse", "QQ,AK"),
        ("not top pair", "QQ+"),
        ("top pair and backdoor flush draw", "AdKd,AcKc"),
        ("Backdoor Flush Draw", "AdKd,AcKc"),
        ("nothing", ""),
    ],
)
def test_select_picks_classes_and_draws(expression: str, notation: str) -> None:
    r = range_hits("QQ+,AK", "Kh7c2d")
    assert select_hands(r, expression).notation == notation


def test_selection_notation_reads_back_to_the_same_hands_on_the_board() -> None:
    board, dead = "Jh9c7c", "2c"
    r = range_hits("random", board, dead)
    for expression in ("top pair or better", "flush draw", "straight draw, combo draw", "bdsd"):
        picked = select_hands(r, expression)
        back = parse_range(picked.notation).without(parse_cards(board + dead))
        assert tuple(cards_of(h) for h in back.combos) == picked.hands, expression
        assert picked.combos == sum(1 for h in r.hands if _matches(h.made, h.draws, expression)), (
            expression
        )


def _matches(made: str, draws: tuple[str, ...], expression: str) -> bool:
    """The four selections above, written out."""
    order = [name for name, _ in MADE_HANDS]
    return {
        "top pair or better": order.index(made) <= order.index("top pair weak kicker"),
        "flush draw": "flush draw" in draws,
        "straight draw, combo draw": any(
            d in draws for d in ("open-ended straight draw", "double gutshot", "gutshot")
        ),
        "bdsd": "backdoor straight draw" in draws,
    }[expression]


@pytest.mark.parametrize("name", [n for n, _ in MADE_HANDS] + list(DRAWS))
def test_every_documented_class_and_draw_is_selectable(name: str) -> None:
    """A name is picked as itself, even one holding the operator (top and bottom two pair)."""
    r = range_hits("random", "Kh7c2d")
    want = tuple(h.hand for h in r.hands if h.made == name or name in h.draws)
    assert tuple(select_hands(r, name).hands) == want


def _k2(hit: HandHit) -> bool:
    return hit.made == "top and bottom two pair"


def _bdfd(hit: HandHit) -> bool:
    return "backdoor flush draw" in hit.draws


@pytest.mark.parametrize(
    ("expression", "test"),
    [
        ("top and bottom two pair", _k2),
        ("TOP AND BOTTOM TWO PAIR", _k2),
        ("'top and bottom two pair'", _k2),
        ('"top and bottom two pair" or better', lambda h: h.made in
         [n for n, _ in MADE_HANDS][: [n for n, _ in MADE_HANDS].index(
             "top and bottom two pair") + 1]),
        ("top and bottom two pair and backdoor flush draw", lambda h: _k2(h) and _bdfd(h)),
        ("top and bottom two pair & not backdoor flush draw", lambda h: _k2(h) and not _bdfd(h)),
        ("top and bottom two pair, top two pair", lambda h: _k2(h) or h.made == "top two pair"),
        ("not top and bottom two pair", lambda h: not _k2(h)),
    ],
)  # fmt: skip
def test_a_name_holding_and_is_one_term(expression: str, test: Callable[[HandHit], bool]) -> None:
    r = range_hits("random", "Kh7c2d")
    want = tuple(h.hand for h in r.hands if test(h))
    assert tuple(select_hands(r, expression).hands) == want and len(want) > 0


def test_selection_keeps_weights() -> None:
    r = range_hits("AKs:0.5,AKo,QQ", "Kh7c2d", select="top pair")
    assert r.selection is not None
    assert r.selection.notation == "AKo,AKs:0.5"
    assert r.selection.weight == 9 + 1.5


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("top pear", "unknown hand class or draw 'top pear' (did you mean 'top pair'"),
        ("overpiar", "'overpiar' (did you mean 'overpair', 'underpair'"),
        ("gutshto and flush draw", "'gutshto' (did you mean 'gutshot'"),
        ("xyzzy", "'xyzzy' (see docs/hits.md for the names)"),
        ("flush draw or better", "'flush draw' is a draw"),
        ("", "empty selection"),
        ("set,,overpair", "expected a hand class or draw"),
    ],
)
def test_bad_selections_name_the_problem(expression: str, message: str) -> None:
    r = range_hits("QQ+,AK", "Kh7c2d")
    with pytest.raises(ParseError, match=re.escape(message)):
        select_hands(r, expression)


def test_bad_input() -> None:
    with pytest.raises(InputError, match="hits in omaha is not available yet"):
        range_hits("AK", "Kh7c2d", game="omaha")
    with pytest.raises(InputError, match="a board has 3, 4 or 5 cards"):
        range_hits("AK", "Kh7c")
    with pytest.raises(EmptyRangeError, match="no hand left"):
        range_hits("KhKd", "Kh7c2d")
    with pytest.raises(EmptyRangeError):
        range_hits("AsKs", "Kh7c2d", vs=["AsQs"])


# ---------------------------------------------------------------------------
# The command line.


def run(*args: str) -> tuple[int, str]:
    res = invoke(*args, columns=100)
    return res.exit_code, res.output


def test_cli_select_prints_notation_and_list_prints_combos() -> None:
    code, out = run("hits", "QQ+,AK", "--board", "Kh7c2d", "--select", "top pair or better")
    assert (code, out) == (0, "KK+,AK\n")
    code, out = run("hits", "QQ+,AK", "-b", "Kh7c2d", "--select", "set", "--list")
    assert (code, out) == (0, "KsKd\nKsKc\nKdKc\n")
    code, out = run("hits", "AKs:0.5", "-b", "Kh7c2d", "--list")
    assert (code, out) == (0, "AsKs:0.5\nAdKd:0.5\nAcKc:0.5\n")


def test_cli_selection_feeds_equity() -> None:
    _, picked = run("hits", "QQ+,AK", "-b", "Kh7c2d", "--select", "top pair or better")
    code, out = run("equity", picked.strip(), "QQ", "--board", "Kh7c2d", "--json")
    assert code == 0
    assert json.loads(out)["result"]["players"][0]["combos"] == 21


def test_cli_json_and_csv() -> None:
    code, out = run("hits", "QQ+,AK", "-b", "Kh7c2d", "--json")
    doc = json.loads(out)["result"]
    assert code == 0 and doc["combos"] == 27 and doc["selection"] is None
    assert len(doc["counts"]) == len(MADE_HANDS) + len(DRAWS)
    assert doc["hands"][0] == {
        "hand": "AsAh",
        "weight": 1.0,
        "counted": 1.0,
        "made": "overpair",
        "draws": [],
    }
    code, out = run("hits", "QQ+,AK", "-b", "Kh7c2d", "--csv")
    lines = out.splitlines()
    assert lines[0] == "kind,name,combos,weight,share"
    assert "made,top pair top kicker,12,12,0.4444444444444444" in lines  # whole weights as integers
    assert len(lines) == 1 + len(MADE_HANDS) + len(DRAWS)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hits", "QQ+,AK", "-b", "Kh7c"], "a board has 3, 4 or 5 cards"),
        (["hits", "QQ+,AK", "-b", "Kh7c2d", "--game", "omaha"], "not available yet"),
        (["hits", "QQ+,AK", "-b", "Kh7c2d", "--select", "top pear"], "unknown hand class"),
        (["hits", "QQ+,AK", "-b", "Kh7c2d", "--list", "--json"], "exclude each other"),
        (["hits", "QQ+,AK", "-b", "Kh7c2d", "--select", "set", "--csv"], "--select prints"),
        (["hits", "QQ+,AK", "-b", "Kh7c2d", "--vs", "Zz"], "unknown"),
        (["draws", "QQ+,AK", "-b", "Kh7c2d"], "for a range use: pokercalc hits QQ+,AK --board"),
    ],
)
def test_cli_bad_input_is_one_line_exit_2(args: list[str], message: str) -> None:
    code, out = run(*args)
    assert code == 2
    assert len(out.strip().splitlines()) == 1 and out.startswith("Error:"), out
    assert message in out


def test_cli_draws_of_one_hand_still_works() -> None:
    code, out = run("draws", "KcTh", "-b", "Jh9c7c")
    assert code == 0 and "double gutshot" in out


# The page's examples print what it shows: tests/cli/test_docs_examples.py.
def test_docs_name_every_class_and_draw() -> None:
    doc = (ROOT / "docs" / "hits.md").read_text("utf-8")
    for name in [n for n, _ in MADE_HANDS] + list(DRAWS):
        assert name in doc, name
