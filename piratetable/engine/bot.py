"""The bot contract and the random bot every game has (level `random`, made by `Game.make_bot`). The games'
own bots live in `games/<id>/bots.py` and the search bots in `bots/`; they import the contract as
`piratetable.bots.base.Bot`. Nothing in the engine imports `bots/`."""
from __future__ import annotations

import random
from abc import ABC, abstractmethod

from .actions import Action
from .moves import ListMoves, pick_random


class Bot(ABC):
    """Chooses an action from its seat's view; `rng` is the bot's own stream (never the match's chance)."""

    level = "random"
    needs_view = True   # False: `choose` ignores the view, and fast callers may pass None instead

    def __init__(self, game, seat: int):
        self.game = game
        self.seat = seat

    @abstractmethod
    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        """The action to play (one of `legal`)."""


class RandomBot(Bot):
    """Random legal actions: a verb uniformly, then one of its actions (so a verb with hundreds of argument
    choices, like a re-roll, does not crowd out `stop`). A baseline for simulations and benchmarks."""

    needs_view = False

    def choose(self, view, legal, rng):
        return pick_random(ListMoves(legal), rng)
