"""Damaged or hostile saves in the app (issue 16): the app always starts, a bad autosave is set aside and said so
on the title, hostile text never reaches the font renderer unbounded, named saves are never replaced silently."""
from __future__ import annotations

import json
import time

import pygame
import pytest

from piratetable import savegame
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui.app import App
from piratetable.ui.saves import save_name_ok
from piratetable.ui.scenes.load import LoadScene
from piratetable.ui.scenes.message import MessageScene
from piratetable.ui.scenes.save_dialog import SaveDialog
from piratetable.ui.scenes.title import TitleScene
from piratetable.ui.settings import Settings
from piratetable.ui.text import TEXT

from .helpers import click_element, press, start_table, step


def a_match(names=("Ann", "Ben"), moves=2):
    match = Match(load_config("piraten_kapern"), [Seat(n) for n in names], seed=3)
    while len(match.history) < moves and not match.over:
        match.play(match.legal()[-1])
    return match


def save_text(**changes) -> str:
    data = savegame.to_json(a_match())
    data.update(changes)
    return json.dumps(data)


DAMAGED = {
    "actions_not_a_list": lambda: save_text(actions=5),
    "seed_of_5000_digits": lambda: save_text().replace('"seed": 3', '"seed": ' + "7" * 5000),
    "nested_1000_deep": lambda: "[" * 1000 + "]" * 1000,
    "nul_in_a_name": lambda: save_text(seats=[{"name": "Ann\x00", "bot": None}, {"name": "Ben", "bot": None}]),
    "not_json": lambda: "{\"version\": 2, ",
}


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_a_damaged_autosave_is_set_aside_and_reported_on_the_title(piratetable_home, case):
    saves = piratetable_home / "saves"
    saves.mkdir()
    text = DAMAGED[case]()
    (saves / "autosave.json").write_text(text, encoding="utf-8")
    app = App(settings=Settings(speed="instant"))      # never raises
    try:
        step(app, 3)
        assert isinstance(app.stack[0], TitleScene) and not app.stack[0].info.unfinished
        message = app.top
        assert isinstance(message, MessageScene) and "could not be read" in message.text
        kept = list(saves.glob("autosave.damaged-*.json"))
        assert len(kept) == 1 and not (saves / "autosave.json").exists()
        assert kept[0].name in message.text and kept[0].read_text(encoding="utf-8") == text
        assert "\x00" not in message.text and len(message.text) < 1000
    finally:
        app.close()


def test_a_good_autosave_is_left_alone_and_stale_temporaries_are_removed(piratetable_home):
    saves = piratetable_home / "saves"
    saves.mkdir()
    savegame.save(a_match(), saves / "autosave.json")
    stale = saves / "autosave.json.999999999.k2j4h5g6.tmp"
    stale.write_text("{\"version\"")
    app = App(settings=Settings(speed="instant"))
    try:
        step(app, 2)
        assert isinstance(app.top, TitleScene) and app.top.info.unfinished
        assert not stale.exists() and (saves / "autosave.json").exists()
    finally:
        app.close()


def test_the_text_renderer_never_raises_and_bounds_what_it_draws(app):
    for text in ("Ann\x00Bonny", "\x00", "tab\there", "lone \ud800 surrogate", "x" * 3_000_000):
        surf = TEXT.render(text, 18)
        assert 0 < surf.get_width() < 20_000
        TEXT.width(text, 18)
        assert len(TEXT.ellipsize(text, 18, 300)) <= 400
    start = time.monotonic()
    lines = TEXT.wrap("y" * 10_000_000, 18, 500)
    assert time.monotonic() - start < 5 and lines


def test_a_nul_or_a_huge_name_at_the_table_draws_and_the_app_goes_on(app):
    match = Match(load_config("piraten_kapern"), [Seat("Ann\x00"), Seat("B" * 5_000_000)], seed=2)
    start_table(app, match)
    step(app, 5)
    app.draw()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    step(app, 3)


@pytest.mark.parametrize("change", [
    lambda d: d["actions"].append("z" * 10_000_000),
    lambda d: d["actions"].append("z" * 3_000_000),
    lambda d: d["seats"][0].update(name="Ann\x00"),
    lambda d: d["seats"][0].update(name="N" * 5_000_000),
    lambda d: d.update(setup="abc"),
])
def test_loading_a_hostile_save_gives_a_short_message_and_draws(app, piratetable_home, change):
    saves = piratetable_home / "saves"
    saves.mkdir(exist_ok=True)
    data = savegame.to_json(a_match())
    change(data)
    path = saves / "shared.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    (saves / "broken.json").symlink_to(saves / "missing.json")   # a dangling link is not listed
    app.push(LoadScene(app))
    step(app, 2)
    scene = app.top
    assert isinstance(scene, LoadScene) and scene.paths == [path]
    scene._load(path)
    step(app, 3)
    message = app.top
    assert isinstance(message, MessageScene) and message.title == "Cannot load"
    assert str(path) in message.text and len(message.text) < 2000 and "\x00" not in message.text
    app.draw()


def test_save_names_are_unique_and_an_existing_save_is_replaced_only_when_asked(app, piratetable_home):
    match = a_match()
    table = start_table(app, match)
    app.push(SaveDialog(app, match))
    step(app, 2)
    first = app.top
    assert isinstance(first, SaveDialog) and first.name.startswith("piraten_kapern-")
    first.save()
    step(app, 2)
    saved = piratetable_home / "saves" / f"{first.name}.json"
    assert saved.exists() and app.top is table
    app.push(SaveDialog(app, match))
    step(app, 2)
    second = app.top
    assert second.name != first.name and not (piratetable_home / "saves" / f"{second.name}.json").exists()
    before = saved.read_text()
    second.entry.set_text(first.name)
    second.save()
    step(app, 2)
    question = app.top
    assert isinstance(question, MessageScene) and first.name in question.text
    press(app, pygame.K_RETURN)                 # Enter keeps the old save: replacing takes the button
    assert app.top is second and saved.read_text() == before
    second.save()
    step(app, 2)
    click_element(app, app.top.buttons["keep"])
    assert app.top is second and saved.read_text() == before
    match.play(match.legal()[-1])
    second.save()
    step(app, 2)
    click_element(app, app.top.buttons["go"])
    step(app, 2)
    assert app.top is table and len(savegame.load(saved).history) == len(match.history)


@pytest.mark.parametrize("name", ["autosave", "AutoSave.json", " autosave ", "autosave.damaged-1"])
def test_the_autosave_name_is_reserved(name):
    assert save_name_ok(name)


def _illegal_move(data):
    data["actions"][0] = "stop"                     # a trip cannot stop before its first roll


def _changed_deck(data):
    data["config"]["text"] = data["config"]["text"].replace("count: 4", "count: 9", 1)


def _tampered_chance(data):
    data["chance"][0][0] = "skull"


@pytest.mark.parametrize("change", [_illegal_move, _changed_deck, _tampered_chance])
def test_an_autosave_that_passes_the_check_but_does_not_replay_is_set_aside_on_resume(piratetable_home, change):
    saves = piratetable_home / "saves"
    saves.mkdir()
    data = savegame.to_json(a_match(moves=4))
    change(data)
    savegame.check(data, "autosave.json")           # the start-up check cannot see it
    text = json.dumps(data)
    (saves / "autosave.json").write_text(text, encoding="utf-8")
    app = App(settings=Settings(speed="instant"))
    try:
        step(app, 2)
        title = app.top
        assert isinstance(title, TitleScene) and title.info.unfinished     # nothing said at the start
        press(app, pygame.K_r)
        step(app, 2)
        message = app.top
        assert isinstance(message, MessageScene) and message.title == "Cannot resume"
        kept = list(saves.glob("autosave.damaged-*.json"))
        assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text
        assert not (saves / "autosave.json").exists()
        assert "could not be resumed" in message.text and kept[0].name in message.text
        assert ("actions[0]" if change is _illegal_move else "chance:") in message.text
        press(app, pygame.K_RETURN)                 # the message closes: Resume is off for good
        step(app, 2)
        assert app.top is title and not title.info.unfinished
        assert not title.buttons["resume"].is_enabled
        press(app, pygame.K_r)
        step(app, 2)
        assert app.top is title and len(list(saves.glob("autosave.damaged-*.json"))) == 1
    finally:
        app.close()
