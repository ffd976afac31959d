"""Finding the config a designer names, the way the app does: a shipped variant name (`classic`), a file in the
user config folder (`stormy`, `stormy.yaml`, or `user:stormy`), a plug-in game's own configs (its default
when no name is given), or a path."""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from ..config.loader import (
    Config,
    config_entry,
    entry_wanted,
    load_config,
    load_config_file,
    plugin_config_paths,
    shipped_config_dir,
    user_config_dir,
    user_config_path,
    variant_name,
)
from ..engine.errors import ConfigError, PirateTableError


def _looks_like_path(name: str) -> bool:
    return "/" in name or "\\" in name or name.endswith((".yaml", ".yml"))


def _user_file(name: str, game_id: str | None = None) -> Path | None:
    return user_config_path(name, game_id)


def _check_game(cfg: Config, game_id: str | None) -> Config:
    if game_id is not None and cfg.game != game_id:
        raise PirateTableError(f"{cfg.path}: this config is for {cfg.game!r}, not {game_id!r}")
    return cfg


def shipped_variants(game_id: str) -> list[str]:
    names = set()
    try:
        names |= {variant_name(p) for p in shipped_config_dir().glob(f"{game_id}*.yaml")
                  if variant_name(p) == "default" or p.stem.startswith(game_id + "_")}
    except PirateTableError:
        pass
    try:
        names |= {variant_name(p) for p in plugin_config_paths(game_id)}
    except Exception:  # noqa: BLE001  (a broken plug-in does not hide the shipped names)
        pass
    return sorted(names)


def user_files() -> list[str]:
    """The file names of the user config folder's configs."""
    folder = user_config_dir()
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))


@dataclass(frozen=True)
class UserVariant:
    """A file of the user config folder as the lab lists it: the name the app shows for it, its file, its game
    (None: not told) and whether it is broken."""

    name: str
    file: str
    game: str | None
    broken: bool

    def listed(self) -> str:
        """`quick (piraten_kapern_quick.yaml)`, `stormy (stormy.yaml, broken: piratetable validate it)`."""
        return f"{self.name} ({self.file}{', broken: piratetable validate it' if self.broken else ''})"


def user_variants(game_id: str | None = None) -> list[UserVariant]:
    """The user config folder's configs (of `game_id` when given, and the broken ones whose game cannot be
    told), each read to tell whether it is broken."""
    from ..engine.registry import known_ids
    folder = user_config_dir()
    if not folder.is_dir():
        return []
    ids = known_ids()
    out = []
    for path in sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml")):
        entry = config_entry(path, "user", ids)
        if entry_wanted(entry, game_id):
            out.append(UserVariant(variant_name(path, ids), path.name, entry.game, entry.config is None))
    return out


def suggestion(name: str, game_id: str | None, mine: list[UserVariant]) -> str:
    """` (did you mean 'stormy'?)` for a misspelt config name, or ""."""
    stem = name[5:] if name.startswith("user:") else name
    known = set(shipped_variants(game_id)) if game_id else set()
    for v in mine:
        known |= {v.name, v.file, Path(v.file).stem}
    close = difflib.get_close_matches(stem, sorted(known), n=3, cutoff=0.6) if len(stem) <= 100 else []
    return f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""


def resolve_config(game_id: str | None, name: str | None, what: str = "--config") -> Config:
    """The config `name` of `game_id` (see the module doc). With no game, `name` must be a path or a user file
    and the game is the config's own. Errors name what was looked for, the closest names and what exists
    (`what`: how the error names the argument)."""
    if game_id is not None:
        from ..engine.registry import game_class
        game_class(game_id)   # unknown id: PirateTableError with the registered ids
    if not name or name == "default":
        if game_id is None:
            raise PirateTableError("--game is needed (or --config naming a file)")
        return load_config(game_id)
    if _looks_like_path(name) and Path(name).expanduser().exists():
        return _check_game(load_config_file(Path(name).expanduser()), game_id)
    if game_id is not None and not name.startswith("user:") and name in shipped_variants(game_id):
        return load_config(game_id, name)
    path = _user_file(name, game_id)
    if path is not None:
        return _check_game(load_config_file(path, "user:" + variant_name(path)), game_id)
    where = user_config_dir()
    listed = user_variants(game_id)
    hint = suggestion(name, game_id, listed)
    mine = ", ".join(v.listed() for v in listed) or "none"
    if _looks_like_path(name):
        raise PirateTableError(f"{what} {name}: no such file{hint} (and none of that name in the user config "
                               f"folder {where}: {mine})")
    shipped = ", ".join(shipped_variants(game_id)) if game_id else "give --game to list them"
    raise PirateTableError(f"{what} {name}: no such config for {game_id or 'any game'}{hint} "
                           f"(shipped variants: {shipped}; user config folder {where}: {mine}; or give a path)")


__all__ = ["resolve_config", "shipped_variants", "user_files", "user_variants", "ConfigError"]
