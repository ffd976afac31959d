"""The results screen, headless: the recap fits (2 to 12 seats, 960×600 to 1920×1080), its buttons and keys work,
and the final table is read-only and comes back to the results."""
from __future__ import annotations

import pygame
import pytest

from piratetable.bots.base import decide
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui.app import App
from piratetable.ui.scenes.results import ResultsScene
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.scenes.title import TitleScene
from piratetable.ui.settings import Settings

from .helpers import click_element, press, run_until, step

SIZES = [(960, 600), (1280, 720), (1920, 1080)]
_played: dict = {}


def finished(game_id, n, seed=11):
    """A finished match (cached: several tests look at the same games)."""
    key = (game_id, n, seed)
    if key not in _played:
        seats = [Seat("Anna")] + [Seat(f"Long-named bot number {i}", "easy") for i in range(1, n)]
        match = Match(load_config(game_id), seats, seed)
        while not match.over:
            seat = match.current
            view, legal, stream = match.bot_inputs(seat)
            match.play(decide(match.game, match.seats[seat].bot or "easy", seat, view, legal, stream))
        _played[key] = match
    return _played[key]


def open_results(app, match):
    app.reset_to(ResultsScene(app, match))
    step(app, 3)
    assert isinstance(app.top, ResultsScene)
    return app.top


def check_fit(scene, size):
    """Nothing outside the window, under the buttons, or on top of something else."""
    w, h = size
    rects = scene.layout_rects
    window = pygame.Rect(0, 0, w, h)
    buttons = [b.rect for b in (scene.rematch, scene.view_table, scene.to_title, scene.replay_button)]
    assert [pygame.Rect(b) for b in buttons] == rects["buttons"]
    for i, b in enumerate(buttons):
        assert window.contains(b)
        assert all(not b.colliderect(o) for o in buttons[i + 1:])
    top_of_buttons = min(b.top for b in buttons)
    standings = rects["standings"]
    assert window.contains(standings) and standings.bottom <= top_of_buttons
    assert not standings.colliderect(rects["headline"])
    rows = rects["standing_rows"]
    assert len(rows) == len(scene.match.seats)
    for a, b in zip(rows, rows[1:]):
        assert a.bottom <= b.top
    assert all(standings.contains(r) and r.height >= 24 for r in rows)   # two lines of text at 960×600
    sections = [r for _id, r in rects["sections"]]
    assert sections, "the recap shows something"
    for i, r in enumerate(sections):
        assert r.height >= 30 and rects["recap"].contains(r) and r.bottom <= top_of_buttons
        assert not r.colliderect(standings) and not r.colliderect(rects["headline"])
        assert all(not r.colliderect(o) for o in sections[i + 1:])


CASES = [("petrangola", 12), ("petrangola", 3), ("piraten_kapern", 5), ("piraten_kapern", 2), ("piratz", 4),
         ("piratz", 2), ("pirataki", 4), ("pirataki", 2)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id, n", CASES)
def test_the_results_fit_every_window_from_two_to_twelve_seats(game_id, n, size):
    app = App(size=size, settings=Settings(speed="instant"))
    try:
        step(app, 2)
        scene = open_results(app, finished(game_id, n))
        check_fit(scene, size)
        ids = [sec_id for sec_id, _r in scene.layout_rects["sections"]]
        wanted = {"piraten_kapern": {"trips", "scores"}, "piratz": {"majority", "collections"},
                  "pirataki": {"ships", "pirates"}, "petrangola": {"pot", "outs"}}[game_id]
        assert wanted <= set(ids)
    finally:
        app.close()


def test_twelve_seats_at_960x600_show_every_place_with_its_score(app):
    small = App(size=(960, 600), settings=Settings(speed="instant"))
    try:
        step(small, 2)
        match = finished("petrangola", 12)
        scene = open_results(small, match)
        r = scene.recap
        assert [s.seat for s in r.standings].count(0) == 1 and len(r.standings) == 12
        assert r.standings[0].winner and r.standings[0].place == 1
        assert len(scene.layout_rects["standing_rows"]) == 12
        check_fit(scene, (960, 600))
    finally:
        small.close()


def test_rematch_starts_the_same_seats_again_by_button_and_key(app):
    match = finished("piratz", 2)
    scene = open_results(app, match)
    click_element(app, scene.rematch)
    assert isinstance(app.top, TableScene) and app.top.match is not match
    assert app.top.match.seats == match.seats and app.top.match.moves == 0
    open_results(app, match)
    press(app, pygame.K_r)
    assert isinstance(app.top, TableScene) and app.top.match.moves == 0


def test_back_to_title_by_button_enter_and_escape(app):
    match = finished("piraten_kapern", 2)
    for how in ("button", pygame.K_RETURN, pygame.K_ESCAPE):
        scene = open_results(app, match)
        if how == "button":
            click_element(app, scene.to_title)
        else:
            press(app, how)
        assert isinstance(app.top, TitleScene)


def test_view_final_table_shows_the_table_read_only_and_comes_back(app):
    match = finished("piratz", 2)
    moves = match.moves
    scene = open_results(app, match)
    click_element(app, scene.view_table)
    final = app.top
    assert isinstance(final, TableScene) and final.review and final.match is match
    step(app, 600)                                    # ten seconds: it never goes to the results by itself
    assert app.top is final and app.stack[-2] is scene
    for key in (pygame.K_SPACE, pygame.K_e, pygame.K_t, pygame.K_1, pygame.K_u):
        press(app, key)
    assert match.moves == moves and app.top is final  # nothing to play on a finished table
    assert not any(b.visible for b in final.action_bar.pool)     # no action bar
    press(app, pygame.K_ESCAPE)
    assert app.top is scene                           # the same results, not a new game
    press(app, pygame.K_v)
    assert isinstance(app.top, TableScene) and app.top.review
    click_element(app, app.top.menu_button)           # its Results button
    assert app.top is scene
    press(app, pygame.K_v)
    press(app, pygame.K_v)                            # V again goes back too
    assert app.top is scene


def test_the_final_table_of_a_hidden_information_game_needs_no_curtain(app):
    match = Match(load_config("petrangola"), [Seat("Anna"), Seat("Ben"), Seat("Bot", "easy")], 4)
    while not match.over:                             # two people at the screen (played here by a bot)
        seat = match.current
        view, legal, stream = match.bot_inputs(seat)
        match.play(decide(match.game, "easy", seat, view, legal, stream))
    scene = open_results(app, match)
    press(app, pygame.K_v, frames=4)
    assert isinstance(app.top, TableScene) and app.top.review and app.top.driver.awaiting_curtain is False
    press(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_a_game_played_to_the_end_at_the_table_opens_its_recap(app):
    match = Match(load_config("pirataki"), [Seat("Mary", "easy"), Seat("Anne", "easy")], 3)
    app.reset_to(TableScene(app, match))
    run_until(app, lambda: isinstance(app.top, ResultsScene), frames=6000)
    scene = app.top
    assert scene.recap.game == "pirataki" and scene.recap.standings[0].winner == bool(
        match.game.winners(match.state))
    check_fit(scene, app.size)


def test_the_recaps_texts_leave_with_the_results(app):
    """The results screen is composed once and kept whole: its texts (standings, the recap's sections) go to the
    small store of the moment, and the text store of what is drawn again and again gains next to nothing from it
    (the recap's 1.3 MiB of a 12-seat game stayed there into the next game)."""
    from piratetable.ui.text import TEXT
    match = finished("petrangola", 12)
    TEXT.clear()
    scene = open_results(app, match)
    assert len(scene.layout_rects["standing_rows"]) == 12        # the recap is drawn
    assert TEXT.cache.bytes < 64 * 1024, f"{TEXT.cache.bytes / 1024:.0f} KiB in {len(TEXT.cache)}"
    assert 0 < TEXT.passing.bytes <= TEXT.passing.budget and len(TEXT.passing) <= TEXT.passing.most
