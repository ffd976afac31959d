"""Every scenario file under tests/scenarios/ passes (one test per file)."""
from pathlib import Path

import pytest

from piratetable.scenario import format_result, run_scenario

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.glob("*/*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_scenario_file_passes(path):
    result = run_scenario(path)
    assert result.passed, format_result(result)
    assert result.steps_run > 0
