"""Petrangola bots: legal, deterministic given their stream, quick, and sensible about the widow and knocking."""
import random
import statistics
import time

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.games.petrangola.rules import Petrangola

GAME = Petrangola(load_config("petrangola"))


def dealt(players, deck, dealer=0):
    chance = Chance(0, {"deck": deck})
    return GAME.new_game(players, chance, {"dealer": dealer}), chance


def choose(level, state, seed=0):
    seat = GAME.current_player(state)
    return GAME.make_bot(level, seat).choose(GAME.view(state, seat), GAME.legal_actions(state), random.Random(seed))


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_dealer_keeps_a_petrangolone_widow(level):
    state, _ = dealt(3, ["2D", "3C", "4S", "5D", "6C", "7S", "KD", "HC", "JS", "AD", "AC", "AS"])
    assert choose(level, state) == Action("keep")


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_dealer_rejects_a_hopeless_widow(level):
    state, _ = dealt(3, ["AD", "KD", "JD", "AC", "KC", "JC", "KS", "HB", "JB", "2D", "3C", "4S"])
    assert choose(level, state) == Action("reject")


def test_normal_knocks_when_swapping_all_gives_petrangolone():
    state, chance = dealt(3, ["2D", "3C", "4S", "5D", "6C", "7S", "KD", "HC", "JS", "AD", "AC", "AS"])
    GAME.apply(state, "reject", chance)
    assert choose("normal", state) == Action("swapall")


def test_normal_knocks_on_a_strong_hand_and_waits_on_a_weak_one():
    strong, chance = dealt(4, ["AD", "KD", "HD", "2C", "4S", "6B", "3C", "5S", "7B", "JC", "7D", "2S",
                               "5D", "3B", "6S"])
    GAME.apply(strong, "reject", chance)
    assert choose("normal", strong) == Action("knock")
    weak, chance = dealt(4, ["2C", "4S", "6B", "AD", "KD", "HD", "3C", "5S", "7B", "JC", "7D", "2S",
                             "5D", "3B", "6S"])
    GAME.apply(weak, "reject", chance)
    assert choose("normal", weak).verb in ("swap", "pass")


def test_normal_takes_the_best_final_turn_on_offer():
    state, chance = dealt(3, ["2C", "4S", "6B", "AD", "KD", "HD", "3C", "5S", "7B", "AS", "KS", "2D"])
    GAME.apply(state, "keep", chance)   # dealer 0 knocks; the monte is 3C 5S 7B
    action = choose("normal", state)
    hand = GAME.clone(state)
    GAME.apply(hand, action, chance)
    assert GAME.hand_strength(hand.hands[1]) > GAME.hand_strength(["2C", "4S", "6B"])


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_are_deterministic_given_their_stream_and_play_legal_moves_to_the_end(level):
    def run():
        chance, state = Chance(11), None
        state = GAME.new_game(4, chance)
        rng, moves = random.Random(3), []
        while not GAME.is_over(state) and len(moves) < 250:
            seat = GAME.current_player(state)
            legal = GAME.legal_actions(state)
            action = GAME.make_bot(level, seat).choose(GAME.view(state, seat), legal, rng)
            assert action in legal
            GAME.apply(state, action, chance)
            moves.append(str(action))
        return moves
    assert run() == run()


def test_normal_decides_within_the_budget_at_twelve_players():
    chance = Chance(5)
    state = GAME.new_game(12, chance)
    rng, times = random.Random(1), []
    while not GAME.is_over(state) and len(times) < 40:
        seat = GAME.current_player(state)
        view, legal = GAME.view(state, seat), GAME.legal_actions(state)
        start = time.perf_counter()
        action = GAME.make_bot("normal", seat).choose(view, legal, rng)
        times.append(time.perf_counter() - start)
        GAME.apply(state, action, chance)
    assert statistics.median(times) < 0.3
    assert max(times) < 1.0   # the 0.3 s budget, with room for a loaded test machine


def test_bots_rebuy_when_they_may():
    state, chance = dealt(3, ["2D", "3C", "4S", "AD", "KD", "2C", "AC", "KC", "2S", "7D", "7C", "7S"])
    state.tokens = [3, 1, 3]
    GAME.apply(state, "reject", chance)
    for _ in range(3):
        GAME.apply(state, "pass", chance)
    assert state.phase == "rebuy"
    assert choose("easy", state) == Action("rebuy") and choose("normal", state) == Action("rebuy")
