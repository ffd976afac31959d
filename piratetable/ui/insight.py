"""Hints, odds and explanations at the table, off the UI thread.

A hint is the `hard` bot's decision (at most a second or two), so it runs on a worker thread of its own, started
from the inputs a bot of the seat would receive (`match.bot_inputs`, `match.bot_stream_seed`): the view of the
seat at the screen only. The sentences come from `piratetable/insight/words.py`."""
from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor

from .. import insight

log = logging.getLogger(__name__)

_pools: dict[str, ThreadPoolExecutor] = {}


def _threads(kind: str = "hint") -> ThreadPoolExecutor:
    """One worker thread for hints, one for explanations (a hint never waits behind a bot's reasons) and one
    for replaying a record to an old decision (it waits for the explanation it asks for)."""
    pool = _pools.get(kind)
    if pool is None:
        pool = _pools[kind] = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"piratetable-{kind}")
    return pool


def ask_hint(match, seat: int) -> Future:
    """Start the hint for `seat` (the seat at the screen, whose turn it is): a Future of an `insight.Hint`."""
    view, legal, _rng = match.bot_inputs(seat)
    seed = match.bot_stream_seed(seat)
    return _threads().submit(insight.hint, match.game, view, list(legal), seat, seed)


def ask_explain(match, seat: int, action) -> Future:
    """Start the explanation of the move `action` that the bot of `seat` is about to play (its own inputs and
    its level, so the reason shows the figures that bot weighed)."""
    view, legal, _rng = match.bot_inputs(seat)
    seed = match.bot_stream_seed(seat)
    return _threads("explain").submit(insight.explain, match.game, view, list(legal), seat, action, seed,
                                      match.seats[seat].bot)


def ask_explain_past(match, index: int) -> Future:
    """The reasons of decision `index`, a bot's, worked out again from the record — after a Resume or a Load, or
    once the live explanation was dropped: the record is taken here (cheap), the match replayed to that decision
    on a thread of its own, and the reasons asked exactly as for a live move (`ask_explain` on the match as it
    stood: that bot's view, legal actions and stream)."""
    decision = match.decision(index)
    return _threads("past").submit(_explain_past, decision)


def _explain_past(decision):
    past = decision.replay()
    return ask_explain(past, decision.seat, decision.action).result()


def odds_for(match, seat: int, positions=None):
    """The odds for the seat at the screen from its own view (None: nothing to weigh). Piraten Kapern's are the
    odds of the dice chosen (`positions`), or the typed answer why they make no re-roll: never another choice's."""
    options = {}
    gid = match.game.id
    if gid == "piraten_kapern":
        options["positions"] = tuple(sorted(positions or ()))
    if gid == "petrangola":
        options["seed"] = match.bot_stream_seed(seat)
    try:
        return insight.odds(match.game, match.view(seat), seat, **options)
    except Exception:   # a bug, never a player's choice: the table goes on without its odds line (the explorer
        log.error("no odds for seat %d with %s", seat, options, exc_info=True)   # fails on this log line)
        return None


def shutdown() -> None:
    for pool in _pools.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _pools.clear()
