"""Statistics: what is recorded per seat and game, the queries, and a store that never raises."""
from __future__ import annotations

import sqlite3

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.chance import Chance
from piratetable.engine.match import Match, Seat
from piratetable.games.piratz.scoring import all_awards
from piratetable.savegame import to_json
from piratetable.stats import SCHEMA_VERSION, Stats, facts_of


def rigged_match(gid, seats, rig, setup=None, seed=1, options=None):
    """A match whose chance is rigged (a scenario's rig, but recorded like any match)."""
    cfg = load_config(gid)
    if options:
        cfg = cfg.with_options(options)
    match = Match(cfg, seats, seed, setup)
    chance = Chance(seed, rig)
    match.chance = chance
    match.state = match.game.start(len(seats), chance, setup)
    match.start_events = tuple(match.state.ctx.events)
    chance.pop_events()
    return match


def bot_match(gid, seats, seed=2, setup=None, options=None):
    cfg = load_config(gid)
    if options:
        cfg = cfg.with_options(options)
    match = Match(cfg, seats, seed, setup)
    while not match.over:
        seat = match.current
        view, legal, rng = match.bot_inputs(seat)
        match.play(match.game.make_bot(match.seats[seat].bot or "normal", seat).choose(view, legal, rng))
    return match


def pk_game():
    """Anna (seat 0) goes to Skull Island, Bo busts, Anna reaches the target, Bo busts again: game over."""
    rig = {"deck": ["gold", "gold", "diamond", "gold"],
           "dice": ["skull"] * 4 + ["monkey"] * 4 + ["monkey"] * 4        # trip 1: Skull Island, no new skull
           + ["skull"] * 3 + ["parrot"] * 5                                # trip 2: Bo busts
           + ["coin"] * 4 + ["diamond", "parrot", "monkey", "saber"]       # trip 3: Anna stops
           + ["skull"] * 3 + ["parrot"] * 5}                               # trip 4: Bo busts in the final round
    match = rigged_match("piraten_kapern", [Seat("Anna"), Seat("Bo", "hard")], rig, setup={"scores": [7900, 7900]})
    for action in ("roll", "roll", "roll", "roll", "stop", "roll"):
        match.play(action)
    assert match.over
    return match


def test_piraten_kapern_facts_from_the_events(tmp_path):
    match = pk_game()
    facts = facts_of(match)
    anna_points = match.game.scores(match.state)[0] - 7900
    assert facts[0] == {"trips": 2, "busts": 0, "skull_island": 1, "best_trip": anna_points}
    assert facts[1] == {"trips": 2, "busts": 2, "skull_island": 0, "best_trip": 0}
    st = Stats(tmp_path / "statistics.sqlite3")
    assert st.record_game(match) and st.problem is None
    assert not st.record_game(match)             # the same game once
    assert not st.record_game(to_json(match))    # from its save: the same game
    summary = st.summary("Anna")
    assert (summary.games, summary.wins, summary.as_bot, summary.win_rate) == (1, 1, 0, 1.0)
    assert [(v.level, v.games, v.wins, v.losses) for v in summary.versus] == [("hard", 1, 1, 0)]
    bo = st.summary("Bo")
    assert (bo.games, bo.wins, bo.as_bot, bo.versus) == (1, 0, 1, ())
    (pk,) = st.per_game("Anna")
    assert pk.game == "piraten_kapern" and (pk.games, pk.wins) == (1, 1)
    assert [(c.players, c.games, c.wins) for c in pk.by_players] == [(2, 1, 1)]
    assert pk.fact("best_trip") == anna_points and pk.fact("skull_island") == 1 and pk.fact("busts") == 0
    assert st.names() == ["Anna"] and st.names(bots=True) == ["Anna", "Bo"]


def test_an_unfinished_game_is_not_recorded(tmp_path):
    match = Match(load_config("pirataki"), [Seat("Anna"), Seat("B", "easy")], seed=1)
    st = Stats(tmp_path / "s.sqlite3")
    assert not st.record_game(match) and "not over" in st.problem
    assert not st.record_game({"version": 2})
    assert st.problem


def test_every_game_records_its_facts_and_sums_across_games(tmp_path):
    st = Stats(tmp_path / "s.sqlite3")
    piratz = [bot_match("piratz", [Seat("Anna"), Seat("B", "easy"), Seat("C", "normal")], seed=s) for s in (1, 2)]
    for m in piratz:
        assert st.record_game(m)
        items, rats = m.game.items(m.state), m.game.rats(m.state)
        awards = all_awards(items, rats, m.state.cubes)
        for seat in range(3):   # majorities: the cubes the rules award, counted independently of the events
            won = sum(1 for t, places in awards.items() for p in places if p == seat)
            assert facts_of(m)[seat]["majorities"] == won
    expected = sum(facts_of(m)[0]["majorities"] for m in piratz)
    (pz,) = st.per_game("Anna")
    assert pz.fact("majorities") == expected and pz.games == 2
    assert [(c.players, c.games) for c in pz.by_players] == [(3, 2)]
    versus = {v.level: v for v in st.summary("Anna").versus}
    assert versus["easy"].games == versus["normal"].games == 2
    assert versus["easy"].wins + versus["easy"].losses == 2

    pet = bot_match("petrangola", [Seat("Anna"), Seat("B", "normal"), Seat("C", "normal")], seed=3,
                    setup={"tokens": [2, 2, 2]})
    assert st.record_game(pet)
    f = facts_of(pet)
    from piratetable.games.petrangola.events import Showdown
    showdowns = [e for entry in pet.history for e in entry.events if isinstance(e, Showdown)]
    for seat in range(3):
        assert f[seat]["hands"] == sum(1 for e in showdowns for r in e.results if r.seat == seat)
        assert f[seat]["hands_survived"] == sum(1 for e in showdowns for r in e.results
                                                if r.seat == seat and r.delta >= 0)
    aki = bot_match("pirataki", [Seat("Anna"), Seat("B", "normal")], seed=4)
    assert st.record_game(aki)
    f = facts_of(aki)
    winners = aki.game.winners(aki.state)
    for seat in range(2):
        assert f[seat]["ship_completed"] == int(seat in winners and aki.state.ctx.phase == "over"
                                                and len(aki.state.ships[seat]) == aki.game.content.ship_size)
    games = {g.game: g for g in st.per_game("Anna")}
    assert set(games) == {"piratz", "petrangola", "pirataki"}
    assert st.summary("Anna").games == 4


def test_reset_one_name_or_everything(tmp_path):
    st = Stats(tmp_path / "s.sqlite3")
    st.record_game(pk_game())
    st.record_game(bot_match("pirataki", [Seat("Cleo"), Seat("Anna")], seed=5))
    assert st.names() == ["Anna", "Cleo"]
    assert st.reset("Anna")
    assert st.names() == ["Cleo"] and st.summary("Anna").games == 0
    assert st.summary("Cleo").games == 1
    assert st.reset()
    assert st.names(bots=True) == [] and st.per_game("Cleo") == []


def test_the_schema_is_versioned(tmp_path):
    path = tmp_path / "s.sqlite3"
    Stats(path).names()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        conn.execute("PRAGMA user_version = 99")
    st = Stats(path)
    assert st.names() == [] and "newer" in st.problem
    assert not st.record_game(pk_game()) and "newer" in st.problem
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 99      # left alone


def test_a_damaged_file_is_set_aside_and_a_new_one_started(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    st = Stats(path)
    assert st.names() == []
    aside = list(tmp_path.glob("statistics.sqlite3.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
    assert st.record_game(pk_game()) and st.summary("Anna").games == 1


def test_a_locked_file_gives_empty_results_and_a_problem(tmp_path):
    path = tmp_path / "s.sqlite3"
    st = Stats(path)
    assert st.record_game(pk_game())
    holder = sqlite3.connect(path)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        summary = st.summary("Anna")
        assert summary.games == 0 and "in use" in summary.problem
        assert st.names() == [] and "in use" in st.problem
        assert not st.reset() and st.problem
        assert not list(tmp_path.glob("*.damaged-*"))     # a lock is not damage
    finally:
        holder.rollback()
        holder.close()
    assert st.summary("Anna").games == 1 and st.problem is None


def test_an_unusable_folder_never_raises(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    st = Stats(blocker / "sub" / "s.sqlite3")
    assert st.names() == [] and st.problem
    assert st.summary("Anna").problem
    assert not st.record_game(pk_game())


@pytest.mark.parametrize("name", ["Anna", "Ånna ☠", "'; DROP TABLE seats; --"])
def test_any_name_is_data(tmp_path, name):
    st = Stats(tmp_path / "s.sqlite3")
    match = bot_match("pirataki", [Seat(name), Seat("B", "easy")], seed=6)
    assert st.record_game(match)
    assert st.summary(name).games == 1 and name in st.names()


def _pirates_drawn(match, seat):
    """Pirates `seat` drew, counted independently of the recap and the statistics: every card the rules moved
    from the deck to the pirate spot while it drew."""
    from piratetable.engine.events import CardsMoved
    return sum(1 for entry in match.history for e in entry.events
               if isinstance(e, CardsMoved) and e.dst == "pirate" and e.seat == seat)


def test_pirataki_counts_every_pirate_drawn_also_those_that_take_their_cards_by_themselves():
    """A pirate that leaves no choice (no card, one card, or three cards or fewer and no cannon) takes its cards
    without a PirateAttack: the statistics used to count only the attacks with a choice (7 of 9 pirates in this
    game for seat 0), so they said fewer pirates than the results screen."""
    from piratetable.games.pirataki.recap import tally
    match = bot_match("pirataki", [Seat("Anna"), Seat("B", "normal")], seed=4)
    drawn = [_pirates_drawn(match, seat) for seat in range(2)]
    assert sum(drawn) > 0
    assert [f["pirates"] for f in facts_of(match).values()] == drawn == [t.pirates for t in tally(match)]


# the results screen's figures (the recap's Stats section: its id, then per fact the column it is in)
RECAP_COLUMNS = {
    "piraten_kapern": ("trips", {"trips": 0, "busts": 2}),
    "piratz": ("collections", {"rats_caught": 1}),
    "pirataki": ("pirates", {"pirates": 0, "parts_bought": 3}),
    "petrangola": ("hands", {"hands": 0, "petrangolone": 2}),
}


@pytest.mark.parametrize("gid", list(RECAP_COLUMNS))
@pytest.mark.parametrize("seed", [4, 6])
def test_the_statistics_say_what_the_results_screen_says(gid, seed):
    """One count: the facts recorded are the figures the recap shows for the same game, and only facts the
    game's recap part declares (Pirataki's pirates differed before)."""
    from piratetable.table.recap import Stats as RecapStats
    from piratetable.table.recap import facts_declared, recap_for
    match = bot_match(gid, [Seat("Anna", "easy"), Seat("B", "normal")] + ([Seat("C", "normal")] if gid != "pirataki"
                                                                            else []), seed=seed)
    facts = facts_of(match)
    declared = {f.key for f in facts_declared(type(match.game))}
    section, columns = RECAP_COLUMNS[gid]
    stats = next(s for s in recap_for(match.game, match).sections if isinstance(s, RecapStats) and s.id == section)
    for row in stats.rows:
        assert set(facts[row.seat]) <= declared
        for key, column in columns.items():
            assert facts[row.seat][key] == int(row.cells[column]), (row.seat, key, row.cells)


def test_a_statistics_file_written_before_the_facts_moved_reads_as_it_did(tmp_path):
    """Rows as version 1 wrote them (the facts' keys unchanged): a declared `best` fact is the best of the games,
    the others are summed; a game that is no longer installed keeps its games, its facts summed."""
    path = tmp_path / "old.sqlite3"
    Stats(path).names()       # the schema of SCHEMA_VERSION 1
    with sqlite3.connect(path) as conn:
        for gid, (game, best, busts) in enumerate([("piraten_kapern", 300, 1), ("piraten_kapern", 500, 2),
                                                   ("gone_plugin", 7, 3), ("gone_plugin", 9, 4)], start=1):
            conn.execute("INSERT INTO games VALUES (?, ?, ?, 'standard', 2, 10, '2024-01-01T00:00:00')",
                         (gid, f"k{gid}", game))
            conn.execute("INSERT INTO seats VALUES (?, 0, 'Anna', NULL, 1, 100)", (gid,))
            conn.executemany("INSERT INTO facts VALUES (?, 0, ?, ?)", [(gid, "best_trip", best), (gid, "busts", busts)])
    games = {g.game: g for g in Stats(path).per_game("Anna")}
    assert SCHEMA_VERSION == 1
    assert games["piraten_kapern"].fact("best_trip") == 500 and games["piraten_kapern"].fact("busts") == 3
    assert games["gone_plugin"].games == 2 and games["gone_plugin"].fact("best_trip") == 16
