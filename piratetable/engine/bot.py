"""The bot contract and the random bot every game has (level `random`, made by `Game.make_bot`). The games'
own bots live in `games/<id>/bots.py` and the search bots in `bots/`; they import the contract as
`piratetable.bots.base.Bot`. Nothing in the engine imports `bots/`."""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from .actions import Action
from .moves import ListMoves, pick_random

V = TypeVar("V", bound=Mapping[str, Any])   # the game's view type (games/<id>/view.py)


class Bot(ABC, Generic[V]):
    """Chooses an action from its seat's view; `rng` is the bot's own stream (never the match's chance). A game's
    bots name its view type (`Bot[PKView]`), so that mypy checks what they read of it."""

    level = "random"

    def __init__(self, game, seat: int):
        self.game = game
        self.seat = seat

    @abstractmethod
    def choose(self, view: V, legal: list[Action], rng: random.Random) -> Action:
        """The action to play (one of `legal`)."""

    def choose_in(self, state, legal: list[Action], rng: random.Random) -> Action:
        """`choose` from this seat's view of `state`: the fast callers' way (a bot that reads no view is asked
        without one being made)."""
        return self.choose(self.game.view(state, self.seat), legal, rng)


class RandomBot(Bot[Mapping[str, Any]]):
    """Random legal actions: a verb uniformly, then one of its actions (so a verb with hundreds of argument
    choices, like a re-roll, does not crowd out `stop`). A baseline for simulations and benchmarks."""

    def choose(self, view, legal, rng):
        return pick_random(ListMoves(legal), rng)

    def choose_in(self, state, legal, rng):
        return pick_random(ListMoves(legal), rng)   # the view is not read: none is made
