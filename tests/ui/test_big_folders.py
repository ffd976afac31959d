"""Big folders never freeze the window (issue 26, item 5): 10,000 saves in the Load list and 5,000 user configs in
New game. The screens open at once and fill in as a thread reads the files — the drawing thread never calls the
reader, the list can be used while it fills, a progress line says how far — and the second opening reads no file
(a cached index, keyed by path, size and modification time). Frames are counted, never timed."""
from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from piratetable import savefile, savegame
from piratetable.config import loader
from piratetable.config.loader import load_config, user_config_dir
from piratetable.engine.match import Match, Seat
from piratetable.ui.paths import saves_dir
from piratetable.ui.scenes.load import LoadScene
from piratetable.ui.scenes.new_game import NewGameScene
from piratetable.ui.scenes.table import TableScene

from .helpers import frame

MAIN = threading.main_thread()


def make_saves(n: int) -> list[Path]:
    """`n` small saves (a few KB each: a short Piraten Kapern game), each a second older than the one before;
    newest first."""
    match = Match(load_config("piraten_kapern"), [Seat("Anna"), Seat("Bo", "easy")], 3)
    for _ in range(4):
        match.play(match.legal()[0])
    text = json.dumps(savegame.to_json(match))
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    now = time.time()
    paths = []
    for i in range(n):
        path = folder / f"game-{i:05d}.json"
        path.write_text(text.replace('"Anna"', f'"Anna {i}"'), encoding="utf-8")
        os.utime(path, (now - n + i, now - n + i))
        paths.append(path)
    return paths[::-1]


def make_configs(n: int) -> list[Path]:
    """`n` user configs of Piratz (copies of the shipped one, each with its own title)."""
    text = Path(load_config("piratz").path).read_text(encoding="utf-8")
    folder = user_config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(n):
        path = folder / f"mine{i:05d}.yaml"
        path.write_text(text.replace("title: ", f"title: Mine {i} — ", 1), encoding="utf-8")
        paths.append(path)
    return paths


def quick_config_reader(monkeypatch):
    """Reading 5,000 real configs takes a minute of CPU: the reader is replaced by one that reads each file's
    title and returns the shipped Piratz config under it (the screen's side is what these tests are about)."""
    base = load_config("piratz")
    real = loader.load_config_file

    def read(path, variant=None):
        path = Path(path)
        if path.parent != user_config_dir():
            return real(path, variant)
        with open(path, encoding="utf-8") as fh:
            title = next(line for line in fh if line.startswith("title: "))[7:].strip()
        return replace(base, title=title, path=str(path), variant=variant or loader.variant_name(path))
    monkeypatch.setattr(loader, "load_config_file", read)


class Gate:
    """A reader that lets the folder's thread read `open_for` files, then waits until `let` opens it further;
    calls on the drawing thread are counted (and let through: the old code read every file there). `only`: the
    files it holds back (the others pass)."""

    def __init__(self, real, open_for: int, only=lambda path: True):
        self.real = real
        self.left = open_for
        self.only = only
        self.cond = threading.Condition()
        self.on_main = 0
        self.calls = 0

    def __call__(self, *args, **kwargs):
        me = threading.current_thread()
        if me is MAIN:
            self.on_main += 1
        elif me.name.startswith("piratetable-scan") and self.only(Path(args[0])):
            with self.cond:
                self.cond.wait_for(lambda: self.left > 0, timeout=60)
                self.left -= 1
        self.calls += 1
        return self.real(*args, **kwargs)

    def let(self, n: int) -> None:
        with self.cond:
            self.left += n
            self.cond.notify_all()


def click_now(app, element) -> None:
    """A click, and three frames that do not wait for the folder (see `helpers.frame`)."""
    pos = element.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(3):
        frame(app, settle=False)


def press_now(app, key) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    for _ in range(2):
        frame(app, settle=False)


def frames_until(app, condition, limit: int = 3000) -> int:
    """Frames as the real loop runs them (a frame, then a rest of 1/60 s: the reading thread runs meanwhile)
    until `condition()`; how many it took."""
    for n in range(limit):
        if condition():
            return n
        frame(app, settle=False)
        time.sleep(1 / 60)
    raise AssertionError(f"not reached after {limit} frames")


def test_the_load_list_fills_off_the_drawing_thread_and_can_be_used_meanwhile(app, drawn, monkeypatch):
    paths = make_saves(10_000)
    gate = Gate(savefile.read_save_data, 300)
    monkeypatch.setattr(savefile, "read_save_data", gate)
    try:
        drawn.clear()
        app.push(LoadScene(app))
        assert frames_until(app, lambda: "Load a saved game" in drawn) <= 2     # the first frame, at once
        assert gate.on_main == 0                           # the drawing thread never reads a save
        scene = app.top
        assert isinstance(scene, LoadScene)
        frames_until(app, lambda: len(scene.found) == 300)
        draws = app.draws
        for _ in range(20):                                # the reader waits: frames go on, nothing new comes
            frame(app, settle=False)
        assert len(scene.found) == 300 and not scene.scan.done and app.frames > 20
        assert scene.paths == paths[:300]                  # newest first, as they are read
        assert "Reading saves… 300 of 10,000" in drawn
        gate.let(200)                                      # 200 more are read: the list grows, frames are drawn
        frames_until(app, lambda: len(scene.found) == 500)
        frames_until(app, lambda: "Reading saves… 500 of 10,000" in drawn)
        assert app.draws > draws
        assert gate.on_main == 0                           # the drawing thread never read a save
        row = next(item for item in scene.list.item_list if item["button_element"] is not None)
        click_now(app, row["button_element"])              # what is listed can be chosen and loaded
        assert scene.selected_path() == paths[0]
        press_now(app, pygame.K_RETURN)
        frames_until(app, lambda: isinstance(app.top, TableScene))
        assert app.top.match.seats[0].name == "Anna 9999"
    finally:
        gate.let(10_000)
    assert scene.scan.finished.result(timeout=60) is False   # the screen was left: the reading stopped …
    assert gate.calls < 10_000 and (saves_dir().parent / "index" / "saves.json").is_file()   # … and kept


def test_the_second_opening_of_ten_thousand_saves_reads_no_file(app, monkeypatch):
    paths = make_saves(10_000)
    app.push(LoadScene(app))
    frames_until(app, lambda: isinstance(app.top, LoadScene) and len(app.top.paths) == 10_000)
    first = app.top
    assert first.paths == paths
    labels = [item["text"] for item in first.list.item_list[:3]]    # the rows in view
    assert labels[0].startswith("game-09999  —  Piraten Kapern with Anna 9999") and "game-09997" in labels[2]
    press_now(app, pygame.K_ESCAPE)

    reads = []
    real = savefile.read_save_data
    monkeypatch.setattr(savefile, "read_save_data", lambda path: reads.append(path) or real(path))
    app.push(LoadScene(app))
    frame(app, settle=False)
    scene = app.top
    assert isinstance(scene, LoadScene) and reads == []
    scene.scan.finished.result(timeout=60)           # the thread: the folder listed, the index read
    assert frames_until(app, lambda: not scene.working()) <= 10_000 // 2000 + 2
    assert reads == [] and scene.scan.reads == 0
    assert scene.paths == paths and [scene.list.text_of(i) for i in range(3)] == labels
    made = sum(1 for item in scene.list.item_list if item["text"] is not None)
    assert made < 40                                 # labels are made for the rows in view only


def test_the_new_game_list_fills_off_the_drawing_thread_and_can_be_used_meanwhile(app, drawn, monkeypatch):
    quick_config_reader(monkeypatch)
    paths = make_configs(5_000)
    gate = Gate(loader.load_config_file, 100, only=lambda path: path.parent == user_config_dir())
    monkeypatch.setattr(loader, "load_config_file", gate)
    app.last_setup = {"game": "piratz", "variant": "user:mine04999",
                      "seats": [{"name": "Anna", "kind": "human"}, {"name": "Bo", "kind": "easy"}]}
    try:
        drawn.clear()
        app.push(NewGameScene(app))
        assert frames_until(app, lambda: "New game" in drawn) <= 2
        assert gate.on_main == 0                           # the drawing thread never reads a config
        scene = app.top
        assert isinstance(scene, NewGameScene)
        frames_until(app, lambda: sum(v.user for v in scene.variants) == 100)
        for _ in range(20):
            frame(app, settle=False)
        assert sum(v.user for v in scene.variants) == 100 and not scene.scan.done
        frames_until(app, lambda: any("of 5,0" in t and t.startswith("Reading configs…") for t in drawn))
        assert scene.variant.variant == "default"          # the remembered one is not read yet: the default
        mine = next(i for i, v in enumerate(scene.variants) if v.path == paths[7])
        press_now(app, pygame.K_TAB)                       # the focus on the games, then on the variants …
        press_now(app, pygame.K_TAB)
        for _ in range(mine - scene.variant_index):        # … and down to one of those read so far
            press_now(app, pygame.K_DOWN)
        frames_until(app, lambda: app.top.variant.config is not None)
        scene = app.top
        assert scene.variant.title.startswith("Mine 7 ") and not scene.scan.done
        press_now(app, pygame.K_RETURN)                    # … and start it while the rest is being read
        frames_until(app, lambda: isinstance(app.top, TableScene))
        assert app.top.match.config.title.startswith("Mine 7 ")
    finally:
        gate.let(10_000)


def test_the_remembered_config_is_chosen_when_it_comes_and_the_second_opening_reads_no_file(app, monkeypatch):
    quick_config_reader(monkeypatch)
    make_configs(5_000)
    app.last_setup = {"game": "piratz", "variant": "user:mine04999",
                      "seats": [{"name": "Anna", "kind": "human"}, {"name": "Bo", "kind": "easy"}]}
    app.push(NewGameScene(app))
    frames_until(app, lambda: isinstance(app.top, NewGameScene) and app.top.variant is not None
                 and app.top.variant.config is not None and app.top.variant.path.name == "mine04999.yaml")
    scene = app.top
    assert len([v for v in scene.variants if v.user]) == 5_000
    press_now(app, pygame.K_ESCAPE)

    reads = []
    real = loader.load_config_file
    monkeypatch.setattr(loader, "load_config_file", lambda *a, **k: reads.append(a[0]) or real(*a, **k))
    app.push(NewGameScene(app))
    frame(app, settle=False)
    scene = app.top
    assert isinstance(scene, NewGameScene) and reads == []
    scene.scan.finished.result(timeout=60)
    total = scene.scan.progress()[1]
    assert frames_until(app, lambda: len(scene.all_variants) == total) <= total // 1000 + 2
    frames_until(app, lambda: not scene.working())
    assert scene.scan.reads == 0
    assert reads == [scene.variant.path]                 # only the chosen config is loaded, on its own thread
    assert scene.variant.variant == "user:mine04999"
    assert sum(1 for item in scene.variant_list.item_list if item["text"] is not None) < 40


@pytest.mark.parametrize("damage", ["garbage", "another program", "a bad line"])
def test_a_damaged_or_old_index_is_simply_rebuilt(damage, monkeypatch):
    from piratetable.ui.saves import scan_saves
    paths = make_saves(30)
    scan = scan_saves()
    assert scan.finished.result(timeout=60) and scan.reads == 30
    index = saves_dir().parent / "index" / "saves.json"
    lines = index.read_text(encoding="utf-8").split("\n")
    if damage == "garbage":
        index.write_bytes(b"\x00\xff{not json" * 100)
    elif damage == "another program":
        index.write_text(index.read_text(encoding="utf-8").replace('"stamp": "', '"stamp": "0.0.1|', 1),
                         encoding="utf-8")
    else:
        lines[5] = '["' + lines[5][2:40]   # one entry cut short
        index.write_text("\n".join(lines), encoding="utf-8")
    again = scan_saves()
    assert again.finished.result(timeout=60)
    assert again.reads == (1 if damage == "a bad line" else 30)
    assert [f.path for f in again.take()] == paths
    third = scan_saves()                                 # written again, whole: nothing is read now
    assert third.finished.result(timeout=60) and third.reads == 0


def test_a_changed_added_or_removed_save_is_read_again_and_only_it():
    from piratetable.ui.saves import scan_saves, summary_of
    paths = make_saves(20)
    assert scan_saves().finished.result(timeout=60)
    changed = paths[5]
    data = json.loads(changed.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:2]
    data["chance"] = data["chance"][:2]
    changed.write_text(json.dumps(data), encoding="utf-8")
    paths[-1].unlink()
    added = saves_dir() / "game-00020.json"              # a new save
    added.write_text(paths[0].read_text(encoding="utf-8"), encoding="utf-8")
    scan = scan_saves()
    assert scan.finished.result(timeout=60)
    found = {f.path: f for f in scan.take()}
    assert scan.reads == 2 and set(found) == (set(paths[:-1]) | {added})
    assert summary_of(found[changed].facts).moves == 2


def test_the_growing_list_keeps_its_place_and_its_choice_and_makes_only_the_rows_in_view(app):
    from piratetable.ui.growing_list import GrowingList
    made: list[int] = []
    rows = GrowingList(pygame.Rect(100, 100, 600, 300), lambda i: made.append(i) or f"row {i}", 10,
                       manager=app.manager, container=app.top.root)
    frame(app)
    click_now(app, rows.item_list[3]["button_element"])
    assert rows.selected_index() == 3 and rows.get_single_selection() == "row 3"
    rows.append(20_000)                                  # taller than the list now: a scroll bar comes
    frame(app)
    assert rows.scroll_bar is not None and rows.selected_index() == 3
    rows.scroll_bar.set_scroll_from_start_percentage(0.5)
    for _ in range(4):                                   # the rows' buttons are made a few a frame
        frame(app)
    in_view = [i for i, item in enumerate(rows.item_list) if item["button_element"] is not None]
    assert in_view and 9_000 < in_view[0] < 11_000
    rows.append(10_000)                                  # more rows: the same rows stay in view
    for _ in range(4):
        frame(app)
    assert [i for i, item in enumerate(rows.item_list) if item["button_element"] is not None] == in_view
    assert rows.item_list[in_view[0]]["button_element"].text == f"row {in_view[0]}"
    assert rows.selected_index() == 3 and len(rows.item_list) == 30_010
    assert len(set(made)) < 60                           # only the rows that came into view were made


def test_what_is_not_a_regular_config_file_is_listed_with_its_error_and_read_again_each_time():
    from piratetable.ui.catalog import scan_configs
    folder = user_config_dir()
    folder.mkdir(parents=True)
    (folder / "gone.yaml").symlink_to(folder / "nowhere.yaml")
    (folder / "folder.yaml").mkdir()
    for reads in (None, 2):
        scan = scan_configs()
        assert scan.finished.result(timeout=60)
        found = {f.path.name: f.facts for f in scan.take()}
        assert "gone.yaml" in found["gone.yaml"]["error"] and "folder.yaml" in found["folder.yaml"]["error"]
        assert reads is None or scan.reads == reads     # the shipped configs come from the index, not these
