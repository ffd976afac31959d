"""Registered games: the built-in ones plus third-party games from the `piratetable.games` entry points."""
from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

from .errors import PirateTableError

if TYPE_CHECKING:
    from .game import Game

BUILTIN = {
    "piraten_kapern": "piratetable.games.piraten_kapern.rules:PiratenKapern",
    "piratz": "piratetable.games.piratz.rules:Piratz",
    "pirataki": "piratetable.games.pirataki.rules:Pirataki",
    "petrangola": "piratetable.games.petrangola.rules:Petrangola",
}

_cache: dict[str, type[Game]] = {}


def _load(target: str) -> type[Game]:
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def game_ids() -> list[str]:
    """Every registered game id that can be loaded, built-ins first."""
    ids = []
    for gid in list(BUILTIN) + sorted(_plugin_targets()):
        if gid not in ids:
            try:
                game_class(gid)
            except PirateTableError:
                continue
            ids.append(gid)
    return ids


def _plugin_targets() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group="piratetable.games")}


def plugin_ids() -> list[str]:
    """The ids third-party packages register (not imported: a broken one shows when it is loaded)."""
    return sorted(gid for gid in _plugin_targets() if gid not in BUILTIN)


def known_ids() -> list[str]:
    """Every registered id, built-ins first (nothing imported)."""
    return list(BUILTIN) + plugin_ids()


def game_class(game_id: str) -> type[Game]:
    """The Game subclass registered under `game_id`."""
    if game_id in _cache:
        return _cache[game_id]
    target = BUILTIN.get(game_id) or _plugin_targets().get(game_id)
    if target is None:
        import difflib
        names = sorted(set(BUILTIN) | set(_plugin_targets()))
        close = difflib.get_close_matches(str(game_id), names, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise PirateTableError(f"unknown game {game_id!r}{hint} (registered: {', '.join(names)})")
    try:
        cls = _load(target)
    except (ImportError, AttributeError) as exc:
        raise PirateTableError(f"game {game_id!r} cannot be loaded: {exc}") from None
    _cache[game_id] = cls
    return cls
