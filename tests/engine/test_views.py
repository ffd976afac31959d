"""Each game's view types (games/<id>/view.py) describe what its `view`, `open_view`, `public_view`, `snapshot`
and light view (Piratz, Pirataki, Petrangola) really hold, at every decision of random games: the required keys are there,
nothing else is, and the view stays a plain dict (JSON, scenarios and snapshots read it as one)."""
import json
import random

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.chance import Chance
from piratetable.engine.registry import game_class
from piratetable.engine.runner import step
from piratetable.games.petrangola.view import PetrangolaLightView, PetrangolaSnapshot, PetrangolaView
from piratetable.games.pirataki.view import PiratakiLightView, PiratakiSnapshot, PiratakiView
from piratetable.games.piraten_kapern.view import PKSnapshot, PKView
from piratetable.games.piratz.view import PiratzLightView, PiratzSnapshot, PiratzView

TYPES = {"piraten_kapern": (PKView, PKSnapshot, None), "piratz": (PiratzView, PiratzSnapshot, PiratzLightView),
         "pirataki": (PiratakiView, PiratakiSnapshot, PiratakiLightView),
         "petrangola": (PetrangolaView, PetrangolaSnapshot, PetrangolaLightView)}


def fits(d, typed) -> str:
    """What is wrong with `d` as a `typed` TypedDict ("" nothing)."""
    if type(d) is not dict:
        return f"a {type(d).__name__}, not a plain dict"
    missing = typed.__required_keys__ - d.keys()
    extra = d.keys() - typed.__annotations__.keys()
    return f"missing {sorted(missing)}, extra {sorted(extra)}" if missing or extra else ""


@pytest.mark.parametrize("gid", sorted(TYPES))
@pytest.mark.parametrize("players", [3, 4])
def test_the_view_types_hold_the_keys_the_views_have(gid, players):
    view_type, snapshot_type, light_type = TYPES[gid]
    game = game_class(gid)(load_config(gid))
    chance = Chance(players)
    state = game.start(players, chance)
    rng = random.Random(players)
    for _ in range(400):
        seat = state.ctx.current
        views = [game.view(state, seat), game.open_view(state, seat), game.public_view(state, seat),
                 game.public_view(state)]
        for view in views:
            assert fits(view, view_type) == "", (gid, state.ctx.phase)
        assert fits(game.snapshot(state), snapshot_type) == "", (gid, state.ctx.phase)
        if light_type is not None:
            assert fits(game.light_view(state, seat), light_type) == "", (gid, state.ctx.phase)
        json.dumps(views[0])
        if state.ctx.phase == "over":
            break
        step(game, state, rng.choice(game.legal_actions(state)), chance)
