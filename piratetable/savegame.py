"""Saving and loading a match (atomic JSON): the game id, the config (name, full text and the options set on top
of it), the seed, the seats and the actions, plus the recorded chance outcomes (checked on load). A save replays
exactly, even after the config file changed.

Loading trusts nothing in the file: the whole save is checked (types, sizes, seats within the config's players,
bot levels the game knows, setup keys) before it is replayed, and every failure is one SaveError naming the file
and the key. Format versions: 1 (no options, no versions recorded) still loads; 2 is written.
"""
from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

from .config.loader import load_config_text
from .config.yamlsafe import MAX_TEXT
from .engine.errors import ConfigError, IllegalAction, PirateTableError, SaveError
from .engine.limits import MAX_ACTIONS
from .engine.match import Match, Seat
from .fileio import FileRefused, read_bytes, write_json_atomic

SAVE_VERSION = 2
READS = (1, 2)               # format versions this program reads (1: before options and versions were kept)
MAX_SAVE_BYTES = 8_000_000   # a save of a full-length game is well under 1 MB
MAX_NAME = 60                # characters of a seat name (the new-game screen allows 24)
MAX_ACTION = 200             # characters of one action's notation
MAX_SEED = 2 ** 128


def _program_version() -> str:
    try:
        from . import __version__
        return str(__version__)
    except ImportError:  # pragma: no cover - the package always has one
        return "?"


def to_json(match: Match) -> dict:
    """A match as the data of a save file."""
    cfg = match.config
    config = {"name": cfg.variant, "path": cfg.path, "text": cfg.text}
    if cfg.options:
        config["options"] = cfg.options
    return {
        "version": SAVE_VERSION,
        "program": _program_version(),
        "game": cfg.game,
        "game_version": str(getattr(match.game, "version", "1")),
        "name": match.game.name,
        "title": cfg.title,
        "config": config,
        "seed": match.seed,
        "setup": match.setup,
        "seats": [{"name": s.name, "bot": s.bot} for s in match.seats],
        "actions": [e.action for e in match.history],
        "chance": [e.chance for e in match.history],
        "over": match.over,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def save(match: Match, path: str | os.PathLike) -> None:
    """Write the save atomically: temp file in the same folder, fsync, os.replace, fsync of the folder."""
    write_json_atomic(Path(path), to_json(match))


def _quote(value, limit: int = 40) -> str:
    """A value from the file, quoted for a message: printable and bounded."""
    text = repr(value) if not isinstance(value, str) else repr(value[:limit + 1])
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def seat_name_problem(name) -> str | None:
    """Why a seat name from a file cannot be used (None: fine)."""
    if not isinstance(name, str):
        return "must be a text"
    if not name.strip():
        return "is empty"
    if len(name) > MAX_NAME:
        return f"is {len(name):,} characters long (at most {MAX_NAME})"
    if not name.isprintable():
        return "holds a control character (such as NUL)"
    return None


def from_json(data, source: str = "<save>") -> Match:
    """Rebuild a match by replaying a save; any problem is a SaveError naming the file and key."""
    config, seats, seed, setup, actions, recorded = _checked(data, source)

    def fail(key, message):
        return SaveError(f"{source}: {key}: {message}")

    try:
        match = Match(config, seats, seed, setup)
    except PirateTableError as exc:
        raise fail("setup", str(exc)) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:  # values the game cannot use
        raise fail("setup", f"the game cannot start with {_quote(setup, 60)} ({type(exc).__name__})") from None
    for i, text in enumerate(actions):
        try:
            match.play(text)
        except IllegalAction as exc:
            raise fail(f"actions[{i}]", f"{_quote(text)} does not replay: {exc}") from None
        except PirateTableError as exc:
            raise fail(f"actions[{i}]", str(exc)) from None
        except (TypeError, ValueError, KeyError, IndexError) as exc:
            raise fail(f"actions[{i}]", f"{_quote(text)} does not replay ({type(exc).__name__})") from None
    if recorded is not None and recorded != [e.chance for e in match.history]:
        raise fail("chance", "the replay drew different dice or cards than the save recorded")
    return match


def check(data, source: str = "<save>") -> None:
    """Check a save's data without replaying it (types, sizes, the config, the seats): SaveError if bad."""
    _checked(data, source)


def _checked(data, source: str):
    """The save's parts, every one checked: (config, seats, seed, setup, actions, recorded chance)."""
    def fail(key, message):
        return SaveError(f"{source}: {key}: {message}")

    def need(key, kind, optional=False):
        if key not in data:
            if optional:
                return None
            raise fail(key, "missing")
        value = data[key]
        if optional and value is None:
            return None
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise fail(key, f"has the wrong type ({type(value).__name__})")
        return value

    if not isinstance(data, dict):
        raise SaveError(f"{source}: version: missing (not a save file: a save is a JSON object)")
    version = need("version", int)
    if version not in READS:
        newer = "written by a newer PirateTable; " if version > SAVE_VERSION else ""
        raise fail("version", f"{_quote(version)} is not supported ({newer}this program reads format versions "
                              f"{', '.join(map(str, READS))})")
    game_id = need("game", str)
    cfg = need("config", dict)
    text = cfg.get("text")
    if not isinstance(text, str):
        raise fail("config.text", "missing")
    if len(text) > MAX_TEXT:
        raise fail("config.text", f"too big ({len(text):,} characters; at most {MAX_TEXT:,})")
    cfg_path, cfg_name = cfg.get("path") or "<saved config>", cfg.get("name") or "default"
    for key, value in (("path", cfg_path), ("name", cfg_name)):
        if not isinstance(value, str) or len(value) > 1000 or not value.isprintable():
            raise fail(f"config.{key}", "must be a short text")
    options = cfg.get("options") if version >= 2 else None
    if options is not None and not isinstance(options, dict):
        raise fail("config.options", "must be a mapping of rule options")
    try:
        config = load_config_text(text, cfg_path, cfg_name, options=options or None, where=f"{source}: options")
    except ConfigError as exc:
        problems = exc.problems[:5] + ([f"… and {len(exc.problems) - 5} more"] if len(exc.problems) > 5 else [])
        raise fail("config", "the saved config is invalid: " + "\n".join(problems)) from None
    except PirateTableError as exc:
        raise fail("config", str(exc)) from None
    if config.game != game_id:
        raise fail("game", f"{_quote(game_id)} does not match the saved config ({config.game!r})")

    raw_seats = need("seats", list)
    if not config.players_min <= len(raw_seats) <= config.players_max:
        raise fail("seats", f"{len(raw_seats)} seats, but {config.title} is for "
                            f"{config.players_min}–{config.players_max} players")
    from .engine.registry import game_class
    levels = set(game_class(game_id).bot_levels) | {"random"}
    seats = []
    for i, s in enumerate(raw_seats):
        if not isinstance(s, dict):
            raise fail(f"seats[{i}]", "needs a name and a bot level or null")
        problem = seat_name_problem(s.get("name"))
        if problem:
            raise fail(f"seats[{i}].name", problem)
        bot = s.get("bot")
        if bot is not None and (not isinstance(bot, str) or bot not in levels):
            raise fail(f"seats[{i}].bot", f"{_quote(bot)} is not a bot level of this game "
                                          f"(levels: {', '.join(sorted(levels))}, or null for a person)")
        seats.append(Seat(s["name"], bot))
    seed = need("seed", int)
    if not -MAX_SEED < seed < MAX_SEED:
        raise fail("seed", "out of range")
    setup = need("setup", dict, optional=True)
    actions = need("actions", list)
    if len(actions) > MAX_ACTIONS:
        raise fail("actions", f"{len(actions):,} moves; a game lasts at most {MAX_ACTIONS}")
    for i, text in enumerate(actions):
        if not isinstance(text, str) or not text or len(text) > MAX_ACTION or not text.isprintable():
            raise fail(f"actions[{i}]", f"{_quote(text)} is not a move (a short line of notation)")
    recorded = need("chance", list, optional=True)
    if recorded is not None and (len(recorded) != len(actions) or not all(
            isinstance(c, list) and all(isinstance(x, str) for x in c) for c in recorded)):
        raise fail("chance", "must hold one list of outcomes per move")
    if setup is not None:
        cls = game_class(game_id)
        for key in setup:
            if key not in cls.setup_keys:
                raise fail(f"setup.{_quote(key, 30)}", f"unknown key (valid: {', '.join(cls.setup_keys) or 'none'})")
    return config, seats, seed, setup, actions, recorded


def read_save_data(path: str | os.PathLike):
    """The JSON data of a save file (SaveError naming the file when it cannot be read as JSON; only a regular file
    of at most MAX_SAVE_BYTES is read, see `fileio.read_bytes`)."""
    path = Path(path)
    try:
        return json.loads(read_bytes(path, MAX_SAVE_BYTES).decode("utf-8"))
    except FileRefused as exc:
        if exc.kind == "big":
            raise SaveError(f"{path}: the file is too big for a save (more than {MAX_SAVE_BYTES:,} bytes)") from None
        raise SaveError(f"{path}: {exc.reason}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path}: cannot read the file ({exc.__class__.__name__})") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path}:{exc.lineno}:{exc.colno}: not a save file (bad JSON: {exc.msg})") from None
    except ValueError as exc:   # e.g. a number of thousands of digits
        raise SaveError(f"{path}: not a save file ({_quote(str(exc), 80)})") from None
    except RecursionError:
        raise SaveError(f"{path}: not a save file (nested too deeply)") from None


def load(path: str | os.PathLike) -> Match:
    """A match from a save file (SaveError with the file, line and key when it cannot be used)."""
    return from_json(read_save_data(path), str(path))
