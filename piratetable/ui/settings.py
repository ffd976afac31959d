"""The app's settings (animation speed, full screen), kept in app_home()/settings.json."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from ..fileio import write_json_atomic
from .paths import settings_path

SPEEDS = ("slow", "normal", "fast", "instant")
# Multiplier applied to every animation and bot delay; instant = no animation, no waiting.
SPEED_FACTOR = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "instant": 0.0}


@dataclass
class Settings:
    """What a person can change in the Settings screen."""

    speed: str = "normal"
    fullscreen: bool = False

    @property
    def factor(self) -> float:
        return SPEED_FACTOR.get(self.speed, 1.0)


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and a message saying why the file was not usable."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), f"{path}: cannot read the settings ({exc.__class__.__name__}); using the defaults"
    except json.JSONDecodeError as exc:
        return Settings(), (f"{path}:{exc.lineno}:{exc.colno}: the settings file is not valid JSON ({exc.msg});"
                            " using the defaults")
    if not isinstance(data, dict):
        return Settings(), f"{path}: the settings file must hold a JSON object; using the defaults"
    settings, problems = Settings(), []
    speed = data.get("speed", "normal")
    if speed in SPEEDS:
        settings.speed = speed
    else:
        problems.append(f"speed: {speed!r} is not one of {', '.join(SPEEDS)}")
    full = data.get("fullscreen", False)
    if isinstance(full, bool):
        settings.fullscreen = full
    else:
        problems.append(f"fullscreen: must be true or false, not {full!r}")
    unknown = sorted(set(data) - {"speed", "fullscreen"})
    if unknown:
        problems.append(f"unknown keys ignored: {', '.join(map(str, unknown))}")
    message = f"{path}: " + "; ".join(problems) + " (defaults used there)" if problems else None
    return settings, message


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings atomically; returns an error message instead of raising."""
    path = path or settings_path()
    try:
        write_json_atomic(path, asdict(settings))
    except OSError as exc:
        return f"{path}: cannot save the settings ({exc})"
    return None
