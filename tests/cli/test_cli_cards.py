"""Cards as people copy them: suit symbols everywhere, hints for unquoted cards and for hands
written apart (issue 18, item 2)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from cli_runs import invoke

import pokercalc
from pokercalc.errors import EmptyRangeError
from pokercalc.pipelines.batch import main_stream
from pokercalc.ranges.notation import parse_range, space_hint
from pokercalc.ranges.omaha import parse_omaha_range
from pokercalc.ranges.query import parse_query, run_query

#: One or more cards written with suit symbols, as the tables print them (``A♠ K♠``).
SYMBOL_CARDS = re.compile(r"(?:[2-9TJQKA][♠♥♦♣] ?)+")


def result_of(*args: str) -> dict:
    res = invoke(*args, "--json")
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)["result"]


def error_line(*args: str) -> str:
    """The one line a failing command prints (exit status 2)."""
    res = invoke(*args)
    assert res.exit_code == 2, res.output
    assert res.stdout == ""
    lines = res.stderr.splitlines()
    assert len(lines) == 1, res.stderr
    return lines[0]


# ---------------------------------------------------------------------------
# Suit symbols in every language.


@pytest.mark.parametrize(
    ("symbols", "letters"),
    [
        ("A♠K♠", "AsKs"),
        ("A♠ K♠", "AsKs"),
        ("a♤k♤", "AsKs"),
        ("10♣9♣", "Tc9c"),
        ("A♥Kx", "AhKx"),
        ("X♦X♦", "XdXd"),
        ("A♡K♡, Q♢Q♧:0.5", "AhKh,QdQc:0.5"),
    ],
)
def test_range_notation_reads_suit_symbols(symbols: str, letters: str) -> None:
    a, b = parse_range(symbols), parse_range(letters)
    assert (a.combos, a.weights) == (b.combos, b.weights)
    q = parse_query(symbols)
    assert (q.combos, q.weights) == (b.combos, b.weights)


def test_query_language_reads_symbol_cards_apart_and_in_expressions() -> None:
    assert parse_query("A♠ K♠ or Q♥Q♦").combos == parse_query("AsKs or QhQd").combos
    assert parse_query("A♠ Kx").combos == parse_query("AsKx").combos


def test_omaha_hands_read_suit_symbols() -> None:
    expected = parse_omaha_range("AsKsQdJd").combos
    for text in ("A♠K♠Q♦J♦", "A♤ K♤ Q♢ J♢", "a♠k♠q♦j♦"):
        assert parse_omaha_range(text).combos == expected
    assert len(parse_omaha_range("A♠A♥xx")) == len(parse_omaha_range("AsAhxx"))


def test_one_symbol_card_is_still_one_card() -> None:
    line = error_line("equity", "A♠", "QQ")
    assert line == "Error: 'A♠' is one card; a hand has two at position 0 in 'A♠'"


def test_api_takes_symbols() -> None:
    a = pokercalc.equity(["A♠K♠", "Q♥ Q♦"], "4♦ A♣ 5♦", "2♣")
    b = pokercalc.equity(["AsKs", "QhQd"], "4dAc5d", "2c")
    assert [p.equity_fraction for p in a.players] == [p.equity_fraction for p in b.players]


def test_batch_lines_take_symbols() -> None:
    import io

    out = io.StringIO()
    lines = 'A♠K♠ | Q♥ Q♦ ; 4♦ A♣ 5♦ ;\n{"players": ["AsKs", "QhQd"], "board": "4dAc5d"}\n'
    _, failed = main_stream(io.StringIO(lines), out, {}, jobs=1)
    assert failed == 0
    first, second = (json.loads(line)["result"]["players"] for line in out.getvalue().splitlines())
    assert [p["equity"] for p in first] == [p["equity"] for p in second]


def test_check_files_take_symbols(tmp_path) -> None:
    spec = tmp_path / "spec.toml"
    spec.write_text(
        '[[scenarios]]\nname = "copied"\nplayers = "A♠K♠ | Q♥ Q♦"\nboard = "4♦ A♣ 5♦"\n'
        'expected = ["1703/1980", "277/1980"]\ntolerance = "exact"\n',
        encoding="utf-8",
    )
    res = invoke("check", str(spec), "--json")
    assert res.exit_code == 0, res.output


# ---------------------------------------------------------------------------
# The tables' own card text is valid input everywhere.


def test_table_cards_read_back_in_every_command() -> None:
    table = invoke("outs", "AsKs", "--board", "4dAc5d").stdout
    headline = table.splitlines()[0]
    hero, board = (m.group().strip() for m in SYMBOL_CARDS.finditer(headline))
    assert (hero, board) == ("A♠ K♠", "4♦ A♣ 5♦")
    ascii_ = result_of("equity", "AsKs", "QQ", "--board", "4dAc5d")
    copied = result_of("equity", hero, "QQ", "--board", board)
    assert copied["players"][1:] == ascii_["players"][1:]
    assert copied["players"][0]["equity_fraction"] == ascii_["players"][0]["equity_fraction"]
    assert result_of("query", hero, "--board", board)["combos"] == ["AsKs"]
    assert result_of("query", "KK", "--dead", hero)["count"] == 3
    assert (
        result_of("outs", hero, "--board", board)["outs"]
        == result_of("outs", "AsKs", "--board", "4dAc5d")["outs"]
    )
    assert result_of("draws", hero, "--board", board)["board"] == "4dAc5d"
    odds = result_of("winodds", hero, "--board", board, "--exact")
    assert odds["hero"] == hero and odds["board"] == "4dAc5d"
    five = SYMBOL_CARDS.search(invoke("eval", "AsKsQsJsTs").stdout).group().strip()
    assert result_of("eval", five)[0]["value"] == result_of("eval", "AsKsQsJsTs")[0]["value"]


def test_equity_footer_board_reads_back() -> None:
    footer = invoke("equity", "AsKs", "QQ", "--board", "4dAc5d").stdout.split("board ", 1)[1]
    board = SYMBOL_CARDS.match(footer).group().strip()
    assert result_of("equity", "AsKs", "QQ", "--board", board)["board"] == "4dAc5d"


def test_omaha_table_hands_read_back() -> None:
    table = invoke("query", "--game", "omaha", "AsKsQdJd, AhAd**").stdout
    first = SYMBOL_CARDS.search(table.split("Hand", 1)[1]).group().strip()
    assert first == "A♠ A♥ A♦ A♣"
    assert result_of("query", "--game", "omaha", first)["combos"] == ["AsAhAdAc"]
    r = result_of("equity", "--game", "omaha", first, "KKxx", "--mc", "--trials", "2000")
    assert r["players"][0]["label"] == first


# ---------------------------------------------------------------------------
# Cards written apart without quotes: one line that says to quote them.


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ("equity", "Ah", "Kh", "QQ"),
            "'Ah', 'Kh' came as separate arguments: the shell splits at spaces, so quote the "
            'cards: "Ah Kh" (or AhKh)',
        ),
        (
            ("equity", "AsKs", "QQ", "--board", "4d", "Ac", "5d"),
            "--board got '4d' alone: the shell splits at spaces, so quote the cards: "
            '--board "4d Ac 5d" (or 4dAc5d)',
        ),
        (
            ("equity", "AsKs", "QQ", "-b", "4d", "Ac5d"),
            "-b got '4d' alone: the shell splits at spaces, so quote the cards: "
            '-b "4d Ac5d" (or 4dAc5d)',
        ),
        (
            ("equity", "AsKs", "QQ", "--board=4d", "Ac", "5d"),
            "--board got '4d' alone: the shell splits at spaces, so quote the cards: "
            '--board "4d Ac 5d" (or 4dAc5d)',
        ),
        (
            ("equity", "AsKs", "QQ", "--dead", "Qc", "Qd"),
            "--dead got 'Qc' alone: the shell splits at spaces, so quote the cards: "
            '--dead "Qc Qd" (or QcQd)',
        ),
        (
            ("equity", "--game", "omaha", "As", "Ks", "Qd", "Jd", "random"),
            "'As', 'Ks', 'Qd', 'Jd' came as separate arguments: the shell splits at spaces, so "
            'quote the cards: "As Ks Qd Jd" (or AsKsQdJd)',
        ),
        (
            ("outs", "AsKs", "--board", "4d", "Ac", "5d"),
            "--board got '4d' alone: the shell splits at spaces, so quote the cards: "
            '--board "4d Ac 5d" (or 4dAc5d)',
        ),
        (
            ("outs", "AsKs", "--board", "4dAc5d", "--vs", "Qh", "Qd"),
            "--vs got 'Qh' alone: the shell splits at spaces, so quote the cards: "
            '--vs "Qh Qd" (or QhQd)',
        ),
        (
            ("draws", "Kc", "Th", "--board", "Jh9c7c"),
            "'Kc', 'Th' came as separate arguments: the shell splits at spaces, so quote the "
            'cards: "Kc Th" (or KcTh)',
        ),
        (
            ("winodds", "A♠", "K♠"),
            "'A♠', 'K♠' came as separate arguments: the shell splits at spaces, so quote the "
            'cards: "A♠ K♠" (or A♠K♠)',
        ),
        (
            ("query", "AKs", "--board", "4d", "Ac", "5d"),
            "--board got '4d' alone: the shell splits at spaces, so quote the cards: "
            '--board "4d Ac 5d" (or 4dAc5d)',
        ),
        (
            ("eval", "As", "Ks", "Qs", "Js", "Ts"),
            "'As', 'Ks', 'Qs', 'Js', 'Ts' came as separate arguments: the shell splits at "
            'spaces, so quote the cards: "As Ks Qs Js Ts" (or AsKsQsJsTs)',
        ),
        (
            ("flops", "As", "Ah", "ATC"),
            "'As', 'Ah' came as separate arguments: the shell splits at spaces, so quote the "
            'cards: "As Ah" (or AsAh)',
        ),
    ],
)
def test_unquoted_cards_give_one_hint(args: tuple[str, ...], line: str) -> None:
    assert error_line(*args) == f"Error: {line}"


def test_no_hint_where_the_words_are_fine_or_the_error_is_another() -> None:
    assert result_of("query", "As", "Ks")["combos"] == ["AsKs"]  # query joins its words
    assert result_of("equity", "AsKs", "QQ", "--dead", "Qd")["dead"] == "Qd"
    assert result_of("equity", "AsKs", "QdQc")["players"][1]["combos"] == 1
    assert error_line("equity", "AsKs", "Kh") == (
        "Error: 'Kh' is one card; a hand has two at position 0 in 'Kh'"
    )
    assert error_line("equity", "AsKs", "QQ", "--board", "4dAc") == (
        "Error: a board has 0, 3, 4 or 5 cards, got 2"
    )


@pytest.mark.process
def test_hint_from_a_real_shell() -> None:
    """The shell, not a test harness, splits the words; the console script gives the line."""
    code = "from pokercalc.cli import main; main()"
    proc = subprocess.run(
        [sys.executable, "-c", code, "equity", "AsKs", "QQ", "--board", "4d", "Ac", "5d"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == [
        "Error: --board got '4d' alone: the shell splits at spaces, so quote the cards: "
        '--board "4d Ac 5d" (or 4dAc5d)'
    ]


# ---------------------------------------------------------------------------
# Hands written apart in a range: an empty intersection, said so, with the comma fix.

SPACE_FIX = "hands apart are an intersection (a hand that is both); for either, write"


def test_space_hint() -> None:
    assert space_hint("AKs AQs") == f": {SPACE_FIX} 'AKs,AQs'"
    assert space_hint("AKs:0.5 AQs  KK, QQ") == f": {SPACE_FIX} 'AKs:0.5,AQs,KK, QQ'"
    assert space_hint("Suited and Offsuit") == ""
    assert space_hint("Ah Kh") == ""  # one hand, its cards apart


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("query", "AKs AQs"), f"'AKs AQs' matches no hand: {SPACE_FIX} 'AKs,AQs'"),
        (("query", "AKs", "AQs", "--json"), f"'AKs AQs' matches no hand: {SPACE_FIX} 'AKs,AQs'"),
        (
            ("equity", "AKs AQs", "QQ"),
            f"player 1 ('AKs AQs') matches no hand: {SPACE_FIX} 'AKs,AQs'",
        ),
        (("winodds", "AK QQ"), f"the hero ('AK QQ') matches no hand: {SPACE_FIX} 'AK,QQ'"),
        (
            ("outs", "AsKs", "--board", "4dAc5d", "--vs", "AKs AQs"),
            f"opponent 1 ('AKs AQs') matches no hand: {SPACE_FIX} 'AKs,AQs'",
        ),
    ],
)
def test_hands_apart_say_what_happened(args: tuple[str, ...], line: str) -> None:
    assert error_line(*args) == f"Error: {line}"


def test_hands_apart_in_batch_and_api() -> None:
    import io

    out = io.StringIO()
    _, failed = main_stream(io.StringIO("AKs AQs | QQ\n"), out, {}, jobs=1)
    assert failed == 1
    assert "write 'AKs,AQs'" in json.loads(out.getvalue())["error"]["message"]
    with pytest.raises(EmptyRangeError, match="write 'AKs,AQs'"):
        pokercalc.equity(["AKs AQs", "QQ"])


def test_an_empty_query_is_still_an_answer() -> None:
    """Only hands apart are taken for a slip; an intersection written out answers 0."""
    res = invoke("query", "Suited and Offsuit", "--json")
    assert res.exit_code == 0 and json.loads(res.stdout)["result"]["count"] == 0
    assert run_query("AK QQ").count == 0  # the language itself is unchanged
    assert error_line("equity", "Suited and Offsuit", "QQ") == (
        "Error: player 1 ('Suited and Offsuit') matches no hand"
    )
