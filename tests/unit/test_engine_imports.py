"""The engine package's import rules: one way, no cycles, no other module's underscored names."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "pokercalc" / "engine"
#: What the engine may import when it loads: the core, itself, the errors and the records.
BELOW = ("pokercalc.core", "pokercalc.engine", "pokercalc.errors", "pokercalc._lazy")
#: The modules that use the engine from above: they take its public names only.
USERS = [
    ROOT / "pokercalc" / "analysis" / name
    for name in ("equities.py", "pieces.py", "breakdown.py", "outs.py", "win_odds.py")
] + [ROOT / "pokercalc" / "ranges" / "players.py", ROOT / "pokercalc" / "pipelines" / "check.py"]


def _imports(path: Path) -> list[tuple[str, list[str], bool]]:
    """Every ``from pokercalc... import`` of a module: the module, the names, and whether it
    is made when the module loads (not inside a function or ``if TYPE_CHECKING``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    top = {id(n) for n in tree.body}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pokercalc"):
            names = [a.name for a in node.names]
            out.append((node.module or "", names, id(node) in top))
    return out


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_the_engine_imports_only_core_and_itself_at_load(path: Path) -> None:
    for module, _, at_load in _imports(path):
        if at_load:
            assert module.startswith(BELOW), f"{path.name} imports {module}"


#: The modules whose names :data:`USERS` must take public (the engine and its faces).
FACES = ("pokercalc.engine", "pokercalc.analysis.equities", "pokercalc.analysis.pieces",
         "pokercalc.ranges.players", "pokercalc.pipelines.batch")  # fmt: skip


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")) + USERS, ids=lambda p: p.name)
def test_no_underscored_name_is_imported_from_the_engine(path: Path) -> None:
    for module, names, _ in _imports(path):
        if module in ("pokercalc.core", "pokercalc.analysis"):
            continue  # (compiled modules: ``from pokercalc.core import _engine``)
        if path.parent != ENGINE and not module.startswith(FACES):
            continue
        private = [n for n in names if n.startswith("_")]
        assert not private, f"{path.name} imports {private} from {module}"


def test_the_engine_modules_import_one_way() -> None:
    """No cycle among the engine's modules, counting every import (in functions too)."""
    graph = {
        p.stem: {
            m.rsplit(".", 1)[1] for m, _, _ in _imports(p) if m.startswith("pokercalc.engine.")
        }
        | {n for m, names, _ in _imports(p) if m == "pokercalc.engine" for n in names}
        for p in ENGINE.glob("*.py")
    }
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, f"import cycle: {' -> '.join((*path, node))}"
        if node in done:
            return
        for nxt in graph.get(node, ()):
            visit(nxt, (*path, node))
        done.add(node)

    for node in graph:
        visit(node, ())


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_every_engine_module_is_short_and_says_what_it_is(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") <= 1000
    doc = ast.get_docstring(ast.parse(text))
    assert doc and doc.splitlines()[0].strip()


def test_analysis_and_pieces_do_not_import_each_other_in_a_cycle() -> None:
    pieces = ROOT / "pokercalc" / "analysis" / "pieces.py"
    assert not any(m == "pokercalc.analysis.equities" for m, _, _ in _imports(pieces))
