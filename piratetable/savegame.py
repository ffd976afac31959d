"""Saving and loading a match (atomic JSON): the game id, the config (name, full text and the options set on top
of it), the seed, the seats and the actions, plus the recorded chance outcomes (checked on load). A save replays
exactly, even after the config file changed.

Loading trusts nothing in the file: the whole save is checked with the schema language the configs use (types,
sizes, seats within the config's players, bot levels the game knows, setup keys) before it is replayed, and every
failure is a SaveError saying `file:line:column: key.path: message` (read from a file: the JSON is read keeping
where each value was written, `config/jsonsafe.py`; given as data: `source: key.path: message`). Format
versions: 1 (no options, no versions recorded) still loads; 2 is written.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from .config.jsonsafe import MarkError, mark_json
from .config.loader import Config, load_config_text
from .config.schema import (
    MISSING,
    OPTIONAL,
    Anything,
    Bool,
    DictOf,
    Int,
    Key,
    List,
    Map,
    Nullable,
    Problems,
    Schema,
    Str,
    find_node,
    type_name,
)
from .config.yamlsafe import MAX_TEXT, Node, from_plain
from .engine.errors import ConfigError, IllegalAction, PirateTableError, SaveError
from .engine.limits import MAX_ACTIONS
from .fileio import write_json_atomic
from .savefile import MAX_SAVE_BYTES, read_save_data  # noqa: F401 - reading a save's JSON, named here too
from .savefile import decoded as _decoded
from .savefile import quote as _quote
from .savefile import read_text as _read_text

if TYPE_CHECKING:   # imported where a match is made: reading a save's summary (the title) needs no engine
    from .engine.match import Match, Seat

SAVE_VERSION = 2
READS = (1, 2)               # format versions this program reads (1: before options and versions were kept)
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


def seat_name_problem(name) -> str | None:
    """Why a seat name from a file cannot be used (None: fine)."""
    if not isinstance(name, str):
        return "must be a text"
    if not name.strip():
        return "is empty"
    if len(name) > MAX_NAME:
        return f"is {len(name):,} characters long (at most {MAX_NAME})"
    if not name.isprintable():
        at = next(i for i, ch in enumerate(name) if not ch.isprintable())
        return f"holds a control character ({name[at]!r}, character {at + 1:,})"
    return None


# --- the schema of a save ---------------------------------------------------------------------------------------
class SaveProblems(Problems):
    """A save's problems, worded as saves have always said them: `key: missing`, `key: has the wrong type: …`."""

    def wrong_type(self, node, path, message):
        self.add(node, path, f"has the wrong type: {message}")

    def missing(self, node, path):
        self.add(node, path, "missing")


class SeatName(Schema):
    """A seat's name: printable text of 1 to MAX_NAME characters (`seat_name_problem`)."""

    def check(self, node, path, problems):
        if not isinstance(node.value, str):
            return Str().check(node, path, problems)     # says what it is instead
        problem = seat_name_problem(node.value)
        if problem:
            problems.add(node, path, problem)
            return MISSING
        return node.value


@dataclass
class BotLevel(Schema):
    """A seat's bot: one of the game's levels, or null for a person."""

    levels: tuple[str, ...]

    def check(self, node, path, problems):
        if node.value is None or (isinstance(node.value, str) and node.value in self.levels):
            return node.value
        problems.add(node, path, f"{_quote(node.value)} is not a bot level of this game "
                                 f"(levels: {', '.join(self.levels)}, or null for a person)")
        return MISSING


class Move(Schema):
    """One action: a line of notation, 1 to MAX_ACTION printable characters."""

    def check(self, node, path, problems):
        v = node.value
        if isinstance(v, str) and v and len(v) <= MAX_ACTION and v.isprintable():
            return v
        why = (type_name(v) if not isinstance(v, str) else "empty" if not v else
               f"{len(v):,} characters; at most {MAX_ACTION}" if len(v) > MAX_ACTION else "a control character")
        problems.add(node, path, f"{_quote(v)} is not a move (a short line of notation; this is {why})")
        return MISSING


class Seed(Int):
    """The match's seed: an integer of less than 2**128 either side of 0."""

    def check(self, node, path, problems):
        v = super().check(node, path, problems)
        if v is not MISSING and not -MAX_SEED < v < MAX_SEED:
            problems.add(node, path, "out of range (a seed is less than 2**128 either side of 0)")
            return MISSING
        return v


class ConfigText(Schema):
    """The saved config's YAML text: a string of at most MAX_TEXT characters (what it says is checked by loading
    it as any config)."""

    def check(self, node, path, problems):
        if not isinstance(node.value, str):
            problems.wrong_type(node, path, f"must be a string (the config's text), not {type_name(node.value)}")
            return MISSING
        if len(node.value) > MAX_TEXT:
            problems.add(node, path, f"too big ({len(node.value):,} characters; at most {MAX_TEXT:,})")
            return MISSING
        return node.value


def _one_outcome_list_per_move(data, node, path, problems):
    recorded, actions = data["chance"], data["actions"]
    if recorded is not None and len(recorded) != len(actions):
        problems.add(node.value["chance"], "chance", f"must hold one list of outcomes per move ({len(recorded):,} "
                                                     f"lists for {len(actions):,} moves)")


def save_schema(game_cls) -> Map:
    """What a save of a game of `game_cls` holds (every key a version 1 or 2 save was ever written with)."""
    short = Str(max_len=100)
    return Map({
        "version": Key(Int()),
        "program": Key(short, None),
        "game": Key(short),
        "game_version": Key(short, None),
        "name": Key(short, None),
        "title": Key(short, None),
        "config": Key(Map({
            "name": Key(Nullable(Str(max_len=1000)), None),
            "path": Key(Nullable(Str(max_len=1000)), None),
            "text": Key(ConfigText()),
            "options": Key(Nullable(DictOf(Str(), Anything())), None),
        })),
        "seed": Key(Seed()),
        "setup": Key(Nullable(Map({k: Key(Anything(), OPTIONAL) for k in game_cls.setup_keys})), None),
        "seats": Key(List(Map({"name": Key(SeatName()),
                               "bot": Key(BotLevel(tuple(sorted(set(game_cls.bot_levels) | {"random"}))), None)}))),
        "actions": Key(List(Move(), max_len=MAX_ACTIONS)),
        "chance": Key(Nullable(List(List(Str(max_len=1000)))), None),
        "over": Key(Bool(), False),
        "saved_at": Key(Str(max_len=40), None),
    }, rule=_one_outcome_list_per_move)


@dataclass
class Saved:
    """A checked save: what `from_json` replays, and the file's marked values (for the positions of later
    problems)."""

    config: Config
    seats: list[Seat]
    seed: int
    setup: dict | None
    actions: list[str]
    recorded: list | None
    root: Node


def _error(problems: list[str]) -> SaveError:
    shown = problems[:5] + ([f"… and {len(problems) - 5:,} more"] if len(problems) > 5 else [])
    return SaveError("\n".join(shown))


def from_json(data, source: str = "<save>") -> Match:
    """Rebuild a match by replaying a save (its data, or its marked Nodes from `read_save`); any problem is a
    SaveError naming the file, the line where known, and the key."""
    saved = _checked(data, source)
    top = saved.root.value
    from .engine.match import Match
    try:
        match = Match(saved.config, saved.seats, saved.seed, saved.setup)
    except PirateTableError as exc:   # a setup value the game refuses: its message names the key
        raise _error([_named(saved.root, str(exc), "setup")]) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:  # values the game cannot use
        raise _error([f"{top.get('setup', saved.root).where()}: setup: the game cannot start with "
                      f"{_quote(saved.setup, 60)} ({type(exc).__name__})"]) from None
    moves = top["actions"].value
    for i, text in enumerate(saved.actions):
        where = f"{moves[i].where()}: actions[{i}]"
        try:
            match.play(text)
        except IllegalAction as exc:
            raise _error([f"{where}: {_quote(text)} does not replay: {exc}"]) from None
        except PirateTableError as exc:
            raise _error([f"{where}: {exc}"]) from None
        except (TypeError, ValueError, KeyError, IndexError) as exc:
            raise _error([f"{where}: {_quote(text)} does not replay ({type(exc).__name__})"]) from None
    if saved.recorded is not None and saved.recorded != [e.chance for e in match.history]:
        raise _error([f"{top['chance'].where()}: chance: the replay drew different dice or cards than the save "
                      "recorded"])
    return match


def _named(root: Node, message: str, key: str) -> str:
    """`message` (about `key`, or naming a key under it: `setup.scores: …`) with where that key was written."""
    head = message.split(":", 1)[0]
    if head == key or head.startswith(key + "."):
        return f"{find_node(root, head).where()}: {message}"
    return f"{find_node(root, key).where()}: {key}: {message}"


def check(data, source: str = "<save>") -> None:
    """Check a save's data (or its marked Nodes) without replaying it (types, sizes, the config, the seats):
    SaveError if bad."""
    _checked(data, source)


def _game_of(root: Node, problems: Problems):
    """The game class the save names, once its version is one this program reads (None: problems said why)."""
    from .engine.registry import game_class
    top = root.value
    if "version" not in top:
        problems.missing(root, "version")
        return None
    version = Int().check(top["version"], "version", problems)
    if version is MISSING:
        return None
    if version not in READS:
        newer = "written by a newer PirateTable; " if version > SAVE_VERSION else ""
        problems.add(top["version"], "version", f"{_quote(version)} is not supported ({newer}this program reads "
                                                f"format versions {', '.join(map(str, READS))})")
        return None
    if "game" not in top:
        problems.missing(root, "game")
        return None
    game_id = Str(max_len=100).check(top["game"], "game", problems)
    if game_id is MISSING:
        return None
    try:
        return game_class(game_id)
    except PirateTableError as exc:
        problems.add(top["game"], "game", str(exc))
        return None


def _checked(data, source: str) -> Saved:
    """The save's parts, every one checked."""
    root = data if isinstance(data, Node) else from_plain(data, source)
    if not isinstance(root.value, dict):
        raise SaveError(f"{root.where()}: version: missing (not a save file: a save is a JSON object)")
    problems = SaveProblems()
    cls = _game_of(root, problems)
    if cls is None:
        raise _error(problems.items)
    saved = save_schema(cls).check(root, "", problems)
    if saved is MISSING:
        raise _error(problems.items)
    top = root.value
    config = _config_of(saved, top["config"], problems)
    if config is not None and config.game != saved["game"]:
        problems.add(top["game"], "game", f"{_quote(saved['game'])} does not match the saved config "
                                          f"({config.game!r})")
    elif config is not None and not config.players_min <= len(saved["seats"]) <= config.players_max:
        problems.add(top["seats"], "seats", f"{len(saved['seats'])} seats, but {config.title} is for "
                                            f"{config.players_min}–{config.players_max} players")
    if problems.items:
        raise _error(problems.items)
    from .engine.match import Seat
    return Saved(config, [Seat(s["name"], s["bot"]) for s in saved["seats"]], saved["seed"], saved["setup"],
                 saved["actions"], saved["chance"], root)


def _config_of(saved: dict, node: Node, problems: Problems):
    """The saved config, loaded from its text with its options (None: problems said why)."""
    cfg = saved["config"]
    options = node.value.get("options") if saved["version"] >= 2 and cfg["options"] else None
    try:
        return load_config_text(cfg["text"], cfg["path"] or "<saved config>", cfg["name"] or "default",
                                options=options)
    except ConfigError as exc:
        shown = exc.problems[:5] + ([f"… and {len(exc.problems) - 5} more"] if len(exc.problems) > 5 else [])
        problems.add(node, "config", "the saved config is invalid: " + "\n".join(shown))
    except PirateTableError as exc:
        problems.add(node, "config", str(exc))
    return None


# --- reading a save file ---------------------------------------------------------------------------------------
def read_save(path: str | os.PathLike) -> Node:
    """A save file's JSON as marked Nodes, each value with the line and column it was written at (what `check`
    and `from_json` take to say where a problem is); SaveError when it cannot be read as JSON."""
    path = Path(path)
    text = _read_text(path)
    _decoded(text, path)              # the syntax errors, said as `json` says them
    try:
        return mark_json(text, str(path))
    except MarkError as exc:
        raise SaveError(f"{exc.where}: not a save file ({exc.reason})") from None


def check_file(path: str | os.PathLike) -> None:
    """Check a save file without replaying it (SaveError with the file, line and key when it cannot be used)."""
    check(read_save(path), str(path))


def load(path: str | os.PathLike) -> Match:
    """A match from a save file (SaveError with the file, line and key when it cannot be used)."""
    return from_json(read_save(path), str(path))
