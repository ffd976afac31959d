"""Pirataki `hard` plays as on main before it kept a decision record (issue 28): whole seeded games with `hard`
seats (2 to 4 seats, rule options), recorded with main's code (`pinned_hard_games.py`), are played again and every
move must be the same; and at each of its decisions with a choice the bot's record holds the figures it chose on
(the move is the candidate of the highest mean)."""
import json

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.registry import game_class
from piratetable.games.pirataki.bots import HardBot, SearchResult
from tests.helpers import assert_recorded_moves

from .pinned_hard_games import FIXTURE, GAMES, play

RECORDED = json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_fixture_holds_every_listed_game():
    assert [[g["levels"], g["seed"], g["options"]] for g in RECORDED] == [list(x) for x in GAMES]
    assert all(len(g["moves"]) >= 40 for g in RECORDED)


class _Checked:
    """A seat's bot, with every hard decision with a choice and its record noted."""

    def __init__(self, bot, noted: list):
        self.bot, self.noted = bot, noted

    def choose(self, view, legal, rng):
        action = self.bot.choose(view, legal, rng)
        if isinstance(self.bot, HardBot) and len(legal) > 1:
            distinct = len(self.bot.payment_choices(view, legal)) if view["phase"] == "pirate" else len(legal)
            self.noted.append((view["phase"], distinct, action, self.bot.record))
        return action


@pytest.mark.parametrize("game", RECORDED, ids=lambda g: g["seed"])
def test_hard_makes_the_recorded_moves_and_records_what_it_chose_on(game):
    config = load_config("pirataki")
    pirataki = game_class("pirataki")(config.with_options(game["options"]) if game["options"] else config)
    noted: list = []
    bots = [_Checked(pirataki.make_bot(level, seat), noted) for seat, level in enumerate(game["levels"])]
    moves = play(game["levels"], game["seed"], game["options"], bots=bots)
    assert_recorded_moves(moves, game["moves"])
    assert {phase for phase, *_ in noted} >= {"drawing", "pirate"}
    for phase, distinct, action, record in noted:
        if record is None:      # only when every way to pay gives up the same kinds (then nothing to search)
            assert (phase, distinct) == ("pirate", 1), (phase, action)
            continue
        assert isinstance(record, SearchResult), (phase, action, record)
        means = {a: m for a, _n, m in record.options}
        assert record.mean(action) == max(means.values()), (phase, action, record)
        assert record.plays == sum(n for _a, n, _m in record.options) > 0
        assert all(0.0 <= m <= 1.0 for m in means.values())
        if phase != "pirate":       # draw or stop, a turn's start: every legal move is a candidate
            assert len(means) == distinct, (phase, action, record)
