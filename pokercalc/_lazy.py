"""Things made on first use, so that importing a module costs only what its callers need.

``import pokercalc`` loads only what its public names need; with :func:`submodule`,
``pokercalc.analysis.outs.find_outs`` (or ``pokercalc.texture.flops``) works in
a fresh interpreter all the same: each package's ``__getattr__`` imports the
submodule named, once.  A :class:`Pattern` is a module-level regular expression
compiled the first time it matches, not when its module is imported.  A
class declared with :func:`record` compares, hashes and prints by its fields and
refuses assignment as ``@dataclass(frozen=True)`` would, without compiling
those methods at import.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from operator import attrgetter
from reprlib import recursive_repr
from types import ModuleType
from typing import Any, TypeVar, dataclass_transform, overload

__all__ = ["FieldMethods", "Pattern", "record", "submodule"]

_T = TypeVar("_T")


def submodule(package: str, name: str) -> ModuleType:
    """The submodule ``package.name``, imported now if need be; AttributeError if none exists."""
    if not name.startswith("__"):
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{package}.{name}":
                raise
    raise AttributeError(f"module {package!r} has no attribute {name!r}")


class Pattern:
    """A regular expression compiled on first use; it matches as :func:`re.compile`'s would.

    >>> p = Pattern(r"([2-9TJQKA])x", re.I)
    >>> p.fullmatch("Kx").group(1), p.fullmatch("Kxs")
    ('K', None)
    """

    __slots__ = ("_compiled", "_flags", "_pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        """The compiled expression (compiled now if need be)."""
        if self._compiled is None:
            self._compiled = re.compile(self._pattern, self._flags)
        return self._compiled

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        """:meth:`re.Pattern.fullmatch`."""
        return self.compiled.fullmatch(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """:meth:`re.Pattern.match`."""
        return self.compiled.match(string, pos, endpos)

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """:meth:`re.Pattern.search`."""
        return self.compiled.search(string, pos, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        """:meth:`re.Pattern.finditer`."""
        return self.compiled.finditer(string, pos, endpos)

    def __repr__(self) -> str:
        return f"Pattern({self._pattern!r}, {self._flags!r})"


class FieldMethods:
    """``__eq__``, ``__hash__``, ``__repr__``, ``__setattr__`` and ``__delattr__`` by a dataclass's
    fields, as ``@dataclass(frozen=True)`` writes them, for a class declared with :func:`record`.

    ``@dataclass`` compiles every method it writes, for every class: a frozen
    dataclass of a dozen fields took 1.6 ms to import on a slow machine, of
    which its ``__setattr__`` and ``__delattr__`` took 0.5 ms and its
    comparison, hash and repr as much again.  Here they are written once, and
    read the fields' names on first use; ``@dataclass`` writes ``__init__``
    alone.  The rules are ``@dataclass``'s: equal when of the same class with
    equal tuples of the fields that ``compare`` (Python 3.13 compares field by
    field, which differs only for a value unequal to itself, NaN); the hash of
    the tuple of the fields that ``hash`` (by default those that ``compare``);
    the repr of the fields that ``repr``, ``...`` where an object holds itself.
    A ``__hash__`` the class defines itself wins, as with ``@dataclass``.
    Frozen: ``__init__`` assigns each field once, and after that any
    assignment or deletion raises :class:`dataclasses.FrozenInstanceError`
    (``object.__setattr__`` still sets what a class caches on itself).

    >>> @record
    ... class Spot(FieldMethods):
    ...     board: str
    ...     note: str = dataclasses.field(default="", compare=False)
    >>> Spot("Kh7c2d") == Spot("Kh7c2d", "dry"), Spot("Kh7c2d") == ("Kh7c2d",)
    (True, False)
    >>> hash(Spot("Kh7c2d")) == hash(("Kh7c2d",)), Spot("Kh7c2d")
    (True, Spot(board='Kh7c2d', note=''))
    >>> Spot("Kh7c2d").note = "wet"
    Traceback (most recent call last):
    dataclasses.FrozenInstanceError: cannot assign to field 'note'
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            compared = _field_getters(self.__class__)[0]
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(_field_getters(self.__class__)[1](self))

    @recursive_repr()
    def __repr__(self) -> str:
        names, shown = _field_getters(self.__class__)[2:4]
        values = ", ".join(f"{n}={v!r}" for n, v in zip(names, shown(self), strict=True))
        return f"{self.__class__.__qualname__}({values})"

    def __setattr__(self, name: str, value: Any) -> None:
        # __init__'s own assignment of a field is the only one let through.
        if name in self.__dict__ or name not in _field_getters(self.__class__)[4]:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


@overload
def record(cls: type[_T], /) -> type[_T]: ...
@overload
def record(
    *, kw_only: bool = False, init_when_called: bool = False
) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(frozen_default=True)
def record(
    cls: type[_T] | None = None, /, *, kw_only: bool = False, init_when_called: bool = False
) -> type[_T] | Callable[[type[_T]], type[_T]]:
    """``@dataclass(frozen=True, kw_only=kw_only)`` for a :class:`FieldMethods` class, whose
    comparison, hash, repr and freezing are :class:`FieldMethods`' (``@dataclass`` writes
    ``__init__`` alone).

    ``init_when_called``: ``@dataclass`` writes ``__init__`` when it is first looked up
    (a call, ``inspect.signature``), not at import.  For the result classes the engine
    makes through ``Result.of_fields``, which does not call it: writing the ``__init__``
    of a dozen fields is half of the 0.7 ms ``@dataclass`` takes for such a class.
    """

    def make(cls: type[_T]) -> type[_T]:
        if FieldMethods not in cls.__mro__:
            raise TypeError(f"@record needs a FieldMethods class, not {cls.__qualname__}")
        # A dataclass deriving from a frozen one must be declared frozen itself: there
        # @dataclass writes the two methods (a subclass is rare; the package defines none).
        frozen = any(dataclasses.is_dataclass(b) for b in cls.__mro__[1:])
        made = dataclasses.dataclass(
            cls, init=not init_when_called, eq=False, repr=False, kw_only=kw_only, frozen=frozen
        )
        # Marked frozen, as it behaves: dataclasses derived from it must then be frozen too.
        made.__dataclass_params__.frozen = True  # type: ignore[attr-defined]
        if init_when_called:
            made.__init__ = _InitWhenCalled(made)  # type: ignore[method-assign,assignment]
        return made

    return make if cls is None else make(cls)


class _InitWhenCalled:
    """A record class's ``__init__`` until it is first looked up: then ``@dataclass`` writes
    the real one, which takes its place on the class.

    ``@dataclass`` writes methods only while it makes a class: the ``__init__`` is written
    for a class made for the purpose, of the same fields (defaults, ``init`` and ``kw_only``
    alike) and ``__post_init__``, declared frozen so that it sets each field through
    ``object.__setattr__`` as a frozen dataclass's does.  That class derives from nothing
    of the package's (it does not join the result classes) and is dropped.
    """

    __slots__ = ("cls",)

    def __init__(self, cls: type) -> None:
        self.cls = cls

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        cls = self.cls
        if vars(cls).get("__init__") is self:
            fields = [
                (
                    f.name,
                    f.type,
                    dataclasses.field(
                        default=f.default,
                        default_factory=f.default_factory,
                        init=f.init,
                        kw_only=f.kw_only,
                    ),
                )
                for f in dataclasses.fields(cls)
            ]
            post_init = getattr(cls, "__post_init__", None)
            space = {} if post_init is None else {"__post_init__": post_init}
            same = dataclasses.make_dataclass(
                cls.__name__, fields, namespace=space, eq=False, frozen=True
            )
            init = vars(same)["__init__"]
            init.__qualname__ = f"{cls.__qualname__}.__init__"
            init.__module__ = cls.__module__
            type.__setattr__(cls, "__init__", init)
        return vars(cls)["__init__"].__get__(obj, owner)


#: A getter of a tuple of attributes (an attrgetter of one name gives the value alone).
_Getter = Callable[[Any], tuple[Any, ...]]
#: Per dataclass: the getters of its compared and hashed fields, the repr's names and getter,
#: and the names of all its fields.
_GETTERS: dict[type, tuple[_Getter, _Getter, tuple[str, ...], _Getter, frozenset[str]]] = {}


def _field_getters(cls: type) -> tuple[_Getter, _Getter, tuple[str, ...], _Getter, frozenset[str]]:
    """:class:`FieldMethods`' getters of ``cls``, made on first use."""
    found = _GETTERS.get(cls)
    if found is None:
        fields = dataclasses.fields(cls)
        compared = [f.name for f in fields if f.compare]
        hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
        shown = tuple(f.name for f in fields if f.repr)
        names = frozenset(f.name for f in fields)
        found = _GETTERS[cls] = (
            _tuple_of(compared),
            _tuple_of(hashed),
            shown,
            _tuple_of(shown),
            names,
        )
    return found


def _tuple_of(names: Sequence[str]) -> _Getter:
    """A function from an object to the tuple of its attributes ``names``."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()
