"""The bot contract (`Bot`, with the random bot every game can use: both kept in `engine/bot.py`, the engine's
side of the contract) and `decide` (the one way a bot is asked)."""
from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.bot import Bot, RandomBot

__all__ = ["Bot", "RandomBot", "decide"]


def decide(game, level: str, seat: int, view: dict, legal: list[Action], rng: random.Random) -> Action:
    """Ask a bot of `level` for `seat`; a bot answering an illegal action is a bug, never silently replaced."""
    action = game.make_bot(level, seat).choose(view, legal, rng)
    if action not in legal:
        raise RuntimeError(f"bot {level} of {game.id} chose an illegal action {action}")
    return action
