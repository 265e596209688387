"""FieldMethods: a class declared with ``@record`` compares, hashes, prints and refuses assignment
exactly as one whose methods ``@dataclass(frozen=True)`` generated."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pokercalc import equity
from pokercalc._lazy import FieldMethods, record
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


@record
class Spot(FieldMethods):
    board: str
    weight: float = 1.0
    note: str = dataclasses.field(default="", compare=False)
    tag: str = dataclasses.field(default="", hash=False)
    secret: str = dataclasses.field(default="", repr=False)
    keyed: Any = dataclasses.field(default=(), compare=False, hash=True)


@record
class Nothing(FieldMethods):
    pass


@record
class One(FieldMethods):
    value: Any


@record(kw_only=True)
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
        Deeper("Kh7c2d", street="turn"),
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


def frozen_error(action: Any, *args: Any) -> str:
    """The message of the FrozenInstanceError ``action(*args)`` raises."""
    with pytest.raises(dataclasses.FrozenInstanceError) as caught:
        action(*args)
    return str(caught.value)


@pytest.mark.parametrize("cls", [Spot, Deeper])
def test_assignment_and_deletion_are_refused_as_frozen_dataclasses_refuse_them(cls: type) -> None:
    made = dataclasses.make_dataclass(
        "Made", [(f.name, Any, f) for f in dataclasses.fields(cls)], frozen=True
    )
    for obj in (cls("Kh7c2d"), made("Kh7c2d")):
        for name in ("board", "note", "street", "other"):
            message = frozen_error(setattr, obj, name, "x")
            assert message == f"cannot assign to field {name!r}"
            message = frozen_error(delattr, obj, name)
            assert message == f"cannot delete field {name!r}"
        assert obj.board == "Kh7c2d"
    deeper = Deeper("Kh7c2d", street="river")
    assert dataclasses.replace(deeper, board="As").street == "river"
    object.__setattr__(deeper, "_cache", 1)  # what a class caches on itself still goes in
    assert deeper.__dict__["_cache"] == 1


def test_record_needs_field_methods_and_keeps_init_and_keyword_options() -> None:
    with pytest.raises(TypeError, match="FieldMethods"):

        @record
        class Plain:
            x: int

    with pytest.raises(TypeError, match="positional"):
        Deeper("Kh7c2d", 2.0, "", "", "", (), "turn")  # type: ignore[misc]  # street: keyword
    assert Deeper("Kh7c2d", 2.0, street="turn").weight == 2.0
    for cls in (Spot, Nothing, One, Game, Range, DeckRange):
        assert "__setattr__" not in vars(cls) and "__init__" in vars(cls)
        assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    # Derived from a record, a class is frozen by @dataclass itself, and must be declared so.
    assert "__setattr__" in vars(Deeper)
    with pytest.raises(TypeError, match="non-frozen"):
        dataclasses.make_dataclass("Loose", [("x", int)], bases=(Spot,))


def test_results_games_and_ranges_are_frozen() -> None:
    exact = equity(["AsAh", "KsKh"], method="exact")
    rng = parse_range("QQ+")
    rng.masks()  # cached on the range itself
    for obj, name in ((exact, "elapsed"), (exact.players[0], "equity"), (HOLDEM, "name")):
        frozen_error(setattr, obj, name, 1)
    frozen_error(setattr, rng, "combos", ())
    assert len(rng.masks()) == 18


def later_and_now() -> tuple[type, type]:
    """Two record classes of the same fields and ``__post_init__``: one whose ``__init__`` is
    written when first called, one whose ``@dataclass`` wrote it at once."""

    def made(init_when_called: bool) -> type:
        @record(init_when_called=init_when_called)
        class Later(FieldMethods):
            board: str
            weight: float = 1.0
            seen: list[str] = dataclasses.field(default_factory=list)
            street: str = dataclasses.field(default="flop", kw_only=True)
            checked: bool = dataclasses.field(default=False, init=False)

            def __post_init__(self) -> None:
                object.__setattr__(self, "checked", self.weight > 0)

        return Later

    return made(True), made(False)


def test_an_init_written_when_called_is_the_init_dataclass_writes() -> None:
    import inspect

    later, now = later_and_now()
    assert type(vars(later)["__init__"]).__name__ == "_InitWhenCalled"
    assert str(inspect.signature(later)) == str(inspect.signature(now))  # (writes it)
    assert vars(later)["__init__"].__qualname__ == f"{later.__qualname__}.__init__"
    for args, kwargs in [(("Kh7c2d",), {}), (("Kh7c2d", -1.0, ["x"]), {"street": "turn"})]:
        a, b = later(*args, **kwargs), now(*args, **kwargs)
        assert repr(a) == repr(b) and a.checked == b.checked == (a.weight > 0)
    assert later("x").seen is not later("x").seen  # a default_factory's value is new each time
    for args, kwargs in [((), {}), (("x", 1.0, [], "turn"), {}), (("x",), {"checked": True})]:
        with pytest.raises(TypeError) as caught_later:
            later(*args, **kwargs)
        with pytest.raises(TypeError) as caught_now:
            now(*args, **kwargs)
        assert str(caught_later.value) == str(caught_now.value)
    frozen_error(setattr, later("x"), "board", "y")


def test_results_made_in_bulk_write_their_init_when_called() -> None:
    from pokercalc.analysis.equities import EquityResult, PlayerResult
    from pokercalc.core.results import Result

    before = len(Result.__subclasses__())
    exact = equity(["AsAh", "KsKh"], method="exact")
    player = PlayerResult(label="AsAh", combos=1, equity=0.5, win=0.5, tie=0.0)
    assert dataclasses.replace(exact.players[0], label="AsAh", combos=1) == exact.players[0]
    assert player.stderr is None and dataclasses.replace(exact, threads=7).threads == 7
    # (the class that the __init__ was written for is not one of the package's results)
    assert len(Result.__subclasses__()) == before
    for cls in (PlayerResult, EquityResult):
        assert inspect_function(vars(cls)["__init__"]) == f"{cls.__qualname__}.__init__"


def inspect_function(fn: Any) -> str:
    """The qualified name of a function (AssertionError for anything else)."""
    import types

    assert isinstance(fn, types.FunctionType), fn
    return fn.__qualname__
