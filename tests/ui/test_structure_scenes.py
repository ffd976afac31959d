"""Scenes do one job (issue 27): a scene names what it wants next as a typed outcome (`ui/outcomes.py`) and the
flow (`ui/flow.py`) builds the next scene and decides how it stacks. So no scene module imports another — at the
top or inside a function — only the flow imports the scenes, every outcome has its place in the flow, and no scene
file is over 450 lines (the table scene's split is its own work)."""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

import piratetable
from piratetable.ui import flow, outcomes

ROOT = Path(piratetable.__file__).parent
SCENES = ROOT / "ui" / "scenes"
SCENE_MODULES = sorted(p for p in SCENES.glob("*.py") if p.name != "__init__.py")
MAX_LINES = 450


def module_name(path: Path) -> str:
    return ".".join(("piratetable",) + path.relative_to(ROOT).with_suffix("").parts)


def imports_of(path: Path) -> set[str]:
    """Every module `path` imports (top level or in a function body), as dotted names; `from a import b` counts
    as importing both `a` and `a.b` (b may be a module)."""
    package = module_name(path).rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            base = (f"{base}.{node.module}" if node.module else base) if node.level else node.module or ""
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def scene_imports(path: Path) -> set[str]:
    return {m for m in imports_of(path) if m.startswith("piratetable.ui.scenes.")}


@pytest.mark.parametrize("path", SCENE_MODULES, ids=lambda p: p.name)
def test_no_scene_module_imports_another(path):
    assert scene_imports(path) - {module_name(path)} == set(), \
        f"{path.name} builds another scene: name an outcome (ui/outcomes.py) and let the flow (ui/flow.py) build it"


def test_only_the_flow_imports_the_scenes():
    outside = {module_name(p): sorted(scene_imports(p)) for p in ROOT.rglob("*.py")
               if SCENES not in p.parents and p != ROOT / "ui" / "flow.py" and scene_imports(p)}
    assert outside == {}


@pytest.mark.parametrize("path", SCENE_MODULES, ids=lambda p: p.name)
def test_no_scene_file_is_over_450_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.name} has {lines} lines"


def test_every_outcome_has_its_place_in_the_flow():
    kinds = {obj for obj in vars(outcomes).values()
             if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == outcomes.__name__}
    assert kinds and kinds == set(flow._FLOW)
    assert all(k.__dataclass_params__.frozen for k in kinds)      # an outcome is a value


def test_an_outcome_the_flow_does_not_know_is_refused():
    @dataclasses.dataclass(frozen=True)
    class Elsewhere:
        pass

    with pytest.raises(TypeError, match="no scene follows"):
        flow.go(None, Elsewhere())
