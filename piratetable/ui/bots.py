"""Bots think on a worker thread: the UI thread hands over the bot's inputs and collects a Future."""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from ..engine.match import choose_with

_pool: ThreadPoolExecutor | None = None


def pool() -> ThreadPoolExecutor:
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="piratetable-bot")
    return _pool


def think(match, seat: int) -> Future:
    """Start the bot of `seat` deciding. The inputs (view, legal actions, the bot's own random stream) are
    taken here, on the UI thread; the worker only runs the bot on them."""
    view, legal, rng = match.bot_inputs(seat)
    level = match.seats[seat].bot
    return pool().submit(choose_with, match.game, level, seat, view, list(legal), rng)


def shutdown() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
