"""Every script in benchmarks/ still runs. Each is started as the docs show it (`.venv/bin/python
benchmarks/<script>.py`, from the repository's root) with `--quick`, its smallest size (a few seconds), in a process
of its own: it must end cleanly, without a traceback, having printed figures. The scripts are the folder's listing,
so a new script without `--quick` fails here (its argument parser refuses the flag)."""
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from piratetable import preflight

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))
FIGURE = re.compile(r"\d\.\d")        # every script prints measured figures with decimals


def test_the_benchmarks_are_listed():
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not a source tree")
    assert len(SCRIPTS) >= 10, SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_runs_at_its_smallest_size(script, piratetable_home):
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}   # no window on the developer's screen
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PIRATETABLE_HOME=str(piratetable_home))
    out = subprocess.run([sys.executable, str(script.relative_to(ROOT)), "--quick"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=180)
    shown = f"stdout:\n{out.stdout[-3000:]}\nstderr:\n{out.stderr[-3000:]}"
    assert out.returncode == 0, shown
    assert "Traceback" not in out.stdout + out.stderr, shown
    assert FIGURE.search(out.stdout), f"no figures printed\n{shown}"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_another_python_is_told_what_is_missing(script, tmp_path):
    """Started with a Python that lacks the program's libraries (here the same Python without its site-packages,
    `-S`, as a system python3 would be), a script says which libraries are missing for which Python and how to run
    it, and exits 2: no traceback, no misleading failure further on."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "PYTHONPATH")}
    out = subprocess.run([sys.executable, "-S", str(script.relative_to(ROOT)), "--quick"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    said = out.stdout + out.stderr
    assert out.returncode == 2 and "Traceback" not in said, said
    assert f"benchmarks/{script.name}: pygame-ce, pygame_gui, PyYAML" in out.stderr, said
    assert f"are not installed for {sys.executable}" in out.stderr, said
    assert f"run the README's set-up command ({preflight.SET_UP}), then: .venv/bin/python benchmarks/{script.name}" \
        in out.stderr, said


def test_the_check_knows_every_dependency():
    """preflight.NEEDED names each dependency of pyproject.toml (a new one cannot be forgotten there)."""
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not a source tree")
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    names = {re.split(r"[<>=!~;\[ ]", d, maxsplit=1)[0].lower().replace("_", "-") for d in deps}
    assert names == {dist.lower().replace("_", "-") for _module, dist in preflight.NEEDED}
