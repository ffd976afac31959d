"""Layering: only piratetable/ui imports pygame; everything else (rules, engine, config, CLI) stays drawing-free."""
import subprocess
import sys

CHECK = """
import importlib, pkgutil, sys
import piratetable
names = []
for mod in pkgutil.walk_packages(piratetable.__path__, "piratetable."):
    if mod.name.startswith("piratetable.ui") or mod.name == "piratetable.__main__":
        continue
    importlib.import_module(mod.name)
    names.append(mod.name)
assert len(names) > 10, names
print("pygame" in sys.modules, "pygame_gui" in sys.modules)
"""


def test_importing_everything_outside_ui_leaves_pygame_out_of_sys_modules():
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"], out.stderr
