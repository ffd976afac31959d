"""Finding the config a designer names, the way the app does: a shipped variant name (`classic`), a file in the
user config folder (`stormy`, `stormy.yaml`, or `user:stormy`), a plug-in game's own configs (its default
when no name is given), or a path."""
from __future__ import annotations

from pathlib import Path

from ..config.loader import (
    Config,
    load_config,
    load_config_file,
    plugin_config_paths,
    shipped_config_dir,
    user_config_dir,
    variant_name,
)
from ..engine.errors import ConfigError, PirateTableError


def _looks_like_path(name: str) -> bool:
    return "/" in name or "\\" in name or name.endswith((".yaml", ".yml"))


def _user_file(name: str) -> Path | None:
    folder = user_config_dir()
    stem = name[5:] if name.startswith("user:") else name
    for candidate in (stem, stem + ".yaml", stem + ".yml"):
        path = folder / candidate
        # a FIFO or a device of that name too: the loader then says it is not a regular file
        if path.suffix in (".yaml", ".yml") and path.exists() or path.is_file():
            return path
    return None


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
    folder = user_config_dir()
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))


def resolve_config(game_id: str | None, name: str | None) -> Config:
    """The config `name` of `game_id` (see the module doc). With no game, `name` must be a path or a user file
    and the game is the config's own. Errors name what was looked for and what exists."""
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
    path = _user_file(name)
    if path is not None:
        return _check_game(load_config_file(path, "user:" + variant_name(path)), game_id)
    where = user_config_dir()
    mine = ", ".join(user_files()) or "none"
    if _looks_like_path(name):
        raise PirateTableError(f"--config {name}: no such file (and none of that name in the user config "
                               f"folder {where}: {mine})")
    shipped = ", ".join(shipped_variants(game_id)) if game_id else "give --game to list them"
    raise PirateTableError(f"--config {name}: no such config for {game_id or 'any game'} "
                           f"(shipped variants: {shipped}; user config folder {where}: {mine}; or give a path)")


__all__ = ["resolve_config", "shipped_variants", "user_files", "ConfigError"]
