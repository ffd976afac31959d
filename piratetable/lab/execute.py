"""Running work units: in this process (`--jobs 1`), in worker processes (`--jobs N`) or on a Dask cluster
(`--cluster`). A work unit is plain data — the config TEXT, the seats' levels, the base seed and the game
indices — so any machine with piratetable installed can play it and nothing depends on the user's folders.
Every backend returns the same records (each game's seed is `SEED/g`), merged in game order per cell: the
figures are identical whatever ran them."""
from __future__ import annotations

import os
import signal
import socket
import sys
import threading
import time
from functools import lru_cache

from ..engine.errors import PirateTableError


def chunks(games: int, jobs: int, largest: int = 10) -> list[range]:
    """The games cut into work units: big ones first, smaller towards the end (guided scheduling), so every
    worker stays busy until the last game and none is left with a big unit while the others wait."""
    out, start = [], 0
    while start < games:
        size = max(1, min(largest, (games - start) // (jobs * 4) or 1))
        out.append(range(start, min(games, start + size)))
        start += size
    return out


def make_units(cell: int, config, levels: list[str], seed, games: int, max_actions: int, rotate: bool,
               jobs: int) -> list[dict]:
    """The work units of one cell (one config): plain, picklable data."""
    return [{"cell": cell, "game": config.game, "text": config.text, "path": config.path,
             "variant": config.variant, "levels": list(levels), "seed": seed, "indices": list(r),
             "max_actions": max_actions, "rotate": rotate} for r in chunks(games, jobs)]


@lru_cache(maxsize=16)
def _game(game_id: str, text: str, path: str, variant: str):
    """The game of a unit (built once per process per config text: parsed once, the bots' tables kept)."""
    from ..config.loader import load_config_text
    from ..engine.registry import game_class
    cfg = load_config_text(text, path, variant)
    if cfg.game != game_id:
        raise PirateTableError(f"{path}: the config is for {cfg.game!r}, not {game_id!r}")
    return game_class(game_id)(cfg)


def run_unit(unit: dict) -> tuple[int, list[dict], dict]:
    """Play one work unit; returns (cell, the games' records, what it cost: pid, host, CPU seconds, games)."""
    from ..simulate import play_one
    cpu0 = time.process_time()
    game = _game(unit["game"], unit["text"], unit["path"], unit["variant"])
    levels = unit["levels"]
    n = len(levels)
    out = []
    for g in unit["indices"]:
        shift = g % n if unit["rotate"] else 0
        seat_levels = [""] * n            # player p sits at seat (p + shift) % n
        for p in range(n):
            seat_levels[(p + shift) % n] = levels[p]
        seed = f"{unit['seed']}/{g}"
        r = play_one(game, seat_levels, seed, unit["max_actions"])
        out.append({"game": g, "seed": seed, "shift": shift, "seat_levels": seat_levels,
                    "winners": r["winners"], "scores": list(r["scores"]), "length": r["length"],
                    "turns": r["turns"], "stages": r["stages"]})
    spent = {"pid": os.getpid(), "host": socket.gethostname(), "cpu": time.process_time() - cpu0,
             "games": len(out)}
    return unit["cell"], out, spent


def _quiet_worker():
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the parent's: it stops the run and reports


class Run:
    """The merged outcome of a batch of units: records per cell (in game order), the workers' costs, whether
    it was interrupted, wall and parent CPU seconds."""

    def __init__(self, cells: int):
        self.records: list[list[dict]] = [[] for _ in range(cells)]
        self.workers: dict[tuple, dict] = {}
        self.interrupted = False
        self.lost: str | None = None    # why the run stopped early when worker processes were lost (else None)
        self.seconds = 0.0
        self.parent_cpu = 0.0

    def take(self, cell: int, part: list[dict], spent: dict) -> None:
        self.records[cell].extend(part)
        key = (spent.get("host", ""), spent["pid"])
        w = self.workers.setdefault(key, {"pid": spent["pid"], "host": spent.get("host", ""), "cpu": 0.0,
                                          "games": 0})
        w["cpu"] += spent["cpu"]
        w["games"] += spent["games"]

    def finish(self) -> None:
        for recs in self.records:
            recs.sort(key=lambda r: r["game"])

    @property
    def done(self) -> int:
        return sum(len(r) for r in self.records)

    def worker_list(self) -> list[dict]:
        return sorted(self.workers.values(), key=lambda w: (w["host"], w["pid"]))


def execute(units: list[dict], cells: int, jobs: int = 1, cluster: str | None = None, progress=None) -> Run:
    """Run the units (see the module doc); `progress.update(done)` after each. Ctrl-C stops the run: the
    games finished so far are kept and `interrupted` is set. With `jobs` above 1 a lost worker process's units
    are played again once; lost again, the run stops with the finished games and `lost` says why."""
    run = Run(cells)
    start, cpu0 = time.perf_counter(), time.process_time()

    def take(result):
        run.take(*result)
        if progress is not None:
            progress.update(run.done)

    try:
        if cluster:
            from .cluster import run_on_cluster
            run_on_cluster(cluster, units, take)
        elif jobs <= 1:   # game by game: Ctrl-C keeps every finished game, progress moves with each
            for unit in units:
                for g in unit["indices"]:
                    take(run_unit({**unit, "indices": [g]}))
        else:
            _run_pool(units, jobs, take, run)
    except KeyboardInterrupt:
        run.interrupted = True
    run.seconds = time.perf_counter() - start
    run.parent_cpu = time.process_time() - cpu0
    if not cluster and jobs <= 1:
        run.parent_cpu -= sum(w["cpu"] for w in run.workers.values())
    run.finish()
    if progress is not None:
        progress.close(run.interrupted)
    return run


class Stop:
    """Ctrl-C while worker processes or a cluster play: the first press stops handing out work (the units
    already running finish and are kept), the second stops at once. Installed only in the main thread."""

    def __init__(self, stream=None):
        self.requested = 0
        self.stream = stream if stream is not None else sys.stderr
        self._old = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGINT, self._handle)
        return self

    def _handle(self, signum, frame):
        self.requested += 1
        if self.requested == 1:
            self.stream.write("\nstopping: the running work units finish and are kept (Ctrl-C again to stop at "
                              "once)\n")
            self.stream.flush()
        else:
            raise KeyboardInterrupt

    def __exit__(self, *exc):
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)
        return False


LOST_AGAIN = ("stopped: a worker process ended abruptly again (killed, or out of memory?) while playing work units "
              "already played again once")


def _run_pool(units, jobs, take, run=None, stream=None):
    """The units on `jobs` worker processes. A worker that dies (killed, out of memory) breaks the pool: the
    units that had not finished are played again, once, on a new pool (each game's seed is fixed, so the records
    are the same). When a unit that was already played again is lost again, the run stops: the games finished
    so far are kept and `run.lost` says why."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool
    stream = stream if stream is not None else sys.stderr
    todo = list(enumerate(units))
    again: set[int] = set()      # the units already played again once
    with Stop(stream) as stop:
        while todo:
            pool = ProcessPoolExecutor(max_workers=jobs, initializer=_quiet_worker)
            lost: list[int] = []
            stopped = False
            try:
                futures = {pool.submit(run_unit, u): i for i, u in todo}
                pending = set(futures)
                while pending:
                    done, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
                    for fut in done:
                        if fut.cancelled():
                            continue
                        try:
                            result = fut.result()
                        except BrokenProcessPool:
                            lost.append(futures[fut])
                            continue
                        take(result)
                    if stop.requested and not stopped:
                        stopped = True
                        for fut in pending:
                            fut.cancel()
                        pending = {f for f in pending if not f.cancelled()}
            except KeyboardInterrupt:   # the second Ctrl-C: the workers are stopped where they are
                for proc in list((getattr(pool, "_processes", None) or {}).values()):
                    proc.terminate()
                pool.shutdown(wait=True, cancel_futures=True)
                raise
            pool.shutdown()
            if stopped:
                raise KeyboardInterrupt
            if not lost:
                return
            if again.intersection(lost):
                if run is not None:
                    run.lost = LOST_AGAIN
                return
            again.update(lost)
            todo = [(i, units[i]) for i in sorted(lost)]
            units_are = f"{len(lost)} unfinished work unit is" if len(lost) == 1 else \
                f"{len(lost)} unfinished work units are"
            stream.write(f"\na worker process ended abruptly (killed, or out of memory?): its {units_are} played "
                         "again\n")
            stream.flush()
