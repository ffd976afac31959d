"""The bots' worker process ends with the app, even when the app is killed without a word (kill -9)."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from tests.helpers import bot_move

SCRIPT = textwrap.dedent("""
    import sys, time
    from piratetable.ui import bots
    pool = bots._process_pool()
    pool.submit(bots.worker.warm_up).result(timeout=60)
    print(*pool._processes, flush=True)
    time.sleep(120)
""")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:   # a zombie (dead, not yet reaped by its new parent) counts as gone
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_worker_exits_when_the_app_is_killed():
    app = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, text=True)
    try:
        worker = int(app.stdout.readline().split()[0])
        assert _alive(worker)
        app.send_signal(signal.SIGKILL)
        app.wait(timeout=10)
        deadline = time.monotonic() + 15
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(worker), "the bot worker outlived the killed app"
    finally:
        app.kill()


# --- a worker that dies is replaced, and the decision asked again from the same inputs --------------------------
def _worker_pid() -> int:
    from piratetable.ui import bots
    pool = bots._process_pool()
    pool.submit(bots.worker.warm_up).result(timeout=120)
    (pid,) = pool._processes
    return pid


def _state(pid: int) -> str:
    """The process's state letter and command line, as /proc tells them (for a failure's message)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            state = fh.read().split(")")[-1].split()[0]
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            command = fh.read().replace(b"\0", b" ").decode(errors="replace")[:200]
        return f"state {state}: {command}"
    except OSError as e:
        return f"unreadable ({e})"


def _kill(pid: int) -> None:
    """SIGKILL the worker (as the kernel's out-of-memory killer does) and wait until it is gone (a fresh-clone CI
    run once saw one still there after 15 s, on a busy machine: the wait is 60 s, and a failure says its state)."""
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 60
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not _alive(pid), f"the killed worker {pid} is still there: {_state(pid)}"


def _reference(config, seats, seed, moves):
    """The moves of the same game decided in this process, uninterrupted."""
    from piratetable.engine.match import Match
    match = Match(config, seats, seed=seed)
    while len(match.history) < moves and not match.over:
        match.play(bot_move(match, match.current))
    return [e.action for e in match.history]


@pytest.fixture
def fresh_worker():
    from piratetable.ui import bots
    bots.shutdown()
    yield bots
    bots.shutdown()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_worker_killed_during_a_decision_and_between_decisions_is_replaced(fresh_worker):
    from piratetable.config.loader import load_config
    from piratetable.engine.match import Match, Seat
    bots = fresh_worker
    cfg = load_config("piratz")
    seats = [Seat("A", "hard"), Seat("B", "normal"), Seat("C", "normal")]
    expected = _reference(cfg, seats, 5, 12)
    match = Match(cfg, seats, seed=5)
    pids = {_worker_pid()}
    for n in range(12):
        if n == 3:     # dies while the decision is in its hands: behind a slow job, so surely not answered yet
            busy = bots._procs.submit(time.sleep, 5)
            future = bots.think(match, match.current)
            _kill(next(iter(bots._procs._processes)))
            assert busy.exception(timeout=15) is not None   # the worker died with both jobs in hand
        else:
            if n == 8:     # dies between two decisions, and the pool has noticed by the time the next is asked
                pool = bots._procs
                _kill(next(iter(pool._processes)))
                deadline = time.monotonic() + 15
                while not pool._broken and time.monotonic() < deadline:
                    time.sleep(0.02)
                assert pool._broken
            future = bots.think(match, match.current)
        match.play(future.result(timeout=120))
        pids |= set(bots._procs._processes)
    assert [e.action for e in match.history] == expected
    assert len(set(pids)) == 3 and not bots._use_threads, "a new worker process took over each time"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_bots_at_the_table_play_on_with_the_same_moves_after_their_worker_is_killed(fresh_worker):
    """An out-of-memory kill of the worker mid-game: no "something went wrong", the game goes on, and every
    move is the one the same seed gives without the kill."""
    from piratetable.config.loader import load_config
    from piratetable.engine.match import Match, Seat
    from piratetable.ui.app import App
    from piratetable.ui.settings import Settings

    from .helpers import run_until, start_table
    bots = fresh_worker
    cfg = load_config("pirataki")
    seats = [Seat("Anne", "hard"), Seat("Mary", "normal"), Seat("Jack", "hard")]
    moves = 40
    expected = _reference(cfg, seats, 11, moves)
    app = App(settings=Settings(speed="instant"))
    try:
        match = Match(cfg, seats, seed=11)
        table = start_table(app, match)
        killed = []
        for at in (6, 20):   # once while a bot is thinking, once more later on
            run_until(app, lambda at=at: len(match.history) >= at and table.driver.future is not None
                      and not table.driver.future.done(), frames=20000)
            killed.append(next(iter(bots._procs._processes)))
            _kill(killed[-1])
        run_until(app, lambda: len(match.history) >= moves or match.over, frames=40000)
        assert table.driver.bot_error is None and app.top is table
        assert [e.action for e in match.history][:moves] == expected
        assert bots._procs is not None and next(iter(bots._procs._processes)) not in killed
    finally:
        app.close()
