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
