"""Tests of pokercalc.analysis.draws: judged examples, and each draw against dealing each card."""

from __future__ import annotations

import json
import random

import pytest
import reference
import reference_games
from cli_runs import invoke, one_line_error
from click.testing import CliRunner

from pokercalc import _eval
from pokercalc.analysis.draws import (
    draw_count,
    find_draws,
    flush_draw_count,
    flush_outs,
    hand_key,
    is_backdoor_flush_draw,
    is_double_gutshot,
    is_flush_draw,
    is_gutshot,
    is_open_ended_straight_draw,
    straight_draw_count,
    straight_outs,
)
from pokercalc.cli import cli
from pokercalc.core.cards import format_cards, parse_cards
from pokercalc.core.games import get_game
from pokercalc.errors import CardConflictError, InputError, ParseError

STRAIGHT, FLUSH, STRAIGHT_FLUSH = 4, 5, 8


def names(hero: str, board: str, dead: str = "") -> dict[str, str]:
    """Draw name -> its completing cards in ASCII."""
    return {d.name: d.card_text for d in find_draws(hero, board, dead).draws}


def test_kt_on_j97_is_a_double_gutshot_and_backdoor_flush_draw() -> None:
    found = names("KcTh", "Jh9c7c")
    assert found == {
        "backdoor flush draw": "AcQcJcTc8c6c5c4c3c2c",
        "double gutshot": "QsQhQdQc8s8h8d8c",
    }
    assert is_double_gutshot("KcTh", "Jh9c7c")
    assert not is_open_ended_straight_draw("KcTh", "Jh9c7c")
    assert not is_gutshot("KcTh", "Jh9c7c")
    assert is_backdoor_flush_draw("KcTh", "Jh9c7c")
    assert straight_draw_count("KcTh", "Jh9c7c") == 8


def test_kt_on_aqt_clubs_is_a_flush_draw_and_a_gutshot() -> None:
    found = names("KcTh", "AcQcTc")
    assert found == {"flush draw": "Jc9c8c7c6c5c4c3c2c", "gutshot": "JsJhJdJc"}
    assert is_flush_draw("KcTh", "AcQcTc") and is_gutshot("KcTh", "AcQcTc")
    assert flush_draw_count("KcTh", "AcQcTc") == 9
    # Jc makes a royal flush: HoldemHand counts straight flushes among straight draws.
    assert draw_count("KcTh", "AcQcTc", STRAIGHT) == 3
    assert draw_count("KcTh", "AcQcTc", STRAIGHT_FLUSH) == 1


def test_59_on_367_is_a_double_gutshot_by_fours_and_eights() -> None:
    assert names("5c9d", "3h6s7c") == {"double gutshot": "8s8h8d8c4s4h4d4c"}
    assert is_double_gutshot("5c9d", "3h6s7c")


@pytest.mark.parametrize(
    ("hero", "board", "name", "cards"),
    [
        ("5h6d", "7h8cKd", "open-ended straight draw", "9s9h9d9c4s4h4d4c"),
        ("2c3d", "4h5sKc", "open-ended straight draw", "AsAhAdAc6s6h6d6c"),
        ("TcJd", "QhKs3c", "open-ended straight draw", "AsAhAdAc9s9h9d9c"),
        ("JdQd", "KsAs5c", "gutshot", "TsThTdTc"),
        ("Ac2d", "3h4s9c", "gutshot", "5s5h5d5c"),
    ],
)
def test_straight_draw_shapes(hero: str, board: str, name: str, cards: str) -> None:
    assert names(hero, board)[name] == cards


def test_dead_cards_remove_completing_cards() -> None:
    found = names("KcTh", "Jh9c7c", "QsQhQdQc")
    assert found["gutshot"] == "8s8h8d8c"
    assert straight_draw_count("KcTh", "Jh9c7c", "QsQh") == 6


def test_a_board_only_draw_does_not_count() -> None:
    # Four to a straight and four hearts on the board; the hero's 2c3d adds nothing.
    assert names("2c3d", "9hThJhQh") == {}
    assert flush_draw_count("2c3d", "9hThJhQh") == 0
    # A deuce of hearts does: any heart is a flush for the hero alone.
    assert is_flush_draw("2h3d", "9hThJhKc")


def test_made_hands_have_no_straight_or_flush_draw() -> None:
    assert straight_draw_count("8c9d", "TsJhQc") == 0  # made straight
    assert flush_draw_count("Ah2h", "5h7h9h") == 0  # made flush
    assert not is_backdoor_flush_draw("Ah2h", "5h7h9h")


def test_backdoor_needs_a_hole_card_and_the_flop() -> None:
    assert not is_backdoor_flush_draw("Ad2c", "5h7h9h")  # three hearts on the board alone
    assert not is_backdoor_flush_draw("Ah2c", "5h7h9c2d")  # the turn is too late


def test_to_dict_and_rows() -> None:
    r = find_draws("KcTh", "AcQcTc")
    d = r.to_dict()
    assert d["hero"] == "KcTh" and d["board"] == "AcQcTc"
    assert d["draws"][1] == {
        "name": "gutshot",
        "cards": "JsJhJdJc",
        "count": 4,
        "needs": 1,
    }
    assert d["draw_counts"]["Straight flush"] == 1
    assert d["straight_draw_count"] == 4 and d["flush_draw_count"] == 9
    assert r.to_rows()[0] == {
        "draw": "flush draw",
        "count": 9,
        "needs": 1,
        "cards": "Jc9c8c7c6c5c4c3c2c",
    }


@pytest.mark.parametrize(
    ("hero", "board", "dead", "error"),
    [
        ("KcTc", "AcQcJcTc", "", CardConflictError),
        ("Kc", "AcQcJc", "", InputError),
        ("KcTh", "AcQc", "", InputError),
        ("KcTh", "AcQcJc9c8c", "", InputError),
        ("KcTh", "AcQcJc", "Qc", CardConflictError),
        ("KcTx", "AcQcJc", "", ParseError),
    ],
)
def test_bad_input(hero: str, board: str, dead: str, error: type) -> None:
    with pytest.raises(error):
        find_draws(hero, board, dead)


def test_hand_key_short_hands() -> None:
    assert hand_key(parse_cards("9c9d9h9s")) == (7, (7,))
    assert hand_key(parse_cards("9c9d9hAs")) == (3, (7, 12))
    assert hand_key(parse_cards("9c9d2h2s")) == (2, (7, 0))
    assert hand_key(parse_cards("Kc9d2h")) == (0, (11, 7, 0))
    assert hand_key(parse_cards("Kc9d2h2s")) < hand_key(parse_cards("Kc9d2h2sAs"))


# --- brute force: deal each unseen card and evaluate -------------------------------------------


def _short_category(cards: tuple[int, ...]) -> int:
    """Category of three or four cards by rank counts (no straight or flush is possible)."""
    counts = sorted((sum(1 for c in cards if c >> 2 == r) for r in range(13)), reverse=True)
    return {4: 7, 3: 3}.get(counts[0], 2 if counts[:2] == [2, 2] else 1 if counts[0] == 2 else 0)


def _cat_top(cards: tuple[int, ...]) -> tuple[int, int]:
    """(category, top card) of 3 to 7 cards, the reference way."""
    if len(cards) < 5:
        cat = _short_category(cards)
        counts = {r: sum(1 for c in cards if c >> 2 == r) for r in {c >> 2 for c in cards}}
        return cat, max(counts, key=lambda r: (counts[r], r))
    key = reference.hand_rank(cards)
    return key[0], key[1]


#: ``pokercalc.evaluate`` of card indices without its input checks (brute deals valid cards
#: only): the brute force deals tens of thousands of cards.
evaluate = _eval.evaluate_indices


def brute(hero: tuple[int, ...], board: tuple[int, ...], dead: tuple[int, ...]) -> dict:
    """Every draw quantity by its definition: deal each unseen card and evaluate."""
    known = hero + board
    unseen = [c for c in range(51, -1, -1) if c not in known and c not in dead]
    cur = evaluate(known) >> 12
    straight, flush = [], []
    counts = [0] * 9
    for c in unseen:
        new_value = evaluate(known + (c,))
        new = new_value >> 12
        with_board = board + (c,)
        if new in (STRAIGHT, FLUSH, STRAIGHT_FLUSH):
            beats = _cat_top(known + (c,)) > _cat_top(with_board)
            if new in (STRAIGHT, STRAIGHT_FLUSH) and cur < STRAIGHT and beats:
                straight.append(c)
            if new in (FLUSH, STRAIGHT_FLUSH) and cur not in (FLUSH, STRAIGHT_FLUSH) and beats:
                flush.append(c)
        if new > cur:
            # Six or seven cards always beat four of them; five board cards compare by value.
            if len(with_board) < 5 or new_value > evaluate(with_board):
                counts[new] += 1
    comp = {c >> 2 for c in straight}
    ranks = {c >> 2 for c in known}
    low = {-1 if r == 12 else r for r in ranks} | ranks  # an ace also plays low (-1)
    comp_low = {-1 if r == 12 else r for r in comp} | comp
    # Open-ended: two completing ranks five apart with the four ranks between them held.
    oesd = any(
        lo in comp_low and lo + 5 in comp_low and all(lo + k in low for k in range(1, 5))
        for lo in range(-1, 8)
    )
    suit_counts = [sum(1 for c in known if c & 3 == s) for s in range(4)]
    backdoor = (
        len(board) == 3
        and cur < FLUSH
        and any(
            suit_counts[s] == 3
            and any(c & 3 == s for c in hero)
            and sum(1 for c in unseen if c & 3 == s) >= 2
            for s in range(4)
        )
    )
    return {
        "straight": tuple(straight),
        "flush": tuple(flush),
        "counts": tuple(counts),
        "oesd": oesd,
        "double": len(comp) >= 2 and not oesd,
        "gutshot": len(comp) == 1,
        "backdoor": backdoor,
    }


def _situations(n: int, seed: int):
    """Random (hero, board, dead): flops and turns, half from a crowded deck so draws are common."""
    rng = random.Random(seed)
    crowded = [4 * r + s for r in range(2, 11) for s in (0, 2)] + list(range(48, 52))
    for i in range(n):
        deck = list(range(52))
        if i % 2:
            deck = crowded + rng.sample([c for c in deck if c not in crowded], 8)
        rng.shuffle(deck)
        n_board = 3 + (i // 2) % 2
        n_dead = rng.choice((0, 0, 0, 2, 5))
        cards = deck[: 2 + n_board + n_dead]
        yield tuple(cards[:2]), tuple(cards[2 : 2 + n_board]), tuple(cards[2 + n_board :])


@pytest.mark.slow
def test_every_draw_function_matches_brute_force_on_random_flops_and_turns() -> None:
    """5,000 flops and 5,000 turns, half from a crowded deck, some with dead cards."""
    seen = {"oesd": 0, "double": 0, "gutshot": 0, "backdoor": 0, "flush": 0}
    for hero, board, dead in _situations(10_000, seed=5):
        b = brute(hero, board, dead)
        r = find_draws(hero, board, dead)
        where = f"{format_cards(hero)} on {format_cards(board)} dead {format_cards(dead)}"
        assert straight_outs(hero, board, dead) == b["straight"], where
        assert flush_outs(hero, board, dead) == b["flush"], where
        assert r.straight_draw_count == len(b["straight"]), where
        assert r.flush_draw_count == len(b["flush"]), where
        assert r.draw_counts == b["counts"], where
        assert r.has("open-ended straight draw") == b["oesd"], where
        assert r.has("double gutshot") == b["double"], where
        assert r.has("gutshot") == b["gutshot"], where
        assert r.has("backdoor flush draw") == b["backdoor"], where
        assert r.has("flush draw") == bool(b["flush"]), where
        for name in seen:
            seen[name] += bool(b[name])
    # The sample exercises every kind of draw many times.
    assert min(seen.values()) > 50, seen


@pytest.mark.slow
def test_the_boolean_functions_and_draw_count_match_brute_force() -> None:
    for hero, board, dead in _situations(1_000, seed=11):
        b = brute(hero, board, dead)
        assert is_flush_draw(hero, board, dead) == bool(b["flush"])
        assert is_backdoor_flush_draw(hero, board, dead) == b["backdoor"]
        assert is_open_ended_straight_draw(hero, board, dead) == b["oesd"]
        assert is_double_gutshot(hero, board, dead) == b["double"]
        assert is_gutshot(hero, board, dead) == b["gutshot"]
        assert straight_draw_count(hero, board, dead) == len(b["straight"])
        assert flush_draw_count(hero, board, dead) == len(b["flush"])
        for cat in range(9):
            assert draw_count(hero, board, cat, dead) == b["counts"][cat]


# --- command line ------------------------------------------------------------------------------


def test_cli_draws_csv_is_exact() -> None:
    res = CliRunner().invoke(cli, ["draws", "KcTh", "--board", "AcQcTc", "--csv"])
    assert res.exit_code == 0
    assert res.output == (
        "draw,count,needs,cards\nflush draw,9,1,Jc9c8c7c6c5c4c3c2c\ngutshot,4,1,JsJhJdJc\n"
    )


@pytest.mark.parametrize(
    ("hero", "board", "game"),
    [("8c8s6h9sQs6s", "JhJd2c", "omaha6"), ("8c8s", "JhJd2c", "holdem")],
)
def test_cli_draws_csv_without_draws_is_its_header(hero: str, board: str, game: str) -> None:
    res = CliRunner().invoke(cli, ["draws", hero, "--board", board, "--game", game, "--csv"])
    assert res.exit_code == 0, res.output
    assert res.output == "draw,count,needs,cards\n"


def test_cli_draws_json() -> None:
    res = CliRunner().invoke(cli, ["draws", "5c9d", "-b", "3h6s7c", "--json"])
    assert res.exit_code == 0
    data = json.loads(res.output)
    d = data.get("result", data)
    assert d["draws"] == [
        {
            "name": "double gutshot",
            "cards": "8s8h8d8c4s4h4d4c",
            "count": 8,
            "needs": 1,
        }
    ]
    assert d["straight_draw_count"] == 8 and d["description"] == "High card, Nine high"


def test_cli_draws_table() -> None:
    res = CliRunner().invoke(cli, ["draws", "KcTh", "-b", "Jh9c7c"], terminal_width=120)
    assert res.exit_code == 0
    assert "double gutshot" in res.output and "Q♠ Q♥ Q♦ Q♣ 8♠ 8♥ 8♦ 8♣" in res.output
    assert "backdoor flush draw" in res.output and "(two needed)" in res.output
    assert "StraightDrawCount 8, FlushDrawCount 0" in res.output


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["draws", "KcTh", "--board", "AcQc"],
        ["draws", "KcTc", "--board", "AcQcTc"],
        ["draws", "KcTh", "--board", "AcQcJc", "--dead", "Kc"],
        ["draws", "KcT", "--board", "AcQcJc"],
        ["draws", "KcTh"],
    ],
)
def test_cli_draws_bad_input_is_one_line_exit_2(args: list[str]) -> None:
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 2
    assert len(res.output.strip().splitlines()) == 1 and res.output.startswith("Error:")


# --- short-deck: the 36-card deck, A-6-7-8-9, and its rankings ---------------------------------


def _sd_cat_top(cards: tuple[int, ...], triton: bool) -> tuple[int, int]:
    """(strength, top card) of 3 to 7 short-deck cards, the reference way."""
    order = reference_games.TRITON_ORDER if triton else reference_games.SHORT_ORDER
    if len(cards) < 5:
        counts = {r: sum(1 for c in cards if c >> 2 == r) for r in {c >> 2 for c in cards}}
        return order.index(_short_category(cards)), max(counts, key=lambda r: (counts[r], r))
    key = reference_games.short_rank(cards, triton)
    return key[0], key[1]


def brute_short(hero, board, dead, triton: bool) -> dict:
    """Every draw quantity by its definition in short-deck, with the slow reference ranking."""
    order = reference_games.TRITON_ORDER if triton else reference_games.SHORT_ORDER
    known = hero + board
    unseen = [c for c in range(51, 15, -1) if c not in known and c not in dead]
    cur = reference_games.short_rank(known, triton)[0]  # a strength: a place in ``order``
    straight, flush = [], []
    counts = [0] * 9
    for c in unseen:
        new_key = reference_games.short_rank(known + (c,), triton)
        new = order[new_key[0]]
        with_board = board + (c,)
        if new in (STRAIGHT, FLUSH, STRAIGHT_FLUSH):
            beats = _sd_cat_top(known + (c,), triton) > _sd_cat_top(with_board, triton)
            if new in (STRAIGHT, STRAIGHT_FLUSH) and cur < order.index(STRAIGHT) and beats:
                straight.append(c)
            if new in (FLUSH, STRAIGHT_FLUSH) and order[cur] not in (FLUSH, STRAIGHT_FLUSH):
                if beats:
                    flush.append(c)
        if new_key[0] > cur:
            if len(with_board) < 5 or new_key > reference_games.short_rank(with_board, triton):
                counts[new] += 1
    comp = {c >> 2 for c in straight}
    ranks = {c >> 2 for c in known}
    low = {3 if r == 12 else r for r in ranks} | ranks  # the ace also plays below the six (3)
    comp_low = {3 if r == 12 else r for r in comp} | comp
    oesd = any(
        lo in comp_low and lo + 5 in comp_low and all(lo + k in low for k in range(1, 5))
        for lo in range(3, 8)
    )
    return {
        "straight": tuple(straight),
        "flush": tuple(flush),
        "counts": tuple(counts),
        "oesd": oesd,
        "double": len(comp) >= 2 and not oesd,
        "gutshot": len(comp) == 1,
    }


@pytest.mark.slow
def test_short_deck_draws_match_brute_force_on_random_flops_and_turns() -> None:
    """Both short-deck rankings, on flops and turns dealt mostly from the middle ranks."""
    rng = random.Random(3)
    middle = [4 * r + s for r in range(4, 10) for s in range(4)]  # sixes to jacks
    seen = {"oesd": 0, "double": 0, "gutshot": 0, "flush": 0}
    for i in range(400):
        triton = i % 2 == 1
        game = "shortdeck-triton" if triton else "shortdeck"
        deck = rng.sample(middle, 10) + rng.sample([c for c in range(16, 52) if c not in middle], 3)
        rng.shuffle(deck)
        n_board = 3 + (i // 2) % 2
        hero, board = tuple(deck[:2]), tuple(deck[2 : 2 + n_board])
        dead = tuple(deck[2 + n_board : 2 + n_board + rng.choice((0, 0, 2))])
        b = brute_short(hero, board, dead, triton)
        r = find_draws(hero, board, dead, game=game)
        where = f"{format_cards(hero)} on {format_cards(board)} dead {format_cards(dead)} {game}"
        assert r.game == game and r.unseen == 36 - 2 - n_board - len(dead), where
        assert straight_outs(hero, board, dead, game=game) == b["straight"], where
        assert flush_outs(hero, board, dead, game=game) == b["flush"], where
        assert r.draw_counts == b["counts"], where
        assert r.has("open-ended straight draw") == b["oesd"], where
        assert r.has("double gutshot") == b["double"], where
        assert r.has("gutshot") == b["gutshot"], where
        for name in seen:
            seen[name] += bool(b[name])
    assert min(seen.values()) > 5, seen


@pytest.mark.parametrize(
    ("hero", "board", "name", "cards"),
    [
        ("6s7s", "8h9dKc", "open-ended straight draw", "AsAhAdAcTsThTdTc"),  # A6789 or 6789T
        ("As7s", "8h9dKc", "gutshot", "6s6h6d6c"),  # only A-6-7-8-9: one-ended
        ("As6d", "7c8hKd", "gutshot", "9s9h9d9c"),
        ("KsQs", "JhAd6c", "gutshot", "TsThTdTc"),  # JQKA: one-ended, as in hold'em
        ("KcTh", "Jh9c7c", "double gutshot", "QsQhQdQc8s8h8d8c"),
    ],
)
def test_short_deck_straight_shapes(hero: str, board: str, name: str, cards: str) -> None:
    r = find_draws(hero, board, game="shortdeck")
    straights = {d.name: d.card_text for d in r.draws if "flush" not in d.name}
    assert straights == {name: cards}
    if hero == "KcTh":  # the backdoor flush draw has the six clubs the deck has left
        assert r.draws[0].name == "backdoor flush draw" and r.draws[0].card_text == "AcQcJcTc8c6c"


def test_the_wheel_and_the_rankings_differ_from_holdem() -> None:
    # A-6-7-8-9 is a straight (nine high) only without the deuce to five.
    assert straight_outs("As7s", "8h9dKc") == ()
    assert format_cards(straight_outs("As7s", "8h9dKc", game="shortdeck")) == "6s6h6d6c"
    # Trips with four to a straight: a straight beats them in short-deck, not in Triton.
    assert straight_draw_count("9s8s", "9h9d7c6s", game="shortdeck") == 8
    assert straight_draw_count("9s8s", "9h9d7c6s", game="shortdeck-triton") == 0
    assert names("9s8s", "9h9d7c6s") == {"open-ended straight draw": "TsThTdTc5s5h5d5c"}
    # A straight the board makes with the card alone is no draw (the ace plays low there too).
    assert straight_draw_count("9s9d", "9h8c7d6s", game="shortdeck") == 0
    # A flush outranks a full house in short-deck: hand_key follows the game's order.
    flush, full = parse_cards("AhQh9h8h6h"), parse_cards("KsKhKd9c9d")
    assert hand_key(flush) < hand_key(full)
    assert hand_key(flush, get_game("shortdeck")) > hand_key(full, get_game("shortdeck"))
    # DrawCount is by the standard category number whatever the order.
    assert draw_count("9s8s", "9h9d7c6s", 4, game="shortdeck") == 8
    assert draw_count("9s8s", "9h9d7c6s", 4, game="shortdeck-triton") == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["KcTh", "--board", "Jh9c7c", "--game", "omaha"], "exactly 4 hole cards, got 2"),
        (["5s6s", "--board", "7c8hKd", "--game", "shortdeck"], "5s is not in the 36-card"),
        (["AsKs", "--board", "7c8h2d", "--game", "shortdeck"], "2d is not in the 36-card"),
        (["AsKs", "--board", "7c8hKd", "--game", "stud"], "draws in stud needs a shared board"),
    ],
)
def test_cli_draws_game_errors_are_one_line_exit_2(args: list[str], message: str) -> None:
    res = CliRunner().invoke(cli, ["draws", *args])
    assert res.exit_code == 2
    assert len(res.output.strip().splitlines()) == 1 and message in res.output


def test_cli_draws_short_deck_json() -> None:
    res = CliRunner().invoke(
        cli, ["draws", "6s7s", "-b", "8h9dKc", "--game", "shortdeck", "--json"]
    )
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)["result"]
    assert d["game"] == "shortdeck" and d["unseen"] == 31
    assert d["draws"] == [
        {"name": "open-ended straight draw", "cards": "AsAhAdAcTsThTdTc", "count": 8, "needs": 1}
    ]
    assert d["draw_counts"]["Straight"] == 8


def test_no_draws_is_one_line_not_an_empty_table() -> None:
    text = invoke("draws", "AsAc", "--board", "Kd8h2c", columns=80).output
    assert "No draws: no flush, straight or backdoor flush draw." in text
    assert "Completed by" not in text and "━" not in text and "─" not in text
    omaha = invoke(
        "draws", "AsAcKhKd", "--board", "Ks8d2c", "--game", "omaha-hilo", columns=80
    ).output
    assert "No draws: no flush, straight, backdoor flush or low draw." in omaha


@pytest.mark.parametrize(
    ("hero", "board"),
    [("AA\n", "Ad8cTc"), ("QQ+,AK", "Kh7c\n"), ("AA," * 40 + "KK", "Kh7c2d")],
)
def test_the_draws_hint_for_a_range_is_one_short_line(hero: str, board: str) -> None:
    line = one_line_error(invoke("draws", hero, "--board", board))
    assert "for a range use: pokercalc hits" in line and len(line) < 200, line
