"""Piratz bots: legal, quick, deterministic, honest with closed collections, and normal beats easy."""
import random
import time

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.chance import Chance
from piratetable.engine.errors import PirateTableError
from piratetable.games.piratz.bots import EasyBot, NormalBot
from piratetable.games.piratz.hard import HardBot
from piratetable.games.piratz.rules import Piratz


def game(**options):
    cfg = load_config("piratz")
    return Piratz(cfg.with_options(options) if options else cfg)


def play(g, levels, seed, timings=None):
    chance = Chance(seed)
    state = g.start(len(levels), chance)
    bots = [g.make_bot(level, seat) for seat, level in enumerate(levels)]
    rngs = [random.Random(f"{seed}/{seat}") for seat in range(len(levels))]
    actions = []
    while not g.is_over(state):
        seat = g.current_player(state)
        legal = g.legal_actions(state)
        start = time.process_time()  # CPU time: a busy machine does not make the bot slower
        action = bots[seat].choose(g.view(state, seat), legal, rngs[seat])
        if timings is not None:
            timings.append(time.process_time() - start)
        assert action in legal
        g.apply(state, action, chance)
        actions.append(str(action))
        assert len(actions) < 3000
    return state, actions


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("open_collections", [True, False])
def test_both_levels_play_legal_moves_to_the_end(players, open_collections):
    g = game(open_collections=open_collections)
    levels = ["normal", "easy", "normal", "easy"][:players]
    state, _ = play(g, levels, seed=players)
    assert g.is_over(state) and g.winners(state)


def test_the_normal_bot_decides_well_under_the_budget():
    timings = []
    play(game(), ["normal"] * 4, seed=11, timings=timings)
    timings.sort()
    assert timings[len(timings) // 2] < 0.05 and timings[-1] < 0.3


def test_the_same_seed_gives_the_same_bot_game():
    g = game()
    assert play(g, ["normal", "easy", "normal"], 5)[1] == play(g, ["normal", "easy", "normal"], 5)[1]


def test_bots_with_closed_collections_never_see_other_seats_card_ids():
    g = game(open_collections=False)
    chance = Chance(2)
    state = g.start(3, chance)
    bot = g.make_bot("normal", 0)
    rng = random.Random(0)
    while not g.is_over(state):
        seat = g.current_player(state)
        view = g.view(state, seat)
        for other in range(3):
            if other != seat:
                assert view["collections"][other] is None and view["items"][other] is None
        chooser = bot if seat == 0 else g.make_bot("easy", seat)
        g.apply(state, chooser.choose(view, g.legal_actions(state), rng), chance)


def test_an_unknown_bot_level_is_refused():
    with pytest.raises(PirateTableError, match="legendary"):
        game().make_bot("legendary", 0)


def test_the_levels_are_built_from_the_games_table_with_the_configs_parameters():
    g = game()
    assert g.bot_levels == ("easy", "normal", "hard")
    easy, normal, hard = (g.make_bot(level, 1) for level in g.bot_levels)
    assert type(easy) is EasyBot and type(normal) is NormalBot and type(hard) is HardBot
    assert easy.seat == normal.seat == hard.seat == 1
    params = g.content.bots
    assert easy.p is params.easy and normal.p is params.normal and hard.p is params.hard
    assert type(hard.normal) is NormalBot and hard.normal.p is params.normal and hard.iterations == params.hard.worlds


def test_normal_beats_easy_heads_up_with_seats_rotated():
    g = game()
    share = 0.0
    games = 30
    for seed in range(games):
        levels = ["normal", "easy"] if seed % 2 == 0 else ["easy", "normal"]
        state, _ = play(g, levels, seed)
        winners = g.winners(state)
        normal_seat = levels.index("normal")
        if normal_seat in winners:
            share += 1 / len(winners)
    assert share / games > 0.55
