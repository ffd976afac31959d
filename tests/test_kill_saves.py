"""A process writing saves is killed (SIGKILL) at random moments, again and again: the newest complete save
always loads, at most the move in flight is lost, and the start-up clean-up leaves no temporary behind."""
from __future__ import annotations

import os
import random
import signal
import time

import pytest

from piratetable import savegame
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.fileio import remove_stale_temporaries

KILLS = 50

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")


def moves_of_a_game(n=400):
    match = Match(load_config("piraten_kapern"), [Seat("Ann", "random"), Seat("Ben", "random")], seed=7)
    rng = random.Random(3)
    while len(match.history) < n and not match.over:
        match.play(rng.choice(match.legal()))
    return [e.action for e in match.history]


def saver(path, actions, out_fd) -> None:
    """The child: play the game move by move, saving after each; report each finished save on the pipe."""
    try:
        match = Match(load_config("piraten_kapern"), [Seat("Ann", "random"), Seat("Ben", "random")], seed=7)
        for action in actions:
            match.play(action)
            savegame.save(match, path)
            os.write(out_fd, b"%d\n" % len(match.history))
    finally:
        os._exit(0)


def test_killed_while_saving_the_newest_complete_save_loads(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "autosave.json"
    actions = moves_of_a_game()
    savegame.to_json(Match(load_config("piraten_kapern"), [Seat("A"), Seat("B")], seed=1))  # imports done now
    rng = random.Random(16)
    started = time.monotonic()
    lost = 0
    for _ in range(KILLS):
        if path.exists():
            path.unlink()
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_fd)
            saver(path, actions, write_fd)
        os.close(write_fd)
        time.sleep(rng.uniform(0.005, 0.06))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        reported = b""
        while True:
            chunk = os.read(read_fd, 65536)
            if not chunk:
                break
            reported += chunk
        os.close(read_fd)
        done = int(reported.split()[-1]) if reported.split() else 0
        if not path.exists():
            assert done == 0, f"{done} saves finished, but no save is on disk"
            continue
        match = savegame.load(path)                     # the newest complete save loads …
        moves = len(match.history)
        assert done <= moves <= done + 1                # … and holds every finished save (at most one more)
        assert [e.action for e in match.history] == actions[:moves]
        lost += moves == done
        assert time.monotonic() - started < 30, "the kill test is meant to take a few seconds"
    remove_stale_temporaries(folder)                    # what the app does at start-up
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []
