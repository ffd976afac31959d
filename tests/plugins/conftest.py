"""The example plug-in (examples/pig) installed the way pip installs it: a dist-info folder with its entry
points on sys.path, so discovery goes through importlib.metadata exactly as for a real package."""
import sys
from pathlib import Path

import pytest

from piratetable.engine import registry
from piratetable.ui.table import painters
from tests.ui.helpers import drawn  # noqa: F401 (the fixture recording every text the app renders)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pig"
ENTRY_POINTS = """[piratetable.games]
pig = pig_plugin.rules:Pig

[piratetable.painters]
pig = pig_plugin.painters:Painters
"""


@pytest.fixture
def pig_installed(tmp_path, monkeypatch):
    site = tmp_path / "site"
    info = site / "piratetable_pig-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: piratetable-pig\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    monkeypatch.syspath_prepend(str(EXAMPLE))
    monkeypatch.syspath_prepend(str(site))
    yield "pig"
    registry._cache.pop("pig", None)
    painters._registry.pop("pig", None)
    for name in [m for m in sys.modules if m == "pig_plugin" or m.startswith("pig_plugin.")]:
        del sys.modules[name]
