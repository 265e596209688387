"""The Python API speaks cards: results hold card strings, every call reads cards in every
form, the dotted names the docs use exist in a fresh interpreter, and tables are DataFrames."""

from __future__ import annotations

import dataclasses
import json
import math
import pickle
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokercalc
from pokercalc import Card
from pokercalc.analysis.hits import range_hits, select_hands
from pokercalc.analysis.next_card import next_card_equity, next_card_hits
from pokercalc.core.cards import cards_of, format_card, parse_cards, to_cards
from pokercalc.core.results import CARD, CARDS, HANDS, Result, _entries
from pokercalc.errors import CardConflictError, InputError, ParseError, PokercalcError
from pokercalc.ranges.omaha import run_omaha_query

ROOT = Path(__file__).resolve().parents[2]

# --- Card -----------------------------------------------------------------------------------


def test_a_card_is_its_string_and_knows_its_index() -> None:
    c = Card("a♠")
    assert c == "As" and str(c) == "As" and repr(c) == "'As'" and isinstance(c, str)
    assert (c.number, c.rank, c.suit, c.symbol, int(c)) == (51, 12, 3, "A♠", 51)
    assert c.index("s") == 1  # still every str method
    assert c.mask == pokercalc.mask_of([51])
    assert Card(51) is c and Card(Card("As")) is c and Card("10h") == "Th"
    assert {c: 1}["As"] == 1  # hashes as its string
    assert pickle.loads(pickle.dumps(c)) is c
    assert json.dumps(cards_of((9, 48, 13))) == '["4d", "Ac", "5d"]'


@pytest.mark.parametrize(
    ("bad", "kind", "message"),
    [("Xs", ParseError, "unknown rank 'X'"), (52, InputError, "card index 52 is not in 0..51")],
)
def test_a_bad_card_is_a_pokercalc_error(bad: Any, kind: type[Exception], message: str) -> None:
    with pytest.raises(kind, match=message):
        Card(bad)


# --- results hold cards ---------------------------------------------------------------------


def _results() -> dict[str, Result]:
    """One result of every command, each with board, dead and hero cards where it has them."""
    hits = range_hits("QQ+,AK", "Kh7c2d", "3s", vs=["AsAd"])
    return {
        "equity": pokercalc.equity("JcJh | 99+,AJs+", board="4dAc5d", dead="2s"),
        "eval": pokercalc.evaluate_hand("AhAd9c9s9h"),
        "eval omaha": pokercalc.evaluate_hand("As2sKdQd", "omaha-hilo", board="3h8c7s"),
        "query": pokercalc.run_query("AKs,QQ", board="Ks7h2c", dead="Qd"),
        "query omaha": run_omaha_query("AAKK", board="AcKd2h", dead="3s"),
        "outs": pokercalc.find_outs("AsAc", "Kd8h9c", ["KsKh"], dead="2d"),
        "outs omaha": pokercalc.find_outs("As2sKdQd", "3h8c7sKc", ["JhJcTdTc"], game="omaha-hilo"),
        "draws": pokercalc.find_draws("KcTh", "Jh9c7c", dead="2s"),
        "draws omaha": pokercalc.find_draws("As2s3dKd", "4h8cKs", game="omaha-hilo"),
        "hits": hits,
        "hits selection": select_hands(hits, "top pair or better"),
        "winodds": pokercalc.winodds("AsKs", board="Qs7h2c", dead="3d", trials=500, seed=1),
        "flops": pokercalc.flop_equities("AhAs", "QQ"),
        "hits next card": next_card_hits("QQ+,AK", "Kh7c2d8s", "3s", vs=["AsAd"]),
        "equity next card": next_card_equity("AsKs | QQ", "Kh7c2d8s", "3s"),
    }


@pytest.fixture(scope="module")
def results() -> dict[str, Result]:
    return _results()


def _card_values(result: Any) -> Iterator[tuple[str, Any, Any]]:
    """(where, form, value) of every value written as cards in a result and its nested
    results: the fields and derived values declared CARD, CARDS or HANDS."""
    for e in _entries(type(result)):
        value = e.value(result)
        form, items = e.meta["form"], e.meta["items"]
        where = f"{type(result).__name__}.{e.name}"
        if form in (CARD, CARDS, HANDS):
            yield where, form, value
        elif items in (CARDS, HANDS) and value is not None:
            for v in value:
                yield where, items, v
        elif isinstance(value, Result):
            yield from _card_values(value)
        elif isinstance(value, tuple) and value and isinstance(value[0], Result):
            for v in value:
                yield from _card_values(v)
    if dataclasses.is_dataclass(result):  # fields kept out of the output hold cards too
        for f in dataclasses.fields(result):
            if f.metadata.get("form") in (CARDS, HANDS) and not f.metadata.get("output", True):
                yield f"{type(result).__name__}.{f.name}", CARDS, getattr(result, f.name)


def test_every_result_holds_card_strings_never_indices(results: dict[str, Result]) -> None:
    seen: set[type] = set()
    for name, result in results.items():
        found = list(_card_values(result))
        assert found, name
        for where, form, value in found:
            seen.add(type(result))
            if value is None:
                continue
            cards = (value,) if form is CARD else value
            assert isinstance(cards, tuple), (name, where)
            for c in cards:
                assert type(c) is Card and re.fullmatch("[2-9TJQKA][cdhs]", c), (name, where, c)


def test_the_judged_examples_read_as_cards(results: dict[str, Result]) -> None:
    r = pokercalc.equity("JcJh | 99+,AJs+ | random", board="4dAc5d")
    assert r.board == ("4d", "Ac", "5d") and r.dead == ()
    assert results["equity"].dead == ("2s",)
    outs = results["outs"]
    assert outs.hero == ("As", "Ac") and outs.board == ("Kd", "8h", "9c")
    assert outs.outs == ("Ah", "Ad") and outs.cards[0].card == "Ah"
    assert "".join(outs.discounted) == "AhAd"
    assert results["eval"].cards == ("Ah", "Ad", "9c", "9s", "9h")
    assert results["query"].combos[0] == ("Ah", "Kh")
    assert results["hits"].certain == ("As", "Ad")
    assert results["flops"].hero == ("As", "Ah")
    draws = dict((d.name, d.cards) for d in results["draws"].draws)
    assert draws["double gutshot"] == ("Qs", "Qh", "Qd", "Qc", "8s", "8h", "8d", "8c")


def test_json_and_csv_still_write_cards_as_one_string(results: dict[str, Result]) -> None:
    d = results["equity"].to_dict()
    assert (d["board"], d["dead"]) == ("4dAc5d", "2s")
    outs = results["outs"].to_dict()
    assert (outs["hero"], outs["outs"], outs["cards"][0]["card"]) == ("AsAc", "AhAd", "Ah")
    assert results["query"].to_dict()["combos"][0] == "AhKh"
    assert results["winodds"].to_rows()[0]["board"] == "Qs7h2c"


def test_every_result_class_with_cards_is_covered(results: dict[str, Result]) -> None:
    def subclasses(cls: type) -> Iterator[type]:
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    covered: set[type] = set()
    for result in results.values():
        stack: list[Any] = [result]
        while stack:
            r = stack.pop()
            covered.add(type(r))
            for e in _entries(type(r)):
                v = e.value(r) if not e.call else None
                if isinstance(v, Result):
                    stack.append(v)
                elif isinstance(v, tuple) and v and isinstance(v[0], Result):
                    stack.extend(v)
    with_cards = {
        cls
        for cls in subclasses(Result)
        if cls.__module__.startswith("pokercalc.")
        and any(
            e.meta["form"] in (CARD, CARDS, HANDS) or e.meta["items"] in (CARDS, HANDS)
            for e in _entries(cls)
        )
    }
    assert not with_cards - covered, "add a result of these classes to _results()"


# --- inputs in every form -------------------------------------------------------------------

BOARDS = [
    "4dAc5d",
    "4d Ac 5d",
    "4d,Ac,5d",
    " 4d, Ac, 5d ",
    "4♦A♣5♦",
    "4♦ a♣ 5D",
    ["4d", "Ac", "5d"],
    ("4d", "Ac", "5d"),
    [Card("4d"), Card("Ac"), Card("5d")],
    (9, 48, 13),
    ["4♦", Card("Ac"), 13],
]
HEROES = ["QhJh", "Qh Jh", "Q♥J♥", ["Qh", "Jh"], (Card("Qh"), Card("Jh")), (42, 38)]


_SYMBOLS = str.maketrans("♣♦♥♠", "cdhs")


def _norm(value: Any) -> Any:
    """A result's dict without its timings, its text (the players as given) without spaces
    and with suit letters for symbols."""
    if isinstance(value, dict):
        return {k: _norm(v) for k, v in value.items() if k != "elapsed"}
    if isinstance(value, (list, tuple)):
        return [_norm(v) for v in value]
    if isinstance(value, str):
        return "".join(value.split()).translate(_SYMBOLS)
    return value


def _same(results: list[dict[str, Any]]) -> None:
    """All dicts equal once the timing is left out and the text normalised."""
    first, *rest = (_norm(r) for r in results)
    for r in rest:
        assert r == first


CALLS: dict[str, Callable[[Any, Any], Any]] = {
    "equity": lambda hero, board: pokercalc.equity([hero, "99+,AJs+"], board=board, dead=["2s"]),
    "count_outcomes": lambda hero, board: {
        "n": pokercalc.count_outcomes([hero, "99+"], board=board, dead="2s")
    },
    "find_outs": lambda hero, board: pokercalc.find_outs(hero, board, [["Ks", "Kh"]]),
    "find_draws": lambda hero, board: pokercalc.find_draws(hero, board, dead=("2s",)),
    "winodds": lambda hero, board: pokercalc.winodds(hero, board=board, trials=300, seed=3),
    "hand_potential": lambda hero, board: pokercalc.hand_potential(hero, board, method="exact"),
    "range_hits": lambda hero, board: range_hits("QQ+,AK", board, vs=[hero]),
    "run_query": lambda hero, board: pokercalc.run_query("AKs,QQ", board=board, dead=hero),
    "player_range": lambda hero, board: {
        "combos": pokercalc.player_range("AKs,QQ", board=board, dead=hero).combos
    },
    "evaluate": lambda hero, board: {
        "v": pokercalc.evaluate([*to_cards(hero), *to_cards(board)]),
        "w": pokercalc.evaluate(to_cards(hero) + to_cards(board)),
    },
    "evaluate_hand": lambda hero, board: pokercalc.evaluate_hand(
        cards_of(to_cards(hero) + to_cards(board))
    ),
    "flop_features": lambda hero, board: {"f": pokercalc.flop_features(hero, board)},
}


def _as_dict(value: Any) -> dict[str, Any]:
    return value.to_dict() if hasattr(value, "to_dict") else dict(value)


@pytest.mark.parametrize("call", list(CALLS))
def test_every_board_form_gives_the_same_result(call: str) -> None:
    _same([_as_dict(CALLS[call]("QhJh", board)) for board in BOARDS])


@pytest.mark.parametrize("call", list(CALLS))
def test_every_hand_form_gives_the_same_result(call: str) -> None:
    _same([_as_dict(CALLS[call](hero, "4dAc5d")) for hero in HEROES])


class _OtherCard:
    """A card object of another library (eval7's, pokerkit's): its str or repr is the card."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def test_card_objects_of_other_libraries_are_read_by_their_text() -> None:
    board = [_OtherCard("4d"), _OtherCard("Ac"), _OtherCard("5d")]
    assert to_cards(board) == (9, 48, 13)
    assert pokercalc.equity("JcJh | 99+", board=board).board == ("4d", "Ac", "5d")


def test_players_and_opponents_may_be_hands_given_as_cards() -> None:
    text = pokercalc.equity("JcJh | 99+ | random", board="4dAc5d").to_dict()
    cards = pokercalc.equity([["Jc", "Jh"], "99+", "random"], board="4dAc5d").to_dict()
    for d in (text, cards):
        d.pop("elapsed")
    assert cards == text
    omaha = pokercalc.equity([("As", "Ad", "Ks", "Kd"), "QQxx"], "2c7d9hTs", game="omaha")
    assert omaha.players[0].label == "AsAdKsKd"
    assert pokercalc.flop_equities(["Ah", Card("As")], ["Qs", "Qh"]).hero == ("As", "Ah")
    assert pokercalc.hero_cards(["Ks", "As"]) == pokercalc.hero_cards("AKs")


@pytest.mark.parametrize(
    ("board", "kind", "message"),
    [
        (["4d", "Xx", "5d"], ParseError, "board: 'Xx' is not a card: unknown rank 'X'"),
        (["4d", "4d", "5d"], CardConflictError, "board has 4d more than once"),
        (["4d", "AcKd", "5d"], ParseError, "board: 'AcKd' is not one card"),
        ([9, 48, 99], InputError, "board: card index 99 is not in 0..51"),
        ("4dAc5x", ParseError, "unknown suit 'x' at position 5"),
        (["4d", 4.5, "5d"], ParseError, "board: 4.5 is not a card"),
    ],
)
def test_bad_cards_are_one_clear_pokercalc_error(
    board: Any, kind: type[PokercalcError], message: str
) -> None:
    for call in (
        lambda: pokercalc.equity("AA | KK", board=board),
        lambda: pokercalc.find_outs("QhJh", board),
        lambda: pokercalc.run_query("AA", board=board),
    ):
        with pytest.raises(kind, match=re.escape(message)) as info:
            call()
        assert "\n" not in str(info.value)


# --- to_frame -------------------------------------------------------------------------------

TABLES = ["equity", "outs", "outs omaha", "draws", "draws omaha", "hits", "winodds", "flops"]


def _cell(x: Any) -> Any:
    """A frame's cell as to_rows writes it: NaN is None, numpy scalars plain."""
    if hasattr(x, "item"):
        x = x.item()
    return None if isinstance(x, float) and math.isnan(x) else x


@pytest.mark.slow
@pytest.mark.parametrize("name", TABLES)
def test_to_frame_is_to_rows(results: dict[str, Result], name: str) -> None:
    pytest.importorskip("pandas")
    result = results[name]
    rows = result.to_rows()
    frame = result.to_frame()
    assert frame.shape == (len(rows), len(rows[0]))
    assert list(frame.columns) == list(rows[0])
    got = [{k: _cell(v) for k, v in r.items()} for r in frame.to_dict("records")]
    want = [{k: _cell(v) for k, v in r.items()} for r in rows]
    assert got == want


def test_the_check_and_a_study_are_frames_too() -> None:
    pytest.importorskip("pandas")
    from pokercalc.pipelines.check import parse_spec

    scenario = {"players": ["AsAh", "KsKh"], "board": "2c3d4h5s", "expected": [0.5, 0.5]}
    spec = parse_spec({"scenarios": [{**scenario, "tolerance": 0.5}]})
    check = pokercalc.run_check(spec)
    assert check.to_frame().shape == (2, len(check.to_rows()[0]))


def test_a_result_that_is_no_table_says_so(results: dict[str, Result]) -> None:
    with pytest.raises(TypeError, match="not a table"):
        results["query"].to_frame()


def test_to_frame_without_pandas_says_how_to_get_it(
    results: dict[str, Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="pip install pandas"):
        results["equity"].to_frame()


# --- documented names -----------------------------------------------------------------------

_DOTTED = re.compile(r"\bpokercalc(?:\.[A-Za-z_][A-Za-z0-9_]*)+")
_FROM = re.compile(r"^\s*(?:>>> )?(from pokercalc[\w.]* import [\w, ]+)", re.M)
#: a dotted name that is a file, not a Python name (``pokercalc.fish``, a completion script)
_FILES = {"bash", "fish", "zsh", "json", "toml", "csv", "md", "py", "txt", "egg-info"}


def _documented() -> tuple[set[str], set[str]]:
    """The dotted names and the ``from pokercalc... import ...`` lines of README.md and docs/."""
    names: set[str] = set()
    imports: set[str] = set()
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for line in text.splitlines():
            if "cimport" in line:
                continue  # Cython's cimport of a .pxd, not a Python name
            found = (m.rstrip(".") for m in _DOTTED.findall(line))
            names.update(n for n in found if n.rsplit(".", 1)[1] not in _FILES)
        imports.update(m.strip().rstrip(",") for m in _FROM.findall(text))
    return names, imports


def test_the_docs_name_things() -> None:
    names, imports = _documented()
    assert "pokercalc.analysis.outs.find_outs" in names and "pokercalc.equity" in names
    assert any("flop_equities" in line for line in imports)


@pytest.mark.process
def test_documented_names_exist_in_a_fresh_interpreter() -> None:
    names, imports = _documented()
    names |= {"pokercalc.outs.find_outs", "pokercalc.draws.find_draws", "pokercalc.Card"}
    script = "\n".join(
        [
            "import pokercalc",
            "missing = []",
            *(f"{line}" for line in sorted(imports)),
            f"for name in {sorted(names)!r}:",
            "    obj = pokercalc",
            "    try:",
            "        for part in name.split('.')[1:]:",
            "            obj = getattr(obj, part)",
            "    except AttributeError:",
            "        missing.append(name)",
            "print(missing)",
        ]
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert out.strip() == "[]"


@pytest.mark.process
def test_import_pokercalc_loads_no_analysis_it_does_not_need() -> None:
    script = (
        "import sys, pokercalc\n"
        "pokercalc.analysis.outs.find_outs\n"
        "print(sorted(m for m in sys.modules if m.startswith(('pandas', 'scipy', 'rich', "
        "'click', 'pokercalc.texture'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert out.strip() == "[]"


def test_a_missing_name_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        pokercalc.analysis.nothing  # noqa: B018
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        pokercalc.nothing  # noqa: B018
    assert not hasattr(pokercalc.core, "__wrapped__")


def test_card_strings_are_what_parse_cards_reads() -> None:
    for board in BOARDS:
        assert to_cards(board) == parse_cards("4dAc5d")


_WRITTEN = st.sampled_from(["ascii", "lower", "symbol", "card", "index"])


def _write(card: int, how: str) -> Any:
    """One card in one of the ways a caller may write it."""
    text = format_card(card, symbols=how == "symbol")
    return {"lower": text.lower(), "card": Card(card), "index": card}.get(how, text)


@pytest.mark.slow
@given(
    cards=st.lists(st.integers(0, 51), min_size=0, max_size=7, unique=True),
    hows=st.lists(_WRITTEN, min_size=7, max_size=7),
    sep=st.sampled_from(["", " ", ",", ", ", "  "]),
)
@settings(max_examples=200, deadline=None)
def test_every_way_of_writing_cards_reads_the_same(
    cards: list[int], hows: list[str], sep: str
) -> None:
    items = [_write(c, how) for c, how in zip(cards, hows, strict=False)]
    assert to_cards(items) == tuple(cards)
    assert to_cards(tuple(items)) == tuple(cards)
    text = sep.join(
        str(_write(c, how if how != "index" else "ascii"))
        for c, how in zip(cards, hows, strict=False)
    )
    assert to_cards(text) == tuple(cards)
    assert cards_of(items) == tuple(Card(c) for c in cards)
