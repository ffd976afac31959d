"""The bot contract, the random bot every game can use, and `decide` (the one way a bot is asked)."""
from __future__ import annotations

import random
from abc import ABC, abstractmethod

from ..engine.actions import Action
from ..engine.moves import ListMoves, pick_random


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

    def choose_move(self, moves, rng):
        """The same choice from the game's `moves` (no list of every action needed)."""
        return pick_random(moves, rng)


def decide(game, level: str, seat: int, view: dict, legal: list[Action], rng: random.Random) -> Action:
    """Ask a bot of `level` for `seat`; a bot answering an illegal action is a bug, never silently replaced."""
    action = game.make_bot(level, seat).choose(view, legal, rng)
    if action not in legal:
        raise RuntimeError(f"bot {level} of {game.id} chose an illegal action {action}")
    return action
