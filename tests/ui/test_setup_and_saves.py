"""The remembered new-game set-up, the warning before an unfinished game is replaced, the Load list."""
from __future__ import annotations

import json

import pygame
import pytest

from piratetable import savegame
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui.app import App
from piratetable.ui.saves import AUTOSAVER, write_autosave
from piratetable.ui.scenes.curtain import CurtainScene
from piratetable.ui.scenes.load import LoadScene
from piratetable.ui.scenes.message import MessageScene
from piratetable.ui.scenes.new_game import NewGameScene
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.scenes.title import TitleScene
from piratetable.ui.settings import Settings

from .helpers import click_element, open_new_game, press, step


def _new_game(app) -> NewGameScene:
    return open_new_game(app)


def _unfinished_autosave():
    match = Match(load_config("piraten_kapern"), [Seat("Anna"), Seat("Bo")], 3)
    match.play(match.legal()[0])
    write_autosave(match)
    assert AUTOSAVER.flush()
    return match


def test_the_last_set_up_comes_back_after_a_restart(app, piratetable_home):
    scene = _new_game(app)
    piratz = next(i for i, g in enumerate(scene.games) if g.id == "piratz")
    click_element(app, scene.game_buttons[piratz])
    scene = app.top
    click_element(app, scene.add_button)
    scene.name_entries[0].set_text("Anna")
    step(app, 1)
    click_element(app, scene.start)
    assert isinstance(app.top, TableScene)
    saved = json.loads((piratetable_home / "last_setup.json").read_text(encoding="utf-8"))
    seats = saved["seats"]
    assert saved["game"] == "piratz" and len(seats) == 3 and seats[0] == {"name": "Anna", "kind": "human"}
    app.close()
    again = App(settings=Settings(speed="instant"))   # a new start of the program
    try:
        step(again, 2)
        scene = _new_game(again)
        assert scene.game.id == "piratz" and scene.seats == seats
        assert scene.variant.config.variant == saved["variant"]
        assert [e.get_text() for e in scene.name_entries] == [s["name"] for s in seats]
    finally:
        again.close()


def test_a_damaged_set_up_file_gives_the_usual_defaults(app, piratetable_home):
    (piratetable_home / "last_setup.json").write_text('{"game": 3, "seats": [{"name": 7}]}', encoding="utf-8")
    scene = _new_game(app)
    assert scene.game is not None and len(scene.seats) >= 2 and all(isinstance(s["name"], str) for s in scene.seats)


def test_starting_a_new_game_asks_before_it_replaces_an_unfinished_one(app, piratetable_home):
    old = _unfinished_autosave()
    app.reset_to(TitleScene(app))
    step(app, 2)
    scene = _new_game(app)
    click_element(app, scene.start)
    warning = app.top
    assert isinstance(warning, MessageScene) and "Piraten Kapern" in warning.text and "Resume" in warning.text
    press(app, pygame.K_ESCAPE)                        # keep it: nothing started, the autosave is untouched
    assert app.top is scene
    saved = json.loads((piratetable_home / "saves" / "autosave.json").read_text(encoding="utf-8"))
    assert saved["actions"] == [e.action for e in old.history]
    click_element(app, scene.start)
    click_element(app, app.top.buttons["go"])          # go on: the new game starts
    assert isinstance(app.top, TableScene) and app.top.match is not old


def test_no_question_when_the_autosaved_game_is_finished(app, piratetable_home):
    (piratetable_home / "saves").mkdir()
    (piratetable_home / "saves" / "autosave.json").write_text(json.dumps({"over": True}), encoding="utf-8")
    scene = _new_game(app)
    click_element(app, scene.start)
    assert isinstance(app.top, TableScene)


def test_loading_a_save_asks_too_and_the_list_says_what_each_save_holds(app, piratetable_home):
    saved = Match(load_config("petrangola"), [Seat(f"P{i}") for i in range(1, 9)], 5)
    for _ in range(3):
        saved.play(saved.legal()[0])
    savegame.save(saved, piratetable_home / "saves" / "evening.json")
    _unfinished_autosave()
    app.reset_to(TitleScene(app))
    step(app, 2)
    press(app, pygame.K_l)
    scene = app.top
    assert isinstance(scene, LoadScene)
    label = next(text for text in scene.labels if text.startswith("evening"))
    # game, players (eight seats: the first three and how many more), moves, date
    assert "Petrangola" in label and "P1, P2, P3, 5 others" in label and "3 moves" in label
    assert any(ch.isdigit() for ch in label.rsplit("—", 1)[-1])
    item = next(i for i in scene.list.item_list if i["text"] == label)
    click_element(app, item["button_element"])
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, MessageScene) and "Replace" in app.top.title
    press(app, pygame.K_RETURN)                        # a reflex Enter keeps the unfinished game
    assert app.top is scene
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, MessageScene)
    click_element(app, app.top.buttons["go"])          # load it (eight people: the curtain)
    assert isinstance(app.top, CurtainScene) and len(app.stack[-2].match.seats) == 8


def test_the_title_resume_line_names_the_variant(app, piratetable_home):
    match = Match(load_config("piraten_kapern", "classic"), [Seat("Anna"), Seat("Bo")], 3)
    match.play(match.legal()[0])
    write_autosave(match)
    assert AUTOSAVER.flush()
    app.reset_to(TitleScene(app))
    step(app, 2)
    summary = app.top.info.summary
    assert app.top.info.unfinished
    assert summary.startswith("Piraten Kapern (classic box game) with Anna, Bo")   # the game named once
    assert summary.count("Piraten Kapern") == 1 and "1 move" in summary


def _autosave_of_a_user_variant(title: str):
    from pathlib import Path

    from piratetable.config.loader import load_config_file, user_config_dir
    text = Path(load_config("piraten_kapern").path).read_text(encoding="utf-8")
    text = text.replace("title: Piraten Kapern", f"title: {title}").replace("target: 8000", "target: 3000")
    user_config_dir().mkdir(parents=True, exist_ok=True)
    path = user_config_dir() / "quick.yaml"
    path.write_text(text, encoding="utf-8")
    match = Match(load_config_file(path), [Seat("Anna"), Seat("Bo", "easy")], 3)
    match.play(match.legal()[0])
    write_autosave(match)
    assert AUTOSAVER.flush()


@pytest.mark.parametrize("title, shown", [
    ("Piraten Kapern (quick 3000)", "Resume: Piraten Kapern (quick 3000) with Anna, Bo"),   # names the game already
    ("Quick 3000", "Resume: Piraten Kapern (Quick 3000) with Anna, Bo"),                    # does not: both, once each
])
def test_the_resume_line_names_the_game_and_a_user_variant_once(app, piratetable_home, drawn, title, shown):
    _autosave_of_a_user_variant(title)
    app.reset_to(TitleScene(app))
    step(app, 2)
    drawn.clear()
    app.dirty = True
    step(app, 1)
    line = next(t for t in drawn if t.startswith("Resume:"))
    assert line.startswith(shown) and line.count("Piraten Kapern") == 1, line


def test_the_resume_line_names_the_game_in_the_language_of_the_app(app, piratetable_home):
    from piratetable.i18n import set_language
    from piratetable.ui.saves import autosave_info
    write_autosave(Match(load_config("pirataki"), [Seat("Anna"), Seat("Bo")], 3))
    assert AUTOSAVER.flush()
    try:
        set_language("ru")
        summary = autosave_info().summary
    finally:
        set_language("en")
    assert summary.startswith("Пирататак: Anna, Bo — 0 ходов"), summary


def test_the_load_list_names_the_autosave_in_the_language_shown(app, piratetable_home):
    """An Italian player saw "autosave — Piraten Kapern con …" in the Load list: the program's file name in
    English. The autosave is named in the language shown; a save the player named keeps its name."""
    from piratetable import i18n
    saved = Match(load_config("piraten_kapern"), [Seat("Anna"), Seat("Bo")], 5)
    savegame.save(saved, piratetable_home / "saves" / "autosave_evening.json")
    _unfinished_autosave()
    app.set_language("it")
    app.reset_to(TitleScene(app))
    step(app, 2)
    press(app, pygame.K_l)
    scene = app.top
    assert isinstance(scene, LoadScene)
    step(app, 3)
    heads = sorted(text.split("  —  ")[0] for text in scene.labels)
    assert heads == sorted([i18n._("Autosave"), "autosave_evening"])
    assert i18n._("Autosave") == "Salvataggio automatico"
