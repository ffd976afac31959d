"""Information-set Monte Carlo search over the rules contract (the `hard` level of the card games).

Honest by construction: each iteration samples a full state from the bot's own view with the game's
`determinize(view, rng)` (hidden cards drawn from what the seat has not seen, never from the true state), then
plays one root action and a rollout of the game's `normal` bot, and scores the result with the game's
`evaluate(state, seat)`. The root keeps UCB1 statistics per action (actions are the same in every sample: they
come from the seat's own legal actions). Budgets are in iterations, so the same seed gives the same move on any
machine; a wall-clock cap only guards against a pathological case.
"""
from __future__ import annotations

import math
import random
import time

from ..engine.chance import Chance
from ..engine.runner import play_out, step
from .base import Bot


class SearchBot(Bot):
    """Root-parallel UCB1 over determinized rollouts with a policy bot."""

    level = "hard"

    def __init__(self, game, seat: int, iterations: int = 300, rollout_level: str = "normal",
                 rollout_actions: int = 200, exploration: float = 0.6, time_cap: float = 5.0):
        super().__init__(game, seat)
        self.iterations = iterations
        self.rollout_level = rollout_level
        self.rollout_actions = rollout_actions
        self.exploration = exploration
        self.time_cap = time_cap
        self._policies: dict[int, Bot] = {}

    def policy(self, seat: int) -> Bot:
        if seat not in self._policies:
            self._policies[seat] = self.game.make_bot(self.rollout_level, seat)
        return self._policies[seat]

    def choose(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        visits, totals = self.root(view, legal, rng)
        best = max(range(len(legal)), key=lambda k: (totals[k] / visits[k] if visits[k] else -1.0, visits[k]))
        return legal[best]

    def root(self, view, legal, rng) -> tuple[list[int], list[float]]:
        """The UCB1 search at the root: per legal action, its visits and the sum of its rollouts' values (the
        mean is what `choose` compares; insight records these to tell what the bot weighed)."""
        visits = [0] * len(legal)
        totals = [0.0] * len(legal)
        deadline = time.perf_counter() + self.time_cap
        for it in range(self.iterations):
            if it >= len(legal) and time.perf_counter() > deadline:
                break
            if it < len(legal):
                i = it
            else:
                log_n = math.log(it)
                i = max(range(len(legal)), key=lambda k: totals[k] / visits[k]
                        + self.exploration * math.sqrt(log_n / visits[k]))
            sim_rng = random.Random(rng.getrandbits(64))
            state = self.game.determinize(view, sim_rng)
            start = state.ctx.copy()
            chance = Chance(sim_rng.getrandbits(64))
            step(self.game, state, legal[i], chance, check=False)
            value = self.rollout(state, chance, sim_rng, start)
            visits[i] += 1
            totals[i] += value
        return visits, totals

    def rollout(self, state, chance, rng, start) -> float:
        """Play on with the policy bots until the game's `rollout_done` (or the end, or the length cap)."""
        game = self.game

        def policy(state, seat):
            legal = game.legal_actions(state)
            if len(legal) == 1:
                return legal[0]
            return self.policy(seat).choose_in(state, legal, rng)

        play_out(game, state, chance, policy, self.rollout_actions,
                 stop=lambda s: game.rollout_done(s, self.seat, start))
        return game.evaluate(state, self.seat)
