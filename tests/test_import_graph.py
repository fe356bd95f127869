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

And the layers import one way (docs/architecture.md §1): the engine imports nothing outside the
standard library but networkx (and the simulator's progress bar, tqdm, and the optional
dask.distributed cluster), and `sumer_widgets`
imports nothing that sits above it.
"""

from __future__ import annotations

import ast
import sys
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


#: What each layer may import from outside the standard library (docs/architecture.md §1): the
#: engine networkx alone, and in the simulator tqdm (its progress bar, imported when shown)
#: and dask.distributed (the "cluster" extra, imported only to start a cluster); the visible
#: layer anything but what sits above it.
ENGINE_MAY_IMPORT = {"engine", "networkx"}
ENGINE_EXTRA = {"engine/simulate.py": {"tqdm", "distributed", "dask"}}
ABOVE_THE_WIDGETS = {"notebooks", "apps", "scripts", "tests", "benchmarks", "sumer_server"}


def imported_packages(root: Path, package: str) -> dict[str, set[str]]:
    """Each file of `package` (its path from `root`) and the top-level packages it imports,
    relative imports aside (they stay inside `package`)."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        names = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif not node.level and node.module:
                names.add(node.module.split(".")[0])
        found[path.relative_to(root).as_posix()] = names
    return found


def layer_breaks(root: Path) -> list[str]:
    """One line per import that goes against the layers' one-way flow."""
    found = []
    for path, names in imported_packages(root, "engine").items():
        allowed = ENGINE_MAY_IMPORT | ENGINE_EXTRA.get(path, set())
        found += [f"{path} imports {name}: the engine imports only the standard library and "
                  f"{', '.join(sorted(allowed - {'engine'}))}"
                  for name in sorted(names - allowed - sys.stdlib_module_names)]
    for path, names in imported_packages(root, "sumer_widgets").items():
        found += [f"{path} imports {name}, which sits above sumer_widgets"
                  for name in sorted(names & ABOVE_THE_WIDGETS)]
    return found


def test_the_layers_import_one_way():
    assert not layer_breaks(ROOT), "\n".join(layer_breaks(ROOT))


def test_the_layer_check_names_an_engine_file_that_imports_a_widget(tmp_path):
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "core.py").write_text(
        "import json\nimport networkx\nfrom engine import bots\nfrom . import rules\n")
    (tmp_path / "engine" / "view.py").write_text(
        "def show():\n    from sumer_widgets.display import show\n    import IPython\n")
    (tmp_path / "engine" / "simulate.py").write_text("import tqdm\n")
    (tmp_path / "sumer_widgets").mkdir()
    (tmp_path / "sumer_widgets" / "board.py").write_text("import engine\nfrom scripts import x\n")

    found = layer_breaks(tmp_path)

    assert [line.split(":")[0] for line in found] == [
        "engine/view.py imports IPython", "engine/view.py imports sumer_widgets",
        "sumer_widgets/board.py imports scripts, which sits above sumer_widgets"]
