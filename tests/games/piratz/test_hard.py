"""Piratz hard bot: the search hooks (determinize from the view only, evaluate, rollout_done), and the bot itself
(legal, deterministic, honest with closed collections)."""
import random
from collections import Counter

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.chance import Chance
from piratetable.games.piratz.rules import Piratz


def game(**options):
    cfg = load_config("piratz")
    return Piratz(cfg.with_options(options) if options else cfg)


def advance(g, state, chance, moves, seed=0):
    """Play `moves` decisions with normal bots (a realistic mid-game position)."""
    rng = random.Random(seed)
    bots = [g.make_bot("normal", s) for s in range(state.ctx.players)]
    for _ in range(moves):
        if g.is_over(state):
            break
        seat = g.current_player(state)
        g.apply(state, bots[seat].choose(g.view(state, seat), g.legal_actions(state), rng), chance)
    return state


def test_hard_is_offered_as_a_bot_level():
    assert game().bot_levels == ("easy", "normal", "hard")


def test_determinize_with_open_collections_rebuilds_the_public_state_and_the_draw_pile_composition():
    g = game()
    chance = Chance(4)
    state = advance(g, g.start(3, chance), chance, 25)
    world = g.determinize(g.view(state, 1), random.Random(1))
    for key in ("table", "buried", "shovels", "collections", "items", "rats", "draw_pile", "discard", "cubes",
                "round", "phase", "current_player", "scores"):
        assert g.snapshot(world)[key] == g.snapshot(state)[key], key
    assert Counter(world.draw) == Counter(state.draw)
    assert g.legal_actions(world) == g.legal_actions(state)


def test_determinize_with_closed_collections_deals_the_remembered_collections_and_samples_the_rest():
    g = game(open_collections=False)
    chance = Chance(6)
    state = advance(g, g.start(3, chance), chance, 40)
    assert any(state.collections[1:]), "the position should have collections to hide"
    view = g.view(state, 0)
    # a view that remembers only the first card of seat 1's collection (the others in full)
    partial = dict(view, remembered=[None, view["remembered"][1][:1], view["remembered"][2]],
                   unseen=dict(view["unseen"], cards=view["unseen"]["cards"] + state.collections[1][1:]))
    worlds = [g.determinize(partial, random.Random(k)) for k in range(20)]
    unseen = Counter(partial["unseen"]["cards"])
    for world in worlds:
        assert world.collections[0] == state.collections[0]  # the seat's own collection is known
        assert world.collections[2] == state.collections[2]  # remembered
        assert world.collections[1][:1] == state.collections[1][:1]
        assert len(world.collections[1]) == len(state.collections[1])
        assert Counter(world.draw) + Counter(world.collections[1][1:]) == unseen   # the rest from the unseen
    assert len({tuple(w.collections[1]) for w in worlds}) > 1  # sampled, not copied from the true state


def test_determinize_never_reads_the_true_state():
    g = game(open_collections=False)
    chance = Chance(8)
    state = advance(g, g.start(2, chance), chance, 30)
    view = g.view(state, 0)
    world = g.determinize(view, random.Random(3))
    # the same view, whatever the hidden truth: the result depends only on the view and the stream
    assert g.snapshot(g.determinize(view, random.Random(3))) == g.snapshot(world)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_gives_win_shares_that_sum_to_one(players):
    g = game()
    chance = Chance(players)
    state = advance(g, g.start(players, chance), chance, 30)
    values = [g.evaluate(state, s) for s in range(players)]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert sum(values) == pytest.approx(1.0, abs=1e-9)


def test_evaluate_at_the_end_is_the_win_share():
    g = game()
    chance = Chance(2)
    state = advance(g, g.start(2, chance), chance, 5000)
    assert g.is_over(state)
    winners = g.winners(state)
    for seat in range(2):
        assert g.evaluate(state, seat) == (1 / len(winners) if seat in winners else 0.0)


def test_evaluate_favours_the_seat_ahead_on_items():
    g = game()
    chance = Chance(1)
    state = g.start(2, chance)
    state.collections[0] = ["ring-3", "coin-3", "pearl-3"]
    state.collections[1] = ["ring-1"]
    assert g.evaluate(state, 0) > 0.6 > 0.4 > g.evaluate(state, 1)


def test_a_rollout_stops_when_the_round_of_the_determinized_state_ends():
    g = game()
    chance = Chance(5)
    state = g.start(2, chance)
    world = g.determinize(g.view(state, 0), random.Random(0))
    start = world.ctx.copy()
    assert not g.rollout_done(world, 0, start)
    first = world.round
    bots = [g.make_bot("normal", s) for s in range(2)]
    rng = random.Random(1)
    while not g.rollout_done(world, 0, start):
        assert world.round == first
        seat = g.current_player(world)
        g.apply(world, bots[seat].choose(g.view(world, seat), g.legal_actions(world), rng), chance)
    assert world.round == first + 1 or g.is_over(world)


def test_a_determinized_state_counts_the_rounds_ended_like_the_true_state():
    g = game()
    chance = Chance(3)
    state = advance(g, g.start(3, chance), chance, 60)
    assert state.ctx.stages > 0, "the position should be past the first round"
    world = g.determinize(g.view(state, g.current_player(state)), random.Random(0))
    ctx = state.ctx
    assert (world.ctx.players, world.ctx.current, world.ctx.phase, world.ctx.stages) == \
        (ctx.players, ctx.current, ctx.phase, ctx.stages)
    assert world.round == state.round


def test_the_hard_bot_is_legal_and_deterministic_on_the_same_stream():
    g = game()
    chance = Chance(9)
    state = advance(g, g.start(2, chance), chance, 3)
    bot = g.make_bot("hard", g.current_player(state))
    view, legal = g.view(state, g.current_player(state)), g.legal_actions(state)
    first = bot.choose(view, legal, random.Random(42))
    assert first in legal
    assert bot.choose(view, legal, random.Random(42)) == first


def test_the_hard_bot_plays_with_closed_collections_from_its_view_only():
    g = game(open_collections=False)
    chance = Chance(10)
    state = advance(g, g.start(3, chance), chance, 30)
    seat = g.current_player(state)
    bot = g.make_bot("hard", seat)
    view = g.view(state, seat)
    assert all(view["collections"][s] is None for s in range(3) if s != seat)
    assert bot.choose(view, g.legal_actions(state), random.Random(0)) in g.legal_actions(state)


def test_the_hard_bot_searches_only_close_calls_and_keeps_the_normal_choice_otherwise():
    g = game()
    chance = Chance(12)
    state = g.start(2, chance)
    g.apply(state, "reveal", chance)
    seat = g.current_player(state)
    bot = g.make_bot("hard", seat)
    view = g.view(state, seat)
    cands = bot.candidates(view, g.legal_actions(state), random.Random(0))
    found = bot.search(view, cands, random.Random(0))
    index, means, worlds = found.best, found.means, found.worlds
    assert 0 <= index < len(cands) and worlds <= bot.iterations
    assert means[0] == 0.0  # differences are measured against the normal bot's first choice
    assert found.counts[0] == worlds and all(1 <= n <= worlds for n in found.counts[1:])
    assert found.errors[0] == 0.0 and all(se >= 0 for se in found.errors)
