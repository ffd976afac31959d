"""Pirataki's recap: the final ships and reserves, rebuilt from the public events, match the game's end."""
from __future__ import annotations

import pytest

from piratetable.bots.base import decide
from piratetable.config.loader import load_config
from piratetable.engine.events import Acted
from piratetable.engine.match import Match, Seat
from piratetable.games.pirataki.recap import recap, tally
from piratetable.table.recap import Gallery, Stats, recap_for


def finished(n, seed, level="easy"):
    match = Match(load_config("pirataki"), [Seat(f"S{i}", level) for i in range(n)], seed)
    while not match.over:
        view, legal, stream = match.bot_inputs(match.current)
        match.play(decide(match.game, level, match.current, view, legal, stream))
    return match


@pytest.mark.parametrize("n, seed", [(2, 1), (2, 7), (3, 2), (4, 3), (4, 9)])
def test_the_ships_and_reserves_from_the_events_are_the_ones_the_game_ended_with(n, seed):
    match = finished(n, seed)
    state = match.state
    seats = tally(match)
    for s, st in enumerate(seats):
        assert sorted(st.ship) == sorted(state.ships[s]) and sorted(st.reserve) == sorted(state.reserves[s])
        assert st.colour == state.colors[s]
    acted = [e for i in range(match.moves) for e in match.events_for(None, i) if isinstance(e, Acted)]
    assert sum(st.bought for st in seats) == sum(1 for e in acted if e.action.verb == "buy")
    assert sum(st.cannons for st in seats) == sum(1 for e in acted if e.action.verb == "cannon")
    assert sum(st.pirates for st in seats) >= sum(st.cannons for st in seats)


def test_the_recap_draws_every_ship_and_ranks_the_seats_by_their_ships():
    match = finished(4, 3)
    r = recap_for(match.game, match)
    gallery = next(s for s in r.sections if isinstance(s, Gallery))
    assert [p.seat for p in gallery.pictures] == [0, 1, 2, 3]
    for pic in gallery.pictures:
        zone = pic.zones[0]
        assert zone.painter == "ship" and zone.id == f"ship:{pic.seat}"
        assert sorted(cv.card for cv in zone.cards) == sorted(match.state.ships[pic.seat])
        assert zone.payload.colour == (match.state.colors[pic.seat] or "")
        assert pic.winner == (pic.seat in match.game.winners(match.state))
    scores = match.game.scores(match.state)
    assert [int(s.score) for s in r.standings] == [scores[s.seat] for s in r.standings]
    assert r.standings[0].winner and r.standings[0].note == "completed the ship"
    rest = [scores[s.seat] for s in r.standings[1:]]
    assert rest == sorted(rest, reverse=True)
    stats = next(s for s in r.sections if isinstance(s, Stats))
    assert len(stats.rows) == 4 and len(stats.columns) == 4


def test_the_recap_reads_only_public_events():
    match = finished(3, 5)
    viewers = []
    real = match.events_for
    match.events_for = lambda viewer, index=None: viewers.append(viewer) or real(viewer, index)
    recap(match.game, match)
    assert viewers and set(viewers) == {None}
