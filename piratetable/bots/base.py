"""The bot contract and the random bot every game can use."""
from __future__ import annotations

import random

from ..engine.actions import Action


class Bot:
    """Chooses an action from its seat's view; `rng` is the bot's own stream (never the match's chance)."""

    level = "random"

    def __init__(self, game, seat: int):
        self.game = game
        self.seat = seat

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniformly random legal actions (conformance tests and throughput baselines)."""

    def choose(self, view, legal, rng):
        return legal[rng.randrange(len(legal))]
