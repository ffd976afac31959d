"""Live reload (issue 29): the app follows the user config folder while it runs — New game's list re-lists a file
made, changed or removed in an editor, within two seconds and without F5; a game in progress keeps the config it
started with and says that its file changed; the watching thread ends with the app.

The folder's watch looks every POLL seconds (here 0.03 s, so the tests wait a fraction of a second in all)."""
from __future__ import annotations

import os
import threading
import time

import pygame
import pytest

from piratetable import folder_watch, savegame
from piratetable.config.loader import load_config, load_config_file, user_config_dir
from piratetable.engine.match import Match, Seat
from piratetable.folder_watch import Change
from piratetable.ui.app import App
from piratetable.ui.settings import Settings
from piratetable.ui.setup_form import SetupForm
from piratetable.ui.watch import WATCH_EVENT, read_config

from .helpers import open_new_game, press, start_table, step

TEXT = load_config("piraten_kapern").text


@pytest.fixture
def live(monkeypatch, piratetable_home):
    """The app, its folder's watch looking every 0.03 s; the user config folder made."""
    monkeypatch.setattr(folder_watch, "POLL", 0.03)
    user_config_dir().mkdir(parents=True)
    app = App(settings=Settings(speed="instant"))
    step(app, 2)
    yield app
    app.close()


def write(name: str, title: str | None = "Quick seas", text: str = TEXT) -> None:
    """Save a config as many editors do, whole at once (a temporary file renamed into place): a save in several
    steps is seen once it is done, which tests/test_folder_watch.py checks look by look."""
    if title is not None:
        text = text.replace("title: Piraten Kapern", f"title: {title}", 1)
    temporary = user_config_dir() / f"{name}.tmp"
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, user_config_dir() / name)


def until(app, condition, seconds: float = 2.0) -> float:
    """Frames (the real loop's rest between them) until `condition()`; the seconds it took. Fails after `seconds`:
    what the folder's watch reports must reach the screen within two seconds."""
    began = time.monotonic()
    while not condition():
        assert time.monotonic() - began < seconds, "not followed within the time"
        app.step(1 / 60)
        time.sleep(0.005)
    return time.monotonic() - began


def mine(scene) -> list[tuple[str, str]]:
    """The user's files in the list: (file, title or its error's first words)."""
    return [(v.path.name, v.title if v.error is None else "ERROR") for v in scene.variants if v.user]


def test_the_new_game_list_follows_files_made_changed_broken_and_removed(live):
    write("quick.yaml")
    scene = open_new_game(live)
    assert mine(scene) == [("quick.yaml", "Quick seas")]
    chosen = scene.variant.path
    write("another.yaml", "Another sea")                        # a new file: listed, in its place
    until(live, lambda: len(mine(live.top)) == 2 and ("another.yaml", "Another sea") in mine(live.top))
    scene = live.top
    assert mine(scene) == [("another.yaml", "Another sea"), ("quick.yaml", "Quick seas")]
    assert "another.yaml is new: added to the list" in live._toast[0]
    assert scene.variant.path == chosen                        # the choice stays
    assert any("Another sea (your config: another.yaml)" in label for label in scene.labels)

    write("quick.yaml", "Quicker seas")                        # changed: re-checked
    until(live, lambda: ("quick.yaml", "Quicker seas") in mine(live.top))
    assert live._toast[0] == "quick.yaml changed — re-checked"

    write("quick.yaml", None, TEXT.replace("target: 8000", "target: lots"))    # broken: marked with its error
    until(live, lambda: any(v.path.name == "quick.yaml" and "target" in (v.error or "") for v in live.top.variants))
    scene = live.top
    assert live._toast[0] == "quick.yaml changed — re-checked: it has an error now"
    broken = next(i for i, v in enumerate(scene.variants) if v.path.name == "quick.yaml")
    assert "target" in scene.variants[broken].error and "quick.yaml:" in scene.variants[broken].error
    assert any("Cannot be played: quick.yaml" in label for label in scene.labels)
    scene._choose(broken)                                       # chosen: its validator message shows
    info = [text for text, *_rest in scene.form.info(user_config_dir(), "F5")]
    assert "This config has an error and cannot be played:" in info
    assert any("target" in line and "quick.yaml:" in line for line in info)
    assert not scene.start.is_enabled

    (user_config_dir() / "another.yaml").unlink()              # removed: it goes
    until(live, lambda: len(mine(live.top)) == 1)
    assert live._toast[0] == "another.yaml was removed from your config folder"
    assert live.top.variant.path.name == "quick.yaml"          # the choice stays while it is listed


def test_the_chosen_variant_is_loaded_again_when_its_file_changes(live):
    write("quick.yaml")
    live.last_setup = {"game": "piraten_kapern", "variant": "user:quick", "seats": []}
    scene = open_new_game(live)
    assert scene.variant.config is not None and scene.variant.config.rules.target == 8000
    write("quick.yaml", "Quick seas", TEXT.replace("target: 8000", "target: 3000"))
    until(live, lambda: live.top.settled and live.top.variant.config is not None
          and live.top.variant.config.rules.target == 3000)
    assert live.top.variant.path.name == "quick.yaml"


def test_a_file_removed_while_chosen_gives_way_to_a_playable_one(live):
    write("quick.yaml")
    live.last_setup = {"game": "piraten_kapern", "variant": "user:quick", "seats": []}
    scene = open_new_game(live)
    assert scene.variant.variant == "user:quick"
    (user_config_dir() / "quick.yaml").unlink()
    until(live, lambda: not mine(live.top))
    until(live, lambda: live.top.settled)
    assert live.top.variant.error is None and live.top.form.playable and live.top.start.is_enabled


def test_a_change_wakes_the_resting_app_within_two_seconds(live):
    """The loop rests in `pygame.event.wait` when nothing moves: the watch posts an event that wakes it."""
    open_new_game(live)
    pygame.event.clear()
    write("woken.yaml")
    began = time.monotonic()
    event = pygame.event.wait(3000)
    assert event.type == WATCH_EVENT and time.monotonic() - began < 2.0
    until(live, lambda: ("woken.yaml", "Quick seas") in mine(live.top), seconds=0.5)


def test_a_game_in_progress_keeps_its_config_and_says_a_newer_version_exists(live, drawn):
    write("quick.yaml")
    config = load_config_file(user_config_dir() / "quick.yaml", "user:quick")
    match = Match(config, [Seat("Ann"), Seat("Bot", "easy")], seed=3)
    table = start_table(live, match)
    until(live, lambda: live.configs.watch.looks >= 3)
    step(live, 2)
    assert not table.newer.newer and "quick.yaml changed since this game began (not applied)" not in drawn
    write("quick.yaml", "Quick seas", TEXT.replace("target: 8000", "target: 3000"))
    until(live, lambda: table.newer.newer)
    step(live, 2)
    assert "quick.yaml changed since this game began (not applied)" in " ".join(drawn)
    assert live._toast[0].startswith("quick.yaml changed: this game goes on with the version it started with")
    assert match.config.rules.target == 8000                  # not applied
    assert savegame.to_json(match)["config"]["text"] == TEXT.replace("title: Piraten Kapern", "title: Quick seas")
    write("quick.yaml")                                         # the same text again: no newer version
    until(live, lambda: not table.newer.newer)


def test_a_resumed_game_says_at_once_that_its_file_changed_while_the_app_was_closed(live):
    write("quick.yaml", "Quick seas", TEXT.replace("target: 8000", "target: 3000"))
    old = TEXT.replace("title: Piraten Kapern", "title: Quick seas", 1)
    config = load_config_file(user_config_dir() / "quick.yaml", "user:quick")
    config = type(config)(**{**config.__dict__, "text": old})      # as a save holds it: the text it began with
    table = start_table(live, Match(config, [Seat("Ann"), Seat("Bot", "easy")], seed=3))
    until(live, lambda: table.newer.newer)


def test_a_game_on_a_shipped_config_is_not_watched(live):
    table = start_table(live, Match(load_config("piraten_kapern"), [Seat("Ann"), Seat("Bot", "easy")], seed=3))
    assert not table.newer.watched and table.newer.note == ""


def test_no_watching_thread_is_left_after_the_app_closes(monkeypatch, piratetable_home):
    monkeypatch.setattr(folder_watch, "POLL", 0.03)
    app = App(settings=Settings(speed="instant"))
    step(app, 2)
    assert app.configs.watch.alive
    app.close()
    assert not app.configs.watch.alive
    assert app.configs.watch._thread not in threading.enumerate()


def test_a_file_the_watch_told_of_while_the_folder_was_being_read_is_listed_once(piratetable_home):
    """The watch may report a file before the New game screen's reading of the folder takes it: the list keeps the
    watch's (newer) word and does not list the file twice."""
    user_config_dir().mkdir(parents=True)
    write("quick.yaml")
    form = SetupForm({"game": "piraten_kapern"})
    assert form.scan.finished.result(timeout=60)          # read, not taken yet
    write("quick.yaml", "Quicker seas")
    path = user_config_dir() / "quick.yaml"
    assert form.follow([Change(path, "changed", read_config(path))])[1] == [("quick.yaml", "changed")]
    while not (form.scan.complete and not form.todo):
        form.take()
    assert mine(form) == [("quick.yaml", "Quicker seas")]


def test_many_files_at_once_are_counted_and_f5_reads_them(live, monkeypatch):
    monkeypatch.setattr(folder_watch, "MOST_READ", 3)
    scene = open_new_game(live)
    for i in range(4):
        write(f"copy{i}.yaml", f"Copy {i}")
    until(live, lambda: live._toast is not None and "4 files changed" in live._toast[0])
    assert live._toast[0] == "4 files changed in your config folder: press F5 to read them all again"
    assert mine(live.top) == [] and live.top is scene      # not read one by one
    step(live, 1)
    press(live, pygame.K_F5)
    until(live, lambda: live.top.settled and len(mine(live.top)) == 4)
