"""Statistics: a finished game is recorded once when its results open (not again on Resume or a second results
screen), the Statistics screen (T on the title) lists the people and a chosen name's figures, Reset asks first,
and a damaged file gives a message, never a traceback."""
from __future__ import annotations

import pygame
import pytest

from piratetable.stats import Stats, default_path
from piratetable.ui.scenes.message import MessageScene
from piratetable.ui.scenes.results import ResultsScene
from piratetable.ui.scenes.statistics import StatisticsScene, lines_for
from piratetable.ui.scenes.title import TitleScene

from .helpers import click_element, press, step
from .test_layout import NAMES, finished


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))




def test_a_finished_game_is_recorded_once_when_its_results_open(app):
    match = finished("piraten_kapern", 2)
    app.reset_to(ResultsScene(app, match))
    step(app, 2)
    assert app.top.recorded
    app.reset_to(ResultsScene(app, match))      # the same game again (Resume of a finished save, a second look)
    step(app, 2)
    assert not app.top.recorded
    stats = Stats(default_path())
    assert stats.names() == [NAMES[0]] and stats.summary(NAMES[0]).games == 1


def test_the_statistics_screen_lists_names_and_a_names_figures(app, drawn):
    match = finished("piraten_kapern", 2)
    Stats(default_path()).record_game(match)
    app.reset_to(TitleScene(app))
    step(app, 2)
    press(app, pygame.K_t)
    assert isinstance(app.top, StatisticsScene) and app.top.chosen == NAMES[0]
    assert NAMES[0] in app.top.name_buttons
    drawn.clear()
    app.dirty = True
    step(app, 1)
    lines = [text for text, _i, _h in lines_for(app.top.stats, NAMES[0])]
    assert any("1 game" in line for line in lines) and any("against easy bots" in line for line in lines)
    assert any("best trip" in line and "Skull Island" in line for line in lines)
    assert any("Piraten Kapern" in t for t in drawn) and any("best trip" in t for t in drawn)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_reset_asks_first(app):
    Stats(default_path()).record_game(finished("piraten_kapern", 2))
    app.reset_to(StatisticsScene(app))
    step(app, 2)
    scene = app.top
    click_element(app, scene.reset_button)
    assert isinstance(app.top, MessageScene)
    click_element(app, app.top.buttons["cancel"])
    assert app.top is scene and Stats(default_path()).names() == [NAMES[0]]
    click_element(app, scene.reset_button)
    press(app, pygame.K_RETURN)                 # a reflex Enter picks the safe choice: nothing is lost
    assert app.top is scene and Stats(default_path()).names() == [NAMES[0]]
    click_element(app, scene.reset_button)
    click_element(app, app.top.buttons["reset"])
    step(app, 2)
    assert app.top is scene and Stats(default_path()).names() == [] and scene.chosen is None


def test_a_damaged_file_gives_a_message_not_a_traceback(app, drawn):
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database" * 100)
    app.reset_to(TitleScene(app))
    step(app, 2)
    press(app, pygame.K_t)
    assert isinstance(app.top, StatisticsScene)
    drawn.clear()
    app.dirty = True
    step(app, 1)
    assert not any("Traceback" in t for t in drawn)
    assert app.top.problem or any("No finished game" in t for t in drawn)


def test_the_figures_grow_with_the_text_size(monkeypatch):
    """At text 150 % the Statistics figures printed at 15 px, as at 100 %, beside buttons half as large again: the
    figures follow the text size (18 and 15 px times the scale), and still fit their panel."""
    from piratetable.ui.app import App
    from piratetable.ui.settings import Settings

    from .helpers import record_text
    Stats(default_path()).record_game(finished("piraten_kapern", 2))
    seen = []
    app = App(settings=Settings(speed="instant", ui_scale=1.5))
    try:
        app.reset_to(StatisticsScene(app))
        step(app, 2)
        scene = app.top
        lines = {text for text, _i, _h in lines_for(scene.stats, NAMES[0])}
        record_text(monkeypatch, lambda surf, text, size: seen.append((text, size, surf.get_width())))
        app.dirty = True
        step(app, 1)
        figures = [(text, size, width) for text, size, width in seen if text in lines]
        assert figures and min(size for _t, size, _w in figures) >= round(15 * 1.5)
        assert max(width for _t, _s, width in figures) <= scene.body.width - 28
    finally:
        app.close()
