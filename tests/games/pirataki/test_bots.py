"""The Pirataki easy and normal bots: their choices on hand-built positions, their strength and their speed."""
import random
import time

import pytest

from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.errors import PirateTableError
from piratetable.games.pirataki.bots import EasyBot, HardBot, NormalBot
from piratetable.lab.play import play_one

from .helpers import GAME, make_game, state_with


def test_the_bot_levels_come_from_the_games_table():
    assert [type(GAME.make_bot(level, 1)) for level in ("easy", "normal", "hard")] == [EasyBot, NormalBot, HardBot]
    assert GAME.make_bot("normal", 1).seat == 1


def test_normal_gives_a_pirate_its_least_valuable_cards():
    state = state_with(GAME, colors=["red", None], ships=[["red-1", "red-2"], []],
                       reserves=[["gold-1", "blue-3", "gold-2", "yellow-1"], []], phase="pirate", drawn=["pirate-1"])
    bot = GAME.make_bot("normal", 0)
    action = bot.choose(GAME.view(state, 0), GAME.legal_actions(state), random.Random(0))
    assert action.verb == "lose" and not set(action.args) & {"red-1", "red-2"}


def test_normal_prefers_the_cannon_when_three_cards_are_worth_more():
    state = state_with(GAME, colors=["red", None], ships=[["red-1", "red-2", "red-3"], []],
                       reserves=[["cannon-2", "gold-1"], []], phase="pirate", drawn=["pirate-1"])
    action = GAME.make_bot("normal", 0).choose(GAME.view(state, 0), GAME.legal_actions(state), random.Random(0))
    assert action == Action.of("cannon")


def test_normal_stops_when_the_pirate_odds_threaten_its_ship_and_draws_when_it_has_nothing_to_lose():
    risky = state_with(GAME, colors=["red", None], ships=[["red-1", "red-2", "red-3"], []], phase="drawing",
                       drawn=["red-3"])
    risky.deck = [c for c in risky.deck if c.startswith(("pirate", "gold-1"))]  # 8 pirates, few gold
    bot = GAME.make_bot("normal", 0)
    assert bot.choose(GAME.view(risky, 0), GAME.legal_actions(risky), random.Random(0)) == Action.of("stop")
    safe = state_with(GAME, phase="drawing", drawn=["gold-1"], reserves=[[], []])
    assert bot.choose(GAME.view(safe, 0), GAME.legal_actions(safe), random.Random(0)) == Action.of("draw")


def test_normal_buys_a_ship_card_at_the_default_price_but_not_when_gold_is_dear():
    kwargs = dict(colors=["red", None], ships=[["red-1"], []], reserves=[["gold-1", "gold-2", "gold-3",
                  "gold-4", "gold-5"], ["red-4"]])
    state = state_with(GAME, **kwargs)
    assert GAME.make_bot("normal", 0).choose(GAME.view(state, 0), GAME.legal_actions(state),
                                             random.Random(0)) == Action.of("buy", "red-4")
    dear = make_game(ship_price=5)
    state = state_with(dear, **kwargs)
    assert dear.make_bot("normal", 0).choose(dear.view(state, 0), dear.legal_actions(state),
                                             random.Random(0)) == Action.of("draw")


def test_normal_always_buys_the_card_that_completes_its_ship():
    dear = make_game(ship_price=5)
    state = state_with(dear, colors=["red", None], ships=[["red-1", "red-2", "red-3", "red-5", "red-6"], []],
                       reserves=[["gold-1", "gold-2", "gold-3", "gold-4", "gold-5"], ["red-4"]])
    assert dear.make_bot("normal", 0).choose(dear.view(state, 0), dear.legal_actions(state),
                                             random.Random(0)) == Action.of("buy", "red-4")


def test_easy_stops_after_its_configured_number_of_draws():
    bot = GAME.make_bot("easy", 0)
    one = state_with(GAME, phase="drawing", drawn=["gold-1"], reserves=[["gold-1"], []])
    two = state_with(GAME, phase="drawing", drawn=["gold-1", "gold-2"], reserves=[["gold-1", "gold-2"], []])
    assert bot.choose(GAME.view(one, 0), GAME.legal_actions(one), random.Random(0)) == Action.of("draw")
    assert bot.choose(GAME.view(two, 0), GAME.legal_actions(two), random.Random(0)) == Action.of("stop")


def test_an_unknown_bot_level_is_refused():
    with pytest.raises(PirateTableError, match="unknown bot level"):
        GAME.make_bot("expert", 0)


@pytest.mark.parametrize("levels", [["normal", "easy"], ["easy", "normal", "random", "normal"]])
def test_bots_only_choose_legal_actions_and_finish_games(levels):
    for g in range(10):
        result = play_one(GAME, levels, f"t/{g}", 3000)
        assert result["winners"] is not None


def test_normal_decides_well_within_its_time_budget():
    chance, rng = Chance(5), random.Random(5)
    state = GAME.start(4, chance)
    bots = [GAME.make_bot("normal", s) for s in range(4)]
    worst = 0.0
    for _ in range(300):
        if GAME.is_over(state):
            break
        seat = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        start = time.perf_counter()
        action = bots[seat].choose(GAME.view(state, seat), legal, rng)
        worst = max(worst, time.perf_counter() - start)
        GAME.apply(state, action, chance)
    assert worst < 0.3


def test_normal_beats_easy_and_easy_beats_random_over_rotated_seats():
    def share(levels, games=60):
        wins = 0.0
        for g in range(games):
            seats = levels if g % 2 == 0 else levels[::-1]
            result = play_one(GAME, seats, f"strength/{g}", 3000)
            winner_seat = result["winners"][0]
            wins += seats[winner_seat] == levels[0]
        return wins / games
    assert share(["normal", "easy"]) > 0.7
    assert share(["easy", "random"]) > 0.6
