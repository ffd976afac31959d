"""Every script in benchmarks/ still runs. Each is started as the docs show it (`.venv/bin/python
benchmarks/<script>.py`, from the repository's root) with `--quick`, its smallest size (a few seconds), in a process
of its own: it must end cleanly, without a traceback, having printed figures. The scripts are the folder's listing,
so a new script without `--quick` fails here (its argument parser refuses the flag)."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

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
