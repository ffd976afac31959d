"""Where PirateTable keeps a person's files: light enough for the first frame.

- the data folder (`app_home()`): saves, user configs, crash log, the last set-up;
- the config folder (`config_home()`): the settings.

`PIRATETABLE_HOME` overrides both (everything then lives in that one folder)."""
from __future__ import annotations

import os
from pathlib import Path


def _platform_dir(kind: str) -> Path:
    import platformdirs
    return Path(getattr(platformdirs, kind)("piratetable", appauthor=False))


def app_home() -> Path:
    """Where user configs, saves and other data live (PIRATETABLE_HOME overrides the platform's data folder)."""
    env = os.environ.get("PIRATETABLE_HOME")
    return Path(env) if env else _platform_dir("user_data_dir")


def config_home() -> Path:
    """Where the settings live (PIRATETABLE_HOME overrides the platform's config folder)."""
    env = os.environ.get("PIRATETABLE_HOME")
    return Path(env) if env else _platform_dir("user_config_dir")


def user_config_dir() -> Path:
    """The folder where a designer's own configs appear as variants in the new-game screen (in the data folder;
    `config.loader` names it too)."""
    return app_home() / "configs"
