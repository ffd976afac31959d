"""The Petrangola bots' moves are pinned (issue 30): whole seeded games of `normal` and `hard` bots (3 to 12 seats,
both rule options, `pinned_bot_games.py`) are played again and must make the same move at every decision (the
`normal` games re-recorded when its deals changed, the `hard`-only games recorded before: the hard bot's moves
stayed); the risk after the others improve and the least risky wait are the numbers and choices the earlier code
gave on the same deals, and a bounded risk is exact below its bound."""
import json
import random

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.games.petrangola.belief import shortlist_for
from piratetable.games.petrangola.bots import NormalBot, deal_count
from piratetable.games.petrangola.rules import Petrangola
from tests.helpers import assert_fixture_holds, assert_recorded_moves

from .pinned_bot_games import FIXTURE, GAMES, play

RECORDED = json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_fixture_holds_every_listed_game():
    assert_fixture_holds(RECORDED, GAMES)


@pytest.mark.parametrize("game", RECORDED, ids=lambda g: g["seed"])
def test_the_bots_make_the_recorded_moves(game):
    moves = play(game["levels"], game["seed"], game["options"])
    assert_recorded_moves(moves, game["moves"])


@pytest.mark.parametrize("game", [g for g in RECORDED if len(g["levels"]) <= 6], ids=lambda g: g["seed"])
def test_the_bots_asked_as_the_lab_asks_them_make_the_same_moves(game):
    """The lab's driver asks a bot with `choose_in` (the normal bot reads the light view there): the same moves."""
    assert_recorded_moves(play(game["levels"], game["seed"], game["options"], in_state=True), game["moves"])


def _risk_after_before(bot, hand, monte, samples, opponents, to_come):
    """The normal bot's risk after the others improve as it was computed before its speed-up (issue 30)."""
    if bot._is_petrangolone(hand):
        return 0.0
    mine = bot.power(hand)
    m = [bot.idx[c] for c in monte]
    lose = 0
    for opp_hands, _ in samples:
        for s, h in zip(opponents, opp_hands):
            v = bot.best_of_six(h + m) if s in to_come else bot._power_idx(h)
            if v < mine:
                break
        else:
            lose += 1
    return lose / len(samples)


def _positions(game, rng, players: int, trials: int, deals: int):
    """`trials` random positions of a `players`-seat table seen by seat 0: its hand, the monte, `deals` deals of
    the opponents' hands (as the bot's samples: deck indices) and the opponents still to play (`to_come`)."""
    cards = list(game.deck.cards)
    opponents = list(range(1, players))
    for _trial in range(trials):
        rng.shuffle(cards)
        hand, monte, rest = cards[:3], cards[3:6], [game.deck.index[c] for c in cards[6:]]
        samples = []
        for _ in range(deals):
            drawn = rng.sample(rest, 3 * len(opponents))
            samples.append(([drawn[3 * i:3 * i + 3] for i in range(len(opponents))], []))
        yield hand, monte, samples, opponents, {s for s in opponents if rng.random() < 0.7}


@pytest.mark.parametrize("players", [2, 3, 5, 8])     # 2: heads-up, the last two of a hand at any table
def test_the_risk_after_the_others_improve_is_the_same_number(players):
    game = Petrangola(load_config("petrangola"))
    bot = NormalBot(game, 0)
    rng = random.Random(players)
    for trial, (hand, monte, samples, opponents, to_come) in enumerate(_positions(game, rng, players, 60, 40)):
        for h, m in ((hand, monte), (monte, hand), (hand[:2] + monte[:1], monte[1:] + hand[2:])):
            assert bot._risk_after(h, m, samples, opponents, to_come) == \
                _risk_after_before(bot, h, m, samples, opponents, to_come), (trial, h, m, to_come)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_a_bounded_risk_is_exact_below_its_bound_and_at_least_it_otherwise(players):
    game = Petrangola(load_config("petrangola"))
    bot = NormalBot(game, 0)
    rng = random.Random(10 + players)
    for hand, monte, samples, opponents, to_come in _positions(game, rng, players, 40, 48):
        exact = bot._risk_after(hand, monte, samples, opponents, to_come)
        for bound in (0.0, 1 / 48, 0.05, exact, exact + 1 / 48, 0.5, 1.0):
            got = bot._risk_after(hand, monte, samples, opponents, to_come, bound=bound)
            assert got == exact if exact < bound else got >= bound, (exact, bound, got)


def _least_risky_before(bot, actions, hand, monte, samples, opponents, to_come):
    """The normal bot's choice among waits as it was made before its speed-up (issue 30): every action's risk
    now counted, then the full risk after the others' turns for the shortlist."""
    scored = []
    for i, a in enumerate(actions):
        h, m = bot.result(a, hand, monte)
        scored.append((_risk_after_before(bot, h, m, samples, opponents, set()), -bot.power(h), i, a, h, m))
    scored.sort(key=lambda x: x[:3])
    if not to_come:
        return scored[0][3]
    short = scored[:shortlist_for(bot.p.shortlist, len(opponents))]
    return min(short, key=lambda x: (_risk_after_before(bot, x[4], x[5], samples, opponents, to_come),) + x[:3])[3]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_least_risky_wait_is_the_one_counted_in_full(players):
    game = Petrangola(load_config("petrangola"))
    bot = NormalBot(game, 0)
    rng = random.Random(20 + players)
    for hand, monte, samples, opponents, to_come in _positions(game, rng, players, 40, 30):
        actions = [Action("pass")] + list(game._swap_actions(hand, monte))
        assert bot._least_risky(actions, hand, monte, samples, opponents, to_come) == \
            _least_risky_before(bot, actions, hand, monte, samples, opponents, to_come)


def test_the_normal_bots_deals_fewer_with_more_opponents():
    assert [deal_count(120, k) for k in (1, 2, 3, 4, 5, 6, 11)] == [120, 120, 40, 22, 14, 10, 10]
    assert deal_count(10, 11) == 10 and deal_count(2000, 11) == 50 and deal_count(30, 5) == 10


def test_the_normal_bot_rechecks_fewer_waits_with_more_opponents():
    assert [shortlist_for(5, k) for k in (1, 2, 3, 4, 5, 11)] == [5, 5, 5, 3, 3, 3]
    assert shortlist_for(2, 5) == 2 and shortlist_for(30, 2) == 30


def _last_final_turn(players):
    """A state at the last final turn of a hand (every other seat has had its final turn)."""
    game = Petrangola(load_config("petrangola"))
    chance = Chance("last-final", record=False)
    state = game.start(players, chance)
    bots = [game.make_bot("easy", s) for s in range(players)]
    rng = random.Random(0)
    while not (state.ctx.phase == "final" and len(state.to_play) == 1):
        seat = game.current_player(state)
        game.apply(state, bots[seat].choose(game.view(state, seat), game.legal_actions(state), rng), chance)
    return game, state


def test_normal_draws_no_deals_for_a_last_final_turn_and_hard_draws_as_before():
    game, state = _last_final_turn(4)
    seat = game.current_player(state)
    view, legal = game.view(state, seat), game.legal_actions(state)
    for level, draws in (("normal", False), ("hard", True)):
        rng = random.Random(3)
        before = rng.getstate()
        action = game.make_bot(level, seat).choose(view, legal, rng)
        assert (rng.getstate() != before) == draws, level
        hand, monte = view["hands"][seat], view["monte"]
        best = max(NormalBot(game, seat).power(NormalBot.result(a, hand, monte)[0]) for a in legal)
        assert NormalBot(game, seat).power(NormalBot.result(action, hand, monte)[0]) == best
