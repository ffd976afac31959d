"""The table's feel: sounds on the right moments, the first-game tips and when they stop."""
from __future__ import annotations

import pygame
import pytest

from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui import sound
from piratetable.ui.scenes.results import ResultsScene
from piratetable.ui.settings import Settings, load_settings

from .helpers import press, run_until, start_table, step


@pytest.fixture
def sounds(monkeypatch):
    """Every sound the table asks for, by name (the mixer itself is not needed)."""
    heard: list[str] = []
    monkeypatch.setattr(sound, "play", heard.append)
    return heard


def pk(seats, seed=5):
    return Match(load_config("piraten_kapern"), seats, seed)


def test_a_roll_rattles_a_bot_turn_ends_with_the_turn_cue(app, sounds):
    table = start_table(app, pk([Seat("Anna"), Seat("Bot", "easy")]))
    press(app, pygame.K_SPACE)
    assert sounds == ["dice"] and table.match.current == 0
    press(app, pygame.K_s)                             # Anna stops; the bot takes its trip
    assert table.match.current == 1 and "turn" not in sounds
    run_until(app, lambda: table.match.current == 0)
    step(app, 3)
    assert sounds.count("turn") == 1, sounds           # once, when the screen is Anna's again
    step(app, 5)
    assert sounds.count("turn") == 1


def test_animated_stages_sound_as_they_begin(app, sounds):
    app.settings.speed = "normal"
    table = start_table(app, pk([Seat("Anna"), Seat("Bo")], seed=4))   # the first roll shows three skulls
    press(app, pygame.K_SPACE, frames=1)
    assert table.renderer.busy() and sounds == ["dice"]   # the tumble starts with its rattle
    run_until(app, lambda: not table.renderer.busy())
    # then the lost trip, the next card turned up, and Bo's turn: once each
    assert sounds == ["dice", "bust", "flip", "turn"]


def test_a_failed_trip_sounds_a_bust_and_the_end_a_win():
    from piratetable.engine.events import GameEnded, StageEnded
    words = pk([Seat("Anna"), Seat("Bo")]).game.words()
    assert words.cue([StageEnded("trip", 1, 0, "skulls")]) == "bust"
    assert words.cue([StageEnded("trip", 1, 0, "stopped")]) is None
    assert words.cue([StageEnded("trip", 1, 0, "stopped"), GameEnded((0,))]) == "win"


def test_tips_show_in_a_first_game_and_f2_turns_them_off(app):
    table = start_table(app, pk([Seat("Anna"), Seat("Bo")]))
    assert table.driver.coach_shown and table.coach_rect.height > 0
    tall = table.play_rect.height
    press(app, pygame.K_F2)
    assert not table.driver.coach_shown and table.play_rect.height > tall   # the felt takes the line back
    press(app, pygame.K_F2)
    assert table.driver.coach_shown


def test_tips_end_after_a_whole_game_and_the_setting_is_kept(app, piratetable_home):
    match = pk([Seat("Anna"), Seat("Bot", "easy")], seed=11)
    table = start_table(app, match)
    assert table.driver.coach_shown
    while not match.over:                       # every trip stops as soon as it may
        legal = match.legal()
        match.play(next((a for a in legal if a.verb == "stop"), legal[0]))
    table.resync()
    run_until(app, lambda: isinstance(app.top, ResultsScene))
    assert not app.settings.wants_coach("piraten_kapern", "Anna")
    assert app.settings.wants_coach("piraten_kapern", "Bea")       # a new player still gets them
    assert app.settings.wants_coach("piratz", "Anna")              # and so does another game
    saved, problem = load_settings()
    assert problem is None and not saved.wants_coach("piraten_kapern", "anna ")


def test_the_coach_setting_always_and_off():
    s = Settings(coach="always", coached=["piratz/anna"])
    assert s.wants_coach("piratz", "Anna")
    s.coach = "off"
    assert not s.wants_coach("pirataki", "Anna")


def test_a_name_typed_before_the_game_leaves_no_key_repeat_at_the_table(app, piratetable_home):
    """A text field turns key repeat on while it has the focus; started with Enter from a name field, the game
    must not inherit it: a key held a little long at the table would repeat, and the repeat skips the move the
    key just played (a player's own first-roll bust then showed only in the log)."""
    from piratetable.ui.scenes.new_game import NewGameScene
    from piratetable.ui.scenes.table import TableScene

    from .helpers import click
    app.last_setup = {"game": "piraten_kapern", "seats": [{"name": "Anna", "kind": "human"},
                                                          {"name": "Bot", "kind": "easy"}]}
    app.push(NewGameScene(app))
    step(app, 3)
    scene = app.top
    click(app, scene.name_entries[0].rect.center)
    assert app.text_entry_focused() and pygame.key.get_repeat() != (0, 0)   # typing a name repeats keys
    press(app, pygame.K_RETURN)                                             # Enter in the name field starts
    step(app, 3)
    assert isinstance(app.top, TableScene)
    assert pygame.key.get_repeat() == (0, 0)


def test_a_players_own_first_roll_bust_holds_with_its_banner_as_a_bots_does(app):
    """The same events, the same stages: the roll tumbles, the lost trip holds with its line, the next card."""
    app.settings.speed = "normal"
    banners = {who: _first_stages(app, who, seats)
               for who, seats in (("person", [Seat("Anna"), Seat("Bo", "easy")]),
                                  ("bot", [Seat("Anna", "easy"), Seat("Bo")]))}
    assert banners["person"] == banners["bot"] and "3 skulls end Anna's trip" in banners["person"][0]


def _first_stages(app, who, seats) -> list[str]:
    """The banners of the holds of the first move (a person's Space, or the bot's move); checks its stages and
    that the hold stays on the screen."""
    table = start_table(app, pk(seats, seed=4))   # the first roll shows three skulls
    if who == "person":
        press(app, pygame.K_SPACE, frames=1)
    run_until(app, lambda: table.renderer.busy(), frames=600)
    stages = list(table.renderer.stages)
    assert [st.kind for st in stages] == ["roll", "hold", "move"], who
    run_until(app, lambda: table.renderer.stages and table.renderer.stages[0] is stages[1], frames=120)
    step(app, 30)                                 # half a second into the hold: still on the screen
    assert table.renderer.stages and table.renderer.stages[0] is stages[1]
    return [st.banner for st in stages if st.kind == "hold"]
