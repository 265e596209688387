"""FieldMethods: a dataclass declared ``eq=False, repr=False`` compares, hashes and prints by its
fields exactly as one whose methods ``@dataclass`` generated."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pokercalc import equity
from pokercalc._lazy import FieldMethods
from pokercalc.core.games import GAMES, HOLDEM, Game
from pokercalc.ranges.notation import DeckRange, Range, parse_range


def twin(cls: type) -> type:
    """A dataclass with ``cls``'s fields, name and field options whose ``__eq__``, ``__hash__``
    and ``__repr__`` ``@dataclass`` generates (``__init__`` left out: values are copied in)."""
    fields = [
        (f.name, Any, dataclasses.field(compare=f.compare, hash=f.hash, repr=f.repr))
        for f in dataclasses.fields(cls)
    ]
    made = dataclasses.make_dataclass(cls.__name__, fields, frozen=True, init=False)
    made.__qualname__ = cls.__qualname__
    return made


def as_twin(obj: Any, made: type) -> Any:
    """``obj``'s field values in an object of its twin class."""
    copy = object.__new__(made)
    for f in dataclasses.fields(obj):
        object.__setattr__(copy, f.name, getattr(obj, f.name))
    return copy


def assert_alike(objects: list[Any]) -> None:
    """Equality, hashes and reprs of ``objects`` are those of their twins."""
    made = {type(o): twin(type(o)) for o in objects}
    twins = [as_twin(o, made[type(o)]) for o in objects]
    for o, t in zip(objects, twins, strict=True):
        assert repr(o) == repr(t)
        if type(o).__hash__ is FieldMethods.__hash__:
            assert hash(o) == hash(t)
        for o2, t2 in zip(objects, twins, strict=True):
            assert (o == o2) == (t == t2) and (o != o2) == (t != t2), (o, o2)
        assert o != 1 and not (o == "x")


@dataclasses.dataclass(frozen=True, eq=False, repr=False)
class Spot(FieldMethods):
    board: str
    weight: float = 1.0
    note: str = dataclasses.field(default="", compare=False)
    tag: str = dataclasses.field(default="", hash=False)
    secret: str = dataclasses.field(default="", repr=False)
    keyed: Any = dataclasses.field(default=(), compare=False, hash=True)


@dataclasses.dataclass(frozen=True, eq=False, repr=False)
class Nothing(FieldMethods):
    pass


@dataclasses.dataclass(frozen=True, eq=False, repr=False)
class One(FieldMethods):
    value: Any


@dataclasses.dataclass(frozen=True, eq=False, repr=False)
class Deeper(Spot):
    street: str = "flop"


def test_field_options_are_followed() -> None:
    nan = float("nan")
    spots = [
        Spot("Kh7c2d"),
        Spot("Kh7c2d", note="dry"),
        Spot("Kh7c2d", tag="a"),
        Spot("Kh7c2d", secret="s"),
        Spot("Kh7c2d", weight=nan),
        Spot("Kh7c2d", weight=nan),
        Spot("As"),
        Spot("As", keyed=(1,)),
        Deeper("Kh7c2d"),
    ]
    assert_alike(spots)
    assert Spot("Kh7c2d", note="dry") == Spot("Kh7c2d") != Deeper("Kh7c2d")
    assert "secret" not in repr(Spot("Kh7c2d", secret="s"))
    with pytest.raises(TypeError, match="unhashable"):
        hash(Spot("Kh7c2d", keyed=[1]))


def test_classes_of_no_field_and_of_one() -> None:
    nan = float("nan")
    assert_alike([Nothing(), Nothing(), One(nan), One(nan), One(1), One(1.0), One("1")])
    assert hash(Nothing()) == hash(()) and hash(One(5)) == hash((5,))
    assert One(nan) == One(nan) and One(nan) != One(float("nan"))  # tuples: identity first


def test_a_repr_of_an_object_holding_itself_stops() -> None:
    made = twin(One)
    box: list[Any] = []
    one, other = One(box), object.__new__(made)
    object.__setattr__(other, "value", [other])
    box.append(one)
    assert repr(one) == "One(value=[...])" == repr(other)


def test_the_classes_of_the_start_up_path_behave_as_generated() -> None:
    exact = equity(["AsAh", "KsKh"], method="exact")
    mc = equity("AhKh | QQ+,AKs,AKo", "Qh7h2c", method="mc", trials=2000, seed=3)
    again = dataclasses.replace(exact, elapsed=mc.elapsed)
    assert_alike([exact, again, dataclasses.replace(exact), mc, exact, mc])
    assert_alike([*exact.players, *mc.players, dataclasses.replace(exact.players[0])])
    assert_alike([*GAMES.values(), dataclasses.replace(HOLDEM), dataclasses.replace(HOLDEM)])
    assert hash(dataclasses.replace(HOLDEM, title="x")) == hash(HOLDEM)  # Game's own hash
    ranges = [parse_range("QQ+,AKs:0.5"), parse_range("QQ+,AKs:0.5"), parse_range("QQ+")]
    decks = [DeckRange("random", 4, 0xFFFF), DeckRange("random", 4, 0xFFFF), DeckRange("x", 4, 1)]
    assert_alike([*ranges, *decks])
    for cls in (Game, Range, DeckRange, type(exact), type(exact.players[0])):
        assert cls.__eq__ is FieldMethods.__eq__ and cls.__repr__ is FieldMethods.__repr__
