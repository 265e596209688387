"""bench/bench_pokerstove.py reads ps-eval's output and compares it with pokercalc's counts.

No PokerStove binary is needed: the lines are ps-eval's, as printed by its
``main.cpp`` (``EquityResult::str()`` gives the win and tie shares).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "bench_pokerstove.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_pokerstove", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_pokerstove"] = module  # (dataclasses look their module up)
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules["bench_pokerstove"]
    return module


# ps-eval -g h AcAs KsKh QdQh, and ps-eval -g o8 As2sKdQd 3h4hJcTc --board 5h7c8s
THREE_WAY = """\
The hand AcAs has 66.8708 % equity (914818 1816.3333333331996 0 0)
The hand KsKh has 17.4379 % equity (237214 1816.3333333331996 0 0)
The hand QdQh has 15.6913 % equity (213273 1816.3333333331996 0 0)
"""
HILO = """\
The hand As2sKdQd has 57.1951 % equity (469 0 0 0)
The hand 3h4hJcTc has 42.8049 % equity (351 0 0 0)
"""


def test_parse_reads_every_hand_and_its_shares(bench: ModuleType) -> None:
    hands = bench.parse_ps_eval(THREE_WAY)
    assert [h.label for h in hands] == ["AcAs", "KsKh", "QdQh"]
    assert [h.win_shares for h in hands] == [914818, 237214, 213273]
    assert hands[0].tie_shares == pytest.approx(1816 + 1 / 3)
    assert hands[2].equity_percent == 15.6913
    random = bench.parse_ps_eval("A random hand has 4.01408 % equity (61572 1.5 0 0)\n")
    assert random[0].label == "random" and random[0].tie_shares == 1.5


def test_equities_come_from_the_shares_not_the_six_printed_digits(bench: ModuleType) -> None:
    hands = bench.parse_ps_eval(HILO)
    assert bench.ps_equities(hands) == [469 / 820, 351 / 820]


@pytest.mark.parametrize("text", ["", "Segmentation fault\n", "The hand AcAs has 66 % equity\n"])
def test_parse_refuses_what_is_not_ps_eval_output(bench: ModuleType, text: str) -> None:
    with pytest.raises(ValueError):
        bench.parse_ps_eval(text)


def test_compare_names_what_differs(bench: ModuleType) -> None:
    hands = bench.parse_ps_eval(HILO)
    eq = [469 / 820, 351 / 820]
    assert bench.compare("omaha-hilo", eq, 820, [None, None], [None, None], hands) == []
    # hi/lo shares are halves of pots: the win counts are not compared there
    assert bench.compare("omaha-hilo", eq, 820, [400, 0], [420, 420], hands) == []
    assert bench.compare("stud", eq, 820, [469, 351], [0, 0], hands) == []
    assert bench.compare("stud", eq, 820, [468, 351], [2, 2], hands) == [
        "wins of player 1: 468 against 469",
        "ties of player 1: 2 against 0 (2 x shares)",
        "ties of player 2: 2 against 0 (2 x shares)",
    ]
    assert bench.compare("stud", eq, 821, [469, 351], [0, 0], hands) == [
        "outcomes: 821 against 820 in shares"
    ]
    assert bench.compare("stud", [0.5, 0.5], 820, [469, 351], [0, 0], hands)[0].startswith(
        "equity of player 1: 0.5 against 0.5719512195"
    )


def test_ps_args_name_the_game_and_a_random_hand(bench: ModuleType) -> None:
    assert bench.ps_args("a-5", ["As4d", "random"], "") == ["-g", "l", "As4d", "."]
    assert bench.ps_args("omaha-hilo", ["As2sKdQd", "random"], "Qs7h4c9d") == [
        "-g", "o8", "--board", "Qs7h4c9d", "As2sKdQd", ".",
    ]  # fmt: skip
