"""Layering: only piratetable/ui imports pygame; everything else (rules, engine, config, CLI) stays drawing-free."""
import subprocess
import sys

CHECK = """
import importlib, pkgutil, sys
import piratetable
names = []
def walk(path, prefix):
    for mod in pkgutil.iter_modules(path, prefix):
        if mod.name == "piratetable.ui" or mod.name == "piratetable.__main__":
            continue  # the ui package is the one place allowed to import pygame: never imported here
        module = importlib.import_module(mod.name)
        names.append(mod.name)
        if mod.ispkg:
            walk(module.__path__, mod.name + ".")
walk(piratetable.__path__, "piratetable.")
assert len(names) > 10, names
print("pygame" in sys.modules, "pygame_gui" in sys.modules)
"""


def test_importing_everything_outside_ui_leaves_pygame_out_of_sys_modules():
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"], out.stderr


def _ui_sources():
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent / "piratetable" / "ui"
    return sorted(root.rglob("*.py"))


def test_nothing_under_ui_reads_log_text_action_text_or_the_raw_history():
    """The screen stands on data: typed events (redacted per viewer), tables, views. It never splits action
    notation or searches log lines to learn what happened, and never touches a history entry (whose chance
    record and events are not redacted)."""
    import ast
    import re
    bad = []
    for path in _ui_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("history", "chance", "start_events"):
                bad.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("split", "partition", "rpartition", "startswith", "endswith", "find"):
                target = ast.unparse(node.func.value)
                if re.search(r"action|entry|log|banner|event|notation", target):
                    bad.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert not bad, "ui/ reads text or history instead of events and tables:\n" + "\n".join(bad)
