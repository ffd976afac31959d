"""The package's import graph: no cycles (counting the imports inside functions, which run later but tie the
modules together all the same), and the engine stands below the bots.

The graph is read from the source with `ast`, not by importing: every `import` and `from … import` statement
anywhere in a module (module level, functions, methods, try blocks) is an edge. Left out, each for its reason:
- imports under `if TYPE_CHECKING:` never run (they exist for the type checker only);
- `importlib.import_module(…)` with a computed name (the registry and the parts look-ups) is not a statement;
- the packages a module lies in: when `piratetable.x.y` runs, `piratetable.x` is already imported (or being
  imported), so `from . import z` in y is an edge to `piratetable.x.z` when that is a module, else none.
Importing `piratetable.a.b` from outside `piratetable.a` also runs `piratetable/a/__init__.py`: an edge to it.
"""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "piratetable"

# (importer, imported) edges allowed to close a cycle, each with its reason. Every one must still exist (a
# stale entry fails `test_every_allowed_edge_still_exists`: delete it).
ALLOWED: dict[tuple[str, str], str] = {}


def _modules(root: Path = PACKAGE) -> dict[str, Path]:
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST):
    """Every import statement in the tree but those under `if TYPE_CHECKING:`."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
            continue
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _targets(name: str, path: Path, node, modules: dict[str, Path]) -> set[str]:
    """The package's modules an import statement in module `name` (file `path`) runs."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    named: list[str] = []
    if isinstance(node, ast.Import):
        named = [alias.name for alias in node.names]
    else:
        if node.level:
            base_parts = package.split(".")
            base_parts = base_parts[:len(base_parts) - (node.level - 1)]
            base = ".".join(base_parts + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        named.append(base)
        named += [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules]
    out = set()
    for full in named:
        parts = full.split(".")
        for i in range(1, len(parts) + 1):   # the module and the packages it lies in
            target = ".".join(parts[:i])
            if target not in modules or target == name:
                continue
            if name.startswith(target + "."):
                continue   # a package the importer lies in: already imported when the importer runs
            out.add(target)
    return out


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    modules = _modules(root)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        edges: set[str] = set()
        for node in _import_nodes(tree):
            edges |= _targets(name, path, node, modules)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative), each
    sorted; a module importing itself is a component too."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1 or node in graph.get(node, ()):
                        found.append(sorted(component))
    return found


def _explain(component: list[str], graph: dict[str, set[str]]) -> str:
    members = set(component)
    edges = [f"  {a} -> {b}" for a in component for b in sorted(graph[a]) if b in members]
    return " / ".join(component) + "\n" + "\n".join(edges)


def test_the_package_has_no_import_cycle():
    graph = import_graph()
    assert len(graph) > 50 and "piratetable.cli" in graph
    for (a, b) in ALLOWED:
        graph[a].discard(b)
    found = cycles(graph)
    assert not found, "import cycles (module-level and function-level imports):\n" + \
        "\n".join(_explain(c, graph) for c in found)


def test_every_allowed_edge_still_exists():
    graph = import_graph()
    stale = [f"{a} -> {b}" for (a, b) in ALLOWED if b not in graph.get(a, ())]
    assert not stale, "ALLOWED lists edges that are gone (delete them):\n" + "\n".join(stale)


def test_the_cycle_finder_sees_function_level_imports_and_package_inits(tmp_path):
    """The finder itself: a cycle closed only by an import inside a function is found, as is one through a
    package's __init__; type-checking imports and a package's own submodules are not edges."""
    pkg = tmp_path / "piratetable"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import thing\n")
    (pkg / "b.py").write_text("def thing():\n    from . import a\n    return a\n")
    (pkg / "sub" / "__init__.py").write_text("from .inner import x  # noqa\n")
    (pkg / "sub" / "inner.py").write_text("from typing import TYPE_CHECKING\nfrom . import other\n"
                                          "if TYPE_CHECKING:\n    from ..c import C\n")
    (pkg / "sub" / "other.py").write_text("")
    (pkg / "c.py").write_text("from .sub.other import y\n")
    (pkg / "d.py").write_text("import piratetable.e\n")
    (pkg / "e.py").write_text("def f():\n    from piratetable import d\n")
    graph = import_graph(pkg)
    assert graph["piratetable.sub.inner"] == {"piratetable.sub.other"}
    assert graph["piratetable.c"] == {"piratetable.sub", "piratetable.sub.other"}
    assert sorted(cycles(graph)) == [["piratetable.a", "piratetable.b"], ["piratetable.d", "piratetable.e"]]
    (pkg / "sub" / "other.py").write_text("def g():\n    from .. import c\n")
    assert ["piratetable.c", "piratetable.sub", "piratetable.sub.inner", "piratetable.sub.other"] in \
        cycles(import_graph(pkg))


def test_the_engine_imports_no_bot():
    """The engine stands below the bots: nothing in piratetable/engine imports piratetable/bots. A match gives
    a bot its inputs (`Match.bot_inputs`); asking the bot (`bots.base.decide`) is the bot worker's or a test's
    business; the random bot, the level every game has, is the engine's own (`engine/bot.py`)."""
    graph = import_graph()
    bad = sorted(f"{a} -> {b}" for a, targets in graph.items() if a.startswith("piratetable.engine")
                 for b in targets if b == "piratetable.bots" or b.startswith("piratetable.bots."))
    assert not bad, "engine/ imports bots/:\n" + "\n".join(bad)
