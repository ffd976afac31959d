"""Piratz's position model (`games/piratz/hard.py` `WinModel`): what it gives are win shares, each within [0, 1]
and summing to 1, at any position — the hard bot's search, its reasons and the hints print them as chances."""
from __future__ import annotations

import random

from piratetable.config.loader import load_config
from piratetable.engine.chance import Chance
from piratetable.engine.runner import step
from piratetable.games.piratz.hard import WinModel
from piratetable.games.piratz.rules import Piratz
from piratetable.games.piratz.schema import TYPES


def test_two_players_shares_stay_chances_at_any_count():
    """Two players are valued exactly, by summing the products of each type's chances; those sums passed 1 by a
    rounding (1.0000000000000002) in about 1 of 700 random positions, and the other seat's share came out
    -2.2e-16: a "chance to win" below zero in a reason."""
    config = load_config("piratz")
    model = WinModel(Piratz(config), **config.content.bots.hard.model_kwargs())
    rng = random.Random(7)
    for _ in range(20_000):
        items = [[rng.randint(0, 4) for _ in TYPES] for _ in range(2)]
        rats = [rng.randint(0, 3) for _ in range(2)]
        future = [rng.choice([0, 0, 1, 2, 3, 5]) for _ in TYPES]
        cubes = {t: [rng.choice([0, 1, 2, 3, 4, 5])] for t in TYPES}
        shares = model._two(items, rats, future, cubes)
        assert all(0.0 <= s <= 1.0 for s in shares), (items, rats, future, cubes, shares)
        assert abs(sum(shares) - 1.0) < 1e-12


def test_the_estimate_is_a_chance_at_reachable_positions():
    """Random games of 2 to 4 players: at every position each seat's estimate is within [0, 1] and they sum
    to 1."""
    for players in (2, 3, 4):
        game = Piratz(load_config("piratz"))
        for g in range(3):
            rng, chance = random.Random(f"{players}/{g}"), Chance(f"wm/{players}/{g}")
            state = game.start(players, chance)
            while not game.is_over(state):
                shares = [game.estimate(state, s) for s in range(players)]
                assert all(0.0 <= s <= 1.0 for s in shares), shares
                assert abs(sum(shares) - 1.0) < 1e-9, shares
                step(game, state, rng.choice(game.legal_actions(state)), chance)


def test_the_discard_pile_counts_as_still_to_come_at_its_weight():
    """The discard pile comes back when the last round reshuffles it, so the model counts its items as still to
    come at the weight `discard` (fitted: docs/bots.md), beside those face up and in the draw pile; the game's
    estimate uses the config's weight. Checked at every position of random games of 2 to 4 players."""
    config = load_config("piratz")
    hard = config.content.bots.hard
    assert hard.discard > 0
    for players in (2, 3, 4):
        game = Piratz(config)
        without = WinModel(game, spread=hard.spread, samples=hard.samples, discard=0.0)
        weighted = WinModel(game, spread=hard.spread, samples=hard.samples, discard=hard.discard)
        rng, chance = random.Random(f"discard/{players}"), Chance(f"wm-discard/{players}")
        state = game.start(players, chance)
        discarded = 0
        while not game.is_over(state):
            items, rats, future = without.counts(state)
            items_w, rats_w, future_w = weighted.counts(state)
            assert (items_w, rats_w) == (items, rats)
            pile = [sum(game._items[cid].count(t) for cid in state.discard) for t in TYPES]
            assert future_w == [f + hard.discard * d for f, d in zip(future, pile)]
            discarded += bool(state.discard)
            assert [game.estimate(state, s) for s in range(players)] == weighted.shares(state)
            step(game, state, rng.choice(game.legal_actions(state)), chance)
        assert discarded, "no position with a discard pile: the check says nothing"
