"""The classic Pig strategy: hold once the turn is worth the level's `hold_at` points (or wins the game)."""
from __future__ import annotations

from piratetable.bots.base import Bot

from .rules import HOLD, ROLL


class HoldAt(Bot):
    level = "normal"

    def choose(self, view, legal, rng):
        hold_at = self.game.config.content.hold_at[self.level]
        need = view["target"] - view["scores"][view["seat"]]
        if HOLD in legal and view["turn_points"] >= min(hold_at, need):
            return HOLD
        return ROLL


class EasyBot(HoldAt):
    level = "easy"


class NormalBot(HoldAt):
    level = "normal"
