"""`--jobs N` shares the games as the workers free up (issue 30): a worker that gets little of the CPU plays fewer
games, no worker waits while a unit is left, and the records are those of `--jobs 1`."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.limits import MAX_ACTIONS
from piratetable.lab import units as lab_units
from piratetable.lab.execute import execute
from piratetable.lab.units import chunks, make_units

SLOW_DIR = None    # set by the test before the pool forks; read in the workers
needs_fork = pytest.mark.skipif(sys.platform != "linux", reason="the slow worker is made by fork")


def _slow_in_one_worker(game, seat_levels, seed, max_actions, **options):
    """`play_one`, but the first worker process to play a game takes 0.2 s more for each (as a worker that shares
    its core with other programs would)."""
    marker = Path(SLOW_DIR) / "slow"
    try:
        with open(marker, "x") as fh:
            fh.write(str(os.getpid()))
    except FileExistsError:
        pass
    if marker.read_text() == str(os.getpid()):
        time.sleep(0.2)
    return lab_units._real_play_one(game, seat_levels, seed, max_actions, **options)


def units_of(games: int) -> list[dict]:
    return make_units(0, load_config("piraten_kapern"), ["easy", "easy"], 7, games, MAX_ACTIONS, True, 2)


def test_the_units_get_smaller_towards_the_end_and_cover_every_game_once():
    parts = chunks(200, 2)
    assert [g for r in parts for g in r] == list(range(200))
    sizes = [len(r) for r in parts]
    assert max(sizes) <= 10 and sizes == sorted(sizes, reverse=True) and sizes[-1] == 1


@needs_fork
def test_a_slow_worker_plays_fewer_games_and_none_waits_while_a_unit_is_left(monkeypatch, tmp_path):
    one = execute(units_of(40), 1, jobs=1)
    monkeypatch.setattr(sys.modules[__name__], "SLOW_DIR", str(tmp_path))
    monkeypatch.setattr(lab_units, "_real_play_one", lab_units.play_one, raising=False)
    monkeypatch.setattr(lab_units, "play_one", _slow_in_one_worker)
    two = execute(units_of(40), 1, jobs=2)
    assert two.records == one.records                              # the same games, whoever played them
    workers = two.worker_list()
    slow_pid = int((tmp_path / "slow").read_text())
    slow, = [w for w in workers if w["pid"] == slow_pid]
    fast, = [w for w in workers if w["pid"] != slow_pid]
    assert slow["games"] + fast["games"] == 40
    assert fast["games"] > slow["games"], workers                  # the free worker took the units the other could not
    assert slow["busy"] >= 0.2 * slow["games"]
    for w in workers:                                              # nobody finished while a unit still waited
        assert w["finished"] >= two.last_start - 0.5, (w, two.last_start)


def test_one_process_records_when_it_played():
    run = execute(units_of(6), 1, jobs=1)
    w, = run.worker_list()
    assert w["pid"] == os.getpid() and w["games"] == 6
    assert 0 < w["busy"] <= run.seconds + 0.01 and 0 < w["finished"] <= run.seconds + 0.01
    assert 0 <= run.last_start <= w["finished"]
