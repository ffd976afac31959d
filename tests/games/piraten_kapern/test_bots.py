"""Piraten Kapern bots: the exact solver matches the reference optimum; each level plays sensibly and quickly."""
import random
import time

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.registry import game_class
from piratetable.games.piraten_kapern.solver import TripSolver, Utility

# the exact optimum per card ("reference" column of docs/bots.md)
REFERENCE = {"treasure_island": 679.8, "pirate": 1157.6, "guardian": 880.0, "gold": 778.4, "animals": 735.1,
             "skull_1": 363.5, "skull_2": 139.2, "ship_2": 455.7, "ship_3": 249.1, "ship_4": -155.6,
             "peace": 1023.8, "zombie": 435.9, "shipwreck": 797.9}


@pytest.fixture(scope="module")
def cfg():
    return load_config("piraten_kapern")


def card(cfg, card_id):
    return next(c for c in cfg.content.cards if c.id == card_id)


@pytest.fixture(scope="module")
def exact(cfg):
    """The solver's value of a whole trip, per card (default options)."""
    return {c.id: TripSolver(cfg.content, c, False, Utility("ev")).first_roll_value() for c in cfg.content.cards}


@pytest.mark.parametrize("card_id", sorted(REFERENCE))
def test_the_exact_solver_reproduces_the_reference_optimum_of_each_card(exact, card_id):
    assert exact[card_id] == pytest.approx(REFERENCE[card_id], abs=0.06)


def test_the_solver_reproduces_the_guardian_optimum_with_the_save_option(cfg):
    value = TripSolver(cfg.content, card(cfg, "guardian"), True, Utility("ev")).first_roll_value()
    assert value == pytest.approx(908.1, abs=0.06)


def test_the_deck_average_of_the_exact_values_is_659(cfg, exact):
    total = sum(exact[c.id] * c.count for c in cfg.content.cards)
    assert total / len(cfg.content.deck()) == pytest.approx(659.0, abs=0.05)


def start(players=2, deck=None, dice=None, scores=None, options=None):
    config = load_config("piraten_kapern")
    if options:
        config = config.with_options(options)
    game = game_class("piraten_kapern")(config)
    rig = {k: v for k, v in (("deck", deck), ("dice", dice)) if v}
    chance = Chance(0, rig)
    state = game.start(players, chance, {"scores": scores} if scores else None)
    return game, state, chance


def choose(game, state, level, seat=None):
    seat = game.current_player(state) if seat is None else seat
    bot = game.make_bot(level, seat)
    return bot.choose(game.view(state, seat), game.legal_actions(state), random.Random(0))


def test_every_level_stops_with_two_skulls_and_a_good_trip(cfg):
    game, state, chance = start(deck=["animals"], dice="skull skull coin coin coin monkey monkey monkey".split())
    game.apply(state, "roll", chance)
    for level in game.bot_levels:
        assert choose(game, state, level) == Action("stop"), level


def test_the_hard_bot_chases_the_points_it_needs_in_the_final_round():
    # seat 0 busts with 8000: the final round starts; seat 1 (7000) must score more than 1000 on its last trip
    game, state, chance = start(deck=["guardian", "animals"], scores=[8000, 7000],
                                dice="skull skull skull coin coin coin coin coin".split()
                                + "skull skull coin coin coin monkey monkey monkey".split())
    game.apply(state, "roll", chance)
    game.apply(state, "roll", chance)
    assert game.snapshot(state)["final_round"] and game.current_player(state) == 1
    assert game.snapshot(state)["trip_points"] == 500
    assert choose(game, state, "hard").verb == "reroll"
    assert choose(game, state, "normal").verb == "reroll"


def test_the_hard_bot_puts_the_kept_dice_on_treasure_island_before_re_rolling():
    game, state, chance = start(deck=["treasure_island"], dice="coin coin coin monkey parrot saber skull diamond".split())
    game.apply(state, "roll", chance)
    action = choose(game, state, "hard")
    assert action.verb == "island"
    game.apply(state, action, chance)
    action = choose(game, state, "hard")
    assert action.verb == "reroll"
    assert not set(action.args) & {str(p) for p in state.island}


def test_the_hard_bot_re_rolls_sabers_away_with_peace_and_fights_a_short_sea_battle():
    game, state, chance = start(deck=["peace"], dice="saber saber coin coin coin monkey monkey monkey".split())
    game.apply(state, "roll", chance)
    action = choose(game, state, "hard")
    assert action.verb == "reroll" and {"1", "2"} <= set(action.args)
    game, state, chance = start(deck=["ship_3"], dice="saber saber coin coin coin monkey skull skull".split())
    game.apply(state, "roll", chance)
    for level in ("normal", "hard"):
        assert choose(game, state, level).verb == "reroll", level


def test_the_hard_bot_uses_the_guardian_on_a_third_skull_with_the_save_option():
    game, state, chance = start(deck=["guardian"], options={"guardian_saves_third_skull": True},
                                dice="skull skull skull coin coin coin coin coin".split())
    game.apply(state, "roll", chance)
    assert game.snapshot(state)["phase"] == "guardian_save"
    assert choose(game, state, "hard").verb == "guardian"


def test_a_hard_decision_takes_under_a_second_even_when_it_builds_its_table():
    game, state, chance = start(deck=["guardian"], dice="skull coin coin monkey parrot saber diamond parrot".split())
    game.apply(state, "roll", chance)
    started = time.perf_counter()
    choose(game, state, "hard")
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_plays_a_three_player_game_to_the_end_with_legal_moves(level):
    game, state, chance = start(players=3)
    bots = [game.make_bot(level, s) for s in range(3)]
    rng = random.Random(5)
    for _ in range(5000):
        if game.is_over(state):
            break
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        action = bots[seat].choose(game.view(state, seat), legal, rng)
        assert action in legal
        game.apply(state, action, chance)
    assert game.is_over(state)
