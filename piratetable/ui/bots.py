"""Bots think off the UI: in a worker process (a long search never holds the UI's interpreter lock), or on a
worker thread when a process cannot be started. The UI thread takes the bot's inputs and collects a Future
whose result is the chosen Action."""
from __future__ import annotations

import logging
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor

from ..bots import worker
from ..bots.base import decide

log = logging.getLogger(__name__)

_procs: ProcessPoolExecutor | None = None
_threads: ThreadPoolExecutor | None = None
_use_threads = False


def _process_pool() -> ProcessPoolExecutor | None:
    global _procs, _use_threads
    if _procs is None and not _use_threads:
        try:
            # spawn: the worker starts clean (no SDL, no window state inherited from this process)
            # watch_parent: the worker ends with this process, however it ends
            _procs = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                         initializer=worker.watch_parent)
            _procs.submit(worker.warm_up)
        except (OSError, ValueError, RuntimeError):
            _use_threads = True
    return _procs


def _thread_pool() -> ThreadPoolExecutor:
    global _threads
    if _threads is None:
        _threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="piratetable-bot")
    return _threads


def think(match, seat: int) -> Future:
    """Start the bot of `seat` deciding from its view, the legal actions and its own stream (taken here)."""
    view, legal, rng = match.bot_inputs(seat)
    level = match.seats[seat].bot
    procs = _process_pool()
    if procs is not None:
        cfg = match.config
        inner = procs.submit(worker.decide, cfg.text, cfg.path, cfg.variant, level, seat, view,
                             [str(a) for a in legal], match.bot_stream_seed(seat))
        outer: Future = Future()

        def done(f: Future) -> None:
            global _use_threads
            try:
                outer.set_result(match.game.parse_action(f.result()))
            except Exception as exc:
                log.info("the bot worker could not decide; deciding on a thread", exc_info=True)
                # The worker could not decide (its process broke, or the game is one registered only in this
                # process): decide here instead, on a thread; a bot's own bug then surfaces from there.
                if "BrokenProcessPool" in type(exc).__name__:
                    _use_threads = True
                _thread_pool().submit(decide, match.game, level, seat, view, list(legal), rng) \
                    .add_done_callback(lambda g: _relay(g, outer))

        inner.add_done_callback(done)
        return outer
    return _thread_pool().submit(decide, match.game, level, seat, view, list(legal), rng)


def _relay(source: Future, target: Future) -> None:
    exc = source.exception()
    if exc is not None:
        target.set_exception(exc)
    else:
        target.set_result(source.result())


def shutdown() -> None:
    global _procs, _threads
    if _procs is not None:
        _procs.shutdown(wait=False, cancel_futures=True)
        _procs = None
    if _threads is not None:
        _threads.shutdown(wait=False, cancel_futures=True)
        _threads = None
