"""No import circles: the graph of which module imports which, built from the source with `ast`.

Every import counts, those inside functions too (a lazy import still ties the two modules
together: neither can be understood, tested or moved without the other). A ``from pkg import
name`` is an edge to the module ``pkg.name`` when there is one, else to ``pkg`` itself; relative
imports are resolved against the importing module. Importing ``a.b.c`` also runs the packages
``a`` and ``a.b``, but a package's ``__init__`` gathers its modules' public names, so counting
those edges would make every package one circle: an edge goes to the named module only.

Imports under ``if TYPE_CHECKING:`` are left out: that block never runs (``TYPE_CHECKING`` is
False at run time) and under ``from __future__ import annotations`` its names are only read by
type checkers, which resolve circles among annotations on their own.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Each module of `package` (a folder under `root`) by its dotted name."""
    names = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a module, at any depth, except inside ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return found


def _imported_modules(node: ast.Import | ast.ImportFrom, importer: str, is_package: bool,
                      modules: dict[str, Path]) -> list[str]:
    """The modules of `modules` that one import statement of `importer` names."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name in modules]
    if node.level:
        # `from . import x` in a package's __init__ is relative to the package itself.
        base = importer.split(".")
        if not is_package:
            base.pop()
        base = base[:len(base) - (node.level - 1)]
        source = ".".join([*base, *([node.module] if node.module else [])])
    else:
        source = node.module or ""
    targets = []
    for alias in node.names:
        submodule = f"{source}.{alias.name}"
        if submodule in modules:
            targets.append(submodule)
        elif source in modules:
            targets.append(source)
    return targets


def import_graph(root: Path, package: str) -> nx.DiGraph:
    """The modules of `package` and which imports which (edges carry the line numbers)."""
    modules = module_names(root, package)
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in _imports(tree):
            for target in _imported_modules(node, name, path.name == "__init__.py", modules):
                if target != name:
                    lines = graph.get_edge_data(name, target, {}).get("lines", [])
                    graph.add_edge(name, target, lines=sorted({*lines, node.lineno}))
    return graph


def circles(root: Path, package: str) -> list[str]:
    """One line per import circle of `package`: its files, then one cycle through them."""
    graph = import_graph(root, package)
    found = []
    for component in nx.strongly_connected_components(graph):
        if len(component) < 2:
            continue
        cycle = nx.find_cycle(graph.subgraph(component))
        steps = " -> ".join(f"{a}:{','.join(map(str, graph[a][b]['lines']))}"
                            for a, b in cycle)
        files = ", ".join(str(module_names(root, package)[m].relative_to(root))
                          for m in sorted(component))
        found.append(f"{len(component)} files import each other: {files}; e.g. {steps} -> "
                     f"{cycle[0][0]}")
    return sorted(found)


@pytest.mark.parametrize("package", ["engine", "sumer_widgets"])
def test_no_module_imports_itself_back(package):
    found = circles(ROOT, package)
    assert not found, "\n".join(found)


def test_the_checker_finds_a_circle_and_names_its_files(tmp_path):
    package = tmp_path / "toy"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("from toy.state import State\n")
    (package / "state.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from toy.text import render  # annotations only: no edge\n"
        "class State:\n"
        "    def __str__(self):\n"
        "        from . import text  # inside a function: still an edge\n"
        "        return text.render(self)\n")
    (package / "text.py").write_text("from toy.state import State\n"
                                     "def render(state): return 'state'\n")
    (package / "inner" / "__init__.py").write_text("")
    (package / "inner" / "leaf.py").write_text("from .. import text\nfrom ..state import State\n")

    found = circles(tmp_path, "toy")

    assert len(found) == 1
    assert "toy/state.py" in found[0] and "toy/text.py" in found[0]
    assert "leaf" not in found[0] and "__init__" not in found[0]
    graph = import_graph(tmp_path, "toy")
    assert set(graph.edges) == {("toy", "toy.state"), ("toy.state", "toy.text"),
                                ("toy.text", "toy.state"), ("toy.inner.leaf", "toy.text"),
                                ("toy.inner.leaf", "toy.state")}


def test_without_the_lazy_import_there_is_no_circle(tmp_path):
    package = tmp_path / "toy"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "state.py").write_text("from typing import TYPE_CHECKING\n"
                                      "if TYPE_CHECKING:\n"
                                      "    from toy.text import render\n")
    (package / "text.py").write_text("import toy.state\n")

    assert circles(tmp_path, "toy") == []
    assert set(import_graph(tmp_path, "toy").edges) == {("toy.text", "toy.state")}
