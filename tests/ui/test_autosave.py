"""The autosave is written on a thread of its own: the UI never waits for a disk, saves never come out of
order, and the newest is on disk before the app quits."""
import json
import threading

from piratetable import savegame
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui.saves import Autosaver


def a_match(moves):
    match = Match(load_config("piraten_kapern"), [Seat("Ann"), Seat("Ben")], seed=3)
    while len(match.history) < moves and not match.over:
        match.play(match.legal()[-1])
    return match


def test_a_save_is_taken_at_once_and_written_while_the_caller_goes_on(tmp_path, monkeypatch):
    gate, written = threading.Event(), []
    real = savegame.write_json_atomic

    def slow_write(path, data):
        gate.wait(10)
        written.append(len(data["actions"]))
        real(path, data)

    monkeypatch.setattr(savegame, "write_json_atomic", slow_write)
    saver = Autosaver()
    path = tmp_path / "autosave.json"
    saver.submit(a_match(1), path)          # returns while the writer is held at the gate
    assert not path.exists()
    for moves in (2, 3, 4):
        saver.submit(a_match(moves), path)
    gate.set()
    assert saver.flush()
    assert json.loads(path.read_text())["actions"] == [e.action for e in a_match(4).history]
    assert written == sorted(written) and written[-1] == 4 and len(written) <= 4


def test_a_failed_write_is_reported_once_and_never_raises(tmp_path):
    saver = Autosaver()
    blocker = tmp_path / "file"
    blocker.write_text("")
    saver.submit(a_match(1), blocker / "autosave.json")   # a folder that is a file
    assert saver.flush()
    problem = saver.problem()
    assert problem and "autosave failed" in problem and saver.problem() is None


def test_closing_the_app_waits_for_the_last_save(tmp_path, monkeypatch, piratetable_home):
    from piratetable.ui import saves
    from piratetable.ui.app import App
    gate = threading.Event()
    real = savegame.write_json_atomic
    monkeypatch.setattr(savegame, "write_json_atomic", lambda p, d: (gate.wait(10), real(p, d)))
    app = App()
    saves.write_autosave(a_match(2))
    threading.Timer(0.05, gate.set).start()
    app.close()
    saved = json.loads((piratetable_home / "saves" / "autosave.json").read_text())
    assert len(saved["actions"]) == 2
