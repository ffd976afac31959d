"""`piratetable --resume`: straight into the autosave's unfinished game (what the frozen app's check uses to see
its bot worker at work), and the title's own message when there is none."""
import pytest

from piratetable import cli, savegame
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui import app as app_module
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.scenes.title import TitleScene


@pytest.fixture
def first_scene(monkeypatch, tmp_path):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    seen = []
    real = app_module.App.run

    def run(self, smoke_frames=None):
        status = real(self, 2)
        seen.append((type(self.top), self._toast))
        return status
    monkeypatch.setattr(app_module.App, "run", run)
    return tmp_path, seen


def test_resume_opens_the_unfinished_game(first_scene):
    home, seen = first_scene
    match = Match(load_config("piraten_kapern"), [Seat("Anna"), Seat("Bot", "normal")], seed=5)
    match.play(match.legal()[0])
    savegame.save(match, home / "saves" / "autosave.json")
    assert cli.main(["--resume", "--smoke", "2"]) == 0
    assert seen[0][0] is TableScene


def test_resume_without_a_game_stays_on_the_title_and_says_so(first_scene):
    _home, seen = first_scene
    assert cli.main(["--resume", "--smoke", "2"]) == 0
    scene, toast = seen[0]
    assert scene is TitleScene and toast and "no unfinished game" in toast[0]
