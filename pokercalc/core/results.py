"""Results as data: a result's dict, CSV rows and JSON Schema come from its fields.

A result is a keyword-only frozen dataclass that derives from :class:`Result`.
Each field is declared with :func:`doc`: its one line of documentation (the
schema's ``description``) and what its type alone cannot say, as a
:class:`Form` (cards rather than counts, a probability's bounds) or schema
keywords.  A value computed from the fields joins the output when its
property or method is marked :func:`derived` (its docstring documents it).
The dict lists fields and derived values in the order the class declares them.

A result holds its cards (fields written as :data:`CARD`, :data:`CARDS` or
:data:`HANDS`) as :class:`~pokercalc.core.cards.Card` objects, strings such as
``"As"``, whether it was made from indices or card strings.  Values are
written as the JSON output has always had them: cards in ASCII (``"AsKd"``),
fractions as ``"a/b"``, nested results as dicts, tuples as lists, enums by
value, paths as text, floats unrounded.  A tabular result's ``to_rows()``
(its CSV) is also a pandas DataFrame: ``to_frame()``.

>>> from dataclasses import dataclass
>>> from fractions import Fraction
>>> @dataclass(frozen=True, kw_only=True)
... class Spot(Result):
...     '''A toy result.'''
...
...     board: tuple[Card, ...] = doc("the board", CARDS)
...     equity: Fraction | None = doc("the exact equity")
>>> s = Spot(board=(51, 50), equity=Fraction(1, 3))
>>> s.board, s.to_dict()
(('As', 'Ah'), {'board': 'AsAh', 'equity': '1/3'})
>>> Spot.json_schema()["properties"]["board"]
{'description': 'the board', 'type': 'string', 'pattern': '^([2-9TJQKA][cdhs])*$'}
"""

from __future__ import annotations

import dataclasses
import enum
import math
import sys
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from pokercalc.core.cards import Card, cards_of, format_card, format_cards
from pokercalc.core.games import GAMES

if TYPE_CHECKING:
    from fractions import Fraction

    import pandas

__all__ = [
    "Result",
    "Form",
    "doc",
    "derived",
    "ExactFraction",
    "exact_fractions",
    "fraction_text",
    "is_fraction",
    "nullable",
    "object_schema",
    "CARD",
    "CARDS",
    "HANDS",
    "PROB",
    "COUNT",
    "SECONDS",
    "NUMBER",
    "FLOAT",
    "METHOD",
    "GAME",
    "FRACTION",
]

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")
R = TypeVar("R", bound="Result")


def _per_class(fn: Callable[[type], T]) -> Callable[[type], T]:
    """:func:`functools.cache` for a function of a class, typed as the function: mypy does
    not take a class for ``Hashable`` (python/mypy#11470)."""
    return cache(fn)


def fraction_text(value: Fraction | int | tuple[int, int]) -> str:
    """An exact fraction as ``"a/b"`` in lowest terms (``"1/1"`` and ``"0/1"`` included): a
    Fraction, an int, or a pair ``(numerator, denominator)`` as :class:`ExactFraction` holds."""
    if isinstance(value, tuple):
        num, den = value
        if den < 0:
            num, den = -num, -den
        g = math.gcd(num, den) or 1
        return f"{num // g}/{den // g}"
    return f"{value.numerator}/{value.denominator}"


def is_fraction(value: Any) -> bool:
    """True for a :class:`fractions.Fraction`, without importing fractions (as :func:`_is_path`)."""
    fractions = sys.modules.get("fractions")
    return fractions is not None and isinstance(value, fractions.Fraction)


class ExactFraction:
    """A result field holding an exact fraction as ``(numerator, denominator)`` until it is read.

    Read, the field is a :class:`fractions.Fraction`, made then and kept; its JSON and CSV
    write the pair as ``"a/b"`` without making one.  The module ``fractions``, with the
    ``decimal`` and ``numbers`` it imports, took 4.6 ms of a one-off command's start on a
    slow machine, the most of any module ``pokercalc equity ... --json`` needed; a result's
    maker gives the pair, anyone else may give a Fraction.  Installed by
    :func:`exact_fractions`, as a data descriptor in the field's place: assignment and
    freezing stay the class's.
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name: Final = name

    def __get__(self, obj: Any, owner: type | None = None) -> Fraction | None:
        if obj is None:
            return None  # the field's default, where the class itself is asked
        value = obj.__dict__.get(self.name)
        if isinstance(value, tuple):
            from fractions import Fraction

            value = obj.__dict__[self.name] = Fraction(*value)
        return value  # type: ignore[no-any-return]

    def __set__(self, obj: Any, value: Fraction | tuple[int, int] | None) -> None:
        obj.__dict__[self.name] = value

    def raw(self, obj: Any) -> Fraction | tuple[int, int] | None:
        """The value as held: a pair, a Fraction or None."""
        return obj.__dict__.get(self.name)  # type: ignore[no-any-return]


def exact_fractions(*names: str) -> Callable[[type[R]], type[R]]:
    """A class decorator, above ``@record``: the fields ``names`` (typed ``Fraction | None``,
    default None) hold :class:`ExactFraction` values."""

    def install(cls: type[R]) -> type[R]:
        fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        for name in names:
            if name not in fields or fields[name].default is not None:
                raise TypeError(f"{cls.__name__}.{name} is not a field whose default is None")
            setattr(cls, name, ExactFraction(name))
        return cls

    return install


class Form:
    """How a value is written: its JSON Schema, and how to write it (None: as its type says).

    Equal forms have equal schemas and dumps.  (A plain class, as :class:`_Entry`: making
    a dataclass would cost every command's start-up 0.5 ms.)
    """

    __slots__ = ("schema", "dump")

    def __init__(self, schema: Mapping[str, Any], dump: Callable[[Any], Any] | None = None) -> None:
        self.schema: Final = schema  #: the JSON Schema of a written value
        self.dump: Final = dump  #: the value -> its JSON form

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Form) or other.__class__ is not self.__class__:
            return NotImplemented
        return (self.schema, self.dump) == (other.schema, other.dump)

    def __hash__(self) -> int:
        return hash((self.schema, self.dump))

    def __repr__(self) -> str:
        return f"Form(schema={self.schema!r}, dump={self.dump!r})"


def _game_name(game: Any) -> str:
    """A game's name, from the name or a :class:`~pokercalc.core.games.Game`."""
    return game if isinstance(game, str) else str(game.name)


_CARD_PATTERN = "[2-9TJQKA][cdhs]"
#: one card in ASCII, ``"As"``
CARD = Form({"type": "string", "pattern": f"^{_CARD_PATTERN}$"}, format_card)
#: a group of cards (a hand, a board, a list of outs) as one string, ``"4dAc5d"``; ``""`` for none
CARDS = Form({"type": "string", "pattern": f"^({_CARD_PATTERN})*$"}, format_cards)
#: one player's hole cards, two in hold'em up to six in Omaha-6
HANDS = Form({"type": "string", "pattern": f"^({_CARD_PATTERN}){{2,6}}$"}, format_cards)
#: a probability or a share, a fraction of 1
PROB = Form({"type": "number", "minimum": 0, "maximum": 1})
#: a count: outcomes, tallies, combos, trials
COUNT = Form({"type": "integer", "minimum": 0})
#: seconds of computation
SECONDS = Form({"type": "number", "minimum": 0})
#: any number
NUMBER = Form({"type": "number"})
#: a probability held exactly (a Fraction) and written as a float
FLOAT = Form(PROB.schema, float)
#: how a figure was computed: every outcome enumerated, or Monte Carlo
METHOD = Form({"enum": ["exact", "mc"]})
#: the game played, by name (core/games.py)
GAME = Form({"enum": list(GAMES)}, _game_name)
#: an exact fraction ``"a/b"``, what a ``Fraction`` is written as
FRACTION = Form({"type": "string", "pattern": "^[0-9]+/[1-9][0-9]*$"}, fraction_text)


def doc(
    text: str,
    form: Form | None = None,
    *,
    key: str | None = None,
    csv: bool | str | None = None,
    table: bool | str = False,
    output: bool = True,
    inline: bool = False,
    items: Form | None = None,
    schema: Mapping[str, Any] | None = None,
    default: Any = MISSING,
    default_factory: Any = MISSING,
    **keywords: Any,
) -> Any:
    """A documented result field: ``equity: float | None = doc("share of the pot", PROB)``.

    ``form`` says how the value is written where its type does not (the form of
    a list's or mapping's elements goes in ``items``); ``keywords`` such as
    ``minimum=1`` join its JSON Schema, and ``schema`` replaces that schema
    outright.  ``key`` renames it in the dict; ``output=False`` keeps it out
    (a field only other values are computed from); ``inline`` merges a nested
    result's entries into this one's dict.  CSV: ``table`` marks the field
    holding the rows (a string numbers them, 1 up, in a column of that name);
    ``csv`` is a row item's column name, or False to leave it out; on the
    tabular result itself, True or a name repeats the value on every row.
    """
    options = {
        "key": key,
        "csv": csv,
        "table": table,
        "output": output,
        "inline": inline,
        "items": items,
        "schema": schema,
    }
    meta = {"doc": text, "form": form, "keywords": keywords, **options}
    return dataclasses.field(default=default, default_factory=default_factory, metadata=meta)


def derived(
    form: Form | None = None,
    *,
    key: str | None = None,
    csv: bool | str | None = None,
    items: Form | None = None,
    schema: Mapping[str, Any] | None = None,
    **keywords: Any,
) -> Callable[[F], F]:
    """Mark a property's function (below ``@property``) or a method without arguments as a
    value of the result's output, documented by its docstring; options as for :func:`doc`."""

    def mark(fn: F) -> F:
        meta: dict[str, Any] = {
            "doc": _as_field_doc(_first_line(fn.__doc__)),
            "form": form,
            "keywords": keywords,
        }
        meta.update(key=key, csv=csv, table=False, output=True, inline=False)
        meta.update(items=items, schema=schema)
        fn.__result_entry__ = meta  # type: ignore[attr-defined]
        return fn

    return mark


def _as_field_doc(text: str) -> str:
    """A docstring's sentence as fields document themselves: "Combos left." -> "combos left"."""
    text = text.removesuffix(".")
    word = text.split(" ", 1)[0]
    return text if any(c.isupper() for c in word[1:]) else text[:1].lower() + text[1:]


def _first_line(text: str | None) -> str:
    """The first paragraph of a docstring, on one line."""
    return " ".join((text or "").strip().split("\n\n")[0].split())


class _Entry:
    """One value of a result's output: a field or a derived value."""

    __slots__ = ("name", "meta", "call", "exact")

    def __init__(
        self, name: str, meta: Mapping[str, Any], *, call: bool, exact: ExactFraction | None = None
    ) -> None:
        self.name: Final = name  #: the attribute
        self.meta: Final = meta  #: doc, form, keywords and the options of :func:`doc`
        self.call: Final = call  #: a method to call rather than an attribute
        self.exact: Final = exact  #: the field's ExactFraction, read as held

    @property
    def key(self) -> str:
        """Its key in the dict."""
        return str(self.meta["key"] or self.name)

    def value(self, result: Any) -> Any:
        """Its value in ``result``, as Python holds it (an exact fraction perhaps as a pair)."""
        if self.exact is not None:
            return self.exact.raw(result)
        v = getattr(result, self.name)
        return v() if self.call else v

    def write(self, value: Any) -> Any:
        """``value`` in its JSON form."""
        if value is None:
            return None
        if self.exact is not None:
            return fraction_text(value)
        form, items = self.meta["form"], self.meta["items"]
        if form is not None and form.dump is not None:
            return form.dump(value)
        if items is not None and items.dump is not None:
            if isinstance(value, Mapping):
                return {str(k): items.dump(v) for k, v in value.items()}
            return [items.dump(v) for v in value]
        return _plain(value)


def _is_path(value: Any) -> bool:
    """True for a :class:`pathlib.PurePath`, without importing pathlib: a path exists only
    where its maker imported it, and a result that holds none need not pay for it."""
    pathlib = sys.modules.get("pathlib")
    return pathlib is not None and isinstance(value, pathlib.PurePath)


def _plain(value: Any) -> Any:
    """A value in its JSON form, as its type says (numbers and text as they are)."""
    if isinstance(value, Result):
        return value.to_dict()
    if is_fraction(value):
        return fraction_text(value)
    if isinstance(value, enum.Enum):
        return value.value
    if _is_path(value):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


class Result:
    """Base of the result dataclasses: ``to_dict``, ``to_rows`` and ``json_schema`` from the
    fields declared with :func:`doc` and the values marked :func:`derived`."""

    __result_order__: tuple[str, ...] = ()
    #: CSV columns moved to the front, or to the back, of every row: where a published CSV
    #: orders its columns otherwise than the dict does
    csv_first: ClassVar[tuple[str, ...]] = ()
    csv_last: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The class body's order, fields and derived values together, before @dataclass
        # replaces the fields' declarations by their defaults.
        cls.__result_order__ = tuple(vars(cls))

    def __post_init__(self) -> None:
        # Cards are held as Card objects (strings such as "As"), whatever the maker passed:
        # indices, card strings or cards.
        for name, convert in _card_fields(type(self)):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, convert(value))

    @classmethod
    def of_fields(cls: type[R], values: Mapping[str, Any], *, cards_ready: bool = False) -> R:
        """``cls(**values)``, made without the dataclass's ``__init__``, for results made in bulk
        or in the engine's fixed cost: a frozen dataclass sets each field through
        ``object.__setattr__``, 3 us for an :class:`EquityResult` (a tenth of a small exact
        run) against 0.3 us here.  The same object: defaults filled, ``__post_init__`` run;
        a missing or unknown field goes to ``__init__``, which names it.

        ``cards_ready``: the caller gives every card field as a tuple of
        :class:`~pokercalc.core.cards.Card` objects already, so a class without a
        ``__post_init__`` of its own skips the conversion (a quarter of an exact result's
        making)."""
        names, defaults, post_init = _field_defaults(cls)
        obj = object.__new__(cls)
        fields = obj.__dict__
        fields.update(defaults)
        fields.update(values)
        if len(fields) != len(names) or not names.issuperset(values):
            return cls(**values)
        if post_init and not (cards_ready and not _own_post_init(cls)):
            obj.__post_init__()
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: every output value under its key, in declaration order."""
        out: dict[str, Any] = {}
        for e in _entries(type(self)):
            value = e.value(self)
            if e.meta["inline"]:
                out.update(value.to_dict())
            else:
                out[e.key] = e.write(value)
        return out

    def to_rows(self) -> list[dict[str, Any]]:
        """The CSV rows of a tabular result: one per item of its ``table`` field, each item's
        columns after those repeated from the result (TypeError if it is not tabular)."""
        rows = _rows(self, {})
        if self.csv_first or self.csv_last:
            rows = [_moved(row, self.csv_first, self.csv_last) for row in rows]
        return rows

    def csv_columns(self) -> list[str]:
        """The CSV header of :meth:`to_rows`, the same when the table has no row."""
        rows = self.to_rows()
        if rows:
            return list(rows[0])
        return list(_moved(_empty_row(type(self)), self.csv_first, self.csv_last))

    def to_frame(self) -> pandas.DataFrame:
        """:meth:`to_rows` as a pandas DataFrame: the same columns, values and order (cards as
        text, exact fractions as ``"a/b"``, None where a value does not apply); pandas is
        optional (``pip install pandas``), imported here."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(
                "to_frame() needs pandas, which is not installed: pip install pandas"
            ) from None
        rows = self.to_rows()
        return pd.DataFrame.from_records(rows, columns=list(rows[0]) if rows else None)

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """The JSON Schema of :meth:`to_dict`'s output: every key required (null where a value
        does not apply), unknown keys allowed so that results may gain fields."""
        return _object_schema(cls)


@_per_class
def _entries(cls: type) -> tuple[_Entry, ...]:
    """The output values of a result class, in declaration order."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    order = [name for c in reversed(cls.__mro__) for name in vars(c).get("__result_order__", ())]
    out: list[_Entry] = []
    for name in dict.fromkeys([*order, *fields]):
        if name in fields:
            meta = fields[name].metadata
            if "doc" not in meta:
                raise TypeError(f"{cls.__name__}.{name} has no doc(): every field is documented")
            if meta["output"]:
                exact = next((vars(c)[name] for c in cls.__mro__ if name in vars(c)), None)
                if not isinstance(exact, ExactFraction):
                    exact = None
                out.append(_Entry(name, meta, call=False, exact=exact))
            continue
        attr = getattr(cls, name, None)
        fn = attr.fget if isinstance(attr, property) else attr
        marked = getattr(fn, "__result_entry__", None)
        if marked is not None:
            out.append(_Entry(name, marked, call=not isinstance(attr, property)))
    return tuple(out)


def _hands(hands: Iterable[Iterable[Any]]) -> tuple[tuple[Card, ...], ...]:
    """Several hands as tuples of :class:`~pokercalc.core.cards.Card` objects."""
    return tuple(cards_of(h) for h in hands)


@_per_class
def _card_fields(cls: type) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    """The fields of a result class that hold cards (written as CARD, CARDS or HANDS), each
    with the function that makes its value :class:`~pokercalc.core.cards.Card` objects."""
    out: list[tuple[str, Callable[[Any], Any]]] = []
    for f in dataclasses.fields(cls):
        form, items = f.metadata.get("form"), f.metadata.get("items")
        if form is CARD:
            out.append((f.name, Card))
        elif form is CARDS or form is HANDS:
            out.append((f.name, cards_of))
        elif form is None and items in (CARDS, HANDS):
            out.append((f.name, _hands))
    return tuple(out)


@_per_class
def _own_post_init(cls: type) -> bool:
    """Whether a result class has a ``__post_init__`` of its own (beyond the cards')."""
    return getattr(cls, "__post_init__", None) is not Result.__post_init__


@_per_class
def _field_defaults(cls: type) -> tuple[frozenset[str], dict[str, Any], bool]:
    """A result class's field names, the defaults of the fields that have one (a
    ``default_factory`` is not a constant: its fields must be given to :meth:`Result.of_fields`),
    and whether ``__post_init__`` has anything to do (cards to convert, or its own)."""
    fields = dataclasses.fields(cls)
    defaults = {f.name: f.default for f in fields if f.default is not MISSING}
    post_init = bool(_card_fields(cls)) or _own_post_init(cls)
    return frozenset(f.name for f in fields), defaults, post_init


@_per_class
def _hints(cls: type) -> dict[str, Any]:
    """The resolved annotations of a result's fields and derived values."""
    # (a module whose results hold exact fractions may import Fraction for type checkers
    # alone: ExactFraction)
    from fractions import Fraction

    names = {"Fraction": Fraction}
    hints = typing.get_type_hints(cls, localns=names)
    for e in _entries(cls):
        if e.name not in hints:
            attr = getattr(cls, e.name)
            fn = attr.fget if isinstance(attr, property) else attr
            hints[e.name] = typing.get_type_hints(fn, localns=names).get("return", Any)
    return hints


# ---------------------------------------------------------------------------
# CSV rows.


def _rows(result: Result, context: dict[str, Any]) -> list[dict[str, Any]]:
    """``result``'s rows, each starting with ``context``'s columns."""
    entries = _entries(type(result))
    tables = [e for e in entries if e.meta["table"]]
    if len(tables) != 1:
        raise TypeError(f"{type(result).__name__} is not a table: it has no CSV rows")
    table = tables[0]
    ctx = dict(context)
    for e in entries:
        name = e.meta["csv"]
        if e is not table and (name is True or isinstance(name, str)):
            ctx[name if isinstance(name, str) else e.key] = e.write(e.value(result))
    rows: list[dict[str, Any]] = []
    for i, item in enumerate(table.value(result)):
        row = dict(ctx)
        if isinstance(table.meta["table"], str):
            row[table.meta["table"]] = i + 1
        if any(e.meta["table"] for e in _entries(type(item))):
            rows.extend(_rows(item, row))
        else:
            rows.append(_flat(item, type(item), row))
    return rows


def _empty_row(cls: type[Result]) -> dict[str, Any]:
    """A row of blanks with the columns ``cls``'s rows have, for a table without items."""
    entries = _entries(cls)
    (table,) = (e for e in entries if e.meta["table"])
    row: dict[str, Any] = {}
    for e in entries:
        name = e.meta["csv"]
        if e is not table and (name is True or isinstance(name, str)):
            row[name if isinstance(name, str) else e.key] = None
    if isinstance(table.meta["table"], str):
        row[table.meta["table"]] = None
    members = typing.get_args(_hints(cls)[table.name])
    item = _result_class(members[0]) if members else None
    if item is not None:
        if any(e.meta["table"] for e in _entries(item)):
            row.update(_empty_row(item))
        else:
            _flat(None, item, row)
    return row


def _moved(row: dict[str, Any], first: Sequence[str], last: Sequence[str]) -> dict[str, Any]:
    """``row`` with the columns ``first`` at its front and ``last`` at its back."""
    middle = {k: v for k, v in row.items() if k not in first and k not in last}
    return {**{k: row[k] for k in first}, **middle, **{k: row[k] for k in last}}


def _flat(item: Any, cls: type, row: dict[str, Any]) -> dict[str, Any]:
    """``row`` with the columns of one item (its nested results inline; blanks for None)."""
    hints = _hints(cls)
    for e in _entries(cls):
        name = e.meta["csv"]
        if name is False:
            continue
        value = None if item is None else e.value(item)
        nested = _result_class(hints[e.name])
        if nested is not None:
            _flat(value, nested, row)
        else:
            row[name if isinstance(name, str) else e.key] = e.write(value)
    return row


def _result_class(tp: Any) -> type[Result] | None:
    """The result class ``tp`` (or ``tp | None``) is, if it is one."""
    members = typing.get_args(tp) if _is_union(tp) else (tp,)
    found = [m for m in members if isinstance(m, type) and issubclass(m, Result)]
    return found[0] if len(found) == 1 else None


# ---------------------------------------------------------------------------
# JSON Schema.


def nullable(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` or null."""
    return {"anyOf": [dict(schema), {"type": "null"}]}


def object_schema(
    properties: Mapping[str, Any], *, description: str = "", extra: bool = True
) -> dict[str, Any]:
    """An object whose listed properties are all required (null where they do not apply)."""
    out: dict[str, Any] = {"type": "object"}
    if description:
        out["description"] = description
    out["required"] = list(properties)
    out["properties"] = dict(properties)
    # Results may gain fields without a version bump; readers ignore unknown ones.
    out["additionalProperties"] = extra
    return out


def _object_schema(cls: type[Result]) -> dict[str, Any]:
    """A result class's schema: its docstring's first line, one property per output value."""
    hints = _hints(cls)
    props: dict[str, Any] = {}
    for e in _entries(cls):
        if e.meta["inline"]:
            props.update(_object_schema(hints[e.name])["properties"])
        else:
            # Markdown's code quotes in the schema, not reStructuredText's.
            text = e.meta["doc"].replace("``", "`")
            props[e.key] = {"description": text, **_entry_schema(e, hints[e.name])}
    return object_schema(props, description=_first_line(cls.__doc__).replace("``", "`"))


def _entry_schema(e: _Entry, tp: Any) -> dict[str, Any]:
    """One value's schema (without its description)."""
    if e.meta["schema"] is not None:
        return dict(e.meta["schema"])
    members = typing.get_args(tp) if _is_union(tp) else (tp,)
    real = [m for m in members if m is not type(None)]
    form = e.meta["form"]
    if form is not None:
        inner = {**dict(form.schema), **e.meta["keywords"]}
    else:
        parts = [_type_schema(m, e.meta["items"]) for m in real]
        inner = parts[0] if len(parts) == 1 else {"anyOf": parts}
        inner = {**inner, **e.meta["keywords"]}
    return nullable(inner) if len(real) < len(members) else inner


def _is_union(tp: Any) -> bool:
    """True for ``X | Y`` and ``Optional[X]``."""
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


_SCALARS: dict[Any, dict[str, Any]] = {
    bool: {"type": "boolean"},
    int: {"type": "integer"},
    float: {"type": "number"},
    str: {"type": "string"},
    type(None): {"type": "null"},
    Any: {},
}


def _type_schema(tp: Any, items: Form | None = None) -> dict[str, Any]:
    """The JSON Schema of a type; ``items`` is the form of its elements."""
    if tp in _SCALARS:
        return dict(_SCALARS[tp])
    if tp is getattr(sys.modules.get("fractions"), "Fraction", None):
        return dict(FRACTION.schema)
    if _is_union(tp):
        return {"anyOf": [_type_schema(m, items) for m in typing.get_args(tp)]}
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Literal:
        return {"enum": list(args)}
    if isinstance(tp, type) and issubclass(tp, Result):
        return tp.json_schema()
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return {"enum": [m.value for m in tp]}
    from pathlib import PurePath  # here: the schema of a path field alone needs it

    if isinstance(tp, type) and issubclass(tp, PurePath):
        return {"type": "string"}
    element = None if items is None else dict(items.schema)
    if origin in (dict, Mapping) and args:
        return {"type": "object", "additionalProperties": element or _type_schema(args[1])}
    if origin in (tuple, list, Sequence, Iterable) and args:
        if origin is tuple and (len(args) != 2 or args[1] is not Ellipsis):
            fixed = [element or _type_schema(a) for a in args]
            return {
                "type": "array",
                "prefixItems": fixed,
                "minItems": len(args),
                "maxItems": len(args),
            }
        return {"type": "array", "items": element or _type_schema(args[0])}
    raise TypeError(f"no JSON Schema for {tp!r}: give the field a Form or a schema")
