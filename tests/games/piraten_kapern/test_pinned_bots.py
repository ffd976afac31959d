"""The Piraten Kapern `normal` bot's moves did not change with its speed-up (issue 30): whole seeded games
(2 to 5 seats, both shipped configs), recorded before it (`pinned_bot_games.py`), are played again and
must make the same move at every decision; the one-roll values from the outcome tables are the floats of the
earlier outcome-by-outcome sum."""
import json
import random

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.registry import game_class
from piratetable.games.piraten_kapern.bots import NormalBot, _sub_multisets
from piratetable.games.piraten_kapern.solver import Utility, multisets, roll_outcomes
from tests.helpers import assert_fixture_holds, assert_recorded_moves

from .pinned_bot_games import FIXTURE, GAMES, play

RECORDED = json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_fixture_holds_every_listed_game():
    assert_fixture_holds(RECORDED, GAMES, "config")


@pytest.mark.parametrize("game", RECORDED, ids=lambda g: g["seed"])
def test_the_bots_make_the_recorded_moves(game):
    moves = play(game["levels"], game["seed"], game["config"])
    assert_recorded_moves(moves, game["moves"])


def _one_roll_before(bot, card, scorer, utility, keep, r, d):
    """The normal bot's one-roll value as it was computed before its outcome tables (issue 30)."""
    skull = scorer.skull
    total = 0.0
    for j, rolled, p in roll_outcomes(r, bot.k):
        after = tuple(a + b for a, b in zip(keep, rolled))
        nd = d + j
        full = after[:skull] + (nd,) + after[skull:]
        if j == 0 and scorer.magic(full):
            value = utility.magic
        elif not card.shipwreck and nd + card.skulls >= 3:
            island = keep[:skull] + (0,) + keep[skull:] if card.treasure_island else None
            value = utility.points(scorer.bust_points(full, island))
        else:
            value = utility.points(scorer.stop_points(full))
        total += p * value
    return total


def _outcomes_before(bot, card, scorer, keep, r, d):
    """The normal bot's outcome table as it was built outcome by outcome before the throws' codes (issue 30)."""
    skull = scorer.skull
    probabilities, points = [], []
    for j, rolled, p in roll_outcomes(r, bot.k):
        after = tuple(a + b for a, b in zip(keep, rolled))
        nd = d + j
        full = after[:skull] + (nd,) + after[skull:]
        if j == 0 and scorer.magic(full):
            x = None
        elif not card.shipwreck and nd + card.skulls >= 3:
            x = scorer.bust_points(full, keep[:skull] + (0,) + keep[skull:] if card.treasure_island else None)
        else:
            x = scorer.stop_points(full)
        probabilities.append(p)
        points.append(x)
    return tuple(probabilities), tuple(points)


@pytest.mark.parametrize("config", ["default", "classic"])
def test_the_outcome_tables_are_the_outcome_by_outcome_points(config):
    """Every card, every kept multiset and skull count a decision can see (and Pirate magic among them)."""
    game = game_class("piraten_kapern")(load_config("piraten_kapern", config))
    bot = NormalBot(game, 0)
    checked = magic = 0
    for card in game.cards.values():
        scorer = game.scorers[card.id]
        for d in range(3):
            for keep in (k for m in range(7 - d) for k in multisets(m, bot.k)):   # at least 2 dice rolled
                r = 8 - d - sum(keep)
                probabilities, points, magic_at = bot._outcomes(card, scorer, keep, r, d)
                got = (probabilities, tuple(None if i in magic_at else x for i, x in enumerate(points)))
                assert got == _outcomes_before(bot, card, scorer, keep, r, d), (card.id, keep, r, d)
                checked += 1
                magic += len(magic_at)
    assert checked > 5_000 and magic > 0


@pytest.mark.parametrize("config", ["default", "classic"])
def test_the_one_roll_tables_give_the_same_floats(config):
    game = game_class("piraten_kapern")(load_config("piraten_kapern", config))
    bot = NormalBot(game, 0)
    rng = random.Random(30)
    utilities = [Utility("ev", island_weight=1.0, magic=8000.0), Utility("ev", island_weight=0.5, magic=6000.0),
                 Utility("race", gap=300), Utility("race", gap=1000, tie=False), Utility("race", gap=-200)]
    checked = 0
    for card in game.cards.values():
        scorer = game.scorers[card.id]
        for d in range(3):
            counts = tuple(rng.randint(0, 2) for _ in range(bot.k))
            for keep in _sub_multisets(counts):
                r = 8 - d - sum(keep)
                if r < 2:
                    continue
                for utility in rng.sample(utilities, 2):
                    assert bot._after_one_roll(card, scorer, utility, keep, r, d) == \
                        _one_roll_before(bot, card, scorer, utility, keep, r, d), (card.id, keep, r, d, utility)
                    checked += 1
    assert checked > 300
