"""Piratz hard bot: its decision record (`HardBot.record`) holds the figures its move was chosen on, and the reason
a person reads (hint, log) comes from it: the search's chances to win when it searched, the normal bot's values
in points when it did not. Over random reachable positions the reason's figures favour the move."""
from __future__ import annotations

import random

import pytest

from piratetable.games.piratz import insight as pz
from piratetable.insight import explain, hint
from piratetable.insight.words import percent, reason_text
from tests.insight import favour_piratz
from tests.insight.helpers import bot_positions, quick_hard


def positions(players, seed, options=None, moves=50):
    """The decisions of a normal-bots game with more than one legal move, on the config with the smaller hard
    search (`quick_hard`: a reason states its record's figures at any size of the search)."""
    match, out = bot_positions("piratz", players, seed, moves, options, config=quick_hard("piratz"))
    return match.game, [(seat, view, legal) for seat, view, legal in out if len(legal) > 1]


@pytest.mark.parametrize("players, seed, options", [(2, 3, None), (3, 4, {"open_collections": False})])
def test_the_reason_of_a_hard_move_states_the_figures_of_its_decision_record(players, seed, options):
    game, found = positions(players, seed, options)
    searched = plain = 0
    for seat, view, legal in found:
        bot = game.make_bot("hard", seat)
        action = bot.choose(view, legal, random.Random(seed))
        rec = bot.record
        assert rec is not None and rec.action == action and action in rec.candidates
        decided, extra = pz.decide(game, view, legal, seat, random.Random(seed), "hard")
        assert decided == action
        r = pz.reason(game, view, legal, seat, action, random.Random(0), extra)
        assert favour_piratz.problems(game, view, legal, seat, action, r) == [], (action, r)
        assert dict((a, v) for v, a in rec.values) == dict(r.values)    # the values it started from
        text = reason_text(game, r)
        if rec.search is None:
            assert getattr(r, "search", None) is None
            plain += 1
            continue
        s = r.search
        i = rec.candidates.index(action)
        assert s.first == rec.candidates[0] and s.worlds == rec.search.worlds
        assert s.share == pytest.approx(rec.search.shares[0])
        other, mine, theirs, n = s.against(action)
        # the sentence gives the move's chance to win and the other candidate's, over the same rounds
        assert percent(mine) in text and percent(theirs) in text and str(n) in text, text
        j = i if i else rec.candidates.index(other)      # the rival in the comparison
        own, first = rec.search.shares[j], rec.search.first_shares[j]
        assert (mine, theirs) == pytest.approx((own, first) if i else (first, own))
        assert n == rec.search.counts[j]
        if mine < theirs and percent(mine) != percent(theirs):
            assert action == s.first and "too little more to tell from luck" in text, text
        searched += 1
    assert searched and plain


def test_hint_and_log_reason_of_a_hard_move_come_from_its_own_record():
    game, found = positions(2, 7, moves=60)
    compared = 0
    for seat, view, legal in found[:16]:
        h = hint(game, view, legal, seat, "stream")
        bot = game.make_bot("hard", seat)
        assert bot.choose(view, legal, random.Random("stream")) == h.action
        logged = explain(game, view, legal, seat, h.action, "stream", "hard")
        assert logged == h.reason
        if bot.record.search is not None:
            assert h.reason.search is not None and h.reason.search.worlds == bot.record.search.worlds
            assert [r.share for r in h.reason.search.rivals] == pytest.approx(bot.record.search.shares[1:])
            compared += 1
        else:
            assert getattr(h.reason, "search", None) is None
    assert compared
