"""Bots think off the UI: in a worker process (a long search never holds the UI's interpreter lock), or on a
worker thread when a process cannot be started. The UI thread takes the bot's inputs and collects a Future
whose result is the chosen Action.

The worker heals: when its process dies (killed for want of memory, or by hand), the pool that held it is
dropped, a fresh one is started, and the decision is asked again from the same inputs — the view, the legal
actions and the seed of the bot's stream — so the bot makes the same move it would have made. A decision whose
fresh workers die as well (`RESPAWNS` of them) is taken on a thread, as every later one is."""
from __future__ import annotations

import logging
import multiprocessing
import threading
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor, ThreadPoolExecutor

from ..bots import worker
from ..bots.base import decide

log = logging.getLogger(__name__)

RESPAWNS = 2     # fresh worker processes one decision may start after its worker died, before it goes to a thread

_procs: ProcessPoolExecutor | None = None
_threads: ThreadPoolExecutor | None = None
_use_threads = False
_lock = threading.Lock()   # a dead worker is noticed on the pool's own thread, the next decision on the UI's


def _process_pool() -> ProcessPoolExecutor | None:
    global _procs, _use_threads
    with _lock:
        if _procs is None and not _use_threads:
            try:
                # spawn: the worker starts clean (no SDL, no window state inherited from this process)
                # watch_parent: the worker ends with this process, however it ends
                _procs = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=worker.watch_parent)
                _procs.submit(worker.warm_up)
            except (OSError, ValueError, RuntimeError, BrokenExecutor):
                log.warning("no bot worker process; the bots decide on a thread", exc_info=True)
                _procs = None
                _use_threads = True
        return _procs


def _discard(pool: ProcessPoolExecutor) -> None:
    """Forget a pool whose worker died (the next decision starts a fresh one); it is shut down without waiting."""
    global _procs
    with _lock:
        if _procs is pool:
            _procs = None
    try:
        pool.shutdown(wait=False, cancel_futures=True)
    except Exception:   # a broken pool may be half torn down already; nothing of it is needed any more
        log.debug("shutting down a broken bot worker pool", exc_info=True)


def _give_up_processes() -> None:
    global _use_threads
    with _lock:
        _use_threads = True


def _thread_pool() -> ThreadPoolExecutor:
    global _threads
    with _lock:
        if _threads is None:
            _threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="piratetable-bot")
        return _threads


def think(match, seat: int) -> Future:
    """Start the bot of `seat` deciding from its view, the legal actions and its own stream (taken here)."""
    view, legal, rng = match.bot_inputs(seat)
    level = match.seats[seat].bot
    cfg = match.config
    job = (cfg.text, cfg.path, cfg.variant, level, seat, view, [str(a) for a in legal], match.bot_stream_seed(seat))
    outer: Future = Future()

    def on_thread() -> None:
        _thread_pool().submit(decide, match.game, level, seat, view, list(legal), rng) \
            .add_done_callback(lambda g: _relay(g, outer))

    def worker_died(pool: ProcessPoolExecutor, respawns: int) -> None:
        _discard(pool)
        if respawns > 0:
            log.warning("the bot worker process ended; asking the decision of seat %d again in a new one", seat)
            attempt(respawns - 1)
        else:
            log.warning("the bot worker process keeps ending; the bots decide on a thread from now on")
            _give_up_processes()
            on_thread()

    def attempt(respawns: int) -> None:
        procs = _process_pool()
        if procs is None:
            on_thread()
            return
        try:
            inner = procs.submit(worker.decide, *job)
        except (BrokenExecutor, RuntimeError):   # it died between two decisions (or was just dropped)
            worker_died(procs, respawns)
            return

        def done(f: Future) -> None:
            if f.cancelled():   # the app is closing
                outer.cancel()
                return
            try:
                outer.set_result(match.game.parse_action(f.result()))
            except BrokenExecutor:
                worker_died(procs, respawns)
            except Exception:
                log.info("the bot worker could not decide; deciding on a thread", exc_info=True)
                # The game may be one registered only in this process: decide here instead, on a thread; a
                # bot's own bug then surfaces from there.
                on_thread()

        inner.add_done_callback(done)

    attempt(RESPAWNS)
    return outer


def _relay(source: Future, target: Future) -> None:
    if source.cancelled():
        target.cancel()
        return
    exc = source.exception()
    if exc is not None:
        target.set_exception(exc)
    else:
        target.set_result(source.result())


def shutdown() -> None:
    global _procs, _threads, _use_threads
    with _lock:
        procs, threads = _procs, _threads
        _procs = _threads = None
        _use_threads = False
    if procs is not None:
        procs.shutdown(wait=False, cancel_futures=True)
    if threads is not None:
        threads.shutdown(wait=False, cancel_futures=True)
