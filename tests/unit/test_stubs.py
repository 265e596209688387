"""The .pyi stubs of the compiled modules name what the modules expose, with the same parameters.

mypy reads the stubs instead of the extensions, so a stub that drifts from its
``.pyx`` would check callers against the wrong signature.  Each compiled module's
public names (its own functions, classes and constants, not what it imports) must
be the stub's, and each function's parameters (names, order, which have defaults)
must match the signature Cython embeds (``binding=True``).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import types
from pathlib import Path

import pytest

import pokercalc

COMPILED = [
    "pokercalc.core._engine",
    "pokercalc.core._enumerate",
    "pokercalc.core._montecarlo",
    "pokercalc._eval",
    "pokercalc.analysis._potential",
    "pokercalc.core._own",
    "pokercalc.texture._flops",
]

#: A parameter as (name, has a default).
Param = tuple[str, bool]


def _stub(module: types.ModuleType) -> ast.Module:
    name = module.__name__.rpartition(".")[2]
    path = Path(str(module.__file__)).with_name(f"{name}.pyi")
    assert path.is_file(), f"{module.__name__} has no stub {path.name}"
    return ast.parse(path.read_text(encoding="utf-8"))


def _public(name: str) -> bool:
    return not name.startswith("_")


def _stub_names(body: list[ast.stmt]) -> dict[str, ast.AST]:
    """The public names a stub body defines: functions, classes, annotated constants."""
    names: dict[str, ast.AST] = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
    return {k: v for k, v in names.items() if _public(k)}


def _runtime_names(module: types.ModuleType) -> dict[str, object]:
    """The public names a compiled module defines itself (imports such as ``np`` excluded)."""
    out = {}
    for name, obj in vars(module).items():
        if not _public(name) or isinstance(obj, types.ModuleType):
            continue
        if callable(obj) and getattr(obj, "__module__", None) != module.__name__:
            continue  # imported, e.g. math.gcd
        out[name] = obj
    return out


def _stub_params(fn: ast.FunctionDef) -> list[Param]:
    args = fn.args
    positional = args.posonlyargs + args.args
    defaults = [False] * (len(positional) - len(args.defaults)) + [True] * len(args.defaults)
    params = [(a.arg, d) for a, d in zip(positional, defaults, strict=True)]
    params += [
        (a.arg, d is not None) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)
    ]
    return params


def _runtime_params(signature: inspect.Signature) -> list[Param]:
    return [(p.name, p.default is not p.empty) for p in signature.parameters.values()]


def _embedded_params(doc: str) -> list[Param]:
    """Parameters of the signature Cython embeds as a docstring's first line (``C(int a, b=1)``)."""
    inner = doc.split("\n", 1)[0].partition("(")[2].rpartition(")")[0]
    params = []
    for part in inner.split(","):
        name, eq, _ = part.partition("=")
        params.append((name.split()[-1], bool(eq)))
    return params


def test_every_compiled_module_is_listed() -> None:
    root = Path(str(pokercalc.__file__)).parent
    pyx = {".".join(p.relative_to(root.parent).with_suffix("").parts) for p in root.rglob("*.pyx")}
    assert sorted(pyx) == sorted(COMPILED)


@pytest.mark.parametrize("name", COMPILED)
def test_stub_names_exactly_the_public_api(name: str) -> None:
    module = importlib.import_module(name)
    stub = _stub_names(_stub(module).body)
    assert sorted(stub) == sorted(_runtime_names(module))


@pytest.mark.parametrize("name", COMPILED)
def test_stub_functions_take_the_compiled_parameters(name: str) -> None:
    module = importlib.import_module(name)
    tree = _stub(module)
    stub = _stub_names(tree.body)
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    for fname, obj in _runtime_names(module).items():
        node = stub[fname]
        if isinstance(node, ast.FunctionDef):
            assert _stub_params(node) == _runtime_params(inspect.signature(obj)), fname
        elif isinstance(node, ast.ClassDef):
            _check_class(obj, node, classes)
        else:
            assert not callable(obj), f"{fname} is callable but the stub declares a constant"


def _check_class(cls: type, node: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> None:
    """Methods and properties as in the class; a fused method (``exhaustive``, callable and
    indexable by type) is an attribute whose protocol's ``__call__`` takes its parameters."""
    members: dict[str, ast.FunctionDef] = {}
    properties = set()
    for n in node.body:
        if isinstance(n, ast.FunctionDef) and _public(n.name):
            members[n.name] = n
            if any(isinstance(d, ast.Name) and d.id == "property" for d in n.decorator_list):
                properties.add(n.name)
        elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
            assert isinstance(n.annotation, ast.Name), n.target.id
            protocol = classes[n.annotation.id]
            members[n.target.id] = next(
                f for f in protocol.body if isinstance(f, ast.FunctionDef) and f.name == "__call__"
            )
    runtime = {n for n in vars(cls) if _public(n)}
    assert sorted(members) == sorted(runtime), cls.__name__
    for mname in runtime:
        attr = vars(cls)[mname]
        is_property = isinstance(attr, property | types.GetSetDescriptorType)
        assert (mname in properties) == is_property, mname
        if not is_property:
            want = _runtime_params(inspect.signature(attr))[1:]
            assert _stub_params(members[mname])[1:] == want, mname
    init = next(n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    assert _stub_params(init)[1:] == _embedded_params(str(cls.__doc__)), cls.__name__
