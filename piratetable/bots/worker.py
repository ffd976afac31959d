"""Bot decisions in a separate process, so a long search never holds the UI's interpreter lock.

The UI process sends plain data (the config text, the seat's view, the legal actions as notation, the seed of
the bot's stream, a one-way hash of the match seed: engine/streams.py); the worker rebuilds the game from the config text (cached per process) and answers with the
action's notation. Nothing here imports pygame.
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import random
import threading

from ..config.loader import load_config_text
from ..engine.registry import game_class
from .base import decide as decide_bot

_games: dict = {}


def _game(config_text: str, path: str, variant: str):
    key = (config_text, path, variant)
    if key not in _games:
        cfg = load_config_text(config_text, path, variant)
        _games.clear()  # one game at a time: a new match replaces the cached one
        _games[key] = game_class(cfg.game)(cfg)
    return _games[key]


def decide(config_text: str, path: str, variant: str, level: str, seat: int, view: dict, legal: list[str],
           rng_seed: str) -> str:
    """The notation of the action the bot of `seat` chooses."""
    game = _game(config_text, path, variant)
    actions = [game.parse_action(text) for text in legal]
    return str(decide_bot(game, level, seat, view, actions, random.Random(rng_seed)))


def watch_parent() -> None:
    """The worker's initializer: end this process as soon as the process that started it is gone, even when it
    was killed without a word (kill -9, a crash), so that no idle worker is left behind."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=wait, name="piratetable-parent-watch", daemon=True).start()


def warm_up() -> bool:
    """Import the engine in the worker ahead of the first decision."""
    return True
