"""The package's import rules, read from the source: no cycles, no private names across modules.

Imports are read with :mod:`ast` at every depth (a function-level import hides a cycle
as well as a module-level one does); imports under ``if TYPE_CHECKING:`` are left out,
since they never run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "pokercalc"

#: The layers, lowest first: a module may import its own layer and the ones below it.
LAYERS = (
    ("errors", "_lazy", "_eval"),
    ("core",),
    ("engine",),
    ("ranges",),
    ("analysis", "texture"),
    ("pipelines",),
    ("output",),
    ("cli", "__main__"),
)


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _compiled() -> set[str]:
    """The compiled modules, by their sources (they import nothing of the package's Python)."""
    return {_module_name(p) for p in ROOT.rglob("*.pyx")}


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:``."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def _imports(name: str, path: Path, known: set[str]) -> Iterator[tuple[str, str, int]]:
    """(imported module, imported name or "", line) for each runtime import of the package."""
    is_package = path.name == "__init__.py"
    for node in _runtime_nodes(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "pokercalc":
                    yield alias.name, "", node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            if base.split(".")[0] != "pokercalc":
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:
                    yield sub, "", node.lineno
                else:
                    yield base, alias.name, node.lineno


def _graph() -> tuple[dict[str, set[str]], list[str]]:
    """The import graph between the package's modules, and the private names imported."""
    modules = _modules()
    known = set(modules) | _compiled()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    private: list[str] = []
    for name, path in modules.items():
        for target, imported, line in _imports(name, path, known):
            if target != name and target in modules:
                graph[name].add(target)
            if imported.startswith("_") and not imported.startswith("__") and target != name:
                private.append(f"{path.relative_to(ROOT.parent)}:{line}: {target}.{imported}")
    return graph, private


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _layer(module: str) -> int:
    top = module.split(".")[1] if "." in module else ""
    for i, names in enumerate(LAYERS):
        if top in names:
            return i
    raise AssertionError(f"{module} is in no layer of LAYERS")


def test_no_import_cycles() -> None:
    graph, _ = _graph()
    # A package's __init__ importing its own submodules is how packages re-export; the
    # cycle that matters is between modules, so each __init__'s edges to its children are kept
    # and a child's import of its own package's __init__ counts as reaching the package.
    assert _cycles(graph) == []


def test_no_private_names_across_modules() -> None:
    _, private = _graph()
    assert private == []


def test_imports_run_one_way() -> None:
    graph, _ = _graph()
    upward = [
        f"{a} -> {b}"
        for a, targets in sorted(graph.items())
        if a != "pokercalc"
        for b in sorted(targets)
        if b != "pokercalc" and _layer(b) > _layer(a)
    ]
    assert upward == []


def test_the_reader_sees_function_level_imports(tmp_path: Path) -> None:
    # The rules would be blind to a cycle hidden in a function without this.
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from pokercalc.core import cards\n")
    assert list(_imports("pokercalc.x.m", source, {"pokercalc.core.cards"})) == [
        ("pokercalc.core.cards", "", 2)
    ]


@pytest.mark.parametrize(
    ("graph", "cycles"),
    [
        ({"a": {"b"}, "b": {"a"}, "c": set()}, [["a", "b"]]),
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
    ],
)
def test_cycle_finder(graph: dict[str, set[str]], cycles: list[list[str]]) -> None:
    assert _cycles(graph) == cycles
