"""Tests of pokercalc.analysis.outs: the judged example, rules by brute force, equity after."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
import reference
import reference_games
from cli_runs import invoke
from click.testing import CliRunner

from pokercalc.analysis.equities import equity
from pokercalc.analysis.outs import _turn_straight_danger, discounted_outs, find_outs
from pokercalc.cli import cli
from pokercalc.core.cards import cards_of, format_card, format_cards, parse_cards
from pokercalc.errors import CardConflictError, EmptyRangeError, InputError, ParseError
from pokercalc.ranges.notation import Range


def text(cards) -> str:
    """Cards as ASCII."""
    return format_cards(cards)


def test_aces_on_k98_have_exactly_eleven_outs() -> None:
    r = find_outs("AsAc", "Kd8h9c")
    assert r.groups == (
        ("Two pair", ("Ks", "Kh", "Kc", "9s", "9h", "9d", "8s", "8d", "8c")),
        ("Three of a kind", ("Ah", "Ad")),
    )
    assert r.count == 11 and len(r.cards) == 47
    # Kicker cards (queens, jacks, tens) are not outs.
    assert not set(r.outs) & set(cards_of(parse_cards("QsQhQdQcJsJhJdJcTsThTdTc")))
    assert r.equity is None and r.weighted_count is None and r.behind_to_ahead == ()


def test_board_improvements_are_not_outs() -> None:
    # A king pairs the board: the hero's two pair is no better than the board's category.
    r = find_outs("2c3d", "AhAsKd")
    assert not {c for c in r.outs if c.rank == 11}
    assert {c.rank for c in r.outs} == {0, 1}  # only a deuce or a trey: two pair above the board's
    # Aces and kings fill the board's own full house; nothing else lifts AAKK: no outs.
    assert find_outs("2c3d", "AhAsKdKc").outs == ()


def test_specific_opponents_remove_outs_that_lose_and_their_cards() -> None:
    r = find_outs("AsAc", "Kd8h9c", ["KsKh"])
    assert text(r.outs) == "AhAd"
    assert len(r.cards) == 45  # KsKh are not unseen
    # Ties are not beaten: 4h, 4d, 4c make the board's straight for both, but pair the board too.
    r = find_outs("AsKs", "2s3s5c6d", ["5s6c"])
    assert text(r.outs) == "QsJsTs9s8s7s4s"


def test_range_opponents_do_not_take_part_in_the_rules() -> None:
    r = find_outs("QhJh", "Kd8h9c2c", ["QQ+,AK"])
    assert r.count == 10  # six pairing cards and four tens
    assert text(r.behind_to_ahead) == "TsThTdTc"
    assert r.ahead is False


def brute_outs(hero, board, specific, dead) -> tuple[int, ...]:
    """The three rules by their definition, with the pure-Python reference evaluator."""
    known = set(hero) | set(board) | set(dead) | {c for o in specific for c in o}
    before = reference.hand_rank(hero + board)
    out = []
    for c in range(51, -1, -1):
        if c in known:
            continue
        new = reference.hand_rank(hero + board + (c,))
        with_board = board + (c,)
        if len(with_board) == 5:
            board_cat = reference.rank_five(with_board)[0]
        else:
            counts = sorted(sum(1 for x in with_board if x >> 2 == r) for r in range(13))[::-1]
            board_cat = {4: 7, 3: 3}.get(counts[0], 2 if counts[1] == 2 else counts[0] - 1)
        if (
            new > before
            and new[0] > before[0]
            and new[0] > board_cat
            and all(reference.hand_rank(o + board + (c,)) <= new for o in specific)
        ):
            out.append(c)
    return tuple(out)


@pytest.mark.slow
def test_rule_outs_match_brute_force_on_random_flops_and_turns(monkeypatch) -> None:
    from pokercalc.analysis import outs as outs_module

    # Only the rules are under test here: stand in for the engine run per card.
    monkeypatch.setattr(outs_module._Engine, "run", _fake_engine)
    rng = random.Random(7)
    for i in range(300):
        deck = rng.sample(range(52), 13)
        n_board = 3 + i % 2
        hero, board = tuple(deck[:2]), tuple(deck[2 : 2 + n_board])
        rest = deck[2 + n_board :]
        specific = [tuple(rest[2 * k : 2 * k + 2]) for k in range(i % 3)]
        dead = tuple(rest[6 : 6 + rng.choice((0, 3))])
        r = find_outs(hero, board, [text(o) for o in specific], dead)
        want = cards_of(brute_outs(hero, board, specific, dead))
        assert r.outs == want, (text(hero), text(board))


class _FakePlayer:
    equity = 0.5
    equity_fraction = None
    stderr = None


class _FakeResult:
    players = (_FakePlayer(), _FakePlayer())
    interrupted = False
    outcomes = 1


def _fake_engine(engine, players, board, dead, threads=None, game=None, index=0):
    """Stands in for the engine where only the rules are under test."""
    return _FakeResult()


def test_odds_equal_a_brute_force_count() -> None:
    for hero, board, opps in [
        ("AsAc", "Kd8h9c", []),
        ("KcTh", "Jh9c7c", []),
        ("QhJh", "Kd8h9c2c", []),
        ("5c9d", "3h6s7c", ["AsAd"]),
    ]:
        r = find_outs(hero, board, opps)
        outs = set(r.outs)
        unseen = [c.card for c in r.cards]
        assert r.hit_next == Fraction(sum(c in outs for c in unseen), len(unseen))
        if len(parse_cards(board)) == 3:
            pairs = list(itertools.combinations(unseen, 2))
            hits = sum(1 for a, b in pairs if a in outs or b in outs)
            assert r.hit_by_river == Fraction(hits, len(pairs))
            assert r.rule_by_river == pytest.approx(min(1.0, 0.04 * r.count))
        else:
            assert r.hit_by_river == r.hit_next
            assert r.rule_by_river == pytest.approx(0.02 * r.count)
        assert r.rule_next == pytest.approx(0.02 * r.count)


def test_rule_of_4_and_2() -> None:
    r = find_outs("8h9h", "ThJh2c")  # flush and straight draws plus six pairing cards
    assert r.count == 21 and r.rule_by_river == pytest.approx(0.84)
    assert r.rule_next == pytest.approx(0.42) and r.hit_by_river == Fraction(756, 1081)


def _random_cases(n: int, seed: int):
    """Generated (hero, board, opponents, dead): specific hands and small ranges."""
    rng = random.Random(seed)
    ranges = ["QQ+,AKs", "random", "JTs,98s,T9o"]
    for i in range(n):
        deck = rng.sample(range(52), 10)
        n_board = 4 if i % 2 else 3
        hero, board = text(deck[:2]), text(deck[2 : 2 + n_board])
        rest = deck[2 + n_board :]
        opps = [text(rest[:2])]
        if i % 3 == 1:
            opps = [ranges[i % len(ranges)]]
        if i % 4 == 3:
            opps.append(text(rest[2:4]))
        yield hero, board, opps, text(rest[4:5]) if i % 5 == 0 else ""


@pytest.mark.slow
def test_equity_after_each_card_is_the_engine_with_that_card_on_the_board() -> None:
    for hero, board, opps, dead in _random_cases(6, seed=3):
        try:
            r = find_outs(hero, board, opps, dead)
        except EmptyRangeError:
            continue
        players = [hero, *opps]
        now = equity(players, board=board, dead=dead, method="exact").players
        # (exact, the equity now is the cards' runs combined: every deal is one of theirs)
        assert r.equity == now[0].equity
        assert r.ahead == all(now[0].equity > p.equity for p in now[1:])
        for c in r.cards:
            b = parse_cards(board) + (int(c.card),)
            try:
                res = equity(players, board=b, dead=dead, method="exact").players
            except EmptyRangeError:
                assert c.equity is None
                continue
            assert c.equity == res[0].equity, (hero, board, opps, c.card)
            assert c.equity_fraction == res[0].equity_fraction
            assert c.ahead == all(res[0].equity > p.equity for p in res[1:])
        assert r.weighted_count == pytest.approx(sum(c.equity or 0 for c in r.cards if c.is_out))
        assert set(r.behind_to_ahead) == (
            set() if r.ahead else {c.card for c in r.cards if c.ahead}
        )


@pytest.mark.slow
def test_equity_now_of_weighted_ranges_is_a_run_of_its_own() -> None:
    """Weighted ranges give no exact fractions to combine: the equity now is then run."""
    vs = ["QQ+:0.5,AKs", "random"]
    r = find_outs("AsKs", "Js9h3d", vs, method="exact")
    now = equity(["AsKs", *vs], board="Js9h3d", method="exact").players
    assert r.equity == now[0].equity and r.equity is not None
    assert all(c.equity_fraction is None and c.equity is not None for c in r.cards)


def test_equity_after_each_card_matches_the_reference_enumerator_on_the_turn() -> None:
    hero, board = parse_cards("QhJh"), parse_cards("Kd8h9c2c")
    villain = Range.from_combos("QQ+", [parse_cards(x) for x in ("AsAc", "KsKh", "QsQd", "AdAh")])
    r = find_outs(hero, board, [villain])
    for c in r.cards:
        ref = reference.reference_equity([[hero], villain], board + (int(c.card),))
        assert c.equity_fraction == ref.equity[0], format_cards([c.card])
    assert r.weighted_count == pytest.approx(
        float(
            sum(
                reference.reference_equity([[hero], villain], board + (int(c),)).equity[0]
                for c in r.outs
            )
        )
    )


def test_equity_after_flop_card_vs_one_hand_matches_the_reference() -> None:
    hero, board, villain = parse_cards("5c9d"), parse_cards("3h6s7c"), parse_cards("AsAd")
    r = find_outs(hero, board, [text(villain)])
    assert r.ahead is False
    for c in r.cards[::6]:
        ref = reference.reference_equity([[hero], [villain]], board + (int(c.card),))
        assert c.equity_fraction == ref.equity[0]
    assert set(r.outs) <= set(r.behind_to_ahead)


# --- HoldemHand's OutsDiscounted heuristic -------------------------------------------------------


def test_discounted_with_opponents_matches_holdemhand() -> None:
    # The library's own test cases (its mask order is by suit; ours is highest card first).
    got = discounted_outs("QsJs", "9cTs7d3c", ["8s9s", "AcKs"])
    assert set(got) == set(parse_cards("KhQh8hKdQd8dKcQc8c"))
    got = discounted_outs("QsJs", "9cTs7d3c", ["8s9s", "AcKc"])
    assert set(got) == set(parse_cards("KsKhQh8hKdQd8d"))


def test_discount_rules_one_by_one() -> None:
    # 1. A pair needs an overcard: on K72 rainbow, A5 pairs only with an ace, not a five.
    assert text(discounted_outs("Ac5d", "Kh7s2d")) == "AsAhAd"
    # 2. Pairing a hole card for two pair is discounted on a paired board.
    assert not {c >> 2 for c in discounted_outs("AcTd", "JhJs4c")} & {12}
    assert {c >> 2 for c in discounted_outs("AcJd", "Jh8s4c")} >= {12, 9}
    # 3. A three-suited board discounts straights but never flushes.
    got = discounted_outs("Ah8c", "9h6h7h")
    assert {c & 3 for c in got} == {2} and len(got) == 9
    assert not set(discounted_outs("Ts8c", "9h6h7d")) & set(parse_cards("5h"))
    # 4. A connected flop (three in a row) discounts pairs and trips but not straights.
    got = discounted_outs("As2s", "9h8d7c")
    assert {c >> 2 for c in got} <= {4, 8, 9, 10, 11, 12} and not {c >> 2 for c in got} & {12}


def test_turn_straight_danger_shapes() -> None:
    def ranks(s: str) -> int:
        return sum(1 << "23456789TJQKA".index(ch) for ch in s)

    assert _turn_straight_danger(ranks("6789"))  # four in a row
    assert _turn_straight_danger(ranks("789J"))  # 789 _ J: a ten makes it
    assert not _turn_straight_danger(ranks("3789"))  # three in a row need two more cards
    assert _turn_straight_danger(ranks("5789"))  # 5 _ 7 8 9
    assert _turn_straight_danger(ranks("5689"))  # 56 _ 89
    assert _turn_straight_danger(ranks("A234"))  # wheel four
    assert _turn_straight_danger(ranks("A235"))  # A23 _ 5
    assert not _turn_straight_danger(ranks("27TQ"))
    assert not _turn_straight_danger(ranks("379Q"))
    assert not _turn_straight_danger(ranks("45J"))


def test_the_original_sticky_flag_is_not_kept() -> None:
    # HoldemHand answers Ks 8s Kh 8h Kd 8d; per card, the red queens count too.
    assert text(discounted_outs("QsJs", "9cTs7d3c")) == "KsKhKdQhQd8s8h8d"


# --- input and output ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("AsAc", "Kd8h"), InputError),
        (("AsAc", "Kd8h9c", ["AsKd"]), CardConflictError),
        (("AsAc", "Kd8h9c", ["QQ"], "Qs"), type(None)),
        (("AsAx", "Kd8h9c"), ParseError),
        (("AsAc", "Kd8h9c", ["KK"], "KsKhKc"), EmptyRangeError),
    ],
)
def test_bad_input(args, error) -> None:
    if error is type(None):
        find_outs(*args)  # a dead card inside an opponent range is fine
        return
    with pytest.raises(error):
        find_outs(*args)


def test_to_dict() -> None:
    d = find_outs("AsAc", "Kd8h9c").to_dict()
    assert d["groups"] == {
        "Two pair": "KsKhKc9s9h9d8s8d8c",
        "Three of a kind": "AhAd",
    }
    assert d["count"] == 11 and d["unseen"] == 47 and d["street"] == "flop"
    assert d["hit_next"] == 11 / 47 and d["hit_next_fraction"] == "11/47"
    assert d["hit_by_river_fraction"] == "451/1081"
    assert d["discounted"] == "AhAd" and d["behind_to_ahead"] == ""
    assert d["cards"][0] == {
        "card": "Ah",
        "value": d["cards"][0]["value"],
        "category": "Three of a kind",
        "description": "Three of a kind, Aces",
        "is_out": True,
        "discounted": True,
        "equity": None,
        "equity_fraction": None,
        "stderr": None,
        "ahead": None,
        "no_deal": False,
    }
    assert d["interrupted"] is False
    assert d["method"] is d["equity_stderr"] is d["seed"] is None  # (no opponent)


def test_a_card_that_leaves_an_opponent_no_hand_is_no_deal() -> None:
    # After Ad or Ac, AA's one hand left (AdAc) is gone: those cards cannot come.
    r = find_outs("AsKs", "AhKh2c", ["AA"])
    by_card = {format_card(c.card): c for c in r.cards}
    for card in ("Ad", "Ac"):
        assert by_card[card].no_deal and by_card[card].equity is None
    assert not any(c.no_deal for name, c in by_card.items() if name not in ("Ad", "Ac"))
    # The rest stands: KdKc are outs worth their exact equity, and only they count.
    assert by_card["Kd"].equity_fraction is not None
    assert r.weighted_count == by_card["Kd"].equity + by_card["Kc"].equity
    res = CliRunner().invoke(cli, ["outs", "AsKs", "--board", "AhKh2c", "--vs", "AA", "--json"])
    assert res.exit_code == 0, res.output
    cards = {c["card"]: c for c in _result(res.output)["cards"]}
    assert cards["Ad"]["no_deal"] is True and cards["Ad"]["equity"] is None


def _result(out: str) -> dict:
    data = json.loads(out)
    return data.get("result", data)


def test_cli_outs_json() -> None:
    res = CliRunner().invoke(cli, ["outs", "AsAc", "--board", "Kd8h9c", "--vs", "KsKh", "--json"])
    assert res.exit_code == 0, res.output
    d = _result(res.output)
    assert d["outs"] == "AhAd" and d["opponents"] == ["KsKh"]
    first = d["cards"][0]
    assert first["card"] == "Ah" and first["equity_fraction"] == "43/44"  # a king still quads


def test_cli_outs_table() -> None:
    res = CliRunner().invoke(cli, ["outs", "AsAc", "--board", "Kd8h9c"], terminal_width=120)
    assert res.exit_code == 0, res.output
    assert "11 outs" in res.output
    assert "Two pair, Aces and Kings" in res.output and "Three of a kind, Aces" in res.output
    assert "41.72%" in res.output and "44% (rule of 4)" in res.output


def test_cli_outs_with_opponent_shows_equity_after_each_card() -> None:
    res = CliRunner().invoke(
        cli, ["outs", "QhJh", "-b", "Kd8h9c", "--vs", "AsAc"], terminal_width=120
    )
    assert res.exit_code == 0, res.output
    assert "Equity after %" in res.output and "equity now 22.12% (behind)" in res.output


def test_cli_outs_csv() -> None:
    res = CliRunner().invoke(cli, ["outs", "AsAc", "--board", "Kd8h9c", "--csv"])
    assert res.exit_code == 0
    lines = res.output.splitlines()
    assert lines[0] == "card,hand,is_out,discounted,equity,stderr,ahead,no_deal"
    assert lines[1] == 'Ah,"Three of a kind, Aces",True,True,,,,False'
    assert len(lines) == 48


@pytest.mark.parametrize(
    "args",
    [
        ["outs", "AsAc", "--board", "Kd8h"],
        ["outs", "AsAc", "--board", "Kd8h9c", "--vs", "AsKd"],
        ["outs", "AsAc", "--board", "Kd8h9c", "--vs", "QQ+,"],
        ["outs", "AsAc"],
        ["outs", "AsAc", "--board", "Kd8h9c", "--dead", "Kd"],
    ],
)
def test_cli_outs_bad_input_is_one_line_exit_2(args) -> None:
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 2
    assert len(res.output.strip().splitlines()) == 1 and res.output.startswith("Error:")


# The examples of docs/outs.md print what it shows: tests/cli/test_docs_examples.py.


def test_commands_have_help_and_are_documented() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text("utf-8")
    for name in ("outs", "draws"):
        res = CliRunner().invoke(cli, [name, "--help"])
        assert res.exit_code == 0 and "--board" in res.output and "--json" in res.output
        assert f"`pokercalc {name} HERO --board CARDS" in readme
    assert "--vs" in CliRunner().invoke(cli, ["outs", "--help"]).output


def test_a_winning_card_that_is_not_an_out_is_shown_apart() -> None:
    # A queen gives the hero broadway, but the board alone is then a straight too (rule 2).
    r = find_outs("5dAh", "JsThKc9h", ["Qh7h"])
    assert r.outs == () and text(r.behind_to_ahead) == "QsQdQc"
    res = CliRunner().invoke(
        cli, ["outs", "5dAh", "-b", "JsThKc9h", "--vs", "Qh7h"], terminal_width=120
    )
    assert "Not outs by the rules, but the hero is ahead after them" in res.output
    assert "Straight, Ace high" in res.output


# --- short-deck: the 36-card deck, A-6-7-8-9, flush over full house ----------------------------


def _short_board_strength(cards: tuple[int, ...], triton: bool) -> int:
    """The strength of a flop plus one card (rank counts) or of five cards, short-deck."""
    order = reference_games.TRITON_ORDER if triton else reference_games.SHORT_ORDER
    if len(cards) == 5:
        return reference_games.short_rank(cards, triton)[0]
    counts = sorted((sum(1 for x in cards if x >> 2 == r) for r in range(13)), reverse=True)
    cat = {4: 7, 3: 3}.get(counts[0], 2 if counts[1] == 2 else counts[0] - 1)
    return order.index(cat)


def brute_outs_short(hero, board, specific, dead, triton: bool) -> tuple[int, ...]:
    """The three rules by their definition in short-deck, with the slow reference ranking."""
    known = set(hero) | set(board) | set(dead) | {c for o in specific for c in o}
    before = reference_games.short_rank(hero + board, triton)
    out = []
    for c in range(51, 15, -1):
        if c in known:
            continue
        new = reference_games.short_rank(hero + board + (c,), triton)
        if (
            new > before
            and new[0] > before[0]
            and new[0] > _short_board_strength(board + (c,), triton)
            and all(reference_games.short_rank(o + board + (c,), triton) <= new for o in specific)
        ):
            out.append(c)
    return tuple(out)


@pytest.mark.slow
def test_short_deck_rule_outs_match_brute_force(monkeypatch) -> None:
    from pokercalc.analysis import outs as outs_module

    monkeypatch.setattr(outs_module._Engine, "run", _fake_engine)
    rng = random.Random(11)
    for i in range(200):
        triton = i % 2 == 1
        deck = rng.sample(range(16, 52), 13)
        n_board = 3 + (i // 2) % 2
        hero, board = tuple(deck[:2]), tuple(deck[2 : 2 + n_board])
        rest = deck[2 + n_board :]
        specific = [tuple(rest[2 * k : 2 * k + 2]) for k in range(i % 3)]
        dead = tuple(rest[6 : 6 + rng.choice((0, 3))])
        game = "shortdeck-triton" if triton else "shortdeck"
        r = find_outs(hero, board, [text(o) for o in specific], dead, game=game)
        assert len(r.cards) == 36 - len(hero + board + dead) - 2 * len(specific)
        want = brute_outs_short(hero, board, specific, dead, triton)
        assert r.outs == cards_of(want), (text(hero), text(board), game)


def _short_equity_after(hero, villain, board, triton: bool) -> Fraction:
    """The hero's exact equity against one hand with ``board`` out, by enumerating the rest."""
    used = set(hero + villain + board)
    rest = [c for c in range(16, 52) if c not in used]
    total = Fraction(0)
    runouts = list(itertools.combinations(rest, 5 - len(board)))
    for more in runouts:
        ours = reference_games.short_rank(hero + board + more, triton)
        theirs = reference_games.short_rank(villain + board + more, triton)
        total += 1 if ours > theirs else Fraction(1, 2) if ours == theirs else 0
    return total / len(runouts)


@pytest.mark.parametrize("game", ["shortdeck", "shortdeck-triton"])
def test_short_deck_equity_after_each_card_matches_the_reference(game: str) -> None:
    hero, board, villain = parse_cards("As7s"), parse_cards("8h9dKc"), parse_cards("KdQd")
    r = find_outs(hero, board, [text(villain)], game=game)
    assert r.game == game and len(r.cards) == 29  # 36 - 2 - 3 - the villain's two
    assert text(r.groups[-1][1]) == "6s6h6d6c" and r.groups[-1][0] == "Straight"
    for c in r.cards[::3]:
        want = _short_equity_after(hero, villain, board + (int(c.card),), game.endswith("triton"))
        assert c.equity_fraction == want, text([c.card])
    # ... and it is the engine's answer with that card on the board.
    c = r.cards[5]
    got = equity([text(hero), text(villain)], board + (c.card,), game=game, method="exact")
    assert c.equity_fraction == got.players[0].equity_fraction


def test_short_deck_odds_come_from_the_36_card_deck() -> None:
    r = find_outs("As7s", "8h9dKc", game="shortdeck")
    assert r.count == 10 and len(r.cards) == 31
    assert r.hit_next == Fraction(10, 31)
    assert r.hit_by_river == 1 - Fraction(21 * 20, 31 * 30)
    assert r.rule_next == 0.2 and r.rule_by_river == 0.4  # the rules of 2 and 4, unchanged
    turn = find_outs("As7s", "8h9dKcJc", game="shortdeck")
    assert len(turn.cards) == 30 and turn.hit_by_river == turn.hit_next


def test_short_deck_flush_over_full_house_and_triton_trips_over_straight() -> None:
    # The villain's queens fill up on every heart: a flush still wins in short-deck only.
    r = find_outs("AhKh", "Qh7h7c", ["QcQs"], game="shortdeck")
    assert r.groups == (("Flush", ("Jh", "Th", "9h", "8h", "6h")),)
    assert find_outs("AhKh", "Qh7h7c", ["QcQs"]).outs == ()
    # In Triton, three of a kind beats a straight: the straight cards are no outs for trips.
    plain = find_outs("9s8s", "9h9d7c6s", game="shortdeck")
    triton = find_outs("9s8s", "9h9d7c6s", game="shortdeck-triton")
    assert text(dict(plain.groups)["Straight"]) == "AsAhAdAcTsThTdTc"
    assert "Straight" not in dict(triton.groups)


def test_short_deck_opponents_are_of_its_deck() -> None:
    # A pocket query keeps the deck's hands; notation naming a missing rank is an error.
    r = find_outs("AsAc", "Kd8h9c", ["Group1"], game="shortdeck")
    assert r.equity is not None
    with pytest.raises(InputError, match="names 5s"):
        find_outs("AsAc", "Kd8h9c", ["55"], game="shortdeck")
    with pytest.raises(InputError, match="exactly 4 hole cards"):
        find_outs("AsAc", "Kd8h9c", game="omaha")


def test_cli_outs_short_deck() -> None:
    args = ["outs", "As7s", "-b", "8h9dKc", "--vs", "KdQd", "--game", "shortdeck", "--json"]
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 0, res.output
    d = _result(res.output)
    assert d["game"] == "shortdeck" and d["unseen"] == 29
    assert d["groups"]["Straight"] == "6s6h6d6c"
    res = CliRunner().invoke(cli, args[:-1], terminal_width=120)
    assert res.exit_code == 0 and "(flop, shortdeck)" in res.output
    res = CliRunner().invoke(cli, ["outs", "AsAc", "-b", "Kd8h9c", "--game", "omaha5"])
    assert res.exit_code == 2 and res.output == (
        "Error: the hero needs exactly 5 hole cards, got 2\n"
    )


# ---------------------------------------------------------------------------
# Exact or Monte Carlo


@pytest.mark.slow
def test_monte_carlo_after_each_card_lands_within_four_standard_errors() -> None:
    # A turn against a random hand: cheap to enumerate, so every estimate can be checked.
    args = ("AsKs", "Js9h3dTc", ["random"])
    exact = find_outs(*args)
    mc = find_outs(*args, method="mc", trials=40_000, seed=17)
    assert exact.method == "exact" and exact.seed is None and exact.equity_stderr is None
    assert mc.method == "mc" and mc.seed == 17 and len(mc.cards) == len(exact.cards)
    assert mc.equity_stderr is not None and 0 < mc.equity_stderr < 0.005
    assert abs(mc.equity - exact.equity) < 4 * mc.equity_stderr
    for e, m in zip(exact.cards, mc.cards, strict=True):
        assert e.card == m.card and e.is_out == m.is_out and e.stderr is None
        assert m.equity_fraction is None and m.stderr is not None and 0 < m.stderr < 0.01
        assert abs(m.equity - float(e.equity_fraction)) < 4 * m.stderr, m.card
    assert mc.outs == exact.outs and mc.hit_next == exact.hit_next  # (the rules stay exact)
    again = find_outs(*args, method="mc", trials=40_000, seed=17)
    assert [(c.equity, c.stderr) for c in again.cards] == [(c.equity, c.stderr) for c in mc.cards]


@pytest.mark.slow
def test_auto_goes_monte_carlo_past_the_threshold_over_all_the_cards() -> None:
    # Two random hands on the flop: 41,122,620 outcomes a card (a quarter weighs as one,
    # counted by rank classes), 45 cards; exact within the default 1e9, not within 1e8.
    args = ("AsKs", "Js9h3d", ["random", "random"])
    small = find_outs(*args, threshold=1e8, trials=16384, seed=5)
    assert small.method == "mc" and all(c.stderr is not None for c in small.cards)
    big = find_outs(*args, method="exact")
    assert big.method == "exact" and all(c.equity_fraction is not None for c in big.cards)
    for e, m in zip(big.cards, small.cards, strict=True):
        assert abs(m.equity - e.equity) < 4 * m.stderr, m.card


@pytest.mark.slow
def test_omaha6_outs_run_by_default_against_a_random_hand() -> None:
    # A random Omaha-6 hand holds 5,245,786 hands: too many to list, so the runs sample.
    r = find_outs("AsKsQd7h2c8d", "Js9h3d", game="omaha6", trials=16384, seed=2)
    assert r.method == "mc" and r.opponents == ("random",) and r.seed == 2
    assert len(r.cards) == 43 and all(c.stderr is not None for c in r.cards)
    assert r.equity is not None and r.equity_stderr is not None
    with pytest.raises(InputError, match="too many to enumerate exactly; use Monte Carlo"):
        find_outs("AsKsQd7h2c8d", "Js9h3d", game="omaha6", method="exact")


@pytest.mark.slow
def test_cli_outs_monte_carlo_table_json_and_csv() -> None:
    args = ["outs", "AsKs", "--board", "Js9h3dTc", "--vs", "random", "--mc", "--trials",
            "20000", "--seed", "3"]  # fmt: skip
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 0, res.output
    assert "Monte Carlo, seed 3" in res.output and "± SE %" in res.output
    assert "(Monte Carlo)" in res.output  # the equity-weighted count is an estimate
    res = CliRunner().invoke(cli, [*args, "--json"])
    d = json.loads(res.output)["result"]
    assert d["method"] == "mc" and d["seed"] == 3 and d["equity_stderr"] > 0
    assert all(c["stderr"] > 0 and c["equity_fraction"] is None for c in d["cards"])
    res = CliRunner().invoke(cli, [*args, "--csv"])
    lines = res.output.splitlines()
    assert lines[0] == "card,hand,is_out,discounted,equity,stderr,ahead,no_deal"
    assert len(lines) == 47 and all(row.split(",")[-3] for row in lines[1:])


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--time", "-1"], "time"),
        (["--threads", "0"], "threads"),
        (["--trials", "0"], "trials"),
        (["--threshold", "nan"], "threshold"),
        (["--exact", "--game", "omaha6"], "use Monte Carlo (--mc)"),
    ],
)
def test_cli_outs_bad_engine_options_are_one_line_exit_2(extra: list[str], message: str) -> None:
    hero = "AsKsQd7h2c8d" if "omaha6" in extra else "AsKs"
    res = CliRunner().invoke(cli, ["outs", hero, "--board", "Js9h3d", *extra])
    assert res.exit_code == 2, res.output
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in res.output


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hero", "board", "vs", "game"),
    [("AsKs", "Ah7c2d", ["QQ+"], "holdem"), ("AsKsQdJd", "Js9h3d", ["random"], "omaha")],
)
def test_a_signal_keeps_every_cards_outs_and_the_equities_done(
    monkeypatch: pytest.MonkeyPatch, hero: str, board: str, vs: list[str], game: str
) -> None:
    """What a card makes of the hand takes no engine run: after a signal at the fourth card
    every card is listed with its outs, the odds are whole, and only three have equities."""
    from pokercalc.analysis import outs as outs_module

    whole = find_outs(hero, board, vs, game=game)
    real = outs_module._Engine.run
    calls = []

    def run(self, players, b, dead, threads=None, g=None, index=0):  # type: ignore[no-untyped-def]
        calls.append(index)
        if len(b) > len(parse_cards(board)) and index >= 4:
            raise KeyboardInterrupt
        return real(self, players, b, dead, threads, g, index)

    monkeypatch.setattr(outs_module._Engine, "run", run)
    cut = find_outs(hero, board, vs, game=game)
    assert cut.interrupted and not whole.interrupted
    assert [c.card for c in cut.cards] == [c.card for c in whole.cards]
    assert (cut.outs, cut.hit_next, cut.hit_by_river) == (
        whole.outs,
        whole.hit_next,
        whole.hit_by_river,
    )
    assert [c.equity for c in cut.cards[:3]] == [c.equity for c in whole.cards[:3]]
    assert all(c.equity is None and c.ahead is None for c in cut.cards[3:])
    res = CliRunner().invoke(cli, ["outs", hero, "-b", board, "--vs", vs[0], "--game", game])
    assert res.exit_code == 130
    assert f"INTERRUPTED: equities after 3 of the {len(whole.cards)} cards" in res.output


# --- the outs headline -----------------------------------------------------------------------


def test_outs_headline_says_which_question_it_answers() -> None:
    alone = invoke("outs", "5c6c", "--board", "Kd8h9c", columns=120).output
    assert "Outs: 10 of 47 cards improve the hand (Keith Rule's rules)" in alone
    assert "Ahead:" not in alone
    ahead = invoke("outs", "AsAc", "--board", "Kd8h9c", "--vs", "QhJh", columns=120).output
    assert "Outs: 11 of 45 cards improve the hand (Keith Rule's rules)" in ahead
    assert "Ahead: 41 of 45 cards keep the hero ahead" in ahead
    behind = invoke("outs", "QhJh", "--board", "Kd8h9c", "--vs", "AsAc", columns=120).output
    assert "Ahead: 4 of 45 cards put the hero ahead" in behind


def test_outs_headline_counts_cards_ahead_that_are_not_outs() -> None:
    data = json.loads(
        invoke("outs", "7h6h", "--board", "Ah8d2c", "--vs", "KsKc", "--json", columns=80).output
    )
    d = data["result"]
    cards = d["cards"]
    ahead = sum(1 for c in cards if c["ahead"])
    extra = sum(1 for c in cards if c["ahead"] and not c["is_out"])
    text = invoke("outs", "7h6h", "--board", "Ah8d2c", "--vs", "KsKc", columns=120).output
    line = f"Ahead: {ahead} of {len(cards)} cards put the hero ahead"
    assert line + (f" ({extra} not outs)" if extra else "") in text


def test_every_card_is_listed_as_leaving_the_hero_ahead_or_behind() -> None:
    # Ahead now: the four tens give QhJh a straight and put the aces behind (issue 42 item 19).
    r = find_outs("AsAc", "Kd8h9c", ["QhJh"])
    assert r.ahead is True and text(r.behind_after) == "TsThTdTc"
    assert len(r.ahead_after) == 41
    assert set(r.ahead_after) | set(r.behind_after) == {c.card for c in r.cards}
    assert not set(r.ahead_after) & set(r.behind_after)
    d = r.to_dict()
    assert d["behind_after"] == "TsThTdTc" and len(d["ahead_after"]) == 2 * 41
    # Behind now: the sevens put 5c6c ahead, every other card keeps it behind.
    r = find_outs("5c6c", "Kd8h9c", ["AsKs"])
    assert r.ahead is False and text(r.ahead_after) == "7s7h7d7c"
    assert len(r.behind_after) == 41
    assert all(not c.ahead for c in r.cards if c.card in r.behind_after)
    # Without opponents nothing is ahead or behind.
    r = find_outs("AsAc", "Kd8h9c")
    assert r.ahead_after == () and r.behind_after == ()


def test_no_deal_cards_are_neither_ahead_nor_behind() -> None:
    r = find_outs("AsKs", "AhKh2c", ["AA"])
    no_deal = {c.card for c in r.cards if c.no_deal}
    assert text(sorted(no_deal, reverse=True)) == "AdAc"
    assert not no_deal & (set(r.ahead_after) | set(r.behind_after))
    assert len(r.ahead_after) + len(r.behind_after) == len(r.cards) - 2


def test_omaha_outs_list_the_cards_that_put_the_hero_behind() -> None:
    r = find_outs("As2sKdQd", "3h8c7sKc", ["JhJcTdTc"], game="omaha-hilo")
    assert (len(r.ahead_after), len(r.behind_after)) == (24, 16)
    assert all(c.ahead is False for c in r.cards if c.card in r.behind_after)
    r = find_outs("AsKsQdJd", "Js9h8d2c", ["Tc7c6h5h"], game="omaha")  # opponent: straight
    assert r.ahead is False and r.ahead_after and r.behind_after


def test_outs_table_shows_the_cards_that_put_the_hero_behind() -> None:
    res = invoke("outs", "AsAc", "--board", "Kd8h9c", "--vs", "QhJh", columns=100)
    assert res.exit_code == 0, res.output
    assert "Behind: 4 of 45 cards put the hero behind" in res.output
    assert "Cards that put the hero behind" in res.output
    assert "puts the hero behind │     4 │ T♠ T♥ T♦ T♣" in res.output
    res = invoke("outs", "5c6c", "--board", "Kd8h9c", "--vs", "AsKs", columns=120)
    assert "Behind: 41 of 45 cards keep the hero behind" in res.output
    assert "puts the hero ahead   │     4 │ 7♠ 7♥ 7♦ 7♣" in res.output
    assert "Cards that put the hero behind" not in res.output
