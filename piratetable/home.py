"""Where PirateTable keeps a person's files (configs, saves, settings): light enough for the first frame."""
from __future__ import annotations

import os
from pathlib import Path


def app_home() -> Path:
    """Where user configs, saves and settings live (PIRATETABLE_HOME overrides the platform's folder)."""
    env = os.environ.get("PIRATETABLE_HOME")
    if env:
        return Path(env)
    try:
        import platformdirs
        return Path(platformdirs.user_data_dir("piratetable", appauthor=False))
    except ImportError:
        return Path.home() / ".local" / "share" / "piratetable"
