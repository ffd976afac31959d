"""The Piratz bots' moves are pinned (issue 30): whole seeded games of `normal` and `hard` bots (2 to 4 seats, both
rule options, `pinned_bot_games.py`), recorded before the normal bot's speed-up, are played again and must make
the same move at every decision."""
import json

import pytest

from .pinned_bot_games import FIXTURE, GAMES, play

RECORDED = json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_fixture_holds_every_listed_game():
    assert [[g["levels"], g["seed"], g["options"]] for g in RECORDED] == [list(x) for x in GAMES]
    assert all(len(g["moves"]) >= 20 for g in RECORDED)


@pytest.mark.parametrize("game", RECORDED, ids=lambda g: g["seed"])
def test_the_bots_make_the_recorded_moves(game):
    moves = play(game["levels"], game["seed"], game["options"])
    first = next((i for i, (a, b) in enumerate(zip(moves, game["moves"])) if a != b), None)
    assert first is None and len(moves) == len(game["moves"]), (
        f"first different move: {first} (now {moves[first:first + 3] if first is not None else moves[-3:]}, "
        f"recorded {game['moves'][first:first + 3] if first is not None else game['moves'][-3:]})")
