"""Autosave after every action, Resume, and named saves (all through Match's atomic save)."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import PirateTableError, SaveError
from .. import savegame
from ..engine.match import Match
from .paths import autosave_path, saves_dir


@dataclass(frozen=True)
class AutosaveInfo:
    """What the title screen needs to know about the autosave without replaying it."""

    exists: bool
    unfinished: bool
    summary: str


def autosave_info(path: Path | None = None) -> AutosaveInfo:
    path = path or autosave_path()
    if not path.is_file():
        return AutosaveInfo(False, False, "")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        # Let Resume try it and explain what is wrong with the file.
        return AutosaveInfo(True, True, "autosave (unreadable?)")
    if not isinstance(data, dict):
        return AutosaveInfo(True, True, "autosave (unreadable?)")
    if data.get("over") is True:
        return AutosaveInfo(True, False, "the last game is finished")
    seats = data.get("seats") if isinstance(data.get("seats"), list) else []
    names = ", ".join(str(s.get("name")) for s in seats if isinstance(s, dict))
    game = str(data.get("game", "?"))
    try:
        from ..engine.registry import game_class
        game = game_class(game).name
    except Exception:  # a game that does not load: the id is still informative
        pass
    moves = len(data.get("actions") or [])
    return AutosaveInfo(True, True, f"{game} with {names} ({moves} moves)")


def write_autosave(match: Match, path: Path | None = None) -> str | None:
    """Autosave; returns an error message instead of raising (a full disk must not stop the game)."""
    path = path or autosave_path()
    try:
        savegame.save(match, path)
    except OSError as exc:
        return f"autosave failed: {path}: {exc}"
    return None


def load_save(path: Path | None = None) -> tuple[Match | None, str | None]:
    """A match from a save file, or None and the message why it cannot be used."""
    path = path or autosave_path()
    try:
        return savegame.load(path), None
    except SaveError as exc:
        return None, str(exc)
    except PirateTableError as exc:
        return None, f"{path}: {exc}"


def save_name_ok(name: str) -> str | None:
    """Why a save name is unusable (None: fine)."""
    if not name.strip():
        return "type a name for the save"
    if not re.fullmatch(r"[\w\- .]{1,60}", name.strip()) or name.strip().startswith("."):
        return "use letters, digits, spaces, dots, - and _ only (at most 60)"
    if name.strip().lower() == "autosave":
        return "'autosave' is kept for the automatic save: choose another name"
    return None


def named_save_path(name: str) -> Path:
    name = name.strip()
    if name.lower().endswith(".json"):
        name = name[:-5]
    return saves_dir() / f"{name}.json"


def list_saves() -> list[Path]:
    folder = saves_dir()
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.glob("*.json")), key=lambda p: p.stat().st_mtime, reverse=True)
