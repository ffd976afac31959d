"""The start imports and does only what the title's first frame needs (issue 30): the commands' parsers, the config
tools, the engine and the games' rules, the table, the guide and the insight wait until they are asked for; the
autosave's full check runs once the title is drawn (its note reads only the save's JSON); pygame_gui loads the
Korean faces only in Korean."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from piratetable import cli, savegame
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui import saves
from piratetable.ui.app import App
from piratetable.ui.paths import theme_data
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.scenes.title import TitleScene
from piratetable.ui.settings import Settings

from .helpers import press, step

ROOT = Path(__file__).resolve().parents[2]

# What the title's first frame must not import: each is imported later, when something asks for it.
DEFERRED = (
    "piratetable.lab", "piratetable.lab.cli", "piratetable.config.cli",   # the commands' parsers
    "piratetable.ui.catalog",            # the config watch reads a file only when one changes
    "piratetable.config", "piratetable.savegame",            # the autosave's full check: after the first frame
    "piratetable.engine.match", "piratetable.engine.game",
    "piratetable.table.model", "piratetable.table.standard",   # the table (the title's note needs only seats.py)
    "piratetable.insight", "piratetable.stats", "piratetable.replay",
    "piratetable.ui.scenes.table", "piratetable.ui.scenes.guide", "piratetable.ui.scenes.new_game",
    "markdown_it",
)

FIRST_FRAME = r"""
import json, os, sys
import pygame
import pytest
real_flip = pygame.display.flip
def flip():
    real_flip()
    import gc
    with open(os.environ["PT_MODULES_OUT"], "w") as fh:
        json.dump({"modules": sorted(sys.modules), "collector": gc.isenabled()}, fh)
    os._exit(0)
pygame.display.flip = flip
from piratetable.cli import main
main(["--smoke", "60"])
"""


def a_match(moves: int = 6) -> Match:
    """A game with two bots (the title's note then names their levels)."""
    match = Match(load_config("piraten_kapern"), [Seat("Ann"), Seat("Bot", "normal"), Seat("Cy", "easy")], seed=4)
    while len(match.history) < moves and not match.over:
        match.play(match.legal()[-1])
    return match


def test_the_title_first_frame_imports_none_of_what_waits(piratetable_home, tmp_path):
    savegame.save(a_match(), piratetable_home / "saves" / "autosave.json")
    out = tmp_path / "modules.json"
    env = dict(os.environ, PT_MODULES_OUT=str(out), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("DISPLAY", None)
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert out.is_file(), done.stderr[-3000:]
    seen = json.loads(out.read_text())
    modules = set(seen["modules"])
    assert seen["collector"] is False          # no garbage collector passes over the start
    assert "piratetable.ui.scenes.title" in modules and "piratetable.savefile" in modules   # the title and its note
    assert not modules & set(DEFERRED), sorted(modules & set(DEFERRED))
    assert not [m for m in modules if m.startswith("piratetable.games")]   # no game's rules


def test_the_autosave_check_runs_once_the_title_is_drawn(piratetable_home, monkeypatch):
    savegame.save(a_match(), piratetable_home / "saves" / "autosave.json")
    seen, made = [], []
    real = saves.check_autosave_at_start
    monkeypatch.setattr(saves, "check_autosave_at_start",
                        lambda: seen.append(made[0].draws if made else "while the app was made") or real())
    app = App(settings=Settings(speed="instant"))
    made.append(app)
    try:
        assert seen == []
        step(app, 3)
        assert seen == [1]                    # once, after the first frame was drawn
        assert isinstance(app.top, TitleScene) and app.top.info.unfinished
    finally:
        app.close()


def test_resume_before_the_check_checks_the_autosave_once(piratetable_home, monkeypatch):
    savegame.save(a_match(), piratetable_home / "saves" / "autosave.json")
    seen = []
    monkeypatch.setattr(saves, "check_autosave_at_start", lambda: seen.append(1))
    app = App(settings=Settings(speed="instant"))
    try:
        app.step()                            # the title's first frame
        press(app, pygame.K_r, frames=3)      # Resume reads the autosave in full (load_save)
        assert isinstance(app.top, TableScene)
        step(app, 3)
        assert seen == []
    finally:
        app.close()


def test_the_theme_names_the_korean_faces_only_in_korean():
    def faces(theme):
        return {(f.get("locale"), f["name"]) for key, block in theme.items()
                if isinstance(block, dict) and key != "@wide"
                for f in (block.get("font") if isinstance(block.get("font"), list) else ())}

    english, korean = theme_data(1.0, "en"), theme_data(1.0, "ko")
    assert ("ko", "noto_sans_kr") not in faces(english) and ("ko", "noto_sans_kr") in faces(korean)
    assert english["@wide"] == korean["@wide"]   # a name Noto Sans cannot draw: Noto Sans KR in every language
    assert theme_data(1.0, "it")["button"] == english["button"]


def test_an_english_app_loads_one_korean_face_and_korean_loads_them_all(piratetable_home):
    app = App(settings=Settings(speed="instant"))
    try:
        def korean():
            return {f for f in app.manager.get_theme().get_font_dictionary().loaded_fonts if "_kr_" in f}
        assert korean() == {"noto_sans_kr_regular_aa_14"}   # the `@wide` class's
        app.set_language("ko")
        assert len(korean()) >= 7
    finally:
        app.close()


def test_the_app_alone_builds_no_command_parsers_and_parses_the_same():
    for argv in ([], ["--smoke", "5"], ["--smoke=5", "--resume"], ["--fullscreen"], ["--smoke", "--resume"]):
        assert cli.only_play_options(argv), argv
    for argv in (["simulate"], ["-h"], ["--version"], ["--smoke", "5", "validate"], ["--res"], ["x"]):
        assert not cli.only_play_options(argv), argv
    lean, full = cli.build_parser(commands=False), cli.build_parser()
    for argv in ([], ["--smoke", "5", "--fullscreen"], ["--resume"]):
        assert lean.parse_args(argv) == full.parse_args(argv)
    assert lean.format_usage() == full.format_usage()


def test_a_module_of_the_insight_package_is_imported_without_listing_the_games(monkeypatch):
    """`from ..insight import words` (the table's driver) first asks the package for `words`: the answer must not
    read every installed package's metadata looking for a game of that name."""
    import piratetable.insight as insight
    from piratetable.engine import registry
    monkeypatch.setattr(registry, "known_ids", lambda: pytest.fail("the registered games were listed"))
    with pytest.raises(AttributeError):
        insight.__getattr__("words")


def test_a_start_without_the_collector_switches_it_on_a_second_in(piratetable_home):
    import gc
    app = App(settings=Settings(speed="instant"))
    frozen = gc.get_freeze_count()
    try:
        gc.disable()
        app.collector_off = True                 # as `ui.app.run` sets it after `cli.cmd_play` switched it off
        for _ in range(30):
            app.step(1 / 60)
        assert not gc.isenabled() and app.collector_off
        for _ in range(40):
            app.step(1 / 60)                     # past a second of app time
        assert gc.isenabled() and not app.collector_off
        assert gc.get_freeze_count() > frozen   # what the start made is left out of the collector's passes
    finally:
        gc.enable()
        gc.unfreeze()
        app.close()
