"""The Petrangola bots' and rules' cheaper ways of counting (issue 30) give what the plain ways gave: the swap
actions of a position, the normal bot's deals of a decision, and (the hard bot's rollouts) the rollout model's
moves; each is compared with a straightforward copy of the code it replaced, on many random positions."""
import random

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.actions import Action
from piratetable.games.petrangola.rules import Petrangola


def _game(**options):
    config = load_config("petrangola")
    return Petrangola(config.with_options(options) if options else config)


def _swap_actions_before(game, hand, monte):
    """`Petrangola._swap_actions` as it was built before (one Action at a time)."""
    index = game.deck.index
    hs = sorted(hand, key=index.__getitem__)
    ms = sorted(monte, key=index.__getitem__)
    out = [Action("swap", (g, t)) for g in hs for t in ms]
    for i in range(len(hs)):
        for t1 in ms:
            for j in range(i + 1, len(hs)):
                for t2 in ms:
                    if t2 != t1:
                        out.append(Action("swap", (hs[i], t1, hs[j], t2)))
    return tuple(out)


def test_the_swap_actions_are_the_same_actions_in_the_same_order():
    game = _game()
    rng = random.Random(7)
    cards = list(game.deck.cards)
    for _ in range(300):
        rng.shuffle(cards)
        hand, monte = cards[:3], cards[3:6]
        got = game._swap_actions(hand, monte)
        assert got == _swap_actions_before(game, hand, monte)
        assert all(type(a) is Action and type(a.args) is tuple for a in got)
        assert [str(a) for a in got] == [str(a) for a in _swap_actions_before(game, hand, monte)]
