"""Piraten Kapern rules through the Game API (the scenario files cover every paragraph; these pin the API)."""
import pytest

from piratetable.config.loader import load_config
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.errors import ActionSyntaxError, IllegalAction, ScenarioError
from piratetable.engine.registry import game_class


def start(players=2, deck=None, dice=None, options=None, scores=None, config=None):
    cfg = load_config("piraten_kapern", config)
    if options:
        cfg = cfg.with_options(options)
    game = game_class("piraten_kapern")(cfg)
    rig = {}
    if deck:
        rig["deck"] = list(deck)
    if dice:
        rig["dice"] = list(dice)
    chance = Chance(0, rig)
    state = game.start(players, chance, {"scores": scores} if scores else None)
    return game, state, chance


def play(game, state, chance, *actions):
    for a in actions:
        game.apply(state, a, chance)
    return game.snapshot(state)


def test_worked_example_1_pirate_doubles_four_treasures_to_800():
    game, state, chance = start(deck=["pirate"], dice="monkey monkey parrot parrot diamond diamond coin coin".split())
    snap = play(game, state, chance, "roll")
    assert snap["trip_points"] == 800
    assert play(game, state, chance, "stop")["scores"] == [800, 0]


def test_worked_example_2_gold_coin_card_with_two_sets_of_three_scores_300():
    game, state, chance = start(deck=["gold"], dice="monkey monkey monkey saber saber saber skull skull".split())
    assert play(game, state, chance, "roll", "stop")["scores"] == [300, 0]


def test_worked_example_3_skull_2_goes_to_skull_island_and_the_others_lose_500():
    dice = "skull skull monkey monkey parrot parrot coin coin".split() + "skull monkey parrot coin coin".split() \
        + "monkey parrot coin coin".split()
    game, state, chance = start(players=3, deck=["skull_2"], dice=dice)
    snap = play(game, state, chance, "roll")
    assert snap["phase"] == "skull_island" and snap["skulls"] == 4
    snap = play(game, state, chance, "roll")
    assert snap["phase"] == "skull_island" and snap["skulls"] == 5
    snap = play(game, state, chance, "roll")
    assert snap["scores"] == [0, -500, -500] and snap["current_player"] == 1


def test_worked_example_4_ship_3_with_four_sabers_scores_800():
    game, state, chance = start(deck=["ship_3"], dice="monkey monkey monkey saber saber saber saber skull".split())
    assert play(game, state, chance, "roll", "stop")["scores"] == [800, 0]


def test_the_snapshot_has_exactly_the_spec_keys():
    game, state, chance = start()
    assert set(game.snapshot(state)) == {"scores", "current_player", "phase", "over", "winners", "card", "deck",
                                         "dice", "island", "skulls", "trip_points", "rolls", "final_round"}
    assert game.snapshot(state)["deck"] == 40 and game.snapshot(state)["dice"] is None


def test_positions_are_printed_in_ascending_order_and_a_repeat_is_a_syntax_error():
    game, _, _ = start()
    assert game.parse_action("reroll 7 2 5") == Action("reroll", ("2", "5", "7"))
    assert str(game.parse_action("island 4 1")) == "island 1 4"
    assert game.parse_action("island") == Action("island")
    for bad in ("reroll 2 2", "reroll 9", "reroll", "guardian 1 2", "stop 1", "jump", "reroll  2"):
        with pytest.raises(ActionSyntaxError):
            game.parse_action(bad)


def test_a_skull_die_is_never_re_rolled_and_the_reason_says_so():
    game, state, chance = start(deck=["pirate"], dice="skull monkey monkey parrot saber coin coin diamond".split())
    play(game, state, chance, "roll")
    with pytest.raises(IllegalAction, match="position 1 shows a skull"):
        game.apply(state, "reroll 1 2", chance)
    with pytest.raises(IllegalAction, match="at least 2 dice"):
        game.apply(state, "reroll 2", chance)


def test_stopping_before_the_first_roll_is_refused():
    game, state, chance = start()
    with pytest.raises(IllegalAction, match="before the first roll"):
        game.apply(state, "stop", chance)


def test_a_setup_with_the_wrong_number_of_scores_is_a_scenario_error():
    game = game_class("piraten_kapern")(load_config("piraten_kapern"))
    with pytest.raises(ScenarioError):
        game.start(3, Chance(0), {"scores": [1, 2]})


def test_the_view_holds_the_deck_composition_card_texts_and_tray_details():
    game, state, chance = start(deck=["guardian"], dice="skull monkey monkey parrot saber coin coin diamond".split())
    play(game, state, chance, "roll")
    view = game.view(state, 1)
    assert view["seat"] == 1 and view["players"] == 2
    assert view["deck_cards"]["guardian"] == 3 and sum(view["deck_cards"].values()) == 40
    assert view["card_name"] == "Guardian" and view["card_text"]
    assert view["skull_positions"] == [1] and view["guardian_used"] is False and view["trigger"] is None


def test_random_play_is_fast_and_every_listed_action_applies():
    import random
    game, state, chance = start(players=3)
    rng = random.Random(1)
    for _ in range(3000):
        if game.is_over(state):
            break
        legal = game.legal_actions(state)
        assert len(set(legal)) == len(legal)
        game.apply(state, legal[rng.randrange(len(legal))], chance)
