"""The pocket query language and ``pokercalc query``: counts, precedence, weights, errors, CLI."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercalc import __version__
from pokercalc.core.cards import parse_cards
from pokercalc.errors import CardConflictError, InputError, ParseError
from pokercalc.ranges.notation import ALL_COMBOS, N_COMBOS, parse_range
from pokercalc.ranges.query import SKLANSKY_GROUPS, parse_query, player_range, run_query

# The counts the issue names, in the query language.
QUERY_COUNTS = [
    ("Group1", 28),
    ("Suited", 312),
    ("Offsuit", 936),
    ("Not Suited", 1014),
    ("(AK* | AA) & Offsuit", 12),
    ("Group2 to Group4 and Suited", 48),
]


@pytest.mark.parametrize(("text", "count"), QUERY_COUNTS)
def test_issue_counts(text: str, count: int) -> None:
    assert len(parse_query(text)) == count


def _where(test) -> set[tuple[int, int]]:
    return {(a, b) for a, b in ALL_COMBOS if test(a, b)}


def test_shapes_match_brute_force() -> None:
    def suited(a: int, b: int) -> bool:
        return a & 3 == b & 3

    def gap(n: int):
        return lambda a, b: (a >> 2) - (b >> 2) == n

    assert set(parse_query("Suited").combos) == _where(suited)
    assert set(parse_query("Pair").combos) == _where(lambda a, b: a >> 2 == b >> 2)
    assert set(parse_query("Offsuit").combos) == _where(
        lambda a, b: not suited(a, b) and a >> 2 != b >> 2
    )
    for n, name in enumerate(("Connected", "Gap1", "Gap2", "Gap3"), 1):
        assert set(parse_query(name).combos) == _where(gap(n))
    # HoldemHand's Kx: a king and a card from 2 to 8.
    assert set(parse_query("Kx").combos) == _where(lambda a, b: a >> 2 == 11 and b >> 2 <= 6)
    assert set(parse_query("Axs").combos) == _where(
        lambda a, b: a >> 2 == 12 and b >> 2 <= 6 and suited(a, b)
    )


def test_groups_partition_the_deck() -> None:
    seen: set[tuple[int, int]] = set()
    for g in range(1, 10):
        combos = set(parse_query(f"Group{g}").combos)
        assert combos and not combos & seen
        seen |= combos
    assert len(seen) == N_COMBOS
    assert set(parse_query("Group1").combos) == set(parse_range("JJ+,AKs").combos)
    assert len(parse_query("Group5")) == len(parse_range(SKLANSKY_GROUPS[5])) == 98


def test_group_spans_and_named_ranges() -> None:
    span = set(parse_query("Group2 to Group5").combos)
    assert span == set(parse_query("Group2 or Group3 or Group4 or Group5").combos)
    for text in ("Group2 Through Group5", "Group2-Group5", "Group2 - Group5", "group5 TO group2"):
        assert set(parse_query(text).combos) == span
    assert parse_query("RUS").combos == parse_query("Group1").combos
    assert parse_query("RS").combos == parse_query("Group1 to Group2").combos
    assert parse_query("RML").combos == parse_query("Group1-Group5").combos
    assert len(parse_query("ATC")) == N_COMBOS


def test_precedence_not_and_or() -> None:
    # Not > And > Or
    assert parse_query("Not Pair And Suited").combos == parse_query("(Not Pair) And Suited").combos
    assert (
        parse_query("Pair Or Suited And AK").combos == parse_query("Pair Or (Suited And AK)").combos
    )
    assert len(parse_query("Pair Or Suited And AK")) == 78 + 4
    assert len(parse_query("(Pair Or Suited) And AK")) == 4
    assert len(parse_query("Not Not Pair")) == 78
    # side by side is an intersection
    assert parse_query("Connected Suited").combos == parse_query("Connected And Suited").combos
    assert len(parse_query("Group1 Not Pair")) == 4


def test_operator_spellings() -> None:
    union = parse_query("Group1 Or Group3").combos
    for text in ("Group1 | Group3", "Group1 Union Group3", "Group1, Group3", "group1 OR group3"):
        assert parse_query(text).combos == union
    inter = parse_query("Group3 And Offsuit").combos
    for text in ("Group3 & Offsuit", "Group3 Intersection Offsuit", "Group3 Offsuit"):
        assert parse_query(text).combos == inter


def test_range_notation_atoms() -> None:
    for text in ("QQ+,AQs+,AK", "T9o-65o", "[50]AKs,QQ[/50]", "AsKx", "15%", "AKs:0.5"):
        assert parse_query(text).combos == parse_range(text).combos
        assert parse_query(text).weights == parse_range(text).weights
    assert parse_query("Ah Kh").combos == parse_range("AhKh").combos
    assert parse_query("JJ to 88").combos == parse_range("JJ-88").combos
    assert len(parse_query("Suited & 15%")) == len(
        set(parse_range("15%").combos) & set(parse_query("Suited").combos)
    )


def test_query_weights() -> None:
    assert parse_query("(Group1 | Group2):0.5").total_weight == 29
    assert parse_query("Suited, AKs:0.5").total_weight == 310  # the right operand wins
    assert parse_query("AKs:0.5 | Suited").total_weight == 312
    assert parse_query("AK:0.5 & AKs:0.5").weights == (0.25,) * 4  # intersection multiplies
    assert len(parse_query("Not AKs:0.5")) == N_COMBOS - 4


def test_text_is_kept() -> None:
    text = "  Group2 to Group4  and Suited "
    assert parse_query(text).text == text


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("", "empty query", 0),
        ("()", "empty parentheses", 1),
        ("(Group1", "missing ')' for the '(' opened at 0", 7),
        ("Group1)", "')' without a matching '('", 6),
        ("Group1 or", "at the end", 9),
        ("Group0", "unknown group 'Group0'", 0),
        ("Group2 to", "after 'to'", 9),
        ("Group2 to AKs", "'AKs' is not a group", 10),
        ("to Group2", "needs a group or hand class before it", 0),
        ("Suited and :0.5", "a weight needs", 11),
        ("Suited & & Pair", "before '&'", 9),
        ("Suited & foo", "unknown hand or range 'foo'", 9),
        ("Pair or AKs:3", "weight 3 is not in [0, 1]", 12),
        ("Not", "at the end", 3),
        ("JJ to AKs", "mixes a pair", 0),
    ],
)
def test_parse_errors(text: str, message: str, position: int) -> None:
    with pytest.raises(ParseError) as info:
        parse_query(text)
    assert message in str(info.value)
    assert info.value.position == position


def test_deep_nesting_is_a_parse_error() -> None:
    assert len(parse_query("(" * 40 + "AA" + ")" * 40)) == 6
    with pytest.raises(ParseError, match="nested too deeply"):
        parse_query("(" * 1000 + "AA" + ")" * 1000)


def test_player_range_card_removal() -> None:
    assert len(player_range("99+,AJs+", board="4dAc5d")) == 42
    assert len(player_range("99+,AJs+", board="4dAc5d", dead="JcJh")) == 36
    assert (
        len(player_range("99+,AJs+", board=parse_cards("4dAc5d"), dead=parse_cards("JcJh"))) == 36
    )
    with pytest.raises(CardConflictError, match="Ac is both on the board and dead"):
        player_range("AKs", board="4dAc5d", dead="Ac")
    # The same board rules as every command: no one- or two-card boards.
    with pytest.raises(InputError, match="a board has 0, 3, 4 or 5 cards, got 2"):
        player_range("AKs", board="4dAc")
    with pytest.raises(ParseError):
        player_range("AKs", board="4dAc5dZz")


def test_run_query_counts() -> None:
    r = run_query("99+,AJs+", board="4dAc5d", dead="JcJh")
    assert (r.matched, r.count) == (48, 36)
    d = r.to_dict()
    assert d["count"] == 36 and d["removed"] == 12 and d["board"] == "4dAc5d"
    assert d["share"] == 36 / 1326
    assert sum(c["combos"] for c in d["classes"]) == 36
    empty = run_query("AK QQ")
    assert empty.count == 0 and empty.to_dict()["combos"] == []


# ---------------------------------------------------------------------------
# The command line.


def query(*args: str):
    return CliRunner().invoke(cli_group(), ["query", *args])


def cli_group():
    from pokercalc.cli import cli

    return cli


def test_cli_grid_as_a_new_user_runs_it() -> None:
    result = query("Group2 to Group4 and Suited")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "48 combos, 3.62% of 1,326"
    grid = lines[1:14]
    assert len(grid) == 13
    assert grid[0].split() == ["·", "·", "AQs", "AJs", "ATs"] + ["·"] * 8
    assert grid[5].split() == ["·"] * 6 + ["98s"] + ["·"] * 6
    assert lines[14].startswith("12 classes full, 0 partial")


def test_cli_words_are_joined() -> None:
    assert (
        query("Group2", "to", "Group4", "and", "Suited").stdout
        == query("Group2 to Group4 and Suited").stdout
    )


def test_cli_partial_classes_and_removal() -> None:
    result = query("99+,AJs+", "--board", "4dAc5d", "--dead", "JcJh")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("36 combos, 2.71% of 1,326; 12 of 48 removed")
    assert lines[1].split()[:4] == ["AA~", "AKs~", "AQs~", "AJs~"]
    assert lines[2].split()[1] == "KK"


def test_cli_list_exact() -> None:
    result = query("AKs:0.5, QQ", "--dead", "Qd", "--list")
    assert result.exit_code == 0
    assert result.stdout == ("AsKs:0.5\nAhKh:0.5\nAdKd:0.5\nAcKc:0.5\nQsQh\nQsQc\nQhQc\n")
    back = ",".join(result.stdout.split())
    assert parse_range(back).weights == (0.5,) * 4 + (1.0,) * 3


def test_cli_json_exact() -> None:
    result = query("AKs:0.5,QsQh", "--dead", "Ah", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "schema_version": 2,
        "pokercalc_version": __version__,
        "command": "query",
        "result": {
            "expression": "AKs:0.5,QsQh",
            "game": "holdem",
            "board": "",
            "dead": "Ah",
            "count": 4,
            "matched": 5,
            "removed": 1,
            "total": 1326,
            "share": 4 / 1326,
            "weight": 2.5,
            "combos": ["AsKs", "AdKd", "AcKc", "QsQh"],
            "weights": [0.5, 0.5, 0.5, 1.0],
            "classes": [
                {"class": "AKs", "combos": 3, "total": 4, "weight": 1.5},
                {"class": "QQ", "combos": 1, "total": 6, "weight": 1.0},
            ],
        },
    }


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Group2 to"], "Error: expected a group or hand class after 'to' at position 9 in"),
        (
            ["AhKh", "--dead", "Ah"],
            "Error: the query ('AhKh') has no hand left: all are blocked by Ah",
        ),
        (
            ["AKs", "--board", "Ac2c3c", "--dead", "Ac"],
            "Error: Ac is both on the board and dead",
        ),
        (["AKs", "--list", "--json"], "Error: --list and --json exclude each other"),
    ],
)
def test_cli_errors_are_one_line(args: list[str], message: str) -> None:
    result = query(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1


def test_cli_has_help() -> None:
    result = query("--help")
    assert result.exit_code == 0 and "13x13" in result.stdout


QUERY_ALPHABET = "AKQJT98765432xsSo+-*,:%()&|[]/ 05GrupNtadnOffsuitConected"


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=20), st.text(alphabet=QUERY_ALPHABET, max_size=16)))
def test_any_text_parses_or_raises_parse_error_and_cli_never_crashes(text: str) -> None:
    try:
        rng = parse_query(text)
    except ParseError:
        parsed = False
    else:
        parsed = True
        assert rng.text == text and all(0.0 < w <= 1.0 for w in rng.weights)
    result = query("--json", "--", text)
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 2)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert (result.exit_code == 0) == parsed


# --- short-deck: hold'em notation over the 36-card deck -----------------------------------------


@pytest.mark.parametrize(
    ("text", "count"),
    [("random", 630), ("Suited", 144), ("Offsuit", 432), ("Pair", 54), ("Group1", 28),
     ("Group9", 630 - len(run_query("Group1 to Group8", game="shortdeck").range)),
     ("AKs,QQ+", 22), ("Not Suited", 486)],
)  # fmt: skip
def test_short_deck_counts(text: str, count: int) -> None:
    r = run_query(text, game="shortdeck")
    assert r.count == count and r.total == 630 and r.share == count / 630
    assert all(c >= 16 for combo in r.range.combos for c in combo)


@pytest.mark.parametrize(
    ("text", "board", "message"),
    [
        ("55", "", "'55' names 5s, which the 36-card shortdeck deck does not have"),
        ("A5s", "", "'A5s' names 5s"),
        ("2s2h", "", "'2s2h' names 2s"),
        ("AA,2hXx", "", "'2hXx' names 2s"),
        ("A5s-A2s", "", "'A5s-A2s' names 2s"),
        ("AsKs", "2c7h9d", "board: 2c is not in the 36-card shortdeck deck"),
        ("15%", "", "percentage ranges rank hold'em hands"),
    ],
)
def test_short_deck_errors(text: str, board: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        run_query(text, board=board, game="shortdeck")
    res = query(text, "--board", board, "--game", "shortdeck")
    assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("text", "count", "note"),
    [
        ("22+", 54, "'22+' starts at 66 in the 36-card shortdeck deck"),
        ("A2s+", 32, "'A2s+' starts at A6s in the 36-card shortdeck deck"),
        ("22-88", 18, "'22-88' is 88-66 in the 36-card shortdeck deck"),
        ("T9s-54s", 16, "'T9s-54s' is T9s-76s in the 36-card shortdeck deck"),
        ("XhXh", 36, None),
        ("AsXx", 35, None),
        ("XxXx", 630, None),
        ("[50]22+[/50],AsXx", 86, "'22+' starts at 66 in the 36-card shortdeck deck"),
    ],
)  # fmt: skip
def test_short_deck_shapes_keep_the_deck_hands(text: str, count: int, note: str | None) -> None:
    r = run_query(text, game="shortdeck")
    assert r.count == count
    assert all(c >= 16 for combo in r.range.combos for c in combo)
    res = CliRunner().invoke(cli_group(), ["query", text, "--game", "shortdeck"])
    assert res.exit_code == 0, res.output
    assert res.stdout.startswith(f"{count} combos, ")
    assert res.stderr == (f"pokercalc: {note}\n" if note else "")


def test_short_deck_shapes_in_equity_and_hits() -> None:
    runner = CliRunner()
    eq = runner.invoke(cli_group(), ["equity", "AsXx | 22+", "--game", "shortdeck", "--json"])
    assert eq.exit_code == 0, eq.output
    assert [p["combos"] for p in json.loads(eq.stdout)["result"]["players"]] == [35, 54]
    assert eq.stderr == "pokercalc: player 2: '22+' starts at 66 in the 36-card shortdeck deck\n"
    hits = runner.invoke(
        cli_group(), ["hits", "AsXx", "--board", "Kd8h9c", "--game", "shortdeck", "--json"]
    )
    assert hits.exit_code == 0, hits.output
    assert json.loads(hits.stdout)["result"]["combos"] == 32  # 35 less the three with a board card
    bad = runner.invoke(cli_group(), ["equity", "2s2h | KK", "--game", "shortdeck"])
    assert bad.exit_code == 2 and "'2s2h' names 2s" in bad.stderr


def test_short_deck_grid_json_and_table() -> None:
    r = run_query("Group1", board="Ah7c6d", game="shortdeck")
    grid = r.grid()
    assert len(grid) == 9 and all(len(row) == 9 for row in grid)
    assert grid[0][0].name == "AA" and grid[8][8].name == "66" and grid[0][8].name == "A6s"
    d = r.to_dict()
    assert d["game"] == "shortdeck" and d["total"] == 630 and d["count"] == 24
    res = query("Group1", "--game", "shortdeck")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert lines[0] == "28 combos, 4.44% of 630 shortdeck hands"
    assert lines[1].split() == ["AA", "AKs"] + ["·"] * 7 and len(lines) == 11
    doc = json.loads(query("Group1", "--game", "shortdeck", "--json").stdout)
    assert doc["result"]["game"] == "shortdeck" and doc["result"]["total"] == 630
    assert run_query("Group1").to_dict()["game"] == "holdem"


def test_run_query_refuses_omaha_games() -> None:
    with pytest.raises(InputError, match="run_omaha_query"):
        run_query("AAxx", game="omaha")


# --- a hand read without the parser ------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True),
    st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_a_hand_read_without_the_parser_is_the_parsers(cards: list[int], upper: list[bool]) -> None:
    from pokercalc.core.cards import format_cards
    from pokercalc.ranges.holdem_players import _one_hand, holdem_player

    text = "".join(
        ch.upper() if up else ch.lower() for ch, up in zip(format_cards(cards), upper, strict=True)
    )
    fast, parsed = _one_hand(text), parse_query(text)
    assert fast is not None
    assert (fast.text, fast.combos, fast.weights) == (parsed.text, parsed.combos, parsed.weights)
    got = holdem_player(text)
    assert (got.text, got.combos, got.weights) == (parsed.text, parsed.combos, parsed.weights)


@pytest.mark.parametrize(
    "text", ["AKo", "AKs+", "AsAs", "AsKx", "Pair", "Gap1", "10sA", "AhK", "AhKhQs", "As K", "AKQJ"]
)
def test_what_is_not_two_cards_goes_to_the_parser(text: str) -> None:
    from pokercalc.ranges.holdem_players import _one_hand

    assert _one_hand(text) is None
