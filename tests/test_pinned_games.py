"""Same games for the same seeds: a few random-play games per game pinned (winners, scores, length), and the
fast path of a simulation (moves by verb, no events, no checks) plays exactly the games of the checked path."""
import pytest

from piratetable.bots.base import RandomBot
from piratetable.config.loader import load_config
from piratetable.engine.chance import Chance
from piratetable.engine.registry import game_class
from piratetable.engine.streams import bot_rng
from piratetable.lab.play import play_one

PINNED = [
    ("piraten_kapern", 2, "pin/1", [0], [8200, 3600], 125),
    ("piraten_kapern", 5, "pin/2", [4], [1100, -1900, 4800, 6200, 8700], 378),
    ("piratz", 2, "pin/1", [0], [8, 7], 104),
    ("piratz", 4, "pin/2", [1], [2, 12, 5, 6], 150),
    ("pirataki", 2, "pin/2", [1], [2, 6], 364),
    ("pirataki", 4, "pin/1", [2], [1, 2, 6, 2], 268),
    ("petrangola", 3, "pin/1", [2], [0, 0, 1], 34),
    ("petrangola", 12, "pin/2", [1], [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 226),
]


def game_of(gid):
    return game_class(gid)(load_config(gid))


@pytest.mark.parametrize("gid, players, seed, winners, scores, length", PINNED)
def test_a_pinned_random_game_is_played_the_same_way(gid, players, seed, winners, scores, length):
    result = play_one(game_of(gid), ["random"] * players, seed)
    assert (result["winners"], result["scores"], result["length"]) == (winners, scores, length)


@pytest.mark.parametrize("gid, players, seed", [(g, n, s) for g, n, s, *_ in PINNED])
def test_the_fast_path_plays_the_games_of_the_checked_path(gid, players, seed):
    game = game_of(gid)
    chance = Chance(seed)
    state = game.start(players, chance)
    bots = [RandomBot(game, s) for s in range(players)]
    rngs = [bot_rng(seed, s) for s in range(players)]
    length = 0
    while not game.is_over(state):
        seat = game.current_player(state)
        game.apply(state, bots[seat].choose(game.view(state, seat), game.legal_actions(state), rngs[seat]), chance)
        length += 1
    fast = play_one(game, ["random"] * players, seed)
    assert (fast["winners"], fast["scores"], fast["length"]) == (game.winners(state), game.scores(state), length)
