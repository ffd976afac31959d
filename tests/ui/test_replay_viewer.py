"""The replay viewer: opened from the results and from the Load screen, steps with ← → Home End, changes the
viewing seat (hidden cards stay hidden for it), shows every card only once the game is over, exports the text
record next to the save."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

from piratetable import savegame
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui.scenes.load import LoadScene
from piratetable.ui.scenes.replay import ReplayScene
from piratetable.ui.scenes.results import ResultsScene

from .helpers import click, click_element, press, step
from .test_layout import finished


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))


def test_from_the_results_step_through_and_export(app, tmp_path):
    match = finished("petrangola", 3)
    app.reset_to(ResultsScene(app, match))
    step(app, 2)
    click_element(app, app.top.replay_button)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.replay.position == 0
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.replay.position == 2 and scene.move_line()
    press(app, pygame.K_LEFT)
    assert scene.replay.position == 1
    press(app, pygame.K_END)
    assert scene.replay.position == len(match.history)
    press(app, pygame.K_HOME)
    assert scene.replay.position == 0
    # the viewing seat: its own view, so another seat's hidden hand stays hidden
    press(app, pygame.K_RIGHT, frames=2)
    viewer = scene.replay.viewer
    press(app, pygame.K_s)
    assert scene.replay.viewer == (viewer + 1) % 3
    assert scene.renderer.table.viewer == scene.replay.viewer
    press(app, pygame.K_a)                                  # the game is over: every card may show
    assert scene.replay.revealed
    press(app, pygame.K_e)
    written = next((tmp_path).rglob("replay-petrangola-*.txt"))
    assert written.read_text(encoding="utf-8").startswith("Game: ") and str(written) in scene.note
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ResultsScene)


def test_an_unfinished_game_keeps_its_hidden_cards(app):
    match = Match(load_config("petrangola"), [Seat("Anna"), Seat("Ben", "easy"), Seat("Cleo", "easy")], 4)
    for _ in range(3):
        match.play(match.legal()[0])
    app.reset_to(ReplayScene(app, match))
    step(app, 2)
    press(app, pygame.K_a)
    assert not app.top.replay.revealed and app.top.note
    assert not app.top.buttons["all"].is_enabled


def test_the_load_screen_opens_a_replay_and_export_writes_beside_the_save(app, tmp_path):
    from piratetable.ui.paths import saves_dir
    match = finished("piraten_kapern", 2)
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "my game.json"
    savegame.write_json_atomic(path, savegame.to_json(match))
    app.reset_to(LoadScene(app))
    step(app, 2)
    click_element(app, app.top.replay_btn)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.path == path
    press(app, pygame.K_e)
    assert path.with_suffix(".txt").exists()


def _hidden_backs(table) -> int:
    """How many cards the table draws face down (a card of None)."""
    return sum(1 for e in table.elements() for c in getattr(e, "cards", ()) if c.card is None)


def test_show_all_cards_turns_the_table_face_up_and_a_hides_them_again(app):
    match = finished("petrangola", 3)
    app.reset_to(ReplayScene(app, match))
    step(app, 2)
    scene = app.top
    press(app, pygame.K_RIGHT, frames=2)
    backs = _hidden_backs(scene.renderer.table)
    assert backs                                            # the other seats' hands are face down
    label = scene.buttons["all"].text
    press(app, pygame.K_a)
    assert scene.replay.revealed and _hidden_backs(scene.renderer.table) < backs
    hands = scene.renderer.table
    assert scene.buttons["all"].text != label
    for s in (1, 2):                                        # another seat's hand: face up, the real cards
        seat_cards = [c.card for c in hands.zone(f"hand:{s}").cards]
        assert seat_cards == scene.replay.snapshot()["hands"][s]
    press(app, pygame.K_a)
    assert not scene.replay.revealed and _hidden_backs(scene.renderer.table) == backs


def test_a_game_that_hides_nothing_has_nothing_to_show(app):
    app.reset_to(ReplayScene(app, finished("pirataki", 2)))
    step(app, 2)
    assert not app.top.buttons["all"].is_enabled
    press(app, pygame.K_a)
    assert not app.top.replay.revealed and app.top.note


def test_jump_to_a_move_by_slider_track_number_and_page_keys(app):
    match = finished("piraten_kapern", 2)
    app.reset_to(ReplayScene(app, match))
    step(app, 2)
    scene = app.top
    length = scene.replay.length
    assert length > 30
    # a click on the slider's bar goes there (pygame_gui's slider only drags its handle)
    bar = scene.slider.rect
    click(app, (bar.x + bar.width * 3 // 4, bar.centery))
    assert abs(scene.replay.position - length * 3 / 4) <= max(2, length // 20)
    assert scene.slider.get_current_value() == scene.replay.position
    # dragging the handle moves it too: the slider's own event
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=5, ui_element=scene.slider,
                                         ui_object_id="#replay_slider"))
    step(app, 2)
    assert scene.replay.position == 5
    # G, a number, Enter
    press(app, pygame.K_g)
    assert app.text_entry_focused()
    scene.move_entry.set_text("17")
    press(app, pygame.K_RETURN)
    assert scene.replay.position == 17 and not app.text_entry_focused() and scene.move_entry.get_text() == ""
    assert scene.slider.get_current_value() == 17
    press(app, pygame.K_s)                                  # a shortcut again once the entry is left
    assert scene.replay.viewer == 1
    # past the end goes to the end; keys page by ten
    press(app, pygame.K_g)
    scene.move_entry.set_text("99999")
    press(app, pygame.K_RETURN)
    assert scene.replay.position == length
    press(app, pygame.K_PAGEUP)
    assert scene.replay.position == length - 10
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_PAGEDOWN)
    assert scene.replay.position == length
    # while typing, letters are not shortcuts, and Esc leaves the entry, not the replay
    press(app, pygame.K_g)
    press(app, pygame.K_s, unicode="s")
    assert scene.replay.viewer == 1
    press(app, pygame.K_ESCAPE)
    assert app.top is scene and not app.text_entry_focused()
