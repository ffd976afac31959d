"""The cards' count vectors as integer codes (counts.py): a sum of codes is the code of the sum of the vectors,
and the light view built with them (in the whole view's order when asked) holds what the whole view holds."""
import random

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.chance import Chance
from piratetable.games.piratz.counts import codes_of
from piratetable.games.piratz.rules import Piratz


def test_a_sum_of_codes_decodes_to_the_sum_of_the_vectors():
    game = Piratz(load_config("piratz"))
    vec = game._vectors()
    codes = codes_of(vec)
    assert codes_of(vec) is codes
    rng = random.Random(30)
    cards = sorted(vec)
    for size in (0, 1, 2, 5, 20, len(cards)):
        for _ in range(20):
            some = rng.sample(cards, size)
            want = tuple(sum(vec[c][k] for c in some) for k in range(7))
            assert codes.decode(sum(codes.code[c] for c in some)) == want
            for k in range(6):   # what taking type k of them adds
                shown = [c for c in some if vec[c][k + 1]]
                assert sum(codes.shows[c][k] for c in some) == sum(codes.code[c] for c in shown)


@pytest.mark.parametrize("players, options", [(2, {}), (3, {"open_collections": False}), (4, {})])
def test_the_ordered_light_view_holds_what_the_whole_view_holds(players, options):
    config = load_config("piratz")
    game = Piratz(config.with_options(options) if options else config)
    chance = Chance(f"counts/{players}", record=False)
    state = game.start(players, chance)
    rng = random.Random(players)
    steps = 0
    while not game.is_over(state):
        seat = game.current_player(state)
        view, light = game.view(state, seat), game.light_view(state, seat, ordered=True)
        for key in ("players", "phase", "last_shovel", "table", "table_rats", "draw_pile", "discard_cards", "cubes",
                    "collection_sizes", "items", "remembered", "rats"):
            assert light[key] == view[key], key
        assert {k: light["unseen"][k] for k in ("cards", "count", "items")} == \
            {k: view["unseen"][k] for k in ("cards", "count", "items")}
        assert all(light["card_items"][c] == items for c, items in view["card_items"].items())
        legal = game.legal_actions(state)
        game.apply(state, legal[rng.randrange(len(legal))], chance)
        steps += 1
    assert steps >= 40
