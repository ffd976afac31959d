"""Piraten Kapern's recap, from the public events of rigged and seeded games."""
from __future__ import annotations

import random

from piratetable.bots.base import decide
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.games.piraten_kapern.recap import recap, tally
from piratetable.table.recap import Chart, Stats, recap_for

BUST = ["skull", "skull", "skull", "coin", "coin", "parrot", "monkey", "diamond"]


def rigged_match():
    """Two seats (Ben starts at 7500): Anna busts, Ben goes to Skull Island (5 skulls), Anna busts again, Ben
    scores past the target, Anna's last trip of the final round ends the game."""
    cfg = load_config("piraten_kapern")
    seed = next(s for s in range(1, 500) if Match(cfg, [Seat("A"), Seat("B")], s).state.card == "gold")
    match = Match(cfg, [Seat("Anna"), Seat("Ben")], seed, setup={"scores": [0, 7500]})
    match.chance.rig["deck"] = ["skull_2", "gold", "gold", "gold"]
    match.chance.rig["dice"] = (
        BUST                                                                     # trip 1, Anna: 3 skulls
        + ["skull", "skull", "coin", "coin", "parrot", "parrot", "monkey", "diamond"]   # trip 2, Ben: 2 + 2 skulls
        + ["skull", "coin", "coin", "parrot", "parrot", "monkey"]              # Skull Island: one more skull
        + ["coin", "coin", "parrot", "parrot", "monkey"]                       # none: it ends
        + BUST                                                                   # trip 3, Anna: busts again
        + ["coin", "coin", "coin", "coin", "diamond", "diamond", "parrot", "monkey"]   # trip 4, Ben: stops
        + ["monkey", "monkey", "monkey", "parrot", "parrot", "parrot", "saber", "diamond"])  # trip 5, Anna
    for action in ("roll", "roll", "roll", "roll", "roll", "roll", "stop", "roll", "stop"):
        match.play(action)
    assert match.over, match.view(0)["phase"]
    return match


def test_a_rigged_game_counts_two_busts_a_skull_island_and_the_best_trips():
    match = rigged_match()
    story = tally(match)
    anna, ben = story.seats
    scores = match.game.scores(match.state)
    assert (anna.trips, anna.busts, anna.islands) == (3, 2, 0)
    assert (ben.trips, ben.busts, ben.islands) == (2, 0, 1)
    assert ben.island_damage == 500 and scores[0] == -500 + anna.best
    assert ben.best == scores[1] - 7500 and ben.best_trip == 4 and ben.best_card == "gold"
    assert anna.best_trip == 5 and anna.best > 0
    assert story.last_trip == 5 and story.final_round_at == 4 and story.trigger == 1


def test_the_recap_shows_the_trips_the_chart_and_the_standings():
    match = rigged_match()
    r = recap_for(match.game, match)
    assert r == recap(match.game, match)
    stats = next(s for s in r.sections if isinstance(s, Stats))
    anna, ben = stats.rows
    assert anna.cells[0] == "3" and anna.cells[2] == "2" and anna.cells[3] == "0"
    assert ben.cells[3] == "1 (others −500)" and ben.cells[1].startswith(str(tally(match).seats[1].best))
    assert ben.best[1] and not anna.best[1]            # the best trip of the table is framed
    chart = next(s for s in r.sections if isinstance(s, Chart))
    assert chart.target == 8000 and [m.x for m in chart.marks] == [4]
    scores = match.game.scores(match.state)
    lines = {se.seat: se.points for se in chart.series}
    assert lines[1][0] == (0, 7500) and lines[0][0] == (0, 0)       # from the score before the first trip
    assert lines[0][-1] == (5, scores[0]) and lines[1][-1] == (5, scores[1])
    assert (2, -500) in lines[0]
    assert [(s.seat, s.place, s.winner, s.score) for s in r.standings] == [
        (1, 1, True, str(scores[1])), (0, 2, False, str(scores[0]))]
    assert r.headline == "Ben wins!" and "5 trips" in r.summary and r.standings[0].note


def test_the_recap_reads_only_public_events():
    match = rigged_match()
    viewers = []
    real = match.events_for

    def spy(viewer, index=None):
        viewers.append(viewer)
        return real(viewer, index)
    match.events_for = spy
    recap(match.game, match)
    assert viewers and set(viewers) == {None}
    assert len(viewers) % (match.moves + 1) == 0        # the start and every decision


def test_seeded_bot_games_tally_every_trip_and_end_on_the_final_scores():
    for seed in (1, 2, 3):
        match = Match(load_config("piraten_kapern"), [Seat(f"S{i}", "easy") for i in range(4)], seed)
        rng = random.Random(seed)
        while not match.over:
            view, legal, stream = match.bot_inputs(match.current)
            match.play(decide(match.game, "easy", match.current, view, legal, stream) if rng.random() < 0.9
                       else legal[0])
        story = tally(match)
        assert sum(t.trips for t in story.seats) == story.last_trip == match.state.ctx.stages
        r = recap(match.game, match)
        chart = next(s for s in r.sections if isinstance(s, Chart))
        assert [se.points[-1][1] for se in chart.series] == match.game.scores(match.state)
        places = [s.place for s in r.standings]
        assert places == sorted(places) and r.standings[0].winner
