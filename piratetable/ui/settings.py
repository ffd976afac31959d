"""The app's settings, kept in config_home()/settings.json, and the last new-game set-up (app_home()/last_setup.json).

Every setting is a field of `Settings` with the values it may take (`FIELDS`); a bad file gives the defaults
for what is wrong in it and a message saying what, never an error."""
from __future__ import annotations

import json
import os
import shutil
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..fileio import FileRefused, read_text, write_json_atomic
from ..home import app_home
from ..i18n import LANGUAGES, _
from .paths import old_settings_path, settings_path

SPEEDS = ("slow", "normal", "fast", "instant")
# Multiplier applied to every animation and bot delay; instant = no animation, no waiting.
SPEED_FACTOR = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "instant": 0.0}
UI_SCALES = (0.85, 1.0, 1.15, 1.3, 1.5)
COACH = ("first", "always", "off")
MAX_SETTINGS_BYTES = 1_000_000   # settings.json and last_setup.json are a few kilobytes   # first-game tips: for each player's first game of each game, always, never


@dataclass
class Settings:
    """What a person can change in the Settings screen."""

    speed: str = "normal"
    fullscreen: bool = False
    volume: int = 70                  # 0-100
    muted: bool = False
    coach: str = "first"              # first-game tips (COACH): a line on what the decision is and what options do
    language: str = ""                # "" = the system's language (else English)
    ui_scale: float = 1.0             # text and controls, on top of the window's own size
    coached: list = field(default_factory=list)   # "game id/player name": first games played to the end
    odds: bool = False                # the odds line at the table (O toggles it)

    def wants_coach(self, game_id: str, name: str) -> bool:
        """Whether the coach speaks to `name` playing `game_id` (their first game of it, unless set otherwise)."""
        if self.coach == "always":
            return True
        return self.coach == "first" and coached_key(game_id, name) not in self.coached

    def mark_coached(self, game_id: str, names) -> bool:
        """`names` have played a whole game of `game_id`; True when that is news (the settings need saving)."""
        new = [k for k in dict.fromkeys(coached_key(game_id, n) for n in names) if k not in self.coached]
        self.coached = (self.coached + new)[-190:]
        return bool(new)

    @property
    def factor(self) -> float:
        return SPEED_FACTOR.get(self.speed, 1.0)


def coached_key(game_id: str, name: str) -> str:
    return f"{game_id}/{name.strip().casefold()}"[:63]


def _one_of(values):
    return lambda v: v in values, ", ".join(map(str, values))


FIELDS = {
    "speed": _one_of(SPEEDS),
    "fullscreen": (lambda v: isinstance(v, bool), "true, false"),
    "volume": (lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100, "0–100"),
    "muted": (lambda v: isinstance(v, bool), "true, false"),
    "coach": _one_of(COACH),
    "language": (lambda v: isinstance(v, str) and (v == "" or v in LANGUAGES), '"", ' + ", ".join(LANGUAGES)),
    "ui_scale": _one_of(UI_SCALES),
    "odds": (lambda v: isinstance(v, bool), "true, false"),
    "coached": (lambda v: isinstance(v, list) and all(isinstance(x, str) and len(x) < 64 for x in v)
                and len(v) < 200, "[…]"),
}


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and a message saying why the file was not usable."""
    if path is None:
        path = settings_path()
        problem = move_old_settings(path)
        if problem:   # it could not be moved: read it where it is
            settings, message = load_settings(old_settings_path())
            return settings, message or problem
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(read_text(path, MAX_SETTINGS_BYTES))
    except FileRefused as exc:
        if exc.kind == "big":
            return Settings(), _("{path}: the settings file is too big (more than {n} bytes); using the "
                                 "defaults").format(path=path, n=f"{MAX_SETTINGS_BYTES:,}")
        return Settings(), _("{path}: the settings are not a regular file (a named pipe, a device or a folder); "
                             "using the defaults").format(path=path)
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), _("{path}: cannot read the settings ({reason}); using the defaults").format(
            path=path, reason=exc.__class__.__name__)
    except json.JSONDecodeError as exc:
        return Settings(), _("{path}:{line}:{column}: the settings file is not valid JSON ({reason}); using the "
                             "defaults").format(path=path, line=exc.lineno, column=exc.colno, reason=exc.msg)
    except (ValueError, RecursionError):   # a number of thousands of digits; nesting thousands deep
        return Settings(), _("{path}: the settings file is not valid JSON (a number too long or nesting too "
                             "deep); using the defaults").format(path=path)
    if not isinstance(data, dict):
        return Settings(), _("{path}: the settings file must hold a JSON object; using the defaults").format(path=path)
    settings, problems = Settings(), []
    for name, (ok, expected) in FIELDS.items():
        if name not in data:
            continue
        value = data[name]
        if ok(value):
            setattr(settings, name, list(value) if isinstance(value, list) else value)
        else:
            problems.append(_("{key}: {value} is not one of {allowed}").format(key=name, value=json.dumps(value),
                                                                              allowed=expected))
    unknown = sorted(set(map(str, data)) - set(FIELDS))
    if unknown:
        problems.append(_("unknown keys ignored: {keys}").format(keys=", ".join(unknown)))
    message = _("{path}: {problems} (defaults used there)").format(path=path, problems="; ".join(problems)) \
        if problems else None
    return settings, message


def move_old_settings(path: Path) -> str | None:
    """Move a settings file from where older versions kept it (the data folder) to the config folder, once.
    None when there was nothing to move (or it moved); a message when it could not be moved."""
    old = old_settings_path()
    if path.exists() or not old.is_file() or old.resolve() == path.resolve():
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.replace(old, path)
    except OSError:
        try:
            shutil.copyfile(old, path)
            old.unlink()
        except OSError as exc:
            return _("{path}: cannot save the settings ({reason})").format(path=path, reason=exc.strerror or exc)
    return None


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings atomically; returns an error message instead of raising."""
    path = path or settings_path()
    try:
        write_json_atomic(path, asdict(settings))
    except OSError as exc:
        return _("{path}: cannot save the settings ({reason})").format(path=path, reason=exc.strerror or exc)
    return None


# --- the last new-game set-up ----------------------------------------------------------------------------------
def last_setup_path() -> Path:
    return app_home() / "last_setup.json"


def load_last_setup() -> dict:
    """The set-up of the last game started from the new-game screen ({} when none or unreadable): game id,
    variant, seats (name and kind)."""
    try:
        data = json.loads(read_text(last_setup_path(), MAX_SETTINGS_BYTES))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):   # missing, not a regular file, not JSON …
        return {}
    if not isinstance(data, dict):
        return {}
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(
            isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("kind"), str)
            and len(s["name"]) <= 40 and len(s["kind"]) <= 20 for s in seats) or len(seats) > 12:
        seats = []
    out = {"seats": [{"name": s["name"], "kind": s["kind"]} for s in seats]}
    for key in ("game", "variant"):
        if isinstance(data.get(key), str) and len(data[key]) <= 200:
            out[key] = data[key]
    return out


def save_last_setup(setup: dict) -> str | None:
    try:
        write_json_atomic(last_setup_path(), setup)
    except OSError as exc:
        return _("{path}: cannot remember the set-up ({reason})").format(path=last_setup_path(),
                                                                         reason=exc.strerror or exc)
    return None
