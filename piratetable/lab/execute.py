"""Running work units (`lab/units.py`): in this process (`--jobs 1`), in worker processes (`--jobs N`) or on a
Dask cluster (`--cluster`, `lab/cluster.py`). Every backend returns the same records (each game's seed is
`SEED/g`), merged in game order per cell: the figures are identical whatever ran them."""
from __future__ import annotations

import signal
import sys
import time

from .stop import Stop
from .units import run_unit


def _quiet_worker():
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the parent's: it stops the run and reports


class Run:
    """The merged outcome of a batch of units: records per cell (in game order), the workers' costs, whether
    it was interrupted, wall and parent CPU seconds.

    Each worker's entry says what it played and when: `games`, `cpu` (seconds), `busy` (wall seconds playing)
    and `finished` (seconds after the run began when its last unit ended). `last_start` is when the last unit
    began: a worker that finished before it sat idle while a unit waited — with units handed out as workers
    free up, none does (`tests/lab/test_execute.py`)."""

    def __init__(self, cells: int):
        self.records: list[list[dict]] = [[] for _ in range(cells)]
        self.workers: dict[tuple, dict] = {}
        self.interrupted = False
        self.lost: str | None = None    # why the run stopped early when worker processes were lost (else None)
        self.seconds = 0.0
        self.parent_cpu = 0.0
        self.began = time.time()
        self.last_start = 0.0

    def take(self, cell: int, part: list[dict], spent: dict) -> None:
        self.records[cell].extend(part)
        key = (spent.get("host", ""), spent["pid"])
        w = self.workers.setdefault(key, {"pid": spent["pid"], "host": spent.get("host", ""), "cpu": 0.0,
                                          "games": 0, "busy": 0.0, "finished": 0.0})
        w["cpu"] += spent["cpu"]
        w["games"] += spent["games"]
        if "start" in spent:   # (a unit of an older version, on a cluster, may not say)
            w["busy"] += spent["end"] - spent["start"]
            w["finished"] = max(w["finished"], spent["end"] - self.began)
            self.last_start = max(self.last_start, spent["start"] - self.began)

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
