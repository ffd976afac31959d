"""Saving and loading a match (atomic JSON): the game id, the config (name and full text), the seed, the seats
and the actions, plus the recorded chance outcomes (checked on load). A save replays exactly, even after the
config file changed."""
from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path

from .config.loader import load_config_text
from .engine.errors import ConfigError, IllegalAction, PirateTableError, SaveError
from .engine.match import Match, Seat
from .fileio import write_json_atomic

SAVE_VERSION = 1


def to_json(match: Match) -> dict:
    """A match as the data of a save file."""
    cfg = match.config
    return {
        "version": SAVE_VERSION,
        "game": cfg.game,
        "name": match.game.name,
        "title": cfg.title,
        "config": {"name": cfg.variant, "path": cfg.path, "text": cfg.text},
        "seed": match.seed,
        "setup": match.setup,
        "seats": [{"name": s.name, "bot": s.bot} for s in match.seats],
        "actions": [e.action for e in match.history],
        "chance": [e.chance for e in match.history],
        "over": match.over,
        "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }


def save(match: Match, path: str | os.PathLike) -> None:
    """Write the save atomically: temp file in the same folder, fsync, os.replace."""
    write_json_atomic(Path(path), to_json(match))


def from_json(data, source: str = "<save>") -> Match:
    """Rebuild a match by replaying a save; any problem is a SaveError naming the file and key."""
    def need(key, kind):
        if not isinstance(data, dict) or key not in data:
            raise SaveError(f"{source}: {key}: missing")
        value = data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SaveError(f"{source}: {key}: has the wrong type")
        return value

    version = need("version", int)
    if version != SAVE_VERSION:
        raise SaveError(f"{source}: version: {version} is not supported (this program reads {SAVE_VERSION})")
    game_id = need("game", str)
    cfg = need("config", dict)
    if not isinstance(cfg.get("text"), str):
        raise SaveError(f"{source}: config.text: missing")
    try:
        config = load_config_text(cfg["text"], str(cfg.get("path") or "<saved config>"),
                                  str(cfg.get("name") or "default"))
    except ConfigError as exc:
        raise SaveError(f"{source}: config: the saved config is invalid: {exc}") from None
    except PirateTableError as exc:
        raise SaveError(f"{source}: config: {exc}") from None
    if config.game != game_id:
        raise SaveError(f"{source}: game: {game_id!r} does not match the saved config ({config.game!r})")
    seats = []
    for i, s in enumerate(need("seats", list)):
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or \
                not (s.get("bot") is None or isinstance(s.get("bot"), str)):
            raise SaveError(f"{source}: seats[{i}]: needs a name and a bot level or null")
        seats.append(Seat(s["name"], s.get("bot")))
    seed = need("seed", int)
    setup = data.get("setup")
    actions = need("actions", list)
    try:
        match = Match(config, seats, seed, setup)
        for i, text in enumerate(actions):
            if not isinstance(text, str):
                raise SaveError(f"{source}: actions[{i}]: must be a string")
            try:
                match.play(text)
            except IllegalAction as exc:
                raise SaveError(f"{source}: actions[{i}]: {text!r} does not replay: {exc}") from None
    except SaveError:
        raise
    except PirateTableError as exc:
        raise SaveError(f"{source}: {exc}") from None
    recorded = data.get("chance")
    if isinstance(recorded, list) and recorded != [e.chance for e in match.history]:
        raise SaveError(f"{source}: chance: the replay drew different dice or cards than the save recorded")
    return match


def load(path: str | os.PathLike) -> Match:
    """A match from a save file (SaveError with the file, line and key when it cannot be used)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path}: cannot read the file ({exc.__class__.__name__})") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path}:{exc.lineno}:{exc.colno}: not a save file (bad JSON: {exc.msg})") from None
    return from_json(data, str(path))
