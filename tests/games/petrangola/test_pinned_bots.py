"""The Petrangola bots' moves did not change with their speed-up (issue 30): whole seeded games of `normal` and
`hard` bots (3 to 12 seats, both rule options), recorded before it (`pinned_bot_games.py`), are played again and
must make the same move at every decision; the risk after the others improve is the number the earlier code gave."""
import json
import random

import pytest

from piratetable.config.loader import load_config
from piratetable.games.petrangola.bots import NormalBot
from piratetable.games.petrangola.rules import Petrangola

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


@pytest.mark.parametrize("players", [3, 5, 8])
def test_the_risk_after_the_others_improve_is_the_same_number(players):
    game = Petrangola(load_config("petrangola"))
    bot = NormalBot(game, 0)
    rng = random.Random(players)
    cards = list(game.deck.cards)
    opponents = list(range(1, players))
    for trial in range(60):
        rng.shuffle(cards)
        hand, monte, rest = cards[:3], cards[3:6], [game.deck.index[c] for c in cards[6:]]
        samples = []
        for _ in range(40):
            drawn = rng.sample(rest, 3 * len(opponents))
            samples.append(([drawn[3 * i:3 * i + 3] for i in range(len(opponents))], []))
        to_come = {s for s in opponents if rng.random() < 0.7}
        for h, m in ((hand, monte), (monte, hand), (hand[:2] + monte[:1], monte[1:] + hand[2:])):
            assert bot._risk_after(h, m, samples, opponents, to_come) == \
                _risk_after_before(bot, h, m, samples, opponents, to_come), (trial, h, m, to_come)
