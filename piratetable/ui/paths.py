"""Where the app finds its shipped assets and keeps its own files (saves, settings)."""
from __future__ import annotations

from pathlib import Path

from ..home import app_home


def assets_dir() -> Path | None:
    """The shipped assets folder: `<repo>/assets` in a checkout, `piratetable/_shipped/assets` when installed."""
    here = Path(__file__).resolve().parent.parent  # the piratetable package
    for candidate in (here.parent / "assets", here / "_shipped" / "assets"):
        if candidate.is_dir():
            return candidate
    return None


def theme_path() -> Path | None:
    """The pygame_gui theme JSON, or None when the assets are missing (the stock theme is used then)."""
    folder = assets_dir()
    if folder is None:
        return None
    path = folder / "theme.json"
    return path if path.is_file() else None


def saves_dir() -> Path:
    return app_home() / "saves"


def autosave_path() -> Path:
    return saves_dir() / "autosave.json"


def settings_path() -> Path:
    return app_home() / "settings.json"
