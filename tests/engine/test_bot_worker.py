"""A bot deciding in the worker process chooses exactly what it chooses in the UI process."""
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from piratetable.bots import worker
from piratetable.bots.base import decide
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.savegame import load, save
from tests.helpers import bot_move


def test_the_worker_process_gives_the_same_move_as_deciding_in_process():
    cfg = load_config("piraten_kapern")
    match = Match(cfg, [Seat("A", "normal"), Seat("B", "normal")], seed=12)
    match.play("roll")
    view, legal, rng = match.bot_inputs(0)
    here = decide(match.game, "normal", 0, view, legal, rng)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = pool.submit(worker.decide, cfg.text, cfg.path, cfg.variant, "normal", 0, view,
                            [str(a) for a in legal], match.bot_stream_seed(0)).result(timeout=120)
    assert there == str(here)


def test_bot_streams_do_not_change_when_a_game_is_saved_and_resumed(tmp_path):
    cfg = load_config("pirataki")
    seats = [Seat("A", "normal"), Seat("B", "normal")]
    a = Match(cfg, seats, seed=8)
    for _ in range(10):
        a.play(bot_move(a, a.current))
    save(a, tmp_path / "s.json")
    b = load(tmp_path / "s.json")
    for _ in range(10):
        if a.over:
            break
        a.play(bot_move(a, a.current))
        b.play(bot_move(b, b.current))
    assert [e.action for e in a.history] == [e.action for e in b.history]
