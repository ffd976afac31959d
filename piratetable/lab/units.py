"""The lab's work units. A unit is plain data — the config TEXT, the seats' levels, the base seed and the game
indices — so any machine with piratetable installed can play it (`run_unit`, with the single-game driver of
`lab/play.py`) and nothing depends on the user's folders."""
from __future__ import annotations

import os
import socket
import time
from functools import lru_cache

from ..config.loader import load_config_text
from ..engine.errors import PirateTableError
from ..engine.registry import game_class
from .play import play_one


def chunks(games: int, jobs: int, largest: int = 10) -> list[range]:
    """The games cut into work units: big ones first, smaller towards the end (guided scheduling), so every
    worker stays busy until the last game and none is left with a big unit while the others wait."""
    out, start = [], 0
    while start < games:
        size = max(1, min(largest, (games - start) // (jobs * 4) or 1))
        out.append(range(start, min(games, start + size)))
        start += size
    return out


def make_units(cell: int, config, levels: list[str], seed, games: int, max_actions: int, rotate: bool,
               jobs: int) -> list[dict]:
    """The work units of one cell (one config): plain, picklable data."""
    return [{"cell": cell, "game": config.game, "text": config.text, "path": config.path,
             "variant": config.variant, "levels": list(levels), "seed": seed, "indices": list(r),
             "max_actions": max_actions, "rotate": rotate, "feel": True} for r in chunks(games, jobs)]


@lru_cache(maxsize=16)
def _game(game_id: str, text: str, path: str, variant: str):
    """The game of a unit (built once per process per config text: parsed once, the bots' tables kept)."""
    cfg = load_config_text(text, path, variant)
    if cfg.game != game_id:
        raise PirateTableError(f"{path}: the config is for {cfg.game!r}, not {game_id!r}")
    return game_class(game_id)(cfg)


def run_unit(unit: dict) -> tuple[int, list[dict], dict]:
    """Play one work unit; returns (cell, the games' records, what it cost: pid, host, CPU seconds, games)."""
    cpu0 = time.process_time()
    game = _game(unit["game"], unit["text"], unit["path"], unit["variant"])
    levels = unit["levels"]
    n = len(levels)
    out = []
    for g in unit["indices"]:
        shift = g % n if unit["rotate"] else 0
        seat_levels = [""] * n            # player p sits at seat (p + shift) % n
        for p in range(n):
            seat_levels[(p + shift) % n] = levels[p]
        seed = f"{unit['seed']}/{g}"
        r = play_one(game, seat_levels, seed, unit["max_actions"], feel=unit.get("feel", False))
        out.append({"game": g, "seed": seed, "shift": shift, "seat_levels": seat_levels,
                    "winners": r["winners"], "scores": list(r["scores"]), "length": r["length"],
                    "turns": r["turns"], "stages": r["stages"], "feel": r.get("feel")})
    spent = {"pid": os.getpid(), "host": socket.gethostname(), "cpu": time.process_time() - cpu0,
             "games": len(out)}
    return unit["cell"], out, spent
