"""The replay viewer: opened from the results and from the Load screen, steps with ← → Home End, changes the
viewing seat (hidden cards stay hidden for it), shows every card only once the game is over, exports the text
record next to the save."""
from __future__ import annotations

import pygame
import pytest

from piratetable import savegame
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui.scenes.load import LoadScene
from piratetable.ui.scenes.replay import ReplayScene
from piratetable.ui.scenes.results import ResultsScene

from .helpers import click_element, press, step
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
