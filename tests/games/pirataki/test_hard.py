"""The Pirataki `hard` bot: the search hooks (determinize, evaluate, rollout_done), its choices."""
import random

import pytest

from piratetable.config.loader import load_config, load_config_text
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.context import Context
from piratetable.engine.errors import ConfigError
from piratetable.engine.registry import game_class
from piratetable.engine.runner import play_out
from piratetable.games.pirataki import value
from piratetable.games.pirataki.bots import PiratakiSearch
from piratetable.games.pirataki.rules import PiratakiState

GAME = game_class("pirataki")(load_config("pirataki"))


def played(players=2, moves=40, seed=1):
    """A state after `moves` actions of normal bots."""
    chance = Chance(seed)
    state = GAME.start(players, chance)
    bots = [GAME.make_bot("normal", s) for s in range(players)]
    for _ in range(moves):
        if GAME.is_over(state):
            break
        seat = state.ctx.current
        GAME.apply(state, bots[seat].choose(GAME.view(state, seat), GAME.legal_actions(state), None), chance)
    return state


def test_hard_is_a_bot_level():
    assert GAME.bot_levels == ("easy", "normal", "hard")
    assert GAME.make_bot("hard", 1).level == "hard"


@pytest.mark.parametrize("seed", range(6))
def test_determinize_rebuilds_the_state_from_a_view(seed):
    state = played(players=2 + seed % 3, moves=10 + 9 * seed, seed=seed)
    seat = (seed + 1) % state.ctx.players
    rebuilt = GAME.determinize(GAME.view(state, seat), random.Random(seed))
    assert GAME.snapshot(rebuilt) == GAME.snapshot(state)
    assert sorted(rebuilt.deck) == sorted(state.deck) and sorted(rebuilt.discard) == sorted(state.discard)
    assert GAME.legal_actions(rebuilt) == GAME.legal_actions(state)
    assert (rebuilt.ctx.players, rebuilt.ctx.current, rebuilt.ctx.phase) == \
        (state.ctx.players, state.ctx.current, state.ctx.phase)
    assert rebuilt.passes == state.passes


def test_a_determinized_state_plays_on_like_the_real_one():
    state = played(moves=25, seed=4)
    rebuilt = GAME.determinize(GAME.view(state, 0), random.Random(0))
    a, b = Chance(9), Chance(9)
    for _ in range(30):
        if GAME.is_over(state):
            break
        action = GAME.legal_actions(state)[0]
        GAME.apply(state, action, a)
        GAME.apply(rebuilt, action, b)
        assert GAME.snapshot(rebuilt) == GAME.snapshot(state)


def test_evaluate_gives_each_seat_a_share_that_sums_to_one():
    for players in (2, 3, 4):
        state = played(players=players, moves=30, seed=players)
        shares = [GAME.evaluate(state, s) for s in range(players)]
        assert all(0.0 <= x <= 1.0 for x in shares)
        assert sum(shares) == pytest.approx(1.0)


def test_evaluate_is_the_result_once_the_game_is_over():
    state = PiratakiState(Context(2, None, "over", [0]), ["red", None], [["red-1"], []], [[], []], [], [], [])
    assert GAME.evaluate(state, 0) == 1.0 and GAME.evaluate(state, 1) == 0.0


def test_estimate_is_the_position_models_share_before_the_end():
    state = played(players=3, moves=30, seed=3)
    assert not GAME.is_over(state)
    shares = value.win_shares(value.strengths(value.load_model(), value.seat_inputs(GAME, state)))
    assert [GAME.evaluate(state, s) for s in range(3)] == [GAME.estimate(state, s) for s in range(3)] == shares


def test_a_seat_closer_to_its_ship_is_worth_more():
    base = dict(colors=["red", "blue"], reserves=[[], []], discard=[], drawn=[])
    rest = [c for c in GAME.all_cards if not c.startswith(("red-", "blue-"))]
    ahead = PiratakiState(Context(2, 0, "turn"), ships=[["red-1", "red-2", "red-3", "red-4"], ["blue-1"]],
                          deck=rest, **base)
    behind = PiratakiState(Context(2, 0, "turn"), ships=[["red-1"], ["blue-1", "blue-2", "blue-3", "blue-4"]],
                           deck=rest, **base)
    assert GAME.evaluate(ahead, 0) > 0.5 > GAME.evaluate(behind, 0)


def test_the_value_model_file_matches_the_inputs():
    model = value.load_model()
    assert len(model["W1"]) == len(value.INPUTS) and len(model["w2"]) == len(model["b1"])
    rows = value.seat_inputs(GAME, played(moves=20))
    assert all(len(r) == len(value.INPUTS) for r in rows)


def test_a_rollout_stops_at_a_turn_start_after_the_configured_turns_counted_from_its_start():
    state = played(moves=12, seed=2)
    assert state.ctx.turns > 0   # turns already ended before the rollout began do not count
    start = state.ctx.copy()
    horizon = GAME.content.hard.horizon
    assert not GAME.rollout_done(state, 0, start)
    chance = Chance(3)
    while not GAME.rollout_done(state, 0, start) and not GAME.is_over(state):
        GAME.apply(state, GAME.legal_actions(state)[-1 if state.ctx.phase == "drawing" else 0], chance)
    assert GAME.is_over(state) or (state.ctx.turns - start.turns == horizon and state.ctx.phase == "turn")


def test_the_searchs_rollout_plays_the_normal_bot_until_the_horizon():
    view = GAME.view(played(moves=12, seed=2), 0)
    search = PiratakiSearch(GAME, 0, iterations=1)
    a = GAME.determinize(view, random.Random(0))
    start = a.ctx.copy()
    value_a = search.rollout(a, Chance(4), random.Random(0), start)
    assert GAME.is_over(a) or (a.ctx.turns - start.turns == GAME.content.hard.horizon and a.ctx.phase == "turn")
    assert value_a == GAME.evaluate(a, 0)
    # the same rollout as the normal bots playing through the runner on the full view
    b = GAME.determinize(view, random.Random(0))
    bots = [GAME.make_bot("normal", s) for s in range(2)]
    play_out(GAME, b, Chance(4), lambda s, seat: bots[seat].choose(GAME.view(s, seat), GAME.legal_actions(s),
                                                                   random.Random(0)),
             stop=lambda s: GAME.rollout_done(s, 0, start))
    assert GAME.snapshot(b) == GAME.snapshot(a)


def test_hard_takes_the_buy_that_completes_its_ship():
    rest = [c for c in GAME.all_cards if c not in ("red-1", "red-2", "red-3", "red-5", "red-6", "red-4", "gold-1",
                                                   "gold-2", "gold-3")]
    state = PiratakiState(Context(2, 0, "turn"), ["red", None], [["red-1", "red-2", "red-3", "red-5", "red-6"], []],
                          [["gold-1", "gold-2", "gold-3"], ["red-4"]], rest, [], [])
    bot = GAME.make_bot("hard", 0)
    assert bot.choose(GAME.view(state, 0), GAME.legal_actions(state), random.Random(0)) == Action.of("buy", "red-4")


def test_paying_a_pirate_weighs_one_choice_per_distinct_loss():
    state = PiratakiState(Context(2, 0, "pirate"), ["red", None], [["red-1", "red-2"], []],
                          [["gold-1", "gold-2", "gold-3", "gold-4", "blue-2", "cannon-1"], []],
                          [c for c in GAME.all_cards if c not in ("red-1", "red-2", "gold-1", "gold-2", "gold-3",
                                                                  "gold-4", "blue-2", "cannon-1", "pirate-1")],
                          [], ["pirate-1"])
    bot = GAME.make_bot("hard", 0)
    legal = GAME.legal_actions(state)
    choices = bot.payment_choices(GAME.view(state, 0), legal)
    assert len(legal) == 57 and len(choices) < 20
    outcomes = {tuple(sorted((c.rsplit("-", 1)[0], c.startswith("red")) for c in a.args)) for a in choices
                if a.verb == "lose"}
    assert len(outcomes) == len(choices) - 1
    assert bot.choose(GAME.view(state, 0), legal, random.Random(0)) in legal


def test_the_same_stream_gives_the_same_move():
    state = played(moves=33, seed=6)
    while state.ctx.phase not in ("drawing", "turn") or len(GAME.legal_actions(state)) < 2:
        GAME.apply(state, GAME.legal_actions(state)[0], Chance(1))
    seat = state.ctx.current
    view, legal = GAME.view(state, seat), GAME.legal_actions(state)
    moves = {GAME.make_bot("hard", seat).choose(view, legal, random.Random(5)) for _ in range(3)}
    assert len(moves) == 1


def test_hard_plays_legal_moves_against_normal_for_fifty_actions():
    """Decision times are measured in benchmarks/pirataki_bot_times.py, not here."""
    chance, rng = Chance(11), random.Random(11)
    state = GAME.start(2, chance)
    bots = [GAME.make_bot("hard", 0), GAME.make_bot("normal", 1)]
    decided = 0
    for _ in range(50):
        if GAME.is_over(state):
            break
        seat = state.ctx.current
        legal = GAME.legal_actions(state)
        action = bots[seat].choose(GAME.view(state, seat), legal, rng)
        assert action in legal
        decided += seat == 0 and len(legal) > 1
        GAME.apply(state, action, chance)
    assert decided > 0


def test_the_hard_section_of_the_config_is_validated():
    text = load_config("pirataki").text
    assert "hard:" in text
    broken = text.replace("    iterations: ", "    iterattions: ", 1)
    with pytest.raises(ConfigError) as err:
        load_config_text(broken, "x.yaml", "x")
    assert "iterattions" in str(err.value) and "x.yaml:" in str(err.value)
