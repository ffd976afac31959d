"""The Piratz bots' moves are pinned (issue 30): whole seeded games of `normal` and `hard` bots (2 to 4 seats, both
rule options, `pinned_bot_games.py`), recorded before the normal bot's speed-up, are played again and must make
the same move at every decision."""
import json

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.chance import Chance
from piratetable.engine.streams import bot_rng
from piratetable.games.piratz.bots import NormalBot
from piratetable.games.piratz.rules import Piratz
from tests.helpers import assert_fixture_holds, assert_recorded_moves

from .pinned_bot_games import FIXTURE, GAMES, play

RECORDED = json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_fixture_holds_every_listed_game():
    assert_fixture_holds(RECORDED, GAMES)


@pytest.mark.parametrize("game", RECORDED, ids=lambda g: g["seed"])
def test_the_bots_make_the_recorded_moves(game):
    assert_recorded_moves(play(game["levels"], game["seed"], game["options"]), game["moves"])


@pytest.mark.parametrize("game", [g for g in RECORDED if "hard" not in g["levels"]], ids=lambda g: g["seed"])
def test_the_normal_bot_asked_as_the_lab_asks_it_makes_the_recorded_moves(game):
    """The lab's driver asks the normal bot on the light view (`NormalBot.choose_in`): the same moves."""
    assert_recorded_moves(play(game["levels"], game["seed"], game["options"], in_state=True), game["moves"])


@pytest.mark.parametrize("players, options", [(2, {}), (3, {"open_collections": False}), (4, {})])
def test_the_light_view_gives_the_normal_bot_the_same_values_as_the_whole_view(players, options):
    """At every decision of a seeded game: every action's value from `light_view(ordered=True)` is the float from
    the whole view, on the same random stream (the haul's draws are from the unseen cards in the same order)."""
    config = load_config("piratz")
    game = Piratz(config.with_options(options) if options else config)
    seed = f"light/{players}"
    chance = Chance(seed, record=False)
    state = game.start(players, chance)
    bots = [NormalBot(game, seat) for seat in range(players)]
    rngs = [bot_rng(seed, seat) for seat in range(players)]
    decisions = 0
    while not game.is_over(state):
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        if len(legal) > 1:
            before = rngs[seat].getstate()
            light = bots[seat].score(game.light_view(state, seat, ordered=True), legal, rngs[seat])
            rngs[seat].setstate(before)
            assert bots[seat].score(game.view(state, seat), legal, rngs[seat]) == light, decisions
            rngs[seat].setstate(before)
            decisions += 1
        game.apply(state, bots[seat].choose_in(state, legal, rngs[seat]), chance)
    assert decisions >= 40
