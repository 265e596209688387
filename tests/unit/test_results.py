"""Results are data: their dict, CSV rows and JSON Schema come from their fields."""

from __future__ import annotations

import dataclasses
import enum
import importlib
import inspect
import json
import math
import pkgutil
from fractions import Fraction
from pathlib import PurePosixPath
from typing import Any

import jsonschema
import pytest

import pokercalc
from pokercalc._lazy import FieldMethods
from pokercalc.analysis.equities import EquityResult, PlayerResult
from pokercalc.core.formats import envelope, json_line, json_text, load_schema
from pokercalc.core.results import CARD, CARDS, COUNT, PROB, Result, derived, doc
from pokercalc.ranges.omaha import OmahaQueryResult, run_omaha_query
from pokercalc.ranges.query import QueryResult


def package_classes() -> list[type]:
    """Every class the package's modules define (importing them all)."""
    found = []
    for info in pkgutil.walk_packages(pokercalc.__path__, "pokercalc."):
        if not info.name.endswith("__main__"):
            module = importlib.import_module(info.name)
            found += [c for c in vars(module).values() if inspect.isclass(c)]
    return [c for c in found if c.__module__.startswith("pokercalc.")]


def result_classes() -> list[type[Result]]:
    """Every result class of the package."""
    package_classes()
    found, todo = [], list(Result.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("pokercalc."):
            found.append(cls)
    return sorted(found, key=lambda c: c.__qualname__)


RESULTS = result_classes()


def test_the_package_has_its_results() -> None:
    names = {c.__name__ for c in RESULTS}
    assert {"EquityResult", "HandEvaluation", "QueryResult", "OutsResult", "DrawsResult"} <= names
    assert {"WinOddsResult", "FlopStudy", "TextureFit", "CheckResult", "OmahaQueryResult"} <= names


def test_no_result_writes_its_own_dict() -> None:
    own = {f"{c.__module__}.{c.__qualname__}" for c in package_classes() if "to_dict" in vars(c)}
    assert own == {"pokercalc.core.results.Result"}


@pytest.mark.parametrize("cls", RESULTS, ids=lambda c: c.__name__)
def test_results_are_keyword_only_frozen_and_documented(cls: type[Result]) -> None:
    assert dataclasses.is_dataclass(cls)
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    # frozen by @dataclass, or by FieldMethods for a class declared with @record
    assert params.frozen or cls.__setattr__ is FieldMethods.__setattr__
    for f in dataclasses.fields(cls):
        assert f.kw_only, f"{cls.__name__}.{f.name} is positional"
        assert f.metadata["doc"] and "\n" not in f.metadata["doc"], f.name
    schema = cls.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert all(p["description"] for p in schema["properties"].values())


# --- a result made for the test: every kind of value ---------------------------------------


class Street(enum.Enum):
    FLOP = "flop"
    TURN = "turn"


@dataclasses.dataclass(frozen=True, kw_only=True)
class Line(Result):
    """One line of a table."""

    card: int = doc("a card", CARD, csv="the card")
    share: Fraction | None = doc("an exact share")
    secret: str = doc("not in the CSV", csv=False, default="x")


@dataclasses.dataclass(frozen=True, kw_only=True)
class Toy(Result):
    """A toy result."""

    name: str = doc("a name", csv=True)
    board: tuple[int, ...] = doc("some cards", CARDS)
    street: Street = doc("an enum, by value")
    path: PurePosixPath = doc("a path, as text")
    odds: float | None = doc("a probability or None", PROB)

    @property
    @derived(COUNT, key="lines_count")
    def count(self) -> int:
        """How many lines."""
        return len(self.lines)

    counts: tuple[int, ...] = doc("counts, not cards", minItems=1)
    lines: tuple[Line, ...] = doc("the rows", table="row")
    hidden: int = doc("kept out of the output", output=False, default=0)

    @derived()
    def label(self) -> str:
        """A method's value."""
        return self.name.upper()


TOY = Toy(
    name="toy",
    board=(51, 50, 0),
    street=Street.TURN,
    path=PurePosixPath("/tmp/x.json"),
    odds=None,
    counts=(3, 4),
    lines=(Line(card=47, share=Fraction(2, 4)), Line(card=1, share=None)),
)


def test_the_dict_follows_the_declaration() -> None:
    assert TOY.to_dict() == {
        "name": "toy",
        "board": "AsAh2c",
        "street": "turn",
        "path": "/tmp/x.json",
        "odds": None,
        "lines_count": 2,
        "counts": [3, 4],
        "lines": [
            {"card": "Ks", "share": "1/2", "secret": "x"},
            {"card": "2d", "share": None, "secret": "x"},
        ],
        "label": "TOY",
    }


def test_the_rows_come_from_the_table_field() -> None:
    assert TOY.to_rows() == [
        {"name": "toy", "row": 1, "the card": "Ks", "share": "1/2"},
        {"name": "toy", "row": 2, "the card": "2d", "share": None},
    ]
    with pytest.raises(TypeError, match="not a table"):
        TOY.lines[0].to_rows()


def test_a_table_without_rows_keeps_its_header() -> None:
    # The CSV of an empty table (a hand with no draws) is its header, not nothing.
    header = ["name", "row", "the card", "share"]
    assert TOY.csv_columns() == header
    assert dataclasses.replace(TOY, lines=()).csv_columns() == header


def test_the_schema_follows_the_types_and_the_metadata() -> None:
    schema = Toy.json_schema()
    props = schema["properties"]
    assert schema["description"] == "A toy result."
    assert schema["required"] == list(TOY.to_dict())
    assert props["board"] == {"description": "some cards", **CARDS.schema}
    assert props["odds"]["anyOf"] == [dict(PROB.schema), {"type": "null"}]
    assert props["street"]["enum"] == ["flop", "turn"]
    assert props["lines_count"] == {"description": "how many lines", **COUNT.schema}
    assert props["counts"] == {
        "description": "counts, not cards",
        "type": "array",
        "items": {"type": "integer"},
        "minItems": 1,
    }
    share = props["lines"]["items"]["properties"]["share"]["anyOf"][0]
    assert share["pattern"] == "^[0-9]+/[1-9][0-9]*$"
    assert "hidden" not in props
    validator = jsonschema.Draft202012Validator(schema)
    validator.validate(TOY.to_dict())
    broken = {**TOY.to_dict(), "odds": 1.5}
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(broken)


def test_every_field_must_be_documented() -> None:
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Bare(Result):
        """Undocumented."""

        value: int

    with pytest.raises(TypeError, match=r"Bare\.value has no doc\(\)"):
        Bare(value=1).to_dict()


# --- adding a field is one edit ------------------------------------------------------------


def test_a_new_field_reaches_the_dict_the_schema_and_the_rows() -> None:
    Extended = dataclasses.make_dataclass(
        "Extended",
        [("luck", float, doc("a field added for the test", PROB))],
        bases=(PlayerResult,),
        frozen=True,
        kw_only=True,
    )
    players = tuple(
        Extended(label=label, combos=1, equity=e, win=e, tie=0.0, luck=0.25)
        for label, e in (("AsAh", 0.75), ("KsKh", 0.25))
    )
    result = EquityResult(
        method="mc", board=(), dead=(), players=players, outcomes=10, outcomes_exact=True,
        symmetry=1, trials=10, seed=1, threads=1, elapsed=0.0, showdowns=10, interrupted=False,
    )  # fmt: skip
    player = result.to_dict()["players"][0]
    assert list(player)[-1] == "luck" and player["luck"] == 0.25
    prop = Extended.json_schema()["properties"]["luck"]
    assert prop == {"description": "a field added for the test", **PROB.schema}
    assert [row["luck"] for row in result.to_rows()] == [0.25, 0.25]
    # The shipped schema allows what a newer pokercalc adds.
    doc_ = envelope("equity", result)
    jsonschema.Draft202012Validator(load_schema("equity")).validate(doc_)


# --- the query schema serves Omaha too -----------------------------------------------------


def test_omaha_queries_write_the_keys_of_hold_em_queries() -> None:
    holdem, omaha = QueryResult.json_schema(), OmahaQueryResult.json_schema()
    assert omaha["required"] == holdem["required"]
    for key in holdem["properties"]:
        without_doc = [
            {k: v for k, v in s["properties"][key].items() if k != "description"}
            for s in (holdem, omaha)
        ]
        if key != "classes":  # always empty in Omaha
            assert without_doc[0] == without_doc[1], key
    result = run_omaha_query("AAxxds", board="AcKd2h")
    data: Any = envelope("query", result)
    jsonschema.Draft202012Validator(load_schema("query")).validate(data)
    assert data["result"]["classes"] == [] and len(data["result"]["combos"][0]) == 8


def test_an_exact_fraction_is_kept_as_its_integers_until_read() -> None:
    import pickle

    from pokercalc import equity
    from pokercalc.core.results import ExactFraction, exact_fractions, fraction_text

    r = equity("AsAh | KsKh | QQ", method="exact")  # three players: ties split three ways
    for p in r.players:
        held = vars(p)["equity_fraction"]
        assert isinstance(held, tuple), held  # the engine's pair, no Fraction made
        text = p.to_dict()["equity_fraction"]
        assert text == fraction_text(Fraction(*held)) and "/" in text
        assert isinstance(p.equity_fraction, Fraction) and p.equity == float(p.equity_fraction)
        assert p.equity_fraction == Fraction(*held) == vars(p)["equity_fraction"]  # (kept)
    assert sum(p.equity_fraction for p in r.players) == 1
    again = equity("AsAh | KsKh | QQ", method="exact")
    assert [p.to_dict() for p in again.players] == [p.to_dict() for p in r.players]
    # A pair and the Fraction of the same value: equal results, equal hashes, one text.
    pair, whole = (
        PlayerResult(label="x", combos=1, equity=0.5, win=0.5, tie=0.0, equity_fraction=value)
        for value in ((6, 12), Fraction(1, 2))
    )
    assert pair == whole and hash(pair) == hash(whole) and repr(pair) == repr(whole)
    assert pair.to_dict()["equity_fraction"] == "1/2" == whole.to_dict()["equity_fraction"]
    assert pickle.loads(pickle.dumps(again.players[0])) == again.players[0]
    assert dataclasses.replace(again.players[1]).equity_fraction == again.players[1].equity_fraction
    assert PlayerResult.equity_fraction is None  # the field's default, asked of the class
    assert isinstance(vars(PlayerResult)["equity_fraction"], ExactFraction)
    rows = again.to_rows()
    assert [row["equity_fraction"] for row in rows] == [
        p.to_dict()["equity_fraction"] for p in again.players
    ]
    with pytest.raises(dataclasses.FrozenInstanceError):
        again.players[0].equity_fraction = Fraction(1, 3)  # type: ignore[misc]
    with pytest.raises(TypeError, match="default is None"):
        exact_fractions("label")(PlayerResult)
    assert fraction_text((-2, -4)) == "1/2" and fraction_text((0, 5)) == "0/1"
    assert fraction_text(Fraction(6, 8)) == "3/4" and fraction_text(3) == "3/1"


def test_json_writers_never_write_nan_or_infinity() -> None:
    data = {"a": math.inf, "b": [math.nan, -math.inf, 1.5], "c": {"d": 2}}
    for text in (json_text(data), json_line(data)):
        assert json.loads(text) == {"a": None, "b": [None, None, 1.5], "c": {"d": 2}}
