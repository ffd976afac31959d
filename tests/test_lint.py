"""Lint and types are part of the tests: ruff (pyproject.toml [tool.ruff]: pyflakes, pycodestyle, import order,
blind `except Exception`, bugbear, pyupgrade) over the whole tree, and mypy ([tool.mypy]: check_untyped_defs) over
the whole package, `ui/` included."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(module: str):
    pytest.importorskip(module, reason="needs the test extra (pip install '.[test]')")
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not a source tree")


def test_ruff_finds_nothing():
    _tool("ruff")
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or "ruff"
    out = subprocess.run([ruff, "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]


def test_mypy_finds_nothing_in_the_whole_package():
    _tool("mypy")
    out = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(ROOT / ".mypy_cache")], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
