"""The Python API checks its input as the commands do: numbers (ASCII only), boards, argument
types, and the options a given method excludes."""

from __future__ import annotations

import pytest
from cli_runs import invoke, one_line_error

import pokercalc
from pokercalc.errors import CardConflictError, InputError, ParseError, PokercalcError


def test_api_numbers_are_checked_the_same_way() -> None:
    with pytest.raises(InputError, match="time must be a finite number"):
        pokercalc.equity("AsKs | QQ", method="mc", time=float("nan"))
    with pytest.raises(InputError, match="stderr must be a finite number"):
        pokercalc.winodds("AsKs", stderr=float("inf"))
    with pytest.raises(InputError, match="trials must be at least 1"):
        pokercalc.equity("AsKs | QQ", method="mc", trials=2**63)
    for name in ("time", "stderr", "threshold"):
        with pytest.raises(InputError, match=f"{name} must be .* an integer of 401 digits"):
            pokercalc.equity("AsKs | QQ", method="mc", **{name: 10**400})


API_CALLS = {
    "equity": lambda board: pokercalc.equity("AA | KK", board=board),
    "winodds": lambda board: pokercalc.winodds("AA", board=board, trials=100),
    "query": lambda board: pokercalc.run_query("AA", board=board),
    "player_range": lambda board: pokercalc.player_range("AA", board=board),
    "count_outcomes": lambda board: pokercalc.count_outcomes("AA | KK", board=board),
}


@pytest.mark.parametrize(
    ("board", "kind", "message"),
    [
        ([1, 1, 2], CardConflictError, "board has 2d more than once"),
        ("AsKs", InputError, "a board has 0, 3, 4 or 5 cards, got 2"),
        ("AsKsQsJsTs9s", InputError, "a board has 0, 3, 4 or 5 cards, got 6"),
        ("AsXx", ParseError, "unknown rank 'X'"),
        ([52, 1, 2], InputError, "card index 52 is not in 0..51"),
    ],
)
def test_one_validation_of_boards_for_every_call(
    board: object, kind: type[PokercalcError], message: str
) -> None:
    for call in API_CALLS.values():
        with pytest.raises(kind, match=message):
            call(board)
    if isinstance(board, str):
        for args in (["equity", "AA", "KK"], ["winodds", "AA"], ["query", "AA"]):
            assert message in one_line_error(invoke(*args, "--board", board)), args


def test_boards_given_as_card_strings_work() -> None:
    a = pokercalc.equity("AA | KK", board=["4d", "Ac", "5d"])
    b = pokercalc.equity("AA | KK", board="4dAc5d")
    assert [p.equity_fraction for p in a.players] == [p.equity_fraction for p in b.players]


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: pokercalc.equity(5), "players"),
        (lambda: pokercalc.equity("AA | KK", board=3.5), "board"),
        (lambda: pokercalc.equity("AA | KK", dead={1: 2}), "dead"),
        (lambda: pokercalc.equity("AA | KK", threads="2"), "threads"),
        (lambda: pokercalc.equity("AA | KK", method="mc", trials=1.5), "trials"),
        (lambda: pokercalc.equity("AA | KK", method="mc", time="1"), "time"),
        (lambda: pokercalc.equity(["AA", 7]), "player"),
        (lambda: pokercalc.winodds("AA", board=3.5), "board"),
        (lambda: pokercalc.run_query("AA", dead=4.0), "dead"),
    ],
)
def test_wrong_types_in_the_api_are_type_errors_naming_the_argument(call, name: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError, match=name):
        call()


def test_the_shared_validation_refuses_monte_carlo_options_with_exact() -> None:
    from pokercalc.core.validate import check_engine_options, check_method_options

    with pytest.raises(InputError, match="^method 'exact' excludes trials, which is for Monte"):
        check_engine_options(method="exact", trials=100, threads=2)
    assert check_engine_options(method="auto", trials=100, seed=1) == {"trials": 100, "seed": 1}
    assert check_engine_options(method="exact", threads=2, threshold=None) == {"threads": 2}
    flags = {"time": "--time", "seed": "--seed"}
    with pytest.raises(InputError, match="^--exact excludes --time and --seed, which are for"):
        check_method_options("exact", {"time": 1.0, "seed": 0}, exact="--exact", names=flags)
    check_method_options("mc", {"trials": 100, "time": 1.0, "stderr": 0.1, "seed": 0})


# --- numbers are ASCII: int() and float() would read other digits -------------------------------

#: Digits that Python's int() and float() read but a number option must not take.
WIDE, ARABIC = "\uff11", "\u0663"  # fullwidth 1, Arabic-Indic 3


def test_the_library_reads_ascii_numbers_only() -> None:
    from pokercalc.analysis.win_odds import parse_opponents
    from pokercalc.core.formats import parse_fraction
    from pokercalc.core.validate import read_number

    assert read_number("1e6") == 1e6 and read_number(" 1_000 ", integer=True) == 1000
    for text, integer in ((WIDE, True), (ARABIC, False), ("1" + WIDE, True), ("0." + WIDE, False)):
        with pytest.raises(InputError, match="ASCII"):
            read_number(text, integer=integer)
    with pytest.raises(InputError, match="ASCII"):
        parse_opponents(ARABIC)
    assert parse_opponents("1-3") == (1, 2, 3)
    with pytest.raises(InputError, match="is not a fraction"):
        parse_fraction(WIDE + "/2")  # (an expected equity in a check file)


@pytest.mark.parametrize("method", ["exact", "mc"])
def test_the_api_refuses_threshold_with_a_given_method(method: str) -> None:
    from pokercalc.analysis.pieces import plan_equity
    from pokercalc.core.validate import check_engine_options, check_method_options

    message = f"^method '{method}' excludes threshold, which is for the automatic choice"
    calls = [
        lambda: pokercalc.equity("AsKs | QQ", method=method, threshold=1e6),
        lambda: pokercalc.find_outs("AsAc", "Kd8h9c", ["QhJh"], method=method, threshold=1e6),
        lambda: pokercalc.equity_breakdown("QQ+ | JJ", "Kh7c2d", method=method, threshold=1e6),
        lambda: plan_equity("AsKs | QQ", method=method, threshold=1e6),
        lambda: check_engine_options(method=method, threshold=1e6),
    ]
    for call in calls:
        with pytest.raises(InputError, match=message):
            call()
    flags = {"threshold": "--threshold"}
    with pytest.raises(InputError, match=f"^--{method} excludes --threshold, which is for"):
        check_method_options(method, {"threshold": 0}, exact="--exact", mc="--mc", names=flags)
    check_method_options("auto", {"threshold": 1e6, "trials": 10})
    check_method_options(method, {"threshold": None})
