"""The How-to-play guide scene (ui/scenes/guide.py): it opens for every game and variant, its pages turn with keys,
buttons and dots, the detailed rules open from it and lead back, and at 960x600 and 1280x720 nothing is drawn
outside the window, cut, or on top of something else."""
from __future__ import annotations

import itertools

import pygame
import pytest

from piratetable.config.loader import find_configs, load_config
from piratetable.engine.match import Match, Seat
from piratetable.engine.registry import BUILTIN, game_class
from piratetable.ui.app import App
from piratetable.ui.scenes.guide import GuideScene, open_guide
from piratetable.ui.scenes.rules import RulesScene
from piratetable.ui.scenes.title import TitleScene
from piratetable.ui.settings import Settings

from .helpers import click, click_element, press, start_table, step


def game_of(game_id, variant=None):
    return game_class(game_id)(load_config(game_id, variant))


def shipped():
    return [(e.config.game, e.config.variant) for e in find_configs(include_user=False)
            if e.config is not None and e.config.game in BUILTIN]


def opened(app, game):
    scene = open_guide(app, game)
    step(app, 2)
    assert app.top is scene and isinstance(scene, GuideScene)
    return scene


@pytest.mark.parametrize("game_id", list(BUILTIN))
def test_the_guide_opens_for_every_game_and_its_pages_turn(app, game_id):
    scene = opened(app, game_of(game_id))
    n = len(scene.pages)
    assert n >= 2 and scene.page == 0
    assert not scene.prev_button.is_enabled and scene.next_button.is_enabled
    press(app, pygame.K_RIGHT)
    assert scene.page == 1 and scene.prev_button.is_enabled
    press(app, pygame.K_LEFT)
    assert scene.page == 0
    press(app, pygame.K_PAGEDOWN)
    assert scene.page == 1
    press(app, pygame.K_PAGEUP)
    assert scene.page == 0
    press(app, pygame.K_LEFT)                      # no page before the first
    assert scene.page == 0
    press(app, pygame.K_END)
    assert scene.page == n - 1 and not scene.next_button.is_enabled
    press(app, pygame.K_RIGHT)                     # none after the last
    assert scene.page == n - 1
    press(app, pygame.K_HOME)
    click_element(app, scene.next_button)
    assert scene.page == 1
    click_element(app, scene.prev_button)
    assert scene.page == 0
    step(app, 1)
    click(app, scene.dots[n - 1].center)           # the page dots are clickable
    assert scene.page == n - 1
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_the_detailed_rules_open_from_the_guide_and_lead_back_to_it(app):
    game = game_of("pirataki")
    scene = opened(app, game)
    press(app, pygame.K_RIGHT)
    click_element(app, scene.rules_button)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.game is game and rules.from_guide
    step(app, 2)
    assert rules.doc_height > rules.page.height      # the rules text is there
    press(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.page == 1      # back on the page we left
    press(app, pygame.K_r)
    assert isinstance(app.top, RulesScene)
    click_element(app, app.top.guide_button)          # "How to play" from these rules: back to the guide
    assert app.top is scene


def test_the_rules_screen_from_the_title_opens_the_guide_of_the_game_shown(app):
    rules = RulesScene(app)
    app.push(rules)
    step(app, 2)
    assert app.top is rules
    i = [e.id for e in rules.entries].index("petrangola")
    click_element(app, rules.game_buttons[i])
    press(app, pygame.K_g)
    guide = app.top
    assert isinstance(guide, GuideScene) and guide.game.id == "petrangola"
    press(app, pygame.K_ESCAPE)
    assert app.top is rules


def test_f1_style_opening_from_the_table_shows_the_match_config(app):
    config = load_config("piraten_kapern", "classic")
    table = start_table(app, Match(config, [Seat("Anna"), Seat("Bo")], seed=3))
    scene = opened(app, table.match.game)
    assert scene.game is table.match.game
    assert "6000" in " ".join(scene.pages[0].paragraphs)
    press(app, pygame.K_ESCAPE)
    assert app.top is table


def test_the_guide_accepts_a_config_a_class_an_id_or_a_catalog_entry(app):
    from piratetable.ui.catalog import games
    entry = next(e for e in games() if e.id == "piratz")
    for what in (load_config("piratz"), game_class("piratz"), "piratz", entry):
        scene = opened(app, what)
        assert scene.game is not None and scene.game.id == "piratz" and not scene.tabs
        press(app, pygame.K_ESCAPE)


def test_without_a_game_the_guide_offers_a_tab_per_game(app):
    scene = opened(app, None)
    assert scene.tabs and [e.game.id for e in scene.entries] == list(BUILTIN)
    assert len(scene.tab_buttons) == len(BUILTIN)
    press(app, pygame.K_RIGHT)
    click_element(app, scene.tab_buttons[2])
    scene = app.top
    assert scene.game.id == "pirataki" and scene.page == 0
    press(app, pygame.K_TAB)
    assert scene.game.id == "petrangola"


def test_an_unknown_game_says_so_instead_of_failing(app):
    scene = opened(app, "no_such_game")
    assert scene.game is None and not scene.rules_button.is_enabled
    assert "cannot be shown" in " ".join(scene.pages[0].paragraphs)
    press(app, pygame.K_r)                           # the key says why, it does not fail
    assert app.top is scene
    step(app, 2)


def _check_layout(scene, size):
    window = pygame.Rect((0, 0), size)
    panel, area = scene._frame()
    assert window.contains(panel) and panel.contains(area)
    for i in range(len(scene.pages)):
        lay = scene.layout(i)
        assert lay.fits, f"{scene.entry.name} page {i + 1} at {size}: text cut"
        rects = lay.rects()
        assert rects and all(area.contains(r) for r in rects), f"{scene.entry.name} page {i + 1} at {size}"
        boxes = [c.box for c in lay.cells]
        for a, b in itertools.combinations(boxes, 2):
            assert not a.colliderect(b), f"{scene.entry.name} page {i + 1} at {size}: pictures overlap"
        for box in boxes:
            assert not box.colliderect(lay.text_rect), f"{scene.entry.name} page {i + 1}: text over a picture"
        for cell in lay.cells:
            assert all(cell.box.contains(r) for r in cell.items), f"{scene.entry.name}: picture outside its cell"
            for img, pos in cell.caption:
                assert cell.box.contains(pygame.Rect(pos, img.get_size())), f"{scene.entry.name}: caption cut"
        assert lay.size >= 15, f"{scene.entry.name} page {i + 1} at {size}: print too small ({lay.size})"
    widgets = [scene.close_button, scene.rules_button, scene.prev_button, scene.next_button, *scene.tab_buttons]
    for w in widgets:
        assert window.contains(w.rect), w.text
    for a, b in itertools.combinations(widgets, 2):
        assert not a.rect.colliderect(b.rect), (a.text, b.text)
    for w in widgets:
        assert not w.rect.colliderect(panel), f"{w.text} over the page"
    footer = [scene.hint_rect, *scene.dots]
    assert footer[0].width and all(window.contains(r) and not r.colliderect(panel) for r in footer)
    for r in footer:
        assert not any(r.colliderect(w.rect) for w in widgets), "the key hint or a dot under a button"


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_nothing_is_drawn_outside_the_window_cut_or_on_top_of_something(size):
    app = App(size=size, settings=Settings(speed="instant"))
    try:
        step(app, 2)
        for game_id, variant in shipped():
            scene = opened(app, game_of(game_id, variant))
            _check_layout(scene, size)
            for i in range(len(scene.pages)):   # every page draws without error at this size
                scene.go(i)
                app.dirty = True
                step(app, 1)
            press(app, pygame.K_ESCAPE)
        scene = opened(app, None)
        for i in range(len(scene.entries)):
            scene.choose_game(i)
            step(app, 1)
            _check_layout(scene, size)
    finally:
        app.close()


def test_the_guide_follows_a_window_resize():
    app = App(size=(1280, 720), settings=Settings(speed="instant"))
    try:
        step(app, 2)
        scene = opened(app, game_of("piraten_kapern"))
        press(app, pygame.K_RIGHT)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=600, size=(960, 600)))
        step(app, 3)
        assert app.top is scene and app.size == (960, 600) and scene.page == 1
        _check_layout(scene, (960, 600))
    finally:
        app.close()
